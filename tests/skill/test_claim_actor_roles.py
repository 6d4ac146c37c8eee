"""The actor of a yes/no claim: which party's right or duty a question asks (review of
session 32).

1. A cap naming the asked party as the one owed ("Beta's liability to Acme shall not exceed
   $10", "towards Acme", "owed to Acme") is the other party's cap, never the asked party's;
   "the liability of Acme" is asked of Acme as "Acme's liability" is.
2. A role asked in the passive ("Can the Executive be terminated without cause?", "Is the
   Executive entitled to severance if terminated without cause?") is the one acted on: the
   agent after "by" acts, else the one other party; asked active, the role acts.
3. A causative's object is the actor of the restricted action in both paths ("Can Halcyon
   keep / stop / prevent / block Keystone from assigning ...?": Keystone); words naming no
   party ("anyone", "new investors") are no party added to the subject.

Generated over parties (short names, "&", roles), wordings and lower case, a fixed sample.
"""

from __future__ import annotations

import itertools

import pytest

from domain import Binding, BindingType, SourceLocation, SubjectType
from skill import (
    Candidate,
    ClauseReader,
    SubjectClass,
    parse_subject,
    question_claim,
    read_claim,
    with_party_terms,
    with_role_actor,
)
from tests.skill.claim_reading import RESTRICTION_PARTIES


def _subject(*parties: str) -> SubjectClass:
    return parse_subject(
        {"type": "agreement", "attribute": "obligations", "constraints": {"parties": list(parties)}}
    )


# --- 1. whose liability: the holder, never the party owed ------------------------------------

_OWED_CAPS = [
    "{b}'s liability to {a} shall not exceed $10.",
    "In no event shall {b}'s aggregate liability towards {a} exceed the fees paid.",
    "The total liability of {b} owed to {a} under this Agreement shall not exceed $1,000.",
]
_ASKED = [
    ("Is {a}'s liability capped?", False),
    ("is {a}'s liability unlimited?", True),
    ("Is the liability of {a} capped?", False),
    ("Is the total liability of {a} to {b} unlimited under the agreement?", True),
    ("is the aggregate liability of {a} limited?", False),
]


def _liability_cases() -> list[tuple[str, str, str, bool, str]]:
    out = []
    for (a, b), (question, negated), cap in itertools.product(
        RESTRICTION_PARTIES[:3], _ASKED, _OWED_CAPS
    ):
        out.append((a, b, question.format(a=a, b=b), negated, cap.format(a=a, b=b)))
    return out[::2]


@pytest.mark.parametrize("a, b, question, negated, cap", _liability_cases())
def test_a_cap_owed_to_the_asked_party_is_not_its_cap(
    a: str, b: str, question: str, negated: bool, cap: str
) -> None:
    if question[:1].islower():
        question, cap = question.lower(), cap.lower()
    claim = read_claim(question, _subject(a, b))
    assert claim is not None and claim.entry.name == "liability_capped", question
    assert claim.actor == a and claim.negated is negated, (question, claim.actor)
    reading, _ = ClauseReader(claim).read(cap)
    assert reading is None, (question, cap, reading)


@pytest.mark.parametrize(
    "question", ["Is the liability of {a} capped?", "is the aggregate liability of {a} limited?"]
)
@pytest.mark.parametrize("a, b", RESTRICTION_PARTIES[:3])
def test_the_liability_of_a_party_binds_it_and_its_own_cap_speaks(
    question: str, a: str, b: str
) -> None:
    q = question.format(a=a)
    claim = read_claim(q, _subject(a, b))
    assert claim is not None and claim.actor == a, q
    reading, _ = ClauseReader(claim).read(f"{a}'s liability to {b} shall not exceed $10.")
    assert reading is not None and reading.holds is True, q


# --- 2. a role asked in the passive is the one acted on --------------------------------------


def _party(name: str, term: str, line: int) -> Binding:
    return Binding(
        binding_id=f"{name}-{line}",
        subject_name=name,
        subject_key=name.lower().replace(" ", "_"),
        subject_type=SubjectType.LEGAL_ENTITY,
        role="party",
        binding_type=BindingType.EXPLICIT_STATEMENT,
        attributes={"defined_terms": term},
        quote=f'{name} (the "{term}")',
        location=SourceLocation(
            document="employment.pdf",
            document_id="employment",
            page=1,
            line_start=line,
            line_end=line,
            char_start=0,
            char_end=10,
        ),
    )


_ROLES = [
    ("Halcyon Robotics, Inc.", "Company", "Daniel Reyes", "Executive"),
    ("Keystone Bank", "Lender", "Halcyon & Co.", "Borrower"),
    ("Acme", "Licensor", "Beta", "Licensee"),
]


def _candidates(first: str, first_term: str, second: str, second_term: str) -> list[Candidate]:
    bindings = (_party(first, first_term, 1), _party(second, second_term, 2))
    return [
        Candidate(
            subject_id="employment",
            name="agreement",
            subject_type="agreement",
            bindings=bindings,
        )
    ]


_PASSIVES = [
    # (question, whose right: "acted" the role asked, "other" the other party)
    ("Can the {y} be terminated without cause?", "other"),
    ("can the {y} be terminated by the {x} without cause?", "other"),
    ("Is the {y} entitled to severance if terminated without cause?", "other"),
    ("Can the {y} terminate this agreement without cause?", "acted"),
    ("may the {y} terminate the agreement for convenience?", "acted"),
]


@pytest.mark.parametrize(("question", "whose"), _PASSIVES)
@pytest.mark.parametrize("roles", _ROLES)
def test_a_role_asked_in_the_passive_is_acted_on(
    question: str, whose: str, roles: tuple[str, str, str, str]
) -> None:
    x_name, x, y_name, y = roles
    q = question.format(x=x, y=y)
    if q[:1].islower():
        q = q.lower()
    claim = read_claim(q, _subject(x_name, y_name))
    assert claim is not None and claim.entry.name == "termination_without_cause", q
    assert claim.actor is None
    candidates = _candidates(x_name, x, y_name, y)
    claim = with_party_terms(with_role_actor(claim, q, candidates), candidates)
    assert claim.actor == (y_name if whose == "acted" else x_name), (q, claim.actor)
    sentence = f"The {y} may terminate this Agreement without cause upon 30 days' notice."
    reading, _ = ClauseReader(claim).read(sentence)
    if whose == "other":
        # the role's own right says nothing of whether the other party may terminate it
        assert reading is None, (q, reading)
    else:
        assert reading is not None and reading.holds is True, (q, reading)


def test_a_role_causative_makes_its_object_the_actor() -> None:
    x_name, x, y_name, y = _ROLES[1]
    for q in (
        f"Can the {x} prevent the {y} from assigning the agreement?",
        f"can the {x.lower()} keep the {y.lower()} from assigning the agreement?",
    ):
        claim = read_claim(q, _subject(x_name, y_name))
        assert claim is not None and claim.entry.name == "assignment_without_consent", q
        claim = with_role_actor(claim, q, _candidates(x_name, x, y_name, y))
        assert claim.actor == y_name, (q, claim.actor)


# --- 3. causatives: the object acts ----------------------------------------------------------

_CAUSATIVE_VERBS = ["keep", "stop", "prevent", "block", "prohibit"]
_CAUSATIVE_ACTS = [
    ("assigning the loan", "assignment_without_consent"),
    ("competing with {x}", "non_compete"),
]


def _causative_cases() -> list[tuple[str, str, str, str]]:
    out = []
    pairs = [("Halcyon", "Keystone"), ("Acme & Sons", "Beta Group"), ("northgate", "halcyon")]
    for (x, y), verb, (act, name) in itertools.product(pairs, _CAUSATIVE_VERBS, _CAUSATIVE_ACTS):
        out.append((x, y, f"Can {x} {verb} {y} from {act.format(x=x)}?", name))
    return out[::2]


@pytest.mark.parametrize("x, y, question, name", _causative_cases())
def test_a_causatives_object_is_the_actor(x: str, y: str, question: str, name: str) -> None:
    parties = (x.title() if x.islower() else x, y.title() if y.islower() else y)
    claim = read_claim(question, _subject(*parties))
    assert claim is not None and claim.entry.name == name, question
    assert claim.actor == parties[1], (question, claim.actor)


@pytest.mark.parametrize(
    "question",
    [
        "Can Keystone stop anyone from paying dividends?",
        "can keystone prevent new investors from buying shares?",
        "Can the loan agreement stop new investors from buying shares?",
        "Can Keystone keep the borrower from paying dividends?",
    ],
)
def test_a_causatives_object_naming_no_party_adds_none(question: str) -> None:
    subject = _subject("Halcyon", "Keystone")
    claim = read_claim(question, subject)
    assert claim is None or claim.entry.name != "retaining_copies", question
    asked = question_claim(question, subject)
    if asked is not None:
        claim, subject = asked
        assert sorted(subject.parties) == ["Halcyon", "Keystone"], subject.parties
        assert claim.actor in ("Halcyon", "Keystone"), claim.actor


@pytest.mark.parametrize(
    "question", ["Can the Recipient keep copies of the information?", "may acme keep one copy?"]
)
def test_keep_without_from_is_still_copies_kept(question: str) -> None:
    claim = read_claim(question, _subject("Acme", "Recipient"))
    assert claim is not None and claim.entry.name == "retaining_copies", question
