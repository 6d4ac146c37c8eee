"""Answers of the data room gold and the shared CUAD questions as deterministic JSONL.

Used to check that a refactor preserves behaviour: run it before and after and diff the
files. Each line is one question's answer (its terminal state, values, sufficiency,
conflict and cited locations), then one line per extracted binding of each knowledge
base, sorted. Timings and run-specific ids are left out.

    python -m bench.snapshot OUT.jsonl [--no-cuad] [--cuad PATH/clauses.jsonl]
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.quality import CUAD_CLAUSES, GOLD_PATH, cuad_questions, load_jsonl


def _answer_row(rt: Any, kb: str, q: dict[str, Any]) -> dict[str, Any]:
    try:
        answer = rt.skill.ask(kb, q.get("question"), subject=q.get("subject"))
        row = answer.model_dump(mode="json")
    except Exception as exc:  # recorded, not fatal: the diff shows it
        return {"id": q["id"], "error": f"{type(exc).__name__}: {exc}"}
    row.pop("trace", None)
    row.pop("timings", None)
    return {"kb": kb, "id": q["id"], **row}


def _binding_rows(rt: Any, kb: str) -> list[dict[str, Any]]:
    rows = [b.model_dump(mode="json") for b in rt.bindings(kb)]
    for r in rows:
        r.pop("id", None)
    return sorted(({"kb": kb, "binding": r} for r in rows), key=lambda r: json.dumps(r))


def main(argv: list[str]) -> None:
    out = Path(argv[0])
    with_cuad = "--no-cuad" not in argv
    clauses = Path(argv[argv.index("--cuad") + 1]) if "--cuad" in argv else CUAD_CLAUSES
    from app import Runtime, Settings
    from bench.data_room import build_data_room

    lines: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="evrag-snapshot-") as tmp:
        room = build_data_room(Path(tmp) / "room")
        with Runtime.open(Settings(data_dir=Path(tmp) / "data")) as rt:
            rt.ingestor.run("dataroom", list(room))
            lines += [_answer_row(rt, "dataroom", q) for q in load_jsonl(GOLD_PATH)]
            lines += _binding_rows(rt, "dataroom")
            if with_cuad:
                questions = cuad_questions(clauses)
                pdfs = sorted(
                    {
                        clauses.parent / "pdf" / q["expected"]["pages"][0]["document"]
                        for q in questions
                        if q["expected"]["pages"]
                    }
                )
                rt.ingestor.run("cuad", pdfs)
                for q in questions:
                    q = {**q, "subject": q.get("subject")}
                    lines.append(_answer_row(rt, "cuad", q))
                lines += _binding_rows(rt, "cuad")
    out.write_text("".join(json.dumps(x, sort_keys=True) + "\n" for x in lines))
    print(f"{out}: {len(lines)} lines")


if __name__ == "__main__":
    main(sys.argv[1:])
