"""Exact copies end to end: ingestion records a content key, the runtime groups documents by
it, the skill searches the first one ingested and lists the others on each evidence unit.

Real pipeline (parser, extractor, packaged model, embedded store, SQLite catalog) on a few
data-room PDFs. An exact copy is the same PDF saved again with one unused metadata field
changed (other bytes, other id, same text); a near copy has one more printed line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pymupdf
import pytest

from api._runtime import Runtime
from retrieval import Settings
from skill import render_answer
from skill._answer import Answer, DocumentCopy
from tests.test_cli import evrag

QUESTION = "Where is Halcyon Robotics, Inc. incorporated?"
CERTIFICATE = "01_Certificate_of_Incorporation.pdf"
BYLAWS = "02_Bylaws_Excerpt.pdf"

pytestmark = pytest.mark.slow


# -- documents ---------------------------------------------------------------------------


def _pick(data_room: list[Path], name: str) -> Path:
    (path,) = [p for p in data_room if p.name == name]
    return path


def exact_copy(source: Path, target: Path, keywords: str) -> Path:
    """The same pages saved again with another keywords field (the parser reads no
    metadata): other bytes, the same text at the same places."""
    doc = pymupdf.open(source)
    metadata = dict(doc.metadata or {})
    metadata["keywords"] = keywords
    doc.set_metadata(metadata)
    target.write_bytes(doc.tobytes())
    assert target.read_bytes() != source.read_bytes()
    return target


def near_copy(source: Path, target: Path) -> Path:
    """The same document with one more line printed on its last page."""
    doc = pymupdf.open(source)
    page = doc[-1]
    page.insert_text(
        (72, page.rect.height - 160),
        "Copy reviewed by counsel; no changes since filing.",
        fontsize=11,
    )
    target.write_bytes(doc.tobytes())
    return target


def _open(data_dir: Path) -> Runtime:
    return Runtime.open(Settings(data_dir=data_dir))


def _ingest(runtime: Runtime, kb: str, *paths: Path) -> list[str]:
    """Ingest one document per run, in order (the order defines "first ingested")."""
    ids: list[str] = []
    for path in paths:
        report = runtime.ingestor.run(kb, [path])
        (outcome,) = report.documents
        assert outcome.status == "committed", (path.name, outcome)
        ids.append(outcome.document_id)
    return ids


def _key(runtime: Runtime, kb: str, document_id: str) -> str:
    entry = runtime.catalog.get_document(kb, document_id)
    assert entry is not None
    return str(entry.details["content_key"])


def _without_copies(answer: Answer) -> str:
    units = [u.model_copy(update={"also_in": []}) for u in answer.evidence]
    return answer.model_copy(update={"evidence": units}).to_json()


def _cited(answer: Answer) -> set[str]:
    return {u.source_location.document_id for u in answer.evidence}


# -- one shared data dir -----------------------------------------------------------------


@dataclass(frozen=True)
class Room:
    runtime: Runtime
    certificate: Path
    copy: Path
    near: Path
    original_id: str  # the certificate, in every KB
    copy_id: str
    near_id: str


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory, data_room: list[Path]) -> Iterator[Room]:
    """KBs "solo" {certificate, bylaws}, "pair" {certificate, bylaws, exact copy} and "near"
    {certificate, bylaws, near copy}, in one data dir (read-only for the tests)."""
    work = tmp_path_factory.mktemp("copies")
    certificate = _pick(data_room, CERTIFICATE)
    bylaws = _pick(data_room, BYLAWS)
    copy = exact_copy(certificate, work / "Certificate_saved_again.pdf", "saved again")
    near = near_copy(certificate, work / "Certificate_reviewed.pdf")
    runtime = _open(work / "evrag")
    try:
        original_id, _ = _ingest(runtime, "solo", certificate, bylaws)
        _, _, copy_id = _ingest(runtime, "pair", certificate, bylaws, copy)
        _, _, near_id = _ingest(runtime, "near", certificate, bylaws, near)
        yield Room(runtime, certificate, copy, near, original_id, copy_id, near_id)
    finally:
        runtime.close()


# -- content keys ------------------------------------------------------------------------


def test_copies_have_other_ids(room: Room) -> None:
    ids = {room.original_id, room.copy_id, room.near_id}
    assert len(ids) == 3


def test_exact_copy_has_the_originals_key(room: Room) -> None:
    rt = room.runtime
    assert _key(rt, "pair", room.copy_id) == _key(rt, "pair", room.original_id)


def test_exact_copy_alone_has_the_originals_key(tmp_path: Path, room: Room) -> None:
    """Each in a KB of its own: the key leaves out the id, the name and the metadata
    bytes, so it is the original's."""
    with _open(tmp_path / "evrag") as rt:
        (copy_id,) = _ingest(rt, "copy-alone", room.copy)
        assert _key(rt, "copy-alone", copy_id) == _key(room.runtime, "solo", room.original_id)


def test_near_copy_has_another_key(room: Room) -> None:
    rt = room.runtime
    assert _key(rt, "near", room.near_id) != _key(rt, "near", room.original_id)
    assert _key(rt, "near", room.original_id) == _key(rt, "solo", room.original_id)


# -- folding -----------------------------------------------------------------------------


def test_copy_folds_into_the_original(room: Room) -> None:
    rt = room.runtime
    solo = rt.skill.ask("solo", QUESTION)
    folded = rt.skill.ask("pair", QUESTION)
    assert solo.terminal_state == "CONCLUDED" and solo.evidence
    # The copy changes nothing but the copies listed.
    assert _without_copies(folded) == solo.to_json()
    assert room.copy_id not in _cited(folded)
    listed = [DocumentCopy(document=room.copy.name, document_id=room.copy_id)]
    on_original = [u for u in folded.evidence if u.source_location.document_id == room.original_id]
    assert on_original
    assert all(u.also_in == listed for u in on_original)
    assert all(u.also_in == [] for u in folded.evidence if u not in on_original)


def test_ask_json_is_deterministic(room: Room) -> None:
    rt = room.runtime
    first = rt.skill.ask("pair", QUESTION).to_json()
    assert rt.skill.ask("pair", QUESTION).to_json() == first
    assert '"also_in": [\n' in first  # the copy is listed (not an empty list)


def test_render_shows_the_copy(room: Room) -> None:
    rt = room.runtime
    text = render_answer(rt.skill.ask("pair", QUESTION))
    assert f"also in an exact copy (same text, same place): {room.copy.name}" in text
    assert "exact cop" not in render_answer(rt.skill.ask("solo", QUESTION))


def test_near_copy_is_not_folded(room: Room) -> None:
    answer = room.runtime.skill.ask("near", QUESTION)
    assert room.near_id in _cited(answer)
    assert room.original_id in _cited(answer)
    assert all(u.also_in == [] for u in answer.evidence)


# -- several copies, deletion ------------------------------------------------------------


def test_two_copies_listed_by_name_first_ingested_stands(tmp_path: Path, room: Room) -> None:
    # Names that sort before and after the original's; "zz" is ingested before "00".
    late = exact_copy(room.certificate, tmp_path / "zz_certificate.pdf", "zz")
    early = exact_copy(room.certificate, tmp_path / "00_certificate.pdf", "00")
    with _open(tmp_path / "evrag") as rt:
        original, zz, aa = _ingest(rt, "kb", room.certificate, late, early)
        answer = rt.skill.ask("kb", QUESTION)
        assert _cited(answer) == {original}
        expected = [
            DocumentCopy(document=early.name, document_id=aa),
            DocumentCopy(document=late.name, document_id=zz),
        ]
        assert all(u.also_in == expected for u in answer.evidence)
        assert "also in 2 exact copies (same text, same place): " in render_answer(answer)
    # `evrag docs` names the document each copy stands behind.
    listed = evrag("docs", "--kb", "kb", "--json", data_dir=tmp_path / "evrag")
    assert listed.returncode == 0, listed.stderr
    rows = {r["document_id"]: r for r in json.loads(listed.stdout)}
    assert [rows[i]["copy_of"] for i in (original, zz, aa)] == [None, original, original]
    text = evrag("docs", "--kb", "kb", data_dir=tmp_path / "evrag").stdout
    assert text.count(f"(exact copy of {room.certificate.name})") == 2


def test_deleting_the_original_makes_a_copy_stand(tmp_path: Path, room: Room) -> None:
    first = exact_copy(room.certificate, tmp_path / "b_certificate.pdf", "b")
    second = exact_copy(room.certificate, tmp_path / "a_certificate.pdf", "a")
    with _open(tmp_path / "evrag") as rt:
        original, b_id, a_id = _ingest(rt, "kb", room.certificate, first, second)
        before = rt.skill.ask("kb", QUESTION)
        assert _cited(before) == {original}

        rt.ingestor.delete_document("kb", original)
        answer = rt.skill.ask("kb", QUESTION)
        # The first copy ingested stands for the other, whatever their names.
        assert _cited(answer) == {b_id}
        assert all(
            u.also_in == [DocumentCopy(document=second.name, document_id=a_id)]
            for u in answer.evidence
        )
        # Same quotes at the same places, now cited from the copy.
        assert [_place(u) for u in answer.evidence] == [_place(u) for u in before.evidence]

        rt.ingestor.delete_document("kb", b_id)
        last = rt.skill.ask("kb", QUESTION)
        assert _cited(last) == {a_id}
        assert all(u.also_in == [] for u in last.evidence)


def _place(unit: object) -> tuple[object, ...]:
    loc = unit.source_location  # type: ignore[attr-defined]
    return (unit.quote, loc.page, loc.line_start, loc.line_end, loc.bbox)  # type: ignore[attr-defined]
