"""Analyst-style figure questions on the development companies' filings (issue 35).

The 27 development questions of bench/financebench are all answered, so they no longer show
what the reader misses; `financebench_dev_questions.yaml` holds more, written the way
analysts ask (single figures and computed metrics, years and 10-Q quarters, "as of <date>",
"in USD billions", "round to two decimals") on the development companies' filings only, each
with its expected answer read by hand from the page it names before the system was asked.

Each is asked once, as written, of the knowledge base holding the 30 shared filings, and
sorted: right (a SUPPORTED figure within 0.5% or 0.05 of the expected one, as
bench/financebench judges, citing a page the question names of its filing), in another unit
(SUPPORTED, and the expected figure times or divided by a thousand: "USD 13,411 million" where
the question asks billions), wrong SUPPORTED (any other SUPPORTED figure: the target is 0),
refused (anything not SUPPORTED). Reported apart for single-cell and computed questions, and
for judgement questions ("Is 3M capital-intensive?", "Was the current ratio above 1.5?"),
whose expected verdict is INSUFFICIENT (the figures that bear on it cited from a page named)
or the stated test's yes / no; a figure question whose expected answer is INSUFFICIENT (a
metric whose definition it leaves open) is judged as those are. A question asking several
items (`answers`) is right only when every item's value is, in the order asked.
Run: `python -m bench.financebench_dev` (ingests the filings into a temporary knowledge base)
or with EVRAG_FILINGS_DATA_DIR=<dir> as bench/financebench reads it (its statement cells read
again first with EVRAG_FB_REREAD=1, after the reader changed; EVRAG_FB_DEV_SETS=s34: that set
of questions only); EVRAG_FB_DEV_OUT=<file>
keeps one JSON line per question (its answer's text too, to sort the refusals by cause).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from bench.financebench import answered_figure, answers

QUESTIONS = Path(__file__).with_name("financebench_dev_questions.yaml")
# the sets of questions, each written at once before the system was asked any of them: the
# first (sessions 29 to 30), session 34's single figures of other concepts, and session 35's
# shapes (10-Q columns, restated figures, segments, per share, billions; each set's first run
# is its untouched figure)
SETS = {
    "s29": QUESTIONS,
    "s34": Path(__file__).with_name("financebench_dev_questions_s34.yaml"),
    "s35": Path(__file__).with_name("financebench_dev_questions_s35.yaml"),
    "s36": Path(__file__).with_name("financebench_dev_questions_s36.yaml"),
    "s37": Path(__file__).with_name("financebench_dev_questions_s37.yaml"),
}


def load_questions(path: Path = QUESTIONS) -> list[dict[str, Any]]:
    """The questions of the data file, in its order."""
    return list(yaml.safe_load(path.read_text(encoding="utf-8"))["questions"])


def load_sets(names: list[str] | None = None) -> list[dict[str, Any]]:
    """The questions of the sets named (every set when None), each with its set's name."""
    return [
        {**q, "set": name}
        for name, path in SETS.items()
        if names is None or name in names
        for q in load_questions(path)
    ]


def _close(got: float, expected: float) -> bool:
    return abs(got - expected) <= max(0.005 * abs(expected), 0.05)


def _cites_page(question: dict[str, Any], body: dict[str, Any]) -> bool:
    return any(
        e["source_location"]["document"] == question["doc"] + ".pdf"
        and e["source_location"]["page"] in question["pages"]
        for e in body.get("evidence", [])
    )


def judge_judgement(question: dict[str, Any], body: dict[str, Any]) -> str:
    """A judgement question: right when its verdict is the one expected (INSUFFICIENT with a
    cell of a page named cited; or the test judged yes / no, citing one), wrong SUPPORTED
    when it concludes anything else, refused when it concludes nothing where a test is
    stated (or cites no page named)."""
    concluded = body.get("terminal_state") == "CONCLUDED" and bool(body.get("sufficient"))
    expected = str(question["answer"]).casefold()
    if not concluded:
        return "right" if expected == "insufficient" and _cites_page(question, body) else "refused"
    values = [str(v["value"]).casefold() for v in body["conclusion"]["values"]]
    if values == [expected] and _cites_page(question, body):
        return "right"
    return "wrong SUPPORTED"


def _said(body: dict[str, Any]) -> str:
    values = [str(v["value"]) for v in (body.get("conclusion") or {}).get("values", [])]
    quotes = [str(e.get("quote") or "") for e in body.get("evidence", [])]
    return " " + " ".join(re.findall(r"[a-z0-9]+", " ".join([*values, *quotes]).lower())) + " "


def judge_text(question: dict[str, Any], body: dict[str, Any]) -> str:
    """A text question (set s36): right when SUPPORTED, citing a page named, and stating every
    one of its `names` (lower case, punctuation aside); where it names none (the filings state
    no such thing), right when not SUPPORTED, wrong SUPPORTED otherwise."""
    concluded = body.get("terminal_state") == "CONCLUDED" and bool(body.get("sufficient"))
    names = [" " + " ".join(re.findall(r"[a-z0-9]+", n.lower())) + " " for n in question["names"]]
    if not names:
        return "wrong SUPPORTED" if concluded else "right"
    if not concluded:
        return "refused"
    said = _said(body)
    return (
        "right"
        if _cites_page(question, body) and all(n in said for n in names)
        else ("wrong SUPPORTED")
    )


def judge(question: dict[str, Any], body: dict[str, Any]) -> str:
    """right / in another unit / wrong SUPPORTED / refused."""
    if question["kind"] == "text":
        return judge_text(question, body)
    if question["kind"] == "judgement" or str(question["answer"]).casefold() == "insufficient":
        # a figure whose definition the question leaves open is judged as a judgement is:
        # INSUFFICIENT with the cells of a page named cited
        return judge_judgement(question, body)
    if body.get("terminal_state") != "CONCLUDED" or not body.get("sufficient"):
        return "refused"
    values = [answered_figure(v["value"]) for v in body["conclusion"]["values"]]
    if not values or values[0] is None:
        return "wrong SUPPORTED"
    got, expected = values[0], float(question["answer"])
    cited = _cites_page(question, body)
    if "answers" in question:
        # several items asked: every item's value, in the order asked
        wanted = [float(a) for a in question["answers"]]
        if len(values) == len(wanted) and cited:
            if all(v is not None and _close(v, w) for v, w in zip(values, wanted, strict=True)):
                return "right"
            if all(
                v is not None and (_close(v, w * 1000) or _close(v * 1000, w))
                for v, w in zip(values, wanted, strict=True)
            ):
                return "in another unit"
        return "wrong SUPPORTED"
    if _close(got, expected) and cited:
        return "right"
    if cited and (_close(got, expected * 1000) or _close(got * 1000, expected)):
        return "in another unit"
    return "wrong SUPPORTED"


def run(
    data_dir: Path | None = None, *, reread: bool = False, sets: list[str] | None = None
) -> list[dict[str, Any]]:
    rows = []
    for q, body in answers(load_sets(sets), data_dir, reread=reread):
        conclusion = body.get("conclusion") or {}
        rows.append(
            {
                "id": q["id"],
                "set": q["set"],
                "kind": q["kind"],
                "outcome": judge(q, body),
                "expected": q["answer"],
                "state": body.get("terminal_state"),
                "values": [v["value"] for v in conclusion.get("values", [])],
                "answer": (conclusion.get("answer") or "")[:300],
            }
        )
    return rows


_OUTCOMES = ("right", "in another unit", "wrong SUPPORTED", "refused")


def table(rows: list[dict[str, Any]]) -> str:
    lines = [f"{'kind':10} {'n':>3} " + " ".join(f"{o:>16}" for o in _OUTCOMES)]
    for kind in ("single", "computed", "judgement", "text", "all"):
        part = [r for r in rows if kind in ("all", r["kind"])]
        counts = Counter(r["outcome"] for r in part)
        lines.append(f"{kind:10} {len(part):>3} " + " ".join(f"{counts[o]:>16}" for o in _OUTCOMES))
    for name in SETS:
        # each set apart: a later set's first figure is the one that says how the reader
        # carries to concepts nobody tuned it on
        part = [r for r in rows if r.get("set") == name]
        if part and len(part) < len(rows):
            counts = Counter(r["outcome"] for r in part)
            lines.append(
                f"{'set ' + name:10} {len(part):>3} "
                + " ".join(f"{counts[o]:>16}" for o in _OUTCOMES)
            )
    return "\n".join(lines)


def main() -> None:
    env = os.environ.get("EVRAG_FILINGS_DATA_DIR")
    chosen = os.environ.get("EVRAG_FB_DEV_SETS")  # "s34": those sets only, comma separated
    rows = run(
        Path(env) if env else None,
        reread=bool(os.environ.get("EVRAG_FB_REREAD")),
        sets=chosen.split(",") if chosen else None,
    )
    print(table(rows))
    for r in rows:
        if r["outcome"] != "right":
            print(
                f"   {r['id']} ({r['kind']}): {r['outcome']}: {r['values']} (expected {r['expected']})"
            )
    out = os.environ.get("EVRAG_FB_DEV_OUT")
    if out:
        Path(out).write_text("".join(json.dumps(r) + "\n" for r in rows))


if __name__ == "__main__":
    main()
