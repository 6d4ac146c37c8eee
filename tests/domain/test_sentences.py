"""The sentence splitter reads a terminal mark the same however the text layer encodes it, and
splits the same in every process.

A PDF's text layer may set a mark as a character Unicode holds equal to it: the EDGAR
conversions of 58 of the 70 shared CUAD contracts write every ";" as the GREEK QUESTION MARK
(U+037E, canonically a semicolon), and fullwidth / small forms ("；", "．", "！", "？") are
compatibility forms of the ASCII marks. "During the Term, CNET will not enter into more than
two other agreements ...; provided that the foregoing will not restrict ..." was one sentence
read from the stored PDF text and two read from the same words typed (or from CUAD's own text
file), which looked like the split depending on the process. Generated variants: party names
(short, a legal form, "&", a possessive, lower case), the proviso's wording, and each mark in
its lookalikes; a deterministic sample of the product runs."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from domain import sentence_spans

REPO = Path(__file__).resolve().parents[2]

PARTIES = ("CNET", "Acme Robotics, Inc.", "Halden & Marine", "Beta's affiliate", "the licensee")
PROVISOS = (
    "provided that the foregoing will not restrict the display of standard advertisements",
    "provided, however, that {a} may display text links to any retailer",
    "except that nothing herein shall prevent {a} from running its own promotions",
)
# the ASCII mark and the characters Unicode holds equal to it
SEMICOLONS = ("\u037e", "\uff1b", "\ufe54")
STOPS = {".": ("\uff0e", "\ufe52"), "!": ("\uff01", "\ufe57"), "?": ("\uff1f", "\ufe56")}


def _main_clause(a: str) -> str:
    # longer than 120 characters: a ";" after it ends the statement (domain/_sentences.py)
    return (
        f"During the Term, {a} will not enter into more than two other agreements under which "
        f"{a} receives consideration from a Competing Retailer for displaying permanent links "
        "on any Site"
    )


def _texts(mark: str) -> list[str]:
    """Two paragraphs per party and proviso: a long clause and its proviso joined by `mark`
    (a semicolon), then a short clause whose ";" ends nothing."""
    out = []
    for a, proviso in itertools.product(PARTIES, PROVISOS):
        out.append(
            f"{_main_clause(a)}{mark} {proviso.format(a=a)}. The parties agree{mark} "
            f"{a} signs.\nNotices go to {a}{mark} copies to counsel."
        )
    return out


CASES = [(text, lookalike) for lookalike in SEMICOLONS for text in _texts(";")]
# every 4th of the 45-case product, and each one in lower case too
SAMPLE = [
    (variant, mark)
    for k, (text, mark) in enumerate(CASES)
    if k % 4 == 0
    for variant in (text, text.lower())
]


@pytest.mark.parametrize(("text", "mark"), SAMPLE)
def test_a_semicolon_lookalike_splits_as_the_semicolon(text: str, mark: str) -> None:
    lookalike = text.replace(";", mark)
    assert sentence_spans(lookalike) == sentence_spans(text)
    # the long clause and its proviso are two statements, the short one's ";" ends nothing
    first = sentence_spans(lookalike)[0]
    assert lookalike[first[0] : first[1]].lower().endswith("site" + mark)


@pytest.mark.parametrize(
    ("mark", "lookalike"), [(m, k) for m, ks in sorted(STOPS.items()) for k in ks]
)
def test_a_terminal_mark_lookalike_ends_the_sentence(mark: str, lookalike: str) -> None:
    text = f"Acme Robotics, Inc. shall deliver the goods{mark} Payment is due in 30 days{mark}"
    assert sentence_spans(text.replace(mark, lookalike)) == sentence_spans(text)
    assert len(sentence_spans(text)) == 2
    # an abbreviation's lookalike stop ends no sentence either
    if mark == ".":
        held = f"Beta Corp{lookalike} and J{lookalike} Smith agree{lookalike} It applies."
        assert len(sentence_spans(held)) == 2


_CHILD = (
    "import json, sys\n"
    "from domain import sentence_spans\n"
    "texts = json.load(sys.stdin)\n"
    "json.dump([sentence_spans(t) for t in texts], sys.stdout)\n"
)


def test_the_split_is_the_same_in_a_fresh_process_and_after_the_skill_is_loaded() -> None:
    # the step suspected of changing the split: the skill imported, the lexicon and the
    # claim reader's model read
    from skill import nli_model

    nli_model()
    texts = [text.replace(";", mark) for text, mark in SAMPLE] + [t for t, _ in SAMPLE]
    here = [[list(span) for span in sentence_spans(t)] for t in texts]
    child = subprocess.run(
        [sys.executable, "-c", _CHILD],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
        timeout=120,
    )
    assert json.loads(child.stdout) == here
