"""A claim of "the MSA" that fits two agreements asks "Which agreement?" however the rest of
the question is worded (review37 D3): only the words that name the agreement asked of (the
span the question reader resolves the subject from) say whether it asks of any or all of the
agreements; a plural ("like other agreements", "as in the licenses") or "a license / lease /
loan" elsewhere says nothing of it. And the invariant where answers are finished: a claim's
answer holding `ambiguous_subject` is never sufficient and never a Yes/No verdict.

Generated variants: agreement names x trailing phrases (plurals, "a <type>") x lower case;
the true over-all forms ("any MSA", "each of the MSAs", "all MSAs") keep their verdicts.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import product
from typing import Any

import pytest

from skill import asks_over_all, which_agreement
from tests.conftest import IngestedKB

_SUBJECTS = ["the MSA", "the Northgate MSA", "the master services agreement", "the NDA"]
_ELSEWHERE = [
    "like other agreements",
    "as in the licenses",
    "than the leases",
    "as a license does",
    "like a lease",
    "as a loan would",
]
_ONE = [
    (q.lower() if i % 2 else q)
    for i, q in enumerate(
        f"Does {subject} renew automatically {tail}?"
        for subject, tail in product(_SUBJECTS, _ELSEWHERE)
    )
]


@pytest.mark.parametrize("question", _ONE)
def test_words_elsewhere_in_the_question_ask_of_one_agreement(question: str) -> None:
    assert not asks_over_all(question), question


_OVER_ALL = ["any MSA", "each of the MSAs", "all MSAs", "every NDA", "either Northgate agreement"]
_ALL = [
    (q.lower() if i % 2 else q)
    for i, q in enumerate(
        f"Does {subject} renew automatically {tail}?"
        for subject, tail in product(_OVER_ALL, ["like other agreements", "as a lease does"])
    )
]


@pytest.mark.parametrize("question", _ALL)
def test_a_quantifier_or_plural_on_the_agreements_words_asks_over_all(question: str) -> None:
    """Controls: these asked over all of them on main too."""
    assert asks_over_all(question), question


# --- the data room, end to end ----------------------------------------------------------------


@pytest.fixture(scope="module")
def runtime(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield rt


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Does the MSA renew automatically like other agreements?",
        "does the msa renew automatically, as a license does?",
        "Is the MSA governed by Ohio law, as in the leases?",
        "Does the master services agreement renew automatically unlike the loans?",
    ],
)
def test_a_claim_of_one_of_two_agreements_asks_which_whatever_follows(
    runtime: Any, question: str
) -> None:
    # asked of one of the two MSAs, not of all: the question back where their verdicts
    # differ (Ohio law), else the one speaking MSA's verdict with the silent one named
    # (renewal: the Ridgeway MSA states none); never sufficient, the signal kept
    a = json.loads(runtime.skill.ask("halcyon", question).to_json())
    text = a["conclusion"]["answer"]
    assert text.startswith("Which agreement?") or (
        text.startswith("Yes — under the MASTER SERVICES AGREEMENT (")
        and text.endswith("states nothing of it")
    ), a["conclusion"]
    assert not a["sufficient"] and "ambiguous_subject" in a["risk_signals"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "question", ["Does every MSA renew automatically?", "does either msa renew automatically?"]
)
def test_a_claim_over_all_agreements_keeps_its_verdict_and_no_ambiguity(
    runtime: Any, question: str
) -> None:
    a = json.loads(runtime.skill.ask("halcyon", question).to_json())
    assert a["conclusion"]["answer"].startswith("Yes — "), a["conclusion"]
    assert "ambiguous_subject" not in a["risk_signals"]


@pytest.mark.slow
def test_no_claim_leaves_sufficient_or_a_verdict_while_its_subject_is_ambiguous(
    runtime: Any,
) -> None:
    """The invariant where fewer than two agreements can be named: a verdict whose subject is
    ambiguous is none."""
    answer = runtime.skill.ask("halcyon", "Is the MSA with Ridgeway governed by Ohio law?")
    assert answer.sufficient and answer.conclusion.answer.startswith("Yes")
    ambiguous = answer.model_copy(
        update={"risk_signals": [*answer.risk_signals, "ambiguous_subject"]}
    )
    finished = which_agreement(ambiguous)
    assert not finished.sufficient and finished.confidence == "low"
    assert finished.conclusion.answer.startswith("Not established — "), finished.conclusion


@pytest.mark.parametrize(
    "question",
    [
        "May Halcyon incur indebtedness?",
        "can northgate pay dividends?",
        "Is Brightline's consent required to assign?",
        "does ridgeway freight owe notice of a breach?",
    ],
)
def test_a_claim_naming_no_agreement_asks_of_the_party_across_them(question: str) -> None:
    """No agreement named: the claim is the party's across its agreements (main asked
    "Which agreement?" of six)."""
    assert asks_over_all(question), question
