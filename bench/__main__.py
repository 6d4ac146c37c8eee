"""`make bench`: every benchmark in turn; each prints a table with its same-run baseline.

`python -m bench [name ...]` runs a subset (engine, embed, ingest, ocr, text_layer, query, quality,
cuad_topics, cuad_claims, clauses, clause_confirm, long_sentences, bindings, parties, finance_questions,
financebench, financebench_dev, question_variants, contract_nli, api, hostile, soak).
Set BENCH_QUICK=1 for a short smoke run (smaller inputs, shorter loops). Each benchmark runs
in a process of its own: none inherits what an earlier one loaded (a child's peak RSS, as
bench/ingest reads it from the kernel, counts the memory of the process it was forked from).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# The quality bench scores the real CUAD contracts too (governing law, swapped parties).
os.environ.setdefault("EVRAG_QUALITY_CUAD", "1")
# ... and the attributes of the registrants of the shared filings (bench/filings).
os.environ.setdefault("EVRAG_QUALITY_FILINGS", "1")

ORDER = [
    "engine", "embed", "ingest", "ocr", "text_layer", "query", "quality", "cuad_topics",
    "cuad_claims", "clauses", "clause_confirm", "long_sentences", "bindings", "parties", "finance_questions",
    "financebench", "financebench_dev", "question_variants", "contract_nli", "api", "hostile", "soak",
]  # fmt: skip


def main(argv: list[str]) -> int:
    names = argv or ORDER
    unknown = [n for n in names if n not in ORDER]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; choose from {', '.join(ORDER)}")
        return 2
    status = 0
    for name in names:
        print(f"\n## bench/{name}\n", flush=True)
        started = time.perf_counter()
        # A failing benchmark is reported; the others still run.
        code = subprocess.run([sys.executable, "-m", f"bench.{name}"], check=False).returncode
        if code != 0:
            print(f"bench/{name} failed: exit status {code}")
            status = 1
        print(f"\n(bench/{name}: {time.perf_counter() - started:.0f} s)", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
