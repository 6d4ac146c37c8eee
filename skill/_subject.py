"""State 1: the subject class of a question, from prose or from an agent's structured input.

The parser is a small grammar of the question kinds analysts ask in due diligence (see
`QuestionKind`). Cue words are matched case-insensitively; names are captured as written.
A question that fits no kind raises `SubjectClassError`: the skill never guesses a subject.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from domain import base_key, entity_key, is_person_name, legal_form, lexicon
from skill._errors import SubjectClassError
from skill._mentions import current_names, split_known_names
from skill._values import find_dates


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
ENTITY_ATTRIBUTES = _LEXICON.attribute_names("entity")
AGREEMENT_ATTRIBUTES = _LEXICON.attribute_names("agreement")
PERSON_ATTRIBUTES = _LEXICON.attribute_names("person")
YES_NO_ATTRIBUTES = frozenset(_LEXICON.yes_no)


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


def _alt(*phrases: str) -> str:
    return "(?:" + "|".join(phrases) + ")"


# (pattern, role), longest first so "managing director" wins over "director".
_ROLE_PHRASES: tuple[tuple[str, str], ...] = tuple(
    (r.question_pattern, r.name) for r in _LEXICON.asked_roles if r.question_pattern
)
_ROLE_RE = re.compile(
    "|".join(f"(?P<r{i}>{pattern})" for i, (pattern, _) in enumerate(_ROLE_PHRASES)),
    re.IGNORECASE,
)
_ROLE_ANY = _alt(*(pattern for pattern, _ in _ROLE_PHRASES))


def role_of(phrase: str) -> str | None:
    """The canonical role of a role phrase ("Chief Financial Officer" -> "cfo")."""
    match = _ROLE_RE.fullmatch(phrase.strip())
    if match is None:
        return None
    for i, (_, role) in enumerate(_ROLE_PHRASES):
        if match.group(f"r{i}") is not None:
            return role
    return None


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
# Agreements: "the master services agreement between X and Y", "X's NDA with Y", "the MSA"

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


_TYPE_WORDS = {
    word: group[0]
    for group in lexicon().documents.get("type_word_equivalents", ())
    for word in group
}


def type_word(word: str) -> str:
    """A type word as one kind of agreement reads: "distribution" and "distributor" alike
    (the lexicon's `type_word_equivalents`), "services" as "service"."""
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


def _is_legal_form(token: str) -> bool:
    """A word that is a legal form alone ("Inc.", "L.L.C.", "GmbH"; the lexicon's forms)."""
    return bool(legal_form("x " + token)) and not base_key("x " + token).strip("x ")


def split_names(text: str) -> list[str]:
    """Split "A, B and C" into names without breaking "Acme Robotics, Inc." at its comma;
    while the knowledge base's names are known (`skill._mentions.known_names`), its names
    are kept whole ("C.M. OLIVER & COMPANY LIMITED") and qualifiers are dropped."""
    index = current_names()
    if index is not None:
        return split_known_names(text, index, _split_names)
    return _split_names(text)


def _same_word_joined(match: re.Match[str]) -> str:
    """ "Johnson and " before "Johnson" with its "and" as a sentinel where the second word
    ends the name: nothing, a punctuation mark, "and" or a legal form follows it."""
    after = match.string[match.end() + len(match.group(1)) :]
    following = re.match(r"\s+([\w.'’-]+)", after)
    if following is None or following.group(1) == "and" or _is_legal_form(following.group(1)):
        return f"{match.group(1)} \0 "
    return match.group(0)


def _split_names(text: str) -> list[str]:
    out: list[str] = []
    # "Johnson and Johnson" is one name: the same word on both sides of "and", the second
    # ending the name (a legal form may follow; "Acme and Acme Holdings" are two), is not
    # split (its "and" is kept out of the split as a sentinel)
    text = re.sub(r"\b([\w'’-]+)\s+and\s+(?=\1\b)", _same_word_joined, text)
    for piece in re.split(r"\s*;\s*|,?\s+and\s+|\s*&\s+(?=[A-Z])", text):
        piece = piece.replace("\0", "and")
        parts = [p.strip() for p in piece.split(",")]
        merged: list[str] = []
        for part in parts:
            if not part:
                continue
            if merged and _is_legal_form(part):
                merged[-1] = f"{merged[-1]}, {part}"
            else:
                merged.append(part)
        out.extend(merged)
    return [n for n in (clean_name(p) for p in out) if n]


def clean_name(text: str) -> str:
    """A name as captured from a question: whitespace collapsed, determiners and trailing
    punctuation dropped (but a corporate suffix's dot kept)."""
    name = " ".join(text.split()).strip(" ,;:?!\"'“”")
    name = re.sub(r"^(?:the|a|an)\s+(?=[a-z])", "", name)
    if name.endswith(".") and not re.search(
        r"\b(?:inc|corp|co|ltd|l\.l\.c|n\.a|s\.a|n\.v|b\.v|jr|sr)\.$", name, re.IGNORECASE
    ):
        name = name[:-1]
    return name.strip()


_TYPE_VOCABULARY = frozenset(
    """
    master services service non-disclosure nondisclosure non disclosure confidentiality mutual
    loan security credit term employment executive supply license licence licensing reseller
    resale distribution distributor consulting consultancy purchase stock share asset lease
    sublease guaranty guarantee franchise agency marketing development joint venture
    collaboration cooperation manufacturing hosting maintenance support subscription software
    transportation outsourcing sponsorship endorsement partnership shareholders stockholders
    founders operating investment escrow settlement separation severance indemnification
    indemnity registration rights warrant note promissory facility revolving subordination
    intercreditor pledge merger acquisition option sow msa nda mnda spa apa and amended restated
    framework general services purchasing sales sale commercial cooperative strategic alliance
    affiliate referral co-branding transition outsourcing content storage colocation
    special durable irrevocable supplemental
    """.split()  # noqa: SIM905
)
_AMENDMENT = re.compile(
    r"^(?:the\s+)?(?P<amendment>(?:(?:first|second|third|fourth|fifth|\w+)\s+)?amendment"
    r"(?:\s+(?:no\.?|number|#)\s*\d+)?)\s+(?:to|of)\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
_GENERIC_LINK = r"(?:between|among|amongst|with|involving|by|of|for|from|to)"
_NAME_QUALIFIER = re.compile(
    r"^(?:\((?:[^()]*\b(?:amend\w*|restat\w*|version|revised|form|draft|\d{4})\b[^()]*)\)"
    r"|(?:(?:contract|agreement|reference|ref\.?)\s+)?(?:identification|id|no\.?|number|#)"
    r"\s*(?:no\.?\s*)?[:#]?\s*[A-Z0-9][\w\-/.]*\d[\w\-/.]*)(?=\s|,|$)",
    re.IGNORECASE,
)
# The Title-Cased second half of a compound title, up to the words that name the parties.
_TITLE_CONTINUATION = re.compile(
    r"^(?i:and|&)\s+(?P<title>[A-Z][\w\-'’]*(?:\s+(?:[A-Z][\w\-'’]*|of|the|to|for|on|in|and))"
    r"{0,7})(?=\s+(?:between|among|amongst|with|by\s+and\s+between)\b)"
)


def _strip_qualifier(rest: str) -> str:
    """`rest` without a qualifier at its start; a parenthesis with a legal form names a party
    ("(Acme 2019 Holdings Inc.)") and stays."""
    m = _NAME_QUALIFIER.match(rest)
    if m is None or any(_is_legal_form(w.strip("(),")) for w in m.group(0).split()):
        return rest.strip(" ,")
    return rest[m.end() :].strip(" ,")


@dataclass(frozen=True)
class AgreementRef:
    """An agreement as a question names it: its type, the parties named, an amendment."""

    document_type: str | None
    parties: list[str]
    amendment: str | None = None
    # Parties named by their role at the first named party ("with its CFO" -> ["cfo"]).
    party_roles: tuple[str, ...] = ()


def _split_modifier(words: list[str], titled: bool) -> tuple[list[str], list[str]]:
    """(party-name words, type words) of the words before an agreement's type keyword."""
    k = len(words)
    while k > 0:
        word = words[k - 1]
        bare = word.lower().strip(",")
        if word[:1].islower() or (bare in _TYPE_VOCABULARY and (titled or word[:1].isupper())):
            # "Northgate Logistics supply agreement": capitalised words before a lower-case
            # type are a name, even when a word of the name could be a type word.
            if (
                word[:1].isupper()
                and not titled
                and bare in _TYPE_VOCABULARY
                and any(w[:1].islower() for w in words[k:])
            ):
                break
            k -= 1
            continue
        break
    return words[:k], words[k:]


def parse_agreement(text: str) -> AgreementRef | None:
    """The agreement a phrase refers to, or None when `text` does not refer to an agreement."""
    ref = " ".join(text.split()).strip(" ,?")
    parties: list[str] = []
    amendment = None
    owner = re.match(r"^(?P<x>.+?)['’]s?\s+(?P<rest>.+)$", ref)
    if owner and re.search(_AGREEMENT_WORD, owner.group("rest"), re.IGNORECASE):
        if not re.fullmatch(r"(?:its|their|his|her)", owner.group("x"), re.IGNORECASE):
            parties.append(clean_name(owner.group("x")))
        ref = owner.group("rest")
    amended = _AMENDMENT.match(ref)
    if amended:
        amendment = " ".join(amended.group("amendment").split())
        ref = amended.group("rest")
    ref = _DETERMINERS.sub("", ref)
    match = re.match(rf"^(?P<type>.*?\b{_AGREEMENT_WORD})(?P<rest>(?:\s.*)?)$", ref, re.IGNORECASE)
    if match is None:
        return None
    rest = match.group("rest").strip(" ,")
    type_phrase = match.group("type")
    # A qualifier after the name names no party: "(2014 Amendment)", "(as amended)",
    # "Contract Identification FT-77", "Ref. No. 2021/4".
    rest = _strip_qualifier(rest)
    # "loan agreement", "license and supply agreement": the type runs to the last type word.
    more = re.match(
        r"^(?P<more>(?:(?:and|&)\s+)?(?:\w+\s+){0,3}?(?:agreements?|contracts?))\b(?P<rest>.*)$",
        rest,
        re.IGNORECASE,
    )
    if more is not None and not re.search(
        rf"\b{_GENERIC_LINK}\b", more.group("more"), re.IGNORECASE
    ):
        type_phrase = f"{type_phrase} {more.group('more')}"
        rest = more.group("rest").strip(" ,")
    # "Term Sheet for the Loan Agreement between A and B": the agreement an instrument is for
    # names no party (unless a legal form makes its words a name).
    serves = re.match(
        rf"^(?:for|of|under|to)\s+(?:the\s+|an?\s+)?(?:(?!{_GENERIC_LINK}\b)[\w\-'’]+\s+){{0,5}}"
        rf"{_AGREEMENT_WORD}(?=[\s,]|$)",
        rest,
        re.IGNORECASE,
    )
    if serves is not None and not any(
        _is_legal_form(w.strip(","))
        for w in [*serves.group(0).split(), *rest[serves.end() :].strip(" ,").split()[:1]]
    ):
        rest = rest[serves.end() :].strip(" ,")
    if type_phrase.split()[-1][:1].isupper():
        # A two-part title: "Supply Agreement and Right of First Refusal between A and B";
        # a second half with a legal form is a party ("Supply Agreement and Acme Inc with").
        second = _TITLE_CONTINUATION.match(rest)
        if second is not None and not any(
            _is_legal_form(w.strip(",")) for w in second.group("title").split()
        ):
            rest = rest[second.end("title") :].strip(" ,")
    rest = _strip_qualifier(rest)
    # "termination of the MSA": the words before " of " are not part of the agreement's type.
    type_phrase = re.sub(
        r"^.*?\b(?:termination|expiry|expiration|renewal|breach|execution|signing|term)\s+of\s+"
        r"(?:the\s+)?",
        "",
        type_phrase,
        flags=re.IGNORECASE,
    )
    linked: list[str] = []
    roles: list[str] = []
    if rest:
        rest = re.sub(
            r"^(?:dated|effective)\s+(?:as\s+of\s+)?[^,]*?(?=\s+(?:between|among|with|by)\b|$)",
            "",
            rest,
            flags=re.IGNORECASE,
        ).strip(" ,")
        link = re.match(
            r"^(?:(?:entered\s+into|signed|executed|made)\s+)?(?:by\s+and\s+)?"
            rf"{_GENERIC_LINK}\s+(?P<names>.+)$",
            rest,
            re.IGNORECASE,
        )
        if link is None:
            return None
        linked = split_names(link.group("names"))
        kept = []
        for n in linked:
            by_role = re.fullmatch(r"(?:its|their)\s+(?P<role>.+)", n, re.IGNORECASE)
            if by_role is None:
                if not re.fullmatch(r"(?:his|her)\s+\w+", n, re.IGNORECASE):
                    kept.append(n)
                continue
            role = role_of(by_role.group("role"))
            if role is None:
                return None  # "with its partner": a party we cannot identify
            roles.append(role)
        linked = kept
    # The keyword is the whole instrument ("Power of Attorney", "Deed of Trust"): the words
    # before it are the type's or a party's.
    kw = re.search(rf"\b{_AGREEMENT_WORD}$", type_phrase, re.IGNORECASE)
    keyword = kw.group(0) if kw else type_phrase.split()[-1]
    words = type_phrase[: kw.start()].split() if kw else type_phrase.split()[:-1]
    last = keyword.split()[-1]
    keyword_titled = last[:1].isupper() and not keyword.isupper()
    modifier, type_words = _split_modifier(words, keyword_titled)
    if modifier and linked and keyword_titled:
        # "Strategic Alliance Agreement between A and B": a title, its words are the type.
        modifier, type_words = [], words
    document_type = document_type_of(" ".join([*type_words, keyword]))
    if modifier:
        for piece in re.split(r"\s*[/–]\s*|(?<=[a-z])-(?=[A-Z])", " ".join(modifier)):
            parties.extend(split_names(piece))
    parties.extend(linked)
    # Names repeated verbatim are dropped; names that only share a key are kept: "The
    # Babcock and Wilcox Company and Babcock and Wilcox Enterprises" splits into "The
    # Babcock", ..., "Babcock", ..., and the gate joins the pieces again by the KB's names.
    seen: set[str] = set()
    unique = []
    for party in parties:
        key = " ".join(party.lower().split())
        if entity_key(party) and key not in seen:
            seen.add(key)
            unique.append(party)
    return AgreementRef(document_type, unique, amendment, tuple(roles))


# ---------------------------------------------------------------------------------------------
# The grammar

_Q = r"\s*$"
_X = r"(?P<x>[^?]+?)"
_Y = r"(?P<y>[^?]+?)"
_AGR = r"(?P<agr>[^?]+?)"
_POSS = r"(?:['’]s|['’])"
_BE = r"(?:is|are|was|were|has\s+been|have\s+been)"
_WHO = r"(?:who|whom|which\s+(?:person|people|persons|individuals?|compan(?:y|ies)|entit(?:y|ies)|firms?|organi[sz]ations?)|what\s+(?:compan(?:y|ies)|entit(?:y|ies)|firms?|persons?|people|individuals?)|what)"
_AS = r"(?:serves?|served|acts?|acted|works?|worked|functions?)\s+as"
_DET = r"(?:(?:the|a|an|its|their)\s+)?(?:(?:current|present|sole|named|listed|existing|initial|original)\s+)?"
_OF = r"(?:of|at|for|to|in)"
_ROLE = rf"(?P<role>{_ROLE_ANY})"
_LIST = r"(?:name|list|identify|give|show|tell\s+me)(?:\s+me)?"
_NAMES_OF = r"(?:(?:the\s+)?(?:names?|identit(?:y|ies))\s+of\s+)?"


class _Rule:
    def __init__(self, pattern: str, build: Callable[[dict[str, str]], SubjectClass | None]):
        self.regex = re.compile("^" + pattern + _Q, re.IGNORECASE)
        self.build = build


def _role_subject(
    role: str, parent: str, constraints: dict[str, Any] | None = None, **extra: Any
) -> SubjectClass | None:
    parent = clean_name(parent)
    if not parent or role_of(parent) is not None:
        return None
    if constraints:
        extra["constraints"] = constraints
    if role in ("registered_agent", "auditor"):
        # Kind 3 of the vocabulary: an attribute of the entity that a binding may carry.
        return SubjectClass(
            type="legal_entity",
            name=parent,
            attribute=role,
            kind=QuestionKind.ENTITY_ATTRIBUTE,
            **extra,
        )
    kind = QuestionKind.RELATION if role in RELATION_ROLES else QuestionKind.ROLE
    subject_type = "legal_entity" if role in ENTITY_ROLES else "individual"
    return SubjectClass(type=subject_type, role=role, parent_entity=parent, kind=kind, **extra)


def _from_role(groups: dict[str, str]) -> SubjectClass | None:
    role = role_of(groups["role"])
    if role is None or role in AGREEMENT_ROLES - {"trustee", "escrow_agent"}:
        return None
    where = groups.get("where")
    constraints = {"jurisdiction": clean_name(where)} if where else {}
    return _role_subject(role, groups["x"], constraints=constraints)


def _fixed_role(role: str) -> Callable[[dict[str, str]], SubjectClass | None]:
    return lambda g: _role_subject(role, g["x"])


def _entity_attribute(attribute: str) -> Callable[[dict[str, str]], SubjectClass | None]:
    def build(groups: dict[str, str]) -> SubjectClass | None:
        name = clean_name(groups["x"])
        if not name:
            return None
        return SubjectClass(
            type="legal_entity", name=name, attribute=attribute, kind=QuestionKind.ENTITY_ATTRIBUTE
        )

    return build


def _entity_attribute_phrase(groups: dict[str, str]) -> SubjectClass | None:
    attribute = entity_attribute_of(groups["attr"])
    return _entity_attribute(attribute)(groups) if attribute else None


_ANY_PARTY = re.compile(
    r"(?:either|each|any|a|both|neither|the|all)\s+(?:of\s+the\s+)?part(?:y|ies)", re.IGNORECASE
)
# Contract roles a question may use instead of a name ("the guarantor", "the receiving
# party"): the lexicon's contract roles, longest first.
_CONTRACT_ROLE_TERMS = re.compile(
    r"(?:the\s+)?(?P<term>"
    + "|".join(
        r"\s+".join(role.split("_"))
        for role in sorted(_LEXICON.contract_roles, key=lambda r: (-len(r), r))
    )
    + ")",
    re.IGNORECASE,
)


def _party_or_role(text: str | None) -> tuple[str | None, str | None, bool]:
    """(party name, contract role term, valid) of the party a question asks about."""
    if text is None:
        return None, None, True
    if _ANY_PARTY.fullmatch(text.strip()):
        return None, None, True
    role = _CONTRACT_ROLE_TERMS.fullmatch(text.strip())
    if role is not None:
        return None, " ".join(role.group("term").lower().split()), True
    name = clean_name(text)
    return (name, None, True) if name else (None, None, False)


# A provision a question may name instead of (or inside) an agreement: "the non-compete in
# his employment agreement", "the confidentiality covenant".
_PROVISION = (
    r"non-?\s?(?:compet\w*|solicit\w*|disparage\w*|circumvent\w*)|confidentiality|exclusivity"
    r"|indemnit(?:y|ies)|indemnification|guarant(?:y|ee)|most[-\s]favou?red[-\s]nations?"
    r"|non-?\s?assignment|standstill|non-?\s?interference|restrictive"
)
_PROVISION_REF = re.compile(
    rf"^(?:the\s+|its\s+|his\s+|her\s+|their\s+)?(?P<provision>(?:{_PROVISION})"
    rf"(?:\s+(?:and\s+)?(?:{_PROVISION}))*)(?:\s+(?:covenants?|clauses?|provisions?|obligations?"
    r"|undertakings?|restrictions?|sections?|terms?))?"
    r"(?:\s+(?:in|of|under|contained\s+in|set\s+out\s+in)\s+(?P<agr>.+))?$",
    re.IGNORECASE,
)


def _agreement_subject(
    attribute: str,
    agr: str,
    *,
    party: str | None = None,
    kind: QuestionKind | None = None,
    counterparty: str | None = None,
    extra_constraints: dict[str, Any] | None = None,
) -> SubjectClass | None:
    constraints: dict[str, Any] = dict(extra_constraints or {})
    provision = _PROVISION_REF.match(" ".join(agr.split())) if attribute == "obligations" else None
    if provision is not None:
        constraints["provision"] = " ".join(provision.group("provision").lower().split())
        if provision.group("agr"):
            parsed = parse_agreement(provision.group("agr"))
        elif party:
            # "under the non-compete": any agreement of the party that contains it.
            parsed = AgreementRef(None, [])
        else:
            return None
    else:
        parsed = parse_agreement(agr)
    if parsed is None:
        return None
    parties = list(parsed.parties)
    name, role_term, valid = _party_or_role(party)
    if not valid:
        return None
    for extra in (counterparty, name):
        if extra:
            extra = clean_name(extra)
            if entity_key(extra) not in {entity_key(p) for p in parties}:
                parties = [extra, *parties]
    if name:
        constraints["party"] = name
    if role_term:
        constraints["party_role"] = role_term
    if parties:
        constraints["parties"] = parties
    if parsed.amendment:
        constraints["amendment"] = parsed.amendment
    if parsed.party_roles:
        if not parties:
            return None  # "its CFO" needs the entity "its" refers to
        constraints["party_roles"] = list(parsed.party_roles)
    if kind is None:
        if attribute == "obligations":
            kind = QuestionKind.OBLIGATIONS
        elif attribute == "parties":
            kind = QuestionKind.RELATION
        else:
            kind = QuestionKind.AGREEMENT_ATTRIBUTE
    return SubjectClass(
        type="agreement",
        attribute=attribute,
        document_type=parsed.document_type,
        constraints=dict(sorted(constraints.items())),
        kind=kind,
    )


def _agreement_attribute_phrase(groups: dict[str, str]) -> SubjectClass | None:
    attribute = agreement_attribute_of(groups["attr"])
    if attribute is None:
        return None
    return _agreement_subject(attribute, groups["agr"])


def _agreement_fixed(attribute: str) -> Callable[[dict[str, str]], SubjectClass | None]:
    return lambda g: _agreement_subject(attribute, g["agr"], party=g.get("x"))


def _notice_for(purpose: str) -> Callable[[dict[str, str]], SubjectClass | None]:
    """A notice period asked for one purpose ("to avoid renewal", "to terminate"): only
    notice stated for that purpose answers it."""
    return lambda g: _agreement_subject(
        "notice_period", g["agr"], party=g.get("x"), extra_constraints={"notice_for": purpose}
    )


def _obligations(groups: dict[str, str]) -> SubjectClass | None:
    return _agreement_subject(
        "obligations", groups["agr"], party=groups["x"], counterparty=groups.get("y")
    )


def _signatory(groups: dict[str, str]) -> SubjectClass | None:
    parsed = parse_agreement(groups["agr"])
    if parsed is None or parsed.party_roles:
        return None
    parties = list(parsed.parties)
    name, role_term, valid = _party_or_role(groups.get("x"))
    if not valid:
        return None
    constraints: dict[str, Any] = {}
    if name and entity_key(name) not in {entity_key(p) for p in parties}:
        parties = [name, *parties]
    elif not name and not role_term and len(parties) == 1:
        # "X's MSA": the possessive names the party the signatory signed for.
        name = parties[0]
    if parties:
        constraints["parties"] = parties
    if role_term:
        constraints["party_role"] = role_term
    return SubjectClass(
        type="individual",
        role="signatory",
        parent_entity=name or None,
        document_type=parsed.document_type,
        constraints=dict(sorted(constraints.items())),
        kind=QuestionKind.ROLE,
    )


def _agreement_role(role: str) -> Callable[[dict[str, str]], SubjectClass | None]:
    def build(groups: dict[str, str]) -> SubjectClass | None:
        parsed = parse_agreement(groups["agr"])
        if parsed is None or parsed.party_roles:
            return None
        constraints = {"parties": parsed.parties} if parsed.parties else {}
        return SubjectClass(
            type="legal_entity" if role in ENTITY_ROLES else "individual",
            role=role,
            document_type=parsed.document_type,
            constraints=constraints,
            kind=QuestionKind.ROLE,
        )

    return build


def _founded_by(groups: dict[str, str]) -> SubjectClass | None:
    holder = clean_name(groups["y"])
    if not holder:
        return None
    return SubjectClass(
        type="legal_entity",
        role="founder",
        constraints={"holder": holder},
        kind=QuestionKind.ROLE,
    )


def _stake(groups: dict[str, str]) -> SubjectClass | None:
    holder, company = clean_name(groups["y"]), clean_name(groups["x"])
    if not holder or not company:
        return None
    return SubjectClass(
        type="individual" if is_person_name(holder) else "legal_entity",
        name=holder,
        role="shareholder",
        parent_entity=company,
        attribute="stake",
        kind=QuestionKind.PERSON_ATTRIBUTE,
    )


def _agreement_role_phrase(groups: dict[str, str]) -> SubjectClass | None:
    role = role_of(groups["role"])
    if role not in ("guarantor", "escrow_agent", "trustee", "signatory"):
        return None
    if role == "signatory":
        return _signatory(groups)
    return _agreement_role(role)(groups)


def _person_attribute(groups: dict[str, str]) -> SubjectClass | None:
    attribute = person_attribute_of(groups["attr"])
    if attribute is None:
        return None
    if groups.get("role"):
        role = role_of(groups["role"])
        if role is None or role in ENTITY_ROLES:
            return None
        parent = clean_name(groups["x"])
        if not parent:
            return None
        return SubjectClass(
            type="individual",
            role=role,
            parent_entity=parent,
            attribute=attribute,
            kind=QuestionKind.PERSON_ATTRIBUTE,
        )
    name = clean_name(groups["x"])
    if not name or role_of(name) is not None or re.search(_AGREEMENT_WORD, name, re.IGNORECASE):
        return None
    return SubjectClass(
        type="individual", name=name, attribute=attribute, kind=QuestionKind.PERSON_ATTRIBUTE
    )


def _named_person_attribute(groups: dict[str, str]) -> SubjectClass | None:
    """ "Acme director Jane Roe", "Jane Roe, the CFO of Acme": a person named with the role
    that binds them to the entity (all three are part of the subject)."""
    attribute = person_attribute_of(groups["attr"])
    role = role_of(groups["role"])
    name, parent = clean_name(groups["name"]), clean_name(groups["x"])
    if attribute is None or role is None or role in ENTITY_ROLES or not is_person_name(name):
        return None
    if not parent or role_of(parent) is not None:
        return None
    return SubjectClass(
        type="individual",
        name=name,
        role=role,
        parent_entity=parent,
        attribute=attribute,
        kind=QuestionKind.PERSON_ATTRIBUTE,
    )


def _person_fixed(attribute: str) -> Callable[[dict[str, str]], SubjectClass | None]:
    def build(groups: dict[str, str]) -> SubjectClass | None:
        return _person_attribute({**groups, "attr": attribute})

    return build


def _is_party(groups: dict[str, str]) -> SubjectClass | None:
    parsed = parse_agreement(groups["agr"])
    if parsed is None or parsed.party_roles:
        return None
    document_type, parties = parsed.document_type, parsed.parties
    name = clean_name(groups["x"])
    if not name:
        return None
    others = [p for p in parties if entity_key(p) != entity_key(name)]
    constraints = {"parties": others} if others else {}
    return SubjectClass(
        type="legal_entity",
        name=name,
        attribute="is_party",
        document_type=document_type,
        constraints=constraints,
        kind=QuestionKind.YES_NO,
    )


def _is_subsidiary(groups: dict[str, str]) -> SubjectClass | None:
    name, parent = clean_name(groups["y"]), clean_name(groups["x"])
    if not name or not parent:
        return None
    return SubjectClass(
        type="legal_entity",
        name=name,
        role="subsidiary",
        parent_entity=parent,
        attribute="is_subsidiary",
        kind=QuestionKind.YES_NO,
    )


def _has_role(groups: dict[str, str]) -> SubjectClass | None:
    role = role_of(groups["role"]) if groups.get("role") else groups.get("fixed_role")
    if role is None:
        return None
    if role == "subsidiary":
        return _is_subsidiary(groups)
    name, parent = clean_name(groups["y"]), clean_name(groups["x"])
    if not name or not parent or role_of(name) is not None:
        return None
    return SubjectClass(
        type="legal_entity" if role in ENTITY_ROLES else "individual",
        name=name,
        role=role,
        parent_entity=parent,
        attribute="has_role",
        kind=QuestionKind.YES_NO,
    )


def _has_role_possessive(groups: dict[str, str]) -> SubjectClass | None:
    """ "Is Tom Lind Acme's CEO?": no word marks where the person's name ends, so the split is
    the first one whose left part has the shape of a person's name."""
    words = f"{groups['y']} {groups['x']}".split()
    for cut in range(1, len(words)):
        left, right = " ".join(words[:cut]), " ".join(words[cut:])
        if is_person_name(left):
            return _has_role({**groups, "y": left, "x": right})
    return _has_role(groups)


def _has_fixed_role(role: str) -> Callable[[dict[str, str]], SubjectClass | None]:
    return lambda g: _has_role({**g, "fixed_role": role})


_FOUND_VERB = r"(?:co-?founded|founded|started|established|set\s+up|created|launched)"
_INC_VERB = r"(?:incorporated|organi[sz]ed|formed|registered|domiciled|chartered|established\s+under\s+the\s+laws)"
_DATE_VERB = r"(?:founded|incorporated|formed|established|organi[sz]ed|created|registered|started|set\s+up|launched)"
_PERSON_REFS = (rf"(?:the\s+)?{_ROLE}\s+(?:of|at)\s+{_X}", rf"{_X}{_POSS}\s+{_ROLE}")
_PERSON_NAME = r"(?P<name>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){1,3})"
# A person named together with the role that binds them to an entity.
_NAMED_PERSON_REFS = (
    rf"{_X}(?:{_POSS})?\s+{_DET}{_ROLE}\s+{_PERSON_NAME}",
    rf"{_PERSON_NAME},?\s+{_DET}{_ROLE}\s+(?:of|at)\s+{_X}",
    rf"{_PERSON_NAME},?\s+{_X}{_POSS}\s+{_DET}{_ROLE}",
)
_HAVE_ATTR = r"(?:what|which)\s+(?P<attr>[a-z][a-z\s]*?)\s+(?:does|did|do)\s+"
_HAVE_END = r"\s+(?:have|hold|has|had)"
_AGR_ATTR = r"(?P<attr>[a-z][a-z\s-]*?)"
# Any entity attribute the lexicon names ("ticker symbol", "EIN", "fiscal year end"): its
# question phrases are data, so an attribute added to attributes.yaml is asked without code.
_ENTITY_ATTR = "(?P<attr>" + "|".join(f"(?:{p})" for p, _ in _ENTITY_ATTRIBUTE_PHRASES) + ")"
_OFFICES = r"(?:principal\s+(?:executive\s+)?offices?|headquarters|head\s+office|main\s+office)"

_RULES: tuple[_Rule, ...] = (
    # ---- yes/no claims (before the open questions they resemble)
    _Rule(
        rf"(?:is|was)\s+{_Y}\s+(?:an?\s+)?(?:wholly[-\s]owned\s+|direct\s+|indirect\s+|majority[-\s]owned\s+)?subsidiary\s+of\s+{_X}",
        _is_subsidiary,
    ),
    _Rule(
        rf"(?:is|was)\s+{_Y}\s+(?:wholly\s+|majority\s+|partly\s+)?(?:owned|controlled)\s+by\s+{_X}",
        _is_subsidiary,
    ),
    _Rule(
        rf"(?:is|was)\s+{_X}\s+(?:the\s+|a\s+)?parent(?:\s+company)?\s+of\s+{_Y}", _is_subsidiary
    ),
    _Rule(
        rf"(?:is|was)\s+{_X}\s+(?:a\s+|one\s+of\s+the\s+)?(?:contracting\s+)?part(?:y|ies)\s+(?:to|of|in)\s+{_AGR}",
        _is_party,
    ),
    _Rule(
        rf"(?:did|does|has)\s+{_X}\s+(?:sign(?:ed)?|enter(?:ed)?\s+into|execute[d]?)\s+{_AGR}",
        _is_party,
    ),
    _Rule(rf"(?:did|has)\s+{_Y}\s+(?:co-?)?found(?:ed)?\s+{_X}", _has_fixed_role("founder")),
    _Rule(rf"(?:was|is)\s+{_X}\s+(?:co-?)?founded\s+by\s+{_Y}", _has_fixed_role("founder")),
    _Rule(rf"(?:does|did)\s+{_X}\s+own\s+{_Y}", _has_fixed_role("subsidiary")),
    _Rule(
        rf"(?:is|was|does|did)\s+{_Y}\s+(?:sit|sits|serve|serves|served)?\s*on\s+(?:the\s+)?board\s+(?:of\s+directors\s+)?of\s+{_X}",
        _has_fixed_role("director"),
    ),
    _Rule(
        rf"(?:is|was)\s+{_Y}\s+(?:on|a\s+member\s+of)\s+{_X}{_POSS}\s+board(?:\s+of\s+directors)?",
        _has_fixed_role("director"),
    ),
    _Rule(
        rf"(?:is|was|does|did)\s+{_Y}\s+(?:{_AS}\s+)?(?:(?:one\s+of|among)\s+)?{_DET}{_ROLE}\s+(?:of|at|for|to)\s+{_X}",
        _has_role,
    ),
    _Rule(rf"(?:is|was)\s+{_Y}\s+{_X}{_POSS}\s+{_DET}{_ROLE}", _has_role_possessive),
    # ---- signatories and roles under agreements
    _Rule(
        rf"who\s+(?:signed|executed|signs|countersigned)\s+{_AGR}\s+(?:for|on\s+behalf\s+of|on\s+the\s+part\s+of|as\s+an?\s+authori[sz]ed\s+signatory\s+(?:for|of))\s+{_X}",
        _signatory,
    ),
    _Rule(
        rf"who\s+(?:signed|executed|signs)\s+(?:for|on\s+behalf\s+of)\s+{_X}\s+(?:on|in|under)\s+{_AGR}",
        _signatory,
    ),
    _Rule(rf"who\s+(?:signed|executed|signs|countersigned)\s+{_AGR}", _signatory),
    _Rule(
        rf"{_WHO}\s+{_BE}\s+{_DET}(?:authori[sz]ed\s+)?(?P<role>signator(?:y|ies))\s+(?:for|of)\s+{_X}\s+(?:on|to|of|under)\s+{_AGR}",
        _signatory,
    ),
    _Rule(
        rf"{_WHO}\s+{_BE}\s+{_DET}(?:authori[sz]ed\s+)?(?P<role>signator(?:y|ies)|guarantors?|escrow\s+agents?|trustees?)\s+(?:on|to|of|under|for)\s+{_AGR}",
        _agreement_role_phrase,
    ),
    _Rule(
        rf"{_WHO}\s+(?:guarantees|guaranteed|guaranties|has\s+guaranteed)\s+(?:the\s+obligations\s+(?:of\s+\S+\s+)?under\s+)?{_AGR}",
        _agreement_role("guarantor"),
    ),
    # ---- obligations
    _Rule(
        rf"what\s+(?:are|is)\s+(?:the\s+)?(?:obligations|duties|responsibilities|covenants|commitments)\s+of\s+{_X}\s+(?:under|in|pursuant\s+to|according\s+to)\s+{_AGR}",
        _obligations,
    ),
    _Rule(
        rf"what\s+(?:are|is)\s+{_X}{_POSS}\s+(?:obligations|duties|responsibilities|covenants|commitments)\s+(?:under|in|pursuant\s+to)\s+{_AGR}",
        _obligations,
    ),
    _Rule(
        rf"what\s+(?:obligations|duties|responsibilities)\s+does\s+{_X}\s+have\s+(?:under|in)\s+{_AGR}",
        _obligations,
    ),
    _Rule(
        rf"what\s+(?:must|does|shall|should)\s+{_X}\s+(?:do|provide|deliver|perform)\s+(?:under|in|pursuant\s+to)\s+{_AGR}",
        _obligations,
    ),
    _Rule(
        rf"what\s+(?:is|are)\s+{_X}\s+(?:required|obligated|obliged|bound)\s+(?:to(?:\s+do)?|by)\s+(?:under|in|pursuant\s+to)\s+{_AGR}",
        _obligations,
    ),
    _Rule(rf"what\s+does\s+{_X}\s+owe\s+{_Y}\s+(?:under|in|pursuant\s+to)\s+{_AGR}", _obligations),
    _Rule(
        rf"what\s+(?:does|do|must|shall)\s+{_X}\s+(?:undertake|agree\s+to\s+do|covenant|owe)\s+(?:under|in|pursuant\s+to)\s+{_AGR}",
        _obligations,
    ),
    _Rule(
        rf"what\s+(?:must|does|shall|should)\s+{_X}\s+do\s+as\s+(?:the\s+)?\w+(?:\s+party)?\s+(?:under|in)\s+{_AGR}",
        _obligations,
    ),
    # ---- attributes of an agreement
    _Rule(
        rf"what\s+{_AGR_ATTR}\s+(?:does|do)\s+{_AGR}\s+(?:give|grant|provide|afford|contain|set\s+out|include)(?:\s+(?:to\s+)?[^?]+)?",
        _agreement_attribute_phrase,
    ),
    _Rule(
        rf"how\s+much\s+(?:advance\s+|prior\s+)?(?:written\s+)?notice\s+(?:is\s+|must\s+be\s+)?(?:required|needed|necessary|given)?\s*(?:to\s+(?:avoid|prevent|stop|block)\s+(?:the\s+)?(?:automatic\s+)?renewal\s+of|for\s+non-?renewal\s+of|to\s+not\s+renew|to\s+cancel)\s+{_AGR}",
        _notice_for("non_renewal"),
    ),
    _Rule(rf"when\s+(?:does|will|did)\s+{_AGR}\s+mature", _agreement_fixed("maturity_date")),
    _Rule(
        rf"how\s+long\s+is\s+(?:each|the|any)\s+(?P<attr>renewal\s+(?:term|period))\s+(?:under|of|in)\s+{_AGR}",
        _agreement_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:law|laws|state{_POSS}?\s+laws?|state\s+law|jurisdiction{_POSS}?\s+laws?|jurisdiction)\s+(?:governs?|appl(?:y|ies)\s+to|controls?)\s+{_AGR}",
        _agreement_fixed("governing_law"),
    ),
    _Rule(
        rf"(?:under|by)\s+(?:what|which)\s+(?:law|laws|state{_POSS}?\s+laws?|jurisdiction{_POSS}?\s+laws?|jurisdiction)\s+(?:is|are)\s+{_AGR}\s+governed",
        _agreement_fixed("governing_law"),
    ),
    _Rule(
        rf"how\s+long\s+(?:is|does|will)\s+{_AGR}\s+(?:last|run|remain\s+in\s+(?:force|effect)|in\s+effect)?",
        _agreement_fixed("term"),
    ),
    _Rule(
        rf"how\s+long\s+(?:is|was)\s+(?:the\s+)?(?:initial\s+)?(?:term|duration)\s+of\s+{_AGR}",
        _agreement_fixed("term"),
    ),
    _Rule(
        rf"when\s+(?:does|will|did)\s+{_AGR}\s+(?:expire|end|lapse|terminate)",
        _agreement_fixed("expiration_date"),
    ),
    _Rule(
        rf"when\s+(?:is|was|does|did)\s+{_AGR}\s+(?:effective|become\s+effective|take\s+effect|come\s+into\s+force|enter\s+into\s+force|commence|start|begin)",
        _agreement_fixed("effective_date"),
    ),
    _Rule(
        rf"when\s+was\s+{_AGR}\s+(?:signed|executed|entered\s+into|dated|made)",
        _agreement_fixed("effective_date"),
    ),
    _Rule(
        rf"how\s+much\s+(?:advance\s+|prior\s+)?(?:written\s+)?notice\s+(?:is\s+|must\s+be\s+)?(?:required|needed|necessary|given)?\s*(?:to\s+terminate|for\s+(?:the\s+)?termination\s+of)\s+{_AGR}",
        _notice_for("termination"),
    ),
    _Rule(
        rf"how\s+much\s+(?:advance\s+|prior\s+)?(?:written\s+)?notice\s+(?:must|does|shall|should)\s+{_X}\s+(?:give|provide|serve)\s+(?:\w+\s+)?(?:to\s+terminate|to\s+end|for\s+(?:the\s+)?termination\s+of)\s+{_AGR}",
        _notice_for("termination"),
    ),
    _Rule(
        rf"how\s+much\s+(?:advance\s+|prior\s+)?notice\s+(?:is\s+|must\s+be\s+)?(?:required|needed|given)?\s*(?:under|in)\s+{_AGR}",
        _agreement_fixed("notice_period"),
    ),
    _Rule(
        rf"how\s+much\s+(?:advance\s+|prior\s+)?(?:written\s+)?notice\s+(?:must|does|shall|should)\s+{_X}\s+(?:give|provide)\s+(?:\w+\s+)?(?:to\s+(?:terminate|dismiss|fire)|before\s+(?:terminating|dismissing))\s+(?:its|their)\s+{_ROLE}(?:{_POSS}\s+employment)?(?:\s+(?:with|without|for)\s+cause)?",
        lambda g: _agreement_subject(
            "notice_period",
            f"employment agreement with its {g['role']}",
            party=g["x"],
            extra_constraints={"notice_for": "termination"},
        ),
    ),
    _Rule(
        rf"(?:how|when|on\s+what\s+grounds|under\s+what\s+circumstances)\s+(?:can|may)\s+{_AGR}\s+be\s+terminated",
        _agreement_fixed("termination_right"),
    ),
    _Rule(rf"(?:can|may)\s+{_X}\s+terminate\s+{_AGR}", _agreement_fixed("termination_right")),
    _Rule(
        rf"(?:can|may)\s+{_X}\s+assign\s+(?:its\s+rights\s+(?:and\s+obligations\s+)?under\s+)?{_AGR}(?:\s+without\s+(?:the\s+)?(?:other\s+party{_POSS}\s+|prior\s+)?(?:written\s+)?consent)?",
        _agreement_fixed("assignment"),
    ),
    _Rule(rf"(?:is|are)\s+{_AGR}\s+assignable", _agreement_fixed("assignment")),
    _Rule(
        rf"(?:does|will)\s+{_AGR}\s+(?:automatically\s+)?(?:renew|auto-?renew)",
        _agreement_fixed("renewal_term"),
    ),
    _Rule(
        rf"how\s+much\s+is\s+(?:the\s+)?(?:liability\s+cap|cap\s+on\s+liability|maximum\s+liability)\s+(?:under|in|of)\s+{_AGR}",
        _agreement_fixed("liability_cap"),
    ),
    _Rule(
        rf"who\s+(?:are|were)\s+(?:the\s+)?(?:contracting\s+)?parties\s+(?:to|of|in)\s+{_AGR}",
        _agreement_fixed("parties"),
    ),
    _Rule(
        rf"{_LIST}\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?(?:contracting\s+)?parties\s+(?:to|of|in)\s+{_AGR}",
        _agreement_fixed("parties"),
    ),
    _Rule(
        rf"(?:what|which)\s+(?:compan(?:y|ies)|entit(?:y|ies)|parties)\s+(?:are|were)\s+(?:the\s+)?part(?:y|ies)\s+(?:to|of)\s+{_AGR}",
        _agreement_fixed("parties"),
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+)?{_AGR_ATTR}\s+(?:of|in|under|for|on|set\s+(?:out|forth)\s+in|specified\s+in|stated\s+in|provided\s+(?:for\s+)?in|contained\s+in)\s+{_AGR}",
        _agreement_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was|were)\s+{_AGR}{_POSS}\s+{_AGR_ATTR}",
        lambda g: _agreement_attribute_phrase({"attr": g["attr"], "agr": g["agr"]}),
    ),
    # ---- attributes of a person reached through a role (before role questions)
    *(
        rule
        for ref in _PERSON_REFS
        for rule in (
            _Rule(
                rf"(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+)?(?P<attr>[a-z][a-z\s]*?)\s+of\s+{ref}",
                _person_attribute,
            ),
            _Rule(
                rf"(?:what|which)\s+(?:is|are|was|were)\s+{ref}{_POSS}\s+(?P<attr>[a-z][a-z\s]*?)",
                _person_attribute,
            ),
            _Rule(
                rf"where\s+did\s+{ref}\s+(?:study|go\s+to\s+(?:school|college|university)|attend\s+(?:school|college|university)|graduate(?:\s+from)?|get\s+(?:his|her|their)\s+degrees?|earn\s+(?:his|her|their)\s+degrees?)",
                _person_fixed("education"),
            ),
            _Rule(rf"how\s+old\s+is\s+{ref}", _person_fixed("age")),
        )
    ),
    *(
        rule
        for ref in _NAMED_PERSON_REFS
        for rule in (
            _Rule(
                rf"(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+)?(?P<attr>[a-z][a-z\s]*?)\s+of\s+{ref}",
                _named_person_attribute,
            ),
            _Rule(rf"{_HAVE_ATTR}{ref}{_HAVE_END}", _named_person_attribute),
            _Rule(
                rf"where\s+did\s+{ref}\s+(?:study|go\s+to\s+(?:school|college|university)|attend\s+(?:school|college|university)|graduate(?:\s+from)?)",
                lambda g: _named_person_attribute({**g, "attr": "education"}),
            ),
        )
    ),
    *(_Rule(rf"{_HAVE_ATTR}{ref}{_HAVE_END}", _person_attribute) for ref in _PERSON_REFS),
    _Rule(rf"{_HAVE_ATTR}{_X}{_HAVE_END}", _person_attribute),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+)?(?P<attr>[a-z][a-z\s]*?)\s+of\s+{_X}",
        _person_attribute,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was|were)\s+{_X}{_POSS}\s+(?P<attr>[a-z][a-z\s]*?)",
        _person_attribute,
    ),
    _Rule(
        rf"where\s+did\s+{_X}\s+(?:study|go\s+to\s+(?:school|college|university)|attend\s+(?:school|college|university)|graduate(?:\s+from)?)",
        _person_fixed("education"),
    ),
    # ---- attributes of an entity
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was)\s+(?:the\s+)?{_ENTITY_ATTR}\s+(?:of|for|at)\s+{_X}{_POSS}\s+{_OFFICES}",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|where)\s+is\s+(?:the\s+)?(?:street\s+)?address\s+of\s+{_X}{_POSS}\s+(?P<attr>registered\s+office|headquarters|head\s+office|principal\s+(?:place\s+of\s+business|(?:executive\s+)?offices?)|main\s+office)",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|where)\s+is\s+(?:the\s+)?(?:street\s+)?address\s+of\s+(?:the\s+)?(?P<attr>registered\s+office|headquarters|head\s+office|principal\s+(?:place\s+of\s+business|(?:executive\s+)?offices?)|main\s+office)\s+of\s+{_X}",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was)\s+{_X}{_POSS}\s+{_ENTITY_ATTR}",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was)\s+(?:the\s+)?{_ENTITY_ATTR}\s+(?:of|for)\s+{_X}",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+{_ENTITY_ATTR}\s+(?:is|does)\s+{_X}(?:\s+(?:have|use|report))?",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:under|with)\s+(?:what|which)\s+{_ENTITY_ATTR}\s+(?:is|are)\s+{_X}(?:{_POSS}\s+(?:common\s+)?(?:stock|shares))?\s+(?:listed|traded|quoted)",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"when\s+does\s+{_X}{_POSS}\s+{_ENTITY_ATTR}\s+(?:end|close)",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"{_X}\s+(?:is|was)\s+{_INC_VERB}\s+(?:in|under\s+the\s+laws\s+of)\s+(?:which|what)\s+(?:state|jurisdiction|country)",
        _entity_attribute("jurisdiction_of_incorporation"),
    ),
    _Rule(
        rf"(?:what|which)\s+(?:state|jurisdiction|country)\s+(?:is|was)\s+{_X}\s+{_INC_VERB}(?:\s+in)?",
        _entity_attribute("jurisdiction_of_incorporation"),
    ),
    _Rule(
        rf"(?:where|in\s+(?:what|which)\s+(?:state|jurisdiction|country|place))\s+(?:is|was)\s+{_X}\s+{_INC_VERB}(?:\s+in)?",
        _entity_attribute("jurisdiction_of_incorporation"),
    ),
    _Rule(
        rf"under\s+(?:the\s+laws\s+of\s+)?(?:what|which)\s+(?:state|jurisdiction|country)(?:{_POSS}\s+laws?)?\s+(?:is|was)\s+{_X}\s+{_INC_VERB}",
        _entity_attribute("jurisdiction_of_incorporation"),
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|was)\s+{_X}{_POSS}\s+(?P<attr>(?:state|jurisdiction|country|place)\s+of\s+\w+|jurisdiction|domicile|(?:date|year)\s+of\s+\w+|\w+\s+(?:date|year)|registered\s+(?:office|address)(?:\s+address)?|(?:\w+\s+){{1,3}}(?:number|no\.?|id|identifier)|headquarters(?:\s+address)?|head\s+office|principal\s+[a-z\s]+?|main\s+office)",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|was)\s+(?:the\s+)?(?P<attr>(?:state|jurisdiction|country|place)\s+of\s+\w+|jurisdiction|domicile|(?:date|year)\s+of\s+\w+|\w+\s+(?:date|year)|registered\s+(?:office|address)(?:\s+address)?|(?:\w+\s+){{1,3}}(?:number|no\.?|id|identifier)|headquarters(?:\s+address)?|head\s+office|principal\s+[a-z\s]+?|main\s+office)\s+(?:of|for)\s+{_X}",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:when|(?:in\s+)?what\s+year|on\s+what\s+date)\s+(?:was|were)\s+{_X}\s+{_DATE_VERB}",
        _entity_attribute("founding_date"),
    ),
    _Rule(
        rf"where\s+(?:is|was)\s+{_X}{_POSS}\s+(?:registered\s+(?:office|address))(?:\s+located)?",
        _entity_attribute("registered_office"),
    ),
    _Rule(
        rf"where\s+(?:is|are|was)\s+{_X}{_POSS}\s+(?:headquarters|head\s+office|principal\s+(?:place\s+of\s+business|(?:executive\s+)?offices?)|main\s+office)(?:\s+located)?",
        _entity_attribute("headquarters"),
    ),
    _Rule(
        rf"where\s+(?:is|are)\s+{_X}\s+(?:headquartered|based|located|head-?quartered)",
        _entity_attribute("headquarters"),
    ),
    _Rule(
        rf"(?:who|which\s+(?:firm|company|accounting\s+firm))\s+(?:audits|audited|is\s+auditing)\s+{_X}(?:{_POSS}\s+(?:financial\s+statements|accounts|books))?",
        _entity_attribute("auditor"),
    ),
    # ---- roles and relations
    _Rule(
        rf"(?:who|which\s+(?:person|individual))\s+(?:chairs|chaired|leads|heads)\s+(?:the\s+)?board(?:\s+of\s+directors)?\s+of\s+{_X}",
        _fixed_role("chair"),
    ),
    _Rule(
        rf"(?:who|which\s+(?:person|individual))\s+(?:chairs|chaired|leads|heads)\s+{_X}{_POSS}\s+board(?:\s+of\s+directors)?",
        _fixed_role("chair"),
    ),
    _Rule(
        rf"(?:who|which\s+(?:person|individual))\s+(?:runs|ran|manages|managed|leads|led|heads|headed)\s+{_X}\s+as\s+(?:its\s+|the\s+)?{_ROLE}",
        _from_role,
    ),
    _Rule(
        rf"(?:which|what)\s+(?:compan(?:y|ies)|entit(?:y|ies)|business(?:es)?|firms?)\s+(?:was|were)\s+(?:co-?)?founded\s+by\s+{_Y}",
        _founded_by,
    ),
    _Rule(
        rf"(?:which|what)\s+(?:compan(?:y|ies)|entit(?:y|ies)|business(?:es)?)\s+did\s+{_Y}\s+(?:co-?)?found",
        _founded_by,
    ),
    _Rule(
        rf"what\s+(?:stake|percentage|share|equity\s+stake|ownership\s+(?:stake|interest))\s+(?:does|did)\s+{_Y}\s+(?:hold|have|own)\s+in\s+{_X}",
        _stake,
    ),
    _Rule(
        rf"how\s+much\s+of\s+{_X}\s+(?:does|did)\s+(?:(?:co-?founder|founder|director|shareholder|stockholder|investor|ceo|cfo|cto|coo)\s+)?{_Y}\s+own",
        _stake,
    ),
    _Rule(
        rf"{_WHO}\s+{_BE}\s+{_X}{_POSS}\s+{_DET}{_ROLE}\s+in\s+(?P<where>[A-Z][^?]*)", _from_role
    ),
    _Rule(
        rf"{_WHO}\s+{_BE}\s+{_DET}{_ROLE}\s+(?:of|for)\s+{_X}\s+in\s+(?P<where>[A-Z][^?]*)",
        _from_role,
    ),
    _Rule(
        rf"(?:who|by\s+whom)\s+(?:was|were)\s+{_X}\s+(?:co-?)?founded(?:\s+by)?",
        _fixed_role("founder"),
    ),
    _Rule(
        rf"(?:who|which\s+(?:people|persons|individuals))\s+(?:{_FOUND_VERB}|originally\s+founded)\s+{_X}",
        _fixed_role("founder"),
    ),
    _Rule(
        rf"(?:who|which\s+compan(?:y|ies)|which\s+entit(?:y|ies))\s+(?:owns?|controls?|holds?\s+(?:shares|stock|equity|an\s+interest)\s+in|ha(?:s|ve)\s+(?:shares|stock|equity|an\s+ownership\s+interest)\s+in|invested\s+in)\s+{_X}",
        _fixed_role("shareholder"),
    ),
    _Rule(
        rf"(?:what|which)\s+(?:compan(?:y|ies)|entit(?:y|ies)|subsidiaries|businesses)\s+(?:does|did)\s+{_X}\s+(?:own|control|have)",
        _fixed_role("subsidiary"),
    ),
    _Rule(rf"does\s+{_X}\s+have\s+(?:any\s+)?subsidiaries", _fixed_role("subsidiary")),
    _Rule(
        rf"(?:who|which\s+(?:people|persons|individuals))\s+(?:sits?|serves?|are|is)\s+on\s+(?:the\s+)?board(?:\s+of\s+directors)?\s+of\s+{_X}",
        _fixed_role("director"),
    ),
    _Rule(
        rf"(?:who|which\s+(?:people|persons|individuals))\s+(?:sits?|serves?|are|is)\s+on\s+{_X}{_POSS}\s+board(?:\s+of\s+directors)?",
        _fixed_role("director"),
    ),
    _Rule(
        rf"(?:who|what)\s+(?:is|are)\s+(?:the\s+)?(?:members|composition)\s+of\s+{_X}{_POSS}\s+board(?:\s+of\s+directors)?",
        _fixed_role("director"),
    ),
    _Rule(rf"{_WHO}\s+(?:{_BE}|{_AS})\s+{_DET}{_NAMES_OF}{_DET}{_ROLE}\s+{_OF}\s+{_X}", _from_role),
    _Rule(rf"{_WHO}\s+(?:{_BE}|{_AS})\s+{_X}{_POSS}\s+{_DET}{_ROLE}", _from_role),
    _Rule(rf"{_WHO}\s+(?:{_BE}|{_AS})\s+{_DET}{_ROLE}\s+{_OF}\s+{_X}", _from_role),
    _Rule(rf"{_LIST}\s+(?:all\s+)?{_NAMES_OF}{_DET}{_ROLE}\s+{_OF}\s+{_X}", _from_role),
    _Rule(rf"{_LIST}\s+(?:all\s+(?:of\s+)?)?{_X}{_POSS}\s+{_ROLE}", _from_role),
    _Rule(rf"{_X}{_POSS}\s+{_DET}{_ROLE}", _from_role),
    _Rule(rf"(?:the\s+)?{_ROLE}\s+of\s+{_X}", _from_role),
)


_ABBREVIATED_END = re.compile(
    r"\b(?:inc|corp|co|ltd|l\.l\.c|n\.a|s\.a|n\.v|b\.v|k\.k|jr|sr|p\.c|l\.p|s\.a\.s)\.$",
    re.IGNORECASE,
)


_IN_FORCE_LEAD = re.compile(
    r"^(?:as\s+(?:amended|restated|amended\s+and\s+restated)|currently|at\s+present)\s*,\s*",
    re.IGNORECASE,
)
_IN_FORCE_WORD = re.compile(
    r"\b(the|its|their)\s+(?:current|present|prevailing|currently\s+applicable)\s+", re.IGNORECASE
)


def _normalize(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = text.replace("–", "-").replace("—", "-")
    text = re.sub(r"\b(what|who|where|when|which|how)'s\b", r"\1 is", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(what|who|where|when|which|how)'re\b", r"\1 are", text, flags=re.IGNORECASE)
    text = " ".join(text.split()).rstrip(" ?!")
    # "As amended, ...", "the current cap": a question about what is in force, which is what
    # every answer gives (issue 16: a stated supersession decides it)
    text = _IN_FORCE_LEAD.sub("", text)
    text = _IN_FORCE_WORD.sub(r"\1 ", text)
    # A final full stop ends the sentence, unless it belongs to "Inc." or "N.A.".
    if text.endswith(".") and not _ABBREVIATED_END.search(text):
        text = text[:-1].rstrip()
    return text


# Words that refer back to an entity named elsewhere (an earlier question): the subject
# cannot be identified from the question alone.
_REFERENCE = re.compile(
    r"^(?:it|its|itself|they|them|their|he|him|his|she|her|this|that|these|those|"
    r"(?:(?:the|this|that|such|said)\s+)?(?:company|corporation|entity|firm|business|person|"
    r"individual|party|counterparty|target|issuer|same)|(?:its|their|his|her)\s+.+)$",
    re.IGNORECASE,
)


def _reject_references(text: str, subject: SubjectClass) -> None:
    names = [
        subject.name,
        subject.parent_entity,
        subject.constraints.get("party"),
        *subject.parties,
    ]
    for name in names:
        # "the Company" written as a defined term is kept as written (the gate decides).
        if isinstance(name, str) and _REFERENCE.match(name.strip()) and name.islower():
            raise SubjectClassError(
                text,
                f"it refers to an entity as {name!r} without naming it; name the entity "
                "(each question is read on its own)",
            )


# The longest question read (after whitespace is normalized). The API advertises and
# enforces this same figure (api/_limits.py: max_question_chars may lower it, never raise it).
MAX_QUESTION_CHARS = 2000


# The words before a time in a question ("Who was the CFO of X in 2022?").
_TIME_WORDS = r"(?:in|during|as\s+of|as\s+at|on|at\s+the\s+end\s+of|by\s+the\s+end\s+of)"


def time_qualifier(question: str) -> tuple[str, str] | None:
    """(the question without its time, the time as ISO "2022", "2022-03" or "2022-03-01")
    for a question that names one time; None otherwise."""
    dates = find_dates(question, partial=True)
    if len(dates) != 1:
        return None
    mention = dates[0]
    before = re.search(
        rf"(?i)[\s,]*\b{_TIME_WORDS}\s+(?:the\s+year\s+)?$", question[: mention.start]
    )
    if before is None:
        return None
    rest = question[: before.start()] + question[mention.end :]
    return " ".join(rest.split()).replace(" ?", "?").lstrip(", "), mention.value


# Entity attributes whose values hold an office the lexicon names as a role (the auditor, the
# registered agent): "Who was X's auditor in 2015?" asks for the holder then. Other attributes
# keep their dates in the question ("shares outstanding as of June 30, 2023").
_HOLDER_ATTRIBUTES = _LEXICON.holder_attributes


def parse_question(text: str) -> SubjectClass:
    """The subject class of a natural-language question; SubjectClassError when none fits.

    A role question that names one time ("Who was the CFO of X in 2022?") is read without it,
    and the time is kept as `constraints.as_of` (the holders then, not now: skill/_tenure)."""
    dated = time_qualifier(_normalize(text))
    if dated is not None:
        try:
            subject = _parse_question(text, dated[0])
        except SubjectClassError:
            subject = None
        if subject is not None and (
            subject.kind == QuestionKind.ROLE
            or (subject.kind == QuestionKind.YES_NO and subject.role is not None)
            or (
                subject.kind == QuestionKind.ENTITY_ATTRIBUTE
                and subject.attribute in _HOLDER_ATTRIBUTES
            )
        ):
            constraints = dict(sorted({**subject.constraints, "as_of": dated[1]}.items()))
            return subject.model_copy(update={"constraints": constraints})
    return _parse_question(text, text)


def _parse_question(text: str, read: str) -> SubjectClass:
    question = _normalize(read)
    if not question:
        raise SubjectClassError(text, "the question is empty")
    if len(question) > MAX_QUESTION_CHARS:
        raise SubjectClassError(
            text,
            f"the question is longer than {MAX_QUESTION_CHARS} characters "
            f"(limit max_question_chars = {MAX_QUESTION_CHARS})",
        )
    for rule in _RULES:
        match = rule.regex.match(question)
        if match is None:
            continue
        groups = {k: v for k, v in match.groupdict().items() if v is not None}
        subject = rule.build(groups)
        if subject is not None:
            _reject_references(text, subject)
            return subject
    raise SubjectClassError(
        text,
        "it fits no supported question kind (a role, relation or attribute of a named entity; "
        "an attribute, the parties or obligations of an agreement; an attribute of a person "
        "reached through a role; or a yes/no claim about one of these)",
    )


# ---------------------------------------------------------------------------------------------
# Structured input from agents

_STRUCTURED_FIELDS = frozenset(
    {"type", "name", "role", "parent_entity", "attribute", "document_type", "constraints", "kind"}
)


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
    if attribute == "is_subsidiary" and role is None:
        role = "subsidiary"  # the claim itself names the relation
    if attribute == "has_role" and role is None:
        raise SubjectClassError(str(data), "a has_role claim needs the role it asks about")
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
    subject = SubjectClass(**fields, kind=QuestionKind(kind))
    if not (subject.name or subject.parent_entity or subject.parties or subject.document_type):
        raise SubjectClassError(str(data), "a subject class must name an entity or an agreement")
    return subject
