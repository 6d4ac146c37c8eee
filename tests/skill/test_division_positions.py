"""Session 33 review, item 3: a segment written before its owner ("the Hand Tools division of
Acme Corp.") is read as the owner only where it stands as a party. The rewrite ran on any
question, and bare "unit" was a division word: "the price per unit of the Product" lost its
topic, "each unit of Common Stock" made an agreement question an entity's, "Which business
unit of Acme signed ..." lost "business unit", "Did Beta sell the Consumer Products Division of
Acme?" asked of a sale of Acme itself, and a known name with "Division of" in it ("Smith Barney
Division of Citigroup Global Markets Inc.") was cut to its owner's. Each over generated
parties (either order, short names, lower case) and the lexicon's division words; read with
the knowledge base's names, no knowledge base.
"""

from __future__ import annotations

import itertools

import pytest

from domain import lexicon
from skill import QuestionReader
from skill.linking import name_key

# (as the knowledge base knows it, as a question writes it)
_PARTIES = [
    ("Acme Tools Corp.", "Acme Tools Corp."),
    ("Beta Holdings, Inc.", "Beta Holdings"),
    ("Physician Sales & Service, Inc.", "Physician Sales & Service"),
    ("Northgate Logistics, Inc.", "Northgate"),
]
_PAIRS = list(itertools.permutations(_PARTIES, 2))
_SEGMENTS = ["Consumer Products", "Garden Equipment", "Surgical Supplies"]


def _reader(*extra: str) -> QuestionReader:
    return QuestionReader([known for known, _ in _PARTIES] + list(extra))


def _words(text: str) -> set[str]:
    return {w.strip("?,.'’").lower() for w in text.split()}


def _has(parties: list[str], name: str) -> bool:
    return any(name_key(name) == name_key(p) or name.lower() in p.lower() for p in parties)


# A measure, never a party: the determiner before "unit" ("per", "each", "a", "any") is what
# the question asks of; its words stay the question's
_MEASURES = [
    "What is the price {d} unit of the Product under the Supply Agreement between {x} and {y}?",
    "Is the purchase price {d} unit of Product fixed under the Supply Agreement between {x} "
    "and {y}?",
    "What is the fee {d} unit of Product under the Supply Agreement between {x} and {y}?",
]


@pytest.mark.parametrize(
    ("form", "determiner", "pair", "lower"),
    [
        pytest.param(f, d, p, low, id=f"{k}-{d}-{i}-{low}")
        for (k, f), d, (i, p), low in itertools.islice(
            itertools.product(
                enumerate(_MEASURES),
                ("per", "each", "a", "any"),
                enumerate(_PAIRS[:4]),
                (False, True),
            ),
            0,
            None,
            6,
        )
    ],
)
def test_a_unit_of_measure_keeps_its_words(
    form: str, determiner: str, pair: tuple[tuple[str, str], ...], lower: bool
) -> None:
    (_, x), (_, y) = pair
    question = form.format(d=determiner, x=x, y=y)
    question = question.lower() if lower else question
    subject = _reader().read(question)
    # the agreement of the pair, the measure's words in what it asks
    assert subject.type == "agreement", subject
    assert _has(subject.parties, x) and _has(subject.parties, y), subject.parties
    assert "unit" in _words(str(subject.constraints.get("topic", ""))), subject.constraints


# "each unit of Common Stock": a security's unit, the question about an agreement between the
# pair as before; never an entity's question about the class of stock
@pytest.mark.parametrize(
    ("party", "determiner"),
    [
        pytest.param(p, d, id=f"{p[1].split()[0]}-{d}")
        for p, d in itertools.product(_PARTIES[1:4], ("each", "per", "any"))
    ],
)
def test_a_unit_of_a_security_is_no_division(party: tuple[str, str], determiner: str) -> None:
    _, x = party
    reader = _reader()
    asked = reader.read(f"What does {determiner} unit of Common Stock entitle {x} to?")
    assert "unit" in _words(str(asked.constraints.get("topic", ""))), asked
    # read as the same question asked of a share
    share = reader.read(f"What does {determiner} share of Common Stock entitle {x} to?")
    assert (asked.type, asked.kind) == (share.type, share.kind), (asked, share)


# A segment asked of where no party stands: the object of an act, a question's own word
# before it ("which", "what"): its words stay the question's, its owner no party by it alone
_OBJECTS = [
    "Did {x} sell the {s} {w} of {y}?",
    "Has {x} acquired the {s} {w} of {y}?",
    "Did {x} agree to buy the {s} {w} of {y}?",
]


@pytest.mark.parametrize(
    ("form", "segment", "word", "pair", "lower"),
    [
        pytest.param(f, s, w, p, low, id=f"{k}-{s.split()[0]}-{w}-{i}-{low}")
        for (k, f), s, w, (i, p), low in itertools.islice(
            itertools.product(
                enumerate(_OBJECTS),
                _SEGMENTS,
                lexicon().question_division_words,
                enumerate(_PAIRS),
                (False, True),
            ),
            0,
            None,
            37,
        )
    ],
)
def test_a_division_asked_of_is_no_party(
    form: str, segment: str, word: str, pair: tuple[tuple[str, str], ...], lower: bool
) -> None:
    (_, x), (_, y) = pair
    question = form.format(x=x, y=y, s=segment, w=word)
    question = question.lower() if lower else question
    topic = _words(str(_reader().read(question).constraints.get("topic", "")))
    # the segment is what was sold: its words are the question's topic
    assert {w.lower() for w in segment.split()} <= topic, (question, topic)


@pytest.mark.parametrize(
    ("owner", "which"),
    [
        pytest.param(o, q, id=f"{o[1].split()[0]}-{q}")
        for o, q in itertools.product(_PARTIES[:3], ("Which", "What", "which"))
    ],
)
def test_which_business_unit_keeps_its_words(owner: tuple[str, str], which: str) -> None:
    _, written = owner
    other = next(w for _, w in _PARTIES if w != written)
    question = f"{which} business unit of {written} signed the Supply Agreement with {other}?"
    subject = _reader().read(question)
    assert {"business", "unit"} <= _words(str(subject.constraints.get("topic", ""))), subject


# A name the knowledge base holds that is written as a division of its owner: the whole
# name is the party, never its owner's
_KNOWN_DIVISIONS = [
    ("Smith Barney", "Citigroup Global Markets Inc."),
    ("Fox Licensing & Merchandising", "Fox Entertainment Group, Inc."),
]
_NAMED = [
    "What is the governing law of the agreement between {x} and {y}?",
    "Is the agreement between {x} and {y} governed by the laws of New York?",
    "Did {y} sign the agreement with {x}?",
]


@pytest.mark.parametrize(
    ("division", "form", "first", "lower"),
    [
        pytest.param(d, f, first, low, id=f"{d[0].split()[0]}-{k}-{first}-{low}")
        for d, (k, f), first, low in itertools.islice(
            itertools.product(_KNOWN_DIVISIONS, enumerate(_NAMED), (True, False), (False, True)),
            0,
            None,
            2,
        )
    ],
)
def test_a_known_name_with_a_division_word_stays_whole(
    division: tuple[str, str], form: str, first: bool, lower: bool
) -> None:
    segment, owner = division
    name = f"{segment} Division of {owner}"
    reader = _reader(name, owner)
    x, y = ("Northgate", name) if first else (name, "Northgate")
    question = form.format(x=x, y=y)
    parties = reader.read(question.lower() if lower else question)
    assert any(name_key(p) == name_key(name) for p in [*parties.parties, parties.name or ""]), (
        question,
        parties,
    )


# Where a segment stands as a party, it is still read as its owner: the subject of a yes/no
# question, an owner written possessive
_AS_PARTY = [
    "Did the {s} {w} of {y} sign the Supply Agreement with {x}?",
    "What is the governing law of the {s} {w} of {y}'s supply agreement with {x}?",
    "Does the Supply Agreement of {x} with the {s} {w} of {y} restrict assignment?",
]


@pytest.mark.parametrize(
    ("form", "segment", "word", "pair"),
    [
        pytest.param(f, s, w, p, id=f"{k}-{s.split()[0]}-{w}-{i}")
        for (k, f), s, w, (i, p) in itertools.islice(
            itertools.product(
                enumerate(_AS_PARTY),
                _SEGMENTS,
                lexicon().question_division_words,
                enumerate(_PAIRS),
            ),
            0,
            None,
            29,
        )
    ],
)
def test_a_division_as_a_party_is_its_owner(
    form: str, segment: str, word: str, pair: tuple[tuple[str, str], ...]
) -> None:
    (_, x), (_, y) = pair
    subject = _reader().read(form.format(x=x, y=y, s=segment, w=word))
    named = [*subject.parties, subject.name or ""]
    assert _has(named, y), subject
    assert not any(w.lower() in p.lower().split() for p in named for w in segment.split()), subject
