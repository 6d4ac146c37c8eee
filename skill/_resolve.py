"""The gate's name resolution: a name of a question to one entity of the knowledge base.

An exact key first; then an unambiguous alias or short name among the KB's entities, a bare
group name to the group's parent, or two names one stated identifier makes one entity.
Names that resemble an unresolved one are reported, never used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from domain import (
    Alias,
    AliasResolver,
    Binding,
    ResolutionStatus,
    base_key,
    entity_key,
    is_generic_term,
    legal_form,
    lexicon,
)
from retrieval import VectorStore
from skill._answer import RejectedCandidate
from skill._candidate import ResolvedEntity
from skill._search import QueryEmbedder
from skill.linking import initials_of, name_key


def _display_name(names: Iterable[str]) -> str:
    """The most frequent written form; ties: the longest, then the smallest."""
    counts = Counter(n for n in names if n)
    if not counts:
        return ""
    return min(counts, key=lambda n: (-counts[n], -len(n), n))


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


def registrant_documents(
    store: VectorStore, kb: str, key: str, documents: Sequence[str]
) -> frozenset[str]:
    """The documents where a stated identifier of entity `key` (an employer number, a
    registration number) names it or an entity it is under another name (one number on
    Adobe Systems Incorporated's 10-K and on Adobe Inc.'s): the entity's own filings under
    every name it had, never another's that mentions it."""
    own = store.find_bindings(kb, parent_key=key, document_ids=documents)
    numbers = {b.subject_key for b in own if b.role in _IDENTIFIER_ROLES}
    out: set[str] = set()
    for number in sorted(numbers):
        for b in store.find_bindings(kb, subject_key=number, document_ids=documents):
            if b.role in _IDENTIFIER_ROLES and b.parent_key:
                out.add(b.location.document_id)
    return frozenset(out)


def _family_head(keys: Sequence[str], links: frozenset[tuple[str, str]]) -> str | None:
    """The one entity of `keys` that every other one is bound to as a subsidiary (`links`:
    _subsidiary_links): a bare group name ("Acme Robotics" for Acme Robotics, Inc. and its
    Acme Robotics GmbH) denotes the group's parent. None when there is no such entity (the
    name stays ambiguous)."""
    heads = [k for k in keys if all(o == k or (o, k) in links for o in keys)]
    return heads[0] if len(heads) == 1 else None


# The subjects a question names by name: a person or a company.
_NAMED = frozenset({"individual", "legal_entity"})

# The roles of a value that names its holder in a question (roles.yaml `names_holder`: a
# company's ticker, "BBY's auditor").
NAMES_HOLDER = frozenset(r.name for r in lexicon().roles if r.names_holder)


class EntityResolver:
    """Resolves the names a question gives to entities of the knowledge base (one gate's)."""

    def __init__(
        self,
        store: VectorStore,
        embedder: QueryEmbedder | None,
        aliases: Sequence[Alias],
        snapshot: dict[str, Any] | None,
    ) -> None:
        """`snapshot`: the gate's question-independent cache (see `CandidateGate`)."""
        self.store = store
        self.embedder = embedder
        self.aliases = tuple(aliases)
        self.snapshot = snapshot

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
        exact = None
        if as_subject or as_parent:
            names = [b.subject_name for b in as_subject] + [b.parent_name or "" for b in as_parent]
            exact = ResolvedEntity(name, key, _display_name(names) or name, "exact")
            if as_parent or any(b.subject_type.value in _NAMED for b in as_subject):
                return exact, False
            if any(b.role in NAMES_HOLDER and b.parent_key for b in as_subject):
                # a company's ticker written whole ("BBY", "ATVI") names the company whose
                # cover states it (the gate reads it as its holder), never a subsidiary or
                # another entity whose name it merely opens ("BBY Solutions, Inc.", "ATVI
                # C.V."), which would leave it ambiguous or another company
                return exact, False
            # Only a place or an identifier of that name ("Arkansas", the state a company is
            # organized in): an entity it is the short name of comes first ("Arkansas Western
            # Pipeline Company"); the identifier stands when no entity is.
        found, ambiguous = self._resolve_known(kb, name, documents, cache)
        if found is None and not ambiguous and exact is not None:
            return exact, False
        if found is None and not ambiguous:
            return self._in_document(name, documents), False
        return found, ambiguous

    def _scoped_aliases(self, name: str) -> list[Alias]:
        """The document-scoped other names (a filer's, a signer's: `Alias.document_scoped`)
        that `name` writes: the same key, or the same words with no other legal form
        ("Artara Therapeutics" of "ARTARA THERAPEUTICS, INC.")."""
        key, base, form = entity_key(name), base_key(name), legal_form(name)
        return [
            a
            for a in self.aliases
            if a.document_scoped
            and (
                a.alias_key == key
                or (
                    base and base_key(a.alias) == base and (not form or legal_form(a.alias) == form)
                )
            )
        ]

    def scoped_documents(self, name: str, documents: Sequence[str]) -> tuple[str, ...]:
        """The documents of `documents` where `name` is a party's document-scoped other name
        (its filer's or signer's), in their order; () where it is none."""
        own = {a.document_id for a in self._scoped_aliases(name)}
        return tuple(d for d in documents if d in own)

    def _in_document(self, name: str, documents: Sequence[str]) -> ResolvedEntity | None:
        """The party `name` is a document-scoped other name of, where every document asked
        about (the gate narrowed them, `CandidateGate.run`) writes it for one party; None
        otherwise: such a name never names its party beyond its own document."""
        found = [a for a in self._scoped_aliases(name) if a.document_id in documents]
        if not documents or {a.document_id for a in found} != set(documents):
            return None
        entities = {a.entity_key: a.entity_name for a in found}
        if len(entities) != 1:
            return None
        key, display = next(iter(entities.items()))
        return ResolvedEntity(name, key, display, "scoped_name")

    def _resolve_known(
        self, kb: str, name: str, documents: Sequence[str], cache: dict[str, Any]
    ) -> tuple[ResolvedEntity | None, bool]:
        """A name among the KB's entities by alias or short name (no exact key)."""
        if is_generic_term(name):
            return None, False
        if "links" not in cache and self.snapshot is not None and "entities" in self.snapshot:
            (
                cache["links"],
                cache["same"],
                cache["known"],
                cache["resolver"],
                cache["people"],
            ) = self.snapshot["entities"]
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
            cache["people"] = frozenset(
                b.subject_key for b in every if b.subject_type.value == "individual"
            )
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
                    cache["people"],
                )
        display: dict[str, str] = cache["known"]
        resolution = cache["resolver"].resolve(name)
        if resolution.status is ResolutionStatus.AMBIGUOUS:
            head = _family_head(resolution.candidates, cache["links"]) or _one_entity(
                name, resolution.candidates, cache["same"]
            )
            if head is None:
                # the entities it may name, for the gate to read it in the agreement the rest
                # of the question pins down (`sharing`); a person named in part ("Bruce",
                # two Bruces known) only where no entity is named whole by it ("RICK": RICK
                # SMITH ENTERPRISES before the person Rick Smith)
                opened = [k for k in resolution.candidates if k in display]
                whole = tuple(k for k in opened if _whole_person_name(name, k, cache["people"]))
                cache.setdefault("sharing", {})[name] = whole
                if not whole:
                    cache.setdefault("in_part", {})[name] = tuple(opened)
                return None, True
            return ResolvedEntity(name, head, display[head], "family_head"), False
        if resolution.entity_key is None or resolution.entity_key not in display:
            if name.isupper() and len(name.split()) == 1:
                # "ACM" where Apollo Capital Management and ARCA Capital Management are both
                # known: initials several companies share (or that spell a word, "ITS") name
                # none alone; the gate reads them in the agreement the rest pins down
                initialled = self._initials(cache).get(name_key(name), ())
                if initialled:
                    cache.setdefault("sharing", {})[name] = initialled
            return None, False
        if resolution.status is ResolutionStatus.SHORT_NAME and not _whole_person_name(
            name, resolution.entity_key, cache["people"]
        ):
            # "Maria" or "Marek" alone is nobody's short name: a person is named whole (a
            # surname the linker wrote out before the question was read); the gate may still
            # read it as a party of the one agreement the rest of the question pins down
            # ("between Square Two and Kathy": KATHY WHITWORTH, its party), see `in_part`
            cache.setdefault("in_part", {})[name] = (resolution.entity_key,)
            return None, False
        entity = ResolvedEntity(
            name, resolution.entity_key, display[resolution.entity_key], resolution.status.value
        )
        return entity, False

    def sharing(self, name: str, cache: dict[str, Any]) -> tuple[str, ...]:
        """The keys of the entities an ambiguous short name opens ("Deutsche": Deutsche Bank
        Securities Inc. and Deutsche Bank Trust Company), persons left out; () for a name
        `resolve` did not find ambiguous."""
        found: dict[str, tuple[str, ...]] = cache.get("sharing", {})
        return found.get(name, ())

    def _initials(self, cache: dict[str, Any]) -> dict[tuple[str, ...], tuple[str, ...]]:
        """The keys of the companies each set of initials writes (persons have none), for
        the question's known entities; kept in the snapshot (question-independent)."""
        memo = self.snapshot if self.snapshot is not None else cache
        found: dict[tuple[str, ...], tuple[str, ...]] | None = memo.get("initials")
        if found is None:
            written: dict[tuple[str, ...], list[str]] = {}
            for key in sorted(cache["known"]):
                letters = None if key in cache["people"] else initials_of(cache["known"][key])
                if letters is not None:
                    written.setdefault((letters,), []).append(key)
            found = memo["initials"] = {k: tuple(v) for k, v in written.items()}
        return found

    def in_part(self, name: str, cache: dict[str, Any]) -> tuple[str, ...]:
        """The keys of the persons a part of their name opens ("Kathy": KATHY WHITWORTH), for
        the gate to read only as a party of the one agreement the rest of the question pins
        down; () for a name `resolve` did not find so."""
        found: dict[str, tuple[str, ...]] = cache.get("in_part", {})
        return found.get(name, ())

    def similar_names(
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

    def resolve_all(
        self, kb: str, names: Sequence[str], documents: Sequence[str], cache: dict[str, Any]
    ) -> tuple[list[ResolvedEntity], list[str]]:
        """(the entities `names` resolve to, the names that resolve to none)."""
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


def _whole_person_name(name: str, key: str, people: frozenset[str]) -> bool:
    """Does `name`, a short name of the entity `key`, name it whole: it is no person's, or it
    leaves out only the person's generational suffix ("John Doe" for John Doe Jr.)?"""
    if key not in people:
        return True
    # the name's words open the person's ("Maria Okafor, Inc." has a word more: no person)
    words, whole = entity_key(name).split(), key.split()
    return whole[: len(words)] == words and all(
        w in lexicon().generational_suffixes for w in whole[len(words) :]
    )
