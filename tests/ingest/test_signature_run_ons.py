"""Signature blocks whose lines ran together, where no preamble names the parties
(bench/parties --misses: "... as of the Effective Date. Acceptance by Developer SEATTLE
SOFTWARE / DEVELOPERS, Inc. By: /s/ ..."), as generated variants typeset to real PDFs and
parsed: a name in capitals whose legal form is in mixed case, wrapped at each of its words,
after the words a party accepts with ("Acceptance by Developer", "Accepted by"); the parties
in either order. A "By:" that signs for another ("By: Acme GP LLC, its general partner")
still adds no party."""

from __future__ import annotations

import re

import pytest

from tests.ingest.test_preamble_party_lists import _bind_lines, _parties

_NAMES = [
    # (a name in capitals, its legal form in mixed case; the other party)
    ("KESTREL SOFTWARE DEVELOPERS, Inc.", "ORVANDI LABS LTD."),
    ("HARROW & VALE MEDIA Co., Ltd.", "Larkspur Data Systems, Inc."),
    ("QUILLMARK ANALYTICS GmbH", "BAYAN TELECOM, LLC"),
]

_LEADS = ["Acceptance by Developer", "Accepted by", "Agreed and accepted by Supplier"]

_WITNESS = "IN WITNESS WHEREOF, the Parties have executed this Agreement as of the Effective Date."


def _signed(name: str, other: str, lead: str, wrap_at: int, wrapped_first: bool) -> set[str]:
    """The parties of an agreement whose blocks ran together: `name` wrapped after `wrap_at`
    words, its block before or after `other`'s."""
    words = name.split()
    wrapped = [
        f"{lead} {' '.join(words[:wrap_at])}",
        f"{' '.join(words[wrap_at:])} By: /s/ Jane Roe Jane Roe, VP",
    ]
    plain = [f"Acceptance by Client: {other} By: /s/ Adam Poe Adam Poe, Director"]
    lines = [
        "1. Services. The Developer shall develop the Application for the Client.",
        "2. Fees. The Client shall pay the fees set out in Appendix A.",
        _WITNESS,
        *(wrapped + plain if wrapped_first else plain + wrapped),
    ]
    return _parties(_bind_lines("SOFTWARE DEVELOPMENT AGREEMENT", lines))


@pytest.mark.parametrize(("name", "other"), _NAMES)
@pytest.mark.parametrize("lead", _LEADS)
@pytest.mark.parametrize("wrap_at", [1, 2])
@pytest.mark.parametrize("wrapped_first", [True, False])
def test_a_wrapped_name_in_capitals_signs_for_a_party(
    name: str, other: str, lead: str, wrap_at: int, wrapped_first: bool
) -> None:
    assert _signed(name, other, lead, wrap_at, wrapped_first) == {name, other}


@pytest.mark.parametrize("lead", _LEADS)
def test_a_by_that_signs_for_another_adds_no_party(lead: str) -> None:
    lines = [
        "1. Services. The Developer shall develop the Application for the Client.",
        _WITNESS,
        f"{lead} ORVANDI FUND LP",
        "By: Orvandi GP LLC, its general partner By: /s/ Jane Roe Jane Roe, Manager",
        "Acceptance by Client: KESTREL SOFTWARE DEVELOPERS, Inc. By: /s/ Adam Poe Adam Poe, VP",
    ]
    parties = _parties(_bind_lines("SOFTWARE DEVELOPMENT AGREEMENT", lines))
    assert parties == {"ORVANDI FUND LP", "KESTREL SOFTWARE DEVELOPERS, Inc."}


# Side-by-side blocks read a row at a time, a line a cell (bench/parties --misses: "NETZEE,
# INC." / "THE BANKERS BANK, a Georgia" / "banking corporation" / "By:" / "/s/ ..." / "By:" /
# "/s/ ..."): the heads' row, then the "By:" row.
_HEADS = [
    ("Orvandi Labs Ltd.", "The Kestrel Bank, a Georgia banking corporation"),
    ("HARROW & VALE MEDIA, LLC", "LARKSPUR DATA SYSTEMS CORPORATION, a Delaware corporation"),
    ("Quillmark Systems Inc.", "Bayan Telecommunications, Inc."),
]

_SIGNERS = ["Jane Roe", "Adam Poe", "Tom Lee"]


def _row_blocks(heads: list[str], signed: str, wrap: bool) -> list[str]:
    lines: list[str] = []
    for head in heads:
        if wrap and ", a " in head:
            # the descriptor runs onto a line of its own: "banking corporation"
            cut = head.rsplit(" ", 2)
            lines.extend([cut[0], " ".join(cut[1:])])
        else:
            lines.append(head)
    for signer in _SIGNERS[: len(heads)]:
        if signed == "below":
            lines.extend(["By:", f"/s/ {signer}"])
        elif signed == "inline":
            lines.append(f"By: /s/ {signer}")
        else:
            lines.append("By: ______________________")
    return lines


def _name(head: str) -> str:
    return head.split(", a ")[0]


@pytest.mark.parametrize(("first", "second"), _HEADS)
@pytest.mark.parametrize("signed", ["below", "inline", "blank"])
@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("swapped", [False, True])
def test_a_row_of_heads_above_a_row_of_signatures_names_each_party(
    first: str, second: str, signed: str, wrap: bool, swapped: bool
) -> None:
    heads = [second, first] if swapped else [first, second]
    lines = [
        "1. Services. The Supplier shall supply the Services to the Customer.",
        "IN WITNESS WHEREOF, the parties have executed this Agreement.",
        *_row_blocks(heads, signed, wrap),
    ]
    parties = {p.lower() for p in _parties(_bind_lines("MAINTENANCE AGREEMENT", lines))}
    assert parties == {re.sub(r"^the ", "", _name(h).lower()) for h in heads}


def test_three_heads_above_three_signatures() -> None:
    heads = ["Orvandi Labs Ltd.", "Kestrel Analytics GmbH", "Harrow & Vale Media, LLC"]
    lines = [
        "IN WITNESS WHEREOF, the parties have executed this Agreement.",
        *_row_blocks(heads, "below", False),
    ]
    assert _parties(_bind_lines("MAINTENANCE AGREEMENT", lines)) == set(heads)


def test_the_signers_sign_for_their_own_column() -> None:
    lines = [
        "IN WITNESS WHEREOF, the parties have executed this Agreement.",
        *_row_blocks(["Orvandi Labs Ltd.", "Kestrel Analytics GmbH"], "below", False),
    ]
    result = _bind_lines("MAINTENANCE AGREEMENT", lines)
    signed = {(b.subject_name, b.parent_name) for b in result.bindings if b.role == "signatory"}
    assert signed == {("Jane Roe", "Orvandi Labs Ltd."), ("Adam Poe", "Kestrel Analytics GmbH")}


def test_one_head_signing_twice_is_one_party() -> None:
    # A partnership signs through its general partner: one head, two "By:" lines.
    lines = [
        'This Agreement is made on 1 May 2019 between Orvandi Labs Ltd. (the "Supplier") and'
        " the customer named below.",
        "IN WITNESS WHEREOF, the parties have executed this Agreement.",
        "ORVANDI LABS LTD.",
        "By: /s/ Jane Roe",
        "KESTREL FUND LP",
        "By: Kestrel GP LLC, its general partner",
        "By: /s/ Adam Poe",
    ]
    parties = _parties(_bind_lines("MAINTENANCE AGREEMENT", lines))
    assert parties == {"Orvandi Labs Ltd.", "KESTREL FUND LP"}


# The same rows under the words a party accepts with, no "IN WITNESS WHEREOF" above them, each
# signature on a "Signed:" line, a role in capitals labelling a head with no colon
# (bench/parties --misses: "ACCEPTED AND AGREED TO BY:" / "McDATA CORPORATION(McDATA)" /
# "RESELLER MTI TECHNOLOGY CORPORATION" / "SIGNED: /s/ ..." / "SIGNED: /s/ ...").
_ACCEPTED = ["ACCEPTED AND AGREED TO BY:", "Agreed and accepted:", "ACKNOWLEDGED AND AGREED:"]

_LABELLED = [
    # (the head as printed, the party it names)
    ("McDATA CORPORATION(McDATA)", "McDATA CORPORATION"),
    ("RESELLER MTI TECHNOLOGY CORPORATION", "MTI TECHNOLOGY CORPORATION"),
    ("LICENSEE Kestrel Analytics GmbH", "Kestrel Analytics GmbH"),
    ("DISTRIBUTOR SERVICES INC.", "DISTRIBUTOR SERVICES INC."),
]


def _accepted_rows(accepted: str | None, heads: list[str]) -> set[str]:
    lines = [
        "This Agreement, and all Addendums hereto, constitute the entire agreement between the",
        "parties with respect to the subject matter hereof.",
        *([accepted, accepted] if accepted else []),
        *heads,
        *(f"SIGNED: /s/ {signer}" for signer in _SIGNERS[: len(heads)]),
        *(f"NAME: {signer}" for signer in _SIGNERS[: len(heads)]),
    ]
    return _parties(_bind_lines("RESELLER AGREEMENT", lines))


@pytest.mark.parametrize("accepted", _ACCEPTED)
@pytest.mark.parametrize("first", range(len(_LABELLED)))
def test_rows_of_heads_and_signed_lines_under_the_words_of_acceptance(
    accepted: str, first: int
) -> None:
    pair = [_LABELLED[first], _LABELLED[(first + 1) % len(_LABELLED)]]
    parties = _accepted_rows(accepted, [head for head, _ in pair])
    assert parties == {name for _, name in pair}


def test_rows_with_no_words_of_acceptance_nor_in_witness_name_no_party() -> None:
    heads = [head for head, _ in _LABELLED[:2]]
    assert _accepted_rows(None, heads) == set()
