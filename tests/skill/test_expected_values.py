"""An expected value is the claim "attribute = that value", judged by the engine (issue 34):
on the data room ingested by the real pipeline, a right value is a match, a wrong one a
mismatch, a value for a subject the knowledge base lacks is not established; spellings of
one value (generated below) are read alike; the answer is otherwise the one asked without
it, and a batch counts the outcomes."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest

from skill import ValueComparison
from tests.conftest import IngestedKB

NY_MSA = "What is the governing law of the MSA between Halcyon Robotics and Northgate Logistics?"
OHIO_MSA = "Which state's law governs the Northgate-Ridgeway master services agreement?"
CAP = "What's the liability cap under Halcyon's master services agreement with Northgate?"
RENEWAL = "How long is each renewal term under the Halcyon/Northgate MSA?"
FOUNDERS = "Who founded Halcyon Robotics, Inc.?"
ABSENT = "What is the governing law of the MSA between Halcyon Robotics and Ridgeway Freight?"
SUBSIDIARY = "Is Halcyon Robotics GmbH a subsidiary of Halcyon Robotics, Inc.?"
OBLIGATIONS = "What are the receiving party's obligations under the Halcyon-Brightline NDA?"
# a figure read from the financial statements' cells (printed in USD thousands)
REVENUE = "What was Halcyon's revenue in 2023?"
REVENUE_K = "what was halcyon robotics' revenue for fiscal 2023, in USD thousands?"
NET_LOSS = "What was Halcyon's net income in 2023?"
# a topic's passages: the one that states the expected words states it, others say nothing
ROBOTS = "How many robots has Halcyon deployed?"


def _spellings(name: str, code: str) -> list[str]:
    """How an analyst writes a state's law."""
    return [name, f"the State of {name}", f"{name} law", f"{code} law", code, f"the laws of {name}"]


def _amounts(millions: int, words: str) -> list[str]:
    whole = f"{millions * 1_000_000:,}"
    return [
        f"USD {whole}",
        f"${whole}",
        f"${millions} million",
        f"US${millions}m",
        f"{words} million dollars",
        f"{whole} US dollars",
    ]


def _periods(years: int, words: str, month_words: str) -> list[str]:
    months = years * 12
    return [
        f"{years} year" + ("s" if years > 1 else ""),
        f"{words} ({years}) year" + ("s" if years > 1 else ""),
        f"{months} months",
        f"{month_words} months",
        f"{month_words} ({months}) months",
    ]


@pytest.mark.parametrize(
    ("kind", "variants", "canonical"),
    [
        ("jurisdiction", _spellings("New York", "NY"), "New York"),
        ("jurisdiction", _spellings("Ohio", "OH"), "Ohio"),
        ("money", _amounts(5, "five"), "USD 5,000,000"),
        ("money", _amounts(3, "three"), "USD 3,000,000"),
        ("duration", _periods(1, "one", "twelve"), "12 months"),
        ("duration", _periods(2, "two", "twenty-four"), "24 months"),
    ],
)
def test_spellings_of_one_value_are_read_alike(
    kind: str, variants: list[str], canonical: str
) -> None:
    comparison = ValueComparison(kind=kind, names=False)
    assert {v: comparison.canonical(v) for v in variants} == dict.fromkeys(variants, canonical)


def test_other_values_stay_apart() -> None:
    law = ValueComparison(kind="jurisdiction", names=False)
    assert law.canonical("Texas") == "Texas" and law.canonical("TX law") == "Texas"
    # capitals only: a lower-case word is never a state's code
    assert law.canonical("in") == "in"
    days = ValueComparison(kind="duration", names=False)
    assert days.canonical("30 days") != days.canonical("1 month")
    assert days.canonical("2 weeks") == days.canonical("fourteen days")
    assert days.canonical("10 business days") != days.canonical("10 days")
    # a loss is never read as the same amount of profit
    money = ValueComparison(kind="money", names=False)
    losses = ["-$7.287 million", "USD -7,287 thousand", "($7,287,000)", "\u2212US$7,287,000"]
    assert {money.canonical(v) for v in losses} == {"USD -7,287,000"}
    assert money.canonical("$7.287 million") == "USD 7,287,000"
    yes_no = ValueComparison(kind=None, names=False, yes_no=True)
    assert [yes_no.read(v) for v in (True, "Yes", "true", False, "no")] == [
        "yes",
        "yes",
        "yes",
        "no",
        "no",
    ]


@pytest.fixture(scope="module")
def runtime(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield rt


def _evaluation(runtime: Any, question: str, expected: Any) -> dict[str, Any]:
    answer = runtime.skill.ask("halcyon", question, expected_value=expected)
    plain = runtime.skill.ask("halcyon", question)
    # the answer is the one asked without an expected value, plus its evaluation
    assert answer.model_copy(update={"evaluation": None}).to_json() == plain.to_json()
    assert "evaluation" not in plain.to_dict()
    evaluation: dict[str, Any] = answer.to_dict()["evaluation"]
    cited = {u.evidence_id for u in answer.evidence}
    assert set(evaluation["evidence_ids"]) <= cited
    return evaluation


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "expected", "outcome", "decision"),
    [
        (NY_MSA, "New York", "match", "SUPPORTED"),
        (OHIO_MSA, "Ohio", "match", "SUPPORTED"),
        (OHIO_MSA, "Texas", "mismatch", "CONTRADICTED"),
        (CAP, "$5 million", "match", "SUPPORTED"),
        (CAP, "USD 3,000,000", "mismatch", "CONTRADICTED"),
        (RENEWAL, "twenty-four months", "match", "SUPPORTED"),
        (RENEWAL, "1 year", "mismatch", "CONTRADICTED"),
        # one of several values: a founder named is one; a stranger is contradicted
        (FOUNDERS, "Tomas Lindgren", "match", "SUPPORTED"),
        (FOUNDERS, "John Doe", "mismatch", "CONTRADICTED"),
        (SUBSIDIARY, True, "match", "SUPPORTED"),
        (SUBSIDIARY, "no", "mismatch", "CONTRADICTED"),
        # quoted sentences: the words of one of them are stated, other words are not
        (
            OBLIGATIONS,
            "shall hold the Disclosing Party's Confidential Information",
            "match",
            "SUPPORTED",
        ),
        (
            OBLIGATIONS,
            "may disclose the Confidential Information to anyone",
            "mismatch",
            "CONTRADICTED",
        ),
        # the subject is not in the knowledge base: nothing observed
        (ABSENT, "Ohio", "not_established", "INSUFFICIENT"),
        # figures: money however written; a bare number in the scale asked, else printed
        (REVENUE, "$48.21 million", "match", "SUPPORTED"),
        (REVENUE, 48210, "match", "SUPPORTED"),
        (REVENUE, "USD 47 million", "mismatch", "CONTRADICTED"),
        (REVENUE_K, "48,210", "match", "SUPPORTED"),
        (REVENUE_K, 47000, "mismatch", "CONTRADICTED"),
        (NET_LOSS, "(7,287)", "match", "SUPPORTED"),
        (NET_LOSS, "-$7.287 million", "match", "SUPPORTED"),
        (NET_LOSS, 7287, "mismatch", "CONTRADICTED"),
        (ROBOTS, "1,100", "match", "SUPPORTED"),
        (ROBOTS, "5,000", "not_established", "INSUFFICIENT"),
    ],
)
def test_the_engine_judges_the_expected_value(
    runtime: Any, question: str, expected: Any, outcome: str, decision: str
) -> None:
    evaluation = _evaluation(runtime, question, expected)
    assert (evaluation["outcome"], evaluation["decision"]) == (outcome, decision)
    assert evaluation["expected_value"] == expected
    assert bool(evaluation["evidence_ids"]) is (outcome != "not_established")


@pytest.mark.slow
@pytest.mark.parametrize("spelling", _spellings("New York", "NY"))
def test_every_spelling_of_the_right_value_matches(runtime: Any, spelling: str) -> None:
    evaluation = _evaluation(runtime, NY_MSA, spelling)
    assert (evaluation["outcome"], evaluation["read_as"]) == ("match", "New York")


@pytest.mark.slow
def test_an_invalid_expected_value_is_the_callers_error(runtime: Any) -> None:
    from skill import ContractError

    for bad in ("  ", ["New York"]):
        with pytest.raises(ContractError, match="expected_value"):
            runtime.skill.ask("halcyon", NY_MSA, expected_value=bad)


@pytest.mark.slow
def test_a_batch_counts_the_outcomes(runtime: Any) -> None:
    from app import (
        evaluation_summary,
        parse_questions,
        render_csv,
        render_html,
        run_batch,
        summary_text,
    )

    lines = [
        {"id": "ny", "question": NY_MSA, "expected_value": "NY law"},
        {"id": "tx", "question": OHIO_MSA, "expected_value": "Texas"},
        {"id": "absent", "question": ABSENT, "expected_value": "Ohio"},
        {"id": "plain", "question": CAP},
        {"id": "bad", "question": "banana banana banana", "expected_value": "x"},
    ]
    items = parse_questions("".join(json.dumps(line) + "\n" for line in lines))
    results = run_batch(runtime.skill, "halcyon", items)
    assert [r.get("evaluation", {}).get("outcome") for r in results] == [
        "match",
        "mismatch",
        "not_established",
        None,
        None,
    ]
    assert "evaluation" not in results[3] and results[4]["expected_value"] == "x"
    summary = evaluation_summary(results)
    assert summary == {
        "questions": 5,
        "with_expected_value": 4,
        "match": 1,
        "mismatch": 1,
        "not_established": 1,
        "error": 1,
        "accuracy": 0.25,
    }
    assert summary_text(summary) == (
        "4 with an expected value: 1 match, 1 mismatch, 1 not established, 1 error; accuracy 25.0%"
    )
    rows = list(csv.DictReader(io.StringIO(render_csv(results))))
    assert [r["outcome"] for r in rows] == ["match", "mismatch", "not_established", "", "error"]
    page = render_html(results)
    assert '<div class="o mismatch">mismatch</div>' in page
    assert "4 with an expected value." in page and "accuracy: 25.0%" in page
    # without expected values the report has no such line
    assert "with an expected value" not in render_html([results[3]])
