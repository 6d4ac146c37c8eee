"""Figure questions that name a cash flow with its activity as a verb's subject or object
("How much cash did Best Buy's operating activities provide ...?", "cash generated from
operating activities", "used in financing activities"), and an operating result asked as a
loss ("gross profit and operating loss"): each names its concept, for every cash-flow
concept alike (issue 35, fb37b). Variants generated over names (possessives, "&", lower
case, short names) and wordings; the phrases are financial.yaml's question_words."""

from __future__ import annotations

import itertools
import re

import pytest

from domain import concepts_asked

_COMPANIES = ["Best Buy", "AT&T", "acme corp", "Procter & Gamble", "3M"]
_FORMS = [
    "How much cash did {co}'s {act} activities provide in the first six months of fiscal 2024?",
    "how much cash did {co}'s {act} activities generate in fy2019, in usd millions",
    "How much cash did {co}'s {act} activities use in 2019?",
    "How much cash was generated from {act} activities by {co} in 2019?",
    "What amount was used for {act} activities at {co} in FY2019?",
    "What amount was provided by {act} activities at {co} in 2020?",
]
_CONCEPTS = {
    "operating": "cash_from_operations",
    "investing": "cash_from_investing",
    "financing": "cash_from_financing",
}
_PRODUCT = list(itertools.product(_COMPANIES, _FORMS, _CONCEPTS))


@pytest.mark.parametrize(("co", "form", "act"), _PRODUCT[::4])
def test_a_cash_flow_named_by_its_activity_and_a_verb(co: str, form: str, act: str) -> None:
    question = form.format(co=co, act=act)
    assert [c.name for c in concepts_asked(question)] == [_CONCEPTS[act]], question


@pytest.mark.parametrize(
    ("question", "names"),
    [
        ("What were Halcyon's gross profit and operating loss in 2023?", {"gross_profit"}),
        ("halcyon robotics: operating loss & net loss, fiscal 2022?", {"net_income"}),
        ("What were Acme & Co's losses from operations in FY2019?", set()),
        ("what were acme's operating losses in 2020", set()),
    ],
)
def test_an_operating_result_asked_as_a_loss(question: str, names: set[str]) -> None:
    assert {c.name for c in concepts_asked(question)} == {"operating_income", *names}, question
    # ... while a net operating loss carried forward is a tax attribute, no year's result
    carried = re.sub(
        r"operating loss(?:es)?|loss(?:es)? from operations",
        "net operating loss carryforwards",
        question,
    )
    assert "operating_income" not in [c.name for c in concepts_asked(carried)], carried
