"""The public surface of `app` (the runtime, the batch jobs and the job store): moving a name in or out of it is a
decision, made here in the open."""

from __future__ import annotations

import app


def test_exported_names_are_pinned() -> None:
    assert list(app.__all__) == [
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
    for name in app.__all__:
        assert getattr(app, name) is not None
