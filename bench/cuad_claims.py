"""The CUAD yes/no bench (issue 34): claims asked of the shared CUAD agreements, judged by the
engine, scored against CUAD's own answer for the category.

The questions are the phrasings of `bench/cuad_claims_phrasings.yaml` (written before any
answer was looked at) filled in per agreement as bench/cuad_topics fills its own, and split
the same way, by document (bench.cuad_topics.split_of). Each phrasing says what its Yes means
of a CUAD category (the clause present, or absent); CUAD's answer for the category comes from
clauses.jsonl's answer column where the shared file has it (Anti-Assignment, Cap On Liability,
Renewal Term), else from ../shared/data/cuad-train's labels of the same contract. A question
asked in the same words of several agreements (an agreement and its amendments, named by the
same parties) counts the clause present when any of them has it. The parties are CUAD's typed
answer; a name the agreement itself never writes (an annotator's misspelling, "Verson" for the
agreement's "VERSO") names no party of the agreement, so it is passed over (the next name
CUAD lists takes its place, and an agreement left with fewer than two is not asked).

The system's stance is the claim's engine decision (as bench.contract_nli reads it), where the
answer is a claim's: SUPPORTED is a Yes to the question as asked, CONTRADICTED a No, anything
else no stance; with the phrasing's `yes_means` it says the clause is present or absent. Per
split:

- answered Yes / No / Not stated: the answer's text begins with one of them (target: all);
  the other leads ("The sentences disagree" of earlier answers, "Not established", the
  agreement not found, an answer that is not a claim's) counted apart, and of the Not
  stated, those whose sentences disagree ("Not stated in <agreement> — the sentences
  disagree": the engine's MIXED_EVIDENCE, both sides quoted);
- SUPPORTED where CUAD marks the category absent (the issue's figure, target <= 1%), over the
  phrasings whose Yes means the clause is present; and, over every phrasing, a stance that
  the clause is there where CUAD marks it absent;
- where CUAD has the clause: the stance right, swapped (the clause said absent: Yes <-> No),
  or none (not stated, disagreeing sentences, not established);
- evidence from another pair's document: answers quoting a document that is not one of the
  named parties' own (bench.cuad_topics.pair_documents; target 0);
- per topic, the same.

`python -m bench.cuad_claims` copies the knowledge base "cuad" of EVRAG_CUAD_DATA_DIR (never
written: the copy is) or ingests the CUAD PDFs into a temporary one, and prints the table;
`EVRAG_CUAD_LIMIT=N` asks about the first N agreements only; `EVRAG_CUAD_TOPICS=a,b` asks
the named topics only; EVRAG_CUAD_RESULTS=path writes every question with its answer as JSONL.
EVRAG_CLAIMS_PHRASINGS=<yaml> asks another phrasing set of the same shape instead of the default
`bench/cuad_claims_phrasings.yaml` (a path, absolute or from the repository root; e.g.
`bench/cuad_claims_phrasings_s39.yaml`, written in session 39 before any run with it, or
`bench/cuad_claims_phrasings_s41.yaml`, written in session 41 likewise, four styles a topic, or
`bench/cuad_claims_phrasings_s43.yaml`, session 43's). The sets read in development train the
question router (bench/train_routes.py `QUESTION_SETS`): a set measures untrained until added.

EVRAG_CLAIMS_SET=train asks the same phrasings of cuad-train's training contracts instead
(`pdf_in_shared` false: contracts no bench of the shared PDFs holds), with CUAD's labels of
those contracts for the categories and the parties and title as above (a name the text never
writes passed over): EVRAG_CLAIMS_RANKS=<i>-<j> picks them, ranks i to j of the sha256 order
of bench.question_variants' EVRAG_VARIANTS_SAMPLE (default 151-210, 60 contracts no bench was
tuned on), split into two halves by document as the shared set is (split_of: "dev" the first
half, "held_out" the second). Their texts are typeset to PDFs as bench/parties does (its
cache) and ingested into EVRAG_CLAIMS_TRAIN_DIR's knowledge base "cuad" (kept between runs:
re-ingest is idempotent, so it is built once; a temporary one when unset).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from bench.contract_nli import decision_of
from bench.cuad_topics import _train_labels, ask_all, cites_elsewhere, pair_documents, split_of
from bench.quality import (
    CUAD_CLAUSES,
    _cuad_parties,
    _cuad_title,
    _entity_key,
    env_path,
    load_jsonl,
)
from domain import base_key

ROOT = Path(__file__).resolve().parent.parent
PHRASINGS = Path(__file__).resolve().parent / "cuad_claims_phrasings.yaml"
TRAIN = CUAD_CLAUSES.parent.parent / "cuad-train"
TRAIN_RANKS = (151, 210)

# The claim answer's leads (skill/_claims.py claim_answer), longest first: "Yes, with
# conditions" is a Yes.
_LEADS = (
    ("Yes, with conditions", "Yes"),
    ("Yes", "Yes"),
    ("No", "No"),
    ("Not stated", "Not stated"),
    ("The sentences disagree", "disagree"),
    ("Not established", "not established"),
)
_CLAIM_LEADS = frozenset(lead for _, lead in _LEADS)
# a Not stated whose sentences read the claim both ways (skill/_claims.py claim_answer)
_MIXED = re.compile(r"Not stated\b[^—]*— the sentences disagree\b")
_STANCE = {"SUPPORTED": True, "CONTRADICTED": False}


def lead_of(answer: Mapping[str, Any]) -> str:
    """The answer's lead: "Yes", "No", "Not stated", "disagree", "not established",
    "subject not found" (the agreement refused), "other" (an answer that is not a claim's),
    or "error" for a failed question."""
    if "error" in answer or "question_error" in answer:
        return "error"
    if answer.get("terminal_state") == "SUBJECT_NOT_FOUND":
        return "subject not found"
    text = str((answer.get("conclusion") or {}).get("answer") or "").lstrip()
    for prefix, lead in _LEADS:
        if re.match(re.escape(prefix) + r"\b", text):
            return lead
    return "other"


def _present(value: Any) -> bool | None:
    """A CUAD answer as presence: Yes/No, a non-empty value (Renewal Term's "1 year"), or
    None where there is no answer to read."""
    if value is None:
        return None
    text = str(value).strip()
    if text.lower() in ("yes", "no"):
        return text.lower() == "yes"
    return bool(text) and text != "[]"


def gold_presence(
    row: Mapping[str, Any], labels: Mapping[str, Any] | None, categories: Sequence[str]
) -> bool | None:
    """Is any of the categories present in the agreement, by clauses.jsonl's answer column
    where the row has one, else by cuad-train's label (None: neither says)?"""
    said: list[bool] = []
    for category in categories:
        column = f"{category} (answer)"
        if column in row:
            value = _present(row.get(column))
        elif labels is not None and category in labels:
            label = labels[category]
            said_by = [_present(label.get(k)) for k in ("answer", "spans")]
            value = None if said_by == [None, None] else any(said_by)
        else:
            value = None
        if value is not None:
            said.append(value)
    return any(said) if said else None


def phrasings_path() -> Path:
    """The phrasing set asked: EVRAG_CLAIMS_PHRASINGS (absolute, or from the repository root)
    where set, else PHRASINGS."""
    return env_path("EVRAG_CLAIMS_PHRASINGS", PHRASINGS)


def agreement_words(pdf: Path) -> str | None:
    """The agreement's text as a name's words are folded (`base_key`'s folding: case, accents,
    dots and "&"), padded with spaces; None where the PDF (or text file) is not there to read."""
    if not pdf.is_file():
        return None
    if pdf.suffix.lower() == ".txt":
        text = pdf.read_text(encoding="utf-8")
    else:
        import pymupdf

        with pymupdf.open(pdf) as doc:
            text = " ".join(page.get_text() for page in doc)
    # base_key folds the whole text as it folds a name (a leading "the" or a trailing legal
    # form of the text itself aside): the words of every name it writes, in a row
    return f" {base_key(text)} "


def written_in(name: str, words: str | None) -> bool:
    """Does the agreement write the name: its words, legal form aside, in a row in the text
    (any case, broken across lines, "Inc." or "Incorporated")? True where the text is not
    there to read."""
    key = base_key(name)
    return words is None or (bool(key) and f" {key} " in words)


def questions(
    clauses_path: Path = CUAD_CLAUSES,
    phrasings_path: Path = PHRASINGS,
    limit: int | None = None,
    train: Mapping[tuple[str, str], Mapping[str, Any]] | None = None,
    topics: Sequence[str] | None = None,
    rows: Sequence[Mapping[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Every question of the bench, with CUAD's presence for its category (the PDFs are read
    from the `pdf` folder beside `clauses_path`); only the named `topics` where given. `rows`
    (those of `training_set`) asks them instead of clauses_path's: each its own "labels" and
    its "text" file read for the names it writes."""
    spec = yaml.safe_load(phrasings_path.read_text(encoding="utf-8"))
    if topics is not None:
        spec["topics"] = [t for t in spec["topics"] if t["topic"] in topics]
    train = _train_labels() if train is None and rows is None else (train or {})
    out: list[dict[str, Any]] = []
    agreements = 0
    rows = load_jsonl(clauses_path) if rows is None else rows
    own = pair_documents(rows)
    for row in rows:
        parties = _cuad_parties(str(row.get("Parties (answer)") or ""))
        title = _cuad_title(str(row.get("Document Name (answer)") or ""))
        if len(parties) < 2 or not title:
            continue
        words = agreement_words(
            TRAIN / "text" / str(row["text"])
            if "text" in row
            else clauses_path.parent / "pdf" / str(row["pdf"])
        )
        parties = [p for p in parties if written_in(p, words)]
        if len(parties) < 2:
            continue
        if limit is not None and agreements >= limit:
            break
        agreements += 1
        a, b = parties[0], parties[1]
        labels = row.get("labels") or train.get(
            (str(row.get("Document Name")), str(row.get("Parties")))
        )
        for topic in spec["topics"]:
            gold = gold_presence(row, labels, topic["gold"])
            for j, phrasing in enumerate(topic["phrasings"]):
                text = str(phrasing["text"])
                out.append(
                    {
                        "id": f"{Path(str(row['pdf'])).stem[:40]}:{topic['topic']}:{j + 1}",
                        "pdf": row["pdf"],
                        "split": split_of(str(row["pdf"])),
                        "topic": topic["topic"],
                        "claim": topic["claim"],
                        "question": text.format(title=title, a=a, b=b),
                        "yes_means_present": phrasing["yes_means"] == "present",
                        "present": gold,
                        "own_documents": own[frozenset({_entity_key(a), _entity_key(b)})],
                        # the same question of several agreements, up to the parties' order
                        "asks": "|".join(
                            [
                                topic["topic"],
                                str(j),
                                title if "{title}" in text else "",
                                *sorted({_entity_key(a), _entity_key(b)}),
                            ]
                        ),
                    }
                )
    return _same_question_same_gold(out)


def training_set(ranks: tuple[int, int] = TRAIN_RANKS) -> list[dict[str, Any]]:
    """cuad-train's training contracts of ranks i to j (bench.question_variants' sha256
    order), as rows of `questions`: with their "labels" and their "text" file's name."""
    from bench.question_variants import training_rows

    labels = {
        str(rec["text"]): rec["labels"]
        for rec in load_jsonl(TRAIN / "annotations.jsonl")
        if not rec["pdf_in_shared"]
    }
    rows = training_rows(TRAIN / "annotations.jsonl", ranks=ranks)
    return [{**r, "labels": labels[str(r["text"])]} for r in rows]


def _same_question_same_gold(qs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A question that cannot tell agreements apart is scored against all of them: the
    clause present when any has it, absent when every one that says marks it absent."""
    union: dict[str, list[bool]] = {}
    for q in qs:
        if q["present"] is not None:
            union.setdefault(q["asks"], []).append(q["present"])
    return [{**q, "present": any(union[q["asks"]]) if q["asks"] in union else None} for q in qs]


def outcome(q: Mapping[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
    """One question's lead, decision and stance on CUAD's category (True: present)."""
    decision = decision_of(answer)
    lead = lead_of(answer)
    # only a claim's answer says yes or no: elsewhere SUPPORTED means "a clause was found"
    said = _STANCE.get(decision) if lead in _CLAIM_LEADS else None
    stance = None if said is None else said == q["yes_means_present"]
    elsewhere = cites_elsewhere(q, answer)
    text = str((answer.get("conclusion") or {}).get("answer") or "").lstrip()
    mixed = lead == "disagree" or (lead == "Not stated" and bool(_MIXED.match(text)))
    return {
        "lead": lead,
        "decision": decision,
        "stance": stance,
        "elsewhere": elsewhere,
        "mixed": mixed,
    }


def _pct(num: int, den: int) -> str:
    return f"{100 * num / den:.1f}% ({num}/{den})" if den else "n/a"


def _figures(pairs: Sequence[tuple[Mapping[str, Any], Mapping[str, Any]]]) -> dict[str, str]:
    n = len(pairs)
    leads = Counter(o["lead"] for _, o in pairs)
    absent = [(q, o) for q, o in pairs if q["present"] is False]
    absent_yes_present = [(q, o) for q, o in absent if q["yes_means_present"]]
    present = [(q, o) for q, o in pairs if q["present"] is True]
    return {
        "questions": str(n),
        "answered Yes / No / Not stated": _pct(
            sum(leads[k] for k in ("Yes", "No", "Not stated")), n
        ),
        "  Yes": _pct(leads["Yes"], n),
        "  No": _pct(leads["No"], n),
        "  Not stated": _pct(leads["Not stated"], n),
        "    of them, the sentences disagree": _pct(
            sum(1 for _, o in pairs if o["lead"] == "Not stated" and o.get("mixed")), n
        ),
        "  the sentences disagree": _pct(leads["disagree"], n),
        "  not established": _pct(leads["not established"], n),
        "  subject not found": _pct(leads["subject not found"], n),
        "  other (not a claim's answer) / error": _pct(leads["other"] + leads["error"], n),
        # every answer counts here, a claim's or not: SUPPORTED is what a user reads as yes
        "absent: SUPPORTED (Yes = present phrasings)": _pct(
            sum(1 for _, o in absent_yes_present if o["decision"] == "SUPPORTED"),
            len(absent_yes_present),
        ),
        "absent: said present (every phrasing)": _pct(
            sum(1 for _, o in absent if o["stance"] is True), len(absent)
        ),
        "present: right": _pct(sum(1 for _, o in present if o["stance"] is True), len(present)),
        "present: swapped (said absent)": _pct(
            sum(1 for _, o in present if o["stance"] is False), len(present)
        ),
        "present: no stance": _pct(sum(1 for _, o in present if o["stance"] is None), len(present)),
        "no CUAD answer": str(sum(1 for q, _ in pairs if q["present"] is None)),
        "evidence from another pair's document (target 0)": str(
            sum(1 for _, o in pairs if o.get("elsewhere"))
        ),
    }


def score(qs: Sequence[Mapping[str, Any]], results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The figures of the module docstring, per split ("dev", "held_out", "all"), and per
    topic over all."""
    pairs = [(q, outcome(q, r)) for q, r in zip(qs, results, strict=True)]
    report: dict[str, Any] = {
        split: _figures([(q, o) for q, o in pairs if split in ("all", q["split"])])
        for split in ("dev", "held_out", "all")
    }
    report["by_topic"] = {
        topic: _figures([(q, o) for q, o in pairs if q["topic"] == topic])
        for topic in dict.fromkeys(q["topic"] for q in qs)
    }
    return report


def format_report(report: Mapping[str, Any]) -> str:
    """The report as a table: the splits side by side, then each topic's figures."""
    rows = list(report["all"])
    lines = [f"{'':46} {'development':>18} {'held-out':>18} {'all':>18}"]
    for k in rows:
        cells = [str(report[s][k]) for s in ("dev", "held_out", "all")]
        lines.append(f"{k:46} {cells[0]:>18} {cells[1]:>18} {cells[2]:>18}")
    keys = (
        "answered Yes / No / Not stated",
        "absent: SUPPORTED (Yes = present phrasings)",
        "absent: said present (every phrasing)",
        "present: right",
        "present: swapped (said absent)",
    )
    lines.append("per topic (all): " + " | ".join(keys))
    for topic, figures in report["by_topic"].items():
        lines.append(f"   {topic:28} " + " | ".join(figures[k] for k in keys))
    return "\n".join(lines)


def _copy_data_dir(source: Path, target: Path) -> None:
    # The shared knowledge base is never written: opening a runtime takes its lock and may
    # touch the catalog, so the bench works on a copy (the lock file is the holder's own).
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("LOCK"))


def run() -> None:
    """Ask every question, print the table (and write the answers where asked)."""
    from app import Runtime, Settings

    limit = os.environ.get("EVRAG_CUAD_LIMIT")
    topics = os.environ.get("EVRAG_CUAD_TOPICS")
    training = None
    if os.environ.get("EVRAG_CLAIMS_SET", "pdf") == "train":
        from bench.question_variants import _ranks

        training = training_set(_ranks(os.environ.get("EVRAG_CLAIMS_RANKS")) or TRAIN_RANKS)
    qs = questions(
        phrasings_path=phrasings_path(),
        limit=int(limit) if limit else None,
        topics=[t.strip() for t in topics.split(",") if t.strip()] if topics else None,
        rows=training,
    )
    existing = os.environ.get("EVRAG_CUAD_DATA_DIR")
    kept = os.environ.get("EVRAG_CLAIMS_TRAIN_DIR")
    with tempfile.TemporaryDirectory(prefix="evrag-cuad-claims-") as tmp:
        data_dir = Path(tmp) / "data"
        if training is not None and kept:
            data_dir = Path(kept)
        elif existing and training is None:
            _copy_data_dir(Path(existing), data_dir)
        with Runtime.open(Settings(data_dir=data_dir)) as rt:
            if training is not None:
                from bench.parties import DEFAULT_CACHE
                from bench.question_variants import _training_sources

                print(
                    "   "
                    + rt.ingestor.run("cuad", _training_sources(training, DEFAULT_CACHE)).summary()
                )
            elif not existing:
                pdfs = sorted(CUAD_CLAUSES.parent.joinpath("pdf").glob("*"))
                print("   " + rt.ingestor.run("cuad", pdfs).summary())
            started = time.perf_counter()
            results = ask_all(rt.skill, "cuad", qs)
            elapsed = time.perf_counter() - started
    print(f"   phrasings: {phrasings_path().name}")
    print(f"   {len(qs)} questions asked in {elapsed:.0f} s")
    print(format_report(score(qs, results)))
    dump = os.environ.get("EVRAG_CUAD_RESULTS")
    if dump:
        with open(dump, "w", encoding="utf-8") as f:
            for q, r in zip(qs, results, strict=True):
                f.write(json.dumps({"q": q, "r": r}, sort_keys=True) + "\n")


if __name__ == "__main__":
    run()
    sys.exit(0)
