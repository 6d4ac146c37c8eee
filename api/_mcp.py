"""The MCP server (issue 36): the skill, the engine and the documents as tools for agents.

Built on the official `mcp` SDK (`MCPServer`). One builder, `create_mcp_server(access)`,
two transports:

- stdio (`evrag mcp --kb KB`, `serve_mcp`): one process per client, holding the embedded
  store; the connection sees the knowledge bases named on the command line;
- streamable HTTP at `/mcp` on `evrag serve` (api/_mcp_http.py): every request carries an
  API key, and a call sees only that key's knowledge bases (the admin key: all of them).

Errors are the API's: a project error the API answers with a 4xx is a tool error whose text
is the problem's code and detail (`limit_exceeded: question longer than 300 characters
(limit max_question_chars = 300)`); an argument that fails the tool's schema is the SDK's
tool error naming it; anything else is logged and answered "Error executing tool X", and the
server goes on. The limits are the API's too (`ApiSettings`): question length, `top_k`,
JSON nesting, page image pixels; over HTTP the body size as well (api/_bodies.py).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Annotated, Any

import anyio
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.types import Image
from mcp_types import ToolAnnotations
from pydantic import Field

from api._auth import Principal
from api._errors import BadRequest, LimitExceeded, NotFound
from api._limits import ApiSettings
from api._pages import MAX_ZOOM, MIN_ZOOM, render_page_image
from api._routes import document_info
from app import Runtime, Settings, check_json_depth
from domain import EvidenceRagError, entity_key

_log = logging.getLogger("evrag.mcp")

#: the server's name, as MCP clients show it
SERVER_NAME = "evidence-rag"
_READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)
# Where an answer has no evidence, the engine still judges an empty bundle: any valid time.
_UNDATED = "1970-01-01T00:00:00Z"

_INSTRUCTIONS = (
    "Evidence-first answers over due-diligence document sets. Every answer is bound to quoted "
    "source lines (document, page, lines); when the subject of a question is not in the "
    "knowledge base the answer says so (terminal_state SUBJECT_NOT_FOUND) and stops; "
    "conflicting sources are listed, never arbitrated; each answer carries the sufficiency "
    "engine's verdict (SUPPORTED / CONTRADICTED / INSUFFICIENT) under an evidence contract. "
    "Start with list_documents or find_entity, ask questions with ask, verify a value with "
    "check_claim, and show a citation with cited_page."
)

# ----------------------------------------------------------------------------- arguments

KbArg = Annotated[
    str | None,
    Field(
        description="The knowledge base. May be omitted when the connection sees exactly one.",
        max_length=64,
    ),
]
QuestionArg = Annotated[
    str | None,
    Field(
        description="The question in prose, e.g. 'What is the governing law of the agreement "
        "between Acme Robotics, Inc. and Northwind Traders LLC?'. Give this or `subject`."
    ),
]
SubjectArg = Annotated[
    dict[str, Any] | None,
    Field(
        description="A structured subject class instead of prose: {type, name, role, "
        "parent_entity, attribute, document_type, constraints}, e.g. {'type': 'individual', "
        "'role': 'founder', 'parent_entity': 'Acme Robotics, Inc.'}. Give this or `question`."
    ),
]
DocumentsArg = Annotated[
    list[str] | None,
    Field(
        description="Scope: ids or file names of committed documents; only they are read "
        "(for the subject as for the evidence). Omit to read the whole knowledge base.",
        min_length=1,
        max_length=1000,
    ),
]
RequirementsArg = Annotated[
    dict[str, Any] | None,
    Field(
        description="The engine's evidence contract for this call, over the knowledge base's "
        "default: {minimum_independent_sources, required_source_types, max_age_seconds, "
        "confidence_threshold, require_provenance, resolution_policy}; any subset."
    ),
]
TopKArg = Annotated[
    int | None, Field(description="Passages retrieved per search (default: the skill's).", ge=1)
]


@dataclass
class McpAccess:
    """What one MCP server serves: the runtime, the API's limits, who calls, the page pool.

    `caller(headers)` is the principal of a call: from its request's headers over HTTP
    (raising Unauthorized without a valid key), fixed over stdio (headers None).
    """

    runtime: Runtime
    limits: ApiSettings
    caller: Callable[[Mapping[str, str] | None], Principal]
    render_limiter: Callable[[], anyio.CapacityLimiter]


@dataclass
class _LazyLimiter:
    """A capacity limiter made on the event loop at its first use (anyio needs the loop)."""

    size: int
    _limiter: anyio.CapacityLimiter | None = field(default=None)

    def __call__(self) -> anyio.CapacityLimiter:
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.size)
        return self._limiter


@contextmanager
def _as_tool_error() -> Iterator[None]:
    """A project error the API answers with a 4xx → a tool error with its code and detail."""
    try:
        yield
    except EvidenceRagError as exc:
        if exc.status >= 500:
            raise  # a fault of ours: the SDK logs it and answers without the details
        raise ToolError(f"{type(exc).code}: {exc}") from exc


@contextmanager
def _as_resource_error() -> Iterator[None]:
    try:
        yield
    except EvidenceRagError as exc:
        if exc.status >= 500:
            raise
        kind = ResourceNotFoundError if exc.status == 404 else ResourceError
        raise kind(f"{type(exc).code}: {exc}") from exc


class _Tools:
    """The tools and resources, each a few lines over the runtime (as the routes are)."""

    def __init__(self, access: McpAccess) -> None:
        self.access = access
        self.runtime = access.runtime
        self.limits = access.limits

    # -- access -------------------------------------------------------------------------

    def principal(self, headers: Mapping[str, str] | None) -> Principal:
        return self.access.caller(headers)

    def kb(self, headers: Mapping[str, str] | None, kb: str | None) -> str:
        """The knowledge base of a call, if it exists and the caller may see it; the one it
        sees when none is named; else the API's one answer for both (not found)."""
        from retrieval import KnowledgeBaseNotFound

        principal = self.principal(headers)
        if kb is None:
            visible = self.visible(principal)
            if len(visible) != 1:
                seen = ", ".join(visible) or "none"
                raise BadRequest(f"kb: name the knowledge base (this connection sees: {seen})")
            kb = visible[0]
        if not principal.can_see(kb):
            raise KnowledgeBaseNotFound(kb)
        self.runtime.catalog.get_kb(kb)  # raises KnowledgeBaseNotFound
        return kb

    def visible(self, principal: Principal) -> list[str]:
        names = [kb.name for kb in self.runtime.catalog.list_kbs()]
        return sorted(n for n in names if principal.can_see(n))

    def check_depth(self, name: str, value: Any) -> None:
        """JSON nesting within the API's `max_json_depth` (stdio arguments are not a body)."""
        if value is None:
            return
        limit = self.limits.max_json_depth
        try:
            check_json_depth(json.dumps(value), limit)
        except ValueError:
            raise LimitExceeded(
                "max_json_depth",
                limit,
                f"{name}: JSON nested deeper than {limit} levels",
                status=422,
            ) from None

    def ask_skill(
        self,
        kb: str,
        question: str | None,
        subject: dict[str, Any] | None,
        documents: list[str] | None,
        evidence_requirements: dict[str, Any] | None,
        top_k: int | None = None,
        evaluation_time: str | None = None,
        expected_value: Any = None,
    ) -> Any:
        """The skill's answer, after the API's checks of the same arguments."""
        if (question is None) == (subject is None):
            raise BadRequest("give exactly one of 'question' or 'subject'")
        limit = self.limits.max_question_chars
        if question is not None and len(question) > limit:
            raise LimitExceeded(
                "max_question_chars", limit, f"question longer than {limit} characters", status=422
            )
        if top_k is not None and top_k > self.limits.max_top_k:
            limit = self.limits.max_top_k
            raise LimitExceeded("max_top_k", limit, f"top_k over {limit}", status=422)
        self.check_depth("subject", subject)
        self.check_depth("evidence_requirements", evidence_requirements)
        kwargs: dict[str, Any] = {
            "subject": subject,
            "evidence_requirements": evidence_requirements,
        }
        if top_k is not None:
            kwargs["top_k"] = top_k
        if documents is not None:
            kwargs["documents"] = documents
        if evaluation_time is not None:
            kwargs["evaluation_time"] = evaluation_time
        if expected_value is not None:
            kwargs["expected_value"] = expected_value
        return self.runtime.skill.ask(kb, question, **kwargs)

    # -- tools --------------------------------------------------------------------------

    def ask(
        self,
        ctx: Context,
        question: QuestionArg = None,
        subject: SubjectArg = None,
        documents: DocumentsArg = None,
        evidence_requirements: RequirementsArg = None,
        top_k: TopKArg = None,
        kb: KbArg = None,
    ) -> dict[str, Any]:
        with _as_tool_error():
            name = self.kb(ctx.headers, kb)
            answer = self.ask_skill(
                name, question, subject, documents, evidence_requirements, top_k
            )
            body: dict[str, Any] = answer.model_dump(mode="json")
            return body

    def check_claim(
        self,
        ctx: Context,
        expected_value: Annotated[
            Any,
            Field(
                description="The value the claim states, e.g. 'New York' for a governing "
                "law, 'Jane Smith' for a founder, '2021-03-03' for a date."
            ),
        ],
        question: Annotated[
            str | None,
            Field(
                description="The question the claim answers, e.g. 'Who founded Acme "
                "Robotics, Inc.?'. Give this or `subject`."
            ),
        ] = None,
        subject: SubjectArg = None,
        documents: DocumentsArg = None,
        evidence_requirements: RequirementsArg = None,
        evaluation_time: Annotated[
            str | None,
            Field(
                description="ISO 8601 date-time with a timezone; default: the time the "
                "skill judges at (the end of the latest document date), never the clock.",
                max_length=64,
            ),
        ] = None,
        kb: KbArg = None,
    ) -> dict[str, Any]:
        with _as_tool_error():
            name = self.kb(ctx.headers, kb)
            self.check_depth("expected_value", expected_value)
            answer = self.ask_skill(
                name,
                question,
                subject,
                documents,
                evidence_requirements,
                None,
                evaluation_time,
                expected_value=expected_value,
            )
            return _claim_result(answer.model_dump(mode="json"))

    def list_documents(self, ctx: Context, kb: KbArg = None) -> list[dict[str, Any]]:
        with _as_tool_error():
            return self.documents(self.kb(ctx.headers, kb))

    def documents(self, kb: str) -> list[dict[str, Any]]:
        copy_of = self.runtime.documents.copy_of(kb)
        relations = self.runtime.documents.relations(kb)
        return [
            document_info(d, copy_of, relations).model_dump(mode="json")
            for d in self.runtime.catalog.list_documents(kb)
        ]

    def get_bindings(
        self,
        ctx: Context,
        entity: Annotated[
            str | None,
            Field(
                description="An entity's name or alias: only bindings where it is the subject "
                "or the parent. Omit for every binding.",
                max_length=300,
            ),
        ] = None,
        limit: Annotated[int, Field(ge=1, le=1000, description="At most this many.")] = 100,
        offset: Annotated[int, Field(ge=0, description="Skip this many first.")] = 0,
        kb: KbArg = None,
    ) -> list[dict[str, Any]]:
        with _as_tool_error():
            found = self.runtime.bindings(self.kb(ctx.headers, kb), entity)
            return [b.model_dump(mode="json") for b in found[offset : offset + limit]]

    def find_entity(
        self,
        ctx: Context,
        name: Annotated[
            str, Field(description="A name, alias or part of one.", min_length=1, max_length=300)
        ],
        kb: KbArg = None,
    ) -> list[dict[str, Any]]:
        with _as_tool_error():
            entities = self.runtime.entities(self.kb(ctx.headers, kb))
            key = entity_key(name)
            folded = " ".join(name.split()).casefold()
            found = []
            for e in entities:
                names = [e["name"], *e["aliases"]]
                if e["key"] == key or entity_key(e["name"]) == key:
                    match = "exact"
                elif any(entity_key(a) == key for a in e["aliases"]):
                    match = "alias"
                elif any(folded in " ".join(n.split()).casefold() for n in names):
                    match = "partial"
                else:
                    continue
                found.append({**e, "match": match})
            order = {"exact": 0, "alias": 1, "partial": 2}
            return sorted(found, key=lambda e: (order[e["match"]], e["key"]))

    def evaluate_sufficiency(
        self,
        ctx: Context,
        mode: Any,
        claim_or_condition: Any,
        evaluation_time: Any,
        evidence_requirements: Any,
        evidence_bundle: Any,
        resolution_policy: Any = None,
    ) -> dict[str, Any]:
        import engine
        from skill import ContractError

        with _as_tool_error():
            self.principal(ctx.headers)
            payload = {
                "mode": mode,
                "claim_or_condition": claim_or_condition,
                "evaluation_time": evaluation_time,
                "evidence_requirements": evidence_requirements,
                "evidence_bundle": evidence_bundle,
            }
            if resolution_policy is not None:
                payload["resolution_policy"] = resolution_policy
            self.check_depth("the contract", payload)
            try:
                verdict: dict[str, Any] = engine.evaluate(payload)
            except engine.ContractError as exc:
                raise ContractError.translated(exc) from exc
            return verdict

    async def cited_page(
        self,
        ctx: Context,
        document_id: Annotated[
            str,
            Field(
                description="The document's id (source_location.document_id of a citation).",
                pattern=r"^[0-9a-f]{64}$",
            ),
        ],
        page: Annotated[int, Field(ge=1, le=100_000, description="The page, 1-based.")],
        line_start: Annotated[
            int | None, Field(ge=1, le=100_000, description="First cited line (1-based).")
        ] = None,
        line_end: Annotated[
            int | None, Field(ge=1, le=100_000, description="Last cited line (default: first).")
        ] = None,
        zoom: Annotated[
            float,
            Field(
                ge=MIN_ZOOM,
                le=MAX_ZOOM,
                description="Scale (1 = 72 dpi); lowered to fit max_page_image_pixels.",
            ),
        ] = 1.5,
        kb: KbArg = None,
    ) -> list[Any]:
        headers = ctx.headers

        def render() -> Any:
            with _as_tool_error():
                name = self.kb(headers, kb)
                doc = self.runtime.catalog.get_document(name, document_id)
                if doc is None:
                    raise NotFound(f"no document {document_id!r} in knowledge base {name!r}")
                image = render_page_image(
                    self.runtime.blobs.path(document_id),
                    page,
                    line_start=line_start,
                    line_end=line_end,
                    zoom=zoom,
                    max_pixels=self.limits.max_page_image_pixels,
                )
                return doc, image

        # The API's page pool: renders beyond it wait here, holding no pixmap.
        doc, image = await anyio.to_thread.run_sync(render, limiter=self.access.render_limiter())
        caption = {
            "document": doc.name,
            "document_id": document_id,
            "page": page,
            "line_start": line_start,
            "line_end": line_end if line_end is not None else line_start,
            "zoom": image.zoom,
            "width": image.width,
            "height": image.height,
        }
        return [Image(data=image.png, format="png"), json.dumps(caption)]

    # -- resources ----------------------------------------------------------------------

    def documents_resource(self, kb: str, ctx: Context) -> str:
        return self.documents_json(ctx.headers, kb)

    def documents_json(self, headers: Mapping[str, str] | None, kb: str) -> str:
        with _as_resource_error():
            return json.dumps(self.documents(self.kb(headers, kb)), indent=2, ensure_ascii=False)

    def passage_resource(
        self, kb: str, document_id: str, page: str, lines: str, ctx: Context
    ) -> str:
        with _as_resource_error():
            name = self.kb(ctx.headers, kb)
            first, _, last = lines.partition("-")
            if not (page.isdigit() and first.isdigit() and (last or first).isdigit()):
                raise BadRequest("page and lines must be numbers: .../pages/2/lines/21-22")
            number, start, end = int(page), int(first), int(last or first)
            return self.passage(name, document_id, number, start, end)

    def passage(self, kb: str, document_id: str, page: int, start: int, end: int) -> str:
        """The text of lines `start..end` of a page, as the ingestion read them (OCR too)."""
        doc = self.runtime.catalog.get_document(kb, document_id)
        if doc is None:
            raise NotFound(f"no document {document_id!r} in knowledge base {kb!r}")
        found: dict[int, str] = {}
        for chunk in self.runtime.store.chunks_of(kb, document_id):
            for line in chunk.lines:
                if line.page == page and start <= line.line_no <= end:
                    found.setdefault(line.line_no, chunk.text[line.offset :].split("\n", 1)[0])
        if not found:
            raise NotFound(f"{doc.name} has no text on page {page}, lines {start}-{end}")
        return "\n".join(found[n] for n in sorted(found))


def _claim_result(answer: dict[str, Any]) -> dict[str, Any]:
    """check_claim's result: the skill's own evaluation of the expected value (the engine's
    verdict on "attribute = value" over the answer's observations), with the deciding quotes."""
    evaluation = answer.get("evaluation") or {}
    evidence = {e["evidence_id"]: e for e in answer.get("evidence", ())}
    return {
        "expected_value": evaluation.get("expected_value"),
        "read_as": evaluation.get("read_as"),
        "outcome": evaluation.get("outcome"),
        "decision": evaluation.get("decision"),
        "reason_codes": evaluation.get("reason_codes", []),
        "deciding_evidence": [
            evidence[i] for i in evaluation.get("evidence_ids", ()) if i in evidence
        ],
        "observed_values": (answer.get("conclusion") or {}).get("values", []),
        "terminal_state": answer.get("terminal_state"),
        "subject_class": answer.get("subject_class"),
        "suggested_next_actions": answer.get("suggested_next_actions", []),
    }


_ASK = (
    "Ask the knowledge base one question, in prose or as a structured subject, optionally "
    "scoped to some documents and under an evidence contract. Returns the skill's answer "
    "object: subject_class, state_trace, terminal_state (CONCLUDED, or SUBJECT_NOT_FOUND when "
    "the subject is not in the knowledge base: then nothing else was searched and "
    "suggested_next_actions says what to source), candidate_subjects, evidence (each with "
    "value, quote, source_location {document, document_id, page, section, line_start, "
    "line_end}), conclusion {answer, values}, conflicts (never arbitrated), confidence, "
    "sufficient, risk_signals, and sufficiency (the engine's verdict SUPPORTED / "
    "CONTRADICTED / INSUFFICIENT with its reasons). Deterministic: the same question on the "
    "same knowledge base gives the same answer."
)
_CHECK = (
    "Check a claim: that the answer to a question (or structured subject) is "
    "`expected_value`. The skill answers the question as `ask` does and the sufficiency "
    "engine judges the claim 'attribute = expected_value' over that answer's observations "
    "under the evidence contract (the same judging as `ask` with an expected value, and as a "
    "batch line's): decision SUPPORTED (outcome match: the documents state this value and meet "
    "the contract), CONTRADICTED (mismatch: they state another value) or INSUFFICIENT "
    "(not_established: no evidence, mixed evidence, too few independent sources, or the "
    "subject is not in the knowledge base). The expected value is read the way the "
    "attribute's values are (`read_as`): 'the State of New York', 'NY law' and 'New York' are "
    "one jurisdiction, '$5 million' and 'USD 5,000,000' one amount, '1 year' and 'twelve "
    "months' one duration, names compare by entity. Where a claim holds several values at "
    "once (founders, parties), the expected value is supported when it is one of them, and "
    "contradicted by them only when it is none of them. Returns the "
    "outcome, decision, reason codes, deciding_evidence (quotes and locations) and the "
    "observed values."
)
_EVALUATE = (
    "The sufficiency engine alone, with no knowledge base: judge one claim against an "
    "evidence bundle you supply, under an evidence contract. The arguments are exactly the "
    "engine's input contract (mode, claim_or_condition {id, expected_value}, evaluation_time, "
    "evidence_requirements, evidence_bundle [records {id, claim_id, source_id, source_type, "
    "observed_at, value, confidence, independence_group, provenance}], resolution_policy); "
    "unknown fields are refused, naming the field. Returns decision, reason_codes, "
    "resolution_details, confidence, excluded_evidence, freshness, provenance and limitations."
)
_LIST_DOCUMENTS = (
    "The documents of the knowledge base: id, name, status, pages, type, date, title, "
    "independence group, the document it is an exact copy of, OCR'd pages and the earlier "
    "agreements it amends. Use the names or ids to scope `ask` (documents)."
)
_GET_BINDINGS = (
    "The entity-binding index: who holds which role of which entity (founder of, party to, "
    "registered agent ...), each with its binding type and the quote and location it was "
    "read from. With `entity`, only bindings where it is the subject or the parent entity."
)
_FIND_ENTITY = (
    "Find the entities (people, companies) the knowledge base names, by name, alias or part "
    "of one: each with its key, name, aliases (defined terms such as 'the Company') and how "
    "it matched (exact, alias, partial). An empty list means no binding names such an entity."
)
_CITED_PAGE = (
    "The image (PNG) of one page of a document with the cited lines highlighted, to show a "
    "citation: pass an evidence item's source_location.document_id, page, line_start and "
    "line_end. Large pages are rendered at a lower zoom to stay within the server's pixel "
    "limit. Also returns a caption (JSON) with the document's name and the zoom used."
)


def create_mcp_server(access: McpAccess) -> MCPServer:
    """The MCP server over `access`: the tools and resources of issue 36."""
    from engine import input_schema

    tools = _Tools(access)

    def tool(fn: Callable[..., Any], description: str, **kw: Any) -> Tool:
        return Tool.from_function(
            fn, name=fn.__name__, description=description, annotations=_READ_ONLY, **kw
        )

    # evaluate_sufficiency's arguments are the engine's input: its JSON Schema is listed as
    # the tool's (the engine validates every call by the same rules, naming the field).
    engine_schema = {k: v for k, v in input_schema().items() if k != "$schema"}
    server: MCPServer = MCPServer(
        SERVER_NAME,
        instructions=_INSTRUCTIONS,
        version="0.1.0",
        tools=[
            tool(tools.ask, _ASK),
            tool(tools.check_claim, _CHECK),
            tool(tools.list_documents, _LIST_DOCUMENTS),
            tool(tools.get_bindings, _GET_BINDINGS),
            tool(tools.find_entity, _FIND_ENTITY),
            tool(tools.evaluate_sufficiency, _EVALUATE).model_copy(
                update={"parameters": engine_schema}
            ),
            tool(tools.cited_page, _CITED_PAGE, structured_output=False),
        ],
    )
    server.resource(
        "evrag://{kb}/documents",
        name="documents",
        description="The documents of a knowledge base (metadata, as list_documents).",
        mime_type="application/json",
    )(tools.documents_resource)
    server.resource(
        "evrag://{kb}/documents/{document_id}/pages/{page}/lines/{lines}",
        name="passage",
        description="The text of a cited passage: lines `lines` ('21-22' or '21') of a page, "
        "as the ingestion read them.",
        mime_type="text/plain",
    )(tools.passage_resource)
    return server


def serve_mcp(settings: Settings, kbs: Sequence[str]) -> None:
    """`evrag mcp --kb KB`: serve knowledge bases `kbs` to one MCP client over stdio.

    The runtime opens first: a data directory held by another process (StoreLocked) or an
    unknown knowledge base is the CLI's one-line error, before the client is answered."""
    limits = ApiSettings()
    with Runtime.open(settings) as runtime:
        for kb in kbs:
            runtime.catalog.get_kb(kb)
        runtime.skill.warm_up()
        principal = Principal(False, None, frozenset(kbs))
        access = McpAccess(
            runtime, limits, lambda _headers: principal, _LazyLimiter(limits.page_render_workers)
        )
        server = create_mcp_server(access)
        for kb in kbs:
            _add_documents_resource(server, access, kb)
        _log.info("serving %s over stdio", ", ".join(kbs))
        server.run("stdio")


def _add_documents_resource(server: MCPServer, access: McpAccess, kb: str) -> None:
    """A listed resource for each knowledge base of a stdio server (a client lists these)."""
    tools = _Tools(access)
    server.resource(
        f"evrag://{kb}/documents",
        name=f"{kb} documents",
        description=f"The documents of knowledge base {kb} (metadata).",
        mime_type="application/json",
    )(lambda: tools.documents_json(None, kb))
