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
from datetime import datetime, timedelta
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
                name, question, subject, documents, evidence_requirements, None, evaluation_time
            )
            return self.judge_claim(
                name,
                answer.model_dump(mode="json"),
                expected_value,
                {
                    "evidence_requirements": evidence_requirements,
                    "evaluation_time": evaluation_time,
                },
            )

    def judge_claim(
        self, kb: str, answer: dict[str, Any], expected: Any, request: dict[str, Any]
    ) -> dict[str, Any]:
        """The engine's verdict on `expected` against the answer's evidence records."""
        import engine
        from skill import ContractError, ValueJudge

        kb_layer = dict(self.runtime.skill.default_requirements)
        kb_layer.update(self.runtime.documents.settings(kb).get("evidence_requirements") or {})
        contract = ValueJudge(kb_layer, request["evidence_requirements"])
        evidence = {e["evidence_id"]: e for e in answer.get("evidence", ())}
        grouped = _grouped_values(answer)
        judged = answer.get("sufficiency") or {}
        claim_ids = sorted({e["claim_id"] for e in evidence.values()})
        base = next(
            (c for c in claim_ids if judged.get("claim_id", "").startswith(c)),
            claim_ids[0] if claim_ids else "claim",
        )
        # A claim judged once per value (founders, parties: several hold at once) states
        # that the expected value is one of them; the others do not contradict it.
        several = bool(judged) and judged.get("claim_id") != base
        values = {i: grouped.get(i, e["value"]) for i, e in evidence.items()}
        compared = next(
            (
                v
                for v in sorted(set(map(json.dumps, values.values())))
                if _same(expected, json.loads(v))
            ),
            None,
        )
        as_compared = json.loads(compared) if compared is not None else expected
        claim = f"{base}={as_compared}" if several else base
        records = [
            _record(evidence[i], claim, v)
            for i, v in sorted(values.items())
            if evidence[i]["claim_id"] == base
            and (not several or engine.json_equal(v, as_compared))
        ]
        payload = {
            "mode": "claim",
            "claim_or_condition": {"id": claim, "expected_value": as_compared},
            "evaluation_time": request["evaluation_time"] or _judged_at(answer) or _UNDATED,
            "evidence_requirements": contract.requirements,
            "evidence_bundle": records,
            "resolution_policy": contract.policy,
        }
        try:
            verdict = engine.evaluate(payload)
        except engine.ContractError as exc:
            raise ContractError.translated(exc) from exc
        details = verdict["resolution_details"]
        side = {"SUPPORTED": "support", "CONTRADICTED": "contradiction"}.get(verdict["decision"])
        deciding = details[side]["evidence_ids"] if side else []
        return {
            "claim_id": claim,
            "expected_value": expected,
            "compared_as": as_compared,
            "decision": verdict["decision"],
            "reason_codes": verdict["reason_codes"],
            "deciding_evidence": [evidence[i] for i in deciding],
            "support_evidence_ids": details["support"]["evidence_ids"],
            "contradiction_evidence_ids": details["contradiction"]["evidence_ids"],
            "observed_values": answer.get("conclusion", {}).get("values", []),
            "terminal_state": answer.get("terminal_state"),
            "subject_class": answer.get("subject_class"),
            "suggested_next_actions": answer.get("suggested_next_actions", []),
            "sufficiency": verdict,
        }

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


def _grouped_values(answer: dict[str, Any]) -> dict[str, Any]:
    """Each evidence id → the value it counts for, as the skill grouped it (a name by its
    entity key, an address with its postcode): the conclusion's values, then the conflicts'."""
    grouped: dict[str, Any] = {}
    sources = [answer.get("conclusion", {}).get("values", [])]
    sources += [c.get("values", []) for c in answer.get("conflicts", [])]
    for values in sources:
        for v in values:
            for i in v.get("evidence_ids", ()):
                grouped.setdefault(i, v["value"])
    return grouped


def _same(expected: Any, observed: Any) -> bool:
    """Whether the caller's value is the observed one: strict JSON equality, or for text the
    same words (case and spacing aside) or the same entity name (suffixes aside)."""
    import engine

    if isinstance(expected, str) and isinstance(observed, str):
        if " ".join(expected.split()).casefold() == " ".join(observed.split()).casefold():
            return True
        key = entity_key(expected)
        return bool(key) and key == entity_key(observed)
    return bool(engine.json_equal(expected, observed))


def _record(evidence: dict[str, Any], claim: str, value: Any) -> dict[str, Any]:
    """The engine's evidence record for one of the answer's evidence items."""
    loc = evidence["source_location"]
    record: dict[str, Any] = {
        "id": evidence["evidence_id"],
        "claim_id": claim,
        "source_id": loc["document_id"],
        "source_type": evidence.get("source_type") or "other",
        "observed_at": evidence.get("observed_at") or _UNDATED,
        "value": value,
        "confidence": evidence.get("confidence"),
        "provenance": {
            "reference": f"{loc['document']} p.{loc['page']} l.{loc['line_start']}-{loc['line_end']}"
        },
    }
    if evidence.get("independence_group"):
        record["independence_group"] = evidence["independence_group"]
    return record


def _judged_at(answer: dict[str, Any]) -> str | None:
    """The evaluation time the skill judged the answer at: a record's observation time plus
    the age the engine gave it (exact; the skill never reads the clock)."""
    sufficiency = answer.get("sufficiency") or {}
    records = (sufficiency.get("freshness") or {}).get("records") or []
    observed = {e["evidence_id"]: e.get("observed_at") for e in answer.get("evidence", ())}
    for r in records:
        at = observed.get(r.get("id"))
        if at and r.get("age_seconds") is not None:
            when = datetime.fromisoformat(at.replace("Z", "+00:00"))
            return (when + timedelta(seconds=r["age_seconds"])).isoformat().replace("+00:00", "Z")
    return None


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
    "`expected_value`. The skill answers the question as `ask` does; then the sufficiency "
    "engine judges the expected value against that answer's evidence records under the "
    "evidence contract: SUPPORTED (the evidence states this value and meets the contract), "
    "CONTRADICTED (it states another value and meets the contract) or INSUFFICIENT (no "
    "evidence, mixed evidence, or too few independent sources). Values are compared as the "
    "engine compares them (strict JSON equality) after one step: text that is an observed "
    "value but for case and spacing, or names the same entity (legal suffixes aside), is "
    "compared as that value (`compared_as`). It checks only what the documents state in the "
    "passages the skill reads, in the skill's normalised form (see an `ask` answer's "
    "evidence values): 'State of New York' is not 'New York'. Where a claim holds several "
    "values at once (founders, parties), other values do not contradict the expected one. "
    "Returns the decision, reason codes, deciding_evidence (quotes and locations), the "
    "observed values and the engine's full output."
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
