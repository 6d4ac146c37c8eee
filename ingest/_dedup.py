"""Duplicate detection: near copies (a bottom-k MinHash sketch of word shingles per
document) and exact copies (a hash of everything ingestion derived from a document).

A re-exported or re-scanned copy of a document shares its independence group with the
original, so two copies never count as two independent sources. An exact copy (the same
file saved again, under another name) yields the same records but for its id and name:
the skill answers from one of them and lists the others as copies.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel

SKETCH_SIZE = 128
SHINGLE_WORDS = 5
NEAR_DUPLICATE_JACCARD = 0.9

_WORD = re.compile(r"[a-z0-9]+")


def _shingle_hashes(text: str) -> set[int]:
    words = _WORD.findall(text.lower())
    if len(words) < SHINGLE_WORDS:
        words = words + [""] * (SHINGLE_WORDS - len(words))
    return {
        int.from_bytes(
            hashlib.blake2b(
                " ".join(words[i : i + SHINGLE_WORDS]).encode(), digest_size=8
            ).digest(),
            "big",
        )
        for i in range(len(words) - SHINGLE_WORDS + 1)
    }


def sketch(text: str) -> str:
    """The document's sketch: its SKETCH_SIZE smallest shingle hashes, hex, space-separated."""
    smallest = sorted(_shingle_hashes(text))[:SKETCH_SIZE]
    return " ".join(f"{h:016x}" for h in smallest)


def similarity(a: str, b: str) -> float:
    """Estimated Jaccard similarity of two documents from their sketches (bottom-k estimator)."""
    sa = {int(h, 16) for h in a.split()}
    sb = {int(h, 16) for h in b.split()}
    if not sa or not sb:
        return 0.0
    union_k = sorted(sa | sb)[:SKETCH_SIZE]
    both = sa & sb
    return sum(1 for h in union_k if h in both) / len(union_k)


def is_near_duplicate(a: str, b: str) -> bool:
    return similarity(a, b) >= NEAR_DUPLICATE_JACCARD


def content_key(
    document_id: str,
    name: str,
    records: Iterable[BaseModel],
    metadata: Mapping[str, Any],
) -> str:
    """A hash of what ingestion derived from a document, its own id, name and independence
    group left out.

    `records` are its chunks, bindings and aliases; `metadata` what the catalog records
    (title, type, date, pages). Record ids are derived from the document id, so they are
    blanked, and so is the independence group (a copy joins its original's group, which is
    named after the original's id); every other reference to the id (its 16-hex prefix in
    agreement keys) or to the name is replaced by a placeholder. Two documents with one key
    yield the same quote, page, lines, section and bbox for every record: exact copies.
    """
    digest = hashlib.sha256()
    digest.update(json.dumps(dict(metadata), sort_keys=True, ensure_ascii=False).encode())
    quoted_name = json.dumps(name, ensure_ascii=False)
    for record in records:
        blank: dict[str, Any] = {
            f: ""
            for f in ("chunk_id", "binding_id", "independence_group")
            if f in type(record).model_fields
        }
        text = record.model_copy(update=blank).model_dump_json()
        text = text.replace(document_id, "<document>").replace(document_id[:16], "<document>")
        text = text.replace(quoted_name, '"<name>"')
        digest.update(type(record).__name__.encode())
        digest.update(text.encode())
    return digest.hexdigest()
