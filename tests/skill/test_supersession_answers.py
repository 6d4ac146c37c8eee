"""A stated supersession end to end on the ingested data room (issue 16): the value in force,
the amending statement and the change cited, the replaced value listed with its document, in
the JSON answer and in `evrag ask`'s text."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from skill import render_answer

CAP = "What is the liability cap in the MSA between Halcyon Robotics and Northgate Logistics?"


# Function scope: the runtime holds the data directory's lock, which `evrag docs` (run in
# this process below) takes in its turn.
@pytest.fixture
def runtime(data_room_kb: Any) -> Iterator[Any]:
    from app import Runtime, Settings

    with Runtime.open(Settings(data_dir=data_room_kb.data_dir)) as rt:
        yield rt


@pytest.mark.slow
def test_the_amended_cap_is_in_force_with_its_history(runtime: Any, data_room_kb: Any) -> None:
    answer = runtime.skill.ask(data_room_kb.kb, CAP)
    data = answer.model_dump(mode="json")
    assert data["conflicts"] == []  # stated by the documents: not a conflict
    assert [v["value"] for v in data["conclusion"]["values"]] == ["USD 5,000,000"]
    assert "superseded_value" in data["risk_signals"]
    (supersession,) = data["supersessions"]
    assert supersession["relation"] == "amends"
    assert supersession["document"].startswith("08_MSA_Amendment_No1")
    assert "deleted in its entirety and replaced" in supersession["change"]["quote"]
    (old,) = supersession["history"]
    assert old["value"] == "USD 2,000,000"
    assert old["documents"] == ["07_Master_Services_Agreement_Halcyon_Northgate.pdf"]
    cited = {e["evidence_id"] for e in data["evidence"]}
    assert set(old["evidence_ids"]) <= cited and set(supersession["evidence_ids"]) <= cited

    text = render_answer(answer)
    assert "In force: USD 5,000,000 [" in text
    assert "amends, No. 1, effective 2023-03-01" in text
    assert "“Section 9.2 of the Agreement is hereby deleted in its entirety" in text
    assert "replaced: USD 2,000,000 [" in text
    assert "in 07_Master_Services_Agreement_Halcyon_Northgate.pdf (2021-09-01)" in text


@pytest.mark.slow
def test_each_stated_relation_is_bound_to_the_exact_earlier_agreement(
    data_room_kb: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """`evrag docs` and GET /documents list what each document states it does to an earlier
    agreement, and the document that agreement is; minutes that approve an amendment state
    no relation of their own."""
    from app import Runtime, Settings
    from app.cli import main

    with Runtime.open(Settings(data_dir=data_room_kb.data_dir)) as runtime:
        names = {d.document_id: d.name for d in runtime.catalog.list_documents(data_room_kb.kb)}
        relations = runtime.documents.relations(data_room_kb.kb)
    bound = {
        names[doc]: [(r["relation"], [names[t] for t in r["target_documents"]]) for r in rs]
        for doc, rs in relations.items()
        if any(r["target_type"] for r in rs)
    }
    msa = "07_Master_Services_Agreement_Halcyon_Northgate.pdf"
    manufacturing = "20_Manufacturing_Agreement_Brightline_Halcyon.pdf"
    assert bound["08_MSA_Amendment_No1_Halcyon_Northgate.pdf"] == [("amends", [msa])]
    assert bound["19_MSA_Amendment_No2_Halcyon_Northgate.pdf"] == [("amends", [msa])]
    restated = "21_Amended_and_Restated_Manufacturing_Agreement_Brightline_Halcyon.pdf"
    assert bound[restated] == [("amended_and_restated", [manufacturing])]
    assert not any(name.startswith("06_Board_Minutes") for name in bound)
    (doc_id,) = [i for i, n in names.items() if n == restated]

    # `evrag docs --json`: the row names the agreement's document by id and name
    data_dir = str(data_room_kb.data_dir)
    assert main(["--data-dir", data_dir, "docs", "--kb", data_room_kb.kb, "--json"]) == 0
    (row,) = [r for r in json.loads(capsys.readouterr().out) if r["document_id"] == doc_id]
    assert row["relations"][0]["target_documents"] == [
        {
            "document_id": next(i for i, n in names.items() if n == manufacturing),
            "name": manufacturing,
        }
    ]
    # `evrag docs`: the document's line ends with the relation's note
    assert main(["--data-dir", data_dir, "docs", "--kb", data_room_kb.kb]) == 0
    (line,) = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith(doc_id[:12])]
    assert restated in line
    assert line.endswith(
        f"  [amended_and_restated Manufacturing Agreement of 2022-05-02: {manufacturing}]"
    )
