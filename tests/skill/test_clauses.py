"""Clause sentences and typed clause answers over really ingested documents.

A real PDF (PyMuPDF) through the real pipeline (parser, chunker, the packaged clause
classifier, the packaged embedding model, Qdrant Edge): the sentences of a category come
back located by page and printed lines, the typed value is read from them alone, and a
category the documents do not state is a precise absence.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from ingest import Ingestor
from retrieval import BlobStore, Catalog, EdgeStore, Embedder
from skill import (
    ClauseDocument,
    ExtractedValue,
    absence_sentence,
    clause_answer,
    clause_only_values,
    clause_sentences,
)
from tests import pdfs
from tests.ingest._ingest_child import catalog_url

KB = "clauses"
ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Env:
    store: EdgeStore
    catalog: Catalog
    document: ClauseDocument


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder) -> Iterator[Env]:
    data_dir = tmp_path_factory.mktemp("clauses")
    store = EdgeStore(data_dir)
    catalog = Catalog(catalog_url(data_dir))
    try:
        report = Ingestor(store, catalog, embedder, BlobStore(data_dir)).run(
            KB, [("msa.pdf", pdfs.contract_pdf())]
        )
        (outcome,) = report.documents
        assert outcome.status == "committed"
        entry = catalog.get_document(KB, outcome.document_id)
        assert entry is not None
        yield Env(store, catalog, ClauseDocument.of(entry))
    finally:
        store.close()
        catalog.close()


def test_sentences_of_a_category_are_located_and_scored(env: Env) -> None:
    found = clause_sentences(env.store, KB, "governing_law", [env.document.document_id])
    assert found, "the governing-law sentence was not labelled at ingestion"
    best = found[0]
    assert "governed by the laws of the State of New York" in best.text
    assert best.category == "governing_law"
    assert 0.3 <= best.score <= 1.0
    loc = best.location
    assert (loc.document, loc.page) == ("msa.pdf", 2)
    assert loc.line_start <= loc.line_end
    assert loc.char_end - loc.char_start >= len("governed by the laws of the State of New York")
    assert loc.section is not None and "Governing Law" in loc.section
    # Best score first; each sentence once even where chunks overlap.
    assert [s.score for s in found] == sorted((s.score for s in found), reverse=True)
    keys = [(s.location.char_start, s.location.char_end) for s in found]
    assert len(keys) == len(set(keys))
    assert clause_sentences(env.store, KB, "governing_law", []) == []
    assert clause_sentences(env.store, KB, "governing_law", ["0" * 64]) == []


def test_a_value_category_is_answered_from_its_sentences(env: Env) -> None:
    answer = clause_answer(env.store, KB, "governing_law", [env.document])
    assert answer.absence is None and answer.risk_signals == ()
    assert [v.value for v in answer.values] == ["New York"]
    (value,) = answer.values
    assert value.kind == "jurisdiction"
    assert all("New York" in s.text for s in value.sentences)


def test_a_category_the_documents_do_not_state_is_a_precise_absence(env: Env) -> None:
    answer = clause_answer(env.store, KB, "non_compete", [env.document], topic="non-compete")
    assert answer.values == () and answer.sentences == ()
    assert answer.risk_signals == ("not_stated",)
    assert (env.document.pages, env.document.pages_without_text) == (3, 0)
    assert answer.absence == absence_sentence("non-compete", [env.document])
    assert answer.absence.startswith("no non-compete clause found in ")
    assert answer.absence.endswith(" (3 pages searched; 0 pages without text)")


def test_the_absence_sentence_counts_pages() -> None:
    docs = [ClauseDocument("a", "Supply Agreement", 1, 1), ClauseDocument("b", "Amendment", 2)]
    assert absence_sentence("insurance", docs) == (
        "no insurance clause found in Supply Agreement, Amendment (3 pages searched; "
        "1 page without text)"
    )


@pytest.mark.slow
def test_governing_law_of_the_data_room_agreements_from_clause_sentences(
    data_room_kb,  # type: ignore[no-untyped-def]
) -> None:
    """The data room was written by this project, never seen in training: each agreement
    whose governing law the gold states is answered from its governing-law sentences."""
    gold = [
        json.loads(line)
        for line in (ROOT / "tests" / "data_room" / "gold.jsonl").open(encoding="utf-8")
    ]
    cases = {
        page["document"]: row["expected"]["values"]
        for row in gold
        if row["kind"] == "agreement_attribute"
        and "governing law" in row["question"].lower()
        and row["expected"]["terminal_state"] == "CONCLUDED"
        and len(row["expected"]["pages"]) == 1
        for page in row["expected"]["pages"]
    }
    assert len(cases) >= 2
    store = EdgeStore(data_room_kb.data_dir)
    catalog = Catalog(catalog_url(data_room_kb.data_dir))
    try:
        entries = {d.name: d for d in catalog.list_documents(data_room_kb.kb, status="committed")}
        for name, values in sorted(cases.items()):
            answer = clause_answer(
                store, data_room_kb.kb, "governing_law", [ClauseDocument.of(entries[name])]
            )
            assert [v.value for v in answer.values] == values, (name, answer)
    finally:
        store.close()
        catalog.close()


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "This Agreement commences on the Effective Date and continues until the fifth "
            "anniversary of the Effective Date.",
            "5th anniversary of the Effective Date",
        ),
        (
            "The term of this Agreement shall be three (3) years from the Effective Date.",
            "3 years from the Effective Date",
        ),
        (
            "This Agreement shall remain in force until terminated by either party under "
            "Section 9.",
            "until terminated",
        ),
        ("The license granted in this Section is perpetual.", "perpetual"),
    ],
)
def test_an_end_of_term_without_a_calendar_date_is_typed(sentence: str, expected: str) -> None:
    def end_of_term(text: str) -> list[ExtractedValue]:
        return clause_only_values("expiration_date", text)

    assert [v.value for v in end_of_term(sentence)] == [expected]
    assert end_of_term("The parties shall meet monthly to review the forecast.") == []


def test_a_document_ingested_without_labels_is_not_called_silent(env: Env) -> None:
    entry = env.catalog.get_document(KB, env.document.document_id)
    assert entry is not None and str(entry.details["clause_model"]).startswith("clauses-")
    assert env.document.classified
    old = ClauseDocument("0" * 64, "old.pdf", 2, 0, classified=False)
    answer = clause_answer(env.store, KB, "non_compete", [env.document, old])
    assert answer.absence is None and answer.values == ()
    assert answer.risk_signals == ("not_classified",)
