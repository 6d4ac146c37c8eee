"""Whose action a complement clause states (issue 34), in generated variants (parties by name,
short name, "&" and defined role, complement verbs, modal verbs, negations, lower and upper
case): "Northgate agrees that Halcyon may terminate this Agreement for convenience" gives
Halcyon the right, not Northgate. The actor of "X agrees / acknowledges / confirms that Y
may ..." is the complement's subject; a pronoun there ("X agrees that it shall not") is X; "X
acknowledges that neither party may" is either party; a passive complement's agent ("X agrees
that this Agreement may be terminated by Y") is Y's."""

from __future__ import annotations

import pytest

from domain import lexicon
from skill import Claim, ClauseReader

_ENTRIES = {p.name: p for p in lexicon().propositions}
CLAIM = "termination_without_cause"
# (the party as the claim names it, as the sentence writes it)
PAIRS = [
    (("Northgate Logistics, Inc.", "Northgate"), ("Halcyon Health LLC", "Halcyon")),
    (("Licensee", "Licensee"), ("Licensor", "Licensor")),
    (("Company", "the Company"), ("Executive", "the Executive")),
    (("Smith & Jones LLP", "Smith & Jones"), ("Orbis Media Ltd.", "Orbis")),
]
VERBS = [
    "agrees",
    "acknowledges",
    "understands",
    "confirms",
    "covenants",
    "acknowledges and agrees",
    "hereby agrees",
    "understands and agrees",
]
RIGHTS = ["may", "shall have the right to", "is entitled to", "can"]
ENDS = ["for convenience", "at any time without cause"]


def _holds(sentence: str, actor: str | None, other: str | None) -> bool | None:
    others = (other,) if other else ()
    reading, _ = ClauseReader(Claim(_ENTRIES[CLAIM], False, actor, others)).read(sentence)
    return None if reading is None else reading.holds


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


def _cases(sentence: str) -> list[str]:
    """The sentence as written, in lower case and in upper case."""
    return [sentence, sentence.lower(), sentence.upper()]


def _generated(template: str) -> list[tuple[str, str, str]]:
    """(sentence, main party's claim name, complement party's claim name) for each pair, either
    way round, and each verb; the right, the end and the case (as written, lower, upper) taken
    in turn."""
    out = []
    turn = 0
    for first, second in PAIRS:
        for (x_name, x), (y_name, y) in ((first, second), (second, first)):
            for verb in VERBS:
                right, end = RIGHTS[turn % len(RIGHTS)], ENDS[turn % len(ENDS)]
                sentence = _capital(template.format(x=x, y=y, verb=verb, right=right, end=end))
                out.append((_cases(sentence)[turn % 3], x_name, y_name))
                turn += 1
    return out


OTHERS_RIGHT = _generated("{x} {verb} that {y} {right} terminate this Agreement {end}.") + (
    _generated("{x} {verb} that {y}, if it so elects, {right} terminate this Agreement {end}.")
)


@pytest.mark.parametrize(("sentence", "main", "complement"), OTHERS_RIGHT)
def test_the_complements_subject_holds_the_right(sentence: str, main: str, complement: str) -> None:
    assert _holds(sentence, complement, main) is True, sentence
    assert _holds(sentence, main, complement) is None, sentence


OTHERS_PROHIBITION = _generated("{x} {verb} that {y} shall not terminate this Agreement {end}.")


@pytest.mark.parametrize(("sentence", "main", "complement"), OTHERS_PROHIBITION)
def test_the_complements_subject_is_denied_the_right(
    sentence: str, main: str, complement: str
) -> None:
    assert _holds(sentence, complement, main) is False, sentence
    assert _holds(sentence, main, complement) is None, sentence


OWN_PROHIBITION = _generated("{x} {verb} that it shall not terminate this Agreement {end}.") + (
    _generated("{x} {verb} that, upon notice to {y}, it {right} terminate this Agreement {end}.")
    + _generated("{x} {verb} that upon notice to {y} it {right} terminate this Agreement {end}.")
)


@pytest.mark.parametrize(("sentence", "main", "complement"), OWN_PROHIBITION)
def test_a_pronoun_in_the_complement_is_the_main_clauses_party(
    sentence: str, main: str, complement: str
) -> None:
    expected = "shall not" not in sentence.casefold()
    assert _holds(sentence, main, complement) is expected, sentence
    assert _holds(sentence, complement, main) is None, sentence


EITHER_PARTY = _generated("{x} {verb} that neither party may terminate this Agreement {end}.")


@pytest.mark.parametrize(("sentence", "main", "complement"), EITHER_PARTY)
def test_neither_party_in_the_complement_is_each_party(
    sentence: str, main: str, complement: str
) -> None:
    assert _holds(sentence, main, complement) is False, sentence
    assert _holds(sentence, complement, main) is False, sentence


PASSIVE = _generated("{x} {verb} that this Agreement may be terminated by {y} {end}.")


@pytest.mark.parametrize(("sentence", "main", "complement"), PASSIVE)
def test_a_passive_complements_agent_holds_the_right(
    sentence: str, main: str, complement: str
) -> None:
    assert _holds(sentence, complement, main) is True, sentence
    assert _holds(sentence, main, complement) is None, sentence
    assert _holds(sentence, None, None) is True, sentence


EACH_PARTY_AGREES = [
    s
    for who in ("Each party", "The parties", "Both parties")
    for verb in ("agree", "acknowledge", "confirm", "acknowledges", "agrees")
    for s in _cases(f"{who} {verb} that Halcyon may terminate this Agreement for convenience.")
]


@pytest.mark.parametrize("sentence", EACH_PARTY_AGREES)
def test_each_party_agreeing_gives_no_right_but_the_named_ones(sentence: str) -> None:
    assert _holds(sentence, "Halcyon", "Northgate") is True, sentence
    assert _holds(sentence, "Northgate", "Halcyon") is None, sentence


@pytest.mark.parametrize(
    "sentence",
    _cases("Northgate agrees that its Affiliates may terminate this Agreement for convenience.")
    + _cases("Northgate may terminate this Agreement for convenience."),
)
def test_the_main_clauses_party_without_a_party_in_the_complement(sentence: str) -> None:
    # controls: a possessive pronoun is the main clause's party; no complement at all
    assert _holds(sentence, "Northgate", "Halcyon") is True, sentence
    assert _holds(sentence, "Halcyon", "Northgate") is None, sentence


# a condition opens the complement and an aside closes its subject ("that, upon notice to X, Y,
# at its option, may"): the subject is the piece before the aside, never the condition's party
ASIDES = ["at its option", "in its sole discretion", "if it so elects", "at its election"]
CONDITIONS = [
    "upon thirty (30) days' notice to {x}",
    "after consultation with {x}",
    "following written notice to {x}",
    "upon notice to {x}",
    "following a meeting with {x}",
]
LEADING_CONDITION = [
    (sentence, main, complement)
    for i, condition in enumerate(CONDITIONS)
    for sentence, main, complement in _generated(
        "{x} {verb} that, "
        + condition
        + ", {y}, "
        + ASIDES[i % len(ASIDES)]
        + ", {right} terminate this Agreement {end}."
    )
]


@pytest.mark.parametrize(("sentence", "main", "complement"), LEADING_CONDITION)
def test_a_condition_opening_the_complement_is_not_its_subject(
    sentence: str, main: str, complement: str
) -> None:
    assert _holds(sentence, complement, main) is True, sentence
    assert _holds(sentence, main, complement) is None, sentence
