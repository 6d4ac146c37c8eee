"""Fixtures for the retrieval tests: the real packaged embedding model and both backends."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterator

import pytest
from qdrant_client import QdrantClient

from domain import BBox, Binding, BindingType, ChunkRecord, PageLines, SourceLocation, SubjectType
from retrieval import EdgeStore, Embedder, ServerStore, VectorStore

_NS = uuid.UUID("6f1d7c1e-6a53-4f7e-9a0e-2f4f3c1d9b10")


def doc_id(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()


def make_chunk(
    document: str,
    text: str,
    *,
    char_start: int,
    page: int = 1,
    entity_keys: tuple[str, ...] = (),
    section: str | None = "1. General",
    clause: str | None = None,
) -> ChunkRecord:
    document_id = doc_id(document)
    char_end = char_start + len(text)
    return ChunkRecord(
        chunk_id=str(uuid.uuid5(_NS, f"{document_id}:{char_start}:{char_end}")),
        document_id=document_id,
        document_name=f"{document}.pdf",
        document_type="agreement",
        document_date="2021-03-04",
        independence_group=document_id[:16],
        text=text,
        section=section,
        clause=clause,
        paragraph=char_start // 100 + 1,
        pages=(
            PageLines(page=page, line_start=3, line_end=7),
            PageLines(page=page + 1, line_start=1, line_end=2),
        ),
        char_start=char_start,
        char_end=char_end,
        bboxes=(
            BBox(page=page, x0=72.0, y0=100.25, x1=540.5, y1=180.125),
            BBox(page=page + 1, x0=72.0, y0=60.0, x1=300.0, y1=84.333),
        ),
        entity_keys=entity_keys,
    )


def make_binding(
    document: str,
    *,
    subject: str,
    subject_key: str,
    role: str,
    parent: str | None,
    parent_key: str | None,
    binding_type: BindingType,
    char_start: int,
    subject_type: SubjectType = SubjectType.INDIVIDUAL,
    attributes: dict[str, str] | None = None,
) -> Binding:
    document_id = doc_id(document)
    quote = f"{subject} is the {role} of {parent}"
    location = SourceLocation(
        document=f"{document}.pdf",
        document_id=document_id,
        page=2,
        section="3. Officers",
        clause="3.1",
        paragraph=4,
        line_start=10,
        line_end=11,
        char_start=char_start,
        char_end=char_start + len(quote),
        bbox=BBox(page=2, x0=72.0, y0=300.5, x1=500.0, y1=320.75),
        pages=(PageLines(page=2, line_start=10, line_end=11),),
    )
    return Binding(
        binding_id=str(
            uuid.uuid5(_NS, f"{document_id}:{role}:{subject_key}:{parent_key}:{char_start}")
        ),
        subject_name=subject,
        subject_key=subject_key,
        subject_type=subject_type,
        role=role,
        parent_name=parent,
        parent_key=parent_key,
        binding_type=binding_type,
        attributes=attributes or {},
        quote=quote,
        location=location,
        independence_group=document_id[:16],
    )


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return Embedder()


BACKENDS = ["edge", "server"]


def open_backend(kind: str, tmp_path_factory: pytest.TempPathFactory) -> VectorStore:
    """Qdrant Edge in a temp dir, or the server code path on qdrant-client's local mode
    (the server's API, in-process)."""
    if kind == "edge":
        return EdgeStore(tmp_path_factory.mktemp("edge"))
    return ServerStore(client=QdrantClient(location=":memory:"))


@pytest.fixture(params=BACKENDS)
def store(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[VectorStore]:
    """A fresh, empty store of each backend in turn."""
    s = open_backend(request.param, tmp_path_factory)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture(scope="module", params=BACKENDS)
def module_store(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[VectorStore]:
    """One store of each backend per module, for tests that only read."""
    s = open_backend(request.param, tmp_path_factory)
    try:
        yield s
    finally:
        s.close()
