"""The packaged clause classifier: its model, its features, and what it assigns.

The sentences below were written for this test (no CUAD contract holds them): each states
one clause in ordinary contract language, so a model that learned the categories, not the
training texts, assigns them.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from domain import ChunkRecord, PageLines, candidate_category
from ingest import (
    CANDIDATE_MIN,
    CANDIDATES,
    CLAUSE_MODEL_DIR,
    ClauseClassifier,
    ClauseModelError,
    clause_category_slug,
    clause_features,
    clause_labels,
    clause_length,
    clause_model,
    short_masked,
)

STATES = {
    "governing_law": (
        "This Agreement shall be governed by and construed in accordance with the laws of "
        "the State of Oregon, without giving effect to its principles of conflicts of law."
    ),
    "cap_on_liability": (
        "In no event shall either party's aggregate liability arising out of this Agreement "
        "exceed the total fees paid by Buyer to Vendor during the twelve months preceding "
        "the claim."
    ),
    "anti_assignment": (
        "Neither party may assign or transfer this Agreement or any of its rights hereunder "
        "without the prior written consent of the other party."
    ),
    "insurance": (
        "Vendor shall maintain, at its own expense, commercial general liability insurance "
        "with limits of not less than $2,000,000 per occurrence."
    ),
    "audit_rights": (
        "Upon thirty days' notice, Licensor may audit the books and records of Licensee "
        "relating to the royalties payable under this Agreement."
    ),
    "renewal_term": (
        "Thereafter, this Agreement shall automatically renew for successive one-year terms "
        "unless either party gives notice of non-renewal."
    ),
}
NEUTRAL = (
    "The delivery trucks are painted blue and parked behind the warehouse on weekends.",
    "Section headings are for convenience of reference only.",
)


def test_the_packaged_model_has_all_41_categories_and_is_read_once() -> None:
    model = clause_model()
    assert model is clause_model()
    assert len(model.categories) == 41
    assert len(set(model.categories)) == 41
    assert "governing_law" in model.categories and "rofr_rofo_rofn" in model.categories
    assert all(0.3 <= t < 1.0 for t in model.thresholds.tolist())
    meta = json.loads((CLAUSE_MODEL_DIR / "model.json").read_text(encoding="utf-8"))
    assert meta["names"][model.categories.index("rofr_rofo_rofn")] == "Rofr/Rofo/Rofn"
    # The validation figures of training travel with the model (README quotes them).
    assert set(meta["validation"]) == set(model.categories)


def test_category_slugs() -> None:
    assert clause_category_slug("Rofr/Rofo/Rofn") == "rofr_rofo_rofn"
    assert clause_category_slug("Unlimited/All-You-Can-Eat-License") == (
        "unlimited_all_you_can_eat_license"
    )
    assert clause_category_slug("Notice Period To Terminate Renewal") == (
        "notice_period_to_terminate_renewal"
    )


def test_features_are_words_numbers_word_pairs_and_the_length() -> None:
    assert clause_features("Thirty (30) days' notice, 1,000.50 USD") == [
        "thirty", "#", "days", "notice", "#", "usd",
        "thirty #", "# days", "days notice", "notice #", "# usd",
        "~6",
    ]  # fmt: skip
    assert clause_features("LICENSOR:") == ["licensor", "~1"]
    assert clause_features("") == ["~0"]
    assert clause_length("Effective Date: January 1, 2019") == 5


def test_a_line_shorter_than_a_categorys_min_words_scores_0_for_it() -> None:
    model = clause_model()
    short = [c for c, m in zip(model.categories, model.min_words, strict=True) if m >= 2]
    assert short, "the trainer chose no minimum: the test has nothing to check"
    one_word = model.probabilities(["LICENSOR:", "Exclusivity."])
    for category in short:
        col = model.categories.index(category)
        assert (one_word[:, col] == 0).all(), category
    # The mask is the model's, recorded in model.json, and applied alike to every sentence.
    masked = short_masked(np.array([[0.9, 0.9], [0.9, 0.9]]), np.array([1, 5]), np.array([0, 3]))
    assert masked.tolist() == [[0.9, 0.0], [0.9, 0.9]]


@pytest.mark.parametrize("category", sorted(STATES))
def test_a_sentence_stating_a_clause_gets_its_category(category: str) -> None:
    model = clause_model()
    (scored,) = model.classify([STATES[category]])
    assert category in scored.categories, (category, scored)
    score = scored.scores[scored.categories.index(category)]
    assert 0.3 <= score <= 1.0


def test_sentences_of_no_clause_get_no_category_and_scores_are_stable() -> None:
    model = clause_model()
    assert [r.categories for r in model.classify(list(NEUTRAL))] == [(), ()]
    texts = [*STATES.values(), *NEUTRAL]
    first = model.probabilities(texts)
    # One at a time or in a batch, the same probabilities: no batch effect.
    alone = np.vstack([model.probabilities([t]) for t in texts])
    assert np.array_equal(first, alone)
    assert model.classify([]) == []


def test_chunk_labels_are_sentence_spans_with_their_categories() -> None:
    text = "\n".join([NEUTRAL[0], STATES["governing_law"], STATES["anti_assignment"]])
    labels = clause_labels(clause_model(), text)
    spans = {text[lab.start : lab.end]: lab.categories for lab in labels}
    assert "governing_law" in spans[STATES["governing_law"]]
    assert "anti_assignment" in spans[STATES["anti_assignment"]]
    assert NEUTRAL[0] not in spans
    chunk = ChunkRecord(
        chunk_id="c1",
        document_id="d" * 64,
        document_name="a.pdf",
        document_type="agreement",
        independence_group="g",
        text=text,
        pages=(PageLines(page=1, line_start=1, line_end=3),),
        char_start=0,
        char_end=len(text),
    )
    (labelled,) = clause_model().label_document([chunk])  # a document of one chunk
    assert [
        (lab.start, lab.end, tuple(c for c in lab.categories if not c.startswith("?")))
        for lab in labelled.clause_labels
    ] == [(lab.start, lab.end, lab.categories) for lab in labels]
    assert labelled.clause_categories == tuple(
        sorted({c for lab in labelled.clause_labels for c in lab.categories})
    )


def test_a_missing_or_mismatched_model_is_a_clear_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ClauseModelError, match="cannot read the clause model"):
        ClauseClassifier(tmp_path)
    meta = json.loads((CLAUSE_MODEL_DIR / "model.json").read_text(encoding="utf-8"))
    (tmp_path / "model.json").write_text(json.dumps(meta), encoding="utf-8")
    np.save(tmp_path / "weights.npy", np.zeros((3, 41), dtype=np.float16))
    with pytest.raises(ClauseModelError, match="expected"):
        ClauseClassifier(tmp_path)


def _chunk(text: str, start: int = 0, chunk_id: str = "c1") -> ChunkRecord:
    return ChunkRecord(
        chunk_id=chunk_id,
        document_id="d" * 64,
        document_name="a.pdf",
        document_type="agreement",
        independence_group="g",
        text=text,
        pages=(PageLines(page=1, line_start=1, line_end=text.count("\n") + 1),),
        char_start=start,
        char_end=start + len(text),
    )


def test_a_category_no_sentence_reaches_gets_its_best_sentences_as_candidates() -> None:
    """Per document: a category no sentence reaches its threshold has its best sentences of
    probability CANDIDATE_MIN or more (at most CANDIDATES) labelled "?<category>", filterable
    alike; a category some sentence reaches has none; a sentence two overlapping chunks
    share is labelled alike in both."""
    model = clause_model()
    sentences = [
        NEUTRAL[0],
        STATES["governing_law"],
        # states a non-compete; a candidate of exclusivity, under that category's threshold
        "Provider shall not, during the Term, provide similar services to any competitor of "
        "Client in the Territory.",
    ]
    text = "\n".join(sentences)
    cut = text.index(sentences[2])
    chunks = [_chunk(text[: len(text)]), _chunk(text[cut:], start=cut, chunk_id="c2")]
    labelled = model.label_document(chunks)
    probs = model.probabilities(sentences)
    col = {c: i for i, c in enumerate(model.categories)}
    reached = (probs >= model.thresholds).any(axis=0)
    expected: dict[str, set[str]] = {}
    for category, i in col.items():
        if reached[i]:
            continue
        best = sorted(
            (k for k in range(len(sentences)) if probs[k, i] >= CANDIDATE_MIN),
            key=lambda k: -probs[k, i],
        )[:CANDIDATES]
        for k in best:
            expected.setdefault(sentences[k], set()).add(candidate_category(category))
    got: dict[str, set[str]] = {}
    for chunk in labelled[:1]:
        for label in chunk.clause_labels:
            marks = {c for c in label.categories if c.startswith("?")}
            if marks:
                got[chunk.text[label.start : label.end]] = marks
    assert got == expected
    assert candidate_category("exclusivity") in got[sentences[2]]  # the case this test is for
    assert "?governing_law" not in {c for marks in got.values() for c in marks}
    assert "governing_law" in labelled[0].clause_categories
    # the shared sentence: the same labels in the chunk that holds it alone
    (alone,) = labelled[1].clause_labels
    (first,) = [label for label in labelled[0].clause_labels if label.start == cut]
    assert (alone.categories, alone.scores) == (first.categories, first.scores)
    assert candidate_category("exclusivity") in labelled[1].clause_categories


def test_a_line_with_no_word_of_letters_is_no_candidate() -> None:
    """A redaction mark, a table row of figures or a page number is never quoted as a
    candidate of a clause, however the model scores it (the packaged model scores "[***]" and
    "2019 | 20000" over CANDIDATE_MIN for categories no sentence here reaches)."""
    model = clause_model()
    lines = ["[***]", "2019 | 20000", "-4-"]
    sentences = [NEUTRAL[0], *lines]
    probs = model.probabilities(sentences)
    reached = (probs >= model.thresholds).any(axis=0)
    # the case this test is for: some line alone would be a candidate by its score
    assert any((probs[1:, ~reached] >= CANDIDATE_MIN).any(axis=1))
    text = "\n".join(sentences)
    (chunk,) = model.label_document([_chunk(text)])
    quoted = {chunk.text[label.start : label.end] for label in chunk.clause_labels}
    assert not quoted & set(lines)
