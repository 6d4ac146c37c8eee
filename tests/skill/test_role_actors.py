"""A defined role is the claim's actor, never a subject to find (issue 34, class A): a mutual
NDA's "Receiving Party" and "Disclosing Party" are either party, bound to neither, so a question
that names the role (possessive, of-phrase, first without "the", plural, "such"/"each", lower
case, "Recipient"/"Discloser") asks about the agreement in scope, or the knowledge base's lone
agreement that writes the role; so does a term of what the agreement is about ("the
Purpose"). A real unknown name beside a role is still refused, and two agreements are never
picked between. An asking word that opens a relative clause in an opening phrase ("Under the
agreement to which ...") keeps the question a yes/no (review D3, session 38).

Two NDAs with the same roles and opposite clauses on employees (the Larchmont one lets the
Receiving Party share with its employees, the Brightwater one forbids it): the answer's
polarity and its evidence show which agreement answered. Real PDFs by PyMuPDF, ingested
through the real pipeline."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skill import SubjectClassError
from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow

_SHARES = "nda_larchmont.pdf"
_FORBIDS = "nda_brightwater.pdf"
# the document asked of -> how its answer on sharing with employees opens
_EMPLOYEES = {_SHARES: "Yes", _FORBIDS: "No"}


def _nda(first: str, second: str, *, shares: bool) -> bytes:
    employees = (
        "The Receiving Party may disclose Confidential Information to those of its employees "
        "who need to know it for the Purpose."
        if shares
        else "The Receiving Party shall not disclose Confidential Information to any of its "
        "employees, officers or agents."
    )
    return clauses_pdf(
        "MUTUAL NON-DISCLOSURE AGREEMENT",
        [
            f"This Mutual Non-Disclosure Agreement is made as of April 4, 2022 between {first}, "
            f"a Delaware corporation, and {second}, a New York limited liability company. "
            "Either party may disclose Confidential Information to the other; the party "
            "disclosing it is the Disclosing Party and the party receiving it is the Receiving "
            "Party.",
            "1. Use. The Receiving Party shall use the Confidential Information solely for the "
            "Purpose of evaluating a possible joint venture.",
            f"2. Employees. {employees}",
            "3. Samples. The Receiving Party shall not reverse engineer, decompile or "
            "disassemble any samples or prototypes.",
            "4. Return. Upon the Disclosing Party's written request, the Receiving Party shall "
            "promptly return all Confidential Information.",
            "5. Governing Law. This Agreement shall be governed by the laws of the State of "
            "New York.",
        ],
    )


_LARCHMONT = (_SHARES, _nda("Larchmont Analytics, Inc.", "Oakhurst Capital LLC", shares=True))
_BRIGHTWATER = (_FORBIDS, _nda("Brightwater Foods Corp.", "Quillon Systems LLC", shares=False))


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(tmp_path_factory, "role-actors", [_LARCHMONT, _BRIGHTWATER])


@pytest.fixture(scope="module")
def lone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(tmp_path_factory, "role-actors-lone", [_LARCHMONT])


def _answered(runtime: Any, question: str, document: str | None, opens: str) -> Any:
    """`question` asked (of `document`, or of the whole knowledge base), asserted answered
    from that document alone, its answer opening with `opens`."""
    scope = [document] if document else None
    answer = runtime.skill.ask("kb", question, documents=scope)
    said = answer.conclusion.answer or ""
    assert answer.terminal_state == "CONCLUDED", (question, document, answer.subject_class)
    assert answer.subject_class.type == "agreement", (question, answer.subject_class)
    assert said.startswith(opens), (question, document, said)
    cited = {e.source_location.document for e in answer.evidence}
    assert cited == {document or _SHARES}, (question, document, cited)
    return answer


# The role in every position a question puts it, in the role's several writings: each asks
# whether the Receiving Party may share with its employees.
_SHARING = [
    "Is disclosure to the {r}'s employees permitted?",
    "is disclosure to the {lr}’s employees permitted?",
    "Is disclosure of Confidential Information to employees of the {r} permitted?",
    "Is disclosure to employees of such {r} allowed?",
    "Is disclosure to each {r}'s employees permitted under this Agreement?",
    "Under the agreement to which the {r} is a party, may it share Confidential Information "
    "with its employees?",
]


@pytest.mark.parametrize("document", sorted(_EMPLOYEES))
@pytest.mark.parametrize("role", ["Receiving Party", "Recipient"])
@pytest.mark.parametrize("template", _SHARING)
def test_a_role_in_any_position_is_the_actor_of_the_agreement_asked(
    two: Any, template: str, role: str, document: str
) -> None:
    question = template.format(r=role, lr=role.lower())
    answer = _answered(two, question, document, _EMPLOYEES[document])
    assert answer.subject_class.constraints.get("claim") == "sharing_with_employees"


@pytest.mark.parametrize("document", sorted(_EMPLOYEES))
@pytest.mark.parametrize(
    "question",
    [
        "Is the Receiving Party's use of Confidential Information limited to the Purpose?",
        "Is the Recipients' use of the information confined to the Purpose?",
        "Must the Discloser's Confidential Information be used only for the Purpose?",
        # the abbreviation a question writes for it (vocabulary.yaml question_not_names)
        "Is the Recipient's use of CI restricted to the Purpose?",
    ],
)
def test_a_role_and_the_agreements_own_terms_name_no_party(
    two: Any, question: str, document: str
) -> None:
    answer = _answered(two, question, document, "Yes")
    assert answer.subject_class.constraints.get("claim") == "use_limited_to_purpose"
    assert not answer.subject_class.parties


@pytest.mark.parametrize(
    ("known", "unknown"),
    [
        (
            "May the Receiving Party share Confidential Information with its employees?",
            "May the Receiving Party, Zephyr Ltd, share Confidential Information with its "
            "employees?",
        ),
        (
            "Is the Recipient's use of Confidential Information limited to the Purpose?",
            "Is Zephyr Ltd's use of Confidential Information limited to the Purpose?",
        ),
        (
            "Is disclosure to employees of the Receiving Party permitted?",
            "Is disclosure to employees of Zephyr Bank permitted?",
        ),
        (
            "Is the Indemnified Party's use of Confidential Information limited to the Purpose?",
            "Is the Summit Party's use of Confidential Information limited to the Purpose?",
        ),
    ],
)
def test_an_unknown_name_beside_or_instead_of_a_role_is_refused(
    two: Any, known: str, unknown: str
) -> None:
    _answered(two, known, _SHARES, "Yes")
    refused = two.skill.ask("kb", unknown, documents=[_SHARES])
    assert refused.terminal_state == "SUBJECT_NOT_FOUND", (unknown, refused.subject_class)
    assert not refused.evidence


@pytest.mark.parametrize(
    ("question", "opens"),
    [
        ("Can the Recipient reverse engineer the prototypes?", "No"),
        ("May the receiving parties share confidential information with their employees?", "Yes"),
        ("May the Receiving Party share Confidential Information with its employees?", "Yes"),
        ("Must the Recipient return the Discloser's information when asked?", "Yes"),
    ],
)
def test_a_role_alone_asks_the_lone_agreement_that_writes_it(
    lone: Any, two: Any, question: str, opens: str
) -> None:
    _answered(lone, question, None, opens)
    # two agreements write it: neither is picked
    try:
        among_two = two.skill.ask("kb", question)
    except SubjectClassError:
        return
    assert among_two.terminal_state == "SUBJECT_NOT_FOUND", (question, among_two.subject_class)
    assert not among_two.evidence


def test_a_role_the_lone_agreement_does_not_write_is_not_found(lone: Any) -> None:
    _answered(lone, "Can the Receiving Party decompile the samples?", None, "No")
    answer = lone.skill.ask("kb", "Can the Licensee decompile the samples?")
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert "licensee" in (answer.conclusion.answer or "").lower()


# A phrase put before the question's auxiliary, a relative clause inside it or not: the question
# is still the yes/no it asks, its polarity its own (a permission asked of a prohibition is a
# No), never a value question nor a statement wrapped as "Is it true that ...".
@pytest.mark.parametrize(
    ("question", "claim", "opens"),
    [
        (
            "In any case in which the Disclosing Party asks, must the Receiving Party return "
            "Confidential Information?",
            "return_or_destruction",
            "Yes",
        ),
        (
            "under the agreement to which the recipient is a party, must it return information "
            "on request?",
            "return_or_destruction",
            "Yes",
        ),
        (
            "Under this NDA, may the Recipient reverse engineer the samples?",
            "reverse_engineering",
            "No",
        ),
        (
            "Under the terms of this Agreement, can the receiving party decompile the prototypes?",
            "reverse_engineering",
            "No",
        ),
        (
            "As to prototypes to which the Receiving Party has access, may it disassemble them?",
            "reverse_engineering",
            "No",
        ),
        (
            "With respect to samples of which the Disclosing Party is the owner, may the "
            "Recipient reverse engineer them?",
            "reverse_engineering",
            "No",
        ),
    ],
)
def test_a_phrase_before_the_auxiliary_keeps_the_yes_no_and_its_polarity(
    two: Any, question: str, claim: str, opens: str
) -> None:
    for document in sorted(_EMPLOYEES):
        answer = _answered(two, question, document, opens)
        assert answer.subject_class.constraints.get("claim") == claim, question
