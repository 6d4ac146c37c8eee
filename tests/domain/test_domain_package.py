"""The public surface of `domain` (the records, names, sentences and lexicon every floor shares): moving a name in or out of it is a
decision, made here in the open."""

from __future__ import annotations

import domain


def test_exported_names_are_pinned() -> None:
    assert list(domain.__all__) == [
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
    for name in domain.__all__:
        assert getattr(domain, name) is not None
