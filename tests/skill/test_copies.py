"""Exact copies end to end: ingestion records a content key, the runtime groups documents by
it, the skill searches the first by name and lists the others on each evidence unit.

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

from app import Runtime, Settings
from app.cli import main as cli_main
from skill import Answer, DocumentCopy, render_answer

QUESTION = "Where is Halcyon Robotics, Inc. incorporated?"
WHITAKER = "whitaker lane llp"
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
    """Ingest one document per run, in order (catalog order, and the independence group)."""
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


def test_two_copies_the_first_by_name_stands_whatever_the_order(
    tmp_path: Path, room: Room, capsys: pytest.CaptureFixture[str]
) -> None:
    # "zz" is ingested before "00"; the original's name sorts between them.
    late = exact_copy(room.certificate, tmp_path / "zz_certificate.pdf", "zz")
    early = exact_copy(room.certificate, tmp_path / "00_certificate.pdf", "00")
    with _open(tmp_path / "evrag") as rt:
        original, zz, aa = _ingest(rt, "kb", room.certificate, late, early)
        answer = rt.skill.ask("kb", QUESTION)
        assert _cited(answer) == {aa}
        expected = [
            DocumentCopy(document=room.certificate.name, document_id=original),
            DocumentCopy(document=late.name, document_id=zz),
        ]
        assert all(u.also_in == expected for u in answer.evidence)
        assert "also in 2 exact copies (same text, same place): " in render_answer(answer)
        # Another order of upload, the same evidence and conclusion (the independence
        # group is named after the first document ingested, so it alone differs).
        other = _ingest(rt, "kb2", early, late, room.certificate)
        assert other == [aa, zz, original]
        again = rt.skill.ask("kb2", QUESTION)
        assert _evidence(again) == _evidence(answer)
        assert again.conclusion == answer.conclusion
    # `evrag docs` names the document each copy stands behind.
    # (the CLI in this process: the command is the same, a child would only add its start)
    capsys.readouterr()
    assert cli_main(["--data-dir", str(tmp_path / "evrag"), "docs", "--kb", "kb", "--json"]) == 0
    rows = {r["document_id"]: r for r in json.loads(capsys.readouterr().out)}
    assert [rows[i]["copy_of"] for i in (original, zz, aa)] == [aa, aa, None]
    assert cli_main(["--data-dir", str(tmp_path / "evrag"), "docs", "--kb", "kb"]) == 0
    text = capsys.readouterr().out
    assert text.count(f"(exact copy of {early.name})") == 2


def test_deleting_the_standing_document_makes_the_next_copy_stand(
    tmp_path: Path, room: Room
) -> None:
    first = exact_copy(room.certificate, tmp_path / "b_certificate.pdf", "b")
    second = exact_copy(room.certificate, tmp_path / "a_certificate.pdf", "a")
    with _open(tmp_path / "evrag") as rt:
        original, b_id, a_id = _ingest(rt, "kb", room.certificate, first, second)
        before = rt.skill.ask("kb", QUESTION)
        assert _cited(before) == {original}  # "01_..." sorts before "a_..." and "b_..."

        rt.ingestor.delete_document("kb", original)
        answer = rt.skill.ask("kb", QUESTION)
        assert _cited(answer) == {a_id}
        assert all(
            u.also_in == [DocumentCopy(document=first.name, document_id=b_id)]
            for u in answer.evidence
        )
        # Same quotes at the same places, now cited from the copy.
        assert [_place(u) for u in answer.evidence] == [_place(u) for u in before.evidence]

        rt.ingestor.delete_document("kb", a_id)
        last = rt.skill.ask("kb", QUESTION)
        assert _cited(last) == {b_id}
        assert all(u.also_in == [] for u in last.evidence)


def test_deleted_and_ingested_again_answers_as_a_fresh_process(tmp_path: Path, room: Room) -> None:
    """The same bytes removed and ingested again keep their id but are a new catalog row
    (with a content key computed anew): a running runtime rereads, so its answer is the one
    a process started afterwards gives."""
    copy = exact_copy(room.certificate, tmp_path / "00_certificate.pdf", "00")
    with _open(tmp_path / "evrag") as rt:
        original, copy_id = _ingest(rt, "kb", room.certificate, copy)
        assert _cited(rt.skill.ask("kb", QUESTION)) == {copy_id}
        # Nothing asked in between: SQLite may give the new row the old row's seq.
        rt.ingestor.delete_document("kb", copy_id)
        renamed = tmp_path / "zz_certificate.pdf"
        renamed.write_bytes(copy.read_bytes())
        assert _ingest(rt, "kb", renamed) == [copy_id]
        running = rt.skill.ask("kb", QUESTION)
        assert _cited(running) == {original}  # "zz_..." now sorts after the original
        assert all(
            u.also_in == [DocumentCopy(document=renamed.name, document_id=copy_id)]
            for u in running.evidence
        )
    with _open(tmp_path / "evrag") as fresh:
        assert fresh.skill.ask("kb", QUESTION).to_json() == running.to_json()


def test_an_answer_changed_by_its_caller_changes_no_later_answer(room: Room) -> None:
    rt = room.runtime
    first = rt.skill.ask("pair", QUESTION)
    listed = [u for u in first.evidence if u.also_in]
    assert listed
    for u in listed:
        u.also_in.clear()
    again = rt.skill.ask("pair", QUESTION)
    assert all(
        u.also_in for u in again.evidence if u.source_location.document_id == room.original_id
    )


def test_copies_in_other_independence_groups_are_not_folded(tmp_path: Path, room: Room) -> None:
    copy = exact_copy(room.certificate, tmp_path / "Certificate_saved_again.pdf", "again")
    with _open(tmp_path / "evrag") as rt:
        original, copy_id = _ingest(rt, "kb", room.certificate, copy)
        assert _cited(rt.skill.ask("kb", QUESTION)) == {original}
        # Recorded again as another source (as two copies ingested side by side, each
        # seeing no committed near copy, would be): the engine counts it apart, so folding
        # it would hide a source.
        entry = rt.catalog.get_document("kb", copy_id)
        assert entry is not None
        rt.catalog.delete_document("kb", copy_id)  # the catalog row; its points stay
        rt.catalog.upsert_document_pending(
            "kb",
            copy_id,
            name=entry.name,
            stored_path=entry.stored_path,
            size_bytes=entry.size_bytes,
        )
        rt.catalog.mark_committed(
            "kb",
            copy_id,
            pages=entry.pages,
            document_type=entry.document_type,
            document_date=entry.document_date,
            title=entry.title,
            independence_group="grp-second-source",
            signature=entry.signature,
            details=dict(entry.details),
        )
        answer = rt.skill.ask("kb", QUESTION)
        assert _cited(answer) == {original, copy_id}
        assert all(u.also_in == [] for u in answer.evidence)


def test_a_copy_ingested_later_still_folds(
    tmp_path: Path, room: Room, data_room: list[Path]
) -> None:
    """Chunks are tagged with names bound by documents ingested before them, so an exact
    copy ingested after the board minutes (which bind Whitaker Lane LLP) tags a name its
    original does not. The content key leaves the tags out: it still folds."""
    minutes = _pick(data_room, "05_Board_Minutes_2021-06-15.pdf")
    copy = exact_copy(room.certificate, tmp_path / "zz_certificate.pdf", "later")
    with _open(tmp_path / "evrag") as rt:
        original, _, copy_id = _ingest(rt, "kb", room.certificate, minutes, copy)

        def tags(document_id: str) -> set[str]:
            return {k for c in rt.store.chunks_of("kb", document_id) for k in c.entity_keys}

        assert WHITAKER in tags(copy_id) - tags(original)
        assert _key(rt, "kb", copy_id) == _key(rt, "kb", original)
        assert dict(rt.documents.copies("kb")) == {original: (copy_id,)}
        answer = rt.skill.ask("kb", QUESTION)
        assert original in _cited(answer) and copy_id not in _cited(answer)
        assert all(
            u.also_in == [DocumentCopy(document=copy.name, document_id=copy_id)]
            for u in answer.evidence
            if u.source_location.document_id == original
        )


def test_a_document_with_a_page_not_extracted_is_never_folded(tmp_path: Path) -> None:
    """Two scans with the same typed cover and different image-only pages: the text read is
    the same, the documents are not. Without OCR, no content key, so no folding."""
    from ingest import PdfParser
    from tests.pdfs import append_image_page, contract_pdf

    cover = contract_pdf()
    lease = append_image_page(cover, ["LEASE OF PREMISES", "Rent: 12,000 per month"])
    resolution = append_image_page(cover, ["BOARD RESOLUTION", "Approved unanimously"])
    (tmp_path / "lease.pdf").write_bytes(lease)
    (tmp_path / "resolution.pdf").write_bytes(resolution)
    with _open(tmp_path / "evrag") as rt:
        rt.ingestor.parser = PdfParser(ocr="off")
        ids = _ingest(rt, "kb", tmp_path / "lease.pdf", tmp_path / "resolution.pdf")
        for document_id in ids:
            entry = rt.catalog.get_document("kb", document_id)
            assert entry is not None and "content_key" not in entry.details
        assert dict(rt.documents.copies("kb")) == {}


def _evidence(answer: Answer) -> list[tuple[object, ...]]:
    return [
        (u.evidence_id, u.value, u.quote, u.source_location, u.also_in) for u in answer.evidence
    ]


def _place(unit: object) -> tuple[object, ...]:
    loc = unit.source_location  # type: ignore[attr-defined]
    return (unit.quote, loc.page, loc.line_start, loc.line_end, loc.bbox)  # type: ignore[attr-defined]
