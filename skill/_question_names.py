"""Names as a question writes them: several names split at their commas and "and"s without
breaking a company's name at its legal form, and one name cleaned of determiners and trailing
punctuation.
"""

from __future__ import annotations

import re

from domain import base_key, legal_form, lexicon
from skill._mentions import current_names, split_known_names


def _is_legal_form(token: str) -> bool:
    """A word that is a legal form alone ("Inc.", "L.L.C.", "GmbH"; the lexicon's forms)."""
    return bool(legal_form("x " + token)) and not base_key("x " + token).strip("x ")


def split_names(text: str) -> list[str]:
    """Split "A, B and C" into names without breaking "Acme Robotics, Inc." at its comma;
    while the knowledge base's names are known (`skill._mentions.known_names`), its names
    are kept whole ("C.M. OLIVER & COMPANY LIMITED") and qualifiers are dropped."""
    text = _without_trailing_lower(" ".join(text.split()))
    index = current_names()
    if index is not None:
        return split_known_names(text, index, _split_names)
    return _split_names(text)


def _predicate(piece: str) -> bool:
    """Is a list's piece the question's predicate with its pronouns, in lower case ("...
    between A and B, such as an affiliate, hold them to it?": "hold them to it"), never a
    name? Not where a pronoun's word opens it or a legal form is in it ("one equity partners",
    "us foods", "other world computing llc": names)."""
    words = re.findall(r"[\w'’]+", piece)
    return (
        piece == piece.lower()
        and len(words) > 1
        and words[0] not in _SLOT_PRONOUNS
        and not any(w in _FORM_WORDS for w in words)
        and any(w in _SLOT_PRONOUNS for w in words[1:])
    )


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
            if merged and (_is_legal_form(part) or _is_legal_form(part.split()[0])):
                # "Acme Robotics, Inc." and "Acme Robotics, Inc. without cause" (a qualifier
                # the grammar took with the name): the form is the name's, never a name
                merged[-1] = f"{merged[-1]}, {part}"
            else:
                merged.append(part)
        out.extend(merged)
    return [n for n in (clean_name(p) for p in out) if n and not _predicate(n)]


_PARTICLES = lexicon().name_particles
_SLOT_PRONOUNS = lexicon().question_slot_pronouns
# the legal forms' words as a question may write them in lower case ("plc", "limited", "inc")
_FORM_WORDS = frozenset(
    [
        *lexicon().legal_form_words,
        *(w.strip(".").lower() for w in lexicon().legal_form_abbreviations),
    ]
)


_QUANTIFIERS = lexicon().question_quantifiers
_NEGATIONS = lexicon().question_name_negations

# "Which law firm is Halcyon's ...": the opening's words and the verbs that end it
# (vocabulary.yaml wh_opening_words, wh_opening_verbs), then a name
_WH_OPENING = re.compile(
    rf"^(?:{'|'.join(map(re.escape, lexicon().wh_opening_words))})(?:\s+[a-z][\w-]*){{0,3}}?"
    rf"\s+(?:{'|'.join(map(re.escape, lexicon().wh_opening_verbs))})\s+(?=[A-Z0-9])",
    re.IGNORECASE,
)


def quantified(name: str) -> bool:
    """Whether `name` opens with a word of quantity in lower case ("any patents", "all of
    the trademarks"): a thing asked about, not a name (vocabulary.yaml question_quantifiers)."""
    words = name.split()
    return bool(words) and words[0] in _QUANTIFIERS


def clean_name(text: str) -> str:
    """A name as captured from a question: whitespace collapsed, determiners and trailing
    punctuation dropped (but a corporate suffix's dot kept)."""
    name = " ".join(text.split()).strip(" ,;:?!\"'“”")
    # "Which law firm is Halcyon's outside counsel?": the question's opening, up to its verb,
    # is no part of the name after it
    name = _WH_OPENING.sub("", name)
    name = re.sub(r"^(?:the|a|an)\s+(?=[a-z])", "", name)
    # "Can Halcyon not assign the MSA?": the negation after the actor is the verb's
    words = name.split()
    while len(words) > 1 and words[-1].lower() in _NEGATIONS:
        words.pop()
    name = " ".join(words)
    if name.endswith(".") and not re.search(
        r"\b(?:inc|corp|co|ltd|l\.l\.c|n\.a|s\.a|n\.v|b\.v|jr|sr)\.$", name, re.IGNORECASE
    ):
        name = name[:-1]
    return name.strip()


def _without_trailing_lower(name: str) -> str:
    """A capitalised name without the lower-case words a question glued after it
    ("Associated Natural Gas Company limited?": the question's adjective, not its legal form);
    a name all in lower case is kept whole (it is how the asker wrote it)."""
    words = name.split()
    if (
        len(words) > 1
        and re.fullmatch(r"[a-z]+", words[-1])
        and words[-1] not in _PARTICLES
        # the word before ends a written name ("Company", "Inc.", "plc"); "Vantor plc and its
        # partner" is no name followed by a word
        and (words[-2][:1].isupper() or words[-2].strip(",.").lower() in _FORM_WORDS)
        # "Vantor plc" is its legal form; "... Gas Company limited" has one already (a form's
        # participle: an abbreviation after a form, "delteq pte ltd", is the name's own)
        and (
            words[-1] not in _FORM_WORDS
            or (words[-2].strip(",.").lower() in _FORM_WORDS and words[-1].endswith("ed"))
        )
    ):
        words.pop()
    return " ".join(words).rstrip(" ,")
