"""The skill package's errors. One base; each carries structured fields.

SkillError
├── SubjectClassError    the question fits no known kind, or a structured subject is invalid
└── IllegalTransition    the state machine was asked to skip, go back, or leave a terminal state
"""

from __future__ import annotations


class SkillError(Exception):
    """Base of every error raised by `skill`."""


class SubjectClassError(SkillError):
    """State 1 failed: no subject class could be identified (CLI exit 2, HTTP 422)."""

    def __init__(self, question: str, reason: str) -> None:
        self.question = question
        self.reason = reason
        super().__init__(f"cannot identify the subject of the question: {reason}")


class IllegalTransition(SkillError):
    """A transition that the state table does not allow."""

    def __init__(self, current: str, target: str) -> None:
        self.current = current
        self.target = target
        super().__init__(f"illegal state transition {current} -> {target}")
