"""The question router's class vectors (skill/route_model/) are what bench/train_routes builds
from CUAD's category descriptions and cuad-train's training clauses, and from ContractNLI's
hypotheses and development evidence spans: a slice of categories is rebuilt and compared with
the shipped rows; a moved vector or a changed class fails the check."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from bench.train_routes import ANNOTATIONS, CONTRACT_NLI, NLI_PREFIX, README, main
from domain import lexicon
from skill import ROUTE_MODEL_DIR, class_rows

# the tests that rebuild classes need the data; the shipped model's own tests do not
needs_data = pytest.mark.skipif(
    not README.exists() or not ANNOTATIONS.exists() or not CONTRACT_NLI.exists(),
    reason="no CUAD or ContractNLI data in ../shared",
)
SLICE = "Insurance,Source Code Escrow,ContractNLI: Limited use"


@needs_data
def test_a_slice_rebuilt_is_the_shipped_model() -> None:
    assert main(["--check", "--categories", SLICE]) == 0


@needs_data
def test_a_moved_vector_or_a_changed_class_fails_the_check(tmp_path: Path) -> None:
    moved = tmp_path / "moved"
    shutil.copytree(ROUTE_MODEL_DIR, moved)
    meta = json.loads((moved / "model.json").read_text("utf-8"))
    vectors = np.load(moved / "vectors.npy")
    insurance = [c["category"] for c in meta["classes"]].index("Insurance")
    # a question's row, the last of the class's
    row = class_rows(meta["classes"])[insurance][1] - 1
    vectors[row, 0] += 0.01
    np.save(moved / "vectors.npy", vectors, allow_pickle=False)
    assert main(["--check", "--categories", SLICE, "--out", str(moved)]) == 1
    changed = tmp_path / "changed"
    shutil.copytree(ROUTE_MODEL_DIR, changed)
    meta["classes"][insurance]["clauses"] += 1
    (changed / "model.json").write_text(json.dumps(meta), "utf-8")
    assert main(["--check", "--categories", SLICE, "--out", str(changed)]) == 1


def test_every_category_a_proposition_names_is_a_class_of_the_model() -> None:
    classes = {
        c["category"] for c in json.loads((ROUTE_MODEL_DIR / "model.json").read_text())["classes"]
    }
    named = {c for p in lexicon().propositions for c in p.clause_categories}
    assert named and named <= classes, named - classes


@needs_data
def test_a_category_that_is_none_is_refused_not_checked_as_nothing() -> None:
    with pytest.raises(SystemExit, match="no such clause category"):
        main(["--check", "--categories", "Insurance,Sourcecode Escrow"])


def test_every_nda_claim_is_routed_by_its_contract_nli_class_learned_from_development_ndas() -> (
    None
):
    meta = json.loads((ROUTE_MODEL_DIR / "model.json").read_text())
    nli = {
        c["category"]: c["clauses"] for c in meta["classes"] if c["category"].startswith(NLI_PREFIX)
    }
    assert len(nli) == 17 and all(n > 0 for n in nli.values()), nli
    owners = {c for p in lexicon().propositions for c in p.clause_categories if c in nli}
    assert owners == set(nli)


def test_the_read_phrasing_sets_questions_are_rows_of_their_classes_and_no_other() -> None:
    meta = json.loads((ROUTE_MODEL_DIR / "model.json").read_text())
    asked = {c["category"]: c["questions"] for c in meta["classes"] if c["questions"]}
    # every NDA claim and every CUAD yes/no topic's categories; no class a set does not ask of
    assert {c for c in asked if c.startswith(NLI_PREFIX)} == {
        c["category"] for c in meta["classes"] if c["category"].startswith(NLI_PREFIX)
    }
    assert "Insurance" in asked and "Source Code Escrow" not in asked
    assert len(np.load(ROUTE_MODEL_DIR / "vectors.npy")) == class_rows(meta["classes"])[-1][1]
