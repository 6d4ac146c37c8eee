"""The names a question may give a company the knowledge base holds by another (issue 33),
and what may be evidence about it. Generated over two registrants' 10-K covers:
- its ticker ("BRMB's employer number": roles.yaml `names_holder`);
- a former or other name after "formerly known as" / "f/k/a" / "previously known as" /
  "d/b/a" ("Nimbus Power (formerly known as Bramble Utilities)");
- its name written without spaces ("BrambleUtilities", "brambleutilities");
- never another registrant's filing that mentions it: Corvid's 10-K binds a director of
  Bramble, and a question about Bramble cites Bramble's filing only.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, Row, make_pdf, paragraph, ten_k_cover
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow

_COLS = (60.0, 250.0, 420.0)
BRAMBLE, CORVID = "BRAMBLE UTILITIES, INC.", "CORVID RAIL CORP."
NUMBERS = {BRAMBLE: "51-0000001", CORVID: "52-0000002"}


def _filing(name: str, ticker: str, text: str) -> bytes:
    cover: list[Line | Row] = [
        *ten_k_cover(name, NUMBERS[name]),
        Row(
            ("Title of each class", "Trading Symbol(s)", "Name of each exchange"),
            xs=_COLS,
            size=9,
            gap=10,
        ),
        Row(("Common Stock", ticker, "New York Stock Exchange"), xs=_COLS, size=9),
        *paragraph(text),
    ]
    return make_pdf([cover])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [
        (
            "bramble.pdf",
            _filing(
                BRAMBLE,
                "BRMB",
                "Bramble Utilities paid cash dividends of $412 million in 2020. Its capital "
                "expenditure was $950 million.",
            ),
        ),
        (
            "corvid.pdf",
            _filing(
                CORVID,
                "CRVD",
                "Alma Reyes has been chief executive officer of Corvid Rail since 2015. Ms. "
                "Reyes is a director of Bramble Utilities, Inc. Age 58. Corvid Rail's capital "
                "expenditure was $88 million in 2020.",
            ),
        ),
    ]
    yield from ingested_runtime(tmp_path_factory, "company-names", files)


def _number(runtime: Any, question: str) -> str:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
    return answer.conclusion.answer or ""


@pytest.mark.parametrize(
    "name",
    [
        "BRMB",
        "Nimbus Power (formerly known as Bramble Utilities)",
        "Nimbus Power (f/k/a Bramble Utilities)",
        "Nimbus Power, previously known as Bramble Utilities,",
        "Nimbus Power (also known as Bramble Utilities)",
        "nimbus power, doing business as Bramble Utilities,",
        "BrambleUtilities",
        "brambleutilities",
    ],
)
def test_another_name_of_a_known_company_names_it(runtime: Any, name: str) -> None:
    for template in (
        "What is the I.R.S. employer identification number of {n}?",
        "What is the employer identification number of {n}?",
    ):
        assert NUMBERS[BRAMBLE] in _number(runtime, template.format(n=name))


@pytest.mark.parametrize(
    "name", ["ZRBX", "Nimbus Power (formerly known as Quillon Gas)", "Bramblerail"]
)
def test_another_name_of_no_known_company_is_refused(runtime: Any, name: str) -> None:
    answer = runtime.skill.ask("kb", f"What is the employer identification number of {name}?")
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", name


@pytest.mark.parametrize(
    "question",
    [
        "What was the capital expenditure of Bramble Utilities, Inc.?",
        "What was Bramble Utilities' capital expenditure?",
        "Who are the directors of Bramble Utilities?",
    ],
)
def test_another_registrants_filing_is_never_evidence_about_a_company(
    runtime: Any, question: str
) -> None:
    answer = runtime.skill.ask("kb", question)
    cited = {e.source_location.document for e in answer.evidence}
    assert "corvid.pdf" not in cited, (question, cited)
