"""Agreement preambles and parties: defined terms, the parties a preamble names, and the
parties a form's filled-in fields name."""

from __future__ import annotations

import bisect
import re

from domain import (
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
from ingest.bindings._context import _TITLE_LINE, BindingContext
from ingest.bindings._letters import SALUTATION_LINE, letter_parties
from ingest.bindings._names import (
    _COMPANY_RE,
    _ENTITY_TYPE,
    _LAWS_OF,
    _PREFORMED_RE,
    COMPANY,
    HONORIFIC,
    JURISDICTION,
    LOWER_CASE_BRAND,
    PERSON,
    TITLES,
    NamedEntity,
    _clean_name,
    _company,
    _contract_role,
    _person,
    _preformed_company,
    _without_registration,
    described_party,
    role_labels_name,
)
from ingest.bindings._prose_parties import aliased_parties, prose_parties
from ingest.bindings._rule import BindingRule

_Q_OPEN = "\"“”'‘"


_Q_CLOSE = "\"”“'’"


# An apostrophe between two letters ("Sandler O'Neill", "Rubio's") is a word's, never a
# quote that opens or closes a term.
_IN_WORD = r"(?<=[^\W\d_])['’](?=[^\W\d_])"
_TERM_CHAR = rf"(?:[^{_Q_OPEN}{_Q_CLOSE}\n]|{_IN_WORD})"


# A quoted term; a line may wrap inside it once ('("Marathon\nPartners")').
_QUOTED = re.compile(
    rf"(?!{_IN_WORD})[{_Q_OPEN}]\s*({_TERM_CHAR}{{1,60}}?(?:\n{_TERM_CHAR}{{1,40}}?)?)"
    rf"\s*,?\s*(?!{_IN_WORD})[{_Q_CLOSE}]"
)


def _quoted_terms(inner: str) -> list[str]:
    """The quoted terms of a definition's brackets, a wrapped one on one line again."""
    return [" ".join(t.split()).strip(" ,") for t in _QUOTED.findall(inner)]


_DEF_PAREN = re.compile(r"\(([^()]{0,220})\)")


# "..., hereinafter referred to as the "Company"", also a sentence of its own after the
# party's address ("..., Israel. Hereinafter referred to as "Contractor.""), "called as".
_HEREINAFTER = re.compile(
    rf"[,.]?\s+(?i:(?:hereinafter|hereafter)\s+(?:(?:referred\s+to|called|known)\s+(?:as\s+)?)?"
    rf"(?:the\s+)?)[{_Q_OPEN}]([^{_Q_OPEN}{_Q_CLOSE}\n]{{1,60}}?)\.?[{_Q_CLOSE}]"
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


# The words that open a list of an agreement's parties and join the next party to it
# (the lexicon's `party_list_openers`, `party_list_joiners`).
_LIST_OPENER = "|".join(lexicon().party_list_openers)
_LIST_JOINER = "|".join(lexicon().party_list_joiners)


# The words that say a defined term names a group or each of its members ("collectively",
# "each a"), and those that end a list of parties in a bracket ("(collectively, ...)").
_COLLECTIVE = re.compile(rf"(?i)\b(?:{'|'.join(lexicon().party_group_words)})\b")
_LIST_END = "|".join(lexicon().party_list_ends)


# What says a name is a former one ("formerly known as", "f/k/a").
_FORMER = "|".join(lexicon().former_name_leads)


# What names the party an agreement is made for ("in favor of U.S. Bank ...").
_FOR_PARTY = re.compile(rf"(?i)\b(?:{'|'.join(lexicon().party_beneficiary_leads)})\s+(?:the\s+)?$")


# What a party that is a group says before its members ("a joint venture comprised of ...").
_MEMBER_LEAD = "|".join(r"\s+".join(p.split()) for p in lexicon().party_member_leads)
_MEMBERS_OF = re.compile(rf"(?i)\b(?:{_MEMBER_LEAD})\s+(?:the\s+)?$")


# What a loan-out company or an agent says right before the person it contracts for ("...
# ("Lender"), for services of Jane Roe ("Endorser")"): a party's slot for that person.
_PRINCIPAL_BEFORE = re.compile(rf"(?i)\b(?:{'|'.join(lexicon().party_principal_leads)})\s+$")


# A public body's name: its head word, "of" and a place ("City of Fort Stockton", "TOWN OF
# VINTON"). The head is capitalised: "the city of Boston" in prose names no party.
_PUBLIC_BODY = (
    rf"(?=[A-Z])(?i:{'|'.join(lexicon().public_body_heads)})\s+(?i:of)\s+"
    r"[A-Z][\w'’.\-]*(?:\s+[A-Z][\w'’.\-]*){0,3}"
)


# A degree after a person's name ("Michael T. Murray, N.D."), and an honorific before it ("Dr.
# George D. Green", "MR. JOHN ROE"): the name is a person's. The honorifics are those that
# `PERSON` takes before a name, in any case.
_POST_NOMINAL = rf"(?:{'|'.join(lexicon().person_post_nominals)})"
_HONORIFIC = re.compile(HONORIFIC)


_PARTY_TERMS = re.compile(r"(?i)^(?:a\s+|the\s+)?part(?:y|ies)$")


_PERSON_ROLES = lexicon().person_contract_roles


_RECORDED_ROLE_TERMS = {
    "guarantor": "guarantor",
    "escrow_agent": "escrow_agent",
    "trustee": "trustee",
}


_KW_NAME_CHANGE = rf"(?i:d/b/a|\bdba\b|doing\s+business|{_FORMER})"


_PREAMBLE_START = re.compile(
    # "This Agreement is made ..." or a sentence opening "The ... Agreement dated ..."; not
    # "... issued under the Founders' Agreement dated ..." in a note or a table.
    r"(?is)(?:\bthis|(?:^|(?<=[\n.;:])[ \t]*)the)\b[^.;]{0,160}?\b(?:agreement|contract|amendment|lease|indenture|"
    r"note|guarant(?:y|ee)|deed|license)\b[^;]{0,200}?\b(?:is\s+|was\s+)?(?:made|entered\s+into|concluded|"
    rf"dated|executed|effective)\b|\bby\s+and\s+(?:{_LIST_OPENER})\b|\bLadies\s+and\s+Gentlemen\b"
    # "This Content License Agreement is between A and B": the list of parties is all it says.
    rf"|\bthis\s+(?:[\w&'’\-]+\s+){{0,6}}?(?:agreement|contract)\s+is\s+(?:{_LIST_OPENER})\b"
    r"|(?:^|\n)[ \t]*(?:BETWEEN|[Bb]etween)[ \t]*:?[ \t]*\n"
    # The opening of a power of attorney, a bond or a deed poll.
    r"|\b(?i:know\s+all\s+(?:men|persons|people)\s+by\s+these\s+presents)\b"
    # A letter's salutation on a line of its own ("Dear Sirs:"; the lexicon's salutations).
    rf"|(?:^|(?<=\n))(?i:{SALUTATION_LINE})(?=\n)"
)


_PREAMBLE_END = re.compile(
    # A recital's lead word in any case ("whereas, Acme is party to a credit agreement between
    # Acme and Beta Bank"): the "between" after it lists another agreement's parties.
    rf"(?i:\b(?:{'|'.join(lexicon().prose_party_recital_leads)})\b)|"
    r"\bW\s?H\s?E\s?R\s?E\s?A\s?S\b|\bRECITALS?\b|"
    r"\bW\s*I\s*T\s*N\s*E\s*S\s*S\s*E\s*T\s*H\b|\bNOW,?\s+THEREFORE\b|"
    r"\bNow,?\s+[Tt]herefore\b|\bBACKGROUND\b|\n\s*Background\b|\bagree\s+as\s+follows\b|"
    r"\bIn\s+consideration\s+of\b|\bPREAMBLE\b|\n\s*(?:ARTICLE|Article)\s+(?:1|I)\b|"
    r"\n\s*1\.\s+[A-Z]|\n\s*Section\s+1\.?\s"
    # "IT IS AGREED as follows: 1. INTERPRETATION ...": the definitions follow, no preamble.
    rf"|(?:^|(?<=\n)|(?<=[.:;]\s))[ \t]*(?i:{'|'.join(lexicon().preamble_closings)})\b"
)


# How far into a document a block of labelled parties may stand ("Party A: ...").
_LABELLED_CHARS = 3000


# A party's label at a line's start or after the name before it ("... County Party B: ..."):
# a role word or "Party A", also in capitals ("PARTY A:", "LICENSOR:"; the lexicon's contract
# roles say which labels are roles).
_ROLE_LABEL = re.compile(
    r"(?:^|(?<=\n)|(?<=[ \t]))(?P<label>Party[ \t]+[A-D]|PARTY[ \t]+[A-D]|[A-Z][a-z]+|[A-Z]{3,})"
    r"[ \t]*:[ \t]*\n?[ \t]*"
)


# A party's label in capitals with no colon, at a line's start, before a name in capitals
# ("SENDER SOLANA PETROLEUM EXPLORATION COLOMBIA LIMITED" / "SHIPPER ECOPETROL S.A. TAX ID
# ..."): read only where two such lines each label a company with a legal form.
# A label followed by "OF" or "AND" ("BANK OF AMERICA, N.A.") opens a name, no label.
_BARE_ROLE_LABEL = re.compile(
    r"(?m)^[ \t]*(?P<label>[A-Z]{3,})[ \t]+(?!(?:OF|AND)\b)(?=[A-Z][A-Z])"
)
# What may follow such a name on its line: nothing, or a field of numbers ("TAX ID 899.999.068-1").
_FIELD_REST = re.compile(r"[ \t]*(?:[A-Z][A-Z. ]{0,20}:?[ \t]*[\d][\d.\-/ ]*)?[ \t]*")


# A labelled name with no legal form: capitalised words, "of", "'s" ("People's Government of
# Fenyi County").
_BARE_LABELLED = r"[A-Z][\w'’.&\-]*(?:\s+(?:of|and|&|for|the)?\s*[A-Z][\w'’.&\-]*){1,7}"


# The number of a party in a preamble's list: "(1) ", "2. ", "(b) ".
_LIST_NUMBER_MARK = r"(?:\d{1,2}|[a-h])"
_LIST_NUMBER = rf"(?:\(?{_LIST_NUMBER_MARK}[.)]\s+)"


# A preamble's "BETWEEN" line right before a section-like "1. " line that numbers its first
# party.
_NUMBERED_PARTY = re.compile(rf"(?i)\b(?:{_LIST_OPENER})[ \t]*:?[ \t]*\n\s*$")


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


# A cover page's list of parties, one name to a line: a line that only opens the list
# ("BETWEEN", "between:") and a line that only joins the next name ("AND", "&").
_COVER_OPENER = re.compile(rf"(?i)[ \t]*(?:{_LIST_OPENER})[ \t]*:?[ \t]*")
_COVER_JOINER = re.compile(rf"(?i)[ \t]*(?:{_LIST_JOINER})[ \t]*:?[ \t]*")


# A name without a legal form on a cover page's line: capitalised words, "of", "&", "/" and a
# comma inside ("AVIONS DE TRANSPORT REGIONAL, G.I.E.", "AZUL LINHAS AEREAS BRASILEIRAS S/A").
_COVER_BARE = (
    rf"[A-Z][\w'’.&/\-]*(?:,?[ \t]+(?:(?:of|and|&|for|the|{'|'.join(lexicon().name_particles)})"
    rf"[ \t]+)?[A-Z][\w'’.&/\-]*){{1,9}}"
)


# How far into a document a cover page's list of parties may stand.
_COVER_CHARS = 6000


def _cover_name(line: str, opened: bool) -> NamedEntity | None:
    """The party a cover page's name line names: a company with its legal form, and under an
    opening "BETWEEN" line also a bare name or a person ("Institute of Grassland and
    Environmental Research", "JOHN ROGERS"). A bracket after the name is no part of it
    ("AZUL LINHAS AEREAS BRASILEIRAS S/A (as Company)", "(ACN 106 702 416)")."""
    name = re.sub(r"\s*\([^()]*\)\s*$", "", line).strip(" ,")
    if not name:
        return None
    if _COMPANY_RE.fullmatch(name):
        return _company(name)
    if not opened or not re.fullmatch(_COVER_BARE, name) or re.search(r"\d", name):
        return None
    if is_generic_term(name) or _contract_role(name) or _NON_ENTITY_TERMS.match(name):
        return None
    if is_person_name(name) and not looks_like_company(name):
        return _person(name)
    clean = _clean_name(name)
    return NamedEntity(clean, entity_key(clean), SubjectType.LEGAL_ENTITY) if clean else None


def _cover_parties(ctx: BindingContext) -> list[tuple[NamedEntity, list[str], int, int]]:
    """The parties a cover page lists one to a line, joined by "AND" or "&" lines: under an
    opening "BETWEEN" line any name ("BETWEEN / T-MOBILE NETHERLANDS B.V. / & / Elephant Talk
    Communication Holding AG"), without it only companies with their legal forms ("SHBV (HONG
    KONG) LTD. / and / WASTE2ENERGY GROUP HOLDINGS PLC", in a document typed an agreement).
    Every name line of the list must name a party, or the lines are no list (a title's
    "TERMS / AND / CONDITIONS")."""
    flow = ctx.flow
    # A filing's exhibit may carry an agreement's cover: the "BETWEEN" line says it is one.
    typed = ctx.doc.document_type in {"agreement", "amendment"}
    lines = [ln.text for ln in flow.lines]
    last = min(len(lines), flow.line_index(_COVER_CHARS) + 1)
    i = 0
    while i + 2 < last:
        if not _COVER_JOINER.fullmatch(lines[i + 1]) or _COVER_JOINER.fullmatch(lines[i]):
            i += 1
            continue
        opened = i > 0 and bool(_COVER_OPENER.fullmatch(lines[i - 1]))
        if not opened and not typed:
            i += 1
            continue
        names = [i]
        k = i
        while k + 2 < len(lines) and _COVER_JOINER.fullmatch(lines[k + 1]):
            names.append(k + 2)
            k += 2
        ents = [_cover_name(lines[n], opened) for n in names]
        if not opened and any(e is not None for e in ents):
            # A name with its legal form vouches for the list it stands in: a person or a
            # bare name beside it is a party too ("BicycleTX Ltd / and / Nigel Crockett").
            ents = [_cover_name(lines[n], True) for n in names]
        keys = {e.key for e in ents if e is not None}
        if all(e is not None for e in ents) and len(keys) == len(ents):
            out: list[tuple[NamedEntity, list[str], int, int]] = []
            for n, ent in zip(names, ents, strict=True):
                assert ent is not None
                text = lines[n]
                at = flow.starts[n] + len(text) - len(text.lstrip())
                out.append((ent, [], at, flow.starts[n] + len(text.rstrip())))
            return out
        i = k + 1
    return []


# How many lines one party's block of a block list may take (its name, descriptor, address
# and who acts for it, wrapped).
_BLOCK_LINES = 6


# What may follow a company's name on its block's first line: the line's end, a comma, a
# bracket, or a descriptor's or an address's lead ("an Italian Company", "of 90 High Street",
# "whose registered office is", "having its seat at", "in person of").
_BLOCK_NAME_END = re.compile(
    r"[ \t]*(?:$|[,;(])|[ \t]+(?:an?|of|whose|having|with|located|incorporated|registered|"
    r"in\s+person)\b"
)


def _block_list_parties(ctx: BindingContext) -> list[tuple[NamedEntity, list[str], int, int]]:
    """The parties of a block list: a line that only opens the list ("BETWEEN"), then one
    block of lines to each party, the blocks parted by lines that only join ("AND", "&"),
    each block opening with a company's name and its legal form, then its descriptor and
    address ("BETWEEN / KIROMIC BIOPHARMA Inc., a Delaware Company, 7707 Fannin St. ... / AND
    / MOLIPHARMA S.R.L. an Italian Company stated in Campobasso ..."). Every block must open
    with a company, or the lines are no list."""
    flow = ctx.flow
    lines = [ln.text for ln in flow.lines]
    last = min(len(lines), flow.line_index(_COVER_CHARS) + 1)
    for i in range(last):
        if not _COVER_OPENER.fullmatch(lines[i]):
            continue
        heads = [i + 1]
        k = i + 1
        while k < len(lines) and k - heads[-1] < _BLOCK_LINES:
            if _COVER_JOINER.fullmatch(lines[k]):
                heads.append(k + 1)
            k += 1
        if len(heads) < 2 or heads[-1] >= len(lines):
            continue
        out: list[tuple[NamedEntity, list[str], int, int]] = []
        for n in heads:
            text = lines[n]
            lead = re.match(rf"[ \t]*{_LIST_NUMBER}?", text)
            at = lead.end() if lead else 0
            cm = _COMPANY_RE.match(text, at)
            ent = _company(cm.group(0)) if cm else None
            if cm is None or ent is None or not _BLOCK_NAME_END.match(text, cm.end()):
                break
            if any(p[0].key == ent.key for p in out):
                break
            name_at = at + max(0, cm.group(0).find(ent.name.split()[0]))
            out.append((ent, [], flow.starts[n] + name_at, flow.starts[n] + cm.end()))
        else:
            return out
    return []


# A party a form leaves blank, listed with the term it will go by: "and __________ ("you")",
# "(2) [-4] whose registered office is at [-5] (CRN: [-6]) ("the Licensee")". A preamble
# that lists one is a form's, and the one party it names is a party however far in it stands.
_BLANK_PARTY = re.compile(
    rf"(?:\b(?i:{_LIST_OPENER}|and)\b[ \t]*:?|\(\d\)|^)\s*(?:_{{4,}}|\[[^\]\n]{{0,8}}\])"
    r"[^;\"“”]{0,200}?\(\s*(?:the\s+)?[\"“][^\"“”]{1,30}[\"”]\s*\)",
    re.MULTILINE,
)


# A preamble whose parties are its sentence's subject, with no "between": "Mutual Insurance
# Corporation of America, a Michigan insurance corporation (MICOA) and Stratton, Cheeseman &
# Walsh-Nevada, Inc., a Nevada corporation, ("Agency") ... agree as follows:". The sentence
# opens a line with the first party's name, and an "and" lists another before the verb.
_PARTIES_AGREE = re.compile(
    rf"(?:^|(?<=\n))[ \t]*(?P<subject>{COMPANY})(?=[^;:]{{0,400}}?\band[ \t]*\n?[ \t]*{COMPANY}"
    rf"[^;:]{{0,300}}?\b(?i:{'|'.join(lexicon().parties_agree_verbs)})\b)"
)


# The words of a place after a name's legal form ("Corporation of America").
_OF_PLACE = re.compile(r"[ \t]+of[ \t]+[A-Z][\w'’\-]*(?:[ \t]+[A-Z][\w'’\-]*)?")


def _bare_initials(after: str, name: str) -> str | None:
    """The term in a bracket with no quotes after a name, or after its descriptor, where it is
    the name's initials ("Acme Widget Corp., a Texas corporation (AWC)"), else None."""
    m = re.match(r"(?:,[^,()]{0,120})?\s*\(([A-Z][A-Za-z]+)\)", after)
    return m.group(1) if m and _is_initials(m.group(1), name) else None


def _preamble_start(text: str, pos: int = 0) -> re.Match[str] | None:
    """The first preamble opening in the first 40,000 characters. An opening with "the"
    counts only when a title stands between it and the agreement word ("The Master Supply
    Agreement dated ..."), not prose ("The shares held by ... under the Founders' Agreement
    dated ...")."""
    limit = min(len(text), 40000)
    while True:
        m = _PREAMBLE_START.search(text, pos, limit)
        subject = _PARTIES_AGREE.search(text, pos, m.start() if m else limit)
        if subject is not None:
            return subject
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


# An agreement a sentence only refers to, right before the list of its own parties:
# "pursuant to the Agreement and Plan of Merger, dated as of December 14, 1997 (the
# "Agreement"), by and among ...", "as defined in the Credit Agreement dated ... between ...".
# Between the agreement's name and the list: its date, its defined term, nothing that makes
# the sentence this document's own ("this", "hereby", "is made").
_REFERENCED_BEFORE = re.compile(
    rf"(?i)\b(?:{'|'.join(lexicon().agreement_reference_leads)})\s+(?:the|that|a|an|certain)\s+"
    r"(?:[\w&'’\-]+\s+){0,8}?(?:agreement|plan\s+of\s+merger|indenture|contract|lease)\b"
    r"(?P<between>(?:(?!\b(?:this|hereby|herein|is\s+made|is\s+entered)\b)[^;])*?)"
    r",?\s*(?:by\s+and\s+)?$"
)
_LIST_OPENS = re.compile(rf"(?i)\b(?:by\s+and\s+)?(?:{_LIST_OPENER})\b")
# A document made under the agreement it names, at its sentence's start ("This First Amendment
# to Lease ... is entered into under that certain Lease dated ... between A and B"): the
# instrument's words are the lexicon's.
_INSTRUMENT_OPENS = re.compile(
    r"(?i)(?:^|(?<=\n)|(?<=[.;:]))[ \t]*this\s+(?:[\w&'’\-]+\s+){0,4}?"
    rf"(?:{'|'.join(lexicon().referenced_agreement_instruments)})\b"
)
# Where a list of parties' sentence ends: a full stop before the next sentence's word.
_SENTENCE_END = re.compile(r"\.(?=\s+(?:[A-Z][a-z]|[A-Z]{2,}\s)|\s*\n\s*\n|\s*$)")


def _referenced_lists(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans between `start` and `end` that list the parties of an agreement the text
    only refers to ("... pursuant to the Merger Agreement, dated ..., by and among A, B and
    C."): from the list's opener to its sentence's end. Its parties are not this document's."""
    spans: list[tuple[int, int]] = []
    for m in _LIST_OPENS.finditer(text, start, end):
        if spans and m.start() < spans[-1][1]:
            continue
        lo = max(0, m.start() - 320)
        ref = _REFERENCED_BEFORE.search(text[lo : m.start()])
        if ref is None or ref.group("between").count(")") > ref.group("between").count("("):
            # a reference inside a bracket that closes before the list ("(as defined in the
            # Merger Agreement) ..., between A and B") leaves the list this document's own
            continue
        if _instruments_only_list(text, m.start()):
            continue
        stop = _SENTENCE_END.search(text, m.end(), min(len(text), m.end() + 400))
        spans.append((m.start(), stop.start() if stop else min(len(text), m.end() + 400)))
    return spans


def _instruments_only_list(text: str, at: int) -> bool:
    """Is the list that opens at `at` the only list of parties in a sentence that opens "This
    Amendment/Joinder/Supplement/Waiver ..."? An instrument made under the agreement it names
    names its own parties in that agreement's list ("This First Amendment to Lease ... under
    that certain Lease dated ... between Acme Realty Corp., as landlord, and Beta Software
    Inc., as tenant.")."""
    lo = max(0, at - 600)
    opens = list(_INSTRUMENT_OPENS.finditer(text, lo, at))
    if not opens:
        return False
    since = opens[-1].end()
    return not _SENTENCE_END.search(text, since, at) and not _LIST_OPENS.search(text, since, at)


_TITLE_LINKS = frozenset({"to", "of", "and", "for", "the", "on", "&"})


# what a company, not a person, says of itself right after its defined term
_ITSELF = re.compile(r"^\s*,?\s*(?:acting\s+)?(?:on\s+behalf\s+of|for)\s+itself\b", re.IGNORECASE)


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


def _form_field_company(value: str) -> NamedEntity | None:
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
    return _company(name) or NamedEntity(name, entity_key(name), SubjectType.LEGAL_ENTITY)


_DESCRIBED_COMPANY = re.compile(
    rf"^(?P<name>[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*){{0,5}}),\s+an?\s+(?:[\w-]+\s+){{0,4}}"
    rf"{_ENTITY_TYPE}\b"
)


# A sentence that opens with a company's name and another joined to it by "and" ("WYZZ, Inc.
# and WYZZ Licensee, Inc. (...)"): the list of parties opens the preamble (a line's start).
_OPENING_NAMES = re.compile(rf"(?m)^[ \t]*({COMPANY}),?\s+and\s+({COMPANY})")


# A listed party's descriptor, and the list going on after it: ", a Delaware limited liability
# company, Beta LP, ...", ", an Ohio corporation, and Beta LP".
_DESCRIBED_LISTED = re.compile(
    rf"\s*,\s*(?i:an?)\s+(?:[\w.\-]+\s+){{0,4}}?{_ENTITY_TYPE}\s*,\s*(?:and\s+)?[A-Z]"
)


# An indefinite article before a company-shaped phrase ("SUNWAI Technology, a Taiwanese
# company", "Acme AG, A SWISS CORPORATION", "Beta Ltd., an English company", a form's "a ___
# DE corporation"): the phrase describes the name before it, it is no name of its own.
_ARTICLE_BEFORE = re.compile(r"(?:^|[\s,(])(?:a|an)\s+(?:_+\s*)?$")


_ARTICLE_INSIDE = re.compile(r"(?:A|AN|An)\s")


def _is_descriptor(window: str, cm: re.Match[str]) -> bool:
    """Is the company-shaped match `cm` of `window` a descriptor after an article?"""
    if _ARTICLE_BEFORE.search(window, 0, cm.start()):
        return True
    # In capitals the article is a token of the match itself ("..., A SWISS CORPORATION").
    return bool(_ARTICLE_INSIDE.match(cm.group(0))) and bool(
        re.search(r",\s*$|^\s*$", window[: cm.start()])
    )


# Where an address written right after a name may start: an opening word ("Suite 207",
# "Room 1302"), a number ("1130 Austin Avenue"), or a line of its own with a number in it
# ("LANDDROSTLAAN 51" under "MODUS MEDIA INTERNATIONAL").
_ADDRESS_OPENING = re.compile(
    rf"(?i:\b(?:{'|'.join(lexicon().address_openers)})\b)|\b\d|(?<=\n)(?=[^\n]*\d)"
)


# The lower-case words an address may hold ("Rue de la Paix", "Isle of Man").
_ADDRESS_LINKS = frozenset({"of", "and", *lexicon().name_particles})


def _trailing_address(window: str) -> int | None:
    """Where an address that runs from right after a name to the end of `window` starts
    ("DGT Corp. Suite 207 - 1130 Austin Avenue, Coquitlam, Canada V3K 3P5"), or None. The
    address is the first stretch that opens after a name's word and holds no prose (no other
    lower-case word), no quote nor bracket; it ends in no legal form, nor holds a name a legal
    form opens ("JSC Karakudukmunay"): a number inside a name ("Kestrel Fund 2 LLC") opens no
    address, nor one in a title ("Acme Inc. 2014 Plan")."""
    # A company's name opens no address: not the line it opens ("Nordwind 7 GmbH, 1 Main
    # Street, ..." under "And"), nor a number inside it. A name stands on one line: a match
    # across lines is the last line's ("40 Pine Street / Reno / NV 89501" reads as one name
    # ending in the form "NV"; only "NV" is a name's, the street's number opens the address).
    names = [
        (c.start() + c.group(0).rfind("\n") + 1, c.end()) for c in _COMPANY_RE.finditer(window)
    ]
    for m in _ADDRESS_OPENING.finditer(window):
        if any(a <= m.start() < b for a, b in names):
            continue
        rest = window[m.start() :]
        words = re.findall(r"[^\W\d_][\w'’.\-]*", rest)
        if (
            len(rest) > 240
            or re.search(r"[\"“”;()\[\]]", rest)
            or any(w[0].islower() and w not in _ADDRESS_LINKS for w in words)
        ):
            continue  # prose follows: a number before it ("May 1, 2001 between") is a date's
        # The first stretch is the whole address; a later one would cut it ("at 3200 Walnut
        # Street, Boulder, CO 80301": not after "CO"), or cut the name.
        after_name = re.search(r"[A-Z][\w'’.&\-]*[ \t,]*\n?[ \t]*$", window[: m.start()])
        # An address opens with its word ("Suite") or has parts ("12 Elm Road, Springfield"):
        # a number and words alone are a title ("Acme Inc. 2014 Incentive Plan").
        opener = bool(m.group(0)) and not m.group(0).isdigit()
        parts = opener or re.search(r"[,\n]", rest.strip(" ,\n"))
        # nor does it hold a name its legal form opens ("... 2000 / PREAMBLE / JSC NOC KazakhOil")
        ok = (
            after_name
            and parts
            and not legal_form(rest.strip(" ,\n"))
            and not _PREFORMED_RE.search(rest)
        )
        return m.start() if ok else None
    return None


# A lead into a party's address right after its name: "located at", "with offices at", "having
# its principal place of business at", "whose registered office is at", "of 90 High Street",
# "acting through its office in Abu Dhabi".
_ADDRESS_LEAD = re.compile(
    rf"(?i:(?:with|having|acting\s+(?:through|by|via))\s+(?:(?:its|a|an|their|his|her)\s+)?"
    rf"(?:{'|'.join(lexicon().address_nouns)})(?:\s+(?:located|situated))?\s+(?:at|in)"
    rf"|(?:located|situated|residing)\s+at"
    rf"|whose\s+(?:{'|'.join(lexicon().address_nouns)})\s+is(?:\s+at)?)\b"
    r"|\bof\s+(?=\d)"
)


# A city and its state or country right after a name ("Brightwater Foods, Portland, Oregon").
_CITY_STATE = re.compile(
    rf",[ \t]*\n?[ \t]*(?P<city>[A-Z][\w.'’\-]*(?:[ \t]+[A-Z][\w.'’\-]*){{0,2}}),[ \t]*\n?[ \t]*"
    rf"(?:{JURISDICTION})[\s,]*$"
)


def _address_lead(window: str) -> int | None:
    """Where an address that a lead opens right after a name starts in `window`, when it runs
    to the window's end ("The University of Iowa, located at c/o ..., IA 52242"), or None.
    No quote, bracket or clause break may follow the lead: that is prose, not an address."""
    for m in _ADDRESS_LEAD.finditer(window):
        rest = window[m.start() :]
        address = window[m.end() :].replace("c/o", "")
        words = re.findall(r"[^\W\d_][\w'’.\-]*", address)
        if (
            len(rest) > 300
            or re.search(r"[\"“”;\[\]]", rest)
            # another party may follow an address: "..., Houston, Texas 77079, and TRUE NORTH
            # ENERGY CORP. ("Company")" names the company after it
            or any(w[0].islower() and w not in _ADDRESS_LINKS - {"and"} for w in words)
            or legal_form(address.strip(" ,\n"))
        ):
            continue
        if re.search(r"[A-Za-z0-9.)][\w'’.&)\-]*[ \t,;]*\n?[ \t]*$", window[: m.start()]):
            return m.start()
    return None


# What opens a list's next party or closes the one before: a list's opener or joiner, "by",
# a bracket, a quote, a colon or a semicolon.
_LIST_BREAK = re.compile(rf"\b(?i:{_LIST_OPENER}|{_LIST_JOINER}|by)\b|[()\"“”;:]")
# a street number or postcode: a number that is no year
_ADDRESS_NUMBER = re.compile(r"(?<![\d.])\b(?!(?:1[89]|20)\d\d\b)\d+\b")


def _ends_address(before: str) -> bool:
    """Does `before`, the text right before a name, end an address ("..., Bratislava 38, "
    before "Slovakia and Sicap Ltd"): a comma or a line break ends it, and since the list's
    last opener, joiner or bracket it holds a street number or postcode or a lead into an
    address ("located at")? Then a place and a list's joiner that open the name end that
    address; with none ("by and between Australia and New Zealand Banking Group Limited")
    they are the name's words."""
    if not re.search(r"[,\n][ \t]*$", before):
        return False
    tail = before[max((m.end() for m in _LIST_BREAK.finditer(before)), default=0) :]
    return bool(_ADDRESS_NUMBER.search(tail) or _ADDRESS_LEAD.search(tail))


def _blank_at(text: str, at: int) -> int:
    """How many blanks stand in `text` from `at`."""
    return len(text[at:]) - len(text[at:].lstrip())


def _in_address(before: str) -> bool:
    """Does `before` end inside an address that a lead opened ("with an address at Building
    RZ-2, Kapashera"): no bracket, quote nor clause break after its last lead?"""
    leads = list(_ADDRESS_LEAD.finditer(before))
    return bool(leads) and not re.search(r"[()\"“”;]", before[leads[-1].end() :])


def _city_state(window: str) -> int | None:
    """Where a city and its state or country written right after a name end `window`
    ("Brightwater Foods, Portland, Oregon"), or None."""
    city = _CITY_STATE.search(window)
    if city is None or legal_form(city.group("city")):
        return None
    return city.start()


# The agreement made by the name after it: "is entered into by eGain Communications
# Corporation ("eGain") and ...", "made and entered into as of the 28th day of March 2006 by
# THAYER EQUITY INVESTORS"; only a date may stand between ("made under a licence granted by
# X" is no list of parties).
_MADE_BY = re.compile(
    r"\b(?:made|entered\s+into|executed)"
    r"(?:,?\s+(?:and|made|entered|into|executed|effective|dated|as|of|on|this|the|day|[A-Z][a-z]+"
    r"|\d{1,4}(?:st|nd|rd|th)?))*,?\s+by\s+(?:the\s+)?$"
)


# A preamble's list of parties right before a name: "by and between", "among", "and", "&", and
# the list's number after it ("BETWEEN (1) ...").
_LISTED_BEFORE = re.compile(
    rf"(?i)(?:^|[\s,])(?:(?P<opener>{_LIST_OPENER})|{_LIST_JOINER})[ \t]*:?\s*{_LIST_NUMBER}?$"
)


# A capitalised word and "&" right before a name: the name goes on from that word ("Harrow &
# Vale Media"), the "&" joins no list.
_AMPERSAND_BEFORE = re.compile(r"[A-Z][\w'’.\-]*\s*&\s*$")


# A letter's salutation on the line right before a name ("Ladies and Gentlemen: / Greater
# Valley Holdings, a Pennsylvania-chartered mutual holding company (the "PA MHC"), ..."): the
# letter's body opens with its list of parties, as "between" opens a preamble's (the lexicon's
# salutations; "dear" takes the addressee's name after it).
_SALUTATION_BEFORE = re.compile(rf"(?im)^{SALUTATION_LINE}\n\s*$")


def _listed_before(text: str, at: int) -> bool:
    """Does the preamble's list of parties name what starts at `at`? After "and" or "&" only
    where a party ends before it (a bracket, a comma, a legal form, an address's number or a
    descriptor's word): after a bare capitalised word the name runs on through it ("the
    Securities and Exchange Commission", "Real Estate and Home Furnishing Net"); right after a
    letter's salutation line, which opens its list."""
    if _SALUTATION_BEFORE.search(text, max(0, at - 90), at):
        return True
    lo = max(0, at - 60)
    m = _LISTED_BEFORE.search(text, lo, at)
    the = re.search(r"(?i)\bthe\s+$", text[lo:at])
    if m is None and the is not None and re.match(_PUBLIC_BODY, text[at : at + 80]):
        # "by and between the TOWN OF VINTON": a public body's name takes its article
        m = _LISTED_BEFORE.search(text, lo, lo + the.start())
    if m is None or _AMPERSAND_BEFORE.search(text, lo, at):
        return False
    if m.group("opener"):
        return True
    before = text[lo : m.start()].rstrip()
    last = re.search(r"[A-Z][\w'’.\-]*$", before)
    return last is None or bool(legal_form(before))


# A capitalised word or an initial right before a person-shaped name, other than a word that
# opens or joins a list of parties: the name runs on to the left of it.
_NAME_RUNS_ON = re.compile(
    rf"(?<![\w.])(?!(?i:{_LIST_OPENER}|{_LIST_JOINER}|by|with)\b)[A-Z][\w'’\-]*\.?[ \t]+$"
)


_JOINED_WORD = re.compile(rf"(?<![\w.])([A-Z][\w'’\-]*)\s+(?:{_LIST_JOINER})\s+$")


def _joined_to_name(lead: str) -> bool:
    """Does a name's word and a joiner end `lead`, so that the name after it is the tail of a
    longer one ("the Securities and Exchange Commission": no person "Exchange Commission"; "the
    International Swaps and Derivatives Association, Inc.")? Not where that word ends a party
    (a legal form, a place: "... under the laws of Singapore and Ability Computer & Software
    Industries Ltd"), is a defined term's ("the Company and Jane Roe") or ends a person's name
    ("Mr. Gu Xianwin and Ms. Chen Weijie"), or a place that ends an address before it."""
    m = _JOINED_WORD.search(lead)
    # a person's name as its courtesy title marks it: "Second Amended and Restated ..." is
    # person-shaped too
    person = m and re.search(rf"\b{HONORIFIC}{PERSON}$", lead[: m.end(1)])
    return bool(
        m
        and not (person and _person(person.group(0)))
        and not legal_form(lead[: m.end(1)])
        and not re.search(rf"\b(?:{JURISDICTION})$", lead[: m.end(1)])
        # a place that ends an address ("..., Hlavna 17, Bratislava and Orvandi Systems Inc.")
        and not _ends_address(lead[: m.start(1)])
        and not is_generic_term(m.group(1))
        and not _contract_role(m.group(1))
    )


def _prose_lead(window: str, m: re.Match[str]) -> bool:
    """Is what leads into a bare name found at `m` prose running on, no party's slot: a line
    break after a word in lower case or a comma ("for premises in the / City of Boston (the
    "City")"), or "with" after no word of making an agreement ("all permits filed with County
    of Orange (the "County")", where "This Agreement is made with the City of X" is a slot)?"""
    before = window[: m.start()]
    if m.group(0).startswith("\n") and re.search(r"[a-z,][ \t]*$", before):
        return True
    return bool(
        re.match(r"(?i)with\b", m.group(0))
        and not re.search(
            r"(?i)\b(?:entered\s+into|made|agreement|contract|lease)\b[^.;]{0,40}$", before
        )
    )


# The words that lead into a defined term's bracket: "hereinafter referred to as (...)",
# "hereafter called (...)".
_TERM_LEAD = re.compile(
    r"[\s,]+(?i:(?:hereinafter|hereafter)(?:\s+(?:referred\s+to|called|known)(?:\s+as)?)?"
    r"|(?:referred\s+to|called)\s+as)\s*$"
)


# A numbered heading alone on its line ("Note 1: Organization and Operation", "ITEM 7.
# MANAGEMENT'S DISCUSSION ...", "Article IV - General"): a boundary no name reaches across.
_NUMBERED_HEADING = re.compile(
    rf"(?m)^[ \t]*(?i:{'|'.join(map(re.escape, lexicon().numbered_heading_words))})[ \t]+"
    r"(?:\d+[A-Za-z]?|[IVXLC]+)(?:\.\d+)*[ \t]*[:.\-—–][ \t]+[A-Za-z][^\n]*\n"
)


# A place that goes on a name after its legal form: "of" and a jurisdiction (a line may wrap
# before either), then the comma, bracket or end of line that ends the name ("Acme Bancorp,
# Inc. of Pennsylvania, a ...").
_PLACE_NAMES = "|".join(
    r"(?:[ \t]+|[ \t]*\n[ \t]*)".join(map(re.escape, place.split()))
    for place in sorted(
        {
            p
            for written in (*lexicon().us_states, *lexicon().countries)
            for p in (written, written.upper())
        },
        key=lambda p: (-len(p), p),
    )
)
_PLACE_AFTER_FORM = re.compile(
    rf"(?:[ \t]+|[ \t]*\n[ \t]*)(of|OF)(?:[ \t]+|[ \t]*\n[ \t]*)({_PLACE_NAMES})(?=[ \t]*(?:[,(\n]|$))"
)


def _placed(ent: NamedEntity, text: str, at: int) -> tuple[NamedEntity, int]:
    """`ent`, whose name ends at `at` in `text`, with the place that goes on its name after
    its legal form, and where the name then ends."""
    placed = _PLACE_AFTER_FORM.match(text, at)
    if placed is None:
        return ent, at
    name = f"{ent.name} {placed.group(1)} {' '.join(placed.group(2).split())}"
    return NamedEntity(name, entity_key(name), ent.subject_type), placed.end()


# A dash with a space on each side joins a name's parts ("National Football League Alumni -
# Northern California Chapter", "Kestrel Foundation – Europe"): a chapter, a branch, a region.
_SPACED_DASH = r"[ \t]+[-–][ \t]*\n?[ \t]*"


# What a party's name carries before its descriptor, naming its group ("and its Affiliates").
_AFFILIATE_TAIL = re.compile(r"(?i),?\s+(?:" + "|".join(lexicon().party_affiliate_tails) + r")\b")


# An unquoted short form in brackets, then the joiner of the list of parties.
_BARE_TERM_THEN_JOINER = re.compile(
    rf"\([A-Z][\w&\-]*(?:\s[A-Z][\w&\-]*){{0,2}}\)\s*,?\s+(?:{_LIST_JOINER})\s"
)


# A number's label and its number right after a company-shaped phrase: the phrase labels a
# registration number ("(Registered Company No. 5701810)"), it names no company.
_NUMBER_LABEL = re.compile(
    r"[ \t]*(?:No\.|NO\.|Nr\.|Number|NUMBER|#)[ \t]*:?[ \t]*[A-Z]{0,3}[ \t]*\d"
)


def _mention_before(
    ctx: BindingContext, end: int, allow_bare: bool
) -> tuple[NamedEntity, int] | None:
    """The entity a defined term right after `end` names: the last company-shaped name
    before it followed only by a descriptor, else a person or bare name right before it."""
    text = ctx.flow.text
    # "NeoMedia Paint Repair hereinafter referred to as ("DISTRIBUTOR")": the words that lead
    # into the term's bracket stand between it and the name.
    term_lead = _TERM_LEAD.search(text, max(0, end - 60), end)
    if term_lead is not None:
        end = term_lead.start()
    lo = max(0, end - 400)
    window = text[lo:end]
    # Never reach back across an earlier definition or clause boundary; a semicolon right
    # before the lead into the name's address ("YourNetPlus.com, Inc., a New York Corporation;
    # with its principal office located at ... ("Provider")") ends no clause.
    cut = window.rfind(";")
    while cut >= 0 and _ADDRESS_LEAD.match(window, cut + 1 + _blank_at(window, cut + 1)):
        cut = window.rfind(";", 0, cut)
    for cm in re.finditer(r"(?<!\sat):\s*\n|\b(?:BETWEEN|AND|Between|And)\s*:", window):
        cut = max(cut, cm.end() - 1)
    for hm in _NUMBERED_HEADING.finditer(window):
        # "Note 1: Organization and Operation" on the line above the name: the heading's
        # title is no part of it
        cut = max(cut, hm.end() - 1)
    for paren in re.finditer(r"\([^()]*\)", window):
        # ... nor across a list's number: "(1) WPP 2005 LIMITED (...) whose registered office
        # is at ... (the Company) (2) JOHN ROGERS (the Executive)" names the second party
        # after "(2)", whatever unquoted term the first one's text holds.
        if re.search(r"[\"“”]", paren.group(0)) or re.fullmatch(
            rf"\({_LIST_NUMBER_MARK}\)", paren.group(0)
        ):
            cut = max(cut, paren.end() - 1)
        elif _BARE_TERM_THEN_JOINER.match(window, paren.start()):
            # ... nor across an unquoted short form that ends the party before the list's
            # joiner: "Bioeq IP AG, having ... Zug (Bioeq) and Corvel Brands, Inc."
            cut = max(cut, paren.end() - 1)
    if cut >= 0:
        lo, window = lo + cut + 1, window[cut + 1 :]
        # the name opens the window after the cut ("(c) Diplomat ...": no blank before it)
        blank = len(window) - len(window.lstrip())
        lo, window = lo + blank, window[blank:]
    # The name may stand before its address ("MODUS MEDIA INTERNATIONAL / LANDDROSTLAAN 51 /
    # ... (HEREINAFTER "MMI")"): the term names what comes before the address.
    address_at = _address_lead(window)
    if address_at is None:
        address_at = _trailing_address(window)
    if address_at is None:
        address_at = _city_state(window)
    if address_at is not None:
        end, window = lo + address_at, window[:address_at]
    companies: list[tuple[int, int, NamedEntity]] = []
    for cm in _COMPANY_RE.finditer(window):
        # "Orvandi Systems Ltd, Company No. 0456789": the registration label ends the name
        # (which the label's number after it does not make a label's phrase).
        raw = _without_registration(cm.group(0))
        if _is_descriptor(window, cm) or (
            raw == cm.group(0) and _NUMBER_LABEL.match(window, cm.end())
        ):
            continue
        ent = _company(raw, _ends_address(window[: cm.start()]))
        if ent is not None:
            name_at = cm.start() + max(0, raw.find(ent.name.split()[0]))
            companies.append((lo + name_at, lo + cm.start() + len(raw), ent))
    # A name its legal form opens ("JSC Karakudukmunay"), which no legal form ends.
    for fm in _PREFORMED_RE.finditer(window):
        preformed = _preformed_company(fm.group(0))
        if preformed is not None and not any(a <= lo + fm.start() < b for a, b, _ in companies):
            companies.append((lo + fm.start(), lo + fm.end(), preformed))
    companies.sort(key=lambda c: c[0])
    for start, stop, ent in reversed(companies):
        between = text[stop:end]
        before = text[max(0, start - 40) : start]
        # A division's or a trade name's owner, or a former name ("PlanetCAD Inc. (formerly
        # known as Spatial Technology Inc.), a corporation ... ("PlanetCAD")"): the term names
        # the name before it.
        if re.search(
            rf"(?i)\b(?:division|subsidiary|affiliate|unit|d/b/a|dba|through\s+its|{_FORMER})"
            r"\b[^,]{0,20}$",
            before,
        ):
            continue
        if len(between) > 320 or re.search(r"[\"“”]", between):
            break
        # "Alliance Bancorp, Inc. of Pennsylvania, a federal stock holding company": a place
        # after the legal form, before the comma or bracket that ends it, is the rest of the
        # name (as the company writes it, its signature block too).
        ent, placed_end = _placed(ent, text, stop)
        between = text[placed_end:end]
        tail = _AFFILIATE_TAIL.match(between)
        if tail is not None:
            # "Capsugel US, LLC and its Affiliates with an address at ...": the group the
            # name carries stands between it and its descriptor
            between = between[tail.end() :]
        # "LEO PHARMA A/S of Industriparken 55, ...": "of" leads into the address cut above.
        if (
            between.strip(" ,\n—–-")
            and not re.match(
                r"\s*[,(—–-]|\s+(?:having|with|located|through|acting|whose|doing|an?\s)"
                # "American Express Incentive Services, L.L.C. organized under the laws of the
                # State of Missouri, USA, with an office at ... ("AEIS")"
                rf"|\s+(?:organi[sz]ed|incorporated|existing|formed)\s+under\s+{_LAWS_OF}",
                between,
            )
            and not (address_at is not None and re.fullmatch(r"\s+of\s+[^,;()]{1,60}", between))
        ):
            break
        return ent, start
    if allow_bare:
        # A public body, the state after it and its descriptor ("the TOWN OF VINTON, VIRGINIA,
        # a Virginia municipal corporation"): never a person, whatever its words' case.
        bm = re.search(
            rf"(?:^|\b(?:{_LIST_OPENER}|and|with|by)\s+|\n)(?:the\s+|The\s+|THE\s+)?"
            rf"({_PUBLIC_BODY})(?:,\s*(?:{JURISDICTION}))?(?:,?\s+an?\s+[^,;()\"“”]{{1,80}}?)?"
            r"[\s,]*$",
            window,
        )
        if bm is not None and not _prose_lead(window, bm):
            name = _clean_name(bm.group(1))
            return NamedEntity(name, entity_key(name), SubjectType.LEGAL_ENTITY), lo + bm.start(1)
    pm = re.search(
        rf"({PERSON})(?:,?\s+{_POST_NOMINAL})?(?:,?\s+(?:an\s+)?[Ii]ndividual)?[\s,]*$", window
    )
    if pm:
        raw = pm.group(1)
        if re.search(rf"(?i)\b(?:{_LIST_OPENER}|{_LIST_JOINER})[ \t]*$", window[: pm.start(1)]):
            # "..., and Marlow / Register EMEA": after the list's joiner the word that ends
            # the line opens the name (no line above ran into it).
            raw = " ".join(raw.split())
        person = _person(raw)
        lead = window[max(0, pm.start() - 30) : pm.start()]
        # Digits just before a name are an address or a number, unless a party list
        # connector or the list's number in brackets introduces the name ("dated May 1, 2003
        # by and between Jane Roe", "... (the Company) (2) JOHN ROE (the Executive)"); a
        # capitalised word and "&", or "the", before it make it the tail of another name
        # ("Harrow & Vale Media", "The Victory Portfolios"); so does a name's word or initial
        # right before it that a person's name could not take in ("The University of Texas
        # M. D. Anderson Cancer Center": not a person "D. Anderson Cancer Center"), and a word
        # and a spaced dash ("Kestrel Society - Midwest Chapter").
        if (
            person is not None
            and (
                not re.search(r"\d", lead)
                or re.search(rf"\b(?:{_LIST_OPENER})\s+$|(?:^|\s)\((?:\d{{1,2}}|[a-h])\)\s+$", lead)
            )
            and not _AMPERSAND_BEFORE.search(lead)
            and not re.search(r"\b(?:the|The|THE)\s+$", lead)
            and not _NAME_RUNS_ON.search(lead)
            and not re.search(rf"[A-Za-z]{_SPACED_DASH}$", lead)
            and not _joined_to_name(lead)
            and not re.match(r"(?:The|THE)\s", pm.group(1))
        ):
            return person, lo + pm.start(1)
    if allow_bare:
        # Company-shaped by its descriptor: "Ingram Micro, a corporation organized under ..."
        dm: re.Match[str] | None = None
        for dm_last in re.finditer(
            rf"(?:^|\b(?:{_LIST_OPENER}|and|with|by)\s+|\n){_LIST_NUMBER}?((?:The\s+)?[A-Z][\w'’.\-&]*(?:(?:\s+(?:of|and|&|de|for)?\s*|{_SPACED_DASH})[A-Z][\w'’.\-&]*){{0,7}}),\s+(?:"
            # the descriptor's words: a jurisdiction, a nationality ("Taiwanese", "P.R.C.",
            # "Nevada (USA)"), a kind ("limited", "wholly-owned"); or the company it is a
            # division of ("TWENTIETH CENTURY FOX LICENSING & MERCHANDISING, a division of Fox
            # Entertainment Group, Inc. ("Fox")": the term names the division)
            rf"(?i:an?)\s+(?:(?:[\w.\-]+(?:\s+\([\w.\s]{{1,20}}\))?\s+){{0,3}}?{_ENTITY_TYPE}\b"
            rf"|(?:[\w\-]+\s+)?(?i:{'|'.join(lexicon().division_words)})\s+of\s+{COMPANY}\s*$"
            # or a kind of body that has no legal form ("Centre for Probe Development and
            # Commercialization, a not-for-profit research and services institution")
            rf"|(?:[\w.\-]+\s+){{0,5}}?(?i:{'|'.join(lexicon().body_kinds)})\b)"
            # ... which "the" may introduce ("CHINA ECONOMIC INFORMATION SERVICE OF XINHUA NEWS
            # AGENCY, the organisation within the Xinhua News Agency that ...")
            rf"|(?i:the)\s+(?:[\w.\-]+\s+){{0,2}}?(?i:{'|'.join(lexicon().body_kinds)})\b)",
            window,
        ):
            dm = dm_last
        if dm is not None and len(text[lo + dm.end() : end]) < 320:
            name = _clean_name(dm.group(1))
            if name and not is_generic_term(name) and not re.search(r"\d", name):
                return NamedEntity(name, entity_key(name), SubjectType.LEGAL_ENTITY), lo + dm.start(
                    1
                )
        # The company a person in the list acts for, whatever its words: "by and between
        # Natalija Roe, director of FreeCook ("Client")".
        sm = _SIGNER_FOR_NAME.search(window)
        if sm is not None:
            name, name_at = _clean_name(sm.group("company")), lo + sm.start("company")
            if name and not is_generic_term(name) and len(name) > 2 and not re.search(r"\d", name):
                return NamedEntity(name, entity_key(name), SubjectType.LEGAL_ENTITY), name_at
        m = re.search(
            rf"(?:^|\b(?:{_LIST_OPENER}|and|with|by)\s+|\n){_LIST_NUMBER}?((?:the\s+|The\s+)?[A-Z][\w'’.\-&]*(?:(?:\s+(?:of|and|&|de)?\s*|{_SPACED_DASH})[A-Z][\w'’.\-&]*){{0,7}})[\s,]*$",
            window,
        )
        if m and not _prose_lead(window, m):
            name, name_at = _clean_name(m.group(1)), lo + m.start(1)
            # "... Legal representative: Viktoras R. Sekmakas and / NeoMedia Paint Repair
            # (...)": a person's full name and "and" before the run end the party above it
            # (its signer); the name is what follows them.
            signer = re.match(r"(.+?)\s+and\s+(?=\S+\s+\S)", m.group(1), re.DOTALL)
            if signer is not None and _person(signer.group(1)) is not None:
                name, name_at = _clean_name(m.group(1)[signer.end() :]), name_at + signer.end()
            if (
                name
                and not is_generic_term(name)
                and len(name) > 2
                and not re.search(rf"\d|^(?:{JURISDICTION})$", name)
            ):
                return NamedEntity(name, entity_key(name), SubjectType.LEGAL_ENTITY), name_at
    return None


# A person in the list of parties who acts for the company named right after: "by and between
# Jane Roe, director of Acme Ltd. ("Client") and ...": the company is the party, the person
# its signer (the officer titles are the lexicon's).
_SIGNER_LEAD = (
    rf"(?<![\w&])(?i:{_LIST_OPENER}|{_LIST_JOINER})\s+{PERSON},?\s+(?:the\s+|its\s+)?"
    rf"(?:{TITLES})\s+(?:of|for)\s+(?:the\s+)?"
)
_SIGNER_FOR = re.compile(rf"{_SIGNER_LEAD}$")
# ... and the company's name after it, whatever its words, to the end of the text searched.
_SIGNER_FOR_NAME = re.compile(
    rf"{_SIGNER_LEAD}(?P<company>[A-Z][\w'’.\-&]*(?:\s+(?:of|and|&|de)?\s*[A-Z][\w'’.\-&]*){{0,7}})[\s,]*$"
)


# A list's joiner right before a defined term's bracket, and the company right after it: the
# term defines that company ("..., and (Client) Pelican Delivers Inc. for ...").
_JOINER_BEFORE_TERM = re.compile(rf"(?i)[\s,](?:{_LIST_JOINER})[ \t]*\n?[ \t]*$")
_COMPANY_AFTER_TERM = re.compile(rf"[ \t]*\n?[ \t]*({COMPANY})")


def _is_initials(term: str, name: str) -> bool:
    """Is `term` the initials of `name`'s words ("MMI" of "MODUS MEDIA INTERNATIONAL"; "HVM"
    of "Harrow & Vale Media": a link word has none, or "of" has its own: "COFS" of "City of
    Fort Stockton")?"""
    words = [w for w in entity_key(name).split() if w not in _TITLE_LINKS]
    with_of = [w for w in entity_key(name).split() if w == "of" or w not in _TITLE_LINKS]
    return len(words) > 1 and entity_key(term) in {
        "".join(w[0] for w in words),
        "".join(w[0] for w in with_of),
    }


def _abbreviates(term: str, name: str) -> bool:
    """Does `term` spell `name` with each of its words as its initial or, a word in capitals,
    whole ("USA MCO" of "USA Managed Care Organization", "MMI" of "Modus Media International")?
    A link word may give its initial or none."""
    letters = entity_key(term).replace(" ", "")
    words = [(w, w.isupper() and len(w) > 1, w.lower() in _TITLE_LINKS) for w in name.split()]
    words = [(entity_key(w).replace(" ", ""), caps, link) for w, caps, link in words]
    if len(words) < 2 or not letters:
        return False
    ends = {0}
    for word, caps, link in words:
        if not word:
            continue
        nxt = {e + 1 for e in ends if letters[e : e + 1] == word[0]}
        if caps:
            nxt |= {e + len(word) for e in ends if letters[e : e + len(word)] == word}
        if link:
            nxt |= ends
        ends = nxt
    return len(letters) in ends


def _short_form(term: str, name: str) -> bool:
    """Is `term` a short form of `name`: its initials or abbreviation ("MMI", "USA MCO"), or
    its first word(s) ("Bioeq" of "Bioeq IP AG", "COMWARE" of "COMWARE TECHNICAL SERVICES")?
    A generic word or a party's role is none ("Company" of "Company Holdings Inc.")."""
    if is_generic_term(term) or _contract_role(term):
        return False
    if _abbreviates(term, name) or _is_initials(term, name):
        return True
    words, own = entity_key(term).split(), entity_key(name).split()
    if 0 < len(words) < len(own) and own[: len(words)] == words:
        return True
    # a ticker-like acronym in capitals: letters of the name's first word(s) in order, from
    # its first letter ("BVTK" of "Bravatek Solutions", "LKPL" of "Link Plus Corporation")
    letters, spelled = "".join(words), "".join(own)
    if not (term.isupper() and len(words) == 1 and len(letters) > 2 and letters[0] == spelled[0]):
        return False
    rest = iter(spelled[1:])
    return all(ch in rest for ch in letters[1:])


def _short_form_of_party(text: str, term: str, ent: NamedEntity, name_at: int) -> bool:
    """Is an unquoted `term` a short form of the party named at `name_at`? Not of a name an
    article leads into, which describes the party before it ("..., a registered Non-banking
    Financial Company (NBFC) in India"), nor of a thing's maker ("made by the X (X)")."""
    before = text[max(0, name_at - 40) : name_at]
    if re.search(r"(?i)\ban?\s+(?:[\w\-]+\s+){0,2}$", before) or _MAKER_BEFORE.search(before):
        return False
    return _short_form(term, ent.name)


# A maker's or owner's verb before a name ("equipment made by the MICROSOFT CORPORATION
# (MICROSOFT)"): a thing's maker, whose short form is no party's alias.
_MAKER_BEFORE = re.compile(
    rf"(?i)\b(?:{'|'.join(lexicon().prose_party_third_party_leads)})\s+(?:the\s+)?$"
)


def _says_person(text: str, name_at: int, end: int, name: str, terms: list[str]) -> bool:
    """Does the text say that the person-shaped `name` at `name_at` (its defined `terms` in the
    bracket at `end`) is a person's: an honorific before it ("Dr. George D. Green"), a degree
    after it ("Michael T. Murray, N.D."), or a term that is an honorific and one of its
    words ("Dr. Murray")?"""
    if _HONORIFIC.match(text, name_at) or re.search(rf",?\s+{_POST_NOMINAL}", text[name_at:end]):
        return True
    words = entity_key(name).split()
    return any(
        _HONORIFIC.match(t) is not None and entity_key(_HONORIFIC.sub("", t, count=1)) in words
        for t in terms
    )


# A name's first words that no name pattern reads, a word in lower case among them ("Petro
# data" before "Management Services Limited"), from a line's start or a list's separator.
_UNREAD_HEAD = re.compile(
    rf"(?:^|\n|\b(?i:{_LIST_OPENER}|{_LIST_JOINER})[ \t]*:?[ \t]*\n?|[:;][ \t]*\n?)[ \t]*"
    r"([A-Z][\w'’\-]*[ \t]+(?:[a-z][\w'’\-]*[ \t]+)?)$"
)


def _initialled_start(
    text: str, ent: NamedEntity, name_at: int, terms: list[str]
) -> tuple[NamedEntity, int]:
    """The name with the words before it that its term's initials spell ("Petro data
    Management Services Limited ("PDMS")": not "Management Services Limited"), and where it
    starts; else the name as read."""
    head = _UNREAD_HEAD.search(text, max(0, name_at - 40), name_at)
    if head is None:
        return ent, name_at
    longer = head.group(1) + ent.name

    def initials(name: str) -> str:
        return "".join(w[0] for w in base_key(name).split() if w not in _TITLE_LINKS)

    if any(entity_key(t).replace(" ", "") == initials(longer) != initials(ent.name) for t in terms):
        return NamedEntity(longer, entity_key(longer), SubjectType.LEGAL_ENTITY), head.start(1)
    return ent, name_at


def _defined_terms(
    ctx: BindingContext, lo: int = 0, hi: int | None = None, preamble: bool = False
) -> list[tuple[NamedEntity, list[str], int, int]]:
    """Records defined terms as aliases; returns (entity, terms, start, end) definitions."""
    text = ctx.flow.text
    hi = len(text) if hi is None else hi
    defs: list[tuple[NamedEntity, list[str], int, int]] = []
    found: list[tuple[int, int, list[str]]] = []
    for m in _DEF_PAREN.finditer(text, lo, hi):
        inner = m.group(1)
        terms = _quoted_terms(inner)
        if not terms and preamble:
            # '(Transporter)' or '("Celebrity)': a role word, quoted or not, in a preamble.
            bare = re.fullmatch(
                r"\s*(?:the\s+)?[\"“]?\s*([A-Z][\w .&\-]{1,40}?)\s*[\"”]?\s*", inner
            )
            if bare and (_contract_role(bare.group(1)) or re.search(r"[\"“]", inner)):
                terms = [bare.group(1)]
            elif bare and re.fullmatch(r"[A-Z][A-Z0-9&]+(?:\s[A-Z][A-Z0-9&]+)?", bare.group(1)):
                # '(USA MCO)' in capitals right after the name they abbreviate
                named = _mention_before(ctx, m.start(), allow_bare=True)
                if named is not None and _short_form_of_party(text, bare.group(1), *named):
                    terms = [bare.group(1)]
            elif bare and re.fullmatch(r"[A-Z][\w&\-]*(?:\s[A-Z][\w&\-]*){0,2}", bare.group(1)):
                # '(Bioeq)' after "Bioeq IP AG, having its place of business at ...": an
                # unquoted short form of the name before it (its first words or initials)
                named = _mention_before(ctx, m.start(), allow_bare=True)
                if named is not None and _short_form_of_party(text, bare.group(1), *named):
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
        if group is not None and re.match(
            r"(?i)(?:collectively|together)\s+with\b", inner[group.start() :]
        ):
            own = _quoted_terms(inner[: group.start()])
        if own:
            # '(the "Subsidiary", and collectively with Parent, "Group")', '("PLIC" and,
            # together with PHLVIC, "PHL Variable")': the terms before "collectively with" or
            # "together with" name this entity; the one after names a group.
            terms = own
        collective = group is not None and terms is not own
        usable = [
            t
            for t in terms
            if not _PARTY_TERMS.match(t)
            # a term that ends in a party's role names a party ("Business Affiliate")
            and (not _NON_ENTITY_TERMS.match(t) or _contract_role(t.split()[-1]))
            and len(t) > 1
            and (t[0].isupper() or t[0].isdigit() or LOWER_CASE_BRAND.match(t) is not None)
        ]
        if not usable or (collective and all(_PARTY_TERMS.match(t) for t in terms)):
            continue
        if collective and not any(_contract_role(t) for t in usable):
            continue
        if _JOINER_BEFORE_TERM.search(text, max(0, start - 12), start):
            # "..., and (Client) Pelican Delivers Inc.": after the list's joiner the bracket
            # comes before its party's name; the name before the joiner has its own term.
            after = _COMPANY_AFTER_TERM.match(text, end)
            ent_after = _company(after.group(1)) if after else None
            if after is None or ent_after is None:
                continue
            for term in usable:
                ctx.add_alias(term, ent_after, (start, after.end(1)), "defined_term")
            defs.append((ent_after, usable, start, after.end(1)))
            continue
        hit = _mention_before(ctx, start, allow_bare=preamble)
        if hit is None:
            continue
        ent, name_at = hit
        if ent.subject_type == SubjectType.LEGAL_ENTITY:
            ent, name_at = _initialled_start(text, ent, name_at, usable)
        # The preamble's list of parties names it: "between BookingEntertainment.com
        # ("Promoter") ...", "... and PFS Funds (the "Trust")".
        listed = preamble and _listed_before(text, name_at)
        # A bare name counts only when its term is a role or a short form of it, or when it
        # is listed.
        if (
            not looks_like_company(ent.name)
            and ent.subject_type == SubjectType.LEGAL_ENTITY
            and not listed
            and not any(
                _contract_role(t)
                or entity_key(t).split()[0] in entity_key(ent.name).split()
                or _is_initials(t, ent.name)
                for t in usable
            )
        ):
            continue
        if ent.subject_type == SubjectType.INDIVIDUAL and re.search(
            rf"{PERSON}\s*(?:,\s*|,?\s+and\s+)$", text[max(0, name_at - 80) : name_at]
        ):
            # "Mr. Zheng Qing, Mr. Gu Xianwin and Ms. Chen Weijie (the "Developer")": the term
            # names the persons together, not the last of them.
            continue
        if is_person_name(ent.name) and not looks_like_company(ent.name):
            # A person-shaped name is a person only when the text says so.
            personish = (
                any(
                    (_contract_role(t) or "") in _PERSON_ROLES
                    or entity_key(t) in entity_key(ent.name).split()
                    for t in usable
                )
                or re.search(r"(?i)\bindividual\b", text[name_at : end + 40])
                or _says_person(text, name_at, start, ent.name, usable)
                # the person a loan-out company or an agent contracts for
                or _PRINCIPAL_BEFORE.search(text, max(0, name_at - 30), name_at)
            )
            if personish:
                ent = NamedEntity(ent.name, ent.key, SubjectType.INDIVIDUAL)
            elif ent.subject_type == SubjectType.INDIVIDUAL:
                if not _ITSELF.search(text[end : end + 60]):
                    continue
                # "Ingram Micro ("Distributor") acting on behalf of itself and its
                # affiliates": a name that speaks of itself as "itself" is no person
                ent = NamedEntity(ent.name, ent.key, SubjectType.LEGAL_ENTITY)
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
        rf"({COMPANY})\s*\(?,?\s*(?:{_FORMER})\s+({COMPANY})",
        _KW_NAME_CHANGE,
    ):
        new_ent, old = _company(m.group(1)), _company(m.group(2))
        if new_ent is not None and old is not None:
            ctx.add_alias(old.name, new_ent, (m.start(), m.end()), "former_name")
    return defs


# How near two parties' definitions stand when a passage restates the list of parties.
_RESTATED_SPAN = 600

# A list's joiner after a comma and the next item of the list: a blank ("[●]", "[___]") or a
# capitalised word ("..., and Beta LLC (").
_ITEM_AFTER_JOINER = re.compile(rf",\s+(?:{_LIST_JOINER})\s+(?:\[|[A-Z0-9])")


def _restated_terms(
    ctx: BindingContext, parties: list[tuple[NamedEntity, list[str], int, int]]
) -> dict[str, list[str]]:
    """The defined terms the document gives each of the preamble's `parties` where it restates
    them, away from the preamble: an exhibit or schedule that names the same parties again, each
    with its term ("EXHIBIT 1 ... between Acme Inc., with an office at 12 Elm Road, Boston
    ("AEIS") and Beta LLC, 1 Main Street ("Seller")"). A term counts where another party's
    definition stands near it (a list of the parties, not a term one clause gives one party),
    the document binds it to that party, and no party already holds it."""
    keys = {p[0].key for p in parties}
    held = {entity_key(t) for p in parties for t in p[1]}
    defined = [d for d in ctx.definitions if d[0].key in keys]
    text = ctx.flow.text
    out: dict[str, list[str]] = {}
    for ent, terms, at, until in defined:
        # A term follows the name it defines: after the list's joiner and the next item
        # ("Nuveen Fund Advisors, LLC, a registered investment adviser ..., and [●] (the
        # "Remarketing Agent")"), it names that item, a blank or a name, not this party.
        if _ITEM_AFTER_JOINER.search(text, at, until):
            continue
        if not any(
            o.key != ent.key and abs(at - other) <= _RESTATED_SPAN for o, _, other, _ in defined
        ):
            continue
        for term in terms:
            key = entity_key(term)
            alias = ctx.aliases.get(key)
            if key in held or alias is None or alias.entity_key != ent.key:
                continue
            if term not in out.setdefault(ent.key, []):
                out[ent.key].append(term)
    return out


class DefinedTerms(BindingRule):
    """Defined terms ('Acme Inc. (the "Company")'), trade names ("d/b/a") and former names
    ("f/k/a"): aliases scoped to the document, which later rules resolve."""

    name = "defined_terms"
    genre = "defined terms: aliases scoped to the document"
    reads = (
        "agreements",
        "charters and certificates",
        "filings",
        "any document that defines its terms",
    )

    def read(self, ctx: BindingContext) -> None:
        ctx.definitions.extend(_defined_terms(ctx))


class PreambleParties(BindingRule):
    """An agreement's preamble ("This Agreement is made ... by and between A and B"), or a
    form's filled-in party fields: the agreement, its parties, their roles and jurisdictions.
    Where neither names two parties, a sentence of prose that does ("This is a hosting
    agreement between A and B.") or short names in brackets the opening defines ("A OF 12 Elm
    Road (A) certifies ... by B, INC. (B)")."""

    name = "preamble_parties"
    genre = "agreement preambles: the parties"
    reads = (
        "agreements, amendments, leases, indentures, notes, guaranties",
        "powers of attorney",
        "order forms",
    )

    def read(self, ctx: BindingContext) -> None:
        self._read_preamble(ctx)
        # Only an agreement's own text: a filing that mentions "the merger agreement between
        # A and B" or defines "Acme Corp. (ACME)" names no party of its own.
        typed = ctx.doc.document_type in lexicon().prose_party_document_types
        if typed and len({p[0].key for p in ctx.parties}) < 2:
            self._prose_parties(ctx)

    def _prose_parties(self, ctx: BindingContext) -> None:
        """The parties a sentence of prose names ("This is a hosting agreement between
        Acme.com and deep systems."), where no preamble named two."""
        bound = list({p[0].key: p[0] for p in ctx.parties}.values())
        found = prose_parties(ctx.flow.text, bound)
        if found is None:
            aliased = aliased_parties(
                ctx.flow.text, bound, lambda t: _NON_ENTITY_TERMS.match(t) is not None
            )
            if not aliased:
                return
            found = aliased, aliased[0][1]
        pairs, start = found
        keys = {base_key(b.name) for b in bound}
        new: list[tuple[NamedEntity, list[str], int, int]] = [
            (e, [], s, t) for e, s, t in pairs if base_key(e.name) not in keys
        ]
        if not new:
            return
        agreements = [b for b in ctx.bindings.values() if b.role == "agreement"]
        if not agreements:
            self._emit_parties(ctx, new, start, max(t for _, _, _, t in new))
            return
        agreement = NamedEntity(
            agreements[0].subject_name, agreements[0].subject_key, SubjectType.AGREEMENT
        )
        for ent, _, s, t in new:
            ctx.emit_party(ent, agreement, (s, t), {}, None)

    def _read_preamble(self, ctx: BindingContext) -> None:
        text = ctx.flow.text
        start_m = _preamble_start(text)
        while start_m is not None and _referenced_lists(text, start_m.start(), start_m.end()):
            # "pursuant to the Merger Agreement, dated ..., by and among A, B and C" opens
            # no preamble of this document: it lists another agreement's parties.
            start_m = _preamble_start(text, start_m.end())
        cover = _cover_parties(ctx) or _block_list_parties(ctx)
        # A letter agreement's addressee, sender and accepting company are parties that no
        # preamble sentence names; they join those the cover page lists. A document with a
        # preamble of its own below the letter is that preamble's: the letter only covers it.
        letter, letter_end = letter_parties(ctx)
        if start_m is not None and start_m.start() >= letter_end:
            letter = []
        cover += [p for p in letter if p[0].key not in {c[0].key for c in cover}]
        if self._agreement_at(ctx, start_m, first=True, cover=cover):
            return
        # A title line can open like a preamble ("MAINTENANCE AGREEMENT BETWEEN A AND B")
        # and name no party the way a preamble does: the next opening may be the preamble.
        for _ in range(2):
            if start_m is None:
                break
            start_m = _preamble_start(text, start_m.end())
            if start_m is not None and start_m.start() > _RETRY_CHARS:
                break  # a later opening that far in is another document's, or prose
            if start_m is not None and self._agreement_at(ctx, start_m, first=False, cover=cover):
                return
        if len(cover) >= 2 or letter:
            # A cover page or a letter's head and foot name the parties that no preamble
            # sentence does.
            self._emit_parties(ctx, cover, min(c[2] for c in cover), max(c[3] for c in cover))
            return
        self._labelled_block(ctx)

    def _agreement_at(
        self,
        ctx: BindingContext,
        start_m: re.Match[str] | None,
        *,
        first: bool,
        cover: list[tuple[NamedEntity, list[str], int, int]],
    ) -> bool:
        """The agreement and its parties from the preamble that opens at `start_m` (on the
        `first` try, a defined term may open it too), with those its `cover` page lists that
        the preamble does not name; False when it names too few parties."""
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
        end_m = _PREAMBLE_END.search(text, start + 1, start + ctx.preamble_chars)
        while (
            end_m is not None
            and end_m.group(0).lstrip().startswith("1.")
            and _NUMBERED_PARTY.search(text, start, end_m.start() + 1)
        ):
            # "BETWEEN\n1. HealthGate Data Corp., ...\nAND\n2. Blackwell ...": a list of
            # the parties numbered from 1, not the first section.
            end_m = _PREAMBLE_END.search(text, end_m.end(), start + ctx.preamble_chars)
        end = end_m.start() if end_m else min(len(text), start + ctx.preamble_chars)
        defs = _defined_terms(ctx, start, end, preamble=True)
        # Labelled parties: "Party A: Beike Internet Security Technology Co., Ltd."
        labelled = re.compile(
            rf"(?m)^\s*(?P<label>[A-Z][A-Za-z]*(?:\s+[A-Z][A-Za-z]*)?)\s*:\s*(?P<name>{COMPANY})"
        )
        labels_from = start
        if start_m is None or min(starts) != start_m.start():
            # A defined term opened the preamble, no sentence: it may stand inside a block of
            # labelled parties, below the first ("Party A: Xi'an ... Co., Ltd. / Legal
            # Representative: ... / ... China Recycling Energy Corporation (the "Company") ...
            # / Party B: ..."): the block's labels above it count too.
            for m in labelled.finditer(text, max(0, start - _LABELLED_CHARS), start):
                if _contract_role(m.group("label")) and _company(m.group("name")) is not None:
                    labels_from = m.start()
                    break
        for m in labelled.finditer(text[labels_from : end + 2000]):
            for label, name, span in self._labels_on_line(m, labels_from):
                ent = _company(name)
                if ent is not None and _contract_role(label):
                    ctx.add_alias(label, ent, span, "defined_term")
                    defs.append((ent, [label], *span))
                    end = max(end, span[1])
        defs.extend(self._form_field_parties(ctx, start, end, {d[0].key for d in defs}))
        parties: list[tuple[NamedEntity, list[str], int, int]] = []
        seen: set[str] = set()
        referenced = _referenced_lists(text, start, end)

        def another_agreements(at: int) -> bool:
            return any(lo <= at < hi for lo, hi in referenced)

        for ent, terms, name_pos, def_end in defs:
            span = (name_pos, def_end)
            if another_agreements(name_pos):
                continue
            before = text[max(start, name_pos - 30) : name_pos]
            if (
                re.search(r"(?i)\b(?:of|under|to|from|in|at|on|for|by)\s+(?:the\s+)?$", before)
                and not re.search(rf"(?i)\b(?:and|{_LIST_OPENER})\s+(?:by\s+)?$", before)
                and not _MADE_BY.search(text, max(start, name_pos - 100), name_pos)
                and not _FOR_PARTY.search(before)
                and not _MEMBERS_OF.search(before)
                and not _SIGNER_FOR.search(text, max(start, name_pos - 160), name_pos)
                # the person a loan-out company contracts for, with a term of its own
                and not (
                    ent.subject_type == SubjectType.INDIVIDUAL and _PRINCIPAL_BEFORE.search(before)
                )
            ):
                continue
            # "has filed with the Securities and Exchange Commission (the "Commission")": a body
            # with no legal form that prose deals with is named in passing (a bare name may
            # hold its "the").
            said = before + (ent.name[:4] if ent.name.lower().startswith("the ") else "")
            if not looks_like_company(ent.name) and re.search(r"(?i)\bwith\s+the\s+$", said):
                continue
            if ent.key in seen:
                for p in parties:
                    if p[0].key == ent.key:
                        p[1].extend(t for t in terms if t not in p[1])
                continue
            seen.add(ent.key)
            parties.append((ent, list(terms), span[0], span[1]))
        if start_m is not None and start_m.re is _PARTIES_AGREE:
            # The sentence's subject: its first party, with no connector before it.
            ent = _company(start_m.group("subject"))
            if ent is not None and ent.key not in seen:
                name_at, name_end = start_m.span("subject")
                # its term may be written bare: "Acme Widget Corp., a Texas corporation (AWC)";
                # where it spells the words of a place after the legal form too ("Mutual
                # Insurance Corporation of America ... (MICOA)"), those are the name's
                of = re.match(_OF_PLACE, text[name_end:end])
                if of is not None:
                    named = re.sub(r"\s+", " ", f"{ent.name}{of.group(0)}")
                    if _bare_initials(text[name_end + of.end() : end], named):
                        ent = NamedEntity(named, entity_key(named), SubjectType.LEGAL_ENTITY)
                        name_end += of.end()
                initials = _bare_initials(text[name_end:end], ent.name)
                terms = [initials] if initials else []
                if initials:
                    ctx.add_alias(initials, ent, (name_at, name_end), "defined_term")
                seen.add(ent.key)
                parties.insert(0, (ent, terms, name_at, name_end))
        # Parties named without a defined term: "between Acme Inc. and Beta LLC". A list may
        # number its parties ("between (a) Acme Ltd ... and (b) Beta GmbH"); in capitals a
        # connector on a line of its own counts before a number ("BETWEEN (1) Acme Ltd ... AND
        # 2. Beta GmbH") or with its colon ("BETWEEN: Acme Ltd ... AND: Beta GmbH"), not before
        # a name run into a cover's title.
        region = text[start:end]
        connected = re.finditer(
            rf"(?:\b(?:{_LIST_OPENER}|with|and|(?:entered\s+into|made)\s+by|{_MEMBER_LEAD})\s*:?\s+"
            rf"{_LIST_NUMBER}?"
            rf"|(?:^|\n)[ \t]*(?:BETWEEN|AMONG|AND|Between|And)[ \t]*:?\s+{_LIST_NUMBER}"
            rf"|\b(?i:{_LIST_OPENER}|and)[ \t]*:\s*{_LIST_NUMBER}?)({COMPANY})",
            region,
        )
        # ... or list them after commas ("..., Marathon Partners L.P., Marathon Focus Fund L.P.
        # and Mario Cibelli (collectively, the "Marathon Parties")"), read on their own so that
        # a comma's false start consumes no connector's name.
        listed = re.finditer(rf",[ \t]*\n?[ \t]*({COMPANY})", region)
        # ... or open the preamble's sentence with the first of them, another joined to it
        # ("WYZZ, Inc. and WYZZ Licensee, Inc. (collectively "WYZZ") and ... hereby enter
        # into ..."): the sentence may start a line or two above the preamble's first term.
        for hm in _OPENING_NAMES.finditer(text, self._sentence_start(text, start), end):
            if hm.start() > start:
                break  # a line inside the preamble: no opening
            opened = [(_company(hm.group(g)), hm.start(g), hm.end(g)) for g in (1, 2)]
            for ent, at, stop in opened:
                if ent is not None and ent.key not in seen and not another_agreements(at):
                    seen.add(ent.key)
                    parties.append((ent, [], at, stop))
            break
        # Where the names a connector leads into end: a name after a comma that ends there too
        # is the same name read from an earlier start, the address or place before it run in
        # ("..., 838 01 Bratislava, Slovakia / and Unit 4 Media LLC" is no "Media LLC" nor
        # "Slovakia and Unit 4 Media LLC").
        connected_ends: set[int] = set()
        for m, after_comma in [*((m, False) for m in connected), *((m, True) for m in listed)]:
            if after_comma and m.end(1) in connected_ends:
                continue
            ent = _company(m.group(1), _ends_address(region[: m.start(1)]))
            if ent is not None:
                ent = _placed(ent, region, m.end())[0]
                if not after_comma:
                    connected_ends.add(m.end(1))
            if ent is None or ent.key in seen or another_agreements(start + m.start(1)):
                continue
            if _joined_to_name(region[max(0, m.start() - 60) : m.start(1)]):
                # "published by the International Swaps and Derivatives Association, Inc.": the
                # "and" joins a name's words, it lists no party after it
                continue
            if after_comma and _in_address(region[max(0, m.start() - 200) : m.start()]):
                # "... with an address at Building 2, Kapashera, Near HDFC Bank, New Delhi": a
                # landmark of the address, no party listed after a comma
                continue
            after = region[m.end() : m.end() + 40]
            if after_comma and (
                not (
                    re.match(
                        rf"\s*\.?\s*(?:,\s*(?:and\s+)?[A-Z]|and\b|\((?:{_LIST_END})\b)",
                        after,
                    )
                    # ... or goes on after its descriptor ("..., White Hat SP GP LLC, a
                    # Delaware limited liability company, White Hat Capital Partners LP, ...")
                    or _DESCRIBED_LISTED.match(region, m.end())
                )
                or _ARTICLE_INSIDE.match(m.group(1))
            ):
                # A name after a comma is a listed party only where the list goes on with
                # another name, and never a descriptor in capitals ("..., A SWISS CORPORATION");
                # one described ("Orion Field Tech LLC, a Utah limited liability company (...)")
                # is a party where its own bracket defines its term.
                continue
            # A defined term written without quotes: "Acme Pipeline Company (Transporter)", or
            # the name's initials, after its descriptor or none ("..., a Texas corporation (AWC)").
            bare = re.match(r"\s*\((?:the\s+)?([A-Z][A-Za-z]+)\)", after)
            initials = _bare_initials(region[m.end() : m.end() + 200], ent.name)
            # A bracket after the name defines its term (read above), unless it names the
            # group the list ends in ("... and Cibelli Research LLC (collectively, ...)").
            if (
                after.strip().startswith("(")
                and not (bare and (_contract_role(bare.group(1)) or initials))
                and not re.match(rf"\s*\((?:{_LIST_END})\b", after)
            ):
                continue
            terms = [bare.group(1)] if bare else [initials] if initials else []
            span = (start + m.start(1), start + m.end(1))
            if initials:
                ctx.add_alias(initials, ent, span, "defined_term")
            seen.add(ent.key)
            parties.append((ent, terms, *span))
        # A person who is a party, said to be one: "... and KATHY ROE, an individual
        # residing at ...".
        for m in re.finditer(
            rf"\b(?:{_LIST_OPENER}|with|and)\s+({PERSON}),?\s+an?\s+(?:individual|natural\s+person)\b",
            region,
        ):
            ent = _person(m.group(1))
            if ent is None or ent.key in seen or another_agreements(start + m.start(1)):
                continue
            seen.add(ent.key)
            after = region[m.end() : m.end() + 300]
            term = re.match(r"[^()]{0,200}?\((?:the\s+)?[\"“]([A-Z][\w ]{0,30})[\"”]\)", after)
            terms = [term.group(1)] if term else []
            for t in terms:
                ctx.add_alias(t, ent, (start + m.start(1), start + m.end()), "defined_term")
            parties.append((ent, terms, start + m.start(1), start + m.end(1)))
        # A person closing a list of parties right after one of them: "..., Cibelli Research &
        # Management, LLC and Mario Cibelli (collectively, the "Marathon Parties")".
        for m in re.finditer(rf",?\s+and\s+({PERSON})\s*\((?:{_LIST_END})\b", region):
            ent = _person(m.group(1))
            if ent is None or ent.key in seen or another_agreements(start + m.start(1)):
                continue
            if not any(
                p[3] <= start + m.start() and not text[p[3] : start + m.start()].strip(" ,\n")
                for p in parties
            ):
                continue  # no party of the list ends right before the "and"
            seen.add(ent.key)
            parties.append((ent, [], start + m.start(1), start + m.end(1)))
        if parties and cover:
            # A name read across the cover's lines ("Environmental Research / and / Corvel
            # Brands, Inc.") is the cover's names run together: the cover's lines say which.
            parties = [
                p
                for p in parties
                if p[1]
                or not any(c[2] < p[3] and p[2] < c[3] and c[0].key != p[0].key for c in cover)
            ]
            seen = {p[0].key for p in parties}
            for ent, terms, name_at, name_end in cover:
                if ent.key not in seen:
                    seen.add(ent.key)
                    parties.append((ent, terms, name_at, name_end))
        if not parties or (
            len(parties) < 2
            and not any(_contract_role(t) for p in parties for t in p[1])
            and (start_m is None or start_m.start() > 6000)
            and not _BLANK_PARTY.search(text, start, end)
        ):
            return False
        self._emit_parties(ctx, parties, start, end)
        return True

    @staticmethod
    def _sentence_start(text: str, start: int) -> int:
        """Where the sentence that the line at `start` goes on starts: up to two lines above,
        none ending a sentence or a clause."""
        at = start
        for _ in range(2):
            if at == 0:
                break
            prev = text.rfind("\n", 0, at - 1) + 1
            line = text[prev : at - 1]
            if not line.strip() or re.search(r"[.;:]\s*$", line):
                break
            at = prev
        return at

    @staticmethod
    def _labels_on_line(m: re.Match[str], offset: int) -> list[tuple[str, str, tuple[int, int]]]:
        """(label, name, span) of a labelled party's match `m` (its text from `offset`): two
        labels on one line ("Licensor: PACIFICAP ENTERTAINMENT Licensee THE HENRY FILM AND
        ENTERTAINMENT CORPORATION") label two names, the second a company after a role word,
        and the first runs to that word (a party only where it is a company itself)."""
        name = m.group("name")
        # Both labels are roles, on the line the first opens ("Title: Managing Director /
        # Kestrel Fund II, L.P." holds no second label).
        first_line = name.split("\n", 1)[0]
        inner_labels = re.finditer(r"\s([A-Z][a-z]+)\s+", first_line)
        for inner in inner_labels if _contract_role(m.group("label")) else ():
            if _contract_role(inner.group(1)) and _COMPANY_RE.fullmatch(name, inner.end()):
                cut = offset + m.start("name") + inner.start()
                first = (m.group("label"), name[: inner.start()], (offset + m.start(), cut))
                second = (inner.group(1), name[inner.end() :], (cut + 1, offset + m.end()))
                return [first, second] if _COMPANY_RE.fullmatch(first[1]) else [second]
        return [(m.group("label"), name, (offset + m.start(), offset + m.end()))]

    def _emit_parties(
        self,
        ctx: BindingContext,
        parties: list[tuple[NamedEntity, list[str], int, int]],
        start: int,
        end: int,
    ) -> None:
        """The agreement that opens at `start` (its date before `end`) and its parties, each
        with its terms' roles and its jurisdiction."""
        text = ctx.flow.text
        parties = [p for p in parties if not described_party(p[0].name)]
        if not parties:
            return
        # The title above the preamble, or above the sentence that names the first party
        # (a preamble found from an earlier "This Agreement may be executed ..." runs on).
        first_named = min(p[2] for p in parties)
        agreement = NamedEntity(
            ctx.agreement_title(start)
            or ctx.agreement_title(text.rfind("\n", 0, first_named) + 1)
            or "Agreement",
            ctx.agreement_key,
            SubjectType.AGREEMENT,
        )
        names = []
        restated = _restated_terms(ctx, parties)
        for ent, terms, s, e in sorted(parties, key=lambda p: p[2]):
            names.append(ent.name)
            roles = [r for r in (_contract_role(t) for t in terms) if r]
            attrs = {"contract_role": roles[0]} if roles else {}
            if terms or restated.get(ent.key):
                attrs["defined_terms"] = "; ".join([*terms, *restated.get(ent.key, [])])
            ctx.emit_party(ent, agreement, (s, e), attrs, roles[0] if roles else None)
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
        ctx.emit_agreement(agreement, names, (min(start, first_party), last_party), date)

    def _labelled_block(self, ctx: BindingContext) -> None:
        """An agreement that opens with its parties labelled by their roles and no preamble
        sentence names them ("Party A: / Beijing Baidu Netcom ... Co., Ltd. / Address: ...
        / Party B: China Online Housing ... Co., Ltd.", "Party A: People's Government of
        Fenyi County Party B: Xinyu Xinwei New Energy Co., Ltd."): two or more labels, each a
        contract role, each before a name."""
        if ctx.doc.document_type not in {"agreement", "amendment"}:
            return  # a filing's or a form's "Company:" fields make no agreement
        text = ctx.flow.text
        limit = min(len(text), _LABELLED_CHARS)
        labels = list(_ROLE_LABEL.finditer(text, 0, limit))
        parties: list[tuple[NamedEntity, list[str], int, int]] = []
        spans: list[tuple[int, int]] = []  # each party's label and name, its alias's span
        for k, m in enumerate(labels):
            role = _contract_role(m.group("label"))
            if role is None:
                continue
            stop = labels[k + 1].start() if k + 1 < len(labels) else limit
            value = text[m.end() : stop]
            cm = _COMPANY_RE.match(value)
            if cm is not None:
                ent = _company(cm.group(0))
                name_end = cm.end()
            else:
                # A name without a legal form runs to its line's end or the next label.
                line = value.split("\n", 1)[0].strip(" ,;")
                name = _clean_name(line) if re.fullmatch(_BARE_LABELLED, line) else None
                ent = (
                    NamedEntity(name, entity_key(name), SubjectType.LEGAL_ENTITY) if name else None
                )
                name_end = len(value.split("\n", 1)[0])
            if ent is None or any(p[0].key == ent.key for p in parties):
                continue
            at = m.end() + len(value) - len(value.lstrip())
            parties.append((ent, [m.group("label")], at, m.end() + name_end))
            spans.append((m.start(), m.end() + name_end))
        if len(parties) < 2:
            parties, spans = self._bare_labelled(text, limit)
        if len(parties) < 2:
            return  # one label is a form's field, not the agreement's parties: no alias either
        for (ent, (label,), _, _), span in zip(parties, spans, strict=True):
            ctx.add_alias(label, ent, span, "defined_term")
        self._emit_parties(ctx, parties, min(p[2] for p in parties), limit)

    @staticmethod
    def _bare_labelled(
        text: str, limit: int
    ) -> tuple[list[tuple[NamedEntity, list[str], int, int]], list[tuple[int, int]]]:
        """Parties labelled in capitals with no colon ("SHIPPER ECOPETROL S.A."): each label a
        contract role, each name in capitals with a legal form; (parties, label spans)."""
        parties: list[tuple[NamedEntity, list[str], int, int]] = []
        spans: list[tuple[int, int]] = []
        for m in _BARE_ROLE_LABEL.finditer(text, 0, limit):
            if _contract_role(m.group("label")) is None:
                continue
            cm = _COMPANY_RE.match(text, m.end())
            if cm is None or "\n" in cm.group(0) or not cm.group(0).isupper():
                continue
            line_end = text.find("\n", cm.end())
            rest = text[cm.end() : line_end if line_end >= 0 else len(text)]
            if line_end - m.start() > 80 or not _FIELD_REST.fullmatch(rest):
                continue  # a line of prose in capitals ("LICENSEE SHALL PAY ACME INC. ...")
            ent = _company(cm.group(0))
            if ent is None or any(p[0].key == ent.key for p in parties):
                continue
            if not role_labels_name(m.group("label"), ent, text):
                continue  # the line is a name read whole ("FUND ADMINISTRATION SERVICES LLC")
            parties.append((ent, [m.group("label")], m.end(), cm.end()))
            spans.append((m.start("label"), cm.end()))
        return parties, spans

    def _form_field_parties(
        self, ctx: BindingContext, start: int, end: int, named: set[str]
    ) -> list[tuple[NamedEntity, list[str], int, int]]:
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
        out: list[tuple[NamedEntity, list[str], int, int]] = []
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
    def _under_title(ctx: BindingContext, line: int) -> bool:
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

    def _party_jurisdiction(self, ctx: BindingContext, ent: NamedEntity, name_at: int) -> None:
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
            subject=NamedEntity(jur, entity_key(jur), SubjectType.JURISDICTION),
            parent=ent,
            binding_type=BindingType.REGISTRATION,
            span=(name_at, dm.end()),
        )

    def _flow_span(
        self, ctx: BindingContext, char_start: int, char_end: int
    ) -> tuple[int, int] | None:
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
