"""The financial concepts (domain/lexicon/financial.yaml): loaded, looked up by row label and
by a question's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain import LexiconError, concept_of_label, concepts_asked, financial_concepts


def test_every_concept_is_complete() -> None:
    concepts = financial_concepts()
    assert len(concepts) >= 20
    assert len({c.name for c in concepts}) == len(concepts)
    assert all(c.labels and c.gaap and c.statement for c in concepts)


@pytest.mark.parametrize(
    ("label", "concept"),
    [
        ("Purchases of property, plant and equipment (PP&E)", "capital_expenditure"),
        ("Merchandise inventories", "inventories"),
        ("Total current assets", "current_assets"),
        ("Net cash provided by (used in) operating activities", "cash_from_operations"),
        ("Total net sales", "revenue"),
    ],
)
def test_row_labels(label: str, concept: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == concept


def test_a_label_of_no_concept() -> None:
    assert concept_of_label("Company pension and postretirement contributions") is None


def test_question_words_longest_first() -> None:
    asked = concepts_asked("What is the FY2019 net income attributable to shareholders?")
    # "net income" inside the longer phrase is not a second concept asked
    assert [c.name for c in asked] == ["net_income_to_shareholders"]
    # a one-word label names a row, not a question's concept: "cash dividends" is no cash
    assert [c.name for c in concepts_asked("How much did it pay in cash dividends?")] == [
        "dividends_paid"
    ]
    capex = concepts_asked("What is the FY2018 capital expenditure amount for 3M?")
    assert [c.name for c in capex] == ["capital_expenditure"]
    assert capex[0].sign == "outflow"


def test_a_malformed_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "financial.yaml"
    bad.write_text("concepts:\n  revenue:\n    labels: [revenue]\n    statement: nowhere\n")
    with pytest.raises(LexiconError):
        financial_concepts(bad)
