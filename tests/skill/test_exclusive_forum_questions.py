"""A question about an exclusive forum or remedy asks no exclusivity (session 35 review): "Is
Halcyon's MSA with Northgate subject to the exclusive jurisdiction of New York courts?" was read
as the exclusivity claim and answered "No" from an unrelated non-exclusive licence. The forum
words and the question forms are generated (parties, agreement words, places, lower case);
controls keep the exclusivity questions read."""

from __future__ import annotations

import itertools

import pytest

from skill import parse_subject, read_claim

_SUBJECT = parse_subject(
    {
        "type": "agreement",
        "document_type": "distribution_agreement",
        "attribute": "governing_law",
        "constraints": {"parties": ["Halcyon Systems, Inc.", "Northgate & Co."]},
    }
)
WHOSE = [
    "Halcyon's MSA with Northgate",
    "the Distribution Agreement",
    "the northgate & co. contract",
]
FORUMS = [
    "Is {w} subject to the exclusive jurisdiction of {p} courts?",
    "Do the courts of {p} have exclusive jurisdiction under {w}?",
    "Is jurisdiction exclusive in {p} under {w}?",
    "Is venue exclusive in {p} under {w}?",
    "Does {w} submit to the non-exclusive jurisdiction of the {p} courts?",
    "Is {p} the exclusive forum under {w}?",
    "Under {w}, is {p} the exclusive venue for disputes?",
]
PLACES = ["New York", "English", "Delaware"]


def _forum_questions() -> list[str]:
    out = []
    for (i, form), whose in itertools.product(enumerate(FORUMS), WHOSE):
        q = form.format(w=whose, p=PLACES[i % len(PLACES)])
        out.extend([q, q.lower()])
    return out


@pytest.mark.parametrize("question", _forum_questions())
def test_an_exclusive_forum_asks_no_exclusivity(question: str) -> None:
    read = read_claim(question, _SUBJECT)
    assert read is None or read.entry.name != "exclusive", question


CONTROLS = [
    "Is {w} exclusive?",
    "Does {w} grant an exclusive license?",
    "Is Northgate the exclusive distributor under {w}?",
    "Is {w} non-exclusive?",
    "Does {w} grant exclusivity in the territory?",
]


@pytest.mark.parametrize(
    "question",
    [
        q
        for f, w in itertools.product(CONTROLS, WHOSE)
        for q in (f.format(w=w), f.format(w=w).lower())
    ],
)
def test_exclusivity_itself_is_still_asked(question: str) -> None:
    read = read_claim(question, _SUBJECT)
    assert read is not None and read.entry.name == "exclusive", question
