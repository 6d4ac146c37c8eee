"""State 1 on agreement titles as filings and data rooms write them: instruments that are not
called "agreement", qualifiers after the title, two-part titles, names that share words."""

from __future__ import annotations

import pytest

from skill._agreement_ref import parse_agreement
from skill._question import parse_question
from skill._subject import document_type_of, document_types_match


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
    # A year makes "(2019)" a qualifier; a legal form makes a parenthesis with a year a name,
    # which is kept: dropped, its party would go unchecked.
    tail = "between Kestrel Aero Ltd. and Pinegrove Avionics, Inc."
    dated = parse_agreement(f"the Licence Agreement (2019) {tail}")
    assert dated is not None
    assert dated.parties == ["Kestrel Aero Ltd.", "Pinegrove Avionics, Inc."]
    named = parse_agreement(f"the Licence Agreement (Kestrel 2019 Holdings Inc.) {tail}")
    assert named is None or "Kestrel 2019 Holdings Inc." in " ".join(named.parties)


@pytest.mark.parametrize(
    ("phrase", "document_type"),
    [
        ("the Deed of Assignment between Kestrel Aero Ltd and Pinegrove plc", "deed_of_assignment"),
        ("the Deed of Guarantee between Kestrel Aero Ltd and Pinegrove plc", "deed_of_guarantee"),
        ("the Indenture of Trust between Kestrel Aero Ltd and Pinegrove plc", "indenture_of_trust"),
        ("the deeds of trust between Kestrel Aero Ltd and Pinegrove plc", "deed_of_trust"),
        # The agreement an instrument is for names no party.
        (
            "the Term Sheet for the Loan Agreement between Kestrel Aero Ltd and Pinegrove plc",
            "term_sheet",
        ),
        (
            "the Letter of Intent for the Proposed Merger Agreement between Kestrel Aero Ltd and "
            "Pinegrove plc",
            "letter_of_intent",
        ),
    ],
)
def test_an_instrument_keeps_its_complement(phrase: str, document_type: str) -> None:
    ref = parse_agreement(phrase)
    assert ref is not None
    assert ref.document_type == document_type
    assert ref.parties == ["Kestrel Aero Ltd", "Pinegrove plc"]


def test_a_deed_named_by_its_complement_matches_a_question_about_a_deed() -> None:
    assert document_type_of("DEED OF TRUST") == "deed_of_trust"
    assert document_types_match("deed", "deed_of_trust")
    assert document_types_match("deed_of_trust", "deed_of_trust")
    assert not document_types_match("deed_of_trust", "deed_of_assignment")
    assert not document_types_match("trust", "deed_of_trust")
    # A possessive owner and a titled instrument: the words before the keyword are its type.
    ref = parse_agreement("Kestrel Aero Ltd's Special Power of Attorney")
    assert ref is not None
    assert (ref.document_type, ref.parties) == ("special_power_of_attorney", ["Kestrel Aero Ltd"])


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
    # A name with a legal form after "and" is a party, not the title's second half: it must
    # not vanish from the parties the question names.
    for phrase in (
        "The Supply Agreement And Dunmore Holdings Inc with Sable Ridge Foods Inc",
        "the Supply Agreement and Dunmore Distribution LLC with Sable Ridge Foods LLC",
    ):
        ref = parse_agreement(phrase)
        assert ref is None or "Dunmore" in " ".join(ref.parties), ref


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


def test_the_agreement_an_instrument_is_for_does_not_swallow_a_name() -> None:
    # "to Acme Lease" would read as "to the ... Lease" were it not followed by a legal form.
    for name in ("Kestrel Lease Co.", "Kestrel Lease, Inc."):
        ref = parse_agreement(f"the supply agreement to {name}")
        assert ref is not None
        assert ref.parties == [name]
