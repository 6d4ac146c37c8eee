"""Stated relations and clause-level changes on the real CUAD amendment families.

The gold (tests/gold/cuad_supersession.jsonl) was written by reading the NETGEAR / Ingram
Micro, Federated and ScanSource amendments: for each, the relation, the earlier agreement it
names (type words, date), its number and effective date, and the changes it states. The
reader (ingest's `document_relations` through the parser) is scored field by field, and
whether each stated target matches the base agreement as the skill would match it (date,
type words, parties). Run: `python -m bench.supersession`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CUAD = ROOT.parent / "shared" / "data" / "cuad" / "pdf"
GOLD = ROOT / "tests" / "gold" / "cuad_supersession.jsonl"


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
        got = found[0] if found else {}
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


if __name__ == "__main__":
    main()
