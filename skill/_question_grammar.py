"""The grammar of questions: the templates of the question kinds analysts ask in due
diligence (domain/lexicon/question_templates.yaml), each bound to the builder of its subject
class (skill/_question_builders.py) that it names.

Rules are tried in order and the first whose builder returns a subject wins, so a yes/no
claim comes before the open question it resembles. Cue words are matched case-insensitively;
names are captured as written.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from domain import LexiconError, QuestionTemplate, lexicon
from skill._question_builders import QUESTION_BUILDERS
from skill._subject import SubjectClass

_Build = Callable[[dict[str, str]], SubjectClass | None]


@dataclass(frozen=True)
class _Rule:
    """A template bound to its builder: the regex a whole question must match, and what
    reads the groups it captured."""

    regex: re.Pattern[str]
    build: _Build


def _bound(template: QuestionTemplate) -> _Build:
    """The template's builder with its arguments; LexiconError naming the record when the
    builder is not one of `QUESTION_BUILDERS` or its arguments are not the builder's."""
    where = template.where
    builder = QUESTION_BUILDERS.get(template.builder)
    if builder is None:
        known = ", ".join(sorted(QUESTION_BUILDERS))
        raise LexiconError(f"{where}.builder: {template.builder!r} is not one of {known}")
    wanted = [
        p.name
        for p in inspect.signature(builder).parameters.values()
        if p.kind is inspect.Parameter.KEYWORD_ONLY
    ]
    missing = [name for name in wanted if name not in template.args]
    if missing:
        raise LexiconError(f"{where}: builder {template.builder} needs the argument {missing[0]}")
    extra = [name for name in template.args if name not in wanted]
    if extra:
        raise LexiconError(f"{where}.{extra[0]}: builder {template.builder} takes no such argument")
    return functools.partial(builder, **template.args) if template.args else builder


def question_rules(templates: Iterable[QuestionTemplate]) -> tuple[_Rule, ...]:
    """The grammar's rules: each template bound to its builder, in order."""
    return tuple(_Rule(t.regex, _bound(t)) for t in templates)


_RULES: tuple[_Rule, ...] = question_rules(lexicon().question_templates)
