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


# --- mendcap37: parties, qualifiers, joined kinds, word forms; a value's phrase kept whole ---


def _kind_judged(kind: str, exceptions: str) -> Any:
    import skill

    return skill.cap_kind_judged(kind, exceptions)


# the exceptions of the caps of the data room's MSAs, as the cap's answer says them
_INDEMNITY = "EXCEPT FOR A PARTY'S INDEMNIFICATION OBLIGATIONS"
_CARVED = "EXCEPT FOR CLAIMS ARISING FROM GROSS NEGLIGENCE OR WILLFUL MISCONDUCT, TAX OBLIGATIONS"
_PARTIES = ("Northgate's", "northgate's", "Halcyon Robotics'", "the Customer's", "ridgeway’s")
_QUALIFIERS = ("third-party", "third party", "direct", "")


@pytest.mark.parametrize("party", _PARTIES)
@pytest.mark.parametrize("qualifier", _QUALIFIERS)
def test_a_party_or_a_qualifier_leaves_the_kind_excepted(party: str, qualifier: str) -> None:
    for kind in ("indemnification claims", "indemnity obligations", "indemnities"):
        asked = " ".join(f"{party} {qualifier} {kind}".split())
        for said in (asked, asked.lower()):
            judged = _kind_judged(said, _INDEMNITY)
            assert judged.whole and judged.spoken, (said, judged)
            assert _kind_judged(said, _CARVED).spoken is False, said


@pytest.mark.parametrize(
    ("kind", "whole", "spoken"),
    [
        ("taxes", True, True),
        ("Taxes and tax penalties", True, True),
        ("wilful misconduct", True, True),
        ("gross negligence and wilful misconduct", True, True),
        ("gross negligence and/or taxes", True, True),
        ("gross negligence, taxes or wilful misconduct", True, True),
        ("gross negligence and indemnification claims", False, True),
        ("Northgate's indemnification claims and gross negligence", False, True),
        ("indemnification and/or data breaches", False, False),
        ("negligent acts", True, True),
    ],
)
def test_joined_kinds_and_word_forms_are_judged_part_by_part(
    kind: str, whole: bool, spoken: bool
) -> None:
    for said in (kind, kind.lower(), kind.upper()):
        judged = _kind_judged(said, _CARVED)
        assert (judged.whole, judged.spoken) == (whole, spoken), (said, judged)


def test_a_mixed_kind_names_the_part_excepted() -> None:
    judged = _kind_judged("Gross negligence and indemnification claims", _CARVED)
    assert judged.excepted == ("Gross negligence",) and judged.others == ("indemnification claims",)


_VALUES = ("USD 2,000,000", "$2 million", "$5M", "five million dollars", "USD 5,000,000")
_TRAILS = ("for all claims", "for all losses", "for each claim", "for every claim")


@pytest.mark.parametrize("value", _VALUES)
@pytest.mark.parametrize("trail", _TRAILS)
def test_a_quantifier_after_the_value_is_no_kind(value: str, trail: str) -> None:
    for owner, agreement in (("Halcyon", "the Northgate MSA"), ("halcyon robotics", "the msa")):
        question = f"Is {owner}'s liability under {agreement} capped at {value} {trail}?"
        claim = value_claim(question)
        assert cap_kind(question) is None, question
        assert claim is not None and not claim.category and claim.verb == "capped at", claim


@pytest.mark.parametrize("kind", ["all claims", "indemnification claims", "any losses", "taxes"])
@pytest.mark.parametrize(
    "value",
    ["fees paid in the prior twelve months", "the fees paid in the twelve months before the claim"],
)
def test_a_kind_is_never_cut_inside_the_values_phrase(kind: str, value: str) -> None:
    for question in (
        f"Is Halcyon's liability under the MSA limited to {value} for {kind}?",
        f"is northgate's liability under the ridgeway msa capped at {value} for {kind}?",
    ):
        read = cap_kind(question)
        assert read is None or value in read.cut, (question, read)


@pytest.mark.parametrize("party", ["Northgate's", "northgate's", "Ridgeway’s", "the Customer's"])
@pytest.mark.parametrize("link", ["for", "in respect of", "with respect to"])
def test_a_party_alone_is_no_kind(party: str, link: str) -> None:
    for ending in ("claims", "obligations", "losses"):
        question = f"Is Halcyon's liability under the MSA capped {link} {party} {ending}?"
        assert cap_kind(question) is None, question
        assert cap_kind(question.lower()) is None, question
    named = f"Is Halcyon's liability under the Northgate MSA capped {link} Northgate claims?"
    assert cap_kind(named) is None and cap_kind(named.lower()) is None, named


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "lead", "said"),
    [
        (
            "Is Halcyon's liability for Northgate's indemnification claims capped under the MSA?",
            "No — ",
            "is excepted from the cap",
        ),
        (
            "is halcyon's liability under the northgate msa capped for third-party"
            " indemnification claims?",
            "No — ",
            "is excepted from the cap",
        ),
        (
            "Is Halcyon's liability under the MSA capped for indemnification and data breach"
            " claims?",
            "Not established — ",
            "indemnification is excepted from the cap",
        ),
        (
            "Is Halcyon's liability under the Northgate MSA capped at USD 2,000,000 for all"
            " claims?",
            "No — ",
            "USD 5,000,000",
        ),
        (
            "is halcyon's liability under the msa capped at $2 million for tuesday claims?",
            "No — ",
            "USD 5,000,000",
        ),
    ],
)
def test_parties_joined_kinds_and_trailing_phrases_end_to_end(
    runtime: Any, question: str, lead: str, said: str
) -> None:
    answer = _answer(runtime, question)
    assert answer.startswith(lead) and said in answer, answer
    assert "names no exception" not in answer, answer
