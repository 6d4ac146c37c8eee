"""Financial statements as data: a statement table's cell (`StatementCell`), and the line
items analysts ask for as concepts (`FinancialConcept`, from domain/lexicon/financial.yaml).

A cell is what ingestion reads from a statement table (ingest/_statements.py) and the catalog
keeps (retrieval's `statement_cells` table); the skill answers a figure question from it.
"""

from __future__ import annotations

import functools
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

from domain._lexicon import LEXICON_DIR, LexiconError

FINANCIAL_FILE = "financial.yaml"


@dataclass(frozen=True, slots=True)
class StatementCell:
    """One figure of a statement table, with everything needed to cite it.

    `row_label` is the row's own text (a wrapped label joined), `parents` the label-only rows
    above it that its indentation places it under, outermost first. `period` is "FY2018" for
    a fiscal year's column (a year's flow, or the balance at its end), "3M:2023-07-29" for a
    column of some months ended on a date; `period_end` the end date as printed (ISO), when
    the header gives one. `value` is the number as printed, signed by its parentheses, None
    for a dash; `scale` the caption's unit scale (1_000_000 for "in millions"), None when the
    table states none; `unit` "USD", "USD/share", "shares" or "%". `line_no` and `line_text`
    are the printed line the row is on (ParsedDocument's count; `char_start`/`char_end` its
    span in the document's text), `bbox` the figure's box.
    """

    page: int
    line_no: int
    line_text: str
    char_start: int  # the printed line's span in ParsedDocument.text
    char_end: int
    bbox: tuple[float, float, float, float]
    caption: str
    row_label: str
    parents: tuple[str, ...]
    column: str
    period: str
    period_end: str | None
    months: int | None
    text: str
    value: float | None
    scale: int | None
    unit: str

    def to_json(self) -> dict[str, Any]:
        """The cell as a JSON object (tuples as lists)."""
        body = asdict(self)
        body["bbox"] = list(self.bbox)
        body["parents"] = list(self.parents)
        return body

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> StatementCell:
        """The cell `to_json` wrote."""
        fields = dict(body)
        fields["bbox"] = tuple(float(v) for v in fields["bbox"])
        fields["parents"] = tuple(fields["parents"])
        return cls(**fields)

    @property
    def amount(self) -> float | None:
        """The value in the unit itself (dollars, shares): value times the scale."""
        if self.value is None:
            return None
        return self.value * (self.scale or 1)


@dataclass(frozen=True, slots=True)
class FinancialConcept:
    """A line item analysts ask for: its name, the labels filings print for it, the
    US-GAAP element that tags it, the statement it lives in, and its sign convention
    ("positive": printed as it is; "outflow": a cash outflow a filing prints in
    parentheses, asked for as a positive amount)."""

    name: str
    labels: tuple[str, ...]
    question_words: tuple[str, ...]
    gaap: str
    statement: str
    sign: str
    unit: str


_STATEMENTS = ("income", "balance", "cash_flow", "equity")
_SIGNS = ("positive", "outflow")
_UNITS = ("USD", "USD/share", "shares")


def label_key(text: str) -> str:
    """A row label or a phrase folded for comparison: lower case, words only, "and" for "&"."""
    text = text.casefold().replace("&", " and ").replace("\u2019", "'")
    text = re.sub(r"\([^)]*\)", " ", text)  # "(PP&E)", "(Note 7)"
    return " ".join(re.findall(r"[a-z0-9]+", text))


@functools.cache
def financial_concepts(path: Path | None = None) -> tuple[FinancialConcept, ...]:
    """The concepts of domain/lexicon/financial.yaml (LexiconError when it is malformed)."""
    source = path or LEXICON_DIR / FINANCIAL_FILE
    try:
        loaded = yaml.safe_load(source.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise LexiconError(f"{source.name}: cannot be read ({exc})") from exc
    entries = (loaded or {}).get("concepts")
    if not isinstance(entries, dict) or not entries:
        raise LexiconError(f"{source.name}: `concepts` must be a mapping of concepts")
    out = []
    for name, body in entries.items():
        where = f"{source.name}: concepts.{name}"
        if not isinstance(body, dict):
            raise LexiconError(f"{where} must be a mapping")
        labels = body.get("labels")
        words = body.get("question_words", [])
        if not isinstance(labels, list) or not labels or not isinstance(words, list):
            raise LexiconError(f"{where}: `labels` (non-empty) and `question_words` are lists")
        statement, sign = body.get("statement"), body.get("sign", "positive")
        unit = body.get("unit", "USD")
        if statement not in _STATEMENTS or sign not in _SIGNS or unit not in _UNITS:
            raise LexiconError(
                f"{where}: statement one of {_STATEMENTS}, sign one of {_SIGNS}, "
                f"unit one of {_UNITS}"
            )
        out.append(
            FinancialConcept(
                name=str(name),
                labels=tuple(label_key(str(v)) for v in labels),
                question_words=tuple(label_key(str(v)) for v in words),
                gaap=str(body.get("gaap", "")),
                statement=str(statement),
                sign=str(sign),
                unit=str(unit),
            )
        )
    return tuple(out)


def concept_of_label(label: str) -> FinancialConcept | None:
    """The concept whose label variants include this row label (folded), if any."""
    key = label_key(label)
    for concept in financial_concepts():
        if key in concept.labels:
            return concept
    return None


def concepts_asked(text: str) -> list[FinancialConcept]:
    """The concepts a question names (its question words or labels, whole words), the
    longest phrase first: "net income attributable to shareholders" before "net income"."""
    key = f" {label_key(text)} "
    found: list[tuple[str, int, FinancialConcept]] = []
    for index, concept in enumerate(financial_concepts()):
        # A one-word label ("cash", "sales") names a row, not what a question asks: "cash
        # dividends" is no question about cash. Only the question words say that.
        phrases = [
            p
            for p in (*concept.question_words, *(p for p in concept.labels if " " in p))
            if f" {p} " in key
        ]
        if phrases:
            found.append((max(phrases, key=len), index, concept))
    # A phrase inside a longer one another concept matched is that concept's words ("net
    # income" in "net income attributable to shareholders"), not a second concept asked.
    kept = [
        (phrase, index, concept)
        for phrase, index, concept in found
        if not any(phrase != other and f" {phrase} " in f" {other} " for other, _, _ in found)
    ]
    return [c for _, _, c in sorted(kept, key=lambda t: (-len(t[0]), t[1]))]
