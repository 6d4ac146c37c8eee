"""'Extend' in the sense 'apply to' or 'reach' is no renewal (issue 34): where CUAD marks an
agreement as having no renewal clause, "such rights do not automatically extend to Other
Events" or "the indemnity shall not extend to any claim" were read as a denial of automatic
renewal. The scope is no term, period, date or renewal and the subject is not the agreement or
its term; a period counted from the agreement's termination is not its term either. Generated
variants (several subjects, modal verbs, negations, lower case); controls keep real renewals
and real denials read."""

from __future__ import annotations

import pytest

from tests.skill.claim_reading import holds

SUBJECTS = [
    "Such rights",
    "The indemnity in the preceding provision",
    "Licensee's obligations under this Section 7",
    "The license granted herein",
    "this equal division of revenue",
]
VERBS = [
    "shall not",
    "will not",
    "does not automatically",
    "do not",
    "shall",
    "extends",
    "shall only",
]
SCOPES = [
    "extend to any claim of infringement arising from modifications",
    "extend to Other Events at the Stadium",
    "extend to all Affiliates of Licensee",
    "extend beyond the scope of the Products",
    "extend into the Territory of Acme & Sons",
]


def _sentence(subject: str, verb: str, scope: str) -> str:
    if verb == "extends":
        return f"{subject} {scope.replace('extend ', 'extends ', 1)}."
    return f"{subject} {verb} {scope}."


APPLY_TO = [
    v
    for subject in SUBJECTS
    for verb in VERBS
    for scope in SCOPES
    for s in [_sentence(subject, verb, scope)]
    for v in (s, s.lower())
]

TAILS = [
    v
    for subject in ("such period", "The sell-off period", "Distributor's right to sell Inventory")
    for modal in ("shall not", "will not", "may not")
    for tail in (
        "extend beyond an additional [***] months from the date of the actual termination of "
        "this Agreement",
        "extend beyond six (6) months following the termination of this Agreement",
    )
    for s in [f"Provided that (i) {subject} {modal} {tail}."]
    for v in (s, s.lower())
]


@pytest.mark.parametrize("sentence", APPLY_TO)
def test_extend_to_a_scope_that_is_no_term_says_nothing_of_renewal(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is None


@pytest.mark.parametrize("sentence", TAILS)
def test_a_period_after_termination_is_not_the_term(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is None


RENEWS = [
    v
    for s in [
        "The Term shall automatically extend for successive one-year periods unless either party "
        "gives notice of non-renewal.",
        "This Agreement shall automatically extend to a further term of one year.",
        "this agreement will automatically extend to an additional period of twelve (12) months.",
        "The Initial Term shall automatically be extended for successive renewal terms of two years.",
    ]
    for v in (s, s.lower())
]

DENIES = [
    v
    for s in [
        "This Agreement shall not be extended beyond the Initial Term.",
        "The Term will not be extended beyond December 31, 2025.",
        "This Agreement shall not renew automatically.",
        "There shall be no automatic renewal of this Agreement.",
    ]
    for v in (s, s.lower())
]


@pytest.mark.parametrize("sentence", RENEWS)
def test_a_term_extended_still_renews(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is True


@pytest.mark.parametrize("sentence", DENIES)
def test_a_term_not_extended_is_still_a_denial(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is False
