"""Chunker: ParsedDocument -> sentence-aware ChunkRecords with full locators.

A chunk's text is defined by its char span alone: the content (non-furniture) lines of the
document that overlap [char_start, char_end), each clipped to the span, joined with "\\n".
So a chunk running over a page break leaves out the footer and header between, and the text
can be rebuilt exactly from the stored PDF (`reextract`).
"""

from __future__ import annotations

import bisect
import math
import re
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from domain import BBox, ChunkRecord, LineRef, PageLines, sentence_spans
from ingest._document import LocatedLine, ParsedDocument

__all__ = ["Chunker", "estimate_word_pieces", "extract_span", "reextract", "sentence_spans"]

# all-MiniLM-L6-v2 reads 256 word pieces; the estimate runs up to ~12% low on real filings
# (symbols, numbers, rare words), so aim well under.
MAX_WORD_PIECES = 216
_TOKEN = re.compile(r"[A-Za-z]+|\d+|[^\sA-Za-z\d]")


def estimate_word_pieces(text: str) -> int:
    """A cautious estimate of the WordPiece tokens of `text` (uncased BERT vocabulary)."""
    total = 0
    for tok in _TOKEN.findall(text):
        if tok[0].isalpha():
            total += 1 if len(tok) <= 8 else math.ceil(len(tok) / 5)
        elif tok[0].isdigit():
            total += math.ceil(len(tok) / 3)
        else:
            total += 1
    return total


@dataclass(frozen=True, slots=True)
class _Sentence:
    start: int  # offsets into ParsedDocument.text
    end: int
    words: int
    pieces: int


def _overlapping(doc: ParsedDocument, char_start: int, char_end: int) -> list[LocatedLine]:
    """Content lines overlapping [char_start, char_end); lines are in char order."""
    lines = doc.lines
    lo = bisect.bisect_right(lines, char_start, key=lambda ln: ln.char_end)
    out: list[LocatedLine] = []
    for line in lines[lo:]:
        if line.char_start >= char_end:
            break
        if not line.is_furniture and line.char_end > char_start:
            out.append(line)
    return out


def extract_span(doc: ParsedDocument, char_start: int, char_end: int) -> str:
    """The chunk text of a char span: overlapping content lines, clipped, joined with "\\n"."""
    return "\n".join(
        line.text[
            max(char_start, line.char_start) - line.char_start : min(char_end, line.char_end)
            - line.char_start
        ]
        for line in _overlapping(doc, char_start, char_end)
    )


def reextract(
    pdf_bytes: bytes, name: str, record: ChunkRecord, parser: object | None = None
) -> str:
    """Rebuild a chunk's text from the PDF by its locator (pages, line ranges, char span).

    `parser` must be configured as the one used at ingestion (default: PdfParser()).
    """
    from ingest._pdf import PdfParser

    active = parser if isinstance(parser, PdfParser) else PdfParser()
    doc = active.run(pdf_bytes, name)
    if doc.document_id != record.document_id:
        raise ValueError(f"{name}: bytes do not match document {record.document_id}")
    return _rebuild(doc, record)


def _rebuild(doc: ParsedDocument, record: ChunkRecord) -> str:
    """A chunk's text from a parsed document, by the record's pages, line ranges and span."""
    ranges = {pl.page: (pl.line_start, pl.line_end) for pl in record.pages}
    parts: list[str] = []
    for line in doc.lines:
        span = ranges.get(line.page)
        if span is None or line.is_furniture or not span[0] <= line.line_no <= span[1]:
            continue
        lo = max(record.char_start, line.char_start) - line.char_start
        hi = min(record.char_end, line.char_end) - line.char_start
        if hi > lo:
            parts.append(line.text[lo:hi])
    return "\n".join(parts)


class Chunker:
    """Pack sentences into chunks of about min_words..max_words.

    A chunk holds one section, or (`merge_sections`, the default) a run of consecutive small
    sections under one parent: a contract's numbered sub-clauses are often a sentence or two
    each, and one chunk per sub-clause would multiply the chunks to embed (and embed many
    fragments too short to retrieve well). Every line keeps its own locator: a line outside
    the chunk's own section carries its section path and clause in its `LineRef`. A sentence
    never spans two sections. A sentence longer than max_words (or the word-piece limit) is
    cut at word boundaries. Consecutive chunks share `overlap_sentences` sentences.
    """

    def __init__(
        self,
        # Measured on 15 FinanceBench filings (bench/ingest): 150-200 words embeds 16% fewer
        # chunks than 100-180 at equal or better recall@5/@10. No overlap (session 8, 30
        # filings, 53 questions, one run each): 13,157 chunks against 15,116 with a one-
        # sentence overlap, ingestion 235 s against 285 s, recall@5/@10 0.43/0.54 against
        # 0.35/0.47; carrying only sentences of at most 32 or 48 word pieces fell between.
        min_words: int = 150,
        max_words: int = 200,
        overlap_sentences: int = 0,
        *,
        merge_sections: bool = True,
    ) -> None:
        if not 0 < min_words <= max_words:
            raise ValueError("need 0 < min_words <= max_words")
        self.min_words = min_words
        self.max_words = max_words
        self.overlap_sentences = overlap_sentences
        self.merge_sections = merge_sections

    def run(
        self,
        doc: ParsedDocument,
        independence_group: str,
        entity_keys_for: Callable[[str], Iterable[str]] | None = None,
    ) -> list[ChunkRecord]:
        records: list[ChunkRecord] = []
        for runs in self._groups(_section_runs(doc)):
            # Sentences are found per section, so none runs over a section boundary.
            sentences = [s for lines in runs for s in self._sentences(doc, lines)]
            for packed in self._pack(sentences):
                records.append(
                    _record(
                        doc,
                        packed[0].start,
                        packed[-1].end,
                        independence_group,
                        entity_keys_for,
                    )
                )
        return records

    def _groups(self, runs: list[list[LocatedLine]]) -> list[list[list[LocatedLine]]]:
        """Consecutive section runs packed together: small siblings under one parent.

        A group's parent is its first section's parent, or the first section itself when it
        is a bare heading followed by its subsections (which always opens a group). A run
        joins the group while it lies under that parent and is small (fewer than min_words
        words), or while the group itself is still small; text outside any section (None)
        joins only other such text.
        """
        groups: list[list[list[LocatedLine]]] = []
        parent: str | None = None
        group_words = 0
        for index, run in enumerate(runs):
            section = run[0].section
            words = sum(len(line.text.split()) for line in run)
            following = runs[index + 1][0].section if index + 1 < len(runs) else None
            # A bare heading whose subsections follow opens their group, never ends another:
            # its words give the clauses' chunk their topic.
            heads = section is not None and _under(following, section)
            heads = heads and all(line.is_heading for line in run)
            if groups and self.merge_sections and not heads:
                group = groups[-1]
                first = group[0][0].section
                joins = (
                    (section is not None or first is None)
                    and (parent is None or section == parent or _under(section, parent))
                    and (words < self.min_words or group_words < self.min_words)
                )
                if joins:
                    group.append(run)
                    group_words += words
                    continue
            groups.append([run])
            # A heading's group holds its subsections; any other, its siblings.
            parent = section if heads else _parent(section)
            group_words = words
        return _headings_with_no_text_joined(groups) if self.merge_sections else groups

    # ------------------------------------------------------------------ sentences

    def _sentences(self, doc: ParsedDocument, lines: Sequence[LocatedLine]) -> list[_Sentence]:
        """Sentences of a run of content lines, as doc offsets; headings and table rows stand alone."""
        out: list[_Sentence] = []
        group: list[LocatedLine] = []
        for line in lines:
            group.append(line)
            if line.is_heading or line.is_table_row:
                out.extend(self._split_group(group))
                group = []
        out.extend(self._split_group(group))
        return out

    def _split_group(self, group: list[LocatedLine]) -> list[_Sentence]:
        if not group:
            return []
        # The group's text with each line at its doc offset; the joints are spaces for the
        # splitter, and every joint maps back to the doc offset of a line boundary.
        text = " ".join(line.text for line in group)
        local_starts: list[int] = []
        pos = 0
        for line in group:
            local_starts.append(pos)
            pos += len(line.text) + 1

        def to_doc(local: int, is_end: bool) -> int:
            i = bisect.bisect_right(local_starts, local) - 1
            line = group[i]
            within = local - local_starts[i]
            if is_end and within == 0 and i > 0:
                prev = group[i - 1]
                return prev.char_end
            return line.char_start + min(within, len(line.text))

        out: list[_Sentence] = []
        for s, e in sentence_spans(text):
            for ps, pe in self._cut_long(text, s, e):
                words = len(text[ps:pe].split())
                out.append(
                    _Sentence(
                        to_doc(ps, False),
                        to_doc(pe, True),
                        words,
                        estimate_word_pieces(text[ps:pe]),
                    )
                )
        return out

    def _cut_long(self, text: str, start: int, end: int) -> list[tuple[int, int]]:
        piece = text[start:end]
        if len(piece.split()) <= self.max_words and estimate_word_pieces(piece) <= MAX_WORD_PIECES:
            return [(start, end)]
        spans = [(m.start() + start, m.end() + start) for m in re.finditer(r"\S+", piece)]
        out: list[tuple[int, int]] = []
        first = 0
        pieces = 0
        for i, (ws, we) in enumerate(spans):
            cost = estimate_word_pieces(text[ws:we])
            if i > first and (i - first >= self.max_words or pieces + cost > MAX_WORD_PIECES):
                out.append((spans[first][0], spans[i - 1][1]))
                first, pieces = i, 0
            pieces += cost
        out.append((spans[first][0], spans[-1][1]))
        return out

    # ------------------------------------------------------------------ packing

    def _pack(self, sentences: list[_Sentence]) -> list[list[_Sentence]]:
        chunks: list[list[_Sentence]] = []
        current: list[_Sentence] = []
        fresh = 0  # sentences in `current` not carried over from the previous chunk

        def fits(s: _Sentence) -> bool:
            return (
                sum(x.words for x in current) + s.words <= self.max_words
                and sum(x.pieces for x in current) + s.pieces <= MAX_WORD_PIECES
            )

        for s in sentences:
            if current and (not fits(s) or sum(x.words for x in current) >= self.min_words):
                if fresh:
                    chunks.append(current)
                carried = current[-self.overlap_sentences :] if self.overlap_sentences else []
                current = list(carried)
                # drop the overlap when it would leave no room
                while current and not fits(s):
                    current.pop(0)
                fresh = 0
            current.append(s)
            fresh += 1
        if current and fresh:
            last = current
            if chunks and sum(x.words for x in last[len(last) - fresh :]) < self.min_words // 3:
                # a short tail joins the previous chunk when it fits
                merged = chunks[-1] + last[len(last) - fresh :]
                if (
                    sum(x.words for x in merged) <= self.max_words
                    and sum(x.pieces for x in merged) <= MAX_WORD_PIECES
                ):
                    chunks[-1] = merged
                    return chunks
            chunks.append(last)
        return chunks


def _headings_with_no_text_joined(
    groups: list[list[list[LocatedLine]]],
) -> list[list[list[LocatedLine]]]:
    """A group that is nothing but a heading ("4. Term and Termination" straight before "5.
    Confidentiality") is no chunk of its own: it closes the group before it (its lines keep
    their own section in their locators)."""
    out: list[list[list[LocatedLine]]] = []
    for group in groups:
        bare = all(line.is_heading for run in group for line in run)
        if bare and out and group[0][0].section is not None:
            out[-1] = [*out[-1], *group]
        else:
            out.append(group)
    return out


def _section_runs(doc: ParsedDocument) -> list[list[LocatedLine]]:
    """Maximal runs of consecutive content lines sharing one section path."""
    runs: list[list[LocatedLine]] = []
    for line in doc.lines:
        if line.is_furniture:
            continue
        if runs and runs[-1][-1].section == line.section:
            runs[-1].append(line)
        else:
            runs.append([line])
    return runs


def _parent(section: str | None) -> str | None:
    """The parent path of a section path (None: the document itself)."""
    if section is None or " > " not in section:
        return None
    return section.rsplit(" > ", 1)[0]


def _under(section: str | None, ancestor: str) -> bool:
    """Whether `section` is a strict subsection of `ancestor`."""
    return section is not None and section.startswith(ancestor + " > ")


def _common_clause(clauses: list[str | None]) -> str | None:
    present = [c for c in clauses if c]
    if not present:
        return None
    if all(c == present[0] for c in present):
        return present[0]
    bases = {c.split("(")[0] for c in present}
    if len(bases) == 1:
        return bases.pop()
    return present[0]


def _record(
    doc: ParsedDocument,
    start: int,
    end: int,
    group: str,
    entity_keys_for: Callable[[str], Iterable[str]] | None,
) -> ChunkRecord:
    lines = _overlapping(doc, start, end)
    pages: list[PageLines] = []
    bboxes: list[BBox] = []
    for page in sorted({ln.page for ln in lines}):
        on_page = [ln for ln in lines if ln.page == page]
        pages.append(
            PageLines(
                page=page,
                line_start=min(ln.line_no for ln in on_page),
                line_end=max(ln.line_no for ln in on_page),
            )
        )
        bboxes.append(
            BBox(
                page=page,
                x0=min(ln.bbox[0] for ln in on_page),
                y0=min(ln.bbox[1] for ln in on_page),
                x1=max(ln.bbox[2] for ln in on_page),
                y1=max(ln.bbox[3] for ln in on_page),
            )
        )
    text = extract_span(doc, start, end)
    keys = tuple(sorted(set(entity_keys_for(text)))) if entity_keys_for else ()
    section = lines[0].section
    clauses: dict[str | None, list[str | None]] = {}
    for ln in lines:
        clauses.setdefault(ln.section, []).append(ln.clause)
    refs: list[LineRef] = []
    offset = 0
    for ln in lines:
        lo, hi = max(start, ln.char_start), min(end, ln.char_end)
        own = ln.section != section
        refs.append(
            LineRef(
                page=ln.page,
                line_no=ln.line_no,
                offset=offset,
                char_start=lo,
                char_end=hi,
                bbox=BBox(page=ln.page, x0=ln.bbox[0], y0=ln.bbox[1], x1=ln.bbox[2], y1=ln.bbox[3]),
                section=ln.section if own else None,
                clause=_common_clause(clauses[ln.section]) if own else None,
            )
        )
        offset += hi - lo + 1
    return ChunkRecord(
        chunk_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"{doc.document_id}:{start}:{end}")),
        document_id=doc.document_id,
        document_name=doc.name,
        document_type=doc.document_type,
        document_date=doc.document_date,
        independence_group=group,
        text=text,
        section=section,
        clause=_common_clause(clauses[section]),
        paragraph=lines[0].paragraph,
        pages=tuple(pages),
        char_start=start,
        char_end=end,
        bboxes=tuple(bboxes),
        entity_keys=keys,
        lines=tuple(refs),
    )
