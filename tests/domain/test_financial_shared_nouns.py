"""Review of fb38 (session 38, D3 and D4): "cash" read as an item of its own where it
modifies a noun both sides of "and" share, and a qualifier read as the company's name inside
a cash flow's phrase.

D3: "What were 3M's cash and stock dividends in FY2018?" had the cash balance added as
"cash"; "cash and non-cash interest expense" named nothing. "cash" is an item of its own only
where the conjunct after its joining word is a whole concept of its own that forms no known
phrase with it (financial.yaml `item_word_phrases`: "cash dividends", "cash compensation",
"cash interest"). Twins: the same list with a whole concept (cash asked) and with a shared
noun (cash not asked, the other item still), over companies, casing, "&", "as well as".

D4: "How much cash did operating activities of discontinued operations provide at Best Buy?"
was read as the company's operating cash flow. The gap between the activity and its verb
holds the company's name only: never a qualifier (financial.yaml `gap_qualifiers`, a segment
word) and, where the company is known, only one of its names or a run of a name's words."""

from __future__ import annotations

import itertools

import pytest

from domain import concepts_asked

_COMPANIES = ["3M", "Acme Corp", "AT&T", "procter & gamble", "Harbor Freight's"]
_FORMS = [
    "What were {co}'s cash and {item} in FY2018?",
    "what were {co}'s cash & {item} in fiscal 2019",
    "What were the cash as well as {item} of {co} in FY2020?",
    "How much cash and {item} did {co} report for 2021?",
]
# a whole concept after "cash and": cash is asked too
_OWN = [("total assets", "total_assets"), ("revenue", "revenue"), ("net income", "net_income")]
# a conjunct whose noun "cash" shares: cash is no item, the conjunct's concept still is
_SHARED = [
    ("stock dividends", "dividends_paid"),
    ("non-cash interest expense", "interest_expense"),
    ("cash interest expense", "interest_expense"),
    ("stock-based compensation", "stock_based_compensation"),
    ("non-cash revenue", "revenue"),
    ("interest expense", "interest_expense"),
]


def _twins() -> list[tuple[str, str, str, str]]:
    cases = []
    for i, (co, form) in enumerate(itertools.product(_COMPANIES, _FORMS)):
        co = co.removesuffix("'s") if "{co}'s" in form else co
        own, own_concept = _OWN[i % len(_OWN)]
        shared, shared_concept = _SHARED[i % len(_SHARED)]
        item = form.format(co=co, item=own)
        modifier = form.format(co=co, item=shared)
        if i % 4 == 1:
            item, modifier = item.lower(), modifier.upper()
        elif i % 4 == 2:
            item, modifier = item.upper(), modifier.lower()
        cases.append((item, own_concept, modifier, shared_concept))
    return cases


@pytest.mark.parametrize(("item", "own", "modifier", "shared"), _twins())
def test_cash_is_an_item_only_before_a_whole_concept_of_its_own(
    item: str, own: str, modifier: str, shared: str
) -> None:
    assert {c.name for c in concepts_asked(item)} == {"cash", own}, item
    assert [c.name for c in concepts_asked(modifier)] == [shared], modifier


_ACTIVITIES = {
    "operating": "cash_from_operations",
    "investing": "cash_from_investing",
    "financing": "cash_from_financing",
}
_QUALIFIERS = [
    "of discontinued operations",
    "of continuing operations",
    "of the joint venture",
    "of its subsidiaries",
    "of the Retail segment",
    "at the Domestic division",
]
_GAP_FORMS = [
    "How much cash did {act} activities {q} provide at {co} in FY2017?",
    "how much cash did {co}'s {act} activities {q} generate in fiscal 2018",
    "What amount did {act} activities {q} use at {co} in FY2019?",
]
# the company as the skill knows it: its name, a run of whose words the question may write
_NAMES = {
    "Best Buy": ("Best Buy Co., Inc.",),
    "3M": ("3M Company",),
    "AT&T": ("AT&T Inc.",),
    "procter & gamble": ("The Procter & Gamble Company",),
}


@pytest.mark.parametrize(
    ("act", "q", "form", "co"),
    list(itertools.product(_ACTIVITIES, _QUALIFIERS, _GAP_FORMS, _NAMES))[::13],
)
def test_a_qualifier_inside_a_cash_flow_phrase_is_no_company(
    act: str, q: str, form: str, co: str
) -> None:
    question = form.format(act=act, q=q, co=co)
    assert concepts_asked(question) == [], question
    assert concepts_asked(question, company=_NAMES[co]) == [], question
    # the company's own name there is read through, its short form too
    plain = form.format(act=act, q=f"at {co}", co=co).replace(f"{co}'s ", "")
    assert [c.name for c in concepts_asked(plain, company=_NAMES[co])] == [_ACTIVITIES[act]]


@pytest.mark.parametrize(
    ("act", "segment", "co"),
    list(itertools.product(_ACTIVITIES, ["Domestic", "Safety and Graphics", "Geek Squad"], _NAMES))[
        ::7
    ],
)
def test_a_segment_named_without_its_word_is_no_company_where_the_company_is_known(
    act: str, segment: str, co: str
) -> None:
    question = f"How much cash did {act} activities of {segment} provide at {co} in FY2017?"
    assert concepts_asked(question, company=_NAMES[co]) == [], question
