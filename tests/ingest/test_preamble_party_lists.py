"""Preamble shapes measured on CUAD's development contracts (bench/parties --misses), each as
generated variants typeset to real PDFs and parsed: invented names, upper case, "&", with and
without a legal form, the parties in either order, the preamble wrapped at two widths."""

from __future__ import annotations

import functools
import textwrap

import pytest

from ingest import BindingExtractor, BindingResult, PdfParser
from tests.pdfs import Line, make_pdf, paragraph


@functools.cache
def _parser() -> PdfParser:
    # parsed in this process: these tests read the binding rules, and a forked child per
    # PDF cost two thirds of their time; the child that guards against hostile files is
    # tested in test_parse_limits.py (an isolated and an in-process parse agree there)
    return PdfParser(isolate=False)


def _bind(title: str, body: list[str], width: int) -> BindingResult:
    """The bindings of a one-page agreement: its title, then each paragraph of `body`."""
    lines = [Line(title, size=14, bold=True, x=150)]
    for text in body:
        lines.extend(paragraph(text, width=width, gap=10) if text else [Line("")])
    doc = _parser().run(make_pdf([lines]), "agreement.pdf")
    return BindingExtractor().run(doc)


def _bind_lines(title: str, lines: list[str]) -> BindingResult:
    """The bindings of a one-page agreement laid out line by line, as given."""
    doc = _parser().run(
        make_pdf([[Line(title, size=14, bold=True, x=150), *map(Line, lines)]]), "a.pdf"
    )
    return BindingExtractor().run(doc)


def _parties(result: BindingResult) -> set[str]:
    return {b.subject_name for b in result.bindings if b.role == "party"}


def _terms(result: BindingResult) -> dict[str, str]:
    return {a.alias: a.entity_name for a in result.aliases if a.kind == "defined_term"}


_RECITAL = "WHEREAS, the parties wish to set out the terms on which they work together;"


# A former name in brackets between a party's name and its descriptor ("PlanetCAD Inc.
# (formerly known as Spatial Technology Inc.), a corporation ... ("PlanetCAD")"): the term
# names the party, never its former name.
_RENAMED = [
    # (the name as written, the former name, the term)
    ("Quillmark Systems Inc.", "Larkspur Data Inc.", "Quillmark"),
    ("HARROW & VALE MEDIA, LLC", "HV HOLDCO, LLC", "HVM"),
    ("kestrel.com, Inc.", "Kestrel Three, Inc.", "Kestrel"),
    ("Orvandi Labs Ltd.", "Orvandi Research Limited", "Company"),
]


@pytest.mark.parametrize(("name", "former", "term"), _RENAMED)
@pytest.mark.parametrize("said", ["formerly known as", "f/k/a", "formerly"])
@pytest.mark.parametrize("renamed_first", [False, True])
@pytest.mark.parametrize("width", [60, 95])
def test_a_former_name_in_brackets_is_not_the_party(
    name: str, former: str, term: str, said: str, renamed_first: bool, width: int
) -> None:
    renamed = f'{name} ({said} {former}), a Delaware corporation ("{term}")'
    other = 'Corvel Brands, Inc., a Nevada corporation ("Supplier")'
    first, second = (renamed, other) if renamed_first else (other, renamed)
    result = _bind(
        "SUPPLY AGREEMENT",
        [
            f'This Supply Agreement (the "Agreement") is made as of May 1, 2020 by and between '
            f"{first}, and {second}.",
            _RECITAL,
        ],
        width,
    )
    assert _parties(result) == {name, "Corvel Brands, Inc."}
    assert _terms(result)[term] == name
    assert _terms(result)["Supplier"] == "Corvel Brands, Inc."


# A preamble that numbers its parties under "BETWEEN" ("BETWEEN / 1. HealthGate Data Corp.,
# ... / AND / 2. Blackwell Science Limited ..."): "1." opens the first party, not the first
# section, so the preamble runs on to the second.
_NUMBERED = [
    # (the first party, its descriptor, the second party, its descriptor)
    ("Harrow & Vale Data Corp.", "a Delaware corporation", "Quillmark Science Limited", ""),
    ("KESTREL TOOLING LIMITED", "a company registered in England", "ORVANDI GMBH", ""),
    ("Larkspur Media, L.P.", "", "Pelorus Works Inc.", "a Nevada corporation"),
]


@pytest.mark.parametrize(("first", "first_desc", "second", "second_desc"), _NUMBERED)
@pytest.mark.parametrize("between", ["BETWEEN", "BETWEEN:", "Between", "by and between"])
@pytest.mark.parametrize("numbers", [("1.", "2."), ("1.", "2.")[::-1]])
@pytest.mark.parametrize("with_terms", [True, False])
def test_parties_numbered_under_between_are_all_bound(
    first: str,
    first_desc: str,
    second: str,
    second_desc: str,
    between: str,
    numbers: tuple[str, str],
    with_terms: bool,
) -> None:
    one, two = sorted(numbers)  # the list always runs 1., 2.; the order is the names'
    if numbers[0] != "1.":
        first, first_desc, second, second_desc = second, second_desc, first, first_desc

    def party(name: str, desc: str, term: str) -> str:
        described = f"{name}, {desc}" if desc else name
        return f'{described} ("{term}")' if with_terms else described

    body = [
        "This Agreement is made the 20th day of March 2020",
        between,
        f"{one} {party(first, first_desc, 'Developer')}, having an address at 12 Elm Road, "
        "Springfield",
        "AND",
        f"{two} {party(second, second_desc, 'Publisher')}, whose registered office is at "
        "4 Osney Mead, Oxford",
        _RECITAL,
    ]
    if between == "by and between":
        body[0:2] = [f"{body[0]} {between}"]
    result = _bind("DEVELOPMENT AGREEMENT", body, 95)
    assert _parties(result) == {first, second}
    if with_terms:
        assert _terms(result)["Developer"] == first
        assert _terms(result)["Publisher"] == second


# A party with no legal form, its address led into after its name, then its term ("The
# University of Iowa, located at c/o ..., Iowa City, IA 52242 ("University")", "Brightwater
# Foods, Portland, Oregon (hereinafter "Brightwater")"): the term names the party.
_LEADS = [
    "located at c/o Division of Sponsored Programs, 2 Gilmore Hall, Iowa City, IA 52242",
    "with offices at 6903 Rockledge Drive, Suite 1200, Bethesda, MD 20817",
    "having its principal place of business at 40 Wall Street, New York, NY 10005",
    "whose registered office is at Osney Mead, Oxford OX2 0EL, England",
    "With principal offices at 15 Allstate Parkway, Markham, ON L3R 5B4, Canada",
    "of 90 High Street, Burnham, Buckinghamshire",
    "Portland, Oregon",
]

_UNFORMED = [
    # (the name, its term)
    ("The University of Lakeview", "University"),
    ("Brightwater Foods", "Brightwater"),
    ("HARROW VALE MEDIA", "Harrow"),
    ("Harrow & Vale Media Corp.", "Harrow"),
    ("Quillmark Research Institute", "Quillmark"),
    ("Kestrel Analytics Corp.", "Kestrel"),
]


_FORMS = ['("{}")', '(hereinafter "{}")', '(the "{}")']


@pytest.mark.parametrize(("name", "term"), _UNFORMED)
# each lead with one way of writing the term, the three ways in turn
@pytest.mark.parametrize(("lead", "form"), [(lead, _FORMS[i % 3]) for i, lead in enumerate(_LEADS)])
@pytest.mark.parametrize("addressed_first", [False, True])
def test_a_party_before_its_address_is_named_by_its_term(
    name: str, term: str, lead: str, form: str, addressed_first: bool
) -> None:
    sep = " " if lead.startswith(("of ", "With")) else ", "
    addressed = f"{name}{sep}{lead} {form.format(term)}"
    other = 'Corvel Brands, Inc., a Nevada corporation ("Sponsor")'
    first, second = (addressed, other) if addressed_first else (other, addressed)
    result = _bind(
        "SPONSORED RESEARCH AGREEMENT",
        [
            f'This Sponsored Research Agreement (this "Agreement") is entered into on June 2, '
            f"2019 by and between {first}, and {second}.",
            _RECITAL,
        ],
        95,
    )
    bound = name.removeprefix("The ")
    assert _terms(result)[term].removeprefix("The ") == bound
    assert {p.removeprefix("The ") for p in _parties(result)} == {bound, "Corvel Brands, Inc."}
    assert _terms(result)["Sponsor"] == "Corvel Brands, Inc."


# A joint filing agreement's signature blocks run together in one paragraph, each signer's
# printed name and title running into the next block's name ("By: /s/ Thomas Sipp Thomas Sipp
# Chief Financial Officer SCULPTOR MANAGEMENT, INC. By: ..."), a name wrapping before its
# legal form: each block's name is a party, never a title's last words with it. Names in
# capitals only: a name in title case wrapped before its legal form ("Kestrel Advisors / GP,
# LLC") reads as a signer's name over a block's ("Jane Roe / Larkspur Trust").
_FILERS = [
    "HARROW & VALE CAPITAL LP",
    "HARROW & VALE CAPITAL HOLDING CORPORATION",
    "KESTREL ADVISORS GP, LLC",
    "QUILLMARK MASTER FUND LTD",
    "LARKSPUR PARTNERS II, L.P.",
]

_SIGNS_AS = [
    ("Jane Roe", "Chief Financial Officer"),
    ("Adam D. Quill", "Managing Director"),
    ("Marta Oyelaran", "Chief Compliance Officer"),
]


@pytest.mark.parametrize("signs_as", _SIGNS_AS)
@pytest.mark.parametrize("rotate", range(len(_FILERS)))
@pytest.mark.parametrize("width", [70, 95])
def test_the_filers_of_run_together_signature_blocks_are_the_parties(
    signs_as: tuple[str, str], rotate: int, width: int
) -> None:
    signer, title = signs_as
    filers = (_FILERS[rotate:] + _FILERS[:rotate])[:4]
    blocks = " ".join(f"{f} By: /s/ {signer} {signer} {title}" for f in filers)
    result = _bind(
        "JOINT FILING AGREEMENT",
        [
            "The undersigned acknowledge and agree that the foregoing statement on Schedule 13G "
            "is filed on behalf of each of the undersigned.",
            f"DATED: April 8, 2020 {blocks}",
        ],
        width,
    )
    assert _parties(result) == set(filers)


# A list of parties after the first, some with a term, some with none, ending in the group's
# term ("..., and Marathon Partners Equity Management, LLC ("Marathon\nPartners"), Marathon
# Partners L.P., Marathon Focus Fund L.P. and Cibelli Research & Management, LLC
# (collectively, the "Marathon Parties")"), a term wrapped over a line break, a term with the
# group it forms with another party ('("PLIC" and, together with PHLVIC, "PHL Variable")').
_MEMBERS = [
    "Harrow & Vale Partners L.P.",
    "KESTREL FOCUS FUND L.P.",
    "Quillmark Partners LUX Fund, L.P.",
    "Larkspur Research & Management, LLC",
]


@pytest.mark.parametrize("rotate", range(len(_MEMBERS)))
@pytest.mark.parametrize("last_joined", [", and ", " and "])
@pytest.mark.parametrize(
    "group", ['(collectively, the "Harrow Parties")', '(each a "Harrow Party")']
)
@pytest.mark.parametrize("wrap_at", [1, 2])
def test_every_party_of_a_listed_group_is_bound(
    rotate: int, last_joined: str, group: str, wrap_at: int
) -> None:
    members = _MEMBERS[rotate:] + _MEMBERS[:rotate]
    listed = ", ".join(members[:-1]) + last_joined + members[-1]
    # the lead party's term wraps after its first `wrap_at` words
    term = ["Harrow", "Vale", "Holdings"]
    lines = [
        'This Cooperation Agreement ("Agreement") is entered into as of July 1, 2020, by and',
        'between Corvel Brands, Inc., a Delaware corporation (the "Company"), and Harrow Vale',
        f'Holdings Management, LLC ("{" ".join(term[:wrap_at])}',
        *textwrap.wrap(f'{" ".join(term[wrap_at:])}"), {listed} {group}.', 80),
        _RECITAL,
    ]
    result = _bind_lines("COOPERATION AGREEMENT", lines)
    lead = "Harrow Vale Holdings Management, LLC"
    assert _parties(result) == {"Corvel Brands, Inc.", lead, *members}
    assert _terms(result)["Harrow Vale Holdings"] == lead
    assert _terms(result)["Company"] == "Corvel Brands, Inc."


@pytest.mark.parametrize("together", ["together with", "collectively with"])
@pytest.mark.parametrize("capitals", [False, True])
def test_a_term_before_the_group_it_forms_names_its_party(together: str, capitals: bool) -> None:
    names = ["Phoenix Life Insurance Company", "Phoenix Equity Planning Corporation"]
    if capitals:
        names = [n.upper() for n in names]
    lines = [
        'This agreement ("Agreement") is entered into as of May 1, 2009, by and among',
        f'{names[0]} ("PLIC" and, {together} Investors Capital Corporation, the "PHL',
        f'Parties"), and {names[1]} ("PEPCO").',
        _RECITAL,
    ]
    result = _bind_lines("STRATEGIC ALLIANCE AGREEMENT", lines)
    assert _terms(result)["PLIC"] == names[0]
    assert _terms(result)["PEPCO"] == names[1]
    assert set(names) <= _parties(result)


# An agreement that opens with its parties labelled by role and no preamble sentence that
# names them ("Party A: / Beijing Baidu Netcom ... Co., Ltd. / Address: ... / Party B: ..."),
# or both labels on one line ("Party A: People's Government of Fenyi County Party B: ...").
_LABELLED = [
    # (party A, party B)
    ("Quillmark Netcom Science and Technology Co., Ltd.", "Harrow & Vale Housing Co., Ltd."),
    ("People's Government of Larkspur County", "KESTREL NEW ENERGY CO., LTD."),
    ("ORVANDI TRADING LIMITED", "Pelorus Works Inc."),
]


@pytest.mark.parametrize(("first", "second"), _LABELLED)
@pytest.mark.parametrize("layout", ["own lines", "one line", "name below label"])
@pytest.mark.parametrize("labels", [("Party A", "Party B"), ("Licensor", "Licensee")])
@pytest.mark.parametrize("swapped", [False, True])
def test_parties_labelled_by_role_at_the_top_are_bound(
    first: str, second: str, layout: str, labels: tuple[str, str], swapped: bool
) -> None:
    if swapped:
        first, second = second, first
    a, b = labels
    if layout == "one line":
        block = [f"{a}: {first} {b}: {second}"]
    elif layout == "own lines":
        block = [f"{a}: {first}", "Address: 12 Elm Road, Springfield", f"{b}: {second}"]
    else:
        block = [f"{a}:", first, "Address: 12 Elm Road, Springfield", f"{b}:", second]
    lines = [
        "Contract Number: 181015BD0120",
        *block,
        "Contact: Telephone: 010-58951000",
        f"{a} welcomes and supports {b} to invest in the project, and the two sides agree:",
        "1. Scope. The project covers the design and the building of the plant.",
    ]
    result = _bind_lines("COOPERATION AGREEMENT", lines)
    assert _parties(result) == {first, second}
    assert _terms(result)[a] == first
    assert _terms(result)[b] == second


@pytest.mark.parametrize("label", ["Contractor", "Party A", "Licensee"])
@pytest.mark.parametrize("name", [first for first, _ in _LABELLED])
def test_one_labelled_name_binds_no_party_and_defines_no_term(label: str, name: str) -> None:
    # One label is a form's field, not the agreement's parties: nothing of it is kept, so a
    # later definition of the same term is the document's.
    lines = [
        f"{label}: {name}",
        "Address: 12 Elm Road, Springfield",
        "1. Scope. The project covers the design and the building of the plant.",
    ]
    result = _bind_lines("SERVICES AGREEMENT", lines)
    assert name not in _parties(result)
    assert label not in _terms(result)
