"""Figure questions answered from statement cells: "What is 3M's FY2018 capital expenditure
(in USD millions)?" -> the cell of that company's filings, that fiscal year, that concept.

A question is a figure question when it names a concept of domain/lexicon/financial.yaml and
one fiscal year, or a quarter of one ("Q2 FY2024", "the six months ended July 29, 2023": the
10-Qs' cells of that quarter, skill/_quarters.py; a quarter's metric computed when it needs
no annualising, skill/_metrics.py), or a date ("as of July 29, 2023": the fiscal year it ends,
else the quarter it closes). The cells looked at are those of the subject's own filings (the
gate's candidates' documents) for that period; a cell is an observation of the concept when
its row label is one of the concept's labels (or a per-share row's heading is), its unit the
concept's; never another reporting entity's table, nor for a balance the cash flow
statement's row of its name. Cells of the concept's own
statement (its caption: "cash flows", "balance sheets", "operations") are preferred to the
same row elsewhere (selected data, notes). The engine judges them as any other observations:
SUPPORTED only when company, period and concept all matched and the cells agree. Several
items asked in one question ("revenue and net income", "for FY2018 and FY2019") are separate
claims, each answered with its own value and cells, never arbitrated against each other; the
answer is SUPPORTED only when every item is. A figure is signed as its row says (a benefit
of an expense row negative, a loss negative, a deduction its magnitude), and the answer says
so; a cell printed as a dash is no amount, never 0. A question that asks for arithmetic over
cells (a ratio, a growth, an average over years, a sum or a difference of the figures
named) is not computed here: it is INSUFFICIENT, with the cells found for each concept and
year it names.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from domain import (
    BBox,
    FinancialConcept,
    FinancialMetric,
    QuarterAsked,
    SourceLocation,
    StatementCell,
    adjusted_measure_asked,
    captions_another_entity,
    captions_another_measure,
    change_metric,
    comparison_asked,
    compound_growth_asked,
    compound_growth_metric,
    computed_asked,
    concept_named,
    concept_of_label,
    concepts_asked,
    dollar_change_asked,
    expense_row_sign,
    financial_concepts,
    fiscal_quarter_of,
    growth_asked,
    growth_metric,
    growth_named,
    holds_never_word,
    item_written,
    label_key,
    line_item_asked,
    line_item_labels,
    line_item_qualifiers,
    line_item_readings,
    metric_asked,
    metric_named,
    names_benefit_only,
    names_loss_only,
    names_outflow,
    names_total,
    net_row_expense,
    note_item_words,
    part_item_readings,
    part_named,
    quarter_asked,
    row_key,
    segment_asked,
    segment_named,
    sequential_asked,
    share_asked,
    share_metric,
    spending_asked,
    sum_asked,
    without_other_senses,
    without_report_years,
    years_listed,
)
from skill._answer import EvidenceUnit

# (kb, document ids, periods or None) -> (document id, cell) pairs
CellLookup = Callable[
    [str, Sequence[str], Sequence[str] | None], Sequence[tuple[str, StatementCell]]
]

_FISCAL = re.compile(r"\b(?:FY\s?|fiscal\s+(?:year\s+)?)((?:19|20)\d{2})\b", re.IGNORECASE)
_YEAR = re.compile(r"\b((?:19|20)\d{2})\b")
_LISTED_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
_SCALE_ASKED = re.compile(
    r"\bin\s+(?:usd|us\s*\$|\$|dollars)?\s*(thousands|millions|billions)\b", re.I
)
# a question that asks for an answer in percent ("in units of percents", "as a %")
PERCENT_ASKED = re.compile(r"%|\bper\s?cent\w*|\bpercentage\w*", re.IGNORECASE)
_SCALES = {"thousands": 1_000, "millions": 1_000_000, "billions": 1_000_000_000}
# A statement's own caption; matched on the caption with its spaces removed too: a text layer
# may split a word ("Consolidated Balance Shee t")
_STATEMENT_CAPTIONS = {
    "cash_flow": re.compile(r"cash\s*flow", re.IGNORECASE),
    "balance": re.compile(r"balance\s*sheet|financial\s*(?:position|condition)", re.IGNORECASE),
    "income": re.compile(
        r"statements?\s*of\s*(?:consolidated\s*)?(?:operations|income|earnings)"
        r"|income\s*statement",
        re.IGNORECASE,
    ),
    "equity": re.compile(r"equity", re.IGNORECASE),
}


@dataclass(frozen=True, slots=True)
class FigureQuestion:
    """What a figure question asks: the concepts it names (the first is the one asked
    for), the fiscal years, the scale of the answer ("in USD millions"), whether it asks
    for arithmetic over cells (`computed`), and the metric of the registry it names, when it
    asks for one's value (not a judgement of it: "has the margin improved?")."""

    concepts: tuple[FinancialConcept, ...]
    years: tuple[int, ...]
    scale: int | None
    computed: bool
    metric: FinancialMetric | None = None
    # the quarter, year-to-date span or quarter's end asked, when not a fiscal year
    quarter: QuarterAsked | None = None
    # the word qualifying the measure asked as the company's own ("adjusted", "non gaap",
    # "organic"): no statement row nor registry metric is it (`adjusted_note`)
    adjusted: str | None = None

    def measure(self) -> str:
        """The measure asked, as its name reads ("ebitda margin", "operating income")."""
        if self.metric is not None:
            return self.metric.name.replace("_", " ")
        return self.concepts[0].name.replace("_", " ") if self.concepts else "growth"

    @property
    def periods(self) -> tuple[str, ...]:
        if self.quarter is not None:
            return (self.quarter.label(False),)
        return tuple(f"FY{y}" for y in self.years)

    def period_of(self, concept: FinancialConcept) -> str:
        """The period `concept` is asked of: a fiscal year's, or the quarter's as a flow or,
        for a balance sheet concept, as the balance at its end."""
        if self.quarter is not None:
            return self.quarter.label(concept.statement == "balance")
        return self.periods[0]


def names_figure(text: str, figure: FigureQuestion) -> bool:
    """Does a passage name the figure `figure` asks for: its concept (a question word or a
    label, or a label's ending: "$0.45 per diluted share") or its metric, outside every
    phrase that uses the words in another sense ("revenue" in "Internal Revenue Code";
    financial.yaml `figure_other_senses`)?"""
    key = without_other_senses(text)
    if figure.metric is not None and metric_asked(key) == figure.metric:
        return True
    asked = {c.name for c in figure.concepts}
    if asked & {c.name for c in concepts_asked(key, as_question=False)}:
        return True
    spaced = f" {key} "
    return any(f" {end} " in spaced for c in figure.concepts for end in c.label_suffixes)


def read_figure_question(
    question: str, item: FinancialConcept | None = None, *, company: Sequence[str] | None = None
) -> FigureQuestion | None:
    """The figure question `question` is, or None when it names no concept nor metric, or
    no year. `item`: the line item it names by a row's printed name (`row_item_figure`),
    asked when it names no concept. `company`: the names of the company it is asked of
    (`domain.concepts_asked`: only they may stand inside a cash flow's phrase)."""
    if segment_asked(question.split("?", 1)[0]):
        # a segment's figure is printed in a note, never as a consolidated statement's row
        return None
    concepts = concepts_asked(question, company=company) or ([item] if item is not None else [])
    # The metric asked is the one the question asks for (up to its question mark), not one
    # its definitions name: "What is the cash conversion cycle? CCC is defined as DIO + DSO
    # - DPO" asks for no metric of the registry.
    ask = question.split("?", 1)[0]
    metric = None if comparison_asked(question) else metric_asked(ask)
    # a measure the company defines itself ("adjusted EBITDA", "organic growth"): asked, and
    # refused, never read as the GAAP row or metric of its name nor from passages
    adjusted = adjusted_measure_asked(ask)
    if adjusted is not None and metric is None and not comparison_asked(question):
        metric = metric_named(ask)
    scale = _SCALE_ASKED.search(question)
    if scale and metric is not None and metric.unit != "USD":
        # "gross margin (in USD millions)" asks for a dollar amount a filing may print
        # under that name, not the ratio: the metric does not answer it
        metric = None
    if metric is not None and metric.unit == "USD" and PERCENT_ASKED.search(question):
        # "EBITDA % margin", "free cash flow in percent": a ratio of a dollar metric the
        # registry does not hold, never the dollar figure itself
        metric = None
    share = share_asked(ask) if metric is None and not comparison_asked(question) else None
    if share is not None and not scale:
        # "R&D expense as a percentage of revenue": one line item over another, computed as
        # a metric is
        metric = share_metric(*share)
    if (
        metric is None
        and concepts
        and not scale
        and not comparison_asked(question)
        and growth_asked(ask, question)
    ):
        # "the change in net income from FY2018 to FY2019, in percent": the growth of the
        # concept asked, computed as a metric is (a change in dollars is not)
        metric = growth_metric(concepts[0])
    if (
        concepts
        and concepts[0].unit == "USD"
        and not scale
        and not comparison_asked(question)
        and compound_growth_asked(ask)
    ):
        # "the 2 year revenue CAGR from FY2017 to FY2019": the line item read at the first
        # and the last year named, its compound annual growth rate computed from them (a
        # growth over the year before, or a registry metric named beside it, is not asked)
        metric = compound_growth_metric(concepts[0])
    if not concepts and metric is None and not (adjusted is not None and growth_named(ask)):
        return None
    # a filing's year ("as reported in the 2020 10-K") is no period asked
    periods = without_report_years(question)
    years = [int(y) for y in _FISCAL.findall(periods)] or [int(y) for y in _YEAR.findall(periods)]
    listed = years_listed(periods)
    if listed:
        # "for fiscal 2020 and 2019": the list's every year, "fiscal" written once
        years = [int(y) for y in _LISTED_YEAR.findall(periods)]
    if not years:
        return None
    if (
        metric is None
        and len(concepts) == 1
        and concepts[0].unit == "USD"
        and concepts[0].gaap not in (ROW_ITEM, NOTE_ROW_ITEM)
        and len(set(years)) > 1
        and not listed
        and not comparison_asked(question)
        and not growth_asked(ask, question)
        and dollar_change_asked(ask)
    ):
        # "by how much did inventories change from FY2018 to FY2019": the line item read at
        # the first and the last year named, the last less the first, in dollars; of one
        # item only ("inventories and accounts payable" asks two changes, "the change in
        # revenue divided by total assets" a ratio)
        metric = change_metric(concepts[0])
    # a change over the quarter before ("sequential revenue", "grew sequentially") is
    # arithmetic over cells, never the quarter's own figure
    # fiscal years listed ("for FY2018 and FY2019") ask each year's figure; two years named
    # otherwise ("from FY2018 to FY2019") ask for arithmetic between them
    # a sum or a difference of the figures named ("the difference in revenue for FY2019 and
    # FY2020", "combined", "the total of") is arithmetic too, never the figures themselves
    computed = (
        computed_asked(question)
        or (len(set(years)) > 1 and not listed)
        or (sum_asked(question) and len(set(years)) * len(concepts) > 1)
        or metric is not None
        or sequential_asked(question)
    )
    # a date is a balance's instant: flows asked of a fiscal year named beside it
    # ("operating income for FY2022 at December 31, 2022") are that fiscal year's
    quarter = quarter_asked(
        question,
        flows=metric is None and bool(concepts) and all(c.statement != "balance" for c in concepts),
    )
    return FigureQuestion(
        concepts=tuple(concepts),
        # years listed are answered in the order asked ("in FY2020 and FY2019"); a span's
        # (a growth's, a CAGR's) in time order, its first and last its ends
        years=tuple(dict.fromkeys(years)) if listed and not computed else tuple(sorted(set(years))),
        scale=_SCALES[scale.group(1).lower()] if scale else None,
        computed=computed,
        metric=metric,
        quarter=quarter,
        adjusted=adjusted,
    )


def adjusted_note(figure: FigureQuestion, company: str) -> str:
    """Why a measure the company defines itself is not read from its statement cells."""
    return (
        f"{figure.adjusted} {figure.measure()} {', '.join(figure.periods)} not read: "
        f"'{figure.adjusted}' asks for a measure {company} defines itself (a non-GAAP "
        "figure), which no statement table prints; the GAAP figure of its name is not it"
    )


# the `gaap` of a line item read by its printed row name, no concept of financial.yaml
ROW_ITEM = "row as printed"
# a row label that signs itself: "Net increase (decrease) in cash", "Retained earnings
# (accumulated deficit)": its figure as printed, never its magnitude
_SIGNED_LABEL = re.compile(r"\(\s*[a-z][^)]*\)", re.IGNORECASE)


def row_item_figure(
    question: str, cells: Sequence[tuple[str, StatementCell]]
) -> FigureQuestion | None:
    """A figure question naming a line item no concept holds by the name a primary
    statement's row prints ("Amazon's unearned revenue as of December 31, 2019": the balance
    sheet's "Unearned revenue"), among the company's `cells`; None when the question names
    no such item or no primary statement prints a row of its name. The item is read as a
    concept of its own: its rows' statement (a balance sheet's before a cash flow
    statement's change of the same name), their figures' magnitudes (an outflow or an
    expense in parentheses) unless the label signs itself."""
    readings = line_item_readings(question)
    if not readings:
        return None
    # the longest name a row prints: "net increase in cash and cash equivalents" read on
    # over its period word "in", before "net increase"
    item, labels, rows = readings[-1], line_item_labels(readings[-1]), []
    for reading in readings:
        item, labels = reading, line_item_labels(reading)
        rows = [
            c
            for _, c in cells
            if c.unit == "USD"
            and label_key(c.row_label) in labels
            and titled_statement(c)
            and not captions_another_entity(c.caption)
        ]
        if rows:
            break
    if not rows:
        # "current deferred revenue": the row of that name under a heading the qualifier
        # opens ("Current liabilities:"), never its namesake under "Long-term liabilities:"
        labels = _qualified_labels(item, cells)
        rows = [
            c
            for _, c in cells
            if c.unit == "USD"
            and c.parents
            and _under_heading(c) in labels
            and titled_statement(c)
            and not captions_another_entity(c.caption)
        ]
    gaap = ROW_ITEM
    if not rows:
        # an item no primary statement prints, named whole by a note's row ("Present value
        # of lease liabilities" of a lease note): that row, where the name is long enough to
        # be the note's own (financial.yaml `fewest_note_item_words`)
        for reading in readings:
            if len(reading.split()) < note_item_words():
                continue
            labels = line_item_labels(reading)
            rows = [
                c
                for _, c in cells
                if c.unit == "USD"
                and label_key(c.row_label) in labels
                and not captions_another_entity(c.caption)
                and not captions_another_measure(c.caption)
            ]
            if rows:
                item, gaap = reading, NOTE_ROW_ITEM
                break
    if not rows:
        return None
    statement = next(
        s
        for s in ("balance", "income", "cash_flow")
        if s == "cash_flow" or any(_captioned(c, s) for c in rows)
    )
    # only a cost or an outflow ("Principal repayments of finance leases (9,628)") is read
    # as its size; any other row keeps its printed sign ("Equity-method investment
    # activity, net of tax (14)" is a loss of 14), as a row signing itself does
    # a row the question asks what was spent on ("How much did Adobe spend on acquisitions,
    # net of cash acquired": "(2,682)") is an outflow too
    signed = any(_SIGNED_LABEL.search(c.row_label) for c in rows) or not (
        spending_asked(question)
        or names_outflow(item)
        or any(names_outflow(c.row_label) for c in rows)
    )
    concept = FinancialConcept(
        name=item.replace(" ", "_"),
        labels=tuple(dict.fromkeys((*labels, *(_under_heading(c) for c in rows)))),
        question_words=(item,),
        gaap=gaap,
        statement=statement,
        sign="positive" if signed else "outflow",
        unit="USD",
    )
    # the row's printed words are its name, never what else the question asks: "Net increase
    # in restricted deposits" asks no increase computed, "... cash equivalents" no cash
    written = item_written(question, item)
    if written is not None:
        question = _blanked(question, *written)
    return read_figure_question(question, concept)


# the `gaap` of a line item read by the printed name of a note's row, no primary statement's
NOTE_ROW_ITEM = "row as printed in a note"
# the `gaap` of a segment's figure read from a note's table of segments
SEGMENT_ROW = "segment row of a note"


def segment_figure(
    question: str, cells: Sequence[tuple[str, StatementCell]], *, unworded: bool = False
) -> FigureQuestion | None:
    """A figure of a segment the question names ("How much goodwill did Adobe carry in its
    Digital Media segment at the end of fiscal 2022?"): the row of the segment's name in a
    table of the company's filings whose rows are the segments and whose total is the one
    concept the question names (a "Goodwill" row below "Digital Media" and "Digital
    Experience"), or the concept's row under the segment's name as its heading ("Net sales"
    under "North America"), of the fiscal year asked. None where the question names no
    concept, or more than one, or asks for arithmetic, or no table prints both the segment's
    row and the concept's; the segment's row of each such table is read (the engine judges
    them as it judges any cells: agreeing, or not concluded).

    `unworded`: the question names the part with no segment word ("Amazon's North America
    net sales"): a name of such a table right after an opening or a possessive and right
    before the concept's words (`part_named`) is the segment."""
    ask = question.split("?", 1)[0]
    if not unworded and not segment_asked(ask):
        return None
    asked = concepts_asked(question)
    if len(asked) != 1 or asked[0].unit != "USD":
        return None
    concept = asked[0]
    items = tuple(dict.fromkeys(label_key(w) for w in (*concept.question_words, *concept.labels)))

    def named(name: str) -> tuple[int, int] | None:
        if unworded:
            return part_named(question, name, items)
        return segment_named(question, name)

    tables: dict[tuple[int, str], list[StatementCell]] = {}
    for _, c in cells:
        if c.unit == "USD" and not captions_another_entity(c.caption):
            tables.setdefault((c.page, c.caption), []).append(c)
    found: dict[str, list[str]] = {}
    for _, table in sorted(tables.items()):
        # in the order printed: a page's tables of one caption ("(dollars in millions)")
        # are told apart by their totals
        lines = sorted({c.line_no: c for c in table if not c.parents}.items())
        for i, (_, c) in enumerate(lines):
            name = label_key(c.row_label)
            if not name or named(name) is None or _observes(c, concept):
                continue
            # the segment's table's total is the concept asked: the first total row after
            # it ("Goodwill", "Total revenue"), never another's ("Total subscription
            # revenue")
            total = next(
                (d for _, d in lines[i + 1 :] if _observes(d, concept) or names_total(d.row_label)),
                None,
            )
            if total is not None and (
                _observes(total, concept) or _captioned_total(total, concept)
            ):
                found.setdefault(name, []).append(row_key(c))
        # the concept as the heading of the segments' rows ("Operating income" over
        # "Domestic", "International" and "Total operating income"; "Revenue by reportable
        # segment" over them and "Total revenue"): the segment's row, where a total row
        # closes the heading's rows
        headed: dict[str, list[StatementCell]] = {}
        for c in table:
            if c.parents:
                headed.setdefault(c.parents[-1], []).append(c)
        for heading, rows in sorted(headed.items()):
            if concept.name not in {
                h.name for h in concepts_asked(heading, as_question=False)
            } or any(_observes(c, concept) for c in rows if not names_total(c.row_label)):
                continue
            ordered = sorted({c.line_no: c for c in rows}.items())
            for i, (_, c) in enumerate(ordered):
                name = label_key(c.row_label)
                if not name or names_total(c.row_label) or named(name) is None:
                    continue
                if any(names_total(d.row_label) for _, d in ordered[i + 1 :]):
                    found.setdefault(name, []).append(row_key(c))
        # the segment's name as the heading of its own rows ("North America" over "Net
        # sales", "Operating expenses", "Operating income"): the concept's row right under it
        for c in table:
            if not c.parents or not _observes(c, concept):
                continue
            name = label_key(c.parents[-1])
            if name and named(name) is not None:
                found.setdefault(name, []).append(row_key(c))
    if len(found) != 1:
        return None
    name, printed = next(iter(found.items()))
    segment = _note_row(
        f"{name.replace(' ', '_')}_{concept.name}",
        name,
        name,
        concept,
        tuple(dict.fromkeys(printed)),
    )
    # the question read as the company's figure, its segment's words left out
    written = named(name)
    if written is None:
        return None
    end = written[1] + (2 if question[written[1] : written[1] + 2] in ("'s", "’s") else 0)
    figure = read_figure_question(_blanked(question, written[0], end))
    if figure is None or figure.computed or figure.metric is not None or len(figure.years) != 1:
        return None
    if [c.name for c in figure.concepts] != [concept.name]:
        return None
    return replace(figure, concepts=(segment,))


def _note_row(
    name: str,
    label: str,
    asked: str,
    concept: FinancialConcept,
    rows: tuple[str, ...] = (),
    gaap: str = SEGMENT_ROW,
) -> FinancialConcept:
    """A figure of a note's table as a concept of its own (a segment's row, `SEGMENT_ROW`; an
    item as printed, `NOTE_ROW_ITEM`): the rows that print it, signed as the company's concept
    is (a segment's capital expenditure printed "(120)" is an outflow of 120, as the cash flow
    statement's total is)."""
    return FinancialConcept(
        name=name,
        labels=(label,),
        question_words=(asked,),
        gaap=gaap,
        statement=concept.statement,
        sign=concept.sign,
        unit="USD",
        rows=rows,
    )


def part_unread(
    question: str, cells: Sequence[tuple[str, StatementCell]], concept: FinancialConcept
) -> FinancialConcept | None:
    """The line item a question asks of a named part of the company with a qualifier
    between the part and the concept's words ("Adobe's Digital Experience subscription
    revenue"): the part's row of a table of the parts whose total row totals the qualified
    item ("Digital Experience" above "Total subscription revenue"), as a segment's figure;
    where no such table prints it (the part's tables total "revenue" only), an item of its
    own that no row prints. None where the question's item names no such part. Never the
    company's figure of the concept, nor the part's of the unqualified concept."""
    items = tuple(dict.fromkeys(label_key(w) for w in (*concept.question_words, *concept.labels)))
    readings = [
        r
        for r in line_item_readings(question)
        if any(r.endswith(f" {i}") for i in items if " " not in i or i in r.split())
    ]
    # each part's rows, with the item its table's total row (the first after it) totals
    parts: dict[str, list[tuple[str, str]]] = {}
    tables: dict[tuple[int, str], list[StatementCell]] = {}
    for _, c in cells:
        if c.unit == "USD":
            tables.setdefault((c.page, c.caption), []).append(c)
    for _, table in sorted(tables.items()):
        lines = sorted({c.line_no: c for c in table}.items())
        for i, (_, c) in enumerate(lines):
            name = label_key(c.row_label)
            if not name or names_total(c.row_label) or _observes(c, concept):
                continue
            total = next(
                (
                    d
                    for _, d in lines[i + 1 :]
                    if names_total(d.row_label) and d.parents == c.parents
                ),
                None,
            )
            if total is not None:
                totalled = " ".join(label_key(total.row_label).split()[1:])
                parts.setdefault(name, []).append((row_key(c), totalled))
    # the item asked with the company after it too ("the Digital Experience subscription
    # revenue of Adobe")
    readings.extend(part_item_readings(question, sorted(parts), items))
    for reading in sorted(set(readings), key=lambda r: (-len(r), r)):
        ahead = next(
            reading[: -len(i) - 1]
            for i in sorted(items, key=lambda w: (-len(w), w))
            if reading.endswith(f" {i}")
        )
        named = [p for p in sorted(parts) if f" {p} " in f" {ahead} " and p != ahead]
        for part in named:
            # the part's row of the table its item, the part's words left out, totals
            # ("Digital Experience" of the table closed by "Total subscription revenue")
            item = " ".join(f" {reading} ".replace(f" {part} ", " ", 1).split())
            rows = tuple(dict.fromkeys(k for k, totalled in parts[part] if totalled == item))
            if rows:
                return _note_row(
                    f"{part.replace(' ', '_')}_{item.replace(' ', '_')}",
                    part,
                    reading,
                    concept,
                    rows,
                )
        if named:
            return _note_row(
                reading.replace(" ", "_"), reading, reading, concept, gaap=NOTE_ROW_ITEM
            )
    return None


def _captioned_total(cell: StatementCell, concept: FinancialConcept) -> bool:
    """Is `cell` a total row whose table's caption names `concept` ("Total Company" under
    "Net Sales (Millions)": the table's rows are parts of the company's net sales), and whose
    label names no narrower item of it ("Total subscription revenue" under "Subscription
    revenue by segment" totals a kind of revenue, never the segments' revenue)?"""
    rest = " ".join(label_key(cell.row_label).split()[1:])
    items = {label_key(w) for w in (*concept.question_words, *concept.labels)}
    if rest and rest not in items and any(f" {i} " in f" {rest} " for i in items):
        return False
    return names_total(cell.row_label) and concept.name in {
        c.name for c in concepts_asked(cell.caption, as_question=False)
    }


def on_fiscal_year_end(figure: FigureQuestion, year_end: tuple[int, int] | None) -> FigureQuestion:
    """A question asked on a date alone ("as of December 31, 2018"), or a year-to-date span
    through it, as the company's fiscal years place that date: the fiscal year it ends, or
    else the quarter it closes (a 10-Q's balance; the span's months to it). A date whose year end no filing states stays a date, read among the 10-Qs'
    dated columns."""
    asked = figure.quarter
    if asked is None or not (asked.on_date or asked.to_date) or asked.end is None:
        return figure
    closes = fiscal_quarter_of(asked.end, year_end) if year_end is not None else None
    if closes is not None and closes[1] == 4:
        return replace(figure, years=(closes[0],), quarter=None)
    if closes is not None and asked.to_date:
        # "year-to-date through July 29, 2023": the span from the fiscal year's start to the
        # quarter the date closes, as "the six months ended" names it
        fiscal_year, quarter = closes
        placed = replace(
            asked, fiscal_year=fiscal_year, quarter=quarter, months=3 * quarter, end=None
        )
        return replace(figure, quarter=placed)
    return figure


def prior_quarter(asked: QuarterAsked, year_end: tuple[int, int] | None) -> QuarterAsked:
    """The same quarter (or span) a fiscal year before `asked`: a growth's prior period."""
    if asked.fiscal_year is not None:
        return replace(asked, fiscal_year=asked.fiscal_year - 1)
    assert asked.end is not None
    closes = fiscal_quarter_of(asked.end, year_end) if year_end is not None else None
    if closes is not None:
        # a 52/53-week year's quarter ends on another day a year before: named by its
        # fiscal year and quarter, placed as any such quarter is
        return replace(asked, fiscal_year=closes[0] - 1, quarter=closes[1], end=None)
    day = 28 if (asked.end.month, asked.end.day) == (2, 29) else asked.end.day
    return replace(asked, end=asked.end.replace(year=asked.end.year - 1, day=day))


def previous_quarter(asked: QuarterAsked, year_end: tuple[int, int] | None) -> QuarterAsked | None:
    """The quarter just before `asked` (a quarter-over-quarter growth's prior period): Q1's
    is the fiscal year before's Q4. None when `asked` is no quarter (a year-to-date span has
    no sequential period) or its date is not placed in a fiscal year."""
    if asked.months != 3:
        return None
    if asked.fiscal_year is not None and asked.quarter is not None:
        fiscal_year, quarter = asked.fiscal_year, asked.quarter
    elif asked.end is not None and year_end is not None:
        closes = fiscal_quarter_of(asked.end, year_end)
        if closes is None:
            return None
        fiscal_year, quarter = closes
    else:
        return None
    before = (fiscal_year, quarter - 1) if quarter > 1 else (fiscal_year - 1, 4)
    return replace(asked, fiscal_year=before[0], quarter=before[1], end=None, on_date=False)


def matching_cells(
    cells: Sequence[tuple[str, StatementCell]], concept: FinancialConcept, period: str
) -> list[tuple[str, StatementCell]]:
    """The cells that are observations of `concept` in `period`: its label, its unit, a
    figure (not a dash); those of the concept's own statement when there are any; a figure
    printed again at a coarser precision left out. A concept with an `otherwise` concept
    whose statements print none of its rows, nor any holding a never-word, is read from
    that concept's ("Net income" of a company with no noncontrolling interests)."""
    found = _labelled(cells, concept, period)
    if not found:
        # the diluted EPS of a filing that prints one row for both ("Net income per share -
        # basic and diluted"): the row of the concept whose `either` names this one, where
        # the filing prints neither the basic nor the diluted row for the period
        for wider in financial_concepts():
            names = {name for _, name in wider.either}
            if concept.name in names and not any(
                _labelled(cells, concept_named(n), period) for n in names - {concept.name}
            ):
                found = _labelled(cells, wider, period)
                break
    if (
        not found
        and concept.otherwise is not None
        and not any(c.period == period and holds_never_word(concept, c.row_label) for _, c in cells)
    ):
        other = next(c for c in financial_concepts() if c.name == concept.otherwise)
        found = _labelled(cells, other, period)
        if concept.sign == "expense" and other.sign == "net":
            # "Interest, net" is the interest expense only where its heading signs it as one
            # (a company with net interest income has no expense to read from it)
            found = [
                (d, c)
                for d, c in found
                if c.amount is not None and net_row_expense(c.parents, c.amount) is not None
            ]
    return _finest(found)


def statement_read(
    cells: Sequence[tuple[str, StatementCell]], concept: FinancialConcept, period: str
) -> list[tuple[str, StatementCell]]:
    """The primary statement `concept` lives in (its `statement`, by its table's title), of
    `period`: each of its pages as its first row read of that period, in the order read; none
    where no such statement was read (a segment's or a note's item is asked of no primary
    statement)."""
    if concept.gaap in (SEGMENT_ROW, NOTE_ROW_ITEM):
        return []
    first: dict[tuple[str, int], StatementCell] = {}
    for d, c in cells:
        if (
            c.period == period
            and c.value is not None
            and c.unit == "USD"
            and titled_statement(c, concept.statement)
        ):
            at = first.get((d, c.page))
            if at is None or (c.line_no, c.char_start) < (at.line_no, at.char_start):
                first[(d, c.page)] = c
    return [(d, c) for (d, _), c in first.items()]


def statement_title(cell: StatementCell) -> str:
    """The title of the statement a cell is printed in: its caption before the unit's words
    ("Consolidated Statements of Operations" of "... (In millions, except per share data)")."""
    return cell.caption.split("(", 1)[0].strip() or cell.caption


def statement_page_unit(unit: EvidenceUnit, first: StatementCell) -> EvidenceUnit:
    """A statement's page cited as read: `unit` made of its first row read, under a claim of the
    statement, with no value; its quote and lines stay that row's own printed text (a citation
    is always the exact text of the lines it names), its section the statement's title."""
    where = unit.source_location
    return unit.model_copy(
        update={
            "value": None,
            "source_location": where.model_copy(update={"section": statement_title(first)}),
        }
    )


def _either_cells(
    cells: Sequence[tuple[str, StatementCell]], concept: FinancialConcept, period: str
) -> tuple[list[tuple[str, StatementCell]], str | None]:
    """The cells of each concept `concept` may be (its `either`: the basic and the diluted
    EPS) in `period`, and None when they all print one figure; else a note that they differ
    (the question leaves open which it asks)."""
    names = list(dict.fromkeys(name for _, name in concept.either))
    found = {name: matching_cells(cells, concept_named(name), period) for name in names}
    if not all(found.values()):
        return [], None
    every = [pair for name in names for pair in found[name]]
    amounts = {round(c.amount, 6) for _, c in every if c.amount is not None}
    if len(amounts) == 1:
        return every, None
    named = " and ".join(n.replace("_", " ") for n in names)
    return every, (
        f"not concluded: {named} differ for {period} and the question does not say which it asks"
    )


def printed_dashes(
    cells: Sequence[tuple[str, StatementCell]], concept: FinancialConcept, period: str
) -> list[tuple[str, StatementCell]]:
    """The cells of `concept` in `period` printed as a dash ("—"): no amount, never read as
    0 (whether a dash means nil or not reported is the statement's to say, not the reader's)."""
    return _labelled(cells, concept, period, dashes=True)


def dash_note(dashes: Sequence[tuple[str, StatementCell]]) -> str:
    """What the answer says of an item printed as a dash."""
    rows = ", ".join(dict.fromkeys(f"'{c.row_label}' on page {c.page}" for _, c in dashes))
    return f"printed as a dash ({rows}): no amount, not read as 0"


def _labelled(
    cells: Sequence[tuple[str, StatementCell]],
    concept: FinancialConcept,
    period: str,
    *,
    dashes: bool = False,
) -> list[tuple[str, StatementCell]]:
    found = [
        (d, c)
        for d, c in cells
        if c.period == period
        and (c.value is None) is dashes
        and c.unit == concept.unit
        and (c.scale is not None or concept.unit == "USD/share")
        and _observes(c, concept)
        # another reporting entity's statement (a deed of cross guarantee's closed group,
        # the guarantors) prints the company's row labels with other figures
        and not captions_another_entity(c.caption)
        # a deferred tax table's "Depreciation and amortization" is a tax effect
        and not captions_another_measure(c.caption)
        # a cash flow statement's row named as a balance ("Trade receivables, net (198)")
        # is the balance's change over the period, never the balance; a note whose prose
        # names both statements ("a reconciliation of cash ... reported within our
        # Consolidated Balance Sheets to the total shown within our Consolidated Statements
        # of Cash Flows") prints balances
        and not (
            concept.statement == "balance"
            and _captioned(c, "cash_flow")
            and (titled_statement(c, "cash_flow") or not _captioned(c, "balance"))
        )
    ]
    own = [(d, c) for d, c in found if _captioned(c, concept.statement)]
    # the statement's own table before a note's whose prose names the statement ("Income tax
    # benefit (29)" of a share-based compensation table "included in our consolidated
    # statements of operations")
    titled = [(d, c) for d, c in own if titled_statement(c, concept.statement)]
    return titled or own or found


# how far into a caption a primary statement's title stands ("ACME INC. CONSOLIDATED
# STATEMENTS OF OPERATIONS (in millions)"); a note's table names a statement later, in its
# prose ("... included in our consolidated statements of operations")
_TITLE_SPAN = 120
_NOTE_CAPTION = re.compile(r"^\W*notes?\b", re.IGNORECASE)


def titled_statement(cell: StatementCell, statement: str | None = None) -> bool:
    """Is the cell's table a primary statement (`statement`, else any) by its title: its
    caption opens with the statement's name (within its first words), not a note ("NOTE 7.
    Supplemental Balance Sheet Information") nor a note's table whose prose names a
    statement?"""
    if _NOTE_CAPTION.search(cell.caption):
        return False
    head = cell.caption[:_TITLE_SPAN]
    return any(
        caption.search(head) or caption.search(re.sub(r"\s+", "", head))
        for name, caption in _STATEMENT_CAPTIONS.items()
        if (name == statement if statement is not None else name != "equity")
    )


def _under_heading(cell: StatementCell) -> str:
    """The cell's row label under its nearest heading, folded ("current liabilities deferred
    revenue"); its label alone where it has none."""
    row = label_key(cell.row_label)
    return f"{label_key(cell.parents[-1])} {row}" if cell.parents else row


def _qualified_labels(item: str, cells: Sequence[tuple[str, StatementCell]]) -> tuple[str, ...]:
    """The headed labels (`_under_heading`) of the rows an item with a qualifier names
    ("current deferred revenue": "Deferred revenue" under "Current liabilities:"): the item's
    rest is the row's name, the qualifier the heading's first words."""
    for qualifier in line_item_qualifiers():
        if not item.startswith(f"{qualifier} "):
            continue
        rest = line_item_labels(item[len(qualifier) + 1 :])
        return tuple(
            dict.fromkeys(
                _under_heading(c)
                for _, c in cells
                if c.parents
                and label_key(c.row_label) in rest
                and label_key(c.parents[-1]).startswith(f"{qualifier} ")
            )
        )
    return ()


def _observes(cell: StatementCell, concept: FinancialConcept) -> bool:
    """Is the cell's row one of `concept`'s: a line item read by its printed name
    (`ROW_ITEM`) a primary statement's row of that name, a segment's figure (`SEGMENT_ROW`)
    its row in a table of segments, a concept its row's concept."""
    if concept.gaap == SEGMENT_ROW:
        # the segment's own row (under the concept as its heading, or none), or the
        # concept's row under the segment's name as heading
        return row_key(cell) in concept.rows and (
            label_key(cell.row_label) in concept.labels
            or (bool(cell.parents) and label_key(cell.parents[-1]) in concept.labels)
        )
    if concept.gaap == ROW_ITEM:
        return (
            label_key(cell.row_label) in concept.labels or _under_heading(cell) in concept.labels
        ) and titled_statement(cell)
    if concept.gaap == NOTE_ROW_ITEM:
        return label_key(cell.row_label) in concept.labels
    found = concept_of_cell(cell)
    return found is not None and found.name == concept.name


def _captioned(cell: StatementCell, statement: str) -> bool:
    caption = _STATEMENT_CAPTIONS[statement]
    return bool(caption.search(cell.caption) or caption.search(re.sub(r"\s+", "", cell.caption)))


def of_a_primary_statement(cell: StatementCell) -> bool:
    """Whether the cell's table is one of the primary statements (operations, balance
    sheet, cash flows), by its caption: such a table prints no period after the filing's."""
    return any(_captioned(cell, s) for s in ("income", "balance", "cash_flow"))


def concept_of_cell(cell: StatementCell) -> FinancialConcept | None:
    """The concept a cell is an observation of: its row label's, or its nearest heading's
    with it when neither the label nor the heading alone names one ("Long-term liabilities:"
    over "Debt"; "Land" under "Property and equipment, net:" is no concept), or, for a
    per-share figure whose label names no per-share concept, its heading's ("Earnings per common share" over
    "Basic"; "Diluted earnings per share:" over "Net income attributable to common
    shareholders"), the nearest heading first."""
    concept = concept_of_label(cell.row_label)
    if concept is not None and concept.unit != cell.unit and cell.unit == "shares":
        # "Diluted" under "Weighted-average number of shares outstanding": a count of shares,
        # not the per-share figure the word alone names; read with its heading
        concept = None
    if cell.unit != "USD/share" and concept is None and cell.parents:
        # a label that names no line item alone is read with its heading: "Debt" under
        # "Long-term liabilities:" is the long-term debt, under "Current liabilities:" none;
        # a heading that names a concept itself ("Property and equipment, net of accumulated
        # depreciation:") has that concept's components below it ("Land"), never its total
        if concept_of_label(cell.parents[-1]) is not None:
            return None
        return concept_of_label(f"{cell.parents[-1]} {cell.row_label}")
    if cell.unit != "USD/share" or (concept is not None and concept.unit == "USD/share"):
        return concept
    for parent in reversed(cell.parents):
        for label in (f"{cell.row_label} {parent}", f"{parent} {cell.row_label}", parent):
            headed = concept_of_label(label)
            # "Continuing operations" under "Basic earnings per share": a part of the
            # figure the heading names, as the row's own words say (the concept's
            # never-words), never the figure
            if (
                headed is not None
                and headed.unit == "USD/share"
                and not holds_never_word(headed, cell.row_label)
            ):
                return headed
    return concept


def _step(cell: StatementCell) -> float:
    """The amount one unit of the cell's last printed digit stands for: 100,000 for
    "1,469.5" in millions, 1,000 for "1,469,502" in thousands."""
    digits = re.sub(r"[^\d.]", "", cell.text)
    decimals = len(digits.split(".", 1)[1]) if "." in digits else 0
    return 10.0**-decimals * (cell.scale or 1)


def _finest(found: list[tuple[str, StatementCell]]) -> list[tuple[str, StatementCell]]:
    """`found` less each cell that prints the figure of a finer one rounded (selected data
    "in millions" beside the statement "in thousands"): it is the same figure, not a
    second one that disagrees; the finer cell is the one read."""

    def rounded_from(cell: StatementCell, finer: StatementCell) -> bool:
        step = _step(cell)
        assert cell.amount is not None and finer.amount is not None
        return _step(finer) < step and abs(cell.amount - finer.amount) <= step / 2 * (1 + 1e-9)

    return [(d, c) for d, c in found if not any(rounded_from(c, o) for _, o in found)]


def operand_amount(
    cell: StatementCell, sign: str, concept: FinancialConcept | None = None
) -> float | None:
    """The amount a cell stands for as a figure, whatever its table's sign convention: as
    printed for a positive concept (a row naming a loss only, "Net loss", negative however
    printed), its magnitude for an outflow or an expense (a cost in parentheses in one table
    and plain in another is one figure); an expense row naming a benefit too signed as its
    parentheses say ("Provision for (benefit from) income taxes (1,084)": -1,084, a benefit),
    None where they say nothing ("Income tax expense/benefit": its sign unread); a row naming
    a benefit alone ("Income tax benefit") a benefit however printed: -(its magnitude)."""
    assert cell.amount is not None
    loss = concept is not None and names_loss_only(cell.row_label, concept)
    if sign == "expense" and names_benefit_only(cell.row_label):
        return -abs(cell.amount)
    if sign == "expense":
        how = expense_row_sign(cell.row_label)
        if how is None:
            return None
        if how:
            return how * cell.amount
    if sign in ("outflow", "expense"):
        return -abs(cell.amount) if loss else abs(cell.amount)
    return -abs(cell.amount) if loss else cell.amount


def sign_note(cell: StatementCell, concept: FinancialConcept) -> str | None:
    """What the answer says of a figure's sign, where the printed sign is not simply the
    figure's: a benefit of an expense row, a loss, a deduction or an outflow read as its
    magnitude, an expense row whose sign is unread, a negative figure."""
    assert cell.amount is not None
    printed = f"printed {cell.text} in '{cell.row_label}'"
    read = operand_amount(cell, concept.sign, concept)
    if read is None:
        return f"sign not read: the row names an expense and a benefit, {printed}"
    if concept.sign == "expense" and names_benefit_only(cell.row_label):
        return f"a benefit, as the row names it, a negative expense: {printed}"
    if concept.sign == "expense" and expense_row_sign(cell.row_label):
        if read < 0:
            return f"a benefit, a negative expense: {printed}"
        if cell.amount < 0:
            return f"the expense, in parentheses as the row's words say: {printed}"
        return None
    if names_loss_only(cell.row_label, concept):
        return f"a loss, negative: {printed}"
    if concept.sign in ("expense", "outflow") and cell.amount < 0:
        return f"in parentheses, read as its magnitude: {printed}"
    if read < 0:
        return f"negative: {printed}"
    return None


def figure_value(cell: StatementCell, concept: FinancialConcept, scale: int | None) -> str:
    """The cell's amount as the answer states it: in the unit asked ("in USD millions"),
    else the table's; signed as `operand_amount` reads it (an outflow or an expense printed
    in parentheses a positive amount, a benefit a negative expense, a loss negative), as
    printed where its sign is unread."""
    assert cell.value is not None
    read = operand_amount(cell, concept.sign, concept)
    amount = read if read is not None else cell.amount
    assert amount is not None
    if concept.unit == "USD/share":
        return f"USD {amount:,.2f} per share"
    unit = "shares" if concept.unit == "shares" else "USD"
    divisor = scale or cell.scale or 1
    words = {1: "", 1_000: " thousand", 1_000_000: " million", 1_000_000_000: " billion"}
    number = amount / divisor
    text = f"{number:,.2f}".rstrip("0").rstrip(".") if number % 1 else f"{number:,.0f}"
    return (
        f"{unit} {text}{words.get(divisor, '')}"
        if unit == "USD"
        else f"{text}{words.get(divisor, '')} shares"
    )


def cell_evidence_id(document_id: str, cell: StatementCell) -> str:
    """The evidence id of a cell's unit: its document, page, line and figure's box."""
    digest = hashlib.sha256(
        f"{document_id}:{cell.page}:{cell.line_no}:{cell.bbox}".encode()
    ).hexdigest()
    return f"ev-{digest[:12]}"


def cell_reading(cell: StatementCell) -> str:
    """How a cell is read, for a value's `details` (never its quote): the table's caption,
    the row's label under its parents, the column, and the figure as printed ("Consolidated
    Statements of Cash Flows | Investing activities > Purchases of property | 2020: (1,577)")."""
    path = " > ".join([*cell.parents, cell.row_label])
    return f"{cell.caption} | {path} | {cell.column or cell.period}: {cell.text}"


def cell_unit(
    document_id: str,
    document_name: str,
    cell: StatementCell,
    *,
    subject_id: str,
    claim_id: str,
    value: str | None,
    source_type: str,
    observed_at: str | None,
    independence_group: str,
) -> EvidenceUnit:
    """A cell as an evidence unit: the printed line of its row quoted as the text layer gives
    it (its label and figures, the exact source text of the line cited: never the reading
    of it, which `cell_reading` says), located by page, line and the figure's box."""
    return EvidenceUnit(
        evidence_id=cell_evidence_id(document_id, cell),
        subject_id=subject_id,
        claim_id=claim_id,
        value=value,
        quote=cell.printed_line,
        source_location=SourceLocation(
            document=document_name,
            document_id=document_id,
            page=cell.page,
            section=cell.caption or None,
            line_start=max(cell.line_no, 1),
            line_end=max(cell.line_no, 1),
            char_start=cell.char_start,
            char_end=cell.char_end,
            bbox=BBox(
                page=cell.page, x0=cell.bbox[0], y0=cell.bbox[1], x1=cell.bbox[2], y1=cell.bbox[3]
            ),
        ),
        source_type=source_type,
        observed_at=observed_at,
        independence_group=independence_group,
        confidence=1.0,
    )


@dataclass(frozen=True, slots=True)
class FigureFindings:
    """What the cells say of a figure question: the evidence units (each a cell), the
    concept and period judged (None for a computed question: nothing is judged), and the
    answer's text when nothing is concluded. Several items asked ("revenue and net income",
    "for FY2018 and FY2019"): `items` names each one's claim (its id, "net income, FY2019"),
    in the order the question asks them, and `missing` those with no cell: each item is its
    own claim, judged on its own cells, never against another item's."""

    units: tuple[EvidenceUnit, ...]
    concept: FinancialConcept | None
    period: str | None
    note: str | None
    items: tuple[tuple[str, str], ...] = ()
    missing: tuple[str, ...] = ()
    # what the answer says of the figures' signs ("income tax, FY2020: a benefit, ...")
    signs: tuple[str, ...] = ()


def _signs(
    answered: Sequence[tuple[FinancialConcept, str, Sequence[tuple[str, StatementCell]]]],
) -> tuple[str, ...]:
    return tuple(
        dict.fromkeys(
            f"{_item_name(concept, period)}: {note}"
            for concept, period, found in answered
            for _, c in found
            if (note := sign_note(c, concept)) is not None
        )
    )


def _asked_order(question_key: str, concept: FinancialConcept) -> int:
    """Where the question first names `concept` (its question words or labels, folded), to
    answer several items in the order asked; a concept named by no phrase of its own (an
    EPS picked by "per diluted share") after those."""
    spaced = f" {question_key} "
    at = [
        spaced.find(f" {p} ")
        for p in (*concept.question_words, *concept.labels, *concept.label_prefixes)
        if p and f" {p} " in spaced
    ]
    return min(at) if at else len(spaced)


def find_figures(
    figure: FigureQuestion,
    cells: Sequence[tuple[str, StatementCell]],
    make_unit: Callable[[str, StatementCell, str, str | None], EvidenceUnit],
    company: str,
    question: str = "",
) -> FigureFindings:
    """The cells that answer `figure` among `cells` (the subject's filings', of its periods).

    One cell asked: the concept named with a matching cell, each match a unit carrying its
    value. Several items asked (line items, or fiscal years listed): each item's cells valued,
    each item its own claim (`items`), an item with no cell named in `missing`. A computed
    question: the cells of every concept and year named, quoted with no value (nothing is
    concluded from them)."""
    if not figure.computed:
        periods = figure.periods if figure.quarter is None else ()
        key = label_key(question)
        asked = sorted(
            figure.concepts, key=lambda c: (_asked_order(key, c), figure.concepts.index(c))
        )
        answered: list[tuple[FinancialConcept, str, list[tuple[str, StatementCell]]]] = []
        missing: list[str] = []
        dashed: list[str] = []  # the items printed as a dash, said so
        quoted: list[EvidenceUnit] = []
        for concept in asked:
            for period in periods or (figure.period_of(concept),):
                found = matching_cells(cells, concept, period)
                if not found and concept.either:
                    found, open_note = _either_cells(cells, concept, period)
                    if open_note is not None:
                        # "earnings per share" where the basic and the diluted figures differ:
                        # which one is the question's to say; both cited, nothing concluded
                        quoted.extend(make_unit(d, c, concept.name, None) for d, c in found)
                        if len(figure.concepts) * max(len(periods), 1) == 1:
                            return FigureFindings(
                                tuple(quoted), None, None, f"{open_note} for {company}"
                            )
                        missing.append(f"{_item_name(concept, period)} ({open_note})")
                        continue
                if found:
                    answered.append((concept, period, list(found)))
                    continue
                dashes = printed_dashes(cells, concept, period)
                quoted.extend(make_unit(d, c, concept.name, None) for d, c in dashes)
                if dashes:
                    dashed.append(dash_note(dashes))
                missing.append(
                    _item_name(concept, period) + (f" ({dash_note(dashes)})" if dashes else "")
                )
        if len(answered) == 1 and not missing and not quoted:
            concept, period, found = answered[0]
            units = tuple(
                make_unit(d, c, concept.name, figure_value(c, concept, figure.scale))
                for d, c in found
            )
            return FigureFindings(units, concept, period, None, signs=_signs(answered))
        if answered:
            # several items asked ("net income and diluted EPS", "for FY2018 and FY2019"):
            # each its own claim, valued by its own cells; one never the whole answer
            made = [
                (make_unit(d, c, concept.name, figure_value(c, concept, figure.scale)), concept, p)
                for concept, p, found in answered
                for d, c in found
            ]
            units = tuple(u for u, _, _ in made)
            items = tuple(dict.fromkeys((u.claim_id, _item_name(c, p)) for u, c, p in made))
            note = None
            if missing:
                note = (
                    f"several figures asked; no cell of {', '.join(missing)} in the statement "
                    f"tables of {company}'s filings: the answer is incomplete"
                )
            return FigureFindings(
                (*units, *quoted),
                None,
                None,
                note,
                items=items,
                missing=tuple(missing),
                signs=_signs(answered),
            )
        if len(figure.concepts) * max(len(periods), 1) > 1:
            # several items asked, none answered: each one's reason
            return FigureFindings(
                tuple(quoted),
                None,
                None,
                f"several figures asked; no cell of {', '.join(missing)} in the statement "
                f"tables of {company}'s filings",
            )
        names = ", ".join(_asked_as(question, c) for c in figure.concepts)
        searched = ""
        if not quoted:
            # the statement the item lives in, of the period asked, read with no row read as
            # the item (its label may be one the lexicon does not know): its pages cited as
            # read, under the statement's claim, never a row's figure nor the item's claim
            concept = figure.concepts[0]
            read = statement_read(cells, concept, (periods or (figure.period_of(concept),))[0])
            quoted.extend(
                statement_page_unit(
                    make_unit(d, first, f"statement_read:{concept.statement}", None), first
                )
                for d, first in read
            )
            titles: dict[str, list[str]] = {}
            for _, first in read:
                pages = titles.setdefault(statement_title(first), [])
                if str(first.page) not in pages:
                    pages.append(str(first.page))
            searched = "".join(
                f"; no row read as {names} on the {title} (page {', '.join(pages)})"
                for title, pages in titles.items()
            )
        return FigureFindings(
            tuple(quoted),
            None,
            None,
            f"no cell for {names} for "
            f"{', '.join(periods or (figure.period_of(figure.concepts[0]),))} "
            f"in the statement tables of {company}'s filings"
            + searched
            + "".join(f"; {note}" for note in dashed),
        )
    quoted = []
    for concept in figure.concepts:
        for period in figure.periods if figure.quarter is None else (figure.period_of(concept),):
            quoted.extend(
                make_unit(d, c, concept.name, None)
                for d, c in matching_cells(cells, concept, period)
            )
    asked_names = ", ".join(c.name.replace("_", " ") for c in figure.concepts)
    return FigureFindings(
        tuple(quoted),
        None,
        None,
        f"not computed: the question asks for arithmetic over cells ({asked_names}; "
        f"{', '.join(figure.periods)}); {len(quoted)} cells of {company}'s filings quoted",
    )


def _asked_as(question: str, concept: FinancialConcept) -> str:
    """The item as the question names it ("'R&D expense' (research development)"): the
    longest of the concept's words the question holds, quoted, with the concept's name when
    they differ; the concept's name where the question names it otherwise."""
    name = concept.name.replace("_", " ")
    spaced = f" {label_key(question)} "
    words = sorted(
        (w for w in (*concept.question_words, *concept.labels) if f" {w} " in spaced),
        key=lambda w: (-len(w), w),
    )
    asked = line_item_asked(question) or ""
    said = asked if asked and words and words[0] in asked else (words[0] if words else name)
    return f"'{said}'" if said == name else f"'{said}' ({name})"


def _item_name(concept: FinancialConcept, period: str) -> str:
    return f"{concept.name.replace('_', ' ')}, {period}"


def _blanked(question: str, start: int, end: int) -> str:
    """`question` with its characters from `start` to `end` blanked: what was read there asks
    nothing more, and every other offset stays where it was."""
    return f"{question[:start]}{' ' * (end - start)}{question[end:]}"
