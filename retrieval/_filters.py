"""What a store filter means, said once for both backends.

A filter is a tuple of conditions that must all hold. Each backend translates the
conditions into its own filter objects (Qdrant Edge's `qe.Filter`, qdrant-client's
`models.Filter`) and nothing else: which fields are filtered, how a list of values is
normalised and when a filter admits nothing are decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class AnyOf:
    """The payload field holds one of `values` (a list field: one of its items does)."""

    field: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class NoneOf:
    """The payload field holds none of `values`."""

    field: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Equals:
    """The payload field holds exactly `value`."""

    field: str
    value: str


Condition = AnyOf | NoneOf | Equals


def any_of(field: str, values: Sequence[str]) -> AnyOf:
    """`field` holds one of `values`, deduplicated and sorted so that equal lists give
    equal filters."""
    return AnyOf(field, tuple(sorted(set(values))))


def none_of(field: str, values: Sequence[str]) -> NoneOf:
    """`field` holds none of `values`, deduplicated and sorted."""
    return NoneOf(field, tuple(sorted(set(values))))


def matches_nothing(values: Sequence[str] | None) -> bool:
    """An explicit empty list matches nothing (e.g. no committed documents yet); None
    means no condition."""
    return values is not None and len(values) == 0


def conditions(
    *,
    document_ids: Sequence[str] | None = None,
    entity_keys: Sequence[str] | None = None,
    clause_categories: Sequence[str] | None = None,
    exact: dict[str, str | None] | None = None,
    extra: Sequence[Condition] = (),
) -> tuple[Condition, ...]:
    """The conditions of a store query: `extra` first, then one per list given (None: no
    condition), then one per `exact` field whose value is not None, in field order."""
    out: list[Condition] = list(extra)
    if document_ids is not None:
        out.append(any_of("document_id", document_ids))
    if entity_keys is not None:
        out.append(any_of("entity_keys", entity_keys))
    if clause_categories is not None:
        out.append(any_of("clause_categories", clause_categories))
    for key, value in sorted((exact or {}).items()):
        if value is not None:
            out.append(Equals(key, value))
    return tuple(out)
