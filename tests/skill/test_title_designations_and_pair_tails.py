"""Issue 33, item 5: two classes of absent-subject variants bench/question_variants found
answered on cuad-train's ranks 121-150 (development), each over generated names and forms,
read with the knowledge base's names (the gate refuses any name it does not hold, so a name
kept among the parties is a refusal):

- a title that writes the instrument's designation after its agreement word ("the Endorsement
  Agreement Addendum I", "the Non-Competition Agreement Amendment No. 1"): the agreement's
  phrase was not read at all, so an unknown owner ("zorblax's ... with B") or a near miss
  after "with" was never a party;
- a near miss of a joined pair's second name in its later word ("the Lucent-mPhase
  Teqhnologies Co-Branding Agreement"): the word was read as the type's.
"""

from __future__ import annotations

import itertools

import pytest

from skill import QuestionReader
from skill.linking import name_key

# (two parties of one agreement, its title before the designation)
_AGREEMENTS = [
    (("Vivint Solar, Inc.", "Halcyon Robotics, Inc."), "Non-Competition Agreement"),
    (("National Football League Alumni, Inc.", "Northgate Logistics LLC"), "Endorsement Agreement"),
    (("mPhase Technologies, Inc.", "Lucent Technologies Inc."), "Co-Branding Agreement"),
]
_OTHERS = ["Keel Street Capital LLC", "Cardlytics, Inc."]
_DESIGNATIONS = ["Amendment No. 1", "Addendum I", "Supplement 2", "Amendment No. 3"]


def _bare(name: str) -> str:
    return name.split(",")[0].removesuffix(" Inc.").removesuffix(" LLC")


def _near_miss(word: str) -> str:
    i = len(word) // 2
    return word[:i] + ("q" if word[i].lower() != "q" else "z") + word[i + 1 :]


def _has(parties: list[str], name: str) -> bool:
    return any(name_key(name) == name_key(p) or name.lower() in p.lower() for p in parties)


_OWNED = [
    "What is the governing law of {x}'s {t} with {y}?",
    "what is the governing law of {x}'s {t} with {y}?",
    "Does {x}'s {t} with {y} have a non-compete?",
]


@pytest.mark.parametrize(
    ("agreement", "designation", "form"),
    [
        pytest.param(g, d, f, id=f"{g[1].split()[0]}-{d}-{k}")
        for g, d, (k, f) in itertools.product(_AGREEMENTS[:2], _DESIGNATIONS[:2], enumerate(_OWNED))
    ],
)
def test_a_designated_title_keeps_its_parties_slots(
    agreement: tuple[tuple[str, str], str], designation: str, form: str
) -> None:
    (a, b), title = agreement
    reader = QuestionReader([a, b, *_OTHERS])
    lower = form[:1].islower()
    full = f"{title} {designation}"

    def ask(x: str, y: str) -> list[str]:
        text = form.format(x=x, t=full, y=y)
        return reader.read(text.lower() if lower else text).parties

    # the parties themselves, as before
    assert _has(ask(_bare(a), _bare(b)), _bare(b))
    # an unknown owner, a near miss after "with": each kept, for the gate to refuse
    for x, y, unknown in (
        ("Zorblax", _bare(b), "Zorblax"),
        (_bare(a), _near_miss(_bare(b).split()[0]), _near_miss(_bare(b).split()[0])),
    ):
        parties = ask(x, y)
        assert _has(parties, unknown), (form, x, y, parties)


@pytest.mark.parametrize("designation", _DESIGNATIONS)
def test_a_designation_is_no_party(designation: str) -> None:
    for (a, b), title in _AGREEMENTS:
        reader = QuestionReader([a, b, *_OTHERS])
        for x, y in ((a, b), (_bare(b), _bare(a))):
            question = (
                f"What is the governing law of the {title} {designation} between {x} and {y}?"
            )
            parties = reader.read(question).parties
            assert _has(parties, _bare(x)) and _has(parties, _bare(y)), (question, parties)
            words = {w.lower() for w in designation.split()}
            assert not any(w in words for p in parties for w in p.lower().split()), parties


_JOINED = [
    "Is the {x}{j}{y} {t} governed by the laws of Delaware?",
    "What is the governing law of the {x}{j}{y} {t}?",
]


@pytest.mark.parametrize(
    ("form", "joiner"),
    [
        pytest.param(f, j, id=f"{k}-{j}")
        for (k, f), j in itertools.product(enumerate(_JOINED), "-/")
    ],
)
def test_a_near_miss_after_a_joined_pair_is_a_party(form: str, joiner: str) -> None:
    a, b = "Lucent Technologies Inc.", "mPhase Technologies, Inc."
    reader = QuestionReader([a, b, *_OTHERS])
    for title in ("Co-Branding Agreement", "Strategic Alliance Agreement", "supply agreement"):
        # the pair as people write it, with the second name whole or short: no other party
        for y in ("mPhase", "mPhase Technologies"):
            parties = reader.read(form.format(x="Lucent", j=joiner, y=y, t=title)).parties
            assert not any("Zorblax" in p or "Teq" in p for p in parties), (title, parties)
            assert _has(parties, "Lucent") and _has(parties, "mPhase"), (title, y, parties)
        # a letter changed in the second name's later word: that name is unknown
        for tail in ("Teqhnologies", "Tecqnologies"):
            question = form.format(x="Lucent", j=joiner, y=f"mPhase {tail}", t=title)
            parties = reader.read(question).parties
            assert any(tail in p for p in parties), (question, parties)


# agreement-type words the vocabulary lacks: after a joined pair they are the type's, never
# the second name's (no known name goes on with them)
_UNLISTED_TYPES = ["Cobranding", "Teaming", "Offtake", "Airtime", "Spinoff", "Webhosting"]


@pytest.mark.parametrize(
    ("word", "form"),
    [
        pytest.param(w, f, id=f"{w}-{k}")
        for (k, f), w in zip(itertools.cycle(enumerate(_JOINED)), _UNLISTED_TYPES, strict=False)
    ],
)
def test_an_unlisted_type_word_after_a_joined_pair_is_the_types(word: str, form: str) -> None:
    reader = QuestionReader(["Acme Corp.", "Beta Holdings, Inc.", *_OTHERS])
    for x, j, y in (("Acme", "-", "Beta"), ("Beta", "/", "Acme"), ("acme", "-", "beta")):
        read = reader.read(form.format(x=x, j=j, y=y, t=f"{word} Agreement"))
        assert sorted(p.lower() for p in read.parties) == sorted([x.lower(), y.lower()]), (
            word,
            read.parties,
        )
        assert read.document_type == f"{word.lower()}_agreement", (word, read.document_type)


@pytest.mark.parametrize("form", _JOINED[1:])
def test_a_lower_case_near_miss_inside_a_word_after_a_joined_pair_is_a_party(form: str) -> None:
    reader = QuestionReader(["Cardlytics, Inc.", "Bank of America, N.A.", *_OTHERS])
    for tail in ("ofqAmerica", "of Amerqca"):
        question = form.format(x="Cardlytics", j="-", y=f"Bank {tail}", t="Software License")
        parties = reader.read(question).parties
        assert any(tail in p for p in parties), (question, parties)
    whole = form.format(x="Cardlytics", j="-", y="Bank of America", t="Software License")
    assert _has(reader.read(whole).parties, "Bank of America")
