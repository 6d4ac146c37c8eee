"""A proviso of its own after a negated main clause (issue 34): in "X will not assign this
Agreement without Y's consent, provided that Y may terminate this Agreement for convenience",
the main clause's "not" is not the proviso's; Y's right is read from the proviso alone (it had
read False). Asked of X about termination: nothing (Y's right); asked of X about assignment:
the main clause's No. Generated over party names (short names, "&", roles), the main
clause's negation, the proviso's wording and case; a deterministic sample of the product."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import RESTRICTION_PARTIES, capitalized, holds

_MAINS = [
    "{x} will not assign this Agreement without the consent of {y}",
    "{x} shall not assign or transfer this Agreement",
    "{x} may not hire any employee of {y} during the Term",
    "{x} agrees not to sell the Products outside the Territory",
]
_PROVISOS = ["provided that", "provided, however, that", "; provided, however, that", "except that"]
_RIGHTS = [
    ("termination_without_cause", "{y} may terminate this Agreement for convenience"),
    ("termination_without_cause", "{y} may terminate this Agreement at any time for any reason"),
    (
        "termination_without_cause",
        "{y} shall have the right to terminate this Agreement without cause",
    ),
    ("assignment_without_consent", "{y} may assign this Agreement without the consent of {x}"),
]


def _sentence(main: str, proviso: str, own: str, x: str, y: str) -> str:
    sep = "" if proviso.startswith(";") else ","
    return capitalized(f"{main.format(x=x, y=y)}{sep} {proviso} {own.format(x=x, y=y)}.")


_PRODUCT = list(itertools.product(RESTRICTION_PARTIES, _MAINS, _PROVISOS, _RIGHTS))
# every 16th combination (the whole product was checked once by hand), lower case every other
_CASES = [
    (claim, x, y, text.lower() if i % 2 else text)
    for i, ((x, y), main, proviso, (claim, own)) in enumerate(_PRODUCT)
    if i % 16 == 0
    for text in [_sentence(main, proviso, own, x, y)]
]


@pytest.mark.parametrize(("claim", "x", "y", "sentence"), _CASES)
def test_the_provisos_party_has_its_right(claim: str, x: str, y: str, sentence: str) -> None:
    assert holds(claim, sentence, y, (x,)) is True, sentence


@pytest.mark.parametrize(
    ("claim", "x", "y", "sentence"),
    [case for case in _CASES if case[0] == "termination_without_cause"],
)
def test_the_main_clause_party_gets_no_right(claim: str, x: str, y: str, sentence: str) -> None:
    assert holds(claim, sentence, x, (y,)) is None, sentence
    # asked of no one: someone may
    assert holds(claim, sentence) is True, sentence


@pytest.mark.parametrize(
    ("x", "y", "sentence"),
    [
        (
            x,
            y,
            capitalized(
                f"{x} will not assign this Agreement, {pr} {who} {neg} terminate this Agreement for convenience."
            ),
        )
        for (x, y), pr, (who, neg) in itertools.product(
            RESTRICTION_PARTIES[:3],
            ["provided that", "provided, however, that"],
            [("{y}", "will not"), ("{y}", "may not")],
        )
    ],
)
def test_a_negated_proviso_is_its_partys_no(x: str, y: str, sentence: str) -> None:
    sentence = sentence.format(y=y)
    assert holds("termination_without_cause", sentence, y, (x,)) is False, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        # a proviso whose subject refers back to the main clause limits it: the main clause's
        # restriction is read as before, not the proviso's "will not restrict" alone
        "Acme will not enter into any agreement with a Rival, provided that the foregoing will "
        "not restrict the display of advertisements for any competing retailer.",
        "o'brien & sons will not enter into any agreement with a rival, provided, however, that "
        "the foregoing shall not restrict the display of advertisements for competing retailers.",
    ],
)
def test_a_proviso_referring_back_limits_its_clause(sentence: str) -> None:
    assert holds("non_compete", sentence) is True, sentence
