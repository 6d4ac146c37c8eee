"""Whose sentence it is: the grammatical subject of a sentence, read for the integrity check.

A company's own filing speaks of the company in the first person ("We were incorporated in
Delaware", "Our corporate headquarters are located in Redmond, Washington") or as "the
Company" / "the Registrant". Such a sentence is about the document's own entity (the entity
the binding index records under the role `registrant` for that document), and about no other.
A sentence whose subject is a person ("Mr. Smith ... based in Paris") is about that person,
never a statement of the company's attributes, even when it names the company.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# An introductory phrase before the subject: "In 2019, we ...", "As of June 30, our ...".
_LEAD = r"^\W*(?:(?:in|as\s+of|since|during|on|at|following|after|through)\b[^,;:]{0,60},\s*)?"
_FIRST_PERSON = re.compile(_LEAD + r"(?:we|our|us)\b", re.IGNORECASE)
_SELF_REFERENCE = re.compile(
    _LEAD + r"(?:the\s+)(?:company|registrant|corporation)\b(?!['’]s\s+(?:subsidiar|affiliate))",
    re.IGNORECASE,
)
_HONORIFIC = r"(?:Mr|Ms|Mrs|Dr|Prof|Sir|Dame)\.?"
_NAME_WORD = r"[A-Z][a-z'’-]+"
# A person as the subject: "Mr. Smith", "Dr. Ana Ruiz", "Jane A. Doe" (an initial marks a
# person's name; two capitalized words alone may be a company: "General Mills is ...").
_PERSON_SUBJECT = re.compile(
    _LEAD
    + rf"(?P<who>{_HONORIFIC}\s+(?:{_NAME_WORD}\s+)?(?:[A-Z]\.\s+)?{_NAME_WORD}"
    + rf"|{_NAME_WORD}\s+[A-Z]\.\s+{_NAME_WORD})\b"
)


@dataclass(frozen=True)
class Voice:
    """What a sentence's grammatical subject is: "own" (we / our / the Company: the
    document's own entity), "person" (a named person, in `who`), or None (anything else)."""

    kind: str | None
    who: str | None = None


def voice_of(text: str) -> Voice:
    if _FIRST_PERSON.match(text) or _SELF_REFERENCE.match(text):
        return Voice("own")
    m = _PERSON_SUBJECT.match(text)
    if m:
        return Voice("person", m.group("who"))
    return Voice(None)
