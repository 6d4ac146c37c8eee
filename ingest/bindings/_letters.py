"""Letter agreements: an agreement written as a letter to a company, which accepts it by
signing under acceptance words at its foot.

    Physician Sales & Service, Inc.          <- the addressee: a party
    4345 Southpoint Boulevard ...
    Attention: ...
    Gentlemen:                               <- the salutation ends the letter head
    ... This Affiliate Agreement represents an agreement between the undersigned and PSS ...
    Very truly yours,                        <- the sender ("the undersigned"): a party
    /s/ William W. McInnes
    AGREED TO AND ACCEPTED as of             <- the acceptance block: its company a party
    December 14, 1997
    PHYSICIAN SALES & SERVICE, INC.

The words (salutations, closings, acceptance words) are the lexicon's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from domain import base_key, legal_form, lexicon
from ingest._document import LocatedLine
from ingest.bindings._context import BindingContext
from ingest.bindings._names import NamedEntity, _cells, _company, _person

# A party as `PreambleParties` collects them: the entity, its defined terms, its name's span.
LetterParty = tuple[NamedEntity, list[str], int, int]

# A salutation's line ("Dear Sirs:", "Ladies and Gentlemen,"; the lexicon's salutations), its
# ends left to the pattern that takes it (flags: case folded by whoever compiles it).
SALUTATION_LINE = rf"[ \t]*(?:{'|'.join(lexicon().letter_salutations)})\b[^\n:;]{{0,60}}[:,][ \t]*"
_SALUTATION = re.compile(rf"(?i)^{SALUTATION_LINE}$")
_CLOSING = re.compile(rf"(?i)^[ \t]*(?:{'|'.join(lexicon().letter_closings)})[ \t]*,[ \t]*$")
# "AGREED TO AND ACCEPTED as of", "Accepted and agreed to this 3rd day of May, 2001:",
# "ACKNOWLEDGED AND AGREED:": the acceptance words, then a date or a colon, or nothing.
_ACCEPTANCE = re.compile(
    rf"(?i)^[ \t]*(?:{'|'.join(lexicon().letter_acceptances)})\b"
    r"(?:[ \t]+(?:as\s+of|on|this|effective|by|the)\b[^\n]*)?[ \t]*:?[ \t]*$"
)
# A line of the letter head that names no addressee: who it is for, what it is about.
_HEAD_LABEL = re.compile(r"(?i)^[ \t]*(?:attention|attn|re|c/o|to|via)\b")
_SIGNED = re.compile(r"(?i)^[ \t]*(?:By\s*:?\s*)?/s/\s*(?P<name>\S[^\n]*?)\s*$")


def _joined_form(name: str) -> bool:
    """Does a lone legal form end the name right after "and" ("ALAMOGORDO FEDERAL SAVINGS AND"
    / "CORPORATION": two columns of a block read as one line)? Read by `domain.legal_form`,
    which keeps the "and" of such a form; "& Co." is a name's own ("Smith & Co.")."""
    form = legal_form(name).split()
    return len(form) == 2 and form[0] == "and" and form[1] != "co"


# What stands above a letter head: the letter's title or its date.
_HEAD_TOP = re.compile(
    rf"(?i)\b(?:agreement|contract|letter)\b|\b(?:{lexicon().month})\b[^\n]*\d|_{{3,}}|,\s*\d{{4}}\b"
)
# A date on a line of its own under acceptance words ("December 14, 1997", "the date first
# written above", "____________, 2000").
_DATE_LINE = re.compile(
    rf"(?i)^[ \t]*(?:(?:as\s+of\s+)?(?:the\s+)?date\s+first\s+(?:above\s+)?written(?:\s+above)?"
    rf"|[\w ,._]*\b(?:{lexicon().month}|_{{3,}})[\w ,._]*\d{{4}})[ \t:.]*$"
)
# A letter that calls itself an agreement: "This Affiliate Agreement represents ...", "this
# letter agreement", "this letter ... shall constitute a binding agreement". Only the words of
# a title are in capitals ("This Affiliate Agreement", "THIS LETTER AGREEMENT"), not those of
# a sentence ("this letter is not an agreement").
_AGREEMENT_LETTER = re.compile(
    r"(?i)\bthis\s+(?:letter\s+)?(?:(?-i:[A-Z])[\w-]*\s+){0,4}agreement\b|\bbinding\s+agreement\b"
)
# What says, in the sentence before "agreement", that the letter is none ("This letter is not an
# agreement", "Nothing in this letter shall constitute a binding agreement").
_NEGATION = re.compile(rf"(?i)\b(?:{'|'.join(lexicon().letter_agreement_negations)})\b")
# Where the sentence that calls the letter an agreement starts, counted back from the words.
_SENTENCE_STOP = re.compile(r"[.;:!?]")
# A letter whose sender is "the undersigned" of its own text.
_UNDERSIGNED = re.compile(r"(?i)\bthe\s+undersigned\b")

# How far down the salutation of a letter head may stand, and how many lines below a closing
# or acceptance words the name they sign with may come.
_HEAD_LINES = 40
_BLOCK_LINES = 5
# How many lines below a closing (or the acceptance block above) the next acceptance block of
# the letter's own foot may start: farther down, acceptance words are another document's.
_FOOT_LINES = 12


def _companies_on(text: str) -> list[NamedEntity]:
    """The companies a line names, where the line (or each of its cells, blocks side by side
    joined with " | ") is a company's name and nothing else; none where a cell is more."""
    found = []
    for cell in _cells(text):
        t = cell.strip().rstrip(":,").strip()
        ent = _company(t)
        if (
            ent is None
            or base_key(ent.name) != base_key(t)
            or _joined_form(t)
            or not set(base_key(t).split()) - set((legal_form(t) or "").split())
        ):
            return []
        found.append(ent)
    return found


def _salutation_line(ctx: BindingContext) -> int | None:
    """The line of the letter head's salutation ("Gentlemen:", "Dear Sirs:"), if the
    document opens as a letter."""
    for i, line in enumerate(ctx.flow.lines[:_HEAD_LINES]):
        if _SALUTATION.match(line.text):
            return i
    return None


def _alone_on_its_row(lines: Sequence[LocatedLine], i: int) -> bool:
    """Is line `i` the only line at its height (not one column of a layout the text read
    across, where "ALAMOGORDO FEDERAL SAVINGS AND" runs into another column's
    "CORPORATION")?"""
    line = lines[i]
    return not any(
        lines[j].page == line.page and abs(lines[j].bbox[1] - line.bbox[1]) < 2.0
        for j in range(max(0, i - 3), min(len(lines), i + 4))
        if j != i
    )


def _addressee(ctx: BindingContext, salutation: int) -> LetterParty | None:
    """The company the letter is addressed to: the nearest line above the salutation that is
    a company's name, below the letter's title or date (a cover's issuer above them is not
    the addressee) and not an "Attention:" line."""
    lines, starts = ctx.flow.lines, ctx.flow.starts
    for i in range(salutation - 1, max(-1, salutation - _HEAD_LINES), -1):
        t = lines[i].text
        if _HEAD_LABEL.match(t):
            # before the title test: "Re: Supply Agreement" says what the letter is about
            continue
        if _HEAD_TOP.search(t):
            return None
        named = _companies_on(t)
        if len(named) == 1 and _alone_on_its_row(lines, i):
            return named[0], [], starts[i], starts[i] + len(t)
    return None


def _signed_below(ctx: BindingContext, at: int, person: bool) -> list[LetterParty]:
    """The companies named on a line of the block below line `at` (a closing's or acceptance
    words'): its first line after the date it may put there, or a line under the signature of
    the person who signs for the company ("/s/ Jane Roe / Jane Roe, Vice President / Epsilon
    Parts Inc.": the company is the party, its signer is not); else, where `person`, the
    person who signs there ("/s/ Jane Roe")."""
    lines, starts = ctx.flow.lines, ctx.flow.starts
    signer: LetterParty | None = None
    signed_at: int | None = None
    for i in range(at + 1, min(len(lines), at + 1 + _BLOCK_LINES)):
        t = lines[i].text
        if _CLOSING.match(t) or _ACCEPTANCE.match(t):
            break  # the next block's head
        span = (starts[i], starts[i] + len(t))
        named = _companies_on(t)
        if named and _alone_on_its_row(lines, i):
            return [(ent, [], *span) for ent in named]
        signed = _SIGNED.match(t)
        if signed is not None and signed_at is None:
            signed_at = i
            who = _person(signed.group("name")) if person else None
            signer = (who, [], *span) if who is not None else None
            continue
        if signed_at is None and not _DATE_LINE.match(t):
            break  # the block's head is its first line after the date: it names no one
    return [signer] if signer is not None else []


def _foot_acceptances(lines: Sequence[LocatedLine], after: int, first_anywhere: bool) -> list[int]:
    """The lines of acceptance words in the letter's foot below line `after` (its closing):
    each block within `_FOOT_LINES` of the one above; where `first_anywhere` (a letter with no
    closing), the first block may stand anywhere below."""
    found: list[int] = []
    last = after
    for i in range(after + 1, len(lines)):
        near = i - last <= _FOOT_LINES or (first_anywhere and not found)
        if not near:
            break
        if _ACCEPTANCE.match(lines[i].text):
            found.append(i)
            last = i
    return found


def _calls_itself_agreement(body: str) -> bool:
    """Does the letter's body call it an agreement, in a sentence that does not say it is
    none?"""
    for m in _AGREEMENT_LETTER.finditer(body):
        stops = [s.end() for s in _SENTENCE_STOP.finditer(body, 0, m.start())]
        if not _NEGATION.search(body, stops[-1] if stops else 0, m.end()):
            return True
    return False


def letter_parties(ctx: BindingContext) -> tuple[list[LetterParty], int]:
    """A letter agreement's parties, in text order: the addressee of its letter head, the
    sender who signs its closing ("the undersigned" of its body: a company, or a person who
    signs as such), and each company that accepts it in its foot; none where the document does
    not open as a letter, or no one accepts it and its body does not call it an agreement.
    With them, where the letter's body ends (its first closing): a preamble below it is
    another document's, the letter only a cover."""
    salutation = _salutation_line(ctx)
    if salutation is None:
        return [], 0
    lines, starts, text = ctx.flow.lines, ctx.flow.starts, ctx.flow.text
    closing = next(
        (i for i in range(salutation + 1, len(lines)) if _CLOSING.match(lines[i].text)), None
    )
    acceptances = _foot_acceptances(
        lines, salutation if closing is None else closing, first_anywhere=closing is None
    )
    # The letter's own extent: its salutation to its first closing (or acceptance block). An
    # enclosed contract's "this Agreement" or "the undersigned" below it is not the letter's.
    end_line = closing if closing is not None else (acceptances[0] if acceptances else None)
    end = starts[end_line] if end_line is not None else len(text)
    body = text[starts[salutation] : end]
    if not acceptances and not (closing is not None and _calls_itself_agreement(body)):
        # A letter no one accepts that does not call itself an agreement (an auditor's
        # consent, a comfort letter, a cover letter) has no parties.
        return [], end
    found: list[LetterParty] = []
    head = _addressee(ctx, salutation)
    if head is not None:
        found.append(head)
    if closing is not None:
        found += _signed_below(ctx, closing, person=bool(_UNDERSIGNED.search(body)))
    for i in acceptances:
        found += _signed_below(ctx, i, person=False)
    out: list[LetterParty] = []
    seen: set[str] = set()
    for party in found:
        if party[0].key not in seen:
            seen.add(party[0].key)
            out.append(party)
    return out, end
