"""A party's other name that only its filer or its own signature writes, scoped to the document.

Two places name a party otherwise than its preamble does and say whose name it is:
- the filer's: an EDGAR page footer ("Source: ARTARA THERAPEUTICS, INC., 8-K, 1/10/2020") or
  the confidentiality legend at the document's head ("... HAS BEEN OMITTED BECAUSE ARTARA
  THERAPEUTICS, INC. HAS DETERMINED ..."): the company that filed the agreement, which the
  preamble may name shorter ("ArTara, Inc.");
- the party's own signature block, where the preamble names it bare, with no legal form
  ("HEMISPHERX" signs as "Hemispherx Biopharma Inc.").

The other name becomes an alias of the party of kind "filer_name" or "signed_name"
(`Alias.document_scoped`): it resolves a question's name only within this document
(skill/_resolve.py), never knowledge-base wide, so a question about the filer reaches this
agreement and no other agreement of the party.

Only the party whose words the other name starts with, adding one or two words (none of
vocabulary.yaml party_other_name_blockers nor a state or country: "Acme Holdings, Inc.",
"Acme Europe GmbH" are other companies than "Acme, Inc."), with the same legal form where the
party has one; only where one party and one other name fit; never a name the document binds
to an entity of its own. A body sentence is never read: a sibling company the text mentions
("Kestrel Europe GmbH shall distribute ...", "information requested by Kestrel Research, Inc.
pursuant to this Agreement") is no other name of the party. A legend is read only where
legends stand: above the preamble (the lines before the line naming its first party), or on
lines set off as one (opening with a bracket or an asterisk, written in capitals, or saying
"confidential treatment"); and only in legend wording (vocabulary.yaml filer_legend_leads,
filer_legend_ends), never a lead and an end that ordinary prose writes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from domain import SubjectType, base_key, entity_key, is_person_name, legal_form, lexicon
from ingest._document import LocatedLine
from ingest.bindings._context import BindingContext
from ingest.bindings._names import NamedEntity, _company
from ingest.bindings._rule import BindingRule

_LEX = lexicon()
_PLACES = frozenset(base_key(p) for p in (*_LEX.us_states, *_LEX.countries))
_BLOCKERS = _LEX.party_other_name_blockers

# "Source: ACME THERAPEUTICS, INC., 8-K, 1/10/2020": the filer, its form type, the filing date
_FOOTER = re.compile(
    rf"^\s*(?i:{'|'.join(map(re.escape, _LEX.filer_footer_labels))})\s*:\s*(?P<name>.+?),\s*"
    r"(?P<form>[0-9A-Z][\w\-/ ()]{0,24}?),\s*\d{1,2}/\d{1,2}/\d{2,4}\s*$"
)
# "... OMITTED BECAUSE ACME THERAPEUTICS, INC. HAS DETERMINED ..."
_LEGEND = re.compile(
    rf"(?i)\b(?:{'|'.join(_LEX.filer_legend_leads)})\s+(?P<name>[^;:()]{{3,90}}?)\s+"
    rf"(?:{'|'.join(_LEX.filer_legend_ends)})\b"
)
# a line set off as a legend: opening with a bracket or an asterisk, or saying the legend's words
_SET_OFF_OPEN = re.compile(r"^\s*[\[*]")
_SET_OFF_WORDS = re.compile(r"(?i)\bconfidential\s+treatment\b")
# the filer's state of incorporation EDGAR writes after its name ("QUANTUM GROUP INC /FL")
_EDGAR_STATE = re.compile(r"\s*[/\\][A-Z]{2}[/\\]?$")
# how far into the document its head's legend may stand
_LEGEND_CHARS = 3000


def _filer(raw: str) -> NamedEntity | None:
    """The company a footer or legend names, whole, with its legal form; None otherwise."""
    name = _EDGAR_STATE.sub("", " ".join(raw.split())).strip(" ,.;:")
    ent = _company(name)
    if ent is None or ent.key != entity_key(name) or not legal_form(ent.name):
        return None
    return ent


def _set_off(lines: Sequence[LocatedLine]) -> bool:
    """Are the lines a legend's own: the first opening with a bracket or an asterisk, every one
    in capitals, or one saying "confidential treatment"?"""
    texts = [line.text for line in lines]
    return bool(texts) and (
        bool(_SET_OFF_OPEN.match(texts[0]))
        or all(t == t.upper() and any(c.isalpha() for c in t) for t in texts)
        or any(_SET_OFF_WORDS.search(t) for t in texts)
    )


def extends(party: NamedEntity, other: NamedEntity) -> bool:
    """Is `other` another name of `party`: the party's words first, one or two words more,
    none a blocker, and the party's legal form where it has one?"""
    if party.subject_type != SubjectType.LEGAL_ENTITY or other.key == party.key:
        return False
    short, full = base_key(party.name).split(), base_key(other.name).split()
    extra = full[len(short) :]
    form = legal_form(party.name)
    return (
        bool(short)
        and full[: len(short)] == short
        and 1 <= len(extra) <= 2
        and not any(w in _BLOCKERS or w in _PLACES for w in extra)
        and " ".join(extra) not in _PLACES
        and (not form or legal_form(other.name) == form)
    )


class PartyOtherNames(BindingRule):
    """A party's other name its filer's footer or legend, or its own signature block, writes
    (module docstring): an alias scoped to the document."""

    name = "party_other_names"
    genre = "agreements: a party's name as its filer (EDGAR footer, legend) or signer writes it"
    reads = ("agreements filed on EDGAR", "agreements whose preamble names a party bare")

    def read(self, ctx: BindingContext) -> None:
        parties: dict[str, NamedEntity] = {}
        for ent, _, _, _ in ctx.parties:
            parties.setdefault(ent.key, ent)
        if not parties:
            return
        taken = {b.subject_key for b in ctx.bindings.values()} | set(parties)
        filers = self._filers(ctx)
        if len({f.key for f, _ in filers}) == 1:
            filer, lines = filers[0]
            self._alias(ctx, parties, taken, filer, lines, "filer_name", bare_only=False)
        signed: dict[str, tuple[NamedEntity, tuple[int, int]]] = {}
        for ent, span in ctx.signers:
            if ent.subject_type == SubjectType.LEGAL_ENTITY and legal_form(ent.name):
                signed.setdefault(ent.key, (ent, span))
        fits = [
            (ent, span)
            for ent, span in signed.values()
            if any(extends(p, ent) and not legal_form(p.name) for p in parties.values())
        ]
        if len(fits) == 1:
            ent, span = fits[0]
            lines = ctx.flow.lines_for(*span)
            self._alias(ctx, parties, taken, ent, lines, "signed_name", bare_only=True)

    @staticmethod
    def _filers(ctx: BindingContext) -> list[tuple[NamedEntity, Sequence[LocatedLine]]]:
        """The filer each footer line (running footers too) and the head's legend names."""
        out: list[tuple[NamedEntity, Sequence[LocatedLine]]] = []
        for line in ctx.doc.lines:
            m = _FOOTER.match(line.text)
            ent = _filer(m.group("name")) if m else None
            if ent is not None:
                out.append((ent, (line,)))
        head = ctx.flow.text[:_LEGEND_CHARS]
        # the preamble opens on the line naming the first party: a legend stands above it
        first = min((start for _, _, start, _ in ctx.parties), default=len(ctx.flow.text))
        above = ctx.flow.starts[ctx.flow.line_index(first)] if ctx.flow.starts else 0
        for m in _LEGEND.finditer(head):
            lines = ctx.flow.lines_for(m.start(), m.end())
            if m.end() > above and not _set_off(lines):
                continue
            ent = _filer(m.group("name"))
            if ent is not None:
                out.append((ent, ctx.flow.lines_for(m.start("name"), m.end("name"))))
        return out

    @staticmethod
    def _alias(
        ctx: BindingContext,
        parties: dict[str, NamedEntity],
        taken: set[str],
        other: NamedEntity,
        lines: Sequence[LocatedLine],
        kind: str,
        *,
        bare_only: bool,
    ) -> None:
        """`other` as the alias of the one party it extends, where exactly one does."""
        if other.key in taken or is_person_name(other.name):
            return
        term = ctx.terms.get(other.key)
        fits = [
            p
            for p in parties.values()
            if extends(p, other) and (not bare_only or not legal_form(p.name))
        ]
        if len(fits) != 1 or (term is not None and term.key != fits[0].key):
            return
        ctx.add_alias(other.name, fits[0], (0, 0), kind, lines=lines)
