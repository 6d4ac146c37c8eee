"""Binding rules as components: the ordered registry, and each rule's cases as data.

tests/ingest/binding_cases/<rule>.yaml holds text in, bindings out for one rule (phrasings
written from the language, with invented names), negatives included.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from ingest import BINDING_RULES, BindingContext, BindingExtractor, BindingRule
from tests.ingest.test_bindings import found, make_doc

CASES_DIR = Path(__file__).resolve().parent / "binding_cases"


def _cases() -> list[Any]:
    out = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        spec = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in spec["cases"]:
            out.append(
                pytest.param(spec["rule"], spec["role"], case, id=f"{path.stem}:{case['id']}")
            )
    return out


def test_the_rules_are_one_ordered_registry() -> None:
    names = [rule.name for rule in BINDING_RULES]
    assert len(names) == len(set(names))
    assert BindingExtractor().rules == BINDING_RULES
    # Defined terms and parties come before the statements that refer to them.
    assert names.index("defined_terms") < names.index("founder_statements")
    assert names.index("preamble_parties") < names.index("signature_blocks")


@pytest.mark.parametrize(("rule", "role", "case"), _cases())
def test_rule_cases(rule: str, role: str, case: dict[str, Any]) -> None:
    result = BindingExtractor().run(make_doc(case["text"]))
    assert found(result, role) == {tuple(pair) for pair in case["expect"]}
    # The rule named by the file finds them itself, run as a component.
    component = next(r for r in BINDING_RULES if r.name == rule)
    alone = BindingExtractor(
        rules=[r for r in BINDING_RULES if r.name == "defined_terms"] + [component]
    )
    assert found(alone.run(make_doc(case["text"])), role) == {
        tuple(pair) for pair in case["expect"]
    }
    if "ended" in case:  # tenure: which of them ended, and until when
        assert {
            (b.subject_name, b.parent_name, b.attributes.get("until"))
            for b in result.bindings
            if b.role == role and b.attributes.get("tenure") == "ended"
        } == {tuple(item) for item in case["ended"]}
    if "events" in case:  # tenure: an end at an event with no date ("upon the closing")
        assert {
            (b.subject_name, b.parent_name, b.attributes.get("until_event"))
            for b in result.bindings
            if b.role == role and b.attributes.get("until_event")
        } == {tuple(item) for item in case["events"]}


def test_a_rule_returns_what_it_found() -> None:
    doc = make_doc(["Copperleaf Foods, Inc. was established in 2009 by Martin Kovacs."])
    rule = next(r for r in BINDING_RULES if r.name == "founder_statements")
    ctx = BindingContext(doc)
    found_now = rule.run(ctx)
    assert [(b.subject_name, b.role) for b in found_now] == [("Martin Kovacs", "founder")]
    assert isinstance(rule, BindingRule)
