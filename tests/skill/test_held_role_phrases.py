"""Words after "as" that give a named party no role (issue 33, review of asrole33): a place
("Halcyon, as a Delaware corporation,"), a month ("Acme as January 1"), a verb form or a
relation ("the MSA with Northgate as Amended", "Halcyon as Successor"), or a title-case
question's function word ("Acme As Of January 1") is never a role the party is asked under;
the phrase is set aside (a place's or a relation's, to its closing comma) or read as written
("as amended": vocabulary.yaml question_as_amended, read as the agreement as amended).
A contract role after "as" is still one. Generated over the lexicon's own lists (states,
countries, months, held_role_not_roles), parties and the forms a phrase is written in."""

from __future__ import annotations

import pytest

from domain import lexicon
from skill import held_role_phrases

_LEXICON = lexicon()
_PARTIES = ["Halcyon", "Northgate Logistics", "O'Brien & Sons", "acme"]


def _sample(words: list[str], n: int) -> list[str]:
    """Every k-th of `words` (sorted), n of them: a sample that does not depend on order."""
    ordered = sorted(words)
    step = max(1, len(ordered) // n)
    return ordered[::step][:n]


_PLACES = _sample(list(_LEXICON.us_states), 5) + _sample(list(_LEXICON.countries), 5)
_MONTHS = _sample([m.title() for m in _LEXICON.months], 3)
_VERB_FORMS = _sample([w.title() for w in _LEXICON.held_role_not_roles], 6)

_NO_ROLE_FORMS = [
    ("Can {x}, as a {w} corporation, pay dividends?", "Can {x} pay dividends?"),
    ("can {x} as {w} terminate the MSA?", "can {x} terminate the MSA?"),
]


def _cases() -> list[tuple[str, str]]:
    out = []
    words = _PLACES + _MONTHS + _VERB_FORMS
    for i, w in enumerate(words):
        x = _PARTIES[i % len(_PARTIES)]
        form, plain = _NO_ROLE_FORMS[i % 2]
        out.append((form.format(x=x, w=w), plain.format(x=x)))
    return out


@pytest.mark.parametrize(("question", "plain"), _cases())
def test_a_place_month_or_verb_form_after_as_is_no_role(question: str, plain: str) -> None:
    text, found = held_role_phrases(question)
    assert not [role for _, role in found if role], found
    # set aside, or ("as Amended") left to the reader of an agreement as amended
    assert text == (plain if found else question)


@pytest.mark.parametrize(
    "question",
    [
        "Was Halcyon As Of January 1, 2024 party to the MSA?",
        "What Was Acme's Revenue As At December 31?",
        "Is the Termination Fee of Northgate As Follows?",
    ],
)
def test_a_title_case_function_word_is_read_as_written(question: str) -> None:
    assert held_role_phrases(question) == (question, [])


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("Can Halcyon, as the Borrower, pay dividends?", "borrower"),
        ("can halcyon as employer terminate reyes without cause?", "employer"),
        ("Can Keystone, in its capacity as Lender, accelerate the loan?", "lender"),
        ("Can Acme, as the Servicer, collect the receivables?", "servicer"),
    ],
)
def test_a_role_after_as_is_still_one(question: str, role: str) -> None:
    _, found = held_role_phrases(question)
    assert [r for _, r in found] == [role]


def test_a_relation_set_off_by_commas_is_set_aside_to_its_comma() -> None:
    text, found = held_role_phrases("Can Halcyon, as successor to Acme, assign the MSA?")
    assert text == "Can Halcyon assign the MSA?" and [r for _, r in found] == [""]
