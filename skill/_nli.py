"""The learned sentence reader of NDA claims (issue 34): which sentences speak of a
proposition, and whether they say it holds.

Two logistic regressions per proposition over the same terms of a sentence (`nli_features`):
`relevance` (the sentence is one ContractNLI's annotators marked as deciding the claim) and
`polarity` (of those, the contract's verdict is that the claim holds). Trained on the
development half of ContractNLI's development NDAs by `bench/train_nli.py` and shipped in
`skill/nli_model/`: `model.json` (propositions, vocabulary, idf, biases, thresholds, the use
chosen out of fold and its figures) and `weights.npy` (terms x 2 propositions, float16).
Inference is numpy alone; the model is read once per process, each sentence scored once
(a memo by text: the whole agreement is read for every question about it).

How the claim reader uses a proposition's model (`use`, chosen by out-of-fold document
accuracy against the rules alone): `fill` (the rules decide; where they read no sentence of
the agreement, the model's readings do), `model` (the model's readings decide; the rules'
sentences are quoted as related only) or `confirm` (the rules' readings of the sentences the
model finds deciding the claim; the others are quoted as related). A proposition without a model, or whose model did not
beat the rules, is read by the rules alone.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from skill._errors import SkillError

NLI_MODEL_DIR = Path(__file__).resolve().parent / "nli_model"

_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?|\d+(?:[.,]\d+)*")
# a list item or a definitions table flattened into one "sentence" is cut here for the model
_MAX_TOKENS = 400
# how many sentences' scores the process keeps (an agreement is a few hundred)
_MEMO = 8192


def nli_features(text: str) -> list[str]:
    """The terms of a sentence: its lower-cased words, every number "#". Repeats are kept
    (they are counted). No pairs of words: cross-validated by document on the development
    NDAs (bench.train_nli --cross-validate), pairs fitted their wording, not the claims (the
    same accuracy, half again as many holds <-> does-not swaps)."""
    return ["#" if t[0].isdigit() else t for t in _WORD.findall(text.lower())][:_MAX_TOKENS]


class NliModelError(SkillError, RuntimeError):
    """The packaged NLI model is missing, malformed or does not match this code (raised when
    the model is first read: `EvidenceSkill.warm_up`, which the server runs at start, reads
    it)."""

    code, title = "nli_model_error", "NLI claim model unreadable"


@dataclass(frozen=True)
class NliScore:
    """One sentence's scores for one proposition: how likely it decides the claim
    (`relevance`) and, if it does, that the claim holds (`holds`)."""

    relevance: float
    holds: float


@dataclass(frozen=True)
class NliUse:
    """How the claim reader uses one proposition's model: `use` ("fill", "model" or
    "confirm"), the
    relevance at which a sentence is read (`threshold`), and the polarity at or above which
    it reads "holds" (below 1 - `polarity`: does not; between: no reading); `prior`: the
    polarity is the common verdict's (too few documents of the other to fit one), so it never
    decides a sentence the rules read."""

    use: str
    threshold: float
    polarity: float
    prior: bool


class NliModel:
    """The shipped model: `score(sentence)` for every proposition at once, `use_of(name)`."""

    def __init__(self, model_dir: Path | str = NLI_MODEL_DIR) -> None:
        path = Path(model_dir)
        try:
            meta = json.loads((path / "model.json").read_bytes())
            weights = np.load(path / "weights.npy", allow_pickle=False)
        except (OSError, ValueError) as exc:
            raise NliModelError(f"cannot read the NLI model in {path}: {exc}") from exc
        try:
            self._read(path, meta, weights)
        except (KeyError, TypeError, ValueError) as exc:
            raise NliModelError(f"the NLI model in {path} is malformed: {exc!r}") from exc
        self.score_row = functools.lru_cache(maxsize=_MEMO)(self._score_row)

    def _read(self, path: Path, meta: Any, weights: np.ndarray) -> None:
        self.propositions: tuple[str, ...] = tuple(meta["propositions"])
        n = len(self.propositions)
        terms = list(meta["vocabulary"])
        if weights.shape != (len(terms), 2 * n) or len(meta["idf"]) != len(terms):
            raise NliModelError(
                f"the NLI model in {path} does not match its vocabulary: {weights.shape}"
            )
        self._index = {t: i for i, t in enumerate(terms)}
        self._idf = np.asarray(meta["idf"], dtype=np.float32)
        self._weights = weights.astype(np.float32)
        self._bias = np.asarray(meta["bias"], dtype=np.float32)
        self._column = {name: i for i, name in enumerate(self.propositions)}
        self._uses = {
            name: NliUse(
                str(u["use"]), float(u["threshold"]), float(u["polarity"]), bool(u["prior"])
            )
            for name, u in meta["uses"].items()
        }

    def use_of(self, proposition: str) -> NliUse | None:
        """How the claim reader uses the model for `proposition` (None: the rules alone)."""
        return self._uses.get(proposition)

    def score(self, sentence: str, proposition: str) -> NliScore:
        """`sentence`'s scores for `proposition` (whitespace is normalized first)."""
        row = self.score_row(" ".join(sentence.split()))
        k = self._column[proposition]
        return NliScore(float(row[k]), float(row[len(self.propositions) + k]))

    def _score_row(self, sentence: str) -> np.ndarray:
        """Relevance then polarity probabilities of every proposition (float32)."""
        return probabilities(self.vector(sentence), self._weights, self._bias)

    def vector(self, sentence: str) -> tuple[np.ndarray, np.ndarray]:
        """(term indexes, tf-idf values, l2-normed) of a sentence, as the training matrix."""
        return tfidf(nli_features(sentence), self._index, self._idf)


def tfidf(
    terms: Sequence[str], index: dict[str, int], idf: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Sublinear tf times idf over the vocabulary's terms, l2-normed: (indexes, values)."""
    counts: dict[int, int] = {}
    for term in terms:
        k = index.get(term)
        if k is not None:
            counts[k] = counts.get(k, 0) + 1
    ids = np.array(sorted(counts), dtype=np.int64)
    values = np.array([1.0 + math.log(counts[i]) for i in ids.tolist()], dtype=np.float32)
    if ids.size:
        values *= idf[ids]
        values /= float(np.linalg.norm(values)) or 1.0
    return ids, values


def probabilities(
    vector: tuple[np.ndarray, np.ndarray], weights: np.ndarray, bias: np.ndarray
) -> np.ndarray:
    """The logistic of each column's margin for one sentence's tf-idf vector."""
    ids, values = vector
    margins = values @ weights[ids] + bias if ids.size else bias.copy()
    return (1.0 / (1.0 + np.exp(-margins))).astype(np.float32)


# the folder `nli_model` reads: the shipped model unless `use_nli_model` chose another
_model_dir: list[Path] = [NLI_MODEL_DIR]


@functools.cache
def nli_model() -> NliModel:
    """The claim reader's model (the shipped one unless `use_nli_model` chose another), read
    once per process."""
    return NliModel(_model_dir[0])


def use_nli_model(model_dir: Path | str | None) -> None:
    """Make the model in `model_dir` the claim reader's for this process (None: the shipped
    one again). The bench's cross-validation scores each fold of NDAs with a model trained
    without them; an answer depends on the model, so nothing else should call this."""
    _model_dir[0] = Path(model_dir) if model_dir is not None else NLI_MODEL_DIR
    nli_model.cache_clear()


__all__ = [
    "NLI_MODEL_DIR",
    "NliModel",
    "NliModelError",
    "NliScore",
    "NliUse",
    "nli_features",
    "nli_model",
    "probabilities",
    "tfidf",
    "use_nli_model",
]
