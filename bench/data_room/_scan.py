"""PDF pages turned into scans: what a scanner feeds an OCR pipeline."""

from __future__ import annotations

from collections.abc import Sequence

import pymupdf


def scan_pdf(
    data: bytes,
    *,
    dpi: int = 200,
    skew: float | Sequence[float] = 0.0,
    noise: float = 0.0,
    quarter_turns: int | Sequence[int] = 0,
    seed: int = 0,
    layer: str | None = None,
) -> bytes:
    """Every page of `data` as a scan: rendered in grayscale at `dpi`, turned by `skew` degrees
    (counter-clockwise; one value, or one per page, cycled), Gaussian noise of standard
    deviation `noise` (grey levels), then turned by `quarter_turns` x 90° (np.rot90's k, per
    page likewise), and put back as an image, page size to match.

    `layer`: None, no text layer (a bare scan); "good", an invisible text layer over the image
    with the page's own words where they are printed (what a good OCR leaves); "noisy", the
    same layer read as an old OCR reads (`noisy_words`). For an upright page only."""
    import cv2
    import numpy as np

    skews = [skew] if isinstance(skew, int | float) else list(skew)
    turns = [quarter_turns] if isinstance(quarter_turns, int) else list(quarter_turns)
    rng = np.random.default_rng(seed)
    src = pymupdf.open(stream=data, filetype="pdf")
    out = pymupdf.open()
    for i, page in enumerate(src):
        pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY, alpha=False)
        img = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.h, pix.stride)[:, : pix.w]
        angle = skews[i % len(skews)]
        if angle:
            matrix = cv2.getRotationMatrix2D((pix.w / 2, pix.h / 2), angle, 1.0)
            img = cv2.warpAffine(img, matrix, (pix.w, pix.h), borderValue=255)
        if noise:
            grain = rng.normal(0.0, noise, img.shape)
            img = np.clip(img.astype(np.float64) + grain, 0, 255).astype(np.uint8)
        img = np.ascontiguousarray(np.rot90(img, turns[i % len(turns)]))
        height, width = img.shape
        scan = out.new_page(width=width * 72 / dpi, height=height * 72 / dpi)
        image = pymupdf.Pixmap(pymupdf.csGRAY, width, height, img.tobytes(), False)
        scan.insert_image(scan.rect, pixmap=image)
        if layer is not None:
            _lay_text(scan, page, noisy=layer == "noisy", seed=seed + i)
    return out.tobytes(garbage=3, deflate=True)


# An old OCR's misreadings, by the shapes they confuse: one character for another, two for
# one and one for two.
_CONFUSIONS = {
    "e": "c", "c": "e", "a": "o", "o": "a", "l": "1", "i": "l", "n": "ri", "m": "rn",
    "h": "b", "u": "v", "d": "cl", "s": "5", "t": "f", "r": "n", "E": "F", "O": "0",
    "I": "l", "C": "G", "B": "8", "S": "5", "A": "4", "N": "H", "R": "K", "T": "I",
}  # fmt: skip
_JUNK = ("\\", "~", "^", "|", "`")
# shares of words an old OCR misreads (a character swapped), splits in two, ends with junk
SWAPPED, SPLIT, JUNK = 0.12, 0.10, 0.03


def noisy_words(words: Sequence[str], seed: int) -> list[str]:
    """`words` as an old OCR reads them: about `SWAPPED` of them with a character swapped for
    a look-alike, `SPLIT` split in two, `JUNK` with a stray mark; deterministic by `seed`."""
    import numpy as np

    rng = np.random.default_rng(seed)
    out = []
    for word in words:
        roll = rng.random()
        letters = [k for k, c in enumerate(word) if c in _CONFUSIONS]
        if roll < SWAPPED and letters:
            k = letters[int(rng.integers(len(letters)))]
            word = word[:k] + _CONFUSIONS[word[k]] + word[k + 1 :]
        elif roll < SWAPPED + SPLIT and len(word) >= 4:
            k = int(rng.integers(2, len(word) - 1))
            word = word[:k] + " " + word[k:]
        elif roll < SWAPPED + SPLIT + JUNK:
            word += _JUNK[int(rng.integers(len(_JUNK)))]
        out.append(word)
    return out


def _lay_text(scan: pymupdf.Page, source: pymupdf.Page, *, noisy: bool, seed: int) -> None:
    """The source page's words as invisible text (render mode 3) where they are printed."""
    words = source.get_text("words", sort=True)
    texts = [w[4] for w in words]
    if noisy:
        texts = noisy_words(texts, seed)
    for word, text in zip(words, texts, strict=True):
        x0, y0, _, y1 = word[:4]
        size = max((y1 - y0) / 1.15, 4.0)
        scan.insert_text(
            (x0, y1 - 0.22 * size), text + " ", fontsize=size, fontname="helv", render_mode=3
        )
