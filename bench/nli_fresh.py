"""The NDA claim reader on fresh wording (issue 34): the hand-labelled sentences of
`bench/nli_fresh_sentences.yaml` (confidentiality, licence, survival and employment clauses of
cuad-train commercial contracts, none from ContractNLI), each read for its claim as the skill
reads a sentence of an agreement (`sentence_reading`: the rules, and the learned reader where
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
from skill import Claim, ClauseReader, nli_model
from skill._claims import _learned, _learned_use, _merged

FRESH = Path(__file__).resolve().parent / "nli_fresh_sentences.yaml"
LABELS = {"holds": True, "not": False, "none": None}


def load(path: Path = FRESH) -> list[dict[str, Any]]:
    """The labelled sentences, in file order."""
    rows = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [dict(r) for r in rows]


def sentence_reading(name: str, sentence: str) -> bool | None:
    """What the skill reads of `sentence` for proposition `name`: holds (True), does not
    (False) or neither (None). The rules read it; where the shipped model decides the
    proposition (`use` "model"), the model's reading of a sentence it finds deciding, its
    polarity the rules' where the model's is a prior (skill._claims `observe`); "confirm" keeps
    the rules' reading of a sentence the model finds deciding; "fill" the rules' reading, else
    the model's."""
    entry = {p.name: p for p in lexicon().propositions}[name]
    claim = Claim(entry, False, None, ())
    rules, _ = ClauseReader(claim).read(sentence)
    use = _learned_use(claim)
    if use is None:
        reading = rules
    elif use.use == "confirm":
        relevant = nli_model().score(sentence, name).relevance >= use.threshold
        reading = rules if relevant else None
    else:
        learned = _learned(claim, sentence, use)
        merged = None if learned is None else _merged(learned, rules, use)
        reading = merged if use.use == "model" or rules is None else rules
    return None if reading is None else reading.holds


def score(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Recall, polarity errors and false readings, over all and per claim; the misses."""
    out: Counter[str] = Counter()
    per: dict[str, Counter[str]] = {}
    wrong = []
    for row in rows:
        gold = LABELS[row["label"]]
        said = sentence_reading(row["claim"], row["sentence"])
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
