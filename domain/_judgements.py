"""Judgements over financial figures (issue 35, item 5), as domain/lexicon/financial.yaml's
`judgements` and `judgement_tests` write them: "Is 3M a capital-intensive business?" names a
judgement and the metrics that bear on it; "Is 3M's current ratio above 1.5?" states a test
(`JudgementTest`) the computed figures decide.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from domain._financial import (
    FINANCIAL_FILE,
    FinancialMetric,
    _loaded,
    financial_metrics,
    label_key,
    metric_asked,
)
from domain._lexicon import LEXICON_DIR, LexiconError

_OPERATORS = (">", "<", ">=", "<=")
_DIRECTIONS = ("up", "down")
# a number as a question writes a threshold: "1.5", "1,000", "20%", "2x"
_NUMBER = re.compile(r"^(\d[\d,]*(?:\.\d+)?)\s*(%|percent\b|x\b)?")


@dataclass(frozen=True, slots=True)
class FinancialJudgement:
    """A judgement over figures a question may ask ("capital intensive", "liquidity"): the
    words that name it, the registry's metrics that bear on it, in citing order, and the
    judgement in an answer's words ("capital-intensive")."""

    name: str
    question_words: tuple[str, ...]
    metrics: tuple[FinancialMetric, ...]
    asks: str


@dataclass(frozen=True, slots=True)
class JudgementTest:
    """The test a question states: a metric compared with a number (`operator`, `threshold`,
    the number as written in `threshold_text`) or its course from year to year
    (`direction` "up" | "down"), turned around when `negated`."""

    operator: str | None = None
    threshold: float | None = None
    threshold_text: str | None = None
    direction: str | None = None
    negated: bool = False

    def holds(self, values: tuple[float, ...]) -> bool:
        """Does the test hold of `values` (one per fiscal year, oldest first; a threshold
        test reads the last)? A metric in percent is compared in percent points."""
        if self.direction is not None:
            steps = list(pairwise(values))
            held = bool(steps) and all(
                (b > a) if self.direction == "up" else (b < a) for a, b in steps
            )
        else:
            assert self.operator is not None and self.threshold is not None
            last, limit = values[-1], self.threshold
            held = {
                ">": last > limit,
                "<": last < limit,
                ">=": last >= limit,
                "<=": last <= limit,
            }[self.operator]
        return held != self.negated

    def describe(self) -> str:
        """The test in words: "above 1.5", "not rising in each year"."""
        words = {">": "above", "<": "below", ">=": "at least", "<=": "at most"}
        if self.direction is not None:
            text = (
                "rising" if self.direction == "up" else "falling"
            ) + " from each year to the next"
        else:
            assert self.operator is not None
            text = f"{words[self.operator]} {self.threshold_text}"
        return f"not {text}" if self.negated else text


@dataclass(frozen=True, slots=True)
class _Tests:
    thresholds: tuple[tuple[str, str], ...]  # longest words first
    trends: tuple[tuple[str, str], ...]
    every_year: tuple[str, ...]
    negations: tuple[str, ...]
    openings: tuple[str, ...]
    degrees: tuple[str, ...]
    causes: tuple[str, ...]
    terms: tuple[str, ...]
    steadiness: tuple[str, ...]
    steadiness_not: tuple[str, ...]
    steadiness_comparing: tuple[str, ...]


def _words(body: Any, key: str, where: str) -> tuple[str, ...]:
    value = body.get(key) if isinstance(body, dict) else None
    if not isinstance(value, list) or not value:
        raise LexiconError(f"{where}: `{key}` is a non-empty list of words")
    return tuple(label_key(str(w)) for w in value)


def _pairs(
    body: Any, key: str, where: str, allowed: tuple[str, ...]
) -> tuple[tuple[str, str], ...]:
    value = body.get(key) if isinstance(body, dict) else None
    if not isinstance(value, dict) or not value or any(v not in allowed for v in value.values()):
        raise LexiconError(f"{where}: `{key}` maps words to one of {allowed}")
    pairs = ((label_key(str(k)), str(v)) for k, v in value.items())
    return tuple(sorted(pairs, key=lambda kv: -len(kv[0])))


@functools.cache
def _tests(path: Path | None = None) -> _Tests:
    source = path or LEXICON_DIR / FINANCIAL_FILE
    body = (_loaded(source) or {}).get("judgement_tests")
    where = f"{source.name}: judgement_tests"
    return _Tests(
        thresholds=_pairs(body, "thresholds", where, _OPERATORS),
        trends=_pairs(body, "trends", where, _DIRECTIONS),
        every_year=_words(body, "every_year", where),
        negations=_words(body, "negations", where),
        openings=_words(body, "yes_no_openings", where),
        degrees=_words(body, "degree_openings", where),
        causes=_words(body, "cause_words", where),
        terms=_words(body, "terms_words", where),
        steadiness=_words(body, "steadiness_words", where),
        steadiness_not=_words(body, "steadiness_not", where),
        steadiness_comparing=_words(body, "steadiness_comparing", where),
    )


@functools.cache
def financial_judgements(path: Path | None = None) -> tuple[FinancialJudgement, ...]:
    """The judgements of financial.yaml (LexiconError when one is malformed or names a
    metric the registry does not define)."""
    source = path or LEXICON_DIR / FINANCIAL_FILE
    entries = (_loaded(source) or {}).get("judgements")
    if not isinstance(entries, dict) or not entries:
        raise LexiconError(f"{source.name}: `judgements` must be a mapping of judgements")
    metrics = {m.name: m for m in financial_metrics(path)}
    out = []
    for name, body in entries.items():
        where = f"{source.name}: judgements.{name}"
        words = _words(body, "question_words", where)
        names, asks = body.get("metrics"), body.get("asks")
        if not isinstance(names, list) or not names or any(n not in metrics for n in names):
            raise LexiconError(f"{where}: `metrics` lists metrics of the registry")
        if not isinstance(asks, str) or not asks:
            raise LexiconError(f"{where}: `asks` is the judgement in words")
        out.append(FinancialJudgement(str(name), words, tuple(metrics[n] for n in names), asks))
    return tuple(out)


def judgement_asked(text: str) -> FinancialJudgement | None:
    """The judgement a question names (its longest question phrase wins), if any."""
    key = f" {label_key(text)} "
    found = [
        (len(w), index, judgement)
        for index, judgement in enumerate(financial_judgements())
        for w in judgement.question_words
        if f" {w} " in key
    ]
    return max(found, key=lambda t: (t[0], -t[1]))[2] if found else None


def asks_yes_no(text: str) -> bool:
    """Is the question asked as a yes/no question ("Is ...", "Did ...", "Has ...")?"""
    words = label_key(text).split()
    return bool(words) and words[0] in _tests().openings


def asks_degree(text: str) -> bool:
    """Is the question asked as a judgement's degree ("How capital intensive is 3M?", "How
    highly leveraged is Amcor?"): its first word one of the degree openings, a judgement's
    words right after it ("How much ... short-term obligations?" asks for a figure)?"""
    words = label_key(text).split()
    if not words or words[0] not in _tests().degrees:
        return False
    rest = f"{' '.join(words[1:])} "
    return any(rest.startswith(f"{w} ") for j in financial_judgements() for w in j.question_words)


def asks_cause(text: str) -> bool:
    """Does the question ask what drove a figure ("What drove the change in gross margin?")?"""
    key = f" {label_key(text)} "
    return any(f" {w} " in key for w in _tests().causes)


def trend_asked(text: str) -> str | None:
    """The direction ("up" | "down") a question's trend word asks ("improving", "declined"),
    else None."""
    key = f" {label_key(text)} "
    return next((d for w, d in _tests().trends if f" {w} " in key), None)


def steadiness_asked(text: str) -> bool:
    """Does the question ask whether a figure held steady over the years ("Are gross margins
    historically consistent?", "Has the margin been stable?"): a course with no direction?"""
    # "consistent with the industry average", "stable compared to peers": a comparison with
    # others, where the other word follows the steadiness word in its sentence, or stands
    # before it in a clause that compares ("Compared to peers, is its margin stable?"); one
    # elsewhere ("In a cyclical industry, has its margin been stable?") compares nothing
    tests = _tests()

    def others(key: str) -> bool:
        return any(f" {w} " in key for w in tests.steadiness_not)

    for sentence in re.split(r"[.?!;]", text):
        clauses = [f" {label_key(c)} " for c in sentence.split(",")]
        for index, clause in enumerate(clauses):
            at = next((clause.find(f" {w} ") for w in tests.steadiness if f" {w} " in clause), -1)
            if at < 0:
                continue
            after = clause[at:] + " ".join(clauses[index + 1 :])
            before = [c[:at] if i == index else c for i, c in enumerate(clauses[: index + 1])]
            compared = any(
                others(c) and any(f" {w} " in c for w in tests.steadiness_comparing) for c in before
            )
            if not others(after) and not compared:
                return True
    return False


def _negated(key: str, words: str) -> bool:
    """Is a negation written before `words` in `key` ("not above 1.5", "Didn't ... rise")?"""
    before = f" {key.split(f' {words} ', 1)[0]} "
    return any(f" {n} " in before for n in _tests().negations)


# A number written as a fiscal year (no unit, no decimals): a period, never a threshold.
_YEAR = re.compile(r"(?:19|20)\d\d")


def judgement_test(text: str, years_named: int) -> JudgementTest | None:
    """The test a question states, or None when it states none: a threshold word before a
    number ("above 1.5", "at least 20%"), or a trend word with an every-year word or two
    fiscal years named (`years_named`), each turned around by a negation before it."""
    tests = _tests()
    key = f" {label_key(text)} "
    # the number is read from the question as written: label_key drops "." and "%"
    lowered = " ".join(text.casefold().replace("\u2019", "'").split())
    for words, operator in tests.thresholds:
        if f" {words} " not in key:
            continue
        pattern = r"(?<![a-z])" + r"\W+".join(re.escape(w) for w in words.split()) + r"\s+"
        for m in re.finditer(pattern, lowered):
            number = _NUMBER.match(lowered[m.end() :].lstrip("$"))
            if number is None or _YEAR.fullmatch(number.group(0).strip()):
                # "higher than 2022" compares with a year's figure, not with the number 2022
                continue
            written = number.group(0).strip()
            return JudgementTest(
                operator=operator,
                threshold=float(number.group(1).replace(",", "")),
                threshold_text=written,
                negated=_negated(key, words),
            )
    direction = trend_asked(text)
    if direction is None:
        return None
    if years_named < 2 and not any(f" {w} " in key for w in tests.every_year):
        return None
    trend = next(w for w, d in tests.trends if f" {w} " in key)
    return JudgementTest(direction=direction, negated=_negated(key, trend))


def judged_metrics(text: str) -> tuple[FinancialMetric, ...]:
    """The metrics a judgement question bears on: the one it names ("Is operating margin
    improving?"), else its judgement's ("capital intensive": capex to revenue, PP&E to
    total assets); none for a question about a document's terms ("Does the credit agreement
    have a leverage covenant?")."""
    key = f" {label_key(text)} "
    if any(f" {w} " in key for w in _tests().terms):
        # a question about a document's terms ("a leverage covenant"), not its figures
        return ()
    named = metric_asked(text.split("?", 1)[0])
    if named is not None:
        return (named,)
    judgement = judgement_asked(text)
    return judgement.metrics if judgement is not None else ()
