"""The CUAD topic bench's scoring (bench/cuad_topics.py): what a question is scored against."""

from __future__ import annotations

import pytest

from bench.cuad_topics import (
    _same_question_same_gold,
    cites_elsewhere,
    overlaps,
    pair_documents,
    score,
)


def _q(pdf: str, question: str, spans: list[str], kind: str = "topic") -> dict[str, object]:
    return {
        "pdf": pdf,
        "kind": kind,
        "topic": "renewal_term",
        "question": question,
        "asks": question.replace("B and A", "A and B"),
        "spans": spans,
        "train_spans": [],
        "laws": [],
    }


def test_one_question_asked_of_several_agreements_is_scored_against_all_of_them() -> None:
    """An agreement and its amendment named by the same parties get the same question: the
    answer cannot tell them apart, so each is scored against the spans of both."""
    same = "Does the agreement between A and B renew?"
    qs = [
        _q("base.pdf", same, ["renews for one year"]),
        _q("amendment.pdf", "Does the agreement between B and A renew?", []),
        _q("amendment.pdf", "Does the Amendment between A and B renew?", []),
        _q("base.pdf", same, [], kind="swapped"),
    ]
    out = _same_question_same_gold(qs)
    assert [q["spans"] for q in out] == [["renews for one year"], ["renews for one year"], [], []]
    assert qs[1]["spans"] == []  # the input is not changed


def test_a_short_span_is_matched_with_spaces_ignored() -> None:
    """CUAD's text splits words the PDF's does not ("20t h"): a short span is found whole in
    the quote, spaces ignored; a long one by a shared run of words."""
    quote = "THIS AGREEMENT is made and entered into this 20th day of December 2018 (the ..."
    assert overlaps(quote, "20t h day of December 2018")
    assert not overlaps(quote, "21st day of December 2018")
    long_span = "made and entered into this 20th day of December 2018 by and between"
    assert overlaps(quote, long_span)
    assert not overlaps(quote, "made and entered into as of the first day of March")


def _topic(
    topic: str, gold: list[str], train: list[str], rows: str = "clause"
) -> dict[str, object]:
    return {
        "pdf": "a.pdf",
        "split": "dev",
        "kind": "topic",
        "topic": topic,
        "question": f"{topic}?",
        "gold_columns": ["Col"] if gold else [],
        "spans": gold,
        "train_columns": [] if gold else ["Col"],
        "train_spans": train,
        "rows": rows,
        "laws": [],
    }


def _answer(quote: str, sufficient: bool) -> dict[str, object]:
    return {"sufficient": sufficient, "evidence": [{"quote": quote}] if quote else []}


def test_the_fourteen_topics_row_scores_each_topic_against_the_gold_it_has() -> None:
    """The issue's fourteen topics together: a topic with CUAD's column in the shared file
    against its spans, an acceptance-only topic against cuad-train's; the taxonomy's further
    topics are not among them."""
    clause = "The Agreement renews for successive one year terms unless either party objects."
    qs = [
        _topic("renewal_term", [clause], []),  # found
        _topic("exclusivity", [], ["Distributor shall be the only distributor appointed."]),
        _topic("audit_rights", [], []),  # cuad-train marks it absent: answered anyway
        _topic(
            "most_favored_nation",
            [],
            ["no less favorable terms than any other customer"],
            rows="taxonomy",
        ),
    ]
    results = [
        _answer(clause, True),
        _answer("", False),
        _answer("Either party may audit the books and records of the other.", True),
        _answer("", False),
    ]
    report = score(qs, results)["dev"]
    assert report["the 14 topics (either gold): right clause"] == "50.0% (1/2)"
    assert report["the 14 topics: from the wrong clause"] == "0.0% (0/2)"
    assert report["the 14 topics: answer where absent"] == "100.0% (1/1)"


def test_a_placeholder_counts_against_the_system_only_when_answered() -> None:
    """A placeholder where a name should be is refused either as a question error or, when
    the word is some agreement's defined role ("the seller"), by the gate (SUBJECT_NOT_FOUND);
    a placeholder question answered any other way is what the row counts."""
    qs = [{**_topic("placeholder", [], []), "kind": "placeholder"} for _ in range(3)]
    results = [
        {"question_error": "it has a placeholder, '[Party]', where a name should be"},
        {"terminal_state": "SUBJECT_NOT_FOUND", "sufficient": False},
        {"terminal_state": "CONCLUDED", "sufficient": True},
    ]
    report = score(qs, results)["dev"]
    assert report["placeholders not refused"] == "1 of 3"
    assert report["placeholders refused as question errors"] == "1 of 3"


def test_a_no_where_the_clause_is_absent_is_not_an_affirmed_answer() -> None:
    """Where the gold marks the clause absent, "No — a non-exclusive licence" (CONTRADICTED)
    is the right answer: the affirmed row counts only the answers that are not a No; the
    answered row keeps counting both."""
    qs = [_topic("audit_rights", [], []) for _ in range(3)]
    no = {**_answer("a non-exclusive licence", True), "sufficiency": {"decision": "CONTRADICTED"}}
    yes = {**_answer("may audit the books", True), "sufficiency": {"decision": "SUPPORTED"}}
    report = score(qs, [no, yes, _answer("", False)])["dev"]
    assert report["the 14 topics: answer where absent"] == "66.7% (2/3)"
    assert report["the 14 topics: affirmed where absent (not a No)"] == "33.3% (1/3)"


def _cited(*documents: str) -> dict[str, object]:
    return {"evidence": [{"quote": "q", "source_location": {"document": d}} for d in documents]}


def test_evidence_from_a_document_of_other_parties_is_counted() -> None:
    """A question names two parties: their agreement and its amendments are its documents
    (every PDF CUAD annotates with both); a quote from any other document answers about
    another subject and is counted, one from their own amendment is not."""
    rows = [
        {"pdf": "base.pdf", "Parties (answer)": "Acme Corp; Beta LLC"},
        {"pdf": "amend.pdf", "Parties (answer)": "Beta LLC; Acme Corp; Gamma Inc."},
        {"pdf": "other.pdf", "Parties (answer)": "Acme Corp; Delta Ltd."},
    ]
    own = pair_documents(rows)
    acme_beta = [k for k, v in own.items() if "base.pdf" in v]
    assert len(acme_beta) == 1 and own[acme_beta[0]] == ["amend.pdf", "base.pdf"]
    q = {"pdf": "base.pdf", "own_documents": own[acme_beta[0]]}
    assert not cites_elsewhere(q, _cited("base.pdf", "amend.pdf"))
    assert cites_elsewhere(q, _cited("base.pdf", "other.pdf"))
    assert not cites_elsewhere({"pdf": "other.pdf"}, _cited("other.pdf"))
    assert not cites_elsewhere(q, {"evidence": []})


@pytest.mark.parametrize("term", ["Supplier", "Reseller", "Vendor"])
@pytest.mark.parametrize("reordered", [False, True])
def test_a_party_annotated_by_its_defined_term_is_the_party_the_term_defines(
    term: str, reordered: bool
) -> None:
    """CUAD writes a party by its defined term where the agreement leaves its name blank
    ('Supplier ("Supplier")'); another agreement with the same counterpart defines the term
    ('Cardlytics, ("Supplier")'): the pair is the same, so each may cite the other's document,
    and never a third pair's."""
    blank = ['Bank of America, N.A. ("Bank of America")', f'{term} ("{term}")']
    named = ['Bank of America, N.A. ("Bank of America")', f'Cardlytics, ("{term}")']
    if reordered:
        blank, named = blank[::-1], named[::-1]
    rows = [
        {"pdf": "blank.pdf", "Parties (answer)": "; ".join(blank)},
        {"pdf": "named.pdf", "Parties (answer)": "; ".join(named)},
        {"pdf": "other.pdf", "Parties (answer)": f'Bank of America, N.A.; Orbis Ltd. ("{term}x")'},
    ]
    own = pair_documents(rows)
    for pdf in ("blank.pdf", "named.pdf"):
        mine = [v for v in own.values() if pdf in v]
        assert mine and all(v == ["blank.pdf", "named.pdf"] for v in mine), (pdf, own)
        q = {"pdf": pdf, "own_documents": mine[0]}
        assert not cites_elsewhere(q, _cited("blank.pdf", "named.pdf"))
        assert cites_elsewhere(q, _cited("other.pdf"))
