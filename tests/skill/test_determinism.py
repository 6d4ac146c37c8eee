"""Same question, same knowledge base: byte-identical JSON, also across processes with
different hash seeds (no set or dict order, no clock, no randomness leaks into the answer)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from retrieval import Embedder

from .conftest import data_dir_with_kb

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = [
    "Who founded Acme Robotics, Inc.?",
    "Where is Acme Robotics, Inc. incorporated?",
    "What are Globex Corporation's obligations under the master services agreement with "
    "Acme Robotics, Inc.?",
    "What is the governing law of the master services agreement between Acme Robotics, Inc. "
    "and Initech LLC?",
]
SCRIPT = """
import sys
from retrieval._edge import EdgeStore
from retrieval._embed import Embedder
from skill import EvidenceSkill
from tests.skill.conftest import KB, build_documents

base = build_documents()
store = EdgeStore(sys.argv[1])
skill = EvidenceSkill(store, Embedder(), committed_documents=base.committed,
                      document_info=base.info)
for question in sys.argv[2:]:
    sys.stdout.write(skill.ask(KB, question).to_json() + "\\n")
store.close()
"""


def _run(data_dir: Path, seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(data_dir), *QUESTIONS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return done.stdout


def test_answers_are_byte_identical_across_processes(tmp_path: Path, embedder: Embedder) -> None:
    data_dir = data_dir_with_kb(tmp_path / "data", embedder)
    first = _run(data_dir, "1")
    second = _run(data_dir, "2024")
    assert first == second
    assert first.count(b'"terminal_state"') == len(QUESTIONS)
