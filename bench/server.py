"""A real uvicorn process on 127.0.0.1 (a free port) for end-to-end tests and the benchmarks."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

_SCRIPT = """
import logging, sys, uvicorn
logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(name)s %(message)s")
from api._app import create_app
uvicorn.run(create_app(), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`python -c <uvicorn>` with the data dir and admin key in its environment.

    `cli=True` runs `evrag serve` instead (what an operator runs: the runtime opened before
    uvicorn starts, the redacting access log), as `python -m app.cli` so that the checkout's
    packages are the ones served."""

    def __init__(
        self, data_dir: Path, admin_key: str, log: Path, *, cli: bool = False, **env: str
    ) -> None:
        self.data_dir = data_dir
        self.admin_key = admin_key
        self.log = log
        self.cli = cli
        self.env = env
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 120.0) -> Server:
        env = {
            **os.environ,
            "EVRAG_DATA_DIR": str(self.data_dir),
            "EVRAG_ADMIN_KEY": self.admin_key,
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            "TOKENIZERS_PARALLELISM": "false",
            **self.env,
        }
        root = Path(__file__).resolve().parents[1]  # the checkout (bench/ is in its root)
        if self.cli:
            argv = [sys.executable, "-m", "app.cli", "serve", "--port", str(self.port)]
        else:
            argv = [sys.executable, "-c", _SCRIPT, str(self.port)]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                argv,
                cwd=root,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            try:
                if httpx.get(self.url + "/readyz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError("server did not become ready")

    def kill(self) -> None:
        """SIGKILL: nothing gets to clean up."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self, timeout: float = 30.0) -> None:
        """SIGTERM, then SIGKILL if the process has not exited after `timeout` seconds."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
