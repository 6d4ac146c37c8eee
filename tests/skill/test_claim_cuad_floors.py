"""CUAD's yes/no propositions read in the words contracts nobody tuned on use (issue 34,
session 36): a sentence's reading of the record, generated over parties (short names, "&",
roles), amounts and lower case, a fixed sample.

1. A minimum commitment is a floor on what one party buys, orders, pays or delivers in a period:
   a minimum of a sum or of counted units, a guaranteed or periodic minimum, a minimum charge
   or lot size, a payment floor per period; "shall not order fewer than" is a floor, never a
   negation of the order. A minimum of notice days, of insurance cover or of a salary is none.
2. Most-favoured terms are also said as treatment "at least as favorable as" others get; terms
   no less favourable than another document's are none.
3. "will not impair any third party beneficiary rights of the Trustee" speaks of rights that
   exist; it denies no beneficiary.
"""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import RESTRICTION_PARTIES, capitalized, holds

_AMOUNTS = ["$10,000", "$2,500,000", "[***]", "US$ 750"]
_UNITS = ["3,000,000 Impressions", "500 units", "1,200 cases"]
_PERIODS = ["per month", "in each Contract Year", "per calendar quarter", "each year"]

# (the sentence, its reading of "a minimum purchase commitment": True / False / None)
_MINIMUMS = [
    ("{b} will pay {a} a minimum of {amount} {period}.", True),
    ("{a} shall deliver a guaranteed minimum of {units} {period}.", True),
    ("{b} shall fund the Guaranteed Minimum of {amount} {period}.", True),
    ("{b} will pay the fees (but not less than {money} {period}).", True),
    ("{b}'s aggregate purchases shall not be less than {money} {period}.", True),
    ("{b} shall not order fewer than {units} {period}.", True),
    (
        "Products must be ordered in the minimum and/or standard lot size quantities specified.",
        True,
    ),
    ("There is no minimum purchase requirement under this Agreement.", False),
    ("{b} may order Products without any minimum order quantity.", False),
    ("{a} shall give a minimum of 30 days written notice of termination.", None),
    ("{b} shall maintain insurance with a minimum of {money} per occurrence.", None),
    ("{b} shall maintain liability insurance of not less than {money} per occurrence.", None),
    ("The Executive shall receive a base salary of not less than {money} per year.", None),
]


def _minimum_cases() -> list[tuple[str, bool | None]]:
    out = []
    combos = itertools.product(_MINIMUMS, RESTRICTION_PARTIES[:4], _AMOUNTS, _UNITS, _PERIODS)
    for k, ((form, want), (a, b), amount, units, period) in enumerate(combos):
        if k % 97:
            continue
        money = amount if amount.startswith(("$", "US$")) else "$5,000"
        text = capitalized(
            form.format(a=a, b=b, amount=amount, money=money, units=units, period=period)
        )
        out.append((text.lower() if k % 3 == 0 else text, want))
    return out


@pytest.mark.parametrize(("sentence", "want"), _minimum_cases())
def test_a_floor_on_what_is_bought_is_a_minimum_commitment(
    sentence: str, want: bool | None
) -> None:
    assert holds("minimum_commitment", sentence) is want, sentence


_FAVOURED = [
    (
        "All Users shall be treated at least as favorably in all respects as {a} treats users of the {a} Site.",
        True,
    ),
    (
        "{a} shall offer {b} terms at least as favorable as those it offers to any other distributor.",
        True,
    ),
    (
        "The prices charged to {b} shall be no less favorable than the prices charged to any other customer of {a}.",
        True,
    ),
    (
        "The terms of this Agreement shall be no less favorable to {b} than those set forth in the Original Agreement.",
        None,
    ),
]


@pytest.mark.parametrize(
    ("sentence", "want"),
    [
        (capitalized(form.format(a=a, b=b)), want)
        for (form, want), (a, b) in zip(
            _FAVOURED * 2, RESTRICTION_PARTIES[1:] + RESTRICTION_PARTIES[:3], strict=False
        )
    ],
)
def test_treatment_at_least_as_favorable_as_others_is_most_favoured(
    sentence: str, want: bool | None
) -> None:
    assert holds("most_favored_nation", sentence) is want, sentence


# (the sentence, its reading of "a third-party beneficiary" asked plainly)
_BENEFICIARIES = [
    ("{a} will not eliminate or impair any third party beneficiary rights of {b}.", None),
    (
        "{a} shall not amend this Agreement so as to limit the third-party beneficiary rights of the Trustee.",
        None,
    ),
    (
        "The Trustee will be a third-party beneficiary of this Agreement and may enforce it against {a}.",
        True,
    ),
    ("There are no third party beneficiaries of this Agreement.", False),
]


def _beneficiary_cases() -> list[tuple[str, str, str, bool, bool | None]]:
    out = []
    for k, ((form, want), (a, b)) in enumerate(
        itertools.product(_BENEFICIARIES, RESTRICTION_PARTIES[:4])
    ):
        if k % 2:
            continue
        negated = k % 4 == 2
        expected = None if want is None else want != negated
        text = form.format(a=a, b=b)
        out.append((text.lower() if k % 3 == 0 else text, a, b, negated, expected))
    return out


@pytest.mark.parametrize(("sentence", "a", "b", "negated", "want"), _beneficiary_cases())
def test_rights_an_act_must_not_impair_are_no_denial_of_a_beneficiary(
    sentence: str, a: str, b: str, negated: bool, want: bool | None
) -> None:
    got = holds("third_party_beneficiary", sentence, None, (a, b), negated=negated)
    assert got is want, (sentence, negated)


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement may not be terminated by {a} less than one year after the Effective Date.",
        "{a} shall not terminate this Agreement for convenience.",
    ],
)
@pytest.mark.parametrize(("a", "b"), RESTRICTION_PARTIES[:2])
def test_a_floor_leaves_other_negations_standing(sentence: str, a: str, b: str) -> None:
    """The floor's "not ... less than" is no negation of its verb; "may not be terminated
    less than a year after" and "shall not terminate" still deny the right."""
    assert holds("termination_without_cause", sentence.format(a=a, b=b), a, (b,)) is not True


# review36: a minimum of time, of availability or of staff is no purchase floor, whatever the
# period, the party or the number ("Consultant shall devote a minimum of 20 hours per week",
# "The Service shall be available a minimum of 99.9 percent per month"); a floor of counted
# goods in the same words still is
_NOT_GOODS = [
    "{a} shall devote a minimum of {n} hours {period} to the Services.",
    "The Service shall be available a minimum of 99.{n} percent {period}.",
    "{a} shall provide support a minimum of {n} days {period}.",
    "{a} shall assign a minimum of {n} full-time employees {period} to the project.",
    "{a} shall maintain uptime of a minimum of 99.{n}% {period}.",
]
_GOODS = ["{b} shall purchase a minimum of {n},000 units {period}."]


def _time_cases() -> list[tuple[str, bool | None]]:
    out = []
    forms = [(f, None) for f in _NOT_GOODS] + [(f, True) for f in _GOODS]
    combos = itertools.product(forms, RESTRICTION_PARTIES, ["5", "20", "40"], _PERIODS)
    for k, ((form, want), (a, b), n, period) in enumerate(combos):
        if k % 23:
            continue
        text = capitalized(form.format(a=a, b=b, n=n, period=period.replace("in each", "per")))
        out.append((text.lower() if k % 2 else text, want))
    return out


@pytest.mark.parametrize(("sentence", "want"), _time_cases())
def test_a_minimum_of_time_or_staff_is_no_purchase_floor(sentence: str, want: bool | None) -> None:
    assert holds("minimum_commitment", sentence) is want, sentence
