"""Issue 33: a name the knowledge base does not know, written after capitalised words that
never open a name ("with American Quillmere"), is a party, but only where a party is named.
Three classes of ordinary questions that reading refused, each over generated forms:

- a capitalised place or institution after "of the" / "by the" / "under the" ("governed by
  the laws of the United Kingdom", "resolved by the American Arbitration Association") is
  the question's words, never a party: the slot is given back only after the words that
  introduce a party (with, between, and) or the question's opening auxiliary;
- a question's opening auxiliary or modal ("May", a month too) is never stripped as the
  first word of the name after it: "May Quillmere solicit employees?" is an absent subject,
  never a question that names nothing;
- pieces of a party list opened by a word that opens no name ("its affiliates", "All
  Amendments") or made of document words ("the Exhibits") are no party.
"""

from __future__ import annotations

import itertools

import pytest

from skill import EvidenceSkill, QuestionReader
from tests.skill.conftest import ACME, GLOBEX, KB

_OTHERS = ["Keel Street Capital LLC", "Cardlytics, Inc.", "Bank of America, N.A."]
_READER = QuestionReader([ACME, GLOBEX, *_OTHERS])
_TITLES = ["Master Services Agreement", "MSA", "services agreement"]

# capitalised places and institutions that open with never-a-name words ("United",
# "American", "National"), and the words that put them in a question
_PLACES = [
    "United Kingdom",
    "United Arab Emirates",
    "American Arbitration Association",
    "American National Standards Institute",
    "National Labor Relations Board",
    "United States Patent and Trademark Office",
]
_PLACE_FORMS = [
    "Is the {t} governed by the laws of the {p}?",
    "Are disputes under {a}'s {t} resolved by the {p}?",
    "Must the goods under the {t} with {b} meet standards of the {p}?",
    "is the {t} between {a} and {b} subject to the rules of the {p}?",
    "Does the {t} require filings in the {p}?",
    "Is the {t} enforceable in the courts of the {p}?",
]


def _words(name: str) -> set[str]:
    return {w.lower() for w in name.split()}


@pytest.mark.parametrize(
    ("form", "place"),
    [
        pytest.param(f, p, id=f"{k}-{p.split()[-1]}")
        for (k, f), p in itertools.product(enumerate(_PLACE_FORMS), _PLACES)
    ],
)
def test_a_place_or_institution_after_of_or_by_is_no_party(form: str, place: str) -> None:
    for title, (a, b) in itertools.product(_TITLES, (("Acme", "Globex"), ("Globex", "Acme"))):
        question = form.format(t=title, a=a, b=b, p=place)
        parties = _READER.read(question).parties
        assert not any(_words(place) & _words(party) for party in parties), (question, parties)


@pytest.mark.parametrize(
    "question",
    [
        "Is the Master Services Agreement between Acme and Globex governed by the laws of the "
        "United Kingdom?",
        "Are disputes under Acme's Master Services Agreement resolved by the American "
        "Arbitration Association?",
        "Must deliveries under Globex's MSA with Acme meet standards of the American National "
        "Standards Institute?",
    ],
)
def test_a_question_naming_a_place_is_answered(skill: EvidenceSkill, question: str) -> None:
    assert skill.ask(KB, question).terminal_state != "SUBJECT_NOT_FOUND", question


# an opening auxiliary or modal ("May" is a month too) before a name the knowledge base does
# not know, and before the parties it knows
_AUXILIARIES = ["May", "Must", "Will", "Can", "Shall", "Does", "Did"]
_UNKNOWNS = ["Quillmere", "Zorblax Holdings", "Brandovar LLC"]


@pytest.mark.parametrize("auxiliary", _AUXILIARIES)
def test_an_opening_auxiliary_is_never_a_word_of_the_name_after_it(auxiliary: str) -> None:
    for unknown in _UNKNOWNS:
        question = f"{auxiliary} {unknown} solicit employees of the other party?"
        parties = _READER.read(question).parties
        assert auxiliary.lower() not in {w for p in parties for w in _words(p)}, (
            question,
            parties,
        )
    question = f"{auxiliary} Acme and Globex compete with each other?"
    assert [p.lower() for p in _READER.read(question).parties] == ["acme", "globex"], question


@pytest.mark.parametrize(("auxiliary", "unknown"), [("May", "Quillmere"), ("Must", "Zorblax")])
def test_an_unknown_name_after_an_opening_modal_is_an_absent_subject(
    skill: EvidenceSkill, auxiliary: str, unknown: str
) -> None:
    question = f"{auxiliary} {unknown} solicit employees?"
    assert skill.ask(KB, question).terminal_state == "SUBJECT_NOT_FOUND", question


def test_a_month_opening_a_question_keeps_the_party_after_it(skill: EvidenceSkill) -> None:
    question = "May Acme and Globex compete with each other?"
    assert skill.ask(KB, question).terminal_state != "SUBJECT_NOT_FOUND", question


# pieces of a party list that name no party: opened by a word that opens no name, or of
# document words only
_NO_NAMES = [
    "its affiliates",
    "Its Affiliates",
    "their subsidiaries",
    "all amendments",
    "All Amendments",
    "the Exhibits",
    "Exhibits and Schedules",
    "each of its Affiliates",
]
_LIST_FORMS = [
    "Does the {t} with {b} and {x} restrict assignment?",
    "Is the {t} with {b} with {x} governed by Delaware law?",
    "Does {a}'s {t} with {b} and {x} have a non-compete?",
    "Is the {t} between {a} and {b} and {x} exclusive?",
]


@pytest.mark.parametrize(
    ("form", "piece"),
    [
        pytest.param(f, x, id=f"{k}-{x.replace(' ', '_')}")
        for (k, f), x in itertools.product(enumerate(_LIST_FORMS), _NO_NAMES)
    ],
)
def test_a_pronoun_or_document_piece_of_a_party_list_is_no_party(form: str, piece: str) -> None:
    for a, b in (("Acme", "Globex"), ("Globex", "Acme")):
        question = form.format(t="Master Services Agreement", a=a, b=b, x=piece)
        parties = [p.lower() for p in _READER.read(question).parties]
        assert set(parties) <= {a.lower(), b.lower()} and b.lower() in parties, (
            question,
            parties,
        )


def test_a_party_list_with_its_affiliates_is_answered(skill: EvidenceSkill) -> None:
    question = (
        "Does the Master Services Agreement with Globex and its affiliates restrict assignment?"
    )
    assert skill.ask(KB, question).terminal_state != "SUBJECT_NOT_FOUND", question
    # and an unknown party beside them is still refused
    question = (
        "Does the Master Services Agreement with Quillmere and its affiliates restrict assignment?"
    )
    assert skill.ask(KB, question).terminal_state == "SUBJECT_NOT_FOUND", question
