"""The case a yes/no question names for its action ("Can Halcyon assign the MSA to a successor
in a merger without consent?": to a successor in a merger), as the lexicon's
`question_claims.cases` read it (issue 34): its words name no party of the subject
(skill/_read.py), and an exception of the deciding sentence that names it decides the claim
the other way (skill/_claims.py)."""

from __future__ import annotations

import re

from domain import lexicon

_FLAGS = re.IGNORECASE
_CASES = tuple(re.compile(p, _FLAGS) for p in lexicon().question_claims.get("cases", ()))
CASE_SYNONYMS: dict[str, tuple[str, ...]] = dict(lexicon().question_claims.get("case_synonyms", {}))


def case_spans(question: str) -> list[tuple[int, int, str]]:
    """The cases a question names for its action (the lexicon's `cases`): each phrase's span
    and the case's own words."""
    out: list[tuple[int, int, str]] = []
    for pattern in _CASES:
        for m in pattern.finditer(question):
            if not any(a < m.end() and m.start() < b for a, b, _ in out):
                out.append((m.start(), m.end(), m.group("case")))
    return sorted(out)


__all__ = ["CASE_SYNONYMS", "case_spans"]
