"""The engine CLI (``evrag engine``) through ``engine.main``."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from engine import evaluate, input_schema, main, render
from engine._validate import (
    CLAIM_FIELDS,
    PROVENANCE_FIELDS,
    RECORD_FIELDS,
    RECORD_REQUIRED,
    REQUIREMENT_FIELDS,
    TOP_FIELDS,
    TOP_REQUIRED,
)
from tests.engine._engine_inputs import EXAMPLES, contract, record


@pytest.mark.parametrize(
    ("name", "decision"),
    [
        ("input.json", "SUPPORTED"),
        ("input_receiver_removed.json", "INSUFFICIENT"),
        ("input_receiver_false.json", "INSUFFICIENT"),
        ("input_both_false.json", "CONTRADICTED"),
    ],
)
def test_cli_on_examples(name: str, decision: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / name
    assert main([str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out == render(evaluate(json.loads(path.read_bytes())))
    assert out.endswith("}\n")
    assert out.startswith('{\n  "decision": ')
    assert json.loads(out)["decision"] == decision


def test_cli_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.dumps(contract([record("ünïcode-1")]), ensure_ascii=False).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    assert main(["-"]) == 0
    out, _ = capsys.readouterr()
    assert '"ünïcode-1"' in out  # ensure_ascii is off
    assert json.loads(out)["decision"] == "SUPPORTED"


def test_cli_input_error_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    payload = contract([record("a", confidence=1.5)])
    path = tmp_path / "in.json"
    path.write_text(json.dumps(payload))
    assert main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "evrag engine: evidence_bundle[0].confidence: must be between 0 and 1\n"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"{not json", "invalid JSON"),
        (b'{"mode": NaN}', "NaN is not a JSON value"),
        (b"", "invalid JSON"),
    ],
)
def test_cli_bad_json_exits_2(
    data: bytes, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.json"
    path.write_bytes(data)
    assert main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert words in err
    assert err.count("\n") == 1


def test_cli_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "absent.json")]) == 2
    _, err = capsys.readouterr()
    assert "cannot read" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("argv", [[], ["--schema", "x.json"], ["a.json", "b.json"], ["--bogus"]])
def test_cli_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err


def test_cli_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "--schema" in capsys.readouterr().out


def test_cli_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--schema"]) == 0
    out, _ = capsys.readouterr()
    assert json.loads(out) == input_schema()
    assert out.endswith("}\n")


def test_schema_matches_the_validator() -> None:
    schema = input_schema()
    assert schema["additionalProperties"] is False
    assert tuple(schema["properties"]) == TOP_FIELDS
    assert tuple(schema["required"]) == TOP_REQUIRED
    claim = schema["properties"]["claim_or_condition"]
    assert tuple(claim["properties"]) == CLAIM_FIELDS
    requirements = schema["properties"]["evidence_requirements"]
    assert tuple(requirements["properties"]) == REQUIREMENT_FIELDS
    assert tuple(requirements["required"]) == REQUIREMENT_FIELDS
    assert requirements["properties"]["minimum_independent_sources"]["maximum"] == 1000
    bundle = schema["properties"]["evidence_bundle"]
    assert bundle["maxItems"] == 1000
    items = bundle["items"]
    assert items["additionalProperties"] is False
    assert tuple(items["properties"]) == RECORD_FIELDS
    assert tuple(items["required"]) == RECORD_REQUIRED
    provenance = items["properties"]["provenance"]["anyOf"][0]
    assert tuple(provenance["properties"]) == PROVENANCE_FIELDS
    assert schema["properties"]["mode"]["enum"] == ["precondition", "trigger", "claim", "outcome"]


def test_schema_is_a_fresh_copy() -> None:
    input_schema()["properties"].clear()
    assert input_schema()["properties"]
