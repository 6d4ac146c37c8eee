"""Who a bound subject is ("Who is Daniel Reyes?", "Tell me about Halcyon Field Services",
"What is Daniel Reyes's title?"): the roles the binding index records the subject holding,
each with the entity or agreement it is held of, and for a company the people the index
binds to it, each with the role they hold (its officers, founders, signatories). Roles are
shown as the lexicon displays them ("Chief Financial Officer", not the key "cfo"). Each role is a value, each binding that
records it an observation, judged by the engine like any value; an ended or conflicting
tenure is shown as the index records it, never arbitrated.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from domain import Binding, SubjectType, lexicon
from retrieval import VectorStore
from skill._answer import EvidenceUnit
from skill._candidate import GateResult
from skill._evidence import EvidenceCollector
from skill._intent import TOPIC
from skill._subject import QuestionKind, SubjectClass, role_words

_LEXICON = lexicon()
# "party to", "signatory for": every other role is "<role> of <what it is held of>".
_LINKS = _LEXICON.profile_role_links
# Roles a document writes as an officer's title ("Chief Financial Officer"): the role says
# it; any other role's title ("Manager" of a signatory) says more and is shown.
_TITLED = frozenset(r.name for r in _LEXICON.roles if r.title_pattern is not None)


def asks_profile(subject: SubjectClass) -> bool:
    """Does the question ask only who or what its one person or company is (a topic left
    empty by the question reader: skill/_intent.py)?"""
    return (
        subject.kind in (QuestionKind.PERSON_ATTRIBUTE, QuestionKind.ENTITY_ATTRIBUTE)
        and subject.attribute == TOPIC
        and not subject.constraints.get("topic")
        and bool(subject.name)
    )


def role_held(binding: Binding, parent: str) -> str:
    """The role a binding records, said of `parent` (the name shown for its parent key),
    with what the binding adds: the defined term of a party, a signatory's title, a tenure."""
    role = binding.role.value
    said = f"{role_words(role)} {_LINKS.get(role, 'of')} {parent}"
    notes = _notes(binding)
    return f"{said} ({', '.join(notes)})" if notes else said


def person_bound(binding: Binding, person: str) -> str:
    """The role a binding records a person holding of the company asked about, said of the
    person ("Daniel Reyes, Chief Financial Officer"), with what the binding adds."""
    said = f"{person}, {role_words(binding.role.value)}"
    notes = _notes(binding)
    return f"{said} ({', '.join(notes)})" if notes else said


def _notes(binding: Binding) -> list[str]:
    role = binding.role.value
    attributes = binding.attributes
    notes: list[str] = []
    contract_role = attributes.get("contract_role", "")
    if contract_role and contract_role.replace("_", " ") != role.replace("_", " "):
        notes.append(f"as {contract_role.replace('_', ' ')}")
    title = attributes.get("title", "")
    if title and role not in _TITLED and role != "agreement":
        notes.append(f"as {title}")
    tenure = attributes.get("tenure", "")
    if tenure:
        notes.append(f"tenure {tenure}")
        notes.extend(
            f"{bound} {attributes[bound]}" for bound in ("from", "until") if attributes.get(bound)
        )
    return notes


def _shown(names: dict[str, str], key: str, name: str) -> None:
    """Keep for `key` the name a document writes as a name over one in capitals (a
    signature block), then the longest, then the smallest."""
    current = names.get(key)
    rank = (name.isupper(), -len(name), name)
    if current is None or rank < (current.isupper(), -len(current), current):
        names[key] = name


def _parent_names(bindings: Sequence[Binding]) -> dict[str, str]:
    """One name per parent key: a document that writes it in capitals (a signature block)
    gives way to one that writes it as a name; then the longest, then the smallest. Two
    parents of one name (two agreements titled "MASTER SERVICES AGREEMENT") are told apart
    by the files that record them."""
    names: dict[str, str] = {}
    files: dict[str, set[str]] = {}
    for b in bindings:
        if b.parent_key is None or b.parent_name is None:
            continue
        files.setdefault(b.parent_key, set()).add(b.location.document)
        _shown(names, b.parent_key, b.parent_name)
    written = [name.casefold() for name in names.values()]
    return {
        key: f"{name} ({', '.join(sorted(files[key]))})"
        if written.count(name.casefold()) > 1
        else name
        for key, name in names.items()
    }


def profile_units(
    store: VectorStore,
    kb: str,
    gate: GateResult,
    collector: EvidenceCollector,
    committed: Sequence[str],
) -> list[EvidenceUnit]:
    """One unit per binding that records a candidate holding a role of an entity or an
    agreement (a binding with a parent), its value the role held (`role_held`); for a
    company, then one per binding that records a person holding a role of it, its value
    the person and the role (`person_bound`)."""
    units: dict[str, EvidenceUnit] = {}
    people: dict[str, EvidenceUnit] = {}
    for c in gate.candidates:
        claim = f"{c.subject_id}:roles"
        held = [
            b
            for b in store.find_bindings(kb, subject_key=c.subject_id, document_ids=committed)
            if b.parent_key is not None and b.parent_name
        ]
        parents = _parent_names(held)
        for b in held:
            assert b.parent_key is not None
            unit = collector.binding_unit(
                b, c.subject_id, claim, role_held(b, parents[b.parent_key])
            )
            units.setdefault(unit.evidence_id, unit)
        if c.subject_type != SubjectType.LEGAL_ENTITY:
            continue
        bound = [
            b
            for b in store.find_bindings(kb, parent_key=c.subject_id, document_ids=committed)
            if b.subject_type == SubjectType.INDIVIDUAL
        ]
        names: dict[str, str] = {}
        for b in bound:
            _shown(names, b.subject_key, b.subject_name)
        for b in bound:
            unit = collector.binding_unit(
                b, c.subject_id, claim, person_bound(b, names[b.subject_key])
            )
            people.setdefault(unit.evidence_id, unit)
    return [*_in_order(units.values()), *_in_order(people.values())]


def _in_order(units: Iterable[EvidenceUnit]) -> list[EvidenceUnit]:
    return sorted(
        units,
        key=lambda u: (
            u.value or "",
            u.source_location.document,
            u.source_location.char_start,
            u.evidence_id,
        ),
    )


__all__ = ["asks_profile", "person_bound", "profile_units", "role_held"]
