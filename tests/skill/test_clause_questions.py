"""Clause questions read the clause classifier's sentences (issue 14, integration).

The data room (written by this project, never seen in training) ingested through the real
pipeline (PyMuPDF, the packaged clause classifier and embedding model, Qdrant Edge): an
attribute with clause categories in the lexicon is answered from sentences of those
categories only, a clause none of the agreement's sentences is labelled with is a precise
absence (`not_stated`, never sufficient), and the lexicon's categories are the model's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from domain import lexicon
from skill import Candidate, DocumentInfo, EvidenceCollector, QuestionKind, SubjectClass

ROOT_MODEL = "ingest/clause_model/model.json"


def test_the_lexicon_names_only_categories_of_the_clause_model() -> None:
    from pathlib import Path

    model = json.loads((Path(__file__).resolve().parents[2] / ROOT_MODEL).read_text())
    slugs = set(model["categories"])
    named = {slug for a in lexicon().attributes for _, slug in a.clause_categories}
    assert named and named <= slugs, sorted(named - slugs)
    by_name = {a.name: a for a in lexicon().attributes}
    assert by_name["governing_law"].categories_for({}) == ("governing_law",)
    # Retrieval stands in only where the development half showed the classifier's absence
    # could not be trusted (governing law, effective date); a clause topic never falls back.
    assert by_name["governing_law"].clause_fallback
    assert not by_name["non_compete"].clause_fallback
    # Cues confirm a clause only where bench/clause_confirm measured it within the targets.
    assert by_name["audit_rights"].cue_confirms
    assert not by_name["change_of_control"].cue_confirms
    # A notice period is the renewal clause's only when the question asks about renewal.
    notice = by_name["notice_period"]
    assert notice.categories_for({}) == ()
    assert notice.categories_for({"notice_for": "termination"}) == ()
    assert notice.categories_for({"notice_for": "non_renewal"}) == (
        "notice_period_to_terminate_renewal",
    )


@pytest.fixture(scope="module")
def runtime(data_room_kb: Any) -> Iterator[Any]:
    from app import Runtime, Settings

    with Runtime.open(Settings(data_dir=data_room_kb.data_dir)) as rt:
        yield rt


def _ask(runtime: Any, kb: str, question: str) -> dict[str, Any]:
    return runtime.skill.ask(kb, question).model_dump(mode="json")  # type: ignore[no-any-return]


def _labelled_quotes(runtime: Any, kb: str, category: str) -> set[str]:
    """The sentences the clause classifier labelled `category` at ingestion, as the store
    holds them (each chunk's clause labels: spans of its text)."""
    store = runtime.skill.store
    ids = [d.document_id for d in runtime.catalog.list_documents(kb, status="committed")]
    return {
        " ".join(chunk.text[label.start : label.end].split())
        for chunk in store.chunks_with_clauses(kb, [category], document_ids=ids)
        for label in chunk.clause_labels
        if category in label.categories
    }


@pytest.mark.slow
def test_a_clause_topic_is_quoted_from_its_labelled_sentences(
    runtime: Any, data_room_kb: Any
) -> None:
    kb = data_room_kb.kb
    labelled = _labelled_quotes(runtime, kb, "insurance")
    answer = _ask(
        runtime,
        kb,
        "What insurance must be maintained under the MSA between Halcyon Robotics and "
        "Northgate Logistics?",
    )
    assert answer["terminal_state"] == "CONCLUDED"
    assert answer["sufficient"] is True
    assert answer["evidence"]
    for unit in answer["evidence"]:
        assert " ".join(unit["quote"].split()) in labelled
        assert "insurance" in unit["quote"].lower()


@pytest.mark.slow
def test_governing_law_is_read_from_governing_law_sentences(
    runtime: Any, data_room_kb: Any
) -> None:
    kb = data_room_kb.kb
    labelled = _labelled_quotes(runtime, kb, "governing_law")
    answer = _ask(
        runtime, kb, "What is the governing law of the MSA between Halcyon and Northgate?"
    )
    assert answer["conclusion"]["answer"] == "New York"
    for unit in answer["evidence"]:
        assert " ".join(unit["quote"].split()) in labelled


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Does the mutual NDA with Brightline contain a non-solicitation clause?",
        "Is there a change of control provision in Halcyon's loan and security agreement?",
    ],
)
def test_a_clause_no_sentence_states_is_a_precise_absence(
    runtime: Any, data_room_kb: Any, question: str
) -> None:
    answer = _ask(runtime, data_room_kb.kb, question)
    assert answer["terminal_state"] == "CONCLUDED"
    assert answer["sufficient"] is False
    assert answer["conclusion"]["values"] == []
    assert "not_stated" in answer["risk_signals"]
    text = answer["conclusion"]["answer"]
    # a yes/no question: "Not stated in <agreement> — no ... clause found (N pages searched"
    assert text.startswith("Not stated in ") and "clause found (" in text, text
    assert "pages searched" in text, text
    # the document's candidate sentences of the clause, if any, quoted under the threshold
    assert all(e["confidence"] <= 0.45 for e in answer["evidence"])
    if answer["evidence"]:
        assert "clause_not_confirmed" in answer["risk_signals"] and "; candidates: " in text


@pytest.mark.slow
def test_a_document_ingested_without_labels_is_read_by_retrieval(
    runtime: Any, data_room_kb: Any
) -> None:
    """Labels are trusted only where every document searched was labelled: a document the
    catalog says was not (ingested before the classifier) goes through today's retrieval."""
    store = runtime.skill.store
    catalog = runtime.catalog
    kb = data_room_kb.kb
    entries = catalog.list_documents(kb, status="committed")
    nda = next(e for e in entries if "NDA" in e.name)
    subject = SubjectClass(
        kind=QuestionKind.AGREEMENT_ATTRIBUTE,
        type="agreement",
        attribute="non_solicitation",
        name="the NDA",
    )
    candidate = Candidate(
        subject_id="agreement:nda",
        name="Mutual NDA",
        subject_type="agreement",
        bindings=(),
        documents=(nda.document_id,),
    )

    def info(classified: bool) -> Any:
        return lambda d: DocumentInfo(d, nda.name, "agreement", None, d, classified=classified)

    labelled = EvidenceCollector(store, None, info(True))  # type: ignore[arg-type]
    spans = labelled._clause_spans(kb, candidate, subject, [nda.document_id], "non_solicitation")
    assert spans == []  # labelled, and no sentence of the category: absent
    unlabelled = EvidenceCollector(store, None, info(False))  # type: ignore[arg-type]
    assert (
        unlabelled._clause_spans(kb, candidate, subject, [nda.document_id], "non_solicitation")
        is None
    )
    other = SubjectClass(
        kind=QuestionKind.AGREEMENT_ATTRIBUTE,
        type="agreement",
        attribute="payment_terms",
        name="the NDA",
    )
    assert labelled._clause_spans(kb, candidate, other, [nda.document_id], "payment_terms") is None
