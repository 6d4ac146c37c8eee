"""bench/train_nli.py: the same development documents give the same model bytes, and
`--check` says so (a small slice: the shipped model is checked by `make train`'s check)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.contract_nli import DATA, load_dataset, split_documents
from bench.train_nli import PROPOSITIONS, load_documents, main
from domain import lexicon

pytestmark = pytest.mark.skipif(not DATA.exists(), reason="no ContractNLI data")


def test_every_hypothesis_is_a_proposition_of_the_lexicon() -> None:
    names = {p.name for p in lexicon().propositions}
    assert set(PROPOSITIONS.values()) <= names and len(set(PROPOSITIONS.values())) == 17


def test_only_development_documents_are_read() -> None:
    data = load_dataset()
    split = split_documents(data["documents"])
    documents = load_documents(data)
    assert documents and all(split[d.id] == "development" for d in documents)
    assert len(documents) == sum(1 for s in split.values() if s == "development")


def test_retraining_a_slice_gives_the_same_bytes(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    assert main(["--limit-docs", "6", "--out", str(first)]) == 0
    assert main(["--limit-docs", "6", "--out", str(second)]) == 0
    for name in ("model.json", "weights.npy"):
        assert (first / name).read_bytes() == (second / name).read_bytes()
    assert main(["--limit-docs", "6", "--out", str(first), "--check"]) == 0
    (first / "weights.npy").write_bytes(b"changed")
    assert main(["--limit-docs", "6", "--out", str(first), "--check"]) == 1
