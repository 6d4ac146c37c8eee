"""What the gate hands on: a named entity resolved, a candidate subject with the bindings
that establish it, and the gate's result (candidates, near-misses, a yes/no verdict)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from domain import Binding
from skill._answer import RejectedCandidate


@dataclass(frozen=True)
class ResolvedEntity:
    query: str
    key: str
    name: str
    # exact | alias | short_name | family_head | defined_term | shared_name | person_in_part |
    # scoped_name (a party's other name its filer or signer writes, in that document only)
    status: str


@dataclass(frozen=True)
class Candidate:
    """One subject that passed the gate, with the bindings that establish it."""

    subject_id: str
    name: str
    subject_type: str
    bindings: tuple[Binding, ...]
    parent_name: str | None = None
    relation: str | None = None
    # Documents that speak about this subject (its bindings' documents, amendments ...).
    documents: tuple[str, ...] = ()
    class_attributes: dict[str, Any] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()  # surface forms that name it (names, defined terms)


@dataclass(frozen=True)
class GateResult:
    candidates: tuple[Candidate, ...]
    rejected: tuple[RejectedCandidate, ...]
    entities: tuple[ResolvedEntity, ...] = ()
    unresolved: tuple[str, ...] = ()
    ambiguous: tuple[str, ...] = ()
    # Yes/no claims the index settles on its own ("yes": bound; "no": an exhaustive party list).
    verdict: str | None = None
    verdict_bindings: tuple[Binding, ...] = ()
    # Why no candidate, said as the answer: "not found in X's own documents; mentioned in
    # <document> (<its author>)" (a company only a third party's document names).
    refusal: str = ""
    # The question's names set aside as defined terms of the agreement asked of that name no
    # party of it (a role: the claim's actor; "the Purpose"): no subject to find
    # (skill/_role_actors.py).
    set_aside: tuple[str, ...] = ()


def _unique_docs(bindings: Iterable[Binding]) -> tuple[str, ...]:
    return tuple(sorted({b.location.document_id for b in bindings}))
