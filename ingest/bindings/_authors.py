"""A document's own company where its title page or dateline says it (issue 33): the author
of a presentation or a report, the company of minutes, bylaws or a certificate, the issuer of
a release. Bound as the document's `registrant`, the role a filing's cover page binds, so a
company's facts are read from its own documents and a third party's report about it is
another author's document."""

from __future__ import annotations

import re

from domain import BindingType, SubjectType, lexicon
from ingest._document import LocatedLine
from ingest.bindings._context import BindingContext
from ingest.bindings._forms import _legal_name, _own_name, _span
from ingest.bindings._names import (
    COMPANY,
    PERSON,
    NamedEntity,
    _company,
    _person,
    _title_roles,
)
from ingest.bindings._rule import BindingRule

# The title lines stand among the first content lines of the first page.
_TITLE_LINES = 8
_KIND = "(?i:" + "|".join(lexicon().authored_document_kinds) + ")"
# "Acme Inc. - Management Presentation", "Corvane Research Partners | Industry Report"
_NAME_SEP = re.compile(r"^(?P<co>[^-–—|]{2,90}?)\s+[-–—|]\s+(?P<rest>.+)$")
# a group's statements: "ACME INC. AND SUBSIDIARIES"
_GROUP = re.compile(r"\s+(?i:and\s+(?:its\s+)?(?:consolidated\s+)?subsidiaries)\s*$")
_DATELINE = re.compile(
    rf"(?P<co>{COMPANY}),?[^.;]{{0,200}}?\btoday\s+(?i:"
    + "|".join(map(re.escape, lexicon().release_dateline_verbs))
    + r")\b"
)


def _name(raw: str) -> NamedEntity | None:
    """The company a title line names: a company-shaped name, or a proper name as printed."""
    raw = _GROUP.sub("", re.sub(r"\s+", " ", raw).strip(" ,;:|-"))
    if not raw or re.search(_KIND, raw):
        return None
    return _company(raw) or _own_name(raw)


class DocumentAuthors(BindingRule):
    """The company a document is by, from its title page: "<Company> - <kind of document>",
    "<kind> of <Company>", "<Company>" over "<kind> ...", a release's "<Company> ... today
    announced". Only where no earlier rule bound the document's own entity (a filing's
    registrant) and the document is no agreement (its parties are its own)."""

    name = "document_authors"
    genre = "documents' own companies: authors, issuers"
    reads = ("presentations", "reports", "minutes", "bylaws", "certificates", "press releases")

    def read(self, ctx: BindingContext) -> None:
        if any(b.role in ("registrant", "agreement", "party") for b in ctx.bindings.values()):
            return
        found = self._title(ctx) or self._dateline(ctx)
        if found is None:
            return
        owner, span = found
        if _company(owner.name) is None:
            # "Halcyon Robotics - News Release": the release's own full name for it
            owner = _legal_name(ctx, owner)
        owner = _as_written(ctx, owner)
        ctx.emit(
            role="registrant",
            subject=owner,
            parent=None,
            binding_type=BindingType.REGISTRATION,
            span=span,
            attributes={"source": "author"},
        )

    @staticmethod
    def _title(ctx: BindingContext) -> tuple[NamedEntity, tuple[int, int]] | None:
        lines = [ln for ln in ctx.flow.lines if ln.page == 1 and ln.text.strip()][:_TITLE_LINES]
        for i, ln in enumerate(lines):
            text = ln.text.strip()
            m = _NAME_SEP.match(text)
            if m and re.search(rf"\b{_KIND}\b", m.group("rest")):
                ent = _name(m.group("co"))
                if ent is not None:
                    return ent, _span(ctx, ln, ln)
            if i + 1 < len(lines) and re.match(rf"{_KIND}\b", lines[i + 1].text.strip()):
                # "HALCYON ROBOTICS, INC." over "MINUTES OF A REGULAR MEETING ..."
                ent = _company(_GROUP.sub("", text))
                if ent is not None:
                    return ent, _span(ctx, ln, lines[i + 1])
            found = _kind_of(ctx, lines, i)
            if found is not None:
                return found
        return None

    @staticmethod
    def _dateline(ctx: BindingContext) -> tuple[NamedEntity, tuple[int, int]] | None:
        first = [ln for ln in ctx.flow.lines if ln.page == 1]
        if not first:
            return None
        start = ctx.flow.starts[ctx.flow.lines.index(first[0])]
        end = ctx.flow.starts[ctx.flow.lines.index(first[-1])] + len(first[-1].text)
        m = _DATELINE.search(ctx.flow.text, start, min(end, start + 3000))
        ent = _company(m.group("co")) if m else None
        if m is None or ent is None:
            return None
        return ent, (m.start("co"), m.end())


def _as_written(ctx: BindingContext, ent: NamedEntity) -> NamedEntity:
    """`ent` as the document writes it in its text where its title prints it in capitals
    ("CERTIFICATE OF INCORPORATION OF HALCYON ROBOTICS, INC." names "Halcyon Robotics, Inc."
    of the articles): the first company name of the text with the same key not in capitals;
    `ent` as printed when the text has none."""
    if not ent.name.isupper():
        return ent
    written = re.compile(
        r"(?<![\w&])" + r"\s+".join(map(re.escape, ent.name.split())) + r"(?![\w&])",
        re.IGNORECASE,
    )
    for m in written.finditer(ctx.flow.text):
        found = None if m.group(0).isupper() else _company(m.group(0)) or _own_name(m.group(0))
        if found is not None and found.key == ent.key:
            return found
    return ent


def _kind_of(
    ctx: BindingContext, lines: list[LocatedLine], i: int
) -> tuple[NamedEntity, tuple[int, int]] | None:
    """ "BYLAWS OF ACME INC." on one line, or "CERTIFICATE OF INCORPORATION" / "OF" / "ACME
    INC." over up to three lines: the title's company."""
    text = lines[i].text.strip()
    head = re.match(rf"(?P<kind>.*\b{_KIND}\b.*?)\s(?i:of)\s+(?P<co>.+)$", text)
    if head is not None and len(head.group("kind")) <= 120:
        ent = _company(_GROUP.sub("", head.group("co")))
        if ent is not None:
            return ent, _span(ctx, lines[i], lines[i])
    if not re.search(rf"\b{_KIND}\b", text):
        return None
    j = i
    if not re.search(r"(?i)\bof$", text):
        nxt = lines[j + 1].text.strip() if j + 1 < len(lines) else ""
        on_next = re.fullmatch(r"(?i:of)\s+(?P<co>.+)", nxt)
        if on_next is not None:
            # "AMENDED AND RESTATED BYLAWS" / "OF ACME INC."
            ent = _company(_GROUP.sub("", on_next.group("co")))
            return None if ent is None else (ent, _span(ctx, lines[i], lines[j + 1]))
        if not re.fullmatch(r"(?i)of", nxt):
            return None
        j += 1
    if j + 1 >= len(lines):
        return None
    ent = _company(_GROUP.sub("", lines[j + 1].text.strip()))
    if ent is None:
        return None
    return ent, _span(ctx, lines[i], lines[j + 1])


# The founder role's words ("Founders", "Co-Founder"), as the lexicon's question pattern
# spells them: a defined term or a title part that is one names founders.
_FOUNDER = next(r for r in lexicon().roles if r.name == "founder")
_FOUNDER_WORD = re.compile(f"(?:{_FOUNDER.question_pattern or '(?!)'})", re.IGNORECASE)
# 'Jane Roe ("Roe" and, together with Doe, the "Founders" and each a "Founder")'
_TERM = re.compile(r"[\"“](?P<t>[^\"”]{2,30})[\"”]")
_TOGETHER = re.compile(r"(?i:together\s+with)\s+(?P<who>[^,()]{2,80}?),?\s+the\s+[\"“]")
# "Maria Okafor - Co-founder and Chief Executive Officer. Dr. Okafor holds ..."
_PERSON_LINE = re.compile(
    rf"^(?:[-–—•*]\s+)?(?P<who>{PERSON})\s+[-–—]\s+(?P<title>[^.;:]{{3,120}})"
)


class FounderTerms(BindingRule):
    """Founders an agreement names by a defined term: "Maria Okafor ("Okafor") and Tomas
    Lindgren ("Lindgren" and, together with Okafor, the "Founders")": each person the term
    groups is a founder of the agreement's one company party."""

    name = "founder_terms"
    genre = "founders by defined term"
    reads = ("founders' agreements", "stock purchase agreements")

    def read(self, ctx: BindingContext) -> None:
        companies = {
            e.key: e for e, _, _, _ in ctx.parties if e.subject_type is SubjectType.LEGAL_ENTITY
        }
        people = [
            (e, start, end)
            for e, _, start, end in ctx.parties
            if e.subject_type is SubjectType.INDIVIDUAL
        ]
        if len(companies) != 1 or not people:
            return
        company = next(iter(companies.values()))
        text = ctx.flow.text[: ctx.preamble_chars]
        for m in _TERM.finditer(text):
            if not _FOUNDER_WORD.fullmatch(m.group("t").strip()):
                continue
            # the persons of the term's own sentence, before it
            sentence_start = max(text.rfind(". ", 0, m.start()), 0)
            before = [p for p in people if sentence_start <= p[1] <= m.start()]
            together = None
            for t in _TOGETHER.finditer(text, sentence_start, m.end()):
                if t.end() >= m.start():
                    together = t
            if together is not None:
                # "together with Okafor": those named, and the party the parenthesis is of
                keys = {
                    ent.key
                    for part in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", together.group("who"))
                    if (ent := ctx.term(part) or ctx.who(part)) is not None
                }
                own = [p for p in before if p[1] <= together.start() <= p[2] + 120]
                if own:
                    keys.add(own[-1][0].key)
                before = [p for p in before if p[0].key in keys]
            for person, start, _ in before:
                ctx.emit(
                    role="founder",
                    subject=person,
                    parent=company,
                    binding_type=BindingType.OWNERSHIP,
                    span=(start, m.end()),
                    attributes={"defined_term": m.group("t").strip()},
                )


class OwnFounderLines(BindingRule):
    """A company's own document listing its people one a line: "Maria Okafor - Co-founder
    and Chief Executive Officer": founder and officer roles of the document's own company."""

    name = "own_founder_lines"
    genre = "a company's own leadership lines"
    reads = ("management presentations", "fact sheets")

    def read(self, ctx: BindingContext) -> None:
        owners = {b.subject_key: b for b in ctx.bindings.values() if b.role == "registrant"}
        if len(owners) != 1:
            return
        own = next(iter(owners.values()))
        company = NamedEntity(own.subject_name, own.subject_key, SubjectType.LEGAL_ENTITY)
        for i, ln in enumerate(ctx.flow.lines):
            m = _PERSON_LINE.match(ln.text.strip())
            if m is None:
                continue
            person = _person(m.group("who"))
            if person is None:
                continue
            start = ctx.flow.starts[i] + (len(ln.text) - len(ln.text.lstrip()))
            span = (start + m.start("who"), start + m.end())
            # "Chief Financial Officer (joined April 2022)": the title without its aside
            title_text = re.sub(r"\s*\([^()]*\)", "", m.group("title")).strip()
            parts = re.split(r"\s*(?:,|\band\b|&|/)\s*", title_text)
            rest = []
            for part in parts:
                if _FOUNDER_WORD.fullmatch(part):
                    co = part.lower().startswith("co")
                    ctx.emit(
                        role="founder",
                        subject=person,
                        parent=company,
                        binding_type=BindingType.OWNERSHIP,
                        span=span,
                        attributes={"qualifier": "co-founder"} if co else {},
                    )
                else:
                    rest.append(part)
            title = " and ".join(rest)
            for role in _title_roles(title) if title else []:
                ctx.emit(
                    role=role,
                    subject=person,
                    parent=company,
                    binding_type=BindingType.EXPLICIT_STATEMENT,
                    span=span,
                    attributes={"title": title},
                )
