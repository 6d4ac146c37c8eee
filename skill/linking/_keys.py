"""Folded keys: a question's words and a name's words spelled alike, so that one automaton
finds a name however it is written.

A word is folded as `domain.fold_word` folds the words of an entity key (case, accents,
inner dots and apostrophes: "L.L.C." -> "llc", "&" -> "and"); a legal form takes its
canonical spelling from the lexicon ("Incorporated" -> "inc", "Limited Partnership" -> "lp");
a hyphen or a slash separates words ("Coca-Cola" is "coca cola"); digits are kept ("Unit 1").
A possessive's "'s" is no part of the key ("Northgate's" is "northgate"), in a question and in
a name alike; a name written with one ("McDonald's") also keeps its joined spelling
("mcdonalds") among its variants (`_variants`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from domain import fold_word, lexicon

_LEXICON = lexicon()
FORM_WORDS: dict[str, str] = dict(_LEXICON.legal_form_words)
FORM_PHRASES = tuple(sorted(_LEXICON.legal_form_phrases, key=lambda p: (-len(p[0]), p[0], p[1])))
# Every word of a legal form's canonical spelling ("inc", "llc", "lp", "co").
FORMS = frozenset(w for _, f in FORM_PHRASES for w in f.split()) | frozenset(FORM_WORDS.values())

# A token: a word with its inner dots and apostrophes ("C.M.", "McDonald's", "L.L.C."), or "&".
TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9]*(?:[.'’][A-Za-z0-9]+)*\.?(?:['’]s?)?|&")
# in any case: "NORTHGATE'S" is Northgate's
POSSESSIVE = re.compile(r"['’][sS]?$")


@dataclass(frozen=True)
class QuestionToken:
    """A word of a question: where it is, as written, and its spellings (folded; and, for a
    possessive, folded without its "'s"). `key`, the last spelling, is what names match."""

    start: int
    end: int
    text: str
    spellings: tuple[str, ...]

    @property
    def key(self) -> str:
        """The spelling names are matched on (a possessive without its "'s")."""
        return self.spellings[-1]


def question_tokens(text: str) -> list[QuestionToken]:
    """The words of `text`, each with its folded spellings, a legal form written in words
    ("Limited Partnership") as one token."""
    return list(_question_tokens(text))


@functools.lru_cache(maxsize=1024)
def _question_tokens(text: str) -> tuple[QuestionToken, ...]:
    """`question_tokens`, remembered: a question's reading tokenizes it and its parts again
    and again (the tokens are frozen; each caller gets its own list)."""
    out = []
    for m in TOKEN.finditer(text):
        raw = m.group(0)
        spellings = []
        folded = fold_word(raw)
        if folded:
            spellings.append(FORM_WORDS.get(folded, folded))
        if POSSESSIVE.search(raw):
            bare = fold_word(POSSESSIVE.sub("", raw))
            if bare and bare not in spellings:
                spellings.append(FORM_WORDS.get(bare, bare))
        if spellings:
            out.append(QuestionToken(m.start(), m.end(), raw, tuple(spellings)))
    return tuple(_form_phrases_as_one(out))


def _form_phrases_as_one(tokens: list[QuestionToken]) -> list[QuestionToken]:
    """A legal form written in words ("Limited Partnership", "Limited Liability Company") as
    one token spelled as the form ("lp", "llc"), as a known name's key has it; word by word,
    "Limited" would read "ltd" and leave "Partnership" a name of its own."""
    # a possessive on the form's last word ("Limited Partnership's") is no part of its words
    words = [fold_word(POSSESSIVE.sub("", t.text) or t.text) for t in tokens]
    out: list[QuestionToken] = []
    i = 0
    while i < len(tokens):
        for phrase, form in FORM_PHRASES:
            n = len(phrase)
            if n > 1 and " " not in form and tuple(words[i : i + n]) == phrase:
                run = tokens[i : i + n]
                text = " ".join(t.text for t in run)
                out.append(QuestionToken(run[0].start, run[-1].end, text, (form,)))
                i += n
                break
        else:
            out.append(tokens[i])
            i += 1
    return out


def canonical(words: Sequence[str]) -> tuple[str, ...]:
    """Folded words with legal forms in their canonical spelling (phrases, then words)."""
    out: list[str] = []
    i = 0
    while i < len(words):
        for phrase, form in FORM_PHRASES:
            n = len(phrase)
            if tuple(words[i : i + n]) == phrase:
                out.extend(form.split())
                i += n
                break
        else:
            out.append(FORM_WORDS.get(words[i], words[i]))
            i += 1
    return tuple(w for w in out if w)


def name_key(name: str, *, possessive: bool = False) -> tuple[str, ...]:
    """The key of a known name: its folded words, legal forms canonical, a leading "the"
    dropped ("Acme Robotics, Incorporated" -> ("acme", "robotics", "inc")). A word's "'s" is
    dropped, as a question's possessive is, unless `possessive` (the joined spelling:
    "McDonald's" -> "mcdonalds")."""
    raw = [m.group(0) for m in TOKEN.finditer(name)]
    words = [fold_word(w if possessive else POSSESSIVE.sub("", w) or w) for w in raw]
    words = [w for w in words if w]
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    return canonical(words)


def ends_possessive(name: str) -> bool:
    """Does the name's last word end in "'s" ("McDonald's"): a name of its own, not a
    possessive the question added?"""
    raw = [m.group(0) for m in TOKEN.finditer(name)]
    return bool(raw) and POSSESSIVE.search(raw[-1]) is not None


def writes_possessive(name: str, position: int) -> bool:
    """Does the known name write its word at `position` (of its key) with "'s" ("Stremick's"
    of Stremick's Heritage Foods, LLC, position 0): a written "'s" there is the name's own?"""
    key, joined = name_key(name), name_key(name, possessive=True)
    return position < min(len(key), len(joined)) and key[position] != joined[position]


def without_form(key: tuple[str, ...]) -> tuple[str, ...]:
    """The key without the legal form(s) that end it ("acme robotics inc" -> "acme robotics")."""
    out = list(key)
    while len(out) > 1 and (out[-1] in FORMS or out[-1] == "and"):
        out.pop()
    return tuple(out)
