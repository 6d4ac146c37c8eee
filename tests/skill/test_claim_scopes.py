"""A scope on what a sentence says (issue 34), in generated variants (parties and defined roles,
complement verbs, scope words and nouns, lower and upper case): "X understands and agrees that
this Agreement does not grant X any exclusive right ... outside of the Territory" (or "of the
NPO Marketplace": a marketplace is a market) denies exclusivity only outside a scope; it says
nothing of the claim unscoped, so it yields no observation, and an exclusive grant inside the
scope stays a true one, carried with its scope as a condition. A prohibition's scope ("shall
not ... within the Territory") is its condition; an exception before a denial ("Except as
provided in Section 5, neither party may assign") is carried with it."""

from __future__ import annotations

import pytest

from domain import lexicon
from skill import Claim, ClauseReader, Reading

_ENTRIES = {p.name: p for p in lexicon().propositions}
PARTIES = ["Distributor", "the Licensee", "Northgate", "Smith & Jones"]
VERBS = ["understands and agrees", "acknowledges", "agrees", "confirms", "covenants"]
OUTSIDE = ["outside of", "outside", "beyond", "anywhere outside", "other than in"]
INSIDE = ["in", "within", "throughout", "anywhere in"]
SCOPES = [
    "the Territory",
    "the Field",
    "any country of the Territory",
    "the United States",
    "the NPO Marketplace",
]
ACTS = ["sell", "distribute", "market and sell", "manufacture"]


def _reading(name: str, sentence: str, *, negated: bool = False) -> Reading | None:
    reading, _ = ClauseReader(Claim(_ENTRIES[name], negated, None, ())).read(sentence)
    return reading


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


def _in_turn(templates: list[str], places: list[str]) -> list[str]:
    """Each template with each party; the verb, place, scope, act and case taken in turn."""
    out = []
    turn = 0
    for template in templates:
        for party in PARTIES:
            sentence = _capital(
                template.format(
                    x=party,
                    verb=VERBS[turn % len(VERBS)],
                    where=places[turn % len(places)],
                    scope=SCOPES[turn % len(SCOPES)],
                    act=ACTS[turn % len(ACTS)],
                )
            )
            out.append((sentence, sentence.lower(), sentence.upper())[turn % 3])
            turn += 1
    return out


DENIED_OUTSIDE = _in_turn(
    [
        "{x} {verb} that this Agreement does not grant {x} any exclusive right to {act} the "
        "Products {where} {scope}.",
        "{x} {verb} that it shall not have any exclusive rights {where} {scope}.",
        "{x} shall not have an exclusive right to {act} the Products {where} {scope}.",
        "{x} shall have no exclusive rights to {act} the Products {where} {scope}.",
        "The rights granted to {x} {where} {scope} are non-exclusive.",
        "{x}'s appointment {where} {scope} shall be non-exclusive.",
        "{where} {scope}, {x} shall have no exclusive right to {act} the Products.",
    ],
    OUTSIDE,
)


@pytest.mark.parametrize("sentence", DENIED_OUTSIDE)
def test_a_denial_outside_a_scope_says_nothing_of_the_claim(sentence: str) -> None:
    assert _reading("exclusive", sentence) is None, sentence
    assert _reading("exclusive", sentence, negated=True) is None, sentence


GRANTED_INSIDE = _in_turn(
    [
        "{x} shall have exclusive rights to {act} the Products {where} {scope} and non-exclusive "
        "rights outside {scope}.",
        "Licensor grants to {x} a non-exclusive license outside {scope} and an exclusive license "
        "to {act} the Products {where} {scope}.",
        "{x} shall have the exclusive right to {act} the Products {where} {scope}.",
        "{x} {verb} that it is appointed as the exclusive distributor {where} {scope}.",
        "Licensor hereby grants to {x} an exclusive license to {act} the Products {where} {scope}.",
    ],
    INSIDE,
)


@pytest.mark.parametrize("sentence", GRANTED_INSIDE)
def test_an_exclusive_grant_inside_a_scope_holds_with_its_scope(sentence: str) -> None:
    reading = _reading("exclusive", sentence)
    assert reading is not None and reading.holds is True, sentence
    folded = [c.casefold() for c in reading.conditions]
    nouns = [scope.casefold().split()[-1] for scope in SCOPES]
    assert any(noun in c for noun in nouns for c in folded), sentence


@pytest.mark.parametrize(
    "sentence",
    [
        s
        for x in PARTIES
        for s in (
            _capital(f"{x} shall not have any exclusive rights under this Agreement."),
            _capital(f"{x} acknowledges that its appointment is non-exclusive."),
        )
    ]
    + ["THIS AGREEMENT AND THE RIGHTS GRANTED HEREUNDER ARE NON-EXCLUSIVE."],
)
def test_a_denial_without_a_scope_still_denies(sentence: str) -> None:
    reading = _reading("exclusive", sentence)
    assert reading is not None and reading.holds is False, sentence


PROHIBITED_IN_SCOPE = _in_turn(
    [
        "{x} shall not {act} any products that compete with the Products {where} {scope}.",
        "{x} {verb} that it shall not {act} any competing products {where} {scope}.",
    ],
    INSIDE + OUTSIDE,
)


@pytest.mark.parametrize("sentence", PROHIBITED_IN_SCOPE)
def test_a_prohibitions_scope_is_its_condition(sentence: str) -> None:
    reading = _reading("non_compete", sentence)
    assert reading is not None and reading.holds is True, sentence
    assert reading.conditions, sentence


@pytest.mark.parametrize("who", ["neither party", "Neither Party", "no party", "the Licensee"])
@pytest.mark.parametrize("modal", ["may", "shall"])
@pytest.mark.parametrize("section", ["Section 5", "Section 12.3", "this Article"])
def test_an_exception_before_a_denial_is_carried(who: str, modal: str, section: str) -> None:
    negation = "" if who.casefold().startswith(("neither", "no ")) else " not"
    sentence = f"Except as provided in {section}, {who} {modal}{negation} assign this Agreement."
    for variant in (sentence, sentence.lower(), sentence.upper()):
        reading = _reading("assignment_without_consent", variant)
        assert reading is not None and reading.holds is False, variant
        assert any(section.casefold() in e.casefold() for e in reading.exceptions), variant


@pytest.mark.parametrize("x", PARTIES)
@pytest.mark.parametrize("where", INSIDE)
def test_a_place_in_the_opening_condition_is_no_scope(x: str, where: str) -> None:
    sentence = (
        f"If Licensor enters a new market {where} the United States, {x} shall be offered the "
        "exclusive distributorship for that market."
    )
    reading = _reading("exclusive", _capital(sentence))
    assert reading is not None and reading.holds is True, sentence
    assert not any("united states" in c.casefold() for c in reading.conditions), sentence


# a plain denial conjoined with another clause whose scope is its own ("... is non-exclusive
# and Distributor shall not sell the Products outside the Territory"): the scope is not the
# denial's, which still denies
DENIED_THEN_SCOPED = _in_turn(
    [
        "The appointment of {x} hereunder is non-exclusive and {x} shall not {act} the Products "
        "{where} {scope}.",
        "The rights granted hereunder are non-exclusive, and {x} may not {act} any Products "
        "{where} {scope}.",
        "{x}'s appointment shall be non-exclusive, but {x} shall not {act} the Products {where} "
        "{scope}.",
        "This license is non-exclusive and {x} agrees not to {act} the Products {where} {scope}.",
        "The rights granted to {x} are non-exclusive, while Licensor may {act} the Products "
        "{where} {scope}.",
    ],
    OUTSIDE,
)


@pytest.mark.parametrize("sentence", DENIED_THEN_SCOPED)
def test_a_scope_in_a_conjoined_clause_is_not_the_denials(sentence: str) -> None:
    reading = _reading("exclusive", sentence)
    assert reading is not None and reading.holds is False, sentence
