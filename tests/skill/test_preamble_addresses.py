"""A party's address stated in its own clause of a preamble's list of parties ("... and
Brightline Components, Inc., a Michigan corporation with offices at 88 Monroe Avenue NW, ...")
is that party's address, wherever the lines break: it was rejected as "about <the first
party>" unless the party's name happened to start a line (the data room's NDA). The first
party, which states no address, is never given the second's. "What is X's address?" asks it.
Agreements generated over party names, address leads and line widths."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime

# (first party, its short name, second party, its short name, lead, address, line width)
_AGREEMENTS = [
    (
        "Quillon Dynamics, Inc.",
        "Quillon",
        "Marrowfield Ventures LLC",
        "Marrowfield",
        "with offices at",
        "410 Harbor Road, Tacoma, Washington 98402",
        90,
    ),
    (
        "Osterly & Vance Corp.",
        "Osterly",
        "Pelham Tool Works, Inc.",
        "Pelham",
        "with its principal offices at",
        "77 Canal Street, Lowell, Massachusetts 01852",
        70,
    ),
    (
        "Danbury Freight Co.",
        "Danbury",
        "Sorrel Biologics Ltd.",
        "Sorrel",
        "with its office at",
        "12 Quarry Lane, Burlington, Vermont 05401",
        110,
    ),
]


def _nda(
    first: str, short1: str, second: str, short2: str, lead: str, address: str, width: int
) -> bytes:
    opening = (
        f'This Mutual Nondisclosure Agreement (this "Agreement") is made effective as of '
        f'January 10, 2022 between {first}, a Delaware corporation ("{short1}"), and {second}, '
        f'a Michigan corporation {lead} {address} ("{short2}").'
    )
    body = (
        "The Receiving Party shall hold the Disclosing Party's Confidential Information in "
        "strict confidence and shall use it solely for the Purpose."
    )
    return make_pdf(
        [
            [
                Line("MUTUAL NONDISCLOSURE AGREEMENT", size=16, bold=True, x=120),
                *paragraph(opening, width=width, gap=14),
                *paragraph(body, width=width, gap=14),
            ]
        ]
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [(f"nda-{i}.pdf", _nda(*a)) for i, a in enumerate(_AGREEMENTS)]
    yield from ingested_runtime(tmp_path_factory, "preamble-addresses", files)


_QUESTIONS = [
    "What is {x}'s address?",
    "where is {x} headquartered",
    "What is the address of {x}?",
]


@pytest.mark.slow
@pytest.mark.parametrize("i", range(len(_AGREEMENTS)))
def test_the_second_partys_address_is_its_own(runtime: Any, i: int) -> None:
    _, _, second, short2, _, address, _ = _AGREEMENTS[i]
    question = _QUESTIONS[i].format(x=short2 if i != 1 else second.lower())
    answer = runtime.skill.ask("kb", question)
    assert answer.sufficient, (question, answer.conclusion.answer)
    assert [v.value for v in answer.conclusion.values] == [address]


@pytest.mark.slow
@pytest.mark.parametrize("i", range(len(_AGREEMENTS)))
def test_the_first_party_is_never_given_the_seconds_address(runtime: Any, i: int) -> None:
    _, short1, _, _, _, address, _ = _AGREEMENTS[i]
    answer = runtime.skill.ask("kb", _QUESTIONS[(i + 1) % 3].format(x=short1))
    assert not answer.sufficient, answer.conclusion.answer
    assert all(address not in v.value for v in answer.conclusion.values)
