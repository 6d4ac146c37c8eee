"""The system's Chromium as the workspace's browser tests and `make screenshots` launch it:
headless, and silent (nothing is fetched; `playwright install` is never run)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

# Without the background-networking flags Chromium calls hosts it cannot reach.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_executable() -> Path | None:
    """EVRAG_CHROMIUM, else `chromium` on the PATH, else /usr/bin/chromium; None if absent."""
    path = Path(os.environ.get("EVRAG_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium")
    return path if path.exists() else None
