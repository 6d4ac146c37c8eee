"""Readers of what an agreement provides: amounts (a liability cap, pay) and clauses (the
obligations of a party, the sentence that states a free-text attribute, found by its cues).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from skill._extracted_value import (
    _I,
    ExtractedValue,
    _cue_relevance,
    _party_regex,
    _text_value,
    _value,
    _window_before,
)
from skill._values import find_money

# --------------------------------------------------------------------------- money

_CAP_BEFORE = re.compile(
    r"(?:\bnot\s+(?:to\s+)?exceed|\bexceed(?:s|ing)?|\blimited\s+to|\bin\s+excess\s+of|\bgreater\s+than|"
    r"\bmore\s+than|\bgreater\s+of|\bcapped\s+at|\bcap\s+(?:of|equal\s+to)|\bmaximum\s+(?:amount\s+)?(?:of\s+)?|"
    r"\bup\s+to|\blesser\s+of|\bno\s+more\s+than|\bat\s+most)\b",
    _I,
)
_LIABILITY_WORDS = re.compile(r"\bliab\w*|\bdamages\b|\bclaims?\b|\blosses\b|\bindemni\w*", _I)
# A cap with no figure: the limit within 300 characters after a liability word (chosen on the
# training contracts of cuad-train: of the sentences with no amount, 40 of 130 unlabelled ones
# and 10 of 116 labelled Cap On Liability no longer read as a cap; within 200: 51 and 15; the
# limit before the word allowed too ("the maximum liability ... shall be the fees paid"):
# 4 and 2 instead).
_FORMULA_CAP = re.compile(rf"\bliab\w*\b.{{0,300}}?(?:{_CAP_BEFORE.pattern})", _I | re.DOTALL)


def _liability_cap(sentence: str, party: str | None) -> list[ExtractedValue]:
    if not _LIABILITY_WORDS.search(sentence):
        return []
    values: list[ExtractedValue] = []
    for mention in find_money(sentence):
        window = _window_before(sentence, mention.start, 80)
        if _CAP_BEFORE.search(window):
            confidence = 0.9 if re.search(r"\bliab", sentence, _I) else 0.7
            values.append(
                _value("money", mention.value, sentence, mention.start, mention.end, confidence)
            )
    if values:
        return values
    # A cap stated as a formula ("the fees paid in the twelve (12) months preceding the
    # claim") has no single figure: the clause itself is the value, where the limit follows
    # a liability word closely (_FORMULA_CAP: "the sole recourse ... is limited to the
    # assets", 390 characters after "no personal liability", is no cap).
    if _FORMULA_CAP.search(sentence):
        text = _text_value(sentence, 0.7)
        return [text] if text else []
    return []


_PAY_CUE = re.compile(
    r"\b(?:salary|salaries|compensation|remuneration|wages?|base\s+pay|fees?|retainer)\b", _I
)


def _compensation(sentence: str, party: str | None) -> list[ExtractedValue]:
    """Amounts stated as pay ("an annual base salary of $325,000")."""
    values: list[ExtractedValue] = []
    for mention in find_money(sentence):
        window = _window_before(sentence, mention.start, 80)
        if _PAY_CUE.search(window):
            confidence = 0.9 if re.search(r"\bsalary|\bcompensation", window, _I) else 0.75
            values.append(
                _value("money", mention.value, sentence, mention.start, mention.end, confidence)
            )
    return values


# --------------------------------------------------------------------------- free text

_MODAL = (
    r"(?:shall|will|must|agrees?\s+to|hereby\s+agrees?|undertakes?\s+to|hereby\s+undertakes?|"
    r"covenants?(?:\s+and\s+agrees?)?|is\s+(?:obligated|required|responsible)|are\s+(?:obligated|required|responsible)|"
    r"has\s+the\s+(?:obligation|duty)|"
    # "hereby absolutely, unconditionally and irrevocably guarantees"
    r"(?:hereby\s+)?(?:(?:\w+ly|and|,)\s*){0,6}(?:guarantees|guaranties|warrants|indemnifies))"
)
_OBJECT_PREPOSITIONS = re.compile(
    r"\b(?:to|by|from|of|for|with|against|on|upon|than|between|toward|towards|under|via|at|"
    r"into|onto|about|if|unless|whether)\s+(?:the\s+)?$",
    _I,
)
_GENERIC_SUBJECT = re.compile(
    rf"\b(?:each|either|both|neither)\s+part(?:y|ies)\b\s*(?:,[^,]{{0,80}},\s*)?(?:hereto\s+)?{_MODAL}\b|"
    rf"\b(?:the\s+)?parties\s+(?:hereto\s+)?(?:,[^,]{{0,80}},\s*)?(?:each\s+)?{_MODAL}\b",
    _I,
)


def _clauses(sentence: str) -> list[tuple[int, int]]:
    """Spans of the clauses of a sentence (split at semicolons)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in re.finditer(r";", sentence):
        spans.append((start, match.end()))
        start = match.end()
    spans.append((start, len(sentence)))
    return [span for span in spans if sentence[span[0] : span[1]].strip()]


def _obligations(sentence: str, party: str | None) -> list[ExtractedValue]:
    if not party:
        return []
    party_re = _party_regex(party)
    subject_re = re.compile(
        party_re.pattern
        # "Acme (the "Supplier")", "(the "Supplier") shall", "Acme, at its own expense,",
        # "Acme and Globex shall"
        + r"(?:[\"”’']?\))?(?:\s*\([^)]{0,60}\))?\s*(?:,[^,;]{0,80},\s*)?"
        + r"(?:\s*and\s+(?:the\s+)?[A-Z][\w.&'-]*(?:\s+[A-Z][\w.&'-]*){0,3}\s+)?"
        + rf"(?:(?:also|further|hereby)\s+)?(?P<modal>{_MODAL})\b",
        _I,
    )
    values: list[ExtractedValue] = []
    for start, end in _clauses(sentence):
        clause = sentence[start:end]
        confidence = 0.0
        for match in subject_re.finditer(clause):
            before = clause[max(0, match.start() - 25) : match.start()]
            if _OBJECT_PREPOSITIONS.search(before):
                continue
            weak = re.match(r"will\b", match.group("modal"), _I)
            confidence = max(confidence, 0.8 if weak else 0.9)
        if not confidence and _GENERIC_SUBJECT.search(clause):
            confidence = 0.6
        if confidence:
            text = _text_value(sentence, confidence, start, end)
            if text:
                values.append(text)
    return values


def _free_text(
    attribute: str, threshold: float
) -> Callable[[str, str | None], list[ExtractedValue]]:
    def extract(sentence: str, party: str | None) -> list[ExtractedValue]:
        relevance = _cue_relevance(attribute, sentence)
        if relevance < threshold:
            return []
        text = _text_value(sentence, min(0.9, relevance))
        return [text] if text else []

    return extract
