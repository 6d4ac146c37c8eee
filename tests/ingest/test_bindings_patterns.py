"""BindingExtractor: one test per document construction (minutes, cap tables, side-by-side
signature blocks, audit reports, registers, company profiles), each with its negatives.

Names and wording differ from the project's data room on purpose: the rules are general.
"""

from __future__ import annotations

import pytest

from ingest import BindingContext, BindingExtractor
from tests.ingest.test_bindings import TABLE, found, make_doc, one, run


def test_minutes_attendance_lists_bind_directors_and_titles() -> None:
    result = run(
        [
            "NORTHWIND TURBINES CORP.",
            "MINUTES OF A SPECIAL MEETING OF THE BOARD OF DIRECTORS",
            'A special meeting of the Board of Directors (the "Board") of Northwind Turbines Corp.,',
            'a Nevada corporation (the "Company"), was held on May 2, 2019.',
            "Directors present:",
            "Helen Brandt (Chair of the Board)",
            "Oscar Villanueva",
            "Also present:",
            "Rafael Ortiz, Treasurer",
            "Nadia Kim, Fenwick Parry LLP",
            "1. Call to Order",
            "Ms. Brandt called the meeting to order.",
        ]
    )
    assert found(result, "director") == {
        ("Helen Brandt", "Northwind Turbines Corp."),
        ("Oscar Villanueva", "Northwind Turbines Corp."),
    }
    assert found(result, "chair") == {("Helen Brandt", "Northwind Turbines Corp.")}
    assert found(result, "treasurer") == {("Rafael Ortiz", "Northwind Turbines Corp.")}
    # A guest named with a firm holds no title at the company, and is no director.
    assert all(b.subject_name != "Nadia Kim" for b in result.bindings)


def test_minutes_inline_list_names_directors_only_when_it_says_so() -> None:
    lines = [
        "Minutes of the annual meeting of the Board of Directors of Quarry Lane Foods, Inc.",
        "Present: directors Ana Ribeiro, Tobias Engel and Mei Chen.",
    ]
    assert found(run(lines), "director") == {
        ("Ana Ribeiro", "Quarry Lane Foods, Inc."),
        ("Tobias Engel", "Quarry Lane Foods, Inc."),
        ("Mei Chen", "Quarry Lane Foods, Inc."),
    }
    # "Present:" alone does not say who is a director; no minutes heading, no company.
    assert (
        found(run([lines[0], "Present: Ana Ribeiro, Tobias Engel and Mei Chen."]), "director")
        == set()
    )
    assert run(["Directors present:", "Ana Ribeiro", "Tobias Engel"]).bindings == ()


def test_minutes_election_resolution_and_chair_of_the_board() -> None:
    result = run(
        [
            "Minutes of the meeting of the Board of Directors of Ferrovia Labs Inc.",
            "RESOLVED, that Lucia Moretti be, and she hereby is, elected as a director of the Company",
            'to fill the vacancy. Ferrovia Labs Inc. (the "Company") is a Delaware corporation.',
            "Approved: /s/ Jonas Weber, Chairman of the Board",
        ]
    )
    assert ("Lucia Moretti", "Ferrovia Labs Inc.") in found(result, "director")
    assert found(result, "chair") == {("Jonas Weber", "Ferrovia Labs Inc.")}
    # Outside minutes, a chair "of the Board" names no company.
    assert run(["Approved: /s/ Jonas Weber, Chairman of the Board"]).bindings == ()


def test_honorific_surname_and_defined_person_terms_resolve_within_the_document() -> None:
    result = run(
        [
            'Employment agreement between Palisade Optics, Inc. (the "Company") and Irene Novak',
            '(the "Executive"). The Company hereby employs the Executive as its Chief Operating Officer.',
            "Ms. Novak, the Chief Operating Officer of the Company, reported on the plant.",
        ]
    )
    assert found(result, "coo") == {("Irene Novak", "Palisade Optics, Inc.")}
    # Two people share the surname: "Mr. Hale" is neither of them.
    result = run(
        [
            'Hale Systems LLC (the "Company") employs Victor Hale and Aaron Hale.',
            "Mr. Hale, Chief Financial Officer of the Company, presented the budget.",
        ]
    )
    assert found(result, "cfo") == set()


def test_cap_table_with_text_columns_under_a_title_block() -> None:
    result = run(
        [
            "Orchid Biologics, Inc.",
            "Capitalization Table",
            TABLE + "Stockholder | Class | Shares | % Outstanding",
            TABLE + "Priya Raman | Common | 1,200,000 | 48.0%",
            TABLE + "Tidewater Growth Partners III, L.P. | Series A | 800,000 | 32.0%",
            TABLE + "2020 Stock Plan | Options | 500,000 | 20.0%",
            TABLE + "Total | | 2,500,000 | 100.0%",
        ]
    )
    holders = found(result, "shareholder")
    assert holders == {
        ("Priya Raman", "Orchid Biologics, Inc."),
        ("Tidewater Growth Partners III, L.P.", "Orchid Biologics, Inc."),
    }
    fund = one(result, "shareholder", "tidewater growth partners iii lp")
    assert fund.attributes == {"shares": "800,000", "stake": "32.0%"}
    # A subsidiaries table ("Name | Jurisdiction | Ownership") is not a cap table.
    result = run(
        [
            "Orchid Biologics, Inc.",
            "Ownership of subsidiaries",
            TABLE + "Name | Jurisdiction | Ownership",
            TABLE + "Orchid Labs GmbH | Germany | 100%",
        ]
    )
    assert found(result, "shareholder") == set()


def test_holders_of_record_sentence_lists_each_holder() -> None:
    result = run(
        [
            "The stockholders of record of Marlow Instruments Corp. are Dana Whitaker, Redwood",
            "Bridge Fund I, L.P. and Kestrel Holdings LLC. No other person holds shares.",
        ]
    )
    assert found(result, "shareholder") == {
        ("Dana Whitaker", "Marlow Instruments Corp."),
        ("Redwood Bridge Fund I, L.P.", "Marlow Instruments Corp."),
        ("Kestrel Holdings LLC", "Marlow Instruments Corp."),
    }


def test_side_by_side_signature_blocks_read_by_column() -> None:
    result = run(
        [
            "IN WITNESS WHEREOF, the parties have signed this Agreement.",
            TABLE + "ORION GRID SERVICES, INC. | BLUE MESA ENERGY, LLC",
            TABLE + "By: /s/ Tara Quinn | By: /s/ Elliot Marsh",
            TABLE + "Name: Tara Quinn | Name: Elliot Marsh",
            TABLE + "Title: Treasurer | Title: Managing Member",
        ]
    )
    assert found(result, "signatory") == {
        ("Tara Quinn", "ORION GRID SERVICES, INC."),
        ("Elliot Marsh", "BLUE MESA ENERGY, LLC"),
    }
    assert found(result, "treasurer") == {("Tara Quinn", "ORION GRID SERVICES, INC.")}
    assert found(result, "managing_member") == {("Elliot Marsh", "BLUE MESA ENERGY, LLC")}


def test_labelled_parties_on_one_line_and_a_title_only_in_the_first_column() -> None:
    result = run(
        [
            "SELLER: CASCADE MILLS LTD. BUYER: HARBOR ROAD FOODS INC.",
            TABLE + "By: ________ | By: ________",
            TABLE + "Name: Ruth Adler | Name: Samir Haddad",
            "Title: President",
        ]
    )
    assert found(result, "signatory") == {
        ("Ruth Adler", "CASCADE MILLS LTD."),
        ("Samir Haddad", "HARBOR ROAD FOODS INC."),
    }
    # The lone Title line sits under the first column: it is Ruth Adler's.
    assert found(result, "president") == {("Ruth Adler", "CASCADE MILLS LTD.")}


def test_audit_report_binds_the_signing_firm_to_the_audited_company() -> None:
    result = run(
        [
            "REPORT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM",
            "To the Shareholders and Board of Directors of Lattice Freight Holdings, Inc.",
            "We have audited the accompanying consolidated balance sheets of Lattice Freight",
            "Holdings, Inc. and subsidiaries as of December 31, 2020 and 2019.",
            "/s/ Moss Adams LLP",
            "Seattle, Washington",
        ]
    )
    assert found(result, "auditor") == {("Moss Adams LLP", "Lattice Freight Holdings, Inc.")}
    # No audit-report heading: a signature under "we have audited" binds nothing.
    assert (
        run(
            ["We have audited the books of Lattice Freight Holdings, Inc.", "/s/ Moss Adams LLP"]
        ).bindings
        == ()
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Our independent registered public accounting firm is Moss Adams LLP (PCAOB ID No. 659).",
        "The information related to our principal accountant, Moss Adams LLP (PCAOB ID No. 659),"
        " is incorporated by reference.",
    ],
)
def test_item_14_names_the_auditor_in_the_company_voice(sentence: str) -> None:
    result = run(['Lattice Freight Holdings, Inc. (the "Company") annual report.', sentence])
    assert found(result, "auditor") == {("Moss Adams LLP", "Lattice Freight Holdings, Inc.")}


def test_auditor_engaged_and_counsel_named_with_their_firm() -> None:
    result = run(
        [
            'Minutes of Cobalt Ridge Mining Corp. (the "Corporation"). The treasurer reported that',
            "Grant Thornton LLP had been appointed as the Corporation's independent auditors. Also",
            "attending was Paul Levesque of Stikeman Hale LLP, counsel to the Corporation.",
        ]
    )
    assert found(result, "auditor") == {("Grant Thornton LLP", "Cobalt Ridge Mining Corp.")}
    assert found(result, "legal_counsel") == {
        ("Paul Levesque", "Cobalt Ridge Mining Corp."),
        ("Stikeman Hale LLP", "Cobalt Ridge Mining Corp."),
    }
    # A firm name made of surnames is not a person followed by a firm.
    result = run(
        ["Latham Watkins Brandt & Co. LLP, counsel to Cobalt Ridge Mining Corp., advised."]
    )
    assert found(result, "legal_counsel") == {
        ("Latham Watkins Brandt & Co. LLP", "Cobalt Ridge Mining Corp.")
    }


def test_commercial_register_number() -> None:
    result = run(
        [
            "Our Austrian subsidiary, Alpenwerk Sensorik GmbH is registered with the commercial",
            "register of the Commercial Court of Vienna under FN 512344.",
        ]
    )
    assert found(result, "registration_number") == {("FN 512344", "Alpenwerk Sensorik GmbH")}
    assert one(result, "registration_number", "fn 512344").location.line_end == 2


def test_company_profile_sentence_binds_founder_title_and_jurisdiction() -> None:
    result = run(
        [
            "Brightwater Pumps Ltd. is a Leeds-based maker of industrial pumps, incorporated in",
            "Scotland in 2009 and founded by Fiona McLeod, who remains its managing director.",
            "Denver-based Arcline Metals, Inc. was founded in 2015 by Ruben Soto and Ada Park.",
        ]
    )
    assert found(result, "jurisdiction") == {("Scotland", "Brightwater Pumps Ltd.")}
    assert found(result, "managing_director") == {("Fiona McLeod", "Brightwater Pumps Ltd.")}
    assert found(result, "founder") == {
        ("Fiona McLeod", "Brightwater Pumps Ltd."),
        ("Ruben Soto", "Arcline Metals, Inc."),
        ("Ada Park", "Arcline Metals, Inc."),
    }
    # Another company in the sentence: the clause may be about it, so nothing binds.
    result = run(
        [
            "Brightwater Pumps Ltd. is a supplier to Harlow Valves plc, founded by Fiona McLeod.",
        ]
    )
    assert found(result, "founder") == set()


def test_role_words_without_a_named_parent_never_bind() -> None:
    result = run(
        [
            "Leadership team",
            "- Carla Mendes - Co-founder and Chief Executive Officer",
            "Marco Ruiz serves as Chief Financial Officer.",
            '"Great product," said Ian Cole, Founder.',
            "Board of directors",
            "- Julia Berg - Director",
        ]
    )
    assert result.bindings == ()


def test_similar_names_stay_different_companies() -> None:
    result = run(
        [
            'Corvid Systems, Inc. (the "Company") is not affiliated with Corvid Systems Ltd.',
            "Karl Ames, Chief Executive Officer of Corvid Systems Ltd., spoke. Corvid Systems",
            "Holdings was founded by Lea Brun.",
        ]
    )
    assert found(result, "ceo") == {("Karl Ames", "Corvid Systems Ltd.")}
    assert found(result, "founder") == set()


def test_wrapped_and_prefixed_names_are_whole() -> None:
    result = run(
        [
            "This Services Agreement is entered into by and between Pike Harbor Inc., an Oregon",
            'corporation ("Client"), and Lumen Ridge Services,',
            'LLC, a Utah limited liability company ("Contractor").',
            "EXHIBIT 21",
            "Subsidiaries of Pike Harbor Inc.",
            "Pike Harbor Inc. has no parent. Its subsidiaries are:",
            TABLE + "Pike Harbor Canada Ltd. | Ontario",
            "Pike Harbor",
            "Canada Ltd. was formed in 2015.",
        ]
    )
    assert ("Utah", "Lumen Ridge Services, LLC") in found(result, "jurisdiction")
    assert found(result, "subsidiary") == {("Pike Harbor Canada Ltd.", "Pike Harbor Inc.")}
    # The incorporator's name is not read twice when "/s/ Name" stands above "Name, Incorporator".
    cert = run(
        [
            'The name of the corporation is Vantor Labs, Inc. (the "Corporation").',
            "/s/ Celia Grant",
            "Celia Grant, Incorporator",
        ]
    )
    assert found(cert, "incorporator") == {("Celia Grant", "Vantor Labs, Inc.")}


def test_a_statement_deep_in_a_long_filing_is_found() -> None:
    # Speed is measured by bench/bindings, never asserted here.
    filler = "The segment reported higher revenue and the company expanded its operations abroad."
    lines = [filler] * 6000 + ["Jane Roe, Chief Financial Officer of Sample Corp., signed."]
    result = BindingExtractor().run(make_doc(lines))
    assert found(result, "cfo") == {("Jane Roe", "Sample Corp.")}


def test_notes_that_mention_an_agreement_have_no_parties() -> None:
    result = run(
        [
            "Notes to the capitalization table",
            'Zenith Tools, Inc. (the "Company") was incorporated in the State of Delaware.',
            "2. The shares held by Ana Ribeiro were issued under the Stock Purchase",
            "Agreement dated May 1, 2018 between the Company and Kestrel Holdings LLC.",
        ]
    )
    assert [b for b in result.bindings if b.role in {"party", "agreement"}] == []
    assert found(result, "jurisdiction") == {("Delaware", "Zenith Tools, Inc.")}


def test_company_names_lose_descriptors_but_keep_their_own_words() -> None:
    def name(raw: str) -> str | None:
        ent = BindingContext.company(raw)
        return ent.name if ent else None

    assert name("Austin-based Velo Robotics, Inc.") == "Velo Robotics, Inc."
    assert name("Company and Granite Peak Mills, Inc.") == "Granite Peak Mills, Inc."
    assert name("Paul Levesque of Stikeman Hale LLP") == "Stikeman Hale LLP"
    assert name("John Deere of Canada Ltd.") == "John Deere of Canada Ltd."
    assert name("Bank of Nova Scotia Trust") == "Bank of Nova Scotia Trust"
    assert name("Position. The Company") is None
