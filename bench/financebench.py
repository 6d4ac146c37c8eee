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
SUPPORTED", apart from the wrong figures; it is "text right" when it cites a page of the
filing named and states every name of the gold text (its capitalised runs less the company's
own name and period words: "Current Health Ltd", "Czech Republic"), or, for a gold naming
nothing, 60% of its content words. The single-cell line counts FinanceBench's "Information
extraction" questions right by a figure or a text.
Run: `python -m bench.financebench` (ingests the filings into a temporary knowledge base) or
with EVRAG_FILINGS_DATA_DIR=<dir>: its knowledge base "filings", whose documents committed
before statement cells were read are read first (Ingestor.read_statements; all of them again
with EVRAG_FB_REREAD=1, after the reader changed).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

from bench.filings import KB, filings_runtime, load
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
        if gold is not None or _is_figure_answer(body):
            return "wrong SUPPORTED"
        return "text right" if text_right(question, body) else "text SUPPORTED"
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


# Capitalised words of a gold text that name no thing: its sentences' openers and period words.
_NOT_NAMES = frozenset(
    [
        "a",
        "an",
        "and",
        "as",
        "at",
        "by",
        "for",
        "from",
        "in",
        "it",
        "its",
        "of",
        "on",
        "our",
        "the",
        "these",
        "this",
        "to",
        "we",
        "yes",
        "no",
        "fy",
        "q1",
        "q2",
        "q3",
        "q4",
    ]
)
_NAME_RUN = re.compile(r"[A-Z][\w'\u2019]*(?:[ -](?:[A-Z][\w'\u2019]*|of|and|d/b/a))*")
_STOP_TEXT = frozenset(
    [
        "about",
        "also",
        "been",
        "both",
        "from",
        "have",
        "into",
        "more",
        "most",
        "only",
        "other",
        "over",
        "same",
        "than",
        "that",
        "their",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "under",
        "very",
        "were",
        "what",
        "when",
        "which",
        "while",
        "with",
    ]
)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def gold_names(question: dict[str, Any]) -> list[tuple[str, ...]]:
    """The names a gold text states (runs of capitalised words: "Current Health Ltd",
    "Czech Republic", "New Zealand"), less the asked company's own name's words, period
    words ("FY2023") and sentence openers; each as its lower-case words."""
    company = set(_words(question["company"])) | set(_words(question["doc_name"].split("_")[0]))
    out: list[tuple[str, ...]] = []
    for m in _NAME_RUN.finditer(question["answer"]):
        words = _words(m.group(0))

        def loose(w: str) -> bool:
            return w in company or w in _NOT_NAMES or w in ("d", "b") or bool(re.search(r"\d", w))

        while words and loose(words[0]):
            words = words[1:]
        while words and loose(words[-1]):
            words = words[:-1]
        if words and tuple(words) not in out:
            out.append(tuple(words))
    return out


def text_right(question: dict[str, Any], body: dict[str, Any]) -> bool:
    """Is a SUPPORTED text answer right: citing a page of the filing FinanceBench names, and
    stating every name of the gold ("Current Health Ltd", "Two Peaks", "Yardbird Furniture"),
    or, where the gold names nothing, at least 60% of its content words (four letters or
    more)? A sentence that cites the right page but states other things is not right."""
    docs = {e["source_location"]["document"] for e in body["evidence"]}
    pages = {e["source_location"]["page"] - 1 for e in body["evidence"]}
    gold_pages = {e["evidence_page_num"] for e in question["evidence"]}
    if question["doc_name"] + ".pdf" not in docs or not pages & gold_pages:
        return False
    said = _words(
        " ".join(
            [
                *(v["value"] for v in body["conclusion"]["values"]),
                *(e["quote"] for e in body["evidence"]),
            ]
        )
    )
    text = " " + " ".join(said) + " "
    names = gold_names(question)
    if names:
        return all(" " + " ".join(n) + " " in text for n in names)
    content = [w for w in _words(question["answer"]) if len(w) >= 4 and w not in _STOP_TEXT]
    return bool(content) and sum(w in said for w in content) >= 0.6 * len(content)


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
    from domain import EvidenceRagError

    out = []
    with filings_runtime(data_dir) as rt:
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
                "single": q.get("question_reasoning") == SINGLE,
            }
        )
    return rows


_SPLITS = ("development", "held_out")
_OUTCOMES = (
    "single-cell right",
    "computed right",
    "text right",
    "wrong SUPPORTED",
    "text SUPPORTED",
    "refused",
)
# FinanceBench's "Information extraction" questions: one figure or one stated thing each
SINGLE = "Information extraction"


def table(rows: list[dict[str, Any]]) -> str:
    lines = [f"{'split':12} {'n':>3} " + " ".join(f"{o:>17}" for o in _OUTCOMES)]
    for split in ("development", "held_out", "all"):
        part = [r for r in rows if split in ("all", r["split"])]
        counts = Counter(r["outcome"] for r in part)
        lines.append(
            f"{split:12} {len(part):>3} " + " ".join(f"{counts[o]:>17}" for o in _OUTCOMES)
        )
    single = {
        s: [r for r in rows if r["split"] == s and r.get("single")] for s in (*_SPLITS, "all")
    }
    single["all"] = [r for s in _SPLITS for r in single[s]]
    lines.append(
        "single-cell questions (Information extraction) right, a figure or a text: "
        + ", ".join(
            f"{s} {sum(r['outcome'] in ('single-cell right', 'text right') for r in part)}"
            f" of {len(part)}"
            for s, part in single.items()
        )
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
