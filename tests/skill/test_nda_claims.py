"""NDA claims the rules read where they had read nothing (issue 34: the recall of the
ContractNLI bench's "not stated" answers): a prohibition's exception that permits sharing, a
defined role ("Representatives") or "those who need to know" as the employees shared with,
an exclusion's list item read apart from its lead-in, a proviso's duty to give notice, and the
agreement's own confidentiality, the license not granted and the non-technical information a
definition names, said in the words NDAs use. Each rule on generated variants (actors, modal
verbs, "only"/"solely", lists, negation), and end to end on real PDFs (line breaks where the
typesetter wraps them), beside an NDA that says none of it: silence stays "Not stated"."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from domain import lexicon
from tests.pdfs import clauses_pdf
from tests.skill.claim_reading import holds as _holds

_ENTRIES = {p.name: p for p in lexicon().propositions}


ACTORS = ["The Receiving Party", "Recipient", "Each party", "The Company"]
MODALS = ["shall not", "will not", "may not", "agrees not to"]


# --- sharing with employees: the exception is what the prohibition leaves allowed -----------


@pytest.mark.parametrize(("actor", "modal"), itertools.product(ACTORS, MODALS))
@pytest.mark.parametrize(
    "exception",
    [
        "except to its employees who have a need to know",
        "other than to those of its employees and officers who need to know it",
        "except to the Receiving Party's employees, parent company and affiliates",
    ],
)
def test_a_prohibition_whose_exception_names_employees_permits_sharing(
    actor: str, modal: str, exception: str
) -> None:
    # the rule itself may name employees among whom it forbids: its exception still decides
    sentence = (
        f"{actor} {modal} disclose any Confidential Information to any employees or to any "
        f"third parties {exception}."
    )
    assert _holds("sharing_with_employees", sentence) is True
    assert _holds("sharing_with_employees", sentence, negated=True) is False


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "limit",
    [
        "shall be limited to those employees",
        "shall be restricted solely to its employees",
        "will be confined to its Representatives",
    ],
)
def test_disclosure_limited_to_employees_permits_it(actor: str, limit: str) -> None:
    sentence = f"Disclosure of Confidential Information by {actor} {limit} who need to know it."
    assert _holds("sharing_with_employees", sentence) is True


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("word", ["Representatives", "representatives"])
def test_representatives_who_need_to_know_are_the_employees_shared_with(
    actor: str, word: str
) -> None:
    sentence = (
        f"{actor} may disclose the Information only to those {word} who need to know the "
        "Information for the purpose of evaluating the Transaction."
    )
    assert _holds("sharing_with_employees", sentence) is True


@pytest.mark.parametrize("modal", MODALS)
@pytest.mark.parametrize("role", ["its Representatives", "its employees", "your representatives"])
def test_the_representatives_who_act_are_not_those_shared_with(modal: str, role: str) -> None:
    # the role is the actor here, before the modal: it says nothing of sharing with them
    sentence = (
        f"The Recipient and {role} {modal} retain any copies of the Information, provided that "
        "the Recipient may retain one copy in its legal files."
    )
    assert _holds("sharing_with_employees", sentence) is None


@pytest.mark.parametrize("modal", MODALS)
@pytest.mark.parametrize("role", ["Associates", "Affiliates", "personnel"])
@pytest.mark.parametrize(
    "need",
    ["who are required to have the information", "who need the information", "who require it"],
)
def test_those_who_need_the_information_are_the_employees_shared_with(
    modal: str, role: str, need: str
) -> None:
    sentence = (
        f"The Recipient {modal} disclose any Confidential Information of the other party to "
        f"third parties except those of its {role} {need} in order to evaluate the Transaction."
    )
    assert _holds("sharing_with_employees", sentence) is True


@pytest.mark.parametrize("modal", ["will not", "shall not", "may not"])
@pytest.mark.parametrize(
    "agents",
    ["its officers, directors, employees", "its employees or agents", "its Representatives"],
)
def test_employees_who_disclose_are_not_those_disclosed_to(modal: str, agents: str) -> None:
    # the passive's agent ("by its employees") acts: the sentence forbids their disclosing,
    # it says nothing of disclosing to them
    sentence = (
        f"The Information {modal}, without the prior written consent of the Discloser, be "
        f"disclosed by the Recipient or by {agents} in any manner whatsoever."
    )
    assert _holds("sharing_with_employees", sentence) is None


def test_a_general_prohibition_without_exception_stays_silent_on_employees() -> None:
    sentence = "The Recipient shall not disclose the Confidential Information to any third party."
    assert _holds("sharing_with_employees", sentence) is None


# --- exclusions: a list item read apart from its lead-in -------------------------------------


@pytest.mark.parametrize("join", ["", "or ", "and "])
@pytest.mark.parametrize("number", ["(c)", "(iv)", "c)", "1.1.1.4"])
@pytest.mark.parametrize(
    "item",
    [
        "is independently developed by the Recipient without use of the Confidential Information",
        "information which the Recipient develops independently of the disclosure",
        "has been independently acquired or developed by the undersigned",
    ],
)
def test_an_exclusion_item_of_independent_development(join: str, number: str, item: str) -> None:
    assert _holds("independent_development", f"{join}{number} {item};") is True


@pytest.mark.parametrize("join", ["", "or ", "and "])
@pytest.mark.parametrize("number", ["(b)", "(iii)", "b)", "1.1.1.2"])
@pytest.mark.parametrize(
    "item",
    [
        "is rightfully received from a third party without a duty of confidentiality",
        "becomes available to the Recipient on a non-confidential basis from a source other "
        "than the Disclosing Party",
        "information which is revealed to the Recipient by a third party not under a duty of "
        "non-disclosure",
    ],
)
def test_an_exclusion_item_of_third_party_acquisition(join: str, number: str, item: str) -> None:
    assert _holds("third_party_acquisition", f"{join}{number} {item};") is True


@pytest.mark.parametrize(
    "lead",
    [
        "The obligations of confidentiality in this Agreement do not extend to",
        "The term Confidential Information does not include",
        "The following will not be deemed",
        "This Agreement is not subject to",
    ],
)
def test_an_exclusion_far_before_its_item(lead: str) -> None:
    # a long list: the item stands several hundred characters after its lead-in
    filler = ", ".join(
        f"({n}) information that is publicly known at the time of its disclosure" for n in "abcd"
    )
    sentence = (
        f"{lead} any information which {filler}, or (e) is lawfully obtained by the Recipient "
        "from a third party, or (f) is independently developed by the Recipient."
    )
    assert _holds("third_party_acquisition", sentence) is True
    assert _holds("independent_development", sentence) is True


@pytest.mark.parametrize("number", ["(c)", "(3)", "(iii)"])
@pytest.mark.parametrize(
    "item",
    [
        "is received from a third party free to disclose it to Company",
        "information which is revealed to the Recipient by a third party",
        "is or becomes known or available to Receiving Party or any of its Representatives on a "
        "non-confidential basis from a source other than Disclosing Party",
    ],
)
def test_an_exclusion_item_after_another_in_one_sentence(number: str, item: str) -> None:
    # the splitter leaves "(b) ...; (c) ..." in one sentence: the item after the semicolon
    sentence = f"(b) is publicly known through no action or inaction of Company; {number} {item};"
    assert _holds("third_party_acquisition", sentence) is True


def test_an_item_about_something_else_says_nothing_of_third_parties() -> None:
    sentence = "(a) is or becomes generally available to the public through no fault of Recipient;"
    assert _holds("third_party_acquisition", sentence) is None
    assert _holds("independent_development", sentence) is None


# --- notice of a compelled disclosure ---------------------------------------------------------


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "proviso", ["provided that", "provided, however, that", "on condition that"]
)
@pytest.mark.parametrize(
    "required",
    [
        "as required by applicable laws",
        "to the extent it is legally compelled to do so",
        "pursuant to a subpoena",
    ],
)
def test_a_proviso_to_disclose_as_required_by_law_is_a_duty_to_notify(
    actor: str, proviso: str, required: str
) -> None:
    sentence = (
        f"{actor} may disclose Confidential Information {required}, {proviso} {actor} "
        "promptly notifies the Disclosing Party of the requirement."
    )
    assert _holds("notice_of_compelled_disclosure", sentence) is True
    assert _holds("notice_of_compelled_disclosure", sentence, negated=True) is False


@pytest.mark.parametrize("modal", ["shall", "will", "agrees to", "must"])
@pytest.mark.parametrize(
    "opening",
    ["E. COMPELLED DISCLOSURE: In the event that", "Accordingly, if", "4. In the event"],
)
def test_a_condition_anywhere_before_the_duty_qualifies_it(modal: str, opening: str) -> None:
    sentence = (
        f"{opening} the Recipient or any of its Representatives becomes legally compelled "
        f"(by deposition, interrogatory, subpoena, or similar process) to disclose any of the "
        f"Information, the Recipient {modal} provide the Discloser with prompt written notice."
    )
    assert _holds("notice_of_compelled_disclosure", sentence) is True


def test_a_proviso_without_a_legal_requirement_is_not_the_notice_claim() -> None:
    sentence = (
        "The Recipient may disclose Confidential Information to its advisors, provided that "
        "the Recipient informs them of its confidential nature."
    )
    assert _holds("notice_of_compelled_disclosure", sentence) is None


# --- the agreement's confidentiality, no license, non-technical information ------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "The existence of this Agreement cannot be disclosed to any third party.",
        "The terms of this Agreement shall be kept strictly confidential by the parties.",
        "Neither party shall, without the prior written consent of the other party, disclose to "
        "any person the fact that discussions or negotiations are taking place.",
        "Proprietary Information shall include (x) the fact that discussions or negotiations are "
        "taking place concerning the Proposed Transaction.",
        "(c) the existence of the discussions between the parties about the potential alliance;",
        "The Investor is strictly prohibited from publishing any news release or public "
        "announcement with respect to this Agreement.",
    ],
)
def test_the_agreement_kept_confidential(sentence: str) -> None:
    assert _holds("agreement_kept_confidential", sentence) is True
    assert _holds("agreement_kept_confidential", sentence, negated=True) is False


@pytest.mark.parametrize(
    "sentence",
    [
        "Unless expressly set forth in this NDA, Recipient does not receive any license or "
        "intellectual property rights to Discloser's CI.",
        "No licence, user or similar rights to any patent or knowhow may be deduced from this "
        "agreement.",
        "The receiving party shall have no interest in or rights thereto except as set forth "
        "herein.",
        "Neither this Agreement nor any exchange of Proprietary Information hereunder shall be "
        "construed as granting any right or license under any patent.",
    ],
)
def test_no_license_granted(sentence: str) -> None:
    assert _holds("no_license_granted", sentence) is True


@pytest.mark.parametrize(
    "named",
    [
        "business practices",
        "financial projections",
        "customer relationships",
        "marketing methods",
        "pricing records",
    ],
)
def test_a_definition_naming_business_information_is_not_technical_only(named: str) -> None:
    sentence = (
        '"Confidential Information" means any information, technical data or know-how, '
        f"including research, product plans, {named} and suppliers."
    )
    assert _holds("technical_information_only", sentence) is False


@pytest.mark.parametrize(
    "term",
    ['"Confidential Information"', "The term 'confidential information'", "Evaluation Materials"],
)
@pytest.mark.parametrize(
    "verb",
    ["means", "shall mean", "includes, but is not limited to,", "includes, without limitation,"],
)
@pytest.mark.parametrize(
    "what",
    ["any information", "all documents, drawings, data", "any and all information and material"],
)
def test_a_definition_of_any_information_is_not_technical_only(
    term: str, verb: str, what: str
) -> None:
    sentence = f"{term} {verb} {what} disclosed by the Disclosing Party to the Receiving Party."
    assert _holds("technical_information_only", sentence) is False


@pytest.mark.parametrize("verb", ["means", "shall mean", "includes"])
def test_a_definition_of_technical_information_alone_is_not_denied(verb: str) -> None:
    sentence = f'"Confidential Information" {verb} any technical information such as source code.'
    assert _holds("technical_information_only", sentence) is not False


@pytest.mark.parametrize(
    "sentence",
    [
        "I understand that I may access and/or use FAU Confidential Information, Restricted Data "
        "and Sensitive Data only as necessary to perform my job-related duties.",
        "Each Stockholder agrees that such Stockholder shall not print, publish, divulge or "
        "communicate to any person or use for his or their own account any know-how.",
        "The Recipient will not use the Information for its own benefit.",
    ],
)
def test_a_limit_of_use_said_as_ndas_say_it(sentence: str) -> None:
    assert _holds("use_limited_to_purpose", sentence) is True
    assert _holds("use_limited_to_purpose", sentence, negated=True) is False


@pytest.mark.parametrize("modal", ["will", "shall"])
@pytest.mark.parametrize(
    "rest",
    [
        "remain subject to the terms of this NDA",
        "remain subject to the confidentiality obligations set forth in this agreement",
        "continue to be held in strict accordance with this Confidentiality Agreement",
        "continue to treat it as confidential",
    ],
)
def test_what_stays_bound_after_the_agreement_survives(modal: str, rest: str) -> None:
    sentence = f"All Confidential Information provided under this Agreement {modal} {rest}."
    assert _holds("survival", sentence) is True


def test_a_remark_of_the_present_is_no_survival() -> None:
    sentence = "Information received from a third party remains subject to this Agreement."
    assert _holds("survival", sentence) is None


@pytest.mark.parametrize(
    "who", ["the persons involved", "Interested Party and its affiliates", "Recipient"]
)
@pytest.mark.parametrize(
    "act",
    [
        "solicit for employment any person who is now employed by the Company",
        "employ or solicit for employment any key management personnel of the Company",
        "recruit or discuss employment with any person",
    ],
)
def test_soliciting_for_employment_is_a_restriction_on_soliciting(who: str, act: str) -> None:
    sentence = f"For two years, {who} will not directly or indirectly {act}."
    assert _holds("non_solicitation", sentence) is True


# --- a list item, a parenthesis, an aside: governed by the modal before them -------------

LEAD_INS = ["shall not", "will not", "agrees that it shall not"]


@pytest.mark.parametrize(("actor", "modal"), itertools.product(ACTORS, LEAD_INS))
@pytest.mark.parametrize(
    "listed",
    [
        "{actor} {modal}: (i) disclose the Information to any third party; (ii) {act}",
        "{actor} {modal}: (a) use the Information for any other purpose; or (b) {act}",
        "{actor} {modal} (i) use any portion of the Information for any purpose except to "
        "evaluate the Transaction, in order to prepare its offer, or (ii) {act}",
        "{actor} {modal}: 3.3.1 disclose the Information; 3.3.2 {act}",
    ],
)
def test_a_list_item_is_read_with_its_lead_in(actor: str, modal: str, listed: str) -> None:
    act = "recruit or hire any employee of the Discloser for two years."
    sentence = listed.format(actor=actor, modal=modal, act=act)
    assert _holds("non_solicitation", sentence) is True
    assert _holds("non_solicitation", sentence, negated=True) is False
    copies = listed.format(actor=actor, modal=modal, act="make copies of the Information.")
    assert _holds("copying_information", copies) is False


def test_a_list_item_without_a_modal_before_it_is_not_governed() -> None:
    sentence = (
        "The following are excluded: (i) information already known; (ii) recruiting any "
        "employee of the Discloser through a general advertisement."
    )
    assert _holds("non_solicitation", sentence) is None


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "between",
    [
        "(whether directly or indirectly, through its affiliates, officers, employees, agents "
        "or advisers, or otherwise howsoever)",
        "(and shall procure that none of its Affiliates, directors or officers shall at any time "
        "during the Term)",
    ],
)
@pytest.mark.parametrize("modal", ["shall not", "will not"])
def test_a_parenthesis_between_the_modal_and_the_action_is_skipped(
    actor: str, between: str, modal: str
) -> None:
    sentence = f"{actor} {modal} {between} solicit any employee of the Discloser."
    assert _holds("non_solicitation", sentence) is True


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("modal", ["must", "shall", "will"])
@pytest.mark.parametrize(
    "aside",
    [
        "at the end of this Agreement or within seven days following written instruction by "
        "the Disclosing Party to do so",
        "promptly upon the written request of the Disclosing Party made at any time and for "
        "whatever reason",
    ],
)
def test_an_aside_in_commas_after_the_modal_is_skipped(actor: str, modal: str, aside: str) -> None:
    sentence = f"{actor} {modal}, {aside}, return or destroy all Confidential Information."
    assert _holds("return_or_destruction", sentence) is True


def test_an_aside_after_no_modal_governs_nothing() -> None:
    sentence = (
        "The Recipient, having read the documents provided by the Discloser in connection "
        "with the proposed transaction and its terms, returned the original documents."
    )
    assert _holds("return_or_destruction", sentence) is None


@pytest.mark.parametrize("modal", ["will", "shall"])
@pytest.mark.parametrize("which", ["that", "which"])
@pytest.mark.parametrize(
    "relative", ["is not returned or destroyed", "has not been returned", "is not so returned"]
)
def test_a_negation_in_the_subjects_relative_clause_is_not_the_states(
    modal: str, which: str, relative: str
) -> None:
    sentence = (
        f"Any Confidential Information {which} {relative} {modal} remain subject to the terms "
        "of this Agreement."
    )
    assert _holds("survival", sentence) is True
    negated = f"Any Confidential Information {which} is returned {modal} not remain subject to it."
    assert _holds("survival", negated) is not True


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "conjunct",
    [
        "will not, and will not permit any of its Representatives to directly or indirectly,",
        "shall not, and shall cause its affiliates not to,",
        "shall not, and shall ensure that its officers do not,",
    ],
)
def test_a_conjunct_that_repeats_the_negation_for_others_is_one_negation(
    actor: str, conjunct: str
) -> None:
    sentence = f"{actor} {conjunct} solicit or hire any employee of the Discloser."
    assert _holds("non_solicitation", sentence) is True
    assert _holds("non_solicitation", sentence, negated=True) is False


@pytest.mark.parametrize("modal", ["may", "shall", "will"])
@pytest.mark.parametrize(
    "subject", ["no results obtained from that information", "no part of the Information"]
)
def test_no_before_the_subject_negates_its_modal(modal: str, subject: str) -> None:
    sentence = f"As agreed, {subject} {modal} be disclosed to any third parties by the Recipient."
    assert _holds("sharing_with_advisors", sentence) is False


@pytest.mark.parametrize(
    "sentence",
    [
        "No later than ten days after termination, the Recipient shall return all Confidential "
        "Information.",
        "No implied rights This Agreement shall grant the Recipient a right to return the "
        "Confidential Information.",
    ],
)
def test_no_as_a_measure_or_a_heading_negates_nothing(sentence: str) -> None:
    assert _holds("return_or_destruction", sentence) is True


@pytest.mark.parametrize("marked", ['marked "Confidential"', "identified as proprietary"])
@pytest.mark.parametrize("which", ["or that is not so", "or which is not", "or is not"])
def test_information_not_so_marked_denies_a_marking_requirement(marked: str, which: str) -> None:
    sentence = (
        f"This Agreement shall apply to information that is clearly {marked} {which} marked but "
        "by its nature should reasonably be held in confidence."
    )
    assert _holds("marked_as_confidential", sentence) is False
    assert _holds("marked_as_confidential", sentence, negated=True) is True


# --- copies: an exception to the prohibition is the case they may be made -----------------


@pytest.mark.parametrize(("actor", "modal"), itertools.product(ACTORS, MODALS))
@pytest.mark.parametrize(
    "exception",
    [
        "except for those copies required for use by Authorized Employees",
        "except as necessary for its employees with a need to know",
        "other than one copy for its legal counsel",
    ],
)
def test_a_prohibition_of_copies_with_an_exception_permits_some(
    actor: str, modal: str, exception: str
) -> None:
    sentence = f"{actor} {modal} make any copies of the Confidential Information {exception}."
    assert _holds("copying_information", sentence) is True
    assert _holds("copying_information", sentence, negated=True) is False
    outright = f"{actor} {modal} make any copies of the Confidential Information."
    assert _holds("copying_information", outright) is False


@pytest.mark.parametrize(
    "sentence",
    [
        "Any party may deliver an executed copy of this NDA by facsimile or email.",
        "This Agreement may be executed in counterparts, each of which will be deemed to be an "
        "original copy of this Agreement.",
        "A signed copy of this Agreement shall be returned to the Company.",
    ],
)
def test_a_copy_of_the_agreement_itself_is_no_copy_of_the_information(sentence: str) -> None:
    assert _holds("copying_information", sentence) is None


@pytest.mark.parametrize("actor", ["The Recipient and its Representatives", "Its employees"])
def test_a_comma_between_the_subject_and_its_modal_keeps_the_subject(actor: str) -> None:
    # the employees are who is bound, not whom the Information is shared with
    sentence = (
        f"{actor}, shall not, without the prior written consent of the Discloser, (except as "
        "required by law, and then only strictly pursuant to this Agreement), disclose the "
        "Information in any manner whatsoever."
    )
    assert _holds("sharing_with_employees", sentence) is None


# --- end to end: real PDFs -------------------------------------------------------------------

NDA = (
    "This Mutual Non-Disclosure Agreement is entered into by Brightwater Analytics, Inc. "
    '(the "Discloser") and Corvid Holdings LLC (the "Recipient").',
    "The Recipient will not disclose any of the Discloser's Confidential Information to any "
    "employees or to any third parties except to the Recipient's employees, parent company "
    "and affiliates who have a need to know and who agree to abide by nondisclosure terms.",
    "The obligation of non-disclosure shall not extend to: (1) information which is then "
    "already in the possession of the Recipient; (2) information which is generally known to "
    "the public; or (3) information which is revealed to the Recipient by a third party not "
    "under a duty of non-disclosure; or (4) information which the Recipient develops "
    "independently of the disclosure.",
    "The Recipient may disclose Confidential Information as required by applicable laws, "
    "provided, however, that the Recipient promptly notifies the Discloser of the requirement.",
    "The existence of this Agreement cannot be disclosed to any third party.",
    "Recipient does not receive any license or intellectual property rights to the "
    "Discloser's Confidential Information.",
    "This Agreement shall be governed by the laws of the State of Delaware.",
)
SILENT = (
    "This Mutual Non-Disclosure Agreement is entered into by Brightwater Analytics, Inc. "
    '(the "Discloser") and Halden Marine Ltd. (the "Recipient").',
    "The Recipient and its Representatives shall keep the Confidential Information in a "
    "secure place.",
    "This Agreement shall be governed by the laws of the State of Delaware.",
    "Each party shall bear its own costs in connection with this Agreement.",
)
QUESTIONS = [
    (
        "Under the NDA, may the recipient disclose confidential information to its employees?",
        "Yes",
        "except to the Recipient's employees",
    ),
    (
        "Is the recipient barred from revealing the confidential information to its employees?",
        "No",
        "except to the Recipient's employees",
    ),
    (
        "Can the receiving party independently develop information similar to the confidential "
        "information?",
        "Yes",
        "develops independently",
    ),
    (
        "Can the receiving party obtain similar information from a third party?",
        "Yes",
        "revealed to the Recipient by a third party",
    ),
    (
        "If a court orders the recipient to disclose confidential information, must it notify "
        "the discloser?",
        "Yes",
        "promptly notifies the Discloser",
    ),
    (
        "Must the recipient keep the existence and terms of this NDA confidential?",
        "Yes",
        "existence of this Agreement cannot be disclosed",
    ),
    (
        "Does the NDA grant the receiving party a license to the confidential information?",
        "No",
        "does not receive any license",
    ),
]


# a preamble that names no party (a form the recipient signs)
UNNAMED = (
    "This Confidentiality Agreement is made between the Corporation and the undersigned Recipient.",
    "Recipient further agrees not to disclose the contemplated transaction, the existence of "
    "discussions between the parties regarding the contemplated transaction or the nature or "
    "substance of those discussions to any person.",
    "This Agreement shall be governed by the laws of the State of Delaware.",
)


@pytest.fixture(scope="module")
def nda_runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, dict[str, str]]]:
    from app import Runtime, Settings

    data_dir = tmp_path_factory.mktemp("nda-claims") / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        rt.create_kb("ndas")
        report = rt.ingestor.run(
            "ndas",
            [
                ("NDA_Corvid.pdf", clauses_pdf("MUTUAL NON-DISCLOSURE AGREEMENT", NDA)),
                ("NDA_Halden.pdf", clauses_pdf("MUTUAL NON-DISCLOSURE AGREEMENT", SILENT)),
                ("NDA_Unnamed.pdf", clauses_pdf("CONFIDENTIALITY AGREEMENT", UNNAMED)),
            ],
        )
        assert not report.failed
        ids = {d.name: d.document_id for d in rt.catalog.list_documents("ndas")}
        yield rt, ids


def _ask(nda_runtime: tuple[Any, dict[str, str]], name: str, question: str) -> dict[str, Any]:
    rt, ids = nda_runtime
    return json.loads(rt.skill.ask("ndas", question, documents=[ids[name]]).to_json())  # type: ignore[no-any-return]


@pytest.mark.slow
@pytest.mark.parametrize(("question", "head", "quoted"), QUESTIONS)
def test_an_ndas_claims_answered_from_the_sentence_that_says_them(
    nda_runtime: tuple[Any, dict[str, str]], question: str, head: str, quoted: str
) -> None:
    a = _ask(nda_runtime, "NDA_Corvid.pdf", question)
    answer = a["conclusion"]["answer"]
    assert answer.startswith(head + " —") or answer.startswith(head + ","), answer
    deciding = set(a["conclusion"]["values"][0]["evidence_ids"])
    quotes = [" ".join(e["quote"].split()) for e in a["evidence"] if e["evidence_id"] in deciding]
    assert any(quoted in q for q in quotes), quotes


@pytest.mark.slow
@pytest.mark.parametrize(("question", "head", "quoted"), QUESTIONS)
def test_an_nda_that_says_none_of_it_is_not_stated(
    nda_runtime: tuple[Any, dict[str, str]], question: str, head: str, quoted: str
) -> None:
    a = _ask(nda_runtime, "NDA_Halden.pdf", question)
    assert a["conclusion"]["answer"].startswith("Not stated in"), a["conclusion"]["answer"]
    assert a["conclusion"]["values"] == []


# --- what the review of the change found read too widely ------------------------------------


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "sentence",
    [
        "{a} has no obligation to sign any document presented by a third party.",
        "{a} shall have no obligation to accept any proposal made by any third party.",
        "The obligations hereunder are not subject to review by a third party appointed by {a}.",
    ],
)
def test_no_obligation_toward_a_third_party_is_no_exclusion(actor: str, sentence: str) -> None:
    """ "By a third party" is no source the information came from."""
    assert _holds("third_party_acquisition", sentence.format(a=actor)) is not True


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("modal", ["shall not", "will not", "may not"])
@pytest.mark.parametrize(
    "duty",
    [
        "except that {a} shall return all materials upon request",
        "except that it shall immediately notify the Discloser of any loss",
        "provided that {a} shall keep a record of each disclosure",
    ],
)
def test_an_exception_that_opens_a_duty_permits_no_copies(
    actor: str, modal: str, duty: str
) -> None:
    sentence = (
        f"{actor} {modal} make copies of the Confidential Information, {duty.format(a=actor)}."
    )
    assert _holds("copying_information", sentence) is not True


@pytest.mark.parametrize("verb", ["has", "have", "with", "bears"])
def test_no_inside_the_subjects_description_negates_nothing(verb: str) -> None:
    noun = "Information" if verb != "have" else "Materials"
    sentence = f"{noun} that {verb} no commercial value may be disclosed to its employees."
    if verb == "with":
        sentence = f"{noun} with no commercial value may be disclosed to its employees."
    assert _holds("sharing_with_employees", sentence) is not False


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("modal", ["shall not", "will not", "agrees not to"])
def test_a_clause_of_its_own_after_a_comma_keeps_its_own_negation(actor: str, modal: str) -> None:
    """ ", and <subject> <modal>" opens a clause of its own: the first clause's negation does
    not cancel the second's ("shall not apply to ..., and the Recipient shall not use ... to
    independently develop" had read as allowed); ", and shall cause its Representatives to
    not," continues one predicate."""
    sentence = (
        "The obligations hereunder shall not apply to disclosures required by law, and "
        f"{actor} {modal} use any Confidential Information to independently develop any "
        "competing product."
    )
    assert _holds("independent_development", sentence) is False
    joint = (
        f"{actor} shall not, and shall cause its Representatives to not, decompile or "
        "otherwise reverse engineer any Confidential Information."
    )
    assert _holds("reverse_engineering", joint) is True


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Is the recipient free to reveal that the parties signed the NDA or are negotiating?",
        "can the recipient reveal that the parties have entered into this NDA?",
        "Could the Recipient tell anyone that the parties are in negotiations under the NDA?",
    ],
)
def test_a_claim_naming_the_parties_is_read_from_the_agreements_sentences(
    nda_runtime: tuple[Any, dict[str, str]], question: str
) -> None:
    """ "the parties" in a claim's question made it a question of who they are: its evidence
    was looked for among the parties' bindings, of which a form's preamble has none, and the
    answer was "not stated"."""
    a = _ask(nda_runtime, "NDA_Unnamed.pdf", question)
    answer = a["conclusion"]["answer"]
    assert answer.startswith("No —"), answer
    assert "existence of discussions between the parties" in " ".join(answer.split())
