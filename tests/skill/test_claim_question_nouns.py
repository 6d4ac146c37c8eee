"""Words of a claim question that are no agreement's type and nouns that are the claim (issue
34, ContractNLI "several phrasings each"; session 38's phrasings, development half):

- a type word ("license", "lease", "loan", "guarantee") that a claim's verb conveys ("Does
  Company grant you no license ...?", "No licence is granted?") or that is the verb itself
  ("Does Acme lease the premises?", "Does the discloser guarantee the accuracy ...?") names
  no agreement, so it scopes no subject; one that names an agreement ("the license agreement",
  "the licence", "under the lease", "Acme's loan", "the Software License") still does;
- a terse question made of a claim's noun phrase alone ("Non-solicit of personnel?", "Return
  or destroy when the NDA ends?", "Survival after termination?") is read as the yes/no claim,
  never a value asked ("Survival period?", "Return on equity?");
- developing competing products on one's own, or independently, is the permission of
  independent development (propositions.yaml `yields_to`), not the non-compete.

Each class on generated variants (lower case, the parties named as analysts name them,
plurals, other verbs); none is a bench phrasing (bench/contract_nli_phrasings*.yaml)."""

from __future__ import annotations

import pytest

from skill import parse_subject, read_claim, subject_agreement_span, terse_yes_no
from tests.conftest import IngestedKB

_NDA = parse_subject(
    {
        "type": "agreement",
        "attribute": "obligations",
        "constraints": {"parties": ["Acme Corp", "Beta & Co."]},
    }
)
_RECIPIENTS = ["you", "the recipient", "Recipient", "the Receiving Party", "Beta & Co."]
_DISCLOSERS = ["Company", "the discloser", "Acme Corp", "the Disclosing Party"]


def _named(question: str) -> str | None:
    span = subject_agreement_span(question)
    return None if span is None else question[span[0] : span[1]]


def _read(question: str) -> tuple[str, bool] | None:
    claim = read_claim(question, _NDA)
    return None if claim is None else (claim.entry.name, claim.negated)


# --- a type word that is the claim's object or verb -----------------------------------------


@pytest.mark.parametrize("word", ["license", "licence", "License"])
@pytest.mark.parametrize("opener", ["any", "no", "a", "any implied", "some"])
def test_a_type_word_a_claims_verb_conveys_names_no_agreement(word: str, opener: str) -> None:
    templates = [
        "Does {d} grant {r} {o} {w} to the information?",
        "Does {d} grant {o} {w} to {r}?",
        "Is it stated that {d} confers on {r} {o} {w} under its patents?",
        "Does disclosure convey {o} {w} to {r}?",
        "Is {r} given {o} {w} to use the materials?",
        "Does {r} obtain {o} {w} from {d}?",
        "Is {o} {w} granted to {r}?",
        "{o} {w} or right is granted to {r}?",
    ]
    for template in templates:
        for d in _DISCLOSERS:
            for r in _RECIPIENTS:
                question = template.format(d=d, r=r, o=opener, w=word)
                for asked in (question, question.lower()):
                    assert _named(asked) is None, asked
    _still_named()


@pytest.mark.parametrize(
    "question",
    [
        "Does Acme lease the premises to Beta & Co.?",
        "may the tenant lease its warehouse to a third party?",
        "Does the discloser guarantee the accuracy of the information?",
        "Does Company guarantee any result?",
        "Does Keystone loan money to Halcyon?",
        "Will the lender loan funds to the borrower?",
        "May the recipient license the software to its affiliates?",
        "Can you licence it to others?",
    ],
)
def test_a_type_word_that_is_the_claims_verb_names_no_agreement(question: str) -> None:
    for asked in (question, question.lower()):
        assert _named(asked) is None, asked
    _still_named()


# ... while one naming an agreement still names it (checked beside each class above, so
# that the reading of the class never reaches them)
_NAMED = [
    ("Does the license agreement grant Acme any license?", "the license agreement"),
    ("Does the licence agreement grant Acme a licence?", "the licence agreement"),
    ("Can Halcyon terminate the license?", "the license"),
    ("Under the lease, may the tenant sublet the premises?", "the lease"),
    ("Is the lease renewable?", "the lease"),
    ("What is the interest rate of the loan?", "the loan"),
    ("Does Halcyon's loan bear interest?", "loan"),
    (
        "Does the loan and security agreement permit prepayment?",
        "the loan and security agreement",
    ),
    ("Does the Software License grant a license to sublicense?", "the Software License"),
    ("Is the guaranty enforceable against Acme?", "the guaranty"),
]


def _still_named() -> None:
    for question, named in _NAMED:
        assert _named(question) == named, question
        assert (_named(question.lower()) or "").lower() == named.lower(), question


@pytest.mark.slow
def test_a_license_granted_scopes_no_license_agreement_in_the_data_room(
    data_room_kb: IngestedKB,
) -> None:
    """The data room holds no licence agreement: a claim whose verb grants a license between
    the NDA's parties is asked of their NDA (not 'no license agreement found'); a loan named
    as the agreement is still the loan agreement."""
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        for question in (
            "Does Brightline grant Halcyon any license to its confidential information?",
            "does halcyon grant brightline no licence under its patents?",
        ):
            answer = rt.skill.ask(data_room_kb.kb, question)
            assert answer.terminal_state != "SUBJECT_NOT_FOUND", question
            assert answer.subject_class.document_type is None, question
        loan = rt.skill.ask(data_room_kb.kb, "Is the loan between Keystone and Halcyon secured?")
        assert loan.subject_class.document_type == "loan_agreement"


# --- a claim's noun phrase alone ------------------------------------------------------------

_TERSE_NOUNS = {
    "non_solicitation": [
        "Non-solicit of personnel?",
        "Non-solicitation of {d}'s staff?",
        "Nonsolicit?",
        "No-poach of employees?",
    ],
    "non_compete": ["Non-compete?", "Non-competition with {d}?"],
    "survival": [
        "Survival after termination?",
        "Survival of obligations beyond expiry?",
        "Survival of the duties of confidence after the NDA ends?",
    ],
    "return_on_termination": [
        "Return or destroy when the NDA ends?",
        "Return/destruction of CI upon expiry?",
        "Return of materials at the end of the agreement?",
        "Destruction of all copies upon termination?",
    ],
    "return_or_destruction": ["Return or destruction of information?", "Destruction?"],
    "independent_development": ["Independent development of similar products?"],
}


# ... never a value asked, nor a noun that leaves the claim open (allowed or forbidden?)
_NOT_CLAIMS = [
    "Survival period?",
    "Non-compete term?",
    "Non-solicit duration?",
    "Return on equity?",
    "Return on equity for 3M?",
    "Returns?",
    "Reverse engineering?",
    "Governing law?",
]


@pytest.mark.parametrize("name", sorted(_TERSE_NOUNS))
def test_a_claims_noun_phrase_alone_is_read_as_the_claim(name: str) -> None:
    for template in _TERSE_NOUNS[name]:
        for d in _DISCLOSERS:
            question = template.format(d=d)
            for asked in (question, question.lower()):
                assert _read(asked) == (name, False), asked
                assert terse_yes_no(asked).startswith("is "), asked
    for question in _NOT_CLAIMS:
        for asked in (question, question.lower()):
            assert _read(asked) is None, asked
            assert terse_yes_no(asked) == asked, asked


# --- which proposition's words decide -------------------------------------------------------


@pytest.mark.parametrize("recipient", _RECIPIENTS)
def test_developing_competing_products_on_ones_own_is_independent_development(
    recipient: str,
) -> None:
    own = "your" if recipient == "you" else "its"
    cases = [
        (f"May {recipient} develop competing products on {own} own?", "independent_development"),
        (f"Can {recipient} independently develop competing products?", "independent_development"),
        (
            f"Is {recipient} free to develop competing technology on {own} own?",
            "independent_development",
        ),
        # the non-compete still reads what says no development of one's own
        (f"May {recipient} compete with Acme Corp?", "non_compete"),
        (f"Is {recipient} barred from developing competing products?", "non_compete"),
    ]
    for question, name in cases:
        for asked in (question, question.lower()):
            read = _read(asked)
            assert read is not None and read[0] == name, (asked, read)


@pytest.mark.parametrize("recipient", _RECIPIENTS)
@pytest.mark.parametrize(
    "restraint",
    [
        "Must {r} refrain from independently developing competing products?",
        "Must {r} abstain from developing competing products on {own} own?",
        "Does the agreement stop {r} from independently developing competing products?",
        "Is {r} required to refrain from developing competing products on {own} own?",
    ],
)
def test_a_restraint_on_developing_alone_stays_the_non_compete_unflipped(
    recipient: str, restraint: str
) -> None:
    # review D1: handed to independent development (a permission) these read "is development
    # permitted?", the opposite of what they ask; they ask the non-compete's restraint
    own = "your" if recipient == "you" else "its"
    question = restraint.format(r=recipient, own=own)
    for asked in (question, question.lower()):
        assert _read(asked) == ("non_compete", False), asked
