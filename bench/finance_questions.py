"""The 53 shared FinanceBench questions asked as written (issue 33): is the subject found?

Each question is asked of a knowledge base holding all 30 shared filings, twice: as written,
and scoped to the filing FinanceBench asks it of (`documents`, as its "one store per filing"
setting). Counted per question: refused for want of a subject (SUBJECT_NOT_FOUND, or a
question error), answered or "not stated" about a found subject, and answers citing a filing
of another company than the one asked about (never acceptable). Whether the figures are
right is issue 35's (financial statements); this bench measures only the subject.

Split as bench/filings splits the companies: development (3M ... Best Buy) and held out.
Run: `python -m bench.finance_questions` (ingests the filings into a temporary knowledge
base) or with EVRAG_FILINGS_DATA_DIR=<dir> as bench/filings reads it.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from bench.filings import KB, PDFS, load

QUESTIONS = PDFS.parent / "questions.jsonl"
DEVELOPMENT = frozenset(
    {"3M", "Activision Blizzard", "Adobe", "Amazon", "Amcor", "American Water Works", "Best Buy"}
)


def _prefix(name: str) -> str:
    return name.split("_")[0].upper()


def ask(rt: Any, question: dict[str, Any], scoped: bool) -> dict[str, Any]:
    """The outcome of one question: refused / found, and the filings its evidence cites."""
    from domain import EvidenceRagError

    scope = {"documents": [question["doc_name"] + ".pdf"]} if scoped else {}
    try:
        answer = rt.skill.ask(KB, question["question"], **scope)
    except EvidenceRagError as exc:
        return {"outcome": "refused", "why": f"{exc.code}: {exc}"[:160], "cited": []}
    body = json.loads(answer.to_json())
    cited = sorted({e["source_location"]["document"] for e in body["evidence"]})
    if body["terminal_state"] == "SUBJECT_NOT_FOUND":
        return {"outcome": "refused", "why": "SUBJECT_NOT_FOUND", "cited": cited}
    return {"outcome": "found", "why": body["terminal_state"], "cited": cited}


def run(data_dir: Path | None = None) -> list[dict[str, Any]]:
    from app import Runtime, Settings

    questions = load(QUESTIONS)
    rows = []
    with tempfile.TemporaryDirectory(prefix="evrag-fbq-") as tmp:
        directory = data_dir or Path(tmp) / "data"
        with Runtime.open(Settings(data_dir=directory)) as rt:
            names = {d.name for d in rt.catalog.list_documents(KB)} if data_dir else set()
            missing = sorted(p for p in PDFS.glob("*.pdf") if p.name not in names)
            if missing:
                rt.ingestor.run(KB, missing)
            for q in questions:
                for scoped in (False, True):
                    result = ask(rt, q, scoped)
                    company = _prefix(q["doc_name"])
                    other = [c for c in result["cited"] if _prefix(c) != company]
                    rows.append(
                        {
                            "id": q["financebench_id"],
                            "split": "development" if q["company"] in DEVELOPMENT else "held_out",
                            "scoped": scoped,
                            **result,
                            "other_company": other,
                        }
                    )
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    lines = [f"{'split':12} {'asked':9} {'n':>3} {'refused':>8} {'found':>6} {'cites another':>14}"]
    for split in ("development", "held_out", "all"):
        for scoped in (False, True):
            part = [r for r in rows if r["scoped"] == scoped and split in ("all", r["split"])]
            counts = Counter(r["outcome"] for r in part)
            wrong = sum(1 for r in part if r["other_company"])
            lines.append(
                f"{split:12} {'scoped' if scoped else 'as written':9} {len(part):>3} "
                f"{counts['refused']:>8} {counts['found']:>6} {wrong:>14}"
            )
    return "\n".join(lines)


def main() -> None:
    env = os.environ.get("EVRAG_FILINGS_DATA_DIR")
    rows = run(Path(env) if env else None)
    print(table(rows))
    for r in rows:
        if r["outcome"] == "refused" or r["other_company"]:
            print(
                f"   {r['id']} {'scoped' if r['scoped'] else 'written'}: {r['why']} {r['other_company']}"
            )
    out = os.environ.get("EVRAG_FBQ_OUT")
    if out:
        Path(out).write_text("".join(json.dumps(r) + "\n" for r in rows))


if __name__ == "__main__":
    main()
