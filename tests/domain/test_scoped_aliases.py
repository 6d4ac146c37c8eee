"""A party's other name that only its filer or its signature writes (kinds filer_name and
signed_name) names the party within its own document only: `AliasResolver` resolves it when
asked of that document, never knowledge-base wide, where a defined term of the same document
("Quillon") does resolve."""

from __future__ import annotations

import pytest

from domain import Alias, AliasResolver, ResolutionStatus, entity_key


def _alias(name: str, kind: str, document_id: str = "doc-1") -> Alias:
    return Alias(
        alias=name,
        alias_key=entity_key(name),
        entity_name="Quillon, Inc.",
        entity_key=entity_key("Quillon, Inc."),
        document_id=document_id,
        kind=kind,
    )


@pytest.mark.parametrize(
    ("name", "kind"),
    [("QUILLON THERAPEUTICS, INC.", "filer_name"), ("Quillon Data Systems Ltd.", "signed_name")],
)
def test_a_document_scoped_name_resolves_in_its_document_only(name: str, kind: str) -> None:
    resolver = AliasResolver([_alias(name, kind), _alias("Quillon", "defined_term")])
    assert resolver.resolve(name).status is ResolutionStatus.UNKNOWN
    assert resolver.resolve(name, document_id="doc-2").status is ResolutionStatus.UNKNOWN
    own = resolver.resolve(name, document_id="doc-1")
    assert (own.status, own.entity_key) == (ResolutionStatus.ALIAS, entity_key("Quillon, Inc."))
    # the control: the document's own defined term resolves knowledge-base wide
    assert resolver.resolve("Quillon").status is ResolutionStatus.ALIAS
    assert _alias(name, kind).document_scoped
