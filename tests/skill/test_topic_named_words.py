"""A topic answer is evidence only when the topic names at least two things a sentence can
state: words that name a measure of a thing or its course ("the change in the number of
stores") name no thing, and a sentence stating them ("subject to changing rules ... by a
number of governmental organizations") was SUPPORTED (issue 34: SUPPORTED never means "a
sentence was found"; FinanceBench's "Was there any change in the number of Best Buy stores
between Q2 of FY2024 and FY2023?"). Generated over two companies' filings (a 10-K cover and a
few sentences of risk factors, and an Exhibit 21 listing a subsidiary named by the company's
name and the noun counted: "Best Buy stores" was Best Buy Stores, L.P.), other nouns, and a
topic that still names two things."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, Row, make_pdf, paragraph, ten_k_cover
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow

# (legal name, short name, the noun a question counts)
FILERS = [
    ("HARROWGATE RETAIL CORPORATION", "Harrowgate Retail", "stores"),
    ("TESSALY FOODS, INC.", "Tessaly Foods", "restaurants"),
]


def _filing(name: str, short: str, noun: str) -> bytes:
    cover: list[Line | Row] = [
        *ten_k_cover(name, "51-0000002"),
        *paragraph(
            "We are subject to changing rules and regulations promulgated by a number of "
            "governmental and self-regulatory organizations, including the SEC. "
            f"Our results depend on our ability to adjust {noun} operating models to adapt to "
            f"these changing patterns and the appropriate number of {noun} in our portfolio. "
            f"The amount of our total revenue may change from year to year. "
            f"{short} has a revolving credit facility whose interest rate is 5.25% per annum."
        ),
    ]
    exhibit: list[Line | Row] = [
        Line("EXHIBIT 21", bold=True),
        Line(f"SUBSIDIARIES OF {name}", bold=True, gap=6),
        Row(("Name of Subsidiary", "Jurisdiction of Organization"), gap=4),
        Row((f"{short} {noun.capitalize()}, L.P.", "Delaware")),
        Row((f"{short} Holdings, LLC", "Delaware")),
    ]
    return make_pdf([cover, exhibit])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [(f"{s.split()[0].lower()}.pdf", _filing(n, s, noun)) for n, s, noun in FILERS]
    yield from ingested_runtime(tmp_path_factory, "topic-named-words", files)


@pytest.mark.parametrize("filer", FILERS, ids=[f[1] for f in FILERS])
@pytest.mark.parametrize(
    "template",
    [
        "Was there any change in the number of {c} {n} between FY2024 and FY2023?",
        "Did the number of {n} of {c} change in fiscal 2023?",
        "What was the change in the number of {c} {n}?",
        "What is the change in the amount of {c}'s total?",
    ],
)
def test_a_topic_of_measure_words_is_not_evidence(
    runtime: Any, filer: tuple[str, str, str], template: str
) -> None:
    _, short, noun = filer
    question = template.format(c=short, n=noun)
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state != "SUBJECT_NOT_FOUND", question
    # the noun after the company's name, in lower case, is the question's, not its
    # subsidiary's name
    assert answer.subject_class.name == short, question
    assert not answer.sufficient, (question, answer.conclusion.answer)
    assert answer.sufficiency["decision"] == "INSUFFICIENT", question


@pytest.mark.parametrize("filer", FILERS, ids=[f[1] for f in FILERS])
def test_a_topic_that_names_two_things_is_still_answered(
    runtime: Any, filer: tuple[str, str, str]
) -> None:
    question = f"What does {filer[1]} say about its interest rate?"
    answer = runtime.skill.ask("kb", question)
    assert answer.sufficient, (question, answer.conclusion.answer)
    assert any("5.25%" in e.quote for e in answer.evidence)


@pytest.mark.parametrize("filer", FILERS, ids=[f[1] for f in FILERS])
def test_a_subsidiary_written_capitalised_is_that_subsidiary(
    runtime: Any, filer: tuple[str, str, str]
) -> None:
    _, short, noun = filer
    question = f"What does {short} {noun.capitalize()} say about its interest rate?"
    answer = runtime.skill.ask("kb", question)
    assert answer.subject_class.name == f"{short} {noun.capitalize()}", question
