"""Preamble layouts seen in real contracts (proposed by the CUAD governing-law helper)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest import BindingContext
from retrieval import EdgeStore, Embedder
from skill import CandidateGate, parse_question
from tests.ingest.test_bindings import found, run
from tests.skill.conftest import ACME, GLOBEX, _chunk, _doc, agreement_bindings


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


def _gate_choice(
    store: EdgeStore,
    embedder: Embedder,
    kb: str,
    title: str,
    preamble: str,
    document_type: str | None,
) -> tuple[list[str], list[str]]:
    """The names the gate keeps and the reasons it rejects for, asked about the agreement of
    `document_type` between the two parties of a one-agreement knowledge base `kb`."""
    doc = _doc(f"{kb}.pdf", "agreement", "2022-01-01", kb)
    chunk = _chunk(doc, 1, 1, [preamble])
    bindings = agreement_bindings(chunk, title, f"agreement:{kb}")
    store.ensure_kb(kb)
    store.upsert_chunks(kb, [chunk], embedder.embed_documents([chunk.text]))
    store.upsert_bindings(
        kb, bindings, embedder.embed_documents([b.subject_name for b in bindings])
    )
    question = f"What is the governing law of the agreement between {ACME} and {GLOBEX}?"
    subject = parse_question(question).model_copy(update={"document_type": document_type})
    result = CandidateGate(store).run(kb, subject, [doc.document_id])
    return [c.name for c in result.candidates], [r.reason for r in result.rejected]


@pytest.mark.slow  # the embedder the store is filled with
def test_self_named_types_and_amended_question_types(tmp_path: Path) -> None:
    """The gate takes an agreement's type from what its preamble calls the document itself
    (its title may be generic), never from another agreement the preamble mentions; a
    question about an amendment of a type is evidence about that type's agreement; a question
    naming no type fits any agreement."""
    embedder = Embedder()
    store = EdgeStore(tmp_path)
    try:
        marine = 'This MARINE FREIGHT AGREEMENT (this "Agreement") is made by the parties.'
        assert _gate_choice(
            store, embedder, "marine", "Agreement", marine, "marine_freight_agreement"
        ) == (["Agreement"], [])
        assert _gate_choice(
            store, embedder, "marine-other", "Agreement", marine, "supply_agreement"
        ) == (
            [],
            ["a document of unknown type, not a supply agreement"],
        )
        plain = 'THIS AGREEMENT ("Agreement") is made by the parties.'
        assert _gate_choice(
            store, embedder, "plain", "Agreement", plain, "marine_freight_agreement"
        ) == ([], ["a document of unknown type, not a marine freight agreement"])
        # Another agreement the preamble mentions is not the document's own type.
        pursuant = "The parties agree pursuant to the Asset Purchase Agreement dated May 1, 2020."
        assert _gate_choice(
            store, embedder, "pursuant", "Agreement", pursuant, "asset_purchase_agreement"
        ) == ([], ["a document of unknown type, not an asset purchase agreement"])
        services = "This Services Agreement is made by the parties."
        assert _gate_choice(
            store,
            embedder,
            "services",
            "Services Agreement",
            services,
            "amendment_to_services_agreement",
        ) == (["Services Agreement"], [])
        for kb, preamble in (("untyped-plain", plain), ("untyped-pursuant", pursuant)):
            assert _gate_choice(store, embedder, kb, "Agreement", preamble, None) == (
                ["Agreement"],
                [],
            )
    finally:
        store.close()
