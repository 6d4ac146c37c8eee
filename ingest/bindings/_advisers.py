"""Auditors and advisers: the advisers a document names, auditor reports, auditor consents."""

from __future__ import annotations

import re
from collections.abc import Mapping

from domain import BindingType, SubjectType, lexicon
from ingest.bindings._context import BindingContext
from ingest.bindings._names import (
    _COMPANY_RE,
    COMPANY,
    JURISDICTION,
    PERSON,
    NamedEntity,
    _company,
    _person,
)
from ingest.bindings._rule import BindingRule

# An audit report's or consent's heading, and the report's statement of the firm's tenure
# (lexicon: documents.auditor_consents, documents.auditor_tenure) with its years: "since 1975",
# "since at least 1934", "since fiscal 2006", "from 2011 to 2019".
_AUDIT_REPORT = re.compile(
    "|".join(lexicon().documents.get("audit_reports", ())) or r"(?!x)x", re.IGNORECASE
)


_AUDIT_CONSENT = re.compile(
    r"(?i)^\s*(?:"
    + ("|".join(lexicon().documents.get("auditor_consents", ())) or r"(?!x)x")
    + r")\s*$"
)


_FISCAL = r"(?:fiscal\s+(?:year\s+)?)"


_AUDITOR_TENURE = re.compile(
    r"(?i)(?:"
    + ("|".join(lexicon().documents.get("auditor_tenure", ())) or r"(?!x)x")
    + rf")\s+(?:since\s+(?P<since>(?:at\s+least\s+|{_FISCAL})?(?P<from>\d{{4}}))\b"
    rf"|from\s+{_FISCAL}?(?P<start>\d{{4}})\s+(?:to|through|until)\s+{_FISCAL}?(?P<until>\d{{4}})\b)"
)


_SIGNED_FIRM = re.compile(rf"^\s*/s/\s*(?P<firm>{COMPANY})\s*$")


# The line under a firm's signature that says where it signed: "Minneapolis, Minnesota".
_PLACE_LINE = re.compile(rf"^\s*(?P<place>[A-Z][A-Za-z.'’\- ]{{1,40}},\s+(?:{JURISDICTION}))\s*$")


def _adviser_keyword(role: str, pattern: str) -> str:
    """The words an adviser rule's every match contains (for BindingContext.scan)."""
    if role != "auditor":
        return {"legal_counsel": r"(?i:counsel)", "escrow_agent": r"(?i:escrow)"}.get(
            role, r"(?i:trustee)"
        )
    if "engagement|appointment" in pattern:
        return r"(?i:(?:engagement|appointment|selection|retention)\s+of)"
    if "audited\\s+by" in pattern:
        return r"(?i:audited\s+by)"
    if "engaged" in pattern:
        return r"(?i:(?:engaged|appointed|retained|selected)\s+as)"
    if "principal" in pattern:
        return r"(?i:independent\s+(?:registered|auditor|certified|public|accountant)|principal\s+accountant)"
    return r"(?i:independent\s+(?:registered|auditor|certified|public|accountant))"


def _firm_signature(
    ctx: BindingContext,
    audited: NamedEntity,
    first: int,
    stop: int,
    attributes: Mapping[str, str] | None = None,
) -> None:
    """The first "/s/ Firm" line after `first` (before `stop`) binds the firm as the
    auditor of `audited`; the lines under it may say where it signed ("Minneapolis,
    Minnesota") and how long it has served ("We have served as the Company's auditor since
    1975"; "from 2011 to 2019": an office that ended)."""
    lines = ctx.flow.lines
    for k in range(first + 1, min(len(lines), stop)):
        sm = _SIGNED_FIRM.match(lines[k].text)
        if sm is None:
            if _AUDIT_REPORT.search(lines[k].text) or _AUDIT_CONSENT.match(lines[k].text):
                return  # the next report or a consent: this one is not signed here
            continue
        firm = _company(sm.group("firm"))
        if firm is None:
            return
        attrs: dict[str, str] = dict(attributes or {})
        last = k
        for j in range(k + 1, min(len(lines), k + 5)):
            text = lines[j].text
            if _SIGNED_FIRM.match(text) or _AUDIT_REPORT.search(text):
                break
            pm = _PLACE_LINE.match(text)
            if pm and "city" not in attrs:
                attrs["city"] = pm.group("place")
                last = max(last, j)
                continue
            window = " ".join(ln.text for ln in lines[j : j + 2])
            tm = _AUDITOR_TENURE.search(window)
            if tm is None or tm.start() >= len(text) or "served_since" in attrs:
                continue
            if tm.group("start"):
                attrs["served_since"] = tm.group("start")
                attrs.update(
                    {"from": tm.group("start"), "until": tm.group("until"), "tenure": "ended"}
                )
            else:
                attrs["served_since"] = re.sub(r"\s+", " ", tm.group("since"))
                if tm.group("since") == tm.group("from"):
                    attrs["from"] = tm.group("from")
            last = max(last, j + (1 if tm.end() > len(text) else 0))
        span = (ctx.flow.starts[first], ctx.flow.starts[last] + len(lines[last].text))
        ctx.emit(
            role="auditor",
            subject=firm,
            parent=audited,
            binding_type=BindingType.EXPLICIT_STATEMENT,
            span=span,
            attributes=attrs,
        )
        return


class Advisers(BindingRule):
    """Auditors, counsel, escrow agents and trustees a document names: "Ernst & Young LLP,
    our independent registered public accounting firm"."""

    name = "advisers"
    genre = "auditors, counsel and other advisers"
    reads = ("filings", "agreements", "engagement letters")

    def read(self, ctx: BindingContext) -> None:
        text = ctx.flow.text
        parent = ctx.parent_pattern()
        firm = rf"(?P<firm>{COMPANY})"
        auditor = (
            r"(?i:independent\s+(?:registered\s+public\s+accounting\s+firm|auditors?|"
            r"(?:certified\s+public\s+)?accountants|public\s+accountants))"
        )
        auditor_role = (
            r"(?i:(?:independent\s+)?(?:registered\s+public\s+accounting\s+firm|auditors?|"
            r"(?:certified\s+public\s+)?accountants))"
        )
        rules: tuple[tuple[str, str], ...] = (
            (
                "auditor",
                rf"{firm}(?:\s*\([^()]{{0,60}}\))?,?\s+(?:an?\s+|the\s+)?{auditor}\s+(?:of|for|to)\s+(?P<parent>{parent})",
            ),
            ("auditor", rf"(?P<parent>{parent})(?:'s|’s)\s+{auditor},?\s+(?:is\s+)?{firm}"),
            (
                "auditor",
                rf"(?P<parent>{parent})(?:'s|’s)?\s+(?:consolidated\s+)?financial\s+statements[^.;]{{0,120}}?"
                rf"(?:have\s+been|were|are)\s+audited\s+by\s+{firm}",
            ),
            (
                "auditor",
                rf"{firm},?\s+(?:an?\s+|the\s+|our\s+)?{auditor},?\s+(?:that|which)\s+(?:has\s+)?audited\s+"
                rf"(?P<parent>our|the\s+(?:Company|Registrant)(?:'s|’s))",
            ),
            (
                "auditor",
                rf"(?P<parent>(?i:our|the\s+accompanying|the\s+Company(?:'s|’s)))\s+(?:consolidated\s+)?"
                rf"financial\s+statements[^.;]{{0,80}}?(?:have\s+been|were)\s+audited\s+by\s+{firm},?\s+"
                rf"(?:an?\s+)?{auditor}",
            ),
            # Item 14 in the company's own voice: "Our independent registered public accounting
            # firm is X (PCAOB ID No. 34)", "our principal accountant, X"
            (
                "auditor",
                rf"(?P<parent>(?i:our)|the\s+(?:Company|Registrant)(?:'s|’s))\s+"
                rf"(?:{auditor}|(?i:principal\s+accountant)),?\s+(?:is\s+|was\s+)?{firm}",
            ),
            (
                "auditor",
                rf"{firm},?\s+(?:has\s+|had\s+|have\s+)?(?:been\s+)?(?:engaged|appointed|re-?appointed|"
                rf"retained|selected)\s+as\s+(?P<parent>{parent})(?:'s|’s)\s+{auditor_role}",
            ),
            (
                "auditor",
                rf"{firm},?\s+(?:has\s+|had\s+|have\s+)?(?:been\s+)?(?:engaged|appointed|re-?appointed|"
                rf"retained|selected)\s+as\s+(?:the\s+)?{auditor_role}\s+(?:of|for|to)\s+(?P<parent>{parent})",
            ),
            # "The Board approved the engagement of X as independent auditors of the Company"
            (
                "auditor",
                rf"(?i:engagement|appointment|re-?appointment|selection|retention)\s+of\s+{firm},?\s+"
                rf"as\s+(?:the\s+|its\s+)?{auditor_role}\s+(?:of|for|to)\s+(?P<parent>{parent})",
            ),
            (
                "legal_counsel",
                rf"{firm},?\s+(?:as\s+)?(?:legal\s+|outside\s+|special\s+|general\s+)?counsel\s+(?:to|for)\s+(?P<parent>{parent})",
            ),
            (
                "legal_counsel",
                rf"(?P<parent>{parent})(?:'s|’s)\s+(?:legal\s+|outside\s+|general\s+)?counsel,?\s+(?:is\s+)?{firm}",
            ),
            (
                "escrow_agent",
                rf"{firm}(?:\s*\([^()]{{0,60}}\))?,?\s+as\s+(?i:escrow\s+agent)\s+(?:for|of|to|under)\s+(?P<parent>{parent})",
            ),
            (
                "trustee",
                rf"{firm}(?:\s*\([^()]{{0,60}}\))?,?\s+as\s+(?i:indenture\s+)?(?i:trustee)\s+(?:for|of|to)\s+(?P<parent>{parent})",
            ),
        )
        for role, pattern in rules:
            for m in ctx.scan(pattern, _adviser_keyword(role, pattern)):
                who = _company(m.group("firm"))
                own_raw = m.group("parent")
                owner = (
                    ctx.sole_company(m.start())
                    if re.match(
                        r"(?i)(?:our|the\s+accompanying|the\s+(?:company|registrant)(?:'s|’s))$",
                        own_raw,
                    )
                    else ctx.resolve(own_raw)
                )
                if who is None or owner is None:
                    continue
                ctx.emit(
                    role=role,
                    subject=who,
                    parent=owner,
                    binding_type=BindingType.EXPLICIT_STATEMENT,
                    span=(m.start(), m.end()),
                )
        # "Jane Roe, Smith & Jones LLP, counsel to Acme" / "Jane Roe of Smith LLP, counsel to Acme".
        for m in ctx.scan(
            rf"(?P<who>{PERSON})(?:,\s+|\s+of\s+){firm},?\s+(?:as\s+)?(?:legal\s+|outside\s+|special\s+|"
            rf"general\s+|corporate\s+)?counsel\s+(?:to|for)\s+(?P<parent>{parent})",
            r"(?i:counsel)",
        ):
            person, who, owner = _person(m.group("who")), _company(m.group("firm")), None
            owner = ctx.resolve(m.group("parent"))
            if person is None or who is None or owner is None:
                continue
            for subject in (person, who):
                ctx.emit(
                    role="legal_counsel",
                    subject=subject,
                    parent=owner,
                    binding_type=BindingType.EXPLICIT_STATEMENT,
                    span=(m.start(), m.end()),
                    attributes={"firm": who.name} if subject is person else {},
                )
        # "X, as Escrow Agent/Trustee/Guarantor" in an agreement's preamble: the agreement is the parent.
        if ctx.parties:
            agreement = NamedEntity("Agreement", ctx.agreement_key, SubjectType.AGREEMENT)
            for m in re.finditer(
                rf"{firm},?\s+(?:not\s+in\s+its\s+individual\s+capacity\s+but\s+solely\s+)?as\s+"
                rf"(?P<role>(?i:escrow\s+agent|indenture\s+trustee|trustee|guarantor))\b",
                text[: ctx.preamble_chars * 2],
            ):
                who = _company(m.group("firm"))
                if who is None:
                    continue
                role = re.sub(r"\s+", "_", m.group("role").lower()).replace("indenture_", "")
                ctx.emit(
                    role=role,
                    subject=who,
                    parent=agreement,
                    binding_type=BindingType.CONTRACTUAL_ROLE,
                    span=(m.start(), m.end()),
                )


class AuditorReports(BindingRule):
    """An auditor's report: the firm that signs it, where, and since when it has audited the
    company."""

    name = "auditor_reports"
    genre = "auditor reports"
    reads = ("filings' reports of independent registered public accounting firms",)

    def read(self, ctx: BindingContext) -> None:
        """An auditor's report: "We have audited the ... financial statements of Acme Inc." and,
        below it, the firm's signature ("/s/ Smith & Jones LLP"), with where it signed and the
        tenure the report states."""
        lines = ctx.flow.lines
        for i, line in enumerate(lines):
            if not _AUDIT_REPORT.search(line.text):
                continue
            audited: NamedEntity | None = None
            first = i
            for j in range(i + 1, min(len(lines), i + 40)):
                window = " ".join(ln.text for ln in lines[j : j + 2])
                am = re.search(
                    rf"(?i:we\s+have\s+audited\s+)(?:(?i:the\s+)[^.;]{{0,300}}?\bof\s+)?(?P<co>{COMPANY})",
                    window,
                )
                if am:
                    audited = _company(am.group("co"))
                    first = j
                    break
            if audited is not None:
                _firm_signature(ctx, audited, first, first + 300)


class AuditorConsents(BindingRule):
    """An auditor's consent (a filing's Exhibit 23): the firm that signs it for the company."""

    name = "auditor_consents"
    genre = "auditor consents"
    reads = ("filings' consents of independent registered public accounting firms",)

    def read(self, ctx: BindingContext) -> None:
        """An auditor's consent (Exhibit 23): "We consent to the incorporation by reference ...
        of our report dated ... relating to the financial statements of Acme Inc.", signed by
        the firm. The company is the one the consent names, else the filing's own."""
        lines = ctx.flow.lines
        for i, line in enumerate(lines):
            if not _AUDIT_CONSENT.match(line.text):
                continue
            for j in range(i + 1, min(len(lines), i + 6)):
                if re.search(r"(?i)\bwe\s+(?:hereby\s+)?consent\b", lines[j].text):
                    break
            else:
                continue
            end = next(
                (k for k in range(j, min(len(lines), j + 40)) if _SIGNED_FIRM.match(lines[k].text)),
                None,
            )
            if end is None:
                continue
            consent = " ".join(ln.text for ln in lines[j:end])
            cm = re.search(
                rf"(?i:financial\s+statements|balance\s+sheets?|internal\s+control)[^.;]{{0,120}}?"
                rf"\bof\s+(?P<co>{COMPANY})",
                consent,
            )
            own = ctx.sole_company(0)
            if cm is not None:
                company = _company(cm.group("co"))
            elif own is not None and all(
                (named := _company(n.group(0))) is None or named.key == own.key
                for n in _COMPANY_RE.finditer(consent)
            ):
                # the consent names no company but the filing's own ("the Company")
                company = own
            else:
                company = None  # another company's statements: an acquiree, an investee
            if company is not None:
                _firm_signature(ctx, company, j, end + 1, {"source": "consent"})
