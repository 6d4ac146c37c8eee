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

import functools
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Protocol

from domain import SourceLocation, entity_key
from skill._answer import EvidenceUnit, RejectedEvidence, SupersededValue, Supersession
from skill._conclude import Grouped
from skill._sentences import DocumentInfo, Sentence, _is_heading
from skill._subject import type_word

InfoLookup = Callable[[str], DocumentInfo | None]
_REPLACING = ("replaced", "deleted", "amended", "changed_term")
_RELATIONS = ("amends", "amended_and_restated", "supplements")
_STOP = {"the", "a", "an", "that", "certain", "said", "this"}
_NEAR_LINES = 12  # a replaced section's new text follows its statement within these lines


def _type_words(text: str | None) -> list[str]:
    return [w for w in re.findall(r"[a-z]+", (text or "").lower()) if w not in _STOP]


def _same_type(relation: Mapping[str, Any], older: DocumentInfo) -> bool:
    """Whether every type word the relation names the agreement by stands in the older
    document's title (by stem)."""
    words = _type_words(relation.get("target_type"))
    title = {type_word(w) for w in _type_words(older.title or older.name)}
    return bool(words) and all(type_word(w) in title for w in words)


def targets(relation: Mapping[str, Any], older: DocumentInfo, newer: DocumentInfo) -> bool:
    """Whether the relation's stated target is the older document: its date (own or
    effective), all its type words in the older document's title, and shared parties."""
    date = relation.get("target_date")
    if not date or date not in (older.document_date, older.effective_date):
        return False
    if not _same_type(relation, older):
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
        if not _order(relation) > _order(earlier):
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
                if not _RESTATED_TITLE.search(newer.title or newer.name):
                    continue  # only a document titled as the restatement replaces every term
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


# -- passages: a clause or topic answer quotes sentences, and an amendment may replace the
# clause they stand in ("Section 12 ... is deleted in its entirety and hereby replaced with
# the following:") or add to it ("Exhibit A ... is hereby supplemented with the following")

ChangeText = Callable[[str, Mapping[str, Any], Mapping[str, Any]], list[EvidenceUnit]]
"""(amending document id, relation, change) -> the units of the change's statement and the
new text under it, in reading order (the statement first)."""


class Passage(Protocol):
    """What the clause tests read of a passage: where it stands and what it says (an
    evidence unit, or a sentence not yet made one)."""

    @property
    def source_location(self) -> SourceLocation: ...

    @property
    def quote(self) -> str: ...


DocumentText = Callable[[str, Callable[[Passage], bool], int], list[EvidenceUnit]]
"""(document id, which sentences, how many at most) -> a unit for each of those sentences
of the document, in reading order (only the sentences kept are made units)."""
CaptionOf = Callable[[Passage], str]
"""A unit -> the caption sentence it stands under ("Administration and Risk Management."),
or "" when none."""

_REFERENCE = r"\b(?:section|clause|article|paragraph)\s+{0}\b|\b{0}\b"


def _order(relation: Mapping[str, Any]) -> tuple[str, int]:
    """Which of two changes came later: by effective date, then by number (an unnumbered
    letter amendment of 2023 comes after Amendment No. 1 of 2019)."""
    return (relation.get("effective_date") or "", relation.get("number") or 0)


def _in_clause(clause: str, unit: Passage) -> bool:
    """Whether the unit stands in the named clause: its clause number ("12" covers "12.2"),
    or a heading of its section path ("Exhibit A" covers "EXHIBIT A > DESCRIPTION ...")."""
    loc = unit.source_location
    c = clause.lower()
    if _NAMED_PART.match(c):
        # "Schedule 2" is no section 2 of the agreement: only its own heading or clause
        if (loc.clause or "").lower() == c:
            return True
    elif _clause_covers(clause, loc.clause):
        return True
    heads = [h.strip().lower() for h in (loc.section or "").split(">")]
    return any(h == c or h.startswith(c + " ") or h.startswith(c + ".") for h in heads)


def _captioned(caption: str, unit: Passage, caption_of: CaptionOf) -> bool:
    """Whether the unit stands under the caption ("Administration and Risk Management." in
    Exhibit A)."""
    above = " ".join(caption_of(unit).lower().strip(" .:").split())
    return above == " ".join(caption.lower().strip(" .:").split())


def _replaced_here(change: Mapping[str, Any], unit: Passage, caption_of: CaptionOf) -> bool:
    """Whether the change replaces the clause the unit stands in: a section replaced or
    deleted whole ("Section 12", "Exhibit A: Administration and Risk Management"), a clause
    amended, or a named term changed ("the Term", under a "TERM AND TERMINATION" heading)."""
    kind = change.get("kind")
    clause = str(change.get("clause") or "")
    if not clause or kind not in _REPLACING:
        return False
    if kind == "changed_term":
        # the passage states the term, as the change writes it, with its length or end
        # ("The Term of this Agreement shall be two (2) years"), not any passage that uses
        # the word ("During the Term, ..." or "may terminate")
        return bool(
            re.search(rf"\b{re.escape(clause)}\b{_STATES_LENGTH}", " ".join(unit.quote.split()))
        )
    if ":" in clause:
        # "Exhibit A: X": the part of Exhibit A captioned X
        where, caption = (p.strip() for p in clause.split(":", 1))
        return _in_clause(where, unit) and _captioned(caption, unit, caption_of)
    return _in_clause(clause, unit)


_NAMED_PART = re.compile(r"(?:schedule|exhibit|annex|appendix)\s", re.IGNORECASE)
_STATES_LENGTH = (
    r"(?:(?!\.\s).){0,80}?\b(?:years?|months?|days?|anniversary|expir\w*|until|through|"
    r"\d{4})\b"
)
_KEYWORD = r"(?i:\b(?:section|clause|article|paragraph|exhibit|schedule|annex|appendix)\s+)"


def _caption_of_change(change: Mapping[str, Any]) -> str:
    """The caption the change's statement gives the clause it changes, or the section it
    adds to: 'Section 6.0 ("Payment")' for a new 6.7, "Exhibit B (Sites)" (a capitalised
    caption, right after that clause's own reference)."""
    clause = str(change.get("clause") or "")
    quote = str(change.get("quote") or "")
    refs = {clause}
    numbered = re.fullmatch(r"(\d+)(?:\.\d+)+", clause)
    if numbered:
        refs |= {numbered.group(1), numbered.group(1) + ".0", clause.rsplit(".", 1)[0]}
    for ref in sorted(refs, key=lambda r: (-len(r), r)):
        if not ref:
            continue
        words = re.escape(ref).replace(r"\ ", r"\s+")
        lead = _KEYWORD if ref[:1].isdigit() else f"{_KEYWORD}?"
        found = re.search(
            rf"{lead}(?i:{words})\s*\(\s*[\"“]?([A-Z][\w ]{{1,40}}?)[\"”]?\s*\)", quote
        )
        if found:
            return found.group(1).strip()
    return ""


def _caption(change: Mapping[str, Any]) -> str:
    """The caption a change names its clause by: the titled part of an exhibit ("Exhibit A:
    Administration and Risk Management"), a section's caption ('Section 12 ("Inventory
    Balance")'), or the term it changes ("Term"); "" when none."""
    clause = str(change.get("clause") or "")
    if ":" in clause:
        return clause.split(":", 1)[1].strip()
    if change.get("kind") == "changed_term":
        return clause
    return _caption_of_change(change)


def _replaced_at(change: Mapping[str, Any], caption_of: CaptionOf, passage: Passage) -> bool:
    return _replaced_here(change, passage, caption_of)


def _added_here(change: Mapping[str, Any], unit: Passage) -> bool:
    """Whether an addition ("adding the following new Section 6.7", "Exhibit A ... is
    supplemented") bears on the unit: it stands in the clause added to (Section 6 for a new
    6.7), or names it ("the services indicated in Exhibit A")."""
    if change.get("kind") != "added":
        return False
    clause = str(change.get("clause") or "")
    parent = clause.rsplit(".", 1)[0] if re.fullmatch(r"\d+(?:\.\d+)+", clause) else clause
    if not parent:
        return False
    if _in_clause(parent, unit):
        return True
    caption = _caption_of_change(change)
    if caption and re.search(rf"\b{re.escape(caption)}\b", unit.quote):
        # "Exhibit B (Sites) ... is hereby amended to add ...": a passage about "the Sites"
        return True
    words = re.escape(parent).replace(r"\ ", r"\s+")
    return bool(re.search(_REFERENCE.format(words), unit.quote, re.IGNORECASE)) and not (
        parent.isdigit()  # a bare number names no clause in running text
    )


def supersede_passages(
    units: Sequence[EvidenceUnit],
    documents: Sequence[str],
    info: InfoLookup,
    change_text: ChangeText,
    document_text: DocumentText,
    caption_of: CaptionOf = lambda unit: "",
    asked: Callable[[str], bool] = lambda caption: False,
    stated: Sequence[tuple[str, Mapping[str, Any], str]] | None = None,
    additions: bool = True,
) -> tuple[list[EvidenceUnit], list[EvidenceUnit], list[Supersession]]:
    """A clause or topic answer's passages under the changes its documents state: returns
    (passages in force, passages replaced, the supersessions).

    `additions`: whether additions are quoted beside the passages (a clause or topic
    answer), or only replacements count (a list of a party's obligations).
    `asked(caption)`: whether the question asks about the clause a change names by its
    caption ("Administration and Risk Management"): the change is then in play even when
    the answer quoted neither its old nor its new text.

    A document among `documents` that states a relation to an earlier agreement among them
    (type, date, parties: `targets`; never by title or recency alone) acts on it through its
    stated changes. A change is in play when the answer quotes a passage of the clause it
    replaces, or the change's own statement or new text. Then:
    - a change that replaces a clause (replaced, deleted, amended, a named term changed):
      the clause's passages of the earlier agreement are history (those quoted, or else its
      first few sentences, so that the original is cited), and the change's statement and
      new text (`change_text`) are in force;
    - a later amendment of the same agreement that changes the same clause again makes the
      earlier change's text history in turn;
    - an addition to a clause a quoted passage stands in or names ("the services indicated
      in Exhibit A") is quoted beside it and replaces nothing;
    - an amended and restated agreement replaces every quoted passage of the one it
      restates.
    An unexecuted document changes nothing.
    """
    infos = {d: found for d in sorted(set(documents)) if (found := info(d)) is not None}
    # bound over the whole knowledge base when given (a relation may name another agreement
    # of the same parties that is not among these documents), then kept to these
    bound = stated_targets(infos) if stated is None else stated
    acts = [
        (_order(relation), doc_id, relation, old_id)
        for doc_id, relation, old_id in bound
        if doc_id in infos
        and old_id in infos
        and relation.get("relation") in _RELATIONS
        and not infos[doc_id].unexecuted
    ]
    if not acts:
        return list(units), [], []
    acts.sort(key=lambda a: (a[0], a[1], a[3]))

    def where(u: EvidenceUnit) -> tuple[str, int]:
        return (u.source_location.document_id, u.source_location.char_start)

    in_force: dict[tuple[str, int], EvidenceUnit] = {}
    for u in units:
        if u.value is not None:
            in_force.setdefault(where(u), u)
    unread = [u for u in units if u.value is None]
    gone: dict[tuple[str, int], EvidenceUnit] = {}
    # the text each change put in force, and the clause it changed, by agreement
    put: dict[tuple[str, int], tuple[str, str, tuple[str, int]]] = {}
    records: list[Supersession] = []
    for order, doc_id, relation, old_id in acts:
        if relation.get("relation") == "amended_and_restated":
            newer = infos[doc_id]
            if not _RESTATED_TITLE.search(newer.title or newer.name):
                # only a document titled as the restatement replaces the whole agreement (an
                # amendment's exhibit "AMENDED AND RESTATED SCHEDULE 2" restates a schedule)
                continue
            news = [u for k, u in in_force.items() if k[0] == doc_id]
            # a term the restatement states again, word for word, is not replaced
            same = {" ".join((u.value or "").lower().split()) for u in news}
            olds = [
                u
                for k, u in in_force.items()
                if k[0] == old_id and " ".join((u.value or "").lower().split()) not in same
            ]
            if olds and news:
                for u in olds:
                    gone[where(u)] = in_force.pop(where(u))
                records.append(_passage_record(news, olds, doc_id, relation, None, info))
            continue
        for change in relation.get("changes", ()):
            # the change's own text, read only when the answer quotes its document
            text = (
                change_text(doc_id, relation, change)
                if any(
                    k[0] in (doc_id, old_id) or (k in put and put[k][0] == old_id) for k in in_force
                )
                or asked(_caption(change))
                else []
            )
            spots = {where(u) for u in text}
            quoted_text = any(k in spots for k in in_force)
            clause = str(change.get("clause") or "").lower()
            if change.get("kind") == "added":
                if not additions:
                    continue
                if quoted_text or any(
                    k[0] == old_id and _added_here(change, u) for k, u in in_force.items()
                ):
                    news = [in_force.setdefault(where(u), u) for u in text]
                    if news:
                        records.append(_passage_record(news, [], doc_id, relation, change, info))
                continue
            if change.get("kind") not in _REPLACING:
                continue
            olds = [
                u
                for k, u in in_force.items()
                if (k[0] == old_id and _replaced_here(change, u, caption_of))
                or (k in put and put[k][:2] == (old_id, clause) and put[k][2] < order)
            ]
            if not olds and not quoted_text and not asked(_caption(change)):
                continue
            if not any(
                where(u)[0] == old_id and _replaced_here(change, u, caption_of)
                for u in [*olds, *gone.values()]
            ):
                # the answer quoted only the new text: cite the original it replaces
                olds.extend(
                    document_text(
                        old_id,
                        functools.partial(_replaced_at, change, caption_of),
                        _ORIGINAL_SENTENCES,
                    )
                )
            for u in olds:
                gone[where(u)] = in_force.pop(where(u), u)
            news = []
            for u in text:
                news.append(in_force.setdefault(where(u), u))
                put.setdefault(where(u), (old_id, clause, order))
            if news:
                records.append(_passage_record(news, olds, doc_id, relation, change, info))
    return [*unread, *in_force.values()], list(gone.values()), _chained(records)


def stated_targets(
    infos: Mapping[str, DocumentInfo],
) -> list[tuple[str, Mapping[str, Any], str]]:
    """(document, relation, earlier agreement it names) for every relation a document
    states, bound to the exact earlier agreement among `infos`: its date (own or effective),
    its type words (`skill._subject.type_word`) in that agreement's title, shared parties
    (`targets`); or an agreement named as amended on a date ("their Distribution Agreement
    dated October 1, 1996", the effective date of an amendment of that agreement). Never by
    title alone."""
    found: list[tuple[str, Mapping[str, Any], str]] = []
    for doc_id, newer in infos.items():
        for relation in newer.relations:
            for old_id, older in infos.items():
                if old_id != doc_id and targets(relation, older, newer):
                    found.append((doc_id, relation, old_id))
    matched = {(doc_id, id(relation)) for doc_id, relation, _ in found}
    amended_on = {
        (str(relation.get("effective_date")), old_id)
        for _, relation, old_id in found
        if relation.get("relation") == "amends" and relation.get("effective_date")
    }
    for doc_id, newer in infos.items():
        for relation in newer.relations:
            if (doc_id, id(relation)) in matched:
                continue
            for date, old_id in sorted(amended_on):
                older = infos[old_id]
                if (
                    old_id != doc_id
                    and relation.get("target_date") == date
                    and _same_type(relation, older)
                    and targets(
                        {**relation, "target_date": older.document_date or older.effective_date},
                        older,
                        newer,
                    )
                ):
                    found.append((doc_id, relation, old_id))
    return found


def _chained(records: Sequence[Supersession]) -> list[Supersession]:
    """A change whose text a later change replaced is no supersession in force: its history
    joins the later one's (the original, then the first amendment's text)."""
    out = list(records)
    changed = True
    while changed:
        changed = False
        for r in out:
            later = next(
                (
                    other
                    for other in out
                    if other is not r
                    and set(r.evidence_ids) & {i for h in other.history for i in h.evidence_ids}
                ),
                None,
            )
            if later is None:
                continue
            history = sorted(
                [*r.history, *later.history], key=lambda h: (h.date or "", h.documents, h.value)
            )
            out = [
                later.model_copy(update={"history": history}) if o is later else o
                for o in out
                if o is not r
            ]
            changed = True
            break
    return out


_ORIGINAL_SENTENCES = 3  # sentences of a replaced clause cited when the answer quoted none
_RESTATED_TITLE = re.compile(r"\bamended\s+and\s+restated\b", re.IGNORECASE)


def _passage_record(
    news: Sequence[EvidenceUnit],
    olds: Sequence[EvidenceUnit],
    doc_id: str,
    relation: Mapping[str, Any],
    change: Mapping[str, Any] | None,
    info: InfoLookup,
) -> Supersession:
    newer = info(doc_id)
    document = newer.name if newer is not None else news[0].source_location.document
    history = []
    for old in olds:
        older = info(old.source_location.document_id)
        history.append(
            SupersededValue(
                value=old.value or old.quote,
                evidence_ids=[old.evidence_id],
                documents=[old.source_location.document],
                date=older.document_date if older is not None else None,
                superseded_by=document,
                superseded_on=relation.get("effective_date"),
            )
        )
    return Supersession(
        claim_id=news[0].claim_id,
        value=news[0].value or news[0].quote,
        evidence_ids=sorted(u.evidence_id for u in news),
        document=document,
        relation=str(relation["relation"]),
        number=relation.get("number"),
        effective_date=relation.get("effective_date"),
        statement={
            k: relation.get(k) for k in ("target_type", "target_date", "page", "line", "quote")
        },
        change=dict(change) if change is not None else None,
        history=sorted(history, key=lambda h: (h.date or "", h.documents, h.evidence_ids)),
    )


def passage_note(supersessions: Sequence[Supersession]) -> str:
    """ " (Section 12 as replaced by <document>, effective <date>: replaces the text of
    <document>; Exhibit A as supplemented by ...)"."""
    notes = []
    for s in supersessions:
        change = s.change or {}
        what = str(change.get("clause") or "the agreement")
        if re.fullmatch(r"[\d.]+", what):
            what = f"Section {what}"
        if s.relation == "amended_and_restated":
            verb = "as amended and restated by"
        elif change.get("kind") == "added":
            verb = "as supplemented by"
        else:
            verb = "as amended by"
        effective = f", effective {s.effective_date}" if s.effective_date else ""
        replaced = sorted({d for h in s.history for d in h.documents})
        instead = f", replacing the text of {', '.join(replaced)}" if replaced else ""
        notes.append(f"{what} {verb} {s.document}{effective}{instead}")
    return f" ({'; '.join(notes)})" if notes else ""


_CHANGE_TEXT_SENTENCES = 8  # a change's statement and its new text, at most
_END = re.compile(r"^\s*IN\s+WITNESS\b", re.IGNORECASE)


def is_caption(text: str) -> bool:
    """A heading-like sentence ("Administration and Risk Management."): a clause title
    standing alone (`skill._sentences._is_heading`), here one without a number."""
    text = " ".join(text.split())
    # unnumbered: it opens with a capital letter, not an item number ("4. ...", "(a) ...")
    return text[:1].isupper() and (_is_heading(text) or _is_heading("1. " + text))


def caption_above(sentences: Sequence[Sentence], location: SourceLocation) -> str:
    """The caption sentence the location stands under, in its document's reading order
    (`sentences` sorted by character offset), within the same section path; "" when none."""
    found = ""
    for s in sentences:
        if s.location.char_start > location.char_start:
            break
        if s.location.section != location.section:
            found = ""
            continue
        if is_caption(s.text):
            found = s.text
    return found


def change_sentences(
    sentences: Sequence[Sentence], relation: Mapping[str, Any], change: Mapping[str, Any]
) -> list[Sentence]:
    """The change's statement and the new text under it. The statement is the sentence on
    the change's line (with the item number before it: "1." then "Section 2, TERRITORY, is
    amended to be ..."). A statement that ends "... replaced with the following:" goes on
    with its new text, up to the relation's next change, the next item of the statement's
    own numbering ("2. Miscellaneous."), a signature block, or a few sentences."""
    page, line = int(change.get("page") or 0), int(change.get("line") or 0)
    following = sorted(
        (int(c.get("page") or 0), int(c.get("line") or 0))
        for c in relation.get("changes", ())
        if (int(c.get("page") or 0), int(c.get("line") or 0)) > (page, line)
    )
    stop = following[0] if following else None
    out: list[Sentence] = []
    item: int | None = None
    for s in sentences:
        loc = s.location
        text = " ".join(s.text.split())
        if not out:
            if loc.page == page and loc.line_start <= line <= loc.line_end:
                out.append(s)
                item = _item(text)
            continue
        if len(" ".join(o.text for o in out).split()) < _STATEMENT_WORDS or is_caption(
            out[-1].text
        ):
            # the item number alone ("1."), or its caption, then its statement
            out.append(s)
            item = item if item is not None else _item(text)
            continue
        if not _continues(out):
            break
        if stop is not None and (loc.page, loc.line_start) >= stop:
            break
        if _END.match(text) or _SIGNED.search(text) or len(out) >= _CHANGE_TEXT_SENTENCES:
            break
        if item is not None and _item(text) == item + 1:
            break
        out.append(s)
    # an item number alone ("3.") is no text of the change
    return [s for s in out if re.search(r"[A-Za-z]{2}", s.text)]


_STATEMENT_WORDS = 4
_SIGNED = re.compile(r"^\s*(?:by|name|title)\s*:|/s/", re.IGNORECASE)
_ITEM = re.compile(r"^\(?(\d{1,2})(?:\.0)?[.)]\s")


def _item(text: str) -> int | None:
    """The number of the item a sentence opens ("2. Miscellaneous." -> 2, "4.0 ..." -> 4)."""
    m = _ITEM.match(text + " ")
    return int(m.group(1)) if m else None


def _continues(out: Sequence[Sentence]) -> bool:
    """Whether the text taken so far introduced new text ("... with the following:", also
    when the new text's first item number closed the sentence: 'following: “2.')."""
    return any(_INTRODUCES.search(" ".join(o.text.split())) for o in out)


_INTRODUCES = re.compile(r":\s*$|\bfollowing\s*:", re.IGNORECASE)


class StatedSupersession:
    """The supersession step of one answer (issue 16, the rule in this module's docstring),
    over the documents `info` describes: `run` takes a single-valued claim's grouped values
    and returns those in force and the supersessions (ValueJudge.run's `supersede` hook);
    `passages` does the same for the sentences a clause or topic answer quotes. A document
    marked unexecuted supersedes nothing: `set_aside_unexecuted`, `only_unexecuted` and
    `unexecuted_documents` keep its terms out of force. `note` says in the answer's text
    what is in force and what it replaced."""

    def __init__(self, info: InfoLookup) -> None:
        self.info = info

    def run(
        self, groups: Sequence[Grouped], names: Collection[str] = ()
    ) -> tuple[list[Grouped], list[Supersession]]:
        """The values in force and the supersessions (`supersede`); `names`: the names an
        amendment gives the asked attribute's term ("the Cap")."""
        return supersede(groups, self.info, names)

    def passages(
        self,
        units: Sequence[EvidenceUnit],
        documents: Sequence[str],
        change_text: ChangeText,
        document_text: DocumentText,
        caption_of: CaptionOf = lambda unit: "",
        asked: Callable[[str], bool] = lambda caption: False,
        stated: Sequence[tuple[str, Mapping[str, Any], str]] | None = None,
        additions: bool = True,
    ) -> tuple[list[EvidenceUnit], list[EvidenceUnit], list[Supersession]]:
        """(passages in force, passages replaced, supersessions) of `documents`
        (`supersede_passages`, whose docstring names each argument)."""
        return supersede_passages(
            units,
            documents,
            self.info,
            change_text,
            document_text,
            caption_of,
            asked,
            stated,
            additions,
        )

    def set_aside_unexecuted(
        self, units: Sequence[EvidenceUnit]
    ) -> tuple[list[EvidenceUnit], list[RejectedEvidence]]:
        """The units kept and those set aside as an unexecuted document's terms
        (`set_aside_unexecuted`)."""
        return set_aside_unexecuted(units, self.info)

    def only_unexecuted(self, groups: Sequence[Grouped]) -> bool:
        """Whether some value rests on unexecuted documents alone (never in force)."""
        return only_unexecuted(groups, self.info)

    def unexecuted_documents(self, units: Sequence[EvidenceUnit]) -> list[str]:
        """The names of the units' documents that are marked unexecuted."""
        return unexecuted_documents(units, self.info)

    @staticmethod
    def note(values: Sequence[Supersession], passages: Sequence[Supersession] = ()) -> str:
        """The answer text's note: the values' supersessions (`in_force_note`), then the
        passages' (`passage_note`); empty when there is none."""
        return in_force_note(values) + passage_note(passages)
