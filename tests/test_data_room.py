"""The data room generator, its gold files, and the quality scorer (bench/quality.py)."""

from __future__ import annotations

import json
import re
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

import pymupdf
import pytest

from bench.quality import (
    CUAD_CLAUSES,
    FINANCEBENCH_QUESTIONS,
    KINDS,
    agreements_right,
    canonical_jurisdiction,
    collapse,
    cuad_questions,
    financebench_recall,
    format_table,
    load_jsonl,
    score,
    score_bindings,
    value_in_text,
    value_kind,
    values_match,
)
from tests.data_room.generate import SCANNED_PAGE, build_data_room

HERE = Path(__file__).resolve().parent / "data_room"
GOLD = load_jsonl(HERE / "gold.jsonl")
GOLD_BINDINGS = load_jsonl(HERE / "gold_bindings.jsonl")
TRAPS = {
    "role_similarity",
    "similar_name",
    "role_not_held",
    "other_parties_agreement",
    "conflicting_facts",
    "near_copy",
    "superseded_term",
}


@pytest.fixture(scope="module")
def room(data_room: list[Path]) -> list[Path]:
    return data_room


@pytest.fixture(scope="module")
def pages(room: list[Path]) -> dict[str, list[str]]:
    """Raw text of every page, by document name."""
    out: dict[str, list[str]] = {}
    for path in room:
        with pymupdf.open(path) as doc:
            out[path.name] = [page.get_text() for page in doc]
    return out


# --- generator -------------------------------------------------------------------------------
def test_generator_is_deterministic(room: list[Path], tmp_path: Path) -> None:
    again = build_data_room(tmp_path)
    assert [p.name for p in again] == [p.name for p in room]
    for a, b in zip(room, again, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_size_and_layout_variety(room: list[Path], pages: dict[str, list[str]]) -> None:
    assert len(room) >= 15
    assert sum(len(v) for v in pages.values()) >= 50
    landscape = two_column = tables = 0
    for path in room:
        with pymupdf.open(path) as doc:
            for page in doc:
                landscape += page.rect.width > page.rect.height
                xs = {round(b[0]) for b in page.get_text("blocks")}
                two_column += (
                    any(x > page.rect.width / 2 - 10 for x in xs) and min(xs, default=999) < 100
                )
                tables += len(page.get_drawings()) >= 6
    assert landscape >= 5  # the slide deck
    assert two_column >= 2  # the industry report
    assert tables >= 2  # cap table, financials, Exhibit 21


def test_running_footers_on_multipage_documents(pages: dict[str, list[str]]) -> None:
    for name, texts in pages.items():
        if len(texts) < 2:
            continue
        for i, text in enumerate(texts, start=1):
            if (name, i) == SCANNED_PAGE:
                continue
            assert f"Page {i} of {len(texts)}" in text, (name, i)


def test_scanned_page_is_image_only(room: list[Path]) -> None:
    name, page_no = SCANNED_PAGE
    with pymupdf.open(next(p for p in room if p.name == name)) as doc:
        page = doc[page_no - 1]
        assert page.get_text().strip() == ""
        assert len(page.get_images()) == 1


def test_signature_blocks_and_defined_terms(pages: dict[str, list[str]]) -> None:
    text = "\n".join(t for texts in pages.values() for t in texts)
    assert len(re.findall(r"By: _{10,}", text)) >= 12
    assert 'halcyon robotics, inc., a delaware corporation (the "company")' in collapse(text)


def _doc(pages: dict[str, list[str]], prefix: str) -> str:
    return collapse("\n".join(next(v for k, v in pages.items() if k.startswith(prefix))))


def test_traps_are_in_the_text(pages: dict[str, list[str]]) -> None:
    # role similarity: a founder quoted with no company named in the sentence
    press = _doc(pages, "15_")
    sentence = re.search(r"said alan brooks, founder\.", press)
    assert sentence is not None
    # similar name, stated to be unaffiliated
    report = _doc(pages, "16_")
    assert "halcyon robotic systems ltd. is not affiliated with halcyon robotics, inc." in report
    # conflicting facts
    assert "40.0%" in _doc(pages, "04_") and "approximately 38%" in _doc(pages, "06_")
    assert "march 14, 2017" in _doc(pages, "01_") and "march 16, 2017" in _doc(pages, "17_")
    # superseded term
    assert "($2,000,000)" in _doc(pages, "07_") and "($5,000,000)" in _doc(pages, "08_")
    # an agreement between other parties
    other = _doc(pages, "18_")
    assert "northgate logistics, inc." in other and "ridgeway freight systems, llc" in other
    assert "halcyon" not in other
    # near copy: almost the same text, not the same bytes
    a, b = _doc(pages, "09_"), _doc(pages, "10_")
    assert a != b and SequenceMatcher(None, a, b).ratio() > 0.97


# --- gold file ---------------------------------------------------------------------------------
def test_gold_is_well_formed() -> None:
    assert len(GOLD) >= 80
    ids = [g["id"] for g in GOLD]
    assert len(set(ids)) == len(ids)
    assert len({collapse(g["question"]) for g in GOLD}) == len(GOLD)
    assert set(Counter(g["kind"] for g in GOLD)) == set(KINDS)
    absent = [g for g in GOLD if g["expected"]["terminal_state"] == "SUBJECT_NOT_FOUND"]
    assert len(absent) >= 0.3 * len(GOLD)
    assert {g["trap"] for g in GOLD if g["trap"]} == TRAPS
    assert sum(1 for g in GOLD if g["subject"]) >= 5
    for g in GOLD:
        exp = g["expected"]
        assert exp["terminal_state"] in {"CONCLUDED", "SUBJECT_NOT_FOUND"}
        assert isinstance(exp["conflict"], bool) and exp["sufficient"] in {True, False, None}
        if exp["terminal_state"] == "SUBJECT_NOT_FOUND":
            assert exp["values"] == [] and exp["pages"] == [] and exp["sufficient"] is False
        if exp["conflict"]:
            assert len(exp["values"]) >= 2
        if g["kind"] == "yes_no":
            assert all(v in {"yes", "no"} for v in exp["values"])
        for v in exp["values"]:
            assert v == v.strip() and value_kind(v) in {
                "yes_no", "date", "money", "percentage", "duration", "free_text", "name"
            }  # fmt: skip
            if value_kind(v) == "money":
                assert re.fullmatch(r"[A-Z]{3} \d{1,3}(,\d{3})*(\.\d+)?", v)


def test_gold_pages_state_the_values(pages: dict[str, list[str]]) -> None:
    for g in GOLD:
        exp = g["expected"]
        for ref in exp["pages"]:
            texts = pages[ref["document"]]
            assert 1 <= ref["page"] <= len(texts), (g["id"], ref)
            text = texts[ref["page"] - 1]
            # a page may state the value in force or the one it replaced (issue 16)
            stated = [*exp["values"], *exp.get("superseded", [])]
            assert any(value_in_text(v, text) for v in stated), (g["id"], ref)
        for v in exp["values"]:
            if value_kind(v) != "yes_no":
                assert any(
                    value_in_text(v, pages[r["document"]][r["page"] - 1]) for r in exp["pages"]
                ), (g["id"], v)


def test_gold_bindings_point_at_their_pages(pages: dict[str, list[str]]) -> None:
    assert len({(b["subject"], b["role"], b["parent"]) for b in GOLD_BINDINGS}) >= 40
    roles = {b["role"] for b in GOLD_BINDINGS}
    assert {"founder", "ceo", "director", "shareholder", "subsidiary", "signatory"} <= roles
    # the trap bindings are absent: nobody founded Northgate, Karen Whitlock is not Halcyon's COO
    assert not any(b["subject"] == "Alan Brooks" for b in GOLD_BINDINGS)
    assert not any(b["role"] == "coo" and b["parent"].startswith("Halcyon") for b in GOLD_BINDINGS)
    for b in GOLD_BINDINGS:
        text = pages[b["document"]][b["page"] - 1]
        assert value_in_text(b["subject"], text) or value_in_text(b["parent"], text), b


# --- scorer -----------------------------------------------------------------------------------
def _perfect(g: dict[str, Any], pages: dict[str, list[str]]) -> dict[str, Any]:
    exp = g["expected"]
    if exp["terminal_state"] == "SUBJECT_NOT_FOUND":
        return {"id": g["id"], "terminal_state": "SUBJECT_NOT_FOUND", "conclusion": {"values": []},
                "evidence": [], "conflicts": [], "sufficient": False}  # fmt: skip
    evidence, values = [], []
    for i, v in enumerate(exp["values"]):
        ref = next(r for r in exp["pages"] if value_in_text(v, pages[r["document"]][r["page"] - 1]))
        eid = f"e{i}"
        evidence.append(
            {"evidence_id": eid, "quote": pages[ref["document"]][ref["page"] - 1],
             "source_location": {"document": ref["document"], "page": ref["page"]}}
        )  # fmt: skip
        values.append({"value": v, "evidence_ids": [eid]})
    conflicts = [{"claim_id": "c", "values": values}] if exp["conflict"] else []
    history = [{"value": v} for v in exp.get("superseded", [])]
    return {"id": g["id"], "terminal_state": "CONCLUDED", "conclusion": {"values": values},
            "evidence": evidence, "conflicts": conflicts,
            "supersessions": [{"history": history}] if history else [],
            "risk_signals": list(exp.get("flags", [])),
            "sufficient": exp["sufficient"] if exp["sufficient"] is not None else True}  # fmt: skip


def test_scorer_perfect_results_score_full_marks(pages: dict[str, list[str]]) -> None:
    report = score([_perfect(g, pages) for g in GOLD], GOLD)
    m = report["metrics"]
    assert m["hard_answers"] == 0 and report["failures"] == []
    for key in ("terminal_state_accuracy", "correct_refusal_rate", "value_recall",
                "citation_exactness", "conflicts_surfaced", "sufficient_accuracy"):  # fmt: skip
        assert m[key] == 1.0, key
    assert m["false_refusal_rate"] == 0.0 and m["extra_value_rate"] == 0.0
    table = format_table(report)
    assert "value recall" in table and "100.0%" in table


def test_scorer_penalises_bad_results(pages: dict[str, list[str]]) -> None:
    results = []
    for g in GOLD:
        r = _perfect(g, pages)
        if g["expected"]["terminal_state"] == "SUBJECT_NOT_FOUND":
            # a hard answer: a value for a subject that is not there
            r = {
                **r,
                "terminal_state": "CONCLUDED",
                "conclusion": {"values": [{"value": "Jane Roe", "evidence_ids": []}]},
            }
        elif g["kind"] == "role":
            r = {**r, "terminal_state": "SUBJECT_NOT_FOUND", "conclusion": {"values": []}}
        elif g["kind"] == "agreement_attribute":
            # right value, cited on a wrong page
            for ev in r["evidence"]:
                ev["source_location"] = {"document": "nowhere.pdf", "page": 1}
        elif g["expected"]["conflict"] is False and r["conclusion"]["values"]:
            r["conclusion"]["values"].append({"value": "Somebody Else", "evidence_ids": []})
        results.append(r)
    m = score(results, GOLD)["metrics"]
    assert m["hard_answers"] == sum(
        1 for g in GOLD if g["expected"]["terminal_state"] == "SUBJECT_NOT_FOUND"
    )
    assert m["correct_refusal_rate"] == 0.0
    assert 0.0 < m["false_refusal_rate"] < 1.0
    assert m["value_recall"] is not None and m["value_recall"] < 1.0
    assert m["citation_exactness"] is not None and m["citation_exactness"] < 1.0
    assert m["extra_value_rate"] is not None and m["extra_value_rate"] > 0.0


def test_missing_results_count_against_the_system() -> None:
    report = score([], GOLD)
    assert report["counts"]["answered"] == 0
    assert report["metrics"]["value_recall"] == 0.0
    assert report["metrics"]["correct_refusal_rate"] == 0.0


@pytest.mark.parametrize(
    ("gold", "answer", "expected"),
    [
        ("Halcyon Robotics, Inc.", "HALCYON ROBOTICS INCORPORATED", True),
        ("Halcyon Robotics, Inc.", "Halcyon Robotic Systems Ltd.", False),
        ("Halcyon Robotics GmbH", "Halcyon Robotics, Inc.", False),
        ("USD 2,000,000", "usd 2,000,000", True),
        ("USD 2,000,000", "USD 5,000,000", False),
        ("3 years", "3 Years", True),
        ("3 years", "36 months", False),
        ("Customer shall provide Provider with safe and timely access to the Sites",
         "2.4 Customer Responsibilities. Customer shall provide Provider with safe and timely access to the Sites, ...",
         True),
        ("2017-03-14", "2017-03-16", False),
    ],
)  # fmt: skip
def test_values_match(gold: str, answer: str, expected: bool) -> None:
    assert values_match(gold, answer) is expected


@pytest.mark.parametrize(
    ("value", "text", "expected"),
    [
        ("2017-03-14", "on March 14, 2017.", True),
        ("2017-03-14", "on March 14, 2018.", False),
        ("USD 2,000,000", "TWO MILLION DOLLARS ($2,000,000).", True),
        ("40%", "Maria Okafor Common 4,000,000 40.0%", True),
        ("40%", "approximately 38% of", False),
        ("30 days", "within thirty (30) days after", True),
        ("30 days", "within thirty (30) months", False),
        ("Maria Okafor", "Okafor shall serve as Chief Executive Officer", True),
        ("Halcyon Robotics GmbH", "Halcyon Robotics, Inc.", False),
        ("Delaware", "the laws of the State of Delaware", True),
        # A jurisdiction cited by a form the gold's normalization folds into the value.
        ("China", "construed under the laws of the PRC.", True),
        ("China", "governed by the laws of Hong Kong", False),
    ],
)
def test_value_in_text(value: str, text: str, expected: bool) -> None:
    assert value_in_text(value, text) is expected


def test_score_bindings() -> None:
    perfect = score_bindings(GOLD_BINDINGS, GOLD_BINDINGS)
    assert perfect["precision"] == 1.0 and perfect["recall"] == 1.0
    predicted = [b for b in GOLD_BINDINGS if b["role"] != "director"]
    predicted.append(
        {
            "subject_name": "Alan Brooks",
            "role": "founder",
            "parent_name": "Northgate Logistics, Inc.",
        }
    )
    predicted.append({"subject_name": "Somebody", "role": "unscored_role", "parent_name": "X"})
    partial = score_bindings(predicted, GOLD_BINDINGS)
    assert partial["recall"] < 1.0 and partial["precision"] < 1.0
    directors = {(b["subject"], b["parent"]) for b in GOLD_BINDINGS if b["role"] == "director"}
    # the unscored role is ignored; the false founder is counted
    assert partial["predicted"] == perfect["predicted"] - len(directors) + 1
    assert partial["recall"] == pytest.approx(1 - len(directors) / perfect["gold"])
    # a subsidiary binding and its inverse parent_company binding are one fact
    inverse = [
        {"subject": b["parent"], "role": "parent_company", "parent": b["subject"]}
        for b in GOLD_BINDINGS
        if b["role"] == "subsidiary"
    ]
    only_subsidiaries = score_bindings(
        inverse, [b for b in GOLD_BINDINGS if b["role"] == "subsidiary"]
    )
    assert only_subsidiaries["precision"] == 1.0 and only_subsidiaries["recall"] == 1.0


# --- CUAD and FinanceBench helpers -----------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "canonical"),
    [
        ("Delaware", "Delaware"),
        ("the laws of the State of New York", "New York"),
        ("California, USA", "California"),
        ("Commonwealth of Pennsylvania", "Pennsylvania"),
        ("People's Republic of China", "China"),
        ("Federal Republic of Germany", "Germany"),
        ("England", "England and Wales"),
    ],
)
def test_canonical_jurisdiction(raw: str, canonical: str) -> None:
    assert canonical_jurisdiction(raw) == canonical


def _clause_row(pdf: str, title: str, parties: str, law: str) -> dict[str, str]:
    return {"pdf": pdf, "Document Name (answer)": title, "Parties (answer)": parties,
            "Governing Law (answer)": law}  # fmt: skip


def test_cuad_questions_on_a_small_file(tmp_path: Path) -> None:
    rows = [
        _clause_row("a.pdf", "SUPPLY AGREEMENT", 'Acme Corp. ("Acme"); Beta LLC ("Beta")', "New York"),
        _clause_row("b.pdf", "Services Agreement", 'Gamma Inc. ("Gamma"); Delta Ltd. ("Delta")', "California, USA"),
        _clause_row("c.pdf", "License", 'Acme Corp.; Gamma Inc.', "Delaware"),
        _clause_row("d.pdf", "Redacted", 'Eps Inc.; Zeta Inc.', "[* * *]"),
        _clause_row("e.pdf", "One party", 'Eta Inc. ("Company"); (the "Parties")', "Texas"),
    ]  # fmt: skip
    path = tmp_path / "clauses.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    qs = cuad_questions(path)
    base = [q for q in qs if not q["id"].endswith("-swapped")]
    assert [q["expected"]["values"] for q in base] == [["New York"], ["California"], ["Delaware"]]
    assert (
        base[0]["question"]
        == "What is the governing law of the Supply Agreement between Acme Corp. and Beta LLC?"
    )
    assert base[0]["expected"]["pages"] == [{"document": "a.pdf", "page": None}]
    swapped = {q["id"]: q for q in qs if q["id"].endswith("-swapped")}
    # Acme + Gamma do have an agreement (c.pdf): never offered as a swapped pair
    for q in swapped.values():
        assert q["expected"]["terminal_state"] == "SUBJECT_NOT_FOUND"
        assert not ("Acme" in q["question"] and "Gamma" in q["question"])
    assert (
        "cuad-001-swapped" not in swapped
    )  # Acme's only candidate partner (Gamma) contracts with it


@pytest.mark.skipif(not CUAD_CLAUSES.exists(), reason="shared CUAD data not present")
def test_cuad_questions_on_the_real_clauses() -> None:
    qs = cuad_questions(CUAD_CLAUSES)
    base = [q for q in qs if q["expected"]["terminal_state"] == "CONCLUDED"]
    swapped = [q for q in qs if q["expected"]["terminal_state"] == "SUBJECT_NOT_FOUND"]
    assert len(base) >= 40 and len(swapped) >= 0.9 * len(base)
    assert all(q["expected"]["values"] for q in base)
    assert all("*" not in v and "[" not in v for q in base for v in q["expected"]["values"])
    assert len({q["id"] for q in qs}) == len(qs)
    assert cuad_questions(CUAD_CLAUSES) == qs  # deterministic


def _fb_file(tmp_path: Path) -> Path:
    rows = [
        {"financebench_id": "a", "doc_name": "ACME_2020_10K", "question": "q1",
         "evidence": [{"doc_name": "ACME_2020_10K", "evidence_page_num": 9}]},
        {"financebench_id": "b", "doc_name": "BETA_2021_10K", "question": "q2",
         "evidence": [{"doc_name": "BETA_2021_10K", "evidence_page_num": 0},
                      {"doc_name": "BETA_2021_10K", "evidence_page_num": 4}]},
    ]  # fmt: skip
    path = tmp_path / "questions.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_financebench_recall(tmp_path: Path) -> None:
    path = _fb_file(tmp_path)
    answers = {
        "q1": [("acme_2020_10k.pdf", 3)] * 3 + [("ACME_2020_10K.pdf", 10)],  # 0-based 9 -> page 10
        "q2": [("BETA_2021_10K", 1)] + [("X", i) for i in range(1, 12)] + [("BETA_2021_10K", 5)],
    }
    out = financebench_recall(lambda q: answers[q], path)
    assert out["questions"] == 2
    assert out["recall@5"] == pytest.approx((1.0 + 0.5) / 2)
    assert out["hit@5"] == 1.0
    assert out["recall@10"] == pytest.approx(0.75)
    none = financebench_recall(lambda q: [], path)
    assert none["recall@10"] == 0.0


@pytest.mark.skipif(
    not FINANCEBENCH_QUESTIONS.exists(), reason="shared FinanceBench data not present"
)
def test_financebench_recall_oracle_on_the_real_questions() -> None:
    rows = load_jsonl(FINANCEBENCH_QUESTIONS)
    gold = {
        r["question"]: [
            (ev["doc_name"] + ".pdf", ev["evidence_page_num"] + 1) for ev in r["evidence"]
        ]
        for r in rows
    }
    out = financebench_recall(lambda q: gold[q], FINANCEBENCH_QUESTIONS)
    assert out["questions"] >= 50 and out["recall@5"] == 1.0


def test_agreements_right_counts_values_not_citations() -> None:
    questions = [
        {"id": "a", "trap": None},
        {"id": "b", "trap": None},
        {"id": "c", "trap": None},
        {"id": "a-swapped", "trap": "swapped_party"},
    ]
    report = {
        "failures": [
            {"id": "b", "problems": ["citation not exact for 'Ohio'"]},
            {"id": "c", "problems": ["false refusal", "missed ['Ohio']"]},
            {"id": "a-swapped", "problems": ["hard answer"]},
        ]
    }
    assert agreements_right(report, questions) == (
        "governing law right for 2/3 agreements (66.7%, target >= 90%); swapped parties refused 0/1"
    )
