"""A document's own company where its title page or dateline says it (issue 33): bound as the
document's `registrant`, so a company's facts are read from its own documents and a third
party's report about it is another author's. Founders bound from a founders' agreement's
collective defined term and from a company's own leadership lines. Names are invented and
varied (suffixes, "&", capitals): the rules are general."""

from __future__ import annotations

import itertools

import pytest

from tests.ingest.test_bindings import found, run

_COMPANIES = ("Wrenfield Mills, Inc.", "Osprey & Lane Holdings Corp.", "Tavora Systems GmbH")
_TITLES = (
    lambda co: [f"{co} - Management Presentation", "- Prepared for prospective investors"],
    lambda co: [f"{co} | Investor Presentation", "Strictly confidential"],
    lambda co: [f"AMENDED AND RESTATED BYLAWS OF {co.upper()}", "ARTICLE I - OFFICES"],
    lambda co: [co.upper(), "MINUTES OF A SPECIAL MEETING OF THE BOARD OF DIRECTORS"],
    lambda co: ["CERTIFICATE OF INCORPORATION", "OF", co.upper(), "ARTICLE I - NAME"],
    lambda co: [
        "FOR IMMEDIATE RELEASE",
        f"LEEDS, May 7, 2024 - {co}, a maker of pumps, today announced a new plant.",
    ],
)
# every title shape with every company, a deterministic slice of the product run here
_CASES = list(itertools.product(range(len(_TITLES)), _COMPANIES))[::2]


@pytest.mark.parametrize(("shape", "company"), _CASES)
def test_a_title_page_names_the_documents_own_company(shape: int, company: str) -> None:
    lines = [*_TITLES[shape](company), "The business was reviewed."]
    keys = {b.subject_key for b in run(lines).bindings if b.role == "registrant"}
    assert len(keys) == 1
    assert next(iter(keys)) == next(
        b.subject_key
        for b in run([f"{company} - Industry Report"]).bindings
        if b.role == "registrant"
    )


# the title shapes that print the company in capitals
_CAPITALS = [(shape, co) for shape, co in itertools.product((2, 3, 4), _COMPANIES)][1::2]


@pytest.mark.parametrize(("shape", "company"), _CAPITALS)
def test_a_title_in_capitals_names_the_company_as_its_text_writes_it(
    shape: int, company: str
) -> None:
    """The author is named as the document's text writes it ("Halcyon Robotics, Inc."), not
    as its title prints it in capitals, so listing the entities keeps the company's name;
    a document that never writes it otherwise keeps the capitals, the key the same."""
    body = f'The name of the corporation is {company} (the "Corporation").'
    written = found(run([*_TITLES[shape](company), body]), "registrant")
    assert written == {(company, None)}
    printed = found(run([*_TITLES[shape](company), "The business was reviewed."]), "registrant")
    assert printed == {(company.upper(), None)}


def test_a_research_firm_is_the_author_of_its_report() -> None:
    lines = [
        "Warehouse Automation Outlook 2024",
        "Tallis Research Partners - Industry Report - March 2024",
        "Wrenfield Mills, Inc. was founded in 2015 by Clara Voss.",
    ]
    assert found(run(lines), "registrant") == {("Tallis Research Partners", None)}


@pytest.mark.parametrize(
    "lines",
    [
        # an agreement's parties are its own: no author over them
        [
            "Wrenfield Mills, Inc. - Supply Agreement",
            "This Supply Agreement is entered into by and between Wrenfield Mills, Inc., a Delaware",
            'corporation ("Supplier"), and Osprey Foods Limited ("Customer").',
        ],
        # a separator line that names no kind of document
        ["Strictly confidential - subject to NDA", "Prepared for investors - Q1 2024"],
    ],
)
def test_no_author_where_the_document_does_not_say_one(lines: list[str]) -> None:
    assert found(run(lines), "registrant") == set()


@pytest.mark.parametrize(
    ("first", "second", "term"),
    [("Maria Okafor", "Tomas Lindgren", "Founders"), ("Jane Roe", "John Doe", "Co-Founders")],
)
def test_a_founders_agreements_collective_term_binds_founders(
    first: str, second: str, term: str
) -> None:
    a, b = first.split()[-1], second.split()[-1]
    lines = [
        "FOUNDERS' AGREEMENT",
        'This Founders\' Agreement (this "Agreement") is entered into as of March 20, 2017 by and',
        f'among Wrenfield Mills, Inc., a Delaware corporation (the "Company"), {first} ("{a}")',
        f'and {second} ("{b}" and, together with {a}, the "{term}" and each a "Founder").',
        "RECITALS",
    ]
    assert found(run(lines), "founder") == {
        (first, "Wrenfield Mills, Inc."),
        (second, "Wrenfield Mills, Inc."),
    }


def test_a_companys_own_leadership_lines_bind_founders_and_officers() -> None:
    lines = [
        "Osprey & Lane Holdings Corp. - Management Presentation",
        "Leadership team",
        "- Ruth Calder - Co-founder and Chief Executive Officer. Dr. Calder holds a Ph.D.",
        "- Ivo Marsh - Chief Financial Officer (joined April 2022)",
    ]
    result = run(lines)
    assert found(result, "founder") == {("Ruth Calder", "Osprey & Lane Holdings Corp.")}
    assert found(result, "ceo") == {("Ruth Calder", "Osprey & Lane Holdings Corp.")}
    assert found(result, "cfo") == {("Ivo Marsh", "Osprey & Lane Holdings Corp.")}
    # the same lines in a document with no author of its own bind nothing
    assert found(run(lines[1:]), "founder") == set()
