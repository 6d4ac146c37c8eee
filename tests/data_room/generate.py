"""Moved to `bench.data_room` (issue 13: bench imports nothing of the test tree).

Kept so `python -m tests.data_room.generate [--scanned] OUT_DIR` and older imports still work.
"""

from bench.data_room import DOCUMENTS, SCAN_SKEWS, SCANNED_PAGE, build_data_room, main

__all__ = ["DOCUMENTS", "SCANNED_PAGE", "SCAN_SKEWS", "build_data_room", "main"]

if __name__ == "__main__":
    raise SystemExit(main())
