"""What a document states it does to an earlier agreement (ingest/_relations.py), from real
PDFs: the cases in relation_cases/*.yaml, and clause-level changes with their lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from ingest import PdfParser, document_relations
from tests import pdfs
from tests.pdfs import Line

CASES = [
    case
    for path in sorted((Path(__file__).parent / "relation_cases").glob("*.yaml"))
    for case in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]
]
_PARSER = PdfParser(ocr="off", isolate=False)


def _parse(title: str, text: list[str]) -> Any:
    page = [Line(title, size=12, bold=True)]
    for paragraph in text:
        page += pdfs.paragraph(paragraph)
    # a closing line, so that a paragraph's short last line ("2019.") is not read as a
    # page number at the foot of the page
    page += pdfs.paragraph("Signed by the parties on the signature page that follows.")
    return _PARSER.run(pdfs.make_pdf([page]), "r.pdf")


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_relation_cases(case: dict[str, Any]) -> None:
    relations = document_relations(_parse(case["title"], case["text"]))
    if case["expect"] is None:
        assert relations == ()
        return
    kind, target_type, target_date, number = case["expect"]
    assert len(relations) == 1, relations
    r = relations[0]
    assert (r.relation, r.target_type, r.target_date, r.number) == (
        kind,
        target_type,
        target_date,
        number,
    )


def test_each_relation_has_five_cases() -> None:
    kinds = [c["expect"][0] for c in CASES if c["expect"]]
    for kind in (
        "amends",
        "amended_and_restated",
        "supplements",
        "terminates",
        "assigns",
        "waives",
    ):
        assert kinds.count(kind) >= 5, kind


def test_clause_changes_are_read_with_their_lines() -> None:
    doc = _parse(
        "AMENDMENT NO. 1 TO SERVICES AGREEMENT",
        [
            "Vendor and Client are parties to that certain Services Agreement dated as of May 5, 2020 "
            '(the "Agreement").',
            "1. Section 7.3 of the Agreement is hereby deleted in its entirety and replaced with the "
            "following: 7.3 Fees are payable within sixty (60) days.",
            "2. The Monthly Fee shall be increased to $12,000 with effect from July 1, 2022.",
            "3. Schedule B of the Agreement is hereby amended by adding the Denver site.",
        ],
    )
    (relation,) = document_relations(doc)
    changes = {(c.kind, c.clause) for c in relation.changes}
    assert ("replaced", "7.3") in changes
    assert ("changed_term", "Monthly Fee") in changes
    assert ("added", "Schedule B") in changes
    replaced = next(c for c in relation.changes if c.kind == "replaced")
    assert "deleted in its entirety" in replaced.quote and replaced.page == 1


def test_changes_stated_with_captions_new_sections_and_exhibit_parts() -> None:
    """Captions after a section's number, "hereby" inside the replacement, a new section added
    to an existing one, an exhibit supplemented, the titled part of an exhibit replaced, and a
    term extended to a date."""
    doc = _parse(
        "AMENDMENT NO. 4 TO THE RESELLER AGREEMENT",
        [
            "Vendor and Reseller are parties to that certain Reseller Agreement dated as of May 5, "
            '2016 (the "Agreement").',
            "1. The Term of the Agreement is hereby extended to March 31, 2027 unless sooner "
            "terminated.",
            '2. Section 4.0 ("Fees") of the Agreement is modified by adding the following new '
            "Section 4.9: 4.9 Rebates are paid quarterly.",
            '3. Section 11 ("Returns") is deleted in its entirety and hereby replaced with the '
            "following: 11.1 Reseller may return unsold units.",
            '4. The section of Exhibit C to the Agreement entitled "Support Levels" shall be, and '
            "hereby is, deleted in its entirety and replaced with the following: Level 1 only.",
            "5. Exhibit D to the Agreement shall be, and hereby is, supplemented with the "
            "following: 6. Training.",
            "6. Section 2, TERRITORY, is amended to be Canada.",
        ],
    )
    (relation,) = document_relations(doc)
    changes = {(c.kind, c.clause) for c in relation.changes}
    assert changes == {
        ("changed_term", "Term"),
        ("added", "4.9"),
        ("replaced", "11"),
        ("replaced", "Exhibit C: Support Levels"),
        ("added", "Exhibit D"),
        ("amended", "2"),
    }


def test_a_term_extended_to_cover_more_is_no_new_value() -> None:
    doc = _parse(
        "AMENDMENT NO. 2 TO SERVICES AGREEMENT",
        [
            "Vendor and Client are parties to that certain Services Agreement dated as of May 5, "
            '2020 (the "Agreement").',
            "1. The Service Area is hereby extended to cover 12 sites.",
        ],
    )
    (relation,) = document_relations(doc)
    assert ("changed_term", "Service Area") not in {(c.kind, c.clause) for c in relation.changes}


def _instrument(title: str, *paragraphs: str, signer: str) -> list[Line]:
    lines = [Line(title, size=12, bold=True)]
    for text in paragraphs:
        lines += pdfs.paragraph(text)
    lines += [Line(f"By: /s/ {signer}"), Line(f"Name: {signer}"), Line("Title: President")]
    return lines


def test_a_second_instrument_bound_into_the_same_pdf_states_its_own_relation() -> None:
    """A filing prints Amendment No. 1 and, after its signatures, Amendment #2: two relations,
    each with its own target, number, effective date and changes."""
    one = _instrument(
        "AMENDMENT NO. 1 TO THE RESELLER AGREEMENT",
        "This Amendment No. 1 is entered into effective March 1, 2019 by and between Vendor "
        "Corp. and Reseller LLC, who have previously entered into a Reseller Agreement "
        '("Agreement") dated as of May 5, 2016.',
        "1. Section 2, TERRITORY, is amended to be Canada.",
        signer="Ann Smith",
    )
    two = _instrument(
        "AMENDMENT #2 TO THE RESELLER AGREEMENT",
        "THIS AMENDMENT is entered into this 15th day of July 2021, by and between Vendor Corp. "
        "and Reseller LLC. The parties have agreed to amend their Reseller Agreement "
        '("Agreement") dated March 1, 2019.',
        "1. Section 2, TERRITORY, is amended to be Canada and Mexico.",
        signer="Bo Chen",
    )
    doc = _PARSER.run(pdfs.make_pdf([one + two]), "two.pdf")
    first, second = document_relations(doc)
    assert (first.target_date, first.number, first.effective_date) == (
        "2016-05-05",
        1,
        "2019-03-01",
    )
    assert (second.relation, second.target_type, second.target_date) == (
        "amends",
        "Reseller Agreement",
        "2019-03-01",
    )
    assert (second.number, second.effective_date) == (2, "2021-07-15")
    assert [(c.kind, c.clause) for c in first.changes] == [("amended", "2")]
    assert [(c.kind, c.clause) for c in second.changes] == [("amended", "2")]
    assert first.changes[0].line_no < second.line_no < second.changes[0].line_no
    # each instrument from where it begins: the second after the first one's signatures
    assert first.start == (1, 1)
    assert first.changes[0].line_no < second.start[1] <= second.line_no
    # one instrument: one relation, its signatures end nothing
    (alone,) = document_relations(_PARSER.run(pdfs.make_pdf([one]), "one.pdf"))
    assert alone.number == 1


def test_the_agreement_binding_carries_the_relation_its_document_states() -> None:
    from ingest import BindingExtractor

    doc = _parse(
        "AMENDMENT NO. 2 TO SUPPLY AGREEMENT",
        [
            "This Amendment No. 2 is entered into as of June 1, 2022 by and between Acme Widgets, "
            'Inc. ("Supplier") and Borealis Metals Corp. ("Buyer"), who are parties to that '
            "certain Supply Agreement dated as of January 15, 2020.",
            "1. Section 8.2 of the Agreement is hereby deleted in its entirety and replaced with "
            "the following: 8.2 Liability shall not exceed USD 4,000,000.",
        ],
    )
    result = BindingExtractor().run(doc)
    (head,) = [b for b in result.bindings if b.role == "agreement"]
    assert {k: head.attributes.get(k) for k in ("relation", "target_type", "target_date")} == {
        "relation": "amends",
        "target_type": "Supply Agreement",
        "target_date": "2020-01-15",
    }
    assert head.attributes["number"] == "2"
    assert result.relations == document_relations(doc)


def test_an_exhibit_or_a_consent_after_the_signatures_is_no_instrument_of_its_own() -> None:
    """ "EXHIBIT A / AMENDED AND RESTATED SCHEDULE 2 / to the Supply Agreement dated ..." and
    a guarantor's consent after the amendment's signatures state no relation of their own."""
    one = _instrument(
        "AMENDMENT NO. 1 TO THE SUPPLY AGREEMENT",
        "This Amendment No. 1 is entered into effective March 1, 2022 by and between Acme "
        "Widgets, Inc. and Borealis Metals Corp., who are parties to that certain Supply "
        "Agreement dated as of January 15, 2020.",
        "1. Schedule 2 of the Agreement is hereby deleted in its entirety and replaced with "
        "Exhibit A attached hereto.",
        signer="Ann Smith",
    )
    exhibit = [
        Line("EXHIBIT A", size=12, bold=True),
        Line("AMENDED AND RESTATED SCHEDULE 2"),
        *pdfs.paragraph(
            "to the Supply Agreement dated as of January 15, 2020 between Acme Widgets, Inc. "
            "and Borealis Metals Corp."
        ),
        *pdfs.paragraph("Prices: USD 10 per unit."),
    ]
    consent = [
        Line("CONSENT OF GUARANTOR", size=12, bold=True),
        *pdfs.paragraph(
            "The undersigned Guarantor consents to the foregoing Amendment No. 1 to the Supply "
            "Agreement dated as of January 15, 2020."
        ),
    ]
    for tail in (exhibit, consent):
        (relation,) = document_relations(_PARSER.run(pdfs.make_pdf([one + tail]), "a.pdf"))
        assert (relation.relation, relation.number) == ("amends", 1)


def test_an_instrument_titled_on_page_1_begins_there_though_it_names_its_target_on_page_2() -> None:
    page_1 = [
        Line("FIRST AMENDMENT TO LOAN AGREEMENT", size=12, bold=True),
        *pdfs.paragraph(
            "This First Amendment to Loan Agreement is entered into as of May 1, 2020 by and "
            'between Acme Widgets, Inc. ("Borrower") and Borealis Bank Corp. ("Lender").'
        ),
    ]
    page_2 = pdfs.paragraph(
        "WHEREAS, Borrower and Lender are parties to that certain Loan Agreement dated as of "
        "June 1, 2019; and"
    )
    (relation,) = document_relations(_PARSER.run(pdfs.make_pdf([page_1, page_2]), "b.pdf"))
    assert relation.page == 2 and relation.start == (1, 1)
