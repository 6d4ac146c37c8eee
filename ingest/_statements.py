"""Statement tables as cells: the figures of a filing's financial tables, read from the
positions of a page's words.

A table starts at a header row of years ("2018  2017  2016", "December 31, 2018  December
31, 2017", "Fiscal 2023  Fiscal 2022"). Its columns are where the page's figures stand: the
right edges of the numbers below the header, clustered, each tied to the year above it. A
row's label is the text left of its figures; a label-only row is a parent of the rows
indented under it, or the first line of a label wrapped onto the next. The caption above the
header gives the scale ("in millions, except per share data"); parentheses give the sign, a
dash an empty cell.

Words and not PyMuPDF's `find_tables`: the figures' own x-positions give the columns, with
no ruling lines needed (filing pages shade row bands instead). Measured by bench/
statement_cells on 21 hand-labelled statement pages of the shared filings (467 rows of label,
period, value and unit; 10 development pages, 11 held-out pages never looked at while this
was written), find_tables credited with each figure's nearest header year and its scale
unasked: this reader 213/213 right on the development pages, 246/254 (96.9%; 254/254 on
label, period and value) held out; find_tables' default (lines) strategy 41.3% and 68.5%,
most rows missing (a shaded band is a table of its own, or no table is found); its text
strategy 47.9% and 35.4% (labels split into columns, figures merged).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from domain import (
    StatementCell,
    label_count_subjects,
    label_count_words,
    lexicon,
    names_category_total,
    names_share_amount,
)

# (x0, y0, x1, y1, text), PyMuPDF's "words" without the block/line numbers
Word = tuple[float, float, float, float, str]
# a page's printed line: (line_no, bbox, text, char_start, char_end)
PageLine = tuple[int, tuple[float, float, float, float], str, int, int]

_YEAR = re.compile(r"^(?:FY)?((?:19|20)\d{2})[,*]?$")
_NUMBER = re.compile(r"^\(?-?\$?\(?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\)?%?\)?$")
# "$24," in a label's prose: a dollar amount no header row prints
_AMOUNT_IN_PROSE = re.compile(r"^\$\d")
_DASHES = frozenset({"—", "–", "-", "—%", "-%", "–%", "$—", "$-", "$–"})
_SCALE = re.compile(r"\b(thousands|millions|billions)\b", re.IGNORECASE)
_SCALES = {"thousands": 1_000, "millions": 1_000_000, "billions": 1_000_000_000}
_MONTHS_SPAN = re.compile(r"\b(three|six|nine|twelve|3|6|9|12)[\s-]+months?\b", re.IGNORECASE)
_SPAN_WORDS = {"three": 3, "six": 6, "nine": 9, "twelve": 12}
_QUARTER = re.compile(r"\bquarter\b", re.IGNORECASE)
_PER_SHARE = re.compile(r"\bper\s+(?:common\s+|basic\s+|diluted\s+)?share\b", re.IGNORECASE)
_SHARES = re.compile(r"\bshares\b", re.IGNORECASE)
# a label that counts shares though it names a per-share figure: "Shares used to compute
# diluted net income per share", "Weighted-average shares used in per share amounts"
_COUNT_LABEL = re.compile(r"^\W*(?:weighted[\s-]+average\s+)?(?:common\s+)?shares\b", re.I)
# the furniture a caption skips
_NOT_CAPTION = re.compile(r"^(?:table of contents|index)$", re.IGNORECASE)
# a right edge within this many points of a column's joins it
_COLUMN_SLACK = 12.0


@dataclass(slots=True)
class _Token:
    x0: float
    y0: float
    x1: float
    y1: float
    text: str

    @property
    def mid(self) -> float:
        return (self.x0 + self.x1) / 2


@dataclass(slots=True)
class _Row:
    tokens: list[_Token]

    @property
    def y0(self) -> float:
        return min(t.y0 for t in self.tokens)

    @property
    def y1(self) -> float:
        return max(t.y1 for t in self.tokens)

    @property
    def x0(self) -> float:
        return self.tokens[0].x0

    @property
    def text(self) -> str:
        return " ".join(t.text for t in self.tokens)


def _rows(words: Sequence[Word]) -> list[_Row]:
    """Words on one baseline as one row, left to right; rows top-down."""
    ordered = sorted(words, key=lambda w: ((w[1] + w[3]) / 2, w[0]))
    rows: list[_Row] = []
    # the open row's vertical extent: a word overlapping half of it (or it half of the
    # word) joins it; a label set a few points above its figures is one row with them
    top = bottom = -1e9
    for w in ordered:
        token = _Token(w[0], w[1], w[2], w[3], w[4].strip())
        if not token.text:
            continue
        overlap = min(bottom, token.y1) - max(top, token.y0)
        height = min(bottom - top, token.y1 - token.y0)
        if rows and height > 0 and overlap >= 0.5 * height:
            rows[-1].tokens.append(token)
            top, bottom = min(top, token.y0), max(bottom, token.y1)
        else:
            rows.append(_Row([token]))
            top, bottom = token.y0, token.y1
    for row in rows:
        row.tokens.sort(key=lambda t: t.x0)
        row.tokens = _joined(row.tokens)
    return [row for row in rows if row.tokens]  # a row of "$" signs alone is none


def _bbox(token: _Token) -> tuple[float, float, float, float]:
    """A cell's box as stored (points, two decimals)."""
    return (round(token.x0, 2), round(token.y0, 2), round(token.x1, 2), round(token.y1, 2))


def _joined(tokens: list[_Token]) -> list[_Token]:
    """A figure's pieces as one token: "(1,577" and ")", "12.5" and "%", "$" dropped."""
    out: list[_Token] = []
    for t in tokens:
        if t.text == "$":
            continue
        if out and t.text in (")", "%", ")%", "%)") and t.x0 - out[-1].x1 < 4:
            prev = out[-1]
            out[-1] = _Token(prev.x0, prev.y0, t.x1, max(prev.y1, t.y1), prev.text + t.text)
            continue
        if out and out[-1].text in ("(", "$(") and t.x0 - out[-1].x1 < 4:
            prev = out[-1]
            out[-1] = _Token(prev.x0, prev.y0, t.x1, max(prev.y1, t.y1), "(" + t.text)
            continue
        out.append(t)
    return out


def _is_figure(text: str) -> bool:
    return bool(_NUMBER.match(text)) or text in _DASHES


def _value(text: str) -> float | None:
    """The printed figure's value, negative in parentheses; None for a dash."""
    if text in _DASHES:
        return None
    digits = re.sub(r"[^\d.]", "", text)
    value = float(digits)
    return -value if "(" in text or text.startswith("-") else value


def _year_tokens(row: _Row, width: float) -> list[_Token]:
    """The years of a header row (none when the row is not one)."""
    years = [t for t in row.tokens if _YEAR.match(t.text) and t.x0 > 0.3 * width]
    if len(years) < 2:
        return []
    # A header row holds years and the words of dates and periods; a data row holds figures
    # with commas, parentheses or decimals that no header has, and a wrapped label may name
    # amounts and years in prose ("net of refunds of $24, $30 and $22 in 2020, 2019").
    for t in row.tokens:
        if t in years:
            continue
        if _AMOUNT_IN_PROSE.match(t.text):
            return []
        if _NUMBER.match(t.text) and ("," in t.text.rstrip(",") or "(" in t.text or "." in t.text):
            return []
    return years


@dataclass(frozen=True, slots=True)
class _Column:
    right: float  # the figures' right edge
    header: str  # the header's words above it, top-down
    year: int


def _columns(
    header_rows: Sequence[_Row], years: Sequence[_Token], body: Sequence[_Row]
) -> list[_Column]:
    """The table's columns: the figures' right edges below the header, clustered, each tied
    to a year of the header (in order when they are as many, else the nearest)."""
    left = min(t.x0 for t in years) - 40
    edges = sorted(t.x1 for row in body for t in row.tokens if t.x0 >= left and _is_figure(t.text))
    clusters: list[list[float]] = []
    for e in edges:
        if clusters and e - clusters[-1][-1] <= _COLUMN_SLACK:
            clusters[-1].append(e)
        else:
            clusters.append([e])
    rights = [sum(c) / len(c) for c in clusters if len(c) >= 2]
    pairs: list[tuple[float, _Token]] = []
    if len(rights) == len(years):
        pairs = list(zip(rights, years, strict=True))
    else:
        # Each year to the nearest figures' edge at its right (a "% change" column beside
        # the years has no year and is left out).
        taken: set[int] = set()
        for y in years:
            options = [
                (abs(r - y.x1), i) for i, r in enumerate(rights) if i not in taken and r >= y.x0
            ]
            if options:
                _, best = min(options)
                taken.add(best)
                pairs.append((rights[best], y))
    spans = _span_phrases(header_rows)
    columns = []
    for right, year in pairs:
        words: list[str] = []
        for row in header_rows:
            for t in row.tokens:
                # a header word belongs to the year it stands over
                nearest = min(years, key=lambda y: abs(y.mid - t.mid))
                if nearest is year and t.x0 > left - 60:
                    words.append(t.text)
        reaching = [(text, day) for x0, text, day in spans if x0 < right]
        if reaching and not _MONTHS_SPAN.search(" ".join(words)):
            # "Three Months Ended" centred over its two columns stands over the first only;
            # it spans every column up to the next span's start (the prior year's quarter is
            # a quarter, not a fiscal year)
            words[: 1 if words and words[0].lower() in ("ended", "ending") else 0] = [
                reaching[-1][0]
            ]
        if reaching and reaching[-1][1] and _month_day(" ".join(words)) is None:
            # ... and so does the date it ends on, printed once with it ("Three Months Ended
            # December 31," over "2022  2021"): each column's is that day of its own year
            words.append(reaching[-1][1])
        match = _YEAR.match(year.text)
        assert match is not None
        columns.append(_Column(right, " ".join(words), int(match.group(1))))
    return columns


def _span_phrases(header_rows: Sequence[_Row]) -> list[tuple[float, str, str | None]]:
    """The span phrases of a table's header ("Three Months Ended", "Six Months Ended"), each
    with its left edge and the month and day it ends on when printed right after it
    ("December 31"), left to right."""
    found: list[tuple[float, str, str | None]] = []
    for row in header_rows:
        tokens = row.tokens
        for i, t in enumerate(tokens[:-1]):
            if _MONTHS_SPAN.match(f"{t.text} {tokens[i + 1].text}"):
                ended = i + 2 < len(tokens) and tokens[i + 2].text.lower() in ("ended", "ending")
                words = [t.text, tokens[i + 1].text, *([tokens[i + 2].text] if ended else [])]
                after = " ".join(x.text for x in tokens[i + len(words) : i + len(words) + 2])
                day = _month_day(after) if ended else None
                found.append((t.x0, " ".join(words), day))
    return sorted(found)


def _month_day(text: str) -> str | None:
    """The first "<month> <day>" of `text` ("December 31"), or None."""
    for m in re.finditer(r"\b([A-Za-z]+)\.?\s+(\d{1,2})\b", text):
        if lexicon().month_number(m.group(1)) is not None and 1 <= int(m.group(2)) <= 31:
            return f"{m.group(1)} {m.group(2)}"
    return None


def _period(
    column: _Column, caption: str, months_of: dict[str, int]
) -> tuple[str, str | None, int | None]:
    """(period, end date, months) of a column: its header's date and span, or the caption's."""
    text = column.header
    span = _MONTHS_SPAN.search(text) or _MONTHS_SPAN.search(caption)
    months = None
    if span:
        word = span.group(1).lower()
        months = _SPAN_WORDS.get(word) or int(word)
    elif _QUARTER.search(text):
        months = 3
    end = None
    for source in (text, caption):
        # the first month and day (a header's words may put "Ended 30," before "Sep 30")
        for m in re.finditer(r"\b([A-Za-z]+)\.?\s+(\d{1,2})\b", source):
            if m.group(1).lower() in months_of and 1 <= int(m.group(2)) <= 31:
                month, day = months_of[m.group(1).lower()], int(m.group(2))
                end = f"{column.year:04d}-{month:02d}-{day:02d}"
                break
        if end:
            break
    year = column.year
    # A 52/53-week year ending in the first days of January is the year before's fiscal year.
    if end and end[5:7] == "01" and int(end[8:10]) <= 7 and "fiscal" not in text.lower():
        year -= 1
    if months in (None, 12):
        return f"FY{year}", end, months
    return f"{months}M:{end or year}", end, months


def _unit(
    label: str, parents: Sequence[str], text: str, scale: int | None, heading: str = ""
) -> tuple[str, int | None]:
    """A figure's unit and scale: a percentage, a per-share amount (never scaled), a count
    of shares (a weighted average, under "shares" or beside it), else dollars. `heading` is
    the label-only heading ending in ":" the row stands under at its own indentation."""
    if text.endswith("%") or text.endswith("%)"):
        return "%", 1
    if _PER_SHARE.search(label) and not _COUNT_LABEL.match(label):
        return "USD/share", 1
    # "Earnings per share:" over "Basic" / "Diluted": the heading names the unit of the
    # rows under it; "Shares used in computing earnings per share:" over the same words
    # counts shares (it names shares too)
    for over in (*parents[-1:], heading):
        if _PER_SHARE.search(over) and not _SHARES.search(over):
            return "USD/share", 1
    context = " ".join([label, *parents[-1:], heading])
    # "Common stock, $0.01 par value: Outstanding shares — 477 and 484": the stock's dollars
    # "Purchase of treasury shares (221)": the dollars paid for shares, not a count
    if (
        _SHARES.search(context)
        and not re.search(r"par value|\$", context, re.IGNORECASE)
        and not names_share_amount(label)
    ):
        return "shares", scale
    return "USD", scale


def read_statement_page(
    page: int, words: Sequence[Word], lines: Sequence[PageLine], width: float
) -> list[StatementCell]:
    """The cells of the statement tables on one page (none when it holds no such table).

    `words` are the page's words with their boxes, `lines` its printed lines as the parsed
    document numbers them (the cell's citation), `width` the page's width."""
    rows = _rows(words)
    months_of = {m: i + 1 for i, m in enumerate(lexicon().months)}
    months_of.update({m[:3]: i + 1 for i, m in enumerate(lexicon().months)})
    starts = [(i, ys) for i, row in enumerate(rows) if (ys := _year_tokens(row, width))]
    cells: list[StatementCell] = []
    previous_end = 0
    taken: set[int] = set()  # the rows a table of periods reads
    for n, (index, years) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(rows)
        if end == index + 1 and n + 1 < len(starts):
            # a row of dates ("February 1, 2020  February 2, 2019") right above the row of
            # their years: one header, read with the next
            continue
        # the header: the year row and the label-free rows just above it (dates, spans)
        top = index
        while (
            top > previous_end
            and rows[top - 1].x0 > min(t.x0 for t in years) - 120
            and not any(_is_figure(t.text) and "," in t.text for t in rows[top - 1].tokens)
            and index - top < 3
            # a row of spans ("Three Months Ended ... Six Months Ended") tops the header:
            # the title centred above it is the caption ("Condensed Consolidated Statements
            # of Income"), not a column's words
            and not (top < index and _MONTHS_SPAN.search(rows[top].text))
        ):
            top -= 1
        header_rows = rows[top : index + 1]
        caption_rows = [
            r
            for r in rows[max(previous_end, top - 8) : top]
            if not _NOT_CAPTION.match(r.text)
            and not any(_is_figure(t.text) and t.x0 > years[0].x0 - 40 for t in r.tokens)
        ]
        # the caption: its title lines, and the words left of the years in the header rows
        left_words = [t.text for r in header_rows for t in r.tokens if t.x1 < years[0].x0 - 20]
        caption = " ".join([*(r.text for r in caption_rows), *left_words])
        body = rows[index + 1 : end]
        columns = _columns(header_rows, years, body)
        if not columns:
            previous_end = end
            continue
        scale = _table_scale(caption, header_rows, rows[max(previous_end, top - 8) : top], years)
        cells.extend(_body_cells(page, body, columns, caption, scale, lines, months_of))
        taken.update(range(top, end))
        previous_end = end
    return cells + _category_cells(page, rows, taken, lines, width, months_of)


def _table_scale(
    caption: str, header_rows: Sequence[_Row], above: Sequence[_Row], years: Sequence[_Token]
) -> int | None:
    """A table's scale: its caption's ("in millions, except per share data"), else a header
    cell's ("(In millions)" printed over the columns), else the sentence that introduces it
    ("... in fiscal 2019, fiscal 2018 and fiscal 2017 ($ in millions):", whose years keep it
    out of the caption), read upward from the header and never past a row of another
    table's figures (a figure with a comma, parentheses or decimals in the columns)."""
    texts = [caption, *(r.text for r in header_rows)]
    for row in reversed(above):
        if any(
            _is_figure(t.text) and not _YEAR.match(t.text) and t.x0 > years[0].x0 - 40
            for t in row.tokens
        ):
            break
        texts.append(row.text)
    for text in texts:
        if found := _SCALE.search(text):
            return _SCALES[found.group(1).lower()]
    return None


# a table whose columns are categories: at most this many header rows stacked over its columns
# ("Europe, / Middle / East and / Africa"), and this many rows above them read for its period
_CATEGORY_HEADER_ROWS = 4
_PERIOD_ROWS = 3
_DATE = re.compile(r"\b([A-Za-z]+)\.?\s+(\d{1,2}),?\s+((?:19|20)\d{2})\b")
_ANY_YEAR = re.compile(r"(?<![\d,.$])((?:19|20)\d{2})(?![\d%]|[,.]\d)")


def _category_cells(
    page: int,
    rows: Sequence[_Row],
    taken: set[int],
    lines: Sequence[PageLine],
    width: float,
    months_of: dict[str, int],
) -> list[StatementCell]:
    """The cells of the page's tables whose columns are categories, not periods ("Operating
    Leases  Finance Leases  Total" under "As of December 31, 2019, our lease liabilities were
    as follows (in millions):"; a segment note's geographic areas beside "Worldwide" under
    "Year ended December 31, 2018"): the period printed once for the table, above its header,
    and each row's figure in its total column (financial.yaml `category_total_columns`), the
    row's figure of that period; a category's column is a part of it, read as none. A table
    no row of years starts, outside every table of periods (`taken`)."""
    out: list[StatementCell] = []
    index = 0
    while index < len(rows) - 1:
        found = None if index in taken else _category_table(rows, index, taken, width)
        if found is None:
            index += 1
            continue
        header_top, columns, body = found
        period_rows, caption_rows = _category_caption(rows, header_top, taken, width)
        dated = _table_period(period_rows, months_of)
        left_words = [
            t.text
            for r in rows[header_top : index + 1]
            for t in r.tokens
            if t.x1 < min(left for left, _, _ in columns) - 20
        ]
        index += 1 + len(body)
        if dated is None:
            continue
        year, date_text = dated
        caption = " ".join([*(r.text for r in caption_rows), *left_words])
        scale_match = _SCALE.search(caption)
        scale = _SCALES[scale_match.group(1).lower()] if scale_match else None
        every = [_Column(right, f"{header} {date_text}", year) for _, right, header in columns]
        totals = [
            c
            for c, (_, _, header) in zip(every, columns, strict=True)
            if names_category_total(header, [h for _, _, h in columns])
        ]
        if len(totals) != 1:
            continue
        # every category's figure stays a column of its own (the row's figures are told
        # apart by their right edges); only the total's is read
        read = _body_cells(page, body, every, caption, scale, lines, months_of)
        out.extend(c for c in read if c.column == totals[0].header)
    return out


def _category_table(
    rows: Sequence[_Row], index: int, taken: set[int], width: float
) -> tuple[int, list[tuple[float, float, str]], list[_Row]] | None:
    """The table whose header's last row is `rows[index]` and whose columns are categories:
    (its header's first row, its columns as (left, right, header words) left to right, its
    body rows), or None. The header holds no figure and no year; the rows below hold figures
    in two or more columns, each column under header words of its own. A row labelled by a
    year alone ends the body (a block of another year stacked below, "2018"); one with
    figures makes the table none (a maturity schedule's "2020", "2021": its rows are years)."""
    header = rows[index]
    if any(_is_figure(t.text) or _ANY_YEAR.search(t.text) for t in header.tokens):
        return None
    if sum(1 for t in header.tokens if t.x0 > 0.3 * width) < 2:
        return None
    body: list[_Row] = []
    for i in range(index + 1, len(rows)):
        if i in taken or _DATE.search(rows[i].text):
            break  # the next table's period ("Year ended December 31, 2017")
        figures = [t for t in rows[i].tokens if _is_figure(t.text) and t.x0 > 0.3 * width]
        label = " ".join(t.text for t in rows[i].tokens if t.x0 <= 0.3 * width)
        if _YEAR.match(label):
            if figures:
                return None  # rows that are years: a maturity schedule, no category table
            break  # a block of another year stacked below ("2018"): not this period's
        if not figures:
            # a label-only row (a parent, a wrapped label) between figure rows, at most one
            if body and not any(_is_figure(t.text) and t.x0 > 0.3 * width for t in body[-1].tokens):
                break
            body.append(rows[i])
            continue
        body.append(rows[i])
    while body and not any(_is_figure(t.text) and t.x0 > 0.3 * width for t in body[-1].tokens):
        body.pop()
    figures = [t for row in body for t in row.tokens if _is_figure(t.text) and t.x0 > 0.3 * width]
    clusters: list[list[_Token]] = []
    for t in sorted(figures, key=lambda t: t.x1):
        if clusters and t.x1 - clusters[-1][-1].x1 <= _COLUMN_SLACK:
            clusters[-1].append(t)
        else:
            clusters.append([t])
    spans = [(min(t.x0 for t in c), sum(t.x1 for t in c) / len(c)) for c in clusters if len(c) >= 2]
    if len(spans) < 2 or len(body) < 2:
        return None
    # every figure of the body stands in a column: a row of prose ("$583 million") is none
    if any(min(abs(right - t.x1) for _, right in spans) > 2 * _COLUMN_SLACK for t in figures):
        return None
    # the header: its last row and the label-free rows stacked right above it
    top = index
    while (
        top > 0
        and index - top < _CATEGORY_HEADER_ROWS - 1
        and top - 1 not in taken
        and rows[top - 1].x0 > spans[0][0] - 120
        and not any(_is_figure(t.text) or _ANY_YEAR.search(t.text) for t in rows[top - 1].tokens)
    ):
        top -= 1
    words: list[list[str]] = [[] for _ in spans]
    for row in rows[top : index + 1]:
        for t in row.tokens:
            if t.x1 < spans[0][0] - 20:
                continue  # the label column's words: the caption's
            gaps = [max(left - t.mid, t.mid - right, 0.0) for left, right in spans]
            best = min(range(len(spans)), key=lambda i: (gaps[i], abs(spans[i][1] - t.mid)))
            if gaps[best] > 2 * _COLUMN_SLACK:
                return None  # a word over no column: prose, not a header
            words[best].append(t.text)
    if not all(words):
        return None
    columns = [(left, right, " ".join(w)) for (left, right), w in zip(spans, words, strict=True)]
    return top, columns, body


def _category_caption(
    rows: Sequence[_Row], header_top: int, taken: set[int], width: float
) -> tuple[list[_Row], list[_Row]]:
    """The rows above a category table's header its period is read from (the nearest few),
    and its caption's rows (up to eight, up to a row of figures: another table's)."""
    above: list[_Row] = []
    for i in range(header_top - 1, max(header_top - 8, 0) - 1, -1):
        if (
            i in taken
            or _NOT_CAPTION.match(rows[i].text)
            or any(
                _is_figure(t.text) and not _YEAR.match(t.text) and t.x0 > 0.3 * width
                for t in rows[i].tokens
            )
        ):
            break
        above.insert(0, rows[i])
    return above[-_PERIOD_ROWS:], above


def _table_period(rows: Sequence[_Row], months_of: dict[str, int]) -> tuple[int, str] | None:
    """The one period printed above a table (its year and the words that date it: "Year
    ended December 31, 2018", "As of December 31, 2019"), from the nearest row that names a
    year; None when that row names two years or none does."""
    for row in reversed(rows):
        years = {m.group(1) for m in _ANY_YEAR.finditer(row.text)}
        if not years:
            continue
        if len(years) > 1:
            return None
        date = next((m for m in _DATE.finditer(row.text) if m.group(1).lower() in months_of), None)
        span = _MONTHS_SPAN.search(row.text)
        words = [*([span.group(0)] if span else []), *([date.group(0)] if date else [])]
        return int(next(iter(years))), " ".join(words) or next(iter(years))
    return None


def _body_cells(
    page: int,
    body: Sequence[_Row],
    columns: Sequence[_Column],
    caption: str,
    scale: int | None,
    lines: Sequence[PageLine],
    months_of: dict[str, int],
) -> list[StatementCell]:
    first_left = min(c.right for c in columns) - 70
    periods = [_period(c, caption, months_of) for c in columns]
    parents: list[tuple[float, str]] = []  # label-only rows above, by indentation
    pending: _Row | None = None  # a label-only row that may be wrapped onto the next
    # The label-only rows right above the current figure rows, and the heading they make
    # when it ends in ":" ("Earnings per common share attributable to" / "Corning
    # Incorporated:"): filings print the rows under it at its own indentation, so it is no
    # parent, but it names their unit until a row stands left of it or a new heading comes.
    run: list[_Row] = []
    heading: tuple[float, str] | None = None
    out: list[StatementCell] = []
    for row in body:
        figures = [t for t in row.tokens if _is_figure(t.text) and t.x1 >= first_left]
        label_tokens = [t for t in row.tokens if t.x1 < first_left or t not in figures]
        label_tokens = [t for t in label_tokens if t not in figures]
        label = " ".join(t.text for t in label_tokens)
        x0 = label_tokens[0].x0 if label_tokens else row.x0
        if not figures:
            if label:
                run.append(row)
            if pending is not None and label and _continues(pending, row, label):
                pending = _Row([*pending.tokens, *row.tokens])
                continue
            if pending is not None:
                _push(parents, pending.x0, pending.text)
            pending = row if label else None
            continue
        label_row = row  # the words the label is printed in
        if pending is not None and label and _continues(pending, row, label):
            # the second line of a wrapped label: "Adjustments to reconcile ... to net cash"
            # / "provided by operating activities"
            label = f"{pending.text} {label}"
            x0 = pending.x0
            label_row = _Row([*pending.tokens, *row.tokens])
        elif pending is not None:
            _push(parents, pending.x0, pending.text)
        pending = None
        if run:
            joined = " ".join(r.text for r in run)
            heading = (run[0].x0, joined) if joined.endswith(":") else None
            run = []
        if heading is not None and x0 < heading[0] - 1:
            heading = None
        while parents and parents[-1][0] >= x0 - 1:
            parents.pop()
        line_no, _, line_text, char_start, char_end = _line_of(row, lines)
        out.extend(
            _label_counts(page, label_row, label, [p for _, p in parents], periods, caption, lines)
        )
        for token in figures:
            col = min(range(len(columns)), key=lambda i: abs(columns[i].right - token.x1))
            if abs(columns[col].right - token.x1) > 2 * _COLUMN_SLACK:
                continue
            period, end, months = periods[col]
            unit, cell_scale = _unit(
                label, [p for _, p in parents], token.text, scale, heading[1] if heading else ""
            )
            out.append(
                StatementCell(
                    page=page,
                    line_no=line_no,
                    line_text=line_text,
                    char_start=char_start,
                    char_end=char_end,
                    bbox=_bbox(token),
                    caption=caption,
                    row_label=label,
                    parents=tuple(p for _, p in parents),
                    column=columns[col].header,
                    period=period,
                    period_end=end,
                    months=months,
                    text=token.text,
                    value=_value(token.text),
                    scale=cell_scale,
                    unit=unit,
                )
            )
    return out


_LABEL_NUMBER = re.compile(r"(?<![\d$.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\d%]|[.,]\d)")


def _label_counts(
    page: int,
    row: _Row,
    label: str,
    parents: Sequence[str],
    periods: Sequence[tuple[str, str | None, int | None]],
    caption: str,
    lines: Sequence[PageLine],
) -> list[StatementCell]:
    """The counts a row's label states for the table's periods, in a clause of it whose
    figures are as many as the columns, joined by "and" or ",", and followed by the noun
    they count (financial.yaml `label_counts`: "Common stock, $0.10 par value: Authorized -
    1.0 billion shares; Issued and outstanding - 218.1 million and 227.4 million shares,
    respectively"): each a cell of its column's period, labelled by the label's subject and
    the clause's lead ("Common stock issued and outstanding shares"), cited at the figure's
    own words. None where no clause is so."""
    nouns, joiners, scales = label_count_words()
    scale_words = "|".join(re.escape(w) for w in sorted(scales, key=lambda w: (-len(w), w)))
    noun_words = "|".join(re.escape(w) for w in sorted(nouns, key=lambda w: (-len(w), w)))
    joined = {j.lower() for j in joiners}
    out: list[StatementCell] = []
    subject = re.split(r"[,:;]", label, maxsplit=1)[0].strip()
    # the count is a security's, stated after its name: the subject's head noun phrase (its
    # words before a parenthesis, a "$" or a figure: "Common stock ($.01 par value") names
    # the security in one of its joined parts ("Common stock and additional paid-in
    # capital", "Class A and Class B common stock"); a subject naming none ("As of the date
    # it was approved by our shareholders, there were 46 million shares") is a sentence's,
    # not a statement line's
    head = re.split(r"[($\d]", subject, maxsplit=1)[0].strip()
    words_joining = "|".join(re.escape(j) for j in sorted(joined) if re.fullmatch(r"\w+", j))
    parts = (
        re.split(rf"\s+(?:{words_joining})\s+", head, flags=re.IGNORECASE)
        if words_joining
        else [head]
    )
    security = next(
        (
            part.strip()
            for part in parts
            if any(w.lower() in label_count_subjects() for w in re.findall(r"[A-Za-z]+", part))
        ),
        None,
    )
    if security is None:
        return []
    for clause in label.split(";"):
        found = list(_LABEL_NUMBER.finditer(clause))
        if len(found) != len(periods) or not found:
            continue
        if clause.startswith(subject) and found[0].start() < len(subject):
            # the figures inside the subject ("Treasury shares (2 and 2 million shares,
            # respectively)"): no clause after it states the count
            continue
        figures: list[tuple[str, int | None]] = []
        for i, m in enumerate(found):
            scale = re.match(rf"\s+({scale_words})\b", clause[m.end() :], re.IGNORECASE)
            after = m.end() + (scale.end() if scale else 0)
            figures.append((m.group(0), scales[scale.group(1).lower()] if scale else None))
            gap = clause[after : found[i + 1].start()] if i + 1 < len(found) else ""
            if i + 1 < len(found) and not all(
                w.lower() in joined for w in re.findall(r"\w+|,", gap)
            ):
                break
        else:
            tail = clause[after:]
            if not re.match(rf"\s*(?:{noun_words})\b", tail, re.IGNORECASE):
                continue
            lead = clause[: found[0].start()].strip(" -–—:").strip()
            if not lead or lead == subject:
                continue
            noun = re.match(rf"\s*({noun_words})", tail, re.IGNORECASE)
            assert noun is not None
            # "218.1 and 227.4 million": the last figure's scale is every one's; with none, a
            # full count ("944,033,056 shares") is itself, a short one ("477 and 484 shares"
            # under "in millions") may be the table's scale or none: not read
            if figures[-1][1] is None and not all("," in text for text, _ in figures):
                continue
            last_scale = figures[-1][1] or 1
            # the security's name ("Common stock" of "Common stock and additional paid-in
            # capital"), past the lead when the clause opens with the subject
            name = f"{security} {lead[0].lower()}{lead[1:]} {noun.group(1).lower()}"
            used: set[int] = set()
            for (text, own_scale), (period, end, months) in zip(figures, periods, strict=True):
                token = next(
                    (t for t in row.tokens if t.text.strip(",;") == text and id(t) not in used),
                    None,
                )
                if token is None:
                    break
                used.add(id(token))
                line_no, _, line_text, char_start, char_end = _line_of(row, lines)
                out.append(
                    StatementCell(
                        page=page,
                        line_no=line_no,
                        line_text=line_text,
                        char_start=char_start,
                        char_end=char_end,
                        bbox=_bbox(token),
                        caption=caption,
                        row_label=name,
                        parents=tuple(parents),
                        column=f"{period} (stated in the label)",
                        period=period,
                        period_end=end,
                        months=months,
                        text=text,
                        value=float(text.replace(",", "")),
                        scale=own_scale or last_scale,
                        unit=nouns[noun.group(1).lower()],
                    )
                )
    return out


def _continues(pending: _Row, row: _Row, label: str) -> bool:
    """Is `row` the next line of `pending`'s wrapped label? It starts in lower case, no
    further left, right below it."""
    return (
        label[0].islower()
        and row.x0 >= pending.x0
        and row.y0 - pending.y1 < 0.8 * (row.y1 - row.y0)
    )


def _push(parents: list[tuple[float, str]], x0: float, text: str) -> None:
    while parents and parents[-1][0] >= x0 - 1:
        parents.pop()
    parents.append((x0, text))


def _line_of(row: _Row, lines: Sequence[PageLine]) -> PageLine:
    """The printed line the row is on: the one it overlaps most (the row's own words, at
    line 0, when no line of the page does)."""
    y0, y1 = row.y0, row.y1
    best: tuple[float, PageLine] = (0.0, (0, (0.0, 0.0, 0.0, 0.0), row.text, 0, 0))
    for line in lines:
        overlap = min(y1, line[1][3]) - max(y0, line[1][1])
        if overlap > best[0]:
            best = (overlap, line)
    return best[1]
