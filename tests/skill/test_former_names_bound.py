"""A company's former name, bound at ingestion where its filing states the change (issue 33:
a question by a company's former name is about the company): "Bramble Utilities, Inc.
changed its name to Nimbus Power, Inc.", "we changed our corporate name from Osprey Freight
LLC to Corvid Rail Corp.", and a cover's former-name line ("Tamarack Grain Co." over "(Former
name, former address and former fiscal year, if changed since last report)"). Generated over
the ways a question writes the former name (whole, without its legal form, lower case, a
possessive, its short name); a near miss of it, or a name no filing gives, stays refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, make_pdf, paragraph, ten_k_cover
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow

# (registrant, its employer number, its former name, what its filing says of the change)
_FILINGS = (
    (
        "NIMBUS POWER, INC.",
        "51-0000001",
        "Bramble Utilities, Inc.",
        "On March 1, 2021, Bramble Utilities, Inc. changed its name to Nimbus Power, Inc.",
    ),
    (
        "CORVID RAIL CORP.",
        "52-0000002",
        "Osprey Freight LLC",
        "Effective June 1, 2020, we changed our corporate name from Osprey Freight LLC to "
        "Corvid Rail Corp.",
    ),
    ("HALDEN FOODS CORP.", "53-0000003", "Tamarack Grain Co.", ""),
)
# a near miss of each former name (a letter of its first word changed) and of the contract's
_NEAR_MISSES = ("Bramblr Utilities, Inc.", "Ospray Freight", "Tamarak Grain", "Larkspir Milling")

# An agreement that states a party's former name in its preamble.
_CONTRACT = (
    'This Supply Agreement (the "Agreement") is made as of May 1, 2021 by and between Quarry '
    "Hill Foods LLC, an Ohio limited liability company, and Wexford Mills, Inc. (formerly "
    'known as Larkspur Milling Co.), a Delaware corporation ("Wexford"). This Agreement shall '
    "be governed by the laws of the State of Ohio."
)


def _filing(name: str, number: str, former: str, change: str) -> bytes:
    cover = ten_k_cover(name, number)
    if not change:
        cover = [
            *cover,
            Line(former, x=190, gap=10),
            Line(
                "(Former name, former address and former fiscal year, if changed since last "
                "report)",
                size=9,
                x=120,
            ),
        ]
    text = f"{change} The company sells its services in twelve states.".strip()
    return make_pdf([[*cover, *paragraph(text)]])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [(f"{spec[0].split()[0].lower()}.pdf", _filing(*spec)) for spec in _FILINGS]
    contract = [Line("SUPPLY AGREEMENT", bold=True, x=230), *paragraph(_CONTRACT)]
    files.append(("supply.pdf", make_pdf([contract])))
    yield from ingested_runtime(tmp_path_factory, "former-names", files)


def _written(former: str) -> list[str]:
    """The ways a question writes a former name."""
    bare = former.rsplit(",", 1)[0] if "," in former else " ".join(former.split()[:-1])
    return [former, bare, bare.lower(), bare.split()[0]]


@pytest.mark.parametrize(
    ("registrant", "number", "former", "change", "near_miss"),
    [(*spec, miss) for spec, miss in zip(_FILINGS, _NEAR_MISSES, strict=False)],
)
def test_a_former_name_names_the_company(
    runtime: Any, registrant: str, number: str, former: str, change: str, near_miss: str
) -> None:
    for name in _written(former):
        for question in (
            f"What is the employer identification number of {name}?",
            f"What is {name}'s employer identification number?",
        ):
            answer = runtime.skill.ask("kb", question)
            assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
            assert number in (answer.conclusion.answer or ""), (question, answer.conclusion)
    # a near miss of the former name names no company
    answer = runtime.skill.ask("kb", f"What is the employer identification number of {near_miss}?")
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", near_miss


@pytest.mark.parametrize(
    "question",
    [
        "What is the governing law of the Supply Agreement between Larkspur Milling and "
        "Quarry Hill Foods LLC?",
        "what is the governing law of the supply agreement between quarry hill foods and "
        "larkspur milling?",
        "What is the governing law of Larkspur Milling's supply agreement with Quarry Hill?",
        "What law governs the agreement between Larkspur and Quarry Hill Foods?",
    ],
)
def test_a_party_by_the_former_name_its_agreement_states(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
    assert "Ohio" in (answer.conclusion.answer or ""), (question, answer.conclusion)
    missed = question.replace("Larkspur", "Larkspir").replace("larkspur", "larkspir")
    assert runtime.skill.ask("kb", missed).terminal_state == "SUBJECT_NOT_FOUND", missed
