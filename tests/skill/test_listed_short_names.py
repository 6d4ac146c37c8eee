"""Issue 33, item 5: a party's short name that opens a question's list of parties is one
name, where a later word of it is another entity's whole name ("between Beijing SINA and
Beijing Yisheng" where SINA Corporation is known too: read "Beijing", "SINA" and "Beijing
Yisheng" before). Nothing before the list's first name says a party is named there, which the
reader asked of a short name; the list is the question's parties.

Generated over made-up names and question forms; the reader reads each with the names known.
"""

from __future__ import annotations

import itertools

import pytest

from skill import QuestionReader

# (the first party's name, its short name, another entity named by a word of that short name,
# the second party's name, its short name): the short names share their first word
_NAMES = [
    (
        "Beijing SINA Internet Information Service Co., Ltd.",
        "Beijing SINA",
        "SINA Corporation",
        "Beijing Yisheng Leju Information Services Co., Ltd.",
        "Beijing Yisheng",
    ),
    (
        "Northgate Halcyon Logistics, Inc.",
        "Northgate Halcyon",
        "Halcyon Corp.",
        "Northgate Marine Services LLC",
        "Northgate Marine",
    ),
    (
        "Keel Vantor Capital LLC",
        "Keel Vantor",
        "Vantor plc",
        "Keel Street Partners LP",
        "Keel Street",
    ),
]
_FORMS = [
    "What is the governing law of the Supply Agreement between {a} and {b}?",
    "What law governs the contract between {a} and {b}?",
    "what is the governing law of the supply agreement between {a} and {b}?",
    "Does the supply agreement between {a} & {b} restrict assignment?",
    "For the Supply Agreement between {a} and {b}, what is the governing law?",
    "Summarize the termination rights of the supply agreement between {a} and {b}.",
    "Is the supply agreement between {a}, and {b} governed by Delaware law?",
]


@pytest.mark.parametrize(("names", "form"), list(itertools.product(_NAMES, _FORMS))[::2])
def test_a_short_name_opening_the_list_of_parties_is_one_name(
    names: tuple[str, str, str, str, str], form: str
) -> None:
    first, short, other, second, second_short = names
    reader = QuestionReader([first, other, second, "Acme Robotics, Inc."])
    for a, b in ((short, second_short), (short, second), (second_short, short)):
        if form[:1].islower():
            a, b = a.lower(), b.lower()
        question = form.format(a=a, b=b)
        assert [p.rstrip(".") for p in reader.read(question).parties] == [
            a.rstrip("."),
            b.rstrip("."),
        ], question


@pytest.mark.parametrize("names", _NAMES)
def test_the_other_entitys_own_name_in_the_list_stays_its_name(
    names: tuple[str, str, str, str, str],
) -> None:
    first, short, other, second, second_short = names
    reader = QuestionReader([first, other, second, "Acme Robotics, Inc."])
    word = short.split()[-1]
    for question, parties in (
        (f"What law governs the contract between {word} and {second_short}?", [word, second_short]),
        (
            f"What is the governing law of {word}'s agreement with Acme Robotics?",
            [word, "Acme Robotics"],
        ),
        (
            f"What law governs the contract between Zorblax {word} and Acme Robotics?",
            ["Zorblax", word, "Acme Robotics"],
        ),
    ):
        assert reader.read(question).parties == parties, question


# (a known name, the words a question writes it by with a legal form of its own): the list's
# first known name in lower case is a party's now, so its legal form after a comma is its own
_FORMED = [
    ("Columbia Laboratories, (Bermuda) Ltd.", "columbia laboratories, ltd."),
    ("Halcyon Robotics Holdings GmbH", "halcyon robotics, gmbh"),
    ("Keel Street Capital (Cayman) LLC", "keel street capital, llc"),
]


@pytest.mark.parametrize(("known", "written"), _FORMED)
def test_a_legal_form_after_a_known_name_in_a_list_is_that_names(known: str, written: str) -> None:
    reader = QuestionReader([known, "Fleet Laboratories Limited"])
    for question, parties in (
        (
            f"what is the governing law of the supply agreement between {written} and fleet "
            "laboratories limited?",
            [written, "fleet laboratories limited"],
        ),
        (
            f"what law governs the contract between fleet laboratories limited and {written}?",
            ["fleet laboratories limited", written],
        ),
    ):
        assert reader.read(question).parties == parties, question


@pytest.mark.parametrize("other", ["PC", "AG", "SA", "plc"])
def test_a_legal_forms_letters_after_and_are_another_name(other: str) -> None:
    # cuad-train: "between PFS and PC" (PC Funds' short name is no PFS's legal form)
    reader = QuestionReader(["PFS Funds Trust", "Columbia Laboratories, (Bermuda) Ltd."])
    for question in (
        f"What is the governing law of the Services Agreement between PFS and {other}?",
        f"what law governs the contract between columbia laboratories and {other.lower()}?",
    ):
        parties = [p.lower() for p in reader.read(question).parties]
        assert parties[-1] == other.lower() and len(parties) == 2, (question, parties)
