"""The ground floor: the records every package shares, names, sentences, and the lexicon.

Records (frozen pydantic models, JSON-serialisable): `SourceLocation` and its `PageLines`,
`LineRef`, `BBox`; `ChunkRecord`; `Binding` (subject, role, parent, binding type, quote,
location) and `Alias`. Names: `entity_key` and the other normalisations a name in a question
and the same name in a document share, `AliasResolver`, `clear_caches` (their memos). Sentences: `sentence_spans` and
`sentence_location`, the statements of a chunk and the exact locator of each. The lexicon
(`lexicon()`, package data in domain/lexicon/: `LEXICON_DIR`, its files `LEXICON_FILES`): roles, attributes, months, legal forms,
jurisdictions, contract-role terms, never-a-name words; `Role` and `Attribute` are its enums. No I/O here
beyond reading the lexicon, the package data that holds the project's vocabulary.
"""

from domain._errors import EvidenceRagError, StorageFull, storage_failure
from domain._financial import (
    FINANCIAL_FILE,
    FinancialConcept,
    StatementCell,
    concept_of_label,
    concepts_asked,
    financial_concepts,
    label_key,
)
from domain._lexicon import (
    DETAIL_ATTRIBUTE,
    DETAIL_KINDS,
    LEXICON_DIR,
    AttributeEntry,
    Lexicon,
    LexiconError,
    RoleEntry,
    SubjectTypeEntry,
    lexicon,
    load_lexicon,
)
from domain._lexicon import FILES as _LEXICON_FILES
from domain._names import (
    GENERIC_TERMS,
    NOT_NAME_WORDS,
    ORGANISATION_HEADS,
    AliasResolver,
    Resolution,
    ResolutionStatus,
    base_key,
    clear_caches,
    entity_key,
    fold_word,
    has_corporate_suffix,
    is_generic_term,
    is_person_name,
    legal_form,
    looks_like_company,
    short_names,
)
from domain._records import (
    CANDIDATE_MARK,
    Alias,
    Attribute,
    BBox,
    Binding,
    BindingType,
    ChunkRecord,
    ClauseLabel,
    LineRef,
    PageLines,
    Role,
    SourceLocation,
    SubjectType,
    candidate_category,
)
from domain._sentences import (
    chunk_sentence_spans,
    is_table_row,
    line_clause,
    sentence_location,
    sentence_spans,
)

# the lexicon's files: the main lexicon's, and the financial concepts' (read on their own)
LEXICON_FILES = (*_LEXICON_FILES, FINANCIAL_FILE)

__all__ = [
    "CANDIDATE_MARK",
    "DETAIL_ATTRIBUTE",
    "DETAIL_KINDS",
    "FINANCIAL_FILE",
    "GENERIC_TERMS",
    "LEXICON_DIR",
    "LEXICON_FILES",
    "NOT_NAME_WORDS",
    "ORGANISATION_HEADS",
    "Alias",
    "AliasResolver",
    "Attribute",
    "AttributeEntry",
    "BBox",
    "Binding",
    "BindingType",
    "ChunkRecord",
    "ClauseLabel",
    "EvidenceRagError",
    "FinancialConcept",
    "Lexicon",
    "LexiconError",
    "LineRef",
    "PageLines",
    "Resolution",
    "ResolutionStatus",
    "Role",
    "RoleEntry",
    "SourceLocation",
    "StatementCell",
    "StorageFull",
    "SubjectType",
    "SubjectTypeEntry",
    "base_key",
    "candidate_category",
    "chunk_sentence_spans",
    "clear_caches",
    "concept_of_label",
    "concepts_asked",
    "entity_key",
    "financial_concepts",
    "fold_word",
    "has_corporate_suffix",
    "is_generic_term",
    "is_person_name",
    "is_table_row",
    "label_key",
    "legal_form",
    "lexicon",
    "line_clause",
    "load_lexicon",
    "looks_like_company",
    "sentence_location",
    "sentence_spans",
    "short_names",
    "storage_failure",
]
