"""JSON nesting bounded before it is parsed: every place JSON enters (the API's bodies,
`evrag eval`, `--subject-json`, `--requirements`) checks it here first.

`json.loads` recurses once per level, so a body of 100,000 `[` is a RecursionError (a
500, or exit 1) wherever it is parsed, and a value a few hundred levels deep parses but
breaks whatever recurses over it later. The depth is measured on the raw bytes instead:
strings are cut out (a bracket inside a string is text), the brackets left are turned
into +1/-1 steps, and the running sum's maximum is the depth. Everything runs in C or
numpy, in slices of a fixed size, so the check costs a fraction of a parse and a bounded
amount of memory.
"""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np

from app._errors import AppError

MAX_JSON_DEPTH = 64

# A JSON string, escapes included, or an unterminated one running to the end; possessive,
# so no input makes it backtrack or scan the same bytes twice.
_STRING = re.compile(rb'"(?:[^"\\]++|\\.?)*+(?:"|\Z)', re.DOTALL)
_BRACKETS = b"[]{}"
_NOT_BRACKETS = bytes(b for b in range(256) if b not in _BRACKETS)
_SLICE = 1 << 20


class JsonTooDeep(AppError, ValueError):
    """JSON nested deeper than `limit` levels; `str()` is one line naming the limit.

    Still a ValueError: `loads_bounded` stands in for `json.loads`, whose callers catch a
    ValueError for JSON they cannot use."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"JSON nested deeper than {limit} levels (limit max_json_depth = {limit})")
        self.limit = limit


def json_depth_exceeds(data: str | bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether some array or object in `data` is nested more than `limit` levels deep.

    Meant for text that is JSON (or JSON lines); on malformed text it still answers
    quickly, and the parser afterwards says what is wrong.
    """
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    skeleton = _STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    if skeleton.count(b"[") + skeleton.count(b"{") <= limit:
        return False
    codes = np.frombuffer(skeleton, dtype=np.uint8)
    depth = 0
    for start in range(0, len(codes), _SLICE):
        part = codes[start : start + _SLICE]
        # '[' 0x5B and '{' 0x7B open; ']' 0x5D and '}' 0x7D close.
        steps = np.where((part == 0x5B) | (part == 0x7B), 1, -1).astype(np.int64)
        running = np.cumsum(steps) + depth
        if int(running.max()) > limit:
            return True
        depth = int(running[-1])
    return False


def check_json_depth(data: str | bytes, limit: int = MAX_JSON_DEPTH) -> None:
    """Raise JsonTooDeep when `data` nests more than `limit` levels."""
    if json_depth_exceeds(data, limit):
        raise JsonTooDeep(limit)


def loads_bounded(data: str | bytes, limit: int = MAX_JSON_DEPTH) -> Any:
    """`json.loads` after the depth check; JsonTooDeep instead of a RecursionError."""
    check_json_depth(data, limit)
    try:
        return json.loads(data)
    except RecursionError:  # the interpreter's own limit, below ours when it is set low
        raise JsonTooDeep(limit) from None
