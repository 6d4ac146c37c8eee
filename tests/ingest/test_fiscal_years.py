"""A company's fiscal year end read from its own charter documents (issue 34): bylaws or a
charter that say "The fiscal year of the Corporation shall end on December 31" bind the
month and day to the company the document is by (role `fiscal_year_end`), with its quote; a
counterparty's or an unnamed party's fiscal year binds nothing. Names and wordings are
generated (suffixes, "&", capitals, possessives, word orders): the rule is general."""

from __future__ import annotations

import itertools

import pytest

from tests.ingest.test_bindings import run

_COMPANIES = ("Wrenfield Mills, Inc.", "Osprey & Lane Holdings Corp.", "Tavora Systems LLC")
_TITLES = (
    lambda co: ["AMENDED AND RESTATED BYLAWS", f"OF {co.upper()}"],
    lambda co: [f"BY-LAWS OF {co.upper()}", "ARTICLE I - OFFICES"],
)
# (the statement, the month and day it states); "{c}" is how the text calls the company
_STATEMENTS = (
    ("The fiscal year of {c} shall end on December 31 of each year.", "December 31"),
    ("{c}'s fiscal year shall end on the last day of June.", "June 30"),
    ("The fiscal year of {c} shall begin on July 1 and end on June 30.", "June 30"),
    ("The fiscal year of {c} shall be the calendar year.", "December 31"),
    ("The financial year of {c} shall close on the 30th day of September.", "September 30"),
    ("THE FISCAL YEAR OF {c} SHALL END ON MARCH 31.", "March 31"),
    ("The accounting year of {c} terminates on 31 January in each year.", "January 31"),
)
# a deterministic slice of the product that holds every statement, each way of calling it
_CASES = list(itertools.product(range(len(_TITLES)), _COMPANIES, range(len(_STATEMENTS)), (0, 1)))[
    ::5
]


def _own_body(company: str, calls: int) -> tuple[list[str], str]:
    """The bylaws' first article defining the company's term, and how the text calls it."""
    if calls == 0:
        return [f'The name of the corporation is {company} (the "Corporation").'], "the Corporation"
    return [f"1.1 Offices. The registered office of {company} shall be in Delaware."], company


@pytest.mark.parametrize(("title", "company", "statement", "calls"), _CASES)
def test_bylaws_state_their_companys_fiscal_year_end(
    title: int, company: str, statement: int, calls: int
) -> None:
    body, name = _own_body(company, calls)
    text, day = _STATEMENTS[statement]
    if text.isupper():
        name = name.upper()
    sentence = text.format(c=name)
    if sentence[0].islower():
        sentence = sentence[0].upper() + sentence[1:]
    result = run([*_TITLES[title](company), *body, "ARTICLE VIII - FISCAL YEAR", sentence])
    bound = [b for b in result.bindings if b.role == "fiscal_year_end"]
    owners = {b.subject_key for b in result.bindings if b.role == "registrant"}
    assert [(b.subject_name, b.parent_key in owners) for b in bound] == [(day, True)]
    assert bound[0].quote.endswith(sentence[-20:])


@pytest.mark.parametrize(
    "sentence",
    [
        "The fiscal year of Northgate Logistics, Inc. shall end on June 30.",
        "Each Party's fiscal year shall end on June 30.",
        "The Supplier's fiscal year ends on June 30.",
        "for the fiscal year ended December 31, 2023, revenue was $4 million.",
    ],
)
def test_only_the_documents_own_companys_fiscal_year_is_bound(sentence: str) -> None:
    """Only the document's own company's year: a counterparty's, an unnamed party's, or a
    report's dated year ("fiscal year ended December 31, 2023") is not the company's."""
    lines = [
        *_TITLES[0]("Wrenfield Mills, Inc."),
        'The name of the corporation is Wrenfield Mills, Inc. (the "Corporation").',
        'Tavora Systems GmbH (the "Supplier") supplies the Corporation.',
        sentence,
        "The fiscal year of the Corporation shall end on the last day of September.",
    ]
    bound = [
        (b.subject_name, b.parent_name) for b in run(lines).bindings if b.role == "fiscal_year_end"
    ]
    assert bound == [("September 30", "Wrenfield Mills, Inc.")]
