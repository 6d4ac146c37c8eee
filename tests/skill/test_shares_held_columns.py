"""A holder's count of shares read from a table row only under a column that says shares: a row
of a directors' table ("Marek Stone | 52 | Director") holds an age, a row of years of service, of
board seats or of options holds no count of shares held, and the holder's count is "not stated";
a "Shares", "Number of shares" or "Shares held" column gives the count. And a sentence's one
count issued to another holder is never the count of the holder it names besides. On a PDF
ingested by the real pipeline."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, Row, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime

_COMPANY = "Wrenfield Mills, Inc."
_HOLDERS = (
    "Marek Stone",
    "Olga Brandt",
    "Ruth Calder",
    "Ivo Marsh",
    "Nadia Brook",
    "Felix Ward",
    "Clara Voss",
    "Paul Reyes",
    "Dana Hale",
)


def _table(title: str, header: tuple[str, ...], row: tuple[str, ...]) -> list[Line | Row]:
    return [Line(title, bold=True, gap=14), Row(header), Row(row)]


def _stockholders_agreement() -> bytes:
    return make_pdf(
        [
            [
                Line("STOCKHOLDERS AGREEMENT", size=16, bold=True, x=150),
                *paragraph(
                    "This Stockholders Agreement is entered into as of March 1, 2022 by and "
                    f'among {_COMPANY}, a Delaware corporation (the "Company"), Halden Capital '
                    f"LLC, a Delaware limited liability company, {', '.join(_HOLDERS[:-1])} and "
                    f"{_HOLDERS[-1]}.",
                    gap=14,
                ),
                # each a stockholder (a holder the question may ask about), no count said
                *paragraph(
                    " ".join(f"{holder} is a shareholder of {_COMPANY}." for holder in _HOLDERS),
                    gap=10,
                ),
                *paragraph(
                    "Paul Reyes, the Secretary of the Company, certifies that the Company issued "
                    "500,000 shares of Common Stock to Dana Hale on the Closing Date.",
                    gap=10,
                ),
                *_table(
                    "Directors", ("Name", "Age", "Position"), ("Marek Stone", "52", "Director")
                ),
                *_table(
                    "Officers",
                    ("Name", "Years of Service", "Title"),
                    ("Olga Brandt", "14", "Chair"),
                ),
                *_table(
                    "Board Designation Rights",
                    ("Investor", "Board Seats", "Series"),
                    ("Ruth Calder", "2", "Series A"),
                ),
                *_table(
                    "Outstanding Awards",
                    ("Holder", "Options", "Exercise Price"),
                    ("Ivo Marsh", "40,000", "$1.25"),
                ),
                *_table(
                    "Capitalization",
                    ("Holder", "Class", "Shares"),
                    ("Nadia Brook", "Common", "150,000"),
                ),
                *_table(
                    "Founders",
                    ("Name", "Number of shares", "Position"),
                    ("Felix Ward", "90,000", "Founder"),
                ),
                *_table("Stockholders", ("Stockholder", "Shares held"), ("Clara Voss", "60,000")),
            ]
        ]
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [("stockholders_agreement.pdf", _stockholders_agreement())]
    yield from ingested_runtime(tmp_path_factory, "shares-held-columns", files)


def _ask(runtime: Any, holder: str) -> Any:
    answer = runtime.skill.ask("kb", f"How many shares does {holder} hold in Wrenfield Mills?")
    assert answer.terminal_state == "CONCLUDED", (holder, answer.terminal_state)
    assert answer.subject_class.attribute == "shares_held"
    return answer


@pytest.mark.parametrize(
    "holder",
    [
        "Marek Stone",  # an age
        "Olga Brandt",  # years of service
        "Ruth Calder",  # board seats
        "Ivo Marsh",  # options
        "Paul Reyes",  # named in a sentence of shares issued to another holder
    ],
)
def test_a_count_under_no_shares_column_is_not_stated(runtime: Any, holder: str) -> None:
    answer = _ask(runtime, holder)
    assert answer.conclusion.values == [] and not answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer.startswith(
        f"Not stated — no number of shares held found for {holder} ("
    ), answer.conclusion.answer


@pytest.mark.parametrize(
    ("holder", "count", "row"),
    [
        ("Nadia Brook", "150,000 shares", "Nadia Brook | Common | 150,000"),
        ("Felix Ward", "90,000 shares", "Felix Ward | 90,000 | Founder"),
        ("Clara Voss", "60,000 shares", "Clara Voss | 60,000"),
    ],
)
def test_a_count_under_a_shares_column_is_the_count(
    runtime: Any, holder: str, count: str, row: str
) -> None:
    answer = _ask(runtime, holder)
    assert [v.value for v in answer.conclusion.values] == [count], answer.conclusion.answer
    assert answer.sufficient
    cited = {u.evidence_id: u for u in answer.evidence}
    (value,) = answer.conclusion.values
    quotes = [" ".join(cited[e].quote.split()) for e in value.evidence_ids]
    assert any(row in q for q in quotes), quotes
