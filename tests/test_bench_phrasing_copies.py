"""No test and no lexicon file copies a bench phrasing (review D6).

The phrasing and question sets of bench/ (`*phrasings*.yaml`, `*questions*.yaml`,
`nli_fresh_sentences.yaml`) measure how the reader generalises to wording nobody tuned on; a
test or a lexicon example that holds one of them tunes on it. Every text file under tests/ and
every lexicon YAML is read as a run of words (case, punctuation and whitespace dropped, so a
copy split over string literals, lower-cased or re-punctuated is still one), and each bench
phrasing is looked for in it:

- a phrasing's `{slot}` (`{a}`, `{b}`, `{title}`) stands for one to `_SLOT_WORDS` words, so a
  template filled with other names is a copy too;
- a phrasing of fewer than `_SHORT` words ("Marking required?") is a copy only where it stands
  alone (punctuation or a quote on both sides), not where an ordinary sentence happens to hold
  its words; one of fewer than three words is no phrasing to guard;
- a question the README asks (its documented examples) is the product's own before any bench
  set quoted it, and is no copy;
- a lexicon example (the second of a `[pattern, example]` pair) copies a phrasing also where it
  is most of one (`_MOST` of its words, at least four).

Copies written before this guard and not yet reworded are listed in
tests/bench_phrasing_copies_known.yaml (file -> the copied phrasings' digests): the guard fails
on any copy not listed there, and on a listed one that is gone (so the list only shrinks).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import compress, count
from pathlib import Path
from typing import Any

import pytest
import yaml

_ROOT = Path(__file__).resolve().parents[1]
_KNOWN = Path(__file__).with_name("bench_phrasing_copies_known.yaml")

# the fields of a bench file that hold a phrasing (the rest are ids, labels, gold answers)
_PHRASING_KEYS = frozenset(
    {"question", "text", "phrasings", "phrasing", "placeholders", "sentence"}
)
_TEXT_SUFFIXES = frozenset({".py", ".yaml", ".yml", ".json", ".jsonl", ".md", ".txt", ".csv"})
_WORD = re.compile(r"\w+")
_SLOT = re.compile(r"\{\w+\}")
_SLOT_WORDS = 12
_SHORT = 5
_MOST = 3 / 5

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


@dataclass(frozen=True)
class Phrasing:
    """One bench phrasing: its runs of words between slots, and `pattern`, the runs with a
    slot's words between them."""

    source: str
    text: str
    fragments: tuple[tuple[str, ...], ...]

    @property
    def digest(self) -> str:
        return hashlib.sha256(" ".join(_words(self.text)).encode()).hexdigest()[:12]

    @property
    def anchor(self) -> int:
        """The run looked up first: the one of most letters (the rarest, as a rule)."""
        return max(range(len(self.fragments)), key=lambda k: len("".join(self.fragments[k])))

    @property
    def short(self) -> bool:
        return len(self.fragments) == 1 and len(self.fragments[0]) < _SHORT

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        gap = rf"(?:\w+ ){{1,{_SLOT_WORDS}}}?"
        return re.compile(gap.join(re.escape(" ".join(f) + " ") for f in self.fragments))


def phrasing(source: str, text: str) -> Phrasing | None:
    """`text` as a phrasing to guard, or None where it is too short to be one."""
    fragments = tuple(tuple(_words(part)) for part in _SLOT.split(text))
    fragments = tuple(f for f in fragments if f)
    if sum(map(len, fragments)) < 3 or max(map(len, fragments)) < 2:
        return None
    return Phrasing(source, text, fragments)


def _strings(node: Any, key: str | None = None) -> Iterator[str]:
    if isinstance(node, str):
        if key in _PHRASING_KEYS:
            yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(v, str(k))
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v, key)


def bench_files() -> list[Path]:
    bench = _ROOT / "bench"
    found = {*bench.glob("*phrasings*.yaml"), *bench.glob("*questions*.yaml")}
    return sorted(found | {bench / "nli_fresh_sentences.yaml"})


@cache
def bench_phrasings() -> tuple[Phrasing, ...]:
    found: dict[tuple[str, str], Phrasing] = {}
    for path in bench_files():
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
        for text in _strings(data):
            p = phrasing(f"bench/{path.name}", text)
            if p is not None:
                found.setdefault((p.source, p.digest), p)
    return tuple(found.values())


class CopyFinder:
    """Where phrasings occur in a text, each looked up by the first words of its longest run."""

    def __init__(self, phrasings: Iterable[Phrasing]) -> None:
        self._by_key: dict[tuple[str, ...], list[Phrasing]] = {}
        for p in phrasings:
            self._by_key.setdefault(p.fragments[p.anchor][:3], []).append(p)
        self._sizes = sorted({len(k) for k in self._by_key}, reverse=True)

    def find(self, text: str) -> Iterator[tuple[int, Phrasing]]:
        """(line, phrasing) of each copy in `text`."""
        text = text.casefold()
        words = _WORD.findall(text)
        spans: list[tuple[int, int]] = []  # the words' places, found once a copy needs them
        seen: set[tuple[int, str]] = set()
        for size in self._sizes:
            # the places where a key starts, found at C speed (this scan is the guard's cost)
            runs = zip(*(words[k:] for k in range(size)), strict=False)
            for i in compress(count(), map(self._by_key.__contains__, runs)):
                for p in self._by_key[tuple(words[i : i + size])]:
                    if not self._holds(words, i, p):
                        continue
                    spans = spans or [m.span() for m in _WORD.finditer(text)]
                    if p.short and not self._alone(text, spans, i, len(p.fragments[0])):
                        continue
                    line = text.count("\n", 0, spans[i][0]) + 1
                    if (line, p.digest) not in seen:
                        seen.add((line, p.digest))
                        yield line, p

    @staticmethod
    def _holds(words: list[str], i: int, p: Phrasing) -> bool:
        if len(p.fragments) == 1:
            return tuple(words[i : i + len(p.fragments[0])]) == p.fragments[0]
        reach = len(p.fragments) * _SLOT_WORDS + sum(map(len, p.fragments))
        window = " ".join(words[max(0, i - reach) : i + reach]) + " "
        return p.pattern.search(window) is not None

    @staticmethod
    def _alone(text: str, spans: list[tuple[int, int]], i: int, n: int) -> bool:
        """A short phrasing stands alone: something other than a space on both sides."""
        end = i + n
        before = text[spans[i - 1][1] if i else 0 : spans[i][0]]
        after = text[spans[end - 1][1] : spans[end][0] if end < len(spans) else len(text)]
        return bool(before.strip() or not i) and bool(after.strip())


def _targets() -> list[Path]:
    tests = [
        path
        for path in sorted((_ROOT / "tests").rglob("*"))
        if path.suffix in _TEXT_SUFFIXES and path.is_file() and "__pycache__" not in path.parts
    ]
    return tests + sorted((_ROOT / "domain" / "lexicon").glob("*.yaml"))


def _examples(node: Any) -> Iterator[str]:
    """Each [pattern, example] pair's example in a lexicon file."""
    if isinstance(node, dict):
        for v in node.values():
            yield from _examples(v)
    elif isinstance(node, list):
        if len(node) == 2 and all(isinstance(v, str) for v in node):
            yield node[1]
        else:
            for v in node:
                yield from _examples(v)


def _readme_asks(phrasings: Iterable[Phrasing]) -> set[str]:
    readme = (_ROOT / "README.md").read_text(encoding="utf-8")
    return {p.digest for _, p in CopyFinder(phrasings).find(readme)}


def _bench_line(p: Phrasing) -> int:
    """The line of the bench file that holds `p` (for the message only)."""
    lines = (_ROOT / p.source).read_text(encoding="utf-8").splitlines()
    for head in (p.text, max(_SLOT.split(p.text), key=len).strip()[:30]):
        found = next((n for n, line in enumerate(lines, 1) if head in line), 0)
        if found:
            return found
    return 0


def _known() -> dict[str, set[str]]:
    data = yaml.load(_KNOWN.read_text(encoding="utf-8"), Loader=_Loader) or {}
    return {str(path): set(digests) for path, digests in data.items()}


def test_no_test_nor_lexicon_file_copies_a_bench_phrasing() -> None:
    phrasings = bench_phrasings()
    assert len(phrasings) > 500, "the bench sets were not read"
    exempt = _readme_asks(phrasings)
    finder = CopyFinder(p for p in phrasings if p.digest not in exempt)
    known = _known()
    found: dict[str, dict[str, tuple[int, Phrasing]]] = {}
    for path in _targets():
        rel = path.relative_to(_ROOT).as_posix()
        for line, p in finder.find(path.read_text(encoding="utf-8", errors="replace")):
            found.setdefault(rel, {}).setdefault(p.digest, (line, p))
    new = [
        f"{rel}:{line}: copies {p.source}:{_bench_line(p)} {p.text!r}"
        for rel, copies in sorted(found.items())
        for digest, (line, p) in sorted(copies.items(), key=lambda kv: kv[1][0])
        if digest not in known.get(rel, set())
    ]
    gone = [
        f"{rel}: {digest} is listed in {_KNOWN.name} but no longer copied (drop it there)"
        for rel, digests in sorted(known.items())
        for digest in sorted(digests - set(found.get(rel, {})))
    ]
    assert not new, "a bench phrasing copied; reword it in your own words:\n" + "\n".join(new)
    assert not gone, "\n".join(gone)


def test_no_lexicon_example_is_most_of_a_bench_phrasing() -> None:
    examples = [
        (path.name, example, " ".join(_words(example)))
        for path in sorted((_ROOT / "domain" / "lexicon").glob("*.yaml"))
        for example in _examples(yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader))
    ]
    sizes = {said.count(" ") + 1 for _, _, said in examples}
    # each run of a phrasing's words that is most of it and as long as some example
    most: dict[str, Phrasing] = {}
    for p in bench_phrasings():
        words = p.fragments[0]
        if len(p.fragments) > 1:
            continue  # a template's copies are the test above's
        for n in sizes:
            if n >= 4 and _MOST * len(words) <= n <= len(words):
                for i in range(len(words) - n + 1):
                    most.setdefault(" ".join(words[i : i + n]), p)
    copied = [
        f"domain/lexicon/{name}: example {example!r} is most of "
        f"{whole.source}:{_bench_line(whole)} {whole.text!r}"
        for name, example, said in examples
        if (whole := most.get(said)) is not None
    ]
    assert not copied, "\n".join(copied)


# --- the guard's own reading, on phrasings made up here --------------------------------------

_MADE_UP = [
    phrasing("made-up", "Does the frobnication clause of the NDA outlive its wind-down?"),
    phrasing("made-up", "Is {a}'s gizmo budget under the deal with {b} unbounded?"),
    phrasing("made-up", "Frobnication outright barred?"),
    phrasing("made-up", "Gizmo upkeep post-closing?"),
]


@pytest.mark.parametrize(
    ("text", "which"),
    [
        ('q = "Does the frobnication clause of the NDA outlive its wind-down?"', 0),
        ('q = "does the frobnication clause of the nda outlive its wind down"', 0),
        (
            'q = (\n    "Does the Frobnication clause of "\n    "the NDA outlive its wind-down ?"\n)',
            0,
        ),
        ("# as asked: 'DOES THE FROBNICATION CLAUSE OF THE NDA OUTLIVE ITS WIND-DOWN'", 0),
        (
            'q = "Is Acme & Co.\'s gizmo budget under the deal with Beta Holdings, Inc. unbounded?"',
            1,
        ),
        ('q = "is halcyon\'s gizmo budget under the deal with northgate unbounded?"', 1),
        ('TERSE = ["Frobnication outright barred?", "x"]', 2),
        ('- question: "frobnication outright  BARRED ?"', 2),
        ('TERSE = ["Gizmo upkeep post-closing?"]', 3),
    ],
)
def test_the_guard_finds_a_copy_however_it_is_written(text: str, which: int) -> None:
    made_up = [p for p in _MADE_UP if p is not None]
    assert [p for _, p in CopyFinder(made_up).find(text)] == [made_up[which]], text


@pytest.mark.parametrize(
    "text",
    [
        # a short phrasing's words inside an ordinary question, or a label, are no copy
        'q = "For how long is frobnication outright barred by the NDA?"',
        "label: gizmo upkeep post-closing of the deal",
        # a template's words without its frame, or another frame's
        'q = "Is the gizmo budget unbounded?"',
        'q = "Does the frobnication clause of the NDA outlive the term?"',
    ],
)
def test_the_guard_leaves_other_wordings_alone(text: str) -> None:
    made_up = [p for p in _MADE_UP if p is not None]
    assert list(CopyFinder(made_up).find(text)) == [], text


def test_too_short_a_phrasing_is_none_to_guard() -> None:
    assert phrasing("made-up", "Gizmo barred?") is None
    assert phrasing("made-up", "{a} and {b}?") is None
