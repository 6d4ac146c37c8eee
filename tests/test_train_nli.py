"""bench/train_nli.py: the same development documents give the same model bytes, and
`--check` says so; the shipped model is the one the development documents alone give (so no
held-out NDA went into it)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bench._model_training import check_model
from bench.contract_nli import DATA, load_dataset, split_documents
from bench.train_nli import (
    MIN_GAIN,
    PROPOSITIONS,
    SWAP_COST,
    fold_majority_right,
    load_documents,
    main,
)
from domain import lexicon
from skill import NLI_MODEL_DIR

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


@pytest.mark.slow
def test_the_shipped_model_is_retrained_from_the_development_half_to_the_same_bytes() -> None:
    assert main(["--check"]) == 0


def test_check_says_which_files_differ(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the trainers' shared --check, on a model whose bytes another training would not give
    shipped = tmp_path / "shipped"
    shutil.copytree(NLI_MODEL_DIR, shipped)

    def write_model(weights: bytes, out: Path) -> None:
        shutil.copy(NLI_MODEL_DIR / "model.json", out / "model.json")
        (out / "weights.npy").write_bytes(weights)

    assert check_model((NLI_MODEL_DIR / "weights.npy").read_bytes(), shipped, write_model) == 0
    assert check_model(b"other weights", shipped, write_model) == 1
    assert f"retraining changed weights.npy in {shipped}" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("gold", "folds", "right"),
    [
        # each fold judged by the other folds' common verdict, ties to Entailment
        (
            ["Entailment", "Entailment", "NotMentioned", "NotMentioned", "Entailment"],
            [0, 0, 1, 1, 2],
            1,
        ),
        (["NotMentioned"] * 4, [0, 1, 2, 3], 4),
        # one fold alone: no other fold to learn a verdict from
        (["Entailment", "Contradiction"], [0, 0], 0),
    ],
)
def test_the_majority_is_judged_out_of_fold(gold: list[str], folds: list[int], right: int) -> None:
    assert fold_majority_right(gold, folds) == right


def test_the_learned_reader_is_chosen_against_the_majority_never_the_rules_in_sample() -> None:
    # the rules were written from the development NDAs: their figure there is in sample, and
    # the learned reader's use is decided by the out-of-fold majority alone
    meta = json.loads((NLI_MODEL_DIR / "model.json").read_bytes())
    assert meta["uses"]
    for name, figures in meta["out_of_fold"].items():
        use = meta["uses"].get(name)
        gain = figures["model_right"] - SWAP_COST * figures["model_swaps"]
        beats = gain >= figures["majority_right"] + MIN_GAIN
        assert (use is not None) == beats, name
        if use is not None:
            assert use["use"] == "model" and figures["right"] == figures["model_right"]
        else:
            assert figures["right"] == figures["rules_right_in_sample"]
