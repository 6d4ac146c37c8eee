"""The derivation version (ingest/_derivation.py): a digest of what derives a knowledge base's
stored data, the same for every install of one release, different when a deriving file's
bytes differ, and covering every first-party module ingestion imports."""

from __future__ import annotations

import ast
import shutil
import subprocess
from pathlib import Path

import pytest

from ingest import (
    DERIVATION_MIXED,
    DERIVING_PACKAGES,
    DERIVING_SUFFIXES,
    compute_derivation_version,
    derivation_version,
    deriving_files,
    kb_derivation,
    kb_derivation_current,
)

ROOT = Path(__file__).resolve().parents[2]
FIRST_PARTY = ("domain", "engine", "ingest", "retrieval", "skill", "app", "api")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The deriving packages copied as an install would hold them (no caches)."""
    root = tmp_path_factory.mktemp("install")
    for package in DERIVING_PACKAGES:
        shutil.copytree(
            ROOT / package, root / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    return root


def test_the_version_is_this_checkouts_digest() -> None:
    assert derivation_version() == compute_derivation_version(ROOT)
    assert len(derivation_version()) == 16 and int(derivation_version(), 16) >= 0


def test_the_digested_files_are_the_tracked_files_an_install_holds() -> None:
    """What the wheel installs of the deriving packages (the suffixes pyproject.toml lists),
    as git tracks them: no stray file of a checkout makes another version."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(
        ["git", "ls-files", *DERIVING_PACKAGES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    tracked = sorted(p for p in listed if Path(p).suffix in DERIVING_SUFFIXES)
    digested = [p.relative_to(ROOT).as_posix() for p in deriving_files(ROOT)]
    untracked = sorted(set(digested) - set(tracked))
    # a file being written in this checkout, not yet added, is the only difference allowed
    assert set(tracked) <= set(digested), sorted(set(tracked) - set(digested))
    assert all((ROOT / p).exists() for p in untracked)


@pytest.mark.parametrize("how", ["crlf", "caches", "other suffixes", "another place"])
def test_the_same_files_installed_otherwise_give_the_same_version(
    installed: Path, tmp_path: Path, how: str
) -> None:
    root = shutil.copytree(installed, tmp_path / "site-packages")
    if how == "crlf":  # a checkout with Windows line endings
        for path in root.rglob("*.py"):
            path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    elif how == "caches":  # compiled caches of any Python
        cache = root / "ingest" / "__pycache__"
        cache.mkdir()
        (cache / "_pipeline.cpython-311.pyc").write_bytes(b"\x00" * 64)
    elif how == "other suffixes":  # what no install holds: editor leftovers, typing marker
        (root / "ingest" / "_pipeline.py~").write_text("old")
        (root / "domain" / "py.typed").write_text("")
    assert compute_derivation_version(root) == compute_derivation_version(installed)


@pytest.mark.parametrize(
    "changed",
    ["domain/lexicon/vocabulary.yaml", "ingest/_chunk.py", "ingest/clause_model/model.json"],
)
def test_a_changed_deriving_file_changes_the_version(
    installed: Path, tmp_path: Path, changed: str
) -> None:
    root = shutil.copytree(installed, tmp_path / "site-packages")
    path = root / changed
    path.write_bytes(path.read_bytes() + b"\n")
    assert compute_derivation_version(root) != compute_derivation_version(installed)


def _first_party_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found & set(FIRST_PARTY)


def test_every_package_ingestion_imports_is_digested() -> None:
    """The closure of first-party packages `ingest` imports (at any depth) is in
    DERIVING_PACKAGES: a package ingestion comes to depend on cannot be left out of the
    version."""
    seen: set[str] = set()
    todo = ["ingest"]
    while todo:
        package = todo.pop()
        if package in seen:
            continue
        seen.add(package)
        for path in sorted((ROOT / package).rglob("*.py")):
            todo.extend(sorted(_first_party_imports(path) - seen))
    assert seen <= set(DERIVING_PACKAGES), sorted(seen - set(DERIVING_PACKAGES))


@pytest.mark.parametrize(
    ("versions", "expected"),
    [
        ([], None),
        (["a", "a"], "a"),
        (["a", "b"], DERIVATION_MIXED),
        (["a", None], DERIVATION_MIXED),
        ([None], DERIVATION_MIXED),
    ],
)
def test_a_knowledge_base_records_the_version_its_documents_share(
    versions: list[str | None], expected: str | None
) -> None:
    assert kb_derivation(versions) == expected


@pytest.mark.parametrize(
    ("settings", "has_documents", "current"),
    [
        ({}, False, True),  # nothing derived yet
        ({}, True, False),  # ingested before versions were recorded
        ({"derivation": DERIVATION_MIXED}, True, False),
        ({"derivation": "0" * 16}, True, False),
        ({"derivation": "this"}, True, True),
    ],
)
def test_a_knowledge_base_is_current_only_when_this_reader_derived_it(
    settings: dict[str, str], has_documents: bool, current: bool
) -> None:
    if settings.get("derivation") == "this":
        settings = {"derivation": derivation_version()}
    assert kb_derivation_current(settings, has_documents) is current
