"""The hostile probe of issue 18, replayed on loopback against a real server.

Cases: deeply nested JSON to every JSON route (JSON and JSON lines), bodies far over the
body limit (declared and chunked), a page of 14,400 x 14,400 pt rendered at zoom 1, 2 and
4 (and three at once), bad queries and bad page requests. For each group: the status
codes, the count of 5xx (target 0), and the server's peak RSS while it ran (sampled from
/proc every 20 ms; target < 1.2 GB for the huge-page and body-size groups). Then query
p95 with 8 clients while an upload is ingested, against the idle p95 of the same run
(the baseline; target <= 2x).

Run: ``python -m bench.hostile``. ``BENCH_QUICK=1`` (or ``EVRAG_BENCH_HOSTILE_QUICK=1``)
uses the smallest sizes that still show each effect: a 64 MiB body instead of 200 MiB,
a 100-page upload instead of 267, 5 s windows instead of 20. Nothing here asserts.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pymupdf

from bench.api import CLIENTS, _big_pdfs, _pct, _query_load, _upload, _wait

ADMIN = "bench-hostile-admin"
MIB = 1024 * 1024


def _quick() -> bool:
    return bool(os.environ.get("BENCH_QUICK") or os.environ.get("EVRAG_BENCH_HOSTILE_QUICK"))


@dataclass
class Group:
    name: str
    codes: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    peak_rss_mb: float = 0.0
    rss_before_mb: float = 0.0

    @property
    def server_errors(self) -> int:
        return sum(n for code, n in self.codes.items() if code.startswith("5"))


class RssSampler:
    """The peak VmRSS of one process while a block runs."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def rss_mb(self) -> float:
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        except OSError:
            pass
        return 0.0

    def measure(self, group: Group, block: Callable[[], None]) -> None:
        stop = threading.Event()
        peak = [self.rss_mb()]
        group.rss_before_mb = peak[0]

        def sample() -> None:
            while not stop.is_set():
                peak[0] = max(peak[0], self.rss_mb())
                time.sleep(0.02)

        sampler = threading.Thread(target=sample)
        sampler.start()
        started = time.perf_counter()
        try:
            block()
        finally:
            group.seconds = time.perf_counter() - started
            stop.set()
            sampler.join()
        group.peak_rss_mb = peak[0]


def _send(group: Group, http: httpx.Client, method: str, url: str, **kwargs: object) -> None:
    try:
        group.codes[str(http.request(method, url, **kwargs).status_code)] += 1  # type: ignore[arg-type]
    except httpx.HTTPError as exc:
        # A body over the limit is answered 413 at once and the connection closed: a client
        # still writing sees the close instead of the answer. Not a server error.
        group.codes[f"closed ({type(exc).__name__})"] += 1


def _nested(http: httpx.Client, group: Group) -> None:
    for depth in (1_000, 100_000):
        body = "[" * depth + "]" * depth
        for path, media in (
            ("/v1/kbs/bench/evaluations", "application/json"),
            ("/v1/kbs/bench/evaluations", "application/x-ndjson"),
            ("/v1/kbs/bench/query", "application/json"),
            ("/v1/sufficiency/evaluate", "application/json"),
            ("/v1/kbs", "application/json"),
            ("/v1/keys", "application/json"),
        ):
            _send(group, http, "POST", path, content=body, headers={"content-type": media})


def _huge_bodies(http: httpx.Client, group: Group, size: int) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"question": "'
        sent = 0
        while sent < size:
            yield b"x" * MIB
            sent += MIB
        yield b'"}'

    json_type = {"content-type": "application/json"}
    for path in ("/v1/kbs/bench/query", "/v1/kbs/bench/evaluations", "/v1/sufficiency/evaluate"):
        _send(group, http, "POST", path, content=chunks(), headers=json_type)  # chunked
        declared = b'{"question": "' + b"x" * size + b'"}'
        _send(group, http, "POST", path, content=declared, headers=json_type)
        del declared


def _poster(width: float) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=width, height=width)
    page.insert_text((72, 72), "A poster-sized page of the Halcyon Robotics, Inc. data room.")
    data: bytes = doc.tobytes()
    doc.close()
    return data


def _huge_page(http: httpx.Client, group: Group, image_url: str) -> None:
    for zoom in ("1", "2", "4"):
        _send(group, http, "GET", image_url, params={"zoom": zoom}, timeout=300)
    threads = [
        threading.Thread(
            target=_send, args=(group, http, "GET", image_url), kwargs={"timeout": 300}
        )
        for _ in range(3)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def _bad_queries(http: httpx.Client, group: Group, image_url: str) -> None:
    q = "/v1/kbs/bench/query"
    bodies: list[object] = [
        {},
        {"question": ""},
        {"question": "x" * 2001},
        {"question": "Who founded Halcyon Robotics, Inc.?", "top_k": 10**9},
        {"question": "Who founded Halcyon Robotics, Inc.?", "subject": {"type": "individual"}},
        {"subject": {"type": "spaceship", "name": 5}},
        {"subject": "not an object"},
        {
            "question": "Who founded X?",
            "evidence_requirements": {"minimum_independent_sources": -1},
        },
        {"question": "banana " * 200},
        [1, 2, 3],
    ]
    for body in bodies:
        _send(group, http, "POST", q, json=body)
    for raw, media in (
        ("{", "application/json"),
        ('{"question": "\\ud800 a lone surrogate?"}', "application/json"),
        (b"\xff\xfe", "text/plain"),  # not UTF-8
        ("a=b", "x/y"),
    ):
        _send(group, http, "POST", q, content=raw, headers={"content-type": media})
    _send(group, http, "POST", "/v1/kbs/nope/query", json={"question": "Who?"})
    for params in (
        {"zoom": "100"},
        {"zoom": "nan"},
        {"line_start": "999999"},
        {"line_end": "3"},
        {"bbox": "1,2,3"},
        {"bbox": "nan,0,1,1"},
        {"sig": "0" * 32, "exp": "1", "kid": "admin"},
    ):
        _send(group, http, "GET", image_url, params=params)
    # A forged signed link, without a key to fall back on.
    forged = {"sig": "0" * 32, "exp": "9999999999", "kid": "admin"}
    _send(group, http, "GET", image_url, params=forged, headers={"Authorization": "Bearer no"})
    _send(group, http, "GET", image_url.replace("/pages/1/", "/pages/99999/"))


def _query_p95(url: str, key: str, seconds: float) -> tuple[float, float, int]:
    sample = _query_load(url, key, seconds)
    return _pct(sample.latencies, 0.95), max(sample.latencies) * 1000, sample.errors


def run() -> dict[str, float]:
    from bench.data_room import build_data_room
    from bench.server import Server

    quick = _quick()
    body_size = 64 * MIB if quick else 200 * MIB
    upload_pages = 100 if quick else 267
    seconds = 5.0 if quick else 20.0
    groups: list[Group] = []
    with tempfile.TemporaryDirectory(prefix="evrag-bench-hostile-") as tmp:
        root = Path(tmp)
        room = build_data_room(root / "room")
        (root / "big").mkdir()
        big = _big_pdfs(root / "big", upload_pages, per_file=upload_pages // 4 or 1)
        server = Server(root / "data", ADMIN, root / "server.log").start()
        assert server.proc is not None
        rss = RssSampler(server.proc.pid)
        try:
            http = httpx.Client(
                base_url=server.url, headers={"Authorization": f"Bearer {ADMIN}"}, timeout=120
            )
            for kb in ("bench", "bulk", "posters"):
                http.post("/v1/kbs", json={"name": kb}).raise_for_status()
            key = str(http.post("/v1/keys", json={"kbs": ["bench", "bulk"]}).json()["key"])
            _wait(http, _upload(http, "bench", room))
            poster = root / "poster.pdf"
            poster.write_bytes(_poster(14_400))
            done = _wait(http, _upload(http, "posters", [poster]))
            poster_id = done["documents"][0]["document_id"]  # type: ignore[index]
            image_url = f"/v1/kbs/posters/documents/{poster_id}/pages/1/image"
            _query_load(server.url, key, min(3.0, seconds))  # warm-up

            cases: list[tuple[str, Callable[[Group], None]]] = [
                ("nested JSON ([ x 1,000 and x 100,000), 6 routes", lambda g: _nested(http, g)),
                (
                    f"bodies of {body_size // MIB} MiB, 3 routes, chunked and declared",
                    lambda g: _huge_bodies(http, g, body_size),
                ),
                (
                    "14,400 pt page: zoom 1, 2, 4, then 3 at once",
                    lambda g: _huge_page(http, g, image_url),
                ),
                ("bad queries and page requests", lambda g: _bad_queries(http, g, image_url)),
            ]
            for name, case in cases:
                group = Group(name)
                rss.measure(group, lambda case=case, group=group: case(group))  # type: ignore[misc]
                groups.append(group)

            idle = _query_p95(server.url, key, seconds)
            job_url = _upload(http, "bulk", big)
            while http.get(job_url).json()["status"] == "queued":
                time.sleep(0.05)
            busy = _query_p95(server.url, key, seconds)
            during = http.get(job_url).json()
            http.post(job_url + "/cancel")
        finally:
            server.stop()

    print(
        f"loopback; data room of {len(room)} PDFs; sizes {'quick' if quick else 'full'}: "
        f"{body_size // MIB} MiB bodies, {upload_pages}-page upload, {seconds:.0f} s windows\n"
    )
    print("| case | answers | 5xx | s | server RSS before MB | peak MB |")
    print("|---|---|---|---|---|---|")
    for g in groups:
        answers = ", ".join(f"{code} x{n}" for code, n in sorted(g.codes.items()))
        print(
            f"| {g.name} | {answers} | {g.server_errors} | {g.seconds:.1f} | "
            f"{g.rss_before_mb:.0f} | {g.peak_rss_mb:.0f} |"
        )
    ratio = busy[0] / idle[0]
    print(f"\n| queries, {CLIENTS} clients | p95 ms | max ms | errors |")
    print("|---|---|---|---|")
    print(f"| idle (baseline) | {idle[0]:.1f} | {idle[1]:.0f} | {idle[2]} |")
    print(
        f"| during a {upload_pages}-page upload ({during['done']}/{during['total']} files done) "
        f"| {busy[0]:.1f} | {busy[1]:.0f} | {busy[2]} |"
    )
    errors_5xx = sum(g.server_errors for g in groups)
    peak = max(g.peak_rss_mb for g in groups[1:3])
    print(
        f"\n5xx answers: {errors_5xx} (target 0); peak server RSS under the huge-page and "
        f"body-size cases: {peak:.0f} MB (target < 1,200 MB); query p95 during the upload / "
        f"idle: {ratio:.2f}x (target <= 2x)"
    )
    return {
        "server_errors": float(errors_5xx),
        "peak_rss_mb": peak,
        "idle_p95_ms": idle[0],
        "busy_p95_ms": busy[0],
        "p95_ratio": ratio,
    }


if __name__ == "__main__":
    run()
