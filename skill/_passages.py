"""Issue 16 in the answer: each candidate's passages under the changes its documents state.

The documents' sentences are read in order (once per document and question); a passage an
amendment states it replaces is history, and the text that replaces it is quoted in its
place (`skill._supersede.StatedSupersession.passages` decides which).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import SourceLocation
from retrieval import VectorStore
from skill._answer import EvidenceUnit, Supersession
from skill._candidate import GateResult
from skill._evidence import UNCONFIRMED_CLAUSE_CONFIDENCE, EvidenceCollector
from skill._sentences import DocumentInfo, Sentence, sentences_of
from skill._subject import QuestionKind, SubjectClass
from skill._supersede import (
    Passage,
    StatedSupersession,
    caption_above,
    change_sentences,
    stated_targets,
)
from skill._topic import same_word, topic_words
from skill._units import _dedupe


@dataclass(frozen=True, slots=True)
class _Spot:
    """A sentence as the clause tests read it (`skill._supersede.Passage`)."""

    source_location: SourceLocation
    quote: str


def _stated_unit(
    collector: EvidenceCollector, subject_id: str, claim_id: str, sentence: Sentence
) -> EvidenceUnit:
    """A sentence a document states, as a unit whose value is the sentence itself."""
    return collector.sentence_unit(
        sentence, subject_id, claim_id, " ".join(sentence.text.split()), 0.9
    )


def passages_in_force(
    store: VectorStore,
    kb: str,
    subject: SubjectClass,
    gate: GateResult,
    units: list[EvidenceUnit],
    committed: Sequence[str],
    info: Callable[[str], DocumentInfo | None],
    collector: EvidenceCollector,
    snapshot: dict[str, Any],
) -> tuple[list[EvidenceUnit], list[EvidenceUnit], list[Supersession]]:
    """Each candidate's passages under the changes its documents state
    (`StatedSupersession.passages`): (in force, replaced, supersessions).
    `snapshot`: the gate's cache for the committed set, where the relations bound over its
    documents are kept."""
    allowed = set(committed)
    read: dict[str, list[Sentence]] = {}

    def sentences(document_id: str) -> list[Sentence]:
        if document_id not in read:
            by_start: dict[int, Sentence] = {}
            for chunk in store.chunks_of(kb, document_id):
                for s in sentences_of(chunk):
                    by_start.setdefault(s.location.char_start, s)
            read[document_id] = [by_start[k] for k in sorted(by_start)]
        return read[document_id]

    def caption_of(unit: Passage) -> str:
        loc = unit.source_location
        return caption_above(sentences(loc.document_id), loc)

    # a topic asked about by a changed clause's caption ("What administration and risk
    # management services ...?" and "Exhibit A: Administration and Risk Management")
    stems = topic_words(str(subject.constraints.get("topic") or ""))

    def asked(caption: str) -> bool:
        words = topic_words(caption)
        return (
            bool(words)
            and len(words) >= 2
            and all(any(same_word(t, w) for t in stems) for w in words)
        )

    # every relation bound over the knowledge base's documents (once per committed set)
    stated = snapshot.get("stated_targets")
    if stated is None:
        infos = {d: found for d in committed if (found := info(d)) is not None}
        stated = snapshot["stated_targets"] = stated_targets(infos)

    superseder = StatedSupersession(info)
    kept: list[EvidenceUnit] = []
    gone: list[EvidenceUnit] = []
    records: list[Supersession] = []
    done: set[str] = set()
    for c in gate.candidates:
        mine = [u for u in units if u.subject_id == c.subject_id]
        done.add(c.subject_id)
        if not mine:
            continue
        unit_of = functools.partial(_stated_unit, collector, c.subject_id, mine[0].claim_id)

        def change_text(
            document_id: str,
            relation: Mapping[str, Any],
            change: Mapping[str, Any],
            unit_of: Callable[[Sentence], EvidenceUnit] = unit_of,
        ) -> list[EvidenceUnit]:
            return [unit_of(s) for s in change_sentences(sentences(document_id), relation, change)]

        def document_text(
            document_id: str,
            keep: Callable[[Passage], bool],
            limit: int,
            unit_of: Callable[[Sentence], EvidenceUnit] = unit_of,
        ) -> list[EvidenceUnit]:
            kept_here = (s for s in sentences(document_id) if keep(_Spot(s.location, s.text)))
            return [unit_of(s) for s in itertools.islice(kept_here, limit)]

        k, g, r = superseder.passages(
            mine,
            [d for d in c.documents if d in allowed],
            change_text,
            document_text,
            caption_of,
            asked,
            stated,
            additions=subject.kind is not QuestionKind.OBLIGATIONS,
        )
        if all(u.evidence_id in collector.candidate_evidence for u in mine):
            # The clause the change replaces is a candidate (the classifier did not
            # confirm it): the text that replaces it is one too, quoted, never judged.
            ids = {u.evidence_id for u in mine}
            k = [
                u
                if u.evidence_id in ids
                else u.model_copy(
                    update={"confidence": min(u.confidence, UNCONFIRMED_CLAUSE_CONFIDENCE)}
                )
                for u in k
            ]
            collector.candidate_evidence.update(u.evidence_id for u in k)
        kept.extend(k)
        gone.extend(g)
        records.extend(r)
    kept.extend(u for u in units if u.subject_id not in done)
    return _dedupe(kept), _dedupe(gone), records
