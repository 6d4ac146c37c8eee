"""bench/question_variants on cuad-train's training contracts (EVRAG_VARIANTS_SET=train): only
the contracts whose PDF is not among the shared ones (the evaluation set) are asked; a sample
is the same contracts whatever the file order, and a smaller sample is part of a larger one;
each row carries CUAD's Parties and Document Name answers as ../cuad/clauses.jsonl writes them."""

from __future__ import annotations

import json
from pathlib import Path

from bench.question_variants import agreements, training_rows


def _annotations(tmp_path: Path, order: list[int]) -> Path:
    lines = []
    for i in order:
        labels = {
            "Parties": {
                "spans": "[]",
                "answer": f'Acme {i} Robotics, Inc. ("Acme"); Beta {i} Foods LLC ("Distributor")',
            },
            "Document Name": {"spans": "[]", "answer": "SUPPLY AGREEMENT"},
        }
        rec = {"text": f"Contract{i}.txt", "pdf_in_shared": i % 3 == 0, "labels": labels}
        lines.append(json.dumps(rec))
    path = tmp_path / f"annotations-{order[0]}.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_only_training_contracts_are_asked(tmp_path: Path) -> None:
    rows = training_rows(_annotations(tmp_path, list(range(12))))
    assert [r["pdf"] for r in rows] == sorted(f"Contract{i}.pdf" for i in range(12) if i % 3)
    assert all(r["text"] == r["pdf"].replace(".pdf", ".txt") for r in rows)


def test_a_sample_is_fixed_by_the_file_names_alone(tmp_path: Path) -> None:
    forward = _annotations(tmp_path, list(range(30)))
    backward = _annotations(tmp_path, list(range(29, -1, -1)))
    small, large = training_rows(forward, 5), training_rows(forward, 12)
    assert len(small) == 5 and len(large) == 12
    assert small == training_rows(backward, 5)
    assert {r["pdf"] for r in small} <= {r["pdf"] for r in large}


def test_training_rows_read_as_agreements(tmp_path: Path) -> None:
    every = agreements(training_rows(_annotations(tmp_path, [1, 2])))
    assert [(g["a"], g["b"], g["title"]) for g in every] == [
        ("Acme 1 Robotics, Inc.", "Beta 1 Foods LLC", "Supply Agreement"),
        ("Acme 2 Robotics, Inc.", "Beta 2 Foods LLC", "Supply Agreement"),
    ]
    assert every[0]["aliases"] == {
        "Acme 1 Robotics, Inc.": ["Acme"],
        "Beta 1 Foods LLC": ["Distributor"],
    }
