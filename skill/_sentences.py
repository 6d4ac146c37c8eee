"""A committed document as the skill reads it: what the catalog knows about it, and its
sentences, each cited by its exact page and printed lines (memoized per chunk); a clause
heading that stands alone is a label, not a statement."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain import (
    ChunkRecord,
    PageLines,
    SourceLocation,
    chunk_sentence_spans,
    is_table_row,
    sentence_location,
)


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    """What the catalog knows about a committed document."""

    document_id: str
    name: str
    document_type: str
    document_date: str | None
    independence_group: str
    # additive (issue 16): its title, parties, stated relations to an earlier agreement,
    # effective date, and the mark of an unexecuted copy (a draft, empty signatures)
    title: str | None = None
    parties: tuple[str, ...] = ()
    relations: tuple[Mapping[str, Any], ...] = ()
    effective_date: str | None = None
    unexecuted: Mapping[str, Any] | None = None
    pages: int | None = None  # pages of the document, when the catalog knows them
    pages_without_text: int | None = None  # of those, pages no text could be read from
    # additive (issue 14): ingested with clause labels (None: not known, treated as not)
    classified: bool | None = None
    # per clause category, the score at which one of its sentences confirms the clause alone
    # (the classifier's contract-level threshold; None: never alone); a category not listed
    # is confirmed by any sentence the classifier labelled
    clause_confirm: Mapping[str, float | None] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a chunk, with its locator."""

    text: str
    chunk: ChunkRecord
    start: int  # offsets into chunk.text
    end: int
    location: SourceLocation


_HEADING = re.compile(
    r"^\s*(?:(?:section|article|clause)\s+)?(?:\d+(?:\.\d+)*|[ivxlc]+|[a-z])?[.)]?\s*"
    r"[A-Z][\w&'’,/-]*(?:\s+[\w&'’,/-]+){0,5}\.?\s*$",
    re.IGNORECASE,
)


def _is_heading(text: str) -> bool:
    """A clause title standing alone ("3.2 Payment Terms.", "(a) Transfer and Absolute
    Assignment of Initial Receivables."): a label, not a statement."""
    words = text.split()
    if re.search(r"\b(?:shall|is|are|was|were|will|may|must)\b", text, re.IGNORECASE):
        return False
    return (len(words) <= 6 and bool(_HEADING.match(text))) or (
        len(words) <= 10 and bool(_TITLE_CASE_HEADING.match(text))
    )


# "(a) Transfer and Absolute Assignment of Initial Receivables.": every word capitalised but
# the words that join them.
_TITLE_CASE_HEADING = re.compile(
    r"^\s*\(?(?:\d+(?:\.\d+)*|[ivx]+|[a-z])[.)]\s*[A-Z][\w&'’/-]*"
    r"(?:\s+(?:[A-Z][\w&'’/-]*|and|or|of|the|to|for|in|on|&))*\.?\s*$"
)


def table_header(sentence: Sentence) -> str | None:
    """The header row of the table a table-row sentence is of: the nearest row above it, in
    the same run of rows of its chunk, with no figure in any cell ("Holder | Class | Shares");
    None for a sentence that is no table row, or whose header is not in its chunk."""
    if not is_table_row(sentence.text):
        return None
    lines = sentence.chunk.text[: sentence.start].split("\n")[:-1]
    for line in reversed(lines):
        if not is_table_row(line):
            return None
        if not re.search(r"\d", line):
            return line.strip()
    return None


def sentences_of(chunk: ChunkRecord) -> list[Sentence]:
    """The sentences of a chunk, in order."""
    return [
        Sentence(chunk.text[s:e], chunk, s, e, location) for s, e, location in _sentences(chunk)
    ]


# A chunk whose text stops on one of these has not ended its sentence: the chunker cut it at
# its size limit or at a list item's ";" ("... business planning;" / "internal controls; ...",
# "shall not" / "terminate ...").
_UNENDED = re.compile(r"[a-z,;\-\u2013\u2014]\s*$")


def sentences_across(chunks: Sequence[ChunkRecord]) -> list[list[Sentence]]:
    """Each chunk's sentences (the chunks of one document, in order), a sentence that a chunk
    boundary cuts read whole: quoted from the earlier chunk's piece to the later one's,
    located over both (two pages where a page break cut it), and left out of the later chunk.
    A boundary joins only where the earlier chunk stops mid-sentence and the later one goes
    on in the same clause (a line of another clause starts a new sentence, as inside a
    chunk)."""
    out = [sentences_of(chunk) for chunk in chunks]
    for k in range(len(chunks) - 1):
        a, b = chunks[k], chunks[k + 1]
        if not out[k] or not out[k + 1] or not _UNENDED.search(a.text):
            continue
        if a.document_id != b.document_id or b.char_start < a.char_end:
            continue
        joined = _joined(a, b)
        cut = len(a.text)
        whole = next((s for s in sentences_of(joined) if s.start < cut < s.end), None)
        if whole is None:
            continue
        rest = whole.end - cut - 1
        out[k] = [s for s in out[k] if s.end <= whole.start] + [whole]
        out[k + 1] = [s for s in out[k + 1] if s.start >= rest]
    return out


def _joined(a: ChunkRecord, b: ChunkRecord) -> ChunkRecord:
    """Two consecutive chunks read as one (their lines kept, each with its own clause)."""
    shift = len(a.text) + 1
    own = (b.section, b.clause) != (a.section, a.clause)
    lines = tuple(a.lines) + tuple(
        line.model_copy(
            update={
                "offset": line.offset + shift,
                **(
                    {"section": b.section, "clause": b.clause}
                    if own and line.section is None
                    else {}
                ),
            }
        )
        for line in b.lines
    )
    return a.model_copy(
        update={
            "text": f"{a.text}\n{b.text}",
            "char_end": b.char_end,
            "pages": _merged_pages(a, b),
            "bboxes": tuple(a.bboxes) + tuple(b.bboxes),
            "lines": lines,
        }
    )


def _merged_pages(a: ChunkRecord, b: ChunkRecord) -> tuple[PageLines, ...]:
    by_page: dict[int, list[int]] = {}
    for p in (*a.pages, *b.pages):
        by_page.setdefault(p.page, []).extend((p.line_start, p.line_end))
    return tuple(
        PageLines(page=page, line_start=min(n), line_end=max(n))
        for page, n in sorted(by_page.items())
    )


_SENTENCES: OrderedDict[ChunkRecord, tuple[tuple[int, int, SourceLocation], ...]]
_SENTENCES = OrderedDict()
_SENTENCES_SIZE = 2048
_SENTENCES_LOCK = threading.Lock()


# The same memo by the record's identity, looked up first: the store hands back the same
# record objects for a document question after question, and hashing a record (its text,
# lines and boxes) costs more than a look-up. Each entry holds its record, so an id in it is
# never reused by another object while the entry lives.
_BY_ID: OrderedDict[int, tuple[ChunkRecord, tuple[tuple[int, int, SourceLocation], ...]]]
_BY_ID = OrderedDict()


def _sentences(chunk: ChunkRecord) -> tuple[tuple[int, int, SourceLocation], ...]:
    """(start, end, locator) of each sentence of a chunk. Memoized by the chunk's value (a
    frozen record): the chunks of a subject's documents come back for question after
    question."""
    with _SENTENCES_LOCK:
        same = _BY_ID.get(id(chunk))
        if same is not None and same[0] is chunk:
            _BY_ID.move_to_end(id(chunk))
            return same[1]
        found = _SENTENCES.get(chunk)
        if found is not None:
            _SENTENCES.move_to_end(chunk)
            _remember_by_id(chunk, found)
            return found
    found = tuple((s, e, sentence_location(chunk, s, e)) for s, e in chunk_sentence_spans(chunk))
    with _SENTENCES_LOCK:
        _SENTENCES[chunk] = found
        while len(_SENTENCES) > _SENTENCES_SIZE:
            _SENTENCES.popitem(last=False)
        _remember_by_id(chunk, found)
    return found


def _remember_by_id(chunk: ChunkRecord, found: tuple[tuple[int, int, SourceLocation], ...]) -> None:
    """Caller holds _SENTENCES_LOCK."""
    _BY_ID[id(chunk)] = (chunk, found)
    _BY_ID.move_to_end(id(chunk))
    while len(_BY_ID) > _SENTENCES_SIZE:
        _BY_ID.popitem(last=False)
