"""Benchmark of the HTTP API on loopback: 8 concurrent clients querying, idle and while a
500-page ingestion runs (the baseline is the idle figure of the same run).

Run: ``python -m bench.api``. ``EVRAG_BENCH_API_SECONDS`` sets each window (default 30;
``BENCH_QUICK=1`` makes it 5). Prints a markdown table; nothing here asserts timings.
Targets (issue 7): 0 errors; query p95 during ingestion within 3x of idle; /healthz p99
under 200 ms.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pymupdf

CLIENTS = 8
ADMIN = "bench-admin-key"
INGEST_PAGES = 500
QUESTIONS = (
    "Who founded Halcyon Robotics, Inc.?",
    "Where is Halcyon Robotics, Inc. incorporated?",
    "Who is the Chief Financial Officer of Halcyon Robotics, Inc.?",
    "What are the subsidiaries of Halcyon Robotics, Inc.?",
    "Who founded Globex Corporation?",
    "What is the governing law of the master services agreement between Halcyon Robotics, Inc. and Northgate Logistics, LLC?",
)


def _seconds() -> float:
    if "EVRAG_BENCH_API_SECONDS" in os.environ:
        return float(os.environ["EVRAG_BENCH_API_SECONDS"])
    return 5.0 if os.environ.get("BENCH_QUICK") else 30.0


@dataclass
class Sample:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, seconds: float, ok: bool) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.errors += not ok


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


def _query_load(url: str, key: str, seconds: float, stop: threading.Event | None = None) -> Sample:
    sample = Sample()
    end = time.perf_counter() + seconds

    def client(n: int) -> None:
        with httpx.Client(base_url=url, headers={"X-API-Key": key}, timeout=60) as http:
            i = n
            while time.perf_counter() < end and not (stop and stop.is_set()):
                question = QUESTIONS[i % len(QUESTIONS)]
                i += 1
                started = time.perf_counter()
                try:
                    ok = (
                        http.post("/v1/kbs/bench/query", json={"question": question}).status_code
                        == 200
                    )
                except httpx.HTTPError:
                    ok = False
                sample.add(time.perf_counter() - started, ok)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sample


def _health_probe(url: str, stop: threading.Event) -> Sample:
    sample = Sample()
    with httpx.Client(base_url=url, timeout=30) as http:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                ok = http.get("/healthz").status_code == 200
            except httpx.HTTPError:
                ok = False
            sample.add(time.perf_counter() - started, ok)
            time.sleep(0.05)
    return sample


def _measure(url: str, key: str, seconds: float) -> tuple[Sample, Sample]:
    stop = threading.Event()
    health: list[Sample] = []
    probe = threading.Thread(target=lambda: health.append(_health_probe(url, stop)))
    probe.start()
    queries = _query_load(url, key, seconds)
    stop.set()
    probe.join()
    return queries, health[0]


def _big_pdfs(out: Path, pages: int, per_file: int = 50) -> list[Path]:
    """`pages` pages of distinct prose in files of `per_file` pages (deterministic)."""
    words = [
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
    ]
    paths = []
    for f in range(pages // per_file):
        doc = pymupdf.open()
        for p in range(per_file):
            page = doc.new_page(width=612, height=792)
            y = 72.0
            page.insert_text((72, y), f"Operating Report {f + 1} - Section {p + 1}", fontsize=14)
            for line in range(40):
                y += 16
                seq = [words[(f * 7 + p * 13 + line * 3 + k) % len(words)] for k in range(12)]
                page.insert_text((72, y), f"{f}.{p}.{line} " + " ".join(seq) + ".", fontsize=10)
        path = out / f"report_{f + 1:02d}.pdf"
        doc.save(path)
        doc.close()
        paths.append(path)
    return paths


def _upload(http: httpx.Client, kb: str, paths: list[Path]) -> str:
    handles = [p.open("rb") for p in paths]
    try:
        files = [
            ("files", (p.name, h, "application/pdf")) for p, h in zip(paths, handles, strict=True)
        ]
        resp = http.post(f"/v1/kbs/{kb}/documents", files=files)
    finally:
        for h in handles:
            h.close()
    resp.raise_for_status()
    return str(resp.json()["links"]["self"])


def _wait(http: httpx.Client, url: str, timeout: float = 1800.0) -> dict[str, object]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body: dict[str, object] = http.get(url).json()
        if body["status"] not in ("queued", "running"):
            return body
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not finish")


def _row(name: str, q: Sample, h: Sample, seconds: float) -> str:
    return (
        f"| {name} | {len(q.latencies)} | {len(q.latencies) / seconds:.1f} | "
        f"{_pct(q.latencies, 0.5):.1f} | {_pct(q.latencies, 0.95):.1f} | {q.errors} | "
        f"{_pct(h.latencies, 0.5):.1f} | {_pct(h.latencies, 0.99):.1f} | {h.errors} |"
    )


def run() -> dict[str, float]:
    from bench.data_room import build_data_room
    from bench.server import Server

    seconds = _seconds()
    with tempfile.TemporaryDirectory(prefix="evrag-bench-api-") as tmp:
        root = Path(tmp)
        room = build_data_room(root / "room")
        big = root / "big"
        big.mkdir()
        big_pdfs = _big_pdfs(big, INGEST_PAGES)
        server = Server(root / "data", ADMIN, root / "server.log").start()
        try:
            admin = httpx.Client(
                base_url=server.url, headers={"Authorization": f"Bearer {ADMIN}"}, timeout=120
            )
            admin.post("/v1/kbs", json={"name": "bench"}).raise_for_status()
            admin.post("/v1/kbs", json={"name": "bulk"}).raise_for_status()
            key = str(admin.post("/v1/keys", json={"kbs": ["bench", "bulk"]}).json()["key"])
            _wait(admin, _upload(admin, "bench", room))
            _query_load(server.url, key, min(3.0, seconds))  # warm-up: model loaded, caches hot

            idle_q, idle_h = _measure(server.url, key, seconds)

            job_url = _upload(admin, "bulk", big_pdfs)
            while admin.get(job_url).json()["status"] == "queued":
                time.sleep(0.05)
            busy_q, busy_h = _measure(server.url, key, seconds)
            during = admin.get(job_url).json()
            still_running = during["status"] == "running"
            admin.post(job_url + "/cancel")
        finally:
            server.stop()

    p95_ratio = _pct(busy_q.latencies, 0.95) / _pct(idle_q.latencies, 0.95)
    print(
        f"{CLIENTS} clients, {seconds:.0f} s per window, loopback; "
        f"data room of {len(room)} PDFs; ingestion of {INGEST_PAGES} pages in {len(big_pdfs)} PDFs "
        f"({during['done']}/{during['total']} files done at the end of the window"
        f"{', still running' if still_running else ''})\n"
    )
    print(
        "| phase | queries | queries/s | p50 ms | p95 ms | errors | /healthz p50 ms | /healthz p99 ms | /healthz errors |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    print(_row("idle (baseline)", idle_q, idle_h, seconds))
    print(_row(f"during {INGEST_PAGES}-page ingestion", busy_q, busy_h, seconds))
    print(
        f"\nquery p95 during ingestion / idle: {p95_ratio:.2f}x (target <= 3x); "
        f"/healthz p99 during ingestion: {_pct(busy_h.latencies, 0.99):.1f} ms (target < 200 ms); "
        f"errors: {idle_q.errors + busy_q.errors + idle_h.errors + busy_h.errors} (target 0)"
    )
    return {
        "idle_p95_ms": _pct(idle_q.latencies, 0.95),
        "busy_p95_ms": _pct(busy_q.latencies, 0.95),
        "p95_ratio": p95_ratio,
        "healthz_p99_ms": _pct(busy_h.latencies, 0.99),
        "errors": float(idle_q.errors + busy_q.errors + idle_h.errors + busy_h.errors),
    }


if __name__ == "__main__":
    run()
