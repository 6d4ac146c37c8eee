"""ContractNLI: each of the 17 claims asked of each NDA, judged against the contract's verdict
(issue 34, "Measured").

The 61 NDAs of ../shared/data/contract-nli/dev.json are typeset into PDFs (their paragraphs
as written, numbered sections kept, page breaks) and ingested into one knowledge base. Each
(document, hypothesis, phrasing) of `bench/contract_nli_phrasings.yaml` (written before the
first run) is asked with the skill scoped to that one document ("ask this document").

The system's verdict is the claim's engine decision (`evaluation.decision` when the answer
carries one, else `sufficiency.decision`): SUPPORTED -> the phrasing holds, CONTRADICTED ->
it does not, INSUFFICIENT / SUBJECT_NOT_FOUND / an error -> not stated. A negated phrasing
("May the recipient reverse engineer ...?") swaps holds and does-not before the comparison
with the gold label (Entailment / Contradiction / NotMentioned).

Split by document, fixed: the documents sorted by their `id`, even positions development, odd
positions held out. Every figure is reported for each half apart (and both together):

- accuracy over all asks, and per hypothesis, beside the per-hypothesis majority baseline
  (each hypothesis' most frequent gold label in that half, answered for every document);
- holds <-> does-not swaps: asks whose gold is Entailment answered Contradiction or the
  reverse, over the asks whose gold is either;
- gold span quoted: of the right Entailment / Contradiction verdicts, the share whose deciding
  evidence (the decisive side's evidence ids in sufficiency's `resolution_details`, or the
  evaluation's, -> the answer's evidence quotes) overlaps one of the gold spans' text;
- Yes / No / Not stated: the share of answers whose text begins with one of them (every
  question here is a yes/no question);
- the answer text's lead beside the decision (how often "Yes"/"No" disagrees with it).

Cross-validation (`python -m bench.train_nli --cross-validate RESULT.json`, scored here): the development
NDAs alone, dealt into five folds by document, each fold asked with the learned reader trained on the other four (its uses
chosen there too), the figures over the folds together beside the majority of the other folds
(and that majority where the system says "not stated"). It measures generalisation to other
NDAs without the held-out half; the rules are not refitted per fold.

How each question was read is counted too: the proposition (the answer's subject class
`constraints.claim`) and its polarity (`constraints.negated`) against the proposition of the
hypothesis it was written for (`PROPOSITIONS`) and the phrasing's `negated`:
the share of asks read as no proposition, as another one, or as the right one negated wrongly.

Run: `python -m bench.contract_nli [RESULT.json] [--limit-docs N] [--hypotheses nda-11,nda-20]`.
EVRAG_CNLI_PHRASINGS=<yaml> asks another phrasing set of the same shape instead of the default
`bench/contract_nli_phrasings.yaml` (a path, absolute or from the repository root; e.g.
`bench/contract_nli_phrasings_s38.yaml`, written in session 38 before any run with it; s39,
s42, s43 and s43b likewise). The sets read in development train the question router
(bench/train_routes.py `QUESTION_SETS`): a set measures phrasings untrained until added there.
EVRAG_CNLI_DATA_DIR=<dir> keeps the knowledge base there (built when it lacks a document,
reused otherwise); without it a temporary one is built. The result file (default
bench/results/contract_nli.json) holds the figures and every ask's outcome, no timings.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml

from bench.quality import env_path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "contract-nli" / "dev.json"
PHRASINGS = Path(__file__).resolve().parent / "contract_nli_phrasings.yaml"
RESULT = Path(__file__).resolve().parent / "results" / "contract_nli.json"
KB = "contract-nli"

Label = Literal["Entailment", "Contradiction", "NotMentioned"]
LABELS: tuple[Label, ...] = ("Entailment", "Contradiction", "NotMentioned")
SPLITS = ("development", "held_out")

# -- typesetting --------------------------------------------------------------------------

_PAGE = (612.0, 792.0)  # US Letter
_MARGIN = 72.0
_SIZE = 10.0
_LEADING = 13.5
_PARAGRAPH_GAP = 6.0
# A short line that is a numbered or capitalised caption ("1. Definitions", "WHEREAS") is set
# in bold, as a heading is in a real agreement; the chunker reads bold lines as captions.
_CAPTION = re.compile(r"^(?:(?:article|section)\s+)?[\dIVX]+[.)]?(?:\d+[.)]?)*\s+\S", re.I)
_CAPTION_MAX = 70


def _is_caption(line: str) -> bool:
    if len(line) > _CAPTION_MAX or line.endswith((".", ";", ",", ":")):
        return bool(line.isupper() and len(line) <= _CAPTION_MAX)
    return bool(_CAPTION.match(line)) or line.isupper()


def _wrap(text: str, font: str, width: float) -> list[str]:
    """Greedy word wrap to `width` points (a word longer than a line stands alone)."""
    import pymupdf

    def measure(word: str) -> float:
        return float(pymupdf.get_text_length(word, fontname=font, fontsize=_SIZE))

    space = measure(" ")
    lines: list[str] = []
    current: list[str] = []
    used = 0.0
    for word in text.split():
        w = measure(word)
        if current and used + space + w > width:
            lines.append(" ".join(current))
            current, used = [], 0.0
        used += (space if current else 0.0) + w
        current.append(word)
    if current:
        lines.append(" ".join(current))
    return lines


# The marks of the texts that the PDF's standard fonts (Latin-1) cannot show, written as they
# would be typed; span_quoted reads the gold spans through the same table.
PLAIN_MARKS = str.maketrans(
    {
        "\u201c": '"',
        "\u201d": '"',
        "\u2018": "'",
        "\u2019": "'",
        "\u2026": "...",
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\uf0b7": "-",  # a word processor's private-use bullet
        "\u25a1": "[ ]",
        "\u2610": "[ ]",
        "\u200b": "",
    }
)


def typeset(text: str) -> bytes:
    """The NDA's text as a PDF: each line of the text a paragraph, wrapped to the page,
    captions in bold, a new page when one is full. Words are kept as written (PLAIN_MARKS
    aside), so a span of the text is found in the PDF's text up to whitespace. The same text
    gives the same bytes."""
    import pymupdf

    text = text.translate(PLAIN_MARKS)
    doc = pymupdf.open()
    width = _PAGE[0] - 2 * _MARGIN
    bottom = _PAGE[1] - _MARGIN
    page = None
    y = bottom
    for paragraph in text.split("\n"):
        if not paragraph.strip():
            continue
        font = "hebo" if _is_caption(paragraph.strip()) else "helv"
        y += _PARAGRAPH_GAP
        for line in _wrap(paragraph, font, width):
            if page is None or y + _LEADING > bottom:
                page = doc.new_page(width=_PAGE[0], height=_PAGE[1])
                y = _MARGIN
            y += _LEADING
            page.insert_text((_MARGIN, y), line, fontsize=_SIZE, fontname=font)
    if page is None:
        doc.new_page(width=_PAGE[0], height=_PAGE[1])
    doc.set_metadata({})
    return doc.tobytes(garbage=3, deflate=True, no_new_id=True)


def pdf_name(document: Mapping[str, Any]) -> str:
    """The typeset NDA's file name in the knowledge base: its ContractNLI id."""
    return f"contract-nli-{int(document['id']):03d}.pdf"


# -- the questions ------------------------------------------------------------------------


def load_dataset(path: Path = DATA) -> dict[str, Any]:
    """dev.json as written."""
    return dict(json.loads(path.read_text(encoding="utf-8")))


def split_documents(documents: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """Document id -> "development" (even positions once sorted by id) or "held_out" (odd)."""
    ids = sorted(int(d["id"]) for d in documents)
    return {doc_id: SPLITS[position % 2] for position, doc_id in enumerate(ids)}


@dataclass(frozen=True)
class Ask:
    """One question of the bench and what scores it."""

    document: int
    split: str
    hypothesis: str
    phrasing: int  # 1-based, in the phrasings file's order
    question: str
    negated: bool
    gold: Label
    spans: tuple[str, ...]  # the gold evidence spans' text


def phrasings_path() -> Path:
    """The phrasing set asked: EVRAG_CNLI_PHRASINGS (absolute, or from the repository root)
    where set, else PHRASINGS."""
    return env_path("EVRAG_CNLI_PHRASINGS", PHRASINGS)


def load_phrasings(path: Path = PHRASINGS) -> dict[str, list[dict[str, Any]]]:
    """Hypothesis id -> its phrasings ({"question", "negated"}), as written."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {str(h): [dict(p) for p in ps] for h, ps in raw.items()}


def evidence_texts(document: Mapping[str, Any], hypothesis: str) -> tuple[str, ...]:
    """The text of each evidence span the document's annotation gives for `hypothesis`."""
    note = document["annotation_sets"][0]["annotations"][hypothesis]
    text = str(document["text"])
    return tuple(text[a:b] for a, b in (document["spans"][i] for i in note["spans"]))


def build_asks(
    data: Mapping[str, Any],
    phrasings: Mapping[str, Sequence[Mapping[str, Any]]],
    *,
    limit_docs: int | None = None,
    hypotheses: Sequence[str] | None = None,
) -> list[Ask]:
    """Every ask, in document id, hypothesis (as numbered: nda-1 < nda-2 < nda-10) and
    phrasing order. `limit_docs` keeps the first N documents by id (the split is always the
    one of all documents)."""
    documents = sorted(data["documents"], key=lambda d: int(d["id"]))
    split = split_documents(documents)
    if limit_docs is not None:
        documents = documents[:limit_docs]
    wanted = sorted(hypotheses or phrasings, key=_hypothesis_order)
    unknown = [h for h in wanted if h not in phrasings]
    if unknown:
        raise ValueError(f"no phrasings for {', '.join(unknown)}")
    asks = []
    for doc in documents:
        annotations = doc["annotation_sets"][0]["annotations"]
        for h in wanted:
            gold = annotations[h]
            spans = evidence_texts(doc, h)
            for number, p in enumerate(phrasings[h], start=1):
                asks.append(
                    Ask(
                        document=int(doc["id"]),
                        split=split[int(doc["id"])],
                        hypothesis=h,
                        phrasing=number,
                        question=str(p["question"]),
                        negated=bool(p["negated"]),
                        gold=gold["choice"],
                        spans=spans,
                    )
                )
    return asks


def _hypothesis_order(h: str) -> tuple[int, str]:
    digits = re.sub(r"\D", "", h)
    return (int(digits) if digits else 0, h)


# -- reading an answer --------------------------------------------------------------------

_HOLDS = {"SUPPORTED": "Entailment", "CONTRADICTED": "Contradiction"}
_SWAP: dict[Label, Label] = {"Entailment": "Contradiction", "Contradiction": "Entailment"}
_LEAD = re.compile(r"^\s*(Yes|No|Not stated)\b")


def decision_of(answer: Mapping[str, Any]) -> str:
    """The claim's engine decision in an answer (as JSON), or the reason there is none:
    "SUBJECT_NOT_FOUND", "ERROR"."""
    if "error" in answer:
        return "ERROR"
    if answer.get("terminal_state") == "SUBJECT_NOT_FOUND":
        return "SUBJECT_NOT_FOUND"
    evaluation = answer.get("evaluation") or {}
    if evaluation.get("decision"):
        return str(evaluation["decision"])
    return str((answer.get("sufficiency") or {}).get("decision") or "INSUFFICIENT")


def verdict(decision: str, negated: bool) -> Label:
    """What the system says of the hypothesis: the phrasing's verdict (SUPPORTED holds,
    CONTRADICTED does not, anything else not stated), swapped for a negated phrasing."""
    said: Label = _HOLDS.get(decision, "NotMentioned")  # type: ignore[assignment]
    return _SWAP.get(said, said) if negated else said


def answer_lead(answer: Mapping[str, Any]) -> str | None:
    """ "Yes", "No" or "Not stated" where the answer's text begins with it, else None."""
    text = str((answer.get("conclusion") or {}).get("answer") or "")
    match = _LEAD.match(text)
    return match.group(1) if match else None


def deciding_evidence(answer: Mapping[str, Any], decision: str) -> list[str]:
    """The quotes of the evidence that decided a SUPPORTED or CONTRADICTED answer: the
    decisive side's ids in sufficiency's resolution_details (the evaluation's ids where it
    decided), looked up among the answer's evidence units."""
    side = {"SUPPORTED": "support", "CONTRADICTED": "contradiction"}.get(decision)
    if side is None:
        return []
    evaluation = answer.get("evaluation") or {}
    if evaluation.get("decision") == decision and evaluation.get("evidence_ids"):
        ids = list(evaluation["evidence_ids"])
    else:
        details = (answer.get("sufficiency") or {}).get("resolution_details") or {}
        ids = list((details.get(side) or {}).get("evidence_ids") or [])
    quotes = {e["evidence_id"]: str(e.get("quote") or "") for e in answer.get("evidence") or []}
    return [quotes[i] for i in ids if i in quotes]


_OVERLAP_CHARS = 40


def _normal(text: str) -> str:
    return " ".join(text.translate(PLAIN_MARKS).split()).lower()


def span_quoted(quotes: Sequence[str], spans: Sequence[str]) -> bool:
    """Does a quote overlap a gold span: the span's first 40 characters found in the quote,
    or the quote's first 40 in the span (whitespace, case and PLAIN_MARKS normalized)?"""
    for span in map(_normal, spans):
        for quote in map(_normal, quotes):
            if not span or not quote:
                continue
            if span[:_OVERLAP_CHARS] in quote or quote[:_OVERLAP_CHARS] in span:
                return True
    return False


def outcome(ask: Ask, answer: Mapping[str, Any]) -> dict[str, Any]:
    """One ask's scored outcome (JSON-ready)."""
    decision = decision_of(answer)
    said = verdict(decision, ask.negated)
    quotes = deciding_evidence(answer, decision)
    constraints = (answer.get("subject_class") or {}).get("constraints") or {}
    return {
        "document": ask.document,
        "split": ask.split,
        "hypothesis": ask.hypothesis,
        "phrasing": ask.phrasing,
        "negated": ask.negated,
        "gold": ask.gold,
        "decision": decision,
        "verdict": said,
        "right": said == ask.gold,
        "lead": answer_lead(answer),
        "span_quoted": span_quoted(quotes, ask.spans) if ask.spans else None,
        "error": answer.get("error"),
        "read_as": constraints.get("claim"),
        "read_negated": bool(constraints.get("negated")),
    }


# -- scoring ------------------------------------------------------------------------------


def _rate(num: int, den: int) -> dict[str, Any]:
    return {"rate": round(num / den, 4) if den else None, "n": num, "of": den}


# hypothesis -> the proposition whose holding is the hypothesis entailed
PROPOSITIONS = {
    "nda-1": "marked_as_confidential",
    "nda-2": "technical_information_only",
    "nda-3": "oral_information",
    "nda-4": "use_limited_to_purpose",
    "nda-5": "sharing_with_employees",
    "nda-7": "sharing_with_advisors",
    "nda-8": "notice_of_compelled_disclosure",
    "nda-10": "agreement_kept_confidential",
    "nda-11": "reverse_engineering",
    "nda-12": "independent_development",
    "nda-13": "third_party_acquisition",
    "nda-15": "no_license_granted",
    "nda-16": "return_on_termination",
    "nda-17": "copying_information",
    "nda-18": "non_solicitation",
    "nda-19": "survival",
    "nda-20": "retaining_copies",
}


def reading_of(row: Mapping[str, Any]) -> str:
    """How an ask's question was read against the claim it was written for: "right", "none"
    (no proposition), "other" (another proposition) or "polarity" (the right one, negated
    where the phrasing is not or the reverse)."""
    read = row.get("read_as")
    if not read:
        return "none"
    if read != PROPOSITIONS.get(row["hypothesis"]):
        return "other"
    return "right" if bool(row.get("read_negated")) == bool(row["negated"]) else "polarity"


def majority(rows: Sequence[Mapping[str, Any]]) -> dict[str, Label]:
    """Each hypothesis' most frequent gold label over `rows` (ties: Entailment, Contradiction,
    NotMentioned, in that order)."""
    out: dict[str, Label] = {}
    for h in sorted({r["hypothesis"] for r in rows}, key=_hypothesis_order):
        counts = Counter(r["gold"] for r in rows if r["hypothesis"] == h)
        out[h] = max(LABELS, key=lambda label: (counts[label], -LABELS.index(label)))
    return out


def score(
    rows: Sequence[Mapping[str, Any]], parts: Sequence[str] = (*SPLITS, "all")
) -> dict[str, Any]:
    """The module docstring's figures for each part: a split of the rows, or "all"."""
    report: dict[str, Any] = {}
    for part in parts:
        pick = [r for r in rows if part in ("all", r["split"])]
        base = majority(pick)
        stated = [r for r in pick if r["gold"] in _SWAP]
        swaps = [r for r in stated if r["verdict"] == _SWAP[r["gold"]]]
        right_stated = [r for r in stated if r["right"]]
        quoted = [r for r in right_stated if r["span_quoted"]]
        leads = Counter(r["lead"] for r in pick)
        text_disagrees = [
            r
            for r in pick
            if (r["lead"], r["decision"]) in {("Yes", "CONTRADICTED"), ("No", "SUPPORTED")}
        ]
        per_h = {}
        for h, label in base.items():
            mine = [r for r in pick if r["hypothesis"] == h]
            per_h[h] = {
                "accuracy": _rate(sum(r["right"] for r in mine), len(mine)),
                "majority": label,
                "majority_accuracy": _rate(sum(r["gold"] == label for r in mine), len(mine)),
            }
        confusion = Counter(f"{r['gold']}->{r['verdict']}" for r in pick)
        readings = Counter(reading_of(r) for r in pick)
        report[part] = {
            "documents": len({r["document"] for r in pick}),
            "asks": len(pick),
            "accuracy": _rate(sum(r["right"] for r in pick), len(pick)),
            "majority_baseline": _rate(
                sum(r["gold"] == base[r["hypothesis"]] for r in pick), len(pick)
            ),
            "swaps": _rate(len(swaps), len(stated)),
            "gold_span_quoted": _rate(len(quoted), len(right_stated)),
            "yes_no_not_stated": _rate(
                sum(leads[k] for k in ("Yes", "No", "Not stated")), len(pick)
            ),
            "text_contradicts_decision": _rate(len(text_disagrees), len(pick)),
            "read_none_or_other": _rate(readings["none"] + readings["other"], len(pick)),
            "read_polarity_wrong": _rate(readings["polarity"], len(pick)),
            "errors": sum(1 for r in pick if r["decision"] == "ERROR"),
            "decisions": dict(sorted(Counter(r["decision"] for r in pick).items())),
            "leads": {str(k): v for k, v in sorted(leads.items(), key=lambda kv: str(kv[0]))},
            "confusion": dict(sorted(confusion.items())),
            "by_hypothesis": per_h,
        }
    return report


def _cell(rate: Mapping[str, Any]) -> str:
    if rate["rate"] is None:
        return "n/a"
    return f"{100 * rate['rate']:.1f}% ({rate['n']}/{rate['of']})"


_ROWS = (
    ("accuracy", "accuracy"),
    ("majority_baseline", "per-hypothesis majority baseline"),
    ("swaps", "holds <-> does-not swaps"),
    ("gold_span_quoted", "gold span quoted (right E/C verdicts)"),
    ("yes_no_not_stated", "answer begins Yes / No / Not stated"),
    ("text_contradicts_decision", "answer text contradicts the decision"),
    ("read_none_or_other", "read as no / another proposition"),
    ("read_polarity_wrong", "read as the right one, polarity wrong"),
)


def format_report(report: Mapping[str, Any], descriptions: Mapping[str, str]) -> str:
    """The table: the figures per half, then accuracy per hypothesis beside its baseline."""
    parts = (*SPLITS, "all")
    lines = [f"{'':40} {'development':>22} {'held-out':>22} {'all':>22}"]
    counts = [f"{report[p]['documents']} / {report[p]['asks']}" for p in parts]
    lines.append(f"{'documents / asks':40} " + " ".join(f"{c:>22}" for c in counts))
    for key, label in _ROWS:
        lines.append(f"{label:40} " + " ".join(f"{_cell(report[p][key]):>22}" for p in parts))
    lines.append(f"{'errors':40} " + " ".join(f"{report[p]['errors']:>22}" for p in parts))
    for p in parts:
        lines.append(f"decisions ({p}): {report[p]['decisions']}")
        lines.append(f"gold->verdict ({p}): {report[p]['confusion']}")
    lines.append("")
    lines.append("per hypothesis: accuracy | majority baseline (label), development / held-out")
    for h in report["all"]["by_hypothesis"]:
        cells = []
        for p in SPLITS:
            row = report[p]["by_hypothesis"].get(h)
            cells.append(
                f"{_cell(row['accuracy']):>16} | {_cell(row['majority_accuracy']):>16} "
                f"({row['majority'][:4]})"
                if row
                else f"{'n/a':>42}"
            )
        lines.append(f"   {h:6} {descriptions.get(h, '')[:34]:34} {cells[0]}   {cells[1]}")
    return "\n".join(lines)


# -- cross-validation ---------------------------------------------------------------------

CROSS_VALIDATED = "cross_validated"


def fold_majority(rows: Sequence[Mapping[str, Any]], fold: int) -> dict[str, Label]:
    """Each hypothesis' most frequent gold label over the rows of the other folds: the prior a
    reader trained without `fold` could know."""
    return majority([r for r in rows if r["fold"] != fold])


def score_cross_validated(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """`score`'s figures over the folds' rows together, with two out-of-fold baselines: the
    per-hypothesis majority of the other folds answered for every document, and the system's
    verdict where it says something, that majority where it says "not stated" (the prior as a
    fallback when the reader is unsure)."""
    report = score(rows, (CROSS_VALIDATED,))[CROSS_VALIDATED]
    priors = {k: fold_majority(rows, k) for k in sorted({r["fold"] for r in rows})}
    right_prior = right_fallback = 0
    per_h: dict[str, list[int]] = {}
    for r in rows:
        prior = priors[r["fold"]][r["hypothesis"]]
        said = r["verdict"] if r["verdict"] != "NotMentioned" else prior
        right_prior += prior == r["gold"]
        right_fallback += said == r["gold"]
        counts = per_h.setdefault(r["hypothesis"], [0, 0])
        counts[0] += said == r["gold"]
        counts[1] += 1
    report["majority_baseline_out_of_fold"] = _rate(right_prior, len(rows))
    report["prior_where_not_stated"] = _rate(right_fallback, len(rows))
    report["prior_where_not_stated_chosen"] = _rate(
        sum(r["gold"] == said for r, said in zip(rows, chosen_fallback(rows), strict=True)),
        len(rows),
    )
    for h, (right, of) in per_h.items():
        report["by_hypothesis"][h]["prior_where_not_stated"] = _rate(right, of)
    report["folds"] = {
        str(k): _rate(
            sum(r["right"] for r in rows if r["fold"] == k),
            sum(1 for r in rows if r["fold"] == k),
        )
        for k in sorted(priors)
    }
    return report


def chosen_fallback(rows: Sequence[Mapping[str, Any]]) -> list[Label]:
    """Each row's verdict with the prior as a fallback only for the hypotheses whose other
    folds gain from it: per fold and hypothesis, the majority where not stated is used when,
    over the other folds (each with the majority of the folds but itself and the fold being
    decided), it gets more asks right than the system's verdicts do. A choice made without the
    fold it scores: neither the rows it is judged on nor the priors it is judged with see that
    fold's gold labels."""
    folds = sorted({r["fold"] for r in rows})
    priors = {k: fold_majority(rows, k) for k in folds}
    # the prior of fold j as known while deciding fold k: the majority of the folds but both
    without_two = {
        (k, j): majority([r for r in rows if r["fold"] not in (k, j)])
        for k in folds
        for j in folds
        if j != k
    }

    def gain(fold: int, hypothesis: str) -> int:
        net = 0
        for r in rows:
            if r["fold"] == fold or r["hypothesis"] != hypothesis:
                continue
            if r["verdict"] == "NotMentioned":
                prior = without_two[(fold, r["fold"])].get(hypothesis)
                net += (prior == r["gold"]) - (r["gold"] == "NotMentioned")
        return net

    use = {(k, h): gain(k, h) > 0 for k in folds for h in {r["hypothesis"] for r in rows}}
    return [
        priors[r["fold"]][r["hypothesis"]]
        if r["verdict"] == "NotMentioned" and use[(r["fold"], r["hypothesis"])]
        else r["verdict"]
        for r in rows
    ]


_CV_ROWS = (
    ("accuracy", "accuracy, cross-validated"),
    ("majority_baseline", "per-hypothesis majority (in sample)"),
    ("majority_baseline_out_of_fold", "per-hypothesis majority (other folds)"),
    ("prior_where_not_stated", "the majority where not stated"),
    ("prior_where_not_stated_chosen", "... for claims the other folds chose"),
    ("swaps", "holds <-> does-not swaps"),
    ("gold_span_quoted", "gold span quoted (right E/C verdicts)"),
)


def format_cross_validated(report: Mapping[str, Any], descriptions: Mapping[str, str]) -> str:
    """The cross-validation's table: the figures, each fold's accuracy, then per hypothesis
    accuracy, its majority (in sample) and the majority where not stated."""
    lines = [f"{'development, by document folds':40} {report['documents']:>9} documents"]
    for key, label in _CV_ROWS:
        lines.append(f"{label:40} {_cell(report[key]):>22}")
    lines.append("folds: " + ", ".join(f"{k}: {_cell(v)}" for k, v in report["folds"].items()))
    lines.append(f"gold->verdict: {report['confusion']}")
    lines.append("per hypothesis: accuracy | majority (label) | the majority where not stated")
    for h, row in report["by_hypothesis"].items():
        lines.append(
            f"   {h:6} {descriptions.get(h, '')[:34]:34} {_cell(row['accuracy']):>16} | "
            f"{_cell(row['majority_accuracy']):>16} ({row['majority'][:4]}) | "
            f"{_cell(row['prior_where_not_stated']):>16}"
        )
    return "\n".join(lines)


def cross_validation_folds(ids: Sequence[int], folds: int) -> dict[int, int]:
    """Document id -> its fold: the ids sorted, dealt in turn, so that the folds are of one
    size within one document (the trainer's own selection folds, a hash of the id, are not)."""
    return {doc_id: position % folds for position, doc_id in enumerate(sorted(ids))}


# -- running ------------------------------------------------------------------------------


def ensure_kb(rt: Any, documents: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """Ingest the typeset NDAs the knowledge base lacks; document id -> its document_id."""
    have = (
        {d.name: d.document_id for d in rt.catalog.list_documents(KB)}
        if rt.catalog.has_kb(KB)
        else {}
    )
    missing = [d for d in documents if pdf_name(d) not in have]
    if missing:
        started = time.perf_counter()
        report = rt.ingestor.run(KB, [(pdf_name(d), typeset(d["text"])) for d in missing])
        print(f"   {report.summary()} ({time.perf_counter() - started:.0f} s)", flush=True)
        have = {d.name: d.document_id for d in rt.catalog.list_documents(KB)}
    return {int(d["id"]): have[pdf_name(d)] for d in documents}


def ask_one(skill: Any, document_id: str, question: str) -> dict[str, Any]:
    """The answer as JSON, or {"error": ...} (scored as not stated)."""
    from domain import EvidenceRagError

    try:
        return dict(skill.ask(KB, question, documents=[document_id]).to_dict())
    except EvidenceRagError as exc:
        return {"error": f"{type(exc).__name__}: {exc}"[:300]}
    except Exception as exc:  # one failing question is scored (not stated), not fatal
        return {"error": f"{type(exc).__name__}: {exc}"[:300]}


def run(
    result_path: Path, *, limit_docs: int | None = None, hypotheses: Sequence[str] | None = None
) -> dict[str, Any]:
    """Build or reuse the knowledge base, ask every question, print the table, write the
    result file; returns the report."""
    from app import Runtime, Settings

    data = load_dataset()
    phrasings = load_phrasings(phrasings_path())
    asks = build_asks(data, phrasings, limit_docs=limit_docs, hypotheses=hypotheses)
    asked_docs = {a.document for a in asks}
    documents = [d for d in data["documents"] if int(d["id"]) in asked_docs]
    documents.sort(key=lambda d: int(d["id"]))
    existing = os.environ.get("EVRAG_CNLI_DATA_DIR")
    rows = []
    with tempfile.TemporaryDirectory(prefix="evrag-cnli-") as tmp:
        data_dir = Path(existing) if existing else Path(tmp) / "data"
        with Runtime.open(Settings(data_dir=data_dir)) as rt:
            ids = ensure_kb(rt, documents)
            started = time.perf_counter()
            for a in asks:
                rows.append(outcome(a, ask_one(rt.skill, ids[a.document], a.question)))
            elapsed = time.perf_counter() - started
    print(f"   {len(asks)} questions asked in {elapsed:.0f} s", flush=True)
    report = score(rows)
    descriptions = {h: str(v["short_description"]) for h, v in data["labels"].items()}
    print(format_report(report, descriptions))
    result_path.parent.mkdir(parents=True, exist_ok=True)
    result = {
        "split": "documents sorted by id: even positions development, odd held out",
        "phrasings": phrasings_path().name,
        "limit_docs": limit_docs,
        "hypotheses": sorted(hypotheses or phrasings, key=_hypothesis_order),
        "report": report,
        "asks": rows,
    }
    result_path.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"   result: {result_path}")
    return report


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.contract_nli", description=__doc__)
    parser.add_argument("result", nargs="?", type=Path, default=RESULT)
    parser.add_argument("--limit-docs", type=int, default=None, metavar="N")
    parser.add_argument("--hypotheses", default=None, help="comma-separated, e.g. nda-11,nda-20")
    args = parser.parse_args(argv)
    hypotheses = (
        [h.strip() for h in args.hypotheses.split(",") if h.strip()] if args.hypotheses else None
    )
    run(args.result, limit_docs=args.limit_docs, hypotheses=hypotheses)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
