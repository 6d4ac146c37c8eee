"""The binding extractor: runs the registry's rules over one document, in order.

Each rule (a `BindingRule`) reads one genre of statement; the `BindingContext` they share
carries what earlier rules found (defined terms, parties, signers) to later ones.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain import Alias, Binding
from ingest._document import ParsedDocument
from ingest._relations import DocumentRelation, document_relations
from ingest.bindings._context import PREAMBLE_CHARS, BindingContext
from ingest.bindings._registry import BINDING_RULES
from ingest.bindings._rule import BindingRule


@dataclass(frozen=True, slots=True)
class BindingResult:
    """What one document states: its bindings, its defined-term aliases, and what it does
    to an earlier agreement."""

    bindings: tuple[Binding, ...]
    aliases: tuple[Alias, ...]
    # what the document states it does to an earlier agreement (ingest._relations)
    relations: tuple[DocumentRelation, ...] = ()


def _stating(binding: Binding, relation: DocumentRelation) -> Binding:
    """The document's agreement binding with the relation its document states to an earlier
    agreement ("amends" the "Distributor Agreement" dated 1996-03-01, its number and
    effective date): which agreement that is, the skill decides (type, date, parties)."""
    if binding.role != "agreement":
        return binding
    stated = {
        "relation": relation.relation,
        "target_type": relation.target_type or "",
        "target_date": relation.target_date or "",
        "number": str(relation.number) if relation.number is not None else "",
        "effective_date": relation.effective_date or "",
    }
    attributes = {**binding.attributes, **{k: v for k, v in stated.items() if v}}
    update: dict[str, Any] = {"attributes": attributes}
    title = binding.attributes.get("title", binding.subject_name)
    if (
        relation.relation == "amends"
        and relation.target_type
        and (_NUMBERED_LINE.match(title) or not _INSTRUMENT_TITLE.search(title))
    ):
        # a PDF with no heading of its own ("This Amendment is entered into ...") was titled
        # by a clause line ("1. Subject to the terms of this Amendment ..."): it is named by
        # what it states it is
        number = f" No. {relation.number}" if relation.number is not None else ""
        named = f"Amendment{number} to {relation.target_type}"
        attributes.update(title=named, title_from="relation")
        update["subject_name"] = named
    return binding.model_copy(update=update)


_NUMBERED_LINE = re.compile(r"^\(?\d+(?:\.\d+)*[.)]?\s")


# a title that names an instrument ("SECOND SUPPLEMENTAL INDENTURE") keeps its own words
_INSTRUMENT_TITLE = re.compile(
    r"\b(?:amendment|addendum|supplement\w*|agreement|indenture|contract|lease|deed|note)\b",
    re.IGNORECASE,
)


class BindingExtractor:
    """Extracts bindings and defined-term aliases from one parsed document.

    `run(doc)` returns them in a deterministic order (char_start, role, subject_key).
    `rules` are the components to run, in order (default: `BINDING_RULES`);
    `preamble_chars` is how far an agreement's preamble may run.
    """

    def __init__(
        self, preamble_chars: int = PREAMBLE_CHARS, rules: Sequence[BindingRule] | None = None
    ) -> None:
        self.preamble_chars = preamble_chars
        self.rules = tuple(BINDING_RULES if rules is None else rules)

    def run(self, doc: ParsedDocument, independence_group: str = "") -> BindingResult:
        """The bindings, aliases and relations `doc` states, each binding in
        `independence_group`."""
        ctx = BindingContext(doc, independence_group, preamble_chars=self.preamble_chars)
        for rule in self.rules:
            rule.run(ctx)
        bindings = sorted(
            ctx.bindings.values(),
            key=lambda b: (b.location.char_start, b.role, b.subject_key, b.parent_key or ""),
        )
        aliases = sorted(ctx.aliases.values(), key=lambda a: (a.alias_key, a.entity_key))
        relations = document_relations(doc)
        if relations:
            bindings = [_stating(b, relations[0]) for b in bindings]
        return BindingResult(bindings=tuple(bindings), aliases=tuple(aliases), relations=relations)
