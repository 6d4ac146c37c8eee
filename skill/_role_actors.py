"""A defined role is the claim's actor, never a subject to find (issue 34): "Under this
Agreement, are the Receiving Party's obligations limited ...?", "May employees of the Disclosing
Party ...?", "Recipient may keep copies?" name no party of the knowledge base, only a position
an agreement defines. The subject of such a question is the agreement it is asked of (the
documents in scope, the agreement the rest of the question names, the knowledge base's lone
agreement); the role qualifies what is claimed of it.

A role is a word of the lexicon's contract roles (vocabulary.yaml `contract_roles`, generic
ones included: "the Company" too is a position, not a name) or a party named by what it does
("the Indemnified Party", "the Breaching Party": a participle of legal English, words.txt,
before "party"), in any case, with "the", "such", "each" ... before it, plural or possessive
("the Receiving Parties", "the Discloser's"). Any other word makes it a name ("Zephyr Bank",
"Summit Party"), judged as names are. A role that the knowledge base binds to a party stays
that party's (the gate resolves it first); only one it binds to nobody there is set aside.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from domain import entity_key, known_words, lexicon
from skill._subject import QuestionKind, SubjectClass

_LEXICON = lexicon()
_ROLE_KEYS = frozenset(" ".join(r.split("_")) for r in _LEXICON.contract_roles)
# the words before a role that make it no name ("the", "such", "each"; vocabulary.yaml
# `question_non_name_leads`)
_LEADS = frozenset({"the", "a", "an", *_LEXICON.question_non_name_leads})
_PARTY_WORDS = frozenset({"party", "parties"})
# a participle: what a party named by its act is ("receiving", "indemnified")
_PARTICIPLE = re.compile(r"(?:non-)?[a-z]+(?:ing|ed)")
_POSSESSIVE = re.compile(r"['’]s?$")
_ASKING = frozenset(_LEXICON.modality.question_asking)
_MATTER = _LEXICON.defined_matter_terms


def _singular(word: str) -> tuple[str, ...]:
    """`word` and the singulars it may be the plural of ("parties" -> "party")."""
    if word.endswith("ies"):
        return (word, word[:-3] + "y")
    if word.endswith("es"):
        return (word, word[:-2], word[:-1])
    if word.endswith("s"):
        return (word, word[:-1])
    return (word,)


def actor_role(name: str) -> str | None:
    """The role `name` writes, as its entity key ("receiving party" of "the Receiving
    Party's", "the Receiving Party's employees", "such Recipients", "Disclosing Parties"), or
    None where `name` is any other name ("Zephyr Bank", "Receiving Party, Zephyr Ltd",
    "Zephyr's employees")."""
    words = name.replace("’", "'").split()
    # "the Receiving Party's employees": the role whose people they are
    owner = next((i for i, w in enumerate(words) if _POSSESSIVE.search(w)), len(words))
    words = [_POSSESSIVE.sub("", w) for w in words[: owner + 1]]
    while words and words[0].lower() in _LEADS:
        words = words[1:]
    if not words or any(not re.fullmatch(r"[A-Za-z-]+", w) for w in words):
        return None
    lowered = [w.lower() for w in words]
    *head, last = lowered
    for single in _singular(last):
        key = " ".join([*head, single])
        if key in _ROLE_KEYS:
            return entity_key(key)
        if (
            single == "party"
            and len(head) == 1
            and _PARTICIPLE.fullmatch(head[0])
            and head[0].removeprefix("non-") in known_words()
        ):
            return entity_key(key)
    return None


def _terse_yes_no(question: str) -> bool:
    """Whether `question` asks a yes/no with no auxiliary ("Receiving Party's employees
    allowed to see it?"): a question mark and no asking word of the lexicon's (propositions.yaml
    modality `question_asking`: "what", "which", "how" ...)."""
    words = re.findall(r"[a-z]+", question.lower())
    return question.rstrip().endswith("?") and not _ASKING.intersection(words)


def matter_term(name: str) -> str | None:
    """The defined term of what an agreement is about that `name` writes, as its entity key
    ("purpose" of "the Purpose", "confidential information" of "such Confidential
    Information"; vocabulary.yaml `defined_matter_terms`), or None."""
    words = [w.lower() for w in name.replace("’", "'").split()]
    while words and words[0] in _LEADS:
        words = words[1:]
    if not words:
        return None
    *head, last = words
    for single in _singular(last):
        key = " ".join([*head, single])
        if key in _MATTER:
            return entity_key(key)
    return None


def set_aside(name: str) -> str | None:
    """The defined term `name` writes that names no one of an agreement that writes it: a
    role (`actor_role`) or a term of its matter (`matter_term`), as its entity key."""
    return actor_role(name) or matter_term(name)


def role_as_agreement(subject: SubjectClass, question: str) -> SubjectClass:
    """A yes/no question whose subject the reader took for an entity named by a role ("May
    employees of the Receiving Party see it?", "Is the Discloser's information protected?",
    "Receiving Party's employees allowed to see it?"): the agreement the role is a position
    of, the role kept as its party (bound, it is that party's; bound to nobody, the gate sets
    it aside as the actor). Any other subject as it is."""
    if (
        subject.type not in ("legal_entity", "individual")
        or not subject.name
        or not (subject.constraints.get("yes_no") or _terse_yes_no(question))
        or subject.attribute != "topic"
        or subject.role is not None
        or set_aside(subject.name) is None
    ):
        return subject
    parties = [subject.name, *(p for p in subject.parties if p != subject.name)]
    constraints = {**subject.constraints, "parties": parties, "yes_no": True}
    return SubjectClass(
        type="agreement",
        attribute=subject.attribute,
        constraints=dict(sorted(constraints.items())),
        kind=QuestionKind.AGREEMENT_ATTRIBUTE,
    )


def _term_pattern(key: str) -> re.Pattern[str]:
    """The role `key` as an agreement writes a defined term: each word capitalised or all in
    capitals, singular or plural ("Receiving Party", "RECEIVING PARTIES")."""
    *head, last = key.split()
    stem = last[:-1] + "(?:y|ies)" if last.endswith("y") else re.escape(last) + "(?:e?s)?"

    def cased(word: str) -> str:
        return f"(?:{word[:1].upper()}{word[1:]}|{word.upper()})"

    words = [cased(re.escape(w)) for w in head]
    tail = f"(?:{last[:1].upper()}{stem[1:]}|{stem.upper()})"
    return re.compile(r"(?<![\w-])" + r"\s+".join([*words, tail]) + r"(?![\w-])")


def _equivalents(key: str) -> tuple[str, ...]:
    """`key` and the roles that name its position in other agreements' words
    (vocabulary.yaml `contract_role_equivalents`: "recipient" and "receiving party")."""
    mine = _LEXICON.contract_role_equivalents.get("_".join(key.split()), ())
    return (key, *(" ".join(r.split("_")) for r, _ in mine))


def writes_term(texts: Iterable[str], key: str) -> bool:
    """Whether an agreement whose text is `texts` writes the defined term `key` (a role or one
    of its equivalents, a term of its matter): a position of that agreement, though bound to
    no one party (a mutual NDA's "Receiving Party" is either party), or what it is about."""
    patterns = [_term_pattern(k) for k in _equivalents(key)]
    return any(p.search(text) for text in texts for p in patterns)


def without_actors(subject: SubjectClass, aside: Iterable[str]) -> SubjectClass:
    """`subject` with the defined terms the gate set aside no longer its parties (nor the
    party said to act), its roles kept as `actor_roles` ("Receiving Party"): the agreement
    asked of is the subject, whoever holds the role."""
    names = [a for a in aside if a in subject.parties or a == subject.constraints.get("party")]
    if not names:
        return subject
    constraints: dict[str, object] = {
        k: v for k, v in subject.constraints.items() if k != "party" or v not in names
    }
    parties = [p for p in subject.parties if p not in names]
    if parties:
        constraints["parties"] = parties
    else:
        constraints.pop("parties", None)
    roles = [a for a in names if actor_role(a) is not None]
    if roles:
        constraints["actor_roles"] = roles
    return subject.model_copy(update={"constraints": dict(sorted(constraints.items()))})
