"""A learned candidate-span party scorer, measured against the rules (issue 33, item 4).

An experiment, not part of the extractor: does a scorer over general, local features of
candidate spans bind the parties the rules miss, on contracts nobody tuned on? It is
measured by 5-fold cross-validation by contract within bench/parties' development split
(contracts sorted by name, the k-th in fold k mod 5), so no contract scores a model fitted
on its own labels.

Candidates: the capitalised runs of the first 5,000 and last 4,000 characters of the parsed
text (a run may link words with "of", "and", "&", "for", "de"; it is also cut at each comma
not followed by a legal form, and a leading determiner is dropped), one candidate per key
(`bench.parties._key`). Features (`FEATURES`): legal form, organisation head noun, all caps,
word count, never-a-name words, the word before ("between"/"among", "and", "by"), what
follows (a defined term, ", a ...", an address's digits, "By:" in the signature zone),
position (how early, the title zone, the signature zone), how often the name recurs, and the
rank among the legal-form candidates by first occurrence. Label: the candidate's key is the
key of an annotated party's spelling. Model: L2 logistic regression fitted by Newton steps
from zero (deterministic, no seed).

Two ways to use it, each with its threshold chosen on the training folds (most parties found
plus half the contracts brought to two bound, less three per addition naming no annotated
party):
- `fill`: only where the rules bound fewer than two parties, add the best candidates (not a
  name or a cut of a name already bound) up to two;
- `rescore`: in every contract, add up to two such candidates above the threshold.

Each scheme is also shown with the threshold fixed at `FIXED`, to show what the scorer would
add when its additions cost nothing. Figures per scheme: recall, contracts with >= 2 and 0 parties bound, parties added, and the
additions that name no annotated party (neither a spelling's nor an alias's key, nor a run of
its words), counted on every contract (bench/parties counts its precision figure only where
no party is unnamed or redacted); and the ceiling: the missed parties that any candidate spells
at all. `eval` / `pdf` fit on all of development and print figures only.

Measured in session 30 (development, 5-fold CV): with the threshold chosen on the training
folds the scorer adds nothing in either scheme (rules alone: recall 0.920, 92.1% >= 2 bound);
with the threshold fixed at 0.3, `fill` finds 1 more party of 825 and brings 2 more contracts
to two bound with 2 of its 4 additions naming no annotated party, `rescore` finds 3 more with
18 of its 24 additions naming none. Of the 66 parties the rules miss, only 34 are spelled by any
candidate at all. Not adopted: the extractor's rules stand as they are.

`python -m bench.party_scorer [dev] [eval] [pdf] [--cache DIR]` (uses bench/parties' cache).
Not part of `make test`.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench import parties as bp
from domain import NOT_NAME_WORDS, ORGANISATION_HEADS, fold_word, is_generic_term, legal_form

HEAD, TAIL = 5000, 4000
FOLDS = 5
THRESHOLDS = (0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
SCHEMES = ("fill", "rescore")
# a threshold fixed in advance, to show what the scorer adds when its additions cost nothing
FIXED = 0.3
_DETERMINERS = frozenset({"the", "this", "a", "an", "each", "such", "that", "these", "those"})

_TOKEN = r"(?:[A-Z0-9]|[a-z]{1,3}[A-Z])[\w.&'’\-/]*"
_RUN = re.compile(rf"{_TOKEN}(?:,?[ \t\n]+(?:(?:of|and|&|for|de)[ \t\n]+)?{_TOKEN})*")
_DEFINED = re.compile(r"^[\s,]*\(\s*(?:the\s+|hereinafter\s+)?[\"“”'‘]", re.IGNORECASE)
_COMMA_A = re.compile(r"^\s*,\s*an?\s", re.IGNORECASE)

FEATURES = (
    "bias", "legal_form", "org_head", "all_caps", "one_word", "two_words", "long", "generic",
    "not_name_share", "after_between", "after_and", "after_by", "defined_next", "comma_a_next",
    "address_next", "early", "title_zone", "in_tail", "first_word_count", "line_whole",
    "only_tail", "digit_start", "name_count", "sig_by", "lf_between", "lf_defined",
    "first_lf_rank",
)  # fmt: skip


@dataclass(frozen=True)
class Candidate:
    """One candidate span of a contract: its name, key and feature vector."""

    name: str
    key: str
    features: tuple[float, ...]


@dataclass
class Item:
    """One contract: what the rules bound, its text's candidates and their labels."""

    contract: bp.Contract
    bound: list[tuple[str, list[str]]]
    candidates: list[Candidate]
    labels: list[float]


def _pieces(run: str) -> list[str]:
    """The run, and its pieces cut at each comma not followed by a legal form, each without
    a leading determiner."""
    parts = re.split(r",[ \t\n]+", run)
    pieces, current = [], parts[0]
    for part in parts[1:]:
        if legal_form(f"{current}, {part}") and not legal_form(current):
            current = f"{current}, {part}"
        else:
            pieces.append(current)
            current = part
    pieces.append(current)
    out: list[str] = []
    for piece in (run, *pieces):
        words = piece.split()
        while words and fold_word(words[0].strip(".,")) in _DETERMINERS:
            words = words[1:]
        name = " ".join(words).strip(" ,")
        if name and name not in out:
            out.append(name)
    return out


def candidates(text: str) -> list[Candidate]:
    """The candidate spans of a contract's text with their features, in key order."""
    zones = [("head", 0, text[:HEAD])]
    if len(text) > HEAD:
        zones.append(("tail", max(HEAD, len(text) - TAIL), text[max(HEAD, len(text) - TAIL) :]))
    seen: dict[str, tuple[str, list[tuple[str, int, int]]]] = {}
    for zone, base, chunk in zones:
        for m in _RUN.finditer(chunk):
            for piece in _pieces(m.group(0)):
                key = bp._key(piece)
                if not key or len(piece) < 3:
                    continue
                start = chunk.find(piece, m.start(), m.end() + 1)
                start = m.start() if start < 0 else start
                entry = seen.setdefault(key, (re.sub(r"\s+", " ", piece), []))
                entry[1].append((zone, base + start, base + start + len(piece)))
    rows: list[tuple[str, str, dict[str, float], int]] = []
    for key, (name, occurrences) in seen.items():
        words = re.findall(r"[\w&'’.\-/]+", name)
        folded = [fold_word(w.strip(".,")) for w in words]
        f = dict.fromkeys(FEATURES, 0.0)
        f["bias"] = 1.0
        f["legal_form"] = float(bool(legal_form(name)))
        f["org_head"] = float(bool(folded) and folded[-1] in ORGANISATION_HEADS)
        f["all_caps"] = float(name.upper() == name and any(c.isalpha() for c in name))
        f["one_word"], f["two_words"] = float(len(words) == 1), float(len(words) == 2)
        f["long"] = float(len(words) >= 5)
        f["generic"] = float(is_generic_term(name) or all(w in NOT_NAME_WORDS for w in folded))
        f["not_name_share"] = sum(w in NOT_NAME_WORDS for w in folded) / max(1, len(words))
        f["digit_start"] = float(name[0].isdigit())
        for zone, s, e in occurrences:
            before, after = text[max(0, s - 25) : s].lower(), text[e : e + 80]
            f["after_between"] = max(f["after_between"], float(bool(_ends(before, "between"))))
            f["after_and"] = max(f["after_and"], float(bool(_ends(before, "and"))))
            f["after_by"] = max(f["after_by"], float(bool(_ends(before, "by"))))
            f["defined_next"] = max(f["defined_next"], float(bool(_DEFINED.search(after))))
            f["comma_a_next"] = max(f["comma_a_next"], float(bool(_COMMA_A.search(after))))
            f["address_next"] = max(
                f["address_next"], float(bool(re.search(r"\d{2,}", after[:60])))
            )
            if zone == "tail" and re.search(r"\bBy\s*:", text[e : e + 120]):
                f["sig_by"] = 1.0
            ls = text.rfind("\n", 0, s) + 1
            le = text.find("\n", e)
            line = text[ls : len(text) if le < 0 else le]
            if line.strip(" ,:") == text[s:e].strip(" ,:"):
                f["line_whole"] = 1.0
        first = min(s for _, s, _ in occurrences)
        f["early"] = 1.0 - first / HEAD if first < HEAD else 0.0
        f["title_zone"] = float(first < 400)
        f["in_tail"] = float(any(z == "tail" for z, _, _ in occurrences))
        f["only_tail"] = float(all(z == "tail" for z, _, _ in occurrences))
        f["first_word_count"] = math.log1p(text.count(words[0]) if words else 0) / 5
        f["name_count"] = math.log1p(text.count(name)) / 3
        f["lf_between"] = f["legal_form"] * max(f["after_between"], f["after_and"])
        f["lf_defined"] = f["legal_form"] * max(f["defined_next"], f["comma_a_next"])
        rows.append((name, key, f, first))
    firsts = sorted((first, key) for _, key, f, first in rows if f["legal_form"])
    rank = {key: i for i, (_, key) in enumerate(firsts)}
    out = []
    for name, key, f, _ in rows:
        f["first_lf_rank"] = 1.0 / (1 + rank[key]) if key in rank else 0.0
        out.append(Candidate(name, key, tuple(f[x] for x in FEATURES)))
    return sorted(out, key=lambda c: c.key)


def _ends(before: str, word: str) -> re.Match[str] | None:
    words = {"between": r"between|among|amongst"}.get(word, word)
    return re.search(rf"\b(?:{words})\W*$", before)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 25) -> np.ndarray:
    """L2 logistic regression by Newton steps from zero (the bias not penalised)."""
    w = np.zeros(x.shape[1])
    penalty = l2 * len(y) * np.diag(np.r_[0.0, np.ones(x.shape[1] - 1)])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        grad = x.T @ (p - y) + penalty @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + penalty + 1e-9 * np.eye(x.shape[1])
        w = w - np.linalg.solve(hess, grad)
    return np.round(w, 4)


def added_parties(item: Item, w: np.ndarray, threshold: float, scheme: str) -> list[str]:
    """The candidates the scorer adds to what the rules bound in one contract."""
    if not item.candidates or (scheme == "fill" and len(item.bound) >= 2):
        return []
    x = np.array([c.features for c in item.candidates])
    score = 1.0 / (1.0 + np.exp(-x @ w))
    order = sorted(range(len(score)), key=lambda i: (-score[i], item.candidates[i].key))
    taken = [bp._key(n) for name, aliases in item.bound for n in (name, *aliases)]
    added: list[str] = []
    for i in order:
        room = 2 - len(item.bound) if scheme == "fill" else 2
        if score[i] < threshold or len(added) >= room:
            break
        key = item.candidates[i].key
        if any(t and bp._same_or_cut(key, t) for t in taken):
            continue
        added.append(item.candidates[i].name)
        taken.append(key)
    return added


@dataclass
class Tally:
    """The figures of one scheme over some contracts."""

    contracts: int = 0
    gold: int = 0
    found: int = 0
    two_or_more: int = 0
    none_bound: int = 0
    added: int = 0
    added_unannotated: int = 0
    ceiling: int = 0  # missed parties some candidate spells

    def add(self, item: Item, added: Sequence[str]) -> None:
        c = item.contract
        keys = {bp._key(n) for name, al in item.bound for n in (name, *al)}
        keys |= {bp._key(a) for a in added}
        found = [any(bp._key(s) in keys for s in p.spellings) for p in c.parties]
        spelled = {cand.key for cand in item.candidates}
        self.contracts += 1
        self.gold += len(found)
        self.found += sum(found)
        self.two_or_more += len(item.bound) + len(added) >= 2
        self.none_bound += len(item.bound) + len(added) == 0
        self.added += len(added)
        gold = {bp._key(s) for p in c.parties for s in (*p.spellings, *p.aliases)} - {""}
        self.added_unannotated += sum(
            not any(bp._same_or_cut(bp._key(a), g) for g in gold) for a in added
        )
        self.ceiling += sum(
            not hit and any(bp._key(s) in spelled for s in p.spellings)
            for p, hit in zip(c.parties, found, strict=True)
        )


def _tally(items: Sequence[Item], w: np.ndarray | None, threshold: float, scheme: str) -> Tally:
    tally = Tally()
    for item in items:
        tally.add(item, [] if w is None else added_parties(item, w, threshold, scheme))
    return tally


def _fitted(items: Sequence[Item]) -> np.ndarray:
    x = np.array([c.features for item in items for c in item.candidates])
    y = np.array([label for item in items for label in item.labels])
    return fit(x, y)


def _threshold(items: Sequence[Item], w: np.ndarray, scheme: str) -> float:
    def value(t: Tally) -> float:
        return t.found + 0.5 * t.two_or_more - 3 * t.added_unannotated

    return max(THRESHOLDS, key=lambda th: (value(_tally(items, w, th, scheme)), th))


def load(split: str, cache: Path) -> list[Item]:
    """Each contract of `split`: parsed (through bench/parties' cache), extracted, scored."""
    from ingest import BindingExtractor

    extractor = BindingExtractor()
    items = []
    for c in bp.contracts([split]):
        if c.pdf_path is not None:
            pdf = c.pdf_path.read_bytes()
        else:
            assert c.text_path is not None
            pdf = bp._typeset_cached(c.text_path.read_text(encoding="utf-8"), c.name, cache)
        doc = bp._parsed(pdf, c.name if c.pdf_path else c.name.replace(".txt", ".pdf"), cache)
        outcome = bp.score_contract(c, extractor.run(doc))
        cands = candidates(doc.text)
        gold = {bp._key(s) for p in c.parties for s in p.spellings} - {""}
        items.append(Item(c, outcome.bound, cands, [float(x.key in gold) for x in cands]))
    return sorted(items, key=lambda i: i.contract.name)


def _row(label: str, t: Tally) -> str:
    recall = t.found / t.gold if t.gold else 1.0
    share = t.two_or_more / t.contracts if t.contracts else 1.0
    return (
        f"| {label} | {t.contracts} | {t.found}/{t.gold} | {recall:.3f} "
        f"| {t.two_or_more} ({share:.1%}) | {t.none_bound} | {t.added} | {t.added_unannotated} "
        f"| {t.ceiling} |"
    )


HEADER = (
    "| set, scheme | contracts | found | recall | >= 2 bound | 0 bound | added "
    "| added naming no annotated party | missed but spelled by a candidate |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def cross_validate(items: Sequence[Item]) -> list[str]:
    """Rules alone and rules + scorer, each contract scored by the model of the other folds."""
    folds = [[it for i, it in enumerate(items) if i % FOLDS == k] for k in range(FOLDS)]
    rules = _tally(items, None, 1.0, "fill")
    rows = [_row("dev CV, rules alone", rules)]
    for scheme, fixed in [(s, None) for s in SCHEMES] + [("fill", FIXED), ("rescore", FIXED)]:
        total = Tally()
        for k in range(FOLDS):
            train = [it for j, fold in enumerate(folds) if j != k for it in fold]
            w = _fitted(train)
            threshold = _threshold(train, w, scheme) if fixed is None else fixed
            for item in folds[k]:
                total.add(item, added_parties(item, w, threshold, scheme))
        how = "threshold from the training folds" if fixed is None else f"threshold {fixed}"
        rows.append(_row(f"dev CV, rules + scorer ({scheme}, {how})", total))
    return rows


def main(argv: list[str]) -> None:
    cache = Path(argv[argv.index("--cache") + 1]) if "--cache" in argv else bp.DEFAULT_CACHE
    cache.mkdir(parents=True, exist_ok=True)
    splits = [a for a in argv if a in ("dev", "eval", "pdf")] or ["dev"]
    dev = load("dev", cache)
    print("\nparty binding, rules vs rules + a learned candidate scorer\n")
    print(HEADER)
    if "dev" in splits:
        print("\n".join(cross_validate(dev)))
    w = _fitted(dev)
    for split in [s for s in splits if s != "dev"]:
        items = load(split, cache)
        print(_row(f"{split}, rules alone", _tally(items, None, 1.0, "fill")))
        for scheme in SCHEMES:
            threshold = _threshold(dev, w, scheme)
            print(_row(f"{split}, rules + scorer ({scheme})", _tally(items, w, threshold, scheme)))
    print("\nweights fitted on all development contracts:")
    print(", ".join(f"{name} {v:+.3f}" for name, v in zip(FEATURES, w, strict=True)))


if __name__ == "__main__":
    main(sys.argv[1:])
