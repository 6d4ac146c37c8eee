"""A clause its heading names is the clause; a restriction's evidence states its own act.

Issue 34 (session 30): "5.2 Non-Competition. During employment and for a period of twelve
(12) months thereafter, the Executive shall not engage in ..." was "no non-compete clause
confirmed" (the classifier's contract-level threshold is set for precision on CUAD), and the
same sentence was the evidence of "Is there a non-solicitation clause?" beside 5.3's "shall
not solicit". The captions and acts are data (attributes.yaml `captions`, `acts`); the
generators below cover numberings, spellings and paths, run as a fixed sample.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from skill import heading_names_clause, states_another_act

_NUMBERINGS = ["5.2", "(e)", "Section 7.", "IV.", "", "12.", "ARTICLE 9"]
_CAPTIONS = [
    ("non_compete", "Non-Competition"),
    ("non_compete", "NON-COMPETE"),
    ("non_compete", "noncompetition"),
    ("non_compete", "Covenant Not to Compete"),
    ("non_solicitation", "Non-Solicitation"),
    ("non_solicitation", "No Solicitation of Employees"),
    ("ip_ownership", "Assignment of Inventions"),
    ("ip_ownership", "Ownership of Work Product"),
    ("right_of_first_refusal", "Right of First Refusal"),
    ("right_of_first_refusal", "Rights of First Offer"),
]
_PARENTS = ["", "Article 5 Covenants > ", "EMPLOYMENT AGREEMENT > 5. Restrictions > "]
# every 5th of the 210 headings (the whole product passes; checked once by hand)
_HEADINGS = list(itertools.product(_NUMBERINGS, _CAPTIONS, _PARENTS))[::5]


@pytest.mark.parametrize(("numbering", "caption", "parent"), _HEADINGS)
def test_a_heading_that_opens_with_a_caption_names_the_clause(
    numbering: str, caption: tuple[str, str], parent: str
) -> None:
    attribute, words = caption
    section = f"{parent}{numbering} {words}".strip()
    assert heading_names_clause(attribute, section)
    assert heading_names_clause(attribute, f"{section}.")


@pytest.mark.parametrize(
    ("attribute", "section"),
    [
        # a form's question, a heading that only mentions it, another clause's heading
        ("non_compete", "Any exclusivity/non competition"),
        ("non_compete", "5.2 Confidentiality"),
        ("non_compete", "7. Term and Termination"),
        ("non_solicitation", "5.2 Non-Competition"),
        ("ip_ownership", "4.1 License Grant"),
        ("right_of_first_refusal", "2.3 Repurchase Option"),
        # the parent names it, the sentence's own heading does not
        ("non_compete", "5. Non-Competition > 5.1 Definitions"),
        # an attribute without captions, and no heading
        ("governing_law", "9.1 Governing Law"),
        ("non_compete", None),
    ],
)
def test_a_heading_that_does_not_open_with_a_caption_names_nothing(
    attribute: str, section: str | None
) -> None:
    assert not heading_names_clause(attribute, section)


_ACTORS = ["the Executive", "Consultant", "employee", "Acme & Co.'s distributor"]
_COMPETES = [
    "{a} shall not engage in any business that competes with the Company",
    "{a} will not directly or indirectly compete with the Company in the Territory",
    "during the term {a} shall not carry on any business of the kind",
]
_SOLICITS = [
    "{a} shall not solicit any employee or customer of the Company",
    "{a} will not hire or recruit any person employed by the Company",
    "{a} shall not induce any customer to cease doing business with the Company",
]


@pytest.mark.parametrize(("actor", "k"), list(itertools.product(_ACTORS, range(3)))[::2])
def test_a_restriction_s_sentence_is_not_evidence_of_its_sibling(actor: str, k: int) -> None:
    compete, solicit = _COMPETES[k].format(a=actor), _SOLICITS[k].format(a=actor)
    assert states_another_act("non_solicitation", compete)
    assert states_another_act("non_compete", solicit)
    # its own act, or both acts, or neither: its own clause's sentence
    assert not states_another_act("non_compete", compete)
    assert not states_another_act("non_solicitation", solicit)
    both = f"{compete}, nor solicit any of its employees."
    assert not states_another_act("non_compete", both)
    assert not states_another_act("non_solicitation", both)
    assert not states_another_act("non_compete", f"{actor} shall keep records.")
    # an attribute without acts is never filtered
    assert not states_another_act("ip_ownership", compete)


@pytest.fixture(scope="module")
def ask(data_room_kb: Any) -> Iterator[Callable[[str], dict[str, Any]]]:
    from app import Runtime, Settings

    with Runtime.open(Settings(data_dir=data_room_kb.data_dir)) as rt:
        yield lambda q: rt.skill.ask(data_room_kb.kb, q).model_dump(mode="json")


@pytest.mark.parametrize(
    ("question", "quoted"),
    [
        ("How long is the non-compete in the Reyes employment agreement?", "twelve (12) months"),
        ("what is the duration of daniel reyes's non-compete?", "shall not engage in"),
        (
            "Does the employment agreement with Daniel Reyes assign his inventions to Halcyon?",
            "hereby assigns to the Company all inventions",
        ),
    ],
)
def test_a_captioned_clause_is_confirmed(
    ask: Callable[[str], dict[str, Any]], question: str, quoted: str
) -> None:
    answer = ask(question)
    assert answer["sufficient"], answer["conclusion"]
    assert "confirmed" not in (answer["conclusion"]["answer"] or "")
    assert any(quoted in " ".join(e["quote"].split()) for e in answer["evidence"])


@pytest.mark.parametrize(
    ("question", "own", "sibling"),
    [
        (
            "Is there a non-solicitation clause in Daniel Reyes' employment agreement?",
            "shall not solicit",
            "shall not engage in",
        ),
        ("Does Reyes's employment agreement have a non-compete?", "engage in", "solicit"),
    ],
)
def test_a_restriction_is_answered_from_its_own_clause(
    ask: Callable[[str], dict[str, Any]], question: str, own: str, sibling: str
) -> None:
    answer = ask(question)
    quotes = [" ".join(e["quote"].split()) for e in answer["evidence"]]
    assert any(own in q for q in quotes), quotes
    assert not any(sibling in q for q in quotes), quotes
