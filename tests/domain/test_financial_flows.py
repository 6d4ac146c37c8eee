"""Figure questions that name a cash movement, a company's segment or a change in dollars
(issue 35, session 30): "proceeds from sales of PP&E", "purchases of marketable securities",
"cash paid for income taxes" ask for a cash flow, never the balance or the income statement's
figure of the item moved; a segment's figure is no consolidated row; "lease liabilities" is
a line item, no lease agreement. Variants are generated (names, case, "&", wording) and run
as a deterministic sample of their product."""

from __future__ import annotations

import itertools

import pytest

from domain import (
    concept_of_label,
    concepts_asked,
    dollar_change_asked,
    heads_line_item,
    segment_asked,
)
from skill import QuestionReader

_COMPANIES = ["3M", "Best Buy", "AT&T", "acme corp", "Procter & Gamble"]
# a cash movement written before the item it moves
_FLOWS = [
    "What were {co}'s proceeds from sales of {item} in FY2019?",
    "what were {co}'s proceeds from the sale of {item} in fy2019",
    "How much did {co} spend on purchases of {item} in 2019, in USD millions?",
    "What was {co}'s FY2019 purchase of {item}?",
    "What were {co}'s repayments of {item} in FY2019?",
    "How much cash did {co} pay for {item} in FY2019?",
    "How much did {co} pay in {item} in FY2019 (USD millions)?",
]
# items a balance sheet or an income statement prints
_ITEMS = [
    "PP&E",
    "marketable securities",
    "long-term debt",
    "income taxes",
    "goodwill",
    "inventories",
    "short-term investments",
]
_PRODUCT = list(itertools.product(_COMPANIES, _FLOWS, _ITEMS))


@pytest.mark.parametrize(("co", "form", "item"), _PRODUCT[::9])
def test_a_cash_movement_of_an_item_is_not_the_items_balance(co: str, form: str, item: str) -> None:
    question = form.format(co=co, item=item)
    asked = concepts_asked(question)
    assert all(c.statement == "cash_flow" for c in asked), (question, [c.name for c in asked])


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
