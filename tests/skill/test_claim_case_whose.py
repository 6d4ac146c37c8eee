"""The exception as the question, mended (session 33's review of skill/_cases.py):

1. An exception decides the case asked only where it binds the party asked (or no party) and
   its case is of the owner asked: "except that Northgate may assign this Agreement to a
   successor in a merger", "except to a successor of Northgate", "no consent of Halcyon is
   required for Northgate to assign ..." are Northgate's, asked of Halcyon: No, the exception
   carried; "to an affiliate of Northgate" is not "to an Affiliate of Halcyon".
2. Only a yes/no question whose action is an assignment or transfer has its "to a successor /
   an acquirer" case cut from the subject; an event ("upon a change of control of Halcyon")
   keeps its party in every question.
3. A case the question excepts ("other than to a successor in a merger", ", except to ...")
   is no case asked: the rule answers (No).

Questions and sentences are generated over the two parties each way round, lower case, short
and full names (a fixed sample of the product).
"""

from __future__ import annotations

import itertools

import pytest

from skill import ClauseReader, QuestionReader, read_claim

_NAMES = ["Halcyon Robotics, Inc.", "Northgate Logistics, Inc.", "Keystone Commerce Bank, N.A."]
_READER = QuestionReader(_NAMES)
_PAIRS = [("Halcyon", "Northgate"), ("Northgate", "Halcyon")]
_RULE = (
    "Neither party may assign this Agreement without the prior written consent of the other party"
)

# --- 1. whose exception, whose case ------------------------------------------------------------
_OTHERS_EXCEPTIONS = [
    _RULE + ", except that {B} may assign this Agreement to a successor in a merger.",
    _RULE + ", except to a successor of {B} in a merger.",
    _RULE + ", except to {B}'s successor in a merger.",
    _RULE + "; provided that no consent of {A} is required for {B} to assign to a successor in "
    "a merger.",
    _RULE + ", provided, however, that {B} may assign this Agreement to its successor by merger.",
]
_ASKED = [
    "Can {A} assign the MSA to a successor in a merger without {B}'s consent?",
    "can {a} assign the msa to its successor by merger without consent?",
    "May {A} transfer the MSA with {B} to a successor in a merger?",
]


def _whose_cases(templates: list[str]) -> list[tuple[str, str]]:
    out = []
    for i, (rule, asked, (a, b)) in enumerate(itertools.product(templates, _ASKED, _PAIRS)):
        if i % 2 == 0:
            out.append(
                (asked.format(A=a, a=a.lower(), B=b), rule.format(A=a, B=b))
                if i % 4
                else (asked.format(A=a, a=a.lower(), B=b), rule.format(A=a, B=b).lower())
            )
    return out


def _read(question: str, sentence: str) -> tuple[bool | None, tuple[str, ...], tuple[str, ...]]:
    claim = read_claim(question, _READER.read(question))
    assert claim is not None and claim.entry.name == "assignment_without_consent"
    reading, _ = ClauseReader(claim).read(sentence)
    assert reading is not None
    return reading.holds, reading.conditions, reading.exceptions


@pytest.mark.parametrize(("question", "sentence"), _whose_cases(_OTHERS_EXCEPTIONS))
def test_another_partys_exception_does_not_grant_the_case(question: str, sentence: str) -> None:
    holds_, conditions, exceptions = _read(question, sentence)
    assert holds_ is False
    assert not conditions and exceptions


@pytest.mark.parametrize(
    ("question", "sentence"),
    _whose_cases(
        [
            # the same exception written of the party asked, or of no party, still grants it
            _RULE + ", except that {A} may assign this Agreement to a successor in a merger.",
            _RULE + ", except to a successor of {A} in a merger.",
            _RULE + ", except that either party may assign this Agreement to its successor by "
            "merger.",
            _RULE + ", except to a successor in connection with a merger.",
        ]
    ),
)
def test_the_asked_partys_own_exception_grants_the_case(question: str, sentence: str) -> None:
    holds_, conditions, exceptions = _read(question, sentence)
    assert holds_ is True
    assert conditions and not exceptions


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        (
            q.format(A=a, a=a.lower(), B=b, b=b.lower()),
            (_RULE + ", except to an Affiliate of {O}.").format(O=o),
            o == b,
        )
        for q, (a, b), o in itertools.product(
            [
                "Can {A} assign the MSA to an affiliate of {B} without consent?",
                "can {a} assign the msa to an affiliate of {b} without consent?",
            ],
            _PAIRS,
            ["Halcyon", "Northgate"],
        )
    ],
)
def test_a_cases_owner_must_be_the_one_asked(question: str, sentence: str, expected: bool) -> None:
    holds_, _, _ = _read(question, sentence)
    assert holds_ is expected


# --- 3. a case the question excepts -------------------------------------------------------------
@pytest.mark.parametrize(
    "question",
    [
        f.format(A=a, a=a.lower())
        for f, (a, _) in itertools.product(
            [
                "Can {A} assign the MSA without consent other than to a successor in a merger?",
                "Can {A} assign the MSA without consent, except to a successor in a merger?",
                "can {a} transfer the msa without consent save to an acquirer?",
                "May {A} assign the MSA without consent but not to a successor in a merger?",
            ],
            _PAIRS,
        )
    ],
)
def test_a_case_the_question_excepts_is_no_case_asked(question: str) -> None:
    holds_, conditions, exceptions = _read(
        question, _RULE + ", except to a successor in connection with a merger or acquisition."
    )
    assert holds_ is False
    assert not conditions and exceptions


# --- 2. an event keeps its party ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("Does the Northgate MSA terminate upon a change of control of Halcyon?", "Halcyon"),
        ("does the northgate msa terminate upon a change of control of halcyon?", "halcyon"),
        (
            "Can Northgate terminate the MSA with Halcyon in the event of a change of control?",
            "Halcyon",
        ),
        ("What happens to the Keystone loan upon a sale of Halcyon?", "Halcyon"),
        (
            "Does the Keystone loan accelerate upon the acquisition of Halcyon by Northgate?",
            "Halcyon",
        ),
        ("Is the Halcyon loan due upon a merger of Keystone?", "Keystone"),
        (
            "What does the MSA with Northgate say about assignment to a successor of Halcyon?",
            "Halcyon",
        ),
    ],
)
def test_an_event_keeps_its_party(question: str, named: str) -> None:
    parties = [p.casefold() for p in _READER.read(question).parties]
    assert named.casefold() in parties


@pytest.mark.parametrize(
    "question",
    [
        "Can Halcyon assign the MSA to a successor in a merger without Northgate's consent?",
        "can northgate transfer the msa to an acquirer without consent?",
    ],
)
def test_an_assignments_successor_is_no_party(question: str) -> None:
    parties = [p.casefold() for p in _READER.read(question).parties]
    assert all("successor" not in p and "acquir" not in p for p in parties)
