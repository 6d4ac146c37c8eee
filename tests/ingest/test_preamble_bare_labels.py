"""An agreement with no preamble sentence whose parties are labelled by their roles in capitals
with no colon, a label and a name in capitals a line (bench/parties --misses: a transport
contract's "SENDER SOLANA PETROLEUM EXPLORATION COLOMBIA LIMITED" / "TAX ID ..." / "SHIPPER
ECOPETROL S.A. TAX ID 899.999.068-1"), as generated variants typeset to real PDFs and parsed:
the lexicon's roles, legal forms, "&", an ID field after the name or none, the parties in
either order. One such line, a label that is no role, or prose in capitals binds no one."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind_lines, _parties, _terms

_PAIRS = [
    (("SENDER", "KESTREL PETROLEUM EXPLORATION LIMITED"), ("SHIPPER", "ORVANDI S.A.")),
    (("LICENSOR", "HARROW & VALE MEDIA, LLC"), ("LICENSEE", "LARKSPUR DATA SYSTEMS CORP.")),
    (("SELLER", "QUILLMARK ANALYTICS GMBH"), ("BUYER", "BAYAN TELECOM, INC.")),
]

_HEAD = ["Date Bogota D.C. January 30, 2012", "Contract No. VIT-005-2012"]
_BODY = ["PURPOSE", "Transportation of liquid hydrocarbons through the pipeline."]


@pytest.mark.parametrize(("first", "second"), _PAIRS)
@pytest.mark.parametrize("field", ["", " TAX ID 830.051.027-8"])
@pytest.mark.parametrize("swapped", [False, True])
def test_roles_in_capitals_label_the_parties(
    first: tuple[str, str], second: tuple[str, str], field: str, swapped: bool
) -> None:
    a, b = (second, first) if swapped else (first, second)
    lines = [
        *_HEAD,
        f"{a[0]} {a[1]}{field}",
        "TAX ID 899.999.068-1",
        f"{b[0]} {b[1]}{field}",
        *_BODY,
    ]
    result = _bind_lines("TRANSPORTATION CONTRACT", lines)
    assert _parties(result) == {a[1], b[1]}
    assert _terms(result) == {a[0]: a[1], b[0]: b[1]}


@pytest.mark.parametrize(
    "lines",
    [
        # one labelled line is a field, no list of parties
        ["SENDER KESTREL PETROLEUM EXPLORATION LIMITED", "OPERATOR ORVANDI S.A."][:1],
        # a label that is no contract role
        ["CONTRACT KESTREL PETROLEUM EXPLORATION LIMITED", "NOTICE ORVANDI S.A."],
        # prose in capitals
        [
            "LICENSEE SHALL PAY HARROW & VALE MEDIA, LLC THE FEES SET OUT IN SCHEDULE A",
            "LICENSOR SHALL INDEMNIFY LARKSPUR DATA SYSTEMS CORP. AGAINST ALL CLAIMS",
        ],
    ],
)
def test_no_list_of_labelled_parties_binds_no_one(lines: list[str]) -> None:
    assert _parties(_bind_lines("TRANSPORTATION CONTRACT", [*_HEAD, *lines, *_BODY])) == set()
