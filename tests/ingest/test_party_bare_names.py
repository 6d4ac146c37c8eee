"""Parties with no legal form that CUAD's development contracts (bench/parties --misses) showed
the preamble rule dropping, as generated variants typeset to real PDFs and parsed: a person or a
bare name in a party slot of the list ("by and between Dr. Jane Roe (the "Consultant") and
..."), a public body ("the TOWN OF X, VIRGINIA, a Virginia municipal corporation"), a person
closing a list of parties ("..., Acme LLC and Jane Roe (collectively, ...)") and the person a
loan-out company contracts for ("Acme LLC ("Lender"), for services of Jane Roe ("Endorser")").
A name with no legal form is a party only in such a slot, followed by its defined term: a
signer, a notice's addressee or a name in a recital stays out."""

from __future__ import annotations

import pytest

from domain import SubjectType
from ingest import BindingResult
from tests.ingest.test_preamble_party_lists import _RECITAL, _bind, _parties, _terms

_OTHERS = ["Corvel Brands, Inc., a Delaware corporation", "HARROW & VALE MEDIA LTD"]
_OTHER_NAMES = ["Corvel Brands, Inc.", "HARROW & VALE MEDIA LTD"]


def _kinds(result: BindingResult) -> dict[str, SubjectType]:
    return {b.subject_name: b.subject_type for b in result.bindings if b.role == "party"}


def _preamble(first: str, second: str) -> str:
    return (
        'This Services Agreement (the "Agreement") is entered into as of May 1, 2021 by and '
        f"between {first} and {second}."
    )


# A person the text says is one: an honorific before the name, a degree after it, a term that
# is the honorific and the surname, or a person's role ("Endorser").
_PERSONS = [
    # (as written, with its term; the name bound)
    ('Dr. Helena V. Marsh (the "Business Affiliate")', "Helena V. Marsh"),
    ('MR. TOMAS REYES ("Adviser")', "TOMAS REYES"),
    ('Priya K. Raman, M.D. ("Dr. Raman")', "Priya K. Raman"),
    ('Owen Hartley, Ph.D. (the "Scientist")', "Owen Hartley"),
    ('Bruno Castellanos ("Endorser")', "Bruno Castellanos"),
    ('Ms. Ingrid Solberg-Lund ("Licensor")', "Ingrid Solberg-Lund"),
]


@pytest.mark.parametrize(("written", "name"), _PERSONS)
@pytest.mark.parametrize("person_first", [True, False])
def test_a_person_in_a_party_slot_is_a_party_of_kind_person(
    written: str, name: str, person_first: bool
) -> None:
    k = len(name) % 2
    other = f'{_OTHERS[k]} (the "Company")'
    first, second = (written, other) if person_first else (other, written)
    result = _bind("SERVICES AGREEMENT", [_preamble(first, second), _RECITAL], 90)
    parties = _parties(result)
    assert parties == {name, _OTHER_NAMES[k]}, parties
    assert _kinds(result)[name] == SubjectType.INDIVIDUAL


# A bare name with a word no person's name has ("European Micro ("Distributor")", "Celebrity
# Speakers of 90 High Street ... ("CSA")"): a party in its slot, of no person's kind. A name
# shaped like a person's that nothing says is one stays out (tests/ingest/test_bindings.py).
_BARE = [
    ("Orvandi Micro", "Distributor"),
    ("HALCYON SPEAKERS", "Agent"),
    ("Brightwater Media", "Supplier"),
    ("Pelorus Studios", "Contractor"),
]


# Its term may be no role where its address follows the name.
_ADDRESSES = ["", " of 90 High Street, Burnham, SL1 7JT", ", located at 12 Elm Road, Zug"]


@pytest.mark.parametrize(("name", "term"), [*_BARE, ("Lakeside Speakers", "LSB")])
@pytest.mark.parametrize("bare_first", [True, False])
def test_a_bare_name_in_a_party_slot_with_its_term_is_a_party(
    name: str, term: str, bare_first: bool
) -> None:
    k = len(name) % 2
    other = f'{_OTHERS[k]} ("Company")'
    address = _ADDRESSES[1 + len(term) % 2] if term == "LSB" else _ADDRESSES[len(name) % 3]
    bare = f'{name}{address} ("{term}")'
    first, second = (bare, other) if bare_first else (other, bare)
    result = _bind("DISTRIBUTOR AGREEMENT", [_preamble(first, second), _RECITAL], 90)
    parties = _parties(result)
    assert parties == {name, _OTHER_NAMES[k]}, parties
    assert _kinds(result)[name] == SubjectType.LEGAL_ENTITY
    assert _terms(result)[term] == name


# A public body: its head word and "of", a place, the state after a comma, then a descriptor.
_BODIES = [
    # (as written, the name bound)
    ("the TOWN OF ASHCOMBE, VIRGINIA, a Virginia municipal corporation", "TOWN OF ASHCOMBE"),
    ("the City of Fort Merrin, Texas, a Texas Type A-General Law city", "City of Fort Merrin"),
    ("the County of Lindale, a political subdivision of the State of Oregon", "County of Lindale"),
    ("The Village of Elm Bluff, an Illinois municipality", "Village of Elm Bluff"),
    ("CITY OF NORTH HAVEN, CONNECTICUT", "CITY OF NORTH HAVEN"),
]


@pytest.mark.parametrize(("written", "name"), _BODIES)
@pytest.mark.parametrize("term", ["Grantor", "COFS"])
@pytest.mark.parametrize("body_first", [True, False])
def test_a_public_body_in_a_party_slot_is_a_party(
    written: str, name: str, term: str, body_first: bool
) -> None:
    k = len(name) % 2
    other = f'{_OTHERS[k]} ("Grantee")'
    body = f'{written} ("{term}")'
    first, second = (body, other) if body_first else (other, body)
    result = _bind("FRANCHISE AGREEMENT", [_preamble(first, second), _RECITAL], 90)
    parties = _parties(result)
    assert parties == {name, _OTHER_NAMES[k]}, parties
    assert _terms(result)[term] == name


@pytest.mark.parametrize(
    ("written", "term", "name"),
    [
        ("the City of Fort Merrin, Texas, a Texas home-rule city", "COFM", "City of Fort Merrin"),
        ("the TOWN OF ASHCOMBE, a Virginia municipal corporation", "TOA", "TOWN OF ASHCOMBE"),
    ],
)
def test_a_public_body_the_agreement_is_made_by_takes_its_initials(
    written: str, term: str, name: str
) -> None:
    text = (
        'This AGREEMENT regarding water wells (the "AGREEMENT") is entered into by '
        f'{written} ("{term}") and Corvel Brands, Inc., a Nevada corporation ("Corvel").'
    )
    result = _bind("COOPERATION AGREEMENT", [text, _RECITAL], 90)
    assert _parties(result) == {name, "Corvel Brands, Inc."}
    assert _terms(result)[term] == name


_LISTED = [
    ("Marathon Partners L.P., Cibelli Research & Management, LLC", "Mario Cibelli"),
    ("KESTREL FUND II, L.P., KESTREL ADVISORS LLC", "JANE T. OKAFOR"),
    ("Orvandi Capital GmbH", "Ingrid Solberg"),
]


@pytest.mark.parametrize(("companies", "person"), _LISTED)
@pytest.mark.parametrize("ends", ['(collectively, the "Investor Group")', '(together, "Holders")'])
def test_a_person_closing_a_list_of_parties_is_a_party(
    companies: str, person: str, ends: str
) -> None:
    text = (
        'This Cooperation Agreement (the "Agreement") is entered into as of July 1, 2020, by '
        'and between Corvel Brands, Inc., a Delaware corporation (the "Company"), and '
        f"{companies} and {person} {ends}."
    )
    result = _bind("COOPERATION AGREEMENT", [text, _RECITAL], 90)
    parties = _parties(result)
    assert person in parties, parties
    assert _kinds(result)[person] == SubjectType.INDIVIDUAL


# The person a loan-out company or an agent contracts for, with the person's own term.
_LOAN_OUTS = [
    ('Marlowe MP, LLC ("Lender"), for services of', 'Bruno Castellanos ("Endorser")'),
    ('HALCYON TALENT LTD ("Lender") for the services of', 'JANE OKAFOR ("Artist")'),
    ('Orvandi Speakers Ltd. ("Agency"), as agent for', 'Robin Hale ("Talent")'),
    ('Kestrel Ireland, Inc. ("KI Inc."), furnishing the services of', 'Kestrel Ireland ("KI")'),
]


@pytest.mark.parametrize(("lender", "person"), _LOAN_OUTS)
@pytest.mark.parametrize("loan_out_first", [True, False])
def test_the_person_a_loan_out_contracts_for_is_a_party(
    lender: str, person: str, loan_out_first: bool
) -> None:
    loan_out = f"{lender} {person}"
    other = 'Corvel Brands, Inc. ("Company")'
    first, second = (loan_out, other) if loan_out_first else (other, loan_out)
    result = _bind("ENDORSEMENT AGREEMENT", [_preamble(first, second), _RECITAL], 90)
    name = person.split(" (")[0]
    parties = _parties(result)
    assert name in parties and "Corvel Brands, Inc." in parties, parties
    assert _kinds(result)[name] == SubjectType.INDIVIDUAL


@pytest.mark.parametrize("term", ['(the "Executive")', "(the Executive)", '("Consultant")'])
@pytest.mark.parametrize("person", ["JANE OKAFOR", "Tomas Reyes"])
def test_a_person_after_the_number_of_its_slot_is_a_party(term: str, person: str) -> None:
    text = (
        "THIS AGREEMENT is made on 1 October 2019 BETWEEN: (1) CORVEL BRANDS LIMITED whose "
        f'registered office is at 19 Upper Ground, London SE1 9GL (the "Company") (2) {person} '
        f"{term}."
    )
    result = _bind("SERVICE AGREEMENT", [text, "IT IS AGREED as follows:"], 90)
    assert person in _parties(result), _parties(result)
    assert _kinds(result)[person] == SubjectType.INDIVIDUAL


@pytest.mark.parametrize("person", ["Helena V. Marsh", "TOMAS REYES"])
def test_a_signer_a_notice_addressee_or_a_recital_name_is_no_party(person: str) -> None:
    body = [
        _preamble('Corvel Brands, Inc. ("Company")', 'Orvandi Micro ("Distributor")'),
        f'WHEREAS, {person} (the "Founder") formed the Company;',
        f'Notices shall be sent to Brightwater Naturals, attention {person} ("Notice Party").',
        "IN WITNESS WHEREOF, the parties have signed this Agreement.",
        f"CORVEL BRANDS, INC. By: /s/ {person} Name: {person} Title: President",
        "Witness: Owen Hartley Notary Public: Ingrid Solberg",
    ]
    result = _bind("DISTRIBUTOR AGREEMENT", body, 90)
    parties = _parties(result)
    assert parties == {"Corvel Brands, Inc.", "Orvandi Micro"}, parties


@pytest.mark.parametrize("term", ["Developer", "Consultants"])
def test_a_term_after_several_persons_names_none_of_them_alone(term: str) -> None:
    text = _preamble(
        'Corvel Brands, Inc. ("Company")',
        f'Mr. Tomas Reyes, Mr. Owen Hartley and Ms. Helena Marsh (the "{term}")',
    )
    result = _bind("DEVELOPMENT AGREEMENT", [text, _RECITAL], 90)
    assert "Helena Marsh" not in _parties(result)
    assert term not in _terms(result)


@pytest.mark.parametrize("name", ["Diplomat Ambassador Eyewear Group", "HALCYON MEDIA"])
@pytest.mark.parametrize("number", ["(c)", "c."])
def test_a_bare_name_after_its_number_in_a_list_takes_its_term(name: str, number: str) -> None:
    term = name.split()[0].title()
    text = (
        'This Endorsement Agreement ("Agreement") is made and entered into as of August 24, '
        '1995, by and among the following parties: (a) Corvel Brands, Inc. ("Corvel"), 1900 '
        'Avenue of the Stars, Los Angeles, California 90067; (b) Sterling Winters Co. ("SW"), '
        f'12 Elm Road, Springfield; and {number} {name} ("{term}"), 1010 Arch Street, '
        "Philadelphia, Pennsylvania 19107."
    )
    result = _bind("ENDORSEMENT AGREEMENT", [text, "1. Recitals."], 90)
    assert name in _parties(result), _parties(result)
    assert _terms(result)[term] == name


@pytest.mark.parametrize(
    "division",
    ["TWENTIETH CENTURY LICENSING & MERCHANDISING", "Harrow Vale Licensing", "Orvandi Labs"],
)
@pytest.mark.parametrize("owner", ["Fox Entertainment Group, Inc.", "KESTREL HOLDINGS PLC"])
def test_a_division_of_a_company_is_the_party_its_term_names(division: str, owner: str) -> None:
    text = _preamble(
        f'{division}, a division of {owner} ("Fox")', 'Corvel Brands, Inc. ("Licensee")'
    )
    result = _bind("LICENSE AGREEMENT", [text, _RECITAL], 90)
    assert _parties(result) == {division, "Corvel Brands, Inc."}, _parties(result)
    assert _terms(result)["Fox"] == division


_BODY_DESCRIPTORS = [
    "a not-for-profit research and services institution",
    "a non-profit organization",
    "an agency of the Government of Ontario",
]


@pytest.mark.parametrize("descriptor", _BODY_DESCRIPTORS)
@pytest.mark.parametrize(
    ("name", "term"),
    [
        ("Centre for Probe Development and Commercialization", "CPDC"),
        ("Lakeside Heritage Trust Fund", "Heritage"),
        ("ONTARIO WATER RESEARCH CENTRE", "Centre"),
    ],
)
@pytest.mark.parametrize("addressed", [True, False])
def test_a_body_its_descriptor_names_is_a_party(
    descriptor: str, name: str, term: str, addressed: bool
) -> None:
    address = (
        ", with offices located at 1280 Main Street West, Hamilton, Ontario" if addressed else ""
    )
    text = (
        'This Supply Agreement ("Supply Agreement") is effective as of the date of last signing '
        f'("Effective Date") between {name}, {descriptor}{address}, ("{term}"), and Corvel '
        'Brands, Inc. ("Corvel"), having a place of business at 12 Elm Road, Springfield.'
    )
    result = _bind("SUPPLY AGREEMENT", [text, _RECITAL], 90)
    assert _parties(result) == {name, "Corvel Brands, Inc."}, _parties(result)
    assert _terms(result)[term] == name


@pytest.mark.parametrize(
    ("lead", "place", "term"),
    [
        ("for the premises located in the", "City of Boston", "City"),
        ("all permits filed with", "County of Orange", "County"),
        ("a company organized in the", "District of Columbia", "District"),
        ("each office in the", "TOWN OF ASHCOMBE", "Town"),
    ],
)
def test_a_place_after_a_line_break_in_prose_is_no_party(lead: str, place: str, term: str) -> None:
    # the line breaks after prose ("... in the" / "City of Boston (the "City")"): the place is
    # what the sentence speaks of, no party (a review found it bound as one)
    lines = [
        'This Lease Agreement (the "Agreement") is entered into as of May 1, 2021 by and',
        'between Corvel Brands, Inc., a Delaware corporation ("Landlord"), and Beta Widgets',
        f'LLC, a Delaware limited liability company ("Tenant"), {lead}',
        f'{place} (the "{term}").',
        "WHEREAS, the parties wish to set out the terms on which they work together;",
    ]
    from tests.ingest.test_preamble_party_lists import _bind_lines

    parties = _parties(_bind_lines("LEASE AGREEMENT", lines))
    assert place not in parties, parties
    assert "Corvel Brands, Inc." in parties, parties
