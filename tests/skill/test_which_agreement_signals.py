"""The "Which agreement?" step reads the answer's signals and links the parties.

1. An agreement is silent on a claim where its answer carries the signal `not_stated` (and no
   `conflicting_evidence`), whatever the words of its text: a reworded or localized lead
   ("Nothing in ...", "Nicht angegeben ...") is silence all the same, and a text that opens
   "Not stated" without the signal (not established, sentences that disagree) is none.
2. The parties a question names are linked as the question reader links names
   (`skill.linking`) over the candidate agreements' parties, never by their first word: two
   parties sharing a first word ("Federated Investors" / "Federated Hermes", "Smith & Wesson"
   / "Smith Barney", "Halcyon Robotics" / "Halcyon Field Services") are told apart by the
   words that tell them apart, in any case, with "&" or "and", possessive, short names, the
   parties in either order; and the agreements' pair labels name each party so.

Pure answers built from CONTRACT.md's shape (no knowledge base); the candidates' answers
asked alone are given by `ask_of`, as the skill's wrapper gives them.
"""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from skill import Answer, which_agreement

_TITLE = "MASTER SERVICES AGREEMENT"


def _location(document: str) -> dict[str, Any]:
    return {
        "document": document,
        "document_id": document.removesuffix(".pdf"),
        "page": 1,
        "line_start": 1,
        "line_end": 1,
        "char_start": 0,
        "char_end": 10,
    }


def _candidate(document: str, *parties: str) -> dict[str, Any]:
    return {
        "subject_id": f"agreement:{document}",
        "name": _TITLE,
        "class_attributes": {"type": "agreement", "parties": list(parties)},
        "parent_entity_binding": None,
        "source_location": _location(document),
    }


def _answer(
    question: str,
    candidates: list[dict[str, Any]],
    text: str,
    signals: list[str],
    *,
    document: str | None = None,
) -> Answer:
    """A claim's answer: `text` its conclusion, `signals` its risk signals; where `document`
    is given, a "yes" sentence of it cited as the value."""
    evidence = []
    values = []
    if document is not None:
        evidence = [
            {
                "evidence_id": f"ev-{document}",
                "subject_id": f"agreement:{document}",
                "claim_id": "claim:x",
                "value": "yes",
                "quote": "The quoted sentence.",
                "source_location": _location(document),
                "source_type": "contract",
                "observed_at": None,
                "independence_group": document,
                "confidence": 0.9,
            }
        ]
        values = [{"value": "yes", "evidence_ids": [f"ev-{document}"]}]
    return Answer.model_validate(
        {
            "question": question,
            "subject_class": {
                "type": "agreement",
                "document_type": "master_services_agreement",
                "attribute": "claim",
                "constraints": {"claim": "x", "yes_no": True},
                "kind": "yes_no",
            },
            "state_trace": ["INIT"],
            "terminal_state": "CONCLUDED",
            "candidate_subjects": candidates,
            "rejected_candidates": [],
            "evidence": evidence,
            "rejected_evidence": [],
            "conclusion": {"answer": text, "values": values},
            "conflicts": [],
            "confidence": "medium" if document else "low",
            "sufficient": document is not None,
            "risk_signals": signals,
            "suggested_next_actions": [],
            "sufficiency": None,
        }
    )


def _asker(
    question: str, candidates: list[dict[str, Any]], alone: dict[str, Answer]
) -> tuple[Any, list[list[str]]]:
    asked: list[list[str]] = []

    def ask_of(documents: list[str]) -> Answer:
        asked.append(documents)
        return alone[documents[0]]

    return ask_of, asked


# --- 1. silence is the signal, not the wording --------------------------------------------------

_A, _B = "01_MSA_Alpha.pdf", "02_MSA_Beta.pdf"
_CANDIDATES = [
    _candidate(_A, "Halcyon Robotics, Inc.", "Northgate Logistics, Inc."),
    _candidate(_B, "Northgate Logistics, Inc.", "Ridgeway Freight LLC"),
]
_QUESTION = "Is Northgate's liability under the MSA capped?"
_REWORDED = [
    "Nothing in MASTER SERVICES AGREEMENT speaks of the cap",
    "Nicht angegeben in MASTER SERVICES AGREEMENT — kein Satz spricht davon",
    "not stated in master services agreement — no sentence found",
    "Silent: MASTER SERVICES AGREEMENT states no cap",
    "Unstated in MASTER SERVICES AGREEMENT — no sentence found speaks of the cap",
]


@pytest.mark.parametrize(("silent_text", "speaker"), list(product(_REWORDED, [_A, _B])))
def test_a_silent_agreement_is_read_by_its_signal_whatever_its_words(
    silent_text: str, speaker: str
) -> None:
    other = _B if speaker == _A else _A
    alone = {
        speaker: _answer(
            _QUESTION, _CANDIDATES, "Yes — The quoted sentence.", [], document=speaker
        ),
        other: _answer(_QUESTION, _CANDIDATES, silent_text, ["not_stated"]),
    }
    ask_of, _ = _asker(_QUESTION, _CANDIDATES, alone)
    asked = _answer(_QUESTION, _CANDIDATES, "Yes — as read", ["ambiguous_subject"])
    answer = which_agreement(asked, ask_of)
    text = answer.conclusion.answer or ""
    assert text.startswith(f"Yes — under the {_TITLE} ("), text
    assert text.endswith("states nothing of it"), text
    assert not answer.sufficient and "ambiguous_subject" in answer.risk_signals


@pytest.mark.parametrize(
    ("text", "signals"),
    [
        # a lead worded "Not stated" that carries no silence (no `not_stated`): not
        # established, a clause quoted but not read
        ("Not stated in MASTER SERVICES AGREEMENT — below the evidence contract", []),
        (
            "Not stated in MASTER SERVICES AGREEMENT — under the evidence contract",
            ["single_source"],
        ),
        (
            "Not stated in MASTER SERVICES AGREEMENT — the clause quoted is unread",
            ["evidence_rejected"],
        ),
    ],
)
def test_a_not_stated_lead_without_the_signal_is_no_silence(text: str, signals: list[str]) -> None:
    alone = {
        _A: _answer(_QUESTION, _CANDIDATES, "Yes — The quoted sentence.", [], document=_A),
        _B: _answer(_QUESTION, _CANDIDATES, text, signals),
    }
    ask_of, _ = _asker(_QUESTION, _CANDIDATES, alone)
    asked = _answer(_QUESTION, _CANDIDATES, "Yes — as read", ["ambiguous_subject"])
    answer = which_agreement(asked, ask_of)
    assert (answer.conclusion.answer or "").startswith("Which agreement?"), answer.conclusion
    assert not answer.sufficient


# --- 2. parties linked, never by their first word -----------------------------------------------

# (the party both agreements share, the two told apart, the written forms of the second)
_PAIRS = [
    (
        "Northgate Logistics, Inc.",
        ("Federated Investors, Inc.", "Federated Hermes, Inc."),
        ["Federated Hermes", "federated hermes", "FEDERATED HERMES, INC.", "Federated Hermes's"],
    ),
    (
        "Ridgeway Freight LLC",
        ("Smith Barney LLC", "Smith & Wesson Brands, Inc."),
        ["Smith & Wesson", "smith and wesson", "Smith & Wesson Brands'"],
    ),
    (
        "Keystone Commerce Bank, N.A.",
        ("Halcyon Robotics, Inc.", "Halcyon Field Services LLC"),
        ["Halcyon Field", "halcyon field services", "Halcyon Field Services'"],
    ),
]
_SHAPES = [
    "Can {b} assign the MSA with {a}?",
    "Can {a} terminate the MSA without {b} approval?",
]


def _short(name: str) -> str:
    return name.split(",")[0].split()[0]


_PICKS = [
    (shared, pair, form, shape)
    for shared, pair, forms in _PAIRS
    for form, shape in zip(forms, _SHAPES * 2, strict=False)
]


@pytest.mark.parametrize(("shared", "pair", "form", "shape"), _PICKS)
def test_parties_sharing_a_first_word_are_told_apart(
    shared: str, pair: tuple[str, str], form: str, shape: str
) -> None:
    first, second = pair
    candidates = [_candidate(_A, first, shared), _candidate(_B, second, shared)]
    written = form.removesuffix("'s").removesuffix("'") if "{b} approval" not in shape else form
    question = shape.format(a=_short(shared), b=written)
    alone = {
        _A: _answer(question, candidates, "No — The quoted sentence.", [], document=_A),
        _B: _answer(question, candidates, "Yes — The quoted sentence.", [], document=_B),
    }
    ask_of, asked = _asker(question, candidates, alone)
    # the verdict as read over both, each quote of its own agreement: not read from one
    both = _answer(question, candidates, "Yes — as read", ["ambiguous_subject"])
    answer = which_agreement(both, ask_of)
    assert asked == [[_B]], (question, asked)
    assert answer.conclusion.answer == "Yes — The quoted sentence.", answer.conclusion


@pytest.mark.parametrize(("shared", "pair", "forms"), _PAIRS)
def test_the_pair_labels_name_each_party_apart(
    shared: str, pair: tuple[str, str], forms: list[str]
) -> None:
    first, second = pair
    candidates = [_candidate(_A, first, shared), _candidate(_B, shared, second)]
    question = "Is liability under the MSA capped?"
    alone = {
        d: _answer(question, candidates, "Yes — The quoted sentence.", [], document=d)
        for d in (_A, _B)
    }
    ask_of, _ = _asker(question, candidates, alone)
    answer = which_agreement(
        _answer(question, candidates, "Yes — as read", ["ambiguous_subject"]), ask_of
    )
    text = answer.conclusion.answer or ""
    assert text.startswith(f"Yes — under both {_TITLE}s ("), text
    labels = text.split(" (", 1)[1].split("):", 1)[0].split(", ")
    assert len(set(labels)) == 2, labels
    # each party by the words that tell it apart from the other
    told = forms[0].split()[:2] if forms[0].split()[1:2] != ["&"] else forms[0].split()[:3]
    assert " ".join(told) in labels[1], labels
