"""A known name's variants: every way a question may write it that still names that entity
and no other.

- the full name and the name without its legal form ("Acme Robotics, Inc.", "Acme Robotics");
- a name with a possessive in it in both spellings ("McDonald's", "McDonalds");
- the name written without its spaces ("Footlocker" for Foot Locker, Inc.);
- its initials, where its words give three or more and no other entity has the same
  ("IBM" for International Business Machines Corporation), a hyphenated word giving one
  letter or one for each part ("SCW" and "SCWN" for Stratton, Cheeseman & Walsh-Nevada);
- defined-term aliases are names of their own (the caller passes them with the names).
- its distinctive first words ("Ingram" for Ingram Micro Inc.; "Ingram Micro" where Ingram
  Capital is another name): the fewest opening words that open no other entity's name, and
  never an ordinary word of questions ("United", "Bank", "Notice"); the gate reads them as
  the short name they are.
- a person's surname, alone or after an honorific ("Okafor", "Dr. Okafor" for Maria Okafor),
  where no other known name has that word at all; never a first name ("Maria"); and the
  name less its generational suffix ("John Doe" for John Doe Jr.).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from domain import is_generic_term, known_words, lexicon
from skill.linking._keys import name_key, without_form

_LEXICON = lexicon()
# Words that are no initial of a name ("Bank of America" is "BA", not "BOA"): the lexicon's
# name particles and the connectors of names.
_NO_INITIAL = frozenset(_LEXICON.name_particles) | {"of", "and", "the", "for"}
# One-word keys that are no name to find in prose ("Services", "Delaware"): never-a-name and
# question words, months, and one-word places.
NEVER = (
    frozenset(_LEXICON.never_names)
    | frozenset(_LEXICON.months)
    | frozenset(w.lower() for w in (*_LEXICON.us_states, *_LEXICON.countries) if " " not in w)
)
_ONE_WORD_NEVER = NEVER | frozenset(_LEXICON.question_words)
# Words a question uses in lower case that are never a name there, even where a known name
# opens with them: never-a-name and question words, the lexicon's asking, clause and
# agreement-type words, its closed vocabularies of questions.
ORDINARY = (
    _ONE_WORD_NEVER
    | _LEXICON.asking_words
    | _LEXICON.topic_stop_words
    | _LEXICON.clause_nouns
    | _LEXICON.type_words
    | _LEXICON.question_not_names
)

# A contract role's words ("receiving party", "agent"): a name that opens with them ("RECEIVING
# PARTY IDENTIFIED IN ANNEXURE A", "Agent Holdings Ltd") is not named by them, for a question's
# "the receiving party" is the role of whichever party it asks of.
_ROLE_WORDS = tuple(tuple(r.split("_")) for r in sorted(_LEXICON.contract_roles))


def opens_a_role(words: Sequence[str]) -> bool:
    """Are these folded words a contract role or its opening words ("receiving party",
    "receiving")?"""
    head = tuple(words)
    return bool(head) and any(role[: len(head)] == head for role in _ROLE_WORDS)


class VariantKind(StrEnum):
    """How a variant writes its name."""

    FULL = "full"
    BARE = "bare"
    JOINED = "joined"
    INITIALS = "initials"
    SHORT = "short"
    SURNAME = "surname"
    # the distinctive short name and the name's last word, the words between left out
    # ("Keystone Bank" of Keystone Commerce Bank, N.A.): the question is read with the name
    HEADED = "headed"


@dataclass(frozen=True)
class NameVariant:
    """One way to write a known name: its key (folded words), the name it writes, how, and
    whether the name itself ends in "'s" (then a written "'s" is the name's, not a
    possessive)."""

    key: tuple[str, ...]
    name: str
    kind: VariantKind
    ends_possessive: bool = False


def name_variants(names: Iterable[str], *, people: Iterable[str] = ()) -> list[NameVariant]:
    """Every variant of every name in `names`, sorted (key, kind, name); one-word keys that
    are ordinary words of questions are left out, and so are initials two names share. A
    person (`people`) is named by the whole name only: "Paul" or "PS" is nobody's short name
    for Paul Silas."""
    persons = frozenset(people)
    out: set[NameVariant] = set()
    initials: list[NameVariant] = []
    for name in names:
        if not name or is_generic_term(name):
            continue
        key = name_key(name)
        if not key:
            continue
        joined = name_key(name, possessive=True)
        out.add(NameVariant(key, name, VariantKind.FULL, _owned(key, joined)))
        bare = without_form(key)
        if bare != key and not is_generic_term(" ".join(bare)):
            out.add(NameVariant(bare, name, VariantKind.BARE, _owned(bare, joined)))
        if joined != key:
            # "McDonald's" written "McDonalds": the name's own spelling, whole and bare
            out.add(NameVariant(joined, name, VariantKind.JOINED))
            out.add(NameVariant(without_form(joined), name, VariantKind.JOINED))
        if len(bare) > 1 and all(w.isalnum() for w in bare):
            out.add(NameVariant(("".join(bare),), name, VariantKind.JOINED))
        if name not in persons:
            # a hyphenated word gives one letter or each of its parts one ("SCW" or "SCWN"
            # for Stratton, Cheeseman & Walsh-Nevada, Inc.)
            for written in dict.fromkeys(
                (initials_of(name), initials_of(re.sub(r"(?<=\w)-(?=\w)", "", name)))
            ):
                if written is not None:
                    initials.append(NameVariant((written,), name, VariantKind.INITIALS))
    # Initials two entities share name neither; initials that spell a known key or an
    # ordinary word are that word. One entity written two ways ("ARKANSAS WESTERN PIPELINE
    # COMPANY", "Arkansas Western Pipeline Company": one key; "Stremick's Heritage Foods" and
    # "Stremicks Heritage Foods": one joined key) shares them with nobody.
    out.update(v for v in _short_names(out) if v.name not in persons)
    out.update(_surnames(out, persons))
    shared = Counter(
        v.key for v in {(v.key, name_key(v.name, possessive=True)): v for v in initials}.values()
    )
    keys = {v.key for v in out}
    out.update(
        v
        for v in initials
        if shared[v.key] == 1 and v.key not in keys and v.key[0] not in _LEXICON.question_not_names
    )
    return sorted(
        (v for v in out if len(v.key) > 1 or v.key[0] not in _ONE_WORD_NEVER),
        key=lambda v: (v.key, v.kind, v.name),
    )


def initials_of(name: str) -> str | None:
    """The name's initials, folded as keys are ("acm" for ARCA Capital Management, LLC), for a
    name of three or more words besides its legal form; else None."""
    bare = without_form(name_key(name))
    # a word with digits gives its opening letter ("i3" of i3 Integrative Creative
    # Solutions: "IICS"); a word that opens with a digit gives none ("3D", "7")
    letters = [w[0] for w in bare if w not in _NO_INITIAL and w.isalnum() and w[0].isalpha()]
    return "".join(letters) if len(letters) >= 3 and len(bare) >= 3 else None


# Honorifics a question may put before a surname ("Dr. Okafor"), folded as keys are.
_HONORIFICS = tuple(sorted(_LEXICON.honorifics))


def _surnames(variants: Iterable[NameVariant], persons: frozenset[str]) -> list[NameVariant]:
    """Each person's surname, alone and after each honorific: the last word of the name
    (generational suffixes aside) where that word is in no other known name's key, is no
    ordinary word of questions and is no initial. Two people sharing a surname, or a
    company with it in its name ("Okafor Capital LLC"), leave it nobody's."""
    whole = {v.name: v.key for v in variants if v.kind is VariantKind.FULL}
    keys = set(whole.values())
    words: dict[str, set[str]] = {}
    for key in whole.values():
        for word in key:
            words.setdefault(word, set()).add(" ".join(key))
    out = []
    for name in sorted(persons):
        found = whole.get(name)
        if found is None or len(found) < 2:
            continue
        key = found
        tail = list(key)
        while len(tail) > 2 and tail[-1] in _LEXICON.generational_suffixes:
            tail.pop()  # a trailing suffix only: "John V. Doe" keeps its initial
        if len(tail) < len(key) and tuple(tail) not in keys:
            # "John Doe" for John Doe Jr.: the name less its generational suffix, where
            # that is no other name's whole name
            out.append(NameVariant(tuple(tail), name, VariantKind.SURNAME))
        surname = tail[-1]
        if (
            len(surname) < 3
            or not surname.isalpha()
            or surname in ORDINARY
            or words.get(surname, set()) != {" ".join(key)}
        ):
            continue
        if surname not in known_words():
            # a surname that is a word of legal English ("Stone", "Chase", "Sterling") names
            # the person only after an honorific: alone it may be a word or another's name
            out.append(NameVariant((surname,), name, VariantKind.SURNAME))
        out.extend(NameVariant((h, surname), name, VariantKind.SURNAME) for h in _HONORIFICS)
    return out


def _owned(key: tuple[str, ...], joined: tuple[str, ...]) -> bool:
    """Does the variant `key` end on a word written with "'s" in the name (its joined
    spelling differs there)?"""
    n = len(key)
    return len(joined) >= n and joined[n - 1] != key[n - 1]


def _short_names(variants: Iterable[NameVariant]) -> list[NameVariant]:
    """Each name's distinctive first words: the fewest opening words of its bare key that
    open no other entity's bare key, none of them an ordinary word, shorter than the key."""
    bare = {v.name: without_form(v.key) for v in variants if v.kind is VariantKind.FULL}
    keys = sorted(set(bare.values()))
    out = []
    for name, key in sorted(bare.items()):
        # a name opening with a role's words is not named by them: "Receiving Party" (of
        # "Receiving Party Identified in Annexure A"), "Principal" (of "Principal Financial")
        role = max((len(r) for r in _ROLE_WORDS if key[: len(r)] == r), default=0)
        for n in range(role + 1, len(key)):
            head = key[:n]
            # a letter or two ("F. Joseph Backer", "A.M. Best") is an initial, no short name
            if (
                head[-1] in ORDINARY
                or len(head[-1]) < 3
                or not head[-1].isalnum()
                or is_generic_term(" ".join(head))
            ):
                continue
            if all(k == key or k[:n] != head for k in keys):
                # "Stremick's" of Stremick's Heritage Foods, LLC: a written "'s" on the short
                # name's last word is the name's own, no possessive of the question
                joined = name_key(name, possessive=True)
                out.append(NameVariant(head, name, VariantKind.SHORT, _owned(head, joined)))
                headed = (*head, key[-1])
                if (
                    len(key) - n >= 2
                    and key[-1].isalpha()
                    and len(key[-1]) >= 3
                    and all(k == key or k[: n + 1] != headed for k in keys)
                ):
                    out.append(NameVariant(headed, name, VariantKind.HEADED))
                break
    return out
