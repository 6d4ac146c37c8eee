"""Defined-term aliases a preamble writes right after a party, from CUAD's development
contracts (bench/parties dev --misses, its alias recall line), as generated variants typeset
to real PDFs and parsed: an unquoted short form in brackets ("Bioeq IP AG, having its place
of business at ... (Bioeq)", "Bravatek Solutions, Inc. (BVTK)": the name's first words, its
initials or a ticker-like acronym of its letters) is the party's alias; a bracketed word that
is no short form of the name is none; a quoted term is whatever is quoted after the party,
misspelt or a role ("the Sponser", "the Owner"), and is bound to that party, never the
other."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _RECITAL, _bind, _parties, _terms

_OTHER = 'Corvel Brands, Inc., a Nevada corporation ("Supplier")'

# (the name as written, an unquoted short form of it): first word(s), initials, acronym;
# names with "&", digits, a lower-case legal form.
_SHORT = [
    ("Bioeq IP AG", "Bioeq"),
    ("Harrow & Vale Media, LLC", "HVM"),
    ("Bravatek Solutions, Inc.", "BVTK"),
    ("Link Plus Corporation", "LKPL"),
    ("Quillmark 7 Digital, inc.", "Quillmark"),
    ("ORVANDI TECHNICAL SERVICES LIMITED", "ORVANDI"),
    ("Torvane Inc..", "Torvane"),  # the legal form's full stop typed twice
]

_AFTER = [
    "having its place of business at 12 Baarerstrasse, Zug, Switzerland",
    "a company organized under the laws of Switzerland",
]


@pytest.mark.parametrize(("name", "short"), _SHORT)
@pytest.mark.parametrize("after", _AFTER)
@pytest.mark.parametrize("first", [True, False])
def test_an_unquoted_short_form_after_the_name_is_its_alias(
    name: str, short: str, after: str, first: bool
) -> None:
    party = f"{name}, {after} ({short})"
    one, two = (party, _OTHER) if first else (_OTHER, party)
    result = _bind(
        "LICENSE AGREEMENT",
        [f"This Agreement is made as of May 1, 2020 by and between {one} and {two}.", _RECITAL],
        95,
    )
    assert name.rstrip(".") in {p.rstrip(".") for p in _parties(result)}
    assert _terms(result)[short].rstrip(".") == name.rstrip(".")
    assert _terms(result)["Supplier"] == "Corvel Brands, Inc."


# A bracketed word that is no short form of the name before it: never its alias.
@pytest.mark.parametrize(
    ("name", "word"), [("Bioeq IP AG", "Zug"), ("Link Plus Corporation", "LPX")]
)
def test_a_bracketed_word_that_is_no_short_form_is_no_alias(name: str, word: str) -> None:
    result = _bind(
        "LICENSE AGREEMENT",
        [
            f"This Agreement is made as of May 1, 2020 by and between {name}, having its place "
            f"of business at 12 Baarerstrasse ({word}) and {_OTHER}.",
            _RECITAL,
        ],
        95,
    )
    assert word not in _terms(result)


# An abbreviation of the name a descriptor gives the party ("a registered Non-banking
# Financial Company (NBFC)") is no party and no alias of one.
def test_the_short_form_of_a_descriptor_s_name_is_no_party() -> None:
    result = _bind(
        "SERVICE AGREEMENT",
        [
            "This Agreement is made as of May 1, 2020 by and between Kestrel Finance Private "
            'Limited, a company with an address at 12 Ring Road, New Delhi ("Kestrel"), a '
            f"registered Non-banking Financial Company (NBFC) in India; and {_OTHER}.",
            _RECITAL,
        ],
        95,
    )
    assert _parties(result) == {"Kestrel Finance Private Limited", "Corvel Brands, Inc."}
    assert "NBFC" not in _terms(result)


# (the party, the quoted term as the contract writes it: misspelt, a role, an acronym)
_QUOTED = [
    ("Domini Social Investments LLC", "the Sponser"),
    ("Harrow & Vale Media, LLC", "the Owner"),
    ("kestrel.com, Inc.", "Licencee"),
    ("Jane Q. Roe, an individual", "Endorsor"),
    ("Kestrel 7 Capital Ltd.", "K7C"),
]


@pytest.mark.parametrize(("name", "term"), _QUOTED)
@pytest.mark.parametrize("lead", ["(", "(hereinafter "])
@pytest.mark.parametrize("first", [True, False])
def test_a_quoted_term_is_bound_to_the_party_it_follows(
    name: str, term: str, lead: str, first: bool
) -> None:
    word = term.removeprefix("the ")
    quoted = f'the "{word}"' if term.startswith("the ") else f'"{word}"'
    party = f"{name} {lead}{quoted})"
    one, two = (party, _OTHER) if first else (_OTHER, party)
    result = _bind(
        "SERVICES AGREEMENT",
        [f"This Agreement is made as of May 1, 2020 by and between {one}, and {two}.", _RECITAL],
        95,
    )
    bound = name.removesuffix(", an individual")
    assert _terms(result)[word] == bound
    assert _terms(result)["Supplier"] == "Corvel Brands, Inc."
    assert bound in _parties(result)


# (the name, the group it carries as written, the term): the name carries its group before
# its descriptor; the term still names the party.
_GROUPS = [
    ("Capsugel US, LLC", "and its Affiliates,", "CAPSUGEL"),
    ("INTERSECT ENT, Inc.", "together with its subsidiaries and affiliates,", "INTERSECT"),
    ("Harrow & Vale Media, llc", "and its subsidiaries,", "the Sponser"),
]


@pytest.mark.parametrize(("name", "group", "term"), _GROUPS)
@pytest.mark.parametrize(
    "rest",
    [
        "with an address at 412 Kemble Ave, Morristown, NJ 07960",
        "and organized under the laws of Delaware and having its registered office at 1555 "
        "Adams Drive, Menlo Park, CA 94025 (hereafter referred to as",
    ],
)
@pytest.mark.parametrize("first", [True, False])
def test_a_term_after_the_group_a_name_carries_names_the_party(
    name: str, group: str, term: str, rest: str, first: bool
) -> None:
    word = term.removeprefix("the ")
    quoted = f'the "{word}"' if term.startswith("the ") else f'"{word}"'
    close = f"{quoted})" if rest.endswith(" as") else f"({quoted})"
    party = f"{name} {group} {rest} {close}"
    one, two = (party, _OTHER) if first else (_OTHER, party)
    result = _bind(
        "SUPPLY AGREEMENT",
        [f"This Agreement is made as of May 1, 2020 by and between {one}, and {two}.", _RECITAL],
        95,
    )
    assert _terms(result)[word] == name
    assert _terms(result)["Supplier"] == "Corvel Brands, Inc."
