"""Parties an agreement names only in a sentence of prose: "This is a managed hosting
agreement between Acme.com and deep systems.", "This agreement shall void ... all previous
agreements to this date between Galacticomm and Horst Entertainment Inc.", "This Content
License Agreement is between THE HENRY FILM CORPORATION, located at ..., and PACIFICAP
ENTERTAINMENT located at ...". No preamble verb, no defined term and often no legal form
says they are parties; what does is that the agreement keeps naming them. A name with no legal
form is taken only when the document names it again outside that sentence (twice for a name
in lower case: a party is named throughout its agreement; a topic in the same slot is not),
only when both names of the sentence are taken, and only where the preamble reader bound fewer
than two parties."""

from __future__ import annotations

import re
from collections.abc import Callable

from domain import (
    SubjectType,
    base_key,
    entity_key,
    is_generic_term,
    is_person_name,
    legal_form,
    lexicon,
)
from ingest.bindings._names import NamedEntity, _company, _contract_role

# How far into the document the sentence may stand, and how long its list of names may run.
_CHARS = 5000
_LIST_CHARS = 320

_INSTRUMENT = "|".join(re.escape(w) for w in lexicon().prose_party_instruments)
_OPENER = "|".join(lexicon().party_list_openers)
# A name that is a document's ("NON-DISCLOSURE AGREEMENT ("CNDA")"), not a party's.
_INSTRUMENT_WORD = re.compile(rf"(?i)\b(?:{_INSTRUMENT})s?\b")
# "... agreement between", "... agreements to this date between", "agreement is between".
_LIST_AFTER_INSTRUMENT = re.compile(
    rf"(?i)\b(?:{_INSTRUMENT})s?\b[^.;:()\"“”]{{0,40}}?\b(?:{_OPENER})\s+"
)
_ENDS = lexicon().prose_party_name_ends
_NON_NAMES = lexicon().prose_party_non_names
# Words a capitalised name may hold in lower case ("Bank of America", "Tate & Lyle").
_LINKS = frozenset({"of", "and", "&", "the", "for", "de", "du", "la", "von", "van", "der"})
# A web address or a brand in lower case ("astronutrition.com", "iShip").
_LOWER_NAME_WORD = re.compile(r"^[a-z][\w\-]*\.(?:com|net|org|io)$|^[a-z]+[A-Z]")
_QUOTES = "\"“”'‘’"
_RECURRENCES = 2
# A place is no party ("the United States (U.S.)", "between Texas and Oklahoma").
_PLACES = frozenset(base_key(p) for p in (*lexicon().us_states, *lexicon().countries))


def _sentence_end(text: str, start: int) -> int:
    """Where the sentence that runs on from `start` ends: a ";", a blank line, or a period
    that closes no legal form or initial ("Horst Inc. chooses" runs on)."""
    limit = min(len(text), start + _LIST_CHARS)
    stop = re.compile(r";|\n[ \t]*\n|\.(?=\s+\S|\s*$)")
    for m in stop.finditer(text, start, limit):
        if m.group(0) != ".":
            return m.start()
        word = re.search(r"(\S+)$", text[start : m.start()])
        last = word.group(1) if word else ""
        if legal_form(f"x {last}.") or re.fullmatch(r"(?:[A-Z]\.)*[A-Z]", last):
            continue
        return m.start()
    return limit


def _cut_name(raw: str) -> str:
    """The name a slot of the list opens with: up to a bracket, a quote, a comma that opens
    no legal form, or a word that ends a name ("located", "with", "dated", "of 12 Elm")."""
    raw = re.sub(r"\s+", " ", raw).strip(" ,")
    raw = re.split(rf"[(\[{_QUOTES[:3]}]|['‘’](?!\w)", raw, maxsplit=1)[0]
    segments = raw.split(",")
    kept = segments[0]
    for seg in segments[1:]:
        words = seg.split()
        # ", Inc.", ", L.L.C. of 12 Elm Road": a legal form opens the segment; the words
        # after it are cut below, where a name ends with its legal form.
        if not any(
            legal_form(f"x {' '.join(words[:n])}")
            and not base_key(f"x {' '.join(words[:n])}").strip("x ")
            for n in range(1, min(len(words), 4) + 1)
        ):
            break
        kept = f"{kept},{seg}"
    words = kept.split()
    out: list[str] = []
    for i, w in enumerate(words):
        bare = w.strip(".,").lower()
        if w.islower() and bare in _ENDS:
            break
        if bare == "of" and i + 1 < len(words) and words[i + 1][:1].isdigit():
            break
        form = legal_form(" ".join(out))
        if form and len(legal_form(" ".join([*out, w]))) <= len(form):
            break  # a name ends with its legal form: "Horst Inc. There shall ..."
        out.append(w)
    while out and out[-1].lower() in _LINKS:
        out.pop()
    return " ".join(out).strip(" ,")


def _name_shaped(name: str) -> bool:
    """Capitalised words (with a name's links), or a short name all in lower case."""
    words = name.split()
    if not 1 <= len(words) <= 8:
        return False
    if all(w.islower() for w in words):
        return len(words) <= 3 and all(re.fullmatch(r"[a-z][\w.\-]*", w) for w in words)
    return words[0][:1].isupper() and all(
        w[:1].isupper() or w[:1].isdigit() or w in _LINKS or _LOWER_NAME_WORD.match(w)
        for w in words
    )


def _recurrences(text: str, name: str, start: int, end: int) -> int:
    """How often `name` is written in `text` outside [start, end), in any case."""
    pattern = re.compile(
        r"(?<![\w.])" + r"\s+".join(re.escape(w) for w in name.split()) + r"(?![\w])",
        re.IGNORECASE,
    )
    return sum(1 for m in pattern.finditer(text) if m.start() < start or m.start() >= end)


def _party(text: str, raw: str, at: int, start: int, end: int) -> tuple[NamedEntity, int] | None:
    name = _cut_name(raw)
    if re.match(r"(?i)the\s", name):
        name = name[4:].strip()
    if not name or not _name_shaped(name):
        return None
    first = name.split()[0].lower()
    if first in _NON_NAMES or is_generic_term(name) or _contract_role(name):
        return None
    if base_key(name) in _PLACES:
        return None
    # A name in lower case is a common phrase unless the document keeps writing it.
    needed = _RECURRENCES if name.islower() else 1
    if not legal_form(name) and _recurrences(text, name, start, end) < needed:
        return None
    at += raw.find(name.split()[0])
    # A legal form tidied as every reader tidies it ("... CORPORATION." ends a sentence).
    company = _company(name) if legal_form(name) else None
    if company is not None:
        return company, at
    kind = SubjectType.INDIVIDUAL if is_person_name(name) else SubjectType.LEGAL_ENTITY
    return NamedEntity(name, entity_key(name), kind), at


def prose_parties(
    text: str, bound: list[NamedEntity]
) -> tuple[list[tuple[NamedEntity, int, int]], int] | None:
    """The parties the first sentence "... agreement between A and B" names, each with its
    span, and where the sentence opens; None when no such sentence names two parties. Where
    one party is `bound` already, the sentence must name it beside the other."""
    bound_keys = {base_key(b.name) for b in bound}
    for m in _LIST_AFTER_INSTRUMENT.finditer(text, 0, min(len(text), _CHARS)):
        end = _sentence_end(text, m.end())
        listed = text[m.end() : end]
        joined = re.search(r"\s+and\s+", listed)  # the joiner in lower case: "AND" is a name's
        if joined is None:
            continue
        slots = [
            (listed[: joined.start()], m.end()),
            (listed[joined.end() :], m.end() + joined.end()),
        ]
        start = text.rfind("\n", 0, m.start()) + 1
        found = [_party(text, raw, at, start, end) for raw, at in slots]
        if any(f is None for f in found):
            continue
        pair = [f for f in found if f is not None]
        keys = [base_key(e.name) for e, _ in pair]
        if not all(keys) or keys[0] == keys[1]:
            continue
        if bound_keys and not bound_keys & set(keys):
            continue
        return [(e, at, at + len(e.name)) for e, at in pair], m.start()
    return None


# A bracket that defines a short name: "(COMWARE)", '("HEMISPHERX")', '(" SCIEN")', '(the "ITS")'.
_SHORT_NAME = re.compile(
    r"\(\s*(?:the\s+)?[\"“]?\s*([A-Z][\w&.\-]*(?:[ \t]+[A-Z][\w&.\-]*){0,2})\s*[\"”]?\s*\)"
)
_ALIAS_CHARS = 3000
_ALIAS_BACK = 320
_WORD_START = re.compile(r"(?<![\w'’.&\-])[A-Z]")
_NAME_LINKS = frozenset({"of", "and", "the", "for", "to", "on"})
# Where a party's name opens: a line, a clause after a comma, a colon or a semicolon, or a
# list's or a recital's lead word ("WHEREAS HEMISPHERX is ...", "... and Scientific ...").
_CLAUSE_OPEN = re.compile(
    rf"(?:^|\n|[,;:]|\b(?:WHEREAS|[Ww]hereas|{_OPENER}|and|by|with))[ \t]*\n?[ \t]*$"
)


def _short_for(alias: str, name: str) -> bool:
    """Is `alias` a short name of `name`: its first word, that word's first letters (three or
    more), or the initials of its words ("ITS" of "INTERNATIONAL TEST SYSTEMS, INC.")?"""
    short = base_key(alias).replace(" ", "")
    words = [w for w in base_key(name).split() if w not in _NAME_LINKS]
    if not short or not words:
        return False
    if words[0] == short or (len(short) >= 3 and words[0].startswith(short)):
        return True
    return len(words) > 1 and short == "".join(w[0] for w in words)


def aliased_parties(
    text: str, bound: list[NamedEntity], names_a_thing: Callable[[str], bool]
) -> list[tuple[NamedEntity, int, int]] | None:
    """The parties the opening defines by a short name in brackets with no preamble around
    them ("COMWARE TECHNICAL SERVICES OF 17922 SKY PARK CIRCLE, IRVINE, CALIFORNIA (COMWARE)
    certifies ...", "WHEREAS HEMISPHERX is a biopharmaceutical company with headquarters at
    ... ("HEMISPHERX") and Scientific Products Pharmaceutical Co. LTD is a ... (" SCIEN")"):
    the name the short name abbreviates, written before it, when the document goes on to
    call the party by that short name (twice at least: a party is an agreement's actor). The
    short name is in capitals unless the name has a legal form; the short name names no thing
    (`names_a_thing`: "the Agreement", "the Act") and no role, the name no document
    ("NON-DISCLOSURE AGREEMENT ("CNDA")"); the name opens a line or a clause. None unless, with those `bound`, two parties are named."""
    bound_keys = {base_key(b.name) for b in bound}
    found: dict[str, tuple[NamedEntity, int, int]] = {}
    for m in _SHORT_NAME.finditer(text, 0, min(len(text), _ALIAS_CHARS)):
        alias = m.group(1).strip()
        if is_generic_term(alias) or _contract_role(alias) or names_a_thing(alias):
            continue
        uses = re.findall(rf"(?<![\w]){re.escape(alias)}(?![\w])", text[m.end() :])
        if len(uses) < 2:
            continue
        back = max(0, m.start() - _ALIAS_BACK, text.rfind("\n\n", 0, m.start()) + 1)
        window = text[back : m.start()]
        if re.search(rf"(?i)\b(?:{_OPENER})\b", window):
            continue  # a preamble's list ("by and between A, a division of B ("A")"): its own
        for w in _WORD_START.finditer(window):
            name = _cut_name(window[w.start() :])
            if not name or not _name_shaped(name) or not _short_for(alias, name):
                continue
            if not _CLAUSE_OPEN.search(window[: w.start()]):
                break  # a name inside prose ("the Playboy Properties"), not a party's opening
            if not alias.isupper() and not legal_form(name):
                break
            if (
                name.split()[0].lower() in _NON_NAMES
                or is_generic_term(name)
                or _INSTRUMENT_WORD.search(name)
                or base_key(name) in _PLACES
            ):
                break  # "CONFIDENTIALITY AGREEMENT ("CNDA")" names the document
            at = back + w.start()
            company = _company(name) if legal_form(name) else None
            ent = company or NamedEntity(name, entity_key(name), SubjectType.LEGAL_ENTITY)
            key = base_key(ent.name)
            if key and key not in bound_keys:
                found.setdefault(key, (ent, at, at + len(name)))
            break
    if len(bound_keys) + len(found) < 2:
        return None
    return sorted(found.values(), key=lambda p: p[1])
