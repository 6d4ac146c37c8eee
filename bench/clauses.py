"""The clause classifier on the evaluation contracts: per-category precision, recall, F1.

Run: ``python -m bench.clauses`` (``BENCH_QUICK=1``: the first 15 evaluation contracts).

The evaluation contracts are CUAD's texts of the 68 contracts whose PDF is in
``../shared/data/cuad`` (never read by ``bench/train_clauses.py``); their sentences are
labelled exactly as the training sentences are (the same splitter, the same overlap rule)
and classified by the shipped model (``ingest.clause_model()``), as ingestion does.

Two tables, all 41 categories plus micro and macro averages:
- sentences: precision, recall, F1 and support (positive sentences) at the shipped
  thresholds, beside the validation figures of training (out-of-fold, on the training
  contracts: the figures the thresholds were tuned on);
- documents: does the contract have a sentence of the category? Predicted when at least
  one sentence is assigned; gold when CUAD annotates the clause. This is what an absence
  ("no <topic> clause found") rests on.

End to end from the PDFs (``BENCH_CLAUSES_PDF=0`` skips it): each evaluation contract's
PDF (matched to its text by CUAD's document name and parties) is parsed, chunked and
labelled by ingestion's own parser, chunker and classifier; a labelled sentence is right
when its text (letters and digits only, so line breaks and hyphenation do not matter) lies
inside an annotated piece of its category or holds one; recall counts the annotated pieces
(8 letters and digits or more: a date counts, a one-word party alias does not) that some
labelled sentence of the category got right.

Baseline, in the same run: a keyword rule (a sentence is of a category when it holds the
category's own name, e.g. "governing law", "audit"), the floor a learned model must beat.
"""

from __future__ import annotations

import os
import re
import sys
import time

import numpy as np

from bench.train_clauses import (
    CATEGORIES,
    CUAD_TRAIN,
    IGNORED,
    POSITIVE,
    SHARED,
    SLUGS,
    load_contracts,
)
from domain import sentence_location
from ingest import Chunker, PdfParser, clause_model

CUAD_PDF = SHARED / "cuad"


def _keyword_rule(name: str) -> re.Pattern[str]:
    words = [w for w in re.split(r"[^a-z]+", name.lower()) if len(w) > 2]
    return re.compile(r"\b" + r"\W+".join(map(re.escape, words)) + r"\b", re.IGNORECASE)


def _prf(tp: int, pred: int, gold: int) -> tuple[float, float, float]:
    p = tp / pred if pred else 0.0
    r = tp / gold if gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def run() -> str:
    quick = os.environ.get("BENCH_QUICK") == "1"
    started = time.perf_counter()
    contracts = load_contracts(evaluation=True)
    if quick:
        contracts = contracts[:15]
    model = clause_model()
    if tuple(model.categories) != SLUGS:
        raise SystemExit("the shipped model's categories differ from CUAD's 41")
    sentences = [c.text[s:e] for c in contracts for s, e in c.spans]
    labels = np.concatenate([c.labels for c in contracts])
    owner = np.concatenate([np.full(len(c.spans), i) for i, c in enumerate(contracts)])
    t0 = time.perf_counter()
    probs = model.probabilities(sentences)
    classify_s = time.perf_counter() - t0
    pred = probs >= model.thresholds
    rules = [_keyword_rule(name) for name in CATEGORIES]
    base = np.array([[bool(rule.search(s)) for rule in rules] for s in sentences])
    validation = model.metadata.get("validation", {})

    sent_rows, doc_rows = [], []
    totals = {"ours": [0, 0, 0], "base": [0, 0, 0], "doc": [0, 0, 0], "confirm": [0, 0, 0]}
    macro: dict[str, list[float]] = {"ours": [], "base": [], "doc": [], "val": []}
    for col, (name, slug) in enumerate(zip(CATEGORIES, SLUGS, strict=True)):
        keep = labels[:, col] != IGNORED
        gold = labels[keep, col] == POSITIVE
        cells = []
        for key, predicted in (("ours", pred[keep, col]), ("base", base[keep, col])):
            tp, npred, ngold = int((predicted & gold).sum()), int(predicted.sum()), int(gold.sum())
            p, r, f = _prf(tp, npred, ngold)
            for i, v in enumerate((tp, npred, ngold)):
                totals[key][i] += v
            macro[key].append(f)
            cells.append((p, r, f))
        val = validation.get(slug, {})
        macro["val"].append(float(val.get("f1", 0.0)))
        (p, r, f), (_, _, bf) = cells
        sent_rows.append(
            f"| {name} | {int(gold.sum())} | {p:.2f} | {r:.2f} | {f:.2f} | "
            f"{val.get('precision', 0):.2f} | {val.get('recall', 0):.2f} | "
            f"{val.get('f1', 0):.2f} | {bf:.2f} | {model.thresholds[col]:.2f} |"
        )
        doc_gold = np.array([c.present[col] for c in contracts])
        doc_pred = np.zeros(len(contracts), dtype=bool)
        doc_pred[np.unique(owner[pred[:, col]])] = True
        tp = int((doc_pred & doc_gold).sum())
        p, r, f = _prf(tp, int(doc_pred.sum()), int(doc_gold.sum()))
        for i, v in enumerate((tp, int(doc_pred.sum()), int(doc_gold.sum()))):
            totals["doc"][i] += v
        macro["doc"].append(f)
        absent = int((~doc_gold).sum())
        false_found = int((doc_pred & ~doc_gold).sum())
        # The contract-level decision (the model's `confirm`): a sentence at or over it.
        level = model.confirm_level(slug)
        doc_confirmed = np.zeros(len(contracts), dtype=bool)
        if level is not None:
            doc_confirmed[np.unique(owner[probs[:, col] >= level])] = True
        confirmed_right = int((doc_confirmed & doc_gold).sum())
        confirmed_absent = int((doc_confirmed & ~doc_gold).sum())
        confirmed_cells = f"{confirmed_right}/{int(doc_gold.sum())} | {confirmed_absent}/{absent}"
        for i, v in enumerate((confirmed_right, confirmed_absent, absent)):
            totals["confirm"][i] += v
        doc_rows.append(
            f"| {name} | {int(doc_gold.sum())} | {p:.2f} | {r:.2f} | {f:.2f} | "
            f"{false_found}/{absent} | {'-' if level is None else f'{level:g}'} | "
            f"{confirmed_cells} |"
        )
    mp, mr, mf = _prf(*totals["ours"])
    _, _, bf = _prf(*totals["base"])
    dp, dr, df = _prf(*totals["doc"])
    lines = [
        f"Evaluation: {len(contracts)} contracts (PDF in shared/data/cuad), {len(sentences)} "
        f"sentences; model: {model.metadata.get('model')}, trained on "
        f"{model.metadata.get('training', {}).get('contracts')} other contracts. "
        f"Classifying took {classify_s:.1f} s ({len(sentences) / max(classify_s, 1e-9):.0f} "
        "sentences/s).",
        "",
        "| category | support | precision | recall | F1 | val. precision | val. recall "
        "| val. F1 | keyword-rule F1 | threshold |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        *sent_rows,
        f"| **micro** | {totals['ours'][2]} | {mp:.2f} | {mr:.2f} | {mf:.2f} | | | | {bf:.2f} | |",
        f"| **macro** | | | | {np.mean(macro['ours']):.2f} | | | "
        f"{np.mean(macro['val']):.2f} | {np.mean(macro['base']):.2f} | |",
        "",
        "Documents (a contract has the clause: CUAD annotates it / the model assigns at "
        "least one sentence; confirmed: a sentence reaches the category's contract-level "
        "threshold, `confirm`, chosen out of fold on the training contracts, '-' none):",
        "",
        "| category | contracts with it | precision | recall | F1 | found where absent "
        "| confirm | confirmed where present | confirmed where absent |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        *doc_rows,
        f"| **micro** | {totals['doc'][2]} | {dp:.2f} | {dr:.2f} | {df:.2f} | | | "
        f"{totals['confirm'][0]}/{totals['doc'][2]} | "
        f"{totals['confirm'][1]}/{totals['confirm'][2]} |",
        f"| **macro** | | | | {np.mean(macro['doc']):.2f} | | | | |",
    ]
    if os.environ.get("BENCH_CLAUSES_PDF", "0" if quick else "1") == "1":
        lines += ["", *_pdf_table(model, quick)]
    lines += ["", f"(bench/clauses: {time.perf_counter() - started:.0f} s)"]
    table = "\n".join(lines)
    print(table, flush=True)
    return table


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _right(sentence: str, piece: str) -> bool:
    """The sentence lies inside the piece (its middle three fifths do: the ends may run
    over a clause number or the next words) or holds it."""
    cut = len(sentence) // 5
    middle = sentence[cut : len(sentence) - cut] or sentence
    return middle in piece or piece in sentence


def _pdf_table(model, quick: bool) -> list[str]:  # type: ignore[no-untyped-def]
    import ast
    import json

    rows = [json.loads(x) for x in (CUAD_TRAIN / "annotations.jsonl").open(encoding="utf-8")]
    texts = {
        (r["labels"]["Parties"]["spans"], r["labels"]["Document Name"]["spans"]): r
        for r in rows
        if r["pdf_in_shared"]
    }
    pairs = []
    for line in (CUAD_PDF / "clauses.jsonl").open(encoding="utf-8"):
        c = json.loads(line)
        row = texts.get((c["Parties"], c["Document Name"]))
        if row is not None:
            pairs.append((c["pdf"], row))
    pairs.sort(key=lambda p: p[0])
    if quick:
        pairs = pairs[:8]
    parser, chunker = PdfParser(), Chunker()
    n = len(CATEGORIES)
    tp_sent, pred_sent = np.zeros(n, int), np.zeros(n, int)
    found_pieces, all_pieces = np.zeros(n, int), np.zeros(n, int)
    doc_tp, doc_pred, doc_gold = np.zeros(n, int), np.zeros(n, int), np.zeros(n, int)
    pages = 0
    t0 = time.perf_counter()
    for pdf, row in pairs:
        doc = parser.run((CUAD_PDF / "pdf" / pdf).read_bytes(), pdf)
        pages += len(doc.pages)
        chunks = model.label_document(chunker.run(doc, "g"))
        sentences: dict[tuple[int, int], tuple[str, set[str]]] = {}
        for chunk in chunks:
            for label in chunk.clause_labels:
                loc = sentence_location(chunk, label.start, label.end)
                key = (loc.char_start, loc.char_end)
                _, cats = sentences.setdefault(key, (chunk.text[label.start : label.end], set()))
                cats.update(label.categories)
        for col, (name, slug) in enumerate(zip(CATEGORIES, SLUGS, strict=True)):
            pieces = [
                _norm(piece)
                for span in ast.literal_eval(row["labels"][name]["spans"])
                for piece in str(span).split("<omitted>")
            ]
            pieces = [p for p in pieces if len(p) >= 8]
            predicted = [_norm(t) for t, cats in sentences.values() if slug in cats]
            predicted = [p for p in predicted if p]
            gold = bool(ast.literal_eval(row["labels"][name]["spans"]))
            doc_gold[col] += gold
            doc_pred[col] += bool(predicted)
            doc_tp[col] += gold and bool(predicted)

            pred_sent[col] += len(predicted)
            tp_sent[col] += sum(any(_right(s, p) for p in pieces) for s in predicted)
            all_pieces[col] += len(pieces)
            found_pieces[col] += sum(any(_right(s, p) for s in predicted) for p in pieces)
    seconds = time.perf_counter() - t0
    out = [
        f"End to end from {len(pairs)} PDFs ({pages} pages; parse + chunk + label "
        f"{seconds:.0f} s): sentences right / labelled, annotated pieces found, contracts "
        "with the clause found / with it, and found where CUAD marks it absent.",
        "",
        "| category | sentence precision | piece recall | document recall | found where absent |",
        "|---|---:|---:|---:|---:|",
    ]
    for col, name in enumerate(CATEGORIES):
        p = tp_sent[col] / pred_sent[col] if pred_sent[col] else 0.0
        r = found_pieces[col] / all_pieces[col] if all_pieces[col] else 0.0
        dr = doc_tp[col] / doc_gold[col] if doc_gold[col] else 0.0
        absent = len(pairs) - doc_gold[col]
        out.append(
            f"| {name} | {p:.2f} ({tp_sent[col]}/{pred_sent[col]}) | {r:.2f} "
            f"({found_pieces[col]}/{all_pieces[col]}) | {dr:.2f} ({doc_tp[col]}/{doc_gold[col]}) "
            f"| {doc_pred[col] - doc_tp[col]}/{absent} |"
        )
    p = tp_sent.sum() / max(pred_sent.sum(), 1)
    r = found_pieces.sum() / max(all_pieces.sum(), 1)
    dr = doc_tp.sum() / max(doc_gold.sum(), 1)
    fa = (doc_pred - doc_tp).sum() / max((len(pairs) - doc_gold).sum(), 1)
    out.append(f"| **micro** | {p:.2f} | {r:.2f} | {dr:.2f} | {fa:.2f} |")
    return out


if __name__ == "__main__":
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    run()
    sys.exit(0)
