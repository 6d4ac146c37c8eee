"""The FinanceBench bench's scoring (bench/financebench.py): a company's answer quoting another
company's filing is counted (issue 33: a company's facts come from its own filings only)."""

from __future__ import annotations

from bench.financebench import cites_other_company, table


def _body(*documents: str) -> dict[str, object]:
    return {"evidence": [{"quote": "q", "source_location": {"document": d}} for d in documents]}


def test_a_quote_from_another_companys_filing_is_counted() -> None:
    q = {"doc_name": "3M_2018_10K"}
    assert not cites_other_company(q, _body("3M_2018_10K.pdf", "3M_2019_10K.pdf"))
    assert cites_other_company(q, _body("3M_2018_10K.pdf", "CORNING_2019_10K.pdf"))
    assert not cites_other_company(q, {"terminal_state": "SUBJECT_NOT_FOUND"})


def test_the_table_counts_them_per_split() -> None:
    rows = [
        {"split": "development", "outcome": "refused", "other_company": True},
        {"split": "held_out", "outcome": "refused", "other_company": False},
    ]
    assert table(rows).splitlines()[-1] == (
        "answers quoting another company's filing (target 0): development 1, held_out 0"
    )
