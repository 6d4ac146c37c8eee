"""Clause sentences: the sentences of a subject's documents that state a clause category,
found by the category filter of the store (ingest's clause classifier labelled them), each
with its exact locator and score; and typed answers read only from those sentences.

The question side calls two functions:

- `clause_sentences(store, kb, category, document_ids)`: every sentence of the category
  in those documents, located (page, printed lines, char span, section, clause), best
  score first;
- `clause_answer(store, kb, category, documents)`: the typed value(s) of a value category
  (effective date, expiration date, renewal term, notice to stop renewal, cap on
  liability, governing law), each with the sentences that state it, or a precise absence
  ("no governing law clause found in <agreement> (N pages searched; k pages without
  text)") with the risk signal `not_stated`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from domain import CANDIDATE_MARK, ChunkRecord, SourceLocation, lexicon, sentence_location
from retrieval import DocumentEntry, VectorStore
from skill._extract import extract_values
from skill._extracted_value import ExtractedValue

__all__ = [
    "CLAUSE_VALUE_ATTRIBUTES",
    "ClauseAnswer",
    "ClauseDocument",
    "ClauseSentence",
    "ClauseValue",
    "absence_sentence",
    "clause_answer",
    "clause_only_values",
    "clause_sentences",
    "clause_values",
    "labelled_spans",
]

# The value categories, and the attribute whose extractor reads their values.
CLAUSE_VALUE_ATTRIBUTES: dict[str, str] = {
    "effective_date": "effective_date",
    "expiration_date": "expiration_date",
    "renewal_term": "renewal_term",
    "notice_period_to_terminate_renewal": "notice_period",
    "cap_on_liability": "liability_cap",
    "governing_law": "governing_law",
}


@dataclass(frozen=True, slots=True)
class ClauseSentence:
    """One sentence the classifier assigned to `category`, with its probability."""

    category: str
    score: float
    text: str
    location: SourceLocation
    chunk_id: str


def clause_sentences(
    store: VectorStore,
    kb: str,
    category: str,
    document_ids: Sequence[str],
    *,
    min_score: float = 0.0,
) -> list[ClauseSentence]:
    """Every sentence of `category` (a slug, "governing_law") in these documents, once each
    (a sentence two overlapping chunks share is read from the first), best score first;
    ties by document and position."""
    if not document_ids:
        return []
    found: dict[tuple[str, int, int], ClauseSentence] = {}
    for chunk in store.chunks_with_clauses(kb, [category], document_ids=document_ids):
        for sentence in _sentences_of(chunk, category):
            if sentence.score < min_score:
                continue
            loc = sentence.location
            key = (loc.document_id, loc.char_start, loc.char_end)
            if key not in found:
                found[key] = sentence
    return sorted(
        found.values(),
        key=lambda s: (-s.score, s.location.document_id, s.location.char_start),
    )


def labelled_spans(
    store: VectorStore,
    kb: str,
    categories: Sequence[str],
    document_ids: Sequence[str],
    confirm: Mapping[str, Mapping[str, float | None]] | None = None,
) -> list[tuple[ChunkRecord, dict[tuple[int, int], tuple[float, bool]]]]:
    """THE SEAM of clause questions: the chunks of these documents that hold a sentence of
    one of `categories`, each with those sentences' spans (offsets into the chunk's text),
    their best score, and whether the sentence confirms the clause alone: its score reaches
    the category's contract-level threshold in `confirm` (per document id, per category, as
    the document was labelled; a category not listed there: any labelled sentence does).
    One payload-filtered scroll, no embedding. Chunks in the store's clause order
    (document, position)."""
    if not document_ids or not categories:
        return []
    wanted = set(categories)
    out: list[tuple[ChunkRecord, dict[tuple[int, int], tuple[float, bool]]]] = []
    for chunk in store.chunks_with_clauses(kb, list(categories), document_ids=document_ids):
        levels = (confirm or {}).get(chunk.document_id, {})
        spans: dict[tuple[int, int], tuple[float, bool]] = {}
        for label in chunk.clause_labels:
            for category, score in zip(label.categories, label.scores, strict=True):
                if category in wanted:
                    key = (label.start, label.end)
                    # (a candidate label never confirms; scores are stored to 4 decimals)
                    level = (
                        None if category.startswith(CANDIDATE_MARK) else levels.get(category, 0.0)
                    )
                    confirmed = level is not None and float(score) >= level
                    best, was = spans.get(key, (0.0, False))
                    spans[key] = (max(best, float(score)), was or confirmed)
        if spans:
            out.append((chunk, spans))
    return out


def _sentences_of(chunk: ChunkRecord, category: str) -> list[ClauseSentence]:
    out: list[ClauseSentence] = []
    for label in chunk.clause_labels:
        if category not in label.categories:
            continue
        score = label.scores[label.categories.index(category)]
        out.append(
            ClauseSentence(
                category=category,
                score=score,
                text=chunk.text[label.start : label.end],
                location=sentence_location(chunk, label.start, label.end),
                chunk_id=chunk.chunk_id,
            )
        )
    return out


_PAGE_WARNING = re.compile(r"page \d+: ")


@dataclass(frozen=True, slots=True)
class ClauseDocument:
    """What the answer needs to know of a document searched: its id, name (or title) to
    say where nothing was found, and its page counts."""

    document_id: str
    name: str
    pages: int = 0
    pages_without_text: int = 0
    # False: ingested without clause labels (before the classifier, or with it off), so
    # finding no sentence of a category there says nothing.
    classified: bool = True

    @classmethod
    def of(cls, entry: DocumentEntry) -> ClauseDocument:
        """From the catalog's entry: its title or file name, its pages, and the pages
        ingestion could not read text from (each has a "page N: reason" warning)."""
        warnings = entry.details.get("warnings", ()) if entry.details else ()
        blank = sum(1 for w in warnings if _PAGE_WARNING.match(str(w)))
        classified = bool(entry.details.get("clause_model")) if entry.details else False
        return cls(
            entry.document_id, entry.title or entry.name, entry.pages or 0, blank, classified
        )


@dataclass(frozen=True, slots=True)
class ClauseValue:
    """One typed value and the sentences that state it (best score first)."""

    value: str
    kind: str
    sentences: tuple[ClauseSentence, ...]
    surface: str


@dataclass(frozen=True, slots=True)
class ClauseAnswer:
    """The typed answer of a clause category over a subject's documents.

    `values` empty: no value found. `sentences` are all the category's sentences found
    (the evidence to cite even when no typed value is read from them). `absence` is the
    sentence to show when the documents hold no sentence of the category, with
    `risk_signals` ["not_stated"]; it is None when some sentence was found, and when a
    document searched was ingested without clause labels (`risk_signals`
    ["not_classified"]: re-ingest it).
    """

    category: str
    values: tuple[ClauseValue, ...]
    sentences: tuple[ClauseSentence, ...]
    absence: str | None = None
    risk_signals: tuple[str, ...] = field(default_factory=tuple)


def clause_answer(
    store: VectorStore,
    kb: str,
    category: str,
    documents: Sequence[ClauseDocument],
    *,
    topic: str | None = None,
) -> ClauseAnswer:
    """The value(s) `documents` state for a value category (CLAUSE_VALUE_ATTRIBUTES), read
    only from sentences the classifier assigned to it; a category without a value extractor
    returns its sentences alone. `topic` names the category in the absence sentence
    (default: the slug with spaces)."""
    ids = [d.document_id for d in documents]
    sentences = tuple(clause_sentences(store, kb, category, ids))
    if not sentences and not all(d.classified for d in documents):
        # No labels to search: neither a value nor an absence can be stated.
        return ClauseAnswer(
            category=category, values=(), sentences=(), risk_signals=("not_classified",)
        )
    if not sentences:
        return ClauseAnswer(
            category=category,
            values=(),
            sentences=(),
            absence=absence_sentence(topic or category.replace("_", " "), documents),
            risk_signals=("not_stated",),
        )
    attribute = CLAUSE_VALUE_ATTRIBUTES.get(category)
    if attribute is None:
        return ClauseAnswer(category=category, values=(), sentences=sentences)
    by_value: dict[str, list[tuple[ClauseSentence, ExtractedValue]]] = {}
    for sentence in sentences:
        for value in clause_values(attribute, sentence.text):
            by_value.setdefault(value.value, []).append((sentence, value))
    values = tuple(
        ClauseValue(
            value=value,
            kind=found[0][1].kind,
            sentences=tuple(s for s, _ in found),
            surface=found[0][1].surface,
        )
        for value, found in sorted(
            by_value.items(), key=lambda item: (-item[1][0][0].score, item[0])
        )
    )
    return ClauseAnswer(category=category, values=values, sentences=sentences)


def clause_values(attribute: str, sentence: str) -> list[ExtractedValue]:
    """The typed values of `attribute` a sentence of its clause states: the extractor's, and
    for an expiration date, the end of a term stated without a calendar date."""
    return extract_values(attribute, sentence) or clause_only_values(attribute, sentence)


def clause_only_values(attribute: str, sentence: str) -> list[ExtractedValue]:
    """Values read only from a sentence the classifier labelled with the attribute's clause
    (after the extractor found none): for an expiration date, the end of a term stated
    without a calendar date ("two years from the date hereof")."""
    return _end_of_term(sentence) if attribute == "expiration_date" else []


_I = re.IGNORECASE
# How a term's end is stated without a calendar date (an expiration sentence only).
# Ordinals in words (vocabulary.yaml ordinal_words): "the fifth anniversary".
_ORDINALS = lexicon().ordinal_words
_ANNIVERSARY = re.compile(
    r"\b(?i:(?P<nth>\d{1,2}(?:st|nd|rd|th)|"
    + "|".join(sorted(_ORDINALS, key=lambda w: (-len(w), w)))
    + r")\s+(?:\(\d{1,2}(?:st|nd|rd|th)?\)\s+)?"
    r"anniversary\s+of\s+)"
    r"(?P<anchor>(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3}"
    r"|(?:the\s+)?date\s+(?:hereof|of\s+this\s+\w+))"
)
_ANCHOR_AFTER = re.compile(
    r"\s*(?:\([^)]{0,12}\)\s*)?(?:from|after|following|commencing\s+on|beginning\s+on)\s+"
    r"(?P<anchor>(?:the\s+)?(?:[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3}|date\s+(?:hereof|of\s+this\s+\w+)))"
)
_UNTIL_TERMINATED = re.compile(
    r"\buntil\s+(?:(?:it\s+is|this\s+\w+\s+is|so)\s+)?terminated\b|\bunless\s+and\s+until\s+terminated\b",
    _I,
)
_PERPETUAL = re.compile(r"\bperpetu(?:al|ity|ally)\b|\bindefinite(?:ly)?\b", _I)


def _end_of_term(sentence: str) -> list[ExtractedValue]:
    """An expiration stated as a term ("five (5) years from the Effective Date"), an
    anniversary ("until the fifth anniversary of the Effective Date"), "until terminated",
    or "perpetual"; the first form the sentence states, [] when none."""
    out: list[ExtractedValue] = []
    for term in extract_values("term", sentence):
        anchor = _ANCHOR_AFTER.match(sentence, term.end)
        value = term.value
        if anchor:
            value += f" from {_the(anchor.group('anchor'))}"
        out.append(
            ExtractedValue("duration", value, term.surface, term.start, term.end, term.confidence)
        )
    if out:
        return out
    match = _ANNIVERSARY.search(sentence)
    if match:
        nth = match.group("nth").lower()
        number = _ORDINALS.get(nth) or int(re.sub(r"\D", "", nth))
        value = f"{_ordinal(number)} anniversary of {_the(match.group('anchor'))}"
        return [ExtractedValue("text", value, match.group(0), match.start(), match.end(), 0.8)]
    for pattern, value in ((_UNTIL_TERMINATED, "until terminated"), (_PERPETUAL, "perpetual")):
        match = pattern.search(sentence)
        if match:
            return [ExtractedValue("text", value, match.group(0), match.start(), match.end(), 0.7)]
    return []


def _the(anchor: str) -> str:
    anchor = " ".join(anchor.split())
    return anchor if anchor.lower().startswith("the ") else f"the {anchor}"


def _ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def absence_sentence(topic: str, documents: Sequence[ClauseDocument]) -> str:
    """ "no governing law clause found in Master Services Agreement (12 pages searched;
    1 page without text)"."""
    names = ", ".join(d.name for d in documents) or "the documents"
    pages = sum(d.pages for d in documents)
    blank = sum(d.pages_without_text for d in documents)
    return (
        f"no {topic} clause found in {names} ({pages} page{'s' * (pages != 1)} searched; "
        f"{blank} page{'s' * (blank != 1)} without text)"
    )
