"""Founders, ownership and cap tables: who founded, owns or holds shares of a company."""

from __future__ import annotations

import re

from domain import BindingType, SubjectType, entity_key
from ingest.bindings._context import BindingContext
from ingest.bindings._names import (
    _COMPANY_RE,
    _PERSON_RE,
    COMPANY,
    PERSON,
    PERSONS,
    TITLES,
    WHO,
    NamedEntity,
    _cells,
    _company,
    _person,
    _persons,
    _title_roles,
)
from ingest.bindings._rule import BindingRule

_KW_FOUNDER = r"(?i:found)"


_KW_ESTABLISHED = r"(?i:established|formed|started)"


def _founder_phrasings(parent: str) -> tuple[tuple[str, str], ...]:
    """(pattern, keywords) of each way a text says who founded a company, `parent` being the
    company-name alternation of the document. Each names the founders (`who`) and the company
    (`parent`); `co` marks a co-founder, `title` a title held beside it, `with` the founders
    named after "co-founded X with"."""
    co = r"(?P<co>[Cc]o-?)?"
    return (
        (rf"(?P<who>{PERSONS})\s+{co}(?:founded|FOUNDED)\s+(?P<parent>{parent})", _KW_FOUNDER),
        (
            rf"(?P<parent>{parent})\s+(?:was|were)\s+{co}founded\s+(?:in\s+\d{{4}}\s+)?by\s+"
            rf"(?P<who>{PERSONS})",
            _KW_FOUNDER,
        ),
        (
            rf"(?P<who>{PERSON}),?\s+(?:is\s+|was\s+)?(?:(?:a|an|the|one\s+of\s+the)\s+)?{co}"
            rf"[Ff]ounders?(?:\s+and\s+(?P<title>{TITLES}))?\s+of\s+(?P<parent>{parent})",
            _KW_FOUNDER,
        ),
        (
            rf"(?P<parent>{parent})(?:'s|’s)\s+{co}[Ff]ounders?(?:,\s+|\s+(?:is|are|were|was)\s+)"
            rf"(?P<who>{PERSONS})",
            _KW_FOUNDER,
        ),
        (
            rf"[Tt]he\s+{co}[Ff]ounders\s+of\s+(?P<parent>{parent})\s+(?:are|were|include|included)"
            rf"\s+(?P<who>{PERSONS})",
            _KW_FOUNDER,
        ),
        # "X was established in 2009 by A", "formed by", "started by".
        (
            rf"(?P<parent>{parent})\s+(?:was|were)\s+(?:established|formed|started)\s+"
            rf"(?:in\s+\d{{4}}\s+)?by\s+(?P<who>{PERSONS})",
            _KW_ESTABLISHED,
        ),
        # "X, whose founders are A and B"
        (
            rf"(?P<parent>{parent}),?\s+whose\s+{co}founders?\s+(?:are|were|include|included|was|is)"
            rf"\s+(?P<who>{PERSONS})",
            _KW_FOUNDER,
        ),
        # "Founders of X: A and B"
        (
            rf"(?<![\w-]){co}[Ff]ounders?\s+of\s+(?P<parent>{parent})\s*:\s*(?P<who>{PERSONS})",
            _KW_FOUNDER,
        ),
        # "A co-founded X with B"
        (
            rf"(?P<who>{PERSON})\s+{co}founded\s+(?P<parent>{parent})\s+(?:in\s+\d{{4}}\s+)?"
            rf"(?:together\s+)?with\s+(?P<with>{PERSONS})",
            _KW_FOUNDER,
        ),
    )


def _founder_clauses(parent: str) -> tuple[str, ...]:
    """A founding said in a clause of a sentence about one person, who is its subject (a
    full name or "Mr. Surname"), the clause's pronoun standing for that person and "it" for
    the company named before it: "Mr. Bezos has been Chairman of the Board of Amazon.com since
    founding it in 1994", "Jane Roe has served as a director since June 1977, when she
    co-founded Acme", "... Chief Executive Officer of Beta Labs, which he founded"."""
    co = r"(?P<co>[Cc]o-?\s?)?"
    who = rf"(?:^|(?<=[.;:]\s)|(?<=\n))\s*(?P<who>{WHO})\s+"
    pronoun = r"(?:he|she|they)"
    # the rest of the sentence: a full stop inside it ("Inc. when") is no sentence end
    gap = r"(?:[^.;]|\.(?!\s+[A-Z]|\s*$)){0,200}?"
    return (
        rf"{who}{gap}\b(?:of|at|with)\s+(?P<parent>{parent}),?\s+"
        rf"(?:since|from|after|when\s+{pronoun})\s+{co}found(?:ing|ed)\s+it\b",
        rf"{who}{gap}\b(?:of|at|with)\s+(?P<parent>{parent}),?\s+which\s+{pronoun}\s+"
        rf"{co}founded\b(?!\s+(?:in\s+\d{{4}}\s+)?[A-Z])",
        rf"{who}{gap},?\s+when\s+{pronoun}\s+{co}founded\s+(?P<parent>{parent})",
    )


# The ownership rules' verbs and roles, as whole words: a bare "own" ("at its own cost") or
# a part of a word ("known", "threshold") would wake them, and each window costs a
# company-name pattern tried at every position in it.
_KW_OWNER = (
    r"(?i:\b(?:own(?:s|ed|ers?)|hold(?:s|ers?)|held|(?:share|stock|unit\s?)holders?|members?)\b)"
)


_CAP_TITLE = (
    r"(?i:capitali[sz]ation|cap\s+table|ownership|shareholders|stockholders|members|holders)"
)


_OWNED_UNITS = (
    r"(?:(?:issued\s+and\s+)?outstanding\s+)?(?:shares(?:\s+of\s+(?:common|capital|preferred)\s+stock)?"
    r"|(?:common|capital|preferred)\s+stock|stock|units|membership\s+interests?|equity(?:\s+interests?)?"
    r"|voting\s+(?:stock|securities|power)|capital|share\s+capital|partnership\s+interests?)"
)


def _name_list(text: str, pos: int) -> list[tuple[NamedEntity, int]]:
    """The names listed from `pos` ("A, B LLC and C"), each with the end of its match; the
    list ends at the first thing that is not a name after a separator."""
    out: list[tuple[NamedEntity, int]] = []
    while len(out) < 30:
        if out:
            sep = re.compile(r"\s*(?:,|;)?\s*(?:and\s+|&\s+)?").match(text, pos)
            if sep is None or not sep.group(0).strip():
                break
            pos = sep.end()
        cm = _COMPANY_RE.match(text, pos)
        ent = _company(cm.group(0)) if cm else None
        end = cm.end() if cm else pos
        if ent is None:
            pm = _PERSON_RE.match(text, pos)
            ent = _person(pm.group(0)) if pm else None
            end = pm.end() if pm else pos
        if ent is None:
            break
        out.append((ent, end))
        pos = end
    return out


class FounderStatements(BindingRule):
    """Founder statements: "Acme Inc. was founded in 2009 by Jane Roe", "Jane Roe
    co-founded Acme"."""

    name = "founder_statements"
    genre = "founder statements"
    reads = ("company profiles", "filings", "press releases", "agreements")

    def read(self, ctx: BindingContext) -> None:
        parent_alt = ctx.parent_pattern()
        for pattern in _founder_clauses(parent_alt):
            for m in ctx.scan(pattern, _KW_FOUNDER):
                owner = ctx.resolve(m.group("parent"))
                person = ctx.who(m.group("who"))
                if owner is None or person is None or person.subject_type != SubjectType.INDIVIDUAL:
                    continue
                ctx.emit(
                    role="founder",
                    subject=person,
                    parent=owner,
                    binding_type=BindingType.OWNERSHIP,
                    span=(m.start("who"), m.end()),
                    attributes={"qualifier": "co-founder"} if m.group("co") else {},
                )
        for pattern, keywords in _founder_phrasings(parent_alt):
            for m in ctx.scan(pattern, keywords):
                owner = ctx.resolve(m.group("parent"))
                if owner is None:
                    continue
                groups = m.groupdict()
                attrs = {"qualifier": "co-founder"} if groups.get("co") else {}
                # "A co-founded X with B": A is bound by the plain phrasing, B here.
                who = groups.get("with") or m.group("who")
                for person in _persons(who):
                    ctx.emit(
                        role="founder",
                        subject=person,
                        parent=owner,
                        binding_type=BindingType.OWNERSHIP,
                        span=(m.start(), m.end()),
                        attributes=attrs,
                    )
                if groups.get("title"):
                    for person in _persons(m.group("who")):
                        for role in _title_roles(m.group("title")):
                            ctx.emit(
                                role=role,
                                subject=person,
                                parent=owner,
                                binding_type=BindingType.EXPLICIT_STATEMENT,
                                span=(m.start(), m.end()),
                            )


class OwnershipStatements(BindingRule):
    """Ownership statements: "Holdco Ltd. owns 60% of the shares of Target GmbH", "the
    sole member of Alpha LLC", with the stake when stated."""

    name = "ownership_statements"
    genre = "ownership statements"
    reads = ("agreements", "charters", "filings", "company profiles")
    # the words every match of these statements contains (`BindingContext.scan`'s keywords)
    keywords = _KW_OWNER

    def read(self, ctx: BindingContext) -> None:
        parent = ctx.parent_pattern()
        holder = rf"(?P<who>{COMPANY}|{PERSON})"
        stake = r"(?P<stake>\d{1,3}(?:\.\d+)?\s?%|\d{1,3}(?:\.\d+)?\s+percent|[\d,]{3,}\s+(?:shares|units)|all)"
        patterns = (
            rf"{holder}\s+(?:owns|holds|owned|held|beneficially\s+owns|is\s+the\s+(?:record\s+and\s+)?"
            rf"(?:beneficial\s+)?(?:owner|holder)\s+of)\s+(?:approximately\s+|an?\s+aggregate\s+of\s+)?"
            rf"{stake}(?:\s+of\s+the)?\s+(?:{_OWNED_UNITS}\s+)?(?:of|in)\s+(?P<parent>{parent})",
            rf"{holder}\s+(?:is|was|became)\s+(?:the\s+|a\s+|an\s+)?(?P<kind>sole\s+|majority\s+|principal\s+)?"
            rf"(?P<role>shareholder|stockholder|member|unit\s?holder|unitholder|owner)\s+of\s+(?P<parent>{parent})",
        )
        for pattern in patterns:
            for m in ctx.scan(pattern, _KW_OWNER):
                who = _company(m.group("who")) or _person(m.group("who"))
                owner = ctx.resolve(m.group("parent"))
                if who is None or owner is None:
                    continue
                groups = m.groupdict()
                role_word = (groups.get("role") or "shareholder").lower().replace(" ", "")
                role = {
                    "stockholder": "shareholder",
                    "owner": "shareholder",
                    "unitholder": "unit_holder",
                }.get(role_word, role_word)
                units = m.group(0).lower()
                if role == "shareholder" and "units" in units:
                    role = "unit_holder"
                elif role == "shareholder" and "membership interest" in units:
                    role = "member"
                attrs: dict[str, str] = {}
                if groups.get("stake"):
                    attrs["stake"] = re.sub(r"\s+", " ", groups["stake"])
                if groups.get("kind"):
                    attrs["qualifier"] = groups["kind"].strip()
                ctx.emit(
                    role=role,
                    subject=who,
                    parent=owner,
                    binding_type=BindingType.OWNERSHIP,
                    span=(m.start(), m.end()),
                    attributes=attrs,
                )
        # "The holders of record of the capital stock of Acme Inc. are A, B LLC and C."
        for m in ctx.scan(
            rf"(?i:(?:the\s+)?(?P<kind>holders?\s+of\s+record|record\s+holders|shareholders|"
            rf"stockholders|members|unit\s?holders|holders))\s+of\s+(?:(?i:all\s+)?(?i:the\s+)?"
            rf"(?i:issued\s+and\s+outstanding\s+|outstanding\s+)?(?P<what>(?i:capital\s+stock|shares|stock|"
            rf"membership\s+interests|units|equity\s+interests|partnership\s+interests))\s+of\s+)?"
            rf"(?P<parent>{parent})(?:\s*\([^()]{{0,60}}\))?,?\s+(?:are|were|consist\s+of|include|is)\s*:?\s+",
            _KW_OWNER,
        ):
            owner = ctx.resolve(m.group("parent"))
            if owner is None:
                continue
            kind = (m.group("what") or m.group("kind")).lower()
            role = (
                "member" if "member" in kind else "unit_holder" if "unit" in kind else "shareholder"
            )
            for listed, end in _name_list(ctx.flow.text, m.end()):
                ctx.emit(
                    role=role,
                    subject=listed,
                    parent=owner,
                    binding_type=BindingType.OWNERSHIP,
                    span=(m.start(), end),
                )


class CapTables(BindingRule):
    """A capitalization table: each holder's shares (and percentage) of the company the
    table's title names."""

    name = "cap_tables"
    genre = "capitalization tables"
    reads = ("capitalization tables", "stockholder lists", "filings")

    def read(self, ctx: BindingContext) -> None:
        """Rows "name | shares | %" under a header naming holders and shares/units/percent."""
        lines = ctx.flow.lines
        header = re.compile(
            r"(?i)\b(?P<who>shareholder|stockholder|holder|member|unit\s?holder|unitholder|investor|owner|name)s?\b"
            r".*\b(?P<what>shares|units|%|percent(?:age)?|ownership|interest)"
        )
        i = 0
        while i < len(lines):
            hm = header.search(lines[i].text)
            # "Name | Jurisdiction | Ownership" heads a list of subsidiaries, not of holders.
            if (
                hm is None
                or len(lines[i].text) > 160
                or re.search(
                    r"(?i)subsidiar|jurisdiction|incorporat|organi[sz]ation", lines[i].text
                )
            ):
                i += 1
                continue
            owner = None
            owner_line: int | None = None
            above = lines[max(0, i - 6) : i]
            for back in reversed(above):
                mm = re.search(
                    rf"(?i:capitalization|cap\s+table|ownership|shareholders|stockholders|members|"
                    rf"unit\s?holders)\s+(?i:of|for|table\s+of|[-–—:])\s*({ctx.parent_pattern()})",
                    back.text,
                )
                if mm:
                    owner = ctx.resolve(mm.group(1))
                    if owner:
                        owner_line = lines.index(back, max(0, i - 6))
                        break
            if owner is None and any(re.search(_CAP_TITLE, ln.text) for ln in above):
                # A title block: the company's name alone on a line, then "Capitalization Table".
                for back in reversed(above):
                    owner = _company(back.text) if back.is_heading or len(back.text) < 80 else None
                    if owner is not None and entity_key(owner.name) == entity_key(back.text):
                        owner_line = lines.index(back, max(0, i - 6))
                        break
                    owner = None
            if owner is None:
                owner = ctx.sole_company(0)
            if owner is None:
                i += 1
                continue
            who = hm.group("who").lower().replace(" ", "")
            role = {"member": "member", "unitholder": "unit_holder"}.get(who, "shareholder")
            if role == "shareholder" and re.search(r"(?i)\bunits\b", lines[i].text):
                role = "unit_holder"
            j = i + 1
            while j < len(lines) and j < i + 200:
                row = lines[j].text
                rm = re.match(
                    r"^\s*(?P<name>[A-Z][^\d%|\t]{1,80}?)\s*(?:\||\t|\s{2,}|\s(?=\d))\s*(?P<nums>[\d,.\s%|\t]+)$",
                    row,
                )
                if rm is not None:
                    name, row_nums = rm.group("name").strip(" |"), rm.group("nums")
                else:
                    # "Holder | Class | Shares | %": text columns between the name and numbers.
                    cells = _cells(row)
                    nums = [c for c in cells[1:] if re.fullmatch(r"[\d,.]+\s?%?", c)]
                    if len(cells) < 3 or not nums or not re.match(r"[A-Z]", cells[0]):
                        break
                    name, row_nums = cells[0], " | ".join(nums)
                if re.match(r"(?i)^(?:total|subtotal|sum|all\s)", name):
                    j += 1
                    continue
                holder = _company(name) or _person(name)
                if holder is None:
                    j += 1
                    continue
                nums = re.findall(r"\d[\d,]*(?:\.\d+)?\s?%?", row_nums)
                attrs: dict[str, str] = {}
                pct = [n for n in nums if n.endswith("%")]
                plain = [n for n in nums if not n.endswith("%")]
                if plain:
                    attrs["units" if role == "unit_holder" else "shares"] = plain[0].strip()
                if pct:
                    attrs["stake"] = pct[0].replace(" ", "")
                elif plain:
                    attrs["stake"] = plain[0].strip()
                start = ctx.flow.starts[j]
                ctx.emit(
                    role=role,
                    subject=holder,
                    parent=owner,
                    binding_type=BindingType.OWNERSHIP,
                    span=(ctx.table_quote_start(owner_line, j), start + len(row)),
                    attributes=attrs,
                )
                j += 1
            i = max(j, i + 1)
