"""The case a yes/no question names for its action ("Can Halcyon assign the MSA to a successor
in a merger without consent?": to a successor in a merger), as the lexicon's
`question_claims.cases` read it (issue 34): the first pattern's case (a party the action is
done to) names no party of the subject of a yes/no question whose action is an assignment or
transfer (skill/_read.py); an exception of the deciding sentence that names a case the question
asks (not one it excepts: "other than to a successor") decides the claim the other way
(skill/_claims.py)."""

from __future__ import annotations

import re

from domain import asks_yes_no, lexicon
from skill._alternation import WHITE_SPACE, alternation

_FLAGS = re.IGNORECASE
_QUESTION_CLAIMS = lexicon().question_claims
_CASES = tuple(re.compile(p, _FLAGS) for p in _QUESTION_CLAIMS.get("cases", ()))
CASE_SYNONYMS: dict[str, tuple[str, ...]] = dict(_QUESTION_CLAIMS.get("case_synonyms", {}))


_ACTIONS = tuple(_QUESTION_CLAIMS.get("case_actions", ()))
_ACTION = (
    re.compile(rf"\b(?:{alternation(_ACTIONS, gap=WHITE_SPACE)})\b", _FLAGS) if _ACTIONS else None
)
_EXCEPTED_WORDS = tuple(_QUESTION_CLAIMS.get("case_excepted", ()))
# an excepting word right before the case ("other than to a successor", ", except to ...")
_EXCEPTED = (
    re.compile(rf"\b(?:{alternation(_EXCEPTED_WORDS, gap=WHITE_SPACE)})\s*,?\s*$", _FLAGS)
    if _EXCEPTED_WORDS
    else None
)


def case_spans(question: str, *, patterns: int | None = None) -> list[tuple[int, int, str]]:
    """The cases a question names for its action (the lexicon's `cases`, or its first
    `patterns` of them): each phrase's span and the case's own words."""
    out: list[tuple[int, int, str]] = []
    for pattern in _CASES[:patterns]:
        for m in pattern.finditer(question):
            if not any(a < m.end() and m.start() < b for a, b, _ in out):
                out.append((m.start(), m.end(), m.group("case")))
    return sorted(out)


def asked_case_spans(question: str) -> list[tuple[int, int, str]]:
    """The cases the question asks of its action: those no excepting word (the lexicon's
    `case_excepted`: "other than", "except", "but") stands right before ("Can Halcyon assign
    the MSA without consent other than to a successor in a merger?" asks the rule, no case)."""
    return [
        (start, end, case)
        for start, end, case in case_spans(question)
        if _EXCEPTED is None or _EXCEPTED.search(question[:start]) is None
    ]


def cut_case_spans(question: str) -> list[tuple[int, int, str]]:
    """The cases that name no party of the question's subject: the first pattern's ("to a
    successor in a merger", "to an acquirer") in a yes/no question whose action is one of the
    lexicon's `case_actions` (an assignment, a transfer); none in any other question ("Does
    the MSA terminate upon a change of control of Halcyon?" keeps Halcyon)."""
    if _ACTION is None or not asks_yes_no(question) or _ACTION.search(question) is None:
        return []
    return case_spans(question, patterns=1)


__all__ = ["CASE_SYNONYMS", "asked_case_spans", "case_spans", "cut_case_spans"]
