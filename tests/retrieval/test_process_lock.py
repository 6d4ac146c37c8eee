"""The embedded store belongs to one process; a second one is told who holds it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
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


_OPEN_STORE_AND_PARSE = textwrap.dedent(
    """
    import os, sys, threading, time
    from pathlib import Path
    from ingest import run_in_child
    from retrieval._edge import EdgeStore
    store = EdgeStore(sys.argv[1])
    marker = Path(sys.argv[2])

    def slow_parse() -> None:
        marker.write_text(str(os.getpid()))
        time.sleep(120)

    threading.Thread(
        target=run_in_child, args=(slow_parse,),
        kwargs={"seconds": 300, "memory_bytes": 2**30}, daemon=True,
    ).start()
    while not marker.exists() or not marker.read_text():
        time.sleep(0.01)
    print("PARSING", flush=True)
    sys.stdin.read()
    """
)


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


@pytest.mark.slow
def test_a_kill_9_during_a_parse_frees_the_store_at_once(tmp_path: Path) -> None:
    """Issue 37: the forked parse child outlived a killed server and held LOCK for 30+ s.
    The child neither holds the lock nor outlives its parent."""
    marker = tmp_path / "child.pid"
    server = subprocess.Popen(
        [sys.executable, "-c", _OPEN_STORE_AND_PARSE, str(tmp_path / "data"), str(marker)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        assert server.stdout.readline().strip() == "PARSING", server.stderr
        parse_pid = int(marker.read_text())
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    try:
        with EdgeStore(tmp_path / "data") as store:  # at once: no StoreLocked
            assert store.knowledge_bases() == []
        deadline = time.monotonic() + 10
        while not _gone(parse_pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _gone(parse_pid), "the parse child outlived its parent"
    finally:
        if not _gone(parse_pid):
            os.kill(parse_pid, signal.SIGKILL)
