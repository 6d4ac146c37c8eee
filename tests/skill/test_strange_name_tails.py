"""Issue 33, item 5 (session 34): a near miss of a party's name answered as the party.

- a known name's opening words in lower case (or its short name) that run on with a word of
  no legal English the name does not have ("between AstroNutrition.com and deep sqstems"
  where "deep systems" is known) were read as the opening words alone, and answered;
- a joined pair whose second name has a hyphen ("the Smaaash-I-qM Franchise Agreement" of
  I-AM Capital, "the Elephant-T-Moqile ... Agreement" of T-Mobile) lost the near-missed side.

Read with the knowledge base's names (the gate refuses any name it does not hold, so a name
kept among the parties is a refusal), over generated names, near misses and forms; the
parties' own names, short names and lower case still read as the parties.
"""

from __future__ import annotations

import itertools

import pytest

from skill import QuestionReader
from skill.linking import name_key

_NAMES = [
    ("AstroNutrition.com", "deep systems"),
    ("Halcyon Robotics, Inc.", "Brightwater Foods LLC"),
    ("Keel Street Capital LLC", "Vantor Networks, Inc."),
]
_OTHERS = ["Cardlytics, Inc.", "Northgate Logistics LLC"]


def _near_miss(word: str) -> str:
    i = len(word) // 2
    return word[:i] + ("q" if word[i].lower() != "q" else "z") + word[i + 1 :]


def _bare(name: str) -> str:
    return name.split(",")[0].removesuffix(" Inc.").removesuffix(" LLC")


def _has(parties: list[str], name: str) -> bool:
    return any(name_key(name) == name_key(p) for p in parties)


_FORMS = [
    "What is the governing law of the deal between {a} and {b}?",
    "Is the Supply Agreement between {a} and {b} governed by the laws of Delaware?",
    "Does {a}'s Supply Agreement with {b} have a non-compete?",
    "summarize the governing law of the supply agreement between {a} and {b}.",
]


def _missed(name: str) -> str:
    """The name with a letter changed in its last word ("deep sqstems")."""
    words = _bare(name).split()
    return " ".join([*words[:-1], _near_miss(words[-1])])


@pytest.mark.parametrize(
    ("pair", "form", "lower"),
    [
        pytest.param(p, f, low, id=f"{p[1].split()[0]}-{k}-{low}")
        for p, (k, f), low in itertools.product(_NAMES, enumerate(_FORMS), (True, False))
        if k % 2 == (0 if low else 1) or p[1].islower()
    ],
)
def test_a_near_miss_in_a_names_later_word_is_kept_whole(
    pair: tuple[str, str], form: str, lower: bool
) -> None:
    a, b = pair
    reader = QuestionReader([a, b, *_OTHERS])
    written = _missed(b).lower() if lower else _missed(b)
    question = form.format(a=_bare(a), b=written)
    parties = reader.read(question).parties
    # the whole written name is a party (refused by the gate), never its opening words alone
    assert any(written.lower() == p.lower() for p in parties), (question, parties)
    assert not _has(parties, b) and not _has(parties, _bare(b).split()[0]), (question, parties)


@pytest.mark.parametrize(("pair", "form"), itertools.product(_NAMES, _FORMS[:3]))
def test_the_parties_own_names_still_read(pair: tuple[str, str], form: str) -> None:
    a, b = pair
    reader = QuestionReader([a, b, *_OTHERS])
    for written in (_bare(b), _bare(b).lower()):
        parties = reader.read(form.format(a=_bare(a), b=written)).parties
        assert any(written.lower() == p.lower() for p in parties), (written, parties)
        assert len(parties) == 2, parties


_HYPHENED = [
    ("Smaaash Entertainment Private Limited", "I-AM Capital Acquisition Company"),
    ("Elephant Talk Communication Holding AG", "T-Mobile Netherlands B.V."),
    ("Halcyon Robotics, Inc.", "Coca-Cola Bottling Co."),
]
_JOINED = [
    "Is the {x}{j}{y} Master Franchise Agreement governed by the laws of Delaware?",
    "What is the governing law of the {x}{j}{y} Mobile Virtualnetwork Hosting Agreement?",
]


@pytest.mark.parametrize(
    ("pair", "form", "joiner"),
    [
        pytest.param(p, f, j, id=f"{p[1][:5]}-{k}-{j}")
        for p, (k, f), j in itertools.product(_HYPHENED, enumerate(_JOINED), "-/")
    ],
)
def test_a_near_miss_after_a_hyphen_in_a_joined_name_is_that_name(
    pair: tuple[str, str], form: str, joiner: str
) -> None:
    a, b = pair
    reader = QuestionReader([a, b, *_OTHERS])
    x = a.split()[0]
    head, tail = b.split()[0].split("-", 1)
    # the name as written: both parties, nothing else
    parties = reader.read(form.format(x=x, j=joiner, y=f"{head}-{tail}")).parties
    assert _has(parties, x) and any(p.startswith(f"{head}-{tail}") for p in parties), parties
    # a letter changed after the name's hyphen ("I-qM", "T-Moqile", "Coca-Coqa"): kept
    missed = f"{head}-{_near_miss(tail)}"
    parties = reader.read(form.format(x=x, j=joiner, y=missed)).parties
    # (whole, or its changed word a party of its own: the gate refuses either)
    assert any(_near_miss(tail) in p for p in parties), (missed, parties)


# --- the name's word in the other number is the name's word (review of variant34) ----------
def _other_number(word: str) -> str:
    """The word in the other number ("systems" -> "system", "technology" -> "technologies")."""
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("y"):
        return word[:-1] + "ies"
    return word[:-1] if word.endswith("s") else word + "s"


_NUMBERED = [
    ("AstroNutrition.com", "deep systems"),
    ("Halcyon Robotics, Inc.", "Northgate Logistics LLC"),
    ("Keel Street Capital LLC", "Vantor Technologies, Inc."),
    ("Cardlytics, Inc.", "Brightwater Foods LLC"),
]


@pytest.mark.parametrize(
    ("pair", "form"),
    [
        pytest.param(p, f, id=f"{p[1].split()[0]}-{k}")
        for i, p in enumerate(_NUMBERED)
        for k, f in enumerate(_FORMS)
        if (i + k) % 2 == 0
    ],
)
def test_a_names_word_in_the_other_number_is_the_name(pair: tuple[str, str], form: str) -> None:
    a, b = pair
    reader = QuestionReader([a, b, *_OTHERS])
    words = _bare(b).split()
    written = " ".join([*words[:-1], _other_number(words[-1])]).lower()
    parties = reader.read(form.format(a=_bare(a), b=written)).parties
    # the party's short name (its opening words), never an unknown name the gate refuses
    assert len(parties) == 2 and _has(parties, _bare(a)), (written, parties)
    assert not any(written == p.lower() for p in parties), (written, parties)
    assert any(words[0].lower() == p.lower() for p in parties), (written, parties)
    # a letter changed as well ("deep sqstem") is still a near miss, another name
    missed = _missed(" ".join([*words[:-1], _other_number(words[-1])])).lower()
    parties = reader.read(form.format(a=_bare(a), b=missed)).parties
    assert any(missed == p.lower() for p in parties), (missed, parties)
