"""An agreement as a question names it: "the master services agreement between X and Y",
"X's NDA with Y", "the MSA", "the First Amendment to the Supply Agreement" read as its type,
the parties named and an amendment.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from domain import entity_key, known_words, lexicon
from skill._alternation import alternation
from skill._mentions import current_names, find_mentions, opens_a_known_name
from skill._question_names import _is_legal_form, clean_name, split_names
from skill._subject import _AGREEMENT_WORD, _DETERMINERS, document_type_of, role_of
from skill.linking import question_tokens

# Words that name a kind of agreement in a question (vocabulary.yaml documents.type_words).
_TYPE_VOCABULARY = lexicon().type_words
# Words linking a topic to its agreement ("... under the NDA"; vocabulary.yaml).
_TOPIC_LINKS = lexicon().agreement_topic_links
# Words that join names in a list: a piece that holds one is split there, not side by side.
_PAIR_CONNECTORS = frozenset({"and", "&", "or"})


# An amendment's number after the word (vocabulary.yaml amendment_number_words): "no. 3",
# "number 4", "#2", "no. three", or bare ("amendment 3", "amendment three"; bare digits are
# one or two, so a year is no number).
_NUMBER_WORDS = alternation(lexicon().amendment_number_words)
_AMENDMENT_NUMBER = (
    rf"(?:(?:no\.?|number)\s*#?\s*|#\s*)(?:\d+|(?:{_NUMBER_WORDS})\b)"
    rf"|\d{{1,2}}(?![\w.])|(?:{_NUMBER_WORDS})\b"
)
# "the First Amendment to the Supply Agreement", "Amendment No. 3 of the lease": the
# amendment's words (a word may stand before it: its ordinal, "the Acme amendment"), the
# agreement it amends after "to"/"of".
_AMENDMENT = re.compile(
    rf"^(?:the\s+)?(?P<amendment>(?:\w+\s+)?amendment(?:\s+(?:{_AMENDMENT_NUMBER}))?)"
    r"\s+(?:to|of)\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
# An amendment's own words opening a type written without "to" ("the amendment no. 3 supply
# agreement", "the second amendment license agreement", "the amendment 3 lease"): its number
# or ordinal (vocabulary.yaml amendment_ordinals) is no name, nor a word of the type.
_ORDINALS = lexicon().amendment_ordinals
_AMENDMENT_HEAD = re.compile(
    rf"(?:(?:{alternation(_ORDINALS)})\s+)?amendment"
    rf"(?:\s+(?:{_AMENDMENT_NUMBER}))?",
    re.IGNORECASE,
)
# An amendment's number where a question or a title writes one: after the word, or its
# ordinal before it.
_NUMBERED_AMENDMENT = re.compile(
    rf"\bamendment\s+(?P<number>{_AMENDMENT_NUMBER})|\b(?P<nth>{alternation(_ORDINALS)})\s+amendment\b",
    re.IGNORECASE,
)


# An amendment's own words where a question writes them ("Is the Amendment No. 3 to the supply
# agreement ...", "the 2nd amendment to ...", "Amendment no.three"), and the words that link
# them to the agreement they amend right after ("to the", "of the", or none: "the amendment
# no. 3 supply agreement").
_AMENDMENT_WORDS = re.compile(rf"(?<![\w-]){_AMENDMENT_HEAD.pattern}(?![\w-])", re.IGNORECASE)
_AMENDS = re.compile(r"\s+(?:(?:to|of)\s+)?(?:the\s+)?$", re.IGNORECASE)
_ONE_NAMED = re.compile(r"(?:\b(?:the|this|that)|['’]s?)\s+$", re.IGNORECASE)


def amendment_before(text: str, start: int) -> tuple[int, str] | None:
    """(where it starts, its words) of the amendment `text` names right before the agreement
    phrase at `start` ("the Amendment No. 3 to [the supply agreement]", "the second amendment
    [nda]"); None where no amendment's words stand there."""
    for m in _AMENDMENT_WORDS.finditer(text, 0, start):
        if not _AMENDS.fullmatch(text, m.end(), start):
            continue
        if amendment_number(m.group(0)) is not None or _ONE_NAMED.search(text, 0, m.start()):
            # an unnumbered amendment is one only where the question names one ("the
            # amendment to the MSA", "Acme's amendment to ..."), never "any amendment of"
            return m.start(), " ".join(m.group(0).split())
    return None


def amendment_named(
    text: str, start: int, end: int, names: Iterable[tuple[int, int]] = ()
) -> tuple[int, str] | None:
    """(where it starts, its words) of the amendment `text` names for the agreement whose
    phrase is text[start:end]: right before it ("the Amendment No. 3 to the supply
    agreement"), right after it ("the supply agreement amendment no. 2", "the lease between
    A and B amendment no. 2"), or numbered and apart from it only by the parties' names
    (`names`, their spans: "the second amendment to the Acme / Beta supply agreement"); None
    where it names none. A numbered amendment anywhere else is what the question asks about
    the agreement ("Does the supply agreement require a second amendment ...?", "... mention
    the third amendment?") or another agreement's ("... superseded by Amendment No. 2 to the
    NDA"), never the agreement asked about."""
    before = amendment_before(text, start)
    if before is not None:
        return before
    spans = list(names)
    numbered = {
        amendment_number(m.group(0)): m
        for m in _AMENDMENT_WORDS.finditer(text)
        if amendment_number(m.group(0)) is not None
        and not start <= m.start() < end
        and _amends_the_agreement(text, m.span(), (start, end), spans)
    }
    if len(numbered) != 1:
        return None
    m = next(iter(numbered.values()))
    return m.start(), " ".join(m.group(0).split())


# What stands between an amendment's words and the agreement's phrase where the amendment is
# the agreement's: before it, "to"/"of" and the parties' names ("the second amendment to the
# Acme / Beta supply agreement"); after it, nothing or the parties it links ("the lease
# between A and B amendment no. 2").
_AMENDS_NAMES = re.compile(
    r"\s+(?:to|of)\s+(?:the\s+)?(?P<names>.*?)\s*", re.IGNORECASE | re.DOTALL
)
_LINKS_NAMES = re.compile(
    r"\s*(?:(?:by\s+and\s+)?(?:between|among|amongst|with)\s+(?P<names>.*?))?\s*",
    re.IGNORECASE | re.DOTALL,
)
# What joins names and nothing else ("A / B", "A and B", "A, B & C").
_NAME_JOINERS = re.compile(r"(?:[\s,/&\-\u2013]|\band\b)*", re.IGNORECASE)


def _amends_the_agreement(
    text: str, amendment: tuple[int, int], agreement: tuple[int, int], names: list[tuple[int, int]]
) -> bool:
    """Is the amendment at `amendment` the agreement's at `agreement`: apart from it only by
    "to the" and the parties' names before it, or by the parties it links after it?"""
    if amendment[1] <= agreement[0]:
        m = _AMENDS_NAMES.fullmatch(text, amendment[1], agreement[0])
    elif amendment[0] >= agreement[1]:
        m = _LINKS_NAMES.fullmatch(text, agreement[1], amendment[0])
    else:
        return False
    if m is None:
        return False
    if m.group("names") is None or not m.group("names").strip():
        return True
    a, b = m.span("names")
    rest = list(text[a:b])
    for s, e in names:
        for i in range(max(s, a), min(e, b)):
            rest[i - a] = " "
    # only names and what joins them, and at least one name
    return "".join(rest) != text[a:b] and _NAME_JOINERS.fullmatch("".join(rest)) is not None


def amendment_opening(phrase: str) -> tuple[str, str] | None:
    """(the amendment's words, the agreement's) of a phrase that opens with an amendment's own
    words and no "to" ("Amendment No. 1 Manufacturing Agreement", "Second Amendment Supply
    Agreement"); None where it opens with none."""
    words = phrase.split()
    head = _amendment_head(words)
    if head == 0 or head == len(words):
        return None
    return " ".join(words[:head]), " ".join(words[head:])


# "..., as amended by the Second Amendment, ...", "as amended by Amendment No. 2", "as
# amended": the agreement as amended (vocabulary.yaml question_as_amended), and what amends it
# (an amendment's words, or anything up to a comma).
_AS_AMENDED = re.compile(
    rf",?\s*\b(?:{alternation(lexicon().question_as_amended)})\b"
    r"(?:\s+(?:by|through|pursuant\s+to)\s+"
    rf"(?:[^,?;]*?\b(?:amendments?|supplements?|addend(?:um|a))\b(?:\s+(?:{_AMENDMENT_NUMBER}))?"
    r"|[^,?;]*(?=,)))?\s*,?",
    re.IGNORECASE,
)


def without_as_amended(text: str) -> str:
    """`text` without the words that ask of an agreement as amended ("Is the lease between A
    and B, as amended by the 2nd Amendment, governed by Delaware law?" -> "Is the lease between
    A and B governed by Delaware law?"): the agreement is asked about, read with its
    amendments; none of them is the subject."""
    out = _AS_AMENDED.sub(" ", text)
    return re.sub(r"\s+([?.!])", r"\1", " ".join(out.split())) if out != text else text


def amendment_alone(text: str) -> str | None:
    """The words of a numbered amendment that `text` is all of ("Amendment No. 2", "the
    second amendment"): a subject put before a question ("Amendment No. 2: what is the
    governing law of the lease between A and B?"); None where `text` is more or other."""
    words = " ".join(text.split())
    words = re.sub(r"^the\s+", "", words, flags=re.IGNORECASE)
    if _AMENDMENT_WORDS.fullmatch(words) is None or amendment_number(words) is None:
        return None
    return words


def numbered_amendments(text: str) -> list[tuple[int, int]]:
    """The spans of the amendments `text` numbers ("Amendment No. 3", "2nd amendment",
    "amendment #2"): an amendment's number is never a name."""
    return [m.span() for m in _AMENDMENT_WORDS.finditer(text) if amendment_number(m.group(0))]


def amendment_number(text: str) -> int | None:
    """The number of the amendment `text` names ("Amendment No. 3", "amendment 3", "amendment
    number three", "the Sixth Amendment to ..."), None where it names no number."""
    m = _NUMBERED_AMENDMENT.search(text)
    if m is None:
        return None
    if m.group("nth"):
        return _ORDINALS[m.group("nth").lower()]
    digits = re.search(r"\d+", m.group("number"))
    if digits is not None:
        return int(digits.group(0))
    # the number's word, glued to "no." or "#" or not ("no.three", "#two", "number three")
    word = re.search(r"[a-z]+$", m.group("number").lower())
    return _NUMBER_VALUES.get(word.group(0)) if word is not None else None


# The agreement words that name no kind by themselves ("agreement", "contracts").
_GENERAL_AGREEMENT = alternation(lexicon().general_agreement_words)
_NUMBER_VALUES = lexicon().amendment_number_words
# the agreement word a number follows ("license agreement number 12965"), and a type running
# on to its last agreement word ("loan agreement", "license and supply agreement")
_GENERAL_AT = re.compile(rf"(?:{_GENERAL_AGREEMENT})(?=\s)", re.IGNORECASE)
_MORE_TYPE = re.compile(
    rf"^(?P<more>(?:(?:and|&)\s+)?(?:\w+\s+){{0,3}}?(?:{_GENERAL_AGREEMENT}))\b(?P<rest>.*)$",
    re.IGNORECASE,
)
# The agreement words that name a type by themselves (vocabulary.yaml agreement_words less
# "agreement(s)" and "contract(s)": "msa", "nda", "loan", "lease").
_NAMED_TYPE = re.compile(
    "|".join(w for w in lexicon().agreement_words if w not in lexicon().general_agreement_words),
    re.IGNORECASE,
)
_GENERIC_LINK = r"(?:between|among|amongst|with|involving|by|of|for|from|to)"
# The instrument's own designation a title writes after its agreement word, with its number in
# digits, words or Roman numerals ("Endorsement Agreement Addendum I", "... Agreement Amendment
# No. 1"; vocabulary.yaml title_designations): the title's words, no party's name.
_DESIGNATION = re.compile(
    rf"^(?:{alternation(lexicon().title_designations)})\s+"
    rf"(?:{_AMENDMENT_NUMBER}|[ivxlc]{{1,6}}(?![\w.]))",
    re.IGNORECASE,
)
_NAME_QUALIFIER = re.compile(
    r"^(?:\((?:[^()]*\b(?:amend\w*|restat\w*|version|revised|form|draft|\d{4})\b[^()]*)\)"
    r"|(?:(?:contract|agreement|reference|ref\.?)\s+)?(?:identification|id|no\.?|number|#)"
    r"\s*(?:no\.?\s*)?[:#]?\s*[A-Z0-9][\w\-/.]*\d[\w\-/.]*)(?=\s|,|$)",
    re.IGNORECASE,
)
# The Title-Cased second half of a compound title, up to the words that name the parties.
_TITLE_CONTINUATION = re.compile(
    r"^(?i:and|&)\s+(?P<title>[A-Z][\w\-'’]*(?:\s+(?:[A-Z][\w\-'’]*|of|the|to|for|on|in|and))"
    r"{0,7})(?=\s+(?:between|among|amongst|with|by\s+and\s+between)\b)"
)


def _strip_qualifier(rest: str) -> str:
    """`rest` without a qualifier at its start; a parenthesis with a legal form names a party
    ("(Acme 2019 Holdings Inc.)") and stays."""
    m = _NAME_QUALIFIER.match(rest)
    if m is None or any(_is_legal_form(w.strip("(),")) for w in m.group(0).split()):
        return rest.strip(" ,")
    return rest[m.end() :].strip(" ,")


@dataclass(frozen=True)
class AgreementRef:
    """An agreement as a question names it: its type, the parties named, an amendment."""

    document_type: str | None
    parties: list[str]
    amendment: str | None = None
    # Parties named by their role at the first named party ("with its CFO" -> ["cfo"]).
    party_roles: tuple[str, ...] = ()


# A dash written between spaces ("turn - key", "turn – key").
_DASHES = frozenset({"-", "\u2010", "\u2011", "\u2013", "\u2014"})


def _split_modifier(
    words: list[str], titled: bool, named_type: bool = False
) -> tuple[list[str], list[str]]:
    """(party-name words, type words) of the words before an agreement's type keyword.
    `named_type`: the keyword names a type by itself ("msa", "nda", "loan"), so a word before
    it that is no type word is a party's, in any case ("the zephyr msa")."""
    named = _known_lower_words(words)
    k = len(words)
    while k > 0:
        word = words[k - 1]
        bare = word.lower().strip(",")
        if word in _DASHES and k > 1 and words[k - 2][:1].islower() and k - 2 not in named:
            # "the turn - key manufacturing agreement": a dash between a type's lower-case
            # words joins them, as "turn-key" does; between names it joins a pair
            k -= 1
            continue
        if k - 1 in named or (named_type and bare not in _TYPE_VOCABULARY):
            # "the halcyon msa", "the keystone loan agreement": a name of the knowledge base
            # written in lower case is its party's, not a word of the type.
            break
        if word[:1].islower() or (bare in _TYPE_VOCABULARY and (titled or word[:1].isupper())):
            # "Northgate Logistics supply agreement": capitalised words before a lower-case
            # type are a name, even when a word of the name could be a type word.
            if (
                word[:1].isupper()
                and not titled
                and bare in _TYPE_VOCABULARY
                and any(w[:1].islower() for w in words[k:])
            ):
                break
            k -= 1
            continue
        break
    return words[:k], words[k:]


def _amendment_head(words: list[str]) -> int:
    """How many of the opening `words` are an amendment's own ("amendment no. 3", "second
    amendment", "amendment #2", "amendment 3"), repeated or not; 0 when they open none."""
    at = 0
    while at < len(words):
        # the longest run of words from `at` that is one amendment's head (at most five:
        # "second amendment no. # 3")
        n = next(
            (
                n
                for n in range(min(len(words) - at, 5), 0, -1)
                if _AMENDMENT_HEAD.fullmatch(" ".join(words[at : at + n]))
            ),
            0,
        )
        if n == 0:
            break
        at += n
    return at


def _known_lower_words(words: list[str]) -> set[int]:
    """The positions of `words` inside a name the knowledge base knows (a short name among
    them: "halcyon"), written in lower case and not all type words (read while its names are
    known)."""
    index = current_names()
    if index is None or not words:
        return set()
    text = " ".join(words)
    starts, at = [], 0
    for word in words:
        starts.append(at)
        at += len(word) + 1
    tokens = question_tokens(text)
    out: set[int] = set()
    # a word that opens several known names ("halcyon": Halcyon Robotics, Halcyon Field
    # Services) is linked to none of them, yet is a party's name, never a type word; a word
    # written with a hyphen is one word, all of it opening a name or none ("co-branding" is
    # no opening of Co-Diagnostics, Inc.)
    for i, s in enumerate(starts):
        parts = [t for t in tokens if s <= t.start < s + len(words[i])]
        if (
            parts
            and parts[0].start == s
            and words[i].islower()
            and parts[0].text not in _TYPE_VOCABULARY
            and index.opens_with([t.spellings for t in parts])
        ):
            out.add(i)
    for link in index.links([t.spellings[-1] for t in tokens]).values():
        span = tokens[link.start : link.start + link.length]
        begin, end = span[0].start, span[-1].end
        covered = {i for i, s in enumerate(starts) if begin <= s < end}
        if text[begin:end].islower() and not all(
            words[i].lower().strip(",") in _TYPE_VOCABULARY for i in covered
        ):
            out |= covered
    return out


def _closes_a_known_title(words: list[str]) -> bool:
    """Are `words` (an agreement word last) all the closing words of a title the knowledge
    base holds (read while its names are known)?"""
    index = current_names()
    if index is None:
        return False
    keys = [t.key for t in question_tokens(" ".join(words))]
    return bool(keys) and index.title_end(keys) == len(keys)


def _known_name(name: str) -> str:
    """`name` as the knowledge base names it where it writes one known name whole by its
    initials or surname ("IBM" for International Business Machines Corporation), else as
    written (read while its names are known): an owner's initials are read as a listed
    party's are."""
    index = current_names()
    if index is None:
        return name
    found = [m for m in find_mentions(name, index) if m.known]
    if len(found) == 1 and found[0].start == 0 and found[0].end == len(name):
        # only a name the gate cannot read as written (initials, a surname): any other
        # spelling ("Stremick's" of Stremick's Heritage Foods) the gate resolves itself
        return found[0].linked or name
    return name


def _side_by_side(piece: str) -> list[str] | None:
    """The two names of `piece` where it writes two known names side by side, no joiner
    between them ("the Halcyon Northgate MSA", "the brightline halcyon nda"): read as the
    same words joined by a hyphen would be (each side opens a different known name, the
    whole opens none), so one entity's own words ("the Northgate Logistics MSA", "the
    Keystone Commerce Bank loan") stay its name. None where no split reads so (read while
    the knowledge base's names are known)."""
    index = current_names()
    words = piece.split()
    if index is None or len(words) < 2 or any(w.lower() in _PAIR_CONNECTORS for w in words):
        return None
    for k in range(1, len(words)):
        joined = f"{' '.join(words[:k])}-{' '.join(words[k:])}"
        found = [m for m in find_mentions(joined, index) if m.joined]
        if len(found) == 2 and found[0].start == 0 and found[1].end == len(joined):
            return [" ".join(words[:k]), " ".join(words[k:])]
    return None


def _joined_pair(ref: str) -> tuple[list[str], str] | None:
    """(the names, the words after them) where an agreement's reference opens with two names
    written joined ("Halcyon-Brightline NDA", "CNET/Cyberian Promotion Agreement"), each the
    opening words of a name the knowledge base knows (read while its names are known)."""
    index = current_names()
    if index is None:
        return None
    joined = [m for m in find_mentions(ref, index) if m.joined]
    if not joined or ref[: joined[0].start].strip():
        return None
    return [m.text for m in joined], ref[joined[-1].end :].strip()


def _topic_of_agreement(type_phrase: str) -> bool:
    """Whether the phrase names a topic of an agreement ("confidentiality obligation under the
    Globex MSA", "warranty period of this NDA"): lower-case words, then a link word and a
    determiner before the agreement. Such a phrase refers to the topic, not the agreement:
    its words are no party's name, and the agreement's own attributes are not what is asked."""
    words = type_phrase.split()
    for i, word in enumerate(words[1:-1], start=1):
        if (
            word.lower() in _TOPIC_LINKS
            and _DETERMINERS.match(" ".join(words[i + 1 :])) is not None
            and all(w.islower() for w in words[:i])
            # "the security agreement under the credit agreement": an agreement, not a topic
            and re.search(rf"\b{_AGREEMENT_WORD}\b", " ".join(words[:i]), re.IGNORECASE) is None
        ):
            return True
    return False


def _owner(ref: str) -> tuple[str, str] | None:
    """(the owner, the words after its possessive) of "X's <agreement>": the first "'s" that
    is no word of a known name written across it ("Stremick's Heritage Foods's Amendment", "People's
    Government of Fenyi County's Cooperation Agreement": the name writes its own "'s"; read while
    the knowledge base's names are known), or None where none stands there."""
    index = current_names()
    inside = (
        [(m.start, m.end) for m in find_mentions(ref, index) if m.known]
        if index is not None
        else []
    )
    for mark in re.finditer(r"['’]s?\s+", ref):
        if mark.start() == 0:
            continue
        if any(a < mark.start() and mark.end() < b for a, b in inside):
            continue  # the name's own "'s": its words go on after it
        return ref[: mark.start()], ref[mark.end() :]
    return None


def parse_agreement(text: str) -> AgreementRef | None:
    """The agreement a phrase refers to, or None when `text` does not refer to an agreement."""
    ref = " ".join(text.split()).strip(" ,?")
    parties: list[str] = []
    amendment = None
    owner = _owner(ref)
    if owner and re.search(_AGREEMENT_WORD, owner[1], re.IGNORECASE):
        if not re.fullmatch(r"(?:its|their|his|her)", owner[0], re.IGNORECASE):
            parties.append(_known_name(clean_name(owner[0])))
        ref = owner[1]
    pair = _joined_pair(_DETERMINERS.sub("", ref))
    if pair is not None:
        # "the CNET/Cyberian Promotion Agreement", "the Ingram/NETGEAR Amendment #2 To ...":
        # two parties' names written joined, then the agreement's own words (a titled
        # keyword would take the names for title words).
        parties.extend(pair[0])
        ref = pair[1]
    amended = _AMENDMENT.match(ref)
    if amended:
        amendment = " ".join(amended.group("amendment").split())
        ref = amended.group("rest")
    ref = _DETERMINERS.sub("", ref)
    match = re.match(rf"^(?P<type>.*?\b{_AGREEMENT_WORD})(?P<rest>(?:\s.*)?)$", ref, re.IGNORECASE)
    if match is None:
        return None
    rest = match.group("rest").strip(" ,")
    type_phrase = match.group("type")
    designation = _DESIGNATION.match(rest)
    if designation is not None:
        rest = rest[designation.end() :].strip(" ,")
    # A qualifier after the name names no party: "(2014 Amendment)", "(as amended)",
    # "Contract Identification FT-77", "Ref. No. 2021/4".
    stripped = _strip_qualifier(rest)
    numbered = _GENERAL_AT.match(rest) if stripped != rest else None
    if numbered is not None and type_phrase.split()[-1][:1].islower():
        # "the content license agreement number 12965": the agreement word the number
        # follows closes the type ("license" alone is a type of its own, and the lower-case
        # word before it would be read as a name's); a title-cased one is read as a title
        type_phrase = f"{type_phrase} {numbered.group(0)}"
    rest = stripped
    # "loan agreement", "license and supply agreement": the type runs to the last type word.
    more = _MORE_TYPE.match(rest)
    if more is not None and not re.search(
        rf"\b{_GENERIC_LINK}\b", more.group("more"), re.IGNORECASE
    ):
        type_phrase = f"{type_phrase} {more.group('more')}"
        rest = more.group("rest").strip(" ,")
    # "Term Sheet for the Loan Agreement between A and B": the agreement an instrument is for
    # names no party (unless a legal form makes its words a name).
    serves = re.match(
        rf"^(?:for|of|under|to)\s+(?:the\s+|an?\s+)?(?:(?!{_GENERIC_LINK}\b)[\w\-'’]+\s+){{0,5}}"
        rf"{_AGREEMENT_WORD}(?=[\s,]|$)",
        rest,
        re.IGNORECASE,
    )
    if serves is not None and not any(
        _is_legal_form(w.strip(","))
        for w in [*serves.group(0).split(), *rest[serves.end() :].strip(" ,").split()[:1]]
    ):
        rest = rest[serves.end() :].strip(" ,")
    if type_phrase.split()[-1][:1].isupper():
        # A two-part title: "Supply Agreement and Right of First Refusal between A and B";
        # a second half with a legal form is a party ("Supply Agreement and Acme Inc with").
        second = _TITLE_CONTINUATION.match(rest)
        if second is not None and not any(
            _is_legal_form(w.strip(",")) for w in second.group("title").split()
        ):
            rest = rest[second.end("title") :].strip(" ,")
    rest = _strip_qualifier(rest)
    # "termination of the MSA": the words before " of " are not part of the agreement's type.
    type_phrase = re.sub(
        r"^.*?\b(?:termination|expiry|expiration|renewal|breach|execution|signing|term)\s+of\s+"
        r"(?:the\s+)?",
        "",
        type_phrase,
        flags=re.IGNORECASE,
    )
    if _topic_of_agreement(type_phrase):
        return None
    linked: list[str] = []
    roles: list[str] = []
    if rest:
        rest = re.sub(
            r"^(?:dated|effective)\s+(?:as\s+of\s+)?[^,]*?(?=\s+(?:between|among|with|by)\b|$)",
            "",
            rest,
            flags=re.IGNORECASE,
        ).strip(" ,")
        link = re.match(
            r"^(?:(?:entered\s+into|signed|executed|made)\s+)?(?:by\s+and\s+)?"
            rf"{_GENERIC_LINK}\s+(?P<names>.+)$",
            rest,
            re.IGNORECASE,
        )
        if link is None:
            return None
        linked = split_names(link.group("names"))
        kept = []
        for n in linked:
            by_role = re.fullmatch(r"(?:its|their)\s+(?P<role>.+)", n, re.IGNORECASE)
            if by_role is None:
                if not re.fullmatch(r"(?:his|her)\s+\w+", n, re.IGNORECASE):
                    kept.append(n)
                continue
            role = role_of(by_role.group("role"))
            if role is None:
                return None  # "with its partner": a party we cannot identify
            roles.append(role)
        linked = kept
    # The keyword is the whole instrument ("Power of Attorney", "Deed of Trust"): the words
    # before it are the type's or a party's.
    kw = re.search(rf"\b{_AGREEMENT_WORD}$", type_phrase, re.IGNORECASE)
    keyword = kw.group(0) if kw else type_phrase.split()[-1]
    words = type_phrase[: kw.start()].split() if kw else type_phrase.split()[:-1]
    last = keyword.split()[-1]
    keyword_titled = last[:1].isupper() and not keyword.isupper()
    # A keyword that is a type by itself ("MSA", "NDA", "loan"), not "agreement"/"contract"
    # nor an instrument whose words before it may be its type's ("limited power of attorney").
    named_type = (
        _NAMED_TYPE.fullmatch(keyword) is not None and document_type_of(keyword) is not None
    )
    head = _amendment_head(words)
    if head:
        # "the amendment no. 3 supply agreement", "the second amendment nda": the amendment's
        # own words, recorded as "the amendment no. 3 to the supply agreement" records them;
        # the type is what it amends (a name may still stand before the type: "amendment no.
        # 3 acme supply agreement")
        amendment = amendment or " ".join(words[:head])
        words = words[head:]
    modifier, type_words = _split_modifier(words, keyword_titled, named_type)
    if pair is not None:
        # after the joined names, the words before the keyword are the type's ("the
        # Acme-Beta Cobranding Agreement", though the vocabulary lacks "cobranding"); words
        # of no legal English that are a near miss of how a known name opened by the second
        # name goes on, closing no title the knowledge base holds, go on the second name
        # ("the Lucent-mPhase Teqhnologies Co-Branding Agreement" of mPhase Technologies,
        # "the Cardlytics-Bank ofqAmerica Software License" of Bank of America)
        modifier, type_words = [], words
        k = 0
        index = current_names()
        if index is not None and not _closes_a_known_title([*words, keyword]):
            while (
                k < len(words)
                and words[k].lower().strip(",") not in _TYPE_VOCABULARY
                and not any(w in known_words() for w in words[k].lower().strip(",").split("-"))
                and not opens_a_known_name(words[k], index)
                and not _closes_a_known_title([*words[k:], keyword])
            ):
                k += 1
            opening = [t.key for t in question_tokens(parties[-1])]
            k = index.misses_continuation(
                opening, ["".join(t.key for t in question_tokens(w)) for w in words[:k]]
            )
        if k:
            parties[-1] = f"{parties[-1]} {' '.join(words[:k])}"
            type_words = words[k:]
    if modifier and linked and (keyword_titled or _closes_a_known_title([*words, keyword])):
        # "Strategic Alliance Agreement between A and B": a title, its words are the type;
        # so are the words of a title the knowledge base holds, in any case ("the operations
        # and maintenance agreement between a and b", though a known name is "Operations").
        modifier, type_words = [], words
    document_type = document_type_of(" ".join([*type_words, keyword]))
    if modifier:
        for piece in re.split(r"\s*[/–]\s*|(?<=[a-z])-(?=[A-Z])", " ".join(modifier)):
            parties.extend(_side_by_side(piece) or split_names(piece))
    parties.extend(linked)
    # Names repeated verbatim are dropped; names that only share a key are kept: "The
    # Babcock and Wilcox Company and Babcock and Wilcox Enterprises" splits into "The
    # Babcock", ..., "Babcock", ..., and the gate joins the pieces again by the KB's names.
    seen: set[str] = set()
    unique = []
    for party in parties:
        key = " ".join(party.lower().split())
        if entity_key(party) and key not in seen:
            seen.add(key)
            unique.append(party)
    return AgreementRef(document_type, unique, amendment, tuple(roles))
