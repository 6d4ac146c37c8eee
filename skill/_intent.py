"""State 1 for questions the grammar does not read: subjects from the knowledge base, the
intent from the lexicon, and a topic question when no intent fits.

`read_open_question` finds the names of a question by what the knowledge base knows
(`_mentions`), the agreement it refers to ("the NDA", "the loan agreement", "the Supply
Agreement"), and what it asks, the intent:

1. the lexicon's question phrases of every attribute (domain/lexicon/attributes.yaml),
   searched in the rest of the question (names and agreement phrase left out), the longest
   phrase winning (ties: file order);
2. else the embedding model's similarity between the rest of the question and each clause
   attribute's description (its retrieval cue), over a threshold (descriptions embedded once
   per process and embedder);
3. else a topic question (attribute "topic"): the subject's best passages answer it.

A question is rejected only when it names no subject at all, or uses a pronoun for one.
`refine_intent` lets a clause topic the grammar's reading missed ("Can X terminate the MSA
for convenience?": termination for convenience, not any termination right) take over.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from domain import (
    base_key,
    concept_phrase_spans,
    entity_key,
    heads_line_item,
    is_generic_term,
    known_words,
    lexicon,
    line_item_span,
)
from skill._agreement_ref import (
    _AMENDMENT,
    _NAME_QUALIFIER,
    _TITLE_CONTINUATION,
    _TYPE_VOCABULARY,
    _closes_a_known_title,
    amendment_before,
    amendment_named,
    amendment_number,
    amendment_opening,
    numbered_amendments,
    parse_agreement,
)
from skill._alternation import alternation
from skill._errors import SubjectClassError
from skill._evidence import NOTICE_PURPOSE
from skill._mentions import (
    NEVER_NAMES,
    PARTY_AFTER,
    PARTY_BEFORE,
    SCOPED_AGREEMENT_AFTER,
    Mention,
    find_mentions,
    is_closed_word,
    names_a_known,
    opens_a_known_name,
    placeholder_in,
    runs_on_strange,
)
from skill._per_embedder import PerEmbedder
from skill._question_names import _is_legal_form, _split_names
from skill._subject import (
    _AGREEMENT_WORD,
    _DETERMINERS,
    QuestionKind,
    SubjectClass,
    document_type_of,
)
from skill.linking import POSSESSIVE, NameLinker, question_tokens

TOPIC = "topic"

_LEXICON = lexicon()
# (compiled phrase, attribute, subject) in lexicon file order.
_PHRASES: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(rf"(?<![\w-])(?:{pattern})(?![\w-])", re.IGNORECASE), entry.name, subject)
    for entry in _LEXICON.attributes
    for subject, pattern in entry.question_patterns.items()
    if subject in ("agreement", "entity")
)
# What must not stand right before an attribute's phrase for it to be what is asked (its
# `qualified_after` words), by attribute; a plural phrase in the possessive never asks it.
_QUALIFIED_AFTER: dict[str, re.Pattern[str]] = {
    entry.name: re.compile(rf"(?<![\w-])(?:{'|'.join(entry.qualified_after)})\s+$", re.IGNORECASE)
    for entry in _LEXICON.attributes
    if entry.qualified_after
}


def _qualifies(text: str, match: re.Match[str], attribute: str) -> bool:
    """Whether the phrase `match` of `attribute` qualifies something else in `text` ("shared
    between the parties", "the parties' successors") rather than being what is asked."""
    if match.group(0)[-1:].lower() == "s" and text[match.end() : match.end() + 1] in ("'", "’"):
        return True
    lead = _QUALIFIED_AFTER.get(attribute)
    return lead is not None and lead.search(text, 0, match.start()) is not None


# Clause topics: free-text agreement attributes answered by the sentence that states them,
# found by their relevance cues over their threshold (attributes.yaml), with no code of their
# own; "termination_right" and "assignment" have cues too, and extractors of their own.
CLAUSE_TOPICS: frozenset[str] = frozenset(
    a.name
    for a in _LEXICON.attributes
    if a.value_kind == "free_text"
    and "agreement" in a.subjects
    and a.relevance_cues
    and a.threshold is not None
)
_AGREEMENT_ATTRIBUTES = frozenset(a.name for a in _LEXICON.attributes if "agreement" in a.subjects)
# Attributes answered by a passage rather than a value: a clause topic may refine them.
_PASSAGE_ATTRIBUTES = frozenset(
    a.name for a in _LEXICON.attributes if a.value_kind in ("free_text", "text")
)
_ENTITY_ATTRIBUTES = frozenset(a.name for a in _LEXICON.attributes if "entity" in a.subjects)
_PERSON_ATTRIBUTES = frozenset(a.name for a in _LEXICON.attributes if "person" in a.subjects)
ENTITY_ATTRIBUTES = _ENTITY_ATTRIBUTES  # what a question may ask of an entity
# Attributes the embedding may pick: those with a description and no binding of their own,
# asked of agreements (the intent of an open question about a contract).
_DESCRIBED = tuple(
    (a.name, a.retrieval_cue)
    for a in _LEXICON.attributes
    if a.retrieval_cue and "agreement" in a.subjects and a.name not in ("obligations", "parties")
)
# Cosine similarity an intent's description must reach (MiniLM, question less its names).
EMBEDDING_THRESHOLD = 0.55

# why a question that names nobody is refused (a defined role alone is read by the skill)
NO_SUBJECT = "it names no subject: no entity, person or agreement of the knowledge base"
# why a question that names nobody but by a pronoun is refused ("May it disclose ...?")
PRONOUN_ONLY = (
    "it refers to an entity by a pronoun without naming it; name the entity "
    "(each question is read on its own)"
)
_PRONOUN = re.compile(r"\b(?:it|its|they|them|their|he|him|his|she|her)\b", re.IGNORECASE)
# A yes/no question that asks whether a clause is there at all ("Does the MSA contain a
# non-compete clause?", "Is there a change of control provision in ...?"), not what it says
# ("Is consent required to assign ...?", "Does the MSA have a non-compete longer than two
# years?", "Does Acme have the right to terminate ...?"): the thing asked after the verb is
# the topic's own phrase, with at most a clause word and an article.
_EXISTENCE = (
    re.compile(
        r"^(?:does|do|did)\s+(?P<agr>.+?)\s+(?:contain|include|have|provide\s+for)\s+"
        r"(?P<topic>.+?)\s*\?*$",
        re.IGNORECASE,
    ),
    re.compile(
        r"^(?:is|are)\s+there\s+(?P<topic>.+?)\s+(?:in|under|within)\s+(?P<agr>.+?)\s*\?*$",
        re.IGNORECASE,
    ),
)
# (besides the topic's own words: an article, or a word naming a clause)
_EXISTENCE_FILLER = frozenset({"a", "an", "any", "the"}) | _LEXICON.clause_nouns
_NOT_EXISTENCE = re.compile(r"\b(?:not|no|never|without)\b|\d|[$€£¥]", re.IGNORECASE)


def asks_existence(question: str, subject: SubjectClass) -> bool:
    """Does the question ask only whether its clause topic is in the agreement? Never for a
    party's right ("Does Acme have ..."), a negation, a figure, or anything said of the
    clause beyond its name."""
    topic = str(subject.constraints.get("topic") or "")
    if (
        subject.attribute not in CLAUSE_TOPICS
        or not subject.constraints.get("yes_no")
        or subject.constraints.get("party")
        or not topic
    ):
        return False
    text = " ".join(question.split())
    if _NOT_EXISTENCE.search(text):
        return False
    allowed = set(re.findall(r"[a-z]+", topic.lower())) | _EXISTENCE_FILLER
    for pattern in _EXISTENCE:
        match = pattern.match(text)
        if match is not None:
            asked = re.findall(r"[a-z]+", match.group("topic").lower())
            return bool(asked) and set(asked) <= allowed
    return False


_YES_NO = re.compile(
    r"^(?:is|are|was|were|does|do|did|has|have|had|can|could|may|might|must|shall|should|will"
    r"|would)\b",
    re.IGNORECASE,
)
_AGREEMENT_PHRASE = re.compile(rf"\b(?:{_AGREEMENT_WORD})(?![\w-])", re.IGNORECASE)
# Type words and an agreement word after an agreement word: the same agreement's type ("loan
# and security agreement"); `words` are those between (type words of the lexicon, or "and").
_MORE_TYPE_WORDS = re.compile(
    rf"\s+(?P<words>(?:(?:and|&)\s+)?(?:[\w-]+\s+){{0,3}}?)(?:{_AGREEMENT_WORD})(?![\w-])",
    re.IGNORECASE,
)
# Agreement words that are abbreviations ("MSA"; vocabulary.yaml, documents).
_ABBREVIATIONS = frozenset(_LEXICON.documents.get("agreement_abbreviations") or ())
# "In agreement with the statement of income": no agreement (vocabulary.yaml, documents).
_IDIOMS = re.compile(r"\b(?:" + "|".join(_LEXICON.agreement_idioms) + r")\b", re.IGNORECASE)
_DETERMINER = re.compile(r"^(?:the|this|that|its|their|his|her|an?|any|such|each)$", re.IGNORECASE)
# A type word a claim's verb conveys ("grant ... no license"), or that is the verb itself
# ("lease the premises"), names no agreement (vocabulary.yaml, documents: conveying_verbs).
_CONVEYING_VERBS = frozenset(w.lower() for w in _LEXICON.documents.get("conveying_verbs") or ())
_CONVEYED_WINDOW = int(_LEXICON.documents.get("conveyed_window") or 0)
_CONVEYED_OPENERS = frozenset(w.lower() for w in _LEXICON.documents.get("conveyed_openers") or ())
_VERB_OBJECT_OPENERS = frozenset(
    w.lower() for w in _LEXICON.documents.get("verb_object_openers") or ()
)
_VERB_COMPLEMENT_OPENERS = frozenset(
    w.lower() for w in _LEXICON.documents.get("verb_complement_openers") or ()
)
_GENERAL_AGREEMENT_WORDS = frozenset(
    w.lower() for w in _LEXICON.documents.get("general_agreement_words") or ()
)
_CLAUSE_BREAK = re.compile(r"[,;:?!()]")


@dataclass(frozen=True)
class Intent:
    attribute: str  # a lexicon attribute, or TOPIC
    how: str  # "lexicon" | "embedding" | "topic"
    score: float
    phrase: str = ""


def lexicon_intent(text: str, subjects: Sequence[str] = ("agreement", "entity")) -> Intent | None:
    """The attribute whose question phrase covers the most of `text` (ties: file order)."""
    best: tuple[int, int, str, str] | None = None
    for order, (pattern, attribute, subject) in enumerate(_PHRASES):
        if subject not in subjects:
            continue
        for match in pattern.finditer(text):
            if _qualifies(text, match, attribute):
                continue
            length = match.end() - match.start()
            if length and (best is None or (-length, order) < (-best[0], best[1])):
                best = (length, order, attribute, match.group(0))
    if best is None:
        return None
    return Intent(best[2], "lexicon", 1.0, best[3])


# Each described attribute's embedding, computed once per process and embedder (the skill's
# query memo, where the descriptions, being attribute cues, are pinned at warm-up).
IntentEmbeddings: PerEmbedder[list[tuple[str, list[float]]]] = PerEmbedder(
    lambda embedder: [(name, _unit(embedder.embed_query(text))) for name, text in _DESCRIBED]
)


def _unit(vector: Sequence[float]) -> list[float]:
    norm = math.sqrt(sum(x * x for x in vector)) or 1.0
    return [x / norm for x in vector]


def embedding_intent(vector: Sequence[float], embedder: Any) -> Intent | None:
    """The described attribute nearest to the question's vector, over the threshold."""
    q = _unit(vector)
    scored = sorted(
        (
            (sum(a * b for a, b in zip(q, v, strict=True)), name)
            for name, v in IntentEmbeddings.of(embedder)
        ),
        key=lambda sn: (-sn[0], sn[1]),
    )
    if scored and scored[0][0] >= EMBEDDING_THRESHOLD:
        return Intent(scored[0][1], "embedding", round(scored[0][0], 4))
    return None


@dataclass(frozen=True)
class OpenReading:
    """What `read_open_question` found: the subject class, and the text searched for a topic."""

    subject: SubjectClass
    rest: str


def _phrase_span(text: str, names: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """Where the lexicon's phrase of what is asked stands in the question, names left out."""
    intent = lexicon_intent(_blank(text, names))
    if intent is None or not intent.phrase:
        return None
    for m in re.finditer(re.escape(intent.phrase), text, re.IGNORECASE):
        if not any(a < m.end() and m.start() < b for a, b in names):
            return m.span()
    return None


def _agreement_phrase(
    text: str,
    mentions: Sequence[Mention],
    asked: tuple[int, int] | None = None,
    index: NameLinker | None = None,
) -> tuple[int, int, str] | None:
    """(start, end, phrase) of the first reference to an agreement, with its type words; a
    type word inside what is asked (`asked`: "license" in "What license is granted under the
    agreement ...") is passed over when another reference follows or precedes it. Words that
    close a title the knowledge base holds (`index`) are the title's, however many."""
    taken = [(m.start, m.end) for m in mentions] + [m.span() for m in _IDIOMS.finditer(text)]
    # a title in lower case is one where its parties are named around it ("the operations
    # and maintenance agreement between a and b")
    titles = {**_listed_titles(text, index), **_known_titles(text, index)}
    for match in _AGREEMENT_PHRASE.finditer(text):
        if any(a <= match.start() < b for a, b in taken):
            continue
        if any(a <= match.start() and match.end() < b for a, b in titles.values()):
            continue  # "License" of "Software License, Customization and ... Agreement"
        if asked is not None and match.start() < asked[1] and asked[0] < match.end():
            continue
        if re.match(r"s?\s", text[match.end() :]) and heads_line_item(
            text[match.end() :].lstrip("s"), text[: match.start()]
        ):
            continue  # "operating lease liabilities": a line item's words, no agreement
        if _claims_object(text, match):
            continue  # "Does Company grant you no license ...?": what is granted, no agreement
        start = match.start()
        words = list(re.finditer(r"[\w-]+", text[:start]))
        k = len(words)
        used = 0
        # a type written in lower case ("its Brightline manufacturing agreement") is not a
        # title: a capitalised word before it is a name, not one of its words; before an
        # abbreviation ("the Halcyon and Northgate MSA", "the Apollo Software MSA") every
        # capitalised word is a name's
        word = match.group(0)
        lower_type = word[:1].islower()
        abbreviation = word.lower() in _ABBREVIATIONS
        titled = titles[match.start()][0] if match.start() in titles else None
        while k > 0 and used < 4:
            w = words[k - 1].group(0)
            if any(a <= words[k - 1].start() < b for a, b in taken):
                break
            if titled is not None and words[k - 1].start() >= titled:
                k -= 1  # a word of a known title ("Licensing And Web Site Hosting"): no count
                continue
            if (abbreviation and w[:1].isupper()) or (
                lower_type and w[:1].isupper() and w.lower() not in _TYPE_VOCABULARY
            ):
                break
            if w.lower() in _TYPE_VOCABULARY or (w[:1].isupper() and not _DETERMINER.match(w)):
                k -= 1
                used += 1
                continue
            break
        if k < len(words):
            start = words[k].start()
        if k > 0 and _DETERMINER.match(words[k - 1].group(0)):
            start = words[k - 1].start()
        end = match.end()
        if not (lower_type or abbreviation):
            joined = [(m.start, m.end) for m in mentions if m.joined]
            title = _title_extent(text, match.start(), match.end(), taken, joined)
            if title is not None:
                start, end = title
        more = _MORE_TYPE_WORDS.match(text, end)
        if more is not None and all(
            w.lower() in _TYPE_VOCABULARY or w == "&" for w in more.group("words").split()
        ):
            # "the loan and security agreement", "its loan agreement": the type runs on to its
            # last agreement word, none of them what is asked; the phrase read for the type
            # takes them where they name the same type ("loan" and "loan and security
            # agreement" are one), else it keeps its own
            phrase = text[start : more.end()]
            if document_type_of(phrase) == document_type_of(text[start:end]):
                return start, more.end(), phrase
            return start, more.end(), text[start:end]
        return start, end, text[start:end]
    return None if asked is None else _agreement_phrase(text, mentions, index=index)


def _claims_object(text: str, match: re.Match[str]) -> bool:
    """Is the type word `match` ("license", "lease", "loan", "guarantee") what a claim's verb
    conveys ("Does Company grant you no license ...?", "No licence is granted?") or the verb
    itself ("Does Acme lease the premises?"), not a noun naming an agreement? Never where an
    agreement word follows it ("the license agreement"), a definite determiner or an owner
    stands right before it ("the licence", "under the lease", "Acme's loan"), or it closes a
    capitalised title ("Software License")."""
    word = match.group(0)
    if word.lower() in _GENERAL_AGREEMENT_WORDS or word.lower() in _ABBREVIATIONS:
        return False
    more = _MORE_TYPE_WORDS.match(text, match.end())
    if more is not None and all(
        w.lower() in _TYPE_VOCABULARY or w == "&" for w in more.group("words").split()
    ):
        return False
    before = list(re.finditer(r"[\w'’-]+|[,;:?!()]", text[: match.start()]))
    after = list(re.finditer(r"[\w'’-]+|[,;:?!()]", text[match.end() :]))
    prev = before[-1].group(0) if before else ""
    if re.search(r"['’]s?$", prev) or (
        _DETERMINER.match(prev) and prev.lower() not in _CONVEYED_OPENERS
    ):
        return False
    if word[:1].isupper() and prev[:1].isupper() and not _DETERMINER.match(prev):
        return False
    for w in reversed(before[-_CONVEYED_WINDOW - 1 :]):
        token = w.group(0)
        if _CLAUSE_BREAK.fullmatch(token) or _AGREEMENT_PHRASE.fullmatch(token):
            break
        if token.lower() in _CONVEYING_VERBS:
            return True
    for w in after[:4]:
        # after it, the verb's participle only ("no license is granted"; "the software license
        # grants ..." is the agreement acting)
        token = w.group(0)
        if _CLAUSE_BREAK.fullmatch(token) or _AGREEMENT_PHRASE.fullmatch(token):
            break
        if token.lower() in _CONVEYING_VERBS and re.search(r"(?:ed|en)$", token.lower()):
            return True
    opener = after[0].group(0).lower() if after else ""
    if opener in _VERB_COMPLEMENT_OPENERS:
        return _after_auxiliary(before)
    return (
        opener in _VERB_OBJECT_OPENERS
        and not _DETERMINER.match(prev)
        and prev.lower() not in _CONVEYED_OPENERS
    )


def _after_auxiliary(before: Sequence[re.Match[str]]) -> bool:
    """Does an auxiliary or "to" stand before a type word (`before`: the words up to it) with
    no determiner, owner or clause break between ("Can Beta sell or license ...", "allowed to
    lease ...": a verb; "the software license ...", "Acme's lease ...": a noun)?"""
    later = ""  # the word after the one read (read backwards)
    for w in reversed(before[-_CONVEYED_WINDOW - 4 :]):
        token = w.group(0)
        if token == "," and _is_legal_form(later):
            continue  # "Acme Mills, Inc. sell or license ...": the name's own comma
        if (
            _CLAUSE_BREAK.fullmatch(token)
            or _DETERMINER.match(token)
            or re.search(r"['’]s?$", token)
            or token.lower() in _CONVEYED_OPENERS
        ):
            return False
        if token.lower() in _AUXILIARIES or token.lower() == "to":
            return True
        later = token
    return False


def subject_agreement_span(text: str) -> tuple[int, int] | None:
    """(start, end) of the words that name the agreement `text` asks of, as the reader finds
    them with no names known: "any Northgate MSA", "the MSA" in "Does the MSA renew
    automatically like other agreements?" (an agreement word inside what is asked is passed
    over where another names the agreement); None where it names none."""
    found = _agreement_phrase(text, [], _phrase_span(text, []))
    return None if found is None else (found[0], found[1])


def _known_titles(text: str, index: NameLinker | None) -> dict[int, tuple[int, int]]:
    """The titles the knowledge base holds that the question writes, by where their agreement
    word stands: (start, end) of the words that close such a title ("Licensing And Web Site
    Hosting Agreement", matched folded, as names are; a title's opening words may be left out
    or others added before them), each closing on a capitalised agreement word and longer
    than that word."""
    out: dict[int, tuple[int, int]] = {}
    if index is None:
        return out
    for match in _AGREEMENT_PHRASE.finditer(text):
        word = match.group(0)
        if word[:1].islower() or word.lower() in _ABBREVIATIONS:
            continue
        tokens = question_tokens(text[: match.end()])
        n = index.title_end([t.key for t in tokens])
        if n > 1:
            out[match.start()] = (tokens[-n].start, match.end())
    return out


_LISTED_AFTER = re.compile(r"\s+(?:by\s+and\s+)?(?:between|among|amongst)\s", re.IGNORECASE)
_WITH_AFTER = re.compile(r"\s+with\s", re.IGNORECASE)
_OWNER_BEFORE = re.compile(r"[\w.]['’]s?\s+$")


def _listed_titles(text: str, index: NameLinker | None) -> dict[int, tuple[int, int]]:
    """The knowledge base's titles the question writes, in any case (as `_known_titles`
    finds them, by where their agreement word stands), whose parties are named around them:
    listed after ("... Agreement between A and B"), or one owning it before and the other
    after ("A's ... Agreement with B")."""
    out: dict[int, tuple[int, int]] = {}
    if index is None:
        return out
    for match in _AGREEMENT_PHRASE.finditer(text):
        if match.group(0).lower() in _ABBREVIATIONS:
            continue
        tokens = question_tokens(text[: match.end()])
        n = index.title_end([t.key for t in tokens])
        if n < 2:
            continue
        start, end = tokens[-n].start, match.end()
        if _LISTED_AFTER.match(text, end) is not None or (
            _WITH_AFTER.match(text, end) is not None
            and _OWNER_BEFORE.search(text, 0, start) is not None
        ):
            out[match.start()] = (start, end)
    return out


# Words that join the words of a title ("Licensing And Web Site Hosting Agreement", "Amendment
# No. 3 To The Distributor Agreement", "Software License, Customization and Maintenance").
_TITLE_JOINERS = frozenset({"and", "&", "of", "to", "for", "on", "in", "the", "with"})
_TITLE_WORD = re.compile(r"[\w&#’'-]+")


def _title_extent(
    text: str,
    start: int,
    end: int,
    taken: Sequence[tuple[int, int]],
    joined: Sequence[tuple[int, int]] = (),
) -> tuple[int, int] | None:
    """(start, end) of a whole Title-Case title around the agreement word at start..end:
    back to the determiner before it through its capitalised words and the words that join
    them, and on over a second half ("... Agreement And Right Of First Offer between") or a
    qualifier ("(2014 Amendment)", "Contract Identification FT18150"). None when no
    determiner opens it (the words before may be a name: "Acme Robotics Supply Agreement").
    A pair of names written joined before it (`joined`: "the Acme-Beta Joint Venture
    Agreement") opens the title as a determiner would; the names are the parties'."""
    words = list(_TITLE_WORD.finditer(text, 0, start))
    k = len(words)
    begin = None
    while k > 0:
        m = words[k - 1]
        w = m.group(0)
        if any(a <= m.start() < b for a, b in joined):
            if k == len(words):
                return None
            begin = words[k].start()
            break
        if any(a <= m.start() < b for a, b in taken) or _is_legal_form(w.rstrip(".,")):
            return None
        if _POSSESSIVE_END.search(w):
            # "the Transporter's Transportation Service Agreement": the possessive is the
            # owner's, a party (a role, a name), and the title begins after it
            if k == len(words):
                return None
            begin = words[k].start()
            break
        if _DETERMINER.match(w) and (w[:1].islower() or k == 1 or not _title_word(words[k - 2])):
            break
        if k == 1 or not (_title_word(m) or w.lower() in _TITLE_JOINERS):
            return None
        k -= 1
    if begin is None:
        if k == 0 or k == len(words):
            return None
        begin = words[k - 1].start()
    # On to the last agreement word of the title ("the Software License, Customization and
    # Maintenance Agreement": "License" is not its end).
    gap_end = end
    for m in _TITLE_WORD.finditer(text, end):
        w = m.group(0)
        if (
            not re.fullmatch(r"[\s,]*", text[gap_end : m.start()])
            or any(a <= m.start() < b for a, b in taken)
            or _is_legal_form(w.rstrip(".,"))
            or not (_title_word(m) or w.lower() in _TITLE_JOINERS)
        ):
            break
        keyword = _AGREEMENT_PHRASE.match(text, m.start())
        if keyword is not None:
            end = keyword.end()
        gap_end = m.end()
    rest = text[end:]
    lead = len(rest) - len(rest.lstrip(" ,"))
    second = _TITLE_CONTINUATION.match(rest[lead:])
    if second is not None and not any(
        _is_legal_form(w.strip(",")) for w in second.group("title").split()
    ):
        end += lead + second.end("title")
    else:
        qualifier = _NAME_QUALIFIER.match(rest[lead:])
        if qualifier is not None and not any(
            _is_legal_form(w.strip("(),")) for w in qualifier.group(0).split()
        ):
            end += lead + qualifier.end()
    return begin, end


def _title_word(m: re.Match[str]) -> bool:
    w = m.group(0)
    return w[:1].isupper() or w[:1].isdigit() or w[:1] == "#"


# Words of a question that say how it asks, not what: left out of a topic.
_ASKING = lexicon().asking_words
# the words that introduce a party, a question's opening auxiliaries, and the words that open
# no name or are a document's (vocabulary.yaml): `_without_name_lead`, `_linked_names`
_NAME_SLOTS = lexicon().question_name_slots
_AUXILIARIES = lexicon().question_auxiliaries
_NON_NAME_LEADS = lexicon().question_non_name_leads
_DOCUMENT_WORDS = lexicon().question_document_words
# What asked of a bound person asks who the person is (vocabulary.yaml, profile_topics).
_PROFILE_TOPICS = lexicon().profile_topics
_PROFILE_VERBS = lexicon().profile_topic_verbs


def _name_tails(
    text: str, mentions: Sequence[Mention], index: NameLinker | None
) -> list[tuple[int, int]]:
    """The words written right after a party's name that are more of a known name it opens
    ("keystone bank" of Keystone Commerce Bank, N.A.): the party's words, not what is asked of
    it. A type word or any other word ends them; a possessive is the last of them."""
    if index is None:
        return []
    tokens = question_tokens(text)
    spans = []
    for m in mentions:
        inside = [t for t in tokens if m.start <= t.start < m.end]
        if not inside or POSSESSIVE.search(inside[-1].text):
            continue
        # only where the name's first word opens one known name: "amazon" opens Amazon
        # Fulfillment Services and Amazon Web Services, so "fulfillment" may be the question's
        words = index.words_after(inside[0].key)
        if index.names_opening(inside[0].key) != 1:
            continue
        end = m.end
        for t in (t for t in tokens if t.start >= m.end):
            if not text[end : t.start].isspace() or t.key not in words or t.key in _TYPE_VOCABULARY:
                break
            end = t.end
            if POSSESSIVE.search(t.text):
                break  # "keystone bank's": the name ends with its possessive
        if end > m.end:
            spans.append((m.end, end))
    return spans


_FRONTS = lexicon().question_object_fronts
_TOPIC_WORD = re.compile(r"[\w'’-]*\w[\w'’-]*")


def _without_fronted_verb(rest: str) -> str:
    """`rest` without the verb that ends an object-fronted question's clause ("What financial
    covenants must meet" -> "What financial covenants must", "What obligations does have to
    comply with" -> "... have to"): what is asked of the subject, not what it is asked
    about. Unchanged where the question fronts no words before an auxiliary."""
    words = list(_TOPIC_WORD.finditer(rest))
    if len(words) < 4 or words[0].group(0).lower() not in _FRONTS:
        return rest
    aux = next(
        (i for i, w in enumerate(words[2:], start=2) if w.group(0).lower() in _AUXILIARIES), None
    )
    if aux is None or any(w.group(0).lower() in _ASKING for w in words[1:aux]):
        return rest
    tail = words[aux + 1 :]
    while tail and tail[-1].group(0).lower() in _ASKING:
        tail = tail[:-1]  # the particles after the verb ("comply with")
    if not tail:
        return rest
    verb = tail[-1]
    return rest[: verb.start()] + rest[verb.end() :]


def topic_text(rest: str) -> str:
    """The words of what a question asks about ("What is the interest rate of between
    and" -> "interest rate")."""
    # a word has a letter or a digit: the hyphen left where a joined pair of names was
    # blanked ("the NMS-Verson ...") is no word
    words = re.findall(r"[\w'’-]*\w[\w'’-]*", rest)
    # nor the possessive's ending left where its owner was blanked ("the Recipient's staff":
    # "'s staff")
    return " ".join(
        w for w in words if w.lower() not in _ASKING and not _ORPHAN_POSSESSIVE.fullmatch(w)
    )


_ORPHAN_POSSESSIVE = re.compile(r"['’]s?")


_LINKED = re.compile(
    r"\b(?:between|among|amongst)\s+(?P<names>.+?)(?=\s+(?:for|on|in|under|regarding|about|"
    r"as\s+to|contains?|includes?|has|have|provides?|says?|states?|grants?|gives?|allows?|"
    r"requires?|imposes?|permits?|renews?|expires?|terminates?|is|are|was|were|do|does|did|"
    r"can|may|must|shall|will|would|could|should)\b|\s*[?;:]|\s*$)",
    re.IGNORECASE,
)


# "X's Supply Agreement with Y", "the MSA with Y": the party the agreement is with, up to the
# question's next word of another kind (a verb, a qualifier, a preposition).
_WITH_LINKED = re.compile(
    rf"\b{_AGREEMENT_WORD}\s+with\s+(?P<names>(?:the\s+)?(?-i:[A-Z0-9]).+?)(?=\s+(?:for|on|in|"
    r"under|regarding|about|as\s+to|without|with|upon|if|unless|after|before|within|at|to|from|"
    r"by|governed|contains?|includes?|has|have|provides?|says?|states?|grants?|gives?|allows?|"
    r"requires?|imposes?|permits?|renews?|expires?|terminates?|is|are|was|were|do|does|did|can|"
    r"may|must|shall|will|would|could|should)\b|\s*[?;:,]|\s*$)",
    re.IGNORECASE,
)


def _linked_spans(text: str, masked: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Where a question lists its parties: after "between" / "among", and the party an
    agreement is "with" where its name is capitalised."""
    found = [*_LINKED.finditer(text), *_WITH_LINKED.finditer(text)]
    return sorted(
        {m.span("names") for m in found if not any(a <= m.start("names") < b for a, b in masked)}
    )


def _linked_names(
    text: str,
    masked: Sequence[tuple[int, int]],
    mentions: Sequence[Mention],
    index: NameLinker | None = None,
) -> list[str]:
    """The names after "between" / "among" that no mention covers, split as the grammar
    splits names."""
    out: list[str] = []
    for start, end in _linked_spans(text, masked):
        cuts = sorted((m.start, m.end) for m in mentions if start <= m.start < end)
        listed = text[start:end]
        if not (
            cuts
            or re.search(r"\b[A-Z0-9]", listed)
            or _is_legal_form(listed.split()[-1])
            or names_a_known(listed, index)
        ):
            # "among operations, investing, and financing activities": words in lower case
            # with no name the knowledge base knows and no legal form list no parties.
            continue
        cursor = start
        for a, b in [*cuts, (end, end)]:
            segment = text[cursor:a]
            if cursor != start and not re.match(r"\s*(?:,|&|and\b|or\b)", segment):
                # Words right after a name ("... Inc. effective"): the question's, not a name.
                cursor = max(cursor, b)
                continue
            for name in _split_names(segment):
                words = name.lower().split()
                if len(words) == 1 and index is not None and index.opens_name(words):
                    # "between Arkansas and Associated Natural": a word that is also a place
                    # opens a name the knowledge base knows; the gate resolves the short name.
                    out.append(name)
                    continue
                # A legal form left over from a name beside it ("XIMAGE corporation"), a
                # question word, or words of which none can be a name ("between the parties
                # to the MSA": parties, to, the) are no name of their own.
                if no_name_piece(words):
                    continue
                if not all(w in NEVER_NAMES or w in _ASKING or is_closed_word(w) for w in words):
                    out.append(name)
            cursor = max(cursor, b)
    return out


def no_name_piece(words: Sequence[str]) -> bool:
    """A piece of a question's party list (its words, in lower case) that names no party:
    opened by a word that opens no name ("its affiliates", "All Amendments": vocabulary.yaml
    question_non_name_leads) or by a document word, with no legal form ("the Exhibits",
    "Exhibits and Schedules": question_document_words)."""
    rest = [w.strip(",.;:") for w in words]
    rest = rest[1:] if rest and rest[0] == "the" else rest
    if not rest:
        return False
    if rest[0] in _NON_NAME_LEADS:
        return True
    return rest[0] in _DOCUMENT_WORDS and not _is_legal_form(rest[-1])


_PIECE_JOINER = re.compile(r"\s*(?:,|&|\band\b)\s*", re.IGNORECASE)


def without_no_name_tail(party: str) -> str:
    """`party` without its pieces, from the first that names no party (`no_name_piece`) on
    ("Acme and All Amendments" -> "Acme"); "" where its first piece names none."""
    cut = start = 0
    for m in [*_PIECE_JOINER.finditer(party), None]:
        end = len(party) if m is None else m.start()
        if no_name_piece(party[start:end].lower().split()):
            return party[:cut]
        if m is not None:
            cut, start = m.start(), m.end()
    return party


def _holds_a_party(text: str, mention: Mention, *, terse: bool = False) -> bool:
    """Does a name the knowledge base does not know stand where a party is named? A
    capitalised run the knowledge base does not know is an absent subject there; elsewhere
    ("a drop in Cash & Cash equivalents", "the domestic (USA) Market") it is the question's
    words, not a name. `terse`: the question is a keyword query (`terse_query`), where a run
    holding a word of no legal English is a name wherever no preposition puts it in a place or
    a scope ("Brantley & Sons audit rights Tolland Grain"; never "exclusivity in Ecuador")."""
    if _is_legal_form(mention.text.split()[-1]) or _POSSESSIVE_END.search(
        text[mention.start : mention.end]
    ):
        return True
    before, after = text[: mention.start], text[mention.end :]
    # "with American Quillmere", "Does The Riqht Solution have": capitalised words that never
    # open a name ("American", "The") written before it are its own, and the slot before them
    # is the name's
    before = _without_name_lead(before)
    stranger = _stranger_name(mention.text)
    if PARTY_BEFORE.search(before) is not None:
        return True
    if PARTY_AFTER.match(after) is not None and (
        stranger or SCOPED_AGREEMENT_AFTER.match(after) is None
    ):
        # "... against Losses under the supply agreement": the agreement is the question's
        # scope, the words of legal English before it its own; a name there is still a party
        return True
    return stranger and (
        _OPPONENT_BEFORE.search(before) is not None
        or (terse and _PLACE_BEFORE.search(before) is None)
    )


# what sets a party against another (vocabulary.yaml question_opponent_slots: "against")
_OPPONENT_BEFORE = re.compile(
    r"(?:^|\s)(?:" + alternation(_LEXICON.question_opponent_slots) + r")(?:\s+the)?\s*$"
    if _LEXICON.question_opponent_slots
    else r"(?!)",
    re.IGNORECASE,
)
# a preposition that puts what follows in a place, a time or a scope ("in Ecuador", "for
# Zeta", "of Annex Zeta"): a terse query's run after one is no party
_PLACE_BEFORE = re.compile(
    r"\b(?:in|within|inside|outside|of|for|to|from|at|on|by|under|per|throughout|across|near|into)"
    r"(?:\s+the)?\s*$",
    re.IGNORECASE,
)
# what opens a question (an auxiliary, an asking word) or an instruction ("Summarize ..."):
# a query with none of them, and no question mark, is terse ("Brantley & Sons audit rights
# Tolland Grain")
_ASKING_OPENING = re.compile(
    r"^\W*(?:"
    + alternation(
        {
            *_LEXICON.question_auxiliaries,
            *_LEXICON.question_declared_asking,
            *_LEXICON.question_declared_commands,
        }
    )
    + r")\b",
    re.IGNORECASE,
)


def terse_query(question: str) -> bool:
    """Is the question, as written, a terse keyword query: no question mark, opened by no
    auxiliary, asking word or instruction?"""
    return "?" not in question and _ASKING_OPENING.match(question) is None


def _stranger_name(text: str) -> bool:
    """Does a capitalised run hold a word of a name no legal English writes: a capitalised
    word of letters, three or more, that `known_words` lacks ("Tolland", "Orbis"; never
    "Losses", "Claims", nor an abbreviation, "MSA", nor "FY2018")?"""
    return any(
        len(w) >= 3
        and w.isalpha()
        and w[0].isupper()
        and w[1:].islower()
        and w.lower() not in known_words()
        for w in (t.strip(".,'’()") for t in text.split())
    )


# The last word before a name, capitalised ("American" of "with American Quillmere").
_LAST_CAPITALISED = re.compile(r"(?:^|(?<=\s))(?P<word>[A-Z][\w.'’&-]*)\s+$")
_LAST_WORD = re.compile(r"(?P<word>\S+)\s*$")


def _with_name_lead(text: str, mention: Mention, masked: Sequence[tuple[int, int]]) -> Mention:
    """A name the knowledge base does not know with the capitalised never-a-name words written
    before it (`_without_name_lead`: "American Quillmere", "The Riqht Solution"), unless
    they are masked (the agreement's or what is asked)."""
    start = len(_without_name_lead(text[: mention.start]))
    if start == mention.start or any(a < mention.start and start < b for a, b in masked):
        return mention
    lead = text[start : mention.start]
    return Mention(start, mention.end, f"{lead}{mention.text}".strip(), False)


def _without_name_lead(before: str) -> str:
    """`before` without the capitalised words at its end that never open a name ("American",
    "United", "Bank": vocabulary.yaml never_names) or are a capitalised "The": a question
    writes them as the first words of the name after them ("with American Quillmere",
    "Does The Riqht Solution have ..."), so the slot before them is the name's. Only where
    the words before them introduce a party (vocabulary.yaml question_name_slots: "with",
    "between", "and"; an optional "the" between) or are the question's opening auxiliary, or
    where they open the question: after "of the" / "by the" ("the laws of the United
    Kingdom", "as of July 29") and in words written in title case ("goods For General Use")
    they are no name's. A question's opening auxiliary ("May Quillmere ...?") is never one of
    them."""
    stripped = before
    while (m := _LAST_CAPITALISED.search(stripped)) is not None:
        key = m.group("word").lower()
        if key != "the" and key not in NEVER_NAMES:
            break
        if key in _AUXILIARIES and not stripped[: m.start("word")].strip():
            break
        stripped = stripped[: m.start("word")]
    if stripped == before:
        return before
    words = stripped.lower().split()
    if words and words[-1] == "the":
        words = words[:-1]
    if not words or words[-1] in _NAME_SLOTS or (len(words) == 1 and words[0] in _AUXILIARIES):
        return stripped
    return before


_POSSESSIVE_END = re.compile(r"['’]s?$")
# "Block (formerly known as Square)": another name of the entity just named (vocabulary.yaml,
# `question_other_names`), never a second party.
_OTHER_NAME = re.compile(
    r"\b(?:" + "|".join(_LEXICON.question_other_names) + r")\s*$", re.IGNORECASE
)


def _another_name(text: str, mention: Mention) -> bool:
    return _OTHER_NAME.search(text[: mention.start]) is not None


def _within(mention: Mention, spans: Sequence[tuple[int, int]]) -> bool:
    return any(a <= mention.start and mention.end <= b for a, b in spans)


def _blank(text: str, spans: Sequence[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in spans:
        for i in range(a, b):
            chars[i] = " "
    return " ".join("".join(chars).split())


# A yes/no question's opening auxiliaries that a bare verb follows ("Does Halcyon pay ...");
# what stands before a noun, never a verb ("a salary", "its pay"), and what ends a noun
# phrase ("pay of", "pay?"; propositions.yaml question_claims)
_VERB_AUXILIARIES = _LEXICON.question_verb_auxiliaries
_NOUN_MARKERS = frozenset(_LEXICON.question_claims.get("noun_markers", ()))
_PHRASE_ENDS = frozenset(_LEXICON.question_claims.get("phrase_ends", ()))


def _named_by_the_verb(text: str, intent: Intent) -> bool:
    """Is the value attribute `intent` read only from a word a yes/no question uses as its
    verb ("Can Halcyon, as of 2024, pay dividends?": "pay", with its object after it, is the
    action asked, no salary)? A word after a noun's marker ("a salary", "Reyes's pay"), or
    ending the question or a phrase ("the pay of"), is a noun: asked; a phrase of more words
    ("base salary") is a noun's."""
    words = text.split()
    if (
        intent.attribute in _PASSAGE_ATTRIBUTES
        or not intent.phrase
        or " " in intent.phrase.strip()
        or not words
        or words[0].lower() not in _VERB_AUXILIARIES
    ):
        return False
    found = list(re.finditer(rf"(?<![\w'’-]){re.escape(intent.phrase)}(?![\w'’-])", text, re.I))
    for m in found:
        before = text[: m.start()].split()
        after = re.findall(r"[\w&'’-]+", text[m.end() :])
        last = before[-1].lower() if before else ""
        if (
            len(before) < 2
            or last in _NOUN_MARKERS
            or last.endswith(("'s", "’s", "'", "’"))
            or not after
            or after[0].lower() in _PHRASE_ENDS
        ):
            return False
    return bool(found)


def read_open_question(
    question: str,
    normalized: str,
    index: NameLinker | None,
    embed: Callable[[str], list[float]] | None = None,
    embedder: Any = None,
    *,
    scoped: bool = False,
) -> OpenReading:
    """The subject class of a question the grammar does not read (see the module doc).
    `scoped`: asked of chosen documents, a question that names no subject asks about their
    agreement."""
    blank = placeholder_in(normalized)
    # a keyword query, as written (the normalized text has lost its question mark)
    terse = terse_query(question)
    if blank is not None:
        raise SubjectClassError(
            question, f"it has a placeholder, {blank!r}, where a name should be; name the party"
        )
    # Known names before the agreement's type words are the names of its parties, not type
    # words: "the Acme / Globex master services agreement" is an MSA between two parties.
    type_words = [m.span() for m in _AGREEMENT_PHRASE.finditer(normalized)]
    # A known name written in lower case inside a financial line item's phrase ("Best Buy's
    # cash and cash equivalents": "Cash" is a product's name) is the phrase's word.
    phrases = concept_phrase_spans(normalized)
    # ... and so is one inside a line item asked by its printed name ("Adobe's
    # acquisitions, net of cash acquired": "cash"); a capitalised one stays a name
    item = line_item_span(normalized)
    lower_item = [item] if item is not None else []
    # A title the knowledge base holds, its parties listed after it ("Is the Operations And
    # Maintenance Agreement between A and B ...?"), is the title's words, though one of them
    # is a known name ("Operations, Inc."): the parties are the listed ones.
    titled = _listed_titles(normalized, index).values()
    # "Amendment No. 3", "the 2nd amendment": an amendment's number is no name
    numbered = numbered_amendments(normalized)
    known = [
        m
        for m in find_mentions(normalized, index, masked=[*type_words, *titled, *numbered])
        if (m.known or m.joined)
        and not any(a < m.end and m.start < b for a, b in type_words)
        and not _within(m, phrases)
        and not (m.text[:1].islower() and _within(m, lower_item))
    ]
    # What is asked is read outside the known names ("Insurance" in "American General Life
    # Insurance Company" asks nothing).
    names_known = [(m.start, m.end) for m in known]
    asked = _phrase_span(normalized, names_known)
    agreement = _agreement_phrase(normalized, known, asked, index)
    masked = [(agreement[0], agreement[1])] if agreement else []
    amends = amendment_before(normalized, agreement[0]) if agreement else None
    # "Is the Amendment No. 3 to the supply agreement ...": the amendment's words are the
    # agreement's reference, neither a name nor what is asked
    masked += [(amends[0], agreement[0])] if amends and agreement else []
    masked += numbered
    intent = lexicon_intent(_blank(normalized, [*masked, *names_known]))
    if intent is not None and _named_by_the_verb(
        _blank(normalized, [*masked, *names_known]), intent
    ):
        # "Does Halcyon pay dividends?": the action asked, never the value its verb names
        # (a salary); the question's words are its topic
        intent = Intent(TOPIC, "topic", 1.0)
    if intent is not None and intent.phrase:
        for m in re.finditer(re.escape(intent.phrase), normalized, re.IGNORECASE):
            if not any(a < m.end() and m.start() < b for a, b in names_known):
                masked.append((m.start(), m.end()))
                break
    found = find_mentions(normalized, index, masked=masked)
    other_names = [m.text for m in found if _another_name(normalized, m)]
    mentions = [
        m if m.known or m.joined else _with_name_lead(normalized, m, masked)
        for m in found
        if (m.known or m.joined or _holds_a_party(normalized, m, terse=terse))
        and not _another_name(normalized, m)
        and not _within(m, phrases)
        and not (m.text[:1].islower() and _within(m, lower_item))
    ]
    # "with All Amendments", "with Acme and the Exhibits": the pieces of a name the knowledge
    # base does not know from one that opens no name or a document's word on are no name's
    mentions = [
        m if m.known or m.joined else Mention(m.start, m.start + len(kept), kept, False)
        for m in mentions
        if m.known or m.joined or (kept := without_no_name_tail(m.text))
    ]
    # An agreement word inside a known name belongs to the name.
    if agreement is not None and any(
        m.start <= agreement[0] < m.end or agreement[0] <= m.start < agreement[1] for m in mentions
    ):
        agreement = _agreement_phrase(normalized, mentions, asked, index)
    names = [m.name for m in mentions]
    linked = _linked_names(normalized, masked, mentions, index)
    known_keys = {entity_key(n) for n in names}
    # Names the question links to the agreement ("between acme and umbrella corp") are names
    # even when written in lower case: never dropped, so the gate can refuse them.
    names.extend(n for n in linked if entity_key(n) and entity_key(n) not in known_keys)
    if agreement is not None:
        # "the zorblax loan", "summarize acme nda": words of no legal English written before
        # the agreement's type, in any case, name its party (refused by the gate when the
        # knowledge base knows none such), never words of what is asked
        owner = _unknown_owner(
            normalized, agreement[0], [*masked, *names_known, *((m.start, m.end) for m in mentions)]
        )
        if owner is not None:
            masked.append(owner[:2])
            if entity_key(owner[2]) not in {entity_key(n) for n in names}:
                names.append(owner[2])
    if agreement is not None:
        # "acme's supply agreement with zorblax": the words of no legal English in lower case
        # that the agreement is "with" name its party (the gate refuses those the knowledge
        # base does not know), never dropped
        spans = [*masked, *names_known, *((m.start, m.end) for m in mentions)]
        party = _with_strangers(normalized, agreement[1], spans)
        if party is not None:
            masked.append(party[:2])
            if entity_key(party[2]) and entity_key(party[2]) not in {entity_key(n) for n in names}:
                names.append(party[2])
    if index is not None:
        # "adma's amendment #3 to the manufacturing agreemen with sanqfi", "kubient's exhibit
        # 'b' with assocqated": whatever a party's possessive owns (a title the reader does
        # not take as an agreement's phrase, a type misspelled) is "with" its other party;
        # the words of no legal English in lower case there name it (the gate refuses those
        # the knowledge base does not know), never dropped
        spans = [*masked, *names_known, *((m.start, m.end) for m in mentions)]
        keys = {entity_key(n) for n in names}
        for start, end, words in _owned_with_strangers(
            normalized, [*known, *mentions], spans, index
        ):
            masked.append((start, end))
            if entity_key(words) and entity_key(words) not in keys:
                names.append(words)
                keys.add(entity_key(words))
    if agreement is None:
        # "zorblax's first amendment with bioaqber": an amendment named by its designation
        # alone (no agreement word) is the agreement's reference all the same: the words of no
        # legal English in lower case that own it or that it is "with" name its parties (the
        # gate refuses those the knowledge base does not know), never dropped
        spans = [*masked, *names_known, *((m.start, m.end) for m in mentions)]
        keys = {entity_key(n) for n in names}
        for start, end, words in _designation_parties(normalized, numbered, spans):
            masked.append((start, end))
            if entity_key(words) and entity_key(words) not in keys:
                names.append(words)
                keys.add(entity_key(words))
    if agreement is not None and index is not None:
        # "the Cardlytics-Bank ofqAmerica Software License, ... Agreement": words of no legal
        # English between a joined pair and the agreement's phrase that are a near miss of how
        # a known name its second name opens goes on are that name's (the gate judges the
        # whole name), never dropped
        # ("Cardlytics-Bank of Amerqca Software License": the near miss read as the phrase's)
        gap = _joined_pair_gap(normalized, agreement[0], found)
        if gap is not None:
            tail_of, between = gap
            ahead = _no_name_words(agreement[2].split())
            gap_keys = ["".join(t.key for t in question_tokens(w)) for w in [*between, *ahead]]
            k = (
                index.misses_continuation([t.key for t in question_tokens(tail_of.text)], gap_keys)
                if all(gap_keys)
                else 0
            )
            if k and k >= len(between):
                whole = " ".join([tail_of.text, *between, *ahead][: k + 1])
                names = [whole if n == tail_of.name else n for n in names]
    if not names and agreement is None and index is not None:
        # "Which law firm represents Northgate?": with no other subject, a capitalised word
        # that opens a known name (its short name, counted elsewhere only where a party is
        # named) is the subject wherever it stands.
        mentions = [
            m
            for m in found
            if not m.known and m.text[:1].isupper() and opens_a_known_name(m.text, index)
        ][:1]
        names = [m.name for m in mentions]
    rest = _blank(
        normalized,
        [*((m.start, m.end) for m in mentions), *masked, *_name_tails(normalized, mentions, index)],
    )
    for name in linked:
        rest = " ".join(rest.replace(name, " ").split())
    if not names and agreement is None and not scoped:
        if _PRONOUN.search(normalized):
            raise SubjectClassError(question, PRONOUN_ONLY)
        raise SubjectClassError(question, NO_SUBJECT)
    rest = topic_text(_without_fronted_verb(rest))
    if intent is None and embed is not None and rest:
        intent = embedding_intent(embed(rest), embedder)
    attribute = intent.attribute if intent is not None else TOPIC
    document_type = None
    constraints: dict[str, Any] = {}
    if agreement is not None:
        # "the Amendment No. 3 To The Distributor Agreement": the amendment is asked about,
        # and its type is the amended agreement's.
        phrase = _DETERMINERS.sub("", " ".join(agreement[2].split()))
        amended = _AMENDMENT.match(phrase)
        if amended is not None:
            constraints["amendment"] = " ".join(amended.group("amendment").split())
            phrase = amended.group("rest")
        elif (opened := amendment_opening(phrase)) is not None:
            # "Is the Amendment No. 1 Manufacturing Agreement between ...": a title that opens
            # with the amendment's words, its type the amended agreement's
            constraints["amendment"], phrase = opened
        elif (
            amends := amendment_named(
                normalized,
                agreement[0],
                agreement[1],
                [*names_known, *((m.start, m.end) for m in mentions)],
            )
        ) is not None:
            # the amendment written before the agreement's phrase ("Does the amendment #2 to
            # the supply agreement ...", "Summarize the third amendment to the lease ..."),
            # after it ("the supply agreement amendment no. 2"), or numbered and apart from it
            # only by the parties' names ("the 2nd amendment to the A / B lease"); one the
            # question asks about ("require a second amendment") is no subject
            constraints["amendment"] = amends[1]
        document_type = document_type_of(phrase)
        # "the Initech Non-Disclosure Agreement": a party's short name in the agreement's
        # title is the party's, read as the grammar reads the phrase, not a word of the type;
        # a word of legal English opens a title ("Exclusive Distribution Agreement"), even
        # where it also opens a known name ("Exclusive Resorts, LLC").
        parsed = parse_agreement(phrase)
        owners = [
            p
            for p in (parsed.parties if parsed is not None else [])
            if opens_a_known_name(p, index)
            and not any(w.strip(",.").lower() in known_words() for w in p.split())
        ]
        if parsed is not None and owners:
            document_type = parsed.document_type
            keys = {entity_key(n) for n in names}
            names.extend(p for p in owners if entity_key(p) not in keys)

        elif parsed is not None and (second := _after_joined_pair(normalized, agreement[0], found)):
            # "the Lucent-mPhase Teqhnologies Co-Branding Agreement": words of no legal English
            # right after a joined pair that are a near miss of how a known name its second
            # name opens goes on ("mPhase Technologies") go on that name, unless they close a
            # title the knowledge base holds; any other word is the type's ("the Acme-Beta
            # Teaming Agreement", though the vocabulary lacks "teaming")
            opening = [t.key for t in question_tokens(second)]
            strangers = [
                p
                for p in parsed.parties
                if not opens_a_known_name(p, index)
                and not any(w.strip(",.").lower() in known_words() for w in p.split())
                and index is not None
                and index.misses_continuation(
                    opening, ["".join(t.key for t in question_tokens(w)) for w in p.split()]
                )
                == len(p.split())
            ]
            if strangers and not _closes_a_known_title(phrase.split()):
                document_type = parsed.document_type
                names.extend(strangers)
        # "the Smaaash-I-qM Franchise Agreement", "the Elephant-T-Moqile ... Agreement": a
        # party whose words open a known name ("I" of I-AM Capital) and run on, hyphened, with
        # words that name does not have is another name, kept for the gate to refuse
        strange = [
            p
            for p in _hyphened_parties(phrase, parsed.parties if parsed is not None else [])
            if entity_key(p) not in {entity_key(n) for n in names} and runs_on_strange(p, index)
        ]
        if parsed is not None and strange:
            document_type = parsed.document_type
            names.extend(strange)
    if attribute == TOPIC:
        constraints["topic"] = rest
    elif attribute in CLAUSE_TOPICS and intent is not None:
        constraints["topic"] = intent.phrase or attribute.replace("_", " ")
    if _YES_NO.match(normalized):
        constraints["yes_no"] = True
    if attribute == "notice_period":
        # Notice asked for one purpose is answered only by notice stated for it.
        purpose = next((p for p, rx in NOTICE_PURPOSE.items() if rx.search(normalized)), None)
        if purpose is not None:
            constraints["notice_for"] = purpose
    generic = [n for n in names if is_generic_term(n)]
    if generic:
        names = [n for n in names if not is_generic_term(n)]
        # A defined role ("the Receiving Party") is a party of the agreement the question
        # names otherwise (by its type, its parties, or the documents it is asked of): the
        # claim's actor, not a name to resolve. Alone, it names nobody.
        if not (names or agreement is not None or scoped):
            raise SubjectClassError(
                question, f"it names a party by its role, {generic[0]!r}; name the party itself"
            )
    # One entity named twice ("Foot Locker's new CEO ... a company similar to Footlocker") is
    # one subject: names alike but for case and spaces count once (never two legal forms:
    # "Acme Inc." and "Acme Ltd." are two parties).
    by_key: dict[str, str] = {}
    for n in names:
        by_key.setdefault(entity_key(n).replace(" ", "") or n, n)
    unique = list(by_key.values())
    if agreement is None:
        # A bare name beside the same name with its legal form, no agreement named ("Amcor's
        # net income attributable to Amcor plc"), is that entity written twice, not a
        # second party.
        formed = {base_key(n) for n in unique if entity_key(n) != base_key(n)}
        unique = [n for n in unique if entity_key(n) != base_key(n) or base_key(n) not in formed]
    if (
        agreement is not None
        or not unique
        or len(unique) >= 2
        or attribute in _AGREEMENT_ATTRIBUTES - _ENTITY_ATTRIBUTES
    ):
        if attribute != TOPIC and attribute not in _AGREEMENT_ATTRIBUTES:
            attribute = TOPIC
            constraints["topic"] = rest
        if unique:
            constraints["parties"] = unique
        subject = SubjectClass(
            type="agreement",
            attribute=attribute,
            document_type=document_type,
            constraints=dict(sorted(constraints.items())),
            kind=QuestionKind.RELATION
            if attribute == "parties"
            else QuestionKind.AGREEMENT_ATTRIBUTE,
        )
        return OpenReading(subject, rest)
    name = unique[0]
    # "Who is Daniel Reyes?": a person the knowledge base binds is asked about as a person
    # (read as a company, the gate refused them: "is a individual, not a legal_entity")
    person = index is not None and index.is_person(name)
    if attribute not in (_PERSON_ATTRIBUTES if person else _ENTITY_ATTRIBUTES):
        attribute = TOPIC
        constraints["topic"] = rest
    asked_words = set(rest.lower().split())
    if (
        person
        and attribute == TOPIC
        and asked_words & _PROFILE_TOPICS
        and asked_words <= _PROFILE_TOPICS | _PROFILE_VERBS
    ):
        # "What is Daniel Reyes's title?", "What position does X hold?": who the person is,
        # as the bare name asks ("Who is X?"); answered from the roles bound to them
        constraints["topic"] = ""
    if other_names:
        # "Block (formerly known as Square)": the knowledge base may know it by the other
        constraints["other_names"] = other_names
    # "... what stake does Maria Okafor hold in Zorblax?": a name the knowledge base does not
    # know, beside the person, is what the person is asked of: the gate refuses it, never
    # answering of the person alone
    unexplained = _unknown_names(normalized, found, mentions, other_names) if person else []
    subject = SubjectClass(
        type="individual" if person else "legal_entity",
        name=name,
        parent_entity=unexplained[0] if unexplained else None,
        attribute=attribute,
        constraints=dict(sorted(constraints.items())),
        kind=QuestionKind.PERSON_ATTRIBUTE if person else QuestionKind.ENTITY_ATTRIBUTE,
    )
    return OpenReading(subject, rest)


_DESIGNATION = re.compile(
    rf"(?<![\w-])(?:{'|'.join(sorted(map(re.escape, _LEXICON.title_designations)))})(?![\w-])",
    re.IGNORECASE,
)
_WORD = re.compile(r"[\w&][\w&'’.-]*")
_WITH_WORDS = re.compile(r"\s+with\s+(?P<words>(?:[\w&][\w&'’.-]*\s*){1,3})")


def _stranger(word: re.Match[str], taken: Sequence[tuple[int, int]]) -> bool:
    """Is the word one a lower-case name may be: in lower case, in no span taken, no word of
    legal English, no closed word, no type word, no digit?"""
    w = word.group(0).strip("'’.,")
    bare = POSSESSIVE.sub("", w).lower()
    return (
        bool(bare)
        and w.islower()
        and not any(a <= word.start() < b for a, b in taken)
        and not any(part in known_words() for part in bare.split("-"))
        and bare not in _TYPE_VOCABULARY
        and not is_closed_word(bare)
        and not any(c.isdigit() for c in bare)
    )


def _designation_parties(
    text: str, numbered: Sequence[tuple[int, int]], taken: Sequence[tuple[int, int]]
) -> list[tuple[int, int, str]]:
    """(start, end, words) of the lower-case words that own an amendment named by its
    designation ("zorblax's first amendment") or that it is "with" ("the amendment with
    bioaqber"), each word a stranger (`_stranger`); the designation's number or ordinal
    (`numbered`) goes with it."""
    out: list[tuple[int, int, str]] = []
    for m in _DESIGNATION.finditer(text):
        start, end = m.span()
        for a, b in numbered:
            if a <= m.start() < b or a < m.end() <= b:
                start, end = min(start, a), max(end, b)
        owner = re.search(r"[\w&][\w&'’.-]*\s+$", text[:start])
        if owner is not None and amendment_number(f"{owner.group(0).strip()} amendment"):
            # an ordinal before another designation ("the second addendum") is its number
            owner = re.search(r"[\w&][\w&'’.-]*\s+$", text[: owner.start()])
        word = _WORD.match(text, owner.start()) if owner is not None else None
        if word is not None and POSSESSIVE.search(word.group(0)) and _stranger(word, taken):
            bare = POSSESSIVE.sub("", word.group(0))
            out.append((word.start(), word.start() + len(bare), bare))
        after = _WITH_WORDS.match(text, end)
        if after is not None:
            kept = []
            for w in _WORD.finditer(text, after.start("words"), after.end("words")):
                if not _stranger(w, taken):
                    break
                kept.append(w)
            if kept:
                first, last = kept[0].start(), kept[-1].end()
                words = text[first:last].rstrip("'’.,")
                out.append((first, first + len(words), words))
    return out


_AFTER_WITH = re.compile(r"\s*[(\[“”\"‘’']{0,3}\s*with\s+(?P<words>(?:[\w&][\w&'’.-]*\s*){1,3})")
# What a party's possessive owns, up to the "with" of its other party: words of one clause
# (no sentence or clause break), at most `_OWNED_REACH` of them.
_OWNED_REACH = 8
_OWNED_WITH = re.compile(
    rf"\s+(?P<owned>(?:[^\s?!;:,]+\s+){{1,{_OWNED_REACH}}}?)with\s+"
    r"(?P<words>(?:[\w&][\w&'’.-]*\s*){1,3})"
)


def _owned_with_strangers(
    text: str,
    owners: Sequence[Mention],
    taken: Sequence[tuple[int, int]],
    index: NameLinker | None = None,
) -> list[tuple[int, int, str]]:
    """(start, end, words) of the lower-case words that what a party's possessive owns is
    "with" ("adma's ... agreemen with sanqfi", "kubient's exhibit 'b' with assocqated"), each a
    stranger (`_stranger`), up to the first word that is not; the owner a name the question
    names with "'s" (`owners`, known or not). An owner that is itself a stranger in lower case
    ("zorblax's exhibit 'b' with associated") is a party too, where its other party is named
    after "with" (a stranger or one of `owners`)."""
    out: list[tuple[int, int, str]] = []
    for word in _WORD.finditer(text):
        if not POSSESSIVE.search(word.group(0)):
            continue
        # the owner's mention with its "'s" or without it: a short name several known names
        # open ("halcyon" of Halcyon Robotics and Halcyon Field Services) is read bare
        bare_end = word.start() + len(POSSESSIVE.sub("", word.group(0)))
        named = any(m.start <= word.start() and m.end in (word.end(), bare_end) for m in owners)
        if not named and not _stranger(word, taken):
            continue
        after = _OWNED_WITH.match(text, word.end())
        if after is None:
            continue
        kept = []
        for w in _WORD.finditer(text, after.start("words"), after.end("words")):
            if not _stranger(w, taken):
                break
            kept.append(w)
        if not kept and index is not None:
            # "... with alliance mutual?": words in lower case that end the question and open
            # a known name (no variant of it: "Alliance Mutual Holding Company") name it
            run = list(_WORD.finditer(text, after.start("words"), after.end("words")))
            spellings = [[POSSESSIVE.sub("", w.group(0)).lower()] for w in run]
            if (
                len(run) >= 2
                and all(w.group(0).islower() for w in run)
                and not text[run[-1].end() :].strip(" ?.!")
                and not any(a <= run[0].start() < b for a, b in taken)
                and index.opens_with(spellings)
            ):
                kept = run
        if kept:
            first, last = kept[0].start(), kept[-1].end()
            words = text[first:last].rstrip("'’.,")
            out.append((first, first + len(words), words))
        if not named and (kept or any(m.start == after.start("words") for m in owners)):
            bare = POSSESSIVE.sub("", word.group(0))
            out.append((word.start(), word.start() + len(bare), bare))
    return out


def _with_strangers(
    text: str, end: int, taken: Sequence[tuple[int, int]]
) -> tuple[int, int, str] | None:
    """(start, end, words) of the lower-case words an agreement's phrase (ending at `end`) is
    "with" ("the supply agreement with zorblax", "... agreement ( with aviqns"), each a
    stranger (`_stranger`), up to the first word that is not; None where none is."""
    after = _AFTER_WITH.match(text, end)
    if after is None:
        return None
    kept = []
    for w in _WORD.finditer(text, after.start("words"), after.end("words")):
        if not _stranger(w, taken):
            break
        kept.append(w)
    if not kept:
        return None
    first, last = kept[0].start(), kept[-1].end()
    words = text[first:last].rstrip("'’.,")
    return first, first + len(words), words


def _hyphened_parties(phrase: str, parties: Sequence[str]) -> list[str]:
    """The parties a title's grammar read, and each run of them the title writes joined by
    hyphens ("T", "Moqile" -> also "T-Moqile"), up to three, the longest first."""
    out: list[str] = []
    for i in range(len(parties)):
        for n in (3, 2):
            run = parties[i : i + n]
            if len(run) == n and "-".join(run) in phrase:
                out.append("-".join(run))
        out.append(parties[i])
    return out


def _after_joined_pair(text: str, start: int, found: Sequence[Mention]) -> str:
    """The second name of a pair of names written joined ("Lucent-mPhase", "CNET/Cyberian")
    that ends right before the agreement's phrase at `start`; "" where none does."""
    joined = [m for m in found if m.joined and m.end <= start]
    if (
        len(joined) >= 2
        and not text[joined[-1].end : start].strip()
        and not re.search(r"[^\s/\-–]", text[joined[-2].end : joined[-1].start])
    ):
        return joined[-1].text
    return ""


def _joined_pair_gap(
    text: str, start: int, found: Sequence[Mention]
) -> tuple[Mention, list[str]] | None:
    """The second name of a pair written joined ("Cardlytics-Bank") and the words between it
    and the agreement's phrase at `start` ("ofqAmerica"), where only words of no legal English
    (no known word, no type word, no closed word, no digit) stand there; None otherwise."""
    joined = [m for m in found if m.joined and m.end <= start]
    if len(joined) < 2 or re.search(r"[^\s/\-–&]", text[joined[-2].end : joined[-1].start]):
        return None
    gap = text[joined[-1].end : start]
    words = gap.split()
    if not re.fullmatch(r"[\s\w'’.-]*", gap) or len(_no_name_words(words)) < len(words):
        return None
    return joined[-1], words


def _no_name_words(words: Sequence[str]) -> list[str]:
    """The opening `words` that are no word of legal English, no type word, no closed word
    and hold no digit (the words that may go on a name)."""
    kept = []
    for w in words:
        word = w.strip("'’.,").lower()
        if (
            not word
            or w.endswith(",")
            or any(part in known_words() for part in word.split("-"))
            or word in _TYPE_VOCABULARY
            or is_closed_word(word)
            or any(c.isdigit() for c in word)
        ):
            break
        kept.append(w)
    return kept


def _unknown_owner(
    text: str, start: int, taken: Sequence[tuple[int, int]]
) -> tuple[int, int, str] | None:
    """(start, end, words) of the words right before an agreement's phrase (at `start`) that
    are no word of legal English, no closed word and no type word, in lower case (a capitalised
    name is read as a mention), where a determiner or a question word opens them ("the
    zorblax loan", "summarize acme nda") or where the last of them is a possessive ("of
    zorblax's loan", its possessive off); None otherwise."""
    words = list(re.finditer(r"[\w&][\w&'’.-]*", text[:start]))
    # "of zorblax's supply agreement", "zorblax's global maintenance agreement": a possessive
    # right before the phrase, or before the title's words in lower case that open it, owns
    # it, whatever opens it; its words run back to the first word that can be no name's
    at = len(words) - 1
    while (
        at >= max(0, len(words) - 4)
        and POSSESSIVE.search(words[at].group(0)) is None
        and words[at].group(0).islower()
        and not _DETERMINER.match(words[at].group(0))
        and not any(a <= words[at].start() < b for a, b in taken)
    ):
        at -= 1
    owned = at >= 0 and POSSESSIVE.search(words[at].group(0)) is not None
    if owned:
        words = words[: at + 1]
    kept: list[re.Match[str]] = []
    opened = False
    for w in reversed(words):
        word = POSSESSIVE.sub("", w.group(0)).strip("'’.").lower()
        opened = bool(_DETERMINER.match(word)) or word in _LEXICON.question_words
        if any(a <= w.start() < b for a, b in taken) or opened:
            if opened or owned:
                break
            return None
        if (
            not w.group(0).islower()  # a capitalised name is read as a mention is
            or not word
            or any(part in known_words() for part in word.split("-"))
            or word in _TYPE_VOCABULARY
            or is_closed_word(word)
            or any(c.isdigit() for c in word)
            or (re.search(r"['’]s?$", w.group(0)) and (kept or not owned))
            or len(kept) == 3
        ):
            if owned:
                break
            return None
        kept.append(w)
    if not kept or not (opened or owned):
        return None
    first, last = kept[-1], kept[0]
    owner = text[first.start() : last.end()]
    if owned:
        owner = POSSESSIVE.sub("", owner)
    return first.start(), first.start() + len(owner), owner


_SLOT_WORD = re.compile(
    rf"\b(?:{'|'.join(sorted(_LEXICON.person_of_links))})\s+(?P<word>[a-z][\w&'’-]*)"
)


def _unknown_names(
    normalized: str,
    found: Sequence[Mention],
    mentions: Sequence[Mention],
    other_names: Sequence[str],
) -> list[str]:
    """The names a question writes beside its subject that the knowledge base does not know:
    capitalised runs no known name explains ("Zorblax"), then lower-case words in a person's
    slot ("... hold in zorblax") that are no word of legal English, no closed word and no
    known name."""
    out = [
        m.text
        for m in found
        if not (m.known or m.joined or m in mentions or m.text in other_names)
        and m.text[:1].isupper()
        and not is_closed_word(m.text)
    ]
    for match in _SLOT_WORD.finditer(normalized):
        word = match.group("word")
        if (
            word not in known_words()
            and word not in _LEXICON.question_words
            and not is_closed_word(word)
            and not any(m.start <= match.start("word") < m.end for m in mentions)
        ):
            out.append(word)
    return out


def refine_intent(subject: SubjectClass, normalized: str) -> SubjectClass:
    """A clause topic named in the question, more specific than the attribute the grammar
    read ("terminate ... for convenience" over "terminate"), takes its place."""
    if subject.type != "agreement" or subject.kind is not QuestionKind.AGREEMENT_ATTRIBUTE:
        return subject
    if subject.attribute not in _PASSAGE_ATTRIBUTES:
        # A value asked for ("how much notice ... without cause") stays the value.
        return subject
    names = [*subject.parties]
    text = normalized
    for name in names:
        # (with its article: "terminate the agreement with The Boxlot Company for
        # convenience" leaves "terminate the agreement with for convenience")
        text = re.sub(rf"(?:\b(?:the|a|an)\s+)?{re.escape(name)}", " ", text, flags=re.IGNORECASE)
    text = " ".join(text.split())
    intent = lexicon_intent(text, ("agreement",))
    if intent is None or intent.attribute == subject.attribute:
        return subject
    if intent.attribute not in CLAUSE_TOPICS:
        return subject
    own = lexicon_intent(text, ("agreement",))
    current = [
        m.group(0)
        for pattern, attribute, _ in _PHRASES
        if attribute == subject.attribute
        for m in pattern.finditer(text)
    ]
    if own is not None and current and max(len(c) for c in current) >= len(intent.phrase):
        return subject
    constraints = dict(subject.constraints)
    constraints["topic"] = intent.phrase
    return subject.model_copy(
        update={"attribute": intent.attribute, "constraints": dict(sorted(constraints.items()))}
    )


__all__ = [
    "CLAUSE_TOPICS",
    "TOPIC",
    "Intent",
    "IntentEmbeddings",
    "OpenReading",
    "asks_existence",
    "embedding_intent",
    "lexicon_intent",
    "read_open_question",
    "refine_intent",
    "subject_agreement_span",
]
