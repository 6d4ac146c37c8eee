"""Certificates and charters: the company a certificate names, statements of incorporation,
registered office, agent and number."""

from __future__ import annotations

import re

from domain import BindingType, SubjectType, entity_key, lexicon
from ingest.bindings._context import BindingContext
from ingest.bindings._names import (
    _ENTITY_TYPE,
    _LAWS_OF,
    COMPANY,
    JURISDICTION,
    PERSON,
    PERSONS,
    NamedEntity,
    _company,
    _person,
    _persons,
)
from ingest.bindings._rule import BindingRule

# The words each family of rules needs (every match of the family contains one).
_KW_JURISDICTION = r"(?i:incorporated|organi[sz]ed|formed|registered|existing)"


_KW_JURISDICTION_TYPE = rf"\b[Aa]n?\s+(?:{JURISDICTION})\s"


_KW_REGISTRATION = (
    r"(?i:registered|registration|incorporator|(?:company|corporate)\s+(?:number|no\b|#))"
)


def _emit_registration_number(ctx: BindingContext, m: re.Match[str]) -> None:
    """A company (group "name") and its register number (group "num", whitespace folded)."""
    ent = _company(m.group("name"))
    if ent is None:
        return
    num = re.sub(r"\s+", " ", m.group("num"))
    ctx.emit(
        role="registration_number",
        subject=NamedEntity(num, num.lower(), SubjectType.IDENTIFIER),
        parent=ent,
        binding_type=BindingType.REGISTRATION,
        span=(m.start("name"), m.end()),
    )


class Certificates(BindingRule):
    """'The name of the corporation is Acme Robotics, Inc.' defines "the Corporation"; the
    incorporators and registered agent a certificate names."""

    name = "certificate"
    genre = "certificates of incorporation: incorporators, registered agent"
    reads = ("certificates of incorporation and formation", "articles of incorporation")

    def read(self, ctx: BindingContext) -> None:
        """'The name of the corporation is Acme Robotics, Inc.' defines "the Corporation"."""
        for m in re.finditer(
            rf"(?i:the\s+name\s+of\s+the\s+(corporation|company|limited\s+liability\s+company|"
            rf"partnership))\s+(?i:is|shall\s+be)\s+({COMPANY})",
            ctx.flow.text,
        ):
            ent = _company(m.group(2))
            if ent is None:
                continue
            word = m.group(1).lower()
            term = "Company" if "liability" in word else word.title()
            ctx.add_alias(term, ent, (m.start(), m.end()), "defined_term")


class Incorporation(BindingRule):
    """Statements of incorporation: "Acme Inc., a Delaware corporation", "incorporated under
    the laws of Nevada": the company's jurisdiction."""

    name = "incorporation"
    genre = "statements of incorporation"
    reads = ("agreements", "charters and certificates", "filings", "company profiles")

    def read(self, ctx: BindingContext) -> None:
        text = ctx.flow.text
        defined = r"(?:\s*\([^()]{0,120}\))?"
        patterns = (
            rf"(?P<name>{COMPANY}){defined},?\s+(?:an?\s+)(?P<jur>{JURISDICTION})\s+{_ENTITY_TYPE}\b",
            rf"(?P<name>{COMPANY}){defined},?\s+(?:an?\s+|the\s+)?(?:{_ENTITY_TYPE}\s+)?(?:\w+\s+)?"
            rf"(?:duly\s+)?(?:incorporated|organized|organised|formed|registered|existing)\s+"
            rf"(?:and\s+existing\s+)?(?:under|in\s+accordance\s+with)\s+{_LAWS_OF}(?P<jur>{JURISDICTION})\b",
            rf"(?P<name>{COMPANY}){defined},?\s+(?:an?\s+)?{_ENTITY_TYPE}\s+(?:incorporated|organized|"
            rf"registered|formed)\s+in\s+(?P<jur>{JURISDICTION})\b",
        )
        keywords = (_KW_JURISDICTION_TYPE, _KW_JURISDICTION, _KW_JURISDICTION)
        for pattern, keyword in zip(patterns, keywords, strict=True):
            for m in ctx.scan(pattern, keyword):
                ent = _company(ctx.unheaded(m, "name"))
                if ent is None or re.search(
                    r"(?i)\b(?:subsidiary|division|affiliate|unit|parent)\s+of\s+(?:the\s+)?$",
                    text[max(0, m.start("name") - 40) : m.start("name")],
                ):
                    continue
                jur = re.sub(r"\s+", " ", m.group("jur"))
                jur = jur.title() if jur.isupper() else jur
                start = m.start("name") + m.group("name").find(ent.name.split()[0])
                ctx.emit(
                    role="jurisdiction",
                    subject=NamedEntity(jur, entity_key(jur), SubjectType.JURISDICTION),
                    parent=ent,
                    binding_type=BindingType.REGISTRATION,
                    span=(start, m.end()),
                )
        # Defined terms: 'The Company is a corporation duly organized under the laws of Delaware'.
        parent = ctx.parent_pattern()
        for m in ctx.scan(
            rf"(?P<name>{parent})(?:\s*\([^()]{{0,60}}\))?\s+(?:was|is)\s+(?:originally\s+)?incorporated\s+in\s+"
            rf"(?:the\s+(?:State|Commonwealth|Province)\s+of\s+)?(?P<j1>{JURISDICTION})"
            rf"(?:[^.;]{{0,80}}?\breincorporated\s+in\s+(?P<j2>{JURISDICTION}))?",
            _KW_JURISDICTION,
        ):
            ent = ctx.resolve(ctx.unheaded(m, "name"))
            if ent is None:
                continue
            jur = m.group("j2") or m.group("j1")
            attrs = {"former": m.group("j1")} if m.group("j2") else {}
            ctx.emit(
                role="jurisdiction",
                subject=NamedEntity(jur, entity_key(jur), SubjectType.JURISDICTION),
                parent=ent,
                binding_type=BindingType.REGISTRATION,
                span=(m.start(), m.end()),
                attributes=attrs,
            )
        for m in ctx.scan(
            rf"(?P<name>{parent})\s+is\s+(?:an?\s+)?(?:{_ENTITY_TYPE}\s+)?(?:duly\s+)?(?:incorporated|"
            rf"organized|organised|formed)(?:,?\s+validly\s+existing)?\s+(?:and\s+(?:validly\s+)?existing\s+)?"
            rf"(?:and\s+in\s+good\s+standing\s+)?under\s+{_LAWS_OF}(?P<jur>{JURISDICTION})\b",
            _KW_JURISDICTION,
        ):
            ent = ctx.resolve(ctx.unheaded(m, "name"))
            if ent is None:
                continue
            jur = re.sub(r"\s+", " ", m.group("jur"))
            ctx.emit(
                role="jurisdiction",
                subject=NamedEntity(jur, entity_key(jur), SubjectType.JURISDICTION),
                parent=ent,
                binding_type=BindingType.REGISTRATION,
                span=(m.start(), m.end()),
            )


class Registration(BindingRule):
    """The registered office, registered agent and register number of a company, and a
    certificate's incorporator."""

    name = "registration"
    genre = "registered office, agent and number"
    reads = ("certificates of incorporation", "registration certificates", "filings")

    def read(self, ctx: BindingContext) -> None:
        parent = ctx.parent_pattern()
        # Registered agent: "The name of its registered agent at such address is X".
        for m in ctx.scan(
            rf"(?P<parent>{parent})?(?:'s|’s)?\s*(?i:registered\s+agent)(?:\s+(?:of|for)\s+"
            rf"(?P<parent2>{parent}))?(?:\s+(?:in|at)\s+[^.;]{{0,80}}?)?\s+(?i:is|shall\s+be)\s+"
            rf"(?P<agent>{COMPANY}|{PERSON})",
            _KW_REGISTRATION,
        ):
            agent = _company(m.group("agent")) or _person(m.group("agent"))
            owner = self._slot_owner(ctx, m)
            if agent is None or owner is None:
                continue
            ctx.emit(
                role="registered_agent",
                subject=agent,
                parent=owner,
                binding_type=BindingType.REGISTRATION,
                span=(m.start(), m.end()),
            )
        for m in ctx.scan(
            rf"(?P<parent>{parent})?(?:'s|’s)?\s*(?i:registered\s+office)(?:\s+(?:of|for)\s+"
            rf"(?P<parent2>{parent}))?(?:\s+in\s+the\s+State\s+of\s+\w+)?\s+(?i:is|shall\s+be)\s+"
            rf"(?:located\s+)?(?:at\s+)?(?P<addr>\d[^;]{{5,160}}?)(?=\.\s|\.$|;|\n\n|\.\n|,?\s+in\s+the\s+[Cc]ity)",
            _KW_REGISTRATION,
        ):
            owner = self._slot_owner(ctx, m)
            if owner is None:
                continue
            addr = re.sub(r"\s+", " ", m.group("addr")).strip(" ,")
            ctx.emit(
                role="registered_office",
                subject=NamedEntity(addr, entity_key(addr), SubjectType.LOCATION),
                parent=owner,
                binding_type=BindingType.REGISTRATION,
                span=(m.start(), m.end()),
            )
        for m in ctx.scan(
            rf"(?P<name>{COMPANY})[^.;]{{0,80}}?(?i:company|registration|registered|corporate)\s+"
            rf"(?i:number|no\.?|#)\s*:?\s*(?P<num>[A-Z]{{0,3}}\d[\dA-Z\-/]{{3,}})",
            _KW_REGISTRATION,
        ):
            _emit_registration_number(ctx, m)
        # "Acme GmbH is registered with the commercial register of ... under HRB 12345".
        for m in ctx.scan(
            rf"(?P<name>{COMPANY})\s+is\s+(?:registered|entered|recorded)\s+(?:with|in|at)\s+[^.;]{{0,120}}?"
            rf"\b(?i:register|registry|registrar)\b[^.;]{{0,80}}?\s+under\s+(?:(?i:(?:registration\s+)?"
            rf"(?:number|no\.?))\s+)?(?P<num>[A-Z]{{1,4}}[ \t\n]?\d[\d\-/]{{3,}}|\d[\d\-/]{{4,}})",
            _KW_REGISTRATION,
        ):
            _emit_registration_number(ctx, m)
        # Incorporators: "The name ... of the sole incorporator is X" or "X, Incorporator".
        for m in ctx.scan(
            rf"(?i:incorporators?)\s+(?i:is|are)\s*:?\s*(?P<who>{PERSONS})|(?P<who2>{PERSON}),?\s*\n?\s*"
            rf"(?:Sole\s+)?(?i:incorporator)\b",
            _KW_REGISTRATION,
        ):
            owner = ctx.sole_company(m.start())
            people = _persons(m.group("who") or m.group("who2") or "")
            if owner is None:
                continue
            for person in people:
                ctx.emit(
                    role="incorporator",
                    subject=person,
                    parent=owner,
                    binding_type=BindingType.REGISTRATION,
                    span=(m.start(), m.end()),
                )

    def _slot_owner(self, ctx: BindingContext, m: re.Match[str]) -> NamedEntity | None:
        """The owner named in an optional leading slot ("X's registered agent"), the one named
        after ("registered agent of X"), else the document's sole company. A leading phrase
        that is not a name or term counts as absent (it is just the words before the rule)."""
        if m.group("parent2"):
            return ctx.resolve(m.group("parent2"))
        if m.group("parent"):
            owner = ctx.resolve(m.group("parent"))
            if owner is not None:
                return owner
        return ctx.sole_company(m.start())


# A company's fiscal year as its own charter documents state it (the words: lexicon data).
_FY_NOUN = "(?:" + "|".join(lexicon().fiscal_year_nouns) + ")"
_FY_END = "(?:" + "|".join(lexicon().fiscal_year_end_verbs) + ")"
_FY_CALENDAR = "(?:" + "|".join(lexicon().fiscal_year_calendar) + ")"
_MONTH = lexicon().month
# "December 31", "31 December", "the 31st day of December", "the last day of June"
_DAY_OF_YEAR = (
    rf"(?:the\s+)?(?:(?P<m1>{_MONTH})\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?(?![\d,]*\s*\d{{4}})"
    rf"|(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?P<m2>{_MONTH})"
    rf"|(?P<last>last)\s+day\s+of\s+(?P<m3>{_MONTH}))"
)
# the days each month ends on (February: its common year's)
_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


class FiscalYears(BindingRule):
    """A company's fiscal year end as its own bylaws or charter state it: "The fiscal year of
    the Corporation shall end on December 31", "the Company's fiscal year shall be the calendar
    year", "shall begin on July 1 and end on June 30". Bound (role `fiscal_year_end`, the
    month and day) to the company the document is by (its sole "Corporation"/"Company" or its
    registrant), never to a counterparty an agreement names."""

    name = "fiscal_years"
    genre = "a company's fiscal year, as its charter documents state it"
    reads = ("bylaws", "charters and certificates", "operating agreements")

    def read(self, ctx: BindingContext) -> None:
        own = self._own_companies(ctx)
        if not own:
            return
        parent = ctx.parent_pattern()
        # the year named with its owner after ("of the Corporation") or before ("Acme's"),
        # or alone; then, in the same sentence, the day it ends on or "the calendar year"
        head = (
            rf"(?:(?P<parent>{parent})(?:'s|’s)\s+)?(?i:{_FY_NOUN})"
            rf"(?:\s+(?i:of)\s+(?P<parent2>{parent}))?"
        )
        ends = rf"[^.;]{{0,80}}?\b(?i:{_FY_END})\s+(?i:on\s+)?(?i:{_DAY_OF_YEAR})"
        calendar = rf"\s+(?i:shall\s+be|is|will\s+be)\s+(?i:the\s+)?(?i:{_FY_CALENDAR})"
        for m in ctx.scan(rf"{head}(?:{ends}|(?P<cal>{calendar}))", rf"(?i:{_FY_NOUN})"):
            owner = self._owner(ctx, m, own)
            if owner is None:
                continue
            value = "December 31" if m.group("cal") else _month_day(m)
            if value is None:
                continue
            ctx.emit(
                role="fiscal_year_end",
                subject=NamedEntity(value, entity_key(value), SubjectType.IDENTIFIER),
                parent=owner,
                binding_type=BindingType.EXPLICIT_STATEMENT,
                span=(m.start(), m.end()),
                attributes={"source": "charter"},
            )

    @staticmethod
    def _own_companies(ctx: BindingContext) -> dict[str, NamedEntity]:
        """The companies the document is by: its registrant(s), else its sole company."""
        own = {
            b.subject_key: NamedEntity(b.subject_name, b.subject_key, b.subject_type)
            for b in ctx.bindings.values()
            if b.role == "registrant" and b.subject_type == SubjectType.LEGAL_ENTITY
        }
        if not own:
            sole = ctx.sole_company(0)
            if sole is not None:
                own[sole.key] = sole
        return own

    @staticmethod
    def _owner(
        ctx: BindingContext, m: re.Match[str], own: dict[str, NamedEntity]
    ) -> NamedEntity | None:
        """The company whose year it is: the one named, when it is the document's own; the
        document's one company when none is named. A named other company or an unknown name
        ("each Party's fiscal year") owns it: nothing is bound."""
        named = m.group("parent2") or m.group("parent")
        if named:
            ent = ctx.resolve(named)
            return own.get(ent.key) if ent is not None else None
        return next(iter(own.values())) if len(own) == 1 else None


def _month_day(m: re.Match[str]) -> str | None:
    """ "December 31" from a match of `_DAY_OF_YEAR` (the last day of a month: its day)."""
    month_word = m.group("m1") or m.group("m2") or m.group("m3")
    number = lexicon().month_number(month_word) if month_word else None
    if number is None:
        return None
    day = _MONTH_DAYS[number - 1] if m.group("last") else int(m.group("d1") or m.group("d2"))
    if not 1 <= day <= _MONTH_DAYS[number - 1] + (1 if number == 2 else 0):
        return None
    return f"{_MONTH_NAMES[number - 1]} {day}"


_MONTH_NAMES = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
