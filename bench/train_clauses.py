"""Train the clause classifier (`make train`): CUAD sentences → 41 clause categories.

Run: ``python -m bench.train_clauses`` writes ``ingest/clause_model/`` (``--out DIR``
elsewhere); ``--check`` retrains into a temporary folder and fails unless the bytes equal
the shipped model's.

Data: ``../shared/data/cuad-train`` (CUAD v1, The Atticus Project, CC BY 4.0): the contracts
whose PDF is *not* in ``../shared/data/cuad`` are the training set; those whose PDF is
there are never read here (``bench/clauses.py`` evaluates on them). Examples are sentences
(the project's splitter, ``domain.sentence_spans``); a sentence is a positive of a category
when CUAD's annotated text covers at least half of it, or when it holds at least 80% of an
annotated piece (a short span: a party's name, a date); a sentence that merely touches an
annotation is left out of that category's training (neither positive nor negative); every
other sentence is a negative.

Model selection, by contract, never by sentence: the training contracts fall in five folds
(by a hash of their file name); each fold's sentences are scored by a model fitted on the
other four (out of fold). C is chosen by out-of-fold macro F1, and each category's decision
threshold is the one of best out-of-fold F1 (never below 0.5). Those validation figures are
the "tuned" ones the README reports beside the evaluation.

A contract-level threshold per category ("confirm") decides when a labelled sentence is
enough, alone, to answer that the contract has the clause: the lowest probability (at or
above the sentence threshold) at which, out of fold, at most 0.5% of the training contracts
without the clause would be answered (`CONFIRM_ABSENT`: the issue's 1%, with a margin for
the estimate's error) and at most 3% of those with it
would be answered from sentences none of which is the clause (`CONFIRM_WRONG`): the issue's
targets, measured on training contracts only; and at least 90% of the contracts it answers
have the clause and are answered from a sentence of it (`CONFIRM_PRECISION`: for a rare
category, 1% of the contracts without it can be most of its answers), five of them at least
(`CONFIRM_EVIDENCE`). A category no threshold meets has none
(null): its sentences are quoted as candidates and never confirm the clause alone. The shipped model is then fitted
on all training contracts with that C and those thresholds. Sentences of no category
are subsampled (a fixed quarter, weighted four) to keep the fits short on 2 cores.
Everything is sorted and seeded: the same data give the same bytes.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from bench._model_training import check_model, sparse_rows, vocabulary_terms
from domain import sentence_spans
from ingest import (
    CLAUSE_MODEL_DIR,
    LENGTH_BUCKETS,
    clause_category_slug,
    clause_features,
    clause_length,
    short_masked,
)

ROOT = Path(__file__).resolve().parents[1]
_SHARED = Path("/work/shared/data")
SHARED = _SHARED if _SHARED.exists() else ROOT.parent / "shared" / "data"
CUAD_TRAIN = SHARED / "cuad-train"

CATEGORIES = (
    "Document Name", "Parties", "Agreement Date", "Effective Date", "Expiration Date",
    "Renewal Term", "Notice Period To Terminate Renewal", "Governing Law",
    "Most Favored Nation", "Competitive Restriction Exception", "Non-Compete", "Exclusivity",
    "No-Solicit Of Customers", "No-Solicit Of Employees", "Non-Disparagement",
    "Termination For Convenience", "Rofr/Rofo/Rofn", "Change Of Control", "Anti-Assignment",
    "Revenue/Profit Sharing", "Price Restrictions", "Minimum Commitment", "Volume Restriction",
    "Ip Ownership Assignment", "Joint Ip Ownership", "License Grant",
    "Non-Transferable License", "Affiliate License-Licensor", "Affiliate License-Licensee",
    "Unlimited/All-You-Can-Eat-License", "Irrevocable Or Perpetual License",
    "Source Code Escrow", "Post-Termination Services", "Audit Rights", "Uncapped Liability",
    "Cap On Liability", "Liquidated Damages", "Warranty Duration", "Insurance",
    "Covenant Not To Sue", "Third Party Beneficiary",
)  # fmt: skip
SLUGS = tuple(clause_category_slug(c) for c in CATEGORIES)

MIN_CONTRACTS = 5  # a term enters the vocabulary when it appears in this many contracts
FOLDS = 5
NEGATIVE_SHARE = 0.25
# C=1 and C=4 gave the same validation macro F1 (0.486, one held-out fifth); each value
# costs five fits, so the grid is the one value.
C_GRID = (1.0,)
# With balanced class weights 0.5 is already the decision point that favours recall; a
# threshold under it, chosen on the few validation positives of a rare category, found its
# clause in most contracts that lack it.
MIN_THRESHOLD = 0.5
# The shortest sentences a category may be kept from (ingest.LENGTH_BUCKETS' first lengths):
# out of fold, a line of one word is a labelled clause 3 times in 246, and of two, 66 in 373
# (mostly document names), against 5,070 in 8,085 from ten words up. Only those lengths: a
# line of three to five words can be the clause ("Effective Date: January 1, 2019"), and on
# the development half a minimum of six cost such dates for a gain in F1 under 0.01.
MIN_WORDS_GRID = tuple(sorted(b for b in LENGTH_BUCKETS if 0 <= b <= 3))
# The target is 1% of contracts without the clause answered, on contracts not trained
# on; on about 250 such contracts per category, an out-of-fold 1% is 2 or 3 of them, with a
# standard error near 0.6%: the level is chosen at half the target, a margin for that error.
CONFIRM_ABSENT = 0.005
CONFIRM_WRONG = 0.03
# and of the contracts it answers, at least this share have the clause and are answered from
# a sentence of it (a rare category's 1% of absent contracts can be most of its answers)
CONFIRM_PRECISION = 0.9
# and it answers at least this many contracts rightly (fewer measure no precision: a category
# the classifier hardly knows, most favoured nation at F1 0.08, is then never confirmed alone)
CONFIRM_EVIDENCE = 5
_CONFIRM_GRID = (
    *(round(0.5 + 0.01 * i, 2) for i in range(50)),
    *(0.99, 0.992, 0.994, 0.996, 0.998, 0.999),
)
SEED = 0
POSITIVE, NEGATIVE, IGNORED = 1, 0, -1


@dataclass(frozen=True, slots=True)
class Contract:
    name: str
    text: str
    spans: tuple[tuple[int, int], ...]  # sentence spans in `text`
    labels: np.ndarray  # sentences × categories in {1, 0, -1}
    present: tuple[bool, ...]  # per category: CUAD marks the clause present
    unmatched: int  # annotated pieces not found in the text


def load_contracts(
    *, evaluation: bool, root: Path = CUAD_TRAIN, limit: int | None = None
) -> list[Contract]:
    """The training contracts (`evaluation` False) or the evaluation ones, by name (the
    first `limit` of them)."""
    rows = [json.loads(line) for line in (root / "annotations.jsonl").open(encoding="utf-8")]
    rows = sorted((r for r in rows if bool(r["pdf_in_shared"]) == evaluation), key=_name)
    return [_contract(r, root) for r in rows[:limit]]


def _name(row: dict[str, object]) -> str:
    return str(row["text"])


def _contract(row: dict[str, object], root: Path) -> Contract:
    name = _name(row)
    text = (root / "text" / name).read_text(encoding="utf-8")
    spans = tuple(sentence_spans(text))
    norm, back = _normalized(text)
    labels = np.full((len(spans), len(CATEGORIES)), NEGATIVE, dtype=np.int8)
    starts = np.array([s for s, _ in spans])
    ends = np.array([e for _, e in spans])
    lengths = np.maximum(ends - starts, 1)
    present: list[bool] = []
    unmatched = 0
    annotations = row["labels"]
    assert isinstance(annotations, dict)
    for col, category in enumerate(CATEGORIES):
        pieces = _pieces(annotations.get(category, {}).get("spans", "[]"))
        present.append(bool(pieces))
        cursor = 0
        for piece in pieces:
            found = _find(norm, piece, cursor)
            if found is None:
                unmatched += 1
                continue
            a, b = back[found[0]], back[found[1] - 1] + 1
            cursor = found[0]
            overlap = np.clip(np.minimum(ends, b) - np.maximum(starts, a), 0, None)
            hit = (overlap >= 0.5 * lengths) | (overlap >= 0.8 * (b - a))
            touched = (overlap > 0) & ~hit
            column = labels[:, col]
            column[touched & (column == NEGATIVE)] = IGNORED
            column[hit] = POSITIVE
    return Contract(name, text, spans, labels, tuple(present), unmatched)


def _pieces(spans: str) -> list[str]:
    """CUAD's list of annotated texts; a text with "<omitted>" is several pieces."""
    out: list[str] = []
    for span in ast.literal_eval(spans):
        for piece in str(span).split("<omitted>"):
            piece = " ".join(piece.split())
            if len(piece) >= 2:
                out.append(piece)
    return out


def _normalized(text: str) -> tuple[str, list[int]]:
    """`text` with each run of whitespace one space, and each char's offset in `text`."""
    chars: list[str] = []
    back: list[int] = []
    space = False
    for i, ch in enumerate(text):
        if ch.isspace():
            if not space and chars:
                chars.append(" ")
                back.append(i)
            space = True
            continue
        space = False
        chars.append(ch)
        back.append(i)
    return "".join(chars), back


def _find(norm: str, piece: str, cursor: int) -> tuple[int, int] | None:
    """The piece's first place at or after `cursor` (CUAD lists pieces in reading order
    mostly), else its first place anywhere."""
    at = norm.find(piece, cursor)
    if at < 0:
        at = norm.find(piece)
    if at < 0:
        return None
    return at, at + len(piece)


def sentences_of(contracts: Sequence[Contract]) -> list[str]:
    return [c.text[s:e] for c in contracts for s, e in c.spans]


def fold_of(name: str) -> int:
    return int(hashlib.sha256(name.encode()).hexdigest(), 16) % FOLDS


# -- features -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Vocabulary:
    terms: tuple[str, ...]
    idf: np.ndarray

    def matrix(self, sentences: Iterable[str]):  # type: ignore[no-untyped-def]
        """TF-IDF rows exactly as ingest's ClauseClassifier computes them (float32)."""
        index = {t: i for i, t in enumerate(self.terms)}

        def row(text: str) -> tuple[list[int], list[float]]:
            counts: dict[int, int] = {}
            for term in clause_features(text):
                k = index.get(term)
                if k is not None:
                    counts[k] = counts.get(k, 0) + 1
            ids = sorted(counts)
            values = np.array([1.0 + math.log(counts[i]) for i in ids], dtype=np.float32)
            values *= self.idf[ids] if ids else 1.0
            norm = float(np.linalg.norm(values)) if ids else 0.0
            values /= norm or 1.0
            return ids, values.tolist()

        return sparse_rows(map(row, sentences), len(self.terms))


def build_vocabulary(contracts: Sequence[Contract]) -> Vocabulary:
    terms, idf = vocabulary_terms(
        (
            (frozenset(clause_features(contract.text[s:e])) for s, e in contract.spans)
            for contract in contracts
        ),
        MIN_CONTRACTS,
    )
    return Vocabulary(terms, idf)


# -- fitting --------------------------------------------------------------------------


def fit(x, labels: np.ndarray, c: float, weight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # type: ignore[no-untyped-def]
    """One logistic regression per category; (weights terms × categories, bias)."""
    from sklearn.linear_model import LogisticRegression

    weights = np.zeros((x.shape[1], labels.shape[1]), dtype=np.float64)
    bias = np.zeros(labels.shape[1], dtype=np.float64)
    for col in range(labels.shape[1]):
        y = labels[:, col]
        keep = y != IGNORED
        if not (y[keep] == POSITIVE).any():
            bias[col] = -20.0
            continue
        model = LogisticRegression(
            C=c,
            solver="liblinear",
            class_weight="balanced",
            random_state=SEED,
            max_iter=200,
            tol=1e-3,
        )
        model.fit(x[keep], y[keep], sample_weight=weight[keep])
        weights[:, col] = model.coef_[0]
        bias[col] = model.intercept_[0]
    return weights, bias


def probabilities(x, weights: np.ndarray, bias: np.ndarray) -> np.ndarray:  # type: ignore[no-untyped-def]
    margins = np.asarray(x @ weights.astype(np.float32)) + bias.astype(np.float32)
    return 1.0 / (1.0 + np.exp(-margins))


def prf(probs: np.ndarray, labels: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """Per category (precision, recall, f1, support, predicted); ignored sentences are left
    out of the counts."""
    out = np.zeros((labels.shape[1], 5))
    for col in range(labels.shape[1]):
        y = labels[:, col]
        keep = y != IGNORED
        pred = probs[keep, col] >= thresholds[col]
        gold = y[keep] == POSITIVE
        tp = int((pred & gold).sum())
        p = tp / pred.sum() if pred.sum() else 0.0
        r = tp / gold.sum() if gold.sum() else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        out[col] = (p, r, f, gold.sum(), pred.sum())
    return out


def _f1(pred: np.ndarray, gold: np.ndarray) -> float:
    tp = float((pred & gold).sum())
    denom = float(pred.sum() + gold.sum())
    return 2 * tp / denom if denom else 0.0


def best_thresholds(probs: np.ndarray, labels: np.ndarray) -> np.ndarray:
    grid = np.round(np.arange(MIN_THRESHOLD, 0.991, 0.01), 2)
    chosen = np.zeros(labels.shape[1])
    for col in range(labels.shape[1]):
        y = labels[:, col]
        keep = y != IGNORED
        gold = y[keep] == POSITIVE
        p = probs[keep, col]
        best, best_f = grid[-1], -1.0
        for t in grid:
            f = _f1(p >= t, gold)
            if f > best_f + 1e-12:  # ties: the lowest threshold
                best, best_f = t, f
        chosen[col] = best
    return chosen


def shortest_sentences(
    probs: np.ndarray, labels: np.ndarray, words: np.ndarray, thresholds: np.ndarray
) -> np.ndarray:
    """Per category, the fewest words (one of MIN_WORDS_GRID) a sentence must have to be
    labelled with it: the one of best out-of-fold F1 at the category's threshold (ties: the
    fewest)."""
    chosen = np.zeros(labels.shape[1], dtype=np.int64)
    for col in range(labels.shape[1]):
        y = labels[:, col]
        keep = y != IGNORED
        gold = y[keep] == POSITIVE
        above = probs[keep, col] >= thresholds[col]
        best_f = -1.0
        for least in MIN_WORDS_GRID:
            f = _f1(above & (words[keep] >= least), gold)
            if f > best_f + 1e-12:
                chosen[col], best_f = least, f
    return chosen


def contract_rates(
    probs: np.ndarray,
    labels: np.ndarray,
    owner: np.ndarray,
    present: np.ndarray,
    col: int,
    sentence_threshold: float,
    confirm: float,
) -> tuple[float, float, float]:
    """Out of fold, per contract, for one category answered when a sentence reaches
    `confirm`: (share of contracts without the clause answered, share of contracts with it
    answered from a quoted sentence that is the clause, share answered from none that is)."""
    n = present.shape[0]
    best = np.zeros(n)
    np.maximum.at(best, owner, probs[:, col])
    quoted_right = np.zeros(n, dtype=bool)
    np.logical_or.at(
        quoted_right, owner, (probs[:, col] >= sentence_threshold) & (labels[:, col] == POSITIVE)
    )
    has = present[:, col]
    answered = best >= confirm
    absent = float((answered & ~has).sum()) / max(1, int((~has).sum()))
    right = float((answered & has & quoted_right).sum()) / max(1, int(has.sum()))
    wrong = float((answered & has & ~quoted_right).sum()) / max(1, int(has.sum()))
    return absent, right, wrong


def confirms(
    absent: int,
    right: int,
    wrong: int,
    with_clause: int,
    without: int,
    evidence: int = CONFIRM_EVIDENCE,
) -> bool:
    """Do these contract counts (answered without the clause, rightly, wrongly; contracts
    with and without it) meet the module docstring's criteria for `confirm`?"""
    return (
        absent <= CONFIRM_ABSENT * max(1, without)
        and wrong <= CONFIRM_WRONG * max(1, with_clause)
        and right >= CONFIRM_PRECISION * (absent + right + wrong)
        and right >= evidence
    )


def confirm_thresholds(
    probs: np.ndarray,
    labels: np.ndarray,
    owner: np.ndarray,
    present: np.ndarray,
    thresholds: np.ndarray,
    evidence: int = CONFIRM_EVIDENCE,
) -> list[float | None]:
    """Per category, the contract-level threshold of the module docstring (None: none)."""
    out: list[float | None] = []
    for col in range(labels.shape[1]):
        chosen: float | None = None
        with_clause = int(present[:, col].sum())
        without = present.shape[0] - with_clause
        for t in _CONFIRM_GRID:
            if t < thresholds[col] - 1e-9:
                continue
            absent, right, wrong = contract_rates(
                probs, labels, owner, present, col, float(thresholds[col]), t
            )
            if confirms(
                round(absent * without),
                round(right * with_clause),
                round(wrong * with_clause),
                with_clause,
                without,
                evidence,
            ):
                chosen = t
                break
        out.append(chosen)
    return out


@dataclass(frozen=True, slots=True)
class Trained:
    vocabulary: Vocabulary
    weights: np.ndarray
    bias: np.ndarray
    thresholds: np.ndarray
    min_words: np.ndarray  # per category, the fewest words of a sentence labelled with it
    c: float
    validation: np.ndarray  # per category (p, r, f1, support, predicted), out of fold
    confirm: list[float | None]  # per category, the contract-level threshold
    # per category, out of fold: (absent answered, right, wrong) at the sentence threshold
    # and at `confirm`
    contract_validation: list[tuple[tuple[float, float, float], tuple[float, float, float]]]
    c_scores: dict[float, float]
    contracts: int
    sentences: int


@dataclass(frozen=True, slots=True)
class Prepared:
    """The training matrix of a set of contracts and what the fits need of it."""

    vocabulary: Vocabulary
    x: Any  # sentences x terms (scipy sparse)
    labels: np.ndarray  # sentences x categories in {1, 0, -1}
    folds: np.ndarray  # per sentence, its contract's fold
    keep: np.ndarray  # per sentence, fitted on (every positive, a fixed share of the others)
    weight: np.ndarray  # per sentence, its weight in a fit
    owner: np.ndarray  # per sentence, its contract's index
    present: np.ndarray  # contracts x categories: CUAD marks the clause present
    words: np.ndarray  # per sentence, its length (ingest.clause_length)


def prepare(contracts: Sequence[Contract]) -> Prepared:
    labels = np.concatenate([c.labels for c in contracts])
    # One vocabulary (terms in >= MIN_CONTRACTS training contracts; no label is read to
    # choose it) and one matrix serve the validation fit and the final fit.
    vocab = build_vocabulary(contracts)
    positive = (labels == POSITIVE).any(axis=1)
    # Sentences of no category are most of a contract: a fixed quarter of them (by a hash
    # of contract and position, not by chance), each weighing four, keeps the fits short.
    kept = np.array([_kept(c.name, i) for c in contracts for i in range(len(c.spans))])
    return Prepared(
        vocabulary=vocab,
        x=vocab.matrix(sentences_of(contracts)),
        labels=labels,
        folds=np.array([fold_of(c.name) for c in contracts for _ in c.spans]),
        keep=positive | kept,
        weight=np.where(positive, 1.0, 1.0 / NEGATIVE_SHARE),
        owner=np.array([i for i, c in enumerate(contracts) for _ in c.spans]),
        present=np.array([c.present for c in contracts], dtype=bool),
        words=np.array([clause_length(text) for text in sentences_of(contracts)]),
    )


def out_of_fold(data: Prepared, c: float, say: Any = None) -> np.ndarray:
    """Each contract's sentences scored by a model fitted without its fold."""
    held = np.zeros(data.labels.shape, dtype=np.float64)
    for k in range(FOLDS):
        rows = data.folds == k
        fit_rows = data.keep & ~rows
        w, b = fit(data.x[fit_rows], data.labels[fit_rows], c, data.weight[fit_rows])
        held[rows] = probabilities(data.x[rows], w, b)
        if say is not None:
            say(f"  C={c}: fold {k} done")
    return held


def train(contracts: Sequence[Contract], *, log: bool = True) -> Trained:
    def say(msg: str) -> None:
        if log:
            print(msg, file=sys.stderr, flush=True)

    data = prepare(contracts)
    labels, x, keep, weight = data.labels, data.x, data.keep, data.weight
    vocab = data.vocabulary
    say(f"{len(contracts)} contracts, {x.shape[0]} sentences, {x.shape[1]} terms")
    c_scores: dict[float, float] = {}
    held: dict[float, np.ndarray] = {}
    for c in C_GRID:
        held[c] = out_of_fold(data, c, say)
        thresholds = best_thresholds(held[c], labels)
        c_scores[c] = float(prf(held[c], labels, thresholds)[:, 2].mean())
        say(f"C={c}: out-of-fold macro F1 {c_scores[c]:.3f}")
    best_c = max(C_GRID, key=lambda c: (round(c_scores[c], 6), -c))
    thresholds = best_thresholds(held[best_c], labels)
    min_words = shortest_sentences(held[best_c], labels, data.words, thresholds)
    # From here on, as ingestion scores: a sentence shorter than its category's min_words
    # scores 0 for it.
    scored = short_masked(held[best_c], data.words, min_words)
    validation = prf(scored, labels, thresholds)
    owner, present = data.owner, data.present
    confirm = confirm_thresholds(scored, labels, owner, present, thresholds)
    contract_validation = [
        (
            contract_rates(scored, labels, owner, present, col, t, t),
            contract_rates(scored, labels, owner, present, col, t, 2.0 if c is None else c),
        )
        for col, (t, c) in enumerate(zip(thresholds.tolist(), confirm, strict=True))
    ]
    weights, bias = fit(x[keep], labels[keep], best_c, weight[keep])
    return Trained(
        vocab,
        weights,
        bias,
        thresholds,
        min_words,
        best_c,
        validation,
        confirm,
        contract_validation,
        c_scores,
        len(contracts),
        x.shape[0],
    )


def _kept(name: str, index: int) -> bool:
    digest = hashlib.sha256(f"{name}:{index}".encode()).digest()
    return digest[0] < 256 * NEGATIVE_SHARE


def write_model(trained: Trained, out: Path) -> None:
    """model.json and weights.npy; both byte-stable for the same training data."""
    out.mkdir(parents=True, exist_ok=True)
    meta = {
        "format": 1,
        "source": "CUAD v1 (The Atticus Project, CC BY 4.0), contracts without a PDF in "
        "shared/data/cuad; bench/train_clauses.py",
        "features": "tf-idf of word unigrams and bigrams and the sentence's length bucket "
        "(ingest.clause_features), sublinear tf, l2; a sentence shorter than its category's "
        "min_words scores 0",
        "model": f"one-vs-rest logistic regression (liblinear, C={trained.c}, balanced)",
        "training": {"contracts": trained.contracts, "sentences": trained.sentences},
        "c_out_of_fold_macro_f1": {
            str(c): round(f, 4) for c, f in sorted(trained.c_scores.items())
        },
        "categories": list(SLUGS),
        "names": list(CATEGORIES),
        "bias": [round(float(b), 6) for b in trained.bias],
        "c": trained.c,
        "thresholds": [round(float(t), 2) for t in trained.thresholds],
        "min_words": [int(m) for m in trained.min_words],
        "confirm": trained.confirm,
        "validation": {
            slug: {
                "precision": round(float(v[0]), 4),
                "recall": round(float(v[1]), 4),
                "f1": round(float(v[2]), 4),
                "support": int(v[3]),
            }
            for slug, v in zip(SLUGS, trained.validation, strict=True)
        },
        "contract_validation": {
            slug: {
                f"{kind}_{at}": round(rate, 4)
                for at, rates in zip(("sentence", "confirm"), both, strict=True)
                for kind, rate in zip(("absent", "right", "wrong"), rates, strict=True)
            }
            for slug, both in zip(SLUGS, trained.contract_validation, strict=True)
        },
        "vocabulary": list(trained.vocabulary.terms),
        "idf": [round(float(x), 6) for x in trained.vocabulary.idf],
    }
    (out / "model.json").write_text(
        json.dumps(meta, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
    )
    np.save(out / "weights.npy", trained.weights.astype(np.float16), allow_pickle=False)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=CLAUSE_MODEL_DIR)
    parser.add_argument("--check", action="store_true", help="retrain; compare bytes")
    args = parser.parse_args(argv)
    if not (CUAD_TRAIN / "annotations.jsonl").exists():
        print(f"no training data at {CUAD_TRAIN}", file=sys.stderr)
        return 2
    contracts = load_contracts(evaluation=False)
    unmatched = sum(c.unmatched for c in contracts)
    print(f"annotated pieces not found in their text: {unmatched}", file=sys.stderr)
    trained = train(contracts)
    if args.check:
        return check_model(trained, args.out, write_model)
    write_model(trained, args.out)
    print(f"wrote {args.out} (C={trained.c}, {len(trained.vocabulary.terms)} terms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
