"""A reader that took a question in its own words and found nothing gives way to the claim
nearest in meaning (issue 34; skill/_claim_route.py). Two readers took questions before the
router could: a terse query read as a clause attribute ("commitments remaining after
termination", read as the termination rights: "no termination right found", where the
agreement's survival clause says what was asked) and a yes/no question read as a claim of its
own words ("Are we able to let our attorneys ... see ...?": "no sentence found speaks of let
our attorneys", where the NDA lets the recipient share with its advisers). Where that reader
finds nothing and the router is confident, the routed claim is asked; its answer stands only
where it finds what speaks of it. Generated over name forms; controls: the clause absent (the
first answer kept), a reader that found its sentence (not rerouted), a value question."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime
from tests.skill.flour_agreements import haulage_pdf, supply_pdf_with

SUPPLY = supply_pdf_with(
    [
        "1. Supply. Supplier shall sell and deliver the flour described in Schedule A to Buyer "
        "each month.",
        "2. Confidentiality. Buyer shall keep the recipes of Supplier confidential.",
        "3. Survival. Section 2 shall survive the expiration or termination of this Agreement "
        "for five years.",
        "4. Law. This Agreement shall be governed by the laws of the State of Vermont.",
    ],
)
# the same parties' second agreement, with no survival clause
HAULAGE = haulage_pdf()
NDA = clauses_pdf(
    "MUTUAL NON-DISCLOSURE AGREEMENT",
    [
        "This Mutual Non-Disclosure Agreement is entered into by Larkspur Biotech, Inc. (the "
        '"Discloser") and Tamsin Ventures LLC (the "Recipient").',
        "The Recipient may disclose Confidential Information to its attorneys, accountants and "
        "financial advisors who are bound by duties of confidentiality.",
        "The Recipient shall use the Confidential Information solely for the purpose of "
        "evaluating a possible investment in the Discloser.",
        "This Agreement shall be governed by the laws of the State of Delaware.",
    ],
)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "give-way",
        [("supply.pdf", SUPPLY), ("haulage.pdf", HAULAGE), ("nda.pdf", NDA)],
    )


def _decision(answer: Any) -> str | None:
    return (answer.sufficiency or {}).get("decision")


# terse queries of what outlasts the agreement, which the attribute readers take as asking for
# its termination rights
SURVIVING = (
    "duties still binding after termination",
    "commitments remaining after termination",
    "obligations that carry on after termination",
)


@pytest.mark.slow
@pytest.mark.parametrize("asked", SURVIVING)
@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Quarry Hill Mills", "Brantley & Sons"),
        ("Brantley and Sons", "Quarry Hill Mills, Inc."),
        ("Quarry Hill Mills, Inc.", "Brantley & Sons Ltd."),
    ],
)
def test_a_terse_query_read_as_a_clause_attribute_gives_way_to_its_claim(
    runtime: Any, asked: str, a: str, b: str
) -> None:
    answer = runtime.skill.ask("kb", f"{asked} {a} {b}")
    text = answer.conclusion.answer or ""
    assert text.startswith("Yes —") and _decision(answer) == "SUPPORTED", text
    assert answer.subject_class.constraints.get("claim") == "survival", text
    assert all(e.source_location.document == "supply.pdf" for e in answer.evidence), text
    assert any("shall survive the expiration" in (e.quote or "") for e in answer.evidence)


@pytest.mark.slow
@pytest.mark.parametrize("asked", SURVIVING)
@pytest.mark.parametrize("b", ["Orbis Freight", "Orbis Freight LLC"])
def test_where_the_claim_finds_nothing_the_first_answer_stands(
    runtime: Any, asked: str, b: str
) -> None:
    answer = runtime.skill.ask("kb", f"{asked} Quarry Hill {b}")
    text = answer.conclusion.answer or ""
    assert not text.startswith("Yes") and _decision(answer) != "SUPPORTED", text
    assert answer.conclusion.values == [], text
    assert answer.subject_class.constraints.get("claim") is None, text
    assert answer.subject_class.attribute == "termination_right", text


@pytest.mark.slow
@pytest.mark.parametrize("discloser", ["Larkspur", "Larkspur Biotech, Inc.", "LARKSPUR BIOTECH"])
def test_a_question_in_its_own_words_gives_way_to_the_claim_nearest(
    runtime: Any, discloser: str
) -> None:
    question = f"Are we able to let our attorneys and accountants see what {discloser} gives us?"
    answer = runtime.skill.ask("kb", question)
    text = answer.conclusion.answer or ""
    assert text.startswith("Yes —") and _decision(answer) == "SUPPORTED", text
    assert answer.subject_class.constraints.get("claim") == "sharing_with_advisors", text
    assert answer.question == question
    assert any("attorneys, accountants" in (e.quote or "") for e in answer.evidence), text


@pytest.mark.slow
def test_a_question_whose_own_words_find_their_sentence_is_not_rerouted(runtime: Any) -> None:
    answer = runtime.skill.ask("kb", "Must Quarry Hill Mills deliver flour to Brantley & Sons?")
    text = answer.conclusion.answer or ""
    assert text.startswith("Yes —"), text
    assert any("sell and deliver the flour" in (e.quote or "") for e in answer.evidence), text


@pytest.mark.slow
def test_a_value_question_does_not_give_way(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb", "What are the termination rights under the supply agreement with Brantley & Sons?"
    )
    assert answer.subject_class.constraints.get("claim") is None
    assert not (answer.conclusion.answer or "").startswith("Yes")


@pytest.mark.slow
@pytest.mark.parametrize("discloser", ["Larkspur", "Larkspur Biotech, Inc."])
def test_the_party_a_question_says_acts_is_the_routed_claims_actor(
    runtime: Any, discloser: str
) -> None:
    # the recipient's right asked of the discloser: never answered from the recipient's clause
    answer = runtime.skill.ask(
        "kb", f"Can {discloser} let its attorneys and accountants see what Tamsin provides?"
    )
    text = answer.conclusion.answer or ""
    assert (
        not text.startswith("Yes") and (answer.sufficiency or {}).get("decision") != "SUPPORTED"
    ), text
    # the recipient asked the same: its clause answers
    answer = runtime.skill.ask(
        "kb", f"Can Tamsin let its attorneys and accountants see what {discloser} provides?"
    )
    assert (answer.conclusion.answer or "").startswith("Yes —")
    assert answer.subject_class.constraints.get("party") == "Tamsin"


@pytest.mark.slow
@pytest.mark.parametrize(
    "opening", ["Under Delaware law, are we", "Under the laws of Delaware, are we", "Are we"]
)
def test_the_asker_is_no_party_and_a_law_named_is_left_out_of_the_words_routed(
    runtime: Any, opening: str
) -> None:
    question = f"{opening} able to let our attorneys and accountants see what Larkspur gives us?"
    answer = runtime.skill.ask("kb", question)
    assert (answer.conclusion.answer or "").startswith("Yes —"), question
    assert answer.subject_class.constraints.get("claim") == "sharing_with_advisors"
    # "we" asked: whoever the clause binds, never Larkspur named in the question's clause
    assert answer.subject_class.constraints.get("party") in (None, "Tamsin Ventures LLC")
