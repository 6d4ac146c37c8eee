"""The 53 shared FinanceBench questions as written (issue 35): are the figures right?

Each question is asked once, as written, of a knowledge base holding the 30 shared filings,
and its answer sorted: single-cell right (a SUPPORTED figure equal to the gold answer, cited
on a page of the filing FinanceBench names), computed right (the same, for a question whose
answer is arithmetic over cells), wrong SUPPORTED (a figure marked SUPPORTED that is not the
gold's: the target is 0), refused (anything not SUPPORTED). Reported apart for the
development companies (3M ... Best Buy) and the held-out ones, as bench/finance_questions
splits them; never tune on the held-out half.

A gold answer is a figure when it reads as one ("$1577.00", "24.26", "1.9%"); a figure answer
is right when it is within 0.5% of it (or 0.05 of a ratio, rounding as the question asks).
A right answer is "computed" when it names the registry's metric it computed (its value's
details: metric, formula, arithmetic), else single-cell. An answer SUPPORTED with a sentence
where the gold is one too (a qualitative question answered from the text) is "text
SUPPORTED", apart from the wrong figures.
Run: `python -m bench.financebench` (ingests the filings into a temporary knowledge base) or
with EVRAG_FILINGS_DATA_DIR=<dir>: its knowledge base "filings", whose documents committed
before statement cells were read are read first (Ingestor.read_statements; all of them again
with EVRAG_FB_REREAD=1, after the reader changed).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from bench.filings import KB, PDFS, load
from bench.finance_questions import DEVELOPMENT, QUESTIONS

_FIGURE = re.compile(r"^\$?(-?[\d,]*\.?\d+)\s*%?$")
_NUMBER = re.compile(r"-?[\d,]*\.?\d+")


def gold_figure(answer: str) -> float | None:
    """The gold answer's figure, when the gold is one ("$1577.00" -> 1577.0)."""
    m = _FIGURE.match(answer.strip())
    return float(m.group(1).replace(",", "")) if m else None


def answered_figure(value: str) -> float | None:
    """The first figure of an answered value ("USD 1,577 million" -> 1577.0)."""
    m = _NUMBER.search(value)
    return float(m.group(0).replace(",", "")) if m else None


def judge(question: dict[str, Any], body: dict[str, Any]) -> str:
    """single-cell right / computed right / wrong SUPPORTED / refused."""
    if body.get("terminal_state") != "CONCLUDED" or not body.get("sufficient"):
        return "refused"
    gold = gold_figure(question["answer"])
    values = [answered_figure(v["value"]) for v in body["conclusion"]["values"]]
    if gold is None or not values or values[0] is None:
        # a figure where the gold is none, or a sentence where it is one
        return (
            "wrong SUPPORTED" if gold is not None or _is_figure_answer(body) else "text SUPPORTED"
        )
    got = values[0]
    close = abs(got - gold) <= max(0.005 * abs(gold), 0.05)
    pages = {e["source_location"]["page"] - 1 for e in body["evidence"]}
    docs = {e["source_location"]["document"] for e in body["evidence"]}
    gold_pages = {e["evidence_page_num"] for e in question["evidence"]}
    cited = question["doc_name"] + ".pdf" in docs and bool(pages & gold_pages)
    if not (close and cited):
        return "wrong SUPPORTED"
    # computed: the answer names the registry's metric it computed (its formula's operands
    # are the cells cited), not a guess from the question's words
    details = body["conclusion"]["values"][0].get("details") or {}
    return "computed right" if details.get("metric") else "single-cell right"


def cites_other_company(question: dict[str, Any], body: dict[str, Any]) -> bool:
    """Does the answer quote a filing of another company (a file name's first word, before
    "_", names its company: "3M_2018_10K")? A company's facts come only from its own
    filings (issue 33: a mention of it in another company's document is no evidence)."""
    company = question["doc_name"].split("_")[0]
    cited = {
        str((e.get("source_location") or {}).get("document") or "").split("_")[0]
        for e in body.get("evidence") or []
    }
    return bool(cited - {company})


def _is_figure_answer(body: dict[str, Any]) -> bool:
    """Was the answer read from statement cells (its values figures, its evidence cells)?"""
    return any(" | " in e["quote"] and e["source_location"].get("bbox") for e in body["evidence"])


def answers(
    questions: list[dict[str, Any]], data_dir: Path | None = None, *, reread: bool = False
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Each question with its answer's body (an error's code as its terminal state), asked of
    the filings' knowledge base: `data_dir`'s (its missing PDFs ingested), or a temporary one.
    `reread`: the stored statement cells read again first (after the reader changed)."""
    from app import Runtime, Settings
    from domain import EvidenceRagError

    out = []
    with tempfile.TemporaryDirectory(prefix="evrag-fb-") as tmp:
        directory = data_dir or Path(tmp) / "data"
        with Runtime.open(Settings(data_dir=directory)) as rt:
            names = (
                {d.name for d in rt.catalog.list_documents(KB)}
                if data_dir and rt.catalog.has_kb(KB)
                else set()
            )
            missing = sorted(p for p in PDFS.glob("*.pdf") if p.name not in names)
            if missing:
                rt.ingestor.run(KB, missing)
            rt.ingestor.read_statements(KB, again=reread)
            for q in questions:
                try:
                    body = json.loads(rt.skill.ask(KB, q["question"]).to_json())
                except EvidenceRagError as exc:
                    body = {"terminal_state": f"error {exc.code}"}
                out.append((q, body))
    return out


def run(data_dir: Path | None = None, *, reread: bool = False) -> list[dict[str, Any]]:
    rows = []
    for q, body in answers(load(QUESTIONS), data_dir, reread=reread):
        values = [v["value"] for v in (body.get("conclusion") or {}).get("values", [])]
        rows.append(
            {
                "id": q["financebench_id"],
                "split": "development" if q["company"] in DEVELOPMENT else "held_out",
                "outcome": judge(q, body),
                "gold": q["answer"][:40],
                "answer": ((body.get("conclusion") or {}).get("answer") or "")[:100],
                "values": values,
                "other_company": cites_other_company(q, body),
            }
        )
    return rows


_SPLITS = ("development", "held_out")
_OUTCOMES = ("single-cell right", "computed right", "wrong SUPPORTED", "text SUPPORTED", "refused")


def table(rows: list[dict[str, Any]]) -> str:
    lines = [f"{'split':12} {'n':>3} " + " ".join(f"{o:>17}" for o in _OUTCOMES)]
    for split in ("development", "held_out", "all"):
        part = [r for r in rows if split in ("all", r["split"])]
        counts = Counter(r["outcome"] for r in part)
        lines.append(
            f"{split:12} {len(part):>3} " + " ".join(f"{counts[o]:>17}" for o in _OUTCOMES)
        )
    other = {s: sum(1 for r in rows if r["split"] == s and r["other_company"]) for s in _SPLITS}
    lines.append(
        "answers quoting another company's filing (target 0): "
        + ", ".join(f"{s} {n}" for s, n in other.items())
    )
    return "\n".join(lines)


def main() -> None:
    env = os.environ.get("EVRAG_FILINGS_DATA_DIR")
    rows = run(Path(env) if env else None, reread=bool(os.environ.get("EVRAG_FB_REREAD")))
    print(table(rows))
    # held-out rows are never printed (their answers and gold are not to be read while tuning);
    # EVRAG_FB_OUT still keeps every row for the record
    for r in rows:
        if r["outcome"] != "refused" and r["split"] == "development":
            print(f"   {r['id']} {r['split']}: {r['outcome']}: {r['values']} (gold {r['gold']})")
    out = os.environ.get("EVRAG_FB_OUT")
    if out:
        Path(out).write_text("".join(json.dumps(r) + "\n" for r in rows))


if __name__ == "__main__":
    main()
