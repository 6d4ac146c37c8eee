"""The answers given through the API, kept per knowledge base (issue 39's history).

Every answer of a knowledge base's query route is recorded with the question, the request's
options and the answer exactly as it was returned. Its id is the next number of a counter
kept per knowledge base (never a clock, never given twice), so `#/kb/<kb>/answers/<id>`
stays a link to that answer until it is deleted or dropped. The history is bounded: past
`cap` answers a knowledge base's oldest are dropped as a new one is recorded.

`render_markdown` writes answers for a person: the question, the verdict and the answer, each
value with its citations (document, page, section, clause, lines) and the quoted text, in the
words of the batch reports (`citations`, `citation_label`, `verdict`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from app._batch import _answer_text, _question_text, citation_label, citations, outcome, verdict
from app._db import answer_counters, answers, storage_writes
from app._errors import AnswerNotFound
from app._jobs import _now

# The answers a knowledge base keeps by default; the oldest are dropped past it.
DEFAULT_HISTORY_CAP = 1000


@dataclass(frozen=True, slots=True)
class AnswerRecord:
    """One kept answer: `answer_id` within `kb`; `answer` is the JSON the API returned;
    `created_at` is the record's metadata, never part of the answer."""

    kb: str
    answer_id: int
    created_at: str
    question: str | None
    request: dict[str, Any]
    verdict: str
    answer: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """The record as the API returns it (and as the JSON export lists it)."""
        return {
            "id": self.answer_id,
            "kb": self.kb,
            "created_at": self.created_at,
            "question": self.question,
            "request": self.request,
            "verdict": self.verdict,
            "answer": self.answer,
        }


@dataclass(frozen=True, slots=True)
class AnswerSummary:
    """A kept answer without its body: what a list of the history shows."""

    kb: str
    answer_id: int
    created_at: str
    question: str | None
    verdict: str


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class HistoryStore:
    """The answers table; every method is one short transaction (safe from any thread)."""

    def __init__(self, engine: Engine, cap: int = DEFAULT_HISTORY_CAP) -> None:
        if cap < 1:
            raise ValueError("the history keeps at least one answer per knowledge base")
        self._engine = engine
        self.cap = cap

    def record(self, kb: str, request: dict[str, Any], answer: dict[str, Any]) -> int:
        """Keep `answer` (as returned for `request`) and return its id; the knowledge base's
        oldest answers past the cap are dropped in the same transaction."""
        try:
            return self._record(kb, request, answer)
        except IntegrityError:
            # Two first answers of a knowledge base raced to make its counter: the loser
            # finds it made, and takes the next number.
            return self._record(kb, request, answer)

    def _record(self, kb: str, request: dict[str, Any], answer: dict[str, Any]) -> int:
        with storage_writes(), self._engine.begin() as conn:
            # The counter's update comes first: it takes the write lock (SQLite) or the
            # row's lock (PostgreSQL), so concurrent records get distinct numbers.
            bumped = conn.execute(
                update(answer_counters)
                .where(answer_counters.c.kb == kb)
                .values(last=answer_counters.c.last + 1)
            ).rowcount
            if not bumped:
                conn.execute(insert(answer_counters).values(kb=kb, last=1))
            seq = int(
                conn.execute(
                    select(answer_counters.c.last).where(answer_counters.c.kb == kb)
                ).scalar_one()
            )
            conn.execute(
                insert(answers).values(
                    kb=kb,
                    seq=seq,
                    created_at=_now(),
                    question=answer.get("question"),
                    request=_dumps(request),
                    verdict=verdict(answer),
                    answer=_dumps(answer),
                )
            )
            oldest_kept = conn.execute(
                select(answers.c.seq)
                .where(answers.c.kb == kb)
                .order_by(answers.c.seq.desc())
                .offset(self.cap - 1)
                .limit(1)
            ).scalar()
            if oldest_kept is not None:
                conn.execute(delete(answers).where(answers.c.kb == kb, answers.c.seq < oldest_kept))
        return seq

    def count(self, kb: str) -> int:
        """How many answers `kb` keeps."""
        with self._engine.connect() as conn:
            query = select(func.count()).select_from(answers).where(answers.c.kb == kb)
            return int(conn.execute(query).scalar_one())

    def list_answers(self, kb: str, *, limit: int, offset: int = 0) -> list[AnswerSummary]:
        """A page of `kb`'s answers, newest first."""
        query = (
            select(answers.c.seq, answers.c.created_at, answers.c.question, answers.c.verdict)
            .where(answers.c.kb == kb)
            .order_by(answers.c.seq.desc())
            .offset(offset)
            .limit(limit)
        )
        with self._engine.connect() as conn:
            return [
                AnswerSummary(kb, r.seq, r.created_at, r.question, r.verdict)
                for r in conn.execute(query).all()
            ]

    def get(self, kb: str, answer_id: int) -> AnswerRecord:
        """The answer `answer_id` of `kb`; AnswerNotFound if there is none (or no longer)."""
        found = self.select(kb, [answer_id])
        return found[0]

    def select(self, kb: str, answer_ids: Sequence[int]) -> list[AnswerRecord]:
        """The answers of `answer_ids` in `kb`, oldest first (each once); AnswerNotFound
        naming the first id that is not kept."""
        wanted = sorted(set(answer_ids))
        query = select(answers).where(answers.c.kb == kb, answers.c.seq.in_(wanted))
        with self._engine.connect() as conn:
            rows = {r.seq: r for r in conn.execute(query).all()}
        missing = [i for i in wanted if i not in rows]
        if missing:
            raise AnswerNotFound(f"no answer {missing[0]} in knowledge base {kb!r}")
        return [
            AnswerRecord(
                kb=kb,
                answer_id=r.seq,
                created_at=r.created_at,
                question=r.question,
                request=json.loads(r.request),
                verdict=r.verdict,
                answer=json.loads(r.answer),
            )
            for r in (rows[i] for i in wanted)
        ]

    def all_ids(self, kb: str) -> list[int]:
        """Every kept answer's id in `kb`, oldest first."""
        query = select(answers.c.seq).where(answers.c.kb == kb).order_by(answers.c.seq)
        with self._engine.connect() as conn:
            return [int(seq) for seq in conn.execute(query).scalars()]

    def delete(self, kb: str, answer_id: int) -> None:
        """Delete one answer; AnswerNotFound if there is none. Its id is not given again."""
        with storage_writes(), self._engine.begin() as conn:
            gone = conn.execute(
                delete(answers).where(answers.c.kb == kb, answers.c.seq == answer_id)
            ).rowcount
        if not gone:
            raise AnswerNotFound(f"no answer {answer_id} in knowledge base {kb!r}")


# ----------------------------------------------------------------------------- markdown


def _line(text: Any) -> str:
    """Text on one Markdown line (a heading, a list item)."""
    return " ".join(str(text).split())


def _blockquote(text: str) -> list[str]:
    return [f"> {line}".rstrip() for line in text.splitlines() or [""]]


def _citation_lines(answer: dict[str, Any], evidence_ids: Iterable[str]) -> list[str]:
    """Each distinct place the evidence `evidence_ids` cites, with its quoted text."""
    wanted = set(evidence_ids)
    units = [u for u in answer.get("evidence") or () if u.get("evidence_id") in wanted]
    quotes = {u.get("evidence_id"): str(u.get("quote") or "") for u in units}
    out: list[str] = []
    for cite in citations({"evidence": units}):
        out.append(f"- {citation_label(cite['location'], with_clause=True)}")
        for quote in dict.fromkeys(quotes[e] for e in cite["evidence_ids"] if quotes.get(e)):
            out += ["", *(f"  {line}" for line in _blockquote(quote)), ""]
    return out


def _values_lines(answer: dict[str, Any], values: Sequence[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for value in values:
        out += ["", f"**{_line(value.get('value'))}**", ""]
        out += _citation_lines(answer, value.get("evidence_ids") or ())
    return out


def _answer_markdown(record: AnswerRecord) -> list[str]:
    answer = record.answer
    title = _line(_question_text(answer)) or "(no question)"
    out = [f"## Answer {record.answer_id}: {title}", ""]
    out.append(f"- Asked: {record.created_at}")
    out.append(f"- Verdict: **{record.verdict}** (confidence {answer.get('confidence')})")
    documents = record.request.get("documents")
    if documents:
        out.append(f"- Scope: {', '.join(_line(d) for d in documents)}")
    evaluation = answer.get("evaluation")
    if isinstance(evaluation, dict):
        expected = json.dumps(evaluation.get("expected_value"), ensure_ascii=False)
        out.append(f"- Expected value: {_line(expected)}: {outcome(answer)}")
    out += ["", f"**Answer:** {_line(_answer_text(answer)) or '(none)'}"]
    conclusion = answer.get("conclusion") or {}
    values = conclusion.get("values") or []
    conflicts = answer.get("conflicts") or []
    if conflicts:
        out += ["", "### Conflicting sources (not arbitrated)"]
        for conflict in conflicts:
            out += _values_lines(answer, conflict.get("values") or ())
    elif values:
        out += ["", "### Values" if len(values) > 1 else "### Value"]
        out += _values_lines(answer, values)
    elif answer.get("evidence"):
        # No value was concluded: the passages read are listed, and said to be no value.
        out += ["", "### Evidence read (no value concluded from it)", ""]
        out += _citation_lines(answer, (u.get("evidence_id") for u in answer["evidence"]))
    actions = answer.get("suggested_next_actions") or []
    if actions:
        out += ["", "### Next actions", "", *(f"- {_line(a)}" for a in actions)]
    return out


def render_markdown(records: Sequence[AnswerRecord], *, title: str) -> str:
    """The answers as one Markdown document under `title`, in the order given."""
    lines = [f"# {_line(title)}"]
    for record in records:
        lines += ["", *_answer_markdown(record)]
    # Blank lines are collapsed to one, so the document reads the same whatever a block ends with.
    text = "\n".join(lines)
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text.rstrip("\n") + "\n"
