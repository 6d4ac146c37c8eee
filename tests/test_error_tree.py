"""The project's errors form one tree under `domain.EvidenceRagError`.

Every exception class defined in a product package sits under the root and says its
`code`, `status` and `title`, and is drawn in the root's docstring; the exceptions
outside it are the few named here, each with its reason.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import pytest

import domain
from domain import EvidenceRagError

PACKAGES = ("domain", "retrieval", "ingest", "skill", "app", "api")

# Outside the root, on purpose:
OUTSIDE = {
    # the CLI's own bad input; never leaves app/cli.py, and the root would import the
    # lexicon before every command
    "app.cli.BadInput",
    # wraps an unexpected error of one document inside the pipeline, caught beside it
    "ingest._pipeline._DocumentFault",
}


def _error_classes() -> list[type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for name in PACKAGES:
        package = importlib.import_module(name)
        modules = [package] + [
            importlib.import_module(info.name)
            for info in pkgutil.walk_packages(package.__path__, name + ".")
        ]
        for module in modules:
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if issubclass(cls, BaseException) and cls.__module__.split(".")[0] in PACKAGES:
                    found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return [found[k] for k in sorted(found)]


ERRORS = _error_classes()


def test_the_walk_finds_the_errors() -> None:
    names = {cls.__name__ for cls in ERRORS}
    assert {"PdfRejected", "StoreLocked", "ContractError", "LimitExceeded"} <= names
    assert len(ERRORS) > 40


@pytest.mark.parametrize("cls", ERRORS, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_every_error_is_under_the_root(cls: type[BaseException]) -> None:
    if f"{cls.__module__}.{cls.__qualname__}" in OUTSIDE:
        assert not issubclass(cls, EvidenceRagError)
        return
    assert issubclass(cls, EvidenceRagError)
    assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", cls.code), cls.code
    assert 400 <= cls.status <= 599 and isinstance(cls.status, int)
    assert cls.title and cls.title[0].isupper()
    assert re.search(rf"\b{cls.__name__}\b", domain._errors.__doc__ or ""), "not in the tree"


def test_every_exported_error_is_under_the_root() -> None:
    for name in (*PACKAGES, "engine"):
        package = importlib.import_module(name)
        for export in package.__all__:
            value = getattr(package, export)
            if inspect.isclass(value) and issubclass(value, BaseException):
                # the engine imports nothing of the project: its error is translated
                assert issubclass(value, EvidenceRagError) == (name != "engine"), export


def test_the_engine_error_is_translated_not_rooted() -> None:
    import engine
    import skill

    assert not issubclass(engine.ContractError, EvidenceRagError)
    translated = skill.ContractError.translated(engine.ContractError("mode", "required"))
    assert isinstance(translated, engine.ContractError) and isinstance(translated, ValueError)
    assert (str(translated), translated.field, translated.reason) == (
        "mode: required",
        "mode",
        "required",
    )
    assert (translated.code, translated.status, dict(translated.extra)) == (
        "contract_error",
        422,
        {"field": "mode"},
    )


def test_value_errors_stay_value_errors() -> None:
    from app import JsonTooDeep
    from ingest import ClauseModelError

    assert issubclass(domain.LexiconError, ValueError)
    assert issubclass(JsonTooDeep, ValueError)
    assert issubclass(ClauseModelError, RuntimeError)
