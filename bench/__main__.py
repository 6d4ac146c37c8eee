"""`make bench`: every benchmark in turn; each prints a table with its same-run baseline.

`python -m bench [name ...]` runs a subset (engine, embed, ingest, query, quality, bindings,
api).
Set BENCH_QUICK=1 for a short smoke run (smaller inputs, shorter loops).
"""

from __future__ import annotations

import importlib
import os
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# The quality bench scores the real CUAD contracts too (governing law, swapped parties).
os.environ.setdefault("EVRAG_QUALITY_CUAD", "1")

ORDER = ["engine", "embed", "ingest", "query", "quality", "bindings", "api"]


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
        try:
            module = importlib.import_module(f"bench.{name}")
            module.run()
        except Exception as exc:  # a failing benchmark is reported; the others still run
            print(f"bench/{name} failed: {type(exc).__name__}: {exc}")
            status = 1
        print(f"\n(bench/{name}: {time.perf_counter() - started:.0f} s)", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
