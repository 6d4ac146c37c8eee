"""Issue 33, item 5: a party written in lower case in a question the grammar does not read
(the open reader) is a name, never dropped: the owner in the possessive before an agreement's
phrase ("under zorblax's supply agreement with globex, ..."), also before the title's words
in lower case ("zorblax's global supply agreement"), and the party the agreement is "with"
("... agreement with aviqns", "... agreement ( with aviqns"). Dropped, the question named
one known party only and was answered of that party's agreement: an unknown name, a near
miss of the party's name or another agreement's party must reach the gate, which refuses it;
the parties' own lower-case short names still resolve to both parties."""

from __future__ import annotations

import pytest

from domain import entity_key
from skill import EvidenceSkill, QuestionReader
from tests.skill.conftest import KB

# pairs of parties of one agreement, as a knowledge base writes them
_PAIRS = [
    ("Northgate Logistics, Inc.", "Keel Street Capital LLC"),
    ("Bravatek Solutions, Inc.", "Corvel Brands, Inc."),
    ("Amsterdam Federal Savings Bank", "Telcostar Pte. Ltd."),
]

# forms the grammar does not read, {o} the owner and {w} the party the agreement is with
_FORMS = [
    "under {o}'s supply agreement with {w}, who pays for shipping?",
    "what is the governing law of {o}'s supply agreement ( with {w}?",
    "in {o}'s global supply agreement with {w}, who pays for shipping?",
]


def _short(name: str) -> str:
    return name.split()[0].strip(",").lower()


def _near_miss(word: str) -> str:
    """A letter of the word changed (its third, to "q", or "x" where it is one)."""
    i = 2 if len(word) > 3 else 1
    return word[:i] + ("x" if word[i] == "q" else "q") + word[i + 1 :]


_OTHERS = ["Zorblax Industries, Inc.", "Quillmere Data Holdings, LLC"]


@pytest.fixture(scope="module")
def reader() -> QuestionReader:
    return QuestionReader([n for pair in _PAIRS for n in pair])


def _keys(parties: list[str]) -> list[str]:
    return sorted(entity_key(p) for p in parties)


@pytest.mark.parametrize("form", _FORMS)
@pytest.mark.parametrize("pair", _PAIRS, ids=[_short(a) for a, _ in _PAIRS])
def test_both_lower_case_short_names_are_the_parties(
    reader: QuestionReader, pair: tuple[str, str], form: str
) -> None:
    a, b = map(_short, pair)
    for o, w in ((a, b), (b, a)):
        question = form.format(o=o, w=w)
        assert _keys(reader.read(question).parties) == _keys([o, w]), question


def _absent(pair: tuple[str, str], i: int) -> list[tuple[str, str, str]]:
    """(owner, with, the name that is no party's) with one of the two replaced: by a near
    miss of its short name, by an unknown name, by another agreement's party."""
    a, b = map(_short, pair)
    other = _short(_PAIRS[(i + 1) % len(_PAIRS)][0])
    unknown = _short(_OTHERS[i % len(_OTHERS)])
    return [
        (_near_miss(a), b, _near_miss(a)),
        (a, _near_miss(b), _near_miss(b)),
        (unknown, b, unknown),
        (a, unknown, unknown),
        (a, other, other),
    ]


@pytest.mark.parametrize("form", _FORMS)
@pytest.mark.parametrize(
    ("owner", "with_", "stranger"),
    [case for i, pair in enumerate(_PAIRS) for case in _absent(pair, i)],
)
def test_a_replaced_lower_case_party_is_kept_for_the_gate(
    reader: QuestionReader, owner: str, with_: str, stranger: str, form: str
) -> None:
    question = form.format(o=owner, w=with_)
    parties = reader.read(question).parties
    assert entity_key(stranger) in [entity_key(p) for p in parties], (question, parties)


@pytest.mark.parametrize(
    "question",
    [
        "under the company's supply agreement with its affiliates, who pays for shipping?",
        "in each party's supply agreement with the distributor, who pays for shipping?",
    ],
)
def test_words_of_legal_english_there_name_no_party(reader: QuestionReader, question: str) -> None:
    assert reader.read(question).parties == [], question


@pytest.mark.parametrize(
    ("question", "found"),
    [
        ("under acme's master services agreement with globex, who is the supplier?", True),
        ("under globex's master services agreement ( with acme, who is the supplier?", True),
        ("under zorblax's master services agreement with globex, who is the supplier?", False),
        ("under acme's master services agreement with glqbex, who is the supplier?", False),
        ("under acme's master services agreement ( with zorblax, who is the supplier?", False),
        ("under acme's master services agreement with initech, who is the supplier?", False),
    ],
)
def test_the_skill_answers_the_parties_agreement_and_refuses_the_others(
    skill: EvidenceSkill, question: str, found: bool
) -> None:
    answer = skill.ask(KB, question)
    if found:
        assert answer.terminal_state != "SUBJECT_NOT_FOUND", answer.risk_signals
        assert {e.independence_group for e in answer.evidence} <= {"g-msa"}
    else:
        assert answer.terminal_state == "SUBJECT_NOT_FOUND", question
        assert answer.evidence == []


# another name of the first party a list names ("between A d/b/a B and C"): it ends before
# the list's "and", whose words after it are the next party's, never swallowed into it
_OTHER_LEADS = ["d/b/a", "DBA", "formerly known as", "f/k/a"]


@pytest.mark.parametrize("lead", _OTHER_LEADS)
@pytest.mark.parametrize("pair", _PAIRS, ids=[_short(a) for a, _ in _PAIRS])
def test_another_name_in_a_list_of_parties_ends_before_its_and(
    reader: QuestionReader, pair: tuple[str, str], lead: str
) -> None:
    a, b = pair
    for second in (b, _OTHERS[0]):
        question = f"What is the governing law of the deal between {a} {lead} West Coast Customs and {second}?"
        parties = reader.read(question).parties
        assert entity_key(second) in [entity_key(p) for p in parties], (question, parties)
        assert "West Coast Customs" not in " ".join(parties), (question, parties)


def test_another_name_with_and_inside_it_stays_whole_outside_a_list(
    reader: QuestionReader,
) -> None:
    a, b = _PAIRS[0]
    question = (
        f"What is the governing law of the deal between {a} and {b} d/b/a Procter and Gamble?"
    )
    parties = reader.read(question).parties
    assert _keys(parties) == _keys([a, b]), parties


# another name joined by "&" ("d/b/a Smith & Wesson"): "&" joins a firm's own names, never
# the list's parties, so the name stays whole and no party is made of its last words
_AMPERSAND_NAMES = ["Smith & Wesson", "Barnes & Noble Education", "Marsh & McLennan Agency"]


def _ampersand_forms(name: str) -> list[str]:
    """The name as written, and with "&" unspaced."""
    return [name, name.replace(" & ", "&")]


@pytest.mark.parametrize("lead", ["d/b/a", "DBA", "formerly known as"])
@pytest.mark.parametrize(
    "other",
    [form for name in _AMPERSAND_NAMES for form in _ampersand_forms(name)],
)
def test_an_ampersand_in_another_name_joins_no_list(
    reader: QuestionReader, other: str, lead: str
) -> None:
    a, b = _PAIRS[len(other) % len(_PAIRS)]
    tail = other.split("&")[-1].strip()
    for question, parties in (
        (f"What is the governing law of the agreement between {a} {lead} {other}?", [a]),
        (f"What is the governing law of the agreement between {a} {lead} {other} and {b}?", [a, b]),
        (f"What is the governing law of the agreement between {b} {lead} {other} and {a}?", [b, a]),
    ):
        read = reader.read(question).parties
        assert _keys(read) == _keys(parties), (question, read)
        assert entity_key(tail) not in [entity_key(p) for p in read], (question, read)


@pytest.mark.parametrize("lead", ["d/b/a", "f/k/a"])
def test_another_name_before_a_comma_list_keeps_the_list(reader: QuestionReader, lead: str) -> None:
    (a, b), (c, _) = _PAIRS[0], _PAIRS[1]
    for name in ("West Coast Customs", "Smith & Wesson"):
        question = f"What is the governing law of the deal between {a} {lead} {name}, {b} and {c}?"
        read = reader.read(question).parties
        assert _keys(read) == _keys([a, b, c]), (question, read)
