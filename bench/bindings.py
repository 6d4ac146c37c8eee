"""Binding quality: precision and recall of the entity-binding index, per binding type.

Two gold sets, both scored from the real parser and extractor (no store needed):
- the project's data room (`tests/data_room/gold_bindings.jsonl`), every role it lists;
- real contracts from ../shared/data/cuad (`tests/gold/cuad_bindings.jsonl`): the parties
  with their roles, checked against CUAD's annotated Parties.
Misses and false positives are listed, so a change that trades one for the other shows.
"""

from __future__ import annotations

import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CUAD_PDFS = ROOT.parent / "shared" / "data" / "cuad" / "pdf"
CUAD_GOLD = ROOT / "tests" / "gold" / "cuad_bindings.jsonl"
ROOM_GOLD = ROOT / "tests" / "data_room" / "gold_bindings.jsonl"


def _extract(paths: list[Path]) -> tuple[list[Any], float]:
    from ingest import BindingExtractor, PdfParser

    parser, extractor = PdfParser(), BindingExtractor()
    bindings: list[Any] = []
    started = time.perf_counter()
    for path in paths:
        doc = parser.run(path.read_bytes(), path.name)
        bindings.extend(extractor.run(doc).bindings)
    return bindings, time.perf_counter() - started


def _room() -> None:
    from bench.data_room import build_data_room
    from bench.quality import load_jsonl, score_bindings

    with tempfile.TemporaryDirectory(prefix="evrag-bindings-") as tmp:
        paths = build_data_room(Path(tmp))
        bindings, seconds = _extract(paths)
    gold = load_jsonl(ROOM_GOLD)
    report = score_bindings([b.model_dump(mode="json") for b in bindings], gold)
    by_role: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # gold, predicted, matched
    missed = set(map(tuple, report["missed"]))
    spurious = set(map(tuple, report["spurious"]))
    from bench.quality import _binding_triple

    gold_set = {_binding_triple(b) for b in gold}
    pred_set = {_binding_triple(b.model_dump(mode="json")) for b in bindings}
    roles = {t[1] for t in gold_set}
    for t in gold_set:
        by_role[t[1]][0] += 1
        by_role[t[1]][2] += t not in missed
    for t in pred_set:
        if t[1] in roles:
            by_role[t[1]][1] += 1
    print(f"data room: {len(paths)} PDFs, {len(bindings)} bindings extracted in {seconds:.1f} s\n")
    print("| role | gold | predicted | matched | precision | recall |")
    print("|---|---:|---:|---:|---:|---:|")
    for role in sorted(by_role):
        g, p, m = by_role[role]
        prec = f"{m / p:.2f}" if p else "-"
        rec = f"{m / g:.2f}" if g else "-"
        print(f"| {role} | {g} | {p} | {m} | {prec} | {rec} |")
    print(
        f"| **overall** | {report['gold']} | {report['predicted']} | {report['matched']} | "
        f"{report['precision'] or 0:.3f} | {report['recall'] or 0:.3f} |"
    )
    for label, rows in (("missed", sorted(missed)), ("false positives", sorted(spurious))):
        if rows:
            print(f"\n{label}:")
            for subject, role, parent in rows:
                print(f"  - {subject} / {role} / {parent}")


def _cuad() -> None:
    from ingest import load_gold, score_bindings

    gold = load_gold(CUAD_GOLD)
    paths = [CUAD_PDFS / d.document for d in gold if (CUAD_PDFS / d.document).exists()]
    if not paths:
        print("CUAD PDFs not found: skipped")
        return
    bindings, seconds = _extract(paths)
    print(
        f"\nCUAD: {len(paths)} contracts, {len(bindings)} bindings extracted in {seconds:.1f} s\n"
    )
    print(score_bindings(bindings, gold).table())


def run() -> None:
    _room()
    _cuad()


if __name__ == "__main__":
    run()
