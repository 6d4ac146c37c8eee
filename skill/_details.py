"""The typed facts of a clause answer (issue 14, "typed answers per category"): what each
quoted clause sentence states of the lexicon's `details` for the attribute — the notice and
who may terminate for convenience, an insurance's type and amount, a non-compete's duration
and territory, the consent an assignment needs and its exceptions — beside the quote itself.

A fact is read only from the sentences that are the value's evidence (the clause's own
sentences), by the kinds the lexicon names: a period of time, an amount of money, what an
attribute's extractor reads (the notice period of a termination sentence), or a regular
expression whose group `v` is the fact. Nothing is inferred: a fact the sentence
does not state is absent from `details`, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from domain import DETAIL_ATTRIBUTE, DETAIL_KINDS, LexiconError, legal_form, lexicon
from skill._extract import _EXTRACTORS, extract_values
from skill._values import find_durations, find_money

_Kind = str | re.Pattern[str]


def _named(kind: str) -> bool:
    """A kind by name ("duration", "money", "attribute:<name>"), not a regular expression."""
    return kind in DETAIL_KINDS or kind.startswith(DETAIL_ATTRIBUTE)


_SPECS: dict[str, tuple[tuple[str, _Kind], ...]] = {
    a.name: tuple((name, kind if _named(kind) else re.compile(kind)) for name, kind in a.details)
    for a in lexicon().attributes
    if a.details
}


# An attribute named as a kind must have an extractor (the lexicon cannot see them).
for _name, _specs in _SPECS.items():
    for _detail, _kind in _specs:
        if (
            isinstance(_kind, str)
            and _kind.startswith(DETAIL_ATTRIBUTE)
            and _kind[len(DETAIL_ATTRIBUTE) :] not in _EXTRACTORS
        ):
            raise LexiconError(f"{_name}: details {_detail}: {_kind!r} has no extractor")


def _found(kind: _Kind, text: str) -> list[str]:
    if kind == "duration":
        return [m.value for m in find_durations(text)]
    if kind == "money":
        return [m.value for m in find_money(text)]
    if isinstance(kind, str):  # "attribute:notice_period"
        return [v.value for v in extract_values(kind[len(DETAIL_ATTRIBUTE) :], text)]
    assert isinstance(kind, re.Pattern)
    return [_tidy(m.group("v")) for m in kind.finditer(text)]


def _tidy(fact: str) -> str:
    """Spaces folded, edge punctuation dropped; a final period kept only where it ends an
    abbreviation ("Inc.", "L.L.C."), not the sentence ("... consent of Licensor.")."""
    fact = " ".join(fact.split()).strip(" ,;:")
    last = fact.rsplit(" ", 1)[-1]
    if fact.endswith(".") and "." not in last[:-1] and not legal_form(fact):
        fact = fact[:-1]
    return fact


def value_details(attribute: str | None, quotes: Sequence[str]) -> dict[str, list[str]]:
    """The facts the quotes state, per detail name in the lexicon's order, each list in the
    order the quotes state them (no repeats); names with nothing found are left out."""
    specs = _SPECS.get(attribute or "")
    if not specs:
        return {}
    texts = [" ".join(q.split()) for q in quotes]
    out: dict[str, list[str]] = {}
    for name, kind in specs:
        found = out.setdefault(name, [])
        for text in texts:
            for value in _found(kind, text):
                if value and value not in found:
                    found.append(value)
    return {name: values for name, values in out.items() if values}


__all__ = ["value_details"]
