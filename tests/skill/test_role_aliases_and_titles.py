"""Issue 33, items 1 and 5: two classes of question variants bench/question_variants found
refused on its development half, each over generated names and question forms:

- a party named by the role its agreement defines it by ("the Transporter's agreement with
  Northgate Gas"): read in the agreements the rest of the question names (another party, the
  title) and resolved only where exactly one of them binds one party under that term; a role
  two of them define, or none, or one asked with nothing else named, is refused;
- an agreement's title longer than four words or joined by a lower-case "and" or a comma
  ("Brightwater's Licensing And Web Site Hosting Agreement with Keel Street"): linked against
  the titles the knowledge base holds, so its words are the title's, not a party's.

Asked through the skill over a knowledge base of real PDFs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domain import EvidenceRagError
from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow

# (file, title, first party, its defined term, second party, its defined term, governing law)
_AGREEMENTS = [
    (
        "ridgeway.pdf",
        "TRANSPORTATION SERVICE AGREEMENT",
        "Ridgeway Pipeline Company",
        "Transporter",
        "Northgate Gas Company",
        "Shipper",
        "Arkansas",
    ),
    (
        "halcyon.pdf",
        "TRANSPORTATION SERVICE AGREEMENT",
        "Halcyon Transmission LLC",
        "Transporter",
        "Quayside Energy Corp.",
        "Shipper",
        "Michigan",
    ),
    (
        "hosting.pdf",
        "LICENSING AND WEB SITE HOSTING AGREEMENT",
        "Brightwater Mortgage Corp.",
        "Client",
        "Keel Street Hosting, Inc.",
        "Keel Street",
        "Oregon",
    ),
    (
        "software.pdf",
        "Software License, Customization and Maintenance Agreement",
        "Tidewater Analytics, Inc.",
        "Supplier",
        "Bellcrest Bank, N.A.",
        "Bellcrest",
        "Georgia",
    ),
]


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [
        (
            file,
            clauses_pdf(
                title,
                [
                    f"This {title.title()} is entered into as of March 1, 2019 by and between "
                    f'{a}, a Delaware corporation ("{term_a}"), and {b}, a Delaware '
                    f'corporation ("{term_b}").',
                    "1. Term. The term of this Agreement is three (3) years.",
                    f"2. Law. This Agreement shall be governed by the laws of the State of {law}.",
                ],
            ),
        )
        for file, title, a, term_a, b, term_b, law in _AGREEMENTS
    ]
    yield from ingested_runtime(tmp_path_factory, "roles", files)


def _documents(runtime: Any, question: str) -> set[str]:
    """The documents the answer's candidate agreements stand in (empty: refused)."""
    try:
        answer = runtime.skill.ask("kb", question)
    except EvidenceRagError:
        return set()
    if answer.terminal_state == "SUBJECT_NOT_FOUND":
        return set()
    return {c.source_location.document for c in answer.candidate_subjects}


# a party by its defined term, the other party by name, in either order, as people write them
_ROLE_FORMS = [
    "What is the governing law of the Transportation Service Agreement between {x} and {y}?",
    "What law governs the transportation service agreement between {x} & {y}?",
    "what is the governing law of the transportation service agreement between {x} and {y}?",
    "Summarize the term of the Transportation Service Agreement between {x} and {y}.",
]


def _bare(name: str) -> str:
    """The name without its legal form ("Keel Street Hosting, Inc." -> "Keel Street Hosting")."""
    return name.split(",")[0].replace(" Company", "").replace(" LLC", "").replace(" Corp.", "")


@pytest.mark.parametrize("form", _ROLE_FORMS)
def test_a_role_is_the_party_its_agreement_binds_under_it(runtime: Any, form: str) -> None:
    for file, _, a, term_a, b, term_b, _ in _AGREEMENTS[:2]:
        for term, other in ((f"the {term_a}", b), (f"the {term_b}", a)):
            # the other party whole, then without its legal form; the role first, then second
            for x, y in ((term, other), (_bare(other), term)):
                question = form.format(x=x, y=y)
                if form[:1].islower():
                    question = question.lower()
                assert _documents(runtime, question) == {file}, question


# the role's possessive ("Does the Company's agreement with Cargill ...?")
_POSSESSIVE_FORMS = [
    "What is the governing law of {role}'s agreement with {other}?",
    "Does {role}'s Transportation Service Agreement with {other} restrict assignment?",
    "what is the governing law of {role}'s contract with {other}?",
]


@pytest.mark.parametrize("form", _POSSESSIVE_FORMS)
def test_a_roles_possessive_is_the_party_its_agreement_binds_under_it(
    runtime: Any, form: str
) -> None:
    for file, _, a, term_a, b, term_b, _ in _AGREEMENTS[:2]:
        for role, other in ((f"the {term_a}", _bare(b)), (f"the {term_b}", _bare(a))):
            question = form.format(role=role, other=other)
            if form[:1].islower():
                question = question.lower()
            assert _documents(runtime, question) == {file}, question


@pytest.mark.parametrize(
    "question",
    [
        "What is the governing law of the agreement between the Transporter and the Shipper?",
        "Does the Transporter's agreement with the Shipper restrict assignment?",
        "what law governs the contract between the shipper and the transporter?",
    ],
)
def test_roles_asked_of_one_document_are_its_parties(runtime: Any, question: str) -> None:
    for file in ("ridgeway.pdf", "halcyon.pdf"):
        answer = runtime.skill.ask("kb", question, documents=[file])
        assert [c.source_location.document for c in answer.candidate_subjects] == [file]
    # asked of both, each with its own Transporter: neither
    both = runtime.skill.ask("kb", question, documents=["ridgeway.pdf", "halcyon.pdf"])
    assert both.terminal_state == "SUBJECT_NOT_FOUND", question


@pytest.mark.parametrize(
    "question",
    [
        # the type pins down two agreements, each with its own Transporter
        "What is the governing law of the Transportation Service Agreement between the "
        "Transporter and the Shipper?",
        # a role no agreement of the other party's defines
        "What is the governing law of the Transportation Service Agreement between the Client "
        "and Northgate Gas Company?",
        "What is the governing law of the agreement between the Supplier and Quayside Energy?",
        # a party the knowledge base does not know beside the role
        "What is the governing law of the Transportation Service Agreement between the "
        "Transporter and Zorblax Energy?",
        # a near miss of the other party's name
        "What is the governing law of the Transportation Service Agreement between the "
        "Transporter and Northgute Gas Company?",
        # nothing else named
        "What is the governing law of the Transporter's agreement?",
    ],
)
def test_a_role_nothing_else_pins_to_one_party_is_refused(runtime: Any, question: str) -> None:
    assert _documents(runtime, question) == set(), question


# the role of the very party the question names beside it: "between Ridgeway Pipeline Company
# and the Transporter" (Ridgeway is the Transporter) names no second party, so the role may
# not bind Ridgeway again; the other party is no Transporter either: refused, never the named
# one twice
_SAME_PARTY_FORMS = [
    "What is the governing law of the Transportation Service Agreement between {x} and {y}?",
    "what law governs the transportation service agreement between {x} & {y}?",
    "Does {x}'s agreement with {y} restrict assignment?",
]


@pytest.mark.parametrize("form", _SAME_PARTY_FORMS)
def test_a_role_never_binds_the_party_the_question_already_names(runtime: Any, form: str) -> None:
    for _, _, a, term_a, b, term_b, _ in _AGREEMENTS[:2]:
        for named, term in ((a, term_a), (b, term_b), (_bare(a), term_a), (_bare(b), term_b)):
            for x, y in ((named, f"the {term}"), (f"the {term}", named)):
                question = form.format(x=x, y=y)
                if form[:1].islower():
                    question = question.lower()
                assert _documents(runtime, question) == set(), question


_TITLE_FORMS = [
    "Does {a}'s {title} with {b} have a non-compete?",
    "Does the {title} between {a} and {b} restrict assignment?",
    "What is the governing law of the {title} between the {role} and {b}?",
]


@pytest.mark.parametrize("form", _TITLE_FORMS)
def test_a_long_title_the_knowledge_base_holds_is_the_titles_words(runtime: Any, form: str) -> None:
    for file, title, a, term_a, b, _, _ in _AGREEMENTS[2:]:
        written = title.title().replace(" And ", " and ") if "," in title else title.title()
        # names without their legal form, then short ones in the other order (the role form:
        # the first party by its role)
        for pa, pb in ((_bare(a), _bare(b)), (b.split()[0], a.split()[0])):
            if "{role}" in form and pa != _bare(a):
                continue
            question = form.format(a=pa, b=pb, title=written, role=term_a)
            assert _documents(runtime, question) == {file}, question


def test_an_unknown_long_title_is_read_as_today(runtime: Any) -> None:
    question = (
        "Does Brightwater's Licensing And Mobile App Hosting Agreement with Keel Street have a "
        "non-compete?"
    )
    assert _documents(runtime, question) == set(), question


# By absence: Ridgeway's other agreement binds its other party under no defined term (none
# extracted), so nothing shows that party is no Shipper; a role asked of both is refused, and
# resolved again once the title pins the one agreement whose terms are read. (Halcyon's
# agreement defines a second Shipper, so that the term is no alias of one party.)
@pytest.fixture(scope="module")
def unread_runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    def preamble(title: str, a: str, term_a: str, b: str, term_b: str) -> str:
        return (
            f"This {title.title()} is entered into as of March 1, 2019 by and between {a}, a "
            f'Delaware corporation ("{term_a}"), and {b}, a Delaware corporation ("{term_b}").'
        )

    files = [
        (file, clauses_pdf(title, [preamble(title, a, term_a, b, term_b), "1. Law. Arkansas."]))
        for file, title, a, term_a, b, term_b, _ in _AGREEMENTS[:2]
    ] + [
        (
            "storage.pdf",
            clauses_pdf(
                "GAS STORAGE AGREEMENT",
                [
                    "This Gas Storage Agreement is entered into as of June 1, 2020 by and between "
                    f"{_AGREEMENTS[0][2]}, a Delaware corporation, and Ashford Storage LLC, a "
                    "Texas limited liability company.",
                    "1. Law. This Agreement shall be governed by the laws of the State of Texas.",
                ],
            ),
        ),
    ]
    yield from ingested_runtime(tmp_path_factory, "roles-unread", files)


@pytest.mark.parametrize(
    "question",
    [
        "Does the Shipper's agreement with Ridgeway Pipeline Company restrict assignment?",
        "what is the governing law of the agreement between ridgeway and the shipper?",
    ],
)
def test_a_role_another_agreement_may_bind_by_absence_is_refused(
    unread_runtime: Any, question: str
) -> None:
    assert _documents(unread_runtime, question) == set(), question
    pinned = question.replace("agreement", "Transportation Service Agreement", 1)
    assert _documents(unread_runtime, pinned) == {"ridgeway.pdf"}, pinned


# One term, one party, several agreements: two distribution agreements of one pair both define
# Larkspur Micro as "Distributor" (the CUAD set's two amendments of Ingram Micro's agreement with
# NETGEAR); the term names Larkspur whichever of them is asked, so the question keeps the subject
# it has with Larkspur's name. Corliss Audio's two distribution agreements each define another
# party as "Distributor": the term names neither.
_ONE_TERM = [
    ("larkspur.pdf", "DISTRIBUTION AGREEMENT", "Larkspur Micro, Inc.", "Wendell Networks, Inc."),
    ("larkspur-eu.pdf", "DISTRIBUTION AGREEMENT", "Larkspur Micro, Inc.", "Wendell Networks, Inc."),
    ("ospry.pdf", "DISTRIBUTION AGREEMENT", "Ospry Trading LLC", "Corliss Audio, Inc."),
    ("fairhaven.pdf", "DISTRIBUTION AGREEMENT", "Fairhaven Supply Corp.", "Corliss Audio, Inc."),
]


@pytest.fixture(scope="module")
def term_runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [
        (
            file,
            clauses_pdf(
                title,
                [
                    f"This {title.title()} is entered into as of March {day}, 2019 by and "
                    f'between {a}, a Delaware corporation ("Distributor"), and {b}, a Delaware '
                    'corporation ("Supplier").',
                    "1. Law. This Agreement shall be governed by the laws of the State of Texas.",
                ],
            ),
        )
        for day, (file, title, a, b) in enumerate(_ONE_TERM, start=1)
    ]
    yield from ingested_runtime(tmp_path_factory, "roles-one-term", files)


_ONE_TERM_FORMS = [
    "What is the governing law of the {t} between {x} and {y}?",
    "what law governs the {t} between {y} & {x}?",
    "Does {x}'s {t} with {y} restrict assignment?",
]


@pytest.mark.parametrize("form", _ONE_TERM_FORMS)
@pytest.mark.parametrize("title", ["Distribution Agreement", "agreement"])
def test_a_term_one_party_holds_in_several_agreements_is_that_party(
    term_runtime: Any, form: str, title: str
) -> None:
    for other in ("Wendell Networks", "Wendell"):
        named = form.format(t=title, x="Larkspur Micro", y=other)
        expected = _documents(term_runtime, named)
        assert len(expected) == 2, named
        question = form.format(t=title, x="the Distributor", y=other)
        assert _documents(term_runtime, question) == expected, question


@pytest.mark.parametrize(
    "question",
    [
        "What is the governing law of the Distribution Agreement between the Distributor and "
        "Corliss Audio?",
        "what law governs the distribution agreement between corliss & the distributor?",
        "What is the governing law of the Distributor's agreement?",
    ],
)
def test_a_term_two_parties_hold_is_refused(term_runtime: Any, question: str) -> None:
    assert _documents(term_runtime, question) == set(), question
