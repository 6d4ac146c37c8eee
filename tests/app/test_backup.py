"""`evrag export` and `evrag import`: a knowledge base of real PDFs (tests/pdfs.py) exported
while its data directory is held open (as a serving process holds it), imported into
another data directory under a new name, and the same questions answered byte for byte;
a corrupt archive, a taken name and another embedding model refused with exit 2, one line.
"""

from __future__ import annotations

import gzip
import io
import json
import tarfile
from pathlib import Path

import pytest

from app import Runtime, Settings
from app.cli import main
from tests.pdfs import clauses_pdf, contract_pdf

pytestmark = pytest.mark.slow

QUESTIONS = (
    "What is the governing law of the agreement between Acme Robotics, Inc. and "
    "Northwind Traders LLC?",
    "Who founded Acme Robotics, Inc.?",
    "Who is the supplier under the Master Supply Agreement?",
)


@pytest.fixture(scope="module")
def restored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """(source data dir with KB `deals`, archive, target data dir with KB `restored`)."""
    root = tmp_path_factory.mktemp("backup")
    source, target, archive = root / "source", root / "target", root / "deals.tar.gz"
    certificate = clauses_pdf(
        "OFFICER CERTIFICATE",
        [
            "Jane Smith is the founder and Chief Executive Officer of Acme Robotics, Inc.",
            "This certificate is dated June 1, 2022.",
        ],
    )
    notice = clauses_pdf(
        "NOTICE OF ASSIGNMENT",
        ["Northwind Traders LLC assigns its rights under the Master Supply Agreement."],
    )
    with Runtime.open(Settings(data_dir=source)) as rt:
        rt.create_kb("deals")
        report = rt.ingestor.run(
            "deals",
            [
                ("MSA_Acme_Northwind.pdf", contract_pdf()),
                ("Officers.pdf", certificate),
                ("Notice.pdf", notice),
            ],
        )
        assert [d.status for d in report.documents] == ["committed"] * 3
        # Exported while this process holds the data directory (and its store's lock).
        assert main(["--data-dir", str(source), "export", "--kb", "deals", str(archive)]) == 0
    assert main(["--data-dir", str(target), "import", str(archive), "--kb", "restored"]) == 0
    return source, archive, target


def _answers(data_dir: Path, kb: str) -> list[str]:
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        return [
            json.dumps(rt.skill.ask(kb, q).model_dump(mode="json"), sort_keys=True)
            for q in QUESTIONS
        ]


def test_the_restored_kb_answers_byte_for_byte(restored: tuple[Path, Path, Path]) -> None:
    source, _, target = restored
    before, after = _answers(source, "deals"), _answers(target, "restored")
    assert after == before
    assert '"New York"' in before[0] and '"Jane Smith"' in before[1]


def test_the_archive_holds_the_manifest_then_the_originals(
    restored: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    source, archive, target = restored
    with tarfile.open(archive) as tar:
        names = tar.getnames()
        manifest = json.loads(tar.extractfile("manifest.json").read())  # type: ignore[union-attr]
    assert names[0] == "manifest.json"
    assert [d["name"] for d in manifest["documents"]] == [
        "MSA_Acme_Northwind.pdf",
        "Officers.pdf",
        "Notice.pdf",
    ]
    assert names[1:] == [f"blobs/{d['sha256']}.pdf" for d in manifest["documents"]]
    assert manifest["format"] == "evrag-kb-archive" and manifest["version"] == 1
    assert manifest["embedding"] == manifest["settings"]["embedding"]
    assert not archive.with_name(archive.name + ".part").exists()
    # The same knowledge base exports to the same bytes; the restored one to an archive
    # naming the same documents with the same metadata.
    again = tmp_path / "again.tar.gz"
    assert main(["--data-dir", str(source), "export", "--kb", "deals", str(again)]) == 0
    assert again.read_bytes() == archive.read_bytes()
    copy = tmp_path / "copy.tar.gz"
    assert main(["--data-dir", str(target), "export", "--kb", "restored", str(copy)]) == 0
    with tarfile.open(copy) as tar:
        restored_manifest = json.loads(tar.extractfile("manifest.json").read())  # type: ignore[union-attr]
    assert restored_manifest["documents"] == manifest["documents"]


def _refusal(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("evrag: "), err
    return err


def _with_manifest(archive: Path, out: Path, **changes: object) -> Path:
    """A copy of `archive` whose manifest has `changes`."""
    buffer = io.BytesIO()
    with tarfile.open(archive) as src, tarfile.open(fileobj=buffer, mode="w") as dst:
        for member in src:
            data = src.extractfile(member).read()  # type: ignore[union-attr]
            if member.name == "manifest.json":
                data = json.dumps({**json.loads(data), **changes}).encode()
                member.size = len(data)
            dst.addfile(member, io.BytesIO(data))
    out.write_bytes(gzip.compress(buffer.getvalue()))
    return out


def test_bad_archives_and_a_taken_name_are_refused(
    restored: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, archive, target = restored
    data = archive.read_bytes()
    base = ["--data-dir", str(target), "import"]
    truncated = tmp_path / "truncated.tar.gz"
    truncated.write_bytes(data[: len(data) // 2])
    assert "not a readable archive" in _refusal(capsys, [*base, str(truncated), "--kb", "x"])
    garbage = tmp_path / "garbage.tar.gz"
    garbage.write_bytes(b"not an archive at all\n" * 100)
    assert "not a readable archive" in _refusal(capsys, [*base, str(garbage), "--kb", "x"])
    future = _with_manifest(archive, tmp_path / "future.tar.gz", version=2)
    assert "version 2 is not supported" in _refusal(capsys, [*base, str(future), "--kb", "x"])
    other_model = _with_manifest(
        archive, tmp_path / "model.tar.gz", embedding={"model": "another-model"}
    )
    assert "another-model" in _refusal(capsys, [*base, str(other_model), "--kb", "x"])
    assert "restored" in _refusal(capsys, [*base, str(archive), "--kb", "restored"])
    missing = tmp_path / "missing.tar.gz"
    assert "missing.tar.gz" in _refusal(capsys, [*base, str(missing), "--kb", "x"])
    with Runtime.open(Settings(data_dir=target)) as rt:
        assert [kb.name for kb in rt.catalog.list_kbs()] == ["restored"]
