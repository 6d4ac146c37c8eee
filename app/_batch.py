"""Batch evaluation, shared by `evrag eval` and the API's evaluation jobs.

`parse_questions` reads a JSONL file (or a JSON list) of questions, failing with a
one-line `BatchFormatError`; `answer_item` runs one through the skill, recording a
failure instead of raising; `render_jsonl` / `render_csv` / `render_html` turn the
results (in input order) into files a program or a person can read.

A line with an `expected_value` is the claim "attribute = that value": the skill's engine
judges it and the answer carries its `evaluation`; `outcome` reads it per line (match,
mismatch, not_established, or error when the question failed) and `evaluation_summary`
counts the outcomes and the accuracy (match / lines with an expected value).
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict

from app._errors import BatchFormatError
from app._jsonbounds import MAX_JSON_DEPTH, JsonTooDeep, check_json_depth
from skill import SubjectClassError, unreadable_text


class BatchItem(BaseModel):
    """One question of a batch: prose or a structured subject, with optional contract."""

    model_config = ConfigDict(frozen=True)

    id: str
    question: str | None = None
    subject: dict[str, Any] | None = None
    expected_value: Any = None
    evidence_requirements: dict[str, Any] | None = None
    documents: tuple[str, ...] | None = None
    # Why the line is answered with an error without being asked (text that is not valid
    # Unicode); its strings are then kept with that text escaped, so it can be stored and
    # echoed in the results while the batch goes on.
    invalid: str | None = None


class Asker(Protocol):
    def ask(
        self,
        kb: str,
        question: str | None = None,
        *,
        subject: dict[str, Any] | None = None,
        evidence_requirements: dict[str, Any] | None = None,
        documents: Sequence[str] | None = None,
        expected_value: Any = None,
    ) -> Any: ...


def parse_questions(
    data: str | bytes,
    *,
    max_items: int | None = None,
    max_question_chars: int | None = None,
    max_depth: int = MAX_JSON_DEPTH,
) -> list[BatchItem]:
    """Questions from JSONL (one object a line) or a JSON list of objects.

    Extra fields are ignored (a gold file may carry its expectations). Raises
    BatchFormatError naming the line (JSONL) or the item (list) at fault; JSON nested
    deeper than `max_depth` is refused before it is parsed.
    """
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise BatchFormatError(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    else:
        text = data
    try:
        check_json_depth(data, max_depth)
    except JsonTooDeep as exc:
        raise BatchFormatError(str(exc)) from None
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            values = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BatchFormatError(f"invalid JSON: {exc.msg}", line=exc.lineno) from None
        except RecursionError:
            raise BatchFormatError(str(JsonTooDeep(max_depth))) from None
        if not isinstance(values, list):  # pragma: no cover - starts with "["
            raise BatchFormatError("expected a JSON list of question objects")
        numbered: Iterable[tuple[int, Any, str]] = (
            (i, v, f"item {i}") for i, v in enumerate(values, start=1)
        )
    else:
        numbered = _jsonl(text)
    items: list[BatchItem] = []
    seen: set[str] = set()
    for _, value, where in numbered:
        if max_items is not None and len(items) >= max_items:
            raise BatchFormatError(f"more than {max_items} questions (limit max_batch_items)")
        item = _item(value, where, max_question_chars)
        if item.id in seen:
            raise BatchFormatError(f"{where}: duplicate id {item.id!r}")
        seen.add(item.id)
        items.append(item)
    if not items:
        raise BatchFormatError("no questions in the file")
    return items


def _jsonl(text: str) -> Iterable[tuple[int, Any, str]]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BatchFormatError(f"invalid JSON: {exc.msg}", line=number) from None
        except RecursionError:
            raise BatchFormatError("JSON nested too deeply", line=number) from None
        yield number, value, f"line {number}"


def _item(value: Any, where: str, max_chars: int | None) -> BatchItem:
    if not isinstance(value, dict):
        raise BatchFormatError(f"{where}: expected a JSON object, got {_kind(value)}")
    raw_id = value.get("id")
    if isinstance(raw_id, bool) or not isinstance(raw_id, str | int) or raw_id == "":
        raise BatchFormatError(f"{where}: 'id' must be a non-empty string")
    question, subject = value.get("question"), value.get("subject")
    if (question is None) == (subject is None):
        raise BatchFormatError(f"{where}: give exactly one of 'question' or 'subject'")
    if question is not None:
        if not isinstance(question, str) or not question.strip():
            raise BatchFormatError(f"{where}: 'question' must be a non-empty string")
        if max_chars is not None and len(question) > max_chars:
            raise BatchFormatError(
                f"{where}: question longer than {max_chars} characters "
                f"(limit max_question_chars = {max_chars})"
            )
    if subject is not None and not isinstance(subject, dict):
        raise BatchFormatError(f"{where}: 'subject' must be an object")
    requirements = value.get("evidence_requirements")
    if requirements is not None and not isinstance(requirements, dict):
        raise BatchFormatError(f"{where}: 'evidence_requirements' must be an object")
    documents = value.get("documents")
    if isinstance(documents, str):
        documents = [documents]
    if documents is not None and (
        not isinstance(documents, list)
        or not documents
        or not all(isinstance(d, str) and d.strip() for d in documents)
    ):
        raise BatchFormatError(
            f"{where}: 'documents' must be a document id or file name, or a non-empty list of them"
        )
    fields = {
        "id": str(raw_id),
        "question": question,
        "subject": subject,
        "expected_value": value.get("expected_value"),
        "evidence_requirements": requirements,
        "documents": list(documents) if documents is not None else None,
    }
    invalid = next(
        (fault for name, v in fields.items() if (fault := unreadable_text(v, f"the {name}"))),
        None,
    )
    if invalid is not None:
        return BatchItem(**_escaped(fields), invalid=invalid)
    return BatchItem(**fields)


def _escaped(value: Any) -> Any:
    """`value` with the lone surrogates of its strings written as `\\udfff` text."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_escaped(k): _escaped(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_escaped(v) for v in value]
    return value


def _kind(value: Any) -> str:
    return {list: "a list", str: "a string", type(None): "null", bool: "a boolean"}.get(
        type(value), "a number"
    )


def answer_item(skill: Asker, kb: str, item: BatchItem) -> tuple[bool, dict[str, Any]]:
    """(ok, result line): the answer with "id" first, or {"id", "error"} if it failed."""
    if item.invalid is not None:
        return False, error_line(item, SubjectClassError(item.question or "", item.invalid))
    try:
        extra: dict[str, Any] = {}
        if item.documents is not None:
            extra["documents"] = item.documents
        if item.expected_value is not None:
            extra["expected_value"] = item.expected_value
        answer = skill.ask(
            kb,
            item.question,
            subject=item.subject,
            evidence_requirements=item.evidence_requirements,
            **extra,
        )
    except Exception as exc:  # a failing question is recorded and the batch goes on
        return False, error_line(item, exc)
    body = answer.model_dump(mode="json") if hasattr(answer, "model_dump") else dict(answer)
    line: dict[str, Any] = {"id": item.id, **body}
    if item.expected_value is not None:
        line["expected_value"] = item.expected_value
    return True, line


def error_line(item: BatchItem, exc: BaseException) -> dict[str, Any]:
    line: dict[str, Any] = {"id": item.id, "question": item.question}
    if item.subject is not None:
        line["subject"] = item.subject
    if item.documents is not None:
        line["documents"] = list(item.documents)
    if item.expected_value is not None:
        # kept so that the line counts among those with an expected value (outcome "error")
        line["expected_value"] = item.expected_value
    line["error"] = {"code": _error_code(exc), "detail": str(exc) or type(exc).__name__}
    return line


def _error_code(exc: BaseException) -> str:
    name = type(exc).__name__
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")


def run_batch(
    skill: Asker,
    kb: str,
    items: Sequence[BatchItem],
    progress: Callable[[int, int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Answer every item in order; `progress(done, total, failed)` after each."""
    results: list[dict[str, Any]] = []
    failed = 0
    for item in items:
        ok, line = answer_item(skill, kb, item)
        failed += not ok
        results.append(line)
        if progress is not None:
            progress(len(results), len(items), failed)
    return results


# ----------------------------------------------------------------------------- rendering


def render_jsonl(results: Iterable[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n" for r in results)


def verdict(result: dict[str, Any]) -> str:
    """ERROR, SUBJECT_NOT_FOUND, or the engine's decision (INSUFFICIENT when not reached)."""
    if "error" in result:
        return "ERROR"
    if result.get("terminal_state") == "SUBJECT_NOT_FOUND":
        return "SUBJECT_NOT_FOUND"
    sufficiency = result.get("sufficiency") or {}
    decision = sufficiency.get("decision") if isinstance(sufficiency, dict) else None
    return str(decision) if decision else "INSUFFICIENT"


OUTCOMES = ("match", "mismatch", "not_established", "error")


def outcome(result: dict[str, Any]) -> str | None:
    """The line's expected-value outcome: match, mismatch, not_established (the engine's
    SUPPORTED, CONTRADICTED, INSUFFICIENT for the expected value), error (the question
    failed); None for a line without an expected value, whatever its answer judges (an
    evaluation the answer carries of a claim its question states itself, "Is X
    capital-intensive?", is no expected value of the line's)."""
    if result.get("expected_value") is None:
        return None
    evaluation = result.get("evaluation")
    if isinstance(evaluation, dict) and evaluation.get("outcome") in OUTCOMES:
        return str(evaluation["outcome"])
    return "error" if "error" in result else "not_established"


def evaluation_summary(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Counts per outcome over the lines with an expected value, and the accuracy: match /
    those lines (None when there are none), rounded to 4 places."""
    rows = list(results)
    counts = dict.fromkeys(OUTCOMES, 0)
    for r in rows:
        found = outcome(r)
        if found is not None:
            counts[found] += 1
    expected = sum(counts.values())
    return {
        "questions": len(rows),
        "with_expected_value": expected,
        **counts,
        "accuracy": round(counts["match"] / expected, 4) if expected else None,
    }


def summary_text(summary: dict[str, Any]) -> str:
    """One line for a person: "12 with an expected value: 10 match, ...; accuracy 83.3%"."""
    if not summary["with_expected_value"]:
        return "no expected values"
    counts = ", ".join(f"{summary[o]} {o.replace('_', ' ')}" for o in OUTCOMES)
    return (
        f"{summary['with_expected_value']} with an expected value: {counts}; "
        f"accuracy {summary['accuracy']:.1%}"
    )


def _answer_text(result: dict[str, Any]) -> str:
    conclusion = result.get("conclusion") or {}
    answer = conclusion.get("answer")
    if answer:
        return str(answer)
    values = [str(v.get("value")) for v in conclusion.get("values") or ()]
    return "; ".join(values)


def _question_text(result: dict[str, Any]) -> str:
    if result.get("question"):
        return str(result["question"])
    subject = result.get("subject_class") or result.get("subject")
    return json.dumps(subject, sort_keys=True) if subject else ""


LinkFor = Callable[[dict[str, Any]], str | None]


def citations(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Distinct cited locations, in evidence order: {label, location, evidence_ids}."""
    out: dict[tuple[Any, ...], dict[str, Any]] = {}
    for unit in result.get("evidence") or ():
        loc = unit.get("source_location") or {}
        key = (loc.get("document_id"), loc.get("page"), loc.get("line_start"), loc.get("line_end"))
        entry = out.get(key)
        if entry is None:
            out[key] = entry = {"label": citation_label(loc), "location": loc, "evidence_ids": []}
        entry["evidence_ids"].append(unit.get("evidence_id"))
    return list(out.values())


def citation_label(loc: dict[str, Any], *, with_clause: bool = False) -> str:
    """ "MSA.pdf, p. 3, § 12, lines 31–34"; `with_clause` adds the clause after the section
    (the answers' Markdown export; the CSV and HTML reports leave it out)."""
    parts = [str(loc.get("document") or loc.get("document_id") or "?"), f"p. {loc.get('page')}"]
    if loc.get("section"):
        parts.append(f"§ {loc['section']}")
    if with_clause and loc.get("clause"):
        parts.append(f"clause {loc['clause']}")
    start, end = loc.get("line_start"), loc.get("line_end")
    if start is not None:
        parts.append(f"lines {start}–{end}" if end not in (None, start) else f"line {start}")
    return ", ".join(parts)


def _conflict_text(result: dict[str, Any]) -> list[str]:
    out = []
    for conflict in result.get("conflicts") or ():
        values = " vs ".join(str(v.get("value")) for v in conflict.get("values") or ())
        out.append(f"{conflict.get('claim_id')}: {values}")
    return out


_CSV_COLUMNS = (
    "id",
    "question",
    "verdict",
    "terminal_state",
    "sufficient",
    "confidence",
    "answer",
    "citations",
    "conflicts",
    "risk_signals",
    "suggested_next_actions",
    "expected_value",
    "outcome",
    "error",
)


# A cell starting with one of these is run as a formula by a spreadsheet (a document named
# "=HYPERLINK(...)"): OWASP's CSV injection advice is to prefix it with a single quote.
_FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> str:
    text = "" if value is None else str(value)  # as the csv module writes None
    return "'" + text if text.startswith(_FORMULA_LEADS) else text


def render_csv(results: Iterable[dict[str, Any]]) -> str:
    """One row per result; no cell starts like a formula (see _FORMULA_LEADS)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(_CSV_COLUMNS)
    for r in results:
        error = r.get("error") or {}
        expected = r.get("expected_value")
        writer.writerow(
            _cell(value)
            for value in [
                r.get("id", ""),
                _question_text(r),
                verdict(r),
                r.get("terminal_state", ""),
                "" if "sufficient" not in r else str(bool(r["sufficient"])).lower(),
                r.get("confidence", ""),
                _answer_text(r),
                " | ".join(c["label"] for c in citations(r)),
                " | ".join(_conflict_text(r)),
                " | ".join(r.get("risk_signals") or ()),
                " | ".join(r.get("suggested_next_actions") or ()),
                "" if expected is None else json.dumps(expected, ensure_ascii=False),
                outcome(r) or "",
                error.get("detail", ""),
            ]
        )
    return buf.getvalue()


_CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1b1b1b}
h1{font-size:20px;margin:0 0 4px} .meta{color:#555;margin-bottom:16px}
table{border-collapse:collapse;width:100%} th,td{border:1px solid #ddd;padding:6px 8px;vertical-align:top;text-align:left}
th{background:#f4f4f4;position:sticky;top:0} tr:nth-child(even) td{background:#fbfbfb}
.v{font-weight:600;white-space:nowrap} .SUPPORTED{color:#17692f} .CONTRADICTED{color:#a31515}
.INSUFFICIENT{color:#8a5a00} .SUBJECT_NOT_FOUND{color:#555} .ERROR{color:#a31515}
ul{margin:0;padding-left:18px} blockquote{margin:2px 0 6px;color:#444;font-size:12px}
.summary span{margin-right:16px} .o{font-weight:600} .match{color:#17692f}
.mismatch{color:#a31515} .not_established{color:#8a5a00} .error{color:#a31515}
"""


def render_html(
    results: Sequence[dict[str, Any]],
    *,
    title: str = "Evaluation report",
    subtitle: str = "",
    link_for: LinkFor | None = None,
) -> str:
    """A self-contained page: a summary, then one row per question.

    `link_for(source_location)` gives the URL of the highlighted page image for a
    citation (None: the citation is plain text).
    """
    esc = html.escape
    counts: dict[str, int] = {}
    for r in results:
        counts[verdict(r)] = counts.get(verdict(r), 0) + 1
    summary = "".join(
        f'<span class="{esc(k)}">{esc(k)}: {counts[k]}</span>' for k in sorted(counts)
    )
    rows = []
    for r in results:
        v = verdict(r)
        quotes = {u.get("evidence_id"): u.get("quote", "") for u in r.get("evidence") or ()}
        cites = []
        for c in citations(r):
            url = link_for(c["location"]) if link_for else None
            label = esc(c["label"])
            head = f'<a href="{esc(url)}">{label}</a>' if url else label
            quote = " … ".join(esc(str(quotes.get(e) or "")) for e in c["evidence_ids"][:1])
            cites.append(f"<li>{head}<blockquote>{quote}</blockquote></li>")
        answer = esc(_answer_text(r))
        if "error" in r:
            answer = esc(str((r.get("error") or {}).get("detail", "")))
        expected = r.get("expected_value")
        if expected is not None:
            answer += (
                f'<div class="meta">expected: {esc(json.dumps(expected, ensure_ascii=False))}</div>'
            )
        found = outcome(r)
        if found is not None:
            answer += f'<div class="o {esc(found)}">{esc(found.replace("_", " "))}</div>'

        rows.append(
            "<tr>"
            f"<td>{esc(str(r.get('id', '')))}</td>"
            f"<td>{esc(_question_text(r))}</td>"
            f'<td class="v {esc(v)}">{esc(v)}'
            f'<div class="meta">{esc(str(r.get("confidence", "")))}</div></td>'
            f"<td>{answer}</td>"
            f"<td><ul>{''.join(cites)}</ul></td>"
            f"<td><ul>{''.join(f'<li>{esc(t)}</li>' for t in _conflict_text(r))}</ul></td>"
            f"<td><ul>{''.join(f'<li>{esc(str(a))}</li>' for a in r.get('suggested_next_actions') or ())}</ul></td>"
            "</tr>"
        )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{esc(title)}</title><style>{_CSS}</style></head><body>"
        f'<h1>{esc(title)}</h1><div class="meta">{esc(subtitle)}</div>'
        f'<div class="summary">{len(results)} questions. {summary}</div>'
        + _evaluation_html(results)
        + "<table><thead><tr><th>id</th><th>question</th><th>verdict</th><th>answer</th>"
        "<th>citations</th><th>conflicts</th><th>next actions</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table></body></html>\n"
    )


def _evaluation_html(results: Sequence[dict[str, Any]]) -> str:
    """The expected values' summary line; nothing when no line has one."""
    summary = evaluation_summary(results)
    if not summary["with_expected_value"]:
        return ""
    counts = "".join(
        f'<span class="{o}">{o.replace("_", " ")}: {summary[o]}</span>' for o in OUTCOMES
    )
    return (
        f'<div class="summary evaluation">{summary["with_expected_value"]} with an expected '
        f"value. {counts}<span>accuracy: {summary['accuracy']:.1%}</span></div>"
    )
