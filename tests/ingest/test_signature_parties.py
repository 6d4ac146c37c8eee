"""An agreement's parties from its signature blocks where its preamble names fewer than two
(bench/parties --misses: the party named only under "IN WITNESS WHEREOF", a block headed "For
and on behalf of X"), as generated variants typeset to real PDFs and parsed: case, "&", legal
forms, the parties in either order, either sentence before the blocks; a block's head that is
the tail of a longer name, a preamble that names both parties, and a party signing under its
short name add no one."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind_lines, _parties

# (the name a preamble names, the name that only a signature block names)
_PAIRS = [
    ("Larkspur Data Systems Corporation", "Kestrel Analytics GmbH"),
    ("Harrow & Vale Media, LLC", "Orvandi Labs Ltd."),
    ("Quillmark Systems Inc.", "Bayan Telecommunications, Inc."),
]

_WITNESS = [
    "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date above.",
    "IN WITNESS WHEREOF, the Parties hereto have severally subscribed these presents by their"
    " officers thereunto duly authorized.",
]


def _block(head: str) -> list[str]:
    return [head, "By: ____________________", "Name:", "Title:"]


def _agreement(preamble: str, heads: list[str], witness: str) -> set[str]:
    lines = [
        preamble,
        "1. Services. The Supplier shall supply the Services to the Customer.",
        "2. Term. This Agreement runs for one year.",
        witness,
    ]
    for head in heads:
        lines.extend(_block(head))
    return _parties(_bind_lines("SERVICES AGREEMENT", lines))


@pytest.mark.parametrize(("named", "signs"), _PAIRS)
@pytest.mark.parametrize("witness", _WITNESS)
@pytest.mark.parametrize("upper", [False, True])
@pytest.mark.parametrize("named_signs_first", [False, True])
@pytest.mark.parametrize("lead", ["", "For and on behalf of "])
def test_a_signature_block_names_the_party_the_preamble_names_by_role_only(
    named: str, signs: str, witness: str, upper: bool, named_signs_first: bool, lead: str
) -> None:
    preamble = (
        f'This Services Agreement is made on 1 May 2019 between {named} (the "Supplier") and'
        ' the customer named below (the "Customer").'
    )
    heads = [named, signs] if named_signs_first else [signs, named]
    heads = [lead + (h.upper() if upper else h) for h in heads]
    parties = {p.lower() for p in _agreement(preamble, heads, witness)}
    assert parties == {named.lower(), signs.lower()}


@pytest.mark.parametrize("witness", _WITNESS)
@pytest.mark.parametrize("lead", ["For and on behalf of ", "On behalf of "])
def test_blocks_headed_for_and_on_behalf_of_name_all_the_parties(witness: str, lead: str) -> None:
    names = ["Advantage Telecom Ltd.", "Cable & Wireless Network Limited", "Telia AB (publ)"]
    preamble = "This Agreement is made on 1 May 2019 between the parties that sign it below."
    parties = _agreement(preamble, [lead + n for n in names], witness)
    assert parties == {"Advantage Telecom Ltd.", "Cable & Wireless Network Limited", "Telia AB"}


@pytest.mark.parametrize("witness", _WITNESS)
def test_the_tail_of_a_longer_name_is_no_party(witness: str) -> None:
    # "TT dotCom Sdn Bhd": the name pattern reads no word in lower case; "Sdn Bhd" is no party.
    # The signing lead names the whole (a word with a capital inside is a name's word there).
    preamble = (
        'This Agreement is made on 1 May 2019 between Orvandi Labs Ltd. (the "Supplier") and'
        ' the customer named below (the "Customer").'
    )
    heads = ["Orvandi Labs Ltd.", "For and on behalf of TT dotCom Sdn Bhd"]
    assert _agreement(preamble, heads, witness) == {"Orvandi Labs Ltd.", "TT dotCom Sdn Bhd"}


@pytest.mark.parametrize("witness", _WITNESS)
def test_a_preamble_that_names_both_parties_takes_no_other_signer(witness: str) -> None:
    preamble = (
        'This Agreement is made on 1 May 2019 between Orvandi Labs Ltd. (the "Supplier") and'
        ' Kestrel Analytics GmbH (the "Customer").'
    )
    heads = ["Orvandi Labs Ltd.", "Kestrel Analytics GmbH", "Witnessed by Harbor Notary LLC"]
    assert _agreement(preamble, heads, witness) == {"Orvandi Labs Ltd.", "Kestrel Analytics GmbH"}


@pytest.mark.parametrize("witness", _WITNESS)
def test_a_party_signing_under_its_short_name_is_bound_once(witness: str) -> None:
    preamble = (
        "This Agreement is made on 1 May 2019 between Larkspur Data Systems Corporation (the"
        ' "Supplier") and the customer named below (the "Customer").'
    )
    heads = ["LARKSPUR DATA SYSTEMS", "Kestrel Analytics GmbH"]
    parties = _agreement(preamble, heads, witness)
    assert parties == {"Larkspur Data Systems Corporation", "Kestrel Analytics GmbH"}
