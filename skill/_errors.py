"""The skill package's errors. One base, under `domain.EvidenceRagError` (the whole tree is
drawn in domain/_errors.py); each carries structured fields.

SkillError
├── SubjectClassError    the question fits no known kind, or a structured subject is invalid
├── DocumentScopeError   a question scoped to documents the knowledge base does not hold
├── ContractError        the engine's ContractError, translated where the project calls it
└── IllegalTransition    the state machine was asked to skip, go back, or leave a terminal state
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine
from domain import EvidenceRagError


class SkillError(EvidenceRagError):
    """Base of every error raised by `skill`."""

    code, title = "skill_error", "Skill error"


class SubjectClassError(SkillError):
    """State 1 failed: no subject class could be identified (CLI exit 2, HTTP 422)."""

    status, code, title = 422, "subject_class_error", "Cannot identify the subject"

    def __init__(self, question: str, reason: str) -> None:
        self.question = question
        self.reason = reason
        super().__init__(f"cannot identify the subject of the question: {reason}")


class DocumentScopeError(SkillError):
    """A question scoped to documents (`documents`) that name no committed document of the
    knowledge base, or name several where one was meant (CLI exit 2, HTTP 422)."""

    status, code, title = 422, "document_scope_error", "Unknown documents in the scope"

    def __init__(self, unknown: tuple[str, ...], reason: str) -> None:
        self.unknown = unknown
        super().__init__(reason)

    @property
    def extra(self) -> Mapping[str, Any]:
        return {"documents": list(self.unknown)}


class ContractError(SkillError, engine.ContractError):
    """An evidence contract the engine refused (CLI exit 2, HTTP 422 with its `field`).

    `engine` imports nothing of the project, so its error is translated where the project
    calls it (`translated`). Still the engine's `ContractError` (and a ValueError) with the
    same `field`, `reason` and message: code that catches that goes on catching this; the
    batch report's error code, the class name's snake case, stays `contract_error`."""

    status, code, title = 422, "contract_error", "Invalid sufficiency contract"

    @classmethod
    def translated(cls, exc: engine.ContractError) -> ContractError:
        """The project's error for the engine's `exc`: same field, reason and message."""
        return cls(exc.field, exc.reason)

    @property
    def extra(self) -> Mapping[str, Any]:
        return {"field": self.field}


class IllegalTransition(SkillError):
    """A transition that the state table does not allow: a bug of ours (500)."""

    code, title = "illegal_transition", "Illegal state transition"

    def __init__(self, current: str, target: str) -> None:
        self.current = current
        self.target = target
        super().__init__(f"illegal state transition {current} -> {target}")
