"""The clause classifier: a sentence of a contract → the CUAD clause categories it states.

A linear model (one logistic regression per category) over TF-IDF of the sentence's word
unigrams and bigrams, trained on CUAD v1 contracts (The Atticus Project, CC BY 4.0) by
`bench/train_clauses.py` (`make train`) and shipped as package data in
`ingest/clause_model/`: `model.json` (categories, vocabulary, idf, per-category bias and
decision threshold, the training figures) and `weights.npy` (terms × categories, float16).
Inference is numpy alone; the model is read once per process.

`clause_features` is the one definition of the features: the training script calls it on
the training texts, the classifier on every chunk's sentences at ingestion, so both see
the same tokens.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from domain import (
    ChunkRecord,
    ClauseLabel,
    candidate_category,
    chunk_sentence_spans,
    sentence_spans,
)
from ingest._errors import IngestError

__all__ = [
    "CLAUSE_MODEL_DIR",
    "LENGTH_BUCKETS",
    "ClauseClassifier",
    "ClauseModelError",
    "clause_category_slug",
    "clause_features",
    "clause_labels",
    "clause_length",
    "clause_model",
    "short_masked",
]

CLAUSE_MODEL_DIR = Path(__file__).resolve().parent / "clause_model"

_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?|\d+(?:[.,]\d+)*")
# a word of letters, as _WORD reads one (any case)
_WORD_OF_LETTERS = re.compile(r"[a-zA-Z]")
# A sentence longer than this is cut for the classifier only (a table flattened into one
# "sentence" would otherwise weigh every term of a page).
_MAX_TOKENS = 400
# A sentence's length, in words, as a term of its own (clause_features): the buckets' first
# lengths, longest first. A category's `min_words` (model.json) is one of them.
LENGTH_BUCKETS = (10, 6, 3, 2, 1, 0)
# Candidates of a category no sentence of a document reaches: its best sentences, at most
# this many, each of at least this probability. Out of fold on the training contracts
# (bench/train_clauses.py's folds), quoting them where no sentence is labelled finds the clause
# in more of the contracts that have it: termination for convenience 73% -> 90%, change of
# control 58% -> 73%, non-compete 67% -> 78%, exclusivity 70% -> 81%, notice to stop renewal
# 78% -> 90%, expiration date 76% -> 91%, for 0.2 to 0.6 more sentences quoted per contract.
CANDIDATES = 3
CANDIDATE_MIN = 0.5


def short_masked(probs: np.ndarray, words: np.ndarray, min_words: np.ndarray) -> np.ndarray:
    """`probs` (sentences x categories) with 0 where a sentence has fewer words than the
    category's `min_words`."""
    return np.where(words[:, None] >= min_words[None, :], probs, 0.0).astype(probs.dtype)


class ClauseModelError(IngestError, RuntimeError):
    """The packaged clause model is missing or does not match this code.

    Raised when an `Ingestor` is built, never on a document; still a RuntimeError, as it
    always was, for callers that catch it as one."""

    code, title = "clause_model_error", "Clause model unreadable"


def clause_category_slug(name: str) -> str:
    """ "Rofr/Rofo/Rofn" → "rofr_rofo_rofn": the stored and filterable form of a category."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _words(text: str) -> list[str]:
    """A sentence's lower-cased words (every number is "#"), at most _MAX_TOKENS."""
    return ["#" if tok[0].isdigit() else tok for tok in _WORD.findall(text.lower())][:_MAX_TOKENS]


def _terms(words: Sequence[str]) -> list[str]:
    bucket = next(b for b in LENGTH_BUCKETS if len(words) >= b)
    return [*words, *(f"{a} {b}" for a, b in itertools.pairwise(words)), f"~{bucket}"]


def clause_length(text: str) -> int:
    """A sentence's length in words, as `clause_features` and `min_words` count them."""
    return len(_words(text))


def clause_features(text: str) -> list[str]:
    """The terms of a sentence: lower-cased words (every number is "#"), each pair of
    consecutive words joined by a space, and its length's bucket ("~1", "~2", "~3", "~6",
    "~10": the fewest words of the bucket; no word can be written so). Repeats are kept
    (they are counted). The length lets the model learn that a line of one or two words
    ("LICENSOR:") is seldom a clause, whatever its word weighs in the clauses it opens."""
    return _terms(_words(text))


@dataclass(frozen=True, slots=True)
class _Scored:
    categories: tuple[str, ...]
    scores: tuple[float, ...]


class ClauseClassifier:
    """Scores sentences against every category; a category is assigned when its
    probability reaches the category's threshold (chosen on validation contracts)."""

    def __init__(self, model_dir: Path | str = CLAUSE_MODEL_DIR) -> None:
        path = Path(model_dir)
        try:
            raw = (path / "model.json").read_bytes()
            meta = json.loads(raw)
            weights = np.load(path / "weights.npy", allow_pickle=False)
        except (OSError, ValueError) as exc:
            raise ClauseModelError(f"cannot read the clause model in {path}: {exc}") from exc
        # Names the model a document was labelled with (recorded in the catalog): a document
        # ingested without labels, or with another model, is told apart from one whose
        # sentences state no clause.
        self.identity = "clauses-" + hashlib.sha256(raw).hexdigest()[:12]
        self.categories: tuple[str, ...] = tuple(meta["categories"])
        self.names: dict[str, str] = dict(zip(self.categories, meta["names"], strict=True))
        vocabulary: list[str] = meta["vocabulary"]
        self._index = {term: i for i, term in enumerate(vocabulary)}
        self._idf = np.asarray(meta["idf"], dtype=np.float32)
        self._bias = np.asarray(meta["bias"], dtype=np.float32)
        self.thresholds = np.asarray(meta["thresholds"], dtype=np.float32)
        # Per category, the probability at which a sentence alone confirms that the document
        # has the clause (bench/train_clauses.py; None: never alone), where it is above the
        # sentence threshold: the question side reads it from each document's catalog entry.
        confirm = meta.get("confirm") or [float(t) for t in meta["thresholds"]]
        self.confirm: dict[str, float | None] = {
            slug: (None if c is None else float(c))
            for slug, c, t in zip(self.categories, confirm, meta["thresholds"], strict=True)
            if c is None or float(c) > float(t)
        }
        # the regularization the weights were fitted with (bench/clause_confirm refits so)
        self.c = float(meta.get("c", 1.0))
        # Per category, the fewest words a sentence of it has (chosen out of fold by the
        # trainer): a shorter one scores 0 for it ("LICENSOR:" is no clause, whatever the
        # weight of its one word).
        self.min_words = np.asarray(
            meta.get("min_words") or [0] * len(self.categories), dtype=np.int64
        )
        self._weights = weights.astype(np.float32)
        self.metadata: dict[str, Any] = {
            k: v for k, v in meta.items() if k not in ("vocabulary", "idf")
        }
        shape = (len(vocabulary), len(self.categories))
        if (
            self._weights.shape != shape
            or len(self._idf) != shape[0]
            or len(self.min_words) != shape[1]
        ):
            raise ClauseModelError(
                f"clause model in {path}: weights {self._weights.shape}, expected {shape}"
            )

    def confirm_level(self, slug: str) -> float | None:
        """The probability at which one sentence confirms that a document has the clause:
        `confirm` where it is above the sentence threshold, else that threshold (None:
        never alone)."""
        if slug in self.confirm:
            return self.confirm[slug]
        return float(self.thresholds[self.categories.index(slug)])

    def probabilities(self, sentences: Sequence[str]) -> np.ndarray:
        """sentences × categories probabilities (float32). Each sentence's sum runs over its
        own terms in one fixed order, so a sentence scores the same alone or in a batch."""
        ids: list[int] = []
        tfs: list[float] = []
        starts: list[int] = []
        rows: list[int] = []
        lengths_in_words: list[int] = []
        for row, text in enumerate(sentences):
            words = _words(text)  # once: for the terms and for min_words
            lengths_in_words.append(len(words))
            counts: dict[int, int] = {}
            for term in _terms(words):
                index = self._index.get(term)
                if index is not None:
                    counts[index] = counts.get(index, 0) + 1
            if not counts:
                continue
            starts.append(len(ids))
            rows.append(row)
            for index in sorted(counts):
                ids.append(index)
                tfs.append(1.0 + math.log(counts[index]))
        margins = np.tile(self._bias, (len(sentences), 1))
        if ids:
            at = np.asarray(ids, dtype=np.int64)
            first = np.asarray(starts, dtype=np.int64)
            values = np.asarray(tfs, dtype=np.float32) * self._idf[at]
            norms = np.sqrt(np.add.reduceat(values * values, first))
            lengths = np.diff(np.append(first, len(ids)))
            values /= np.repeat(np.where(norms > 0, norms, 1.0).astype(np.float32), lengths)
            margins[rows] += np.add.reduceat(self._weights[at] * values[:, None], first, axis=0)
        probs = (1.0 / (1.0 + np.exp(-margins))).astype(np.float32)
        return short_masked(probs, np.asarray(lengths_in_words, dtype=np.int64), self.min_words)

    def classify(self, sentences: Sequence[str]) -> list[_Scored]:
        """Each sentence's categories (model order) with their probabilities, 4 decimals."""
        out: list[_Scored] = []
        if not sentences:
            return out
        probs = self.probabilities(sentences)
        hits = probs >= self.thresholds
        for row in range(len(sentences)):
            cols = np.flatnonzero(hits[row]).tolist()
            out.append(
                _Scored(
                    tuple(self.categories[c] for c in cols),
                    tuple(round(float(probs[row, c]), 4) for c in cols),
                )
            )
        return out

    def label_document(self, chunks: Sequence[ChunkRecord]) -> list[ChunkRecord]:
        """A document's chunks with `clause_labels` (their sentences,
        `domain.chunk_sentence_spans`, that state a category) and `clause_categories` (the
        union, sorted: the filterable field) filled in; and for each category no sentence of
        the document reaches, its best sentences (at most CANDIDATES, each of probability
        CANDIDATE_MIN or more and with a word of letters) labelled as candidates of it
        (`domain.candidate_category`: "?exclusivity"), filterable alike. A sentence two
        overlapping chunks share is one sentence of the document."""
        spans = [chunk_sentence_spans(c) for c in chunks]
        texts = [c.text[s:e] for c, found in zip(chunks, spans, strict=True) for s, e in found]
        probs = self.probabilities(texts) if texts else np.zeros((0, len(self.categories)))
        hits = probs >= self.thresholds
        # Rows by their place in the document (a shared sentence: its first row).
        where = [
            (c.char_start + s, c.char_start + e)
            for c, found in zip(chunks, spans, strict=True)
            for s, e in found
        ]
        first: dict[tuple[int, int], int] = {}
        for row, key in enumerate(where):
            first.setdefault(key, row)
        # A line with no word of letters ("[***]", "-4-", a rule of dashes, "2019 | 20000") is
        # no candidate: under a category's threshold its score is the model's bias and length
        # term alone, and such lines were the best "candidates" of rare categories. (Searched
        # only in the rows over CANDIDATE_MIN, a few per category.)
        candidates: dict[tuple[int, int], list[int]] = {}
        for col in np.flatnonzero(~hits.any(axis=0)).tolist():
            rows = sorted(
                (
                    r
                    for r in first.values()
                    if probs[r, col] >= CANDIDATE_MIN and _WORD_OF_LETTERS.search(texts[r])
                ),
                key=lambda r: (-float(probs[r, col]), where[r]),
            )
            for r in rows[:CANDIDATES]:
                candidates.setdefault(where[r], []).append(col)
        out: list[ChunkRecord] = []
        row = 0
        for chunk, found in zip(chunks, spans, strict=True):
            labels: list[ClauseLabel] = []
            for s, e in found:
                cols = np.flatnonzero(hits[row]).tolist()
                maybe = candidates.get(where[row], [])
                if cols or maybe:
                    labels.append(
                        ClauseLabel(
                            start=s,
                            end=e,
                            categories=tuple(self.categories[c] for c in cols)
                            + tuple(candidate_category(self.categories[c]) for c in maybe),
                            scores=tuple(round(float(probs[row, c]), 4) for c in (*cols, *maybe)),
                        )
                    )
                row += 1
            categories = tuple(sorted({c for label in labels for c in label.categories}))
            out.append(
                chunk.model_copy(
                    update={"clause_labels": tuple(labels), "clause_categories": categories}
                )
            )
        return out


def clause_labels(classifier: ClauseClassifier, text: str) -> tuple[ClauseLabel, ...]:
    """The sentences of `text` (the project's splitter) that state at least one category."""
    return _labels(classifier, text, sentence_spans(text))


def _labels(
    classifier: ClauseClassifier, text: str, spans: Sequence[tuple[int, int]]
) -> tuple[ClauseLabel, ...]:
    scored = classifier.classify([text[s:e] for s, e in spans])
    return tuple(
        ClauseLabel(start=s, end=e, categories=r.categories, scores=r.scores)
        for (s, e), r in zip(spans, scored, strict=True)
        if r.categories
    )


_LOADED: dict[Path, ClauseClassifier] = {}
_LOCK = threading.Lock()


def clause_model(model_dir: Path | str = CLAUSE_MODEL_DIR) -> ClauseClassifier:
    """The classifier of `model_dir` (default: the packaged one), read once per process."""
    path = Path(model_dir).resolve()
    with _LOCK:
        model = _LOADED.get(path)
        if model is None:
            model = _LOADED[path] = ClauseClassifier(path)
        return model
