"""The ingestion pipeline: bytes → parse → chunk → extract bindings → embed → write → commit.

Guarantees (issue 3):
- idempotent: the document id is sha256 of the bytes; the same bytes again are reported
  as a duplicate and nothing is written;
- atomic per document: points are written while the catalog says `pending`; searches
  only see `committed` documents, so a crash leaves nothing visible, and the next run
  removes a pending document's leftovers before writing it again;
- bad input never stops the batch: each document fails alone with a typed reason.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from domain import (
    Alias,
    Binding,
    ChunkRecord,
    StorageFull,
    SubjectType,
    entity_key,
    storage_failure,
)
from ingest._chunk import Chunker
from ingest._clauses import ClauseClassifier, clause_model
from ingest._dedup import content_key, copy_metadata, is_near_duplicate, sketch
from ingest._derivation import DERIVATION_KEY, derivation_version, record_kb_derivation
from ingest._document import ParsedDocument
from ingest._errors import IngestError, PdfRejected
from ingest._metadata import document_statements
from ingest._pdf import PdfParser
from ingest._progress import ProgressEvent
from ingest._relations import DocumentRelation
from ingest._sandbox import no_forks
from ingest.bindings import BindingExtractor
from retrieval import (
    KB_EMBEDDING_KEY,
    STATEMENT_CELLS_KEY,
    BlobStore,
    Catalog,
    DocumentEntry,
    DocumentNotFound,
    Embedder,
    VectorStore,
    claim_kb_embedding,
)

_NAMED = (SubjectType.INDIVIDUAL, SubjectType.LEGAL_ENTITY)

Source = tuple[str, bytes] | Path


@dataclass(frozen=True, slots=True)
class DocumentOutcome:
    name: str
    document_id: str
    status: str  # committed | duplicate | failed
    code: str | None = None
    reason: str | None = None
    pages: int = 0
    chunks: int = 0
    bindings: int = 0
    document_type: str | None = None
    independence_group: str | None = None
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class IngestReport:
    kb: str
    run_id: int
    documents: tuple[DocumentOutcome, ...] = field(default_factory=tuple)

    @property
    def failed(self) -> list[DocumentOutcome]:
        return [d for d in self.documents if d.status == "failed"]

    def count(self, status: str) -> int:
        return sum(1 for d in self.documents if d.status == status)

    def summary(self) -> str:
        text = (
            f"{self.kb}: {self.count('committed')} committed, {self.count('duplicate')} "
            f"duplicate, {self.count('failed')} failed"
        )
        if self.failed:
            text += " (" + ", ".join(d.name for d in self.failed) + ")"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "kb": self.kb,
            "run_id": self.run_id,
            "committed": self.count("committed"),
            "duplicate": self.count("duplicate"),
            "failed": self.count("failed"),
            "documents": [asdict(d) for d in self.documents],
        }


class Ingestor:
    """Runs the pipeline for a batch of PDFs into one knowledge base.

    `embed_context`: what is embedded before each chunk's text: "name" (the default: the
    document's file name, which usually names the company, period or contract; recall@10
    on 15 FinanceBench filings 0.40 -> 0.54), "name+section", or "none".
    """

    def __init__(
        self,
        store: VectorStore,
        catalog: Catalog,
        embedder: Embedder,
        blobs: BlobStore,
        *,
        parser: PdfParser | None = None,
        chunker: Chunker | None = None,
        extractor: BindingExtractor | None = None,
        embed_context: str = "name",
        classifier: ClauseClassifier | None = None,
        classify_clauses: bool = True,
    ) -> None:
        if embed_context not in _EMBED_CONTEXTS:
            raise ValueError(f"embed_context must be one of {_EMBED_CONTEXTS}")
        self.store = store
        self.catalog = catalog
        self.embedder = embedder
        self.blobs = blobs
        self.parser = parser or PdfParser()
        self.chunker = chunker or Chunker()
        self.extractor = extractor or BindingExtractor()
        self.embed_context = embed_context
        # The clause classifier labels each chunk's sentences with clause categories
        # (default: the packaged model, read once per process); `classify_clauses=False`
        # stores no labels.
        self.classifier: ClauseClassifier | None = (
            (classifier or clause_model()) if classify_clauses else None
        )
        # Seconds spent per stage (parse, bindings, chunk, embed, write) over this
        # Ingestor's life: for benchmarks only, never part of any report.
        self.stage_seconds: dict[str, float] = {}

    @contextmanager
    def _stage(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            elapsed = time.perf_counter() - started
            self.stage_seconds[name] = self.stage_seconds.get(name, 0.0) + elapsed

    # -- public -----------------------------------------------------------------------

    def run(
        self,
        kb: str,
        sources: Sequence[Source],
        progress: Callable[[ProgressEvent], None] | None = None,
    ) -> IngestReport:
        if not self.catalog.has_kb(kb):
            self.catalog.create_kb(
                kb,
                {KB_EMBEDDING_KEY: self.embedder.identity, DERIVATION_KEY: derivation_version()},
            )
        # Vectors of one knowledge base come from one model and backend.
        claim_kb_embedding(self.catalog, kb, self.embedder)
        self.store.ensure_kb(kb)
        self._clear_pending(kb)
        run_id = self.catalog.start_run(kb)
        outcomes: list[DocumentOutcome] = []
        pages = chunks = failed = 0
        # The next document is parsed (in its own child process) while this one is
        # embedded: parsing is one core's work, and the embedder's streams leave room.
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="evrag-parse") as pool:
            ahead = self._parse_ahead(pool, sources, 0)
            for index, source in enumerate(sources):
                current, ahead = ahead, self._parse_ahead(pool, sources, index + 1)
                name, outcome = self._one(kb, source, current)
                outcomes.append(outcome)
                pages += outcome.pages
                chunks += outcome.chunks
                failed += outcome.status == "failed"
                if progress is not None:
                    progress(
                        ProgressEvent(
                            done=index + 1,
                            total=len(sources),
                            name=name,
                            pages=pages,
                            chunks=chunks,
                            failed=failed,
                        )
                    )
        report = IngestReport(kb=kb, run_id=run_id, documents=tuple(outcomes))
        # which reader derived the knowledge base's documents, now that some may be this one
        record_kb_derivation(self.catalog, kb)
        self.catalog.finish_run(
            run_id,
            counts={s: report.count(s) for s in ("committed", "duplicate", "failed")},
            report=report.to_dict(),
        )
        return report

    def read_statements(self, kb: str, *, again: bool = False) -> dict[str, int]:
        """Read the statement cells of the committed documents that have none recorded
        (committed before cells were read: schema version 1) from their stored originals;
        with `again`, of every committed document (the reader changed); {document name:
        cells read}. Nothing else of them changes."""
        read: dict[str, int] = {}
        for entry in self.catalog.list_documents(kb, status="committed"):
            if (STATEMENT_CELLS_KEY in entry.details and not again) or not entry.stored_path:
                continue
            data = Path(entry.stored_path).read_bytes()
            doc = self.parser.run(data, entry.name)
            self.catalog.put_statement_cells(kb, entry.document_id, doc.statement_cells)
            read[entry.name] = len(doc.statement_cells)
        return read

    def delete_document(self, kb: str, document_id: str) -> None:
        """Remove a document: its points (chunks and bindings), aliases and catalog row."""
        if self.catalog.get_document(kb, document_id) is None:
            raise DocumentNotFound(kb, document_id)
        # Forget it in the catalog first: searches stop seeing it before points go.
        self.catalog.delete_document(kb, document_id)
        self.store.delete_document(kb, document_id)
        # the document gone may have been the last one another reader derived
        record_kb_derivation(self.catalog, kb)

    # -- one document -----------------------------------------------------------------

    def _parse_ahead(
        self, pool: ThreadPoolExecutor, sources: Sequence[Source], index: int
    ) -> _Ahead | None:
        """The bytes of source `index`, and its parse started in `pool` (None past the end
        or when the file cannot be read: `_one` reports that)."""
        if index >= len(sources):
            return None
        source = sources[index]
        if isinstance(source, Path):
            try:
                data = source.read_bytes()
            except OSError:
                return None
            name = source.name
        else:
            name, data = _safe_name(source[0]), source[1]
        return _Ahead(data, pool.submit(self.parser.run, data, name))

    def _one(
        self, kb: str, source: Source, ahead: _Ahead | None = None
    ) -> tuple[str, DocumentOutcome]:
        if isinstance(source, Path):
            name = source.name
            try:
                data = ahead.data if ahead is not None else source.read_bytes()
            except OSError as exc:
                return name, DocumentOutcome(
                    name, "", "failed", "unreadable", f"cannot read file: {exc.strerror or exc}"
                )
        else:
            name, data = _safe_name(source[0]), source[1]
        document_id = hashlib.sha256(data).hexdigest()
        existing = self.catalog.get_document(kb, document_id)
        if existing is not None and existing.status == "committed":
            return name, DocumentOutcome(
                name,
                document_id,
                "duplicate",
                reason=f"already ingested as {existing.name}",
                pages=0,
                document_type=existing.document_type,
                independence_group=existing.independence_group,
            )
        try:
            stored = self.blobs.put(data)
            self.catalog.upsert_document_pending(
                kb, document_id, name=name, stored_path=str(stored), size_bytes=len(data)
            )
        except (OSError, StorageFull) as exc:
            full = storage_failure(exc)
            if full is None:
                raise
            return name, DocumentOutcome(name, document_id, "failed", full.code, str(full))
        try:
            parsed = ahead.parsed if ahead is not None else None
            outcome = self._ingest(kb, document_id, name, data, parsed)
        except PdfRejected as exc:
            self.catalog.mark_failed(kb, document_id, f"{exc.code}: {exc.reason}")
            return name, DocumentOutcome(name, document_id, "failed", str(exc.code), exc.reason)
        except IngestError as exc:
            self.catalog.mark_failed(kb, document_id, f"ingest_error: {exc}")
            return name, DocumentOutcome(name, document_id, "failed", "ingest_error", str(exc))
        except StorageFull as exc:
            # Refused whole: its points, if some were written, stay unseen (still pending)
            # and go at the next attempt. Recording the failure needs space too: it may not.
            with suppress(StorageFull):
                self.catalog.mark_failed(kb, document_id, f"{exc.code}: {exc}")
            return name, DocumentOutcome(name, document_id, "failed", exc.code, str(exc))
        except _DocumentFault as fault:
            # A defect met on this document's content must not stop the batch.
            cause = fault.cause
            reason = f"{type(cause).__name__}: {cause}".splitlines()[0][:500]
            self.catalog.mark_failed(kb, document_id, f"internal_error: {reason}")
            return name, DocumentOutcome(name, document_id, "failed", "internal_error", reason)
        return name, outcome

    def _ingest(
        self,
        kb: str,
        document_id: str,
        name: str,
        data: bytes,
        parsed: Future[ParsedDocument] | None = None,
    ) -> DocumentOutcome:
        try:
            with self._stage("parse"):
                # (the wait for a parse started ahead, or the parse itself)
                doc = parsed.result() if parsed is not None else self.parser.run(data, name)
                content = "\n".join(line.text for line in doc.content_lines())
                signature = sketch(content)
                warnings = tuple(_page_warnings(doc))
            # One read of the committed set serves both the group and the known names.
            committed = self.catalog.list_documents(kb, status="committed")
            group = _independence_group(document_id, signature, committed)
            with self._stage("bindings"):
                extracted = self.extractor.run(doc, independence_group=group)
                bindings = list(extracted.bindings)
                aliases = list(extracted.aliases)
                mentions = _mention_table(bindings, aliases, entity_names_of(committed))
                entity_names = _entity_names(bindings)
            with self._stage("chunk"):
                chunks = self.chunker.run(doc, group, entity_keys_for=mentions.keys_in)
            if self.classifier is not None:
                with self._stage("classify"):
                    chunks = self.classifier.label_document(chunks)
            with self._stage("embed"):
                texts = [embedding_text(c, self.embed_context) for c in chunks]
                with no_forks():  # the next parse's child is not forked mid-inference
                    vectors = _embed_by_length(
                        self.embedder, texts + [b.subject_name for b in bindings]
                    )
            # A page whose text could not be extracted (an image without OCR) may differ
            # from a copy's in what no record shows: such a document is never folded.
            copy_key = (
                content_key(
                    document_id,
                    name,
                    [*chunks, *bindings, *aliases],
                    copy_metadata(
                        title=doc.title,
                        pages=len(doc.pages),
                        document_type=doc.document_type,
                        document_date=doc.document_date,
                        parties=doc.parties,
                        ocr_pages=[p.number for p in doc.pages if p.ocr],
                    ),
                )
                if not any(p.skipped_reason for p in doc.pages)
                else None
            )
        except IngestError:
            raise
        except Exception as exc:  # becomes a failed outcome in _one
            raise _DocumentFault(exc) from exc
        # Store errors are not the document's fault: they propagate and stop the run.
        with self._stage("write"):
            # Leftovers of an interrupted earlier attempt go first; still pending, so unseen.
            self.store.delete_document(kb, document_id)
            if chunks:
                self.store.upsert_chunks(kb, chunks, vectors[: len(chunks)])
            if bindings:
                self.store.upsert_bindings(kb, bindings, vectors[len(chunks) :])
            # the boxes of this parse's OCR pages, and none left from an earlier parse
            self.blobs.put_lines(document_id, _ocr_line_boxes(doc))
            self._commit(
                kb,
                document_id,
                doc,
                group,
                signature,
                aliases,
                entity_names,
                warnings,
                copy_key,
                extracted.relations,
            )
        return DocumentOutcome(
            name,
            document_id,
            "committed",
            pages=len(doc.pages),
            chunks=len(chunks),
            bindings=len(bindings),
            document_type=doc.document_type,
            independence_group=group,
            warnings=warnings,
        )

    def _commit(
        self,
        kb: str,
        document_id: str,
        doc: ParsedDocument,
        group: str,
        signature: str,
        aliases: Sequence[Alias],
        entity_names: set[str],
        warnings: tuple[str, ...],
        copy_key: str | None,
        relations: Sequence[DocumentRelation] = (),
    ) -> None:
        """The one step that makes the document visible (its points are all written)."""
        # its statement cells first: a committed document's cells are all there
        self.catalog.put_statement_cells(kb, document_id, doc.statement_cells)
        self.catalog.mark_committed(
            kb,
            document_id,
            title=doc.title,
            pages=len(doc.pages),
            document_type=doc.document_type,
            document_date=doc.document_date,
            independence_group=group,
            signature=signature,
            details={
                "parties": list(doc.parties),
                "aliases": [a.model_dump(mode="json") for a in aliases],
                "entity_names": sorted(entity_names),
                "warnings": list(warnings),
                "ocr_pages": [p.number for p in doc.pages if p.ocr],
                "ocr_backends": ocr_backends(doc),
                **({"text_layers": layers} if (layers := text_layers(doc)) else {}),
                **document_statements(doc),
                "relations": [r.to_json() for r in relations],
                STATEMENT_CELLS_KEY: len(doc.statement_cells),
                **({"content_key": copy_key} if copy_key else {}),
                # the reader that derived all of the above (ingest/_derivation.py)
                DERIVATION_KEY: derivation_version(),
                **(
                    {
                        "clause_model": self.classifier.identity,
                        "clause_confirm": self.classifier.confirm,
                    }
                    if self.classifier
                    else {}
                ),
            },
        )

    def _clear_pending(self, kb: str) -> None:
        """Remove the points of documents a crashed run left pending (never visible)."""
        for doc in self.catalog.list_documents(kb, status="pending"):
            self.store.delete_document(kb, doc.document_id)


class _DocumentFault(Exception):
    """An unexpected error raised while deriving one document's records (parse .. embed)."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(str(cause))
        self.cause = cause


def kb_aliases(catalog: Catalog, kb: str) -> list[Alias]:
    """The alias table of a knowledge base: every committed document's aliases."""
    return aliases_of(catalog.list_documents(kb, status="committed"))


def aliases_of(documents: Iterable[DocumentEntry]) -> list[Alias]:
    """The aliases recorded with these (committed) documents, in a stable order."""
    aliases: list[Alias] = []
    for doc in documents:
        aliases.extend(Alias.model_validate(a) for a in doc.details.get("aliases", ()))
    return sorted(aliases, key=lambda a: (a.alias_key, a.entity_key, a.document_id or ""))


def kb_entity_names(catalog: Catalog, kb: str) -> list[str]:
    """Every person or company named by a binding in a committed document."""
    return entity_names_of(catalog.list_documents(kb, status="committed"))


def entity_names_of(documents: Iterable[DocumentEntry]) -> list[str]:
    """The person and company names recorded with these (committed) documents, sorted."""
    names: set[str] = set()
    for doc in documents:
        names.update(doc.details.get("entity_names", ()))
    return sorted(names)


def _independence_group(
    document_id: str, signature: str, committed: Iterable[DocumentEntry]
) -> str:
    """A near-copy of a committed document joins its group; anything else gets its own."""
    for other in committed:
        if other.signature and is_near_duplicate(signature, other.signature):
            return str(other.independence_group)
    return "grp-" + document_id[:16]


_EMBED_CONTEXTS = ("none", "name", "name+section")


def embedding_text(chunk: ChunkRecord, context: str) -> str:
    """What is embedded for a chunk: its text, after the document's name (and section).

    A passage rarely names its own company, period or topic ("Net sales increased 4%");
    the file name of a filing or contract usually does ("3M_2018_10K.pdf"). The stored
    text, the lexical vector and every locator stay the chunk's own text.
    """
    if context == "none":
        return chunk.text
    head = [chunk.document_name.rsplit(".", 1)[0].replace("_", " ")]
    if context == "name+section" and chunk.section:
        head.append(chunk.section)
    return "\n".join([*head, chunk.text])


def _embed_by_length(embedder: Embedder, texts: list[str]) -> list[list[float]]:
    """Vectors of `texts` in input order, embedded shortest first.

    A batch is padded to its longest text, so batches of similar lengths waste less work
    (about a quarter of the embedding time on contract-like documents, where short
    headings and table rows sit between long clauses). One call for chunks and binding
    subjects keeps batches full and embeds a text shared by both once.
    """
    order = sorted(range(len(texts)), key=lambda i: (len(texts[i]), i))
    embedded = embedder.embed_documents([texts[i] for i in order])
    vectors: list[list[float]] = [[] for _ in texts]
    for position, index in enumerate(order):
        vectors[index] = embedded[position]
    return vectors


def _entity_names(bindings: Sequence[Binding]) -> set[str]:
    """People and companies a document's bindings name (agreements are not entities)."""
    names = {b.subject_name for b in bindings if b.subject_type in _NAMED}
    names |= {
        b.parent_name
        for b in bindings
        if b.parent_name and b.parent_key and not b.parent_key.startswith("agreement:")
    }
    return names


def _safe_name(name: str) -> str:
    """A file name, never a path: the last component, control characters removed."""
    base = re.split(r"[\\/]", name)[-1]
    base = "".join(ch for ch in base if ch.isprintable()).strip()
    return base[:255] or "document.pdf"


def _page_warnings(doc: ParsedDocument) -> Iterable[str]:
    for page in doc.pages:
        if page.skipped_reason:
            yield f"page {page.number}: {page.skipped_reason}"
    yield from doc.warnings


@dataclass(frozen=True)
class _Ahead:
    """A source's bytes and its parse, started while the document before it is ingested."""

    data: bytes
    parsed: Future[ParsedDocument]


_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class _Mentions:
    """Surface forms to look for in chunk text, each with the entity key it stands for,
    indexed by the form's first word (lower case).

    A form can only match where its first word stands as a whole word of the text, so a
    chunk tries just the forms whose first word it contains: a knowledge base's names grow
    with every document, and trying each of them on each chunk cost 47 s of a 30-filing
    ingest. Forms that start with no word character, or whose first word changes length
    when lowered, are tried on every chunk."""

    by_word: dict[str, list[tuple[re.Pattern[str], str]]]
    always: list[tuple[re.Pattern[str], str]]

    def keys_in(self, text: str) -> tuple[str, ...]:
        words = set(_WORD.findall(text.lower()))
        found = {key for pattern, key in self.always if pattern.search(text)}
        for word in words & self.by_word.keys():  # a set of keys: the order cannot show
            found.update(key for pattern, key in self.by_word[word] if pattern.search(text))
        return tuple(sorted(found))


def _mention_table(
    bindings: Sequence[Binding], aliases: Sequence[Alias], known_names: Iterable[str]
) -> _Mentions:
    """The forms of the document's bindings and aliases and the knowledge base's names."""
    forms: dict[str, str] = {}
    for b in bindings:
        forms.setdefault(b.subject_name, b.subject_key)
        if b.parent_name and b.parent_key:
            forms.setdefault(b.parent_name, b.parent_key)
    for a in aliases:
        forms.setdefault(a.alias, a.entity_key)
    for name in known_names:
        forms.setdefault(name, entity_key(name))
    by_word: dict[str, list[tuple[re.Pattern[str], str]]] = {}
    always: list[tuple[re.Pattern[str], str]] = []
    for form in sorted(forms):
        if len(form) < 3 or not forms[form]:
            continue
        pattern = re.compile(r"(?<!\w)" + re.escape(form) + r"(?!\w)", re.IGNORECASE)
        first = _WORD.match(form)
        if first is None or len(first.group().lower()) != len(first.group()):
            always.append((pattern, forms[form]))
        else:
            by_word.setdefault(first.group().lower(), []).append((pattern, forms[form]))
    return _Mentions(by_word, always)


__all__ = [
    "DocumentOutcome",
    "IngestReport",
    "Ingestor",
    "Source",
    "aliases_of",
    "kb_aliases",
    "kb_entity_names",
]


def ocr_backends(doc: ParsedDocument) -> dict[str, list[int]]:
    """Which OCR backend read which pages ({"rapidocr-onnxruntime 1.4.4": [3, 4]})."""
    out: dict[str, list[int]] = {}
    for page in doc.pages:
        if page.ocr_backend:
            out.setdefault(page.ocr_backend, []).append(page.number)
    return dict(sorted(out.items()))


def text_layers(doc: ParsedDocument) -> list[dict[str, Any]]:
    """Each scanned page with a text layer: the reading kept ("text" or "ocr") and the
    scores of the layer and of the OCR reading (None when the page was not read again)."""
    return [
        {
            "page": page.number,
            "layer": page.text_layer,
            "layer_score": page.layer_score,
            "ocr_score": page.ocr_score,
        }
        for page in doc.pages
        if page.text_layer is not None
    ]


def _ocr_line_boxes(doc: ParsedDocument) -> dict[int, list[tuple[float, ...]]]:
    """Every line box of each page OCR read (its text lines too: they share the numbering)."""
    pages = {p.number for p in doc.pages if p.ocr}
    out: dict[int, list[tuple[float, ...]]] = {}
    for line in doc.lines:
        if line.page in pages:
            out.setdefault(line.page, []).append(line.bbox)
    return out
