"""The claim reader on the classes the cuad-train development set showed (issue 34): a
section's caption numbered with its word ("Section 14.10 Third Party Beneficiary.") or a run
of captions (a table of contents) states nothing; a term defined states nothing of
liquidated damages, nor does a carrier's "call termination fee"; an agreement that says it
creates no third-party beneficiary rights denies one. Generated variants (case, numbering,
the caption's words), read by the real reader of the real lexicon, no ingest."""

from __future__ import annotations

import pytest

from domain import lexicon
from skill import Claim, ClauseReader, heading_only

_CAPTIONS = {
    "third_party_beneficiary": ("Third Party Beneficiary", "Third Party Beneficiary Rights"),
    "liquidated_damages": ("Liquidated Damages Payable", "Early Termination Fees"),
    "most_favored_nation": ("Most Favored Nation Pricing", "Most Favoured Customer Terms"),
    "right_of_first_refusal": ("Right Of First Refusal", "First Negotiation Rights Granted"),
}
_NUMBERED = ("Section {n} {c}.", "SECTION {n} {C}", "Article {n} {c}", "section {n} {c}")
_TOC = "Counterparts {n}.3 Notices {n}.4 {c} {n}.5 Governing Law {n}.6 Construction"


def _read(name: str, text: str) -> tuple[bool | None, bool]:
    entry = next(p for p in lexicon().propositions if p.name == name)
    reading, related = ClauseReader(Claim(entry=entry, negated=False, actor=None, others=())).read(
        text
    )
    return (None if reading is None else reading.holds), related


_HEADINGS = [
    (name, form.format(n=n, c=c, C=c.upper()))
    for name, captions in _CAPTIONS.items()
    for c in captions
    for n, form in zip(("14.10", "7", "IV", "12.2"), _NUMBERED, strict=True)
] + [
    (name, _TOC.format(n=n, c=c))
    for name, captions in _CAPTIONS.items()
    for c, n in zip(captions, ("14", "9"), strict=True)
]


# sentences that cite sections or open with a number state what they say
_NOT_CAPTIONS = (
    "Acme is an intended third party beneficiary of Sections 5.1 and 5.2 hereof.",
    "Acme is an intended beneficiary of Section 4.2 Insurance and Section 4.3 Audit.",
    "Section 5 Either party may terminate this Agreement.",
    "There are no third party beneficiaries of this Agreement.",
)


@pytest.mark.parametrize(("name", "caption"), _HEADINGS)
def test_a_numbered_caption_or_a_run_of_them_decides_nothing(name: str, caption: str) -> None:
    assert heading_only(caption)
    assert _read(name, caption)[0] is None
    assert not any(heading_only(s) for s in _NOT_CAPTIONS)


@pytest.mark.parametrize(
    "sentence",
    [
        '1.15 "Direct Expenses" means transmission fees, call termination fees and collection'
        " charges incurred by a Party.",
        '"Pass-Through Costs" shall mean the voice termination charges and SMS fees of the'
        " carriers.",
        "Carrier shall pay the network termination charges for each minute of traffic.",
        "the reseller will bear all interconnection and termination fees of its own customers.",
    ],
)
def test_a_definition_or_a_carriers_termination_fee_is_no_liquidated_damages(
    sentence: str,
) -> None:
    assert _read("liquidated_damages", sentence)[0] is None
    # the clause itself still holds
    assert (
        _read("liquidated_damages", "Acme shall pay Beta liquidated damages of $500 a day.")[0]
        is True
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "The Agreement is not intended to create any beneficiary rights in any other person.",
        "this contract does not confer any beneficiary rights upon persons other than the parties.",
        "This Agreement shall not give third parties any beneficiary status.",
    ],
)
def test_an_agreement_that_creates_no_beneficiary_rights_denies_one(sentence: str) -> None:
    assert _read("third_party_beneficiary", sentence)[0] is False
    assert _read("third_party_beneficiary", "Acme is an intended beneficiary hereof.")[0] is True


# Sections cited in the middle of an operative clause (mend37): the citing word, singular or
# plural, any case, from the lexicon's numbered_heading_words and cross_reference_words; the
# clause with no modal and with one.
_CITING = (
    "clause",
    "Clauses",
    "sections",
    "Sections",
    "Articles",
    "annex",
    "schedules",
    "Exhibits",
)
_CITED = (
    (
        "Distributor is the exclusive distributor in the Territory, see {r} 2.1 Appointment and"
        " {r} 3.1 Territory.",
        "Distributor shall be the exclusive distributor in the Territory, see {r} 2.1"
        " Appointment and {r} 3.1 Territory.",
    ),
    (
        "The parties agree that {r} 4.2 Confidentiality and 5.1 Indemnification survive"
        " termination.",
        "The parties agree that {r} 4.2 Confidentiality and 5.1 Indemnification shall survive"
        " termination.",
    ),
)


@pytest.mark.parametrize("word", _CITING)
@pytest.mark.parametrize("forms", _CITED)
def test_sections_a_clause_cites_are_no_run_of_captions(word: str, forms: tuple[str, str]) -> None:
    plain, modal = (f.format(r=word) for f in forms)
    assert not heading_only(plain)
    assert not heading_only(modal)


# no citing word: the captions cover too little of the sentence to be a table of contents
_IN_THE_MIDDLE = (
    "Distributor is the exclusive distributor of the Products in the Territory under"
    " 2.1 Appointment and 3.1 Territory.",
    "The obligations in 4.2 Confidentiality and 5.1 Indemnification survive the expiry or"
    " termination of this Agreement.",
    "acme pays the fees described in 6.1 Fees and 6.2 Expenses within thirty days of each invoice.",
    "Each Party's rights under 9.1 Audit, 9.2 Records & Reports and 9.3 Inspection continue for"
    " two years after the term ends.",
)


@pytest.mark.parametrize("sentence", _IN_THE_MIDDLE)
def test_captions_cited_in_the_middle_of_a_clause_do_not_make_it_a_heading(
    sentence: str,
) -> None:
    assert not heading_only(sentence)
    assert not heading_only(
        sentence.replace(" survive", " shall survive").replace(" pays", " shall pay")
    )


# amounts and periods: a currency or a unit beside the number (the lexicon's currencies, units,
# caption_amount_words), any case
@pytest.mark.parametrize("currency", ("USD", "EUR", "gbp", "Dollars"))
@pytest.mark.parametrize("unit", ("Million", "Billion", "Thousand"))
def test_amounts_and_years_are_no_captions(currency: str, unit: str) -> None:
    before = (
        f"The Licensee pays {currency} 1.5 {unit} in Year 1 and {currency} 2.5 {unit} in Year 2."
    )
    after = (
        f"The Licensee pays 1.5 {unit} {currency} in Year 1 and 2.5 {unit} {currency} in Year 2."
    )
    for sentence in (before, after, before.replace(" pays", " shall pay")):
        assert not heading_only(sentence)


# true runs of captions (tables of contents), capitalised or in capitals, with short words in a
# caption, a lower-case word, page numbers, an article's heading before: they state nothing,
# where the same captions cited in a clause state what it says
_RUNS = (
    ("14", ("Counterparts", "Limitation of Liability", "Governing Law", "Construction")),
    ("9", ("Terms and Conditions", "Force majeure", "Payment for Services", "Notices")),
    ("3", ("DEFINITIONS", "TERM AND TERMINATION", "FEES", "CONFIDENTIALITY")),
    ("12", ("Entire Agreement", "Use of Name", "Assignment by Licensee", "Survival")),
)


@pytest.mark.parametrize(("n", "captions"), _RUNS)
@pytest.mark.parametrize("pages", (False, True))
def test_a_table_of_contents_states_nothing_its_captions_cited_in_a_clause_do(
    n: str, captions: tuple[str, ...], pages: bool
) -> None:
    entries = [
        f"{n}.{i} {c}" + (f" {10 * int(n) + i}" if pages else "") for i, c in enumerate(captions, 1)
    ]
    for toc in (" ".join(entries), f"ARTICLE {n} GENERAL " + " ".join(entries)):
        assert heading_only(toc), toc
    cited = f"Licensee is bound by {entries[0]} and {entries[1]} through the whole term of this Agreement."
    assert not heading_only(cited)
