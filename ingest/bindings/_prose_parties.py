"""Parties an agreement names only in a sentence of prose: "This is a managed hosting
agreement between Acme.com and deep systems.", "This agreement shall void ... all previous
agreements to this date between Galacticomm and Horst Entertainment Inc.", "This Content
License Agreement is between THE HENRY FILM CORPORATION, located at ..., and PACIFICAP
ENTERTAINMENT located at ...". No preamble verb, no defined term and often no legal form
says they are parties; what does is that the agreement keeps naming them. A name with no legal
form is taken only when the document names it again outside that sentence (twice for a name
in lower case: a party is named throughout its agreement; a topic in the same slot is not),
only when both names of the sentence are taken, and only where the preamble reader bound fewer
than two parties. The sentence must be about this agreement ("This ...", "hereto"): a recital,
another agreement's list ("is party to a credit agreement between A and B") or a route's ("the
shipments between Chicago and Denver") names none; nor does a place (a state, a country, a
city the document writes in an address), nor a name defined in a recital it does not open or
after a maker's verb ("software licensed by MICROSOFT CORPORATION (MICROSOFT)")."""

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
_LINKS = lexicon().prose_party_name_links
# A web address or a brand in lower case ("astronutrition.com", "iShip").
_LOWER_NAME_WORD = re.compile(
    rf"^[a-z][\w\-]*\.(?:{'|'.join(map(re.escape, lexicon().web_address_endings))})$"
    r"|^[a-z]+[A-Z]"
)
# The sentence is about this agreement ("This is a hosting agreement between ..."), not a
# recital's or another agreement's ("WHEREAS, Acme is party to a credit agreement between
# Acme and Beta Bank"); its list is no route's ("the shipments between Chicago and Denver").
_THIS_WORDS = "|".join(lexicon().prose_party_this_words)
_THIS = re.compile(rf"(?i)\b(?:{_THIS_WORDS})\b")
_RECITAL = re.compile(rf"(?i)\b(?:{'|'.join(lexicon().prose_party_recital_leads)})\b")
_OTHER_AGREEMENT = re.compile(
    rf"(?i)\b(?:{'|'.join(lexicon().prose_party_other_agreement_leads)})\s+"
    rf"(?:(?!(?:{_THIS_WORDS})\b)[\w\-,&]+\s+){{0,5}}?(?:{_INSTRUMENT})s?\b"
)
_ROUTE_WORDS = lexicon().prose_party_route_words
_QUOTES = "\"“”'‘’"
_RECURRENCES = 2
# A place is no party ("the United States (U.S.)", "between Texas and Oklahoma").
_PLACES = frozenset(base_key(p) for p in (*lexicon().us_states, *lexicon().countries))
# A city the document writes in an address: "Chicago, Illinois", "Denver, CO 80202" (a
# state's code in capitals only: "Beta, in its capacity" names no city).
_REGIONS = "|".join(
    [
        *(
            rf"(?i:{re.escape(p)})"
            for p in sorted({*lexicon().us_states, *lexicon().countries}, key=lambda p: -len(p))
        ),
        *(re.escape(code) for code in sorted(lexicon().us_state_codes)),
    ]
)


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence that holds `at` opens: after a ";", a blank line or a period that
    closes no legal form or initial ("WHEREAS, Acme Inc. is party to ..." is one sentence)."""
    begin = max(0, at - _LIST_CHARS)
    opened = begin
    for m in re.finditer(r";|\n[ \t]*\n|\.(?=\s+\S)", text[begin:at]):
        if m.group(0) == ".":
            word = re.search(r"(\S+)$", text[begin : begin + m.start()])
            last = word.group(1) if word else ""
            if legal_form(f"x {last}.") or re.fullmatch(r"(?:[A-Z]\.)*[A-Z]", last):
                continue
        opened = begin + m.end()
    return opened


def _about_this_agreement(text: str, instrument: re.Match[str]) -> bool:
    """Is the sentence whose list follows `instrument` about this agreement: it says so
    ("This Agreement is between", "the parties hereto"), is no recital ("WHEREAS", "RECITALS")
    and puts no other agreement before the list ("is party to a credit agreement between",
    "under the Loan Agreement between"), nor a route ("the shipments between")?"""
    opened = _sentence_start(text, instrument.start())
    before = text[opened : instrument.end()]
    if not _THIS.search(before) or _RECITAL.search(before):
        return False
    if _OTHER_AGREEMENT.search(before):
        return False
    carried = re.search(r"([A-Za-z]+)\s+\S+\s*$", instrument.group(0))
    return carried is None or carried.group(1).lower() not in _ROUTE_WORDS


def _is_place(text: str, name: str) -> bool:
    """A state or country, or a city the document writes in an address ("Denver, CO")."""
    if base_key(name) in _PLACES:
        return True
    spaced = r"\s+".join(re.escape(w) for w in name.split())
    return re.search(rf"(?<![\w.]){spaced},\s*(?:{_REGIONS})\b", text) is not None


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
    if _is_place(text, name):
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
        if not _about_this_agreement(text, m):
            continue
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
_NAME_LINKS = lexicon().prose_party_short_name_links
# A recital's party opens it or joins its subject ("WHEREAS HEMISPHERX is ... and Scientific
# Products Co. LTD is ..."); a name after a maker's or owner's verb is a thing's, not a
# party's ("software licensed by MICROSOFT CORPORATION (MICROSOFT)").
_RECITAL_OPEN = re.compile(r"(?:^|\n|[,;:]|\b(?:WHEREAS|[Ww]hereas|and))[ \t]*\n?[ \t]*$")
_THIRD_PARTY = re.compile(
    rf"(?i)\b(?:{'|'.join(lexicon().prose_party_third_party_leads)})\s+(?:the\s+)?$"
)
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
            lead = window[: w.start()]
            if not _CLAUSE_OPEN.search(lead) or _THIRD_PARTY.search(lead):
                break  # a name inside prose ("the Playboy Properties"), not a party's opening
            recital = _RECITAL.search(
                text, _sentence_start(text, back + w.start()), back + w.start()
            )
            if recital is not None and not _RECITAL_OPEN.search(lead):
                break  # "WHEREAS, Acme distributes software licensed by MICROSOFT ..."
            if not alias.isupper() and not legal_form(name):
                break
            if (
                name.split()[0].lower() in _NON_NAMES
                or is_generic_term(name)
                or _INSTRUMENT_WORD.search(name)
                or _is_place(text, name)
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
