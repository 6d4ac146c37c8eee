"""Issue 33, item 5: the classes of question variants the widened generator of
bench/question_variants found refused on its development half, each over generated names and
question forms, never one sentence:

- an entity's initials where the knowledge base writes its name two ways ("ARKANSAS WESTERN
  PIPELINE COMPANY" and "Arkansas Western Pipeline Company" are one entity, whose initials
  no other shares);
- a yes/no question's predicate written as a legal form in lower case after a party's
  capitalised name ("... with Gridiron BioNutrients limited?": the liability is limited, the
  name is Gridiron BioNutrients);
- a short or unknown name before a possessive and a capitalised title ("Does Ingram's
  Amendment No. 2 To The Distribution Agreement with NETGEAR ...?": the name ends on its
  possessive; an unknown one stays a name the gate refuses).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

import pytest

from skill import QuestionReader
from skill.linking import NameLinker, name_key, question_tokens

# (a name as the knowledge base writes it twice, its initials)
_TWICE = [
    ("Arkansas Western Pipeline Company", "AWP"),
    ("Square Two Golf, Inc.", "STG"),
    ("American General Life Insurance Company", "AGLI"),
    ("Stremick's Heritage Foods, LLC", "SHF"),
]


# (the other way a document writes it: in capitals, or without a word's apostrophe)
_WAYS = [str.upper, lambda n: n.replace("'", "")]


@pytest.mark.parametrize(("name", "initials"), _TWICE)
@pytest.mark.parametrize("way", _WAYS, ids=["upper", "no apostrophe"])
def test_initials_of_one_entity_written_two_ways_link_to_it(
    name: str, initials: str, way: Callable[[str], str]
) -> None:
    linker = NameLinker([name, way(name), "Northgate Logistics, Inc."])
    link = linker.links([t.key for t in question_tokens(initials)]).get(0)
    assert link is not None and name_key(link.variant.name) == name_key(name), initials


def test_initials_two_entities_share_still_link_to_neither() -> None:
    linker = NameLinker(
        [
            "Acme Business Consulting Corp",
            "ACME BUSINESS CONSULTING CORP",
            "Atlas Bridge Construction LLC",
        ]
    )
    assert linker.links([t.key for t in question_tokens("ABC")]) == {}


_PARTIES = [
    ("EWSD 1, LLC", "Gridiron BioNutrients"),
    ("Northgate Logistics, Inc.", "Halcyon Robotics"),
    ("Keel Street Capital LLC", "Brightwater Foods"),
]
_PREDICATES = [
    "Is {a}'s liability under its contract with {b} limited?",
    "Is the liability of {a} to {b} limited?",
    "Is {a}'s indemnity under its agreement with {b} limited?",
]


@pytest.mark.parametrize(("pair", "form"), itertools.product(_PARTIES, _PREDICATES))
def test_a_participle_after_a_capitalised_name_is_the_questions_word(
    pair: tuple[str, str], form: str
) -> None:
    a, b = pair
    reader = QuestionReader([a, b])
    for x, y in ((a, b), (b, a)):
        question = form.format(a=x, b=y)
        assert sorted(map(name_key, reader.read(question).parties)) == sorted(
            map(name_key, (x, y))
        ), question


_TITLES = [
    "Amendment #2 To The Distribution Agreement",
    "Distributor Agreement",
    "Master Services Agreement",
    "Joint Marketing Agreement",
]
_OWNERS = [("Ingram Micro", "Ingram"), ("Halcyon Robotics, Inc.", "Halcyon")]
_OTHER = "NETGEAR, Inc."


@pytest.mark.parametrize(("owner", "title"), itertools.product(_OWNERS, _TITLES))
def test_a_name_before_a_possessive_and_a_title_ends_on_the_possessive(
    owner: tuple[str, str], title: str
) -> None:
    name, short = owner
    reader = QuestionReader([name, _OTHER, "Keel Street Capital LLC"])
    for written in (short, name.split(",")[0]):
        question = f"Does {written}'s {title} with NETGEAR have a non-compete?"
        parties = reader.read(question).parties
        assert sorted(p.lower() for p in parties) == sorted([written.lower(), "netgear"]), question
    # an unknown name there stays a name (the gate refuses it), never dropped or glued
    question = f"Does Zorblax's {title} with NETGEAR have a non-compete?"
    assert "Zorblax" in reader.read(question).parties, question


@pytest.mark.parametrize(
    "name", ["Dillard's Department Stores Inc.", "Zorblax's Retail Holdings, LLC", "Macy's Inc."]
)
def test_a_possessive_inside_a_name_that_runs_on_to_its_legal_form_keeps_the_name_whole(
    name: str,
) -> None:
    reader = QuestionReader([_OTHER, "Keel Street Capital LLC"])
    for question in (
        f"Does the supply agreement between {name} and NETGEAR have a non-compete?",
        f"does netgear's distribution agreement with {name} have a cap on liability?",
    ):
        parties = reader.read(question).parties
        assert name.rstrip(".") in [p.rstrip(".") for p in parties], (question, parties)


# (a known name whose first word is hyphenated, a lower-case title word opening with the same
# part): cuad-train's training contracts, "co-branding" read as a party where Co-Diagnostics,
# Inc. is known
_HYPHENATED = [
    ("Co-Diagnostics, Inc.", "co-branding"),
    ("Co-Diagnostics, Inc.", "co-marketing"),
    ("Non-Invasive Monitoring Systems, Inc.", "non-exclusive license"),
    ("Re-Max Holdings LLC", "re-seller"),
]
_COMPOUND_FORMS = [
    "what is the governing law of the {t} agreement between {a} and {b}?",
    "what is the governing law of the product development and {t} agreement between {a} and {b}?",
    "what is the governing law of {a}'s {t} agreement with {b}?",
    "is the {t} agreement between {a} and {b} governed by the laws of delaware?",
]


@pytest.mark.parametrize(("known", "form"), itertools.product(_HYPHENATED, _COMPOUND_FORMS))
def test_a_hyphenated_title_word_is_no_party_where_a_name_opens_with_its_first_part(
    known: tuple[str, str], form: str
) -> None:
    name, word = known
    reader = QuestionReader(
        [name, "Halcyon Robotics", "Keel Street Capital LLC", "Brightwater Foods"]
    )
    pairs = itertools.product(
        ("halcyon robotics", "Halcyon Robotics"), ("keel street", "brightwater foods")
    )
    for a, b in pairs:
        question = form.format(t=word, a=a, b=b)
        parties = [p.lower() for p in reader.read(question).parties]
        assert sorted(parties) == sorted([a.lower(), b]), question


@pytest.mark.parametrize("name", sorted({n for n, _ in _HYPHENATED}))
def test_a_hyphenated_known_name_in_lower_case_is_still_a_party(name: str) -> None:
    reader = QuestionReader([name, "Halcyon Robotics"])
    written = name.split(",")[0].lower()
    for question in (
        f"what is the governing law of the supply agreement between {written} and halcyon?",
        f"what is the governing law of the {written} supply agreement with halcyon robotics?",
    ):
        parties = [p.lower() for p in reader.read(question).parties]
        assert written in parties, (question, parties)


# (a title the knowledge base holds, a known name that is one of its words): cuad-train's
# training contracts, "Is the Operations And Maintenance Agreement between A and B ...?" read
# "Operations" (Operations, Inc. is bound elsewhere) as a third party
_TITLED = [
    ("Operations And Maintenance Agreement", "Operations, Inc."),
    ("Alliance And Marketing Agreement", "Alliance Corp"),
    ("Master Development And Supply Agreement", "Development Partners LLC"),
]
_LISTED_FORMS = [
    "Is the {t} between {a} and {b} governed by the laws of Delaware?",
    "For the {t} between {a} and {b}, what is the governing law?",
    "Summarize the governing law of the {t} between {a} and {b}.",
    "Does the {t} between {a} and {b} restrict assignment?",
    "Does {a}'s {t} with {b} have a non-compete?",
    "What is the governing law of {a}'s {t} with {b}?",
]
_LISTED_PARTIES = [
    ("Solar Tax Partners 1, LLC", "Solar Power, Inc."),
    ("Solar Tax", "Solar Power"),
    ("Keel Street Capital LLC", "Brightwater Foods"),
]


@pytest.mark.parametrize(("titled", "form"), itertools.product(_TITLED, _LISTED_FORMS))
def test_a_known_name_inside_a_known_title_before_its_parties_is_the_titles_word(
    titled: tuple[str, str], form: str
) -> None:
    title, name = titled
    reader = QuestionReader()
    known = [name, "Solar Tax Partners 1, LLC", "Solar Power, Inc.", *_LISTED_PARTIES[2]]
    reader.index = NameLinker(known, titles=[title.upper(), "Supply Agreement"])
    for a, b in _LISTED_PARTIES:
        for x, y in ((a, b), (b, a)):
            question = form.format(t=title, a=x, b=y)
            assert reader.read(question).parties == [x, y], question
    # a name that is not the agreement's party stays (in) a name the gate refuses
    question = form.format(t=title, a="Solar Tax", b="Zorblax Industries")
    assert any("Zorblax" in p for p in reader.read(question).parties), question


@pytest.mark.parametrize(("titled", "form"), itertools.product(_TITLED, _LISTED_FORMS))
def test_a_known_name_inside_a_known_title_in_lower_case_is_the_titles_word(
    titled: tuple[str, str], form: str
) -> None:
    title, name = titled
    reader = QuestionReader()
    known = [name, "Solar Tax Partners 1, LLC", "Solar Power, Inc.", *_LISTED_PARTIES[2]]
    reader.index = NameLinker(known, titles=[title.upper(), "Supply Agreement"])
    for a, b in _LISTED_PARTIES:
        for x, y in ((a, b), (b, a)):
            question = form.format(t=title, a=x, b=y).lower()
            assert reader.read(question).parties == [x.lower(), y.lower()], question


# a lower-case type word written with a spaced dash (cuad-train's "Turn - Key Manufacturing
# Agreement", lower-cased): "turn -" was read as a party
_DASHED = [
    "turn - key manufacturing",
    "turn – key manufacturing",
    "co - branding",
    "build - operate",
]
_DASHED_FORMS = [
    "what is the governing law of the {t} agreement between {a} and {b}?",
    "what is the governing law of {a}'s {t} agreement with {b}?",
    "is the {t} agreement between {a} and {b} governed by the laws of delaware?",
]


@pytest.mark.parametrize(("words", "form"), itertools.product(_DASHED, _DASHED_FORMS))
def test_a_spaced_dash_inside_a_lower_case_type_joins_its_words(words: str, form: str) -> None:
    reader = QuestionReader(["Invasix Ltd.", "Flextronics Israel Ltd.", "Halcyon Robotics"])
    for a, b in (("invasix", "flextronics"), ("Halcyon Robotics", "invasix")):
        question = form.format(t=words, a=a, b=b)
        assert reader.read(question).parties == [a, b], question


def test_a_spaced_dash_between_known_names_still_joins_a_pair() -> None:
    reader = QuestionReader(["Invasix Ltd.", "Flextronics Israel Ltd."])
    for dash in ("-", "–"):
        question = f"what is the governing law of the invasix {dash} flextronics supply agreement?"
        assert reader.read(question).parties == ["invasix", "flextronics"], question


# Names that write a word with its own "'s" before their other words (found on cuad-train's
# contracts never tuned on): the "'s" is the name's, in its short name too, wherever the
# question writes it; the question's own possessive after the whole name is still read.
_OWNED = [
    ("Stremick's Heritage Foods, LLC", "Stremick's", "Premier Nutrition Corporation", "Premier"),
    ("People’s Government of Fenyi County", "People’s", "Xinyu Energy Co., Ltd.", "Xinyu"),
    ("Macy's Retail Holdings, Inc.", "Macy's", "Brightwater Foods LLC", "Brightwater"),
]
_OWNED_FORMS = [
    "What is the governing law of the Supply Agreement between {a} and {b}?",
    "What is the governing law of the Supply Agreement between {b} and {a}?",
    "What is the governing law of the Supply Agreement between {a} & {b}?",
    "Is the {a}-{b} Supply Agreement governed by the laws of Delaware?",
    "What is the governing law of the {a}/{b} Supply Agreement?",
    "What is the governing law of {whole}'s Supply Agreement with {b}?",
    "what is the governing law of the supply agreement between {a} and {b}?",
]


@pytest.mark.parametrize(("names", "form"), itertools.product(_OWNED, _OWNED_FORMS))
def test_a_names_own_possessive_stays_the_names(names: tuple[str, ...], form: str) -> None:
    whole, short, other, other_short = names
    reader = QuestionReader([whole, other, "Zorblax Systems, Inc."])
    question = form.format(a=short, b=other_short, whole=_bare_of(whole))
    if question[0].islower():
        question = question.lower()
    parties = reader.read(question).parties
    assert len(parties) == 2, (question, parties)
    owned = next(p for p in parties if p.lower().startswith(short.lower()[:4]))
    # the name is written with its own "'s" (never cut before it, never split at it)
    assert re.search(r"['’]s\b", owned), (question, parties)


def _bare_of(name: str) -> str:
    return name.split(",")[0]


# A legal form of several words in lower case at a question's end ("delteq pte ltd?") is the
# name's own; a participle after a form ("... gas company limited?") is still the question's.
_LOWER_FORMS = ["pte ltd", "co ltd", "pvt ltd", "sdn bhd"]


@pytest.mark.parametrize("form", _LOWER_FORMS)
def test_a_lower_case_form_of_several_words_ending_a_question_is_the_names(form: str) -> None:
    name = f"Delteq {form.title()}"
    reader = QuestionReader(["IMRS Operations Inc.", name])
    for question in (
        f"what is the governing law of the distributor agreement between imrs operations inc. "
        f"and delteq {form}?",
        f"what is the governing law of the distributor agreement between delteq {form} and "
        "imrs operations inc.?",
    ):
        assert sorted(map(name_key, reader.read(question).parties)) == sorted(
            map(name_key, ("IMRS Operations Inc.", name))
        ), question


# A name with a hyphenated word: its initials give the word one letter or each part one
# ("SCW" or "SCWN" for Stratton, Cheeseman & Walsh-Nevada, Inc.); initials of neither reading
# name nobody.
_HYPHENATED = [
    ("Stratton, Cheeseman & Walsh-Nevada, Inc.", ("SCW", "SCWN"), "SCWX"),
    ("I-AM Capital Acquisition Company", ("ICA", "IACA"), "IAC"),
    ("Prairie Non-ECI Acquiror LP", ("PNA", "PNEA"), "PEA"),
]


@pytest.mark.parametrize(("name", "initials", "neither"), _HYPHENATED)
def test_initials_of_a_hyphenated_name_either_way(
    name: str, initials: tuple[str, ...], neither: str
) -> None:
    other = "Mutual Insurance Corporation of America"
    reader = QuestionReader([name, other])
    for written in initials:
        for question in (
            f"What is the governing law of the Agency Agreement between {other} and {written}?",
            f"What is the governing law of {written}'s Agency Agreement with {other}?",
        ):
            assert sorted(map(name_key, reader.read(question).parties)) == sorted(
                map(name_key, (name, other))
            ), question
    question = f"What is the governing law of the Agency Agreement between {other} and {neither}?"
    assert name_key(name) not in map(name_key, reader.read(question).parties), question
