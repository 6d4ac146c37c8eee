"""One entity under two names, through EvidenceSkill.ask on real filings: a short name that two
registrants of the knowledge base answer to ("Kestrel" for Kestrel Systems Incorporated's
10-K of 2015 and Kestrel Inc.'s of 2022) is ambiguous, unless a stated identifier makes them
one entity (the same I.R.S. employer number on both covers: a company renamed), and then the
name asked names the one whose name, less its legal form, it is."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, Row, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime

OLD, NEW = "KESTREL SYSTEMS INCORPORATED", "KESTREL INC."
NUMBER = "77-0019522"
_COLS = (60.0, 250.0, 420.0)
QUESTION = "What is Kestrel's I.R.S. employer identification number?"


def _filing(name: str, year: int, number: str) -> bytes:
    """A 10-K whose cover names the registrant over its caption and states its employer
    number, and whose text calls it "Kestrel" (the filing's own short name)."""
    cover: list[Line | Row] = [
        Line("UNITED STATES", bold=True, x=250),
        Line("SECURITIES AND EXCHANGE COMMISSION", bold=True, x=180),
        Line("FORM 10-K", bold=True, x=270, gap=8),
        Line(f"For the fiscal year ended December 31, {year}", x=200, gap=6),
        Line(name, bold=True, x=190, gap=10),
        Line("(Exact name of registrant as specified in its charter)", size=9, x=190),
        Row(("Delaware", "", number), xs=_COLS, gap=10),
        Row(("(State or other jurisdiction of", "", "(I.R.S. Employer"), xs=_COLS, size=9),
        Row(("incorporation or organization)", "", "Identification No.)"), xs=_COLS, size=9),
        *paragraph(
            "Kestrel designs flight control software. Kestrel sells to airlines and airports. "
            "Kestrel employs 1,200 people."
        ),
    ]
    return make_pdf([cover])


@pytest.fixture(scope="module")
def renamed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [("k2015.pdf", _filing(OLD, 2015, NUMBER)), ("k2022.pdf", _filing(NEW, 2022, NUMBER))]
    yield from ingested_runtime(tmp_path_factory, "renamed", files)


@pytest.fixture(scope="module")
def two_companies(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [
        ("k2015.pdf", _filing(OLD, 2015, "12-3456789")),
        ("k2022.pdf", _filing(NEW, 2022, NUMBER)),
    ]
    yield from ingested_runtime(tmp_path_factory, "two", files)


@pytest.mark.slow
def test_one_employer_number_makes_two_names_one_entity(renamed: Any) -> None:
    answer = renamed.skill.ask("kb", QUESTION)
    assert answer.terminal_state == "CONCLUDED"
    # "Kestrel" is the renamed company's short name: its name less its legal form.
    assert [c.name for c in answer.candidate_subjects] == [NEW]
    assert [v.value for v in answer.conclusion.values] == [NUMBER]


@pytest.mark.slow
def test_different_employer_numbers_leave_the_name_ambiguous(two_companies: Any) -> None:
    answer = two_companies.skill.ask("kb", QUESTION)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert answer.candidate_subjects == [] and answer.conclusion.values == []
    assert "ambiguous_subject" in answer.risk_signals
    assert sorted(c.name for c in answer.rejected_candidates) == [NEW, OLD]
