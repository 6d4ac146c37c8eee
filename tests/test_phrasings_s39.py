"""The session-39 phrasing sets load in the shape their benches read: bench.cuad_claims asks
the set that EVRAG_CLAIMS_PHRASINGS names (default the shipped one), and its s39 set has the
default set's topics, three phrasings each, filled by the same placeholders; the ContractNLI s39
set has the 17 hypotheses, five phrasings each, one of them negated."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
import yaml

from bench import contract_nli, cuad_claims

S39 = "bench/cuad_claims_phrasings_s39.yaml"


def _topics(path: Path) -> list[dict[str, object]]:
    return list(yaml.safe_load(path.read_text(encoding="utf-8"))["topics"])


def test_the_variable_chooses_the_phrasing_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("EVRAG_CLAIMS_PHRASINGS", raising=False)
    assert cuad_claims.phrasings_path() == cuad_claims.PHRASINGS
    monkeypatch.setenv("EVRAG_CLAIMS_PHRASINGS", S39)
    assert cuad_claims.phrasings_path() == cuad_claims.ROOT / S39
    absolute = str(cuad_claims.ROOT / S39)
    monkeypatch.setenv("EVRAG_CLAIMS_PHRASINGS", absolute)
    assert cuad_claims.phrasings_path() == Path(absolute)


def test_the_s39_set_has_the_shape_the_bench_reads(tmp_path: Path) -> None:
    chosen = _topics(cuad_claims.ROOT / S39)
    shipped = _topics(cuad_claims.PHRASINGS)
    # the same topics, claims and gold categories as the default set, so the two score alike
    assert [(t["topic"], t["claim"], t["gold"]) for t in chosen] == [
        (t["topic"], t["claim"], t["gold"]) for t in shipped
    ]
    for topic in chosen:
        phrasings = topic["phrasings"]
        assert isinstance(phrasings, list) and len(phrasings) == 3
        for p in phrasings:
            assert p["yes_means"] in ("present", "absent")
            fields = {f for _, f, _, _ in string.Formatter().parse(p["text"]) if f is not None}
            assert {"a", "b"} <= fields <= {"title", "a", "b"}
    # and the bench fills it per agreement: one toy agreement, every phrasing asked of it
    clauses = tmp_path / "clauses.jsonl"
    clauses.write_text(
        '{"pdf": "toy.pdf", "Document Name (answer)": "SUPPLY AGREEMENT", '
        '"Parties (answer)": "Norrland Pumps AB; Keswick & Vale Ltd"}\n',
        encoding="utf-8",
    )
    qs = cuad_claims.questions(clauses, cuad_claims.ROOT / S39, train={})
    assert len(qs) == 3 * len(chosen)
    assert all("Norrland Pumps AB" in q["question"] for q in qs)
    assert all("Keswick & Vale Ltd" in q["question"] for q in qs)
    assert all("{" not in q["question"] for q in qs)


def test_the_contract_nli_s39_set_loads_through_its_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("EVRAG_CNLI_PHRASINGS", "bench/contract_nli_phrasings_s39.yaml")
    chosen = contract_nli.load_phrasings(contract_nli.phrasings_path())
    assert sorted(chosen) == sorted(contract_nli.PROPOSITIONS)
    for phrasings in chosen.values():
        assert len(phrasings) == 5
        assert [bool(p["negated"]) for p in phrasings] == [False, False, False, False, True]
        assert all(str(p["question"]).strip() for p in phrasings)
