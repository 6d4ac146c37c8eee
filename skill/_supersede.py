"""Supersession the documents state: an amendment that replaces a term of the agreement it
names, an amended and restated agreement that replaces the whole earlier one (issue 16).

Two values of one single-valued claim from different documents are a conflict, surfaced and
never arbitrated, unless a document states that it replaces the other's term:
- the newer document states a relation to an earlier agreement (`amends`,
  `amended_and_restated`, `supplements`) whose stated type words, date and parties are
  those of the older value's document (never title similarity alone, never recency alone);
- for an amendment, it states a change of that very term: the older value's clause is the
  clause it replaces ("Section 9.2 ... is hereby deleted in its entirety and replaced"), or
  the term it changes ("the Cap shall be increased to ..."), and the newer value stands
  under that change; an amended and restated agreement replaces every term;
- an earlier amendment of the same agreement that changed the same clause is replaced by
  a later one (higher number, or later effective date) that changes that clause again;
- a document marked unexecuted (a draft, empty signature blocks) supersedes nothing.
The replaced value then leaves the claim's values and becomes history: every unit stating it
(the original agreement, minutes that described it) is kept as evidence and listed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from domain import entity_key
from skill._answer import EvidenceUnit, RejectedEvidence, SupersededValue, Supersession
from skill._conclude import Grouped
from skill._evidence import DocumentInfo

InfoLookup = Callable[[str], DocumentInfo | None]
_REPLACING = ("replaced", "deleted", "amended", "changed_term")
_RELATIONS = ("amends", "amended_and_restated", "supplements")
_STOP = {"the", "a", "an", "that", "certain", "said", "this"}
_NEAR_LINES = 12  # a replaced section's new text follows its statement within these lines


def _type_words(text: str | None) -> list[str]:
    return [w for w in re.findall(r"[a-z]+", (text or "").lower()) if w not in _STOP]


def targets(relation: Mapping[str, Any], older: DocumentInfo, newer: DocumentInfo) -> bool:
    """Whether the relation's stated target is the older document: its date (own or
    effective), all its type words in the older document's title, and shared parties."""
    date = relation.get("target_date")
    if not date or date not in (older.document_date, older.effective_date):
        return False
    words = _type_words(relation.get("target_type"))
    title = " ".join(_type_words(older.title or older.name))
    if not words or not all(re.search(rf"\b{w}\b", title) for w in words):
        return False
    old_keys = {entity_key(p) for p in older.parties} - {""}
    new_keys = {entity_key(p) for p in newer.parties} - {""}
    if old_keys and new_keys:
        return len(old_keys & new_keys) >= min(2, len(old_keys))
    return True


def _clause_covers(changed: str, clause: str | None) -> bool:
    if not clause:
        return False
    c, k = changed.lower(), clause.lower()
    # "Schedule B" is the clause "B" of the schedule's own numbering too
    bare = re.sub(r"^(?:schedule|exhibit|annex|appendix)\s+", "", c)
    return any(k == x or k.startswith(x + ".") or k.startswith(x + "(") for x in {c, bare})


def _states_term(term: str, unit: EvidenceUnit) -> bool:
    """Whether the unit's quote gives its value for the named term: the term's words, then a
    number of the value within a few words ("renewal terms of one (1) year")."""
    quote = " ".join(unit.quote.split())
    numbers = re.findall(r"\d[\d,.]*", unit.value or "")
    for m in re.finditer(re.escape(term), quote, re.IGNORECASE):
        window = quote[m.end() : m.end() + 60]
        if any(re.search(rf"(?<![\d,.]){re.escape(n)}(?![\d])", window) for n in numbers):
            return True
    return False


def _under(change: Mapping[str, Any], unit: EvidenceUnit) -> bool:
    """Whether the unit stands under the change (the replacing text)."""
    loc = unit.source_location
    if change.get("section") and loc.section == change["section"]:
        return True
    return (
        loc.page == change.get("page") and 0 <= loc.line_start - int(change["line"]) <= _NEAR_LINES
    )


def _change_of(
    relation: Mapping[str, Any],
    old: EvidenceUnit,
    new: EvidenceUnit,
    names: Collection[str] = (),
) -> Mapping[str, Any] | None:
    """The relation's change that replaces the old unit's term with the new unit's value;
    `names` are the names an amendment gives the asked attribute's term (the lexicon's
    `amended_as`: a change of "the Term" replaces the older expiration)."""
    for change in relation.get("changes", ()):
        if change.get("kind") not in _REPLACING or not _under(change, new):
            continue
        if change["kind"] == "changed_term":
            term = str(change["clause"])
            if _states_term(term, old) or " ".join(term.lower().split()) in names:
                return change
        elif _clause_covers(str(change["clause"]), old.source_location.clause):
            return change
    return None


def _earlier_change(
    relation: Mapping[str, Any],
    older: DocumentInfo,
    old: EvidenceUnit,
    info: InfoLookup,
    new: EvidenceUnit,
) -> Mapping[str, Any] | None:
    """A later amendment replacing what an earlier amendment of the same agreement put in
    the same clause: both name the same agreement, the later one's number or effective date
    is higher, and the old value stands under the earlier one's change of that clause."""
    for earlier in older.relations:
        if earlier.get("relation") != "amends" or (
            earlier.get("target_date"),
            " ".join(_type_words(earlier.get("target_type"))),
        ) != (relation.get("target_date"), " ".join(_type_words(relation.get("target_type")))):
            continue
        order_new = (relation.get("number") or 0, relation.get("effective_date") or "")
        order_old = (earlier.get("number") or 0, earlier.get("effective_date") or "")
        if not order_new > order_old:
            continue
        for mine in earlier.get("changes", ()):
            if mine.get("kind") not in _REPLACING or not _under(mine, old):
                continue
            for change in relation.get("changes", ()):
                if (
                    change.get("kind") in _REPLACING
                    and str(change["clause"]).lower() == str(mine["clause"]).lower()
                    and _under(change, new)
                ):
                    return change
    return None


def _replaces(
    old: EvidenceUnit, new: EvidenceUnit, info: InfoLookup, names: Collection[str] = ()
) -> tuple[Mapping[str, Any], Mapping[str, Any] | None] | None:
    """(relation, change) when the new unit's document states it replaces the old unit's."""
    newer = info(new.source_location.document_id)
    older = info(old.source_location.document_id)
    if newer is None or older is None or newer.document_id == older.document_id:
        return None
    if newer.unexecuted:
        return None
    for relation in newer.relations:
        if relation.get("relation") not in _RELATIONS:
            continue
        if targets(relation, older, newer):
            if relation["relation"] == "amended_and_restated":
                return relation, None
            change = _change_of(relation, old, new, names)
            if change is not None:
                return relation, change
        elif older.relations and not older.unexecuted:
            change = _earlier_change(relation, older, old, info, new)
            if change is not None:
                return relation, change
    return None


def supersede(
    groups: Sequence[Grouped], info: InfoLookup, names: Collection[str] = ()
) -> tuple[list[Grouped], list[Supersession]]:
    """The claims' values less those a stated supersession replaced, and the supersessions.
    `names`: the names an amendment gives the asked attribute's term (see `_change_of`).

    A value is replaced when one of its units is the term another value's document states
    it replaces; every unit of a replaced value becomes its history. A claim keeps its
    conflict when two or more values remain in force.
    """
    out: list[Grouped] = []
    records: list[Supersession] = []
    for group in groups:
        by_value = dict(group.values)
        replaced: dict[
            str, tuple[str, EvidenceUnit, Mapping[str, Any], Mapping[str, Any] | None]
        ] = {}
        for old_value, old_units in group.values:
            for new_value, new_units in group.values:
                if new_value == old_value or old_value in replaced:
                    continue
                for old in old_units:
                    hit = next(
                        (
                            (new, found)
                            for new in new_units
                            if (found := _replaces(old, new, info, names)) is not None
                        ),
                        None,
                    )
                    if hit is not None:
                        replaced[old_value] = (new_value, hit[0], *hit[1])
                        break
        # a value replaced by one that is itself replaced: the chain ends at the value in force
        in_force = [v for v, _ in group.values if v not in replaced]
        if not replaced or not in_force:
            out.append(group)
            continue
        out.append(Grouped(group.claim_id, tuple((v, by_value[v]) for v in in_force)))
        for value in in_force:
            history = [
                _history(old_value, by_value[old_value], replaced[old_value], info)
                for old_value in _replaced_by(value, replaced)
            ]
            if not history:
                continue
            new_unit, relation, change = _last(value, replaced)
            records.append(
                Supersession(
                    claim_id=group.claim_id,
                    value=value,
                    evidence_ids=sorted(u.evidence_id for u in by_value[value]),
                    document=new_unit.source_location.document,
                    relation=str(relation["relation"]),
                    number=relation.get("number"),
                    effective_date=relation.get("effective_date"),
                    statement={
                        k: relation.get(k)
                        for k in ("target_type", "target_date", "page", "line", "quote")
                    },
                    change=dict(change) if change is not None else None,
                    history=sorted(history, key=lambda h: (h.date or "", h.value)),
                )
            )
    return out, records


def _replaced_by(value: str, replaced: Mapping[str, tuple[Any, ...]]) -> list[str]:
    """Every value replaced, directly or through a chain, by `value`."""
    found: list[str] = []
    frontier = [value]
    while frontier:
        current = frontier.pop()
        for old, record in sorted(replaced.items()):
            if record[0] == current and old not in found and old != value:
                found.append(old)
                frontier.append(old)
    return found


def _last(
    value: str, replaced: Mapping[str, tuple[str, EvidenceUnit, Mapping[str, Any], Any]]
) -> tuple[EvidenceUnit, Mapping[str, Any], Mapping[str, Any] | None]:
    for _, (new_value, unit, relation, change) in sorted(replaced.items()):
        if new_value == value:
            return unit, relation, change
    raise KeyError(value)


def _history(
    value: str,
    units: Sequence[EvidenceUnit],
    record: tuple[str, EvidenceUnit, Mapping[str, Any], Any],
    info: InfoLookup,
) -> SupersededValue:
    documents = sorted({u.source_location.document for u in units})
    dates = sorted(
        {
            d.document_date
            for u in units
            if (d := info(u.source_location.document_id)) is not None and d.document_date
        }
    )
    _, unit, relation, _ = record
    return SupersededValue(
        value=value,
        evidence_ids=sorted(u.evidence_id for u in units),
        documents=documents,
        date=dates[0] if dates else None,
        superseded_by=unit.source_location.document,
        superseded_on=relation.get("effective_date"),
    )


def unexecuted_documents(units: Sequence[EvidenceUnit], info: InfoLookup) -> list[str]:
    """The documents of the units that are marked unexecuted (a draft, empty signatures)."""
    return sorted(
        {
            u.source_location.document
            for u in units
            if (d := info(u.source_location.document_id)) is not None and d.unexecuted
        }
    )


def only_unexecuted(groups: Sequence[Grouped], info: InfoLookup) -> bool:
    """Whether some value of the answer rests on unexecuted documents alone: such a term is
    never reported as in force (the answer is not sufficient, and says why)."""
    for group in groups:
        for _, units in group.values:
            if units and all(
                (d := info(u.source_location.document_id)) is not None and d.unexecuted
                for u in units
            ):
                return True
    return False


def in_force_note(supersessions: Sequence[Supersession]) -> str:
    """ " (as amended by <document>, effective <date>, replacing <value> of <date>)"."""
    notes = []
    for s in supersessions:
        replaced = "; ".join(
            f"{h.value} ({', '.join(h.documents)}{', ' + h.date if h.date else ''})"
            for h in s.history
        )
        verb = (
            "as amended and restated by"
            if s.relation == "amended_and_restated"
            else "as amended by"
        )
        effective = f", effective {s.effective_date}" if s.effective_date else ""
        lead = f"{s.value}: " if len(supersessions) > 1 else ""
        notes.append(f"{lead}{verb} {s.document}{effective}, replacing {replaced}")
    return f" ({'; '.join(notes)})" if notes else ""


def set_aside_unexecuted(
    units: Sequence[EvidenceUnit], info: InfoLookup
) -> tuple[list[EvidenceUnit], list[RejectedEvidence]]:
    """A claim's units from unexecuted documents (a draft, empty signature blocks) are set
    aside, with the reason, when an executed document states the claim too: a draft's term
    is not in force. When only unexecuted documents state it, they stay (the answer is then
    flagged and not sufficient)."""

    def unexecuted(u: EvidenceUnit) -> bool:
        d = info(u.source_location.document_id)
        return d is not None and bool(d.unexecuted)

    executed_claims = {u.claim_id for u in units if not unexecuted(u)}
    kept: list[EvidenceUnit] = []
    rejected: list[RejectedEvidence] = []
    for u in units:
        if unexecuted(u) and u.claim_id in executed_claims:
            d = info(u.source_location.document_id)
            reason = str((d.unexecuted or {}).get("reason", "")) if d else ""
            rejected.append(
                RejectedEvidence(
                    evidence_id=u.evidence_id,
                    reason=f"unexecuted document ({reason}): its terms are not in force",
                    source_location=u.source_location,
                    quote=u.quote,
                )
            )
        else:
            kept.append(u)
    return kept, rejected
