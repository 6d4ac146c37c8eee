"""A recital names another agreement's parties ("whereas, Acme Inc. is party to a credit
agreement between Acme Inc. and Kestrel Capital Bank;"): the preamble ends at the recital's lead
word in any case (issue 33; "whereas" in lower case once let the preamble run on and bind the
other agreement's lender). Generated variants: the lexicon's recital words in lower case, title
case and capitals, with and without a comma, a lettered recital list "(A) ... (B)", several
names and legal forms, both orders; controls: preambles written in lower case bind both
parties."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind, _parties

# (the grantor, its term; the secured party, its term; the other agreement's party)
_PARTIES = [
    ("Corvel Brands, Inc.", "Grantor", "Harrow Labs LLC", "Secured Party", "Kestrel Capital Bank"),
    ("Orvandi Holdings Ltd.", "Borrower", "Tate & Quill PLC", "Lender", "Pelorus Trust Company"),
    ("Brightwater Media Corp.", "Company", "Larkspur Partners, L.P.", "Investor", "Galvatron AG"),
    (
        "KESTREL SYSTEMS, INC.",
        "Debtor",
        "Quillmark Bank, N.A.",
        "Agent",
        "Harrow & Vale Capital LLC",
    ),
]

_LEADS = ["whereas,", "Whereas,", "WHEREAS,", "whereas", "Whereas", "witnesseth: whereas,"]

_OTHER = "{a} is party to a credit agreement dated June 1, 2019 between {a} and {c};"


def _opener(a: str, x: str, b: str, y: str) -> str:
    return (
        f'This Security Agreement (the "Agreement") is made as of May 1, 2021 by and between '
        f'{a} ("{x}") and {b} ("{y}").'
    )


def _body(x: str, y: str, c: str) -> list[str]:
    # The other agreement's party named again, as a lender is in a security agreement.
    return [
        f"{x} grants to {y} a security interest in the Collateral.",
        f"{x} shall repay {c} under the credit agreement. {c} may consent in writing.",
    ]


@pytest.mark.parametrize("lead", _LEADS)
@pytest.mark.parametrize("k", range(len(_PARTIES)))
def test_a_recitals_other_agreement_binds_no_party_in_any_case(lead: str, k: int) -> None:
    a, x, b, y, c = _PARTIES[k]
    recital = f"{lead} " + _OTHER.format(a=a, c=c)
    result = _bind("SECURITY AGREEMENT", [_opener(a, x, b, y), recital, *_body(x, y, c)], 90)
    assert _parties(result) == {a, b}


@pytest.mark.parametrize("head", ["recitals", "Recitals", "RECITALS", "recitals:"])
@pytest.mark.parametrize("k", [0, 2, 3])
def test_a_lettered_recital_lists_other_agreements_parties_under_any_case_head(
    head: str, k: int
) -> None:
    a, x, b, y, c = _PARTIES[k]
    recitals = [
        f"{head} (A) " + _OTHER.format(a=a, c=c),
        f"(B) {y} requires a security interest from {x}.",
    ]
    result = _bind("SECURITY AGREEMENT", [_opener(a, x, b, y), *recitals, *_body(x, y, c)], 90)
    assert _parties(result) == {a, b}


# Controls: a preamble in lower case, its parties in either order, with or without a recital.
@pytest.mark.parametrize("k", range(len(_PARTIES)))
@pytest.mark.parametrize("recital", [False, True])
def test_a_lower_case_preamble_binds_both_parties(k: int, recital: bool) -> None:
    a, x, b, y, _ = _PARTIES[k]
    if k % 2:
        a, x, b, y = b, y, a, x
    opener = (
        f'this security agreement (the "agreement") is made as of may 1, 2021 by and between '
        f'{a} ("{x}") and {b} ("{y}").'
    )
    lines = (
        [opener, "whereas, " + f"{y} requires a security interest from {x};"]
        if recital
        else [opener]
    )
    body = [f"{x} grants to {y} a security interest in the Collateral.", f"{y} may enforce it."]
    result = _bind("SECURITY AGREEMENT", [*lines, *body], 90)
    assert _parties(result) == {a, b}
