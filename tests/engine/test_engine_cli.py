"""The engine CLI (``evrag engine``) through ``engine.main``."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any, cast

import pytest

from engine import MAX_BUNDLE_RECORDS, ContractError, evaluate, input_schema, main, render
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


def _full_payload() -> dict[str, Any]:
    """A valid input that fills every field the schema names, optional ones too."""
    return contract([record("a", group="g-a")], policy="contradiction_veto")


def _schema_objects() -> list[tuple[list[str | int], str, dict[str, Any]]]:
    """(where in the payload, its error path, schema node) for each object the schema
    closes: the input, the claim, the requirements, a bundle record, its provenance."""
    top = input_schema()
    record_node = top["properties"]["evidence_bundle"]["items"]
    return [
        ([], "", top),
        (["claim_or_condition"], "claim_or_condition", top["properties"]["claim_or_condition"]),
        (
            ["evidence_requirements"],
            "evidence_requirements",
            top["properties"]["evidence_requirements"],
        ),
        (["evidence_bundle", 0], "evidence_bundle[0]", record_node),
        (
            ["evidence_bundle", 0, "provenance"],
            "evidence_bundle[0].provenance",
            record_node["properties"]["provenance"]["anyOf"][0],
        ),
    ]


def _inside(payload: dict[str, Any], where: list[str | int]) -> dict[str, Any]:
    node: Any = payload
    for step in where:
        node = node[step]
    return cast(dict[str, Any], node)


def _error(payload: dict[str, Any]) -> ContractError | None:
    try:
        evaluate(payload)
    except ContractError as error:
        return error
    return None


def _at(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def test_the_full_payload_names_every_field_of_the_schema() -> None:
    for where, _, node in _schema_objects():
        assert sorted(_inside(_full_payload(), where)) == sorted(node["properties"]), where
    assert _error(_full_payload()) is None


@pytest.mark.parametrize(
    ("where", "path", "node"), _schema_objects(), ids=[p or "$" for _, p, _ in _schema_objects()]
)
def test_the_validator_holds_each_object_to_its_schema(
    where: list[str | int], path: str, node: dict[str, Any]
) -> None:
    """The published schema and the validator agree: a field the schema requires is
    required, one it leaves optional may be left out, one it does not name is rejected
    (additionalProperties is false), and with every required field gone the first the
    schema lists is the one named."""
    assert node["additionalProperties"] is False
    required = node.get("required", [])
    for name in node["properties"]:
        payload = _full_payload()
        del _inside(payload, where)[name]
        error = _error(payload)
        if name in required:
            assert error is not None, (path, name)
            assert (error.field, error.reason) == (_at(path, name), "required field missing")
        else:
            assert error is None, (path, name, error)
    payload = _full_payload()
    _inside(payload, where)["not_in_the_schema"] = 1
    error = _error(payload)
    assert error is not None
    assert (error.field, error.reason) == (_at(path, "not_in_the_schema"), "unknown field")
    payload = _full_payload()
    fields = _inside(payload, where)
    for name in required:
        del fields[name]
    error = _error(payload)
    assert error is not None
    assert (error.field, error.reason) == (_at(path, required[0]), "required field missing")


def test_the_schema_bounds_are_the_validator_bounds() -> None:
    schema = input_schema()
    assert schema["properties"]["mode"]["enum"] == ["precondition", "trigger", "claim", "outcome"]
    for mode in schema["properties"]["mode"]["enum"]:
        assert _error(contract([record("a")], mode=mode)) is None
    assert schema["properties"]["evidence_bundle"]["maxItems"] == MAX_BUNDLE_RECORDS == 1000
    sources = schema["properties"]["evidence_requirements"]["properties"][
        "minimum_independent_sources"
    ]
    assert (sources["minimum"], sources["maximum"]) == (1, 1000)
    for minimum in (sources["minimum"], sources["maximum"]):
        assert _error(contract([record("a")], minimum=minimum)) is None
    for minimum in (sources["minimum"] - 1, sources["maximum"] + 1):
        error = _error(contract([record("a")], minimum=minimum))
        assert error is not None
        assert error.field == "evidence_requirements.minimum_independent_sources"


def test_schema_is_a_fresh_copy() -> None:
    input_schema()["properties"].clear()
    assert input_schema()["properties"]
