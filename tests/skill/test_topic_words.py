"""A topic's words against a sentence's (skill.same_word, issue 34): one word however it is
inflected or derived, never a compound that begins with it nor a role's counterpart."""

from __future__ import annotations

import pytest

from skill import same_word

# (topic word, sentence word): the same thing said another way
_SAME = [
    ("renewal", "renew"),
    ("renewal", "renewed"),
    ("indemnification", "indemnify"),
    ("acquisition", "acquire"),
    ("destruction", "destroy"),
    ("maintenance", "maintain"),
    ("defense", "defend"),
    ("receipt", "receiving"),
    ("guarantee", "guaranty"),
    ("pay", "payments"),
    ("interest", "interests"),
    ("subsidiaries", "subsidiary"),
    ("expiration", "expiry"),
    ("confidentiality", "confidential"),
    ("termination", "terminate"),
    ("shareholders", "shareholder"),
]
# (topic word, sentence word): another thing
_OTHER = [
    ("shareholder", "share"),
    ("shareholders", "shares"),
    ("stockholder", "stock"),
    ("leaseholder", "lease"),
    ("termination", "term"),
    ("licensor", "licensee"),
    ("licensee", "licensor"),
    ("employee", "employer"),
    ("assignor", "assignee"),
    ("lessor", "lessee"),
    ("franchisor", "franchisee"),
]


@pytest.mark.parametrize(("topic", "word"), _SAME, ids=[f"{a}-{b}" for a, b in _SAME])
def test_one_word_however_written(topic: str, word: str) -> None:
    assert same_word(topic, word)
    assert same_word(topic, topic)


@pytest.mark.parametrize(("topic", "word"), _OTHER, ids=[f"{a}-{b}" for a, b in _OTHER])
def test_a_compound_or_a_counterpart_is_another_word(topic: str, word: str) -> None:
    assert not same_word(topic, word)
