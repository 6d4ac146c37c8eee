"""Linking a question's names to what the knowledge base holds (issue 33, item 1).

A known name is found in a question by its variants (`name_variants`: full, without its legal
form, possessive spellings, without spaces, initials, distinctive first words), scanned in one pass by an Aho-Corasick
automaton over folded keys (`NameLinker.links`; `question_tokens` folds a question's words
as `name_key` folds a name's); a name written with words added, dropped or reordered is
scored with rapidfuzz over whole words (`NameLinker.closest`), so a near miss of a name (one
letter changed) is never linked.
"""

from skill.linking._keys import (
    FORMS,
    POSSESSIVE,
    QuestionToken,
    ends_possessive,
    name_key,
    question_tokens,
    writes_possessive,
)
from skill.linking._linker import NEAR_MISS_THRESHOLD, Link, NameLinker, adverb, ordinary_word
from skill.linking._variants import (
    NEVER,
    ORDINARY,
    NameVariant,
    VariantKind,
    initials_of,
    name_variants,
    opens_a_role,
)

__all__ = [
    "FORMS",
    "NEAR_MISS_THRESHOLD",
    "NEVER",
    "ORDINARY",
    "POSSESSIVE",
    "Link",
    "NameLinker",
    "NameVariant",
    "QuestionToken",
    "VariantKind",
    "adverb",
    "ends_possessive",
    "initials_of",
    "name_key",
    "name_variants",
    "opens_a_role",
    "ordinary_word",
    "question_tokens",
    "writes_possessive",
]
