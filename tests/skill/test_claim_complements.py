"""Whose negation, and what ends (issue 34, three reading classes), in generated variants
(actors, complement verbs, modal verbs, negation placement, upper case):

- a clause after a verb of agreeing, acknowledging or understanding ("X agrees that it shall
  not ...", propositions.yaml modality `complement`) is what the sentence says: its modality
  and negation count, where a relative clause ("information that it shall not disclose")
  stays outside; and the negation of a noun's own infinitive ("the obligation not to use
  ... shall survive", modality `infinitive_noun`) is the noun phrase's, not the clause's;
- a thing that ends by itself ("The licenses granted hereunder shall not terminate") speaks of
  ending the agreement only where that thing is the agreement: a licence is not;
- a possessive object ("may terminate Halcyon's rights under this Agreement") names what is
  ended, and a party's rights are not the agreement.

Controls keep the readings that were right: the agreement itself not terminating, a party's
right with no object named, "the Executive's employment", relative clauses."""

from __future__ import annotations

import pytest

from domain import lexicon
from tests.skill.claim_reading import holds as _holds

_ENTRIES = {p.name: p for p in lexicon().propositions}
TERMINATION = ("termination_without_cause", "termination")
ACTORS = ["The Recipient", "Each party", "Halcyon"]
COMPLEMENTS = [
    "agrees",
    "acknowledges",
    "understands",
    "acknowledges and agrees",
    "hereby acknowledges",
    "understands and agrees",
]
MODALS = ["shall", "will"]


def _variants(sentences: list[str]) -> list[str]:
    """Each sentence as written and in upper case (as a contract's capitalised clauses are)."""
    return [v for s in sentences for v in (s, s.upper())]


# --- a complement clause is the sentence's content -------------------------------------------

# the negation not just before the state's words: a relative clause's, read naively
SURVIVAL_DENIED = _variants(
    [
        f"{actor} {verb} that its obligations under this Agreement {modal} not{placed}survive "
        "the termination of this Agreement."
        for actor in ACTORS
        for verb in COMPLEMENTS
        for modal in MODALS
        for placed in (" in any event ", ", in any event, ", " in any way ")
    ]
)


@pytest.mark.parametrize("sentence", SURVIVAL_DENIED)
def test_a_negation_in_a_complement_clause_counts(sentence: str) -> None:
    assert _holds("survival", sentence) is False, sentence


EXCLUSIVITY_DENIED = _variants(
    [
        f"{actor} {verb} that {it} {modal} not {state}."
        for actor in ("Distributor", "The Licensee")
        for verb in COMPLEMENTS
        for modal in MODALS
        for it, state in (
            ("it", "have an exclusive right to distribute the Products"),
            ("its appointment", "in any way be exclusive"),
        )
    ]
)


@pytest.mark.parametrize("sentence", EXCLUSIVITY_DENIED)
def test_a_complement_clause_denies_exclusivity(sentence: str) -> None:
    assert _holds("exclusive", sentence) is False, sentence


STAYS_BOUND = "remain subject to the terms of this Agreement"
SURVIVAL_STATED = _variants(
    [
        f"{actor} {verb} that {subject} {modal} {state}."
        for actor in ACTORS
        for verb in COMPLEMENTS
        for modal in MODALS
        for subject, state in (
            ("its obligations under this Agreement", "survive the termination of this Agreement"),
            # a relative clause inside the complement stays outside it
            ("any Confidential Information that is not returned", STAYS_BOUND),
            ("any information that it shall not disclose", STAYS_BOUND),
        )
    ]
)


@pytest.mark.parametrize("sentence", SURVIVAL_STATED)
def test_a_complement_clause_without_its_own_negation_states_survival(sentence: str) -> None:
    assert _holds("survival", sentence) is True, sentence


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("verb", COMPLEMENTS)
@pytest.mark.parametrize("modal", MODALS)
def test_a_complement_clause_states_the_prohibition_it_holds(
    actor: str, verb: str, modal: str
) -> None:
    # read right before: a right, a duty or a prohibition counts its window's words whole
    forbidden = f"{actor} {verb} that it {modal} not reverse engineer or decompile the Products."
    assert _holds("reverse_engineering", forbidden) is True
    allowed = f"{actor} {verb} that it may decompile the Software."
    assert _holds("reverse_engineering", allowed) is False


# --- the negation of a noun's infinitive is the noun phrase's ---------------------------------

NOUN_PHRASES = [
    "the obligation not to use the Confidential Information",
    "the obligations not to disclose and not to use the Confidential Information",
    "the Recipient's covenant not to disclose any Confidential Information",
    "its undertaking not to use the Evaluation Material",
    "the duty not to disclose",
]
OPENINGS = ["", "{actor} understands that ", "{actor} agrees that "]


def _noun_sentences(negation: str) -> list[str]:
    sentences = []
    for actor in ACTORS:
        for opening in OPENINGS:
            for phrase in NOUN_PHRASES:
                for modal in MODALS:
                    lead = opening.format(actor=actor) + phrase
                    lead = lead[0].upper() + lead[1:]
                    sentences.append(
                        f"{lead} {modal}{negation} survive the termination of this Agreement."
                    )
    return _variants(sentences)


@pytest.mark.parametrize("sentence", _noun_sentences(""))
def test_an_obligation_not_to_act_survives(sentence: str) -> None:
    assert _holds("survival", sentence) is True, sentence


@pytest.mark.parametrize("sentence", _noun_sentences(" not"))
def test_an_obligation_not_to_act_that_does_not_survive(sentence: str) -> None:
    assert _holds("survival", sentence) is False, sentence


@pytest.mark.parametrize("modal", ["shall not", "will not", "agrees not to"])
def test_a_covenant_not_to_do_the_action_itself_still_forbids_it(modal: str) -> None:
    # the noun's infinitive is the action: its negation is the prohibition
    covenant = "The Company's covenant not to compete with the Business shall survive two years."
    assert _holds("non_compete", covenant) is True
    assert _holds("non_compete", f"The Company {modal} compete with the Business.") is True


# --- a thing that ends by itself -------------------------------------------------------------

THINGS = [
    "The licenses granted hereunder",
    "The license granted to {b} under Section 2",
    "Any sublicense granted by {a}",
    "The powers and authorities granted to {b}",
    "Each Statement of Work",
]
PARTIES = [("Northgate", "Halcyon"), ("ACME Widgets", "Orbis Media")]
THINGS_END = _variants(
    [
        f"{thing.format(a=a, b=b)} {modal} {how}terminate {when}."
        for a, b in PARTIES
        for thing in THINGS
        for modal in ("shall not", "will not", "may not", "shall")
        for how in ("", "automatically ")
        for when in (
            "for any reason",
            "at any time",
            "upon the termination of this Agreement for convenience",
        )
    ]
)


@pytest.mark.parametrize("name", TERMINATION)
@pytest.mark.parametrize("sentence", THINGS_END)
def test_a_thing_other_than_the_agreement_ending_says_nothing_of_it(
    name: str, sentence: str
) -> None:
    assert _holds(name, sentence) is None, sentence


AGREEMENT_DOES_NOT_END = _variants(
    [
        f"This {kind} {modal} not terminate upon a change of control of {a}."
        for a, _ in PARTIES
        for kind in ("Agreement", "License Agreement", "Contract")
        for modal in ("shall", "will")
    ]
    + [
        f"This {kind} may not be terminated by {a}."
        for a, _ in PARTIES
        for kind in ("Agreement", "License Agreement")
    ]
)


@pytest.mark.parametrize("sentence", AGREEMENT_DOES_NOT_END)
def test_the_agreement_not_ending_still_speaks_of_its_termination(sentence: str) -> None:
    assert _holds("termination", sentence) is False, sentence


@pytest.mark.parametrize("name", TERMINATION)
@pytest.mark.parametrize(
    "sentence",
    _variants(
        [
            f"{who} may terminate at any time for convenience upon notice."
            for who in ("Northgate", "Either party", "The Licensee", "Each Party")
        ]
        + ["This Agreement may not be terminated by either party for convenience."]
    ),
)
def test_a_party_as_the_subject_is_who_terminates(name: str, sentence: str) -> None:
    expected = not sentence.casefold().startswith("this agreement")
    assert _holds(name, sentence) is expected, sentence


# --- a possessive object ---------------------------------------------------------------------

POSSESSED = _variants(
    [
        f"{a} may terminate {b}{mark} {thing} at any time {why}."
        for a, b in PARTIES
        for mark in ("'s", "’s")
        for thing in (
            "rights under this Agreement",
            "rights hereunder",
            "license",
            "appointment as distributor",
        )
        for why in ("without cause", "for convenience", "for any reason")
    ]
    + [
        f"{a} may terminate {b} Holdings' rights under this Agreement at any time for convenience."
        for a, b in PARTIES
    ]
)


@pytest.mark.parametrize("name", TERMINATION)
@pytest.mark.parametrize("sentence", POSSESSED)
def test_a_partys_rights_ended_are_not_the_agreement(name: str, sentence: str) -> None:
    assert _holds(name, sentence) is None, sentence


@pytest.mark.parametrize("name", TERMINATION)
@pytest.mark.parametrize(
    "sentence",
    _variants(
        [
            f"{a} may terminate {b}{mark} {thing} at any time without cause."
            for a, b in PARTIES
            for mark in ("'s", "’s")
            for thing in ("employment", "Agreement", "participation hereunder")
        ]
        + [
            f"{a} may terminate this Agreement at {a}'s option at any time for convenience."
            for a, _ in PARTIES
        ]
    ),
)
def test_a_possessive_naming_the_agreements_end_is_still_a_right(name: str, sentence: str) -> None:
    assert _holds(name, sentence) is True, sentence


# --- a relative clause in the subject of a right, a duty or a prohibition ---------------------

RELATIVES = [
    "is not marked as confidential",
    "the Recipient does not already possess",
    "has not been published",
]


@pytest.mark.parametrize("info", ["Information", "Any Confidential Information"])
@pytest.mark.parametrize("which", ["that", "which"])
@pytest.mark.parametrize("relative", RELATIVES)
@pytest.mark.parametrize(("modal", "expected"), [("may", True), ("can", True), ("may not", False)])
def test_a_negation_in_the_subjects_relative_clause_is_not_the_rights(
    info: str, which: str, relative: str, modal: str, expected: bool
) -> None:
    sentence = f"{info} {which} {relative} {modal} be disclosed to its employees who need to know."
    for variant in _variants([sentence]):
        assert _holds("sharing_with_employees", variant) is expected, variant


@pytest.mark.parametrize("party", ["Either party", "A party", "Halcyon"])
@pytest.mark.parametrize("relative", ["that is not in breach", "which does not agree"])
@pytest.mark.parametrize(("modal", "expected"), [("may", True), ("may not", False)])
def test_a_partys_relative_clause_is_not_its_rights_negation(
    party: str, relative: str, modal: str, expected: bool
) -> None:
    sentence = f"{party} {relative} {modal} terminate this Agreement upon notice."
    for variant in _variants([sentence]):
        assert _holds("termination", variant) is expected, variant


@pytest.mark.parametrize("modal", ["shall not", "will not", "may not"])
@pytest.mark.parametrize("which", ["that", "which"])
def test_a_relative_clause_leaves_the_prohibition_its_own(modal: str, which: str) -> None:
    forbidden = f"Any Product {which} is not returned {modal} be reverse engineered."
    assert _holds("reverse_engineering", forbidden) is True
    allowed = f"Software {which} the Recipient does not own may be decompiled."
    assert _holds("reverse_engineering", allowed) is False
    # "neither", "no" open the main clause's subject, after a conjunction's "that" too
    for subject in ("neither party", "no Recipient"):
        proviso = f"The Software may be evaluated, provided that {subject} may decompile it."
        assert _holds("reverse_engineering", proviso) is True
