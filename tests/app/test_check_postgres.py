"""`evrag check` of a PostgreSQL catalog: amcheck on a real PostgreSQL server.

The server is started for this module in a temporary folder (initdb, then pg_ctl on a free
port, listening on a unix socket in that folder only), and skipped with its reason where
PostgreSQL's programs or the psycopg driver are absent. An index is damaged for real: its
relation file rewritten with the server stopped.
"""

from __future__ import annotations

import io
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from app.cli import main
from retrieval import Catalog

PROGRAMS = ("initdb", "pg_ctl", "postgres")


class _Postgres:
    """A PostgreSQL server of this test module's, in `root` (data, socket and log)."""

    def __init__(self, root: Path, as_user: list[str]) -> None:
        self.root = root
        self.data = root / "data"
        self._as_user = as_user
        with socket.socket() as s:  # a free port: the socket file's name
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self._run("initdb", "-D", str(self.data), "-U", "evrag", "-A", "trust", "--no-sync")

    def url(self, role: str = "evrag", database: str = "postgres") -> str:
        return f"postgresql+psycopg://{role}@/{database}?host={self.root}&port={self.port}"

    def start(self) -> None:
        # No TCP at all: the unix socket in our folder only.
        options = f"-k {self.root} -p {self.port} -c listen_addresses='' -c fsync=off"
        self._pg_ctl("-l", str(self.root / "log"), "-o", options, "start")

    def stop(self) -> None:
        self._pg_ctl("-m", "fast", "stop")

    def sql(self, statement: str) -> list[tuple[object, ...]]:
        import psycopg

        with psycopg.connect(
            host=str(self.root), port=self.port, user="evrag", dbname="postgres", autocommit=True
        ) as conn:
            cur = conn.execute(statement)  # type: ignore[arg-type]
            return cur.fetchall() if cur.description else []

    def _pg_ctl(self, *args: str) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-t", "60", *args)

    def _run(self, program: str, *args: str) -> None:
        subprocess.run(
            [*self._as_user, _program(program), *args], check=True, capture_output=True, timeout=120
        )


def _program(name: str) -> str:
    found = shutil.which(name) or next(
        (str(p) for p in sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))), None
    )
    if found is None:
        pytest.skip(f"PostgreSQL's {name} is not installed: no server to check against")
    return found


@pytest.fixture(scope="module")
def postgres() -> Iterator[_Postgres]:
    pytest.importorskip(
        "psycopg",
        reason="psycopg is not installed (not a dependency of evidence-rag): "
        "no PostgreSQL catalog can be opened",
    )
    for name in PROGRAMS:
        _program(name)
    as_user: list[str] = []
    root = Path(tempfile.mkdtemp(prefix="evrag-pg-"))
    if os.geteuid() == 0:  # initdb refuses root: the server runs as an unprivileged user
        runuser = shutil.which("runuser")
        user = next((u for u in ("postgres", "nobody") if _has_user(u)), None)
        if runuser is None or user is None:
            shutil.rmtree(root)
            pytest.skip("running as root without runuser or an unprivileged user for PostgreSQL")
        shutil.chown(root, user)
        as_user = [runuser, "-u", user, "--"]
    try:
        server = _Postgres(root, as_user)
        server.start()
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


@pytest.mark.slow  # opens a runtime: a few seconds
def test_a_role_without_the_rights_is_told_plainly(
    postgres: _Postgres, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    postgres.sql("CREATE ROLE plain LOGIN")
    postgres.sql("CREATE DATABASE plain OWNER plain")  # its tables, but no superuser
    monkeypatch.setenv("EVRAG_DATABASE_URL", postgres.url("plain", "plain"))
    with redirect_stdout(io.StringIO()) as out:
        code = main(["--data-dir", str(tmp_path), "check"])
    unchecked, summary = out.getvalue().splitlines()
    # nothing found damaged (exit 0), but the catalog was not looked at: never "sound"
    assert (code, summary) == (
        0,
        "checked no knowledge bases: no damage found; not checked: catalog",
    )
    assert unchecked.startswith("catalog_unchecked  catalog: the catalog's pages were not ")
    assert "role 'plain' may not run amcheck (permission denied to create extension" in unchecked
    assert unchecked.endswith("TO plain (not checked)")


def test_a_sound_catalog_then_a_damaged_index_found(postgres: _Postgres) -> None:
    catalog = Catalog(postgres.url())
    try:
        for n in range(40):  # an index with a leaf page of its own
            catalog.create_kb(f"deal-{n:02d}")
        assert catalog.integrity_problems() == []
    finally:
        catalog.close()
    ((path,),) = postgres.sql("SELECT pg_relation_filepath('knowledge_bases_name_key')")
    postgres.stop()
    index = postgres.data / str(path)
    page = index.read_bytes()
    assert page.count(b"deal-17") == 1
    index.write_bytes(page.replace(b"deal-17", b"deal-99"))  # one key out of its order
    postgres.start()
    catalog = Catalog(postgres.url())
    try:
        assert catalog.integrity_problems() == [
            "index knowledge_bases_name_key: item order invariant violated for index "
            '"knowledge_bases_name_key"'
        ]
    finally:
        catalog.close()
