"""A document a question names by its kind, date or author ("the bylaws", "the cap table",
"the minutes of the June 15, 2021 meeting", "its May 2024 press release", "Corvane's report",
"what did the board approve on June 15, 2021?"), and the committed documents it names.

The kinds are data (vocabulary.yaml `documents.question_kinds`): the document types of each,
the words of a title or file name that mark one, and the words a question names it by. Only
documents that are no agreement are named so: an agreement is named by its type and parties
(skill/_agreement_ref.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import known_words, lexicon
from skill._alternation import alternation
from skill._mentions import is_closed_word
from skill._values import find_dates

__all__ = [
    "DocumentReference",
    "collective_documents",
    "document_reference",
    "phrase_alternation",
    "referenced_documents",
]

_KINDS: tuple[Mapping[str, Any], ...] = tuple(lexicon().documents.get("question_kinds") or ())
_MONTHS = {m: i + 1 for i, m in enumerate(lexicon().months)}
_MONTHS.update({str(k): int(v) for k, v in lexicon().month_abbreviations.items()})


def phrase_alternation(words: Iterable[str]) -> str:
    """The words as one alternation, the longer first, white space and hyphens alike."""
    return alternation({" ".join(w.replace("-", " ").split()) for w in words}, gap=r"[\s\-]+")


# what stands before a kind's words: a determiner or a possessive, then at most a few words
# (a date, an author, "board")
_LEAD = (
    r"(?:\b(?:"
    + phrase_alternation(str(w) for w in lexicon().documents.get("question_kind_determiners") or ())
    + r")\b|['’]s?)"
)
# the words between a kind and its document's date ("the minutes of June 15, 2021")
_DATE_LEAD = re.compile(
    r"\s+(?:"
    + phrase_alternation(str(w) for w in lexicon().documents.get("question_kind_date_leads") or ())
    + r")\s+(?:the\s+)?",
    re.IGNORECASE,
)
_BETWEEN = r"(?P<between>(?:\s+[\w.,'’&/-]+){0,4}?)"


@dataclass(frozen=True, slots=True)
class _Date:
    year: int
    month: int | None
    day: int | None
    start: int
    end: int

    def prefix(self) -> str:
        parts = [f"{self.year:04d}"]
        if self.month is not None:
            parts.append(f"{self.month:02d}")
            if self.day is not None:
                parts.append(f"{self.day:02d}")
        return "-".join(parts)


@dataclass(frozen=True, slots=True)
class DocumentReference:
    """A document the question names: its kind (the name in question_kinds), the dates that
    tell its documents apart (empty: none), the words that may name its author, and whether
    a date must tell it (a kind named by `dated` words) or an author (`authored` words)."""

    kind: str
    dates: tuple[_Date, ...]
    names: tuple[str, ...]
    needs_date: bool = False
    needs_author: bool = False
    # the question as its subject is read once the document is its scope: its author's
    # possessive read as "the" ("Corvane's report" -> "the report": the author is no
    # subject), its dates written in words ("2021-06-15" -> "June 15, 2021")
    reworded: str = ""
    # the company or person named before the kind by a possessive ("Acme's bylaws"), folded,
    # legal forms left out, and as written: the document must be theirs
    owner: tuple[str, ...] = ()
    owner_name: str = ""
    # the words the question names the kind by, as written ("report")
    named: str = ""
    # the owner is named before the kind with no possessive ("the Acme bylaws", "summarize
    # acme bylaws"): an owner the knowledge base does not know holds none of the kind
    owner_before: bool = False


def _dates(text: str) -> list[_Date]:
    """The dates the question writes, full or partial ("June 15, 2021", "15th of June, 2021",
    "2021-06-15", "6/15/2021", "May 2024", "2023"), as skill/_values.py finds them."""
    found: list[_Date] = []
    for mention in find_dates(text, partial=True):
        parts = [int(p) for p in mention.value.split("-")]
        found.append(
            _Date(
                parts[0],
                parts[1] if len(parts) > 1 else None,
                parts[2] if len(parts) > 2 else None,
                mention.start,
                mention.end,
            )
        )
    return found


# words before a kind that name no author ("the Board minutes", "the Annual report")
_NOT_NAMES = frozenset(lexicon().question_words) | frozenset(
    str(w) for w in lexicon().documents.get("question_kind_not_authors") or ()
)
# words that end a reference's lead: a kind stands after its determiner with no other between
_NOT_BETWEEN = frozenset(lexicon().question_words) - frozenset(
    str(w) for w in lexicon().documents.get("question_kind_not_authors") or ()
)
_DETERMINERS = frozenset(
    str(w).casefold() for w in lexicon().documents.get("question_kind_determiners") or ()
)
# a question word may open a reference too, where a name stands between it and the kind
# ("summarize acme bylaws", "what do Acme bylaws say")
_QUESTION_LEAD = r"\b(?:" + phrase_alternation(str(w) for w in lexicon().question_words) + r")\b"
_WORD = re.compile(r"[\w’'&.-]+")


def document_reference(question: str) -> DocumentReference | None:
    """The document `question` names by its kind (the first kind it names), or None."""
    text = " ".join(question.replace("_", " ").split())
    dates = _dates(text)
    for kind in _KINDS:
        name = str(kind["name"])
        for key in ("phrases", "authored", "bare", "dated"):
            words = [str(w) for w in kind.get(key) or ()]
            if not words:
                continue
            if key == "bare":
                m = re.search(rf"\b(?:{phrase_alternation(words)})\b", text, re.IGNORECASE)
                if m:
                    return DocumentReference(
                        name, tuple(dates), (), reworded=_reworded(text, dates, None)
                    )
                continue
            pattern = re.compile(
                rf"(?:{_LEAD}|{_QUESTION_LEAD}){_BETWEEN}\s+(?P<kind>{phrase_alternation(words)})\b",
                re.IGNORECASE,
            )
            for m in _overlapping(pattern, text):
                between = m.group("between")
                if any(w.casefold() in _NOT_BETWEEN - _MONTHS.keys() for w in between.split()):
                    continue  # "Halcyon's quorum under its bylaws": the nearer lead's
                own = [d for d in dates if m.start() <= d.start and d.end <= m.start("kind")]
                after = _date_after(text, m.end(), dates)
                possessive = m.group(0)[:1] in "'’"
                possessor = text[: m.start()] if possessive else ""
                owner, owner_name, owner_start = _owner(possessor)
                before = False
                if not owner:
                    owner, owner_name = _owner_before(m.group("between"))
                    before = bool(owner)
                lead = text[m.start() : m.start("between")].casefold()
                if not (possessive or lead in _DETERMINERS or (before and key == "phrases")):
                    # a question word opens a reference only with a name after it and before
                    # the kind's own phrase ("summarize acme bylaws"; "did Acme report" is a verb)
                    continue
                names = _names(possessor, between, owner)
                span = (
                    (owner_start, m.start("between"))
                    if owner_start is not None
                    else _possessor_span(text, m.start(), m.start("between"))
                    if possessor
                    else None
                )
                reworded = _reworded(text, dates, span, (m.start("kind"), m.end("kind"), name))
                if key == "dated":
                    if dates:
                        return DocumentReference(
                            name,
                            tuple(dates),
                            names,
                            needs_date=True,
                            reworded=reworded,
                            owner=owner,
                            owner_name=owner_name,
                            named=m.group("kind"),
                            owner_before=before,
                        )
                    continue
                if key == "authored" and not names:
                    continue
                # a date written in the reference must be the document's ("the press
                # release of May 7, 2024"); one elsewhere may be what it speaks of
                return DocumentReference(
                    name,
                    tuple(own + after),
                    names,
                    needs_date=bool(own or after),
                    needs_author=key == "authored",
                    reworded=reworded,
                    owner=owner,
                    owner_name=owner_name,
                    named=m.group("kind"),
                    owner_before=before,
                )
    return None


def _overlapping(pattern: re.Pattern[str], text: str) -> Iterable[re.Match[str]]:
    """Every match of `pattern`, one at each place it starts (overlapping ones too)."""
    pos = 0
    while (m := pattern.search(text, pos)) is not None:
        yield m
        pos = m.start() + 1


def _possessor_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Where the possessor's name ending at `start` stands, through its "'s" (to `end`):
    its capitalised words."""
    m = re.search(r"(?:[A-Z][\w&.-]*\s+){0,2}[A-Z][\w&.-]*$", text[:start])
    return (m.start(), end) if m is not None else None


def _reworded(
    text: str,
    dates: Sequence[_Date],
    owner: tuple[int, int] | None,
    kind: tuple[int, int, str] | None = None,
) -> str:
    """`text` with the owner's possessive read as "the", each full date in words and the
    kind's words as its name ("By-Laws" -> "bylaws": no name of a party)."""
    months = lexicon().months
    edits: list[tuple[int, int, str]] = []
    if kind is not None:
        edits.append(kind)
    if owner is not None:
        edits.append((owner[0], owner[1], "the"))
    for d in dates:
        if d.month is not None and d.day is not None:
            edits.append((d.start, d.end, f"{months[d.month - 1].title()} {d.day}, {d.year}"))
    out = text
    for start, end, words in sorted(edits, reverse=True):
        if any(s < end and start < e for s, e, _ in edits if (s, e) != (start, end)):
            continue
        out = out[:start] + words + out[end:]
    return out


def _date_after(text: str, end: int, dates: Sequence[_Date]) -> list[_Date]:
    """The dates right after a kind's words: "the minutes of (the) June 15, 2021 (meeting)",
    "the press release dated May 7, 2024"."""
    m = _DATE_LEAD.match(text, end)
    if m is None:
        return []
    return [d for d in dates if d.start == m.end()]


_LEGAL_FORMS = frozenset(lexicon().legal_form_words)
_OWNER_WORDS = re.compile(r"[\w&][\w&.’'-]*")


def _owner(possessor: str) -> tuple[tuple[str, ...], str, int | None]:
    """(the words of the owner whose possessive ends `possessor`, folded, legal forms and
    words that name no author left out; the owner as written; where it starts). Its
    capitalised words ("Halcyon Robotics, Inc.'s"), or in a question written in lower case
    its last words up to a question word ("what do acme robotics' bylaws say")."""
    words = list(_OWNER_WORDS.finditer(possessor))
    kept: list[re.Match[str]] = []
    capitalised = bool(words) and words[-1].group(0)[:1].isupper()
    for w in reversed(words):
        if len(kept) == 5:
            break
        written = w.group(0)
        folded = written.strip("'’.").casefold().replace(".", "")
        joins = folded in _LEGAL_FORMS or written == "&"
        if not joins and (
            folded in lexicon().question_words or (capitalised and not written[:1].isupper())
        ):
            break
        if kept and re.search(r"[^\s,]", possessor[w.end() : kept[-1].start()]):
            break  # words apart ("Acme? Halcyon's")
        kept.append(w)
    if not kept:
        return (), "", None
    keys = [w.group(0).strip("'’.").casefold().replace(".", "") for w in reversed(kept)]
    owner = tuple(w for w in keys if w not in _LEGAL_FORMS and w not in _NOT_NAMES and w != "&")
    as_written = possessor[kept[-1].start() : kept[0].end()].strip(" ,'’")
    return (owner, as_written, kept[-1].start()) if owner else ((), "", None)


def _owner_before(between: str) -> tuple[tuple[str, ...], str]:
    """(the owner's words, folded, legal forms left out; as written) where the words between
    a reference's lead and its kind name one ("the Acme bylaws", "summarize acme bylaws", "the
    Zorblax Corp. certificate of incorporation"): each a word of no legal English (a name's,
    in any case), no closed word (a period, a currency), no month and no word that names no
    author ("Board", "Annual"); ((), "") where none does ("the amended bylaws", "the June 2021
    board minutes")."""
    if re.search(r"['’]s?(?:\s|$)", between):
        return (), ""  # "under Acme's bylaws": the possessive's reference, read as one
    kept: list[re.Match[str]] = []
    for w in _OWNER_WORDS.finditer(between):
        folded = w.group(0).strip("'’.,").casefold().replace(".", "")
        if (
            not folded
            or folded in _LEGAL_FORMS
            or folded in _NOT_NAMES
            or folded in _MONTHS
            or folded in known_words()
            or is_closed_word(folded)
            or any(c.isdigit() for c in folded)
        ):
            continue
        kept.append(w)
    if not kept:
        return (), ""
    owner = tuple(w.group(0).strip("'’.,").casefold().replace(".", "") for w in kept)
    return owner, between[kept[0].start() : kept[-1].end()].strip(" ,")


def _names(possessor: str, between: str, owner: Sequence[str]) -> tuple[str, ...]:
    """The words that may name the document's author: a possessive's name before the kind
    ("Corvane's report", "Halcyon Robotics' bylaws") and the capitalised words between the
    determiner and the kind ("the Corvane industry report"), less months."""
    out: list[str] = list(owner)
    if possessor and not owner:
        owner_words = re.search(r"([\w&.-]+(?:\s+[\w&.-]+){0,2})\s*$", possessor)
        if owner_words:
            out.extend(owner_words.group(1).split())
    out.extend(w for w in _WORD.findall(between) if w[:1].isupper())
    words = (w.strip("'’.,").casefold() for w in out)
    return tuple(w for w in words if w and w not in _MONTHS and w not in _NOT_NAMES)


def _fold(text: str) -> str:
    return " " + " ".join(re.sub(r"[_\-.]", " ", text).casefold().split()) + " "


def _has_words(text: str, words: Iterable[str]) -> bool:
    folded = _fold(text)
    return any(_fold(w) in folded for w in words)


def referenced_documents(
    reference: DocumentReference,
    documents: Sequence[Any],
    openings: Mapping[str, str] | None = None,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the documents the reference names, the documents of its kind it could not tell apart)
    among `documents` (each with document_id, name, title, document_type, document_date): the
    first is one document, or one per date the reference names; where it is empty the second
    holds the documents of the kind that nothing told apart (empty: none of the kind). A
    document's opening lines (`openings`, by document id: "BYLAWS OF HALCYON ROBOTICS, INC.")
    tell whose it is where its title does not."""
    of_kind = _of_kind(reference, documents)
    if reference.owner:
        # "Acme's bylaws" are Acme's: no other company's bylaws stand for them
        of_kind = [d for d in of_kind if _owned(d, reference.owner, openings)]
    if reference.names:
        authored = [
            d
            for d in of_kind
            if any(_has_words(f"{d.name} {d.title or ''}", [n]) for n in reference.names)
        ]
        if authored or reference.needs_author:
            of_kind = authored
    if reference.dates:
        chosen: list[Any] = []
        for date in reference.dates:
            dated = [d for d in of_kind if _dated(d, date)]
            if len(dated) > 1:
                return (), tuple(sorted(d.document_id for d in dated))
            chosen.extend(dated)
        if chosen or reference.needs_date:
            return tuple(sorted({d.document_id for d in chosen})), ()
    if len(of_kind) == 1:
        return (of_kind[0].document_id,), ()
    return (), tuple(sorted(d.document_id for d in of_kind))


def _of_kind(reference: DocumentReference, documents: Sequence[Any]) -> list[Any]:
    kind = next(k for k in _KINDS if k["name"] == reference.kind)
    types = {str(t) for t in kind.get("types") or ()}
    marks = [str(w) for w in kind.get("files") or ()]
    return [
        d
        for d in documents
        if d.document_type in types or _has_words(f"{d.name} {d.title or ''}", marks)
    ]


def _owned(document: Any, owner: Sequence[str], openings: Mapping[str, str] | None) -> bool:
    """Is `document` the owner's: each of the owner's words in its file name, its title, a
    party's name or its opening lines (the company it is of: "BYLAWS OF HALCYON ROBOTICS,
    INC.", "Corvane Research Partners - Industry Report")."""
    parties = " ".join(str(p) for p in getattr(document, "parties", None) or ())
    opening = (openings or {}).get(document.document_id, "")
    own = f" {document.name} {document.title or ''} {parties} {opening} "
    own = " ".join(re.sub(r"[^\w&]+|_", " ", own).casefold().split())
    return all(f" {w} " in f" {own} " for w in owner)


def documents_of_kind(reference: DocumentReference, documents: Sequence[Any]) -> list[Any]:
    """The documents among `documents` of the reference's kind (whatever their date or
    author)."""
    return _of_kind(reference, documents)


def in_filings(reference: DocumentReference) -> bool:
    """Do a registrant's filings hold documents of the reference's kind (vocabulary.yaml
    question_kinds `in_filings`: its financial statements are its 10-K's)?"""
    kind = next((k for k in _KINDS if k["name"] == reference.kind), {})
    return bool(kind.get("in_filings"))


def owner_holds_none(
    reference: DocumentReference,
    documents: Sequence[Any],
    openings: Mapping[str, str] | None = None,
) -> bool:
    """Does the question name the document's owner ("Acme's bylaws") while no document of
    the kind among `documents` is the owner's (whatever its date)?"""
    return bool(reference.owner) and not any(
        _owned(d, reference.owner, openings) for d in _of_kind(reference, documents)
    )


def _dated(document: Any, date: _Date) -> bool:
    """Is `document` of `date`: its own date, or the date in its file name or title?"""
    prefix = date.prefix()
    if document.document_date and str(document.document_date).startswith(prefix):
        return True
    return _fold(prefix) in _fold(f"{document.name} {document.title or ''}")


# a title that opens with a plural possessive names its parties collectively ("FOUNDERS'
# AGREEMENT", "Investors' Rights Agreement", "STOCKHOLDERS’ AGREEMENT")
_COLLECTIVE_TITLE = re.compile(r"^\s*(?P<term>[A-Za-z]+s)['’](?:\s|$)", re.IGNORECASE)


def collective_documents(question: str, documents: Sequence[Any]) -> tuple[str, ...]:
    """The documents whose title names their parties by the collective term the question
    writes ("Do the founders' shares vest?": the Founders' Agreement), sorted; empty where
    the question writes none."""
    text = " ".join(question.split())
    out = []
    for d in documents:
        m = _COLLECTIVE_TITLE.match(d.title or "")
        if m is None:
            continue
        term = re.escape(m.group("term"))
        if re.search(rf"\b(?:the|its|their)\s+{term}\b", text, re.IGNORECASE):
            out.append(d.document_id)
    return tuple(sorted(out))
