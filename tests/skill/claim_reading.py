"""The claim reader on one sentence, for the claim tests: does it say the named proposition
holds (True), does not (False), or neither (None)?"""

from __future__ import annotations

from domain import lexicon
from skill import Claim, ClauseReader

ENTRIES = {p.name: p for p in lexicon().propositions}


def holds(
    name: str,
    sentence: str,
    actor: str | None = None,
    others: tuple[str, ...] = (),
    *,
    negated: bool = False,
) -> bool | None:
    """The reading of `sentence` for proposition `name` (asked negated, of `actor`)."""
    reading, _ = ClauseReader(Claim(ENTRIES[name], negated, actor, others)).read(sentence)
    return None if reading is None else reading.holds


# Party pairs and restriction nouns the kept / lifted restriction tests generate over (short
# names, "&", hyphens, roles).
RESTRICTION_PARTIES = [
    ("Acme", "Beta"),
    ("Northgate", "Halcyon Health"),
    ("O'Brien & Sons", "Smith-Jones LLC"),
    ("Licensor", "Licensee"),
    ("Company", "Executive"),
]
RESTRICTION_NOUNS = ["obligation", "covenant", "obligations", "undertaking"]


def capitalized(text: str) -> str:
    """`text` with its first letter in capitals (a generated sentence's opening)."""
    return text[0].upper() + text[1:]
