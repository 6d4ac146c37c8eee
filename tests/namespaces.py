"""A small real filesystem of a test's own: a tmpfs mounted in a private user and mount
namespace (`unshare -rm`: no root needed where user namespaces are allowed, and nothing stays
mounted after the process ends). Tests that need a full disk run a script there."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tmpfs_unavailable() -> str | None:
    """None where a tmpfs can be mounted in a namespace of our own; else why not (a skip's
    reason)."""
    if shutil.which("unshare") is None:
        return "no unshare(1) on this machine"
    probe = subprocess.run(
        ["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs /mnt"],
        capture_output=True,
        text=True,
    )
    if probe.returncode:
        return f"cannot mount a tmpfs in a user namespace: {probe.stderr.strip()}"
    return None


def run_on_tmpfs(
    mount: Path, size: str, script: str, *args: str, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """`python -c script mount *args` (from the checkout's root) with a tmpfs of `size`
    (`200m`) mounted at the existing directory `mount`, seen by that process alone."""
    shell = f'mount -t tmpfs -o size={size} tmpfs "$1" && exec "{sys.executable}" -c "$0" "$@"'
    return subprocess.run(
        ["unshare", "-rm", "sh", "-c", shell, script, str(mount), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
