"""A claim of "the MSA" where the question fits two agreements (session 37, mend of dr37):
where every candidate agreement, asked alone, gives the same verdict, the answer is that
verdict "under both ...", each agreement named and cited, sufficient only where each is;
where one speaks and the other states nothing, the speaker's verdict, the silent one named;
where the verdicts differ, "Which agreement?" (no verdict). A
question that names both parties, or the actor and its counterparty, fits one agreement and
keeps its own verdict. Generated over the data room's two Northgate MSAs (with Halcyon,
with Ridgeway): same / different verdicts x parties named (one, both, actor + counterparty)
x lower case; the end-to-end answers are marked slow like their neighbours."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import IngestedKB

_HALCYON = "07_Master_Services_Agreement_Halcyon_Northgate.pdf"
_RIDGEWAY = "18_MSA_Northgate_Ridgeway.pdf"


def _lowered(cases: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    return [c for q in cases for c in (q, (q[0].lower(), *q[1:]))]


@pytest.fixture(scope="module")
def runtime(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield rt


def _ask(runtime: Any, question: str) -> dict[str, Any]:
    return json.loads(runtime.skill.ask("halcyon", question).to_json())  # type: ignore[no-any-return]


def _cited(a: dict[str, Any]) -> set[str]:
    """the agreements whose documents the answer's values cite (an amendment is its MSA's)"""
    ids = {i for v in a["conclusion"]["values"] for i in v["evidence_ids"]}
    documents = {e["source_location"]["document"] for e in a["evidence"] if e["evidence_id"] in ids}
    return {_HALCYON if "Halcyon_Northgate" in d else d for d in documents}


# the same verdict under both MSAs: both cap liability
_SAME = _lowered(
    [
        ("Is liability under the Northgate MSA capped?", "Yes"),
        ("Is Northgate's liability under the MSA limited?", "Yes"),
    ]
)


@pytest.mark.slow
@pytest.mark.parametrize(("question", "lead"), _SAME)
def test_the_same_verdict_under_every_agreement_is_given_for_each(
    runtime: Any, question: str, lead: str
) -> None:
    a = _ask(runtime, question)
    answer = a["conclusion"]["answer"]
    assert answer.startswith(f"{lead} — under both MASTER SERVICES AGREEMENTs"), answer
    assert _HALCYON in answer and _RIDGEWAY in answer
    assert _cited(a) == {_HALCYON, _RIDGEWAY}


# verdicts that differ (Ohio law: Yes under Ridgeway's, No under Halcyon's): no verdict,
# the question back
_DIFFERENT = _lowered([("Is the MSA with Northgate governed by Ohio law?",)])


@pytest.mark.slow
@pytest.mark.parametrize(("question",), _DIFFERENT)
def test_different_verdicts_ask_which_agreement(runtime: Any, question: str) -> None:
    a = _ask(runtime, question)
    answer = a["conclusion"]["answer"]
    assert answer.startswith("Which agreement?"), answer
    assert _HALCYON in answer and _RIDGEWAY in answer
    assert not a["sufficient"] and "ambiguous_subject" in a["risk_signals"]


# both parties named, or the actor and its counterparty: one agreement, its own verdict
_ONE = _lowered(
    [
        ("Is the MSA between Northgate and Ridgeway governed by Ohio law?", "Yes", _RIDGEWAY),
        ("Is the MSA between Halcyon and Northgate governed by Ohio law?", "No", _HALCYON),
        ("Can Ridgeway terminate the MSA with Northgate for convenience?", "Yes", _RIDGEWAY),
        ("Can Halcyon assign the MSA with Northgate without consent?", "No", _HALCYON),
        ("Can Northgate assign the MSA without Halcyon's approval?", "No", _HALCYON),
    ]
)


@pytest.mark.slow
@pytest.mark.parametrize(("question", "lead", "document"), _ONE)
def test_a_question_naming_both_parties_fits_one_agreement(
    runtime: Any, question: str, lead: str, document: str
) -> None:
    a = _ask(runtime, question)
    answer = a["conclusion"]["answer"]
    assert answer.startswith(lead) and "under both" not in answer, answer
    assert "ambiguous_subject" not in a["risk_signals"]
    assert _cited(a) == {document}


# one MSA speaks, the other states nothing of it (convenience termination: Ridgeway's only;
# assignment consent: Halcyon's only): the speaker's verdict, the silent agreement named
_ONE_SPEAKS = _lowered(
    [
        ("Can Northgate terminate the MSA for convenience?", "Yes", _RIDGEWAY, _HALCYON),
        ("Is Northgate's consent required to assign the MSA?", "Yes", _HALCYON, _RIDGEWAY),
    ]
)


@pytest.mark.slow
@pytest.mark.parametrize(("question", "lead", "speaker", "silent"), _ONE_SPEAKS)
def test_one_agreement_speaks_the_other_is_named_silent(
    runtime: Any, question: str, lead: str, speaker: str, silent: str
) -> None:
    a = _ask(runtime, question)
    answer = a["conclusion"]["answer"]
    assert answer.startswith(f"{lead} — under the MASTER SERVICES AGREEMENT ("), answer
    assert speaker in answer and answer.endswith("states nothing of it"), answer
    assert _cited(a) == {speaker}
    assert not a["sufficient"] and "ambiguous_subject" in a["risk_signals"]


@pytest.mark.slow
def test_an_agreement_whose_sentences_disagree_is_not_silent(runtime: Any) -> None:
    # One MSA speaks (Yes), the other's sentences disagree: that is no silence, so no verdict
    # is given for it; the question goes back. The data room has no MSA whose sentences
    # disagree on this claim, so the second reading is the real one with its lead and signal
    # set as the claim reader writes a disagreement (skill/_claims.py, yn37).
    from skill import which_agreement

    question = "Is Northgate's consent required to assign the MSA?"
    answer = runtime.skill.ask("halcyon", question)
    assert answer.conclusion.answer.startswith("Yes — under the MASTER SERVICES AGREEMENT (")

    def ask_of(documents: list[str]) -> Any:
        one = runtime.skill.ask("halcyon", question, documents=documents)
        if _RIDGEWAY in documents:
            text = "Not stated in MASTER SERVICES AGREEMENT — the sentences disagree, nothing arbitrated"
            return one.model_copy(
                update={
                    "conclusion": one.conclusion.model_copy(update={"answer": text}),
                    "risk_signals": [*one.risk_signals, "conflicting_evidence"],
                }
            )
        return one

    raw = answer.model_copy(
        update={"conclusion": answer.conclusion.model_copy(update={"answer": "Yes — as read"})}
    )
    asked = which_agreement(raw, ask_of)
    assert asked.conclusion.answer.startswith("Which agreement?"), asked.conclusion.answer
    assert not asked.sufficient
