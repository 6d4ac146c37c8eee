"""Signature blocks: who signs for which party, and an agreement's parties where no
preamble names them."""

from __future__ import annotations

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
)
from ingest.bindings._context import BindingContext
from ingest.bindings._names import (
    _COMPANY_RE,
    PERSON,
    NamedEntity,
    _cells,
    _company,
    _contract_role,
    _is_capacity,
    _person,
    _title_roles,
    role_labels_name,
)
from ingest.bindings._rule import BindingRule


def _any(words: tuple[str, ...]) -> str:
    """The lexicon's words as one alternation, in its order."""
    return "|".join(re.escape(w) for w in words)


# A signature block's own words (vocabulary.yaml): its "By", the "its" of the capacity an
# entity signs in, the signer's "Name:" and "Title:" labels, a date's label.
_BY = _any(lexicon().signature_by_words)
_ITS = _any(lexicon().signature_capacity_words)
_NAME_LABELS = "|".join(lexicon().signer_name_labels)
_TITLE_LABELS = "|".join(lexicon().signer_title_labels)

# The words a party accepts with above its name: "AGREED:", "Accepted and agreed to by:",
# "ACKNOWLEDGED AND AGREED AS OF THE DATE FIRST WRITTEN ABOVE:" (and no one else's role).
_ACCEPTS = _any(lexicon().acceptance_heading_words)
_ACCEPTANCE = re.compile(
    rf"(?i)^(?:{_ACCEPTS})\b(?:[\s,]+(?:{_ACCEPTS}"
    rf"|{_any(lexicon().acceptance_heading_fillers)})\b)*[\s,]*:\s*(?:\|\s*)?"
)


# What a block's head says before the party it signs for: "For and on behalf of Acme Ltd."
_SIGNS_FOR = re.compile(rf"(?i)^(?:{'|'.join(lexicon().signing_for_leads)})\s+(?:the\s+)?")
_SIGNING_LEAD = re.compile(rf"(?i)\b(?:{'|'.join(lexicon().signing_for_leads)})\s+(?:the\s+)?")


# A name with no legal form after a signing lead ("For and on behalf of Korea Telecom", "...
# of The Communications Authority of Thailand", "... of TT dotCom Sdn Bhd"): capitalised words
# (or one in lower case with a capital inside: "dotCom"), the links a name takes between them.
# The lead says the words name the party, as a legal form would.
_BARE_SIGNED_FOR = re.compile(
    r"(?:The\s+)?[A-Z0-9][\w'’.&\-]*(?:\s+(?:(?:"
    + "|".join(lexicon().signing_for_name_links)
    + r")\s+)?(?:[A-Z0-9][\w'’.&\-]*|[a-z]+[A-Z][\w'’.&\-]*)){0,7}"
)


_NOT_SIGNED_FOR = lexicon().signing_for_non_parties
_NOT_SIGNED_FOR_PHRASE = re.compile(
    rf"(?i)\b(?:{'|'.join(lexicon().signing_for_non_party_phrases)})\b"
)
# what only a person's name holds: an initial between names, a generational suffix
_PERSON_MARK = re.compile(
    r"\s[A-Z]\.?\s"
    + rf"|(?i:,?\s(?:{'|'.join(re.escape(g) for g in sorted(lexicon().generational_suffixes))})\.?$)"
)
_HONORIFIC = re.compile(
    rf"(?i)^(?:{'|'.join(re.escape(h) for h in sorted(lexicon().honorifics))})\b\.?"
)


def _bare_signed_for(t: str) -> NamedEntity | None:
    """The party a signing lead names where no legal form marks it ("Korea Telecom"); None
    for a role or another generic term ("Licensee", "Company"), a number, or prose."""
    name = t.strip(" ,.")
    if (
        len(name) > 80
        or _BARE_SIGNED_FOR.fullmatch(name) is None
        or re.search(r"\d", name)
        or is_generic_term(name)
        or _contract_role(name)
        or any(w.lower() in _NOT_SIGNED_FOR for w in name.split())
        or _NOT_SIGNED_FOR_PHRASE.search(name)
        # a person ("Mr. John Smith", "John W. Smith", "John Smith Jr."), never a legal
        # entity; a plain two-word name ("Jane Roe") has a company's shape too ("Korea
        # Telecom", "Morgan Stanley") and is kept
        or _HONORIFIC.match(name)
        or (is_person_name(name) and _PERSON_MARK.search(name) is not None)
    ):
        return None
    return NamedEntity(name, entity_key(name), SubjectType.LEGAL_ENTITY)


def _labelled_bare(role: str, name: str) -> NamedEntity | None:
    """ "SPONSOR: Rubio's Fresh Mexican Grill": a role's label vouches for a bare name as a
    signing lead does; a person's name is no party it signs for, and a name of two words may
    be a person's ("EMPLOYEE: Jane Doe")."""
    if not _contract_role(role):
        return None
    bare = _bare_signed_for(name)
    if bare is not None and (len(name.split()) >= 3 or not is_person_name(bare.name)):
        return bare
    return None


# A role's label and a bare name right before a signature, where blocks ran together.
_LABELLED_BARE = re.compile(
    r"(?<![\w'’])(?P<role>[A-Z][A-Za-z]*)[ \t]*:[ \t]*(?P<name>[A-Z][^\n:]{1,80}?)[ \t]+"
    rf"(?=(?:{'|'.join(w.capitalize() for w in lexicon().signature_by_words)})\s*:|/s/)"
)


# An English execution clause at a line's start: the signer before a signing lead, the party
# after it, with the brackets of the clause's column and the signature between ("SIGNED by JANE
# ROE ) duly authorised for and on behalf of ) /s/ Jane Roe ACME LIMITED )"), or the party
# first and its signer after ("Signed for and on behalf of Acme Ltd. by Jane Roe").
_EXECUTION_CLAUSE = re.compile(
    rf"(?im)^[ \t]*(?:{'|'.join(lexicon().execution_clause_words)})\b(?P<signer>[^;]{{0,120}}?)"
    rf"\b(?:{'|'.join(lexicon().signing_for_leads)})\b(?P<gap>[\s)\]|:]*(?:the\s+)?"
    r"(?:/s/[ \t]*)?)"
)
_SIGNED_BY = re.compile(rf"[\s,)\]|]*(?i:by)\s*:?\s+(?:\[[A-Z]+\]\s*)?({PERSON})")
# What else stands between the clause's verb and its lead: a blank to sign on, "duly
# authorised" (prose in between, "executed by an officer for and on behalf of", is no clause).
_UNNAMED_SIGNER = re.compile(
    r"(?i)[\s_.)\]|,:]*(?:by[\s_.)\]|,:]*)?"
    rf"(?:(?:{'|'.join(lexicon().execution_clause_unnamed_signers)})[\s_.)\]|,:]*)?"
)


def _signs_for_another(text: str, m: re.Match[str]) -> bool:
    """Is the company-shaped `m` one that signs for another ("By: Acme GP LLC, its general
    partner"), not a block's head ("Accepted by: Acme LLC" heads one)?"""
    return bool(
        re.search(rf"(?i)\b(?:{_BY})\s*:?\s*$", text[max(0, m.start() - 12) : m.start()])
    ) and not _ACCEPTED_BY.search(text, max(0, m.start() - 30), m.start())


# The sentence that opens an agreement's signature blocks, however it goes on ("IN WITNESS
# WHEREOF, the Parties hereto have severally subscribed these presents ...").
_IN_WITNESS = re.compile(r"(?i)\bin\s+witness\s+whereof\b")


_NAME_LINE = re.compile(rf"(?i)^(?:{_NAME_LABELS})\s*:")


# An acknowledgment's or joinder's undersigned, named ("The undersigned, ACME CORP., ... and
# BETA LLC ... hereby acknowledge ..."), and what they do (vocabulary.yaml
# undersigned_party_verbs).
_UNDERSIGNED_NAMED = re.compile(r"(?i)\bthe\s+undersigned\s*,\s*")
_UNDERSIGNED_VERB = re.compile(rf"(?i)\b(?:{_any(lexicon().undersigned_party_verbs)})\b")


# The sentence before an agreement's signature blocks: "IN WITNESS WHEREOF, the undersigned
# hereby execute this Agreement", "... have executed this Agreement as of the date ...".
_EXECUTES_THIS = re.compile(
    r"(?i)\bin\s+witness\s+whereof\b[^.]{0,200}?(?:\bexecute[ds]?\b[^.]{0,80}?\bthis\s+"
    r"(?:[A-Z][\w-]*\s+){0,4}(?:agreement|contract)\b|\bthis\s+(?:[A-Z][\w-]*\s+){0,4}"
    r"(?:agreement|contract)\b[^.]{0,80}?\bto\s+be\s+(?:duly\s+)?executed\b)"
)


# The sentence of an agreement its signers make by signing, with no preamble to name them:
# "The undersigned hereby agree that ...", "The undersigned acknowledge and agree ..." (a
# joint filing agreement, a consent).
_UNDERSIGNED_AGREE = re.compile(
    r"(?i)\bthe\s+undersigned\s+(?:hereby\s+)?(?:acknowledge\s+and\s+)?agree\b"
)


# The words a party accepts with before the name of the party that signs ("Acceptance by
# Developer ACME INC. By: /s/ ...", "Agreed by: ACME INC."): the "by" signs for no one.
_ACCEPTED_BY = re.compile(
    rf"(?i)\b(?:{'|'.join(lexicon().accepted_by_words)})\s+by\b[^\n]{{0,14}}$"
)


# A signature block's head where the layout is lost (the blocks run on in one paragraph):
# a name right before its signature ("SCULPTOR CAPITAL LP By: /s/ ...", "ABP TRUST /s/ ...").
_SIGNS_NEXT = re.compile(
    rf"[ \t]*\n?[ \t]*(?:(?:{'|'.join(w.capitalize() for w in lexicon().signature_by_words)})"
    r"\s*:|/s/)"
)


# The words a party accepts with, alone on a line: what opens an agreement's signature blocks
# where no "IN WITNESS WHEREOF" does.
_ACCEPTANCE_WORDS = "|".join(lexicon().acceptance_line_words)
_ACCEPTANCE_LINE = re.compile(
    rf"(?im)^[ \t]*(?:{_ACCEPTANCE_WORDS})\b(?:[ \t]+(?:and|&|{_ACCEPTANCE_WORDS}"
    r"|to|by))*[ \t]*:[ \t]*$"
)


# A signature block's "By:" line ("Signed:" too), and what may stand between two of them in a row of blocks
# read a line a cell: a signature, a rule to sign on. The block's date may run into the line
# before it ("Date: July 16, 2012 By: /s/ Jane Roe").
_BY_LINE = re.compile(
    rf"^\s*(?:(?:{'|'.join(lexicon().signature_date_labels)})\s*:\s*[\w ,./\-]{{0,30}}?\s+)?"
    rf"(?:(?:{_BY})\s*:?|(?:{'|'.join(lexicon().signature_line_words)})\s*:)\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_SIGNATURE = re.compile(r"^\s*(?:/s/.*|[_\-\s]+)$")


# A head's descriptor after its name ("THE BANKERS BANK, a Georgia banking corporation").
_DESCRIBED = re.compile(r",\s+an?\b[^,()]*$")


# The end of a signature block above: its signer's "Name:" or "Title:" line.
_BLOCK_END = re.compile(rf"(?i)^(?:{_NAME_LABELS}|{_TITLE_LABELS})\s*:")


# What marks an execution clause as laid out to be signed: its column's brackets, a cell's
# bar, a blank to sign on.
_LAYOUT = re.compile(r"[)\]|]|_{2,}")


def _signature_area(
    text: str,
    signed: list[tuple[NamedEntity, tuple[int, int]]],
    clauses: list[re.Match[str]],
) -> int:
    """Where an agreement's signature area opens: its "IN WITNESS WHEREOF", the words a party
    accepts with on a line of their own, its first signature block or the first of its
    execution `clauses` that names its signer, whichever comes first (the text's end where
    none does)."""
    starts = [m.start() for m in (_IN_WITNESS.search(text), _ACCEPTANCE_LINE.search(text)) if m]
    starts += [span[0] for _, span in signed]
    starts += [m.start() for m in clauses if _SIGNED_BY.match(m.group("signer"))]
    return min(starts, default=len(text))


def _labels_company(ctx: BindingContext, label: str, company: NamedEntity) -> bool:
    """ "WATER CO" for WATER CO, INC. (its name's first words) or a defined term for it."""
    words = entity_key(label).split()
    for key in (entity_key(company.name), base_key(company.name)):
        if words and key.split()[: len(words)] == words:
            return True
    term = ctx.terms.get(entity_key(re.sub(r"(?i)^the\s+", "", label)))
    return term is not None and term.key == company.key


# A bracket that `COMPANY` takes in only right before a legal form (several words, or a comma
# after it: "(HONG KONG)", "(U.S.),"), at the head of a run of capitals, a numeral before it.
_BRACKET_TAIL = re.compile(r"(?:[IVX]+\s+)?\((?:[^()]*\s[^()]*\)|[^()]*\),)")


def _after_capacity(words: list[str]) -> list[str]:
    """A block's head without the title of the block above that runs into it ("Title:
    Managing Director PRAIRIE ACQUIROR LP"): cut after the shortest run of words that states a
    capacity and leaves a company's name ("Thomas Sipp Chief Financial Officer SCULPTOR
    MANAGEMENT, INC.": a longer run, "... Officer SCULPTOR", states one too, and leaves
    "MANAGEMENT, INC."); and without a date's number before it."""
    for k in range(1, len(words)):
        # the capacity may follow the signer's name ("Jane Roe Managing Director"): a title
        # that the test reads alone
        stated = any(_is_capacity(" ".join(words[j:k])) for j in range(min(k, 5)))
        if stated and _company(" ".join(words[k:])):
            words = words[k:]
            break
    while words and re.search(r"\d", words[0]):
        words = words[1:]
    return words


# A word that goes on a name rather than opening one: a roman numeral, a bracket's start.
_NAME_GOES_ON = re.compile(r"^(?:[IVX]+,?|\(.*)$")


def _capitals(words: list[str]) -> list[str]:
    """A name in capitals after words in lower case is the capitals ("Roe Chief Financial
    Officer HARROW & VALE CAPITAL LP")."""
    for k in range(1, len(words)):
        if _NAME_GOES_ON.match(words[k]):
            # A numeral or a bracket opens no name: it goes on the words before it ("HARROW
            # Global Investments II (U.S.), Ltd.", not "II (U.S.), Ltd.").
            continue
        tail = " ".join(words[k:])
        if (tail.isupper() or _capitals_but_form(tail)) and len(base_key(tail).split()) >= 2:
            return words if " ".join(words[:k]).isupper() else words[k:]
    return words


# The headings over signature blocks ("SIGNATURE PAGE", "IN WITNESS WHEREOF", "AGREED AND
# ACCEPTED:"), and a role label ("CUSTOMER", "SPONSOR:"), at a run-on head's start.
_HEADING = re.compile(
    rf"(?i)^(?:{'|'.join(lexicon().signature_headings)}|(?:{_ACCEPTS})(?:\s+(?:{_ACCEPTS}"
    rf"|{_any(lexicon().acceptance_heading_fillers)}))*)(?![\w'’&])[\s,:]*"
)
_ROLE_LABEL = re.compile(r"^([A-Za-z]+(?:\s+[A-Za-z]+){0,2})\s*:\s*|^([A-Z]+)\s+(?=\S)")


def _unheaded(name: str, text: str) -> str:
    """A run-on block's head without the heading and the role label before its name
    ("SIGNATURE PAGE CUSTOMER: HARROW & VALE MEDIA LLC" is HARROW & VALE MEDIA LLC): cut
    where what is left still names a company of two words or more; a role in capitals with no
    colon only where it labels the name rather than opening it (`role_labels_name`:
    "PRINCIPAL FINANCIAL GROUP, INC." keeps its first word)."""
    while True:
        cut = None
        heading = _HEADING.match(name)
        if heading is not None and heading.end() > 0:
            cut = name[heading.end() :]
        else:
            label = _ROLE_LABEL.match(name)
            role = label and (label.group(1) or label.group(2))
            if label is not None and role and _contract_role(role):
                rest = name[label.end() :]
                named = _company(rest)
                if named is not None and (
                    label.group(1) is not None or role_labels_name(role, named, text)
                ):
                    cut = rest
        if cut is None:
            return name
        named = _company(cut)
        if named is None or len(base_key(named.name).split()) < 2:
            return name
        name = cut


def _capitals_but_form(name: str) -> bool:
    """Is a name in capitals but for its legal form ("DEVELOPERS, Inc.", "ACME CO., Ltd.")? The
    line above it may hold the rest of its capitals ("SEATTLE SOFTWARE / DEVELOPERS, Inc.")."""
    words = name.split()
    while len(words) > 1 and legal_form("x " + words[-1]):
        words.pop()
    return len(words) < len(name.split()) and " ".join(words).isupper()


def _names_party(ent: NamedEntity) -> bool:
    """Does a block's head name a party: more than a legal form ("Sdn Bhd" cut from "TT
    dotCom Sdn Bhd"), and no section's number before it ("II. Nifty company")?"""
    words = set(base_key(ent.name).split())
    form = set((legal_form(ent.name) or "").split())
    return bool(words - form) and not re.match(r"(?i)(?:[IVX]+|\d+)\.\s", ent.name)


def _cut_from_head(text: str, at: int, party: NamedEntity) -> bool:
    """Is the party's name, on the line at `at`, the tail of a longer one ("Sdn Bhd" of "TT
    dotCom Sdn Bhd", whose word in lower case no name pattern reads)? A word of a lead right
    before it ("For and on behalf of", "signed by") cuts nothing."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    line = text[start : end if end >= 0 else len(text)]
    idx = line.find(party.name.split()[0], at - start)
    if idx < 0:
        idx = line.find(party.name.split()[0])
    word = re.search(r"(\S+)[ \t]+$", line[: max(idx, 0)])
    return bool(
        word
        and word.group(1)[0].islower()
        and word.group(1).lower() not in {"of", "the", "for", "by", "and", "behalf"}
    )


def _same_or_shorter(a: NamedEntity, b: NamedEntity) -> bool:
    """Is one name the other's, or a run of the other's words ("Acme" and "Acme Robotics")?"""
    ka, kb = base_key(a.name).split(), base_key(b.name).split()
    if a.key == b.key or not ka or not kb:
        return True
    short, long = sorted((ka, kb), key=len)
    return any(long[i : i + len(short)] == short for i in range(len(long) - len(short) + 1))


class SignatureBlocks(BindingRule):
    """Signature blocks ("ACME INC. / By: /s/ Jane Roe / Name: Jane Roe / Title: CEO"):
    the signer's title at the party; an agreement no preamble names takes its signers as
    its parties."""

    name = "signature_blocks"
    genre = "signature blocks"
    reads = ("agreements", "certificates", "letters")

    def read(self, ctx: BindingContext) -> None:
        """'ACME INC.' / 'By: /s/ Jane Roe' / 'Name: Jane Roe' / 'Title: CEO' blocks, one or
        several side by side (a table row per line, cells joined with " | ")."""
        lines = ctx.flow.lines
        by_re = _BY_LINE
        stacked = self._stacked_columns(ctx)
        for i, line in enumerate(lines):
            if i in stacked:
                continue
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
            nested = its_below = False
            for back in range(i - 1, max(-1, i - 8), -1):
                t = lines[back].text.strip().rstrip(":")
                if re.match(rf"(?i)^(?:(?:{_BY})\b|(?:{_ITS})\b)", t):
                    nested = True  # "By: Acme GP LLC, its General Partner": signs for an entity
                    its_below = its_below or bool(re.match(rf"(?i)^(?:{_ITS})\b", t))
                    continue
                if _BLOCK_END.match(t):
                    break  # an earlier block's "Name:"/"Title:": this block's head is not above
                party, other = self._signing_head(ctx, t)
                if (
                    party is not None
                    and its_below
                    and back > 0
                    and re.match(rf"(?i)^\s*(?:{_BY})\s*:?\s*$", lines[back - 1].text)
                ):
                    # "By:" on its own line above the name, "Its: General Partner" below: an
                    # entity that signs for the party above it
                    nested, party = True, None
                    continue
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
                nm = re.match(rf"(?i)^(?:{_NAME_LABELS})\s*:?\s*(.*)$", t)
                tm = re.match(rf"(?i)^(?:{_TITLE_LABELS}|{_ITS})\s*:?\s*(.*)$", t)
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
        self._execution_clauses(ctx)
        if len({p[0].key for p in ctx.parties}) < 2:
            self._signature_parties(ctx)
        self._acknowledging_parties(ctx)

    def _execution_clauses(self, ctx: BindingContext) -> None:
        """English execution clauses ("SIGNED by JANE ROE ) duly authorised for and on behalf
        of ) ACME LIMITED )"): the party right after the lead, a signature and the column's
        brackets between; its signer the person before the lead or after the party."""
        text = ctx.flow.text
        clauses = list(_EXECUTION_CLAUSE.finditer(text))
        if not clauses:
            return
        area = _signature_area(text, ctx.signers, clauses)
        for m in clauses:
            before = _SIGNED_BY.match(m.group("signer"))
            if before is None and not _UNNAMED_SIGNER.fullmatch(m.group("signer")):
                continue
            found = _COMPANY_RE.search(text, m.end(), m.end() + 200)
            if found is None or text[m.end() : found.start()].strip(" \t\n)]|:"):
                continue  # no name right after the lead ("signed ... on behalf of the Company")
            raw = found.group(0)
            if "/s/" in m.group("gap"):
                # the signature's words before the party's: its own line ("/s/ Jane Roe" above
                # "ACME LIMITED"), a name in other capitals, or the shortest person's name
                words = raw.split("\n", 1)[-1].split()
                if "\n" not in raw and _capitals(words) == words:
                    for k in range(2, min(5, len(words))):
                        if _person(" ".join(words[:k])) and _company(" ".join(words[k:])):
                            words = words[k:]
                            break
                raw = " ".join(words)
            party = _company(" ".join(_capitals(raw.split())))
            if party is None:
                continue
            signer = before or _SIGNED_BY.match(text, found.end(), found.end() + 80)
            if signer is None and m.start() < area and not _LAYOUT.search(m.group(0)):
                # no signer named, no column or blank to sign on, before the signature blocks:
                # a wrapped line of prose ("executed for and on behalf of Kestrel Holdings PLC,
                # the Customer's parent"), no execution clause
                continue
            # the signer's name is on its own line ("by Jane Roe" above "Director")
            signed = signer.group(1).split("\n", 1)[0] if signer else ""
            self._sign(ctx, party, signed, "", (m.start(), found.end()), False)

    def _stacked_columns(self, ctx: BindingContext) -> set[int]:
        """Side-by-side blocks read a row at a time, a line a cell: the heads' row ("NETZEE,
        INC." / "THE BANKERS BANK, a Georgia" / "banking corporation"), then the "By:" row
        ("By:" / "/s/ Jane Roe" / "By:" / "/s/ Adam Poe"). The k-th head signs at the k-th
        "By:" where there are as many of each; the "By:" lines read, for the caller to skip."""
        lines = ctx.flow.lines
        done: set[int] = set()
        for i, line in enumerate(lines):
            if i in done or not _BY_LINE.match(line.text) or len(line.text) > 120:
                continue
            if i > 0 and (_BY_LINE.match(lines[i - 1].text) or _SIGNATURE.match(lines[i - 1].text)):
                continue  # not the row's first "By:"
            bys = [i]
            for k in range(i + 1, min(len(lines), i + 12)):
                t = lines[k].text.strip()
                if _BY_LINE.match(t) and len(t) < 120:
                    bys.append(k)
                elif not _SIGNATURE.match(t):
                    break
            if len(bys) < 2:
                continue
            heads: list[tuple[int, NamedEntity]] = []
            back = i - 1
            while back >= 0 and len(heads) < len(bys):
                t = lines[back].text.strip()
                if (
                    len(t) < 60
                    and back > 0
                    and _DESCRIBED.search(lines[back - 1].text)
                    and _company(t) is None
                ):
                    back -= 1  # a descriptor run onto its own line: "banking corporation"
                    t = lines[back].text.strip()
                party, _ = self._signing_head(ctx, t)
                if party is None:
                    break
                heads.insert(0, (back, party))
                back -= 1
            if len(heads) != len(bys) or len({p.key for _, p in heads}) != len(heads):
                continue
            for (at, party), by_at in zip(heads, bys, strict=True):
                bm = _BY_LINE.match(lines[by_at].text)
                rest = bm.group("rest") if bm else ""
                nxt = lines[by_at + 1].text if by_at + 1 < len(lines) else ""
                if not re.sub(r"(?i)/s/|[_\-\s]", "", rest) and re.match(r"\s*/s/", nxt):
                    rest = nxt  # "By:" / "/s/ Jane Roe"
                name_raw = re.sub(r"(?i)/s/|_+|-{2,}", " ", rest).strip(" ,:")
                span = (ctx.flow.starts[at], ctx.flow.starts[by_at] + len(lines[by_at].text))
                self._sign(ctx, party, name_raw, "", span, nested=False)
            done.update(bys)
        return done

    def _acknowledging_parties(self, ctx: BindingContext) -> None:
        """An acknowledgment or joinder below an agreement's signature blocks that names its
        undersigned ("The undersigned, ACME CORP., a Delaware corporation, and BETA LLC
        (collectively, the "Borrowers"), hereby acknowledge receipt of the foregoing Agreement
        and agree to be bound by its terms"): each company it names that signs a block below
        it is a party of the agreement too, cited at its block. Only an agreement its preamble
        bound, only after its "IN WITNESS WHEREOF", only companies both named and signing."""
        agreement = next(
            (
                b
                for b in sorted(ctx.bindings.values(), key=lambda b: b.binding_id)
                if b.role == "agreement" and b.subject_key == ctx.agreement_key
            ),
            None,
        )
        text = ctx.flow.text
        witness = _IN_WITNESS.search(text)
        if agreement is None or witness is None:
            return
        bound = [p[0] for p in ctx.parties]
        done = {p.key for p in bound}
        parent = NamedEntity(agreement.subject_name, ctx.agreement_key, SubjectType.AGREEMENT)
        for m in _UNDERSIGNED_NAMED.finditer(text, witness.end()):
            verb = _UNDERSIGNED_VERB.search(text, m.end(), m.end() + 1500)
            if verb is None:
                continue
            named: dict[str, NamedEntity] = {}
            for cm in _COMPANY_RE.finditer(text, m.end(), verb.start()):
                ent = _company(cm.group(0))
                if ent is not None:
                    named.setdefault(ent.key, ent)
            for party, span in sorted(ctx.signers, key=lambda s: s[1]):
                if (
                    party.key in named
                    and party.key not in done
                    and span[0] >= verb.end()
                    and party.subject_type == SubjectType.LEGAL_ENTITY
                    # a party of the preamble signing under a shorter name is no new one
                    and not any(_same_or_shorter(party, b) for b in bound)
                ):
                    ctx.emit_party(party, parent, span, {"stated_in": "acknowledgment"}, None)
                    done.add(party.key)

    def _signature_parties(self, ctx: BindingContext) -> None:
        """An agreement whose preamble names fewer than two parties ("the undersigned hereby
        execute this Agreement", a joint filing agreement, a letter agreement, a preamble
        that names its parties by role only): the entities its signature blocks sign for are
        its parties too, each cited at its block, where with those the preamble names they
        make two or more."""
        text = ctx.flow.text
        bound = {p[0].key: p[0] for p in ctx.parties}
        executed = _EXECUTES_THIS.search(text) or _UNDERSIGNED_AGREE.search(text)
        if executed is None and (bound or ctx.doc.document_type in {"agreement", "amendment"}):
            # Where the document is an agreement, any "IN WITNESS WHEREOF" opens its blocks, or
            # the words a party accepts with on a line of their own ("ACCEPTED AND AGREED TO
            # BY:"), or an English execution clause ("SIGNED by JANE ROE for and on behalf of
            # ACME LIMITED"), where there is no such sentence.
            executed = (
                _IN_WITNESS.search(text)
                or _ACCEPTANCE_LINE.search(text)
                or _EXECUTION_CLAUSE.search(text)
            )
        if executed is None:
            return
        signers: dict[str, tuple[NamedEntity, tuple[int, int]]] = {}
        for party, span in ctx.signers:
            if party.subject_type == SubjectType.LEGAL_ENTITY and span[0] >= executed.start():
                # A head line the blocks ran into holds the block above's signer and title
                # too ("Roe Chief Financial Officer HARROW & VALE CAPITAL LP / By: ...").
                head = _company(
                    _unheaded(" ".join(_capitals(_after_capacity(party.name.split()))), text)
                )
                party = head or party
                if not _cut_from_head(text, span[0], party):
                    signers.setdefault(party.key, (party, span))
        for party, span in self._inline_signers(text, executed.end()):
            signers.setdefault(party.key, (party, span))
        # A party the preamble names signs under its own name or a shorter one ("ACME" for
        # Acme Robotics, Inc.): only the others are new.
        new = {
            key: signer
            for key, signer in signers.items()
            if _names_party(signer[0])
            and not any(_same_or_shorter(signer[0], b) for b in bound.values())
        }
        if not new or len(bound) + len(new) < 2:
            return
        # The title: the document's, or a title line among its first lines.
        top = ctx.flow.starts[min(12, len(ctx.flow.starts) - 1)]
        agreement = NamedEntity(
            ctx.agreement_title(top) or "Agreement", ctx.agreement_key, SubjectType.AGREEMENT
        )
        ordered = sorted(new.values(), key=lambda p: p[1])
        for party, span in ordered:
            ctx.emit_party(party, agreement, span, {"stated_in": "signature block"}, None)
        if bound:
            return  # the preamble's agreement is bound already, with its date
        names = [p.name for p, _ in ordered]
        span = (executed.start(), ordered[-1][1][1])
        ctx.emit_agreement(agreement, names, span, ctx.doc.document_date)

    @staticmethod
    def _inline_signers(text: str, start: int) -> list[tuple[NamedEntity, tuple[int, int]]]:
        """The signers of blocks whose lines ran together ("... Title: Managing Director
        PRAIRIE ACQUIROR LP By: /s/ Jane Roe Name: ..."): a company right before "By:" or
        "/s/", not itself signing for another ("By: Acme GP LLC, its general partner"); a
        person signing for themself ("ADAM D. ROE /s/ Adam D. Roe")."""
        out: list[tuple[NamedEntity, tuple[int, int]]] = []
        prev: re.Match[str] | None = None
        for m in _COMPANY_RE.finditer(text, start):
            before, prev = prev, m
            if not _SIGNS_NEXT.match(text, m.end()) or _signs_for_another(text, m):
                continue
            # Two blocks side by side whose lines ran together ("UBS IMPACT FUND L.P. ONCOLOGY
            # FUND (CAYMAN) MANAGEMENT L.P. By: ..."): the head right before this one, nothing
            # but a blank between them, is the left column's (its "By:" ran into this one's).
            heads = [m]
            if (
                before is not None
                and not text[before.end() : m.start()].strip()
                and not _SIGNS_NEXT.match(text, before.end())
                and not _signs_for_another(text, before)
            ):
                heads.insert(0, before)
            for column in heads:
                read = SignatureBlocks._inline_head(text, column)
                if read is not None:
                    out.append(read)
        for m in _LABELLED_BARE.finditer(text, start):
            # "SPONSOR: Rubio's Fresh Mexican Grill By: /s/ ...": a bare name under a role's
            # label, as on a line of its own (`_labelled_bare`)
            bare = _labelled_bare(m.group("role"), m.group("name"))
            if bare is not None:
                out.append((bare, m.span("name")))
        for m in re.finditer(rf"/s/[ \t]*({PERSON})", text[start:]):
            # the signature's own line, and its words up to the next block's ("/s/ Adam Roe
            # ACME CAPITAL LP")
            words = m.group(1).split("\n", 1)[0].split()
            at = start + m.start()
            for k in range(len(words), 1, -1):
                signed = _person(" ".join(words[:k]))
                head = signed and re.search(
                    r"[ \t]*\n?[ \t]*".join(map(re.escape, signed.name.split())) + r"\s*$",
                    text[max(start, at - len(signed.name) - 8) : at],
                    re.IGNORECASE,
                )
                if signed is not None and head:
                    out.append((signed, (at - len(head.group(0)), at)))
                    break
        return out

    @staticmethod
    def _inline_head(text: str, m: re.Match[str]) -> tuple[NamedEntity, tuple[int, int]] | None:
        """The party a company-shaped head `m` of blocks that ran together signs for, and
        its span; None where its words name no party."""
        # A head on its own line is the line's ("Jane Roe" above "Larkspur Trust" is the
        # block above's signer).
        *above, raw = m.group(0).rsplit("\n", 1)
        # ... unless a name in capitals wrapped onto it ("SCULPTOR CAPITAL HOLDING /
        # CORPORATION", "QUILLMARK MASTER / FUND LTD"): its words in capitals above join it.
        wrapped: list[str] = []
        for w in reversed(above[0].split() if above else []):
            if not (w.isupper() or w == "&"):
                break
            wrapped.insert(0, w)
        if wrapped and (raw.isupper() or _capitals_but_form(raw) or _company(raw) is None):
            if _BRACKET_TAIL.match(" ".join(wrapped)):
                # Capitals that open with a bracket before the legal form (or a numeral and
                # it) are the tail of a name in another case ("YA Global Investments II
                # (U.S.), / Ltd."): no name to read.
                return None
            raw = " ".join([*wrapped, raw])
        # A signing lead in capitals reads as the name's first words ("FOR AND ON BEHALF
        # OF Acme Ltd."): the name is what follows it.
        lead = _SIGNING_LEAD.search(raw)
        if lead is not None:
            raw = raw[lead.end() :]
        words = _after_capacity(raw.split())
        # ... or the signature above ("/s/ Adam Roe Larkspur Trust By:"): the signer's
        # name, the shortest run of words that is a person's, and a date before it
        for k in range(2, min(5, len(words))):
            signature = r"/s/\s*" + r"\s+".join(map(re.escape, words)) + r"$"
            if (
                re.search(signature, text[max(0, m.end() - len(raw) - 8) : m.end()])
                and _person(" ".join(words[:k]))
                and _company(" ".join(words[k:]))
            ):
                words = words[k:]
                break
        party = _company(_unheaded(" ".join(_capitals(words)), text))
        if party is None or _cut_from_head(text, m.end() - len(" ".join(words)), party):
            return None
        return party, (m.end() - len(" ".join(words)), m.end())

    def _signing_party(self, ctx: BindingContext, text: str) -> NamedEntity | None:
        """The party a signature block signs for, from the line above it ("ACME INC.",
        "LENDER: ACME BANK, N.A.", or a defined term such as "COMPANY")."""
        return self._signing_head(ctx, text)[0]

    def _signing_head(self, ctx: BindingContext, text: str) -> tuple[NamedEntity | None, bool]:
        """(the party a block's head line signs for, whether it names a signer that is no
        party: "Witnessed By: Harbor Notary LLC", "Acknowledged by Escrow Agent: Beta LLC")."""
        t = re.sub(r"^IN\s+WITNESS.*", "", text.strip().rstrip(":"))
        t = _ACCEPTANCE.sub("", t)  # "ACCEPTED AND AGREED TO: | BETA LLC"
        signs_for = _SIGNS_FOR.match(t) is not None
        t = _SIGNS_FOR.sub("", t)  # "For and on behalf of Acme Ltd."
        t = re.sub(r"\s*\([^()]{1,60}\)$", "", t)  # 'VOTOCAST, INC. ("Votocast")'
        t = _DESCRIBED.sub("", t)  # "THE BANKERS BANK, a Georgia banking corporation"
        role_labelled = False
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
            role_labelled = role is not None and _contract_role(label.group(1)) is not None
        role = re.match(r"([A-Z]+)[ \t]+(?!(?:OF|AND)\b)([A-Z0-9]\S*.*)$", t)
        if role and _contract_role(role.group(1)):
            # "RESELLER MTI TECHNOLOGY CORPORATION": a role in capitals labels the name after
            # it, with no colon, where that is a company's name of two words or more and of
            # its own, not the rest of a name the role word opens ("PRINCIPAL FINANCIAL
            # GROUP, INC.").
            named = _company(role.group(2))
            if (
                named is not None
                and len(base_key(named.name).split()) >= 2
                and role_labels_name(role.group(1), named, ctx.flow.text)
            ):
                t = role.group(2)
        party = _company(t) if len(t) < 100 else None
        if party is None and t:
            term = re.sub(r"(?i)^the\s+", "", t.strip(' ,"“”'))
            party = ctx.terms.get(entity_key(term))
        if (party is None or not _names_party(party)) and signs_for:
            party = _bare_signed_for(t) or party
        if party is None and role_labelled and label is not None:
            party = _labelled_bare(label.group(1), t)
        return party, False

    def _signature_columns(
        self, ctx: BindingContext, i: int, n: int, first_row: int | None = None
    ) -> None:
        """Side-by-side blocks: column k of the party, Name and Title lines belongs together.
        `i` is the blocks' "By:" row, or with `first_row` the party row above their first
        "Name:" row (blocks with no "By:" line)."""
        lines = ctx.flow.lines
        parties: list[NamedEntity | None] = []
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
                nm = re.match(rf"(?i)^(?:{_NAME_LABELS})\s*:?\s*(.*)$", cell)
                tm = re.match(rf"(?i)^(?:{_TITLE_LABELS}|{_ITS})\s*:?\s*(.*)$", cell)
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
        ctx: BindingContext,
        party: NamedEntity,
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
