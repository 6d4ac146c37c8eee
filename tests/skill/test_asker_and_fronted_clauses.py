"""Three question shapes of an NDA's reader (issue 34), each generated over its forms, with
controls:

- the asker's "I" is no party: "Can I show the material to my accountant?" was read as naming
  a party "I" and refused (SUBJECT_NOT_FOUND), where "Can we ...?" was answered;
- a clause put before the question's auxiliary and opened by an asking word ("When the
  agreement ends, must the Recipient return the materials?") was read as asking "when", a
  value, so the claim nearest in meaning was never asked; "When must ...?" still asks a value;
- a state (obligations surviving termination) asked with a modal ("Do we still have to keep
  the data secret once the agreement is over?", "Can the recipient's duties remain in force
  ...?") was no claim, or read as another proposition that found nothing (left: "Is the
  recipient under no obligation to keep ... after the agreement ends?" still reads as the
  state itself; a duty denied asks its negation only of a duty, since of a state that limits
  one, "no obligation to pay beyond the liability cap", it would flip the cap);
- "at liberty to" is a permission as "free to" is: "Is the Recipient at liberty to announce
  publicly that the parties have signed this agreement?" asked the confidentiality of the
  agreement itself, not its negation;
- the claim's own action after "without" ("Can the Recipient hand the information to a court
  without first telling the Discloser?") asks the claim's negation where the router took the
  question: it was left to the readers, which took none.

Controls: a named party still binds; an unknown name is refused; an NDA without the clause
answers "Not stated" (or No where it forbids the act), never Yes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skill import parse_subject, routed_claim
from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

NDA = clauses_pdf(
    "MUTUAL NON-DISCLOSURE AGREEMENT",
    [
        "This Mutual Non-Disclosure Agreement is entered into by Marlow Optics, Inc. (the "
        '"Discloser") and Pell Harbor Capital LLC (the "Recipient").',
        "The Recipient may disclose Confidential Information to its attorneys, accountants and "
        "financial advisors who are bound by duties of confidentiality.",
        "Upon termination of this Agreement, the Recipient shall return or destroy all "
        "Confidential Information.",
        "The obligations of the Recipient under this Agreement shall survive termination of "
        "this Agreement for three years.",
        "The Recipient shall use the Confidential Information solely for the purpose of "
        "evaluating a possible investment in the Discloser.",
        "Neither party shall disclose the existence or the terms of this Agreement to any "
        "third party.",
        "If the Recipient is required by law or by a court order to disclose Confidential "
        "Information, it shall first notify the Discloser in writing.",
        "This Agreement shall be governed by the laws of the State of Delaware.",
    ],
)
# an NDA that says none of it (and forbids disclosure to any third party)
BARE = clauses_pdf(
    "CONFIDENTIALITY AGREEMENT",
    [
        "This Confidentiality Agreement is entered into by Osprey Ridge Foods Ltd. (the "
        '"Company") and Tolland Mills, Inc. (the "Recipient").',
        "The Recipient shall hold the Confidential Information in confidence and shall not "
        "disclose it to any third party.",
        "This Agreement shall be governed by the laws of the State of New York.",
    ],
)


# a name whose last word is "I" (a fund's series): still a name where the knowledge base holds it
FUND = clauses_pdf(
    "SUBSCRIPTION AGREEMENT",
    [
        "This Subscription Agreement is entered into by Harbor Growth Fund I, L.P. (the "
        '"Investor") and Quillon Systems, Inc. (the "Company").',
        "The Investor shall not compete with the Company in the State of Ohio for two years.",
        "This Agreement shall be governed by the laws of the State of Ohio.",
    ],
)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory, "asker", [("nda.pdf", NDA), ("bare.pdf", BARE), ("fund.pdf", FUND)]
    )


def _ask(runtime: Any, question: str, document: str) -> Any:
    return runtime.skill.ask("kb", question, documents=[document])


def _lead(answer: Any) -> str:
    assert answer.terminal_state == "CONCLUDED", (answer.terminal_state, answer.question)
    return (answer.conclusion.answer or "").split(" — ")[0]


ASKER_FORMS = ("Can I {act}?", "May I {act}?", "Am I allowed to {act}?", "Could I {act}?")
ADVISER_ACTS = (
    "show the material to my accountant",
    "pass the data on to my attorneys",
    "disclose it to our financial advisors",
)


@pytest.mark.slow
@pytest.mark.parametrize("act", ADVISER_ACTS)
@pytest.mark.parametrize("form", ASKER_FORMS)
@pytest.mark.parametrize("lower", [False, True])
def test_the_askers_i_is_no_party(runtime: Any, form: str, act: str, lower: bool) -> None:
    question = form.format(act=act)
    if lower:
        question = question.lower().rstrip("?")
    answer = _ask(runtime, question, "nda.pdf")
    assert _lead(answer) == "Yes", (question, answer.conclusion.answer)
    assert "I" not in answer.subject_class.parties
    # the NDA that forbids disclosure to any third party: never Yes
    assert _lead(_ask(runtime, question, "bare.pdf")) in (
        "No",
        "Not stated in CONFIDENTIALITY AGREEMENT",
    )


@pytest.mark.parametrize(
    ("name", "found"), [("Pell Harbor", True), ("pell harbor", True), ("Ridley Farms", False)]
)
def test_a_named_actor_still_binds_and_an_unknown_one_is_refused(
    runtime: Any, name: str, found: bool
) -> None:
    answer = _ask(runtime, f"Can {name} show the material to its accountant?", "nda.pdf")
    if found:
        assert _lead(answer) == "Yes" and answer.subject_class.parties
    else:
        assert answer.terminal_state == "SUBJECT_NOT_FOUND"


@pytest.mark.parametrize(
    "question",
    [
        "Is Harbor Growth Fund I bound by a non-compete with Quillon Systems?",
        "Can Harbor Growth Fund I compete with Quillon?",
        "can harbor growth fund i compete with quillon systems",
    ],
)
def test_a_known_name_ending_in_i_is_still_a_name(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert _lead(answer) in ("Yes", "No"), answer.conclusion.answer
    assert any(p.lower().startswith("harbor growth fund i") for p in answer.subject_class.parties)


CLAUSES_BEFORE = (
    "When the agreement ends",
    "When this NDA terminates",
    "Whenever the agreement expires",
    "Where the agreement is terminated",
)
RETURN_ASKED = (
    "must the Recipient return the materials?",
    "does the recipient have to destroy the information?",
    "is Pell Harbor required to hand back the documents?",
)


@pytest.mark.slow
@pytest.mark.parametrize("main", RETURN_ASKED)
@pytest.mark.parametrize("clause", CLAUSES_BEFORE)
def test_a_clause_before_the_auxiliary_asks_yes_or_no(runtime: Any, clause: str, main: str) -> None:
    for question in (f"{clause}, {main}", f"{clause}, {main}".lower()):
        answer = _ask(runtime, question, "nda.pdf")
        assert _lead(answer) == "Yes", (question, answer.conclusion.answer)
        assert answer.subject_class.constraints.get("claim") == "return_on_termination"
    if "Pell Harbor" not in main:
        absent = _ask(runtime, f"{clause}, {main}", "bare.pdf")
        assert _lead(absent) == "Not stated in CONFIDENTIALITY AGREEMENT", absent.conclusion.answer


@pytest.mark.parametrize(
    "question",
    [
        "When this is all over, must we get rid of the papers they handed us?",
        "When the deal is off, is the recipient expected to hand all their files back?",
    ],
)
def test_a_clause_before_the_auxiliary_reaches_the_claim_nearest_in_meaning(
    runtime: Any, question: str
) -> None:
    # no reader takes these words; read as asking "when", the router was never asked ("no
    # ... clause found")
    answer = _ask(runtime, question, "nda.pdf")
    assert _lead(answer) == "Yes", (question, answer.conclusion.answer)
    assert answer.subject_class.constraints.get("claim") == "return_on_termination"


@pytest.mark.parametrize(
    "question",
    [
        "When must the Recipient return the materials?",
        "When the agreement ends, how many days does the Recipient have to return the materials?",
    ],
)
def test_an_asking_word_before_the_auxiliary_or_after_the_clause_still_asks_a_value(
    runtime: Any, question: str
) -> None:
    answer = _ask(runtime, question, "nda.pdf")
    assert _lead(answer) not in ("Yes", "No"), answer.conclusion.answer
    assert answer.subject_class.constraints.get("claim") is None


SURVIVAL_ASKED = (
    ("Does Pell Harbor still have to keep it confidential after termination?", "Yes"),
    ("Do we still have to keep the data secret once the agreement is over?", "Yes"),
    ("does the recipient still have to keep the information confidential after termination", "Yes"),
    ("Can the recipient's duties remain in force after the agreement has been terminated?", "Yes"),
    ("Do the recipient's obligations continue to apply after this NDA has expired?", "Yes"),
    ("Will Pell Harbor's duties remain binding after the agreement has been terminated?", "Yes"),
)


@pytest.mark.parametrize(("question", "lead"), SURVIVAL_ASKED)
def test_a_state_asked_with_a_modal_is_the_state(runtime: Any, question: str, lead: str) -> None:
    answer = _ask(runtime, question, "nda.pdf")
    assert _lead(answer) == lead, (question, answer.conclusion.answer)
    assert answer.subject_class.constraints.get("claim") == "survival"
    if "Pell Harbor" not in question:
        absent = _ask(runtime, question, "bare.pdf")
        assert _lead(absent) == "Not stated in CONFIDENTIALITY AGREEMENT", absent.conclusion.answer


PERMISSIONS = ("free to", "at liberty to", "allowed to", "permitted to")
# (the act, the claim, the answer where it is allowed; "not <permission>" the other answer)
PERMITTED_ACTS = (
    ("use the information for any purpose beyond the evaluation", "use_limited_to_purpose", "No"),
    (
        "put the data to any use it wants, beyond the purpose of the agreement",
        "use_limited_to_purpose",
        "No",
    ),
    (
        "announce publicly that the parties have signed this agreement",
        "agreement_kept_confidential",
        "No",
    ),
    ("show the material to its accountants", "sharing_with_advisors", "Yes"),
)


@pytest.mark.slow
@pytest.mark.parametrize(("act", "claim", "lead"), PERMITTED_ACTS)
@pytest.mark.parametrize("permission", PERMISSIONS)
@pytest.mark.parametrize("actor", ["the Recipient", "Pell Harbor"])
def test_every_word_of_permission_asks_the_same_claim(
    runtime: Any, permission: str, act: str, claim: str, lead: str, actor: str
) -> None:
    answer = _ask(runtime, f"Is {actor} {permission} {act}?", "nda.pdf")
    assert (_lead(answer), answer.subject_class.constraints.get("claim")) == (lead, claim), (
        permission,
        act,
        answer.conclusion.answer,
    )
    denied = _ask(runtime, f"Is {actor} not {permission} {act}?", "nda.pdf")
    assert _lead(denied) == {"Yes": "No", "No": "Yes"}[lead], (
        permission,
        act,
        denied.conclusion.answer,
    )


WITHOUT_NOTICE = (
    "Can {actor} hand the information to a court without first {verb} the Discloser?",
    "May {actor} answer a subpoena by giving up the data without {verb} Marlow Optics?",
    "Is {actor} allowed to comply with a government order without {verb} the other side?",
    "is {actor} free to produce the documents under a court order without {verb} the discloser",
)
NOTICE_VERBS = ("telling", "notifying", "informing", "warning", "alerting")
_SUBJECT = parse_subject(
    {
        "type": "agreement",
        "attribute": "governing_law",
        "constraints": {"parties": ["Marlow Optics, Inc.", "Pell Harbor Capital LLC"]},
    }
)


@pytest.mark.parametrize("verb", NOTICE_VERBS)
@pytest.mark.parametrize("form", WITHOUT_NOTICE)
def test_the_claims_own_action_after_without_asks_its_negation(form: str, verb: str) -> None:
    # (the router's choice aside: every form routed to the claim reads its negation)
    for actor in ("the Recipient", "Pell Harbor"):
        question = form.format(actor=actor, verb=verb)
        claim = routed_claim("notice_of_compelled_disclosure", question, _SUBJECT)
        assert claim is not None and claim.negated, question
    # what is forbidden is leaving it undone: the duty itself
    forbidden = routed_claim(
        "notice_of_compelled_disclosure",
        f"Is Pell Harbor prohibited from handing the data to a court without {verb} the Discloser?",
        _SUBJECT,
    )
    assert forbidden is not None and not forbidden.negated
    # another action after "without" is no reading of this claim's: left to the readers
    assert (
        routed_claim(
            "notice_of_compelled_disclosure",
            "Can Pell Harbor hand the information to a court without a lawyer?",
            _SUBJECT,
        )
        is None
    )


@pytest.mark.slow
@pytest.mark.parametrize("verb", ["telling", "notifying", "informing", "alerting"])
@pytest.mark.parametrize("form", WITHOUT_NOTICE[:1])
def test_a_question_routed_to_a_duty_left_undone_is_answered_no(
    runtime: Any, form: str, verb: str
) -> None:
    for actor in ("the Recipient", "Pell Harbor"):
        question = form.format(actor=actor, verb=verb)
        answer = _ask(runtime, question, "nda.pdf")
        assert _lead(answer) == "No", (question, answer.conclusion.answer)
        assert answer.subject_class.constraints.get("claim") == "notice_of_compelled_disclosure"
    # the NDA silent on compelled disclosure (and its parties none of Marlow Optics): never Yes
    absent = runtime.skill.ask(
        "kb", form.format(actor="the Recipient", verb=verb), documents=["bare.pdf"]
    )
    assert (absent.conclusion.answer or "").split(" — ")[0] != "Yes", absent.conclusion.answer
