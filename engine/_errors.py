"""The engine's one error type."""

from __future__ import annotations


class ContractError(ValueError):
    """An input that breaks the engine's contract: no verdict is produced.

    ``field`` is the path of the offending field (``evidence_bundle[3].confidence``,
    ``$`` for the document itself); ``reason`` says what is wrong. ``str()`` is one line.
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")
