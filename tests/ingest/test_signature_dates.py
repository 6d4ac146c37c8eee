"""Signature blocks whose date runs into the "By:" line ("Snowy August Fund I LP / Date: July
16, 2012 By: /s/ Jane Roe / Name: ..."), where the preamble names one party and leaves the
others to the signature pages (bench/parties --misses on CUAD's development contracts), as
generated variants typeset to real PDFs and parsed: names with and without "&", in capitals,
several date spellings, "Date:" or "Dated:". An entity that signs for a party ("By:" on its
own line, then "Acme GP LLC", then "Its: General Partner") is no party of its own."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind_lines, _parties

_PREAMBLE = (
    'THIS SPONSORSHIP AGREEMENT ("Agreement") is entered into by and among Peek Holdings LLC, '
    'a Delaware limited liability company ("Purchaser"), and each other party hereto '
    'identified on the signature page(s) hereto (each, a "Sponsor").'
)

_SPONSORS = [
    ("Snowy August Fund I LP", "Larkspur Value Fund L.P."),
    ("HARROW & VALE CAPITAL LP", "Quillmark Partners, LLC"),
    ("Orvandi Growth Fund, L.P.", "KESTREL MASTER FUND LTD."),
]


def _block(name: str, date: str, said: str, signer: str) -> list[str]:
    return [name, f"{said} {date} By: /s/ {signer}", "Name:", signer, "Title:", "President"]


@pytest.mark.parametrize(("first", "second"), _SPONSORS)
@pytest.mark.parametrize("date", ["July 16, 2012", "7/16/2012", "16 July 2012"])
@pytest.mark.parametrize("said", ["Date:", "Dated:"])
def test_a_date_run_into_the_by_line_keeps_the_block(
    first: str, second: str, date: str, said: str
) -> None:
    lines = [
        _PREAMBLE,
        "1. Commitment. Each Sponsor shall fund its commitment to Purchaser.",
        "IN WITNESS WHEREOF, this Agreement is executed as of the Effective Date.",
        "PURCHASER:",
        *_block("Peek Holdings LLC", date, said, "Adam Poe"),
        "SPONSOR(S):",
        *_block(first, date, said, "Jane Roe"),
        *_block(second, date, said, "John Doe"),
    ]
    assert _parties(_bind_lines("SPONSORSHIP AGREEMENT", lines)) == {
        "Peek Holdings LLC",
        first,
        second,
    }


@pytest.mark.parametrize(("first", "second"), _SPONSORS)
@pytest.mark.parametrize("its", ["Its:", "Its"])
def test_an_entity_that_signs_for_a_party_is_no_party(first: str, second: str, its: str) -> None:
    lines = [
        _PREAMBLE,
        "1. Commitment. Each Sponsor shall fund its commitment to Purchaser.",
        "IN WITNESS WHEREOF, this Agreement is executed as of the Effective Date.",
        "PURCHASER:",
        *_block("Peek Holdings LLC", "July 16, 2012", "Date:", "Adam Poe"),
        "SPONSOR(S):",
        first,
        "By:",
        "Orvandi Fund Management (NY) LLC",
        its,
        "Sole General Partner",
        "Date: July 16, 2012 By: /s/ Jane Roe",
        "Name:",
        "Jane Roe",
        *_block(second, "July 16, 2012", "Date:", "John Doe"),
    ]
    assert _parties(_bind_lines("SPONSORSHIP AGREEMENT", lines)) == {
        "Peek Holdings LLC",
        first,
        second,
    }


@pytest.mark.parametrize(("first", "second"), _SPONSORS)
def test_blocks_that_each_end_in_a_bare_by_line_are_each_a_party(first: str, second: str) -> None:
    """'For and on behalf of Acme Ltd. / By: / For and on behalf of Beta LLC / By:': the name
    after another block's empty "By:" line heads its own block (no "Its:" below it)."""
    lines = [
        "This Agreement is entered into by the parties whose names appear on the signature "
        "pages hereto.",
        "1. Construction. The Parties shall construct the cable system.",
        "IN WITNESS WHEREOF, the Parties have executed this Agreement.",
        "For and on behalf of Peek Holdings LLC",
        "By:",
        f"For and on behalf of {first}",
        "By:",
        f"For and on behalf of {second}",
        "By:",
    ]
    assert _parties(_bind_lines("CONSTRUCTION AGREEMENT", lines)) == {
        "Peek Holdings LLC",
        first,
        second,
    }
