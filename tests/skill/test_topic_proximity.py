"""A topic answer (no attribute covers the topic) counts a sentence as evidence only where it
states the topic's words near one another: "balance sheets ... and cash flows" states no cash
balance, and a question answered from such a sentence was SUPPORTED (issue 34: SUPPORTED never
means "a sentence was found")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime

_PARTIES = (
    "Quillon Dynamics, Inc., a Delaware corporation (\u201cLandlord\u201d), and Marrowfield "
    "Ventures LLC, a Texas limited liability company (\u201cTenant\u201d)"
)
# (topic as asked, a sentence stating it, a sentence with its words scattered)
_TOPICS = [
    (
        "the security deposit",
        "Tenant shall pay Landlord a security deposit of USD 25,000 on signing.",
        "Tenant shall maintain the security systems of the Premises at its own cost, and any "
        "amount Landlord holds for repairs, maintenance, alterations, utilities or taxes of the "
        "building shall be a deposit.",
    ),
    (
        "the parking spaces",
        "Landlord shall provide Tenant with ten (10) reserved parking spaces in the garage.",
        "Tenant's visitors may use the parking garage of the building on weekdays during "
        "business hours, subject to the rules and regulations of the building and the "
        "reasonable instructions of Landlord, and may use the common areas and open spaces "
        "for access only.",
    ),
]


def _lease(sentences: list[str]) -> bytes:
    opening = f"This Lease Agreement is entered into as of March 1, 2020 by and between {_PARTIES}."
    return make_pdf(
        [
            [
                Line("LEASE AGREEMENT", size=16, bold=True, x=120),
                *paragraph(opening, gap=14),
                *(line for s in sentences for line in paragraph(s, gap=14)),
            ]
        ]
    )


@pytest.fixture(scope="module")
def runtimes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Two knowledge bases: one whose lease states each topic, one where its words are apart."""
    out: dict[str, Any] = {}
    gens = []
    for kind, pick in (("stated", 1), ("scattered", 2)):
        gen = ingested_runtime(
            tmp_path_factory, f"topic-{kind}", [("lease.pdf", _lease([t[pick] for t in _TOPICS]))]
        )
        out[kind] = next(gen)
        gens.append(gen)
    yield out
    for gen in gens:
        for _ in gen:
            pass


@pytest.mark.slow
@pytest.mark.parametrize("topic", [t[0] for t in _TOPICS])
@pytest.mark.parametrize(
    "template",
    [
        "What does the lease between Quillon Dynamics and Marrowfield Ventures say about {t}?",
        "what does the quillon lease with marrowfield say about {t}?",
    ],
)
def test_a_topic_is_evidenced_only_by_a_sentence_that_states_it(
    runtimes: dict[str, Any], topic: str, template: str
) -> None:
    question = template.format(t=topic)
    stated = runtimes["stated"].skill.ask("kb", question)
    assert stated.sufficient, stated.conclusion.answer
    scattered = runtimes["scattered"].skill.ask("kb", question)
    assert not scattered.sufficient, scattered.conclusion.answer
