"""Party slots: the places where a question must name a party, checked against its reading.

A question about an agreement names its parties in a few shapes: a list after "between" or
"among" ("the MSA between A and B"), the party the agreement is "with" ("A's MSA with B", "the
MSA with A and B", "the MSA that A signed with B"), the signer before a signing verb ("the MSA
that A signed"), the parties "of" or "by" whom it is ("the MSA of A and B", "signed by A and
B"), and the owner written possessive before the agreement ("A's MSA", "A & B's MSA"). Every
word written there that names a party must be one of the parties the reading kept: a name the
readers dropped there ("between Supplier Holdings and Bank of America", "does the supply
agreement between acme and zorblax partners renew?", "the MSA that Zorblax signed with Beta")
would leave the question answered about the other party's agreement, the worst defect this
project knows. `unread_parties` finds those words; the reader keeps them as parties, so the
gate resolves them as it resolves any name, and refuses (SUBJECT_NOT_FOUND naming them) those
the knowledge base does not hold.

A slot's word is explained when a party read covers it (its words, or the known name it was
linked by), when it names no one party ("its affiliates", "the parties", "them", "the
Exhibits"), when it is no name (a number, a period, words of legal English alone), or when it
is the question's own words after the name (a verb in lower case, a qualifier). A contract
role there ("between Northgate and Supplier") is a party, read by the gate in the agreement
the rest of the question names; in lower case and defined by no agreement ("with the
distributor") it only describes. Words that only go on a company's name ("holdings", "group": the
lexicon's `question_name_tails`) after a party's words make another name ("Cargill Holdings"
is not Cargill). A slot is read only where it holds a party: a list or a signer after the
agreement's words, or beside a party the reading kept; "with respect to", "between signing
and closing" are none. Whatever cannot be placed in the question (a party the reading kept
that its words do not show) leaves the reading as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from domain import entity_key, known_words, lexicon
from skill._subject import _AGREEMENT_WORD, SubjectClass
from skill.linking import (
    FORMS,
    NEVER,
    POSSESSIVE,
    NameLinker,
    QuestionToken,
    VariantKind,
    question_tokens,
)

_LEXICON = lexicon()
_LIST_OPENERS = _LEXICON.question_party_list_openers
_SIGNING_VERBS = _LEXICON.question_signing_verbs
# the signing verbs that say nothing else ("has", "made" say much else)
_SIGNS_ONLY = _SIGNING_VERBS - _LEXICON.question_auxiliaries - {"made"}
_NAME_TAILS = _LEXICON.question_name_tails
_PRONOUNS = _LEXICON.question_slot_pronouns
_NON_PARTIES = _LEXICON.question_slot_non_parties
# document words ("with Beta and the Exhibits"): no party
_DOCUMENT_WORDS = _LEXICON.question_document_words
_NON_NAME_LEADS = _LEXICON.question_non_name_leads | {"the", "a", "an"}
_JOINERS = frozenset({"and", "&"})
# the words that link a name's own words ("Bank of America", "Banco de la Nación")
_NAME_LINKS = _LEXICON.name_particles | {"of", "and", "&", "the", "for"}
# words that end a slot: a question's own words (but those that join names), its asking and
# linking words, a name's breaks
_ENDS = (_LEXICON.question_words | _LEXICON.question_auxiliaries) - _JOINERS - {"the", "of"}
_AGREEMENT = re.compile(rf"^(?:{_AGREEMENT_WORD})$", re.IGNORECASE)
_ROLES = frozenset(r.replace("_", " ") for r in _LEXICON.contract_roles)
_SLOT_PUNCTUATION = re.compile(r"[?;:!()\"]")
_TYPE_WORDS = _LEXICON.type_words | _LEXICON.clause_nouns
_SHORT = VariantKind.SHORT


@dataclass(frozen=True)
class _Slot:
    """Token indexes [start, end) of a slot, and whether it holds a party whatever the
    reading kept (a list or signer after the agreement's words, the party an agreement is
    "with"), else only beside a party read ("the agreement of the parties")."""

    start: int
    end: int
    sure: bool
    # the first word after the hyphen or slash of two names written joined; 0: none
    joined: int = 0


def _agreement_token(token: QuestionToken) -> bool:
    return _AGREEMENT.match(POSSESSIVE.sub("", token.text)) is not None


def _gap(text: str, a: QuestionToken, b: QuestionToken) -> str:
    return text[a.end : b.start]


def _name_like(token: QuestionToken) -> bool:
    """Could the word be a name's (no word of questions, of legal English in lower case, nor
    a number)?"""
    key = token.key
    if key in _LEXICON.question_words or key in _ENDS or not re.search(r"[a-z]", key):
        return False
    if key in NEVER and key not in _NAME_TAILS:
        return False
    if token.text[:1].isupper():
        return True
    return key not in known_words() or key in _NAME_TAILS


def _covered(
    tokens: Sequence[QuestionToken], read: Sequence[str], index: NameLinker | None
) -> tuple[list[bool], bool]:
    """(for each token, whether a name read covers it; whether every name read was found)."""
    covered = [False] * len(tokens)
    keys = [t.key for t in tokens]
    placed = True
    # a known name's words linked to a read name ("IBM" read as International Business
    # Machines Corporation) cover the words as written
    linked: dict[str, list[tuple[int, int]]] = {}
    if index is not None:
        for start, link in index.links(keys).items():
            linked.setdefault(entity_key(link.variant.name), []).append(
                (start, start + link.length)
            )
    for name in read:
        words = [t.key for t in question_tokens(name)]
        found = False
        if words:
            n = len(words)
            for i in range(len(tokens) - n + 1):
                if all(words[k] in tokens[i + k].spellings for k in range(n)):
                    covered[i : i + n] = [True] * n
                    found = True
        for start, end in linked.get(entity_key(name), []):
            covered[start:end] = [True] * (end - start)
            found = True
        placed = placed and found
    return covered, placed


def _signed(tokens: Sequence[QuestionToken], i: int) -> bool:
    """Does a signing verb stand right before word `i` ("signed with", "entered into by")?"""
    before = tokens[i - 1].key if i else ""
    if before == "into" and i > 1:
        before = tokens[i - 2].key
    return before in _SIGNING_VERBS


def _joins_a_pair(
    text: str, tokens: Sequence[QuestionToken], i: int, whole: dict[int, int]
) -> bool:
    """Do words `i` and `i + 1` stand joined by a hyphen or slash as two names ("acme-beta",
    "INTEGRITY-At Home"), not one word of prose ("co-branding", "non-exclusive")? One side
    must be a name, a word of no legal English, or both names the knowledge base knows whole
    (`whole`: by first word, its length; no short name), one ending and one starting at the
    hyphen."""
    if _gap(text, tokens[i], tokens[i + 1]) not in ("-", "/"):
        return False
    if i + 2 < len(tokens) and _gap(text, tokens[i + 1], tokens[i + 2]) in ("-", "/"):
        return False  # "Smaaash-I-AM": a name's own hyphens, read by the readers
    sides = (tokens[i], tokens[i + 1])
    if f"{sides[0].key}-{sides[1].key}" in _LEXICON.hyphenated_prose:
        return False

    def named(token: QuestionToken) -> bool:
        # capitals or a known name's opening alone make no name here: "Co-Branding",
        # "re-seller", "Non-Exclusive" are prose, though a known name opens with "Co"
        return (
            token.key not in _ENDS
            and token.key not in _NON_NAME_LEADS
            and re.search(r"[a-z]", token.key) is not None
            and token.key not in known_words()
        )

    # both sides known names ("INTEGRITY-At Home"); one alone may end in a legal form that
    # prose runs on from ("The Boxlot CO-BRANDING Agreement": Boxlot Co)
    known = i + 1 in whole and any(s + n == i + 1 for s, n in whole.items() if s <= i)
    return known or named(sides[0]) or named(sides[1])


def _slots(
    text: str, tokens: Sequence[QuestionToken], covered: Sequence[bool], whole: dict[int, int]
) -> list[_Slot]:
    """The party slots of a question, each from its first word to where it ends."""
    out = []
    n = len(tokens)
    for i, token in enumerate(tokens):
        key = token.text.lower()
        before = tokens[i - 1] if i else None
        agreed = before is not None and _agreement_token(before)
        if key in _LIST_OPENERS:
            out.append(_Slot(i + 1, _slot_end(text, tokens, i + 1, covered), agreed))
        elif key == "with" and before is not None and (agreed or _signed(tokens, i)):
            out.append(_Slot(i + 1, _slot_end(text, tokens, i + 1, covered), True))
        elif key in ("of", "by") and before is not None and (agreed or _signed(tokens, i)):
            # "signed by Zorblax", "entered into by A and B": the signers; "the agreement of
            # A and B": a list, read only where a party the reading kept is in it ("the
            # agreement of the parties")
            signer = _signed(tokens, i) and key == "by"
            out.append(_Slot(i + 1, _slot_end(text, tokens, i + 1, covered), signer))
        elif key in ("that", "which"):
            # "the MSA that A signed (with B)": the signer before the signing verb (after an
            # agreement's words, or a verb that only signs: "the Power of Attorney that A
            # executed")
            j = i + 1
            while j < n and tokens[j].key not in _SIGNING_VERBS and j - i <= 8:
                if tokens[j].key in _ENDS or _SLOT_PUNCTUATION.search(
                    _gap(text, tokens[j - 1], tokens[j])
                ):
                    break
                j += 1
            if (
                j < n
                and tokens[j].key in _SIGNING_VERBS
                and j > i + 1
                and (agreed or tokens[j].key in _SIGNS_ONLY)
            ):
                out.append(_Slot(i + 1, j, True))
        if i + 1 < n and _joins_a_pair(text, tokens, i, whole):
            # "the acme-zorblax partners agreement": the names on both sides of the hyphen,
            # up to the agreement's words (its type words left out)
            end = i + 2
            while end < n and not _agreement_token(tokens[end]) and end - i <= 8:
                if tokens[end].key in _ENDS:
                    break
                end += 1
            if end < n and _agreement_token(tokens[end]):
                start = i
                while start > 0 and not (
                    tokens[start - 1].key in _ENDS
                    or tokens[start - 1].key in _NON_NAME_LEADS
                    or _SLOT_PUNCTUATION.search(_gap(text, tokens[start - 1], tokens[start]))
                ):
                    start -= 1
                while end > i + 2 and tokens[end - 1].key in _TYPE_WORDS:
                    end -= 1
                out.append(_Slot(start, end, True, joined=i + 1))
        if POSSESSIVE.search(token.text) and i + 1 < n and token.key not in _PRONOUNS:
            owned = _owned_agreement(tokens, i + 1)
            if owned:
                start = _owner_start(text, tokens, i)
                if start <= i:
                    out.append(_Slot(start, i + 1, False))
    return out


def _owned_agreement(tokens: Sequence[QuestionToken], j: int) -> bool:
    """Do the words from `j` run to an agreement word over title words only (capitalised or
    of legal English, at most eight)?"""
    for k in range(j, min(len(tokens), j + 9)):
        if _agreement_token(tokens[k]):
            return True
        if tokens[k].key in _ENDS or POSSESSIVE.search(tokens[k].text):
            return False
    return False


def _owner_start(text: str, tokens: Sequence[QuestionToken], i: int) -> int:
    """The first word of the owner whose possessive is word `i`: words to its left up to a
    question word, punctuation or a determiner ("of Bank of America's": Bank of America)."""
    start = i
    while start > 0:
        prev = tokens[start - 1]
        if _SLOT_PUNCTUATION.search(_gap(text, prev, tokens[start])) or "," in _gap(
            text, prev, tokens[start]
        ):
            break
        if prev.key in _JOINERS:
            start -= 1
            continue
        if prev.key in _NAME_LINKS - _JOINERS:
            # "of" inside a capitalised name ("Bank of America"), never the question's "of"
            if (
                start - 2 >= 0
                and tokens[start - 2].text[:1].isupper()
                and tokens[start].text[:1].isupper()
                and tokens[start - 2].key not in _ENDS
            ):
                start -= 1
                continue
            break
        if prev.key in _ENDS or prev.key in _NON_NAME_LEADS or _agreement_token(prev):
            break
        start -= 1
    while start < i and tokens[start].key in _JOINERS:
        start += 1
    return start


def _slot_end(text: str, tokens: Sequence[QuestionToken], j: int, covered: Sequence[bool]) -> int:
    """Where a slot opening at word `j` ends: punctuation, a word of questions that joins no
    names, an agreement word, or, after a name's first word, a word no name goes on with (in
    lower case and of legal English: "between acme and zorblax partners renew"), unless a
    party read covers it ("bank of america")."""
    k = j
    head = True  # the next word opens a name of the list
    while k < len(tokens):
        token = tokens[k]
        if k > j:
            gap = _gap(text, tokens[k - 1], token)
            if _SLOT_PUNCTUATION.search(gap):
                return k
            if "," in gap:
                head = True
        if token.key in _ENDS or (_agreement_token(token) and k > j):
            return k
        if token.key in _JOINERS:
            head = True
        elif head:
            head = token.key in _NON_NAME_LEADS
        elif not (
            covered[k]
            or _name_like(token)
            or token.key in FORMS
            or (token.key in _NAME_LINKS and k + 1 < len(tokens) and _name_like(tokens[k + 1]))
            or _closes_a_member(text, tokens, k + 1)
        ):
            return k
        k += 1
    return k


def _closes_a_member(text: str, tokens: Sequence[QuestionToken], k: int) -> bool:
    """Does a name of a slot's list end before word `k` (a joiner, punctuation, a word of
    questions or an agreement word there, or the end): "northqate logistics and halcyon"
    goes on over "logistics"; "with Globex meet standards of ..." ends before "meet"."""
    if k >= len(tokens):
        return True
    after = tokens[k]
    gap = _gap(text, tokens[k - 1], after)
    return (
        after.key in _JOINERS
        or after.key in _ENDS
        or _agreement_token(after)
        or bool(_SLOT_PUNCTUATION.search(gap))
        or "," in gap
    )


def _members(
    text: str, tokens: Sequence[QuestionToken], slot: _Slot, covered: Sequence[bool]
) -> list[tuple[int, int]]:
    """The slot's names, [start, end) each: split at its joiners and commas, never inside a
    name a party read covers ("Johnson & Johnson", "Savings and Loan"). Two names written
    joined are the words on each side of their hyphen, whatever "and" the title after them
    writes ("the Acme-Beta Development and Commercialization Agreement")."""
    if slot.joined:
        return [(slot.start, slot.joined), (slot.joined, slot.end)]
    out = []
    start = slot.start
    for k in range(slot.start, slot.end):
        token = tokens[k]
        inside = k > 0 and covered[k] and covered[k - 1] and k + 1 < len(covered) and covered[k + 1]
        comma = k > slot.start and "," in _gap(text, tokens[k - 1], token)
        if token.key in _JOINERS and not inside:
            if k > start:
                out.append((start, k))
            start = k + 1
        elif comma and token.key not in FORMS and k > start:
            out.append((start, k))
            start = k
    if slot.end > start:
        out.append((start, slot.end))
    return out


def _no_one_party(words: Sequence[str]) -> bool:
    """Do these keys name no one party ("parties", "affiliates"; the lexicon's
    `question_slot_non_parties`)? A contract role does ("supplier": the gate reads it in
    the agreement the question names)."""
    return bool(words) and all(w in _NON_PARTIES or w in _DOCUMENT_WORDS for w in words)


def _role_end(
    tokens: Sequence[QuestionToken], start: int, end: int, defined: frozenset[str]
) -> int:
    """The end of the contract role or defined term of the knowledge base that opens at word
    `start` ("Supplier", "receiving party"), longest first; `start` where none does."""
    for k in range(min(end, start + 3), start, -1):
        phrase = " ".join(t.key for t in tokens[start:k])
        if phrase in _ROLES or phrase in defined:
            return k
    return start


def _unexplained(
    tokens: Sequence[QuestionToken],
    member: tuple[int, int],
    covered: Sequence[bool],
    defined: frozenset[str],
    known: dict[int, int],
) -> tuple[int, int] | None:
    """The words of a slot's name that no party read explains, [start, end), or None."""
    start, end = member
    while start < end and tokens[start].key in _NON_NAME_LEADS:
        start += 1
    if start >= end:
        return None
    if covered[start]:
        k = start
        while k < end and covered[k]:
            k += 1
        # "cargill holdings": a party's words that a name's own word goes on are another name
        tail = k
        while tail < end and tokens[tail].key in _NAME_TAILS:
            tail += 1
        return (start, tail) if tail > k else None
    if tokens[start].key in _PRONOUNS or tokens[member[0]].key in _NON_NAME_LEADS - {"the"}:
        # "them", "its affiliates", "each other": no name
        return None
    # the name's words: a role's ("the Supplier"), then those a name goes on with
    # (capitalised, no words of legal English, a name's tails, its links between
    # capitalised words)
    role = _role_end(tokens, start, end, defined)
    # a known name the readers dropped ("arca capital management, llc") is read whole, and
    # only that name ("the Acme-At Home Product Development Agreement": At Home)
    k = max(role, start + 1, min(end, start + known.get(start, 0)))
    while k < end and start not in known:
        token = tokens[k]
        if covered[k]:
            break
        if token.key in _NAME_LINKS and k + 1 < end and tokens[k + 1].text[:1].isupper():
            k += 1
            continue
        if not (_name_like(token) or token.key in FORMS):
            break
        k += 1
    if _no_one_party([t.key for t in tokens[start:k]]):
        return None
    if any(_name_like(t) or t.key in _NAME_TAILS for t in tokens[start:k]):
        return start, k
    if role == k and (
        tokens[start].text[:1].isupper() or " ".join(t.key for t in tokens[start:k]) in defined
    ):
        # "between Acme and Supplier", "with the distributor" where an agreement defines a
        # Distributor: the role is a party, read by the gate in the agreement asked of; in
        # lower case and defined by none, it describes (the claim's reader reads it)
        return start, k
    # words of legal English alone ("with respect to", "between signing and closing"),
    # numbers, periods: no name
    return None


def unread_parties(text: str, subject: SubjectClass, index: NameLinker | None) -> list[str]:
    """The names `text` writes in a party slot that the reading `subject` kept no party of,
    as written, in the question's order (see the module doc)."""
    read = [
        n
        for n in (
            *subject.parties,
            subject.name,
            subject.parent_entity,
            subject.constraints.get("party"),
        )
        if isinstance(n, str) and n.strip()
    ]
    tokens = question_tokens(text)
    if not tokens:
        return []
    covered, placed = _covered(tokens, read, index)
    if not placed:
        return []
    defined = index.defined_terms if index is not None else frozenset()
    # the known names by first word, their length in words (`whole`: no short names)
    links = index.links([t.key for t in tokens]) if index is not None else {}
    known = {i: link.length for i, link in links.items()}
    whole = {i: link.length for i, link in links.items() if link.variant.kind is not _SHORT}
    out: list[str] = []
    seen: set[str] = set()
    for slot in _slots(text, tokens, covered, whole):
        members = _members(text, tokens, slot, covered)
        held = any(any(covered[a:b]) for a, b in members)
        if not (slot.sure or held):
            continue
        for member in members:
            found = _unexplained(tokens, member, covered, defined, known)
            if found is None:
                continue
            a, b = found
            words = text[tokens[a].start : tokens[b - 1].end]
            words = POSSESSIVE.sub("", words)
            key = entity_key(words)
            if key and key not in seen:
                seen.add(key)
                out.append(words)
    return out


def _role_alone(party: str, defined: frozenset[str]) -> str:
    """A party read as a contract role or defined term with the question's next words glued
    on ("between Northgate and Supplier exclusive", "... and Supplier renewed on its own"):
    the role alone, where every word after it is of legal English in lower case, no name's
    tail nor link (a name goes on capitalised, "Supplier Holdings", or with its tail or links);
    the party as read otherwise, and always in lower case ("halcyon robotics", where
    "halcyon" is a defined term, is a name)."""
    words = party.split()
    lead = 1 if words and words[0].lower() == "the" else 0
    for k in range(min(lead + 3, len(words) - 1), lead, -1):
        role = " ".join(words[lead:k])
        if role.lower() not in _ROLES and role.lower() not in defined:
            continue
        rest = words[k:]
        if role[:1].isupper() and all(
            w.islower() and w in known_words() and w not in _NAME_TAILS | _NAME_LINKS for w in rest
        ):
            return " ".join(words[:k])
        break
    return party


def with_unread_parties(text: str, subject: SubjectClass, index: NameLinker | None) -> SubjectClass:
    """`subject` with the names its party slots write that it dropped kept as parties (the
    gate refuses those the knowledge base does not hold); as it is where there are none or
    the subject is no agreement."""
    if subject.type != "agreement":
        return subject
    defined = index.defined_terms if index is not None else frozenset()
    read = [_role_alone(p, defined) for p in subject.parties]
    if read != list(subject.parties):
        constraints = {**subject.constraints, "parties": read}
        subject = subject.model_copy(update={"constraints": dict(sorted(constraints.items()))})
    missing = unread_parties(text, subject, index)
    if not missing:
        return subject
    parties = [*subject.parties, *missing]
    constraints = {**subject.constraints, "parties": parties}
    return subject.model_copy(update={"constraints": dict(sorted(constraints.items()))})
