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

import re
from collections.abc import Sequence
from dataclasses import dataclass

from domain import lexicon
from skill._sentences import DocumentInfo
from skill._subject import SubjectClass
from skill._topic import stem, topic_words

_FLAGS = re.IGNORECASE
_WORDS = lexicon().question_claims.get("body_acts", {})
_QUESTIONS = tuple(re.compile(p, _FLAGS) for p in _WORDS.get("questions", ()))
_BODIES: dict[str, tuple[str, ...]] = dict(_WORDS.get("bodies", {}))
_ACTS = tuple(re.compile(p, _FLAGS) for p in _WORDS.get("acts", ()))
_DENIALS = tuple(re.compile(p, _FLAGS) for p in _WORDS.get("denials", ()))
_OTHER_DOCUMENTS = tuple(re.compile(p, _FLAGS) for p in _WORDS.get("other_documents", ()))
RECORDS: str = str(_WORDS.get("records", ""))
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
        return BodyAct(body, said, m.group("object").strip(), owner)
    return None


def _names_body(text: str, act: BodyAct) -> bool:
    words = _BODIES.get(act.body, ())
    if act.body == "committee" and act.body_words != "committee":
        # "the audit committee": that committee
        words = (act.body_words,)
    return any(re.search(rf"\b{re.escape(w)}\b", text, _FLAGS) for w in words)


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
        if act.owner and not _names_party(own, act.owner):
            continue
        out.append(info)
    return out


def _names_party(text: str, party: str) -> bool:
    """Does `text` name the party, by its first word (as a user writes "Halcyon" for
    Halcyon Robotics, Inc.)?"""
    words = re.findall(r"[\w&]+", party)
    if not words:
        return False
    return re.search(rf"\b{re.escape(words[0])}\b", text, _FLAGS) is not None


def _object_parts(act: BodyAct, subject: SubjectClass, own: str) -> list[re.Pattern[str]]:
    """What a record's sentence must say to name what the body acted on: the agreement's type
    and each party other than the record's own company (named in its title, file name or
    opening, `own`: its minutes call it "the Company"), its amendment where asked; else each
    content word of the question's object, by stem."""
    parts: list[re.Pattern[str]] = []
    doc_type = subject.document_type if subject.type == "agreement" else None
    if doc_type:
        phrases = _TYPE_PHRASES.get(doc_type) or (
            re.compile(r"\b" + r"\s+".join(doc_type.split("_")) + r"\b", _FLAGS),
        )
        parts.append(re.compile("|".join(f"(?:{p.pattern})" for p in phrases), _FLAGS))
    for party in subject.parties if subject.type == "agreement" else ():
        if own and _names_party(own, party):
            continue
        first = re.findall(r"[\w&]+", party)[:1]
        if first:
            parts.append(re.compile(rf"\b{re.escape(first[0])}\b", _FLAGS))
    amendment = subject.constraints.get("amendment")
    if isinstance(amendment, str) and amendment:
        parts.append(re.compile(r"\s+".join(re.escape(w) for w in amendment.split()), _FLAGS))
    if not parts:
        parts = [re.compile(rf"\b{re.escape(stem(w))}\w*", _FLAGS) for w in topic_words(act.object)]
    return parts


def read_act(
    sentence: str, act: BodyAct, subject: SubjectClass, own: str = ""
) -> tuple[bool | None, bool]:
    """What a record's sentence says of the act: (True: the body acted; False: it denied or
    deferred the act; None: nothing) and whether it names what was acted on (a mention, quoted
    as related). `own`: the record's title, file name and opening lines."""
    parts = _object_parts(act, subject, own)
    if not parts or not all(p.search(sentence) for p in parts):
        return None, False
    if not subject.constraints.get("amendment"):
        first = parts[0].search(sentence)
        assert first is not None
        if any(o.search(sentence[: first.start()]) for o in _OTHER_DOCUMENTS):
            # "Amendment No. 1 to the Master Services Agreement ... approved": the amendment's
            return None, False
    if any(d.search(sentence) for d in _DENIALS):
        return False, True
    if any(a.search(sentence) for a in _ACTS):
        return True, True
    return None, True


__all__ = ["RECORDS", "BodyAct", "body_act_asked", "body_records", "read_act", "record_text"]
