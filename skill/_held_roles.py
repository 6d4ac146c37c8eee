"""A role a question gives a party it names ("Can Halcyon, as the Borrower, pay dividends?",
"Acme as licensee", "X, in its capacity as Lender"): the question asks of the agreement(s)
where that party holds that role, so the role phrase is set aside from the party's name and
kept as a constraint (`held_roles`: [[party, role]]) that the gate narrows agreements by.

A role is a contract role of the lexicon (vocabulary.yaml contract_roles, any case) or a
capitalised defined term ("as the Servicer"); the phrase counts only right after a name the
question reads as a party, so "such as the Borrower" or a role with no party named is left as
it was read, and so is a relation ("as an affiliate of Beta": its role is of another party,
not under an agreement)."""

from __future__ import annotations

import re
from collections.abc import Callable

from domain import entity_key, lexicon
from skill._subject import SubjectClass

_ROLE_WORDS = sorted(
    {" ".join(r.split("_")) for r in lexicon().contract_roles}, key=lambda w: (-len(w), w)
)
_KNOWN = "|".join(r"\s+".join(re.escape(p) for p in w.split()) for w in _ROLE_WORDS)
# a defined term written as one: one or two capitalised words
_DEFINED = r"(?-i:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"
_HELD = re.compile(
    r"(?P<lead>\s*,\s*|\s+)(?:as|in\s+(?:its|his|her|their)\s+capacity\s+as)\s+"
    rf"(?:(?:the|an?)\s+)?(?P<role>(?:{_KNOWN})(?![\w-])|{_DEFINED}(?![\w-]))(?!\s+of\b)(?P<end>\s*,)?",
    re.IGNORECASE,
)
# "Nimbus Power (formerly known as Bramble Utilities)", "Acme doing business as Beta": the
# words after "as" are another name of the entity (vocabulary.yaml question_other_names), no role
_OTHER_NAME = re.compile(
    r"\b(?:"
    + "|".join(
        lead.removesuffix(r"\s+as")
        for lead in lexicon().question_other_names
        if lead.endswith(r"\s+as")
    )
    + r")\s*$",
    re.IGNORECASE,
)


def held_role_phrases(question: str) -> tuple[str, list[tuple[str, str]]]:
    """(the question with each role phrase set aside, [(the text before it, the role)])."""
    out: list[str] = []
    found: list[tuple[str, str]] = []
    at = 0
    for m in _HELD.finditer(question):
        before = question[: m.start()]
        if not before.strip() or not before.rstrip()[-1:].isalnum() or _OTHER_NAME.search(before):
            continue
        out.append(question[at : m.start()])
        found.append(("".join(out), " ".join(m.group("role").lower().split())))
        # a phrase set off by commas on both sides is left out whole; one ending the name
        # ("Halcyon as borrower pay") leaves a space
        out.append(" ")
        at = m.end()
    if not found:
        return question, []
    out.append(question[at:])
    return " ".join("".join(out).split()), found


def read_with_held_roles(question: str, read: Callable[[str], SubjectClass]) -> SubjectClass | None:
    """The question read with its party's role set aside and kept as `held_roles`; None
    where it gives no role to a party it names (the question is then read as written)."""
    text, found = held_role_phrases(question)
    if not found:
        return None
    subject = read(text)
    parties = subject.parties + ([subject.name] if subject.name else [])
    held: list[list[str]] = []
    for before, role in found:
        said = entity_key(before)
        named = [p for p in parties if entity_key(p) and said.endswith(entity_key(p))]
        if not named:
            return None
        held.append([max(named, key=len), role])
    return subject.model_copy(update={"constraints": {**subject.constraints, "held_roles": held}})
