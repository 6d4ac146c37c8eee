"""A small due-diligence knowledge base in the real embedded store, with the real model.

Documents are written as printed lines (page, line number, text); chunks carry those lines as
LineRefs so the skill cites sentences by exact page and lines. Bindings cite the lines that
establish them, as the binding extractor would. Traps: a CEO who is not a founder, "John Doe,
Founder" with no binding, a founder of another company, an NDA (not an MSA) between Acme and
Initech, an industry report that contradicts the certificate on the state of incorporation.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from domain import (
    Alias,
    BBox,
    Binding,
    BindingType,
    ChunkRecord,
    LineRef,
    PageLines,
    SourceLocation,
    SubjectType,
    entity_key,
)
from retrieval import EdgeStore, Embedder
from skill import DocumentInfo, EvidenceSkill

_NS = uuid.UUID("0b6f3f8e-2d1c-4f59-9a57-1f4a3b2c1d00")
KB = "acme"


@dataclass
class _Doc:
    name: str
    document_type: str
    date: str | None
    group: str
    document_id: str = ""
    text_len: int = 0
    chunks: list[ChunkRecord] = field(default_factory=list)


def _doc(name: str, document_type: str, date: str | None, group: str) -> _Doc:
    return _Doc(name, document_type, date, group, hashlib.sha256(name.encode()).hexdigest())


def _chunk(
    doc: _Doc,
    page: int,
    first_line: int,
    lines: list[str],
    *,
    section: str | None = None,
    clause: str | None = None,
    entities: tuple[str, ...] = (),
) -> ChunkRecord:
    refs, offset, start = [], 0, doc.text_len
    for i, text in enumerate(lines):
        char = doc.text_len
        refs.append(
            LineRef(
                page=page,
                line_no=first_line + i,
                offset=offset,
                char_start=char,
                char_end=char + len(text),
                bbox=BBox(page=page, x0=72, y0=100 + 14 * i, x1=540, y1=112 + 14 * i),
            )
        )
        offset += len(text) + 1
        doc.text_len += len(text) + 1
    text = "\n".join(lines)
    chunk = ChunkRecord(
        chunk_id=str(uuid.uuid5(_NS, f"{doc.document_id}:{start}")),
        document_id=doc.document_id,
        document_name=doc.name,
        document_type=doc.document_type,
        document_date=doc.date,
        independence_group=doc.group,
        text=text,
        section=section,
        clause=clause,
        pages=(PageLines(page=page, line_start=first_line, line_end=first_line + len(lines) - 1),),
        char_start=start,
        char_end=start + len(text),
        bboxes=(refs[0].bbox,) if refs[0].bbox else (),
        entity_keys=tuple(sorted({entity_key(e) for e in entities})),
        lines=tuple(refs),
    )
    doc.chunks.append(chunk)
    return chunk


def _binding(
    chunk: ChunkRecord,
    line_indexes: tuple[int, ...],
    *,
    subject: str,
    subject_type: SubjectType,
    role: str,
    parent: str | None,
    binding_type: BindingType,
    subject_key: str | None = None,
    parent_key: str | None = None,
    attributes: dict[str, str] | None = None,
) -> Binding:
    refs = [chunk.lines[i] for i in line_indexes]
    texts = chunk.text.split("\n")
    quote = "\n".join(texts[i] for i in line_indexes)
    location = SourceLocation(
        document=chunk.document_name,
        document_id=chunk.document_id,
        page=refs[0].page,
        section=chunk.section,
        clause=chunk.clause,
        line_start=refs[0].line_no,
        line_end=refs[-1].line_no,
        char_start=refs[0].char_start,
        char_end=refs[-1].char_end,
        bbox=refs[0].bbox,
    )
    skey = subject_key or entity_key(subject)
    pkey = parent_key or (entity_key(parent) if parent else None)
    return Binding(
        binding_id=str(
            uuid.uuid5(_NS, f"{chunk.document_id}:{role}:{skey}:{pkey}:{location.char_start}")
        ),
        subject_name=subject,
        subject_key=skey,
        subject_type=subject_type,
        role=role,
        parent_name=parent,
        parent_key=pkey,
        binding_type=binding_type,
        attributes=attributes or {},
        quote=quote,
        location=location,
        independence_group=chunk.independence_group,
    )


def agreement_bindings(
    chunk: ChunkRecord,
    title: str,
    key: str,
    parties: Sequence[tuple[str, SubjectType]] = (),
) -> list[Binding]:
    """An agreement titled `title` (subject key `key`) between `parties` (name, type), ACME and
    GLOBEX when none are given, as the binding index records it: the agreement itself and its
    parties, stated on the chunk's first line."""
    parties = parties or ((ACME, SubjectType.LEGAL_ENTITY), (GLOBEX, SubjectType.LEGAL_ENTITY))
    head = _binding(
        chunk,
        (0,),
        subject=title,
        subject_type=SubjectType.AGREEMENT,
        role="agreement",
        parent=None,
        subject_key=key,
        binding_type=BindingType.CONTRACTUAL_ROLE,
        attributes={"title": title, "parties": "; ".join(name for name, _ in parties)},
    )
    return [
        head,
        *(
            _binding(
                chunk,
                (0,),
                subject=name,
                subject_type=kind,
                role="party",
                parent=title,
                parent_key=key,
                binding_type=BindingType.CONTRACTUAL_ROLE,
            )
            for name, kind in parties
        ),
    ]


ACME = "Acme Robotics, Inc."
GLOBEX = "Globex Corporation"
INITECH = "Initech LLC"
PERSON, COMPANY = SubjectType.INDIVIDUAL, SubjectType.LEGAL_ENTITY


@dataclass
class KnowledgeBase:
    docs: dict[str, _Doc]
    bindings: list[Binding]
    aliases: list[Alias] = field(default_factory=list)

    def alias_table(self, kb: str) -> list[Alias]:
        return list(self.aliases)

    def info(self, kb: str, document_id: str) -> DocumentInfo | None:
        for d in self.docs.values():
            if d.document_id == document_id:
                return DocumentInfo(d.document_id, d.name, d.document_type, d.date, d.group)
        return None

    def committed(self, kb: str) -> list[str]:
        return sorted(d.document_id for d in self.docs.values())


def build_documents() -> KnowledgeBase:
    docs: dict[str, _Doc] = {}
    bindings: list[Binding] = []

    cert = docs["cert"] = _doc(
        "Certificate_of_Incorporation_Acme.pdf", "certificate", "2015-03-02", "g-cert"
    )
    c = _chunk(
        cert,
        1,
        3,
        [
            'Acme Robotics, Inc. (the "Company") is a corporation incorporated under the laws',
            "of the State of Delaware. The Company was incorporated on March 2, 2015.",
        ],
        section="Article I",
        entities=(ACME,),
    )
    bindings.append(
        _binding(
            c,
            (0, 1),
            subject="Delaware",
            subject_type=SubjectType.JURISDICTION,
            role="jurisdiction",
            parent=ACME,
            binding_type=BindingType.REGISTRATION,
        )
    )
    c = _chunk(
        cert,
        2,
        5,
        ["The founders of the Company are Jane Smith and Robert Lee."],
        section="Article IV Founders",
        entities=(ACME, "Jane Smith", "Robert Lee"),
    )
    for person in ("Jane Smith", "Robert Lee"):
        bindings.append(
            _binding(
                c,
                (0,),
                subject=person,
                subject_type=PERSON,
                role="founder",
                parent=ACME,
                binding_type=BindingType.OWNERSHIP,
            )
        )

    minutes = docs["minutes"] = _doc(
        "Board_Minutes_2020-06-01.pdf", "minutes", "2020-06-01", "g-minutes"
    )
    c = _chunk(
        minutes,
        1,
        8,
        [
            "Mark Chen, Chief Executive Officer of Acme Robotics, Inc., presented the annual plan.",
            "Jane Smith attended as a director of Acme Robotics, Inc.",
            "John Doe, Founder, attended as an observer.",
        ],
        section="Attendance",
        entities=(ACME, "Mark Chen", "Jane Smith", "John Doe"),
    )
    bindings.append(
        _binding(
            c,
            (0,),
            subject="Mark Chen",
            subject_type=PERSON,
            role="ceo",
            parent=ACME,
            binding_type=BindingType.EXPLICIT_STATEMENT,
        )
    )
    bindings.append(
        _binding(
            c,
            (1,),
            subject="Jane Smith",
            subject_type=PERSON,
            role="director",
            parent=ACME,
            binding_type=BindingType.EXPLICIT_STATEMENT,
        )
    )

    msa = docs["msa"] = _doc("MSA_Acme_Globex.pdf", "agreement", "2021-01-15", "g-msa")
    msa_key = f"agreement:{msa.document_id[:16]}"
    c = _chunk(
        msa,
        1,
        4,
        [
            "This Master Services Agreement is entered into by and between Acme Robotics, Inc.",
            '("Supplier") and Globex Corporation ("Customer").',
        ],
        section="Preamble",
        entities=(ACME, GLOBEX),
    )
    bindings.append(
        _binding(
            c,
            (0, 1),
            subject="Master Services Agreement",
            subject_type=SubjectType.AGREEMENT,
            role="agreement",
            parent=None,
            subject_key=msa_key,
            binding_type=BindingType.CONTRACTUAL_ROLE,
            attributes={
                "title": "Master Services Agreement",
                "parties": f"{ACME}; {GLOBEX}",
                "date": "2021-01-15",
            },
        )
    )
    bindings.append(
        _binding(
            c,
            (0, 1),
            subject=ACME,
            subject_type=COMPANY,
            role="party",
            parent="Master Services Agreement",
            parent_key=msa_key,
            binding_type=BindingType.CONTRACTUAL_ROLE,
            attributes={"contract_role": "supplier", "defined_terms": "Supplier"},
        )
    )
    bindings.append(
        _binding(
            c,
            (0, 1),
            subject=GLOBEX,
            subject_type=COMPANY,
            role="party",
            parent="Master Services Agreement",
            parent_key=msa_key,
            binding_type=BindingType.CONTRACTUAL_ROLE,
            attributes={"contract_role": "customer", "defined_terms": "Customer"},
        )
    )
    _chunk(
        msa,
        2,
        10,
        [
            "3.1 Customer shall pay each undisputed invoice within thirty (30) days after receipt.",
            "3.2 Supplier shall provide the Services in a professional and workmanlike manner.",
        ],
        section="3. Obligations",
        clause="3.1",
    )
    _chunk(
        msa,
        4,
        12,
        [
            "6.2 Governing Law. This Agreement shall be governed by and construed in accordance with",
            "the laws of the State of New York, without regard to its conflict of laws principles.",
        ],
        section="6. Miscellaneous > 6.2 Governing Law",
        clause="6.2",
    )
    c = _chunk(
        msa,
        5,
        20,
        ["ACME ROBOTICS, INC.", "By: Mark Chen", "Title: Chief Executive Officer"],
        section="Signatures",
        entities=(ACME, "Mark Chen"),
    )
    bindings.append(
        _binding(
            c,
            (1, 2),
            subject="Mark Chen",
            subject_type=PERSON,
            role="signatory",
            parent=ACME,
            binding_type=BindingType.CONTRACTUAL_ROLE,
            attributes={"agreement_key": msa_key, "title": "Chief Executive Officer"},
        )
    )

    nda = docs["nda"] = _doc("NDA_Acme_Initech.pdf", "agreement", "2019-05-01", "g-nda")
    nda_key = f"agreement:{nda.document_id[:16]}"
    c = _chunk(
        nda,
        1,
        3,
        [
            "This Mutual Non-Disclosure Agreement is made between Acme Robotics, Inc. and Initech LLC."
        ],
        section="Preamble",
        entities=(ACME, INITECH),
    )
    bindings.append(
        _binding(
            c,
            (0,),
            subject="Mutual Non-Disclosure Agreement",
            subject_type=SubjectType.AGREEMENT,
            role="agreement",
            parent=None,
            subject_key=nda_key,
            binding_type=BindingType.CONTRACTUAL_ROLE,
            attributes={
                "title": "Mutual Non-Disclosure Agreement",
                "parties": f"{ACME}; {INITECH}",
            },
        )
    )
    for party in (ACME, INITECH):
        bindings.append(
            _binding(
                c,
                (0,),
                subject=party,
                subject_type=COMPANY,
                role="party",
                parent="Mutual Non-Disclosure Agreement",
                parent_key=nda_key,
                binding_type=BindingType.CONTRACTUAL_ROLE,
            )
        )
    _chunk(
        nda,
        2,
        7,
        ["This Agreement shall be governed by the laws of the State of California."],
        section="9. Governing Law",
        clause="9",
    )

    report = docs["report"] = _doc("Industry_Report_2022.pdf", "report", "2022-09-01", "g-report")
    c = _chunk(
        report,
        3,
        14,
        [
            "Acme Robotics, Inc. is incorporated in Nevada, according to its investor materials.",
            "Globex Corporation is incorporated in Ohio.",
            "Beta Widgets LLC was founded by Alice Wong in 2012.",
            "Beta Widgets LLC is not affiliated with Acme Robotics, Inc.",
        ],
        section="Market participants",
        entities=(ACME, GLOBEX, "Beta Widgets LLC", "Alice Wong"),
    )
    bindings.append(
        _binding(
            c,
            (2,),
            subject="Alice Wong",
            subject_type=PERSON,
            role="founder",
            parent="Beta Widgets LLC",
            binding_type=BindingType.OWNERSHIP,
        )
    )

    schedule = docs["schedule"] = _doc(
        "Subsidiaries_Schedule.pdf", "schedule", "2021-12-31", "g-schedule"
    )
    c = _chunk(
        schedule,
        1,
        6,
        [
            "Acme Robotics GmbH, a wholly-owned subsidiary of Acme Robotics, Inc., organized in Germany."
        ],
        section="Schedule A",
        entities=(ACME, "Acme Robotics GmbH"),
    )
    bindings.append(
        _binding(
            c,
            (0,),
            subject="Acme Robotics GmbH",
            subject_type=COMPANY,
            role="subsidiary",
            parent=ACME,
            binding_type=BindingType.OWNERSHIP,
        )
    )
    # The defined terms ingestion records as aliases scoped to their document (the skill
    # reads a document's terms only from them): 'Acme Robotics, Inc. (the "Company")',
    # '... Acme Robotics, Inc. ("Supplier") and Globex Corporation ("Customer")'.
    defined = [("cert", "Company", ACME), ("msa", "Supplier", ACME), ("msa", "Customer", GLOBEX)]
    aliases = [
        Alias(
            alias=term,
            alias_key=entity_key(term),
            entity_name=name,
            entity_key=entity_key(name),
            document_id=docs[doc].document_id,
        )
        for doc, term, name in defined
    ]
    return KnowledgeBase(docs, bindings, aliases)


def load(store: EdgeStore, embedder: Embedder, kb: str, base: KnowledgeBase) -> None:
    store.ensure_kb(kb)
    chunks = [c for d in base.docs.values() for c in d.chunks]
    store.upsert_chunks(kb, chunks, embedder.embed_documents([c.text for c in chunks]))
    store.upsert_bindings(
        kb, base.bindings, embedder.embed_documents([b.subject_name for b in base.bindings])
    )
    flush = getattr(store, "flush", None)
    if callable(flush):
        flush()


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return Embedder()


@pytest.fixture(scope="session")
def knowledge_base() -> KnowledgeBase:
    return build_documents()


@pytest.fixture(scope="session")
def store(
    tmp_path_factory: pytest.TempPathFactory, embedder: Embedder, knowledge_base: KnowledgeBase
) -> Iterator[EdgeStore]:
    edge = EdgeStore(tmp_path_factory.mktemp("skill-store"))
    load(edge, embedder, KB, knowledge_base)
    yield edge
    edge.close()


SkillFactory = Callable[..., EvidenceSkill]


@pytest.fixture(scope="session")
def make_skill(embedder: Embedder, knowledge_base: KnowledgeBase) -> SkillFactory:
    def make(store: object, **kwargs: object) -> EvidenceSkill:
        kwargs.setdefault("aliases", knowledge_base.alias_table)
        return EvidenceSkill(
            store,  # type: ignore[arg-type]
            embedder,
            committed_documents=knowledge_base.committed,
            document_info=knowledge_base.info,
            **kwargs,  # type: ignore[arg-type]
        )

    return make


@pytest.fixture(scope="session")
def skill(store: EdgeStore, make_skill: SkillFactory) -> EvidenceSkill:
    return make_skill(store)


def data_dir_with_kb(path: Path, embedder: Embedder) -> Path:
    """A data directory holding the test knowledge base (store closed: lock released)."""
    edge = EdgeStore(path)
    try:
        load(edge, embedder, KB, build_documents())
    finally:
        edge.close()
    return path


def ingested_runtime(
    tmp_path_factory: pytest.TempPathFactory, name: str, files: list[tuple[str, bytes]]
) -> Iterator[Any]:
    """A runtime whose knowledge base "kb" holds `files` ingested through the real pipeline
    (for a module fixture: `yield from ingested_runtime(...)`)."""
    from app import Runtime, Settings

    data_dir: Path = tmp_path_factory.mktemp(name) / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        report = rt.ingestor.run("kb", files)
        assert not report.failed
        yield rt


def concluded(runtime: Any, question: str) -> Any:
    """`question` asked of knowledge base "kb" of an `ingested_runtime`, asserted CONCLUDED."""
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
    return answer
