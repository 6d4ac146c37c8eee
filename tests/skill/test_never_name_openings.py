"""A known name of several words that opens with a never-a-name word (issue 33), through
EvidenceSkill.ask on real filings: a registrant that defines itself by its opening words
("American Harbor Works Corp. (the "Company" or "American Harbor")"), whose subsidiaries'
names open with the same words (so those words are no one entity's short name), is the
subject of "What was American Harbor's net income?": "American" (never a name on its own) is
the known name's first word, not a topic word, and "Harbor" alone is not the subject (another
entity's short name). A near miss ("American Wafer") stays refused. Where a registrant's name
opens with words a question writes as ordinary words ("United States Lime & Minerals, Inc.",
its alias "United States Lime"), those words alone ("in the United States", "under American
law") are the question's, not a name: only a whole known name or alias is one (issue 34)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, Row, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime

_COLS = (60.0, 250.0, 420.0)

# (registrant, the short name it defines, its employer number, a subsidiary, its initials,
# a near miss of the short name no entity has)
_REGISTRANTS = (
    ("AMERICAN HARBOR WORKS CORP.", "American Harbor", "12-3456781", "American Harbor Capital Corp.", "AHCC", "American Wafer"),
    ("UNITED KESTREL SYSTEMS INC.", "United Kestrel", "12-3456782", "United Kestrel Finance LLC", "UKF", "United Kettle"),
    ("NATIONAL ORVANDI GROUP PLC", "National Orvandi", "12-3456783", "National Orvandi Energy Ltd", "NOE", "National Orbital"),
    ("GENERAL BRIX & STONE HOLDINGS, INC.", "General Brix & Stone", "12-3456784", "General Brix & Stone Leasing LLC", "GBSL", "General Brick & Slate"),
)  # fmt: skip


# registrants whose opening words are a place or an adjective a question writes as its own
# words, each with its alias, and those words as a question writes them (issue 34)
_PLACE_WORDS = (
    ("UNITED STATES LIME & MINERALS, INC.", "United States Lime", "12-3456785", "United States Lime Transport LLC", "USLT", "in the United States"),
    ("AMERICAN LAW SERVICES GROUP, INC.", "American Law Services", "12-3456786", "American Law Services Finance LLC", "ALSF", "under American law"),
    ("NATIONAL HOLIDAYS TRAVEL PLC", "National Holidays Travel", "12-3456787", "National Holidays Travel Leasing Ltd", "NHTL", "on national holidays"),
    ("GENERAL USE FINANCE CORP.", "General Use Finance", "12-3456788", "General Use Finance Credit LLC", "GUFC", "for General use"),
)  # fmt: skip


def _filing(name: str, short: str, number: str, subsidiary: str, initials: str) -> bytes:
    """A 10-K cover naming the registrant over its caption, with its employer number, and a
    paragraph that defines its short name and names a subsidiary opening with it."""
    cover: list[Line | Row] = [
        Line("UNITED STATES", bold=True, x=250),
        Line("SECURITIES AND EXCHANGE COMMISSION", bold=True, x=180),
        Line("FORM 10-K", bold=True, x=270, gap=8),
        Line("For the fiscal year ended December 31, 2020", x=200, gap=6),
        Line(name, bold=True, x=190, gap=10),
        Line("(Exact name of registrant as specified in its charter)", size=9, x=190),
        Row(("Delaware", "", number), xs=_COLS, gap=10),
        Row(("(State or other jurisdiction of", "", "(I.R.S. Employer"), xs=_COLS, size=9),
        Row(("incorporation or organization)", "", "Identification No.)"), xs=_COLS, size=9),
        *paragraph(
            f'{name.title()} (the "Company" or "{short}") operates through its subsidiaries. '
            f'{subsidiary} ("{initials}"), a wholly owned subsidiary of {short}, provides '
            f"financing. {short} employs 1,200 people."
        ),
    ]
    return make_pdf([cover])


def _agreement() -> bytes:
    """Entities whose short names are the registrants' second words ("Harbor", "Kestrel")."""
    return make_pdf(
        [
            paragraph(
                'This Supply Agreement is made between Harbor Solutions Holdings, LLC ("Harbor") '
                'and Kestrel Logistics Corp. ("Supplier"). Harbor shall buy and Supplier shall '
                "sell the goods listed in Schedule A."
            )
        ]
    )


@pytest.fixture(scope="module")
def filings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [(f"k{i}.pdf", _filing(*r[:5])) for i, r in enumerate(_REGISTRANTS + _PLACE_WORDS)]
    files.append(("supply.pdf", _agreement()))
    yield from ingested_runtime(tmp_path_factory, "never", files)


def _asked(short: str, full: str) -> list[str]:
    """The ways a question names the registrant: its short name, in lower case, its full
    name, before and after the attribute, with a figure asked."""
    return [
        f"What is {short}'s I.R.S. employer identification number?",
        f"what is {short.lower()}'s I.R.S. employer identification number?",
        f"What is {full.title()}'s I.R.S. employer identification number?",
        f"What is the I.R.S. employer identification number of {short}?",
        f"What was {short}'s basic earnings per share for FY2020?",
        f"What was {short.lower()}'s net income for FY2020?",
        f"What was {short}'s total revenue in 2020?",
    ]


_PRESENT = [
    pytest.param(q, name, number, id=f"{short}-{k}")
    for name, short, number, *_ in _REGISTRANTS + _PLACE_WORDS
    for k, q in enumerate(_asked(short, name))
    # a short name of ordinary words written in lower case ("united states lime's net income")
    # is left to the question's words: lower case opens a name with a word no ordinary one
    if k != 5 or (name, short, number) in {r[:3] for r in _REGISTRANTS}
]


@pytest.mark.slow
@pytest.mark.parametrize(("question", "registrant", "number"), _PRESENT)
def test_a_never_name_word_opening_a_known_name_is_the_names(
    filings: Any, question: str, registrant: str, number: str
) -> None:
    answer = filings.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", answer.subject_class
    assert [c.name for c in answer.candidate_subjects] == [registrant]
    if "employer" in question:
        assert [v.value for v in answer.conclusion.values] == [number]


_ABSENT = [
    pytest.param(q, id=f"{near}-{k}")
    for *_, near in _REGISTRANTS
    for k, q in enumerate(
        [
            f"What is {near}'s I.R.S. employer identification number?",
            f"What was {near}'s net income for FY2020?",
        ]
    )
]


@pytest.mark.slow
@pytest.mark.parametrize("question", _ABSENT)
def test_a_near_miss_of_such_a_name_stays_refused(filings: Any, question: str) -> None:
    answer = filings.skill.ask("kb", question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert answer.candidate_subjects == [] and answer.conclusion.values == []
    assert "subject_not_found" in answer.risk_signals


def _ordinary_uses(words: str) -> list[str]:
    """Questions of Harbor's supply agreement that write a registrant's opening words as
    ordinary words: as written, in lower case, in title case, before and after the agreement."""
    return [
        f"Does Harbor sell goods {words} under the supply agreement?",
        f"Does Harbor buy goods {words.lower()} under the supply agreement?",
        f"Under the supply agreement, does Harbor buy goods {words.title()}?",
        f"Does Harbor buy the goods under the supply agreement {words}?",
    ]


_ORDINARY = [
    pytest.param(q, id=f"{words}-{k}")
    for *_, words in _PLACE_WORDS
    for k, q in enumerate(_ordinary_uses(words))
]


@pytest.mark.slow
@pytest.mark.parametrize("question", _ORDINARY)
def test_a_known_names_opening_words_alone_are_the_questions(filings: Any, question: str) -> None:
    answer = filings.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", answer.subject_class
    assert answer.candidate_subjects
    assert all("Harbor Solutions Holdings" in c.name for c in answer.candidate_subjects)
    assert any("Harbor shall buy" in e.quote for e in answer.evidence)
