"""The agreement's existence, its terms or its talks told to someone is the agreement kept
confidential (issue 34), never sharing with that someone: "Is the Receiving Party prohibited
from revealing to third parties the existence of this Agreement ...?" was read as sharing with
third parties denied, and answered the other way from an NDA that lets the recipient share
information with its advisors. A proposition of the sharing kind yields to the agreement's
(propositions.yaml `yields_to`), whose words read it whatever the question asks (a state);
"may reveal ..." asks its negation. Generated over verbs, audiences, what is told, modality
and lower case; controls keep information shared with advisors or employees."""

from __future__ import annotations

import itertools

import pytest

from skill import parse_subject, read_claim

_NDA = parse_subject(
    {
        "type": "agreement",
        "attribute": "obligations",
        "constraints": {"parties": ["Quillon Biotech, Inc.", "Marrow & Pike LLC"]},
    }
)
TOLD = [
    "the existence of this Agreement",
    "the fact that the parties are negotiating",
    "the terms of the transaction",
]
AUDIENCES = ["third parties", "its advisors", "its employees", "its lenders"]
# (how the question asks, whether it asks the agreement kept confidential negated)
ASKED = [
    ("Is {r} prohibited from revealing to {a} {t}?", False),
    ("Must {r} refrain from disclosing {t} to {a}?", False),
    ("May {r} disclose {t} to {a}?", True),
    ("Is {r} free to reveal {t} to {a}?", True),
]
RECIPIENTS = ["the Receiving Party", "Marrow & Pike"]


def _read(question: str) -> tuple[str, bool] | None:
    claim = read_claim(question, _NDA)
    return None if claim is None else (claim.entry.name, claim.negated)


@pytest.mark.parametrize(("form", "negated"), ASKED)
@pytest.mark.parametrize("told", TOLD)
def test_the_agreement_told_is_the_agreement_kept_confidential(
    form: str, negated: bool, told: str
) -> None:
    for r, a in itertools.product(RECIPIENTS, AUDIENCES):
        asked = form.format(r=r, a=a, t=told)
        for written in (asked, asked.lower()):
            assert _read(written) == ("agreement_kept_confidential", negated), written


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("May {r} share confidential information with its advisors?", "sharing_with_advisors"),
        (
            "Is {r} prohibited from disclosing the information to third parties?",
            "sharing_with_advisors",
        ),
        ("May {r} share the information with its employees?", "sharing_with_employees"),
    ],
)
def test_information_shared_stays_sharing(question: str, name: str) -> None:
    for r in RECIPIENTS:
        read = _read(question.format(r=r))
        assert read is not None and read[0] == name, question
