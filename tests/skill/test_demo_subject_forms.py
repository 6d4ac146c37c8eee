"""Issue 33 (session 30): subjects a new user's questions name that the reader lost or let
through, each class over generated names and question forms (read with the reader's public
`QuestionReader`, no knowledge base):

- an unknown name written whole with its legal form where no party word stands before it
  ("restrict Acme from soliciting Zorblax Industries, Inc.'s employees", in lower case too),
  or before a qualifier ("with Zorblax Industries, Inc. without cause"): one name, kept
  for the gate to refuse, never dropped or cut at its form;
- a company named by its short name and its last word, the words between left out
  ("Keystone Bank" of Keystone Commerce Bank, N.A.), after "from", "with", "and" or with a
  possessive: that company;
- a clause named before its agreement's owner ("the non-solicitation covenant in Daniel
  Reyes' employment agreement"): the clause is asked, the owner is the party;
- a thing under an agreement ("Does Halcyon own the tooling under the Brightline
  manufacturing agreement?"): the agreement of both parties is asked, no company named
  "tooling under ...";
- a negation between the actor and its verb ("Can Halcyon not assign the MSA?"): no word of
  the actor's name.
"""

from __future__ import annotations

import itertools

import pytest

from skill import QuestionReader
from skill.linking import name_key

_KNOWN = [
    "Halcyon Robotics, Inc.",
    "Northgate Logistics, Inc.",
    "Brightline Contract Manufacturing Co.",
    "Daniel Reyes",
]

# unknown names with a legal form, and how a possessive is written after each
_UNKNOWN = [
    ("Zorblax Industries, Inc.", "'s"),
    ("Quillmere Data Holdings, LLC", "'s"),
    ("Verson Backhaul Solutions, Inc.", "’s"),
    ("Tarnwick Systems Corp.", "'s"),
    ("Brandovar Metals Ltd.", "'s"),
]
_UNKNOWN_FORMS = [
    "Does the supply agreement restrict Halcyon from soliciting {u}{s} employees?",
    "Is Halcyon prohibited from hiring {u}{s} employees under the MSA?",
    "Can Halcyon terminate the supply agreement with {u} without cause?",
    "What is the governing law of {u}{s} supply agreement with Halcyon?",
]


def _unknown_sample() -> list[tuple[str, str, str, bool]]:
    """Every other case of names x forms x (as written, lower case); the whole product was
    read once by hand."""
    cases = [
        (u, s, form, lower)
        for (u, s), form, lower in itertools.product(_UNKNOWN, _UNKNOWN_FORMS, (False, True))
    ]
    return cases[::2]


@pytest.mark.parametrize(("unknown", "owned", "form", "lower"), _unknown_sample())
def test_an_unknown_name_with_its_legal_form_stays_one_name(
    unknown: str, owned: str, form: str, lower: bool
) -> None:
    question = form.format(u=unknown, s=owned)
    if lower:
        question = question.lower()
    subject = QuestionReader(_KNOWN).read(question)
    keys = [name_key(p) for p in subject.parties]
    # one name, never cut at its form: no other party shares its words or is a form alone
    assert [k for k in keys if k[0] == name_key(unknown)[0]] == [name_key(unknown)], (
        question,
        subject.parties,
    )
    assert all(len(k) > 1 or k == ("halcyon",) for k in keys), (question, subject.parties)


def test_a_legal_form_ending_a_known_lower_case_name_is_read_with_it() -> None:
    reader = QuestionReader(_KNOWN)
    question = "can halcyon terminate the msa with northgate logistics, inc. without cause?"
    keys = sorted(map(name_key, reader.read(question).parties))
    assert keys == [("halcyon",), ("northgate", "logistics", "inc")]


# (the knowledge base's name, its short name and last word)
_HEADED = [
    ("Keystone Commerce Bank, N.A.", "Keystone Bank"),
    ("Ridgeway Freight Logistics, Inc.", "Ridgeway Logistics"),
    ("Tamsin Capital Trust Company", "Tamsin Trust"),
]
_HEADED_FORMS = [
    "What is the interest rate on Halcyon's loan from {h}?",
    "What is the interest rate on Halcyon's loan with {h}?",
    "What is the governing law of the loan agreement between Halcyon and {h}?",
    "Does {h}'s loan agreement with Halcyon allow prepayment?",
]


@pytest.mark.parametrize(
    ("name", "headed", "form"),
    [(n, h, f) for (n, h), f in itertools.product(_HEADED, _HEADED_FORMS)][::2],
)
def test_a_short_name_and_last_word_name_the_company(name: str, headed: str, form: str) -> None:
    question = form.format(h=headed)
    parties = QuestionReader([*_KNOWN, name]).read(question).parties
    assert name_key(name) in [name_key(p) for p in parties], (question, parties)


def test_a_short_name_with_another_last_word_is_another_name() -> None:
    reader = QuestionReader([*_KNOWN, "Keystone Commerce Bank, N.A."])
    parties = reader.read(
        "What is the interest rate on Halcyon's loan from Keystone Trust?"
    ).parties
    assert ("keystone", "trust") in [name_key(p) for p in parties]


_CLAUSES = [
    ("non-solicitation covenant", "non_solicitation"),
    ("non-compete", "non_compete"),
    ("exclusivity provision", "exclusivity"),
]
_CLAUSE_FORMS = [
    "How long does the {c} in {o} employment agreement last?",
    "How long does the {c} under {o} employment agreement last?",
]


@pytest.mark.parametrize(
    ("clause", "attribute", "owner", "form"),
    [
        (c, a, o, f)
        for (c, a), o, f in itertools.product(
            _CLAUSES, ("Daniel Reyes'", "Daniel Reyes's", "Halcyon's"), _CLAUSE_FORMS
        )
    ][::3],
)
def test_a_clause_named_before_the_agreements_owner_is_asked(
    clause: str, attribute: str, owner: str, form: str
) -> None:
    question = form.format(c=clause, o=owner)
    subject = QuestionReader(_KNOWN).read(question)
    assert subject.attribute == attribute, question
    assert [name_key(p)[0] for p in subject.parties] == [name_key(owner)[0]], question


@pytest.mark.parametrize(
    "question",
    [
        "Does Halcyon own the tooling under the Brightline manufacturing agreement?",
        "Does Halcyon own the molds under the manufacturing agreement with Brightline?",
        "Does Northgate own the inventory under the Halcyon MSA?",
        "does halcyon own the tooling under the brightline manufacturing agreement?",
    ],
)
def test_a_thing_under_an_agreement_is_no_company(question: str) -> None:
    subject = QuestionReader(_KNOWN).read(question)
    assert subject.type == "agreement", (question, subject)
    assert len(subject.parties) == 2, (question, subject.parties)


@pytest.mark.parametrize(
    "question",
    [
        "Can Halcyon not assign the MSA?",
        "can halcyon not assign the msa?",
        "May Northgate Logistics, Inc. never assign the MSA?",
    ],
)
def test_a_negation_after_the_actor_is_no_part_of_its_name(question: str) -> None:
    parties = QuestionReader(_KNOWN).read(question).parties
    assert [name_key(p)[-1] for p in parties] in (["halcyon"], ["inc"]), (question, parties)
