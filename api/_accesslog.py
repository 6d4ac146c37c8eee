"""The server's access log, with credentials in URLs redacted.

A report's signed page-image links carry their signature in the query (`sig=`, valid for a
day), and a client may put a key or token there: uvicorn logs each request's path with its
query string, so those values would sit in the log for anyone who reads it. The access
handler gets a filter that writes them as REDACTED.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

# Query parameters whose values are credentials: a link's signature, and any key or token.
_SECRET_NAME = re.compile(r"sig|signature|.*(?:key|token|secret|password).*", re.IGNORECASE)
_PARAM = re.compile(r"(?P<name>[^&=?]+)=(?P<value>[^&]*)")


def redact_query(path: str) -> str:
    """`path` with the values of its credential query parameters replaced by REDACTED."""
    base, sep, query = path.partition("?")
    if not sep:
        return path

    def hide(match: re.Match[str]) -> str:
        if _SECRET_NAME.fullmatch(match["name"]):
            return f"{match['name']}=REDACTED"
        return match.group(0)

    return base + sep + _PARAM.sub(hide, query)


class RedactedAccessLog(logging.Filter):
    """Rewrites uvicorn's access record (its third argument is the path with the query)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            record.args = (*args[:2], redact_query(args[2]), *args[3:])
        return True


def access_log_config() -> dict[str, Any]:
    """uvicorn's logging configuration, its access handler filtered by RedactedAccessLog."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_query"] = {"()": RedactedAccessLog}
    config["handlers"]["access"].setdefault("filters", []).append("redact_query")
    return config
