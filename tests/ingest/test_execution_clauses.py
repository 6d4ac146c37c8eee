"""English execution clauses as an agreement's signature blocks, as generated variants typeset
to real PDFs and parsed. CUAD's development contracts (bench/parties --misses) showed a fleet
maintenance agreement that names its parties only by defined terms ("made between SEV and
DCL") and signs "SIGNED by MARK ARLEN ) duly authorised for and on behalf of ) /s/ Mark Arlen
DAIRY CREST LIMITED )": no party bound. The clause opens a line with "SIGNED"/"EXECUTED";
the party is the name right after the signing lead (the column's brackets and the signature
between), the signer the person before the lead or after the party. Case, "&", legal forms,
the clause on lines or run on, the parties in either order; a signing lead in prose, or one
before no name, binds no one."""

from __future__ import annotations

import pytest

from domain import BindingType
from tests.ingest.test_preamble_party_lists import _bind_lines, _parties

_PAIRS = [
    (("Dairy Crest Limited", "Mark Arlen"), ("SEV Group Limited", "Stephen Fisher")),
    (("HARROW & VALE MEDIA LTD", "Jane Roe"), ("ORVANDI LABS PLC", "Adam Poe")),
    (("Kestrel Analytics GmbH", "Mara Quint"), ("Larkspur Data Systems Corporation", "Tom Reed")),
]

_BODY = [
    '1. Definitions. "Agreement" means this agreement made between the Supplier and the Customer.',
    "2. Services. The Supplier shall maintain the Customer's vehicles.",
    "3. Term. This Agreement runs for one year.",
]


def _columns(party: str, signer: str, verb: str) -> list[str]:
    return [
        f"{verb} by {signer.upper()} )",
        f"duly authorised for and on behalf of ) /s/ {signer}",
        f"{party} )",
    ]


def _run_on(party: str, signer: str, verb: str) -> list[str]:
    return [f"{verb} by {signer}, duly authorised for and on behalf of {party}"]


def _party_first(party: str, signer: str, verb: str) -> list[str]:
    return [f"{verb} for and on behalf of {party} by {signer}", "Director"]


def _signatories(result: object) -> set[tuple[str, str]]:
    return {
        (b.subject_name.lower(), (b.parent_name or "").lower())
        for b in result.bindings  # type: ignore[attr-defined]
        if b.role == "signatory" and b.binding_type == BindingType.CONTRACTUAL_ROLE
    }


@pytest.mark.parametrize(("one", "two"), _PAIRS)
@pytest.mark.parametrize("layout", [_columns, _run_on, _party_first])
@pytest.mark.parametrize("verb", ["SIGNED", "Signed", "EXECUTED"])
@pytest.mark.parametrize("reordered", [False, True])
def test_execution_clauses_name_the_parties_and_their_signers(
    one: tuple[str, str], two: tuple[str, str], layout: object, verb: str, reordered: bool
) -> None:
    first, second = (two, one) if reordered else (one, two)
    lines = [*_BODY]
    for party, signer in (first, second):
        lines.extend(layout(party, signer, verb))  # type: ignore[operator]
    result = _bind_lines("FLEET MAINTENANCE AGREEMENT", lines)
    assert _parties(result) == {one[0], two[0]}
    assert _signatories(result) == {
        (one[1].lower(), one[0].lower()),
        (two[1].lower(), two[0].lower()),
    }


# A preamble that names one party: the other signs in its clause.
@pytest.mark.parametrize(("one", "two"), _PAIRS)
def test_an_execution_clause_adds_the_party_a_preamble_names_by_role(
    one: tuple[str, str], two: tuple[str, str]
) -> None:
    lines = [
        f'This Agreement is made on 1 May 2019 between {one[0]} (the "Supplier") and the'
        ' customer named below (the "Customer").',
        *_BODY[1:],
        *_columns(one[0], one[1], "SIGNED"),
        *_columns(two[0], two[1], "SIGNED"),
    ]
    assert _parties(_bind_lines("SERVICES AGREEMENT", lines)) == {one[0], two[0]}


@pytest.mark.parametrize(
    "prose",
    [
        # a signing lead in prose, not opening a line
        "Each notice shall be signed by an officer for and on behalf of Orvandi Labs PLC and",
        # prose wrapped so that its verb opens a line
        "executed by an officer for and on behalf of Orvandi Labs PLC, and the notice shall be",
        # a clause before no name
        "SIGNED by JANE ROE duly authorised for and on behalf of the Supplier",
        "Signed for and on behalf of each party by its authorised officer.",
    ],
)
def test_a_signing_lead_before_no_name_binds_no_one(prose: str) -> None:
    # a preamble names one party: a signer read from the prose would make a second
    lines = [
        'This Agreement is made on 1 May 2019 between Corvel Brands, Inc. (the "Supplier") and'
        ' the customer named below (the "Customer").',
        *_BODY[1:],
        prose,
        "delivered by hand to the Customer.",
    ]
    assert _parties(_bind_lines("FLEET MAINTENANCE AGREEMENT", lines)) == {"Corvel Brands, Inc."}


# A wrapped line of prose that opens with the clause's verb, no signer named, before any
# signature area: no execution clause (review of issue 34/33). In the signature area, after
# "IN WITNESS WHEREOF", the same words sign for the party.
_PROSE_PARTIES = ["Kestrel Holdings PLC", "HARROW & VALE MEDIA LTD", "orvandi labs plc"]


def _prose_lines(verb: str, lead: str, party: str, tail: str) -> list[str]:
    return [
        'This Agreement is made on 1 May 2019 between Corvel Brands, Inc. (the "Supplier") and'
        ' the customer named below (the "Customer").',
        *_BODY[1:],
        "4. Guarantee. The Customer's obligations are guaranteed under a deed of guarantee",
        f"{verb} {lead} {party}{tail}",
        "5. Notices. Notices shall be delivered by hand to the Customer.",
    ]


@pytest.mark.parametrize("party", _PROSE_PARTIES)
@pytest.mark.parametrize("verb", ["executed", "Executed", "signed", "SIGNED"])
@pytest.mark.parametrize("lead", ["for and on behalf of", "on behalf of"])
@pytest.mark.parametrize(
    "tail", [", the Customer's parent.", ", its affiliate, on the date hereof."]
)
def test_a_wrapped_prose_line_binds_no_party(party: str, verb: str, lead: str, tail: str) -> None:
    lines = _prose_lines(verb, lead, party, tail)
    assert _parties(_bind_lines("SERVICES AGREEMENT", lines)) == {"Corvel Brands, Inc."}


@pytest.mark.parametrize("party", ["Kestrel Holdings PLC", "HARROW & VALE MEDIA LTD"])
@pytest.mark.parametrize("verb", ["EXECUTED", "Signed"])
def test_the_same_words_in_the_signature_area_bind_the_party(party: str, verb: str) -> None:
    lines = [
        *_prose_lines("executed", "for and on behalf of", "the Customer's parent", "."),
        "IN WITNESS WHEREOF the parties have executed this Agreement on the date above.",
        "SIGNED by JANE ROE )",
        "duly authorised for and on behalf of ) /s/ Jane Roe",
        "Corvel Brands, Inc. )",
        f"{verb} for and on behalf of {party}",
        "Director",
    ]
    assert _parties(_bind_lines("SERVICES AGREEMENT", lines)) == {"Corvel Brands, Inc.", party}
