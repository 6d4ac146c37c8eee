"""Human-readable rendering of an answer for `evrag ask` (the JSON object is the contract)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import SourceLocation
from skill._answer import Answer, DocumentCopy, EvidenceUnit, Supersession


def citation(location: SourceLocation) -> str:
    """ "MSA_Acme_Globex.pdf, p. 4, § 6.2 Governing Law, lines 12–14" """
    parts = [location.document, f"p. {location.page}"]
    if location.section:
        section = location.section.split(" > ")[-1]
        parts.append(section if section.startswith("§") else f"§ {section}")
    elif location.clause:
        parts.append(f"§ {location.clause}")
    if location.line_start == location.line_end:
        parts.append(f"line {location.line_start}")
    else:
        parts.append(f"lines {location.line_start}–{location.line_end}")
    for extra in location.pages[1:]:
        parts.append(f"p. {extra.page} lines {extra.line_start}–{extra.line_end}")
    return ", ".join(parts)


def _quote(text: str, limit: int = 400) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


# How many candidate passages an answer's text quotes, and how long each quote runs.
_SHOWN_PASSAGES = 3
_PASSAGE_CHARS = 160


def quoted_passages(units: Sequence[EvidenceUnit]) -> str:
    """Candidate passages as an answer's text shows them: each a short quote with its
    citation ("“This Agreement shall ...” (NDA.pdf, p. 2, § 5.1, line 4)"), a passage two
    documents print alike once with both citations; the first few only, and how many more
    there are."""
    # one passage the documents print alike (an exact copy's) is quoted once, cited in each
    cited: dict[str, list[str]] = {}
    for u in units:
        cited.setdefault(" ".join(u.quote.split()), []).append(citation(u.source_location))
    shown = [
        f"“{_quote(quote, _PASSAGE_CHARS)}” ({'; '.join(where)})"
        for quote, where in list(cited.items())[:_SHOWN_PASSAGES]
    ]
    more = len(cited) - len(shown)
    return "; ".join(shown) + (f"; and {more} more (see the evidence)" if more > 0 else "")


def _copies(copies: list[DocumentCopy], shown: int = 3) -> str:
    names = ", ".join(c.document for c in copies[:shown])
    more = len(copies) - shown
    label = "an exact copy" if len(copies) == 1 else f"{len(copies)} exact copies"
    return f"{label} (same text, same place): {names}" + (f" and {more} more" if more > 0 else "")


def _statement(label: str, document: str, statement: dict[str, Any] | None) -> list[str]:
    if not statement or not statement.get("quote"):
        return []
    return [
        f"  {label}: {document}, p. {statement.get('page')}, line {statement.get('line')}",
        f"      “{_quote(str(statement['quote']))}”",
    ]


def _supersession(supersession: Supersession, numbers: dict[str, int]) -> list[str]:
    """What is in force by a stated amendment: the amending document, its statement of the
    agreement it changes, the change itself, and each value it replaced, cited."""
    refs = ", ".join(f"[{numbers[e]}]" for e in supersession.evidence_ids if e in numbers)
    how = [supersession.relation.replace("_", " ")]
    if supersession.number is not None:
        how.append(f"No. {supersession.number}")
    if supersession.effective_date:
        how.append(f"effective {supersession.effective_date}")
    out = [
        "",
        f"In force: {supersession.value} {refs}".rstrip(),
        f"  by {supersession.document} ({', '.join(how)})",
    ]
    out.extend(_statement("states", supersession.document, supersession.statement))
    out.extend(_statement("changes", supersession.document, supersession.change))
    for old in supersession.history:
        old_refs = ", ".join(f"[{numbers[e]}]" for e in old.evidence_ids if e in numbers)
        dated = f" ({old.date})" if old.date else ""
        cited = f"{old.value} {old_refs}".rstrip()
        out.append(f"  replaced: {cited} in {', '.join(old.documents)}{dated}")
    return out


def render_answer(answer: Answer) -> str:
    """The answer, numbered citations with their quotes, conflicts, risks and next actions."""
    out: list[str] = []
    if answer.question:
        out.append(f"Q: {answer.question}")
    if answer.terminal_state == "SUBJECT_NOT_FOUND" and answer.conclusion.answer:
        # named only in another author's documents: where, never what they say of it
        # ("Not found in X's own documents; mentioned in report.pdf (its author)")
        said = answer.conclusion.answer
        out.append(f"A: {said[:1].upper()}{said[1:]}.")
    elif answer.terminal_state == "SUBJECT_NOT_FOUND":
        out.append("A: Not found — the subject of the question is not in the knowledge base.")
    elif answer.conflicts:
        out.append("A: Conflicting evidence — the sources disagree (not arbitrated).")
    elif answer.conclusion.answer is not None:
        out.append(f"A: {answer.conclusion.answer}")
    else:
        out.append("A: No answer — the evidence found does not state it.")
    verdict = answer.sufficiency["decision"] if answer.sufficiency else "not evaluated"
    out.append(
        f"   sufficient: {'yes' if answer.sufficient else 'no'} ({verdict}); "
        f"confidence: {answer.confidence}"
    )
    numbers = {u.evidence_id: i for i, u in enumerate(answer.evidence, start=1)}
    if answer.evaluation is not None:
        evaluation = answer.evaluation
        refs = ", ".join(f"[{numbers[e]}]" for e in evaluation.evidence_ids if e in numbers)
        out.append(
            f"   expected: {evaluation.read_as} -> {evaluation.outcome.replace('_', ' ')} "
            f"({evaluation.decision}) {refs}".rstrip()
        )
    if answer.conclusion.values:
        out.append("")
        out.append("Values:")
        for value in answer.conclusion.values:
            refs = ", ".join(f"[{numbers[e]}]" for e in value.evidence_ids if e in numbers)
            out.append(f"  - {value.value} {refs}".rstrip())
            for name, facts in value.details.items():
                out.append(f"      {name.replace('_', ' ')}: {'; '.join(facts)}")
    for conflict in answer.conflicts:
        out.append("")
        out.append(f"Conflict on {conflict.claim_id}:")
        for value in conflict.values:
            refs = ", ".join(f"[{numbers[e]}]" for e in value.evidence_ids if e in numbers)
            out.append(f"  - {value.value} {refs}".rstrip())
    for supersession in answer.supersessions:
        out.extend(_supersession(supersession, numbers))
    if answer.evidence:
        out.append("")
        out.append("Citations:")
        for unit in answer.evidence:
            out.append(f"  [{numbers[unit.evidence_id]}] {citation(unit.source_location)}")
            out.append(f"      “{_quote(unit.quote)}”")
            if unit.also_in:
                out.append(f"      also in {_copies(unit.also_in)}")
    if answer.rejected_candidates:
        out.append("")
        out.append("Rejected candidates:")
        for rejected in answer.rejected_candidates:
            out.append(f"  - {rejected.name}: {rejected.reason}")
    if answer.risk_signals:
        out.append("")
        out.append("Risk signals: " + ", ".join(answer.risk_signals))
    if answer.suggested_next_actions:
        out.append("")
        out.append("Suggested next actions:")
        for action in answer.suggested_next_actions:
            out.append(f"  - {action}")
    return "\n".join(out) + "\n"
