"""Signature blocks whose lines ran together, where no preamble names the parties
(bench/parties --misses: "... as of the Effective Date. Acceptance by Developer SEATTLE
SOFTWARE / DEVELOPERS, Inc. By: /s/ ..."), as generated variants typeset to real PDFs and
parsed: a name in capitals whose legal form is in mixed case, wrapped at each of its words,
after the words a party accepts with ("Acceptance by Developer", "Accepted by"); the parties
in either order. A "By:" that signs for another ("By: Acme GP LLC, its general partner")
still adds no party."""

from __future__ import annotations

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
