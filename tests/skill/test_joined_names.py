"""Issue 33, question side: two names written joined ("Northgate & Halcyon", "the
Halcyon-Brightline NDA", "the Acme/Beta MSA") and names in lower case ("is halcyon's
liability under its msa with northgate unlimited?") read as the parties they are, generated
over parties, joiners, orders, cases, agreement types and question forms, never one sentence;
and what must stay one name, or no name, stays so.
"""

from __future__ import annotations

import itertools

import pytest

from skill import QuestionReader

_KNOWN = QuestionReader(
    [
        "Northgate Logistics, Inc.",
        "Halcyon Robotics, Inc.",
        "Brightline Components, Inc.",
        "Keel Street Capital LLC",
        "Bank of America, N.A.",
        "Johnson & Johnson",
        "A&B Corp",
        "Procter & Gamble Co.",
        "Coca-Cola Bottling Co.",
        "Notice Technologies Inc.",
        "USD Partners LP",
        "One Hanover Holdings LLC",
    ]
)
# (the short name as people write it) pairs of different parties
_PAIRS = [
    ("Northgate", "Halcyon"),
    ("Halcyon", "Brightline"),
    ("Keel Street", "Northgate"),
    ("Halcyon Robotics", "Bank of America"),
]
_TYPES = ["MSA", "NDA", "supply agreement", "Master Services Agreement", "contract"]
_JOINED_FORMS = [
    "Do the obligations of the {pair} {type} survive termination?",
    "Must the receiving party return or destroy confidential information under the {pair} {type}?",
    "What is the governing law of the {pair} {type}?",
    "Does the {pair} {type} renew automatically?",
]
_JOINERS = ["-", "/", " / ", " & "]


def _parties(question: str) -> list[str]:
    subject = _KNOWN.read(question)
    return [p.lower() for p in subject.parties]


def _cases(question: str) -> list[str]:
    return [question, question.lower()]


@pytest.mark.parametrize(
    ("a", "b", "joiner", "form"),
    [
        (a, b, joiner, form)
        for (x, y), joiner, form in itertools.product(_PAIRS, _JOINERS, _JOINED_FORMS)
        for a, b in ((x, y), (y, x))
    ],
)
def test_two_names_joined_before_an_agreement_are_two_parties(
    a: str, b: str, joiner: str, form: str
) -> None:
    for agreement_type in _TYPES:
        for question in _cases(form.format(pair=f"{a}{joiner}{b}", type=agreement_type)):
            assert sorted(_parties(question)) == sorted([a.lower(), b.lower()]), question


@pytest.mark.parametrize(("a", "b"), [p for x, y in _PAIRS for p in ((x, y), (y, x))])
def test_a_pair_joined_by_an_ampersand_in_a_list_is_two_parties(a: str, b: str) -> None:
    for agreement_type in _TYPES:
        for question in (
            f"Does the {agreement_type} between {a} & {b} renew automatically?",
            f"Is the {agreement_type} between {a} & {b} governed by the laws of Delaware?",
            f"What is the governing law of the {agreement_type} between {a} & {b}?",
            f"Does {a} & {b}'s {agreement_type} allow assignment?",
        ):
            for asked in _cases(question):
                assert sorted(_parties(asked)) == sorted([a.lower(), b.lower()]), asked


@pytest.mark.parametrize(("a", "b"), [p for x, y in _PAIRS for p in ((x, y), (y, x))])
def test_names_in_lower_case_are_read_where_a_party_is_named(a: str, b: str) -> None:
    a, b = a.lower(), b.lower()
    for agreement_type in ("msa", "nda", "supply agreement", "contract"):
        for question in (
            f"is {a}'s liability under its {agreement_type} with {b} unlimited?",
            f"does the {agreement_type} between {a} and {b} renew automatically?",
            f"can {a} terminate its {agreement_type} with {b} for convenience?",
            f"do the obligations of {a}'s {agreement_type} with {b} survive termination?",
            f"what is the governing law of {a}'s {agreement_type} with {b}?",
        ):
            assert sorted(_parties(question)) == sorted([a, b]), question


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("Does Johnson & Johnson's NDA with Northgate allow assignment?", "johnson & johnson"),
        ("Do the obligations of the A&B Corp NDA with Northgate survive?", "a&b corp"),
        ("Is Procter & Gamble's MSA with Halcyon assignable?", "procter & gamble"),
        ("Does the Coca-Cola MSA with Halcyon renew automatically?", "coca-cola"),
    ],
)
def test_a_joined_name_the_knowledge_base_knows_whole_stays_one(question: str, name: str) -> None:
    for asked in _cases(question):
        assert name in _parties(asked), asked


def test_the_same_word_on_both_sides_is_one_name() -> None:
    reader = QuestionReader(["Johnson Controls, Inc.", "Northgate Logistics, Inc."])
    for question in (
        "Does the NDA between Johnson & Johnson and Northgate renew automatically?",
        "Do the obligations of the Johnson-Johnson NDA survive termination?",
    ):
        assert reader.names(question)[0].text.startswith("Johnson"), question
        assert "Johnson" not in reader.read(question).parties, question


@pytest.mark.parametrize(
    "question",
    [
        "how much notice is required to terminate the msa with northgate?",
        "is the msa with northgate governed by delaware law? answer in usd for fy2023.",
        "what is the usd amount of the liability cap in the msa with northgate?",
        "does the msa with northgate contain a notice provision?",
        "may the msa with northgate and one of its affiliates be assigned?",
        "what is the fee under the msa with northgate, rounded to one decimal place?",
    ],
)
def test_ordinary_words_in_lower_case_are_no_names(question: str) -> None:
    # "notice", "usd" and "one" open names the knowledge base knows (Notice Technologies, USD
    # Partners, One Hanover), but they stand where no party is named, or are closed vocabulary
    assert _parties(question) == ["northgate"]


def test_a_joined_pair_with_an_unknown_side_stays_unknown() -> None:
    for question in (
        "Do the obligations of the Halcyon-Zorblax NDA survive termination?",
        "Does the MSA between Northgate & Zorblax Industries renew automatically?",
    ):
        names = _KNOWN.names(question)
        assert any(not m.known and "Zorblax" in m.text for m in names), question
