"""One process owns an embedded store: an exclusive `flock` on `<data_dir>/LOCK`.

A `flock` belongs to the open file, not to the process: a child that inherits the
descriptor holds the lock as long as it lives, even after its parent is killed (issue 37:
a parse child forked by the ingestion sandbox kept a dead server's LOCK for 30+ s). So the
descriptor never crosses a fork: it is close-on-exec (a child that execs drops it), and a
child forked without exec closes every held lock's descriptor at once (`os.register_at_fork`),
which leaves the parent's lock in place.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sys
import weakref
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
        self._owner = 0  # the pid that took it: a forked child never releases it

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        if self._fd is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # No O_TRUNC: opening must not wipe the current holder's details.
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
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
        self._owner = os.getpid()
        _HELD.add(self)

    def release(self) -> None:
        if self._fd is None or self._owner != os.getpid():
            return
        _HELD.discard(self)
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


_HELD: weakref.WeakSet[ProcessLock] = weakref.WeakSet()


def _drop_in_child() -> None:
    """In a forked child: close each held lock's descriptor (closing, never unlocking,
    which would free the parent's lock too)."""
    for lock in list(_HELD):
        fd, lock._fd = lock._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_in_child)


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
