"""A negation inside a condition is the condition's event, never the right's (issue 34): "if
the Supply Agreement expires, does not renew or terminates for any reason, then Acme may
terminate this Agreement" gives Acme a right upon an event, it does not forbid terminating
(it had read "No" to "May Acme terminate without cause?"). Generated over parties, events and
openers; the right without a condition is read as before."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import capitalized, holds

PARTIES = ["Acme", "Cardlytics, Inc.", "O'Brien & Sons", "the Licensee"]
OPENERS = ["if", "in the event that", "where"]
EVENTS = [
    "the Supply Agreement expires, does not renew or terminates for any reason",
    "the Services Schedule is not renewed or is terminated for any reason",
    "the parties do not agree on the delivery plan and the Master Agreement terminates",
]
CASES = list(itertools.product(PARTIES, OPENERS, EVENTS))[::3]


@pytest.mark.parametrize(("party", "opener", "event"), CASES)
def test_a_negated_event_in_a_condition_forbids_nothing(
    party: str, opener: str, event: str
) -> None:
    sentence = capitalized(f"{opener} {event}, then {party} may terminate this Agreement.")
    # a right upon an event: no stance on terminating without cause, never a "No"
    assert holds("termination_without_cause", sentence, party) is None
    assert holds("termination_without_cause", sentence.lower(), party.lower()) is None


@pytest.mark.parametrize("party", PARTIES)
def test_the_main_clause_still_decides(party: str) -> None:
    # the right's own negation is read as before
    forbidden = capitalized(
        f"if the Supply Agreement does not renew, {party} shall not terminate this Agreement "
        "for any reason."
    )
    assert holds("termination_without_cause", forbidden, party) is False
    # (a right upon the event is no right without cause, nor a prohibition of one)
    upon = capitalized(
        f"if the Supply Agreement does not renew, {party} may terminate this Agreement for "
        "convenience upon thirty (30) days' notice."
    )
    assert holds("termination_without_cause", upon, party) is not False
