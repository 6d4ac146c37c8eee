"""OCR of scanned pages with the default backend (RapidOCR, models in its wheel): scanned lines
are located lines like the text layer's, on turned, skewed, noisy and half-scanned pages."""

from __future__ import annotations

import shutil

import numpy as np
import pymupdf
import pytest

from bench.data_room import scan_pdf
from ingest import OCR_DISABLED, PdfParser, PdfRejected
from ingest._ocr import _split_runs, fix_confusions, normalize_ocr_text
from tests import pdfs
from tests.pdfs import Line

# A short page keeps OCR cheap (its cost grows with the number of lines).
_TITLE = "MASTER SERVICES AGREEMENT"
_BODY = [
    "This Agreement is made between Halyard Marine Systems, Inc. and Larkspur Freight LLC.",
    "The Supplier shall deliver the Services described in Schedule A to the Customer.",
    "Either party may terminate this Agreement on ninety days written notice.",
    "This Agreement is governed by the laws of the State of Delaware.",
]


def _short_contract() -> bytes:
    page = [Line(_TITLE, size=15, bold=True), *(Line(t, size=11) for t in _BODY)]
    return pdfs.make_pdf([page])


def _words(text: str) -> list[str]:
    return normalize_ocr_text(text).lower().replace('"', "").split()


def _recall(expected: str, lines: list[str]) -> float:
    """Share of the expected words found, in order, in the recognized text."""
    import difflib

    want, got = _words(expected), _words(" ".join(lines))
    matcher = difflib.SequenceMatcher(a=want, b=got, autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks()) / len(want)


@pytest.fixture(scope="module")
def born_digital() -> pymupdf.Document:
    return pymupdf.open(stream=_short_contract(), filetype="pdf")


def _expected_boxes(doc: pymupdf.Document) -> dict[str, tuple[float, float, float, float]]:
    """The text layer's line boxes of the born-digital page, by text."""
    parsed = PdfParser(ocr="off").run(doc.tobytes(), "src.pdf")
    return {line.text: line.bbox for line in parsed.lines}


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """Intersection over the smaller box's area."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return w * h / smaller


@pytest.mark.slow
@pytest.mark.parametrize(
    ("skew", "turns"),
    [(0.0, 0), (3.0, 0), (-3.0, 0), (1.0, 1), (0.0, 2), (-1.0, 3)],
    ids=["straight", "skew+3", "skew-3", "turned90", "turned180", "turned270"],
)
def test_a_scanned_page_reads_as_located_lines(born_digital, skew, turns):
    scan = scan_pdf(born_digital.tobytes(), skew=skew, noise=8.0, quarter_turns=turns)
    doc = PdfParser().run(scan, "scan.pdf")
    page = doc.pages[0]
    assert page.ocr and page.ocr_backend and page.ocr_backend.startswith("rapidocr")
    assert page.skipped_reason is None
    texts = [line.text for line in doc.lines]
    assert _recall(" ".join([_TITLE, *_BODY]), texts) >= 0.95, texts
    # one located line per printed line, in reading order, numbered as a reader counts them
    assert len(doc.lines) == 1 + len(_BODY), texts
    assert [line.line_no for line in doc.lines] == list(range(1, len(doc.lines) + 1))
    assert _recall(_TITLE, texts[:1]) == 1.0 and _recall(_BODY[-1], texts[-1:]) >= 0.9
    for line in doc.lines:
        assert line.ocr and doc.text[line.char_start : line.char_end] == line.text
        x0, y0, x1, y1 = line.bbox
        assert 0 <= x0 < x1 <= page.width + 1 and 0 <= y0 < y1 <= page.height + 1
    if turns == 0:
        # the box is where the line is printed on the page (in the page's own coordinates)
        expected = _expected_boxes(born_digital)
        for line, source in zip(doc.lines, expected.values(), strict=True):
            assert _overlap(line.bbox, source) > 0.6, (line.text, line.bbox, source)


@pytest.mark.slow
def test_a_page_turned_by_its_rotate_key_maps_boxes_to_the_unrotated_page(born_digital):
    """A scan whose page carries /Rotate 90: boxes land in the page's unrotated space, as the
    text layer's do (what the page image highlight expects)."""
    scan = pymupdf.open(stream=scan_pdf(born_digital.tobytes()), filetype="pdf")
    scan[0].set_rotation(90)
    doc = PdfParser().run(scan.tobytes(), "rotated.pdf")
    assert _recall(" ".join([_TITLE, *_BODY]), [line.text for line in doc.lines]) >= 0.95
    expected = _expected_boxes(born_digital)
    for line, source in zip(doc.lines, expected.values(), strict=True):
        assert _overlap(line.bbox, source) > 0.6, (line.text, line.bbox, source)


@pytest.mark.slow
def test_ocr_reads_only_where_a_page_has_no_text(contract_bytes):
    """A typed page with a scanned block pasted on it: the typed lines stay the text layer's,
    the block's lines are read and placed by position; a small logo is never read."""
    block = pymupdf.open(stream=pdfs.image_only_pdf(["Executed by Halyard Marine Systems"]))
    clip = pymupdf.Rect(40, 60, 560, 260)
    pix = block[0].get_pixmap(dpi=200, clip=clip, colorspace=pymupdf.csGRAY)
    page_items = [
        Line("SIGNATURE PAGE", size=14, bold=True),
        Line("IN WITNESS WHEREOF the parties have signed this Agreement.", size=11),
    ]
    doc = pymupdf.open(stream=pdfs.make_pdf([page_items]), filetype="pdf")
    doc[0].insert_image(pymupdf.Rect(72, 300, 72 + 520 * 0.8, 300 + 200 * 0.8), pixmap=pix)
    logo = pymupdf.open(stream=pdfs.image_only_pdf(["LOGO"]))[0].get_pixmap(dpi=30)
    doc[0].insert_image(pymupdf.Rect(500, 20, 560, 50), pixmap=logo)
    parsed = PdfParser().run(doc.tobytes(), "mixed.pdf")
    texts = [line.text for line in parsed.lines]
    typed = [line for line in parsed.lines if not line.ocr]
    read = [line for line in parsed.lines if line.ocr]
    assert [line.text for line in typed][:2] == [
        "SIGNATURE PAGE",
        "IN WITNESS WHEREOF the parties have signed this Agreement.",
    ]
    assert read and _recall("Executed by Halyard Marine Systems", [r.text for r in read]) == 1
    assert not any("LOGO" in t for t in texts)
    assert texts.index(read[0].text) > texts.index(typed[1].text)  # placed below the typed
    assert parsed.pages[0].ocr and parsed.pages[0].ocr_backend


def test_a_page_image_of_a_born_digital_page_is_not_read(contract_bytes):
    """No OCR cost where there is a text layer: the parse is the same with OCR off."""
    assert PdfParser().run(contract_bytes, "msa.pdf").lines == (
        PdfParser(ocr="off").run(contract_bytes, "msa.pdf").lines
    )


def test_ocr_is_deterministic():
    data = pdfs.image_only_pdf(["Deterministic scan", "Second line of the scan"])
    assert PdfParser().run(data, "a.pdf") == PdfParser().run(data, "a.pdf")


def test_ocr_off_and_unknown_backends():
    data = pdfs.image_only_pdf(["Scanned page"])
    with pytest.raises(PdfRejected) as err:
        PdfParser(ocr="off").run(data, "s.pdf")
    assert OCR_DISABLED in err.value.reason
    with pytest.raises(ValueError, match="ocr must be one of"):
        PdfParser(ocr="abbyy")


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
def test_tesseract_backend_reads_and_is_recorded():
    data = pdfs.image_only_pdf(["Scanned signature page", "Signed by Acme Robotics"])
    doc = PdfParser(ocr="tesseract").run(data, "t.pdf")
    assert doc.pages[0].ocr_backend and "tesseract" in doc.pages[0].ocr_backend
    assert "Acme Robotics" in doc.text


def test_tesseract_missing_is_a_typed_skip(monkeypatch, contract_bytes):
    """Where tesseract is asked for and absent, the page says so; the document goes on."""
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    data = pdfs.append_image_page(contract_bytes, ["Scanned page"])
    doc = PdfParser(ocr="tesseract").run(data, "t.pdf")
    assert "tesseract not installed" in (doc.pages[-1].skipped_reason or "")
    assert doc.pages[0].line_count > 0


def test_an_ocr_crash_fails_the_page_not_the_document(monkeypatch, contract_bytes):
    """A fault inside the OCR engine (which the real engine cannot be made to raise on
    demand) becomes the page's typed reason; the other pages are kept."""
    from ingest._ocr import RapidOcrReader

    def crash(self, gray, **_):
        raise RuntimeError("onnxruntime: bad allocation")

    monkeypatch.setattr(RapidOcrReader, "read", crash)
    data = pdfs.append_image_page(contract_bytes, ["Scanned page"])
    doc = PdfParser().run(data, "c.pdf")
    assert "OCR failed (RuntimeError: onnxruntime: bad allocation)" in (
        doc.pages[-1].skipped_reason or ""
    )
    assert doc.pages[0].line_count > 0 and not doc.pages[-1].ocr


def test_a_page_too_large_to_render_for_ocr_is_reported(contract_bytes):
    huge = pymupdf.open()
    page = huge.new_page(width=14_400, height=14_400)
    tiny = pymupdf.open(stream=pdfs.image_only_pdf(["x"]))[0].get_pixmap(dpi=20)
    page.insert_image(page.rect, pixmap=tiny)
    doc = pymupdf.open(stream=contract_bytes)
    doc.insert_pdf(huge)
    parsed = PdfParser().run(doc.tobytes(), "huge.pdf")
    reason = parsed.pages[-1].skipped_reason or ""
    assert "not read by OCR" in reason and "pixels" in reason
    assert parsed.pages[0].line_count > 0


def test_a_scan_over_the_pixel_budget_is_read_at_a_lower_dpi():
    """A letter page at the OCR's 200 dpi is 3.7 Mpx: under a 2 Mpx budget it is rendered at
    the dpi that fits (146) and read; under 0.9 Mpx even 100 dpi does not fit, and the page
    is not read, naming the pixels. (The scans' own images are under each budget.)"""
    lines = ["Scanned signature page", "Signed by Acme Robotics"]
    lowered = PdfParser(max_image_pixels=2_000_000).run(pdfs.image_only_pdf(lines, dpi=120), "s")
    assert lowered.pages[0].ocr and not lowered.pages[0].skipped_reason
    assert "Acme Robotics" in lowered.text
    # its only page unread, the document has no text at all
    with pytest.raises(PdfRejected) as refused:
        PdfParser(max_image_pixels=900_000).run(pdfs.image_only_pdf(lines, dpi=72), "s")
    assert "not read by OCR" in str(refused.value) and "900000 pixels" in str(refused.value)


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Inc.，a Delaware corporation", "Inc., a Delaware corporation"),
        ("consideration,the receipt", "consideration, the receipt"),
        ("the Term.Except as", "the Term. Except as"),
        ("U.S.A. and U.K.", "U.S.A. and U.K."),
        ("$1,000,000 and 3.5%", "$1,000,000 and 3.5%"),
        ("Inc.(the “Company”)", "Inc. (the “Company”)"),
        ("point(s) of delivery", "point(s) of delivery"),
        ("·Visa ·MasterCard", "• Visa • MasterCard"),
    ],
)
def test_ocr_text_normalization(raw, clean):
    assert normalize_ocr_text(raw) == clean


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        # a figure among figures, an ordinal, a letter in a lower-case word
        ("under Section 2.l, the", "under Section 2.1, the"),
        ("a fee of o.2o% a year", "a fee of 0.20% a year"),
        ("$1,OOO,000 in cash", "$1,000,000 in cash"),
        ("par value $o.0o01 per share", "par value $0.0001 per share"),
        ("dated 12/1l/2017", "dated 12/11/2017"),
        ("on the lst of March", "on the 1st of March"),
        ("the llth day", "the 11th day"),
        ("the Company wil1 pay", "the Company will pay"),
        # a roman numeral after a capitalized word
        ("Lumen Ventures Fund Il, L.P.", "Lumen Ventures Fund II, L.P."),
        ("ARTICLE Il.", "ARTICLE II."),
        # left alone: words, list items, an abbreviation, mixed codes, a suffix that
        # does not fit the figure
        ("Chicago, Ill. 60601", "Chicago, Ill. 60601"),
        ("Ill health", "Ill health"),
        ("item (l) below", "item (l) below"),
        ("conversion of al l preferred", "conversion of al l preferred"),
        ("the H1N1 and b2b mp3", "the H1N1 and b2b mp3"),
        ("Rule 31a-1 and 10th", "Rule 31a-1 and 10th"),
        ("the lnd day", "the lnd day"),
        ("O.K. and No. 5", "O.K. and No. 5"),
    ],
)
def test_confused_letters_and_figures_are_set_right_by_their_neighbours(raw, clean):
    assert fix_confusions(raw) == clean


def _line_crop(words: list[str], *, letter: int, space: int, height: int = 30) -> tuple:
    """A grayscale line image of letter blocks (each 8 px of ink, `letter` px apart, words
    `space` px apart) and the recognizer's characters at the blocks' middles, with no
    spaces read: what the recognizer gives for a line it ran together."""
    img = np.full((height, 20 + sum(len(w) * (8 + letter) + space for w in words)), 255, np.uint8)
    found: list[tuple[str, float]] = []
    x = 10
    for word in words:
        for char in word:
            img[height // 4 : height - height // 4, x : x + 8] = 0
            found.append((char, x + 4.0))
            x += 8 + letter
        x += space - letter
    return found, img


def test_dropped_word_spaces_are_put_back_from_the_blanks_between_words():
    found, crop = _line_crop(["is", "filed", "with", "the"], letter=2, space=9)
    assert _split_runs(found, crop) == "is filed with the"


def test_spaces_read_on_a_line_set_the_width_of_a_space_there():
    # monospace type: letters 7 px apart, words 15 px; the recognizer read two spaces
    found, crop = _line_crop(["from", "time", "to"], letter=7, space=15)
    spaced = [*found[:4], (" ", found[3][1] + 10), *found[4:8], (" ", found[7][1] + 10)]
    assert _split_runs(spaced + found[8:], crop) == "from time to"
    # fixed-pitch type: a letter gap nearly as wide as the line's spaces is not one
    found, crop = _line_crop(["ab", "cd", "ef"], letter=11, space=15)
    spaced = [*found[:2], (" ", found[1][1] + 10), *found[2:4], (" ", found[3][1] + 10)]
    assert _split_runs(spaced + found[4:], crop) == "ab cd ef"


def test_no_space_is_put_inside_a_number_or_before_a_closing_mark():
    # a blank after the slash as wide as a space between words is no space in a date
    found, crop = _line_crop(["12/", "11/2017"], letter=2, space=9)
    assert _split_runs(found, crop) == "12/11/2017"
    found, crop = _line_crop(["page", "4"], letter=2, space=9)
    assert _split_runs(found, crop) == "page 4"
    found, crop = _line_crop(["(a)", ","], letter=2, space=9)
    assert _split_runs(found, crop) == "(a),"


# Body text at 11 pt (a page's sizes within 20% of its body size are read as that size), and
# lines of other sizes: lower case, figures and capitals, a few letters among figures.
_SIZED_LINES = (
    ("neither party's total liability under this Agreement shall exceed", "tiro", 11.0),
    ("the amount paid by the Customer in the twelve months before the claim", "tiro", 11.0),
    ("Robotics GmbH is registered with the commercial register of the court", "tiro", 11.0),
    ("TOTAL 1,850,000 18.5%", "helv", 16.0),
    ("Dollars ($750,000).", "helv", 16.0),
    ("the statement is filed with the registrar of companies", "helv", 7.0),
    ("NOTICE 2019", "tiro", 20.0),
)


def test_type_size_of_a_scanned_line_is_read_from_its_ink():
    """The size of type of each line OCR reads, from the line's pixels, whether its core band
    is the x-height (lower case) or the cap height (a line of figures and capitals, however
    few letters it has)."""
    src = pymupdf.open()
    page = src.new_page(width=612, height=792)
    y = 90.0
    for text, font, size in _SIZED_LINES:
        page.insert_text((72, y), text, fontname=font, fontsize=size)
        y += 2.5 * size
    scan = pymupdf.open()
    scan.new_page(width=612, height=792).insert_image(
        page.rect, pixmap=page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    )
    parsed = PdfParser().run(scan.tobytes(), "sizes.pdf")
    assert parsed.pages[0].ocr
    assert len(parsed.lines) == len(_SIZED_LINES), [ln.text for ln in parsed.lines]
    for line, (text, font, size) in zip(parsed.lines, _SIZED_LINES, strict=True):
        assert line.font_size == pytest.approx(size, rel=0.2), (text, font, line.font_size)
