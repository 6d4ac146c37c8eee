"""Sentences of a chunk, and the exact locator of each.

`sentence_spans` splits a text into statements (legal forms and abbreviations do not
end a sentence; table rows and headings stand alone); `sentence_location` maps a span back to
its pages, printed lines, document offsets and clause. Used by the skill's evidence
collector and its gate's denial look-up.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from domain._lexicon import lexicon
from domain._records import ChunkRecord, LineRef, PageLines, SourceLocation

# Legal forms written as abbreviations ("Inc.", "L.L.C."; vocabulary.yaml): no sentence end.
_FORM_ABBREVIATIONS = "|".join(map(re.escape, lexicon().legal_form_abbreviations))
_LEGAL_FORM_END = re.compile(rf"\b(?:{_FORM_ABBREVIATIONS})\.$")
# After a legal form, a capitalised word that is not itself part of a name's tail.
_NEW_SENTENCE = re.compile(
    r"\s+(?!(?:Inc|Corp|Co|Ltd|LLC|LP|LLP|N\.A|and|&)\b)[A-Z][a-z]+\b(?![,.]?\s+(?:Inc|Corp|Ltd|LLC)\b)"
)
# Words whose full stop ends no sentence (vocabulary.yaml: abbreviations, month abbreviations,
# legal forms); a word ending in a single letter ("J.", "N.Y.", "Ph.D."); an enumerator that
# is all a sentence has so far.
_ABBREVIATION_WORDS = lexicon().abbreviations
_ENUMERATOR = re.compile(r"\(?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivxIVX]{1,4})\)?\.")


_MARKS = frozenset(".!?;")


def _phrases(words: tuple[str, ...]) -> str:
    """An alternation of phrases, longest first, each a whole word and spaced by any
    whitespace (a proviso may wrap: "provided\nthat")."""
    ordered = sorted(words, key=lambda w: (-len(w), w))
    return "|".join(r"\s+".join(map(re.escape, w.split())) for w in ordered)


# What, after a ';', continues the clause before it (vocabulary.yaml
# semicolon_continuations): a proviso, an exception or a condition in any case, a word that
# refers back ("such", "the foregoing") in lower case only.
_CONTINUATION = re.compile(
    r"\s*(?:(?i:"
    + _phrases(lexicon().semicolon_continuations)
    + r")|"
    + _phrases(lexicon().semicolon_continuations_lower_case)
    + r")(?![\w-])"
)


@functools.lru_cache(maxsize=1024)
def _mark_of(ch: str) -> str:
    """The terminal mark a non-ASCII character is, by its compatibility form, or the
    character itself. A text layer may set a mark as a character Unicode holds equal to it:
    the GREEK QUESTION MARK (U+037E) is canonically a semicolon (the EDGAR conversions of 58
    of the 70 shared CUAD contracts write every ";" so), and the fullwidth and small forms
    ("．", "；", "！", "﹖") are compatibility forms of the ASCII marks. Read as themselves they
    ended no sentence, so the same clause split differently by the document's encoding."""
    folded = unicodedata.normalize("NFKC", ch)
    return folded if folded in _MARKS else ch


def _stop_ends_no_sentence(head: str) -> bool:
    """Whether the full stop that ends `head` belongs to its last word: an abbreviation
    ("Mr.", "Inc.", "Sept."), a single letter ("J. Smith") or a word ending in one
    ("U.S.A.", "Ph.D."), or an enumerator with nothing before it in the sentence
    ("1. Definitions", "(a).")."""
    words = head.split()
    if not words:
        return True
    word = words[-1]
    bare = word[:-1].lower().lstrip("(\"'“‘")
    last = bare.rsplit(".", 1)[-1]  # "d" of "Ph.D.", "a" of "U.S.A."
    return (
        bare in _ABBREVIATION_WORDS
        or (len(last) == 1 and last.isalpha())
        or (len(words) == 1 and _ENUMERATOR.fullmatch(word) is not None)
    )


def stop_ends_sentence(head: str) -> bool:
    """Whether the full stop that ends `head` ends a sentence ("... Paris, France."), not an
    abbreviation's, an initial's, a legal form's or a lone enumerator's ("Mr.", "J.", "Inc.",
    "1.")."""
    return head.rstrip().endswith(".") and not _stop_ends_no_sentence(head.rstrip())


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of `text`; clause headings and list items count as their
    own sentences only when they end in terminal punctuation or a blank line."""
    spans: list[tuple[int, int]] = []
    start = 0
    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        if ch > "\x7f":
            ch = _mark_of(ch)
        boundary = False
        if ch in _MARKS and (i + 1 == n or text[i + 1] in " \n\t\"'”’)"):
            head = text[start : i + 1]
            if ch != "." or not _stop_ends_no_sentence(head):
                # A decimal or section number ("6.2") is not an end: the next char is a digit.
                # A ';' ends a long statement, unless what follows continues its clause
                # ("...; provided that the foregoing will not restrict ..."): a proviso or an
                # exception read alone says the opposite of the clause.
                boundary = ch != ";" or (
                    len(head.strip()) > 120 and _CONTINUATION.match(text, i + 1) is None
                )
            elif _LEGAL_FORM_END.search(head[-12:-1] + ch) and _NEW_SENTENCE.match(text, i + 1):
                # "... by Acme Robotics, Inc. Acme Canada Ltd. was incorporated ...": a legal
                # form's full stop ends the sentence when a new one starts after it.
                boundary = True
        elif ch == "\n" and i + 1 < n:
            line_start = text.rfind("\n", 0, i) + 1
            following = text[i + 1 : (text.find("\n", i + 1) + 1 or n + 1) - 1]
            previous = text[line_start:i]
            boundary = (
                text[i + 1] == "\n"
                or is_table_row(previous)
                or is_table_row(following)
                or (
                    _stands_alone(previous)
                    and following[:1].isupper()
                    # A paragraph set in capitals wraps from one capitals line to the next.
                    and not (previous.isupper() and following.isupper())
                )
                # A heading in capitals after running text starts a new block.
                or (_stands_alone(following) and following.isupper() and not previous.isupper())
            )
        if boundary:
            end = i + 1
            while end < n and text[end] in "\"'”’)":
                end += 1
            _append_span(text, start, end, spans)
            start = end
            i = end
            continue
        i += 1
    _append_span(text, start, n, spans)
    return spans


def is_table_row(line: str) -> bool:
    """A table row (cells separated by a bar or a tab): a statement of its own."""
    return "|" in line or "\t" in line.strip()


def _stands_alone(line: str) -> bool:
    """A heading line: short, no final punctuation, in capitals or title case."""
    stripped = line.strip()
    if not stripped:
        return True
    words = stripped.split()
    if len(words) > 8 or stripped[-1] in ".,;:\"'”’)":
        return False
    letters = [w for w in words if w[:1].isalpha()]
    return bool(letters) and (
        stripped.isupper() or all(w[:1].isupper() or len(w) <= 3 for w in letters)
    )


def _append_span(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append((start, end))


def line_clause(chunk: ChunkRecord, line: LineRef) -> tuple[str | None, str | None]:
    """A chunk line's (section, clause): its own where set, else the chunk's."""
    if line.section is not None:
        return line.section, line.clause
    return chunk.section, chunk.clause


def chunk_sentence_spans(chunk: ChunkRecord) -> list[tuple[int, int]]:
    """The sentences of a chunk: `sentence_spans` of its text, cut where a line of another
    section or clause starts (a chunk may pack small sibling clauses, and a clause heading
    without a full stop must not run into the next clause's first sentence). The skill's
    evidence sentences and ingestion's clause labels are these spans."""
    spans = sentence_spans(chunk.text)
    cuts: list[int] = []
    previous: tuple[str | None, str | None] | None = None
    for line in chunk.lines:
        key = line_clause(chunk, line)
        if previous is not None and key != previous:
            cuts.append(line.offset)
        previous = key
    if not cuts:
        return spans
    out: list[tuple[int, int]] = []
    for start, end in spans:
        for cut in [c for c in cuts if start < c < end] + [end]:
            piece = chunk.text[start:cut]
            if piece.strip():
                lead = len(piece) - len(piece.lstrip())
                out.append((start + lead, start + len(piece.rstrip())))
            start = cut
    return out


def sentence_location(chunk: ChunkRecord, start: int, end: int) -> SourceLocation:
    """The locator of chunk.text[start:end]: its pages, printed lines and document offsets."""
    lines = chunk.lines
    if not lines:
        return chunk.location()
    ends = [
        (lines[k + 1].offset - 1) if k + 1 < len(lines) else len(chunk.text)
        for k in range(len(lines))
    ]
    covered = [k for k, ln in enumerate(lines) if ln.offset < end and ends[k] > start]
    if not covered:
        return chunk.location()
    first, last = lines[covered[0]], lines[covered[-1]]
    char_start = first.char_start + max(0, start - first.offset)
    char_end = last.char_start + max(0, min(end, ends[covered[-1]]) - last.offset)
    by_page: dict[int, list[int]] = {}
    for k in covered:
        by_page.setdefault(lines[k].page, []).append(lines[k].line_no)
    pages = tuple(
        PageLines(page=p, line_start=min(nums), line_end=max(nums))
        for p, nums in sorted(by_page.items())
    )
    # A chunk may pack small sibling clauses, each line naming its own: the sentence's is
    # the one holding most of its characters (a clause heading without a full stop reads
    # as the start of the clause's first sentence).
    weights: dict[tuple[str | None, str | None], int] = {}
    for k in covered:
        ln = lines[k]
        key = line_clause(chunk, ln)
        weights[key] = weights.get(key, 0) + min(end, ends[k]) - max(start, ln.offset)
    section, clause = max(weights, key=lambda key: weights[key])  # ties: the first
    on_first = [lines[k] for k in covered if lines[k].page == first.page]
    boxes = [ln.bbox for ln in on_first if ln.bbox is not None]
    bbox = None
    if boxes:
        bbox = boxes[0].model_copy(
            update={
                "x0": min(b.x0 for b in boxes),
                "y0": min(b.y0 for b in boxes),
                "x1": max(b.x1 for b in boxes),
                "y1": max(b.y1 for b in boxes),
            }
        )
    return SourceLocation(
        document=chunk.document_name,
        document_id=chunk.document_id,
        page=pages[0].page,
        section=section,
        clause=clause,
        paragraph=chunk.paragraph,
        line_start=pages[0].line_start,
        line_end=pages[0].line_end,
        char_start=char_start,
        char_end=max(char_end, char_start),
        bbox=bbox,
        pages=pages if len(pages) > 1 else (),
    )
