"""The clause reader on long sentences: is reading one in time near its length?

Run: ``python -m bench.long_sentences`` (``BENCH_QUICK=1``: up to 5,000 characters).

A contract can hold a sentence of thousands of characters with no full stop (a schedule run
together, a list of covenants joined by "and", a scan whose stops were lost). The reader looks
for clause breaks, modals and negations around every action it finds, so a rule that scans the
whole sentence once per action (or per conjunction) makes a sentence's reading grow with the
square or the cube of its length: session 40 found a 20,000-character sentence taking 935 s.

For each shape below the same clause is repeated N times as **one sentence** (joined by " and "
or ", and "), and, as the same-run baseline, as **N sentences** of one clause each (read one by
one, the times added): the same words, the same actions. The table gives both times, their
ratio, and the growth exponent of the one-sentence time between the two longest sizes (1: linear,
2: quadratic, 3: cubic). The proposition read is the one the clause speaks of.
"""

from __future__ import annotations

import math
import os
import time

from domain import lexicon
from skill import Claim, ClauseReader

# (proposition, clause, joiner): a restriction, an obligation with an aside, a permission
SHAPES = [
    ("non_compete", "Acme shall not sell any product that competes with the Products", " and "),
    (
        "return_or_destruction",
        "the Recipient shall, within ten days of a request, return all Confidential Information",
        ", and ",
    ),
    (
        "sharing_with_employees",
        "the Recipient may disclose the Confidential Information to its employees who need to know",
        " and ",
    ),
]
SIZES_FULL = (10, 40, 80, 160, 300)
SIZES_QUICK = (10, 20, 40, 80)


def _read_seconds(reader: ClauseReader, sentences: list[str]) -> float:
    started = time.perf_counter()
    for sentence in sentences:
        reader.read(sentence)
    return time.perf_counter() - started


def main() -> int:
    quick = os.environ.get("BENCH_QUICK") == "1"
    sizes = SIZES_QUICK if quick else SIZES_FULL
    entries = {p.name: p for p in lexicon().propositions}
    print(
        f"{'proposition':<24} {'repeats':>7} {'chars':>7} {'one sentence s':>15} "
        f"{'split (baseline) s':>19} {'ratio':>8}"
    )
    for name, clause, joiner in SHAPES:
        reader = ClauseReader(Claim(entries[name], False, None, ()))
        reader.read(clause + ".")  # warm the reader's caches before any timing
        timed: list[tuple[int, float]] = []
        for n in sizes:
            one = joiner.join([clause] * n) + "."
            split = [clause + "."] * n
            whole = _read_seconds(reader, [one])
            apart = _read_seconds(reader, split)
            timed.append((len(one), whole))
            ratio = whole / apart if apart > 0 else float("inf")
            print(f"{name:<24} {n:>7} {len(one):>7} {whole:>15.3f} {apart:>19.3f} {ratio:>8.1f}")
        (c1, t1), (c2, t2) = timed[-2], timed[-1]
        growth = math.log(max(t2, 1e-6) / max(t1, 1e-6)) / math.log(c2 / c1)
        print(f"{name:<24} growth exponent of the one-sentence time: {growth:.2f}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
