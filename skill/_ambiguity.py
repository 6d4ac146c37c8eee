"""A yes/no claim asked of "the MSA" where the knowledge base holds two MSAs (issue 34): the
question does not say which agreement it asks of, so no verdict is given; the answer asks
"Which agreement?" and names each candidate with its parties, date and document, so the
analyst can ask again of one. The values read (each agreement's own) stay in the answer's
values and evidence; the terminal state stays CONCLUDED (CONTRACT.md), with the risk signal
`ambiguous_subject` and `sufficient` false.

A question that asks of any or all of the agreements ("Does any MSA cap liability?", "Are
the MSAs governed by New York law?") is no ambiguity: its verdict is over all of them.
"""

from __future__ import annotations

import re

from domain import lexicon
from skill._answer import Answer, CandidateSubject

_LEX = lexicon()
_WORD = "(?:" + "|".join(_LEX.agreement_words) + ")"
# "any MSA", "each of the NDAs", "either Northgate agreement", "an NDA": a question over them
# all (the words between are the agreement's own, no word a question is built of: "a cap
# under the MSA" asks of the MSA)
_BUILT_OF = "|".join(sorted(map(re.escape, _LEX.question_words), key=lambda w: (-len(w), w)))
_OVER_ALL = re.compile(
    r"\b(?:"
    + "|".join(_LEX.agreement_quantifiers)
    + rf")\s+(?:(?!(?:{_BUILT_OF})\b)[\w&.'’-]+\s+){{0,3}}?{_WORD}s?\b",
    re.IGNORECASE,
)
# "the MSAs", "the agreements": a plural names them all
_PLURAL = re.compile(r"\b" + _WORD + r"s\b", re.IGNORECASE)


def _claim_asked(answer: Answer) -> bool:
    """Is the answer a verdict on a claim (a yes/no question, a value claim)?"""
    constraints = answer.subject_class.constraints
    return bool(
        constraints.get("yes_no") or constraints.get("claim") or constraints.get("claimed_value")
    )


def _named(candidate: CandidateSubject) -> str:
    """ "MASTER SERVICES AGREEMENT between A and B, dated September 1, 2021 (07_MSA.pdf)" """
    attrs = candidate.class_attributes
    parties = [str(p) for p in attrs.get("parties") or ()]
    text = candidate.name
    if len(parties) > 1:
        text += f" between {', '.join(parties[:-1])} and {parties[-1]}"
    elif parties:
        text += f" with {parties[0]}"
    if attrs.get("date"):
        text += f", dated {attrs['date']}"
    return f"{text} ({candidate.source_location.document})"


def which_agreement(answer: Answer) -> Answer:
    """`answer`, where it judges a claim of one agreement the question does not pick out of
    several (`ambiguous_subject`), turned into the question back: "Which agreement? ..."
    with the candidates named; every other answer as it is."""
    candidates = [
        c for c in answer.candidate_subjects if c.class_attributes.get("type") == "agreement"
    ]
    question = answer.question or ""
    if (
        answer.terminal_state != "CONCLUDED"
        or answer.subject_class.type != "agreement"
        or "ambiguous_subject" not in answer.risk_signals
        or len(candidates) < 2
        or not _claim_asked(answer)
        or _OVER_ALL.search(question)
        or _PLURAL.search(question)
    ):
        return answer
    listed = "; ".join(f"({i}) {_named(c)}" for i, c in enumerate(candidates, 1))
    text = (
        f"Which agreement? The question fits {len(candidates)} agreements: {listed}. "
        "Ask again naming one (its parties or its date)."
    )
    actions = [
        f"Name the agreement asked of: {', '.join(_named(c) for c in candidates)}",
        *(a for a in answer.suggested_next_actions if not a.startswith("Specify which ")),
    ]
    return answer.model_copy(
        update={
            "conclusion": answer.conclusion.model_copy(update={"answer": text}),
            "sufficient": False,
            "confidence": "low",
            "suggested_next_actions": actions,
        }
    )


__all__ = ["which_agreement"]
