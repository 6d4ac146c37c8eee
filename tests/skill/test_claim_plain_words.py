"""NDA claim questions asked in plain words (issue 34, the classes of session 38's untuned
phrasings, development half), each class on generated variants:

- B. everyday words with no claim vocabulary name the claim (propositions.yaml `word_classes`:
  synonym sets of verbs and nouns): the staff who see the information (sharing with
  employees), passing it to lawyers (sharing with advisors), taking prototypes apart (reverse
  engineering), keeping the talks quiet (the agreement kept confidential), and the same for
  purpose, licences, marking and information from elsewhere;
- C. "keep" is retention only of a thing kept (copies, the information, notes); kept from
  someone, kept secret or kept quiet it is another claim or none;
- D. an exception asked through the duty it is excepted from ("Must the recipient protect what
  it developed on its own?", "destroy everything, backups included") is the exception's
  negation; a protection denied or excepted ("excluded from", "apart from") is the exception;
- E. a permission to build something conditioned on not using the information is independent
  development, not the non-compete.

A negated form keeps its sign; a synonym never pulls a question of another claim. The parties
are named as analysts name them (lower case, possessives, "you", "they"). None is a bench
phrasing (bench/*phrasings*.yaml)."""

from __future__ import annotations

import pytest

from skill import parse_subject, read_claim

_NDA = parse_subject(
    {
        "type": "agreement",
        "attribute": "obligations",
        "constraints": {"parties": ["Acme Corp", "Beta & Co."]},
    }
)
_RECIPIENTS = ["you", "the recipient", "Recipient", "the Receiving Party", "Beta & Co.", "they"]
_DISCLOSERS = ["Company", "the discloser", "Acme Corp"]


def _read(question: str) -> tuple[str, bool] | None:
    claim = read_claim(question, _NDA)
    return None if claim is None else (claim.entry.name, claim.negated)


def _possessive(recipient: str) -> str:
    return {"you": "your", "they": "their"}.get(recipient, f"{recipient}'s")


def _check(cases: list[tuple[str, tuple[str, bool] | None]]) -> None:
    """Each template, filled with every recipient and discloser, read as its claim and
    polarity (None: as no claim), as written and in lower case."""
    for template, want in cases:
        for r in _RECIPIENTS:
            for d in _DISCLOSERS:
                question = template.format(r=r, d=d, rs=_possessive(r))
                for asked in (question, question.lower()):
                    assert _read(asked) == want, asked


# --- B. everyday words ------------------------------------------------------------------------

# (each claim's words, then questions whose words are near them that read another claim or none:
# a synonym pulls no question of another claim)
_EVERYDAY: dict[str, list[tuple[str, tuple[str, bool] | None]]] = {
    "sharing_with_employees": [
        ("Can {rs} employees look at {d}'s documents?", ("sharing_with_employees", False)),
        ("May {rs} workers access the materials?", ("sharing_with_employees", False)),
        ("Is {rs} personnel barred from reading the data?", ("sharing_with_employees", True)),
        ("Can {r} let its team members view the files?", ("sharing_with_employees", False)),
        ("May {r} forward {d}'s information to an employee?", ("sharing_with_employees", False)),
        ("Must {r} withhold the data from its own staff?", ("sharing_with_employees", True)),
        ("May {r} not send the files to its officers?", ("sharing_with_employees", True)),
        ("May {r} hire {d}'s staff?", ("non_solicitation", True)),
    ],
    "sharing_with_advisors": [
        ("Can {r} hand the files over to its bankers?", ("sharing_with_advisors", False)),
        ("May {r} send {d}'s data to outside counsel?", ("sharing_with_advisors", False)),
        (
            "Is {r} forbidden from telling its consultants about the data?",
            ("sharing_with_advisors", True),
        ),
        ("Can {rs} auditors review the materials?", ("sharing_with_advisors", False)),
        ("Must {r} keep the files from its advisers?", ("sharing_with_advisors", True)),
        ("May {r} retain outside counsel?", None),
    ],
    "reverse_engineering": [
        ("May {r} take {d}'s samples apart?", ("reverse_engineering", True)),
        ("Is {r} barred from dismantling the prototype?", ("reverse_engineering", False)),
        ("Can {r} test the devices to learn how they are built?", ("reverse_engineering", True)),
        ("Does the NDA stop {r} from pulling the hardware apart?", ("reverse_engineering", False)),
        ("May {r} break open the units?", ("reverse_engineering", True)),
        ("Can {r} terminate the NDA on notice?", ("termination", False)),
    ],
    "agreement_kept_confidential": [
        ("Must {r} keep the talks with {d} under wraps?", ("agreement_kept_confidential", False)),
        (
            "Does {r} have to keep its dealings with {d} private?",
            ("agreement_kept_confidential", False),
        ),
        ("Must {r} stay silent about the negotiation?", ("agreement_kept_confidential", False)),
        ("Can {r} tell the press about the deal?", ("agreement_kept_confidential", True)),
        ("Is {r} barred from announcing the transaction?", ("agreement_kept_confidential", False)),
        ("Does {d} guarantee the accuracy of the data?", None),
    ],
    "third_party_acquisition": [
        (
            "May {r} accept equivalent data that another vendor supplies?",
            ("third_party_acquisition", False),
        ),
        (
            "Can {r} obtain like information from a different company?",
            ("third_party_acquisition", False),
        ),
    ],
    "no_license_granted": [
        ("Does {r} acquire patent rights in {d}'s data?", ("no_license_granted", True)),
        ("Does {r} obtain title to the prototypes?", ("no_license_granted", True)),
        ("Does {r} get no rights in the information?", ("no_license_granted", False)),
    ],
    "use_limited_to_purpose": [
        (
            "Must {r} confine its use of the files to the project?",
            ("use_limited_to_purpose", False),
        ),
        ("May {r} use the data for something else?", ("use_limited_to_purpose", True)),
    ],
    "survival": [
        ("Do {rs} confidentiality duties outlast the NDA?", ("survival", False)),
        ("Do the obligations still apply once the contract is over?", ("survival", False)),
    ],
    "copying_information": [
        ("May {r} scan {d}'s drawings?", ("copying_information", False)),
        ("Is {r} barred from photocopying the materials?", ("copying_information", True)),
    ],
    "non_solicitation": [
        ("Can {r} lure away {d}'s engineers?", ("non_solicitation", True)),
        ("Is {r} forbidden from headhunting {d}'s people?", ("non_solicitation", False)),
    ],
    "notice_of_compelled_disclosure": [
        (
            "Must {r} alert {d} when a court demands the files?",
            ("notice_of_compelled_disclosure", False),
        ),
        (
            "Does {r} have to let {d} know if the police want the data?",
            ("notice_of_compelled_disclosure", False),
        ),
    ],
    "marked_as_confidential": [
        ("Is data protected only if {d} stamps it secret?", ("marked_as_confidential", False)),
        ("Must {d} tag its documents that way to protect them?", ("marked_as_confidential", False)),
    ],
}


@pytest.mark.parametrize("name", sorted(_EVERYDAY))
def test_everyday_words_name_the_claim(name: str) -> None:
    _check(_EVERYDAY[name])


# --- C. "keep" is retention only of a thing kept ----------------------------------------------


def test_keeping_a_thing_is_retaining_it() -> None:
    _check(
        [
            ("Can {r} keep one copy for its files?", ("retaining_copies", False)),
            ("May {r} hold on to backups?", ("retaining_copies", False)),
            ("Is {r} allowed to keep some of its notes?", ("retaining_copies", False)),
            ("Is {r} forbidden from retaining the documents?", ("retaining_copies", True)),
            ("Can {r} make backup copies of the files?", ("copying_information", False)),
        ]
    )


@pytest.mark.parametrize(
    ("template", "read_as"),
    [
        # kept secret or quiet: the deal's confidentiality, or a duty that outlives the NDA
        (
            "Must {r} keep the arrangement with {d} confidential?",
            ("agreement_kept_confidential", False),
        ),
        ("Does the duty to keep the data private continue after expiry?", ("survival", False)),
        ("Must {r} keep the files secret once the NDA has ended?", ("survival", False)),
        # kept from someone: not shared with them
        ("Must {r} keep the material from its lawyers?", ("sharing_with_advisors", True)),
        # kept as records of its own, or hired: no claim of copies
        ("Must {r} keep accurate books?", None),
        ("Must {r} keep the information to itself?", None),
    ],
)
def test_keeping_what_is_no_thing_retained_is_another_claim(
    template: str, read_as: tuple[str, bool] | None
) -> None:
    _check([(template, read_as)])


# --- D. an exception asked through its duty ---------------------------------------------------


# (beside each, the exception itself asked, or the protection denied or excepted: the exception)
_THROUGH_DUTY: dict[str, list[tuple[str, bool]]] = {
    "independent_development": [
        ("Must {r} protect information it developed on its own?", True),
        ("Is what {r} built independently still confidential?", True),
        ("Does the NDA cover software {r} wrote independently?", True),
        ("Is what {r} developed on its own excluded from protection?", False),
        ("Is information {r} developed independently not protected?", False),
    ],
    "third_party_acquisition": [
        ("Must {r} safeguard data it obtained from another source?", True),
        ("Is information {r} got from another company still secret?", True),
        ("May {r} disclose data it received from another source?", False),
    ],
    "retaining_copies": [
        ("Must {r} wipe all files, backups included?", True),
        ("Must {r} destroy every copy with no exception for archives?", True),
        ("Must {r} return the files and even its backup copies when the NDA ends?", True),
        ("Must {r} delete everything apart from one archival copy?", False),
    ],
}


@pytest.mark.parametrize("name", sorted(_THROUGH_DUTY))
def test_an_exception_asked_through_its_duty_is_its_negation(name: str) -> None:
    _check([(template, (name, negated)) for template, negated in _THROUGH_DUTY[name]])


# --- E. a conditioned permission to build -----------------------------------------------------


def test_building_without_the_information_is_independent_development() -> None:
    developing = ("independent_development", False)
    _check(
        [
            ("Can {r} design rival software so long as it never uses the data?", developing),
            ("May {r} create competing products without relying on {d}'s information?", developing),
            ("Is {r} free to build a similar tool on its own?", developing),
            ("May {r} create copies on its own?", ("copying_information", False)),
        ]
    )


# --- the party whose people see it is the one that shares ---------------------------------------


@pytest.mark.parametrize(
    ("template", "name"),
    [
        ("Can {p}'s staff see the files?", "sharing_with_employees"),
        ("Are the employees of {p} allowed to access the data?", "sharing_with_employees"),
        ("May {p}'s outside lawyers review the materials?", "sharing_with_advisors"),
    ],
)
def test_the_party_whose_people_see_the_information_is_the_actor(template: str, name: str) -> None:
    parties = ["Acme Corp", "Beta & Co."]
    for party in parties:
        for asked in (template.format(p=party), template.format(p=party).lower()):
            claim = read_claim(asked, _NDA)
            assert claim is not None, asked
            assert (claim.entry.name, claim.negated, claim.actor) == (name, False, party), asked
            assert claim.others == tuple(p for p in parties if p != party), asked
