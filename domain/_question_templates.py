"""The question grammar's templates (domain/lexicon/question_templates.yaml), read and
validated: each record's pattern expanded from the file's named pieces and compiled, its
builder named with its arguments. Which builders there are is the skill's to say: it binds
each template to one when it loads, with the same kind of error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain._lexicon import _Reader

QUESTION_TEMPLATES_FILE = "question_templates.yaml"
# A piece named in a pattern: {x}, {agr}; a quantifier ({1,3}) names none.
_PIECE = re.compile(r"\{([a-z][a-z0-9_]*)\}")
# The record's keys that are not arguments of its builder.
_RECORD_KEYS = ("pattern", "builder")


@dataclass(frozen=True)
class QuestionTemplate:
    """One template of the question grammar: the regex a whole question must match
    (anchored, case-insensitive), the builder that reads its groups, by name, and the
    builder's arguments; `where` names the record in errors
    ("question_templates.yaml: templates[12]")."""

    where: str
    regex: re.Pattern[str]
    builder: str
    args: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)


def _expand(r: _Reader, key: str, text: str, pieces: Mapping[str, str]) -> str:
    """`text` with each {name} replaced by its piece, in one pass (a piece's own text is not
    read again); a name no piece has is an error naming it."""
    unknown = [name for name in _PIECE.findall(text) if name not in pieces]
    if unknown:
        known = ", ".join(pieces)
        raise r.fail(key, f"{{{unknown[0]}}} is no piece (the pieces: {known})")
    return _PIECE.sub(lambda m: pieces[m.group(1)], text)


def read_question_templates(
    r: _Reader, lexicon_pieces: Mapping[str, str]
) -> tuple[QuestionTemplate, ...]:
    """The templates of question_templates.yaml (`r`), their pieces expanded: the file's
    `pieces`, each with those above it and `lexicon_pieces` (what roles.yaml and
    attributes.yaml give: {asked_roles}, {entity_attribute_phrases}).

    A piece is compiled only inside the templates that use it (compiled on its own too, the
    pieces cost a sixth more than the templates' compile: the role alternation is in six of
    them), so a piece no template uses is an error rather than a pattern never checked."""
    pieces = dict(lexicon_pieces)
    # the pieces each piece of the file names, to find those no template reaches
    named: dict[str, list[str]] = {}
    for name, value in r.mapping("pieces").items():
        key = f"pieces.{name}"
        if not isinstance(name, str) or not _PIECE.fullmatch("{" + name + "}"):
            raise r.fail(key, "a piece's name is a lower snake case name")
        if name in pieces:
            raise r.fail(key, "appears twice")
        if not isinstance(value, str) or not value:
            raise r.fail(key, "expected a regular expression")
        pieces[name] = _expand(r, key, value, pieces)
        named[name] = _PIECE.findall(value)
    out = []
    used: set[str] = set()
    for t in r.items("templates"):
        written = t.text("pattern")
        if not written:
            raise t.fail("pattern", "expected a regular expression")
        used.update(_PIECE.findall(written))
        pattern = "^" + _expand(t, "pattern", written, pieces) + r"\s*$"
        try:
            regex = re.compile(pattern, re.IGNORECASE)
        except re.error as exc:
            raise t.fail("pattern", f"not a regular expression once expanded: {exc}") from None
        args = {key: t.name(key) for key in t.data if key not in _RECORD_KEYS}
        where = f"{t.file}: {t.where.rstrip('.')}"
        out.append(QuestionTemplate(where, regex, t.name("builder"), args))
    if not out:
        raise r.fail("templates", "expected at least one template")
    # a piece names only pieces above it: from the last up, each used one marks what it names
    for name in reversed(named):
        if name not in used:
            raise r.fail(f"pieces.{name}", "no template uses it")
        used.update(named[name])
    return tuple(out)
