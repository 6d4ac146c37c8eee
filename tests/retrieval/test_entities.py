"""Entity keys, name shapes and alias resolution."""

from __future__ import annotations

import pytest

from domain import (
    Alias,
    AliasResolver,
    ResolutionStatus,
    base_key,
    entity_key,
    is_generic_term,
    is_person_name,
    legal_form,
    looks_like_company,
    short_names,
)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Acme Robotics, Inc.", "ACME ROBOTICS INCORPORATED"),
        ("Acme Robotics, Inc.", "acme robotics inc"),
        ("The Babcock & Wilcox Company", "Babcock and Wilcox Co."),
        ("Beta Holdings Corp.", "Beta Holdings Corporation"),
        ("Gamma L.L.C.", "Gamma LLC"),
        ("Gamma Limited Liability Company", "Gamma, LLC"),
        ("Delta Ltd.", "Delta Limited"),
        ("Epsilon L.P.", "Epsilon LP"),
        ("Epsilon Limited Partnership", "Epsilon, L.P."),
        ("Zeta Pte. Ltd.", "ZETA PTE LTD"),
        ("Eta S.A.", "Eta SA"),
        ("Theta B.V.", "Theta BV"),
        ("Iota N.V.", "IOTA NV"),
        ("Kappa LLP", "Kappa L.L.P."),
        ("Müller GmbH", "Muller GMBH"),
        ("Lambda plc", "Lambda PLC"),
        ("  Mu   Systems ,  Inc ", "Mu Systems, Inc."),
    ],
)
def test_equivalent_spellings_share_one_key(a: str, b: str) -> None:
    assert entity_key(a) == entity_key(b)


def test_key_examples() -> None:
    assert entity_key("Acme Robotics, Inc.") == "acme robotics inc"
    assert entity_key("Cremer Oleo GmbH & Co. KG") == "cremer oleo gmbh and co kg"
    assert base_key("Acme Robotics, Inc.") == "acme robotics"
    assert legal_form("Beike Co., Ltd.") == "co ltd"
    assert legal_form("Acme Robotics") == ""


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Acme Robotics, Inc.", "Acme Robotics GmbH"),  # same base, different legal entity
        ("Acme Robotics, Inc.", "Acme Robotic Systems, Inc."),
        ("Company One LLC", "Company One LP"),
    ],
)
def test_different_entities_keep_different_keys(a: str, b: str) -> None:
    assert entity_key(a) != entity_key(b)


@pytest.mark.parametrize(
    "name",
    [
        "Acme Robotics, Inc.",
        "Bank of America, N.A.",
        "Athens Federal Community Bank",
        "Foo Pty Ltd",
    ],
)
def test_company_shapes(name: str) -> None:
    assert looks_like_company(name)


@pytest.mark.parametrize("name", ["Inc.", "Acme Robotics", "John Doe", "the Company"])
def test_not_company_shapes(name: str) -> None:
    assert not looks_like_company(name)


@pytest.mark.parametrize(
    "name",
    ["John Doe", "Jane W. Roe", "JAMES W. NANTZ III", "Mary Jane Fortin", "Dr. Ada Lovelace"],
)
def test_person_shapes(name: str) -> None:
    assert is_person_name(name)


@pytest.mark.parametrize(
    "name",
    [
        "Chief Executive Officer",
        "Acme Robotics, Inc.",
        "The Company",
        "Board of Directors",
        "John",
        "Section 4 Notices",
        "Delaware Corporation",
    ],
)
def test_not_person_shapes(name: str) -> None:
    assert not is_person_name(name)


def test_generic_terms() -> None:
    assert is_generic_term("the Company")
    assert is_generic_term("Party A")
    assert is_generic_term("Service Provider")
    assert not is_generic_term("Acme")


def test_short_names() -> None:
    assert short_names("Acme Robotics, Inc.") == ("acme robotics", "acme")
    assert short_names("IBM Corp.") == ("ibm",)


def _alias(term: str, entity: str, doc: str | None) -> Alias:
    return Alias(
        alias=term,
        alias_key=entity_key(term),
        entity_name=entity,
        entity_key=entity_key(entity),
        document_id=doc,
    )


KB = ["Acme Robotics, Inc.", "Acme Holdings GmbH", "Beta Labs LLC", "Gamma Widgets Corp."]


def test_resolver_exact_alias_short_ambiguous_unknown() -> None:
    resolver = AliasResolver(
        [
            _alias("the Company", "Beta Labs LLC", "doc1"),
            _alias("Gammaco", "Gamma Widgets Corp.", "doc2"),
        ],
        KB,
    )
    exact = resolver.resolve("ACME ROBOTICS INCORPORATED")
    assert exact.status == ResolutionStatus.EXACT and exact.entity_key == "acme robotics inc"
    scoped = resolver.resolve("the Company", document_id="doc1")
    assert scoped.status == ResolutionStatus.ALIAS and scoped.entity_key == "beta labs llc"
    # A generic defined term never resolves outside its own document.
    assert resolver.resolve("the Company", document_id="doc2").status == ResolutionStatus.UNKNOWN
    assert resolver.resolve("the Company").status == ResolutionStatus.UNKNOWN
    # A distinctive defined term is usable knowledge-base wide.
    assert resolver.resolve("Gammaco").entity_key == "gamma widgets corp"
    short = resolver.resolve("Beta Labs")
    assert short.status == ResolutionStatus.SHORT_NAME and short.entity_key == "beta labs llc"
    assert resolver.resolve("Gamma").status == ResolutionStatus.SHORT_NAME
    ambiguous = resolver.resolve("Acme")
    assert ambiguous.status == ResolutionStatus.AMBIGUOUS and not ambiguous.resolved
    assert ambiguous.candidates == ("acme holdings gmbh", "acme robotics inc")
    assert resolver.resolve("Acme Robotics").entity_key == "acme robotics inc"
    assert resolver.resolve("Delta Corp.").status == ResolutionStatus.UNKNOWN
    # A prefix must end on a word boundary: "Acm" is not "Acme".
    assert resolver.resolve("Acm").status == ResolutionStatus.UNKNOWN


def test_resolver_conflicting_aliases_are_ambiguous() -> None:
    resolver = AliasResolver(
        [_alias("Nova", "Nova Biotech Inc.", "d1"), _alias("Nova", "Nova Mining Ltd.", "d2")], []
    )
    assert resolver.resolve("Nova").status == ResolutionStatus.AMBIGUOUS
    assert resolver.resolve("Nova", document_id="d2").entity_key == "nova mining ltd"
