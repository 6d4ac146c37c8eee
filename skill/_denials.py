"""The yes/no gate's denials: sentences that explicitly deny a corporate link between two
named entities ("Y is not affiliated with X"), the statements a "no" is cited from."""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence

from domain import Binding, BindingType, SubjectType, sentence_location, sentence_spans
from retrieval import VectorStore
from skill._candidate import ResolvedEntity
from skill._search import SKILL_FUSION, QueryEmbedder

# Wording that denies a corporate link between two named entities; a subsidiary or a parent
# is an affiliate, so "not affiliated" denies both.
_UNRELATED = (
    r"\b(?:is|are|was|were)\s+not\s+(?:in\s+any\s+way\s+)?(?:affiliated|associated|related|connected)"
    r"\s+(?:in\s+any\s+way\s+)?(?:with|to)\b|\b(?:is|are)\s+(?:entirely\s+|wholly\s+)?"
    r"(?:unrelated|unaffiliated)\s+(?:with|to)\b|\bhas\s+no\s+(?:affiliation|relationship|connection)"
    r"\s+with\b|\bnot\s+to\s+be\s+confused\s+with\b"
)
_DENIALS: dict[str, re.Pattern[str]] = {
    "subsidiary": re.compile(
        _UNRELATED + r"|\b(?:is|are)\s+not\s+(?:a\s+|an\s+)?(?:\w+\s+)?(?:subsidiary|parent)"
        r"\s+(?:company\s+)?of\b|\bnot\s+(?:owned|controlled)\s+by\b",
        re.IGNORECASE,
    ),
}


def _name_patterns(name: str) -> list[re.Pattern[str]]:
    # The full name only: a short name ("Acme Robotics") may be shared by the other entity.
    forms = [name, name.rstrip(".")]
    return [
        re.compile(
            r"(?<!\w)" + r"\s+".join(re.escape(w) for w in f.split()) + r"(?!\w)", re.IGNORECASE
        )
        for f in dict.fromkeys(forms)
    ]


def _first(patterns: Sequence[re.Pattern[str]], text: str) -> tuple[int, int] | None:
    spans = [m.span() for p in patterns for m in [p.search(text)] if m]
    return min(spans) if spans else None


def stated_denials(
    store: VectorStore,
    embedder: QueryEmbedder | None,
    kb: str,
    role: str,
    entity: ResolvedEntity,
    owner: ResolvedEntity,
    documents: Sequence[str],
) -> list[Binding]:
    """Sentences that explicitly deny the link ("Y is not affiliated with X", "X is not a
    subsidiary of Y"), as statements the "no" is cited from. Silence is never a "no"."""
    denial = _DENIALS.get(role)
    if denial is None or not documents or embedder is None:
        return []
    query = f"{entity.name} {owner.name} not affiliated unrelated"
    hits = store.search_chunks(
        kb,
        query,
        embedder.embed_query(query),
        document_ids=sorted(documents),
        entity_keys=[entity.key],
        fusion=SKILL_FUSION,
        top_k=10,
    )
    names_y = _name_patterns(entity.name)
    names_x = _name_patterns(owner.name)
    found: dict[str, Binding] = {}
    for hit in sorted(hits, key=lambda h: h.chunk.chunk_id):
        text = hit.chunk.text
        for start, end in sentence_spans(text):
            sentence = text[start:end]
            y = _first(names_y, sentence)
            x = _first(names_x, sentence)
            if y is None or x is None:
                continue
            first, second = sorted([y, x])
            between = sentence[first[1] : second[0]]
            if not denial.search(between):
                continue
            location = sentence_location(hit.chunk, start, end)
            binding_id = str(
                uuid.uuid5(
                    uuid.NAMESPACE_URL,
                    f"denial:{location.document_id}:{role}:{entity.key}:{owner.key}:"
                    f"{location.char_start}",
                )
            )
            found.setdefault(
                binding_id,
                Binding(
                    binding_id=binding_id,
                    subject_name=entity.name,
                    subject_key=entity.key,
                    subject_type=SubjectType.LEGAL_ENTITY,
                    role=f"not_{role}",
                    parent_name=owner.name,
                    parent_key=owner.key,
                    binding_type=BindingType.EXPLICIT_STATEMENT,
                    quote=sentence,
                    location=location,
                    independence_group=hit.chunk.independence_group,
                ),
            )
    return [found[k] for k in sorted(found)]
