"""The real packaged model, loaded offline."""

from __future__ import annotations

import math

import pytest
import torch

from retrieval._embed import Embedder


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
    small = Embedder(batch_size=2, threads=1).embed_documents(texts)
    whole = Embedder(batch_size=64, threads=1).embed_documents(texts)
    assert all(
        max(abs(x - y) for x, y in zip(a, b, strict=True)) < 1e-5
        for a, b in zip(small, whole, strict=True)
    )
