"""A company whose name opens with a contract role's word ("PRINCIPAL FINANCIAL GROUP, INC.",
"BANK OF AMERICA, N.A.", "FUND ADMINISTRATION SERVICES LLC"), as generated variants typeset to
real PDFs and parsed: at a signature block's head, and as lines of an agreement with no
preamble sentence, in capitals and mixed case, with other role words and legal forms. The
role word is part of the name there; a role labels a name with no colon only where the rest
is a name of its own (a coined word, or named alone elsewhere) and the line read whole is no
name the document uses elsewhere."""

from __future__ import annotations

import pytest

from domain import lexicon
from tests.ingest.test_preamble_party_lists import _bind, _bind_lines, _parties, _terms

# Names whose first word is a contract role and whose rest is made of words of legal English.
_ROLE_WORD_NAMES = [
    "PRINCIPAL FINANCIAL GROUP, INC.",
    "LENDER PROCESSING SERVICES, INC.",
    "SPONSOR HOLDINGS GROUP LLC",
    "OWNER OPERATOR SERVICES INC.",
    "FUND ADMINISTRATION SERVICES LLC",
    "EXECUTIVE NETWORK PARTNERING CORPORATION",
    "Principal Financial Group, Inc.",
    "Lender Processing Services, Inc.",
    "Fund Administration Services LLC",
]

_WITNESS = "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date above."


def _signed(head: str, other: str, first: bool, mention: str = "") -> tuple[set[str], str | None]:
    """(the parties, the company the CFO who signs under `head` signs for)."""
    blocks = [
        [head, "By: /s/ Jane Roe", "Name: Jane Roe", "Title: Chief Financial Officer"],
        [other, "By: /s/ Adam Poe", "Name: Adam Poe", "Title: President"],
    ]
    lines = [
        "1. Services. The Provider shall provide the Services to the Client.",
        "2. Term. This Agreement runs for one year.",
        *([mention] if mention else []),
        _WITNESS,
        *(blocks[0] + blocks[1] if first else blocks[1] + blocks[0]),
    ]
    result = _bind_lines("SERVICES AGREEMENT", lines)
    cfo = [b.parent_name for b in result.bindings if b.role == "cfo"]
    return _parties(result), cfo[0] if len(cfo) == 1 else None


@pytest.mark.parametrize("name", _ROLE_WORD_NAMES)
@pytest.mark.parametrize("first", [True, False])
def test_a_head_whose_name_opens_with_a_role_word_keeps_it(name: str, first: bool) -> None:
    parties, cfo_of = _signed(name, "KESTREL ANALYTICS LLC", first)
    assert (parties, cfo_of) == ({name, "KESTREL ANALYTICS LLC"}, name)


@pytest.mark.parametrize(
    "name", ["RESELLER MTI TECHNOLOGY CORPORATION", "LENDER ORVANDI CAPITAL LLC"]
)
def test_a_role_before_a_coined_name_still_labels_it(name: str) -> None:
    rest = name.split(" ", 1)[1]
    parties, cfo_of = _signed(name, "KESTREL ANALYTICS LLC", True)
    assert cfo_of == rest and rest in parties


@pytest.mark.parametrize(
    ("head", "mention", "party"),
    [
        # the rest named alone elsewhere: the role labels it
        (
            "SPONSOR FINANCIAL GROUP, INC.",
            "3. Notices. Notices to Financial Group, Inc. go to its offices.",
            "FINANCIAL GROUP, INC.",
        ),
        # the line read whole named elsewhere, though its rest is a coined name
        (
            "LENDER QUILLMARK SERVICES LLC",
            "3. Notices. Notices to Lender Quillmark Services LLC go to its offices.",
            "LENDER QUILLMARK SERVICES LLC",
        ),
    ],
)
def test_the_document_says_which_is_the_name(head: str, mention: str, party: str) -> None:
    parties, cfo_of = _signed(head, "KESTREL ANALYTICS LLC", True, mention)
    assert cfo_of == party and party in parties


_HEAD = ["Date Bogota D.C. January 30, 2012", "Contract No. VIT-005-2012"]
_BODY = ["PURPOSE", "Transportation of liquid hydrocarbons through the pipeline."]


@pytest.mark.parametrize(
    "lines",
    [
        ["BANK OF AMERICA, N.A.", "FUND ADMINISTRATION SERVICES LLC"],
        ["BANK OF NEW YORK MELLON CORPORATION", "BANK OF MONTREAL LIMITED"],
        ["LENDER PROCESSING SERVICES, INC.", "SPONSOR HOLDINGS GROUP LLC"],
        ["BANK AND TRUST COMPANY OF OHIO", "AGENT & BROKER SERVICES LLC"],
    ],
)
def test_names_that_open_with_role_words_are_no_labelled_parties(lines: list[str]) -> None:
    result = _bind_lines("TRANSPORTATION CONTRACT", [*_HEAD, *lines, *_BODY])
    assert not any(len(p.split()) < len(line.split()) for p in _parties(result) for line in lines)
    assert not set(_terms(result)) & {"BANK", "FUND", "LENDER", "SPONSOR", "AGENT"}


# A word in lower case with a hyphen before its number in prose before a capitalised name is
# no part of the name ("covid-19 Acme Widgets Inc."); a brand so written opens a party's slot
# ("between bw-3 FRANCHISE SYSTEMS, INC.", tests/ingest/test_party_brand_heads.py).
@pytest.mark.parametrize("word", ["covid-19", "top-10", "tier-1", "h-1"])
@pytest.mark.parametrize(
    "name", ["Acme Widgets Inc.", "CUSTOMERS GROUP, LLC", "Capital Partners LLC"]
)
def test_a_hyphenated_number_word_in_prose_is_no_part_of_a_name(word: str, name: str) -> None:
    preamble = (
        'This Agreement is made by and between Kestrel Analytics GmbH ("Supplier") and'
        ' Orvandi Labs Ltd. ("Buyer").'
    )
    body = f'2. Testing. The Supplier shall report {word} {name} (the "Tester") results weekly.'
    result = _bind("SUPPLY AGREEMENT", [preamble, "1. Supply. The Supplier supplies.", body], 95)
    names = {b.subject_name for b in result.bindings} | {a.entity_name for a in result.aliases}
    assert not any(word in n for n in names)


# The words a party accepts with, alone on a line, come from the lexicon
# (vocabulary.yaml acceptance_line_words): each opens the signature blocks, in any case.
@pytest.mark.parametrize("word", lexicon().acceptance_line_words)
@pytest.mark.parametrize("upper", [False, True])
def test_each_word_of_acceptance_opens_the_signature_blocks(word: str, upper: bool) -> None:
    line = f"{word} and agreed to:" if word != "agreed" else "agreed and accepted:"
    lines = [
        "This Agreement constitutes the entire agreement between the parties.",
        line.upper() if upper else line.capitalize(),
        "KESTREL ANALYTICS LLC",
        "By: /s/ Jane Roe",
        "Name: Jane Roe",
        "ORVANDI LABS LTD.",
        "By: /s/ Adam Poe",
        "Name: Adam Poe",
    ]
    parties = _parties(_bind_lines("RESELLER AGREEMENT", lines))
    assert parties == {"KESTREL ANALYTICS LLC", "ORVANDI LABS LTD."}
