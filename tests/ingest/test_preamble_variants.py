"""Preamble layouts seen in real contracts (proposed by the CUAD governing-law helper)."""

from __future__ import annotations

from ingest import BindingContext
from skill._agreements import _question_types, _self_named_types
from tests.ingest.test_bindings import found, run


def test_a_number_before_the_legal_form_is_part_of_the_name() -> None:
    assert BindingContext.company("Harbor 7, LLC") is not None
    assert BindingContext.company("Harbor 7, LLC").name == "Harbor 7, LLC"  # type: ignore[union-attr]
    # An address number running into the next name is still cut off.
    assert (
        BindingContext.company("Ohio 44101 and Lakeview Tools, Inc.").name == "Lakeview Tools, Inc."
    )  # type: ignore[union-attr]


def test_unquoted_role_term_after_a_party_name() -> None:
    result = run(
        [
            "GAS TRANSPORT AGREEMENT",
            "This Gas Transport Agreement (Agreement) is entered into by Prairie Gas Transmission "
            "Limited Partnership (Transporter)",
            "and NORTHFIELD PIPELINE COMPANY (Shipper).",
            "WHEREAS, Shipper has requested transport;",
        ]
    )
    parties = {name for name, _ in found(result, "party")}
    assert "Prairie Gas Transmission Limited Partnership" in parties
    assert "NORTHFIELD PIPELINE COMPANY" in parties


def test_a_person_party_after_a_date() -> None:
    result = run(
        [
            "ENDORSEMENT AGREEMENT",
            'This ENDORSEMENT AGREEMENT (the "Agreement") is made this 2nd day of May, 2011 by and',
            'between Dana Whitfield, Individual ("TALENT"); and Corvel Brands, Inc., a Nevada',
            'corporation ("COMPANY").',
        ]
    )
    assert "Dana Whitfield" in {name for name, _ in found(result, "party")}


def test_self_named_types_and_amended_question_types() -> None:
    assert _self_named_types('This MARINE FREIGHT AGREEMENT (this "Agreement") is made') == [
        "marine_freight_agreement"
    ]
    assert _self_named_types('THIS AGREEMENT ("Agreement") is made') == []
    # Another agreement the preamble mentions is not the document's own type.
    assert _self_named_types("pursuant to the Asset Purchase Agreement dated") == []
    assert _question_types("amendment_to_services_agreement") == [
        "amendment_to_services_agreement",
        "services_agreement",
    ]
    assert _question_types(None) == [None]
