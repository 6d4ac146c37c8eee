"""The gate's agreements: every agreement of the committed documents with its parties and
type(s) (read from its title, its preamble, the relation it states), and the agreements a
question's parties are all bound to, of its type; an amendment is evidence about the
agreement it amends unless the question asks about the amendment itself.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain import Binding, entity_key
from retrieval import VectorStore
from skill._agreement_ref import amendment_number
from skill._answer import RejectedCandidate
from skill._candidate import Candidate, ResolvedEntity, _unique_docs
from skill._subject import SubjectClass, document_type_of, document_types_match

# how a rejected agreement whose type nothing states is said (the gate reads it back)
UNKNOWN_TYPE = "document of unknown type"


def _is_amendment(title: str) -> bool:
    # an amended and restated agreement is evidence about the agreement it restates too
    # (issue 16: skill/_supersede.py decides, from what it states, which terms it replaces)
    return (
        re.search(r"\bamend(?:ment|ing)\b|\bamended\s+and\s+restated\b", title, re.IGNORECASE)
        is not None
    )


# a document that states it changes a named earlier agreement (a restatement is an agreement
# of its own unless its title says it restates: `_is_amendment`)
_AMENDING = ("amends",)  # a supplement (an SOW "supplements" its MSA) stays a document of its own


def agreement_type(title: str) -> str | None:
    """The type of an agreement from its title; an amendment's is that of what it amends."""
    text = title
    amended = re.search(
        r"\bamend(?:ment|ing)\b(?:\s+(?:no\.?|#)\s*\d+)?\s+(?:to|of)\s+(?:the\s+|that\s+certain\s+)?(.+)$",
        text,
        re.IGNORECASE,
    )
    if amended:
        text = amended.group(1)
    return document_type_of(text)


# The document naming itself: "This Software License ... Agreement", or a heading that opens
# the preamble ("DISTRIBUTOR AGREEMENT BETWEEN ..."). Only capitalised words make the type.
_SELF_TYPE = re.compile(
    r"(?:^|\b(?i:this)\s+)((?:[A-Z][\w\-/]*,?\s+(?:(?i:and|&)\s+)?){1,8})(?i:agreement)\b"
)


def _self_named_types(quote: str) -> list[str]:
    """Agreement types the preamble gives the document itself (its own title may be generic
    or differ from the words the preamble uses)."""
    out: list[str] = []
    for m in _SELF_TYPE.finditer(quote.strip()):
        kind = document_type_of(m.group(1) + "agreement")
        if kind and kind not in out:
            out.append(kind)
    return out


# "Non-Disclosure and Non-Compete Agreement", "Loan & Security Agreement": the kinds a title
# joins before its noun, each an agreement of its own kind too ("the NDA" asks of the first).
_JOINED_TITLE = re.compile(r"^(.*?)\b(?:agreement|contract)s?\b", re.IGNORECASE)
_TYPE_JOINERS = re.compile(r"\s+(?:and|&)\s+|\s*[&/]\s*", re.IGNORECASE)


def _joined_types(title: str) -> list[str]:
    """The type of each kind an agreement's title joins with "and", "&" or "/"; none where it
    joins none."""
    m = _JOINED_TITLE.search(" ".join(title.replace("-", " ").split()))
    parts = _TYPE_JOINERS.split(m.group(1).strip()) if m is not None else []
    if len(parts) < 2:
        return []
    kinds = (document_type_of(f"{part} agreement") for part in parts if part.strip())
    return list(dict.fromkeys(k for k in kinds if k))


def _question_types(question_type: str | None) -> list[str | None]:
    """The question's type, and the type of what it amends ("amendment to the services
    agreement" is evidence about the services agreement)."""
    if question_type is None:
        return [None]
    amended = agreement_type(question_type.replace("_", " "))
    out: list[str | None] = [question_type]
    if amended and amended != question_type:
        out.append(amended)
    return out


def _titled_by_parties(
    question_type: str | None, kinds: Sequence[str | None], parties: Sequence[object]
) -> bool:
    """A question's title more specific than the agreement's own ("the Jacksonville Jaguars
    Sponsorship Agreement between A and B" for a "SPONSORSHIP AGREEMENT" between A and B):
    the agreement's type ends the question's, and the question names two parties bound to
    it. Never for an amendment asked by its title (the amendment is not the agreement)."""
    if question_type is None or len(parties) < 2 or "amend" in question_type:
        return False
    return any(k is not None and question_type.endswith("_" + k) for k in kinds)


def _merge_copies(agreements: list[Candidate]) -> list[Candidate]:
    """One candidate per agreement: copies of one document (the same title and parties, the
    same independence group, e.g. a re-exported PDF) are merged, their documents kept."""
    merged: dict[tuple[Any, ...], Candidate] = {}
    for c in sorted(agreements, key=lambda a: a.subject_id):
        groups = frozenset(b.independence_group for b in c.bindings if b.independence_group)
        key = (
            c.class_attributes.get("document_type"),
            tuple(sorted(entity_key(p) for p in c.class_attributes.get("parties", []))),
        )
        for (k, seen_groups), first in list(merged.items()):
            if k == key and seen_groups & groups:
                merged[(k, seen_groups)] = Candidate(
                    subject_id=first.subject_id,
                    name=first.name,
                    subject_type=first.subject_type,
                    bindings=first.bindings + c.bindings,
                    documents=tuple(sorted(set(first.documents) | set(c.documents))),
                    class_attributes=first.class_attributes,
                    aliases=tuple(sorted(set(first.aliases) | set(c.aliases))),
                )
                break
        else:
            merged[(key, groups)] = c
    return sorted(merged.values(), key=lambda a: a.subject_id)


@dataclass(frozen=True)
class _AgreementEntry:
    """One agreement as the gate checks it: its heads and party bindings, the keys of its
    parties, its title and document type(s)."""

    heads: tuple[Binding, ...]
    parties: tuple[Binding, ...]
    bound: frozenset[str]
    title: str
    kind: str | None
    kinds: tuple[str | None, ...]
    amends: bool = False  # the document states that it amends (supplements, restates) one


@functools.lru_cache(maxsize=4096)
def _types_match(question_type: str | None, agreement_type: str | None) -> bool:
    return document_types_match(question_type, agreement_type)


def agreement_table(
    store: VectorStore, kb: str, documents: Sequence[str], memo: dict[str, Any]
) -> dict[str, _AgreementEntry]:
    """Every agreement of the committed documents, by key, with what the gate checks of
    it. It does not depend on the question: kept in `memo`, the gate's snapshot when there is
    one (one look-up per role for the KB instead of two per agreement per question)."""
    table: dict[str, _AgreementEntry] | None = memo.get("agreements")
    if table is not None:
        return table
    heads_of: dict[str, list[Binding]] = {}
    for b in store.find_bindings(kb, role="agreement", document_ids=documents):
        heads_of.setdefault(b.subject_key, []).append(b)
    parties_of: dict[str, list[Binding]] = {}
    for b in store.find_bindings(kb, role="party", document_ids=documents):
        if b.parent_key:
            parties_of.setdefault(b.parent_key, []).append(b)
    table = {}
    for key in sorted(set(heads_of) | set(parties_of)):
        heads = heads_of.get(key, [])
        all_parties = parties_of.get(key, [])
        title = heads[0].attributes.get("title", heads[0].subject_name) if heads else ""
        title = title or (all_parties[0].parent_name or "" if all_parties else "")
        kind = agreement_type(title) if title else None
        kinds = (kind, *(k for h in heads[:1] for k in _self_named_types(h.quote) if k != kind))
        kinds = (*kinds, *(k for k in _joined_types(title) if k not in kinds))
        # an amendment whatever its title ("This Amendment is entered into ..." under no
        # heading): the document states the relation, and the type of what it amends
        amends = next(
            (
                h
                for h in heads
                if h.attributes.get("relation") in _AMENDING and h.attributes.get("target_type")
            ),
            None,
        )
        if amends is not None:
            stated = agreement_type(amends.attributes.get("target_type", ""))
            kinds = (*kinds, *((stated,) if stated and stated not in kinds else ()))
        table[key] = _AgreementEntry(
            heads=tuple(heads),
            parties=tuple(all_parties),
            bound=frozenset(b.subject_key for b in all_parties),
            title=title,
            kind=kind,
            kinds=kinds,
            amends=amends is not None,
        )
    memo["agreements"] = table  # one key, one atomic write
    return table


def defined_party(candidates: Sequence[Candidate], term: str) -> tuple[Binding, ...]:
    """The party bindings of `candidates` that bind a party under the defined term `term`
    ("the Transporter": Arkansas Western Pipeline Company (the "Transporter")), matched by
    entity key, never by similarity. One binding of one party of one agreement resolves the
    term; more (the term defined in two agreements, or for two parties) leave it ambiguous."""
    key = entity_key(term)
    if not key:
        return ()
    return tuple(
        b
        for c in candidates
        for b in c.bindings
        if b.role == "party" and key in {entity_key(t) for t in b.defined_terms}
    )


def _party_keys(candidate: Candidate) -> frozenset[str]:
    return frozenset(b.subject_key for b in candidate.bindings if b.role == "party")


def _amending(
    agreement: Candidate, amendments: Sequence[Candidate], *, alone: bool
) -> tuple[str, ...]:
    """The documents of the amendments of `agreement`: those whose parties are all its
    parties (an amendment between Northgate and Halcyon amends no agreement of Northgate's
    with Ridgeway); one whose parties are not bound amends the agreement only when it is the
    one candidate."""
    own = _party_keys(agreement)
    return tuple(
        sorted(
            {
                d
                for a in amendments
                if ((keys := _party_keys(a)) and keys <= own) or (not keys and alone)
                for d in a.documents
            }
        )
    )


def _amended(agreement: Candidate, documents: tuple[str, ...]) -> Candidate:
    """`agreement` with its amendments' documents searched and named (`amended_by`)."""
    if not documents:
        return agreement
    return dataclasses.replace(
        agreement,
        documents=tuple(sorted(set(agreement.documents) | set(documents))),
        class_attributes={**agreement.class_attributes, "amended_by": list(documents)},
    )


def agreements_of(
    store: VectorStore,
    kb: str,
    subject: SubjectClass,
    parties: Sequence[ResolvedEntity],
    documents: Sequence[str],
    table: dict[str, _AgreementEntry],
) -> tuple[list[Candidate], list[RejectedCandidate]]:
    """Agreements every named party is bound to, of the question's type (`table`:
    `agreement_table`)."""
    if parties:
        keys = sorted(
            {
                b.parent_key
                for party in parties
                for b in store.find_bindings(
                    kb, role="party", subject_key=party.key, document_ids=documents
                )
                if b.parent_key
            }
        )
    else:
        keys = sorted(k for k, entry in table.items() if entry.heads)
    question_types = _question_types(subject.document_type)
    candidates: list[Candidate] = []
    amendments: list[Candidate] = []
    rejected: list[RejectedCandidate] = []
    for key in keys:
        entry = table.get(key)
        if entry is None:
            continue
        heads, all_parties, title, kind = entry.heads, entry.parties, entry.title, entry.kind
        label = title or "agreement"
        missing = [p for p in parties if p.key not in entry.bound]
        if missing:
            rejected.append(
                RejectedCandidate(
                    name=label,
                    reason="; ".join(f"{p.name} is not a party to the agreement" for p in missing),
                )
            )
            continue
        if not any(_types_match(q, k) for q in question_types for k in entry.kinds) and not (
            _titled_by_parties(subject.document_type, entry.kinds, parties)
        ):
            rejected.append(
                RejectedCandidate(
                    name=label,
                    reason=f"{with_article(kind.replace('_', ' ')) if kind else 'a ' + UNKNOWN_TYPE}, "
                    f"not {with_article(str(subject.document_type).replace('_', ' '))}",
                )
            )
            continue
        bindings = heads + all_parties
        names = tuple(
            sorted(
                {b.subject_name for b in all_parties}
                | {t for b in all_parties for t in b.defined_terms}
            )
        )
        candidate = Candidate(
            subject_id=key,
            name=label,
            subject_type="agreement",
            bindings=bindings,
            documents=_unique_docs(bindings),
            class_attributes={
                "document_type": kind,
                "title": title or None,
                "date": heads[0].attributes.get("date") if heads else None,
                "parties": sorted({b.subject_name for b in all_parties}),
            },
            aliases=names,
        )
        (amendments if (title and _is_amendment(title)) or entry.amends else candidates).append(
            candidate
        )
    candidates = _merge_copies(candidates)
    amendments = _merge_copies(amendments)
    if subject.constraints.get("amendment"):
        # The question asks about the amendment itself ("Amendment No. 1 to the MSA").
        wanted = amendment_number(str(subject.constraints["amendment"]))
        # The amendment with the asked number ("Second Amendment"), or for an unnumbered
        # "Amendment" the unnumbered one; otherwise every one that may be it.
        exact = [a for a in amendments if amendment_number(a.name) == wanted]
        chosen = exact or [
            a for a in amendments if wanted is None or amendment_number(a.name) in (None, wanted)
        ]
        rejected.extend(
            RejectedCandidate(name=c.name, reason="the agreement itself, not its amendment")
            for c in candidates
        )
        # the amendment is the subject: its own text, not the other document's pages a
        # filing printed before it (skill._integrity.verify)
        chosen = [
            dataclasses.replace(
                c,
                class_attributes={
                    **c.class_attributes,
                    "amendment": True,
                    "amendment_number": wanted,
                },
            )
            for c in chosen
        ]
        return chosen, rejected
    # An amendment is evidence about the agreement it amends, never a subject of its own.
    if candidates and amendments:
        candidates = [
            _amended(c, _amending(c, amendments, alone=len(candidates) == 1)) for c in candidates
        ]
    elif amendments and not candidates:
        candidates = amendments
    return candidates, rejected


def with_article(words: str) -> str:
    """`words` with its indefinite article, as a reason reads ("an asset purchase agreement",
    "an individual")."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"
