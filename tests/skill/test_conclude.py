"""State 6, the conclusion step (`ValueJudge`), on synthetic evidence units: grouping,
conflicts, the engine's verdict, confidence, risk signals; and the sentence splitter /
locator the units are cut with."""

from __future__ import annotations

from datetime import UTC, datetime

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
from skill import EvidenceUnit, ValueJudge

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
        evidence_id=f"{document}:{claim}:{value}",
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
    out = (
        ValueJudge(None, req or None)
        .run(units, single_valued=single, names=False, evaluation_time=EVAL)
        .sufficiency
    )
    assert out is not None
    return out


def _seconds(since: str, until: str = EVAL) -> int:
    def at(stamp: str) -> datetime:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(UTC)

    return int((at(until) - at(since)).total_seconds())


def test_agreeing_sources_support_and_raise_confidence() -> None:
    units = [unit("New York", "d1", "g1"), unit("new york", "d2", "g2")]
    judgement = ValueJudge().run(units, single_valued=True, names=False, evaluation_time=EVAL)
    groups = judgement.groups
    assert len(groups) == 1 and len(groups[0].values) == 1  # case-folded into one value
    assert judgement.sufficiency is not None
    assert judgement.sufficiency["decision"] == "SUPPORTED"
    assert judgement.confidence(sufficient=True) == "high"
    assert judgement.risk_signals(units=units, ambiguous=False, rejected_evidence=False) == []


def test_different_values_from_different_documents_conflict() -> None:
    units = [unit("New York", "d1", "g1"), unit("Delaware", "d2", "g2")]
    judgement = ValueJudge().run(units, single_valued=True, names=False, evaluation_time=EVAL)
    assert len(judgement.conflicts) == 1
    assert [v.value for v in judgement.conflicts[0].values] == ["Delaware", "New York"]
    out = judgement.sufficiency
    assert out is not None
    assert out["decision"] == "INSUFFICIENT" and "MIXED_EVIDENCE" in out["reason_codes"]
    signals = judgement.risk_signals(units=units, ambiguous=False, rejected_evidence=True)
    assert signals == ["conflicting_evidence", "single_source", "evidence_rejected"]
    assert judgement.confidence(sufficient=False) == "low"


def test_two_values_in_one_document_or_a_multi_valued_claim_are_no_conflict() -> None:
    same_doc = [unit("30 days", "d1", "g1"), unit("60 days", "d1", "g1")]
    assert ValueJudge().run(same_doc, single_valued=True, names=False).conflicts == []
    founders = [
        unit("Jane Smith", "d1", "g1", claim="acme:founder"),
        unit("Robert Lee", "d2", "g2", claim="acme:founder"),
    ]
    judgement = ValueJudge().run(founders, single_valued=False, names=True)
    assert judgement.conflicts == []
    out = verdict(founders, single=False)
    assert out["decision"] == "SUPPORTED"
    assert [p["value"] for p in out["per_value"]] == ["Jane Smith", "Robert Lee"]


def test_names_compare_by_entity_key() -> None:
    units = [
        unit("Acme Robotics, Inc.", "d1", "g1", claim="x:parent_company"),
        unit("ACME ROBOTICS INC", "d2", "g2", claim="x:parent_company"),
    ]
    judge = ValueJudge()
    assert len(judge.run(units, single_valued=True, names=True).groups[0].values) == 1
    assert len(judge.run(units, single_valued=True, names=False).groups[0].values) == 2


def test_a_shorter_compatible_value_joins_the_one_that_completes_it() -> None:
    units = [
        unit("2017", "d1", "g1", claim="a:founding_date"),
        unit("2017-03-16", "d2", "g2", claim="a:founding_date"),
    ]
    judge = ValueJudge()
    judgement = judge.run(units, single_valued=True, names=False, prefixes=True)
    assert [v for v, _ in judgement.groups[0].values] == ["2017-03-16"]
    assert judgement.conflicts == []
    two = [*units, unit("2017-03-14", "d3", "g3", claim="a:founding_date")]
    judgement = judge.run(two, single_valued=True, names=False, prefixes=True)
    assert sorted(v for v, _ in judgement.groups[0].values) == ["2017", "2017-03-14", "2017-03-16"]


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


def test_each_unit_is_one_observation_and_an_undated_one_is_as_old_as_can_be() -> None:
    dated = unit("New York", "d1", "g1")
    out = verdict([dated])
    support = out["resolution_details"]["support"]
    assert support["evidence_ids"] == [dated.evidence_id]
    assert support["independence_groups"] == ["g1"]
    assert support["source_types_covered"] == ["agreement"]
    assert out["confidence"] == 0.9
    assert out["provenance"]["records"] == [{"id": dated.evidence_id, "present": True}]
    assert out["freshness"]["records"] == [
        {"id": dated.evidence_id, "age_seconds": _seconds("2021-01-01T00:00:00Z")}
    ]
    undated = unit("New York", "d1", "g1", date=None)
    judgement = ValueJudge().run([undated], single_valued=True, names=False, evaluation_time=EVAL)
    assert judgement.sufficiency is not None
    age = judgement.sufficiency["freshness"]["records"][0]["age_seconds"]
    assert age == _seconds("1970-01-01T00:00:00Z")
    assert "undated_evidence" in judgement.risk_signals(
        units=[undated], ambiguous=False, rejected_evidence=False
    )


def test_contract_layers_and_validation() -> None:
    judge = ValueJudge(
        {"minimum_independent_sources": 2},
        {"resolution_policy": "contradiction_veto", "confidence_threshold": 0.7},
    )
    assert judge.requirements == {
        **ValueJudge().requirements,
        "minimum_independent_sources": 2,
        "confidence_threshold": 0.7,
    }
    assert judge.policy == "contradiction_veto"
    assert ValueJudge().policy == "insufficient_on_conflict"
    with pytest.raises(ContractError):
        ValueJudge(None, {"minimum_independent_sources": 0})
    with pytest.raises(ContractError):
        ValueJudge(None, {"bogus": 1})


def test_default_evaluation_time_is_the_latest_date_not_the_clock() -> None:
    dated = unit("New York", "d1", "g1")
    judgement = ValueJudge().run(
        [dated],
        single_valued=True,
        names=False,
        document_dates=["2021-01-01", None, "2023-05-06", "bad"],
    )
    assert judgement.sufficiency is not None
    age = judgement.sufficiency["freshness"]["records"][0]["age_seconds"]
    assert age == _seconds("2021-01-01T00:00:00Z", "2023-05-06T23:59:59Z")
    undated = unit("New York", "d1", "g1", date=None)
    judgement = ValueJudge().run([undated], single_valued=True, names=False, document_dates=[None])
    assert judgement.sufficiency is not None
    assert judgement.sufficiency["freshness"]["records"][0]["age_seconds"] == 0


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
