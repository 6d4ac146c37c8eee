"""How an NDA claim question is read when an analyst phrases it in their own words (issue 34,
ContractNLI "several phrasings each, some as the negation"): a phrase before the auxiliary
("Under this NDA, may ...?", "If served with a subpoena, must ...?"), a terse question with no
auxiliary ("Copying permitted?", "Duties survive expiry?", "Beta may make copies?"), the
permission said last ("Is reverse engineering of the samples permitted?"), and the words
analysts use for each claim, with the parties named as "you", "Company", "the recipient",
"Beta & Co." or a possessive. Each class on generated variants; a negation flips the reading.
The variants are not the bench's phrasings (bench/contract_nli_phrasings*.yaml)."""

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

# who receives the information, and who discloses it, as analysts name them
_RECIPIENTS = ["you", "the recipient", "Recipient", "the Receiving Party", "Beta & Co."]
_DISCLOSERS = ["Company", "the discloser", "Acme Corp", "the Disclosing Party"]


def _read(question: str) -> tuple[str, bool] | None:
    claim = read_claim(question, _NDA)
    return None if claim is None else (claim.entry.name, claim.negated)


def _check(cases: list[tuple[str, str, bool]]) -> None:
    """Each question read as its claim, as written and in lower case."""
    for question, name, negated in cases:
        for asked in (question, question.lower()):
            assert _read(asked) == (name, negated), asked


# --- a phrase before the auxiliary ----------------------------------------------------------

_AFTER_LEAD = [
    ("may {r} reverse engineer the prototypes?", "reverse_engineering", True),
    ("is {r} barred from decompiling the software?", "reverse_engineering", False),
    ("can {r} share the information with its employees?", "sharing_with_employees", False),
    ("may {r} make copies of the materials?", "copying_information", False),
    ("is {r} forbidden from copying the documents?", "copying_information", True),
    ("does any obligation of {r} survive?", "survival", False),
]


@pytest.mark.parametrize(
    "lead",
    [
        "Under this agreement",
        "Under the NDA between Acme Corp and Beta & Co.",
        "For the avoidance of doubt",
        "In this NDA",
        "As a matter of the contract",
        "Looking at the confidentiality terms",
    ],
)
def test_a_phrase_before_the_auxiliary_is_read_as_the_question_after_it(lead: str) -> None:
    cases = [
        (f"{lead}, {q.format(r=r)}", name, negated)
        for q, name, negated in _AFTER_LEAD
        for r in _RECIPIENTS
    ]
    _check(cases)


@pytest.mark.parametrize("recipient", _RECIPIENTS)
def test_a_condition_before_the_auxiliary_keeps_its_words(recipient: str) -> None:
    _check(
        [
            (
                f"If a court orders disclosure, must {recipient} notify Acme Corp first?",
                "notice_of_compelled_disclosure",
                False,
            ),
            (
                f"Upon termination, does {recipient} have to return or destroy the materials?",
                "return_on_termination",
                False,
            ),
            (
                f"When the NDA expires, must {recipient} give back the documents?",
                "return_on_termination",
                False,
            ),
        ]
    )


# --- a terse question with no auxiliary -----------------------------------------------------

_TERSE = {
    "reverse_engineering": [
        ("Reverse-engineering of the prototypes forbidden?", False),
        ("Decompiling the software barred?", False),
        ("Reverse engineering allowed?", True),
        ("Disassembly of the samples permitted under the NDA?", True),
        ("Recipient may reverse engineer the samples?", True),
        ("Reverse engineering of Acme's products prohibited?", False),
    ],
    "copying_information": [
        ("Copying permitted?", False),
        ("Copies of the information allowed?", False),
        ("Reproduction of Acme's materials prohibited?", True),
        ("Duplicating the documents forbidden?", True),
        ("Beta & Co. can make copies?", False),
        ("copies allowed under the nda?", False),
    ],
    "sharing_with_employees": [
        ("Disclosure to employees permitted?", False),
        ("Sharing with staff allowed?", False),
        ("Sharing with the recipient's personnel prohibited?", True),
        ("Beta may share it with its employees?", False),
        ("Disclosure to officers barred?", True),
        ("Sharing with employees on a need-to-know basis allowed?", False),
    ],
    "survival": [
        ("Confidentiality obligations survive expiry?", False),
        ("Duties survive the end of the agreement?", False),
        ("Any obligations survive?", False),
        ("Obligations must continue after termination?", False),
        ("The duty of confidence survives termination?", False),
        ("Restrictions survive once the NDA ends?", False),
    ],
    "third_party_acquisition": [
        ("Similar information from third parties allowed?", False),
        ("Obtaining similar info from another source permitted?", False),
        ("Acquiring comparable data from outside parties prohibited?", True),
        ("Receiving the same information from a third party allowed?", False),
        ("Recipient can obtain similar data from other sources?", False),
        ("Getting comparable information from third parties forbidden?", True),
    ],
    "independent_development": [
        ("Independent development permitted?", False),
        ("Independently developing similar products allowed?", False),
        ("Independent development of similar technology prohibited?", True),
        ("Recipient may develop similar information independently?", False),
        ("Developing comparable products on its own forbidden?", True),
        ("independent development permissible under the contract?", False),
    ],
}


@pytest.mark.parametrize("name", sorted(_TERSE))
def test_a_terse_question_is_read_as_if_it_had_its_auxiliary(name: str) -> None:
    _check([(q, name, negated) for q, negated in _TERSE[name]])
    # a terse question without such a word asks a value, no claim
    for question in ("Governing law?", "Term of the NDA?", "Parties to the agreement?"):
        assert _read(question) is None, question
        assert _read(question.lower()) is None, question


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        # its opening word of legal English lowered, so that it reads as no party's name
        ("No licence granted to Beta?", "is no licence granted to Beta?"),
        ("No rights granted under the NDA?", "is no rights granted under the NDA?"),
        ("Existence of the NDA kept confidential?", "is existence of the NDA kept confidential?"),
        (
            "Information must be marked as confidential?",
            "must information be marked as confidential?",
        ),
        ("Disclosure to consultants permitted?", "is disclosure to consultants permitted?"),
        (
            "Recipient may reverse engineer the samples?",
            "may recipient reverse engineer the samples?",
        ),
        # no claim of the lexicon's in it, or not terse: as written
        # an opening acronym or name would read as a party's after an auxiliary: as written
        ("CI includes technical data only?", "CI includes technical data only?"),
        ("Halcyon may reverse engineer the samples?", "Halcyon may reverse engineer the samples?"),
        ("Governing law?", "Governing law?"),
        ("Revenue from continuing operations only?", "Revenue from continuing operations only?"),
        ("Is no licence granted to Beta?", "Is no licence granted to Beta?"),
        ("Under this NDA, may Acme copy it?", "Under this NDA, may Acme copy it?"),
    ],
)
def test_the_question_grammar_reads_a_terse_claim_with_its_auxiliary(
    question: str, asked: str
) -> None:
    from skill import terse_yes_no

    assert terse_yes_no(question) == asked


# --- the permission said last ---------------------------------------------------------------


@pytest.mark.parametrize(
    "tail", ["?", " under the NDA?", " by the agreement?", " in any circumstances?"]
)
def test_a_permission_said_last_asks_the_prohibitions_negation(tail: str) -> None:
    cases = []
    for word, negated in (
        ("permitted", True),
        ("allowed", True),
        ("permissible", True),
        ("prohibited", False),
        ("forbidden", False),
    ):
        for what in ("reverse engineering of the samples", "decompiling Acme's software"):
            cases.append((f"Is {what} {word}{tail}", "reverse_engineering", negated))
        for whose in ("Acme Corp's", "the Disclosing Party's", "Company's"):
            cases.append(
                (f"Is soliciting {whose} employees {word}{tail}", "non_solicitation", negated)
            )
    _check(cases)


# --- the words analysts use for each claim --------------------------------------------------


def _roles(template: str, name: str, negated: bool) -> list[tuple[str, str, bool]]:
    return [
        (template.format(r=r, d=d, rs=_possessive(r)), name, negated)
        for r in _RECIPIENTS
        for d in _DISCLOSERS
    ]


def _possessive(recipient: str) -> str:
    return "your" if recipient == "you" else f"{recipient}'s"


_WORDINGS = {
    "marked_as_confidential": [
        ("Must {d} label information as confidential for it to be protected?", False),
        ("Does {r} have to protect information that is not marked as confidential?", True),
        ("Is unlabelled information protected?", True),
        ("Is information protected only if {d} identifies it as such?", False),
        ("Does information need to be designated as confidential by {d}?", False),
        ("Is unmarked material treated as Confidential Information?", True),
    ],
    "technical_information_only": [
        ("Is Confidential Information confined to technical data?", False),
        ("Is what {d} discloses to {r} restricted to technical matters?", False),
        ("Are {d}'s financial results covered by the NDA?", True),
        ("Is commercial information included as confidential information?", True),
        ("Is non-technical information protected?", True),
        ("Is protected information technical info only?", False),
    ],
    "oral_information": [
        ("Is information {d} conveys in a meeting confidential?", False),
        ("Are disclosures made by phone protected?", False),
        ("Does what {d} tells {r} in conversation count as Confidential Information?", False),
        ("Are spoken disclosures excluded?", True),
        ("Is orally disclosed information excluded from protection?", True),
        ("Is verbal information covered?", False),
    ],
    "use_limited_to_purpose": [
        ("Is {rs} use of the information restricted to the Purpose?", False),
        ("Is the use of the information confined to evaluating a possible deal?", False),
        ("Can {r} use {d}'s information for its own benefit?", True),
        ("Is {r} free to use the information for its own purposes?", True),
        ("Is use of the information limited to the transaction?", False),
        ("Is {r} allowed to exploit the information for its own business?", True),
    ],
    "sharing_with_employees": [
        ("Can {r} pass the information on to its staff?", False),
        ("May {r} show {d}'s materials to its employees?", False),
        ("Is {r} forbidden from revealing the information to its personnel?", True),
        ("Can {r} communicate the information to its officers?", False),
        ("Is {r} barred from passing the information to its employees?", True),
        ("Can {r} hand on the information to staff who need to know it?", False),
    ],
    "agreement_kept_confidential": [
        ("Is {r} barred from saying that the parties have signed the NDA?", False),
        ("Can {r} tell others that it has entered into this NDA with {d}?", True),
        ("Is {r} allowed to reveal that the agreement exists?", True),
        ("Is {r} free to announce that it signed an NDA with {d}?", True),
        ("Must {r} refrain from mentioning that negotiations are under way?", False),
        ("Is {r} prohibited from disclosing that it is negotiating with {d}?", False),
    ],
    "independent_development": [
        ("Can {r} develop comparable software on its own?", False),
        ("Is {r} prohibited from developing similar products on their own?", True),
        ("Does the NDA stop {r} from developing like information on its own?", True),
        ("May {r} develop similar technology on its own without {d}'s information?", False),
        ("Is {r} barred from developing equivalent products on its own?", True),
        ("Can {r} develop its own similar products on its own?", False),
    ],
    "third_party_acquisition": [
        ("Can {r} receive similar information from another source?", False),
        ("May {r} obtain comparable data from someone other than {d}?", False),
        ("Is {r} barred from acquiring similar information from an outside party?", True),
        ("Can {r} get the same information from independent sources?", False),
        ("Is {r} prohibited from obtaining comparable information from other sources?", True),
        ("May {r} acquire similar know-how from anyone other than {d}?", False),
    ],
    "return_on_termination": [
        ("May {r} keep {d}'s materials forever?", True),
        ("Can {r} retain the documents permanently after the NDA ends?", True),
        ("Is {r} allowed to hold on to the information indefinitely?", True),
        ("Must {r} return or destroy {d}'s materials when the NDA ends?", False),
        ("Does {r} have to destroy the documents upon expiration?", False),
        ("Is {r} required to return everything at the end of the agreement?", False),
    ],
    "survival": [
        ("Is {r} still bound by the confidentiality obligations after the NDA expires?", False),
        ("Do {rs} duties end when the agreement terminates?", True),
        ("Do {rs} obligations cease once the NDA expires?", True),
        ("Does any obligation remain in effect after termination?", False),
        ("Is {r} still subject to the restrictions following expiration?", False),
        ("Do {rs} undertakings lapse upon termination?", True),
    ],
    "retaining_copies": [
        ("Must all copies be destroyed with none retained?", True),
        ("Must {r} return everything to {d}, with no copies kept?", True),
        ("Can {r} keep an archival copy?", False),
        ("Is archival retention of one copy allowed?", False),
        ("Must {r} destroy the materials so that none are kept?", True),
        ("May {r} retain a backup copy for its records?", False),
    ],
    "no_license_granted": [
        ("Is it stated that {d} grants {r} no rights in the information?", False),
        ("Does {d} give {r} no license to its information?", False),
        ("Does the NDA grant {r} a license to {d}'s information?", True),
        ("Is {r} given no license under the agreement?", False),
        ("Does {d} confer on {r} any right to the information?", True),
        ("Does the agreement grant no rights to {r}?", False),
    ],
}


@pytest.mark.parametrize("name", sorted(_WORDINGS))
def test_an_analysts_words_for_the_claim_are_read_as_it(name: str) -> None:
    cases = [c for template, negated in _WORDINGS[name] for c in _roles(template, name, negated)]
    _check(cases)
