"""Benchmark of a question's latency: `EvidenceSkill.ask` against a plain llama-index retriever.

Run: ``python -m bench.query`` (``BENCH_QUICK=1`` for a short run). The knowledge base is
the generated data room ingested once with the real `Ingestor`, then replicated under
distinct document ids until it holds at least 20,000 chunks. Replication is a bench-only
shortcut that skips re-parsing and re-embedding: each copy's chunks and bindings are the
original's with new ids (its independence group stays the original's: they are copies),
written through the store and committed in the catalog like any document. Each distinct
text is embedded once (vectors cached from the ingestion).

Both sides run in this process on the same store, with one torch thread for the query
embedding, over the gold questions of the data room (tests/data_room/gold.jsonl). The
baseline is the one a llama-index user would write: `VectorStoreIndex.from_vector_store`
over our store, `as_retriever(similarity_top_k=10).retrieve(question)`. `ask` remembers
recent query vectors and, per committed-document set, the gate's entity table: the second
round repeats the questions, so the targets are judged on the first asks. The skill warms
up as the server does when it starts (`EvidenceSkill.warm_up`: the attribute cues embedded),
then five questions warm model, shards and caches; they are left out of the first asks.
The copies are exact copies, which the skill folds (one searched, the others listed on each
evidence unit): a reference row times the same first asks with folding off. A second
knowledge base of distinct documents (the data room among every CUAD contract and
FinanceBench filing in ../shared/data) measures the same questions at 20k chunks without
copies. Nothing asserts timings; targets are printed next to the figures.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "tests" / "data_room" / "gold.jsonl"
KB = "bench"
MIXED_KB = "mixed"
TARGET_CHUNKS = 20_000
QUICK_TARGET_CHUNKS = 2_000
QUICK_QUESTIONS = 20
TOP_K = 10
P95_TARGET_MS = 150.0
RATIO_TARGET = 2.0
# Namespace of the copies' chunk and binding ids (uuid5 of the new document id + old id).
_COPY_NS = uuid.UUID("9c1f1d4e-2b7a-4c55-8f0e-6d3b2a1c0e77")


@dataclass(frozen=True)
class Corpus:
    documents: int
    chunks: int
    bindings: int
    copies: int
    ingest_s: float
    replicate_s: float
    reused: bool = False  # built by an earlier run (BENCH_QUERY_KEEP)

    def built(self) -> str:
        if self.reused:
            return "built by an earlier run (kept)"
        return f"ingest {self.ingest_s:.0f} s, replicate {self.replicate_s:.0f} s"


def _cache_passage_vectors(embedder: Any) -> None:
    """Make `embedder` remember every passage vector it computes (queries are not cached),
    so the copies reuse the ingestion's vectors. Same model, backend and settings."""
    cache: dict[str, list[float]] = {}
    embed = embedder.embed_documents

    def embed_documents(texts: Sequence[str]) -> list[list[float]]:
        missing = [t for t in dict.fromkeys(texts) if t not in cache]
        if missing:
            cache.update(zip(missing, embed(missing), strict=True))
        return [cache[t] for t in texts]

    embedder.embed_documents = embed_documents


def _copy_id(document_id: str, copy: int) -> str:
    return hashlib.sha256(f"{document_id}:{copy}".encode()).hexdigest()


def _rewrite(record: Any, old: str, new: str, *, name: str, new_name: str) -> Any:
    """`record` (a ChunkRecord, Binding or Alias) with every reference to document `old`
    (its id, and the 16-hex prefix that agreement keys are built from) moved to `new`."""
    text = record.model_dump_json()
    text = text.replace(old, new).replace(old[:16], new[:16])
    text = text.replace(json.dumps(name), json.dumps(new_name))
    return type(record).model_validate_json(text)


def _copy_record(moved: Any, original: Any, id_field: str, new: str) -> Any:
    """A moved chunk or binding with its own id (uuid5 of the new document id + the old id);
    its independence group stays the original's: the copies are copies."""
    old_id = getattr(original, id_field)
    return moved.model_copy(
        update={
            id_field: str(uuid.uuid5(_COPY_NS, f"{new}:{old_id}")),
            "independence_group": original.independence_group,
        }
    )


def _copy_name(name: str, copy: int) -> str:
    stem, dot, ext = name.rpartition(".")
    return f"{stem} (copy {copy}).{ext}" if dot else f"{name} (copy {copy})"


def _copy_key(
    doc: Any,
    document_id: str,
    name: str,
    chunks: Sequence[Any],
    bindings: Sequence[Any],
    aliases: Sequence[Any],
) -> str:
    from ingest import content_key, copy_metadata

    return content_key(
        document_id,
        name,
        [*chunks, *bindings, *aliases],
        copy_metadata(
            title=doc.title,
            pages=doc.pages,
            document_type=doc.document_type,
            document_date=doc.document_date,
            parties=doc.details.get("parties", ()),
            ocr_pages=doc.details.get("ocr_pages", ()),
        ),
    )


def replicate(runtime: Any, kb: str, target_chunks: int) -> int:
    """Add copies of every committed document of `kb` until it holds `target_chunks`."""
    from domain import Alias
    from ingest import embedding_text

    store, catalog, embedder = runtime.store, runtime.catalog, runtime.embedder
    originals = catalog.list_documents(kb, status="committed")
    content = {
        d.document_id: (
            store.chunks_of(kb, d.document_id),
            store.find_bindings(kb, document_ids=[d.document_id]),
        )
        for d in originals
    }
    per_copy = sum(len(chunks) for chunks, _ in content.values())
    if per_copy == 0:
        raise RuntimeError("nothing to replicate: the ingested knowledge base has no chunks")
    copies = max(0, math.ceil(target_chunks / per_copy) - 1)
    for copy in range(1, copies + 1):
        for doc in originals:
            old, new = doc.document_id, _copy_id(doc.document_id, copy)
            new_name = _copy_name(doc.name, copy)
            chunks, bindings = content[old]

            move = partial(_rewrite, old=old, new=new, name=doc.name, new_name=new_name)

            new_chunks = [_copy_record(move(c), c, "chunk_id", new) for c in chunks]
            new_bindings = [_copy_record(move(b), b, "binding_id", new) for b in bindings]
            details = dict(doc.details)
            aliases = [move(Alias.model_validate(a)) for a in doc.details.get("aliases", ())]
            details["aliases"] = [json.loads(a.model_dump_json()) for a in aliases]
            if "content_key" in details:
                # Computed from the copy's own records, as ingestion computes it.
                details["content_key"] = _copy_key(
                    doc, new, new_name, new_chunks, new_bindings, aliases
                )
                if details["content_key"] != doc.details["content_key"]:
                    raise RuntimeError(f"a copy of {doc.name} has another content key")
            catalog.upsert_document_pending(
                kb, new, name=new_name, stored_path=doc.stored_path, size_bytes=doc.size_bytes
            )
            if new_chunks:
                # The original's embedded texts: cached, so a copy reuses its vectors.
                vectors = embedder.embed_documents(
                    [embedding_text(c, runtime.ingestor.embed_context) for c in chunks]
                )
                store.upsert_chunks(kb, new_chunks, vectors)
            if new_bindings:
                vectors = embedder.embed_documents([b.subject_name for b in new_bindings])
                store.upsert_bindings(kb, new_bindings, vectors)
            catalog.mark_committed(
                kb,
                new,
                pages=doc.pages,
                document_type=doc.document_type,
                document_date=doc.document_date,
                title=doc.title,
                independence_group=doc.independence_group,
                signature=doc.signature,
                details=details,
            )
    flush = getattr(store, "flush", None)
    if callable(flush):
        flush()
    return copies


def build(runtime: Any, room: Sequence[Path], target_chunks: int) -> Corpus:
    started = time.perf_counter()
    report = runtime.ingestor.run(KB, list(room))
    if report.failed:
        names = ", ".join(d.name for d in report.failed)
        raise RuntimeError(f"the data room did not ingest cleanly: {names}")
    ingest_s = time.perf_counter() - started
    started = time.perf_counter()
    copies = replicate(runtime, KB, target_chunks)
    replicate_s = time.perf_counter() - started
    return Corpus(
        documents=len(runtime.catalog.committed_document_ids(KB)),
        chunks=runtime.store.count(KB, "chunks"),
        bindings=runtime.store.count(KB, "bindings"),
        copies=copies,
        ingest_s=ingest_s,
        replicate_s=replicate_s,
    )


def gold_questions(limit: int | None = None) -> list[str]:
    questions = [
        json.loads(line)["question"]
        for line in GOLD.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    return questions[:limit] if limit else questions


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def _timed(fn: Callable[[], Any]) -> tuple[float, Any, BaseException | None]:
    """(seconds, result, error): a failing question is counted, not timed."""
    started = time.perf_counter()
    try:
        result = fn()
    except Exception as exc:
        return time.perf_counter() - started, None, exc
    return time.perf_counter() - started, result, None


def measure(
    runtime: Any,
    questions: Sequence[str],
    rounds: int,
    *,
    kb: str = KB,
    unfolded_reference: bool = True,
) -> dict[str, Any]:
    """Interleaved timings of ask and of the baseline retriever, after a warm-up pass; with
    `unfolded_reference`, the first asks again with exact copies not folded."""
    import torch
    from llama_index.core import VectorStoreIndex

    from retrieval import LlamaEmbedding, LlamaVectorStore

    torch.set_num_threads(1)
    committed = runtime.catalog.committed_document_ids(kb)
    vector_store = LlamaVectorStore(runtime.store, kb, document_ids=committed)
    index = VectorStoreIndex.from_vector_store(
        vector_store, embed_model=LlamaEmbedding(runtime.embedder)
    )
    retriever = index.as_retriever(similarity_top_k=TOP_K)

    def ask(q: str) -> Callable[[], Any]:
        return lambda: runtime.skill.ask(kb, q)

    def retrieve(q: str) -> Callable[[], Any]:
        return lambda: retriever.retrieve(q)

    runtime.skill.warm_up()  # as the server does when it starts: attribute cues embedded
    warmed = set(questions[: min(5, len(questions))])
    for q in sorted(warmed):  # warm-up: model, shards, caches
        _timed(ask(q))
        _timed(retrieve(q))

    ask_s: list[float] = []
    first_s: list[float] = []  # round 1: each question asked for the first time
    base_s: list[float] = []
    embed_s: list[float] = []
    errors: dict[str, int] = {}
    states: dict[str, int] = {}
    full = 0
    unfolded_s: list[float] = []
    for round_ in range(rounds):
        for q in questions:
            elapsed, answer, exc = _timed(ask(q))
            if exc is None:
                ask_s.append(elapsed)
                if round_ == 0 and q not in warmed:
                    first_s.append(elapsed)
            if round_ == 0:  # outcomes once
                key = type(exc).__name__ if exc else str(answer.terminal_state)
                (errors if exc else states)[key] = (errors if exc else states).get(key, 0) + 1
            elapsed, nodes, exc = _timed(retrieve(q))
            if exc is not None:
                raise exc
            base_s.append(elapsed)
            full += round_ == 0 and len(nodes) == TOP_K
            # For reading the two: what one query embedding (one thread) costs alone.
            embed_s.append(_timed(partial(runtime.embedder.embed_query, q))[0])
    if unfolded_reference:
        # The same first asks with exact copies not folded: every copy searched and cited.
        unfolded = _unfolded_skill(runtime, kb)
        unfolded.warm_up()
        for q in sorted(warmed):
            _timed(partial(unfolded.ask, kb, q))
        for q in questions:
            elapsed, _, exc = _timed(partial(unfolded.ask, kb, q))
            if exc is None and q not in warmed:
                unfolded_s.append(elapsed)
    return {
        "ask": ask_s,
        "first": first_s,
        "baseline": base_s,
        "embed": embed_s,
        "unfolded": unfolded_s,
        "errors": errors,
        "states": states,
        "full_top_k": full,
    }


def _unfolded_skill(runtime: Any, kb: str) -> Any:
    """The runtime's skill as it is but for the copies table: none, so nothing is folded
    (and the alias table holds every document's, the copies' too)."""
    from ingest import kb_aliases
    from skill import EvidenceSkill

    skill = runtime.skill
    aliases = tuple(kb_aliases(runtime.catalog, kb))
    return EvidenceSkill(
        skill.store,
        skill.embedder,
        committed_documents=skill.committed_documents,
        document_info=skill.document_info,
        aliases=lambda kb: aliases,
        kb_requirements=skill.kb_requirements,
    )


def _row(name: str, samples: Sequence[float]) -> str:
    ms = [s * 1000 for s in samples]
    return (
        f"| {name} | {len(ms)} | {percentile(ms, 50):.1f} | {percentile(ms, 95):.1f} "
        f"| {statistics.fmean(ms):.1f} | {max(ms):.1f} |"
    )


def _report(title: str, results: dict[str, Any]) -> list[str]:
    """The table and the verdicts of one knowledge base's measurement."""
    # The targets are judged on first asks: a repeated question finds its query vectors and
    # the gate's per-snapshot data remembered, which the baseline does not have.
    first = results["first"] or results["ask"]
    ask_p95 = percentile(first, 95) * 1000 if first else float("nan")
    base_p95 = percentile(results["baseline"], 95) * 1000
    lines = [
        title,
        "",
        "| query path | n | p50 ms | p95 ms | mean ms | max ms |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    if results["ask"]:
        lines.append(_row("EvidenceSkill.ask (full answer)", results["ask"]))
        lines.append(
            _row("  of which first asks (round 1, warm-up questions left out)", results["first"])
        )
    if results["unfolded"]:
        lines.append(
            _row("  first asks with exact copies not folded (reference)", results["unfolded"])
        )
    lines.append(_row(f"llama-index retriever top-{TOP_K} (baseline)", results["baseline"]))
    lines.append(_row("(reference: one query embedding alone)", results["embed"]))
    lines += [
        "",
        f"- first-ask p95 / baseline p95 = {ask_p95 / base_p95:.2f}x (target < {RATIO_TARGET:.0f}x: "
        f"{'met' if ask_p95 < RATIO_TARGET * base_p95 else 'not met'}); ask p95 {ask_p95:.1f} ms "
        f"(target < {P95_TARGET_MS:.0f} ms: {'met' if ask_p95 < P95_TARGET_MS else 'not met'})",
        "- ask outcomes: "
        + (", ".join(f"{k} {v}" for k, v in sorted(results["states"].items())) or "none")
        + (
            "; errors (not timed): "
            + ", ".join(f"{k} {v}" for k, v in sorted(results["errors"].items()))
            if results["errors"]
            else ""
        ),
        f"- baseline returned a full top-{TOP_K} for {results['full_top_k']} questions",
    ]
    return lines


def mixed_corpus() -> list[Path]:
    """Every CUAD contract and FinanceBench filing in ../shared/data ([] when absent)."""
    from bench.ingest import SHARED

    found: list[Path] = []
    for folder in (SHARED / "cuad" / "pdf", SHARED / "financebench" / "pdfs"):
        if folder.is_dir():  # CUAD's names end in .PDF
            found += sorted(p for p in folder.iterdir() if p.suffix.lower() == ".pdf")
    return found


def build_mixed(runtime: Any, room: Sequence[Path], others: Sequence[Path]) -> Corpus:
    """The data room among real filings and contracts, every document ingested (no copies):
    at 20k chunks, the data room is one company among a hundred others."""
    started = time.perf_counter()
    report = runtime.ingestor.run(MIXED_KB, [*room, *others])
    names = {p.name for p in room}
    failed = [d.name for d in report.failed if d.name in names]
    if failed:
        raise RuntimeError(f"the data room did not ingest cleanly: {', '.join(failed)}")
    return Corpus(
        documents=len(runtime.catalog.committed_document_ids(MIXED_KB)),
        chunks=runtime.store.count(MIXED_KB, "chunks"),
        bindings=runtime.store.count(MIXED_KB, "bindings"),
        copies=0,
        ingest_s=time.perf_counter() - started,
        replicate_s=0.0,
        reused=all(d.status == "duplicate" for d in report.documents),
    )


def run() -> str:
    """Build the knowledge bases, measure, print and return the markdown tables.

    Two knowledge bases of at least 20,000 chunks: the data room and its copies (every fact
    stated by 154 documents), and, when ../shared/data is present (not in quick mode), the
    data room among every CUAD contract and FinanceBench filing (distinct documents;
    `BENCH_QUERY_MIXED=0` skips it: its ingestion takes minutes). `BENCH_QUERY_KEEP=DIR`
    keeps the built data directories in DIR and reuses them on the next run."""
    from app import Runtime, Settings
    from bench.data_room import build_data_room

    quick = bool(os.environ.get("BENCH_QUICK"))
    target = QUICK_TARGET_CHUNKS if quick else TARGET_CHUNKS
    questions = gold_questions(QUICK_QUESTIONS if quick else None)
    rounds = 1 if quick else 2
    keep = os.environ.get("BENCH_QUERY_KEEP")
    work = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="bench-query-"))
    others = [] if quick or os.environ.get("BENCH_QUERY_MIXED") == "0" else mixed_corpus()
    lines: list[str] = []
    try:
        room = build_data_room(work / "room")
        runtime = Runtime.open(Settings(data_dir=work / "data", query_threads=1))
        try:
            if runtime.catalog.has_kb(KB) and runtime.catalog.committed_document_ids(KB):
                corpus = _existing(runtime, KB, originals=len(room))
            else:
                _cache_passage_vectors(runtime.embedder)
                corpus = build(runtime, room, target)
            results = measure(runtime, questions, rounds)
        finally:
            runtime.close()
        lines += _report(
            f"Knowledge base 1, copies: {corpus.documents} documents ({len(room)} ingested + "
            f"{corpus.copies} copies of each), {corpus.chunks} chunks, {corpus.bindings} "
            f"bindings; {corpus.built()}. "
            f"{len(questions)} gold questions x {rounds} rounds; one thread for queries.",
            results,
        )
        if others:
            runtime = Runtime.open(Settings(data_dir=work / "mixed", query_threads=1))
            try:
                mixed = build_mixed(runtime, room, others)
                results = measure(runtime, questions, rounds, kb=MIXED_KB, unfolded_reference=False)
            finally:
                runtime.close()
            lines.append("")
            lines += _report(
                f"Knowledge base 2, distinct documents: the data room ({len(room)}) with "
                f"{len(others)} CUAD contracts and FinanceBench filings, {mixed.documents} "
                f"documents committed, {mixed.chunks} chunks, {mixed.bindings} bindings; "
                f"{mixed.built()}. Same questions and rounds.",
                results,
            )
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    table = "\n".join(lines)
    print(table, flush=True)
    return table


def _existing(runtime: Any, kb: str, originals: int) -> Corpus:
    """A knowledge base of copies kept from an earlier run (BENCH_QUERY_KEEP)."""
    documents = len(runtime.catalog.committed_document_ids(kb))
    return Corpus(
        documents=documents,
        chunks=runtime.store.count(kb, "chunks"),
        bindings=runtime.store.count(kb, "bindings"),
        copies=max(0, documents // max(1, originals) - 1),
        ingest_s=0.0,
        replicate_s=0.0,
        reused=True,
    )


if __name__ == "__main__":
    run()
