"""Facts with a time (issue 16): who holds an office now, and who held it then.

The binding index records an office's end when a document states it (`tenure: ended`, with
`until` when the effective date is stated: "resigned as Secretary ... effective June 14,
2024") and an appointment's start when stated (`from`: "appointed ..., effective June 20,
2024"). A role question asks about now (the knowledge base's latest state) unless it names a
time ("Who was the Secretary of X in 2022?": `constraints.as_of` = "2022").

Only what the documents state counts:
- now: a holder whose office ended, with no later statement that they hold it, is not a
  holder; the end is given, with its document, as the reason;
- a past time: a holder whose office ended before it, or whose stated appointment took effect
  after it, is not a holder then. A statement in a document dated after that time proves
  nothing either way, so it is kept (nothing is assumed from silence).
"""

from __future__ import annotations

import calendar
from collections.abc import Callable, Sequence
from dataclasses import replace

from domain import Binding
from skill._answer import RejectedCandidate
from skill._candidate import Candidate, GateResult
from skill._sentences import DocumentInfo
from skill._subject import QuestionKind, SubjectClass

InfoLookup = Callable[[str], DocumentInfo | None]


def period(as_of: str) -> tuple[str, str]:
    """The first and last day of "2022", "2022-03" or "2022-03-01"."""
    parts = as_of.split("-")
    year = int(parts[0])
    if len(parts) == 1:
        return f"{year:04d}-01-01", f"{year:04d}-12-31"
    month = int(parts[1])
    if len(parts) == 2:
        last = calendar.monthrange(year, month)[1]
        return f"{year:04d}-{month:02d}-01", f"{year:04d}-{month:02d}-{last:02d}"
    return as_of, as_of


def _where(binding: Binding) -> str:
    loc = binding.location
    lines = (
        f"l. {loc.line_start}"
        if loc.line_start == loc.line_end
        else f"l. {loc.line_start}–{loc.line_end}"
    )
    return f"{loc.document} p. {loc.page}, {lines}"


def _ended(bindings: Sequence[Binding], info: InfoLookup) -> list[tuple[str, Binding]]:
    """(end date, binding) of each stated end: its effective date, else its document's date.
    An end that takes effect at an event no document dates ("effective upon the closing":
    `until_event`) has no date, and proves nothing about any time."""
    out = []
    for b in bindings:
        if b.attributes.get("tenure") != "ended":
            continue
        if b.attributes.get("until_event") and not b.attributes.get("until"):
            continue
        document = info(b.location.document_id)
        end = b.attributes.get("until") or (document.document_date if document else None)
        if end:
            out.append((end, b))
    return sorted(out, key=lambda e: (e[0], e[1].binding_id))


def _held_since(binding: Binding, info: InfoLookup) -> str | None:
    """When a statement that the office is held speaks of: its stated start, else its
    document's date (None: undated). A consent to a report speaks of the report's time, not
    its own document's (a former auditor consents to its old report in a later filing), and
    an office taken at an event no document dates ("effective upon the closing") speaks of
    no time."""
    if binding.attributes.get("source") == "consent":
        return None
    if binding.attributes.get("from_event") and not binding.attributes.get("from"):
        return None
    if binding.attributes.get("from"):
        return binding.attributes["from"]
    document = info(binding.location.document_id)
    return document.document_date if document else None


def not_in_force(
    bindings: Sequence[Binding], role: str, as_of: str | None, info: InfoLookup
) -> str | None:
    """Why the holder bound by `bindings` (one holder's) does not hold the office at `as_of`
    (None: now), or None if the documents do not say so."""
    held = [b for b in bindings if b.attributes.get("tenure") != "ended"]
    ended = _ended(bindings, info)
    label = role.replace("_", " ")
    if as_of is None:
        if not ended:
            return None
        end, statement = ended[-1]
        # a year or a month ends on its last day: "until 2019" is not before "2019-06-30"
        later = [s for s in (_held_since(b, info) for b in held) if s and s > period(end)[1]]
        if later:
            return None
        return (
            f"held the office of {label} until {end} ({_where(statement)}: "
            f"“{' '.join(statement.quote.split())}”); no later statement that it is held"
        )
    first, last = period(as_of)
    # A stated start: not held before it, unless a statement speaks of holding it by then
    # (a statement that states no start only says the office is held at its document's date).
    starts = [b.attributes["from"] for b in bindings if b.attributes.get("from")]
    spoken = [s for s in (_held_since(b, info) for b in held) if s]
    if starts and period(min(starts))[0] > last and not any(s <= last for s in spoken):
        appointed = min(
            (b for b in bindings if b.attributes.get("from")),
            key=lambda b: (b.attributes["from"], b.binding_id),
        )
        return f"{label} from {appointed.attributes['from']} ({_where(appointed)}), after {as_of}"
    before = [(end, b) for end, b in ended if period(end)[1] < first]
    if before and not [
        s
        for s in (_held_since(b, info) for b in held)
        if s and period(before[-1][0])[1] < s <= last
    ]:
        end, statement = before[-1]
        return f"held the office of {label} until {end} ({_where(statement)}), before {as_of}"
    return None


def in_force(gate: GateResult, subject: SubjectClass, info: InfoLookup) -> GateResult:
    """The gate's role holders at the question's time: those the documents say no longer (or
    not yet) held the office become rejected candidates, with the statement that says so."""
    if not subject.role or not gate.candidates:
        return gate
    as_of = subject.constraints.get("as_of")
    if subject.kind == QuestionKind.YES_NO and gate.verdict == "yes":
        # "Is Jane Roe the Secretary of X?": bound, but the documents say the office ended
        (candidate,) = gate.candidates
        why = not_in_force(candidate.bindings, subject.role, as_of, info)
        if why is None:
            return gate
        ended = tuple(b for b in candidate.bindings if b.attributes.get("tenure") == "ended")
        return replace(
            gate,
            verdict="no" if ended else None,
            verdict_bindings=ended,
            rejected=(*gate.rejected, RejectedCandidate(name=candidate.name, reason=why)),
        )
    if subject.kind != QuestionKind.ROLE:
        return gate
    kept: list[Candidate] = []
    rejected = list(gate.rejected)
    for candidate in gate.candidates:
        why = not_in_force(candidate.bindings, subject.role, as_of, info)
        if why is None:
            kept.append(candidate)
        else:
            rejected.append(RejectedCandidate(name=candidate.name, reason=why))
    if len(kept) == len(gate.candidates):
        return gate
    return replace(gate, candidates=tuple(kept), rejected=tuple(rejected))


def holders_in_force(
    bindings: Sequence[Binding], role: str, as_of: str | None, info: InfoLookup
) -> tuple[list[Binding], list[tuple[Binding, str]]]:
    """An entity attribute whose values are holders of an office ("Who is X's auditor?"): the
    bindings of the holders at `as_of` (None: now), in their order, and each other binding
    with why its holder does not hold the office then."""
    by_holder: dict[str, list[Binding]] = {}
    for b in bindings:
        by_holder.setdefault(b.subject_key, []).append(b)
    why = {key: not_in_force(group, role, as_of, info) for key, group in by_holder.items()}
    kept = [b for b in bindings if why[b.subject_key] is None]
    dropped = [(b, str(why[b.subject_key])) for b in bindings if why[b.subject_key] is not None]
    return kept, dropped


class OfficeTenure:
    """Who holds an office at a question's time (issue 16, the rule in this module's
    docstring), over the documents `info` describes (their dates): `run` keeps the candidate
    gate's role holders then and rejects the others with the statement that says why;
    `holders` does the same for the holder bindings an entity attribute's values are."""

    def __init__(self, info: InfoLookup) -> None:
        self.info = info

    def run(self, gate: GateResult, subject: SubjectClass) -> GateResult:
        """The gate's result at the question's time (`subject.constraints["as_of"]`, else
        now); a yes/no claim about an office that ended is answered no (`in_force`)."""
        return in_force(gate, subject, self.info)

    def holders(
        self, bindings: Sequence[Binding], role: str, as_of: str | None
    ) -> tuple[list[Binding], list[tuple[Binding, str]]]:
        """The bindings of the holders of `role` at `as_of` (None: now), and each other
        binding with why its holder does not hold the office then (`holders_in_force`)."""
        return holders_in_force(bindings, role, as_of, self.info)


__all__ = ["OfficeTenure", "holders_in_force", "in_force", "not_in_force", "period"]
