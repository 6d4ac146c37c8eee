"""A defined role as a question's only subject ("Can the Executive be terminated without
cause?", "Is the Borrower allowed to pay dividends?"): the question names no party, only a
role an agreement defines for one of its parties. An analyst means the agreement that defines
it: the knowledge base's agreements defining the role (a party bound under that defined term)
are the candidates; exactly one is the question's scope, several are a question error naming
each (never a pick), none is a subject not found naming the role.

A role is a word of the lexicon's contract roles (vocabulary.yaml `contract_roles`), or a
defined term the knowledge base binds to a party whose last word is one ("the Loan Party"),
never a generic one (`generic_contract_roles`: "the Company", "the Parties"; "the Loan Party"
is one), asked with "the"
before it, in any case, possessive or plural ("the executive's", "the Lenders").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from domain import entity_key, lexicon
from skill._agreements import defined_party
from skill._candidate import Candidate

_LEXICON = lexicon()
_GENERIC = frozenset(_LEXICON.generic_contract_roles)
_ROLE_WORDS = frozenset(_LEXICON.contract_roles) - _GENERIC


def _is_role(term: str) -> bool:
    key = entity_key(term)
    if not key or key.replace(" ", "_") in _GENERIC:
        return False
    words = key.split()
    if "_".join(words) in _ROLE_WORDS or words[-1] in _ROLE_WORDS:
        return True
    # "the Loan Party", "the Indemnified Party": a generic word made one party's by the words
    # before it
    return len(words) > 1 and words[-1] in _GENERIC


@dataclass(frozen=True)
class RoleAsked:
    """A role a question names, as written ("Borrower"), and its entity key."""

    written: str
    key: str


def role_terms(defined_terms: Iterable[str]) -> tuple[str, ...]:
    """The role terms a question may name: the lexicon's contract roles and the knowledge
    base's defined terms that are roles, longest first (so "receiving party" before
    "party")."""
    terms = {w.replace("_", " ") for w in _ROLE_WORDS}
    terms |= {" ".join(entity_key(t).split()) for t in defined_terms if _is_role(t)}
    return tuple(sorted((t for t in terms if t), key=lambda t: (-len(t), t)))


def _written(term: str) -> str:
    """`term` as a pattern, its last word's "y" also written as a plural's "ies" ("the
    receiving parties")."""
    words = [re.escape(w) for w in term.split()]
    if words[-1].endswith("y"):
        words[-1] = words[-1][:-1] + "(?:y|ies)"
    return r"\s+".join(words)


def _singular(written: str) -> str:
    """A role as written, its plural's "ies" written as the term's "y" ("Receiving Parties"
    -> "Receiving Party")."""
    if written[-3:].lower() == "ies":
        return written[:-3] + ("Y" if written[-3:].isupper() else "y")
    return written


def _role_pattern(terms: Sequence[str]) -> re.Pattern[str]:
    """ "the" and one of `terms`, plural or possessive ("the Lenders", "the executive's",
    "the Receiving Parties")."""
    return re.compile(
        r"(?<![\w&'’-])the\s+(?P<role>"
        + "|".join(_written(t) for t in terms)
        + r")(?:e?s)?(?P<own>['’]s?)?(?![\w&-])",
        re.IGNORECASE,
    )


def roles_asked(question: str, terms: Sequence[str]) -> list[RoleAsked]:
    """The roles `question` names with "the" before them, in the question's order, each once
    ("the Executive's", "the lenders", "the Receiving Party")."""
    if not terms:
        return []
    out: list[RoleAsked] = []
    for m in _role_pattern(terms).finditer(question):
        written = _singular(" ".join(m.group("role").split()))
        key = entity_key(written)
        if key and all(r.key != key for r in out):
            out.append(RoleAsked(written, key))
    return out


def agreements_defining(
    candidates: Sequence[Candidate], roles: Sequence[RoleAsked]
) -> list[Candidate]:
    """The agreements of `candidates` that bind one party under the first role (the question's
    subject), narrowed to those that also define each other role the question names, where
    some do."""
    if not roles:
        return []
    first = [
        c for c in candidates if len({b.subject_key for b in defined_party([c], roles[0].key)}) == 1
    ]
    narrowed = [c for c in first if all(defined_party([c], r.key) for r in roles[1:])]
    return narrowed or first


def role_party(candidate: Candidate, role: RoleAsked) -> tuple[str, str]:
    """(the name of the party `candidate` binds under `role`, the defined term as the
    agreement writes it: "Borrower" for "the borrower")."""
    for b in defined_party([candidate], role.key):
        for term in b.defined_terms:
            if entity_key(term) == role.key:
                return b.subject_name, term
    return "", role.written


def with_role_named(question: str, role: RoleAsked, name: str) -> str:
    """`question` with `name` where it names `role`, its possessive kept ("What is the
    executive's base salary?" -> "What is Daniel Reyes's base salary?", or with "the
    Executive" as the agreement writes its defined term)."""
    pattern = _role_pattern([" ".join(role.key.split())])
    return pattern.sub(lambda m: name + ("'s" if m.group("own") else ""), question)
