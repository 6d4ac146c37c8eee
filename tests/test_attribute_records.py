"""An attribute is one lexicon record (issue 32): what the skill knows of it comes from there.

`legal_entity_identifier` (a company's LEI, a due-diligence checklist item) was added as data
only: a record in attributes.yaml (question phrasing, value shape, form captions, single
valued, where to source it) and its role in roles.yaml (one value names one entity). These
tests ingest real PDFs written here into the real embedded store with the real model and ask
about it as an analyst would; one checks that no product module names it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from domain import LEXICON_DIR, lexicon
from tests.pdfs import Line, Row, make_pdf

ROOT = Path(__file__).resolve().parents[1]
KB = "lei"
ATTRIBUTE = "legal_entity_identifier"
_COLS = (60.0, 250.0, 420.0)


def _cover(name: str, year: int, lei: str | None) -> list[Line | Row]:
    lines: list[Line | Row] = [
        Line("UNITED STATES", bold=True, x=250),
        Line("SECURITIES AND EXCHANGE COMMISSION", bold=True, x=180),
        Line("Washington, D.C. 20549", x=240),
        Line("FORM 10-K", bold=True, x=270, gap=8),
        Line(f"For the fiscal year ended December 31, {year}", x=200, gap=6),
        Line("Commission File Number 001-77777", x=210),
        Line(name.upper(), bold=True, x=190, gap=10),
        Line("(Exact name of registrant as specified in its charter)", size=9, x=190),
        Row(("Delaware", "", "36-7654321"), xs=_COLS, gap=10),
        Row(("(State or other jurisdiction of", "", "(I.R.S. Employer"), xs=_COLS, size=9),
        Row(("incorporation or organization)", "", "Identification No.)"), xs=_COLS, size=9),
    ]
    if lei is not None:
        lines += [
            Line(lei, x=220, gap=10),
            Line("(Legal Entity Identifier (LEI))", size=9, x=200),
        ]
    return lines


@pytest.fixture(scope="module")
def lei_runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from app import Runtime, Settings

    folder = tmp_path_factory.mktemp("lei")
    covers = {
        "halvard-10k-2023.pdf": _cover(
            "Halvard Shipping Corporation", 2023, "5493001KJTIIGC8Y1R12"
        ),
        # the next year's cover states another identifier: two sources disagree
        "halvard-10k-2024.pdf": _cover(
            "Halvard Shipping Corporation", 2024, "5493009ZQXK2LMN7TV41"
        ),
        "brennik-10k-2024.pdf": _cover("Brennik Foods Corporation", 2024, None),
    }
    paths = []
    for file, pages in covers.items():
        make_pdf([pages], folder / file)
        paths.append(folder / file)
    with Runtime.open(Settings(data_dir=folder / "evrag")) as rt:
        report = rt.ingestor.run(KB, paths)
        assert not report.failed
        yield rt


def _ask(rt: Any, question: str) -> dict[str, Any]:
    return dict(rt.skill.ask(KB, question).model_dump(mode="json"))


@pytest.mark.parametrize(
    "question",
    [
        "What is the LEI of Halvard Shipping Corporation?",
        "What is Halvard Shipping Corporation's legal entity identifier?",
        "what is the lei of halvard shipping corporation?",
        "What is the Legal Entity Identifier (LEI) of HALVARD SHIPPING CORPORATION?",
        "What is the LEI code of Halvard Shipping Corp.?",
    ],
)
def test_the_new_attribute_is_answered_from_the_cover_with_both_values_in_conflict(
    lei_runtime: Any, question: str
) -> None:
    answer = _ask(lei_runtime, question)
    assert answer["subject_class"]["attribute"] == ATTRIBUTE
    assert answer["terminal_state"] == "CONCLUDED"
    values = sorted(v["value"] for v in answer["conclusion"]["values"])
    assert values == ["5493001KJTIIGC8Y1R12", "5493009ZQXK2LMN7TV41"]
    # single valued (the record says so): two covers that disagree are a conflict, shown
    # with both citations and not arbitrated
    (conflict,) = answer["conflicts"]
    assert len(conflict["values"]) == 2
    assert "conflicting_evidence" in answer["risk_signals"]
    cited = {e["source_location"]["document"] for e in answer["evidence"]}
    assert cited == {"halvard-10k-2023.pdf", "halvard-10k-2024.pdf"}
    assert all(e["source_location"]["page"] == 1 for e in answer["evidence"])


def test_a_company_whose_documents_state_no_lei_gets_no_value_and_the_source_hint(
    lei_runtime: Any,
) -> None:
    answer = _ask(lei_runtime, "What is the LEI of Brennik Foods Corporation?")
    assert answer["conclusion"]["values"] == []
    assert answer["sufficient"] is False
    hint = lexicon().attribute(ATTRIBUTE).source_hint
    assert hint is not None
    # the name as the cover writes it (capitals)
    expected = ("Request " + hint.format(x="Brennik Foods Corporation")).lower()
    actions = answer["suggested_next_actions"]
    assert any(a.lower().startswith(expected) for a in actions), actions


def test_an_unknown_company_is_not_found(lei_runtime: Any) -> None:
    answer = _ask(lei_runtime, "What is the LEI of Halvard Logistics Corporation?")
    assert answer["terminal_state"] == "SUBJECT_NOT_FOUND"
    assert answer["evidence"] == []


def test_the_attribute_is_data_only() -> None:
    """No product module names the attribute or its role: everything is in its records."""
    for package in ("domain", "engine", "retrieval", "ingest", "skill", "app", "api"):
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            assert ATTRIBUTE not in text, path


def test_a_record_naming_an_extractor_the_skill_lacks_is_refused(tmp_path: Path) -> None:
    """The record's `extractor` is checked when the skill loads: a lexicon error naming the
    attribute and the kinds there are, never a silent attribute with no reader."""
    for file in sorted(LEXICON_DIR.glob("*.yaml")):
        (tmp_path / file.name).write_text(file.read_text(encoding="utf-8"), encoding="utf-8")
    data = yaml.safe_load((tmp_path / "attributes.yaml").read_text(encoding="utf-8"))
    (record,) = [a for a in data["attributes"] if a["name"] == ATTRIBUTE]
    record["extractor"] = {"kind": "date", "role": "closing"}
    (tmp_path / "attributes.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    env = {**os.environ, "EVRAG_LEXICON": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", "import skill"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    assert "LexiconError" in done.stderr
    assert f"{ATTRIBUTE}.extractor.role: expected one of effective, expiration" in done.stderr
