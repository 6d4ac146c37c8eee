"""Issue 33, item 5: a party named by a short name that several entities of the knowledge base
share ("MetLife and Deutsche" where Deutsche Bank Securities Inc. and Deutsche Bank Trust
Company are both known; "Armstrong" for Armstrong Flooring, Inc. beside Armstrong Wood
Products, Inc.) is read in the agreement the rest of the question pins down (its other party,
its type): the one agreement that binds one or more of those entities is the subject. With two
such agreements, or none, it stays refused.

A person named in part ("between Square Two and Kathy" for KATHY WHITWORTH; "Nigel" where Nigel
Ashby and Nigel Ashworth are both known) is read the same way, and only so: the party of that
name of the one agreement the rest of the question pins down; a person of that name who is no
party of it, or a question that pins no agreement down, stays refused. Initials several
companies share ("ACM": Apsley Capital Management and Arden Capital Management) are read so too.

Generated over made-up names and question forms; the gate reads a store of bindings.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain import SubjectType
from retrieval import EdgeStore, Embedder
from skill import CandidateGate, QuestionReader, SubjectClassError
from tests.skill.conftest import _chunk, _doc, agreement_bindings

KB = "shared"
PERSON, COMPANY = SubjectType.INDIVIDUAL, SubjectType.LEGAL_ENTITY

# (file, title, parties): short names shared within one agreement ("Deltaport"), across two
# agreements ("Corvane"), by two agreements of one pair ("Quillon"), and by two persons
_AGREEMENTS = [
    (
        "remarketing",
        "Remarketing Agreement",
        [
            ("Harborview Holdings, Inc.", COMPANY),
            ("Deltaport Bank Securities Inc.", COMPANY),
            ("Deltaport Bank Trust Company", COMPANY),
        ],
    ),
    (
        "ip",
        "Intellectual Property Agreement",
        [("Corvane Flooring, Inc.", COMPANY), ("Fenwick Licensing LLC", COMPANY)],
    ),
    (
        "supply",
        "Supply Agreement",
        [("Corvane Wood Products, Inc.", COMPANY), ("Marlowe Foods Corp.", COMPANY)],
    ),
    (
        "services1",
        "Services Agreement",
        [("Tarrant Mills LLC", COMPANY), ("Quillon Data Systems, Inc.", COMPANY)],
    ),
    (
        "services2",
        "Services Agreement",
        [("Tarrant Mills LLC", COMPANY), ("Quillon Data Partners LP", COMPANY)],
    ),
    (
        "endorsement",
        "Endorsement Agreement",
        [("Bicyclon Limited", COMPANY), ("Nigel Ashby", PERSON)],
    ),
    (
        "consulting",
        "Consulting Agreement",
        [("Ostrava Labs, Inc.", COMPANY), ("Nigel Ashworth", PERSON)],
    ),
    (
        "sponsorship",
        "Sponsorship Agreement",
        [("Kestrel Sports LLC", COMPANY), ("Marisol Quintero", PERSON)],
    ),
    # "ACM": initials two companies share, each another agreement's party
    (
        "advisory",
        "Advisory Agreement",
        [("Halverson Income Fund", COMPANY), ("Apsley Capital Management, L.P.", COMPANY)],
    ),
    (
        "custody",
        "Custody Agreement",
        [("Brookline Trust Company", COMPANY), ("Arden Capital Management, LLC", COMPANY)],
    ),
]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder) -> Iterator[EdgeStore]:
    bindings, chunks = [], []
    for file, title, parties in _AGREEMENTS:
        doc = _doc(f"{file}.pdf", "agreement", None, file)
        names = " and ".join(name for name, _ in parties)
        chunk = _chunk(doc, 1, 1, [f"This {title} is made between {names}."])
        chunks.append(chunk)
        bindings += agreement_bindings(chunk, title, f"agreement:{file}", parties)
    edge = EdgeStore(Path(tmp_path_factory.mktemp("shared")))
    edge.ensure_kb(KB)
    edge.upsert_chunks(KB, chunks, embedder.embed_documents([c.text for c in chunks]))
    edge.upsert_bindings(KB, bindings, embedder.embed_documents([b.subject_name for b in bindings]))
    yield edge
    edge.close()


_NAMES = sorted({name for _, _, parties in _AGREEMENTS for name, _ in parties})


def _chosen(store: EdgeStore, question: str) -> list[str]:
    """The documents of the agreements the gate keeps (empty: refused)."""
    documents = sorted({b.location.document_id for b in store.find_bindings(KB)})
    try:
        subject = QuestionReader(_NAMES).read(question)
    except SubjectClassError:
        return []
    result = CandidateGate(store).run(KB, subject, documents)
    return sorted({d for c in result.candidates for d in c.documents})


def _document(file: str) -> list[str]:
    return [_doc(f"{file}.pdf", "agreement", None, file).document_id]


# how people write a pair of parties and the type: {a} {b} short names, {t} the type
_FORMS = [
    "What is the governing law of the {t} between {a} and {b}?",
    "what is the governing law of the {t} between {a} and {b}?",
    "What is the term of the {t} between {b} & {a}?",
    "What is the governing law of {a}'s {t} with {b}?",
    "Does {b}'s {t} with {a} restrict assignment?",
    "Is the {a}-{b} {t} governed by the laws of Delaware?",
    "What law governs the contract between {a} and {b}?",
    "Summarize the termination rights of the {t} between {b} and {a}.",
]
# (the shared short name, the other party's short name, the type, the agreement)
_PRESENT = [
    ("Deltaport", "Harborview", "Remarketing Agreement", "remarketing"),
    ("Corvane", "Fenwick", "Intellectual Property Agreement", "ip"),
    ("Corvane", "Marlowe", "Supply Agreement", "supply"),
]


@pytest.mark.parametrize(("pair", "form"), list(itertools.product(_PRESENT, _FORMS))[::2])
def test_a_shared_short_name_is_the_party_of_the_agreement_pinned_down(
    store: EdgeStore, pair: tuple[str, str, str, str], form: str
) -> None:
    shared, other, title, file = pair
    for text in (form.format(a=shared, b=other, t=title), form.format(a=other, b=shared, t=title)):
        for question in (text, text.lower()) if "{t}" in form else (text,):
            assert _chosen(store, question) == _document(file), question


_ABSENT = [
    # the short name's entities are parties of no agreement with the other party, of that type
    "What is the governing law of the Supply Agreement between Corvane and Fenwick?",
    "What is the governing law of the Remarketing Agreement between Corvane and Marlowe?",
    "What is the governing law of the Intellectual Property Agreement between Deltaport and "
    "Fenwick?",
    "What law governs the contract between Deltaport and Marlowe?",
    "What is the governing law of Deltaport's agreement with Tarrant?",
    # a near miss of the shared name, an unknown name beside it
    "What is the governing law of the Remarketing Agreement between Deltaqort and Harborview?",
    "What is the governing law of the Supply Agreement between Corvane and Zorblax?",
    # two agreements of the pair bind one of the name's entities each: which one is not said
    "What is the governing law of the Services Agreement between Tarrant and Quillon?",
    "What law governs the contract between Tarrant Mills and Quillon Data?",
    # a person's first name where no agreement pinned down binds a person of that name
    "What is the governing law of the Consulting Agreement between Bicyclon and Nigel?",
    "What law governs the contract between Kestrel and Nigel?",
    "What is the governing law of the Endorsement Agreement between Bicyclon and Marisol?",
    "What is the governing law of Marisol's agreement with Fenwick?",
    "What is the governing law of the Sponsorship Agreement between Kestrel and Marisql?",
    "What is the governing law of the Sponsorship Agreement between Kestrel and Marisol Ashby?",
    # shared initials where no agreement pinned down binds a company they write, a near miss
    "What is the governing law of the Advisory Agreement between Brookline and ACM?",
    "What law governs the contract between Marlowe and ACM?",
    "What is the governing law of the Advisory Agreement between Halverson and ACN?",
    "Who are the parties to ACM's agreements?",
    # a first name with nothing that pins an agreement down
    "Who are the parties to Nigel's agreements?",
    "What is the governing law of Marisol's agreement?",
    # with nothing else named, the name stays ambiguous
    "Who are the parties to Corvane's agreements?",
]


@pytest.mark.parametrize("question", _ABSENT)
def test_a_shared_short_name_outside_one_pinned_agreement_is_refused(
    store: EdgeStore, question: str
) -> None:
    assert _chosen(store, question) == [], question


# (a person's first name, the other party's short name, the type, the agreement): one person of
# that name ("Marisol"), two ("Nigel": Nigel Ashby and Nigel Ashworth, each another's party)
_PERSONS_IN_PART = [
    ("Marisol", "Kestrel", "Sponsorship Agreement", "sponsorship"),
    ("Nigel", "Bicyclon", "Endorsement Agreement", "endorsement"),
    ("Nigel", "Ostrava", "Consulting Agreement", "consulting"),
]


@pytest.mark.parametrize(("pair", "form"), list(itertools.product(_PERSONS_IN_PART, _FORMS))[1::2])
def test_a_person_named_in_part_is_the_party_of_the_agreement_pinned_down(
    store: EdgeStore, pair: tuple[str, str, str, str], form: str
) -> None:
    person, other, title, file = pair
    for text in (form.format(a=person, b=other, t=title), form.format(a=other, b=person, t=title)):
        for question in (text, text.lower()) if "{t}" in form else (text,):
            assert _chosen(store, question) == _document(file), question


# initials two companies share, with the other party's short name and the type
_SHARED_INITIALS = [
    ("ACM", "Halverson", "Advisory Agreement", "advisory"),
    ("ACM", "Brookline", "Custody Agreement", "custody"),
]


@pytest.mark.parametrize(("pair", "form"), list(itertools.product(_SHARED_INITIALS, _FORMS))[::2])
def test_shared_initials_are_the_party_of_the_agreement_pinned_down(
    store: EdgeStore, pair: tuple[str, str, str, str], form: str
) -> None:
    initials, other, title, file = pair
    for question in (
        form.format(a=initials, b=other, t=title),
        form.format(a=other, b=initials, t=title),
    ):
        assert _chosen(store, question) == _document(file), question
