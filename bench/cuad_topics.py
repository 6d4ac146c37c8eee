"""The CUAD topic bench (issue 14): open phrasings of the due-diligence clause topics on the
shared CUAD PDFs, naming each agreement by its parties.

The questions are the phrasings of `bench/cuad_phrasings.yaml` (written before any result was
looked at) filled in per agreement; the agreements are split BY DOCUMENT into a development
half and a held-out half (the parity of the first byte of sha256(file name)), and every figure
is reported for both:

- accepted: the question is read (no question error);
- right clause found: an evidence quote overlaps CUAD's span (topics with CUAD spans, where
  CUAD marks one);
- value from the wrong clause: `sufficient: true` while no evidence quote overlaps any of
  CUAD's spans for the topic (where CUAD marks one);
- answer where CUAD marks absent: `sufficient: true` where CUAD has no span for the topic
  (topics with CUAD columns only); affirmed where absent: the same, less the yes/no answers
  "No" (CONTRADICTED), which are right where the clause is absent ("No — a non-exclusive
  licence"), so what is left answers the clause from elsewhere;
- evidence from another pair's document: answers quoting a document that is not one of the
  two named parties' own (as CUAD annotates the parties of each PDF: their agreement, its
  amendments): a subject-integrity breach (issue 33, target 0);
- swapped parties: answers (a value given) to questions about an agreement that does not
  exist (must be 0); placeholders not refused: a placeholder question neither refused as a
  question error nor refused as SUBJECT_NOT_FOUND (must be 0; a role word such as "the
  seller" is the defined term of some agreement, so the gate may read it and refuse);
- governing law right: every value given matches CUAD's answer (and at least one is given);
- a question asked in the same words of several agreements, up to the order of the parties
  (an agreement and its amendments, named by the same parties), is scored against the gold
  of all of them;
- the acceptance-only topics (termination for convenience, change of control, non-compete,
  exclusivity, audit rights, insurance, notice to stop renewal) scored the same way against
  ../shared/data/cuad-train's annotations of the same contracts, in rows of their own;
- the issue's fourteen topics together (the rows "the 14 topics"): each topic against the
  gold it has, CUAD's spans or else cuad-train's (the taxonomy's further topics apart).

`python -m bench.cuad_topics` ingests the CUAD PDFs into a temporary knowledge base (or uses
EVRAG_CUAD_DATA_DIR, a data directory whose knowledge base "cuad" already holds them) and
prints the table; `EVRAG_CUAD_LIMIT=N` asks about the first N agreements only (a quick run).
"""

from __future__ import annotations

import ast
import hashlib
import os
import re
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from bench.quality import (
    CUAD_CLAUSES,
    _cuad_parties,
    _cuad_title,
    _entity_key,
    canonical_jurisdiction,
    load_jsonl,
    values_match,
)

PHRASINGS = Path(__file__).resolve().parent / "cuad_phrasings.yaml"
CUAD_TRAIN = CUAD_CLAUSES.parent.parent / "cuad-train" / "annotations.jsonl"


def _train_labels(path: Path = CUAD_TRAIN) -> dict[tuple[str, str], dict[str, Any]]:
    """cuad-train's labels of the contracts whose PDF is shared, keyed as clauses.jsonl rows
    can be (their Document Name and Parties spans, which the two files write alike)."""
    if not path.exists():
        return {}
    out: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in load_jsonl(path):
        if row.get("pdf_in_shared"):
            labels = row["labels"]
            key = (labels["Document Name"]["spans"], labels["Parties"]["spans"])
            out.setdefault(key, []).append(labels)
    return {k: v[0] for k, v in out.items() if len(v) == 1}


_SHINGLE = 6  # words: a quote overlaps a span when they share a run of this many words
_SHORT_WORDS = 8  # a span (or quote) this short must be contained whole, spaces ignored


def split_of(pdf: str) -> str:
    """ "dev" or "held_out", fixed by the file name alone."""
    return "dev" if hashlib.sha256(pdf.encode()).digest()[0] % 2 == 0 else "held_out"


def _spans(raw: object) -> list[str]:
    text = str(raw or "").strip()
    if not text or text == "[]":
        return []
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return [text]
    return [str(v) for v in value if str(v).strip()] if isinstance(value, list) else [text]


def _words(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).split()


def overlaps(quote: str, span: str) -> bool:
    """Does a cited quote overlap a gold span (a shared run of words, or containment)?"""
    q, s = _words(quote), _words(span)
    if not q or not s:
        return False
    short, long_ = (q, s) if len(q) <= len(s) else (s, q)
    if len(short) <= _SHORT_WORDS:
        # A short span is found in the quote with spaces ignored: CUAD's text and the PDF's
        # may split a word differently ("20t h day of December 2018").
        return "".join(short) in "".join(long_)
    grams = {tuple(s[i : i + _SHINGLE]) for i in range(len(s) - _SHINGLE + 1)}
    return any(tuple(q[i : i + _SHINGLE]) in grams for i in range(len(q) - _SHINGLE + 1))


def pair_documents(rows: Sequence[Mapping[str, Any]]) -> dict[frozenset[str], list[str]]:
    """The PDFs of each pair of parties (by `_entity_key`, as CUAD annotates them): the
    documents a question naming those two parties may cite (their agreement, its amendments,
    any other instrument of theirs). Evidence from any other document answers about another
    subject (issue 33: "answers citing a document outside the resolved subject: 0").

    A party CUAD writes only by its defined term ('Supplier ("Supplier")', where the agreement
    leaves the name blank) is the party another agreement with the same counterpart defines by
    that term ('Cardlytics, ("Supplier")' with Bank of America): the pair is theirs, and the
    documents of both are its own."""
    parsed = [
        (str(row["pdf"]), _party_terms(str(row.get("Parties (answer)") or ""))) for row in rows
    ]
    # (a counterpart's key, a defined term's key) -> the keys of the parties it defines there
    defines: dict[tuple[str, str], set[str]] = {}
    for _, terms in parsed:
        for key, own_terms in terms.items():
            for term in own_terms - {key}:
                for other in terms.keys() - {key}:
                    defines.setdefault((other, term), set()).add(key)

    def named(key: str, counterpart: str) -> str:
        found = defines.get((counterpart, key), set()) - {key}
        return next(iter(found)) if len(found) == 1 else key

    by_pair: dict[frozenset[str], set[str]] = {}
    written: list[tuple[frozenset[str], frozenset[str]]] = []
    for pdf, terms in parsed:
        keys = sorted(terms)
        for i, a in enumerate(keys):
            for b in keys[i + 1 :]:
                resolved = frozenset({named(a, b), named(b, a)})
                by_pair.setdefault(resolved, set()).add(pdf)
                written.append((frozenset({a, b}), resolved))
    out: dict[frozenset[str], set[str]] = {}
    for pair, resolved in written:
        out.setdefault(pair, set()).update(by_pair[resolved])
        out.setdefault(resolved, set()).update(by_pair[resolved])
    return {k: sorted(v) for k, v in out.items()}


def _party_terms(raw: str) -> dict[str, frozenset[str]]:
    """Each party CUAD annotates (`_cuad_parties`, by key) with the keys of the defined terms
    its annotation quotes ('Cardlytics, ("Supplier")' -> {"cardlytics": {"supplier"}})."""
    quoted: dict[str, set[str]] = {}
    for part in raw.split(";"):
        names = _cuad_parties(part)
        if names:
            terms = re.findall(r"[\"“]([^\"“”]+)[\"”]", part)
            quoted.setdefault(_entity_key(names[0]), set()).update(
                k for k in map(_entity_key, terms) if k
            )
    return {
        key: frozenset(quoted.get(key, ())) for key in (_entity_key(p) for p in _cuad_parties(raw))
    }


def cites_elsewhere(q: Mapping[str, Any], answer: Mapping[str, Any]) -> bool:
    """Does the answer quote evidence from a document outside the question's own (its
    `own_documents`, else its `pdf`)?"""
    own = q.get("own_documents") or [q.get("pdf")]
    cited = {
        str((e.get("source_location") or {}).get("document") or "")
        for e in answer.get("evidence") or []
    }
    return bool(cited - set(own))


def questions(
    clauses_path: Path = CUAD_CLAUSES, phrasings_path: Path = PHRASINGS, limit: int | None = None
) -> list[dict[str, Any]]:
    """Every question of the bench, with what scores it."""
    spec = yaml.safe_load(phrasings_path.read_text(encoding="utf-8"))
    rows = load_jsonl(clauses_path)
    train = _train_labels()
    own = pair_documents(rows)
    agreements = []
    for row in rows:
        parties = _cuad_parties(str(row.get("Parties (answer)") or ""))
        title = _cuad_title(str(row.get("Document Name (answer)") or ""))
        if len(parties) < 2 or not title:
            continue
        agreements.append({"row": row, "parties": parties, "title": title})
    if limit is not None:
        agreements = agreements[:limit]
    pairs = {
        frozenset({_entity_key(a), _entity_key(b)})
        for ag in agreements
        for i, a in enumerate(ag["parties"])
        for b in ag["parties"][i + 1 :]
    }
    out: list[dict[str, Any]] = []
    n = len(agreements)
    for i, ag in enumerate(agreements):
        row, title = ag["row"], ag["title"]
        a, b = ag["parties"][0], ag["parties"][1]
        base = {"pdf": row["pdf"], "split": split_of(str(row["pdf"]))}
        labels = train.get((str(row.get("Document Name")), str(row.get("Parties"))))
        for topic in spec["topics"]:
            columns = list(topic.get("gold") or [])
            spans = [s for c in columns for s in _spans(row.get(c))]
            train_columns = list(topic.get("train_gold") or []) if labels else []
            train_spans = [
                s for c in train_columns for s in _spans((labels or {}).get(c, {}).get("spans"))
            ]
            laws = []
            if topic["topic"] == "governing_law":
                law = str(row.get("Governing Law (answer)") or "")
                laws = [canonical_jurisdiction(x) for x in law.split(";") if x.strip()]
            for j, phrasing in enumerate(topic["phrasings"]):
                out.append(
                    {
                        **base,
                        "id": f"{Path(str(row['pdf'])).stem[:40]}:{topic['topic']}:{j + 1}",
                        "topic": topic["topic"],
                        "kind": "topic",
                        "question": phrasing.format(title=title, a=a, b=b),
                        # the same question of the same agreement, however its parties are
                        # ordered (see _same_question_same_gold)
                        "asks": "|".join(
                            [
                                topic["topic"],
                                str(j),
                                title if "{title}" in phrasing else "",
                                *sorted({_entity_key(a), _entity_key(b)}),
                            ]
                        ),
                        "gold_columns": columns,
                        "spans": spans,
                        "train_columns": train_columns,
                        "train_spans": train_spans,
                        "rows": str(topic.get("rows") or "clause"),
                        "laws": laws,
                        "own_documents": own[frozenset({_entity_key(a), _entity_key(b)})],
                    }
                )
        keys = {_entity_key(p) for p in ag["parties"]}
        for step in range(1, n):
            other = agreements[(i + step) % n]["parties"]
            swap = other[0]
            if {_entity_key(p) for p in other} & keys or frozenset(
                {_entity_key(a), _entity_key(swap)}
            ) in pairs:
                continue
            for s in spec["swapped"]:
                out.append(
                    {
                        **base,
                        "id": f"{Path(str(row['pdf'])).stem[:40]}:{s['topic']}:swapped",
                        "topic": s["topic"],
                        "kind": "swapped",
                        "question": s["phrasing"].format(title=title, a=a, b=swap),
                    }
                )
            break
        for j, phrasing in enumerate(spec["placeholders"]):
            out.append(
                {
                    **base,
                    "id": f"{Path(str(row['pdf'])).stem[:40]}:placeholder:{j + 1}",
                    "topic": "placeholder",
                    "kind": "placeholder",
                    "question": phrasing.format(title=title, a=a, b=b),
                }
            )
    return _same_question_same_gold(out)


def _same_question_same_gold(qs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A question asked of several agreements in the same words, up to the order of the
    parties (an agreement and its amendments, named by the same parties), cannot tell them
    apart: each is scored against the gold of all of them (their spans and laws together)."""
    union: dict[str, dict[str, list[str]]] = {}
    for q in qs:
        if q["kind"] != "topic":
            continue
        cell = union.setdefault(q["asks"], {})
        for field in ("spans", "train_spans", "laws"):
            cell.setdefault(field, []).extend(q[field])
    out = []
    for q in qs:
        if q["kind"] == "topic":
            cell = union[q["asks"]]
            q = {**q, **{f: list(dict.fromkeys(v)) for f, v in cell.items()}}
        out.append(q)
    return out


def ask_all(skill: Any, kb: str, qs: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each question's answer as JSON (or {"question_error": ...} / {"error": ...})."""
    from skill import SubjectClassError

    out = []
    for q in qs:
        try:
            row = skill.ask(kb, q["question"]).model_dump(mode="json")
        except SubjectClassError as exc:
            row = {"question_error": str(exc)}
        except Exception as exc:  # one failing question is scored, not fatal
            row = {"error": f"{type(exc).__name__}: {exc}"}
        out.append(row)
    return out


def _affirmed(r: Mapping[str, Any]) -> bool:
    """Answered, and not with "No": a yes/no question's CONTRADICTED ("No — a non-exclusive
    licence") is the right answer where the clause is absent, not an answer from nowhere."""
    return bool(r.get("sufficient")) and (r.get("sufficiency") or {}).get("decision") != (
        "CONTRADICTED"
    )


def _answered(r: Mapping[str, Any]) -> bool:
    return bool((r.get("conclusion") or {}).get("values"))


def _quotes(r: Mapping[str, Any]) -> list[str]:
    return [str(e.get("quote") or "") for e in r.get("evidence") or []]


def _pct(num: int, den: int) -> str:
    return f"{100 * num / den:.1f}% ({num}/{den})" if den else "n/a"


# The groups of topics scored against cuad-train (`rows` in cuad_phrasings.yaml), by the
# label that begins their rows.
_ROWS = {"clause": "clause topics", "taxonomy": "taxonomy topics"}


def _train_rows(
    pairs: Sequence[tuple[Mapping[str, Any], Mapping[str, Any]]], gold: str = "cuad-train gold"
) -> dict[str, str]:
    """Right clause, wrong clause and answered where absent, against the `train_spans` (the
    row names the `gold`)."""
    with_span = [(q, r) for q, r in pairs if q.get("train_columns") and q["train_spans"]]
    absent = [(q, r) for q, r in pairs if q.get("train_columns") and not q["train_spans"]]
    found = [
        any(overlaps(x, s) for x in _quotes(r) for s in q["train_spans"]) for q, r in with_span
    ]
    wrong = sum(
        1 for (_, r), hit in zip(with_span, found, strict=True) if r.get("sufficient") and not hit
    )
    return {
        f" ({gold}): right clause": _pct(sum(found), len(with_span)),
        ": from the wrong clause": _pct(wrong, len(with_span)),
        ": answer where absent": _pct(
            sum(1 for _, r in absent if r.get("sufficient")), len(absent)
        ),
        ": affirmed where absent (not a No)": _pct(
            sum(1 for _, r in absent if _affirmed(r)), len(absent)
        ),
    }


def score(qs: Sequence[Mapping[str, Any]], results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The figures of the module docstring, per split ("dev", "held_out", "all")."""
    report: dict[str, Any] = {}
    for split in ("dev", "held_out", "all"):
        pick = [(q, r) for q, r in zip(qs, results, strict=True) if split in ("all", q["split"])]
        topic = [(q, r) for q, r in pick if q["kind"] == "topic"]
        accepted = [(q, r) for q, r in topic if "question_error" not in r and "error" not in r]
        with_span = [(q, r) for q, r in topic if q["gold_columns"] and q["spans"]]
        absent = [(q, r) for q, r in topic if q["gold_columns"] and not q["spans"]]
        right = [
            (q, r)
            for q, r in with_span
            if any(overlaps(x, s) for x in _quotes(r) for s in q["spans"])
        ]
        wrong = [
            (q, r)
            for q, r in with_span
            if r.get("sufficient")
            and not any(overlaps(x, s) for x in _quotes(r) for s in q["spans"])
        ]
        cited = [(q, r) for q, r in topic if r.get("evidence")]
        elsewhere = [(q, r) for q, r in cited if cites_elsewhere(q, r)]
        absent_answered = [(q, r) for q, r in absent if r.get("sufficient")]
        absent_value = [(q, r) for q, r in absent if _answered(r)]
        swapped = [(q, r) for q, r in pick if q["kind"] == "swapped"]
        swapped_answered = [(q, r) for q, r in swapped if _answered(r)]
        placeholders = [(q, r) for q, r in pick if q["kind"] == "placeholder"]
        # A role word where a name should be ("between the seller and B") is a name when
        # some agreement of the knowledge base defines a party by it: then the gate looks
        # for that party's agreement with B and, finding none, refuses. Refused either way.
        placeholder_error = [(q, r) for q, r in placeholders if "question_error" in r]
        placeholder_read = [
            (q, r)
            for q, r in placeholders
            if "question_error" not in r and r.get("terminal_state") != "SUBJECT_NOT_FOUND"
        ]
        law = [(q, r) for q, r in topic if q["topic"] == "governing_law" and q["laws"]]
        law_right = [
            (q, r)
            for q, r in law
            if (vals := [str(v["value"]) for v in (r.get("conclusion") or {}).get("values", [])])
            and all(any(values_match(g, v) for g in q["laws"]) for v in vals)
        ]
        # The acceptance-only topics against cuad-train's annotations of the same contracts,
        # and the rest of the taxonomy's topics alike, in rows of their own.
        trained = {g: _train_rows([(q, r) for q, r in topic if q.get("rows") == g]) for g in _ROWS}
        # The issue's fourteen topics together (the twelve of its checklist, parties and
        # governing law): each scored against CUAD's spans where the shared file has its
        # column, else against cuad-train's annotations of the same contract.
        fourteen = _train_rows(
            [
                (
                    {**q, "train_columns": q["gold_columns"], "train_spans": q["spans"]}
                    if q["gold_columns"]
                    else q,
                    r,
                )
                for q, r in topic
                if q["gold_columns"] or q.get("rows") == "clause"
            ],
            gold="either gold",
        )
        by_topic: dict[str, list[int]] = {}
        for q, r in topic:
            cell = by_topic.setdefault(q["topic"], [0, 0, 0, 0])
            cell[0] += 1
            cell[1] += "question_error" not in r and "error" not in r
            cell[2] += bool(r.get("sufficient"))
            gold_spans = q["spans"] or q.get("train_spans") or []
            cell[3] += bool(gold_spans) and any(
                overlaps(x, s) for x in _quotes(r) for s in gold_spans
            )
        report[split] = {
            "agreements": len({q["pdf"] for q, _ in pick}),
            "questions": len(topic),
            "accepted": _pct(len(accepted), len(topic)),
            "right clause found": _pct(len(right), len(with_span)),
            "value from the wrong clause": _pct(len(wrong), len(with_span)),
            "answer where CUAD marks absent (sufficient)": _pct(len(absent_answered), len(absent)),
            "a value where CUAD marks absent": _pct(len(absent_value), len(absent)),
            "affirmed where CUAD marks absent (not a No)": _pct(
                sum(1 for _, r in absent if _affirmed(r)), len(absent)
            ),
            "evidence from another pair's document (target 0)": (
                f"{len(elsewhere)} of {len(cited)}"
            ),
            "swapped-party answers": f"{len(swapped_answered)} of {len(swapped)}",
            "placeholders not refused": f"{len(placeholder_read)} of {len(placeholders)}",
            "placeholders refused as question errors": (
                f"{len(placeholder_error)} of {len(placeholders)}"
            ),
            "governing law right": _pct(len(law_right), len(law)),
            **{f"{_ROWS[g]}{k}": v for g, rows in trained.items() for k, v in rows.items()},
            **{f"the 14 topics{k}": v for k, v in fourteen.items()},
            "errors": sum(1 for _, r in pick if "error" in r),
            "by_topic": by_topic,
        }
    return report


def format_report(report: Mapping[str, Any]) -> str:
    rows = [k for k in report["all"] if k != "by_topic"]
    lines = [f"{'':50} {'development':>22} {'held-out':>22} {'all':>22}"]
    for k in rows:
        cells = [str(report[s][k]) for s in ("dev", "held_out", "all")]
        lines.append(f"{k:50} {cells[0]:>22} {cells[1]:>22} {cells[2]:>22}")
    lines.append("per topic (all): questions / accepted / sufficient / right clause found")
    for topic, (n, acc, suff, right) in report["all"]["by_topic"].items():
        lines.append(f"   {topic:30} {n:4} {acc:4} {suff:4} {right:4}")
    return "\n".join(lines)


def run() -> None:
    import tempfile

    from app import Runtime, Settings

    limit = os.environ.get("EVRAG_CUAD_LIMIT")
    qs = questions(limit=int(limit) if limit else None)
    existing = os.environ.get("EVRAG_CUAD_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="evrag-cuad-topics-") as tmp:
        data_dir = Path(existing) if existing else Path(tmp) / "data"
        with Runtime.open(Settings(data_dir=data_dir)) as rt:
            if not existing:
                pdfs = sorted(CUAD_CLAUSES.parent.joinpath("pdf").glob("*"))
                print("   " + rt.ingestor.run("cuad", pdfs).summary())
            started = time.perf_counter()
            results = ask_all(rt.skill, "cuad", qs)
            elapsed = time.perf_counter() - started
            print(f"   {len(qs)} questions asked in {elapsed:.0f} s")
            print(format_report(score(qs, results)))
            dump = os.environ.get("EVRAG_CUAD_RESULTS")
            if dump:
                import json

                with open(dump, "w", encoding="utf-8") as f:
                    for q, r in zip(qs, results, strict=True):
                        f.write(json.dumps({"q": q, "r": r}, sort_keys=True) + "\n")


if __name__ == "__main__":
    run()
    sys.exit(0)
