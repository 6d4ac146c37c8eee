"""Soak of `evrag serve` (issue 37, item 5): 16 clients asking the data room's questions and 2
clients uploading PDFs, for 10 minutes, against one real server process on loopback.

Run: ``python -m bench.soak``. ``EVRAG_SOAK_SECONDS`` sets the loaded phase (default 600;
``BENCH_QUICK=1`` makes it 60); ``EVRAG_SOAK_IDLE_SECONDS`` the idle baseline before it
(default a quarter of the loaded phase, at most 60 s); ``EVRAG_SOAK_JSON`` where the result is
written (default bench/out/soak.json).

The baseline is measured in the same run: the 16 askers alone first (idle), then the same 16
while 2 uploaders post PDFs generated here (varied text, some pages scanned, duplicates of
earlier uploads, empty, non-PDF and truncated parts) and wait for each job. Every question's
answer is taken once before the load (status and bytes); any later answer that differs is an
error, as are 5xx answers, connection errors and an upload outcome that is not the one its part
calls for (`internal_error`, a fresh PDF not committed, an empty part not refused as empty...).
The server's RSS, open descriptors, threads and CPU time are read from /proc every few
seconds, with the machine's load average (a shared machine slows both phases unevenly). The
CPU time is split: the server's own threads, and its parse children once reaped (parsing and
OCR run there, outside the server's GIL; on 2 cores they still take the queries' CPU). The
server's log is kept beside the JSON result.

Targets: 0 errors; query p95 during uploads <= 2x idle; RSS and open descriptors flat (the
last minute's mean against the first minute's of the loaded phase). Prints a markdown table;
timings are reported, never asserted; the exit status is 1 when a request erred.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pymupdf

ASKERS = 16
UPLOADERS = 2
ADMIN = "soak-admin-key"
KB = "soak"  # the data room: asked, never written during the soak, so answers stay the same
INBOX = "inbox"  # where the uploaders write
SAMPLE_SECONDS = 5.0
ROOT = Path(__file__).resolve().parents[1]
QUESTION_FILES = (
    ROOT / "tests" / "data_room" / "demo_questions.jsonl",
    ROOT / "tests" / "data_room" / "gold.jsonl",
)
# What each kind of uploaded part must come to (its job item's status, or code when failed).
EXPECTED_OUTCOMES = {
    "fresh": {"committed"},
    "scanned": {"committed"},
    "duplicate": {"committed", "duplicate"},  # committed: its first copy's job not done yet
    "empty": {"empty"},
    "not_pdf": {"not_pdf"},
}
WORDS = [
    "supplier",
    "customer",
    "agreement",
    "delivery",
    "invoice",
    "warranty",
    "payment",
    "term",
    "notice",
    "party",
    "indemnity",
    "liability",
    "schedule",
    "services",
    "obligation",
    "confidential",
    "records",
    "audit",
    "renewal",
    "territory",
]


def _seconds() -> tuple[float, float]:
    """(idle, loaded) phase lengths in seconds."""
    default = 60.0 if os.environ.get("BENCH_QUICK") else 600.0
    loaded = float(os.environ.get("EVRAG_SOAK_SECONDS", default))
    idle = float(os.environ.get("EVRAG_SOAK_IDLE_SECONDS", min(60.0, max(10.0, loaded / 4))))
    return idle, loaded


def _queries() -> list[dict[str, Any]]:
    """The data room's sample questions (demo first, then the gold set), each body once."""
    bodies: list[dict[str, Any]] = []
    seen: set[str] = set()
    for path in QUESTION_FILES:
        for line in path.read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            body = {"question": item["question"]} if item.get("question") else None
            if body is None and item.get("subject"):
                body = {"subject": item["subject"]}
            key = json.dumps(body, sort_keys=True)
            if body is not None and key not in seen:
                seen.add(key)
                bodies.append(body)
    return bodies


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


@dataclass
class Tally:
    """Everything the clients saw, by phase; appended to from many threads."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    requests: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def request(self, phase: str, seconds: float | None = None) -> None:
        with self.lock:
            self.requests[phase] += 1
            if seconds is not None:
                self.latencies.setdefault(phase, []).append(seconds)

    def error(self, phase: str, kind: str, example: str) -> None:
        with self.lock:
            self.errors[f"{phase}: {kind}"] += 1
            if len(self.examples) < 20:
                self.examples.append(f"[{phase}] {kind}: {example[:300]}")


class Phase:
    """The phase the clients are in now ("idle" or "uploads"), read by every request."""

    def __init__(self) -> None:
        self.name = "idle"


def _ask_loop(
    url: str,
    key: str,
    n: int,
    queries: list[dict[str, Any]],
    reference: list[tuple[int, bytes]],
    phase: Phase,
    stop: threading.Event,
    tally: Tally,
) -> None:
    i = n * 9  # each client starts elsewhere in the list
    with httpx.Client(base_url=url, headers={"X-API-Key": key}, timeout=120) as http:
        while not stop.is_set():
            k = i % len(queries)
            i += 1
            now = phase.name
            started = time.perf_counter()
            try:
                resp = http.post(f"/v1/kbs/{KB}/query", json=queries[k])
            except httpx.HTTPError as exc:
                tally.request(now)
                tally.error(now, "connection", f"{type(exc).__name__}: {exc}")
                continue
            tally.request(now, time.perf_counter() - started)
            if resp.status_code >= 500:
                tally.error(now, f"status {resp.status_code}", resp.text)
            elif (resp.status_code, resp.content) != reference[k]:
                tally.error(now, "answer differs", json.dumps(queries[k]))


def _pdf(seed: int, *, scanned: bool) -> bytes:
    """A PDF of 1-4 pages of prose that no other seed writes (a page scanned when asked)."""
    rng = random.Random(seed)
    doc = pymupdf.open()
    for p in range(rng.randint(1, 4)):
        page = doc.new_page(width=612, height=792)
        page.insert_text(
            (72, 72), f"Vendor Review {seed} - Northwind Supply {seed % 97} LLC", fontsize=14
        )
        y = 90.0
        for line in range(rng.randint(8, 40)):
            y += 16
            words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 12)))
            page.insert_text((72, y), f"{seed}.{p}.{line} {words}.", fontsize=10)
    data = doc.tobytes(garbage=3, deflate=True)
    doc.close()
    if scanned:
        from bench.data_room import scan_pdf

        data = scan_pdf(data, dpi=150, skew=0.5, noise=6.0, seed=seed)
    return data


class Uploads:
    """The parts the uploaders make; fresh PDFs are kept so later parts can repeat them."""

    def __init__(self) -> None:
        self.fresh: list[bytes] = []
        self.next_seed = 1
        self.lock = threading.Lock()

    def part(self, rng: random.Random) -> tuple[str, bytes]:
        """(kind, bytes) of one part: mostly fresh PDFs, some repeated, some bad."""
        roll = rng.random()
        with self.lock:
            seed = self.next_seed
            if roll < 0.5 or not self.fresh:
                self.next_seed += 1
            pool = list(self.fresh)
        if roll < 0.5 or not pool:
            kind = "scanned" if seed % 10 == 0 else "fresh"
            data = _pdf(seed, scanned=kind == "scanned")
            with self.lock:
                self.fresh.append(data)
            return kind, data
        if roll < 0.7:
            return "duplicate", rng.choice(pool)
        if roll < 0.8:
            return "empty", b""
        if roll < 0.9:
            return "not_pdf", b"Quarterly figures, see the attached spreadsheet.\n" * 40
        data = rng.choice(pool)
        return "truncated", data[: len(data) // 2]


def _upload_loop(
    url: str,
    key: str,
    n: int,
    uploads: Uploads,
    phase: Phase,
    stop: threading.Event,
    tally: Tally,
) -> None:
    rng = random.Random(1000 + n)
    with httpx.Client(base_url=url, headers={"X-API-Key": key}, timeout=120) as http:
        while not stop.is_set():
            parts = [uploads.part(rng) for _ in range(rng.randint(1, 3))]
            files = [
                ("files", (f"u{n}-{i}-{kind}.pdf", data, "application/pdf"))
                for i, (kind, data) in enumerate(parts)
            ]
            now = phase.name
            try:
                resp = http.post(f"/v1/kbs/{INBOX}/documents", files=files)
            except httpx.HTTPError as exc:
                tally.request(f"{now} upload")
                tally.error(now, "upload connection", f"{type(exc).__name__}: {exc}")
                continue
            tally.request(f"{now} upload")
            bad = all(kind in ("empty", "not_pdf") for kind, _ in parts)
            if bad and resp.status_code == 415:
                tally.outcomes["request refused 415 (no PDF part)"] += 1
                continue
            if resp.status_code != 202:
                tally.error(now, f"upload status {resp.status_code}", resp.text)
                continue
            job = _wait_job(http, str(resp.json()["links"]["self"]), phase, stop, tally)
            if job is None:
                continue
            for (kind, _), doc in zip(parts, job["documents"], strict=True):
                got = doc["code"] if doc["status"] == "failed" else doc["status"]
                tally.outcomes[f"{kind} -> {got}"] += 1
                expected = EXPECTED_OUTCOMES.get(kind)
                # A truncated PDF is either repaired by MuPDF and committed, or refused with
                # its reason; only an internal error is wrong.
                wrong = got == "internal_error" if expected is None else got not in expected
                if wrong:
                    tally.error(phase.name, f"upload outcome {kind} -> {got}", str(doc))


def _wait_job(
    http: httpx.Client, url: str, phase: Phase, stop: threading.Event, tally: Tally
) -> dict[str, Any] | None:
    """The finished job, or None (an error recorded, or the soak over before it finished)."""
    while True:
        now = phase.name
        try:
            resp = http.get(url)
        except httpx.HTTPError as exc:
            tally.request(f"{now} poll")
            tally.error(now, "poll connection", f"{type(exc).__name__}: {exc}")
            return None
        tally.request(f"{now} poll")
        if resp.status_code != 200:
            tally.error(now, f"poll status {resp.status_code}", resp.text)
            return None
        body: dict[str, Any] = resp.json()
        if body["status"] not in ("queued", "running"):
            return body
        if stop.is_set():
            return None
        time.sleep(0.5)


def _proc_sample(pid: int) -> dict[str, float]:
    """The server's RSS, descriptors and threads; its CPU seconds so far, in all (its parse
    children's once reaped) and its own threads' alone, and the machine's load average, to
    tell a slow server from a busy machine."""
    status = Path(f"/proc/{pid}/status").read_text()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    # utime stime cutime cstime: fields 14-17 of stat, counted after the command's ")".
    ticks = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[11:15]
    return {
        "rss_mb": int(fields["VmRSS"].split()[0]) / 1024,
        # The heap's share, apart from the store's memory-mapped files (they grow with data).
        "anon_mb": int(fields["RssAnon"].split()[0]) / 1024,
        "fds": float(len(os.listdir(f"/proc/{pid}/fd"))),
        "threads": float(fields["Threads"].strip()),
        "cpu_s": sum(int(t) for t in ticks) / os.sysconf("SC_CLK_TCK"),
        "own_cpu_s": sum(int(t) for t in ticks[:2]) / os.sysconf("SC_CLK_TCK"),
        "load1": float(Path("/proc/loadavg").read_text().split()[0]),
    }


def _sample_loop(
    pid: int, started: float, phase: Phase, stop: threading.Event, out: list[dict[str, Any]]
) -> None:
    while not stop.is_set():
        try:
            sample: dict[str, Any] = _proc_sample(pid)
        except (FileNotFoundError, ProcessLookupError):
            return  # the server is gone: the clients' errors say so
        sample["t"] = round(time.monotonic() - started, 1)
        sample["phase"] = phase.name
        out.append(sample)
        stop.wait(SAMPLE_SECONDS)


def _window_means(samples: list[dict[str, Any]], window: float) -> dict[str, dict[str, float]]:
    """Mean RSS, descriptors and threads over the first and the last `window` seconds of the
    loaded phase."""
    loaded = [s for s in samples if s["phase"] == "uploads"]
    if not loaded:
        return {}
    t0, t1 = loaded[0]["t"], loaded[-1]["t"]
    first = [s for s in loaded if s["t"] <= t0 + window]
    last = [s for s in loaded if s["t"] >= t1 - window]
    return {
        name: {
            key: round(statistics.fmean(s[key] for s in part), 1)
            for key in ("rss_mb", "anon_mb", "fds", "threads")
        }
        for name, part in (("first", first), ("last", last))
    }


def _phase_usage(samples: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per phase: the server's CPU (cores busy on average: in all, its own threads, its parse
    children) and the machine's mean load."""
    usage = {}
    for name in ("idle", "uploads"):
        part = [s for s in samples if s["phase"] == name]
        if len(part) < 2:
            continue
        seconds = part[-1]["t"] - part[0]["t"]
        total = part[-1]["cpu_s"] - part[0]["cpu_s"]
        own = part[-1]["own_cpu_s"] - part[0]["own_cpu_s"]
        usage[name] = {
            "server_cores": round(total / seconds, 2),
            "own_cores": round(own / seconds, 2),
            "children_cores": round((total - own) / seconds, 2),
            "load1": round(statistics.fmean(s["load1"] for s in part), 1),
        }
    return usage


def _ingest_room(admin: httpx.Client, root: Path) -> int:
    from bench.data_room import build_data_room

    room = build_data_room(root / "room")
    handles = [p.open("rb") for p in room]
    try:
        files = [
            ("files", (p.name, h, "application/pdf")) for p, h in zip(room, handles, strict=True)
        ]
        resp = admin.post(f"/v1/kbs/{KB}/documents", files=files)
    finally:
        for h in handles:
            h.close()
    resp.raise_for_status()
    url = str(resp.json()["links"]["self"])
    while (job := admin.get(url).json())["status"] in ("queued", "running"):
        time.sleep(0.5)
    if job["status"] != "completed" or job["failed"]:
        raise RuntimeError(f"the data room did not ingest: {job}")
    return len(room)


def run() -> dict[str, Any]:
    """The soak; returns (and writes) the result."""
    from bench.server import Server

    idle_seconds, loaded_seconds = _seconds()
    out = Path(os.environ.get("EVRAG_SOAK_JSON", ROOT / "bench" / "out" / "soak.json"))
    queries = _queries()
    tally = Tally()
    samples: list[dict[str, Any]] = []
    phase = Phase()
    with tempfile.TemporaryDirectory(prefix="evrag-soak-") as tmp:
        root = Path(tmp)
        server = Server(root / "data", ADMIN, root / "server.log", cli=True).start()
        assert server.proc is not None
        try:
            admin = httpx.Client(
                base_url=server.url, headers={"Authorization": f"Bearer {ADMIN}"}, timeout=300
            )
            for name in (KB, INBOX):
                admin.post("/v1/kbs", json={"name": name}).raise_for_status()
            asker_key = str(admin.post("/v1/keys", json={"kbs": [KB]}).json()["key"])
            uploader_key = str(admin.post("/v1/keys", json={"kbs": [INBOX]}).json()["key"])
            started = time.monotonic()
            documents = _ingest_room(admin, root)
            ingest_seconds = time.monotonic() - started
            # Every question once, one at a time: the answers all later ones must equal.
            reference = []
            with httpx.Client(
                base_url=server.url, headers={"X-API-Key": asker_key}, timeout=120
            ) as http:
                for body in queries:
                    resp = http.post(f"/v1/kbs/{KB}/query", json=body)
                    tally.request("reference")
                    if resp.status_code >= 500:
                        tally.error("reference", f"status {resp.status_code}", resp.text)
                    reference.append((resp.status_code, resp.content))

            stop_all = threading.Event()
            stop_uploads = threading.Event()
            clock = time.monotonic()
            sampler = threading.Thread(
                target=_sample_loop, args=(server.proc.pid, clock, phase, stop_all, samples)
            )
            askers = [
                threading.Thread(
                    target=_ask_loop,
                    args=(server.url, asker_key, n, queries, reference, phase, stop_all, tally),
                )
                for n in range(ASKERS)
            ]
            sampler.start()
            for t in askers:
                t.start()
            time.sleep(idle_seconds)
            phase.name = "uploads"
            shared = Uploads()
            uploaders = [
                threading.Thread(
                    target=_upload_loop,
                    args=(server.url, uploader_key, n, shared, phase, stop_uploads, tally),
                )
                for n in range(UPLOADERS)
            ]
            for t in uploaders:
                t.start()
            time.sleep(loaded_seconds)
            stop_uploads.set()
            stop_all.set()
            for t in [*askers, *uploaders, sampler]:
                t.join()
            inbox = admin.get(f"/v1/kbs/{INBOX}/documents").json()
            stopping = time.monotonic()
        finally:
            # Longer than the job runner's 30 s of grace for items in flight: the exit's own
            # time is a figure of the soak.
            server.stop(timeout=90)
        stop_seconds = time.monotonic() - stopping
        log = (root / "server.log").read_text(errors="replace")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.with_suffix(".server.log").write_text(log, encoding="utf-8")

    idle = tally.latencies.get("idle", [])
    busy = tally.latencies.get("uploads", [])
    means = _window_means(samples, min(60.0, loaded_seconds / 4))
    result: dict[str, Any] = {
        "config": {
            "askers": ASKERS,
            "uploaders": UPLOADERS,
            "idle_seconds": idle_seconds,
            "loaded_seconds": loaded_seconds,
            "questions": len(queries),
            "data_room_documents": documents,
            "data_room_ingest_seconds": round(ingest_seconds, 1),
        },
        "requests": dict(tally.requests),
        "errors": sum(tally.errors.values()),
        "errors_by_kind": dict(tally.errors),
        "error_examples": tally.examples,
        "queries": {
            name: {
                "count": len(values),
                "per_second": round(len(values) / seconds, 1),
                "p50_ms": round(_pct(values, 0.5), 1),
                "p95_ms": round(_pct(values, 0.95), 1),
            }
            for name, values, seconds in (
                ("idle", idle, idle_seconds),
                ("uploads", busy, loaded_seconds),
            )
        },
        "p95_ratio": round(_pct(busy, 0.95) / _pct(idle, 0.95), 2),
        "p50_ratio": round(_pct(busy, 0.5) / _pct(idle, 0.5), 2),
        "usage": _phase_usage(samples),
        "upload_outcomes": dict(sorted(tally.outcomes.items())),
        "inbox_documents": len(inbox),
        "server": {
            "first_minute": means.get("first"),
            "last_minute": means.get("last"),
            "max_rss_mb": max((s["rss_mb"] for s in samples), default=None),
            "sigterm_exit_seconds": round(stop_seconds, 1),
            "exit_code": server.proc.returncode,
            "log_tracebacks": log.count("Traceback"),
        },
        "samples": samples,
    }
    _print(result)
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"\nresult: {out} (the server's log beside it)")
    return result


def _print(r: dict[str, Any]) -> None:
    c = r["config"]
    print(
        f"{c['askers']} askers ({c['questions']} questions of the data room, {c['data_room_documents']}"
        f" PDFs ingested in {c['data_room_ingest_seconds']} s), {c['uploaders']} uploaders; "
        f"idle {c['idle_seconds']:.0f} s, then uploads {c['loaded_seconds']:.0f} s; loopback, "
        "`evrag serve`, embedded store\n"
    )
    print(
        "| phase | queries | queries/s | p50 ms | p95 ms | server cores busy "
        "| of them its own threads | its parse children | machine load |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name, q in r["queries"].items():
        u = r["usage"].get(name, {})
        print(
            f"| {name} | {q['count']} | {q['per_second']} | {q['p50_ms']} | {q['p95_ms']} | "
            f"{u.get('server_cores', '')} | {u.get('own_cores', '')} | "
            f"{u.get('children_cores', '')} | {u.get('load1', '')} |"
        )
    s = r["server"]
    print("\n| server | RSS MB | of it anonymous MB | open fds | threads |")
    print("|---|---|---|---|---|")
    for name in ("first_minute", "last_minute"):
        if m := s[name]:
            print(f"| {name} | {m['rss_mb']} | {m['anon_mb']} | {m['fds']} | {m['threads']} |")
    print(f"\nrequests: {sum(r['requests'].values())} ({r['requests']})")
    print(f"upload outcomes: {r['upload_outcomes']}; inbox documents: {r['inbox_documents']}")
    print(
        f"errors: {r['errors']} {r['errors_by_kind'] or ''} (target 0); "
        f"query p95 during uploads / idle: {r['p95_ratio']}x (target <= 2x), "
        f"p50 {r['p50_ratio']}x; max RSS {s['max_rss_mb']:.0f} MB; "
        f"SIGTERM to exit: {s['sigterm_exit_seconds']} s (exit {s['exit_code']}); "
        f"tracebacks in the server's log: {s['log_tracebacks']}"
    )
    for line in r["error_examples"]:
        print(f"  {line}")


if __name__ == "__main__":
    raise SystemExit(1 if run()["errors"] else 0)
