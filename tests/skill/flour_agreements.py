"""Two agreements of a flour mill, as real PDFs, for tests of questions about them: a supply
agreement between Quarry Hill Mills, Inc. and Brantley & Sons Ltd. (an audit right and an
indemnity, no insurance) and a haulage agreement between Quarry Hill Mills and Orbis Freight
LLC (neither)."""

from __future__ import annotations

from collections.abc import Sequence

from tests.pdfs import clauses_pdf

SUPPLY_PREAMBLE = (
    "This Supply Agreement is entered into as of March 3, 2021 by and between Quarry Hill "
    'Mills, Inc., a Vermont corporation ("Supplier"), and Brantley & Sons Ltd., a Maine '
    'corporation ("Buyer").'
)


def supply_pdf_with(clauses: Sequence[str]) -> bytes:
    """The supply agreement's preamble (Supplier and Buyer), then `clauses`."""
    return clauses_pdf("SUPPLY AGREEMENT", [SUPPLY_PREAMBLE, *clauses])


def supply_pdf() -> bytes:
    return supply_pdf_with(
        [
            "1. Supply. Supplier shall sell and deliver the flour described in Schedule A to "
            "Buyer each month.",
            "2. Records. Buyer may audit the books and records of Supplier relating to the "
            "flour once in each calendar year, on thirty days' written notice.",
            "3. Indemnity. Supplier shall indemnify Buyer against all Losses arising from "
            "defective flour.",
            "4. Law. This Agreement shall be governed by the laws of the State of Vermont.",
        ],
    )


def haulage_pdf() -> bytes:
    return clauses_pdf(
        "HAULAGE AGREEMENT",
        [
            "This Haulage Agreement is entered into as of June 9, 2021 by and between Quarry "
            "Hill Mills, Inc., a Vermont corporation, and Orbis Freight LLC, a Delaware limited "
            "liability company.",
            "1. Haulage. Orbis Freight shall carry the flour of Quarry Hill Mills from its mill "
            "to the depots named in Schedule 1.",
            "2. Law. This Agreement shall be governed by the laws of the State of Vermont.",
        ],
    )
