"""Filings' cover pages and company profiles: the registrant, and what a profile states of
its company."""

from __future__ import annotations

import re

from domain import BindingType, SubjectType, entity_key, is_generic_term, lexicon
from ingest.bindings._context import BindingContext
from ingest.bindings._names import (
    _COMPANY_RE,
    _LAWS_OF,
    COMPANY,
    JURISDICTION,
    PERSONS,
    TITLES,
    NamedEntity,
    _company,
    _persons,
    _title_roles,
)
from ingest.bindings._rule import BindingRule

# "who remains", "who serves as", ... (lexicon): the longest phrase first.
_HOLDS_TITLE_NOW = "|".join(
    r"\s+".join(map(re.escape, phrase.split()))
    for phrase in sorted(lexicon().holds_title_now, key=lambda p: (-len(p), p))
)


class Registrant(BindingRule):
    """A filing's registrant: the company named over "(Exact name of registrant as specified
    in its charter)"."""

    name = "registrant"
    genre = "filings: the registrant"
    reads = ("SEC filings' cover pages",)

    def read(self, ctx: BindingContext) -> None:
        """A filing's cover: "ADOBE SYSTEMS INCORPORATED / (Exact name of registrant ...)"."""
        m = re.search(
            rf"(?P<name>{COMPANY})\s*\n\s*\((?i:exact\s+name\s+of\s+(?:the\s+)?registrant)",
            ctx.flow.text[:20000],
        )
        # The name is the line right above the caption.
        ent = _company(m.group("name").split("\n")[-1]) if m else None
        if m is None or ent is None:
            return
        span = (m.start("name") + m.group("name").rfind("\n") + 1, m.end())
        ctx.add_alias("Registrant", ent, span, "defined_term")
        ctx.add_alias("Company", ent, span, "defined_term")
        first = ent.name.split()[0].strip(",.")
        # "Adobe" for "ADOBE SYSTEMS INCORPORATED", when the filing itself uses it as a name.
        if len(first) >= 4 and not is_generic_term(first):
            short = first.title() if first.isupper() else first
            uses = len(re.findall(rf"\b{re.escape(short)}(?:'s|’s)?\b", ctx.flow.text))
            if uses >= 3:
                ctx.add_alias(short, ent, span, "short_name")


class CompanyProfiles(BindingRule):
    """A company profile or fact sheet: who leads the company, where it is incorporated
    and headquartered."""

    name = "company_profiles"
    genre = "company profiles"
    reads = ("company profiles", "fact sheets", "press releases")

    def read(self, ctx: BindingContext) -> None:
        """A sentence about one company: "Acme Ltd. is a Leeds-based maker of pumps,
        incorporated in England and Wales in 2009 and founded by Jane Roe, who remains its
        managing director." Clauses bind to the sentence's subject only when no other company
        is named in between."""
        for m in ctx.scan(
            rf"(?P<co>{COMPANY})\s+(?:is|was)\s+(?:an?|the)\s+(?P<mid>[^.;]{{0,300}}?),\s+"
            rf"(?P<clauses>(?:incorporated|organi[sz]ed|formed|founded|co-founded|established)[^.;]{{0,300}})",
            r"(?i:founded|incorporated|organi[sz]ed|formed|established)",
        ):
            company = _company(m.group("co"))
            if company is None or _COMPANY_RE.search(m.group("mid")):
                continue
            clauses = m.group("clauses")
            if _COMPANY_RE.search(clauses):
                continue
            flat = re.sub(r"\s+", " ", clauses)
            span = (m.start("co"), m.end())
            jm = re.search(
                rf"\b(?:incorporated|organi[sz]ed|formed|registered)\s+(?:in|under\s+{_LAWS_OF})\s*"
                rf"(?:the\s+)?(?:(?:State|Province|Commonwealth)\s+of\s+)?(?P<jur>{JURISDICTION})\b",
                flat,
            )
            if jm:
                jur = jm.group("jur")
                ctx.emit(
                    role="jurisdiction",
                    subject=NamedEntity(jur, entity_key(jur), SubjectType.JURISDICTION),
                    parent=company,
                    binding_type=BindingType.REGISTRATION,
                    span=span,
                )
            fm = re.search(
                rf"\b(?P<co>co-?)?founded\s+(?:in\s+\d{{4}}\s+)?by\s+(?P<who>{PERSONS})"
                rf"(?:,\s+who\s+(?:{_HOLDS_TITLE_NOW})\s+"
                rf"(?:its|the\s+company['’]s)\s+(?P<title>(?i:{TITLES})))?",
                flat,
            )
            if fm is None:
                continue
            people = _persons(fm.group("who"))
            for person in people:
                ctx.emit(
                    role="founder",
                    subject=person,
                    parent=company,
                    binding_type=BindingType.OWNERSHIP,
                    span=span,
                    attributes={"qualifier": "co-founder"} if fm.group("co") else {},
                )
            title = fm.group("title") or ""
            # "its chief executive officer": the roles of its title-case form; the title as written
            if title and len(people) == 1:
                for role in _title_roles(title.title() if title.islower() else title):
                    ctx.emit(
                        role=role,
                        subject=people[0],
                        parent=company,
                        binding_type=BindingType.EXPLICIT_STATEMENT,
                        span=span,
                        attributes={"title": title},
                    )
