"""A child process for test_pipeline: ingest a batch (optionally killed mid-batch), or
try to open a data directory another process holds.

    python -m tests.ingest._ingest_child ingest DATA_DIR KB PDF... [--kill-before-commit N]
    python -m tests.ingest._ingest_child open DATA_DIR

`--kill-before-commit N` sends SIGKILL to this process when the N-th document's points
are all written and its catalog commit is about to start: a real `kill -9` at the worst
moment, with nothing flushed or cleaned up. `open` prints {"error", "holder_pid"} as JSON
and exits 3 when the store is locked, 0 when it opened.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

# Only what both commands need at import: `open` must start fast.
from retrieval import EdgeStore, StoreLocked


def catalog_url(data_dir: Path) -> str:
    return f"sqlite:///{(data_dir / 'catalog.sqlite3').as_posix()}"


def _ingest(data_dir: Path, kb: str, files: list[Path], kill_at: int | None) -> int:
    from ingest import Ingestor
    from retrieval import BlobStore, Catalog, DocumentEntry, Embedder

    class KilledBeforeCommit(Catalog):
        """The real catalog; the process dies just before the N-th commit reaches it."""

        commits = 0

        def mark_committed(self, kb: str, document_id: str, **fields: Any) -> DocumentEntry:
            self.commits += 1
            if self.commits == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return super().mark_committed(kb, document_id, **fields)

    url = catalog_url(data_dir)
    catalog = Catalog(url) if kill_at is None else KilledBeforeCommit(url)
    store = EdgeStore(data_dir)
    try:
        report = Ingestor(store, catalog, Embedder(), BlobStore(data_dir)).run(kb, files)
    finally:
        store.close()
        catalog.close()
    print(json.dumps(report.to_dict(), sort_keys=True))
    return 0


def _open(data_dir: Path) -> int:
    try:
        store = EdgeStore(data_dir)
    except StoreLocked as exc:
        print(json.dumps({"error": str(exc), "holder_pid": exc.holder_pid}))
        return 3
    store.close()
    print(json.dumps({"error": None, "holder_pid": None}))
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="_ingest_child")
    commands = parser.add_subparsers(dest="command", required=True)
    ingest = commands.add_parser("ingest")
    ingest.add_argument("data_dir", type=Path)
    ingest.add_argument("kb")
    ingest.add_argument("files", type=Path, nargs="+")
    ingest.add_argument("--kill-before-commit", type=int, default=None)
    opener = commands.add_parser("open")
    opener.add_argument("data_dir", type=Path)
    args = parser.parse_args(argv)
    if args.command == "ingest":
        return _ingest(args.data_dir, args.kb, args.files, args.kill_before_commit)
    return _open(args.data_dir)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
