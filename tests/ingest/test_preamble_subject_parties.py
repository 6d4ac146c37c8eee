"""A preamble whose parties are its sentence's subject, with no "between" (bench/parties
--misses: "Mutual Insurance Corporation of America, a Michigan insurance corporation (MICOA)
and Stratton, Cheeseman & Walsh-Nevada, Inc., a Nevada corporation, ("Agency") ... agree as
follows:"), as generated variants typeset to real PDFs and parsed: names with legal forms,
"&", capitals, a descriptor or none, a quoted term, a bare term of initials or none, the
lexicon's verbs, the parties in either order, wrapped at two widths. A subject that is one
party and its affiliates, or roles only, binds no one."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind, _parties, _terms

_PARTIES = [
    # (name, descriptor, term as written in its bracket or "")
    ("Larkspur Data Systems Corporation", ", a Michigan corporation", "(LDSC)"),
    ("Harrow & Vale Media, LLC", ", a Delaware limited liability company,", '("Agency")'),
    ("KESTREL ANALYTICS GMBH", "", '("Kestrel")'),
    ("Orvandi Labs Ltd.", ", a company organised in England", ""),
]

_VERBS = ["agree as follows:", "hereby agree as follows:", "hereby mutually agree that:"]


def _term(bracket: str) -> str:
    return bracket.strip('()"')


@pytest.mark.parametrize("first", range(len(_PARTIES)))
@pytest.mark.parametrize("verb", _VERBS)
@pytest.mark.parametrize("width", [60, 95])
def test_the_subject_of_an_agree_sentence_names_the_parties(
    first: int, verb: str, width: int
) -> None:
    a = _PARTIES[first]
    b = _PARTIES[(first + 1) % len(_PARTIES)]
    preamble = (
        f"{a[0]}{a[1]} {a[2]} and {b[0]}{b[1]} {b[2]} (sometimes referred to as the Parties) {verb}"
    ).replace("  ", " ")
    result = _bind(
        "AGENCY AGREEMENT", [preamble, "1. Authority. The Agency may solicit business."], width
    )
    assert _parties(result) == {a[0], b[0]}
    terms = _terms(result)
    for name, _, bracket in (a, b):
        if bracket:
            assert terms.get(_term(bracket)) == name


@pytest.mark.parametrize("width", [60, 95])
@pytest.mark.parametrize("place", ["America", "North America"])
def test_initials_that_spell_the_place_after_the_legal_form_keep_it_in_the_name(
    width: int, place: str
) -> None:
    initials = "MIC" + "".join(w[0] for w in ("of", *place.split())).upper()
    name = f"Mutual Insurance Corporation of {place}"
    preamble = (
        f"{name}, a Michigan insurance corporation ({initials}) and Stratton, Cheeseman &"
        ' Walsh-Nevada, Inc., a Nevada corporation, ("Agency") agree as follows:'
    )
    result = _bind(
        "AGENCY AGREEMENT", [preamble, "1. Authority. The Agency may solicit business."], width
    )
    assert _parties(result) == {name, "Stratton, Cheeseman & Walsh-Nevada, Inc."}
    assert _terms(result)[initials] == name


@pytest.mark.parametrize(
    "preamble",
    [
        "Kestrel Analytics GmbH and its Affiliates hereby agree as follows:",
        "The Supplier and the Customer agree as follows:",
        "Kestrel Analytics GmbH and the Customer named in the order hereby agree that:",
    ],
)
def test_a_subject_with_one_party_or_roles_only_binds_no_one(preamble: str) -> None:
    result = _bind(
        "SUPPLY AGREEMENT", [preamble, "1. Supply. The Supplier supplies the goods."], 95
    )
    assert _parties(result) == set()
