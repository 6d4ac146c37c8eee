"""State 5: the integrity check. A sentence is evidence about a candidate only if it names
the candidate (or a form that denotes it in that document) before any other entity, or sits
where its subject is unambiguous (the candidate's own voice, a chunk that mentions only it,
its charter); otherwise the reason it is about another entity, or about none. Where a
sentence names several entities, each value belongs to the entity named last before it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import Alias, entity_key, is_generic_term, lexicon, short_names
from retrieval import VectorStore
from skill._candidate import Candidate
from skill._sentences import DocumentInfo, Sentence
from skill._voice import voice_of

_SELF_CHARTER = re.compile(
    r"\bthis\s+(?:Certificate|Articles)\s+of\s+(?:Incorporation|Formation|Organi[sz]ation)\b",
    re.IGNORECASE,
)
_CHARTER_ROLES = frozenset(r.name for r in lexicon().roles if r.charter)
# Attributes that place a company (where it is, where it is incorporated): a person who is
# the subject of a sentence is placed by it, not the company.
_PLACE_ATTRIBUTES = frozenset(
    a.name for a in lexicon().attributes if a.value_kind in ("place", "jurisdiction")
)
# An agreement's dates (effective, expiration, maturity): an amendment states its own too.
_AGREEMENT_DATES = frozenset(
    a.name for a in lexicon().attributes if a.value_kind == "date" and "agreement" in a.subjects
)
# "Dr. Okafor", "Mr Lindgren": the lexicon's honorifics as documents write them.
_HONORIFICS = tuple(
    f"{h.capitalize()}{dot}" for h in sorted(lexicon().honorifics) for dot in (".", "")
)


def _outside_instrument(sentence: Sentence, info: DocumentInfo | None, number: Any) -> bool:
    """Whether the sentence stands outside the asked amendment's own instrument: a PDF may
    print the last page of the agreement it amends before it, or Amendment No. 1 and then
    Amendment #2. The instrument is the relation with the asked number (an unnumbered
    "Amendment": the first unnumbered one), from where it begins to where the next begins."""
    if info is None or not info.relations:
        return False
    spans = sorted(
        (
            ((int(r["start"]["page"]), int(r["start"]["line"])), r.get("number"))
            for r in info.relations
            if isinstance(r.get("start"), Mapping)
        ),
        key=lambda span: span[0],
    )
    if not spans:
        return False
    index = next((i for i, (_, n) in enumerate(spans) if n == number), 0)
    begins = spans[index][0]
    ends = spans[index + 1][0] if index + 1 < len(spans) else None
    at = (sentence.location.page, sentence.location.line_start)
    return at < begins or (ends is not None and at >= ends)


# ---------------------------------------------------------------------------------------------
# Aliases: the surface forms that name a candidate in one document


def name_pattern(form: str) -> str:
    """A name as a pattern: whole words, any run of whitespace (a line break) between them."""
    return r"(?<!\w)" + r"\s+".join(re.escape(w) for w in form.split()) + r"(?!\w)"


@functools.lru_cache(maxsize=8192)
def name_regex(form: str) -> re.Pattern[str]:
    """`name_pattern(form)` compiled, case-insensitive. Memoized: a question tries every
    known name against every sentence, more distinct patterns than `re` keeps compiled."""
    return re.compile(name_pattern(form), re.IGNORECASE)


def _mentions(text: str, forms: Iterable[str]) -> bool:
    for form in forms:
        if len(form) < 3:
            continue
        if name_regex(form).search(text):
            return True
    return False


@dataclass(frozen=True)
class _KnownEntity:
    key: str
    names: tuple[str, ...]


MASK = "\u2588"
# A legal form as documents write it (vocabulary.yaml legal_forms.written), capitalised as
# there or in capitals ("PLC", "INC").
_LEGAL_FORM = lexicon().legal_form_cased
# How a document refers to the entity it is about without naming it ("the Company", "such
# Borrower"; vocabulary.yaml entity_references).
_ENTITY_REFERENCE = re.compile(
    r"\b(?:the|such)\s+(?:" + "|".join(map(re.escape, lexicon().entity_references)) + r")\b"
)
_COMPANY_NAME = re.compile(
    rf"(?<![\w])(?:(?:[A-Z][\w&'’.-]*|&),?[ \t]+){{1,6}}?(?:{_LEGAL_FORM})\b\.?"
)


def _companies_in(text: str, candidate: Candidate, forms: Sequence[str]) -> list[_KnownEntity]:
    """Company names written in `text` (a legal form ends them) that are not the candidate."""
    own = {entity_key(f) for f in forms} | {candidate.subject_id}
    found: dict[str, str] = {}
    for m in _COMPANY_NAME.finditer(text):
        name = re.sub(r"^(?:The|This|That|Each|Such|And|Between|By|Of)\s+", "", m.group(0)).strip()
        key = entity_key(name)
        if key and key not in own and not is_generic_term(name):
            if any(key.endswith(" " + o) for o in own if o):
                continue  # "Business Acme Robotics, Inc.": a heading word run into our name
            found.setdefault(key, name)
    return [_KnownEntity(k, (found[k],)) for k in sorted(found)]


def _first_mention(text: str, forms: Iterable[str]) -> int | None:
    """Where the earliest of `forms` occurs in `text` (None: nowhere)."""
    best: int | None = None
    for form in forms:
        if len(form) < 3:
            continue
        m = name_regex(form).search(text)
        if m and (best is None or m.start() < best):
            best = m.start()
    return best


def mask_others(
    text: str, candidate: Candidate, forms: Sequence[str], others: Sequence[_KnownEntity]
) -> str:
    """`text` with other entities' names blanked, so "Acme Robotics GmbH" does not count as
    a mention of "Acme Robotics" (a name that is part of one of the candidate's own names is
    left alone)."""
    lowered = [f.lower() for f in forms]
    names = sorted(
        {
            n
            for o in others
            if o.key != candidate.subject_id
            for n in o.names
            if len(n) >= 3 and not any(n.lower() in f for f in lowered)
        },
        key=lambda n: (-len(n), n),
    )
    for name in names:
        text = name_regex(name).sub(MASK, text)
    return text


def candidate_forms(
    candidate: Candidate, document_id: str, aliases_of: Mapping[str, Sequence[Alias]]
) -> list[str]:
    """Names that denote the candidate in one document: its names, short names, and the
    aliases ingestion recorded (its defined terms in this document, or KB-wide ones;
    `aliases_of`: the alias table by entity key)."""
    forms = {candidate.name, *candidate.aliases}
    if candidate.subject_type != "agreement":
        forms.update(s for s in short_names(candidate.name) if len(s) >= 4)
    if candidate.subject_type == "individual":
        # "Dr. Okafor", "Mr. Lindgren": a title with the surname names the person.
        surname = candidate.name.split()[-1] if len(candidate.name.split()) >= 2 else ""
        if len(surname) >= 2 and surname[:1].isupper():
            forms.update(f"{title} {surname}" for title in _HONORIFICS)
    for alias in aliases_of.get(candidate.subject_id, ()):
        if alias.document_id in (None, document_id):
            forms.add(alias.alias)
    return sorted(f for f in forms if f)


def verify(
    sentence: Sentence,
    candidate: Candidate,
    forms: Sequence[str],
    others: Sequence[_KnownEntity],
    party_forms: Sequence[str] | None,
    attribute: str = "",
    values: Sequence[str] = (),
    own_voice: bool = False,
    *,
    document_info: Callable[[str], DocumentInfo | None],
) -> str | None:
    """None when the sentence may serve as evidence about the candidate; else the reason.
    `values` (entity names stated as the attribute, e.g. the auditor) are not "other
    entities" the sentence could be about. `own_voice`: the sentence's document speaks for
    the candidate (its registrant), so "we" / "our" / "the Company" there are the
    candidate. `document_info`: the catalog's look-up (an amendment's own instrument)."""
    text = sentence.text
    voice = voice_of(text)
    if (
        candidate.subject_type == "legal_entity"
        and voice.kind == "person"
        and attribute in _PLACE_ATTRIBUTES
    ):
        # "Mr. X ... based in Paris" states where Mr. X is, not where the company is (a
        # person may still state a company's date: "Dr. Y founded it in 2017").
        return f"about {voice.who}, not {candidate.name}"
    if candidate.subject_type == "agreement":
        if sentence.chunk.document_id not in candidate.documents:
            return f"from {sentence.chunk.document_name}, not the agreement or its amendments"
        if candidate.class_attributes.get("amendment") and _outside_instrument(
            sentence,
            document_info(sentence.chunk.document_id),
            candidate.class_attributes.get("amendment_number"),
        ):
            return "outside the amendment's own text (another instrument the PDF prints)"
        amendments = candidate.class_attributes.get("amended_by") or []
        if (
            attribute in _AGREEMENT_DATES
            and sentence.chunk.document_id in amendments
            and re.search(r"\b(?:this|the)\s+[\"“]?(?:\w+\s+)?amendment\b", text, re.IGNORECASE)
        ):
            return "states a date of the amendment, not of the agreement it amends"
        if party_forms is not None and not _mentions(text, party_forms):
            return "does not name the party whose obligations are asked"
        return None
    stated = {entity_key(v) for v in values}
    others = [o for o in [*others, *_companies_in(text, candidate, forms)] if o.key not in stated]
    masked = mask_others(text, candidate, forms, others)
    own = _first_mention(masked, forms)
    if own is not None:
        other = masked.find(MASK)
        if 0 <= other < own:
            # The statement's subject is the entity named first ("Y, a subsidiary of X,
            # is organized in Germany" is about Y).
            first = next(
                (
                    o
                    for o in others
                    if o.key != candidate.subject_id and _mentions(text[: own + 1], o.names)
                ),
                None,
            )
            return f"about {first.names[0] if first else 'another entity'}, not {candidate.name}"
        return None
    named = [o for o in others if o.key != candidate.subject_id and _mentions(text, o.names)]
    if named:
        return f"about {named[0].names[0]}, not {candidate.name}"
    if own_voice and voice.kind == "own":
        # "Our headquarters are in Redmond" in the candidate's own filing.
        return None
    # A generic reference ("the Company") in a chunk that mentions only the candidate.
    generic = _ENTITY_REFERENCE.search(text)
    if generic and set(sentence.chunk.entity_keys) == {candidate.subject_id}:
        return None
    if _SELF_CHARTER.search(text) and any(
        b.location.document_id == sentence.chunk.document_id
        and b.parent_key == candidate.subject_id
        and b.role in _CHARTER_ROLES
        for b in candidate.bindings
    ):
        # "this Certificate of Incorporation" in a charter the index binds to the candidate
        # (its registered office, agent or incorporator are stated there).
        return None
    return f"does not name {candidate.name}"


def known_entities(store: VectorStore, kb: str, documents: Sequence[str]) -> list[_KnownEntity]:
    """Entities named in the given documents' bindings (to spot units about another)."""
    if not documents:
        return []
    names: dict[str, set[str]] = {}
    for b in store.find_bindings(kb, document_ids=sorted(documents)):
        if b.subject_type.value in ("individual", "legal_entity"):
            names.setdefault(b.subject_key, set()).add(b.subject_name)
        if b.parent_key and b.parent_name and not b.parent_key.startswith("agreement:"):
            names.setdefault(b.parent_key, set()).add(b.parent_name)
    return [
        _KnownEntity(k, tuple(sorted(v, key=lambda n: (-len(n), n))))
        for k, v in sorted(names.items())
        if not is_generic_term(k)
    ]


_LIST_SEPARATOR = re.compile(r"(?:^|[-–—;|•\n])\s*$")


# A preamble's list of parties: a name after "between", "among", "and" or "by", described
# right after it ("..., and Brightline Components, Inc., a Michigan corporation with offices
# at ..."): what follows in its clause is the party's, wherever the line breaks.
_PARTY_JOINER = re.compile(r"\b(?:between|among|and|by)\s+(?:the\s+)?$", re.IGNORECASE)
_PARTY_DESCRIBED = re.compile(r"^[\s,]*,\s*(?:a|an)\s", re.IGNORECASE)


def _list_item_for(text: str, forms: Sequence[str]) -> bool:
    """Does a candidate's name open an item of a list ("A - CEO; B - Director; ...") or a
    party's clause of a preamble's list of parties ("between A, a Delaware corporation, and
    B, a Michigan corporation with offices at ...")?"""
    for form in forms:
        if len(form) < 3:
            continue
        for m in name_regex(form).finditer(text):
            if m.start() > 0 and _LIST_SEPARATOR.search(text[: m.start()]):
                return True
            if _PARTY_JOINER.search(text[: m.start()]) and _PARTY_DESCRIBED.match(text[m.end() :]):
                return True
    return False


def _mention_segments(
    text: str, forms: Sequence[str], others: Sequence[_KnownEntity]
) -> list[tuple[int, bool]]:
    """(offset, is the candidate) of every entity mention in `text`, in order; a mention of
    ours inside another entity's longer name ("Acme Robotics" in "Acme Robotics GmbH") is
    that entity's."""

    def spans(names: Iterable[str]) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        for name in names:
            if len(name) >= 3:
                out.extend((m.start(), m.end()) for m in name_regex(name).finditer(text))
        return out

    theirs = spans(n for o in others for n in o.names)
    ours = [
        (a, b)
        for a, b in spans(forms)
        if not any(x <= a and b <= y and (y - x) > (b - a) for x, y in theirs)
    ]
    theirs = [
        (x, y)
        for x, y in theirs
        if not any(a <= x and y <= b and (b - a) >= (y - x) for a, b in ours)
    ]
    return sorted({(a, True) for a, _ in ours} | {(x, False) for x, _ in theirs})


def _owner_is_candidate(segments: Sequence[tuple[int, bool]], position: int) -> bool:
    before = [own for offset, own in segments if offset <= position]
    if before:
        return before[-1]
    return segments[0][1]
