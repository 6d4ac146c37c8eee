"""Moved to `app` (issue 13): `from app import Runtime`.

Kept only while work in progress elsewhere in the tree (tests/test_scanned.py, bench/ocr.py)
still imports it from here; remove once nothing does.
"""

from app import Runtime

__all__ = ["Runtime"]
