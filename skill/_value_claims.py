"""A yes/no question that names a value of an attribute is the claim "attribute = value"
(issue 34): "Is the term of the MSA 3 years?", "Is the notice period 30 days?", "Is the
liability cap USD 5 million?", "Is the MSA governed by Delaware law?", "Did the agreement take
effect on 1 March 2023?", "Is Halcyon incorporated in Delaware?".

It is asked as the attribute's value question ("What is the term of the MSA?") with the value
as its expected value: the engine judges it as it judges a batch line's `expected_value`
(skill/_expected.py: 36 months = 3 years, USD 5,000,000 = $5 million = five million dollars,
Delaware = the State of Delaware), and the answer says it: "Yes — <the value cited>" on a
match, "No — <the value cited>" on a mismatch, "Not stated in <agreement> — ..." when nothing
states the attribute. One path, not a second one.

What is read, all of it from the lexicon: the question opens with a verb of
vocabulary.yaml `value_claim_copulas` (or a negated one, `value_claim_negated_copulas`, which
asks the same claim: "Isn't the term 3 years?"); it ends with a value of an attribute's
`value_kind` (a date, a duration, money, a percentage, a jurisdiction), the words a value may
open with kept with it (`value_claim_value_leads`: "the State of New York"); before the value
stands either a phrase naming the attribute (its `question_patterns`: "the term of the MSA")
or, after the claim's subject, one of the attribute's `value_claim_verbs` ("the MSA governed
by"). A negation right before the value or the verb (`value_claim_negations`: "Is the term not
3 years?", "Is the MSA not governed by Delaware law?") makes the claim that the value is not
it: the answer's Yes and No change places.

What is not a value claim: a verb's subject that is no subject phrase alone (words of
`value_claim_subject_breaks`: "Is Halcyon a party to the MSA dated ...", "Is Brightline bound
by the NDA effective as of ...": the date describes the agreement, the claim is another);
an attribute named whose subject type does not fit the subject (an entity's attribute asked
of an agreement). A comparison before the value (`value_claim_comparisons_*`: "at least 1
year", "more than $1 million") is judged as the comparison where the value is a number (a
duration, an amount, a percentage); before any other value ("other than New York") the
question is no value claim."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date

from domain import lexicon
from skill._answer import Answer
from skill._claim_law import claim_law
from skill._claim_leads import NOT_STATED, NOT_STATED_SIGNAL
from skill._expected import _read_kind
from skill._topic import same_word, stem
from skill._values import Mention, find_dates

_LEX = lexicon()
# the value kinds a value claim is read for: those an expected value is read as
_KINDS = ("date", "duration", "money", "percent", "jurisdiction", "month_day")
# a day of the year with no year ("December 31", "31 December", "Dec. 31", "12/31"): a date
# attribute's value judged by its month and day (a fiscal year's end); read as the date it is
# in a leap year, so that every day of the year reads
_LEAP_YEAR = "2000"
# a day of the year in figures, month and day in either order ("12/31", "31/12"); never
# with a stop ("5.1" is a decimal or a section, "2.1" a version)
_NUMERIC_DAY = re.compile(r"(\d{1,2})/(\d{1,2})")
_SUBJECTS = ("agreement", "entity", "person")
_MAX_VALUE_WORDS = 8
_QUESTION_WORDS = frozenset(w.lower() for w in _LEX.question_words)
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'"})
_BREAKS = frozenset(_LEX.value_claim_subject_breaks)
# words a name may hold between its capitalised words ("Bank of America's MSA")
_NAME_LINKS = frozenset(("of", "for"))
# the words a value follows at a proposition's verb's end ("capped at", "limited to")
_VALUE_LINKS = frozenset(_LEX.value_claim_value_links)
# a yes/no answer's lead, as skill/_answer writes it ("No — ", "Yes, with conditions — ")
_LEAD_NO = re.compile(r"^No\b[^—]{0,40}— ")
_LEAD_YES = re.compile(r"^Yes\b[^—]{0,40}— ")
# a claim's answer that says its sentence's exceptions or conditions (skill/_claims.py _said)
_EXCEPTED = re.compile(r"\((?:conditions|exceptions): ")
_EXCEPTIONS = re.compile(r"[(;] ?exceptions: (.*)\)$")
_AGREEMENT = re.compile(
    r"(?<![\w-])(?:" + "|".join(_LEX.agreement_words) + r")(?:'s|s)?(?![\w-])", re.IGNORECASE
)
# the kinds a comparison is judged for: numbers of a unit
_NUMERIC = ("duration", "money", "percent")
_COMPARE: dict[str, Callable[[float, float], bool]] = {
    "ge": operator.ge,
    "gt": operator.gt,
    "le": operator.le,
    "lt": operator.lt,
    "ne": operator.ne,
}
_DURATION_DAYS = {"day": 1.0, "week": 7.0, "month": 365.25 / 12, "year": 365.25}
_DURATION = re.compile(r"^(?P<n>\d+(?:\.\d+)?)\s+(?P<unit>day|week|month|year)s?$")
_MONEY = re.compile(r"^(?P<unit>[A-Z]{3})\s+(?P<n>-?[\d,]+(?:\.\d+)?)$")
_PERCENT = re.compile(r"^(?P<n>-?\d+(?:\.\d+)?)\s*%$")


@dataclass(frozen=True)
class ValueClaim:
    """The claim a yes/no question states: `asked` is the attribute's value question ("What
    is the term of the MSA?"), `value` the value as the question writes it ("36 months"),
    `attribute` the attribute it is a value of, `negated` whether the question asks that the
    value is not it ("Is the term not 3 years?")."""

    asked: str
    value: str
    attribute: str
    negated: bool
    # "ge" / "gt" / "le" / "lt" / "ne" where the question compares ("at least 1 year"), and
    # the value's kind it is judged in
    comparison: str | None = None
    kind: str = ""
    # the verb the proposition states its value with ("capped at"), said before the value in
    # the answer ("No — capped at USD 5,000,000"); "" for an attribute's own value
    verb: str = ""
    # the question of the proposition the verb states, without the value ("Is Halcyon's
    # liability under the MSA capped?"); "" where the verb states the value alone
    proposition: str = ""
    # the law the claim is asked under ("under Delaware law"), as the lexicon names it: the
    # subject's `under_law` (Skill.ask says the agreement's own law where it is another)
    law: str = ""
    # the kind of the topic asked about ("gross negligence" of "Halcyon's liability for gross
    # negligence under the MSA"): judged against the proposition's exceptions
    category: str = ""
    # whether the lexicon places the kind (`value_claim_cap_kinds`): one it does not ("for
    # Tuesday claims") is not established, never judged as if the clause spoke of it
    category_placed: bool = True


def _opening(words: list[str]) -> str | None:
    """The question's opening verb as its value question asks it ("is" for "Isn't", "was"
    for "Did"), None when it opens with none of vocabulary.yaml's `value_claim_*copulas`."""
    first = words[0].lower().translate(_APOSTROPHES)
    if first in _LEX.value_claim_copulas:
        verb = first
    elif first in _LEX.value_claim_negated_copulas:
        verb = next((c for c in _LEX.value_claim_copulas if first.startswith(c)), "is")
    else:
        return None
    return {"does": "is", "do": "are", "did": "was"}.get(verb, verb)


def _month_days(text: str) -> tuple[str, ...]:
    """The days of the year ("--MM-DD") a value written whole with no year may be: one for
    a month named ("December 31", "the 31st of December", "Dec. 31") or a numeric form only
    one order reads ("12/31", "31/12"), two for a numeric form both orders read ("3/4": 3
    April or 4 March, never a silent pick); none for anything else: a full date, a decimal,
    a section or a version number ("5.1", "10.5"), a day or a month alone."""
    if find_dates(text):
        return ()
    words = text.split()
    while len(words) > 1 and words[0].lower() in _LEX.value_claim_value_leads:
        # "the 31st of December"
        words = words[1:]
    text = " ".join(words)
    numeric = _NUMERIC_DAY.fullmatch(text)
    if numeric is not None:
        first, second = int(numeric.group(1)), int(numeric.group(2))
        days = []
        for month, day in ((first, second), (second, first)):
            try:
                days.append("--" + date(int(_LEAP_YEAR), month, day).isoformat()[5:])
            except ValueError:
                continue
        return tuple(sorted(set(days)))
    if not any(_LEX.month_number(w.strip(".,").lower()) for w in words):
        return ()
    for joined in (f"{text} {_LEAP_YEAR}", f"{text}, {_LEAP_YEAR}"):
        dates = find_dates(joined)
        if len(dates) == 1 and dates[0].start == 0 and dates[0].end == len(joined):
            return ("--" + dates[0].value[5:],)
    return ()


def _month_day(text: str) -> str | None:
    """ "--MM-DD" for a day of the year written whole with no year that reads as one day
    (`_month_days`); None for anything else, a day two orders read included."""
    days = _month_days(text)
    return days[0] if len(days) == 1 else None


def _read(kind: str, text: str) -> str | None:
    """`text` as a value of `kind`, a day of the year for "month_day"."""
    if kind == "month_day":
        # "3/4" reads as a day of the year, one that is not established (two days)
        days = _month_days(text)
        return " or ".join(days) if days else None
    return _read_kind(kind, text, partial=False)


def _of_kind(value_kind: str, kind: str) -> bool:
    """Is a value read as `kind` one of an attribute of `value_kind` (a day of the year is a
    date's)?"""
    return value_kind == kind or (kind == "month_day" and value_kind == "date")


def _value_at_end(words: list[str]) -> tuple[int, int, str] | None:
    """(the index of the value's first word, that of its first word past the words it may
    open with, its kind): the fewest last words that read as a value of a kind, widened by
    each word before them that changes the value read ("five" of "five million dollars"),
    then by the words a value may open with ("the State of")."""
    for k in range(1, min(_MAX_VALUE_WORDS, len(words) - 1) + 1):
        tail = " ".join(words[-k:])
        kind = next((c for c in _KINDS if _read(c, tail)), None)
        if kind is None:
            continue
        core = len(words) - k
        read = _read(kind, tail)
        while core > 1:
            wider = _read(kind, " ".join(words[core - 1 :]))
            if wider is None or wider == read:
                break
            core, read = core - 1, wider
        start = core
        while start > 1 and words[start - 1].lower() in _LEX.value_claim_value_leads:
            start -= 1
        return start, core, kind
    return None


def _named_attribute(stem: str, kind: str) -> str | None:
    """The attribute of `kind` a phrase of the stem names ("the term of the MSA": term), of
    the subject type the stem is of: an agreement's where it names an agreement, else an
    entity's or a person's (never "jurisdiction of incorporation" asked of an MSA)."""
    subjects = ("agreement",) if _AGREEMENT.search(stem) else ("entity", "person")
    for subject in subjects:
        for pattern, name in _LEX.attribute_phrases(subject):
            if not _of_kind(_LEX.attribute(name).value_kind, kind):
                continue
            if re.search(rf"(?<![\w-])(?:{pattern})(?![\w-])", stem, re.IGNORECASE):
                return name
    return None


def _subject_alone(subject: str) -> bool:
    """Is `subject` the subject phrase alone ("the MSA", "Halcyon's MSA with Northgate"), no
    predicate before a verb that describes it ("Halcyon a party to the MSA", "Brightline
    bound by the NDA", "the warranty under the MSA")?"""
    words = subject.split()
    for i, word in enumerate(words):
        lower = word.lower()
        if lower not in _BREAKS:
            continue
        between_names = (
            lower in _NAME_LINKS
            and 0 < i < len(words) - 1
            and words[i - 1][:1].isupper()
            and words[i + 1][:1].isupper()
        )
        if not between_names:
            return False
    return True


def _comparison(words: list[str], at: int) -> tuple[int, str] | None:
    """(where the comparison words before `at` start, the comparison) for "at least 1 year",
    "more than $1 million", "other than New York"; None where none stands there."""
    before = [w.lower() for w in words[:at]]
    for phrase, op in _LEX.value_claim_comparisons:
        n = len(phrase.split())
        if n < at and " ".join(before[at - n :]) == phrase:
            return at - n, op
    return None


def _magnitude(kind: str, text: str) -> tuple[str, float] | None:
    """(unit, number) of a value of a numeric kind ("2 years": days; "USD 5,000,000")."""
    read = _read_kind(kind, text, partial=False)
    if read is None:
        return None
    if kind == "duration":
        m = _DURATION.match(read)
        return ("day", float(m.group("n")) * _DURATION_DAYS[m.group("unit")]) if m else None
    if kind == "money":
        m = _MONEY.match(read)
        return (m.group("unit"), float(m.group("n").replace(",", ""))) if m else None
    m = _PERCENT.match(read)
    return ("%", float(m.group("n"))) if m else None


@dataclass(frozen=True)
class _Topic:
    """What a verb's subject that names the attribute's topic says: the party it is of, the
    agreement, the kind of the topic asked about ("gross negligence" of "Halcyon's liability
    for gross negligence under the MSA"; "" for the topic whole), and the subject without
    that kind ("Halcyon's liability under the MSA")."""

    owner: str
    agreement: str
    category: str
    plain: str


def _agreement_alone(text: str) -> bool:
    return bool(_AGREEMENT.search(text)) and _subject_alone(text)


def _category(text: str) -> str:
    """The kind of the topic `text` names ("gross negligence"), "" where its words name none
    (vocabulary `value_claim_category_fillers`: "claims", "obligations")."""
    return text if _content_words(text) else ""


def _content_words(text: str) -> list[str]:
    return [
        w
        for w in re.findall(r"[\w'’-]+", text.lower())
        if w not in _LEX.value_claim_category_fillers and len(w) > 2
    ]


def _topic_subject(subject: str, topics: str | None) -> _Topic | None:
    """The topic's subject ("Halcyon's liability under the MSA": Halcyon, the MSA; "liability
    under the MSA": "", the MSA; "the MSA's liability"), with the kind of the topic it names
    before or after the agreement ("liability for gross negligence under the MSA", "liability
    under the MSA for data breaches"); None where it names no topic of the attribute before
    an agreement's name alone (vocabulary `value_claim_topic_links`, `..._category_links`)."""
    if topics is None:
        return None
    links = "|".join(_LEX.value_claim_topic_links)
    kinds = "|".join(_LEX.value_claim_category_links)
    found = re.fullmatch(
        rf"(?:(?:the\s+)?(?P<owner>.+?)['’]s?\s+|(?:the\s+|any\s+)?)(?:{topics})\s+(?P<rest>.+)",
        subject,
        re.IGNORECASE,
    )
    if found is not None:
        owner = (found.group("owner") or "").strip()
        owner = owner if _subject_alone(owner) else ""
        head, rest = subject[: found.start("rest")], found.group("rest")
        plain = re.fullmatch(rf"(?:{links})\s+(?P<agreement>.+)", rest, re.IGNORECASE)
        if plain is not None and _agreement_alone(plain.group("agreement")):
            return _Topic(owner, plain.group("agreement").strip(), "", subject)
        # "for gross negligence under the MSA": the kind, then the agreement
        for link in re.finditer(rf"\s+(?:{links})\s+", rest, re.IGNORECASE):
            agreement = rest[link.end() :]
            kind = re.fullmatch(rf"(?:{kinds})\s+(?P<k>.+)", rest[: link.start()], re.IGNORECASE)
            if kind is not None and _agreement_alone(agreement):
                plain_subject = head + rest[link.start() :].strip()
                return _Topic(owner, agreement.strip(), _category(kind.group("k")), plain_subject)
        # "under the MSA for data breaches": the agreement, then the kind
        for link in re.finditer(rf"\s+(?:{kinds})\s+", rest, re.IGNORECASE):
            before = re.fullmatch(
                rf"(?:{links})\s+(?P<agreement>.+)", rest[: link.start()], re.IGNORECASE
            )
            if before is not None and _agreement_alone(before.group("agreement")):
                kind_text = rest[link.end() :].strip()
                plain_subject = head + rest[: link.start()].strip()
                return _Topic(
                    owner, before.group("agreement").strip(), _category(kind_text), plain_subject
                )
    found = re.fullmatch(rf"(?P<agreement>.+?)['’]s?\s+(?:{topics})", subject, re.IGNORECASE)
    if found is not None and _AGREEMENT.search(found.group("agreement")):
        return _Topic("", found.group("agreement").strip(), "", subject)
    return None


def _verb_said(found: re.Match[str], negations: str) -> str:
    """The verb as the answer says it before the value: the question's verb without its
    negation or the words the value opens with ("capped at")."""
    said = found.group(0)[: found.start("lead") - found.start()]
    said = re.sub(rf"^(?:{negations})\s+", "", said.strip(), flags=re.IGNORECASE)
    return " ".join(said.split()).lower()


def _proposition(words: list[str], found: re.Match[str], subject: str) -> str:
    """The yes/no question of the proposition alone, never negated: the question's plain
    opening, its subject and verb, the verb's last word dropped where the value follows it
    ("Is Halcyon's liability under the MSA capped?", "Does the MSA renew automatically?")."""
    verb = found.group(0)[: found.start("lead") - found.start()].split()
    if found.group("neg"):
        verb = verb[len(found.group("neg").split()) :]
    if len(verb) > 1 and verb[-1].lower() in _VALUE_LINKS:
        verb = verb[:-1]
    first = words[0].lower().translate(_APOSTROPHES)
    opening = next((c for c in _LEX.value_claim_copulas if first.startswith(c)), first)
    return " ".join([opening.capitalize(), *subject.split(), *verb]) + "?"


def _negated_before(words: list[str], at: int) -> bool:
    return at > 1 and words[at - 1].lower() in _LEX.value_claim_negations


def value_claim(question: str) -> ValueClaim | None:
    """The claim "attribute = value" a yes/no question states, or None (module doc). A law
    the claim is asked under ("... for 2 years under Delaware law?", "Under the laws of
    Delaware, is ...", skill/_claim_law.py) is set aside wherever it stands and kept as the
    claim's `law`, the claim read without it; a law that is the claim's value ("incorporated
    under the laws of Delaware") stays its value."""
    kinded = cap_kind(question)
    if kinded is not None:
        # "capped at $5 million for indemnification claims": the cap's value claim, judged
        # for the kind it names
        cut = value_claim(kinded.cut)
        if cut is not None and cut.verb:
            return replace(cut, category=cut.category or kinded.kind, category_placed=kinded.placed)
    claim = _value_claim(question)
    if claim is not None and claim.kind == "jurisdiction":
        return claim
    lawful = claim_law(question)
    if lawful is None:
        return claim
    plain, place = lawful
    without = _value_claim(plain)
    return replace(without, law=place) if without is not None else claim


def _value_claim(question: str) -> ValueClaim | None:
    text = " ".join(question.split()).rstrip("?. ").strip()
    words = text.split(" ")
    if len(words) < 3:
        return None
    verb = _opening(words)
    if verb is None:
        return None
    value_at = _value_at_end(words)
    if value_at is None:
        return None
    start, core, kind = value_at
    comparison = _comparison(words, start) or _comparison(words, core)
    if comparison is not None and kind not in _NUMERIC:
        # "other than New York": no value claim; "under New York law" is a verb's ("construed
        # under"), read below
        if comparison[1] == "ne":
            return None
        comparison = None
    op: str | None = None
    if comparison is not None:
        # "at least 1 year": judged as the comparison for a number
        op = comparison[1]
        cut = comparison[0]
        words = words[:cut] + words[start if comparison[0] < start else core :]
        value_at = _value_at_end(words)
        if value_at is None:
            return None
        start, core, kind = value_at
        if kind not in _NUMERIC:
            return None
    # "the MSA governed by (the laws of)": the claim's subject, then the attribute's verb
    # (which may end with words a value opens with: "have a term of")
    before_core = " ".join(words[1:core])
    leads = "|".join(map(re.escape, _LEX.value_claim_value_leads))
    negations = "|".join(map(re.escape, _LEX.value_claim_negations))
    for entry in _LEX.attributes:
        if not _of_kind(entry.value_kind, kind) or entry.value_claim_verbs is None:
            continue
        found = re.search(
            rf"(?<![\w-])(?:(?P<neg>{negations})\s+)?(?:{entry.value_claim_verbs})"
            rf"(?P<lead>(?:\s+(?:{leads}))*)$",
            before_core,
            re.IGNORECASE,
        )
        if found is None or not before_core[: found.start()].strip():
            continue
        subject = before_core[: found.start()].strip()
        phrase = (entry.label or entry.name.replace("_", " ")).lower()
        topic = _topic_subject(subject, entry.value_claim_topics)
        if topic is not None:
            # "Halcyon's liability under the MSA capped at": the proposition "liability is
            # capped" with its value, asked of the agreement (and the party it is of)
            of = f"{topic.owner} under {topic.agreement}" if topic.owner else topic.agreement
            asked = f"What {verb} the {phrase} of {of}?"
        elif not _subject_alone(subject):
            # "Is Halcyon a party to the MSA dated ...": the value describes the agreement
            return None
        else:
            asked = f"What {verb} the {phrase} of {subject}?"
        return ValueClaim(
            asked=asked,
            value=" ".join([*found.group("lead").split(), *words[core:]]),
            attribute=entry.name,
            negated=found.group("neg") is not None,
            comparison=op,
            kind=kind,
            verb=_verb_said(found, negations) if entry.value_claim_topics else "",
            proposition=(
                _proposition(words, found, topic.plain if topic is not None else subject)
                if entry.value_claim_proposition
                else ""
            ),
            category=topic.category if topic is not None else "",
        )
    value = " ".join(words[start:])
    negated = _negated_before(words, start)
    stem_words = words[1 : start - 1] if negated else words[1:start]
    # the stem names the attribute and ends with what it is of ("the term of the MSA"), never
    # with a word that asks something else of the value ("the term ... renewable for")
    if kind in ("date", "month_day") and len(stem_words) > 1:
        # "Does Halcyon's fiscal year end on December 31?": the words a date follows
        while len(stem_words) > 1 and stem_words[-1].lower() in _LEX.value_claim_date_links:
            stem_words = stem_words[:-1]
    if not stem_words or stem_words[-1].lower() in _QUESTION_WORDS:
        return None
    stem = " ".join(stem_words)
    attribute = _named_attribute(stem, kind)
    if attribute is None:
        return None
    return ValueClaim(
        asked=f"What {verb} {stem}?",
        value=value,
        attribute=attribute,
        negated=negated,
        comparison=op,
        kind=kind,
    )


def value_claim_answer(
    answer: Answer, claim: ValueClaim, question: str, held: Answer | None = None
) -> Answer:
    """The value question's answer, judged against the claim's value (its `evaluation`),
    said as the yes/no question asks it: "Yes — <value cited>" on a match, "No — <value
    cited>" on a mismatch (the two change places when the question negates the value), "Not
    stated in <agreement> — ..." when no value was read, "Not established — ..." when values
    were read that do not decide (a conflict, values under the engine's threshold). A subject
    not found stays so. The answer carries the question as asked and the claim in its
    subject's constraints (`claimed_value`, `claim_negated`).

    `held` is the answer to the claim's proposition asked without its value ("Is Halcyon's
    liability under the MSA capped?"), where its verb states one: the claim holds only where
    the proposition does, so a proposition answered "No — <cited>" answers the claim (its
    sentences cited); one answered "Yes" where no value is stated is said beside "Not stated"
    (the proposition holds, the value as asked is not stated)."""
    held_text = (
        (held.conclusion.answer or "")
        if held is not None and held.terminal_state == "CONCLUDED"
        else ""
    )
    refused = _LEAD_NO.match(held_text)
    if held is not None and refused is not None:
        lead = "Yes" if claim.negated else "No"
        return _claimed(held, claim, question, f"{lead} — {held_text[refused.end() :]}")
    if claim.category and not claim.category_placed and held is not None and held_text:
        # "capped at $5 million for Tuesday claims": no kind of liability the reader places;
        # the value claim still judged, a value that does not hold answers it
        valued = value_claim_answer(answer, replace(claim, category=""), question, held)
        if (valued.conclusion.answer or "").startswith("Yes — " if claim.negated else "No — "):
            return valued
        unplaced = (
            f"Not established — whether the cap holds for {claim.category} is not read (no"
            f" kind of liability the reader places); the cap: {held_text}"
        )
        return _claimed(held, claim, question, unplaced)
    exceptions = _EXCEPTIONS.search(held_text) if _LEAD_YES.match(held_text) else None
    kind = (
        cap_kind_judged(claim.category, exceptions.group(1))
        if claim.category and exceptions
        else None
    )
    if kind is not None and held is not None and kind.whole:
        # "Halcyon's liability for gross negligence under the MSA": a kind the clause
        # excepts from the cap is not capped by it, whatever the value
        lead = "Yes" if claim.negated else "No"
        excepted = f"{lead} — {claim.category} is excepted from the cap: {_terms(held_text)}"
        return _claimed(held, claim, question, excepted)
    if kind is not None and held is not None and kind.spoken:
        # "for gross negligence and data breaches": one part excepted, one not
        mixed = _kind_mixed(kind, claim.category, _terms(held_text))
        return _claimed(held, claim, question, mixed)
    text: str | None = None
    # the "Not stated" lead written here is carried as its signal too (skill/_claim_leads.py)
    silent = False
    evaluation = answer.evaluation
    undated = (
        claim.kind in ("date", "month_day")
        and bool(answer.conclusion.values)
        and not _dates_read(answer)
        and not (claim.kind == "month_day" and _year_days_read(answer))
    )
    if answer.terminal_state == "CONCLUDED" and evaluation is not None and undated:
        # "Does the MSA terminate on December 31?": a date claim is judged against dates
        # only; the MSA's length (3 years) is no date it ends on
        where = " or ".join(c.name for c in answer.candidate_subjects) or "the documents"
        label = claim.attribute.replace("_", " ")
        text = f"{NOT_STATED} in {where} — no {label} stated as a date"
        silent = True
    elif answer.terminal_state == "CONCLUDED" and evaluation is not None:
        shown = answer.conclusion.answer or ""
        judged = claim.comparison is not None or claim.kind == "month_day"
        compared = _compared(answer, claim) if judged else None
        if judged and answer.conclusion.values and compared is None:
            text = _not_established(shown)
            days = _month_days(claim.value) if claim.kind == "month_day" else ()
            if len(days) > 1:
                # "1/9": 9 January or 1 September, never one of them picked silently
                told = " or ".join(_day_said(day) for day in days)
                text = f"Not established ({claim.value} is {told}) — {shown}"
        elif compared is not None:
            text = _verdict(compared != claim.negated, claim, shown, held_text)
        elif evaluation.outcome in ("match", "mismatch"):
            holds = (evaluation.outcome == "match") != claim.negated
            text = _verdict(holds, claim, shown, held_text)
        elif not answer.conclusion.values:
            where = " or ".join(c.name for c in answer.candidate_subjects) or "the documents"
            said = shown or f"no {claim.attribute.replace('_', ' ')} found"
            text = said if said.startswith(NOT_STATED) else f"{NOT_STATED} in {where} — {said}"
            silent = True
            if _LEAD_YES.match(held_text):
                # the proposition holds, its value as asked is not stated
                text = f"{text}; asked without the value ({claim.proposition}): {held_text}"
        else:
            text = _not_established(shown)
    claimed = _claimed(answer, claim, question, text)
    if silent and NOT_STATED_SIGNAL not in claimed.risk_signals:
        claimed = claimed.model_copy(
            update={"risk_signals": [*claimed.risk_signals, NOT_STATED_SIGNAL]}
        )
    if held is not None and text is not None and _terms(held_text) and held.evidence:
        # the clause whose exceptions or conditions the answer says, cited
        cited = [*claimed.evidence, *(e for e in held.evidence if e not in claimed.evidence)]
        claimed = claimed.model_copy(update={"evidence": cited})
    return claimed


def _terms(held_text: str) -> str:
    """What the proposition's answer says its clause holds with ("Yes, with conditions — ...",
    "Yes — ... (exceptions: ...)"): its text after its lead; "" where it holds plainly."""
    lead = _LEAD_YES.match(held_text)
    if lead is None:
        return ""
    conditional = held_text[: lead.end()].rstrip(" —") != "Yes"
    if not conditional and not _EXCEPTED.search(held_text):
        return ""
    return held_text[lead.end() :]


def _day_said(day: str) -> str:
    """ "--01-09" as "9 January"."""
    return f"{int(day[5:])} {_LEX.months[int(day[2:4]) - 1].capitalize()}"


def _verdict(holds: bool, claim: ValueClaim, shown: str, held_text: str) -> str:
    """ "Yes — <value said>" / "No — <value said>"; where the proposition holds with
    exceptions or conditions ("EXCEPT FOR A PARTY'S INDEMNIFICATION OBLIGATIONS, ... SHALL
    NOT EXCEED ..."), its clause and them after the value (a Yes led as the proposition's:
    "Yes, with conditions"): the value holds outside the cases the clause excepts."""
    if claim.category and not _LEAD_YES.match(held_text):
        # "liability for gross negligence": the cap's clause not read, whether it excepts
        # the kind asked is not known (a kind may be excepted or capped apart)
        return (
            f"Not established — {_said(claim, shown)}; whether it holds for {claim.category}"
            " is not read (the clause's exceptions were not read)"
        )
    terms = _terms(held_text)
    # a kind asked that the clause does not speak of: the cap's verdict, with the note
    note = (
        f"; the clause names no exception for {claim.category}"
        if claim.category and not cap_kind_judged(claim.category, held_text).spoken
        else ""
    )
    if not terms:
        return f"{'Yes' if holds else 'No'} — {_said(claim, shown)}{note}"
    said = _LEAD_YES.match(held_text)
    lead = held_text[: said.end()].rstrip(" —") if holds and said is not None else "No"
    return f"{lead} — {_said(claim, shown)}; the clause: {terms}{note}"


def _claimed(answer: Answer, claim: ValueClaim, question: str, text: str | None) -> Answer:
    """`answer` as the claim's: the question as asked, the claim in its subject's
    constraints, `text` (where given) its conclusion's answer."""
    constraints = {
        **answer.subject_class.constraints,
        "claimed_value": claim.value,
        **({"claim_negated": True} if claim.negated else {}),
        **({"under_law": claim.law} if claim.law else {}),
    }
    subject = answer.subject_class.model_copy(
        update={"constraints": dict(sorted(constraints.items()))}
    )
    update: dict[str, object] = {"question": question, "subject_class": subject}
    if text is not None:
        update["conclusion"] = answer.conclusion.model_copy(update={"answer": text})
    return answer.model_copy(update=update)


def _said(claim: ValueClaim, shown: str) -> str:
    """The value shown, after the proposition's verb where the claim states one ("capped at
    USD 5,000,000")."""
    return f"{claim.verb} {shown}" if claim.verb and shown else shown


def _not_established(shown: str) -> str:
    """ "Not established — <shown>", said once where the shown answer says it already."""
    if shown.lower().startswith("not established"):
        return "Not established" + shown[len("not established") :]
    return f"Not established — {shown}"


def _dates_read(answer: Answer) -> list[list[Mention]]:
    """The dates each value read is (a duration read for a date attribute is none)."""
    return [
        found for cited in answer.conclusion.values for found in [find_dates(cited.value)] if found
    ]


def _year_days_read(answer: Answer) -> set[str]:
    """The days of the year ("-12-31") the values read state with no year ("December 31", a
    company's fiscal year end as its bylaws state it); a numeric form two orders read is
    none of them."""
    return {
        days[0][1:]
        for cited in answer.conclusion.values
        for days in [_month_days(cited.value)]
        if len(days) == 1
    }


def _compared(answer: Answer, claim: ValueClaim) -> bool | None:
    """Does every value read hold the claim's comparison ("at least 1 year": 2 years, yes)?
    None where a value is not a number of the claimed value's unit, or the values differ in
    it."""
    if claim.kind == "month_day":
        # "December 31": each date read is that day of its year, or not; a day two orders
        # read ("3/4") holds of none where neither is a date read, else is not established
        days = {day[1:] for day in _month_days(claim.value)}
        dated = {found[0].value[4:] for found in _dates_read(answer)} | _year_days_read(answer)
        if not days or not dated:
            return None
        if not dated & days:
            return False
        return True if len(days) == 1 and dated <= days else None
    claimed = _magnitude(claim.kind, claim.value)
    compare = _COMPARE.get(claim.comparison or "")
    if claimed is None or compare is None:
        return None
    held: set[bool] = set()
    for cited in answer.conclusion.values:
        read = _magnitude(claim.kind, cited.value)
        if read is None or read[0] != claimed[0]:
            return None
        held.add(compare(round(read[1], 6), round(claimed[1], 6)))
    return held.pop() if len(held) == 1 else None


# a cap's words and a liability's, both in a question that asks a cap of a kind of liability
_CAP_WORDS = re.compile(
    r"\b(?:un)?(?:capped|limited)\b|\b(?:caps?|limits?|limitations?|ceilings?|maximums?)\b",
    re.IGNORECASE,
)
_LIABILITY = re.compile(r"\b(?:liab\w*|damages|exposure)\b", re.IGNORECASE)
# the words a kind ends before ("for indemnification claims under the MSA", "... capped")
_KIND_STOPS = re.compile(
    r"\s+(?:under|pursuant\s+to|(?:un)?capped|(?:un)?limited|not|never|subject|is|are|be)\b",
    re.IGNORECASE,
)
# the words a kind of liability ends with that say it is one ("for third-party claims")
_KIND_ENDS = frozenset(("claim", "claims", "obligations", "liability", "liabilities", "losses"))


@dataclass(frozen=True)
class CapKind:
    """A cap claim that names a kind of liability ("Is Halcyon's liability under the MSA
    capped for indemnification claims?"): the question without the kind (`cut`, as asked),
    that question's cap asked plainly (`plain`: "Is Halcyon's liability under the MSA
    capped?"), the kind, whether the question negates the cap ("uncapped for", "no cap on
    ... for"), and whether the kind is one the lexicon places (`value_claim_cap_kinds`)."""

    cut: str
    plain: str
    kind: str
    negated: bool
    placed: bool


def _kind_words(text: str, names: frozenset[str] = frozenset()) -> list[str]:
    """The kind's content words, each spelled as the lexicon reads it ("wilful": "willful");
    a party's name is none: a possessive ("Northgate's claims") or one of `names` (words the
    question says outside the kind), unless the lexicon places it as a kind."""
    spell = _LEX.value_claim_spellings
    kinds = _LEX.value_claim_cap_kinds | _LEX.value_claim_cap_kind_qualifiers
    out = []
    for word in re.findall(r"[\w'’-]+", text.lower()):
        bare = re.sub(r"['’]s?$", "", word)
        word = spell.get(word, word)
        if word in _LEX.value_claim_category_fillers or len(word) <= 2:
            continue
        if (bare != word or bare in names) and spell.get(bare, bare) not in kinds:
            continue
        out.append(word)
    return out


def _value_cut(before: str) -> bool:
    """Does `before` (a question up to a kind's link) end inside a value's phrase: a cap's
    verb and the word a value follows ("capped at", "limited to"), then words that do not
    read whole as a value ("fees paid" of "limited to fees paid in the prior twelve
    months")?"""
    value_links = "|".join(map(re.escape, _LEX.value_claim_value_links))
    found = list(
        re.finditer(
            rf"(?:{_CAP_WORDS.pattern})\s+(?:{value_links})\s+(?=\S)", before, re.IGNORECASE
        )
    )
    if not found:
        return False
    opened = found[-1]
    words = before.split()
    at = _value_at_end(words)
    return at is None or " ".join(words[at[0] :]) != before[opened.end() :].strip()


def cap_kind(question: str) -> CapKind | None:
    """The kind of liability a cap claim names (`CapKind`), wherever it stands: after the
    topic ("liability for indemnification claims under the MSA"), after the agreement
    ("capped for", "uncapped with respect to", "no cap on ... in respect of"), after a value
    ("capped at $5M for ..."); None where the question asks no cap or names no kind (a party,
    an agreement, a value after the link is none)."""
    text = " ".join(question.split()).rstrip("?. ").strip()
    first = _LIABILITY.search(text) or _CAP_WORDS.search(text)
    if first is None or _LIABILITY.search(text) is None or _CAP_WORDS.search(text) is None:
        return None
    links = "|".join(_LEX.value_claim_category_links)
    for link in re.finditer(rf"\s+(?:{links})\s+", text, re.IGNORECASE):
        if link.start() < first.end():
            continue
        rest = text[link.end() :]
        stop = _KIND_STOPS.search(rest)
        kind = (rest[: stop.start()] if stop else rest).strip(" ,")
        if not kind or _AGREEMENT.search(kind) or re.search(r"\d", kind):
            continue
        cut = " ".join((text[: link.start()] + (rest[stop.start() :] if stop else "")).split())
        # a party the question names outside the kind is none of it ("for Northgate claims
        # under the Northgate MSA"); nor are quantifiers ("for all claims")
        names = frozenset(re.sub(r"['’]s?$", "", w) for w in re.findall(r"[\w'’-]+", cut.lower()))
        words = _kind_words(kind, names)
        placed = any(_listed(w, _LEX.value_claim_cap_kinds) or _qualifier(w) for w in words)
        if not words or not (placed or kind.lower().split()[-1] in _KIND_ENDS):
            continue
        if _value_cut(text[: link.start()]):
            # "limited to fees paid in the prior twelve months": never cut inside the value
            continue
        if _CAP_WORDS.search(cut) is None or _LIABILITY.search(cut) is None:
            continue
        plain = cut
        for pattern, positive in _LEX.value_claim_cap_positives:
            plain = re.sub(pattern, positive, plain, flags=re.IGNORECASE)
        return CapKind(cut + "?", plain + "?", kind, plain != cut, placed)
    return None


@dataclass(frozen=True)
class _KindJudged:
    """A kind asked judged against a clause's text: its parts ("gross negligence and
    indemnification claims": two) the text names whole, those it does not, and whether it
    names any of their kind words at all."""

    excepted: tuple[str, ...]
    others: tuple[str, ...]
    spoken: bool

    @property
    def whole(self) -> bool:
        return bool(self.excepted) and not self.others


def _bare(word: str) -> str:
    """A word as judged: lower case, its possessive and hyphens dropped, spelled as the
    lexicon reads it ("wilful": "willful", "party's": "party", "third-party": "thirdparty")."""
    word = re.sub(r"['’]s?$", "", word.lower())
    return _LEX.value_claim_spellings.get(word, word).replace("-", "")


def _kind_parts(kind: str) -> list[tuple[str, list[str]]]:
    """The parts of a kind asked, each with the words it is judged by: the kinds joined by
    "and", "or", "and/or" or a comma, each judged apart; of each, the lexicon's kind words
    (`value_claim_cap_kinds`), its qualifiers ("third-party") only where it has no other,
    any content word where it has neither; a party's name (a possessive) never."""
    joins = "|".join(_LEX.value_claim_cap_kind_joins)
    parts = []
    for part in re.split(rf"\s*,\s*|\s+(?:{joins})\s+", kind, flags=re.IGNORECASE):
        words = _kind_words(part)
        judged = (
            [w for w in words if _listed(w, _LEX.value_claim_cap_kinds) and not _qualifier(w)]
            or [w for w in words if _qualifier(w)]
            or words
        )
        if judged:
            parts.append((part.strip(" ,"), judged))
    return parts


def _listed(word: str, words: frozenset[str]) -> bool:
    """Is `word` one of `words` in some form ("tax" of "taxes": the same Snowball stem)?"""
    return word in words or any(stem(_bare(word)) == stem(_bare(w)) for w in sorted(words))


def _qualifier(word: str) -> bool:
    return _listed(word, _LEX.value_claim_cap_kind_qualifiers)


def cap_kind_judged(kind: str, text: str) -> _KindJudged:
    """`kind` judged against `text` (a clause's exceptions): a part is excepted where the
    text names each of its words in some form (skill/_topic.same_word: "taxes" = "tax",
    "indemnity" = "indemnification")."""
    said = sorted({_bare(w) for w in re.findall(r"[\w'’-]+", text)})
    excepted: list[str] = []
    others: list[str] = []
    spoken = False
    for part, words in _kind_parts(kind):
        named = [any(same_word(_bare(w), s) for s in said) for w in words]
        spoken = spoken or any(named)
        (excepted if all(named) else others).append(part)
    return _KindJudged(tuple(excepted), tuple(others), spoken)


def _kind_mixed(judged: _KindJudged, kind: str, clause: str) -> str:
    """ "Not established — ..." for a kind the exceptions name in part: which part they
    except, which they do not name."""
    if judged.excepted:
        named = " and ".join(judged.excepted)
        rest = " and ".join(judged.others)
        return (
            f"Not established — {named} is excepted from the cap, {rest} is not named in its"
            f" exceptions: {clause}"
        )
    return f"Not established — the cap's exceptions name {kind} in part: {clause}"


def cap_kind_answer(held: Answer, claim: CapKind, question: str) -> Answer:
    """The cap's answer (`held`, to the cap asked plainly) judged for the kind the question
    names: a kind the clause excepts is not capped ("No — indemnification is excepted from
    the cap: <the clause>"; "Yes" asked negated); a kind it does not except has the cap's
    verdict, with the note that the clause names no such exception where it does not speak
    of the kind; a kind the lexicon does not place, or a cap not read, is not established."""
    text = (held.conclusion.answer or "") if held.terminal_state == "CONCLUDED" else ""
    if held.subject_class.constraints.get("negated"):
        # the cap negated as asked ("Is there no cap on ...?": "No — <the cap's clause>"): its
        # answer as the cap's own
        swapped = _LEAD_NO.match(text) or _LEAD_YES.match(text)
        if swapped is not None:
            lead = "Yes" if _LEAD_NO.match(text) else "No"
            text = f"{lead} — {text[swapped.end() :]}"
    yes, no = ("No", "Yes") if claim.negated else ("Yes", "No")
    refused = _LEAD_NO.match(text)
    held_yes = _LEAD_YES.match(text)
    said: str | None
    if not claim.placed and (held_yes or refused):
        said = (
            f"Not established — whether the cap holds for {claim.kind} is not read (no kind of"
            f" liability the reader places); the cap: {text}"
        )
    elif refused is not None:
        said = f"{no} — {text[refused.end() :]}"
    elif held_yes is not None:
        rest = text[held_yes.end() :]
        exceptions = _EXCEPTIONS.search(text)
        # the cap's own lead where it holds with conditions ("Yes, with conditions")
        lead = text[: held_yes.end()].rstrip(" —") if not claim.negated else yes
        judged = cap_kind_judged(claim.kind, exceptions.group(1)) if exceptions else None
        if judged is not None and judged.whole:
            said = f"{no} — {claim.kind} is excepted from the cap: {rest}"
        elif judged is not None and judged.spoken:
            said = _kind_mixed(judged, claim.kind, rest)
        elif cap_kind_judged(claim.kind, rest).spoken:
            said = f"{lead} — {rest}"
        else:
            said = f"{lead} — {rest}; the clause names no exception for {claim.kind}"
    else:
        said = None
    update: dict[str, object] = {"question": question}
    if said is not None:
        update["conclusion"] = held.conclusion.model_copy(update={"answer": said})
    return held.model_copy(update=update)
