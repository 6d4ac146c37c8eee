"""A subsidiary's name never starts across the previous sentence's end nor with a heading
above it (issue 33): "... based in Paris, France. NWHC Logistics, LLC is a wholly owned
subsidiary of ..." binds "NWHC Logistics, LLC", not "France. NWHC Logistics, LLC"; an
"Item 1. Business" heading over the statement is no word of the name. A stop that ends no
sentence (an initial, an abbreviation, a legal form) stays inside the name ("J. Crew Group,
Inc.", "St. Jude Medical, Inc."). Generated over sentence ends, names, statement forms and
headings; the headings typeset to one-page PDFs."""

from __future__ import annotations

import pytest

from ingest import BindingExtractor
from tests.ingest.test_bindings import found, run
from tests.ingest.test_preamble_party_lists import _parser
from tests.pdfs import Line, make_pdf

_OWNER = "Northwind Holdings Corporation"
_ENDS = (
    "Mr. Pierre Lambert is based in Paris, France.",
    "We lease our headquarters in Reno, Nevada.",
    "Sales rose in North America and Europe.",
)
_NAMES = ("NWHC Logistics, LLC", "J. Crew Group, Inc.", "St. Jude Medical, Inc.")
_FORMS = (
    "{name} is a wholly owned subsidiary of {owner}.",
    "{name}, a wholly-owned subsidiary of {owner}, operates our distribution centers.",
)


@pytest.mark.parametrize("end", _ENDS)
@pytest.mark.parametrize("name", _NAMES)
@pytest.mark.parametrize("form", _FORMS)
def test_a_subsidiary_name_never_starts_across_a_sentence_end(
    end: str, name: str, form: str
) -> None:
    result = run([f"{end} {form.format(name=name, owner=_OWNER)}"])
    assert found(result, "subsidiary") == {(name, _OWNER)}


@pytest.mark.parametrize("heading", ["Item 1. Business", "Business", "Overview"])
@pytest.mark.parametrize("name", ["NWHC Logistics, LLC", "Harrow Freight Systems, Inc."])
def test_a_heading_over_a_subsidiary_statement_is_no_word_of_its_name(
    heading: str, name: str
) -> None:
    doc = _parser().run(
        make_pdf(
            [
                [
                    Line("ANNUAL REPORT", size=14, bold=True, x=150),
                    Line(heading, bold=True),
                    Line(f"{name}, a wholly owned subsidiary of {_OWNER}, runs our"),
                    Line("distribution centers in the United States."),
                ]
            ]
        ),
        "a.pdf",
    )
    assert found(BindingExtractor().run(doc), "subsidiary") == {(name, _OWNER)}
