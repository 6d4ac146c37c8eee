"""A question about what is in force ("as amended", "the current ...") asks what every answer
gives: it parses as the plain question (issue 16)."""

from __future__ import annotations

import pytest

from skill._question import parse_question


@pytest.mark.parametrize(
    ("qualified", "plain"),
    [
        (
            "As amended, how long is each renewal term of the Northgate MSA?",
            "How long is each renewal term of the Northgate MSA?",
        ),
        (
            "What is the current governing law of the Northgate MSA?",
            "What is the governing law of the Northgate MSA?",
        ),
        (
            "Who is the current CEO of Acme Robotics, Inc.?",
            "Who is the CEO of Acme Robotics, Inc.?",
        ),
        (
            "Currently, what is the payment term of the Acme supply agreement?",
            "What is the payment term of the Acme supply agreement?",
        ),
    ],
)
def test_in_force_qualifiers_parse_as_the_plain_question(qualified: str, plain: str) -> None:
    a, b = parse_question(qualified), parse_question(plain)
    assert a.model_dump(exclude={"question"}) == b.model_dump(exclude={"question"})
