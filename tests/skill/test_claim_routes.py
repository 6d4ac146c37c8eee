"""A question no reader takes is routed to the claim nearest in meaning (issue 34): a terse
query ("insurance coverage obligations Quarry Hill Mills Brantley & Sons") or a plain one in
words no `asks` pattern names was a topic search ("no <words> clause found") even where the
clause is there. The router (skill/_claim_route.py, skill/route_model/) compares the
question's words, its names left out, with each proposition's examples and with CUAD's clause
categories; a category no proposition lists routes nowhere, so a question of another topic
stays a topic search. Generated over topics, name forms (short names, "&" and "and", lower
case, either order) and question forms; controls: other topics, value questions,
instructions, negations (left to the readers), an unknown party (refused), and the clause
absent (not stated, never Yes)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from retrieval import Embedder
from skill import (
    ROUTE_MODEL_DIR,
    RouteModelError,
    meaning_words,
    parse_subject,
    read_route_model,
    route,
    route_taken,
    routed_claim,
)
from tests.skill.conftest import ingested_runtime
from tests.skill.flour_agreements import haulage_pdf, supply_pdf

A, B = "Quarry Hill Mills, Inc.", "Brantley & Sons Ltd."
_SUBJECT = parse_subject(
    {"type": "agreement", "attribute": "governing_law", "constraints": {"parties": [A, B]}}
)
# the names as a question writes them: in full, short, "and" for "&", lower case
NAMES = [
    (A, B),
    ("Quarry Hill Mills", "Brantley & Sons"),
    ("Quarry Hill", "Brantley and Sons"),
    ("quarry hill mills", "brantley & sons"),
]
# (proposition, questions in words no reader of the proposition takes)
ROUTED = [
    (
        "insurance_required",
        ["{a} insurance coverage obligations", "Does {a} have to carry insurance for {b}?"],
    ),
    ("audit_rights", ["{b} right to inspect {a}'s records"]),
    (
        "minimum_commitment",
        ["minimum purchase volume {a} {b}", "does {a} have to buy a minimum amount from {b}"],
    ),
    ("liquidated_damages", ["early termination fee payable by {a} under its deal with {b}"]),
]
# other topics: the nearest class is a category no proposition lists, or none is near enough
ELSEWHERE = [
    "source code escrow {a} {b}",
    "{a} {b} revenue sharing",
    "warranty period for {a}'s products sold to {b}",
    "Is the agreement between {a} and {b} governed by Texas law?",
    "price increases {a} may charge {b}",
    "payment terms {a} {b}",
]


@pytest.fixture(scope="module")
def model() -> Embedder:
    return Embedder()


def _cases() -> list[tuple[str, str]]:
    return [
        (proposition, form.format(a=a, b=b))
        for proposition, forms in ROUTED
        for form in forms
        for a, b in NAMES
    ]


@pytest.mark.parametrize(("proposition", "question"), _cases())
def test_a_question_in_other_words_is_routed_to_its_claim(
    model: Embedder, proposition: str, question: str
) -> None:
    words = meaning_words(question, _SUBJECT)
    found = route(words, model)
    assert route_taken(found) and found is not None and found.proposition == proposition, (
        question,
        words,
        found,
    )
    claim = routed_claim(proposition, question, _SUBJECT)
    assert claim is not None and claim.entry.name == proposition and not claim.negated, question


@pytest.mark.parametrize("form", ELSEWHERE)
@pytest.mark.parametrize(("a", "b"), NAMES[:2])
def test_a_question_of_another_topic_routes_nowhere(
    model: Embedder, form: str, a: str, b: str
) -> None:
    question = form.format(a=a, b=b)
    found = route(meaning_words(question, _SUBJECT), model)
    assert not route_taken(found), (question, found)


def test_names_are_left_out_of_the_words_read() -> None:
    for a, b in NAMES:
        words = meaning_words(f"{a} insurance coverage obligations to {b}", _SUBJECT).lower()
        assert "quarry" not in words and "brantley" not in words and "insurance" in words, words


@pytest.mark.parametrize(
    "question",
    [
        # a negation the router cannot read: left to the readers
        "Can Quarry Hill go without any insurance cover under its deal with Brantley?",
        "Is Quarry Hill exempt from carrying insurance for Brantley?",
        "Is Quarry Hill free of any duty to insure for Brantley?",
        "Doesn't Quarry Hill have to carry insurance for Brantley?",
        # a value or an instruction asked
        "How much insurance must Quarry Hill carry for Brantley?",
        "List the insurance Quarry Hill must carry for Brantley",
    ],
)
def test_a_negation_a_value_or_an_instruction_is_not_routed(question: str) -> None:
    assert routed_claim("insurance_required", question, _SUBJECT) is None, question


@pytest.mark.parametrize(
    ("question", "proposition"),
    [
        # a consent asked: its owner and polarity are the consent readers'
        (
            "Is Quarry Hill Mills required to get Brantley & Sons' approval before handing the "
            "contract to someone else?",
            "assignment_without_consent",
        ),
        (
            "Does Quarry Hill need Brantley's okay to pass the deal to a buyer?",
            "assignment_without_consent",
        ),
        # a duty asked of a permission: neither the claim nor its negation
        ("Must Quarry Hill Mills hand the contract over to a buyer?", "assignment_without_consent"),
    ],
)
def test_a_consent_or_a_duty_asked_of_a_permission_is_not_routed(
    question: str, proposition: str
) -> None:
    assert routed_claim(proposition, question, _SUBJECT) is None, question


@pytest.mark.parametrize(
    "question",
    [
        "Is Quarry Hill allowed to run a rival business against Brantley?",
        "may quarry hill open a competing shop near brantley",
    ],
)
def test_a_permission_asked_of_a_prohibition_asks_its_negation(question: str) -> None:
    claim = routed_claim("non_compete", question, _SUBJECT)
    assert claim is not None and claim.negated, question


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "claim-routes",
        [("supply.pdf", supply_pdf()), ("haulage.pdf", haulage_pdf())],
    )


# a plain question in words no reader takes, of one party's right over the other's records
ACCOUNTS = "Is there a right for {a} to look at the accounts of {b}?"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Brantley & Sons", "Quarry Hill Mills"),
        ("brantley and sons", "quarry hill"),
        ("Brantley & Sons Ltd.", "Quarry Hill Mills, Inc."),
    ],
)
def test_a_plain_question_routed_is_answered_yes_from_its_clause(
    runtime: Any, a: str, b: str
) -> None:
    answer = runtime.skill.ask("kb", ACCOUNTS.format(a=a, b=b))
    text = answer.conclusion.answer or ""
    assert text.startswith("Yes —") and (answer.sufficiency or {}).get("decision") == "SUPPORTED", (
        text
    )
    assert answer.subject_class.constraints.get("claim") == "audit_rights", text
    assert all(e.source_location.document == "supply.pdf" for e in answer.evidence), text
    assert any("audit the books and records" in (e.quote or "") for e in answer.evidence), text


@pytest.mark.slow
def test_an_absent_clause_routed_is_not_stated(runtime: Any) -> None:
    answer = runtime.skill.ask("kb", ACCOUNTS.format(a="Orbis Freight", b="Quarry Hill Mills"))
    text = answer.conclusion.answer or ""
    assert text.startswith("Not stated in HAULAGE AGREEMENT"), text
    assert (answer.sufficiency or {}).get(
        "decision"
    ) != "SUPPORTED" and answer.conclusion.values == [], text


@pytest.mark.slow
def test_another_topic_stays_a_topic_search(runtime: Any) -> None:
    answer = runtime.skill.ask("kb", "source code escrow Quarry Hill Mills Brantley & Sons")
    text = answer.conclusion.answer or ""
    assert "source code escrow clause found" in text and not text.startswith("Yes"), text
    assert answer.subject_class.constraints.get("claim") is None, text


@pytest.mark.slow
@pytest.mark.parametrize("unknown", ["Tolland Grain", "Brantley Foods"])
def test_an_unknown_party_is_refused_not_routed(runtime: Any, unknown: str) -> None:
    answer = runtime.skill.ask("kb", ACCOUNTS.format(a=unknown, b="Quarry Hill Mills"))
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", (unknown, answer.conclusion.answer)


@pytest.mark.parametrize(
    "breaks",
    ["no model.json", "no classes", "rows for other classes", "a vector, not a matrix"],
)
def test_a_broken_route_model_is_a_route_model_error(tmp_path: Path, breaks: str) -> None:
    folder = tmp_path / breaks.replace(" ", "_").replace(",", "")
    shutil.copytree(ROUTE_MODEL_DIR, folder)
    meta = json.loads((folder / "model.json").read_text("utf-8"))
    if breaks == "no model.json":
        (folder / "model.json").unlink()
    elif breaks == "no classes":
        del meta["classes"]
        (folder / "model.json").write_text(json.dumps(meta), "utf-8")
    elif breaks == "rows for other classes":
        meta["classes"] = meta["classes"][:3]
        (folder / "model.json").write_text(json.dumps(meta), "utf-8")
    else:
        np.save(folder / "vectors.npy", np.zeros(384, dtype=np.float32), allow_pickle=False)
    with pytest.raises(RouteModelError, match=str(folder.name)):
        read_route_model(folder)


def test_the_shipped_route_model_reads() -> None:
    targets, vectors, offsets = read_route_model()
    assert vectors.ndim == 2 and len(targets) == len(vectors) == len(offsets)
    assert "audit_rights" in targets and "~Source Code Escrow" in targets
