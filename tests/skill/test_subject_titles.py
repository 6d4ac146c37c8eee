"""State 1 on agreement titles as filings and data rooms write them: instruments that are not
called "agreement", qualifiers after the title, two-part titles, names that share words."""

from __future__ import annotations

import pytest

from skill._subject import (
    document_type_of,
    document_types_match,
    parse_agreement,
    parse_question,
)


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("Durable Power of Attorney", "durable_power_of_attorney"),
        ("the power of attorney", "power_of_attorney"),
        ("Trust Indenture", "trust_indenture"),
        ("Memorandum of Understanding", "memorandum_of_understanding"),
        ("Letter of Intent", "letter_of_intent"),
        # Agreements keep their types.
        ("Supply Agreement", "supply_agreement"),
        ("agreement", None),
    ],
)
def test_instruments_have_their_own_type(phrase: str, expected: str | None) -> None:
    assert document_type_of(phrase) == expected


def test_a_power_of_attorney_between_named_parties() -> None:
    subject = parse_question(
        "Which law governs the Special Power of Attorney between Orchard Hill Capital LLC and "
        "Redwood Custody Services, Inc.?"
    )
    assert subject.document_type == "special_power_of_attorney"
    assert subject.constraints["parties"] == [
        "Orchard Hill Capital LLC",
        "Redwood Custody Services, Inc.",
    ]
    # A question about "a power of attorney" matches the special one by its suffix.
    assert document_types_match("power_of_attorney", "special_power_of_attorney")
    assert not document_types_match("power_of_attorney", "supply_agreement")


@pytest.mark.parametrize(
    "title",
    [
        "Licence Agreement (Restated 2019)",
        "Licence Agreement (as amended)",
        "Licence Agreement (Version 3)",
        "Licence Agreement Contract No. LA-2207",
        "Licence Agreement Reference Number 88-114",
        "LICENCE AGREEMENT Agreement ID 4471-B",
    ],
)
def test_qualifiers_after_the_title_name_no_party(title: str) -> None:
    ref = parse_agreement(f"the {title} between Kestrel Aero Ltd. and Pinegrove Avionics, Inc.")
    assert ref is not None
    assert ref.document_type == "licence_agreement"
    assert ref.parties == ["Kestrel Aero Ltd.", "Pinegrove Avionics, Inc."]
    assert ref.amendment is None


def test_a_parenthesis_naming_a_party_is_not_a_qualifier() -> None:
    # "(Kestrel)" is neither a year, a version nor an amendment: the link words are missing,
    # so the phrase does not name an agreement between parties.
    assert parse_agreement("the Licence Agreement (Kestrel) with Pinegrove Avionics, Inc.") is None


def test_a_two_part_title_runs_to_the_words_that_name_the_parties() -> None:
    ref = parse_agreement(
        "the Supply Agreement and Right of First Refusal between Dunmore Mills Inc. and "
        "Sable Ridge Foods LLC"
    )
    assert ref is not None
    assert ref.document_type == "supply_agreement"
    assert ref.parties == ["Dunmore Mills Inc.", "Sable Ridge Foods LLC"]
    subject = parse_question(
        "What is the governing law of the Lease Agreement And Purchase Option between "
        "Harbor Point Realty LLC and Tidewell Marine, Inc.?"
    )
    assert subject.constraints["parties"] == ["Harbor Point Realty LLC", "Tidewell Marine, Inc."]
    # Lower-case words after "and" are no title: no agreement is named.
    assert (
        parse_agreement("the Supply Agreement and other terms between Dunmore Mills Inc.") is None
    )


def test_names_that_share_words_are_kept_for_the_gate_to_join() -> None:
    # "The Smith and Jones Company and Smith and Jones Holdings, Inc." splits at every "and";
    # the pieces "The Smith" and "Smith" share a key but both are needed to join the names
    # again against the knowledge base.
    ref = parse_agreement(
        "the Services Agreement between The Smith and Jones Company and Smith and Jones "
        "Holdings, Inc."
    )
    assert ref is not None
    assert ref.parties == ["The Smith", "Jones Company", "Smith", "Jones Holdings, Inc."]
    # The same name written twice is one party.
    ref = parse_agreement("Acme Corp.'s supply agreement with Acme Corp.")
    assert ref is not None
    assert ref.parties == ["Acme Corp."]
