"""A party's other name that only its filer or its own signature writes (issue 33 item 4, the
class bench/parties' development misses call the filer's legend): the filer's EDGAR footer
("Source: <FILER>, <form>, <date>") or confidentiality legend, and the full name a party
named bare signs under, become aliases scoped to the document (kinds filer_name and
signed_name); an acknowledgment's undersigned who sign below it become parties.

Generated variants on real PDFs (invented names; capitals or mixed case, "&", a digit, an
EDGAR state suffix, the footer running on every page or printed once, either party first),
and the traps: a sibling company in the body, a group's, a region's or another legal form's
name in the footer, two parties the name could extend, two filers. Each trap's document also
holds a name that must be read (a bare party's signature), so the expected aliases are never
none.
"""

from __future__ import annotations

import functools

import pytest

from ingest import BindingExtractor, BindingResult, PdfParser
from tests.pdfs import Line, make_pdf, paragraph


@functools.cache
def _parser() -> PdfParser:
    return PdfParser(isolate=False)


_BODY = [
    "1. Supply. The Supplier shall supply the products listed in Schedule 1 to the Buyer.",
    "2. Fees. The Buyer shall pay each invoice within thirty (30) days of its date.",
    "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first above "
    "written.",
]


def _bind(
    first: str,
    second: str,
    *,
    footer: str | None = None,
    printed: list[str] = (),  # type: ignore[assignment]
    head: list[str] = (),  # type: ignore[assignment]
    body: list[str] = (),  # type: ignore[assignment]
    signed: list[str] = (),  # type: ignore[assignment]
) -> BindingResult:
    """An agreement of two pages between `first` ("Supplier") and `second` ("Buyer"): `head`
    above its preamble, `body` among its clauses, `signed` block heads below them, `printed`
    lines at the end of its text, `footer` running on both pages."""
    preamble = (
        f'This Supply Agreement (this "Agreement") is made as of May 1, 2019 by and between '
        f'{first}, a Delaware corporation ("Supplier"), and {second}, a New York corporation '
        '("Buyer").'
    )
    page1 = [Line("SUPPLY AGREEMENT", size=14, bold=True, x=150)]
    for text in [*head, preamble, *body[:1], *_BODY[:2]]:
        # 70 characters: a line of capitals stays inside the page
        page1.extend(paragraph(text, width=70, gap=10))
    page2: list[Line] = []
    for text in [*body[1:], _BODY[2]]:
        page2.extend(paragraph(text, gap=10))
    for name in signed:
        page2.extend([Line(name, gap=14), Line("By: /s/ Jane Roe"), Line("Name: Jane Roe")])
        page2.append(Line("Title: President"))
    page2.extend(Line(t, gap=10) for t in printed)
    doc = _parser().run(make_pdf([page1, page2], footer=footer), "agreement.pdf")
    return BindingExtractor().run(doc)


def _scoped(result: BindingResult) -> dict[str, tuple[str, str]]:
    return {
        " ".join(a.alias.rstrip(".").split()): (a.entity_name, a.kind)
        for a in result.aliases
        if a.kind in ("filer_name", "signed_name")
    }


def _footer(name: str, form: str = "8-K") -> str:
    return f"Source: {name}, {form}, 3/2/2020"


def _legend(name: str) -> list[str]:
    return [
        "CERTAIN CONFIDENTIAL INFORMATION IN THIS EXHIBIT HAS BEEN OMITTED BECAUSE "
        f"{name} HAS DETERMINED THAT IT IS NOT MATERIAL AND WOULD LIKELY CAUSE COMPETITIVE "
        "HARM IF PUBLICLY DISCLOSED."
    ]


_OTHER = "Marrowfield Grain Corp."

# (the party as the preamble names it, the filer's name, where the filer is written)
_FILERS = [
    ("Quillon, Inc.", "QUILLON THERAPEUTICS, INC.", "footer"),
    ("Quillon, Inc.", "Quillon Therapeutics, Inc.", "printed"),
    ("Harrow & Vale LLC", "HARROW & VALE ROBOTICS LLC", "footer"),
    ("Orvandi Corp.", "ORVANDI 7 LABS CORP", "printed"),
    ("Larkspur Inc.", "LARKSPUR BIOSCIENCES INC /DE/", "footer"),
    ("Kestrelton, Inc.", "KESTRELTON ANALYTICS, INC.", "legend"),
    ("Brandel Corp.", "Brandel Optical Corp.", "legend"),
]


@pytest.mark.parametrize("party_first", [True, False], ids=["party-first", "party-second"])
@pytest.mark.parametrize(("party", "filer", "where"), _FILERS)
def test_the_filer_names_the_party_it_extends_in_its_document_only(
    party: str, filer: str, where: str, party_first: bool
) -> None:
    first, second = (party, _OTHER) if party_first else (_OTHER, party)
    result = _bind(
        first,
        second,
        footer=_footer(filer) if where == "footer" else None,
        printed=[_footer(filer)] if where == "printed" else [],
        head=_legend(filer) if where == "legend" else [],
    )
    written = " ".join(filer.replace(" /DE/", "").rstrip(".").split())
    assert _scoped(result) == {written: (party, "filer_name")}
    alias = next(a for a in result.aliases if a.kind == "filer_name")
    assert alias.document_scoped and alias.document_id == result.bindings[0].location.document_id


# A second party named bare that signs under its full name: read in every trap's document, so
# that what a trap must not add shows against what is read.
_BARE = "ZENTHRA"
_BARE_SIGNED = "Zenthra Data Systems Ltd."


# (what the footer or the body writes, why it is no other name of "Quillon, Inc.")
_TRAPS = [
    ({"footer": "QUILLON HOLDINGS, INC."}, "a holding company"),
    ({"footer": "QUILLON CANADA INC."}, "a country's company"),
    ({"footer": "QUILLON EUROPE, INC."}, "a region's company"),
    ({"footer": "QUILLON THERAPEUTICS LLC"}, "another legal form"),
    ({"footer": "MERIDAN PARTNERS, INC."}, "another company"),
    ({"body": "Quillon Therapeutics, Inc. shall distribute the products in Europe."}, "body"),
    ({"body": "Quillon Europe GmbH shall distribute the products on behalf of Quillon."}, "body"),
    ({"footer": "QUILLON THERAPEUTICS, INC.", "printed": "QUILLON BIO, INC."}, "two filers"),
]


@pytest.mark.parametrize(("trap", "why"), _TRAPS, ids=[w for _, w in _TRAPS])
def test_a_sibling_or_a_group_is_never_the_party_s_other_name(
    trap: dict[str, str], why: str
) -> None:
    result = _bind(
        "Quillon, Inc.",
        _BARE,
        footer=_footer(trap["footer"]) if "footer" in trap else None,
        printed=[_footer(trap["printed"])] if "printed" in trap else [],
        body=[_BODY[0], trap["body"]] if "body" in trap else [],
        signed=["QUILLON, INC.", _BARE_SIGNED],
    )
    assert _scoped(result) == {_BARE_SIGNED.rstrip("."): (_BARE, "signed_name")}, why


def test_a_name_two_parties_could_extend_names_neither() -> None:
    result = _bind(
        "Quillon Inc.",
        "Quillon Labs Inc.",
        footer=_footer("QUILLON LABS BIO INC"),
        signed=["QUILLON INC.", "QUILLON LABS INC."],
    )
    assert _scoped(result) == {}
    # the control: the same footer beside one such party names it
    alone = _bind("Quillon Labs Inc.", _OTHER, footer=_footer("QUILLON LABS BIO INC"))
    assert _scoped(alone) == {"QUILLON LABS BIO INC": ("Quillon Labs Inc.", "filer_name")}


# (the party, a body sentence in legend-like words naming a sibling that extends it): a
# clause of the agreement, below its preamble, never names its filer (review D1 of session 39)
_BODY_SIBLINGS = [
    (
        "Quillon, Inc.",
        "All records requested by Quillon Research, Inc. pursuant to this "
        "Agreement are Confidential Information.",
    ),
    (
        "Quillon, Inc.",
        "The Buyer shall keep any data requested by Quillon Research, Inc. pursuant "
        "to Section 2 in confidence.",
    ),
    (
        "Quillon, Inc.",
        "Neither party shall publish figures that would cause competitive harm to "
        "Quillon Research, Inc. if publicly disclosed.",
    ),
    (
        "Quillon, Inc.",
        "Any price omitted because Quillon Labs, Inc. has determined it is not final "
        "shall be agreed in writing.",
    ),
    (
        "Harrow & Vale LLC",
        "The Buyer shall avoid any statement that would cause harm to Harrow & "
        "Vale Robotics LLC if publicly disclosed.",
    ),
    (
        "Brandel Corp.",
        "Samples requested by Brandel Optical Corp. pursuant to the purchase "
        "order remain the Supplier's property.",
    ),
]


@pytest.mark.parametrize("party_first", [True, False], ids=["party-first", "party-second"])
@pytest.mark.parametrize(("party", "sentence"), _BODY_SIBLINGS)
def test_a_body_sentence_in_legend_words_names_no_filer(
    party: str, sentence: str, party_first: bool
) -> None:
    first, second = (party, _BARE) if party_first else (_BARE, party)
    result = _bind(first, second, body=[sentence], signed=[party.upper(), _BARE_SIGNED])
    assert _scoped(result) == {_BARE_SIGNED.rstrip("."): (_BARE, "signed_name")}


# (the party, the filer's legend, where it stands): above the preamble in any legend wording,
# or below it on a line set off as a legend
_LEGENDS = [
    (
        "Kestrelton, Inc.",
        "CONFIDENTIAL TREATMENT REQUESTED BY KESTRELTON ANALYTICS, INC. PURSUANT TO RULE 24B-2",
        "head",
    ),
    (
        "Brandel Corp.",
        "[***] Confidential treatment has been requested by Brandel Optical Corp. "
        "pursuant to Rule 406.",
        "head",
    ),
    (
        "Brandel Corp.",
        "Certain terms were omitted because Brandel Optical Corp. has determined "
        "they would cause competitive harm if publicly disclosed.",
        "head",
    ),
    (
        "Harrow & Vale LLC",
        "[CERTAIN INFORMATION HAS BEEN OMITTED BECAUSE HARROW & VALE ROBOTICS "
        "LLC HAS DETERMINED IT IS NOT MATERIAL.]",
        "body",
    ),
    (
        "Kestrelton, Inc.",
        "CONFIDENTIAL TREATMENT HAS BEEN REQUESTED BY KESTRELTON ANALYTICS, INC. "
        "PURSUANT TO RULE 24B-2",
        "body",
    ),
]


@pytest.mark.parametrize(("party", "legend", "where"), _LEGENDS)
def test_a_legend_above_the_preamble_or_set_off_names_the_filer(
    party: str, legend: str, where: str
) -> None:
    result = _bind(party, _OTHER, **{where: [legend]})  # type: ignore[arg-type]
    filer = [a.alias for a in result.aliases if a.kind == "filer_name"]
    assert [a.entity_name for a in result.aliases if a.kind == "filer_name"] == [party], filer


# (the bare party, the full name it signs under)
_SIGNED = [
    ("ZENTHRA", "Zenthra Data Systems Ltd."),
    ("Brisco & Lowe", "BRISCO & LOWE PHARMA, INC."),
    ("TALWIN", "Talwin 3 Robotics GmbH"),
]


@pytest.mark.parametrize(("bare", "full"), _SIGNED)
def test_a_bare_party_signs_under_its_full_name(bare: str, full: str) -> None:
    result = _bind("Quillon, Inc.", bare, signed=["QUILLON, INC.", full])
    assert _scoped(result) == {full.rstrip("."): (bare, "signed_name")}


_OWNER = "Thaxby Equity Partners, L.P."
_AGENT = "Cardew Bank, N.A."


def _bind_acknowledged(named: list[str], signing: list[str]) -> set[str]:
    listed = ", ".join(f"{n}, a Delaware corporation" for n in named)
    lines = [Line("GUARANTEE AGREEMENT", size=14, bold=True, x=150)]
    for text in [
        f'This Guarantee Agreement (this "Agreement") is made as of May 1, 2019 by {_OWNER} '
        f'(the "Investor") in favor of {_AGENT} (the "Agent").',
        "1. Capital. The Investor shall make the capital contributions set out in Schedule 1.",
        "IN WITNESS WHEREOF, this Agreement has been duly executed as of the date above.",
    ]:
        lines.extend(paragraph(text, gap=10))
    for name in (_OWNER, _AGENT):
        lines.extend([Line(name.upper(), gap=14), Line("By: /s/ Jane Roe"), Line("Name: Jane Roe")])
    page2 = [Line("ACKNOWLEDGMENT OF BORROWERS", bold=True)]
    page2.extend(
        paragraph(
            f'The undersigned, {listed} (collectively, the "Borrowers"), hereby acknowledge '
            "receipt of a copy of the foregoing Agreement and agree to be bound by its terms.",
            gap=10,
        )
    )
    for name in signing:
        page2.extend([Line(name, gap=14), Line("By: /s/ Adam Poe"), Line("Name: Adam Poe")])
    doc = _parser().run(make_pdf([lines, page2]), "agreement.pdf")
    result = BindingExtractor().run(doc)
    return {b.subject_name for b in result.bindings if b.role == "party"} - {
        _OWNER,
        _AGENT,
        _OWNER.upper(),
        _AGENT.upper(),
    }


_BORROWERS = [
    ["QUARRY MILLS CORPORATION", "QUARRY MILLS-OHIO, INC.", "DENHOLT & SONS, INC."],
    ["Quarry Mills Corporation", "Pellow Electronics, Inc."],
    ["ARDEN 2 OPERATING CORP."],
]


@pytest.mark.parametrize("named", _BORROWERS, ids=["three", "mixed-case", "one"])
def test_the_undersigned_of_an_acknowledgment_who_sign_are_parties(named: list[str]) -> None:
    assert _bind_acknowledged(named, named) == set(named)


def test_only_the_undersigned_both_named_and_signing_are_parties() -> None:
    named = ["QUARRY MILLS CORPORATION", "PELLOW ELECTRONICS, INC."]
    signing = ["QUARRY MILLS CORPORATION", "STANTON NOTARY SERVICES, INC."]
    assert _bind_acknowledged(named, signing) == {"QUARRY MILLS CORPORATION"}
