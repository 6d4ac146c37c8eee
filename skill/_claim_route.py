"""A question no reader takes, routed to the claim nearest in meaning (issue 34).

The claim readers take a yes/no question by its words (propositions.yaml `asks`, the question
shapes of `question_claims`); people ask in others: "damages ceiling between Acme and Beta",
"Can Acme hand its contract with Beta over to another company?", "Is there a preset amount
Beta must pay if it pulls out early?". Such a question, about an agreement, neither a value
question ("what", "when", ...) nor one an attribute of the lexicon reads, is embedded (its
names left out, by the packaged MiniLM model the knowledge base's queries use) and compared
with each class: a proposition's label, topic and `asks` examples (from the lexicon, embedded
once per process), the clause categories of CUAD and the NDA claims of ContractNLI
(skill/route_model/: each category's description or hypothesis and the mean of its annotated
clauses or evidence spans, and the questions of the bench's phrasing sets read in development,
built by `python -m bench.train_routes`). A category that a
proposition lists as its `clause_categories` is that proposition's; any other ("Source Code
Escrow", "Revenue/Profit Sharing", "Governing Law") is a class that routes nowhere: a question
nearest to it stays a topic search. So is a proposition no category describes (the loan
covenants: a few examples each are too little to route by). A question that a reader took
in its own words ("Can Halcyon prepay the loan?") or as a clause attribute is routed only
where that reader found nothing (`EvidenceSkill.ask` asks it again as the routed claim, whose
answer stands where it finds what speaks of it); a topic search is routed as it is read. The
nearest class routes the
question when its similarity reaches propositions.yaml question_routing `similarity` and
beats the next class's by `margin`; `routed_claim` (skill/_claims.py) then reads the claim's
actor and polarity, or leaves a question that says a negation to the readers.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from domain import known_words, lexicon
from skill._claims import Claim, claim_focus, routed_claim
from skill._errors import SkillError
from skill._per_embedder import PerEmbedder
from skill._subject import SubjectClass

ROUTE_MODEL_DIR = Path(__file__).resolve().parent / "route_model"
_ROUTING = lexicon().question_routing
# the propositions CUAD's categories or ContractNLI's hypotheses describe (propositions.yaml
# `clause_categories`)
_LEARNED = frozenset(p.name for p in lexicon().propositions if p.clause_categories)


class RouteModelError(SkillError, RuntimeError):
    """The packaged router model (skill/route_model/) is missing, malformed or of another
    dimension than the embedder (raised when first read: `EvidenceSkill.warm_up`, which the
    server runs at start, reads it)."""

    code, title = "route_model_error", "Question router model unreadable"


@dataclass(frozen=True)
class Route:
    """Where a question went: the class nearest (a proposition's name, or "~<category>" for
    a category no proposition lists), its similarity and its margin over the next class."""

    target: str
    similarity: float
    margin: float

    @property
    def proposition(self) -> str | None:
        """The proposition routed to: only one whose class CUAD's or ContractNLI's data describe
        (it lists `clause_categories`); one known by the lexicon's few examples alone ("prepay
        the loan" came nearest to `secured`) is not learned enough to route to."""
        if self.target.startswith("~") or self.target not in _LEARNED:
            return None
        return self.target


# the rows every class of the model has before its questions' (model.json `rows_per_class`:
# its description or hypothesis, the mean of its clauses or spans)
_CLASS_ROWS = 2


def class_rows(classes: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    """Each class's rows of the model's vectors, (start, end): its description's and its
    clauses' mean, then one per question (the class's `questions`), in the classes' order."""
    spans: list[tuple[int, int]] = []
    start = 0
    for c in classes:
        end = start + _CLASS_ROWS + int(c.get("questions", 0))
        spans.append((start, end))
        start = end
    return spans


@functools.cache
def read_route_model(
    model_dir: Path = ROUTE_MODEL_DIR,
) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """The shipped classes' targets (one per row: a proposition's name, or "~<category>"),
    their unit vectors and what each row's similarity gives up (question_routing
    `question_offset` for a question's row, 0 for the others); RouteModelError naming the
    folder when it is missing or malformed (the skill's warm-up reads it, so a broken install
    fails the start, never a question)."""
    try:
        meta = json.loads((model_dir / "model.json").read_text("utf-8"))
        vectors = np.load(model_dir / "vectors.npy", allow_pickle=False)
        categories = [str(c["category"]) for c in meta["classes"]]
        spans = class_rows(meta["classes"])
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise RouteModelError(f"{model_dir}: {type(exc).__name__}: {exc}") from exc
    # a question's row gives up question_routing `question_offset` (propositions.yaml)
    offset = float(_ROUTING.get("question_offset", 0.0))
    offsets = np.zeros(len(vectors))
    for start, end in spans:
        offsets[start + _CLASS_ROWS : end] = offset
    owner = {c: p.name for p in lexicon().propositions for c in p.clause_categories}
    targets = tuple(
        owner.get(c, "~" + c)
        for c, (start, end) in zip(categories, spans, strict=True)
        for _ in range(start, end)
    )
    if vectors.ndim != 2 or len(targets) != len(vectors):
        raise RouteModelError(
            f"{model_dir}: {vectors.shape} vectors for {len(targets)} rows of {len(categories)} classes"
        )
    return targets, vectors.astype(np.float64), offsets


def route_texts() -> tuple[tuple[str, str], ...]:
    """(proposition, text): the lexicon's words of every proposition the router compares a
    question with (its label, its topic, its `asks` examples)."""
    return tuple(
        (p.name, text)
        for p in lexicon().propositions
        for text in (p.label, p.topic or "", *p.asks_examples)
        if text
    )


def _unit(vector: Sequence[float]) -> np.ndarray:
    v = np.asarray(vector, dtype=np.float64)
    return v / (float(np.linalg.norm(v)) or 1.0)


def _prototypes(embedder: Any) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """Every class's targets, rows and rows' offsets: the lexicon's examples embedded by
    `embedder`, then the shipped category rows (RouteModelError where the shipped model is
    unreadable or of another dimension)."""
    texts = route_texts()
    rows = [_unit(embedder.embed_query(text)) for _, text in texts]
    targets, vectors, offsets = read_route_model()
    if rows and len(rows[0]) != vectors.shape[1]:
        raise RouteModelError(
            f"{ROUTE_MODEL_DIR}: vectors of {vectors.shape[1]} dimensions for an embedder "
            f"of {len(rows[0])}"
        )
    return (
        tuple(name for name, _ in texts) + targets,
        np.vstack([*rows, vectors]) if rows else vectors,
        np.concatenate([np.zeros(len(rows)), offsets]),
    )


# the classes' rows, once per process and embedder
_PROTOTYPES = PerEmbedder(_prototypes)


def route_prototypes(embedder: Any) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """Every class's targets, rows and rows' offsets for `embedder`, built once (the skill's
    warm-up)."""
    return _PROTOTYPES.of(embedder)


def route(text: str, embedder: Any) -> Route | None:
    """The class nearest to `text` (a question's words, its names left out), or None when
    there are no classes."""
    targets, vectors, offsets = _PROTOTYPES.of(embedder)
    if not len(targets):
        return None
    scores = vectors @ _unit(embedder.embed_query(text)) - offsets
    best: dict[str, float] = {}
    for target, score in zip(targets, scores.tolist(), strict=True):
        if score > best.get(target, -math.inf):
            best[target] = score
    ranked = sorted(best.items(), key=lambda ts: (-ts[1], ts[0]))
    margin = ranked[0][1] - ranked[1][1] if len(ranked) > 1 else ranked[0][1]
    return Route(ranked[0][0], round(ranked[0][1], 4), round(margin, 4))


def route_taken(found: Route | None) -> bool:
    """Does the route take the question to a proposition (over the similarity and margin)?"""
    return (
        found is not None
        and found.proposition is not None
        and found.similarity >= float(_ROUTING.get("similarity", 1.0))
        and found.margin >= float(_ROUTING.get("margin", 1.0))
    )


_WORD = re.compile(r"[\w'’&.-]*\w")
# a possessive's ending ("Mills's", "Sons'"): the name's word is what is left
_POSSESSIVE = re.compile(r"['’]s?$")


def meaning_words(question: str, subject: SubjectClass) -> str:
    """The words of a question its meaning is read from: its claim's focus less every word of
    the agreement's parties' names, and less any other capitalised word that legal English
    does not write (a name: "Cargill", "Bioamber S.A.S"; domain.known_words)."""
    named = {w.lower() for p in subject.parties for w in _WORD.findall(str(p))}
    known = known_words()
    kept = [
        w
        for w in _WORD.findall(claim_focus(question, subject))
        if _POSSESSIVE.sub("", w.lower()) not in named and (w[:1].islower() or w.lower() in known)
    ]
    return " ".join(kept)


def claim_by_meaning(
    question: str, subject: SubjectClass, embedder: Any
) -> tuple[Claim, Route] | None:
    """The claim a question no reader took asks, routed by the meaning of its words (the
    question less its names), or None."""
    if not _ROUTING or subject.type != "agreement":
        return None
    found = route(meaning_words(question, subject), embedder)
    if not route_taken(found):
        return None
    assert found is not None and found.proposition is not None
    claim = routed_claim(found.proposition, question, subject)
    return None if claim is None else (claim, found)
