"""The linker: a question's words against every variant of the knowledge base's names.

One Aho-Corasick automaton (pyahocorasick) holds every variant's key, spelled " w1 w2 ... "
(spaces around: a match starts and ends on whole words). A question's keys, spelled the same
way, are scanned once; each question word gets the longest variant that starts there. The
same trie answers whether words open a known name (a prefix look-up), which is how a short
name ("Acme", "Ingram Micro") is told from an ordinary word.

A name the automaton does not find may still be a known name written with words dropped or
reordered ("Robotics Acme", "Gulf South Supply"): `closest` scores it against every name with
rapidfuzz over whole words (a word-level ratio of the sorted words, so a changed letter is a
different word: "Acne Robotics" is no spelling of "Acme Robotics"), and links it only when
the score clears `NEAR_MISS_THRESHOLD`, the name's first word is written as is, no word is
added ("Acme Robotics Holdings" is another company than Acme Robotics), and the words are not
its opening words alone (a short name, read only where a party is named).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import ahocorasick
from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from domain import entity_key, known_words, lexicon
from skill.linking._keys import (
    FORMS,
    POSSESSIVE,
    QuestionToken,
    name_key,
    question_tokens,
    without_form,
)
from skill.linking._variants import ORDINARY, NameVariant, VariantKind, name_variants

# The least word-level score (0-100) at which a name written with words dropped or reordered
# is linked to a known name: 2k / (k + n) for k of a name's n words, so any order of all of
# them, or all but one of a name of three or more. Chosen on the development half of
# bench/question_variants: 67 to 95 all give 100% same subject and 100% of absent subjects
# refused there; 50 links "ARCA U.S" to another ARCA fund (one present variant lost).
NEAR_MISS_THRESHOLD = 80.0


_HONORIFICS = lexicon().honorifics
_QUESTION_WORDS = lexicon().question_words


# English plural endings: a word written with one added or dropped ("logistic" / "logistics",
# "box" / "boxes", "technology" / "technologies") is the same word in the other number
_PLURALS = (("", "s"), ("", "es"), ("y", "ies"))


# English adverb endings and what each stands for in the word it is made of ("legally" of
# "legal", "logistically" of "logistical", "readily" of "ready", "basically" of "basic",
# "truly" of "true", "fully" of "full"); no "-bly" of "-ble", which "assembly" would be
_ADVERB_ENDINGS = (("ly", ""), ("ily", "y"), ("ically", "ic"), ("ly", "e"), ("lly", "ll"))


def adverb(key: str) -> bool:
    """Is a written word (a key, lower case) an adverb made of a word of legal English
    (`known_words`): "legally", "logistically", "technically", "immediately"? Never a word of
    a name ("Northgate logistically" writes Northgate and what it does)."""
    words = known_words()
    for end, stem in _ADVERB_ENDINGS:
        made_of = key[: len(key) - len(end)] + stem
        if key.endswith(end) and len(made_of) >= 3 and made_of in words:
            return True
    return False


def ordinary_word(key: str) -> bool:
    """Is a written word (a key, lower case) a word of legal English (`known_words`) or an
    adverb made of one (`adverb`)? Such a word after a name's opening words is the
    question's own, never a near miss of the name's next word ("Keystone commence" of
    Keystone Commerce Bank, "Northgate logistically" of Northgate Logistics); a misspelt
    non-word is ("United qirlines")."""
    return key in known_words() or adverb(key)


def number_forms(word: str) -> frozenset[str]:
    """`word` and its spellings in the other number (a key, lower case; words of three letters
    or more): "systems" -> {"systems", "system", ...}, "technology" -> "technologies"."""
    forms = {word}
    if len(word) >= 3:
        for singular, plural in _PLURALS:
            if word.endswith(plural) and len(word) - len(plural) >= 3:
                forms.add(word[: len(word) - len(plural)] + singular)
            if word.endswith(singular):
                forms.add(word[: len(word) - len(singular)] + plural)
    return frozenset(forms)


def _runs_on_left(before: QuestionToken | None, first: QuestionToken, question: str) -> bool:
    """Does a word run into the surname from the left, so that the written name is another
    one ("Jane Okafor", "jane okafor"): only spaces between, and the word no ordinary word of
    questions ("Is", "does", "about") nor an honorific?"""
    if before is None or question[before.end : first.start].strip():
        return False
    return before.key not in ORDINARY and before.key not in _HONORIFICS


def _runs_on_right(last: QuestionToken, after: QuestionToken | None, question: str) -> bool:
    """Does the written name go on after the surname: a capitalised word ("Okafor Stanley"),
    "&", a legal form ("Okafor Inc.", "Okafor, Inc."), or a word that only goes with a name
    ("Okafor Capital", "the Okafor Agreement", "okafor holdings": ordinary words of questions
    that are no question words)?"""
    if after is None:
        return False
    gap = question[last.end : after.start].strip()
    if gap == ",":
        return after.key in FORMS
    if gap:
        return False
    return (
        after.text[:1].isupper()
        or after.text == "&"
        or after.key in FORMS
        or (after.key in ORDINARY and after.key not in _QUESTION_WORDS)
    )


def _spelled(key: Sequence[str]) -> str:
    return " " + " ".join(key) + " "


@dataclass(frozen=True)
class Link:
    """A known name found in a question's words: the first word, how many words, and the
    variant that matched."""

    start: int
    length: int
    variant: NameVariant


class NameLinker:
    """The names a knowledge base knows, as an automaton over their variants' keys."""

    def is_person(self, name: str) -> bool:
        """Whether `name` is a person's the knowledge base knows (bound as an individual)."""
        return entity_key(name) in self.people

    def __init__(
        self,
        names: Iterable[str],
        *,
        people: Iterable[str] = (),
        defined_terms: Iterable[str] = (),
        titles: Iterable[str] = (),
        aliases: Iterable[tuple[str, str]] = (),
    ) -> None:
        """`names`: entities' and persons' names and their aliases (each alias a name of its
        own); `people`: those of `names` that are persons'; `defined_terms`: the terms the
        documents define their parties by ("Transporter"), no names: a role names a party
        only within one agreement, which the gate reads it in; `titles`: the agreements'
        titles ("Licensing And Web Site Hosting Agreement")."""
        self.names = tuple(sorted(set(names)))
        self.people = frozenset(entity_key(p) for p in people)
        self.defined_terms = frozenset(k for k in map(entity_key, defined_terms) if k)
        # every closing run of words of every title, folded as names are: a question's title
        # may drop a title's opening words ("Form Of") or add its own before them
        self._title_ends = frozenset(
            key[i:] for key in map(name_key, titles) for i in range(len(key))
        )
        self.variants = name_variants(self.names, people=people)
        named: dict[tuple[str, ...], set[str]] = {}
        for alias, entity in aliases:
            named.setdefault(name_key(alias), set()).add(entity_key(entity))
        # an alias names an entity where every document that defines it names the same one
        self._aliases = frozenset(k for k, entities in named.items() if k and len(entities) == 1)
        self._automaton = ahocorasick.Automaton()
        for variant in self.variants:
            spelled = _spelled(variant.key)
            # the first variant of a key (sorted: full before bare, then by name) speaks for it
            if spelled not in self._automaton:
                self._automaton.add_word(spelled, variant)
        if self.variants:
            self._automaton.make_automaton()
        # Each name's key, once: `words_after`, `names_opening` and `misses_continuation`
        # are asked per question word, over every name.
        self._keys = {name: name_key(name) for name in self.names}
        after: dict[str, set[str]] = {}
        opening: dict[str, int] = {}
        for key in self._keys.values():
            if key:
                after.setdefault(key[0], set()).update(key[1:])
                opening[key[0]] = opening.get(key[0], 0) + 1
        self._after = {first: frozenset(words) for first, words in after.items()}
        self._opening = opening
        # For `closest`: each name's words without its legal form, as rapidfuzz compares them.
        self._bare = {name: without_form(key) for name, key in self._keys.items()}
        self._bare = {n: k for n, k in self._bare.items() if k}

    def title_end(self, keys: Sequence[str]) -> int:
        """How many of the last question words (`keys`: their keys, the last an agreement
        word) close a title the knowledge base holds, as its own closing words (0: none)."""
        for n in range(len(keys), 0, -1):
            if tuple(keys[-n:]) in self._title_ends:
                return n
        return 0

    def __len__(self) -> int:
        return len(self.variants)

    def links(self, keys: Sequence[str]) -> dict[int, Link]:
        """The longest known name starting at each question word (`keys`: the words' keys),
        by word index; one scan of the automaton."""
        if not self.variants or not keys:
            return {}
        text = _spelled(keys)
        word_at: dict[int, int] = {}
        offset = 0
        for i, key in enumerate(keys):
            word_at[offset] = i  # the space before word i
            offset += len(key) + 1
        best: dict[int, Link] = {}
        for end, variant in self._automaton.iter(text):
            start = word_at.get(end - len(_spelled(variant.key)) + 1)
            if start is None:
                continue
            n = len(variant.key)
            if start not in best or best[start].length < n:
                best[start] = Link(start, n, variant)
        return best

    def full_names(self, question: str) -> str:
        """`question` with each person named by surname ("Okafor", "Dr. Okafor", "Okafor's")
        written as the person's whole name, so every reader reads the person the knowledge base
        binds. A surname is one only as its variant allows (one person's, no other name's word)
        and where it is written capitalised or is no word of legal English ("okafor", never
        "rice"); a name less its generational suffix ("john rice" for John Rice Jr.) in any
        case. A company named by its short name and its last word, capitalised ("Keystone
        Bank" of Keystone Commerce Bank, N.A.), is written whole the same way."""
        tokens = question_tokens(question)
        links = self.links([t.key for t in tokens])
        out, at, i = [], 0, 0
        while i < len(tokens):
            link = links.get(i)
            if link is None:
                i += 1
                continue
            last = tokens[i + link.length - 1]
            before = tokens[i - 1] if i else None
            if (
                before is not None
                and before.key in _HONORIFICS
                and before.end >= at
                and entity_key(link.variant.name) in self.people
                and not question[before.end : tokens[i].start].strip(". ")
            ):
                # "Dr. Maria Okafor": the title is no part of the name
                out.append(question[at : before.start])
                at = tokens[i].start
            after = tokens[i + link.length] if i + link.length < len(tokens) else None
            if link.variant.kind is VariantKind.HEADED and all(
                t.text[:1].isupper() for t in tokens[i : i + link.length]
            ):
                # "Keystone Bank" of Keystone Commerce Bank, N.A.: written capitalised, the
                # short name and the name's last word are the name
                owned = POSSESSIVE.search(last.text)
                out.append(question[at : tokens[i].start])
                out.append(link.variant.name + (owned.group(0) if owned else ""))
                at = last.end
            elif (
                link.variant.kind is VariantKind.SURNAME
                and (link.length > 1 or last.text[:1].isupper() or last.key not in known_words())
                and not _runs_on_left(before, tokens[i], question)
                and (POSSESSIVE.search(last.text) or not _runs_on_right(last, after, question))
            ):
                owned = POSSESSIVE.search(last.text)
                out.append(question[at : tokens[i].start])
                out.append(link.variant.name + (owned.group(0) if owned else ""))
                at = last.end
            i += link.length
        return "".join(out) + question[at:] if out else question

    def longest_at(self, spellings: Sequence[Sequence[str]], i: int) -> Link | None:
        """The longest known name at question word `i` (each word given by its spellings,
        the last one its key), or None."""
        return self.links([s[-1] for s in spellings[i:]]).get(0)

    def opens_with(self, spellings: Sequence[Sequence[str]]) -> bool:
        """Are these question words (each its spellings) the opening words of a known name?"""
        if not spellings or not self.variants:
            return False
        return any(
            self._automaton.match(" " + " ".join(words) + " ")
            for words in itertools.product(*spellings)
        )

    def names_whole(self, spellings: Sequence[Sequence[str]]) -> bool:
        """Are these question words (each its spellings) a whole known name, or an alias the
        knowledge base gives one entity ("American Water"), not only a name's opening words?"""
        if not spellings:
            return False
        link = self.longest_at(spellings, 0)
        if link is not None and link.length == len(spellings):
            return True
        return any(tuple(words) in self._aliases for words in itertools.product(*spellings))

    def words_after(self, first: str) -> frozenset[str]:
        """The words (keys) of the known names whose first word is `first` (a key), after it:
        "commerce", "bank" and "na" of Keystone Commerce Bank, N.A. for "keystone"."""
        return self._after.get(first, frozenset())

    def misses_continuation(self, opening: Sequence[str], words: Sequence[str]) -> int:
        """How many of `words` (keys), written after a known name's opening words `opening`
        (keys), continue one known name with at least one of them a near miss of its word
        there (a letter changed, added or dropped: "teqhnologies" after "mphase" of mPhase
        Technologies, "ofqamerica" after "bank" of Bank of America): a word may stand for
        several of the name's words run together. 0 where none is a near miss: a word the
        name does not continue with is no part of it."""
        best = 0
        n = len(opening)
        for key in self._keys.values():
            if len(key) <= n or key[:n] != tuple(opening):
                continue
            rest, i, j, missed = key[n:], 0, 0, False
            while i < len(words) and j < len(rest):
                step = 0
                for size in range(1, min(3, len(rest) - j) + 1):
                    target = "".join(rest[j : j + size])
                    # the name's word in the singular or plural ("northgate logistic" of
                    # Northgate Logistics, "deep system"): the word itself, no near miss
                    forms = number_forms(words[i])
                    if target in forms:
                        step = size
                        break
                    if (
                        min(len(words[i]), len(target)) >= 4
                        # a word of English is the question's own ("Keystone commence")
                        and not ordinary_word(words[i])
                        and any(
                            fuzz.ratio(form, target) >= NEAR_MISS_THRESHOLD
                            # a letter changed in a short word ("baqk" of "bank": a ratio of 75)
                            or Levenshtein.distance(form, target) <= 1
                            for form in forms
                        )
                    ):
                        step, missed = size, True
                        break
                if not step:
                    break
                i, j = i + 1, j + step
            if missed:
                best = max(best, i)
        return best

    def names_opening(self, first: str) -> int:
        """How many known names open with the word `first` (a key)."""
        return self._opening.get(first, 0)

    def opens_name(self, spellings: Sequence[str]) -> bool:
        """Is a question word (its spellings) the first word of a known name?"""
        return self.opens_with([spellings])

    def closest(self, keys: Sequence[str]) -> str | None:
        """The known name these words write with words dropped or reordered, or None: a
        word-level ratio of the sorted words at least `NEAR_MISS_THRESHOLD`, the name's first
        word among them, none added, and no other name as close."""
        words = without_form(tuple(keys))
        if not words or not self._bare:
            return None
        # a name's opening words are its short name, found by `opens_with` where a party is
        # named ("the Master Services Agreement" is a title): no near miss of it
        names = [
            n
            for n in sorted(self._bare)
            if set(words) <= set(self._bare[n]) and self._bare[n][: len(words)] != words
        ]
        if not names:
            return None
        found = process.extract(
            sorted(words),
            [sorted(self._bare[n]) for n in names],
            scorer=fuzz.ratio,
            score_cutoff=NEAR_MISS_THRESHOLD,
            limit=2,
        )
        if not found:
            return None
        _, score, index = found[0]
        if len(found) > 1 and found[1][1] == score:
            return None  # two names as close: the question names neither
        name = names[index]
        return name if self._bare[name][0] in words else None
