"""How well a scanned page's text layer reads: the score that decides whether OCR reads it again.

A page whose text lies over a page-sized image is a scan that someone already ran through an
OCR, often an old one: its invisible text layer may be full of misreadings ("4GRFFMFST",
"PRIMEEVERG\\’CORPORATION"). Such a layer is scored, and so is the reading of the page by
our OCR backend when the layer scores low; the parser keeps the better of the two.

The score is the share of the page's words that read as words, times the share of its text
that lies over the image's ink:

- a word (a run of letters) reads as a word when the word list knows it
  (`domain/lexicon/words.txt`, `domain.known_words`, legal English from CUAD, made by `python -m bench.wordlist`);
  a capitalized word the list does not know is a name (Halcyon, Okafor) and counts neither
  way, unless it is one letter away from a long word the list knows ("Agrcement");
- two neighbouring pieces that the list knows only when joined ("agre ement") are a broken
  word: neither piece counts as read;
- a whitespace token with an impossible character (a backslash, a tilde, a control
  character) or an impossible shape (letters and figures mixed, "4GRFFMFST"; a capital after
  a small letter or small letters after a run of capitals, "LIOUDm") reads as nothing;
- a line whose box lies over no ink of the rendered page is text the scan does not show.

Numbers, single letters and marks are neither counted for nor against a page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pymupdf

from domain import known_words

BBox = tuple[float, float, float, float]

# Below this the text layer is read again by OCR. Chosen on the data room's 18 documents
# scanned with a text layer (bench/ocr.py's layer table; bench/data_room scan_pdf): their good
# layers score 0.92-1.0 a page (the lowest on slides with few words), their noisy layers (a
# quarter of the words misread as an old OCR does) 0.69-0.86; the shared CUAD scan with a
# text layer (WESTERN COPPER - NON-COMPETITION AGREEMENT) scores 0.987-1.0 a page.
REREAD_BELOW = 0.9
# Rendering for the ink test: coarse is enough to see whether a line's box holds any ink.
_INK_DPI = 50
_INK_LEVEL = 128  # a grey level darker than this is ink
_INK_PIXELS = 2  # a line's box holding at least this many ink pixels lies over ink
_LETTERS = re.compile(r"[^\W\d_]+")
_ALNUM_RUN = re.compile(r"[^\W_]+")
# what a page of English may hold besides letters, figures and spaces
_ALLOWED_MARKS = frozenset(".,;:!?'\"()[]{}-/&%$@#*+=<>_“”‘’–—§•°€£¶")
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th|ST|ND|RD|TH)")
_CAMEL = re.compile(r"[a-z][A-Z]")
_CAPS_THEN_SMALL = re.compile(r"[A-Z]{2,}[a-z]+")
_MIXED_LETTERS = 3  # letters among figures in one run from which the run is impossible
# a capitalized unknown word this long one letter from a known word is a misreading, not a
# name: shorter names are too often one letter from a word (Tern, Keel, Reyes)
_NEAR_MIN_LETTERS = 6
_ALPHABET = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, slots=True)
class LayerQuality:
    """One reading of a page, scored: `score` in [0, 1] (see the module's docstring), from
    `words` counted words; the share the list knows, the share in broken pieces, the share
    of whitespace tokens that are impossible, and the share of text over ink."""

    score: float
    words: int
    known: float
    broken: float
    impossible: float
    over_ink: float


def page_ink(page: pymupdf.Page) -> tuple[np.ndarray, float]:
    """The page rendered coarsely in grey as an ink mask (True: ink), and its pixels per point.

    Invisible text (an OCR layer's render mode 3) draws nothing, so the ink is the scan's."""
    pixmap = page.get_pixmap(dpi=_INK_DPI, colorspace=pymupdf.csGRAY, alpha=False)
    gray = np.frombuffer(pixmap.samples, dtype=np.uint8).reshape(pixmap.h, pixmap.stride)
    return gray[:, : pixmap.w] < _INK_LEVEL, _INK_DPI / 72.0


def score_text_layer(
    lines: Sequence[tuple[str, BBox]], ink: np.ndarray, scale: float, to_display: pymupdf.Matrix
) -> LayerQuality:
    """Score a page's lines (text and box in the page's unrotated space) against its ink mask
    (`page_ink`; `to_display` maps the lines' boxes onto it: the page's rotation matrix)."""
    known = known_words()
    good = counted = broken = listed = 0
    tokens = impossible = 0
    chars = chars_over_ink = 0
    for text, bbox in lines:
        line_chars = len(text.replace(" ", ""))
        chars += line_chars
        if _over_ink(bbox, ink, scale, to_display):
            chars_over_ink += line_chars
        # (lower-case letters, capitalized, its token is impossible)
        pieces: list[tuple[str, bool, bool]] = []
        for token in text.split():
            bad = _impossible(token)
            tokens += 1
            impossible += bad
            pieces.extend((w.lower(), w[0].isupper(), bad) for w in _LETTERS.findall(token))
        in_broken = [False] * len(pieces)
        for i in range(len(pieces) - 1):
            a, b = pieces[i][0], pieces[i + 1][0]
            if (a not in known or b not in known) and a + b in known:
                in_broken[i] = in_broken[i + 1] = True
        for (word, capital, bad), split in zip(pieces, in_broken, strict=True):
            if len(word) < 2 and not split:
                continue  # a single letter ("(a)", "I") says nothing either way
            listed_word = word in known
            if capital and not (listed_word or bad or split or _near_known(word, known)):
                continue  # a name
            counted += 1
            broken += split
            listed += listed_word
            good += not bad and not split and listed_word
    over_ink = chars_over_ink / chars if chars else 0.0
    read = good / counted if counted else 1.0  # figures and names only: nothing reads wrong
    return LayerQuality(
        score=round(read * over_ink, 4),
        words=counted,
        known=round(listed / counted if counted else 0.0, 4),
        broken=round(broken / counted if counted else 0.0, 4),
        impossible=round(impossible / tokens if tokens else 0.0, 4),
        over_ink=round(over_ink, 4),
    )


def _near_known(word: str, known: frozenset[str]) -> bool:
    """Whether a long word is one letter from a known word: swapped, missing, extra, or two
    neighbours turned round (how a misreading of a known word looks)."""
    if len(word) < _NEAR_MIN_LETTERS:
        return False
    cuts = [(word[:k], word[k:]) for k in range(len(word) + 1)]
    for head, tail in cuts:
        if tail and head + tail[1:] in known:
            return True
        if len(tail) > 1 and head + tail[1] + tail[0] + tail[2:] in known:
            return True
        for letter in _ALPHABET:
            if (tail and head + letter + tail[1:] in known) or head + letter + tail in known:
                return True
    return False


def _impossible(token: str) -> bool:
    """A whitespace token no page of English holds: an impossible character, letters mixed
    with figures (not an ordinal, nor a short code such as "V6E"), or letters cased as no word
    is (a capital after a small letter; small letters after capitals, but a plural "LLCs")."""
    for ch in token:
        if not (ch.isalnum() or ch in _ALLOWED_MARKS):
            return True
    for run in _ALNUM_RUN.findall(token):
        letters = sum(1 for c in run if c.isalpha())
        if letters >= _MIXED_LETTERS and letters < len(run) and not _ORDINAL.fullmatch(run):
            return True
        if _CAMEL.search(run):
            return True
        if _CAPS_THEN_SMALL.search(run) and not (run.endswith("s") and run[:-1].isupper()):
            return True
    return False


def _over_ink(bbox: BBox, ink: np.ndarray, scale: float, to_display: pymupdf.Matrix) -> bool:
    rect = pymupdf.Rect(bbox) * to_display
    height, width = ink.shape
    x0, y0 = max(int(rect.x0 * scale), 0), max(int(rect.y0 * scale), 0)
    x1, y1 = min(int(rect.x1 * scale) + 1, width), min(int(rect.y1 * scale) + 1, height)
    if x1 <= x0 or y1 <= y0:
        return False
    return int(ink[y0:y1, x0:x1].sum()) >= _INK_PIXELS
