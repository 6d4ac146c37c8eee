"""The CUAD yes/no bench (bench/cuad_claims.py): how its phrasings are filled and how a
claim's answer is scored against CUAD's answer for the category."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pymupdf
import pytest

from bench.cuad_claims import (
    PHRASINGS,
    TRAIN,
    agreement_words,
    gold_presence,
    lead_of,
    outcome,
    questions,
    score,
    training_set,
    written_in,
)
from bench.quality import CUAD_CLAUSES, load_jsonl

_PHRASINGS = """
topics:
- topic: anti_assignment
  claim: assignment_without_consent
  gold: [Anti-Assignment]
  phrasings:
  - text: Can {a} assign the {title} with {b} without consent?
    yes_means: absent
  - text: Is {a} prohibited from assigning the {title} without consent?
    yes_means: present
- topic: non_compete
  claim: non_compete
  gold: [Non-Compete]
  phrasings:
  - text: Is {a} restricted from competing with {b}?
    yes_means: present
"""


def _row(pdf: str, assignment: str) -> dict[str, str]:
    return {
        "pdf": pdf,
        "Document Name": "['SUPPLY AGREEMENT']",
        "Document Name (answer)": "SUPPLY AGREEMENT",
        "Parties": f"['{pdf}']",
        "Parties (answer)": 'Acme Robotics, Inc. ("Acme"); Halcyon Systems LLC ("Halcyon")',
        "Anti-Assignment (answer)": assignment,
    }


def _toy(tmp_path: Path) -> list[dict[str, Any]]:
    clauses = tmp_path / "clauses.jsonl"
    clauses.write_text(
        "".join(json.dumps(r) + "\n" for r in (_row("one.pdf", "Yes"), _row("two.pdf", "No")))
    )
    phrasings = tmp_path / "phrasings.yaml"
    phrasings.write_text(_PHRASINGS)
    # cuad-train's labels, keyed as bench.cuad_topics keys them; the second has none
    train = {("['SUPPLY AGREEMENT']", "['one.pdf']"): {"Non-Compete": {"answer": "No"}}}
    return questions(clauses, phrasings, train=train)


def test_phrasings_are_filled_per_agreement_with_cuads_answer(tmp_path: Path) -> None:
    """Each phrasing is filled with the title and the first two parties; the clause is
    present by the clauses.jsonl answer column, else cuad-train's label, else unknown; one
    question asked of two agreements in the same words is scored against both."""
    qs = _toy(tmp_path)
    assert [q["question"] for q in qs[:3]] == [
        "Can Acme Robotics, Inc. assign the Supply Agreement with Halcyon Systems LLC "
        "without consent?",
        "Is Acme Robotics, Inc. prohibited from assigning the Supply Agreement without consent?",
        "Is Acme Robotics, Inc. restricted from competing with Halcyon Systems LLC?",
    ]
    # the two agreements read alike: the assignment clause of the first counts for both, and
    # cuad-train's "no non-compete" of the first for the second, which has no label
    assert [q["present"] for q in qs] == [True, True, False, True, True, False]
    assert gold_presence(_row("three.pdf", "No"), None, ["Non-Compete"]) is None
    assert gold_presence(
        {}, {"Renewal Term": {"answer": "", "spans": "['1 year']"}}, ["Renewal Term"]
    )
    assert [q["yes_means_present"] for q in qs[:3]] == [False, True, True]


def _answer(text: str, decision: str) -> dict[str, Any]:
    return {"conclusion": {"answer": text}, "sufficiency": {"decision": decision}}


def test_a_toy_result_is_scored_by_stance_on_the_category(tmp_path: Path) -> None:
    """A Yes to a phrasing whose Yes means absent is a swap where CUAD has the clause; a Yes
    where CUAD marks the clause absent is the SUPPORTED-where-absent figure; leads other than
    Yes, No and Not stated are counted apart."""
    qs = _toy(tmp_path)
    results = [
        _answer("Yes — either party may assign this Agreement.", "SUPPORTED"),  # swapped
        _answer("Yes, with conditions — shall not assign (conditions: ...)", "SUPPORTED"),
        _answer("Yes — Acme shall not compete.", "SUPPORTED"),  # CUAD: absent
        _answer("Not stated in the SUPPLY AGREEMENT — no sentence ...", "INSUFFICIENT"),
        _answer("The sentences disagree — yes: ...; no: ...", "INSUFFICIENT"),
        {"question_error": "not a question"},
    ]
    report = score(qs, results)
    held = report["all"]
    assert held["questions"] == "6"
    assert held["answered Yes / No / Not stated"] == "66.7% (4/6)"
    assert held["  the sentences disagree"] == "16.7% (1/6)"
    assert held["  other (not a claim's answer) / error"] == "16.7% (1/6)"
    assert held["absent: SUPPORTED (Yes = present phrasings)"] == "50.0% (1/2)"
    assert held["present: right"] == "25.0% (1/4)"
    assert held["present: swapped (said absent)"] == "25.0% (1/4)"
    assert held["present: no stance"] == "50.0% (2/4)"
    assert held["no CUAD answer"] == "0"
    assert report["by_topic"]["non_compete"]["questions"] == "2"


def test_leads_and_the_shipped_phrasings() -> None:
    """The answer's lead is read from its text; the shipped phrasings say what a Yes means."""
    assert lead_of(_answer("No — consent is required", "CONTRADICTED")) == "No"
    assert lead_of(_answer("Not established (yes under ...) — ...", "INSUFFICIENT")) == (
        "not established"
    )
    assert lead_of(_answer("USD 5,000,000", "SUPPORTED")) == "other"
    assert lead_of({"terminal_state": "SUBJECT_NOT_FOUND"}) == "subject not found"
    # a value found is not a yes: only a claim's answer takes a stance on the category
    q = {"yes_means_present": True}
    assert outcome(q, _answer("USD 5,000,000", "SUPPORTED"))["stance"] is None
    assert outcome(q, _answer("No — capped", "CONTRADICTED"))["stance"] is False
    text = PHRASINGS.read_text(encoding="utf-8")
    assert text.count("yes_means:") == text.count("- text:") >= 24


@pytest.mark.parametrize(
    ("text", "mixed"),
    [
        (
            "Not stated in the SUPPLY AGREEMENT — the sentences disagree, nothing arbitrated: "
            "yes: Acme may assign.; no: Acme shall not assign.",
            True,
        ),
        ("Not stated in supply agreement — the sentences disagree: yes: ...; no: ...", True),
        ("Not stated in the SUPPLY AGREEMENT — no sentence found speaks of assigning", False),
        (
            "Not stated in the SUPPLY AGREEMENT — no sentence found; related: the sentences "
            "disagree",
            False,
        ),
    ],
)
def test_a_not_stated_whose_sentences_disagree_is_answered_and_counted_apart(
    text: str, mixed: bool
) -> None:
    """A claim's mixed evidence is a Not stated (answered, no stance), and counted among the
    Not stated whose sentences disagree."""
    q = {"yes_means_present": True, "present": True, "split": "dev", "topic": "t"}
    said = outcome(q, _answer(text, "INSUFFICIENT"))
    assert (said["lead"], said["stance"], said["mixed"]) == ("Not stated", None, mixed)
    dev = score([q], [_answer(text, "INSUFFICIENT")])["dev"]
    assert dev["answered Yes / No / Not stated"] == "100.0% (1/1)"
    assert dev["    of them, the sentences disagree"] == ("100.0% (1/1)" if mixed else "0.0% (0/1)")


# How an agreement may write a name CUAD types as "Halcyon Systems LLC" (kept), and CUAD's
# misspellings of a name the agreement writes (passed over).
_WRITTEN = [
    "Halcyon Systems LLC",
    "HALCYON SYSTEMS L.L.C.",
    "Halcyon\nSystems, LLC",
    "halcyon-systems limited liability company",
]
_MISSPELT = ["Halcyonn Systems LLC", "Halcyon System LLC", "Halycon Systems LLC"]


def _agreement(tmp_path: Path, preamble: str, parties: str) -> list[dict[str, Any]]:
    """One agreement whose PDF (written by PyMuPDF) opens with `preamble`, CUAD's typed
    parties `parties`."""
    (tmp_path / "pdf").mkdir(parents=True)
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), preamble, fontsize=10)
    doc.save(tmp_path / "pdf" / "one.pdf")
    clauses = tmp_path / "clauses.jsonl"
    row = {**_row("one.pdf", "Yes"), "Parties (answer)": parties}
    clauses.write_text(json.dumps(row) + "\n")
    phrasings = tmp_path / "phrasings.yaml"
    phrasings.write_text(_PHRASINGS)
    return questions(clauses, phrasings, train={})


@pytest.mark.parametrize("written", _WRITTEN)
@pytest.mark.parametrize("case", [str, str.upper, str.lower])
def test_a_party_is_asked_by_the_name_the_agreement_writes(
    tmp_path: Path, written: str, case: Any
) -> None:
    """CUAD's name is kept whatever case, line break or spelling of the legal form the
    agreement writes it in."""
    preamble = f"This Agreement is made by {case('Acme Robotics, Inc.')} and {case(written)}."
    qs = _agreement(tmp_path, preamble, "Acme Robotics, Inc.; Halcyon Systems LLC")
    assert qs[0]["question"] == (
        "Can Acme Robotics, Inc. assign the Supply Agreement with Halcyon Systems LLC "
        "without consent?"
    )


@pytest.mark.parametrize("misspelt", _MISSPELT)
def test_a_name_the_agreement_never_writes_is_passed_over(tmp_path: Path, misspelt: str) -> None:
    """A misspelt name of CUAD's answer names no party of the agreement: the next name CUAD
    lists takes its place, and with fewer than two names left the agreement is not asked."""
    preamble = "Agreement between Acme Robotics, Inc.,\nHalcyon Systems LLC and Orbit & Co. GmbH"
    words = agreement_words(tmp_path / "absent.pdf")
    assert words is None and written_in(misspelt, words)  # no PDF to read: nothing to judge
    qs = _agreement(tmp_path, preamble, f"Acme Robotics, Inc.; {misspelt}; Orbit and Co. GmbH")
    assert len(qs) == 3 and not any("Halcy" in q["question"] for q in qs)
    assert qs[0]["question"] == (
        "Can Acme Robotics, Inc. assign the Supply Agreement with Orbit and Co. GmbH "
        "without consent?"
    )
    words = agreement_words(tmp_path / "pdf" / "one.pdf")
    assert not written_in(misspelt, words)
    assert written_in("Halcyon Systems LLC", words) and written_in("orbit & co", words)
    assert _agreement(tmp_path / "two", preamble, f"Acme Robotics, Inc.; {misspelt}") == []


@pytest.mark.skipif(
    not (TRAIN / "annotations.jsonl").exists(), reason="no cuad-train data in ../shared"
)
def test_the_training_set_asks_cuad_train_contracts_by_their_own_labels() -> None:
    """EVRAG_CLAIMS_SET=train: 60 cuad-train contracts whose PDF is not shared (ranks
    151-210 of the sha256 order), each asked with its own labels and the names its text
    writes, split by document into two halves."""
    rows = training_set()
    assert len(rows) == 60 and len({r["text"] for r in rows}) == 60
    assert all(r["labels"] and r["pdf"].endswith(".pdf") for r in rows)
    qs = questions(rows=rows)
    assert {q["split"] for q in qs} == {"dev", "held_out"}
    assert all(q["present"] is not None for q in qs)
    shared = {r["pdf"] for r in load_jsonl(CUAD_CLAUSES)}
    assert not {q["pdf"] for q in qs} & shared
    first = training_set((151, 152))
    assert len(first) == 2 and all(r in rows for r in first)
