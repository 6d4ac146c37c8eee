"""Near-duplicate detection: a bottom-k MinHash sketch of word shingles per document.

A re-exported or re-scanned copy of a document shares its independence group with the
original, so two copies never count as two independent sources.
"""

from __future__ import annotations

import hashlib
import re

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
