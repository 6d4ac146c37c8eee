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
    """A hash of what ingestion extracted from a document, its own id and name left out.

    `records` are its chunks, bindings and aliases; `metadata` what the catalog records
    (`copy_metadata`). Left out: record ids (derived from the document id), the independence
    group (a copy joins its original's, which is named after the original's id) and a chunk's
    entity keys (they also tag names that documents ingested earlier bound, so they depend on
    what the knowledge base held at the time); every other reference to the id (its 16-hex
    prefix in agreement keys) or to the name becomes a placeholder. Two documents with one key
    yield the same extracted text, quotes, pages, lines, sections and bboxes: exact copies as
    far as text goes (images are not compared: a document with a page whose text could not
    be extracted gets no key).
    """
    quoted_name = json.dumps(name, ensure_ascii=False)
    parts: list[str] = []
    for record in records:
        blank: dict[str, Any] = {f: _BLANK[f] for f in _BLANK if f in type(record).model_fields}
        text = record.model_copy(update=blank).model_dump_json()
        text = text.replace(document_id, "<document>").replace(document_id[:16], "<document>")
        text = text.replace(quoted_name, '"<name>"')
        parts.append(hashlib.sha256(f"{type(record).__name__}:{text}".encode()).hexdigest())
    digest = hashlib.sha256()
    digest.update(json.dumps(dict(metadata), sort_keys=True, ensure_ascii=False).encode())
    # The records as a set: the key does not depend on the order they were read in.
    for part in sorted(parts):
        digest.update(part.encode())
    return digest.hexdigest()


_BLANK: dict[str, Any] = {
    "chunk_id": "",
    "binding_id": "",
    "independence_group": "",
    "entity_keys": (),
}


def copy_metadata(
    *,
    title: str | None,
    pages: int,
    document_type: str | None,
    document_date: str | None,
    parties: Iterable[str],
    ocr_pages: Iterable[int],
) -> dict[str, Any]:
    """The catalog's record of a document that `content_key` hashes."""
    return {
        "title": title,
        "pages": pages,
        "document_type": document_type,
        "document_date": document_date,
        "parties": list(parties),
        "ocr_pages": list(ocr_pages),
    }
