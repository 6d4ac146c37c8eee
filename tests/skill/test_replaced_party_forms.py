"""Issue 33: a replaced party is refused whatever its form. The classes bench/question_variants'
replaced-party forms found answered on its development half, each over generated names and
question forms, read with the knowledge base's names (the gate refuses any name it does not
hold, so a name kept among the parties is a refusal):

- one side of a pair written joined before a title ("the Zorblax-GAINSCO Sponsorship
  Agreement", "the Stallings/GAIqSCO ...") a name the knowledge base does not know: the
  open reading kept only the known side, and the agreement was answered;
- an unknown name after capitalised words that never open a name ("with American
  Quillmere", "Does The Riqht Solution have ..."): the words hid the slot before them;
- a word that never opens a name on its own but opens a known one ("Arkansas" of Arkansas
  Western Pipeline Company) as the party an agreement is "with".
"""

from __future__ import annotations

import itertools

import pytest

from skill import QuestionReader
from skill.linking import name_key

# (the knowledge base's two parties of one agreement, the agreement's title)
_AGREEMENTS = [
    (("GAINSCO, INC.", "Stallings Capital Group Consultants, Ltd."), "Sponsorship Agreement"),
    (("Halcyon Robotics, Inc.", "Northgate Logistics LLC"), "Master Services Agreement"),
    (("Ingram Micro Inc.", "NETGEAR, Inc."), "Amendment #2 To The Distribution Agreement"),
]
_OTHERS = ["Keel Street Capital LLC", "Cardlytics, Inc.", "Bank of America, N.A."]


def _reader(a: str, b: str) -> QuestionReader:
    return QuestionReader([a, b, *_OTHERS])


def _short(name: str) -> str:
    return name.split()[0].rstrip(",")


def _near_miss(word: str) -> str:
    """One letter of the word changed ("GAINSCO" -> "GAIqSCO")."""
    i = len(word) // 2
    return word[:i] + ("q" if word[i].lower() != "q" else "z") + word[i + 1 :]


def _unknowns(name: str) -> list[str]:
    return ["Zorblax", _near_miss(_short(name)), "Brandovar"]


_JOINED = [
    "Is the {x}{j}{y} {t} governed by the laws of Delaware?",
    "What is the governing law of the {x}{j}{y} {t}?",
    "Does the {x}{j}{y} {t} restrict assignment?",
]


def _has(parties: list[str], name: str) -> bool:
    return any(name_key(name) == name_key(p) or name.lower() in p.lower() for p in parties)


@pytest.mark.parametrize(
    ("agreement", "form", "joiner"),
    [
        pytest.param(g, f, j, id=f"{_short(g[0][0])}-{k}-{j.strip() or 'sp'}")
        for (g, (k, f)), j in itertools.product(
            itertools.product(_AGREEMENTS, enumerate(_JOINED)), ("-", "/")
        )
    ],
)
def test_an_unknown_side_of_a_joined_pair_is_a_party(
    agreement: tuple[tuple[str, str], str], form: str, joiner: str
) -> None:
    (a, b), title = agreement
    reader = _reader(a, b)
    kept = reader.read(form.format(x=_short(a), j=joiner, y=_short(b), t=title)).parties
    assert [p.lower() for p in kept] == [_short(a).lower(), _short(b).lower()]
    for known, other in ((a, b), (b, a)):
        for unknown, (x, y) in (
            (u, xy) for u in _unknowns(other) for xy in ((_short(known), u), (u, _short(known)))
        ):
            question = form.format(x=x, j=joiner, y=y, t=title)
            parties = reader.read(question).parties
            assert _has(parties, unknown) and _has(parties, _short(known)), (question, parties)


@pytest.mark.parametrize("title", ["Co-Branding Agreement", "Non-Exclusive License Agreement"])
def test_a_hyphenated_title_word_beside_a_known_name_is_no_party(title: str) -> None:
    reader = _reader("GAINSCO, INC.", "Stallings Capital Group Consultants, Ltd.")
    question = f"Is the Stallings {title} with GAINSCO governed by the laws of Delaware?"
    words = {w.lower() for w in title.replace("-", " ").split()} | {title.split()[0].lower()}
    parties = reader.read(question).parties
    assert not any(w in words for p in parties for w in p.lower().replace("-", " ").split()), (
        question,
        parties,
    )


# capitalised words that never open a name (vocabulary.yaml never_names), written first
_LEADS = ["American", "United", "The", "National"]
_LEAD_FORMS = [
    "Does {a}'s {t} with {n} have a non-compete?",
    "Does {n} have the right to terminate the {t} with {a}?",
    "What is the term of the {t} that {a} signed with {n}?",
    "Is {a}'s {t} with {n} governed by New York law?",
]


@pytest.mark.parametrize(
    ("agreement", "form"),
    [
        pytest.param(g, f, id=f"{_short(g[0][0])}-{k}")
        for g, (k, f) in itertools.product(_AGREEMENTS, enumerate(_LEAD_FORMS))
    ],
)
def test_an_unknown_name_after_never_a_name_words_is_a_party(
    agreement: tuple[tuple[str, str], str], form: str
) -> None:
    (a, b), title = agreement
    reader = _reader(a, b)
    for lead, unknown in itertools.product(_LEADS, ["Quillmere", _near_miss(_short(b))]):
        question = form.format(a=_short(a), t=title, n=f"{lead} {unknown}")
        parties = reader.read(question).parties
        assert any(unknown in p for p in parties), (question, parties)
    # the party itself, in the same slot, is read as before
    question = form.format(a=_short(a), t=title, n=_short(b))
    assert _has(reader.read(question).parties, _short(b)), question


# (a known name opening with a word that never opens a name alone, that word)
_PLACE_OPENED = [
    ("Arkansas Western Pipeline Company", "Arkansas"),
    ("American Water Works Company, Inc.", "American"),
    ("Delaware Trust Holdings LLC", "Delaware"),
]


@pytest.mark.parametrize(("known", "word"), _PLACE_OPENED)
def test_a_word_opening_a_known_name_is_the_party_an_agreement_is_with(
    known: str, word: str
) -> None:
    reader = QuestionReader([known, "Hydrospin USA, Inc.", *_OTHERS])
    for form in [*_LEAD_FORMS[:1], "Does the Exclusive Distributor Agreement with {n} renew?"]:
        question = form.format(a="Hydrospin", t="Exclusive Distributor Agreement", n=word)
        assert word in reader.read(question).parties, question
    # not where the agreement is with no name: a qualifier, a pronoun's party, the law
    for question in (
        "Does Hydrospin's Exclusive Distributor Agreement with respect to Canada renew?",
        f"Is Hydrospin's Exclusive Distributor Agreement governed by {word} law?",
    ):
        assert word not in reader.read(question).parties, question
