"""The application layer: settings, the process wiring, batch jobs and the `evrag` CLI.

Between the packages that know the language and the stores (`ingest`, `skill`,
`retrieval`, `engine`) and the HTTP edge (`api`): `Runtime.open(settings)` wires the store,
catalog, embedder, blobs, ingestor and skill of one process; `parse_questions`,
`answer_item`, `run_batch`, the renderers and `evaluation_summary` are the batch jobs shared by `evrag eval` and
the API's evaluation jobs; `export_kb`, `read_archive`, `create_from_archive` and
`import_kb` write a knowledge base to a portable archive and restore it (app/_backup.py); `JobStore`/`JobRunner` persist and run jobs (ingestion,
evaluation) in the catalog's database; `HistoryStore` keeps the answers given per knowledge
base and `render_markdown` writes them for a person (app/_history.py);
`app.cli.main` is the command line. Nothing here knows HTTP.

Errors::

    AppError              bad input to a use case (CLI: exit 2; API: 422)
    ├── BatchFormatError  a questions file that cannot be read
    ├── JobNotFound       no job of that id (API: 404)
    ├── JobConflict       the job's state forbids the request (API: 409)
    └── AnswerNotFound    no kept answer of that id (API: 404)
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app._backup import (
        ExportReport,
        ImportReport,
        create_from_archive,
        export_kb,
        import_kb,
        read_archive,
    )
    from app._batch import (
        Asker,
        BatchItem,
        answer_item,
        citation_label,
        citations,
        error_line,
        evaluation_summary,
        outcome,
        parse_questions,
        render_csv,
        render_html,
        render_jsonl,
        run_batch,
        summary_text,
        verdict,
    )
    from app._db import api_keys, forget_kb, open_engine
    from app._errors import AnswerNotFound, AppError, BatchFormatError, JobConflict, JobNotFound
    from app._history import (
        DEFAULT_HISTORY_CAP,
        AnswerRecord,
        AnswerSummary,
        HistoryStore,
        render_markdown,
    )
    from app._jobs import (
        ItemRecord,
        ItemStatus,
        JobKind,
        JobRecord,
        JobRunner,
        JobStatus,
        JobStore,
    )
    from app._jsonbounds import (
        MAX_JSON_DEPTH,
        JsonTooDeep,
        check_json_depth,
        json_depth_exceeds,
        loads_bounded,
    )
    from app._runtime import Runtime
    from app._settings import Settings

__all__ = [
    "DEFAULT_HISTORY_CAP",
    "MAX_JSON_DEPTH",
    "AnswerNotFound",
    "AnswerRecord",
    "AnswerSummary",
    "AppError",
    "Asker",
    "BatchFormatError",
    "BatchItem",
    "ExportReport",
    "HistoryStore",
    "ImportReport",
    "ItemRecord",
    "ItemStatus",
    "JobConflict",
    "JobKind",
    "JobNotFound",
    "JobRecord",
    "JobRunner",
    "JobStatus",
    "JobStore",
    "JsonTooDeep",
    "Runtime",
    "Settings",
    "answer_item",
    "api_keys",
    "check_json_depth",
    "citation_label",
    "citations",
    "create_from_archive",
    "error_line",
    "evaluation_summary",
    "export_kb",
    "forget_kb",
    "import_kb",
    "json_depth_exceeds",
    "loads_bounded",
    "open_engine",
    "outcome",
    "parse_questions",
    "read_archive",
    "render_csv",
    "render_html",
    "render_jsonl",
    "render_markdown",
    "run_batch",
    "summary_text",
    "verdict",
]

# Loaded on first use: `evrag engine` and `evrag --help` start without torch or Qdrant.
_HOMES = {
    **dict.fromkeys(
        ("AnswerNotFound", "AppError", "BatchFormatError", "JobConflict", "JobNotFound"),
        "app._errors",
    ),
    **dict.fromkeys(
        (
            "DEFAULT_HISTORY_CAP",
            "AnswerRecord",
            "AnswerSummary",
            "HistoryStore",
            "render_markdown",
        ),
        "app._history",
    ),
    **dict.fromkeys(
        ("ItemRecord", "ItemStatus", "JobKind", "JobRecord", "JobRunner", "JobStatus", "JobStore"),
        "app._jobs",
    ),
    **dict.fromkeys(("api_keys", "forget_kb", "open_engine"), "app._db"),
    **dict.fromkeys(
        (
            "MAX_JSON_DEPTH",
            "JsonTooDeep",
            "check_json_depth",
            "json_depth_exceeds",
            "loads_bounded",
        ),
        "app._jsonbounds",
    ),
    **dict.fromkeys(
        (
            "ExportReport",
            "ImportReport",
            "create_from_archive",
            "export_kb",
            "import_kb",
            "read_archive",
        ),
        "app._backup",
    ),
    "Runtime": "app._runtime",
    "Settings": "app._settings",
}


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(import_module(_HOMES.get(name, "app._batch")), name)
    raise AttributeError(f"module 'app' has no attribute {name!r}")
