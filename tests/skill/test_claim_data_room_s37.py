"""The sample data room's claims, the classes session 36 left open (issue 34, session 37).

1. A company's fiscal year end is read from its own bylaws ("The fiscal year of the
   Corporation shall end on December 31"), so "What is Halcyon's fiscal year end?" has its
   value, cited, and "Is Halcyon's fiscal year end December 31?" a Yes/No from it; a company
   whose documents state none is "Not stated in ..." (an answer is never empty).
2. A claim asked of an agreement named in full with its parties ("the Master Services
   Agreement between Halcyon Robotics and Northgate Logistics") reads the same proposition
   as the short name ("the MSA with Northgate"): the list of parties names the agreement and
   is read out of the claim, so a kind of liability the cap excepts is "No — ... excepted".
3. A claim asked of "the MSA" where two MSAs (different parties) fit asks back "Which
   agreement?", naming each with its parties, date and document, not a verdict; a question
   over any or all of them, or one that names its parties, keeps its verdict.
4. An attribute answer whose candidate passages state no value shows them (short quotes with
   their citations) rather than mentioning quotes it does not show.

Questions are generated variants (short names, lower case, possessives, reordered parties,
the agreement by type word, full name or abbreviation); the data room's answers end to end
are marked slow.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from skill import QuestionKind, SubjectClass, read_claim
from tests.conftest import IngestedKB

_PARTIES = [
    ["Halcyon", "Halcyon Robotics", "Northgate Logistics"],
    ["halcyon", "halcyon robotics, inc.", "northgate logistics, inc."],
    ["Northgate", "Northgate Logistics", "Halcyon Robotics"],
]


@pytest.mark.parametrize(
    ("question", "parties"),
    [
        (
            "Is Halcyon's liability under the Master Services Agreement between Halcyon "
            "Robotics and Northgate Logistics capped for indemnification claims?",
            _PARTIES[0],
        ),
        (
            "is halcyon's liability under the msa by and between halcyon robotics, inc. & "
            "northgate logistics, inc. capped?",
            _PARTIES[1],
        ),
        (
            "Is Northgate's liability under the Master Services Agreement between Northgate "
            "Logistics and Halcyon Robotics limited for indemnity claims?",
            _PARTIES[2],
        ),
        (
            "Is Halcyon's liability under the services agreement, between Halcyon Robotics, "
            "and Northgate Logistics capped for data breaches?",
            _PARTIES[0],
        ),
    ],
)
def test_an_agreement_named_with_its_parties_keeps_the_claim(
    question: str, parties: list[str]
) -> None:
    subject = SubjectClass(
        type="agreement",
        document_type="master_services_agreement",
        constraints={"parties": parties, "yes_no": True},
        kind=QuestionKind.AGREEMENT_ATTRIBUTE,
    )
    claim = read_claim(question, subject)
    assert claim is not None and claim.entry.name == "liability_capped", question


# --- the data room, end to end ----------------------------------------------------------------


@pytest.fixture(scope="module")
def runtime(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield rt


def _ask(runtime: Any, question: str) -> dict[str, Any]:
    return json.loads(runtime.skill.ask("halcyon", question).to_json())  # type: ignore[no-any-return]


def _documents(a: dict[str, Any]) -> set[str]:
    ids = {i for v in a["conclusion"]["values"] for i in v["evidence_ids"]}
    return {e["source_location"]["document"] for e in a["evidence"] if e["evidence_id"] in ids}


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "What is Halcyon's fiscal year end?",
        "what is halcyon robotics' fiscal year-end date?",
        "When does the fiscal year of Halcyon Robotics, Inc. end?",
    ],
)
def test_the_fiscal_year_end_is_read_from_the_companys_bylaws(runtime: Any, question: str) -> None:
    a = _ask(runtime, question)
    assert [v["value"] for v in a["conclusion"]["values"]] == ["December 31"], a["conclusion"]
    assert a["conclusion"]["answer"] == "December 31"
    assert _documents(a) == {"02_Bylaws_Excerpt.pdf"}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "lead"),
    [
        ("Is Halcyon's fiscal year end December 31?", "Yes — "),
        ("does halcyon's fiscal year end on 31 December?", "Yes — "),
        ("Is Halcyon Robotics' fiscal year end June 30?", "No — "),
    ],
)
def test_a_fiscal_year_end_claim_is_judged_on_the_stated_day(
    runtime: Any, question: str, lead: str
) -> None:
    a = _ask(runtime, question)
    assert a["conclusion"]["answer"].startswith(lead), a["conclusion"]
    assert _documents(a) == {"02_Bylaws_Excerpt.pdf"}


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    ["What is Northgate's fiscal year end?", "what is brightline components' fiscal year end?"],
)
def test_an_attribute_nothing_states_is_said_not_stated(runtime: Any, question: str) -> None:
    a = _ask(runtime, question)
    assert a["terminal_state"] == "CONCLUDED"
    assert a["conclusion"]["answer"].startswith("Not stated"), a["conclusion"]
    assert "pages searched" in a["conclusion"]["answer"]
    assert "not_stated" in a["risk_signals"] and not a["sufficient"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Is Halcyon's liability for indemnification claims under the Master Services Agreement "
        "between Halcyon Robotics and Northgate Logistics capped at $5,000,000?",
        "is halcyon's liability for indemnification claims under the msa between northgate "
        "logistics and halcyon robotics capped at $5 million?",
    ],
)
def test_a_cap_asked_of_the_agreement_in_full_reads_its_exceptions(
    runtime: Any, question: str
) -> None:
    a = _ask(runtime, question)
    answer = a["conclusion"]["answer"]
    assert answer.startswith("No — ") and "excepted" in answer, a["conclusion"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Is the governing law of the MSA New York?",
        "is the msa governed by ohio law?",
        "Is the liability cap under the master services agreement $5,000,000?",
    ],
)
def test_a_claim_of_one_of_two_agreements_asks_which(runtime: Any, question: str) -> None:
    a = _ask(runtime, question)
    answer = a["conclusion"]["answer"]
    assert answer.startswith("Which agreement?"), a["conclusion"]
    for named in (
        "18_MSA_Northgate_Ridgeway.pdf",
        "07_Master_Services_Agreement_Halcyon_Northgate.pdf",
        "Ridgeway Freight Systems, LLC",
        "Halcyon Robotics, Inc.",
        "dated ",
    ):
        assert named in answer
    assert a["terminal_state"] == "CONCLUDED" and not a["sufficient"]
    assert "ambiguous_subject" in a["risk_signals"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("picked", "lead", "unpicked"),
    [
        (
            "Is the MSA with Ridgeway governed by Ohio law?",
            "Yes",
            "Is the MSA governed by Ohio law?",
        ),
        ("Does any MSA cap liability?", "", "Does the MSA cap liability?"),
    ],
)
def test_a_claim_that_picks_its_agreement_keeps_its_verdict(
    runtime: Any, picked: str, lead: str, unpicked: str
) -> None:
    """Named by its parties, or asked of any of them: a verdict; the same claim of "the MSA"
    alone asks which."""
    answer = _ask(runtime, picked)["conclusion"]["answer"]
    assert not answer.startswith("Which agreement?") and answer.startswith(lead), answer
    assert _ask(runtime, unpicked)["conclusion"]["answer"].startswith("Which agreement?")


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "What is the renewal term of the NDA with Brightline?",
        "what's the renewal term of the brightline nda?",
    ],
)
def test_candidate_passages_are_shown_where_the_answer_names_them(
    runtime: Any, question: str
) -> None:
    a = _ask(runtime, question)
    answer = a["conclusion"]["answer"]
    assert "candidates" in answer, a["conclusion"]
    assert "“5.1 This Agreement shall remain in effect" in answer
    assert "09_Mutual_NDA_Halcyon_Brightline.pdf, p. 2" in answer
