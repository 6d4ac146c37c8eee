"""bench/text_layer: scans with an old OCR's text layer, read again when the layer is poor (issue 38).

1. Generated scans: data-room documents rasterized with an invisible noisy text layer
   (bench/data_room scan_pdf, layer="noisy": a quarter of the words misread or split) and
   with a good one. Word accuracy against the born-digital text (reference words matched in
   order, bench/ocr.word_accuracy) of the noisy layer itself and of the reading the parser
   kept; the pages read again; the good layers kept.
2. The shared CUAD scan with a text layer (WESTERN COPPER - NON-COMPETITION AGREEMENT): each
   page's reading kept and scores, and its parties bound.
3. Parsing speed of the shared filings, against a baseline in the same run: the same parser
   with the layer check switched off (no page counts as a scan with a text layer). Born-
   digital pages are never scored, so the two should match (a ratio near 1.0).

    python -m bench.text_layer      (BENCH_QUICK=1: 3 documents, 5 filings)
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from unittest import mock

from bench.data_room import build_data_room, scan_pdf
from bench.ocr import word_accuracy

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"
WESTERN_COPPER = SHARED / "cuad" / "pdf" / "WESTERN COPPER - NON-COMPETITION AGREEMENT.PDF"
# Documents of the data room scanned: contracts and minutes, prose pages (slides and tables
# are scored too, but OCR reads them less well than prose for reasons that are not the layer)
_DOCUMENTS = (
    "03_Founders_Agreement.pdf",
    "07_Master_Services_Agreement_Halcyon_Northgate.pdf",
    "05_Board_Minutes_2021-06-15.pdf",
    "09_Mutual_NDA_Halcyon_Brightline.pdf",
    "13_Employment_Agreement_Daniel_Reyes.pdf",
    "11_Loan_and_Security_Agreement_Keystone.pdf",
)


def _generated(quick: bool) -> None:
    from ingest import PdfParser

    parser = PdfParser(isolate=False, ocr_threads=os.cpu_count() or 1)
    text_only = PdfParser(isolate=False, ocr="off")
    print("| document | pages | noisy layer acc. | kept acc. | pages read again | good kept |")
    print("|---|---:|---:|---:|---:|---:|")
    totals = [0, 0, 0]  # noisy matched, kept matched, reference words
    with tempfile.TemporaryDirectory(prefix="evrag-text-layer-") as tmp:
        room = {p.name: p for p in build_data_room(Path(tmp) / "room")}
        names = [n for n in _DOCUMENTS if n in room][: 3 if quick else None]
        for name in names:
            data = room[name].read_bytes()
            reference = text_only.run(data, name).text
            noisy = scan_pdf(data, noise=8.0, layer="noisy")
            layer_text = text_only.run(noisy, name).text
            kept = parser.run(noisy, name)
            good = parser.run(scan_pdf(data, noise=8.0, layer="good"), name)
            n_ok, total = word_accuracy(reference, layer_text)
            k_ok, _ = word_accuracy(reference, kept.text)
            totals = [totals[0] + n_ok, totals[1] + k_ok, totals[2] + total]
            layered = [p for p in kept.pages if p.text_layer is not None]
            reread = sum(1 for p in layered if p.text_layer == "ocr")
            good_kept = sum(1 for p in good.pages if p.text_layer == "text")
            print(
                f"| {name} | {len(kept.pages)} | {n_ok / total:.3f} | {k_ok / total:.3f} "
                f"| {reread}/{len(layered)} | {good_kept}/{len(good.pages)} |"
            )
    n_ok, k_ok, total = totals
    print(f"| **all** ({total} words) | | {n_ok / total:.3f} | **{k_ok / total:.3f}** | | |")


def _western_copper() -> None:
    from domain import Role
    from ingest import BindingExtractor, PdfParser

    doc = PdfParser(isolate=False).run(WESTERN_COPPER.read_bytes(), WESTERN_COPPER.name)
    print("\n| page | reading kept | layer score | OCR score |")
    print("|---:|---|---:|---:|")
    for p in doc.pages:
        ocr = "-" if p.ocr_score is None else f"{p.ocr_score:.3f}"
        print(f"| {p.number} | {p.text_layer} | {p.layer_score:.3f} | {ocr} |")
    parties = sorted(
        b.subject_name for b in BindingExtractor().run(doc).bindings if b.role == Role.PARTY
    )
    print(f"\n{WESTERN_COPPER.name}: parties bound: {'; '.join(parties) or 'none'}")


def _speed(quick: bool) -> None:
    from ingest import PdfParser

    filings = sorted((SHARED / "financebench" / "pdfs").glob("*.pdf"))[: 5 if quick else None]
    parser = PdfParser()

    def timed() -> tuple[float, int]:
        started, pages = time.perf_counter(), 0
        for path in filings:
            pages += len(parser.run(path.read_bytes(), path.name).pages)
        return time.perf_counter() - started, pages

    # the baseline first, then the check, then the baseline again: load drifts both ways
    with mock.patch("ingest._pdf._PAGE_SIZED", 2.0):
        base_1, pages = timed()
    checked, _ = timed()
    with mock.patch("ingest._pdf._PAGE_SIZED", 2.0):
        base_2, _ = timed()
    base = (base_1 + base_2) / 2
    print(f"\n| shared filings ({len(filings)}, {pages} pages) | s | pages/s |")
    print("|---|---:|---:|")
    print(f"| baseline: layer check off (mean of 2) | {base:.1f} | {pages / base:.0f} |")
    print(f"| layer check on | {checked:.1f} | {pages / checked:.0f} |")
    print(f"speed ratio (check on / baseline): {base / checked:.2f}")


def main() -> None:
    quick = os.environ.get("BENCH_QUICK") == "1"
    _generated(quick)
    if WESTERN_COPPER.exists():
        _western_copper()
    else:
        print(f"\n{WESTERN_COPPER.name}: not here (shared data missing), no figure")
    _speed(quick)


if __name__ == "__main__":
    main()
