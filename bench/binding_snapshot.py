"""Every binding, alias and document relation the extractor finds, as deterministic JSONL.

Used to check that a change to the binding rules preserves behaviour: run it before and
after and diff the files. It covers the generated data room, the shared CUAD PDFs and the
shared filings; no store and no embedding are involved (parser and extractor only), so a
run takes a few minutes, and parsed documents are cached (``--cache DIR``) for the next run.

    python -m bench.binding_snapshot OUT.jsonl [--cache DIR] [--no-filings]
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"


def _sources(tmp: Path, with_filings: bool) -> list[tuple[str, Path]]:
    from bench.data_room import build_data_room

    out = [("dataroom", p) for p in sorted(build_data_room(tmp / "room"))]
    out += [("cuad", p) for p in sorted((SHARED / "cuad" / "pdf").glob("*"))]
    if with_filings:
        out += [("filings", p) for p in sorted((SHARED / "financebench" / "pdfs").glob("*.pdf"))]
    return out


def _parsed(path: Path, cache: Path | None) -> Any:
    from ingest import PdfParser

    data = path.read_bytes()
    key = hashlib.sha256(data).hexdigest()
    hit = cache / f"{key}.pickle" if cache is not None else None
    if hit is not None and hit.exists():
        return pickle.loads(hit.read_bytes())
    doc = PdfParser().run(data, path.name)
    if hit is not None:
        hit.write_bytes(pickle.dumps(doc))
    return doc


def main(argv: list[str]) -> None:
    out = Path(argv[0])
    cache = Path(argv[argv.index("--cache") + 1]) if "--cache" in argv else None
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
    from ingest import BindingExtractor, PdfRejected

    extractor = BindingExtractor()
    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="evrag-binding-snapshot-") as tmp:
        for corpus, path in _sources(Path(tmp), "--no-filings" not in argv):
            try:
                doc = _parsed(path, cache)
            except PdfRejected as exc:
                lines.append(json.dumps({"doc": path.name, "rejected": str(exc.code)}))
                continue
            result = extractor.run(doc)
            head = {"corpus": corpus, "doc": path.name}
            for b in result.bindings:
                row = b.model_dump(mode="json")
                row.pop("id", None)
                lines.append(json.dumps({**head, "binding": row}, sort_keys=True))
            for a in result.aliases:
                lines.append(
                    json.dumps({**head, "alias": a.model_dump(mode="json")}, sort_keys=True)
                )
            for r in result.relations:
                lines.append(json.dumps({**head, "relation": repr(r)}, sort_keys=True))
    out.write_text("".join(line + "\n" for line in lines))
    print(f"{out}: {len(lines)} lines")


if __name__ == "__main__":
    main(sys.argv[1:])
