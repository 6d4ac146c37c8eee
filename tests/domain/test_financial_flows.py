"""Figure questions that name a cash movement, a company's segment or a change in dollars
(issue 35, session 30): "proceeds from sales of PP&E", "purchases of marketable securities",
"cash paid for income taxes" ask for a cash flow, never the balance or the income statement's
figure of the item moved; a segment's figure is no consolidated row; "lease liabilities" is
a line item, no lease agreement. Variants are generated (names, case, "&", wording) and run
as a deterministic sample of their product."""

from __future__ import annotations

import itertools

import pytest
import yaml

from domain import (
    LEXICON_DIR,
    concept_of_label,
    concepts_asked,
    dollar_change_asked,
    heads_line_item,
    metric_asked,
    segment_asked,
)
from skill import QuestionReader

_COMPANIES = ["3M", "Best Buy", "AT&T", "acme corp", "Procter & Gamble"]
# a cash movement written before the item it moves, or right after it ("marketable
# securities purchases", "debt repayment"), a company's possessive anywhere between
_FLOWS = [
    "What were {co}'s proceeds from sales of {item} in FY2019?",
    "what were {co}'s proceeds from the sale of {item} in fy2019",
    "What were the proceeds from the sale of {co}'s {item} in FY2019?",
    "How much did {co} spend on purchases of {item} in 2019, in USD millions?",
    "What was {co}'s FY2019 purchase of {item}?",
    "What were {co}'s repayments of {item} in FY2019?",
    "How much cash did {co} pay for {item} in FY2019?",
    "How much did {co} pay in {item} in FY2019 (USD millions)?",
    "What were {co}'s {item} purchases in FY2019?",
    "what was {co}'s total {item} repayment in fy2019",
]
# items a balance sheet or an income statement prints, and the concept each names alone
_ITEMS = {
    "PP&E": "ppe_net",
    "marketable securities": "short_term_investments",
    "long-term debt": "long_term_debt",
    "income taxes": "income_tax",
    "goodwill": "goodwill",
    "inventories": "inventories",
    "short-term investments": "short_term_investments",
}
_PRODUCT = list(itertools.product(_COMPANIES, _FLOWS, _ITEMS))


@pytest.mark.parametrize(("co", "form", "item"), _PRODUCT[::9])
def test_a_cash_movement_of_an_item_is_not_the_items_balance(co: str, form: str, item: str) -> None:
    # the item asked alone names its concept (the check below is no vacuous pass) ...
    alone = f"What was {co}'s {item} in FY2019?"
    assert _ITEMS[item] in [c.name for c in concepts_asked(alone)], alone
    # ... and moved by a flow word names no balance nor income statement figure
    question = form.format(co=co, item=item)
    asked = concepts_asked(question)
    assert all(c.statement == "cash_flow" for c in asked), (question, [c.name for c in asked])
    assert metric_asked(question) is None or "debt" not in item, question


@pytest.mark.parametrize(
    ("question", "concept"),
    [
        # a flow word with no link before the item is another item's ("dividends paid")
        ("What were 3M's dividends paid and net income in FY2018?", "net_income"),
        ("What were Best Buy's net sales in FY2019?", "revenue"),
        (
            "What was Amazon's FY2019 capital expenditure (purchases of property and equipment)?",
            "capital_expenditure",
        ),
        ("How much did Amcor pay in dividends in FY2023?", "dividends_paid"),
        ("What were acme's total inventories at the end of FY2019?", "inventories"),
    ],
)
def test_items_asked_as_themselves_keep_their_concept(question: str, concept: str) -> None:
    assert concept in [c.name for c in concepts_asked(question)], question


@pytest.mark.parametrize(
    ("label", "concept"),
    [
        ("Stock-based compensation", "stock_based_compensation"),
        ("Share-based compensation expense", "stock_based_compensation"),
        ("Proceeds from sale of PP&E and other assets", "ppe_sale_proceeds"),
        ("Proceeds from property and equipment sales and incentives", "ppe_sale_proceeds"),
        ("Proceeds from sales of property, plant and equipment", "ppe_sale_proceeds"),
        ("Cash paid for income taxes, net of refunds", "income_taxes_paid"),
        ("Income taxes paid", "income_taxes_paid"),
        ("Interest paid, net of amounts capitalized", "interest_paid"),
    ],
)
def test_the_cash_flow_rows_of_the_new_concepts(label: str, concept: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == concept, label


@pytest.mark.parametrize(
    ("question", "concept"),
    [
        (
            "How much did Amazon spend on stock-based compensation in FY2019?",
            "stock_based_compensation",
        ),
        ("what was at&t's share-based compensation in fy2019", "stock_based_compensation"),
        ("What were 3M's proceeds from sales of PP&E in FY2018?", "ppe_sale_proceeds"),
        (
            "What were Procter & Gamble's proceeds from the sale of property, plant and "
            "equipment in 2019?",
            "ppe_sale_proceeds",
        ),
        ("How much cash did Amazon pay for income taxes in FY2019?", "income_taxes_paid"),
        ("How much did Best Buy pay in income taxes in FY2023?", "income_taxes_paid"),
        ("What was acme's cash paid for interest in fiscal 2022?", "interest_paid"),
    ],
)
def test_the_new_concepts_asked(question: str, concept: str) -> None:
    assert [c.name for c in concepts_asked(question)] == [concept], question


@pytest.mark.parametrize(
    ("question", "segment"),
    [
        ("What were the net sales of 3M's Safety and Graphics segment in FY2018?", True),
        ("How much goodwill did Adobe carry in its Digital Media segment in fiscal 2022?", True),
        ("what was the operating income of at&t's mobility division in 2019", True),
        ("What were Acme's revenues by reportable segments in FY2020?", True),
        ("What were 3M's net sales in FY2018?", False),
        ("How much goodwill did Adobe carry at the end of fiscal 2022?", False),
    ],
)
def test_a_segments_figure_is_asked(question: str, segment: bool) -> None:
    assert segment_asked(question) is segment


_READER = QuestionReader(["Best Buy", "Adobe", "AT&T", "Procter & Gamble"])


@pytest.mark.parametrize(
    "question",
    [
        "What were Best Buy's long-term operating lease liabilities at the end of FY2023?",
        "what were adobe's lease liabilities in fy2022",
        "What were AT&T's finance lease liabilities as of December 31, 2019?",
        "What were Procter & Gamble's operating lease assets in FY2020?",
        "What was Adobe's license revenue in FY2015?",
    ],
)
def test_a_line_item_with_an_agreements_word_asks_of_the_company(question: str) -> None:
    reading = _READER.read(question)
    assert reading.type == "legal_entity" and reading.document_type is None, question


def test_a_lease_asked_as_an_agreement_stays_one() -> None:
    assert _READER.read("What is the term of the Best Buy lease?").document_type == (
        "lease_agreement"
    )
    assert heads_line_item("liabilities at the end") and not heads_line_item("between A and B")


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("By how much did 3M's total inventories change from FY2017 to FY2018?", True),
        ("what was the change in at&t's accounts payable between 2018 and 2019", True),
        ("How much did Acme's long-term debt change from fiscal 2019 to fiscal 2020?", True),
        # an adjusted figure the statements do not print, years compared without a span
        (
            "How much was the real change in sales for Amcor in FY 2023 vs FY 2022, if we "
            "exclude the impact of FX movement?",
            False,
        ),
        ("What was the organic change in Acme's revenue from FY2019 to FY2020?", False),
        ("What was Acme's revenue in FY2020?", False),
    ],
)
def test_a_change_in_dollars_over_a_span(question: str, asked: bool) -> None:
    assert dollar_change_asked(question) is asked


# -- session 30 review (fixfin30): a dollar change of one item only, 'on' a word, a segment
# only as the figure's owner, an agreement kept unless a statement's line item is named

_CHANGE_ITEMS = {
    "revenue": "revenue",
    "inventories": "inventories",
    "net income": "net_income",
    "cash and cash equivalents": "cash",
}
# a change set against something else, or of two items: no change in dollars
_RATIO_CHANGES = [
    "What is the change in {co}'s {item} from FY2021 to FY2022 divided by its total assets?",
    "what is the change in {co}'s {item} from fy2021 to fy2022 as a multiple of net income",
    "By how much did {co}'s {item} and accounts payable change from FY2018 to FY2019?",
    "What is the change in {co}'s {item} from FY2021 to FY2022 relative to FY2021?",
    "What was the change in {item} for {co} from FY2021 to FY2022, as a proportion of its "
    "FY2021 {item}?",
    "How much did {co}'s {item} change from FY2021 to FY2022 in relative terms?",
    "What was the change in {co}'s {item} from FY2021 to FY2022 in basis points?",
    "What was the change in {co}'s {item} between 2019 and 2020 over its total assets?",
]
_RATIO_PRODUCT = list(itertools.product(_COMPANIES, _RATIO_CHANGES, _CHANGE_ITEMS))


@pytest.mark.parametrize(("co", "form", "item"), _RATIO_PRODUCT[::7])
def test_a_change_set_against_another_figure_is_no_dollar_change(
    co: str, form: str, item: str
) -> None:
    # the reader computes a change in dollars of exactly one item the change asks of
    question = form.format(co=co, item=item)
    asked = concepts_asked(question)
    assert not dollar_change_asked(question) or len(asked) != 1, (
        question,
        [c.name for c in asked],
    )


@pytest.mark.parametrize(("co", "item"), list(itertools.product(_COMPANIES, _CHANGE_ITEMS))[::3])
def test_a_change_of_one_item_is_its_dollar_change(co: str, item: str) -> None:
    question = f"By how much did {co}'s {item} change from FY2018 to FY2019?"
    assert dollar_change_asked(question), question
    assert [c.name for c in concepts_asked(question)] == [_CHANGE_ITEMS[item]], question


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _scalars(node: object) -> list[object]:
    if isinstance(node, dict):
        return [s for v in node.values() for s in _scalars(v)]
    if isinstance(node, list):
        return [s for v in node for s in (_scalars(v) if isinstance(v, dict | list) else [v])]
    return []


def test_no_lexicon_list_holds_a_word_yaml_reads_otherwise() -> None:
    # YAML reads a bare on / off / yes / no as a boolean: every list entry of every lexicon
    # file is a word or a number, never a boolean nor a null
    for path in sorted(LEXICON_DIR.glob("*.yaml")):
        odd = [
            v
            for v in _scalars(yaml.load(path.read_text(), Loader=_LOADER))
            if v is None or v is True or v is False
        ]
        assert not odd, (path.name, odd)


@pytest.mark.parametrize(
    "question",
    [
        "What was the payment on long-term debt by Amcor in FY2022?",
        "what were best buy's payments on long-term debt in fy2022",
        "How much did 3M pay on its long-term debt in FY2019?",
    ],
)
def test_a_payment_on_an_item_is_no_balance(question: str) -> None:
    assert "long_term_debt" not in [c.name for c in concepts_asked(question)], question


# a segment word that names no segment owning the figure
_COMPANY_SEGMENTS = [
    "What was {co}'s total revenue across all segments in FY2021?",
    "What is the total revenue of all of {co}'s business segments combined in FY2022?",
    "What were total net sales for {co}, which reports Domestic and International segments, "
    "in FY2022?",
    "what was {co}'s revenue from all reportable segments in fy2021",
    "What was the revenue of Division Holdings Inc in FY2021?",
]
# a segment named as the figure's owner
_OWNED_SEGMENTS = [
    "What were the net sales of {co}'s Safety and Graphics segment in FY2018?",
    "what was the operating income of {co}'s mobility division in 2019",
    "What was the revenue of the Consumer & Commercial segment of {co} in FY2021?",
    "What was the Health Care division's revenue at {co} in FY2020?",
    "what were {co}'s revenues by reportable segment in fy2020",
    "What was the operating income of each {co} segment in FY2020?",
]


@pytest.mark.parametrize(
    ("co", "form"),
    list(itertools.product(_COMPANIES, _COMPANY_SEGMENTS + _OWNED_SEGMENTS))[::3],
)
def test_only_a_named_segment_owns_the_figure(co: str, form: str) -> None:
    question = form.format(co=co)
    assert segment_asked(question) is (form in _OWNED_SEGMENTS), question


@pytest.mark.parametrize(
    ("question", "document_type"),
    [
        ("What does the license cost?", "license_agreement"),
        ("What are the lease costs?", "lease_agreement"),
        ("Can the tenant assign the lease assets to an affiliate?", "lease_agreement"),
        ("does the license income clause survive termination", "license_agreement"),
        ("What is the rent under the lease assets agreement?", "lease_agreement"),
        ("Who pays the lease liabilities clause costs?", "lease_agreement"),
    ],
)
def test_an_agreements_word_before_other_words_stays_an_agreement(
    question: str, document_type: str
) -> None:
    assert _READER.read(question).document_type == document_type, question
