"""The states of the evidence-based RAG state machine and its explicit transition table."""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType

from skill._errors import IllegalTransition


class State(StrEnum):
    INIT = "INIT"
    SUBJECT_CLASS_IDENTIFIED = "SUBJECT_CLASS_IDENTIFIED"
    CANDIDATE_SUBJECT_DISCOVERED = "CANDIDATE_SUBJECT_DISCOVERED"
    SUBJECT_NOT_FOUND = "SUBJECT_NOT_FOUND"
    EVIDENCE_RETRIEVAL = "EVIDENCE_RETRIEVAL"
    EVIDENCE_VERIFIED = "EVIDENCE_VERIFIED"
    CONCLUDED = "CONCLUDED"


# Every legal move; anything else (skipping, going back, leaving a terminal state) raises.
TRANSITIONS: MappingProxyType[State, frozenset[State]] = MappingProxyType(
    {
        State.INIT: frozenset({State.SUBJECT_CLASS_IDENTIFIED}),
        State.SUBJECT_CLASS_IDENTIFIED: frozenset({State.CANDIDATE_SUBJECT_DISCOVERED}),
        State.CANDIDATE_SUBJECT_DISCOVERED: frozenset(
            {State.SUBJECT_NOT_FOUND, State.EVIDENCE_RETRIEVAL}
        ),
        State.EVIDENCE_RETRIEVAL: frozenset({State.EVIDENCE_VERIFIED}),
        State.EVIDENCE_VERIFIED: frozenset({State.CONCLUDED}),
        State.SUBJECT_NOT_FOUND: frozenset(),
        State.CONCLUDED: frozenset(),
    }
)

TERMINAL: frozenset[State] = frozenset({State.SUBJECT_NOT_FOUND, State.CONCLUDED})


class StateMachine:
    """Tracks the current state and the trace of visited states; enforces the table."""

    def __init__(self) -> None:
        self._trace: list[State] = [State.INIT]

    @property
    def state(self) -> State:
        return self._trace[-1]

    @property
    def trace(self) -> tuple[State, ...]:
        return tuple(self._trace)

    @property
    def terminal(self) -> bool:
        return self.state in TERMINAL

    def advance(self, target: State) -> None:
        """Move to `target`, or raise IllegalTransition when the table forbids it."""
        if target not in TRANSITIONS[self.state]:
            raise IllegalTransition(self.state.value, State(target).value)
        self._trace.append(target)
