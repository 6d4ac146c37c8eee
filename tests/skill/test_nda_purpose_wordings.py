"""The limit of use to the purpose as NDAs word it (issue 34), generated over actors, modal
verbs, item markers and case:

- list items the splitter leaves run together with no lead-in in the sentence ("b) Not to
  disclose ... c) Not to use ... for anything other than the Permitted Purpose"): each item
  governs itself; the earlier item's negation had cancelled the later one's (read as no limit:
  a swap);
- "for no purpose other than the Purpose", and the purpose then "only" ("shall be used for the
  Purpose only")."""

from __future__ import annotations

import pytest

from tests.skill.claim_reading import holds

MARKERS = [("b)", "c)"), ("(b)", "(c)"), ("(ii)", "(iii)"), ("2)", "3)")]
JOINS = [" ", "; ", ", "]


@pytest.mark.parametrize(("first", "second"), MARKERS)
@pytest.mark.parametrize("join", JOINS)
@pytest.mark.parametrize("negation", ["Not to", "not to", "Never to"])
def test_items_run_together_each_govern_themselves(
    first: str, second: str, join: str, negation: str
) -> None:
    sentence = (
        f"{first} {negation} disclose the Confidential Information to any third party without "
        f"the prior written consent of the Disclosing Party{join}{second} {negation} use, in "
        "whole or in part, the Confidential Information for anything other than the Permitted "
        "Purpose."
    )
    assert holds("use_limited_to_purpose", sentence) is True, sentence
    assert holds("use_limited_to_purpose", sentence.lower()) is True, sentence


@pytest.mark.parametrize(("first", "second"), MARKERS)
def test_an_earlier_item_that_allows_use_does_not_limit_it(first: str, second: str) -> None:
    """The item's own words decide: an item that allows any use says no limit."""
    sentence = (
        f"{first} not to disclose the Confidential Information to any third party{second} "
        "to use the Confidential Information for any purpose whatsoever."
    )
    assert holds("use_limited_to_purpose", sentence) is not True, sentence


@pytest.mark.parametrize(
    "actor", ["The Recipient", "The Receiving Party", "Each party", "You", "The Company"]
)
@pytest.mark.parametrize("modal", ["shall", "will", "must", "agrees to", "undertakes to"])
@pytest.mark.parametrize(
    "rest",
    [
        "use the Confidential Information for no purpose other than the Purpose.",
        "use the Confidential Information for no other purpose than evaluating the Transaction.",
        "use the Evaluation Material for the Purpose only.",
        "use the Confidential Information for the purposes of the Project only and for no "
        "other purpose.",
    ],
)
def test_no_other_purpose_or_the_purpose_only(actor: str, modal: str, rest: str) -> None:
    sentence = f"{actor} {modal} {rest}"
    assert holds("use_limited_to_purpose", sentence) is True, sentence
    assert holds("use_limited_to_purpose", sentence.lower()) is True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "Confidential Information shall be used by the Recipient for the Purpose only.",
        "confidential information will be used by each party for the purposes of the "
        "transaction only.",
    ],
)
def test_the_purpose_only_in_the_passive(sentence: str) -> None:
    assert holds("use_limited_to_purpose", sentence) is True


def test_any_purpose_is_no_limit() -> None:
    assert holds("use_limited_to_purpose", "The Recipient may use it for any purpose.") is None


@pytest.mark.parametrize(
    "sentence",
    [
        "The use of sections and the insertion of headings are for reference purposes only.",
        "The use of headings is for convenience purposes only.",
        "Headings are used for identification purposes only and do not affect interpretation.",
    ],
)
def test_headings_for_reference_purposes_only_are_no_limit_of_use(sentence: str) -> None:
    assert holds("use_limited_to_purpose", sentence) is None
