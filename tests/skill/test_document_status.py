"""Questions about a document's status (issues 33, 34; skill/_status.py): what an amendment
changed, whether a document is signed, which version of an agreement is in force.

The question forms are data (vocabulary.yaml `documents.status_questions`): a generated
cross-product of forms and agreement names (lower case, short names, possessives, "&",
reordered parties) is read as its kind, a deterministic sample of it run here; questions
of an agreement's terms ("Which law governs ...?", "... required to be signed?") are none.
End to end, four real PDFs through the real pipeline: a supply agreement whose signature
blocks have blank "By:" lines, its Amendment No. 1 (recitals, one operative change, an
"except as amended" clause), an amended and restated agreement signed "/s/", and a DRAFT of
it whose signature page is to follow.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from skill import render_answer, status_asked, status_reworded
from tests.pdfs import Line, make_pdf, paragraph
from tests.skill.conftest import concluded, ingested_runtime

_NAMES = (
    "the Acme Beta MSA",
    "amendment no. 2 to the acme & beta services agreement",
    "Acme's supply agreement",
    "the supply agreement between Beta and Acme",
    "the A&R manufacturing agreement",
    "the second amendment",
)
_FORMS: dict[str | None, tuple[str, ...]] = {
    "changes": (
        "What did {a} change?",
        "what does {a} amend",
        "What changed in {a}?",
        "What was changed by {a}?",
        "Which sections did {a} amend?",
        "What are the changes made by {a}?",
        "How did {a} modify the agreement?",
    ),
    "executed": (
        "Is {a} signed?",
        "is {a} executed",
        "Has {a} been signed by both parties?",
        "Was {a} fully executed?",
        "Is {a} a draft?",
        "Is {a} still a draft or final?",
        "Is {a} the final version?",
        "Did both parties sign {a}?",
    ),
    "in_force": (
        "Which version of {a} governs?",
        "which version of {a} is in force",
        "What is the current version of {a}?",
        "Is {a} still in force?",
        "Which copy of {a} is currently in effect?",
    ),
    None: (
        "Which law governs {a}?",
        "What is the term of {a}?",
        "Is {a} governed by New York law?",
        "Who signed {a}?",
        "Is a notice under {a} required to be signed?",
        "Does {a} change the payment terms?",
        "What does {a} say about changes?",
    ),
}
_CASES = [
    (form.format(a=name), kind)
    for kind, forms in _FORMS.items()
    for form, name in itertools.product(forms, _NAMES)
]


# an agreement asked of by its abbreviation, and the terms of it asked with the same verbs
_ABBREVIATED = [
    ("Which NDA between Halcyon and Brightline is in force?", "in_force"),
    ("which msa governs", "in_force"),
    ("Which NDA governs confidentiality?", None),
    ("Which law governs the NDA?", None),
]


@pytest.mark.parametrize(
    ("question", "kind"), [*_CASES[::5], *_ABBREVIATED], ids=lambda x: str(x)[:60]
)
def test_status_forms_are_read_as_their_kind(question: str, kind: str | None) -> None:
    assert status_asked(question) == kind


_PARTIES = (
    "Quillon Dynamics, Inc., a Delaware corporation (\u201cSupplier\u201d), and Marrowfield "
    "Ventures LLC, a Texas limited liability company (\u201cBuyer\u201d)"
)


def _signatures(by: tuple[str, str]) -> list[Line]:
    return [
        Line("QUILLON DYNAMICS, INC."),
        Line(f"By: {by[0]}"),
        Line("Name: Ann Lee"),
        Line("Title: Chief Executive Officer"),
        Line("MARROWFIELD VENTURES LLC"),
        Line(f"By: {by[1]}"),
        Line("Name: Omar Haddad"),
        Line("Title: Manager"),
    ]


def _document(title: str, paragraphs: list[str], tail: list[Line], mark: str = "") -> bytes:
    return make_pdf(
        [
            [
                *([Line(mark, bold=True, x=280)] if mark else []),
                Line(title, size=16, bold=True, x=120),
                *(line for p in paragraphs for line in paragraph(p, gap=14)),
                *tail,
            ]
        ]
    )


_BLANK = ("______________________", "______________________")
_WITNESS = "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date above."


def _base() -> bytes:
    return _document(
        "SUPPLY AGREEMENT",
        [
            f"This Supply Agreement is entered into as of March 1, 2020 by and between {_PARTIES}.",
            "1. Supply. Supplier shall supply the valves described in Schedule 1.",
            "2. Payment. Buyer shall pay each invoice within sixty (60) days of its receipt.",
            "3. Delivery. Supplier shall deliver each order within ten (10) business days.",
            _WITNESS,
        ],
        _signatures(_BLANK),
    )


def _amendment() -> bytes:
    return _document(
        "AMENDMENT NO. 1 TO SUPPLY AGREEMENT",
        [
            f"This Amendment No. 1 is entered into as of June 1, 2021 by and between {_PARTIES}.",
            "RECITALS",
            "A. Supplier and Buyer are parties to that certain Supply Agreement dated as of "
            "March 1, 2020 (the \u201cAgreement\u201d).",
            "B. The parties wish to shorten the delivery times of the Agreement.",
            "1. Delivery. Section 3 of the Agreement is hereby deleted in its entirety and "
            "replaced with the following: Supplier shall deliver each order within five (5) "
            "business days.",
            "2. Effect of Amendment. Except as expressly amended by this Amendment, the "
            "Agreement remains in full force and effect in accordance with its terms.",
            _WITNESS,
        ],
        _signatures(_BLANK),
    )


def _restated(mark: str = "") -> bytes:
    return _document(
        "AMENDED AND RESTATED SUPPLY AGREEMENT",
        [
            "This Amended and Restated Supply Agreement is entered into as of January 10, 2023 "
            f"by and between {_PARTIES}.",
            "Supplier and Buyer are parties to that certain Supply Agreement dated as of March "
            "1, 2020 (the \u201cOriginal Agreement\u201d). This Agreement amends and restates "
            "the Original Agreement in its entirety.",
            "1. Supply. Supplier shall supply the valves described in Schedule 1.",
            "2. Payment. Buyer shall pay each invoice within thirty (30) days of its receipt.",
            _WITNESS,
        ],
        [Line("[Signature page to follow]")]
        if mark
        else _signatures(("/s/ Ann Lee", "/s/ Omar Haddad")),
        mark,
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "document-status",
        [
            ("supply.pdf", _base()),
            ("supply_amendment_1.pdf", _amendment()),
            ("supply_restated.pdf", _restated()),
            ("supply_restated_DRAFT.pdf", _restated("DRAFT")),
        ],
    )


@pytest.mark.slow
def test_an_amendment_s_changes_are_its_operative_provisions(runtime: Any) -> None:
    answer = concluded(
        runtime, "what did amendment no. 1 to the Quillon Marrowfield supply agreement change?"
    )
    text = answer.conclusion.answer or ""
    assert "replaces Section 3" in text, render_answer(answer)
    assert "five (5) business days" in text
    # never its recitals, its "except as amended" clause or its signature page
    assert "wish to shorten" not in text and "full force" not in text and "Ann Lee" not in text
    assert {e.source_location.document for e in answer.evidence} == {"supply_amendment_1.pdf"}


@pytest.mark.slow
def test_the_draft_is_not_signed(runtime: Any) -> None:
    answer = concluded(runtime, "Is the draft supply agreement signed?")
    text = answer.conclusion.answer or ""
    assert text.startswith("No — supply_restated_DRAFT.pdf is marked DRAFT"), text
    assert "signature page is not in it" in text
    assert "unexecuted_document" in answer.risk_signals
    quotes = {e.quote.strip() for e in answer.evidence}
    assert {"DRAFT", "[Signature page to follow]"} <= quotes


@pytest.mark.slow
def test_signature_blocks_say_what_the_copy_shows(runtime: Any) -> None:
    text = concluded(runtime, "Has the Quillon Marrowfield supply agreement been signed?")
    said = text.conclusion.answer or ""
    # blank "By:" lines with printed names: blocks, not proof of a signature
    assert "supply.pdf is not marked as a draft" in said, said
    assert "Ann Lee" in said and "Omar Haddad" in said and "not proof of a signature" in said
    # conformed signatures ("/s/"): signed, and by whom
    assert "Yes — supply_restated.pdf is signed" in said
    assert "supply_amendment_1.pdf" not in said  # an amendment is asked of by itself


@pytest.mark.slow
def test_the_restated_agreement_is_the_one_in_force(runtime: Any) -> None:
    answer = concluded(
        runtime, "Which supply agreement between Marrowfield and Quillon is currently in force?"
    )
    text = answer.conclusion.answer or ""
    assert text.startswith("AMENDED AND RESTATED SUPPLY AGREEMENT (supply_restated.pdf"), text
    assert "amends and restates SUPPLY AGREEMENT (supply.pdf, 2020-03-01) in its entirety" in text
    assert "supply_restated_DRAFT.pdf is an unexecuted draft of the same" in text
    cited = {e.source_location.document for e in answer.evidence}
    assert {"supply.pdf", "supply_restated.pdf", "supply_restated_DRAFT.pdf"} <= cited


@pytest.mark.parametrize(
    ("question", "reworded"),
    [
        (
            "Has the A&R supply agreement been signed?",
            "Has the amended and restated supply agreement been signed?",
        ),
        (
            "which version of the a & r msa governs",
            "which version of the amended and restated msa governs",
        ),
        ("What is the cap under the A&R supply agreement?", ""),  # no status question
    ],
)
def test_a_status_question_s_abbreviations_are_read_in_full(question: str, reworded: str) -> None:
    assert status_reworded(question) == reworded


@pytest.mark.slow
def test_the_title_asked_tells_the_copies_apart(runtime: Any) -> None:
    said = concluded(runtime, "Has the A&R supply agreement been signed by both parties?")
    text = said.conclusion.answer or ""
    assert "Yes — supply_restated.pdf is signed" in text, text
    assert "supply.pdf is not marked" not in text  # the original is not the one asked


@pytest.mark.slow
def test_asked_whether_a_draft_yes_answers_the_draft(runtime: Any) -> None:
    text = concluded(runtime, "is the supply agreement a draft").conclusion.answer or ""
    assert "Yes — supply_restated_DRAFT.pdf is marked DRAFT" in text, text
    assert "No — supply.pdf is not marked as a draft" in text
