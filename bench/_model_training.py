"""What the two trainers (`bench.train_clauses`, `bench.train_nli`) do alike: a vocabulary of
the terms enough training documents use, with smoothed sentence idf, and `--check`'s retrain
and compare against the shipped model's bytes."""

from __future__ import annotations

import math
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

_T = TypeVar("_T")

# The files every shipped model is made of.
MODEL_FILES = ("model.json", "weights.npy")


def vocabulary_terms(
    documents: Iterable[Iterable[frozenset[str]]], min_documents: int
) -> tuple[tuple[str, ...], np.ndarray]:
    """The sorted terms found in at least `min_documents` documents (each document given as
    its sentences' term sets), and each term's idf over sentences, smoothed (float32)."""
    by_document: dict[str, int] = {}
    by_sentence: dict[str, int] = {}
    total = 0
    for sentences in documents:
        seen: set[str] = set()
        for terms in sentences:
            total += 1
            for t in terms:
                by_sentence[t] = by_sentence.get(t, 0) + 1
            seen |= terms
        for t in seen:
            by_document[t] = by_document.get(t, 0) + 1
    kept = tuple(sorted(t for t, n in by_document.items() if n >= min_documents))
    idf = np.array(
        [math.log((1 + total) / (1 + by_sentence[t])) + 1.0 for t in kept], dtype=np.float32
    )
    return kept, idf


def sparse_rows(rows: Iterable[tuple[Sequence[int], Sequence[float]]], n_terms: int) -> Any:
    """One CSR matrix (float32) of per-sentence (term ids, values) rows: the trainers'
    feature matrices, laid out as their models read one sentence at a time."""
    from scipy import sparse

    indptr, indices, data = [0], [], []
    for ids, values in rows:
        indices.extend(ids)
        data.extend(values)
        indptr.append(len(indices))
    return sparse.csr_matrix(
        (np.array(data, dtype=np.float32), np.array(indices), np.array(indptr)),
        shape=(len(indptr) - 1, n_terms),
    )


def check_model(trained: _T, out: Path, write_model: Callable[[_T, Path], None]) -> int:
    """`--check`: writes `trained` to a temporary folder and compares its files with `out`'s;
    0 when every byte is the same, 1 (naming the files) otherwise."""
    with tempfile.TemporaryDirectory() as tmp:
        write_model(trained, Path(tmp))
        differ = [
            name
            for name in MODEL_FILES
            if (Path(tmp) / name).read_bytes() != (out / name).read_bytes()
        ]
    if differ:
        print(f"retraining changed {', '.join(differ)} in {out}", file=sys.stderr)
        return 1
    print(f"retrained: same bytes as {out}")
    return 0
