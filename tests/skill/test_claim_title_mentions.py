"""No Yes where the clause is absent (issue 34): a title names a topic, it states nothing of
it. The clause reader read the claim's words inside a title as a statement of the claim:

- a run-in title, a heading run into its clause's first sentence ("Third-Party Beneficiaries
  Except as expressly provided in Section 8, this Agreement ..."), numbered in any style ("9.",
  "(a)", "Section 9 -", "ARTICLE IX"), in Title Case or capitals, or a line that is a title
  alone ("Schedule 3 - Most Favored Nation Certificate", "Exhibit B: ... Terms, attached
  hereto");
- a cross-reference's caption ("subject to Section 9 (Non-Competition)", "Sections 7
  (Confidentiality), 9 (Exclusivity) and 12 shall survive", 'the Section entitled
  "Exclusivity"');
- a line of a table of contents numbered "9." (split by the sentence splitter after the next
  caption's number: "9. Covenant Not to Compete 10.").

Each case is generated over the claims (their usual captions), parties (short names, "&",
roles), numbering styles, openers and casing; beside each, the same title with a body that
does state the claim keeps its reading (so each test can fail both ways).
"""

from __future__ import annotations

import itertools

import pytest

from skill import heading_only
from tests.skill.claim_reading import RESTRICTION_PARTIES, holds

# (claim, its usual captions, a sentence that states it)
_CLAIMS = [
    (
        "non_compete",
        ["Non-Competition", "Covenant Not to Compete", "Non-Compete"],
        "{a} shall not engage in any business that competes with {b} during the Term.",
    ),
    (
        "exclusive",
        ["Exclusivity", "Exclusive Appointment", "Exclusive Rights"],
        "{b} hereby appoints {a} as its exclusive distributor of the Products in the Territory.",
    ),
    (
        "third_party_beneficiary",
        ["Third-Party Beneficiaries", "Third Party Beneficiary"],
        "The Indemnified Parties of {a} are intended third party beneficiaries of this Agreement.",
    ),
    (
        "most_favored_nation",
        ["Most Favored Nation", "Most Favoured Customer"],
        "{b} shall extend to {a} most favored nation pricing for all Products.",
    ),
    (
        "automatic_renewal",
        ["Automatic Renewal", "Auto-Renewal"],
        "This Agreement between {a} and {b} shall automatically renew for successive one-year "
        "terms.",
    ),
    (
        "right_of_first_refusal",
        ["Right of First Refusal", "First Refusal Right"],
        "{a} shall have a right of first refusal to purchase any Product that {b} proposes to "
        "sell.",
    ),
    (
        "liquidated_damages",
        ["Liquidated Damages"],
        "{a} shall pay {b} liquidated damages of $1,000 for each day of delay.",
    ),
]
_IDS = [name for name, _, _ in _CLAIMS]

# how a run-in title is numbered (or not)
_NUMBERS = [
    "",
    "9. ",
    "14.3 ",
    "(a) ",
    "Section 9 - ",
    "Section 9: ",
    "ARTICLE IX ",
    "Article 9 – ",
]
# what the sentence after a run-in title says: nothing of the claim
_NEUTRAL = [
    "Except as expressly provided in Section 8, the parties shall bear their own costs.",
    "The parties shall cooperate in good faith on all matters arising hereunder.",
    "This Section is intentionally left blank.",
    "Each party shall comply with all applicable laws in performing hereunder.",
    "Notwithstanding the foregoing, neither party shall be liable for delays beyond its control.",
]
_REFERENCES = [
    "Subject to Section 9 ({h}), {a} may sell the Products anywhere in the world.",
    "The provisions of Sections 7 (Confidentiality), 9 ({h}) and 12 (Governing Law) shall "
    "survive any expiration or termination of this Agreement.",
    "Except as set forth in Article IX ({h}), {a} and {b} shall each bear its own costs.",
    "Any breach by {a} of Section 9.2(b) (\u201c{h}\u201d) shall entitle {b} to seek "
    "injunctive relief.",
    'Any dispute under the Section entitled "{h}" shall be referred to the Steering Committee.',
    "{a} shall comply with clause 4 ({upper}) of Schedule 2.",
]
_ATTACHMENTS = [
    "Schedule 3 - {h} Certificate of {a}",
    "Exhibit B: {h} Terms, attached hereto and incorporated herein by reference.",
    "Annex 2 {h} Provisions agreed between {a} and {b}",
    "{h} Terms and Conditions Between {a} and {b}",
]


def _parties() -> list[tuple[str, str]]:
    return RESTRICTION_PARTIES


def _opening(stated: str) -> str:
    """`stated` as the words after an opening clause ("the Indemnified Parties ...")."""
    return stated[0].lower() + stated[1:] if stated.startswith("Th") else stated


@pytest.mark.parametrize(("name", "captions", "stated"), _CLAIMS, ids=_IDS)
def test_run_in_title_states_nothing(name: str, captions: list[str], stated: str) -> None:
    wrong = []
    for caption, number, upper, neutral in itertools.product(
        captions, _NUMBERS, (False, True), _NEUTRAL
    ):
        title = caption.upper() if upper else caption
        sentence = f"{number}{title} {neutral}"
        if holds(name, sentence) is not None:
            wrong.append(sentence)
    for caption, number, (a, b) in itertools.product(captions, _NUMBERS, _parties()):
        # the title's clause stated after it is still read (the title's own "Not to" no
        # negation of it: "Covenant Not to Compete Except as ..., Acme shall not engage")
        sentence = f"{number}{caption} Except as otherwise provided herein, {_opening(stated)}"
        sentence = sentence.format(a=a, b=b)
        if holds(name, sentence) is not True:
            wrong.append(sentence)
    assert wrong == []


@pytest.mark.parametrize(("name", "captions", "stated"), _CLAIMS, ids=_IDS)
def test_cross_reference_caption_states_nothing(
    name: str, captions: list[str], stated: str
) -> None:
    wrong = []
    for caption, template, (a, b) in itertools.product(captions, _REFERENCES, _parties()):
        sentence = template.format(h=caption, upper=caption.upper(), a=a, b=b)
        if holds(name, sentence) is not None:
            wrong.append(sentence)
    for caption, (a, b) in itertools.product(captions, _parties()):
        # a sentence that cites the section and states the clause too is read
        sentence = f"Subject to Section 9 ({caption}), {stated.format(a=a, b=b)}"
        if holds(name, sentence) is not True:
            wrong.append(sentence)
    assert wrong == []


@pytest.mark.parametrize(("name", "captions", "stated"), _CLAIMS, ids=_IDS)
def test_attachment_title_states_nothing(name: str, captions: list[str], stated: str) -> None:
    wrong = []
    for caption, template, (a, b) in itertools.product(captions, _ATTACHMENTS, _parties()):
        sentence = template.format(h=caption, a=a, b=b)
        if holds(name, sentence) is not None:
            wrong.append(sentence)
    for caption, (a, b) in itertools.product(captions, _parties()):
        # an all-capitals sentence is no title: it may state the clause
        sentence = stated.format(a=a, b=b).upper()
        if holds(name, f"{caption.upper()}. {sentence}") is not True:
            wrong.append(sentence)
    assert wrong == []


@pytest.mark.parametrize(("name", "captions", "stated"), _CLAIMS, ids=_IDS)
def test_table_of_contents_line_states_nothing(name: str, captions: list[str], stated: str) -> None:
    wrong = []
    for caption, first in itertools.product(captions, (1, 9, 14)):
        numbers = [f"{first + i}." for i in range(4)]
        line = (
            f"{numbers[0]} {caption} {numbers[1]} Confidentiality {numbers[2]} Term and "
            f"Termination {numbers[3]} Notices"
        )
        if holds(name, line) is not None:
            wrong.append(line)
        # as the sentence splitter leaves it, and unsplit
        line = f"{numbers[0]} {caption} {numbers[1]} Confidentiality {numbers[2]} Notices"
        if not heading_only(line):
            wrong.append(line)
    for caption, (a, b) in itertools.product(captions, _parties()):
        # a numbered clause under the same caption states it
        sentence = f"9. {caption}. {stated.format(a=a, b=b)}"
        if holds(name, sentence) is not True:
            wrong.append(sentence)
    assert wrong == []


# what the sentence after a run-in title says, opened by a preposition or "No" (a title's own
# word too: "Termination Upon Breach", "No Third-Party Beneficiaries"), its clause going on in
# lower case: nothing of the claim
_LOWER_OPENINGS = [
    "During the Term, the parties shall cooperate in good faith on all matters arising hereunder.",
    "Upon request, each party shall comply with all applicable laws in performing hereunder.",
    "In the event of a dispute, the parties shall first meet and confer in good faith.",
    "Following the Effective Date, the parties shall bear their own costs.",
    "No amendment of this Agreement is binding unless it is in writing.",
    "Within thirty days, the parties shall exchange the names of their representatives.",
]


@pytest.mark.parametrize(("name", "captions", "stated"), _CLAIMS, ids=_IDS)
def test_run_in_title_before_a_preposition_states_nothing(
    name: str, captions: list[str], stated: str
) -> None:
    wrong = []
    for caption, number, upper, opening in itertools.product(
        captions, _NUMBERS[:4], (False, True), _LOWER_OPENINGS
    ):
        title = caption.upper() if upper else caption
        sentence = f"{number}{title} {opening}"
        if holds(name, sentence) is not None:
            wrong.append(sentence)
    for caption, (a, b) in itertools.product(captions, _parties()):
        # the title's clause stated after the preposition is still read
        sentence = f"{caption} During the Term, {_opening(stated)}".format(a=a, b=b)
        if holds(name, sentence) is not True:
            wrong.append(sentence)
    for caption in captions:
        # a title line whose own words hold a preposition is a title whole
        line = f"{caption} Upon Expiration and Termination"
        if holds(name, line) is not None:
            wrong.append(line)
    assert wrong == []
