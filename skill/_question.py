"""State 1 from prose: the subject class of a question in natural language.

A question is normalized, a single time it names is set aside (`time_qualifier`), and the
grammar (skill/_question_grammar.py) reads the rest. A question that fits no kind raises
`SubjectClassError`: the skill never guesses a subject. Nor does it resolve a reference to
an entity named elsewhere ("its CFO" alone).
"""

from __future__ import annotations

import itertools
import re

from domain import lexicon
from skill._errors import SubjectClassError
from skill._question_grammar import _RULES
from skill._subject import HOLDER_ATTRIBUTES, QuestionKind, SubjectClass
from skill._values import find_dates

_LEXICON = lexicon()

_ABBREVIATED_END = re.compile(
    r"\b(?:inc|corp|co|ltd|l\.l\.c|n\.a|s\.a|n\.v|b\.v|k\.k|jr|sr|p\.c|l\.p|s\.a\.s)\.$",
    re.IGNORECASE,
)


_IN_FORCE_LEAD = re.compile(
    r"^(?:as\s+(?:amended|restated|amended\s+and\s+restated)|currently|at\s+present)\s*,\s*",
    re.IGNORECASE,
)
_IN_FORCE_WORD = re.compile(
    r"\b(the|its|their)\s+(?:current|present|prevailing|currently\s+applicable)\s+", re.IGNORECASE
)


def _normalize(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = text.replace("–", "-").replace("—", "-")
    text = re.sub(r"\b(what|who|where|when|which|how)'s\b", r"\1 is", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(what|who|where|when|which|how)'re\b", r"\1 are", text, flags=re.IGNORECASE)
    text = " ".join(text.split()).rstrip(" ?!")
    # "As amended, ...", "the current cap": a question about what is in force, which is what
    # every answer gives (issue 16: a stated supersession decides it)
    text = _IN_FORCE_LEAD.sub("", text)
    text = _IN_FORCE_WORD.sub(r"\1 ", text)
    # A final full stop ends the sentence, unless it belongs to "Inc." or "N.A.".
    if text.endswith(".") and not _ABBREVIATED_END.search(text):
        text = text[:-1].rstrip()
    return text


# Instructions around a question (issue 33): "Assume that you are an analyst.", "Answer in USD
# millions.", "Round your answer to two decimal places.", "X is defined as: ...". The words
# that open one are the lexicon's (`question_instructions`).
_INSTRUCTION_WORDS = _LEXICON.question_instructions
_ASKING_OPENERS = (
    r"what|which|who|whom|whose|when|where|why|how|is|are|was|were|does|do|did|has|have|had|"
    r"can|could|may|might|must|shall|should|will|would"
)
# "... Here's the question: what is ...?": the question after its lead-in.
_LEAD_IN = re.compile(rf":\s*(?=(?:{_ASKING_OPENERS})\b)", re.IGNORECASE)
# A sentence ends at ". ", "! " or "? " before a capital (or a question word after "?").
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(])")
_DEFINITION = re.compile(r"\b(?:is|are)\s+(?:defined|calculated|computed)\s+as\b", re.I)


def _instruction(sentence: str) -> bool:
    words = re.findall(r"[A-Za-z']+", sentence)
    return bool(words) and (
        words[0].lower() in _INSTRUCTION_WORDS or _DEFINITION.search(sentence) is not None
    )


def question_focus(text: str) -> str:
    """The words of a question read for its subject and what it asks: without the
    instructions before or after it ("Assume that you are an analyst.", "Answer in USD
    millions."), a lead-in ending in a colon ("Here's the question: what is ...?") or the
    definitions after it ("DPO is defined as: ..."). A question with nothing of the kind, or
    made of instructions only ("Summarize the MSA between A and B."), is kept as written."""
    text = " ".join(text.split())
    mark = text.find("?")
    head, tail = (text[: mark + 1], text[mark + 1 :]) if mark >= 0 else (text, "")
    cut = 0
    for colon in re.finditer(":", head):
        # "Here's the question: name the ...": a lead-in whose sentence is an instruction
        # (and so is every sentence before it: never the question's own definitions)
        starts = [0, *(m.end() for m in _SENTENCE_END.finditer(head, 0, colon.start()))]
        sentences = [head[a:b] for a, b in itertools.pairwise([*starts, colon.start()])]
        if all(_instruction(sentence) for sentence in sentences):
            cut = colon.end()
    leads = list(_LEAD_IN.finditer(head))
    if leads:
        cut = max(cut, leads[-1].end())
    head = head[cut:].lstrip() or head
    sentences = [s for s in _SENTENCE_END.split(head) if s]
    kept = [s for s in sentences if not _instruction(s)]
    if mark < 0 or not kept:
        # no question mark: the question is the sentences that are not instructions
        kept = kept or sentences
    rest = [s for s in _SENTENCE_END.split(tail.strip()) if s and not _instruction(s)]
    if mark >= 0 and rest and kept:
        # a second question after the first ("... ? And who ...?"): read as written
        return " ".join([*kept, *rest])
    return " ".join(kept) if kept else text


# A subject put before the question, as a heading or a topic: "3M: what was ...?", "For
# Acme Corp: who ...?", "Regarding Acme, who ...?", "Acme - who ...?". The words that may lead
# it are the lexicon's (`question_topic_leads`); the topic is at most eight words, none of them
# an instruction's first word ("Answer in USD millions: what ...?" is no topic).
_TOPIC_LEADS = "|".join(
    r"\s+".join(map(re.escape, lead.split()))
    for lead in sorted(_LEXICON.question_topic_leads, key=lambda w: (-len(w), w))
)
_FRONTED_TOPIC = re.compile(
    rf"^\s*(?:(?:{_TOPIC_LEADS})\s+)?(?P<topic>[^\s:;?!][^:;?!]{{0,79}}?)\s*"
    rf"(?::\s*(?P<question>[^?]+)|(?:,|\s-\s)\s*(?P<asked>(?:{_ASKING_OPENERS})\b[^?]*))"
    rf"(?P<end>\?)?\s*$",
    re.IGNORECASE,
)


def topic_put_last(text: str) -> tuple[str, str, str] | None:
    """`text` with the subject put before its question moved after it ("3M: what was net
    income in 2018?" -> "what was net income in 2018 for 3M?"; after a colon the question may
    be a bare noun phrase, "3M: net income for FY2018?"), that subject's words and the question
    after them, or None where no such subject leads it."""
    m = _FRONTED_TOPIC.match(" ".join(text.split()))
    if m is None:
        return None
    topic = m.group("topic").strip()
    words = re.findall(r"[A-Za-z0-9'&.]+", topic)
    if not words or len(words) > 8 or words[0].lower() in _INSTRUCTION_WORDS:
        return None
    asked = (m.group("question") or m.group("asked")).rstrip()
    return f"{asked} for {topic}{m.group('end') or ''}", topic, asked


# Words that refer back to an entity named elsewhere (an earlier question): the subject
# cannot be identified from the question alone.
_REFERENCE = re.compile(
    r"^(?:it|its|itself|they|them|their|he|him|his|she|her|this|that|these|those|"
    r"(?:(?:the|this|that|such|said)\s+)?(?:company|corporation|entity|firm|business|person|"
    r"individual|party|counterparty|target|issuer|same)|(?:its|their|his|her)\s+.+)$",
    re.IGNORECASE,
)


def _reject_references(text: str, subject: SubjectClass) -> None:
    names = [
        subject.name,
        subject.parent_entity,
        subject.constraints.get("party"),
        *subject.parties,
    ]
    for name in names:
        # "the Company" written as a defined term is kept as written (the gate decides).
        if isinstance(name, str) and _REFERENCE.match(name.strip()) and name.islower():
            raise SubjectClassError(
                text,
                f"it refers to an entity as {name!r} without naming it; name the entity "
                "(each question is read on its own)",
            )


# The longest question read (after whitespace is normalized). The API advertises and
# enforces this same figure (api/_limits.py: max_question_chars may lower it, never raise it).
MAX_QUESTION_CHARS = 2000


# The words before a time in a question ("Who was the CFO of X in 2022?").
_TIME_WORDS = r"(?:in|during|as\s+of|as\s+at|on|at\s+the\s+end\s+of|by\s+the\s+end\s+of)"


def time_qualifier(question: str) -> tuple[str, str] | None:
    """(the question without its time, the time as ISO "2022", "2022-03" or "2022-03-01")
    for a question that names one time; None otherwise."""
    dates = find_dates(question, partial=True)
    if len(dates) != 1:
        return None
    mention = dates[0]
    before = re.search(
        rf"(?i)[\s,]*\b{_TIME_WORDS}\s+(?:the\s+year\s+)?$", question[: mention.start]
    )
    if before is None:
        return None
    rest = question[: before.start()] + question[mention.end :]
    return " ".join(rest.split()).replace(" ?", "?").lstrip(", "), mention.value


def parse_question(text: str) -> SubjectClass:
    """The subject class of a natural-language question; SubjectClassError when none fits.

    A role question that names one time ("Who was the CFO of X in 2022?") is read without it,
    and the time is kept as `constraints.as_of` (the holders then, not now: skill/_tenure)."""
    dated = time_qualifier(_normalize(text))
    if dated is not None:
        try:
            subject = _parse_question(text, dated[0])
        except SubjectClassError:
            subject = None
        if subject is not None and (
            subject.kind == QuestionKind.ROLE
            or (subject.kind == QuestionKind.YES_NO and subject.role is not None)
            # "Who was X's auditor in 2015?" asks for the holder then; other attributes keep
            # their dates in the question ("shares outstanding as of June 30, 2023")
            or (
                subject.kind == QuestionKind.ENTITY_ATTRIBUTE
                and subject.attribute in HOLDER_ATTRIBUTES
            )
        ):
            constraints = dict(sorted({**subject.constraints, "as_of": dated[1]}.items()))
            return subject.model_copy(update={"constraints": constraints})
    return _parse_question(text, text)


def _parse_question(text: str, read: str) -> SubjectClass:
    question = _normalize(read)
    if not question:
        raise SubjectClassError(text, "the question is empty")
    if len(question) > MAX_QUESTION_CHARS:
        raise SubjectClassError(
            text,
            f"the question is longer than {MAX_QUESTION_CHARS} characters "
            f"(limit max_question_chars = {MAX_QUESTION_CHARS})",
        )
    for rule in _RULES:
        match = rule.regex.match(question)
        if match is None:
            continue
        groups = {k: v for k, v in match.groupdict().items() if v is not None}
        subject = rule.build(groups)
        if subject is not None:
            _reject_references(text, subject)
            return subject
    raise SubjectClassError(
        text,
        "it fits no supported question kind (a role, relation or attribute of a named entity; "
        "an attribute, the parties or obligations of an agreement; an attribute of a person "
        "reached through a role; or a yes/no claim about one of these)",
    )
