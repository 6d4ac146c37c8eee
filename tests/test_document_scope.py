"""A question scoped to documents (issue 33, item 3): `documents` on the skill, the query API,
a batch line and `evrag ask --document`. Only the scoped documents are read, for the subject
as for the evidence; a question naming no subject asks about the scope's agreement; a scope
naming a document the knowledge base lacks is a 422 / exit 2 naming it.

Over the real data room (tests/conftest.py `data_room_kb`): the manufacturing agreement
(20_...) says Ohio, its amendment and restatement (21_...) says Michigan.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import IngestedKB

pytestmark = pytest.mark.slow

BASE = "20_Manufacturing_Agreement_Brightline_Halcyon.pdf"
RESTATED = "21_Amended_and_Restated_Manufacturing_Agreement_Brightline_Halcyon.pdf"
NAMED = "What is the governing law of the manufacturing agreement between Brightline and Halcyon?"


@pytest.fixture(scope="module")
def runtime(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield rt


def _ids(runtime: Any, kb: str) -> dict[str, str]:
    return {d.name: d.document_id for d in runtime.catalog.list_documents(kb)}


def _cited(answer: Any) -> set[str]:
    return {e.source_location.document for e in answer.evidence}


def test_a_question_naming_no_subject_asks_the_scoped_agreement(
    runtime: Any, data_room_kb: IngestedKB
) -> None:
    from skill import SubjectClassError

    kb, ask = data_room_kb.kb, runtime.skill.ask
    with pytest.raises(SubjectClassError, match="names no subject"):
        ask(kb, "What is the governing law?")
    for question in ("What is the governing law?", "what's the governing law of the agreement"):
        base = ask(kb, question, documents=[BASE])
        assert base.terminal_state == "CONCLUDED", base.to_json()
        assert "Ohio" in (base.conclusion.answer or "")
        assert _cited(base) == {BASE}
        restated = ask(kb, question, documents=[RESTATED])
        assert "Michigan" in (restated.conclusion.answer or "")
        assert _cited(restated) == {RESTATED}


def test_a_scope_chooses_the_evidence_of_a_named_subject(
    runtime: Any, data_room_kb: IngestedKB
) -> None:
    kb, ask = data_room_kb.kb, runtime.skill.ask
    whole = ask(kb, NAMED)
    assert "Michigan" in (whole.conclusion.answer or "")
    assert BASE in _cited(whole) or RESTATED in _cited(whole)
    only_base = ask(kb, NAMED, documents=[BASE])
    assert "Ohio" in (only_base.conclusion.answer or "")
    assert _cited(only_base) == {BASE}
    # the agreement is not among the scoped documents: its subject is not found there
    elsewhere = next(n for n in _ids(runtime, kb) if "Manufacturing" not in n)
    outside = ask(kb, NAMED, documents=[elsewhere])
    assert outside.terminal_state == "SUBJECT_NOT_FOUND"
    assert outside.evidence == []


def test_a_document_is_named_by_id_or_file_name_alike(
    runtime: Any, data_room_kb: IngestedKB
) -> None:
    kb, ask = data_room_kb.kb, runtime.skill.ask
    ids = _ids(runtime, kb)
    by_name = ask(kb, NAMED, documents=[BASE]).to_json()
    assert ask(kb, NAMED, documents=[ids[BASE]]).to_json() == by_name
    assert ask(kb, NAMED, documents=[BASE.upper()]).to_json() == by_name
    # the order and repetition of a scope do not matter
    both = ask(kb, NAMED, documents=[RESTATED, BASE]).to_json()
    assert ask(kb, NAMED, documents=[BASE, RESTATED, BASE]).to_json() == both


def test_a_scope_naming_no_document_is_refused_naming_it(
    runtime: Any, data_room_kb: IngestedKB
) -> None:
    from skill import DocumentScopeError

    kb, ask = data_room_kb.kb, runtime.skill.ask
    for scope in (["no-such.pdf"], [BASE, "no-such.pdf"], ["0" * 64]):
        with pytest.raises(DocumentScopeError) as caught:
            ask(kb, NAMED, documents=scope)
        assert caught.value.status == 422 and caught.value.code == "document_scope_error"
        assert caught.value.extra["documents"] == [s for s in scope if s != BASE]
    with pytest.raises(DocumentScopeError, match="empty"):
        ask(kb, NAMED, documents=[])


def test_the_api_and_a_batch_line_take_a_scope(runtime: Any, data_room_kb: IngestedKB) -> None:
    from fastapi.testclient import TestClient

    from api import ApiSettings, create_app
    from app import answer_item, parse_questions

    kb, rt = data_room_kb.kb, runtime
    limits = ApiSettings.model_validate({"admin_key": "scope-admin"})
    app = create_app(data_room_kb.settings(), limits, runtime=rt)
    with TestClient(app, headers={"Authorization": "Bearer scope-admin"}) as client:
        ok = client.post(
            f"/v1/kbs/{kb}/query",
            json={"question": "What is the governing law?", "documents": [BASE]},
        )
        assert ok.status_code == 200, ok.text
        assert "Ohio" in ok.json()["conclusion"]["answer"]
        bad = client.post(f"/v1/kbs/{kb}/query", json={"question": NAMED, "documents": ["x.pdf"]})
        assert bad.status_code == 422
        assert bad.json()["code"] == "document_scope_error"
        assert "x.pdf" in bad.text
        empty = client.post(f"/v1/kbs/{kb}/query", json={"question": NAMED, "documents": []})
        assert empty.status_code == 422
        items = parse_questions(
            "\n".join(
                json.dumps(line)
                for line in (
                    {"id": "a", "question": "What is the governing law?", "documents": BASE},
                    {"id": "b", "question": "What is the governing law?", "documents": ["x.pdf"]},
                )
            )
        )
        ok_line = answer_item(rt.skill, kb, items[0])
        assert ok_line[0] and "Ohio" in ok_line[1]["conclusion"]["answer"]
        failed, line = answer_item(rt.skill, kb, items[1])
        assert not failed and line["error"]["code"] == "document_scope_error"
        assert line["documents"] == ["x.pdf"]


@pytest.mark.parametrize("documents", [3, [], ["ok.pdf", 4], [""]])
def test_a_batch_line_with_a_malformed_scope_is_refused(documents: Any) -> None:
    from app import BatchFormatError, parse_questions

    line = json.dumps({"id": "q", "question": "What is the governing law?", "documents": documents})
    with pytest.raises(BatchFormatError, match="'documents'"):
        parse_questions(line)


def test_evrag_ask_takes_documents(data_room_kb: IngestedKB, tmp_path: Path, capsys: Any) -> None:
    from app.cli import main

    copy = data_room_kb.copy_to(tmp_path)
    base = ["--data-dir", str(copy.data_dir), "ask", "What is the governing law?"]
    code = main([*base, "--kb", data_room_kb.kb, "--document", BASE, "--json"])
    assert code == 0
    assert "Ohio" in json.loads(capsys.readouterr().out)["conclusion"]["answer"]
    assert main([*base, "--kb", data_room_kb.kb, "--document", "x.pdf"]) == 2
    assert "x.pdf" in capsys.readouterr().err
