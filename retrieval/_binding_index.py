"""An in-memory index of one knowledge base's bindings, for exact look-ups.

The embedded store answers `find_bindings` from it instead of a filtered scroll per call:
the gate makes dozens of look-ups per question, and at 20k chunks the scrolls were most of
a question's time. It holds decoded records, so each payload is validated once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet

from domain import Binding
from retrieval._payload import binding_order

# The exactly matched fields, as the payload stores them.
_FIELDS = ("role", "parent_key", "subject_key", "binding_type", "document_id")
_SETS_KEPT = 16


def _values(binding: Binding) -> tuple[str | None, ...]:
    return (
        binding.role,
        binding.parent_key,
        binding.subject_key,
        binding.binding_type.value,
        binding.location.document_id,
    )


class BindingIndex:
    """Bindings by id, with a posting set per (field, value). Not thread-safe: the owner
    serialises calls."""

    def __init__(self) -> None:
        self._by_id: dict[str, Binding] = {}
        self._postings: dict[tuple[str, str], set[str]] = {}
        # Position of each binding in `binding_order`, rebuilt after a write: results are
        # sorted by it without building a key per binding per look-up.
        self._rank: dict[str, int] | None = None
        self._documents: set[str] = set()
        # The binding ids of each document set asked lately (None: every document indexed):
        # a question passes the same few sets (the committed set, a candidate's documents)
        # to all its look-ups.
        self._inside: OrderedDict[tuple[str, ...], frozenset[str] | None] = OrderedDict()

    def __len__(self) -> int:
        return len(self._by_id)

    def add(self, bindings: Iterable[Binding]) -> None:
        """Insert or replace (an upsert of the same id replaces the record)."""
        self._changed()
        for binding in bindings:
            self._drop(binding.binding_id)
            self._by_id[binding.binding_id] = binding
            self._documents.add(binding.location.document_id)
            for field, value in zip(_FIELDS, _values(binding), strict=True):
                if value is not None:
                    self._postings.setdefault((field, value), set()).add(binding.binding_id)

    def remove_document(self, document_id: str) -> None:
        self._changed()
        for binding_id in sorted(self._postings.get(("document_id", document_id), ())):
            self._drop(binding_id)

    def _changed(self) -> None:
        self._rank = None
        self._inside.clear()

    def _ranks(self) -> dict[str, int]:
        if self._rank is None:
            ordered = sorted(self._by_id.values(), key=binding_order)
            self._rank = {b.binding_id: i for i, b in enumerate(ordered)}
        return self._rank

    def _admitted(self, document_ids: Sequence[str]) -> frozenset[str] | None:
        """The ids of the bindings in these documents; None when they include every
        document indexed (nothing to filter)."""
        key = tuple(document_ids)
        if key in self._inside:
            self._inside.move_to_end(key)
            return self._inside[key]
        allowed = set(key)
        inside: frozenset[str] | None = None
        if not self._documents <= allowed:
            postings = [self._postings.get(("document_id", d)) for d in sorted(allowed)]
            inside = frozenset().union(*(p for p in postings if p))
        self._inside[key] = inside
        while len(self._inside) > _SETS_KEPT:
            self._inside.popitem(last=False)
        return inside

    def _drop(self, binding_id: str) -> None:
        old = self._by_id.pop(binding_id, None)
        if old is None:
            return
        for field, value in zip(_FIELDS, _values(old), strict=True):
            if value is None:
                continue
            posting = self._postings.get((field, value))
            if posting is not None:
                posting.discard(binding_id)
                if not posting:
                    del self._postings[(field, value)]
                    if field == "document_id":
                        self._documents.discard(value)

    def find(
        self,
        *,
        role: str | None = None,
        parent_key: str | None = None,
        subject_key: str | None = None,
        binding_type: str | None = None,
        document_ids: Sequence[str] | None = None,
    ) -> list[Binding]:
        """Bindings matching every given field exactly (None: any), in `binding_order`."""
        wanted = {
            "role": role,
            "parent_key": parent_key,
            "subject_key": subject_key,
            "binding_type": binding_type,
        }
        postings: list[AbstractSet[str]] = [
            self._postings.get((field, value), set())
            for field, value in wanted.items()
            if value is not None
        ]
        if document_ids is not None:
            inside = self._admitted(document_ids)
            if inside is not None:
                postings.append(inside)
        if postings:
            postings.sort(key=len)
            ids = set(postings[0]).intersection(*postings[1:])
        else:
            ids = set(self._by_id)
        rank = self._ranks()
        return [self._by_id[i] for i in sorted(ids, key=rank.__getitem__)]
