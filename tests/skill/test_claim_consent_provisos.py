"""Assignment without consent granted past a denial (issue 34): a proviso that gives the party
asked the action the main clause denied ("Neither party shall assign this Agreement without
consent, provided that Beta may assign it to a successor") is the exception of the general rule,
which decides: "No — consent required, except to a successor" (asked whether Beta is prohibited:
Yes, with the same exception); so is an exception saying no consent is needed for some
assignments ("..., except no such approval shall be required for an assignment to an
affiliate"). A sentence that only says no consent is required for a party's assignment ("No
consent of Acme shall be required for Beta to assign this Agreement to an Affiliate") is Beta's
right, not Acme's. A proviso that restricts ("provided that Beta may not"), grants another
party, or grants under consent stays a denial, listed or not. Generated over parties,
agreements, verbs, proviso openers and case; a deterministic sample of each product runs (the
whole product was checked by hand)."""

from __future__ import annotations

import itertools

import pytest

from domain import lexicon
from skill import Claim, ClauseReader
from tests.skill.claim_reading import capitalized

ENTRIES = {p.name: p for p in lexicon().propositions}
CLAIM = "assignment_without_consent"

PARTIES = [("Acme", "Beta"), ("Northgate", "Halcyon Health"), ("O'Brien & Sons", "Smith-Jones")]
AGREEMENTS = ["this Agreement", "its rights under this Agreement", "this License Agreement"]
DENIALS = [
    "Neither party shall assign {agr} without the prior written consent of the other party",
    "Neither Party may transfer {agr} without the other Party's consent",
    "{x} shall not assign {agr} without {y}'s prior written consent",
]
OPENERS = ["provided that", "provided, however, that", "except that", "; provided further that"]
GRANTS = [
    "{x} may assign {agr} to a successor in a merger",
    "{x} may, without such consent, assign it to an Affiliate",
    "{x} may transfer {agr} to a purchaser of all of its assets",
]
# a proviso that keeps the denial: a restriction, another party's grant, a grant under consent
KEEPS = [
    "{x} may not assign it to a competitor of {y}",
    "{y} may assign {agr} to an Affiliate",
    "{x} may assign {agr} to an Affiliate with {y}'s consent",
]


def _reading(
    sentence: str, actor: str | None, others: tuple[str, ...], *, negated: bool = False
) -> tuple[object, ...]:
    reading, _ = ClauseReader(Claim(ENTRIES[CLAIM], negated, actor, others)).read(sentence)
    return (None,) if reading is None else (reading.holds, reading.exceptions)


def _sentence(denial: str, opener: str, clause: str, x: str, y: str, agr: str) -> str:
    main = denial.format(x=x, y=y, agr=agr)
    joint = opener if opener.startswith(";") else f", {opener}"
    return capitalized(f"{main}{joint} {clause.format(x=x, y=y, agr=agr)}.")


def _sample(product: list[tuple[str, ...]], k: int) -> list[tuple[str, ...]]:
    return product[::k]


_ALL = list(itertools.product(PARTIES, AGREEMENTS, DENIALS, OPENERS))
GRANTED = _sample([(*c, g) for c in _ALL for g in GRANTS], 18)
KEPT = _sample([(*c, k) for c in _ALL for k in KEEPS], 27)


@pytest.mark.parametrize(("parties", "agr", "denial", "opener", "grant"), GRANTED)
def test_a_proviso_granting_the_party_asked_the_denied_assignment_is_the_nos_exception(
    parties: tuple[str, str], agr: str, denial: str, opener: str, grant: str
) -> None:
    x, y = parties
    sentence = _sentence(denial, opener, grant, x, y, agr)
    for text in (sentence, sentence.lower()):
        asked = x.lower() if text.islower() else x
        granted = grant.format(x=asked, y=y, agr=agr).split(" ", 2)[-1].lower()
        holds, exceptions = _reading(text, asked, (y,))
        assert holds is False, text
        assert isinstance(exceptions, tuple), text
        assert any(
            e.lower().startswith(opener.strip("; ").split(",")[0]) and granted in e.lower()
            for e in exceptions
        ), exceptions
        # asked whether the party is prohibited: yes, the proviso its exception
        assert _reading(text, asked, (y,), negated=True) == (True, exceptions), text
        # asked of the other party, the proviso is not theirs (a denial where the main
        # clause binds them too, nothing where it binds the one party only)
        assert _reading(text, y, (x,))[0] is not True, text


@pytest.mark.parametrize(("parties", "agr", "denial", "opener", "keep"), KEPT)
def test_a_proviso_that_restricts_or_grants_another_leaves_the_denial(
    parties: tuple[str, str], agr: str, denial: str, opener: str, keep: str
) -> None:
    x, y = parties
    sentence = _sentence(denial, opener, keep, x, y, agr)
    assert _reading(sentence, x, (y,))[0] is False, sentence
    assert _reading(sentence.lower(), x.lower(), (y.lower(),))[0] is False, sentence


NO_CONSENT = [
    "No consent of {y} shall be required for {x} to assign {agr} to an Affiliate",
    "no prior written consent of {y} will be required for {x} to transfer {agr} to a successor",
    "The consent of {y} is not required for any assignment by {x} of {agr} to an Affiliate",
    "{y}'s approval shall not be required for {x} to assign {agr} in connection with a merger",
    "Notwithstanding the foregoing, no consent shall be required for {x} to assign {agr}",
]
NO_CONSENT_CASES = _sample(list(itertools.product(PARTIES, AGREEMENTS, NO_CONSENT)), 3)


@pytest.mark.parametrize(("parties", "agr", "wording"), NO_CONSENT_CASES)
def test_no_consent_required_for_a_party_to_assign_is_that_partys_right(
    parties: tuple[str, str], agr: str, wording: str
) -> None:
    x, y = parties
    sentence = capitalized(wording.format(x=x, y=y, agr=agr) + ".")
    for text in (sentence, sentence.lower()):
        assert _reading(text, x, (y,))[0] is True, text
        assert _reading(text, None, ())[0] is True, text
        # the party whose consent is not needed is not the one assigning
        assert _reading(text, y, (x,))[0] is None, text


# the same words as the exception of a denial: the denial decides, they its exception
EXCEPTED_OPENERS = ["except", "except that", "provided that", "; provided, however, that"]
EXCEPTED = [
    "no such approval shall be required for an assignment to a financially responsible affiliate",
    "no consent of {y} shall be required for {x} to assign {agr} to an Affiliate",
    "the consent of {y} shall not be required for any assignment by {x} to a successor",
]
EXCEPTED_CASES = _sample(
    list(itertools.product(PARTIES, AGREEMENTS, DENIALS, EXCEPTED_OPENERS, EXCEPTED)), 11
)


@pytest.mark.parametrize(("parties", "agr", "denial", "opener", "wording"), EXCEPTED_CASES)
def test_no_consent_required_in_the_exception_of_a_denial_is_the_nos_exception(
    parties: tuple[str, str], agr: str, denial: str, opener: str, wording: str
) -> None:
    x, y = parties
    sentence = _sentence(denial, opener, wording, x, y, agr)
    said = wording.format(x=x, y=y, agr=agr).lower()
    for text in (sentence, sentence.lower()):
        asked = x.lower() if text.islower() else x
        holds, exceptions = _reading(text, asked, (y,))
        assert holds is False, text
        assert isinstance(exceptions, tuple), text
        assert any(said in e.lower() for e in exceptions), exceptions
        assert _reading(text, asked, (y,), negated=True) == (True, exceptions), text


@pytest.mark.parametrize(
    "sentence",
    [
        "Beta shall not assign this Agreement without the consent of Acme, which consent shall not "
        "be unreasonably withheld.",
        "Acme's consent shall be required for Beta to assign this Agreement.",
        "Beta may not assign this Agreement unless the consent of Acme is obtained.",
    ],
)
def test_consent_required_or_not_withheld_is_no_freedom_to_assign(sentence: str) -> None:
    assert _reading(sentence, "Beta", ("Acme",))[0] is not True
