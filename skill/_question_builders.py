"""What the templates of the question grammar build: the subject class of the groups a
template's pattern captured (a role or relation of an entity, an attribute of an entity, an
agreement or a person, obligations under an agreement, a yes/no claim); None when the captured
words name no subject, so that the grammar tries its next template.

Each builder takes the groups and, as keyword arguments, what its template gives it
(domain/lexicon/question_templates.yaml: `builder: agreement_fixed` with
`attribute: governing_law`); `QUESTION_BUILDERS` registers them by the names templates use.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from domain import entity_key, is_person_name, lexicon
from skill._agreement_ref import AgreementRef, parse_agreement
from skill._question_names import clean_name, quantified
from skill._subject import (
    _AGREEMENT_WORD,
    AGREEMENT_ROLES,
    ENTITY_ROLES,
    RELATION_ROLES,
    QuestionKind,
    SubjectClass,
    agreement_attribute_of,
    entity_attribute_of,
    person_attribute_of,
    role_of,
)

_LEXICON = lexicon()
# The words that ask and link a question (vocabulary.yaml `question_words` and
# `question_name_breaks`): what a party's name does not end with.
_LINK_WORDS = _LEXICON.question_words


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


def _fixed_role(groups: dict[str, str], *, role: str) -> SubjectClass | None:
    return _role_subject(role, groups["x"])


def _entity_attribute(groups: dict[str, str], *, attribute: str) -> SubjectClass | None:
    name = clean_name(groups["x"])
    if not name:
        return None
    return SubjectClass(
        type="legal_entity", name=name, attribute=attribute, kind=QuestionKind.ENTITY_ATTRIBUTE
    )


def _entity_attribute_phrase(groups: dict[str, str]) -> SubjectClass | None:
    attribute = entity_attribute_of(groups["attr"])
    return _entity_attribute(groups, attribute=attribute) if attribute else None


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


def _amendment_of(parsed: AgreementRef) -> dict[str, Any]:
    """The amendment the agreement's words name ("Acme's 2nd amendment to the lease"), as a
    subject's constraint: a role or a party asked of it is asked of the amendment."""
    return {"amendment": parsed.amendment} if parsed.amendment else {}


def _agreement_attribute_phrase(groups: dict[str, str]) -> SubjectClass | None:
    attribute = agreement_attribute_of(groups["attr"])
    if attribute is None:
        return None
    return _agreement_subject(attribute, groups["agr"])


def _agreement_fixed(groups: dict[str, str], *, attribute: str) -> SubjectClass | None:
    return _agreement_subject(attribute, groups["agr"], party=groups.get("x"))


def _notice_for(groups: dict[str, str], *, notice: str) -> SubjectClass | None:
    """A notice period asked for one purpose ("to avoid renewal", "to terminate"): only
    notice stated for that purpose answers it."""
    return _agreement_subject(
        "notice_period",
        groups["agr"],
        party=groups.get("x"),
        extra_constraints={"notice_for": notice},
    )


def _employment_notice(groups: dict[str, str], *, notice: str) -> SubjectClass | None:
    """The notice an employer gives its employee ("How much notice must Acme give before
    terminating its CFO?"): the notice period, for that purpose, of the entity's employment
    agreement with the holder of the role."""
    return _agreement_subject(
        "notice_period",
        f"employment agreement with its {groups['role']}",
        party=groups["x"],
        extra_constraints={"notice_for": notice},
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
    constraints.update(_amendment_of(parsed))
    return SubjectClass(
        type="individual",
        role="signatory",
        parent_entity=name or None,
        document_type=parsed.document_type,
        constraints=dict(sorted(constraints.items())),
        kind=QuestionKind.ROLE,
    )


def _agreement_role(groups: dict[str, str], *, role: str) -> SubjectClass | None:
    parsed = parse_agreement(groups["agr"])
    if parsed is None or parsed.party_roles:
        return None
    constraints: dict[str, Any] = {"parties": parsed.parties} if parsed.parties else {}
    constraints.update(_amendment_of(parsed))
    return SubjectClass(
        type="legal_entity" if role in ENTITY_ROLES else "individual",
        role=role,
        document_type=parsed.document_type,
        constraints=dict(sorted(constraints.items())),
        kind=QuestionKind.ROLE,
    )


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
    return _holder_attribute(groups, attribute="stake")


def _holder_attribute(groups: dict[str, str], *, attribute: str) -> SubjectClass | None:
    """What a holder (y) holds of a company (x) as a shareholder: its stake, its count of
    shares (`attribute`)."""
    holder, company = clean_name(groups["y"]), clean_name(groups["x"])
    if not holder or not company:
        return None
    return SubjectClass(
        type="individual" if is_person_name(holder) else "legal_entity",
        name=holder,
        role="shareholder",
        parent_entity=company,
        attribute=attribute,
        kind=QuestionKind.PERSON_ATTRIBUTE,
    )


def _agreement_role_phrase(groups: dict[str, str]) -> SubjectClass | None:
    role = role_of(groups["role"])
    if role not in ("guarantor", "escrow_agent", "trustee", "signatory"):
        return None
    if role == "signatory":
        return _signatory(groups)
    return _agreement_role(groups, role=role)


def _contract_party(groups: dict[str, str]) -> SubjectClass | None:
    """ "Who is the lender under the loan agreement?": the party an agreement defines by that
    contract role (its defined term or contract role), not a role the index keeps apart."""
    role = _CONTRACT_ROLE_TERMS.fullmatch(groups["role"].strip())
    if role is None or re.search(r"(?i)\b(?:under|in)\s", groups["agr"]):
        return None  # "the lender to Halcyon under the loan agreement": the next template's
    parsed = parse_agreement(groups["agr"])
    if parsed is None or parsed.party_roles:
        return None
    constraints: dict[str, Any] = {"party_role": " ".join(role.group("term").lower().split())}
    parties = list(parsed.parties)
    counterparty = clean_name(groups["x"]) if groups.get("x") else None
    if counterparty and entity_key(counterparty) not in {entity_key(p) for p in parties}:
        parties = [counterparty, *parties]
    if parties:
        constraints["parties"] = parties
    constraints.update(_amendment_of(parsed))
    return SubjectClass(
        type="legal_entity",
        role="party",
        document_type=parsed.document_type,
        constraints=dict(sorted(constraints.items())),
        kind=QuestionKind.ROLE,
    )


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


def _person_fixed(groups: dict[str, str], *, attribute: str) -> SubjectClass | None:
    return _person_attribute({**groups, "attr": attribute})


def _named_person_fixed(groups: dict[str, str], *, attribute: str) -> SubjectClass | None:
    return _named_person_attribute({**groups, "attr": attribute})


def _is_party(groups: dict[str, str]) -> SubjectClass | None:
    parsed = parse_agreement(groups["agr"])
    if parsed is None or parsed.party_roles:
        return None
    document_type, parties = parsed.document_type, parsed.parties
    name = clean_name(groups["x"])
    # A name never ends in a word that links a question's words ("Is revenue shared between
    # the parties to the MSA?" asks of no party "revenue shared between the").
    if not name or (len(last := name.split()[-1].lower()) > 1 and last in _LINK_WORDS):
        return None
    others = [p for p in parties if entity_key(p) != entity_key(name)]
    constraints: dict[str, Any] = {"parties": others} if others else {}
    constraints.update(_amendment_of(parsed))
    constraints.update(_negated(groups["x"]))
    return SubjectClass(
        type="legal_entity",
        name=name,
        attribute="is_party",
        document_type=document_type,
        constraints=dict(sorted(constraints.items())),
        kind=QuestionKind.YES_NO,
    )


def _negated(name: str) -> dict[str, Any]:
    """{"negated": True} where the words read as a name end in a negation ("Is X not a party
    to ...?", "Is X never a guarantor ...?": the claim asked is that X is not), else {}."""
    words = name.split()
    return {"negated": True} if words and words[-1].casefold() in _NEGATIONS else {}


_NEGATIONS = _LEXICON.question_name_negations


def _agreement_has_fixed_role(groups: dict[str, str], *, role: str) -> SubjectClass | None:
    """ "Does X guarantee the Keystone loan?": the role its verb names."""
    return _agreement_has_role({**groups, "role": role})


def _agreement_has_role(groups: dict[str, str]) -> SubjectClass | None:
    """ "Is X a guarantor of the Keystone loan?": does X hold a contract role (vocabulary.yaml
    contract_roles) under the agreement named; None where what follows names no agreement."""
    term = " ".join((groups.get("role") or "").replace("_", " ").lower().split())
    parsed = parse_agreement(groups["agr"])
    if not term or parsed is None or parsed.document_type is None or parsed.party_roles:
        return None
    name = clean_name(groups["y"])
    if not name or _CONTRACT_ROLE_TERMS.fullmatch(name) or quantified(name):
        return None
    others = [p for p in parsed.parties if entity_key(p) != entity_key(name)]
    constraints: dict[str, Any] = {"party_role": term, **_negated(groups["y"])}
    if others:
        constraints["parties"] = others
    constraints.update(_amendment_of(parsed))
    return SubjectClass(
        type="legal_entity",
        name=name,
        attribute="is_party",
        document_type=parsed.document_type,
        constraints=dict(sorted(constraints.items())),
        kind=QuestionKind.YES_NO,
    )


def _is_subsidiary(groups: dict[str, str]) -> SubjectClass | None:
    name, parent = clean_name(groups["y"]), clean_name(groups["x"])
    if not name or not parent or quantified(name):
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
    if not name or not parent or role_of(name) is not None or quantified(name):
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


def _has_fixed_role(groups: dict[str, str], *, role: str) -> SubjectClass | None:
    return _has_role({**groups, "fixed_role": role})


# The builders by the names the templates give them. Each takes the captured groups and, as
# keyword-only arguments, its template's arguments (skill/_question_grammar.py checks them).
QUESTION_BUILDERS: dict[str, Callable[..., SubjectClass | None]] = {
    "agreement_attribute_phrase": _agreement_attribute_phrase,
    "agreement_fixed": _agreement_fixed,
    "agreement_role": _agreement_role,
    "agreement_role_phrase": _agreement_role_phrase,
    "contract_party": _contract_party,
    "employment_notice": _employment_notice,
    "entity_attribute": _entity_attribute,
    "entity_attribute_phrase": _entity_attribute_phrase,
    "fixed_role": _fixed_role,
    "founded_by": _founded_by,
    "from_role": _from_role,
    "has_fixed_role": _has_fixed_role,
    "has_role": _has_role,
    "has_role_possessive": _has_role_possessive,
    "holder_attribute": _holder_attribute,
    "is_party": _is_party,
    "agreement_has_role": _agreement_has_role,
    "agreement_has_fixed_role": _agreement_has_fixed_role,
    "is_subsidiary": _is_subsidiary,
    "named_person_attribute": _named_person_attribute,
    "named_person_fixed": _named_person_fixed,
    "notice_for": _notice_for,
    "obligations": _obligations,
    "person_attribute": _person_attribute,
    "person_fixed": _person_fixed,
    "signatory": _signatory,
    "stake": _stake,
}
