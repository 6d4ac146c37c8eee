"""`evrag`: the command line (../shared/CONTRACT.md), the `evrag` entry point.

Exit codes: 0 success (including an answer of "not found"), 2 bad input (one line on
stderr), 1 internal error. Each command imports only what it needs, so `evrag engine`
starts without loading torch or Qdrant.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app._runtime import Runtime
    from app._settings import Settings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


class BadInput(Exception):
    """A user error: reported as one line on stderr with exit code 2.

    Not under `domain.EvidenceRagError`: it never leaves this module (raised by a command,
    caught in `main`), and the root would import `domain` (its lexicon, ~0.4 s) before
    every command, `evrag engine` included."""


def _settings(args: argparse.Namespace) -> Settings:
    from app._settings import Settings

    if args.data_dir is not None:
        return Settings(data_dir=Path(args.data_dir))
    return Settings()


def _runtime(args: argparse.Namespace) -> Runtime:
    from app._runtime import Runtime

    return Runtime.open(_settings(args))


def _read_json_file(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"{path}: {exc.strerror or exc}") from exc
    from app._jsonbounds import JsonTooDeep, loads_bounded

    try:
        return loads_bounded(text)
    except JsonTooDeep as exc:
        raise BadInput(f"{path}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise BadInput(f"{path}: invalid JSON: {exc.msg} at line {exc.lineno}") from exc


def _print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2) + "\n")


# --- commands -------------------------------------------------------------------------


def cmd_engine(args: argparse.Namespace) -> int:
    import engine

    argv: list[str] = ["--schema"] if args.schema else []
    if args.input is not None:
        argv.append(args.input)
    return engine.main(argv)


def cmd_ingest(args: argparse.Namespace) -> int:
    from ingest import ProgressPrinter, collect_pdfs

    paths = collect_pdfs([Path(p) for p in args.paths])
    if not paths:
        raise BadInput("no PDF files found in the given paths")
    with _runtime(args) as rt:
        printer = ProgressPrinter(sys.stderr, enabled=sys.stderr.isatty() and not args.quiet)
        report = rt.ingestor.run(args.kb, paths, progress=printer)
        printer.close()
    if args.json:
        _print_json(report.to_dict())
    else:
        for outcome in report.documents:
            line = f"{outcome.status:<9} {outcome.name}"
            if outcome.status == "failed":
                line += f"  [{outcome.code}] {outcome.reason}"
            elif outcome.status == "committed":
                line += f"  ({outcome.pages} pages, {outcome.chunks} chunks, {outcome.bindings} bindings)"
            print(line)
        print(report.summary())
    # Some documents failed: exit 2 names them (the rest of the batch is committed).
    if report.failed:
        names = ", ".join(d.name for d in report.failed)
        print(
            f"evrag: {len(report.failed)} of {len(report.documents)} documents failed: {names}",
            file=sys.stderr,
        )
        return 2
    return 0


def cmd_docs(args: argparse.Namespace) -> int:
    with _runtime(args) as rt:
        if args.delete:
            rt.ingestor.delete_document(args.kb, args.delete)
            print(f"deleted {args.delete}")
            return 0
        docs = rt.catalog.list_documents(args.kb)
        copy_of = rt.documents.copy_of(args.kb)
        relations = rt.documents.relations(args.kb)
    names = {d.document_id: d.name for d in docs}
    rows = [
        _document_row(d, copy_of.get(d.document_id), relations.get(d.document_id), names)
        for d in docs
    ]
    if args.json:
        _print_json(rows)
        return 0
    if not rows:
        print(f"no documents in {args.kb}")
    for d in rows:
        print(
            f"{d['document_id'][:12]}  {d['status']:<9} {d.get('document_type') or '-':<20} "
            f"{d.get('document_date') or '-':<10}  p.{d.get('pages') or 0:<4} "
            f"grp {str(d.get('independence_group') or '-')[:12]}  {d['name']}"
            + (f"  (exact copy of {names[d['copy_of']]})" if d.get("copy_of") else "")
            + (f"  [OCR p.{_page_list(d['ocr_pages'])}]" if d.get("ocr_pages") else "")
            + _layer_note(d)
            + _date_note(d)
            + _relation_note(d)
        )
    return 0


def cmd_kb(args: argparse.Namespace) -> int:
    with _runtime(args) as rt:
        if args.kb_command == "list":
            entries = rt.catalog.list_kbs()
            if args.json:
                _print_json([kb.name for kb in entries])
            else:
                from ingest import reindex_command

                # One bare name a line on stdout (`evrag kb list | while read kb; ...`); one
                # derived by another release's reader says so on stderr (evrag status: which).
                stale = rt.stale_kbs()
                for kb in entries:
                    print(kb.name)
                for name in stale:
                    print(
                        f"note: knowledge base {name} was read by another release: "
                        f"run `{reindex_command(name)}`",
                        file=sys.stderr,
                    )
        elif args.kb_command == "create":
            rt.create_kb(args.name)
            print(f"created {args.name}")
        elif args.kb_command == "delete":
            rt.delete_kb(args.name)
            print(f"deleted {args.name}")
    return 0


def cmd_bindings(args: argparse.Namespace) -> int:
    with _runtime(args) as rt:
        bindings = rt.bindings(args.kb, entity=args.entity)
    if args.json:
        _print_json([b.model_dump(mode="json") for b in bindings])
        return 0
    if not bindings:
        print("no bindings" + (f" for {args.entity}" if args.entity else ""))
    for b in bindings:
        loc = b.location
        parent = f" of {b.parent_name}" if b.parent_name else ""
        extra = "".join(f", {k}={v}" for k, v in sorted(b.attributes.items()))
        print(f"{b.subject_name} — {b.role}{parent} [{b.binding_type}{extra}]")
        print(
            f"    {loc.document}, p. {loc.page}, lines {loc.line_start}–{loc.line_end}: “{_one_line(b.quote)}”"
        )
    return 0


def cmd_entities(args: argparse.Namespace) -> int:
    with _runtime(args) as rt:
        entities = rt.entities(args.kb)
    if args.json:
        _print_json(entities)
        return 0
    for e in entities:
        aliases = ", ".join(e["aliases"]) if e["aliases"] else "-"
        print(f"{e['name']}  [{e['key']}]  aliases: {aliases}")
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    from skill import render_answer

    subject = None
    if args.subject_json:
        subject = _read_json_file(args.subject_json)
    elif not args.question:
        raise BadInput("give a QUESTION or --subject-json FILE")
    requirements = _read_json_file(args.requirements) if args.requirements else None
    with _runtime(args) as rt:
        extra: dict[str, Any] = {"documents": args.document} if args.document else {}
        if args.expect is not None:
            extra["expected_value"] = args.expect
        answer = rt.skill.ask(
            args.kb, args.question, subject=subject, evidence_requirements=requirements, **extra
        )
    if args.json:
        sys.stdout.write(answer.to_json() + "\n")
    else:
        sys.stdout.write(render_answer(answer))
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from app._batch import (
        evaluation_summary,
        parse_questions,
        render_csv,
        render_html,
        render_jsonl,
        run_batch,
        summary_text,
    )
    from app._errors import BatchFormatError
    from ingest import ProgressEvent, ProgressPrinter

    try:
        items = parse_questions(Path(args.questions).read_bytes())
    except OSError as exc:
        raise BadInput(f"{args.questions}: {exc.strerror or exc}") from exc
    except BatchFormatError as exc:
        raise BadInput(f"{args.questions}: {exc}") from exc
    with _runtime(args) as rt:
        rt.catalog.get_kb(args.kb)  # an unknown knowledge base is bad input, not N failures
        rt.skill.warm_up()
        printer = ProgressPrinter(sys.stderr, enabled=sys.stderr.isatty())
        results = run_batch(
            rt.skill,
            args.kb,
            items,
            progress=lambda done, total, failed: printer(
                ProgressEvent(done=done, total=total, failed=failed)
            ),
        )
        printer.close()
    _write_atomic(Path(args.out), render_jsonl(results))
    if args.csv:
        _write_atomic(Path(args.csv), render_csv(results))
    if args.html:
        _write_atomic(Path(args.html), render_html(results, subtitle=f"knowledge base {args.kb}"))
    failed = sum(1 for r in results if "error" in r)
    print(f"{len(results)} questions, {failed} failed -> {args.out}", file=sys.stderr)
    summary = evaluation_summary(results)
    if summary["with_expected_value"]:
        print(summary_text(summary), file=sys.stderr)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from sqlalchemy.exc import DBAPIError

    from app._maintenance import CheckReport, Finding, check

    try:
        rt = _runtime(args)
    except DBAPIError as exc:
        # A catalog too damaged to open is a finding of this command, not its failure.
        reason = f"the database cannot be read: {_one_line(str(exc.orig))}"
        report = CheckReport((), (Finding("catalog_damaged", None, "catalog", reason, False),))
    else:
        with rt:
            report = check(rt, args.kb)
    if args.json:
        _print_json(report.to_dict())
    else:
        for finding in report.findings:
            print(finding.line())
        damage = sum(f.damage for f in report.findings)
        checked = ", ".join(report.knowledge_bases) or "no knowledge bases"
        unchecked = [f.subject for f in report.findings if f.kind == "catalog_unchecked"]
        if damage:
            verdict = f"{damage} problem(s) found"
        elif unchecked:
            # nothing found damaged, but a part was not looked at: never called sound
            verdict = f"no damage found; not checked: {', '.join(unchecked)}"
        else:
            verdict = "sound"
        print(f"checked {checked}: {verdict}")
    return 1 if report.damaged else 0


def cmd_reindex(args: argparse.Namespace) -> int:
    from app._errors import OriginalsLost
    from app._maintenance import reindex

    with _runtime(args) as rt:
        try:
            rebuilt = reindex(rt, args.kb)
        except OriginalsLost as exc:
            # Damage this command cannot repair: exit 1 (as `check` for damage), not 2.
            print(f"evrag: {exc}", file=sys.stderr)
            return 1
    print(f"reindexed {args.kb}: {rebuilt} document(s) rebuilt from their originals")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    """Each knowledge base's documents and which reader derived them: one derived by another
    release's reader is listed with the command that derives it again. The catalog alone (as
    `export`): it runs beside a serving process."""
    from ingest import derivation_status
    from retrieval import Catalog

    catalog = Catalog(_settings(args).catalog_url)
    try:
        names = [args.kb] if args.kb else [kb.name for kb in catalog.list_kbs()]
        statuses = [derivation_status(name, catalog.list_documents(name)) for name in names]
    finally:
        catalog.close()
    if args.json:
        _print_json([status.to_dict() for status in statuses])
        return 0
    if not statuses:
        print("no knowledge bases")
    for status in statuses:
        print(status.message())
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from app._backup import export_kb
    from retrieval import BlobStore, Catalog, Embedder

    # The catalog and the originals only, not the vector store: a serving process holds the
    # embedded store's lock, and an export is taken beside it.
    settings = _settings(args)
    embedder = Embedder(
        settings.embedding_model,
        backend=settings.embed_backend,
        model_cache_dir=settings.model_cache,
    )
    catalog = Catalog(settings.catalog_url)
    try:
        report = export_kb(
            catalog, BlobStore(settings.data_dir), embedder.identity, args.kb, Path(args.file)
        )
    finally:
        catalog.close()
    print(
        f"exported {report.kb}: {report.documents} document(s), {report.size_bytes} bytes -> {args.file}"
    )
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from app._backup import import_kb

    with _runtime(args) as rt:
        report = import_kb(rt, Path(args.file), args.kb)
    print(f"imported {report.source_kb} as {report.kb}: {report.documents} document(s)")
    return 0


def _write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file beside `path`, then rename: never half-written."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def cmd_serve(args: argparse.Namespace) -> int:
    _http_server()(_settings(args), host=args.host, port=args.port)
    return 0


def cmd_mcp(args: argparse.Namespace) -> int:
    # stdout is the protocol's: nothing of ours is printed there.
    _installed("evrag.mcp", "MCP server")(_settings(args), kbs=args.kb)
    return 0


def _http_server() -> Callable[..., None]:
    """The HTTP server's `serve(settings, host=, port=)`, found by its entry point (group
    `evrag.server`, declared in pyproject.toml): the API sits above this layer and calls
    into it, so the CLI never imports it."""
    return _installed("evrag.server", "HTTP server")


def _installed(group: str, what: str) -> Callable[..., None]:
    """The callable of the first entry point (by name) of `group`; BadInput naming `what`
    when none is installed."""
    from importlib.metadata import distributions

    # Every installed distribution's entry points, not `entry_points()`: that keeps only the
    # first metadata of a name on sys.path, and a stale `*.egg-info` beside the sources
    # (left by an older editable install) would hide the current one.
    found = sorted(
        {
            (e.name, e.value): e
            for d in distributions()
            for e in d.entry_points
            if e.group == group
        }.values(),
        key=lambda e: (e.name, e.value),
    )
    if not found:
        raise BadInput(f"no {what} is installed (entry point group {group})")
    serve: Callable[..., None] = found[0].load()
    return serve


def _document_row(
    doc: Any,
    copy_of: str | None = None,
    relations: list[dict[str, Any]] | None = None,
    names: dict[str, str] | None = None,
) -> dict[str, Any]:
    return {
        "document_id": doc.document_id,
        "name": doc.name,
        "status": str(doc.status),
        "document_type": doc.document_type,
        "document_date": doc.document_date,
        "title": doc.title,
        "pages": doc.pages,
        "independence_group": doc.independence_group,
        "copy_of": copy_of,
        "ocr_pages": list((doc.details or {}).get("ocr_pages", [])),
        "ocr_backends": dict((doc.details or {}).get("ocr_backends", {})),
        # scanned pages with a text layer: the reading kept and both scores (issue 38)
        **(
            {"text_layers": list(layers)}
            if (layers := (doc.details or {}).get("text_layers"))
            else {}
        ),
        "error": doc.error,
        # where the date was read, the effective date, a draft or unsigned copy (issue 16)
        "document_date_source": (doc.details or {}).get("date_statement"),
        "effective_date": ((doc.details or {}).get("effective_date") or {}).get("date"),
        "unexecuted": (doc.details or {}).get("unexecuted"),
        # what it states it does to an earlier agreement, and the document that is (issue 16)
        "relations": [
            {
                **{k: r.get(k) for k in _RELATION_KEYS},
                "changes": list(r.get("changes", ())),
                "target_documents": [
                    {"document_id": t, "name": (names or {}).get(t)}
                    for t in r.get("target_documents", ())
                ],
            }
            for r in relations or ()
        ],
    }


_RELATION_KEYS = (
    "relation",
    "number",
    "effective_date",
    "target_type",
    "target_date",
    "page",
    "line",
    "quote",
)


def _relation_note(row: dict[str, Any]) -> str:
    """ "  [amends Distributor Agreement of 1996-03-01: DISTRIBUTOR AGREEMENT.pdf]"."""
    notes = []
    for r in row.get("relations") or ():
        if not (r.get("target_type") or r.get("target_date")) and r["relation"] not in (
            "amends",
            "supplements",
            "amended_and_restated",
        ):
            continue  # "hereby assigns" with no agreement named: `--json` lists it
        target = " ".join(
            str(x) for x in (r.get("target_type"), r.get("target_date") and "of") if x
        )
        target += f" {r['target_date']}" if r.get("target_date") else ""
        bound = ", ".join(str(t["name"]) for t in r["target_documents"]) or "no such document here"
        named = target.strip() or "an agreement it does not name"
        notes.append(f"{r['relation']} {named}: {bound}")
    return f"  [{'; '.join(notes)}]" if notes else ""


def _date_note(row: dict[str, Any]) -> str:
    """Where the document's date was read (page, line, kind of statement), and an unexecuted
    copy's mark; on the document's one line (`evrag docs --json` has the quotes)."""
    note = ""
    source = row.get("document_date_source")
    if source:
        note += f"  [date: p.{source['page']} l.{source['line']} {source['basis']}]"
    unexecuted = row.get("unexecuted")
    if unexecuted:
        note += f"  [unexecuted_document: {unexecuted['reason']} p.{unexecuted['page']}]"
    return note


def _layer_note(row: dict[str, Any]) -> str:
    """Scanned pages with a text layer: the reading kept and the scores, the layer's and,
    when the page was read again, the OCR's ("text layer p.1 ocr 0.74/0.99")."""
    layers = row.get("text_layers") or []
    if not layers:
        return ""
    notes = [
        f"p.{t['page']} {t['layer']} {t['layer_score']:.2f}"
        + (f"/{t['ocr_score']:.2f}" if t["ocr_score"] is not None else "")
        for t in layers
    ]
    return f"  [text layer {', '.join(notes)}]"


def _page_list(pages: list[int]) -> str:
    """1, 2, 3, 5 -> "1-3, 5"."""
    spans: list[list[int]] = []
    for p in sorted(pages):
        if spans and p == spans[-1][1] + 1:
            spans[-1][1] = p
        else:
            spans.append([p, p])
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in spans)


def _one_line(text: str) -> str:
    return " ".join(text.split())


# --- parser ---------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="evrag", description="Evidence-first question answering over due-diligence PDFs."
    )
    parser.add_argument(
        "--data-dir",
        default=None,
        help="data directory (default ./.evrag, env EVRAG_DATA_DIR)",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    def add(
        name: str, fn: Callable[[argparse.Namespace], int], help_: str
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_)
        p.set_defaults(func=fn)
        return p

    p = add("ingest", cmd_ingest, "ingest PDFs or folders of PDFs into a knowledge base")
    p.add_argument("paths", nargs="+")
    p.add_argument("--kb", required=True)
    p.add_argument("--json", action="store_true", help="print the run report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")

    p = add("ask", cmd_ask, "ask one question")
    p.add_argument("question", nargs="?")
    p.add_argument("--kb", required=True)
    p.add_argument("--json", action="store_true")
    p.add_argument("--subject-json", help="a structured subject class (JSON file, - for stdin)")
    p.add_argument("--requirements", help="an evidence contract (JSON file) for the engine")
    p.add_argument(
        "--document",
        action="append",
        metavar="DOC",
        help="scope the question to this document (id or file name); repeat for several",
    )
    p.add_argument(
        "--expect",
        metavar="VALUE",
        help="judge the claim 'attribute = VALUE': the answer gains its evaluation "
        "(match, mismatch or not_established)",
    )

    p = add("eval", cmd_eval, "answer a JSONL file of questions")
    p.add_argument("questions")
    p.add_argument("--kb", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--csv")
    p.add_argument("--html")

    p = add(
        "check",
        cmd_check,
        "verify a knowledge base (every one without --kb): catalog, originals, index; "
        "exit 1 when damage is found",
    )
    p.add_argument("--kb")
    p.add_argument("--json", action="store_true")

    p = add(
        "reindex",
        cmd_reindex,
        "rebuild a knowledge base's index (chunks, bindings) from its stored originals",
    )
    p.add_argument("--kb", required=True)

    p = add(
        "status",
        cmd_status,
        "each knowledge base's documents, and those derived by another release's reader "
        "with the command that derives them again (evrag reindex)",
    )
    p.add_argument("--kb")
    p.add_argument("--json", action="store_true")

    p = add(
        "export",
        cmd_export,
        "write a knowledge base (originals, metadata, settings) to a portable archive; "
        "runs beside a serving process",
    )
    p.add_argument("file", help="the archive to write (.tar.gz)")
    p.add_argument("--kb", required=True)

    p = add(
        "import",
        cmd_import,
        "restore an archive written by evrag export as a new knowledge base",
    )
    p.add_argument("file", help="an archive written by evrag export")
    p.add_argument("--kb", required=True, help="the new knowledge base's name (must not exist)")

    p = add("engine", cmd_engine, "run the sufficiency engine on a JSON contract")
    p.add_argument("input", nargs="?", help="input JSON file, or - for stdin")
    p.add_argument("--schema", action="store_true", help="print the input JSON Schema")

    p = add("serve", cmd_serve, "run the HTTP API")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)

    p = add(
        "mcp",
        cmd_mcp,
        "serve knowledge bases to an MCP client (an agent) over stdio, one process per client",
    )
    p.add_argument(
        "--kb",
        required=True,
        action="append",
        metavar="NAME",
        help="a knowledge base the client may use; repeat for several",
    )

    p = add("kb", cmd_kb, "knowledge bases")
    kb_sub = p.add_subparsers(dest="kb_command", required=True)
    kb_list = kb_sub.add_parser("list")
    kb_list.add_argument("--json", action="store_true")
    kb_sub.add_parser("create").add_argument("name")
    kb_sub.add_parser("delete").add_argument("name")

    p = add("docs", cmd_docs, "list (or delete) a knowledge base's documents")
    p.add_argument("--kb", required=True)
    p.add_argument("--json", action="store_true")
    p.add_argument("--delete", metavar="DOCUMENT_ID")

    p = add("bindings", cmd_bindings, "entity bindings with citations")
    p.add_argument("--kb", required=True)
    p.add_argument("--entity")
    p.add_argument("--json", action="store_true")

    p = add("entities", cmd_entities, "resolved entities and their aliases")
    p.add_argument("--kb", required=True)
    p.add_argument("--json", action="store_true")
    return parser


def _is_bad_input(exc: BaseException) -> bool:
    """Whether `exc` means bad input (exit 2): the CLI's own `BadInput`, or a project error
    whose status is a 4xx (the engine's ContractError arrives translated by the skill).
    Looked up in the packages a command loaded: an error of one it did not load is not here.
    """
    if isinstance(exc, BadInput):
        return True
    domain = sys.modules.get("domain")
    if domain is None or not isinstance(exc, domain.EvidenceRagError):
        return False
    if 400 <= exc.status < 500:
        return True
    # A 503 to the API, but here the user's to resolve: stop the other process.
    retrieval = sys.modules.get("retrieval")
    return retrieval is not None and isinstance(exc, retrieval.StoreLocked)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        print("evrag: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`evrag bindings ... | head`): not an error of ours. Point
        # stdout at devnull so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except BaseException as exc:
        if isinstance(exc, SystemExit):
            raise
        if _is_bad_input(exc):
            print(f"evrag: {_one_line(str(exc))}", file=sys.stderr)
            return 2
        if os.environ.get("EVRAG_DEBUG"):
            raise
        print(
            f"evrag: internal error: {type(exc).__name__}: {_one_line(str(exc))}", file=sys.stderr
        )
        return 1


if __name__ == "__main__":
    sys.exit(main())
