"""Entity-binding extraction: explicit parent-entity links, each citing the lines that state it.

Rules are deliberately conservative: a role word alone never makes a binding; the text must
name both the subject (a person-shaped name or a company-shaped name) and the parent (a
company-shaped name, or a defined term of the same document that resolves to one).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import (
    GENERIC_TERMS,
    Alias,
    Binding,
    BindingType,
    SubjectType,
    base_key,
    entity_key,
    is_generic_term,
    is_person_name,
    legal_form,
    lexicon,
    looks_like_company,
)
from ingest._document import LocatedLine, ParsedDocument
from ingest._forms import FORMS
from ingest._metadata import date_spans
from ingest._relations import DocumentRelation, document_relations
from ingest._rulebase import (
    _INITIAL,
    _PWORD,
    _TITLE_ALT,
    COMPANY,
    JURISDICTION,
    PERSON,
    _clean_name,
    _company,
    _Context,
    _Entity,
    _Flow,
    _is_capacity,
    _named_person,
    _person,
    _title_roles,
)

# ---------------------------------------------------------------------------------------------
# Name patterns

_COMPANY_RE = re.compile(COMPANY)
_PERSON_RE = re.compile(rf"(?<![\w.'’\-]){PERSON}")
# Who holds a title: a full name, "Mr. Surname", or a one-word defined term ("Okafor",
# "the Executive"); the last two are resolved within the document (BindingExtractor._who).
WHO = (
    rf"(?:{PERSON}|(?<![\w.'’\-])(?:Mr|Mrs|Ms|Dr)\.?\s+{_PWORD}"
    rf"|(?<![\w.'’\-])(?:the\s+|The\s+)?[A-Z][a-z]+)"
)
# A list of persons: "A, B and C".
PERSONS = rf"{PERSON}(?:\s*,\s*{PERSON})*(?:,?\s+and\s+{PERSON})?"


_ENTITY_TYPE = lexicon().entity_type
_LAWS_OF = (
    r"(?:the\s+laws\s+of\s+(?:the\s+)?(?:(?:State|Commonwealth|Province|Republic|Kingdom|"
    r"Country)\s+of\s+)?)"
)

_Q_OPEN = "\"“”'‘"
_Q_CLOSE = "\"”“'’"
_QUOTED = re.compile(rf"[{_Q_OPEN}]\s*([^{_Q_OPEN}{_Q_CLOSE}\n]{{1,60}}?)\s*,?\s*[{_Q_CLOSE}]")
_DEF_PAREN = re.compile(r"\(([^()]{0,220})\)")
_HEREINAFTER = re.compile(
    rf",?\s+(?:hereinafter|hereafter)\s+(?:(?:referred\s+to|called|known)\s+as\s+)?(?:the\s+)?"
    rf"[{_Q_OPEN}]([^{_Q_OPEN}{_Q_CLOSE}\n]{{1,60}}?)[{_Q_CLOSE}]"
)

# Terms that define something other than an entity ("the Agreement", "Effective Date").
_NON_ENTITY_TERMS = re.compile(
    r"(?i)^(?:this\s+)?(?:agreement|contract|effective\s+date|execution\s+date|term|territory|"
    r"products?|services?|plan|offering|shares|common\s+stock|conversion|closing|amendment|"
    r".*\b(?:date|agreement|act|period|fee|fees|price|marks?|program|materials|rights|"
    r"property|information|business|deposits?|account\s+holders|interest|notes?|securities|"
    r"license|area|stadium|team|event|project|products|technology|patents|software|"
    r"specifications|ventures?|amendment|addendum|schedule|exhibit|marks|site|website|system)\b.*)$"
)
_COLLECTIVE = re.compile(r"(?i)\b(?:collectively|individually|each\s+a|each\s+an|together)\b")
_PARTY_TERMS = re.compile(r"(?i)^(?:a\s+|the\s+)?part(?:y|ies)$")

# Role-like defined terms: a party's contract_role ("Supplier" -> "supplier"); general
# terms only (domain/lexicon/vocabulary.yaml), never one contract's own defined term.
_CONTRACT_ROLES = lexicon().contract_roles
_PERSON_ROLES = lexicon().person_contract_roles
_RECORDED_ROLE_TERMS = {
    "guarantor": "guarantor",
    "escrow_agent": "escrow_agent",
    "trustee": "trustee",
}


def _contract_role(term: str) -> str | None:
    low = re.sub(r"[^a-z0-9]+", "_", term.lower()).strip("_")
    low = low.removeprefix("the_")
    if low in _CONTRACT_ROLES:
        return low
    last = low.rsplit("_", 1)[-1]
    if last in {"agent", "adviser", "advisor", "provider", "administrator", "trustee"}:
        return low
    return None


# ---------------------------------------------------------------------------------------------
# Roles stated in running text

# One or more titles: "President and Chief Executive Officer", "Chairman, CEO and Secretary".
TITLES = rf"(?:{_TITLE_ALT})(?:\s*(?:,|and|&|/)\s*(?:{_TITLE_ALT}))*"
# "who remains", "who serves as", ... (lexicon): the longest phrase first.
_HOLDS_TITLE_NOW = "|".join(
    r"\s+".join(map(re.escape, phrase.split()))
    for phrase in sorted(lexicon().holds_title_now, key=lambda p: (-len(p), p))
)


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
    ctx: _Context,
    m: re.Match[str],
    person: _Entity,
    owner: _Entity,
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
_EXHIBIT_21 = re.compile(r"(?i)^\s*exhibit\s+21(?:\.\d+)?\s*$")
_SUBSIDIARIES = re.compile(r"(?i)\bsubsidiaries\b")
_SIGNED_FIRM = re.compile(rf"^\s*/s/\s*(?P<firm>{COMPANY})\s*$")
# The line under a firm's signature that says where it signed: "Minneapolis, Minnesota".
_PLACE_LINE = re.compile(rf"^\s*(?P<place>[A-Z][A-Za-z.'’\- ]{{1,40}},\s+(?:{JURISDICTION}))\s*$")
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


def _officer_row(text: str) -> tuple[_Entity, str] | None:
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


# The words each family of rules needs (every match of the family contains one).
_KW_JURISDICTION = r"(?i:incorporated|organi[sz]ed|formed|registered|existing)"
_KW_JURISDICTION_TYPE = rf"\b[Aa]n?\s+(?:{JURISDICTION})\s"
_KW_REGISTRATION = (
    r"(?i:registered|registration|incorporator|(?:company|corporate)\s+(?:number|no\b|#))"
)
_KW_OFFICER = (
    r"(?i:officer|president|secretary|treasurer|chair|director|partner|member|c\.?[efot]\.?o)"
)
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
_KW_SUBSIDIARY = r"(?i:subsidiar|affiliate|parent)"
_CAP_TITLE = (
    r"(?i:capitali[sz]ation|cap\s+table|ownership|shareholders|stockholders|members|holders)"
)
_KW_NAME_CHANGE = r"(?i:d/b/a|\bdba\b|doing\s+business|formerly|f/k/a)"
# A defined term in a rule's parent slot: a capitalised phrase, resolved after matching.
_TERM_WORD = r"[A-Z][\w&\-]*(?:\.[\w&\-]+)*"
_PARENT = rf"(?:{COMPANY}|(?:[Tt]he\s+)?{_TERM_WORD}(?:[ \t]+{_TERM_WORD}){{0,4}})"

_OWNED_UNITS = (
    r"(?:(?:issued\s+and\s+)?outstanding\s+)?(?:shares(?:\s+of\s+(?:common|capital|preferred)\s+stock)?"
    r"|(?:common|capital|preferred)\s+stock|stock|units|membership\s+interests?|equity(?:\s+interests?)?"
    r"|voting\s+(?:stock|securities|power)|capital|share\s+capital|partnership\s+interests?)"
)


# ---------------------------------------------------------------------------------------------
# Records


@dataclass(frozen=True, slots=True)
class BindingResult:
    bindings: tuple[Binding, ...]
    aliases: tuple[Alias, ...]
    # what the document states it does to an earlier agreement (ingest._relations)
    relations: tuple[DocumentRelation, ...] = ()


# ---------------------------------------------------------------------------------------------
# Name helpers


def _name_list(text: str, pos: int) -> list[tuple[_Entity, int]]:
    """The names listed from `pos` ("A, B LLC and C"), each with the end of its match; the
    list ends at the first thing that is not a name after a separator."""
    out: list[tuple[_Entity, int]] = []
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


def _adviser_keyword(role: str, pattern: str) -> str:
    """The words an adviser rule's every match contains (for _Context.scan)."""
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


def _cells(text: str) -> list[str]:
    """A table row's cells (the parser joins them with " | ")."""
    return [c.strip() for c in re.split(r"\s+\|\s+|\t", text.strip()) if c.strip()]


def _persons(raw: str) -> list[_Entity]:
    out = []
    for part in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", raw):
        person = _person(part)
        if person is not None:
            out.append(person)
    return out


# ---------------------------------------------------------------------------------------------
# The extractor

_PREAMBLE_START = re.compile(
    # "This Agreement is made ..." or a sentence opening "The ... Agreement dated ..."; not
    # "... issued under the Founders' Agreement dated ..." in a note or a table.
    r"(?is)(?:\bthis|(?:^|(?<=[\n.;:])[ \t]*)the)\b[^.;]{0,160}?\b(?:agreement|contract|amendment|lease|indenture|"
    r"note|guarant(?:y|ee)|deed|license)\b[^;]{0,200}?\b(?:is\s+|was\s+)?(?:made|entered\s+into|"
    r"dated|executed|effective)\b|\bby\s+and\s+(?:between|among)\b|\bLadies\s+and\s+Gentlemen\b"
    r"|(?:^|\n)[ \t]*(?:BETWEEN|[Bb]etween)[ \t]*:?[ \t]*\n"
    # The opening of a power of attorney, a bond or a deed poll.
    r"|\b(?i:know\s+all\s+(?:men|persons|people)\s+by\s+these\s+presents)\b"
)
_PREAMBLE_END = re.compile(
    r"\bW\s?H\s?E\s?R\s?E\s?A\s?S\b|\bWhereas\b|\bRECITALS?\b|\bRecitals\b|"
    r"\bW\s*I\s*T\s*N\s*E\s*S\s*S\s*E\s*T\s*H\b|\bWitnesseth\b|\bNOW,?\s+THEREFORE\b|"
    r"\bNow,?\s+[Tt]herefore\b|\bBACKGROUND\b|\n\s*Background\b|\bagree\s+as\s+follows\b|"
    r"\bIn\s+consideration\s+of\b|\bPREAMBLE\b|\n\s*(?:ARTICLE|Article)\s+(?:1|I)\b|"
    r"\n\s*1\.\s+[A-Z]|\n\s*Section\s+1\.?\s"
)
_TITLE_LINE = re.compile(
    r"^\s*(?:(?:[A-Z0-9][A-Za-z0-9&,'’\-/#.]*|and|of|the|for|to|on|in)\s+){0,10}?(?:AGREEMENT|CONTRACT|LEASE|INDENTURE|"
    r"AMENDMENT(?:\s+(?:NO\.?\s*\d+|#\s*\d+))?|GUARANTY|GUARANTEE|NOTE|Agreement|Contract|"
    r"Amendment|Lease|Indenture|POWER\s+OF\s+ATTORNEY|Power\s+of\s+Attorney)\b[A-Za-z0-9 &,'’\-#.()]*$"
)
_DATE = (
    rf"(?:{lexicon().month}"
    r"\s+\d{1,2}\s*(?:st|nd|rd|th)?\s*,?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?"
    rf"{lexicon().month}"
    r",?\s+\d{4}|\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d{2}-\d{2})"
)
_DATED = re.compile(
    rf"(?i:dated|made|entered\s+into|effective|executed)(?:\s+(?:as\s+of|on|this|and\s+effective))*"
    rf"\s+(?:the\s+)?({_DATE})"
)


def _preamble_start(text: str, pos: int = 0) -> re.Match[str] | None:
    """The first preamble opening in the first 40,000 characters. An opening with "the"
    counts only when a title stands between it and the agreement word ("The Master Supply
    Agreement dated ..."), not prose ("The shares held by ... under the Founders' Agreement
    dated ...")."""
    limit = min(len(text), 40000)
    while True:
        m = _PREAMBLE_START.search(text, pos, limit)
        if m is None or not re.match(r"(?i)[ \t]*the\b", m.group(0)):
            return m
        head = re.match(
            r"(?is)[ \t]*the\s+(.*?)\b(?:agreement|contract|amendment|lease|indenture|note|"
            r"guarant(?:y|ee)|deed|license)\b",
            m.group(0),
        )
        words = head.group(1).split() if head else []
        if all(
            w[0].isupper() or w[0].isdigit() or w[0] in '"“(' or w.lower() in _TITLE_LINKS
            for w in words
        ):
            return m
        pos = m.start() + 1


_RETRY_CHARS = 12000
_TITLE_LINKS = frozenset({"to", "of", "and", "for", "the", "on", "&"})


def _stating(binding: Binding, relation: DocumentRelation) -> Binding:
    """The document's agreement binding with the relation its document states to an earlier
    agreement ("amends" the "Distributor Agreement" dated 1996-03-01, its number and
    effective date): which agreement that is, the skill decides (type, date, parties)."""
    if binding.role != "agreement":
        return binding
    stated = {
        "relation": relation.relation,
        "target_type": relation.target_type or "",
        "target_date": relation.target_date or "",
        "number": str(relation.number) if relation.number is not None else "",
        "effective_date": relation.effective_date or "",
    }
    attributes = {**binding.attributes, **{k: v for k, v in stated.items() if v}}
    update: dict[str, Any] = {"attributes": attributes}
    title = binding.attributes.get("title", binding.subject_name)
    if (
        relation.relation == "amends"
        and relation.target_type
        and (_NUMBERED_LINE.match(title) or not _INSTRUMENT_TITLE.search(title))
    ):
        # a PDF with no heading of its own ("This Amendment is entered into ...") was titled
        # by a clause line ("1. Subject to the terms of this Amendment ..."): it is named by
        # what it states it is
        number = f" No. {relation.number}" if relation.number is not None else ""
        named = f"Amendment{number} to {relation.target_type}"
        attributes.update(title=named, title_from="relation")
        update["subject_name"] = named
    return binding.model_copy(update=update)


_NUMBERED_LINE = re.compile(r"^\(?\d+(?:\.\d+)*[.)]?\s")
# a title that names an instrument ("SECOND SUPPLEMENTAL INDENTURE") keeps its own words
_INSTRUMENT_TITLE = re.compile(
    r"\b(?:amendment|addendum|supplement\w*|agreement|indenture|contract|lease|deed|note)\b",
    re.IGNORECASE,
)


# what a company, not a person, says of itself right after its defined term
_ITSELF = re.compile(r"^\s*,?\s*(?:acting\s+)?(?:on\s+behalf\s+of|for)\s+itself\b", re.IGNORECASE)


class BindingExtractor:
    """Extracts bindings and defined-term aliases from one parsed document.

    `run(doc)` returns them in a deterministic order (char_start, role, subject_key).
    """

    def __init__(
        self, preamble_chars: int = 4000, rules: Sequence[BindingRule] | None = None
    ) -> None:
        self.preamble_chars = preamble_chars
        self.rules = tuple(RULES if rules is None else rules)

    def run(self, doc: ParsedDocument, independence_group: str = "") -> BindingResult:
        ctx = _Context(doc=doc, group=independence_group, flow=_Flow(doc))
        for rule in self.rules:
            rule.run(self, ctx)
        bindings = sorted(
            ctx.bindings.values(),
            key=lambda b: (b.location.char_start, b.role, b.subject_key, b.parent_key or ""),
        )
        aliases = sorted(ctx.aliases.values(), key=lambda a: (a.alias_key, a.entity_key))
        relations = document_relations(doc)
        if relations:
            bindings = [_stating(b, relations[0]) for b in bindings]
        return BindingResult(bindings=tuple(bindings), aliases=tuple(aliases), relations=relations)

    # -- defined terms ------------------------------------------------------------------------

    def _mention_before(
        self, ctx: _Context, end: int, allow_bare: bool
    ) -> tuple[_Entity, int] | None:
        """The entity a defined term right after `end` names: the last company-shaped name
        before it followed only by a descriptor, else a person or bare name right before it."""
        text = ctx.flow.text
        lo = max(0, end - 400)
        window = text[lo:end]
        # Never reach back across an earlier definition or clause boundary.
        cut = window.rfind(";")
        for cm in re.finditer(r"(?<!\sat):\s*\n|\b(?:BETWEEN|AND|Between|And)\s*:", window):
            cut = max(cut, cm.end() - 1)
        for paren in re.finditer(r"\([^()]*\)", window):
            if re.search(r"[\"“”]", paren.group(0)):
                cut = max(cut, paren.end() - 1)
        if cut >= 0:
            lo, window = lo + cut + 1, window[cut + 1 :]
        companies: list[tuple[int, int, _Entity]] = []
        for cm in _COMPANY_RE.finditer(window):
            ent = _company(cm.group(0))
            if ent is not None:
                name_at = cm.start() + max(0, cm.group(0).find(ent.name.split()[0]))
                companies.append((lo + name_at, lo + cm.end(), ent))
        for start, stop, ent in reversed(companies):
            between = text[stop:end]
            before = text[max(0, start - 40) : start]
            if re.search(
                r"(?i)\b(?:division|subsidiary|affiliate|unit|d/b/a|dba|through\s+its)\b[^,]{0,20}$",
                before,
            ):
                continue
            if len(between) > 320 or re.search(r"[\"“”]", between):
                break
            if between.strip(" ,\n—–-") and not re.match(
                r"\s*[,(—–-]|\s+(?:having|with|located|through|acting|whose|doing|an?\s)", between
            ):
                break
            return ent, start
        pm = re.search(rf"({PERSON})(?:,?\s+(?:an\s+)?[Ii]ndividual)?[\s,]*$", window)
        if pm:
            person = _person(pm.group(1))
            lead = window[max(0, pm.start() - 30) : pm.start()]
            # Digits just before a name are an address or a number, unless a party list
            # connector introduces the name ("dated May 1, 2003 by and between Jane Roe").
            if person is not None and (
                not re.search(r"\d", lead) or re.search(r"\b(?:between|among)\s+$", lead)
            ):
                return person, lo + pm.start(1)
        if allow_bare:
            # Company-shaped by its descriptor: "Ingram Micro, a corporation organized under ..."
            dm: re.Match[str] | None = None
            for dm_last in re.finditer(
                rf"(?:^|\b(?:between|among|and|with|by)\s+|\n)((?:The\s+)?[A-Z][\w'’.\-&]*(?:\s+(?:of|and|&|de)?\s*[A-Z][\w'’.\-&]*){{0,5}}),\s+"
                rf"an?\s+(?:{JURISDICTION}\s+)?(?:[a-z\-]+\s+)?{_ENTITY_TYPE}\b",
                window,
            ):
                dm = dm_last
            if dm is not None and len(text[lo + dm.end() : end]) < 320:
                name = _clean_name(dm.group(1))
                if name and not is_generic_term(name) and not re.search(r"\d", name):
                    return _Entity(name, entity_key(name), SubjectType.LEGAL_ENTITY), lo + dm.start(
                        1
                    )
            m = re.search(
                r"(?:^|\b(?:between|among|and|with|by)\s+|\n)((?:the\s+|The\s+)?[A-Z][\w'’.\-&]*(?:\s+(?:of|and|&|de)?\s*[A-Z][\w'’.\-&]*){0,5})[\s,]*$",
                window,
            )
            if m:
                name = _clean_name(m.group(1))
                if (
                    name
                    and not is_generic_term(name)
                    and len(name) > 2
                    and not re.search(rf"\d|^(?:{JURISDICTION})$", name)
                ):
                    return _Entity(name, entity_key(name), SubjectType.LEGAL_ENTITY), lo + m.start(
                        1
                    )
        return None

    def _defined_terms(
        self, ctx: _Context, lo: int = 0, hi: int | None = None, preamble: bool = False
    ) -> list[tuple[_Entity, list[str], int, int]]:
        """Records defined terms as aliases; returns (entity, terms, start, end) definitions."""
        text = ctx.flow.text
        hi = len(text) if hi is None else hi
        defs: list[tuple[_Entity, list[str], int, int]] = []
        found: list[tuple[int, int, list[str]]] = []
        for m in _DEF_PAREN.finditer(text, lo, hi):
            inner = m.group(1)
            terms = [t.strip(" ,") for t in _QUOTED.findall(inner)]
            if not terms and preamble:
                # '(Transporter)' or '("Celebrity)': a role word, quoted or not, in a preamble.
                bare = re.fullmatch(
                    r"\s*(?:the\s+)?[\"“]?\s*([A-Z][\w .&\-]{1,40}?)\s*[\"”]?\s*", inner
                )
                if bare and (_contract_role(bare.group(1)) or re.search(r"[\"“]", inner)):
                    terms = [bare.group(1)]
            if not terms:
                continue
            # '(the "Company")', '("Company" or "Ashworth")'; not '(as defined in "X")'.
            if re.match(r"(?i)\s*(?:as\s+defined|see|defined\s+in|within\s+the\s+meaning)", inner):
                continue
            found.append((m.start(), m.end(), terms))
        for m in _HEREINAFTER.finditer(text, lo, hi):
            found.append((m.start(), m.end(), [m.group(1).strip(" ,")]))
        if preamble:
            for m in re.finditer(
                r"[\s—–\-(]+(?:hereinafter|hereafter)\s+(?:referred\s+to\s+as|called)\s+(?:the\s+)?"
                r"([A-Z][\w.&\-]*(?:\s[A-Z][\w.&\-]*){0,3})\s*[—–\-)]",
                text[lo:hi],
            ):
                found.append((lo + m.start(), lo + m.end(), [m.group(1)]))
        found.sort()
        for start, end, terms in found:
            inner = text[start:end]
            group = _COLLECTIVE.search(inner)
            own: list[str] = []
            if group is not None and re.match(r"(?i)collectively\s+with\b", inner[group.start() :]):
                own = [t.strip(" ,") for t in _QUOTED.findall(inner[: group.start()])]
            if own:
                # '(the "Subsidiary", and collectively with Parent, "Group")': the terms
                # before "collectively with" name this entity; the one after names a group.
                terms = own
            collective = group is not None and terms is not own
            usable = [
                t
                for t in terms
                if not _PARTY_TERMS.match(t)
                and not _NON_ENTITY_TERMS.match(t)
                and len(t) > 1
                and (t[0].isupper() or t[0].isdigit())
            ]
            if not usable or (collective and all(_PARTY_TERMS.match(t) for t in terms)):
                continue
            if collective and not any(_contract_role(t) for t in usable):
                continue
            hit = self._mention_before(ctx, start, allow_bare=preamble)
            if hit is None:
                continue
            ent, name_at = hit
            # A bare name counts only when its term is a role or a short form of it.
            if (
                not looks_like_company(ent.name)
                and ent.subject_type == SubjectType.LEGAL_ENTITY
                and not any(
                    _contract_role(t) or entity_key(t).split()[0] in entity_key(ent.name).split()
                    for t in usable
                )
            ):
                continue
            if is_person_name(ent.name) and not looks_like_company(ent.name):
                # A person-shaped name is a person only when the text says so.
                personish = any(
                    (_contract_role(t) or "") in _PERSON_ROLES
                    or entity_key(t) in entity_key(ent.name).split()
                    for t in usable
                ) or re.search(r"(?i)\bindividual\b", text[name_at : end + 40])
                if personish:
                    ent = _Entity(ent.name, ent.key, SubjectType.INDIVIDUAL)
                elif ent.subject_type == SubjectType.INDIVIDUAL:
                    if not _ITSELF.search(text[end : end + 60]):
                        continue
                    # "Ingram Micro ("Distributor") acting on behalf of itself and its
                    # affiliates": a name that speaks of itself as "itself" is no person
                    ent = _Entity(ent.name, ent.key, SubjectType.LEGAL_ENTITY)
            for term in usable:
                ctx.add_alias(term, ent, (name_at, end), "defined_term")
            defs.append((ent, usable, name_at, end))
        # Trade names: "Cellco Partnership d/b/a Verizon Wireless".
        for m in ctx.scan(
            rf"({COMPANY}),?\s+(?:d/b/a|dba|doing\s+business\s+as)\s+((?:[A-Z][\w'’.\-&]*\s?){{1,5}})",
            _KW_NAME_CHANGE,
        ):
            owner = _company(m.group(1))
            trade = _clean_name(m.group(2))
            if owner is not None and trade:
                ctx.add_alias(trade, owner, (m.start(), m.end()), "trade_name")
        for m in ctx.scan(
            rf"({COMPANY})\s*\(?,?\s*(?:formerly|f/k/a|formerly\s+known\s+as)\s+({COMPANY})",
            _KW_NAME_CHANGE,
        ):
            new_ent, old = _company(m.group(1)), _company(m.group(2))
            if new_ent is not None and old is not None:
                ctx.add_alias(old.name, new_ent, (m.start(), m.end()), "former_name")
        return defs

    def _named_in_certificate(self, ctx: _Context) -> None:
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

    def _registrant(self, ctx: _Context) -> None:
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

    def _officer_tables(self, ctx: _Context) -> None:
        """A list of executive officers under a heading or sentence that names them
        ("Information About Our Executive Officers", "The executive officers of X are as
        follows:"): one officer a row, "Name | Age | Position", "Name (Age) | Position",
        "Name | Position | Since | Age" or "Name, age 58, is General Counsel and Secretary".
        Each is an officer of the company, with the roles their position's title states; the
        list ends at the next heading that is not the list's ("Board of Directors")."""
        lines = ctx.flow.lines
        parent_alt = self._parent_alt(ctx)
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
            owner = (self._resolve(ctx, raw) if raw else None) or self._sole_company(ctx, 0)
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

    def _resolve(self, ctx: _Context, raw: str) -> _Entity | None:
        """A company name, or a defined term of this document that names one.

        The parent slot of the rules matches any capitalised phrase (so the patterns stay the
        same for every document and compile once); only a phrase that is a company name or a
        defined term, whole, resolves. Leading words before a "the" are dropped ("Annual
        Report The Company's" -> "The Company"), never trailing ones ("Acme Holdings" is not
        "Acme")."""
        ent = _company(raw)
        if ent is not None:
            return ent
        found = self._term(ctx, raw)
        if found is None:
            tm = re.search(r"\s(?=[Tt]he\s)", raw.strip())
            if tm:
                found = self._term(ctx, raw.strip()[tm.end() :])
        if found is None and raw.strip():
            # the company a defined term names, called by its name less its legal form
            # ("Amazon.com" for "Amazon.com, Inc."): one such company only
            short = {
                e.key: e
                for e in ctx.terms.values()
                if e.subject_type == SubjectType.LEGAL_ENTITY
                and base_key(e.name) == entity_key(raw.strip(" ,.;:"))
                and base_key(e.name) != entity_key(e.name)
            }
            if len(short) == 1:
                found = next(iter(short.values()))
        return found

    @staticmethod
    def _term(ctx: _Context, raw: str) -> _Entity | None:
        term = re.sub(r"^(?i:the)\s+", "", raw.strip(" ,.;:"))
        term = re.sub(r"(?:'s|’s)$", "", term)
        found = ctx.terms.get(entity_key(term))
        if found is not None and found.subject_type == SubjectType.LEGAL_ENTITY:
            return found
        return None

    def _parent_alt(self, ctx: _Context) -> str:
        """The parent slot of the rules: a company name or a capitalised phrase (a defined
        term when `_resolve` finds it among this document's terms)."""
        return _PARENT

    # -- agreements and parties ---------------------------------------------------------------

    def _agreement(self, ctx: _Context) -> None:
        text = ctx.flow.text
        start_m = _preamble_start(text)
        if self._agreement_at(ctx, start_m, first=True):
            return
        # A title line can open like a preamble ("MAINTENANCE AGREEMENT BETWEEN A AND B")
        # and name no party the way a preamble does: the next opening may be the preamble.
        for _ in range(2):
            if start_m is None:
                return
            start_m = _preamble_start(text, start_m.end())
            if start_m is not None and start_m.start() > _RETRY_CHARS:
                return  # a later opening that far in is another document's, or prose
            if start_m is not None and self._agreement_at(ctx, start_m, first=False):
                return

    def _agreement_at(self, ctx: _Context, start_m: re.Match[str] | None, *, first: bool) -> bool:
        """The agreement and its parties from the preamble that opens at `start_m` (on the
        `first` try, a defined term may open it too); False when it names too few parties."""
        text = ctx.flow.text
        starts = [start_m.start()] if start_m else []
        first_term = min(
            (
                span[0]
                for a in ctx.aliases.values()
                if a.location is not None and a.kind == "defined_term"
                for span in [self._flow_span(ctx, a.location.char_start, a.location.char_end)]
                if span is not None
            ),
            default=None,
        )
        # A defined term alone starts a preamble only in a document typed as an agreement
        # (financial statements and tables define "the Company" too).
        if (
            first
            and first_term is not None
            and first_term < 5000
            and (start_m is not None or ctx.doc.document_type in {"agreement", "amendment"})
        ):
            starts.append(first_term)
        if not starts:
            return False
        # The preamble sentence starts at the beginning of its line.
        start = text.rfind("\n", 0, min(starts)) + 1
        end_m = _PREAMBLE_END.search(text, start + 1, start + self.preamble_chars)
        end = end_m.start() if end_m else min(len(text), start + self.preamble_chars)
        defs = self._defined_terms(ctx, start, end, preamble=True)
        # Labelled parties: "Party A: Beike Internet Security Technology Co., Ltd."
        for m in re.finditer(
            rf"(?m)^\s*(?P<label>[A-Z][A-Za-z]*(?:\s+[A-Z][A-Za-z]*)?)\s*:\s*(?P<name>{COMPANY})",
            text[start : end + 2000],
        ):
            ent = _company(m.group("name"))
            if ent is not None and _contract_role(m.group("label")):
                span = (start + m.start(), start + m.end())
                ctx.add_alias(m.group("label"), ent, span, "defined_term")
                defs.append((ent, [m.group("label")], *span))
                end = max(end, span[1])
        defs.extend(self._form_field_parties(ctx, start, end, {d[0].key for d in defs}))
        parties: list[tuple[_Entity, list[str], int, int]] = []
        seen: set[str] = set()
        for ent, terms, name_pos, def_end in defs:
            span = (name_pos, def_end)
            before = text[max(start, name_pos - 30) : name_pos]
            if re.search(
                r"(?i)\b(?:of|under|to|from|in|at|on|for|by)\s+(?:the\s+)?$", before
            ) and not re.search(r"(?i)\b(?:and|between|among)\s+(?:by\s+)?$", before):
                continue
            if ent.key in seen:
                for p in parties:
                    if p[0].key == ent.key:
                        p[1].extend(t for t in terms if t not in p[1])
                continue
            seen.add(ent.key)
            parties.append((ent, list(terms), span[0], span[1]))
        # Parties named without a defined term: "between Acme Inc. and Beta LLC".
        region = text[start:end]
        for m in re.finditer(
            rf"(?:\b(?:between|among|with|and|(?:entered\s+into|made)\s+by)\s+)({COMPANY})", region
        ):
            ent = _company(m.group(1))
            if ent is None or ent.key in seen:
                continue
            after = region[m.end() : m.end() + 40]
            # A defined term written without quotes: "Acme Pipeline Company (Transporter)".
            bare = re.match(r"\s*\((?:the\s+)?([A-Z][A-Za-z]+)\)", after)
            if after.strip().startswith("(") and not (bare and _contract_role(bare.group(1))):
                continue
            terms = [bare.group(1)] if bare else []
            seen.add(ent.key)
            parties.append((ent, terms, start + m.start(1), start + m.end(1)))
        # A person who is a party, said to be one: "... and KATHY ROE, an individual
        # residing at ...".
        for m in re.finditer(
            rf"\b(?:between|among|with|and)\s+({PERSON}),?\s+an?\s+(?:individual|natural\s+person)\b",
            region,
        ):
            ent = _person(m.group(1))
            if ent is None or ent.key in seen:
                continue
            seen.add(ent.key)
            after = region[m.end() : m.end() + 300]
            term = re.match(r"[^()]{0,200}?\((?:the\s+)?[\"“]([A-Z][\w ]{0,30})[\"”]\)", after)
            terms = [term.group(1)] if term else []
            for t in terms:
                ctx.add_alias(t, ent, (start + m.start(1), start + m.end()), "defined_term")
            parties.append((ent, terms, start + m.start(1), start + m.end(1)))
        if not parties or (
            len(parties) < 2
            and not any(_contract_role(t) for p in parties for t in p[1])
            and (start_m is None or start_m.start() > 6000)
        ):
            return False
        # The title above the preamble, or above the sentence that names the first party
        # (a preamble found from an earlier "This Agreement may be executed ..." runs on).
        first_named = min(p[2] for p in parties)
        agreement = _Entity(
            self._title(ctx, start)
            or self._title(ctx, text.rfind("\n", 0, first_named) + 1)
            or "Agreement",
            ctx.agreement_key,
            SubjectType.AGREEMENT,
        )
        names = []
        for ent, terms, s, e in sorted(parties, key=lambda p: p[2]):
            names.append(ent.name)
            roles = [r for r in (_contract_role(t) for t in terms) if r]
            attrs = {"contract_role": roles[0]} if roles else {}
            if terms:
                attrs["defined_terms"] = "; ".join(terms)
            _emit_party(ctx, ent, agreement, (s, e), attrs, roles[0] if roles else None)
            self._party_jurisdiction(ctx, ent, s)
            for r in roles:
                if r in _RECORDED_ROLE_TERMS:
                    ctx.emit(
                        role=_RECORDED_ROLE_TERMS[r],
                        subject=ent,
                        parent=agreement,
                        binding_type=BindingType.CONTRACTUAL_ROLE,
                        span=(s, e),
                    )
        date_m = _DATED.search(text, start, end)
        date = re.sub(r"\s+", " ", date_m.group(1)) if date_m else ctx.doc.document_date
        first_party = min(p[2] for p in parties)
        last_party = max(p[3] for p in parties)
        _emit_head(ctx, agreement, names, (min(start, first_party), last_party), date)
        return True

    def _form_field_parties(
        self, ctx: _Context, start: int, end: int, named: set[str]
    ) -> list[tuple[_Entity, list[str], int, int]]:
        """ "... between Acme Bank and the above-named Vendor": a party named in a form's
        field above the preamble ("Vendor Name: | Beta Corp."; a generic "Company Name:" only
        in the label block right under the title, when no field names another role).

        `named` holds the keys of the parties the preamble names itself: the above-named party
        is another one."""
        text = ctx.flow.text
        first = ctx.flow.line_index(max(0, start - 2000))
        last = ctx.flow.line_index(start)
        # (line index, label, value) of each "Label: | value" line above the preamble.
        fields: list[tuple[int, str, str]] = []
        value_at: dict[int, int] = {}
        for i in range(first, last):
            fm = _FORM_FIELD.match(ctx.flow.lines[i].text)
            if fm is not None:
                fields.append((i, " ".join(fm.group("label").split()), fm.group("value")))
                value_at[i] = fm.start("value")
        out: list[tuple[_Entity, list[str], int, int]] = []
        preamble_named: set[str] | None = None
        for m in re.finditer(
            r"\b(?:the\s+)?(?:above|below)[- ]named\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\b"
            r"|\bthe\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+named\s+(?:above|below)\b",
            text[start:end],
        ):
            term = m.group(1) or m.group(2)
            role = _contract_role(term)
            if role is None:
                continue
            own = [f for f in fields if _field_role(f[1]) == role]
            if own:
                # "Vendor Name: | ...": the field for this very term; left empty, it names no one.
                chosen = own
            elif any(_field_role(f[1]) not in (None, *_GENERIC_FIELD_ROLES) for f in fields):
                # Another role's field ("Customer Name:") makes a generic one ambiguous.
                continue
            else:
                chosen = [
                    f
                    for f in fields
                    if _field_role(f[1]) in _GENERIC_FIELD_ROLES and self._under_title(ctx, f[0])
                ]
            ents = [(i, _form_field_company(value)) for i, _, value in chosen]
            if not ents or any(e is None for _, e in ents):
                continue
            keys = {e.key for _, e in ents if e is not None}
            if preamble_named is None:
                preamble_named = {
                    e.key
                    for cm in _COMPANY_RE.finditer(text, start, end)
                    if (e := _company(cm.group(0))) is not None
                } | named
            # Only one name: with two, which one the term means is unknown; a name the
            # preamble gives another party is not the above-named one.
            if len(keys) != 1 or keys & preamble_named:
                continue
            i, ent = ents[-1]
            assert ent is not None
            line_start = ctx.flow.starts[i]
            out.append(
                (ent, [term], line_start + value_at[i], line_start + len(ctx.flow.lines[i].text))
            )
        return out

    @staticmethod
    def _under_title(ctx: _Context, line: int) -> bool:
        """The field sits in the block of filled-in "Label: value" lines right under a title."""
        for k in range(line - 1, max(-1, line - 9), -1):
            t = ctx.flow.lines[k].text
            fm = _FORM_FIELD.match(t)
            if fm is not None and fm.group("value"):
                continue
            return bool(_TITLE_LINE.match(t) or _FORM_TITLE.match(t)) or (
                ctx.doc.title is not None and " ".join(t.split()) == " ".join(ctx.doc.title.split())
            )
        return False

    def _party_jurisdiction(self, ctx: _Context, ent: _Entity, name_at: int) -> None:
        """ "Worldwide Strategies, a Nevada corporation": the descriptor right after a party."""
        text = ctx.flow.text
        words = [re.escape(w) for w in ent.name.split()]
        nm = re.compile(r"[\s,]*".join(words)).match(text, name_at)
        if nm is None:
            return
        dm = re.compile(
            rf",?\s*(?:\([^()]{{0,80}}\)\s*,?\s*)?(?:an?\s+(?P<j1>{JURISDICTION})\s+(?:[a-z\-]+\s+)?"
            rf"{_ENTITY_TYPE}\b|an?\s+(?:[a-z\-]+\s+)?(?:{_ENTITY_TYPE}|entity)\s+(?:duly\s+)?"
            rf"(?:incorporated|organized|organised|formed|existing)(?:\s+and\s+existing)?\s+under\s+"
            rf"{_LAWS_OF}(?P<j2>{JURISDICTION})\b)"
        ).match(text, nm.end())
        if dm is None:
            return
        jur = re.sub(r"\s+", " ", dm.group("j1") or dm.group("j2"))
        jur = jur.title() if jur.isupper() else jur
        ctx.emit(
            role="jurisdiction",
            subject=_Entity(jur, entity_key(jur), SubjectType.JURISDICTION),
            parent=ent,
            binding_type=BindingType.REGISTRATION,
            span=(name_at, dm.end()),
        )

    def _flow_span(self, ctx: _Context, char_start: int, char_end: int) -> tuple[int, int] | None:
        """Doc-text char offsets -> flow offsets (the cited lines' starts)."""
        lines = ctx.flow.lines
        idx = bisect.bisect_right([ln.char_start for ln in lines], char_start) - 1
        if idx < 0:
            return None
        jdx = (
            bisect.bisect_right([ln.char_start for ln in lines], max(char_start, char_end - 1)) - 1
        )
        s = ctx.flow.starts[idx] + (char_start - lines[idx].char_start)
        e = ctx.flow.starts[jdx] + (char_end - lines[jdx].char_start)
        return s, e

    def _title(self, ctx: _Context, preamble_start: int) -> str | None:
        if ctx.doc.title and re.search(
            r"(?i)agreement|contract|amendment|lease|\bpowers?\s+of\s+attorney\b|\bindenture\b"
            r"|\bdeed\b|\bmemorandum\s+of\s+understanding\b",
            ctx.doc.title,
        ):
            return ctx.doc.title.strip()
        first = ctx.flow.line_index(preamble_start)
        for line in ctx.flow.lines[max(0, first - 12) : first]:
            t = line.text.strip()
            if (
                len(t) <= 120
                and _TITLE_LINE.match(t)
                and not t.lower().startswith(("this ", "the "))
                and not re.match(r"\(?\d+(?:\.\d+)*[.)]?\s", t)  # "11.6. COUNTERPARTS. ..."
            ):
                return re.sub(r"\s+", " ", t)
        m = re.search(
            r"(?:This|THIS)\s+((?:[A-Z][\w\-&']*\s+){0,8}(?:Agreement|AGREEMENT|Contract|CONTRACT|Amendment|AMENDMENT))",
            ctx.flow.text[preamble_start : preamble_start + 400],
        )
        if m and m.group(1).strip().lower() not in {"agreement", "contract", "amendment"}:
            return re.sub(r"\s+", " ", m.group(1))
        return None

    # -- registration -------------------------------------------------------------------------

    def _jurisdiction(self, ctx: _Context) -> None:
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
                    subject=_Entity(jur, entity_key(jur), SubjectType.JURISDICTION),
                    parent=ent,
                    binding_type=BindingType.REGISTRATION,
                    span=(start, m.end()),
                )
        # Defined terms: 'The Company is a corporation duly organized under the laws of Delaware'.
        parent = self._parent_alt(ctx)
        for m in ctx.scan(
            rf"(?P<name>{parent})(?:\s*\([^()]{{0,60}}\))?\s+(?:was|is)\s+(?:originally\s+)?incorporated\s+in\s+"
            rf"(?:the\s+(?:State|Commonwealth|Province)\s+of\s+)?(?P<j1>{JURISDICTION})"
            rf"(?:[^.;]{{0,80}}?\breincorporated\s+in\s+(?P<j2>{JURISDICTION}))?",
            _KW_JURISDICTION,
        ):
            ent = self._resolve(ctx, ctx.unheaded(m, "name"))
            if ent is None:
                continue
            jur = m.group("j2") or m.group("j1")
            attrs = {"former": m.group("j1")} if m.group("j2") else {}
            ctx.emit(
                role="jurisdiction",
                subject=_Entity(jur, entity_key(jur), SubjectType.JURISDICTION),
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
            ent = self._resolve(ctx, ctx.unheaded(m, "name"))
            if ent is None:
                continue
            jur = re.sub(r"\s+", " ", m.group("jur"))
            ctx.emit(
                role="jurisdiction",
                subject=_Entity(jur, entity_key(jur), SubjectType.JURISDICTION),
                parent=ent,
                binding_type=BindingType.REGISTRATION,
                span=(m.start(), m.end()),
            )

    def _registration(self, ctx: _Context) -> None:
        parent = self._parent_alt(ctx)
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
                subject=_Entity(addr, entity_key(addr), SubjectType.LOCATION),
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
            owner = self._sole_company(ctx, m.start())
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

    def _slot_owner(self, ctx: _Context, m: re.Match[str]) -> _Entity | None:
        """The owner named in an optional leading slot ("X's registered agent"), the one named
        after ("registered agent of X"), else the document's sole company. A leading phrase
        that is not a name or term counts as absent (it is just the words before the rule)."""
        if m.group("parent2"):
            return self._resolve(ctx, m.group("parent2"))
        if m.group("parent"):
            owner = self._resolve(ctx, m.group("parent"))
            if owner is not None:
                return owner
        return self._sole_company(ctx, m.start())

    def _sole_company(self, ctx: _Context, pos: int) -> _Entity | None:
        """The company a certificate or filing is about: the entity its "Corporation" /
        "Company" defined term names (only when exactly one such term resolves)."""
        found = {
            ent.key: ent
            for key, ent in ctx.terms.items()
            if key in {"corporation", "company", "registrant"}
            and ent.subject_type == SubjectType.LEGAL_ENTITY
        }
        if len(found) == 1:
            return next(iter(found.values()))
        return None

    # -- officers, founders, owners -----------------------------------------------------------

    def _officers(self, ctx: _Context) -> None:
        parent = self._parent_alt(ctx)
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
                person = self._who(ctx, m.group("who"))
                owner = self._resolve(ctx, m.group("parent"))
                if person is None or owner is None:
                    continue
                # "appointed ..., effective June 20, 2024": the office from then
                _emit_office(ctx, m, person, owner, {}, dated="from")

    def _tenure_ended(self, ctx: _Context) -> None:
        """An office that ended: "Jane Roe resigned as Secretary of the Company effective June
        14, 2024", "the resignation of Jane Roe as a director", "Jane Roe ceased to be
        Treasurer". Bound with `tenure: ended` and, when the sentence states it, `until` (the
        effective date): the person held the office until then, and does not hold it after.
        Without "of <company>", the office is the document's company's (its one "Company")."""
        parent = self._parent_alt(ctx)
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
                person = self._who(ctx, m.group("who"))
                if person is None:
                    continue
                raw_parent = m.group("parent")
                owner = (
                    self._resolve(ctx, raw_parent)
                    if raw_parent
                    else self._sole_company(ctx, m.start())
                )
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

    def _who(self, ctx: _Context, raw: str) -> _Entity | None:
        """A person: a full name, "Mr./Ms./Dr. Surname" when exactly one person of this
        document has that surname, or a defined term naming a person ("the Executive")."""
        person = _person(raw)
        if person is not None:
            return person
        text = raw.strip()
        hm = re.fullmatch(r"(?:Mr|Mrs|Ms|Dr)\.?\s+([A-Z][\w'’\-]+)", text)
        if hm:
            return self._by_surname(ctx, hm.group(1))
        found = ctx.terms.get(entity_key(re.sub(r"^(?i:the)\s+", "", text)))
        if found is not None and found.subject_type == SubjectType.INDIVIDUAL:
            return found
        return None

    def _by_surname(self, ctx: _Context, surname: str) -> _Entity | None:
        if surname not in ctx.surnames:
            people: dict[str, _Entity] = {}
            for m in re.finditer(
                rf"(?<![\w.'’\-]){_PWORD}(?:[ \t]+{_INITIAL})?[ \t]+{re.escape(surname)}\b",
                ctx.flow.text,
            ):
                person = _person(m.group(0))
                if person is not None:
                    people[person.key] = person
            for ent in ctx.terms.values():
                if ent.subject_type == SubjectType.INDIVIDUAL and ent.name.split()[-1] == surname:
                    people[ent.key] = ent
            # Two people share the surname: "Mr. Smith" names neither.
            ctx.surnames[surname] = next(iter(people.values())) if len(people) == 1 else None
        return ctx.surnames[surname]

    def _founders(self, ctx: _Context) -> None:
        parent_alt = self._parent_alt(ctx)
        for pattern in _founder_clauses(parent_alt):
            for m in ctx.scan(pattern, _KW_FOUNDER):
                owner = self._resolve(ctx, m.group("parent"))
                person = self._who(ctx, m.group("who"))
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
                owner = self._resolve(ctx, m.group("parent"))
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

    def _ownership(self, ctx: _Context) -> None:
        parent = self._parent_alt(ctx)
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
                owner = self._resolve(ctx, m.group("parent"))
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
            owner = self._resolve(ctx, m.group("parent"))
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

    def _subsidiaries(self, ctx: _Context) -> None:
        parent = self._parent_alt(ctx)
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
                child = self._resolve(ctx, m.group("child"))
                owner = self._resolve(ctx, m.group("owner"))
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

    def _subsidiary_lists(self, ctx: _Context) -> None:
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
                owner = self._resolve(ctx, owner_raw) or (
                    self._sole_company(ctx, 0)
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
                owner = self._sole_company(ctx, 0)
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
                span = (_table_quote_start(ctx, owner_line, j), start + len(text))
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
                        subject=_Entity(
                            jm.group(1), entity_key(jm.group(1)), SubjectType.JURISDICTION
                        ),
                        parent=ent,
                        binding_type=BindingType.REGISTRATION,
                        span=span,
                    )
                j += 1
            i = j

    def _cap_tables(self, ctx: _Context) -> None:
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
                    rf"unit\s?holders)\s+(?i:of|for|table\s+of|[-–—:])\s*({self._parent_alt(ctx)})",
                    back.text,
                )
                if mm:
                    owner = self._resolve(ctx, mm.group(1))
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
                owner = self._sole_company(ctx, 0)
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
                    span=(_table_quote_start(ctx, owner_line, j), start + len(row)),
                    attributes=attrs,
                )
                j += 1
            i = max(j, i + 1)

    def _board_minutes(self, ctx: _Context) -> None:
        """Minutes of "the Board of Directors of Acme Inc.": the attendance list names directors
        ("Directors present:" with one name a line, or "Present: directors A, B and C"), a title
        in brackets after a name ("Jane Roe (Chair)") or after a comma in any attendance list
        ("Also present: John Poe, Chief Financial Officer") is held at that company."""
        text = ctx.flow.text
        mm = re.search(
            rf"(?i:meeting|minutes|consent)\s+(?i:of\s+the)\s+(?i:board\s+of\s+(?:directors|managers))"
            rf"(?:\s*\([^()]{{0,40}}\))?\s+(?i:of)\s+(?P<co>{COMPANY})",
            text[:6000],
        )
        company = self._resolve(ctx, mm.group("co")) if mm else None
        if company is None:
            return
        # "Jane Roe, Chair of the Board": the board whose minutes these are.
        for m in ctx.scan(
            rf"(?P<who>{WHO}),\s+(?:the\s+)?(?P<title>(?:Chair(?:man|woman|person)?|CHAIR(?:MAN)?)\s+of\s+"
            rf"the\s+(?:Board|BOARD)(?:\s+of\s+(?:Directors|DIRECTORS))?)\b",
            r"(?i:chair)",
        ):
            person = self._who(ctx, m.group("who"))
            if person is not None:
                ctx.emit(
                    role="chair",
                    subject=person,
                    parent=company,
                    binding_type=BindingType.EXPLICIT_STATEMENT,
                    span=(m.start(), m.end()),
                    attributes={"title": re.sub(r"\s+", " ", m.group("title"))},
                )
        lines = ctx.flow.lines
        header = re.compile(
            r"(?i)^\s*(?P<head>(?:(?:the\s+)?directors?\s+|also\s+)?(?:present|in\s+attendance|"
            r"attending)(?:\s+were)?)\s*:\s*(?P<rest>.*)$"
        )
        for i, line in enumerate(lines):
            hm = header.match(line.text)
            if hm is None:
                continue
            directors = "director" in hm.group("head").lower()
            items: list[tuple[str, int]] = []
            rest = hm.group("rest").strip()
            if rest:
                dm = re.match(r"(?i)^(?:the\s+)?directors?\s*:?\s+(?P<names>.+)$", rest)
                directors = directors or dm is not None
                body = (dm.group("names") if dm else rest).rstrip(" .")
                items = [(part, i) for part in self._attendance_items(ctx, company, body)]
            else:
                for j in range(i + 1, min(len(lines), i + 30)):
                    t = lines[j].text.strip().lstrip("-•*·– ").strip()
                    if lines[j].is_heading or not t or header.match(t):
                        break
                    items.append((t, j))
            for item, j in items:
                im = re.match(
                    rf"^(?P<who>{PERSON})\s*(?:\((?P<paren>[^()]{{1,60}})\)|,\s*(?P<title>[^;]{{2,90}}?))?"
                    r"\s*[.;]?$",
                    item,
                )
                if im is None:
                    if not lines[j].text.strip():
                        continue
                    if j != i:
                        break
                    continue
                person = _person(im.group("who"))
                if person is None:
                    continue
                span = (ctx.flow.starts[i], ctx.flow.starts[j] + len(lines[j].text))
                title = (im.group("paren") or im.group("title") or "").strip()
                roles = _title_roles(self._title_here(ctx, company, title))
                if im.group("title") and not roles:
                    continue  # "Jane Roe, Smith & Co. LLP", "CFO of Beta LLC": not a title here
                if directors:
                    roles = ["director", *roles]
                for role in dict.fromkeys(roles):
                    ctx.emit(
                        role=role,
                        subject=person,
                        parent=company,
                        binding_type=BindingType.EXPLICIT_STATEMENT,
                        span=span,
                        attributes={"title": title} if title else {},
                    )

    def _title_here(self, ctx: _Context, company: _Entity, title: str) -> str:
        """A title with its "of <the company whose board met>" dropped ("Chief Financial
        Officer of the Corporation", "... of Acme Inc."); a title "of" another organisation is
        returned whole, and so matches no role."""
        om = re.match(r"(?is)^(?P<title>.+?)\s+of\s+(?P<org>(?:the\s+)?[A-Z][^;()]*)$", title)
        if om is None:
            return title
        org = om.group("org").strip(" .")
        if re.sub(r"^(?i:the)\s+", "", org).lower() in GENERIC_TERMS:
            return om.group("title")  # "the Company", "the Corporation": the minutes' own
        here = self._resolve(ctx, org)
        if here is not None and entity_key(here.name) == entity_key(company.name):
            return om.group("title")
        return title

    def _attendance_items(self, ctx: _Context, company: _Entity, body: str) -> list[str]:
        """The people of an inline attendance list: "A; B, Chief Financial Officer" or "A, B
        and C". A part that is only a title belongs to the name before it ("Jane Roe, Chief
        Financial Officer")."""
        if ";" in body:
            return [part.strip() for part in body.split(";") if part.strip()]
        parts: list[str] = []
        for part in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", body):
            if parts and legal_form("x " + part) and not base_key("x " + part).strip("x "):
                parts[-1] = f"{parts[-1]}, {part}"  # "..., Inc.": the name goes on
            else:
                parts.append(part)
        items: list[str] = []
        for part in parts:
            if items and _title_roles(self._title_here(ctx, company, part)):
                items[-1] = f"{items[-1]}, {part}"
            else:
                items.append(part)
        return items

    def _audit_report(self, ctx: _Context) -> None:
        """An auditor's report: "We have audited the ... financial statements of Acme Inc." and,
        below it, the firm's signature ("/s/ Smith & Jones LLP"), with where it signed and the
        tenure the report states."""
        lines = ctx.flow.lines
        for i, line in enumerate(lines):
            if not _AUDIT_REPORT.search(line.text):
                continue
            audited: _Entity | None = None
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
                self._firm_signature(ctx, audited, first, first + 300)

    def _auditor_consents(self, ctx: _Context) -> None:
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
            own = self._sole_company(ctx, 0)
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
                self._firm_signature(ctx, company, j, end + 1, {"source": "consent"})

    def _firm_signature(
        self,
        ctx: _Context,
        audited: _Entity,
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

    def _company_profile(self, ctx: _Context) -> None:
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
                    subject=_Entity(jur, entity_key(jur), SubjectType.JURISDICTION),
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

    # -- signatures and advisers --------------------------------------------------------------

    def _signatures(self, ctx: _Context) -> None:
        """'ACME INC.' / 'By: /s/ Jane Roe' / 'Name: Jane Roe' / 'Title: CEO' blocks, one or
        several side by side (a table row per line, cells joined with " | ")."""
        lines = ctx.flow.lines
        by_re = re.compile(r"^\s*By\s*:?\s*(?P<rest>.*)$", re.IGNORECASE)
        for i, line in enumerate(lines):
            cells = _cells(line.text)
            if len(cells) > 1 and all(by_re.match(c) for c in cells) and len(line.text) < 300:
                self._signature_columns(ctx, i, len(cells))
                continue
            if (
                len(cells) > 1
                and all(_NAME_LINE.match(c) for c in cells)
                and len(line.text) < 300
                and i > 0
                and not by_re.match(lines[i - 1].text)
                and not all(by_re.match(c) for c in _cells(lines[i - 1].text))
            ):
                # Blocks with no "By:" line: the party row, then "Name: A | Name: B".
                self._signature_columns(ctx, i - 1, len(cells), first_row=i)
                continue
            bm = by_re.match(line.text)
            if bm is None or len(line.text) > 120:
                continue
            party = None
            party_at = i
            nested = False
            for back in range(i - 1, max(-1, i - 8), -1):
                t = lines[back].text.strip().rstrip(":")
                if re.match(r"(?i)^(?:By\b|its\s)", t):
                    nested = True  # "By: Acme GP LLC, its General Partner": signs for an entity
                    continue
                if _BLOCK_END.match(t):
                    break  # an earlier block's "Name:"/"Title:": this block's head is not above
                party, other = self._signing_head(ctx, t)
                if party is not None:
                    party_at = back
                    break
                if other:
                    break  # "Witnessed By: Harbor Notary LLC": signs for no party of the contract
            if party is None:
                continue
            rest = re.sub(r"(?i)/s/|_+|\s{2,}.*$", " ", bm.group("rest")).strip(" ,:")
            name_raw, title_raw = rest, ""
            if "," in rest:
                name_raw, title_raw = (p.strip() for p in rest.split(",", 1))
            end = i
            for k in range(i + 1, min(len(lines), i + 4)):
                t = lines[k].text.strip()
                nm = re.match(r"(?i)^(?:Name|Print\s+Name|Printed\s+Name)\s*:?\s*(.*)$", t)
                tm = re.match(r"(?i)^(?:Title|Its)\s*:?\s*(.*)$", t)
                if nm and nm.group(1).strip(" _"):
                    name_raw = re.sub(r"(?i)/s/", "", nm.group(1)).strip(" _")
                    end = k
                elif tm and tm.group(1).strip(" _"):
                    title_raw = tm.group(1).strip(" _")
                    end = k
                elif nm or tm:
                    end = k
                else:
                    break
            span = (ctx.flow.starts[party_at], ctx.flow.starts[end] + len(lines[end].text))
            self._sign(ctx, party, name_raw, title_raw, span, nested)
        if not ctx.parties:
            self._signature_parties(ctx)

    def _signature_parties(self, ctx: _Context) -> None:
        """An agreement whose parties no preamble names ("the undersigned hereby execute
        this Agreement", a joint filing agreement, a letter agreement): the entities two or
        more of its signature blocks sign for are its parties, each cited at its block."""
        text = ctx.flow.text
        executed = _EXECUTES_THIS.search(text)
        if executed is None:
            return
        signers: dict[str, tuple[_Entity, tuple[int, int]]] = {}
        for party, span in ctx.signers:
            if party.subject_type == SubjectType.LEGAL_ENTITY and span[0] >= executed.start():
                signers.setdefault(party.key, (party, span))
        if len(signers) < 2:
            return
        # The title: the document's, or a title line among its first lines.
        top = ctx.flow.starts[min(12, len(ctx.flow.starts) - 1)]
        agreement = _Entity(
            self._title(ctx, top) or "Agreement", ctx.agreement_key, SubjectType.AGREEMENT
        )
        ordered = sorted(signers.values(), key=lambda p: p[1])
        for party, span in ordered:
            _emit_party(ctx, party, agreement, span, {"stated_in": "signature block"}, None)
        names = [p.name for p, _ in ordered]
        span = (executed.start(), ordered[-1][1][1])
        _emit_head(ctx, agreement, names, span, ctx.doc.document_date)

    def _signing_party(self, ctx: _Context, text: str) -> _Entity | None:
        """The party a signature block signs for, from the line above it ("ACME INC.",
        "LENDER: ACME BANK, N.A.", or a defined term such as "COMPANY")."""
        return self._signing_head(ctx, text)[0]

    def _signing_head(self, ctx: _Context, text: str) -> tuple[_Entity | None, bool]:
        """(the party a block's head line signs for, whether it names a signer that is no
        party: "Witnessed By: Harbor Notary LLC", "Acknowledged by Escrow Agent: Beta LLC")."""
        t = re.sub(r"^IN\s+WITNESS.*", "", text.strip().rstrip(":"))
        t = _ACCEPTANCE.sub("", t)  # "ACCEPTED AND AGREED TO: | BETA LLC"
        t = re.sub(r"\s*\([^()]{1,60}\)$", "", t)  # 'VOTOCAST, INC. ("Votocast")'
        label = re.match(r"^([A-Z][A-Za-z]*(?:\s+[A-Za-z]+){0,6})\s*:\s*(?:\|\s*)?(\S.*)$", t)
        if label:
            # "LENDER: ACME BANK", "WATER CO: | WATER CO, INC.": a label (a role, the party's
            # short name or its defined term) before the name that signs; any other label
            # marks someone who signs for no party.
            named = _company(label.group(2))
            role = re.fullmatch(r"[A-Z][A-Za-z]*(?:\s+[A-Z][A-Za-z]*){0,2}", label.group(1))
            if not (
                (role is not None and _contract_role(label.group(1)))
                or (named is not None and _labels_company(ctx, label.group(1), named))
            ):
                return None, named is not None
            t = label.group(2)
        party = _company(t) if len(t) < 100 else None
        if party is None and t:
            term = re.sub(r"(?i)^the\s+", "", t.strip(' ,"“”'))
            party = ctx.terms.get(entity_key(term))
        return party, False

    def _signature_columns(
        self, ctx: _Context, i: int, n: int, first_row: int | None = None
    ) -> None:
        """Side-by-side blocks: column k of the party, Name and Title lines belongs together.
        `i` is the blocks' "By:" row, or with `first_row` the party row above their first
        "Name:" row (blocks with no "By:" line)."""
        lines = ctx.flow.lines
        parties: list[_Entity | None] = []
        party_at = i
        backs = range(i - 1, max(-1, i - 4), -1) if first_row is None else range(i, i - 1, -1)
        for back in backs:
            t = lines[back].text
            cells = _cells(t)
            if len(cells) != n:
                # "BORROWER: ACME INC. GUARANTOR: ACME LLC" printed as one line.
                cells = [
                    c.strip()
                    for c in re.split(r"\s+(?=[A-Z][A-Za-z]*(?:\s[A-Z][A-Za-z]*)?\s*:\s)", t)
                ]
                cells = [c for c in cells if c]
                if len(cells) != n or not all(
                    re.match(r"^[A-Z][A-Za-z]*(?:\s[A-Z][A-Za-z]*)?\s*:", c) for c in cells
                ):
                    continue
            parties = [self._signing_party(ctx, c) for c in cells]
            if any(parties):
                party_at = back
                break
        if not any(parties):
            return
        names = [""] * n
        titles = [""] * n
        end = i
        for k in range(i + 1, min(len(lines), i + 4)):
            if first_row is not None and k < first_row:
                continue
            cells = _cells(lines[k].text)
            if len(cells) == 1 and abs(lines[k].bbox[0] - lines[i].bbox[0]) > 20:
                break  # one cell, not in the first column: position unknown
            if len(cells) > n:
                break
            matched = False
            for col, cell in enumerate(cells):
                nm = re.match(r"(?i)^(?:Name|Print\s+Name|Printed\s+Name)\s*:?\s*(.*)$", cell)
                tm = re.match(r"(?i)^(?:Title|Its)\s*:?\s*(.*)$", cell)
                if nm:
                    names[col] = re.sub(r"(?i)/s/", "", nm.group(1)).strip(" _")
                    matched = True
                elif tm:
                    titles[col] = tm.group(1).strip(" _")
                    matched = True
            if not matched:
                break
            end = k
        span = (ctx.flow.starts[party_at], ctx.flow.starts[end] + len(lines[end].text))
        for party, name_raw, title_raw in zip(parties, names, titles, strict=True):
            if party is not None and name_raw:
                self._sign(ctx, party, name_raw, title_raw, span, nested=False)

    def _sign(
        self,
        ctx: _Context,
        party: _Entity,
        name_raw: str,
        title_raw: str,
        span: tuple[int, int],
        nested: bool,
    ) -> None:
        ctx.signers.append((party, span))
        person = _person(name_raw)
        if person is None:
            return
        attrs = {"agreement_key": ctx.agreement_key} if ctx.parties else {}
        if title_raw:
            attrs["title"] = re.sub(r"\s+", " ", title_raw)
        ctx.emit(
            role="signatory",
            subject=person,
            parent=party,
            binding_type=BindingType.CONTRACTUAL_ROLE,
            span=span,
            attributes=attrs,
        )
        if party.subject_type == SubjectType.LEGAL_ENTITY and not nested:
            for role in _title_roles(title_raw):
                ctx.emit(
                    role=role,
                    subject=person,
                    parent=party,
                    binding_type=BindingType.EXPLICIT_STATEMENT,
                    span=span,
                    attributes={"title": title_raw},
                )

    def _advisers(self, ctx: _Context) -> None:
        text = ctx.flow.text
        parent = self._parent_alt(ctx)
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
                    self._sole_company(ctx, m.start())
                    if re.match(
                        r"(?i)(?:our|the\s+accompanying|the\s+(?:company|registrant)(?:'s|’s))$",
                        own_raw,
                    )
                    else self._resolve(ctx, own_raw)
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
            owner = self._resolve(ctx, m.group("parent"))
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
            agreement = _Entity("Agreement", ctx.agreement_key, SubjectType.AGREEMENT)
            for m in re.finditer(
                rf"{firm},?\s+(?:not\s+in\s+its\s+individual\s+capacity\s+but\s+solely\s+)?as\s+"
                rf"(?P<role>(?i:escrow\s+agent|indenture\s+trustee|trustee|guarantor))\b",
                text[: self.preamble_chars * 2],
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


# A filled-in line of a form: "Vendor Name: | Bluefin Controls, Inc.", "Effective Date: 11/4/10".
_FORM_FIELD = re.compile(
    r"^[ \t]*(?P<label>[A-Z][A-Za-z]*(?:[ \t]+[A-Z][A-Za-z]*){0,3})[ \t]*(?::[ \t]*(?:\|[ \t]*)?|\|[ \t]*)"
    r"(?P<value>.*?)[ \t|]*$"
)
# Labels that say a party's name without saying which party: "Company Name", "Legal Name".
_GENERIC_FIELD_ROLES = ("company", "legal", "party", "business", "entity")
# The title a form's label block hangs under ("Software License and Maintenance Agreement").
_FORM_TITLE = re.compile(
    r"(?i)^[^:|;]{0,120}\b(?:agreement|contract|lease|indenture|amendment|order)s?\s*$"
)


def _field_role(label: str) -> str | None:
    """'Vendor Name' -> 'vendor'; 'Company Legal Name' -> 'company'; 'Legal Name' -> 'legal';
    None for a label that names no party ('Vendor Address', 'Name', 'Prepared By')."""
    m = re.fullmatch(
        r"(?P<who>[A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)??)(?P<full> Full)?(?P<legal> Legal)?"
        r"(?P<name> Name)?",
        label,
    )
    if m is None:
        return None
    role = _contract_role(m.group("who"))
    if role is not None:
        return role
    who = m.group("who").lower()
    return who if who in _GENERIC_FIELD_ROLES and m.group("name") else None


def _emit_party(
    ctx: _Context,
    ent: _Entity,
    agreement: _Entity,
    span: tuple[int, int],
    attrs: dict[str, str],
    role: str | None,
) -> None:
    """One party of the agreement, recorded as the document's party."""
    ctx.emit(
        role="party",
        subject=ent,
        parent=agreement,
        binding_type=BindingType.CONTRACTUAL_ROLE,
        span=span,
        attributes=attrs,
    )
    ctx.parties.append((ent, role, *span))


def _emit_head(
    ctx: _Context,
    agreement: _Entity,
    names: Sequence[str],
    span: tuple[int, int],
    date: str | None,
) -> None:
    """The agreement itself: its title, its parties in order and its date when known."""
    attrs = {"title": agreement.name, "parties": "; ".join(names)}
    if date:
        attrs["date"] = date
    ctx.emit(
        role="agreement",
        subject=agreement,
        parent=None,
        binding_type=BindingType.CONTRACTUAL_ROLE,
        span=span,
        attributes=attrs,
    )


def _form_field_company(value: str) -> _Entity | None:
    """The company a form field names: the whole value, or the name before the descriptor
    that says it is one ("Salesforce.org, a nonprofit public benefit corporation having
    its principal place of business at ...")."""
    value = value.strip()
    if _COMPANY_RE.fullmatch(value):
        return _company(value)
    m = _DESCRIBED_COMPANY.match(value)
    if m is None:
        return None
    name = m.group("name").strip()
    return _company(name) or _Entity(name, entity_key(name), SubjectType.LEGAL_ENTITY)


_DESCRIBED_COMPANY = re.compile(
    rf"^(?P<name>[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*){{0,5}}),\s+an?\s+(?:[\w-]+\s+){{0,4}}"
    rf"{_ENTITY_TYPE}\b"
)


# The words a party accepts with above its name: "AGREED:", "Accepted and agreed to by:",
# "ACKNOWLEDGED AND AGREED AS OF THE DATE FIRST WRITTEN ABOVE:" (and no one else's role).
_ACCEPTANCE = re.compile(
    r"(?i)^(?:agreed|accepted|acknowledged|confirmed|approved)\b(?:[\s,]+(?:agreed|accepted"
    r"|acknowledged|confirmed|approved|and|&|to|by|upon|as|of|on|the|this|date|day|year|first"
    r"|written|above|set|forth|hereof|effective)\b)*[\s,]*:\s*(?:\|\s*)?"
)
_NAME_LINE = re.compile(r"(?i)^(?:Name|Print\s+Name|Printed\s+Name)\s*:")
# The sentence before an agreement's signature blocks: "IN WITNESS WHEREOF, the undersigned
# hereby execute this Agreement", "... have executed this Agreement as of the date ...".
_EXECUTES_THIS = re.compile(
    r"(?i)\bin\s+witness\s+whereof\b[^.]{0,200}?(?:\bexecute[ds]?\b[^.]{0,80}?\bthis\s+"
    r"(?:[A-Z][\w-]*\s+){0,4}(?:agreement|contract)\b|\bthis\s+(?:[A-Z][\w-]*\s+){0,4}"
    r"(?:agreement|contract)\b[^.]{0,80}?\bto\s+be\s+(?:duly\s+)?executed\b)"
)
# The end of a signature block above: its signer's "Name:" or "Title:" line.
_BLOCK_END = re.compile(r"(?i)^(?:(?:print(?:ed)?\s+)?name|title)\s*:")


def _labels_company(ctx: _Context, label: str, company: _Entity) -> bool:
    """ "WATER CO" for WATER CO, INC. (its name's first words) or a defined term for it."""
    words = entity_key(label).split()
    for key in (entity_key(company.name), base_key(company.name)):
        if words and key.split()[: len(words)] == words:
            return True
    term = ctx.terms.get(entity_key(re.sub(r"(?i)^the\s+", "", label)))
    return term is not None and term.key == company.key


# A table row cites the lines from the title naming the table's owner down to the row, so
# that its quote states both ends of the binding; a row far below its title cites itself.
_TABLE_QUOTE_LINES = 25


def _table_quote_start(ctx: _Context, owner_line: int | None, row: int) -> int:
    lines = ctx.flow.lines
    if (
        owner_line is not None
        and 0 <= row - owner_line <= _TABLE_QUOTE_LINES
        and lines[owner_line].page == lines[row].page
    ):
        return ctx.flow.starts[owner_line]
    return ctx.flow.starts[row]


def extract_bindings(
    docs: Iterable[ParsedDocument], extractor: BindingExtractor | None = None
) -> list[BindingResult]:
    """Runs one extractor over several documents (convenience for batch ingestion)."""
    ex = extractor or BindingExtractor()
    return [ex.run(doc) for doc in docs]


def _emit_registration_number(ctx: _Context, m: re.Match[str]) -> None:
    """A company (group "name") and its register number (group "num", whitespace folded)."""
    ent = _company(m.group("name"))
    if ent is None:
        return
    num = re.sub(r"\s+", " ", m.group("num"))
    ctx.emit(
        role="registration_number",
        subject=_Entity(num, num.lower(), SubjectType.IDENTIFIER),
        parent=ent,
        binding_type=BindingType.REGISTRATION,
        span=(m.start("name"), m.end()),
    )


# ---------------------------------------------------------------------------------------------
# The rules, one component per genre of statement, in the order BindingExtractor runs them


@dataclass(frozen=True)
class BindingRule:
    """One genre of statement that establishes bindings.

    `run(extractor, context)` scans the document for the genre's phrasings and returns the
    bindings it found; they also join the context, where later rules see them (the parties a
    preamble defined, the company a certificate names). Order matters: aliases and parties
    first, then the statements that refer to them.
    """

    name: str
    genre: str
    scan: Callable[[BindingExtractor, _Context], object]

    def run(self, extractor: BindingExtractor, context: _Context) -> list[Binding]:
        before = dict(context.bindings)
        self.scan(extractor, context)
        return [b for key, b in context.bindings.items() if before.get(key) is not b]


RULES: tuple[BindingRule, ...] = (
    BindingRule(
        "certificate",
        "certificates of incorporation: incorporators, registered agent",
        BindingExtractor._named_in_certificate,
    ),
    BindingRule("registrant", "filings: the registrant", BindingExtractor._registrant),
    BindingRule(
        "form_fields",
        "forms: the document's own entity, captioned values, check boxes, certifications",
        lambda extractor, ctx: FORMS.cover(ctx),
    ),
    BindingRule(
        "defined_terms",
        "defined terms: aliases scoped to the document",
        BindingExtractor._defined_terms,
    ),
    BindingRule(
        "preamble_parties", "agreement preambles: the parties", BindingExtractor._agreement
    ),
    BindingRule("incorporation", "statements of incorporation", BindingExtractor._jurisdiction),
    BindingRule(
        "registration", "registered office, agent and number", BindingExtractor._registration
    ),
    BindingRule(
        "officer_statements", "officer and director statements", BindingExtractor._officers
    ),
    BindingRule(
        "tenure_ended", "offices that ended: resignations, removals", BindingExtractor._tenure_ended
    ),
    BindingRule("founder_statements", "founder statements", BindingExtractor._founders),
    BindingRule("ownership_statements", "ownership statements", BindingExtractor._ownership),
    BindingRule("subsidiary_statements", "subsidiary statements", BindingExtractor._subsidiaries),
    BindingRule("subsidiary_lists", "subsidiary lists", BindingExtractor._subsidiary_lists),
    BindingRule("cap_tables", "capitalization tables", BindingExtractor._cap_tables),
    BindingRule("signature_blocks", "signature blocks", BindingExtractor._signatures),
    BindingRule("advisers", "auditors, counsel and other advisers", BindingExtractor._advisers),
    BindingRule("officer_tables", "officer and director tables", BindingExtractor._officer_tables),
    BindingRule("board_minutes", "board minutes", BindingExtractor._board_minutes),
    BindingRule("auditor_reports", "auditor reports", BindingExtractor._audit_report),
    BindingRule("auditor_consents", "auditor consents", BindingExtractor._auditor_consents),
    BindingRule("company_profiles", "company profiles", BindingExtractor._company_profile),
)
