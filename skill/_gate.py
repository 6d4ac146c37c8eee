"""State 2: the hard gate. Candidates come only from exact look-ups in the binding index.

A subject is a candidate only if its type, its role and an explicit binding to the parent
entity all match; an agreement only if every party named in the question is bound to it (and
its type matches the question's, when one is given). Near-misses are reported with reasons.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import uuid
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain import (
    Alias,
    AliasResolver,
    Binding,
    BindingType,
    ResolutionStatus,
    SubjectType,
    base_key,
    entity_key,
    is_generic_term,
    is_person_name,
    lexicon,
    sentence_location,
    sentence_spans,
)
from retrieval import VectorStore
from skill._answer import RejectedCandidate
from skill._subject import (
    _ROLE_PHRASES,
    AGREEMENT_ROLES,
    EITHER_ROLES,
    ENTITY_ROLES,
    QuestionKind,
    SubjectClass,
    document_type_of,
    document_types_match,
)


class QueryEmbedder(Protocol):
    def embed_query(self, text: str) -> list[float]: ...


# The skill's searches weigh the dense and the lexical ranking equally (the store's default
# leans on the dense side, see retrieval FUSION_WEIGHTS): they run inside a candidate's own
# documents, where the names are settled and the clause's own words (governing law, notice,
# liability) are what finds it. Measured on CUAD governing law: 48/52 agreements right with
# equal weights, 46/52 with the store's 3 : 1.
SKILL_FUSION = (1.0, 1.0)


# Roles whose holder is usually one at a time: two different holders are worth a flag.
SINGLE_HOLDER_ROLES = frozenset(r.name for r in lexicon().asked_roles if r.holders == "one")
# Attributes of an entity that the binding index records as a role of the entity.
ATTRIBUTE_ROLES: dict[str, str] = {
    a.name: a.binding_role for a in lexicon().attributes if a.binding_role is not None
}
# Roles a person holds of a company (the rest of State 1's role vocabulary is held by
# companies, or held under an agreement).
_PEOPLE_ROLES = frozenset(
    r.name for r in lexicon().asked_roles if r.holder != "company" and r.parent != "agreement"
)


def _role_phrase(role: str) -> str | None:
    phrases = [p for p, r in _ROLE_PHRASES if r == role]
    return "|".join(phrases) if phrases else None


def accepted_types(role: str) -> frozenset[str]:
    """Subject types a holder of `role` may have."""
    if role in EITHER_ROLES:
        return frozenset({"individual", "legal_entity"})
    if role in ENTITY_ROLES:
        return frozenset({"legal_entity"})
    return frozenset({"individual"})


@dataclass(frozen=True)
class ResolvedEntity:
    query: str
    key: str
    name: str
    status: str  # exact | alias | short_name


@dataclass(frozen=True)
class Candidate:
    """One subject that passed the gate, with the bindings that establish it."""

    subject_id: str
    name: str
    subject_type: str
    bindings: tuple[Binding, ...]
    parent_name: str | None = None
    relation: str | None = None
    # Documents that speak about this subject (its bindings' documents, amendments ...).
    documents: tuple[str, ...] = ()
    class_attributes: dict[str, Any] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()  # surface forms that name it (names, defined terms)


@dataclass(frozen=True)
class GateResult:
    candidates: tuple[Candidate, ...]
    rejected: tuple[RejectedCandidate, ...]
    entities: tuple[ResolvedEntity, ...] = ()
    unresolved: tuple[str, ...] = ()
    ambiguous: tuple[str, ...] = ()
    # Yes/no claims the index settles on its own ("yes": bound; "no": an exhaustive party list).
    verdict: str | None = None
    verdict_bindings: tuple[Binding, ...] = ()


# Wording that denies a corporate link between two named entities; a subsidiary or a parent
# is an affiliate, so "not affiliated" denies both.
_UNRELATED = (
    r"\b(?:is|are|was|were)\s+not\s+(?:in\s+any\s+way\s+)?(?:affiliated|associated|related|connected)"
    r"\s+(?:in\s+any\s+way\s+)?(?:with|to)\b|\b(?:is|are)\s+(?:entirely\s+|wholly\s+)?"
    r"(?:unrelated|unaffiliated)\s+(?:with|to)\b|\bhas\s+no\s+(?:affiliation|relationship|connection)"
    r"\s+with\b|\bnot\s+to\s+be\s+confused\s+with\b"
)
_DENIALS: dict[str, re.Pattern[str]] = {
    "subsidiary": re.compile(
        _UNRELATED + r"|\b(?:is|are)\s+not\s+(?:a\s+|an\s+)?(?:\w+\s+)?(?:subsidiary|parent)"
        r"\s+(?:company\s+)?of\b|\bnot\s+(?:owned|controlled)\s+by\b",
        re.IGNORECASE,
    ),
}


# Entity attributes whose value is itself a bound role holder (a company).
_HOLDER_ATTRIBUTES = lexicon().holder_attributes


def _name_patterns(name: str) -> list[re.Pattern[str]]:
    # The full name only: a short name ("Acme Robotics") may be shared by the other entity.
    forms = [name, name.rstrip(".")]
    return [
        re.compile(
            r"(?<!\w)" + r"\s+".join(re.escape(w) for w in f.split()) + r"(?!\w)", re.IGNORECASE
        )
        for f in dict.fromkeys(forms)
    ]


def _first(patterns: Sequence[re.Pattern[str]], text: str) -> tuple[int, int] | None:
    spans = [m.span() for p in patterns for m in [p.search(text)] if m]
    return min(spans) if spans else None


def _display_name(names: Iterable[str]) -> str:
    """The most frequent written form; ties: the longest, then the smallest."""
    counts = Counter(n for n in names if n)
    if not counts:
        return ""
    return min(counts, key=lambda n: (-counts[n], -len(n), n))


def _unique_docs(bindings: Iterable[Binding]) -> tuple[str, ...]:
    return tuple(sorted({b.location.document_id for b in bindings}))


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
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


def _amendment_number(text: str) -> int | None:
    m = re.search(r"amendment\s+(?:no\.?|number|#)\s*(\d+)", text, re.IGNORECASE)
    if m:
        return int(m.group(1))
    m = re.search(r"\b(first|second|third|fourth|fifth)\s+amendment", text, re.IGNORECASE)
    return _ORDINALS[m.group(1).lower()] if m else None


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


def _subsidiary_links(bindings: Iterable[Binding]) -> frozenset[tuple[str, str]]:
    """(subsidiary key, parent key) of every subsidiary / parent-company binding."""
    links: set[tuple[str, str]] = set()
    for b in bindings:
        if b.parent_key and b.role == "subsidiary":
            links.add((b.subject_key, b.parent_key))
        elif b.parent_key and b.role == "parent_company":
            links.add((b.parent_key, b.subject_key))
    return frozenset(links)


# Roles whose value identifies one legal entity in one national register (a company number
# is unique only within its registry, which the binding does not carry): the same number
# stated for two names makes them one entity under two names (a company renamed, "Adobe Systems Incorporated" and "Adobe
# Inc." on covers with one I.R.S. employer number).
_IDENTIFIER_ROLES = frozenset(r.name for r in lexicon().roles if r.identifies)


def _identity_links(bindings: Iterable[Binding]) -> frozenset[tuple[str, str]]:
    """(key, other key) of every two entities one stated identifier names."""
    named: dict[tuple[str, str], set[str]] = {}
    for b in bindings:
        if (
            b.role in _IDENTIFIER_ROLES
            and b.parent_key
            and not b.parent_key.startswith("agreement:")
        ):
            named.setdefault((b.role, b.subject_key), set()).add(b.parent_key)
    return frozenset((a, o) for keys in named.values() for a in keys for o in keys if a != o)


def _one_entity(name: str, keys: Sequence[str], same: frozenset[tuple[str, str]]) -> str | None:
    """A name several entities answer to that are one entity by a stated identifier
    (`_identity_links`): the one whose name, less its legal form, is the name asked ("Adobe"
    -> "Adobe Inc."). None when they are not one entity, or no one name is the name asked."""
    if not all((a, o) in same for a in keys for o in keys if a != o):
        return None
    asked = base_key(name)
    exact = [k for k in keys if base_key(k) == asked]
    return exact[0] if len(exact) == 1 else None


def _family_head(keys: Sequence[str], links: frozenset[tuple[str, str]]) -> str | None:
    """The one entity of `keys` that every other one is bound to as a subsidiary (`links`:
    _subsidiary_links): a bare group name ("Acme Robotics" for Acme Robotics, Inc. and its
    Acme Robotics GmbH) denotes the group's parent. None when there is no such entity (the
    name stays ambiguous)."""
    heads = [k for k in keys if all(o == k or (o, k) in links for o in keys)]
    return heads[0] if len(heads) == 1 else None


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


def _refused(entity: ResolvedEntity, reason: str) -> GateResult:
    """No candidate: the named entity itself, rejected for `reason`."""
    return GateResult(
        candidates=(),
        rejected=(RejectedCandidate(name=entity.name, reason=reason),),
        entities=(entity,),
    )


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


class CandidateGate:
    """Resolves the named entities and finds candidate subjects by exact binding look-ups."""

    def __init__(
        self,
        store: VectorStore,
        embedder: QueryEmbedder | None = None,
        aliases: Sequence[Alias] = (),
        *,
        snapshot: dict[str, Any] | None = None,
    ) -> None:
        """`snapshot`: a cache shared by the questions asked of one committed-document set
        and alias table (the caller keys it so); it holds what does not depend on the
        question: the KB's known entity names and their resolver."""
        self.store = store
        self.embedder = embedder
        self.aliases = tuple(aliases)
        self.snapshot = snapshot

    # -- entity resolution ----------------------------------------------------------------

    def resolve(
        self, kb: str, name: str, documents: Sequence[str], cache: dict[str, Any]
    ) -> ResolvedEntity | None:
        """An exact key first; then an unambiguous short name among the KB's entities.
        Document-scoped defined terms ("the Company") never resolve a name in a question.

        Memoized in `cache` (one question's): a name is resolved several times per question
        (the rejoin check, then the gate), and the answer cannot change within it."""
        memo: dict[str, tuple[ResolvedEntity | None, bool]] = cache.setdefault("resolved", {})
        if name in memo:
            entity, ambiguous = memo[name]
            if ambiguous:
                cache.setdefault("ambiguous", []).append(name)
            return entity
        entity, ambiguous = self._resolve(kb, name, documents, cache)
        memo[name] = (entity, ambiguous)
        if ambiguous:
            cache.setdefault("ambiguous", []).append(name)
        return entity

    def _resolve(
        self, kb: str, name: str, documents: Sequence[str], cache: dict[str, Any]
    ) -> tuple[ResolvedEntity | None, bool]:
        """(the entity or None, whether the name was ambiguous)."""
        key = entity_key(name)
        if not key:
            return None, False
        as_subject = self.store.find_bindings(kb, subject_key=key, document_ids=documents)
        as_parent = self.store.find_bindings(kb, parent_key=key, document_ids=documents)
        if as_subject or as_parent:
            names = [b.subject_name for b in as_subject] + [b.parent_name or "" for b in as_parent]
            return ResolvedEntity(name, key, _display_name(names) or name, "exact"), False
        if is_generic_term(name):
            return None, False
        if "links" not in cache and self.snapshot is not None and "entities" in self.snapshot:
            cache["links"], cache["same"], cache["known"], cache["resolver"] = self.snapshot[
                "entities"
            ]
        if "links" not in cache:
            every = self.store.find_bindings(kb, document_ids=documents)
            known: dict[str, list[str]] = {}
            for b in every:
                if b.subject_type.value in ("individual", "legal_entity"):
                    known.setdefault(b.subject_key, []).append(b.subject_name)
                if b.parent_key and b.parent_name and not b.parent_key.startswith("agreement:"):
                    known.setdefault(b.parent_key, []).append(b.parent_name)
            cache["links"] = _subsidiary_links(every)
            cache["same"] = _identity_links(every)
            cache["known"] = {k: _display_name(v) for k, v in known.items()}
            cache["resolver"] = AliasResolver(
                aliases=[a for a in self.aliases if a.entity_key in known],
                known_entities=list(cache["known"].values()),
            )
            if self.snapshot is not None:  # one key, one atomic write
                self.snapshot["entities"] = (
                    cache["links"],
                    cache["same"],
                    cache["known"],
                    cache["resolver"],
                )
        display: dict[str, str] = cache["known"]
        resolution = cache["resolver"].resolve(name)
        if resolution.status is ResolutionStatus.AMBIGUOUS:
            head = _family_head(resolution.candidates, cache["links"]) or _one_entity(
                name, resolution.candidates, cache["same"]
            )
            if head is None:
                return None, True
            return ResolvedEntity(name, head, display[head], "family_head"), False
        if resolution.entity_key is None or resolution.entity_key not in display:
            return None, False
        entity = ResolvedEntity(
            name, resolution.entity_key, display[resolution.entity_key], resolution.status.value
        )
        return entity, False

    def _similar_names(
        self, kb: str, name: str, documents: Sequence[str]
    ) -> list[RejectedCandidate]:
        """Entities whose names resemble an unresolved name: reported, never used."""
        if self.embedder is None:
            return []
        key = entity_key(name)
        out: dict[str, RejectedCandidate] = {}
        hits = self.store.similar_binding_subjects(
            kb, self.embedder.embed_query(name), document_ids=documents, top_k=5
        )
        tokens = set(key.split())
        for binding, score in hits:
            other = set(binding.subject_key.split())
            if binding.subject_key == key or score < 0.6 or not tokens & other:
                continue
            out.setdefault(
                binding.subject_key,
                RejectedCandidate(
                    name=binding.subject_name,
                    reason=f"name similar to {name} but a different entity",
                ),
            )
        return [out[k] for k in sorted(out)]

    # -- the gate -------------------------------------------------------------------------

    def run(self, kb: str, subject: SubjectClass, documents: Sequence[str]) -> GateResult:
        cache: dict[str, Any] = {}
        if subject.kind in (
            QuestionKind.AGREEMENT_ATTRIBUTE,
            QuestionKind.OBLIGATIONS,
        ) or (subject.kind is QuestionKind.RELATION and subject.attribute == "parties"):
            return self._agreements_gate(kb, subject, documents, cache)
        if subject.attribute == "is_party":
            return self._is_party_gate(kb, subject, documents, cache)
        if subject.role in AGREEMENT_ROLES and (
            subject.document_type or subject.parties or subject.role == "signatory"
        ):
            return self._agreement_role_gate(kb, subject, documents, cache)
        if subject.kind is QuestionKind.YES_NO:
            return self._yes_no_gate(kb, subject, documents, cache)
        if subject.role and subject.parent_entity:
            return self._role_gate(kb, subject, documents, cache)
        if subject.name:
            return self._named_gate(kb, subject, documents, cache)
        return GateResult(candidates=(), rejected=())

    def _unresolved(
        self, kb: str, names: Sequence[str], documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        rejected: list[RejectedCandidate] = []
        for name in names:
            rejected.extend(self._similar_names(kb, name, documents))
        return GateResult(
            candidates=(),
            rejected=tuple(rejected),
            unresolved=tuple(names),
            ambiguous=tuple(cache.get("ambiguous", [])),
        )

    def _role_holders(
        self, kb: str, role: str, parent: ResolvedEntity, documents: Sequence[str]
    ) -> list[tuple[str, str, Binding]]:
        """(holder key, holder name, binding) for every binding of `role` to `parent`."""
        out = [
            (b.subject_key, b.subject_name, b)
            for b in self.store.find_bindings(
                kb, role=role, parent_key=parent.key, document_ids=documents
            )
        ]
        # The same link recorded from the other side: "Y, a subsidiary of X" / "X, parent of Y".
        inverse = {"subsidiary": "parent_company", "parent_company": "subsidiary"}.get(role)
        if role == "shareholder":
            # A parent company owns its subsidiary: "Who owns X?" is answered by that link too.
            for b in self.store.find_bindings(
                kb, role="subsidiary", subject_key=parent.key, document_ids=documents
            ):
                if b.parent_key and b.parent_name:
                    out.append((b.parent_key, b.parent_name, b))
        if inverse is not None:
            for b in self.store.find_bindings(
                kb, role=inverse, subject_key=parent.key, document_ids=documents
            ):
                if b.parent_key and b.parent_name:
                    out.append((b.parent_key, b.parent_name, b))
        return out

    def _role_gate(
        self, kb: str, subject: SubjectClass, documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        assert subject.role is not None and subject.parent_entity is not None
        role = subject.role
        parent = self.resolve(kb, subject.parent_entity, documents, cache)
        if parent is None:
            return self._unresolved(kb, [subject.parent_entity], documents, cache)
        types = accepted_types(role)
        holders: dict[str, list[tuple[str, Binding]]] = {}
        rejected: dict[str, RejectedCandidate] = {}
        for key, name, binding in self._role_holders(kb, role, parent, documents):
            if binding.subject_type.value not in types and binding.subject_key == key:
                rejected.setdefault(
                    key,
                    RejectedCandidate(
                        name=name,
                        reason=f"bound as {role} of {parent.name} but is a "
                        f"{binding.subject_type.value}, not a {'/'.join(sorted(types))}",
                    ),
                )
                continue
            holders.setdefault(key, []).append((name, binding))
        if subject.name:
            # A named role holder (person attribute by name and role): only that one.
            wanted = entity_key(subject.name)
            holders = {k: v for k, v in holders.items() if k == wanted}
        candidates = [
            Candidate(
                subject_id=key,
                name=_display_name(n for n, _ in items),
                subject_type=(
                    items[0][1].subject_type.value
                    if items[0][1].subject_key == key
                    else "legal_entity"
                ),
                bindings=tuple(b for _, b in items),
                parent_name=parent.name,
                relation=role,
                documents=_unique_docs(b for _, b in items),
                aliases=tuple(sorted({n for n, _ in items})),
            )
            for key, items in sorted(holders.items())
        ]
        # Near-misses: other roles of the same parent, the same role of other parents.
        if role in _PEOPLE_ROLES or role in ENTITY_ROLES:
            for b in self.store.find_bindings(kb, parent_key=parent.key, document_ids=documents):
                if b.subject_key in holders or b.role == role or b.subject_key in rejected:
                    continue
                if b.subject_type.value not in types or b.role in ("party", "agreement"):
                    continue
                rejected[b.subject_key] = RejectedCandidate(
                    name=b.subject_name,
                    reason=f"holds role {b.role} of {parent.name}, not {role}",
                )
            others = self.store.find_bindings(kb, role=role, document_ids=documents)
            for b in others:
                if b.subject_key in holders or b.subject_key in rejected:
                    continue
                if b.parent_key == parent.key:
                    continue
                rejected[b.subject_key] = RejectedCandidate(
                    name=b.subject_name,
                    reason=f"{role} of {b.parent_name or 'another entity'}, "
                    f"no binding to {parent.name}",
                )
        if role in _PEOPLE_ROLES:
            for name in self._titled_without_binding(kb, role, parent, documents):
                key = entity_key(name)
                if key not in holders and key not in rejected:
                    rejected[key] = RejectedCandidate(
                        name=name,
                        reason=f"named with the title {role} but no binding to {parent.name}",
                    )
        return GateResult(
            candidates=tuple(candidates),
            rejected=tuple(rejected[k] for k in sorted(rejected)),
            entities=(parent,),
        )

    def _titled_without_binding(
        self, kb: str, role: str, parent: ResolvedEntity, documents: Sequence[str]
    ) -> list[str]:
        """People written next to the role's title ("John Doe, Founder") in passages about the
        parent: reported as near-misses, never candidates (a title is not a binding)."""
        if self.embedder is None or not documents:
            return []
        phrase = _role_phrase(role)
        if phrase is None:
            return []
        query = f"{parent.name} {role.replace('_', ' ')}"
        hits = self.store.search_chunks(
            kb,
            query,
            self.embedder.embed_query(query),
            document_ids=documents,
            entity_keys=[parent.key],
            fusion=SKILL_FUSION,
            top_k=5,
        )
        pattern = re.compile(
            rf"(?P<name>(?-i:[A-Z][A-Za-z.'’\-]+(?:[ \t]+[A-Z][A-Za-z.'’\-]+){{1,3}})),\s+"
            rf"(?:(?:a|an|the|our|its|their)\s+)?(?:{phrase})\b",
            re.IGNORECASE,
        )
        found: set[str] = set()
        for hit in hits:
            for m in pattern.finditer(hit.chunk.text):
                name = m.group("name").strip()
                # The capture is case-insensitive only for the title: the name must be capitalised.
                if name[0].isupper() and is_person_name(name):
                    found.add(name)
        return sorted(found)

    def _named_gate(
        self, kb: str, subject: SubjectClass, documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        """An entity (or a person) named directly: its own bindings establish it."""
        assert subject.name is not None
        entity = self.resolve(kb, subject.name, documents, cache)
        if entity is None:
            return self._unresolved(kb, [subject.name], documents, cache)
        own = self.store.find_bindings(kb, subject_key=entity.key, document_ids=documents)
        as_parent = self.store.find_bindings(kb, parent_key=entity.key, document_ids=documents)
        types = {b.subject_type.value for b in own}
        if not types and as_parent:
            types = {"legal_entity"}
        wanted = "individual" if subject.type == "individual" else "legal_entity"
        if types and wanted not in types:
            return _refused(entity, f"is a {'/'.join(sorted(types))}, not a {wanted}")
        holder_role = subject.attribute if subject.attribute in _HOLDER_ATTRIBUTES else None
        if holder_role and not any(b.role == holder_role for b in as_parent):
            # "Who audits X?" asks for a role holder: without one bound to X there is no
            # subject to answer about (a sentence elsewhere is not a binding).
            return _refused(entity, f"no {holder_role.replace('_', ' ')} bound to {entity.name}")
        bindings = tuple(own) + tuple(as_parent)
        candidate = Candidate(
            subject_id=entity.key,
            name=entity.name,
            subject_type=wanted,
            bindings=bindings,
            documents=_unique_docs(bindings),
            aliases=tuple(
                sorted(
                    {b.subject_name for b in own} | {b.parent_name or "" for b in as_parent} - {""}
                )
            ),
        )
        return GateResult(candidates=(candidate,), rejected=(), entities=(entity,))

    # -- agreements -----------------------------------------------------------------------

    def _agreement_table(
        self, kb: str, documents: Sequence[str], cache: dict[str, Any]
    ) -> dict[str, _AgreementEntry]:
        """Every agreement of the committed documents, by key, with what the gate checks of
        it. It does not depend on the question: kept in the snapshot when there is one
        (one look-up per role for the KB instead of two per agreement per question)."""
        store = self.snapshot if self.snapshot is not None else cache
        table: dict[str, _AgreementEntry] | None = store.get("agreements")
        if table is not None:
            return table
        heads_of: dict[str, list[Binding]] = {}
        for b in self.store.find_bindings(kb, role="agreement", document_ids=documents):
            heads_of.setdefault(b.subject_key, []).append(b)
        parties_of: dict[str, list[Binding]] = {}
        for b in self.store.find_bindings(kb, role="party", document_ids=documents):
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
        store["agreements"] = table  # one key, one atomic write
        return table

    def _agreements_of(
        self,
        kb: str,
        subject: SubjectClass,
        parties: Sequence[ResolvedEntity],
        documents: Sequence[str],
        cache: dict[str, Any],
    ) -> tuple[list[Candidate], list[RejectedCandidate]]:
        """Agreements every named party is bound to, of the question's type."""
        table = self._agreement_table(kb, documents, cache)
        if parties:
            keys = sorted(
                {
                    b.parent_key
                    for party in parties
                    for b in self.store.find_bindings(
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
                        reason="; ".join(
                            f"{p.name} is not a party to the agreement" for p in missing
                        ),
                    )
                )
                continue
            if not any(_types_match(q, k) for q in question_types for k in entry.kinds) and not (
                _titled_by_parties(subject.document_type, entry.kinds, parties)
            ):
                rejected.append(
                    RejectedCandidate(
                        name=label,
                        reason=f"a {kind or 'document of unknown type'}, "
                        f"not a {subject.document_type}",
                    )
                )
                continue
            bindings = heads + all_parties
            names = tuple(
                sorted(
                    {b.subject_name for b in all_parties}
                    | {
                        t.strip()
                        for b in all_parties
                        for t in b.attributes.get("defined_terms", "").split(";")
                        if t.strip()
                    }
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
            wanted = _amendment_number(str(subject.constraints["amendment"]))
            # The amendment with the asked number ("Second Amendment"), or for an unnumbered
            # "Amendment" the unnumbered one; otherwise every one that may be it.
            exact = [a for a in amendments if _amendment_number(a.name) == wanted]
            chosen = exact or [
                a
                for a in amendments
                if wanted is None or _amendment_number(a.name) in (None, wanted)
            ]
            rejected.extend(
                RejectedCandidate(name=c.name, reason="the agreement itself, not its amendment")
                for c in candidates
            )
            # the amendment is the subject: its own text, not the other document's pages a
            # filing printed before it (skill._evidence.verify)
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
            extra = tuple(sorted({d for a in amendments for d in a.documents}))
            candidates = [
                Candidate(
                    subject_id=c.subject_id,
                    name=c.name,
                    subject_type=c.subject_type,
                    bindings=c.bindings,
                    documents=tuple(sorted(set(c.documents) | set(extra))),
                    class_attributes={**c.class_attributes, "amended_by": list(extra)},
                    aliases=c.aliases,
                )
                for c in candidates
            ]
        elif amendments and not candidates:
            candidates = amendments
        return candidates, rejected

    def _resolve_all(
        self, kb: str, names: Sequence[str], documents: Sequence[str], cache: dict[str, Any]
    ) -> tuple[list[ResolvedEntity], list[str]]:
        resolved, missing = [], []
        for name in self._rejoin(kb, names, documents, cache):
            entity = self.resolve(kb, name, documents, cache)
            if entity is None:
                missing.append(name)
            else:
                resolved.append(entity)
        return resolved, missing

    def _rejoin(
        self, kb: str, names: Sequence[str], documents: Sequence[str], cache: dict[str, Any]
    ) -> list[str]:
        """Names a question split at a connector ("Babcock and Wilcox Company", "Cremer Oleo
        GmbH & Co KG", "Hyde Park Bancorp, MHC") joined again: only when the joined form is
        the exact name of a known entity and one of the pieces is not."""

        def exact(name: str) -> bool:
            entity = self.resolve(kb, name, documents, cache)
            return entity is not None and entity.status == "exact"

        out: list[str] = []
        i = 0
        while i < len(names):
            name = names[i]
            if i + 1 < len(names) and not (exact(name) and exact(names[i + 1])):
                joined = next(
                    (
                        j
                        for j in (f"{name}{sep}{names[i + 1]}" for sep in (" and ", ", ", " & "))
                        if exact(j)
                    ),
                    None,
                )
                if joined is not None:
                    out.append(joined)
                    i += 2
                    continue
            out.append(name)
            i += 1
        return out

    def _agreements_gate(
        self, kb: str, subject: SubjectClass, documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        parties, missing = self._resolve_all(kb, subject.parties, documents, cache)
        if missing:
            return self._unresolved(kb, missing, documents, cache)
        if not parties and subject.document_type is None:
            return GateResult(candidates=(), rejected=())
        candidates, rejected = self._agreements_of(kb, subject, parties, documents, cache)
        for role in subject.constraints.get("party_roles") or []:
            # "with its CFO": a party must hold that role at the first party named.
            owner = parties[0]
            holders = {key for key, _, _ in self._role_holders(kb, str(role), owner, documents)}
            label = str(role).replace("_", " ")
            kept = []
            for c in candidates:
                if any(b.role == "party" and b.subject_key in holders for b in c.bindings):
                    kept.append(c)
                else:
                    rejected.append(
                        RejectedCandidate(
                            name=c.name, reason=f"no party is bound as {label} of {owner.name}"
                        )
                    )
            candidates = kept
        party = subject.constraints.get("party")
        if party:
            wanted = entity_key(str(party))
            keyed = {p.key for p in parties if entity_key(p.query) == wanted}
            if not keyed:
                return self._unresolved(kb, [str(party)], documents, cache)
        return GateResult(
            candidates=tuple(candidates), rejected=tuple(rejected), entities=tuple(parties)
        )

    def _is_party_gate(
        self, kb: str, subject: SubjectClass, documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        assert subject.name is not None
        others, missing = self._resolve_all(kb, subject.parties, documents, cache)
        if missing:
            return self._unresolved(kb, missing, documents, cache)
        candidates, rejected = self._agreements_of(kb, subject, others, documents, cache)
        if not candidates:
            return GateResult(candidates=(), rejected=tuple(rejected), entities=tuple(others))
        key = entity_key(subject.name)
        entity = self.resolve(kb, subject.name, documents, cache)
        if entity is not None:
            key = entity.key
        bound = [
            b for c in candidates for b in c.bindings if b.role == "party" and b.subject_key == key
        ]
        if bound:
            return GateResult(
                candidates=tuple(candidates),
                rejected=tuple(rejected),
                entities=tuple(others),
                verdict="yes",
                verdict_bindings=tuple(bound),
            )
        # The preamble lists an agreement's parties exhaustively: absence there is explicit.
        party_lists = tuple(b for c in candidates for b in c.bindings if b.role == "agreement")
        if not party_lists:
            party_lists = tuple(b for c in candidates for b in c.bindings if b.role == "party")
        return GateResult(
            candidates=tuple(candidates),
            rejected=tuple(rejected),
            entities=tuple(others),
            verdict="no",
            verdict_bindings=party_lists,
        )

    def _agreement_role_gate(
        self, kb: str, subject: SubjectClass, documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        """Signatories, guarantors, escrow agents, trustees of an agreement (for a party)."""
        assert subject.role is not None
        role = subject.role
        parties, missing = self._resolve_all(kb, subject.parties, documents, cache)
        if subject.parent_entity and entity_key(subject.parent_entity) not in {
            entity_key(p.query) for p in parties
        }:
            extra, more_missing = self._resolve_all(kb, [subject.parent_entity], documents, cache)
            parties += extra
            missing += more_missing
        if missing:
            return self._unresolved(kb, missing, documents, cache)
        agreements, rejected = self._agreements_of(kb, subject, parties, documents, cache)
        if not agreements:
            return GateResult(candidates=(), rejected=tuple(rejected), entities=tuple(parties))
        for_party = (
            self.resolve(kb, subject.parent_entity, documents, cache)
            if subject.parent_entity
            else None
        )
        party_role = subject.constraints.get("party_role")
        role_holders: set[str] | None = None
        if party_role:
            # "for the lender": the party whose contract role or defined term is that role.
            role_holders = {
                b.subject_key
                for a in agreements
                for b in a.bindings
                if b.role == "party"
                and (
                    b.attributes.get("contract_role", "").lower() == party_role
                    or party_role
                    in {t.strip().lower() for t in b.attributes.get("defined_terms", "").split(";")}
                )
            }
        agreement_keys = {a.subject_id for a in agreements}
        agreement_docs = {d for a in agreements for d in a.documents}
        holders: dict[str, list[Binding]] = {}
        rejected_map: dict[str, RejectedCandidate] = {}
        for b in self.store.find_bindings(
            kb, role=role, document_ids=sorted(agreement_docs) or documents
        ):
            in_agreement = (
                b.parent_key in agreement_keys
                or b.attributes.get("agreement_key") in agreement_keys
                or b.location.document_id in agreement_docs
            )
            if not in_agreement:
                continue
            if for_party is not None and role == "signatory" and b.parent_key != for_party.key:
                rejected_map.setdefault(
                    b.subject_key,
                    RejectedCandidate(
                        name=b.subject_name,
                        reason=f"signed for {b.parent_name or 'another party'}, "
                        f"not for {for_party.name}",
                    ),
                )
                continue
            if role_holders is not None and b.parent_key not in role_holders:
                rejected_map.setdefault(
                    b.subject_key,
                    RejectedCandidate(
                        name=b.subject_name,
                        reason=f"signed for {b.parent_name or 'another party'}, not the {party_role}",
                    ),
                )
                continue
            holders.setdefault(b.subject_key, []).append(b)
        candidates = [
            Candidate(
                subject_id=key,
                name=_display_name(b.subject_name for b in items),
                subject_type=items[0].subject_type.value,
                bindings=tuple(items),
                parent_name=items[0].parent_name,
                relation=role,
                documents=_unique_docs(items),
                aliases=tuple(sorted({b.subject_name for b in items})),
            )
            for key, items in sorted(holders.items())
        ]
        return GateResult(
            candidates=tuple(candidates),
            rejected=tuple(rejected)
            + tuple(rejected_map[k] for k in sorted(rejected_map) if k not in holders),
            entities=tuple(parties),
        )

    # -- yes/no ---------------------------------------------------------------------------

    def _yes_no_gate(
        self, kb: str, subject: SubjectClass, documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        """ "Is Y a subsidiary of X?" / "Is Z the CEO of X?": both must be known entities."""
        assert subject.name is not None and subject.parent_entity is not None
        assert subject.role is not None
        parent, missing = self._resolve_all(kb, [subject.parent_entity], documents, cache)
        if missing:
            return self._unresolved(kb, missing, documents, cache)
        named, missing = self._resolve_all(kb, [subject.name], documents, cache)
        if missing:
            return self._unresolved(kb, missing, documents, cache)
        entity, owner = named[0], parent[0]
        own = self.store.find_bindings(kb, subject_key=entity.key, document_ids=documents)
        if not own:
            own = self.store.find_bindings(kb, parent_key=entity.key, document_ids=documents)[:1]
        linked = [
            b
            for _, _, b in self._role_holders(kb, subject.role, owner, documents)
            if (b.subject_key == entity.key and b.role == subject.role)
            or (b.parent_key == entity.key and b.role != subject.role)
        ]
        candidate = Candidate(
            subject_id=entity.key,
            name=entity.name,
            subject_type=own[0].subject_type.value if own else subject.type,
            bindings=tuple(linked) or tuple(own[:1]),
            parent_name=owner.name,
            relation=subject.role,
            documents=_unique_docs(linked or own),
            aliases=tuple(sorted({b.subject_name for b in own} | {entity.name})),
        )
        if linked:
            return GateResult(
                candidates=(candidate,),
                rejected=(),
                entities=(owner, entity),
                verdict="yes",
                verdict_bindings=tuple(linked),
            )
        rejected = [
            RejectedCandidate(
                name=entity.name, reason=f"holds role {b.role} of {owner.name}, not {subject.role}"
            )
            for b in own
            if b.parent_key == owner.key and b.role != subject.role
        ]
        if not rejected:
            rejected = [
                RejectedCandidate(
                    name=entity.name,
                    reason=f"no binding as {subject.role} of {owner.name}",
                )
            ]
        unique = {r.reason: r for r in rejected}
        denials = self._denials(kb, subject.role, entity, owner, documents)
        return GateResult(
            candidates=(candidate,),
            rejected=tuple(unique[k] for k in sorted(unique)),
            entities=(owner, entity),
            verdict="no" if denials else None,
            verdict_bindings=tuple(denials),
        )

    def _denials(
        self,
        kb: str,
        role: str,
        entity: ResolvedEntity,
        owner: ResolvedEntity,
        documents: Sequence[str],
    ) -> list[Binding]:
        """Sentences that explicitly deny the link ("Y is not affiliated with X", "X is not a
        subsidiary of Y"), as statements the "no" is cited from. Silence is never a "no"."""
        denial = _DENIALS.get(role)
        if denial is None or not documents or self.embedder is None:
            return []
        query = f"{entity.name} {owner.name} not affiliated unrelated"
        hits = self.store.search_chunks(
            kb,
            query,
            self.embedder.embed_query(query),
            document_ids=sorted(documents),
            entity_keys=[entity.key],
            fusion=SKILL_FUSION,
            top_k=10,
        )
        names_y = _name_patterns(entity.name)
        names_x = _name_patterns(owner.name)
        found: dict[str, Binding] = {}
        for hit in sorted(hits, key=lambda h: h.chunk.chunk_id):
            text = hit.chunk.text
            for start, end in sentence_spans(text):
                sentence = text[start:end]
                y = _first(names_y, sentence)
                x = _first(names_x, sentence)
                if y is None or x is None:
                    continue
                first, second = sorted([y, x])
                between = sentence[first[1] : second[0]]
                if not denial.search(between):
                    continue
                location = sentence_location(hit.chunk, start, end)
                binding_id = str(
                    uuid.uuid5(
                        uuid.NAMESPACE_URL,
                        f"denial:{location.document_id}:{role}:{entity.key}:{owner.key}:"
                        f"{location.char_start}",
                    )
                )
                found.setdefault(
                    binding_id,
                    Binding(
                        binding_id=binding_id,
                        subject_name=entity.name,
                        subject_key=entity.key,
                        subject_type=SubjectType.LEGAL_ENTITY,
                        role=f"not_{role}",
                        parent_name=owner.name,
                        parent_key=owner.key,
                        binding_type=BindingType.EXPLICIT_STATEMENT,
                        quote=sentence,
                        location=location,
                        independence_group=hit.chunk.independence_group,
                    ),
                )
        return [found[k] for k in sorted(found)]
