"""Domain records shared by the write side (`ingest`) and the read side (`retrieval`, `skill`).

These are the only shapes that cross package boundaries; everything else is private
to its package. All records are frozen and JSON-serialisable (`model_dump(mode="json")`).
The closed vocabularies are enums over the lexicon: `Role` and `Attribute` are built from
it, `BindingType` and `SubjectType` are checked against it when this module loads.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from domain._lexicon import LexiconError, lexicon


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class BBox(_Frozen):
    """A rectangle on one page, in PDF points, origin top-left (PyMuPDF's convention)."""

    page: int = Field(ge=1)
    x0: float
    y0: float
    x1: float
    y1: float


class PageLines(_Frozen):
    """The printed line range a span covers on one page (1-based, as a reader counts)."""

    page: int = Field(ge=1)
    line_start: int = Field(ge=1)
    line_end: int = Field(ge=1)


class LineRef(_Frozen):
    """One printed line inside a chunk: lets a sentence of the chunk be cited by exact lines.

    `offset` is where the line starts in ChunkRecord.text (chunk text = its lines joined by
    "\n"); `char_start`/`char_end` index the document's text. `section` None: the line
    lies in the chunk's own section and clause; set (a chunk packing several small sibling
    clauses), the line's own section path, with `clause` its own clause id.
    """

    page: int = Field(ge=1)
    line_no: int = Field(ge=1)
    offset: int = Field(ge=0)
    char_start: int = Field(ge=0)
    char_end: int = Field(ge=0)
    bbox: BBox | None = None
    section: str | None = None
    clause: str | None = None


class SourceLocation(_Frozen):
    """The contract's `source_location`: where a quote sits in its document.

    `page`/`line_start`/`line_end` are those of the first page the span touches; a span
    running over several pages lists every page in `pages`. `char_start`/`char_end` are
    offsets into the document's extracted text (ParsedDocument.text).
    """

    document: str
    document_id: str
    page: int = Field(ge=1)
    section: str | None = None
    clause: str | None = None
    paragraph: int | None = None
    line_start: int = Field(ge=1)
    line_end: int = Field(ge=1)
    char_start: int = Field(ge=0)
    char_end: int = Field(ge=0)
    bbox: BBox | None = None
    pages: tuple[PageLines, ...] = ()


class ClauseLabel(_Frozen):
    """A sentence of a chunk that the clause classifier assigns to categories.

    `start`/`end` index ChunkRecord.text (the sentence as `sentence_spans` finds it);
    `categories` are clause-category slugs ("governing_law"), each with its probability in
    `scores`, in the model's category order; then the categories the sentence is only a
    candidate of (`candidate_category`: "?governing_law"): its probability is under the
    category's threshold, and no sentence of the document reaches that threshold.
    """

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    categories: tuple[str, ...]
    scores: tuple[float, ...]


CANDIDATE_MARK = "?"


def candidate_category(slug: str) -> str:
    """The label of a sentence that is only a candidate of a clause category."""
    return CANDIDATE_MARK + slug


class ChunkRecord(_Frozen):
    """One retrievable passage with its full locator (one point in the `chunks` collection)."""

    chunk_id: str  # uuid5(document_id + char span)
    document_id: str  # sha256 of the PDF bytes
    document_name: str
    document_type: str
    document_date: str | None = None  # ISO date (YYYY-MM-DD) when known
    independence_group: str
    text: str
    section: str | None = None
    clause: str | None = None
    paragraph: int | None = None
    pages: tuple[PageLines, ...]
    char_start: int = Field(ge=0)
    char_end: int = Field(ge=0)
    bboxes: tuple[BBox, ...] = ()
    entity_keys: tuple[str, ...] = ()  # alias-resolved entity keys mentioned in the text
    # Every content line of the chunk, in order (Chunker fills this; the skill uses it to cite
    # a sentence by its exact page and line numbers). text == "\n".join(line texts).
    lines: tuple[LineRef, ...] = ()
    # The chunk's sentences that state a clause category (ingest's clause classifier), and
    # the union of their categories: a keyword field a search filters on.
    clause_labels: tuple[ClauseLabel, ...] = ()
    clause_categories: tuple[str, ...] = ()

    def location(self) -> SourceLocation:
        first = self.pages[0]
        return SourceLocation(
            document=self.document_name,
            document_id=self.document_id,
            page=first.page,
            section=self.section,
            clause=self.clause,
            paragraph=self.paragraph,
            line_start=first.line_start,
            line_end=first.line_end,
            char_start=self.char_start,
            char_end=self.char_end,
            bbox=self.bboxes[0] if self.bboxes else None,
            pages=self.pages,
        )


class BindingType(StrEnum):
    OWNERSHIP = "ownership"
    REGISTRATION = "registration"
    CONTRACTUAL_ROLE = "contractual_role"
    EXPLICIT_STATEMENT = "explicit_statement"


class SubjectType(StrEnum):
    """What a binding's subject is (the lexicon's subject types with `binding: true`)."""

    INDIVIDUAL = "individual"
    LEGAL_ENTITY = "legal_entity"
    AGREEMENT = "agreement"
    JURISDICTION = "jurisdiction"
    LOCATION = "location"
    IDENTIFIER = "identifier"


# Every role of the lexicon: those a question asks about and those only the binding index
# records (party, agreement, jurisdiction, ...). A role added to roles.yaml is a member.
Role = StrEnum(  # type: ignore[misc]
    "Role", [(entry.name.upper(), entry.name) for entry in lexicon().roles]
)
# Every attribute of the lexicon, and the yes/no attributes.
Attribute = StrEnum(  # type: ignore[misc]
    "Attribute",
    [
        (name.upper(), name)
        for name in [a.name for a in lexicon().attributes] + list(lexicon().yes_no)
    ],
)


def _check_against_lexicon() -> None:
    lex = lexicon()
    if list(BindingType) != list(lex.binding_types):
        raise LexiconError(f"roles.yaml: binding_types: expected {[str(t) for t in BindingType]}")
    binding_subjects = [t.name for t in lex.subject_types if t.binding]
    if sorted(SubjectType) != sorted(binding_subjects):
        raise LexiconError(f"roles.yaml: subject_types: binding: expected {sorted(SubjectType)}")


_check_against_lexicon()


class Binding(_Frozen):
    """One explicit link between a subject and a parent entity, with the lines that establish it.

    `role` is a `Role` of the lexicon (domain/lexicon/roles.yaml says, for each, who holds it
    and what it is held of). A party's role in an agreement is `party`, with the defined term
    in `attributes.contract_role` ("supplier"); a signatory's title in `attributes.title`.
    """

    binding_id: str  # uuid5(document_id + role + subject_key + parent_key + char span)
    subject_name: str
    subject_key: str
    subject_type: SubjectType
    role: Role
    parent_name: str | None = None
    parent_key: str | None = None
    binding_type: BindingType
    attributes: dict[str, str] = Field(default_factory=dict)
    quote: str  # the exact text of the cited lines
    location: SourceLocation
    independence_group: str = ""

    @property
    def defined_terms(self) -> tuple[str, ...]:
        """The defined terms a party is bound under (`attributes.defined_terms`, written
        "Acme; the Supplier"), each stripped, none empty."""
        raw = self.attributes.get("defined_terms", "")
        return tuple(t.strip() for t in raw.split(";") if t.strip())


# The kinds of alias that name their entity only within their own document: a party's name as
# the document's filer writes it (EDGAR footer, legend) or as its signature block writes it
# (ingest/bindings/_party_other_names.py). A question's name resolves through one only to
# that document's agreement, never to the entity knowledge-base wide.
DOCUMENT_SCOPED_ALIASES = frozenset({"filer_name", "signed_name"})


class Alias(_Frozen):
    """A name that refers to an entity: a defined term scoped to one document, or a short name."""

    alias: str
    alias_key: str
    entity_name: str
    entity_key: str
    document_id: str | None = None  # None: knowledge-base wide (e.g. an unambiguous short name)
    # defined_term | short_name | former_name | filer_name | signed_name
    kind: str = "defined_term"
    location: SourceLocation | None = None

    @property
    def document_scoped(self) -> bool:
        """Does this alias name its entity only within its document (`DOCUMENT_SCOPED_ALIASES`)?"""
        return self.kind in DOCUMENT_SCOPED_ALIASES and self.document_id is not None
