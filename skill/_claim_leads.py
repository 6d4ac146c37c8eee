"""How a claim's answer says it gives no verdict, once for every route that writes one.

Two outcomes are no verdict, and each is carried as a risk signal beside the words that say
it (CONTRACT.md `risk_signals`), so that a reader of the answer (the "Which agreement?" step,
the web workspace's badge, a bench) reads the signal, never the text's wording:

- the agreement (the records) states nothing of the claim: signal `not_stated`, the text
  "Not stated in <agreement> — ...";
- its sentences speak of the claim both ways (the engine's MIXED_EVIDENCE, or a conflict
  between sources): signal `conflicting_evidence`, the text "Not stated in <agreement> — the
  sentences disagree, nothing arbitrated: yes: ...; no: ...". Not stated as one answer, but
  no silence either: the sentences are quoted, nothing is arbitrated.
"""

from __future__ import annotations

from skill._answer import Answer

# the risk signals (vocabulary.yaml risk_signals; `not_stated` is a route's own)
NOT_STATED_SIGNAL = "not_stated"
CONFLICT_SIGNAL = "conflicting_evidence"

# the words of the lead, as the answer and the web workspace's badge show them
NOT_STATED = "Not stated"
SENTENCES_DISAGREE = "the sentences disagree, nothing arbitrated"


def disagreement(where: str, sides: str) -> str:
    """ "Not stated in <where> — the sentences disagree, nothing arbitrated: <sides>": the
    text of a claim whose sentences read it both ways (signal `conflicting_evidence`)."""
    return f"{NOT_STATED} in {where} — {SENTENCES_DISAGREE}: {sides}"


def sentences_disagree(answer: Answer) -> bool:
    """Do the answer's sentences read its claim both ways (a conflict, nothing arbitrated)?"""
    return CONFLICT_SIGNAL in answer.risk_signals


def states_nothing(answer: Answer) -> bool:
    """Does the answer say its agreement states nothing of the claim: no sentence speaks of
    it (signal `not_stated`), and none that do disagree? Read from the signals, whatever the
    wording of the text."""
    return NOT_STATED_SIGNAL in answer.risk_signals and not sentences_disagree(answer)


__all__ = [
    "CONFLICT_SIGNAL",
    "NOT_STATED",
    "NOT_STATED_SIGNAL",
    "SENTENCES_DISAGREE",
    "disagreement",
    "sentences_disagree",
    "states_nothing",
]
