"""A cap claim that names a kind of liability is judged against the cap's exceptions in every
form (issue 34, session 37): "Is Halcyon's liability under the MSA capped for indemnification
claims?" is "No — ... is excepted from the cap" where the clause excepts it (as "capped at $5M
for ..." is), "Yes" asked negated ("uncapped for", "no cap on ... for"); a kind the clause does
not except has the cap's verdict, with the note that the clause names no such exception; a
kind the reader cannot place is not established, never a guess.

Questions are generated: kinds (excepted and not) x links ("for", "in respect of", "arising
from", "with respect to") x forms (no amount, the kind before or after the amount, negated),
lower case, short names, possessives. The data room's answers end to end are marked slow.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from skill import cap_kind, value_claim
from tests.conftest import IngestedKB

# the data room's MSA: "EXCEPT FOR A PARTY'S INDEMNIFICATION OBLIGATIONS, EACH PARTY'S
# AGGREGATE LIABILITY ... SHALL NOT EXCEED FIVE MILLION DOLLARS ($5,000,000)"
_EXCEPTED = ("indemnification claims", "indemnity obligations", "indemnification")
_NOT_EXCEPTED = (
    "gross negligence or wilful misconduct",
    "breach of confidentiality",
    "IP infringement claims",
    "data breaches",
)
_LINKS = ("for", "in respect of", "arising from", "with respect to")
_OWNERS = ("Halcyon", "Halcyon Robotics", "halcyon robotics, inc.")
_AGREEMENTS = ("the MSA", "the MSA with Northgate", "the Master Services Agreement")

# (form, negated, has an amount): {o} the owner, {a} the agreement, {l} the link, {k} the kind
_FORMS = (
    ("Is {o}'s liability under {a} capped {l} {k}?", False, False),
    ("Is {o}'s liability {l} {k} under {a} capped?", False, False),
    ("Is {o}'s liability under {a} limited {l} {k}?", False, False),
    ("Is {o}'s liability under {a} capped at $5 million {l} {k}?", False, True),
    ("Is {o}'s liability {l} {k} under {a} capped at $5,000,000?", False, True),
    ("Is {o}'s liability under {a} uncapped {l} {k}?", True, False),
    ("Is {o}'s liability under {a} not capped {l} {k}?", True, False),
    ("Is there no cap on {o}'s liability under {a} {l} {k}?", True, False),
)


def _questions(form: str, kinds: tuple[str, ...], start: int = 0) -> Iterator[tuple[str, str]]:
    """Each kind with a link, an owner and an agreement in turn from the `start`th (a stable
    walk, not all of their products), as written and in lower case."""
    walk = list(itertools.product(_LINKS, _OWNERS, _AGREEMENTS))
    cycle = itertools.islice(itertools.cycle(walk), start * 7, None)
    for kind in kinds:
        link, owner, agreement = next(cycle)
        question = form.format(o=owner, a=agreement, l=link, k=kind)
        yield question, kind
        yield question.lower(), kind.lower()


@pytest.mark.parametrize(("form", "negated", "amount"), _FORMS)
def test_the_kind_is_read_in_every_form(form: str, negated: bool, amount: bool) -> None:
    for question, kind in _questions(form, _EXCEPTED + _NOT_EXCEPTED):
        read = cap_kind(question)
        assert read is not None and read.kind == kind, question
        assert read.placed and read.negated == negated, question
        assert kind not in read.cut and kind not in read.plain, read
        assert "uncapped" not in read.plain.lower() and " no cap" not in read.plain.lower()
        if amount:
            claim = value_claim(question)
            assert claim is not None and claim.verb == "capped at", question
            assert claim.category.lower() in (kind.lower(), kind.lower()), claim


@pytest.mark.parametrize(
    "question",
    [
        "Is Halcyon's liability under the MSA capped for Tuesday claims?",
        "is halcyon's liability under the msa limited with respect to widget obligations?",
    ],
)
def test_a_kind_the_lexicon_does_not_place_is_read_unplaced(question: str) -> None:
    read = cap_kind(question)
    assert read is not None and not read.placed, read


@pytest.mark.parametrize(
    "question",
    [
        "Is Halcyon's liability under the MSA capped?",
        "Is Halcyon's liability under the MSA with Northgate capped at $5 million?",
        "Is liability under the MSA capped for Halcyon?",
        "Is the MSA's term 3 years for renewals?",
        "Is there no cap on liability in the MSA?",
    ],
)
def test_a_cap_that_names_no_kind_is_no_kind_claim(question: str) -> None:
    assert cap_kind(question) is None, question


# --- the data room, end to end ----------------------------------------------------------------


@pytest.fixture(scope="module")
def runtime(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield rt


def _answer(runtime: Any, question: str) -> str:
    a = json.loads(runtime.skill.ask("halcyon", question).to_json())
    assert a["terminal_state"] == "CONCLUDED", a
    return str(a["conclusion"]["answer"])


def _cases() -> list[tuple[str, str, str]]:
    """(question, the lead expected, a phrase the answer says) for each form, one kind the
    clause excepts and one it does not, in turn."""
    out = []
    for i, (form, negated, _) in enumerate(_FORMS):
        excepted = _EXCEPTED[i % len(_EXCEPTED)]
        other = _NOT_EXCEPTED[i % len(_NOT_EXCEPTED)]
        (question, _), (lower, _) = list(_questions(form, (excepted,), 2 * i))[:2]
        out.append(
            (
                question if i % 2 else lower,
                "Yes — " if negated else "No — ",
                "is excepted from the cap",
            )
        )
        (question, _), (lower, _) = list(_questions(form, (other,), 2 * i + 1))[:2]
        out.append(
            (
                lower if i % 2 else question,
                "No — " if negated else "Yes — ",
                "names no exception for",
            )
        )
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("question", "lead", "said"), _cases())
def test_the_kind_asked_is_judged_against_the_caps_exceptions(
    runtime: Any, question: str, lead: str, said: str
) -> None:
    answer = _answer(runtime, question)
    assert answer.startswith(lead) and said in answer, answer
    assert "FIVE MILLION DOLLARS" in answer, answer


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Is Halcyon's liability under the MSA capped for Tuesday claims?",
        "is halcyon robotics' liability under the msa uncapped with respect to widget claims?",
        "Is Halcyon's liability under the MSA with Northgate capped at $5M for Tuesday claims?",
    ],
)
def test_a_kind_the_reader_cannot_place_is_not_established(runtime: Any, question: str) -> None:
    assert _answer(runtime, question).startswith("Not established — "), question
