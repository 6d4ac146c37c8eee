"""Which confirmations of a clause hold on data (issue 14): out of fold, on the training
contracts of ``bench/train_clauses.py`` (never the evaluation ones).

A clause topic ("Does the agreement contain a non-compete clause?") is answered from the
sentences the classifier labelled with its category; the answer is sufficient only when the
clause is confirmed for the contract. Two confirmations are measured here, per attribute of
the lexicon that is read from clause sentences and answered by quoting them:

- classifier: a labelled sentence reaches the category's contract-level threshold (the
  model's ``confirm``, chosen by the trainer on these same out-of-fold scores);
- classifier + cue: or a labelled sentence states one of the attribute's relevance cues
  (``domain/lexicon/attributes.yaml``) at the attribute's threshold.

For each: the share of contracts without the clause that would be answered (target 1%,
chosen at 0.5% as the trainer's `confirm` is), with it answered from a quoted sentence that is
the clause, and answered from none that is (target 3%). An attribute's cues confirm (its
lexicon flag ``cue_confirms``) only where the second row meets the trainer's criteria for
`confirm`: those two, and at least 90% of the contracts answered rightly, five at least.

Run: ``python -m bench.clause_confirm`` (five fits, about a minute on 2 cores;
``BENCH_QUICK=1``: the first 60 training contracts).
"""

from __future__ import annotations

import os
import sys

import numpy as np

from bench.train_clauses import (
    POSITIVE,
    SLUGS,
    confirms,
    load_contracts,
    out_of_fold,
    prepare,
    sentences_of,
)
from domain import lexicon
from ingest import clause_model, short_masked
from skill import extract_values


def run() -> str:
    # BENCH_QUICK=1: the first 60 training contracts (a smoke run; its figures are not these)
    quick = os.environ.get("BENCH_QUICK") == "1"
    contracts = load_contracts(evaluation=False, limit=60 if quick else None)
    texts = sentences_of(contracts)
    data = prepare(contracts)
    labels, owner, present = data.labels, data.owner, data.present
    model = clause_model()
    # scored as ingestion scores them: 0 for a category under its min_words
    held = short_masked(out_of_fold(data, model.c), data.words, model.min_words)
    lines = [
        "| attribute | category | confirmation | absent answered | right | wrong | cues confirm |",
        "|---|---|---|---|---|---|---|",
    ]
    n = len(contracts)
    for entry in lexicon().attributes:
        if entry.value_kind != "free_text" or not entry.clause_categories:
            continue
        for _, slug in entry.clause_categories:
            col = SLUGS.index(slug)
            p = held[:, col]
            labelled = p >= float(model.thresholds[col])
            level = model.confirm_level(slug)
            strong = labelled & (p >= (2.0 if level is None else level))
            # a cue states the clause where the attribute's extractor reads it (as at run time)
            cue = np.zeros(len(p), dtype=bool)
            for i in np.flatnonzero(labelled):
                cue[i] = bool(extract_values(entry.name, texts[i]))
            right_quoted = np.zeros(n, dtype=bool)
            np.logical_or.at(right_quoted, owner, labelled & (labels[:, col] == POSITIVE))
            has = present[:, col]
            for name, fires in (("classifier", strong), ("classifier + cue", strong | cue)):
                answered = np.zeros(n, dtype=bool)
                np.logical_or.at(answered, owner, fires)
                counts = [
                    int((answered & ~has).sum()),
                    int((answered & has & right_quoted).sum()),
                    int((answered & has & ~right_quoted).sum()),
                ]
                with_clause, without = int(has.sum()), int((~has).sum())
                absent = counts[0] / max(1, without)
                right, wrong = (k / max(1, with_clause) for k in counts[1:])
                # the trainer's criteria for `confirm` (bench/train_clauses.py)
                meets = confirms(*counts, with_clause, without)
                lines.append(
                    f"| {entry.name} | {slug} | {name} | {absent:.1%} | {right:.1%} | "
                    f"{wrong:.1%} | {('yes' if meets else 'no') if name != 'classifier' else ''} |"
                )
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
    sys.exit(0)
