"""Document dates and types: the parser's own date of a document against a gold date.

- The shared CUAD contracts (../shared/data/cuad): the document date against CUAD's
  "Agreement Date" where CUAD gives a whole date (day, month and year), split by document
  into a development half and a held-out half (sha256 of the file name: first hex digit
  even = development). The baseline in the same run is the first date of the document.
- The sample data room (tests/data_room/gold_documents.jsonl): date and type of every PDF.
Misses are listed with the line the date was read from.

Run: `python -m bench.doc_dates`.
"""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
from pathlib import Path
from typing import Any

from domain import lexicon

ROOT = Path(__file__).resolve().parent.parent
CUAD = ROOT.parent / "shared" / "data" / "cuad"
ROOM_GOLD = ROOT / "tests" / "data_room" / "gold_documents.jsonl"


def cuad_date(answer: str) -> str | None:
    """CUAD's normalized 'M/D/YY' answer as ISO, or None when it is not a whole date."""
    m = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})", answer.strip())
    if not m:
        return None
    month, day, year = (int(g) for g in m.groups())
    if year < 100:
        year += 1900 if year > 30 else 2000
    return f"{year:04d}-{month:02d}-{day:02d}"


def split_of(name: str) -> str:
    """Development or held-out, by document: stable and independent of any answer."""
    return "dev" if int(hashlib.sha256(name.encode()).hexdigest()[0], 16) % 2 == 0 else "held-out"


def _parse(path: Path) -> Any:
    from ingest import PdfParser

    return PdfParser(ocr="off").run(path.read_bytes(), path.name)


_MONTHS = list(lexicon().months)  # the lexicon's month names, January first
_LONG_DATE = re.compile(r"\b(" + "|".join(_MONTHS) + r")\s+(\d{1,2}),?\s+(\d{4})\b", re.IGNORECASE)


def _first_date(doc: Any) -> str | None:
    """The baseline: the first "Month D, YYYY" of the document's first 8,000 characters."""
    text = " ".join(ln.text for ln in doc.lines if not ln.is_furniture)[:8000]
    m = _LONG_DATE.search(text)
    if not m:
        return None
    month = _MONTHS.index(m.group(1).lower()) + 1
    return f"{int(m.group(3)):04d}-{month:02d}-{int(m.group(2)):02d}"


def cuad() -> dict[str, list[int]]:
    rows = [json.loads(line) for line in (CUAD / "clauses.jsonl").open(encoding="utf-8")]
    tally: dict[str, list[int]] = {"dev": [0, 0, 0], "held-out": [0, 0, 0]}
    misses: list[str] = []
    for row in sorted(rows, key=lambda r: r["pdf"]):
        gold = cuad_date(row["Agreement Date (answer)"])
        if gold is None:
            continue
        doc = _parse(CUAD / "pdf" / row["pdf"])
        part = split_of(row["pdf"])
        tally[part][0] += 1
        tally[part][1] += doc.document_date == gold
        tally[part][2] += _first_date(doc) == gold
        if doc.document_date != gold:
            where = doc.date_statement
            misses.append(
                f"  [{part}] {row['pdf'][:70]}: gold {gold}, read {doc.document_date}"
                + (
                    f" ({where.basis}, p.{where.page} l.{where.line_no}: {where.quote[:70]!r})"
                    if where
                    else ""
                )
            )
    print("CUAD contracts with a whole Agreement Date\n")
    print("| part | contracts | document date right | first date (baseline) |")
    print("|---|---:|---:|---:|")
    total = [0, 0, 0]
    for part, (n, ok, base) in tally.items():
        total = [total[0] + n, total[1] + ok, total[2] + base]
        print(f"| {part} | {n} | {ok} ({ok / n:.1%}) | {base} ({base / n:.1%}) |")
    n, ok, base = total
    print(f"| all | {n} | {ok} ({ok / n:.1%}) | {base} ({base / n:.1%}) |")
    print("\nmisses:\n" + "\n".join(misses))
    return tally


def room() -> tuple[int, int, int]:
    from bench.data_room import build_data_room

    gold = {g["document"]: g for g in map(json.loads, ROOM_GOLD.open(encoding="utf-8"))}
    dates = types = 0
    print("\nthe data room\n")
    print("| document | type (gold) | date (gold) | from |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="evrag-dates-") as tmp:
        for path in build_data_room(Path(tmp)):
            doc = _parse(path)
            g = gold[path.name]
            dates += doc.document_date == g["document_date"]
            types += doc.document_type == g["document_type"]
            where = doc.date_statement
            print(
                f"| {path.name} | {doc.document_type} ({g['document_type']}) | "
                f"{doc.document_date} ({g['document_date']}) | "
                + (f"{where.basis} p.{where.page} l.{where.line_no}" if where else "-")
                + " |"
            )
    print(f"\ndates right {dates}/{len(gold)}, types right {types}/{len(gold)}")
    return dates, types, len(gold)


if __name__ == "__main__":
    if (CUAD / "clauses.jsonl").exists():
        cuad()
    room()
