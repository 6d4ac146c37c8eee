"""The time a yes/no question about an agreement asks its claim at ("Can Halcyon, as of January
1, 2024, pay dividends?", "Was Halcyon as of June 2024 party to the MSA?", "... in 2024?",
"during fiscal 2023", "for FY2023", "as at year end"; vocabulary.yaml `question_time_leads`,
`question_time_periods`).

Such a phrase qualifies the claim; it names no party and is no word of the claim. Left in, it
is read as a name's words ("Halcyon as of June 2024" as one party) or breaks the claim's
reading, so that an open reading answers another attribute (a salary for a dividends
question). It is set aside from the words the subject and claim are read in and kept as the
subject's `constraints.as_of`. A time after a word that makes it what the claim asserts ("Does
the MSA expire on December 31, 2025?", "the MSA dated as of ...": `question_time_asserted_after`)
is read as written, and so is a question naming more than one time."""

from __future__ import annotations

import re

from domain import lexicon
from skill._question_claims import question_claim
from skill._subject import HOLDER_ATTRIBUTES, SubjectClass
from skill._values import find_dates

_LEX = lexicon()
# the lead words right before a time (the text before it ends with them), with an optional
# comma before them: ", as of January 1, 2024," is set off whole
_LEAD = re.compile(
    r"(?P<comma>\s*,)?\s*(?<![\w'’-])(?P<lead>" + "|".join(_LEX.question_time_leads) + r")\s+$",
    re.IGNORECASE,
)
_PERIOD = re.compile(
    r"(?<![\w'’-])(?:" + "|".join(_LEX.question_time_periods) + r")(?![\w'’-])", re.IGNORECASE
)
_AUXILIARIES = frozenset(w.lower() for w in _LEX.question_auxiliaries)
_ASSERTED_AFTER = _LEX.question_time_asserted_after


def _times(question: str) -> list[tuple[int, int, str]]:
    """(start, end, value) of each time the question writes: a date (its ISO value) or a
    period (its words), a period holding a date taken whole with the date's value."""
    spans = [(m.start, m.end, m.value) for m in find_dates(question, partial=True)]
    for m in _PERIOD.finditer(question):
        inside = [s for s in spans if s[0] < m.end() and m.start() < s[1]]
        if len(inside) > 1:
            continue
        words = " ".join(m.group(0).split())
        # "fiscal 2023" is the date's year; "Q2 2024" a period of its own
        outside = m.group(0).replace(question[inside[0][0] : inside[0][1]], "") if inside else ""
        value = inside[0][2] if inside and not re.search(r"\d", outside) else words
        start = min([m.start(), *(s[0] for s in inside)])
        end = max([m.end(), *(s[1] for s in inside)])
        spans = [s for s in spans if s not in inside] + [(start, end, value)]
    return sorted(spans)


def claim_time(question: str) -> tuple[str, str] | None:
    """(the question without its time phrase, the time) for a yes/no question (opening with
    an auxiliary) that names one time after a lead word ("as of", "in", "during", ...) that
    no word asserting it precedes; None otherwise."""
    words = question.split()
    if not words or words[0].lower() not in _AUXILIARIES:
        return None
    times = _times(question)
    if len(times) != 1:
        return None
    start, end, value = times[0]
    lead = _LEAD.search(question[:start])
    if lead is None:
        return None
    before = question[: lead.start()].split()
    if not before or before[-1].lower().strip(",") in _ASSERTED_AFTER:
        return None
    rest = question[end:]
    if lead.group("comma"):
        # ", as of January 1, 2024, pay": the phrase set off by commas goes whole
        rest = re.sub(r"^\s*,", "", rest)
    text = question[: lead.start()] + " " + rest
    text = " ".join(text.split())
    text = re.sub(r"\s+([?.!,;])", r"\1", text)
    return text, value


def about_an_agreement(subject: SubjectClass, text: str) -> bool:
    """Does `subject` (read from `text`, the question without its time) ask a claim of an
    agreement: its terms, a party being party to it, or an action asked of a party in the
    question's own words ("Can Halcyon pay dividends?": what its agreements permit)? Never an
    office held at a time (skill/_tenure) nor a company's figures."""
    if subject.role is not None or subject.attribute in HOLDER_ATTRIBUTES:
        return False
    if subject.type == "agreement" or subject.document_type is not None:
        return True
    return question_claim(text, subject) is not None


def with_claim_time(subject: SubjectClass, time: str) -> SubjectClass:
    """`subject` with the time its claim is asked at (`constraints.as_of`)."""
    constraints = dict(sorted({**subject.constraints, "as_of": time}.items()))
    return subject.model_copy(update={"constraints": constraints})


def without_claim_time(question: str, subject: SubjectClass) -> str:
    """`question` as its claim and intent readers read it: its time phrase set aside where
    the subject was read without it (`constraints.as_of` of a claim, not of an office)."""
    if (
        "as_of" not in subject.constraints
        or subject.role is not None
        or subject.attribute in HOLDER_ATTRIBUTES
    ):
        return question
    dated = claim_time(question)
    return dated[0] if dated is not None else question
