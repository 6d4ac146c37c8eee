"""No Yes where the clause is absent (issue 34): two classes of sentences that the clause
reader read as speaking of a claim they say nothing of, each generated over parties (short
names, "&", roles), modal verbs, negations, quoting and lower case, with the sentences that do
speak of the claim beside them (so that each test can fail both ways):

- a sentence that only defines a term ('"Exclusive Territory" means the State of Texas', 'As
  used herein, "Restricted Period" shall mean the period during which X shall not compete')
  states nothing of what the term names: no reading of exclusivity, competing or termination;
- a competitor as whom information is disclosed to, or information used to compete ("shall not
  disclose the Confidential Information to any competitor of Beta") is a duty of confidence,
  no restriction on competing; a duty not to work for a competitor still is one;
"""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import RESTRICTION_PARTIES, capitalized, holds

# --- a sentence that only defines a term -----------------------------------------------------

# (proposition, the defined term, what the definition says: the claim's words in it)
_DEFINED = [
    ("exclusive", "Exclusive Territory", "the State of Texas and the State of Oklahoma"),
    (
        "exclusive",
        "Exclusivity Period",
        "the period during which {b} shall be the exclusive distributor",
    ),
    (
        "exclusive",
        "Exclusive Products",
        "the products listed in Exhibit A, which {a} shall sell exclusively",
    ),
    ("non_compete", "Restricted Period", "the period during which {a} shall not compete with {b}"),
    (
        "non_compete",
        "Non-Compete Period",
        "two years after {a} shall cease to engage in any competing business",
    ),
    (
        "termination_without_cause",
        "Convenience Termination",
        "a termination of this Agreement by {a} at any time upon 30 days' notice",
    ),
]
_DEFINES = ["means", "shall mean", "has the meaning set forth in Section 3, being", "refers to"]
_OPENINGS = [
    '"{t}"',
    "\u201c{t}\u201d",
    "{t}",
    'As used herein, "{t}"',
    '1.4 "{t}"',
    '(c) the term "{t}"',
]


def _definitions() -> list[tuple[str, str, str, str]]:
    out = []
    for (name, term, says), define, opening in itertools.product(_DEFINED, _DEFINES, _OPENINGS):
        a, b = RESTRICTION_PARTIES[len(out) % len(RESTRICTION_PARTIES)]
        out.append((name, a, f"{opening.format(t=term)} {define} {says.format(a=a, b=b)}.", b))
    return out


@pytest.mark.parametrize("name, actor, sentence, other", _definitions()[::8])
@pytest.mark.parametrize("case", ["as is", "lower"])
def test_a_definition_states_nothing_of_what_it_names(
    name: str, actor: str, sentence: str, other: str, case: str
) -> None:
    if case == "lower":
        sentence = sentence.lower()
    # asked of a party or of none (an exclusivity question names no actor)
    assert holds(name, sentence, actor, (other,)) is None, sentence
    assert holds(name, sentence) is None, sentence


# the same words said, not defined: they speak of the claim
_SAID = [
    ("exclusive", "{b} shall be the exclusive distributor of {a} in the Territory.", True),
    ("exclusive", "{a} grants {b} a non-exclusive license to use the Marks.", False),
    ("non_compete", "{a} shall not compete with {b} during the Restricted Period.", True),
    (
        "termination_without_cause",
        "{a} may terminate this Agreement at any time upon 30 days' notice.",
        True,
    ),
]


@pytest.mark.parametrize("name, sentence, expected", _SAID)
@pytest.mark.parametrize("a, b", RESTRICTION_PARTIES[:4:3])
def test_the_same_words_said_not_defined_speak_of_the_claim(
    name: str, sentence: str, expected: bool, a: str, b: str
) -> None:
    assert holds(name, sentence.format(a=a, b=b)) is expected


# --- a competitor as whom information is disclosed to ----------------------------------------

_MODALS = ["shall not", "will not", "may not", "agrees not to", "must not"]
_CONFIDENCE = [
    "{m} disclose the Confidential Information to any competitor of {b}",
    "{m} divulge any information received hereunder to a competitor of {b}",
    "{m} reveal the terms of this Agreement to any direct or indirect competitor",
    "{m} communicate such data to {b}'s competitors",
    "{m} use the Confidential Information to compete with {b}",
    "{m} use any trade secrets of {b} in competition with {b}",
]


def _confidences() -> list[tuple[str, str, str]]:
    out = []
    for (a, b), modal, said in itertools.product(RESTRICTION_PARTIES, _MODALS, _CONFIDENCE):
        out.append((a, b, capitalized(f"{a} {said.format(m=modal, b=b)}.")))
    return out


@pytest.mark.parametrize("a, b, sentence", _confidences()[::10])
@pytest.mark.parametrize("case", ["as is", "lower"])
def test_a_duty_of_confidence_toward_competitors_is_no_non_compete(
    a: str, b: str, sentence: str, case: str
) -> None:
    if case == "lower":
        sentence = sentence.lower()
    assert holds("non_compete", sentence, a, (b,)) is None, sentence


@pytest.mark.parametrize(
    "said",
    [
        "{m} become employed by any competitor of {b}",
        "{m} compete with {b} in the Territory",
        "{m}, directly or indirectly, engage in any business that competes with {b}",
    ],
)
@pytest.mark.parametrize("modal", _MODALS[::2])
def test_a_restriction_on_competing_still_is_one(said: str, modal: str) -> None:
    a, b = RESTRICTION_PARTIES[2]
    sentence = f"{a} {said.format(m=modal, b=b)}."
    assert holds("non_compete", sentence, a, (b,)) is True, sentence


# --- a verb or a clause after a definition's words (issue 34, review) ------------------------

# "refers to <party> <object>" is the verb refer (to whom, what); "means that <clause>" states
# the clause; neither is a definition: each speaks of the claim. (proposition, sentence, asked
# of the first party)
_NOT_DEFINED = [
    (
        "exclusive",
        "{a} refers to {b} any customer inquiries in the Territory on an exclusive basis.",
    ),
    ("exclusive", "{a} refers to {b} all orders for the Products on an exclusive basis."),
    ("exclusive", "Exclusivity means that {b} shall be the exclusive distributor of {a}."),
    ("non_compete", "Non-Competition shall mean that {a} will not compete with {b}."),
]
# a run-in heading before a quoted term: still a definition, silent
_HEADED = [
    (
        "non_compete",
        '5.1 Non-Competition. "Restricted Business" means any business in which {a} shall not'
        " compete with {b}.",
    ),
    (
        "exclusive",
        "2.3 Exclusivity. \u201cExclusive Period\u201d shall mean the period during which {b} shall"
        " be the exclusive distributor of {a}.",
    ),
]


@pytest.mark.parametrize("name, sentence", _NOT_DEFINED)
@pytest.mark.parametrize("a, b", RESTRICTION_PARTIES[:4:3])
def test_a_verb_or_a_clause_after_the_words_is_no_definition(
    name: str, sentence: str, a: str, b: str
) -> None:
    for x, y, said in (
        (a, b, sentence.format(a=a, b=b)),
        (a.lower(), b.lower(), sentence.format(a=a, b=b).lower()),
    ):
        actor = (x, (y,)) if name == "non_compete" else ()
        assert holds(name, said, *actor) is True, said


@pytest.mark.parametrize("name, sentence", _HEADED)
@pytest.mark.parametrize("a, b", RESTRICTION_PARTIES[:2])
def test_a_run_in_heading_before_a_defined_term_is_still_a_definition(
    name: str, sentence: str, a: str, b: str
) -> None:
    said = sentence.format(a=a, b=b)
    assert holds(name, said, a, (b,)) is None, said
    assert holds(name, said) is None, said
