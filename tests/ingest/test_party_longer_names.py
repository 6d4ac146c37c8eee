"""A party an agreement's preamble names bare, with no legal form ("HEMISPHERX, a
Pennsylvania corporation"), that the document writes in full elsewhere, under its signature,
in a legend or a footer ("HEMISPHERX BIOPHARMA, INC"): the full name is another name of the
party (alias kind "other_name", read by questions as a name), and the party keeps its bare
name, so a question naming either reaches the agreement (party38's 3979b72 replaced the bare
name, and questions naming it, "Ingram Micro", missed the agreement). Generated variants
typeset to real PDFs and parsed: capitals or mixed case, an "&" in the name, a number, the
legend above or the footer below, either party first, the full name wrapped; never a group's
or a parent's name, one after "a subsidiary of", or another entity's name run into it."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind_lines, _parties

_OTHER = "The University of Quillmark"

_BODY = [
    "1. Services. The Supplier shall supply the Services to the Customer.",
    "2. Fees. The Customer shall pay the fees set out in Schedule 1.",
    "IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.",
]


def _agreement(short: str, above: list[str], below: list[str], short_first: bool) -> list[str]:
    named = f'{short}, a Delaware corporation ("Supplier")'
    other = f'{_OTHER} ("Customer")'
    first, second = (named, other) if short_first else (other, named)
    preamble = ["This Agreement is made as of May 1, 2019", f"between {first},", f"and {second}."]
    return [*above, *preamble, *_BODY, *below]


def _legend(name: str) -> list[str]:
    return [
        "CERTAIN INFORMATION IN THIS DOCUMENT HAS BEEN OMITTED BECAUSE",
        f"{name} HAS DETERMINED THAT IT IS NOT MATERIAL.",
    ]


def _signed(name: str) -> list[str]:
    return [name, "By: /s/ Jane Roe", "Name: Jane Roe", "Title: President"]


def _other_names(result: object) -> dict[str, str]:
    return {a.alias: a.entity_name for a in result.aliases if a.kind == "other_name"}  # type: ignore[attr-defined]


_LONGER = [
    # (the bare name the preamble binds, its full name written elsewhere)
    ("HEMISPHERX", "HEMISPHERX BIOPHARMA, INC"),
    ("Celebrity Speakers", "Celebrity Speakers Ltd"),
    ("Quoll & Finch", "Quoll & Finch 2 Media GmbH"),
    ("Kestrel", "KESTREL ANALYTICS, INC."),
]


@pytest.mark.parametrize(("short", "longer"), _LONGER)
@pytest.mark.parametrize("where", ["legend", "signature"])
def test_a_partys_longer_name_is_another_name_of_the_party(
    short: str, longer: str, where: str
) -> None:
    above, below = (_legend(longer), []) if where == "legend" else ([], _signed(longer))
    result = _bind_lines("SERVICES AGREEMENT", _agreement(short, above, below, True))
    assert short in _parties(result)
    assert longer not in _parties(result)
    assert _other_names(result) == {longer: short}


def test_either_party_first_and_the_longer_name_wrapped() -> None:
    above = [
        "CERTAIN INFORMATION HAS BEEN OMITTED BECAUSE KESTREL",
        "ANALYTICS, INC. HAS DETERMINED IT IS NOT MATERIAL.",
    ]
    result = _bind_lines("SERVICES AGREEMENT", _agreement("Kestrel", above, [], False))
    assert _other_names(result) == {"KESTREL ANALYTICS, INC.": "Kestrel"}


_NOT_THE_PARTY = [
    # what the document also writes beside the party's longer name under its signature: a
    # group's or a parent's name, a name after a subsidiary's lead, the short name in a list
    # run into the next entity's name
    ["12. Kestrel Holdings, Inc. guarantees what the Supplier owes."],
    ["12. The Supplier is a subsidiary of Kestrel Data, Inc."],
    ["12. Notices go to Acme and Kestrel Beta, Inc. at their offices.", "Beta, Inc. is the host."],
]


@pytest.mark.parametrize("elsewhere", _NOT_THE_PARTY)
@pytest.mark.parametrize("short", ["Kestrel", "KESTREL"])
def test_no_other_entitys_name_is_a_partys_longer_name(short: str, elsewhere: list[str]) -> None:
    below = [*elsewhere, *_signed("Kestrel Analytics, Inc.")]
    result = _bind_lines("SERVICES AGREEMENT", _agreement(short, [], below, True))
    assert short in _parties(result)
    assert _other_names(result) == {"Kestrel Analytics, Inc.": short}
