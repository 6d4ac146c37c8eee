"""NDA claims that silence leaves "not stated" (issue
34, the ContractNLI bench's development half: "not mentioned" answered yes or no).

A sentence on a neighbouring topic decides nothing: a copy retained, returned or destroyed
is no claim of making copies; "oral" said of a notice or of the prior agreements an
entire-agreement clause supersedes is no claim of orally disclosed information; the
agreement's own term is no survival of its obligations; a person "identified to receive" the
information is no marking; an exception that names persons is no purpose. "May the recipient
keep all of it when the NDA ends?" asks the duty to return it, not the right to keep a copy.
Each on generated variants (actors, modals, lower case, synonyms), and end to end on real
PDFs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from domain import lexicon
from tests.pdfs import clauses_pdf
from tests.skill.claim_reading import holds as _holds

_ENTRIES = {p.name: p for p in lexicon().propositions}


ACTORS = ["The Receiving Party", "Recipient", "each party", "the Company"]


# --- a copy retained, returned or destroyed is no claim of making copies ----------------------


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "sentence",
    [
        "{a} may retain one copy of the Confidential Information in its legal files.",
        "{a} may retain one (1) archival copy of the Proprietary Information for its records.",
        "{a} will not retain any copies, extracts or other reproductions of such material.",
        "{a} shall return or destroy all copies of the Confidential Information upon request.",
        "{a} shall ensure that all copies of the Information stored electronically are deleted.",
        "{a} agrees to abide by the Code of Conduct, a copy of which can be found online.",
        "copyright law forbids the reproduction of this form by {a} by any means whatsoever.",
    ],
)
def test_a_copy_acted_on_otherwise_is_no_claim_of_copying(actor: str, sentence: str) -> None:
    assert _holds("copying_information", sentence.format(a=actor)) is None


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    ("sentence", "holds"),
    [
        ("{a} shall not copy or reproduce the Confidential Information.", False),
        ("{a} may only make such copies as are strictly necessary for the Purpose.", True),
        ("the Confidential Information may not be photocopied or reproduced by {a}.", False),
        ("{a} shall not make any copies of the Information except as necessary.", True),
        ("{a} agrees not to duplicate any Confidential Information in any form.", False),
    ],
)
def test_making_copies_is_still_read(actor: str, sentence: str, holds: bool) -> None:
    assert _holds("copying_information", sentence.format(a=actor)) is holds


# --- "oral" said of something else than the information ---------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "{a} may terminate this agreement at any time, for any reason, with either written or "
        "verbal notice.",
        "This Agreement supersedes all prior agreements, promises, communications, "
        "representations or warranties, whether oral or written, with respect to its subject.",
        "this document supersedes all prior agreements and representations of {a}, oral or "
        "written, and may only be amended in writing.",
        "{a} shall promptly return all materials together with any notes of verbal "
        "conversations with the other party's staff.",
        "{a} shall give the Discloser immediate written and verbal notice of any unauthorized "
        "use or disclosure of the Confidential Information.",
    ],
)
@pytest.mark.parametrize("actor", ACTORS)
def test_oral_said_of_a_notice_or_a_prior_agreement_is_silent(actor: str, sentence: str) -> None:
    assert _holds("oral_information", sentence.format(a=actor)) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "Confidential Information can be in any form (e.g. electronic, digital or oral).",
        "any information (whether written or oral) that {a} furnishes is confidential.",
        "The term Evaluation Material includes information furnished to {a} orally or in writing.",
        "Confidential Information means all information, whether communicated in oral, written "
        "or electronic form, disclosed to {a}.",
        "This information may include, but is not limited to, customer records, and may exist "
        "in any form, including electronic, spoken or written, when given to {a}.",
    ],
)
@pytest.mark.parametrize("actor", ACTORS)
def test_orally_disclosed_information_is_still_read(actor: str, sentence: str) -> None:
    assert _holds("oral_information", sentence.format(a=actor)) is True


# --- the agreement's own term is no survival -------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement shall remain in full force and effect for a period of two (2) years.",
        "this agreement shall remain in effect until the earliest of the closing or one year.",
        "The Agreement will continue in full force and effect for 3 years from the date hereof.",
    ],
)
def test_the_agreements_term_is_no_survival(sentence: str) -> None:
    assert _holds("survival", sentence) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "The obligation of confidentiality shall remain in force for ten years after the last "
        "disclosure.",
        "the Recipient's obligations under this Agreement shall otherwise continue in force "
        "without limit of time.",
        "You and your representatives will continue to be bound by your obligations.",
    ],
)
def test_obligations_that_remain_in_force_survive(sentence: str) -> None:
    assert _holds("survival", sentence) is True


# --- persons identified, exceptions naming persons -------------------------------------------


@pytest.mark.parametrize("verb", ["identified", "designated"])
@pytest.mark.parametrize("act", ["receive", "access", "use"])
def test_a_person_identified_to_receive_is_no_marking(verb: str, act: str) -> None:
    sentence = (
        f"Any person who is {verb} to {act} the confidential information must be approved by "
        "the Discloser."
    )
    assert _holds("marked_as_confidential", sentence) is None


@pytest.mark.parametrize("who", ["users", "all persons", "the Recipient's staff"])
def test_persons_identified_before_access_are_no_marking(who: str) -> None:
    sentence = (
        f"The Recipient shall require that {who} be uniquely identified and authenticated "
        "before accessing Confidential Information."
    )
    assert _holds("marked_as_confidential", sentence) is None


@pytest.mark.parametrize(
    "sentence",
    [
        'Confidential Information shall be clearly marked "Confidential" by the Discloser.',
        "information identified in writing as confidential at the time of disclosure",
        "only information designated by the Discloser as proprietary is protected hereunder",
        "any information that bears a legend or is labelled with the word confidential",
    ],
)
def test_information_marked_as_confidential_is_still_read(sentence: str) -> None:
    assert _holds("marked_as_confidential", sentence) is not None


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "persons", ["to its employees", "to its employees and consultants", "with its advisors"]
)
def test_an_exception_naming_persons_is_no_purpose(actor: str, persons: str) -> None:
    sentence = (
        f"{actor} will not reproduce, use, disseminate, or disclose CI to any person or entity, "
        f"except {persons} who need to know it."
    )
    assert _holds("use_limited_to_purpose", sentence) is None
    purpose = f"{actor} shall not use the Information for any purpose other than to evaluate it."
    assert _holds("use_limited_to_purpose", purpose) is True


# --- end to end: real PDFs -------------------------------------------------------------------

RETURNS = (
    "This Mutual Non-Disclosure Agreement is entered into by Brightwater Analytics, Inc. "
    '(the "Discloser") and Orrin Tools GmbH (the "Recipient").',
    "The Recipient may retain one copy of the Confidential Information for its legal files.",
    "Upon termination of this Agreement, the Recipient shall return or destroy all "
    "Confidential Information of the Discloser.",
)
NEIGHBOURS = (
    "This Mutual Non-Disclosure Agreement is entered into by Brightwater Analytics, Inc. "
    '(the "Discloser") and Petrel Freight Ltd. (the "Recipient").',
    "The Recipient may retain one copy of the Confidential Information in the office of its "
    "legal counsel for record purposes only.",
    "Either party may terminate this Agreement at any time, for any reason, with either "
    "written or verbal notice.",
    "This Agreement shall remain in full force and effect for a period of two (2) years.",
    "This Agreement supersedes all prior agreements, promises, communications, representations "
    "or warranties, whether oral or written, with respect to its subject matter.",
    "This Agreement shall be governed by the laws of the State of Delaware.",
)


@pytest.fixture(scope="module")
def ndas(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, dict[str, str]]]:
    from app import Runtime, Settings

    data_dir = tmp_path_factory.mktemp("nda-silence") / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        rt.create_kb("ndas")
        report = rt.ingestor.run(
            "ndas",
            [
                ("NDA_Orrin.pdf", clauses_pdf("MUTUAL NON-DISCLOSURE AGREEMENT", RETURNS)),
                ("NDA_Petrel.pdf", clauses_pdf("MUTUAL NON-DISCLOSURE AGREEMENT", NEIGHBOURS)),
            ],
        )
        assert not report.failed
        yield rt, {d.name: d.document_id for d in rt.catalog.list_documents("ndas")}


def _answer(ndas: tuple[Any, dict[str, str]], name: str, question: str) -> dict[str, Any]:
    rt, ids = ndas
    return json.loads(rt.skill.ask("ndas", question, documents=[ids[name]]).to_json())  # type: ignore[no-any-return]


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Can the receiving party hold on to all of the confidential information after the NDA "
        "expires?",
        "can the recipient retain all the materials when the agreement expires?",
        "Is Orrin allowed to hold all of the information after the NDA terminates?",
    ],
)
def test_keeping_all_of_it_asks_the_duty_to_return_it(
    ndas: tuple[Any, dict[str, str]], question: str
) -> None:
    # "may retain one copy" is no answer to it: the duty to return it all is
    a = _answer(ndas, "NDA_Orrin.pdf", question)
    answer = a["conclusion"]["answer"]
    assert answer.startswith("No —"), answer
    deciding = set(a["conclusion"]["values"][0]["evidence_ids"])
    quotes = [" ".join(e["quote"].split()) for e in a["evidence"] if e["evidence_id"] in deciding]
    assert any("shall return or destroy" in q for q in quotes), quotes


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Is the receiving party permitted to copy the confidential information?",
        "is the recipient prohibited from copying or reproducing the confidential information?",
        "Under the NDA, does information given orally count as confidential information?",
        "Is information shared verbally protected as confidential information under the NDA?",
        "Does any duty under the NDA survive once it is terminated?",
        "can the recipient hold on to all of the confidential information once the NDA expires?",
    ],
)
def test_a_neighbouring_topic_is_not_stated(
    ndas: tuple[Any, dict[str, str]], question: str
) -> None:
    a = _answer(ndas, "NDA_Petrel.pdf", question)
    assert a["conclusion"]["answer"].startswith("Not stated in"), a["conclusion"]["answer"]
    assert a["conclusion"]["values"] == []


# --- technical information mentioned outside what the agreement protects ----------------------


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "sentence",
    [
        "Any software and other technical information disclosed to {a} may be subject to export "
        "controls.",
        "{a} shall comply with all laws on the export of technical data.",
        "technical information received by {a} shall be stored in a secure place.",
    ],
)
def test_technical_information_mentioned_elsewhere_is_silent(actor: str, sentence: str) -> None:
    assert _holds("technical_information_only", sentence.format(a=actor)) is None


@pytest.mark.parametrize(
    "sentence",
    [
        '"Confidential Information" means only the technical information disclosed hereunder.',
        "Confidential Information is limited to technical data such as source code.",
        "the confidential information includes technical information such as drawings.",
    ],
)
def test_technical_information_the_agreement_protects_is_read(sentence: str) -> None:
    assert _holds("technical_information_only", sentence) is True
