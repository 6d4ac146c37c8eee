"""Session fixtures any test package may use: the generated data room, and a knowledge base
with the whole data room ingested by the real pipeline (parser, binding extractor, packaged
model, embedded Qdrant Edge, SQLite catalog).

Both are built at most once per session and only when a test asks for them. The ingested
knowledge base costs one embedding pass over ~320 chunks (tens of seconds on 2 cores), so
tests that use it should be marked slow.
"""

from __future__ import annotations

import os
import pickle
import shutil
import sys
from collections.abc import Callable, Mapping
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

# Each worker of a run imports every test module and most of the project. Where
# PYTHONDONTWRITEBYTECODE is set (containers set it), nothing is cached, so each worker, each
# run, compiled every module again and rewrote every test module's asserts: ~11 s of a
# worker's ~27 s of collection (CPU). The run keeps the bytecode in the ignored __pycache__
# folders (pytest's rewritten test modules under a tag of their own); a source's change is
# seen by its mtime and size, as always.
sys.dont_write_bytecode = False

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


def _run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    """Under pytest-xdist, the run's temporary directory that its workers share (each worker's
    own is a folder of it); None in one process."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return None
    return tmp_path_factory.getbasetemp().parent


def _built_once(target: Path, build: Callable[[Path], Any]) -> Any:
    """`build(target)`'s result, built by the first worker of the run that asks and read back
    by the others (a file lock orders them; `build` writes only under `target`)."""
    from filelock import FileLock

    done = target.with_name(target.name + ".pickle")
    with FileLock(str(target.with_name(target.name + ".lock"))):
        if not done.exists():
            value = build(target)
            partial = done.with_name(done.name + ".part")
            partial.write_bytes(pickle.dumps(value))
            partial.replace(done)
    return pickle.loads(done.read_bytes())


@pytest.fixture(scope="session")
def data_room(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The 18 generated PDFs of the Halcyon Robotics data room, in a stable order.

    Read-only by agreement: under pytest-xdist the workers of a run share one copy."""
    from tests.data_room.generate import build_data_room

    shared = _run_dir(tmp_path_factory)
    if shared is None:
        return build_data_room(tmp_path_factory.mktemp("data-room"))
    paths: list[Path] = _built_once(shared / "data-room", build_data_room)
    return paths


def _ingest_data_room(data_dir: Path, data_room: list[Path]) -> dict[str, Any]:
    from app import Runtime, Settings

    with Runtime.open(Settings(data_dir=data_dir)) as runtime:
        report = runtime.ingestor.run(DATA_ROOM_KB, data_room)
    failed = [(d.name, d.reason) for d in report.failed]
    assert not failed, f"the data room must ingest cleanly: {failed}"
    return report.to_dict()


@pytest.fixture(scope="session")
def data_room_kb(tmp_path_factory: pytest.TempPathFactory, data_room: list[Path]) -> IngestedKB:
    """The whole data room ingested into knowledge base `halcyon` (every document committed).

    Under pytest-xdist it is ingested once a run: the first worker that asks ingests it into
    the run's shared directory (never opened again there), and each worker opens a copy."""
    data_dir = tmp_path_factory.mktemp("data-room-kb") / "evrag"
    shared = _run_dir(tmp_path_factory)
    if shared is None:
        return IngestedKB(data_dir, DATA_ROOM_KB, _ingest_data_room(data_dir, data_room))

    def ingest(target: Path) -> dict[str, Any]:
        return _ingest_data_room(target / "evrag", data_room)

    target = shared / "data-room-kb"
    report: dict[str, Any] = _built_once(target, ingest)
    return IngestedKB(target / "evrag", DATA_ROOM_KB, report).copy_to(data_dir.parent)


@pytest.fixture(scope="module")
def data_room_ask(data_room_kb: IngestedKB) -> Any:
    """`ask(question)` on the data room's knowledge base through one Runtime per test module
    (the skill's answer object), closed after the module."""
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield lambda question: rt.skill.ask(data_room_kb.kb, question)

