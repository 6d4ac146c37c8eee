"""The sample data room's yes/no claims, the classes session 32 left open (issue 34, session 33).

1. A term that runs "unless (earlier) terminated by either party upon N days' notice" (or
   "until terminated by ...") is a right of the party after "by" to end it on notice: a
   termination for convenience of both parties ("either", "any", "each party"), of the one
   named alone; no agent, or a ground named ("for material breach", "by mutual agreement"),
   is none.

Sentences are generated over parties, openings and notice forms (a fixed sample of the
product); the data room's own questions end to end are marked slow.
"""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import capitalized, holds

# --- 1. a term "unless terminated earlier by either party upon notice" --------------------------
_TERMS = [
    "this Agreement shall remain in effect for a period of two (2) years from the Effective "
    "Date, unless terminated earlier by {p} upon {n}",
    "this agreement shall continue for three years unless earlier terminated by {p} upon {n}",
    "the Term shall be one (1) year, unless sooner terminated by {p} at any time upon {n}",
    "this Agreement shall remain in force until terminated by {p} for any reason or no reason "
    "upon {n}",
]
_BOTH = ["either party", "any party", "each party", "either Party", "Acme or Beta"]
_NOTICES = [
    "thirty (30) days' written notice",
    "60 days notice",
    "ninety (90) days' prior written notice to the other party",
]


@pytest.mark.parametrize(
    ("sentence", "actor"),
    [
        (capitalized(t.format(p=p, n=n)), a)
        for i, (t, p, n, a) in enumerate(
            itertools.product(_TERMS, _BOTH, _NOTICES, ["Acme", "Beta"])
        )
        if i % 7 == 0
    ],
)
def test_a_term_ended_by_either_party_on_notice_is_a_right_of_both(
    sentence: str, actor: str
) -> None:
    other = "Beta" if actor == "Acme" else "Acme"
    assert holds("termination_without_cause", sentence, actor, (other,)) is True
    assert holds("termination_without_cause", sentence, actor, (other,), negated=True) is False


@pytest.mark.parametrize("template", _TERMS)
def test_a_term_ended_by_one_party_is_that_partys_right(template: str) -> None:
    sentence = capitalized(template.format(p="Beta", n=_NOTICES[0]))
    assert holds("termination_without_cause", sentence, "Beta", ("Acme",)) is True
    assert holds("termination_without_cause", sentence, "Acme", ("Beta",)) is None


@pytest.mark.parametrize(
    "sentence",
    [
        # no agent: no one's right
        "This Agreement shall continue until terminated in accordance with Section 9.",
        "This Agreement shall remain in effect for two years unless sooner terminated as "
        "provided herein.",
        # a ground named, or both parties' agreement: no termination for convenience
        "This Agreement shall remain in effect for two years, unless terminated earlier by "
        "either party for material breach.",
        "This Agreement shall continue for one year unless terminated earlier by mutual written "
        "agreement of the parties.",
        # another verb than ending the term
        "The obligations shall survive until released by either party upon notice.",
    ],
)
def test_a_term_with_no_ones_right_to_end_it_says_nothing(sentence: str) -> None:
    assert holds("termination_without_cause", sentence, "Acme", ("Beta",)) is None
    assert holds("termination_without_cause", sentence.lower(), "Acme", ("Beta",)) is None
