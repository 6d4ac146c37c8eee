"""The skill's caches (remembered query vectors, the gate's entity table per committed set,
the store's binding index) never change an answer: the same question gives the same bytes
whatever was asked before, from any thread, and a change to the committed set is seen."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import domain
from domain import entity_key
from retrieval import EdgeStore, Embedder
from skill import EvidenceSkill, QueryEmbedder, clear_caches

from .conftest import ACME, KB, KnowledgeBase

QUESTIONS = [
    "Who is the CEO of Acme?",
    "Who founded Acme Robotics, Inc.?",
    "Where is Acme Robotics incorporated?",
    "What is the governing law of the master services agreement between Acme Robotics, Inc. "
    "and Globex Corporation?",
    "Who is the CFO of Initech LLC?",
]


def _skill(
    store: EdgeStore,
    embedder: QueryEmbedder,
    base: KnowledgeBase,
    visible: list[str] | None = None,
) -> EvidenceSkill:
    return EvidenceSkill(
        store,
        embedder,
        committed_documents=(lambda kb: list(visible)) if visible is not None else base.committed,
        document_info=base.info,
    )


def _answers(skill: EvidenceSkill, questions: list[str]) -> dict[str, str]:
    return {q: skill.ask(KB, q).to_json() for q in questions}


def _clear_process_caches() -> None:
    """Empty every memo the skill keeps for the whole process (pure functions of text)."""
    domain.clear_caches()
    clear_caches()


def test_answers_do_not_depend_on_what_was_asked_before(
    store: EdgeStore, embedder: Embedder, knowledge_base: KnowledgeBase
) -> None:
    _clear_process_caches()  # the first round runs cold, the others warm
    forward = _answers(_skill(store, embedder, knowledge_base), QUESTIONS)
    warm = _skill(store, embedder, knowledge_base)
    backward = _answers(warm, list(reversed(QUESTIONS)))
    again = _answers(warm, QUESTIONS)
    assert forward == backward == again


def test_answers_from_threads_equal_answers_from_one_thread(
    store: EdgeStore, embedder: Embedder, knowledge_base: KnowledgeBase
) -> None:
    alone = _answers(_skill(store, embedder, knowledge_base), QUESTIONS)
    shared = _skill(store, embedder, knowledge_base)
    with ThreadPoolExecutor(max_workers=4) as pool:
        outputs = list(pool.map(lambda q: (q, shared.ask(KB, q).to_json()), QUESTIONS * 3))
    assert all(alone[q] == out for q, out in outputs)


def test_a_change_to_the_committed_set_is_seen(
    store: EdgeStore, embedder: Embedder, knowledge_base: KnowledgeBase
) -> None:
    visible = knowledge_base.committed(KB)
    skill = _skill(store, embedder, knowledge_base, visible)
    question = "Who is the CEO of Acme?"  # a short name: resolved through the cached table
    before = skill.ask(KB, question)
    assert before.terminal_state == "CONCLUDED"
    acme = entity_key(ACME)
    naming = {
        b.location.document_id
        for b in store.find_bindings(KB)
        if acme in (b.subject_key, b.parent_key)
    }
    visible[:] = [d for d in visible if d not in naming]
    assert skill.ask(KB, question).terminal_state == "SUBJECT_NOT_FOUND"
    visible[:] = knowledge_base.committed(KB)
    assert skill.ask(KB, question).to_json() == before.to_json()


class _CountingEmbedder:
    """The real embedder, counting the texts it embeds for queries."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self.texts: list[str] = []

    def embed_query(self, text: str) -> list[float]:
        self.texts.append(text)
        return self.embedder.embed_query(text)


def test_warm_up_embeds_the_cues_once_and_changes_no_answer(
    store: EdgeStore, embedder: Embedder, knowledge_base: KnowledgeBase
) -> None:
    cold_counting = _CountingEmbedder(embedder)
    cold = _answers(_skill(store, cold_counting, knowledge_base), QUESTIONS)
    counting = _CountingEmbedder(embedder)
    warm = _skill(store, counting, knowledge_base)
    warm.warm_up()
    cues = set(counting.texts)  # the attribute cues, each embedded once
    assert cues and len(cues) == len(counting.texts)
    assert cues & set(cold_counting.texts)  # without a warm-up, questions embed their cues
    warm.warm_up()  # kept: nothing embedded again
    assert len(counting.texts) == len(cues)
    assert _answers(warm, QUESTIONS) == cold
    # The questions' own texts were embedded; no cue was embedded a second time.
    assert not cues & set(counting.texts[len(cues) :])
