"""Financial statements as data: a statement table's cell (`StatementCell`), and the line
items analysts ask for as concepts (`FinancialConcept`, from domain/lexicon/financial.yaml).

A cell is what ingestion reads from a statement table (ingest/_statements.py) and the catalog
keeps (retrieval's `statement_cells` table); the skill answers a figure question from it.
"""

from __future__ import annotations

import ast
import functools
import itertools
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

from domain._lexicon import LEXICON_DIR, LexiconError, lexicon, phrase_pattern, read_yaml

FINANCIAL_FILE = "financial.yaml"
# how the reader joins a table row's cells in the document's text (ingest/_layout.py CELL_SEP)
_CELL_SEP = " | "


@dataclass(frozen=True, slots=True)
class StatementCell:
    """One figure of a statement table, with everything needed to cite it.

    `row_label` is the row's own text (a wrapped label joined), `parents` the label-only rows
    above it that its indentation places it under, outermost first. `period` is "FY2018" for
    a fiscal year's column (a year's flow, or the balance at its end), "3M:2023-07-29" for a
    column of some months ended on a date; `period_end` the end date as printed (ISO), when
    the header gives one. `value` is the number as printed, signed by its parentheses, None
    for a dash; `scale` the caption's unit scale (1_000_000 for "in millions"), None when the
    table states none; `unit` "USD", "USD/share", "shares" or "%". `line_no` and `line_text`
    are the printed line the row is on (ParsedDocument's count; `char_start`/`char_end` its
    span in the document's text), `bbox` the figure's box.
    """

    page: int
    line_no: int
    line_text: str
    char_start: int  # the printed line's span in ParsedDocument.text
    char_end: int
    bbox: tuple[float, float, float, float]
    caption: str
    row_label: str
    parents: tuple[str, ...]
    column: str
    period: str
    period_end: str | None
    months: int | None
    text: str
    value: float | None
    scale: int | None
    unit: str

    def to_json(self) -> dict[str, Any]:
        """The cell as a JSON object (tuples as lists)."""
        body = asdict(self)
        body["bbox"] = list(self.bbox)
        body["parents"] = list(self.parents)
        return body

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> StatementCell:
        """The cell `to_json` wrote."""
        fields = dict(body)
        fields["bbox"] = tuple(float(v) for v in fields["bbox"])
        fields["parents"] = tuple(fields["parents"])
        return cls(**fields)

    @property
    def printed_line(self) -> str:
        """The printed line the row is on, as the page prints it: `line_text` with the
        separators the reader puts between a table row's cells (ingest's CELL_SEP, " | ")
        read as the space they stand for ("Total assets | 36,500 | 37,987" is printed
        "Total assets 36,500 37,987")."""
        return " ".join(part.strip() for part in self.line_text.split(_CELL_SEP))

    @property
    def amount(self) -> float | None:
        """The value in the unit itself (dollars, shares): value times the scale."""
        if self.value is None:
            return None
        return self.value * (self.scale or 1)


@dataclass(frozen=True, slots=True)
class FinancialConcept:
    """A line item analysts ask for: its name, the labels filings print for it, the
    US-GAAP element that tags it, the statement it lives in, and its sign convention
    ("positive": printed as it is; "outflow": a cash outflow a filing prints in
    parentheses, asked for as a positive amount)."""

    name: str
    labels: tuple[str, ...]
    question_words: tuple[str, ...]
    gaap: str
    statement: str
    sign: str
    unit: str
    # labels that begin with one of these (folded) and hold none of `never_words`:
    # "net income attributable to" + the company's name
    label_prefixes: tuple[str, ...] = ()
    label_suffixes: tuple[str, ...] = ()
    # the words a row label opens with for one of its endings to name the concept
    ending_openings: tuple[str, ...] = ()
    never_words: tuple[str, ...] = ()
    # the concept whose row is this one's when a statement prints none of this one's and
    # no row holding a `never_words` word ("net income" is the shareholders' when no part
    # of it is attributable to noncontrolling interests)
    otherwise: str | None = None
    # (word, concept) pairs: a question naming this concept and one of the words asks for
    # that concept ("earnings per share, diluted": the diluted EPS); named with none of
    # them, it is read from all of them (the skill's `matching_cells`)
    either: tuple[tuple[str, str], ...] = ()
    # a segment's figure (`gaap` "segment row of a note"): the printed rows (`row_key`) it
    # is read from, of a note's table whose rows are the segments and whose total is the
    # concept asked
    rows: tuple[str, ...] = ()
    # words that name the concept only where they stand as an item of their own in a list
    # of items asked ("cash and total assets", "total assets, cash and debt"): a one-word
    # label a question otherwise never asks by ("cash dividends" is no cash)
    item_words: tuple[str, ...] = ()


def row_key(cell: StatementCell) -> str:
    """The printed row a cell is on: its page, its line and its table's caption."""
    return f"{cell.page}:{cell.line_no}:{cell.caption}"


_STATEMENTS = ("income", "balance", "cash_flow", "equity")
# a label written "net income attributable to ..." is a beginning, the rest any words
_ANY = " ..."
_ANY_BEFORE = "... "
_SIGNS = ("positive", "net", "outflow", "expense")
_UNITS = ("USD", "USD/share", "shares")


def label_key(text: str) -> str:
    """A row label or a phrase folded for comparison: lower case, words only, "and" for "&"."""
    text = text.casefold().replace("&", " and ").replace("\u2019", "'")
    text = re.sub(r"\([^)]*\)", " ", text)  # "(PP&E)", "(Note 7)"
    return " ".join(re.findall(r"[a-z0-9]+", text))


def _loaded(source: Path) -> Any:
    """financial.yaml's parsed content (LexiconError naming the file when it cannot be read),
    read once per version of the file: a dozen readers take their section of it, read-only."""
    try:
        stat = source.stat()
    except OSError as exc:
        raise LexiconError(f"{source.name}: cannot be read ({exc})") from exc
    return _parsed(source, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=8)
def _parsed(source: Path, mtime_ns: int, size: int) -> Any:
    del mtime_ns, size  # the cache's key: a file written again is read again
    try:
        return read_yaml(source.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise LexiconError(f"{source.name}: cannot be read ({exc})") from exc


@functools.cache
def financial_concepts(path: Path | None = None) -> tuple[FinancialConcept, ...]:
    """The concepts of domain/lexicon/financial.yaml (LexiconError when it is malformed)."""
    source = path or LEXICON_DIR / FINANCIAL_FILE
    loaded = _loaded(source)
    entries = (loaded or {}).get("concepts")
    if not isinstance(entries, dict) or not entries:
        raise LexiconError(f"{source.name}: `concepts` must be a mapping of concepts")
    out = []
    for name, body in entries.items():
        where = f"{source.name}: concepts.{name}"
        if not isinstance(body, dict):
            raise LexiconError(f"{where} must be a mapping")
        labels = body.get("labels")
        words = body.get("question_words", [])
        if not isinstance(labels, list) or not labels or not isinstance(words, list):
            raise LexiconError(f"{where}: `labels` (non-empty) and `question_words` are lists")
        never, otherwise = body.get("never_words", []), body.get("otherwise")
        if not isinstance(never, list) or not (otherwise is None or isinstance(otherwise, str)):
            raise LexiconError(f"{where}: `never_words` is a list, `otherwise` a concept name")
        either = body.get("either", {}) or {}
        if not isinstance(either, dict):
            raise LexiconError(f"{where}: `either` maps words to concept names")
        # "net income attributable to ...": a label's beginning; "... per diluted share": its end
        prefixes = [str(v)[: -len(_ANY)] for v in labels if str(v).endswith(_ANY)]
        suffixes = [str(v)[len(_ANY_BEFORE) :] for v in labels if str(v).startswith(_ANY_BEFORE)]
        labels = [
            v for v in labels if not str(v).endswith(_ANY) and not str(v).startswith(_ANY_BEFORE)
        ]
        statement, sign = body.get("statement"), body.get("sign", "positive")
        unit = body.get("unit", "USD")
        if statement not in _STATEMENTS or sign not in _SIGNS or unit not in _UNITS:
            raise LexiconError(
                f"{where}: statement one of {_STATEMENTS}, sign one of {_SIGNS}, "
                f"unit one of {_UNITS}"
            )
        out.append(
            FinancialConcept(
                name=str(name),
                labels=tuple(label_key(str(v)) for v in labels),
                question_words=tuple(label_key(str(v)) for v in words),
                gaap=str(body.get("gaap", "")),
                statement=str(statement),
                sign=str(sign),
                unit=str(unit),
                label_prefixes=tuple(label_key(v) for v in prefixes),
                label_suffixes=tuple(label_key(v) for v in suffixes),
                ending_openings=tuple(
                    label_key(str(v)) for v in body.get("ending_openings", []) or []
                ),
                never_words=tuple(label_key(str(v)) for v in never),
                otherwise=otherwise,
                either=tuple((label_key(str(w)), str(c)) for w, c in either.items()),
                item_words=tuple(label_key(str(v)) for v in body.get("item_words", []) or []),
            )
        )
    names = {c.name for c in out}
    for concept in out:
        if concept.otherwise is not None and concept.otherwise not in names:
            raise LexiconError(
                f"{source.name}: concepts.{concept.name}: otherwise `{concept.otherwise}` is "
                "no concept of the file"
            )
        if any(name not in names for _, name in concept.either):
            raise LexiconError(
                f"{source.name}: concepts.{concept.name}: `either` names no concept of the file"
            )
    _check_per_share_names(source, loaded, names)
    listed = ((loaded or {}).get("signed_rows") or {}).get("loss_concepts") or []
    unknown = [str(n) for n in listed if str(n) not in names]
    if unknown:
        raise LexiconError(
            f"{source.name}: signed_rows.loss_concepts: {', '.join(unknown)} is no concept "
            "of the file"
        )
    return tuple(out)


def _check_per_share_names(source: Path, loaded: Any, names: set[str]) -> None:
    """The concepts `per_share_questions` names (its `concept`, its `earnings`) are concepts
    of the file: a misspelt one is refused when the file loads, naming the entry, not when a
    question first reads it."""
    body = (loaded or {}).get("per_share_questions")
    if body is None:
        return
    if not isinstance(body, dict):
        raise LexiconError(f"{source.name}: `per_share_questions` must be a mapping")
    for field in ("concept", "earnings"):
        listed = body.get(field)
        if not isinstance(listed, list) or not listed:
            raise LexiconError(
                f"{source.name}: per_share_questions.{field} is a non-empty list of concepts"
            )
        unknown = [str(n) for n in listed if str(n) not in names]
        if unknown:
            raise LexiconError(
                f"{source.name}: per_share_questions.{field}: {', '.join(unknown)} is no "
                "concept of the file"
            )


@functools.cache
def _concepts_by_name() -> dict[str, FinancialConcept]:
    return {c.name: c for c in financial_concepts()}


def concept_named(name: str) -> FinancialConcept:
    """The concept of financial.yaml named `name` (KeyError when there is none)."""
    return _concepts_by_name()[name]


def concept_of_label(label: str) -> FinancialConcept | None:
    """The concept whose label variants include this row label (folded), else the one whose
    label ending, else beginning, it has (the longest) and whose never-words it does not
    hold."""
    key = label_key(label)
    for concept in financial_concepts():
        if key in concept.labels:
            return concept
    # an ending says what the row measures ("... per diluted share"), whatever it begins with
    ended = [
        (len(suffix), index, concept)
        for index, concept in enumerate(financial_concepts())
        for suffix in concept.label_suffixes
        if f" {key}".endswith(f" {suffix}")
        and not holds_never_word(concept, label)
        and (
            not concept.ending_openings
            or any(f"{key} ".startswith(f"{o} ") for o in concept.ending_openings)
        )
    ]
    begun = ended or [
        (len(prefix), index, concept)
        for index, concept in enumerate(financial_concepts())
        for prefix in concept.label_prefixes
        if f"{key} ".startswith(f"{prefix} ") and not holds_never_word(concept, label)
    ]
    return max(begun, key=lambda t: (t[0], -t[1]))[2] if begun else None


def holds_never_word(concept: FinancialConcept, label: str) -> bool:
    """Does the row label hold one of the concept's never-words ("noncontrolling")?"""
    key = f" {label_key(label)} "
    return any(f" {w} " in key for w in concept.never_words)


def _occurrences(words: Sequence[str], phrase: str) -> list[tuple[int, int]]:
    """The token spans where `phrase` stands in `words`, whole words; a "," word between two
    of its words is read through ("property, plant and equipment")."""
    parts = phrase.split()
    found: list[tuple[int, int]] = []
    for start, word in enumerate(words):
        if word != parts[0]:
            continue
        at, end = 0, start
        while end < len(words) and at < len(parts):
            if words[end] == parts[at]:
                at += 1
            elif words[end] != "," or at == 0:
                break
            end += 1
        if at == len(parts):
            found.append((start, end))
    return found


def _attached_words(
    words: Sequence[str], span: tuple[int, int], fenced: frozenset[int], other: frozenset[int]
) -> str:
    """The words attached to the phrase at `span`: up to three before it and six after it,
    never past a word that parts two items ("and", "compared", `fenced`); a word of another
    item's phrase (`other`) is that item's, never this one's ("net" of "net income" beside
    "interest income")."""
    start, end = span
    before: list[str] = []
    for i in range(start - 1, max(start - 4, -1), -1):
        if i in fenced:
            break
        before.insert(0, "_" if i in other else words[i])
    after: list[str] = []
    for i in range(end, min(end + 6, len(words))):
        if i in fenced:
            break
        after.append("_" if i in other else words[i])
    return " ".join([*before, *after])


def concepts_asked(
    text: str, *, as_question: bool = True, company: Sequence[str] | None = None
) -> list[FinancialConcept]:
    """The concepts a question names (its question words or labels, whole words), the
    longest phrase first: "net income attributable to shareholders" before "net income".
    As a question (`as_question`): "basic and diluted" names both; a line item asked per
    share is a per-share concept when it is earnings, no concept when it is another item
    ("revenue per share"), and `either`'s words pick the concept; a passage
    (`as_question=False`) names all it names. `company`: the names of the company the
    question is asked of, the only words a cash flow's phrase may hold between its activity
    and its verb (`_gap_closed`)."""
    if not as_question:
        return _concepts_named(label_key(text), as_question=False)
    # a comma kept as a word of its own, for it parts two items ("net income, diluted EPS");
    # words in parentheses name no item ("(by top line)") but are kept for what they pick
    # ("earnings per share (basic)")
    # a plural's possessive before an item word ("Bramble Utilities' cash and total assets")
    # as the singular's, an item's start; never elsewhere ("shareholders' equity")
    text = _owned_item_words().sub("'s", text)
    marked = re.sub(r"[,;]", f" {_COMMA_MARK} ", text)
    key = " ".join("," if w == _COMMA_MARK else w for w in label_key(marked).split())
    names = None if company is None else tuple(label_key(n) for n in company)
    reads = _both_read(_gap_closed(key, names))
    picks = _both_read(_gap_closed(label_key(text.replace("(", " ").replace(")", " ")), names))
    if len(picks) != len(reads):
        # the pair in parentheses ("EPS (basic and diluted)") or only outside them
        reads, picks = (reads * 2, picks) if len(picks) > len(reads) else (reads, picks * 2)
    asked: list[FinancialConcept] = []
    for each, pick in zip(reads, picks, strict=True):
        named = _concepts_named(each, as_question=True, picks=pick)
        asked.extend(c for c in named if c not in asked)
    return asked


@functools.cache
def _owned_item_words() -> re.Pattern[str]:
    words = sorted(
        {w for c in financial_concepts() for w in c.item_words}, key=lambda w: (-len(w), w)
    )
    spaced = "|".join(r"\s+".join(map(re.escape, w.split())) for w in words) or "(?!)"
    return re.compile(rf"(?<=s)['’](?=\s+(?:{spaced})\b)", re.IGNORECASE)


def _gap_closed(key: str, company: Sequence[str] | None = None) -> str:
    """`key` with a company's words taken out from between an activity and its verb
    ("operating activities at acme corp provide" -> "operating activities provide"), as
    financial.yaml's gap_nouns, gap_openers and gap_verbs say; never past a comma. Only a
    company's: where the question's company is known (`company`, its names folded), only
    where the gap is one of its names or a run of a name's words ("best buy" of "best buy co
    inc"), so never a qualifier nor a segment's name; where it is not, never where the gap
    holds a qualifier of the item (gap_qualifiers, a segment word: "operating activities of
    discontinued operations provide", "... of the joint venture ..."). Else the phrase is
    left whole and names no cash flow of the company."""
    qualifiers = {*_word_list("figure_questions", "gap_qualifiers"), *_segment_words()}
    articles = set(_word_list("figure_questions", "gap_articles"))

    def closed(match: re.Match[str]) -> str:
        gap = match.group("gap").split()
        while gap and gap[0] in articles:
            gap = gap[1:]
        spaced = f" {' '.join(gap)} "
        if company is not None:
            named = bool(gap) and any(spaced in f" {name} " for name in company)
        else:
            named = bool(gap) and not any(f" {q} " in spaced for q in qualifiers)
        return f"{match.group('noun')} {match.group('verb')}" if named else match.group(0)

    return _gap_pattern().sub(closed, key)


@functools.cache
def _gap_pattern() -> re.Pattern[str]:
    def alternation(field: str) -> str:
        return "|".join(re.escape(w) for w in _word_list("figure_questions", field))

    return re.compile(
        rf"\b(?P<noun>{alternation('gap_nouns')}) (?:{alternation('gap_openers')})"
        rf"(?P<gap>(?: (?!,)\S+){{1,4}}?) (?P<verb>{alternation('gap_verbs')})\b"
    )


def _both_read(key: str) -> list[str]:
    """`key` once for each of a pair the question names together ("basic and diluted EPS":
    "basic EPS", "diluted EPS"); `key` alone when it names no pair."""
    first, second = _both_words()
    for joiner in _item_separators():
        for one, two in ((first, second), (second, first)):
            pair = f" {one} {joiner} {two} "
            if pair in f" {key} ":
                spaced = f" {key} "
                return [
                    spaced.replace(pair, f" {one} ").strip(),
                    spaced.replace(pair, f" {two} ").strip(),
                ]
    return [key]


_COMMA_MARK = "xcommax"


def _concepts_named(key: str, *, as_question: bool, picks: str = "") -> list[FinancialConcept]:
    """The concepts `key` names; a "," word in it parts two items (never part of a phrase)."""
    words = key.split()
    spaced = f" {' '.join(w for w in words if w != ',')} "
    # every phrase a concept could be named by, where it stands
    candidates: list[tuple[int, FinancialConcept, list[str], list[str]]] = []
    for index, concept in enumerate(financial_concepts()):
        # A one-word label ("cash", "sales") names a row, not what a question asks: "cash
        # dividends" is no question about cash. Only the question words say that.
        plain = [
            p
            for p in (*concept.question_words, *(p for p in concept.labels if " " in p))
            if f" {p} " in spaced
        ]
        prefixes = [p for p in concept.label_prefixes if f" {p} " in spaced]
        if plain or prefixes:
            candidates.append((index, concept, plain, prefixes))
    spans = sorted(
        {
            (index, span)
            for index, _, plain, prefixes in candidates
            for p in (*plain, *prefixes)
            for span in _occurrences(words, p)
        }
    )
    # a joining word inside a phrase ("cash and cash equivalents") joins no two items
    inside = {i for _, (s, e) in spans for i in range(s, e)}
    fenced = frozenset(
        i
        for joiner in (*_item_separators(), ",")
        for s, e in _occurrences(words, joiner)
        if not any(j in inside for j in range(s, e))
        for i in range(s, e)
    )
    if as_question and candidates:
        named_already = {index for index, _, _, _ in candidates}
        phrase_spans = sorted({span for _, span in spans})
        for index, concept, word, span in _listed_items(words, inside, fenced, phrase_spans):
            if index not in named_already:
                candidates.append((index, concept, [word], []))
                spans = sorted({*spans, (index, span)})

    def clean(concept: FinancialConcept, index: int, phrase: str, *, skip_either: bool) -> bool:
        # a never-word attached to the phrase ("other operating expenses", "net interest
        # income", "adjusted EPS", "... to noncontrolling interests") makes it another
        # measure; one in another item's phrase or past a joining word does not
        either_words = {p for p, _ in concept.either}
        never = [w for w in concept.never_words if not skip_either or w not in either_words]
        for span in _occurrences(words, phrase):
            other = frozenset(
                i
                for o_index, (s, e) in spans
                if o_index != index and (e <= span[0] or s >= span[1])
                for i in range(s, e)
            )
            around = f" {_attached_words(words, span, fenced, other)} "
            if not any(f" {w} " in around for w in never):
                return True
        return False

    def moved(concept: FinancialConcept, index: int, phrase: str) -> bool:
        # "proceeds from sales of PP&E", "cash paid for income taxes": a cash movement of
        # the item, no figure of a balance or of the income statement
        if concept.statement == "cash_flow" or not as_question:
            return False
        others = {i for o_index, (s, e) in spans if o_index != index for i in range(s, e)}
        return all(
            _moved_item(words, span, fenced, frozenset(others))
            for span in _occurrences(words, phrase)
        )

    found: list[tuple[str, int, FinancialConcept]] = []
    for index, concept, plain, prefixes in candidates:
        phrases = [
            p
            for p in plain
            if clean(concept, index, p, skip_either=True) and not moved(concept, index, p)
        ]
        # a label's beginning names the concept as a row's does ("net income attributable
        # to Amcor plc"), unless the words around it hold a never-word
        phrases.extend(
            p
            for p in prefixes
            if clean(concept, index, p, skip_either=False) and not moved(concept, index, p)
        )
        if phrases:
            found.append((max(phrases, key=len), index, concept))

    # A phrase inside a longer one another concept matched is that concept's words ("net
    # income" in "net income attributable to shareholders"), not a second concept asked.
    # Only where it stands inside it: "net income and net income attributable to Amcor plc"
    # names net income too.
    def inside_another(phrase: str) -> bool:
        longer = [
            span
            for other, _, _ in found
            if other != phrase and f" {phrase} " in f" {other} "
            for span in _occurrences(words, other)
        ]
        return bool(longer) and all(
            any(s <= start and end <= e for s, e in longer)
            for start, end in _occurrences(words, phrase)
        )

    kept = [
        (phrase, index, concept) for phrase, index, concept in found if not inside_another(phrase)
    ]
    kept.sort(key=lambda t: (-len(t[0]), t[1]))
    if as_question:
        kept = _own_items(words, kept, fenced)
    if not as_question:
        # a passage names every line item it states ("Net income was $12.1 million, or
        # $0.45 per diluted share"): what a question asks is read below, not what it names
        return [c for _, _, c in kept]
    concept_at = {index: concept for index, concept, _, _ in candidates}
    named = [(concept_at[i], span) for i, span in spans]
    return _per_share_read(words, kept, named, fenced, picks or key)


def _listed_items(
    words: Sequence[str],
    inside: set[int],
    fenced: frozenset[int],
    phrase_spans: Sequence[tuple[int, int]] = (),
) -> list[tuple[int, FinancialConcept, str, tuple[int, int]]]:
    """The concepts named by an `item_words` word that stands as an item of its own in the
    list of items a question asks ("3M's cash and total assets", "total assets and cash in
    FY2018", "revenue, cash, and net income"), with the word and where it stands: outside
    every phrase, a joining word or a comma on one side; on the other one too, or the
    question's start or end, or before it an item's start (the "s" of a possessive, "its"),
    after it an item's end ("in", "as of"). Never a word another word qualifies ("cash
    dividends and total assets", "free cash flow and cash taxes") nor one a linking word
    makes another item's ("net change in cash and net income"), nor one that modifies a
    noun both sides of the joining word share ("cash and stock dividends", "cash and
    non-cash interest expense": `_shares_next_noun`)."""
    starts, ends = set(_word_list("figure_questions", "item_starts")), set(_item_ends())

    def bounded(i: int, words_here: set[str]) -> bool:
        return i < 0 or i >= len(words) or i in fenced or words[i] in words_here

    def own_item(phrase: str, end: int) -> bool:
        if end not in fenced:
            return True  # the list's last item: no conjunct after it to share a noun with
        return not _shares_next_noun(words, phrase, end, fenced, phrase_spans, starts, ends)

    out: list[tuple[int, FinancialConcept, str, tuple[int, int]]] = []
    for index, concept in enumerate(financial_concepts()):
        for phrase in concept.item_words:
            listed = [
                (s, e)
                for s, e in _occurrences(words, phrase)
                if not any(i in inside for i in range(s, e))
                and bounded(s - 1, starts)
                and bounded(e, ends)
                and (s - 1 in fenced or e in fenced)
                and own_item(phrase, e)
            ]
            out.extend((index, concept, phrase, span) for span in listed[:1])
    return out


def _shares_next_noun(
    words: Sequence[str],
    phrase: str,
    end: int,
    fenced: frozenset[int],
    phrase_spans: Sequence[tuple[int, int]],
    starts: set[str],
    ends: set[str],
) -> bool:
    """Does the item word `phrase`, before the joining word at `end`, modify a noun it shares
    with the conjunct after it ("cash and stock dividends": cash dividends and stock
    dividends)? It does unless that conjunct is a whole concept's phrase of its own, from
    its first word (past an item's start: "the", "its") to an item's end ("total assets"
    in "cash and total assets in FY2018"; not "non-cash revenue", "cash interest expense"),
    and no tail of it forms with the word one of financial.yaml's `item_word_phrases`
    ("cash and stock-based compensation": "cash compensation")."""
    j = end
    while j < len(words) and j in fenced:
        j += 1  # "and", ", and", "as well as"
    while j < len(words) and words[j] in starts and j not in fenced:
        j += 1
    whole = [
        e
        for s, e in phrase_spans
        if s == j and (e >= len(words) or e in fenced or words[e] in ends)
    ]
    if not whole:
        return True
    known = [f"{p} " for p in _word_list("figure_questions", "item_word_phrases")]
    conjunct = words[j : max(whole)]
    return any(
        f"{phrase} {' '.join(conjunct[k:])} ".startswith(p)
        for k in range(len(conjunct))
        for p in known
    )


def _moved_item(
    words: Sequence[str], span: tuple[int, int], fenced: frozenset[int], others: frozenset[int]
) -> bool:
    """Does a flow word ("proceeds", "purchases", "paid") stand before the phrase at `span`,
    through one or more flow links ("from", "of", "for", "sales") and another item's words
    (`others`) or a company's possessive ("the sale of Best Buy's marketable securities"),
    never past a joining word (`fenced`) or a comma; or right after it ("marketable
    securities purchases", "debt repayment", "income taxes paid")?"""
    flows, links = set(_flow_words()), set(_flow_links())
    after = span[1]
    while after < len(words) and after in others:
        after += 1  # "property and equipment sales proceeds"
    if after < len(words) and after not in fenced and words[after] in flows:
        return True
    linked = False
    i = span[0] - 1
    while i >= 0 and i not in fenced and words[i] != ",":
        if words[i] == "s" and i > 0:
            # a possessive ("best buy s"): its owner's words, up to a link, pass
            i -= 1
            for _ in range(_OWNER_WORDS):
                # "best buy s", "at and t s": a name's words, its "and" too
                if i < 0 or words[i] == "," or words[i] in links:
                    break
                i -= 1
            continue
        if words[i] in links:
            linked = True
        elif i not in others:
            return linked and words[i] in flows
        i -= 1
    return False


# the most words a possessive's owner runs to ("procter and gamble s")
_OWNER_WORDS = 4


def _moved_phrase(key: str, phrase: str) -> bool:
    """Does a flow word move every occurrence of `phrase` in `key` (`_moved_item`): "total
    debt repayment" asks for a cash flow, no total debt?"""
    words = key.split()
    spans = _occurrences(words, phrase)
    return bool(spans) and all(_moved_item(words, span, frozenset(), frozenset()) for span in spans)


@functools.cache
def _flow_words() -> tuple[str, ...]:
    return _word_list("figure_questions", "flow_words")


@functools.cache
def _flow_links() -> tuple[str, ...]:
    return _word_list("figure_questions", "flow_links")


@functools.cache
def _segment_words() -> tuple[str, ...]:
    return _word_list("figure_questions", "segment_words")


def heads_line_item(text: str, before: str = "") -> bool:
    """Do the words `text` opens with, after an agreement's type word (`before` the words
    ahead of it), make it a line item a statement prints ("lease liabilities", "license
    revenue", "operating lease assets"; financial.yaml `figure_questions.line_item_heads`),
    with no agreement's word after ("the license income clause")?"""
    words = label_key(text).split()
    ahead = label_key(before).split()
    qualified = any(
        ahead[len(ahead) - len(q.split()) :] == q.split()
        for q in _word_list("figure_questions", "line_item_qualifiers")
    )
    heads = list(_word_list("figure_questions", "line_item_heads"))
    if qualified:
        heads.extend(_word_list("figure_questions", "qualified_line_item_heads"))
    agreements = set(_word_list("figure_questions", "line_item_agreement_words"))
    for head in heads:
        size = len(head.split())
        if words[:size] == head.split():
            return not agreements & set(words[size : size + 2])
    return False


def segment_named(text: str, name: str) -> tuple[int, int] | None:
    """Where `text` names `name` (a row's label, folded) as a segment, the name and its
    segment word ("its Digital Media segment", "the Acme division's revenue"), or None."""
    for phrase in sorted(_segment_words(), key=lambda p: (-len(p), p)):
        span = item_written(text, f"{name} {phrase}")
        if span is not None:
            return span
    return None


def part_named(text: str, name: str, items: Sequence[str]) -> tuple[int, int] | None:
    """Where `text` names `name` (a row or heading of a table of the company's parts, folded)
    as the part a figure is asked of with no segment word ("Amazon's North America net
    sales", "the AWS operating income"): right after an opening (financial.yaml
    `figure_questions.segment_openings`) or a possessive, right before one of the line
    item's phrases (`items`, folded). None where it names it otherwise ("net sales in North
    America" is asked of no table's part)."""
    openings = set(_word_list("figure_questions", "segment_openings"))
    span = item_written(text, name)
    while span is not None:
        before = label_key(_PLURAL_POSSESSIVE.sub("'s", text[: span[0]])).split()
        after = label_key(text[span[1] :])
        if (
            before
            and (before[-1] in openings or before[-1] == "s")
            and any(after == i or after.startswith(f"{i} ") for i in items)
        ):
            return span
        span = item_written(text, name, span[1])
    return None


def part_item_readings(text: str, parts: Sequence[str], items: Sequence[str]) -> tuple[str, ...]:
    """The items `text` asks of a part of the company (one of `parts`, folded) with a
    qualifier between the part's name and one of the line item's phrases (`items`, folded),
    wherever the question places the company: "Adobe's Digital Experience subscription
    revenue", "the Digital Experience subscription revenue of Adobe" ->
    "digital experience subscription revenue"; one to three words of qualifier, none an
    item's end ("in", "of", "s"), in the order written."""
    words = label_key(text.split("?", 1)[0]).split()
    ends = set(_item_ends())
    found: list[tuple[int, str]] = []
    for part in parts:
        for _, end in _occurrences(words, part):
            for item in items:
                for start, _ in _occurrences(words[end:], item):
                    between = words[end : end + start]
                    if 1 <= len(between) <= _QUALIFIER_WORDS and not ends & set(between):
                        found.append((end, " ".join((part, *between, item))))
    return tuple(dict.fromkeys(r for _, r in sorted(found)))


# the most words a part's qualifier runs to ("digital experience subscription revenue")
_QUALIFIER_WORDS = 3


def names_total(label: str) -> bool:
    """Does a row's label open with a total's word ("Total subscription revenue";
    financial.yaml `figure_questions.total_words`)?"""
    words = label_key(label).split()
    return bool(words) and words[0] in _word_list("figure_questions", "total_words")


def segment_asked(text: str) -> bool:
    """Does a question ask for a figure of a named part of the company ("the net sales of its
    Safety and Graphics segment", "the Acme division's revenue"; financial.yaml
    `figure_questions.segment_words`)? No consolidated statement's row is that figure. A
    segment word that names no segment ("total revenue across all segments", "Division
    Holdings Inc") leaves the question the company's; one asked segment by segment ("revenue
    by segment") does not."""
    # a plural's possessive ("Marlow Outfitters' North America segment") as the singular's
    words = label_key(_PLURAL_POSSESSIVE.sub("'s", text)).split()
    openings = set(_word_list("figure_questions", "segment_openings"))
    non_names = set(_word_list("figure_questions", "segment_non_names"))
    breakdowns = set(_word_list("figure_questions", "segment_breakdowns"))
    for phrase in _segment_words():
        for start, end in _occurrences(words, phrase):
            if start > 0 and words[start - 1] in breakdowns:
                return True  # "revenues by reportable segments", "each division s income"
            if start > 0 and words[start - 1] in non_names:
                continue  # "all segments", "business segments"
            if end < len(words) and words[end] == "s":
                return True  # "the acme division s revenue"
            # one to four words of a name, an opening before them: "its safety and graphics
            # segment", "adobe s digital media segment"; none in "of division holdings", "3m s
            # business segments"
            for named, i in enumerate(range(start - 1, start - 2 - _SEGMENT_NAME_WORDS, -1)):
                if i < 0 or words[i] in non_names:
                    break
                if words[i] in openings or words[i] == "s":
                    if named:
                        return True
                    break
    return False


# a plural's possessive apostrophe ("Outfitters' "), read as "'s"
_PLURAL_POSSESSIVE = re.compile(r"(?<=s)['’](?=\s|$)")
# the most words a segment's name runs to before its segment word ("safety and graphics")
_SEGMENT_NAME_WORDS = 4


def _own_items(
    words: Sequence[str], kept: list[tuple[str, int, FinancialConcept]], fenced: frozenset[int]
) -> list[tuple[str, int, FinancialConcept]]:
    """The concepts of `kept` whose phrase names their own line item: not one where a word
    of another item (`other_item_words`, "commissions", "expense") the concept's labels lack
    is attached to the phrase ("sales commissions", "sales and distribution expense"), nor
    one whose item holds such a concept's phrase ("tax expense" in "sales tax expense")."""
    spans = {(index, span) for phrase, index, _ in kept for span in _occurrences(words, phrase)}
    owner = {i: index for index, (s, e) in spans for i in range(s, e)}
    kinds = set(_other_item_words())
    ends = set(_item_ends())

    def ended(i: int) -> bool:
        return words[i] in ends or words[i] == "," or any(ch.isdigit() for ch in words[i])

    def item_of(index: int, span: tuple[int, int]) -> list[int]:
        # the words the item at `span` spans beside its phrase: back to an ending word or a
        # joining one; on past a joining word while what it joins names no other item
        start, end = span
        item: list[int] = []
        i = start - 1
        while i >= 0 and not ended(i) and i not in fenced:
            item.append(i)
            i -= 1
        i = end
        while i < len(words) and not ended(i):
            if i in fenced:
                j = i
                while j < len(words) and j in fenced:
                    j += 1
                joined = []
                while j < len(words) and not ended(j) and j not in fenced:
                    joined.append(j)
                    j += 1
                if not joined or any(k in owner for k in joined):
                    break
                item.extend(joined)
                i = j
                continue
            item.append(i)
            i += 1
        return [i for i in item if owner.get(i) != index]

    items = {(index, span): item_of(index, span) for index, span in spans}
    concept_at = {index: concept for _, index, concept in kept}
    other = {
        index
        for (index, _), item in items.items()
        if any(words[i] in kinds - _own_words(concept_at[index]) for i in item)
    }
    # a concept's phrase in the item of one that names another item is that item's words
    other |= {
        index
        for (index, _), item in items.items()
        if any(owner.get(i) in other for i in item if owner.get(i) != index)
    }
    return [(phrase, index, concept) for phrase, index, concept in kept if index not in other]


def _own_words(concept: FinancialConcept) -> set[str]:
    own = {
        w
        for phrase in (
            *concept.labels,
            *concept.question_words,
            *concept.label_prefixes,
            *concept.label_suffixes,
        )
        for w in phrase.split()
    }
    if concept.sign == "expense":
        own |= set(_expense_words())
    return own


@functools.cache
def _other_item_words() -> tuple[str, ...]:
    return _word_list("figure_questions", "other_item_words")


@functools.cache
def _expense_words() -> tuple[str, ...]:
    return _word_list("figure_questions", "expense_words")


@functools.cache
def _item_ends() -> tuple[str, ...]:
    return _word_list("figure_questions", "item_ends")


def _per_share_read(
    words: Sequence[str],
    kept: list[tuple[str, int, FinancialConcept]],
    named: list[tuple[FinancialConcept, tuple[int, int]]],
    fenced: frozenset[int],
    picks: str,
) -> list[FinancialConcept]:
    """What a question asks per share: the line item a per-share word belongs to ("net
    income per diluted share", "revenue per share") is never its dollars; earnings per
    share is the per-share concept, any other item per share no concept; a count of shares
    is asked with its own "per share" ("the diluted shares used in computing EPS")."""
    key = " ".join(words)
    per_share = concept_named(_per_share_concept())
    # a question opening a count ("how many shares ..."): the count's phrase runs to the
    # first joining word after it ("how many shares did Adobe use to compute diluted net
    # income per share"); a figure per share named inside it is the count's words, one named
    # past it ("..., and what was diluted EPS") is asked too, its basic / diluted word one
    # of its own
    words_of_count, count_either = _share_count_words()
    counts = [
        (s, min((i for i in fenced if i >= s), default=len(words)))
        for w in words_of_count
        for s, _ in _occurrences(words, w)
    ]
    count_phrases = [" ".join(w for w in words[s:e] if w != ",") for s, e in counts]
    picks = functools.reduce(
        lambda text, p: text.replace(f" {p} ", " "), count_phrases, f" {picks} "
    )

    def in_count(span: tuple[int, int]) -> bool:
        return any(s <= span[0] and span[1] <= e for s, e in counts)

    at = [(p, _occurrences(words, p), c) for p, _, c in kept]
    # where each concept asked is named (a figure per share named by no words: none)
    where: dict[str, list[tuple[int, int]]] = {}
    for c, span in named:
        where.setdefault(c.name, []).append(span)
    dropped: set[str] = set()
    attached_to_none = False
    for word in _per_share_words():
        for start, end in _occurrences(words, word):
            # the item the per-share word belongs to: the nearest named before it with no
            # joining word between ("net income per diluted share", "dividends declared per
            # common share", "revenue in FY2020 per share"), the longest of those ending
            # there ("net income attributable to noncontrolling interests per share"),
            # named whether or not it is asked
            nearest = min(
                (
                    (-e, s, c.name)
                    for c, (s, e) in named
                    if e <= start
                    and c.unit == "USD"
                    and not any(i in fenced for i in range(e, start))
                ),
                default=None,
            )
            items = [concept_named(nearest[2])] if nearest else []
            # the per-share concepts the word is part of
            owners = [
                c
                for _, spans, c in at
                if c.unit == "USD/share" and any(s <= start and end <= e for s, e in spans)
            ]
            if not items and _metric_before(words, start, fenced):
                # "free cash flow per share": a metric per share, no concept of the file
                dropped.update(c.name for c in owners)
                continue
            if nearest is None:
                attached_to_none = attached_to_none or not owners
                continue
            # the item and any shorter one inside its phrase ("net income" in "net income
            # attributable to noncontrolling interests per share")
            first = nearest[1]
            dropped.update(
                c.name for c, (s, e) in named if c.unit == "USD" and first <= s and e <= start
            )
            if not any(c.name in _per_share_earnings() for c in items):
                # "revenue per share": no concept; the per-share concept it wrote is none,
                # unless its words name the item too ("dividends declared per share")
                whole = [
                    c
                    for _, spans, c in at
                    if c.unit == "USD/share" and any(s <= first and end <= e for s, e in spans)
                ]
                dropped.update(c.name for c in owners if c not in whole)
            elif not owners:
                earned = _either_asked(per_share, f" {picks} ")
                kept.insert(0, (word, -1, earned))
                where.setdefault(earned.name, []).append((start, end))
    # a figure per share named alone ("the per share amount") is earnings per share, unless
    # it names another figure per share ("dividends per share", "book value per share")
    unless = {w for w in per_share.never_words} - {w for w, _ in per_share.either}
    if (
        attached_to_none
        and not any(c.unit == "USD/share" for _, _, c in kept)
        and not any(f" {w} " in f" {key} " for w in unless)
    ):
        kept.insert(0, ("", -1, per_share))
    # a per-share figure a count of shares names after it, with no joining word between,
    # is the count's own words ("diluted shares used in computing earnings per share")
    for _, spans, c in at:
        if c.unit != "shares":
            continue
        for _, o_spans, o in at:
            if o.unit == "USD/share" and any(
                e <= s2 and not any(i in fenced for i in range(e, s2))
                for _, e in spans
                for s2, _ in o_spans
            ):
                dropped.add(o.name)
    asked: list[FinancialConcept] = []
    for _, _, c in kept:
        if c.name in dropped or c in asked:
            continue
        if counts and c.unit == "USD/share" and all(in_count(sp) for sp in where.get(c.name, ())):
            continue
        # "earnings per share, diluted": the concept one of `either`'s words picks
        picked = _either_asked(c, f" {picks} ")
        if picked not in asked:
            asked.append(picked)
    if counts and not any(c.unit == "shares" for c in asked):
        # the count its basic / diluted word picks where none is named: a word of the count's
        # phrase ("how many diluted shares", "... diluted net income per share"), never one
        # of a figure per share asked past it ("..., and what was diluted EPS")
        inside = f" {' '.join(words[i] for s, e in counts for i in range(s, e))} "
        alone = not any(c.unit == "USD/share" for c in asked)
        chosen = sorted({n for w, n in count_either if f" {w} " in inside}) or sorted(
            {n for w, n in count_either if alone and f" {w} " in f" {picks} "}
        )
        if len(chosen) == 1:
            asked.insert(0, concept_named(chosen[0]))
    return asked


@functools.cache
def _share_count_words() -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """financial.yaml `per_share_questions.counts`: the words of a question asking a count
    of shares (label keys), and the share concept each basic / diluted word picks."""
    source = LEXICON_DIR / FINANCIAL_FILE
    body = ((_loaded(source) or {}).get("per_share_questions") or {}).get("counts")
    either = body.get("either") if isinstance(body, dict) else None
    if not isinstance(either, dict) or not either:
        raise LexiconError(f"{source.name}: `per_share_questions.counts` has an `either` map")
    known = {c.name for c in financial_concepts()}
    unknown = sorted(str(n) for n in either.values() if n not in known)
    if unknown:
        raise LexiconError(
            f"{source.name}: per_share_questions.counts.either: {', '.join(unknown)} is no concept"
        )
    assert isinstance(body, dict)  # `either` is read from it
    words = tuple(label_key(str(w)) for w in body.get("words") or ())
    if not words:
        raise LexiconError(f"{source.name}: `per_share_questions.counts` has `words`")
    return words, tuple(sorted((label_key(str(w)), str(n)) for w, n in either.items()))


def _metric_before(words: Sequence[str], start: int, fenced: frozenset[int]) -> bool:
    """Does a metric's name ("free cash flow") stand before `start` with no joining word
    between?"""
    return any(
        not any(i in fenced for i in range(e, start))
        for metric in financial_metrics()
        for phrase in metric.question_words
        for _, e in _occurrences(words, phrase)  # question words are label keys already
        if e <= start
    )


def _either_asked(concept: FinancialConcept, key: str) -> FinancialConcept:
    picked = {name for word, name in concept.either if f" {word} " in key}
    return concept_named(picked.pop()) if len(picked) == 1 else concept


@functools.cache
def _per_share_words() -> tuple[str, ...]:
    return _word_list("per_share_questions", "words")


@functools.cache
def _per_share_concept() -> str:
    return _raw_word_list("per_share_questions", "concept")[0]


@functools.cache
def _per_share_earnings() -> tuple[str, ...]:
    return _raw_word_list("per_share_questions", "earnings")


@functools.cache
def _both_words() -> tuple[str, str]:
    first, second = _word_list("per_share_questions", "both")
    return first, second


@functools.cache
def _item_separators() -> tuple[str, ...]:
    return _word_list("figure_questions", "item_separators")


_POSSESSIVE = re.compile(r"[\w.&)-](?:'s|\u2019s|s'|s\u2019)\s+(.+)", re.IGNORECASE)


def line_item_asked(question: str) -> str | None:
    """The line item a figure question names by its printed name, folded (`label_key`): the
    words after the company's possessive up to the first period word ("What was Amazon's
    unearned revenue as of December 31, 2019?": "unearned revenue"; "Amcor's FY2023 purchase
    of treasury shares": "purchase of treasury shares"); None when the question has no
    possessive, the words are empty, too long to be a row's name, or they or the words after
    them name no figure (financial.yaml `line_item_questions`: a change, a ratio, a reason,
    an item per share)."""
    found = _line_item(question)
    return found[0] if found is not None and found[2] else None


def line_item_span(question: str) -> tuple[int, int] | None:
    """Where `question` writes the line item `line_item_asked` reads (its first word's start
    to its last word's end), or None: "Adobe's acquisitions, net of cash acquired, in
    FY2021" spans "acquisitions, net of cash acquired". A known name written in lower case
    inside it ("cash": a product's short name) is the item's word, not a party. Only in a
    question asking a figure (`figure_period_named`: a fiscal year or a dollar scale named):
    "is Acme's liability to beta limited?" asks a clause of two parties, and its words after
    the possessive are no line item."""
    if not figure_period_named(question):
        return None
    found = _line_item(question)
    if found is None or not found[2]:
        return None
    key, start, _ = found
    return item_written(question, key, start)


def item_written(question: str, item: str, start: int = 0) -> tuple[int, int] | None:
    """Where `question` (from `start`) writes `item`, a line item's folded words
    (`label_key`: "acquisitions net of cash acquired" in "acquisitions, net of cash
    acquired"), or None."""
    joined = r"[\W_]+".join(r"(?:and|&)" if w == "and" else re.escape(w) for w in item.split())
    m = re.compile(rf"(?<![a-z0-9]){joined}(?![a-z0-9])", re.IGNORECASE).search(question, start)
    return m.span() if m is not None else None


# a question's word that is a year, a fiscal year or a number: a line item's words end before it
_YEAR_OR_NUMBER = re.compile(r"(?:19|20)\d{2}|fy\d{2,4}|\d+")


def _spaced(word: str) -> str:
    """A lexicon word as a regex: its spaces any run of spaces (none too, "US$"), a word
    boundary before it where it opens with a letter."""
    body = r"\s*".join(re.escape(w) for w in word.split())
    return (r"\b" if re.match(r"\w", word) else "") + body


@functools.cache
def _figure_period() -> re.Pattern[str]:
    """A fiscal year ("FY2021", "FY21", "fiscal 2021", "fiscal year '21") or a dollar scale
    ("in USD millions", "(USD billions)", "in $ thousands"), as a figure question names its
    period or unit (financial.yaml `figure_period_words`)."""

    def words(field: str) -> str:
        found = _raw_word_list("figure_period_words", field)
        return "|".join(_spaced(w.lower()) for w in sorted(found, key=lambda w: (-len(w), w)))

    return re.compile(
        rf"(?:{words('fiscal_years')})\s*'?(?:(?:19|20)\d{{2}}|\d{{2}})\b"
        rf"|(?:{words('currencies')})\s*(?:{words('scales')})\b",
        re.IGNORECASE,
    )


def figure_period_named(question: str) -> bool:
    """Does `question` (up to its question mark) name a fiscal year or a dollar scale, as a
    question asking a company's figure does ("... in FY2021 (USD millions)?")?"""
    return _figure_period().search(question.split("?", 1)[0]) is not None


def _line_item(question: str) -> tuple[str, int, bool] | None:
    """`line_item_asked`'s item, the offset in `question` its words are read from, and
    whether it or the words after it name a figure (no `not_items` word among them)."""
    asked = question.split("?", 1)[0]
    found = _POSSESSIVE.search(asked)
    if found is None:
        # "How much did Amazon spend on technology and content in FY2019?"
        found = _item_opening().search(asked)
    if found is None:
        return None
    words = label_key(found.group(1)).split()
    lead = set(_word_list("line_item_questions", "lead_period_words"))
    while words and (words[0] in lead or re.fullmatch(r"(?:19|20)\d{2}|fy\d{2,4}", words[0])):
        words = words[1:]
    if words and words[0] == "the":
        words = words[1:]
    stops = set(_word_list("line_item_questions", "period_words"))
    # "proceeds from", "payments for": a row's head and its preposition, no period word
    joined = _word_list("line_item_questions", "joined_heads")

    def joins(words: list[str]) -> bool:
        spaced = f" {' '.join(words)}"
        return any(spaced.endswith(f" {head}") for head in joined)

    item: list[str] = []
    for word in words:
        if (word in stops and not joins([*item, word])) or _YEAR_OR_NUMBER.fullmatch(word):
            break
        item.append(word)
    if item and joins(item):
        # "proceeds from" and a period: the preposition's object is no item's word
        item.pop()
    if not item or len(item) > _longest_item():
        return None
    key = " ".join(item)
    # the words after the item too: "revenue per share", "as a percentage of sales"
    return key, found.start(1), not _names_no_item(words)


def _names_no_item(words: Sequence[str]) -> bool:
    """Do `words` hold one that names no figure (financial.yaml `line_item_questions`
    `not_items`: a change, a ratio, an item per share)?"""
    rest = f" {' '.join(words)} "
    return any(f" {w} " in rest for w in _word_list("line_item_questions", "not_items"))


def line_item_readings(question: str) -> tuple[str, ...]:
    """The names `question` may give its line item, longest first: `line_item_asked`'s item
    last, and before it the item read on over its period words ("in", "for", "from", "by")
    up to a year, a number or the question's end, each stopping before a period word or at
    the end ("Acme's net increase in cash and cash equivalents in FY2021": "net increase in
    cash and cash equivalents", then "net increase"). A statement's row whose printed name is a
    longer reading is the one asked; () when the question names no item. A reading a figure's
    word ends or follows ("revenue per share") is none."""
    found = _line_item(question)
    if found is None:
        return ()
    item, start, names_item = found
    words = label_key(question.split("?", 1)[0][start:]).split()
    # the words as `_line_item` reads them: the item opens where its first word is
    first = item.split()[0]
    if first not in words:
        return (item,) if names_item else ()
    words = words[words.index(first) :]
    stops = set(_word_list("line_item_questions", "period_words"))
    end = next(
        (i for i, w in enumerate(words) if _YEAR_OR_NUMBER.fullmatch(w)),
        len(words),
    )
    after, words = words, words[: min(end, _longest_item())]
    base = len(item.split())
    # a reading's own words may be a figure's ("Taxes paid related to net share settlement
    # of equity awards": only a row printing it whole answers it); the words after it may
    # not ("revenue per share" is no "Revenue")
    longer = [
        " ".join(words[:n])
        for n in range(len(words), base, -1)
        if (n == len(words) or words[n] in stops)
        and words[n - 1] not in stops
        and not _names_no_item(after[n:])
    ]
    readings = (*longer, item) if not _names_no_item(after[base:]) else tuple(longer)
    head = _head_before_owner(question.split("?", 1)[0])
    # "the present value of Amazon's lease liabilities": "present value of lease liabilities"
    # first, then the item alone
    return (*(f"{head} of {r}" for r in readings), *readings) if head else readings


_HEAD_OF_OWNER = re.compile(r"\bthe\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)*?)\s+of\s+", re.IGNORECASE)


def _head_before_owner(asked: str) -> str | None:
    """The words a question writes before "of" and the company's possessive ("the present
    value of Amazon's ..." : "present value"), folded; None where it writes none, or more
    than `line_item_questions.longest_head` words, or a period word among them."""
    found = _POSSESSIVE.search(asked)
    if found is None:
        return None
    prefix = asked[: found.start()]
    opened = list(re.finditer(r"\bthe\s+", prefix, re.IGNORECASE))
    if not opened:
        return None
    m = _HEAD_OF_OWNER.match(prefix, opened[-1].start())
    if m is None:
        return None
    words = label_key(m.group(1)).split()
    stops = set(_word_list("line_item_questions", "period_words"))
    if not words or len(words) > _line_item_number("longest_head") or stops & set(words):
        return None
    return " ".join(words)


def note_item_words() -> int:
    """The fewest words a line item read from a note's table may have (financial.yaml
    `line_item_questions.fewest_note_item_words`)."""
    return _line_item_number("fewest_note_item_words")


@functools.cache
def _line_item_number(field: str) -> int:
    body = (_loaded(LEXICON_DIR / FINANCIAL_FILE) or {}).get("line_item_questions")
    value = body.get(field) if isinstance(body, dict) else None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise LexiconError(f"{FINANCIAL_FILE}: `line_item_questions.{field}` is a whole number")
    return value


def spending_asked(question: str) -> bool:
    """Does `question` ask what a company spent on its item ("How much did Adobe spend on
    acquisitions, net of cash acquired"; financial.yaml `line_item_questions.item_openings`)?
    What was spent is an outflow's size: a row printing it in parentheses gives its
    magnitude."""
    return _item_opening().search(question.split("?", 1)[0]) is not None


@functools.cache
def _longest_item() -> int:
    """The most words a line item asked by its printed name may have (financial.yaml
    `line_item_questions.longest_item`)."""
    body = (_loaded(LEXICON_DIR / FINANCIAL_FILE) or {}).get("line_item_questions")
    longest = body.get("longest_item") if isinstance(body, dict) else None
    if not isinstance(longest, int) or isinstance(longest, bool) or longest < 1:
        raise LexiconError(f"{FINANCIAL_FILE}: `line_item_questions.longest_item` is no count")
    return longest


@functools.cache
def _item_opening() -> re.Pattern[str]:
    openings = _raw_word_list("line_item_questions", "item_openings")
    spaced = "|".join(r"\s+".join(map(re.escape, o.split())) for o in openings)
    return re.compile(rf"\b(?:{spaced})\s+(.+)", re.IGNORECASE)


def names_outflow(label: str) -> bool:
    """Does a row's label (or an item as asked) name a cost or an outflow ("Principal
    repayments of finance leases", "Purchases of treasury shares", "product development
    expense"; financial.yaml `line_item_questions.outflow_words`)? Only such a row's figure in
    parentheses is its size; any other row's parentheses are its sign ("Equity-method
    investment activity, net of tax (14)": a loss of 14)."""
    return _holds(label_key(label), _word_list("line_item_questions", "outflow_words"))


def line_item_qualifiers() -> tuple[str, ...]:
    """The words an item may open with that its row's heading says ("current", "long term":
    "current deferred revenue" is the "Deferred revenue" under "Current liabilities:"),
    longest first (financial.yaml `line_item_questions.qualifiers`)."""
    words = _word_list("line_item_questions", "qualifiers")
    return tuple(sorted(words, key=lambda w: (-len(w), w)))


def line_item_labels(item: str) -> tuple[str, ...]:
    """The row labels (folded) that print the line item `item` (`line_item_asked`'s): the
    words as asked, without a generic ending ("product development expense": "product
    development"), the last word singular or plural ("deferred revenues", "deferred
    revenue")."""
    endings = _word_list("line_item_questions", "generic_endings")
    # the words left must name an item: "other expense" is never the row "Other", "total
    # cost" never "Total" (financial.yaml `line_item_questions.generic_heads`)
    heads = set(_word_list("line_item_questions", "generic_heads"))
    forms = [item]
    for ending in sorted(endings, key=lambda e: (-len(e), e)):
        if item.endswith(f" {ending}"):
            left = item[: -len(ending) - 1]
            if any(w not in heads for w in left.split()):
                forms.append(left)
            break
    labels: list[str] = []
    for form in forms:
        head, _, last = form.rpartition(" ")
        lead = f"{head} " if head else ""
        variants = [form]
        if last.endswith("ies"):
            variants.append(f"{lead}{last[:-3]}y")
        elif last.endswith("y"):
            variants.append(f"{lead}{last[:-1]}ies")
        elif last.endswith("s") and not last.endswith("ss"):
            variants.append(f"{lead}{last[:-1]}")
        else:
            variants.append(f"{lead}{last}s")
        labels.extend(v for v in variants if v not in labels)
    return tuple(labels)


def concept_phrase_spans(text: str) -> list[tuple[int, int]]:
    """The spans of `text` where a concept's phrase (its question words, its labels of more
    than one word), a metric's or a statement's name is written in lower case: "cash and
    cash equivalents", "free cash flow", "the cash flow statement". A name the knowledge
    base knows ("Cash", a product's short name) written inside one is the phrase's word, not
    a party; a phrase written in capitals is left to the name reader."""
    return sorted({m.span() for pattern in _phrase_patterns() for m in pattern.finditer(text)})


@functools.cache
def _phrase_patterns() -> tuple[re.Pattern[str], ...]:
    phrases = {
        phrase
        for concept in financial_concepts()
        for phrase in (*concept.question_words, *(p for p in concept.labels if " " in p))
    }
    # a metric's name ("free cash flow") and a statement's ("the cash flow statement") are
    # line items' phrases too
    phrases.update(w for m in financial_metrics() for w in m.question_words if " " in w)
    phrases.update(_statement_names())
    return tuple(
        re.compile(
            r"(?<![a-z0-9])"
            + r"[\s,\-/]+".join(r"(?:and|&)" if w == "and" else re.escape(w) for w in p.split())
            + r"(?![a-z0-9])"
        )
        for p in sorted(phrases)
    )


@functools.cache
def _statement_names(path: Path | None = None) -> tuple[str, ...]:
    source = path or LEXICON_DIR / FINANCIAL_FILE
    words = (_loaded(source) or {}).get("statement_names")
    if not isinstance(words, list) or not words:
        raise LexiconError(f"{source.name}: `statement_names` is a non-empty list")
    return tuple(label_key(str(w)) for w in words)


@functools.cache
def _other_entity_captions(path: Path | None = None) -> tuple[str, ...]:
    source = path or LEXICON_DIR / FINANCIAL_FILE
    words = (_loaded(source) or {}).get("other_entity_captions")
    if not isinstance(words, list) or not words:
        raise LexiconError(f"{source.name}: `other_entity_captions` is a non-empty list")
    return tuple(label_key(str(w)) for w in words)


def captions_another_entity(caption: str) -> bool:
    """Does a statement table's caption say it is another reporting entity's than the
    consolidated company's (financial.yaml's `other_entity_captions`: a deed of cross
    guarantee's closed group, guarantors, the parent company alone)?"""
    key = f" {label_key(caption)} "
    return any(f" {w} " in key for w in _other_entity_captions())


@functools.cache
def _other_measure_captions(path: Path | None = None) -> tuple[str, ...]:
    source = path or LEXICON_DIR / FINANCIAL_FILE
    words = (_loaded(source) or {}).get("other_measure_captions")
    if not isinstance(words, list) or not words:
        raise LexiconError(f"{source.name}: `other_measure_captions` is a non-empty list")
    return tuple(label_key(str(w)) for w in words)


def captions_another_measure(caption: str) -> bool:
    """Does a table's caption say its figures measure something else than the line items
    its rows name (financial.yaml's `other_measure_captions`: a deferred tax table's
    "Depreciation and amortization" is the tax effect of a temporary difference)?"""
    key = f" {label_key(caption)} "
    return any(f" {w} " in key for w in _other_measure_captions())


@functools.cache
def _category_totals() -> tuple[tuple[str, ...], frozenset[str]]:
    return _word_list("category_total_columns", "words"), frozenset(
        w for q in _word_list("category_total_columns", "qualifiers") for w in q.split()
    )


def names_category_total(header: str, categories: Sequence[str] = ()) -> bool:
    """Does a column header of a table whose columns are categories, not periods, name the
    table's total (financial.yaml `category_total_columns`: "Total", "Worldwide")? The header
    opens with a total's words, and any word after them is a total's, a qualifier's ("Total
    Company") or one every other category's header holds ("Total Leases" beside "Operating
    Leases" and "Finance Leases"): "Total Domestic" is a part, "Non-consolidated entities"
    and "Intersegment Eliminations & Total" no total."""
    words = label_key(header).split()
    totals, qualifiers = _category_totals()
    others = [set(label_key(c).split()) for c in categories if label_key(c) != label_key(header)]
    # one other category's words are that category's, not the table's
    shared = set.intersection(*others) if len(others) >= 2 else set()
    allowed = qualifiers | shared | {w for t in totals for w in t.split()}
    for total in totals:
        opening = total.split()
        if words[: len(opening)] == opening:
            return all(w in allowed for w in words[len(opening) :])
    return False


@functools.cache
def label_count_words(
    path: Path | None = None,
) -> tuple[dict[str, str], tuple[str, ...], dict[str, int]]:
    """The words of a count a row's label states (financial.yaml `label_counts`): the nouns
    it counts, each with the unit its count is stored in ("shares": shares, "units": units),
    the words joining its figures ("and", ","), and the scale words after a figure
    ("million": 1,000,000)."""
    source = path or LEXICON_DIR / FINANCIAL_FILE
    body = (_loaded(source) or {}).get("label_counts") or {}
    scales = body.get("scales")
    if not isinstance(scales, dict) or not scales:
        raise LexiconError(f"{source.name}: `label_counts` has a non-empty `scales` map")
    nouns = body.get("nouns")
    if (
        not isinstance(nouns, dict)
        or not nouns
        or not all(isinstance(k, str) and isinstance(v, str) and k and v for k, v in nouns.items())
    ):
        raise LexiconError(
            f"{source.name}: `label_counts` has a non-empty `nouns` map (noun: unit)"
        )
    return (
        {k.lower(): v for k, v in nouns.items()},
        _raw_word_list("label_counts", "joiners", path),
        {str(k).lower(): int(v) for k, v in scales.items()},
    )


@functools.cache
def label_count_subjects(path: Path | None = None) -> frozenset[str]:
    """The last words of a label's subject whose count a clause of it may state
    (financial.yaml `label_counts.subjects`: "stock" of "Common stock, $0.10 par value: ...
    outstanding - 218.1 million shares"), lower case."""
    return frozenset(w.lower() for w in _raw_word_list("label_counts", "subjects", path))


@functools.cache
def _share_amount_openings(path: Path | None = None) -> tuple[str, ...]:
    source = path or LEXICON_DIR / FINANCIAL_FILE
    words = (_loaded(source) or {}).get("share_amount_rows")
    if not isinstance(words, list) or not words:
        raise LexiconError(f"{source.name}: `share_amount_rows` is a non-empty list")
    return tuple(label_key(str(w)) for w in words)


def names_share_amount(label: str) -> bool:
    """Does a row label that names shares state the dollars paid or received for them
    (financial.yaml's `share_amount_rows`: "Purchase of treasury shares (221)"), not a count?"""
    key = f"{label_key(label)} "
    return any(key.startswith(f"{w} ") for w in _share_amount_openings())


# -- metrics ------------------------------------------------------------------------------

_METRIC_UNITS = ("%", "ratio", "days", "USD")
# the functions an expression may call: the year before's value, the mean of two period ends
_PERIOD_FUNCTIONS = ("prior", "avg")


@dataclass(frozen=True, slots=True)
class MetricFormula:
    """One definition of a metric: an expression over concepts (see financial.yaml's
    `metrics`), and the words a question holds when it means this definition (none: the
    standard one). `tree` is the expression parsed (Python's grammar, checked to hold only
    numbers, + - * /, concept names, prior(...) and avg(...))."""

    expression: str
    when: tuple[str, ...]
    tree: ast.expr

    def operands(self) -> tuple[tuple[str, str], ...]:
        """(concept, "this" | "prior" | "avg") of every operand, in reading order, once."""
        out: list[tuple[str, str]] = []

        def visit(node: ast.AST) -> None:
            if isinstance(node, ast.Call):
                arg = node.args[0]
                assert isinstance(arg, ast.Name) and isinstance(node.func, ast.Name)
                pair = (arg.id, node.func.id)
            elif isinstance(node, ast.Name):
                pair = (node.id, "this")
            else:
                for child in ast.iter_child_nodes(node):
                    visit(child)
                return
            if pair not in out:
                out.append(pair)

        visit(self.tree)
        return tuple(out)


@dataclass(frozen=True, slots=True)
class FinancialMetric:
    """A metric computed from statement cells: its name, how questions name it, its
    definitions (the first is the standard one unless it lists `when` words) and its unit
    ("%": the expression times 100, "ratio", "days", "USD")."""

    name: str
    question_words: tuple[str, ...]
    formulas: tuple[MetricFormula, ...]
    unit: str
    # words of a question that asks for another measure by the metric's name ("adjusted
    # EBITDA": a non-GAAP figure no formula over the statements gives)
    never_words: tuple[str, ...] = ()
    # a line item's compound annual growth rate between the first and the last fiscal year
    # a question names: its formula is the line item, read at each
    compound: bool = False
    # a line item's change in dollars from the first to the last fiscal year a question
    # names ("by how much did inventories change from FY2018 to FY2019"): its formula is the
    # line item, read at each
    change: bool = False

    def formula_for(self, question: str) -> MetricFormula | None:
        """The definition `question` means: the first whose `when` words it all holds, else
        the standard one (a formula with no `when`); None when the question leaves it open."""
        # a definition is often given in parentheses ("/ (COGS + change in inventory)"):
        # folded as a label is, but with the parenthesised words kept
        key = f" {label_key(question.replace('(', ' ').replace(')', ' '))} "
        # an operand written after an exclusion word ("excluding short-term investments",
        # "less inventories"; financial.yaml `metric_definitions.exclusion_words`) is one the
        # definition leaves out: a formula adding it is not the one meant, one subtracting it is
        words = key.split()
        excluded = _excluded_indices(words)
        for formula in self.formulas:
            if formula.when and all(
                _names_operand(words, excluded, w, formula) for w in formula.when
            ):
                return formula
        return next((f for f in self.formulas if not f.when), None)


def _excluded_indices(words: Sequence[str]) -> frozenset[int]:
    """The indices of the words of a folded question that open an operand an exclusion word
    leaves out: up to three words after it."""
    out: set[int] = set()
    for phrase in _word_list("metric_definitions", "exclusion_words"):
        for _, end in _occurrences(words, phrase):
            out.update(range(end, min(end + 3, len(words))))
    return frozenset(out)


def _names_operand(
    words: Sequence[str], excluded: frozenset[int], when: str, formula: MetricFormula
) -> bool:
    """Does the question name the formula's `when` words as the formula takes them: once
    outside an exclusion, or excluded where the formula subtracts what they name?"""
    spans = _occurrences(words, when)
    if any(start not in excluded for start, _ in spans):
        return True
    if not spans:
        return False
    subtracted = set(re.findall(r"-\s*(?:(?:prior|avg)\s*\(\s*)?(\w+)", formula.expression))
    return any(c.name in subtracted for c in _concepts_named(when, as_question=False))


def _expression(text: str, where: str, concepts: set[str]) -> ast.expr:
    """The expression parsed and checked (LexiconError when it holds anything else)."""
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError as exc:
        raise LexiconError(f"{where}: `{text}` is not an expression ({exc.msg})") from exc
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            ok = (
                isinstance(node.func, ast.Name)
                and node.func.id in _PERIOD_FUNCTIONS
                and len(node.args) == 1
                and not node.keywords
                and isinstance(node.args[0], ast.Name)
            )
            if not ok:
                raise LexiconError(f"{where}: only prior(concept) and avg(concept) are called")
        elif isinstance(node, ast.Name):
            if node.id not in concepts and node.id not in _PERIOD_FUNCTIONS:
                raise LexiconError(f"{where}: `{node.id}` is no concept of {FINANCIAL_FILE}")
        elif isinstance(node, ast.Constant):
            if not isinstance(node.value, int | float):
                raise LexiconError(f"{where}: `{text}` holds a constant that is no number")
        elif not isinstance(
            node, ast.BinOp | ast.Add | ast.Sub | ast.Mult | ast.Div | ast.Load | ast.UnaryOp
        ) and not isinstance(node, ast.USub):
            raise LexiconError(f"{where}: `{text}` holds more than + - * / and parentheses")
    return tree


@functools.cache
def financial_metrics(path: Path | None = None) -> tuple[FinancialMetric, ...]:
    """The metrics of domain/lexicon/financial.yaml (LexiconError when one is malformed or
    names a concept the file does not define)."""
    source = path or LEXICON_DIR / FINANCIAL_FILE
    loaded = _loaded(source)
    entries = (loaded or {}).get("metrics") or {}
    if not isinstance(entries, dict):
        raise LexiconError(f"{source.name}: `metrics` must be a mapping of metrics")
    concepts = {c.name for c in financial_concepts(path)}
    out = []
    for name, body in entries.items():
        where = f"{source.name}: metrics.{name}"
        if not isinstance(body, dict) or body.get("unit") not in _METRIC_UNITS:
            raise LexiconError(f"{where}: a mapping with a unit one of {_METRIC_UNITS}")
        words, formulas = body.get("question_words"), body.get("formulas")
        if not isinstance(words, list) or not words or not isinstance(formulas, list):
            raise LexiconError(f"{where}: `question_words` and `formulas` are non-empty lists")
        never = body.get("never_words", [])
        if not isinstance(never, list):
            raise LexiconError(f"{where}: `never_words` is a list of words")
        parsed = []
        for formula in formulas:
            if not isinstance(formula, dict) or not isinstance(formula.get("expression"), str):
                raise LexiconError(f"{where}: each formula has an `expression`")
            when = formula.get("when", [])
            if not isinstance(when, list):
                raise LexiconError(f"{where}: `when` is a list of words")
            text = formula["expression"]
            parsed.append(
                MetricFormula(
                    expression=text,
                    when=tuple(label_key(str(w)) for w in when),
                    tree=_expression(text, where, concepts),
                )
            )
        out.append(
            FinancialMetric(
                name=str(name),
                question_words=tuple(label_key(str(w)) for w in words),
                formulas=tuple(parsed),
                unit=str(body["unit"]),
                never_words=tuple(label_key(str(w)) for w in never),
            )
        )
    return tuple(out)


def metric_asked(text: str) -> FinancialMetric | None:
    """The metric a question names (its longest question phrase wins), if any; none that the
    question's never-words rule out ("adjusted EBITDA" is not EBITDA)."""
    key = f" {label_key(text)} "
    # a metric named in the plural ("Are gross margins consistent?") is the metric, over the
    # years asked
    found = [
        (len(w), index, metric)
        for index, metric in enumerate(financial_metrics())
        for w in metric.question_words
        if (f" {w} " in key or f" {w}s " in key)
        and not any(f" {n} " in key for n in metric.never_words)
        and not _moved_phrase(key, w)
    ]
    return max(found, key=lambda t: (t[0], -t[1]))[2] if found else None


def adjusted_measure_asked(text: str) -> str | None:
    """The word by which a question qualifies the figure or metric it asks as one the
    company defines itself ("adjusted EBITDA", "non-GAAP operating income", "organic
    growth"; financial.yaml `adjusted_measures`), as the question writes it folded; None
    when it says none. A measure so qualified is no statement row nor registry metric."""
    key = f" {label_key(text)} "
    found = [
        w
        for w in _word_list("adjusted_measures", "words")
        if any(
            _ADVERBIAL.search(key[: m.start() + 1]) or _qualifies_a_measure(key[m.end() :])
            for m in re.finditer(f" {w} ", key)
        )
    ]
    return max(found, key=lambda w: (len(w), w)) if found else None


# a qualifier said after its measure ("revenue growth in constant currency", "on an organic
# basis", "on a pro forma basis")
_ADVERBIAL = re.compile(r" (?:in|on an?|at) $")
# how many words after a qualifier its measure may start ("adjusted diluted EPS", "organic
# revenue growth")
_QUALIFIED_WITHIN = 3


def _qualifies_a_measure(after: str) -> bool:
    """Does a measure (a concept, a registry metric, a growth) start within the few words after
    a qualifier? "adjusted EBITDA", "organic growth", "adjusted diluted EPS" do; "the underlying
    drivers of revenue", "Acme Organic Foods in FY2019", "adjusted to conform" do not."""
    words = after.split()

    def named(start: int) -> set[str]:
        window = " ".join(words[start : start + 6])
        metric = metric_named(window)
        return (
            {c.name for c in concepts_asked(window, as_question=False)}
            | ({metric.name} if metric is not None else set())
            | ({"growth"} if growth_named(" ".join(words[start : start + 1])) else set())
        )

    return any(named(i) - named(i + 1) for i in range(min(_QUALIFIED_WITHIN, len(words))))


def metric_named(text: str) -> FinancialMetric | None:
    """The metric whose name a question says (its longest question phrase wins), its
    never-words aside: "adjusted EBITDA" names EBITDA, qualified (`adjusted_measure_asked`)."""
    key = f" {label_key(text)} "
    found = [
        (len(w), index, metric)
        for index, metric in enumerate(financial_metrics())
        for w in metric.question_words
        if (f" {w} " in key or f" {w}s " in key) and not _moved_phrase(key, w)
    ]
    return max(found, key=lambda t: (t[0], -t[1]))[2] if found else None


def growth_named(text: str) -> bool:
    """Does the question name a change or a growth (financial.yaml `concept_growth`
    question words: "growth", "change"), in whatever unit?"""
    key = f" {label_key(text)} "
    return any(f" {w} " in key for w in _growth_words()[0])


# -- the growth of any concept ------------------------------------------------------------


@functools.cache
def _growth_words(path: Path | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the words that ask for a change, the words that ask for it in percent) of
    financial.yaml's `concept_growth`."""
    source = path or LEXICON_DIR / FINANCIAL_FILE
    loaded = _loaded(source)
    body = (loaded or {}).get("concept_growth")
    change = body.get("question_words") if isinstance(body, dict) else None
    percent = body.get("percent_words") if isinstance(body, dict) else None
    if not isinstance(change, list) or not change or not isinstance(percent, list) or not percent:
        raise LexiconError(
            f"{source.name}: `concept_growth` has non-empty `question_words` and `percent_words`"
        )
    return tuple(label_key(str(w)) for w in change), tuple(label_key(str(w)) for w in percent)


def growth_asked(text: str, unit_text: str | None = None) -> bool:
    """Does the question ask for a change in percent ("the year-over-year change in net
    income, in percent", "operating income growth (%)")? A change asked in dollars is not.
    `unit_text` is where the percent may be said, when more than `text` (the question's
    instructions after what it asks)."""
    change, percent = _growth_words()
    unit = unit_text if unit_text is not None else text
    # the unit is often said in parentheses ("(in units of percents)"): kept, not folded away
    key, unit_key = (f" {label_key(t.replace('(', ' ').replace(')', ' '))} " for t in (text, unit))
    return any(f" {w} " in key for w in change) and (
        "%" in unit or any(f" {w} " in unit_key for w in percent)
    )


def growth_metric(concept: FinancialConcept) -> FinancialMetric:
    """The growth of `concept` over the fiscal year before, as a metric of the registry's
    form: (concept - prior(concept)) / prior(concept), in percent."""
    text = f"({concept.name} - prior({concept.name})) / prior({concept.name})"
    tree = _expression(text, f"growth of {concept.name}", {concept.name})
    return FinancialMetric(
        name=f"{concept.name}_growth",
        question_words=(),
        formulas=(MetricFormula(expression=text, when=(), tree=tree),),
        unit="%",
    )


def average_metric(concept: FinancialConcept) -> FinancialMetric:
    """`concept` itself as a metric of the registry's form, for its mean over fiscal years
    ("the FY2019 - FY2021 3 year average of capital expenditure"), in dollars."""
    tree = _expression(concept.name, f"average of {concept.name}", {concept.name})
    return FinancialMetric(
        name=f"{concept.name}_average",
        question_words=(),
        formulas=(MetricFormula(expression=concept.name, when=(), tree=tree),),
        unit="USD",
    )


@functools.cache
def _signed_row_words() -> dict[str, tuple[str, ...]]:
    return {
        f: _word_list("signed_rows", f)
        for f in ("benefit_words", "expense_words", "loss_words", "income_words", "income_not")
    }


def _holds(key: str, words: Sequence[str]) -> bool:
    return any(f" {w} " in f" {key} " for w in words)


def expense_row_sign(label: str) -> int | None:
    """How a printed figure of an expense row is signed as the expense (financial.yaml
    `signed_rows`): 1 when the row names a benefit in parentheses ("Provision for (benefit
    from) income taxes": printed as the expense, a figure in parentheses a benefit), -1 when
    it names the expense in parentheses ("Income tax (expense) benefit": a figure in
    parentheses is the expense), None when its parentheses say nothing of a row naming a
    benefit ("Income tax expense/benefit": no sign to read; "Income tax benefit": a benefit
    whatever way it is printed, `names_benefit_only`); 0 when it names no benefit (its
    magnitude is the expense: a deduction printed in parentheses)."""
    words = _signed_row_words()
    if not _holds(_unbracketed(label), words["benefit_words"]):
        return 0
    inside = " ".join(label_key(m) for m in re.findall(r"\(([^)]*)\)", label))
    if _holds(inside, words["benefit_words"]):
        return 1
    if _holds(inside, words["expense_words"]):
        return -1
    return None


def names_benefit_only(label: str) -> bool:
    """Does an expense row name a benefit and no expense ("Income tax benefit", "Benefit from
    income taxes")? Its figure is a benefit, a negative expense, whether printed plain or in
    parentheses ("(20)" under a pre-tax loss is a benefit of 20, never an expense)."""
    words = _signed_row_words()
    key = _unbracketed(label)
    return _holds(key, words["benefit_words"]) and not _holds(key, words["expense_words"])


@functools.cache
def _loss_concepts() -> frozenset[str]:
    return frozenset(_raw_word_list("signed_rows", "loss_concepts"))


def names_loss_only(label: str, concept: FinancialConcept) -> bool:
    """Does a row of `concept`, one a loss is a negative figure of (financial.yaml
    `signed_rows.loss_concepts`), name a loss and no income ("Net loss attributable to
    noncontrolling interests"; not "Net income (loss)", nor "Trade receivables, net of
    credit losses")?"""
    if concept.name not in _loss_concepts():
        return False
    words = _signed_row_words()
    key = _unbracketed(label)
    # "income" inside "income taxes" names the tax, no income: "Loss before income taxes"
    # names a loss only
    unincome = f" {key} "
    for phrase in words["income_not"]:
        unincome = unincome.replace(f" {phrase} ", " ")
    return _holds(key, words["loss_words"]) and not _holds(unincome, words["income_words"])


def _unbracketed(label: str) -> str:
    """A label folded with the words in its parentheses kept ("(benefit from)")."""
    return label_key(label.replace("(", " ").replace(")", " "))


@functools.cache
def _net_heading_words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    return _word_list("net_row_headings", "income_words"), _word_list(
        "net_row_headings", "expense_words"
    )


def net_row_expense(parents: Sequence[str], amount: float) -> float | None:
    """The expense a net row's figure ("Interest, net (395)") gives under its headings
    (`parents`, the nearest last): its magnitude when the nearest heading naming income or
    expense signs it as an expense (in parentheses under "Other income (expense)", positive
    under "Other expense (income)"); None when it is net income, or no heading says."""
    income, expense = _net_heading_words()
    for parent in reversed(parents):
        words = label_key(parent).split()
        first = next((w for w in words if w in income or w in expense), None)
        if first is None:
            continue
        positive_is_expense = first in expense
        if amount == 0 or (amount > 0) != positive_is_expense:
            return None
        return abs(amount)
    return None


def change_metric(concept: FinancialConcept) -> FinancialMetric:
    """`concept` itself as a metric of the registry's form, read at the first and the last
    fiscal year a question names for its change in dollars (the last less the first)."""
    tree = _expression(concept.name, f"change of {concept.name}", {concept.name})
    return FinancialMetric(
        name=f"{concept.name}_change",
        question_words=(),
        formulas=(MetricFormula(expression=concept.name, when=(), tree=tree),),
        unit="USD",
        change=True,
    )


def compound_growth_metric(concept: FinancialConcept) -> FinancialMetric:
    """`concept` itself as a metric of the registry's form, read at the first and the last
    fiscal year a question names for its compound annual growth rate (a percent)."""
    tree = _expression(concept.name, f"compound growth of {concept.name}", {concept.name})
    return FinancialMetric(
        name=f"{concept.name}_cagr",
        question_words=(),
        formulas=(MetricFormula(expression=concept.name, when=(), tree=tree),),
        unit="USD",
        compound=True,
    )


def _raw_word_list(section: str, field: str, path: Path | None = None) -> tuple[str, ...]:
    source = path or LEXICON_DIR / FINANCIAL_FILE
    body = (_loaded(source) or {}).get(section)
    words = body.get(field) if isinstance(body, dict) else None
    if not isinstance(words, list) or not words:
        raise LexiconError(f"{source.name}: `{section}` has a non-empty `{field}`")
    odd = [w for w in words if not isinstance(w, str) or not w]
    if odd:
        # YAML reads a bare on / off / yes / no as a boolean: a word list's every entry is
        # a word, quoted where YAML would read it otherwise ('on')
        raise LexiconError(
            f"{source.name}: `{section}.{field}` holds {odd[0]!r}, not a word (quote it)"
        )
    return tuple(words)


def _word_list(section: str, field: str, path: Path | None = None) -> tuple[str, ...]:
    return tuple(label_key(w) for w in _raw_word_list(section, field, path))


def _words_pattern(words: Sequence[str]) -> str:
    """One regex alternation of lexicon words, longest first: whole words (each as the
    lexicon's `phrase_pattern` reads it: a trailing "*" a stem, a space any run of spaces); a
    word with no letter ("%") matched as it is."""
    parts = []
    for word in sorted(words, key=lambda w: (-len(w), w)):
        body = phrase_pattern(word)
        if not re.search(r"\w", word):
            parts.append(body)
        else:
            parts.append(rf"\b{body}" + ("" if word.endswith("*") else r"\b"))
    return "|".join(parts)


@functools.cache
def _figure_question_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(computed, judgement, judgement_not) of financial.yaml's `figure_questions`."""

    def words(field: str) -> str:
        return _words_pattern(_raw_word_list("figure_questions", field))

    # a definition with an operator between line items, or an equation, is arithmetic
    computed = (
        rf"{words('computed_words')}|(?:{words('definition_words')}).*\s[-+*/]\s"
        r"|\s=\s.*\s[-+*/]\s"
    )
    return (
        re.compile(computed, re.IGNORECASE),
        re.compile(words("judgement_words"), re.IGNORECASE),
        re.compile(words("judgement_not"), re.IGNORECASE),
    )


def computed_asked(text: str) -> bool:
    """Does a figure question ask for arithmetic over cells, not one cell ("ratio", "growth",
    "%", a definition with an operator; financial.yaml `figure_questions`)?"""
    # "the weighted-average diluted shares": a count a statement prints, no average to take
    for pattern in _computed_not():
        text = pattern.sub(" ", text)
    return _figure_question_patterns()[0].search(text) is not None


def sum_asked(text: str) -> bool:
    """Does a question ask for a sum or a difference of the figures it names ("the difference
    in revenue", "combined", "the total of"; financial.yaml `figure_questions.sum_words`)?
    Arithmetic where it names several figures (years or line items), never one cell."""
    return _sum_pattern().search(text) is not None


@functools.cache
def _sum_pattern() -> re.Pattern[str]:
    return re.compile(
        _words_pattern(_raw_word_list("figure_questions", "sum_words")), re.IGNORECASE
    )


@functools.cache
def _report_year() -> re.Pattern[str]:
    # "10 k" is "10-K", "10K" or "10 K"
    words = "|".join(
        phrase_pattern(w, r"[\s\-]*")
        for w in sorted(_word_list("figure_questions", "report_words"), key=lambda w: (-len(w), w))
    )
    return re.compile(rf"(?<!\d)(?:19|20)\d{{2}}(?!\d)(?=[\s\-]+(?:{words})\b)", re.IGNORECASE)


@functools.cache
def _report_date() -> re.Pattern[str]:
    verbs = _words_pattern(_word_list("figure_questions", "report_date_words"))
    links = _words_pattern(_word_list("figure_questions", "report_date_links"))
    return re.compile(
        rf"\b(?:{verbs})(?:\s+(?:{links}))?\s+"
        rf"(?:{lexicon().month})\.?\s+(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?(?:19|20)\d{{2}}(?!\d)",
        re.IGNORECASE,
    )


def without_report_dates(text: str) -> str:
    """`text` with each date that names a filing's day, not a period asked, blanked out
    ("as reported on February 8, 2023", "the filing dated on March 17, 2023", "filed in
    August 2022"; financial.yaml `figure_questions.report_date_words` and
    `report_date_links`), each character kept in place."""
    return _report_date().sub(lambda m: " " * len(m.group(0)), text)


def without_report_years(text: str) -> str:
    """`text` with each year that names a filing, not a period asked, blanked out ("as
    reported in the 2020 10-K", "its 2019 annual report"; financial.yaml
    `figure_questions.report_words`), and each filing's date (`without_report_dates`), each
    character kept in place."""
    return _report_year().sub(lambda m: " " * len(m.group(0)), without_report_dates(text))


@functools.cache
def _computed_not() -> tuple[re.Pattern[str], ...]:
    # each phrase written once: spaces or hyphens between its words ("weighted-average")
    phrases = dict.fromkeys(
        " ".join(p.replace("-", " ").split())
        for p in _raw_word_list("figure_questions", "computed_not")
    )
    return tuple(re.compile(phrase_pattern(p, r"[\s\-]+"), re.IGNORECASE) for p in phrases)


_YEAR_MENTION = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")


@functools.cache
def _year_list_words() -> tuple[tuple[str, ...], frozenset[str], frozenset[str]]:
    joiners = tuple(
        sorted(_word_list("figure_questions", "year_joiners"), key=lambda w: (-len(w), w))
    )
    words = frozenset(
        w for phrase in _word_list("figure_questions", "year_words") for w in phrase.split()
    )
    return joiners, words, frozenset(_word_list("figure_questions", "year_span_openings"))


def years_listed(text: str) -> bool:
    """Does the question list the fiscal years it names ("for FY2018 and FY2019", "in 2017,
    2018 & 2019"): each year's figure asked, not arithmetic between them ("from FY2018 to
    FY2019", "between 2018 and 2019" are spans; financial.yaml `figure_questions`)?"""
    spans = [m.span() for m in _YEAR_MENTION.finditer(text)]
    if len({text[s:e] for s, e in spans}) < 2:
        return False
    joiners, words, openings = _year_list_words()
    before = [w for w in label_key(text[: spans[0][0]]).split() if w not in words]
    if before and before[-1] in openings:
        return False
    for (_, end), (start, _) in itertools.pairwise(spans):
        between = text[end:start]
        key = " ".join(w for w in label_key(between).split() if w not in words)
        if not (key in joiners or (not key and "," in between)):
            return False
    return True


def comparison_asked(text: str) -> bool:
    """Does a figure question ask for a judgement over figures, not a metric's value ("Has
    the margin improved?", "how does it compare"), where "compared to <period>" only names a
    metric's base period (financial.yaml `figure_questions`)?"""
    _, judgement, unless = _figure_question_patterns()
    return any(unless.match(text, m.start()) is None for m in judgement.finditer(text))


@functools.cache
def _compound_words() -> tuple[str, ...]:
    return _word_list("concept_compound_growth", "question_words")


@functools.cache
def _change_words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    return _word_list("metric_change", "question_words"), _word_list(
        "metric_change", "relative_words"
    )


def compound_growth_asked(text: str) -> bool:
    """Does the question ask for a compound annual growth rate ("CAGR")?"""
    key = f" {label_key(text)} "
    return any(f" {w} " in key for w in _compound_words())


def dollar_change_asked(text: str) -> bool:
    """Does the question ask for a line item's change in dollars over a span of fiscal years
    ("By how much did inventories change from FY2018 to FY2019?", "the change in accounts
    payable between 2019 and 2020"), not of an adjusted figure ("the real change in sales,
    excluding FX"; financial.yaml `concept_change.adjusted_words`) nor set against something
    else ("divided by its total assets", "relative to FY2021", "in basis points";
    `concept_change.ratio_words`)?"""
    key = f" {label_key(text)} "
    openings = "|".join(_word_list("figure_questions", "year_span_openings"))
    spanned = re.search(rf" (?:{openings}) (?:fy ?|fiscal (?:year )?)?(?:19|20)\d{{2}}\b", key)
    adjusted = _holds(key, _word_list("concept_change", "adjusted_words"))
    ratio = _holds(key, _word_list("concept_change", "ratio_words"))
    return change_asked(text) and spanned is not None and not adjusted and not ratio


def change_asked(text: str) -> bool:
    """Does the question ask for the change in a metric between two fiscal years in its own
    unit ("the FY2017 - FY2018 change in operating margin"), not relative to the earlier
    value ("the percentage change in ...")?"""
    change, relative = _change_words()
    key = f" {label_key(text)} "
    return any(f" {w} " in key for w in change) and not any(f" {w} " in key for w in relative)


@functools.cache
def _share_words(path: Path | None = None) -> tuple[str, ...]:
    source = path or LEXICON_DIR / FINANCIAL_FILE
    body = (_loaded(source) or {}).get("concept_share")
    words = body.get("share_words") if isinstance(body, dict) else None
    if not isinstance(words, list) or not words:
        raise LexiconError(f"{source.name}: `concept_share` has a non-empty `share_words`")
    return tuple(sorted((label_key(str(w)) for w in words), key=len, reverse=True))


@functools.cache
def _restated_words() -> tuple[str, ...]:
    return _word_list("restatement", "restated_words")


def restated_asked(text: str) -> bool:
    """Does the question ask for a figure as a later filing restated it ("as restated",
    "as recast"; financial.yaml `restatement`)?"""
    key = f" {label_key(text)} "
    return any(f" {w} " in key for w in _restated_words())


def share_asked(text: str) -> tuple[FinancialConcept, FinancialConcept] | None:
    """(part, whole) when `text` asks for one line item as a share of another ("research
    and development expense as a percentage of revenue"), else None."""
    key = f" {label_key(text)} "
    for words in _share_words():
        if f" {words} " in key:
            before, after = key.split(f" {words} ", 1)
            parts, wholes = concepts_asked(before), concepts_asked(after)
            if parts and wholes and parts[0].name != wholes[0].name:
                return parts[0], wholes[0]
    return None


def share_metric(part: FinancialConcept, whole: FinancialConcept) -> FinancialMetric:
    """`part` as a share of `whole` in the same period, as a metric of the registry's form:
    part / whole, in percent."""
    text = f"{part.name} / {whole.name}"
    tree = _expression(text, f"share of {part.name}", {part.name, whole.name})
    return FinancialMetric(
        name=f"{part.name}_to_{whole.name}",
        question_words=(),
        formulas=(MetricFormula(expression=text, when=(), tree=tree),),
        unit="%",
    )


@functools.cache
def _other_senses() -> tuple[str, ...]:
    return tuple(sorted(_word_list("figure_other_senses", "phrases"), key=len, reverse=True))


def without_other_senses(text: str) -> str:
    """`text` folded (label_key) with every phrase that uses a line item's word in another
    sense taken out ("internal revenue code", "sales tax"; financial.yaml
    `figure_other_senses`)."""
    key = f" {label_key(text)} "
    for phrase in _other_senses():
        key = key.replace(f" {phrase} ", " | ")
    return key.strip()
