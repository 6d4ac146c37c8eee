"""A condition that runs on over an aside of its own before the main clause (issue 34): "If
the Receiving Party is required by law to disclose any of the facts, the disclosure of which is
otherwise restricted hereunder, the Receiving Party shall give the Disclosing Party prompt
notice" was read as the notice denied: the condition was cut at its first comma, so the
aside's "restricted" counted as the duty's negation (a ContractNLI NDA's notice clause read
"No"). The main clause opens after the last clause break whose rest holds the right or the
duty. Generated over asides, conditions and claims, both polarities of the main clause."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

ASIDES = [
    ", the disclosure of which is otherwise restricted hereunder,",
    ", the use of which is prohibited by Section 4,",
    ", none of which may be shared,",
    ", which are not public,",
]
# (condition before the aside, main clause, claim, holds as written)
MAINS = [
    (
        "If the Receiving Party is required by law to disclose any of the facts{a} ",
        "the Receiving Party shall give the Disclosing Party prompt notice.",
        "notice_of_compelled_disclosure",
        True,
    ),
    (
        "If a court orders the Recipient to produce any Evaluation Material{a} ",
        "the Recipient shall promptly notify the Company of the order.",
        "notice_of_compelled_disclosure",
        True,
    ),
    (
        "If Halcyon fails to deliver the Products{a} ",
        "Northgate may terminate this Agreement.",
        "termination",
        True,
    ),
    (
        "If Halcyon fails to deliver the Products{a} ",
        "Northgate may not terminate this Agreement.",
        "termination",
        False,
    ),
]


@pytest.mark.parametrize(("main", "aside"), list(itertools.product(MAINS, ASIDES)))
def test_a_conditions_aside_is_not_the_main_clauses(
    main: tuple[str, str, str, bool], aside: str
) -> None:
    condition, clause, name, expected = main
    sentence = condition.format(a=aside) + clause
    assert holds(name, sentence) is expected, sentence
    assert holds(name, sentence.lower()) is expected, sentence


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "If Halcyon fails to deliver the Products, Northgate may not, as Halcyon may "
            "request, terminate this Agreement.",
            False,
        ),
        (
            "If Halcyon fails to deliver the Products, Northgate may, as Halcyon may request, "
            "terminate this Agreement.",
            True,
        ),
        (
            "If Halcyon fails to deliver the Products, Northgate shall not, unless Halcyon so "
            "requests, terminate this Agreement.",
            False,
        ),
    ],
)
def test_an_aside_of_the_main_clause_keeps_its_negation(sentence: str, expected: bool) -> None:
    assert holds("termination", sentence) is expected, sentence
