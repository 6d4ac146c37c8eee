"""Run one call in a forked child process that is killed past a time or memory bound.

MuPDF's C calls cannot be interrupted from Python (issue 18: one page was still being
parsed after 420 s), so a document is parsed in a child: the parent waits on a pipe, polls
the child's resident memory, and sends SIGKILL when either bound is passed. The child
inherits the parent's imported modules (no start-up cost) and returns its result, or the
exception it raised, pickled through the pipe.

Hierarchy (under `domain.EvidenceRagError`, status 500; none of them is an IngestError:
the caller says what they mean for its input)::

    ChildFailed             the child gave no result
    ├── ChildTimedOut       killed past `seconds` (or past `cpu_seconds` of CPU time)
    ├── ChildOutOfMemory    killed past `memory_bytes` of resident memory over its start
    └── ChildCrashed        died by itself (a signal, or an exit before answering)
    ChildRaised             the child raised something that could not be sent back as itself

The child never outlives its parent: on Linux it asks the kernel for SIGKILL when the
parent dies (PR_SET_PDEATHSIG), so a server killed mid-parse leaves no parse running (issue
37: one held the data directory's LOCK after a kill -9 of the server; the lock's own
descriptor is closed in every forked child too, see retrieval's ProcessLock).

Where `os.fork` is missing the call runs in this process, unbounded.
"""

from __future__ import annotations

import contextlib
import ctypes
import faulthandler
import gc
import math
import os
import pickle
import resource
import select
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from domain import EvidenceRagError

T = TypeVar("T")

_FORK_LOCK = threading.Lock()
_POLL_SECONDS = 0.02  # how often the parent looks at the child's memory
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_AS_HEADROOM = 4  # address space allowed over the parent's: this many times memory_bytes
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def _find_prctl() -> Callable[..., int] | None:
    # Looked up here, in the parent: a dlopen in a child forked from a threaded process
    # could wait forever on a loader lock held by a thread that is not there.
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl: Callable[..., int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return prctl


_PRCTL = _find_prctl()


@dataclass(frozen=True, slots=True)
class ChildUsage:
    """What a child used: wall seconds, peak resident memory over the parent's at fork, and
    CPU seconds (user and system: the work done, which a loaded machine does not stretch)."""

    seconds: float
    peak_rss_growth: int  # bytes; 0 where the platform does not say
    cpu_seconds: float = 0.0


class ChildFailed(EvidenceRagError):
    """The child process gave no result (the parser turns each kind into a `PdfRejected`)."""

    code, title = "child_failed", "Sandboxed call failed"

    def __init__(self, message: str, usage: ChildUsage) -> None:
        super().__init__(message)
        self.usage = usage


class ChildTimedOut(ChildFailed):
    """Killed after running past its time bound."""

    code = "child_timed_out"


class ChildOutOfMemory(ChildFailed):
    """Killed after its resident memory grew past its bound."""

    code = "child_out_of_memory"


class ChildCrashed(ChildFailed):
    """Died by itself: a signal (a crash in native code) or an exit before answering."""

    code = "child_crashed"


class ChildRaised(EvidenceRagError):
    """The child raised an exception that could not be sent back as itself: an unexpected
    one, which the pipeline reports as the internal fault it is, not as an ingest error."""

    code, title = "child_raised", "Sandboxed call raised"


@contextlib.contextmanager
def no_forks() -> Iterator[None]:
    """Hold off forks by other threads meanwhile. A child forked while a native thread pool
    of this process (ONNX Runtime's inference, a tokenizer's workers) holds one of its locks
    inherits that lock held and can hang on it; the ingestion pipeline embeds under this
    while the next document's parse child is started by another thread."""
    with _FORK_LOCK:
        yield


def fork_available() -> bool:
    return hasattr(os, "fork") and sys.platform != "emscripten"


def run_in_child(
    call: Callable[[], T],
    *,
    seconds: float,
    memory_bytes: int,
    on_usage: Callable[[ChildUsage], None] | None = None,
    cpu_seconds: float | None = None,
) -> tuple[T, ChildUsage]:
    """`call()` in a forked child; its result, or its exception raised here.

    Raises ChildTimedOut / ChildOutOfMemory / ChildCrashed when the child gives no answer.
    `seconds` bounds the wall time; `cpu_seconds`, when given, bounds the child's CPU time
    (whole seconds, rounded up), a bound on work that a loaded machine does not move.
    `on_usage` hears what the child used, whatever the outcome (tests and benchmarks).
    """
    if not fork_available():
        started, cpu = time.monotonic(), time.process_time()
        value = call()
        return value, ChildUsage(time.monotonic() - started, 0, time.process_time() - cpu)
    start_rss = _rss(os.getpid())
    started = time.monotonic()
    # One fork at a time, from the pipe's creation to the parent closing its write end: a
    # child forked by another thread meanwhile would inherit that write end, and this
    # reader would see no end of file until that other child exits (a finished parse taken
    # for a timeout). The lock also keeps gc.freeze/unfreeze of two threads apart.
    with _FORK_LOCK:
        read_fd, write_fd = os.pipe()
        # The child's collector would otherwise walk (and so copy-on-write) every object the
        # parent holds: 30 ms of a 40 ms overhead per document, measured on CUAD contracts.
        gc.freeze()
        try:
            parent = os.getpid()
            pid = os.fork()
            if pid == 0:  # the child: never returns
                os.close(read_fd)
                _die_with(parent)
                _child(call, write_fd, seconds, memory_bytes, cpu_seconds)
        finally:
            gc.unfreeze()  # in the parent
        os.close(write_fd)
    try:
        payload, killed = _collect(pid, read_fd, started, seconds, start_rss, memory_bytes)
    finally:
        os.close(read_fd)
    _, status, rusage = os.wait4(pid, 0)
    peak = max(0, int(rusage.ru_maxrss) * 1024 - start_rss) if start_rss else 0
    usage = ChildUsage(time.monotonic() - started, peak, float(rusage.ru_utime + rusage.ru_stime))
    if on_usage is not None:
        on_usage(usage)
    if killed == "time":
        raise ChildTimedOut(f"stopped after {seconds:g} s", usage)
    if killed == "memory":
        raise ChildOutOfMemory(f"stopped past {memory_bytes // 2**20} MiB of memory", usage)
    if not payload:
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            if sig == signal.SIGXCPU:
                bound = seconds if cpu_seconds is None else min(seconds, cpu_seconds)
                raise ChildTimedOut(f"stopped by the CPU-time limit ({bound:g} s)", usage)
            raise ChildCrashed(f"killed by signal {_signal_name(sig)}", usage)
        raise ChildCrashed(f"exited with status {os.WEXITSTATUS(status)} before answering", usage)
    kind, value = pickle.loads(payload)
    if kind == "ok":
        return value, usage
    if isinstance(value, MemoryError):
        # the address-space backstop met before the parent's RSS poll: the same bound
        raise ChildOutOfMemory(
            f"stopped past {memory_bytes // 2**20} MiB of memory (allocation refused)", usage
        )
    if isinstance(value, BaseException):
        raise value
    raise ChildRaised(str(value))


def _collect(
    pid: int, fd: int, started: float, seconds: float, start_rss: int, memory_bytes: int
) -> tuple[bytes, str | None]:
    """Read the child's answer until EOF; kill it past its bounds (returns which one)."""
    chunks: list[bytes] = []
    deadline = started + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            _kill(pid)
            return b"", "time"
        ready, _, _ = select.select([fd], [], [], min(left, _POLL_SECONDS))
        if ready:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks), None
            chunks.append(chunk)
        elif start_rss and _rss(pid) - start_rss > memory_bytes:
            _kill(pid)
            return b"", "memory"


def _die_with(parent: int) -> None:
    """SIGKILL this child when its parent dies. The kernel sends it when the thread that
    forked ends; that thread waits in `run_in_child` until the child is gone, so only the
    parent's death can send it. A parent dead before the request is too late for the
    kernel: then the child is reparented already and leaves at once."""
    if _PRCTL is not None:
        _PRCTL(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(70)


def _child(
    call: Callable[[], Any],
    fd: int,
    seconds: float,
    memory_bytes: int,
    cpu_seconds: float | None,
) -> None:
    code = 0
    try:
        _child_limits(seconds, memory_bytes, cpu_seconds)
        try:
            answer: tuple[str, Any] = ("ok", call())
        except BaseException as exc:  # every outcome goes back to the parent
            # the traceback is not pickled: its text goes along as a note
            exc.add_note("in the child process:\n" + traceback.format_exc())
            answer = ("raised", exc)
        try:
            payload = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # an exception that cannot be pickled
            raised = answer[1]
            payload = pickle.dumps(("raised", f"{type(raised).__name__}: {raised}"))
        view = memoryview(payload)
        while view:
            view = view[os.write(fd, view) :]
    except BaseException:  # the parent sees a crash, no answer
        code = 70
    finally:
        # No atexit handlers, no finalizers: they belong to the parent's resources.
        os._exit(code)


def _child_limits(seconds: float, memory_bytes: int, cpu_seconds: float | None) -> None:
    """Backstops that hold even if the parent dies: CPU seconds and address space. A
    `cpu_seconds` bound asked for is the CPU limit itself (SIGXCPU when it is passed)."""
    faulthandler.disable()  # a crash is the parent's to report, not a traceback dump
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(ValueError, OSError):
            signal.signal(sig, signal.SIG_DFL)
    with contextlib.suppress(ValueError, OSError):
        cpu = math.ceil(seconds) + 5
        if cpu_seconds is not None:
            cpu = min(cpu, max(1, math.ceil(cpu_seconds)))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    vm = _vm_size()
    if vm:
        with contextlib.suppress(ValueError, OSError):
            limit = vm + _AS_HEADROOM * memory_bytes
            _, hard = resource.getrlimit(resource.RLIMIT_AS)
            if hard == resource.RLIM_INFINITY or limit < hard:
                resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def _statm(pid: int) -> list[bytes]:
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return f.read().split()
    except OSError:
        return []


def _rss(pid: int) -> int:
    """Resident bytes of a process (0 where /proc is missing)."""
    fields = _statm(pid)
    return int(fields[1]) * _PAGE if len(fields) > 1 else 0


def _vm_size() -> int:
    fields = _statm(os.getpid())
    return int(fields[0]) * _PAGE if fields else 0


def _signal_name(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return str(sig)
