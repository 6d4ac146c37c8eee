"""The judgement vocabulary of domain/lexicon/financial.yaml (issue 35, item 5): which
judgement a question names and the metrics that bear on it, and the test it states, if any
(a threshold, a course over the years, turned around by a negation)."""

from __future__ import annotations

import pytest

from domain import (
    JudgementTest,
    asks_cause,
    asks_degree,
    asks_yes_no,
    financial_judgements,
    judged_metrics,
    judgement_asked,
    judgement_test,
)


def test_every_judgement_names_metrics_of_the_registry() -> None:
    names = {j.name for j in financial_judgements()}
    assert {"capital_intensity", "liquidity", "leverage", "profitability"} <= names
    assert all(j.metrics and j.asks for j in financial_judgements())


@pytest.mark.parametrize(
    ("question", "metrics"),
    [
        (
            "Is Kestrel & Co a capital-intensive business?",
            ["capex_to_revenue", "ppe_to_total_assets"],
        ),
        ("How capital intensive is 3M?", ["capex_to_revenue", "ppe_to_total_assets"]),
        ("Does Best Buy have a healthy liquidity position?", ["current_ratio", "quick_ratio"]),
        ("Is the company's leverage high?", ["debt_to_equity", "interest_coverage"]),
        ("Is Halcyon's operating margin improving?", ["operating_margin"]),
        ("What drove the change in gross margin?", ["gross_margin"]),
        ("Does the credit agreement have a leverage covenant?", []),
        ("Is the current ratio covenant in the credit facility above 1.5?", []),
        ("Did the company meet its operating margin target?", []),
    ],
)
def test_the_metrics_a_judgement_bears_on(question: str, metrics: list[str]) -> None:
    assert [m.name for m in judged_metrics(question)] == metrics


def test_a_question_names_a_judgement_or_none() -> None:
    judgement = judgement_asked("Is 3M an asset-heavy business?")
    assert judgement is not None and judgement.name == "capital_intensity"
    assert judgement_asked("What was 3M's FY2018 current ratio?") is None


@pytest.mark.parametrize(
    ("question", "yes_no", "cause"),
    [
        ("Is 3M capital intensive?", True, False),
        ("Didn't 3M's margin rise?", True, False),
        ("What drove the change in gross margin?", False, True),
        ("Why did operating margin fall in FY2022?", False, True),
        ("What was the percentage increase in revenue from FY2017 to FY2018?", False, False),
    ],
)
def test_how_a_judgement_is_asked(question: str, yes_no: bool, cause: bool) -> None:
    assert (asks_yes_no(question), asks_cause(question)) == (yes_no, cause)


@pytest.mark.parametrize(
    ("question", "years", "test"),
    [
        ("Is the current ratio above 1.5?", 1, JudgementTest(">", 1.5, "1.5")),
        ("Is the current ratio greater than 1,000?", 1, JudgementTest(">", 1000.0, "1,000")),
        ("Was the operating margin at least 20%?", 1, JudgementTest(">=", 20.0, "20%")),
        ("Is the quick ratio no more than 0.8?", 1, JudgementTest("<=", 0.8, "0.8")),
        ("Is the current ratio below 1?", 1, JudgementTest("<", 1.0, "1")),
        ("Is the current ratio not above 2?", 1, JudgementTest(">", 2.0, "2", negated=True)),
        ("Isn't the current ratio above 1.5?", 1, JudgementTest(">", 1.5, "1.5")),
        (
            "Did operating margin rise in each of the last three years?",
            0,
            JudgementTest(direction="up"),
        ),
        ("Did the margin decline from FY2021 to FY2022?", 2, JudgementTest(direction="down")),
        (
            "Did the margin not decline from FY2021 to FY2022?",
            2,
            JudgementTest(direction="down", negated=True),
        ),
        ("Is Halcyon's operating margin improving?", 0, None),
        ("Is the current ratio above average?", 1, None),
        ("Is 3M capital intensive?", 0, None),
    ],
)
def test_the_test_a_question_states(question: str, years: int, test: JudgementTest | None) -> None:
    assert judgement_test(question, years) == test


@pytest.mark.parametrize(
    ("test", "values", "holds"),
    [
        (JudgementTest(">", 1.5, "1.5"), (1.89,), True),
        (JudgementTest(">", 1.89, "1.89"), (1.89,), False),
        (JudgementTest(">=", 1.89, "1.89"), (1.89,), True),
        (JudgementTest(">", 2.0, "2", negated=True), (1.89,), True),
        (JudgementTest(direction="up"), (23.3, 24.3, 22.0), False),
        (JudgementTest(direction="up"), (21.0, 22.0, 23.0), True),
        (JudgementTest(direction="down"), (24.3, 22.0), True),
        (JudgementTest(direction="down", negated=True), (24.3, 22.0), False),
        (JudgementTest(direction="up"), (22.0,), False),
    ],
)
def test_a_test_holds_of_figures(
    test: JudgementTest, values: tuple[float, ...], holds: bool
) -> None:
    assert test.holds(values) is holds


@pytest.mark.parametrize("year", ["2022", "2019", "2008"])
@pytest.mark.parametrize(
    "template",
    [
        "Was 3M's current ratio in 2023 higher than {y}?",
        "Was Adobe's operating margin in FY2023 above {y}?",
        "Is the quick ratio at least {y}'s?",
    ],
)
def test_a_year_is_never_a_threshold(template: str, year: str) -> None:
    """ "higher than 2022" compares with 2022's figure: never the number 2022 (a confident
    "No" had followed)."""
    test = judgement_test(template.format(y=year), 2)
    assert test is None or test.threshold is None


@pytest.mark.parametrize(
    ("question", "degree"),
    [
        ("How capital intensive is 3M?", True),
        ("How capital-intensive is Orrin Vale in FY2023?", True),
        ("How highly leveraged is Amcor?", True),
        # a figure asked with "how", or a judgement's word later on, is no degree
        ("How much did 3M pay for its short-term obligations in FY2018?", False),
        ("How did 3M's capital intensity change?", False),
        ("Is 3M capital intensive?", False),
    ],
)
def test_a_judgement_asked_as_a_degree(question: str, degree: bool) -> None:
    assert asks_degree(question) is degree
