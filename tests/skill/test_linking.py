"""Issue 33, item 1: a question's names linked against the knowledge base's (skill.linking),
generated over parties, writings and question forms, never one sentence: case, "&" for "and",
hyphens, possessives, a short name, initials, parties in either order and words reordered
read as the known party; a near miss of a party's name (a letter changed), a name with a
word added and an unknown name are never linked to a known one.
"""

from __future__ import annotations

import itertools

import pytest

from domain import known_words
from skill import QuestionReader, SubjectClassError
from skill.linking import NameLinker, VariantKind, name_key, question_tokens

_NAMES = [
    "Northgate Logistics, Inc.",
    "Halcyon Robotics, Inc.",
    "International Business Machines Corporation",
    "Procter & Gamble Co.",
    "Keel Street Capital LLC",
    "Unit 1 Holdings LLC",
    "McDonald's Corporation",
]
_READER = QuestionReader(_NAMES)
_LINKER = NameLinker(_NAMES)
# (a party as a question may write it, the known name it is)
_WRITINGS = [
    ("Northgate Logistics, Inc.", "Northgate Logistics, Inc."),
    ("NORTHGATE LOGISTICS INC", "Northgate Logistics, Inc."),
    ("Northgate Logistics Incorporated", "Northgate Logistics, Inc."),
    ("Northgate Logistics", "Northgate Logistics, Inc."),
    ("Northgate", "Northgate Logistics, Inc."),
    ("Procter and Gamble", "Procter & Gamble Co."),
    ("Procter & Gamble", "Procter & Gamble Co."),
    ("IBM", "International Business Machines Corporation"),
    ("Keel-Street Capital", "Keel Street Capital LLC"),
    ("Unit 1 Holdings", "Unit 1 Holdings LLC"),
    ("McDonalds", "McDonald's Corporation"),
    ("Robotics Halcyon", "Halcyon Robotics, Inc."),
]
_FORMS = [
    "What is the governing law of the supply agreement between {a} and {b}?",
    "Does the MSA between {a} and {b} renew automatically?",
    "Summarize the termination rights under the NDA between {a} and {b}.",
]


def _link(written: str) -> str | None:
    tokens = question_tokens(written)
    link = _LINKER.links([t.key for t in tokens]).get(0)
    if link is not None and link.length == len(tokens):
        return link.variant.name
    return _LINKER.closest([t.key for t in tokens])


@pytest.mark.parametrize(("written", "name"), _WRITINGS)
def test_each_writing_of_a_party_links_to_its_name(written: str, name: str) -> None:
    for case in (written, written.lower(), written.upper()):
        assert _link(case) == name, case


@pytest.mark.parametrize(
    "written",
    [
        "Northgaze Logistics",  # a letter changed
        "Halcyom Robotics",
        "Northgate Logistics Holdings",  # a word added: another company
        "Zorblax Industries",  # unknown
        "Keel Capital Street Partners",
        "Unit 2 Holdings",  # digits are part of the name
        "MBI",  # initials in another order
    ],
)
def test_a_near_miss_or_an_unknown_name_links_to_nothing(written: str) -> None:
    assert _link(written) is None


@pytest.mark.parametrize(
    ("a", "b", "form"),
    [
        (a, b, form)
        for ((a, _), (b, _)), form in itertools.product(
            itertools.combinations(
                [w for w in _WRITINGS if w[1] != "McDonald's Corporation"][::3], 2
            ),
            _FORMS,
        )
    ],
)
def test_the_reader_names_the_parties_in_either_order_and_case(a: str, b: str, form: str) -> None:
    expected = sorted(name_key(dict(_WRITINGS)[w]) for w in (a, b))
    for x, y in ((a, b), (b, a)):
        for question in (form.format(a=x, b=y), form.format(a=x, b=y).lower()):
            parties = _READER.read(question).parties
            assert sorted(_resolved(p) for p in parties) == expected, question


def _resolved(party: str) -> tuple[str, ...]:
    name = _link(party)
    assert name is not None, party
    return name_key(name)


@pytest.mark.parametrize("joiner", [" & ", "-", "/"])
def test_short_names_joined_or_possessive_are_the_two_parties(joiner: str) -> None:
    for question in (
        f"What is the governing law of the Northgate{joiner}Halcyon supply agreement?",
        "What is the governing law of Northgate's supply agreement with Halcyon?",
        "what is the governing law of northgate's supply agreement with halcyon?",
    ):
        parties = sorted(p.lower() for p in _READER.read(question).parties)
        assert parties == ["halcyon", "northgate"], question


@pytest.mark.parametrize("near", ["Northgaze", "Halcyom", "Zorblax Industries, Inc."])
def test_a_near_miss_of_another_party_stays_a_name_the_gate_refuses(near: str) -> None:
    question = f"What is the governing law of the supply agreement between Halcyon and {near}?"
    names = [m for m in _READER.names(question) if near.split(",")[0] in m.text]
    assert names and not any(m.known for m in names), names
    assert any(near.split(",")[0] in p for p in _READER.read(question).parties)


def test_initials_shared_by_two_names_and_persons_short_names_are_no_variants() -> None:
    linker = NameLinker(
        ["Acme Business Consulting Corp", "Atlas Bridge Construction LLC", "Paul Silas"],
        people=["Paul Silas"],
    )
    kinds = {(v.key, v.kind) for v in linker.variants}
    assert (("abc",), VariantKind.INITIALS) not in kinds
    assert not any(v.name == "Paul Silas" and v.kind is VariantKind.SHORT for v in linker.variants)
    assert (("acme",), VariantKind.SHORT) in kinds


# (a company, as a question writes it, its subsidiary named by those words and a common noun,
# the noun): the
# FinanceBench filings' class ("the number of Best Buy stores" was Best Buy Stores, L.P.).
_SUBSIDIARIES = [
    ("Best Buy Co., Inc.", "Best Buy", "Best Buy Stores, L.P.", "stores"),
    ("General Mills, Inc.", "General Mills", "General Mills Marketing, Inc.", "marketing"),
    (
        "Costco Wholesale Corporation",
        "Costco Wholesale",
        "Costco Wholesale Membership, Inc.",
        "membership",
    ),
    ("Corning Incorporated", "Corning", "Corning Technologies SARL", "technologies"),
]
_SUB_READER = QuestionReader([n for parent, _, sub, _ in _SUBSIDIARIES for n in (parent, sub)])


@pytest.mark.parametrize("parent,short,sub,noun", _SUBSIDIARIES, ids=[s[3] for s in _SUBSIDIARIES])
@pytest.mark.parametrize(
    "template",
    [
        "Was there any change in the number of {c} {n} between FY2024 and FY2023?",
        "What did {c} {n} cost in FY2022?",
        "How did {c} {n} change from FY2021 to FY2022?",
    ],
)
def test_a_noun_in_lower_case_after_a_company_is_no_subsidiary_name(
    parent: str, short: str, sub: str, noun: str, template: str
) -> None:
    question = template.format(c=short, n=noun)
    known = [m for m in _SUB_READER.names(question) if m.known]
    assert [m.text for m in known] == [short], question
    # written capitalised, the subsidiary's words are its name
    capitalised = template.format(c=short, n=noun.capitalize())
    known = [m for m in _SUB_READER.names(capitalised) if m.known]
    assert [m.text for m in known] == [f"{short} {noun.capitalize()}"], capitalised


# (the people and companies a knowledge base binds, a question, the question as read)
_PEOPLE = ["Maria Okafor", "Tomas Lindgren", "John Rice Jr."]
_SURNAME_LINKER = NameLinker(
    [*_PEOPLE, "Halcyon Robotics, Inc.", "Lumen Ventures Fund II, L.P."], people=_PEOPLE
)


def _surname(person: str) -> str:
    return person.removesuffix(" Jr.").split()[-1]


@pytest.mark.parametrize(
    ("person", "written"),
    [
        (person, form.format(s=written(_surname(person))))
        for person in _PEOPLE
        for form in ("{s}", "Dr. {s}", "Mr {s}", "MS. {s}", "prof. {s}")
        for written in (str, str.upper)
        # a surname that is a word of legal English ("Rice") names the person only after an
        # honorific
        if form != "{s}" or _surname(person).lower() not in known_words()
    ],
)
@pytest.mark.parametrize(
    "template",
    [
        "Who is {p}?",
        "What stake does {p} hold in Halcyon?",
        "What is {p}'s role at Halcyon?",
        "Is {p} a director of Halcyon?",
        "Does {p} own shares of Halcyon?",
        "{p}: what is the stake in Halcyon?",
    ],
)
def test_a_person_named_by_surname_is_read_as_the_whole_name(
    person: str, written: str, template: str
) -> None:
    assert _SURNAME_LINKER.full_names(template.format(p=written)) == template.format(p=person)


def test_an_honorific_before_a_whole_name_is_no_part_of_it() -> None:
    for honorific in ("Dr.", "Ms", "MRS."):
        question = f"Who is {honorific} Maria Okafor?"
        assert _SURNAME_LINKER.full_names(question) == "Who is Maria Okafor?"


@pytest.mark.parametrize(
    "question",
    [
        "Who is Maria?",  # a first name names nobody
        "who is tomas?",
        "What is the price of rice?",  # a surname that is a word of legal English
        "Who is Rice?",
        "What stake does RICE hold in Halcyon?",
        "Who is Okafora?",  # a near miss
    ],
)
def test_first_names_words_and_near_misses_are_left_as_written(question: str) -> None:
    assert _SURNAME_LINKER.full_names(question) == question


@pytest.mark.parametrize(
    "others",
    [
        ["Paul Okafor"],  # two people share the surname
        ["Okafor Capital LLC"],  # a company has it in its name
        ["Lagos Okafor Holdings Ltd"],
    ],
)
def test_a_surname_another_name_shares_names_nobody(others: list[str]) -> None:
    people = ["Maria Okafor", *(o for o in others if "Paul" in o)]
    linker = NameLinker(["Maria Okafor", *others], people=people)
    assert not any(v.kind is VariantKind.SURNAME for v in linker.variants)
    for question in ("Who is Okafor?", "Who is Dr. Okafor?"):
        assert linker.full_names(question) == question


@pytest.mark.parametrize(
    "question",
    [
        "Who is Jane Okafor?",  # another person with the surname: a name of its own
        "Is jane okafor a director of Halcyon?",
        "What stake does Okafor Stanley hold in Halcyon?",
        "Does JANE LINDGREN own shares of Halcyon?",
        # a company, a title or a product with the surname in its name
        "Is Okafor Capital a shareholder of Halcyon?",
        "Is Okafor, Inc. a shareholder of Halcyon?",
        "Does Okafor LLP advise Halcyon?",
        "Is Okafor & Partners counsel to Halcyon?",
        "What is the term of the Okafor Agreement?",
        "Is the okafor agreement exclusive?",
        "Does okafor holdings own Halcyon?",
        "What does the Okafor Trust hold?",
        "Lindgren Ventures: what stake does it hold in Halcyon?",
    ],
)
def test_a_surname_inside_another_written_name_is_left_to_that_name(question: str) -> None:
    assert _SURNAME_LINKER.full_names(question) == question


def test_a_name_less_its_generational_suffix_is_the_whole_name() -> None:
    for written in ("John Rice", "john rice", "Mr. John Rice", "JOHN RICE"):
        question = f"How many shares does {written} hold in Halcyon?"
        assert _SURNAME_LINKER.full_names(question) == (
            "How many shares does John Rice Jr. hold in Halcyon?"
        ), written
    # where "John Rice" is someone's whole name, it is that person's
    people = ["John Rice Jr.", "John Rice", "Jane V. Doe"]
    linker = NameLinker(people, people=people)
    assert linker.full_names("Who is John Rice?") == "Who is John Rice?"
    assert linker.full_names("Who is Jane Doe?") == "Who is Jane Doe?"  # an initial stays


# Issue 33 item 5: near misses read as a real party (cuad-train ranks 291-340). Names whose
# first word is a never-a-name word ("United"), and names of one word a question writes in
# lower case; near misses generated one letter changed, added, dropped or two swapped.
_NEAR_NAMES = [
    "United Airlines, Inc.",
    "United National Bancorp",
    "Snap Technologies, Inc.",
    "Kubient, Inc.",
    "Sanofi Pasteur S.A.",
    "Alliance Mutual Holding Company",
]
_NEAR_READER = QuestionReader(_NEAR_NAMES)


def _near_misses(word: str) -> list[str]:
    """The word with one letter changed, added or dropped, and two letters swapped, each in
    the middle of the word (where a reader's tolerance of case and endings never reaches)."""
    i = len(word) // 2
    letter = "q" if word[i] != "q" else "z"
    return [
        word[:i] + letter + word[i + 1 :],
        word[:i] + letter + word[i:],
        word[:i] + word[i + 1 :],
        word[: i - 1] + word[i] + word[i - 1] + word[i + 1 :],
    ]


_UNITED_FORMS = [
    "What is the governing law of the Co-Branding Agreement between Snap and {b}?",
    "What law governs the contract between Snap and {b}?",
    "What is the governing law of Snap's agreement with {b}?",
]


@pytest.mark.parametrize(
    ("near", "form"),
    [
        (f"United {miss}", form)
        for k, (miss, form) in enumerate(itertools.product(_near_misses("airlines"), _UNITED_FORMS))
        if k % 2 == 0
    ],
)
def test_a_near_miss_after_a_never_a_name_opening_word_is_no_known_party(
    near: str, form: str
) -> None:
    parties = _NEAR_READER.read(form.format(b=near)).parties
    assert any(p.lower() == near.lower() for p in parties), parties
    assert not any(p.lower() == "united" for p in parties), parties


@pytest.mark.parametrize("written", ["United Airlines", "United airlines", "United Airlines, Inc."])
@pytest.mark.parametrize("form", _UNITED_FORMS)
def test_the_whole_name_after_its_never_a_name_opening_word_is_the_party(
    written: str, form: str
) -> None:
    # each party the opening words of a known name, or all of them (the gate links those)
    parties = _NEAR_READER.read(form.format(b=written)).parties
    linker = _NEAR_READER.index
    assert len(parties) == 2, parties
    for party in parties:
        assert linker.opens_with([[t.key] for t in question_tokens(party)]), parties


# A possessive party's thing the reader takes as no agreement's phrase (a title of no type
# word, a type misspelled, a stray quote) "with" a party written in lower case.
_OWNED = [
    "exhibit ‘b’",
    "amendment #3 to the manufacturing agreemen",
    "transportation contract general conditions",
    "development agreement (“",
]


@pytest.mark.parametrize(
    ("owned", "other"),
    [
        (owned, other)
        for k, (owned, other) in enumerate(
            itertools.product(_OWNED, [*_near_misses("sanofi"), "zorblax", "alliance mutual"])
        )
        if k % 3 == 0
    ],
)
def test_a_stranger_a_possessive_party_owns_something_with_is_a_party(
    owned: str, other: str
) -> None:
    question = f"what is the governing law of kubient's {owned} with {other}?"
    parties = [p.lower() for p in _NEAR_READER.read(question).parties]
    assert other in parties and "kubient" in parties, (question, parties)


@pytest.mark.parametrize("owned", _OWNED)
def test_a_stranger_owning_something_with_a_known_party_is_a_party(owned: str) -> None:
    question = f"what is the governing law of zorblax's {owned} with sanofi?"
    parties = [p.lower() for p in _NEAR_READER.read(question).parties]
    assert "zorblax" in parties, (question, parties)


@pytest.mark.parametrize("owned", _OWNED)
def test_the_real_party_a_possessive_party_owns_something_with_is_read_as_known(
    owned: str,
) -> None:
    for other in ("sanofi", "Sanofi", "sanofi pasteur"):
        question = f"what is the governing law of kubient's {owned} with {other}?"
        parties = [p.lower() for p in _NEAR_READER.read(question).parties]
        assert not any(p for p in parties if p not in ("kubient", other.lower())), parties


# review36 item 1: an owner written by a short name that several known names open
# ("halcyon" of Halcyon Robotics and Halcyon Field Services: the reader reads it bare, its
# "'s" apart) owns its thing "with" a stranger all the same; the stranger is a party.
_SHARED_NAMES = [
    "Halcyon Robotics, Inc.",
    "Halcyon Field Services LLC",
    "Brightline Components, Inc.",
    "Brightline Holdings LLC",
    "Northgate Logistics, Inc.",
]
_SHARED_READER = QuestionReader(_SHARED_NAMES)
_SHARED_OWNED = [
    "exhibit 'b'",
    "amendment #3 to the manufacturing agreemen",
    "services agreemnt",
    "master services agreemnt",
]


@pytest.mark.parametrize(
    ("owner", "owned", "other"),
    [
        (owner, owned, other)
        for k, (owner, owned, other) in enumerate(
            itertools.product(
                ["halcyon", "Halcyon", "brightline"],
                _SHARED_OWNED,
                ["zorblax", *_near_misses("northgate")[:2]],
            )
        )
        if k % 3 == 0
    ],
)
def test_a_stranger_a_shared_short_name_owns_something_with_is_a_party(
    owner: str, owned: str, other: str
) -> None:
    question = f"what is the governing law of {owner}'s {owned} with {other}?"
    parties = [p.lower() for p in _SHARED_READER.read(question).parties]
    assert other in parties and owner.lower() in parties, (question, parties)


# review36 item 2: a known party written before an ordinary English word (a verb one letter
# from the name's next word, an adverb in -ly) is that party: the word is the question's,
# never a near miss of the name; a misspelt non-word there is still another name.
_WORD_NAMES = [
    "Keystone Commerce Bank, N.A.",
    "Northgate Logistics, Inc.",
    "Snap Technologies, Inc.",
    "United Airlines, Inc.",
]
_WORD_READER = QuestionReader(_WORD_NAMES)


def _english_near(word: str) -> list[str]:
    """Words of legal English one letter from `word` (changed, added or dropped; not the word
    in the other number), sorted."""
    from rapidfuzz.distance import Levenshtein

    return sorted(
        w
        for w in known_words()
        if len(w) >= 4
        and Levenshtein.distance(w, word) == 1
        and word not in (w, f"{w}s")
        and w != f"{word}s"
    )


def _adverbs_after(name: str) -> list[str]:
    """Adverbs written after a name's first word: one made of its next word where English
    has it ("logistically"), else "technically"; "legally", "immediately"."""
    following = name_key(name)[1]
    stem = following.removesuffix("ies").removesuffix("s").removesuffix("y")
    adverbs = [
        w
        for w in (f"{stem}ally", f"{stem}ically", "technically")
        if w in known_words() or w.removesuffix("ly") in known_words()
    ]
    return [adverbs[0], "legally", "immediately"]


# a verb (or any word) one letter from the name's next word, then an adverb, each in forms
# it reads in ("Can Keystone commence enforcement ...", "Can Northgate legally terminate ...")
_NEAR_WORD_FORMS = [
    "Can {p} {w} enforcement under the loan agreement?",
    "Will {p} {w} proceedings against Halcyon?",
]
_ADVERB_FORMS = [
    "Can {p} {w} terminate the agreement?",
    "Can {p} {w} terminate the agreement with Halcyon?",
    "May {p} {w} assign the agreement?",
]
_WORD_CASES = [
    *(
        (name, word, form)
        for name in _WORD_NAMES
        for word in _english_near(name_key(name)[1])[:2]
        for form in _NEAR_WORD_FORMS
    ),
    *(
        (name, word, form)
        for name in _WORD_NAMES
        for word in _adverbs_after(name)
        for form in _ADVERB_FORMS
    ),
]


@pytest.mark.parametrize(
    ("name", "word", "form", "lower"),
    [(*case, k % 4 == 2) for k, case in enumerate(_WORD_CASES) if k % 2 == 0],
)
def test_a_party_before_an_english_word_is_no_near_miss(
    name: str, word: str, form: str, lower: bool
) -> None:
    first = name.split()[0]
    party = first.lower() if lower else first
    question = form.format(p=party, w=word)
    try:
        parties = [p.lower() for p in _WORD_READER.read(question).parties]
    except SubjectClassError:
        parties = []
    assert first.lower() in parties, (question, parties)
    assert not any(word in p for p in parties), (question, parties)


@pytest.mark.parametrize(
    ("name", "form"),
    [
        (name, form)
        for name in _WORD_NAMES
        for form in ["Can {p} {w} legally terminate the agreement?", _ADVERB_FORMS[1]]
    ],
)
def test_a_party_before_a_misspelt_next_word_is_another_name(name: str, form: str) -> None:
    first, following = name_key(name)[:2]
    misses = [m for m in _near_misses(following) if m not in known_words()]
    question = form.format(p=first.title(), w=misses[0])
    parties = [p.lower() for p in _WORD_READER.read(question).parties]
    assert f"{first} {misses[0]}" in parties, (question, parties)
