"""The FinanceBench bench's scoring (bench/financebench.py): a company's answer quoting another
company's filing is counted (issue 33: a company's facts come from its own filings only)."""

from __future__ import annotations

from bench.financebench import cites_other_company, gold_names, table, text_right


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


def _text_body(page: int, *quotes: str) -> dict[str, object]:
    return {
        "conclusion": {"values": [{"value": q} for q in quotes]},
        "evidence": [
            {"quote": q, "source_location": {"document": "ACME_2023_10K.pdf", "page": page}}
            for q in quotes
        ],
    }


def test_a_text_answer_is_right_when_it_states_every_name_of_the_gold() -> None:
    q = {
        "company": "Acme Corp",
        "doc_name": "ACME_2023_10K",
        "answer": "Acme closed two acquisitions in FY 2022: (1) Larkspur Health Ltd and (2) Two"
        " Peaks, LLC d/b/a Yardbird Furniture",
        "evidence": [{"evidence_page_num": 50}],
    }
    assert gold_names(q) == [
        ("larkspur", "health", "ltd"),
        ("two", "peaks"),
        ("llc", "d", "b", "a", "yardbird", "furniture"),
    ]
    both = (
        "we acquired Larkspur Health Ltd.",
        "we acquired Two Peaks, LLC d/b/a Yardbird Furniture",
    )
    assert text_right(q, _text_body(51, *both))
    # one name missing, or another page cited: not right
    assert not text_right(q, _text_body(51, both[0]))
    assert not text_right(q, _text_body(12, *both))
