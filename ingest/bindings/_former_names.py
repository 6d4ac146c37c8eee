"""A company's former name where a document states the change of name: "Bramble Utilities,
Inc. changed its name to Nimbus Power, Inc.", "we changed our corporate name from Bramble
Utilities, Inc. to Nimbus Power, Inc.", "Bramble Utilities, Inc. was renamed Nimbus Power,
Inc.", or a filing cover's former-name line ("Bramble Utilities, Inc. / (Former name, former
address and former fiscal year, if changed since last report)").

Each binds the former name as an alias of the present one (kind "former_name"), so a question
that names the company as it was called finds it. The bracketed forms ("Nimbus Power Inc.
(formerly known as Bramble Utilities, Inc.)") are read with the defined terms
(`_preambles.DefinedTerms`).
"""

from __future__ import annotations

import re

from domain import lexicon
from ingest.bindings._context import BindingContext
from ingest.bindings._names import COMPANY, NamedEntity, _company
from ingest.bindings._rule import BindingRule

_CHANGE = "|".join(lexicon().name_change_phrases)
_CAPTION = "|".join(lexicon().former_name_captions)
# the cheap keyword look-ups that find where a change of name may be stated
_CHANGE_KEYS = f"(?i:{_CHANGE})"
_CAPTION_KEYS = f"(?i:{_CAPTION})"

# A sentence's end inside a matched name ("... Quarry Hill Foods LLC. Bramble Utilities, Inc."):
# the name is the one after it.
_SENTENCE_END = re.compile(r"\.\s+(?=[A-Z])")

# "A changed its name to B", "A was renamed B": the former name first.
_OLD_THEN_NEW = rf"(?P<old>{COMPANY})\s+(?:(?i:{_CHANGE}))\s+(?:(?i:to|as)\s+)?(?P<new>{COMPANY})"

# "we changed our name from A to B", "the Company changed its name from A to B".
_FROM_TO = rf"(?i:{_CHANGE})\s+(?i:from)\s+(?P<old>{COMPANY})\s+(?i:to)\s+(?P<new>{COMPANY})"

# A cover's line above the former-name caption: "Bramble Utilities, Inc. \n (Former name ...".
_COVER = rf"(?P<old>{COMPANY})[ \t]*\n[ \t]*\((?i:{_CAPTION})\b"


class FormerNames(BindingRule):
    """A change of name a document states: the former name an alias of the present one."""

    name = "former_names"
    genre = "changes of name: a company's former name"
    reads = (
        "filings (a change of name, a cover's former name)",
        "agreements and amendments that state a party's change of name",
    )

    def read(self, ctx: BindingContext) -> None:
        for pattern in (_FROM_TO, _OLD_THEN_NEW):
            for m in ctx.scan(pattern, _CHANGE_KEYS):
                old = _last_sentence(ctx.unheaded(m, "old"))
                self._bind(ctx, _company(old), _company(_first_sentence(m.group("new"))), m)
        registrant = ctx.term("Registrant")
        if registrant is None:
            return
        for m in ctx.scan(_COVER, _CAPTION_KEYS):
            self._bind(ctx, _company(m.group("old").split("\n")[-1]), registrant, m)

    @staticmethod
    def _bind(
        ctx: BindingContext, old: NamedEntity | None, new: NamedEntity | None, m: re.Match[str]
    ) -> None:
        if old is None or new is None or old.key == new.key:
            return
        ctx.add_alias(old.name, new, (m.start(), m.end()), "former_name")


def _last_sentence(raw: str) -> str:
    """The name a match ends with where it ran on from the sentence before ("Quarry Hill Foods
    LLC. Bramble Utilities, Inc." -> "Bramble Utilities, Inc."): a full stop after a company's
    name, then a company's name."""
    for m in reversed(list(_SENTENCE_END.finditer(raw))):
        head, tail = raw[: m.start() + 1], raw[m.end() :]
        if _company(head) is not None and _company(tail) is not None:
            return tail
    return raw


def _first_sentence(raw: str) -> str:
    """The name a match begins with where it ran on into the next sentence ("Nimbus Power,
    Inc. The company ..." -> "Nimbus Power, Inc."): a company's name, then a full stop."""
    for m in _SENTENCE_END.finditer(raw):
        head = raw[: m.start() + 1]
        if _company(head) is not None:
            return head
    return raw
