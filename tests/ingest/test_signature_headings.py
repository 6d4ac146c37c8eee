"""Headings and role labels glued to a party's name in signature blocks whose lines ran
together, where no preamble names the parties (party37: "SIGNATURE PAGE HARROW & VALE MEDIA
LLC", "CUSTOMER HARROW & VALE MEDIA LLC" were bound whole), as generated variants typeset to
real PDFs and parsed: a heading ("SIGNATURE PAGE", "IN WITNESS WHEREOF:", "AGREED AND
ACCEPTED:") on the head's line or wrapped above it, a role label before the name with or
without its colon, in capitals or not; the heading is never a word of the name."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind_lines, _parties

_PAIRS = [
    ("HARROW & VALE MEDIA LLC", "ORVANDI LABS LTD."),
    ("Kestrel Analytics GmbH", "QUILLMARK SYSTEMS, INC."),
]

_HEADINGS = [
    "SIGNATURE PAGE",
    "IN WITNESS WHEREOF:",
    "AGREED AND ACCEPTED:",
    "Counterpart Signature Page",
]

_LABELS = ["", "CUSTOMER", "SPONSOR:", "Licensor:"]

_BODY = [
    "1. Services. The Supplier shall supply the Services to the Customer.",
    "2. Fees. The Customer shall pay the fees set out in Schedule 1.",
    "IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.",
]


def _blocks(heading: str, label: str, pair: tuple[str, str], wrapped: bool) -> set[str]:
    name, other = pair
    head = f"{label} {name}".strip()
    first = "By: /s/ Jane Roe Name: Jane Roe Title: President"
    second = f"SUPPLIER {other} By: /s/ Adam Poe Name: Adam Poe Title: Director"
    if wrapped:
        lines = [heading, f"{head} {first}", second]
    else:
        lines = [f"{heading} {head} {first}", second]
    return _parties(_bind_lines("SERVICES AGREEMENT", [*_BODY, *lines]))


@pytest.mark.parametrize("heading", _HEADINGS)
@pytest.mark.parametrize("label", _LABELS)
@pytest.mark.parametrize("wrapped", [False, True])
def test_a_heading_and_a_role_label_are_no_words_of_the_name(
    heading: str, label: str, wrapped: bool
) -> None:
    pair = _PAIRS[(_HEADINGS.index(heading) + _LABELS.index(label)) % len(_PAIRS)]
    assert _blocks(heading, label, pair, wrapped) == set(pair)


# A bare name (no legal form) under a role's label is the party the block signs for, as
# after a signing lead (party37: "SPONSOR: Rubio's Fresh Mexican Grill By: ___").
# (a name of two words may be a person's: "EMPLOYEE: Jane Doe" binds no company)
_BARE = ["Rubio's Fresh Mexican Grill", "Harrow & Vale Media", "QUILLMARK DATA ANALYTICS"]

_ROLE_LABELS = ["SPONSOR:", "Licensee:", "COMPANY:"]


@pytest.mark.parametrize("bare", _BARE)
@pytest.mark.parametrize("label", _ROLE_LABELS)
@pytest.mark.parametrize("bare_first", [True, False])
@pytest.mark.parametrize("run_on", [False, True])
def test_a_bare_name_under_a_role_label_is_a_party(
    bare: str, label: str, bare_first: bool, run_on: bool
) -> None:
    other = "Orvandi Labs Ltd."
    first = [f"{label} {bare}", "By: ______________", "Name: Jane Roe"]
    second = ["SUPPLIER: " + other, "By: ______________", "Name: Adam Poe"]
    if run_on:
        # the blocks' lines ran together: "SPONSOR: Rubio's Fresh Mexican Grill By: /s/ ..."
        first = [f"{label} {bare} By: /s/ Jane Roe Name: Jane Roe"]
        second = [f"SUPPLIER: {other} By: /s/ Adam Poe Name: Adam Poe"]
    blocks = first + second if bare_first else second + first
    assert _parties(_bind_lines("SERVICES AGREEMENT", [*_BODY, *blocks])) == {bare, other}


# A rule drawn between a name's words is no word of it (party37: "Mail ---- Boxes Etc. USA,
# Inc." bound "Boxes Etc. USA, Inc."): the name is bound whole, without the rule.
_RULED = [
    # (the name with a rule, the name)
    ("Mail ---- Boxes Etc. USA, Inc.", "Mail Boxes Etc. USA, Inc."),
    ("Kestrel -- Data Systems, Inc.", "Kestrel Data Systems, Inc."),
    ("HARROW & VALE ------ MEDIA LLC", "HARROW & VALE MEDIA LLC"),
    ("Orvandi Labs --- Holdings Ltd.", "Orvandi Labs Holdings Ltd."),
    ("Mail              ------- Boxes Etc. USA, Inc.", "Mail Boxes Etc. USA, Inc."),
    ("Kestrel          -- Data Systems, Inc.", "Kestrel Data Systems, Inc."),
]


@pytest.mark.parametrize(("ruled", "name"), _RULED)
@pytest.mark.parametrize("ruled_first", [True, False])
def test_a_rule_between_a_names_words_is_no_word_of_it(
    ruled: str, name: str, ruled_first: bool
) -> None:
    other = "Quillmark Systems GmbH"
    first, second = (f'{ruled} ("Franchisor")', f'{other} ("Company")')
    if not ruled_first:
        first, second = (f'{other} ("Company")', f'{ruled} ("Franchisor")')
    preamble = [f"This Agreement is made as of May 1, 2019 between {first},", f"and {second}."]
    assert _parties(_bind_lines("SERVICES AGREEMENT", [*preamble, *_BODY])) == {name, other}


# ... nor where the name wraps and the rule opens the next line (party38: "and Mail" /
# "------- Boxes Etc. USA, Inc." bound "Boxes Etc. USA, Inc."): the underline of the line
# above, printed under it, is no word of the name either.
_WRAPPED_RULE = [
    # (the name's words on the first line, the rest after the rule, the name)
    ("Mail", "Boxes Etc. USA, Inc.", "Mail Boxes Etc. USA, Inc."),
    ("HARROW &", "VALE MEDIA LLC", "HARROW & VALE MEDIA LLC"),
    ("Kestrel", "Data Systems 2, Inc.", "Kestrel Data Systems 2, Inc."),
    ("Orvandi Labs", "Holdings Ltd.", "Orvandi Labs Holdings Ltd."),
]


@pytest.mark.parametrize(("head", "rest", "name"), _WRAPPED_RULE)
@pytest.mark.parametrize("wrapped_first", [True, False])
def test_a_rule_opening_a_wrapped_names_next_line_is_no_word_of_it(
    head: str, rest: str, name: str, wrapped_first: bool
) -> None:
    other = "Quillmark Systems GmbH"
    if wrapped_first:
        preamble = [
            f"This Agreement is made as of May 1, 2019 between {head}",
            f'------- {rest}, a Delaware corporation ("Franchisor"), and {other} ("Company").',
        ]
    else:
        preamble = [
            f'This Agreement is made as of May 1, 2019 between {other} ("Company"), and {head}',
            f'------- {rest}, a Delaware corporation ("Franchisor").',
        ]
    assert _parties(_bind_lines("SERVICES AGREEMENT", [*preamble, *_BODY])) == {name, other}
