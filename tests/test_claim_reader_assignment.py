"""The claim reader on anti-assignment clauses the cuad-train development set read the wrong
way (issue 34): the noun "assigns" of those a contract binds ("successors and assigns")
is no right to assign; an exception before the rule's missing consent ("other than to
Affiliates, without ... approval") leaves the rule forbidding assignment without consent;
asides between the action and its consent ("in whole or in part, whether voluntarily or by
operation of law") keep the consent the action's. Generated variants (subjects, verbs, case,
the holders' and the asides' words), read by the real reader of the real lexicon, no ingest."""

from __future__ import annotations

import pytest

from domain import lexicon
from skill import Claim, ClauseReader


def _holds(text: str) -> bool | None:
    entry = next(p for p in lexicon().propositions if p.name == "assignment_without_consent")
    reading, _ = ClauseReader(Claim(entry=entry, negated=False, actor=None, others=())).read(text)
    return None if reading is None else reading.holds


_SUBJECTS = ("neither party", "Neither Party", "Acme")
_RULES = {
    "neither party": "neither party shall {verb} this Agreement without the prior written consent of the other party",
    "Neither Party": "Neither Party shall have the power to {verb} this Agreement without the written approval of the other Party",
    "Acme": "Acme may not {verb} this Agreement without Beta's prior consent",
}
_HOLDERS = (
    "their respective successors and assigns",
    "its successors in interest and permitted assigns",
    "their heirs, executors and assigns",
)
_BOUND = [
    f"This Agreement shall be binding upon the parties and {holders}, but {_RULES[s].format(verb=verb)}."
    for s in _SUBJECTS
    for holders in _HOLDERS
    for verb in ("assign", "transfer")
]


@pytest.mark.parametrize("text", _BOUND)
def test_successors_and_assigns_is_no_right_to_assign(text: str) -> None:
    assert _holds(text) is False
    assert _holds(text.lower()) is False


_EXCEPTED = [
    f"{s} assign this Agreement{exception} without the prior written {consent} of the other party."
    for s in ("Neither party shall", "neither Party may", "Acme shall not")
    for exception in (
        " to any third party other than Affiliates",
        ", other than to its Affiliates,",
        " except to a successor in a merger",
    )
    for consent in ("consent", "approval")
]


@pytest.mark.parametrize("text", _EXCEPTED)
def test_an_exception_before_the_missing_consent_leaves_the_rule(text: str) -> None:
    assert _holds(text) is False


_ASIDES = (
    "in whole or in part, whether voluntarily or by operation of law",
    "whether voluntarily or involuntarily, directly or indirectly",
    "directly or indirectly, in whole or in part, whether by operation of law or otherwise",
    "in whole or in part, whether voluntarily or involuntarily",
)
_ASIDED = [
    f"Except as otherwise set forth herein, {s} shall transfer, assign or cede any rights or "
    f"delegate any obligations hereunder, {aside}, without the prior written consent of the "
    "other party, which consent may be withheld in its discretion; provided, however, that "
    "either party may transfer this Agreement without consent to an Affiliate of such party."
    for s in ("neither party", "Neither Party")
    for aside in _ASIDES
]


@pytest.mark.parametrize("text", _ASIDED)
def test_asides_keep_the_consent_the_actions(text: str) -> None:
    assert _holds(text) is False


def test_controls() -> None:
    assert _holds("Either party may assign this Agreement without the consent of the other.")
    assert (
        _holds("This Agreement shall be binding upon the parties and their successors and assigns.")
        is None
    )
    assert _holds("Acme may freely assign this Agreement, in whole or in part, without consent.")
