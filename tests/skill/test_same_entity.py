"""One entity under two names (skill/_gate.py): a name that two entities of the knowledge base
answer to is ambiguous, unless a stated identifier makes them one entity (a company renamed:
the same I.R.S. employer number on the covers of "Adobe Systems Incorporated" and "Adobe
Inc."), and then the name asked is the one whose name, less its legal form, it is."""

from __future__ import annotations

from domain import Binding, BindingType, SourceLocation, SubjectType, entity_key
from skill._resolve import _identity_links, _one_entity


def _number(company: str, role: str, value: str, doc: str) -> Binding:
    return Binding(
        binding_id=f"{company}-{role}-{doc}",
        subject_name=value,
        subject_key=entity_key(value),
        subject_type=SubjectType.IDENTIFIER,
        role=role,
        parent_name=company,
        parent_key=entity_key(company),
        binding_type=BindingType.REGISTRATION,
        attributes={},
        quote=f"{company} {value}",
        location=SourceLocation(
            document=f"{doc}.pdf",
            document_id=doc,
            page=1,
            line_start=1,
            line_end=1,
            char_start=0,
            char_end=10,
        ),
    )


OLD, NEW, OTHER = "Kestrel Systems Incorporated", "Kestrel Inc.", "Kestrel Labs LLC"


def test_one_employer_number_makes_two_names_one_entity() -> None:
    same = _identity_links(
        [
            _number(OLD, "employer_id", "77-0019522", "k2015"),
            _number(NEW, "employer_id", "77-0019522", "k2022"),
            _number(OTHER, "employer_id", "12-3456789", "labs"),
        ]
    )
    old, new, other = entity_key(OLD), entity_key(NEW), entity_key(OTHER)
    assert same == {(old, new), (new, old)}
    # "Kestrel" is the renamed company's short name: its name less its legal form.
    assert _one_entity("Kestrel", [old, new], same) == new
    # No stated identifier joins the other company: the name stays ambiguous.
    assert _one_entity("Kestrel", [new, other], same) is None
    # One entity, but the name asked is neither name's short form: still ambiguous.
    assert _one_entity("Kestrel Group", [old, new], same) is None


def test_different_identifiers_or_roles_join_nothing() -> None:
    assert not _identity_links(
        [
            _number(OLD, "employer_id", "77-0019522", "k2015"),
            _number(NEW, "employer_id", "77-0019523", "k2022"),
            # the same digits as another kind of number are no identity
            _number(OTHER, "telephone", "77-0019522", "labs"),
        ]
    )
