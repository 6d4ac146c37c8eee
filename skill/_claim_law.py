"""The law a yes/no question asks its claim under ("Can Northgate terminate the MSA under
Delaware law?", "May Halcyon, under the laws of the State of New York, assign the MSA?";
vocabulary.yaml `question_law_leads`, `question_law_words`).

Such a phrase qualifies the claim: it is no word of a party's name ("Halcyon under Delaware"
read as a party) nor of the claim's action. It is set aside from the words the subject and
claim are read in and kept as the subject's `constraints.under_law` (the jurisdiction as the
lexicon names it); the claim is judged on the agreement's own terms, and the answer's next
actions say how its governing law is asked. A question asking the governing law itself ("Is
the MSA governed by Delaware law?") is a value claim (skill/_value_claims.py), read before."""

from __future__ import annotations

import re

from domain import lexicon
from skill._subject import SubjectClass
from skill._values import find_jurisdictions

_LEX = lexicon()
_AUXILIARIES = frozenset(w.lower() for w in _LEX.question_auxiliaries)
_LAW_WORDS = "|".join(_LEX.question_law_words)
_JOINERS = "|".join(_LEX.question_law_joiners)
# "law" before a capitalised word is a word of a name ("the Delaware Law Partners agreement",
# "New York Law School")
_NO_NAME = r")(?![\w'’-])(?!\s+(?-i:[A-Z])"
# a lead word, then the law as "the laws of <place>" (set off by commas or ending the
# question) or "<place> law" (wherever it stands: "law" ends it)
_LAW = re.compile(
    r"(?P<comma>\s*,)?\s+(?<![\w'’-])(?:" + "|".join(_LEX.question_law_leads) + r")\s+"
    r"(?:(?:the\s+)?(?:" + _LAW_WORDS + r")\s+of\s+(?P<of>[^,?;.]{1,60}?)"
    r"(?=\s*(?P<after>,|\?|\.|$))"
    r"|(?P<place>[^,?;.]{1,60}?)\s+(?:" + _LAW_WORDS + _NO_NAME + r")"
    r"(?:\s+(?:"
    + _JOINERS
    + r")\s+(?P<other>[^,?;.]{1,60}?)\s+(?:"
    + _LAW_WORDS
    + _NO_NAME
    + r"))?"
    r"(?P<end>\s*,(?=\s))?)",
    re.IGNORECASE,
)
# the verb a law right after it is the claim of, never its qualifier ("construed in accordance
# with New York law", "enforceable under Michigan law"; vocabulary.yaml question_law_claim_verbs)
_CLAIM_VERBS = frozenset(_LEX.question_law_claim_verbs)


def _jurisdiction(text: str) -> str | None:
    """The jurisdiction `text` is, whole ("the State of New York", "delaware"); None for
    words that only hold one ("the MSA with Halcyon in Delaware")."""
    for written in (text, text.title()):
        mentions = find_jurisdictions(written)
        if not mentions:
            # "English" (law), "Scottish": a jurisdiction's adjective, read before its law
            mentions = [
                m
                for m in find_jurisdictions(f"{written} {_LEX.question_law_words[0]}")
                if m.adjective and m.end == len(written)
            ]
        if len(mentions) != 1:
            continue
        m = mentions[0]
        left = written[: m.start].strip().lower().split()
        if all(w in ("the", "state", "commonwealth", "province", "of") for w in left) and not (
            written[m.end :].strip()
        ):
            return m.value
    return None


def _jurisdictions(m: re.Match[str]) -> str | None:
    """The jurisdiction the law phrase names, or the two a disjunction names ("Delaware or
    New York"); None where a place is no jurisdiction whole."""
    place = _jurisdiction((m.group("of") or m.group("place") or "").strip())
    if place is None or not m.group("other"):
        return place
    other = _jurisdiction(m.group("other").strip())
    return f"{place} or {other}" if other is not None else None


def _claimed(question: str, m: re.Match[str]) -> bool:
    """Is the law the claim of the verb right before its lead ("construed in accordance with
    New York law")?"""
    before = question[: m.start()].split()
    return bool(before) and before[-1].lower().strip(",") in _CLAIM_VERBS


def claim_law(question: str) -> tuple[str, str] | None:
    """(the question without its law phrase, the jurisdiction) for a yes/no question (opening
    with an auxiliary) that names one law after a lead word; None otherwise."""
    words = question.split()
    if not words:
        return None
    if words[0].lower() not in _AUXILIARIES:
        return _leading_law(question)
    found = []
    at = 0
    while (m := _LAW.search(question, at)) is not None:
        place = _jurisdictions(m)
        if place is not None and not _claimed(question, m):
            found.append((m, place))
            at = m.end()
        else:
            # "under the MSA capped at $1 million under English law": the law may follow
            # another "under" the phrase ran on from
            at = m.start() + 1
    if len(found) != 1:
        return None
    m, place = found[0]
    rest = question[m.end() :]
    if m.group("comma") and m.group("after") == ",":
        # ", under the laws of Delaware, terminate": the phrase set off by commas goes whole
        rest = rest.lstrip()[1:]
    elif m.group("end") and not m.group("comma"):
        # "Halcyon under Delaware law, pay": the comma after it is the phrase's
        rest = " " + rest
    elif m.group("comma") and not m.group("end") and m.group("place"):
        # ", under Delaware law pay": the comma before it is the phrase's
        pass
    text = " ".join((question[: m.start()] + " " + rest).split())
    text = re.sub(r"\s+([?.!,;])", r"\1", text)
    return text, place


def _leading_law(question: str) -> tuple[str, str] | None:
    """(the question without its law phrase, the jurisdiction) for a yes/no question the law
    opens, set off by a comma ("Under Delaware law, can Halcyon assign the MSA?", "Under the
    laws of Delaware, does the MSA renew?"); None otherwise."""
    m = _LAW.match(" " + question)
    if m is None or m.group("comma") or not (m.group("end") or m.group("after") == ","):
        return None
    place = _jurisdictions(m)
    rest = (" " + question)[m.end() :].lstrip().removeprefix(",").lstrip()
    if place is None or not rest or rest.split()[0].lower() not in _AUXILIARIES:
        return None
    first = rest[:1].upper() if question[:1].isupper() else rest[:1]
    return first + rest[1:], place


def with_claim_law(subject: SubjectClass, place: str) -> SubjectClass:
    constraints = dict(sorted({**subject.constraints, "under_law": place}.items()))
    return subject.model_copy(update={"constraints": constraints})


def without_claim_law(question: str, subject: SubjectClass) -> str:
    """`question` as its claim and intent readers read it: its law phrase set aside where the
    subject was read without it."""
    if "under_law" not in subject.constraints:
        return question
    read = claim_law(question)
    return read[0] if read is not None else question
