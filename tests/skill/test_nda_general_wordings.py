"""NDA claims said in the general words NDAs use, that the rules read wrongly or not at all
(issue 34: generalization beyond the development NDAs' wordings; written from common NDA
practice, not from the bench's documents), each class on generated variants (actors, modal
verbs, lower case, "except" and "provided that" scopes), with controls that keep what the words
do not say:

- copies kept "of the Confidential Information", or kept somewhere named first ("retain in the
  office of its legal counsel, one copy"), are copies retained;
- a relief from the duty to return or destroy ("shall not be required to purge back-up
  tapes"), or a return's exception that keeps some ("except to the extent retention is
  required by law"), permits retaining copies; returning "without retaining any copies" denies
  it;
- a restriction of the disclosure to employees ("shall restrict disclosure of the information
  to those of its employees") permits sharing with them;
- a compelled disclosure allowed "without notice" denies the duty to give notice;
- developing information that is similar or competing, said without "independently", is the
  permission of independent development; using the information to develop is not;
- "Termination shall not relieve the Recipient of its obligations" says they survive; "the
  obligations shall terminate upon the expiration of this Agreement" that they do not;
- inducing or encouraging employees to leave is soliciting them."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds as _holds

ACTORS = ["The Receiving Party", "Recipient", "the Company", "Each party", "Either party"]


def _cases(templates: list[str], actors: list[str] = ACTORS) -> list[str]:
    """Each template with each actor, as written and in lower case."""
    out = []
    for template, actor in itertools.product(templates, actors):
        sentence = template.format(actor=actor)
        sentence = sentence[0].upper() + sentence[1:]
        out.extend((sentence, sentence.lower()))
    return out


# --- retaining copies -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{actor} shall not be required to purge back-up tapes or electronic archives of "
            "Confidential Information.",
            "Notwithstanding the foregoing, {actor} will not be obligated to destroy computer "
            "records created pursuant to automatic archiving or back-up procedures.",
            "{actor} shall return or destroy all Confidential Information, except to the extent "
            "retention is required by law or by its document retention policies.",
            "{actor} must promptly destroy all copies of the Evaluation Material, other than "
            "copies held in its automatic back-up systems.",
            "Upon request, {actor} shall return all Confidential Information, provided that "
            "legal counsel may retain one archival copy.",
            "However, {actor} may retain in the office of its legal counsel, one copy of the "
            "Proprietary Information for record purposes only.",
            "{actor} may keep with its outside counsel, a single copy of the Evaluation Material.",
        ]
    ),
)
def test_a_relief_from_returning_some_permits_retaining_copies(sentence: str) -> None:
    assert _holds("retaining_copies", sentence) is True
    assert _holds("retaining_copies", sentence, negated=True) is False


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{actor} shall promptly return all Confidential Information, without retaining any "
            "copies, extracts or summaries thereof.",
            "Upon termination {actor} will destroy the Evaluation Material without keeping any "
            "copy of it.",
            "{actor} shall not retain any copies of the Confidential Information.",
        ]
    ),
)
def test_returning_without_keeping_any_denies_retaining_copies(sentence: str) -> None:
    assert _holds("retaining_copies", sentence) is False


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "Upon request {actor} shall return all Confidential Information.",
            "{actor} shall, unless otherwise agreed, destroy all copies.",
            "{actor} shall hold in strict confidence and not disclose any information received.",
        ]
    ),
)
def test_a_plain_return_says_nothing_of_retaining(sentence: str) -> None:
    assert _holds("retaining_copies", sentence) is None


# --- sharing with employees: a restriction to them ---------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{actor} shall restrict disclosure of Confidential Information to those of its "
            "employees who need to know it.",
            "{actor} will limit access to the Evaluation Material to its officers and employees.",
            "{actor} agrees to confine disclosure of the Information to its personnel with a "
            "need to know.",
        ]
    ),
)
def test_a_restriction_of_disclosure_to_employees_permits_sharing(sentence: str) -> None:
    assert _holds("sharing_with_employees", sentence) is True


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{actor} shall not disclose Confidential Information to its employees.",
            "{actor} shall restrict disclosure to any third party.",
        ]
    ),
)
def test_a_restriction_to_no_one_permits_nothing(sentence: str) -> None:
    assert _holds("sharing_with_employees", sentence) is not True


# --- notice of a compelled disclosure ---------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{actor} may disclose Confidential Information pursuant to a court order without "
            "notice to the Discloser.",
            "{actor} may, without notifying the other party, disclose Confidential Information "
            "to the extent required by law.",
            "Where {actor} is legally compelled to disclose, it may do so without prior notice.",
        ]
    ),
)
def test_a_compelled_disclosure_without_notice_denies_the_duty(sentence: str) -> None:
    assert _holds("notice_of_compelled_disclosure", sentence) is False


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "The Discloser may update the information from time to time without notice to {actor}.",
            "If {actor} is required by law to disclose Confidential Information, it shall give "
            "prompt written notice so that a protective order may be sought.",
            "In such event, the party alleging breach shall be entitled, without further "
            "notice, to require of {actor} specific performance and to obtain injunctive relief "
            "in any competent court.",
        ]
    ),
)
def test_notice_elsewhere_is_not_denied(sentence: str) -> None:
    assert _holds("notice_of_compelled_disclosure", sentence) is not False


# --- independent development said without "independently" ------------------------------------


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "Nothing in this Agreement shall prevent {actor} from developing products that are "
            "similar to the Discloser's products.",
            "Each party acknowledges that {actor} may develop information internally that is "
            "similar to the Confidential Information.",
            "{actor} may develop competing technology, provided that it does not use the "
            "Confidential Information.",
        ]
    ),
)
def test_developing_similar_information_is_permitted(sentence: str) -> None:
    assert _holds("independent_development", sentence) is True


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{actor} shall not use the Confidential Information to develop similar products.",
            "{actor} will not utilize any Evaluation Material in developing competing products.",
        ]
    ),
)
def test_using_the_information_to_develop_is_no_development_apart(sentence: str) -> None:
    assert _holds("independent_development", sentence) is None


# --- survival said in other words -------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "Termination of this Agreement shall not relieve {actor} of its obligations with "
            "respect to Confidential Information disclosed prior to termination.",
            "The expiration of this Agreement will not discharge {actor} from its duty of "
            "confidentiality.",
        ]
    ),
)
def test_termination_that_relieves_no_one_says_obligations_survive(sentence: str) -> None:
    assert _holds("survival", sentence) is True
    assert _holds("survival", sentence, negated=True) is False


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "All obligations of {actor} shall terminate upon the expiration of this Agreement.",
            "The duties of {actor} under this Agreement will cease on the termination hereof.",
        ]
    ),
)
def test_obligations_ending_with_the_agreement_do_not_survive(sentence: str) -> None:
    assert _holds("survival", sentence) is False


def test_obligations_ending_years_after_termination_are_not_denied() -> None:
    sentence = (
        "The obligations hereunder shall expire three years after the termination of this "
        "Agreement."
    )
    assert _holds("survival", sentence) is not False


# --- soliciting said as inducing --------------------------------------------------------------


@pytest.mark.parametrize("modal", ["shall not", "will not", "agrees not to", "may not"])
@pytest.mark.parametrize("verb", ["induce", "encourage"])
@pytest.mark.parametrize("actor", ACTORS)
def test_inducing_employees_to_leave_is_soliciting(actor: str, modal: str, verb: str) -> None:
    sentence = f"{actor} {modal} {verb} any employee of the other party to leave its employment."
    assert _holds("non_solicitation", sentence) is True
    assert _holds("non_solicitation", sentence.lower()) is True


def test_inducing_a_lender_to_lend_is_no_solicitation() -> None:
    sentence = (
        "In order to induce the Agent and the Lenders to enter into this Agreement, the "
        "Borrower makes the following representations."
    )
    assert _holds("non_solicitation", sentence) is None


# --- sharing said with other verbs of disclosing ----------------------------------------------


@pytest.mark.parametrize(
    ("name", "whom"),
    [
        ("sharing_with_employees", "its employees who need to know"),
        ("sharing_with_advisors", "its legal and financial advisers"),
        ("sharing_with_advisors", "its Representatives"),
    ],
)
@pytest.mark.parametrize("verb", ["supply", "disseminate", "release"])
@pytest.mark.parametrize("modal", ["shall not", "will not", "agrees not to"])
@pytest.mark.parametrize("actor", ACTORS)
def test_other_verbs_of_disclosing_carve_out_sharing(
    actor: str, modal: str, verb: str, name: str, whom: str
) -> None:
    sentence = (
        f"{actor} {modal} {verb} any Confidential Information to any person except to {whom}."
    )
    assert _holds(name, sentence) is True
    assert _holds(name, sentence.lower()) is True


@pytest.mark.parametrize("name", ["sharing_with_employees", "sharing_with_advisors"])
@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{actor} acknowledges that it is not entitled to rely on the accuracy of any "
            "Confidential Information furnished to it or its Representatives.",
            "{actor} shall not be released from its obligations to its employees.",
        ]
    ),
)
def test_information_named_by_how_it_came_is_no_disclosure(name: str, sentence: str) -> None:
    assert _holds(name, sentence) is None


# --- survival: confidence kept without end, obligations that continue to apply -----------------


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "Any Confidential Information retained by {actor} shall continue to be held "
            "confidential in accordance with this Agreement.",
            "The obligations of {actor} in Clauses 3 and 4 shall continue to apply.",
            "{actor} shall keep the Confidential Information permanently and strictly "
            "confidential.",
            "Confidential Information shall be kept by {actor} in the strictest confidence, "
            "without limitation of time.",
            "{actor} will hold the Evaluation Material in confidence indefinitely.",
        ]
    ),
)
def test_confidence_without_end_survives(sentence: str) -> None:
    assert _holds("survival", sentence) is True


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{actor} shall permanently destroy all Confidential Information.",
            "{actor} shall treat the information as confidential and permanently delete all "
            "copies of Confidential Information.",
            "{actor} shall keep the information confidential.",
            "This Agreement shall remain in effect for one year.",
        ]
    ),
)
def test_a_permanent_deletion_or_a_term_says_nothing_of_survival(sentence: str) -> None:
    assert _holds("survival", sentence) is None


# --- returning when the deal ends -------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "If {actor} elects not to proceed with the Transaction, it will promptly return all "
            "Confidential Information.",
            "Upon the abandonment of the Transaction, {actor} shall return all copies of the "
            "Information.",
            "If the transaction is not consummated, {actor} shall destroy all Evaluation Material.",
            "Upon termination of this Agreement {actor} must return or destroy the "
            "Confidential Information.",
        ]
    ),
)
def test_a_return_when_the_deal_ends_is_a_return_on_termination(sentence: str) -> None:
    assert _holds("return_on_termination", sentence) is True


@pytest.mark.parametrize("name", ["sharing_with_employees", "sharing_with_advisors"])
@pytest.mark.parametrize("recipient", ["the Recipient", "the receiving party", "you"])
def test_a_disclosure_to_the_recipient_is_no_sharing_by_it(name: str, recipient: str) -> None:
    sentence = (
        f"provided that the source of such information was not known to be prohibited from "
        f"disclosing such information to {recipient} or its Representatives by a contractual "
        f"obligation."
    )
    assert _holds(name, sentence) is None
    assert _holds(name, "The Recipient may disclose it to its employees and advisors.") is True
    # the recipient's own people named by its possessive are whom it shares with
    whose = "your" if recipient == "you" else f"{recipient}'s"
    possessive = f"Information may be disclosed to {whose} employees and advisors."
    assert _holds(name, possessive) is True


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "In the event {actor} receives a subpoena, it shall provide prompt actual notice to "
            "the General Counsel of the Discloser.",
        ]
    ),
)
def test_a_notice_or_assistance_given_is_no_sharing(sentence: str) -> None:
    assert _holds("sharing_with_advisors", sentence) is None


@pytest.mark.parametrize(
    "whom",
    ["its affiliates", "its parent company and subsidiaries", "its auditors and lenders"],
)
@pytest.mark.parametrize("actor", ACTORS)
def test_other_companies_than_the_recipient_are_third_parties(actor: str, whom: str) -> None:
    allowed = f"{actor} may disclose Confidential Information to {whom}."
    assert _holds("sharing_with_advisors", allowed) is True
    assert _holds("sharing_with_advisors", allowed.lower()) is True
    carved = (
        f"{actor} will not disclose any Confidential Information to any third parties except "
        f"to {whom} who have a need to know."
    )
    assert _holds("sharing_with_advisors", carved) is True


# --- oral information said as information in no tangible form ---------------------------------


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "Information that {actor} first receives in a non-written or other non-tangible form "
            "shall be identified as confidential at the time of disclosure.",
            'The term "Information" means all information furnished to {actor}, whether '
            "tangible or intangible and in whatever form or medium provided.",
            "Confidential Information includes information disclosed to {actor} in intangible "
            "form.",
        ]
    ),
)
def test_information_in_no_tangible_form_includes_oral_information(sentence: str) -> None:
    assert _holds("oral_information", sentence) is True


@pytest.mark.parametrize(
    "sentence",
    _cases(["{actor} shall return all tangible materials containing Confidential Information."]),
)
def test_tangible_materials_say_nothing_of_oral_information(sentence: str) -> None:
    assert _holds("oral_information", sentence) is None


# --- a duty of confidence over any information: not technical information only ---------------


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{actor} will treat confidentially any information (whether written or oral) that "
            "the Company furnishes to it.",
            "{actor} shall hold in strict confidence all information received from the other "
            "party.",
            "{actor} agrees to keep confidential any and all data disclosed under this Agreement.",
        ]
    ),
)
def test_confidence_over_any_information_is_not_technical_only(sentence: str) -> None:
    assert _holds("technical_information_only", sentence) is False


@pytest.mark.parametrize(
    "sentence",
    _cases(["{actor} shall hold in confidence all technical information received."]),
)
def test_confidence_over_technical_information_is_not_denied(sentence: str) -> None:
    assert _holds("technical_information_only", sentence) is not False
