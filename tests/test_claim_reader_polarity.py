"""The claim reader on three classes of holds <-> does-not swaps (issue 34), each read by the
real reader of the real lexicon on generated variants, no ingest:

- a caption run into its sentence's first clause with no stop ("Third-Party Beneficiaries
  Except as provided in Section 8, this Agreement does not create any third party beneficiary
  rights") was read from the caption's words, its clause taken for an exception (Yes where the
  sentence says No): a caption names a topic and states nothing, a clause reads the same with
  one run into it as alone (title case, capitals, numbered, hyphenated, with "No");
- a predicate joined to a negated one with a modal of its own ("shall not copy the Information
  and shall not reverse engineer") was read under both negations, which cancel;
- a duty to pay, report or know of competing products ("a royalty on Net Sales of Competing
  Products") was read as competing left free.
"""

from __future__ import annotations

import pytest

from domain import lexicon
from skill import Claim, ClauseReader


def _holds(name: str, text: str) -> bool | None:
    entry = next(p for p in lexicon().propositions if p.name == name)
    reading, _ = ClauseReader(Claim(entry=entry, negated=False, actor=None, others=())).read(text)
    return None if reading is None else reading.holds


_TPB_CLAUSES = (
    "Except as expressly provided in Section 8, this Agreement does not create any intended"
    " third party beneficiary rights.",
    "Except as set forth in Article 9, nothing herein creates any third-party beneficiary rights.",
)
_EXCLUSIVE_CLAUSES = (
    "Except as set forth in Section 2.3, the rights granted hereunder are non-exclusive.",
    "The license granted hereunder is non-exclusive.",
    "Except as provided in Section 4, the appointment of the Distributor is non-exclusive.",
)
_CASES = [
    ("third_party_beneficiary", caption, clause)
    for caption in (
        "Third-Party Beneficiaries",
        "THIRD PARTY BENEFICIARIES",
        "14.3 Third Party Beneficiary Rights",
        "Section 9.2 Third Party Beneficiaries",
    )
    for clause in _TPB_CLAUSES
] + [
    ("exclusive", caption, clause)
    for caption in ("Exclusivity", "Exclusive Appointment", "3.1 EXCLUSIVITY")
    for clause in _EXCLUSIVE_CLAUSES
]


@pytest.mark.parametrize(("name", "caption", "clause"), _CASES)
def test_a_caption_run_into_its_clause_is_no_statement(
    name: str, caption: str, clause: str
) -> None:
    alone = _holds(name, clause)
    assert alone is not None
    assert _holds(name, f"{caption} {clause}") is alone


@pytest.mark.parametrize(
    ("name", "caption", "clause", "holds"),
    [
        # a caption that says "No" is no negation of the clause after it
        (
            "third_party_beneficiary",
            "No Third Party Beneficiaries",
            "The Indemnified Persons are intended third party beneficiaries of Section 9.",
            True,
        ),
        # a caption that names the claim makes the clause under it speak of it, as a heading
        # line above it does ("Covenant Not to Compete. During the Term, ...")
        (
            "non_compete",
            "Covenant Not to Compete",
            "During the Term, the Distributor shall not sell any product that competes with"
            " the Products.",
            True,
        ),
        (
            "non_compete",
            "7.2 COVENANT NOT TO COMPETE",
            "During the Term, the Distributor will not market any product that competes with"
            " the Products.",
            True,
        ),
    ],
)
def test_a_run_in_caption_neither_negates_nor_unnames_its_clause(
    name: str, caption: str, clause: str, holds: bool
) -> None:
    assert _holds(name, clause) is holds
    assert _holds(name, f"{caption} {clause}") is holds


# A predicate joined to a negated one by "and" with a modal of its own ("The Recipient shall
# not copy the Information and shall not reverse engineer any samples") was read under both
# negations, which cancel: "may reverse engineer", the opposite of the sentence. The second
# predicate reads as it does alone, whatever the first says, for generated subjects, first
# predicates, joins and modals.
_SECOND = {
    "reverse_engineering": "reverse engineer any samples or prototypes",
    "assignment_without_consent": "assign this Agreement without the other party's consent",
    "non_compete": "sell any product that competes with the Products",
    "non_solicitation": "solicit any employee of the other party",
}
_FIRSTS = (
    "not copy the Confidential Information",
    "not disclose the terms hereof to any third party",
)
_SUBJECTS = ("The Recipient", "Acme", "each party", "Licensee's Affiliates")


@pytest.mark.parametrize(
    ("name", "join", "modal"),
    [
        (name, join, modal)
        for name in _SECOND
        for join, modal in (
            (" and", "shall not"),
            (", and", "will not"),
            (" and", "may not"),
            (", and", "must not"),
            (" and", "may"),
        )
    ],
)
def test_a_negation_of_the_first_predicate_is_not_the_seconds(
    name: str, join: str, modal: str
) -> None:
    for subject in _SUBJECTS:
        alone = _holds(name, f"{subject} {modal} {_SECOND[name]}.")
        assert alone is not None
        for first in _FIRSTS:
            first_modal = "shall" if modal != "shall not" else "will"
            sentence = f"{subject} {first_modal} {first}{join} {modal} {_SECOND[name]}."
            assert _holds(name, sentence) is alone, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        f"{subject} shall {duty} {thing}."
        for subject, duty, thing in (
            (
                "Green Cross",
                "pay to MacroGenics a royalty of 5% on Net Sales of",
                "Competing Products",
            ),
            ("licensee", "pay Licensor a fee for each", "competing product sold in the Territory"),
            ("The Distributor", "report to Acme all sales of", "Competitive Products each quarter"),
            ("Beta", "notify Acme in writing of any", "competing product it launches"),
            ("Acme & Co.", "keep records of its revenues from", "Competing Services"),
            ("the Reseller", "develop knowledge of", "competitive products in the Territory"),
        )
    ],
)
def test_a_payment_or_report_on_competing_products_is_no_restriction_nor_its_absence(
    sentence: str,
) -> None:
    # a duty to pay, report or know of what competes says nothing of a restriction on competing
    assert _holds("non_compete", sentence) is None
    # the restriction itself still reads, beside it or alone
    restriction = "Licensee shall not sell competing products in the Territory."
    assert _holds("non_compete", restriction) is True
    assert _holds("non_compete", f"{sentence[:-1]}; {restriction}") is True


@pytest.mark.parametrize(
    "sentence",
    [
        f"If the {who} is {compelled} to disclose any Confidential Information, {it} {modal} not"
        f" {act} without {first} {notice}."
        for who, compelled, it, modal, act, first, notice in (
            (
                "Recipient",
                "required by law",
                "it",
                "shall",
                "do so",
                "first giving",
                "the Discloser prompt written notice",
            ),
            (
                "receiving party",
                "compelled by a subpoena",
                "it",
                "will",
                "make any disclosure",
                "prior",
                "notice to the Company",
            ),
            (
                "Recipient",
                "required by court order",
                "the Recipient",
                "must",
                "disclose it",
                "first",
                "notifying the Disclosing Party in writing",
            ),
            (
                "Recipient",
                "legally compelled",
                "it",
                "shall",
                "make such disclosure",
                "giving",
                "Beta's counsel reasonable notice",
            ),
        )
    ],
)
def test_no_disclosure_without_notice_owes_the_notice(sentence: str) -> None:
    # "shall not disclose without notice": the notice is owed ("may disclose without notice":
    # none is)
    assert _holds("notice_of_compelled_disclosure", sentence) is True
    allowed = sentence.replace(" not ", " ", 1).replace(" shall ", " may ", 1)
    assert _holds("notice_of_compelled_disclosure", allowed) is False
