"""A value a sentence states after the candidate's name is the candidate's even where the
sentence speaks of someone else first, but only where the name opens an item of a list
("Board - Ana Ruiz - Chair - Ken Adeyemi - Director; Partner, Harbor Point"; the data room's
board list, pinned as dr-102 in tests/test_answers_pinned.py). In running prose the name
opens nothing, and the value stays the sentence's subject's. One real PDF through the real
pipeline."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

PROSE = "Ana Ruiz, who recruited Ken Adeyemi, is also a Partner at Harbor Point Capital."


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    minutes = clauses_pdf(
        "BOARD MINUTES",
        [
            "Ana Ruiz, Chief Executive Officer of Vantor Labs, Inc., chaired the meeting.",
            "Ken Adeyemi, a director of Vantor Labs, Inc., attended the meeting.",
            PROSE,
        ],
    )
    yield from ingested_runtime(tmp_path_factory, "list_items", [("minutes.pdf", minutes)])


def test_a_name_inside_prose_opens_no_list_item(runtime: Any) -> None:
    answer = runtime.skill.ask("kb", "What other affiliations does Ken Adeyemi have?")
    assert answer.terminal_state == "CONCLUDED"
    assert [v.value for v in answer.conclusion.values] == []
    rejected = {" ".join(r.quote.split()): r.reason for r in answer.rejected_evidence}
    assert rejected[PROSE] == "about Ana Ruiz, not Ken Adeyemi"
