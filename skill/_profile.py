"""Who a bound subject is ("Who is Daniel Reyes?", "Tell me about Halcyon Field Services",
"What is Daniel Reyes's title?"): the roles the binding index records the subject holding,
each with the entity or agreement it is held of. Each role is a value, each binding that
records it an observation, judged by the engine like any value; an ended or conflicting
tenure is shown as the index records it, never arbitrated.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain import Binding, lexicon
from retrieval import VectorStore
from skill._answer import EvidenceUnit
from skill._candidate import GateResult
from skill._evidence import EvidenceCollector
from skill._intent import TOPIC
from skill._subject import QuestionKind, SubjectClass

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
    said = f"{role.replace('_', ' ')} {_LINKS.get(role, 'of')} {parent}"
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
    return f"{said} ({', '.join(notes)})" if notes else said


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
        current = names.get(b.parent_key)
        rank = (b.parent_name.isupper(), -len(b.parent_name), b.parent_name)
        if current is None or rank < (current.isupper(), -len(current), current):
            names[b.parent_key] = b.parent_name
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
    agreement (a binding with a parent), its value the role held (`role_held`)."""
    units: dict[str, EvidenceUnit] = {}
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
    return sorted(
        units.values(),
        key=lambda u: (
            u.value or "",
            u.source_location.document,
            u.source_location.char_start,
            u.evidence_id,
        ),
    )


__all__ = ["asks_profile", "profile_units", "role_held"]
