"""An act asked of a company (issue 35, FinanceBench's "What are major acquisitions that Best
Buy has done in FY2023, FY2022 and FY2021?"): the answer is the sentences of its filings that
state it did the act to something ("In fiscal 2022, we acquired all of the outstanding shares
of Current Health Ltd."), in a year asked, each cited; never a sentence describing the act
("The acquisition is aligned with our focus ..."), a relative clause ("the intangible assets
we have acquired"), an accounting item ("the Company acquired goodwill of $5 million"), a
pending deal ("we intend to acquire ..."), a denial, nor an act of another year (a date placed
in its fiscal year by the company's fiscal year end: March 2022 is Kestrel's fiscal 2023).

The knowledge base is one small 10-K of its own: no existing fixture holds a filing's
narrative with acts in several fiscal years and a fiscal year that is not the calendar's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skill import act_asked, in_years_asked, states_act, year_since, years_asked
from tests.pdfs import make_pdf, paragraph, ten_k_cover
from tests.skill.conftest import ingested_runtime

KESTREL = "KESTREL FOODS, INC."
_NARRATIVE = [
    "Acquisitions",
    "In fiscal 2022, we acquired all of the outstanding shares of Larkspur Health Ltd., a"
    " home care platform, on November 2, 2021, for net cash consideration of $389 million.",
    "On March 17, 2022, the Company completed the acquisition of Brightwater Farms LLC, a"
    " dairy processor, for $60 million.",
    "The acquisition is aligned with our focus on fresh foods and was not material.",
    "Examples of critical estimates in valuing the intangible assets we have acquired in"
    " fiscal 2022 include future expected cash flows.",
    "In fiscal 2022, the Company acquired goodwill of $5 million associated with two of its"
    " acquisitions.",
    "On September 15, 2022, we entered into a definitive agreement under which we intend to"
    " acquire Osprey Snacks, Inc. for $2 billion.",
    "In fiscal 2021, we did not complete any acquisitions.",
    "Divestitures",
    "In May 2022, Kestrel divested its frozen desserts business for $40 million.",
    "In fiscal 2020, we completed the sale of our Canadian bakery business.",
]


def _kestrel() -> bytes:
    cover = ten_k_cover(KESTREL, "57-0000099", "January 28, 2023")
    page = [line for text in _NARRATIVE for line in paragraph(text)]
    return make_pdf([cover, page])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(tmp_path_factory, "topic-acts", [("k.pdf", _kestrel())])


# (a question's frame, the two names it is asked with: one per year)
_ACQUISITIONS = [
    ("What are major acquisitions that {x} has done in FY{y}?", ("Kestrel Foods", "Kestrel")),
    ("which companies did {x} acquire in fiscal {y}", ("kestrel foods", "kestrel")),
    ("What acquisitions did {x} make in FY{yy}?", ("Kestrel", "Kestrel Foods, Inc.")),
    ("What companies did {x} acquire during fiscal {y}?", ("Kestrel Foods, Inc.", "Kestrel Foods")),
]
# (fiscal year, the one acquired then): a date placed by the fiscal year end (January 28)
_YEARS = [("2022", "Larkspur Health"), ("2023", "Brightwater Farms")]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "name", "other"),
    [
        (ask.format(x=names[i], y=y, yy=y[2:]), name, _YEARS[1 - i][1])
        for i, (y, name) in enumerate(_YEARS)
        for ask, names in _ACQUISITIONS
    ],
)
def test_the_acquisitions_of_the_year_asked_are_the_answer(
    runtime: Any, question: str, name: str, other: str
) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.sufficient, (question, answer.conclusion.answer)
    said = " ".join(v.value for v in answer.conclusion.values)
    assert name in said, said
    for never in (other, "Osprey", "aligned with our focus", "goodwill of", "valuing the"):
        assert never not in said, (question, said)
    assert all(e.source_location.page == 2 for e in answer.evidence)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("What businesses did Kestrel Foods divest in fiscal 2023?", "frozen desserts"),
        ("which businesses did kestrel divest in FY2020", "Canadian bakery"),
    ],
)
def test_the_divestitures_of_the_year_asked_are_the_answer(
    runtime: Any, question: str, name: str
) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.sufficient, answer.conclusion.answer
    values = [v.value for v in answer.conclusion.values]
    assert values and all(name in v for v in values), values


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        # the year's only sentence denies any acquisition
        "Which companies did Kestrel Foods acquire in fiscal 2021?",
        # a year nothing was acquired in, and the pending deal's year (Osprey: intent only)
        "What acquisitions did Kestrel Foods complete in FY2019?",
        "what companies did kestrel acquire in fiscal 2024",
    ],
)
def test_no_acquisition_stated_in_the_year_asked_is_no_answer(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert not answer.sufficient, answer.conclusion.answer
    said = " ".join(v.value for v in answer.conclusion.values)
    assert "Osprey" not in said and "Larkspur" not in said, said


# --- the sentence reading, over generated wordings ---------------------------------------

_OPENERS = ["In fiscal 2022, ", "On March 17, 2022, ", "During 2017 ", "As discussed in Note 3, "]
_ACTORS = ["we", "the Company", "Kestrel", "we also", "the Company has"]
_VERBS = [
    ("acquired", "acquisition"),
    ("completed the acquisition of", "acquisition"),
    ("closed the acquisition of", "acquisition"),
    ("divested", "divestiture"),
    ("completed the sale of", "divestiture"),
]
_STATED = [
    (f"{opener}{actor} {verb} Larkspur Health Ltd. for $389 million.", act)
    for i, (opener, actor, (verb, act)) in enumerate(
        (o, a, v) for o in _OPENERS for a in _ACTORS for v in _VERBS
    )
    if i % 4 == 0
]


@pytest.mark.parametrize(("sentence", "act"), _STATED)
def test_a_sentence_stating_the_act_of_the_company(sentence: str, act: str) -> None:
    assert states_act(sentence, act, ["KESTREL FOODS, INC."])
    assert states_act(sentence.lower(), act, ["Kestrel Foods"])
    other = "divestiture" if act == "acquisition" else "acquisition"
    assert not states_act(sentence, other, ["KESTREL FOODS, INC."])


@pytest.mark.parametrize(
    "sentence",
    [
        "The acquisition is aligned with our focus on fresh foods.",
        "Examples of critical estimates in valuing the intangible assets we have acquired"
        " include future expected cash flows.",
        "In 2020, the Company acquired goodwill of $5 million associated with its acquisitions.",
        "On September 15, 2022, we entered into a definitive agreement under which we intend"
        " to acquire Osprey Snacks, Inc.",
        "In fiscal 2021, we did not complete any acquisitions.",
        "In fiscal 2021, we have not acquired any business.",
        "Revenue attributable to property we acquired under finance leases rose.",
        "Acquisitions are included in comparable sales after their first anniversary.",
    ],
)
def test_a_sentence_describing_denying_or_intending_it_states_no_act(sentence: str) -> None:
    assert not states_act(sentence, "acquisition", ["KESTREL FOODS, INC."])
    assert not states_act(sentence.lower(), "acquisition", ["Kestrel"])


@pytest.mark.parametrize(
    ("question", "act"),
    [
        (
            "What are major acquisitions that AMCOR has done in FY2023, FY2022 and FY2021?",
            "acquisition",
        ),
        ("which companies did best buy acquire in fiscal 2019", "acquisition"),
        ("What companies has Adobe acquired?", "acquisition"),
        ("Which businesses did Kestrel divest in 2019?", "divestiture"),
        ("What were Acme's divestitures in FY2020?", "divestiture"),
        # no act: a singular event a clause speaks of, another topic
        ("What happens on an acquisition of the Company?", None),
        ("What is the purchase price under the agreement?", None),
        ("What industry does Amcor operate in?", None),
    ],
)
def test_the_act_a_question_asks(question: str, act: str | None) -> None:
    assert act_asked(question) == act


@pytest.mark.parametrize(
    ("question", "years", "fiscal"),
    [
        ("in FY2023, FY2022 and FY2021?", {2021, 2022, 2023}, True),
        ("in fiscal 2017", {2017}, True),
        ("during fiscal year 2019?", {2019}, True),
        ("in FY22", {2022}, True),
        ("in 2016", {2016}, False),
        # spans, inclusive; plural fiscal years; two-digit forms; amounts are no years
        ("in fiscal years 2021 through 2023", {2021, 2022, 2023}, True),
        ("In Fiscal Years 2021 To 2023?", {2021, 2022, 2023}, True),
        ("during FY2019-FY2021", {2019, 2020, 2021}, True),
        ("between 2019 and 2021", {2019, 2020, 2021}, False),
        ("from 2018 to 2020", {2018, 2019, 2020}, False),
        ("in 2015 and 2020", {2015, 2020}, False),
        ("in FY 23", {2023}, True),
        ("in fy'23 and fy 22", {2022, 2023}, True),
        ("acquisitions over $2000 million in 2021", {2021}, False),
        ("acquisitions of 2000 stores", set(), False),
        ("as reported in its 2020 10-K, in fiscal 2019", {2019}, True),
        ("What companies has Adobe acquired?", set(), False),
    ],
)
def test_the_years_a_question_asks(question: str, years: set[int], fiscal: bool) -> None:
    assert years_asked(question) == (frozenset(years), fiscal)


@pytest.mark.parametrize(
    ("sentence", "year_end", "fiscal_years"),
    [
        # a fiscal year named is that year, whatever the dates
        ("In fiscal 2022, we acquired X on November 2, 2021.", (1, 28), {2022}),
        # a date placed by the fiscal year's end
        ("On March 17, 2022, we acquired X.", (1, 28), {2023}),
        ("On January 15, 2022, we acquired X.", (1, 28), {2022}),
        ("On October 7, 2021, we acquired X.", (12, 3), {2021}),
        ("On December 7, 2020, we acquired X.", (12, 3), {2021}),
        ("On August 1, 2022, the Company acquired X.", (6, 30), {2023}),
        ("In May 2018, 3M divested X.", (12, 31), {2018}),
    ],
)
def test_a_stated_date_is_in_its_fiscal_year(
    sentence: str, year_end: tuple[int, int], fiscal_years: set[int]
) -> None:
    for year in range(2019, 2025):
        asked = in_years_asked(sentence, frozenset({year}), True, year_end)
        assert asked == (year in fiscal_years), (sentence, year)


@pytest.mark.parametrize(
    ("question", "since"),
    [
        ("since 2020", 2020),
        ("Which companies has Kestrel acquired since fiscal 2020?", 2020),
        ("after FY2019", 2020),
        ("from 2021 onward", 2021),
        ("from 2018 to 2020", None),
        ("in FY2023, FY2022 and FY2021?", None),
    ],
)
def test_an_open_span_asks_its_first_year_and_every_later_one(
    question: str, since: int | None
) -> None:
    assert year_since(question) == since
    if since is not None:
        assert since not in years_asked(question)[0]
        sentence = f"In fiscal {since + 2}, we acquired X."
        assert in_years_asked(sentence, frozenset(), True, (1, 28), since)
        assert not in_years_asked(
            f"In fiscal {since - 1}, we acquired X.", frozenset(), True, (1, 28), since
        )


# --- whose act: the company's, never another's (subject integrity) ------------------------

# (the company's names, how its filing names it in a sentence, another company sharing a word)
_COMPANIES = [
    (("Best Buy Co., Inc.", "Best Buy"), "Best Buy", "Amazon"),
    (("General Motors Company",), "General Motors", "General Electric"),
    (("American Express Company",), "American Express", "American Airlines"),
    (("The Home Depot, Inc.",), "The Home Depot", "The seller"),
    (("KESTREL FOODS, INC.",), "Kestrel", "Kestrel Ridge Partners"),
]
_OWN_ACTORS = ["we", "the Company", "{own}"]
_BETWEEN = ["", "also ", "has ", "previously "]
_OTHERS = [
    "we note that {other}",
    "we believe our competitors",
    "{other}",
    "our largest competitor",
    "we expect that {other}",
]


def _said(opener: str, actor: str, verb: str) -> str:
    return f"{opener}{actor} {verb} Larkspur Health Ltd. for $389 million."


_OWN = [
    (_said(opener, actor.format(own=own), f"{between}acquired"), names)
    for i, (opener, actor, between, (names, own, _)) in enumerate(
        (o, a, b, c)
        for o in ("In fiscal 2022, ", "")
        for a in _OWN_ACTORS
        for b in _BETWEEN
        for c in _COMPANIES
    )
    if i % 8 == 0
]
_NOT_OWN = [
    (_said(opener, actor.format(other=other), verb), names)
    for opener in ("In fiscal 2022, ", "")
    for actor in _OTHERS
    for verb in ("acquired", "completed the acquisition of")
    for names, _, other in _COMPANIES
    if not (actor == "{other}" and opener == "")
][::5]


@pytest.mark.parametrize(("sentence", "names"), _OWN)
def test_the_company_acting_is_read_as_its_act(sentence: str, names: tuple[str, ...]) -> None:
    sentence = sentence[0].upper() + sentence[1:]
    assert states_act(sentence, "acquisition", names), sentence
    assert states_act(sentence.lower(), "acquisition", names), sentence


@pytest.mark.parametrize(("sentence", "names"), _NOT_OWN)
def test_another_actor_is_never_the_company(sentence: str, names: tuple[str, ...]) -> None:
    sentence = sentence[0].upper() + sentence[1:]
    assert not states_act(sentence, "acquisition", names), sentence
    assert not states_act(sentence.lower(), "acquisition", names), sentence


@pytest.mark.parametrize(
    ("sentence", "names"),
    [
        # another company sharing the first word opens the sentence itself
        ("General Electric acquired Baker Hughes in 2017.", ("General Motors Company",)),
        ("American Airlines acquired US Airways in 2013.", ("American Express Company",)),
        ("The seller acquired the property in 2019.", ("The Home Depot, Inc.",)),
        # a first word many companies share is no company's name on its own
        ("In 2019, General acquired Baker Hughes.", ("General Motors Company",)),
        # a denial after the phrase
        ("In fiscal 2022, we acquired no businesses.", ("Best Buy Co., Inc.",)),
        ("In 2022, the Company acquired none of the companies it bid for.", ("Best Buy",)),
        ("In 2022, Best Buy acquired nothing.", ("Best Buy",)),
    ],
)
def test_a_shared_first_word_or_a_denial_states_no_act(
    sentence: str, names: tuple[str, ...]
) -> None:
    assert not states_act(sentence, "acquisition", names)
    assert not states_act(sentence.lower(), "acquisition", names)
