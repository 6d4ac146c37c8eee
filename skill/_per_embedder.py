"""A value computed once per process and embedder: the vectors of fixed texts (the intent
descriptions, the router's class examples) that every question is compared with."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

_T = TypeVar("_T")


class PerEmbedder(Generic[_T]):
    """`build(embedder)`, memoised by embedder: at most `bound` embedders are kept (the memo is
    emptied past them), each kept alive with its value so that its id stays its own."""

    def __init__(self, build: Callable[[Any], _T], bound: int = 8) -> None:
        self._build = build
        self._bound = bound
        self._lock = threading.Lock()
        self._cache: dict[int, tuple[Any, _T]] = {}

    def of(self, embedder: Any) -> _T:
        with self._lock:
            entry = self._cache.get(id(embedder))
            if entry is not None and entry[0] is embedder:
                return entry[1]
        value = self._build(embedder)
        with self._lock:
            if len(self._cache) >= self._bound:
                self._cache.clear()
            self._cache[id(embedder)] = (embedder, value)
        return value
