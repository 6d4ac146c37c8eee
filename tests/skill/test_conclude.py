"""State 6 on synthetic evidence units: grouping, conflicts, the engine's verdict, confidence,
risk signals, and the sentence splitter / locator the units are cut with."""

from __future__ import annotations

import pytest

from domain import (
    ChunkRecord,
    LineRef,
    PageLines,
    SourceLocation,
    sentence_location,
    sentence_spans,
)
from engine import ContractError
from skill import EvidenceUnit
from skill._conclude import (
    DEFAULT_REQUIREMENTS,
    confidence_of,
    default_evaluation_time,
    find_conflicts,
    group_values,
    judge,
    observation,
    requirements_for,
    risk_signals,
)
from skill._evidence import evidence_id

EVAL = "2024-12-31T23:59:59Z"


def unit(
    value: str,
    document: str,
    group: str,
    *,
    claim: str = "acme:governing_law",
    date: str | None = "2021-01-01",
) -> EvidenceUnit:
    loc = SourceLocation(
        document=f"{document}.pdf",
        document_id=document,
        page=2,
        line_start=3,
        line_end=4,
        char_start=10,
        char_end=40,
    )
    return EvidenceUnit(
        evidence_id=evidence_id(loc, claim, value),
        subject_id="acme",
        claim_id=claim,
        value=value,
        quote=f"governed by the laws of {value}",
        source_location=loc,
        source_type="agreement",
        observed_at=f"{date}T00:00:00Z" if date else None,
        independence_group=group,
        confidence=0.9,
    )


def verdict(units: list[EvidenceUnit], single: bool = True, **req: object) -> dict:
    requirements, policy = requirements_for(None, req or None)
    out = judge(
        group_values(units, names=False),
        single_valued=single,
        requirements=requirements,
        policy=policy,
        evaluation_time=EVAL,
    )
    assert out is not None
    return out


def test_agreeing_sources_support_and_raise_confidence() -> None:
    units = [unit("New York", "d1", "g1"), unit("new york", "d2", "g2")]
    groups = group_values(units, names=False)
    assert len(groups) == 1 and len(groups[0].values) == 1  # case-folded into one value
    out = verdict(units)
    assert out["decision"] == "SUPPORTED"
    assert confidence_of(sufficient=True, conflicts=False, groups=groups, not_found=False) == "high"
    assert (
        risk_signals(
            not_found=False,
            conflicts=False,
            units=units,
            groups=groups,
            sufficiency=out,
            ambiguous=False,
            rejected_evidence=False,
        )
        == []
    )


def test_different_values_from_different_documents_conflict() -> None:
    units = [unit("New York", "d1", "g1"), unit("Delaware", "d2", "g2")]
    groups = group_values(units, names=False)
    conflicts = find_conflicts(groups, single_valued=True)
    assert len(conflicts) == 1
    assert [v.value for v in conflicts[0].values] == ["Delaware", "New York"]
    out = verdict(units)
    assert out["decision"] == "INSUFFICIENT" and "MIXED_EVIDENCE" in out["reason_codes"]
    signals = risk_signals(
        not_found=False,
        conflicts=True,
        units=units,
        groups=groups,
        sufficiency=out,
        ambiguous=False,
        rejected_evidence=True,
    )
    assert signals == ["conflicting_evidence", "single_source", "evidence_rejected"]
    assert confidence_of(sufficient=False, conflicts=True, groups=groups, not_found=False) == "low"


def test_two_values_in_one_document_or_a_multi_valued_claim_are_no_conflict() -> None:
    same_doc = [unit("30 days", "d1", "g1"), unit("60 days", "d1", "g1")]
    assert find_conflicts(group_values(same_doc, names=False), single_valued=True) == []
    founders = [
        unit("Jane Smith", "d1", "g1", claim="acme:founder"),
        unit("Robert Lee", "d2", "g2", claim="acme:founder"),
    ]
    groups = group_values(founders, names=True)
    assert find_conflicts(groups, single_valued=False) == []
    out = verdict(founders, single=False)
    assert out["decision"] == "SUPPORTED"
    assert [p["value"] for p in out["per_value"]] == ["Jane Smith", "Robert Lee"]


def test_names_compare_by_entity_key() -> None:
    units = [
        unit("Acme Robotics, Inc.", "d1", "g1", claim="x:parent_company"),
        unit("ACME ROBOTICS INC", "d2", "g2", claim="x:parent_company"),
    ]
    assert len(group_values(units, names=True)[0].values) == 1
    assert len(group_values(units, names=False)[0].values) == 2


def test_a_shorter_compatible_value_joins_the_one_that_completes_it() -> None:
    units = [
        unit("2017", "d1", "g1", claim="a:founding_date"),
        unit("2017-03-16", "d2", "g2", claim="a:founding_date"),
    ]
    groups = group_values(units, names=False, prefixes=True)
    assert [v for v, _ in groups[0].values] == ["2017-03-16"]
    assert find_conflicts(groups, single_valued=True) == []
    two = [*units, unit("2017-03-14", "d3", "g3", claim="a:founding_date")]
    groups = group_values(two, names=False, prefixes=True)
    assert sorted(v for v, _ in groups[0].values) == ["2017", "2017-03-14", "2017-03-16"]


def test_independence_counts_groups_not_documents() -> None:
    near_copies = [unit("New York", "d1", "g1"), unit("New York", "d2", "g1")]
    out = verdict(near_copies, minimum_independent_sources=2)
    assert out["decision"] == "INSUFFICIENT"
    assert "INSUFFICIENT_INDEPENDENT_SOURCES" in out["reason_codes"]


def test_more_units_than_a_bundle_holds_are_judged_by_their_groups() -> None:
    # 1,200 copies of two documents (two independence groups) and one dissenting source:
    # more records than the engine takes; the verdict is the one the groups give.
    copies = [unit("New York", f"ny{i}", "g1") for i in range(600)]
    copies += [unit("New York", f"nyb{i}", "g2") for i in range(600)]
    out = verdict(copies, minimum_independent_sources=2)
    assert out["decision"] == "SUPPORTED"
    out = verdict([*copies, unit("Delaware", "de", "g3")], minimum_independent_sources=2)
    assert (
        out["decision"]
        == verdict(
            [copies[0], copies[-1], unit("Delaware", "de", "g3")], minimum_independent_sources=2
        )["decision"]
    )
    assert verdict(copies, minimum_independent_sources=3)["decision"] == "INSUFFICIENT"


def test_observation_shape_and_undated_fallback() -> None:
    dated = observation(unit("New York", "d1", "g1"), "acme:governing_law")
    assert dated == {
        "id": dated["id"],
        "claim_id": "acme:governing_law",
        "source_id": "d1",
        "source_type": "agreement",
        "observed_at": "2021-01-01T00:00:00Z",
        "value": "New York",
        "confidence": 0.9,
        "provenance": {"reference": "d1#p2:L3-4"},
        "independence_group": "g1",
    }
    undated = unit("New York", "d1", "g1", date=None)
    assert observation(undated, "c")["observed_at"] == "1970-01-01T00:00:00Z"
    assert "undated_evidence" in risk_signals(
        not_found=False,
        conflicts=False,
        units=[undated],
        groups=[],
        sufficiency=None,
        ambiguous=False,
        rejected_evidence=False,
    )


def test_contract_layers_and_validation() -> None:
    merged, policy = requirements_for(
        {"minimum_independent_sources": 2},
        {"resolution_policy": "contradiction_veto", "confidence_threshold": 0.7},
    )
    assert merged == {
        **DEFAULT_REQUIREMENTS,
        "minimum_independent_sources": 2,
        "confidence_threshold": 0.7,
    }
    assert policy == "contradiction_veto"
    with pytest.raises(ContractError):
        requirements_for(None, {"minimum_independent_sources": 0})
    with pytest.raises(ContractError):
        requirements_for(None, {"bogus": 1})


def test_default_evaluation_time_is_the_latest_date_not_the_clock() -> None:
    assert (
        default_evaluation_time(["2021-01-01", None, "2023-05-06", "bad"]) == "2023-05-06T23:59:59Z"
    )
    assert default_evaluation_time([None]) == "1970-01-01T00:00:00Z"


def test_sentence_spans_and_exact_line_locators() -> None:
    lines = [
        "6.2 Governing Law. This Agreement shall be governed by the laws",
        "of the State of New York. Acme Robotics, Inc. shall pay",
        "MASTER SERVICES AGREEMENT",
        "Name | Jurisdiction",
    ]
    text = "\n".join(lines)
    spans = sentence_spans(text)
    got = [text[a:b] for a, b in spans]
    assert got == [
        "6.2 Governing Law.",
        "This Agreement shall be governed by the laws\nof the State of New York.",
        "Acme Robotics, Inc. shall pay",
        "MASTER SERVICES AGREEMENT",
        "Name | Jurisdiction",
    ]
    offsets, refs, char = 0, [], 1000
    for i, line in enumerate(lines):
        refs.append(
            LineRef(
                page=4, line_no=12 + i, offset=offsets, char_start=char, char_end=char + len(line)
            )
        )
        offsets += len(line) + 1
        char += len(line) + 1
    chunk = ChunkRecord(
        chunk_id="c",
        document_id="d",
        document_name="MSA.pdf",
        document_type="agreement",
        independence_group="g",
        text=text,
        section="6. Misc > 6.2 Governing Law",
        clause="6.2",
        pages=(PageLines(page=4, line_start=12, line_end=15),),
        char_start=1000,
        char_end=1000 + len(text),
        lines=tuple(refs),
    )
    a, b = spans[1]
    loc = sentence_location(chunk, a, b)
    assert (loc.page, loc.line_start, loc.line_end) == (4, 12, 13)
    assert loc.char_end - loc.char_start == b - a  # the document offsets cover the quote exactly
    a, b = spans[2]
    loc = sentence_location(chunk, a, b)
    assert (loc.line_start, loc.line_end) == (13, 13)
    assert loc.char_start == 1000 + a


# --------------------------------------------------------------------------- evidence helpers


def test_provision_stems_and_list_items() -> None:
    from skill._evidence import provision_stems
    from skill._integrity import _list_item_for

    assert provision_stems("non-compete") == ["compet"]
    assert provision_stems("confidentiality") == ["confid"]
    board = "Board - Ana Ruiz - Chair - Ken Adeyemi - Director; Partner, Harbor Point"
    assert _list_item_for(board, ["Ken Adeyemi"])
    # A name inside running prose does not open a list item.
    assert not _list_item_for("Vantor GmbH, a subsidiary of Vantor plc, is German.", ["Vantor plc"])
