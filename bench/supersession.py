"""Stated relations and clause-level changes on the real CUAD amendment families.

The gold (tests/gold/cuad_supersession.jsonl) was written by reading the NETGEAR / Ingram
Micro, Federated and ScanSource amendments: for each, the relation, the earlier agreement it
names (type words, date), its number and effective date, and the changes it states. The
reader (ingest's `document_relations` through the parser) is scored field by field, and
whether each stated target matches the base agreement as the skill would match it (date,
type words, parties). Run: `python -m bench.supersession`.

Then the answers (tests/gold/cuad_supersession_questions.jsonl, questions written from the
gold before any answer was read, two or three phrasings per case): the families' PDFs are
ingested into a temporary knowledge base (or EVRAG_CUAD_DATA_DIR's "cuad" is used) and each
question is asked. Per question: the value in force is cited from the amending document
(its quote states the case's words), the replaced value is listed as history (from the
original document) and is not reported in force, and `superseded_value` is signalled.

Last, held out: the relation reader on the amendments, supplements and restatements among
cuad-train's contracts whose PDF is not shared (tests/gold/cuad_train_relations.jsonl, 20
instruments, gold written by reading their openings), each laid out as a PDF from CUAD's text;
and how many of the other such contracts get a relation that names a dated agreement.
`python -m bench.supersession --held-out` runs this part alone.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CUAD = ROOT.parent / "shared" / "data" / "cuad" / "pdf"
GOLD = ROOT / "tests" / "gold" / "cuad_supersession.jsonl"
QUESTIONS = ROOT / "tests" / "gold" / "cuad_supersession_questions.jsonl"
HELD_OUT = ROOT / "tests" / "gold" / "cuad_train_relations.jsonl"
CUAD_TRAIN = ROOT.parent / "shared" / "data" / "cuad-train"


def _relations(path: Path) -> tuple[Any, list[dict[str, Any]]]:
    from ingest import PdfParser, document_relations

    doc = PdfParser(ocr="off").run(path.read_bytes(), path.name)
    return doc, [r.to_json() for r in document_relations(doc)]


def main() -> None:
    gold = [json.loads(line) for line in GOLD.open(encoding="utf-8")]
    fields = ("relation", "target_type", "target_date", "number", "effective_date")
    right = dict.fromkeys(fields, 0)
    changes_gold = changes_found = 0
    print("| case | field | gold | read |")
    print("|---|---|---|---|")
    for case in gold:
        path = CUAD / case["document"]
        if not path.exists():
            continue
        _, found = _relations(path)
        # a PDF may bind several instruments (Amendment No. 1, then Amendment #2): the one
        # the case describes is the relation that agrees with it on most fields
        got = max(
            found or [{}],
            key=lambda r: sum(
                r.get(f) == case[f] for f in ("target_date", "number", "effective_date")
            ),
        )
        for f in fields:
            ok = got.get(f) == case[f] or (
                f == "target_type" and (got.get(f) or "").lower() == str(case[f]).lower()
            )
            right[f] += ok
            if not ok:
                print(f"| {case['id']} | {f} | {case[f]} | {got.get(f)} |")
        read = {(c["kind"], str(c["clause"]).lower()) for c in got.get("changes", [])}
        for change in case["changes"]:
            changes_gold += 1
            hit = (change["kind"], str(change["clause"]).lower()) in read
            changes_found += hit
            if not hit:
                print(f"| {case['id']} | change | {change['kind']} {change['clause']} | "
                      f"{sorted(read) or '-'} |")  # fmt: skip
    n = len(gold)
    print(f"\n{n} amendments of the three CUAD families")
    for f in fields:
        print(f"  {f}: {right[f]}/{n}")
    print(f"  stated changes read: {changes_found}/{changes_gold}")
    answers(gold)


def _norm(text: str | None) -> str:
    return " ".join((text or "").split()).lower()


def _replaced(past: dict[str, Any], e: dict[str, Any]) -> bool:
    """Whether a cited unit of the original states the replaced value: its quote, or a
    sentence of the replaced clause ("12" holds "12.2"); any sentence when neither is
    given."""
    clause = str(e["source_location"].get("clause") or "")
    if past.get("quote") and _norm(past["quote"]) in _norm(e["quote"]):
        return True
    if past.get("clause"):
        return clause == past["clause"] or clause.startswith(past["clause"] + ".")
    return not past.get("quote")


def score_answer(case: dict[str, Any], r: dict[str, Any]) -> dict[str, bool]:
    """One answer against its case: in force (a concluded value cited from an amending
    document whose quote states the case's words), history (the replaced value listed from
    the original document, and not among the values in force), signalled."""
    evidence = {e["evidence_id"]: e for e in r.get("evidence", [])}
    values = (r.get("conclusion") or {}).get("values") or []
    cited = [evidence[i] for v in values for i in v["evidence_ids"] if i in evidence]
    want = case["in_force"]
    in_force = any(
        e["source_location"]["document"] in want["documents"]
        and _norm(want["quote"]) in _norm(e["quote"])
        for e in cited
    )
    out = {"answered": bool(values), "in_force": in_force}
    past = case.get("history")
    if past:
        history = [h for s in r.get("supersessions", []) for h in s["history"]]
        ids = {i for h in history if set(h["documents"]) & set(past["documents"])
               for i in h["evidence_ids"]}  # fmt: skip
        out["history"] = any(_replaced(past, evidence[i]) for i in ids if i in evidence)
        out["old_in_force"] = any(
            e["source_location"]["document"] in past["documents"] and _replaced(past, e)
            for e in cited
        )
        out["signalled"] = "superseded_value" in r.get("risk_signals", [])
    return out


def answers(gold: list[dict[str, Any]]) -> None:
    import os
    import tempfile

    from app import Runtime, Settings

    cases = [json.loads(line) for line in QUESTIONS.open(encoding="utf-8")]
    existing = os.environ.get("EVRAG_CUAD_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="evrag-supersession-") as tmp:
        data_dir = Path(existing) if existing else Path(tmp) / "data"
        with Runtime.open(Settings(data_dir=data_dir)) as rt:
            if not existing:
                names = sorted(
                    {c["document"] for c in gold} | {c["base"] for c in gold if c["base"]}
                )
                # every PDF of the families' filings (the power of attorney, the software
                # licence of the same exhibit): look-alike documents beside the agreements
                stems = sorted({n.split("-EX-")[0] for n in names})
                pdfs = sorted(p for p in CUAD.glob("*") if p.name.split("-EX-")[0] in stems)
                print("   " + rt.ingestor.run("cuad", pdfs).summary())
            totals: dict[str, list[int]] = {}
            print("\n| case | question | answered | in force | history | old in force |")
            print("|---|---|---|---|---|---|")
            for case in cases:
                for question in case["questions"]:
                    r = rt.skill.ask("cuad", question).model_dump(mode="json")
                    got = score_answer(case, r)
                    for k, v in got.items():
                        t = totals.setdefault(k, [0, 0])
                        t[0] += v
                        t[1] += 1
                    print(
                        f"| {case['case']} | {question} | {got['answered']} | "
                        f"{got['in_force']} | {got.get('history', '-')} | "
                        f"{got.get('old_in_force', '-')} |"
                    )
    n = sum(len(c["questions"]) for c in cases)
    print(f"\n{n} questions on {len(cases)} supersession cases")
    for k, (hit, den) in totals.items():
        print(f"  {k}: {hit}/{den}")


def _text_pdf(text: str) -> bytes:
    """CUAD's text laid out as a PDF, 50 lines a page, its first 8 pages."""
    import textwrap

    import pymupdf

    lines = [t for para in text[:24000].split("\n") for t in (textwrap.wrap(para, 95) or [""])]
    pdf = pymupdf.open()
    for i in range(0, min(len(lines), 400), 50):
        page = pdf.new_page(width=612, height=792)
        for k, line in enumerate(lines[i : i + 50]):
            page.insert_text((72, 72 + 13.5 * k), line, fontsize=10)
    data: bytes = pdf.tobytes()
    pdf.close()
    return data


def held_out() -> None:
    from ingest import PdfParser, document_relations
    from skill import type_word

    gold = {row["text"]: row for row in map(json.loads, HELD_OUT.open(encoding="utf-8"))}
    parser = PdfParser(ocr="off", isolate=False)
    rows = [json.loads(line) for line in (CUAD_TRAIN / "annotations.jsonl").open()]
    counts = dict.fromkeys(("relation", "target", "number"), 0)
    dated = {"target": 0, "number": 0}
    spurious: list[str] = []
    print("\n| held-out instrument | field | gold | read |")
    print("|---|---|---|---|")
    for row in rows:
        if row["pdf_in_shared"]:
            continue
        text = (CUAD_TRAIN / "text" / row["text"]).read_text(encoding="utf-8", errors="replace")
        case = gold.get(row["text"])
        if case is None and not re.search(r"(?i)amend|supplement|addendum|restat", text[:6000]):
            continue
        found = document_relations(parser.run(_text_pdf(text), "held.pdf"))
        got = found[0].to_json() if found else {}
        if case is None:
            if got.get("target_date"):
                spurious.append(f"{row['text'][:70]}: {got['relation']} {got['target_type']}")
            continue
        words = [type_word(w) for w in re.findall(r"[a-z]+", (case["target_type"] or "").lower())]
        read = [type_word(w) for w in re.findall(r"[a-z]+", (got.get("target_type") or "").lower())]
        checks = {
            "relation": got.get("relation") == case["relation"],
            "target": bool(words)
            and words == read
            and (case["target_date"] is None or got.get("target_date") == case["target_date"]),
            "number": got.get("number") == case["number"],
        }
        for k, ok in checks.items():
            counts[k] += ok
            if not ok:
                print(f"| {row['text'][:60]} | {k} | {case.get(k if k != 'target' else 'target_type')}"
                      f" {case['target_date'] if k == 'target' else ''} | "
                      f"{got.get(k if k != 'target' else 'target_type')} "
                      f"{got.get('target_date') if k == 'target' else ''} |")  # fmt: skip
        if case["target_date"]:
            dated["target"] += checks["target"]
        if case["number"] is not None:
            dated["number"] += checks["number"]
    n = len(gold)
    with_date = sum(1 for c in gold.values() if c["target_date"])
    with_number = sum(1 for c in gold.values() if c["number"] is not None)
    print(f"\n{n} held-out instruments (cuad-train, PDF not shared)")
    print(f"  relation: {counts['relation']}/{n}")
    print(f"  agreement named (type words, and date where stated): {counts['target']}/{n}"
          f" ({dated['target']}/{with_date} of those that state a date)")  # fmt: skip
    print(f"  number: {counts['number']}/{n} ({dated['number']}/{with_number} of the numbered)")
    print(f"  other contracts read as naming a dated agreement: {len(spurious)}")
    for line in spurious:
        print(f"    {line}")


if __name__ == "__main__":
    import sys

    if "--held-out" in sys.argv:
        held_out()
    else:
        main()
        held_out()
