"""Answer-quality scorer: gold questions against the skill's answer objects.

`score(results, gold)` -> report dict; `format_table(report)` -> text table.
`score_bindings(predicted, gold_bindings)` -> binding precision/recall.
`cuad_questions(clauses_path)` builds governing-law questions (and swapped-party variants that
must be refused) from CUAD; `financebench_recall(search, ...)` measures page recall@k.
`run()` is the `make bench` entry: it ingests the data room, asks the gold questions and
prints the table (see its docstring for CUAD, FinanceBench and scoring a results file).

Value matching follows the shared value conventions: names compare by `entity_key`, other
values by lower-cased, whitespace-collapsed text, and free-text gold values (key phrases) by
containment in the answer value.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOLD_PATH = ROOT / "tests" / "data_room" / "gold.jsonl"
GOLD_BINDINGS_PATH = ROOT / "tests" / "data_room" / "gold_bindings.jsonl"
CUAD_CLAUSES = ROOT.parent / "shared" / "data" / "cuad" / "clauses.jsonl"
FINANCEBENCH_QUESTIONS = ROOT.parent / "shared" / "data" / "financebench" / "questions.jsonl"

KINDS = (
    "role",
    "relation",
    "entity_attribute",
    "agreement_attribute",
    "obligations",
    "person_attribute",
    "yes_no",
)
CONCLUDED = "CONCLUDED"
NOT_FOUND = "SUBJECT_NOT_FOUND"

_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_NUMBER_WORDS = {
    1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 14: "fourteen", 15: "fifteen",
    18: "eighteen", 20: "twenty", 24: "twenty-four", 30: "thirty", 36: "thirty-six",
    45: "forty-five", 60: "sixty", 90: "ninety", 120: "one hundred twenty", 180: "one hundred eighty",
}  # fmt: skip
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_MONEY = re.compile(r"^([A-Z]{3}) (\d{1,3}(?:,\d{3})*(?:\.\d+)?)$")
_PERCENT = re.compile(r"^(\d+(?:\.\d+)?)%$")
_DURATION = re.compile(r"^(\d+) (day|month|year|week)s?$")
_FREE_TEXT_WORDS = 7  # a gold value this long is a key phrase, matched by containment


# ---------------------------------------------------------------------------------------------
# names and values
# ---------------------------------------------------------------------------------------------
def _fallback_entity_key(name: str) -> str:
    tokens = re.sub(r"[^a-z0-9]+", " ", re.sub(r"[.'’`]", "", name.lower().replace("&", " and ")))
    return " ".join(tokens.split())


def _entity_key(name: str) -> str:
    """The project's entity key; a local approximation when retrieval is not importable."""
    try:
        from domain import entity_key
    except ImportError:  # the scorer must run on a tree without the retrieval package
        return _fallback_entity_key(name)
    return entity_key(name)


def collapse(text: str) -> str:
    """Lower-case, whitespace collapsed, typographic quotes folded."""
    text = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.lower().split())


def value_kind(value: str) -> str:
    """Which of the shared value formats a normalized value has."""
    v = value.strip()
    if v.lower() in {"yes", "no"}:
        return "yes_no"
    if _DATE.match(v):
        return "date"
    if _MONEY.match(v):
        return "money"
    if _PERCENT.match(v):
        return "percentage"
    if _DURATION.match(v):
        return "duration"
    if len(v.split()) >= _FREE_TEXT_WORDS:
        return "free_text"
    return "name"


def values_match(gold: str, answer: str) -> bool:
    """Does an answer value recall a gold value (the shared matching rule)?"""
    kind = value_kind(gold)
    if kind == "free_text":
        return collapse(gold) in collapse(answer)
    if collapse(gold) == collapse(answer):
        return True
    if kind == "name":
        g, a = _entity_key(gold), _entity_key(answer)
        return bool(g) and g == a
    return False


def _number_pattern(number: str) -> str:
    """Digits as written in a source: optional thousands separators and a trailing .0."""
    whole, _, frac = number.partition(".")
    digits = whole.replace(",", "")
    grouped = f"{int(digits):,}" if digits.isdigit() else digits
    body = f"(?:{re.escape(digits)}|{re.escape(grouped)})"
    if frac and frac.strip("0"):
        return body + re.escape("." + frac)
    return body + r"(?:\.0+)?"


def value_in_text(value: str, text: str) -> bool:
    """Loose check that a quote or page states a normalized value.

    Dates: the year and the month (by name or number); money: the amount's digits;
    percentages: the number followed by % or "percent"; durations: the number (digits or
    words) and the unit; names: every token of the name's key; free text and others:
    containment. Yes/no cannot be quoted and always passes.
    """
    t = collapse(text)
    kind = value_kind(value)
    if kind == "yes_no":
        return True
    if kind == "date":
        m = _DATE.match(value.strip())
        assert m is not None
        year, month = m.group(1), int(m.group(2))
        month_ok = _MONTHS[month - 1] in t or re.search(rf"\b0?{month}[/.-]", t) is not None
        return year in t and month_ok
    if kind == "money":
        m = _MONEY.match(value.strip())
        assert m is not None
        return re.search(_number_pattern(m.group(2)), t) is not None
    if kind == "percentage":
        m = _PERCENT.match(value.strip())
        assert m is not None
        return re.search(_number_pattern(m.group(1)) + r"\s*(?:%|percent)", t) is not None
    if kind == "duration":
        m = _DURATION.match(value.strip())
        assert m is not None
        n, unit = int(m.group(1)), m.group(2)
        word = _NUMBER_WORDS.get(n)
        has_n = re.search(rf"\b{n}\b", t) is not None or (word is not None and word in t)
        return has_n and unit in t
    if kind == "name":
        # A jurisdiction cited by a form the gold's own normalization folds ("PRC" -> China).
        if any(
            canon == value and re.search(rf"(?<![\w']){re.escape(surface)}(?![\w'])", t)
            for surface, canon in _JURISDICTION_ALIASES.items()
        ):
            return True
        key_tokens = _fallback_entity_key(value).split()
        text_tokens = set(_fallback_entity_key(text).split())
        # Corporate suffixes are often abbreviated or dropped in running text.
        core = [tok for tok in key_tokens if tok not in _SUFFIX_TOKENS] or key_tokens
        if all(tok in text_tokens for tok in core):
            return True
        # A person is often cited by a defined short name ("Okafor shall serve as ...").
        is_person = len(core) in (2, 3) and len(core) == len(key_tokens)
        return is_person and core[-1] in text_tokens
    return collapse(value) in t


# Legal forms that running text often drops ("Northgate" for "Northgate Logistics, Inc.");
# distinctive foreign forms (GmbH, AG, plc ...) stay required: they tell similar names apart.
_SUFFIX_TOKENS = frozenset(
    [
        "inc",
        "incorporated",
        "corp",
        "corporation",
        "co",
        "company",
        "llc",
        "ltd",
        "limited",
        "lp",
        "llp",
        "na",
    ]
)


# ---------------------------------------------------------------------------------------------
# the answer object
# ---------------------------------------------------------------------------------------------
def _answer_values(result: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    conclusion = result.get("conclusion") or {}
    return [v for v in conclusion.get("values") or [] if isinstance(v, Mapping)]


def _evidence_by_id(result: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {str(e.get("evidence_id")): e for e in result.get("evidence") or []}


def _location_pages(location: Mapping[str, Any]) -> list[tuple[str, int]]:
    doc = str(location.get("document") or "")
    pages = [int(location["page"])] if location.get("page") else []
    for extra in location.get("pages") or []:
        if isinstance(extra, Mapping) and extra.get("page"):
            pages.append(int(extra["page"]))
    return [(doc, p) for p in pages]


def _gold_page_ok(
    gold_pages: Sequence[Mapping[str, Any]], cited: Iterable[tuple[str, int]]
) -> bool:
    for doc, page in cited:
        for g in gold_pages:
            if g.get("document") == doc and (g.get("page") is None or int(g["page"]) == page):
                return True
    return False


def _citation_exact(
    value: Mapping[str, Any], result: Mapping[str, Any], gold_pages: Sequence[Mapping[str, Any]]
) -> bool:
    """The value's cited evidence lies on a gold page and its quote states the value."""
    evidence = _evidence_by_id(result)
    text = str(value.get("value", ""))
    for eid in value.get("evidence_ids") or []:
        ev = evidence.get(str(eid))
        if ev is None:
            continue
        loc = ev.get("source_location") or {}
        if _gold_page_ok(gold_pages, _location_pages(loc)) and value_in_text(
            text, str(ev.get("quote", ""))
        ):
            return True
    return False


# ---------------------------------------------------------------------------------------------
# score
# ---------------------------------------------------------------------------------------------
def _ratio(num: int, den: int) -> float | None:
    return None if den == 0 else num / den


def score(
    results: list[dict[str, Any]],
    gold: list[dict[str, Any]],
    *,
    bindings: Sequence[Mapping[str, Any]] | None = None,
    gold_bindings: Sequence[Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """Score answer objects (matched to gold by "id") against gold questions.

    A result missing for a gold id counts as a non-answer (neither refusal nor value).
    Pass `bindings` (predicted) and `gold_bindings` to add binding precision/recall.
    """
    by_id = {str(r.get("id")): r for r in results}
    c: dict[str, int] = dict.fromkeys(
        [
            "questions", "answered", "absent", "correct_refusals", "hard_answers", "answerable",
            "false_refusals", "gold_values", "recalled_values", "answer_values", "extra_values",
            "cited_values", "exact_citations", "conflict_questions", "conflicts_surfaced",
            "spurious_conflicts", "sufficient_questions", "sufficient_correct", "state_correct",
            "empty_expected", "empty_correct", "superseded_expected", "superseded_listed",
        ],
        0,
    )  # fmt: skip
    per_kind: dict[str, dict[str, int]] = {k: {"n": 0, "ok": 0} for k in KINDS}
    failures: list[dict[str, Any]] = []

    for g in sorted(gold, key=lambda q: str(q["id"])):
        qid = str(g["id"])
        exp = g["expected"]
        res = by_id.get(qid, {})
        c["questions"] += 1
        c["answered"] += 1 if res else 0
        state = res.get("terminal_state")
        vals = _answer_values(res)
        gold_vals = [str(v) for v in exp.get("values") or []]
        problems: list[str] = []
        c["state_correct"] += 1 if state == exp["terminal_state"] else 0

        if exp["terminal_state"] == NOT_FOUND:
            c["absent"] += 1
            if state == NOT_FOUND:
                c["correct_refusals"] += 1
            elif state == CONCLUDED and vals:
                c["hard_answers"] += 1
                problems.append("hard answer")
            else:
                problems.append(f"not refused ({state})")
        else:
            c["answerable"] += 1
            if state == NOT_FOUND:
                c["false_refusals"] += 1
                problems.append("false refusal")
            recalled = [
                gv
                for gv in gold_vals
                if any(values_match(gv, str(v.get("value", ""))) for v in vals)
            ]
            c["gold_values"] += len(gold_vals)
            c["recalled_values"] += len(recalled)
            if len(recalled) < len(gold_vals):
                problems.append(f"missed {sorted(set(gold_vals) - set(recalled))}")
            if not gold_vals:
                c["empty_expected"] += 1
                c["empty_correct"] += 1 if state == CONCLUDED and not vals else 0
            for v in vals:
                c["answer_values"] += 1
                text = str(v.get("value", ""))
                if not any(values_match(gv, text) for gv in gold_vals):
                    c["extra_values"] += 1
                    problems.append(f"extra {text!r}")
                    continue
                c["cited_values"] += 1
                if _citation_exact(v, res, exp.get("pages") or []):
                    c["exact_citations"] += 1
                else:
                    problems.append(f"citation not exact for {text!r}")
            if exp.get("conflict"):
                c["conflict_questions"] += 1
                if res.get("conflicts"):
                    c["conflicts_surfaced"] += 1
                else:
                    problems.append("conflict not surfaced")
            elif res.get("conflicts"):
                c["spurious_conflicts"] += 1
            # issue 16: a value the documents state was replaced is listed as history
            superseded = [str(v) for v in exp.get("superseded") or []]
            if superseded:
                c["superseded_expected"] += len(superseded)
                history = [
                    str(h.get("value", ""))
                    for s in res.get("supersessions") or []
                    for h in s.get("history") or []
                ]
                listed = [sv for sv in superseded if any(values_match(sv, h) for h in history)]
                c["superseded_listed"] += len(listed)
                if len(listed) < len(superseded):
                    problems.append(f"history misses {sorted(set(superseded) - set(listed))}")
            for flag in exp.get("flags") or []:
                if flag not in (res.get("risk_signals") or []):
                    problems.append(f"risk signal {flag} missing")
        if exp.get("sufficient") is not None:
            c["sufficient_questions"] += 1
            if res.get("sufficient") is exp["sufficient"]:
                c["sufficient_correct"] += 1
            else:
                problems.append(f"sufficient={res.get('sufficient')}")
        kind = str(g.get("kind"))
        if kind in per_kind:
            per_kind[kind]["n"] += 1
            per_kind[kind]["ok"] += 0 if problems else 1
        if problems:
            failures.append({"id": qid, "kind": kind, "trap": g.get("trap"), "problems": problems})

    report: dict[str, Any] = {
        "counts": c,
        "metrics": {
            "terminal_state_accuracy": _ratio(c["state_correct"], c["questions"]),
            "correct_refusal_rate": _ratio(c["correct_refusals"], c["absent"]),
            "hard_answers": c["hard_answers"],
            "false_refusal_rate": _ratio(c["false_refusals"], c["answerable"]),
            "value_recall": _ratio(c["recalled_values"], c["gold_values"]),
            "extra_value_rate": _ratio(c["extra_values"], c["answer_values"]),
            "citation_exactness": _ratio(c["exact_citations"], c["cited_values"]),
            "conflicts_surfaced": _ratio(c["conflicts_surfaced"], c["conflict_questions"]),
            "spurious_conflicts": c["spurious_conflicts"],
            "sufficient_accuracy": _ratio(c["sufficient_correct"], c["sufficient_questions"]),
            "empty_answer_accuracy": _ratio(c["empty_correct"], c["empty_expected"]),
            "superseded_listed": _ratio(c["superseded_listed"], c["superseded_expected"]),
        },
        "per_kind": {k: v for k, v in per_kind.items() if v["n"]},
        "failures": failures,
    }
    if bindings is not None and gold_bindings is not None:
        report["bindings"] = score_bindings(bindings, gold_bindings)
    return report


def _binding_triple(b: Mapping[str, Any]) -> tuple[str, str, str]:
    subject = str(b.get("subject") or b.get("subject_name") or "")
    parent = str(b.get("parent") or b.get("parent_name") or "")
    role = str(b.get("role", "")).lower()
    if role == "parent_company":
        # (P, parent_company, S) states the same fact as (S, subsidiary, P).
        subject, parent, role = parent, subject, "subsidiary"
    return (_entity_key(subject), role, _entity_key(parent) if parent else "")


def score_bindings(
    predicted: Sequence[Mapping[str, Any]], gold_bindings: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """Precision/recall on distinct (subject key, role, parent key) triples.

    Only predicted bindings whose role occurs in the gold are scored: the gold does not list
    every role (agreement-parented roles such as party and guarantor are left out).
    parent_company bindings count as the inverse subsidiary binding.
    Accepts gold rows ({subject, role, parent}) or Binding dumps ({subject_name, role, parent_name}).
    """
    gold_set = {_binding_triple(b) for b in gold_bindings}
    roles = {t[1] for t in gold_set}
    pred_set = {t for t in (_binding_triple(b) for b in predicted) if t[1] in roles}
    hit = gold_set & pred_set
    return {
        "gold": len(gold_set),
        "predicted": len(pred_set),
        "matched": len(hit),
        "precision": _ratio(len(hit), len(pred_set)),
        "recall": _ratio(len(hit), len(gold_set)),
        "missed": sorted(gold_set - pred_set),
        "spurious": sorted(pred_set - gold_set),
    }


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def format_table(report: Mapping[str, Any]) -> str:
    """The report as an aligned text table (metrics, counts, per-kind pass rates)."""
    c, m = report["counts"], report["metrics"]
    rows: list[tuple[str, str, str]] = [
        ("questions", str(c["questions"]), f"{c['answered']} answered"),
        ("terminal state accuracy", _pct(m["terminal_state_accuracy"]), f"{c['state_correct']}/{c['questions']}"),
        ("correct refusals (absent subject)", _pct(m["correct_refusal_rate"]), f"{c['correct_refusals']}/{c['absent']}"),
        ("hard answers on absent subjects", str(m["hard_answers"]), "target 0"),
        ("false refusals (answerable)", _pct(m["false_refusal_rate"]), f"{c['false_refusals']}/{c['answerable']}, target <= 5%"),
        ("value recall", _pct(m["value_recall"]), f"{c['recalled_values']}/{c['gold_values']}, target >= 95%"),
        ("extra values", _pct(m["extra_value_rate"]), f"{c['extra_values']}/{c['answer_values']} answer values"),
        ("citation exactness", _pct(m["citation_exactness"]), f"{c['exact_citations']}/{c['cited_values']}, target 100%"),
        ("conflicts surfaced", _pct(m["conflicts_surfaced"]), f"{c['conflicts_surfaced']}/{c['conflict_questions']}; spurious {c['spurious_conflicts']}"),
        ("`sufficient` accuracy", _pct(m["sufficient_accuracy"]), f"{c['sufficient_correct']}/{c['sufficient_questions']}"),
        ("empty answers where expected", _pct(m["empty_answer_accuracy"]), f"{c['empty_correct']}/{c['empty_expected']}"),
        ("superseded values in history", _pct(m.get("superseded_listed")), f"{c.get('superseded_listed', 0)}/{c.get('superseded_expected', 0)}"),
    ]  # fmt: skip
    if "bindings" in report:
        b = report["bindings"]
        rows.append(("binding precision", _pct(b["precision"]), f"{b['matched']}/{b['predicted']}"))
        rows.append(("binding recall", _pct(b["recall"]), f"{b['matched']}/{b['gold']}"))
    for kind, v in report.get("per_kind", {}).items():
        rows.append(
            (f"  kind {kind}", _pct(_ratio(v["ok"], v["n"])), f"{v['ok']}/{v['n']} fully right")
        )
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    lines = [f"{'metric':<{w0}}  {'value':>{w1}}  detail", "-" * (w0 + w1 + 30)]
    lines += [f"{a:<{w0}}  {b:>{w1}}  {d}" for a, b, d in rows]
    return "\n".join(lines)


def env_path(variable: str, default: Path) -> Path:
    """The path the environment variable names (absolute, or from the repository root) where
    it is set, else `default` (the phrasing set a bench asks, chosen by a run)."""
    chosen = os.environ.get(variable)
    if not chosen:
        return default
    path = Path(chosen)
    return path if path.is_absolute() else ROOT / path


def load_jsonl(path: Path) -> list[dict[str, Any]]:
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


# ---------------------------------------------------------------------------------------------
# CUAD: governing law between the named parties, and swapped-party refusals
# ---------------------------------------------------------------------------------------------
_JURISDICTION_ALIASES = {
    "england": "England and Wales",
    "england and wales": "England and Wales",
    "england & wales": "England and Wales",
    "people's republic of china": "China",
    "peoples republic of china": "China",
    "prc": "China",
    "federal republic of germany": "Germany",
    "massachussets": "Massachusetts",
    "hong kong sar": "Hong Kong",
}
_GENERIC_PARTIES = frozenset(
    {
        "you",
        "customer",
        "franchisee",
        "company",
        "client",
        "licensee",
        "licensor",
        "party",
        "parties",
    }
)


def canonical_jurisdiction(text: str) -> str:
    """ "the laws of the State of Delaware" -> "Delaware"; "California, USA" -> "California"."""
    t = " ".join(text.replace("\u2019", "'").split()).strip(" .;,")
    t = re.sub(r"(?i)^(?:the\s+)?laws?\s+of\s+", "", t)
    t = re.sub(r"(?i)^(?:the\s+)?(?:state|commonwealth|province|republic)\s+of\s+", "", t)
    t = re.sub(r"(?i),?\s*(?:u\.?s\.?a\.?|united states(?: of america)?)$", "", t).strip(" ,")
    alias = _JURISDICTION_ALIASES.get(t.lower())
    if alias:
        return alias
    return " ".join(w if w.isupper() and len(w) <= 3 else w.capitalize() for w in t.split())


def _cuad_parties(raw: str) -> list[str]:
    names: list[str] = []
    seen: set[str] = set()
    for part in raw.split(";"):
        name = re.sub(r"\(.*?\)|[\"“”].*?[\"“”]", "", part)
        name = re.split(
            r"(?i)\s+d/b/a\s+|\s+doing business as\s+|\s+and all of its\s+|\s*,?\s+on behalf of\s+",
            name,
        )[0]
        name = " ".join(name.split()).strip(" ,;:")
        if not name or name.startswith("(") or "[" in name or name.lower() in _GENERIC_PARTIES:
            continue
        if not re.search(r"[A-Za-z]{2}", name):
            continue
        key = _entity_key(name)
        if key and key not in seen:
            seen.add(key)
            names.append(name)
    return names


def _cuad_title(raw: str) -> str:
    title = " ".join(raw.split()).strip(" ,")
    title = re.sub(r"(?i),\s*d(?:ated)?$", "", title).strip(" ,")
    return title.title() if title.isupper() else title


def cuad_questions(clauses_path: Path = CUAD_CLAUSES) -> list[dict[str, Any]]:
    """Governing-law questions per CUAD agreement (named parties) plus swapped-party variants.

    An agreement qualifies with a non-empty, unredacted Governing Law answer and two named
    parties. Its swapped variant replaces the second party with the first party of the next
    agreement (in file order) that shares no party with it and never contracts with the first
    party anywhere in the corpus: that agreement does not exist, the answer must be a refusal.
    Questions are asked in prose ("subject" is None); "structured_subject" holds the same
    subject class for callers that want to bypass question parsing.
    """
    rows = load_jsonl(clauses_path)
    agreements: list[dict[str, Any]] = []
    for row in rows:
        law = str(row.get("Governing Law (answer)") or "").strip()
        parties = _cuad_parties(str(row.get("Parties (answer)") or ""))
        title = _cuad_title(str(row.get("Document Name (answer)") or ""))
        if not law or "*" in law or "[" in law or len(parties) < 2 or not title:
            continue
        laws = [canonical_jurisdiction(x) for x in law.split(";") if x.strip()]
        agreements.append({"pdf": row["pdf"], "title": title, "parties": parties, "laws": laws})

    pair_index = {
        frozenset({_entity_key(a), _entity_key(b)})
        for ag in agreements
        for i, a in enumerate(ag["parties"])
        for b in ag["parties"][i + 1 :]
    }
    questions: list[dict[str, Any]] = []
    n = len(agreements)
    for i, ag in enumerate(agreements):
        a, b = ag["parties"][0], ag["parties"][1]
        keys = {_entity_key(p) for p in ag["parties"]}
        qid = f"cuad-{i + 1:03d}"
        questions.append(
            {
                "id": qid,
                "kind": "agreement_attribute",
                "question": f"What is the governing law of the {ag['title']} between {a} and {b}?",
                "subject": None,
                "structured_subject": _cuad_subject(ag["title"], [a, b]),
                "expected": {
                    "terminal_state": CONCLUDED,
                    "values": ag["laws"],
                    "pages": [{"document": ag["pdf"], "page": None}],
                    "conflict": False,
                    "sufficient": None,
                },
                "trap": None,
            }
        )
        for step in range(1, n):
            other = agreements[(i + step) % n]
            swap = other["parties"][0]
            other_keys = {_entity_key(p) for p in other["parties"]}
            if other_keys & keys or frozenset({_entity_key(a), _entity_key(swap)}) in pair_index:
                continue
            questions.append(
                {
                    "id": f"{qid}-swapped",
                    "kind": "agreement_attribute",
                    "question": f"What is the governing law of the {ag['title']} between {a} and {swap}?",
                    "subject": None,
                    "structured_subject": _cuad_subject(ag["title"], [a, swap]),
                    "expected": {
                        "terminal_state": NOT_FOUND,
                        "values": [],
                        "pages": [],
                        "conflict": False,
                        "sufficient": False,
                    },
                    "trap": "swapped_party",
                }
            )
            break
    return questions


def agreements_right(report: Mapping[str, Any], questions: Sequence[Mapping[str, Any]]) -> str:
    """ "governing law right for N/M agreements": answerable questions concluded with every
    gold value and no extra value (citation exactness is its own row), and swapped refusals."""
    failed = {
        str(f["id"])
        for f in report["failures"]
        if any(not p.startswith("citation not exact") for p in f["problems"])
    }
    asked = [str(q["id"]) for q in questions if q.get("trap") != "swapped_party"]
    swapped = [str(q["id"]) for q in questions if q.get("trap") == "swapped_party"]
    right = sum(1 for qid in asked if qid not in failed)
    refused = sum(1 for qid in swapped if qid not in failed)
    share = _pct(_ratio(right, len(asked)))
    return (
        f"governing law right for {right}/{len(asked)} agreements ({share}, target >= 90%); "
        f"swapped parties refused {refused}/{len(swapped)}"
    )


def _cuad_subject(title: str, parties: list[str]) -> dict[str, Any]:
    return {
        "type": "agreement",
        "name": title,
        "role": None,
        "parent_entity": None,
        "attribute": "governing_law",
        "document_type": None,
        "constraints": {"parties": parties},
    }


# ---------------------------------------------------------------------------------------------
# FinanceBench: retrieval recall of the gold evidence pages
# ---------------------------------------------------------------------------------------------
def _doc_stem(name: str) -> str:
    stem = Path(name).name
    return stem[:-4].lower() if stem.lower().endswith(".pdf") else stem.lower()


def financebench_recall(
    search: Callable[[str], Sequence[tuple[str, int]]],
    questions_path: Path = FINANCEBENCH_QUESTIONS,
    ks: Sequence[int] = (5, 10),
) -> dict[str, Any]:
    """Mean recall@k and hit@k of the gold evidence pages over FinanceBench questions.

    `search(question)` returns ranked (document name, 1-based page); document names compare
    without a ".pdf" suffix, case-insensitively. Gold `evidence_page_num` is 0-based.
    Repeated (document, page) results count once, at their first rank.
    """
    rows = load_jsonl(questions_path)
    sums = {k: 0.0 for k in ks}
    hits = dict.fromkeys(ks, 0)
    n = 0
    per_question: list[dict[str, Any]] = []
    for row in rows:
        gold = {
            (
                _doc_stem(str(ev.get("doc_name") or row["doc_name"])),
                int(ev["evidence_page_num"]) + 1,
            )
            for ev in row.get("evidence") or []
            if ev.get("evidence_page_num") is not None
        }
        if not gold:
            continue
        n += 1
        ranked: list[tuple[str, int]] = []
        for doc, page in search(str(row["question"])):
            key = (_doc_stem(str(doc)), int(page))
            if key not in ranked:
                ranked.append(key)
        entry: dict[str, Any] = {"id": row.get("financebench_id"), "gold": sorted(gold)}
        for k in ks:
            found = gold & set(ranked[:k])
            sums[k] += len(found) / len(gold)
            hits[k] += 1 if found else 0
            entry[f"recall@{k}"] = len(found) / len(gold)
        per_question.append(entry)
    out: dict[str, Any] = {"questions": n}
    for k in ks:
        out[f"recall@{k}"] = sums[k] / n if n else None
        out[f"hit@{k}"] = hits[k] / n if n else None
    out["per_question"] = per_question
    return out


# ---------------------------------------------------------------------------------------------
# bench entry
# ---------------------------------------------------------------------------------------------
def gold_summary(gold: Sequence[Mapping[str, Any]]) -> str:
    kinds = {k: sum(1 for g in gold if g["kind"] == k) for k in KINDS}
    absent = sum(1 for g in gold if g["expected"]["terminal_state"] == NOT_FOUND)
    traps = sorted({str(g["trap"]) for g in gold if g.get("trap")})
    return (
        f"{len(gold)} gold questions, {absent} with an absent subject; kinds {kinds}; traps {traps}"
    )


def _answers(rt: Any, kb: str, questions: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Ask every question (its structured subject when it has one); answers as JSON dicts."""
    out: list[dict[str, Any]] = []
    for q in questions:
        try:
            answer = rt.skill.ask(kb, q.get("question"), subject=q.get("subject"))
            row = answer.model_dump(mode="json")
        except Exception as exc:  # one failing question is scored as unanswered, not fatal
            row = {"error": f"{type(exc).__name__}: {exc}"}
        out.append({"id": q["id"], **row})
    return out


def _ingest(rt: Any, kb: str, paths: Sequence[Path]) -> None:
    report = rt.ingestor.run(kb, list(paths))
    print("   " + report.summary())


def run() -> None:
    """`make bench` entry: the data room end to end (ingest, ask, score), then optionally CUAD
    (EVRAG_QUALITY_CUAD=1) and FinanceBench retrieval recall (EVRAG_QUALITY_FINANCEBENCH=1).

    With EVRAG_QUALITY_RESULTS=<results.jsonl from `evrag eval`> it only scores that file.
    """
    import tempfile

    gold = load_jsonl(GOLD_PATH)
    print(gold_summary(gold))
    results_path = os.environ.get("EVRAG_QUALITY_RESULTS")
    if results_path:
        print(format_table(score(load_jsonl(Path(results_path)), gold)))
        return

    from app import Runtime, Settings
    from bench.data_room import build_data_room

    with tempfile.TemporaryDirectory(prefix="evrag-quality-") as tmp:
        room = build_data_room(Path(tmp) / "room")
        with Runtime.open(Settings(data_dir=Path(tmp) / "data")) as rt:
            print("== data room")
            _ingest(rt, "dataroom", room)
            results = _answers(rt, "dataroom", gold)
            predicted = [b.model_dump(mode="json") for b in rt.bindings("dataroom")]
            report = score(
                results, gold, bindings=predicted, gold_bindings=load_jsonl(GOLD_BINDINGS_PATH)
            )
            print(format_table(report))
            for failure in report["failures"]:
                print(
                    f"   {failure['id']} [{failure['kind']}, trap {failure['trap']}]: "
                    f"{'; '.join(failure['problems'])}"
                )

            if os.environ.get("EVRAG_QUALITY_CUAD") == "1" and CUAD_CLAUSES.exists():
                print("== CUAD governing law")
                questions = cuad_questions(CUAD_CLAUSES)
                pdfs = sorted(
                    {
                        CUAD_CLAUSES.parent / "pdf" / q["expected"]["pages"][0]["document"]
                        for q in questions
                        if q["expected"]["pages"]
                    }
                )
                _ingest(rt, "cuad", pdfs)
                cuad = score(_answers(rt, "cuad", questions), questions)
                print(format_table(cuad))
                print("   " + agreements_right(cuad, questions))
                for failure in cuad["failures"]:
                    print(f"   {failure['id']}: {'; '.join(failure['problems'])}")

            if (
                os.environ.get("EVRAG_QUALITY_FINANCEBENCH") == "1"
                and FINANCEBENCH_QUESTIONS.exists()
            ):
                print("== FinanceBench evidence-page recall")
                names = {str(r["doc_name"]) for r in load_jsonl(FINANCEBENCH_QUESTIONS)}
                pdf_dir = FINANCEBENCH_QUESTIONS.parent / "pdfs"
                _ingest(rt, "financebench", [pdf_dir / f"{n}.pdf" for n in sorted(names)])

                def search(question: str) -> list[tuple[str, int]]:
                    vector = rt.embedder.embed_query(question)
                    hits = rt.store.search_chunks("financebench", question, vector, top_k=10)
                    return [(h.chunk.document_name, h.chunk.pages[0].page) for h in hits]

                fb = financebench_recall(search)
                print(
                    f"   {fb['questions']} questions: recall@5 {_pct(fb['recall@5'])}, "
                    f"recall@10 {_pct(fb['recall@10'])}, hit@5 {_pct(fb['hit@5'])}, "
                    f"hit@10 {_pct(fb['hit@10'])}"
                )

    if os.environ.get("EVRAG_QUALITY_FILINGS") == "1":
        # Company filings: attribute questions on the shared FinanceBench filings, per
        # attribute, development and held-out companies (bench/filings).
        from bench.filings import PDFS
        from bench.filings import main as filings_main

        if PDFS.is_dir():
            print("== company filings: attributes of the registrant")
            filings_main()


if __name__ == "__main__":
    run()
