"""Another's exclusivity (issue 34): "where Hydraspin is bound to an exclusive distributor
agreement with a third party" says nothing of the parties' own exclusivity (it had read as a
grant, or negated by the clause around it as a denial); a grant of the parties' own beside it
still reads, and "the exclusive right to arrange for third party advertising" is a grant."""

from __future__ import annotations

import pytest

from tests.skill.claim_reading import holds


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Distributor shall not solicit customers in any territory where Hydraspin is bound "
            "to an exclusive distributor agreement with a third party.",
            None,
        ),
        ("Smith-Jones LLC is party to an exclusive supply arrangement with any third party.", None),
        (
            "acme grants o'brien & sons an exclusive license in the territory and shall not "
            "grant exclusive rights to any third party.",
            True,
        ),
        (
            "VerticalNet shall have the exclusive right to arrange for third party advertising.",
            True,
        ),
    ],
)
def test_exclusivity_with_others(sentence: str, expected: bool | None) -> None:
    assert holds("exclusive", sentence) is expected, sentence
