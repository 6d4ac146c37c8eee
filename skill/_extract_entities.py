"""Readers of facts about a company or a person: a registered agent, a registered office or
headquarters, a registration number, a holder's stake, the positions a person holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from domain import is_table_row, lexicon
from skill._extracted_value import _I, ExtractedValue, _trimmed_span, _value, _window_before
from skill._values import find_percentages, normalize_person_name

# --------------------------------------------------------------------------- names and places

_FORM_ABBREVIATIONS = frozenset(a.lower() for a in lexicon().legal_form_abbreviations)
_NAME_TOKEN = r"(?:[A-Z][\w&'’.-]*|&|of|and|the|de|du|van|von|der|la|le|y)"
# A legal form after a name (vocabulary.yaml legal_forms.written), capitalised as written there
# or in capitals, with its full stop.
_CORPORATE_TAIL = rf"(?:,?\s+(?:{lexicon().legal_form_cased})\b\.?)"
_NAME_RE = re.compile(
    rf"(?P<name>[A-Z][\w&'’.-]*(?:\s+{_NAME_TOKEN})*?(?:{_CORPORATE_TAIL})?)"
    rf"(?=\s*(?:$|[,;:(\n]|\.\s|\.$|\s+(?:at|located|whose|with|in|of\s+\d|which|who|as|is|has|and\s+[a-z])\b))"
)
_AGENT_CUES: tuple[tuple[re.Pattern[str], float], ...] = (
    (
        re.compile(
            r"\b(?:registered|resident|statutory)\s+agent\b[^.;]{0,80}?\b(?:is|shall\s+be|will\s+be|be|as)\s+(?:the\s+(?=[A-Z]))?$",
            _I,
        ),
        0.9,
    ),
    (re.compile(r"\b(?:registered|resident|statutory)\s+agent\s*(?:is|:|-)?\s*$", _I), 0.9),
    (
        re.compile(
            r"\bagent\s+for\s+service\s+of\s+process\b[^.;]{0,60}?\b(?:is|shall\s+be|:)\s*$", _I
        ),
        0.85,
    ),
    (re.compile(r"\bappoint(?:s|ed|ing)?\s+$", _I), 0.6),
)


def _registered_agent(sentence: str, party: str | None) -> list[ExtractedValue]:
    values: list[ExtractedValue] = []
    if not re.search(
        r"\b(?:registered|resident|statutory)\s+agent\b|\bagent\s+for\s+service", sentence, _I
    ):
        return []
    consumed = 0
    for match in re.finditer(r"(?<![\w])[A-Z]", sentence):
        start = match.start()
        if start < consumed:
            continue
        window = sentence[max(0, start - 120) : start]
        confidence = 0.0
        for pattern, weight in _AGENT_CUES:
            if pattern.search(window):
                confidence = max(confidence, weight)
        if not confidence:
            # "Corporation Service Company, as registered agent"
            tail = _NAME_RE.match(sentence, start)
            if tail and re.match(
                r",?\s+(?:as\s+(?:its|the|our)?\s*|(?:its|the|our)\s+)(?:registered|resident|statutory)\s+agent\b",
                sentence[tail.end() :],
                _I,
            ):
                confidence = 0.85
        if not confidence:
            continue
        name_match = _NAME_RE.match(sentence, start)
        if not name_match:
            continue
        name = name_match.group("name").rstrip(",. ")
        if name.lower() in {"the", "a", "an"} or len(name) < 3:
            continue
        end = start + len(name)
        if (
            name_match.group("name").endswith(".")
            and name.rsplit(None, 1)[-1].lower() in _FORM_ABBREVIATIONS
        ):
            end = start + len(name_match.group("name"))
        consumed = end
        normalized = normalize_person_name(sentence[start:end]) or sentence[start:end]
        if any(v.value == normalized for v in values):
            continue
        values.append(_value("name", normalized, sentence, start, end, confidence))
    return values


_OFFICE_CUE = re.compile(
    r"\bregistered\s+(?:office|address)\b(?:\s+(?:in|of)\s+the\s+State\s+of\s+\w+(?:\s+\w+)?)?"
    r"(?:\s+(?:is|shall\s+be|will\s+be)(?:\s+located)?(?:\s+at)?|\s+(?:located|situated)\s+at|\s+at|\s*:|\s+address\s+is)\s+",
    _I,
)
_HQ_CUE = re.compile(
    r"\b(?:headquartered|based)\s+(?:in|at)\s+|"
    r"\b(?:headquarters|head\s+office|principal\s+(?:executive\s+)?offices?|principal\s+place\s+of\s+business)"
    # "of the Corporation", "of Acme Robotics, Inc."
    r"(?:\s+of\s+(?:the\s+)?[A-Z][\w.&'’-]*(?:,?\s+[A-Z][\w.&'’-]*){0,4})?"
    r"(?:\s+(?:is|are|shall\s+be|will\s+be))?(?:\s+(?:located|situated))?\s+(?:in|at)\s+|"
    r"\b(?:headquarters|head\s+office)\s*:\s*|"
    # a party's address in a preamble: "a Michigan corporation with offices at 88 Monroe ..."
    r"\bwith\s+(?:its\s+)?(?:principal\s+)?(?:business\s+)?offices?\s+(?:at|in)\s+",
    _I,
)
_PLACE_END = re.compile(
    r"\s*(?:;|\(|\.\s|\.$|$|,\s+(?:and|which|where|who|that|with|whose)\b|"
    r"\s+(?:and|which|where|who|that|with|whose|since|until|from)\s)"
    # The next item of a bulleted or numbered list starts on a new line.
    r"|[ \t]*\n[ \t]*(?:[-–•*·▪]|\(?[a-z0-9]{1,3}[.)])\s",
)


def _place(
    cue: re.Pattern[str], gate: re.Pattern[str] | None
) -> Callable[[str, str | None], list[ExtractedValue]]:
    def extract(sentence: str, party: str | None) -> list[ExtractedValue]:
        values: list[ExtractedValue] = []
        for match in cue.finditer(sentence):
            start = match.end()
            stop = len(sentence)
            for end_match in _PLACE_END.finditer(sentence, start):
                # "St. Louis", "Inc." and street abbreviations end with a period but
                # do not end the place.
                if end_match.group(0).startswith(".") and re.search(
                    r"\b(?:St|Ste|Ave|Blvd|Rd|No|Dr|Inc|Co|Corp|Ltd|Mt|Ft|Fl|Apt|[A-Z])$",
                    sentence[start : end_match.start()],
                ):
                    continue
                stop = end_match.start()
                break
            span = _trimmed_span(sentence, start, stop)
            if span[1] - span[0] < 2:
                continue
            confidence = 0.9 if gate is None or gate.search(sentence) else 0.7
            text = sentence[span[0] : span[1]].rstrip(".")
            values.append(_value("text", text, sentence, span[0], span[0] + len(text), confidence))
        return values

    return extract


_REGISTRATION_RE = re.compile(
    r"\b(?:(?:company|registration|registered|file|entity|corporate|incorporation|business|"
    r"charter|commercial\s+register(?:\s+number)?)\s*(?:number|no\.?|#|nr\.?|id)|"
    r"(?:Companies\s+House|Commercial\s+Register|Handelsregister|Register\s+of\s+Companies)"
    r"(?:\s+(?:under|with|of|at)\s+[^,;]{0,40}?)?(?:\s+(?:number|no\.?))?|UEN|CIN|KvK(?:\s+number)?|"
    r"registered\s+under\s+(?:number|no\.?))"
    r"\s*(?:is\s+|of\s+|:\s*|-\s*)?(?P<id>(?:(?:HRB|HRA|SC|NI|OC|LP|FC|BR)\s?)?[A-Z]{0,3}\d[\dA-Z/.-]{2,}[A-Z\d])",
    _I,
)


def _registration_number(sentence: str, party: str | None) -> list[ExtractedValue]:
    values: list[ExtractedValue] = []
    for match in _REGISTRATION_RE.finditer(sentence):
        start, end = match.span("id")
        if any(v.value == match.group("id") for v in values):
            continue
        values.append(_value("text", match.group("id"), sentence, start, end, 0.9))
    return values


# --------------------------------------------------------------------------- people

_STAKE_CUE = re.compile(
    r"\b(?:holds?|held|holding|owns?|owned|owning|beneficially\s+owns?|stake|ownership|interest|"
    r"shares?|stock|equity|fully\s+diluted|outstanding|FD)\b|%\s*$",
    _I,
)


def _stake(sentence: str, party: str | None) -> list[ExtractedValue]:
    """A holder's percentage of an entity: a percentage stated with ownership language, or the
    one percentage cell of a table row (a capitalization table lays a holder out as a row)."""
    mentions = find_percentages(sentence)
    if not mentions:
        return []
    row = is_table_row(sentence)
    values: list[ExtractedValue] = []
    for mention in mentions:
        window = _window_before(sentence, mention.start, 80)
        after = sentence[mention.end : mention.end + 40]
        if _STAKE_CUE.search(window) or re.match(
            r"\s*(?:of\s+the\s+)?(?:outstanding|issued|"
            r"fully|shares|stock|equity|interest|stake)",
            after,
            _I,
        ):
            confidence = 0.85
        elif row and len(mentions) == 1:
            confidence = 0.8
        else:
            continue
        values.append(
            _value("percentage", mention.value, sentence, mention.start, mention.end, confidence)
        )
    return values


# A count as a document writes it: digits grouped by commas, or plain; in parentheses after
# the words ("Twenty Million (20,000,000) shares").
_COUNT = r"\(?(?P<count>\d{1,3}(?:,\d{3})+|\d+)\)?"
_COUNT_CELL = re.compile(r"\s*(\d{1,3}(?:,\d{3})+|\d+)\s*")
# A cell of a table row: the text between its bars or tabs (`domain.is_table_row`).
_TABLE_CELL = re.compile(r"[^|\t]+")


def count_reader(
    unit: str, shown: str, held: str, not_held: str, column: str, recipient: str
) -> Callable[[str, str | None, str | None], list[ExtractedValue]]:
    """A reader of a count held (the lexicon's `count` extractor: `unit` the counted word,
    `shown` the word written after the count in the value ("4,000,000 shares"), `held` and
    `not_held` the words that say whether the count is held, `column` the words of a table
    column of counts held, `recipient` the words between a count and the one it is given to,
    each a regex): a count of the unit stated with holding words and none of the others ("shall
    issue 4,000,000 shares of Common Stock to Okafor"), or the one count cell of a table row
    under a column `header` says holds the unit and nothing of not being held (a
    capitalization table's holder row; a count under "Age" or "Options" is no count held). A
    percentage, an amount of money or a date is never a count. A `party` named keeps the
    counts stated of it: where a sentence states several, the count before its name; a count
    given to another ("issued 500,000 shares to Hale") is never the party's."""
    stated = re.compile(rf"(?<![\w.,$]){_COUNT}\s+(?:{unit})\b", _I)
    holding = re.compile(rf"\b(?:{held})\b", _I)
    not_holding = re.compile(rf"(?:\b|_)(?:{not_held})(?:\b|_)", _I)
    counted = re.compile(rf"\b(?:{column})\b", _I)
    # the one a count is given to, named right after it: "500,000 shares of Common Stock to
    # Dana Hale", "80,000 shares held by Marek Stone"
    given_to = re.compile(
        rf"\)?\s+(?i:{unit})\b(?:\s+of\s+(?:the\s+)?[A-Z][\w.,'’&-]*(?:\s+[A-Z][\w.,'’&-]*)*?)?"
        rf"\s+(?i:{recipient})\s+(?P<name>[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*)*)",
    )

    def read(sentence: str, party: str | None, header: str | None = None) -> list[ExtractedValue]:
        if not_holding.search(sentence):
            return []
        found = [
            (m.start("count"), m.end("count"), m.group("count")) for m in stated.finditer(sentence)
        ]
        if found and not holding.search(sentence):
            return []
        confidence = 0.85
        if not found and is_table_row(sentence):
            cells = _cells(sentence)
            head = _column_head(sentence, cells[0][0], header) if len(cells) == 1 else None
            if head is None or not counted.search(head) or not_holding.search(head):
                return []
            found, confidence = cells, 0.8
        if party and len(found) > 1:
            found = _stated_of(sentence, found, party)
        if party:
            found = [c for c in found if not _given_to_another(sentence, c[1], given_to, party)]
        return [
            ExtractedValue("number", f"{text} {shown}", sentence[a:b], a, b, confidence)
            for a, b, text in found
        ]

    return read


def _cells(row: str) -> list[tuple[int, int, str]]:
    """The cells of a table row that are a count alone (no %, $, decimals), not a year."""
    out = []
    for cell in _TABLE_CELL.finditer(row):
        match = _COUNT_CELL.fullmatch(cell.group())
        if match is not None and not re.fullmatch(r"(?:19|20)\d\d", match.group(1)):
            start = cell.start() + match.start(1)
            out.append((start, start + len(match.group(1)), match.group(1)))
    return out


def _stated_of(
    sentence: str, found: list[tuple[int, int, str]], party: str
) -> list[tuple[int, int, str]]:
    """The counts stated of `party`: each count's stretch runs to the next count, and the
    party's last word named in it makes it the party's ("4,000,000 shares ... to Okafor and
    2,200,000 shares ... to Lindgren")."""
    word = _party_word(party)
    ends = [a for a, _, _ in found[1:]] + [len(sentence)]
    return [c for c, end in zip(found, ends, strict=True) if word.search(sentence, c[1], end)]


def _column_head(row: str, start: int, header: str | None) -> str | None:
    """The head, in `header`, of the column of the cell of `row` at `start`: cells matched by
    position, so only where the header has as many cells as the row (else None)."""
    if header is None:
        return None
    heads = _TABLE_CELL.findall(header)
    cells = list(_TABLE_CELL.finditer(row))
    if len(heads) != len(cells):
        return None
    return next(heads[i] for i, cell in enumerate(cells) if cell.start() <= start < cell.end())


def _given_to_another(sentence: str, end: int, given_to: re.Pattern[str], party: str) -> bool:
    """Whether the count ending at `end` is given to one named right after it who is not
    `party` ("... issued 500,000 shares of Common Stock to Dana Hale": not Paul Reyes's)."""
    match = given_to.match(sentence, end)
    if match is None:
        return False
    return _party_word(party).search(match.group("name")) is None


def _party_word(party: str) -> re.Pattern[str]:
    """The party's last word as a word ("Okafor" of "Maria Okafor"): how a sentence that
    lists several holders names each."""
    return re.compile(rf"\b{re.escape(party.split()[-1])}\b", _I)


_AFFILIATION_TITLE = (
    r"(?:(?:Senior|Managing|General|Founding|Venture|Operating|Executive|Non-executive|Independent)"
    r"\s+)?(?:Partner|Principal|Managing\s+Director|Director|Advisor|Adviser|Professor|"
    r"Chair(?:man|woman|person)?|Trustee|Board\s+Member|Member\s+of\s+the\s+Board|Fellow|"
    r"Chief\s+\w+\s+Officer|CEO|CFO|COO|CTO|President|Vice\s+President|Founder|Co-founder)"
)
_AFFILIATION_RE = re.compile(
    rf"(?P<value>{_AFFILIATION_TITLE}(?:,\s*|\s+(?:at|of|with)\s+)(?:the\s+)?"
    r"[A-Z][\w&.'’-]*(?:\s+(?:(?:of|and|&|for|at)\s+(?:the\s+)?)?[A-Z][\w&.'’-]*){0,6})"
)


def _affiliation(sentence: str, party: str | None) -> list[ExtractedValue]:
    """Positions a person holds at an organisation ("Partner, Lumen Ventures", "Professor of
    Robotics at Carnegie Mellon University")."""
    values: list[ExtractedValue] = []
    for match in _AFFILIATION_RE.finditer(sentence):
        start, end = _trimmed_span(sentence, *match.span("value"))
        text = sentence[start:end].rstrip(".")
        values.append(_value("text", text, sentence, start, start + len(text), 0.8))
    return values
