"""Typed facts of a clause answer (issue 14, "typed answers per category"): each value's
`details` are read only from its own quoted sentences, by the lexicon's `details`, and a fact a
sentence does not state is absent, never guessed."""

from __future__ import annotations

import pytest

from domain import LexiconError, load_lexicon
from skill import value_details


@pytest.mark.parametrize(
    ("attribute", "sentence", "expected"),
    [
        (
            "termination_for_convenience",
            "Either Party may terminate this Agreement at any time without cause upon sixty "
            "(60) days' prior written notice to the other Party.",
            {"who": ["Either Party"], "notice": ["60 days"]},
        ),
        (
            "termination_for_convenience",
            # passive: who is named after "by"; "This Agreement" is never who
            "This Agreement may be terminated by Licensee for any reason on thirty (30) days "
            "written notice.",
            {"who": ["Licensee"], "notice": ["30 days"]},
        ),
        (
            "insurance",
            "Supplier shall maintain commercial general liability insurance with limits of not "
            "less than $2,000,000 per occurrence and workers' compensation insurance as "
            "required by law.",
            {
                "type": [
                    "commercial general liability insurance",
                    "workers' compensation insurance",
                ],
                "amount": ["USD 2,000,000"],
            },
        ),
        (
            "assignment",
            "Neither party may assign this Agreement without the prior written consent of the "
            "other party, except to a successor in a merger or sale of all of its assets.",
            {
                "consent": ["the prior written consent of the other party"],
                "exceptions": ["except to a successor in a merger or sale of all of its assets"],
            },
        ),
        (
            "non_compete",
            "During the term of this Agreement and for eighteen (18) months thereafter, the "
            "Distributor shall not sell competing products anywhere in the Territory.",
            {
                "periods": ["18 months", "During the term of this Agreement"],
                "territory": ["anywhere in the Territory"],
            },
        ),
        (
            "audit_rights",
            "Licensor may, no more than once per calendar year and upon fifteen (15) days' "
            "notice, audit the books and records of Licensee.",
            {
                "who": ["Licensor"],
                "frequency": ["no more than once per calendar year"],
                "notice": ["15 days"],
            },
        ),
    ],
)
def test_the_facts_a_clause_sentence_states(
    attribute: str, sentence: str, expected: dict[str, list[str]]
) -> None:
    assert value_details(attribute, [sentence]) == expected


def test_consent_named_either_way_and_a_sentence_end_is_not_part_of_the_name() -> None:
    quotes = [
        "No assignment shall be made without the prior written consent of Licensor.",
        "Neither party shall assign this Agreement without the other party's prior written "
        "consent, which shall not be unreasonably withheld.",
        "Distributor may not assign this Agreement without the written consent of Acme Inc.",
    ]
    assert value_details("assignment", quotes) == {
        "consent": [
            "the prior written consent of Licensor",
            "the other party's prior written consent",
            "the written consent of Acme Inc.",
        ]
    }


def test_a_cross_reference_is_no_exception() -> None:
    sentence = (
        "Except as expressly provided in this Section 12, neither party may assign this "
        "Agreement without the prior written consent of the other party, except to an "
        "Affiliate."
    )
    assert value_details("assignment", [sentence])["exceptions"] == ["except to an Affiliate"]


@pytest.mark.parametrize(
    ("attribute", "sentence"),
    [
        # a refusal names no holder of the right
        (
            "termination_for_convenience",
            "Neither Party may terminate this Agreement for convenience.",
        ),
        (
            "termination_for_convenience",
            "Neither party shall have the right to terminate without cause.",
        ),
        ("audit_rights", "No party shall have the right to audit the books of the other."),
        # a consent the sentence waives is no consent needed
        ("assignment", "Licensor may, without the consent of Licensee, assign this Agreement."),
        (
            "assignment",
            "Either party may assign this Agreement without the consent of the other party to an Affiliate.",
        ),
    ],
)
def test_a_refusal_or_a_waiver_states_no_fact(attribute: str, sentence: str) -> None:
    facts = value_details(attribute, [sentence])
    assert "who" not in facts and "consent" not in facts, facts


def test_a_heading_is_not_part_of_the_holder_and_forms_keep_their_periods() -> None:
    assert value_details(
        "termination_for_convenience",
        ["TERMINATION FOR CONVENIENCE. Either Party may terminate this Agreement at any time."],
    ) == {"who": ["Either Party"]}
    assert value_details(
        "audit_rights", ["Section 8.2 Audit Rights. Licensor may audit the books of Licensee."]
    ) == {"who": ["Licensor"]}
    assert value_details(
        "assignment",
        ["No assignment shall be made without the prior written consent of Acme Holdings L.L.C."],
    ) == {"consent": ["the prior written consent of Acme Holdings L.L.C."]}
    assert value_details("insurance", ["Employer's Liability insurance is required."]) == {
        "type": ["Employer's Liability insurance"]
    }


def test_a_fact_not_stated_is_absent() -> None:
    # no notice, no party before "may terminate": nothing guessed
    assert (
        value_details(
            "termination_for_convenience", ["This Agreement is terminable for convenience."]
        )
        == {}
    )
    assert value_details("insurance", ["Each party shall be responsible for its own risks."]) == {}


def test_facts_of_several_quotes_in_their_order_without_repeats() -> None:
    quotes = [
        "Customer may terminate this Agreement for convenience on ninety (90) days' notice.",
        "Supplier may terminate this Agreement for convenience on ninety (90) days' notice.",
    ]
    assert value_details("termination_for_convenience", quotes) == {
        "who": ["Customer", "Supplier"],
        "notice": ["90 days"],
    }


def test_an_attribute_without_details_has_none() -> None:
    assert value_details("governing_law", ["This Agreement is governed by Ohio law."]) == {}
    assert value_details(None, ["anything"]) == {}


def _lexicon_with(tmp_path, details: str):  # type: ignore[no-untyped-def]
    from domain import LEXICON_DIR, LEXICON_FILES

    for name in LEXICON_FILES:
        text = (LEXICON_DIR / name).read_text(encoding="utf-8")
        if name == "attributes.yaml":
            text = text.replace(
                "- name: governing_law\n",
                f"- name: governing_law\n  details:\n{details}",
                1,
            )
        (tmp_path / name).write_text(text, encoding="utf-8")
    return load_lexicon(tmp_path)


@pytest.mark.parametrize(
    ("details", "message"),
    [
        ("  - [period, '(?P<x>\\d+ days)', '30 days']\n", "group named v"),
        ("  - [period, '(?P<v>\\d+ days)']\n", "a regex has one: \\[name, regex, example\\]"),
        ("  - [period, 'attribute:no_such_attribute']\n", "names no attribute"),
        ("  - [period]\n", "expected \\[name, kind\\]"),
    ],
)
def test_the_lexicon_refuses_a_detail_it_cannot_read(tmp_path, details: str, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(LexiconError, match=message):
        _lexicon_with(tmp_path, details)
