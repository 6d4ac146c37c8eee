"""How an expected value (an `ask(expected_value=...)`, a batch line's) and the values read
from the evidence compare: both are read the way the attribute's values are (dates, money,
durations, percentages, jurisdictions), then keyed as the conclusion step keys values, so
that "the State of New York", "NY law" and "New York" are one value, as are "$5 million" and "USD 5,000,000", or
"1 year" and "twelve months". Where the values are quoted sentences (a clause, an
obligation), an expected value is words that such a sentence contains. The keys are the conclusion step's (skill/_conclude.py
`value_key`: names by entity key, other values case- and space-folded).

Only the comparison is changed, never the values shown: an answer's values and their
grouping stay the extractors' own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from domain import lexicon
from skill._values import (
    format_duration,
    normalize_date,
    normalize_duration,
    normalize_jurisdiction,
    normalize_money,
    normalize_percentage,
)

ExpectedValue = str | bool | int | float

_YES = frozenset({"yes", "y", "true"})
_NO = frozenset({"no", "n", "false"})
# A state's postal code written alone or before "law" ("NY", "NY law", "N.Y. law").
# Capitals only: "in" or "or" is never read as a state.
_STATE_CODE = re.compile(r"([A-Z])\.?\s?([A-Z])\.?(?i:\s+(?:state\s+)?laws?)?")
# Longer units as the shorter ones they are made of, so "1 year" and "12 months" compare
# equal (a month is not a whole number of days: months and days stay apart).
_AS_SHORTER = {"year": ("month", 12), "week": ("day", 7)}
_DURATION = re.compile(r"(?P<n>\d+(?:\.\d+)?) (?P<unit>(?:\w+ )?(?:hour|day|week|month|year))s?")


@dataclass(frozen=True)
class ValueComparison:
    """How the values of one question compare: `kind` is the attribute's value kind
    (the lexicon's `value_kind`; None for a role or a relation, whose values are names),
    `names` compares by entity key, `yes_no` reads true/false as "yes"/"no" (the values of
    a yes/no question), `partial` reads a date that is only a year ("2017") and `passages`
    says the values are passages about a topic, no attribute's values: one that contains the
    expected words states it, the others say nothing of it (never a contradiction)."""

    kind: str | None
    names: bool
    yes_no: bool = False
    partial: bool = False
    passages: bool = False

    @property
    def quoted(self) -> bool:
        """Whether the values are sentences quoted from the documents (a clause, an
        obligation): an expected value is then words such a sentence contains."""
        return self.kind in ("text", "free_text")

    def read(self, value: ExpectedValue) -> str:
        """`value` written as the attribute's values are ("NY law" -> "New York"); the
        text itself, trimmed, when it is not one of them."""
        if isinstance(value, bool):
            text = "yes" if value else "no"
        elif isinstance(value, int | float):
            text = format(Decimal(str(value)).normalize(), "f")
        else:
            text = " ".join(value.split())
        if self.yes_no:
            folded = text.lower()
            return "yes" if folded in _YES else "no" if folded in _NO else text
        return _read_kind(self.kind, text, partial=self.partial) or text

    def canonical(self, value: ExpectedValue) -> str:
        """`value` as read, with a duration in its shorter units ("1 year" -> "12 months"):
        two values are the same when their canonical forms' keys are (the conclusion step's
        `value_key`, by entity key when `names`)."""
        text = self.read(value)
        return _in_shorter_units(text) if self.kind == "duration" else text


def _read_kind(kind: str | None, text: str, *, partial: bool) -> str | None:
    if kind == "date":
        return normalize_date(text, partial=partial)
    if kind == "duration":
        return normalize_duration(text)
    if kind == "money":
        return _signed_money(text)
    if kind == "percent":
        return normalize_percentage(text)
    if kind == "jurisdiction":
        code = _STATE_CODE.fullmatch(text)
        if code is not None:
            state = lexicon().us_state_codes.get((code.group(1) + code.group(2)).upper())
            if state is not None:
                return state
        # a place typed in lower case by the asker ("new york") reads as written capitalised
        return normalize_jurisdiction(text) or (
            normalize_jurisdiction(text.title()) if text.islower() else None
        )
    return None


# A negative amount: a minus sign before the amount or inside it after the currency
# ("-$7.287 million", "USD -7,287 thousand"), or the amount in parentheses ("(7,287)").
_NEGATIVE = re.compile(
    r"^(?P<cur>[A-Z]{3}\s*|US\$\s*|\$\s*)?[-\u2212](?=\s*(?:[A-Z]{2,3}\$?\s*)?[$\d])|^\((?P<inner>.+)\)$"
)


def _signed_money(text: str) -> str | None:
    """An amount as money is read, its sign kept: "-$7.287 million" and "USD -7,287
    thousand" are "USD -7,287,000" (read unsigned, a loss would equal a profit)."""
    m = _NEGATIVE.search(text.strip())
    if m is None:
        return normalize_money(text)
    rest = (
        m.group("inner")
        if m.group("inner") is not None
        else (m.group("cur") or "") + text.strip()[m.end() :]
    )
    amount = normalize_money(rest.strip())
    if amount is None:
        return None
    currency, _, number = amount.partition(" ")
    return f"{currency} -{number}" if number else None


def _in_shorter_units(duration: str) -> str:
    """ "1 year" -> "12 months", "2 weeks" -> "14 days"; any other text as it is."""
    match = _DURATION.fullmatch(duration)
    if match is None:
        return duration
    words = match.group("unit").split()
    if words[-1] not in _AS_SHORTER:
        return duration
    shorter, factor = _AS_SHORTER[words[-1]]
    return format_duration(Decimal(match.group("n")) * factor, " ".join([*words[:-1], shorter]))


__all__ = ["ExpectedValue", "ValueComparison"]
