"""State 1: the subject class from prose (many phrasings per kind) and from structured input."""

from __future__ import annotations

from typing import Any

import pytest

from domain import entity_key
from skill import (
    QuestionKind,
    SkillError,
    SubjectClassError,
    document_type_of,
    document_types_match,
    parse_agreement,
    parse_question,
    parse_subject,
    split_names,
)

ACME = "Acme Robotics, Inc."
GLOBEX = "Globex Corporation"

# (question, expected fields); names are compared by entity key.
CASES: list[tuple[str, dict[str, Any]]] = [
    # -- role
    (
        "Who founded Acme Robotics, Inc.?",
        {"kind": "role", "role": "founder", "parent_entity": ACME},
    ),
    (
        "Who are the founders of Acme Robotics, Inc.?",
        {"kind": "role", "role": "founder", "parent_entity": ACME},
    ),
    ("Acme Robotics, Inc.'s founder", {"kind": "role", "role": "founder", "parent_entity": ACME}),
    (
        "Who co-founded Acme Robotics?",
        {"kind": "role", "role": "founder", "parent_entity": "Acme Robotics"},
    ),
    (
        "By whom was Acme Robotics, Inc. founded?",
        {"kind": "role", "role": "founder", "parent_entity": ACME},
    ),
    (
        "Who is the CFO of Acme Robotics, Inc.?",
        {"kind": "role", "role": "cfo", "parent_entity": ACME},
    ),
    (
        "Who's Acme's chief financial officer?",
        {"kind": "role", "role": "cfo", "parent_entity": "Acme"},
    ),
    (
        "Who is Acme Robotics’ Chief Executive Officer?",
        {"kind": "role", "role": "ceo", "parent_entity": "Acme Robotics"},
    ),
    (
        "Name the chief technology officer of Acme Robotics.",
        {"kind": "role", "role": "cto", "parent_entity": "Acme Robotics"},
    ),
    (
        "Who are the directors of Acme Robotics, Inc.?",
        {"kind": "role", "role": "director", "parent_entity": ACME},
    ),
    (
        "Who sits on the board of directors of Acme Robotics, Inc.?",
        {"kind": "role", "role": "director", "parent_entity": ACME},
    ),
    ("Who is on Acme's board?", {"kind": "role", "role": "director", "parent_entity": "Acme"}),
    ("Who chairs Acme's board?", {"kind": "role", "role": "chair", "parent_entity": "Acme"}),
    (
        "Who is the corporate secretary of Acme Robotics?",
        {"kind": "role", "role": "secretary", "parent_entity": "Acme Robotics"},
    ),
    (
        "Who acted as incorporator of Acme Robotics, Inc.?",
        {"kind": "role", "role": "incorporator", "parent_entity": ACME},
    ),
    (
        "Who is outside legal counsel to Acme Robotics?",
        {"kind": "role", "role": "legal_counsel", "parent_entity": "Acme Robotics"},
    ),
    (
        "Who runs Acme Robotics GmbH as managing director?",
        {"kind": "role", "role": "managing_director", "parent_entity": "Acme Robotics GmbH"},
    ),
    (
        "List the officers of Acme Robotics, Inc.",
        {"kind": "role", "role": "officer", "parent_entity": ACME},
    ),
    (
        "Who signed the MSA for Acme Robotics, Inc.?",
        {
            "kind": "role",
            "role": "signatory",
            "parent_entity": ACME,
            "document_type": "master_services_agreement",
        },
    ),
    (
        "Who signed the master services agreement on behalf of Globex Corporation?",
        {
            "kind": "role",
            "role": "signatory",
            "parent_entity": GLOBEX,
            "document_type": "master_services_agreement",
        },
    ),
    (
        "Who executed the loan and security agreement for the lender?",
        {
            "kind": "role",
            "role": "signatory",
            "document_type": "loan_agreement",
            "constraints": {"party_role": "lender"},
        },
    ),
    (
        "Which entity guarantees Acme's term loan from First Bank?",
        {
            "kind": "role",
            "role": "guarantor",
            "document_type": "loan_agreement",
            "parties": ["Acme", "First Bank"],
        },
    ),
    (
        "Which company was founded by Alan Brooks?",
        {"kind": "role", "role": "founder", "constraints": {"holder": "Alan Brooks"}},
    ),
    # -- relation
    (
        "What are the subsidiaries of Acme Robotics, Inc.?",
        {"kind": "relation", "role": "subsidiary", "parent_entity": ACME, "type": "legal_entity"},
    ),
    (
        "List Acme Robotics, Inc.'s subsidiaries",
        {"kind": "relation", "role": "subsidiary", "parent_entity": ACME},
    ),
    (
        "What companies does Acme Robotics, Inc. own?",
        {"kind": "relation", "role": "subsidiary", "parent_entity": ACME},
    ),
    (
        "Who owns Acme Robotics, Inc.?",
        {"kind": "relation", "role": "shareholder", "parent_entity": ACME},
    ),
    (
        "Who are the shareholders of Acme Robotics?",
        {"kind": "relation", "role": "shareholder", "parent_entity": "Acme Robotics"},
    ),
    (
        "What is the parent company of Acme Robotics GmbH?",
        {"kind": "relation", "role": "parent_company", "parent_entity": "Acme Robotics GmbH"},
    ),
    (
        "Who are the parties to the master services agreement between Acme Robotics, Inc. and Globex Corporation?",
        {
            "kind": "relation",
            "attribute": "parties",
            "type": "agreement",
            "document_type": "master_services_agreement",
            "parties": [ACME, GLOBEX],
        },
    ),
    (
        "List the parties to Acme's loan and security agreement.",
        {
            "kind": "relation",
            "attribute": "parties",
            "document_type": "loan_agreement",
            "parties": ["Acme"],
        },
    ),
    # -- entity attribute
    (
        "Where is Acme Robotics, Inc. incorporated?",
        {"kind": "entity_attribute", "name": ACME, "attribute": "jurisdiction_of_incorporation"},
    ),
    (
        "In which state is Acme Robotics, Inc. incorporated?",
        {"kind": "entity_attribute", "name": ACME, "attribute": "jurisdiction_of_incorporation"},
    ),
    (
        "What state is Acme Robotics, Inc. incorporated in?",
        {"kind": "entity_attribute", "name": ACME, "attribute": "jurisdiction_of_incorporation"},
    ),
    (
        "Acme Robotics is incorporated in which state?",
        {
            "kind": "entity_attribute",
            "name": "Acme Robotics",
            "attribute": "jurisdiction_of_incorporation",
        },
    ),
    (
        "What is the jurisdiction of organization of Acme Robotics GmbH?",
        {
            "kind": "entity_attribute",
            "name": "Acme Robotics GmbH",
            "attribute": "jurisdiction_of_incorporation",
        },
    ),
    (
        "Under which state's law was Acme Field Services LLC formed?",
        {
            "kind": "entity_attribute",
            "name": "Acme Field Services LLC",
            "attribute": "jurisdiction_of_incorporation",
        },
    ),
    (
        "Who is Acme Robotics, Inc.'s registered agent?",
        {"kind": "entity_attribute", "name": ACME, "attribute": "registered_agent"},
    ),
    (
        "Who is Acme Robotics' registered agent in Delaware?",
        {"kind": "entity_attribute", "name": "Acme Robotics", "attribute": "registered_agent"},
    ),
    (
        "What is the registered office of Acme Robotics, Inc.?",
        {"kind": "entity_attribute", "name": ACME, "attribute": "registered_office"},
    ),
    (
        "When was Acme Robotics, Inc. founded?",
        {"kind": "entity_attribute", "name": ACME, "attribute": "founding_date"},
    ),
    (
        "When was Acme Robotics incorporated?",
        {"kind": "entity_attribute", "name": "Acme Robotics", "attribute": "founding_date"},
    ),
    (
        "What is the commercial register number of Acme Robotics GmbH?",
        {
            "kind": "entity_attribute",
            "name": "Acme Robotics GmbH",
            "attribute": "registration_number",
        },
    ),
    (
        "Who audits Acme Robotics, Inc.?",
        {"kind": "entity_attribute", "name": ACME, "attribute": "auditor"},
    ),
    (
        "Which firm audits Acme Robotics?",
        {"kind": "entity_attribute", "name": "Acme Robotics", "attribute": "auditor"},
    ),
    (
        "Where is Acme Robotics headquartered?",
        {"kind": "entity_attribute", "name": "Acme Robotics", "attribute": "headquarters"},
    ),
    # -- agreement attribute
    (
        "What is the governing law of the master services agreement between Acme Robotics, Inc. and Globex Corporation?",
        {
            "kind": "agreement_attribute",
            "attribute": "governing_law",
            "document_type": "master_services_agreement",
            "parties": [ACME, GLOBEX],
        },
    ),
    (
        "What law governs the NDA between Acme Robotics, Inc. and Initech LLC?",
        {
            "kind": "agreement_attribute",
            "attribute": "governing_law",
            "document_type": "non_disclosure_agreement",
            "parties": [ACME, "Initech LLC"],
        },
    ),
    (
        "Which state's law governs the Acme-Globex master services agreement?",
        {
            "kind": "agreement_attribute",
            "attribute": "governing_law",
            "document_type": "master_services_agreement",
            "parties": ["Acme", "Globex"],
        },
    ),
    (
        "What's the liability cap under Acme's master services agreement with Globex?",
        {
            "kind": "agreement_attribute",
            "attribute": "liability_cap",
            "document_type": "master_services_agreement",
            "parties": ["Acme", "Globex"],
        },
    ),
    (
        "What is the initial term of the Globex MSA?",
        {
            "kind": "agreement_attribute",
            "attribute": "term",
            "document_type": "master_services_agreement",
            "parties": ["Globex"],
        },
    ),
    (
        "How long is each renewal term under the Acme/Globex MSA?",
        {"kind": "agreement_attribute", "attribute": "renewal_term", "parties": ["Acme", "Globex"]},
    ),
    (
        "How much notice is needed to avoid automatic renewal of the Globex MSA?",
        {"kind": "agreement_attribute", "attribute": "notice_period", "parties": ["Globex"]},
    ),
    (
        "What is the notice period for termination of the MSA between Acme and Globex?",
        {
            "kind": "agreement_attribute",
            "attribute": "notice_period",
            "document_type": "master_services_agreement",
        },
    ),
    (
        "When does the NDA between Acme and Initech expire?",
        {
            "kind": "agreement_attribute",
            "attribute": "expiration_date",
            "document_type": "non_disclosure_agreement",
        },
    ),
    (
        "When does Acme's First Bank term loan mature?",
        {
            "kind": "agreement_attribute",
            "attribute": "maturity_date",
            "document_type": "loan_agreement",
            "parties": ["Acme", "First Bank"],
        },
    ),
    (
        "When did the NDA between Acme and Initech take effect?",
        {"kind": "agreement_attribute", "attribute": "effective_date"},
    ),
    (
        "What are the payment terms in the Acme-Globex master services agreement?",
        {"kind": "agreement_attribute", "attribute": "payment_terms"},
    ),
    (
        "Can either party assign the Acme-Globex MSA without consent?",
        {"kind": "agreement_attribute", "attribute": "assignment", "parties": ["Acme", "Globex"]},
    ),
    (
        "What termination rights does the Globex MSA give the parties?",
        {"kind": "agreement_attribute", "attribute": "termination_right", "parties": ["Globex"]},
    ),
    (
        "What is the effective date of Amendment No. 1 to the Globex MSA?",
        {
            "kind": "agreement_attribute",
            "attribute": "effective_date",
            "constraints": {"amendment": "Amendment No. 1"},
        },
    ),
    (
        "What is the governing law of the Strategic Alliance Agreement between Foo Corp. and Bar, Inc.?",
        {
            "kind": "agreement_attribute",
            "document_type": "strategic_alliance_agreement",
            "parties": ["Foo Corp.", "Bar, Inc."],
        },
    ),
    # -- obligations
    (
        "What are Globex Corporation's obligations under the master services agreement with Acme Robotics, Inc.?",
        {
            "kind": "obligations",
            "attribute": "obligations",
            "constraints": {"party": GLOBEX},
            "parties": [GLOBEX, ACME],
        },
    ),
    (
        "What are the obligations of Acme Robotics, Inc. under the MSA with Globex Corporation?",
        {"kind": "obligations", "constraints": {"party": ACME}, "parties": [ACME, GLOBEX]},
    ),
    (
        "What does Globex owe Acme under their reseller agreement?",
        {
            "kind": "obligations",
            "constraints": {"party": "Globex"},
            "document_type": "reseller_agreement",
        },
    ),
    (
        "What does the guarantor undertake under the loan and security agreement?",
        {"kind": "obligations", "constraints": {"party_role": "guarantor"}},
    ),
    (
        "What must Acme do as borrower under the First Bank loan agreement?",
        {"kind": "obligations", "constraints": {"party": "Acme"}},
    ),
    # -- person attribute
    (
        "What is the educational background of Acme Robotics, Inc.'s founder?",
        {
            "kind": "person_attribute",
            "role": "founder",
            "parent_entity": ACME,
            "attribute": "education",
            "type": "individual",
        },
    ),
    (
        "What is the educational background of the CEO of Acme Robotics?",
        {"kind": "person_attribute", "role": "ceo", "attribute": "education"},
    ),
    (
        "Where did Acme's CFO go to school?",
        {
            "kind": "person_attribute",
            "role": "cfo",
            "parent_entity": "Acme",
            "attribute": "education",
        },
    ),
    (
        "What stake does Jane Smith hold in Acme Robotics?",
        {
            "kind": "person_attribute",
            "name": "Jane Smith",
            "attribute": "stake",
            "role": "shareholder",
        },
    ),
    (
        "How much of Acme Robotics does co-founder Jane Smith own?",
        {"kind": "person_attribute", "name": "Jane Smith", "attribute": "stake"},
    ),
    # -- yes/no
    (
        "Is Globex Corporation a party to the MSA?",
        {
            "kind": "yes_no",
            "attribute": "is_party",
            "name": GLOBEX,
            "document_type": "master_services_agreement",
        },
    ),
    (
        "Is Initech LLC a party to the NDA with Acme Robotics?",
        {
            "kind": "yes_no",
            "attribute": "is_party",
            "name": "Initech LLC",
            "parties": ["Acme Robotics"],
        },
    ),
    (
        "Is Acme Robotics GmbH a subsidiary of Acme Robotics, Inc.?",
        {
            "kind": "yes_no",
            "attribute": "is_subsidiary",
            "name": "Acme Robotics GmbH",
            "parent_entity": ACME,
        },
    ),
    (
        "Is Jane Smith the CEO of Acme Robotics, Inc.?",
        {
            "kind": "yes_no",
            "attribute": "has_role",
            "name": "Jane Smith",
            "role": "ceo",
            "parent_entity": ACME,
        },
    ),
    (
        "Is Daniel Reyes one of the founders of Acme Robotics?",
        {"kind": "yes_no", "attribute": "has_role", "name": "Daniel Reyes", "role": "founder"},
    ),
    (
        "Is Tom Lind Acme's chief executive officer?",
        {
            "kind": "yes_no",
            "attribute": "has_role",
            "name": "Tom Lind",
            "role": "ceo",
            "parent_entity": "Acme",
        },
    ),
    (
        "Did Jane Smith found Acme Robotics, Inc.?",
        {"kind": "yes_no", "attribute": "has_role", "name": "Jane Smith", "role": "founder"},
    ),
]


def _same(expected: Any, got: Any) -> bool:
    if isinstance(expected, str) and isinstance(got, str):
        return entity_key(expected) == entity_key(got) or expected == got
    return bool(expected == got)


@pytest.mark.parametrize(("question", "expected"), CASES, ids=[q for q, _ in CASES])
def test_parse_question(question: str, expected: dict[str, Any]) -> None:
    subject = parse_question(question)
    for field, value in expected.items():
        if field == "parties":
            assert [entity_key(p) for p in subject.parties] == [entity_key(p) for p in value]
        elif field == "constraints":
            for key, item in value.items():
                assert _same(item, subject.constraints.get(key)), (key, subject.constraints)
        elif field == "kind":
            assert subject.kind is QuestionKind(value)
        else:
            assert _same(value, getattr(subject, field)), (field, subject)


@pytest.mark.parametrize(
    "question",
    [
        "What is the weather like today?",
        "Who is the CEO?",
        "Tell me everything",
        "How many employees does Acme have?",
        "",
        "   ",
        "Summarize the data room.",
    ],
)
def test_a_question_of_no_kind_fails_state_one(question: str) -> None:
    with pytest.raises(SubjectClassError) as info:
        parse_question(question)
    assert isinstance(info.value, SkillError)
    assert info.value.reason


def test_defined_terms_in_a_question_are_kept_as_written() -> None:
    # "the Company" means nothing outside its document: it is kept, never swapped for a guess.
    subject = parse_question("Who founded the Company?")
    assert subject.parent_entity == "the Company"
    assert subject.role == "founder"


def test_names_keep_their_corporate_suffix_and_case() -> None:
    subject = parse_question("Who is the CFO of ACME Robotics, L.L.C.?")
    assert subject.parent_entity == "ACME Robotics, L.L.C."


def test_structured_subject_round_trip_and_kind_inference() -> None:
    data = {
        "type": "agreement",
        "name": None,
        "role": None,
        "parent_entity": None,
        "attribute": "governing_law",
        "document_type": "master_services_agreement",
        "constraints": {"parties": [ACME, GLOBEX]},
    }
    subject = parse_subject(data)
    assert subject.kind is QuestionKind.AGREEMENT_ATTRIBUTE
    assert subject.parties == [ACME, GLOBEX]
    role = parse_subject({"type": "individual", "role": "founder", "parent_entity": ACME})
    assert role.kind is QuestionKind.ROLE
    yes_no = parse_subject(
        {"type": "legal_entity", "name": "B", "parent_entity": ACME, "attribute": "is_subsidiary"}
    )
    assert yes_no.kind is QuestionKind.YES_NO
    person = parse_subject(
        {"type": "individual", "role": "ceo", "parent_entity": ACME, "attribute": "education"}
    )
    assert person.kind is QuestionKind.PERSON_ATTRIBUTE


@pytest.mark.parametrize(
    "data",
    [
        {"type": "spaceship", "role": "founder", "parent_entity": ACME},
        {"type": "individual", "role": "astronaut", "parent_entity": ACME},
        {"type": "individual", "role": "founder", "parent_entity": ACME, "colour": "red"},
        {"type": "individual", "parent_entity": ACME},
        {"type": "individual", "role": "founder"},
        {"type": "agreement", "attribute": "governing_law", "constraints": {"parties": "Acme"}},
        {"type": "individual", "role": "founder", "parent_entity": ""},
    ],
)
def test_invalid_structured_subjects_fail(data: dict[str, Any]) -> None:
    with pytest.raises(SubjectClassError):
        parse_subject(data)


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("Master Services Agreement", "master_services_agreement"),
        ("MSA", "master_services_agreement"),
        ("Mutual Non-Disclosure Agreement", "non_disclosure_agreement"),
        ("Loan and Security Agreement", "loan_agreement"),
        ("Distributor Agreement", "distributor_agreement"),
        ("agreement", None),
    ],
)
def test_document_type_of(phrase: str, expected: str | None) -> None:
    assert document_type_of(phrase) == expected


def test_document_types_match_by_suffix() -> None:
    assert document_types_match("master_services_agreement", "master_services_agreement")
    assert document_types_match("services_agreement", "master_services_agreement")
    assert document_types_match(None, "anything")
    assert not document_types_match("master_services_agreement", "non_disclosure_agreement")
    assert not document_types_match("master_services_agreement", None)


def test_split_names_keeps_suffix_commas() -> None:
    assert split_names("Acme Robotics, Inc., Globex Corporation and First Bank, N.A.") == [
        "Acme Robotics, Inc.",
        "Globex Corporation",
        "First Bank, N.A.",
    ]


def test_parse_agreement_reads_modifiers_as_parties() -> None:
    ref = parse_agreement("the Halcyon/Northgate MSA")
    assert ref is not None
    assert ref.document_type == "master_services_agreement"
    assert ref.parties == ["Halcyon", "Northgate"]
    assert parse_agreement("the weather") is None


# --------------------------------------------------------------------------- later additions


@pytest.mark.parametrize(
    ("question", "name", "role", "parent", "attribute"),
    [
        (
            "What other affiliations does Orbital Foods board member Priya Nair have?",
            "Priya Nair",
            "director",
            "Orbital Foods",
            "affiliation",
        ),
        (
            "What outside positions does Ken Adeyemi, the CFO of Quarry Labs LLC, hold?",
            "Ken Adeyemi",
            "cfo",
            "Quarry Labs LLC",
            "affiliation",
        ),
        (
            "Where did Quarry Labs CTO Ana Ruiz study?",
            "Ana Ruiz",
            "cto",
            "Quarry Labs",
            "education",
        ),
        (
            "What degrees does the chief executive of Vantor plc hold?",
            None,
            "ceo",
            "Vantor plc",
            "education",
        ),
    ],
)
def test_person_attributes_reached_through_a_named_role_holder(
    question: str, name: str | None, role: str, parent: str, attribute: str
) -> None:
    subject = parse_question(question)
    assert (subject.name, subject.role, subject.parent_entity, subject.attribute) == (
        name,
        role,
        parent,
        attribute,
    )
    assert subject.kind is QuestionKind.PERSON_ATTRIBUTE


def test_obligations_under_a_named_provision_keep_the_provision() -> None:
    subject = parse_question(
        "What is Ken Adeyemi bound by under the non-solicitation covenant of his consulting agreement?"
    )
    assert subject.kind is QuestionKind.OBLIGATIONS
    assert subject.document_type == "consulting_agreement"
    assert subject.constraints["party"] == "Ken Adeyemi"
    assert subject.constraints["provision"] == "non-solicitation"
    bare = parse_question("What does Priya Nair owe under the non-compete?")
    assert bare.constraints["provision"] == "non-compete"
    assert bare.parties == ["Priya Nair"]
    assert bare.document_type is None


def test_a_notice_question_keeps_the_purpose_of_the_notice() -> None:
    renewal = parse_question(
        "How much notice is required to prevent renewal of the supply agreement between Orbital Foods and Quarry Labs?"
    )
    assert renewal.attribute == "notice_period"
    assert renewal.constraints["notice_for"] == "non_renewal"
    ending = parse_question(
        "How much written notice must Orbital Foods give to terminate its lease with Quarry Labs?"
    )
    assert ending.constraints["notice_for"] == "termination"
    assert ending.parties == ["Orbital Foods", "Quarry Labs"]


@pytest.mark.parametrize(
    "question",
    [
        "Who is its CFO?",
        "Who founded it?",
        "Is it a subsidiary of Vantor plc?",
        "What is the educational background of its founder?",
        "Who are the directors of the company?",
        "What are their obligations under the MSA with Vantor plc?",
    ],
)
def test_a_question_that_refers_back_to_an_unnamed_entity_is_refused(question: str) -> None:
    with pytest.raises(SubjectClassError):
        parse_question(question)


def test_structured_subsidiary_claim_implies_the_subsidiary_role() -> None:
    subject = parse_subject(
        {
            "type": "legal_entity",
            "name": "Vantor GmbH",
            "parent_entity": "Vantor plc",
            "attribute": "is_subsidiary",
        }
    )
    assert subject.role == "subsidiary"
    assert subject.kind is QuestionKind.YES_NO
    with pytest.raises(SubjectClassError):
        parse_subject(
            {
                "type": "individual",
                "name": "Ana Ruiz",
                "parent_entity": "Vantor plc",
                "attribute": "has_role",
            }
        )


def test_a_party_named_by_its_role_is_kept_as_a_constraint() -> None:
    subject = parse_question(
        "What is the base salary under the employment agreement between Vantor plc and its CTO?"
    )
    assert subject.attribute == "compensation"
    assert subject.parties == ["Vantor plc"]
    assert subject.constraints["party_roles"] == ["cto"]
    notice = parse_question(
        "How much notice must Vantor plc give to dismiss its chief financial officer for cause?"
    )
    assert notice.attribute == "notice_period"
    assert notice.document_type == "employment_agreement"
    assert notice.constraints["party_roles"] == ["cfo"]
    assert notice.constraints["notice_for"] == "termination"
    # "its" with nothing for it to refer to, or a party that is not a role: never a guess.
    for question in (
        "What is the salary under the employment agreement with its CFO?",
        "What is the term of the license between Vantor plc and its partner?",
    ):
        with pytest.raises(SubjectClassError):
            parse_question(question)


def test_the_same_word_on_both_sides_of_and_is_one_name() -> None:
    assert split_names("Johnson and Johnson and Acme Corp") == ["Johnson and Johnson", "Acme Corp"]
    assert split_names("Barnes Group and Noble Energy") == ["Barnes Group", "Noble Energy"]
    assert split_names("Johnson and Johnson, Inc. and Acme") == [
        "Johnson and Johnson, Inc.",
        "Acme",
    ]
    # the second word opening a longer name: two names
    assert split_names("Acme and Acme Holdings") == ["Acme", "Acme Holdings"]


@pytest.mark.parametrize("adjective", ["limited", "capped", "exclusive", "enforceable", "void"])
@pytest.mark.parametrize(
    "name",
    [
        "Associated Natural Gas Company",
        "Pivotal Self Service Tech, Inc.",
        "Acme",
        "Banco do Brasil",
    ],
)
def test_a_lower_case_word_a_question_glues_after_a_name_is_not_the_names(
    name: str, adjective: str
) -> None:
    # "Is X's liability under its contract with Y limited?": the adjective ends the question;
    # "Acme limited" may be the name's own legal form, so only after a legal form is it dropped
    expected = (
        f"{name} {adjective}"
        if adjective == "limited" and name in ("Acme", "Banco do Brasil")
        else name
    )
    assert split_names(f"{name} {adjective}") == [expected]


@pytest.mark.parametrize("name", ["banco do brasil", "acme robotics", "Banco do Brasil"])
def test_a_name_written_in_lower_case_is_kept_whole(name: str) -> None:
    assert split_names(name) == [name]
