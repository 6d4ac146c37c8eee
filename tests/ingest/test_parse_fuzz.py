"""A deterministic, time-bounded fuzz corpus for PdfParser (issue 18).

Mutated PDFs (bit flips, byte overwrites, truncation, cross-reference damage) of generated
documents and, when present, real CUAD contracts, plus every hostile shape of issue 18.
All are generated here from fixed seeds; none is checked in. Every file must end parsed or
rejected with a typed PdfRejected (never another exception: that is `internal_error` in a
report), within the parser's own per-file bound on work (its child's CPU time: past it the outcome
is a typed TIMEOUT) and a bound on the parse's resident memory. No time is measured by the
test: a loaded machine stretches wall time, not the work a parse does.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

import ingest._pdf as pdf_module
from ingest import ChildUsage, PdfParser, PdfRejected, fork_available
from tests import pdfs
from tests.ingest import hostile_pdfs as hostile
from tests.ingest.conftest import CUAD

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not fork_available(), reason="the bounds need os.fork"),
]

MAX_CPU_SECONDS = 8.0  # the parser's own limit of work per file (its child's CPU time)
WALL_SECONDS = 300.0  # the parser's wall-clock limit (its default): a backstop only
MAX_MEMORY = 768 * 2**20
MUTANTS_PER_SEED = 10
CUAD_SEEDS = 16  # real contracts used as mutation seeds (the smallest, to bound the run)

Mutation = Callable[[bytes, random.Random], bytes]
MUTATIONS: dict[str, Mutation] = {
    "flips": lambda d, r: hostile.bit_flips(d, r, r.randrange(1, 200)),
    "bytes": lambda d, r: hostile.byte_mutations(d, r, r.randrange(1, 40)),
    "truncate": hostile.truncate_keep_eof,
    "xref": hostile.damage_xref,
}

# name: (builder, the outcome it must end with)
HOSTILE: dict[str, tuple[Callable[[], bytes], str]] = {
    "filter-array-bomb": (lambda: hostile.filter_array_bomb_pdf(48_000_000), "bomb"),
    "chained-filter-bomb": (lambda: hostile.chained_filter_bomb_pdf(48_000_000), "bomb"),
    "form-bomb": (lambda: hostile.form_bomb_pdf(48_000_000), "bomb"),
    "bomb-drawn-12x": (lambda: hostile.form_bomb_pdf(48_000_000, draws=12), "bomb"),
    "nested-forms": (hostile.nested_forms_pdf, "bomb"),
    "cyclic-forms": (hostile.cyclic_forms_pdf, "committed"),
    "inline-image-bomb": (hostile.inline_image_bomb_pdf, "bomb"),
    "230k-identical-lines": (lambda: hostile.identical_lines_pdf(230_000), "too_large"),
    "30k-identical-lines": (lambda: hostile.identical_lines_pdf(30_000), "committed"),
    "huge-page": (lambda: hostile.huge_page_pdf(1.0e7), "committed"),
    # past MuPDF's coordinate range: it returns no lines for the page
    "huge-page-1e9": (lambda: hostile.huge_page_pdf(1.0e9, lines=30), "no_text"),
    "many-spans": (lambda: hostile.many_spans_pdf(150_000), "too_large"),
}


def _seeds() -> list[tuple[str, bytes]]:
    seeds = [
        ("contract", pdfs.contract_pdf()),
        (
            "columns",
            pdfs.two_column_pdf(
                "Newsletter",
                [f"Left column paragraph {i}, long enough to wrap twice." for i in range(12)],
                [f"Right column paragraph {i}, long enough to wrap twice." for i in range(12)],
            ),
        ),
        ("form-bomb-small", hostile.form_bomb_pdf(2_000_000, draws=3)),
        ("nested-small", hostile.nested_forms_pdf(depth=3, fanout=3, ops=200)),
    ]
    real = sorted(Path(CUAD / "pdf").glob("*.pdf"), key=lambda p: (p.stat().st_size, p.name))
    seeds += [(p.name, p.read_bytes()) for p in real[:CUAD_SEEDS]]
    return seeds


def _corpus() -> list[tuple[str, bytes]]:
    corpus = [(name, make()) for name, (make, _) in HOSTILE.items()]
    for index, (name, data) in enumerate(_seeds()):
        for k in range(MUTANTS_PER_SEED):
            rng = random.Random(1000 * index + k)
            kind = sorted(MUTATIONS)[k % len(MUTATIONS)]
            corpus.append((f"{name}~{kind}{k}", MUTATIONS[kind](data, rng)))
    return corpus


def test_cuad_seeds_are_present_or_skipped_with_a_reason():
    if not list(Path(CUAD / "pdf").glob("*.pdf")):
        pytest.skip(f"no CUAD PDFs under {CUAD / 'pdf'}: the fuzz corpus uses generated seeds only")


def test_every_file_ends_parsed_or_typed_within_bounds(monkeypatch):
    usages: list[ChildUsage] = []
    monkeypatch.setattr(
        pdf_module,
        "run_in_child",
        functools.partial(pdf_module.run_in_child, on_usage=usages.append),
    )
    parser = PdfParser(
        ocr="off",
        max_seconds=WALL_SECONDS,
        max_cpu_seconds=MAX_CPU_SECONDS,
        max_memory_bytes=MAX_MEMORY,
    )
    outcomes: Counter[str] = Counter()
    slowest = (0.0, "")
    for name, data in _corpus():
        before = len(usages)
        try:
            parser.run(data, name)
            outcome = "committed"
        except PdfRejected as exc:
            outcome = str(exc.code)
            # the wall clock is a backstop only: a file stops at the bound on its work
            assert "of CPU time" in exc.reason or outcome != "timeout", f"{name}: {exc.reason}"
        # anything else propagates and fails the test: it would be an internal_error
        cpu = sum(u.cpu_seconds for u in usages[before:])
        slowest = max(slowest, (cpu, name))
        outcomes[outcome] += 1
        if name in HOSTILE:
            assert outcome == HOSTILE[name][1], f"{name}: {outcome}"
    assert usages, "the parses ran in child processes"
    peak = max(u.peak_rss_growth for u in usages)
    assert peak < MAX_MEMORY + 256 * 2**20
    print(
        f"\n{sum(outcomes.values())} files: {dict(outcomes)}; most work {slowest[0]:.1f} CPU s"
        f" ({slowest[1]}); peak RSS growth {peak / 2**20:.0f} MiB"
    )
    assert outcomes["committed"] and len(outcomes) > 2
