"""Company filings: attribute questions on the shared FinanceBench filings (issue 15).

The gold (`tests/gold/filings.jsonl`) holds, per filing and attribute, the value a reader finds
on the cover page, the audit report, the certifications, with the 1-based page that states it.
The questions (`tests/gold/filings_questions.jsonl`, two phrasings per attribute, written from
templates before any answer was read) ask about each company by its legal name and by its
common name; traps ask about companies absent from the filings, look-alike names one word off a
registrant, and founders the filings never state.

Split by company: development (3M, Activision Blizzard, Adobe, Amazon, Amcor, American Water
Works, Best Buy) and held out (Square/Block, Boeing, Corning, Costco, Foot Locker, General
Mills, Johnson & Johnson).

A question is right when an answered value matches a gold value of its company and attribute
and cites a page that states it (the gold's page, or another whose cited quote states the
value); wrong when any answered value matches none ("uncited": right values whose citations do
not state them); a trap is answered when it gets any value. Run: `python -m bench.filings` (ingests the 30 filings into a
temporary knowledge base) or with EVRAG_FILINGS_DATA_DIR=<dir> (reuses the knowledge base
EVRAG_FILINGS_KB, default "filings", there, ingesting what it lacks); EVRAG_FILINGS_OUT=<file>
keeps the answers, EVRAG_FILINGS_ANSWERS=<file> scores kept answers again.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from domain import lexicon

ROOT = Path(__file__).resolve().parent.parent
GOLD = ROOT / "tests" / "gold" / "filings.jsonl"
QUESTIONS = ROOT / "tests" / "gold" / "filings_questions.jsonl"
PDFS = ROOT.parent / "shared" / "data" / "financebench" / "pdfs"
KB = os.environ.get("EVRAG_FILINGS_KB", "filings")

_MONTHS = {m: i + 1 for i, m in enumerate(lexicon().months)}


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _tokens(text: str) -> list[str]:
    text = text.lower().replace("\u2019", "'").replace("&", " and ")
    return re.findall(r"[0-9a-z+]+", text)


def _date(text: str) -> tuple[int, int] | None:
    """(month, day) of a date written "December 31, 2018", "2018-12-31" or "December 31"."""
    m = re.search(r"\d{4}-(\d{2})-(\d{2})", text)
    if m:
        return int(m.group(1)), int(m.group(2))
    m = re.search(r"([A-Za-z]+)\s+(\d{1,2})", text)
    if m and m.group(1).lower() in _MONTHS:
        return _MONTHS[m.group(1).lower()], int(m.group(2))
    return None


_SUFFIXES = {"inc", "incorporated", "corp", "corporation", "co", "company", "llp", "plc", "the"}


def value_matches(attribute: str, gold: str, answer: str) -> bool:
    """Does an answered value say the gold value (per the attribute's kind of value)?"""
    g, a = _tokens(gold), _tokens(answer)
    if not a:
        return False
    if attribute == "fiscal_year_end":
        return _date(gold) is not None and _date(gold) == _date(answer)
    if attribute in ("irs_employer_id", "telephone"):
        return "".join(re.findall(r"\d", gold)) == "".join(re.findall(r"\d", answer))
    if attribute == "headquarters":
        # The address, or a part of it ("Santa Monica, California"): no number it lacks and
        # mostly its words.
        numbers = [t for t in a if any(c.isdigit() for c in t)]
        return all(n in g for n in numbers) and len(set(g) & set(a)) >= 0.5 * len(set(a))
    if attribute == "shares_outstanding":
        return g == a or "".join(re.findall(r"\d", gold)) == "".join(re.findall(r"\d", answer))
    if attribute in (
        "auditor",
        "filer_category",
        "ticker",
        "jurisdiction_of_incorporation",
        "exchange",
        "subsidiary",
    ):
        return [t for t in g if t not in _SUFFIXES] == [t for t in a if t not in _SUFFIXES]
    # People: the same first and last names (a middle initial may be left out).
    g_core = [t for t in g if len(t) > 1]
    a_core = [t for t in a if len(t) > 1]
    return bool(g_core) and g_core[0] == a_core[0] and g_core[-1] == a_core[-1]


def _cited(result: Mapping[str, Any], evidence_ids: Sequence[str]) -> set[tuple[str, int]]:
    by_id = {e["evidence_id"]: e for e in result.get("evidence", [])}
    out: set[tuple[str, int]] = set()
    for eid in evidence_ids:
        loc = by_id.get(eid, {}).get("source_location") or {}
        if loc:
            out.add((str(loc["document"]), int(loc["page"])))
            for p in loc.get("pages") or []:
                out.add((str(loc["document"]), int(p["page"])))
    return out


def _quotes(result: Mapping[str, Any], evidence_ids: Sequence[str]) -> list[str]:
    by_id = {e["evidence_id"]: e for e in result.get("evidence", [])}
    return [str(by_id[e].get("quote") or "") for e in evidence_ids if e in by_id]


def _states(quote: str, value: str) -> bool:
    """Does a cited quote state the value (its words in order, punctuation aside)?"""
    q, v = " ".join(_tokens(quote)), " ".join(_tokens(value))
    return bool(v) and v in q


# What the gold states beside a value, that a right answer's cited quote should state too.
DETAILS: Mapping[str, tuple[str, ...]] = {"auditor": ("city", "served_since")}
# How a quote states each detail: a tenure's year after "since" ("since 1975", "since at
# least 1934"), not any date of that year.
_DETAIL_WORDS: Mapping[str, Any] = {
    "city": lambda v: v,
    "served_since": lambda v: f"since {v}",
}
# Attributes whose answer is a list (every director, every executive officer): right when the
# answer names at least LIST_RECALL of one filing's list and nothing else.
LISTS = ("director", "executive_officer", "subsidiary")
LIST_RECALL = 0.8
# The gold lists at most this many subsidiaries of one filing (the first ones printed).
_GOLD_LIST_CAP = 40


def _truncated(entries: Sequence[Mapping[str, Any]]) -> bool:
    counts: dict[str, int] = {}
    for g in entries:
        counts[g["document"]] = counts.get(g["document"], 0) + 1
    return any(n >= _GOLD_LIST_CAP for n in counts.values())


def score(
    questions: Sequence[Mapping[str, Any]],
    answers: Mapping[str, Mapping[str, Any]],
    gold: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """Per question: right / wrong / refused (attribute questions), answered / held (traps)."""
    rows: list[dict[str, Any]] = []
    for q in questions:
        result = answers[q["id"]]
        values = [v for v in (result.get("conclusion") or {}).get("values", []) if v.get("value")]
        row = {
            "id": q["id"],
            "attribute": q["attribute"],
            "split": q["split"],
            "kind": q["kind"],
            "terminal": result.get("terminal_state"),
            "values": [v["value"] for v in values],
        }
        if q["kind"] != "attribute":
            row["outcome"] = "answered" if values else "held"
        else:
            # The questions ask about now: a holder whose tenure the gold ends ("served as the
            # Company's auditor from 2011 to 2019") is no right answer, and counts as wrong.
            entries = [
                g
                for g in gold
                if g["company"] == q["company"]
                and g["attribute"] == q["attribute"]
                and not g.get("served_until")
            ]
            right = wrong = False
            covered: set[tuple[str, str]] = set()
            for v in values:
                hits = [g for g in entries if value_matches(q["attribute"], g["value"], v["value"])]
                if not hits:
                    # A list the gold cut at its first 40 entries: a later entry is not wrong.
                    wrong = wrong or not _truncated(entries)
                    continue
                covered.update((g["document"], g["value"]) for g in hits)
                ids = v.get("evidence_ids", [])
                pages = _cited(result, ids)
                # Right: cited on the gold page, or on another page whose quote states it.
                if any((g["document"], g["page"]) in pages for g in hits) or any(
                    _states(quote, v["value"]) for quote in _quotes(result, ids)
                ):
                    right = True
            row["outcome"] = "wrong" if wrong else "right" if right else "refused"
            if values and not wrong and not right:
                row["outcome"] = "uncited"
            if q["attribute"] in LISTS:
                # A list: right when it names most of one filing's list (recall kept per row).
                best = max(
                    (
                        sum(1 for d, v in covered if d == doc) / n
                        for doc in {g["document"] for g in entries}
                        if (n := sum(1 for g in entries if g["document"] == doc))
                    ),
                    default=0.0,
                )
                row["recall"] = round(best, 3)
                if row["outcome"] == "right" and best < LIST_RECALL:
                    row["outcome"] = "partial"
            for detail in DETAILS.get(q["attribute"], ()):
                # Where the auditor signed, since when it serves: stated by a cited quote of a
                # right value (None when the gold states none for this company).
                wanted = {
                    (g["value"], _DETAIL_WORDS[detail](g[detail])) for g in entries if g.get(detail)
                }
                if wanted:
                    row[detail] = row["outcome"] == "right" and any(
                        value_matches(q["attribute"], name, v["value"])
                        and any(
                            _states(quote, stated)
                            for quote in _quotes(result, v.get("evidence_ids", []))
                        )
                        for name, stated in sorted(wanted)
                        for v in values
                    )
        rows.append(row)
    return {"rows": rows}


def table(report: Mapping[str, Any]) -> str:
    rows = report["rows"]
    lines = [
        f"{'attribute':<32} {'split':<12} {'n':>4} {'right':>6} {'wrong':>6} {'refused':>8} "
        f"{'uncited':>8} {'not found':>9} {'partial':>8}"
    ]
    attrs = sorted({r["attribute"] for r in rows if r["kind"] == "attribute"})
    for split in ("development", "held_out", "all"):
        for attr in [*attrs, "ALL"]:
            sel = [
                r
                for r in rows
                if r["kind"] == "attribute"
                and (split == "all" or r["split"] == split)
                and (attr == "ALL" or r["attribute"] == attr)
            ]
            if not sel:
                continue
            n = len(sel)

            def count(outcome: str, sel: list[dict[str, Any]] = sel) -> int:
                return sum(1 for r in sel if r["outcome"] == outcome)

            nf = sum(1 for r in sel if r["terminal"] == "SUBJECT_NOT_FOUND")
            lines.append(
                f"{attr:<32} {split:<12} {n:>4} {count('right'):>6} {count('wrong'):>6} "
                f"{count('refused'):>8} {count('uncited'):>8} {nf:>9} {count('partial'):>8}"
                + f"   ({100 * count('right') / n:.0f}% right)"
            )
    for attr, details in DETAILS.items():
        for detail in details:
            for split in ("development", "held_out"):
                sel = [r for r in rows if r["split"] == split and r.get(detail) is not None]
                if sel:
                    stated = sum(1 for r in sel if r[detail])
                    lines.append(
                        f"{attr} {detail} in a cited quote  {split:<12} {len(sel):>4} "
                        f"stated {stated}"
                    )
    for kind in ("absent", "lookalike", "founder_not_stated"):
        sel = [r for r in rows if r["kind"] == kind]
        if sel:
            answered = sum(1 for r in sel if r["outcome"] == "answered")
            nf = sum(1 for r in sel if r["terminal"] == "SUBJECT_NOT_FOUND")
            lines.append(
                f"trap {kind:<27} {'all':<12} {len(sel):>4} answered {answered} "
                f"(SUBJECT_NOT_FOUND {nf})"
            )
    return "\n".join(lines)


def _answers(rt: Any, questions: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for q in questions:
        try:
            out[q["id"]] = rt.skill.ask(KB, q["question"]).model_dump(mode="json")
        except Exception as exc:  # one failing question is scored as refused, not fatal
            out[q["id"]] = {"error": f"{type(exc).__name__}: {exc}"}
    return out


@contextmanager
def filings_runtime(data_dir: Path | None = None, *, say: bool = False) -> Iterator[Any]:
    """A runtime over the filings' knowledge base: `data_dir`'s, the filings it lacks ingested
    first, or a temporary one's (`say`: print what was ingested)."""
    from app import Runtime, Settings

    with tempfile.TemporaryDirectory(prefix="evrag-filings-") as tmp:
        directory = data_dir or Path(tmp) / "data"
        with Runtime.open(Settings(data_dir=directory)) as rt:
            names = {d.name for d in _documents(rt)}
            missing = sorted(p for p in PDFS.glob("*.pdf") if p.name not in names)
            if missing:
                report = rt.ingestor.run(KB, missing)
                if say:
                    print(f"   ingesting {len(missing)} filings")
                    print("   " + report.summary())
            yield rt


def run(data_dir: Path | None = None, out: Path | None = None) -> dict[str, Any]:
    gold, questions = load(GOLD), load(QUESTIONS)
    with filings_runtime(data_dir, say=True) as rt:
        answers = _answers(rt, questions)
    if out is not None:
        # Every answer whole, in question order: EVRAG_FILINGS_ANSWERS scores it again.
        out.write_text(
            "".join(json.dumps({"id": q["id"], **answers[q["id"]]}) + "\n" for q in questions)
        )
    return score(questions, answers, gold)


def _documents(rt: Any) -> list[Any]:
    try:
        return list(rt.catalog.list_documents(KB))
    except Exception:  # no such knowledge base yet
        return []


def main() -> None:
    saved = os.environ.get("EVRAG_FILINGS_ANSWERS")
    if saved:
        answers = {a["id"]: a for a in load(Path(saved))}
        report = score(load(QUESTIONS), answers, load(GOLD))
    else:
        env = os.environ.get("EVRAG_FILINGS_DATA_DIR")
        out = os.environ.get("EVRAG_FILINGS_OUT")
        report = run(Path(env) if env else None, Path(out) if out else None)
    print(table(report))
    for r in report["rows"]:
        if r["outcome"] in ("wrong", "uncited", "answered", "partial"):
            print(f"   {r['outcome']}: {r['id']} {r['values'][:4]}")


if __name__ == "__main__":
    main()
