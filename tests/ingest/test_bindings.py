"""BindingExtractor on documents laid out from lines of text (each rule, negatives, citations)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from uuid import NAMESPACE_URL, uuid5

import pytest

from domain import Binding, BindingType, SubjectType, entity_key
from ingest import (
    BindingExtractor,
    BindingResult,
    LocatedLine,
    PageInfo,
    ParsedDocument,
)

FURNITURE = "@@"  # a line starting with this marker is laid out as a running header/footer
TABLE = "||"  # ... as a table row


def make_doc(lines: Sequence[str], name: str = "doc.pdf", per_page: int = 40) -> ParsedDocument:
    """Lay lines onto pages with exact char offsets (lines joined by a single "\\n")."""
    located: list[LocatedLine] = []
    pos = 0
    for i, raw in enumerate(lines):
        furniture = raw.startswith(FURNITURE)
        table = raw.startswith(TABLE)
        text = raw.removeprefix(FURNITURE).removeprefix(TABLE)
        page, line_no = i // per_page + 1, i % per_page + 1
        y = 72.0 + 14.0 * (line_no - 1)
        located.append(
            LocatedLine(
                page=page,
                line_no=line_no,
                text=text,
                bbox=(72.0, y, 72.0 + 5.0 * len(text), y + 11.0),
                char_start=pos,
                char_end=pos + len(text),
                paragraph=i + 1,
                is_furniture=furniture,
                is_table_row=table,
            )
        )
        pos += len(text) + 1
    full = "\n".join(line.text for line in located)
    pages = tuple(
        PageInfo(
            number=p, width=612.0, height=792.0, line_count=sum(1 for ln in located if ln.page == p)
        )
        for p in sorted({ln.page for ln in located})
    )
    return ParsedDocument(
        document_id=hashlib.sha256(full.encode()).hexdigest(),
        name=name,
        text=full,
        lines=tuple(located),
        pages=pages,
    )


def run(lines: Sequence[str]) -> BindingResult:
    return BindingExtractor().run(make_doc(lines))


def found(result: BindingResult, role: str) -> set[tuple[str, str | None]]:
    return {(b.subject_name, b.parent_name) for b in result.bindings if b.role == role}


def one(result: BindingResult, role: str, subject_key: str) -> Binding:
    hits = [b for b in result.bindings if b.role == role and b.subject_key == subject_key]
    assert len(hits) == 1, [(b.role, b.subject_key) for b in result.bindings]
    return hits[0]


PREAMBLE = [
    "MASTER SUPPLY AGREEMENT",
    'This Master Supply Agreement (the "Agreement") is entered into as of March 3, 2021 by and',
    "between Acme Robotics, Inc., a Delaware corporation (the \u201cSupplier\u201d), and Beta Foods",
    'Limited, a company incorporated under the laws of England and Wales ("Customer").',
    "WHEREAS, Supplier makes robots;",
    "NOW, THEREFORE, the parties agree as follows:",
    "1. Supply. Supplier shall supply robots to Customer.",
]


def test_preamble_parties_roles_agreement_and_aliases() -> None:
    doc = make_doc(PREAMBLE, name="msa.pdf")
    result = BindingExtractor().run(doc, independence_group="g1")
    acme = one(result, "party", "acme robotics inc")
    beta = one(result, "party", "beta foods ltd")
    assert acme.attributes["contract_role"] == "supplier"
    assert beta.attributes["contract_role"] == "customer"
    assert acme.binding_type == BindingType.CONTRACTUAL_ROLE
    assert acme.parent_key == beta.parent_key == f"agreement:{doc.document_id[:16]}"
    agreement = one(result, "agreement", f"agreement:{doc.document_id[:16]}")
    assert agreement.subject_type == SubjectType.AGREEMENT
    assert agreement.attributes["title"] == "MASTER SUPPLY AGREEMENT"
    assert agreement.attributes["date"] == "March 3, 2021"
    assert agreement.attributes["parties"] == "Acme Robotics, Inc.; Beta Foods Limited"
    assert found(result, "jurisdiction") == {
        ("Delaware", "Acme Robotics, Inc."),
        ("England and Wales", "Beta Foods Limited"),
    }
    aliases = {(a.alias, a.entity_key) for a in result.aliases}
    assert ("Supplier", "acme robotics inc") in aliases
    assert ("Customer", "beta foods ltd") in aliases
    assert all(a.document_id == doc.document_id for a in result.aliases)
    assert all(b.independence_group == "g1" for b in result.bindings)


def test_citations_are_exact_lines_and_ids_follow_the_formula() -> None:
    doc = make_doc(PREAMBLE)
    result = BindingExtractor().run(doc)
    for b in result.bindings:
        loc = b.location
        assert doc.text[loc.char_start : loc.char_end] == b.quote
        cited = [ln for ln in doc.lines if loc.char_start <= ln.char_start < loc.char_end]
        assert b.quote == "\n".join(ln.text for ln in cited)
        assert (loc.line_start, loc.line_end) == (cited[0].line_no, cited[-1].line_no)
        assert loc.bbox is not None and loc.bbox.page == loc.page
        expected = uuid5(
            NAMESPACE_URL,
            f"{doc.document_id}:{b.role}:{b.subject_key}:{b.parent_key or ''}:{loc.char_start}",
        )
        assert b.binding_id == str(expected)
    acme = one(result, "party", "acme robotics inc")
    assert "Acme Robotics, Inc." in acme.quote and acme.location.line_start == 3


def test_output_is_deterministic_and_ordered() -> None:
    doc = make_doc([*PREAMBLE, "Jane Roe, Chief Financial Officer of the Supplier, signed."])
    first = BindingExtractor().run(doc)
    second = BindingExtractor().run(doc)
    assert first == second
    keys = [(b.location.char_start, b.role, b.subject_key) for b in first.bindings]
    assert keys == sorted(keys)


def test_officer_through_defined_term() -> None:
    result = run(
        [
            'Acme Robotics, Inc. (the "Company") hereby certifies the following.',
            "Jane Roe, Chief Financial Officer of the Company, approved the budget.",
            "Acme Robotics, Inc.'s Chief Executive Officer is John Smith.",
            "Mary Major is the President and Secretary of Gamma Widgets LLC.",
        ]
    )
    assert found(result, "cfo") == {("Jane Roe", "Acme Robotics, Inc.")}
    assert found(result, "ceo") == {("John Smith", "Acme Robotics, Inc.")}
    assert found(result, "president") == {("Mary Major", "Gamma Widgets LLC")}
    assert found(result, "secretary") == {("Mary Major", "Gamma Widgets LLC")}
    # One role stated, not another.
    assert ("Jane Roe", "Acme Robotics, Inc.") not in found(result, "ceo")
    assert all(
        b.binding_type == BindingType.EXPLICIT_STATEMENT
        for b in result.bindings
        if b.role in {"cfo", "ceo", "president", "secretary"}
    )


@pytest.mark.parametrize(
    ("text", "expected", "co"),
    [
        ("Jane Roe founded Acme Robotics, Inc. in 2015.", {"Jane Roe"}, False),
        (
            "Acme Robotics, Inc. was founded by Jane Roe and John Smith in a garage.",
            {"Jane Roe", "John Smith"},
            False,
        ),
        ("John Smith, co-founder of Acme Robotics, Inc., spoke first.", {"John Smith"}, True),
        ("Acme Robotics, Inc.'s founder, Jane Roe, spoke.", {"Jane Roe"}, False),
        (
            "The founders of Acme Robotics, Inc. are Jane Roe, John Smith and Ann Lee.",
            {"Jane Roe", "John Smith", "Ann Lee"},
            False,
        ),
    ],
)
def test_founder_patterns(text: str, expected: set[str], co: bool) -> None:
    result = run([text])
    bindings = [b for b in result.bindings if b.role == "founder"]
    assert {b.subject_name for b in bindings} == expected
    assert {b.parent_key for b in bindings} == {"acme robotics inc"}
    assert all(b.binding_type == BindingType.OWNERSHIP for b in bindings)
    assert all((b.attributes.get("qualifier") == "co-founder") == co for b in bindings)


@pytest.mark.parametrize(
    "text",
    [
        "John Doe, Founder",
        "Every company founder knows the risks of hiring.",
        "Jane Roe was a founder of several companies.",
        "The Chief Executive Officer shall report to the Board.",
        "John Doe, Chief Executive Officer",
    ],
)
def test_role_without_named_parent_is_never_a_binding(text: str) -> None:
    assert run([text]).bindings == ()


def test_similarly_named_company_is_a_different_parent() -> None:
    result = run(
        [
            "Jane Roe founded Acme Robotics GmbH in Berlin.",
            "John Smith, Chief Executive Officer of Acme Robotics, Inc., declined.",
        ]
    )
    assert {b.parent_key for b in result.bindings if b.role == "founder"} == {"acme robotics gmbh"}
    assert {b.parent_key for b in result.bindings if b.role == "ceo"} == {"acme robotics inc"}


def test_shareholders_in_text_and_cap_table() -> None:
    result = run(
        [
            "Jane Roe owns 40% of the outstanding shares of Acme Robotics, Inc.",
            "Delta Ventures LP is the sole shareholder of Gamma Widgets LLC.",
            "Capitalization of Acme Robotics, Inc.",
            "||Shareholder | Shares | Percentage",
            "||Jane Roe | 4,000,000 | 40.0%",
            "||Omega Capital Partners, L.P. | 3,500,000 | 35.0%",
            "||Total | 10,000,000 | 100.0%",
            "The table above is unaudited.",
        ]
    )
    holders = [b for b in result.bindings if b.role == "shareholder"]
    by_subject = {(b.subject_name, b.parent_name): b.attributes for b in holders}
    assert by_subject[("Jane Roe", "Acme Robotics, Inc.")]["stake"] in {"40%", "40.0%"}
    assert by_subject[("Omega Capital Partners, L.P.", "Acme Robotics, Inc.")] == {
        "shares": "3,500,000",
        "stake": "35.0%",
    }
    assert ("Delta Ventures LP", "Gamma Widgets LLC") in by_subject
    assert not any(b.subject_name.startswith("Total") for b in holders)


def test_subsidiaries_affiliates_and_parent_company() -> None:
    result = run(
        [
            "Beta Robotics GmbH, a wholly-owned subsidiary of Acme Robotics, Inc., will perform.",
            "Zeta Labs LLC is an affiliate of Acme Robotics, Inc.",
            "Omega Holdings plc is the parent company of Acme Robotics, Inc.",
        ]
    )
    sub = one(result, "subsidiary", "beta robotics gmbh")
    assert sub.parent_key == "acme robotics inc" and sub.attributes["qualifier"] == "wholly-owned"
    assert found(result, "affiliate") == {("Zeta Labs LLC", "Acme Robotics, Inc.")}
    assert found(result, "parent_company") == {("Omega Holdings plc", "Acme Robotics, Inc.")}


def test_exhibit_21_list_with_jurisdictions() -> None:
    result = run(
        [
            "@@Acme Robotics, Inc. Annual Report",
            "EXHIBIT 21",
            "SUBSIDIARIES OF ACME ROBOTICS, INC.",
            "Name of Subsidiary    Jurisdiction of Organization",
            "Acme Robotics Europe B.V.    Netherlands",
            "Acme Robotics Japan K.K.    Japan",
            "Acme Sensors LLC    Delaware",
            "@@Page 1",
        ]
    )
    assert found(result, "subsidiary") == {
        ("Acme Robotics Europe B.V.", "ACME ROBOTICS, INC."),
        ("Acme Robotics Japan K.K.", "ACME ROBOTICS, INC."),
        ("Acme Sensors LLC", "ACME ROBOTICS, INC."),
    }
    assert ("Netherlands", "Acme Robotics Europe B.V.") in found(result, "jurisdiction")
    # Furniture is never cited.
    assert all("Annual Report" not in b.quote for b in result.bindings)


@pytest.mark.parametrize(
    "title",
    [
        "Acme Robotics, Inc. Subsidiaries",
        "MAJOR SUBSIDIARIES OF THE REGISTRANT AT DECEMBER 31, 2019",
        "ACME ROBOTICS, INC. AND CONSOLIDATED SUBSIDIARIES (PARENT AND SUBSIDIARIES)",
    ],
)
def test_exhibit_21_titled_another_way(title: str) -> None:
    # "EXHIBIT 21" over a title that is not "Subsidiaries of X": the list is the registrant's.
    result = run(
        [
            "@@Acme Robotics, Inc. Annual Report",
            'Commission file number 1-1234. ACME ROBOTICS, INC. (the "Registrant")',
            "EXHIBIT 21",
            title,
            "Name of Company    Organized Under Law of",
            "Acme Robotics Europe B.V.    Netherlands",
            "Acme Sensors LLC    Delaware",
            "@@Page 1",
        ]
    )
    assert {name for name, _ in found(result, "subsidiary")} == {
        "Acme Robotics Europe B.V.",
        "Acme Sensors LLC",
    }
    assert {entity_key(parent) for _, parent in found(result, "subsidiary")} == {
        "acme robotics inc"
    }
    # An exhibit index line that only mentions subsidiaries opens no list.
    index = run(["EXHIBIT 21", "Exhibit index", "Acme Sensors LLC    Delaware"])
    assert not found(index, "subsidiary")


def test_exhibit_21_list_keeps_whole_foreign_legal_forms() -> None:
    # A row whose legal form was unknown ended the list, or was cut at a shorter form
    # ("S.A." out of "S.A. de C.V."): the rest of the list was lost or named wrongly.
    result = run(
        [
            "EXHIBIT 21",
            "SUBSIDIARIES OF ACME ROBOTICS, INC.",
            "Acme de Mexico, S.A. de C.V.    Mexico",
            "Acme Servicios S. de R.L. de C.V.    Mexico",
            "Acme Robotics (Malaysia) Sdn. Bhd.    Malaysia",
            "Acme Robotics Polska Sp. z o.o.    Poland",
            "Acme Deutschland GmbH & Co. oHG    Germany",
            "Acme Gida Ticaret Limited Sirketi    Turkey",
            "Acme Finance Luxembourg S.à r.l.    Luxembourg",
            "Acme France SNC    France",
            "Acme Middle East FZCO    United Arab Emirates",
            "Acme Pagos, S.L.U    Spain",
            "Acme Payments Lithuania UAB    Lithuania",
            "Acme Sensors LLC    Delaware",
            "@@Page 1",
        ]
    )
    assert {name for name, _ in found(result, "subsidiary")} == {
        "Acme de Mexico, S.A. de C.V.",
        "Acme Servicios S. de R.L. de C.V.",
        "Acme Robotics (Malaysia) Sdn. Bhd.",
        "Acme Robotics Polska Sp. z o.o.",
        "Acme Deutschland GmbH & Co. oHG",
        "Acme Gida Ticaret Limited Sirketi",
        "Acme Finance Luxembourg S.à r.l.",
        "Acme France SNC",
        "Acme Middle East FZCO",
        "Acme Pagos, S.L.U",
        "Acme Payments Lithuania UAB",
        "Acme Sensors LLC",
    }
    assert entity_key("Acme de Mexico, S.A. de C.V.") != entity_key("Acme de Mexico, S.A.")


def test_registration_in_a_certificate_of_incorporation() -> None:
    result = run(
        [
            "CERTIFICATE OF INCORPORATION",
            "FIRST: The name of the corporation is Acme Robotics, Inc.",
            "SECOND: The address of the registered office of the Corporation in the State of",
            "Delaware is 1209 Orange Street, Wilmington, New Castle County, Delaware 19801. The",
            "name of its registered agent at such address is The Corporation Trust Company.",
            "FIFTH: The name and mailing address of the sole incorporator is Jane Roe.",
        ]
    )
    agents = [b for b in result.bindings if b.role == "registered_agent"]
    assert [(b.subject_key, b.parent_key) for b in agents] == [
        ("corporation trust co", "acme robotics inc")
    ]
    office = [b for b in result.bindings if b.role == "registered_office"]
    assert len(office) == 1 and office[0].subject_name.startswith("1209 Orange Street")
    assert office[0].subject_type == SubjectType.LOCATION
    assert found(result, "incorporator") == {("Jane Roe", "Acme Robotics, Inc.")}
    assert all(
        b.binding_type == BindingType.REGISTRATION
        for b in result.bindings
        if b.role in {"registered_agent", "registered_office", "incorporator"}
    )


def test_registration_number_and_laws_of() -> None:
    result = run(
        [
            "Beta Foods Limited (registered in England and Wales with company number 01234567)",
            "Gamma Widgets Corp., a corporation organized under the laws of the State of New York, agrees.",
        ]
    )
    assert found(result, "registration_number") == {("01234567", "Beta Foods Limited")}
    assert ("New York", "Gamma Widgets Corp.") in found(result, "jurisdiction")


def test_signature_blocks() -> None:
    result = run(
        [
            *PREAMBLE,
            "IN WITNESS WHEREOF, the parties have executed this Agreement.",
            "ACME ROBOTICS, INC.",
            "By: /s/ Jane Roe",
            "Name: Jane Roe",
            "Title: Chief Executive Officer",
            "BETA FOODS LIMITED",
            "By: _____________",
            "Name: John Smith",
            "Title: Director",
        ]
    )
    sig = one(result, "signatory", "jane roe")
    assert sig.parent_key == "acme robotics inc"
    assert sig.attributes["title"] == "Chief Executive Officer"
    assert sig.attributes["agreement_key"].startswith("agreement:")
    assert sig.quote.splitlines()[0] == "ACME ROBOTICS, INC."
    assert found(result, "signatory") >= {("John Smith", "BETA FOODS LIMITED")}
    assert ("Jane Roe", "ACME ROBOTICS, INC.") in found(result, "ceo")


def test_signature_without_a_named_party_is_skipped() -> None:
    result = run(["Agreed and accepted:", "By: /s/ Jane Roe", "Name: Jane Roe", "Title: CEO"])
    assert result.bindings == ()


def test_auditors_counsel_escrow_trustee() -> None:
    result = run(
        [
            "Ernst & Young LLP, independent registered public accounting firm of Acme Robotics, Inc.,",
            "has audited the statements. Wilson Sonsini Goodrich & Rosati, P.C., counsel to Acme",
            "Robotics, Inc., gave an opinion.",
            "Citibank, N.A., as escrow agent for Omega Holdings plc, holds the funds.",
            "Wells Fargo Bank, N.A., as trustee for Zeta Labs LLC, holds the notes.",
        ]
    )
    assert found(result, "auditor") == {("Ernst & Young LLP", "Acme Robotics, Inc.")}
    assert found(result, "legal_counsel") == {
        ("Wilson Sonsini Goodrich & Rosati, P.C.", "Acme Robotics, Inc.")
    }
    assert found(result, "escrow_agent") == {("Citibank, N.A.", "Omega Holdings plc")}
    assert found(result, "trustee") == {("Wells Fargo Bank, N.A.", "Zeta Labs LLC")}


def test_guarantor_party_in_preamble() -> None:
    result = run(
        [
            "LOAN AGREEMENT",
            "This Loan Agreement is made as of May 1, 2020 among First Lender Bank, N.A. (the",
            '"Lender"), Acme Robotics, Inc. (the "Borrower") and Omega Holdings plc (the "Guarantor").',
            "WHEREAS the Lender is willing to lend;",
        ]
    )
    roles = {
        b.subject_key: b.attributes.get("contract_role")
        for b in result.bindings
        if b.role == "party"
    }
    assert roles == {
        "first lender bank na": "lender",
        "acme robotics inc": "borrower",
        "omega holdings plc": "guarantor",
    }
    guarantor = one(result, "guarantor", "omega holdings plc")
    assert guarantor.parent_key is not None and guarantor.parent_key.startswith("agreement:")


def test_person_party_and_labelled_parties() -> None:
    result = run(
        [
            "ENDORSEMENT AGREEMENT",
            'This Endorsement Agreement is made as of June 1, 2019 between Gamma Widgets LLC ("Gamma")',
            'and Ann Lee, an individual ("Endorser").',
            "WHEREAS Gamma sells widgets;",
        ]
    )
    person = one(result, "party", "ann lee")
    assert person.subject_type == SubjectType.INDIVIDUAL
    labelled = run(
        [
            "COOPERATION AGREEMENT",
            "This Cooperation Agreement is entered into on May 1, 2014 by and between:",
            "Party A: Nanjing Example Technology Co., Ltd.",
            "Party B: Beijing Example Technology Co., Ltd.",
            "1. Cooperation. The parties cooperate.",
        ]
    )
    roles = {
        b.subject_name: b.attributes.get("contract_role")
        for b in labelled.bindings
        if b.role == "party"
    }
    assert roles == {
        "Nanjing Example Technology Co., Ltd.": "party_a",
        "Beijing Example Technology Co., Ltd.": "party_b",
    }


def test_non_agreement_defined_terms_are_not_parties() -> None:
    result = run(
        [
            'This Agreement is made as of May 1, 2020 by and between Acme Robotics, Inc. ("Acme") and',
            'Beta Labs LLC ("Beta"), whose deposits are insured by the Federal Deposit Insurance',
            'Corporation ("FDIC").',
            "WHEREAS the parties wish to cooperate;",
        ]
    )
    assert {b.subject_key for b in result.bindings if b.role == "party"} == {
        "acme robotics inc",
        "beta labs llc",
    }


def test_filing_registrant_officer_table_and_auditor() -> None:
    result = run(
        [
            "ANNUAL REPORT ON FORM 10-K",
            "NORTHWIND SYSTEMS INCORPORATED",
            "(Exact name of registrant as specified in its charter)",
            "Northwind makes software. Northwind sells it worldwide. Northwind's customers vary.",
            "Northwind was originally incorporated in California in 1983 and was reincorporated in",
            "Delaware in 1997.",
            "Northwind's executive officers as of January 15, 2016 are as follows:",
            "||Name | Age | Positions",
            "||Ann Lee | 52 | President and Chief Executive Officer",
            "Ms. Lee joined Northwind in 1998.",
            "||Mark Stone | 58 | Executive Vice President, Chief Financial Officer",
            "KPMG LLP, the independent registered public accounting firm that audited our financial",
            "statements, has issued a report.",
        ]
    )
    assert found(result, "ceo") == {("Ann Lee", "NORTHWIND SYSTEMS INCORPORATED")}
    assert found(result, "president") == {("Ann Lee", "NORTHWIND SYSTEMS INCORPORATED")}
    assert found(result, "cfo") == {("Mark Stone", "NORTHWIND SYSTEMS INCORPORATED")}
    assert found(result, "auditor") == {("KPMG LLP", "NORTHWIND SYSTEMS INCORPORATED")}
    jur = one(result, "jurisdiction", "delaware")
    assert jur.attributes == {"former": "California"}
    aliases = {(a.alias, a.kind) for a in result.aliases}
    assert {("Registrant", "defined_term"), ("Northwind", "short_name")} <= aliases


def test_officer_table_without_a_named_company_is_skipped() -> None:
    result = run(
        [
            "Our executive officers are as follows:",
            "||Ann Lee | 52 | President and Chief Executive Officer",
        ]
    )
    assert result.bindings == ()


def test_minutes_titles_held_elsewhere_are_not_the_companys() -> None:
    """An attendee's title "of" another organisation, or a firm after the comma, is no title
    at the company whose board met."""
    head = "Minutes of the Meeting of the Board of Directors of Fenwick Tools, Inc."
    for line in (
        "Also present: John Poe, Chief Financial Officer of Harbor Point Capital LLC.",
        "Also present: John Poe, Smith & Jones LLP.",
    ):
        result = BindingExtractor().run(make_doc([head, line]))
        here = {
            (b.subject_name, b.role)
            for b in result.bindings
            if b.parent_name == "Fenwick Tools, Inc." and b.subject_name == "John Poe"
        }
        assert here == set(), line
    # ... while a title of the Corporation itself is held there.
    result = BindingExtractor().run(
        make_doc([head, "Also present: John Poe, Chief Financial Officer of the Corporation."])
    )
    assert found(result, "cfo") == {("John Poe", "Fenwick Tools, Inc.")}


# -- parties no preamble names (issue 14: agreements the question gate could not find) -------


def test_signature_blocks_name_the_parties_when_no_preamble_does() -> None:
    """A joint filing agreement: "the undersigned" execute it, and only the signature blocks
    say who they are; each signing entity is a party, cited at its block."""
    result = run(
        [
            "JOINT FILING AGREEMENT",
            "The undersigned agree that the statement on Schedule 13D is filed on behalf of each.",
            "IN WITNESS WHEREOF, the undersigned hereby execute this Agreement as of March 3, 2021.",
            "HALVERN CAPITAL PARTNERS, L.P.",
            "By: Halvern GP LLC, its general partner",
            "By: /s/ Jane Roe",
            "Name: Jane Roe",
            "Title: Managing Member",
            "ORSOLA HOLDINGS LTD.",
            "By: /s/ John Poe",
            "Name: John Poe",
            "Title: Director",
        ]
    )
    parties = [b for b in result.bindings if b.role == "party"]
    assert {(b.subject_name, b.parent_name) for b in parties} == {
        ("HALVERN CAPITAL PARTNERS, L.P.", "JOINT FILING AGREEMENT"),
        ("ORSOLA HOLDINGS LTD.", "JOINT FILING AGREEMENT"),
    }
    assert all(b.attributes["stated_in"] == "signature block" for b in parties)
    halvern = next(b for b in parties if b.subject_name.startswith("HALVERN"))
    assert halvern.quote.startswith("HALVERN CAPITAL PARTNERS, L.P.\nBy:")
    (head,) = [b for b in result.bindings if b.role == "agreement"]
    assert head.attributes["parties"] == "HALVERN CAPITAL PARTNERS, L.P.; ORSOLA HOLDINGS LTD."


def test_one_signer_or_no_execution_sentence_makes_no_parties() -> None:
    block = ["ORSOLA HOLDINGS LTD.", "By: /s/ John Poe", "Name: John Poe", "Title: Director"]
    alone = run(["IN WITNESS WHEREOF, the undersigned executed this Agreement.", *block])
    assert found(alone, "party") == set()
    two = [*block, "HALVERN CAPITAL PARTNERS, L.P.", "By: /s/ Jane Roe", "Name: Jane Roe"]
    assert found(run(["Acknowledged as of March 3, 2021.", *two]), "party") == set()


def test_side_by_side_blocks_without_a_by_line() -> None:
    result = run(
        [
            "IN WITNESS WHEREOF, the parties have executed this Agreement on the date first above "
            "written.",
            "||TALLIS MINING PTY LTD | BRANDT DATA SYSTEMS, S.A.",
            "||Name: Anna Kolb | Name: Pedro Ruiz",
        ]
    )
    assert {n for n, _ in found(result, "party")} == {
        "TALLIS MINING PTY LTD",
        "BRANDT DATA SYSTEMS, S.A.",
    }
    assert found(result, "signatory") == {
        ("Anna Kolb", "TALLIS MINING PTY LTD"),
        ("Pedro Ruiz", "BRANDT DATA SYSTEMS, S.A."),
    }


def test_a_signature_block_adds_no_party_to_a_preamble_that_names_them() -> None:
    result = run(
        [
            *PREAMBLE,
            "IN WITNESS WHEREOF, the parties have executed this Agreement.",
            "GAMMA LOGISTICS LLC",
            "By: /s/ Jane Roe",
            "Name: Jane Roe",
        ]
    )
    assert {n for n, _ in found(result, "party")} == {"Acme Robotics, Inc.", "Beta Foods Limited"}


def test_a_person_said_to_be_an_individual_is_a_party() -> None:
    result = run(
        [
            "CONSULTING AGREEMENT",
            "This Consulting Agreement is made by and between Harlow Dynamics, Inc., a Delaware "
            'corporation (the "Company"), and MARGO QUINLAN, an individual residing at 14 Elm '
            'Street, Boston, Massachusetts (the "Consultant").',
            "NOW, THEREFORE, the parties agree as follows:",
        ]
    )
    margo = one(result, "party", "margo quinlan")
    assert margo.subject_type == SubjectType.INDIVIDUAL
    assert margo.attributes["defined_terms"] == "Consultant"
    assert {n for n, _ in found(result, "party")} == {"Harlow Dynamics, Inc.", "MARGO QUINLAN"}


def test_a_title_line_that_names_no_parties_is_not_the_preamble() -> None:
    """A cover page "SUPPORT AGREEMENT / BETWEEN / ALDERWOOD / AND / CEDAR WIDGETS S.A."
    opens like a preamble ("BETWEEN" on a line of its own) but names one company; the
    preamble after the table of contents names both."""
    result = run(
        [
            "SUPPORT AGREEMENT",
            "BETWEEN",
            "ALDERWOOD",
            "AND",
            "CEDAR WIDGETS S.A., DIVISION NORD",
            "TABLE OF CONTENTS",
            "1. Definitions..........3",
            "2. Term.................4",
            "This Agreement is entered into this 3 March, 2001 by and between Cedar Widgets S.A., "
            "Division Nord whose address is 4 Rue Haute, Lyon (hereinafter referred to as CEDAR) "
            "and Alderwood corporation whose address is 9 Main Street, Austin (hereinafter "
            "referred to as ALDERWOOD) for support services.",
            "WITNESSETH",
        ]
    )
    assert {n for n, _ in found(result, "party")} == {
        "Cedar Widgets S.A.",
        "Alderwood corporation",
    }


def test_the_title_above_the_sentence_that_names_the_parties() -> None:
    """A page that opens with the last clauses of another agreement ("This Agreement may be
    executed in counterparts"), then an exhibit's title (lower-case joining words) and its
    preamble: the agreement is titled by the line above its parties."""
    result = run(
        [
            "11.6. COUNTERPARTS. This Agreement may be executed in two or more counterparts.",
            "11.7. NOTICES. Notices are given in writing.",
            "EXHIBIT A",
            "Confidentiality and Non-Use Obligations Agreement",
            "This Agreement by and between HARLOW DYNAMICS INC., a New Jersey corporation (the "
            '"Company") and MARGO QUINLAN, an individual residing at 14 Elm Street, Boston (the '
            '"Recipient"), is part of the Services Agreement of the parties.',
            "1. Recipient shall keep the Company's information confidential.",
        ]
    )
    (head,) = [b for b in result.bindings if b.role == "agreement"]
    assert head.subject_name == "Confidentiality and Non-Use Obligations Agreement"
    assert {n for n, _ in found(result, "party")} == {"HARLOW DYNAMICS INC.", "MARGO QUINLAN"}


def test_the_party_named_above_in_a_form_field_without_a_colon() -> None:
    """ "Reseller Full Legal Name | Orchid.org, a nonprofit public benefit corporation ..."
    above "... between Vantage Cloud, Inc. ... and the Reseller named above"."""
    result = run(
        [
            "FORM OF SUB-RESELLER AGREEMENT",
            "Reseller Full Legal Name | Orchid.org, a nonprofit public benefit corporation having "
            "its office at 5 Main Street",
            "This Sub-Reseller Agreement is made and entered into by and between Vantage Cloud, "
            'Inc., a Delaware corporation ("Vantage"), and the Reseller named above.',
            "1. Appointment. Vantage appoints the Reseller.",
        ]
    )
    orchid = one(result, "party", "orchidorg")
    assert orchid.attributes["contract_role"] == "reseller"
    assert {n for n, _ in found(result, "party")} == {"Orchid.org", "Vantage Cloud, Inc."}


def test_caused_to_be_executed_opens_the_signature_blocks() -> None:
    result = run(
        [
            "JOINT FILING AGREEMENT",
            "IN WITNESS WHEREOF, the undersigned have caused this Agreement to be duly executed.",
            "HALVERN CAPITAL PARTNERS, L.P.",
            "By: /s/ Jane Roe",
            "ORSOLA HOLDINGS LTD.",
            "By: /s/ John Poe",
        ]
    )
    assert {n for n, _ in found(result, "party")} == {
        "HALVERN CAPITAL PARTNERS, L.P.",
        "ORSOLA HOLDINGS LTD.",
    }


def test_a_form_field_naming_a_company_by_its_jurisdiction() -> None:
    def vendors(value: str) -> set[str]:
        lines = [
            "Equipment Maintenance Agreement",
            TABLE + "Vendor Name: | " + value,
            'This EQUIPMENT MAINTENANCE AGREEMENT ("Agreement") is entered into by and between',
            'Coastal Savings Bank, N.A. ("Bank"), a national banking association, and the above-named',
            "Vendor, a corporation.",
            "1. Services.",
        ]
        return {
            b.subject_name
            for b in run(lines).bindings
            if b.role == "party" and b.attributes.get("contract_role") == "vendor"
        }

    assert vendors("Orchid Labs, a Delaware corporation having its office at") == {"Orchid Labs"}
    assert vendors("the party named in the order form") == set()


def test_a_person_shaped_name_that_acts_for_itself_and_its_affiliates_is_a_company() -> None:
    """ "and Ingram Micro ("Distributor") acting on behalf of itself and its affiliates": no
    legal form, a name shaped like a person's, but "itself" and "its affiliates" say company.
    The same shape said of a person stays out."""
    result = run(
        [
            'This Amendment is entered into effective October 1, 1996 ("Amendment Date") by and '
            'between Halden Networks, Inc. ("Halden") and Morgan Fielding ("Distributor") '
            "acting on behalf of itself and its affiliates.",
            "1. The Territory is amended to be the United States.",
        ]
    )
    morgan = one(result, "party", "morgan fielding")
    assert morgan.subject_type == SubjectType.LEGAL_ENTITY
    assert morgan.attributes["defined_terms"] == "Distributor"
    person = run(
        [
            'This Amendment is entered into effective October 1, 1996 ("Amendment Date") by and '
            'between Halden Networks, Inc. ("Halden") and Morgan Fielding ("Distributor") '
            "acting on behalf of himself.",
        ]
    )
    assert {n for n, _ in found(person, "party")} == {"Halden Networks, Inc."}


def test_itself_said_of_the_other_party_makes_no_company_of_a_person() -> None:
    result = run(
        [
            'This License is made by and between Morgan Fielding ("Licensor") and Halden '
            'Networks, Inc. ("Licensee"), for itself and its affiliates.',
        ]
    )
    assert {n for n, _ in found(result, "party")} == {"Halden Networks, Inc."}


@pytest.mark.parametrize(
    "title",
    [
        "Executive Vice President, General Counsel and Secretary",
        "Senior Vice President and General Counsel",
        "GENERAL COUNSEL",
        "Chief Legal Officer",
    ],
)
def test_a_general_counsel_is_an_officer_and_outside_counsel_is_not(title: str) -> None:
    """ "General counsel" is an officer of the company (a person), never its outside law firm
    ("Whitaker Lane LLP, counsel to the Company"): role similarity is no binding."""
    result = run(
        [
            "ANNUAL REPORT ON FORM 10-K",
            "NORTHWIND SYSTEMS INCORPORATED",
            "(Exact name of registrant as specified in its charter)",
            "Northwind's executive officers as of January 15, 2016 are as follows:",
            "||Name | Age | Positions",
            f"||Ruth Alvarez | 49 | {title}",
        ]
    )
    assert found(result, "general_counsel") == {("Ruth Alvarez", "NORTHWIND SYSTEMS INCORPORATED")}
    minutes = BindingExtractor().run(
        make_doc(
            [
                "Minutes of the Meeting of the Board of Directors of Fenwick Tools, Inc.",
                "Also present: Jonathan Pierce, Whitaker Lane LLP, counsel to the Company.",
            ]
        )
    )
    assert found(minutes, "general_counsel") == set()
