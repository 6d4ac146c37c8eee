"""A proviso that opens a clause of its own is its own statement (issue 34): in "X shall pay the
fees, provided, however, that Y may terminate this Agreement for any reason", the right is Y's,
never X's; nor does another party's proviso leave a case of X's prohibited action ("X shall not
terminate this Agreement, provided, however, that Y may terminate it for any reason"). Asked of
X: no Yes; asked of Y: the proviso's own reading. Generated over party names (short names, "&",
roles), the proviso's wording, its punctuation, lower and upper case."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_PAIRS = [
    ("Licensee", "Licensor"),
    ("the Distributor", "the Supplier"),
    ("Acme", "O'Brien & Sons"),
    ("Halcyon Health", "Northgate"),
]
_PROVISOS = [
    "provided, however, that",
    "provided that",
    "; provided, however, that",
    "provided further that",
]
_MAINS = [
    "{x} shall pay all fees within thirty days",
    "{x} shall maintain insurance during the Term",
    "{x} will deliver the Products to {y}",
]
_OWN = {
    "termination_without_cause": "{y} may terminate this Agreement for any reason upon notice",
    "assignment_without_consent": "{y} may assign this Agreement without the consent of {x}",
    "non_solicitation": "{y} shall not solicit any employee of {x}",
    "non_compete": "{y} shall not compete with {x} in the Territory",
}


def _join(main: str, proviso: str, own: str) -> str:
    sep = "" if proviso.startswith(";") else ", "
    text = f"{main}{sep}{proviso} {own}."
    return text[0].upper() + text[1:]


def _cases(text: str) -> list[str]:
    return [text, text.lower(), text.upper()]


_SENTENCES = [
    (claim, x, y, case)
    for (x, y), proviso, main, claim in itertools.product(_PAIRS, _PROVISOS, _MAINS, _OWN)
    for case in _cases(_join(main.format(x=x, y=y), proviso, _OWN[claim].format(x=x, y=y)))
]


def _short(name: str) -> str:
    return name.removeprefix("the ")


@pytest.mark.parametrize(("claim", "x", "y", "sentence"), _SENTENCES)
def test_the_proviso_is_not_the_main_clause_partys(
    claim: str, x: str, y: str, sentence: str
) -> None:
    assert holds(claim, sentence, _short(x), (_short(y),)) is not True, sentence


@pytest.mark.parametrize(("claim", "x", "y", "sentence"), _SENTENCES)
def test_the_proviso_is_its_own_partys(claim: str, x: str, y: str, sentence: str) -> None:
    assert holds(claim, sentence, _short(y), (_short(x),)) is True, sentence


_PROHIBITED = [
    "{x} shall not terminate this Agreement, {pr} {y} may terminate this Agreement for any "
    "reason upon notice.",
    "{x} may not terminate this Agreement during the Term, {pr} {y} may terminate it at any "
    "time without cause.",
]


@pytest.mark.parametrize(
    ("x", "y", "sentence"),
    [
        (x, y, case)
        for (x, y), pr, head in itertools.product(
            _PAIRS, ["provided, however, that", "provided that"], _PROHIBITED
        )
        for case in _cases(
            head.format(x=x, y=y, pr=pr)[0].upper() + head.format(x=x, y=y, pr=pr)[1:]
        )
    ],
)
def test_another_partys_proviso_leaves_no_case(x: str, y: str, sentence: str) -> None:
    assert holds("termination_without_cause", sentence, _short(x), (_short(y),)) is not True, (
        sentence
    )
