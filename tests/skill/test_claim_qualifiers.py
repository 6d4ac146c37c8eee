"""Qualifiers of a yes/no claim that are no words of its party or action (issue 34): the law
it is asked under ("... under Delaware law?", "..., under the laws of the State of New York,
...": skill/_claim_law.py, vocabulary.yaml question_law_leads/words) and the party a qualified
role is held for ("Acme as Successor Agent of the Lenders": skill/_held_roles.py,
held_role_complement_links). Generated: claims x law phrases x places x case; qualified roles
x complements x commas x case."""

from __future__ import annotations

import pytest

from skill import claim_law, held_role_phrases

_CLAIMS = (
    "Can Northgate terminate the MSA with Halcyon{q}?",
    "Can Halcyon{q} assign the MSA without consent?",
    "May Acme & Beta{q} terminate the supply agreement for convenience?",
    "Is Halcyon{q} restricted from competing?",
)
# (the law phrase, the jurisdiction it names)
_LAWS = (
    ("under Delaware law", "Delaware"),
    ("under the laws of the State of New York", "New York"),
    ("pursuant to Ohio law", "Ohio"),
    ("according to the laws of Ontario", "Ontario"),
    ("under new york law", "New York"),
)


def _law_cases() -> list[tuple[str, str, str]]:
    out = []
    for i, form in enumerate(_CLAIMS):
        for j in (i % len(_LAWS), (i + 2) % len(_LAWS)):
            phrase, place = _LAWS[j]
            plain = form.format(q="")
            if (i + j) % 2 == 0:
                asked = plain.removesuffix("?") + f" {phrase}?"
            else:
                asked = form.format(q=f", {phrase},")
            if (i + j) % 3 == 0:
                asked, plain = asked.lower(), plain.lower()
            out.append((asked, plain, place))
    return out


@pytest.mark.parametrize(("asked", "plain", "place"), _law_cases())
def test_the_law_a_claim_is_asked_under_is_set_aside(asked: str, plain: str, place: str) -> None:
    assert claim_law(asked) == (plain, place)


@pytest.mark.parametrize(
    "question",
    [
        "Under which state's law was Halcyon Field Services LLC formed?",
        "Can Halcyon pay dividends under the loan agreement?",
        "Can Northgate terminate the MSA under Section 12?",
        "Is the MSA governed by Delaware law?",
        "What is the governing law of the MSA?",
    ],
)
def test_no_law_or_not_a_yes_no_claim_is_left_as_written(question: str) -> None:
    assert claim_law(question) is None


# (the question with "{r}" for the role phrase, the role phrase, the role read)
_ROLES = (
    ("as Successor Agent of the Lenders", "successor agent"),
    ("as successor trustee for the Holders", "successor trustee"),
    ("as Canada Licensee of Beta Corp", "canada licensee"),
    ("as successor agent of lenders", "successor agent"),
)
_ROLE_CLAIMS = ("Is Acme{r} bound?", "Can Acme{r} terminate the agreement?")


@pytest.mark.parametrize(
    ("asked", "plain", "role"),
    [
        (
            form.format(r=f", {phrase}," if comma else f" {phrase}"),
            form.format(r=""),
            role,
        )
        for i, (phrase, role) in enumerate(_ROLES)
        for form, comma in ((_ROLE_CLAIMS[i % 2], i % 2 == 0), (_ROLE_CLAIMS[(i + 1) % 2], False))
    ],
)
def test_a_qualified_roles_party_is_part_of_its_phrase(asked: str, plain: str, role: str) -> None:
    text, found = held_role_phrases(asked)
    assert text == plain and [r for _, r in found] == [role], (asked, text, found)
