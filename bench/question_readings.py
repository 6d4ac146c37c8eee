"""How the question grammar reads a large, fixed set of questions: a dump to compare before
and after a change that must not move any reading (issue 33, item 1: the grammar's templates
as data).

The set: every question literal of the test files (a string constant that ends with "?" or
opens with an asking word), the questions of tests/data_room/gold.jsonl and of
bench/financebench_dev_questions.yaml, and every phrasing of bench/*phrasings*.yaml filled
with a few fixed titles and party names. Each is read by `parse_question`: its subject class
as JSON, or the reason it is refused.

`python -m bench.question_readings [--out FILE] [--against FILE]` prints a table (questions
by source, readings by kind, parse time); `--out` writes the dump (one JSON line a question,
sorted, byte-stable); `--against` compares this run with an earlier dump and lists every
question read differently (the baseline of the same run: the earlier code's readings).
"""

from __future__ import annotations

import argparse
import ast
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from skill import SubjectClassError, parse_question

ROOT = Path(__file__).resolve().parent.parent
# The words a question literal opens with (lower case): asking words and the imperatives the
# grammar reads ("List the parties ...").
_OPENERS = frozenset([
    "what", "which", "who", "whom", "whose", "when", "where", "why", "how", "is", "are", "was",
    "were", "does", "do", "did", "has", "have", "had", "can", "could", "may", "might", "must",
    "shall", "should", "will", "would", "list", "name", "identify", "give", "show", "tell",
    "summarize", "describe",
])  # fmt: skip
# Titles and parties the phrasings are filled with: plain names, an "&" and digits in a name,
# and lower case, so each phrasing is read in several shapes.
_FILLS = (
    {"title": "Master Services Agreement", "a": "Acme Robotics, Inc.", "b": "Beta Systems LLC"},
    {"title": "Distribution Agreement", "a": "Johnson & Johnson", "b": "Unit 1 Holdings Corp."},
    {"title": "supply agreement", "a": "acme", "b": "beta"},
)


def _looks_asked(text: str) -> bool:
    words = text.split()
    return bool(words) and (text.endswith("?") or words[0].lower().strip("\"'") in _OPENERS)


def literal_questions() -> list[str]:
    """Every question literal of tests/**/*.py."""
    out: list[str] = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value.strip()
                if 0 < len(text) <= 2000 and "\n" not in text and _looks_asked(text):
                    out.append(text)
    return out


def gold_questions() -> list[str]:
    lines = (ROOT / "tests" / "data_room" / "gold.jsonl").read_text(encoding="utf-8").splitlines()
    return [str(json.loads(line)["question"]) for line in lines if line.strip()]


def _strings(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for value in node.values() for s in _strings(value)]
    if isinstance(node, list):
        return [s for value in node for s in _strings(value)]
    return []


def phrasings() -> list[str]:
    """Every question of bench/*phrasings*.yaml, filled with each of `_FILLS`."""
    out: list[str] = []
    for path in sorted((ROOT / "bench").glob("*phrasings*.yaml")):
        for text in _strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
            if not _looks_asked(text.strip()):
                continue
            for fill in _FILLS:
                filled = text
                for key, value in fill.items():
                    filled = filled.replace("{" + key + "}", value)
                out.append(filled.strip())
    return out


def financebench_questions() -> list[str]:
    data = yaml.safe_load((ROOT / "bench" / "financebench_dev_questions.yaml").read_text("utf-8"))
    return [str(q["question"]) for q in data["questions"]]


def reading(question: str) -> dict[str, Any]:
    """The grammar's reading of one question: its subject class, or why it is refused."""
    try:
        subject = parse_question(question)
    except SubjectClassError as exc:
        return {"question": question, "subject": None, "refused": str(exc)}
    return {"question": question, "subject": subject.model_dump(mode="json")}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.question_readings")
    parser.add_argument("--out", type=Path, help="write the dump here")
    parser.add_argument("--against", type=Path, help="compare with this earlier dump")
    args = parser.parse_args(argv)
    sources = {
        "tests/ literals": literal_questions(),
        "data room gold": gold_questions(),
        "phrasings (filled)": phrasings(),
        "financebench dev": financebench_questions(),
    }
    questions = sorted({q for qs in sources.values() for q in qs})
    rows, times = [], []
    for question in questions:
        start = time.perf_counter()
        rows.append(reading(question))
        times.append(time.perf_counter() - start)
    lines = [json.dumps(row, sort_keys=True) for row in rows]
    kinds = Counter(row["subject"]["kind"] if row["subject"] else "(refused)" for row in rows)
    print("| source | questions |\n|---|---:|")
    for name, qs in sources.items():
        print(f"| {name} | {len(qs)} |")
    print(f"| distinct | {len(questions)} |\n\n| reading | questions |\n|---|---:|")
    for kind, count in sorted(kinds.items()):
        print(f"| {kind} | {count} |")
    ms = [t * 1000 for t in times]
    print(
        f"\nparse time per question: mean {statistics.mean(ms):.3f} ms, median "
        f"{statistics.median(ms):.3f} ms, max {max(ms):.1f} ms"
    )
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"dump: {args.out}")
    if args.against:
        before = args.against.read_text(encoding="utf-8").splitlines()
        moved = sorted(set(before) ^ set(lines))
        print(f"against {args.against}: {len(moved)} line(s) differ")
        for line in moved[:40]:
            print(("  - " if line in before else "  + ") + line)
        return 1 if moved else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
