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
) -> bytes:
    """Every page of `data` as a scan: rendered in grayscale at `dpi`, turned by `skew` degrees
    (counter-clockwise; one value, or one per page, cycled), Gaussian noise of standard
    deviation `noise` (grey levels), then turned by `quarter_turns` x 90° (np.rot90's k, per
    page likewise), and put back as an image with no text layer, page size to match."""
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
    return out.tobytes(garbage=3, deflate=True)
