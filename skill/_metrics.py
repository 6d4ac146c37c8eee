"""Metrics computed from statement cells, never read or guessed: "What is Amazon's FY2017
days payable outstanding?" -> 365 x average accounts payable / cost of sales, each operand a
cell of the company's own statements, the arithmetic shown.

The registry is data (domain/lexicon/financial.yaml, `metrics`): each metric's definitions as
expressions over concepts. A question names a metric and a fiscal year (the latest it names:
"from FY2016 to FY2017" asks for FY2017's growth); its definition is the one the question's
words choose, else the standard one; a metric with none (the quick ratio, debt-to-equity,
return on assets) asked without saying which definition is INSUFFICIENT, with the cells found.
Each operand (a concept in a period) must be established by the engine from its cells (they
agree, SUPPORTED) before anything is computed; an operand missing (a dash is no amount, never
0), or disputed, or printed with no sign to read (an "expense/benefit" row naming neither in
parentheses), is INSUFFICIENT with the cells found. An
average over several fiscal years is not computed here (INSUFFICIENT, cells quoted).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from domain import (
    FinancialMetric,
    MetricFormula,
    StatementCell,
    change_asked,
    financial_concepts,
    label_key,
    lexicon,
)
from skill._answer import EvidenceUnit
from skill._figures import (
    PERCENT_ASKED,
    dash_note,
    figure_value,
    matching_cells,
    operand_amount,
    printed_dashes,
)

_ROUND = re.compile(
    r"\b(?:round\w*\s+(?:\w+\s+){0,4}?(?:to\s+)?(?:the\s+)?(?:nearest\s+)?)?"
    r"(one|two|three|1|2|3)\s+decimal",
    re.IGNORECASE,
)
_DECIMALS = {"one": 1, "two": 2, "three": 3, "1": 1, "2": 2, "3": 3}
_SCALE_WORDS = {1_000: "thousand", 1_000_000: "million", 1_000_000_000: "billion"}
_DEFAULT_DECIMALS = {"%": 1, "ratio": 2, "days": 2, "USD": 2}
# an average over fiscal years ("3 year average", "FY2015 - FY2017 ... average")
# a count of years a question states of the metric ("the 3-year CAGR", "over the last three
# years"; vocabulary.yaml metric_years_after / metric_years_before), never of anything else
# ("its 10-year notes")
_YEARS_COUNT = r"(\d|two|three|four|five)"


def _phrases(words: Sequence[str]) -> str:
    return "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(words, key=len)[::-1])


_YEARS_STATED = re.compile(
    # "the 3 year net sales CAGR": the metric's words may stand between
    rf"\b(?:{_YEARS_COUNT}[\s-]+years?(?:\s+[\w&'’-]+){{0,3}}?\s+"
    rf"(?:{_phrases(lexicon().metric_years_after)})\b"
    rf"|(?:{_phrases(lexicon().metric_years_before)})\s+{_YEARS_COUNT}[\s-]+(?:fiscal\s+)?years\b)",
    re.I,
)
_YEARS_AVERAGE = re.compile(r"\b(\d|two|three|four|five)[\s-]+years?\s+average\b", re.I)

# (document id, cell, concept, value) -> the cell as an evidence unit
UnitMaker = Callable[[str, StatementCell, str, str | None], EvidenceUnit]
# an operand's units (each valued by its figure) -> did the engine establish it?
OperandJudge = Callable[[Sequence[EvidenceUnit]], bool]
# an operand's cells less those a later filing restates
Restater = Callable[[Sequence[tuple[str, StatementCell]], str], list[tuple[str, StatementCell]]]


@dataclass(frozen=True, slots=True)
class MetricResult:
    """A metric computed (or not): the operand cells as evidence units (valued with the
    result when it was computed, else quoted without a value), the period, the formula, the
    result's text ("4.8%"), the arithmetic shown, or the note saying why nothing was."""

    units: tuple[EvidenceUnit, ...]
    period: str
    formula: MetricFormula | None
    value: str | None
    arithmetic: str | None
    note: str | None
    # the value computed, unrounded ("%": in percent points), for a test a question states
    raw: float | None = None


def metric_periods(years: Sequence[int]) -> tuple[str, ...]:
    """The periods whose cells a metric of `years` may read: each fiscal year from the one
    before the first named to the last (a year's metric may read the year before's)."""
    return tuple(f"FY{y}" for y in range(min(years) - 1, max(years) + 1))


def _number(amount: float, scale: int) -> str:
    value = amount / scale
    text = f"{value:,.2f}".rstrip("0").rstrip(".") if value % 1 else f"{value:,.0f}"
    return f"({text})" if value < 0 else text


def _decimals(question: str, unit: str) -> int:
    m = _ROUND.search(question)
    return _DECIMALS[m.group(1).lower()] if m else _DEFAULT_DECIMALS[unit]


def _evaluate(node: ast.AST, amounts: dict[tuple[str, str], float]) -> float:
    if isinstance(node, ast.Constant):
        assert isinstance(node.value, int | float)  # the registry's loader checked it
        return float(node.value)
    if isinstance(node, ast.Name):
        return amounts[(node.id, "this")]
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name) and isinstance(node.args[0], ast.Name)
        name = node.args[0].id
        if node.func.id == "prior":
            return amounts[(name, "prior")]
        return (amounts[(name, "this")] + amounts[(name, "prior")]) / 2
    if isinstance(node, ast.UnaryOp):
        return -_evaluate(node.operand, amounts)
    assert isinstance(node, ast.BinOp)
    left, right = _evaluate(node.left, amounts), _evaluate(node.right, amounts)
    if isinstance(node.op, ast.Add):
        return left + right
    if isinstance(node.op, ast.Sub):
        return left - right
    if isinstance(node.op, ast.Mult):
        return left * right
    if right == 0:
        raise ZeroDivisionError
    return left / right


def _render(node: ast.AST, amounts: dict[tuple[str, str], float], scale: int) -> str:
    """The expression with each operand's amount in the table's scale: "(1,577 / 32,765)"."""
    if isinstance(node, ast.Constant):
        assert isinstance(node.value, int | float)
        return f"{node.value:,}"
    if isinstance(node, ast.Name):
        return _number(amounts[(node.id, "this")], scale)
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name) and isinstance(node.args[0], ast.Name)
        name = node.args[0].id
        if node.func.id == "prior":
            return _number(amounts[(name, "prior")], scale)
        this, prior = amounts[(name, "this")], amounts[(name, "prior")]
        return f"(({_number(this, scale)} + {_number(prior, scale)}) / 2)"
    if isinstance(node, ast.UnaryOp):
        return f"-{_render(node.operand, amounts, scale)}"
    assert isinstance(node, ast.BinOp)
    symbol = {ast.Add: "+", ast.Sub: "-", ast.Mult: "x", ast.Div: "/"}[type(node.op)]
    return f"({_render(node.left, amounts, scale)} {symbol} {_render(node.right, amounts, scale)})"


def _formatted(raw: float, unit: str, decimals: int, divisor: int) -> str:
    """A metric's value as the answer states it: "4.8%", "1.73", "93.86 days", "USD 0.40
    billion" (`divisor`: the scale a USD amount is stated in)."""
    if unit == "%":
        return f"{raw * 100:,.{decimals}f}%"
    if unit == "USD":
        return f"USD {raw / divisor:,.{decimals}f} {_SCALE_WORDS.get(divisor, '')}".rstrip()
    return f"{raw:,.{decimals}f}" + (" days" if unit == "days" else "")


# (concept, "this" | "prior") -> the period an operand is read in
PeriodOf = Callable[[str, str], str]


def fiscal_periods(year: int) -> PeriodOf:
    """The periods of fiscal `year`'s metric: its own and the year before's."""
    return lambda _concept, reading: f"FY{year}" if reading == "this" else f"FY{year - 1}"


def _wanted(formulas: Sequence[MetricFormula], period_of: PeriodOf) -> list[tuple[str, str, str]]:
    """(concept, reading, period) of every operand the formulas read, an average read as
    this period and the prior one."""
    out: list[tuple[str, str, str]] = []
    for formula in formulas:
        for operand, kind in formula.operands():
            for reading in ("this", "prior") if kind == "avg" else (kind,):
                entry = (operand, reading, period_of(operand, reading))
                if entry not in out:
                    out.append(entry)
    return out


def quarter_refusal(formula: MetricFormula, statements: dict[str, str]) -> str | None:
    """Why a quarter's metric with `formula` is not computed, or None when it is: its
    operands all flows of the quarter's span (a margin, a growth over the same quarter a
    year before, a tax rate) or all balances at its end (a current ratio). A formula with a
    constant (365 days) or an average, or mixing flows and balances (a turnover, a return on
    assets), is a year's: over a quarter it would need annualising, a choice the question
    does not make."""
    operands = formula.operands()
    if any(isinstance(n, ast.Constant) for n in ast.walk(formula.tree)) or any(
        kind == "avg" for _, kind in operands
    ):
        return "a quarter's metric with an average or a constant is a year's, not computed"
    kinds = {statements[c] == "balance" for c, _ in operands}
    if len(kinds) > 1:
        return "a quarter's metric mixing flows and balances is not computed"
    if True in kinds and any(kind == "prior" for _, kind in operands):
        return "a quarter's metric of the prior period's balance is not computed"
    return None


def asked_as_ratio(question: str, metric: FinancialMetric) -> bool:
    """Is a percent metric asked as the ratio it is named ("dividend payout ratio ... Round
    answer to two decimal places": 0.40, not 40.0%): named by a phrase ending in "ratio",
    and no percent asked?"""
    key = f" {label_key(question)} "
    named = any(w.endswith(" ratio") and f" {w} " in key for w in metric.question_words)
    return named and not PERCENT_ASKED.search(question)


def years_averaged(question: str, years: Sequence[int]) -> bool:
    """Does the question ask for the mean over the fiscal years from the first it names to
    the last ("FY2015 - FY2017 3 year average"), the count it states matching the range?"""
    m = _YEARS_AVERAGE.search(question)
    if m is None or max(years) - min(years) < 1:
        return False
    return _count(m.group(1)) == max(years) - min(years) + 1


def _count(word: str) -> int:
    """A count of years as a question writes it: "3", "three"."""
    words = {"two": 2, "three": 3, "four": 4, "five": 5}
    return words.get(word.lower()) or int(word)


def compute_metric(
    metric: FinancialMetric,
    question: str,
    years: Sequence[int],
    scale_asked: int | None,
    cells: Sequence[tuple[str, StatementCell]],
    make_unit: UnitMaker,
    established: OperandJudge,
    company: str,
    quarter: tuple[str, PeriodOf] | None = None,
    restate: Restater | None = None,
    as_restated: bool = False,
) -> MetricResult:
    """`metric` for the latest of `years` (or its mean over the years from the first to the
    last, when the question asks for an N-year average) from `cells` (the company's own), or
    the reason it is not computed (INSUFFICIENT) with the cells found quoted. `quarter`:
    (its name, its operands' periods) for a quarter's metric, whose cells `cells` are.
    `restate`: an operand's cells less those a later filing restates (skill/_restatements.py):
    applied where the question asks for figures `as_restated` (the restated cells stay quoted,
    never an operand), else only to say why an operand's cells disagree."""
    averaged = years_averaged(question, years) and quarter is None
    formula = metric.formula_for(question)
    # two fiscal years named, and either a line item's compound growth between them or a
    # metric's change from the first to the last (its value in each, never over the prior)
    spans = len(set(years)) > 1 and quarter is None and not averaged
    compound = spans and metric.compound
    changed = (
        spans
        and not compound
        and (metric.unit != "USD" or metric.change)
        and formula is not None
        and all(kind != "prior" for _, kind in formula.operands())
        and (metric.change or change_asked(question))
    )
    if averaged:
        targets = list(range(min(years), max(years) + 1))
    elif compound or changed:
        targets = [min(years), max(years)]
    else:
        targets = [max(years)]
    period = f"FY{targets[0]}-FY{targets[-1]}" if len(targets) > 1 else f"FY{targets[0]}"
    if quarter is not None:
        period = quarter[0]
    name = metric.name.replace("_", " ")
    concepts = {c.name: c for c in financial_concepts()}
    every = list(metric.formulas) if formula is None else [formula]

    def periods_of(target: int) -> PeriodOf:
        return quarter[1] if quarter is not None else fiscal_periods(target)

    found: dict[tuple[str, str], list[tuple[str, StatementCell]]] = {}
    for target in targets:
        for c, _, p in _wanted(every, periods_of(target)):
            found.setdefault((c, p), matching_cells(cells, concepts[c], p))
    quoted = tuple(
        make_unit(d, cell, c, None) for (c, p), pairs in found.items() for d, cell in pairs
    )

    def refused(why: str) -> MetricResult:
        return MetricResult(
            quoted,
            period,
            formula,
            None,
            None,
            f"{name} {period} not computed: {why}; "
            f"{len(quoted)} cells of {company}'s filings quoted",
        )

    spanned = averaged or compound or changed
    if not spanned and (_YEARS_AVERAGE.search(question) or max(years) - min(years) > 1):
        return refused("an average or change over several fiscal years is not computed")
    if formula is None:
        # a definition listed under several wordings is one option
        options = "; ".join(dict.fromkeys(f.expression for f in metric.formulas))
        return refused(f"the question leaves its definition open ({options})")
    if (
        not spanned
        and len(set(years)) > 1
        and all(kind == "this" for _, kind in formula.operands())
    ):
        return refused("the question names two fiscal years and the metric reads one")
    if quarter is not None:
        why = quarter_refusal(formula, {n: c.statement for n, c in concepts.items()})
        if why is not None:
            return refused(why)
    unit = "ratio" if metric.unit == "%" and asked_as_ratio(question, metric) else metric.unit
    decimals = _decimals(question, "%" if compound else unit)
    results: list[tuple[str, float, str, int]] = []  # (period, value, arithmetic, scale)
    restated: list[str] = []  # the operands read from a restating filing's cells
    set_aside: set[str] = set()  # the evidence ids of the cells they restate
    for target in targets:
        this = period if quarter is not None else f"FY{target}"
        amounts: dict[tuple[str, str], float] = {}
        scales: list[int] = []
        for concept_name, reading, p in _wanted([formula], periods_of(target)):
            concept = concepts[concept_name]
            pairs = found[(concept_name, p)]
            label = f"{concept_name.replace('_', ' ')} {p}"
            if restate is not None and as_restated:
                kept = restate(pairs, concept.sign)
                if len(kept) < len(pairs):
                    restated.append(label)
                    set_aside.update(
                        make_unit(d, cell, concept_name, None).evidence_id
                        for d, cell in pairs
                        if (d, cell) not in kept
                    )
                pairs = kept
            if not pairs:
                # an operand not found is never computed as 0: a dash is no amount either
                dashes = printed_dashes(cells, concept, p)
                return refused(
                    f"no {label} in the statement tables"
                    + (f" ({dash_note(dashes)})" if dashes else "")
                )
            values = {operand_amount(cell, concept.sign, concept) for _, cell in pairs}
            if None in values:
                return refused(f"the sign of {label} is not printed ('{pairs[0][1].row_label}')")
            if len(values) != 1:
                if (
                    restate is not None
                    and not as_restated
                    and len(restate(pairs, concept.sign)) < len(pairs)
                ):
                    return refused(
                        f"the cells of {label} disagree: a later annual report restates it "
                        f"(ask for the {name} as restated, or read the filing of that period)"
                    )
                return refused(f"the cells of {label} disagree")
            operand_units = [
                make_unit(d, cell, concept_name, figure_value(cell, concept, None))
                for d, cell in pairs
            ]
            if not established(operand_units):
                return refused(f"the engine does not establish {label} from its cells")
            amount = next(iter(values))
            assert amount is not None
            amounts[(concept_name, reading)] = amount
            scales.append(pairs[0][1].scale or 1)
        try:
            raw = _evaluate(formula.tree, amounts)
        except ZeroDivisionError:
            return refused(f"a divisor is zero in {this}")
        shown = _render(formula.tree, amounts, scales[0])
        if shown.startswith("(") and shown.endswith(")") and unit != "%":
            shown = shown[1:-1]
        results.append((this, raw, shown + (" x 100" if unit == "%" else ""), scales[0]))
    divisor = scale_asked or results[0][3]
    if compound:
        (first_period, first, first_shown, _), (last_period, last, last_shown, _) = results
        count = targets[-1] - targets[0]
        stated = _YEARS_STATED.search(question)
        if stated and _count(stated.group(1) or stated.group(2)) != count:
            # "the 3 year CAGR from FY2017 to FY2019": two years of growth or three of
            # figures? The question leaves it open
            return refused(f"the years it states ({stated.group(0)}) are not the {count} named")
        if first <= 0 or last <= 0:
            return refused("a compound growth from or to an amount that is not positive")
        raw = (last / first) ** (1 / count) - 1
        value = _formatted(raw, "%", decimals, 1)
        arithmetic = (
            f"{first_period}: {first_shown}; {last_period}: {last_shown}; "
            f"({last_shown} / {first_shown}) ^ (1 / {count}) - 1 = {value}"
        )
        return _result(
            quoted, metric, period, formula, value, arithmetic, raw * 100, set_aside, restated
        )
    if changed:
        (first_period, first, first_shown, _), (last_period, last, last_shown, _) = results
        raw = last - first
        each = [(p, _formatted(r, unit, max(decimals, 2), divisor), a) for p, r, a, _ in results]
        value = _formatted(raw, unit, decimals, divisor)
        if unit == "%":
            # a margin's change is in percentage points, not a percent of the earlier one
            value = value.replace("%", " percentage points")
        arithmetic = "; ".join(f"{p}: {a} = {v}" for p, v, a in each) + (
            f"; {each[1][1]} - {each[0][1]} = {value}"
        )
        points = raw * 100 if unit == "%" else raw
        return _result(
            quoted, metric, period, formula, value, arithmetic, points, set_aside, restated
        )
    if averaged:
        mean = sum(r for _, r, _, _ in results) / len(results)
        raw = mean
        value = _formatted(mean, unit, decimals, divisor)
        each = [(p, _formatted(r, unit, max(decimals, 2), divisor), a) for p, r, a, _ in results]
        arithmetic = (
            "; ".join(f"{p}: {a} = {v}" for p, v, a in each)
            + f"; ({' + '.join(v for _, v, _ in each)}) / {len(each)} = {value}"
        )
    else:
        value = _formatted(results[0][1], unit, decimals, divisor)
        arithmetic = f"{results[0][2]} = {value}"
        raw = results[0][1]
    points = raw * 100 if metric.unit == "%" else raw
    return _result(quoted, metric, period, formula, value, arithmetic, points, set_aside, restated)


def _result(
    quoted: Sequence[EvidenceUnit],
    metric: FinancialMetric,
    period: str,
    formula: MetricFormula,
    value: str,
    arithmetic: str,
    points: float,
    set_aside: Collection[str] = (),
    restated: Sequence[str] = (),
) -> MetricResult:
    """The metric computed: each operand's unit valued with the result (a restated cell,
    among `set_aside`, stays quoted without a value; the `restated` operands named in the
    arithmetic)."""
    if restated:
        arithmetic += f" ({', '.join(restated)} as restated by a later filing)"
    units = tuple(
        u
        if u.evidence_id in set_aside
        else u.model_copy(
            update={"value": value, "claim_id": f"{u.subject_id}:{metric.name}:{period}"}
        )
        for u in quoted
    )
    return MetricResult(units, period, formula, value, arithmetic, None, points)
