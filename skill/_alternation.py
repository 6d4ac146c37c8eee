"""One regex alternation of words or patterns from the lexicon, the longest first."""

from __future__ import annotations

import re
from collections.abc import Iterable

# A gap for `alternation`: any run of white space between an item's words ("provided\nthat").
WHITE_SPACE = r"\s+"


def alternation(items: Iterable[str], *, literal: bool = True, gap: str | None = None) -> str:
    """`items` as one alternation, the longer first and then alphabetically (a stable order;
    "but not" before "but", so the longer phrase wins where both match).

    `literal`: the items are plain words, escaped; False: they are regex patterns, joined as
    they are. `gap` (literal items only): what matches the white space between an item's
    words (WHITE_SPACE: any run of it); None: the one space written.
    """
    ordered = sorted(items, key=lambda w: (-len(w), w))
    if not literal:
        return "|".join(ordered)
    if gap is None:
        return "|".join(re.escape(w) for w in ordered)
    return "|".join(gap.join(re.escape(p) for p in w.split()) for w in ordered)
