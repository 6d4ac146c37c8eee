"""A body's act on a named agreement or transaction, read from the records of its acts (issue
34): "Did the board approve the Keystone loan?" is judged on the board minutes, never on the
loan agreement, and never by a sentence that merely mentions the loan.

A question asks it in the lexicon's shapes (propositions.yaml `question_claims.body_acts`):
the body (the board, the shareholders, a committee), what it acted on (the agreement the
subject reader read: its type, its parties, its amendment; else the question's own words) and
whose body it is ("Halcyon's board"). A record's sentence speaks of the act where it names
that agreement and an act (approve, authorize, ratify, adopt, resolve): it says Yes, or No
where it denies or defers the act ("did not approve", "resolved to defer", "tabled", "subject
to approval"). An amendment of the agreement named before it ("Amendment No. 1 to the Master
Services Agreement ... approved") is the amendment's act, unless the question asks that
amendment. A record of another body (the board's minutes asked of the shareholders) or of
another company's body says nothing of it. Silence is "not stated", with nothing cited as a
value.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from domain import lexicon
from skill._answer import EvidenceUnit
from skill._sentences import DocumentInfo
from skill._subject import SubjectClass
from skill._topic import stem, topic_words

_FLAGS = re.IGNORECASE
_WORDS = lexicon().question_claims.get("body_acts", {})
_QUESTIONS = tuple(re.compile(p, _FLAGS) for p in _WORDS.get("questions", ()))
_BODIES: dict[str, tuple[str, ...]] = dict(_WORDS.get("bodies", {}))
_DENIALS = tuple(re.compile(p, _FLAGS) for p in _WORDS.get("denials", ()))
_OTHER_DOCUMENTS = tuple(re.compile(p, _FLAGS) for p in _WORDS.get("other_documents", ()))
RECORDS: str = str(_WORDS.get("records", ""))


def _alternation(key: str) -> str:
    return "|".join(_WORDS.get(key, ())) or r"(?!)"


_VERBS = _alternation("act_verbs")
_PARTICIPLES = "|".join(v for v in _WORDS.get("act_verbs", ()) if v.endswith("ed")) or r"(?!)"
_FILLERS = rf"(?:(?:{_alternation('act_fillers')}|\w+ly)\s+)*"
# "the MSA be, and it hereby is, approved": the agreement the passive subject of the act
_PASSIVE = re.compile(
    rf"\b(?:be|is|are|was|were|been|being)\b(?:\s*,?\s*(?:and|it|they|each|hereby|is|are|"
    rf"same|the|of\s+them|\w+ly)\b)*\s*,?\s*(?:{_PARTICIPLES})\b",
    _FLAGS,
)
_BY = re.compile(r"^\s*,?\s*by\s+(?P<agent>[^,;]{0,80})", _FLAGS)
# "authorized and directed to execute and deliver the Loan Agreement"
_EXECUTION = re.compile(
    rf"\b(?:{_PARTICIPLES})\s+(?:and\s+\w+\s+)?to\s+(?:{_alternation('executions')})\b",
    _FLAGS,
)
_NOT_ACT = re.compile(rf"\bto\s+(?:{_alternation('not_acts')})\b", _FLAGS)
_DONE_TO = re.compile(
    rf"\b(?:{_alternation('done_to')})\b[^.;]{{0,60}}?\b(?:of|under|to)\s+"
    r"(?:(?:the|this|that|such|its|said)\s+)?(?:[\w&.,'’-]+\s+){0,3}?$",
    _FLAGS,
)
_COUNTERPARTY = re.compile(str(_WORDS.get("counterparty", r"(?!)")), _FLAGS)
_ROLES: frozenset[str] = frozenset(_WORDS.get("roles", ()))
_ARTICLES: frozenset[str] = frozenset(_WORDS.get("articles", ()))
_CLAUSE_BREAKS = tuple(re.compile(p, _FLAGS) for p in _WORDS.get("clause_breaks", ()))
_QUALIFIERS = tuple(re.compile(p, _FLAGS) for p in _WORDS.get("act_qualifiers", ()))
_OWN_TERMS: frozenset[str] = frozenset(_WORDS.get("own_terms", ()))
_TYPE_PHRASES: dict[str, tuple[re.Pattern[str], ...]] = {}
for _pattern, _type in lexicon().agreement_kinds:
    _TYPE_PHRASES.setdefault(_type, ())
    _TYPE_PHRASES[_type] = (*_TYPE_PHRASES[_type], re.compile(rf"\b(?:{_pattern})\b", _FLAGS))


@dataclass(frozen=True)
class BodyAct:
    """What the question asks: the body's group (a key of `bodies`), the words it names the
    body by, what the body acted on (as written) and whose body it is ("" where unsaid)."""

    body: str
    body_words: str
    object: str
    owner: str = ""
    # "Did the board not approve ...?": the act's negation asked (a record of the act: No)
    negated: bool = False


def body_act_asked(question: str) -> BodyAct | None:
    """The body's act a yes/no question asks, or None."""
    text = " ".join(question.split())
    for pattern in _QUESTIONS:
        m = pattern.match(text)
        if m is None:
            continue
        said = " ".join(m.group("body").split()).casefold()
        body = next(
            (
                name
                for name, words in _BODIES.items()
                if any(re.search(rf"\b{re.escape(w)}\b", said, _FLAGS) for w in words)
            ),
            None,
        )
        if body is None:
            continue
        owner = (m.groupdict().get("owner") or "").strip()
        negated = bool(m.groupdict().get("negated"))
        return BodyAct(body, said, m.group("object").strip(), owner, negated)
    return None


def _body_words(act: BodyAct) -> tuple[str, ...]:
    if act.body == "committee" and act.body_words != "committee":
        # "the audit committee": that committee
        return (act.body_words,)
    return _BODIES.get(act.body, ())


def _names_body(text: str, act: BodyAct) -> bool:
    """Is `text` (a record's title, file name and opening) the asked body's? The body it names
    first (not as an owner: "the Board's Audit Committee") is the record's: "Minutes of the
    Audit Committee of the Board of Directors" are the committee's, never the board's."""
    first: tuple[int, int, str] | None = None
    for name, words in sorted(_BODIES.items()):
        for w in words:
            # "the Board's Audit Committee": the body it owns is named
            m = re.search(rf"\b{re.escape(w)}\b(?!['’]s\b)", text, _FLAGS)
            if m is not None and (first is None or (m.start(), -len(w)) < first[:2]):
                first = (m.start(), -len(w), name)
    if first is None or first[2] != act.body:
        return False
    return any(re.search(rf"\b{re.escape(w)}\b", text, _FLAGS) for w in _body_words(act))


def _record_text(info: DocumentInfo) -> str:
    return f"{info.name.replace('_', ' ')} {info.title or ''}"


def record_text(info: DocumentInfo, opening: str) -> str:
    """What names a record's body and company: its file name, title and opening lines."""
    return f"{_record_text(info)} {opening}"


def body_records(
    act: BodyAct, documents: Sequence[DocumentInfo], opening: dict[str, str]
) -> list[DocumentInfo]:
    """The records among `documents` (the question kind's) of the body asked: its name in
    the record's title, file name or opening lines, and the owner's, where the question names
    one."""
    out = []
    for info in documents:
        own = record_text(info, opening.get(info.document_id, ""))
        if not _names_body(own, act):
            continue
        if act.owner and _owner_checked(act.owner) and not _names_party(own, act.owner):
            continue
        out.append(info)
    return out


def _name_word(party: str) -> str | None:
    """The word a user names a party by: its first word past articles ("the Company's board":
    Company)."""
    words = [w for w in re.findall(r"[\w&]+", party) if w.casefold() not in _ARTICLES]
    return words[0] if words else None


def _names_party(text: str, party: str) -> bool:
    """Does `text` name the party, by its first word (as a user writes "Halcyon" for
    Halcyon Robotics, Inc.)?"""
    word = _name_word(party)
    if word is None:
        return False
    return re.search(rf"\b{re.escape(word)}\b", text, _FLAGS) is not None


def _owner_checked(owner: str) -> bool:
    """Whether a record must name the question's owner: a role ("the Company's board") is every
    record's own company as its minutes call it, named by none."""
    word = _name_word(owner)
    return word is not None and word.casefold() not in _ROLES


def _object_parts(act: BodyAct, subject: SubjectClass, own: str) -> tuple[re.Pattern[str], ...]:
    """What a record's sentence must say to name what the body acted on: the agreement's type
    and each party other than the record's own company (named in its title, file name or
    opening, `own`: its minutes call it "the Company"), its amendment where asked; else each
    content word of the question's object, by stem."""
    agreement = subject.type == "agreement"
    amendment = subject.constraints.get("amendment")
    return _parts(
        act.object,
        (subject.document_type or "") if agreement else "",
        tuple(subject.parties) if agreement else (),
        amendment if isinstance(amendment, str) else "",
        own,
    )


@functools.lru_cache(maxsize=256)
def _parts(
    object_words: str, doc_type: str, parties: tuple[str, ...], amendment: str, own: str
) -> tuple[re.Pattern[str], ...]:
    """`_object_parts` compiled once per question and record (a record's every sentence is
    read with them)."""
    parts: list[re.Pattern[str]] = []
    if doc_type:
        phrases = _TYPE_PHRASES.get(doc_type) or (
            re.compile(r"\b" + r"\s+".join(doc_type.split("_")) + r"\b", _FLAGS),
        )
        parts.append(re.compile("|".join(f"(?:{p.pattern})" for p in phrases), _FLAGS))
    for party in parties:
        if own and _names_party(own, party):
            continue
        word = _name_word(party)
        if word is not None and word.casefold() not in _ROLES:
            parts.append(re.compile(rf"\b{re.escape(word)}\b", _FLAGS))
    if amendment:
        parts.append(re.compile(r"\s+".join(re.escape(w) for w in amendment.split()), _FLAGS))
    if not parts:
        parts = [
            re.compile(rf"\b{re.escape(stem(w))}\w*", _FLAGS) for w in topic_words(object_words)
        ]
    return tuple(parts)


def _clause(sentence: str, start: int, end: int) -> tuple[int, int]:
    """The span of the clause of `sentence` that holds [start, end): between the last break
    before it and the first after it (a semicolon, "but", ", with", "and that", "and" before
    another act)."""
    lo, hi = 0, len(sentence)
    for pattern in _CLAUSE_BREAKS:
        for m in pattern.finditer(sentence):
            if m.end() <= start:
                lo = max(lo, m.end())
            elif m.start() >= end:
                hi = min(hi, m.start())
    return lo, hi


def _other_counterparty(after: str, subject: SubjectClass) -> bool:
    """Does the text right after the agreement's name name a counterparty that is no party of
    the agreement asked ("the MSA with Ridgeway Systems" asked of the MSA with Northgate)?"""
    m = _COUNTERPARTY.match(after)
    if m is None:
        return False
    name = re.match(r"[A-Z][\w&'’-]*", after[m.end() :])
    if name is None:
        return False
    word = re.sub(r"['’]s?$", "", name.group(0)).casefold()
    if word in _ROLES or word in _ARTICLES:
        return False
    parties = subject.parties if subject.type == "agreement" else ()
    if not parties:
        return False  # "the MSA" asked of no party: any counterparty's
    return not any((_name_word(p) or "").casefold() == word for p in parties)


def _this_body(agent: str, act: BodyAct, own: str) -> bool:
    """Is the agent of a passive act ("by the Board of Directors") the body asked, of the
    record's own company (not "the lender's credit committee")?"""
    first = (_name_word(agent) or "").casefold()
    if not _names_body(agent, act):
        return first in _OWN_TERMS  # "by the Company": its board's act
    owner = re.match(r"(?:the\s+)?([\w&.-]+)['’]s?\s", agent, _FLAGS)
    if owner is None:
        return True
    word = owner.group(1).casefold()
    return word in _OWN_TERMS or re.search(rf"\b{re.escape(word)}\b", own, _FLAGS) is not None


_ACT_VERB = rf"{_FILLERS}(?:{_VERBS})\b"
_ELIDED_ACT = re.compile(rf"^{_ACT_VERB}", _FLAGS)


@functools.lru_cache(maxsize=32)
def _doer(body_words: tuple[str, ...]) -> re.Pattern[str]:
    """The body named as the subject of an act verb ("the Board, by unanimous vote,
    approved"), compiled once per body."""
    subjects = "|".join(re.escape(w) for w in body_words) or r"(?!)"
    aside = r"(?:,[^,;]{0,60},\s*)?"
    return re.compile(rf"\b(?:{subjects})\s*{aside}{_ACT_VERB}", _FLAGS)


def _acted(pre: str, post: str, act: BodyAct, own: str, elided: bool) -> bool:
    """Does the agreement's clause (`pre` before its name, `post` after) say the body acted on
    it: the body the subject of an act verb whose object is the agreement, officers authorized
    to enter into it, or the agreement the passive subject of the act, by no other body?"""
    doers = [m.end() for m in _doer(_body_words(act)).finditer(pre)]
    if elided:
        # "... but approved the Loan Agreement": the body named in the clause before
        doers += [m.end() for m in _ELIDED_ACT.finditer(pre)]
    doers += [m.end() for m in _EXECUTION.finditer(pre)]
    if any(not _NOT_ACT.search(pre[at:]) for at in doers):
        return True
    passive = _PASSIVE.search(post)
    if passive is None or _NOT_ACT.search(post[: passive.start()]):
        return False
    by = _BY.match(post[passive.end() :])
    return by is None or _this_body(by.group("agent"), act, own)


def read_act(
    sentence: str, act: BodyAct, subject: SubjectClass, own: str = ""
) -> tuple[bool | None, bool]:
    """What a record's sentence says of the act: (True: the body acted; False: it denied or
    deferred the act; None: nothing) and whether it names what was acted on (a mention, quoted
    as related). `own`: the record's title, file name and opening lines. The act or denial
    counts only in the clause that names the agreement; what is done to or under it (its
    termination, a waiver under it) is no act on it; another counterparty named is another
    agreement."""
    parts = _object_parts(act, subject, own)
    if not parts:
        return None, False
    found = [p.search(sentence) for p in parts]
    if not all(found):
        return None, False
    first = found[0]
    assert first is not None
    if _other_counterparty(sentence[first.end() :], subject):
        return None, False
    before = sentence[: first.start()]
    if not subject.constraints.get("amendment"):
        if any(o.search(before) for o in _OTHER_DOCUMENTS):
            # "Amendment No. 1 to the Master Services Agreement ... approved": the amendment's
            return None, False
        if _DONE_TO.search(before):
            # "the termination of the MSA ... approved": an act on what is done to it
            return None, True
    start = min(m.start() for m in found if m is not None)
    end = max(m.end() for m in found if m is not None)
    lo, hi = _clause(sentence, start, end)
    clause = sentence[lo:hi]
    for qualifier in _QUALIFIERS:
        # "approved, subject to final review by counsel": the act's condition, no denial
        clause = qualifier.sub(" ", clause)
    if any(d.search(clause) for d in _DENIALS):
        return False, True
    pre, post = sentence[lo:start], sentence[end:hi]
    if _acted(pre, post, act, own, elided=lo > 0):
        return True, True
    return None, True


def latest_acts(
    judged: list[EvidenceUnit], dates: list[str]
) -> tuple[list[EvidenceUnit], list[EvidenceUnit]]:
    """A body's acts over its meetings: where the records disagree (deferred at one meeting,
    approved at a later one), the latest meeting's act decides and the earlier ones are its
    history; (the acts judged, the history). Undated records, or a latest meeting that
    disagrees with itself, leave every act judged (a conflict shown)."""
    if len({u.value for u in judged}) < 2 or not all(dates):
        return judged, []
    latest = max(dates)
    last = [u for u, d in zip(judged, dates, strict=True) if d == latest]
    if len({u.value for u in last}) != 1:
        return judged, []
    return last, [u for u, d in zip(judged, dates, strict=True) if d != latest]


__all__ = [
    "RECORDS",
    "BodyAct",
    "body_act_asked",
    "body_records",
    "latest_acts",
    "read_act",
    "record_text",
]
