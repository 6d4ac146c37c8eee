"""`make demo`: build the sample data room, ingest it into the embedded store, answer its
sample questions with citations, and show the sufficiency engine on `examples/`."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from app import BatchItem, parse_questions

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
DATA_ROOM = ROOT / "build" / "dataroom"
DATA_DIR = Path(os.environ.get("EVRAG_DATA_DIR", ROOT / ".evrag"))
KB = "demo"
QUESTIONS = ROOT / "tests" / "data_room" / "demo_questions.jsonl"


def load_questions(path: Path = QUESTIONS) -> list[BatchItem]:
    """The demo's questions, read as `evrag eval` and the API read a questions file (one of
    `question` or `subject` a line: a line with both is refused by all three)."""
    return parse_questions(path.read_bytes())


def main() -> int:
    import engine
    from app import Runtime, Settings
    from bench.data_room import build_data_room
    from ingest import ProgressPrinter
    from skill import render_answer

    print(f"== building the sample data room in {DATA_ROOM.relative_to(ROOT)}")
    pdfs = build_data_room(DATA_ROOM)
    print(f"   {len(pdfs)} PDFs")
    questions = load_questions()
    with Runtime.open(Settings(data_dir=DATA_DIR)) as rt:
        print(f"== ingesting into knowledge base {KB!r} (data dir {DATA_DIR})")
        printer = ProgressPrinter(sys.stderr, enabled=sys.stderr.isatty())
        report = rt.ingestor.run(KB, pdfs, progress=printer)
        printer.close()
        for outcome in report.documents:
            if outcome.status == "failed":
                print(f"   failed: {outcome.name}: [{outcome.code}] {outcome.reason}")
        print("   " + report.summary())
        if report.documents and all(d.status == "duplicate" for d in report.documents):
            # An existing data directory keeps the reading of the release that ingested it.
            print(f"   (all ingested before: `evrag reindex --kb {KB}` reads them again)")
        for q in questions:
            print("\n" + "=" * 78)
            if q.subject is not None:
                print(f"Q (a structured subject): {json.dumps(q.subject, sort_keys=True)}")
            answer = rt.skill.ask(KB, q.question, subject=q.subject)
            sys.stdout.write(render_answer(answer))
    print("\n" + "=" * 78)
    print("== the sufficiency engine on examples/")
    for path in sorted((ROOT / "examples").glob("*.json")):
        result = engine.evaluate(json.loads(path.read_text()))
        print(f"   {path.name:<40} {result['decision']:<13} {', '.join(result['reason_codes'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
