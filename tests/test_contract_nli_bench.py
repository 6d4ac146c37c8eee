"""The ContractNLI bench's scoring (bench/contract_nli.py): the split, the verdict read from an
answer (negated phrasings swapped), the gold-span check, and the typeset text's findability."""

from __future__ import annotations

from typing import Any

import pymupdf
import pytest

from bench.contract_nli import (
    PHRASINGS,
    Ask,
    answer_lead,
    build_asks,
    chosen_fallback,
    cross_validation_folds,
    load_phrasings,
    outcome,
    score,
    score_cross_validated,
    span_quoted,
    split_documents,
    typeset,
    verdict,
)


def test_the_split_alternates_over_the_documents_sorted_by_id() -> None:
    docs = [{"id": i} for i in (40, 3, 17, 9, 12)]
    assert split_documents(docs) == {
        3: "development",
        9: "held_out",
        12: "development",
        17: "held_out",
        40: "development",
    }


@pytest.mark.parametrize(
    ("decision", "negated", "said"),
    [
        ("SUPPORTED", False, "Entailment"),
        ("CONTRADICTED", False, "Contradiction"),
        ("INSUFFICIENT", False, "NotMentioned"),
        ("SUBJECT_NOT_FOUND", False, "NotMentioned"),
        ("ERROR", False, "NotMentioned"),
        # "May the recipient reverse engineer ...?" answered No: the claim holds
        ("SUPPORTED", True, "Contradiction"),
        ("CONTRADICTED", True, "Entailment"),
        ("INSUFFICIENT", True, "NotMentioned"),
        ("SUBJECT_NOT_FOUND", True, "NotMentioned"),
    ],
)
def test_the_verdict_swaps_holds_and_does_not_for_a_negated_phrasing(
    decision: str, negated: bool, said: str
) -> None:
    assert verdict(decision, negated) == said


SPAN = (
    "Recipient shall not reverse engineer, decompile or disassemble any  Confidential Information."
)


def _answer(decision: str, quote: str, *, text: str = "Yes — ...") -> dict[str, Any]:
    side = {"SUPPORTED": "support", "CONTRADICTED": "contradiction"}[decision]
    return {
        "terminal_state": "CONCLUDED",
        "conclusion": {"answer": text, "values": []},
        "evidence": [
            {"evidence_id": "e1", "quote": "The parties shall meet monthly."},
            {"evidence_id": "e2", "quote": quote},
        ],
        "sufficiency": {
            "decision": decision,
            "resolution_details": {side: {"evidence_ids": ["e2"]}},
        },
    }


def _ask(gold: str, negated: bool = False, spans: tuple[str, ...] = (SPAN,)) -> Ask:
    return Ask(1, "development", "nda-11", 1, "Q?", negated, gold, spans)  # type: ignore[arg-type]


def test_the_deciding_quote_is_matched_to_a_gold_span_by_its_first_40_characters() -> None:
    # the PDF's text: other line breaks, straight quotes, a longer sentence around the span
    quote = "6. Recipient shall not reverse\nengineer, decompile or disassemble any Confidential Information, nor ..."
    right = outcome(_ask("Entailment"), _answer("SUPPORTED", quote))
    assert right["right"] and right["span_quoted"] is True
    # the quote is a part of the span: its own first 40 characters are found in the span
    assert span_quoted(["decompile or disassemble any Confidential Information"], [SPAN])
    # only the deciding evidence counts, not every evidence unit of the answer
    elsewhere = _answer("SUPPORTED", "The parties shall meet monthly.")
    assert outcome(_ask("Entailment"), elsewhere)["span_quoted"] is False
    # the negated phrasing answered No decides the same claim with the contradiction side
    negated = outcome(_ask("Entailment", negated=True), _answer("CONTRADICTED", quote))
    assert negated["verdict"] == "Entailment" and negated["span_quoted"] is True


def test_swaps_accuracy_and_answer_leads_are_counted_per_half() -> None:
    rows = [
        outcome(_ask("Entailment"), _answer("SUPPORTED", SPAN, text="Yes — it is.")),
        outcome(_ask("Entailment"), _answer("CONTRADICTED", SPAN, text="No — it is not.")),
        outcome(_ask("NotMentioned", spans=()), {"error": "SubjectClassError: no subject"}),
        outcome(_ask("Contradiction"), _answer("SUPPORTED", SPAN, text="None of them.")),
    ]
    report = score(rows)["development"]
    assert report["accuracy"] == {"rate": 0.5, "n": 2, "of": 4}
    assert report["swaps"] == {"rate": 0.6667, "n": 2, "of": 3}
    assert report["gold_span_quoted"] == {"rate": 1.0, "n": 1, "of": 1}
    assert report["majority_baseline"] == {"rate": 0.5, "n": 2, "of": 4}
    # "None" is not "No"
    assert report["yes_no_not_stated"] == {"rate": 0.5, "n": 2, "of": 4}
    assert answer_lead({"conclusion": {"answer": "Not stated in the NDA — ..."}}) == "Not stated"
    assert score(rows)["held_out"]["asks"] == 0


def test_cross_validation_deals_the_documents_into_folds_of_one_size() -> None:
    folds = cross_validation_folds([9, 3, 81, 7, 5, 11, 2], 5)
    assert folds == {2: 0, 3: 1, 5: 2, 7: 3, 9: 4, 11: 0, 81: 1}


def _cv_row(fold: int, hypothesis: str, gold: str, said: str) -> dict[str, Any]:
    return {
        "fold": fold,
        "split": "cross_validated",
        "document": fold,
        "hypothesis": hypothesis,
        "gold": gold,
        "verdict": said,
        "decision": "INSUFFICIENT",
        "right": gold == said,
        "lead": None,
        "span_quoted": None,
    }


def test_the_prior_where_not_stated_is_the_other_folds_majority_chosen_without_the_fold() -> None:
    # nda-5: mostly Entailment and mostly answered "not stated", the prior helps in every fold;
    # nda-11: mostly NotMentioned, its prior is what "not stated" already says
    rows = [
        _cv_row(k, "nda-5", gold, said)
        for k in range(3)
        for gold, said in (("Entailment", "NotMentioned"), ("Entailment", "NotMentioned"))
    ] + [_cv_row(k, "nda-11", "NotMentioned", "NotMentioned") for k in range(3)]
    assert chosen_fallback(rows) == ["Entailment"] * 6 + ["NotMentioned"] * 3
    report = score_cross_validated(rows)
    assert report["accuracy"] == {"rate": 0.3333, "n": 3, "of": 9}
    assert report["prior_where_not_stated"] == {"rate": 1.0, "n": 9, "of": 9}
    assert report["prior_where_not_stated_chosen"] == {"rate": 1.0, "n": 9, "of": 9}
    assert report["folds"]["0"] == {"rate": 0.3333, "n": 1, "of": 3}


def test_a_prior_that_helps_only_its_own_fold_is_not_chosen() -> None:
    # the one Entailment document is in fold 0: the other folds' majority is NotMentioned
    rows = [
        _cv_row(0, "nda-5", "Entailment", "NotMentioned"),
        _cv_row(1, "nda-5", "NotMentioned", "NotMentioned"),
        _cv_row(2, "nda-5", "NotMentioned", "NotMentioned"),
    ]
    assert chosen_fallback(rows) == ["NotMentioned"] * 3


def test_the_fold_being_decided_lends_no_labels_to_the_other_folds_priors() -> None:
    # fold 0's three Entailment documents would make the majority Entailment in the priors its
    # choice is judged with; without them fold 1's prior is fold 2's NotMentioned, no gain
    rows = (
        [_cv_row(0, "nda-5", "Entailment", "NotMentioned")] * 3
        + [_cv_row(1, "nda-5", "Entailment", "NotMentioned")] * 2
        + [_cv_row(2, "nda-5", "NotMentioned", "NotMentioned")]
    )
    assert chosen_fallback(rows) == ["NotMentioned"] * 5 + ["Entailment"]


def test_every_hypothesis_has_three_phrasings_one_negated_and_asks_follow_the_split() -> None:
    phrasings = load_phrasings(PHRASINGS)
    assert len(phrasings) == 17
    assert all(len(ps) == 3 and any(p["negated"] for p in ps) for ps in phrasings.values())
    text = "1. Confidentiality\nThe Recipient shall not disclose it.\nSurvival applies."
    data = {
        "documents": [
            {
                "id": i,
                "text": text,
                "spans": [[0, 18], [19, 55]],
                "annotation_sets": [
                    {"annotations": {"nda-11": {"choice": "Entailment", "spans": [1]}}}
                ],
            }
            for i in (7, 3)
        ]
    }
    asks = build_asks(data, phrasings, hypotheses=["nda-11"], limit_docs=1)
    assert [(a.document, a.split, a.phrasing) for a in asks] == [
        (3, "development", 1),
        (3, "development", 2),
        (3, "development", 3),
    ]
    assert asks[0].spans == ("The Recipient shall not disclose it.",)


def test_a_typeset_span_is_found_in_the_pdfs_text() -> None:
    """Gold spans are matched to quotes by text: the typeset PDF keeps the words, the
    numbered captions and (as plain marks) the curly quotes and ellipses of the text."""
    long = "The Receiving Party shall keep the “Confidential Information” secret. " * 30
    text = f"NON-DISCLOSURE AGREEMENT\n1. Definitions\n{long}\nDated …………\n" * 6
    data = typeset(text)
    assert data == typeset(text)  # the same text, the same bytes
    doc = pymupdf.open(stream=data, filetype="pdf")
    assert len(doc) > 1
    words = " ".join("".join(str(page.get_text()) for page in doc.pages()).split())
    assert " ".join(long.split()).replace("“", '"').replace("”", '"') in words
    assert "1. Definitions" in words and "Dated ......" in words
