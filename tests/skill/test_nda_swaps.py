"""NDA sentences that swapped holds and does-not (issue 34, the ContractNLI bench's
development half, counted by class):

- a liability for a disclosure ("will not be liable for the disclosure of any Confidential
  Information which is public") read as forbidding the recipient to share it: it says who
  answers for a disclosure, not whether one may be made;
- the recipient's copies to be marked as the discloser's ("Any copies, which are made, will be
  identified as belonging to the disclosing party and marked confidential") read as the
  discloser's duty to mark what the agreement protects;
- information deemed confidential notwithstanding a marking rule before it ("Notwithstanding
  the foregoing, the components of the System are hereby deemed to be Proprietary
  Information") not read as protecting it unmarked.

Each on generated variants (other party names, lower case, other orders, synonyms), with
controls that keep what the words do say, and end to end on a real PDF."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from domain import lexicon
from tests.pdfs import clauses_pdf
from tests.skill.claim_reading import holds as _holds
from tests.skill.conftest import ingested_runtime

_ENTRIES = {p.name: p for p in lexicon().propositions}
ACTORS = ["The receiving party", "Orrin Tools", "each party", "the Recipient"]


def _variants(sentences: list[str]) -> list[str]:
    """Each sentence as written and in lower case."""
    return [v for s in sentences for v in (s, s.lower())]


# --- a liability for a disclosure -------------------------------------------------------------

LIABILITIES = _variants(
    [
        f"{a} {modal} not be {liable} for the {act} of any Confidential Information which is: "
        "(a) generally made available publicly or to third parties by the disclosing party "
        "without restriction on disclosure;"
        for a, modal in zip(ACTORS, ("will", "shall", "will", "shall"), strict=True)
        for liable, act in (("liable", "disclosure"), ("responsible", "communication"))
    ]
    + [
        "Orrin Tools shall have no liability for any disclosure of information to third "
        "parties, employees or advisors that is already public."
    ]
)


@pytest.mark.parametrize("name", ["sharing_with_advisors", "sharing_with_employees"])
@pytest.mark.parametrize("sentence", LIABILITIES)
def test_a_liability_for_a_disclosure_is_no_prohibition(name: str, sentence: str) -> None:
    assert _holds(name, sentence) is None, sentence


@pytest.mark.parametrize("actor", ACTORS[:2])
@pytest.mark.parametrize(
    ("name", "sentence", "holds"),
    [
        (
            "sharing_with_advisors",
            "{a} may disclose Confidential Information to its advisors.",
            True,
        ),
        (
            "sharing_with_advisors",
            "{a} shall not disclose Confidential Information to its consultants.",
            False,
        ),
        (
            "sharing_with_employees",
            "{a} may disclose the information to its employees who need to know it, and shall be "
            "liable for any breach by them.",
            True,
        ),
    ],
)
def test_sharing_is_still_read(actor: str, name: str, sentence: str, holds: bool) -> None:
    assert _holds(name, sentence.format(a=actor)) is holds


# --- the recipient's copies marked ------------------------------------------------------------

COPIES = _variants(
    [
        f"{which}, which are made, {modal} be identified as belonging to {owner} and marked "
        '"confidential", "proprietary" or with a similar legend.'
        for which, modal in (
            ("Any copies", "will"),
            ("All copies", "shall"),
            ("Such reproductions", "must"),
        )
        for owner in ("the disclosing party", "Brightwater Analytics")
    ]
    + [
        f"{which} made by {a} shall be marked {word} and include all proprietary notices."
        for which, a, word in (
            ("Each copy", "the Recipient", "Confidential"),
            ("Any duplicates", "Orrin Tools", "as proprietary"),
        )
    ]
)


@pytest.mark.parametrize("sentence", COPIES)
def test_copies_to_be_marked_are_no_marking_requirement(sentence: str) -> None:
    assert _holds("marked_as_confidential", sentence) is None, sentence


@pytest.mark.parametrize(
    "sentence",
    _variants(
        [
            "Confidential Information and all copies thereof shall be marked as confidential by "
            "the Disclosing Party.",
            "Proprietary Information shall be marked as proprietary by the Disclosing Party at the "
            "time of disclosure.",
            "Confidential Information means information identified in writing as confidential "
            "at the time of disclosure, and all copies of it.",
        ]
    ),
)
def test_a_marking_requirement_is_still_read(sentence: str) -> None:
    assert _holds("marked_as_confidential", sentence) is True, sentence


# --- deemed confidential notwithstanding ------------------------------------------------------

DEEMED = _variants(
    [
        f"Notwithstanding {rule}, {what} {verb} {deemed} {kind} Information and as such are "
        "protected in accordance with the terms of this Agreement."
        for rule, what in (
            ("the foregoing", "the components of the System"),
            ("any marking requirement of Section 2", "all samples and prototypes"),
        )
        for verb, deemed in (("are hereby", "deemed to be"), ("shall be", "considered"))
        for kind in ("Proprietary", "Confidential")
    ]
)


@pytest.mark.parametrize("sentence", DEEMED)
def test_deemed_confidential_notwithstanding_needs_no_marking(sentence: str) -> None:
    assert _holds("marked_as_confidential", sentence) is False, sentence


# --- end to end: a real PDF -------------------------------------------------------------------


def _nda(discloser: str, recipient: str, order: int) -> bytes:
    clauses = [
        f"{recipient} will not be liable for the disclosure of any Confidential Information "
        f"which is: (a) generally made available publicly or to third parties by {discloser} "
        "without restriction on disclosure;",
        "Any copies, which are made, will be identified as belonging to the disclosing party and "
        'marked "confidential", "proprietary" or with a similar legend.',
        "This Agreement shall be governed by the laws of the State of Delaware.",
    ]
    clauses = clauses[order:] + clauses[:order]
    opening = (
        f'This Non-Disclosure Agreement is entered into by {discloser} (the "Discloser") and '
        f'{recipient} (the "Recipient").'
    )
    return clauses_pdf("NON-DISCLOSURE AGREEMENT", [opening, *clauses])


PARTIES = [
    ("Brightwater Analytics, Inc.", "Orrin Tools GmbH"),
    ("Kestrel Labs LLC", "Petrel Ltd."),
]


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "nda-swaps",
        [(f"nda_{i}.pdf", _nda(a, b, i)) for i, (a, b) in enumerate(PARTIES)],
    )


@pytest.mark.parametrize(
    "question",
    [
        "Can the receiving party disclose confidential information to its advisors, consultants "
        "or agents?",
        "Is the receiving party forbidden from giving confidential information to its employees?",
        "Must the disclosing party expressly identify every item of confidential information as "
        "confidential under the NDA?",
        "must the disclosing party mark information as confidential for it to be protected?",
    ],
)
@pytest.mark.parametrize("document", ["nda_0.pdf", "nda_1.pdf"])
def test_an_nda_of_these_sentences_states_neither(
    runtime: Any, question: str, document: str
) -> None:
    ids = {d.name: d.document_id for d in runtime.catalog.list_documents("kb")}
    answer = json.loads(runtime.skill.ask("kb", question, documents=[ids[document]]).to_json())
    text = answer["conclusion"]["answer"] or ""
    assert text.startswith("Not stated in"), text
