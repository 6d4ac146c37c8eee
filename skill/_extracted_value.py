"""What an attribute extractor returns and the pieces every reader of a sentence shares: an
`ExtractedValue` (a normalized value with the exact surface and offsets it came from), the
spans a value is cut from, and the lexicon's relevance cues (how directly a sentence bears on
an attribute).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from domain import lexicon

ValueKind = Literal[
    "name", "jurisdiction", "date", "duration", "money", "percentage", "number", "yes_no", "text"
]


@dataclass(frozen=True, slots=True)
class ExtractedValue:
    """One normalized value a sentence states, and where in the sentence it is stated."""

    kind: ValueKind
    value: str
    surface: str
    start: int
    end: int
    confidence: float


# --------------------------------------------------------------------------- relevance

_I = re.IGNORECASE

# Which sentences bear on an attribute, and how strongly: each attribute's relevance cues
# (domain/lexicon/attributes.yaml). `{entity_type}` in a cue stands for the lexicon's
# entity types.
_RELEVANCE_CUES: dict[str, tuple[tuple[str, float], ...]] = {
    entry.name: tuple(
        (pattern.replace("{entity_type}", lexicon().entity_type), weight)
        for pattern, weight in entry.relevance_cues
    )
    for entry in lexicon().attributes
    if entry.relevance_cues
}
_COMPILED_CUES = {
    attribute: tuple((re.compile(pattern, _I | re.DOTALL), weight) for pattern, weight in cues)
    for attribute, cues in _RELEVANCE_CUES.items()
}


def _cue_relevance(attribute: str, sentence: str) -> float:
    cues = _COMPILED_CUES.get(attribute)
    if not cues:
        return 0.0
    weights = sorted((w for pattern, w in cues if pattern.search(sentence)), reverse=True)
    if not weights:
        return 0.0
    # The strongest cue decides; each further cue adds a little, so ranking is stable
    # among sentences that share the strongest cue.
    return round(min(1.0, weights[0] + 0.02 * (len(weights) - 1)), 4)


# --------------------------------------------------------------------------- helpers


def _value(
    kind: ValueKind, value: str, sentence: str, start: int, end: int, confidence: float
) -> ExtractedValue:
    return ExtractedValue(kind, value, sentence[start:end], start, end, round(confidence, 4))


def _window_before(sentence: str, start: int, size: int, floor: int = 0) -> str:
    return sentence[max(floor, start - size) : start]


def _last_cue(text: str, pattern: re.Pattern[str]) -> int:
    """End offset of the last match of `pattern` in `text`, -1 when none."""
    ends = [m.end() for m in pattern.finditer(text)]
    return ends[-1] if ends else -1


def _trimmed_span(sentence: str, start: int, end: int) -> tuple[int, int]:
    """[start, end) without surrounding whitespace and trailing separators."""
    while start < end and sentence[start].isspace():
        start += 1
    while end > start and (sentence[end - 1].isspace() or sentence[end - 1] in ";,"):
        end -= 1
    return start, end


def _text_value(
    sentence: str, confidence: float, start: int = 0, end: int | None = None
) -> ExtractedValue | None:
    start, stop = _trimmed_span(sentence, start, len(sentence) if end is None else end)
    if stop <= start:
        return None
    return _value("text", sentence[start:stop], sentence, start, stop, confidence)


def _party_regex(party: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in party.strip().strip("\"'“”").split()]
    return re.compile(r"(?<![\w])" + r"\s+".join(words) + r"(?![\w])", _I)
