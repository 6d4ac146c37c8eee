"""Letter agreements and the agreements a document only refers to, as generated variants
typeset to real PDFs and parsed (the CUAD affiliate letter: "Physician Sales & Service, Inc.
/ ... / Gentlemen: / ... pursuant to the Agreement and Plan of Merger, dated ..., by and among
PSS, PSS Merger Corp. and GSMS ... / Very truly yours, / /s/ ... / AGREED TO AND ACCEPTED as of
/ December 14, 1997 / PHYSICIAN SALES & SERVICE, INC.").

A letter's parties are its addressee (the company of the letter head, the one that accepts it
at its foot) and its sender ("the undersigned", a person or a company); the parties listed
after an agreement the text only refers to ("pursuant to the ... Agreement, dated ..., by and
among ...", "as defined in the Credit Agreement dated ... between ...") are that agreement's,
never this document's."""

from __future__ import annotations

import functools

import pytest

from ingest import BindingExtractor, BindingResult, PdfParser
from tests.pdfs import make_pdf, paragraph


@functools.cache
def _parser() -> PdfParser:
    return PdfParser(isolate=False)  # in process, as test_preamble_party_lists says


def _bind(pages: list[list[str]]) -> BindingResult:
    # each string a paragraph, wrapped to the page as a typeset letter is
    typeset = [[line for t in page for line in paragraph(t, gap=0.0)] for page in pages]
    doc = _parser().run(make_pdf(typeset), "letter.pdf")
    return BindingExtractor().run(doc)


def _parties(result: BindingResult) -> set[str]:
    return {b.subject_name for b in result.bindings if b.role == "party"}


# (the addressee as its letter head writes it, as its acceptance block writes it)
_ADDRESSEES = [
    ("Larkspur Data Systems Corporation", "LARKSPUR DATA SYSTEMS CORPORATION"),
    ("Harrow & Vale Media, LLC", "Harrow & Vale Media, LLC"),
    ("Quillmark Systems Inc.", "QUILLMARK SYSTEMS INC."),
]
# (a sentence before the referenced agreement's name, its parties)
_REFERENCES = [
    (
        "pursuant to the transactions described in the Agreement and Plan of Merger, dated as of"
        " May 2, 2001 (the \u201cMerger Agreement\u201d), by and among",
        ("Orvandi Holdings Corp.", "Orvandi Merger Sub, Inc."),
    ),
    (
        "as defined in the Credit Agreement dated as of June 30, 2004 between",
        ("Bayan Capital Partners LLC", "Tessaly Bank, N.A."),
    ),
]
_SALUTATIONS = ["Gentlemen:", "Ladies and Gentlemen:", "Dear Sirs:", "Dear Mr. Kelly:"]
# the acceptance words: the date on the same line or the next one, with or without a colon
_ACCEPTANCES = [
    ["AGREED TO AND ACCEPTED as of", "December 14, 1997"],
    ["Agreed to and accepted as of December 14, 1997:"],
    ["ACKNOWLEDGED AND AGREED:"],
    ["Accepted and agreed to as of", "the date first written above"],
    ["acknowledged and agreed as of", "December 14, 1997"],
]


def _letter(
    head: str, accepts: str, salutation: str, acceptance: list[str], sender: list[str]
) -> list[list[str]]:
    reference, (one, two) = _REFERENCES[len(salutation) % 2]
    return [
        [
            "AFFILIATE AGREEMENT",
            head,
            "4345 Southpoint Boulevard",
            "Jacksonville, Florida 32216",
            "Attention: Patrick C. Kelly",
            salutation,
            "The undersigned will become a shareholder of the Company, " + reference,
            f"{one}, {two} and the Company. This Affiliate Agreement represents an agreement",
            "between the undersigned and the Company regarding the shares to be received.",
            "1. Restriction. The undersigned will not sell the shares before the Merger.",
            "2. Governing Law. This Affiliate Agreement is governed by the laws of Delaware.",
        ],
        [
            "This Affiliate Agreement is executed as of the 14th day of December, 1997.",
            "Very truly yours,",
            *sender,
            *acceptance,
            accepts,
            "By: /s/ David A. Smith",
        ],
    ]


_SENDERS = [
    (["/s/ William W. Ashford", "Print Name"], "William W. Ashford"),
    (["Kestrel Analytics GmbH", "By: /s/ Jane Roe"], "Kestrel Analytics GmbH"),
]


@pytest.mark.parametrize(
    ("k", "salutation", "acceptance"),
    [
        (k, s, a)
        for k, (s, a) in enumerate(
            (s, a) for s in _SALUTATIONS for a in _ACCEPTANCES[: 2 if s != "Gentlemen:" else 5]
        )
    ],
)
def test_a_letter_binds_its_addressee_and_its_sender_not_a_referenced_agreements_parties(
    k: int, salutation: str, acceptance: list[str]
) -> None:
    head, accepts = _ADDRESSEES[k % len(_ADDRESSEES)]
    sender, signer = _SENDERS[k % len(_SENDERS)]
    letter = _letter(head, accepts, salutation, acceptance, sender)
    _, (one, two) = _REFERENCES[len(salutation) % 2]
    parties = _parties(_bind(letter))
    assert head in parties or accepts in parties
    assert signer in parties
    assert not parties & {one, two}
    assert len(parties) == 2, parties


def test_a_closing_signed_for_companies_side_by_side_binds_each() -> None:
    head, accepts = _ADDRESSEES[0]
    letter = _letter(head, accepts, "Ladies and Gentlemen:", _ACCEPTANCES[0], [])
    letter[1][2:2] = [
        "KESTREL ANALYTICS GMBH | ORVANDI LABS LTD.",
        "By: /s/ Jane Roe | By: /s/ Jane Roe",
    ]
    parties = _parties(_bind(letter))
    assert {"KESTREL ANALYTICS GMBH", "ORVANDI LABS LTD."} <= parties


@pytest.mark.parametrize(
    ("sender", "signs_for"),
    [
        (["/s/ Jane Roe", "President"], None),
        (
            ["/s/ Jane Roe", "Jane Roe, Vice President", "Kestrel Analytics GmbH"],
            "Kestrel Analytics GmbH",
        ),
    ],
)
def test_a_letter_signed_by_a_person_who_is_not_the_undersigned_binds_no_person(
    sender: list[str], signs_for: str | None
) -> None:
    # A company's letter signed by its officer: the officer is no party, though "the
    # undersigned" stands below the letter (its acceptance's words, not its body's); the
    # company the block names is the sender.
    head, accepts = _ADDRESSEES[1]
    letter = _letter(head, accepts, "Dear Sirs:", _ACCEPTANCES[0], sender)
    letter[0][6:] = [
        "Our company will supply the services described in the Schedule to your company,",
        "and this letter sets out the terms of that supply.",
        "1. Term. The supply runs for one year from the date of your acceptance.",
    ]
    letter[1].append("IN WITNESS WHEREOF, the undersigned have executed this letter.")
    parties = _parties(_bind(letter))
    assert "Jane Roe" not in parties
    assert head in parties or accepts in parties
    assert signs_for is None or signs_for in parties


def test_a_letter_that_is_no_agreement_binds_no_party() -> None:
    # An auditor's consent: a letter head, a salutation and a closing, and no agreement.
    result = _bind(
        [
            [
                "Larkspur Data Systems Corporation",
                "4345 Southpoint Boulevard",
                "Jacksonville, Florida 32216",
                "Ladies and Gentlemen:",
                "We consent to the incorporation by reference of our report dated March 3, 2005"
                " in the Registration Statement on Form S-8.",
                "Very truly yours,",
                "Orvandi & Tessaly LLP",
            ]
        ]
    )
    assert not _parties(result)


@pytest.mark.parametrize(("reference", "referenced"), _REFERENCES)
def test_a_preamble_binds_no_party_of_an_agreement_it_refers_to(
    reference: str, referenced: tuple[str, str]
) -> None:
    one, two = referenced
    result = _bind(
        [
            [
                "CONSENT AND WAIVER",
                "This Consent and Waiver Agreement is entered into as of March 3, 2005 by and",
                "between Larkspur Data Systems Corporation and Harrow & Vale Media, LLC, "
                + reference,
                f"{one} and {two}.",
                "1. Consent. Harrow & Vale Media, LLC consents to the assignment.",
            ]
        ]
    )
    parties = _parties(result)
    assert parties == {"Larkspur Data Systems Corporation", "Harrow & Vale Media, LLC"}


def test_an_agreement_named_at_its_own_sentences_start_still_lists_its_parties() -> None:
    # "The ... Agreement, dated ..., by and among A and B" opens this document's preamble:
    # nothing before it says the agreement is another one.
    result = _bind(
        [
            [
                "MERGER AGREEMENT",
                "The Agreement and Plan of Merger, dated as of May 2, 2001, is made by and among",
                "Orvandi Holdings Corp. and Orvandi Merger Sub, Inc.",
                "1. The Merger. Orvandi Merger Sub, Inc. merges into Orvandi Holdings Corp.",
            ]
        ]
    )
    assert _parties(result) == {"Orvandi Holdings Corp.", "Orvandi Merger Sub, Inc."}


# The review's probes (issue 33 item 4): a wrong binding is worse than a missing one.

# (a cover letter's salutation, closing, its sender; the contract it encloses, its parties)
_COVERS = [
    ("Ladies and Gentlemen:", "Very truly yours,", "SMITH & JONES LLP"),
    ("Dear Sirs:", "Regards,", "Omega Advisors LLC"),
    ("Gentlemen:", "Sincerely,", "Harlan, Pike & Moss LLP"),
    ("Ladies and Gentlemen:", "Best regards,", "VANTERRA COUNSEL GROUP LLC"),
]
_CONTRACTS = [
    ("SUPPLY AGREEMENT", "Delta Manufacturing Corp.", "Epsilon Parts Inc."),
    ("DISTRIBUTION AGREEMENT", "Larkspur Data Systems Corporation", "Harrow & Vale Media, LLC"),
]


@pytest.mark.parametrize(("k", "cover"), list(enumerate(_COVERS)))
def test_a_cover_letter_before_a_contract_binds_no_sender(
    k: int, cover: tuple[str, str, str]
) -> None:
    salutation, closing, sender = cover
    title, one, two = _CONTRACTS[k % len(_CONTRACTS)]
    letter = [
        one,
        "100 Main Street",
        "Dover, Delaware 19901",
        "Attention: General Counsel",
        salutation,
        "Enclosed please find the executed agreement for your records.",
        closing,
        sender,
    ]
    contract = [
        title,
        f"This {title.title()} is made as of June 1, 2002 by and between {one} and {two}.",
        f"1. Supply. {two} shall supply the products to {one}.",
        "IN WITNESS WHEREOF, the parties have executed this Agreement.",
    ]
    parties = _parties(_bind([letter, contract]))
    assert parties == {one, two}


# (the closing's signature block: a person signing for the company the block names)
_SIGNER_BLOCKS = [
    ["Sincerely,", "/s/ Jane Roe", "Jane Roe, Vice President", "Epsilon Parts Inc."],
    [
        "Very truly yours,",
        "By: /s/ Mark Stone",
        "Mark Stone, President",
        "HARROW & VALE MEDIA, LLC",
    ],
    ["Regards,", "/s/ Ann Lee", "Chief Executive Officer", "Orvandi Labs Ltd."],
]


@pytest.mark.parametrize("block", _SIGNER_BLOCKS)
def test_a_person_signing_for_the_company_of_the_block_is_no_party(block: list[str]) -> None:
    company = block[-1]
    person = block[1].split("/s/ ")[1]
    letter = [
        [
            "Delta Manufacturing Corp.",
            "100 Main Street",
            "Dover, Delaware 19901",
            "Dear Sirs:",
            "This letter agreement sets out the terms on which we will supply the products.",
            "1. Term. The supply runs for one year.",
            *block,
            "IN WITNESS WHEREOF, the undersigned have executed this letter agreement.",
        ]
    ]
    parties = _parties(_bind(letter))
    assert parties == {"Delta Manufacturing Corp.", company}, parties
    assert person not in parties


_NON_AGREEMENTS = [
    "This letter is not an agreement and creates no obligation of either of us.",
    "Nothing in this letter shall constitute a binding agreement between us.",
    "THIS LETTER IS NOT AN AGREEMENT; it records our discussions to date.",
    "This letter does not constitute a binding agreement of any kind.",
]


@pytest.mark.parametrize(("k", "sentence"), list(enumerate(_NON_AGREEMENTS)))
def test_a_letter_that_says_it_is_no_agreement_binds_no_party(k: int, sentence: str) -> None:
    salutation, closing, sender = _COVERS[k % len(_COVERS)]
    result = _bind(
        [
            [
                "Larkspur Data Systems Corporation",
                "4345 Southpoint Boulevard",
                "Jacksonville, Florida 32216",
                salutation,
                "We write to summarise the terms we discussed for the supply of products.",
                sentence,
                closing,
                sender,
            ]
        ]
    )
    assert not _parties(result)


# (the amendment's title, its opening up to the referenced agreement's list, the list, the
# parties it names)
_AMENDMENTS = [
    (
        "FIRST AMENDMENT TO LEASE",
        "This First Amendment to Lease (this \u201cAmendment\u201d) is entered into as of June 1,"
        " 2002 under that certain Lease dated as of May 1, 2000 between",
        "Acme Realty Corp., as landlord, and Beta Software Inc., as tenant.",
        {"Acme Realty Corp.", "Beta Software Inc."},
    ),
    (
        "JOINDER",
        "This Joinder is made as of March 3, 2005 pursuant to the Credit Agreement dated as of"
        " June 30, 2004 by and among",
        "Bayan Capital Partners LLC and TESSALY BANK, N.A.",
        {"Bayan Capital Partners LLC", "TESSALY BANK, N.A."},
    ),
    (
        "SECOND SUPPLEMENT",
        "This Second Supplement is entered into as of March 3, 2005 under the Indenture dated"
        " as of June 30, 2004 between",
        "Orvandi Holdings Corp. and Harrow & Vale Trust Company.",
        {"Orvandi Holdings Corp.", "Harrow & Vale Trust Company"},
    ),
]


@pytest.mark.parametrize(("title", "opening", "listed", "expected"), _AMENDMENTS)
def test_an_amendment_under_an_agreement_whose_parties_are_its_only_list_binds_them(
    title: str, opening: str, listed: str, expected: set[str]
) -> None:
    result = _bind([[title, f"{opening} {listed}", "1. Rent. The rent is ten dollars."]])
    assert _parties(result) == expected


@pytest.mark.parametrize(
    ("re_line", "head"),
    [
        ("Re: Supply Agreement", _ADDRESSEES[0][0]),
        ("RE: AFFILIATE AGREEMENT DATED MAY 2, 2001", _ADDRESSEES[1][0]),
        ("Re: Letter Agreement of June 1, 2002", _ADDRESSEES[2][0]),
    ],
)
def test_a_re_line_in_the_letter_head_does_not_hide_the_addressee(re_line: str, head: str) -> None:
    letter = _letter(head, head, "Ladies and Gentlemen:", _ACCEPTANCES[2], _SENDERS[1][0])
    letter[0][5:5] = [re_line]
    letter[1][-2:] = []  # no acceptance block's company: only the letter head names the addressee
    assert head in _parties(_bind(letter))
