"""State 2: the hard gate. Candidates come only from exact look-ups in the binding index.

A subject is a candidate only if its type, its role and an explicit binding to the parent
entity all match; an agreement only if every party named in the question is bound to it (and
its type matches the question's, when one is given). Near-misses are reported with reasons.
This module owns the gate's dispatch by kind of question and its role look-ups; the names
are resolved by skill/_resolve.py, the agreements found by skill/_agreements.py, a yes/no's
denials read by skill/_denials.py.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from domain import Alias, Binding, entity_key, is_person_name, lexicon
from retrieval import VectorStore
from skill._agreements import (
    UNKNOWN_TYPE,
    agreement_table,
    agreements_of,
    defined_party,
    with_article,
)
from skill._answer import RejectedCandidate
from skill._candidate import Candidate, GateResult, ResolvedEntity, _unique_docs
from skill._denials import stated_denials
from skill._resolve import EntityResolver, _display_name
from skill._role_actors import set_aside, writes_term
from skill._search import SKILL_FUSION, QueryEmbedder
from skill._subject import (
    _ROLE_PHRASES,
    AGREEMENT_ROLES,
    EITHER_ROLES,
    ENTITY_ROLES,
    HOLDER_ATTRIBUTES,
    QuestionKind,
    SubjectClass,
    role_words,
)

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


def _terms_unread(pinned: Sequence[Candidate], bound: Sequence[Binding], named: set[str]) -> bool:
    """Does another pinned agreement than the one binding a role bind a party, not named in the
    question, under no defined term at all? Its terms were not extracted, so that party may be
    the role too: the role binds one party only by the others' absence, which proves nothing
    there (conservative: the role then stays unresolved)."""
    return any(
        b.role == "party" and b.subject_key not in named and not b.defined_terms
        for c in pinned
        if not any(x in bound for x in c.bindings)
        for b in c.bindings
    )


def _sharing_party(
    pinned: Sequence[Candidate], keys: Sequence[str], named: set[str]
) -> tuple[tuple[Binding, ...], str]:
    """The party bindings of `pinned` whose party is one of `keys` (the entities a short name
    opens) and not already named, sorted by key; ("shared_name" their status). The caller
    takes them only where they lie in one agreement: several of the name's entities may be
    that agreement's parties ("Deutsche Bank Securities Inc." and "Deutsche Bank Trust
    Company"), and the agreement asked about is the same whichever the name meant."""
    wanted = frozenset(keys) - named
    bound = sorted(
        (b for c in pinned for b in c.bindings if b.role == "party" and b.subject_key in wanted),
        key=lambda b: (b.subject_key, b.binding_id),
    )
    return tuple(bound), "shared_name"


# How a rejected candidate's reason names an entity type ("is an individual, not a legal
# entity"), never by the index's key ("legal_entity").
_TYPE_WORDS = {"legal_entity": "legal entity"}


_EQUIVALENT_ROLES = lexicon().contract_role_equivalents


def _holds(candidate: Candidate, keys: set[str], role: str, beside: Sequence[str] = ()) -> bool:
    """Does `candidate` bind a party of `keys` under `role`, and (where `beside` names roles)
    another party under one of those?"""
    parties = [b for b in candidate.bindings if b.role == "party"]
    return any(b.subject_key in keys and _plays(b, role) for b in parties) and (
        not beside
        or any(b.subject_key not in keys and any(_plays(b, r) for r in beside) for b in parties)
    )


def _held_by_other(candidate: Candidate, keys: set[str], roles: Sequence[str]) -> bool:
    """Does `candidate` bind a party not of `keys` under one of `roles`?"""
    return any(
        b.role == "party" and b.subject_key not in keys and any(_plays(b, r) for r in roles)
        for b in candidate.bindings
    )


_CONTRACT_ROLES = sorted(
    {" ".join(r.split("_")) for r in lexicon().contract_roles}, key=lambda r: (-len(r), r)
)


def _head_role(role: str) -> str | None:
    """The contract role a role of more words ends with ("licensee" of "canada licensee",
    "trustee" of "successor trustee"); None where it is one itself or ends with none."""
    said = " ".join(role.replace("_", " ").lower().split())
    return next(
        (r for r in _CONTRACT_ROLES if said != r and said.endswith(" " + r)),
        None,
    )


def _plays(binding: Binding, party_role: str) -> bool:
    """Is a party binding's contract role or defined term `party_role` ("lender")?"""
    said = " ".join(party_role.replace("_", " ").lower().split())
    role = " ".join(binding.attributes.get("contract_role", "").replace("_", " ").lower().split())
    return role == said or said in {" ".join(t.lower().split()) for t in binding.defined_terms}


def _as_asked(subject: SubjectClass, gate: GateResult) -> GateResult:
    """The gate's yes/no verdict on the claim as the question asks it: turned around where it
    asks the negation ("Is X not a party to ...?": X bound as a party -> no)."""
    if not subject.constraints.get("negated") or gate.verdict not in ("yes", "no"):
        return gate
    return replace(gate, verdict="no" if gate.verdict == "yes" else "yes")


def _refused(entity: ResolvedEntity, reason: str, *, said: bool = False) -> GateResult:
    """No candidate: the named entity itself, rejected for `reason` (`said`: the reason is
    the answer's own words)."""
    return GateResult(
        candidates=(),
        rejected=(RejectedCandidate(name=entity.name, reason=reason),),
        entities=(entity,),
        refusal=reason if said else "",
    )


# The roles of a name that stands for its holder in a question: a company's ticker
# (roles.yaml `names_holder`).
_NAMED_BY = frozenset(r.name for r in lexicon().roles if r.names_holder)


class CandidateGate:
    """Resolves the named entities and finds candidate subjects by exact binding look-ups."""

    def __init__(
        self,
        store: VectorStore,
        embedder: QueryEmbedder | None = None,
        aliases: Sequence[Alias] = (),
        *,
        snapshot: dict[str, Any] | None = None,
        scoped: bool = False,
    ) -> None:
        """`snapshot`: a cache shared by the questions asked of one committed-document set
        and alias table (the caller keys it so); it holds what does not depend on the
        question: the KB's known entity names and their resolver. `scoped`: the documents
        were chosen by the asker, so an agreement question naming neither parties nor a type
        asks about every agreement among them."""
        self.store = store
        self.scoped = scoped
        self.embedder = embedder
        self.snapshot = snapshot

        self.names = EntityResolver(store, embedder, tuple(aliases), snapshot)

    # -- the gate -------------------------------------------------------------------------

    def held_role_scope(
        self, kb: str, subject: SubjectClass, documents: Sequence[str]
    ) -> tuple[tuple[str, ...], tuple[RejectedCandidate, ...]] | None:
        """The documents of the agreements where each party the question gives a role
        ("Halcyon, as the Borrower") holds it, and the agreements left out, why; None where
        the question gives no party a role, or names a party the knowledge base does not
        know (the gate then says so as it does of any unknown name)."""
        held = subject.constraints.get("held_roles") or []
        if not held:
            return None
        cache: dict[str, Any] = {}
        names = [str(name) for name, _ in held]
        parties, missing = self.names.resolve_all(kb, names, documents, cache)
        if missing:
            return None
        typed = subject.document_type if subject.type == "agreement" else None
        asked = SubjectClass(
            type="agreement",
            kind=QuestionKind.AGREEMENT_ATTRIBUTE,
            document_type=typed,
            constraints={"parties": names, "held_roles": held},
        )
        candidates, rejected = self._agreements_of(kb, asked, parties, documents, cache)
        held_by = {d for c in candidates for d in c.documents}
        return tuple(d for d in documents if d in held_by), tuple(rejected)

    def run(self, kb: str, subject: SubjectClass, documents: Sequence[str]) -> GateResult:
        cache: dict[str, Any] = {}
        if subject.kind in (
            QuestionKind.AGREEMENT_ATTRIBUTE,
            QuestionKind.OBLIGATIONS,
        ) or (subject.kind is QuestionKind.RELATION and subject.attribute == "parties"):
            return self._agreements_gate(kb, subject, documents, cache)
        if subject.attribute == "is_party":
            return _as_asked(subject, self._is_party_gate(kb, subject, documents, cache))
        if (
            subject.role in AGREEMENT_ROLES
            and (subject.document_type or subject.parties or subject.role == "signatory")
        ) or (subject.role == "party" and subject.constraints.get("party_role")):
            return self._agreement_role_gate(kb, subject, documents, cache)
        if subject.kind is QuestionKind.YES_NO:
            return self._yes_no_gate(kb, subject, documents, cache)
        if subject.role and subject.parent_entity:
            return self._role_gate(kb, subject, documents, cache)
        if subject.name:
            return self._named_gate(kb, subject, documents, cache)
        return GateResult(candidates=(), rejected=())

    def named_scope(
        self, kb: str, subject: SubjectClass, documents: Sequence[str]
    ) -> tuple[str, ...] | None:
        """The documents the question's names confine it to, where a name resolves to no
        entity of the knowledge base but is a party's other name that one document writes (its
        filer's EDGAR footer or legend, its signature block: "Artara Therapeutics, Inc." for
        ArTara, Inc.): the documents writing it, so that the name reaches that agreement and
        no other of the party (the caller asks again over them, with a gate of their own).
        None where no name is such; () where such names share no document."""
        names = [n for n in (subject.name, subject.parent_entity, *subject.parties) if n]
        narrowed: set[str] | None = None
        for name in names:
            # the in-memory test first: a name no document writes as a party's other name
            # costs the store nothing (the gate's own look-ups are all that run)
            own = set(self.names.scoped_documents(name, documents))
            if not own:
                continue
            probe: dict[str, Any] = {}
            if self.names.resolve(kb, name, documents, probe) is not None or probe.get("ambiguous"):
                continue
            narrowed = own if narrowed is None else narrowed & own
        if narrowed is None:
            return None
        return tuple(d for d in documents if d in narrowed)

    def _unresolved(
        self, kb: str, names: Sequence[str], documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        rejected: list[RejectedCandidate] = []
        for name in names:
            rejected.extend(self.names.similar_names(kb, name, documents))
        return GateResult(
            candidates=(),
            rejected=tuple(rejected),
            unresolved=tuple(names),
            ambiguous=tuple(cache.get("ambiguous", [])),
        )

    def _role_holders(
        self,
        kb: str,
        role: str,
        parent: ResolvedEntity,
        documents: Sequence[str],
        cache: dict[str, Any] | None = None,
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
        # "Ms. Reyes is a director of Bramble Utilities, Inc." in Corvid's 10-K: a filing of
        # another registrant is never evidence about the company (issue 33)
        if self.scoped:
            # the asker chose the documents: what they say, whoever wrote them
            return out
        foreign = self._foreign_documents(kb, parent.key, documents, {} if cache is None else cache)
        return [h for h in out if h[2].location.document_id not in foreign]

    def _role_gate(
        self, kb: str, subject: SubjectClass, documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        assert subject.role is not None and subject.parent_entity is not None
        role = subject.role
        parent = self.names.resolve(kb, subject.parent_entity, documents, cache)
        if parent is None:
            return self._unresolved(kb, [subject.parent_entity], documents, cache)
        foreign = self._foreign_documents(kb, parent.key, documents, cache)
        if foreign and not self.scoped:
            mentions = [
                *self.store.find_bindings(kb, subject_key=parent.key, document_ids=documents),
                *self.store.find_bindings(kb, parent_key=parent.key, document_ids=documents),
            ]
            if mentions and all(b.location.document_id in foreign for b in mentions):
                # only another author's documents name the company (issue 33)
                return _refused(
                    parent,
                    f"not found in {parent.name}'s own documents; mentioned in "
                    + self._mentioned_in(kb, mentions),
                    said=True,
                )
        types = accepted_types(role)
        holders: dict[str, list[tuple[str, Binding]]] = {}
        rejected: dict[str, RejectedCandidate] = {}
        for key, name, binding in self._role_holders(kb, role, parent, documents, cache):
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
            # A named role holder (person attribute by name and role): only that one, named
            # as the knowledge base names it ("Keel Street" for Keel Street Capital LLC, by
            # the resolver's rules: an alias, a company's unambiguous short name).
            named = self.names.resolve(kb, subject.name, documents, cache)
            wanted = named.key if named is not None else entity_key(subject.name)
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
                if b.location.document_id in foreign:
                    continue  # another company's document says it (issue 33)
                if b.subject_type.value not in types or b.role in ("party", "agreement"):
                    continue
                rejected[b.subject_key] = RejectedCandidate(
                    name=b.subject_name,
                    reason=f"holds role {role_words(b.role)} of {parent.name}, not {role_words(role)}",
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
        entity = self.names.resolve(kb, subject.name, documents, cache)
        for other in subject.constraints.get("other_names") or ():
            # "Block (formerly known as Square)": the same entity by the name it had
            if entity is None:
                entity = self.names.resolve(kb, str(other), documents, cache)
        if entity is None:
            return self._unresolved(kb, [subject.name], documents, cache)
        if subject.parent_entity and (
            self.names.resolve(kb, subject.parent_entity, documents, cache) is None
        ):
            # asked of an entity the knowledge base does not know ("... hold in Zorblax"):
            # never answered of the named subject alone
            return self._unresolved(kb, [subject.parent_entity], documents, cache)
        own = self.store.find_bindings(kb, subject_key=entity.key, document_ids=documents)
        owners = {b.parent_key: b.parent_name for b in own if b.role in _NAMED_BY and b.parent_key}
        if own and len(owners) == 1 and all(b.role in _NAMED_BY for b in own):
            # A company asked by its ticker ("JNJ's net earnings"): the company the ticker is
            # bound to, never the identifier.
            key, name = next(iter(owners.items()))
            owner = self.names.resolve(kb, name or key, documents, cache)
            if owner is not None and subject.type != "individual":
                entity = owner
                own = self.store.find_bindings(kb, subject_key=entity.key, document_ids=documents)
        as_parent = self.store.find_bindings(kb, parent_key=entity.key, document_ids=documents)
        foreign = self._foreign_documents(kb, entity.key, documents, cache)
        if foreign:
            # "Mr. Weeks is a director of Amazon.com, Inc." in Corning's 10-K: a mention in
            # another registrant's filing is never evidence about the company (issue 33),
            # unless the knowledge base has nothing else to say of it.
            mine_own = [b for b in own if b.location.document_id not in foreign]
            mine_parent = [b for b in as_parent if b.location.document_id not in foreign]
            if mine_own or mine_parent:
                own, as_parent = mine_own, mine_parent
            elif (own or as_parent) and not self.scoped and subject.type != "individual":
                # Only another author's documents name the company (an industry report's
                # profile of it): where it is mentioned, never its facts (issue 33); a
                # question scoped to that document reads what the document says.
                return _refused(
                    entity,
                    f"not found in {entity.name}'s own documents; mentioned in "
                    + self._mentioned_in(kb, [*own, *as_parent]),
                    said=True,
                )
        types = {b.subject_type.value for b in own}
        if not types and as_parent:
            types = {"legal_entity"}
        wanted = "individual" if subject.type == "individual" else "legal_entity"
        if types and wanted not in types:
            kinds = "/".join(_TYPE_WORDS.get(t, t) for t in sorted(types))
            not_kind = _TYPE_WORDS.get(wanted, wanted)
            return _refused(entity, f"is {with_article(kinds)}, not {with_article(not_kind)}")
        holder_role = subject.attribute if subject.attribute in HOLDER_ATTRIBUTES else None
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

    def _mentioned_in(self, kb: str, bindings: Sequence[Binding]) -> str:
        """The documents `bindings` stand in, each with its author: "16_Industry_Report.pdf
        (Corvane Research Partners)"."""
        docs = {b.location.document_id: b.location.document for b in bindings}
        authors: dict[str, set[str]] = {}
        for b in self.store.find_bindings(kb, role="registrant", document_ids=sorted(docs)):
            authors.setdefault(b.location.document_id, set()).add(b.subject_name)
        return "; ".join(
            f"{name} ({', '.join(sorted(authors[d]))})" if authors.get(d) else name
            for d, name in sorted(docs.items(), key=lambda item: (item[1], item[0]))
        )

    def _foreign_documents(
        self, kb: str, key: str, documents: Sequence[str], cache: dict[str, Any]
    ) -> frozenset[str]:
        """The documents that speak for another entity than `key`: filed by another
        registrant (a company's own documents are those it files, is party to, or is the
        registrant of)."""
        memo = self.snapshot if self.snapshot is not None else cache
        registrants: dict[str, frozenset[str]] | None = memo.get("registrants")
        if registrants is None:
            found: dict[str, set[str]] = {}
            for b in self.store.find_bindings(kb, role="registrant", document_ids=documents):
                found.setdefault(b.location.document_id, set()).add(b.subject_key)
            registrants = memo["registrants"] = {d: frozenset(k) for d, k in found.items()}
        return frozenset(d for d, keys in registrants.items() if key not in keys)

    def _agreements_of(
        self,
        kb: str,
        subject: SubjectClass,
        parties: Sequence[ResolvedEntity],
        documents: Sequence[str],
        cache: dict[str, Any],
    ) -> tuple[list[Candidate], list[RejectedCandidate]]:
        """Agreements every named party is bound to, of the question's type; where the
        question gives a party a role ("Halcyon, as the Borrower"), only those binding that
        party under that role (its contract role or defined term)."""
        memo = self.snapshot if self.snapshot is not None else cache
        table = agreement_table(self.store, kb, documents, memo)
        candidates, rejected = agreements_of(self.store, kb, subject, parties, documents, table)
        for name, role in subject.constraints.get("held_roles") or []:
            keys = {p.key for p in parties if p.query == name}
            if not keys:
                continue
            # the role as the question writes it; where no agreement binds the party under
            # it, its equivalents (vocabulary.yaml contract_role_equivalents: "Halcyon, as the
            # Employer," the Company of its employment agreement), never another role
            said = str(role)
            # a role qualified ("Canada Licensee", "successor trustee"), where no agreement
            # writes it whole: the contract role it qualifies, and that role's equivalents
            head = _head_role(said)
            tried = [said, *([head] if head else [])]
            equivalents = _EQUIVALENT_ROLES.get("_".join((head or said).split()), ())
            kept = [c for c in candidates if _holds(c, keys, said)]
            if not kept:
                # never an agreement where another party holds the role asked ("Keystone, as
                # the Lender," of an account control agreement where Keystone is the Bank
                # and another party the Lender)
                others = [c for c in candidates if not _held_by_other(c, keys, tried)]
                kept = [c for c in others if head and _holds(c, keys, head)] or [
                    c
                    for c in others
                    if any(_holds(c, keys, r, beside) for r, beside in equivalents)
                ]
            named = " nor ".join(
                r.replace("_", " ").title() for r in (*tried, *(r for r, _ in equivalents))
            )
            rejected.extend(
                RejectedCandidate(name=c.name, reason=f"{name} is not the {named} under it")
                for c in candidates
                if all(c is not k for k in kept)
            )
            candidates = kept
        return candidates, rejected

    def _agreements_gate(
        self, kb: str, subject: SubjectClass, documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        parties, missing = self.names.resolve_all(kb, subject.parties, documents, cache)
        if missing:
            parties, missing = self._defined_in_context(
                kb, subject, parties, missing, documents, cache
            )
        aside: list[str] = []
        if missing:
            aside = self._terms_set_aside(kb, subject, parties, missing, documents, cache)
            missing = [n for n in missing if n not in aside]
        if missing:
            return self._unresolved(kb, missing, documents, cache)
        candidates, rejected = self._agreements_of(kb, subject, parties, documents, cache)
        if (
            self.scoped
            and not parties
            and not candidates
            and rejected
            and all(r.reason.startswith(f"a {UNKNOWN_TYPE},") for r in rejected)
        ):
            # "Does the NDA ...?" asked of the one document chosen: its agreement, whose type
            # its title does not say, is the agreement asked about (a known other type is not)
            untyped = subject.model_copy(update={"document_type": None})
            candidates, rejected = self._agreements_of(kb, untyped, parties, documents, cache)
        # "the agreement", "the contract": the knowledge base's lone agreement; among several,
        # none is chosen (each named, so the asker can name one)
        unnamed = not parties and subject.document_type is None and not self.scoped
        if unnamed and len(candidates) != 1:
            told = "one of the agreements the question does not tell apart; name its parties"
            return GateResult(
                candidates=(),
                rejected=tuple(RejectedCandidate(name=c.name, reason=told) for c in candidates),
            )
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
        if party and party not in aside:
            wanted = entity_key(str(party))
            keyed = {p.key for p in parties if entity_key(p.query) == wanted}
            if not keyed:
                return self._unresolved(kb, [str(party)], documents, cache)
        return GateResult(
            candidates=tuple(candidates),
            rejected=tuple(rejected),
            entities=tuple(parties),
            set_aside=tuple(aside),
        )

    def _defined_in_context(
        self,
        kb: str,
        subject: SubjectClass,
        parties: list[ResolvedEntity],
        missing: list[str],
        documents: Sequence[str],
        cache: dict[str, Any],
    ) -> tuple[list[ResolvedEntity], list[str]]:
        """(the parties, the names still unresolved) once each unresolved name that is a
        party's defined term ("the Transporter", "the Company") is read in the agreements the
        rest of the question pins down: its other parties, its title or type, the documents
        it is asked of. A role names a party only in one agreement, so it is that agreement's
        party only when exactly one of those agreements binds exactly one party under it, a
        party the question does not already name, and every other of them says its parties'
        defined terms; without such context, or with two, it stays unresolved (refused, its
        words named). A short name several entities share ("Deutsche", "Armstrong") is read
        the same way: the party among those entities of the one agreement the rest pins down
        (one or more of them bound to it; none named already), else it stays ambiguous."""
        if not (parties or subject.document_type or self.scoped):
            return parties, missing
        pinned, _ = self._agreements_of(kb, subject, parties, documents, cache)
        resolved, still = list(parties), list(missing)
        progress = True
        while still and progress:
            # a term read in one agreement pins it down for the others ("between the Sponsor
            # and the Club": the one agreement with a Club has one Sponsor)
            progress = False
            for name in list(still):
                # "between Ridgeway Pipeline Company and the Transporter": the role is the
                # other side of the agreement, never a party already named (Ridgeway twice)
                named = {p.key for p in resolved}
                bound = tuple(b for b in defined_party(pinned, name) if b.subject_key not in named)
                status = "defined_term"
                if not bound:
                    # "between MetLife and Deutsche": a short name two entities share is the
                    # one agreement's party among them ("Deutsche Bank Securities Inc.")
                    bound, status = _sharing_party(pinned, self.names.sharing(name, cache), named)
                if not bound:
                    # "between Square Two and Kathy": a person named in part is the one
                    # agreement's party of that name (KATHY WHITWORTH), never anyone else
                    bound, _ = _sharing_party(pinned, self.names.in_part(name, cache), named)
                    status = "person_in_part"
                if status == "defined_term":
                    # one party under the term, in one agreement or in each of several (an
                    # amendment and the agreement it amends, both with Ingram Micro as "the
                    # Distributor"): the term names that party whichever of them is asked
                    if len({b.subject_key for b in bound}) != 1 or _terms_unread(
                        pinned, bound, named
                    ):
                        continue
                elif len({b.parent_key for b in bound}) != 1:
                    continue
                resolved.append(
                    ResolvedEntity(name, bound[0].subject_key, bound[0].subject_name, status)
                )
                still.remove(name)
                if status in ("shared_name", "person_in_part"):
                    # read in its agreement, the name is no longer ambiguous
                    cache["ambiguous"] = [n for n in cache.get("ambiguous", []) if n != name]
                pinned = [c for c in pinned if any(b in bound for b in c.bindings)]
                progress = True
        # in the question's order: the first party named stays first
        order = {name: i for i, name in enumerate(subject.parties)}
        resolved.sort(key=lambda p: order.get(p.query, len(order)))
        return resolved, still

    def _terms_set_aside(
        self,
        kb: str,
        subject: SubjectClass,
        parties: list[ResolvedEntity],
        missing: list[str],
        documents: Sequence[str],
        cache: dict[str, Any],
    ) -> list[str]:
        """The unresolved names that are defined terms naming no party of the agreement asked
        of, set aside (skill/_role_actors.py): a role is the claim's actor ("the Receiving
        Party's obligations" of a mutual NDA), a term of the agreement's matter what it is
        about ("the Purpose"). A term an agreement asked of binds a party under stays
        unresolved (a role of two agreements, each with its own holder, names neither).
        Asked of chosen documents, those are the subject whatever other terms the question
        uses. Otherwise the rest of the question (its parties, its type; with neither, the
        knowledge base's lone agreement) must pin down one agreement that writes the term
        capitalised: a role read as a party of another agreement, a term the agreement does
        not write, or one several agreements could hold stays unresolved (refused, named)."""
        terms = [n for n in missing if set_aside(n) is not None]
        if not terms:
            return []
        pinned, _ = self._agreements_of(kb, subject, parties, documents, cache)
        terms = [
            n
            for n in terms
            if not defined_party(pinned, n) and not defined_party(pinned, str(set_aside(n)))
        ]
        if self.scoped or not terms:
            return terms
        if len(pinned) != 1:
            return []
        texts = [c.text for d in pinned[0].documents for c in self.store.chunks_of(kb, d)]
        return [n for n in terms if writes_term(texts, str(set_aside(n)))]

    def _is_party_gate(
        self, kb: str, subject: SubjectClass, documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        assert subject.name is not None
        others, missing = self.names.resolve_all(kb, subject.parties, documents, cache)
        if missing:
            return self._unresolved(kb, missing, documents, cache)
        candidates, rejected = self._agreements_of(kb, subject, others, documents, cache)
        if not candidates:
            return GateResult(candidates=(), rejected=tuple(rejected), entities=tuple(others))
        key = entity_key(subject.name)
        entity = self.names.resolve(kb, subject.name, documents, cache)
        if entity is not None:
            key = entity.key
        role = str(subject.constraints.get("party_role") or "")
        if role:
            return self._role_under_agreement(
                kb, candidates, rejected, others, key, role, documents
            )
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

    def _role_under_agreement(
        self,
        kb: str,
        candidates: Sequence[Candidate],
        rejected: Sequence[RejectedCandidate],
        others: Sequence[ResolvedEntity],
        key: str,
        role: str,
        documents: Sequence[str],
    ) -> GateResult:
        """ "Is X a guarantor of the loan?": yes where the agreement binds X to the role (its
        party of that contract role or defined term, or the role's own binding); no where it
        binds the role to another or lists its parties without X (the role's holders cited,
        else the party list); not stated where it binds neither."""
        role_name = role.replace(" ", "_")
        docs = sorted({d for c in candidates for d in c.documents}) or list(documents)
        agreement_keys = {c.subject_id for c in candidates}
        held = [
            b for c in candidates for b in c.bindings if b.role == "party" and _plays(b, role)
        ] + [
            b
            for b in self.store.find_bindings(kb, role=role_name, document_ids=docs)
            if b.parent_key in agreement_keys or b.attributes.get("agreement_key") in agreement_keys
        ]
        # one binding a holder (its party binding first: the preamble names its role)
        firsts: dict[str, Binding] = {}
        for b in held:
            firsts.setdefault(b.subject_key, b)
        held = list(firsts.values())
        found, set_aside, entities = tuple(candidates), tuple(rejected), tuple(others)
        mine = [b for b in held if b.subject_key == key]
        if mine:
            return GateResult(
                candidates=found,
                rejected=set_aside,
                entities=entities,
                verdict="yes",
                verdict_bindings=tuple(mine),
            )
        party_lists = tuple(b for c in candidates for b in c.bindings if b.role == "agreement")
        if held or party_lists:
            return GateResult(
                candidates=found,
                rejected=set_aside,
                entities=entities,
                verdict="no",
                verdict_bindings=tuple(held) or party_lists,
            )
        return GateResult(candidates=found, rejected=set_aside, entities=entities)

    def _agreement_role_gate(
        self, kb: str, subject: SubjectClass, documents: Sequence[str], cache: dict[str, Any]
    ) -> GateResult:
        """Signatories, guarantors, escrow agents, trustees of an agreement (for a party)."""
        assert subject.role is not None
        role = subject.role
        parties, missing = self.names.resolve_all(kb, subject.parties, documents, cache)
        if subject.parent_entity and entity_key(subject.parent_entity) not in {
            entity_key(p.query) for p in parties
        }:
            extra, more_missing = self.names.resolve_all(
                kb, [subject.parent_entity], documents, cache
            )
            parties += extra
            missing += more_missing
        if missing:
            return self._unresolved(kb, missing, documents, cache)
        agreements, rejected = self._agreements_of(kb, subject, parties, documents, cache)
        if not agreements:
            return GateResult(candidates=(), rejected=tuple(rejected), entities=tuple(parties))
        for_party = (
            self.names.resolve(kb, subject.parent_entity, documents, cache)
            if subject.parent_entity
            else None
        )
        party_role = subject.constraints.get("party_role")
        role_holders: set[str] | None = None
        if party_role and role != "party":
            # "for the lender": the party whose contract role or defined term is that role.
            role_holders = {
                b.subject_key
                for a in agreements
                for b in a.bindings
                if b.role == "party" and _plays(b, party_role)
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
            if role == "party" and party_role:
                # "Who is the lender under ...": the party this agreement defines as the
                # lender, only (the same company may be the client of another agreement, or
                # of another agreement printed in the same PDF)
                if b.parent_key not in agreement_keys or not _plays(b, party_role):
                    rejected_map.setdefault(
                        b.subject_key,
                        RejectedCandidate(
                            name=b.subject_name,
                            reason=f"a party to the agreement, not the {party_role}",
                        ),
                    )
                    continue
            elif role_holders is not None and b.parent_key not in role_holders:
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
        parent, missing = self.names.resolve_all(kb, [subject.parent_entity], documents, cache)
        if missing:
            return self._unresolved(kb, missing, documents, cache)
        named, missing = self.names.resolve_all(kb, [subject.name], documents, cache)
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
                name=entity.name,
                reason=f"holds role {role_words(b.role)} of {owner.name}, "
                f"not {role_words(str(subject.role))}",
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
        denials = stated_denials(
            self.store, self.embedder, kb, subject.role, entity, owner, documents
        )
        return GateResult(
            candidates=(candidate,),
            rejected=tuple(unique[k] for k in sorted(unique)),
            entities=(owner, entity),
            verdict="no" if denials else None,
            verdict_bindings=tuple(denials),
        )
