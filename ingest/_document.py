"""The parsed document model: what PdfParser produces and Chunker / BindingExtractor consume."""

from __future__ import annotations

from dataclasses import dataclass, field

from domain import StatementCell


@dataclass(frozen=True, slots=True)
class LocatedLine:
    """One printed text line with everything needed to cite it.

    `line_no` counts every text line on the page from the top, 1-based, running headers and
    footers included. `char_start`/`char_end` index ParsedDocument.text, where all lines (across
    pages too) are joined with a single "\n", so
    `doc.text[line.char_start:line.char_end] == line.text` always holds.
    """

    page: int
    line_no: int
    text: str
    bbox: tuple[float, float, float, float]  # x0, y0, x1, y1 in PDF points
    char_start: int
    char_end: int
    section: str | None = None  # heading path, "7. Miscellaneous > 7.2 Governing Law"
    clause: str | None = None  # innermost numbered clause id, "7.2" or "6.2(a)"
    paragraph: int | None = None  # paragraph index within the document, 1-based
    is_heading: bool = False
    is_furniture: bool = False  # running header/footer/page number: counted, never chunked
    is_table_row: bool = False
    font_size: float = 0.0
    bold: bool = False
    ocr: bool = False  # came from OCR of an image region (a scanned page or part of one)


@dataclass(frozen=True, slots=True)
class PageInfo:
    number: int  # 1-based
    width: float
    height: float
    line_count: int
    ocr: bool = False  # some of its lines came from OCR
    ocr_backend: str | None = None  # what read them: "rapidocr-onnxruntime 1.4.4"
    skipped_reason: str | None = None  # e.g. "image-only page: OCR disabled"
    # A page whose text lies over a page-sized image (a scan with an OCR layer): the reading
    # kept, "text" (its own layer) or "ocr" (read again, the layer scoring under
    # ingest._layer_quality.REREAD_BELOW and the OCR better), the layer's score and the OCR
    # reading's (None when not read again). All None on any other page.
    text_layer: str | None = None
    layer_score: float | None = None
    ocr_score: float | None = None


@dataclass(frozen=True, slots=True)
class DatedLine:
    """A date the document states about itself, with the line it was read from.

    `basis` says which statement gave it: "preamble" (an agreement's "entered into as of"),
    "meeting" (minutes), "consent", "date_line" (a letter's or notice's date line),
    "effective_label" ("Effective Date: ..."), "signature" ("Date: ..." by a signature),
    "filing", "effective" (an agreement's effective date) or "first_date" (no statement:
    the first date of the document, the weakest reading).
    """

    date: str  # ISO YYYY-MM-DD
    basis: str
    page: int
    line_no: int
    quote: str


@dataclass(frozen=True, slots=True)
class UnexecutedMark:
    """Why a document reads as not executed, with the line that shows it.

    `reason`: "draft" (a DRAFT stamp or legend) or "empty_signatures" (signature blocks with
    no name in any of them, and no "/s/" conformed signature anywhere).
    """

    reason: str
    page: int
    line_no: int
    quote: str


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    document_id: str  # sha256 hex of the PDF bytes
    name: str  # the file name as uploaded (never a path)
    text: str  # every line joined with "\n", in reading order, page after page
    lines: tuple[LocatedLine, ...]
    pages: tuple[PageInfo, ...]
    title: str | None = None
    document_type: str = "other"  # agreement, amendment, certificate, bylaws, minutes, memo,
    # presentation, schedule, filing, financial_statement, report, letter, press_release, other
    document_date: str | None = None  # ISO YYYY-MM-DD
    parties: tuple[str, ...] = ()  # parties named in an agreement's preamble, in order
    warnings: tuple[str, ...] = field(default_factory=tuple)
    # the line that states document_date (None when the date is the weakest reading or absent)
    date_statement: DatedLine | None = None
    effective_date: DatedLine | None = None  # an agreement's effective date, when stated
    unexecuted: UnexecutedMark | None = None  # a draft, or signature blocks left empty
    # the figures of its financial statement tables (ingest/_statements.py)
    statement_cells: tuple[StatementCell, ...] = ()

    def content_lines(self) -> tuple[LocatedLine, ...]:
        """Lines that carry content (no running headers, footers or page numbers)."""
        return tuple(line for line in self.lines if not line.is_furniture)
