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

import itertools
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
# the words after "as" that are no role, in any case ("as amended", "as successor to Acme")
_NOT_WORDS = "|".join(
    re.escape(w) for w in sorted(lexicon().held_role_not_roles, key=lambda w: (-len(w), w))
)
# the jurisdictions' names, lower case, spaces single (vocabulary.yaml us_states, countries)
_PLACE_NAMES = frozenset(
    " ".join(w.lower().split()) for w in (*lexicon().us_states, *lexicon().countries)
)
# a place in any case before a contract role ("as canada licensee", "as New Jersey Purchaser")
_PLACES = "|".join(
    r"\s+".join(re.escape(p) for p in w.split())
    for w in sorted(_PLACE_NAMES, key=lambda w: (-len(w), w))
)
# a capacity named with no role ("Halcyon, in its capacity, pay ..."; vocabulary.yaml
# held_role_capacities): a stray phrase, set aside as a phrase that is no role
_CAPACITY = "|".join(lexicon().held_role_capacities)
_HELD = re.compile(
    r"(?P<lead>\s*,\s*|\s+)(?:(?:as|in\s+(?:its|his|her|their)\s+capacity\s+as)\s+"
    rf"(?:(?:the|an?)\s+)?(?P<role>(?:{_KNOWN})(?![\w-])|(?:{_PLACES})(?=\s+(?:{_KNOWN})(?![\w-]))|{_DEFINED}(?![\w-])|(?:{_NOT_WORDS})(?![\w-]))"
    rf"(?!\s+of\b)|(?P<bare>{_CAPACITY})(?![\w-])(?!\s+as\b))(?P<end>\s*,)?",
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


# words after "as" that are no role: a place, a month, a verb form or a relation ("Halcyon, as
# a Delaware corporation,", "Acme as January 1", "the MSA with Northgate as Amended", "Acme as
# Successor to Beta"; vocabulary.yaml held_role_not_roles, jurisdictions, months)
_NOT_ROLES = _PLACE_NAMES | frozenset(
    " ".join(w.lower().split())
    for w in (
        *lexicon().held_role_not_roles,
        *lexicon().months,
        *lexicon().month_abbreviations,
    )
)


_FUNCTION_WORDS = lexicon().held_role_function_words
_AS_AMENDED = re.compile(
    r"\s*,?\s*(?:" + "|".join(lexicon().question_as_amended) + r")(?![\w-])", re.IGNORECASE
)
_PLACE_NOUN = re.compile(
    r"\s+(?:" + "|".join(lexicon().held_role_place_nouns) + r")(?![\w-])", re.IGNORECASE
)
# "as successor to Acme Holdings, Inc. assign": the relation's party, its capitalised words
# (a legal form's too) or, written in lower case, its one word
_RELATED = re.compile(
    r"\s+(?:"
    + "|".join(lexicon().held_role_relation_links)
    + r")\s+(?:the\s+)?(?:(?-i:[A-Z0-9][\w&.'’-]*)(?:,?\s+(?-i:[A-Z0-9&][\w&.'’-]*))*|[\w&'’-]+)",
    re.IGNORECASE,
)


# a contract role's words after words that are no role by themselves ("Canada Licensee",
# "successor trustee", "New Jersey Purchaser"): the role they qualify; never a place noun or a
# generic role ("a Delaware company", "a Delaware corporation": what the party is)
_NOT_ROLE_NOUNS = frozenset(
    " ".join(w.lower().replace("_", " ").split())
    for w in (*lexicon().held_role_place_nouns, *lexicon().generic_contract_roles)
)
_ROLE_NOUN = re.compile(rf"\s+(?P<noun>{_KNOWN})(?![\w-])(?!\s+to\b)", re.IGNORECASE)
# the party a qualified role is held for, after it ("Successor Agent of the Lenders",
# "successor trustee for the holders"; vocabulary.yaml held_role_complement_links): its
# capitalised words or, written in lower case, its one word, part of the role's phrase
_CAPITALISED = r"(?-i:[A-Z0-9][\w&.'’-]*)(?:,?\s+(?-i:[A-Z0-9&][\w&.'’-]*))*"
_JOINED = (
    r"(?:\s+(?:"
    + "|".join(lexicon().held_role_complement_joiners)
    + r")\s+(?:the\s+)?"
    + _CAPITALISED
    + r")*"
)
# words that open another agreement's reference ("the Lenders under the Loan Agreement"): no
# word of the agreement a role is of (vocabulary.yaml agreement_reference_leads' first words)
_LEADS = (
    r"(?:"
    + "|".join(
        sorted(
            {
                re.escape(w.replace("\\s+", " ").split()[0])
                for w in lexicon().agreement_reference_leads
            }
        )
    )
    + r")\s"
)
_AGREEMENT_WORD = r"(?:" + "|".join(lexicon().agreement_words) + r")(?![\w-])"
# an agreement the role is of ("of the Keystone Loan Agreement", "of the loan and security
# agreement"): up to six words ending with an agreement's word, no party's
_AGREEMENT_OF = re.compile(
    r"\s+(?:"
    + "|".join(lexicon().held_role_complement_links)
    + r")\s+(?P<agreement>(?:the\s+)?(?:(?!"
    + _LEADS
    + r")[\w&.'’-]+\s+){0,5}"
    + _AGREEMENT_WORD
    + r")",
    re.IGNORECASE,
)
_COMPLEMENT = re.compile(
    r"\s+(?:"
    + "|".join(lexicon().held_role_complement_links)
    + r")\s+(?:the\s+)?(?:"
    + _CAPITALISED
    + _JOINED
    + r"|[\w&'’-]+)",
    re.IGNORECASE,
)
_TITLE_LINKS = frozenset(("and", "&", "of", *lexicon().held_role_complement_joiners))
_DETERMINERS = frozenset(("the", "a", "an"))


def _agreement_of(question: str, at: int) -> re.Match[str] | None:
    """The agreement a role is of, written from `at` ("of the Keystone Loan Agreement", "of
    the loan and security agreement"): one determiner at most, at its start, and its words
    capitalised as its agreement word is (never "of the Lenders terminate the agreement")."""
    m = _AGREEMENT_OF.match(question, at)
    if m is None:
        return None
    words = m.group("agreement").split()
    if words[0].lower() in _DETERMINERS:
        words = words[1:]
    if any(w.lower() in _DETERMINERS for w in words):
        return None
    title = words[-1][:1].isupper()
    named = [w for w in words if w.lower() not in _TITLE_LINKS]
    if any(w[:1].isupper() != title and not w[:1].isdigit() for w in named):
        return None
    return m


_WORD = re.compile(r"[^\W\d_][\w.'&-]*")


def _qualified_role(question: str, start: int) -> tuple[str, int, str] | None:
    """The role written from `start` as words that are no role by themselves (a place, a
    relation: vocabulary.yaml held_role_not_roles, jurisdictions) before a contract role
    ("as Canada Licensee", "as successor trustee", "as New York Purchaser"): (the role, lower
    case, where it ends: after the party it is held for, "Successor Agent of the Lenders"
    ends after "Lenders"); None where no role's words follow them ("as successor to Acme", "as
    a Delaware corporation")."""
    words = [m for _, m in zip(range(3), _WORD.finditer(question, start), strict=False)]
    for k in range(len(words), 0, -1):
        if words[0].start() != start or any(
            question[a.end() : b.start()].strip() for a, b in itertools.pairwise(words[:k])
        ):
            continue
        lead = " ".join(w.group(0).lower() for w in words[:k])
        noun = _ROLE_NOUN.match(question, words[k - 1].end()) if lead in _NOT_ROLES else None
        if noun and " ".join(noun.group("noun").lower().split()) not in _NOT_ROLE_NOUNS:
            role = f"{lead} {' '.join(noun.group('noun').lower().split())}"
            scope = _agreement_of(question, noun.end())
            if scope is not None:
                # "of the Keystone Loan Agreement": the agreement, kept for the question
                return role, scope.end(), scope.group("agreement")
            held_for = _COMPLEMENT.match(question, noun.end())
            return role, held_for.end() if held_for else noun.end(), ""

    return None


def _is_no_role(role: str, after: str) -> bool:
    """Is `role` (the words after "as", lower case) a place, a month or a verb form, or the
    start of one (`after`: the question's text after it, "Delaware corporation", "New York")?"""
    words = role.split()
    first = words[0] if words else ""
    following = " ".join((role + " " + after).split()[:3]).lower()
    return (
        role in _NOT_ROLES
        or first in _NOT_ROLES
        or any(following.startswith(p + " ") or following == p for p in _NOT_ROLES if " " in p)
    )


def held_role_phrases(question: str) -> tuple[str, list[tuple[str, str]]]:
    """(the question with each role phrase set aside, [(the text before it, the role)]).

    A phrase whose words are no role ("Halcyon, as a Delaware corporation,", "Northgate as
    Amended") is set aside too, with the role "": it says what the party is, not the
    agreement it is asked under; set off by a comma, it runs to the next one."""
    out: list[str] = []
    found: list[tuple[str, str]] = []
    scopes: list[str] = []
    at = 0
    for m in _HELD.finditer(question):
        if m.start() < at:
            continue
        before = question[: m.start()]
        if not before.strip() or not before.rstrip()[-1:].isalnum() or _OTHER_NAME.search(before):
            continue
        if m.group("bare") is not None:
            # "Halcyon, in its capacity, pay": no role named, the phrase set aside
            out.append(question[at : m.start()])
            found.append(("".join(out), ""))
            out.append(" ")
            at = m.end()
            continue
        role = " ".join(m.group("role").lower().split())
        if role.split()[0] in _FUNCTION_WORDS or _AS_AMENDED.match(question, m.start()):
            # "As Of January 1"; ", as amended by the Second Amendment," (the agreement as
            # amended, its own reader's: skill/_agreement_ref.py)
            continue
        end = m.end()
        qualified = _qualified_role(question, m.start("role"))
        if qualified is not None:
            # "Acme as Successor Agent", "Acme as Canada Licensee": the role they qualify,
            # set off by its comma where the phrase opens with one
            role, end, agreement = qualified
            if agreement:
                scopes.append(agreement)
            comma = re.match(r"\s*,", question[end:]) if "," in m.group("lead") else None
            end += comma.end() if comma else 0
        elif _is_no_role(role, question[m.end("role") :]):
            role = ""
            rest = question[m.end("role") :]
            comma = re.match(r"[^,?;.!]{0,60},", rest) if "," in m.group("lead") else None
            noun = None if comma else _PLACE_NOUN.match(rest) or _RELATED.match(rest)
            end = m.end("role") + (comma.end() if comma else noun.end() if noun else 0)
        out.append(question[at : m.start()])
        found.append(("".join(out), role))
        # a phrase set off by commas on both sides is left out whole; one ending the name
        # ("Halcyon as borrower pay") leaves a space
        out.append(" ")
        at = end
    if not found:
        return question, []
    out.append(question[at:])
    text = " ".join("".join(out).split())
    if scopes:
        # the agreement a role was of stays the question's: asked under it, at the end
        mark = re.search(r"[?.!]*$", text)
        cut = mark.start() if mark else len(text)
        under = " ".join(f"{lexicon().held_role_agreement_lead} {a}" for a in scopes)
        text = f"{text[:cut]} {under}{text[cut:]}"
    return text, found


def _named_before(before: str, subject: SubjectClass) -> str | None:
    """The party of `subject` that the text `before` a role phrase ends with (the longest)."""
    parties = subject.parties + ([subject.name] if subject.name else [])
    said = entity_key(before)
    named = [p for p in parties if entity_key(p) and said.endswith(entity_key(p))]
    return max(named, key=len) if named else None


def read_with_held_roles(question: str, read: Callable[[str], SubjectClass]) -> SubjectClass | None:
    """The question read with its party's role set aside and kept as `held_roles` (a phrase
    that is no role only set aside); None where no such phrase follows a party it names (the
    question is then read as written)."""
    text, found = held_role_phrases(question)
    if not found:
        return None
    subject = read(text)
    held: list[list[str]] = []
    for before, role in found:
        named = _named_before(before, subject)
        if named is None:
            return None
        if role:
            held.append([named, role])
    if not held:
        return subject
    return subject.model_copy(update={"constraints": {**subject.constraints, "held_roles": held}})


def without_role_phrases(question: str, subject: SubjectClass) -> str:
    """`question` as its claim and intent readers read it: each role phrase after a party
    `subject` names set aside (as `read_with_held_roles` read it), else as written."""
    text, found = held_role_phrases(question)
    if subject.constraints.get("held_roles"):
        return text
    if found and all(not role and _named_before(before, subject) for before, role in found):
        return text
    return question
