"""State 1's result: the subject class of a question, the vocabulary it is written in, and
the subject class an agent gives as structured input.

The vocabulary (roles, attributes, kinds of agreement) comes from the lexicon. Questions in
prose are read by skill/_question.py; `parse_subject` validates an agent's JSON here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from domain import lexicon
from skill._errors import SubjectClassError


class QuestionKind(StrEnum):
    ROLE = "role"
    RELATION = "relation"
    ENTITY_ATTRIBUTE = "entity_attribute"
    AGREEMENT_ATTRIBUTE = "agreement_attribute"
    OBLIGATIONS = "obligations"
    PERSON_ATTRIBUTE = "person_attribute"
    YES_NO = "yes_no"


# The vocabulary of questions comes from the lexicon (domain/lexicon/*.yaml): a role or an
# attribute added there is recognised here with no code change.
_LEXICON = lexicon()
SUBJECT_TYPES = tuple(t.name for t in _LEXICON.subject_types if t.question)

# Roles whose holder is a company rather than a person.
ENTITY_ROLES = _LEXICON.role_names(holder="company")
# Roles a person or a company may hold.
EITHER_ROLES = _LEXICON.role_names(holder="either")
RELATION_ROLES = _LEXICON.role_names(relation=True)
# Roles held under an agreement (the parent of the binding is the agreement, or a party of it).
AGREEMENT_ROLES = _LEXICON.role_names(under_agreement=True)
ROLES = _LEXICON.role_names()
AGREEMENT_ATTRIBUTES = _LEXICON.attribute_names("agreement")
PERSON_ATTRIBUTES = _LEXICON.attribute_names("person")
YES_NO_ATTRIBUTES = frozenset(_LEXICON.yes_no)
# Entity attributes whose values hold an office the lexicon asks about as a role (the auditor,
# the registered agent): names, bound to the entity as that role.
HOLDER_ATTRIBUTES = _LEXICON.holder_attributes


class SubjectClass(BaseModel):
    """The subject of a question. Fixed after State 1: never reinterpreted or relaxed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    name: str | None = None
    role: str | None = None
    parent_entity: str | None = None
    attribute: str | None = None
    document_type: str | None = None
    constraints: dict[str, Any] = Field(default_factory=dict)
    kind: QuestionKind

    @property
    def parties(self) -> list[str]:
        return [str(p) for p in self.constraints.get("parties", [])]


# ---------------------------------------------------------------------------------------------
# Vocabulary of cue phrases


# (pattern, role), longest first so "managing director" wins over "director".
_ROLE_PHRASES: tuple[tuple[str, str], ...] = tuple(
    (r.question_pattern, r.name) for r in _LEXICON.asked_roles if r.question_pattern
)
_ROLE_RE = re.compile(
    "|".join(f"(?P<r{i}>{pattern})" for i, (pattern, _) in enumerate(_ROLE_PHRASES)),
    re.IGNORECASE,
)


def role_of(phrase: str) -> str | None:
    """The canonical role of a role phrase ("Chief Financial Officer" -> "cfo")."""
    match = _ROLE_RE.fullmatch(phrase.strip())
    if match is None:
        return None
    for i, (_, role) in enumerate(_ROLE_PHRASES):
        if match.group(f"r{i}") is not None:
            return role
    return None


# How a role is shown where its name's words would not read as documents write it (roles.yaml
# `display`: "Chief Financial Officer" for cfo).
_ROLE_DISPLAY = {r.name: r.display for r in _LEXICON.roles if r.display}


def role_words(role: str) -> str:
    """A canonical role as an answer shows it: "cfo" -> "Chief Financial Officer",
    "registered_agent" -> "registered agent" (the inverse of `role_of`, for reading)."""
    return _ROLE_DISPLAY.get(role) or role.replace("_", " ")


_AGREEMENT_ATTRIBUTE_PHRASES = _LEXICON.attribute_phrases("agreement")
_ENTITY_ATTRIBUTE_PHRASES = _LEXICON.attribute_phrases("entity")
_PERSON_ATTRIBUTE_PHRASES = _LEXICON.attribute_phrases("person")


def _phrase_lookup(table: tuple[tuple[str, str], ...]) -> Callable[[str], str | None]:
    compiled = [(re.compile(p, re.IGNORECASE), v) for p, v in table]

    def lookup(phrase: str) -> str | None:
        text = " ".join(phrase.split())
        for pattern, value in compiled:
            if pattern.fullmatch(text):
                return value
        return None

    return lookup


agreement_attribute_of = _phrase_lookup(_AGREEMENT_ATTRIBUTE_PHRASES)
entity_attribute_of = _phrase_lookup(_ENTITY_ATTRIBUTE_PHRASES)
person_attribute_of = _phrase_lookup(_PERSON_ATTRIBUTE_PHRASES)


# ---------------------------------------------------------------------------------------------
# Agreement types: "Master Services Agreement" -> "master_services_agreement"; "the MSA" too

# Kinds of agreement, instruments and the words that name an agreement (vocabulary.yaml,
# `documents`).
_DOC_TYPE_EXACT = [(re.compile(p, re.IGNORECASE), v) for p, v in _LEXICON.agreement_kinds]
# Instruments that bind parties without calling themselves an agreement.
# A deed or an indenture takes what it does as a complement ("Deed of Assignment", "Indenture
# of Trust"): one word, followed by the words that name the parties, a comma or the end.
_OF_COMPLEMENT = (
    r"(?:\s+of\s+(?!(?:the|an?)\b)[A-Za-z]+(?=\s+(?:between|among|amongst|with|by|dated|effective"
    r"|made|entered|executed|signed|for|from|to|and|in|no\.?)\b|\s*[,(]|\s*$))"
)
_INSTRUMENT = "|".join(p.replace("{of_complement}", _OF_COMPLEMENT) for p in _LEXICON.instruments)
_AGREEMENT_WORD = "(?:" + "|".join(_LEXICON.agreement_words) + f"|{_INSTRUMENT})"
_DETERMINERS = re.compile(r"^(?:the|an?|this|that|its|their|his|her|any|such)\s+", re.IGNORECASE)
_TYPE_NOISE = frozenset(
    {"amended", "restated", "and", "the", "original", "executed", "signed", "written"}
)


def document_type_of(phrase: str) -> str | None:
    """The snake-case agreement type of a phrase or title ("Master Services Agreement" ->
    "master_services_agreement"; "MSA" -> the same); None for a bare "agreement"/"contract"."""
    text = " ".join(phrase.replace("-", " ").split())
    text = _DETERMINERS.sub("", text)
    for pattern, value in _DOC_TYPE_EXACT:
        if pattern.fullmatch(text):
            return value
    match = re.search(rf"^(.*?)\b(agreement|contract|{_INSTRUMENT})s?\b", text, re.IGNORECASE)
    if match is None:
        return None
    words = [w for w in re.findall(r"[a-z0-9]+", match.group(1).lower()) if w not in _TYPE_NOISE]
    words = words[-4:]
    keyword = match.group(2).lower()
    if keyword not in ("agreement", "contract"):
        # "Limited Power of Attorney" -> "limited_power_of_attorney": the instrument is the type.
        # "Deeds of Trust" -> "deed_of_trust": the instrument's noun is singular, its
        # complement stays as written.
        noun = " ".join(keyword.split())
        if re.search(r"\sof\s", noun):
            noun = re.sub(r"s(?=\s+of\b)", "", noun, count=1)
        else:
            noun = re.sub(r"s$", "", noun)
        noun = noun.replace("memoranda", "memorandum")
        return "_".join([*words, *noun.split()])
    if not words:
        return None
    candidate = " ".join([*words, "agreement"])
    for pattern, value in _DOC_TYPE_EXACT:
        if pattern.fullmatch(candidate):
            return value
    return "_".join([*words, "agreement"])


_TYPE_WORDS = _LEXICON.type_word_kinds


def type_word(word: str) -> str:
    """A type word as one kind of agreement reads: "distribution" and "distributor" alike
    (the lexicon's `type_words` groups), "services" as "service"."""
    w = word.lower()
    if len(w) > 4 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    return _TYPE_WORDS.get(w, _TYPE_WORDS.get(word.lower(), w))


def _type_stem(document_type: str) -> str:
    return "_".join(type_word(w) for w in document_type.split("_"))


def document_types_match(question_type: str | None, agreement_type: str | None) -> bool:
    """An agreement of `agreement_type` answers a question about `question_type` (suffix match:
    an "amended and restated master services agreement" is a "services agreement")."""
    if question_type is None:
        return True
    if agreement_type is None:
        return False
    # type words as one kind reads them: a "distribution agreement" is the "distributor
    # agreement"
    stem_a, stem_q = _type_stem(agreement_type), _type_stem(question_type)
    if stem_a == stem_q or (
        # "trust" is no "deed_of_trust": the words after "of" complement the head noun.
        stem_a.endswith("_" + stem_q) and not stem_a.endswith("_of_" + stem_q)
    ):
        return True
    # "a deed" asks about a "deed_of_trust" too; "a deed of trust" is no "deed_of_assignment".
    bare = re.sub(r"_of_[a-z0-9]+$", "", agreement_type)
    return (
        bare != agreement_type
        and re.search(r"(?:^|_)of_", question_type) is None
        and re.fullmatch(r"(?:\w+_)?(?:deed|indenture)", bare) is not None
        and (bare == question_type or bare.endswith("_" + question_type))
    )


# ---------------------------------------------------------------------------------------------
# Structured input from agents

_STRUCTURED_FIELDS = frozenset(
    {"type", "name", "role", "parent_entity", "attribute", "document_type", "constraints", "kind"}
)
# Kinds that ask for an attribute's value: given without one, there is nothing to look for.
_ATTRIBUTE_KINDS = (
    QuestionKind.ENTITY_ATTRIBUTE,
    QuestionKind.PERSON_ATTRIBUTE,
    QuestionKind.AGREEMENT_ATTRIBUTE,
    QuestionKind.OBLIGATIONS,
)
# What a structured subject may ask of its subject: the lexicon's attributes and the yes/no
# claims. Anything else used to reach the evidence step and fail there (a KeyError: a 500).
STRUCTURED_ATTRIBUTES = tuple(sorted({*(a.name for a in _LEXICON.attributes), *YES_NO_ATTRIBUTES}))


def unreadable_text(value: Any, where: str = "the text") -> str | None:
    """Why `value` (a string, or strings inside lists and objects) is not text, or None.

    A lone surrogate (a JSON `"\\udfff"`, or bytes of a command line that are not UTF-8)
    is a Python string but no Unicode text: the tokenizer refuses it (a TypeError) and no
    answer that echoes it can be written as UTF-8. It is refused where the text comes in.
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            code = ord(value[exc.start])
            return (
                f"{where} is not valid text: a lone surrogate (U+{code:04X}) at character "
                f"{exc.start + 1}"
            )
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            fault = unreadable_text(key, where) or unreadable_text(item, f"{where}.{key}")
            if fault:
                return fault
    elif isinstance(value, list):
        for item in value:
            fault = unreadable_text(item, where)
            if fault:
                return fault
    return None


def _infer_kind(data: dict[str, Any]) -> QuestionKind:
    attribute, role = data.get("attribute"), data.get("role")
    if attribute in YES_NO_ATTRIBUTES:
        return QuestionKind.YES_NO
    if attribute == "obligations":
        return QuestionKind.OBLIGATIONS
    if attribute == "parties":
        return QuestionKind.RELATION
    if data.get("type") == "agreement" or (attribute in AGREEMENT_ATTRIBUTES and not role):
        return QuestionKind.AGREEMENT_ATTRIBUTE
    if role and attribute:
        return QuestionKind.PERSON_ATTRIBUTE
    if role:
        return QuestionKind.RELATION if role in RELATION_ROLES else QuestionKind.ROLE
    if attribute in PERSON_ATTRIBUTES:
        return QuestionKind.PERSON_ATTRIBUTE
    if attribute:
        return QuestionKind.ENTITY_ATTRIBUTE
    raise SubjectClassError(str(data), "a subject class needs a role or an attribute")


def parse_subject(data: dict[str, Any]) -> SubjectClass:
    """A structured subject class (an agent's JSON), validated; SubjectClassError if unusable."""
    if not isinstance(data, dict):
        raise SubjectClassError(str(data), "the subject must be a JSON object")
    fault = unreadable_text(data, "the subject")
    if fault:
        raise SubjectClassError(ascii(data), fault)
    unknown = sorted(set(data) - _STRUCTURED_FIELDS)
    if unknown:
        raise SubjectClassError(str(data), f"unknown subject field(s): {', '.join(unknown)}")
    subject_type = data.get("type")
    if subject_type not in SUBJECT_TYPES:
        raise SubjectClassError(
            str(data), f"type must be one of {', '.join(SUBJECT_TYPES)}, not {subject_type!r}"
        )
    for field in ("name", "role", "parent_entity", "attribute", "document_type"):
        value = data.get(field)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise SubjectClassError(str(data), f"{field} must be a non-empty string or null")
    constraints = data.get("constraints") or {}
    if not isinstance(constraints, dict):
        raise SubjectClassError(str(data), "constraints must be an object")
    parties = constraints.get("parties")
    if parties is not None and (
        not isinstance(parties, list) or not all(isinstance(p, str) and p.strip() for p in parties)
    ):
        raise SubjectClassError(str(data), "constraints.parties must be a list of names")
    role = data.get("role")
    if role is not None and role not in ROLES:
        canonical = role_of(role.replace("_", " "))
        if canonical is None:
            raise SubjectClassError(str(data), f"unknown role {role!r}")
        role = canonical
    attribute = data.get("attribute")
    if attribute is not None and attribute not in STRUCTURED_ATTRIBUTES:
        raise SubjectClassError(str(data), _unknown_attribute(attribute))
    if attribute == "is_subsidiary" and role is None:
        role = "subsidiary"  # the claim itself names the relation
    if attribute == "has_role" and role is None:
        raise SubjectClassError(str(data), "a has_role claim needs the role it asks about")
    _check_yes_no(data, attribute)
    claim = constraints.get("claim")
    if claim is not None:
        # a yes/no claim about an agreement (propositions.yaml): its evidence is its own
        evidence = _CLAIM_EVIDENCE.get(str(claim))
        if evidence is None:
            raise SubjectClassError(
                str(data), f"unknown claim {claim!r}; claims: {', '.join(sorted(_CLAIM_EVIDENCE))}"
            )
        if subject_type != "agreement":
            raise SubjectClassError(str(data), "a claim is made of an agreement (type agreement)")
        attribute = attribute or evidence
        data = {**data, "attribute": attribute}
    document_type = data.get("document_type")
    if document_type is not None:
        document_type = document_type_of(document_type.replace("_", " ")) or document_type
    fields = {
        "type": subject_type,
        "name": data.get("name"),
        "role": role,
        "parent_entity": data.get("parent_entity"),
        "attribute": data.get("attribute"),
        "document_type": document_type,
        "constraints": dict(sorted(constraints.items())),
    }
    kind = data.get("kind")
    if kind is None:
        kind = _infer_kind(fields)
    elif kind not in QuestionKind.__members__.values():
        raise SubjectClassError(str(data), f"unknown kind {kind!r}")
    elif (kind == QuestionKind.YES_NO) != (attribute in YES_NO_ATTRIBUTES):
        # A yes/no claim is judged by its own gate: neither half makes sense without the other.
        raise SubjectClassError(
            str(data),
            f"kind yes_no goes with attribute one of {', '.join(sorted(YES_NO_ATTRIBUTES))}"
            f" (and they with it), not kind {kind!r} with attribute {attribute!r}",
        )
    if kind in _ATTRIBUTE_KINDS and attribute is None:
        raise SubjectClassError(str(data), f"a {kind} question needs the attribute it asks about")
    subject = SubjectClass(**fields, kind=QuestionKind(kind))
    if not (subject.name or subject.parent_entity or subject.parties or subject.document_type):
        raise SubjectClassError(str(data), "a subject class must name an entity or an agreement")
    return subject


# the yes/no claims a structured subject may make, with the attribute whose evidence each reads
_CLAIM_EVIDENCE = {p.name: p.evidence for p in _LEXICON.propositions}


def _unknown_attribute(attribute: str) -> str:
    """The reason for an attribute the lexicon does not have, with the valid ones.

    A role given as the attribute ("attribute": "founder" of Acme) is refused rather than
    read as the role: the subject class an agent sends is taken as stated (its type names
    the subject: Acme, a legal_entity, has no attribute "founder"; its founder is another
    subject, an individual), so the reason says how to ask for the role's holder instead.
    """
    hint = ""
    if attribute in ROLES:
        hint = (
            f" ({attribute!r} is a role: ask for its holder with "
            f'"role": "{attribute}" and "parent_entity")'
        )
    return f"unknown attribute {attribute!r}{hint}; attributes: {', '.join(STRUCTURED_ATTRIBUTES)}"


def _check_yes_no(data: dict[str, Any], attribute: str | None) -> None:
    """A yes/no claim names what it is about: the gate has nothing to check otherwise."""
    if attribute not in YES_NO_ATTRIBUTES:
        return
    needed = ("name",) if attribute == "is_party" else ("name", "parent_entity")
    missing = [field for field in needed if not data.get(field)]
    if missing:
        raise SubjectClassError(str(data), f"a {attribute} claim needs {' and '.join(missing)}")
