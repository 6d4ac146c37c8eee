"""The embedded store belongs to one process; a second one is told who holds it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from retrieval import EdgeStore, ProcessLock, RetrievalError, StoreLocked

ROOT = Path(__file__).resolve().parents[2]

_OPEN_STORE = textwrap.dedent(
    """
    import sys
    from retrieval._edge import EdgeStore
    from retrieval._errors import StoreLocked
    try:
        store = EdgeStore(sys.argv[1])
    except StoreLocked as exc:
        print(f"LOCKED pid={exc.holder_pid} :: {exc}", flush=True)
        sys.exit(3)
    store.ensure_kb("kb1")
    print("READY", flush=True)
    sys.stdin.read()  # hold the store until the parent closes our stdin or kills us
    store.close()
    """
)


def _spawn(data_dir: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", _OPEN_STORE, str(data_dir)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow
def test_a_second_process_gets_a_clear_error_naming_the_holder(tmp_path: Path) -> None:
    with EdgeStore(tmp_path) as store:
        store.ensure_kb("kb1")
        child = _spawn(tmp_path)
        out, err = child.communicate(timeout=60)
    assert child.returncode == 3, err
    assert f"LOCKED pid={os.getpid()}" in out
    assert "in use by process" in out and "pytest" in out
    assert "Traceback" not in err


@pytest.mark.slow
def test_the_lock_is_released_by_close_and_by_kill_9(tmp_path: Path) -> None:
    child = _spawn(tmp_path)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "READY"
        with pytest.raises(StoreLocked) as caught:
            EdgeStore(tmp_path)
        assert caught.value.holder_pid == child.pid
        assert caught.value.holder_command is not None
        assert "retrieval._edge" in caught.value.holder_command
        assert isinstance(caught.value, RetrievalError)
        # kill -9 leaves the file behind, but the kernel has dropped the lock.
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    with EdgeStore(tmp_path) as store:
        assert store.count("kb1", "chunks") == 0
    # After close, the same process may open it again.
    with EdgeStore(tmp_path) as store:
        assert store.knowledge_bases() == ["kb1"]


def test_two_stores_in_one_process_exclude_each_other(tmp_path: Path) -> None:
    lock = ProcessLock(tmp_path / "LOCK")
    with lock:
        with pytest.raises(StoreLocked) as caught:
            ProcessLock(tmp_path / "LOCK").acquire()
        assert caught.value.holder_pid == os.getpid()
    assert not lock.held
    with ProcessLock(tmp_path / "LOCK"):
        pass
