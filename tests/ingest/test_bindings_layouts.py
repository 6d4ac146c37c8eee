"""BindingExtractor on party layouts of real filings: PDF debris inside a name, a series of a
trust, a party defined inside a group's bracket, a party named in a form field, labelled
signature blocks, instruments that are not called "agreement", and table rows whose quote
must name the table's owner. Names and wording are invented: the rules are general."""

from __future__ import annotations

import re

import pytest

from ingest import BindingContext
from tests.ingest.test_bindings import TABLE, found, one, run


def _parties(lines: list[str]) -> set[str]:
    return {name for name, _ in found(run(lines), "party")}


def test_a_superscript_ordinal_inside_a_name_is_debris() -> None:
    lines = [
        "RESEARCH AGREEMENT",
        'This Research Agreement ("Agreement") is made on June 3, 2015 by and between Halvorsen, nd',
        "Incorporated through its Crop Science Division, having its principal office at 12 Elm Road,",
        'Fargo, North Dakota ("Halvorsen") and Verdane SAS, having an office in Lyon ("Verdane").',
        "Background",
    ]
    assert _parties(lines) == {"Halvorsen, Incorporated", "Verdane SAS"}
    # An ordinal that belongs to the text stays out of names ("the 2nd Corporation" is no name).
    assert BindingContext.company("Halvorsen, nd Incorporated") is not None
    assert BindingContext.company("Halvorsen, nd Incorporated").name == "Halvorsen, Incorporated"  # type: ignore[union-attr]


def test_a_trust_named_with_its_series_is_a_party() -> None:
    lines = [
        "RECEIVABLES PURCHASE AGREEMENT",
        'This RECEIVABLES PURCHASE AGREEMENT, dated as of May 4, 2021 (this "Agreement"), among',
        'NORTHSTAR AUTO OWNER TRUST 2021-B, a Delaware statutory trust, as issuer (the "Issuer"),',
        'NORTHSTAR FUNDING LLC, a Delaware limited liability company, as seller (the "Seller").',
        "WHEREAS, the Seller owns receivables;",
    ]
    assert _parties(lines) == {"NORTHSTAR AUTO OWNER TRUST 2021-B", "NORTHSTAR FUNDING LLC"}
    assert BindingContext.company("Granite Master Trust, Series 2019-1").name == (  # type: ignore[union-attr]
        "Granite Master Trust, Series 2019-1"
    )
    # A series after a company that is no trust or fund is a class of its stock.
    assert BindingContext.company("Wrenfield Games, Inc. Series A").name == "Wrenfield Games, Inc."  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # A designation: a year and a short code, a number, or a few capitals.
        (
            "the Northstar Master Trust, Series 2019-1 notes",
            "Northstar Master Trust, Series 2019-1",
        ),
        ("issued by Delta Fund, Series A-1 and", "Delta Fund, Series A-1"),
        ("ALDER OWNER TRUST 2020-A, as issuer", "ALDER OWNER TRUST 2020-A"),
        # A date is no series; neither is a word after "Series" nor a lower-case "series".
        ("paid to the Smith Family Trust 2019-06-30 distribution", "Smith Family Trust"),
        ("the Granite Master Trust, Series Trustee", "Granite Master Trust"),
        ("the Halvorsen Trust, series The Notes", "Halvorsen Trust"),
        ("the Delta Fund, Series Seed investors", "Delta Fund"),
    ],
)
def test_a_series_is_a_designation_not_any_word_after_the_name(text: str, name: str) -> None:
    match = re.search(BindingContext.company_pattern, text)
    assert match is not None
    assert match.group(0) == name
    assert BindingContext.company(match.group(0)).name == name  # type: ignore[union-attr]


def test_a_party_defined_before_the_group_it_forms_with_another() -> None:
    lines = [
        "LICENSE AGREEMENT",
        'THIS LICENSE AGREEMENT (this "Agreement") is made as of March 2, 2020 by and among',
        'ORION LABS, INC., a Utah corporation ("Orion"), Orion Field Tech LLC, a Utah limited',
        'liability company and an affiliate of Orion (the "Affiliate," and together with Orion,',
        'the "Licensor") and PEAK DEVICES, LLC, a Utah limited liability company ("Licensee").',
        "RECITALS:",
    ]
    parties = _parties(lines)
    assert "Orion Field Tech LLC" in parties
    assert {"ORION LABS, INC.", "PEAK DEVICES, LLC"} <= parties
    lines[3] = 'liability company (collectively with Orion, the "Licensor") and PEAK DEVICES, LLC,'
    # A bracket that only names the group defines no term for this entity by itself.
    assert "Orion Field Tech LLC" not in _parties(lines[:3] + lines[4:])


_FORM_PREAMBLE = [
    'This EQUIPMENT MAINTENANCE AGREEMENT ("Agreement") is entered into by and between',
    'Coastal Savings Bank, N.A. ("Bank"), a national banking association, and the above-named',
    "Vendor, a corporation.",
    "1. Services.",
]


def _vendors(lines: list[str]) -> set[str]:
    result = run(lines)
    return {
        b.subject_name
        for b in result.bindings
        if b.role == "party" and "Vendor" in b.attributes.get("defined_terms", "").split("; ")
    }


def test_a_party_named_in_a_form_field_above_the_preamble() -> None:
    lines = [
        "Equipment Maintenance Agreement",
        TABLE + "Contract Number: | EM-5521",
        TABLE + "Vendor Name: | Bluefin Controls, Inc.",
        TABLE + "Vendor Address: | 8 Harbor Way, Tampa, FL",
        *_FORM_PREAMBLE,
    ]
    result = run(lines)
    vendor = one(result, "party", "bluefin controls inc")
    assert vendor.attributes.get("contract_role") == "vendor"
    assert "Vendor Name" in vendor.quote
    # The term's own field wins over a generic one naming someone else.
    with_company = [*lines[:3], TABLE + "Company Name: | Gulfline Parts LLC", *lines[3:]]
    assert _vendors(with_company) == {"Bluefin Controls, Inc."}
    assert "Gulfline Parts LLC" not in _parties(with_company)
    # Two different names in the term's fields: which one the term means is unknown.
    two = [*lines[:3], TABLE + "Vendor Name: | Gulfline Parts LLC", *lines[3:]]
    assert _vendors(two) == set()


def test_a_generic_name_field_right_under_the_title_names_the_party() -> None:
    lines = [
        "Software License and Maintenance Agreement",
        TABLE + "Agreement Number: | SL-2207",
        TABLE + "Company Name: | Bluefin Controls, Inc.",
        TABLE + "Company Address: | 8 Harbor Way, Tampa, FL",
        *_FORM_PREAMBLE,
    ]
    assert _vendors(lines) == {"Bluefin Controls, Inc."}
    # A field for another role makes the generic one ambiguous.
    other = [*lines[:2], TABLE + "Customer Name: | Gulfline Parts LLC", *lines[2:]]
    assert _vendors(other) == set()


def test_a_form_field_naming_the_other_party_or_a_third_one_binds_nothing() -> None:
    # The header names the bank, which the preamble names itself; the vendor's field is empty.
    blank_vendor = [
        "Equipment Maintenance Agreement",
        TABLE + "Company Name: | Coastal Savings Bank, N.A.",
        TABLE + "Vendor Name: | ",
        TABLE + "Vendor Address: | ",
        *_FORM_PREAMBLE,
    ]
    assert _vendors(blank_vendor) == set()
    bank = one(run(blank_vendor), "party", "coastal savings bank na")
    assert bank.attributes.get("defined_terms") == "Bank"
    # Without the empty vendor field, the bank is still no "above-named Vendor".
    assert _vendors([*blank_vendor[:2], *blank_vendor[4:]]) == set()
    # A contact's firm under "Prepared by:" is no party, whatever its field's label says.
    for label in ("Name", "Company Name"):
        prepared = [
            "Equipment Maintenance Agreement",
            TABLE + "Prepared by:",
            TABLE + f"{label}: | Harbor Procurement Consultants LLC",
            *_FORM_PREAMBLE,
        ]
        assert "Harbor Procurement Consultants LLC" not in _parties(prepared)


def test_a_signature_label_is_not_part_of_the_signing_company() -> None:
    lines = [
        "IN WITNESS WHEREOF, the parties have signed this Agreement.",
        "KESTREL: | KESTREL AVIONICS, INC.",
        "By: /s/ Mara Quint",
        "Name: Mara Quint",
        "Title: President",
    ]
    assert found(run(lines), "signatory") == {("Mara Quint", "KESTREL AVIONICS, INC.")}
    # A label that is a defined term for the company.
    defined = [
        'This Agreement is made between Kestrel Avionics, Inc. ("KAV") and Beta Foods LLC.',
        *lines[:1],
        "KAV: | KESTREL AVIONICS, INC.",
        *lines[2:],
    ]
    assert found(run(defined), "signatory") == {("Mara Quint", "KESTREL AVIONICS, INC.")}


def test_a_signer_under_another_label_signs_for_no_party() -> None:
    lines = [
        'This Agreement is made by and between Acme Robotics, Inc. ("Seller") and Beta Foods LLC.',
        "IN WITNESS WHEREOF, the parties have signed this Agreement.",
        "ACME ROBOTICS, INC.",
        "By: /s/ Mara Quint",
        "Name: Mara Quint",
        "Title: President",
        "Witnessed By: Harbor Notary Services LLC",
        "By: /s/ Jon Vale",
        "Name: Jon Vale",
        "Title: Notary",
    ]
    assert found(run(lines), "signatory") == {("Mara Quint", "ACME ROBOTICS, INC.")}
    # Alone under the recital, the witness's block is no party's either.
    assert found(run([*lines[:2], *lines[6:]]), "signatory") == set()
    # Nor does a block whose head is unknown sign for the block above it.
    escrow = [*lines[:6], "Acknowledged by Escrow Holder: | Harbor Title Company", *lines[7:]]
    assert found(run(escrow), "signatory") == {("Mara Quint", "ACME ROBOTICS, INC.")}


@pytest.mark.parametrize(
    ("head", "signs_for"),
    [
        # Words of acceptance before a party's name are no label of another signer.
        ("Accepted and agreed to by: | BETA FOODS LLC", "BETA FOODS LLC"),
        (
            "ACKNOWLEDGED AND AGREED AS OF THE DATE FIRST WRITTEN ABOVE: BETA FOODS LLC",
            "BETA FOODS LLC",
        ),
        # ... but acceptance by someone named for another role is that one's, not a party's.
        ("ACKNOWLEDGED AND AGREED BY ESCROW HOLDER: HARBOR TITLE COMPANY", None),
        ("Attest: Harbor Title Company", None),
    ],
)
def test_acceptance_words_above_a_signature(head: str, signs_for: str | None) -> None:
    lines = [
        'This Agreement is made by and between Acme Robotics, Inc. ("Seller") and Beta Foods LLC.',
        "IN WITNESS WHEREOF, the parties have signed this Agreement.",
        head,
        "By: /s/ Jon Vale",
        "Name: Jon Vale",
        "Title: Manager",
    ]
    expected = {("Jon Vale", signs_for)} if signs_for else set()
    assert found(run(lines), "signatory") == expected


def test_a_power_of_attorney_is_titled_by_its_heading() -> None:
    result = run(
        [
            "SPECIAL POWER OF ATTORNEY",
            "KNOW ALL MEN BY THESE PRESENTS, dated as of May 1, 2010, that LARKSPUR ADVISERS",
            'COMPANY, a Delaware statutory trust (the "Adviser"), hereby appoints HOLLIS',
            'PORTFOLIO SERVICES COMPANY, a Delaware statutory trust ("HFS"), as its attorney.',
            "The Adviser ratifies all acts of HFS hereunder.",
        ]
    )
    heads = [b for b in result.bindings if b.role == "agreement"]
    assert [b.subject_name for b in heads] == ["SPECIAL POWER OF ATTORNEY"]
    assert {b.subject_name for b in result.bindings if b.role == "party"} == {
        "LARKSPUR ADVISERS COMPANY",
        "HOLLIS PORTFOLIO SERVICES COMPANY",
    }


def test_a_table_row_quotes_the_title_that_names_its_owner() -> None:
    result = run(
        [
            "Exhibit 21.1",
            "Subsidiaries of Marlow Instruments Corp.",
            TABLE + "Name | State of Organization | Ownership",
            TABLE + "Marlow Sensors LLC | Oregon | 100%",
            TABLE + "Marlow Optics B.V. | Netherlands | 100%",
        ]
    )
    row = one(result, "subsidiary", "marlow optics bv")
    assert row.parent_name == "Marlow Instruments Corp."
    assert row.quote.splitlines()[0] == "Subsidiaries of Marlow Instruments Corp."
    assert row.quote.splitlines()[-1] == "Marlow Optics B.V. | Netherlands | 100%"
    assert (row.location.line_start, row.location.line_end) == (2, 5)
    cap = run(
        [
            "Capitalization of Wrenfield Games, Inc.",
            TABLE + "Stockholder | Shares | %",
            TABLE + "Ilse Moreau | 600,000 | 60.0%",
            TABLE + "Dorian Pike | 400,000 | 40.0%",
        ]
    )
    holder = one(cap, "shareholder", "dorian pike")
    assert "Wrenfield Games, Inc." in holder.quote and "Dorian Pike" in holder.quote


def test_a_row_far_below_its_title_quotes_only_itself() -> None:
    rows = [TABLE + f"Marlow Unit {i} LLC | Oregon | 100%" for i in range(1, 41)]
    result = run(["Subsidiaries of Marlow Instruments Corp.", *rows])
    first = one(result, "subsidiary", "marlow unit 1 llc")
    last = one(result, "subsidiary", "marlow unit 40 llc")
    assert first.quote.startswith("Subsidiaries of Marlow Instruments Corp.")
    assert last.quote == "Marlow Unit 40 LLC | Oregon | 100%"
