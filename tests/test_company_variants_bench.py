"""bench/company_variants (issue 33, item 5, the company side): each FinanceBench company is
asked by the name its year's cover prints, split as bench.financebench splits companies, and
no absent variant names a registrant."""

from __future__ import annotations

import pytest

from bench.company_variants import PRESENT, TEMPLATES, absent, companies
from bench.finance_questions import DEVELOPMENT

_DOCS = [
    {"doc_name": "ACME_2015_10K", "company": "Acme", "doc_type": "10k", "doc_period": 2015},
    {"doc_name": "ACME_2022_10K", "company": "Acme", "doc_type": "10k", "doc_period": 2022},
    {"doc_name": "ACME_2023Q2_10Q", "company": "Acme", "doc_type": "10q", "doc_period": 2023},
    {"doc_name": "3M_2018_10K", "company": "3M", "doc_type": "10k", "doc_period": 2018},
]


def _gold(document: str, registrant: str, attribute: str, value: str) -> dict[str, str]:
    return {"document": document, "registrant": registrant, "attribute": attribute, "value": value}


_GOLD = [
    _gold("ACME_2015_10K.pdf", "Acme Systems Incorporated", "ticker", "ACME"),
    _gold("ACME_2022_10K.pdf", "Acme Inc.", "auditor", "Zeta & Co. LLP"),
    _gold("ACME_2022_10K.pdf", "Acme Inc.", "subsidiary", "Acme Holdings B.V."),
    _gold("ACME_2022_10K.pdf", "Acme Inc.", "subsidiary", "Orbit Widgets GmbH"),
    _gold("3M_2018_10K.pdf", "3M Company", "auditor", "Alpha LLP"),
]


def test_the_registrant_is_the_name_the_years_10k_cover_prints() -> None:
    acme, three_m = companies(_DOCS, _GOLD)
    # the latest 10-K's year (not the 10-Q's), its cover's name first, the former kept
    assert acme["year"] == 2022 and acme["registrants"] == [
        "Acme Inc.",
        "Acme Systems Incorporated",
    ]
    assert acme["tickers"] == ["ACME"] and three_m["registrant"] == "3M Company"
    assert acme["split"] == ("development" if "Acme" in DEVELOPMENT else "held_out")
    assert three_m["split"] == "development"


@pytest.mark.parametrize("kind", sorted(TEMPLATES))
def test_no_absent_variant_names_a_registrant_and_a_mention_is_no_subsidiary_of_its_name(
    kind: str,
) -> None:
    acme = companies(_DOCS, _GOLD)[0]
    asked = dict(absent(acme, kind))
    for question in asked.values():
        assert "acme inc" not in question.lower() and "acme's" not in question.lower()
    # the auditor and the subsidiary whose name does not open with the company's
    assert "Zeta & Co. LLP" in asked["auditor named"]
    assert "Orbit Widgets GmbH" in asked["subsidiary named"]


def test_present_variants_write_the_forms_the_issue_names() -> None:
    acme = companies(_DOCS, _GOLD)[0]
    figure = {name: make(acme, "figure") for name, make in PRESENT.items()}
    assert figure["ticker"] == "What was ACME's total revenue in FY2022?"
    assert figure["other legal form"] == "What was Acme Incorporated's total revenue in FY2022?"
    assert figure["figure, fiscal {year}"] == "What was Acme Inc.'s total revenue in fiscal 2022?"
    assert figure["figure, FY{yy}"] == "What was Acme Inc.'s total revenue in FY22?"
    assert figure["of company"] == "What was the total revenue of Acme Inc. in FY2022?"
    assert PRESENT["figure, {year}"](acme, "fact") is None
