"""Subsidiaries: subsidiary statements and lists of subsidiaries (a filing's Exhibit 21)."""

from __future__ import annotations

import re

from domain import BindingType, SubjectType, entity_key
from ingest.bindings._context import BindingContext
from ingest.bindings._names import (
    _COMPANY_RE,
    _PARENT,
    COMPANY,
    JURISDICTION,
    NamedEntity,
    _company,
    sentence_opened,
)
from ingest.bindings._rule import BindingRule

_EXHIBIT_21 = re.compile(r"(?i)^\s*exhibit\s+21(?:\.\d+)?\s*$")


_SUBSIDIARIES = re.compile(r"(?i)\bsubsidiaries\b")


_KW_SUBSIDIARY = r"(?i:subsidiar|affiliate|parent)"


class SubsidiaryStatements(BindingRule):
    """Subsidiary statements: "Beta LLC, a wholly owned subsidiary of Acme Inc.", "Acme's
    subsidiary Beta"."""

    name = "subsidiary_statements"
    genre = "subsidiary statements"
    reads = ("agreements", "filings", "company profiles")

    def read(self, ctx: BindingContext) -> None:
        parent = ctx.parent_pattern()
        sub = r"(?P<q>(?:direct\s+|indirect\s+)?(?:(?:wholly|majority)[\s\-]+owned\s+)?)"
        rules = (
            (
                "subsidiary",
                rf"(?P<child>{parent})(?:\s*\([^()]{{0,80}}\))?,?\s+(?:is\s+|was\s+|became\s+|"
                rf"(?:an?\s+[^,;()]{{0,60}}?\s+and\s+)?)?(?:an?\s+|the\s+)?{sub}subsidiary\s+of\s+(?P<owner>{parent})",
            ),
            (
                "affiliate",
                rf"(?P<child>{parent})(?:\s*\([^()]{{0,80}}\))?,?\s+(?:is\s+)?(?:an?\s+)affiliate\s+of\s+(?P<owner>{parent})",
            ),
            (
                "parent_company",
                rf"(?P<owner>{parent})(?:\s*\([^()]{{0,80}}\))?,?\s+(?:is\s+)?(?:the\s+)?(?:ultimate\s+)?parent"
                rf"(?:\s+company|\s+corporation)?\s+of\s+(?P<child>{parent})",
            ),
            (
                "parent_company",
                rf"(?P<child>{parent})(?:'s|’s)\s+(?:ultimate\s+)?parent(?:\s+company|\s+corporation)?,?\s+"
                rf"(?:is\s+)?(?P<owner>{parent})",
            ),
        )
        for role, pattern in rules:
            for m in ctx.scan(pattern, _KW_SUBSIDIARY):
                # a name never starts with a heading above it nor across a sentence's end
                # ("Item 1. Business" / "NWHC Logistics, LLC is ...", "... Paris, France.
                # NWHC Logistics, LLC, a wholly owned subsidiary of ...")
                child = ctx.resolve(sentence_opened(ctx.unheaded(m, "child")))
                owner = ctx.resolve(sentence_opened(ctx.unheaded(m, "owner")))
                if child is None or owner is None:
                    continue
                attrs = {}
                q = (m.groupdict().get("q") or "").strip()
                if q:
                    attrs["qualifier"] = re.sub(r"\s+", " ", q)
                if role == "parent_company":
                    ctx.emit(
                        role=role,
                        subject=owner,
                        parent=child,
                        binding_type=BindingType.OWNERSHIP,
                        span=(m.start(), m.end()),
                    )
                else:
                    ctx.emit(
                        role=role,
                        subject=child,
                        parent=owner,
                        binding_type=BindingType.OWNERSHIP,
                        span=(m.start(), m.end()),
                        attributes=attrs,
                    )


class SubsidiaryLists(BindingRule):
    """A list of subsidiaries (a filing's Exhibit 21, a "Subsidiaries of Acme Inc." table):
    each listed company and its jurisdiction."""

    name = "subsidiary_lists"
    genre = "subsidiary lists"
    reads = ("filings' Exhibit 21", "lists of subsidiaries")

    def read(self, ctx: BindingContext) -> None:
        """Exhibit 21 / 'Subsidiaries of X' / 'Schedule of Subsidiaries': one subsidiary a line."""
        lines = ctx.flow.lines
        heading = re.compile(
            r"(?i)^\s*(?:(?:exhibit\s+21(?:\.\d+)?|schedule\s+[\w.]+)\s*[-–—:.]?\s*)?(?:list\s+of\s+|schedule\s+of\s+)?"
            r"(?:significant\s+)?subsidiaries(?:\s+of\s+(?P<owner>.+?))?\s*:?\s*$"
        )
        i = 0
        while i < len(lines):
            m = heading.match(lines[i].text)
            owner_raw = (m.group("owner") or "").strip() if m else ""
            if m is None:
                # "EXHIBIT 21" over a title that names the list another way ("The Boeing
                # Company Subsidiaries", "MAJOR SUBSIDIARIES OF THE REGISTRANT AT DECEMBER 31,
                # 2019", "3M COMPANY AND CONSOLIDATED SUBSIDIARIES"): the list follows the title.
                if not _EXHIBIT_21.match(lines[i].text):
                    i += 1
                    continue
                title = next(
                    (
                        k
                        for k in range(i + 1, min(len(lines), i + 3))
                        if _SUBSIDIARIES.search(lines[k].text)
                    ),
                    None,
                )
                if title is None:
                    i += 1
                    continue
                i = title
                tm = re.match(rf"^\s*({COMPANY})", lines[i].text)
                om = re.search(rf"(?i:\bsubsidiaries\s+of\s+)(?P<owner>{_PARENT})", lines[i].text)
                owner_raw = (om.group("owner") if om else tm.group(1) if tm else "").strip()
            owner = None
            owner_line: int | None = i if owner_raw else None
            if owner_raw:
                owner = ctx.resolve(owner_raw) or (
                    ctx.sole_company(0)
                    if re.match(r"(?i)^the\s+(?:registrant|company)$", owner_raw)
                    else None
                )
            if owner is None:
                # "EXHIBIT 21" above a heading naming the company: look at the lines around.
                for k in range(max(0, i - 3), min(len(lines), i + 3)):
                    if k == i:
                        continue
                    mm = re.search(rf"(?i:subsidiaries\s+of\s+)({COMPANY})", lines[k].text)
                    if mm:
                        owner = _company(mm.group(1))
                        owner_line = k if owner is not None else None
                        break
            if owner is None:
                owner = ctx.sole_company(0)
                owner_line = None
            if owner is None:
                i += 1
                continue
            j = i + 1
            misses = rows = 0
            # under an "EXHIBIT 21" title, a header block of a few lines may stand between the
            # title and the first row
            header = 6 if m is None else 3
            while j < len(lines) and misses < (3 if rows else header) and j < i + 400:
                text = lines[j].text
                if j > i + 2 and (
                    heading.match(text) or (lines[j].is_heading and not _COMPANY_RE.search(text))
                ):
                    break
                mm = re.match(
                    rf"^\s*(?:[\-•*·]|\d+\.|\([a-z0-9]+\))?\s*({COMPANY})(?P<rest>.*)$", text
                )
                ent = _company(mm.group(1)) if mm else None
                # "Acme GmbH is registered with ...": running text after the list, not a row
                # (and its first line may hold only the tail of a wrapped name).
                if mm is not None and re.match(
                    r"\s*(?:is|was|were|are|has|have|had|will|shall|which|that)\b", mm.group("rest")
                ):
                    if rows:
                        break
                    j += 1
                    continue
                if ent is None or mm is None:
                    if re.search(
                        r"(?i)jurisdiction|name\s+of\s+subsidiary|state\s+or|organization", text
                    ):
                        j += 1
                        continue
                    misses += 1
                    j += 1
                    continue
                misses = 0
                rows += 1
                start = ctx.flow.starts[j]
                span = (ctx.table_quote_start(owner_line, j), start + len(text))
                attrs: dict[str, str] = {}
                jm = re.search(rf"\b({JURISDICTION})\b", mm.group("rest"))
                if jm:
                    attrs["jurisdiction"] = jm.group(1)
                pm = re.search(r"(\d{1,3}(?:\.\d+)?\s?%)", mm.group("rest"))
                if pm:
                    attrs["stake"] = pm.group(1)
                ctx.emit(
                    role="subsidiary",
                    subject=ent,
                    parent=owner,
                    binding_type=BindingType.OWNERSHIP,
                    span=span,
                    attributes=attrs,
                )
                if jm:
                    ctx.emit(
                        role="jurisdiction",
                        subject=NamedEntity(
                            jm.group(1), entity_key(jm.group(1)), SubjectType.JURISDICTION
                        ),
                        parent=ent,
                        binding_type=BindingType.REGISTRATION,
                        span=span,
                    )
                j += 1
            i = j
