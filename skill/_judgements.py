"""Judgement questions over financial figures (issue 35, item 5): "Is 3M a capital-intensive
business?", "Is Adobe's operating margin improving?", "What drove the change in gross
margin?". The statements give figures, not judgements: the metrics that bear on the judgement
(financial.yaml's `judgements`, or the metric the question names) are computed and cited with
their arithmetic, and the judgement itself is INSUFFICIENT, unless the question states its
test ("Is the current ratio above 1.5?", "Did operating margin rise in each of the last three
years?"): then the test is a claim the engine judges from the computed figures.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from domain import (
    FinancialMetric,
    JudgementTest,
    StatementCell,
    asks_cause,
    asks_degree,
    asks_yes_no,
    financial_concepts,
    judged_metrics,
    judgement_asked,
    judgement_test,
    steadiness_asked,
    trend_asked,
)
from skill._figures import matching_cells
from skill._metrics import MetricResult

_FISCAL = re.compile(r"\bFY\s?((?:19|20)\d{2})\b", re.IGNORECASE)
_YEAR = re.compile(r"\b((?:19|20)\d{2})\b")
_FISCAL_PERIOD = re.compile(r"FY(\d{4})")


@dataclass(frozen=True, slots=True)
class JudgementQuestion:
    """What a judgement question asks: the metrics that bear on it, the judgement in words
    ("whether that is capital-intensive", "whether that is improving", "what drove it"), the fiscal years it names (none:
    the statements' own), whether it asks a metric's course over the years (a trend, a
    cause) rather than its latest value, and the test it states, if any."""

    metrics: tuple[FinancialMetric, ...]
    judgement: str
    years: tuple[int, ...]
    over_years: bool
    test: JudgementTest | None


def read_judgement_question(question: str) -> JudgementQuestion | None:
    """The judgement question `question` is, or None: a yes/no question or a cause asked of
    a metric of the registry or of a judgement's metrics (or a judgement's degree: "How
    capital intensive is 3M?"), holding a judgement, a trend, a
    cause or a test (a yes/no question naming a metric and nothing more, "Was the current
    ratio 1.89?", is a figure's question)."""
    yes_no, cause = asks_yes_no(question), asks_cause(question)
    # "How capital intensive is 3M?": a judgement's degree, with no test to judge
    degree = asks_degree(question)
    if not (yes_no or cause or degree):
        return None
    metrics = judged_metrics(question)
    if not metrics:
        return None
    years = tuple(
        sorted(
            {int(y) for y in _FISCAL.findall(question)} or {int(y) for y in _YEAR.findall(question)}
        )
    )
    test = judgement_test(question, len(years)) if yes_no else None
    judgement = judgement_asked(question)
    trend = trend_asked(question)
    # "Are gross margins historically consistent?": a course with no direction
    steady = test is None and steadiness_asked(question)
    if cause:
        words = "what drove it"
    elif judgement is not None:
        words = f"whether that is {judgement.asks}"
    elif trend is not None:
        words = f"whether that is {'improving' if trend == 'up' else 'declining'}"
    elif steady:
        words = "whether that is consistent"
    elif test is not None:
        words = test.describe()
    else:
        return None
    over_years = (
        cause or steady or trend is not None or (test is not None and test.direction is not None)
    )
    return JudgementQuestion(metrics, words, years, over_years, test)


def metric_years(
    metrics: Sequence[FinancialMetric], cells: Sequence[tuple[str, StatementCell]]
) -> list[int]:
    """The fiscal years whose cells give a metric of `metrics` its period's own operands
    (every operand of one of its definitions read in that year): a year some other table
    names (a debt note's maturities, "2023") is no year of the company's figures."""
    concepts = {c.name: c for c in financial_concepts()}
    named = sorted({int(m.group(1)) for _, c in cells if (m := _FISCAL_PERIOD.fullmatch(c.period))})
    return [
        year
        for year in named
        if any(
            all(
                matching_cells(cells, concepts[name], f"FY{year}")
                for name, kind in formula.operands()
                if kind != "prior"
            )
            for metric in metrics
            for formula in metric.formulas
        )
    ]


def judged_years(asked: JudgementQuestion, annual: Sequence[int]) -> list[int]:
    """The fiscal years whose metrics the answer cites: those the question names (each year
    of the span for a course; for a course "as of" one year, the unbroken run of years up to
    it), else the latest the statements give, or the latest unbroken run of them for a
    course (`annual`: the fiscal years of the company's cells)."""
    years = sorted(set(annual))
    if asked.years:
        first, last = min(asked.years), max(asked.years)
        if not (asked.over_years and asked.test is None and first == last and last in years):
            return list(range(first, last + 1)) if asked.over_years else [last]
        # a course "as of FY2022" with no test names its last year only: the run of years
        # up to it is cited (a test stated over one year stays unjudged)
        years = [y for y in years if y <= last]
    if not asked.over_years:
        return years[-1:]
    # the latest unbroken run: filings years apart (a 2015 and a 2022 10-K) leave years
    # between them that no statement gives, and a course over them would not be judged
    run = years[-1:]
    for year in reversed(years[:-1]):
        if year != run[0] - 1:
            break
        run.insert(0, year)
    return run


@dataclass(frozen=True, slots=True)
class JudgementVerdict:
    """The test judged over the computed figures: whether it holds, and its words with the
    figures it reads ("current ratio FY2018 1.89 above 1.5"); or the note saying why no test
    is judged (None `holds`)."""

    holds: bool | None
    text: str


def judge_test(
    asked: JudgementQuestion, results: Sequence[tuple[FinancialMetric, MetricResult]]
) -> JudgementVerdict:
    """The question's test over the computed metrics, or the note why it is not judged (no
    test stated, several metrics bear on it, a figure not computed, a course of one year)."""
    shown = "; ".join(
        f"{m.name.replace('_', ' ')} {r.period}: {r.arithmetic}"
        if r.arithmetic
        else (r.note or f"{m.name.replace('_', ' ')} {r.period} not computed")
        for m, r in results
    )
    test = asked.test
    if not results:
        return JudgementVerdict(
            None,
            f"the statements give no fiscal year's figures; {asked.judgement} is not a figure "
            "either",
        )
    if test is None:
        return JudgementVerdict(
            None,
            f"{shown}; {asked.judgement} is not a figure the statements give",
        )
    names = {m.name for m, _ in results}
    if len(names) != 1:
        return JudgementVerdict(
            None, f"{shown}; the test ({test.describe()}) names no one metric of these"
        )
    if any(r.raw is None for _, r in results):
        return JudgementVerdict(None, f"{shown}; the test ({test.describe()}) is not judged")
    metric = results[0][0]
    if test.direction is None and metric.unit == "USD":
        # "above 2 billion": the scale of the number is the question's, not read here
        return JudgementVerdict(
            None, f"{shown}; a dollar amount's test ({test.describe()}) is not judged"
        )
    if test.direction is None and not _same_unit(test.threshold_text or "", test, metric.unit):
        # "gross margin above 0.4", "current ratio above 150%": the number's unit is not the
        # metric's, and no guess converts it
        return JudgementVerdict(
            None, f"{shown}; the test's number ({test.describe()}) is not in the metric's unit"
        )
    values = tuple(r.raw for _, r in results if r.raw is not None)
    if test.direction is not None and len(values) < 2:
        return JudgementVerdict(
            None, f"{shown}; a course ({test.describe()}) needs two fiscal years' figures"
        )
    holds = test.holds(values)
    return JudgementVerdict(holds, f"{'Yes' if holds else 'No'} ({test.describe()}): {shown}")


def _same_unit(written: str, test: JudgementTest, unit: str) -> bool:
    """Is a threshold written in its metric's unit: a percent for a percent metric (or a
    bare number of 1 or more: "above 20"), a bare number or "x" for a ratio or days?"""
    percent = written.rstrip().endswith(("%", "percent"))
    if unit == "%":
        return percent or (test.threshold is not None and test.threshold >= 1)
    return not percent
