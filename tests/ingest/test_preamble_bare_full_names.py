"""A party the preamble names bare, with no legal form ("HEMISPHERX, a Pennsylvania
corporation"), that the document writes in full elsewhere, in its signature block or its
notice address ("HEMISPHERX BIOPHARMA, INC."): the party is bound by its full name, the bare
name its term (party38: main bound "HEMISPHERX", CUAD's Parties annotate "HEMISPHERX
BIOPHARMA, INC"). Generated variants typeset to real PDFs and parsed: capitals or mixed case,
an "&" inside the name, a number in it, the name with no more words than its legal form,
either party first; never a group's or a parent's name ("Kestrel Holdings, Inc."), nor a name
a list's "and" runs into."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind_lines, _parties, _terms

_OTHER = "Quillmark Systems GmbH"

_BODY = [
    "1. Services. The Supplier shall supply the Services to the Customer.",
    "2. Fees. The Customer shall pay the fees set out in Schedule 1.",
    "IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.",
]


def _agreement(bare: str, full_lines: list[str], bare_first: bool) -> list[str]:
    named = f'{bare}, a Delaware corporation ("Supplier")'
    other = f'{_OTHER} ("Customer")'
    first, second = (named, other) if bare_first else (other, named)
    preamble = ["This Agreement is made as of May 1, 2019", f"between {first},", f"and {second}."]
    return [*preamble, *_BODY, *full_lines]


def _signed(full: str) -> list[str]:
    return [full, "By: /s/ Jane Roe", "Name: Jane Roe", "Title: President"]


_COMPLETED = [
    # (the bare name, the full name written elsewhere)
    ("HEMISPHERX", "HEMISPHERX BIOPHARMA, INC."),
    ("Kestrel", "Kestrel Analytics, Inc."),
    ("HARROW & VALE", "HARROW & VALE MEDIA LLC"),
    ("ORVANDI", "ORVANDI 7 LABS LTD."),
    ("Larkspur Speakers", "Larkspur Speakers Ltd"),
]


@pytest.mark.parametrize(("bare", "full"), _COMPLETED)
@pytest.mark.parametrize("bare_first", [True, False])
def test_a_bare_party_name_takes_the_full_name_its_signature_block_writes(
    bare: str, full: str, bare_first: bool
) -> None:
    result = _bind_lines("SERVICES AGREEMENT", _agreement(bare, _signed(full), bare_first))
    assert _parties(result) == {full, _OTHER}
    assert _terms(result).get("Supplier") == full


def test_the_full_name_in_a_notice_address_completes_it_too() -> None:
    notices = ["11. Notices. If to the Supplier:", "Kestrel Analytics, Inc., 12 Elm Road, Reno."]
    result = _bind_lines("SERVICES AGREEMENT", _agreement("KESTREL", notices, True))
    assert _parties(result) == {"Kestrel Analytics, Inc.", _OTHER}


_OTHER_ENTITIES = [
    # what the document also writes, no full name of the party's: a group's or a parent's
    # name, a name after a subsidiary's lead, a list's "and" run into the next name, another
    # party's name run into the bare one
    ["12. Kestrel Holdings, Inc. guarantees what the Supplier owes."],
    ["12. The Supplier is a subsidiary of Kestrel Data, Inc."],
    ["13. Notices go to Kestrel and Beta, Inc. at their offices."],
    # two blocks' heads run together: the other party's name after the bare one
    [f"Kestrel {_OTHER}", "By: /s/ Adam Poe", "Name: Adam Poe"],
]


@pytest.mark.parametrize("elsewhere", _OTHER_ENTITIES)
def test_no_other_entitys_name_completes_a_bare_party_name(elsewhere: list[str]) -> None:
    # were the other entity's name a full name of the party, there would be two, and the
    # party would keep its bare name
    full = "Kestrel Analytics, Inc."
    result = _bind_lines(
        "SERVICES AGREEMENT", _agreement("Kestrel", [*elsewhere, *_signed(full)], True)
    )
    assert _parties(result) == {full, _OTHER}
