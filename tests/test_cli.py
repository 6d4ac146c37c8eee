"""`evrag`, the installed command line (../shared/CONTRACT.md).

What is pinned here is the command line's contract, not answer quality: exit codes (0 ok,
2 bad input with one line on stderr, 1 internal error), output shapes, input order, and
errors that name what is wrong. One small corpus (three data-room PDFs and a corrupt one)
is ingested once per module through `evrag ingest` itself; the other commands read it.

A real child process (`evrag`) runs where the process is what is tested: the installed
console script, the end-to-end ingest and ask (the `corpus` and `answer` fixtures), a
second process against a store's holder. Elsewhere `evrag_in_process` calls `app.cli.main`
in this process under the child's environment, streams and working directory: a child
would add only an interpreter start, the imports and a model load per call.
"""

from __future__ import annotations

import contextlib
import csv
import fcntl
import io
import json
import locale
import logging
import os
import signal
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "input.json"
KB = "deals"
GOOD = (
    "01_Certificate_of_Incorporation.pdf",
    "06_Board_Minutes_2023-02-09.pdf",
    "12_Exhibit_21_Subsidiaries.pdf",
)
CORRUPT = "broken_upload.pdf"
COMPANY = "Halcyon Robotics, Inc."
# Answered by the certificate of incorporation (one of GOOD).
QUESTION = "Who is Halcyon Robotics, Inc.'s registered agent?"
NO_KIND = "banana smoothie recipe with oat milk"
ANSWER_FIELDS = (
    "question",
    "subject_class",
    "state_trace",
    "terminal_state",
    "candidate_subjects",
    "rejected_candidates",
    "evidence",
    "rejected_evidence",
    "conclusion",
    "conflicts",
    "confidence",
    "sufficient",
    "risk_signals",
    "suggested_next_actions",
    "sufficiency",
)
LOCATION_FIELDS = {
    "document",
    "document_id",
    "page",
    "section",
    "clause",
    "paragraph",
    "line_start",
    "line_end",
    "char_start",
    "char_end",
    "bbox",
}


def _env(data_dir: Path | None) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("QDRANT_URL", "QDRANT_API_KEY", "EVRAG_DEBUG") and not k.startswith("EVRAG_")
    }
    env.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    if data_dir is not None:
        env["EVRAG_DATA_DIR"] = str(data_dir)
    return env


def evrag(
    *args: str | Path,
    data_dir: Path | None = None,
    stdin: str | None = None,
    cwd: Path = ROOT,
    timeout: float = 600,
) -> subprocess.CompletedProcess[str]:
    """`evrag ARGS` in a child process; the data directory comes from EVRAG_DATA_DIR."""
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *map(str, args)],
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        cwd=cwd,
        env=_env(data_dir),
        timeout=timeout,
        check=False,
    )


def evrag_in_process(
    *args: str | Path,
    data_dir: Path | None = None,
    stdin: str | None = None,
    cwd: Path = ROOT,
    env: dict[str, str] | None = None,
    timeout: float = 600,
    held_elsewhere: bool = False,
) -> subprocess.CompletedProcess[str]:
    """`evrag ARGS` as `app.cli.main(ARGS)` in this process, where a child would add nothing
    a test checks; it shares this process's loaded lexicon and model, which is the saving.

    For the call, and restored after, the process looks as `evrag`'s child does: its
    environment (`_env`, plus `env`), working directory and standard input; stdout written
    strictly in the locale's encoding and stderr with backslashreplace, as the interpreter
    sets them up, read back as `subprocess.run(text=True)` decodes them; the interpreter's
    default warning filters with warnings printed on stderr; and no handler on the root
    logger, so a warning logged with none configured reaches stderr as it would there
    (`logging.lastResort`). A `SystemExit` (argparse's) becomes the exit status the
    interpreter would give. Afterwards the data directory's embedded store must be free
    again: a command that left its lock held would fail the next one in a long-lived caller.
    A call still running after `timeout` seconds raises `subprocess.TimeoutExpired`, as
    `evrag`'s child would (a real interval timer's signal, on the main thread), so a hang
    fails its test instead of stalling the suite. `held_elsewhere`: another process holds the
    store on purpose, so only this process's open files are checked afterwards, not the lock.
    """
    from app.cli import main

    argv = [str(a) for a in args]
    encoding = locale.getpreferredencoding(False)
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding=encoding, write_through=True)
    stderr = io.TextIOWrapper(err, encoding=encoding, errors="backslashreplace", write_through=True)
    child_env = {**_env(data_dir), **(env or {})}
    with pytest.MonkeyPatch.context() as mp, warnings.catch_warnings():
        for key in sorted(os.environ):
            if key not in child_env:
                mp.delenv(key)
        for key, value in child_env.items():
            mp.setenv(key, value)
        mp.chdir(cwd)
        given = io.BytesIO((stdin if stdin is not None else "").encode(encoding))
        mp.setattr(sys, "stdin", io.TextIOWrapper(given, encoding=encoding))
        mp.setattr(sys, "stdout", stdout)
        mp.setattr(sys, "stderr", stderr)
        mp.setattr(logging.getLogger(), "handlers", [])
        _interpreter_warning_filters()
        mp.setattr(warnings, "showwarning", _warning_on_stderr)
        try:
            with _deadline(argv, timeout):
                code = main(argv)
        except SystemExit as exc:
            code = _exit_status(exc)
        stdout.flush()
        stderr.flush()
    for directory in _data_dirs(argv, data_dir):
        _assert_store_released(directory, lock=not held_elsewhere)
    return subprocess.CompletedProcess(
        argv, code, _as_text(out.getvalue(), encoding), _as_text(err.getvalue(), encoding)
    )


@contextlib.contextmanager
def _deadline(argv: list[str], seconds: float) -> Iterator[None]:
    """Raise `subprocess.TimeoutExpired` in the main thread once `seconds` have passed."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach the main thread only; a child's timeout is then not kept
        return

    def expired(signum: int, frame: Any) -> None:
        raise subprocess.TimeoutExpired(["evrag", *argv], seconds)

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _interpreter_warning_filters() -> None:
    """The filters a fresh interpreter starts with (no -W, no PYTHONWARNINGS)."""
    warnings.resetwarnings()
    warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")
    for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
        warnings.simplefilter("ignore", category, append=True)


def _warning_on_stderr(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: Any = None,
    line: str | None = None,
) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def _exit_status(exc: SystemExit) -> int:
    """What the interpreter exits with on an uncaught `SystemExit` (printing a message)."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(exc.code, file=sys.stderr)
    return 1


def _as_text(data: bytes, encoding: str) -> str:
    """A child's output as `subprocess.run(text=True)` reads it (universal newlines)."""
    return data.decode(encoding).replace("\r\n", "\n").replace("\r", "\n")


def _data_dirs(argv: list[str], data_dir: Path | None) -> list[Path]:
    chosen = [Path(argv[i + 1]) for i, a in enumerate(argv[:-1]) if a == "--data-dir"]
    return chosen + ([data_dir] if data_dir is not None else [])


def _assert_store_released(data_dir: Path, *, lock: bool = True) -> None:
    """No open file of this process holds the embedded store's `flock` on `<data_dir>/LOCK`
    (a lock taken through another open file conflicts even within one process), and, where
    /proc lists them, no descriptor of this process is left open on a file of `data_dir`
    (the catalog's database, the store's segments)."""
    lock_file = data_dir / "LOCK"
    if lock and lock_file.exists():
        fd = os.open(lock_file, os.O_RDONLY | os.O_CLOEXEC)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pytest.fail(f"the command returned with {lock_file} still held in this process")
        finally:
            os.close(fd)  # closing the file drops the lock taken through it
    fds = Path("/proc/self/fd")
    if not fds.is_dir():
        return
    inside = str(data_dir.resolve()) + os.sep
    left = []
    for entry in sorted(fds.iterdir()):
        with contextlib.suppress(OSError):  # the listing's own descriptor is gone by now
            if (target := os.readlink(entry)).startswith(inside):
                left.append(target)
    assert not left, f"the command returned with files of {data_dir} open: {left}"


def assert_bad_input(result: subprocess.CompletedProcess[str], *mentions: str) -> str:
    """Exit 2, nothing on stdout, exactly one line on stderr naming each of `mentions`."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    for text in mentions:
        assert text in lines[0], (text, lines[0])
    return lines[0]


def citation_label(loc: dict[str, Any]) -> str:
    return f"{loc['document']}, p. {loc['page']}"


# --- the engine alone (no store, no model) ---------------------------------------------


def test_a_hung_command_in_process_times_out_as_a_child_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The in-process runner keeps the child's timeout: a command that never returns fails
    its test (subprocess.TimeoutExpired) instead of stalling the suite. A hang the real CLI
    cannot be made to produce on demand, so `main` is replaced by one that sleeps."""
    import app.cli

    woke: list[bool] = []

    def hang(argv: list[str]) -> int:
        time.sleep(30)
        woke.append(True)
        return 0

    monkeypatch.setattr(app.cli, "main", hang)
    with pytest.raises(subprocess.TimeoutExpired):
        evrag_in_process("engine", "schema", timeout=0.2)
    assert not woke, "the timeout let the command run to its end"
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_engine_example_is_supported() -> None:
    result = evrag_in_process("engine", EXAMPLE)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["decision"] == "SUPPORTED"
    assert {"decision", "reason_codes", "resolution_details", "confidence"} <= set(out)


def test_engine_reads_stdin_and_is_byte_identical() -> None:
    from_file = evrag_in_process("engine", EXAMPLE)
    from_stdin = evrag_in_process("engine", "-", stdin=EXAMPLE.read_text(encoding="utf-8"))
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert from_stdin.stdout == from_file.stdout


def test_engine_schema_describes_the_input_contract() -> None:
    result = evrag_in_process("engine", "--schema")
    assert result.returncode == 0, result.stderr
    schema = json.loads(result.stdout)
    assert {
        "mode",
        "claim_or_condition",
        "evaluation_time",
        "evidence_requirements",
        "evidence_bundle",
    } <= set(schema["properties"])


def test_installed_console_script_runs() -> None:
    """The `evrag` entry point of the installed package is this command line."""
    script = Path(sys.executable).parent / "evrag"
    if not script.exists():
        pytest.skip("the package is not installed in this interpreter's environment")
    result = subprocess.run(
        [str(script), "engine", "--schema"],
        capture_output=True,
        text=True,
        env=_env(None),
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == evrag("engine", "--schema").stdout


@pytest.mark.parametrize(
    ("text", "mention"),
    [
        ('{"mode": "outcome", ', "JSON"),
        ("[1, 2, 3]", ""),
        ('{"mode": "outcome"}', ""),
    ],
    ids=["truncated-json", "not-an-object", "missing-fields"],
)
def test_engine_bad_input_is_exit_2_with_one_line(tmp_path: Path, text: str, mention: str) -> None:
    path = tmp_path / "input.json"
    path.write_text(text, encoding="utf-8")
    line = assert_bad_input(evrag_in_process("engine", path))
    assert mention.lower() in line.lower()


def test_engine_missing_file_is_exit_2(tmp_path: Path) -> None:
    assert_bad_input(evrag_in_process("engine", tmp_path / "nope.json"), "nope.json")


# --- bad input caught before any model is loaded ---------------------------------------


def test_unknown_knowledge_base_is_exit_2(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    assert_bad_input(evrag_in_process("docs", "--kb", "nosuchkb", data_dir=data_dir), "nosuchkb")
    assert_bad_input(
        evrag_in_process("bindings", "--kb", "nosuchkb", data_dir=data_dir), "nosuchkb"
    )
    assert_bad_input(
        evrag_in_process("ask", QUESTION, "--kb", "nosuchkb", data_dir=data_dir), "nosuchkb"
    )


def test_invalid_knowledge_base_name_is_exit_2(tmp_path: Path) -> None:
    assert_bad_input(evrag_in_process("docs", "--kb", "../escape", data_dir=tmp_path / "data"))


def test_data_dir_option_wins_over_environment(tmp_path: Path) -> None:
    """`--data-dir` is read, and it is the directory the store and catalog go into."""
    chosen, env_dir = tmp_path / "chosen", tmp_path / "from-env"
    result = evrag_in_process("--data-dir", chosen, "kb", "create", "alpha", data_dir=env_dir)
    assert result.returncode == 0, result.stderr
    listed = evrag_in_process("kb", "list", "--json", data_dir=chosen)
    assert json.loads(listed.stdout) == ["alpha"]
    assert json.loads(evrag_in_process("kb", "list", "--json", data_dir=env_dir).stdout) == []


def test_ingest_with_no_pdf_is_exit_2(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    assert_bad_input(evrag_in_process("ingest", empty, "--kb", KB, data_dir=tmp_path / "data"))


def test_ask_without_question_is_exit_2(tmp_path: Path) -> None:
    assert_bad_input(evrag_in_process("ask", "--kb", KB, data_dir=tmp_path / "data"))


def test_eval_bad_jsonl_line_is_exit_2_naming_the_line(tmp_path: Path) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text(
        '{"id": "q1", "question": "Who founded Halcyon Robotics, Inc.?"}\n'
        '{"id": "q2", "question": "Who is the CEO of\n',
        encoding="utf-8",
    )
    out = tmp_path / "r.jsonl"
    assert_bad_input(
        evrag_in_process("eval", questions, "--kb", KB, "--out", out, data_dir=tmp_path / "data"),
        "line 2",
    )
    assert not out.exists()


NESTED = {"1,000 levels": "[" * 1000 + "]" * 1000, "100,000 levels": "[" * 100_000 + "]" * 100_000}


@pytest.mark.parametrize("text", NESTED.values(), ids=NESTED.keys())
def test_deeply_nested_json_is_exit_2_everywhere_json_enters(tmp_path: Path, text: str) -> None:
    """The probe's `evrag eval nested.json` exited 1 (RecursionError): now exit 2 naming the
    limit, for a questions file (list or JSONL), a structured subject, a contract, the engine."""
    nested = tmp_path / "nested.json"
    nested.write_text(text, encoding="utf-8")
    deep_line = tmp_path / "deep.jsonl"
    deep_line.write_text(
        '{"id": "q1", "question": "Who founded Halcyon Robotics, Inc.?"}\n'
        + '{"id": "q2", "subject": {"constraints": '
        + "[" * 200
        + "]" * 200
        + "}}\n",
        encoding="utf-8",
    )
    data_dir, out = tmp_path / "data", tmp_path / "r.jsonl"
    for questions in (nested, deep_line):
        line = assert_bad_input(
            evrag_in_process("eval", questions, "--kb", KB, "--out", out, data_dir=data_dir),
            "max_json_depth",
        )
        assert questions.name in line
    assert not out.exists()
    assert_bad_input(
        evrag_in_process("ask", "--subject-json", nested, "--kb", KB, data_dir=data_dir),
        "max_json_depth",
    )
    assert_bad_input(
        evrag_in_process("ask", QUESTION, "--requirements", nested, "--kb", KB, data_dir=data_dir),
        "max_json_depth",
    )
    assert_bad_input(evrag_in_process("engine", nested), "nested too deeply")


def test_eval_item_without_question_is_exit_2(tmp_path: Path) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text('{"id": "q1"}\n', encoding="utf-8")
    out = tmp_path / "r.jsonl"
    assert_bad_input(
        evrag_in_process("eval", questions, "--kb", KB, "--out", out, data_dir=tmp_path / "data"),
        "line 1",
    )


# --- one ingested corpus, shared by the module ------------------------------------------


@dataclass(frozen=True)
class Corpus:
    data_dir: Path
    folder: Path
    ingest: subprocess.CompletedProcess[str]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory, data_room: list[Path]) -> Corpus:
    """`evrag ingest FOLDER --kb deals`: three data-room PDFs and a corrupt one, ingested by a
    child process (with `answer`, the one end-to-end run through the interpreter)."""
    folder = tmp_path_factory.mktemp("upload")
    by_name = {p.name: p for p in data_room}
    for name in GOOD:
        (folder / name).write_bytes(by_name[name].read_bytes())
    # A real PDF cut short: the kind of upload that must fail alone.
    (folder / CORRUPT).write_bytes(by_name["03_Founders_Agreement.pdf"].read_bytes()[:2000])
    data_dir = tmp_path_factory.mktemp("cli") / "evrag"
    result = evrag("ingest", folder, "--kb", KB, data_dir=data_dir)
    return Corpus(data_dir, folder, result)


def _lines_starting(text: str, prefix: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(prefix)]


@pytest.mark.slow
def test_ingest_fails_the_corrupt_document_alone(corpus: Corpus) -> None:
    result = corpus.ingest
    # Exit 2: some documents failed, and the reason names them.
    assert result.returncode == 2, (result.stdout, result.stderr)
    # One line on stderr says which; the run report is on stdout.
    assert result.stderr.splitlines() == [f"evrag: 1 of 4 documents failed: {CORRUPT}"]
    failed = _lines_starting(result.stdout, "failed")
    assert len(failed) == 1 and CORRUPT in failed[0], result.stdout
    committed = _lines_starting(result.stdout, "committed")
    assert sorted(line.split()[1] for line in committed) == sorted(GOOD)
    summary = result.stdout.splitlines()[-1]
    assert "3 committed" in summary and "1 failed" in summary and CORRUPT in summary


@pytest.mark.slow
def test_ingest_again_reports_duplicates(corpus: Corpus, tmp_path: Path) -> None:
    again = tmp_path / "again"
    again.mkdir()
    for name in GOOD:
        (again / name).write_bytes((corpus.folder / name).read_bytes())
    result = evrag_in_process("ingest", again, "--kb", KB, "--json", data_dir=corpus.data_dir)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["committed"], report["duplicate"], report["failed"]) == (0, len(GOOD), 0)
    assert [d["status"] for d in report["documents"]] == ["duplicate"] * len(GOOD)
    assert sorted(d["name"] for d in report["documents"]) == sorted(GOOD)
    # Nothing new became visible.
    docs = json.loads(
        evrag_in_process("docs", "--kb", KB, "--json", data_dir=corpus.data_dir).stdout
    )
    assert sum(d["status"] == "committed" for d in docs) == len(GOOD)


@pytest.mark.slow
def test_docs_lists_every_document_with_its_status(corpus: Corpus) -> None:
    result = evrag_in_process("docs", "--kb", KB, "--json", data_dir=corpus.data_dir)
    assert result.returncode == 0, result.stderr
    docs = json.loads(result.stdout)
    status = {d["name"]: d["status"] for d in docs}
    assert status == {**{n: "committed" for n in GOOD}, CORRUPT: "failed"}
    for d in docs:
        assert len(d["document_id"]) == 64
        assert {"document_type", "document_date", "pages", "independence_group"} <= set(d)
    by_name = {d["name"]: d for d in docs}
    assert by_name[CORRUPT]["error"]
    assert all(by_name[n]["pages"] >= 1 for n in GOOD)
    # Deterministic: the same listing twice is byte-identical.
    assert (
        evrag_in_process("docs", "--kb", KB, "--json", data_dir=corpus.data_dir).stdout
        == result.stdout
    )

    human = evrag_in_process("docs", "--kb", KB, data_dir=corpus.data_dir)
    assert human.returncode == 0, human.stderr
    lines = human.stdout.splitlines()
    assert len(lines) == len(docs)
    for d, line in zip(docs, lines, strict=True):
        assert d["name"] in line and d["status"] in line and d["document_id"][:12] in line


@pytest.mark.slow
def test_deleting_an_unknown_document_is_exit_2(corpus: Corpus) -> None:
    missing = "0" * 64
    assert_bad_input(
        evrag_in_process("docs", "--kb", KB, "--delete", missing, data_dir=corpus.data_dir), missing
    )


@pytest.mark.slow
def test_kb_list(corpus: Corpus) -> None:
    human = evrag_in_process("kb", "list", data_dir=corpus.data_dir)
    assert human.returncode == 0, human.stderr
    assert human.stdout.splitlines() == [KB]
    as_json = evrag_in_process("kb", "list", "--json", data_dir=corpus.data_dir)
    assert json.loads(as_json.stdout) == [KB]


@pytest.fixture(scope="module")
def all_bindings(corpus: Corpus) -> list[dict[str, Any]]:
    result = evrag_in_process("bindings", "--kb", KB, "--json", data_dir=corpus.data_dir)
    assert result.returncode == 0, result.stderr
    parsed: list[dict[str, Any]] = json.loads(result.stdout)
    return parsed


@pytest.mark.slow
def test_bindings_cite_committed_documents(
    corpus: Corpus, all_bindings: list[dict[str, Any]]
) -> None:
    bindings = all_bindings
    assert bindings
    for b in bindings:
        assert {"subject_name", "role", "binding_type", "quote", "location"} <= set(b)
        assert b["location"]["document"] in GOOD
        assert set(b["location"]) >= LOCATION_FIELDS
        assert b["quote"].strip()
    ids = [b["binding_id"] for b in bindings]
    assert len(ids) == len(set(ids))

    human = evrag_in_process("bindings", "--kb", KB, data_dir=corpus.data_dir)
    assert human.returncode == 0, human.stderr
    for b in bindings:
        assert citation_label(b["location"]) in human.stdout


@pytest.mark.slow
def test_bindings_of_one_entity(corpus: Corpus, all_bindings: list[dict[str, Any]]) -> None:
    every = all_bindings
    result = evrag_in_process(
        "bindings", "--kb", KB, "--entity", COMPANY, "--json", data_dir=corpus.data_dir
    )
    assert result.returncode == 0, result.stderr
    some = json.loads(result.stdout)
    assert some, "the certificate binds the company's registered agent"
    # A subset, each naming the entity as subject or parent.
    assert {b["binding_id"] for b in some} <= {b["binding_id"] for b in every}
    for b in some:
        assert COMPANY in (b["subject_name"], b["parent_name"]) or "halcyon robotics inc" in (
            b["subject_key"],
            b["parent_key"],
        )

    nobody = evrag_in_process(
        "bindings", "--kb", KB, "--entity", "Zanzibar Widgets Ltd.", data_dir=corpus.data_dir
    )
    assert nobody.returncode == 0, nobody.stderr
    assert "no bindings" in nobody.stdout


@pytest.mark.slow
def test_entities(corpus: Corpus) -> None:
    result = evrag_in_process("entities", "--kb", KB, "--json", data_dir=corpus.data_dir)
    assert result.returncode == 0, result.stderr
    entities = json.loads(result.stdout)
    keys = [e["key"] for e in entities]
    assert keys == sorted(keys) and len(keys) == len(set(keys))
    assert all(set(e) >= {"key", "name", "aliases"} for e in entities)
    assert COMPANY in [e["name"] for e in entities]
    human = evrag_in_process("entities", "--kb", KB, data_dir=corpus.data_dir)
    assert human.returncode == 0, human.stderr
    assert len(human.stdout.splitlines()) == len(entities)


# --- asking ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def answer(corpus: Corpus) -> dict[str, Any]:
    """`evrag ask QUESTION --json` in a child process, on the corpus a child ingested."""
    result = evrag("ask", QUESTION, "--kb", KB, "--json", data_dir=corpus.data_dir)
    assert result.returncode == 0, result.stderr
    parsed: dict[str, Any] = json.loads(result.stdout)
    return parsed


@pytest.mark.slow
def test_ask_json_has_every_contract_field(answer: dict[str, Any]) -> None:
    # Every field of the contract, in the contract's order (more fields may follow).
    assert [k for k in answer if k in ANSWER_FIELDS] == list(ANSWER_FIELDS)
    assert answer["question"] == QUESTION
    assert answer["state_trace"][0] == "INIT"
    assert answer["state_trace"][-1] == answer["terminal_state"]
    assert answer["terminal_state"] in ("CONCLUDED", "SUBJECT_NOT_FOUND")
    assert answer["confidence"] in ("high", "medium", "low")
    assert isinstance(answer["sufficient"], bool)
    assert set(answer["conclusion"]) >= {"answer", "values"}
    assert set(answer["subject_class"]) >= {
        "type",
        "name",
        "role",
        "parent_entity",
        "attribute",
        "document_type",
        "constraints",
    }
    for unit in answer["evidence"]:
        assert {
            "evidence_id",
            "subject_id",
            "claim_id",
            "value",
            "quote",
            "source_location",
            "source_type",
            "observed_at",
            "independence_group",
            "confidence",
        } <= set(unit)
        assert set(unit["source_location"]) >= LOCATION_FIELDS


@pytest.mark.slow
def test_ask_prints_numbered_citations(corpus: Corpus, answer: dict[str, Any]) -> None:
    assert answer["evidence"], "the certificate states the registered agent"
    result = evrag_in_process("ask", QUESTION, "--kb", KB, data_dir=corpus.data_dir)
    assert result.returncode == 0, result.stderr
    assert "[1]" in result.stdout
    for unit in answer["evidence"]:
        assert citation_label(unit["source_location"]) in result.stdout
    assert answer["conclusion"]["answer"] in result.stdout


@pytest.mark.slow
def test_ask_expect_judges_the_expected_value(corpus: Corpus, answer: dict[str, Any]) -> None:
    agent = answer["conclusion"]["values"][0]["value"]
    result = evrag_in_process(
        "ask", QUESTION, "--kb", KB, "--json", "--expect", agent, data_dir=corpus.data_dir
    )
    assert result.returncode == 0, result.stderr
    judged = json.loads(result.stdout)
    assert judged.pop("evaluation")["outcome"] == "match"
    assert judged == answer and "evaluation" not in answer
    text = evrag_in_process(
        "ask", QUESTION, "--kb", KB, "--expect", "Nobody, Inc.", data_dir=corpus.data_dir
    )
    assert "expected: Nobody, Inc. -> mismatch (CONTRADICTED)" in text.stdout
    assert_bad_input(
        evrag_in_process("ask", QUESTION, "--kb", KB, "--expect", " ", data_dir=corpus.data_dir)
    )


@pytest.mark.slow
def test_asking_with_another_embedding_backend_is_exit_2(corpus: Corpus) -> None:
    """The KB records the backend that embedded it; its vectors are useless to another."""
    result = evrag_in_process(
        "ask",
        QUESTION,
        "--kb",
        KB,
        "--json",
        data_dir=corpus.data_dir,
        env={"EVRAG_EMBED_BACKEND": "torch"},
    )
    assert_bad_input(result, KB, "EVRAG_EMBED_BACKEND=onnx-int8")


@pytest.mark.slow
def test_question_of_no_kind_is_exit_2(corpus: Corpus) -> None:
    assert_bad_input(
        evrag_in_process("ask", NO_KIND, "--kb", KB, "--json", data_dir=corpus.data_dir)
    )


@pytest.mark.slow
def test_ask_with_a_structured_subject(
    corpus: Corpus, answer: dict[str, Any], tmp_path: Path
) -> None:
    """The subject class the prose question produced, given as JSON, gives the same answer."""
    subject = {k: v for k, v in answer["subject_class"].items() if k != "kind"}
    path = tmp_path / "subject.json"
    path.write_text(json.dumps(subject), encoding="utf-8")
    result = evrag_in_process(
        "ask", "--subject-json", path, "--kb", KB, "--json", data_dir=corpus.data_dir
    )
    assert result.returncode == 0, result.stderr
    structured = json.loads(result.stdout)
    for key, value in subject.items():
        assert structured["subject_class"][key] == value
    for key in ("terminal_state", "conclusion", "sufficient", "evidence"):
        assert structured[key] == answer[key], key

    # A subject the skill cannot use (here from standard input) is bad input.
    bad = json.dumps({"type": "spaceship", "role": 7})
    assert_bad_input(
        evrag_in_process(
            "ask", "--subject-json", "-", "--kb", KB, data_dir=corpus.data_dir, stdin=bad
        )
    )
    path.write_text("{not json", encoding="utf-8")
    assert_bad_input(
        evrag_in_process("ask", "--subject-json", path, "--kb", KB, data_dir=corpus.data_dir),
        path.name,
    )


@pytest.mark.slow
def test_eval_writes_results_in_input_order(
    corpus: Corpus, answer: dict[str, Any], tmp_path: Path
) -> None:
    subject = {k: v for k, v in answer["subject_class"].items() if k != "kind"}
    items: list[dict[str, Any]] = [
        {"id": "z-last", "question": QUESTION, "expected_value": "anything"},
        {"id": "a-first", "question": NO_KIND},
        {"id": "m-middle", "subject": subject},
    ]
    questions = tmp_path / "q.jsonl"
    questions.write_text("".join(json.dumps(i) + "\n" for i in items), encoding="utf-8")
    out, csv_path, html_path = tmp_path / "r.jsonl", tmp_path / "r.csv", tmp_path / "r.html"
    result = evrag_in_process(
        "eval",
        questions,
        "--kb",
        KB,
        "--out",
        out,
        "--csv",
        csv_path,
        "--html",
        html_path,
        data_dir=corpus.data_dir,
    )
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == [i["id"] for i in items]
    first, failed, structured = rows
    # The same question in a batch and alone (another process) gives the same answer.
    assert {k: first[k] for k in ANSWER_FIELDS} == {k: answer[k] for k in ANSWER_FIELDS}
    assert "error" in failed and failed["error"]["detail"]
    # the expected value is judged (a registered agent named "anything" is contradicted)
    assert first["evaluation"]["outcome"] == "mismatch" and "evaluation" not in structured
    assert "1 with an expected value: 0 match, 1 mismatch" in result.stderr
    assert set(ANSWER_FIELDS) <= set(structured)

    table = list(csv.DictReader(io.StringIO(csv_path.read_text(encoding="utf-8"))))
    assert [r["id"] for r in table] == [i["id"] for i in items]
    assert [r["outcome"] for r in table] == ["mismatch", "", ""]
    page = html_path.read_text(encoding="utf-8")
    assert page.lstrip().lower().startswith("<!doctype html")
    positions = [page.index(i["id"]) for i in items]
    assert positions == sorted(positions)


@pytest.mark.slow
def test_eval_unknown_knowledge_base_is_exit_2(corpus: Corpus, tmp_path: Path) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({"id": "q1", "question": QUESTION}) + "\n", encoding="utf-8")
    result = evrag_in_process(
        "eval",
        questions,
        "--kb",
        "nosuchkb",
        "--out",
        tmp_path / "r.jsonl",
        data_dir=corpus.data_dir,
    )
    assert_bad_input(result, "nosuchkb")


# --- one process owns the embedded store ------------------------------------------------

_HOLDER = """
import sys
import threading
import time
from pathlib import Path
from retrieval import open_store
store = open_store(Path(sys.argv[1]))
print("holding", flush=True)
sys.stdin.read()
store.close()
"""


@pytest.fixture
def holder(corpus: Corpus) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the corpus's embedded store until its stdin closes."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(corpus.data_dir)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=_env(None),
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "holding", proc.stderr
        yield proc
    finally:
        if proc.returncode is None:
            proc.communicate(timeout=60)


@pytest.mark.slow
def test_second_process_gets_a_clear_error_naming_the_holder(
    corpus: Corpus, holder: subprocess.Popen[str]
) -> None:
    # This process is the second one (the CLI in process: a child would add only its start).
    docs = evrag_in_process("docs", "--kb", KB, data_dir=corpus.data_dir, held_elsewhere=True)
    line = assert_bad_input(docs)
    assert str(holder.pid) in line and "in use" in line
    assert_bad_input(
        evrag_in_process(
            "ask", QUESTION, "--kb", KB, data_dir=corpus.data_dir, held_elsewhere=True
        ),
        str(holder.pid),
    )
    # Once the holder has gone, the store is free again.
    holder.communicate(timeout=60)
    assert holder.returncode == 0, holder.stderr
    assert evrag_in_process("kb", "list", data_dir=corpus.data_dir).returncode == 0


@pytest.mark.slow
def test_a_second_server_on_the_same_data_dir_is_exit_2_naming_the_holder(
    tmp_path: Path,
) -> None:
    """It exited 3 with a 30-line traceback from inside uvicorn's lifespan. The first server
    is `evrag serve` in a child (the suite's one real run of that command, up and ready); the
    second, refused before uvicorn starts, runs in this process."""
    from tests.api._server import Server, free_port

    data_dir = tmp_path / "data"
    first = Server(data_dir, "admin-key", tmp_path / "first.log", cli=True).start()
    try:
        second = evrag_in_process(
            "serve", "--port", str(free_port()), data_dir=data_dir, timeout=120, held_elsewhere=True
        )
        assert first.proc is not None
        line = assert_bad_input(second, str(first.proc.pid), "in use")
        assert "the embedded store" in line
    finally:
        first.stop()


def _bad_input_cases() -> list[tuple[BaseException, bool]]:
    import engine
    from app import AppError, BatchFormatError, JobNotFound
    from app.cli import BadInput
    from ingest import ChildTimedOut, ChildUsage
    from retrieval import (
        BlobNotFound,
        DocumentNotFound,
        EmbeddingMismatch,
        InvalidKnowledgeBaseName,
        KnowledgeBaseExists,
        KnowledgeBaseNotFound,
        StoreLocked,
        StoreUnavailable,
    )
    from skill import ContractError, IllegalTransition, SubjectClassError

    return [
        # exit 2, as the list of bad-input types the CLI kept before the one root
        (BadInput("no PDF files found"), True),
        (AppError("x"), True),
        (BatchFormatError("x", line=2), True),
        (JobNotFound("x"), True),
        (ContractError.translated(engine.ContractError("mode", "required")), True),
        (SubjectClassError("q", "no kind"), True),
        (KnowledgeBaseNotFound("kb"), True),
        (KnowledgeBaseExists("kb"), True),
        (InvalidKnowledgeBaseName("-"), True),
        (DocumentNotFound("kb", "ab" * 32), True),
        (StoreLocked(Path("/d/lock"), None, None), True),
        (EmbeddingMismatch("kb", {"backend": "torch"}, {"model": "m", "backend": "onnx"}), True),
        # exit 1: faults, and what the project did not raise
        (StoreUnavailable("http://q", "refused"), False),
        (BlobNotFound("ab" * 32), False),
        (IllegalTransition("INIT", "CONCLUDED"), False),
        (ChildTimedOut("stopped", ChildUsage(0.0, 0)), False),
        (ValueError("x"), False),
    ]


@pytest.mark.parametrize(("exc", "bad_input"), _bad_input_cases(), ids=repr)
def test_exit_2_is_decided_from_the_error_root(
    exc: BaseException,
    bad_input: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each error a command can end in, raised where every command starts (opening the
    runtime): most are faults no command can be made to produce on demand."""
    from app import Runtime
    from app.cli import main

    def fail(*_: object, **__: object) -> None:
        raise exc

    monkeypatch.setattr(Runtime, "open", fail)
    monkeypatch.delenv("EVRAG_DEBUG", raising=False)
    code = main(["--data-dir", str(tmp_path), "kb", "list"])
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    if bad_input:
        assert (code, err) == (2, f"evrag: {exc}\n")
    else:
        assert (code, err) == (1, f"evrag: internal error: {type(exc).__name__}: {exc}\n")


@pytest.mark.slow
def test_text_that_is_no_unicode_is_exit_2_and_fails_its_batch_line_alone(
    corpus: Corpus, tmp_path: Path
) -> None:
    """A lone surrogate (here bytes of argv that are not UTF-8) answered an internal error;
    in a questions file it failed the whole batch (issue 37)."""
    assert_bad_input(
        evrag_in_process("ask", "Who founded \udcff?", "--kb", KB, data_dir=corpus.data_dir),
        "lone surrogate (U+DCFF) at character 13",
    )
    subject = tmp_path / "subject.json"
    subject.write_text(
        json.dumps({"type": "legal_entity", "name": COMPANY, "attribute": "founder"})
    )
    assert_bad_input(
        evrag_in_process("ask", "--subject-json", subject, "--kb", KB, data_dir=corpus.data_dir),
        "unknown attribute 'founder'",
        '"role": "founder"',
    )
    questions = tmp_path / "q.jsonl"
    lines = [{"id": "bad", "question": "Who founded \udfff?"}, {"id": "good", "question": QUESTION}]
    questions.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    out, csv_path = tmp_path / "r.jsonl", tmp_path / "r.csv"
    result = evrag_in_process(
        "eval", questions, "--kb", KB, "--out", out, "--csv", csv_path, data_dir=corpus.data_dir
    )
    assert result.returncode == 0, result.stderr
    bad, good = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert bad["question"] == "Who founded \\udfff?"
    assert "lone surrogate (U+DFFF) at character 13" in bad["error"]["detail"]
    assert "error" not in good and good["terminal_state"] == "CONCLUDED"
