"""Strict JSON reading and JSON-value equality without coercion."""

from __future__ import annotations

import json
import math
from typing import Any, NoReturn

from engine._errors import ContractError

MAX_INPUT_BYTES = 64 * 1024 * 1024


def _reject_constant(name: str) -> NoReturn:
    # json.loads accepts NaN/Infinity by default; they are not JSON.
    raise ValueError(f"{name} is not a JSON value")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate object key {json.dumps(key)}")
            seen.add(key)
    return obj


def parse_json(data: str | bytes) -> object:
    """Parse a JSON document strictly: no NaN/Infinity, no duplicate keys, UTF-8 only."""
    if isinstance(data, bytes | bytearray):
        if len(data) > MAX_INPUT_BYTES:
            raise ContractError("$", f"input larger than {MAX_INPUT_BYTES} bytes")
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ContractError(
                "$", f"invalid JSON: not UTF-8 ({exc.reason} at byte {exc.start})"
            ) from None
    else:
        text = data
    try:
        return json.loads(
            text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicate_keys
        )
    except json.JSONDecodeError as exc:
        raise ContractError(
            "$", f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise ContractError("$", "invalid JSON: nested too deeply") from None
    except ValueError as exc:
        raise ContractError("$", f"invalid JSON: {str(exc).splitlines()[0]}") from None


_SCALARS = (str, bool, type(None))


def canonical(value: object, path: str) -> object:
    """A comparable form of a JSON value; raises ``ContractError`` if it is not JSON.

    ``True``, ``1`` and ``"true"`` stay distinct (type tags); ``3`` and ``3.0`` are the
    same number; object key order is ignored; array order is kept.
    """
    try:
        return _canonical(value, path)
    except RecursionError:
        raise ContractError(path, "nested too deeply") from None


def _canonical(value: object, path: str) -> object:
    if isinstance(value, str):
        return ("s", value)
    if value is True or value is False:
        return ("b", value)
    if value is None:
        return ("n",)
    if isinstance(value, int):
        return ("d", value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ContractError(path, "must be a finite number (NaN and infinities are not JSON)")
        # int/float equality in Python is exact, so 3 == 3.0 but 2**53 + 1 != 2.0**53.
        return ("d", value)
    if isinstance(value, list | tuple):
        return ("a", tuple(_canonical(v, f"{path}[{i}]") for i, v in enumerate(value)))
    if isinstance(value, dict):
        items = []
        for key, item in value.items():
            if not isinstance(key, str):
                raise ContractError(path, "object keys must be strings")
            items.append((key, _canonical(item, member_path(path, key))))
        items.sort(key=_first)
        return ("o", tuple(items))
    raise ContractError(path, f"is not a JSON value (got {type(value).__name__})")


def _first(item: tuple[str, object]) -> str:
    return item[0]


def json_equal(a: object, b: object) -> bool:
    """Strict JSON equality of two JSON values (see ``canonical``)."""
    return canonical(a, "a") == canonical(b, "b")


def member_path(path: str, key: object) -> str:
    """``path.key``, or ``path["odd key"]`` when the key is not a plain name."""
    if isinstance(key, str) and key.isidentifier() and key.isascii():
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(str(key))}]"
