"""``evrag engine FILE|-`` and ``evrag engine --schema``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine._engine import evaluate_json
from engine._errors import ContractError
from engine._schema import input_schema


def render(document: dict[str, Any]) -> str:
    """The CLI's JSON text: indent 2, key order as built, UTF-8 characters kept, newline."""
    return json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def _write(text: str) -> None:
    # Write UTF-8 bytes whatever the locale, so output is byte-identical everywhere.
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def _read(source: str) -> bytes:
    if source == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        return stdin.read() if stdin is not None else sys.stdin.read().encode("utf-8")
    with open(source, "rb") as handle:
        return handle.read()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="evrag engine",
        description="Evaluate one claim against its evidence bundle (JSON in, JSON out).",
    )
    parser.add_argument("input", nargs="?", metavar="FILE", help="input JSON file, or - for stdin")
    parser.add_argument("--schema", action="store_true", help="print the input JSON Schema")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the engine CLI; returns the exit status (0 ok, 2 bad input)."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse reports usage errors itself
        return exc.code if isinstance(exc.code, int) else 2
    if args.schema:
        if args.input is not None:
            print("evrag engine: give either FILE or --schema, not both", file=sys.stderr)
            return 2
        _write(render(input_schema()))
        return 0
    if args.input is None:
        print("evrag engine: FILE (or - for standard input) is required", file=sys.stderr)
        return 2
    try:
        data = _read(args.input)
    except OSError as exc:
        print(f"evrag engine: cannot read {args.input}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        result = evaluate_json(data)
    except ContractError as exc:
        print(f"evrag engine: {exc}", file=sys.stderr)
        return 2
    _write(render(result))
    return 0
