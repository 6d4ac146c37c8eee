"""Supersession the documents state (skill.StatedSupersession, the conclusion step's hook): the
value in force and its history, and the cases that must stay a conflict (no stated
supersession, recency alone, a draft). Documents are described by hand (DocumentInfo): each
case is a relation an amendment states, which a PDF would only spell out again."""

from __future__ import annotations

from typing import Any

from domain import SourceLocation
from skill import DocumentInfo, EvidenceUnit, StatedSupersession, ValueJudge, stated_targets

PARTIES = ("Acme Widgets, Inc.", "Borealis Metals Corp.")


def _info(doc: str, title: str, date: str, **kw: Any) -> DocumentInfo:
    return DocumentInfo(
        document_id=doc,
        name=f"{doc}.pdf",
        document_type=kw.pop("document_type", "agreement"),
        document_date=date,
        independence_group=doc,
        title=title,
        parties=kw.pop("parties", PARTIES),
        **kw,
    )


def _unit(
    doc: str, value: str, *, clause: str | None, section: str, page: int, line: int, quote: str = ""
) -> EvidenceUnit:
    return EvidenceUnit(
        evidence_id=f"ev-{doc}-{line}",
        subject_id="agreement:supply",
        claim_id="agreement:supply:liability_cap",
        value=value,
        quote=quote or f"{clause} Cap. Liability shall not exceed {value}.",
        source_location=SourceLocation(
            document=f"{doc}.pdf",
            document_id=doc,
            page=page,
            section=section,
            clause=clause,
            line_start=line,
            line_end=line,
            char_start=0,
            char_end=10,
        ),
        source_type="agreement",
        observed_at=None,
        independence_group=doc,
        confidence=0.9,
    )


def _amends(number: int, date: str, clause: str, section: str, line: int, **kw: Any) -> dict:
    return {
        "relation": kw.get("relation", "amends"),
        "target_type": kw.get("target_type", "Supply Agreement"),
        "target_date": kw.get("target_date", "2020-01-15"),
        "number": number,
        "effective_date": date,
        "page": 1,
        "line": 4,
        "quote": "parties to that certain Supply Agreement dated as of January 15, 2020",
        "changes": [
            {
                "kind": "replaced",
                "clause": clause,
                "page": 1,
                "line": line,
                "section": section,
                "quote": f"Section {clause} of the Agreement is hereby deleted in its entirety and "
                "replaced with the following:",
            }
        ],
    }


ORIGINAL = _info("orig", "SUPPLY AGREEMENT", "2020-01-15")
OLD = _unit(
    "orig", "USD 1,000,000", clause="8.2", section="8. Liability > 8.2 Cap", page=4, line=10
)


def _judge(units: list[EvidenceUnit], infos: dict[str, DocumentInfo]) -> Any:
    """The conclusion step over `units` of a single-valued claim, with supersession."""
    step = StatedSupersession(infos.get)
    return ValueJudge().run(units, single_valued=True, names=False, supersede=step.run)


def _run(units: list[EvidenceUnit], infos: dict[str, DocumentInfo]) -> tuple[Any, Any, Any]:
    judgement = _judge(units, infos)
    return judgement.groups, judgement.supersessions, judgement.conflicts


def test_an_amendment_replacing_the_clause_puts_its_value_in_force() -> None:
    amendment = _info(
        "am1",
        "AMENDMENT NO. 1 TO SUPPLY AGREEMENT",
        "2022-03-01",
        relations=(_amends(1, "2022-03-01", "8.2", "1. Amendment of Section 8.2", 12),),
    )
    new = _unit(
        "am1", "USD 4,000,000", clause="8.2", section="1. Amendment of Section 8.2", page=1, line=13
    )
    groups, records, conflicts = _run([OLD, new], {"orig": ORIGINAL, "am1": amendment})
    assert conflicts == []
    assert [v for g in groups for v, _ in g.values] == ["USD 4,000,000"]
    (record,) = records
    assert record.value == "USD 4,000,000" and record.number == 1
    assert record.effective_date == "2022-03-01" and record.change is not None
    assert "deleted in its entirety" in record.change["quote"]
    (history,) = record.history
    assert (history.value, history.date, history.superseded_by) == (
        "USD 1,000,000",
        "2020-01-15",
        "am1.pdf",
    )
    assert "replacing USD 1,000,000" in StatedSupersession.note(records)


def test_two_documents_that_simply_disagree_stay_a_conflict() -> None:
    other = _info("other", "SUPPLY AGREEMENT", "2023-05-01")  # later, but states nothing
    new = _unit(
        "other", "USD 4,000,000", clause="8.2", section="8. Liability > 8.2 Cap", page=4, line=10
    )
    _groups, records, conflicts = _run([OLD, new], {"orig": ORIGINAL, "other": other})
    assert records == [] and len(conflicts) == 1


def test_an_amendment_of_another_agreement_or_clause_supersedes_nothing() -> None:
    for relation in (
        _amends(1, "2022-03-01", "8.2", "1. Amendment", 12, target_date="2019-06-30"),
        _amends(1, "2022-03-01", "8.2", "1. Amendment", 12, target_type="License Agreement"),
        _amends(1, "2022-03-01", "11.4", "1. Amendment", 12),
    ):
        amendment = _info("am1", "AMENDMENT NO. 1", "2022-03-01", relations=(relation,))
        new = _unit("am1", "USD 4,000,000", clause="8.2", section="1. Amendment", page=1, line=13)
        _, records, conflicts = _run([OLD, new], {"orig": ORIGINAL, "am1": amendment})
        assert records == [] and len(conflicts) == 1, relation


def test_other_parties_amendment_supersedes_nothing() -> None:
    amendment = _info(
        "am1",
        "AMENDMENT NO. 1",
        "2022-03-01",
        parties=("Cobalt Freight LLC", "Delta Mining plc"),
        relations=(_amends(1, "2022-03-01", "8.2", "1. Amendment", 12),),
    )
    new = _unit("am1", "USD 4,000,000", clause="8.2", section="1. Amendment", page=1, line=13)
    _, records, conflicts = _run([OLD, new], {"orig": ORIGINAL, "am1": amendment})
    assert records == [] and len(conflicts) == 1


def test_a_draft_amendment_supersedes_nothing_and_is_set_aside() -> None:
    draft = _info(
        "draft",
        "AMENDMENT NO. 1",
        "2022-03-01",
        relations=(_amends(1, "2022-03-01", "8.2", "1. Amendment", 12),),
        unexecuted={"reason": "draft", "page": 1, "line": 1, "quote": "DRAFT"},
    )
    new = _unit("draft", "USD 4,000,000", clause="8.2", section="1. Amendment", page=1, line=13)
    infos = {"orig": ORIGINAL, "draft": draft}
    _, records, _conflicts = _run([OLD, new], infos)
    assert records == []
    step = StatedSupersession(infos.get)
    kept, rejected = step.set_aside_unexecuted([OLD, new])
    assert kept == [OLD] and [r.evidence_id for r in rejected] == [new.evidence_id]
    assert "unexecuted" in rejected[0].reason
    alone, none = step.set_aside_unexecuted([new])
    assert alone == [new] and none == []
    assert step.only_unexecuted(_judge(alone, infos).groups)
    assert step.unexecuted_documents([OLD, new]) == ["draft.pdf"]


def test_amended_and_restated_replaces_every_term() -> None:
    restated = _info(
        "ar",
        "AMENDED AND RESTATED SUPPLY AGREEMENT",
        "2024-02-01",
        relations=(
            {
                **_amends(0, "2024-02-01", "x", "", 1),
                "relation": "amended_and_restated",
                "number": None,
                "changes": [],
            },
        ),
    )
    new = _unit("ar", "USD 3,000,000", clause="6.1", section="6. Liability", page=2, line=20)
    _groups, records, conflicts = _run([OLD, new], {"orig": ORIGINAL, "ar": restated})
    assert conflicts == [] and records[0].relation == "amended_and_restated"
    assert "as amended and restated by ar.pdf" in StatedSupersession.note(records)


def test_a_second_amendment_replaces_the_first_ones_value() -> None:
    first = _info(
        "am1",
        "AMENDMENT NO. 1",
        "2021-03-01",
        relations=(_amends(1, "2021-03-01", "8.2", "1. Section 8.2", 12),),
    )
    second = _info(
        "am2",
        "AMENDMENT NO. 2",
        "2023-07-01",
        relations=(_amends(2, "2023-07-01", "8.2", "1. Section 8.2", 9),),
    )
    mid = _unit("am1", "USD 2,500,000", clause="8.2", section="1. Section 8.2", page=1, line=13)
    new = _unit("am2", "USD 6,000,000", clause="8.2", section="1. Section 8.2", page=1, line=10)
    groups, records, conflicts = _run(
        [OLD, mid, new], {"orig": ORIGINAL, "am1": first, "am2": second}
    )
    assert conflicts == []
    assert [v for g in groups for v, _ in g.values] == ["USD 6,000,000"]
    (record,) = records
    assert [h.value for h in record.history] == ["USD 1,000,000", "USD 2,500,000"]


# -- passages: clause and topic answers (StatedSupersession.passages) -------------------------


def _sentence(doc: str, text: str, *, clause: str | None, section: str, line: int) -> EvidenceUnit:
    unit = _unit(doc, text, clause=clause, section=section, page=1, line=line, quote=text)
    where = unit.source_location.model_copy(update={"char_start": line * 100})
    return unit.model_copy(update={"source_location": where})


BASE_TEXT = [
    _sentence("orig", "3. Service Levels.", clause="3", section="3. Service Levels", line=20),
    _sentence(
        "orig",
        "Provider shall respond to support requests within four (4) hours.",
        clause="3",
        section="3. Service Levels",
        line=21,
    ),
    _sentence(
        "orig",
        "Provider shall provide the services indicated in Exhibit A.",
        clause="1",
        section="1. Services",
        line=5,
    ),
]


def _change(kind: str, clause: str, line: int, quote: str) -> dict[str, Any]:
    return {"kind": kind, "clause": clause, "page": 1, "line": line, "section": "", "quote": quote}


def _amendment(doc: str, number: int, date: str, *changes: dict[str, Any], **kw: Any) -> Any:
    relation = {**_amends(number, date, "3", "", 0), "changes": list(changes)}
    return _info(doc, f"AMENDMENT NO. {number}", date, relations=(relation,), **kw)


REPLACE_3 = _change(
    "replaced", "3", 10, "Section 3 of the Agreement is hereby deleted in its entirety and replaced"
)
AM1_TEXT = [
    _sentence(
        "am1", REPLACE_3["quote"] + " with the following:", clause="1", section="1.", line=10
    ),
    _sentence(
        "am1",
        "Provider shall respond to support requests within two (2) hours.",
        clause="1",
        section="1.",
        line=11,
    ),
]


def _passages(
    units: list[EvidenceUnit], infos: dict[str, DocumentInfo], texts: dict[str, list[Any]]
) -> tuple[list[EvidenceUnit], list[EvidenceUnit], list[Any]]:
    def change_text(doc: str, relation: Any, change: Any) -> list[EvidenceUnit]:
        return [u for u in texts[doc] if u.source_location.line_start >= change["line"]][:2]

    def document_text(doc: str, keep: Any, limit: int) -> list[EvidenceUnit]:
        return [u for u in texts[doc] if keep(u)][:limit]

    return StatedSupersession(infos.get).passages(units, sorted(infos), change_text, document_text)


def test_a_replaced_clause_quotes_the_new_text_in_force_and_the_original_as_history() -> None:
    am1 = _amendment("am1", 1, "2022-03-01", REPLACE_3)
    infos = {"orig": ORIGINAL, "am1": am1}
    kept, gone, records = _passages([BASE_TEXT[1]], infos, {"orig": BASE_TEXT, "am1": AM1_TEXT})
    assert [u.value for u in kept] == [u.value for u in AM1_TEXT]
    assert gone == [BASE_TEXT[1]]
    (record,) = records
    assert record.document == "am1.pdf" and record.change == REPLACE_3
    assert [h.documents for h in record.history] == [["orig.pdf"]]
    assert "Section 3 as amended by am1.pdf, effective 2022-03-01" in StatedSupersession.note(
        (), records
    )
    assert "replacing the text of orig.pdf" in StatedSupersession.note((), records)


def test_quoting_only_the_new_text_cites_the_original_clause_as_history() -> None:
    am1 = _amendment("am1", 1, "2022-03-01", REPLACE_3)
    kept, gone, records = _passages(
        [AM1_TEXT[1]], {"orig": ORIGINAL, "am1": am1}, {"orig": BASE_TEXT, "am1": AM1_TEXT}
    )
    assert {u.value for u in kept} == {u.value for u in AM1_TEXT}
    assert [u.value for u in gone] == [u.value for u in BASE_TEXT[:2]]  # clause 3 only
    assert records[0].history


def test_passages_of_another_clause_or_agreement_or_a_draft_stay_in_force() -> None:
    unrelated = [
        _amendment("am1", 1, "2022-03-01", _change("replaced", "7", 10, "Section 7 ... replaced")),
        _info(
            "am1",
            "AMENDMENT NO. 1",
            "2022-03-01",
            relations=({**_amends(1, "2022-03-01", "3", "", 10), "target_date": "2019-06-30"},),
        ),
        _amendment(
            "am1", 1, "2022-03-01", REPLACE_3, unexecuted={"reason": "draft", "quote": "DRAFT"}
        ),
        # a later agreement that only disagrees states no change: nothing is replaced
        _info("am1", "SERVICES AGREEMENT", "2023-05-01"),
    ]
    for am1 in unrelated:
        kept, gone, records = _passages(
            [BASE_TEXT[1]], {"orig": ORIGINAL, "am1": am1}, {"orig": BASE_TEXT, "am1": AM1_TEXT}
        )
        assert (kept, gone, records) == ([BASE_TEXT[1]], [], []), am1


def test_an_addition_is_quoted_beside_the_clause_it_adds_to_and_replaces_nothing() -> None:
    add = _change("added", "Exhibit A", 10, "Exhibit A is hereby supplemented with the following:")
    am1 = _amendment("am1", 1, "2022-03-01", add)
    added = [
        _sentence("am1", add["quote"], clause="1", section="1.", line=10),
        _sentence("am1", "4. Quantitative Analysis.", clause="1", section="1.", line=11),
    ]
    kept, gone, records = _passages(
        [BASE_TEXT[2]], {"orig": ORIGINAL, "am1": am1}, {"orig": BASE_TEXT, "am1": added}
    )
    assert [u.value for u in kept] == [BASE_TEXT[2].value, *(u.value for u in added)]
    assert gone == [] and records[0].history == []
    assert "Exhibit A as supplemented by am1.pdf" in StatedSupersession.note((), records)
    # a passage that neither stands in nor names the clause added to brings nothing
    kept, _, records = _passages(
        [BASE_TEXT[1]], {"orig": ORIGINAL, "am1": am1}, {"orig": BASE_TEXT, "am1": added}
    )
    assert kept == [BASE_TEXT[1]] and records == []


def _second_text(doc: str, change: dict[str, Any]) -> list[EvidenceUnit]:
    """A later change of Section 3: its statement and its new text."""
    return [
        _sentence(doc, change["quote"] + ":", clause="1", section="1.", line=30),
        _sentence(doc, "Provider shall respond within one (1) hour.", clause="1", section="1.",
                  line=31),
    ]  # fmt: skip


def test_a_second_amendment_of_the_same_clause_replaces_the_first_ones_text() -> None:
    am1 = _amendment("am1", 1, "2021-03-01", REPLACE_3)
    again = _change("replaced", "3", 30, "Section 3 of the Agreement is hereby replaced again")
    am2 = _amendment("am2", 2, "2023-07-01", again)
    am2_text = _second_text("am2", again)
    infos = {"orig": ORIGINAL, "am1": am1, "am2": am2}
    kept, gone, records = _passages(
        [BASE_TEXT[1]], infos, {"orig": BASE_TEXT, "am1": AM1_TEXT, "am2": am2_text}
    )
    assert [u.value for u in kept] == [u.value for u in am2_text]
    assert {u.source_location.document_id for u in gone} == {"orig", "am1"}
    (record,) = records  # one supersession in force, its history the whole chain
    assert record.document == "am2.pdf"
    assert [h.documents for h in record.history] == [["orig.pdf"], ["am1.pdf"], ["am1.pdf"]]
    assert "replacing the text of am1.pdf, orig.pdf" in StatedSupersession.note((), records)


def test_a_restatement_replaces_the_passages_it_changes_not_those_it_repeats() -> None:
    restated = _info(
        "ar",
        "AMENDED AND RESTATED SUPPLY AGREEMENT",
        "2024-02-01",
        relations=({**_amends(0, "2024-02-01", "x", "", 1), "relation": "amended_and_restated",
                    "number": None, "changes": []},),
    )  # fmt: skip
    again = _sentence("ar", BASE_TEXT[2].value or "", clause="1", section="1. Services", line=5)
    changed = _sentence(
        "ar", "Provider shall respond within two (2) hours.", clause="3", section="3.", line=9
    )
    kept, gone, records = _passages(
        [*BASE_TEXT[1:], again, changed], {"orig": ORIGINAL, "ar": restated}, {}
    )
    assert gone == [BASE_TEXT[1]]  # the repeated sentence stays, from both documents
    assert {u.evidence_id for u in kept} == {
        BASE_TEXT[2].evidence_id, again.evidence_id, changed.evidence_id
    }  # fmt: skip
    (record,) = records
    assert record.relation == "amended_and_restated" and len(record.history) == 1


def test_an_addition_bears_on_passages_that_use_the_term_its_caption_defines() -> None:
    """ "Exhibit B (Sites) ... is hereby amended to add ..." bears on a passage about "the
    Sites" in another clause; not on one that says "site" in lower case."""
    add = _change("added", "Exhibit B", 10, "Exhibit B (Sites) of the Agreement is hereby amended")
    am1 = _amendment("am1", 1, "2022-03-01", add)
    added = [_sentence("am1", add["quote"] + " to add Plant 4.", clause="1", section="1.", line=10)]
    about = _sentence(
        "orig", "Customer shall give access to the Sites.", clause="5", section="5.", line=30
    )
    other = _sentence("orig", "Each site keeps a log.", clause="6", section="6.", line=40)
    texts = {"orig": [*BASE_TEXT, about, other], "am1": added}
    kept, _, records = _passages([about], {"orig": ORIGINAL, "am1": am1}, texts)
    assert [u.value for u in kept] == [about.value, added[0].value] and records
    kept, _, records = _passages([other], {"orig": ORIGINAL, "am1": am1}, texts)
    assert kept == [other] and records == []


def test_a_changed_term_replaces_the_passage_that_states_it_not_every_one_under_its_heading() -> (
    None
):
    ext = _change("changed_term", "Term", 10, "The Term of the Agreement is hereby extended.")
    am1 = _amendment("am1", 1, "2022-03-01", ext)
    section = "9. TERM AND TERMINATION"
    states = _sentence(
        "orig", "The Term of this Agreement is three (3) years.", clause="9.1", section=section,
        line=50,
    )  # fmt: skip
    breach = _sentence(
        "orig", "Either party may terminate on notice of a material breach.", clause="9.2",
        section=section, line=51,
    )  # fmt: skip
    texts = {"orig": [states, breach], "am1": [_sentence("am1", ext["quote"], clause="1",
             section="1.", line=10)]}  # fmt: skip
    kept, gone, _ = _passages([states, breach], {"orig": ORIGINAL, "am1": am1}, texts)
    assert gone == [states] and breach in kept


def test_a_later_dated_unnumbered_amendment_comes_after_amendment_no_1() -> None:
    """Order by effective date, not by number: a 2023 letter amendment after No. 1 of 2019."""
    first = _amendment("am1", 1, "2019-03-01", REPLACE_3)
    again = _change("replaced", "3", 30, "Section 3 of the Agreement is hereby replaced")
    letter = _amendment("amL", 1, "2023-07-01", again)
    letter = _info(
        "amL", "LETTER AMENDMENT", "2023-07-01",
        relations=({**letter.relations[0], "number": None},),
    )  # fmt: skip
    text = _second_text("amL", again)
    infos = {"orig": ORIGINAL, "am1": first, "amL": letter}
    kept, _, records = _passages(
        [BASE_TEXT[1]], infos, {"orig": BASE_TEXT, "am1": AM1_TEXT, "amL": text}
    )
    assert {u.source_location.document_id for u in kept} == {"amL"}
    assert [r.document for r in records] == ["amL.pdf"]


def test_a_relation_is_bound_over_the_whole_knowledge_base() -> None:
    """An amendment naming the Reseller Agreement dated March 1, 2019 is of the 2019
    agreement, not of the 2016 one the candidate holds (whose Amendment No. 1 took effect that
    day): bound over every document, it acts on the 2016 agreement's text not at all."""
    orig = _info("orig", "RESELLER AGREEMENT", "2016-05-05")
    later = _info("res2019", "RESELLER AGREEMENT", "2019-03-01")
    named = {"target_type": "Reseller Agreement"}
    am1 = _info("am1", "AMENDMENT NO. 1", "2019-03-01", relations=(
        {**_amends(1, "2019-03-01", "3", "", 10, target_date="2016-05-05", **named),
         "changes": []},))  # fmt: skip
    am2 = _info("am2", "AMENDMENT NO. 1", "2021-07-15", relations=(
        {**_amends(1, "2021-07-15", "3", "", 10, target_date="2019-03-01", **named),
         "changes": [REPLACE_3]},))  # fmt: skip
    everything = {"orig": orig, "res2019": later, "am1": am1, "am2": am2}
    bound = stated_targets(everything)
    assert sorted((d, o) for d, _, o in bound) == [("am1", "orig"), ("am2", "res2019")]
    mine = {k: v for k, v in everything.items() if k != "res2019"}
    old = BASE_TEXT[1].model_copy(
        update={"source_location": BASE_TEXT[1].source_location.model_copy(
            update={"document_id": "orig"})})  # fmt: skip

    def change_text(doc: str, relation: Any, change: Any) -> list[EvidenceUnit]:
        return AM1_TEXT

    kept, gone, records = StatedSupersession(mine.get).passages(
        [old], sorted(mine), change_text, lambda d, k, n: [], stated=bound
    )
    assert (kept, gone, records) == ([old], [], [])


def test_type_words_compare_as_one_kind_not_by_a_shared_prefix() -> None:
    from skill import document_types_match

    assert document_types_match("distribution_agreement", "distributor_agreement")
    assert document_types_match("services_agreement", "service_agreement")
    assert not document_types_match("security_agreement", "securities_purchase_agreement")
    assert not document_types_match("operating_agreement", "operations_agreement")


def test_an_addition_to_a_schedule_or_an_uncaptioned_exhibit_stays_with_its_own_clause() -> None:
    """ "Schedule 2 ... amended by adding" is no addition to Section 2; "Exhibit C (as
    attached hereto)" gives no caption; "Section 4 (Term), Exhibit C ..." captions Section 4,
    not Exhibit C."""
    termination = _sentence(
        "orig", "2.1 Either party may end this Agreement at the end of the Term.", clause="2.1",
        section="2. Termination", line=60,
    )  # fmt: skip
    for clause, quote in (
        ("Schedule 2", "Schedule 2 of the Agreement is hereby amended by adding Plant 9."),
        ("Exhibit C", "Exhibit C (as attached hereto) is hereby supplemented as follows:"),
        ("Exhibit C", "Pursuant to Section 4 (Term), Exhibit C is hereby supplemented:"),
    ):
        add = _change("added", clause, 10, quote)
        am1 = _amendment("am1", 1, "2022-03-01", add)
        texts = {"orig": [termination], "am1": [_sentence("am1", quote, clause="1",
                 section="1.", line=10)]}  # fmt: skip
        kept, _, records = _passages([termination], {"orig": ORIGINAL, "am1": am1}, texts)
        assert (kept, records) == ([termination], []), quote
