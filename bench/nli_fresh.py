"""The NDA claim reader on fresh wording (issue 34): the hand-labelled sentences of
`bench/nli_fresh_sentences.yaml` (confidentiality, licence, survival and employment clauses of
cuad-train commercial contracts, none from ContractNLI), each read for its claim as the skill
reads a sentence of an agreement (`sentence_holds`, by skill's `sentence_reading`: the rules, and the learned reader where
the shipped model decides the proposition), against the analyst's label.

Figures: decided sentences (label holds / not) read right (recall), read the wrong way round
(polarity errors), not read; sentences that decide nothing read as deciding (false readings);
per claim. Run: `python -m bench.nli_fresh [--show]` (`--show` lists every sentence read wrong).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from domain import lexicon
from skill import Claim, sentence_reading

FRESH = Path(__file__).resolve().parent / "nli_fresh_sentences.yaml"
LABELS = {"holds": True, "not": False, "none": None}


def load(path: Path = FRESH) -> list[dict[str, Any]]:
    """The labelled sentences, in file order."""
    rows = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [dict(r) for r in rows]


def sentence_holds(name: str, sentence: str) -> bool | None:
    """What the skill reads of `sentence` for proposition `name`: holds (True), does not
    (False) or neither (None), as skill's `sentence_reading` reads it."""
    entry = {p.name: p for p in lexicon().propositions}[name]
    reading = sentence_reading(Claim(entry, False, None, ()), sentence)
    return None if reading is None else reading.holds


def score(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Recall, polarity errors and false readings, over all and per claim; the misses."""
    out: Counter[str] = Counter()
    per: dict[str, Counter[str]] = {}
    wrong = []
    for row in rows:
        gold = LABELS[row["label"]]
        said = sentence_holds(row["claim"], row["sentence"])
        c = per.setdefault(row["claim"], Counter())
        if gold is None:
            kind = "quiet" if said is None else "false_reading"
        elif said is None:
            kind = "missed"
        else:
            kind = "right" if said == gold else "polarity_error"
        for counter in (out, c):
            counter[kind] += 1
            counter["decided" if gold is not None else "undecided"] += 1
        if kind not in ("right", "quiet"):
            wrong.append({**row, "read": said, "kind": kind})
    return {
        "all": dict(out),
        "per_claim": {k: dict(v) for k, v in sorted(per.items())},
        "wrong": wrong,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args(argv)
    report = score(load())
    a = report["all"]
    print(
        f"decided {a.get('decided', 0)}: right {a.get('right', 0)}, polarity errors "
        f"{a.get('polarity_error', 0)}, missed {a.get('missed', 0)}; undecided "
        f"{a.get('undecided', 0)}: false readings {a.get('false_reading', 0)}"
    )
    for claim, c in report["per_claim"].items():
        print(
            f"  {claim:32} right {c.get('right', 0)}/{c.get('decided', 0)}  polarity "
            f"{c.get('polarity_error', 0)}  false {c.get('false_reading', 0)}/{c.get('undecided', 0)}"
        )
    if args.show:
        for w in report["wrong"]:
            print(f"- {w['kind']} [{w['claim']}] read {w['read']}: {w['sentence']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
