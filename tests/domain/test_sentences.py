"""The sentence splitter reads a terminal mark the same however the text layer encodes it, and
splits the same in every process.

A PDF's text layer may set a mark as a character Unicode holds equal to it: the EDGAR
conversions of 58 of the 70 shared CUAD contracts write every ";" as the GREEK QUESTION MARK
(U+037E, canonically a semicolon), and fullwidth / small forms ("；", "．", "！", "？") are
compatibility forms of the ASCII marks. "During the Term, CNET will not enter into more than
two other agreements ...; provided that the foregoing will not restrict ..." was one sentence
read from the stored PDF text and two read from the same words typed (or from CUAD's own text
file), which looked like the split depending on the process.

The split is the same for every encoding, and a ";" that ends a long statement ends none where
what follows continues its clause (a proviso, an exception, a condition; in lower case a word
that refers back, "such", "the foregoing"): the proviso read alone says the opposite of the
clause. Generated variants: party names (short, a legal form, "&", a possessive, lower case),
the follower's wording, and each mark in its lookalikes; a deterministic sample of each
product runs."""

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
# what follows a ";" and continues the clause before it (vocabulary.yaml
# semicolon_continuations): a proviso, an exception or a condition, in any case
CONTINUATIONS = (
    "provided that the foregoing will not restrict the display of standard advertisements",
    "provided, however, that {a} may display text links to any retailer",
    "Provided, however, that {a} may display text links to any retailer",
    "and provided further that {a} gives notice",
    "except that nothing herein shall prevent {a} from running its own promotions",
    "unless {a} consents in writing",
    "subject to {a}'s prior written approval",
    "in which case {a} shall refund the fees",
    "save that {a} may terminate on notice",
    "other than the links {a} already displays",
)
# words that refer back to the clause before, continuing it in lower case only
REFERRING = (
    "the foregoing shall not apply to {a}'s existing agreements",
    "such agreements shall expire with this Agreement",
    "in the event that {a} terminates, no payment shall be due",
    "which consent {a} shall not unreasonably withhold",
)
# what starts a statement of its own after a long clause's ";": a list item, a capital, a word
# that only begins like a continuation
NEW_STATEMENTS = (
    "(b) {a} shall pay the fees within thirty days",
    "Such agreements shall expire with this Agreement",
    "The foregoing shall not apply to {a}'s existing agreements",
    "exceptional costs shall be borne by {a}",
    "suchlike costs shall be borne by {a}",
    "and {a} shall pay the fees within thirty days",
)
# the ASCII mark and the characters Unicode holds equal to it
SEMICOLONS = (";", "\u037e", "\uff1b", "\ufe54")
STOPS = {".": ("\uff0e", "\ufe52"), "!": ("\uff01", "\ufe57"), "?": ("\uff1f", "\ufe56")}


def _main_clause(a: str) -> str:
    # longer than 120 characters: a ";" after it ends the statement (domain/_sentences.py)
    return (
        f"During the Term, {a} will not enter into more than two other agreements under which "
        f"{a} receives consideration from a Competing Retailer for displaying permanent links "
        "on any Site"
    )


def _text(a: str, follower: str, mark: str) -> str:
    """A long clause and what follows its `mark` (a semicolon), then a short clause whose ";"
    ends nothing."""
    return (
        f"{_main_clause(a)}{mark} {follower.format(a=a)}. The parties agree{mark} "
        f"{a} signs.\nNotices go to {a}{mark} copies to counsel."
    )


def _sample(followers: tuple[str, ...], k: int, lower: bool) -> list[tuple[str, str, str]]:
    """Every k-th (party, follower, mark) of the product (the full product checked by hand),
    each also in lower case where `lower`."""
    product = list(itertools.product(PARTIES, followers, SEMICOLONS))
    return [
        (variant(a), variant(f), m)
        for n, (a, f, m) in enumerate(product)
        if n % k == 0
        for variant in ((str, str.lower) if lower else (str,))
    ]


def _first_sentence(text: str) -> str:
    start, end = sentence_spans(text)[0]
    return text[start:end]


@pytest.mark.parametrize(("party", "follower", "mark"), _sample(CONTINUATIONS, 9, lower=True))
def test_a_proviso_after_a_semicolon_stays_with_its_clause(
    party: str, follower: str, mark: str
) -> None:
    text = _text(party, follower, mark)
    # the same split as the typed ";", and the clause read with its proviso
    assert sentence_spans(text) == sentence_spans(text.replace(mark, ";"))
    assert _first_sentence(text).endswith(follower.format(a=party) + ".")


@pytest.mark.parametrize(("party", "follower", "mark"), _sample(REFERRING, 5, lower=False))
def test_a_lower_case_word_that_refers_back_continues_the_clause(
    party: str, follower: str, mark: str
) -> None:
    text = _text(party, follower, mark)
    assert sentence_spans(text) == sentence_spans(text.replace(mark, ";"))
    assert _first_sentence(text).endswith(follower.format(a=party) + ".")


@pytest.mark.parametrize(("party", "follower", "mark"), _sample(NEW_STATEMENTS, 7, lower=False))
def test_a_new_statement_after_a_long_clauses_semicolon_stands_alone(
    party: str, follower: str, mark: str
) -> None:
    text = _text(party, follower, mark)
    assert sentence_spans(text) == sentence_spans(text.replace(mark, ";"))
    assert _first_sentence(text).lower().endswith("site" + mark)


SAMPLE = [(_text(a, f, ";"), m) for a, f, m in _sample(CONTINUATIONS + NEW_STATEMENTS, 9, True)]


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
