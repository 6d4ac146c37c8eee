"""Attribute extractors: from one sentence (or clause) of a document to the normalized
values it states for an attribute, with the exact surface and offsets each came from.

`sentence_relevance` says how directly a sentence bears on an attribute (for ranking);
`extract_values` returns the values. Both are deterministic rule sets over general contract
and corporate language; confidences are fixed per rule (how directly the rule's cue states
the value).

Here each attribute gets its extractor from its lexicon record (`extractor:` in
attributes.yaml). The readers live by the kind of value they read: skill/_extract_jurisdiction.py,
_extract_time.py (dates, durations), _extract_terms.py (amounts, clauses) and
_extract_entities.py (agents, places, registration numbers, stakes, positions).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection
from typing import Any, cast

from domain import AttributeEntry, LexiconError, lexicon
from skill._extract_entities import (
    _HQ_CUE,
    _OFFICE_CUE,
    _affiliation,
    _place,
    _registered_agent,
    _registration_number,
    _stake,
    count_reader,
)
from skill._extract_jurisdiction import _governing_law, _incorporation
from skill._extract_terms import _compensation, _free_text, _liability_cap, _obligations
from skill._extract_time import _dates, _durations, _founding, _payment_terms
from skill._extracted_value import ExtractedValue, _cue_relevance

Extractor = Callable[[str, str | None], list[ExtractedValue]]
# A reader that reads a table row's cells under their column heads (the header row given).
HeadedExtractor = Callable[[str, str | None, str | None], list[ExtractedValue]]

# Readers of one attribute's own phrasing, named by the lexicon (`extractor: governing_law`).
_READERS: dict[str, Extractor] = {
    "governing_law": _governing_law,
    "incorporation": _incorporation,
    "founding": _founding,
    "payment_terms": _payment_terms,
    "liability_cap": _liability_cap,
    "obligations": _obligations,
    "registered_agent": _registered_agent,
    "registration_number": _registration_number,
    "stake": _stake,
    "compensation": _compensation,
    "affiliation": _affiliation,
}
# The place cues a `place` extractor may name (`cue:`).
_PLACE_CUES = {"registered_office": _OFFICE_CUE, "headquarters": _HQ_CUE}
_ROLES = {
    "date": ("effective", "expiration"),
    "duration": ("term", "renewal", "notice", "survival"),
}
EXTRACTOR_KINDS: tuple[str, ...] = (
    "count",
    "date",
    "duration",
    "place",
    "sentence",
    *sorted(_READERS),
)


def _argument(entry: AttributeEntry, key: str, choices: Collection[str] | None = None) -> Any:
    """An argument of a lexicon record's extractor; LexiconError when it is missing or not one
    of `choices`."""
    value = entry.extractor_args.get(key)
    if value is None or (choices is not None and value not in choices):
        wanted = f"one of {', '.join(sorted(choices))}" if choices else "a value"
        raise LexiconError(f"attributes.yaml: {entry.name}.extractor.{key}: expected {wanted}")
    return value


def _count_reader(entry: AttributeEntry) -> HeadedExtractor:
    """The `count` reader a lexicon record's arguments define."""
    keys = ("unit", "shown", "held", "not_held", "column", "recipient")
    return count_reader(*(str(_argument(entry, key)) for key in keys))


def _extractor(entry: AttributeEntry) -> Extractor:
    """The extractor a lexicon record names (`extractor:` and its arguments); LexiconError
    when the kind or an argument is not one this module has."""
    kind, name = entry.extractor, entry.name

    def arg(key: str, choices: Collection[str] | None = None) -> Any:
        return _argument(entry, key, choices)

    if kind == "date":
        role = arg("role", _ROLES["date"])
        return lambda sentence, party: _dates(name, role, sentence)
    if kind == "duration":
        role = arg("role", _ROLES["duration"])
        return lambda sentence, party: _durations(role, sentence)
    if kind == "place":
        return _place(_PLACE_CUES[arg("cue", _PLACE_CUES)], None)
    if kind == "sentence":
        return _free_text(name, float(arg("relevance")))
    if kind == "count":
        # a row read alone, its table's header unknown
        reader = _count_reader(entry)
        return lambda sentence, party: reader(sentence, party, None)
    if kind in _READERS:
        return _READERS[kind]
    raise LexiconError(
        f"attributes.yaml: {name}.extractor: {kind!r} is not one of {', '.join(EXTRACTOR_KINDS)}"
    )


# Each attribute's extractor, from its lexicon record. A free-text attribute the lexicon
# defines with relevance cues and a threshold needs none named: its value is the sentence
# that states it, found by those cues.
_EXTRACTORS: dict[str, Extractor] = {
    entry.name: _extractor(entry)
    if entry.extractor is not None
    else _free_text(entry.name, cast(float, entry.threshold))
    for entry in lexicon().attributes
    if entry.extractor is not None
    or (entry.value_kind == "free_text" and entry.relevance_cues and entry.threshold is not None)
}
EXTRACTABLE_ATTRIBUTES: tuple[str, ...] = tuple(sorted(_EXTRACTORS))
# Attributes whose reader tells a sentence's values apart by whom each is stated of (a count
# held: "4,000,000 shares ... to Okafor and 2,200,000 shares ... to Lindgren"): given the
# subject's own names as `party`.
OF_A_PARTY: frozenset[str] = frozenset(
    entry.name for entry in lexicon().attributes if entry.extractor == "count"
)
# ... whose reader reads a table row under its table's header row (a count held only under a
# column whose head says so).
_HEADED: dict[str, HeadedExtractor] = {
    entry.name: _count_reader(entry) for entry in lexicon().attributes if entry.extractor == "count"
}
UNDER_HEADERS: frozenset[str] = frozenset(_HEADED)


@functools.lru_cache(maxsize=16384)
def sentence_relevance(attribute: str, sentence: str, header: str | None = None) -> float:
    """0 when the sentence does not bear on the attribute; up to 1 when it states it
    (`header`: the header row of the table a row sentence is of).
    Memoized: a pure function, asked again for each question about the same documents."""
    relevance = _cue_relevance(attribute, sentence)
    if relevance == 0.0 and _extract_values(attribute, sentence, None, header):
        # A sentence that states a value bears on the attribute even in words no cue lists.
        return 0.5
    return relevance


def extract_values(
    attribute: str, sentence: str, *, party: str | None = None, header: str | None = None
) -> list[ExtractedValue]:
    """The normalized values `sentence` states for `attribute`, in order of appearance;
    [] when it states none or the attribute has no extractor.

    `party` (a name or its defined-term alias) selects the obligations of that party and,
    for entity attributes, the statement attached to that entity when a sentence names
    several. `header` is the header row of the table a row sentence is of: a count held is
    read from a row only under a column whose head says so.
    """
    return list(_extract_values(attribute, sentence, party, header))


@functools.lru_cache(maxsize=16384)
def _extract_values(
    attribute: str, sentence: str, party: str | None, header: str | None = None
) -> tuple[ExtractedValue, ...]:
    """Memoized (a pure function of its arguments): the sentences of a subject's documents
    are read again by every question about it."""
    headed = _HEADED.get(attribute)
    if headed is not None:
        values = headed(sentence, party, header)
    elif (extractor := _EXTRACTORS.get(attribute)) is not None:
        values = extractor(sentence, party)
    else:
        return ()
    return tuple(sorted(values, key=lambda v: (v.start, v.end, v.value)))
