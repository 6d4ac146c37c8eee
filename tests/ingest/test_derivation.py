"""The derivation version (ingest/_derivation.py): a digest of what derives a knowledge base's
stored data, the same for every install of one release, different when a deriving file's
bytes differ, and covering every first-party module ingestion imports."""

from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest

from domain import Lexicon, lexicon
from ingest import (
    DERIVATION_MIXED,
    DERIVING_PACKAGES,
    DERIVING_ROOTS,
    NOT_DERIVING,
    cached_derivation_version,
    compute_derivation_version,
    derivation_version,
    deriving_files,
    deriving_modules,
    kb_derivation,
    kb_derivation_current,
    lexicon_fields,
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


@pytest.fixture(scope="module")
def installed_version(installed: Path) -> str:
    """The version of `installed`, computed once (it parses every deriving module; no test
    changes `installed`: each edits its own copy)."""
    return compute_derivation_version(installed)


def test_the_version_is_this_checkouts_digest() -> None:
    assert derivation_version() == compute_derivation_version(ROOT)
    assert len(derivation_version()) == 16 and int(derivation_version(), 16) >= 0


def test_the_version_is_kept_between_processes_until_a_file_changes(
    installed: Path, tmp_path: Path
) -> None:
    root = shutil.copytree(installed, tmp_path / "site-packages")
    cache = tmp_path / "cache" / "derivation.json"
    computed = compute_derivation_version(root)
    assert cached_derivation_version(root, cache) == computed and cache.is_file()
    calls: list[Path] = []

    def counted(at: Path) -> str:
        calls.append(at)
        return compute_derivation_version(at)

    # kept: read from the cache, nothing parsed
    assert cached_derivation_version(root, cache, counted) == computed and calls == []
    # a deriving rule edited: the fingerprint moves, the version is computed again
    _apply(root, CHANGED[sorted(CHANGED)[0]])
    changed = cached_derivation_version(root, cache, counted)
    assert changed != computed and calls == [root]
    assert cached_derivation_version(root, cache, counted) == changed and calls == [root]


@pytest.mark.parametrize("cache_state", ["garbage", "another fingerprint", "unwritable"])
def test_a_cache_that_cannot_serve_is_no_error(
    installed: Path, installed_version: str, tmp_path: Path, cache_state: str
) -> None:
    cache = tmp_path / "cache" / "derivation.json"
    cache.parent.mkdir()
    if cache_state == "garbage":
        cache.write_text("{not json", encoding="utf-8")
    elif cache_state == "another fingerprint":
        cache.write_text('{"fingerprint": "x", "version": "0123456789abcdef"}', encoding="utf-8")
    else:
        cache = tmp_path / "a file" / "derivation.json"
        cache.parent.write_text("not a folder", encoding="utf-8")
    assert cached_derivation_version(installed, cache) == installed_version


def _tracked(root: Path) -> list[str]:
    return subprocess.run(
        ["git", "ls-files", *DERIVING_PACKAGES],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()


def test_the_digested_files_are_the_deriving_closure_of_the_tracked_files(
    tmp_path: Path,
) -> None:
    """The files digested in this checkout are those digested from its tracked files alone
    (no stray file of a checkout makes another version, none tracked is left out), every
    deriving root among them, and what keeps, serves or reports derived data is not."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no list of tracked files to compare with")
    tracked = _tracked(ROOT)
    clean = tmp_path / "tracked"
    for name in tracked:
        (clean / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, clean / name)
    digested = [p.relative_to(ROOT).as_posix() for p in deriving_files(ROOT)]
    assert digested == [p.relative_to(clean).as_posix() for p in deriving_files(clean)]
    assert set(digested) <= set(tracked), sorted(set(digested) - set(tracked))
    model = sorted(
        p for p in tracked if p.startswith("ingest/clause_model/") and p.endswith((".json", ".npy"))
    )
    assert model and set(model) <= set(digested)
    modules = deriving_modules(ROOT)
    assert set(DERIVING_ROOTS) <= set(modules)
    assert not set(NOT_DERIVING) & set(modules)
    for module in ("ingest._pdf", "ingest._chunk", "domain._sentences", "ingest._clauses"):
        assert module in modules
    assert any(m.startswith("ingest.bindings.") for m in modules)


def _apply(root: Path, edit: tuple[str, str, str]) -> None:
    """Replace `old` by `new` in a file ("DOC": the module docstring's first line, `new`
    put before it)."""
    name, old, new = edit
    path = root / name
    text = path.read_text(encoding="utf-8")
    if old == "DOC":
        doc = ast.get_docstring(ast.parse(text), clean=False)
        assert doc
        old = doc.splitlines()[0]
        new = new + old
    assert old in text, (name, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# Edits that change no stored output: (file, what is replaced, by what)
UNCHANGED = {
    "a docstring": ("ingest/_chunk.py", "DOC", "Said otherwise: "),
    "a comment": ("ingest/_pdf.py", "\nimport ", "\n# a comment of no consequence\nimport "),
    "a question template": (
        "domain/lexicon/question_templates.yaml",
        "(?:is|was)\\s+{y}",
        "(?:is|was|were)\\s+{y}",
    ),
    "a question shape's example": (
        "domain/lexicon/propositions.yaml",
        "'Can Halcyon prepay the Keystone loan'",
        "'Can Halcyon repay the Keystone loan'",
    ),
    "a YAML comment": (
        "domain/lexicon/vocabulary.yaml",
        "\nhonorifics:",
        "\n# titles\nhonorifics:",
    ),
    "the catalog's code": ("retrieval/_catalog.py", "\nimport ", "\nSPARE = 1\nimport "),
}
# Edits of a deriving rule
CHANGED = {
    "the chunker's code": ("ingest/_chunk.py", "\nimport ", "\nSPARE = 1\nimport "),
    "a binding rule's code": ("ingest/bindings/_preambles.py", "\nimport ", "\nSPARE = 1\nimport "),
    "a word ingestion reads": (
        "domain/lexicon/vocabulary.yaml",
        "honorifics: [dr, mr,",
        "honorifics: [dr, rev, mr,",
    ),
}


@pytest.mark.parametrize("what", sorted(UNCHANGED))
def test_an_edit_that_derives_nothing_keeps_the_version(
    installed: Path, installed_version: str, tmp_path: Path, what: str
) -> None:
    root = shutil.copytree(installed, tmp_path / "site-packages")
    _apply(root, UNCHANGED[what])
    assert compute_derivation_version(root) == installed_version


@pytest.mark.parametrize("what", sorted(CHANGED))
def test_an_edit_of_a_deriving_rule_changes_the_version(
    installed: Path, installed_version: str, tmp_path: Path, what: str
) -> None:
    root = shutil.copytree(installed, tmp_path / "site-packages")
    _apply(root, CHANGED[what])
    assert compute_derivation_version(root) != installed_version


@pytest.mark.parametrize("how", ["crlf", "caches", "other suffixes", "another place"])
def test_the_same_files_installed_otherwise_give_the_same_version(
    installed: Path, installed_version: str, tmp_path: Path, how: str
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
        (root / "ingest" / "clause_model" / "notes.md").write_text("")
    assert compute_derivation_version(root) == installed_version


def test_a_changed_clause_model_changes_the_version(
    installed: Path, installed_version: str, tmp_path: Path
) -> None:
    root = shutil.copytree(installed, tmp_path / "site-packages")
    path = root / "ingest/clause_model/model.json"
    path.write_bytes(path.read_bytes() + b"\n")
    assert compute_derivation_version(root) != installed_version


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


def test_the_wheel_installs_every_package() -> None:
    """pyproject.toml's `packages` names every package of the sources (a subpackage too:
    setuptools installs only the packages it names), so `pip install .` holds the deriving
    modules the version digests."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in FIRST_PARTY
        for init in (ROOT / top).rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    assert found <= listed, sorted(found - listed)
    assert {"ingest.bindings", "skill.linking"} <= found


class _Recording:
    """The lexicon, noting which of its fields are read (through its methods and properties
    too: they run against this object)."""

    def __init__(self, real: Lexicon, read: set[str]) -> None:
        self._real = real
        self._read = read

    def __getattr__(self, name: str) -> Any:
        self._read.add(name)
        attribute = getattr(type(self._real), name, None)
        if isinstance(attribute, property) and attribute.fget is not None:
            return attribute.fget(self)
        if isinstance(attribute, functools.cached_property):
            return attribute.func(self)
        if inspect.isfunction(attribute):
            return attribute.__get__(self)
        return getattr(self._real, name)


@pytest.mark.slow
def test_the_lexicon_fields_ingestion_reads_are_digested(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ingest real PDFs (a contract, a statement, clauses) with a lexicon that notes what
    is read of it: every field read is one the version digests, so an edit of it asks for
    a reindex. (Reads made when a module is first imported happened before this test; the
    digest's fields are found in the modules' code, which covers those.)"""
    from app import Runtime, Settings
    from tests.pdfs import StatementTable, clauses_pdf, contract_pdf, statement_pdf, ten_k_cover

    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net cash provided by operating activities", 0, ("5,200", "4,800")),
            ("Purchases of property, plant and equipment", 0, ("(1,577)", "(1,373)")),
        ),
    )

    real = lexicon()
    read: set[str] = set()
    # every `lexicon()` call returns its one cached Lexicon: the recording stands in for it
    monkeypatch.setitem(lexicon.__globals__, "_cached", lambda directory: _Recording(real, read))
    documents = [
        ("MSA_Acme_Northwind.pdf", contract_pdf()),
        ("Side_Letter.pdf", clauses_pdf("Side Letter", ["1. Notices.", "2. Term."])),
        ("10-K.pdf", statement_pdf(ten_k_cover("WRENFIELD MILLS, INC.", "53-0000003"), [cash])),
    ]
    with Runtime.open(Settings(data_dir=tmp_path / "evrag")) as rt:
        rt.ingestor.parser.isolate = False  # parse here, where the reads are noted
        report = rt.ingestor.run("derived", documents)
        assert report.count("committed") == len(documents)
    fields = {f.name for f in dataclasses.fields(Lexicon)}
    assert read & fields, "ingestion read no field: the recording saw nothing"
    assert read & fields <= set(lexicon_fields(ROOT)), sorted(
        (read & fields) - set(lexicon_fields(ROOT))
    )
