"""Dates and stray phrases in a yes/no question over the real data room (tests/conftest.py
`data_room_kb`; issues 33 and 34, session 34): a time the question asks its claim at ("as of
January 1, 2024", "on March 1, 2024", "in 2024", "during fiscal 2023", "for FY2023", "as at
year end"), wherever it stands (after the party, set off by commas or not, or last), is the
claim's qualifier (`constraints.as_of`): the question is answered as it is without it, never
read as a word of a name ("Halcyon as of June 2024") nor broken so that an open reading answers
another attribute (the employment agreement's salary for a dividends question). A yes/no
question gets Yes / No / Not stated, never a value its verb happens to name ("pay"). Generated:
claims x time phrases x places x case; stray phrases x actions."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.slow

_EMPLOYMENT = "13_Employment_Agreement_Daniel_Reyes.pdf"

# (a yes/no question with "{t}" where a time may stand right after its party, its answer's
# lead word as an analyst reads the data room): the loan agreement restricts dividends and
# liens; Halcyon is a party of the MSA, whose assignment needs the other party's consent
_CLAIMS = (
    ("Can Halcyon{t} pay dividends?", "No"),
    ("Was Halcyon{t} party to the MSA?", "yes"),
    ("Is Halcyon{t} a party to the MSA with Northgate?", "yes"),
    ("Can Northgate{t} terminate the MSA for convenience?", "Yes"),
    ("Can Halcyon{t} assign the MSA without Northgate's consent?", "No"),
)
_TIMES = (
    "as of January 1, 2024",
    "on March 1, 2024",
    "in 2024",
    "during fiscal 2023",
    "for FY2023",
    "as at year end",
    "as of June 2024",
)


def _dated() -> list[tuple[str, str]]:
    """(the question with a time, the question without it), sampled: each claim with two
    times, each time in two places; lower case for one in three."""
    out = []
    for i, (form, _) in enumerate(_CLAIMS):
        for j in (i % len(_TIMES), (i + 3) % len(_TIMES)):
            time = _TIMES[j]
            place = (i + j) % 3
            if place == 0:
                dated = form.format(t=f" {time}")
            elif place == 1:
                dated = form.format(t=f", {time},")
            else:
                dated = form.format(t="").removesuffix("?") + f" {time}?"
            plain = form.format(t="")
            if (i + j) % 3 == 2:
                dated, plain = dated.lower(), plain.lower()
            out.append((dated, plain))
    return out


@pytest.fixture(scope="module")
def ask(data_room_ask: Any) -> Any:
    return data_room_ask


def test_the_claims_read_as_an_analyst_reads_them(ask: Any) -> None:
    # the questions without a time: what the dated ones must answer too
    for form, lead in _CLAIMS:
        answer = ask(form.format(t=""))
        assert answer.terminal_state == "CONCLUDED", (form, answer.rejected_candidates)
        assert (answer.conclusion.answer or "").startswith(lead), (form, answer.conclusion)


@pytest.mark.parametrize(("dated", "plain"), _dated())
def test_a_time_in_a_yes_no_question_is_its_claims_qualifier(
    ask: Any, dated: str, plain: str
) -> None:
    answer, expected = ask(dated), ask(plain)
    assert answer.terminal_state == expected.terminal_state, answer.rejected_candidates
    assert answer.conclusion.answer == expected.conclusion.answer
    assert answer.subject_class.constraints.get("as_of")
    assert {e.source_location.document for e in answer.evidence} == {
        e.source_location.document for e in expected.evidence
    }


# (stray phrase, the question's actions): a date, a capacity, a law, a fiscal period
_STRAYS = (
    ", as of January 1, 2024,",
    " on March 1, 2024",
    " under Delaware law",
    ", in its capacity as Borrower,",
    " for FY2023",
    " in its capacity",
)
_ACTIONS = ("pay dividends", "pay a dividend to its stockholders", "grant liens")
_LEADS = ("Yes", "No", "Not stated", "not established")


@pytest.mark.parametrize(
    "question",
    [
        f"{aux} Halcyon{stray} {action}?"
        for i, stray in enumerate(_STRAYS)
        for j, (aux, action) in enumerate(
            zip(("Can", "May", "can"), _ACTIONS[i % 3 :] + _ACTIONS[: i % 3], strict=True)
        )
        if (i + j) % 2 == 0
    ],
)
def test_a_yes_no_question_is_never_answered_by_another_attributes_value(
    ask: Any, question: str
) -> None:
    answer = ask(question)
    if answer.terminal_state != "CONCLUDED":
        return  # a refusal answers no value
    text = answer.conclusion.answer or ""
    assert text.startswith(_LEADS), text
    assert answer.subject_class.attribute != "compensation"
    assert _EMPLOYMENT not in {e.source_location.document for e in answer.evidence}


def test_a_value_named_by_a_noun_is_still_asked(ask: Any) -> None:
    # "a salary" names the attribute (no verb of the action asked): the value answers
    answer = ask("Does Halcyon pay Daniel Reyes a salary?")
    assert answer.subject_class.attribute == "compensation"
    assert re.search(r"325,000", answer.conclusion.answer or "")


@pytest.mark.parametrize(
    "question",
    [
        "Does the MSA expire on December 31, 2025?",
        "Is the MSA dated as of January 1, 2024 terminable for convenience?",
        "What was Halcyon's cash as of December 31, 2023?",
        "Is the MSA in force between 2023 and 2024?",
    ],
)
def test_a_time_the_claim_asserts_is_read_as_written(question: str) -> None:
    from skill import claim_time

    assert claim_time(question) is None


@pytest.mark.parametrize(
    ("question", "reworded"),
    [
        (
            "Must Halcyon consent to an assignment of the MSA?",
            "Is Halcyon's consent required to assign the MSA?",
        ),
        (
            "does northgate have to approve a transfer of the MSA with Halcyon?",
            "Is northgate's consent required to transfer the MSA with Halcyon?",
        ),
        (
            "Is Halcyon required to consent to the assignment?",
            "Is Halcyon's consent required to assign?",
        ),
        # a permission to consent, a consent the agreement requires, a negation: as written
        ("Can Halcyon consent to an assignment of the MSA?", None),
        ("Does the MSA require consent to an assignment?", None),
        ("Must Halcyon not consent to an assignment of the MSA?", None),
    ],
)
def test_a_party_asked_to_consent_is_the_consent_question(
    question: str, reworded: str | None
) -> None:
    from skill import consent_reworded

    assert consent_reworded(question) == (reworded or question)
