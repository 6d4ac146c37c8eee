"""Session fixtures any test package may use: the generated data room, and a knowledge base
with the whole data room ingested by the real pipeline (parser, binding extractor, packaged
model, embedded Qdrant Edge, SQLite catalog).

Both are built at most once per session and only when a test asks for them. The ingested
knowledge base costs one embedding pass over ~320 chunks (tens of seconds on 2 cores), so
tests that use it should be marked slow.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from app import Settings

# Nothing may be fetched from a model hub, in this process or in the ones it starts.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# One model cache for the whole run (and the processes it starts), kept between runs in
# the repository's ignored .evrag/: the ONNX export of the embedding model (~25 s) happens
# at most once, never once per test data directory.
os.environ.setdefault(
    "EVRAG_MODEL_CACHE", str(Path(__file__).resolve().parents[1] / ".evrag" / "model-cache")
)

DATA_ROOM_KB = "halcyon"


@dataclass(frozen=True)
class IngestedKB:
    """A data directory holding one ingested knowledge base; its store is closed.

    Read-only by agreement: open it with `Runtime.open(kb.settings())` (or run `evrag
    --data-dir kb.data_dir ...`) and close it before the test ends, since the embedded store
    belongs to one process at a time. A test that writes works on `kb.copy_to(tmp_path)`.
    """

    data_dir: Path
    kb: str
    # The ingestion run report (IngestReport.to_dict()): per document status, pages,
    # chunks, bindings, independence group.
    report: Mapping[str, Any] = field(default_factory=dict)

    def settings(self) -> Settings:
        from app import Settings

        return Settings(data_dir=self.data_dir)

    @property
    def document_names(self) -> list[str]:
        return [d["name"] for d in self.report.get("documents", ())]

    def copy_to(self, target: Path) -> IngestedKB:
        """A private copy (store files and catalog) that a test may change freely."""
        data_dir = target / self.data_dir.name
        shutil.copytree(self.data_dir, data_dir, ignore=shutil.ignore_patterns("LOCK"))
        return IngestedKB(data_dir, self.kb, self.report)


@pytest.fixture(scope="session")
def data_room(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The 18 generated PDFs of the Halcyon Robotics data room, in a stable order."""
    from tests.data_room.generate import build_data_room

    return build_data_room(tmp_path_factory.mktemp("data-room"))


@pytest.fixture(scope="session")
def data_room_kb(tmp_path_factory: pytest.TempPathFactory, data_room: list[Path]) -> IngestedKB:
    """The whole data room ingested into knowledge base `halcyon` (every document committed)."""
    from app import Runtime, Settings

    data_dir = tmp_path_factory.mktemp("data-room-kb") / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as runtime:
        report = runtime.ingestor.run(DATA_ROOM_KB, data_room)
    failed = [(d.name, d.reason) for d in report.failed]
    assert not failed, f"the data room must ingest cleanly: {failed}"
    return IngestedKB(data_dir, DATA_ROOM_KB, report.to_dict())
