"""OCR of image regions: recognized lines in the page's reading frame.

The default backend is RapidOCR (`rapidocr-onnxruntime`, Apache-2.0): PP-OCRv4 detection and
recognition models that ship inside its wheel and run on onnxruntime, so OCR needs no system
package and no download. Tesseract (through PyMuPDF) stays an option, selected by name.

`RapidOcrReader.read` takes a grayscale page image and returns its text lines upright: the
page's orientation (0/90/180/270) is decided once for the whole image, from the shape of the
detected boxes (sideways text gives tall boxes) and the recognizer's confidence on the
longest lines, read both ways up. RapidOCR's per-line direction classifier is not used: it
squeezes a line into 192 pixels and, on long English lines, is wrong often enough to turn
good lines into garbage.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import math
import os
import re
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import metadata
from typing import Any

import numpy as np

from ingest._errors import IngestError

OCR_BACKENDS = ("rapidocr", "tesseract", "off")

# Recognition scores below this are noise (speckle, rules, stamps read as letters).
_MIN_SCORE = 0.5
# A page is sideways when most detected boxes are this much taller than wide.
_TALL = 1.5
# Lines read both ways up to decide a page's orientation, longest first.
_VOTERS = 4
_VOTE_WIDTH = 12  # line heights of each voter read
# Detection runs on the image scaled so its longer side is at most this (DBNet needs far
# less than the recognition crops, which are cut from the full-resolution image).
_DET_MAX_SIDE = 1600
# Word spaces the recognizer dropped (see _split_runs): a blank between two characters this
# share of the line's height wide and this many times the line's typical letter gap, or, on
# a line with this many spaces read, this share of its narrow spaces (with a lower floor)
_SPACE_GAP = 0.2
_SPACE_OVER_TYPICAL = 2.5
_SPACES_TO_MEASURE = 2
_OF_LINE_SPACE = 0.8
# a line whose typical letter gap is this share of its height is fixed-pitch type, where a
# blank must be this share of the narrow spaces
_FIXED_PITCH_GAP = 0.12
_OF_FIXED_PITCH_SPACE = 0.95
_MIN_SPACE_GAP = 0.15
# inside a number a blank must be this share of the height wide to be a space
_NUMBER_SPACE_GAP = 0.45
_NUMBER_MARKS = frozenset("/.,:-")
# blank columns are looked for in the crop less this share of its height at top and bottom
_BLANK_MARGIN = 0.1
# no space is put before a closing mark nor after an opening one (see _may_part)
_CLOSING = frozenset(")]}.,;:!?%”’")
_OPENING = frozenset("([{“‘$")
# x-height and cap height as shares of the em, typical of text faces (Times 0.45/0.66,
# Helvetica 0.52/0.72, Courier 0.43/0.57): a size estimate good to about 15%
_X_HEIGHT = 0.48
_CAP_HEIGHT = 0.69
# the top of the ink: the first row with this share of the busiest row's ink; a core band
# this share of the ink's height above the baseline is the cap height
_INK_TOP = 0.1
_BUSY_ROW = 0.5
_CAP_BAND = 0.85
# The recognizer reads Latin text with Chinese-model habits: full-width punctuation (NFKC
# folds it) and a missing space after a comma, semicolon or a sentence's full stop.
_NO_SPACE_AFTER_COMMA = re.compile(r"([,;])(?=[A-Za-z(\"“])")
_NO_SPACE_AFTER_STOP = re.compile(r"(?<=[a-z]{2}[.:])(?=[A-Z][a-z])")
_NO_SPACE_AFTER_CLOSE = re.compile(r"([)\]”])(?=[A-Za-z])")
_NO_SPACE_BEFORE_OPEN = re.compile(r"(?<=[a-z][.,])(?=\()")
_WS = re.compile(r"\s+")
# fix_confusions: marks that may wrap a word; a word of figures with look-alike letters in
# it; an ordinal (figures, or look-alikes, and the English ordinal suffix); a roman numeral
# with its I read as l; a lower-case word with a 1 or 0 read for an l or o
_EDGE_MARKS = "\"'“”‘’()[]{},.;:!?*"
_NUMBERISH = re.compile(
    r"[$€£]?(?:[\dlIOo]*\d[\dlIOo]*(?:[.,/:-][\dlIOo]+)*"
    r"|[\dlIOo]+(?:[.,/:-][\dlIOo]*\d[\dlIOo]*)+)[.%]?"
)
_ORDINAL = re.compile(r"([\dlI]+)(st|nd|rd|th)")
_ROMAN_LIKE = re.compile(r"[Il]{2,4}")
_LOWER_WITH_FIGURE = re.compile(r"[a-z]+[10][a-z]*|[a-z]*[10][a-z]+")
_AS_FIGURES = str.maketrans({"l": "1", "I": "1", "O": "0", "o": "0"})
_AS_LETTERS = str.maketrans({"1": "l", "0": "o"})
_BULLET = re.compile(r"\s*[·•●▪◦]\s*")


class OcrUnavailable(IngestError):
    """The OCR backend cannot run here (not installed, or its models cannot be loaded).

    The parser catches it and notes the page as not read (ingest/_pdf.py)."""

    code, title = "ocr_unavailable", "OCR unavailable"


@dataclass(frozen=True, slots=True)
class OcrLine:
    """One recognized line: its text, its corners in the upright frame (pixels), its score."""

    text: str
    quad: tuple[tuple[float, float], ...]  # 4 corners, clockwise from top-left
    score: float
    # the type's size (em) in pixels, from the ink's x-height (cap height on a line with
    # no lower case): a box's height depends on which letters the line holds, this does not
    em_px: float = 0.0
    # share of inked pixels in the core band of the letters: bold type inks more
    ink: float = 0.0


@dataclass(frozen=True, slots=True)
class OcrPage:
    """The lines of one image, upright.

    `quarter_turns`: how many times the image was turned 90° counter-clockwise to stand
    upright (np.rot90's k); `width`/`height` are the upright frame's size in pixels.
    """

    lines: tuple[OcrLine, ...]
    quarter_turns: int
    width: int
    height: int


def normalize_ocr_text(text: str) -> str:
    """Fold full-width forms and restore the spaces the recognizer drops after punctuation;
    list bullets (read as middle dots, often run into the word) become one "•" word."""
    text = unicodedata.normalize("NFKC", text)
    text = _BULLET.sub(" • ", text)
    text = _NO_SPACE_AFTER_COMMA.sub(r"\1 ", text)
    text = _NO_SPACE_AFTER_STOP.sub(" ", text)
    text = _NO_SPACE_AFTER_CLOSE.sub(r"\1 ", text)
    text = _NO_SPACE_BEFORE_OPEN.sub(" ", text)
    return fix_confusions(_WS.sub(" ", text).strip())


def fix_confusions(text: str) -> str:
    """Letters and figures the recognizer confuses (l/I/1, O/o/0), set right where the
    characters around them say which class a word is: a figure among figures ("2.l" is
    "2.1", "o.2o%" is "0.20%"), an ordinal ("lst" is "1st"), a letter in a lower-case word
    ("wil1" is "will"), a roman numeral after a capitalized word ("Fund Il" is "Fund II").
    Only the class of the neighbours is used, never a list of words."""
    tokens = text.split(" ")
    out = []
    for i, token in enumerate(tokens):
        core = token.strip(_EDGE_MARKS)
        if core:
            lead = token[: len(token) - len(token.lstrip(_EDGE_MARKS))]
            tail = token[len(lead) + len(core) :]
            previous = tokens[i - 1] if i else ""
            token = lead + _fix_word(core, previous) + tail
        out.append(token)
    return " ".join(out)


def _fix_word(core: str, previous: str) -> str:
    if _NUMBERISH.fullmatch(core) and any(c.isdigit() for c in core):
        return core.translate(_AS_FIGURES)
    ordinal = _ORDINAL.fullmatch(core)
    if ordinal is not None:
        figures = ordinal.group(1).translate(_AS_FIGURES)
        if _ordinal_suffix(int(figures)) == ordinal.group(2).lower():
            return figures + ordinal.group(2)
    if _ROMAN_LIKE.fullmatch(core) and "I" in core and _capitalized_word(previous):
        return "I" * len(core)
    if _LOWER_WITH_FIGURE.fullmatch(core):
        return core.translate(_AS_LETTERS)
    return core


def _capitalized_word(token: str) -> bool:
    """A word that names (Fund, Article, SCHEDULE): capitalized, ending in no mark."""
    return len(token) > 1 and token[0].isupper() and token.isalpha()


def _ordinal_suffix(n: int) -> str:
    if n % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


@functools.cache
def backend_label(backend: str) -> str:
    """A record of what read a page: the backend and its version ("rapidocr-onnxruntime 1.4.4")."""
    package = {"rapidocr": "rapidocr-onnxruntime", "tesseract": "pymupdf"}.get(backend, backend)
    try:
        version = metadata.version(package)
    except metadata.PackageNotFoundError:
        return backend
    return (
        f"{package} {version}" if backend == "rapidocr" else f"tesseract (via {package} {version})"
    )


_ENGINES: dict[tuple[int, int], Any] = {}
_ENGINE_LOCK = threading.Lock()


def _engine(threads: int) -> Any:
    """The process's RapidOCR engine for a thread count (loading costs ~0.2 s).

    Keyed by process id too: onnxruntime's thread pools do not survive a fork, so a child
    (the parser's sandbox) loads its own engine instead of using a broken inherited one.
    """
    key = (os.getpid(), threads)
    with _ENGINE_LOCK:
        engine = _ENGINES.get(key)
        if engine is None:
            try:
                from rapidocr_onnxruntime import RapidOCR
            except ImportError as exc:  # not installed, or cv2 cannot load
                raise OcrUnavailable(f"rapidocr is not installed ({exc})") from exc
            try:
                # Detection never enlarges an image: rapidocr's default ("min" 736) scales a
                # region's short side up to 736 px, so a 1500x300 px banner was detected at
                # 3680x736 (2.9 s instead of 0.3 s). Our pixels are at the OCR dpi already,
                # and a page's long side is capped at _DET_MAX_SIDE before detection; a full
                # page is detected at the same size either way.
                engine = RapidOCR(
                    intra_op_num_threads=threads,
                    inter_op_num_threads=1,
                    use_cls=False,
                    det_limit_type="max",
                    det_limit_side_len=_DET_MAX_SIDE,
                )
            except Exception as exc:  # a model file missing or unreadable
                raise OcrUnavailable(f"rapidocr models cannot be loaded ({exc})") from exc
            _ENGINES[key] = engine
        return engine


def rapidocr_available() -> bool:
    try:
        import rapidocr_onnxruntime  # noqa: F401
    except ImportError:
        return False
    return True


# -- pages read already ----------------------------------------------------------------
# OCR is a function of the pixels and the settings: an image read once in this process is
# not read again (~1-8 s a page). The same scans come back when a knowledge base is rebuilt
# (`evrag check --reindex` parses every original again), when a copy of a document is
# uploaded, or the same stamp sits in several filings. The parser's sandbox child records
# what it read and the parent keeps it (`recording` / `remember`), so the next child, forked
# from the parent, finds it. Bounded: the last MEMO_PAGES images.
MEMO_PAGES = 64
_MEMO: OrderedDict[bytes, OcrPage] = OrderedDict()
_MEMO_LOCK = threading.Lock()
_RECORDING: list[list[tuple[bytes, OcrPage]]] = []


def _after_fork_in_child() -> None:
    # A thread of the parent may have held the lock when another forked (the pipeline parses
    # ahead in threads): the child would wait on it forever. Its recordings are the parent's.
    global _MEMO_LOCK, _RECORDING
    _MEMO_LOCK = threading.Lock()
    _RECORDING = []


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def _memo_key(gray: np.ndarray, half_turns: bool, threads: int) -> bytes:
    digest = hashlib.sha256(np.ascontiguousarray(gray).tobytes())
    digest.update(f"|{gray.shape}|{gray.dtype}|{half_turns}|{threads}".encode())
    return digest.digest()


def _recall(key: bytes) -> OcrPage | None:
    with _MEMO_LOCK:
        page = _MEMO.get(key)
        if page is not None:
            _MEMO.move_to_end(key)
        return page


def remember(pages: Iterable[tuple[bytes, OcrPage]]) -> None:
    """Keep images read elsewhere (a sandbox child's `recording`), the newest last."""
    with _MEMO_LOCK:
        for key, page in pages:
            _MEMO[key] = page
            _MEMO.move_to_end(key)
        while len(_MEMO) > MEMO_PAGES:
            _MEMO.popitem(last=False)


@contextlib.contextmanager
def recording() -> Iterator[list[tuple[bytes, OcrPage]]]:
    """The images read inside the block, as (key, page) for `remember`."""
    read: list[tuple[bytes, OcrPage]] = []
    with _MEMO_LOCK:
        _RECORDING.append(read)
    try:
        yield read
    finally:
        with _MEMO_LOCK:
            _RECORDING.remove(read)


def memo_pages() -> int:
    """How many images this process keeps read."""
    with _MEMO_LOCK:
        return len(_MEMO)


class RapidOcrReader:
    """Recognize the text lines of a grayscale image (uint8, H x W), upright."""

    name = "rapidocr"

    def __init__(self, *, threads: int = 1) -> None:
        self.threads = max(1, threads)

    def read(self, gray: np.ndarray, *, half_turns: bool = True) -> OcrPage:
        """`half_turns=False`: the image is known not to stand upside down (a region of a
        page whose text layer reads upright), so the upside-down vote (~0.4 s) is skipped;
        a quarter turn is still found from the lines' shape."""
        key = _memo_key(gray, half_turns, self.threads)
        page = _recall(key)
        if page is None:
            page = self._read(gray, half_turns)
            remember([(key, page)])
        with _MEMO_LOCK:
            for read in _RECORDING:
                read.append((key, page))
        return page

    def _read(self, gray: np.ndarray, half_turns: bool) -> OcrPage:
        import cv2

        engine = _engine(self.threads)
        turns = 0
        image = gray
        boxes = self._detect(engine, image)
        if boxes and _mostly_tall(boxes):
            turns, image = 1, np.rot90(gray, 1)
            boxes = self._detect(engine, image)
        bgr = cv2.cvtColor(np.ascontiguousarray(image), cv2.COLOR_GRAY2BGR)
        if half_turns and boxes and self._upside_down(engine, bgr, boxes):
            turns = (turns + 2) % 4
            image = np.rot90(gray, turns)
            bgr = cv2.cvtColor(np.ascontiguousarray(image), cv2.COLOR_GRAY2BGR)
            boxes = self._detect(engine, image)
        height, width = image.shape[:2]
        if not boxes:
            return OcrPage((), turns, width, height)
        crops = engine.get_crop_img_list(bgr, [np.asarray(b, dtype=np.float32) for b in boxes])
        lines = []
        for box, crop, (text, score) in zip(boxes, crops, _recognize(engine, crops), strict=True):
            clean = normalize_ocr_text(text)
            if score < _MIN_SCORE or not clean:
                continue
            quad = tuple((round(float(x), 1), round(float(y), 1)) for x, y in box)
            em_px, ink = _type_metrics(crop, clean)
            lines.append(OcrLine(clean, quad, round(score, 4), em_px, ink))
        return OcrPage(tuple(lines), turns, width, height)

    @staticmethod
    def _detect(engine: Any, gray: np.ndarray) -> list[list[tuple[float, float]]]:
        """Text boxes (4 corners each, full-resolution pixels) in a stable order."""
        import cv2

        height, width = gray.shape[:2]
        scale = min(1.0, _DET_MAX_SIDE / max(height, width))
        small = gray
        if scale < 1.0:
            small = cv2.resize(
                np.ascontiguousarray(gray),
                (max(1, round(width * scale)), max(1, round(height * scale))),
                interpolation=cv2.INTER_AREA,
            )
        bgr = cv2.cvtColor(np.ascontiguousarray(small), cv2.COLOR_GRAY2BGR)
        found, _ = engine.text_det(bgr)
        if found is None or len(found) == 0:
            return []
        boxes = [
            [(float(x) / scale, float(y) / scale) for x, y in np.asarray(box).tolist()]
            for box in found
        ]
        # top to bottom, then left to right (a stable key: no ties left to input order)
        boxes.sort(key=lambda b: (round(min(p[1] for p in b)), min(p[0] for p in b)))
        return boxes

    @staticmethod
    def _upside_down(engine: Any, bgr: np.ndarray, boxes: list[list[tuple[float, float]]]) -> bool:
        """Whether the longest lines read better turned half-way round.

        The recognizer's confidence on a line and on the same line upside down is a sharper
        test than the small direction classifier, which squeezes a long line into 192 pixels.
        """
        longest = sorted(boxes, key=lambda b: (-_box_width(b), b[0]))[:_VOTERS]
        crops = engine.get_crop_img_list(bgr, [np.asarray(b, dtype=np.float32) for b in longest])
        # a few words of each line are enough, and recognition cost grows with the width
        crops = [np.ascontiguousarray(c[:, : _VOTE_WIDTH * c.shape[0]]) for c in crops]
        upright, _ = engine.text_rec(crops)
        turned, _ = engine.text_rec([np.ascontiguousarray(np.rot90(c, 2)) for c in crops])
        return sum(float(r[1]) for r in turned) > sum(float(r[1]) for r in upright)


def _recognize(engine: Any, crops: list[np.ndarray]) -> list[tuple[str, float]]:
    """Each crop's text and mean character confidence (CTC decoding of the recognizer).

    Decoded here, not by RapidOCR, to keep each character's position: the recognizer runs
    words together in long runs of capitals ("MASTERSERVICESAGREEMENT"), and where a run is
    longer than words are, the blank columns of the crop say where its words end
    (`_split_runs`).
    """
    rec = engine.text_rec
    charset = rec.postprocess_op.character
    _, height, base_width = rec.rec_image_shape
    out: list[tuple[str, float]] = []
    # One crop per run, at its own width: a batch is padded to its widest crop, and on CPU
    # that padding cost more than batching saved (168 crops of two scanned pages: 22 s one
    # by one against 32 s in batches of 8 on one thread, 13 s against 21 s on two).
    for crop in crops:
        ratio = max(base_width / height, crop.shape[1] / crop.shape[0])
        tensor = rec.resize_norm_img(crop, ratio)[None]
        (pred,) = rec.session(tensor.astype(np.float32))[0]
        # crop pixels per output column: input pixels per column, then per input pixel
        to_crop = (height * ratio / pred.shape[0]) * (crop.shape[0] / height)
        out.append(_decode(pred, charset, crop, to_crop))
    return out


def _decode(
    pred: np.ndarray, charset: list[str], crop: np.ndarray, to_crop: float
) -> tuple[str, float]:
    index = pred.argmax(axis=1)
    prob = pred.max(axis=1)
    found: list[tuple[str, float]] = []  # (character, x in the crop)
    probs: list[float] = []
    previous = -1
    for t, k in enumerate(index.tolist()):
        if k != previous and k != 0:
            found.append((charset[k], (t + 0.5) * to_crop))
            probs.append(float(prob[t]))
        previous = k
    if not found:
        return "", 0.0
    return _split_runs(found, crop), sum(probs) / len(probs)


def _split_runs(found: list[tuple[str, float]], crop: np.ndarray) -> str:
    """The text, with the word spaces the recognizer dropped put back from the crop's blanks.

    The recognizer (a Chinese-trained model) often runs Latin words together ("isfiledwith",
    "section2.2"). A word space is a blank run of columns in the crop, and on one line the
    spaces are about equally wide (justified text stretches them all alike): a blank between
    two characters as wide as the spaces the recognizer did read on the same line, or, on a
    line with too few of those, wider than a share of the line's height and well over the
    line's typical letter gap, is a space too. Inside a number (digits with / . , : -
    between them) a blank is a space only when it is far wider than that ("12/11/2017" has
    wide side bearings, never a space).
    """
    text = "".join(c for c, _ in found)
    if len(found) < 2:
        return text
    gaps = _blank_runs(crop)
    height = crop.shape[0]
    spaces: list[float] = []  # blank widths where the recognizer put a space
    letters: list[float] = []  # blank widths between two characters it read as one word
    for k in range(1, len(found)):
        before, char = found[k - 1][0], found[k][0]
        if char == " " and before != " " and k + 1 < len(found) and found[k + 1][0] != " ":
            spaces.append(_gap_between(gaps, found[k - 1][1], found[k + 1][1]))
        elif char != " " and before != " ":
            letters.append(_gap_between(gaps, found[k - 1][1], found[k][1]))
    if not letters:
        return text
    typical = sorted(letters)[len(letters) // 2]
    cut = max(_SPACE_GAP * height, _SPACE_OVER_TYPICAL * typical)
    if len(spaces) >= _SPACES_TO_MEASURE:
        narrow = sorted(spaces)[len(spaces) // 4]
        # fixed-pitch type (a typewriter face) leaves wide blanks around narrow letters ("t i"
        # nearly as wide as a space): there a blank must be nearly a whole space
        share = _OF_FIXED_PITCH_SPACE if typical >= _FIXED_PITCH_GAP * height else _OF_LINE_SPACE
        cut = max(_MIN_SPACE_GAP * height, _SPACE_OVER_TYPICAL * typical, share * narrow)
    number_cut = max(cut, _NUMBER_SPACE_GAP * height)
    out = [found[0][0]]
    for k in range(1, len(found)):
        before, char = found[k - 1][0], found[k][0]
        if char != " " and before != " " and _may_part(before, char):
            width = _gap_between(gaps, found[k - 1][1], found[k][1])
            inside_number = _in_number(found, k)
            if width >= (number_cut if inside_number else cut):
                out.append(" ")
        out.append(char)
    return "".join(out)


def _may_part(before: str, char: str) -> bool:
    """Whether a word space may fall between two characters: not between two marks
    (`"),`), not before a closing mark nor after an opening one (`(a)`, `3%`), nor beside
    an @ (an e-mail address has no space)."""
    if "@" in (before, char) or char in _CLOSING or before in _OPENING:
        return False
    return before.isalnum() or char.isalnum()


def _in_number(found: list[tuple[str, float]], k: int) -> bool:
    """Whether the boundary before character k lies inside a number: digits on both sides,
    or a separator (/ . , : -) between digits."""

    def digit(i: int) -> bool:
        return 0 <= i < len(found) and found[i][0].isdigit()

    before, char = found[k - 1][0], found[k][0]
    if before.isdigit() and char.isdigit():
        return True
    if before.isdigit() and char in _NUMBER_MARKS:
        return digit(k + 1)
    if before in _NUMBER_MARKS and char.isdigit():
        return digit(k - 2)
    return False


def _gap_between(gaps: list[tuple[float, float]], left: float, right: float) -> float:
    """The widest blank run whose middle lies between two character positions."""
    return max((b - a for a, b in gaps if left < (a + b) / 2 < right), default=0.0)


def _blank_runs(crop: np.ndarray) -> list[tuple[float, float]]:
    """Ink-free column runs of a line crop, its top and bottom edge left out (where the
    neighbouring lines' descenders and ascenders may reach; not more, or the bar of a T or
    the hook of an f would be left out and leave a false blank beside the stem)."""
    gray = crop[:, :, 0] if crop.ndim == 3 else crop
    height = gray.shape[0]
    margin = int(height * _BLANK_MARGIN)
    band = gray[margin : height - margin]
    if band.size == 0:
        return []
    threshold = min(160.0, (float(band.min()) + float(np.median(band))) / 2)
    columns = np.flatnonzero((band < threshold).any(axis=0)).tolist()
    return [(float(a + 1), float(b)) for a, b in itertools.pairwise(columns) if b > a + 1]


def _type_metrics(crop: np.ndarray, text: str) -> tuple[float, float]:
    """(em in pixels, ink share of the core band) of a line crop, or zeros without ink."""
    gray = crop[:, :, 0] if crop.ndim == 3 else crop
    if gray.size == 0:
        return 0.0, 0.0
    threshold = min(160.0, (float(gray.min()) + float(np.median(gray))) / 2)
    inked = gray < threshold
    rows = inked.sum(axis=1)
    if rows.max() == 0:
        return 0.0, 0.0
    # the core band: from the first to the last row carrying at least half the busiest row's
    # ink (the x-height band of lower-case text, where every letter inks; a serif face's
    # thin middle rows may dip under half inside it). When tall glyphs (capitals, figures,
    # ascenders) are so many that the band reaches the top of the ink, it is the cap height:
    # the ratio follows from the band measured, not from the letters read
    busy = np.flatnonzero(rows >= _BUSY_ROW * rows.max())
    best_start, best_len = int(busy[0]), int(busy[-1] - busy[0] + 1)
    top = int(np.flatnonzero(rows >= _INK_TOP * rows.max())[0])
    reaches_top = best_len >= _CAP_BAND * (busy[-1] - top + 1)
    ratio = _CAP_HEIGHT if reaches_top or not any(c.islower() for c in text) else _X_HEIGHT
    columns = np.flatnonzero(inked.any(axis=0))
    width = int(columns[-1] - columns[0] + 1) if columns.size else 1
    core = inked[best_start : best_start + best_len]
    return round(best_len / ratio, 2), round(float(core.sum()) / max(best_len * width, 1), 4)


def _box_width(box: list[tuple[float, float]]) -> float:
    return math.dist(box[0], box[1])


def _mostly_tall(boxes: list[list[tuple[float, float]]]) -> bool:
    tall = sum(1 for b in boxes if math.dist(b[0], b[3]) > _TALL * math.dist(b[0], b[1]))
    return tall * 2 > len(boxes)


def skew_angle(lines: tuple[OcrLine, ...]) -> float:
    """The page's skew in degrees (positive: text rises to the right), from the long lines."""
    angles = []
    for line in lines:
        (x0, y0), (x1, y1) = line.quad[0], line.quad[1]
        if x1 - x0 > 200:  # short boxes give noisy angles
            angles.append(math.degrees(math.atan2(y0 - y1, x1 - x0)))
    if not angles:
        return 0.0
    return float(np.median(angles))
