"""The skill's process memos, and the one way to empty them.

Each memo is a pure function of text (a chunk's sentences, a name's pattern, a sentence's
values), so emptying them changes no answer: only the cost of the next question."""

from __future__ import annotations

from skill import _agreements, _claims, _extract, _integrity, _nli, _sentences, _units


def clear_caches() -> None:
    """Empty every memo the skill keeps for the whole process (a test runs the skill cold);
    the names' memos of `domain` are emptied by `domain.clear_caches`."""
    with _sentences._SENTENCES_LOCK:
        _sentences._SENTENCES.clear()
    for memo in (
        _integrity.name_regex,
        _extract.sentence_relevance,
        _extract._extract_values,
        _units._jurisdiction,
        _agreements._types_match,
        _claims.learned_sentences,
    ):
        memo.cache_clear()
    if _nli.nli_model.cache_info().currsize:
        _nli.nli_model().score_row.cache_clear()
