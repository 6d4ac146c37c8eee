"""A document's own date, type and execution, each with the line that shows it (issue 16)."""

from __future__ import annotations

import pytest

from ingest import PdfParser
from tests import pdfs
from tests.pdfs import Line


def _parse(pages: list[list[Line]]) -> object:
    return PdfParser(ocr="off", isolate=False).run(pdfs.make_pdf(pages), "d.pdf")


def test_minutes_take_the_meeting_date_not_a_date_they_mention() -> None:
    doc = _parse(
        [
            [
                Line("ACME WIDGETS, INC.", size=16, bold=True),
                Line("MINUTES OF A SPECIAL MEETING OF THE BOARD OF DIRECTORS", bold=True),
                *pdfs.paragraph(
                    "A special meeting of the Board of Directors of Acme Widgets, Inc. was held "
                    "by telephone on October 3, 2019. The Board reviewed the Supply Agreement "
                    "dated as of May 2, 2016 with Borealis Metals Corp."
                ),
            ]
        ]
    )
    assert doc.document_type == "minutes"
    assert doc.document_date == "2019-10-03"
    assert doc.date_statement is not None and doc.date_statement.basis == "meeting"
    assert "October 3, 2019" in doc.date_statement.quote


def test_written_consent_is_typed_and_dated() -> None:
    doc = _parse(
        [
            [
                Line("ACTION BY UNANIMOUS WRITTEN CONSENT OF THE BOARD OF DIRECTORS", bold=True),
                Line("OF PELICAN SOFTWARE LLC", bold=True),
                *pdfs.paragraph(
                    "The undersigned, being all of the managers, hereby adopt the following "
                    "resolutions by written consent effective as of February 11, 2020, "
                    "ratifying the lease dated June 1, 2018."
                ),
            ]
        ]
    )
    assert doc.document_type == "written_consent"
    assert doc.document_date == "2020-02-11"


def test_a_recital_date_is_not_the_agreements_date() -> None:
    doc = _parse(
        [
            [
                Line("SECOND AMENDMENT TO LICENSE AGREEMENT", size=16, bold=True),
                *pdfs.paragraph(
                    "WHEREAS, Licensor and Licensee have entered into that certain License "
                    'Agreement dated as of April 4, 2012 (the "Agreement"). This Second '
                    "Amendment is entered into as of August 19, 2015 by Licensor and Licensee."
                ),
            ]
        ]
    )
    assert doc.document_type == "amendment"
    assert doc.document_date == "2015-08-19"
    assert doc.date_statement is not None and doc.date_statement.basis == "preamble"


def test_effective_date_apart_from_the_signature_date() -> None:
    doc = _parse(
        [
            [
                Line("SERVICE AGREEMENT", size=16, bold=True),
                Line("1. EFFECTIVE DATE: July 1, 2021"),
                *pdfs.paragraph(
                    "This Service Agreement is entered into by Carrier and Shipper on the terms "
                    "below."
                ),
                Line("CARRIER | SHIPPER", gap=20),
                Line("Dated: May 28, 2021 | Dated: May 30, 2021"),
            ]
        ]
    )
    # the agreement is made when its last party signs: the later signature date
    assert doc.document_date == "2021-05-30"
    assert doc.date_statement is not None and doc.date_statement.basis == "signature"
    assert doc.effective_date is not None and doc.effective_date.date == "2021-07-01"


def _signed(lines: list[Line], *later: list[Line]) -> object:
    return _parse(
        [
            [
                Line("SUPPLY AGREEMENT", size=16, bold=True),
                *pdfs.paragraph(
                    "WHEREAS, Buyer and Seller have previously entered into the Agreement dated "
                    "January 22, 2007; Buyer and Seller agree to the terms below."
                ),
                Line("1. Termination Date: December 31, 2029"),
            ],
            [
                *pdfs.paragraph(
                    "IN WITNESS WHEREOF, the parties have executed this Agreement by their duly "
                    "authorized officers as of the dates written below their signatures.",
                    gap=20,
                ),
                Line("NORTHWIND SUPPLY CORP. | HALDEN FOODS LLC"),
                Line("By: /s/ Anna Kolb | By: /s/ Pedro Ruiz"),
                Line("Name: Anna Kolb | Name: Pedro Ruiz"),
                Line("Title: President | Title: Manager"),
                *lines,
            ],
            *later,
        ]
    )


@pytest.mark.parametrize(
    ("lines", "date"),
    [
        # several signature dates on one line: the last signature makes the agreement
        ([Line("Date: 1/26/2020 | Date: 1/27/2020")], "2020-01-27"),
        ([Line("DATE: 8/4/10   DATE: 7-29-10")], "2010-08-04"),
        # "Place, date" under the signatures
        ([Line("Hamburg, November 19th, 2012")], "2012-11-19"),
    ],
)
def test_the_signature_date_is_the_last_signature(lines: list[Line], date: str) -> None:
    """Not the recital's date of an earlier agreement, not a "Termination Date:" field."""
    doc = _signed(lines)
    assert doc.document_date == date
    assert doc.date_statement is not None and doc.date_statement.basis == "signature"


def test_an_appendix_date_after_the_signatures_is_not_theirs() -> None:
    doc = _signed(
        [Line("Dated: December 14, 2015 | Dated: December 14, 2015")],
        [Line("APPENDIX A", bold=True), Line("Date: November 01, 2016")],
    )
    assert doc.document_date == "2015-12-14"


def test_a_rule_between_the_words_of_a_date_is_no_text() -> None:
    doc = _parse(
        [
            [
                Line("ENDORSEMENT AGREEMENT", size=16, bold=True),
                Line('This ENDORSEMENT AGREEMENT (the "Agreement") is made this 1st day of'),
                Line("---"),
                Line("November, 2003 by and between Alder Inc. and Birch LLC."),
            ]
        ]
    )
    assert doc.document_date == "2003-11-01"


def test_a_letter_takes_its_date_line() -> None:
    doc = _parse(
        [
            [
                Line("Harbor Bank, N.A."),
                Line("March 9, 2022"),
                Line("Dear Mr. Quinn:", gap=10),
                *pdfs.paragraph(
                    "We refer to the credit agreement dated as of January 15, 2020 between us."
                ),
                Line("Sincerely,", gap=10),
            ]
        ]
    )
    assert doc.document_type == "letter"
    assert doc.document_date == "2022-03-09"
    assert doc.date_statement is not None and doc.date_statement.basis == "date_line"


@pytest.mark.parametrize(
    ("lines", "reason"),
    [
        (
            [Line("DRAFT", size=16, bold=True), Line("CONSULTING AGREEMENT", bold=True)],
            "draft",
        ),
        (
            [
                Line("CONSULTING AGREEMENT", bold=True),
                Line("Draft - for discussion purposes only"),
            ],
            "draft",
        ),
        (
            [
                Line("CONSULTING AGREEMENT", bold=True),
                *pdfs.paragraph("This Agreement is entered into as of May 1, 2020."),
                Line("COMPANY", gap=20),
                Line("By: ____________________"),
                Line("Name: __________________"),
            ],
            "empty_signatures",
        ),
    ],
)
def test_unexecuted_documents_are_marked(lines: list[Line], reason: str) -> None:
    doc = _parse([lines])
    assert doc.unexecuted is not None and doc.unexecuted.reason == reason


@pytest.mark.parametrize(
    "lines",
    [
        [
            Line("CONSULTING AGREEMENT", bold=True),
            *pdfs.paragraph(
                "The Consultant shall deliver a draft of each report for the Company's review."
            ),
            Line("COMPANY", gap=20),
            Line("By: ____________________"),
            Line("Name: Jane Ortiz"),
        ],
        [
            Line("CONSULTING AGREEMENT", bold=True),
            Line("By: /s/ Jane Ortiz"),
        ],
    ],
)
def test_executed_documents_are_not_marked(lines: list[Line]) -> None:
    assert _parse([lines]).unexecuted is None


@pytest.mark.parametrize(
    ("lines", "title"),
    [
        # an exhibit's legend above the title, and a party's name, are not the title
        (
            [
                Line("Exhibit 10.7"),
                Line("CERTAIN CONFIDENTIAL INFORMATION HAS BEEN EXCLUDED FROM THIS EXHIBIT"),
                Line("NORTHWIND SUPPLY CORP.", bold=True),
                Line("MASTER PURCHASE AGREEMENT", bold=True),
            ],
            "MASTER PURCHASE AGREEMENT",
        ),
        # a title set on two lines, the first ending in a joining word
        (
            [
                Line("AMENDMENT NO. 2 TO THE EXCLUSIVE", bold=True),
                Line("RESELLER AGREEMENT", bold=True),
            ],
            "AMENDMENT NO. 2 TO THE EXCLUSIVE RESELLER AGREEMENT",
        ),
        # a numbered clause that mentions "this Agreement" is no title
        (
            [
                Line("EXECUTION COPY", bold=True),
                Line(
                    "11.6. COUNTERPARTS. This Agreement may be executed in counterparts.", bold=True
                ),
            ],
            "EXECUTION COPY",
        ),
    ],
)
def test_the_title_is_the_heading_that_names_the_agreement(lines: list[Line], title: str) -> None:
    doc = _parse([[*lines, *pdfs.paragraph("The parties agree to the terms below. " * 4, gap=14)]])
    assert doc.title == title


def test_a_report_dated_by_its_month_only() -> None:
    """ "Industry Report - March" / "2024" under the title: the month, not a day."""
    doc = _parse(
        [
            [
                Line("Warehouse Automation Outlook 2024", size=18, bold=True),
                Line("Corvane Research Partners - Industry Report - March"),
                Line("2024"),
                Line("Executive summary", bold=True, gap=14),
                *pdfs.paragraph("The market for mobile robots grew in 2023. " * 5),
            ]
        ]
    )
    assert doc.document_type == "report"
    assert doc.document_date == "2024-03"
    assert doc.date_statement is not None and doc.date_statement.basis == "date_line"


def test_review_cases_of_titles_and_dates() -> None:
    """A party's name with "OF" above the title is not glued to it; a meeting's minutes keep
    their title over a heading that names an agreement; a "Date:" after a blank is read; a
    recital naming "Acme Inc." is still a recital."""
    bank = _parse([[Line("BANK OF AMERICA, N.A.", bold=True), Line("LOAN AGREEMENT", bold=True)]])
    assert bank.title == "LOAN AGREEMENT"
    minutes = _parse(
        [
            [
                Line("MINUTES OF A MEETING OF THE BOARD OF DIRECTORS", bold=True),
                Line("APPROVAL OF LOAN AGREEMENT", bold=True),
                *pdfs.paragraph("A meeting of the Board was held on October 3, 2019."),
            ]
        ]
    )
    assert minutes.title == "MINUTES OF A MEETING OF THE BOARD OF DIRECTORS"
    signed = _signed([Line("Signature: ________ Date: 1/5/2020")])
    assert signed.document_date == "2020-01-05"
    recital = _parse(
        [
            [
                Line("AMENDMENT NO. 1 TO SUPPLY AGREEMENT", size=16, bold=True),
                *pdfs.paragraph(
                    "WHEREAS, Acme Inc. and Beta Corp. entered into the Supply Agreement dated "
                    "as of April 4, 2012. This Amendment is entered into as of August 19, 2015."
                ),
            ]
        ]
    )
    assert recital.document_date == "2015-08-19"
