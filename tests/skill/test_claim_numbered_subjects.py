"""A section's number opening a sentence is no word of its subject (issue 34): "5.5 The
licenses granted in this Agreement shall not terminate for any reason" says the licenses do not
end (no right to terminate the agreement, nor a denial of one); the number had hidden the
subject, and the sentence answered "No" to whether a party may terminate without cause."""

from __future__ import annotations

import pytest

from tests.skill.claim_reading import holds


@pytest.mark.parametrize(
    "sentence",
    [
        "5.5 The licenses granted in this Agreement shall not terminate for any reason unless "
        "O'Brien & Sons terminates the applicable Schedule.",
        "(b) the licenses granted hereunder may not be terminated for any reason.",
    ],
)
def test_a_numbered_subject_is_still_read(sentence: str) -> None:
    assert holds("termination_without_cause", sentence, "Acme", ("O'Brien & Sons",)) is None


def test_a_long_number_is_read_in_linear_time() -> None:
    # nested repeats of digits took exponential time on a long run of them (0.4 s for 22
    # digits, four times more per two digits): sixty must return at once
    # digits (a word run into them is no section number either way: read as the short one)
    def sentence(digits: int) -> str:
        return "1." + "0" * digits + "a The licenses shall not terminate for any reason."

    short = holds("termination_without_cause", sentence(2), "Acme", ("Beta",))
    assert holds("termination_without_cause", sentence(60), "Acme", ("Beta",)) == short
