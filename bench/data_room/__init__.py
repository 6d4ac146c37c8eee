"""The sample data room: 18 PDFs about one target company, built deterministically.

`build_data_room(out_dir)` writes them (`scanned=True`: every page as a scan); the gold
questions and bindings scored against it live in tests/data_room/. Used by `make demo`,
the quality and query benchmarks, and the tests.
"""

from bench.data_room._scan import scan_pdf
from bench.data_room.generate import DOCUMENTS, SCAN_SKEWS, SCANNED_PAGE, build_data_room, main

__all__ = ["DOCUMENTS", "SCANNED_PAGE", "SCAN_SKEWS", "build_data_room", "main", "scan_pdf"]
