"""The ContractNLI bench's count of how each question was read (bench/contract_nli.py): the
proposition and polarity an answer's subject names against the claim the phrasing was written
for, and the phrasing set chosen by EVRAG_CNLI_PHRASINGS (default the old file)."""

from __future__ import annotations

from typing import Any

import pytest

from bench import contract_nli


def _row(read_as: str | None, read_negated: bool, negated: bool) -> dict[str, Any]:
    return {
        "hypothesis": "nda-11",
        "negated": negated,
        "read_as": read_as,
        "read_negated": read_negated,
    }


@pytest.mark.parametrize(
    ("read_as", "read_negated", "negated", "reading"),
    [
        ("reverse_engineering", False, False, "right"),
        ("reverse_engineering", True, True, "right"),
        ("reverse_engineering", True, False, "polarity"),
        ("reverse_engineering", False, True, "polarity"),
        ("non_compete", False, False, "other"),
        (None, False, False, "none"),
    ],
)
def test_each_ask_is_counted_by_how_its_question_was_read(
    read_as: str | None, read_negated: bool, negated: bool, reading: str
) -> None:
    assert contract_nli.reading_of(_row(read_as, read_negated, negated)) == reading


def test_the_phrasing_set_is_chosen_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("EVRAG_CNLI_PHRASINGS", raising=False)
    assert contract_nli.phrasings_path() == contract_nli.PHRASINGS
    monkeypatch.setenv("EVRAG_CNLI_PHRASINGS", "bench/contract_nli_phrasings_s38.yaml")
    chosen = contract_nli.load_phrasings(contract_nli.phrasings_path())
    assert len(chosen) == 17
    assert all(len(ps) == 4 and any(p["negated"] for p in ps) for ps in chosen.values())
