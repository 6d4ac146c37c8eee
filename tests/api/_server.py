"""Moved to `bench.server` (issue 13: bench imports nothing of the test tree)."""

from bench.server import Server, free_port

__all__ = ["Server", "free_port"]
