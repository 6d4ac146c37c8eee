"""Entity names: stable keys, corporate suffixes, person-name shape, and alias resolution.

Ingestion and the skill both normalise names here, so a name in a question and the same name
in a document always produce the same key: `entity_key("Acme Robotics, Inc.") ==
entity_key("ACME ROBOTICS INCORPORATED") == "acme robotics inc"`.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from domain._lexicon import lexicon
from domain._records import Alias

# Legal forms (domain/lexicon/vocabulary.yaml). Multi-word forms first: they are matched
# on the key's trailing tokens.
_PHRASE_SUFFIXES: tuple[tuple[tuple[str, ...], str], ...] = lexicon().legal_form_phrases
_WORD_SUFFIXES: dict[str, str] = dict(lexicon().legal_form_words)

# Words that, as the last word of a name, make it an organisation even without a legal form.
ORGANISATION_HEADS: frozenset[str] = lexicon().organisation_heads

# Words that are never a name's distinctive first word: particles and linking words.
_CONNECTORS = lexicon().name_particles | {"and", "of", "the", "for"}


def _ascii_fold(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


# Dots and apostrophes join a word ("L.L.C." -> "llc", "Dick's" -> "dicks"); every other
# character that is no letter or digit (a space, a hyphen, a comma) separates words.
_JOINERS = re.compile(r"[.'’`]")
_SEPARATORS = re.compile(r"[^a-z0-9]+")


def _folded(text: str) -> str:
    return _ascii_fold(unicodedata.normalize("NFKC", text)).lower()


# Words a stop glues together ("Co.KG", "Inc.Ltd"); a word of such pieces is read as its
# pieces when each piece is a legal form's word of two letters or more ("GmbH & Co.KG" ends
# in "co kg", as "GmbH & Co. KG" does), else glued as usual ("L.L.C." -> "llc").
_DOTTED = re.compile(r"[a-z0-9]+(?:\.[a-z0-9]+)+")


def _form_pieces(match: re.Match[str]) -> str:
    pieces = match.group(0).split(".")
    if all(len(p) > 1 and p in _WORD_SUFFIXES for p in pieces):
        return " ".join(pieces)
    if all(len(p) == 1 for p in pieces):
        # single letters a stop joins that spell a form of several words ("a.s." is "a s"):
        # the stops say so; the same letters unstopped are a word ("as amended")
        hit = _GLUED_FORMS.get("".join(pieces))
        if hit is not None and len(hit[0]) > 1:
            return " ".join(pieces)
    return match.group(0)


def _tokens(name: str) -> list[str]:
    text = _DOTTED.sub(_form_pieces, _folded(name).replace("&", " and "))
    text = _JOINERS.sub("", text)
    return _SEPARATORS.sub(" ", text).split()


def _glued_forms() -> dict[str, tuple[tuple[str, ...], str]]:
    """Each legal form's spelling with its spaces taken out -> (its words, its form): a form
    whose spaces fell elsewhere ("Sp.z o.o." -> "spz oo", "a.s." -> "as") is the same form."""
    glued: dict[str, tuple[tuple[str, ...], str]] = {}
    spellings = [(p, f) for p, f in _PHRASE_SUFFIXES] + [
        ((w,), f) for w, f in _WORD_SUFFIXES.items()
    ]
    for phrase, form in spellings:
        glued.setdefault("".join(phrase), (phrase, form))
    return glued


_GLUED_FORMS = _glued_forms()


def fold_word(word: str) -> str:
    """One word folded the way `entity_key` folds each word of a name (the same case and
    accent folding, joiners and separators): "McDonald's" -> "mcdonalds", "L.L.C." -> "llc",
    "&" -> "and". For matching names word by word; a hyphen or a space separates words, so
    `word` should hold neither."""
    text = _folded(word)
    return "and" if text == "&" else _SEPARATORS.sub("", _JOINERS.sub("", text))


def _glued_form(base: list[str]) -> tuple[int, str] | None:
    """(how many trailing words, the form) where the last words, their spaces taken out, spell
    a legal form of several words ("spz oo" is "sp zoo"; "as" is "a s"), else None. A single
    word that is a form's word as it stands is left to the word rules."""
    for n in (3, 2, 1):
        if len(base) <= n:
            continue
        words = base[-n:]
        if all(len(w) == 1 for w in words):
            continue  # single letters are a form's initials only as the initials rule reads them
        hit = _GLUED_FORMS.get("".join(words))
        # a word of two letters glued is a word ("as amended"), not a form: its stopped
        # spelling ("a.s.") is read apart in _tokens
        single = n == 1 and (words[0] in _WORD_SUFFIXES or len(words[0]) < 3)
        if hit is not None and tuple(words) != hit[0] and not single:
            return n, hit[1]
    return None


def _split_suffix_tokens(tokens: list[str]) -> tuple[list[str], list[str]]:
    """(base tokens, canonical suffix tokens), suffixes peeled off the end repeatedly."""
    base = list(tokens)
    suffix: list[str] = []
    while len(base) > 1:
        for phrase, canon in _PHRASE_SUFFIXES:
            n = len(phrase)
            if len(base) > n and tuple(base[-n:]) == phrase:
                suffix[:0] = canon.split()
                del base[-n:]
                break
        else:
            glued = _glued_form(base)
            if glued is not None:
                n, canon = glued
                suffix[:0] = canon.split()
                del base[-n:]
                continue
            last = base[-1]
            # A form's initials written apart ("N. A", "L. L. C."): one word of single letters.
            spaced = 0
            while spaced < len(base) - 1 and len(base[-1 - spaced]) == 1:
                spaced += 1
            initials = "".join(base[-spaced:]) if spaced >= 2 else ""
            if last in _WORD_SUFFIXES:
                suffix.insert(0, _WORD_SUFFIXES[last])
                base.pop()
            elif initials in _WORD_SUFFIXES:
                suffix.insert(0, _WORD_SUFFIXES[initials])
                del base[-spaced:]
            elif last == "and" and suffix:
                # "GmbH & Co KG": the "&" belongs to the legal form.
                suffix.insert(0, "and")
                base.pop()
            else:
                break
    while base and base[-1] == "and":
        base.pop()
    return base, suffix


@functools.lru_cache(maxsize=1 << 16)
def entity_key(name: str) -> str:
    """The stable key of an entity name (case, punctuation and legal-form spelling folded).

    Memoized: the skill keys the same names over and over while reading evidence."""
    tokens = _tokens(name)
    if len(tokens) > 1 and tokens[0] == "the":
        tokens = tokens[1:]
    base, suffix = _split_suffix_tokens(tokens)
    return " ".join(base + suffix)


@functools.lru_cache(maxsize=1 << 16)
def base_key(name: str) -> str:
    """The key without its legal form: "Acme Robotics, Inc." -> "acme robotics".
    Memoized, as entity_key."""
    tokens = _tokens(name)
    if len(tokens) > 1 and tokens[0] == "the":
        tokens = tokens[1:]
    base, _ = _split_suffix_tokens(tokens)
    return " ".join(base)


def clear_caches() -> None:
    """Empty the names' process memos (`entity_key`, `base_key`): pure functions of a name,
    so emptying them changes no key, only what the next call costs (a test runs cold)."""
    entity_key.cache_clear()
    base_key.cache_clear()


def legal_form(name: str) -> str:
    """The canonical legal form of a name ("inc", "gmbh and co kg"), or "" when it has none."""
    tokens = _tokens(name)
    _, suffix = _split_suffix_tokens(tokens)
    return " ".join(suffix)


def has_corporate_suffix(name: str) -> bool:
    return bool(legal_form(name))


def looks_like_company(name: str) -> bool:
    """A legal form or an organisation head word ("Bank", "Trust", "Fund") ends the name."""
    tokens = _tokens(name)
    if len(tokens) > 1 and tokens[0] == "the":
        tokens = tokens[1:]
    base, suffix = _split_suffix_tokens(tokens)
    if not base:
        return False
    if suffix:
        return True
    return len(base) >= 2 and base[-1] in ORGANISATION_HEADS


_NAME_PARTICLES = frozenset({"van", "von", "de", "da", "del", "der", "den", "di", "du", "la", "le"})
_GENERATIONAL = lexicon().generational_suffixes
_HONORIFICS = lexicon().honorifics

# Capitalised words that start or fill titles, headings and boilerplate, never a person's name.
NOT_NAME_WORDS: frozenset[str] = lexicon().never_names


def is_person_name(name: str) -> bool:
    """True when `name` has the shape of a person's name: 2-5 capitalised words, initials
    allowed, no legal form, no organisation or title words ("John W. Doe", "JAMES NANTZ III")."""
    cleaned = re.sub(r"\s+", " ", name.strip())
    if not cleaned or len(cleaned) > 60 or any(ch.isdigit() for ch in cleaned):
        return False
    if re.search(r"[\"“”()&/@:;]", cleaned):
        return False
    words = [w for w in re.split(r"[ ,]+", cleaned) if w]
    while words and words[0].rstrip(".").lower() in _HONORIFICS:
        words = words[1:]
    while words and words[-1].rstrip(".").lower() in _GENERATIONAL:
        words = words[:-1]
    if not 2 <= len(words) <= 5:
        return False
    real = 0
    for word in words:
        bare = word.rstrip(".")
        low = bare.lower()
        if low in _NAME_PARTICLES:
            continue
        if re.fullmatch(r"[A-Z]", bare):  # an initial
            continue
        if not re.fullmatch(r"[A-Z][A-Za-z'’\-]*", bare):
            return False
        if low in NOT_NAME_WORDS or low in _WORD_SUFFIXES:
            return False
        if len(bare) < 2:
            return False
        real += 1
    if real < 2:
        return False
    return not looks_like_company(cleaned)


# Defined terms that name a role, not an entity: never knowledge-base-wide aliases
# (vocabulary.yaml generic_terms).
GENERIC_TERMS: frozenset[str] = lexicon().generic_terms


def is_generic_term(term: str) -> bool:
    """True for defined terms that denote a role ("the Company", "Supplier", "Party A")."""
    words = _tokens(term)
    if words and words[0] == "the":
        words = words[1:]
    if not words:
        return True
    if len(words) == 2 and words[0] == "party" and len(words[1]) == 1:
        return True
    return all(w in GENERIC_TERMS or w in {"service", "marketing", "holding"} for w in words)


def short_names(name: str) -> tuple[str, ...]:
    """Keys a reader may use for `name` without its legal form: the base key, and its first
    word when that word is distinctive enough (≥ 4 letters, not a connector)."""
    base = base_key(name)
    if not base:
        return ()
    out = [base]
    first = base.split()[0]
    if first != base and len(first) >= 4 and first not in _CONNECTORS:
        out.append(first)
    return tuple(dict.fromkeys(out))


class ResolutionStatus(StrEnum):
    EXACT = "exact"  # the key of a known entity
    ALIAS = "alias"  # a defined term or recorded alias of exactly one entity
    SHORT_NAME = "short_name"  # a prefix of exactly one known entity's name
    AMBIGUOUS = "ambiguous"  # fits several entities: never silently picked
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Resolution:
    status: ResolutionStatus
    query: str
    entity_key: str | None = None
    entity_name: str | None = None
    candidates: tuple[str, ...] = ()  # entity keys, sorted, when ambiguous

    @property
    def resolved(self) -> bool:
        return self.entity_key is not None


# A company named by its web domain ("Example.com, Inc.") is called by the domain's name
# ("Example"): its key joins the two ("examplecom").
_DOMAIN = re.compile(r"(?i)\b([a-z0-9][a-z0-9-]*)\.(?:com|net|org|io|co)\b")


def _is_token_prefix(prefix: str, full: str) -> bool:
    return full == prefix or full.startswith(prefix + " ")


class AliasResolver:
    """Maps a name to one known entity: exact key, then alias, then unambiguous short name.

    `aliases` are document-scoped defined terms or knowledge-base-wide aliases; a document's
    defined terms apply only when `resolve` is given that document. Generic role terms
    ("the Company", "Supplier") are never resolved outside their document.
    """

    def __init__(self, aliases: Iterable[Alias] = (), known_entities: Iterable[str] = ()):
        names: dict[str, str] = {}
        for name in known_entities:
            key = entity_key(name)
            if key and (key not in names or name < names[key]):
                names[key] = name
        self._names = names
        self._aliases = tuple(
            sorted(aliases, key=lambda a: (a.alias_key, a.document_id or "", a.entity_key))
        )
        self._aliases_of: dict[str, list[Alias]] = {}
        for alias in self._aliases:
            names.setdefault(alias.entity_key, alias.entity_name)
            self._aliases_of.setdefault(alias.alias_key, []).append(alias)
        # What a short name is matched against, computed once per resolver (a resolve at 20k
        # chunks would otherwise run two regexes per known entity): each known key's base key,
        # legal form, and the base key of the web domain it is named by, where it is.
        self._bases = {k: base_key(k) for k in names}
        self._forms = {k: legal_form(k) for k in names}
        self._domains = {
            k: base_key(_DOMAIN.sub(r"\1", n)) for k, n in names.items() if _DOMAIN.search(n)
        }
        # The keys a short name may name, by the first word of their base key (a short name
        # is a token prefix of the base) and by the domain they are named by.
        by_first: dict[str, set[str]] = {}
        for k, b in [*self._bases.items(), *self._domains.items()]:
            by_first.setdefault(b.split(" ", 1)[0], set()).add(k)
        self._by_first = {w: tuple(sorted(keys)) for w, keys in by_first.items()}
        # A name written without its spaces ("Footlocker" for Foot Locker, Inc.).
        compact: dict[str, set[str]] = {}
        for k, b in self._bases.items():
            if " " in b:
                compact.setdefault(b.replace(" ", ""), set()).add(k)
        self._compact = {c: tuple(sorted(keys)) for c, keys in compact.items()}
        # A former name is a name the company went by: written short ("Bramble" of Bramble
        # Utilities, Inc., the former name of Nimbus Power, Inc.) it names the company as
        # its present name written short does. (base key, legal form, entity key) each.
        self._former = tuple(
            sorted(
                {
                    (base_key(a.alias_key), legal_form(a.alias_key), a.entity_key)
                    for a in self._aliases
                    if a.kind == "former_name" and base_key(a.alias_key)
                }
            )
        )

    def _unique(
        self, query: str, keys: Sequence[str], status: ResolutionStatus
    ) -> Resolution | None:
        distinct = sorted(set(keys))
        if not distinct:
            return None
        if len(distinct) > 1:
            return Resolution(ResolutionStatus.AMBIGUOUS, query, candidates=tuple(distinct))
        key = distinct[0]
        return Resolution(status, query, entity_key=key, entity_name=self._names.get(key, key))

    def resolve(self, name: str, document_id: str | None = None) -> Resolution:
        key = entity_key(name)
        if not key:
            return Resolution(ResolutionStatus.UNKNOWN, name)
        if key in self._names:
            return Resolution(
                ResolutionStatus.EXACT, name, entity_key=key, entity_name=self._names[key]
            )
        if document_id is not None:
            scoped = [
                a.entity_key for a in self._aliases_of.get(key, ()) if a.document_id == document_id
            ]
            found = self._unique(name, scoped, ResolutionStatus.ALIAS)
            if found is not None:
                return found
        # a document-scoped other name (a filer's, a signer's) names its entity in its own
        # document only: never knowledge-base wide
        wide = [
            a.entity_key
            for a in self._aliases_of.get(key, ())
            if (a.document_id is None or not is_generic_term(a.alias)) and not a.document_scoped
        ]
        found = self._unique(name, wide, ResolutionStatus.ALIAS)
        if found is not None:
            return found
        if is_generic_term(name):
            return Resolution(ResolutionStatus.UNKNOWN, name)
        base = base_key(name) or key
        # A name with its own legal form is never a short name of one with another legal form
        # ("Amcor Packaging plc" is not "Amcor Packaging (USA) Inc.").
        form = legal_form(name)
        short = [
            k
            for k in self._by_first.get(base.split(" ", 1)[0], ())
            if (_is_token_prefix(base, self._bases[k]) or self._domains.get(k) == base)
            and (not form or not self._forms[k] or self._forms[k] == form)
        ]
        former = [
            (b, k)
            for b, f, k in self._former
            if _is_token_prefix(base, b) and (not form or not f or f == form)
        ]
        short += [k for _, k in former]
        # "Amcor" names Amcor plc (the same name, less its legal form) before it names any
        # longer name that starts with it ("Amcor Packaging (USA) Inc.").
        whole = [k for k in short if self._bases.get(k) == base or self._domains.get(k) == base]
        whole += [k for b, k in former if b == base]
        if len(set(whole)) == 1:
            short = whole
        found = self._unique(name, short, ResolutionStatus.SHORT_NAME)
        if found is not None:
            return found
        if " " not in base and not form:
            found = self._unique(name, self._compact.get(base, ()), ResolutionStatus.SHORT_NAME)
            if found is not None:
                return found
        return Resolution(ResolutionStatus.UNKNOWN, name)
