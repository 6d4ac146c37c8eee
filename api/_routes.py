"""The /v1 routes: a few lines each, calling into the runtime, the jobs and the batch code."""

from __future__ import annotations

import logging
import secrets
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from starlette.background import BackgroundTask
from starlette.datastructures import UploadFile

from api._auth import Principal
from api._deps import Admin, Caller, Kb, State
from api._errors import BadRequest, LimitExceeded, NotFound, Unauthorized, UnsupportedMediaType
from api._pages import MAX_ZOOM, MIN_ZOOM, page_lines, parse_bbox, render_page_image
from api._schemas import (
    MAX_ANSWER_ID,
    AnswerExport,
    AnswerInfo,
    AnswerLinks,
    AnswerPage,
    AnswerSummaryInfo,
    DocumentInfo,
    EntityInfo,
    Health,
    IngestionJobInfo,
    IngestOutcome,
    JobInfo,
    KbCreate,
    KbDerivation,
    KbInfo,
    KeyCreate,
    KeyCreated,
    KeyInfo,
    LineBox,
    PageLinesInfo,
    QueryRequest,
    Readiness,
)
from api._state import ApiState
from api._uploads import StoredUpload, receive_pdfs
from app import (
    JobKind,
    JobRecord,
    evaluation_summary,
    export_kb,
    parse_questions,
    render_csv,
    render_html,
    render_jsonl,
    render_markdown,
)
from domain import StorageFull, storage_failure

_log = logging.getLogger("evrag.api")

# The response header that names a query's answer in the history.
ANSWER_ID_HEADER = "X-Answer-Id"

PROBLEM: dict[str, Any] = {"content": {"application/problem+json": {}}}
_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "missing or unknown API key", **PROBLEM},
    404: {"description": "not found (or not visible to this key)", **PROBLEM},
    422: {"description": "invalid input", **PROBLEM},
}

health = APIRouter(tags=["health"])
v1 = APIRouter(prefix="/v1", responses=_ERRORS)


# ----------------------------------------------------------------------------- health


@health.get("/healthz", response_model=Health)
async def healthz() -> Health:
    """The process answers (on the event loop itself: no worker thread needed)."""
    return Health(status="ok")


@health.get("/readyz", response_model=Readiness, responses={503: {"model": Readiness}})
def readyz(state: State, response: Response) -> Readiness:
    """The catalog and the store answer; `notices` says what serves but wants an operator."""
    try:
        state.runtime.catalog.list_kbs()
        # per knowledge base: one deleted while this is read is skipped (Runtime.stale_kbs)
        notices = _stale_notices(state)
    except Exception as exc:  # readiness reports any failure instead of raising
        response.status_code = 503
        return Readiness(status="unavailable", detail=f"catalog: {exc}")
    if _store_is_full(state):
        # Questions are still answered; writes (uploads, new knowledge bases) are refused.
        response.status_code = 503
        return Readiness(
            status="unavailable",
            detail=f"storage: the data directory {state.runtime.settings.data_dir} is full; "
            "uploads are refused (507 storage_full) until space is freed",
        )
    return Readiness(status="ok", notices=notices)


def _stale_notices(state: ApiState) -> list[str]:
    """A knowledge base derived by another release's reader still answers (its answers say
    so): ready, with a notice. Counted, not named: this route asks for no key."""
    stale = len(state.runtime.stale_kbs())
    if not stale:
        return []
    return [
        f"{stale} knowledge base(s) were derived by another release's reader: run "
        "`evrag reindex --kb NAME` for each (GET /v1/kbs/NAME shows which: derivation.current)"
    ]


def _store_is_full(state: ApiState) -> bool:
    """Whether the store takes no write now (the embedded store keeps a reserve free: its
    memory-mapped files fault on a full disk instead of failing); a server store never says."""
    has_room = getattr(state.runtime.store, "has_room", None)
    return has_room is not None and not has_room()


# ----------------------------------------------------------------------------- keys


@v1.post("/keys", response_model=KeyCreated, status_code=201, tags=["keys"])
def create_key(body: KeyCreate, _: Admin, state: State) -> KeyCreated:
    """A key for some knowledge bases (admin only). The key is shown once."""
    record, key = state.keys.create(body.kbs, body.label)
    return KeyCreated(
        key_id=record.key_id,
        label=record.label,
        kbs=list(record.kbs),
        created_at=record.created_at,
        key=key,
    )


@v1.get("/keys", response_model=list[KeyInfo], tags=["keys"])
def list_keys(_: Admin, state: State) -> list[KeyInfo]:
    return [
        KeyInfo(key_id=r.key_id, label=r.label, kbs=list(r.kbs), created_at=r.created_at)
        for r in state.keys.list_keys()
    ]


@v1.delete("/keys/{key_id}", status_code=204, tags=["keys"])
def revoke_key(key_id: str, _: Admin, state: State) -> Response:
    state.keys.revoke(key_id)
    return Response(status_code=204)


# ----------------------------------------------------------------------------- knowledge bases


def _kb_info(state: ApiState, name: str) -> KbInfo:
    documents = state.runtime.catalog.list_documents(name)
    derivation = state.runtime.derivation(name, documents)
    return KbInfo(
        name=name,
        documents=len(documents),
        derivation=KbDerivation(
            version=derivation.version,
            current=derivation.current,
            stale_documents=len(derivation.stale),
            action=derivation.action,
        ),
    )


@v1.post("/kbs", response_model=KbInfo, status_code=201, tags=["knowledge bases"])
def create_kb(body: KbCreate, _: Admin, state: State) -> KbInfo:
    """A new, empty knowledge base (admin only)."""
    with state.write_lock:
        state.runtime.create_kb(body.name, body.evidence_requirements)
    return _kb_info(state, body.name)


@v1.get("/kbs", response_model=list[KbInfo], tags=["knowledge bases"])
def list_kbs(principal: Caller, state: State) -> list[KbInfo]:
    """The knowledge bases this key may see."""
    names = [kb.name for kb in state.runtime.catalog.list_kbs() if principal.can_see(kb.name)]
    return [_kb_info(state, name) for name in names]


@v1.get("/kbs/{kb}", response_model=KbInfo, tags=["knowledge bases"])
def get_kb(kb: Kb, state: State) -> KbInfo:
    return _kb_info(state, kb)


@v1.delete("/kbs/{kb}", status_code=204, tags=["knowledge bases"])
def delete_kb(kb: Kb, _: Admin, state: State) -> Response:
    """Delete a knowledge base with its documents, chunks and bindings, its kept answers and
    its place in the keys' scopes (admin only)."""
    with state.write_lock:
        state.runtime.delete_kb(kb)
    return Response(status_code=204)


@v1.post(
    "/kbs/{kb}/export",
    response_class=FileResponse,
    tags=["knowledge bases"],
    responses={200: {"content": {"application/gzip": {}}}},
)
async def export_archive(kb: Kb, _: Admin, state: State) -> FileResponse:
    """The knowledge base as a portable archive (`evrag export`: its originals, metadata,
    settings and embedding model; admin only), taken while it keeps serving."""
    rt = state.runtime
    # Under the uploads folder as a `.part-` file: one a restart finds is swept.
    path = state.upload_dir / f".part-export-{secrets.token_hex(8)}.tar.gz"
    await anyio.to_thread.run_sync(
        lambda: export_kb(rt.catalog, rt.blobs, rt.embedder.identity, kb, path)
    )
    return FileResponse(
        path,
        media_type="application/gzip",
        filename=f"{kb}.tar.gz",
        background=BackgroundTask(path.unlink, missing_ok=True),
    )


_IMPORT_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["archive", "kb"],
                    "properties": {
                        "archive": {"type": "string", "format": "binary"},
                        "kb": {"type": "string", "description": "the new knowledge base's name"},
                    },
                }
            }
        },
    }
}


@v1.post(
    "/kbs/import",
    response_model=IngestionJobInfo,
    status_code=202,
    tags=["knowledge bases"],
    openapi_extra=_IMPORT_BODY,
    responses={413: {"description": "over the request size limit", **PROBLEM}},
)
async def import_archive(request: Request, _: Admin, state: State) -> IngestionJobInfo:
    """Restore an archive of `.../export` (multipart: `archive`, and `kb` the new name, which
    must not exist; admin only): an ingestion job that ingests its originals again in the
    archive's order. A bad archive or another embedding model is refused before anything is
    created."""
    limit = state.limits.max_request_bytes
    declared = request.headers.get("content-length")
    if not (declared and declared.isdigit()):
        raise BadRequest("send the archive with a Content-Length")
    if int(declared) > limit:
        raise LimitExceeded("max_request_bytes", limit, f"request body over {limit} bytes")
    async with request.form(max_files=1, max_fields=1) as form:
        archive, kb = form.get("archive"), form.get("kb")
        if not isinstance(archive, UploadFile) or not isinstance(kb, str) or not kb:
            raise BadRequest("send the multipart fields 'archive' (the file) and 'kb' (a name)")
        label = archive.filename or "archive"
        job = await anyio.to_thread.run_sync(state.start_import, archive.file, label, kb)
    state.runner.submit(job)
    return await anyio.to_thread.run_sync(_ingestion_info, request, state, job)


# ----------------------------------------------------------------------------- documents

_UPLOAD_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["files"],
                    "properties": {
                        "files": {"type": "array", "items": {"type": "string", "format": "binary"}}
                    },
                }
            }
        },
    }
}


def _links(request: Request, job: JobRecord) -> dict[str, str]:
    base = f"/v1/kbs/{job.kb}"
    if job.kind is JobKind.INGESTION:
        return {"self": f"{base}/ingestions/{job.job_id}"}
    own = f"{base}/evaluations/{job.job_id}"
    return {
        "self": own,
        "results_jsonl": f"{own}/results?format=jsonl",
        "results_csv": f"{own}/results?format=csv",
        "results_html": f"{own}/results?format=html",
        "results_summary": f"{own}/results?format=summary",
        "cancel": f"{own}/cancel",
    }


def _job_fields(request: Request, job: JobRecord) -> dict[str, Any]:
    return {
        "job_id": job.job_id,
        "kind": job.kind.value,
        "kb": job.kb,
        "status": job.status.value,
        "total": job.total,
        "done": job.done,
        "failed": job.failed,
        "created_at": job.created_at,
        "finished_at": job.finished_at,
        "error": job.error,
        "links": _links(request, job),
    }


def _ingestion_info(request: Request, state: ApiState, job: JobRecord) -> IngestionJobInfo:
    outcomes = []
    for item in state.jobs.items(job.job_id):
        if item.result is not None and "status" in item.result:
            outcomes.append(IngestOutcome.model_validate(item.result))
        elif item.result is not None:
            error = item.result.get("error") or {}
            outcomes.append(
                IngestOutcome(
                    name=str(item.input["name"]),
                    document_id=item.input.get("sha256"),
                    status="failed",
                    code=str(error.get("code", "internal_error")),
                    reason=str(error.get("detail", "")),
                )
            )
        else:
            outcomes.append(
                IngestOutcome(
                    name=str(item.input["name"]),
                    document_id=item.input.get("sha256"),
                    status="pending",
                )
            )
    return IngestionJobInfo(**_job_fields(request, job), documents=outcomes)


@v1.post(
    "/kbs/{kb}/documents",
    response_model=IngestionJobInfo,
    status_code=202,
    tags=["documents"],
    openapi_extra=_UPLOAD_BODY,
    responses={
        413: {"description": "over a size or count limit", **PROBLEM},
        415: {"description": "no file of the request is a PDF", **PROBLEM},
        507: {
            "description": "the data directory is full (storage_full): nothing was stored; "
            "send the same upload again once space is freed",
            **PROBLEM,
        },
    },
)
async def upload_documents(kb: Kb, request: Request, state: State) -> IngestionJobInfo:
    """Upload one or many PDFs (multipart, field `files`): an ingestion job.

    A file that is no PDF (or empty) fails alone, its reason in `documents`; the others go on.
    """
    if await anyio.to_thread.run_sync(_store_is_full, state):
        # Refused before a byte is stored: accepted, the upload could only fail in its job,
        # leaving its file, its original and a failed document behind (issue 37).
        raise StorageFull(
            f"{state.runtime.settings.data_dir} has less free space than the store keeps in "
            "reserve; free some and send the same upload again"
        )
    try:
        parts = await receive_pdfs(request, state.upload_dir, state.limits)
    except OSError as exc:  # the upload's own file on a full disk: 507, not a 500
        full = storage_failure(exc)
        if full is None:
            raise
        raise full from exc
    inputs = [
        {"name": p.name, "sha256": p.sha256, "size": p.size}
        if isinstance(p, StoredUpload)
        else {"name": p.name, "refused": {"code": str(p.code), "reason": p.reason}}
        for p in parts
    ]
    try:
        job = await anyio.to_thread.run_sync(state.jobs.create, JobKind.INGESTION, kb, inputs)
    except BaseException:
        # No job holds the stored files: they go with the refused request.
        await anyio.to_thread.run_sync(
            state.drop_uploads, [str(i["sha256"]) for i in inputs if "sha256" in i]
        )
        raise
    await anyio.to_thread.run_sync(state.record_refused, job.job_id)
    state.runner.submit(job)
    return await anyio.to_thread.run_sync(
        _ingestion_info, request, state, state.jobs.get(job.job_id)
    )


@v1.get("/kbs/{kb}/ingestions", response_model=list[JobInfo], tags=["documents"])
def list_ingestions(kb: Kb, request: Request, state: State) -> list[JobInfo]:
    return [JobInfo(**_job_fields(request, j)) for j in state.jobs.list_jobs(kb, JobKind.INGESTION)]


def _job(state: ApiState, kb: str, job_id: str, kind: JobKind) -> JobRecord:
    job = state.jobs.get(job_id)
    if job.kb != kb or job.kind is not kind:
        raise NotFound(f"no job {job_id!r}")
    return job


@v1.get("/kbs/{kb}/ingestions/{job_id}", response_model=IngestionJobInfo, tags=["documents"])
def get_ingestion(kb: Kb, job_id: str, request: Request, state: State) -> IngestionJobInfo:
    """Progress (done / total / failed) and each file's outcome."""
    return _ingestion_info(request, state, _job(state, kb, job_id, JobKind.INGESTION))


@v1.post("/kbs/{kb}/ingestions/{job_id}/cancel", response_model=JobInfo, tags=["documents"])
def cancel_ingestion(kb: Kb, job_id: str, request: Request, state: State) -> JobInfo:
    _job(state, kb, job_id, JobKind.INGESTION)
    return JobInfo(**_job_fields(request, state.jobs.cancel(job_id)))


def document_info(
    doc: Any,
    copy_of: dict[str, str] | None = None,
    relations: dict[str, list[dict[str, Any]]] | None = None,
) -> DocumentInfo:
    return DocumentInfo(
        document_id=doc.document_id,
        name=doc.name,
        status=str(doc.status.value if hasattr(doc.status, "value") else doc.status),
        pages=doc.pages,
        document_type=doc.document_type,
        document_date=doc.document_date,
        title=doc.title,
        independence_group=doc.independence_group,
        copy_of=(copy_of or {}).get(doc.document_id),
        ocr_pages=list((doc.details or {}).get("ocr_pages", [])),
        ocr_backends=dict((doc.details or {}).get("ocr_backends", {})),
        text_layers=list((doc.details or {}).get("text_layers", [])),
        size_bytes=doc.size_bytes,
        error=doc.error,
        relations=(relations or {}).get(doc.document_id, []),
    )


def _document(state: ApiState, kb: str, document_id: str) -> Any:
    doc = state.runtime.catalog.get_document(kb, document_id) if _is_sha(document_id) else None
    if doc is None:
        raise NotFound(f"no document {document_id!r} in knowledge base {kb!r}")
    return doc


def _is_sha(value: str) -> bool:
    return len(value) == 64 and all(c in "0123456789abcdef" for c in value)


@v1.get("/kbs/{kb}/documents", response_model=list[DocumentInfo], tags=["documents"])
def list_documents(kb: Kb, state: State) -> list[DocumentInfo]:
    copy_of = state.runtime.documents.copy_of(kb)
    relations = state.runtime.documents.relations(kb)
    return [document_info(d, copy_of, relations) for d in state.runtime.catalog.list_documents(kb)]


@v1.get("/kbs/{kb}/documents/{document_id}", response_model=DocumentInfo, tags=["documents"])
def get_document(kb: Kb, document_id: str, state: State) -> DocumentInfo:
    """Metadata, status, independence group, and the document it is an exact copy of."""
    return document_info(
        _document(state, kb, document_id),
        state.runtime.documents.copy_of(kb),
        state.runtime.documents.relations(kb),
    )


@v1.delete("/kbs/{kb}/documents/{document_id}", status_code=204, tags=["documents"])
def delete_document(kb: Kb, document_id: str, state: State) -> Response:
    """Remove a document with its chunks and bindings."""
    _document(state, kb, document_id)
    with state.write_lock:
        state.runtime.ingestor.delete_document(kb, document_id)
    return Response(status_code=204)


@v1.get(
    "/kbs/{kb}/documents/{document_id}/original",
    response_class=FileResponse,
    tags=["documents"],
    responses={200: {"content": {"application/pdf": {}}}},
)
def download_original(kb: Kb, document_id: str, state: State) -> FileResponse:
    """The PDF as uploaded."""
    doc = _document(state, kb, document_id)
    path = state.runtime.blobs.path(document_id)
    if not path.exists():
        raise NotFound(f"the original of {document_id} is not stored")
    safe = "".join(c if c.isalnum() or c in "._- " else "_" for c in doc.name) or "document.pdf"
    return FileResponse(path, media_type="application/pdf", filename=safe)


def _image_caller(request: Request, state: State) -> Principal:
    """A key, or a signed link (from a report) that opens without one."""
    key = request.headers.get("x-api-key")
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        key = auth[7:].strip() or key
    principal = state.keys.authenticate(key)
    if principal is not None:
        return principal
    params = {k: v for k, v in request.query_params.items() if k != "sig"}
    sig = request.query_params.get("sig")
    if sig:
        # The link's key (it may have lost the knowledge base since: checked by the route).
        return state.keys.verify_link(request.url.path, params, sig)
    raise Unauthorized("send an API key, or open a signed link from a report")


@v1.get(
    "/kbs/{kb}/documents/{document_id}/pages/{page}/image",
    response_class=Response,
    tags=["documents"],
    responses={
        200: {
            "content": {"image/png": {}},
            "headers": {"X-Page-Zoom": {"description": "the zoom rendered at"}},
        },
        413: {"description": "the page is over max_page_image_pixels", **PROBLEM},
    },
)
async def page_image(
    kb: str,
    document_id: str,
    page: Annotated[int, PathParam(ge=1, le=100_000)],
    state: State,
    caller: Annotated[Principal, Depends(_image_caller)],
    line_start: Annotated[int | None, Query(ge=1, le=100_000)] = None,
    line_end: Annotated[int | None, Query(ge=1, le=100_000)] = None,
    bbox: Annotated[
        str | None, Query(description="x0,y0,x1,y1 in PDF points", max_length=200)
    ] = None,
    zoom: Annotated[
        float,
        Query(
            ge=MIN_ZOOM,
            le=MAX_ZOOM,
            description="lowered to fit max_page_image_pixels (the X-Page-Zoom header)",
        ),
    ] = 2.0,
    sig: Annotated[
        str | None, Query(description="signature of a report link", max_length=64)
    ] = None,
    exp: Annotated[
        int | None, Query(description="expiry of a report link (Unix seconds)", ge=0)
    ] = None,
    kid: Annotated[
        str | None, Query(description="the key a report link was made with", max_length=32)
    ] = None,
) -> Response:
    """The page as PNG, with the cited lines (or a box) highlighted."""

    def render() -> Any:
        from retrieval import KnowledgeBaseNotFound

        if not caller.can_see(kb):
            raise KnowledgeBaseNotFound(kb)
        state.runtime.catalog.get_kb(kb)
        _document(state, kb, document_id)
        box = parse_bbox(bbox) if bbox is not None else None
        return render_page_image(
            state.runtime.blobs.path(document_id),
            page,
            line_start=line_start,
            line_end=line_end,
            bbox=box,
            zoom=zoom,
            max_pixels=state.limits.max_page_image_pixels,
        )

    # A bounded pool: requests beyond it wait on the event loop, holding no pixmap.
    image = await anyio.to_thread.run_sync(render, limiter=state.render_limiter())
    return Response(image.png, media_type="image/png", headers={"X-Page-Zoom": f"{image.zoom:g}"})


@v1.get(
    "/kbs/{kb}/documents/{document_id}/pages/{page}/lines",
    response_model=PageLinesInfo,
    tags=["documents"],
)
async def page_line_boxes(
    kb: Kb,
    document_id: str,
    page: Annotated[int, PathParam(ge=1, le=100_000)],
    state: State,
) -> PageLinesInfo:
    """The page's printed lines with their boxes, numbered as citations number them."""

    def lay_out() -> PageLinesInfo:
        _document(state, kb, document_id)
        found = page_lines(state.runtime.blobs.path(document_id), page)
        return PageLinesInfo(
            page=page,
            width=found.width,
            height=found.height,
            # to the hundredth of a point, as the parser stores line boxes
            lines=[
                LineBox(line_no=n, bbox=(round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2)))
                for n, (x0, y0, x1, y1) in enumerate(found.boxes, 1)
            ],
        )

    # The image route's bounded pool: laying a page out costs what drawing it does.
    return await anyio.to_thread.run_sync(lay_out, limiter=state.render_limiter())


# ----------------------------------------------------------------------------- query


def _check_question(state: ApiState, question: str | None) -> None:
    limit = state.limits.max_question_chars
    if question is not None and len(question) > limit:
        raise LimitExceeded(
            "max_question_chars", limit, f"question longer than {limit} characters", status=422
        )


def _answer_model() -> Any:
    try:
        from skill import Answer
    except ImportError:  # pragma: no cover
        return dict[str, Any]
    return Answer


@v1.post(
    "/kbs/{kb}/query",
    response_model=_answer_model(),
    tags=["query"],
    responses={
        200: {
            "headers": {
                ANSWER_ID_HEADER: {
                    "description": "the answer's id in the knowledge base's history "
                    "(absent when it could not be kept)",
                    "schema": {"type": "integer"},
                }
            }
        }
    },
)
def query(kb: Kb, body: QueryRequest, state: State, response: Response) -> Any:
    """Ask a question (or a structured subject class) under an optional evidence contract.
    The answer is kept in the knowledge base's history (GET .../answers/{id})."""
    if (body.question is None) == (body.subject is None):
        raise BadRequest("give exactly one of 'question' or 'subject'")
    _check_question(state, body.question)
    if body.top_k is not None and body.top_k > state.limits.max_top_k:
        limit = state.limits.max_top_k
        raise LimitExceeded("max_top_k", limit, f"top_k over {limit}", status=422)
    kwargs: dict[str, Any] = {
        "subject": body.subject,
        "evidence_requirements": body.evidence_requirements,
    }
    if body.top_k is not None and state.ask_accepts_top_k:
        kwargs["top_k"] = body.top_k
    if body.documents is not None:
        kwargs["documents"] = body.documents
    if body.expected_value is not None:
        kwargs["expected_value"] = body.expected_value
    answer = state.runtime.skill.ask(kb, body.question, **kwargs)
    answer_id = _keep_answer(state, kb, body, answer)
    if answer_id is not None:
        response.headers[ANSWER_ID_HEADER] = str(answer_id)
    return answer


def _keep_answer(state: ApiState, kb: str, body: QueryRequest, answer: Any) -> int | None:
    """Record the answer in the history; its id, or None when that failed. The answer is
    given all the same (a history that cannot be written must not cost the answer), and
    its bytes are the route's either way: only a header carries the id."""
    try:
        returned = answer.model_dump(mode="json") if hasattr(answer, "model_dump") else answer
        return state.history.record(kb, body.model_dump(mode="json", exclude_none=True), returned)
    except Exception:
        _log.exception("keeping an answer of %s in its history", kb)
        return None


# ----------------------------------------------------------------------------- history


def _answer_links(kb: str, answer_id: int) -> AnswerLinks:
    return AnswerLinks(
        self=f"/v1/kbs/{kb}/answers/{answer_id}", web=f"/#/kb/{kb}/answers/{answer_id}"
    )


AnswerId = Annotated[int, PathParam(ge=1, le=MAX_ANSWER_ID, description="a kept answer's id")]


@v1.get("/kbs/{kb}/answers", response_model=AnswerPage, tags=["history"])
def list_answers(
    kb: Kb,
    state: State,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    offset: Annotated[int, Query(ge=0, le=MAX_ANSWER_ID)] = 0,
) -> AnswerPage:
    """The answers kept for this knowledge base, newest first (the history keeps the newest
    `history_per_kb`; older ones are dropped)."""
    page = state.history.list_answers(kb, limit=limit, offset=offset)
    return AnswerPage(
        total=state.history.count(kb),
        limit=limit,
        offset=offset,
        answers=[
            AnswerSummaryInfo(
                id=a.answer_id,
                created_at=a.created_at,
                question=a.question,
                verdict=a.verdict,
                links=_answer_links(kb, a.answer_id),
            )
            for a in page
        ],
    )


_EXPORT_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/markdown": {}, "application/json": {}}}
}


def _export(state: ApiState, kb: str, ids: list[int] | None, format: str) -> Response:
    """The answers of `ids` (every kept one when None), oldest first, as Markdown or JSON."""
    records = state.history.select(kb, state.history.all_ids(kb) if ids is None else ids)
    stem = f"{kb}-answer-{records[0].answer_id}" if len(records) == 1 else f"{kb}-answers"
    if format == "md":
        what = f"Answer {records[0].answer_id}" if len(records) == 1 else "Answers"
        text = render_markdown(records, title=f"{what} from knowledge base {kb}")
        return Response(
            text,
            media_type="text/markdown; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{stem}.md"'},
        )
    return JSONResponse(
        [{**r.to_dict(), "links": _answer_links(kb, r.answer_id).model_dump()} for r in records],
        headers={"Content-Disposition": f'attachment; filename="{stem}.json"'},
    )


@v1.get(
    "/kbs/{kb}/answers/export",
    tags=["history"],
    response_class=PlainTextResponse,
    responses=_EXPORT_RESPONSES,
)
def export_answers(
    kb: Kb,
    state: State,
    ids: Annotated[
        str | None,
        Query(
            pattern=r"^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17})*$",
            max_length=200_000,
            description="comma-separated answer ids; absent: every kept answer",
        ),
    ] = None,
    format: Annotated[str, Query(pattern="^(md|json)$")] = "json",
) -> Response:
    """Kept answers with their citations, oldest first: `md` (for a person) or `json` (the
    kept records, each answer as it was returned). 404 names an id that is not kept."""
    wanted = None if ids is None else [int(i) for i in ids.split(",")]
    return _export(state, kb, wanted, format)


@v1.post(
    "/kbs/{kb}/answers/export",
    tags=["history"],
    response_class=PlainTextResponse,
    responses=_EXPORT_RESPONSES,
)
def export_answers_selected(kb: Kb, body: AnswerExport, state: State) -> Response:
    """As GET .../answers/export, the selection in the body (a long one fits there)."""
    return _export(state, kb, body.ids, body.format)


@v1.get("/kbs/{kb}/answers/{answer_id}", response_model=AnswerInfo, tags=["history"])
def get_answer(kb: Kb, answer_id: AnswerId, state: State) -> AnswerInfo:
    """One kept answer: the question, the request's options and the answer as returned."""
    record = state.history.get(kb, answer_id)
    return AnswerInfo(**record.to_dict(), links=_answer_links(kb, answer_id))


@v1.delete("/kbs/{kb}/answers/{answer_id}", status_code=204, tags=["history"])
def delete_answer(kb: Kb, answer_id: AnswerId, state: State) -> Response:
    """Delete a kept answer (its id is not given again)."""
    state.history.delete(kb, answer_id)
    return Response(status_code=204)


# ----------------------------------------------------------------------------- engine


def _engine_body() -> dict[str, Any]:
    from engine import input_schema

    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": input_schema()}},
        }
    }


@v1.post(
    "/sufficiency/evaluate",
    response_model=dict[str, Any],
    tags=["sufficiency"],
    openapi_extra=_engine_body(),
)
async def evaluate_sufficiency(request: Request, _: Caller, state: State) -> dict[str, Any]:
    """The sufficiency engine alone: its input contract in, its verdict out."""
    # Read under the app's body limits (api/_bodies.py); judged off the event loop.
    body = await request.body()
    return await anyio.to_thread.run_sync(_evaluate_json, body)


def _evaluate_json(body: bytes) -> dict[str, Any]:
    """The engine's verdict on `body`. The engine knows nothing of the project: its
    ContractError is translated here, as the skill does, into `skill.ContractError`."""
    import engine
    from skill import ContractError

    try:
        return engine.evaluate_json(body)
    except engine.ContractError as exc:
        raise ContractError.translated(exc) from exc


# ----------------------------------------------------------------------------- evaluations

_EVAL_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {
                "schema": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["id"],
                        "properties": {
                            "id": {"type": "string"},
                            "question": {"type": "string"},
                            "subject": {"type": "object"},
                            "expected_value": {},
                            "evidence_requirements": {"type": "object"},
                        },
                    },
                }
            },
            "application/x-ndjson": {"schema": {"type": "string"}},
        },
    }
}


@v1.post(
    "/kbs/{kb}/evaluations",
    response_model=JobInfo,
    status_code=202,
    tags=["evaluations"],
    openapi_extra=_EVAL_BODY,
    responses={413: {"description": "body over the size limit", **PROBLEM}},
)
async def submit_evaluation(kb: Kb, request: Request, state: State) -> JobInfo:
    """Submit questions (JSONL, or a JSON list): a batch job answering each in order."""
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media not in (
        "application/json",
        "application/x-ndjson",
        "application/jsonl",
        "text/plain",
        "",
    ):
        raise UnsupportedMediaType(
            "send questions as application/json (a list) or application/x-ndjson"
        )
    body = await request.body()  # read under the app's body limits (api/_bodies.py)
    items = await anyio.to_thread.run_sync(
        lambda: parse_questions(
            body,
            max_items=state.limits.max_batch_items,
            max_question_chars=state.limits.max_question_chars,
            max_depth=state.limits.max_json_depth,
        )
    )
    job = await anyio.to_thread.run_sync(
        lambda: state.jobs.create(
            JobKind.EVALUATION, kb, [i.model_dump(mode="json") for i in items]
        )
    )
    state.runner.submit(job)
    return JobInfo(**_job_fields(request, state.jobs.get(job.job_id)))


@v1.get("/kbs/{kb}/evaluations", response_model=list[JobInfo], tags=["evaluations"])
def list_evaluations(kb: Kb, request: Request, state: State) -> list[JobInfo]:
    return [
        JobInfo(**_job_fields(request, j)) for j in state.jobs.list_jobs(kb, JobKind.EVALUATION)
    ]


@v1.get("/kbs/{kb}/evaluations/{job_id}", response_model=JobInfo, tags=["evaluations"])
def get_evaluation(kb: Kb, job_id: str, request: Request, state: State) -> JobInfo:
    """Status with progress: done / total / failed."""
    return JobInfo(**_job_fields(request, _job(state, kb, job_id, JobKind.EVALUATION)))


@v1.post("/kbs/{kb}/evaluations/{job_id}/cancel", response_model=JobInfo, tags=["evaluations"])
def cancel_evaluation(kb: Kb, job_id: str, request: Request, state: State) -> JobInfo:
    """Stop after the question in flight; finished answers are kept."""
    _job(state, kb, job_id, JobKind.EVALUATION)
    return JobInfo(**_job_fields(request, state.jobs.cancel(job_id)))


@v1.get(
    "/kbs/{kb}/evaluations/{job_id}/results",
    tags=["evaluations"],
    response_class=PlainTextResponse,
    responses={
        200: {
            "content": {
                "application/x-ndjson": {},
                "text/csv": {},
                "text/html": {},
                "application/json": {},
            }
        }
    },
)
def evaluation_results(
    kb: Kb,
    job_id: str,
    request: Request,
    state: State,
    principal: Caller,
    format: Annotated[str, Query(pattern="^(jsonl|csv|html|summary)$")] = "jsonl",
) -> Response:
    """The answers so far, in input order: JSONL, CSV, or an HTML report; `summary`: the
    expected values' outcomes counted and the accuracy (JSON)."""
    job = _job(state, kb, job_id, JobKind.EVALUATION)
    results = [item.result for item in state.jobs.items(job.job_id) if item.result is not None]
    if format == "jsonl":
        return Response(render_jsonl(results), media_type="application/x-ndjson")
    if format == "csv":
        return Response(render_csv(results), media_type="text/csv; charset=utf-8")
    if format == "summary":
        return JSONResponse(evaluation_summary(results))
    base = (state.limits.public_base_url or str(request.base_url)).rstrip("/")
    # Signed by the caller's key: revoking it revokes the report's links; they expire.
    sign = state.keys.link_signer(principal, ttl_seconds=state.limits.signed_link_ttl_seconds)

    def link(loc: dict[str, Any]) -> str | None:
        doc, page = loc.get("document_id"), loc.get("page")
        if not doc or not page:
            return None
        params = {}
        if loc.get("line_start"):
            params["line_start"] = str(loc["line_start"])
            params["line_end"] = str(loc.get("line_end") or loc["line_start"])
        path = f"/v1/kbs/{kb}/documents/{doc}/pages/{page}/image"
        return base + sign(path, params)

    page = render_html(
        results,
        title=f"Evaluation {job.job_id}",
        subtitle=f"knowledge base {kb} · {job.status.value} · {job.done}/{job.total} done, {job.failed} failed",
        link_for=link,
    )
    return Response(page, media_type="text/html; charset=utf-8", headers=_REPORT_HEADERS)


# The report is one self-contained page: no script, nothing fetched, its own inline stylesheet
# (it is also saved and opened from disk, so the style cannot be a file of ours). Its links
# to page images are navigations, which the policy does not restrict.
_REPORT_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
}


# ----------------------------------------------------------------------------- bindings


@v1.get("/kbs/{kb}/bindings", tags=["bindings"])
def list_bindings(
    kb: Kb,
    state: State,
    entity: Annotated[str | None, Query(max_length=300)] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    offset: Annotated[int, Query(ge=0)] = 0,
) -> list[dict[str, Any]]:
    """Bindings with their citations; with `entity`, those where it is subject or parent."""
    found = state.runtime.bindings(kb, entity)
    return [b.model_dump(mode="json") for b in found[offset : offset + limit]]


@v1.get("/kbs/{kb}/entities", response_model=list[EntityInfo], tags=["bindings"])
def list_entities(kb: Kb, state: State) -> list[EntityInfo]:
    """Resolved entities and their aliases."""
    return [EntityInfo.model_validate(e) for e in state.runtime.entities(kb)]
