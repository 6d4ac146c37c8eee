"""Two concepts asked where one is a row's one word ("What were 3M's cash and total assets in
FY2018?" read total assets only), and a cash flow asked with the company between its
activity and the verb ("How much cash did operating activities at Acme provide?" read
nothing) (issue 35, session 38). "cash" standing as an item of its own among the items
asked names the cash balance; the same word a linking word or a qualifier makes another
item's ("net change in cash", "cash dividends") does not. Variants generated over names
(possessives, "&", lower case, short names), orders and joining words; the words are
financial.yaml's (item_words, item_starts, gap_nouns, gap_openers, gap_verbs)."""

from __future__ import annotations

import itertools

import pytest

from domain import concepts_asked

_COMPANIES = ["3M", "Acme Corp", "AT&T", "procter & gamble", "Best Buy"]
# a question listing cash among other items; {cash} is the word, {qualified} what replaces it
# in the twin question whose "cash" is another item's word
_LISTS = [
    ("What were {co}'s {cash} and total assets in FY2018?", {"total_assets"}),
    ("what were {co}'s total assets and {cash} in fy2019", {"total_assets"}),
    ("What was {co}'s revenue, {cash}, and net income in 2019?", {"revenue", "net_income"}),
    ("How much {cash} and inventory did {co} hold at the end of FY2020?", {"inventories"}),
    (
        "{cash} & total current liabilities of {co}, as of December 31, 2019?",
        {"current_liabilities"},
    ),
    ("What were the {cash} as well as total assets of {co} in fiscal 2021?", {"total_assets"}),
]
# the same word as another item's: qualified ("cash dividends") or linked ("change in cash")
_OTHER_ITEMS = ["cash dividends", "net change in cash", "free cash flow", "non-cash charges"]


def _listed() -> list[tuple[str, str, set[str]]]:
    cases = []
    for i, (co, (form, others)) in enumerate(itertools.product(_COMPANIES, _LISTS)):
        if i % 2:
            continue
        question = form.format(co=co, cash="cash")
        twin = form.format(co=co, cash=_OTHER_ITEMS[i % len(_OTHER_ITEMS)])
        cases.append((question if i % 4 else question.lower(), twin, others))
    return cases


@pytest.mark.parametrize(("question", "twin", "others"), _listed())
def test_cash_listed_among_the_items_asked_is_asked(
    question: str, twin: str, others: set[str]
) -> None:
    asked = {c.name for c in concepts_asked(question)}
    assert asked == {"cash", *others}, question
    # ... never where the word is another item's
    assert "cash" not in {c.name for c in concepts_asked(twin)}, twin


_GAPS = [
    "How much cash did {act} activities at {co} provide in FY2019?",
    "how much cash did {act} activities of {co} generate in fiscal 2020",
    "How much cash did {act} activities at {co} use in 2021, in USD millions?",
    "What amount did {act} activities at {co} provide in FY2022?",
]
_CONCEPTS = {
    "operating": "cash_from_operations",
    "investing": "cash_from_investing",
    "financing": "cash_from_financing",
}


@pytest.mark.parametrize(
    ("co", "form", "act"), list(itertools.product(_COMPANIES, _GAPS, _CONCEPTS))[::5]
)
def test_a_cash_flow_asked_with_the_company_inside_its_phrase(co: str, form: str, act: str) -> None:
    question = form.format(co=co, act=act)
    assert [c.name for c in concepts_asked(question)] == [_CONCEPTS[act]], question
