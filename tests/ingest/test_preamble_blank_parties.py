"""A form's preamble that leaves all parties but one blank, each blank with the term it will
go by, far into a document (bench/parties --misses: an escrow agreement's form after the
schedules of the agreement it hangs from, "Between: (1) [-1] ... ("the Owner"); (2) [-4] ...
("the Licensee"); and (3) NCC ESCROW INTERNATIONAL LIMITED ... ("NCC")"), as generated
variants typeset to real PDFs and parsed: blanks as rules or brackets, the named party first
or last, numbered or joined with "and", in capitals or not, "&". A far preamble with no blank
party, or with only a blank date, still binds no lone name."""

from __future__ import annotations

import functools
import textwrap

import pytest

from ingest import BindingExtractor, PdfParser
from tests.pdfs import Line, make_pdf


@functools.cache
def _parser() -> PdfParser:
    return PdfParser(isolate=False)  # in process, as test_preamble_party_lists says


# Two pages of schedules before the form: its preamble starts past the first 6,000 characters.
_FILLER = [
    f"Item {i}: the annual fee for support services of level {i} is set out in the price list."
    for i in range(1, 46)
]


def _parties_of(preamble: str) -> set[str]:
    form = [Line("ESCROW AGREEMENT", size=14, bold=True, x=150)]
    form += [Line(t) for t in textwrap.wrap(preamble, 88)]
    form += [
        Line("It is agreed that:"),
        Line("1. The Owner shall deposit the Material with the agent."),
    ]
    pages = [[Line("SCHEDULE 1", bold=True), *map(Line, _FILLER)], [*map(Line, _FILLER)], form]
    result = BindingExtractor().run(_parser().run(make_pdf(pages), "escrow.pdf"))
    return {b.subject_name for b in result.bindings if b.role == "party"}


_NAMED = [
    ("NCC ESCROW INTERNATIONAL LIMITED", "NCC"),
    ("Harrow & Vale Escrow Services, LLC", "Harrow"),
    ("KESTREL ANALYTICS GMBH", "Kestrel"),
]

_BLANKS = ["[-1]", "____________", "[   ]"]


@pytest.mark.parametrize(("name", "term"), _NAMED)
@pytest.mark.parametrize("blank", _BLANKS)
@pytest.mark.parametrize("named_last", [True, False])
@pytest.mark.parametrize("numbered", [True, False])
def test_the_one_named_party_of_a_form_is_a_party(
    name: str, term: str, blank: str, named_last: bool, numbered: bool
) -> None:
    entries = [
        f'{blank} whose registered office is at {blank} ("the Owner")',
        f'{blank} whose registered office is at {blank} ("the Licensee")',
    ]
    named = f'{name} whose registered office is at 1 Oxford Road, Manchester ("{term}")'
    entries = [*entries, named] if named_last else [named, *entries]
    if numbered:
        listed = "; ".join(f"({k}) {e}" for k, e in enumerate(entries, 1))
    else:
        listed = f"{entries[0]}, {entries[1]} and {entries[2]}"
    preamble = f"This Escrow Agreement is dated {blank} and made between {listed}."
    assert _parties_of(preamble) == {name}


@pytest.mark.parametrize(("name", "term"), _NAMED)
def test_a_far_preamble_with_no_blank_party_binds_no_lone_name(name: str, term: str) -> None:
    preamble = (
        f'This Escrow Agreement is dated 1 May 2019 and made between {name} ("{term}") and'
        " the licensee named in the order."
    )
    assert _parties_of(preamble) == set()


@pytest.mark.parametrize(("name", "term"), _NAMED)
def test_a_blank_date_is_no_blank_party(name: str, term: str) -> None:
    preamble = (
        f'This Escrow Agreement is made this ______ day of ________, 20__, with {name} ("{term}")'
        " as the escrow agent of the licensee named in the order."
    )
    assert _parties_of(preamble) == set()
