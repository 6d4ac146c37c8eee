"""What CUAD agreements that lack a clause say in its words (issue 34: where CUAD marks the
clause absent, answers SUPPORTED <= 1%): sentences that use a claim's words without stating
it. Each class was found on cuad-train contracts that are not benchmarked, and each is written
here in generated variants (lower case, other party names, other orders, synonyms):

- a termination named as an event under a duty or a future ("shall survive the termination of
  this Agreement for any reason", "shall automatically terminate"): no right to terminate;
- a termination of something else than the agreement (the subagency, purchase orders, the
  duties of one section), or one that is not done ("without terminating this Agreement");
- a right listed under events ("in the following events"), force majeure in other words;
- "exclusive" said of the integration clause, the governing law or forum, an owner, a liability,
  a remedy, a control, non-exclusive courts;
- a liability that is a kind of company ("unlimited liability company") or insurance; a cap said
  with its negation first ("In no event (including ...) shall X be liable ... in excess of").

Controls in each class keep what the claim's words do say ("may terminate for any reason",
"its exclusive distributor", "a non‐exclusive license"). End to end, an agreement built of
these sentences answers no question Yes."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from domain import lexicon
from tests.pdfs import clauses_pdf
from tests.skill.claim_reading import holds as _holds
from tests.skill.conftest import ingested_runtime

_ENTRIES = {p.name: p for p in lexicon().propositions}
PARTIES = [("Northgate", "Halcyon"), ("ACME Widgets", "Orbis Media")]


def _variants(sentences: list[str]) -> list[str]:
    """Each sentence as written and in lower case."""
    return [v for s in sentences for v in (s, s.lower())]


# --- termination without cause ----------------------------------------------------------------

EVENTS = _variants(
    [
        f"{what} shall survive {which} of this Agreement for {reason}."
        for what in ("Sections 5, 6 and 9", "The provisions of this Article V")
        for which in ("the expiration or termination", "any termination", "the cancellation")
        for reason in ("any reason", "any reason whatsoever")
    ]
    + [
        f"Upon termination of this Agreement for any reason, {a} shall return all materials to {b}."
        for a, b in PARTIES
    ]
    + [
        f"The audit rights of {a} shall continue for one (1) year following the termination "
        "of this Agreement for any reason."
        for a, _ in PARTIES
    ]
    + [
        f"This Agreement {modal} automatically terminate in case the License Agreement is "
        "terminated for any reason."
        for modal in ("shall", "will")
    ]
)


@pytest.mark.parametrize("sentence", EVENTS)
def test_a_termination_under_a_duty_is_no_right_to_terminate(sentence: str) -> None:
    assert _holds("termination_without_cause", sentence) is None


@pytest.mark.parametrize(
    "sentence",
    _variants(
        [
            f"{a} may terminate this Agreement for any reason upon thirty (30) days' notice to {b}."
            for a, b in PARTIES
        ]
        + [
            f"{a} shall have the right to terminate this Agreement at any time without cause."
            for a, _ in PARTIES
        ]
        + ["This Agreement may be terminated by either party for convenience on 60 days' notice."]
    ),
)
def test_a_right_to_terminate_for_any_reason_still_holds(sentence: str) -> None:
    assert _holds("termination_without_cause", sentence) is True


@pytest.mark.parametrize(
    "sentence",
    _variants(
        [
            f"{a} may terminate {what} at any time without cause upon at least 90 days notice."
            for a, _ in PARTIES
            for what in (
                "the subagency",
                "any sublicense",
                "any or all purchase orders",
                "its obligations under this Section 4.1",
            )
        ]
        + [
            f"{a} may, at any time prior to the scheduled date of shipment, cancel any or all "
            "Products on order upon written notice."
            for a, _ in PARTIES
        ]
        + [
            f"{a} may, without terminating this Agreement, and in its sole discretion, suspend "
            f"performance of its obligations to {b}."
            for a, b in PARTIES
        ]
    ),
)
def test_ending_something_else_than_the_agreement_is_no_termination(sentence: str) -> None:
    assert _holds("termination_without_cause", sentence) is None


@pytest.mark.parametrize(
    "sentence",
    _variants(
        [
            f"The Parties agree that {a} may declare the termination of the Contract at any "
            "time in the following events:"
            for a, _ in PARTIES
        ]
        + [
            f"If a strike or other cause beyond {a}'s reasonable control continues for two "
            "months, either party shall have the right to terminate this Agreement at any time."
            for a, _ in PARTIES
        ]
    ),
)
def test_a_right_that_events_trigger_says_nothing_of_convenience(sentence: str) -> None:
    assert _holds("termination_without_cause", sentence) is None


# --- exclusivity ------------------------------------------------------------------------------

NOT_EXCLUSIVITY = _variants(
    [
        f"This Agreement constitutes the {lead} exclusive {what} between the parties with "
        "respect to its subject matter."
        for lead in ("entire and", "final, complete, and", "complete and")
        for what in ("agreement", "understanding", "statement")
    ]
    + [
        "It is understood that this Agreement is the exclusive agreement among the parties "
        "hereto, and supersedes any prior agreement.",
        "This Agreement shall be governed by and construed exclusively in accordance with the "
        "laws of the State of Michigan.",
        "This Agreement and its interpretation shall be governed exclusively by the laws of "
        "Colorado.",
        "All disputes shall be resolved exclusively in accordance with the procedures of this "
        "Section 15.",
        "Except as exclusively set forth in this paragraph, the Company makes no warranties.",
        "The remedies of this Agreement are cumulative, not exclusive, and either party may "
        "exercise them all.",
        "Each party submits to the nonexclusive jurisdiction of the courts of New York.",
        "These two options are mutually exclusive and non-cumulative.",
    ]
    + [f"All work product shall be owned exclusively by {a}." for a, _ in PARTIES]
    + [
        f"{a} shall be exclusively responsible for any damage caused to third parties."
        for a, _ in PARTIES
    ]
    + [
        f"This section sets forth {a}'s sole and exclusive liability for any failure of the "
        "products."
        for a, _ in PARTIES
    ]
    + [
        f"{a} shall retain exclusive authority, power and control over its programming."
        for a, _ in PARTIES
    ]
    + [
        f"{a} shall have the exclusive right, but not the obligation, to prosecute any "
        "infringement of its marks."
        for a, _ in PARTIES
    ]
)


@pytest.mark.parametrize("sentence", NOT_EXCLUSIVITY)
def test_exclusive_said_of_something_else_is_no_exclusivity(sentence: str) -> None:
    assert _holds("exclusive", sentence) is None


@pytest.mark.parametrize(
    ("sentence", "exclusive"),
    [
        (s, holds)
        for a, b in PARTIES
        for s, holds in (
            (f"{a} hereby appoints {b} as its exclusive distributor in the Territory.", True),
            (f"{a} grants to {b} the exclusive right to sell the Products in Canada.", True),
            (f"{a} grants to {b} a non‐exclusive license to use the marks.", False),
            (f"{a} grants to {b} a non- exclusive license to use the marks.", False),
            (f"{b} does not and will not have exclusive rights in any category.", False),
        )
    ]
    + [(f"{s.lower()}", holds) for s, holds in [("THE LICENSE IS NOT EXCLUSIVE.", False)]],
)
def test_an_exclusive_relationship_still_read(sentence: str, exclusive: bool) -> None:
    assert _holds("exclusive", sentence) is exclusive


# --- a cap on liability -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    _variants(
        [
            f'The term "person" means any individual, corporation, {kind} company, joint venture '
            "or trust."
            for kind in (
                "limited liability or unlimited liability",
                "unlimited liability",
            )
        ]
        + [
            f"{a} shall maintain umbrella liability insurance coverage in excess of the limits "
            "of its general liability policy."
            for a, _ in PARTIES
        ]
    ),
)
@pytest.mark.parametrize("negated", [False, True])
def test_a_company_or_insurance_is_no_liability_of_a_party(sentence: str, negated: bool) -> None:
    assert _holds("liability_capped", sentence, negated=negated) is None


@pytest.mark.parametrize(
    "sentence",
    _variants(
        [
            f"In no event (including, but not limited to, {a}'s default hereunder) shall {a} be "
            f"liable to {b} for any amount in excess of the amounts actually received by {a}."
            for a, b in PARTIES
        ]
        + [
            f"{a} shall not {when}be liable to {b} for any amount in excess of the fees paid."
            for a, b in PARTIES
            for when in ("", "in any event ")
        ]
        + [
            f"Neither {a} nor {b} shall have any liability in excess of the fees paid hereunder."
            for a, b in PARTIES
        ]
    ),
)
@pytest.mark.parametrize("negated", [False, True])
def test_a_cap_said_with_its_negation_first_is_a_cap(sentence: str, negated: bool) -> None:
    # "Is the liability uncapped?" (negated) is No where the sentence caps it
    assert _holds("liability_capped", sentence, negated=negated) is (not negated)


# --- end to end: an agreement that says none of it -------------------------------------------


def _agreement(a: str, b: str, order: int) -> bytes:
    clauses = [
        "The provisions of Sections 5 and 9 shall survive the termination of this Agreement for "
        "any reason.",
        f"{a} may terminate the subagency at any time without cause upon 90 days notice.",
        f"This Agreement shall be governed by and construed exclusively in accordance with the "
        f"laws of the State of Michigan, and all work product shall be owned exclusively by {b}.",
        "This Agreement constitutes the final, complete, and exclusive agreement between the "
        "parties with respect to its subject matter.",
        '"Person" means any individual, corporation, limited liability or unlimited liability '
        "company, joint venture or trust.",
        f"{a} shall maintain umbrella liability insurance coverage in excess of the limits of "
        f"its general liability policy.",
    ]
    # the same sentences in another order
    ordered = list(itertools.islice(itertools.cycle(clauses), order, order + len(clauses)))
    opening = (
        f"This Sponsorship Agreement is entered into as of March 1, 2021 by and between {a}, "
        f"Inc., a Delaware corporation, and {b}, LLC, a Texas limited liability company."
    )
    return clauses_pdf("SPONSORSHIP AGREEMENT", [opening, *ordered])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "claim-mentions",
        [
            (f"sponsorship_{i}.pdf", _agreement(a, b, i * 3))
            for i, (a, b) in enumerate([("Tavish Media", "Orland Sports"), ("Pemberton", "Kaplow")])
        ],
    )


QUESTIONS = [
    "May either party end the Sponsorship Agreement between {a} and {b} for convenience?",
    "can {a} end its contract with {b} without cause?",
    "Does the Sponsorship Agreement between {a} and {b} give exclusivity?",
    "Does {a} grant {b} exclusive rights under their agreement?",
    "Is liability under the Sponsorship Agreement between {a} and {b} unlimited?",
    "Is {a}'s liability toward {b} uncapped under their contract?",
]


@pytest.mark.slow
@pytest.mark.parametrize("question", QUESTIONS)
@pytest.mark.parametrize("parties", [("Tavish Media", "Orland Sports"), ("Pemberton", "Kaplow")])
def test_an_agreement_that_only_uses_the_words_is_never_yes(
    runtime: Any, question: str, parties: tuple[str, str]
) -> None:
    a, b = parties
    answer = json.loads(runtime.skill.ask("kb", question.format(a=a, b=b)).to_json())
    text = answer["conclusion"]["answer"] or ""
    assert answer["terminal_state"] == "CONCLUDED", text
    assert text.startswith("Not stated in"), text
    assert answer["sufficient"] is False and answer["conclusion"]["values"] == []


@pytest.mark.parametrize(
    "sentence",
    _variants(
        [
            f"{a} may terminate the {what} at any time without cause upon thirty days' notice."
            for a, _ in PARTIES
            # (not "the submission process": what is ended must be the agreement, issue 34's
            # object rule, tests/skill/test_claim_objects.py)
            for what in ("subscription", "subscriptions", "Agreement")
        ]
    ),
)
def test_terminating_a_word_that_merely_begins_with_sub_is_still_a_right(sentence: str) -> None:
    # the mentions' sub-agreements (subagency, sublicence, subcontract ...) are not any word
    # beginning "sub": a subscription is what the agreement sells
    assert _holds("termination_without_cause", sentence) is True, sentence
