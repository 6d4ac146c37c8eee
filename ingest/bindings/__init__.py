"""Entity bindings: explicit parent-entity links, each citing the lines that state it.

Rules are deliberately conservative: a role word alone never makes a binding; the text must
name both the subject (a person-shaped name or a company-shaped name) and the parent (a
company-shaped name, or a defined term of the same document that resolves to one).

Each genre of statement is a component (`BindingRule`) in a module of its own; they share
one `BindingContext` per document (the text as one flow of lines, the names found so far,
what they emitted); `BINDING_RULES` lists them in the order `BindingExtractor` runs them.
"""

from ingest.bindings._context import BindingContext, TextFlow
from ingest.bindings._extractor import BindingExtractor, BindingResult
from ingest.bindings._names import NamedEntity, company_named
from ingest.bindings._registry import BINDING_RULES
from ingest.bindings._rule import BindingRule

__all__ = [
    "BINDING_RULES",
    "BindingContext",
    "BindingExtractor",
    "BindingResult",
    "BindingRule",
    "NamedEntity",
    "TextFlow",
    "company_named",
]
