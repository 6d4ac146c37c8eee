"""The derivation version: which reader derived what a knowledge base stores.

What ingestion derives from a PDF (its text and lines, sentence spans, chunks, clause labels,
party bindings and aliases, relations, statement cells, lexical vectors) is kept, not
recomputed: a knowledge base ingested by an older release keeps that release's reading until
`evrag reindex` reads its originals again. So each committed document records the version of
the reader that derived it (its details' `derivation`), and the knowledge base records the
version all its committed documents share (its settings' `derivation`; DERIVATION_MIXED when they share
none), written at every ingestion run, deletion and reindex. A document or knowledge base
whose version is not this release's — or that has none: ingested before versions were
recorded — was derived by another reader, and is reported with the command that re-derives
it (`derivation_status`, `kb_derivation_current`).

The version is a digest, not a number a maintainer bumps: a number is forgotten, and a
forgotten bump is the silent loss this exists to report. It digests only what can change
what ingestion stores, so that an upgrade that changes no stored output asks for no reindex
(a warning given after every upgrade is learnt to be ignored):
- the code of the deriving modules: DERIVING_ROOTS (the ingestor, which runs the parser,
  chunker, sentence split, bindings, clause labels, relations and statement cells, and the
  lexical vectors and payloads the store keeps) and every first-party module they import, at
  any depth (`from pkg import name` followed to the module `pkg` takes `name` from), but not
  NOT_DERIVING (the modules that keep, lock, serve or report what was derived). Each by its
  syntax tree with docstrings removed (`code_digest`): comments, docstrings and formatting do not
  count, and a module reads the same in a checkout, a wheel or the container;
- the lexicon as ingestion reads it: the parsed values of the Lexicon fields the deriving
  modules name (`lexicon_fields`, with what the Lexicon's own methods and properties they
  call read), not the YAML's bytes: an edit of the question grammar or of question-only
  vocabulary does not count; the word list and the financial concepts likewise, by value;
- the packaged clause model's files (DERIVING_DATA), line endings read as "\\n";
- the version of the PDF library whose text extraction everything else is read from
  (DERIVING_DISTRIBUTIONS).
`tests/ingest/test_derivation.py` checks that the digested modules are the deriving closure
of the tracked files, and that the Lexicon fields an ingestion of real PDFs reads are all
digested.
The embedding model is recorded apart (the KB's `embedding` setting), as are OCR backends
(each document's `ocr_backends`).
"""

from __future__ import annotations

import ast
import collections
import dataclasses
import enum
import functools
import hashlib
import json
import os
import re
import tempfile
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Generic, TypeVar

# The packages whose modules may derive what ingestion stores.
DERIVING_PACKAGES = ("domain", "ingest", "retrieval")
# The modules whose code (with what they import) derives what ingestion stores.
DERIVING_ROOTS = ("ingest._pipeline", "retrieval._sparse", "retrieval._payload")
# Modules ingestion imports whose code keeps, locks, serves or reports what was derived but
# derives none of it: their imports are not followed and their code is not digested.
NOT_DERIVING = (
    "ingest._derivation",
    "ingest._progress",
    "ingest._sandbox",
    "retrieval._binding_index",
    "retrieval._catalog",
    "retrieval._edge",
    "retrieval._embed",
    "retrieval._filters",
    "retrieval._llama",
    "retrieval._lock",
    "retrieval._model_cache",
    "retrieval._onnx",
    "retrieval._open",
    "retrieval._schema",
    "retrieval._server",
    "retrieval._store",
)
# Packaged data files whose bytes derive stored data (the clause model's weights).
DERIVING_DATA = ("ingest/clause_model",)
DERIVING_SUFFIXES = (".json", ".npy")
_TEXT_SUFFIXES = (".json",)
# The lexicon: its reader module, and the files read by value apart from the Lexicon.
LEXICON_MODULE = "domain._lexicon"
FINANCIAL_MODULE = "domain._financial"
# Third-party readers whose version changes what is read from a PDF.
DERIVING_DISTRIBUTIONS = ("pymupdf",)

# A document's details key and a knowledge base's settings key.
DERIVATION_KEY = "derivation"
# The risk signal of an answer from a knowledge base derived by another release's reader.
STALE_DERIVATION = "stale_derivation"
# A knowledge base's settings value when its committed documents share no one version.
DERIVATION_MIXED = "mixed"

_ROOT = Path(__file__).resolve().parent.parent


def _module_path(module: str, root: Path) -> Path | None:
    base = root.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _is_package(module: str, root: Path) -> bool:
    return (root.joinpath(*module.split(".")) / "__init__.py").is_file()


@dataclass(frozen=True, slots=True)
class _Scan:
    """What one walk of a module's tree finds: its top-level statements, its imports
    ((module, name or None) for level-0 imports) and every attribute and plain name used."""

    body: tuple[ast.stmt, ...]
    imports: tuple[tuple[str, str | None], ...]
    names: frozenset[str]


def _read_scan(data: bytes, path: Path) -> _Scan:
    tree = ast.parse(data, filename=str(path))
    imports: list[tuple[str, str | None]] = []
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Import):
            imports += [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imports += [(node.module, a.name) for a in node.names]
    return _Scan(tuple(tree.body), tuple(imports), frozenset(names))


_T = TypeVar("_T")


class _ByContent(Generic[_T]):
    """What was read from a module, kept by the digest of its bytes: read once per content in a
    process (a copy of the same module is not read again); bounded, the oldest dropped first."""

    def __init__(self, bound: int = 1024) -> None:
        self._kept: collections.OrderedDict[bytes, _T] = collections.OrderedDict()
        self._bound = bound
        self._lock = threading.Lock()

    def get(self, data: bytes, read: Callable[[], _T]) -> _T:
        key = hashlib.sha256(data).digest()
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found
        value = read()
        with self._lock:
            self._kept[key] = value
            while len(self._kept) > self._bound:
                self._kept.popitem(last=False)
        return value


_SCANS: _ByContent[_Scan] = _ByContent()


def _scan(path: Path) -> _Scan:
    """A module's scan, read once per content of its file (never mutated)."""
    data = path.read_bytes().replace(b"\r\n", b"\n")
    return _SCANS.get(data, lambda: _read_scan(data, path))


def _reexports(package_init: Path) -> dict[str, str]:
    """name -> the module a package's __init__ takes it from (`from pkg._mod import name`)."""
    found: dict[str, str] = {}
    for node in _scan(package_init).body:
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                found[alias.asname or alias.name] = node.module
    return found


def _imported_modules(path: Path, root: Path) -> set[str]:
    """The first-party modules a module's code uses: a package's name followed to the module
    its __init__ takes it from (a package imported whole counts as all its modules)."""
    found: set[str] = set()
    for module, name in _scan(path).imports:
        if module.split(".")[0] not in DERIVING_PACKAGES:
            continue
        if not _is_package(module, root):
            found.add(module)
            continue
        init = root.joinpath(*module.split(".")) / "__init__.py"
        submodule = f"{module}.{name}" if name else None
        if submodule and _module_path(submodule, root) is not None:
            found.add(submodule)
        elif name and name in _reexports(init):
            found.add(_reexports(init)[name])
        else:  # the package itself: what its __init__ imports
            found.add(module)
    return found


def deriving_modules(root: Path = _ROOT) -> list[str]:
    """The modules whose code is digested: DERIVING_ROOTS and their first-party imports at
    any depth, less NOT_DERIVING, sorted."""
    seen: set[str] = set()
    todo = list(DERIVING_ROOTS)
    while todo:
        module = todo.pop()
        if module in seen or module in NOT_DERIVING:
            continue
        path = _module_path(module, root)
        if path is None:
            continue
        seen.add(module)
        todo.extend(sorted(_imported_modules(path, root) - seen))
    return sorted(seen)


def deriving_files(root: Path = _ROOT) -> list[Path]:
    """The files the derivation version digests (modules' code, packaged data; the lexicon
    is read by value), sorted by their path under `root`."""
    files = [p for m in deriving_modules(root) if (p := _module_path(m, root)) is not None]
    files += [
        path
        for folder in DERIVING_DATA
        for path in (root / folder).rglob("*")
        if path.is_file()
        and path.suffix in DERIVING_SUFFIXES
        and "__pycache__" not in path.relative_to(root).parts
    ]
    return sorted(files, key=lambda p: p.relative_to(root).as_posix())


def _without_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                node.body = body[1:] or [ast.Pass()]
    return tree


def _dump(node: Any) -> str:
    """A syntax tree as text, without positions and without the fields left empty (None, []):
    the same for the same code on Python versions whose trees add empty fields (3.12's
    `type_params`) or whose `ast.dump` leaves them out (3.13)."""
    if isinstance(node, ast.AST):
        fields = [
            f"{name}={_dump(value)}"
            for name, value in ast.iter_fields(node)
            if value is not None and value != []
        ]
        return f"{type(node).__name__}({', '.join(fields)})"
    if isinstance(node, list):
        return f"[{', '.join(_dump(item) for item in node)}]"
    return repr(node)


# Code digests by the digest of the bytes parsed (a copy of the same module gives the same text
# without parsing it again)
_CODE_DIGESTS: _ByContent[str] = _ByContent()


def code_digest(path: Path) -> str:
    """A module's syntax tree without docstrings (no positions): what it runs (once per
    content in a process)."""
    data = path.read_bytes().replace(b"\r\n", b"\n")
    return _CODE_DIGESTS.get(
        data, lambda: _dump(_without_docstrings(ast.parse(data, filename=str(path))))
    )


def _names_used(paths: Iterable[Path]) -> set[str]:
    """Every attribute name and plain name the modules' code uses."""
    names: set[str] = set()
    for path in paths:
        names |= _scan(path).names
    return names


def _self_reads(root: Path) -> dict[str, set[str]]:
    """Each Lexicon method or property -> the `self.` attributes its body reads."""
    path = _module_path(LEXICON_MODULE, root)
    reads: dict[str, set[str]] = {}
    if path is None:
        return reads
    for node in _scan(path).body:
        if isinstance(node, ast.ClassDef) and node.name == "Lexicon":
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    reads[item.name] = {
                        n.attr
                        for n in ast.walk(item)
                        if isinstance(n, ast.Attribute)
                        and isinstance(n.value, ast.Name)
                        and n.value.id == "self"
                    }
    return reads


def lexicon_fields(root: Path = _ROOT) -> list[str]:
    """The Lexicon fields the deriving modules read: the fields they name, and those the
    Lexicon's methods and properties they name read (at any depth), sorted."""
    from domain import Lexicon

    fields = {f.name for f in dataclasses.fields(Lexicon)}
    modules = [m for m in deriving_modules(root) if m != LEXICON_MODULE]
    used = _names_used(p for m in modules if (p := _module_path(m, root)) is not None)
    methods = _self_reads(root)
    todo = sorted(used & set(methods))
    seen: set[str] = set()
    while todo:
        method = todo.pop()
        if method in seen:
            continue
        seen.add(method)
        used |= methods[method]
        todo.extend(sorted(methods[method] & set(methods)))
    return sorted(used & fields)


def _canonical(value: Any) -> Any:
    """A value as plain JSON-able data, the same for equal values in any process."""
    if isinstance(value, re.Pattern):
        return ["re", value.pattern, int(value.flags)]
    if isinstance(value, enum.Enum):
        return _canonical(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        items = [(repr(_canonical(k)), _canonical(v)) for k, v in value.items()]
        return ["map", sorted(items, key=lambda kv: kv[0])]
    if isinstance(value, set | frozenset):
        return ["set", sorted(repr(_canonical(v)) for v in value)]
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return repr(value)


def _lexicon_values(root: Path) -> str:
    """The lexicon as the deriving modules read it: their fields' parsed values, the word
    list and the financial concepts (when a deriving module reads them), by value."""
    import yaml

    from domain import lexicon, load_lexicon

    lexicon_dir = root / "domain" / "lexicon"
    modules = set(deriving_modules(root))
    parts: list[Any] = []
    if LEXICON_MODULE in modules:
        # this install's: the lexicon ingestion reads (EVRAG_LEXICON where it is set)
        loaded = lexicon() if root == _ROOT else load_lexicon(lexicon_dir)
        parts += [[name, _canonical(getattr(loaded, name))] for name in lexicon_fields(root)]
        words = lexicon_dir / "words.txt"
        if words.is_file():
            text = words.read_text(encoding="utf-8")
            parts.append(["words.txt", sorted({w.strip() for w in text.splitlines()} - {""})])
    financial = lexicon_dir / "financial.yaml"
    if FINANCIAL_MODULE in modules and financial.is_file():
        parts.append(["financial.yaml", _canonical(yaml.safe_load(financial.read_text("utf-8")))])
    return repr(parts)


def compute_derivation_version(root: Path = _ROOT) -> str:
    """The digest of the deriving modules' code, the packaged data, the lexicon's values
    ingestion reads under `root`, and the deriving distributions' versions: 16 hex digits."""
    digest = hashlib.sha256()
    for path in deriving_files(root):
        if path.suffix == ".py":
            data = code_digest(path).encode()
        else:
            data = path.read_bytes()
            if path.suffix in _TEXT_SUFFIXES:
                data = data.replace(b"\r\n", b"\n")
        name = path.relative_to(root).as_posix()
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    lexicon = _lexicon_values(root).encode()
    digest.update(f"lexicon\0{len(lexicon)}\0".encode())
    digest.update(lexicon)
    for distribution in DERIVING_DISTRIBUTIONS:
        try:
            version = metadata.version(distribution)
        except metadata.PackageNotFoundError:
            version = "absent"
        digest.update(f"{distribution}=={version}\0".encode())
    return digest.hexdigest()[:16]


def installed_fingerprint(root: Path = _ROOT) -> str:
    """What the version is computed from, read by `stat` alone: every file's path, size and
    modification time under DERIVING_PACKAGES, and the deriving distributions' versions. The
    same fingerprint means the same version; computing the version parses the modules (about
    a second), reading this takes milliseconds."""
    digest = hashlib.sha256()
    for package in DERIVING_PACKAGES:
        for path in sorted((root / package).rglob("*")):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            found = path.stat()
            name = path.relative_to(root).as_posix()
            digest.update(f"{name}\0{found.st_size}\0{found.st_mtime_ns}\0".encode())
    for distribution in DERIVING_DISTRIBUTIONS:
        try:
            version = metadata.version(distribution)
        except metadata.PackageNotFoundError:
            version = "absent"
        digest.update(f"{distribution}=={version}\0".encode())
    return digest.hexdigest()


def cached_derivation_version(
    root: Path, cache: Path, compute: Callable[[Path], str] = compute_derivation_version
) -> str:
    """`compute_derivation_version(root)`, kept in `cache` under `installed_fingerprint(root)`
        so that a one-shot process (`evrag ask`) does not parse the deriving modules again
    (`compute`: how it is computed where it is not kept). A cache
        that cannot be read or written is no error: the version is computed; the file is replaced
        whole (written beside it, then renamed), never seen half-written."""
    key = installed_fingerprint(root)
    try:
        kept = json.loads(cache.read_text("utf-8"))
        if isinstance(kept, dict) and kept.get("fingerprint") == key:
            version = kept.get("version")
            if isinstance(version, str) and re.fullmatch(r"[0-9a-f]{16}", version):
                return version
    except (OSError, ValueError):
        pass
    version = compute(root)
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=cache.parent, prefix=".derivation-", delete=False
        ) as out:
            json.dump({"fingerprint": key, "version": version}, out)
        os.replace(out.name, cache)
    except OSError:
        pass
    return version


def derivation_cache() -> Path:
    """Where the version is kept between processes: beside the exported embedding models
    (`$EVRAG_MODEL_CACHE/..`, else `$XDG_CACHE_HOME/evidence-rag`, else
    `~/.cache/evidence-rag`), one file per installation root."""
    from retrieval import default_model_cache

    root = hashlib.sha256(str(_ROOT).encode()).hexdigest()[:16]
    return default_model_cache().parent / f"derivation-{root}.json"


@functools.cache
def derivation_version() -> str:
    """This release's derivation version (once per process; kept between processes by
    `cached_derivation_version`)."""
    return cached_derivation_version(_ROOT, derivation_cache())


def document_derivation(details: Mapping[str, Any] | None) -> str | None:
    """The version a document's details record (None: recorded before versions were)."""
    value = (details or {}).get(DERIVATION_KEY)
    return value if isinstance(value, str) and value else None


def kb_derivation(versions: Iterable[str | None]) -> str | None:
    """A knowledge base's settings value for its committed documents' versions: the one they
    share, DERIVATION_MIXED when they share none (or one has none), None when there are no documents."""
    found = set(versions)
    if not found:
        return None
    if len(found) == 1 and None not in found:
        return next(iter(found))
    return DERIVATION_MIXED


def kb_derivation_current(settings: Mapping[str, Any], has_documents: bool) -> bool:
    """Whether a knowledge base's settings say its documents were all derived by this
    release's reader. A knowledge base without the record was ingested before versions
    were recorded: derived by another reader, unless it holds no document."""
    recorded = settings.get(DERIVATION_KEY)
    if recorded is None:
        return not has_documents
    return bool(recorded == derivation_version())


def reindex_command(kb: str) -> str:
    """The command that derives a knowledge base's documents again."""
    return f"evrag reindex --kb {kb}"


@dataclass(frozen=True, slots=True)
class StaleDocument:
    """A committed document derived by another reader (`version` None: unrecorded)."""

    document_id: str
    name: str
    version: str | None


@dataclass(frozen=True, slots=True)
class DerivationStatus:
    """Which of a knowledge base's committed documents were derived by another reader."""

    kb: str
    version: str
    documents: int
    stale: tuple[StaleDocument, ...]

    @property
    def current(self) -> bool:
        return not self.stale

    @property
    def action(self) -> str | None:
        """The command to run; None when nothing is stale."""
        return None if self.current else reindex_command(self.kb)

    def message(self) -> str:
        """One line, as `evrag status` and answers say it."""
        if self.current:
            return f"{self.kb}: {self.documents} document(s), derived by this release's reader"
        versions = sorted({d.version or "unrecorded" for d in self.stale})
        return (
            f"{self.kb}: {len(self.stale)} of {self.documents} document(s) were derived by "
            f"another release's reader ({', '.join(versions)}; this release: {self.version}): "
            f"run `{self.action}`"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "kb": self.kb,
            "version": self.version,
            "current": self.current,
            "documents": self.documents,
            "stale_documents": [
                {"document_id": d.document_id, "name": d.name, "version": d.version}
                for d in self.stale
            ],
            "action": self.action,
        }


def derivation_status(kb: str, documents: Iterable[Any]) -> DerivationStatus:
    """The status of `kb` from its committed documents (catalog DocumentEntry rows)."""
    current = derivation_version()
    committed = [d for d in documents if str(d.status) == "committed"]
    stale = tuple(
        StaleDocument(d.document_id, d.name, document_derivation(d.details))
        for d in committed
        if document_derivation(d.details) != current
    )
    return DerivationStatus(kb, current, len(committed), stale)


def stale_notice(kb: str) -> str:
    """What an answer from a knowledge base derived by another reader suggests."""
    return (
        f"Run `{reindex_command(kb)}`: documents of knowledge base {kb} were read by another "
        "release's reader (sentence spans, clause labels, party bindings, statement cells, "
        "chunks), so this answer may miss or misplace what the current reader finds"
    )


def record_kb_derivation(catalog: Any, kb: str) -> None:
    """Write `kb`'s settings record (DERIVATION_KEY) from its committed documents' versions
    (`catalog`: a retrieval Catalog); no write when it is already that."""
    entry = catalog.get_kb(kb)
    versions = [
        document_derivation(d.details) for d in catalog.list_documents(kb, status="committed")
    ]
    # A knowledge base holding no document has nothing derived: this reader will derive it.
    value = kb_derivation(versions) or derivation_version()
    if entry.settings.get(DERIVATION_KEY) != value:
        catalog.update_kb_settings(kb, {**dict(entry.settings), DERIVATION_KEY: value})
