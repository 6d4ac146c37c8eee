"""One process owns an embedded store: an exclusive `flock` on `<data_dir>/LOCK`."""

from __future__ import annotations

import fcntl
import json
import os
import sys
from pathlib import Path

from retrieval._errors import StoreLocked


class ProcessLock:
    """Exclusive, non-blocking lock with the holder's pid and command line written inside.

    The kernel drops a `flock` when its holder dies (even by `kill -9`), so a stale file
    never blocks; the text inside is only there to name the holder in the error.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        if self._fd is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # No O_TRUNC: opening must not wipe the current holder's details.
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_holder(fd)
            os.close(fd)
            raise StoreLocked(self.path, *holder) from None
        except BaseException:
            os.close(fd)
            raise
        info = json.dumps({"pid": os.getpid(), "command": _command_line()}).encode()
        os.ftruncate(fd, 0)
        os.pwrite(fd, info, 0)
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    def __enter__(self) -> ProcessLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _command_line() -> str:
    try:
        raw = Path("/proc/self/cmdline").read_bytes()
        parts = [p.decode(errors="replace") for p in raw.split(b"\0") if p]
    except OSError:
        parts = [sys.executable, *sys.argv]
    return " ".join(parts)[:500]


def _read_holder(fd: int) -> tuple[int | None, str | None]:
    try:
        info = json.loads(os.pread(fd, 4096, 0) or b"{}")
    except (OSError, ValueError):
        return None, None
    if not isinstance(info, dict):
        return None, None
    pid = info.get("pid")
    command = info.get("command")
    return (
        pid if isinstance(pid, int) else None,
        command if isinstance(command, str) else None,
    )
