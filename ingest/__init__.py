"""PDF ingestion: parse (PyMuPDF) → locate → chunk → extract bindings → embed → write.

`Ingestor` runs the pipeline for a batch into one knowledge base: idempotent by content
hash, atomic per document, and a bad document fails alone with a typed reason.
The pieces are usable alone: `PdfParser` (bytes → `ParsedDocument` of `LocatedLine`s),
`Chunker` (→ `ChunkRecord`s with full locators), `BindingExtractor` (→ bindings and
defined-term aliases). `derivation_version()` names the reader that derives all of it (a
digest of the deriving packages' files, ingest/_derivation.py): recorded with each document and
knowledge base, so one derived by another release's reader is reported (`derivation_status`).

Errors (under `domain.EvidenceRagError`; the whole tree is drawn in domain/_errors.py)::

    IngestError
    ├── PdfRejected        a PDF that cannot be ingested; `.code` (RejectCode) says why
    └── ClauseModelError   the clause model cannot be read
    ChildFailed            a sandboxed call gave no result (ChildTimedOut, ChildOutOfMemory, ...)
"""

from ingest._binding_eval import GoldBinding, GoldDocument, load_gold, score_bindings
from ingest._chunk import MAX_WORD_PIECES, Chunker, extract_span, reextract, sentence_spans
from ingest._clauses import (
    CANDIDATE_MIN,
    CANDIDATES,
    CLAUSE_MODEL_DIR,
    LENGTH_BUCKETS,
    ClauseClassifier,
    ClauseModelError,
    clause_category_slug,
    clause_features,
    clause_labels,
    clause_length,
    clause_model,
    short_masked,
)
from ingest._dedup import content_key, copy_metadata
from ingest._derivation import (
    DERIVATION_KEY,
    DERIVATION_MIXED,
    DERIVING_PACKAGES,
    DERIVING_ROOTS,
    DERIVING_SUFFIXES,
    NOT_DERIVING,
    STALE_DERIVATION,
    DerivationStatus,
    StaleDocument,
    cached_derivation_version,
    compute_derivation_version,
    derivation_status,
    derivation_version,
    deriving_files,
    deriving_modules,
    kb_derivation,
    kb_derivation_current,
    lexicon_fields,
    record_kb_derivation,
    reindex_command,
    stale_notice,
)
from ingest._document import LocatedLine, PageInfo, ParsedDocument
from ingest._errors import IngestError, PdfRejected, RejectCode
from ingest._layer_quality import REREAD_BELOW, LayerQuality, score_text_layer
from ingest._ocr import MEMO_PAGES, OcrLine, OcrPage, memo_pages, recording, remember
from ingest._pdf import OCR_DISABLED, PdfParser
from ingest._pipeline import (
    DocumentOutcome,
    Ingestor,
    IngestReport,
    Source,
    aliases_of,
    embedding_text,
    kb_aliases,
    kb_entity_names,
)
from ingest._progress import ProgressEvent, ProgressPrinter, collect_pdfs
from ingest._relations import DocumentRelation, StatedChange, document_relations
from ingest._sandbox import (
    ChildCrashed,
    ChildFailed,
    ChildOutOfMemory,
    ChildTimedOut,
    ChildUsage,
    fork_available,
    run_in_child,
)
from ingest.bindings import (
    BINDING_RULES,
    BindingContext,
    BindingExtractor,
    BindingResult,
    BindingRule,
    NamedEntity,
    TextFlow,
)

__all__ = [
    "BINDING_RULES",
    "CANDIDATES",
    "CANDIDATE_MIN",
    "CLAUSE_MODEL_DIR",
    "DERIVATION_KEY",
    "DERIVATION_MIXED",
    "DERIVING_PACKAGES",
    "DERIVING_ROOTS",
    "DERIVING_SUFFIXES",
    "LENGTH_BUCKETS",
    "MAX_WORD_PIECES",
    "MEMO_PAGES",
    "NOT_DERIVING",
    "OCR_DISABLED",
    "REREAD_BELOW",
    "STALE_DERIVATION",
    "BindingContext",
    "BindingExtractor",
    "BindingResult",
    "BindingRule",
    "ChildCrashed",
    "ChildFailed",
    "ChildOutOfMemory",
    "ChildTimedOut",
    "ChildUsage",
    "Chunker",
    "ClauseClassifier",
    "ClauseModelError",
    "DerivationStatus",
    "DocumentOutcome",
    "DocumentRelation",
    "GoldBinding",
    "GoldDocument",
    "IngestError",
    "IngestReport",
    "Ingestor",
    "LayerQuality",
    "LocatedLine",
    "NamedEntity",
    "OcrLine",
    "OcrPage",
    "PageInfo",
    "ParsedDocument",
    "PdfParser",
    "PdfRejected",
    "ProgressEvent",
    "ProgressPrinter",
    "RejectCode",
    "Source",
    "StaleDocument",
    "StatedChange",
    "TextFlow",
    "aliases_of",
    "cached_derivation_version",
    "clause_category_slug",
    "clause_features",
    "clause_labels",
    "clause_length",
    "clause_model",
    "collect_pdfs",
    "compute_derivation_version",
    "content_key",
    "copy_metadata",
    "derivation_status",
    "derivation_version",
    "deriving_files",
    "deriving_modules",
    "document_relations",
    "embedding_text",
    "extract_span",
    "fork_available",
    "kb_aliases",
    "kb_derivation",
    "kb_derivation_current",
    "kb_entity_names",
    "lexicon_fields",
    "load_gold",
    "memo_pages",
    "record_kb_derivation",
    "recording",
    "reextract",
    "reindex_command",
    "remember",
    "run_in_child",
    "score_bindings",
    "score_text_layer",
    "sentence_spans",
    "short_masked",
    "stale_notice",
]
