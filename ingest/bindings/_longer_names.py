"""A party's longer name: a party an agreement names bare, with no legal form
("HEMISPHERX"), that the document writes in full, the same words first, at most two more and
a legal form ("HEMISPHERX BIOPHARMA, INC" under its signature, "INTEGRITY MEDIA INC" in an
EDGAR footer). The full name is another name of the party (an alias of kind "other_name"), so
a question that names the party by it reaches the agreement; the party keeps the name its
preamble gives it (party38 bound the full name instead: questions that named the party as the
preamble does, "Ingram Micro", then missed the agreement). A short name with its legal form
("ArTara, Inc." of "ARTARA THERAPEUTICS, INC.") is left alone (see `_longer_name`).

Never a group's, a parent's or a fund's name ("Acme Holdings, Inc." of "Acme, Inc.",
vocabulary.yaml party_longer_name_blockers), nor one after "a subsidiary of" (party_longer_name_leads), nor a name the document binds to another entity, nor one where the
added words and the form stand alone elsewhere (another entity's name the short one ran
into); and only where the document writes one such longer name (two are two companies:
"Acme Labs, Inc." and "Acme Media, Inc.").
"""

from __future__ import annotations

import re

from domain import SubjectType, base_key, is_person_name, legal_form, lexicon, looks_like_company
from ingest.bindings._context import BindingContext
from ingest.bindings._names import _COMPANY_RE, NamedEntity, _company
from ingest.bindings._rule import BindingRule

_BLOCKERS = lexicon().party_longer_name_blockers
_LEAD = re.compile(rf"(?i)\b(?:{'|'.join(lexicon().party_longer_name_leads)})[\s,]+(?:the\s+)?$")
# what runs between a name's words; base_key writes an "&" as "and" ("HARROW & VALE")
_JOIN = r"[\s,.\-']+"


def _word(word: str) -> str:
    return "(?:and|&)" if word == "and" else re.escape(word)


class PartyLongerNames(BindingRule):
    """A party's longer name the document writes: another name of the party."""

    name = "party_longer_names"
    genre = "agreements: a party's longer name written elsewhere (legend, signature)"
    reads = ("agreements whose party the document also names longer, the same legal form",)

    def read(self, ctx: BindingContext) -> None:
        bound = {b.subject_key for b in ctx.bindings.values()}
        seen: set[str] = set()
        for ent, _, start, end in ctx.parties:
            if ent.key in seen:
                continue
            seen.add(ent.key)
            longer = _longer_name(ctx.flow.text, ent)
            if longer is None or longer.key in bound:
                continue
            other = ctx.terms.get(longer.key)
            if other is not None and other.key != ent.key:
                continue
            ctx.add_alias(longer.name, ent, (start, end), "other_name")


def _longer_name(text: str, ent: NamedEntity) -> NamedEntity | None:
    """The one longer name the document writes for the party `ent` (module docstring), or
    None."""
    form = legal_form(ent.name)
    if ent.subject_type != SubjectType.LEGAL_ENTITY:
        return None
    # a party named bare, no legal form ("HEMISPHERX", "Celebrity Speakers"): its full name
    # is the bare words, at most two more and any legal form ("HEMISPHERX BIOPHARMA, INC")
    bare = not form
    if bare and (looks_like_company(ent.name) or is_person_name(ent.name)):
        return None
    # A short name with its legal form stays as it is: on the development contracts half of
    # its longer names were other companies (a subsidiary, a general partner, a spin-off:
    # "Hertz Equipment Rental Corporation" of HERTZ CORPORATION); the right ones were the
    # filer's name in a legend or an EDGAR footer, a signal this rule does not read yet.
    if not bare:
        return None
    short = base_key(ent.name).split()
    if not short:
        return None
    spelled = _JOIN.join(map(_word, short))
    found: dict[str, NamedEntity] = {}
    for m in re.finditer(rf"(?i)(?<![\w&'’.\-]){spelled}(?![\w'’\-])", text):
        cm = _COMPANY_RE.match(text, m.start())
        if cm is None or cm.group(0).count("\n") > 1:
            continue
        full = _company(cm.group(0))
        if full is None or not legal_form(full.name) or (form and legal_form(full.name) != form):
            continue
        words = base_key(full.name).split()
        extra = words[len(short) :]
        if (
            words[: len(short)] != short
            or not int(not bare) <= len(extra) <= 2
            or any(w in _BLOCKERS for w in extra)
            or _LEAD.search(text[max(0, m.start() - 40) : m.start()])
        ):
            continue
        # The added words and the form, standing alone more often than the longer name, are
        # another entity's name the short one ran into ("ArTara Quillmark Systems, Inc.").
        tail = cm.group(0)[m.end() - m.start() :].strip(" ,")
        alone = r"(?i)(?<![\w&'’.\-])" + r"[\s,]+".join(map(re.escape, tail.split()))
        written = r"\s+".join(map(re.escape, cm.group(0).split()))
        if len(re.findall(alone, text)) > len(re.findall(rf"(?i){written}", text)):
            continue
        found.setdefault(full.key, full)
    return next(iter(found.values())) if len(found) == 1 else None
