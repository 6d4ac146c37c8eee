"""Officers and directors: officer statements, offices that ended, officer tables."""

from __future__ import annotations

import re
from collections.abc import Sequence

from domain import BindingType, lexicon
from ingest._document import LocatedLine
from ingest._metadata import date_spans
from ingest.bindings._context import BindingContext
from ingest.bindings._names import (
    _TITLE_ALT,
    PERSON,
    TITLES,
    WHO,
    NamedEntity,
    _is_capacity,
    _named_person,
    _person,
    _title_roles,
)
from ingest.bindings._rule import BindingRule


def _phrases(words: Sequence[str]) -> str:
    """A lexicon's phrases as one alternation, longest first, any run of spaces between words."""
    return "|".join(
        r"\s+".join(map(re.escape, phrase.split()))
        for phrase in sorted(words, key=lambda p: (-len(p), p))
    )


# Tenure (issue 16, lexicon): "resigned as", "the resignation of ... as", and the words before
# the date an appointment or an end takes effect ("effective", "with effect from").
_TENURE_VERBS = _phrases(lexicon().tenure_ended_verbs)


_TENURE_NOUNS = _phrases(lexicon().tenure_ended_nouns)


_EFFECTIVE_BEFORE = re.compile(rf"(?i)(?<!\w)(?:{_phrases(lexicon().tenure_effective)})[\s,]*$")


# How far after a statement its effective date may stand ("..., effective June 14, 2024").
_EFFECTIVE_REACH = 80


# "..., effective upon the closing of the Merger": the event an office starts or ends at.
_EFFECTIVE_EVENT = re.compile(
    r"[ \t]*,?\s*(?i:effective|with\s+effect)\s+(?i:upon|at|as\s+of|on|from)\s+"
    rf"(?P<event>(?i:the)\s+(?i:{_phrases(lexicon().tenure_events)})\b"
    r"(?:(?!\n[ \t]*\n)[^.;:,]){0,120}?)(?=\s*[.;:,]|\s*$)"
)


def _ended_sentence(text: str, end: int) -> bool:
    """Did the statement ending at `end` end its sentence ("... of Acme Inc. The plant ...")?"""
    return text[end - 1 : end] == "." and re.match(r"\s+[A-Z]", text[end : end + 40]) is not None


def _effective_date(text: str, end: int) -> tuple[str, int] | None:
    """(ISO date, where its words end) of the date a statement ending at `end` takes effect,
    when the same sentence goes on to say so ("... as Secretary of the Company, effective
    June 14, 2024")."""
    tail = text[end : end + _EFFECTIVE_REACH + 40]
    if _ended_sentence(text, end):
        return None
    for offset, date_end, iso in date_spans(tail):
        before = tail[:offset]
        if offset > _EFFECTIVE_REACH or re.search(r"[.;:]\s|\n\s*\n", before):
            return None
        if _EFFECTIVE_BEFORE.search(before):
            return iso, end + date_end
    return None


def _emit_office(
    ctx: BindingContext,
    m: re.Match[str],
    person: NamedEntity,
    owner: NamedEntity,
    attributes: dict[str, str],
    *,
    dated: str,
    roles: Sequence[str] = (),
) -> None:
    """One binding for each office in the match's title (or each of `roles`), its statement
    cited through the effective date that follows it in the sentence (`attributes[dated]`)."""
    attributes = {"title": re.sub(r"\s+", " ", m.group("title")), **attributes}
    span = (m.start(), m.end())
    effective = _effective_date(ctx.flow.text, m.end())
    if effective is not None:
        attributes[dated], span = effective[0], (m.start(), effective[1])
    elif (
        not _ended_sentence(ctx.flow.text, m.end())
        and (event := _EFFECTIVE_EVENT.match(ctx.flow.text, m.end())) is not None
    ):
        # "effective upon the closing of the Merger": an event, no date (`<dated>_event`)
        attributes[f"{dated}_event"] = re.sub(r"\s+", " ", event.group("event"))
        span = (m.start(), event.end("event"))
    for role in roles or _title_roles(m.group("title")):
        ctx.emit(
            role=role,
            subject=person,
            parent=owner,
            binding_type=BindingType.EXPLICIT_STATEMENT,
            span=span,
            attributes=dict(attributes),
        )


# A title that ends with the name of a unit it heads ("President and Chief Executive Officer,
# Boeing Commercial Airplanes") is a title in that unit, not in the company.
_UNIT_TITLE = re.compile(
    rf"(?:{_TITLE_ALT})\s*,\s*(?!(?:{_TITLE_ALT}))[A-Z][\w&.'’-]*(?:\s+\S+)*\s*$"
)


# A heading or sentence that opens a list of executive officers (lexicon:
# `documents.officer_lists`).
_OFFICER_LIST = re.compile(
    "|".join(lexicon().documents.get("officer_lists", ())) or r"(?!x)x", re.IGNORECASE
)


_AGE = r"(?:\d{2})"


# A heading over the board's list, which is no list of officers (the role director's words).
_BOARD = re.compile(rf"(?i:\b(?:{lexicon().role('director').question_pattern})\b)")


# How far under its heading an officer list's first row may stand, and how long it may run
# (twenty officers with a biography of ten lines each).
_FIRST_ROW_LINES = 25


_LIST_LINES = 300


# The rows of such a list: the name, then the position (group "pos").
_OFFICER_ROWS = (
    re.compile(rf"^(?P<who>[^|]+?)\s*,?\s*\|\s*{_AGE}\s*\|\s*(?P<pos>[^|]+?)(?:\s*\|.*)?$"),
    re.compile(rf"^(?P<who>[^|(]+?)\s*\(\s*{_AGE}\s*\)\s*\|\s*(?P<pos>[^|]+?)(?:\s*\|.*)?$"),
    re.compile(rf"^(?P<who>[^|]+?)\s*\|\s*(?P<pos>[^|]+?)\s*\|\s*(?:\d{{4}}\s*\|\s*)?{_AGE}\s*$"),
    re.compile(
        rf"^(?P<who>[^|]+?)\s*,?\s*(?i:age|aged)\s+{_AGE}\s*,\s*(?i:is|has\s+been|serves\s+as)\s+"
        r"(?:(?:our|the)\s+)?(?P<pos>[^.;]+)"
    ),
    # "Gregory L. Hyslop | 60": the position on lines the layout split off.
    re.compile(rf"^(?P<who>[^|]+?)\s*\|\s*{_AGE}\s*$(?P<pos>)"),
)


# The first word of an officer's title ("Senior Vice President ...", "Chief ..."), where a name
# printed before it ends (lexicon: `documents.title_openers`).
_TITLE_OPENER = re.compile(
    r"\s(?=(?:" + "|".join(lexicon().documents.get("title_openers", ())) + r")\b)"
)


# Where a position's cell runs on into the officer's biography ("President and Chief
# Executive Officer. Mr. Lynch has over 20 years ...", "... since February 2015.").
_BIOGRAPHY = re.compile(
    r"\.\s+(?=(?:Mr|Mrs|Ms|Dr|He|She|Prior|From|In)\b)|\s+since\s+\w+\s+\d{4}.*$"
)


def _officer_row(text: str) -> tuple[NamedEntity, str] | None:
    """(the officer, their position) when a line is a row of an officer list; the position
    is empty when the layout printed it apart from the name."""
    text = text.strip()
    for rx in _OFFICER_ROWS:
        m = rx.match(text)
        if m is None:
            continue
        person = _named_person(m.group("who"))
        position = _BIOGRAPHY.split(m.group("pos"), maxsplit=1)[0].strip(" .,")
        if person is None or (position and not re.search(r"[A-Za-z]{3}", position)):
            continue
        if re.fullmatch(r"(?i)position.*|title.*|office.*", position):
            continue  # the header row "Name | Age | Position"
        return person, position
    if "|" not in text and len(text) < 130:
        # "John P. Bayne, Jr. Senior Vice President & General Manager, Optical ...": a name,
        # then the position, on a line of their own above the officer's biography.
        m = _TITLE_OPENER.search(text)
        if m is None or m.start() == 0:
            return None
        person = _person(text[: m.start()].strip())
        rest = text[m.start() :]
        name = text[: m.start()].strip(" ,")
        if person is not None and person.name == name and _is_capacity(rest):
            return person, rest
    return None


def _ends_list(line: LocatedLine) -> bool:
    """A heading that closes an officer list ("Board of Directors", "Cautionary Note ...")."""
    text = line.text.strip()
    if "|" in text or not text:
        return False
    return line.is_heading and _officer_row(text) is None


def _company_title(position: str) -> str:
    """The position with a unit's titles left out (the empty string when all are a unit's)."""
    return "" if _UNIT_TITLE.search(position.strip()) else position


_KW_OFFICER = (
    r"(?i:officer|president|secretary|treasurer|chair|director|partner|member|c\.?[efot]\.?o)"
)


class OfficerStatements(BindingRule):
    """Officer and director statements: "Jane Roe, Chief Executive Officer of Acme Inc.",
    "Acme appointed John Poe as CFO", with the date an office took effect."""

    name = "officer_statements"
    genre = "officer and director statements"
    reads = ("agreements", "board minutes", "filings", "press releases", "letters")

    def read(self, ctx: BindingContext) -> None:
        parent = ctx.parent_pattern()
        patterns = (
            # "Jane Roe, Chief Financial Officer of the Company"
            rf"(?P<who>{WHO}),\s+(?:(?:the|its|our|a)\s+)?(?:(?:Senior|Executive)\s+Vice\s+President\s+and\s+)?"
            rf"(?P<title>{TITLES})\s+(?:of|at|for)\s+(?P<parent>{parent})",
            # "Jane Roe is/serves as the CFO of Acme"
            rf"(?P<who>{WHO})\s+(?:is|was|serves\s+as|has\s+served\s+as|is\s+serving\s+as|"
            rf"(?:shall|will)\s+serve\s+as|"
            rf"was\s+appointed(?:\s+as)?|has\s+been\s+appointed(?:\s+as)?|became|acts\s+as)\s+"
            rf"(?:(?:the|a|an|its|our)\s+)?(?P<title>{TITLES})\s+(?:of|at|for)\s+(?P<parent>{parent})",
            # "RESOLVED, that Jane Roe be, and she hereby is, elected as a director of Acme"
            rf"(?P<who>{WHO})\s+(?:be,?\s+and\s+(?:he|she|they)\s+hereby\s+(?:is|are),?\s+|"
            rf"(?:is|was|were|has\s+been|had\s+been)\s+)(?:duly\s+)?(?:re-?)?(?:elected|appointed|named)"
            rf"\s+(?:as\s+)?(?:(?:the|a|an)\s+)?(?:(?:independent|non-executive)\s+)?(?P<title>{TITLES})"
            rf"\s+(?:of|at|for)\s+(?P<parent>{parent})",
            # "The Company hereby employs the Executive as its Chief Financial Officer"
            rf"(?P<parent>{parent})\s+(?:hereby\s+)?(?:employs|agrees\s+to\s+employ|shall\s+employ|"
            rf"appoints|engages|hires)\s+(?P<who>{WHO})\s+as\s+(?:its|the|our)\s+"
            rf"(?:(?:Senior|Executive)\s+Vice\s+President\s+and\s+)?(?P<title>{TITLES})\b",
            # "Acme's CEO, Jane Roe" / "Acme's Chief Executive Officer is Jane Roe"
            rf"(?P<parent>{parent})(?:'s|’s)\s+(?P<title>{TITLES})(?:,\s+|\s+is\s+)(?P<who>{PERSON})",
            # "the Chief Executive Officer of Acme, Jane Roe"
            rf"(?i:the)\s+(?P<title>{TITLES})\s+of\s+(?P<parent>{parent})(?:,\s+|\s+is\s+)(?P<who>{PERSON})",
        )
        for pattern in patterns:
            for m in ctx.scan(pattern, _KW_OFFICER):
                person = ctx.who(m.group("who"))
                owner = ctx.resolve(m.group("parent"))
                if person is None or owner is None:
                    continue
                # "appointed ..., effective June 20, 2024": the office from then
                _emit_office(ctx, m, person, owner, {}, dated="from")


class TenureEnded(BindingRule):
    """Offices that ended: "Jane Roe resigned as CFO of Acme Inc.", removals, retirements,
    each with the date or event it ended at."""

    name = "tenure_ended"
    genre = "offices that ended: resignations, removals"
    reads = ("filings (8-K item 5.02)", "board minutes", "press releases", "letters")

    def read(self, ctx: BindingContext) -> None:
        """An office that ended: "Jane Roe resigned as Secretary of the Company effective June
        14, 2024", "the resignation of Jane Roe as a director", "Jane Roe ceased to be
        Treasurer". Bound with `tenure: ended` and, when the sentence states it, `until` (the
        effective date): the person held the office until then, and does not hold it after.
        Without "of <company>", the office is the document's company's (its one "Company")."""
        parent = ctx.parent_pattern()
        office = (
            rf"(?:(?:a|an|the|its|our)\s+)?(?P<title>{TITLES})"
            rf"(?:\s+(?:of|at)\s+(?P<parent>{parent}))?"
        )
        board = (
            rf"from\s+(?:the|its|our)\s+(?P<title>(?i:board)(?:\s+(?i:of\s+directors))?)"
            rf"(?:\s+of\s+(?P<parent>{parent}))?"
        )
        patterns = (
            rf"(?P<who>{WHO}),?\s+(?:{_TENURE_VERBS})\s+(?:as\s+|from\s+(?:(?:the|his|her|their)"
            rf"\s+)?(?:position|office|post)\s+(?:of|as)\s+)?{office}",
            rf"(?i:the)\s+(?:{_TENURE_NOUNS})\s+of\s+(?P<who>{WHO})\s+as\s+{office}",
            # "Jane Roe resigned from the Board of Directors of Acme": a directorship
            rf"(?P<who>{WHO}),?\s+(?:{_TENURE_VERBS})\s+{board}",
            rf"(?i:the)\s+(?:{_TENURE_NOUNS})\s+of\s+(?P<who>{WHO})\s+{board}",
        )
        keywords = rf"(?i:{_TENURE_VERBS}|{_TENURE_NOUNS})"
        for index, pattern in enumerate(patterns):
            for m in ctx.scan(pattern, keywords):
                person = ctx.who(m.group("who"))
                if person is None:
                    continue
                raw_parent = m.group("parent")
                owner = ctx.resolve(raw_parent) if raw_parent else ctx.sole_company(m.start())
                if owner is None:
                    continue
                _emit_office(
                    ctx,
                    m,
                    person,
                    owner,
                    {"tenure": "ended"},
                    dated="until",
                    roles=("director",) if index >= 2 else (),
                )


class OfficerTables(BindingRule):
    """A list of executive officers or directors ("Name | Age | Position" rows, or a name
    and its biography): each person's offices of the company."""

    name = "officer_tables"
    genre = "officer and director tables"
    reads = ("annual reports and proxy statements", "company profiles")

    def read(self, ctx: BindingContext) -> None:
        """A list of executive officers under a heading or sentence that names them
        ("Information About Our Executive Officers", "The executive officers of X are as
        follows:"): one officer a row, "Name | Age | Position", "Name (Age) | Position",
        "Name | Position | Since | Age" or "Name, age 58, is General Counsel and Secretary".
        Each is an officer of the company, with the roles their position's title states; the
        list ends at the next heading that is not the list's ("Board of Directors")."""
        lines = ctx.flow.lines
        parent_alt = ctx.parent_pattern()
        done: set[int] = set()
        for i, line in enumerate(lines):
            if i in done or not _OFFICER_LIST.search(line.text) or "|" in line.text:
                continue
            hm = re.search(
                rf"(?:(?P<parent>{parent_alt})(?:'s|’s)\s+)?(?i:executive\s+officers)(?:\s+of\s+"
                rf"(?P<parent2>{parent_alt}))?",
                line.text,
            )
            raw = (hm.group("parent") or hm.group("parent2")) if hm else None
            owner = (ctx.resolve(raw) if raw else None) or ctx.sole_company(0)
            if owner is None:
                continue
            found = 0
            for j in range(i + 1, min(len(lines), i + _LIST_LINES)):
                text = lines[j].text.replace("\xa0", " ")
                if _OFFICER_LIST.search(text) and "|" not in text:
                    done.add(j)  # the list's own second heading or its sentence
                    continue
                if lines[j].is_heading and _BOARD.search(text):
                    break  # the board's list follows ("Board of Directors")
                if (
                    found
                    and _ends_list(lines[j])
                    and not any(_officer_row(nxt.text) for nxt in lines[j + 1 : j + 6])
                ):
                    break  # a heading, and no row under it (not a page's repeated header)
                row = _officer_row(text)
                if row is None:
                    if not found and j > i + _FIRST_ROW_LINES:
                        break  # a mention of executive officers, no list under it
                    continue
                person, position = row
                found += 1
                start = ctx.flow.starts[j]
                span = (start, start + len(lines[j].text))
                for role in dict.fromkeys(["officer", *_title_roles(_company_title(position))]):
                    ctx.emit(
                        role=role,
                        subject=person,
                        parent=owner,
                        binding_type=BindingType.EXPLICIT_STATEMENT,
                        span=span,
                        attributes={"title": position},
                    )
