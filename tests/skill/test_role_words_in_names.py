"""A contract role's words are the role, in a question, even where a name the knowledge base
knows opens with them (issue 33/34): "granted to the receiving party" of an NDA asks about
whichever party receives, not about a party bound as "RECEIVING PARTY IDENTIFIED IN ANNEXURE
A" in another document; "the principal" is no short name of Principal Financial Group. The
name itself, written whole, still links. Generated over roles, names opening with them and
question forms; found when a ContractNLI knowledge base refused 116 asks that named "the
receiving party" (a described party in one NDA had been bound as a name)."""

from __future__ import annotations

import pytest

from skill import QuestionReader
from skill.linking import NameLinker, VariantKind

_OTHERS = ["Halcyon Robotics, Inc.", "Northgate Logistics LLC"]
# (a known name that opens with a role's words, the role as questions write it)
_ROLE_NAMES = [
    ("RECEIVING PARTY IDENTIFIED IN ANNEXURE A", "receiving party"),
    ("Disclosing Party Named in Schedule 1", "disclosing party"),
    ("Principal Financial Group, Inc.", "principal"),
    ("Licensee Holdings Ltd", "licensee"),
    ("Escrow Agent Services Company", "escrow agent"),
]
_FORMS = [
    "Does the NDA state that no license is granted to the {role}?",
    "Is any right to the confidential information granted to the {role} under the NDA?",
    "May the {role} keep copies of the confidential information?",
    "Must the {role} return the confidential information?",
    "does the agreement restrict the {role}'s use of the information?",
]


@pytest.mark.parametrize(("name", "role"), _ROLE_NAMES)
def test_a_role_is_no_short_name_of_a_name_opening_with_it(name: str, role: str) -> None:
    shorts = [
        v.key
        for v in NameLinker([name, *_OTHERS]).variants
        if v.name == name and v.kind is VariantKind.SHORT
    ]
    role_words = tuple(role.split())
    assert all(k[: len(role_words)] != role_words or len(k) > len(role_words) for k in shorts)
    assert role_words not in shorts


@pytest.mark.parametrize(("name", "role"), _ROLE_NAMES)
@pytest.mark.parametrize("form", _FORMS)
def test_a_role_in_a_question_names_no_known_party(name: str, role: str, form: str) -> None:
    reader = QuestionReader([name, *_OTHERS])
    question = form.format(role=role)
    assert [m.text for m in reader.names(question)] == [], question


@pytest.mark.parametrize(("name", "role"), _ROLE_NAMES)
def test_the_name_written_whole_still_links(name: str, role: str) -> None:
    reader = QuestionReader([name, *_OTHERS])
    for written in (name, name.lower()):
        question = f"What is the governing law of the agreement between {written} and Halcyon?"
        known = [m.text for m in reader.names(question) if m.known]
        assert written in known, (question, reader.names(question))
