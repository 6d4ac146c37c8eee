"""Issue 14, the question side: names found from the knowledge base, intents from the
lexicon, topic answers, precise absence, and placeholders as question errors."""

from __future__ import annotations

import re

import pytest

from domain import entity_key
from skill import EvidenceSkill, QuestionReader, SubjectClassError
from tests.skill.conftest import KB

# -- names from the knowledge base -----------------------------------------------------------

_KNOWN = QuestionReader(
    [
        "SIGA Technologies, Inc.",
        "Meridian Medical Technologies, Inc.",
        "C.M. Oliver & Company Limited",
        "McDonald's Corporation",
        "Northgate Logistics, Inc.",
    ]
)


def _names(question: str) -> list[tuple[str, bool]]:
    return [(m.text, m.known) for m in _KNOWN.names(question)]


def test_legal_forms_fold_and_names_are_not_cut_at_their_commas() -> None:
    question = (
        "Can SIGA TECHNOLOGIES, INC terminate the agreement between SIGA TECHNOLOGIES, "
        "INC and MERIDIAN MEDICAL TECHNOLOGIES, INC for convenience?"
    )
    assert _names(question) == [
        ("SIGA TECHNOLOGIES, INC", True),
        ("SIGA TECHNOLOGIES, INC", True),
        ("MERIDIAN MEDICAL TECHNOLOGIES, INC", True),
    ]


def test_an_ampersand_inside_a_known_name_keeps_it_whole() -> None:
    assert _names("Who signed for C.M. OLIVER & COMPANY LIMITED?") == [
        ("C.M. OLIVER & COMPANY LIMITED", True)
    ]


def test_possessives() -> None:
    # "McDonald's" is the name itself; "Northgate Logistics's" is Northgate Logistics.
    assert _names("What is McDonald's franchise fee?") == [("McDonald's", True)]
    assert _names("Does Northgate Logistics's contract with Foo Bar Corp renew?") == [
        ("Northgate Logistics", True),
        ("Foo Bar Corp", False),
    ]


def test_short_names_joined_by_and_are_two_names() -> None:
    # each is a known name's distinctive first word (its short name, linked to it): two
    # parties, as the grammar would have it, not one unknown "Siga and Northgate"
    assert _names("What is the cap on liability in the agreement between Siga and Northgate?") == [
        ("Siga", True),
        ("Northgate", True),
    ]
    # outside a list after "between", and for the same word (possessive or not), one name
    index = QuestionReader(
        ["Ernst Global Partners LLC", "Young Media Holdings Inc.", "Johnson Controls"]
    )
    for question, name in [
        ("Does Ernst and Young's engagement letter cap liability?", "Ernst and Young"),
        (
            "Is there an agreement between Johnson and Johnson's unit and Acme?",
            "Johnson and Johnson",
        ),
    ]:
        assert index.names(question)[0].text == name
    # a known name after "and" is a name of its own
    assert _names("Is there an agreement between Siga and SIGA Technologies, Inc.?") == [
        ("Siga", True),
        ("SIGA Technologies, Inc.", True),
    ]
    # words that open no known name keep "and" as part of one name
    assert _names("Is Johnson and Johnson a party to the agreement?") == [
        ("Johnson and Johnson", False)
    ]
    assert _names("Does Siga and Partners hold the license?") == [("Siga and Partners", False)]


def test_a_known_name_opening_a_longer_name_is_not_that_name() -> None:
    """A known name's words followed by more name words or another legal form name another
    entity (a look-alike): the whole is an unknown name for the gate to refuse."""
    assert _names("How many employees does Northgate Logistics Holdings Incorporated have?") == [
        ("Northgate Logistics Holdings Incorporated", False)
    ]
    assert _names("How many shares does Northgate Logistics plc have?") == [
        ("Northgate Logistics plc", False)
    ]
    # A possessive or a topic word after the name ends it.
    assert _names("What is Northgate Logistics's address?") == [("Northgate Logistics", True)]
    assert _names("How many shares does Northgate Logistics have?") == [
        ("Northgate Logistics", True)
    ]


def test_a_hyphen_separates_words_as_in_entity_keys() -> None:
    """A question and the knowledge base may write a name with a hyphen or a space; the
    words are folded by domain.fold_word, the same folding entity_key gives each word, so both
    match."""
    index = QuestionReader(["Coca-Cola Bottling Co.", "Rolls Royce Holdings plc"])
    for question, written in (
        ("Who owns Coca Cola Bottling Co.?", "Coca Cola Bottling Co."),
        ("Who owns Coca-Cola Bottling Co.?", "Coca-Cola Bottling Co."),
        ("Who audits Rolls-Royce Holdings plc?", "Rolls-Royce Holdings plc"),
    ):
        assert [(m.text, m.known) for m in index.names(question)] == [(written, True)]
    for name in ("Coca-Cola Bottling Co.", "McDonald's Corporation", "C.M. Oliver & Company"):
        # a name as the knowledge base writes it is known in its own words and keyed alike
        reader = QuestionReader([name.upper()])
        found = [(m.text, m.known) for m in reader.names(f"Who audits {name}?")]
        assert found == [(name, True)] and entity_key(found[0][0]) == entity_key(name.upper())


def test_a_legal_form_ends_an_unknown_name() -> None:
    assert _names("Is the contract between SAGEM S.A. and XIMAGE Corp exclusive?") == [
        ("SAGEM S.A.", False),
        ("XIMAGE Corp", False),
    ]


def test_question_words_and_jurisdictions_are_no_names() -> None:
    assert _names("Until when is the agreement governed by Delaware law?") == []


def test_placeholders_are_found() -> None:
    reader = QuestionReader(["Acme Corp"])
    for question, blank in (
        ("What is the governing law of the agreement between __________ and Acme?", "__________"),
        ("Can [Party] terminate?", "[Party]"),
    ):
        with pytest.raises(SubjectClassError, match=re.escape(blank)):
            reader.read(question)


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("Is there a change of control provision in", "change_of_control"),
        ("contain a non-solicitation clause", "non_solicitation"),
        ("Can terminate for convenience", "termination_for_convenience"),
        ("Under which jurisdiction's laws is construed", "governing_law"),
        ("What insurance must be maintained", "insurance"),
        # the rest of the typed categories (phrased unlike bench/cuad_phrasings.yaml)
        ("Does the supplier owe MFN treatment under", "most_favored_nation"),
        ("Who holds a right of first offer under", "right_of_first_refusal"),
        ("What are the carve-outs from the liability cap in", "uncapped_liability"),
        ("What late delivery penalties apply under", "liquidated_damages"),
        ("What is the warranty period of", "warranty_duration"),
        ("Is there a take-or-pay obligation in", "minimum_commitment"),
        ("What is the scope of the license in", "license_grant"),
        ("Who will own the inventions made under", "ip_ownership"),
        # an exclusive license is asked about its exclusivity, a termination fee about the
        # termination right
        ("Does the agreement grant an exclusive license", "exclusivity"),
        ("Is the license granted exclusive", "exclusivity"),
        ("What is the termination fee", "termination_right"),
    ],
)
def test_intents_come_from_the_lexicon(text: str, attribute: str) -> None:
    intent = QuestionReader.intent(text)
    assert intent is not None and intent.attribute == attribute


# -- questions asked of the test knowledge base ----------------------------------------------


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("What is the governing law of the agreement between __________ and Globex?", "____"),
        ("Can [Party] terminate the MSA with Globex Corporation for convenience?", "[Party]"),
        ("Who are the parties to the agreement between the seller and Globex?", "seller"),
    ],
)
def test_a_placeholder_is_a_question_error_naming_it(
    skill: EvidenceSkill, question: str, word: str
) -> None:
    with pytest.raises(SubjectClassError, match=r".*" + word.replace("[", r"\[")):
        skill.ask(KB, question)


@pytest.mark.parametrize(
    "question", ["Does it contain a non-compete clause?", "Is there a non-compete clause?"]
)
def test_no_subject_or_a_pronoun_is_rejected(skill: EvidenceSkill, question: str) -> None:
    with pytest.raises(SubjectClassError):
        skill.ask(KB, question)


@pytest.mark.parametrize(
    ("question", "parties"),
    [
        ("Can Acme terminate the MSA for convenience?", ["Acme"]),
        # the other party named between the verb and the qualifier
        (
            "Can Acme terminate the agreement with The Globex Corporation for convenience?",
            ["Acme", "Globex Corporation"],
        ),
        (
            "May Acme Robotics, Inc. terminate the Master Services Agreement with Globex "
            "Corporation without cause?",
            ["Acme Robotics, Inc.", "Globex Corporation"],
        ),
        # two short names joined by "and", in a phrasing the grammar does not read
        (
            "Is termination for convenience allowed in the MSA between Acme and Globex?",
            ["Acme", "Globex"],
        ),
    ],
)
def test_a_qualifier_is_not_a_party(
    skill: EvidenceSkill, question: str, parties: list[str]
) -> None:
    answer = skill.ask(KB, question)
    assert answer.subject_class.parties == parties
    assert answer.subject_class.attribute == "termination_for_convenience"
    assert answer.terminal_state == "CONCLUDED"
    # The MSA has no such clause: said precisely, never "no" from silence.
    assert not answer.sufficient
    assert "not_stated" in answer.risk_signals
    assert answer.conclusion.values == []
    assert answer.conclusion.answer is not None
    # a yes/no claim (issue 34): not stated, said precisely
    assert answer.conclusion.answer.startswith(
        "Not stated in Master Services Agreement — no sentence found speaks of terminating "
        "without cause ("
    )


@pytest.mark.parametrize(
    ("question", "label"),
    [
        # CUAD's category, and the lexicon's label, cover refusal, offer and negotiation
        (
            "Does the MSA between Acme Robotics, Inc. and Globex Corporation give a right of "
            "first offer?",
            # a record's claim (session 35): its label, no sentence speaks of it
            "no sentence found speaks of a right of first refusal, offer or negotiation",
        ),
        (
            "Does the MSA between Acme Robotics, Inc. and Globex Corporation contain a "
            "non-compete clause?",
            "no non-compete clause found",
        ),
    ],
)
def test_an_absent_clause_is_named_by_its_label(
    skill: EvidenceSkill, question: str, label: str
) -> None:
    answer = skill.ask(KB, question)
    assert not answer.sufficient and answer.conclusion.answer is not None
    # a yes/no question: the agreement is silent, never "No" from silence
    assert answer.conclusion.answer.startswith(
        f"Not stated in Master Services Agreement — {label} ("
    )


@pytest.mark.parametrize(
    "question",
    [
        # a value asked with a condition, or a negation: never a bare yes
        "Does the MSA between Acme Robotics, Inc. and Globex Corporation have California "
        "governing law?",
        "Does the MSA between Acme Robotics, Inc. and Globex Corporation not contain a "
        "governing law clause?",
    ],
)
def test_no_yes_for_what_the_clause_says(skill: EvidenceSkill, question: str) -> None:
    answer = skill.ask(KB, question)
    assert not (answer.conclusion.answer or "").startswith("Yes"), answer.conclusion.answer


@pytest.mark.parametrize(
    ("question", "attribute", "topic", "existence"),
    [
        ("Does the MSA contain a non-compete clause?", "non_compete", "non-compete clause", True),
        (
            "Is there a change of control provision in the MSA?",
            "change_of_control",
            "change of control provision",
            True,
        ),
        ("Does the Supply Agreement include MFN pricing?", "most_favored_nation", "MFN", True),
        # what the clause says, not whether it is there
        ("Is consent required to assign the MSA?", "assignment", "consent", False),
        ("Is the Distributor Agreement exclusive?", "exclusivity", "exclusive", False),
        (
            "Does the MSA have a non-compete longer than two years?",
            "non_compete",
            "non-compete",
            False,
        ),
        ("Does the MSA's non-compete include affiliates?", "non_compete", "non-compete", False),
        ("Does the MSA not contain a non-compete clause?", "non_compete", "non-compete", False),
        (
            "Is there a cap on liability of $1,000,000 in the MSA?",
            "liability_cap",
            "cap on liability",
            False,
        ),
    ],
)
def test_which_yes_no_questions_ask_whether_a_clause_is_there(
    question: str, attribute: str, topic: str, existence: bool
) -> None:
    from skill import QuestionKind, SubjectClass

    subject = SubjectClass(
        type="agreement",
        attribute=attribute,
        constraints={"yes_no": True, "topic": topic},
        kind=QuestionKind.AGREEMENT_ATTRIBUTE,
    )
    assert QuestionReader.asks_existence(question, subject) is existence
    # a party's right is not the clause's existence ("Does Acme have the right to ...")
    with_party = subject.model_copy(
        update={"constraints": {**subject.constraints, "party": "Acme"}}
    )
    assert not QuestionReader.asks_existence(question, with_party)


def test_absent_clause_topic(skill: EvidenceSkill) -> None:
    answer = skill.ask(
        KB,
        "Does the MSA between Acme Robotics, Inc. and Globex Corporation contain a "
        "non-compete clause?",
    )
    assert answer.terminal_state == "CONCLUDED"
    assert answer.subject_class.attribute == "non_compete"
    assert not answer.sufficient and answer.conclusion.values == []
    # candidates of the clause, if the document has any, are quoted under the threshold
    assert all(e.confidence <= 0.45 for e in answer.evidence)
    assert "not_stated" in answer.risk_signals


@pytest.mark.parametrize(
    "question",
    [
        # Initech is bound to the NDA, not to the MSA: no such agreement.
        "Does the MSA between Acme Robotics, Inc. and Initech LLC contain a non-compete clause?",
        # A name the knowledge base does not know.
        "Can Umbrella Corporation terminate the MSA for convenience?",
        # ... written in lower case: still a name, never dropped.
        "Does the MSA between Acme Robotics, Inc. and umbrella corp contain a non-compete clause?",
    ],
)
def test_the_gate_stays_strict(skill: EvidenceSkill, question: str) -> None:
    answer = skill.ask(KB, question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert answer.evidence == [] and not answer.sufficient


def test_a_topic_question_is_answered_from_cited_passages(skill: EvidenceSkill) -> None:
    answer = skill.ask(
        KB, "What does the MSA between Acme Robotics and Globex say about undisputed invoices?"
    )
    assert answer.terminal_state == "CONCLUDED"
    assert answer.evidence, answer.conclusion
    quotes = [e.quote for e in answer.evidence]
    # The passage that states the whole topic answers it, cited; partial ones are left out.
    assert quotes and all("undisputed invoice" in q for q in quotes)
    assert answer.sufficient
    for unit in answer.evidence:
        assert unit.source_location.document == "MSA_Acme_Globex.pdf"
        assert 0 < unit.confidence <= 1


@pytest.mark.parametrize(
    ("question", "parties", "document_type"),
    [
        # known names before the type words are its parties, not words of its title
        (
            "What is the current cap on liability in the SIGA Technologies / Northgate "
            "Logistics master services agreement?",
            ["SIGA Technologies", "Northgate Logistics"],
            "master_services_agreement",
        ),
        # a capitalised word before a type written in lower case is a name
        (
            "How much is SIGA's liability capped at under its Brightwater supply agreement?",
            ["SIGA", "Brightwater"],
            "supply_agreement",
        ),
    ],
)
def test_names_before_an_agreements_type_words_are_its_parties(
    question: str, parties: list[str], document_type: str
) -> None:

    subject = _KNOWN.read_open(question)
    assert subject.parties == parties
    assert subject.document_type == document_type


def test_a_legal_form_written_in_words_ends_the_known_name() -> None:
    index = QuestionReader(["Great Lakes Gas Transmission Limited Partnership", "Acme Widgets LLC"])
    question = (
        "Under which jurisdiction's laws is the contract between Great Lakes Gas Transmission "
        "Limited Partnership and Acme Widgets Limited Liability Company construed?"
    )
    assert [(m.text, m.known) for m in index.names(question)] == [
        ("Great Lakes Gas Transmission Limited Partnership", True),
        ("Acme Widgets Limited Liability Company", True),
    ]


def test_an_unknown_hyphenated_name_stays_whole() -> None:
    """A hyphen joins the words of a name the knowledge base does not hold, as it does for
    the names it holds: one absent subject, never two."""
    assert _names("Does Hewlett-Packard Company own Compaq?") == [
        ("Hewlett-Packard Company", False),
        ("Compaq", False),
    ]


_TITLED = QuestionReader(
    [
        "Orrin Vale Holdings, Inc.",
        "Pellucid Freight LLC",
        "Tamsin Mutual Life Insurance Company",
        "Quarry Lane Partners",
    ]
)


@pytest.mark.parametrize(
    ("question", "parties", "document_type", "amendment"),
    [
        # a title's words joined by "And", commas and lower-case "and" are the title's, not
        # a party's, however many there are
        (
            "Is consent required to assign the Freight Brokerage And Yard Management Services "
            "Agreement between Orrin Vale Holdings, Inc. and Pellucid Freight LLC?",
            ["Orrin Vale Holdings, Inc.", "Pellucid Freight LLC"],
            "brokerage_yard_management_services_agreement",  # a type keeps its last 4 words
            None,
        ),
        # an agreement word inside the title ("License") is not its end
        (
            "Is the Software License, Support and Hosting Agreement between Orrin Vale "
            "Holdings, Inc. and Pellucid Freight LLC exclusive?",
            ["Orrin Vale Holdings, Inc.", "Pellucid Freight LLC"],
            "software_license_support_hosting_agreement",
            None,
        ),
        # a second half of the title and a qualifier after it name no party
        (
            "Does the Supply Agreement And Right Of First Refusal between Orrin Vale Holdings, "
            "Inc. and Pellucid Freight LLC require insurance?",
            ["Orrin Vale Holdings, Inc.", "Pellucid Freight LLC"],
            "supply_agreement",
            None,
        ),
        (
            "Does the Storage Agreement (2019 Restatement) between Orrin Vale Holdings, Inc. "
            "and Pellucid Freight LLC require insurance?",
            ["Orrin Vale Holdings, Inc.", "Pellucid Freight LLC"],
            "storage_agreement",
            None,
        ),
        # an amendment asked by its title is the amendment, numbered with "#" or "No."
        (
            "Is liability capped under the Amendment #4 To The Freight Services Agreement "
            "between Orrin Vale Holdings, Inc. and Pellucid Freight LLC?",
            ["Orrin Vale Holdings, Inc.", "Pellucid Freight LLC"],
            "freight_services_agreement",
            "Amendment #4",
        ),
        # a word of a known name is not what the question asks ("Insurance" of a company)
        (
            "Who may audit the records under the agreement between Quarry Lane Partners and "
            "Tamsin Mutual Life Insurance Company?",
            ["Quarry Lane Partners", "Tamsin Mutual Life Insurance Company"],
            None,
            None,
        ),
    ],
)
def test_a_whole_title_is_the_agreement_and_names_only_its_parties(
    question: str, parties: list[str], document_type: str | None, amendment: str | None
) -> None:

    subject = _TITLED.read_open(question)
    assert subject.parties == parties
    assert subject.document_type == document_type
    assert subject.constraints.get("amendment") == amendment
    if "audit" in question:
        assert subject.attribute == "audit_rights"


def test_a_title_with_no_determiner_before_it_keeps_its_names() -> None:
    """Capitalised words before a title with no "the" may be a party's name: not a title."""

    question = "Does Brenwick Foods Supply Agreement with Pellucid Freight LLC renew?"
    subject = _TITLED.read_open(question)
    assert "Pellucid Freight LLC" in subject.parties


def test_a_determiner_before_a_known_name_is_no_party() -> None:
    index = QuestionReader(["ARC Group, Inc.", "Pellucid Freight LLC"])
    assert index.split("Pellucid Freight LLC and The ARC Group, Inc.") == [
        "Pellucid Freight LLC",
        "ARC Group, Inc.",
    ]


def test_a_lower_case_qualifier_after_a_name_is_no_part_of_it() -> None:
    index = QuestionReader(["Baidu Online Network Technology (Beijing) Co., Ltd.", "Beike Group"])
    # no known name to split at: "Baidu" is a short name
    assert index.split("Baidu for convenience") == ["Baidu"]
    assert index.split("Beike Group and Baidu without cause") == [
        "Beike Group",
        "Baidu",
    ]
    # capitalised words after "for" are a name's own; a name written in lower case is left
    assert index.split("Bank for International Settlements") == [
        "Bank for International Settlements"
    ]
    assert index.split("doctors without borders") == ["doctors without borders"]
    # only what a question says of a right is a qualifier
    assert index.split("Jack in the box") == ["Jack in the box"]


def test_a_type_word_inside_what_is_asked_is_not_the_agreement() -> None:
    # "license" is a type of agreement, and here it is what is asked about.
    question = "What license is granted under the Supply Agreement between Acme Widgets LLC and Globex Corp?"
    index = QuestionReader(["Acme Widgets LLC", "Globex Corp"])
    subject = index.read_open(question)
    assert subject.attribute == "license_grant"
    assert subject.document_type == "supply_agreement"
    assert subject.parties == ["Acme Widgets LLC", "Globex Corp"]


def test_a_clause_the_grammar_took_for_an_entity_is_the_clause(skill: EvidenceSkill) -> None:
    answer = skill.ask(
        KB,
        "Who owns the intellectual property created under the MSA between Acme Robotics, Inc. "
        "and Globex Corporation?",
    )
    assert answer.subject_class.type == "agreement"
    assert answer.subject_class.attribute == "ip_ownership"
    assert answer.terminal_state == "CONCLUDED"
    # An entity asked about by a plain "who owns" stays a relation question, and so does a
    # company whose name holds a clause's words and an agreement word.
    for question in (
        "Who owns Globex Corporation?",
        "Who is the CEO of Mortgage Guaranty Insurance Corporation?",
        "Who owns IP License Holdings Ltd?",
    ):
        subject = skill.ask(KB, question).subject_class
        assert subject.attribute is None and subject.type != "agreement", (question, subject)


@pytest.mark.parametrize(
    ("question", "parties", "document_type"),
    [
        # short names of known parties before an abbreviated type are its parties
        # "and" separates names only in a list after "between": outside one, a name such as
        # "Ernst and Young" is kept whole (and refused when unknown), never read as two
        (
            "Halcyon and Northgate MSA: governing law?",
            ["Halcyon and Northgate"],
            "master_services_agreement",
        ),
        (
            "What is the governing law of the MSA between Halcyon and Northgate?",
            ["Halcyon", "Northgate"],
            "master_services_agreement",
        ),
        (
            "What is the governing law of the Northgate MSA?",
            ["Northgate"],
            "master_services_agreement",
        ),
        # every capitalised word before an abbreviation is a name's: "Apollo Software" is
        # no short name of a known Apollo, and the gate refuses it
        ("Apollo Software MSA: governing law?", ["Apollo Software"], "master_services_agreement"),
        # the same word on both sides of "and" is one name, whatever name it opens
        (
            "Johnson and Johnson MSA: governing law?",
            ["Johnson and Johnson"],
            "master_services_agreement",
        ),
        # a Title-Case title is a title, though its first word opens a known name
        (
            "Exclusive Distribution Agreement: governing law?",
            None,
            "exclusive_distribution_agreement",
        ),
        # the opening words of a known title are its type, not a party
        (
            "What is the governing law of the Master Services Agreement?",
            None,
            "master_services_agreement",
        ),
    ],
)
def test_short_names_before_the_agreements_type_are_its_parties(
    question: str, parties: list[str] | None, document_type: str
) -> None:
    index = QuestionReader(
        [
            "Halcyon Robotics, Inc.",
            "Halcyon Robotic Systems Ltd.",
            "Northgate Logistics, LLC",
            "Master Services Agreement",
            "Apollo Global Management, Inc.",
            "Johnson Controls, Inc.",
            "Exclusive Resorts, LLC",
        ]
    )
    subject = index.read_open(question)
    assert subject.constraints.get("parties") == parties
    assert subject.document_type == document_type
    assert subject.attribute == "governing_law"


def test_words_inside_a_longer_title_are_no_short_names() -> None:
    index = QuestionReader(
        [
            "Zebra Technologies International, LLC",
            "ScanSource, Inc.",
            "Addendum To Reseller Agreement",
        ]
    )
    question = (
        "Is consent required to assign the Addendum To Zebra Partnerconnect Distributor "
        "Agreement between Zebra Technologies International, LLC and ScanSource, Inc.?"
    )
    subject = index.read_open(question)
    assert subject.constraints["parties"] == [
        "Zebra Technologies International, LLC",
        "ScanSource, Inc.",
    ]


# -- "the parties" as what is asked, or as a qualifier of what is asked ----------------------

_ASK_THE_PARTIES = [
    "{w} are the parties to",
    "What are the parties' names in",
    "What are the parties\u2019 identities under",
    "{v} the parties to",
    "{v} all parties to",
    "What are the names of the parties to",
    "Parties to",
    "{w} are the contracting parties of",
    "{w} are the counterparties in",
]
_PARTIES_QUALIFY = [
    "Is revenue shared {p} the parties under",
    "Is notice to be given {p} the parties under",
    "{a} the parties to the agreement share revenue",
    "{a} the parties terminate by mutual agreement under",
    "Is the agreement binding on the parties{q} successors",
    "Are disputes between both parties arbitrated under",
]


def _cased(text: str) -> list[str]:
    return [text, text.lower(), text.upper()]


@pytest.mark.parametrize(
    "text",
    dict.fromkeys(
        c
        for t in _ASK_THE_PARTIES
        for w in ("Who", "Which")
        for v in ("List", "Name", "Identify")
        for c in _cased(t.format(w=w, v=v))
    ),
)
def test_the_parties_asked_for_are_the_parties_attribute(text: str) -> None:
    intent = QuestionReader.intent(text)
    assert intent is not None and intent.attribute == "parties"


@pytest.mark.parametrize(
    "text",
    dict.fromkeys(
        c
        for t in _PARTIES_QUALIFY
        for p in ("between", "among", "to", "by", "with")
        for a in ("Do", "Can", "Must", "Shall", "Will")
        for q in ("'", "\u2019")
        for c in _cased(t.format(p=p, a=a, q=q))
    ),
)
def test_the_parties_qualifying_what_is_asked_is_not_the_parties_attribute(text: str) -> None:
    intent = QuestionReader.intent(text)
    assert intent is None or intent.attribute != "parties"


@pytest.mark.parametrize(
    "question",
    [
        "Is revenue shared between the parties to the MSA between Acme and Globex?",
        "is revenue shared between the parties to the msa between acme and globex?",
        "How are disputes between the parties to the MSA between Acme and Globex resolved?",
        "Must the parties to the MSA between Acme and Globex keep its terms confidential?",
    ],
)
def test_a_question_about_the_parties_is_neither_a_party_nor_the_parties(
    skill: EvidenceSkill, question: str
) -> None:
    """ "The parties to the MSA" names no party ("parties to the", "revenue shared between
    the" were read as names) and does not ask who they are."""
    answer = skill.ask(KB, question)
    assert answer.subject_class.attribute not in ("parties", "is_party")
    assert answer.subject_class.name is None
    assert [entity_key(p) for p in answer.subject_class.parties] == [
        entity_key("Acme"),
        entity_key("Globex"),
    ]
    assert all("part" not in v.value.lower() for v in answer.conclusion.values)


_SHORT = QuestionReader(["Northgate Logistics, Inc.", "Keystone Commerce Bank, N.A."])


@pytest.mark.parametrize(
    ("question", "name"),
    [
        (f"{opening} {verb} {name}?", name)
        for opening in ("Which law firm", "Which bank", "What company")
        for verb in ("represents", "audits", "supplies", "acquired")
        for name in ("Northgate", "Keystone")
    ],
)
def test_a_short_name_anywhere_is_the_subject_when_there_is_no_other(
    question: str, name: str
) -> None:
    """ "Which law firm represents Northgate?": Northgate (Northgate Logistics' first word, no
    alias of its own) is the subject though no party slot holds it; an unknown name there is
    still no subject."""
    assert _SHORT.read(question).name == name
    with pytest.raises(SubjectClassError):
        _SHORT.read(question.replace(name, "Zephyrine"))
