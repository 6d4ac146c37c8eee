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


# --- a place or a relation before a role qualifies the role (review of question34) ----------
# "Acme as Successor Agent", "acme as successor trustee", "Acme as Canada Licensee", "Acme as
# New Jersey Purchaser": the role is the words with their qualifier (a relation is "successor
# to / of X", a place's noun "a Delaware corporation / company" says what the party is)
_ROLE_NOUNS = _sample(
    [
        r.replace("_", " ").title()
        for r in _LEXICON.contract_roles - _LEXICON.generic_contract_roles
    ],
    6,
)
_QUALIFIERS = [
    "Successor",
    "successor",
    "Predecessor",
    *_sample([p for p in _PLACES if " " in p], 1),
    *_sample([p for p in _PLACES if " " not in p], 2),
]
_QUALIFIED_FORMS = [
    ("Can {x}, as the {q} {r}, terminate the MSA?", "Can {x} terminate the MSA?"),
    ("can {x} as {q} {r} terminate the MSA?", "can {x} terminate the MSA?"),
    ("Is {x}, in its capacity as {q} {r}, bound by the MSA?", "Is {x} bound by the MSA?"),
]


def _qualified_cases() -> list[tuple[str, str, str]]:
    out = []
    for i, (q, r) in enumerate(zip(_QUALIFIERS * 2, _ROLE_NOUNS, strict=False)):
        for j, (form, plain) in enumerate(_QUALIFIED_FORMS):
            if (i + j) % 3 == 2:
                continue
            x = _PARTIES[(i + j) % len(_PARTIES)]
            text = form.format(x=x, q=q, r=r)
            lower = form[0].islower()
            out.append(
                (
                    text.lower() if lower else text,
                    f"{q} {r}".lower(),
                    plain.format(x=x).lower() if lower else plain.format(x=x),
                )
            )
    return out


@pytest.mark.parametrize(("question", "role", "plain"), _qualified_cases())
def test_a_place_or_relation_before_a_role_qualifies_it(
    question: str, role: str, plain: str
) -> None:
    text, found = held_role_phrases(question)
    assert [r for _, r in found] == [" ".join(role.split())], found
    assert text == plain


@pytest.mark.parametrize("place", _sample([p for p in _PLACES if " " not in p], 2))
@pytest.mark.parametrize("noun", ["company", "corporation"])
def test_a_place_before_what_the_party_is_stays_no_role(place: str, noun: str) -> None:
    for question in (
        f"Can Halcyon, as a {place} {noun}, pay dividends?",
        f"can acme as {place.lower()} {noun} pay?",
    ):
        _, found = held_role_phrases(question)
        # set aside, or (lower case, no role's word after the place) read as written
        assert not [r for _, r in found if r], (question, found)


@pytest.mark.parametrize(
    "question",
    [
        "Can Halcyon, as successor to Acme, assign the MSA?",
        "Can Halcyon as Successor assign the MSA?",
    ],
)
def test_a_relation_with_no_role_after_it_stays_no_role(question: str) -> None:
    assert [r for _, r in held_role_phrases(question)[1]] == [""]
