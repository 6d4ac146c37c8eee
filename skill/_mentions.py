"""Names in a question, found by matching what the knowledge base knows.

The grammar (`_question_grammar`) cuts names out of a question by where its connectors fall,
which breaks real names ("SIGA TECHNOLOGIES, INC and MERIDIAN MEDICAL TECHNOLOGIES, INC for
convenience", "C.M. OLIVER & COMPANY LIMITED"). Here the names come from the knowledge base
instead: the linker (`skill.linking`) holds every variant of its entities' names and aliases
(full, without the legal form, initials, distinctive first words ...) and finds them in the
question in one scan, longest first, with case, legal forms ("INC", "Inc." and "Incorporated"
are one form), "&"/"and", hyphens and possessives folded ("McDonald's" is a name,
"Northgate's" is Northgate's). What is left that has the shape of a name (capitalised words)
is still a name: a known name written with words reordered or left out, linked by the
linker's word-level score, or one the knowledge base does not know, so the gate refuses it
(SUBJECT_NOT_FOUND), never drops it.

Two names written joined ("Northgate & Halcyon", "the Halcyon-Brightline NDA", "the
CNET/Cyberian Promotion Agreement") are two names when each side opens a known name and the
two together open none. In lower case ("is halcyon's liability under its msa with
northgate unlimited?"), a known name or its opening words are a name only where a party is
named (after "with", "between", "of" ..., before a possessive or the agreement's type), and
never an ordinary word of questions.

`placeholder_in(question)` finds a blank where a name should be ("__________", "[Party]").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from domain import base_key, is_generic_term, known_words, legal_form, lexicon
from skill._subject import _AGREEMENT_WORD
from skill.linking import (
    NEVER,
    ORDINARY,
    POSSESSIVE,
    Link,
    NameLinker,
    QuestionToken,
    VariantKind,
    opens_a_role,
    question_tokens,
    writes_possessive,
)

_LEXICON = lexicon()
_FORM_WORDS: dict[str, str] = dict(_LEXICON.legal_form_words)
# Words that are never part of a name a question uses (the lexicon's, and the words that
# open or link a question).
_NEVER = NEVER
NEVER_NAMES = _NEVER | frozenset(_FORM_WORDS) | frozenset(_FORM_WORDS.values())
_QUESTION_WORDS = _LEXICON.question_words
# Words that join the capitalised words of a name ("Bank of America", "Banco de la Nación").
_CONNECTORS = _LEXICON.name_particles | {"of", "and", "&"}

# The words before a list of parties ("... between Halcyon and Northgate").
_LISTED = re.compile(r"\b(?:between|among|amongst)\s+$", re.IGNORECASE)
_POSSESSIVE = POSSESSIVE
_HYPHENS = frozenset({"-", "\u2010", "\u2011"})  # hyphen-minus, hyphen, non-breaking hyphen

# A blank where a name should be: underscores, a bracketed word ("[Party]", "<Company>").
_PLACEHOLDER = re.compile(r"_{3,}|\[[^\]\n]{1,40}\]|<[^>\n]{1,40}>|\{[^}\n]{1,40}\}")


def placeholder_in(question: str) -> str | None:
    """The first placeholder written where a name should be, or None."""
    match = _PLACEHOLDER.search(question)
    return match.group(0) if match else None


@dataclass(frozen=True)
class Mention:
    """A name in a question: where it is, as written, and whether the knowledge base knows it."""

    start: int
    end: int
    text: str
    known: bool
    # One of two names written joined ("Acme-Beta", "Acme/Beta", "Acme & Beta"), each the
    # opening words of a name the knowledge base knows: a party, even inside a title's words.
    joined: bool = False
    # The known name the words were linked to where the gate would not read the words
    # themselves as that name (initials: "IBM"); None otherwise.
    linked: str | None = None

    @property
    def name(self) -> str:
        """The name to look up: the linked name, or the words as written."""
        return self.linked or self.text


# Closed vocabularies (vocabulary.yaml `question_not_names`): a period ("FY2018", "Q2", "2019"),
# a currency, a unit, an abbreviation of finance or contracts ("EBITDA", "ROFR"), a phrase with
# "&" ("PP&E"): never a word of a name no entity has.
_PERIOD = re.compile("|".join(f"(?:{p})" for p in _LEXICON.question_periods), re.IGNORECASE)
_CLOSED_PHRASE = re.compile(
    r"(?<![\w&])(?:" + "|".join(_LEXICON.question_not_name_phrases) + r")(?![\w&])",
    re.IGNORECASE,
)


def is_closed_word(word: str) -> bool:
    """Is `word` of a closed vocabulary of questions: a period, a currency, a unit, an
    abbreviation of finance or of contracts (never a word of a name no entity has)?"""
    bare = _POSSESSIVE.sub("", word).rstrip(".").lower()
    return bare in _LEXICON.question_not_names or _PERIOD.fullmatch(bare) is not None


def _closed_spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _CLOSED_PHRASE.finditer(text)]


def _is_closed(token: QuestionToken, spans: Sequence[tuple[int, int]]) -> bool:
    return is_closed_word(token.text) or any(a <= token.start < b for a, b in spans)


def names_a_known(text: str, index: NameLinker | None) -> bool:
    """Does `text` hold a name the knowledge base knows, in any case ("between halcyon and
    northgate")?"""
    if index is None:
        return False
    return bool(index.links([t.key for t in question_tokens(text)]))


def opens_a_known_name(text: str, index: NameLinker | None) -> bool:
    """Do the words of `text` open a name the knowledge base knows, in any case: its short
    name, or the first word of several of its names ("halcyon": Halcyon Robotics, Halcyon
    Field Services), which links to none of them?"""
    tokens = question_tokens(text)
    return index is not None and bool(tokens) and index.opens_with([t.spellings for t in tokens])


def _is_capitalised(token: QuestionToken) -> bool:
    return token.text[:1].isupper() or (token.text[:1].isdigit() and len(token.text) > 1)


def find_mentions(
    text: str,
    index: NameLinker | None,
    *,
    masked: Sequence[tuple[int, int]] = (),
    listed: bool = False,
) -> list[Mention]:
    """The names in `text`: two names written joined ("Acme-Beta", "Acme & Beta"), known
    names (longest first), then name-shaped runs of capitalised words that match nothing
    known. A name in lower case counts where a party is named ("its msa with northgate"):
    a known name, or the opening words of one that are no ordinary word of questions. A known
    name's last words written in lower case after capitalised ones that name another entity
    are the question's ("the number of Best Buy stores" is Best Buy's, not Best Buy Stores,
    L.P.'s). Spans in `masked` (the question's topic words, its agreement phrase) are never
    part of a name. `listed`: `text` is a list of the question's parties ("Beijing SINA and
    Beijing Yisheng"), where every known name stands where a party is named, the first one
    too (nothing before it says so)."""
    tokens = [
        t for t in question_tokens(text) if not any(a <= t.start and t.end <= b for a, b in masked)
    ]
    spellings = [t.spellings for t in tokens]
    # one scan of the question for every known name: the longest at each word
    links = index.links([t.key for t in tokens]) if index is not None else {}
    # A short name ("Ingram") opens a mention, but never cuts a longer written name: the
    # words of "Premier Valley Foods" stay one name where "Premier" is another's short name.
    whole = {i: link for i, link in links.items() if link.variant.kind is not VariantKind.SHORT}
    closed = _closed_spans(text)
    pairs = _joined_pairs(text, tokens, index)
    ctx = _Scan(whole, index, closed, pairs, listed)
    # a question written all in lower case ("brantley & sons audit rights quarry hill mills"),
    # or in sentence case ("Is quarry hill mills required to indemnify brantley & sons?"),
    # capitalises no name: a known name written whole is a name wherever it stands
    all_lower = _in_lower_case(text) and _names_explain_the_rest(tokens, links)
    mentions: list[Mention] = []
    i = 0
    while i < len(tokens):
        if i in pairs:
            end = pairs[i]
            known = i in links and links[i].length == end - i
            # "Stremick's-Premier": a side's "'s" its known name writes is the name's own
            owned = known and writes_possessive(links[i].variant.name, end - i - 1)
            mentions.append(
                _mention(text, tokens[i:end], known=known, possessive=not owned, joined=True)
            )
            i = end
            continue
        link = links.get(i)
        n = link.length if link is not None else 0
        if link is not None and link.variant.kind is VariantKind.SHORT:
            # a short name runs on over the name's next words ("keel street's" of Keel
            # Street Capital LLC), as far as they go on opening it
            assert index is not None
            while (
                i + n < len(tokens)
                and _one_name(text, tokens, i, i + n + 1, left=True)
                and not (
                    _POSSESSIVE.search(tokens[i + n - 1].text)
                    and not writes_possessive(link.variant.name, n - 1)
                )
                and index.opens_with(spellings[i : i + n + 1])
            ):
                n += 1
            strange = _missed_run_end(tokens, i, i + n, index)
            if strange > i + n and (listed or _names_a_party(text, tokens[i:strange])):
                # "between astro and acme robqtics": a short name that runs on with words of
                # no legal English its name does not have is another name (the gate refuses
                # it), never the short name with the words dropped
                mentions.append(_mention(text, tokens[i:strange], known=False))
                i = strange
                continue
            if (
                not (listed or _names_a_party(text, tokens[i : i + n], known=True))
                or (_is_capitalised(tokens[i]) and _written_name_end(text, tokens, i, ctx) > i + n)
                or _short_name_broken(tokens[i : i + n], link)
            ):
                # a short name is one only where a party is named ("the Master Services
                # Agreement" is a title, though Master Services Agreement is known); and one
                # opening a longer written name ("Johnson & Johnson" where Johnson Controls is
                # known) is not that name: the whole is a name
                link, n = None, 0
        if link is not None and link.variant.kind is not VariantKind.SHORT:
            # "the number of Best Buy stores": a name's last words written in lower case after
            # its capitalised ones (Best Buy Stores, L.P.) are the question's own words where
            # the capitalised words are a known name of their own (Best Buy Co., Inc.)
            head = _capitalised_head(tokens[i : i + n], link, index)
            if head is not None:
                link, n = head, head.length
        run = tokens[i : i + n]
        contiguous = all(
            not re.search(r"[?;:]", text[a.end : b.start]) for a, b in itertools.pairwise(run)
        )
        if (
            n
            and contiguous
            and not (link is not None and _possessive_inside(run, link))
            and (
                any(t.text[:1].isupper() for t in run)
                or (
                    (
                        listed
                        or _names_a_party(text, run, known=True)
                        or (all_lower and link is not None and _whole_name(link, run))
                    )
                    and not (n == 1 and _ordinary(run[0]))
                )
            )
        ):
            assert link is not None
            # "Northgate's MSA": the name is Northgate; "McDonald's" is a name of its own.
            owned = (
                writes_possessive(link.variant.name, n - 1)
                if link.variant.kind is VariantKind.SHORT
                else link.variant.ends_possessive
            )
            possessive = _POSSESSIVE.search(run[-1].text) is not None and not owned
            longer = i + n if possessive else _runs_on(text, tokens, whole, i + n)
            if longer > i + n:
                # "Adobe Systems Holdings Incorporated": a known name's words opening a longer
                # name are not that name; the whole is a name the gate must find.
                mentions.append(_mention(text, tokens[i:longer], known=False))
                i = longer
                continue
            mentions.append(_known(text, run, link, possessive=possessive))
            i += n
            continue
        token = tokens[i]
        lowered = _lower_formed_name_end(text, tokens, i)
        if lowered is not None and not any(k in links for k in range(i, lowered)):
            # "soliciting zorblax industries, inc.'s employees": a name in lower case that
            # its comma and legal form mark as one, known or not (the gate decides)
            mentions.append(_mention(text, tokens[i:lowered], known=False))
            i = lowered
            continue
        # a never-a-name word ("American", "United", "National") opens a name only where the
        # knowledge base knows one of several words that opens with it and the words after it
        # ("American Water" of American Water Works Company, Inc.): then it is that name's word
        several = _opens_several(text, tokens, i, index)
        if (
            _is_capitalised(token)
            and (_name_word(token, start=True) or (several and _name_word(token, start=False)))
            and not _is_closed(token, closed)
        ):
            j = _written_name_end(text, tokens, i, ctx)
            k = _side_by_side(text, tokens, i, j, index)
            if k is not None:
                # "the Halcyon Northgate MSA": two parties' names before the agreement's type,
                # read as "the Halcyon-Northgate MSA" is
                mentions.append(_mention(text, tokens[i:k], known=False, joined=True))
                mentions.append(_mention(text, tokens[k:j], known=False, joined=True))
            else:
                mentions.append(_unknown(text, tokens[i:j], index))
            i = j
            continue
        if (
            index is not None
            and (not _ordinary(token) or (several and not _ordinary(tokens[i + 1])))
            # a closed phrase's word ("R&D": the "D" a known name opens with) is none
            and not _is_closed(token, closed)
            and index.opens_name(token.spellings)
        ):
            # A known name's opening words in lower case ("halcyon's msa with northgate"):
            # a name where a party is named; elsewhere, the question's words.
            j = i + 1
            while (
                j < len(tokens)
                and _one_name(text, tokens, i, j + 1, left=True)
                and not _POSSESSIVE.search(tokens[j - 1].text)
                and index.opens_with(spellings[i : j + 1])
            ):
                j += 1
            # "deep sqstems" where "deep systems" is known: the opening words run on with
            # words of no legal English the name does not have, another name for the gate
            j = max(j, _missed_run_end(tokens, i, j, index))
            # "granted to the receiving party": a contract role's words in lower case are the
            # role, though a known name opens with them
            if _names_a_party(text, tokens[i:j]) and not opens_a_role([t.key for t in tokens[i:j]]):
                mentions.append(_mention(text, tokens[i:j], known=False))
                i = j
                continue
        i += 1
    return mentions


@dataclass(frozen=True)
class _Scan:
    """What `find_mentions` knows of a question while it reads a name's words: the known
    names by first word (short names left out), the linker, closed phrases' spans, and the
    pairs of names written joined, and whether the text is a list of parties (`listed`)."""

    whole: dict[int, Link]
    index: NameLinker | None
    closed: list[tuple[int, int]]
    pairs: dict[int, int]
    listed: bool = False


def _written_name_end(text: str, tokens: Sequence[QuestionToken], i: int, ctx: _Scan) -> int:
    """Where a name written in capitalised words from token `i` ends: its capitalised
    words, hyphens and connectors ("Bank of America"), up to punctuation, a legal form that
    ends it, a closed word, a known name of its own or a pair of names."""
    j = i + 1
    while j < len(tokens):
        nxt = tokens[j]
        gap = text[tokens[j - 1].end : nxt.start]
        if j in ctx.pairs:
            break  # "... Northgate-Halcyon": a pair of names begins
        if gap in _HYPHENS:  # "Hewlett-Packard": the words of one name
            j += 1
            continue
        if gap.strip(" ,") or ("," in gap and not _is_form(nxt)):
            break
        if _POSSESSIVE.search(tokens[j - 1].text) and not _form_follows(text, tokens, j):
            # "Ingram's Amendment No. 2 ...": the name ends on its possessive, unless its
            # capitalised words run on to a legal form ("Dillard's Department Stores Inc.")
            break
        if _is_form(tokens[j - 1]) and not _is_form(nxt) and j - 1 > i:
            break  # a legal form ends a name: "SAGEM S.A. and XIMAGE" are two
        if _is_closed(nxt, ctx.closed):
            break
        if _is_capitalised(nxt) and _name_word(nxt, start=False):
            if j in ctx.whole:
                break
            j += 1
        elif (
            nxt.text.lower() in _CONNECTORS
            and j + 1 < len(tokens)
            and _is_capitalised(tokens[j + 1])
            and _name_word(tokens[j + 1], start=False)
            and not _is_closed(tokens[j + 1], ctx.closed)
            and not _separates(text, tokens, ctx.whole, ctx.index, i, j, listed=ctx.listed)
        ):
            j += 1
        else:
            break
    return j


# Where a question names a party (issue 33): after "of", "for", "with", "by", "between", a
# list's "and"; as the subject of an auxiliary ("Does X have ..."); before a possessive or an
# agreement's type words ("the X MSA", "the Zorblax / Northgate MSA").
PARTY_BEFORE = re.compile(
    r"(?:\b(?:(?:of|for|with|by|between|among|amongst|and|or|versus|vs\.?|to|from)(?:\s+the)?|"
    r"does|did|do|has|have|had|is|was|are|were|can|could|may|might|must|shall|should|will|"
    r"would)|[,&/-])\s*$",
    re.IGNORECASE,
)
_ABBREVIATION_WORDS = "|".join(sorted(_LEXICON.documents.get("agreement_abbreviations") or ()))
PARTY_AFTER = re.compile(
    rf"^(?:['’]s?(?!\w)|[\s/&,-]+(?:[\w&'’.,/-]+[\s/-]+){{0,6}}?"
    rf"(?:{_AGREEMENT_WORD}|{_ABBREVIATION_WORDS})\b)",
    re.IGNORECASE,
)
# the agreement named as the question's scope after a run ("... against Losses under the supply
# agreement"): words of legal English there are the question's own, never a party (a name is
# still one: "sue Tolland Grain under the supply agreement")
SCOPED_AGREEMENT_AFTER = re.compile(
    rf"^[\s,]+(?:under|pursuant\s+to|per|according\s+to)\s+(?:[\w&'’.,/-]+[\s/-]+){{0,6}}?"
    rf"(?:{_AGREEMENT_WORD}|{_ABBREVIATION_WORDS})\b",
    re.IGNORECASE,
)
# After a name in lower case, only the agreement's type right after it ("the halcyon msa",
# "northgate supply agreement"): the loose reach of PARTY_AFTER ("liability under the msa")
# would take ordinary words for names.
_TYPE_AFTER = re.compile(
    r"^\s+(?:(?:" + "|".join(sorted(map(re.escape, _LEXICON.type_words))) + r")\s+){0,4}"
    rf"(?:{_AGREEMENT_WORD}|{_ABBREVIATION_WORDS})\b",
    re.IGNORECASE,
)


def _short_name_broken(run: Sequence[QuestionToken], link: Link) -> bool:
    """Is a name's short form (its distinctive opening words, "Amazon Fulfillment" of Amazon
    Fulfillment Services, Inc.) written as no name is: a possessive inside it ("Amazon's
    fulfillment expenses": Amazon's line item) or its first word capitalised and a later one
    in lower case ("Amazon fulfillment expenses")? Then its words are a company's name and the
    question's own words, not the subsidiary's name."""
    if _possessive_inside(run, link):
        return True
    return _is_capitalised(run[0]) and any(t.text.isalpha() and t.text.islower() for t in run[1:])


def _possessive_inside(run: Sequence[QuestionToken], link: Link) -> bool:
    """Does a possessive the linked name does not write stand inside the run ("Amazon's Web
    Services" of Amazon Web Services, Inc.: Amazon's segment; "McDonald's Corporation" keeps
    its own)?"""
    if re.search(r"\w['’]s\b", link.variant.name, re.IGNORECASE):
        return False
    return any(_POSSESSIVE.search(token.text) for token in run[:-1])


def _capitalised_head(
    run: Sequence[QuestionToken], link: Link, index: NameLinker | None
) -> Link | None:
    """The other known name a run's capitalised opening words write, where the run (linked
    to `link`) ends in words written in lower case ("Best Buy stores", linked to Best Buy
    Stores, L.P.: Best Buy Co., Inc.); None where the run ends capitalised or the opening words
    name no other entity ("Rolls-Royce Holdings plc": "plc" is its own legal form)."""
    if index is None or len(run) < 2 or not _is_capitalised(run[0]):
        return None
    m = len(run)
    while m > 1 and run[m - 1].text.isalpha() and run[m - 1].text.islower():
        m -= 1
    if m == len(run):
        return None
    head = index.links([t.key for t in run[:m]]).get(0)
    if (
        head is None
        or head.length != m
        or head.variant.kind is VariantKind.SHORT
        or head.variant.name == link.variant.name
    ):
        return None
    return head


# Where a name the knowledge base holds is read in lower case besides ("Tell me about jane
# smith"; vocabulary.yaml known_name_openers).
_KNOWN_NAME_AFTER = re.compile(
    r"\b(?:" + "|".join(sorted(map(re.escape, _LEXICON.known_name_openers))) + r")\s*$",
    re.IGNORECASE,
)


def _in_lower_case(text: str) -> bool:
    """Is `text` written in lower case, its first letter aside (a sentence's capital)?"""
    letters = [c for c in text if c.isalpha()]
    return not any(c.isupper() for c in letters[1:])


def _names_explain_the_rest(tokens: Sequence[QuestionToken], links: Mapping[int, Link]) -> bool:
    """Do the known names written whole (`_whole_name`) explain every word of an all-lower-case
    question that legal English and the question's own words do not: then its names are those
    ("brantley & sons audit rights quarry hill mills"). A word of no legal English left over
    ("brantley & sons audit rights tolland grain") may be a name the knowledge base does not
    know, which no capital marks: the question is read as before (a name only where a party is
    named), never answered for the known name alone."""
    covered: set[int] = set()
    for i, link in links.items():
        if _whole_name(link, tokens[i : i + link.length]):
            covered.update(range(i, i + link.length))
    if not covered:
        return False
    return all(
        i in covered
        or not any(c.isalpha() for c in t.key)
        or t.key in known_words()
        or t.key in _ORDINARY
        for i, t in enumerate(tokens)
    )


def _whole_name(link: Link, run: Sequence[QuestionToken]) -> bool:
    """Is `run` a known name written whole (in full, without its legal form, or joined: never
    a short name, initials or a surname), of two words or more, or of one that legal English
    does not write ("northgate", never "mills")?"""
    return link.variant.kind in (VariantKind.FULL, VariantKind.BARE, VariantKind.JOINED) and (
        len(run) >= 2 or run[0].key not in known_words()
    )


def _names_a_party(text: str, run: Sequence[QuestionToken], *, known: bool = False) -> bool:
    """Does a run of words in lower case stand where a party is named (or, for a name the
    knowledge base holds, `known`, where a known name is read and ends the question: "about
    jane smith?")?"""
    return (
        PARTY_BEFORE.search(text[: run[0].start]) is not None
        or (
            known
            and _KNOWN_NAME_AFTER.search(text[: run[0].start]) is not None
            # the whole of what follows: "about acme quux robotics" names no known name
            and not text[run[-1].end :].strip(" .?!")
        )
        or _POSSESSIVE.search(run[-1].text) is not None
        or _TYPE_AFTER.match(text[run[-1].end :]) is not None
    )


# Words a question uses in lower case that are never a name there, even where a name of the
# knowledge base opens with them ("united", "bank", "notice", "term").
_ORDINARY = ORDINARY


def _ordinary(token: QuestionToken) -> bool:
    word = token.spellings[-1]
    return word in _ORDINARY or is_closed_word(token.text) or is_generic_term(word)


# What joins two names into a pair ("Acme-Beta supply agreement", "the Acme / Beta MSA").
_PAIR_JOINERS = _HYPHENS | {"/"}
_PAIR_REACH = 8  # words a side may have ("Babcock and Wilcox Enterprises, Inc.")


def _joined_pairs(
    text: str, tokens: Sequence[QuestionToken], index: NameLinker | None
) -> dict[int, int]:
    """Start token -> end token of each side of two names written joined by a hyphen, a slash
    or a spaced "&" ("Halcyon-Brightline NDA", "Northgate & Halcyon"), where each side opens
    a name the knowledge base knows and the two together open none: "Coca-Cola", "Johnson &
    Johnson", "Procter & Gamble" and a tight "A&B" the knowledge base knows whole stay one
    name; the same words on both sides are one name too."""
    if index is None:
        return {}
    spellings = [t.spellings for t in tokens]
    out: dict[int, int] = {}
    for c in range(1, len(tokens)):
        gap = text[tokens[c - 1].end : tokens[c].start]
        if gap.strip() in _PAIR_JOINERS and gap.strip():
            left_end, right = c, c
        elif (
            tokens[c].text == "&"
            and c + 1 < len(tokens)
            and gap.isspace()
            and text[tokens[c].end : tokens[c + 1].start].isspace()
        ):
            left_end, right = c, c + 1
        else:
            continue
        left = next(
            (
                s
                for s in range(max(0, left_end - _PAIR_REACH), left_end)
                if _one_name(text, tokens, s, left_end, left=True)
                and index.opens_with(spellings[s:left_end])
            ),
            None,
        )
        right_end = next(
            (
                e
                for e in range(min(len(tokens), right + _PAIR_REACH), right, -1)
                if _one_name(text, tokens, right, e, left=False)
                and index.opens_with(spellings[right:e])
            ),
            None,
        )
        # only one side of a hyphen or a slash (not a spaced "&": "Johnson & Marsh"), and only
        # a pair written before more of the question ("... Sponsorship Agreement"): a text
        # that ends with the pair is a name's words tried joined ("Halcyon-Acme")
        tight = right == left_end
        if tight and left is None and right_end is not None and right_end < len(tokens):
            # "the Zorblax-GAINSCO Sponsorship Agreement": one side a known name, the other
            # a name the knowledge base does not know, still a party (the gate refuses it)
            left = _unknown_side(text, tokens, left_end, index, forward=False)
        elif tight and right_end is None and left is not None:
            end = _unknown_side(text, tokens, right, index, forward=True)
            right_end = end if end is not None and end < len(tokens) else None
        if right_end is not None and right_end < len(tokens):
            # "the Smaaash-I-qM Franchise Agreement" where I-AM Capital is known: the right
            # side's known opening ("I") runs on, hyphened, with a word its name does not have
            # ("qM"): the side is that other name (the gate refuses it), never the opening
            strange = right_end
            while strange < len(tokens) and _hyphen_between(text, tokens, strange):
                if not _unknown_word(tokens[strange], index, short=True):
                    break
                strange += 1
            right_end = strange if strange < len(tokens) else right_end
        if left is not None and _known_across(tokens, left, right, index):
            # "Johnson & Johnson and Northgate": a name the knowledge base knows whole runs
            # over the joiner; its sides are no two names, whatever words follow it
            continue
        if (
            left is None
            or right_end is None
            or not _pair_side(tokens[left:left_end], index)
            or not _pair_side(tokens[right:right_end], index)
            or [s[0] for s in spellings[left:left_end]]
            == [s[0] for s in spellings[right:right_end]]
            or index.opens_with(spellings[left:right_end])
        ):
            continue
        while (
            right_end < len(tokens)
            and _is_form(tokens[right_end])
            and text[tokens[right_end - 1].end : tokens[right_end].start].strip() == ","
            and index.opens_with(spellings[right : right_end + 1])
        ):
            # "Acme & Keel Street Partners, Inc.": the known name's legal form after its comma
            # is the side's ("FEDERATED ADVISORY Limited Power", "Boxlot CO-BRANDING" are not)
            right_end += 1
        out.setdefault(left, left_end)
        out[right] = right_end
    return out


def _known_across(
    tokens: Sequence[QuestionToken], left: int, right: int, index: NameLinker
) -> bool:
    """Does a known name, whole (no short name), start at word `left` and run on to word
    `right` or beyond ("Johnson & Johnson", "Procter & Gamble")?"""
    link = index.links([t.key for t in tokens[left:]]).get(0)
    return (
        link is not None
        and link.variant.kind is not VariantKind.SHORT
        and left + link.length > right
    )


def _unknown_word(token: QuestionToken, index: NameLinker, *, short: bool = False) -> bool:
    """Can a word be a name the knowledge base does not know, written joined to a known one:
    no word of legal English nor of an agreement's type, no question, closed or never-a-name
    word, no legal form, opening no known name; capitalised, or in lower case a word of four
    letters or more ("zorblax"; "co-branding", "non-compete" are words). `short`: the word is
    hyphened to a name's word ("I-qM"), where a word of any length and case is the name's."""
    word = token.spellings[-1]
    written = _POSSESSIVE.sub("", token.text)
    return (
        (
            written[:1].isupper()
            or (written.isalpha() and written.islower() and len(written) > 3)
            or (short and written.isalnum())
        )
        and word not in known_words()
        and word not in _TYPE_WORDS
        and word not in _QUESTION_WORDS
        and word not in _NEVER
        and word not in _ORDINARY
        and not _is_form(token)
        and not is_closed_word(token.text)
        and not is_generic_term(word)
        and not index.opens_name(token.spellings)
    )


def _strange_run_end(text: str, tokens: Sequence[QuestionToken], j: int, index: NameLinker) -> int:
    """Where the words from token `j` that go on a name written before it end, as words of
    a name the knowledge base does not know (`_unknown_word`: no legal English, no word of
    questions or types, opening no known name; "sqstems" after "deep" of deep systems, the
    "qM" of "I-qM" after "I" of I-AM Capital): one space or hyphen apart, nothing else
    between; `j` where none does."""
    while (
        0 < j < len(tokens)
        and (text[tokens[j - 1].end : tokens[j].start] == " " or _hyphen_between(text, tokens, j))
        and not _POSSESSIVE.search(tokens[j - 1].text)
        and _unknown_word(tokens[j], index, short=_hyphen_between(text, tokens, j))
    ):
        j += 1
    return j


def _missed_run_end(tokens: Sequence[QuestionToken], i: int, j: int, index: NameLinker) -> int:
    """Where the words from token `j` end that go on the known name's opening words
    `tokens[i:j]` with a near miss of its next words ("sqstems" after "deep" of deep systems:
    a letter changed); `j` where none does ("Northgate uncapped": no name goes on so)."""
    opening = [t.spellings[-1] for t in tokens[i:j]]
    after = [t.spellings[-1] for t in tokens[j : j + 3]]
    return j + index.misses_continuation(opening, after) if after else j


def runs_on_strange(text: str, index: NameLinker | None) -> bool:
    """Do the words of `text` (a party as a title writes it, "I-qM", "T-Moqile") open a
    name the knowledge base knows and then run on, hyphened, with words of a name it does not
    know (`_strange_run_end`), so that they write another name?"""
    tokens = question_tokens(text)
    if index is None or len(tokens) < 2:
        return False
    spellings = [t.spellings for t in tokens]
    k = next((k for k in range(len(tokens) - 1, 0, -1) if index.opens_with(spellings[:k])), 0)
    return (
        k > 0 and _hyphen_between(text, tokens, k) and _strange_run_end(text, tokens, k, index) > k
    )


def _hyphen_between(text: str, tokens: Sequence[QuestionToken], j: int) -> bool:
    return text[tokens[j - 1].end : tokens[j].start] in _HYPHENS


def _unknown_side(
    text: str,
    tokens: Sequence[QuestionToken],
    at: int,
    index: NameLinker,
    *,
    forward: bool,
) -> int | None:
    """The far end of the side of a joined pair that is a name the knowledge base does not
    know, beside the joiner at token `at` (`forward`: the side after it, whose first token is
    `at`; else the side before it, whose last token is `at` - 1): its words that can be such
    a name (`_unknown_word`) and the capitalised never-a-name words among them ("Bank",
    "American"), one space or hyphen apart, as far as the last of the former ("Zorblax-GAINSCO",
    "Acme/Bank Quillmere"); None where there is none of the former."""
    step = 1 if forward else -1
    k = at if forward else at - 1
    end = None
    while 0 <= k < len(tokens):
        token = tokens[k]
        unknown = _unknown_word(token, index)
        if not unknown and not (
            _is_capitalised(token)
            and token.spellings[-1] in _NEVER
            and token.spellings[-1] not in _QUESTION_WORDS
        ):
            break
        if k != (at if forward else at - 1):
            a, b = (tokens[k - 1], token) if forward else (token, tokens[k + 1])
            if not (text[a.end : b.start] == " " or text[a.end : b.start] in _HYPHENS):
                break
        if unknown:
            end = k + 1 if forward else k
        k += step
    return end


_TYPE_WORDS = _LEXICON.type_words | frozenset(_ABBREVIATION_WORDS.split("|"))


# how many words a known name opening with a never-a-name word may run to in a question
_WHOLE_REACH = 8


# An agreement's type after a run of names: its type words, then the agreement word.
_BEFORE_AGREEMENT = re.compile(rf"^[\s,]*(?:[\w&/-]+\s+){{0,4}}?{_AGREEMENT_WORD}\b", re.IGNORECASE)


def _side_by_side(
    text: str, tokens: Sequence[QuestionToken], i: int, j: int, index: NameLinker | None
) -> int | None:
    """Where a run of capitalised words (tokens i..j) that opens no known name splits into two
    names written side by side before an agreement's type, no joiner between them ("the
    Halcyon Northgate MSA", "the Ridgeway Northgate services agreement"): each side opens a
    different known name, as each side of "Halcyon-Northgate" must. One entity's own words
    ("the Northgate Logistics MSA") open a known name whole and are not split; nor is a run
    before anything but an agreement ("Halcyon Northgate" alone names no one)."""
    if (
        index is None
        or j - i < 2
        or _BEFORE_AGREEMENT.match(text[tokens[j - 1].end :]) is None
        or not _one_name(text, tokens, i, j, left=True)
        or any(text[a.end : b.start] in _HYPHENS for a, b in itertools.pairwise(tokens[i:j]))
    ):
        return None
    spellings = [t.spellings for t in tokens]
    if index.opens_with(spellings[i:j]):
        return None
    for k in range(i + 1, j):
        if (
            index.opens_with(spellings[i:k])
            and index.opens_with(spellings[k:j])
            and _pair_side(tokens[i:k], index)
            and _pair_side(tokens[k:j], index)
            and [s[0] for s in spellings[i:k]] != [s[0] for s in spellings[k:j]]
        ):
            return k
    return None


def _opens_several(
    text: str, tokens: Sequence[QuestionToken], i: int, index: NameLinker | None
) -> bool:
    """Do token `i` and the words after it, written as one name's words and no possessive
    between them, make a whole known name of several words or an alias the knowledge base
    gives one entity ("american water" of American Water Works Company, Inc.; "United States
    Lime" of United States Lime & Minerals, Inc.)? Only a name's opening words ("the United
    States" beside United States Lime & Minerals, Inc.) are a place, not a name."""
    if index is None:
        return False
    for j in range(i + 2, min(len(tokens), i + _WHOLE_REACH) + 1):
        if not _one_name(text, tokens, i, j, left=True) or _POSSESSIVE.search(tokens[j - 2].text):
            return False
        spellings = [t.spellings for t in tokens[i:j]]
        if not index.opens_with(spellings):
            return False
        if index.names_whole(spellings):
            return True
    return False


def _one_name(
    text: str, tokens: Sequence[QuestionToken], start: int, end: int, *, left: bool
) -> bool:
    """Are tokens start..end written as one name's words (spaces or hyphens between them),
    whole words on the side away from the pair's joiner (`left`: the side before it), where
    no hyphen joins them to a word outside ("Boxlot CO-BRANDING" holds no name "Boxlot CO")?"""
    run = tokens[start:end]
    if left:
        outside = start > 0 and text[tokens[start - 1].end : tokens[start].start] in _HYPHENS
    else:
        outside = end < len(tokens) and text[tokens[end - 1].end : tokens[end].start] in _HYPHENS
    return not outside and all(
        not text[a.end : b.start].strip() or text[a.end : b.start] in _HYPHENS
        for a, b in itertools.pairwise(run)
    )


def _pair_side(run: Sequence[QuestionToken], index: NameLinker) -> bool:
    """Can `run` be one side of a pair: no question word opens it, and in lower case it is
    a whole known name ("bank of america") or opens with no ordinary word ("non-compete")?"""
    if run[0].spellings[-1] in _QUESTION_WORDS:
        return False
    return (
        any(t.text[:1].isupper() for t in run)
        or _whole(index.longest_at([t.spellings for t in run], 0), len(run))
        or not _ordinary(run[0])
    )


def _whole(link: Link | None, n: int) -> bool:
    return link is not None and link.length == n


def _separates(
    text: str,
    tokens: Sequence[QuestionToken],
    links: dict[int, Link],
    index: NameLinker | None,
    i: int,
    j: int,
    *,
    listed: bool = False,
) -> bool:
    """Does the connector at token `j`, in a name begun at token `i`, separate two names?
    A known name after it is a name of its own ("Acme and Acme Holdings, Inc."), as after a
    capitalised word. In a list of parties after "between" / "among", "and" separates two
    different words that each open a known name (the gate reads such short names), as the
    grammar splits them: "between Halcyon and Northgate"; "Johnson and Johnson('s)" stays
    one, and so does "Ernst and Young" outside such a list. `listed`: the text is such a
    list itself."""
    if index is None:
        return False
    if j + 1 in links:
        return True
    if _role_after(text, tokens, index, i, j):
        return True
    return (
        tokens[j].text.lower() == "and"
        and not set(tokens[j - 1].spellings) & set(tokens[j + 1].spellings)
        and index.opens_name(tokens[i].spellings)
        and index.opens_name(tokens[j + 1].spellings)
        and (listed or _LISTED.search(text[: tokens[i].start]) is not None)
    )


_ROLE_KEYS = frozenset(r.replace("_", " ") for r in _LEXICON.contract_roles)


def _role_after(
    text: str, tokens: Sequence[QuestionToken], index: NameLinker, i: int, j: int
) -> bool:
    """Is the connector at token `j` ("and", "&") followed by a contract role, a generic or
    a defined term that ends the words ("Northgate and Supplier", "Halcyon & Distributor"),
    after words that open a known name? The role is a party of its own, never a word of the
    name ("First Citizens Bank and Trust Company" goes on after its "Trust")."""
    k = j + 1
    if k >= len(tokens) or tokens[j].text.lower() not in ("and", "&"):
        return False
    word = tokens[k].key
    role = word in _ROLE_KEYS or is_generic_term(word) or word in index.defined_terms
    if not role or not index.opens_name(tokens[i].spellings):
        return False
    if k + 1 < len(tokens):
        after = tokens[k + 1]
        gap = text[tokens[k].end : after.start]
        if not gap.strip() and (
            _is_form(after) or (_is_capitalised(after) and _name_word(after, start=False))
        ):
            return False
    return True


def _runs_on(text: str, tokens: Sequence[QuestionToken], links: dict[int, Link], j: int) -> int:
    """Where a name that runs on past token `j` ends: capitalised name words or a legal form
    ("Amcor Packaging plc") written right after it (no comma, no topic word between), none of
    them opening a known name."""
    k = j
    while k < len(tokens):
        gap = text[tokens[k - 1].end : tokens[k].start]
        # a legal form's participle in lower case right after another form is the question's
        # word ("... Gas Company limited?"), not a second form of the name; so is one written as a
        # participle in lower case after a name's capitalised word ("Is Acme's liability to
        # Gridiron BioNutrients limited?") or, in a question written all in lower case, one
        # that ends the question ("... with gridiron bionutrients limited?"): the predicate
        written = text[tokens[k].start : tokens[k].end]
        # (an abbreviation, "pte ltd", "co ltd", is no word of the question: the name's form)
        glued = (
            written.islower()
            and written.endswith("ed")
            and (
                _is_form(tokens[k - 1])
                or not tokens[k - 1].text.islower()
                or _ends_question(text, tokens[k].end)
            )
        )
        word = (_is_form(tokens[k]) and not glued) or (
            _is_capitalised(tokens[k]) and _name_word(tokens[k], start=False)
        )
        if gap.strip() or not word:
            break
        if k in links:
            break
        k += 1
    return k


# A question that asks whether something is so ("is ... limited?"): only there is a participle
# ending it the predicate.
_BE_OPENING = re.compile(r"\s*(?:is|are|was|were|will\s+be|shall\s+be)\b", re.IGNORECASE)


def _ends_question(text: str, end: int) -> bool:
    """Does nothing but the question's closing punctuation follow `end`, in a question asking
    whether something is so? A participle there is the question's predicate ("is acme's
    liability under the contract with globex limited?"), in lower case as in any other; in
    another question it is the name's own form ("does acme have an agreement with globex
    limited?"), and "incorporated" always is."""
    return (
        _BE_OPENING.match(text) is not None
        and not text[end:].strip(" \t\n?.!\"'”")
        and not re.search(r"incorporated\W*$", text[:end], re.IGNORECASE)
    )


def _form_follows(text: str, tokens: Sequence[QuestionToken], j: int) -> bool:
    """Whether the capitalised words from token `j`, each one space from the last, end on a
    legal form: a name written with a possessive inside ("Macy's Retail Holdings, Inc.")."""
    k = j
    while k < len(tokens) and _is_capitalised(tokens[k]):
        if _is_form(tokens[k]):
            return True
        if k + 1 < len(tokens) and text[tokens[k].end : tokens[k + 1].start].strip(" ,"):
            return False
        k += 1
    return False


_LOWER_NAME_REACH = 4  # words before the form of a name in lower case ("acme data systems")
_GERUND = re.compile(r"[a-z]{3,}ing$")


def _lower_formed_name_end(text: str, tokens: Sequence[QuestionToken], i: int) -> int | None:
    """Where a name written in lower case from token `i` ends at its legal form after a comma
    ("zorblax industries, inc.", "quillmere data holdings, llc's"): the token after the form,
    where token `i` opens that name, else None. The name's words are those between the form
    and the nearest question word, name break or gerund ("from soliciting ..."), at most
    `_LOWER_NAME_REACH` of them; a word in capitals is another reading's. (A known name
    opening inside the run is that name: the caller reads it.)"""
    if not tokens[i].text[:1].islower() or not _lower_name_word(tokens[i]):
        return None
    if _GERUND.search(tokens[i].text) and i + 1 < len(tokens) and not _is_form(tokens[i + 1]):
        return None  # "from soliciting acme, inc.": the verb before the name ("boeing, co." is one)
    j = i + 1
    while j < len(tokens) and j - i <= _LOWER_NAME_REACH:
        gap = text[tokens[j - 1].end : tokens[j].start]
        if _is_form(tokens[j]) and gap.strip() == "," and tokens[j].text[:1].islower():
            if i > 0 and _lower_name_word(tokens[i - 1]) and not _GERUND.search(tokens[i - 1].text):
                return None  # the name opens before token `i`
            return j + 1
        if gap.strip() or not tokens[j].text[:1].islower() or not _lower_name_word(tokens[j]):
            return None
        j += 1
    return None


def _lower_name_word(token: QuestionToken) -> bool:
    word = token.spellings[-1]
    return (
        word.isalnum()
        and word not in _QUESTION_WORDS
        and not _is_form(token)
        and _POSSESSIVE.search(token.text) is None
    )


def _is_form(token: QuestionToken) -> bool:
    # "Inc.'s": a legal form carrying the possessive is the name's form all the same
    return token.spellings[0] in _FORMS_SPELLED or (
        _POSSESSIVE.search(token.text) is not None and token.spellings[-1] in _FORMS_SPELLED
    )


_FORMS_SPELLED = frozenset(_FORM_WORDS.values())


def _name_word(token: QuestionToken, *, start: bool) -> bool:
    """Can this capitalised word be part of a name (`start`: open one)? A never-a-name word
    ("Bank", "Inc", "York") continues a name but never opens one."""
    word = token.spellings[-1]
    return word not in _QUESTION_WORDS and not (start and word in _NEVER)


def _unknown(text: str, run: Sequence[QuestionToken], index: NameLinker | None) -> Mention:
    """A name-shaped run that matches no variant: the known name it writes with words
    reordered or left out ("Robotics Acme"), linked by the linker's word-level score, or a
    name the knowledge base does not know (the gate refuses it)."""
    mention = _mention(text, run, known=False)
    name = index.closest([t.key for t in run]) if index is not None else None
    if name is None:
        return mention
    return Mention(mention.start, mention.end, mention.text, True, linked=name)


def _known(text: str, run: Sequence[QuestionToken], link: Link, *, possessive: bool) -> Mention:
    """A known name's mention; words that are no spelling of the name the gate reads
    (initials) carry the name they were linked to."""
    mention = _mention(text, run, known=True, possessive=possessive)
    if link.variant.kind in (VariantKind.INITIALS, VariantKind.SURNAME):
        return Mention(mention.start, mention.end, mention.text, True, linked=link.variant.name)
    return mention


def _mention(
    text: str,
    run: Sequence[QuestionToken],
    *,
    known: bool,
    possessive: bool = True,
    joined: bool = False,
) -> Mention:
    start, end = run[0].start, run[-1].end
    written = text[start:end]
    if possessive:
        written = _POSSESSIVE.sub("", written)
    return Mention(start, end, written.strip(" ,"), known, joined)


# The knowledge base's names while one question is read (set by the skill around State 1):
# the grammar's name splitting consults them. A context variable, so concurrent questions of
# different knowledge bases never see each other's names.
_CURRENT: ContextVar[NameLinker | None] = ContextVar("evrag_known_names", default=None)


@contextmanager
def known_names(index: NameLinker | None) -> Iterator[None]:
    """Read questions with `index` as the knowledge base's names."""
    token = _CURRENT.set(index)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def current_names() -> NameLinker | None:
    return _CURRENT.get()


# Words that open a qualifier of the question, not a name: "... and Y for convenience".
_QUALIFIER = re.compile(
    r"^(?:for|in|on|under|regarding|about|without|upon|if|when|after|before|during|since|"
    r"until|at|as|to|from|concerning|relating|with\s+respect\s+to)\b"
)
# What a question says of a right, written after a party's name: "Baidu for convenience" is
# Baidu (the lexicon's question_qualifiers; "Jack in the box" and "Bank for International
# Settlements" are left whole).
_TRAILING_QUALIFIER = re.compile(
    rf"\s+(?:{'|'.join(_LEXICON.question_qualifiers)})\s*$", re.IGNORECASE
)


def _without_qualifier(piece: str) -> str:
    match = _TRAILING_QUALIFIER.search(piece)
    return piece[: match.start()] if match is not None and match.start() > 0 else piece


def split_known_names(text: str, index: NameLinker, split: Callable[[str], list[str]]) -> list[str]:
    """Names in a list of names ("A, B and C"): the knowledge base's names as whole names,
    the text between them split by `split` (the grammar's splitter); a piece that opens with
    a lower-case qualifier word ("for convenience") is no name and is dropped, and what the
    question says of a right after a name ("Baidu for convenience") is no part of it."""
    # (two names written joined, "halcyon & northgate", are two names whatever their case)
    known = [m for m in find_mentions(text, index, listed=True) if m.known or m.joined]
    if not known:
        return [n for n in (_without_qualifier(p) for p in split(text)) if n]
    out: list[str] = []
    cursor = 0
    for m in [*known, None]:
        segment = text[cursor : m.start if m is not None else len(text)]
        for piece in split(segment):
            # A qualifier ("for convenience") or a determiner left before a known name
            # ("The" of "The ARC Group, Inc.") is no name.
            # (and an "&" left beside a known name: "Northgate Gas & the Transporter")
            piece = _without_qualifier(piece).strip(" &")
            if (
                out
                and _only_a_legal_form(piece)
                and re.match(rf"\s*,?\s*{re.escape(piece)}(?!\w)", segment)
            ):
                # "columbia laboratories, ltd.": the known name's own legal form, right after
                # it ("PFS and PC" are two names, whatever PC may abbreviate)
                out[-1] = f"{out[-1]}, {piece}"
                continue
            if piece and not _QUALIFIER.match(piece) and piece.lower() not in ("the", "a", "an"):
                out.append(piece)
        if m is not None:
            out.append(m.name)
            cursor = m.end
    return out


def _only_a_legal_form(piece: str) -> bool:
    """Is `piece` a legal form alone ("ltd.", "Inc.", "GmbH")?"""
    return bool(piece) and bool(legal_form("x " + piece)) and not base_key("x " + piece).strip("x ")


__all__ = [
    "NEVER_NAMES",
    "PARTY_AFTER",
    "PARTY_BEFORE",
    "SCOPED_AGREEMENT_AFTER",
    "Mention",
    "current_names",
    "find_mentions",
    "is_closed_word",
    "known_names",
    "names_a_known",
    "opens_a_known_name",
    "placeholder_in",
    "split_known_names",
]
