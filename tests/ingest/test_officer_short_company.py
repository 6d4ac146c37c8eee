"""An officer or founder statement that writes its company without the legal form ("co-founder
and Chief Executive Officer of Halcyon Robotics") binds the company the same document names in
full ("Halcyon Robotics, Inc."); the one it writes most often where two legal forms follow the
words; nothing on a tie or where no full name is written. (Each statement is typeset on one
line, and a plain sentence follows it: a company's name broken over two lines, and a name
run on into a next paragraph of capitalised words, are other classes, not read yet.)"""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind

_COMPANIES = [
    ("Halcyon Robotics", "Halcyon Robotics, Inc."),
    ("Keel Street Capital", "Keel Street Capital LLC"),
    ("BRIGHTWATER FOODS", "BRIGHTWATER FOODS, INC."),
    ("Orvandi Labs", "Orvandi Labs Ltd."),
]
_STATEMENTS = [
    '"We are glad," said Maria Okafor, co-founder and Chief Executive Officer of {short}.',
    "Jane Roe, Chief Financial Officer of {short}, said the plant opened on time.",
]


def _roles(result: object, person: str) -> set[tuple[str, str]]:
    return {
        (b.role.value, b.parent_name)
        for b in result.bindings  # type: ignore[attr-defined]
        if b.subject_name == person
    }


@pytest.mark.parametrize(("short", "full"), _COMPANIES)
@pytest.mark.parametrize("statement", _STATEMENTS)
def test_the_short_name_is_the_company_named_in_full(short: str, full: str, statement: str) -> None:
    text = statement.format(short=short)
    person = "Maria Okafor" if "Okafor" in text else "Jane Roe"
    about = f"About {short}. {full} designs robots for warehouses in North America."
    result = _bind("PRESS RELEASE", [text, "The plant opened in May.", about], 200)
    assert {parent for _, parent in _roles(result, person)} == {full}, _roles(result, person)


@pytest.mark.parametrize(("short", "full"), _COMPANIES[:2])
def test_no_full_name_or_a_tie_binds_nothing(short: str, full: str) -> None:
    text = _STATEMENTS[1].format(short=short)
    alone = _bind("PRESS RELEASE", [text, "The plant employs 40 people."], 90)
    assert _roles(alone, "Jane Roe") == set()
    tie = _bind("PRESS RELEASE", [text, f"{full} and {short} GmbH announced it."], 90)
    assert _roles(tie, "Jane Roe") == set()
    most = _bind(
        "PRESS RELEASE", [text, f"{full} and {short} GmbH announced it. {full} is listed."], 90
    )
    assert {p for _, p in _roles(most, "Jane Roe")} == {full}


def test_a_longer_name_is_another_company() -> None:
    text = _STATEMENTS[1].format(short="Halcyon Robotics")
    result = _bind("PRESS RELEASE", [text, "Halcyon Robotics Canada Ltd. opened in May."], 90)
    assert _roles(result, "Jane Roe") == set()
