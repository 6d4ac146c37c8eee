"""Where a party's legal form stands, as generated variants typeset to real PDFs and parsed.
CUAD's development contracts (bench/parties --misses) showed names the reader cut or dropped
for the way their legal form is written: a bank's form after a comma ("Wilmington Savings
Fund Society, FSB" read as "Wilmington Savings Fund"), a bank's name wrapped after its head
noun ("Wilmington Savings Fund / Society, FSB"), a form written before the name ("JSC NOC
KazakhOil", "JSC Karakudukmunay": no party bound), and an opener in capitals ("THIS
AGREEMENT IS MADE BY AND BETWEEN ACME, INC.") whose words were read as the first party's. An
"&" in prose, "Co." for a county and "JSC" in prose name no party."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _RECITAL, _bind_lines, _parties, _terms

_OTHERS = ["Corvel Brands, Inc.", "HARROW & VALE MEDIA LLC", "Orvandi Labs GmbH"]


def _listed(first: str, second: str) -> list[str]:
    return [f"This Agreement is made by and between {first}", f"and {second}.", _RECITAL]


# A bank's legal form after a comma: a federal savings bank's.
_BANKS = [
    "Wilmington Savings Fund Society, FSB",
    "Harrow Federal Savings Bank, F.S.B.",
    "ORVANDI SAVINGS SOCIETY, FSB",
    "Marion County Savings Fund Society, FSB",
]


@pytest.mark.parametrize(
    ("bank", "other", "bank_first"),
    [(bank, _OTHERS[i % 3], i % 2 == 0) for i, bank in enumerate(_BANKS)],
)
def test_a_bank_s_form_after_a_comma_is_part_of_its_name(
    bank: str, other: str, bank_first: bool
) -> None:
    listed = [f'{bank} (the "Trustee")', f'{other} (the "Company")']
    first, second = listed if bank_first else listed[::-1]
    result = _bind_lines("TRUST AGREEMENT", _listed(first, second))
    assert _parties(result) == {bank, other}
    assert _terms(result)["Trustee"] == bank


# The bank's head noun at a line's end, its name and form wrapped onto the next line.
@pytest.mark.parametrize(
    ("head", "tail"),
    [
        ("Wilmington Savings Fund", "Society, FSB"),
        ("HARROW SAVINGS FUND", "SOCIETY, FSB"),
        ("Orvandi Community Trust", "Bank, N.A."),
    ],
)
def test_a_bank_s_name_wrapped_after_its_head_noun_is_whole(head: str, tail: str) -> None:
    result = _bind_lines(
        "AGENCY AGREEMENT",
        [
            'This Agency Agreement is made by and between Corvel Brands, Inc. ("Merchant"), and',
            f'(a) Orvandi Labs GmbH ("Orvandi") and (b) {head}',
            f"{tail}, as the indenture agent and collateral trustee for the notes (the",
            '"Notes") issued by Corvel, on the other hand (in such capacities, the "Trustee").',
            _RECITAL,
        ],
    )
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs GmbH", f"{head} {tail}"}


# A legal form written before the name (joint-stock companies): a whole word, before a
# capitalised name.
_PREFORMED = [
    ("JSC NOC KazakhOil", "JSC Karakudukmunay"),
    ("OJSC Severo Metals", "Corvel Brands, Inc."),
    ("PJSC ORVANDI ENERGY", "HARROW & VALE MEDIA LLC"),
]


@pytest.mark.parametrize(("first", "second"), _PREFORMED)
@pytest.mark.parametrize("dated", [False, True])
def test_a_form_before_the_name_opens_it_in_a_sides_preamble(
    first: str, second: str, dated: bool
) -> None:
    # a place and a date, then a heading, above the preamble: no address before the name
    heading = ["Riga                    March 3, 2001", "PREAMBLE"] if dated else []
    result = _bind_lines(
        "TRANSPORTATION CONTRACT",
        [
            *heading,
            f'{first}, hereinafter referred to as the "Company", in the person of Director',
            "Ms. A. M. Rakhimbekov, acting on the basis of the Charter, on the one side and",
            f'{second}, hereinafter referred to as the "Principal", on the other side, have',
            "entered into this Contract as follows:",
            _RECITAL,
        ],
    )
    assert _parties(result) == {first, second}
    assert _terms(result)["Company"] == first
    assert _terms(result)["Principal"] == second


@pytest.mark.parametrize(("first", "second"), _PREFORMED)
def test_a_form_before_the_name_opens_it_in_a_list(first: str, second: str) -> None:
    result = _bind_lines("SUPPLY AGREEMENT", _listed(f'{first} ("Buyer")', f'{second} ("Seller")'))
    assert _parties(result) == {first, second}
    assert _terms(result)["Buyer"] == first


# An opener in capitals: its words are no party's.
@pytest.mark.parametrize(
    "opener",
    [
        "THIS AGREEMENT IS MADE BY AND BETWEEN",
        "THIS AGREEMENT IS ENTERED INTO BY AND BETWEEN",
        "THIS AGREEMENT IS BETWEEN",
    ],
)
@pytest.mark.parametrize(
    ("first", "second"),
    [("CORVEL BRANDS, INC.", "ORVANDI LABS GMBH"), ("HARROW & VALE MEDIA LLC", "KESTREL LTD.")],
)
def test_an_opener_in_capitals_is_no_party_s_words(opener: str, first: str, second: str) -> None:
    result = _bind_lines(
        "SUPPLY AGREEMENT",
        [f'{opener} {first} ("SUPPLIER")', f'AND {second} ("RESELLER").', _RECITAL],
    )
    assert _parties(result) == {first, second}
    assert _terms(result)["SUPPLIER"] == first


# Negatives: an "&" in prose, "Co." for a county or a company in a sentence, "JSC" in prose.
@pytest.mark.parametrize(
    "lines",
    [
        [
            "This Agreement is made by and between Corvel Brands, Inc., of 12 Elm Road, Marion Co.,",
            'Ohio ("Supplier") and Orvandi Labs GmbH ("Reseller").',
        ],
        [
            'This Agreement is made by and between Corvel Brands, Inc. ("Supplier") and',
            'Orvandi Labs GmbH ("Reseller"). The JSC Members shall meet monthly.',
        ],
        [
            'This Agreement is made by and between Corvel Brands, Inc. ("Supplier") and Orvandi',
            'Labs GmbH ("Reseller"), for research & development. Harrow & Co. shall advise.',
        ],
        [
            'This Agreement is made by and between Corvel Brands, Inc. ("Supplier") and Orvandi',
            'Labs GmbH ("Reseller"), under the JSC Charter of the Co. named in Exhibit A.',
        ],
    ],
)
def test_prose_names_no_party(lines: list[str]) -> None:
    result = _bind_lines("RESELLER AGREEMENT", [*lines, _RECITAL])
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs GmbH"}


# A name wrapped after an officer's title before it: the line's words after the title's "of"
# are the name's first words.
@pytest.mark.parametrize(
    ("head", "tail"),
    [
        ("KESTREL", "ANALYTICS GMBH"),
        ("ORVANDI DATA", "SYSTEMS, INC."),
        ("Harrow", "Media Labs Ltd."),
    ],
)
def test_a_name_wrapped_after_a_title_is_whole(head: str, tail: str) -> None:
    result = _bind_lines(
        "SERVICES AGREEMENT",
        [
            'This Agreement is made by and between Corvel Brands, Inc. ("Supplier") and Jane Roe,',
            f"Chief Executive Officer of {head}",
            f'{tail} ("Client").',
            _RECITAL,
        ],
    )
    assert _parties(result) == {"Corvel Brands, Inc.", f"{head} {tail}"}
    assert _terms(result)["Client"] == f"{head} {tail}"


# A numbered name wrapped after its first words: the number and the words on the line above
# are the name's.
@pytest.mark.parametrize(
    ("head", "tail"),
    [
        ("551 FX IB", "Associates, LLC"),
        ("2205925", "Ontario Limited"),
        ("3 RIVERS", "Ventures, L.P."),
    ],
)
def test_a_numbered_name_wrapped_after_its_first_words_is_whole(head: str, tail: str) -> None:
    result = _bind_lines(
        "RESELLER AGREEMENT",
        [
            f'This Agreement is made by and between Corvel Brands, Inc. ("Supplier") and {head}',
            f'{tail} ("Reseller").',
            _RECITAL,
        ],
    )
    assert _parties(result) == {"Corvel Brands, Inc.", f"{head} {tail}"}
    assert _terms(result)["Reseller"] == f"{head} {tail}"


# An address's or a date's number at a line's end opens no name.
@pytest.mark.parametrize(
    "lines",
    [
        [
            'This Agreement is made by and between Corvel Brands, Inc. ("Supplier"), of Suite 304',
            'and 12 Elm Road, Springfield, Ohio 43017 and Orvandi Labs GmbH ("Reseller").',
        ],
        [
            "THIS AGREEMENT is dated 1 May 2019 BETWEEN",
            'Corvel Brands, Inc. ("Supplier") and Orvandi Labs GmbH ("Reseller").',
        ],
        [
            'This Agreement is made by and between Corvel Brands, Inc. ("Supplier"), of 12 Elm',
            'Road, Springfield, Ohio 43017, and Orvandi Labs GmbH ("Reseller").',
        ],
    ],
)
def test_an_address_or_date_number_wrapped_before_a_name_stays_out(lines: list[str]) -> None:
    result = _bind_lines("RESELLER AGREEMENT", [*lines, _RECITAL])
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs GmbH"}


# A block of parties labelled in capitals ("PARTY A:", "LICENSOR:") as in mixed case.
@pytest.mark.parametrize(
    ("label_a", "label_b"),
    [("PARTY A", "PARTY B"), ("LICENSOR", "LICENSEE"), ("Party A", "Party B")],
)
@pytest.mark.parametrize(
    ("first", "second"),
    [("CORVEL BRANDS, INC.", "ORVANDI LABS GMBH"), ("Harrow Vale Media Co., Ltd.", "Kestrel Ltd.")],
)
def test_a_block_of_parties_labelled_in_capitals_names_them(
    label_a: str, label_b: str, first: str, second: str
) -> None:
    result = _bind_lines(
        "COOPERATION AGREEMENT",
        [
            f"{label_a}: {first}",
            "ADDRESS: 12 Elm Road, Springfield",
            f"{label_b}: {second}",
            "The parties agree as follows:",
            _RECITAL,
        ],
    )
    assert _parties(result) == {first, second}
    assert _terms(result)[label_a] == first


# A heading or a field in capitals is no party's label.
def test_a_field_in_capitals_is_no_party_s_label() -> None:
    result = _bind_lines(
        "COOPERATION AGREEMENT",
        [
            "ADDRESS: 12 Elm Road, Springfield",
            "ATTENTION: Corvel Brands, Inc.",
            'This Agreement is made by and between Corvel Brands, Inc. ("Supplier") and',
            'Orvandi Labs GmbH ("Reseller").',
            _RECITAL,
        ],
    )
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs GmbH"}


# A form after a comma, then "and" and the next name: the comma lists no third party
# ("KESTREL PARTNERS, L.P. and HARROW & VALE MEDIA LLC" bound "L.P. and HARROW & VALE MEDIA
# LLC" too).
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("KESTREL PARTNERS, L.P.", "HARROW & VALE MEDIA LLC"),
        ("Kestrel Partners, L.P.", "Harrow & Vale Media LLC"),
        ("CORVEL BRANDS, INC.", "ORVANDI LABS GMBH"),
        ("Larkspur Data, LLC", "Quillmark Systems Ltd."),
    ],
)
@pytest.mark.parametrize("joiner", ["and", "&"])
@pytest.mark.parametrize("reordered", [False, True])
def test_a_form_after_a_comma_ends_the_name_before_the_next(
    first: str, second: str, joiner: str, reordered: bool
) -> None:
    one, two = (second, first) if reordered else (first, second)
    result = _bind_lines(
        "AGENCY AGREEMENT",
        [
            "This Agency Agreement is made as of April 18, 2018, by and between",
            f"{one} {joiner} {two}",
            '(collectively, the "Agent").',
            _RECITAL,
        ],
    )
    assert _parties(result) == {one, two}


# Central European legal forms and forms whose stops fall elsewhere (CUAD's development
# contracts: "EuroTel Bratislava a.s., Stefanikova 17, ..." bound no party), each a party
# with its form, its address after it or its term; the list opened "concluded between".
_FOREIGN_FORMS = [
    ("EuroTel Bratislava a.s.", "Sicap Ltd"),
    ("Kestrel Dvorak s.r.o.", "Corvel Brands, Inc."),
    ("HARROW & VALE SP. Z O.O.", "Orvandi Labs GmbH"),
    ("Orvandi Logistik GmbH & Co.KG", "Harrow & Vale Media LLC"),
    ("Stellar 4 d.o.o.", "Harrow Media LLC"),
    ("Quillmark Zrt.", "Corvel Brands, Inc."),
]


@pytest.mark.parametrize(("party", "other"), _FOREIGN_FORMS)
@pytest.mark.parametrize("addressed", [False, True])
def test_a_foreign_legal_form_ends_a_party_s_name(party: str, other: str, addressed: bool) -> None:
    if addressed:
        lines = [
            f"This Contract is concluded between {party}, Hlavna 17,",
            "838 01 Bratislava, Slovakia",
            f"and {other}, Bernstrasse 34, Bern.",
            _RECITAL,
        ]
    else:
        lines = _listed(f'{party} (the "Supplier")', f'{other} (the "Buyer")')
    result = _bind_lines("SUPPORT CONTRACT", lines)
    assert _parties(result) == {party, other}
    if not addressed:
        assert _terms(result) == {"Supplier": party, "Buyer": other}
