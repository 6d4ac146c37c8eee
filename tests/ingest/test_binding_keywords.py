"""The keyword prefilter of the binding rules finds what the pattern as written finds."""

from __future__ import annotations

import re

import pytest

from ingest import BINDING_RULES, TextFlow
from tests.ingest.test_bindings import found, make_doc, run

# the ownership statements' keywords
_KW_OWNER: str = next(r for r in BINDING_RULES if r.name == "ownership_statements").keywords  # type: ignore[attr-defined]

LINES = [
    "HOLDCO LTD. OWNS 60% of the shares of Target GmbH.",
    "The Shareholders of Target GmbH are listed below; its Members met at the office.",
    "Istanbul İSTANBUL office: Ownership Threshold and withheld sums, at its own cost.",
    "John Doe is the sole Unit Holder of Alpha LP.",
]

PATTERNS = [
    _KW_OWNER,
    r"(?i:resign|retire)",
    r"(?i:officer|c\.?[efot]\.?o)",
    r"(?i:\bdba\b|f/k/a)",
    r"(?i:[A-Z]+)",  # a capital in the body: runs as written
    r"(?i:a)|(?i:b)",  # two groups, not one: runs as written
    r"\b[Aa]n?\s+(?:Delaware)\s",  # case-sensitive: runs as written
]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_keyword_search_finds_what_the_pattern_finds(pattern: str) -> None:
    flow = TextFlow(make_doc(LINES))
    expected = [(m.start(), m.end()) for m in re.finditer(pattern, flow.text)]
    assert [(m.start(), m.end()) for m in flow.keyword_finditer(pattern)] == expected


def test_a_text_whose_lower_case_is_longer_runs_as_written() -> None:
    # "İ".lower() is two characters: the lower-cased text's offsets would drift.
    flow = TextFlow(make_doc(["İİİ Acme Corp. owns 5% of Beta Inc."]))
    assert "İ".lower() != "i" and len("İ".lower()) == 2
    found = [(m.start(), m.end()) for m in flow.keyword_finditer(_KW_OWNER)]
    assert found == [(m.start(), m.end()) for m in re.finditer(_KW_OWNER, flow.text)] != []


def test_ownership_keywords_are_whole_words() -> None:
    words = [m.group(0).lower() for m in re.finditer(_KW_OWNER, LINES[2])]
    assert words == []  # "own cost", "Ownership", "Threshold", "withheld"
    words = [m.group(0) for m in re.finditer(_KW_OWNER, " ".join(LINES[:2] + LINES[3:]))]
    assert words == ["OWNS", "Shareholders", "Members", "Unit Holder"]


def test_ownership_still_bound_after_the_prefilter() -> None:
    result = run(["Holdco Ltd. owns 60% of the shares of Target GmbH."])
    assert found(result, "shareholder") == {("Holdco Ltd.", "Target GmbH")}
    (b,) = [b for b in result.bindings if b.role == "shareholder"]
    assert b.attributes.get("stake") == "60%"
