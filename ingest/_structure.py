"""Document structure: headings, section paths, clause ids and paragraphs."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ingest._layout import RawLine

_ROMAN = r"[IVXLC]+"
# Schedule/Exhibit-like headings open a new top-level part of the document.
_PART = re.compile(
    r"^(SCHEDULE|Schedule|EXHIBIT|Exhibit|ANNEX|Annex|APPENDIX|Appendix|ATTACHMENT|Attachment)"
    r"\s+([A-Z0-9][A-Za-z0-9.\-]{0,6})\b(.*)$"
)
_ARTICLE = re.compile(rf"^(ARTICLE|Article|PART|Part)\s+({_ROMAN}|\d{{1,3}}|[A-Z])\b\.?(.*)$")
# SEC filings: "Item 7. Management's Discussion..." under "PART II"
_ROMAN_HEAD = re.compile(r"^([IVX]{1,5})\.\s+(\S.*)$")
_UPPER_ITEM = re.compile(r"^([A-Z])\.\s+\S")
_ITEM = re.compile(r"^(ITEM|Item)\s+(\d{1,2}[A-Ca-c]?)\.?(?=\s|$)(.*)$")
_SECTION_WORD = re.compile(r"^(?:SECTION|Section|§)\s*(\d{1,3}(?:\.\d{1,3})*)\.?(?=\s|$)(.*)$")
# "6.2(a) text" or "6.2 (a) text": a lettered sub-clause of a numbered clause
_NUMBER_SUB = re.compile(r"^(\d{1,3}(?:\.\d{1,3})*)\.?\s*\(([a-z]{1,3}|\d{1,2})\)\s+(.*)$")
_NUMBER = re.compile(r"^(\d{1,2}(?:\.\d{1,3})*)(\.?)\s+(\S.*)$")
_LETTER = re.compile(r"^\(([a-z]{1,3}|[ivx]{1,5})\)\s+\S")
_TITLE_END = re.compile(r"^(.{2,80}?)[.:](?:\s|$)")
_TERMINAL = (".", ":", ";", "?", "!")


@dataclass(frozen=True, slots=True)
class LineStructure:
    section: str | None
    clause: str | None
    paragraph: int | None
    is_heading: bool


@dataclass(frozen=True, slots=True)
class _Heading:
    level: float
    label: str
    clause: str | None  # a numbered clause id this heading opens


def body_font_size(lines: Sequence[RawLine]) -> float:
    """The font size carrying most characters."""
    sizes: Counter[float] = Counter()
    for line in lines:
        sizes[round(line.font_size)] += len(line.text)
    if not sizes:
        return 0.0
    return max(sizes.items(), key=lambda kv: (kv[1], -kv[0]))[0]


def _short_title(rest: str, complete: bool) -> str | None:
    """A title right after a clause number: 'Governing Law. This Agreement...' -> 'Governing Law'.

    `complete`: the line is a block of its own (no wrapped continuation follows it).
    """
    rest = rest.strip()
    if not rest or not (rest[0].isupper() or rest[0] in "\"'“("):
        return None
    words = rest.split()
    if complete and len(words) <= 10 and not rest.endswith((",", ";")):
        return rest.rstrip(".:").strip()
    m = _TITLE_END.match(rest)
    if m and len(m.group(1).split()) <= 8:
        return m.group(1).strip()
    return None


def _numbered(text: str, complete: bool) -> _Heading | None:
    m = _PART.match(text)
    if m:
        tail = m.group(3).strip(" .:-–—")
        label = f"{m.group(1)} {m.group(2)}" + (f" {tail}" if tail and len(tail) < 80 else "")
        return _Heading(0, label, None)
    m = _ARTICLE.match(text)
    if m:
        tail = m.group(3).strip(" .:-–—")
        label = f"{m.group(1)} {m.group(2)}" + (f" {tail}" if tail and len(tail) < 80 else "")
        return _Heading(1, label, None)
    m = _ROMAN_HEAD.match(text)
    if m and len(text.split()) <= 12 and text.upper() == text:
        return _Heading(2, text.rstrip(" ."), m.group(1))
    m = _ITEM.match(text)
    if m and len(text) <= 120:
        return _Heading(1.5, text.rstrip(" ."), None)
    m = _SECTION_WORD.match(text)
    if m:
        number = m.group(1)
        title = _short_title(m.group(2), complete)
        label = f"Section {number}" + (f" {title}" if title else "")
        return _Heading(1 + number.count(".") + 1, label, number)
    m = _NUMBER_SUB.match(text)
    if m:
        clause = f"{m.group(1)}({m.group(2)})"
        return _Heading(99, clause, clause)  # a clause, never a section heading
    m = _NUMBER.match(text)
    if m:
        number, dot, rest = m.group(1), m.group(2), m.group(3)
        if "." not in number and not dot:
            return None  # "12 months" is no clause
        if any(int(part) > 99 for part in number.split(".")) or int(number.split(".")[0]) == 0:
            return None
        title = _short_title(rest, complete)
        if title is None and not (rest[0].isupper() or rest[0] in "\"'“("):
            return None  # "1.5 million..." wrapped to a line start
        label = f"{number}{dot} {title}" if title else f"{number}{dot}"
        return _Heading(1 + number.count(".") + 1, label.strip(), number)
    return None


def assign_structure(
    pages: Sequence[Sequence[RawLine]], furniture: Sequence[Sequence[bool]]
) -> list[list[LineStructure]]:
    """Give every line its section path, clause id, paragraph number and heading flag."""
    content = [
        line
        for lines, flags in zip(pages, furniture, strict=True)
        for line, f in zip(lines, flags, strict=True)
        if not f
    ]
    body = body_font_size(content)
    stack: list[_Heading] = []
    clause: str | None = None
    paragraph = 0
    prev: RawLine | None = None
    prev_heading = False
    seen_heading = False
    out: list[list[LineStructure]] = []
    for lines, flags in zip(pages, furniture, strict=True):
        page_out: list[LineStructure] = []
        # the usual top-to-top line pitch on this page; a larger step is a paragraph break
        pitches = sorted(
            b.bbox[1] - a.bbox[1]
            for a, b in itertools.pairwise(lines)
            if 0 < b.bbox[1] - a.bbox[1] < 3 * max(a.font_size, 1.0)
        )
        pitch = pitches[len(pitches) // 10] if pitches else 1.35 * max(body, 1.0)

        def breaks(a: RawLine, b: RawLine, pitch: float = pitch) -> bool:
            return b.bbox[1] - a.bbox[1] > 1.3 * pitch

        body_lines = [ln for ln, f in zip(lines, flags, strict=True) if not f]
        next_of = {id(a): b for a, b in itertools.pairwise(body_lines)}
        for line, is_furniture in zip(lines, flags, strict=True):
            if is_furniture:
                page_out.append(LineStructure(None, None, None, False))
                continue
            text = line.text
            starts_block = (
                prev is None
                or prev_heading
                or prev.text.endswith(_TERMINAL)
                or (prev.bbox[1] <= line.bbox[1] and breaks(prev, line))
                or line.bbox[1] < prev.bbox[1]  # a new page or column
            )
            heading: _Heading | None = None
            if starts_block and not line.is_table_row:
                nxt = next_of.get(id(line))
                complete = (
                    nxt is None
                    or line.bold
                    or nxt.bbox[1] < line.bbox[1]
                    or breaks(line, nxt)
                    or _numbered(nxt.text, True) is not None
                )
                heading = _numbered(text, complete)
                letter = _LETTER.match(text)
                if heading is None and letter and clause:
                    base = clause.split("(")[0]
                    heading = _Heading(
                        99, f"{base}({letter.group(1)})", f"{base}({letter.group(1)})"
                    )
                upper = _UPPER_ITEM.match(text)
                if heading is None and upper and not _numbered(text, True):
                    base = (clause or "").split(".")[0].split("(")[0]
                    item = f"{base}.{upper.group(1)}" if base else upper.group(1)
                    heading = _Heading(99, item, item)
                words = len(text.split())
                letters = [c for c in text if c.isalpha()]
                if (
                    heading is None
                    and complete
                    and len(letters) >= 2
                    and words <= 12
                    and not text.endswith((",", ";"))
                ):
                    caps = len(letters) >= 4 and all(c.isupper() for c in letters)
                    if body and line.font_size >= 1.25 * body:
                        heading = _Heading(1, text, None)
                    elif (line.bold or caps) and not text.endswith("."):
                        heading = _Heading(2 if stack and stack[0].level < 2 else 1.5, text, None)
            is_heading = False
            if (
                heading is not None
                and heading.clause is None
                and prev_heading
                and prev is not None
                and _numbered(text, True) is None
                and abs(prev.font_size - line.font_size) < 0.5
                and prev.bold == line.bold
                and not breaks(prev, line)
            ):
                # the wrapped second line of a heading continues it
                is_heading = True
            elif heading is not None and heading.clause is None and not stack and not seen_heading:
                # the document's title heads the first page: a heading, but no section
                is_heading = True
            elif heading is not None:
                if heading.level < 99:
                    while stack and stack[-1].level >= heading.level:
                        stack.pop()
                    stack.append(heading)
                    is_heading = len(text.split()) <= 14 or line.bold
                    clause = heading.clause
                else:
                    clause = heading.clause
            new_paragraph = heading is not None or (
                starts_block
                and (
                    prev is None
                    or prev_heading
                    or (prev.bbox[1] <= line.bbox[1] and breaks(prev, line))
                    or (prev.text.endswith(_TERMINAL) and line.bbox[0] > prev.bbox[0] + 8)
                    or line.is_table_row != prev.is_table_row
                )
            )
            if new_paragraph or paragraph == 0:
                paragraph += 1
            seen_heading = seen_heading or heading is not None
            section = " > ".join(h.label for h in stack) or None
            page_out.append(LineStructure(section, clause, paragraph, is_heading))
            prev = line
            prev_heading = is_heading
        out.append(page_out)
    return out
