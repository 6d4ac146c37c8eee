"""One contract suite, run on both store backends (embedded Qdrant Edge; the server code
path on qdrant-client's local mode)."""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import pytest

from domain import Binding, BindingType, ChunkRecord, ClauseLabel, SubjectType
from retrieval import (
    EdgeStore,
    Embedder,
    InvalidKnowledgeBaseName,
    KnowledgeBaseNotFound,
    VectorStore,
)
from tests.retrieval.conftest import doc_id, make_binding, make_chunk

pytestmark = pytest.mark.filterwarnings("ignore:Local mode:UserWarning")

MSA, CHARTER, MEMO = "msa", "charter", "memo"

TEXTS = {
    MSA: [
        "This Master Services Agreement shall be governed by and construed in accordance "
        "with the laws of the State of Delaware, without regard to its conflict of laws rules.",
        "The Supplier shall deliver the Services described in Schedule A and shall invoice "
        "the Customer monthly in arrears; invoices are payable within thirty days.",
        "Either party may terminate this Agreement upon ninety days' written notice.",
        "Notices shall be sent to the Zyxquor escrow desk at the address set out below.",
    ],
    CHARTER: [
        "Jane Roe serves as Chief Executive Officer of Acme Robotics, Inc. and leads its "
        "management team.",
        "The registered agent of Acme Robotics, Inc. is Corporation Service Company, 251 "
        "Little Falls Drive, Wilmington.",
        "The Corporation is authorized to issue 10,000,000 shares of common stock, par value "
        "$0.0001 per share.",
    ],
    MEMO: [
        "Revenue for fiscal year 2022 grew twelve percent, driven by warehouse automation "
        "contracts in Europe.",
        "Either party may terminate this Agreement upon ninety days' written notice.",
    ],
}
ENTITY_KEYS = {
    (CHARTER, 0): ("acme robotics", "jane roe"),
    (CHARTER, 1): ("acme robotics", "corporation service company"),
    (CHARTER, 2): ("acme robotics",),
    (MSA, 1): ("acme robotics", "globex"),
}


def _chunks() -> list[ChunkRecord]:
    out = []
    for document, texts in TEXTS.items():
        start = 0
        for i, text in enumerate(texts):
            out.append(
                make_chunk(
                    document,
                    text,
                    char_start=start,
                    page=1 + i,
                    entity_keys=ENTITY_KEYS.get((document, i), ()),
                    clause=f"{i + 1}.1" if document == MSA else None,
                    section=None if document == MEMO else "1. General",
                )
            )
            start += len(text) + 1
    return [_labelled(c) for c in out]


# Clause labels as ingestion's classifier stores them: (document, chunk) → sentence labels.
CLAUSES = {
    (MSA, 0): (("governing_law",), (0.97,)),
    (MSA, 2): (("termination_for_convenience",), (0.88,)),
    (MEMO, 1): (("termination_for_convenience", "notice_period_to_terminate_renewal"), (0.81, 0.4)),
}


def _labelled(chunk: ChunkRecord) -> ChunkRecord:
    document = chunk.document_name.removesuffix(".pdf")
    index = TEXTS[document].index(chunk.text)
    found = CLAUSES.get((document, index))
    if found is None:
        return chunk
    label = ClauseLabel(start=0, end=len(chunk.text), categories=found[0], scores=found[1])
    return chunk.model_copy(
        update={"clause_labels": (label,), "clause_categories": tuple(sorted(found[0]))}
    )


def _bindings() -> list[Binding]:
    return [
        make_binding(
            CHARTER,
            subject="Jane Roe",
            subject_key="jane roe",
            role="ceo",
            parent="Acme Robotics, Inc.",
            parent_key="acme robotics",
            binding_type=BindingType.EXPLICIT_STATEMENT,
            char_start=0,
        ),
        make_binding(
            CHARTER,
            subject="Corporation Service Company",
            subject_key="corporation service company",
            subject_type=SubjectType.LEGAL_ENTITY,
            role="registered_agent",
            parent="Acme Robotics, Inc.",
            parent_key="acme robotics",
            binding_type=BindingType.REGISTRATION,
            char_start=120,
        ),
        make_binding(
            MSA,
            subject="Globex Corporation",
            subject_key="globex",
            subject_type=SubjectType.LEGAL_ENTITY,
            role="party",
            parent="Master Services Agreement",
            parent_key="msa acme globex",
            binding_type=BindingType.CONTRACTUAL_ROLE,
            char_start=5,
            attributes={"contract_role": "supplier", "agreement_key": "msa acme globex"},
        ),
        make_binding(
            MSA,
            subject="Acme Robotics, Inc.",
            subject_key="acme robotics",
            subject_type=SubjectType.LEGAL_ENTITY,
            role="party",
            parent="Master Services Agreement",
            parent_key="msa acme globex",
            binding_type=BindingType.CONTRACTUAL_ROLE,
            char_start=5,
            attributes={"contract_role": "customer"},
        ),
    ]


@dataclass(frozen=True)
class Corpus:
    chunks: list[ChunkRecord]
    chunk_vectors: list[list[float]]
    bindings: list[Binding]
    binding_vectors: list[list[float]]


@pytest.fixture(scope="module")
def corpus(embedder: Embedder) -> Corpus:
    chunks, bindings = _chunks(), _bindings()
    return Corpus(
        chunks,
        embedder.embed_documents([c.text for c in chunks]),
        bindings,
        embedder.embed_documents([b.subject_name for b in bindings]),
    )


def _load(store: VectorStore, corpus: Corpus) -> VectorStore:
    store.ensure_kb("kb1")
    store.upsert_chunks("kb1", corpus.chunks, corpus.chunk_vectors)
    store.upsert_bindings("kb1", corpus.bindings, corpus.binding_vectors)
    return store


@pytest.fixture
def loaded(store: VectorStore, corpus: Corpus) -> VectorStore:
    """The corpus in a fresh store: for tests that change it."""
    return _load(store, corpus)


@pytest.fixture(scope="module")
def shared(module_store: VectorStore, corpus: Corpus) -> VectorStore:
    """The corpus in a store shared by the read-only tests (one shard creation per module)."""
    return _load(module_store, corpus)


ALL_DOCS = sorted(doc_id(d) for d in TEXTS)


def _search(
    store: VectorStore, embedder: Embedder, query: str, **kwargs: object
) -> list[tuple[str, str]]:
    hits = store.search_chunks("kb1", query, embedder.embed_query(query), **kwargs)  # type: ignore[arg-type]
    return [(h.chunk.document_name, h.chunk.text) for h in hits]


def test_chunks_round_trip_losslessly_in_char_order(shared: VectorStore, corpus: Corpus) -> None:
    for document in TEXTS:
        expected = sorted(
            (c for c in corpus.chunks if c.document_id == doc_id(document)),
            key=lambda c: c.char_start,
        )
        got = shared.chunks_of("kb1", doc_id(document))
        assert got == expected
        assert [c.model_dump(mode="json") for c in got] == [
            c.model_dump(mode="json") for c in expected
        ]
    assert shared.chunks_of("kb1", doc_id("absent")) == []


def test_counts_per_collection_and_upsert_is_idempotent(
    loaded: VectorStore, corpus: Corpus
) -> None:
    assert loaded.count("kb1", "chunks") == len(corpus.chunks)
    assert loaded.count("kb1", "bindings") == len(corpus.bindings)
    loaded.upsert_chunks("kb1", corpus.chunks, corpus.chunk_vectors)
    loaded.upsert_bindings("kb1", corpus.bindings, corpus.binding_vectors)
    assert loaded.count("kb1", "chunks") == len(corpus.chunks)
    assert loaded.count("kb1", "bindings") == len(corpus.bindings)
    with pytest.raises(ValueError):
        loaded.count("kb1", "aliases")


def test_hybrid_search_finds_a_rare_token_only_lexically(
    shared: VectorStore, embedder: Embedder
) -> None:
    hits = _search(shared, embedder, "Zyxquor")
    assert "Zyxquor escrow desk" in hits[0][1]


def test_fusion_weights_choose_between_the_two_rankings(
    shared: VectorStore, embedder: Embedder, corpus: Corpus
) -> None:
    query = "Who leads the company's management as its chief executive?"
    vector = embedder.embed_query(query)

    def cosine(v: list[float]) -> float:
        return sum(a * b for a, b in zip(v, vector, strict=True))

    by_cosine = max(
        zip(corpus.chunks, corpus.chunk_vectors, strict=True), key=lambda cv: cosine(cv[1])
    )[0]
    dense = shared.search_chunks("kb1", query, vector, fusion=(1.0, 0.0))
    assert dense[0].chunk.chunk_id == by_cosine.chunk_id
    # The only chunk with the rare word leads the lexical ranking alone.
    lexical = shared.search_chunks("kb1", "Zyxquor", vector, fusion=(0.0, 1.0))
    assert "Zyxquor" in lexical[0].chunk.text
    # Without weights a search fuses dense 3 : lexical 1 (the weights measured on the
    # FinanceBench evidence pages), the default the interface publishes.
    measured = (3.0, 1.0)
    assert inspect.signature(VectorStore.search_chunks).parameters["fusion"].default == measured
    assert shared.search_chunks("kb1", query, vector) == shared.search_chunks(
        "kb1", query, vector, fusion=measured
    )


def test_hybrid_search_finds_a_paraphrase_without_shared_words(
    shared: VectorStore, embedder: Embedder
) -> None:
    hits = _search(shared, embedder, "Who is the top boss running the firm?", top_k=3)
    assert hits[0][1].startswith("Jane Roe serves as Chief Executive Officer")


def test_search_returns_full_records_and_respects_top_k(
    shared: VectorStore, embedder: Embedder, corpus: Corpus
) -> None:
    query = "governing law of the agreement"
    hits = shared.search_chunks("kb1", query, embedder.embed_query(query), top_k=4)
    assert len(hits) == 4
    by_id = {c.chunk_id: c for c in corpus.chunks}
    assert all(h.chunk == by_id[h.chunk.chunk_id] for h in hits)
    assert hits[0].chunk.text.startswith("This Master Services Agreement shall be governed")
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)


def test_search_filters_by_document_and_entity_keys(
    shared: VectorStore, embedder: Embedder
) -> None:
    query = "termination notice"
    only_memo = _search(shared, embedder, query, document_ids=[doc_id(MEMO)])
    assert {name for name, _ in only_memo} == {"memo.pdf"}
    assert len(only_memo) == len(TEXTS[MEMO])

    acme = _search(shared, embedder, query, entity_keys=["acme robotics"])
    assert len(acme) == 4 and all(name in {"charter.pdf", "msa.pdf"} for name, _ in acme)

    # Filters are ANDed; several entity keys match any of them.
    both = _search(
        shared, embedder, query, document_ids=[doc_id(MSA)], entity_keys=["globex", "jane roe"]
    )
    assert both == [("msa.pdf", TEXTS[MSA][1])]

    # Every document (and one the store has never seen) admits everything.
    everything = _search(shared, embedder, query, top_k=20)
    assert (
        _search(shared, embedder, query, top_k=20, document_ids=[*ALL_DOCS, "f" * 64]) == everything
    )
    assert len(everything) == sum(len(t) for t in TEXTS.values())
    assert _search(shared, embedder, query, document_ids=["f" * 64]) == []

    # Every document but one (a folded exact copy): the others' chunks, nothing of it.
    for left_out in ALL_DOCS:
        rest = [d for d in ALL_DOCS if d != left_out]
        found = _search(shared, embedder, query, top_k=20, document_ids=rest)
        assert found == [hit for hit in everything if doc_id(hit[0][: -len(".pdf")]) != left_out]

    # An explicit empty list (e.g. nothing committed yet) matches nothing.
    assert _search(shared, embedder, query, document_ids=[]) == []
    assert _search(shared, embedder, query, entity_keys=[]) == []
    assert _search(shared, embedder, query, entity_keys=["nobody"]) == []


def test_search_order_is_deterministic_whatever_the_insertion_order(
    store: VectorStore, corpus: Corpus, embedder: Embedder
) -> None:
    # The memo repeats the MSA's termination sentence: two chunks tie on every score.
    store.ensure_kb("fwd")
    store.ensure_kb("rev")
    store.upsert_chunks("fwd", corpus.chunks, corpus.chunk_vectors)
    store.upsert_chunks("rev", corpus.chunks[::-1], corpus.chunk_vectors[::-1])
    query = "Either party may terminate this Agreement upon ninety days' written notice."
    vector = embedder.embed_query(query)
    runs = [
        [(h.chunk.chunk_id, h.score) for h in store.search_chunks(kb, query, vector, top_k=5)]
        for kb in ("fwd", "rev", "fwd")
    ]
    assert runs[0] == runs[1] == runs[2]
    tied = [cid for cid, _ in runs[0][:2]]
    assert runs[0][0][1] == runs[0][1][1]
    assert tied == sorted(tied)


def test_binding_lookups_are_exact_and_sorted(shared: VectorStore, corpus: Corpus) -> None:
    jane, csc, globex, acme = corpus.bindings
    assert shared.find_bindings("kb1", role="ceo", parent_key="acme robotics") == [jane]
    assert shared.find_bindings("kb1", role="ceo", parent_key="acme") == []
    assert shared.find_bindings("kb1", subject_key="corporation service company") == [csc]
    assert shared.find_bindings("kb1", binding_type=BindingType.CONTRACTUAL_ROLE.value) == sorted(
        [globex, acme],
        key=lambda b: (b.location.document_id, b.location.char_start, b.binding_id),
    )
    assert shared.find_bindings("kb1", parent_key="acme robotics", document_ids=[doc_id(MSA)]) == []
    everything = shared.find_bindings("kb1")
    assert everything == sorted(
        corpus.bindings,
        key=lambda b: (b.location.document_id, b.location.char_start, b.binding_id),
    )
    assert everything[0].model_dump(mode="json") == next(
        b for b in corpus.bindings if b.binding_id == everything[0].binding_id
    ).model_dump(mode="json")
    assert shared.find_bindings("kb1", document_ids=[]) == []


def test_similar_binding_subjects_ranks_by_name_embedding(
    shared: VectorStore, embedder: Embedder
) -> None:
    hits = shared.similar_binding_subjects("kb1", embedder.embed_query("Acme Robotics"), top_k=2)
    assert len(hits) == 2
    assert hits[0][0].subject_key == "acme robotics"
    assert hits[0][1] >= hits[1][1]
    only_charter = shared.similar_binding_subjects(
        "kb1", embedder.embed_query("Acme Robotics"), document_ids=[doc_id(CHARTER)]
    )
    assert {b.location.document_id for b, _ in only_charter} == {doc_id(CHARTER)}


def test_delete_document_removes_its_chunks_and_bindings(
    loaded: VectorStore, corpus: Corpus, embedder: Embedder
) -> None:
    loaded.delete_document("kb1", doc_id(CHARTER))
    assert loaded.chunks_of("kb1", doc_id(CHARTER)) == []
    assert loaded.find_bindings("kb1", parent_key="acme robotics") == []
    assert loaded.count("kb1", "chunks") == len(corpus.chunks) - len(TEXTS[CHARTER])
    assert loaded.count("kb1", "bindings") == 2
    for visible in (None, ALL_DOCS):
        hits = _search(
            loaded, embedder, "Who is the chief executive officer?", document_ids=visible
        )
        assert hits and all(name != "charter.pdf" for name, _ in hits)
    assert len(loaded.chunks_of("kb1", doc_id(MSA))) == len(TEXTS[MSA])


def test_knowledge_bases_are_isolated_and_droppable(
    loaded: VectorStore, corpus: Corpus, embedder: Embedder
) -> None:
    loaded.ensure_kb("kb2")
    loaded.ensure_kb("kb2")  # idempotent
    assert loaded.count("kb2", "chunks") == 0
    assert loaded.search_chunks("kb2", "Zyxquor", embedder.embed_query("Zyxquor")) == []
    loaded.drop_kb("kb1")
    with pytest.raises(KnowledgeBaseNotFound):
        loaded.count("kb1", "chunks")
    loaded.drop_kb("kb1")  # dropping twice is harmless


def test_unknown_and_invalid_knowledge_bases_are_typed_errors(
    store: VectorStore, corpus: Corpus
) -> None:
    with pytest.raises(KnowledgeBaseNotFound):
        store.search_chunks("nope", "x", corpus.chunk_vectors[0])
    with pytest.raises(KnowledgeBaseNotFound):
        store.upsert_chunks("nope", corpus.chunks[:1], corpus.chunk_vectors[:1])
    for bad in ("../escape", "a/b", "", "x" * 65, "-lead"):
        with pytest.raises(InvalidKnowledgeBaseName):
            store.ensure_kb(bad)
    store.ensure_kb("kb1")
    with pytest.raises(ValueError):
        store.upsert_chunks("kb1", corpus.chunks[:2], corpus.chunk_vectors[:1])


def test_embedded_store_persists_across_reopen(
    tmp_path, corpus: Corpus, embedder: Embedder
) -> None:  # type: ignore[no-untyped-def]
    with EdgeStore(tmp_path) as first:
        first.ensure_kb("kb1")
        first.upsert_chunks("kb1", corpus.chunks, corpus.chunk_vectors)
        first.upsert_bindings("kb1", corpus.bindings, corpus.binding_vectors)
    with EdgeStore(tmp_path) as second:
        assert second.knowledge_bases() == ["kb1"]
        assert second.count("kb1", "chunks") == len(corpus.chunks)
        assert second.find_bindings("kb1", role="ceo") == [corpus.bindings[0]]
        hits = second.search_chunks("kb1", "Zyxquor", embedder.embed_query("Zyxquor"))
        assert "Zyxquor" in hits[0].chunk.text
        only_memo = second.search_chunks(
            "kb1", "Zyxquor", embedder.embed_query("Zyxquor"), document_ids=[doc_id(MEMO)]
        )
        assert {h.chunk.document_name for h in only_memo} == {"memo.pdf"}


def test_embedded_store_recovers_from_an_interrupted_kb_creation(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "qdrant" / "kb1" / "chunks").mkdir(parents=True)
    with EdgeStore(tmp_path) as store:
        assert store.knowledge_bases() == []
        with pytest.raises(KnowledgeBaseNotFound):
            store.count("kb1", "chunks")
        store.ensure_kb("kb1")
        assert store.knowledge_bases() == ["kb1"]
        assert store.count("kb1", "chunks") == 0


def test_search_reads_a_replaced_chunk_again(store: VectorStore, embedder: Embedder) -> None:
    """A search or a document's read (chunks_of) remembers nothing a write has replaced: the
    same point id upserted with new text is read anew, and a deleted document's chunks are
    gone."""
    store.ensure_kb("kb1")
    first = make_chunk("letter", "The supplier shall deliver the goods by March.", char_start=0)
    store.upsert_chunks("kb1", [first], [embedder.embed_query(first.text)])
    assert _search(store, embedder, "deliver goods") == [("letter.pdf", first.text)]
    assert [c.text for c in store.chunks_of("kb1", first.document_id)] == [first.text]
    second = first.model_copy(update={"text": "The supplier shall deliver the goods by June."})
    store.upsert_chunks("kb1", [second], [embedder.embed_query(second.text)])
    assert _search(store, embedder, "deliver goods") == [("letter.pdf", second.text)]
    assert [c.text for c in store.chunks_of("kb1", first.document_id)] == [second.text]
    store.delete_document("kb1", first.document_id)
    assert _search(store, embedder, "deliver goods") == []
    assert store.chunks_of("kb1", first.document_id) == []


def test_search_filters_by_clause_category(shared: VectorStore, embedder: Embedder) -> None:
    query = "Either party may terminate this Agreement"
    hits = _search(shared, embedder, query, clause_categories=["termination_for_convenience"])
    assert sorted(name for name, _ in hits) == ["memo.pdf", "msa.pdf"]
    only_msa = _search(
        shared,
        embedder,
        query,
        clause_categories=["termination_for_convenience", "governing_law"],
        document_ids=[doc_id(MSA)],
    )
    assert [name for name, _ in only_msa] == ["msa.pdf", "msa.pdf"]
    assert _search(shared, embedder, query, clause_categories=[]) == []
    assert _search(shared, embedder, query, clause_categories=["insurance"]) == []


def test_chunks_with_clauses_is_an_exact_sorted_look_up(
    shared: VectorStore, corpus: Corpus
) -> None:
    got = shared.chunks_with_clauses("kb1", ["termination_for_convenience"])
    assert [c.document_name for c in got] == sorted(
        (c.document_name for c in got),
        key=lambda name: doc_id(name.removesuffix(".pdf")),
    )
    assert {(c.document_name, c.text) for c in got} == {
        ("msa.pdf", TEXTS[MSA][2]),
        ("memo.pdf", TEXTS[MEMO][1]),
    }
    # The labels come back as stored: sentence span, categories and scores.
    memo = next(c for c in got if c.document_name == "memo.pdf")
    assert memo.clause_labels[0].categories == (
        "termination_for_convenience",
        "notice_period_to_terminate_renewal",
    )
    assert memo.clause_labels[0].scores == (0.81, 0.4)
    in_msa = shared.chunks_with_clauses(
        "kb1", ["governing_law", "termination_for_convenience"], document_ids=[doc_id(MSA)]
    )
    assert [c.text for c in in_msa] == [TEXTS[MSA][0], TEXTS[MSA][2]]
    assert shared.chunks_with_clauses("kb1", ["governing_law"], document_ids=[]) == []
    assert shared.chunks_with_clauses("kb1", []) == []
    assert shared.chunks_with_clauses("kb1", ["insurance"]) == []
    with pytest.raises(KnowledgeBaseNotFound):
        shared.chunks_with_clauses("nokb", ["governing_law"])
