"""Offices with a time (skill.OfficeTenure, issue 16): the time a question names, and which
holders the documents say held the office then (or now). The holders' bindings are written
by hand: each case is a dated statement of an office, which a PDF would only spell out
again."""

from __future__ import annotations

from typing import Any

import pytest

from domain import Binding, BindingType, SourceLocation, SubjectType
from skill import (
    Candidate,
    DocumentInfo,
    GateResult,
    OfficeTenure,
    QuestionKind,
    SubjectClass,
    parse_question,
    time_qualifier,
)

DATES = {"bylaws": "2017-03-20", "minutes21": "2021-06-15", "minutes24": "2024-06-20"}


def _info(document_id: str) -> DocumentInfo | None:
    date = DATES.get(document_id)
    return DocumentInfo(
        document_id=document_id,
        name=f"{document_id}.pdf",
        document_type="minutes",
        document_date=date,
        independence_group=document_id,
    )


def _binding(who: str, doc: str, line: int, **attributes: str) -> Binding:
    return Binding(
        binding_id=f"{who}-{doc}-{line}",
        subject_name=who,
        subject_key=who.lower().replace(" ", "_"),
        subject_type=SubjectType.INDIVIDUAL,
        role="secretary",
        parent_name="Acme, Inc.",
        parent_key="acme",
        binding_type=BindingType.EXPLICIT_STATEMENT,
        attributes={"title": "Secretary", **attributes},
        quote=f"{who} ... Secretary (line {line})",
        location=SourceLocation(
            document=f"{doc}.pdf",
            document_id=doc,
            page=1,
            line_start=line,
            line_end=line,
            char_start=0,
            char_end=10,
        ),
    )


def _candidate(*bindings: Binding) -> Candidate:
    return Candidate(
        subject_id=bindings[0].subject_key,
        name=bindings[0].subject_name,
        subject_type="individual",
        bindings=bindings,
        relation="secretary",
    )


OLD = _candidate(
    _binding("Jane Roe", "bylaws", 3),
    _binding("Jane Roe", "minutes21", 12),
    _binding("Jane Roe", "minutes24", 19, tenure="ended", until="2024-06-14"),
)
NEW = _candidate(_binding("Mark Lee", "minutes24", 26, **{"from": "2024-06-20"}))


def not_in_force(bindings: Any, role: str, as_of: str | None, info: Any) -> str | None:
    """Why the one holder bound by `bindings` does not hold `role` at `as_of` (None: now),
    as OfficeTenure.holders gives it; None when it holds it."""
    held, dropped = OfficeTenure(info).holders(bindings, role, as_of)
    assert not (held and dropped)  # one holder: all kept or all dropped
    return dropped[0][1] if dropped else None


def in_force(gate: GateResult, subject: SubjectClass, info: Any) -> GateResult:
    return OfficeTenure(info).run(gate, subject)


@pytest.mark.parametrize(
    ("question", "rest", "as_of"),
    [
        ("Who was the Secretary of Acme in 2022?", "Who was the Secretary of Acme?", "2022"),
        ("Who was Acme's Secretary as of March 2023?", "Who was Acme's Secretary?", "2023-03"),
        ("On June 1, 2024, who was Acme's CFO?", "who was Acme's CFO?", "2024-06-01"),
        ("Who served as CFO of Acme during 2021?", "Who served as CFO of Acme?", "2021"),
    ],
)
def test_the_time_a_question_names(question: str, rest: str, as_of: str) -> None:
    assert time_qualifier(question) == (rest, as_of)


@pytest.mark.parametrize(
    "question",
    [
        "Who is the Secretary of Acme?",  # no time
        "Who is the CFO of 2022 Holdings Inc.?",  # a year in a name, no time word before it
        "Who was the CFO of Acme between 2021 and 2023?",  # two times: not one moment
    ],
)
def test_no_time(question: str) -> None:
    assert time_qualifier(question) is None


def test_a_time_is_kept_only_on_role_questions() -> None:
    subject = parse_question("Who was the corporate secretary of Acme Robotics, Inc. in 2022?")
    assert (subject.kind, subject.role, subject.constraints) == (
        QuestionKind.ROLE,
        "secretary",
        {"as_of": "2022"},
    )
    assert "as_of" not in parse_question("Who is the secretary of Acme Robotics, Inc.?").constraints


def test_a_month_or_a_day_asked_about_is_its_whole_period() -> None:
    # appointed from the last day of February 2024 (a leap year): held in "2024-02"
    leap = (_binding("Mark Lee", "minutes24", 26, **{"from": "2024-02-29"}),)
    assert not_in_force(leap, "secretary", "2024-02", _info) is None
    assert "after 2024-01" in (not_in_force(leap, "secretary", "2024-01", _info) or "")
    # a day is one day: appointed the day after is not held that day
    later = (_binding("Mark Lee", "minutes24", 26, **{"from": "2024-06-02"}),)
    assert "after 2024-06-01" in (not_in_force(later, "secretary", "2024-06-01", _info) or "")
    assert not_in_force(later, "secretary", "2024-06-02", _info) is None


def test_who_holds_the_office_now_and_then() -> None:
    # now: Jane Roe's office ended 2024-06-14 and nothing later says she holds it
    why = not_in_force(OLD.bindings, "secretary", None, _info)
    assert why is not None and "until 2024-06-14" in why and "minutes24.pdf p. 1, l. 19" in why
    assert not_in_force(NEW.bindings, "secretary", None, _info) is None
    # 2022: Jane Roe held it; Mark Lee's appointment took effect in 2024
    assert not_in_force(OLD.bindings, "secretary", "2022", _info) is None
    why = not_in_force(NEW.bindings, "secretary", "2022", _info)
    assert why is not None and "from 2024-06-20" in why and "after 2022" in why
    # July 2024: Mark Lee; Jane Roe's office ended before
    assert not_in_force(NEW.bindings, "secretary", "2024-07", _info) is None
    assert "before 2024-07" in (not_in_force(OLD.bindings, "secretary", "2024-07", _info) or "")


def test_a_later_statement_that_the_office_is_held_outweighs_an_earlier_end() -> None:
    DATES["minutes25"] = "2025-01-10"
    again = _candidate(*OLD.bindings, _binding("Jane Roe", "minutes25", 4))
    assert not_in_force(again.bindings, "secretary", None, _info) is None


def test_an_end_without_a_date_counts_from_its_documents_date() -> None:
    ended = _candidate(
        _binding("Jane Roe", "minutes21", 12),
        _binding("Jane Roe", "minutes24", 19, tenure="ended"),
    )
    assert "until 2024-06-20" in (not_in_force(ended.bindings, "secretary", None, _info) or "")


def test_an_end_at_an_undated_event_proves_no_end() -> None:
    # "resigned ..., effective upon the closing of the Merger": no document dates the closing,
    # so the office is not known to have ended, then or now.
    pending = _candidate(
        _binding("Jane Roe", "minutes21", 12),
        _binding(
            "Jane Roe", "minutes24", 19, tenure="ended", until_event="the closing of the Merger"
        ),
    )
    assert not_in_force(pending.bindings, "secretary", None, _info) is None
    assert not_in_force(pending.bindings, "secretary", "2025", _info) is None


def test_a_stated_start_is_no_holding_before_it() -> None:
    # A statement with no start (a document of 2024) does not outweigh a stated start of 2019
    # for a question about 2015; one from a document of 2012 would.
    DATES["report24"], DATES["report12"] = "2024-08-20", "2012-03-01"
    started = (_binding("Mark Lee", "report24", 3, **{"from": "2019"}),)
    undated = _binding("Mark Lee", "report24", 9)
    why = not_in_force((*started, undated), "secretary", "2015", _info)
    assert why is not None and "from 2019" in why
    earlier = _binding("Mark Lee", "report12", 9)
    assert not_in_force((*started, undated, earlier), "secretary", "2015", _info) is None


def test_a_year_ends_on_its_last_day() -> None:
    # "We served as the Company's auditor from 2011 to 2019": held through 2019, not before it
    served = (
        _binding("Mark Lee", "report12", 5, tenure="ended", **{"from": "2011", "until": "2019"}),
    )
    DATES["report12"] = "2012-03-01"
    assert not_in_force(served, "secretary", "2019", _info) is None
    assert not_in_force(served, "secretary", "2019-06", _info) is None
    assert "before 2020" in (not_in_force(served, "secretary", "2020", _info) or "")
    # a statement dated in 2019 is no later statement that the office is held after 2019
    DATES["report19"] = "2019-02-27"
    again = (*served, _binding("Mark Lee", "report19", 9))
    assert "until 2019" in (not_in_force(again, "secretary", None, _info) or "")


def test_a_consent_to_an_old_report_is_no_statement_of_holding_now() -> None:
    # a former auditor consents, in a later filing, to its report on earlier years
    DATES["report12"], DATES["filing21"] = "2012-03-01", "2021-02-23"
    served = _binding(
        "Mark Lee", "report12", 5, tenure="ended", **{"from": "2011", "until": "2019"}
    )
    consent = _binding("Mark Lee", "filing21", 40, source="consent")
    assert "until 2019" in (not_in_force((served, consent), "secretary", None, _info) or "")


def _gate(*candidates: Candidate, **kw: Any) -> GateResult:
    return GateResult(candidates=candidates, rejected=(), **kw)


def test_the_gate_keeps_the_holders_then_and_says_why_the_others_are_not() -> None:
    now = SubjectClass(
        type="individual", role="secretary", parent_entity="Acme", kind=QuestionKind.ROLE
    )
    gate = in_force(_gate(OLD, NEW), now, _info)
    assert [c.name for c in gate.candidates] == ["Mark Lee"]
    assert [r.name for r in gate.rejected] == ["Jane Roe"]
    then = now.model_copy(update={"constraints": {"as_of": "2022"}})
    assert [c.name for c in in_force(_gate(OLD, NEW), then, _info).candidates] == ["Jane Roe"]
    # a subject with no stated ends passes unchanged
    untouched = _gate(NEW)
    assert in_force(untouched, now, _info) is untouched


def test_a_yes_no_claim_about_an_office_that_ended_is_answered_no() -> None:
    claim = SubjectClass(
        type="individual",
        name="Jane Roe",
        role="secretary",
        parent_entity="Acme",
        attribute="has_role",
        kind=QuestionKind.YES_NO,
    )
    gate = in_force(_gate(OLD, verdict="yes", verdict_bindings=OLD.bindings), claim, _info)
    assert gate.verdict == "no"
    assert [b.attributes.get("tenure") for b in gate.verdict_bindings] == ["ended"]
    then = claim.model_copy(update={"constraints": {"as_of": "2022"}})
    assert in_force(_gate(OLD, verdict="yes"), then, _info).verdict == "yes"
