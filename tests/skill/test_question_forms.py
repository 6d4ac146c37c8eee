"""A yes/no question in any form is read as its claim (issue 34, "every yes/no question answered
Yes, No or Not stated"): an instruction wrapping the claim ("Confirm whether ...", "Tell me if
...", "I need to know whether ...", "Is it true that ..."), the claim written as a statement
with no question mark, in lower case ("recipient may share the information with its
employees"), and a claim whose words stand only in a clause after the main one that negates
them ("..., with nothing kept", "even though it was never marked", "whether or not it is
labelled"): the question asks the claim's negation. Generated variants (wrappers x claims x
lower case, actors by role, by name, possessive, "&"), both polarities; end to end on a real
PDF. The wordings are not the bench's (bench/*phrasings*.yaml)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from skill import asked_form, parse_subject, read_claim
from tests.pdfs import clauses_pdf

_NDA = parse_subject(
    {
        "type": "agreement",
        "attribute": "obligations",
        "constraints": {"parties": ["Quillon Biotech, Inc.", "Marrow & Pike LLC"]},
    }
)
_RECIPIENTS = ["the recipient", "Recipient", "the Receiving Party", "Marrow & Pike"]
_DISCLOSERS = ["the discloser", "Quillon", "the Disclosing Party", "Quillon Biotech, Inc."]


def _read(question: str) -> tuple[str, bool] | None:
    claim = read_claim(question, _NDA)
    return None if claim is None else (claim.entry.name, claim.negated)


# --- a claim's words only in a negated clause after the main one -------------------------

# (the claim's words in a negated trailing clause, the same words not negated, the claim)
_TRAILING = [
    pytest.param(
        "Must {r} destroy all the materials, with nothing kept?",
        "Must {r} destroy all the materials, with one copy kept on file?",
        "retaining_copies",
    ),
    pytest.param(
        "Must {r} destroy every document and retain none of them?",
        "Must {r} destroy every document and retain one copy?",
        "retaining_copies",
    ),
    (
        "Is the information protected even though {d} never labelled it as confidential?",
        "Is the information protected only when {d} labelled it as confidential?",
        "marked_as_confidential",
    ),
    (
        "Is the information protected whether or not {d} marked it as confidential?",
        "Is the information protected once {d} has marked it as confidential?",
        "marked_as_confidential",
    ),
    (
        "Is the information protected regardless of whether {d} designated it as confidential?",
        "Is the information protected if {d} designated it as confidential?",
        "marked_as_confidential",
    ),
    (
        "Is the information protected if {d} did not designate it as confidential?",
        "Is the information protected if {d} designated it as confidential?",
        "marked_as_confidential",
    ),
]


@pytest.mark.parametrize(("negative", "positive", "name"), _TRAILING)
def test_a_claim_said_only_in_a_negated_trailing_clause_is_asked_negated(
    negative: str, positive: str, name: str
) -> None:
    for r, d in zip(_RECIPIENTS, _DISCLOSERS, strict=True):
        for question, negated in ((negative, True), (positive, False)):
            asked = question.format(r=r, d=d)
            for written in (asked, asked.lower()):
                assert _read(written) == (name, negated), written


@pytest.mark.parametrize("recipient", _RECIPIENTS)
def test_a_negation_after_the_claims_words_is_its_own_clauses(recipient: str) -> None:
    # the employees who have not signed are whom it is shared with; the sharing is asked as is
    asked = f"May {recipient} share the information with employees who have not signed anything?"
    assert _read(asked) == ("sharing_with_employees", False)
    # ... and the same clause negated before the words: the sharing is what is denied
    denied = f"Must {recipient} keep the information secret, with nothing kept in its files?"
    assert _read(denied) == ("retaining_copies", True)


@pytest.mark.parametrize(
    "party", ["Barnes and Noble", "the licensee and its affiliates", "Ames & Co."]
)
def test_the_main_clauses_own_negation_is_no_trailing_clauses(party: str) -> None:
    # "and" inside a name or a subject opens no clause: its negation is the main clause's
    # (asked once), beside a trailing clause that does negate the claim's words
    for asked, negated in (
        (f"Is {party} not entitled to inspect the books of Marrow & Pike?", True),
        (f"May {party} not audit the records of Marrow & Pike?", True),
        (f"Is {party} entitled to inspect the books of Marrow & Pike?", False),
        (f"Must {party} destroy every record and keep none?", True),
    ):
        for written in (asked, asked.lower()):
            claim = _read(written)
            assert claim is not None and claim[1] == negated, written


# --- obligations that come to an end: survival denied -------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "Do the obligations of {r} come to an end once the contract expires?",
        "Does every duty of {r} stop applying when the agreement is over?",
        "Do the covenants of {r} cease to apply after termination?",
        "Do all the commitments of {r} no longer apply after the agreement ends?",
    ],
)
def test_obligations_that_come_to_an_end_deny_their_survival(question: str) -> None:
    for r in _RECIPIENTS:
        asked = question.format(r=r)
        for written in (asked, asked.lower()):
            assert _read(written) == ("survival", True), written


# --- end to end: the wrappers, the statements, on a real PDF -------------------------------

_AGREEMENT = (
    'This Confidentiality Agreement is entered into by Quillon Biotech, Inc. (the "Discloser") '
    'and Marrow & Pike LLC (the "Recipient").',
    "The Recipient may disclose the Confidential Information to its employees who need to know "
    "it for the evaluation of the proposed collaboration.",
    "The Recipient shall not reverse engineer, decompile or disassemble any sample or prototype "
    "provided by the Discloser.",
    "Upon termination of this Agreement the Recipient shall return or destroy all Confidential "
    "Information, except that the Recipient may retain one archival copy for its legal records.",
    "The obligations of the Recipient under this Agreement shall survive the termination of "
    "this Agreement for three years.",
    "Neither party may assign this Agreement without the prior written consent of the other party.",
    "This Agreement shall be governed by the laws of the State of New York.",
)


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from app import Runtime, Settings

    data_dir = tmp_path_factory.mktemp("question-forms") / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        report = rt.ingestor.run(
            "kb", [("Quillon_NDA.pdf", clauses_pdf("CONFIDENTIALITY AGREEMENT", _AGREEMENT))]
        )
        assert not report.failed
        (document,) = [d.document_id for d in rt.catalog.list_documents("kb")]

        def ask(question: str) -> dict[str, Any]:
            answer = rt.skill.ask("kb", question, documents=[document])
            return json.loads(answer.to_json())  # type: ignore[no-any-return]

        yield ask


def _reading(a: dict[str, Any]) -> tuple[Any, Any, str]:
    constraints = a["subject_class"]["constraints"]
    lead = (a["conclusion"]["answer"] or "").split(" —")[0].split(",")[0]
    return constraints.get("claim"), constraints.get("negated"), lead


# (the claim as a statement, its proposition, negated, the answer's lead)
_CLAIMS = [
    (
        "the recipient may share the confidential information with its employees",
        "sharing_with_employees",
        False,
        "Yes",
    ),
    (
        "the receiving party is barred from decompiling the prototypes",
        "reverse_engineering",
        False,
        "Yes",
    ),
    ("the recipient's obligations survive termination", "survival", False, "Yes"),
    ("the recipient can keep an archival copy after termination", "retaining_copies", False, "Yes"),
]


_WRAPPERS = [
    "Confirm whether",
    "Tell me if",
    "Check whether",
    "Find out if",
    "Let me know whether",
    "Verify that",
    "I need to know if",
    "Is it true that",
    "Please advise whether",
    "Could you double-check whether or not",
]


@pytest.mark.slow
@pytest.mark.parametrize(("statement", "name", "negated", "lead"), _CLAIMS)
def test_an_instruction_wrapping_a_claim_asks_the_claim(
    asked: Any, statement: str, name: str, negated: bool, lead: str
) -> None:
    for wrapper in _WRAPPERS:
        question = f"{wrapper} {statement}."
        for written in (question, question.lower()):
            a = asked(written)
            assert a["question"] == written
            assert _reading(a) == (name, negated, lead), written


@pytest.mark.slow
@pytest.mark.parametrize(("statement", "name", "negated", "lead"), _CLAIMS)
def test_a_claim_written_as_a_statement_is_judged_as_a_claim(
    asked: Any, statement: str, name: str, negated: bool, lead: str
) -> None:
    for written in (statement, statement + ".", statement[:1].upper() + statement[1:] + "?"):
        assert _reading(asked(written)) == (name, negated, lead), written


@pytest.mark.slow
@pytest.mark.parametrize(
    ("statement", "question"),
    [
        (
            "Marrow & Pike may assign the agreement without the consent of Quillon",
            "May Marrow & Pike assign the agreement without the consent of Quillon?",
        ),
        (
            "Marrow & Pike LLC can assign this agreement without Quillon's consent",
            "Can Marrow & Pike LLC assign this agreement without Quillon's consent?",
        ),
        (
            "Confirm whether Marrow & Pike may assign the agreement without Quillon's consent",
            "May Marrow & Pike assign the agreement without Quillon's consent?",
        ),
    ],
)
def test_a_named_party_opening_a_statement_is_the_one_who_acts(
    asked: Any, statement: str, question: str
) -> None:
    # the statement reads as the question does: the party it opens with acts
    a, q = asked(statement), asked(question)
    constraints = a["subject_class"]["constraints"]
    assert constraints.get("claim") == "assignment_without_consent", statement
    assert constraints.get("party", "").startswith("Marrow & Pike"), statement
    assert constraints == q["subject_class"]["constraints"]
    assert a["conclusion"]["answer"] == q["conclusion"]["answer"]
    assert _reading(a)[2] == "No", a["conclusion"]["answer"]


@pytest.mark.slow
def test_a_noun_phrase_with_no_predicate_is_no_statement_read(asked: Any) -> None:
    # the statement with its predicate is a claim read by its words; its noun phrase alone is
    # a keyword query: routed to the claim nearest in meaning where one is near enough (the
    # NDA claims' classes, skill/_claim_route.py), and answered as that claim, never negated;
    # one that no claim describes is a topic searched
    for statement in (
        "reverse engineering of the prototypes is forbidden",
        "reverse engineering of the prototypes forbidden",
    ):
        assert _reading(asked(statement))[0] == "reverse_engineering", statement
    routed = asked("reverse engineering of the prototypes")
    assert _reading(routed)[:2] == ("reverse_engineering", False)
    assert (
        _reading(routed)[2]
        == _reading(asked("reverse engineering of the prototypes is forbidden"))[2]
    )
    assert asked("governing law")["subject_class"]["constraints"].get("claim") is None


@pytest.mark.slow
@pytest.mark.parametrize(
    ("denied", "plain", "name"),
    [
        (
            "no reverse engineering of the prototypes",
            "reverse engineering permitted",
            "reverse_engineering",
        ),
        (
            "no decompiling of the samples",
            "decompiling of the samples allowed",
            "reverse_engineering",
        ),
        (
            "no copying of the documents",
            "copying of the documents permitted",
            "copying_information",
        ),
    ],
)
def test_a_terse_denial_of_an_act_asks_it_forbidden(
    asked: Any, denied: str, plain: str, name: str
) -> None:
    # "no <act>" forbids the act: a prohibition's claim holds, a permission's is denied; the
    # same act said permitted asks the other way
    prohibition = name == "reverse_engineering"
    for statement, says_no in ((denied, True), (plain, False)):
        reading = _reading(asked(statement))
        assert reading[:2] == (name, says_no != prohibition), statement


# (a question opened by a negated auxiliary's contraction, the same question uncontracted and
# not negated): "Isn't X barred ...?" asks, as "Is X barred ...?" does, whether X is barred
_CONTRACTED = [
    (
        "Isn't the receiving party barred from decompiling the prototypes?",
        "Is the receiving party barred from decompiling the prototypes?",
    ),
    (
        "Can't the recipient share the confidential information with its employees?",
        "Can the recipient share the confidential information with its employees?",
    ),
    (
        "Won't the recipient's obligations survive termination?",
        "Will the recipient's obligations survive termination?",
    ),
    (
        "Doesn't Marrow & Pike have to return or destroy the confidential information?",
        "Does Marrow & Pike have to return or destroy the confidential information?",
    ),
    (
        "Aren't the recipient's obligations to survive termination?",
        "Are the recipient's obligations to survive termination?",
    ),
    (
        "Shan't the recipient keep an archival copy after termination?",
        "Shall the recipient keep an archival copy after termination?",
    ),
]


@pytest.mark.parametrize(("contracted", "plain"), _CONTRACTED)
def test_a_contracted_negative_auxiliary_opens_a_question(
    asked: Any, contracted: str, plain: str
) -> None:
    """A question opened by "Isn't", "Can't", "Won't" is asked as written: never taken for a
    statement whose subject begins with the contraction ("Is Isn't Northgate's liability ...",
    a party named "Isn't Northgate" refused)."""
    for written in (contracted, contracted.lower(), contracted.replace("'", "’")):
        a = asked(written)
        assert a["terminal_state"] != "SUBJECT_NOT_FOUND", written
        assert _reading(a) == _reading(asked(plain)), written


_ASKED_AS_WRITTEN = [
    # an asking word after the preposition that opens the question
    "For how many years do the confidentiality obligations survive?",
    "for how long do beta's obligations under the nda survive?",
    "In which state is Quillon Biotech incorporated?",
    "To whom may the recipient disclose the information?",
    "By when must the recipient return the samples?",
    "Until when does the NDA stay in force?",
    "Since when has the agreement been in force?",
    "Under what law is the agreement governed?",
    # an asking word with its verb contracted onto it
    "What's the liability cap under the MSA?",
    "Who's the recipient under the NDA?",
    "Where's Quillon Biotech incorporated?",
    # a question after a phrase that sets its scope
    "Under the NDA, may the recipient keep copies?",
    "In the NDA with Marrow & Pike LLC, how long do the duties survive?",
    "Under the agreement with Quillon Biotech, Inc., can the recipient share the samples?",
]


@pytest.mark.parametrize("question", _ASKED_AS_WRITTEN)
def test_a_question_by_its_form_is_asked_as_written(question: str) -> None:
    """A question that asks as written is never rewritten as a statement's claim ("Is it true
    that for how long ...?", "Is it true that What's the cap ...?")."""
    for written in (question, question.lower(), question.replace("'", "’")):
        assert asked_form(written) is None, written


@pytest.mark.parametrize(
    ("statement", "asked"),
    [
        (
            "Under the NDA, the recipient may keep copies",
            "Under the NDA, may the recipient keep copies?",
        ),
        ("the recipient can't keep copies", "Can the recipient not keep copies?"),
    ],
)
def test_a_statement_is_still_put_as_its_question(statement: str, asked: str) -> None:
    form = asked_form(statement)
    assert form is not None and form.question == asked


# a copy kept said by its own clause after the duty: "nothing kept", "keep none", a copy kept
_KEPT_AFTER = (
    [
        (f"Must {{r}} erase the files and {v} {w}?", True)
        for v in ("keep", "retain")
        for w in ("none", "nothing", "none of them", "nothing of it")
    ]
    + [
        (f"Must {{r}} shred every record, with {w} {p}?", True)
        for w in ("nothing", "none")
        for p in ("kept", "retained")
    ]
    + [
        (f"Must {{r}} shred every record, with {w} {p} by counsel?", False)
        for w in ("one copy", "a backup", "two copies")
        for p in ("kept", "retained")
    ]
)


@pytest.mark.parametrize(("form", "negated"), _KEPT_AFTER)
def test_a_copy_kept_or_none_after_the_duty_asks_retention(form: str, negated: bool) -> None:
    for r in _RECIPIENTS:
        asked = form.format(r=r)
        for written in (asked, asked.lower()):
            assert _read(written) == ("retaining_copies", negated), written


@pytest.mark.parametrize(
    "asked", ["Must {r} keep nothing confidential?", "May {r} keep nothing secret?"]
)
def test_keeping_nothing_confidential_is_no_retention(asked: str) -> None:
    for r in _RECIPIENTS:
        read = _read(asked.format(r=r))
        assert read is None or read[0] != "retaining_copies", asked
