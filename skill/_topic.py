"""Topic answers and absence: what the subject's documents say about a topic no attribute
covers, and the precise statement that a clause is not there.

A topic question ("What is the interest rate of the loan agreement?", when no attribute
of the lexicon is the interest rate) is answered by the best passages of the subject's own
documents: the topic's words searched there (dense and lexical, one embedding of the
question less its names), each sentence scored by the share of the topic's words it
states, the best few quoted and cited, each with its score as its confidence, and judged by
the engine as any answer is (a passage counts as evidence only when it states every word of
the topic, and the topic names at least two things; the others are shown under the engine's
confidence threshold). Words that name a measure of a thing or its course ("the change in the
number of stores": the lexicon's `topic_measure_words`) name no thing: "changing rules ... a
number of organizations" states every word of "change number" and nothing asked.

A clause topic the lexicon maps to clause categories (non-compete, insurance, ...) is not
answered here: the evidence collector reads it from the classifier's sentences of those
categories (`skill._clauses.labelled_spans`, one payload-filtered scroll). A topic no
attribute covers has no category: `clause_sentences(...)` finds its candidate sentences by
retrieval inside the subject's documents.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

import snowballstemmer

from domain import (
    ChunkRecord,
    is_generic_term,
    lexicon,
    short_names,
    without_report_years,
)
from skill._alternation import alternation
from skill._answer import EvidenceUnit
from skill._candidate import Candidate
from skill._evidence import EvidenceCollector
from skill._search import SKILL_FUSION
from skill._sentences import DocumentInfo, Sentence, sentences_of
from skill._values import parse_number_words

# Passages a topic answer quotes, at most; a sentence must state this share of the topic's
# words to be quoted.
TOPIC_PASSAGES = 3
MIN_COVERAGE = 0.5
_STOP = lexicon().topic_stop_words
_MEASURE = lexicon().topic_measure_words
_QUANTITY_QUESTION = re.compile(
    r"\b(?:" + "|".join(lexicon().quantity_questions) + r")\b", re.IGNORECASE
)
# "how many <noun phrase> <auxiliary>": the phrase's head is the noun counted ("how many
# customer sites does ..." -> "sites"; "how many shares of common stock is ..." -> "shares").
_COUNTED = re.compile(
    r"\bhow\s+many\s+(?:of\s+(?:the|its|their)\s+)?"
    r"((?:[A-Za-z][A-Za-z-]*\s+){0,3}?[A-Za-z][A-Za-z-]*)"
    r"(?=\s+(?:" + "|".join(lexicon().counted_phrase_ends) + r")\b|\s*[?.]|\s*$)",
    re.IGNORECASE,
)
# A number stated: digits, or a number in words (vocabulary.yaml number_units / number_tens /
# number_scales; "a dozen" is no number the readers take).
_NUMBER = re.compile(
    r"\d|\b(?:"
    + "|".join(
        sorted(
            {*lexicon().number_units, *lexicon().number_tens, *lexicon().number_scales},
            key=lambda w: (-len(w), w),
        )
    )
    + r")\b",
    re.IGNORECASE,
)


_STEMMER = snowballstemmer.stemmer("english")
# The second halves of compounds that name another thing than their first word ("share" +
# "holder"); vocabulary.yaml topic_compound_heads.
_COMPOUND_HEADS = lexicon().topic_compound_heads
# The endings of a role and its counterpart: "licensor" / "licensee", "employer" / "employee".
_ROLE_ENDINGS = ("or", "ee", "er")


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """The Snowball (Porter 2) stem of a lower-case word, its hyphens dropped."""
    return str(_STEMMER.stemWord(word.replace("-", "")))


def _role_base(word: str) -> tuple[str, str] | None:
    for ending in _ROLE_ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 3:
            return word[: -len(ending)], ending
    return None


@functools.lru_cache(maxsize=1 << 16)
def same_word(topic: str, word: str) -> bool:
    """Does a sentence's `word` state the topic's word `topic` (both lower case, hyphens
    dropped)? The same Snowball stem ("renewal" / "renew"), or the word beginning with the
    topic word's first five letters ("acquisition" / "acquire", "pay" / "payments",
    "guarantee" / "guaranty"), except a compound of the other word and a compound head
    ("shareholder" / "share") and a role's counterpart ("licensor" / "licensee")."""
    if topic == word or stem(topic) == stem(word):
        return True
    if not word[:5].startswith(topic[:5]):
        return False
    short, long_ = (topic, word) if len(topic) <= len(word) else (word, topic)
    if any(long_ == f"{base}{head}" for base in (short, stem(short)) for head in _COMPOUND_HEADS):
        return False
    a, b = _role_base(topic), _role_base(word)
    return not (a and b and a[0] == b[0] and a[1] != b[1])


def _words_of(text: str) -> list[str]:
    return [w.replace("-", "") for w in re.findall(r"[a-z][a-z-]+", text.lower())]


def topic_words(text: str) -> list[str]:
    """The content words of a topic, lower case, hyphens dropped."""
    words = re.findall(r"[a-z][a-z-]+", text.lower())
    kept = [w.replace("-", "") for w in words if w not in _STOP and len(w) >= 3]
    return list(dict.fromkeys(kept))


def named_words(text: str) -> list[str]:
    """The words of a topic that name a thing: its content words less those that name a
    measure of a thing or its course ("change number stores" -> ["stores"])."""
    words = re.findall(r"[a-z][a-z-]+", text.lower())
    return topic_words(" ".join(w for w in words if w not in _MEASURE))


def asks_quantity(question: str) -> bool:
    """Does the question ask how many / how much / what share of its topic (vocabulary.yaml
    quantity_questions)?"""
    return _QUANTITY_QUESTION.search(question) is not None


# Acts a topic asks of its subject (vocabulary.yaml topic_acts): an acquisition, a divestiture.
_ACTS = lexicon().topic_acts
_ACT_ACTORS = lexicon().topic_act_actors
_ACT_NEGATIONS = lexicon().topic_act_negations
_ACT_FILLERS = lexicon().topic_act_fillers
_ACT_NOT_OBJECTS = lexicon().topic_act_not_objects
_ACT_BETWEEN = lexicon().topic_act_between
_ACT_SHARED_FIRST = lexicon().topic_act_shared_first_words


# A year a question names: "FY2023", "FY 23", "FY'23", "fiscal 2022", "fiscal years 2021",
# "2021"; two digits only after a fiscal word (not a form's number: "10-K"). Never one glued to a number or a currency
# sign ("$2000", "2,000").
_TOPIC_YEAR = re.compile(
    r"(?<![\w$\u20ac\u00a3\u00a5.,])(?:(?P<fiscal>fy|fiscal(?:\s+years?)?)\s*['\u2019]?\s*)?"
    r"(?:(?P<four>(?:19|20)\d\d)|(?P<two>\d\d)(?!-[a-z]))(?![\w%]|[.,]\d)",
    re.IGNORECASE,
)
# The words after a number that make it an amount ("over $2000 million", "2000 shares"), a
# currency before it, and the words that join, open or leave open a span of years
# (vocabulary.yaml topic_year_*).
_YEAR_AMOUNT_AFTER = re.compile(
    r"\s*(?:" + alternation(lexicon().topic_year_amount_words, literal=False) + r")(?![a-z])",
    re.IGNORECASE,
)
_YEAR_AMOUNT_BEFORE = re.compile(
    r"(?:[$\u20ac\u00a3\u00a5]|\b(?:"
    + alternation(lexicon().topic_year_amount_words, literal=False)
    + r"))\s*$",
    re.IGNORECASE,
)
_YEAR_FRAME = r"(?:\s+(?:the|fiscal|years?|fy))*"
_SPAN_JOINER = re.compile(
    r"\s*"
    + _YEAR_FRAME.replace("+", "*", 1)
    + r"\s*(?P<joiner>"
    + alternation(lexicon().topic_year_span_joiners, literal=False)
    + r")"
    + _YEAR_FRAME
    + r"\s*$",
    re.IGNORECASE,
)


def _before_years(alternatives: str) -> re.Pattern[str]:
    """one of `alternatives` and the year frame, ending the text ("from fiscal", "since")"""
    return re.compile(r"\b(?:" + alternatives + r")" + _YEAR_FRAME + r"\s*$", re.IGNORECASE)


_SPAN_OPENING = _before_years("|".join(sorted(lexicon().topic_year_span_openings)))
_OPEN_SINCE = _before_years(alternation(lexicon().topic_year_open_since, literal=False))
_OPEN_AFTER = _before_years(alternation(lexicon().topic_year_open_after, literal=False))
# A span longer than this is no span of years a question asks ("1999 to 2099")
_MAX_SPAN = 30
# A fiscal year a sentence states ("In fiscal 2022, we acquired ..."), and a date it states
# ("On October 7, 2021", "in May 2018", "in 2016")
_FISCAL_STATED = re.compile(r"\b(?:fiscal(?:\s+year)?|fy)\s*'?((?:19|20)\d\d)\b", re.IGNORECASE)
_DATE_STATED = re.compile(
    r"\b(?:(" + lexicon().month + r")\s+(?:(\d{1,2}),?\s+)?)?((?:19|20)\d\d)\b"
)


def act_asked(topic: str) -> str | None:
    """The act a topic asks of its subject ("major acquisitions done FY2023" ->
    "acquisition"), by a word of vocabulary.yaml topic_acts' `asked`; None for another."""
    words = set(re.findall(r"[a-z]+", topic.lower()))
    for name, asked, _ in _ACTS:
        if words & asked:
            return name
    return None


@functools.lru_cache(maxsize=1024)
def _periods_asked(question: str) -> tuple[frozenset[int], bool, int | None]:
    """(years, fiscal, since): see `years_asked` and `year_since`."""
    text = without_report_years(question)
    found: list[tuple[int, int, int]] = []
    fiscal = False
    for m in _TOPIC_YEAR.finditer(text):
        if m.group("two") and not m.group("fiscal"):
            continue
        if _YEAR_AMOUNT_AFTER.match(text, m.end()) or _YEAR_AMOUNT_BEFORE.search(text[: m.start()]):
            continue
        year = int(m.group("four") or m.group("two")) + (0 if m.group("four") else 2000)
        found.append((m.start(), m.end(), year))
        fiscal = fiscal or bool(m.group("fiscal"))
    years: set[int] = set()
    spanned: set[int] = set()
    for i in range(len(found) - 1):
        (start, end, first), (_, _, last) = found[i], found[i + 1]
        joined = _SPAN_JOINER.match(text[end : found[i + 1][0]])
        if joined is None or abs(last - first) > _MAX_SPAN:
            continue
        if joined.group("joiner").lower() == "and" and not _SPAN_OPENING.search(text[:start]):
            # "FY2022 and FY2021" lists two years; "between 2019 and 2021" spans three
            continue
        years.update(range(min(first, last), max(first, last) + 1))
        spanned.update((i, i + 1))
    since: int | None = None
    for i, (start, _, year) in enumerate(found):
        if i in spanned:
            continue
        before = text[:start]
        if _OPEN_SINCE.search(before):
            since = year if since is None else min(since, year)
        elif _OPEN_AFTER.search(before):
            since = year + 1 if since is None else min(since, year + 1)
        else:
            years.add(year)
    return frozenset(years), fiscal, since


def years_asked(question: str) -> tuple[frozenset[int], bool]:
    """The years a question asks an act in ("in FY2023, FY2022 and FY2021", "in fiscal
    2017", "in 2016", "FY 23"), each year of a span ("fiscal years 2021 through 2023",
    "between 2019 and 2021"), and whether it names them as fiscal years. Empty where it names
    none; a number that is an amount ("over $2000 million"), a filing's year ("the 2020
    10-K") and the start of an open span ("since 2020": `year_since`) are none of them."""
    years, fiscal, _ = _periods_asked(question)
    return years, fiscal


def year_since(question: str) -> int | None:
    """The first year of an open span the question asks an act in ("since 2020" -> 2020,
    "after fiscal 2019" -> 2020, "from 2021 onward" -> 2021): every later year is asked too;
    None where it names no such span."""
    return _periods_asked(question)[2]


def in_years_asked(
    sentence: str,
    years: frozenset[int],
    fiscal: bool,
    year_end: tuple[int, int] | None,
    since: int | None = None,
) -> bool:
    """Does the sentence state its act in a year asked (one of `years`, or `since` or a
    later year)? A fiscal year it names ("In fiscal
    2022, we acquired ...") is that year; else each date it states, placed in its fiscal year
    by the company's fiscal year end (`year_end`, month and day: Adobe's FY2022 opens in
    December 2021) where fiscal years are asked, a year without a month in the fiscal year
    it opens or closes where the end is not December's; calendar years as stated otherwise.
    A sentence stating no year is in none."""

    def asked(year: int) -> bool:
        return year in years or (since is not None and year >= since)

    named = {int(y) for y in _FISCAL_STATED.findall(sentence)}
    if named:
        return any(asked(y) for y in named)
    for m in _DATE_STATED.finditer(sentence):
        year = int(m.group(3))
        if not fiscal or year_end is None or year_end == (12, 31):
            if asked(year):
                return True
            continue
        month = lexicon().month_number(m.group(1).rstrip(".")) if m.group(1) else None
        if month is None:
            if asked(year) or asked(year + 1):
                return True
            continue
        day = int(m.group(2)) if m.group(2) else 31
        if asked(year if (month, day) <= year_end else year + 1):
            return True
    return False


def act_object_words(topic: str, act: str) -> list[str]:
    """The words of an act's topic that name what it was done to ("acquisitions of
    healthcare businesses" -> ["healthcare"]): its content words less the act's own, the
    fillers (vocabulary.yaml topic_act_fillers), measures and years."""
    asked = next(a for name, a, _ in _ACTS if name == act)
    return [
        w
        for w in named_words(_TOPIC_YEAR.sub(" ", topic))
        if w not in asked and w not in _ACT_FILLERS and not any(same_word(a, w) for a in asked)
    ]


def _name_pattern(words: Sequence[str]) -> str:
    return r"[\W_]*\s*".join(re.escape(w) for w in words)


@functools.lru_cache(maxsize=1024)
def _actors(names: tuple[str, ...]) -> str:
    """The actor alternation for a company's `names`: "we", "the Company" (topic_act_actors),
    each name whole as written, without what follows its first comma ("Best Buy Co."), and
    without its legal form ("Best Buy"); and its distinctive first word ("Kestrel"), unless a
    closed word or one many companies' names open with (topic_act_shared_first_words:
    "General" is not General Motors)."""
    actors = set(_ACT_ACTORS)
    for name in names:
        if not name.strip() or is_generic_term(name):
            continue
        for whole in (name, name.split(",")[0]):
            words = re.findall(r"[^\s,]+", whole)
            if words:
                actors.add(r"(?:the\s+)?" + _name_pattern(words))
        keys = short_names(name)
        if keys:
            actors.add(r"(?:the\s+)?" + _name_pattern(keys[0].split()))
        for key in keys[1:]:
            if key not in _ACT_SHARED_FIRST and key not in _STOP and key not in _ACT_BETWEEN:
                actors.add(_name_pattern([key]))
    return alternation(actors, literal=False)


def states_act(sentence: str, act: str, names: Sequence[str] = ()) -> bool:
    """Does the sentence state that its subject did the act to something: an actor ("we",
    "the Company", the subject's whole name or its distinctive first word: `_actors`) as the
    subject of the sentence or a clause (opening it, after a comma, a semicolon, a colon,
    "and" or a year: "In 2016 we ..."), nothing between it and a phrase of the act's `stated`
    (vocabulary.yaml topic_acts) but auxiliaries and adverbs (topic_act_between: "we also
    acquired", never "We note that Amazon acquired", "our competitors acquired" nor "General
    Electric acquired" for General Motors), and a word after the phrase that names no
    accounting item, kind of asset or denial (topic_act_not_objects: "the Company acquired
    goodwill of $5 million", "we acquired no businesses")?
    A sentence that describes the act ("The acquisition is aligned with our focus ...") or
    denies it ("we did not complete any acquisitions") states none."""
    stated = next(s for name, _, s in _ACTS if name == act)
    pattern = re.compile(
        # the actor opens the sentence or a clause, never a relative clause ("assets we
        # have acquired")
        r"(?:^|[,;:(]\s*|\band\s+|\d\s+)(?:"
        + _actors(tuple(names))
        + r")(?![\w&])((?:\s+(?:"
        + alternation(_ACT_BETWEEN)
        + r")){0,3})\s+(?:"
        + "|".join(stated)
        + r")\s+([\w%$][\w'\u2019-]*)",
        re.IGNORECASE,
    )
    for m in pattern.finditer(sentence.strip()):
        between = {w.lower() for w in m.group(1).split()}
        if not between & _ACT_NEGATIONS and m.group(2).lower() not in _ACT_NOT_OBJECTS:
            return True
    return False


ANY_QUANTITY = "any"


def quantity_asked(question: str) -> str | None:
    """What quantity the question asks: the noun a "how many" counts ("robots"), "any" for
    another quantity ("how much", "what percentage"), None where it asks none."""
    if not asks_quantity(question):
        return None
    return counted(question) or ANY_QUANTITY


def counted(question: str) -> str | None:
    """The noun a "how many" question counts ("How many robots has Halcyon deployed?" ->
    "robots"), lower case; None for another question."""
    m = _COUNTED.search(question)
    return m.group(1).split()[-1].lower().replace("-", "") if m else None


def states_number(sentence: str, noun: str | None = None) -> bool:
    """Does the sentence state a number, in digits or in words; where a `noun` is counted,
    a number at most four words before it ("1,140 robots", "more than 1,100 robots", "twelve
    (12) employees"), not a number elsewhere ("48-hour deployment" counts no robots)?"""
    if noun is None:
        return _NUMBER.search(sentence) is not None
    return bool(counts_stated(sentence, noun))


# Words that close the noun phrase a count opens: a number before them counts something else
# ("Tern 3, its third-generation robot").
_PHRASE_BREAK = lexicon().count_phrase_breaks
_SCALES = frozenset(lexicon().number_scales)
# A count in digits: whole, its thousands grouped ("1,140", "(12)"); a year ("2017") and a
# section number ("4.2") count nothing.
_DIGITS = re.compile(r"\(?\d{1,3}(?:,\d{3})+\)?|\(?\d+\)?")
_YEAR = re.compile(r"\(?(?:1[89]|20)\d\d\)?")


def counts_stated(sentence: str, noun: str) -> list[str]:
    """The counts of `noun` the sentence states, as digits ("more than 1,100 robots" ->
    ["1100"], "twelve (12) employees" -> ["12"], "four customer sites" -> ["4"])."""
    words = re.findall(r"[\w,.%()'\u2019-]+", sentence)
    out: list[str] = []
    for i, word in enumerate(words):
        bare = re.sub(r"[^a-z]", "", word.lower())
        if (
            bare
            and same_word(noun, bare)
            and (i == 0 or not word[:1].isupper())
            and _counts(words[max(0, i - 4) : i], first=i <= 4)
        ):
            for w in reversed(words[max(0, i - 4) : i]):
                digits = re.sub(r"[^\d]", "", w)
                if digits:
                    out.append(digits.lstrip("0") or "0")
                    break
                number = parse_number_words(w.strip("(),;.").lower())
                if number is not None:
                    out.append(str(number))
                    break
    return out


def passage_states(passage: str, expected: str, counted_noun: str | None = None) -> bool:
    """Does a topic's passage state the expected value: a count of the noun a "how many"
    question counts equal to it ("1,140" of "1,140 robots deployed", never the "37" of "at 37
    sites" nor the "100" inside "1,100"), else its words as whole words in order, numbers
    read without their thousands commas ("1100" is "1,100")?"""
    if counted_noun is not None:
        digits = re.sub(r"[,\s]", "", expected)
        number = digits if digits.isdigit() else parse_number_words(expected.lower().strip())
        if number is not None:
            return str(int(number)) in counts_stated(passage, counted_noun)
    want = _tokens(expected)
    have = _tokens(passage)
    return bool(want) and any(
        have[i : i + len(want)] == want for i in range(len(have) - len(want) + 1)
    )


def _tokens(text: str) -> list[str]:
    return [t.replace(",", "") for t in re.findall(r"[a-z0-9]+(?:[.,]\d+)*", text.lower())]


def _counts(before: Sequence[str], first: bool) -> bool:
    """Is there a count among the words right before a noun, nothing between them but its
    modifiers ("more than 1,100 robots", "twelve (12) employees", "four customer sites",
    "the Company's 186 employees")? Not a year ("Since 2017 robots ..."), a section number
    ("Section 4.2 employees"), nor a number inside a name ("The Tern 3 robots", "June 15,
    2021 shares"): one right after a capitalised word other than a possessive or the
    sentence's first (`first`: `before` opens the sentence)."""
    for i in range(len(before) - 1, -1, -1):
        word = before[i]
        bare = word.strip(",;.")
        if _NUMBER.search(word):
            if word.endswith((",", ";", ".")) or not (
                _DIGITS.fullmatch(bare) or re.fullmatch(r"[A-Za-z-]+", bare)
            ):
                return bool(
                    # "1.5 million robots": a decimal before its scale
                    re.fullmatch(r"\d+\.\d+", bare)
                    and i + 1 < len(before)
                    and before[i + 1].lower() in _SCALES
                )
            if _YEAR.fullmatch(bare):
                return False
            previous = before[i - 1] if i > 0 else ""
            # capitalised as a name's word: not as the sentence's first word, a possessive
            # or a number itself ("Twelve (12) robots")
            named = (
                previous[:1].isupper()
                and not previous.endswith(("'s", "\u2019s"))
                and not (first and i == 1)
                and not _NUMBER.search(previous)
            )
            return not named
        if word.lower() in _PHRASE_BREAK or word.endswith((",", ";", ".")):
            return False
    return False


def coverage(topic: Sequence[str], sentence: str) -> float:
    """The share of the topic's words that a word of the sentence states (`same_word`)."""
    if not topic:
        return 0.0
    words = set(_words_of(sentence))
    return sum(1 for t in topic if any(same_word(t, w) for w in words)) / len(topic)


def together(topic: Sequence[str], sentence: str) -> bool:
    """Does the sentence state the topic's words near one another: all of them within a
    run of six words per topic word (at least eight: "security interest", "interest at a
    floating rate"), not scattered over it ("balance sheets ... and cash flows" states no
    cash balance)?"""
    words = _words_of(sentence)
    window = max(8, 6 * len(topic))
    hits = [[i for i, w in enumerate(words) if same_word(t, w)] for t in topic]
    if not all(hits):
        return False
    for start in sorted({i for h in hits for i in h}):
        if all(any(start <= i < start + window for i in h) for h in hits):
            return True
    return False


def clause_sentences(
    collector: EvidenceCollector,
    kb: str,
    candidate: Candidate,
    committed: Sequence[str],
    query: str,
    vector: list[float],
) -> list[tuple[float, Sentence]]:
    """Candidate sentences of the candidate's documents for a topic, with their retrieval
    rank's score: THE SEAM for the clause classifier's "sentences of category C in documents
    D". Today: a search of the topic's words inside the candidate's documents."""
    allowed = set(committed)
    docs = sorted(d for d in candidate.documents if d in allowed)
    if not docs:
        return []
    hits = collector.store.search_chunks(
        kb, query, vector, document_ids=docs, top_k=collector.top_k * 2, fusion=SKILL_FUSION
    )
    out: list[tuple[float, Sentence]] = []
    seen: set[str] = set()
    for hit in hits:
        chunk: ChunkRecord = hit.chunk
        if chunk.chunk_id in seen:
            continue
        seen.add(chunk.chunk_id)
        out.extend((float(hit.score), s) for s in sentences_of(chunk))
    return out


def topic_units(
    collector: EvidenceCollector,
    kb: str,
    candidate: Candidate,
    claim_id: str,
    committed: Sequence[str],
    topic: str,
    vector: list[float],
    *,
    quantity: str | None = None,
    act: str | None = None,
    periods: tuple[frozenset[int], bool, int | None] | None = None,
    year_end: tuple[int, int] | None = None,
) -> list[EvidenceUnit]:
    """The best passages about `topic` in the candidate's documents, each a cited unit whose
    value is the sentence and whose confidence is its coverage of the topic's words. Where
    the question asks a `quantity` (`quantity_asked`: the noun a "how many" counts, or
    "any"), a passage that states no number (before the counted noun) answers nothing: it is
    shown, never evidence. An act's topic ("major acquisitions done FY2023": vocabulary.yaml
    topic_acts) is answered only by sentences stating the subject did it (`_act_units`;
    `act`: the act the question asks, its verb perhaps no word of the topic), in the years
    asked (`periods`, the question's: `years_asked` and `year_since`, placed by the company's
    fiscal `year_end`).
    """
    stems = topic_words(topic)
    if not stems:
        return []
    act = act or act_asked(topic)
    if act is not None:
        search = _TopicSearch(collector, kb, candidate, claim_id, committed, topic, vector)
        return _act_units(
            search, act, periods or (*years_asked(topic), year_since(topic)), year_end
        )
    named = named_words(topic)
    count = None if quantity in (None, ANY_QUANTITY) else quantity
    scored: list[tuple[float, float, str, int, Sentence]] = []
    for rank_score, sentence in clause_sentences(
        collector, kb, candidate, committed, topic, vector
    ):
        share = coverage(stems, sentence.text)
        if share < MIN_COVERAGE or len(sentence.text.split()) < 4:
            continue
        if share == 1.0 and len(stems) >= 2 and not together(stems, sentence.text):
            # every word stated, but apart: shown, never evidence for the topic
            share = (len(stems) - 1) / len(stems)
        if share == 1.0 and quantity and not states_number(sentence.text, count):
            # "how many robots ... deployed?" is not answered by "Robots that can be deployed
            # without changes to racking ...": shown, never evidence for the topic
            share = (len(stems) - 1) / len(stems) if len(stems) >= 2 else MIN_COVERAGE
        scored.append(
            (share, rank_score, sentence.chunk.document_id, sentence.location.char_start, sentence)
        )
    scored.sort(key=lambda s: (-s[0], -s[1], s[2], s[3]))
    if len(stems) >= 2 and scored and scored[0][0] == 1.0:
        # Passages that state the whole topic answer it; partial ones are then no help.
        scored = [s for s in scored if s[0] == 1.0]
    units: list[EvidenceUnit] = []
    for share, _, _, _, sentence in scored[:TOPIC_PASSAGES]:
        value = " ".join(sentence.text.split())
        # A passage that states every word of the topic is evidence for it; one that states
        # some of them, or a topic that names fewer than two things (one word: "lend" is in
        # every sentence about the Lender; measures of a thing: "change number") is shown,
        # under the engine's confidence threshold.
        confidence = 0.9 if share == 1.0 and len(named) >= 2 else 0.45
        units.append(
            collector.sentence_unit(
                sentence, candidate.subject_id, claim_id, value, round(confidence, 4)
            )
        )
    return units


# Sentences an act's answer quotes, at most (each a thing the subject did it to).
ACT_PASSAGES = 6


@dataclass(frozen=True)
class _TopicSearch:
    """A topic's search as `topic_units` was asked it: where its sentences are looked for
    (`clause_sentences`) and what their units cite (the candidate, the claim)."""

    collector: EvidenceCollector
    kb: str
    candidate: Candidate
    claim_id: str
    committed: Sequence[str]
    topic: str
    vector: list[float]


def _act_units(
    search: _TopicSearch,
    act: str,
    periods: tuple[frozenset[int], bool, int | None],
    year_end: tuple[int, int] | None,
) -> list[EvidenceUnit]:
    """An act's topic ("major acquisitions done FY2023 FY2022 FY2021"): the sentences of the
    candidate's documents that state the subject did the act to something (`states_act`), in
    a year asked where the topic names years (a sentence stating none of them is no answer),
    stating the topic's object words where it names any; each evidence. The same sentence in
    several filings is quoted once, from the latest filing (by its date, then its name)."""
    collector, candidate, topic = search.collector, search.candidate, search.topic
    years, fiscal, since = periods
    objects = act_object_words(topic, act)
    names = (candidate.name, *candidate.aliases)
    found: dict[str, tuple[tuple[str, str], float, str, int, Sentence]] = {}
    for rank_score, sentence in clause_sentences(
        collector, search.kb, candidate, search.committed, topic, search.vector
    ):
        text = " ".join(sentence.text.split())
        if not states_act(text, act, names):
            continue
        if (years or since is not None) and not in_years_asked(
            text, years, fiscal, year_end, since
        ):
            continue
        if objects and coverage(objects, text) < (1.0 if len(objects) == 1 else MIN_COVERAGE):
            continue
        info = collector.document_info(sentence.chunk.document_id)
        latest = (info.document_date or "", info.name) if info else ("", "")
        key = text.lower()
        if key not in found or found[key][0] < latest:
            found[key] = (
                latest,
                rank_score,
                sentence.chunk.document_id,
                sentence.location.char_start,
                sentence,
            )
    ranked = sorted(found.values(), key=lambda f: (-f[1], f[2], f[3]))
    return [
        collector.sentence_unit(
            sentence, candidate.subject_id, search.claim_id, " ".join(sentence.text.split()), 0.9
        )
        for _, _, _, _, sentence in ranked[:ACT_PASSAGES]
    ]


def absence_text(
    topic: str, agreement: str, infos: Sequence[DocumentInfo | None], *, yes_no: bool = False
) -> str:
    """ "no <topic> clause found in <agreement> (N pages searched; k pages without text)";
    to a yes/no question, "Not stated in <agreement> — no <topic> clause found (...)" (a
    clause's absence is no "No": the agreement is silent, issue 34)."""
    topic = topic.replace("_", " ")
    if yes_no:
        return f"Not stated in {agreement} — no {topic} clause found ({pages_searched(infos)})"
    return f"no {topic} clause found in {agreement} ({pages_searched(infos)})"


def pages_searched(infos: Sequence[DocumentInfo | None]) -> str:
    """ "N pages searched; k pages without text" over the documents searched."""
    known = [i for i in infos if i is not None and i.pages is not None]
    pages = sum(i.pages or 0 for i in known)
    empty = sum(i.pages_without_text or 0 for i in known)
    if not known:
        return "pages unknown"
    return (
        f"{pages} page{'s' * (pages != 1)} searched; {empty} page{'s' * (empty != 1)} without text"
    )


__all__ = [
    "absence_text",
    "act_asked",
    "act_object_words",
    "asks_quantity",
    "clause_sentences",
    "counted",
    "counts_stated",
    "coverage",
    "in_years_asked",
    "named_words",
    "pages_searched",
    "passage_states",
    "quantity_asked",
    "states_act",
    "states_number",
    "topic_units",
    "topic_words",
    "year_since",
    "years_asked",
]
