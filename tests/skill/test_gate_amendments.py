"""The gate's choice among an agreement's amendments when the question names one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from retrieval import EdgeStore, Embedder
from skill import CandidateGate, QuestionReader, parse_question
from tests.skill.conftest import ACME, GLOBEX, _chunk, _doc, agreement_bindings

KB = "amendments"
TITLES = {
    "msa": "Master Services Agreement",
    "first": "First Amendment to Master Services Agreement",
    "second": "Second Amendment to Master Services Agreement",
    "plain": "Amendment to Master Services Agreement",
    # numbered by a bare digit, and by an ordinal past "fifth" (vocabulary.yaml)
    "third": "Amendment 3 to Master Services Agreement",
    "sixth": "Sixth Amendment to Master Services Agreement",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder) -> Iterator[EdgeStore]:
    bindings, chunks = [], []
    for name, title in TITLES.items():
        doc = _doc(f"{name}.pdf", "amendment" if name != "msa" else "agreement", None, name)
        chunk = _chunk(doc, 1, 1, [f"This {title} is made between {ACME} and {GLOBEX}."])
        chunks.append(chunk)
        bindings += agreement_bindings(chunk, title, f"agreement:{name}")
    edge = EdgeStore(Path(tmp_path_factory.mktemp("amendments")))
    edge.ensure_kb(KB)
    edge.upsert_chunks(KB, chunks, embedder.embed_documents([c.text for c in chunks]))
    edge.upsert_bindings(KB, bindings, embedder.embed_documents([b.subject_name for b in bindings]))
    yield edge
    edge.close()


def _chosen(store: EdgeStore, question: str) -> list[str]:
    documents = sorted({b.location.document_id for b in store.find_bindings(KB)})
    result = CandidateGate(store).run(KB, parse_question(question), documents)
    return sorted(c.name for c in result.candidates)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "What is the term of the Second Amendment to the MSA between Acme Robotics and Globex?",
            [TITLES["second"]],
        ),
        (
            "What is the governing law of the first amendment to the master services agreement "
            "between Globex and Acme Robotics?",
            [TITLES["first"]],
        ),
        # No number asked: the unnumbered amendment is the one named so.
        (
            "What is the effective date of the amendment to the MSA between Acme Robotics and "
            "Globex?",
            [TITLES["plain"]],
        ),
    ],
)
def test_the_amendment_asked_for_is_chosen(
    store: EdgeStore, question: str, expected: list[str]
) -> None:
    assert _chosen(store, question) == expected


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("second amendment", "second"),
        ("amendment no. 2", "second"),
        ("amendment number two", "second"),
        ("amendment 2", "second"),
        ("2nd amendment", "second"),
        ("amendment #3", "third"),
        ("third amendment", "third"),
        ("amendment three", "third"),
        ("sixth amendment", "sixth"),
        ("amendment no. 6", "sixth"),
        # a number word glued to "no." or "#" (its number was not read: any amendment)
        ("amendment no.three", "third"),
        ("Amendment #two", "second"),
    ],
)
@pytest.mark.parametrize("kind", ["msa", "master services agreement"])
def test_the_amendment_named_before_the_type_is_chosen(
    store: EdgeStore, head: str, expected: str, kind: str
) -> None:
    # "the amendment no. 2 msa" asks what "the amendment no. 2 to the msa" asks, whatever
    # the number's spelling
    for question in (
        f"What is the term of the {head} {kind} between Acme Robotics and Globex?",
        f"What is the term of the {head} to the {kind} between globex and acme robotics?",
    ):
        assert _chosen(store, question) == [TITLES[expected]], question


def test_without_an_amendment_the_agreement_itself_is_the_subject(store: EdgeStore) -> None:
    assert _chosen(
        store, "What is the governing law of the MSA between Acme Robotics and Globex?"
    ) == [TITLES["msa"]]


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("Amendment No.2", "second"),
        ("amendment no.three", "third"),
        ("Amendment #3", "third"),
        ("2nd amendment", "second"),
        ("Sixth Amendment", "sixth"),
    ],
)
def test_the_amendment_is_chosen_whatever_the_question_s_form(
    store: EdgeStore, head: str, expected: str
) -> None:
    # the grammar reads none of these forms; the open reading keeps the amendment (it took
    # the agreement's phrase alone, and "No.2" or "2nd" for a party's name)
    reader = QuestionReader([ACME, GLOBEX])
    documents = sorted({b.location.document_id for b in store.find_bindings(KB)})
    for question in (
        f"Is the {head} to the MSA between Acme Robotics and Globex governed by Delaware law?",
        f"Summarize the governing law of the {head} to the MSA between Globex and Acme Robotics.",
        f"Does the {head} to the MSA between acme robotics and globex restrict assignment?",
        f"For the {head} to the MSA between Acme Robotics and Globex, what is the term?",
        f"Does Acme Robotics's {head} to the MSA with Globex have a non-compete?",
    ):
        result = CandidateGate(store).run(KB, reader.read(question), documents)
        assert sorted(c.name for c in result.candidates) == [TITLES[expected]], question
