"""The component every binding rule is: one genre of statement, read into the context."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from domain import Binding
from ingest.bindings._context import BindingContext


class BindingRule(ABC):
    """One genre of statement that establishes bindings.

    A subclass declares its `name` (unique in the registry), a one-line `genre` and the kinds
    of documents it `reads` (a description: every rule is run on every document and finds
    its statements wherever they stand), and implements `read(context)`. Configuration, if
    any, goes in `__init__`.

    `run(context)` reads the document for the genre's phrasings and returns the bindings it
    found; they also join the context, where later rules see them (the parties a preamble
    defined, the company a certificate names). Order matters: aliases and parties first,
    then the statements that refer to them.
    """

    name: ClassVar[str]
    genre: ClassVar[str]
    reads: ClassVar[tuple[str, ...]]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        for attr in ("name", "genre", "reads"):
            if not getattr(cls, attr, None):
                raise TypeError(f"binding rule {cls.__name__} declares no {attr}")

    def run(self, context: BindingContext) -> list[Binding]:
        """Reads `context`'s document; returns the bindings this rule added to it."""
        before = dict(context.bindings)
        self.read(context)
        return [b for key, b in context.bindings.items() if before.get(key) is not b]

    @abstractmethod
    def read(self, ctx: BindingContext) -> None:
        """Emits this genre's bindings and aliases into `ctx`."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
