"""Normalizers over the real variety of contract language, and over real CUAD clauses."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from domain import lexicon
from skill import (
    drop_umbrellas,
    find_dates,
    find_durations,
    find_jurisdictions,
    find_money,
    normalize_date,
    normalize_duration,
    normalize_jurisdiction,
    normalize_money,
    normalize_percentage,
    normalize_person_name,
    parse_number_words,
)

CUAD = Path("/work/shared/data/cuad/clauses.jsonl")


def _cuad_rows() -> list[dict[str, str]]:
    if not CUAD.exists():
        pytest.skip("the shared CUAD extract is not available")
    return [json.loads(line) for line in CUAD.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("March 1, 2021", "2021-03-01"),
        ("1st day of March, 2021", "2021-03-01"),
        ("March 1st, 2021", "2021-03-01"),
        ("2021-03-01", "2021-03-01"),
        ("03/01/2021", "2021-03-01"),
        ("1 March 2021", "2021-03-01"),
        ("the 1st of      March, 2003,", "2003-03-01"),
        ("as of the twenty-first day of May, 2019", "2019-05-21"),
        ("the thirtieth day of June, 2019", "2019-06-30"),
        ("Sept. 5, 2019", "2019-09-05"),
        ("Dec 31 2020", "2020-12-31"),
        ("31 January, 1994", "1994-01-31"),
        ("October 1,1996", "1996-10-01"),
        ("April 15 , 2010", "2010-04-15"),
        ("this 15th day of July 1998", "1998-07-15"),
        ("1st day of--- November, 2003", "2003-11-01"),
        # OCR splits ordinal suffixes in filed contracts.
        ("20t h day of December 2018", "2018-12-20"),
        ("November 19t h, 2012", "2012-11-19"),
        ("3/1/03", "2003-03-01"),
        ("11/4/10", "2010-11-04"),
        ("5/20/92", "1992-05-20"),
        ("01.03.2021", "2021-03-01"),
        ("DATED: JANUARY 5, 2022", "2022-01-05"),
        ("1-Mar-2021", "2021-03-01"),
        ("2021/03/01", "2021-03-01"),
    ],
)
def test_normalize_date(text: str, expected: str) -> None:
    assert normalize_date(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "February ____, 2017",
        "[___], 2020",
        "this day of , 19",
        "February 30, 2021",
        "13/45/2020",
        "",
    ],
)
def test_normalize_date_rejects_incomplete_or_impossible(text: str) -> None:
    assert normalize_date(text) is None


def test_partial_dates_only_on_request() -> None:
    assert normalize_date("founded in 2015") is None
    assert normalize_date("founded in 2015", partial=True) == "2015"
    assert normalize_date("in March 2015", partial=True) == "2015-03"
    assert normalize_date("on March 3, 2015", partial=True) == "2015-03-03"


def test_find_dates_offsets_and_order() -> None:
    text = "effective as of August 1, 2004 and ending on 7/31/2009."
    dates = find_dates(text)
    assert [d.value for d in dates] == ["2004-08-01", "2009-07-31"]
    assert [text[d.start : d.end] for d in dates] == ["August 1, 2004", "7/31/2009"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$2,000,000", "USD 2,000,000"),
        ("US$2 million", "USD 2,000,000"),
        ("two million dollars ($2,000,000)", "USD 2,000,000"),
        ("Two Million U.S. Dollars (US$2,000,000)", "USD 2,000,000"),
        ("USD 2,000,000", "USD 2,000,000"),
        ("2,000,000 USD", "USD 2,000,000"),
        ("€1.5 million", "EUR 1,500,000"),
        ("EUR 1,250.50", "EUR 1,250.50"),
        ("1,000,000 euros", "EUR 1,000,000"),
        ("£250,000", "GBP 250,000"),
        ("250,000 pounds sterling", "GBP 250,000"),
        ("$2.5M", "USD 2,500,000"),
        ("$10k", "USD 10,000"),
        ("ten thousand dollars", "USD 10,000"),
        ("CHF 500,000", "CHF 500,000"),
        ("C$75,000", "CAD 75,000"),
        ("HK$1,000", "HKD 1,000"),
        ("S$ 20,000", "SGD 20,000"),
        ("¥100,000,000", "JPY 100,000,000"),
        ("RMB 5,000,000", "CNY 5,000,000"),
        ("$1,234.5", "USD 1,234.50"),
        ("$100.00", "USD 100"),
        ("EUR 1.250,50", "EUR 1,250.50"),
        ("€ 2.500.000,00", "EUR 2,500,000"),
        ("USD 1 000 000", "USD 1,000,000"),
    ],
)
def test_normalize_money(text: str, expected: str) -> None:
    assert normalize_money(text) == expected


@pytest.mark.parametrize("text", ["twelve (12) months", "Section 2,000", "12.5%", "no amount here"])
def test_normalize_money_needs_a_currency(text: str) -> None:
    assert normalize_money(text) is None


def test_find_money_several_amounts() -> None:
    text = 'the lesser of $50,000 or EUR 40,000 (the "Cap")'
    assert [m.value for m in find_money(text)] == ["USD 50,000", "EUR 40,000"]
    assert [text[m.start : m.end] for m in find_money(text)] == ["$50,000", "EUR 40,000"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("thirty (30) days", "30 days"),
        ("twelve (12) months", "12 months"),
        ("a period of three years", "3 years"),
        ("one (1) year", "1 year"),
        ("1-year", "1 year"),
        ("an additional month", "1 month"),
        ("one hundred eighty (180) days", "180 days"),
        ("ninety days'", "90 days"),
        ("sixty (60) days' prior written notice", "60 days"),
        ("(30) days", "30 days"),
        ("5 years", "5 years"),
        ("twenty-four (24) months", "24 months"),
        ("two weeks", "2 weeks"),
        ("ten (10) business days", "10 business days"),
        ("thirty (30) calendar days", "30 days"),
        ("FIVE (5) YEARS", "5 years"),
    ],
)
def test_normalize_duration(text: str, expected: str) -> None:
    assert normalize_duration(text) == expected


def test_durations_are_never_converted_and_none_without_a_unit() -> None:
    assert normalize_duration("twelve (12) months") != "1 year"
    assert normalize_duration("thirty (30)") is None
    assert [d.value for d in find_durations("3 years and 6 months")] == ["3 years", "6 months"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the laws of the State of New York", "New York"),
        ("the laws of England and Wales", "England and Wales"),
        ("the laws of England", "England and Wales"),
        ("English law", "England and Wales"),
        ("Delaware law", "Delaware"),
        ("the Commonwealth of Pennsylvania", "Pennsylvania"),
        ("the Commonwealth of Massachusetts", "Massachusetts"),
        ("the Province of Ontario", "Ontario"),
        ("the Province of Québec", "Quebec"),
        (
            "the laws of the State of California, without regard to its conflict of laws principles",
            "California",
        ),
        ("the laws of the District of Columbia", "District of Columbia"),
        ("Washington, D.C.", "District of Columbia"),
        ("the State of Washington", "Washington"),
        ("West Virginia", "West Virginia"),
        ("the State of Kansas", "Kansas"),
        ("the State of Arkansas", "Arkansas"),
        ("New Mexico", "New Mexico"),
        ("the laws of Scotland", "Scotland"),
        ("the laws of Ireland", "Ireland"),
        ("the laws of Northern Ireland", "Northern Ireland"),
        ("the Federal Republic of Germany", "Germany"),
        ("German law", "Germany"),
        ("the laws of France", "France"),
        ("Swiss law", "Switzerland"),
        ("the laws of the Netherlands", "Netherlands"),
        ("the laws of Singapore", "Singapore"),
        ("the laws of Hong Kong", "Hong Kong"),
        ("the Hong Kong Special Administrative Region", "Hong Kong"),
        ("the laws of Japan", "Japan"),
        ("the laws of the People's Republic of China", "China"),
        ("PRC Laws", "China"),
        ("the laws of India", "India"),
        ("the laws of the State of Israel", "Israel"),
        ("the Cayman Islands", "Cayman Islands"),
        ("the British Virgin Islands", "British Virgin Islands"),
        ("Bermuda", "Bermuda"),
        ("the Grand Duchy of Luxembourg", "Luxembourg"),
        ("the laws of the Province of British Columbia", "British Columbia"),
        ("the laws of the State of New South Wales", "New South Wales"),
        ("THE LAWS OF THE STATE OF TEXAS", "Texas"),
        ("laws of the State of Minnesota, United States of America", "Minnesota"),
        ("the laws of the United States of America", "United States"),
        ("the laws of Spain", "Spain"),
        ("the Republic of Korea", "South Korea"),
    ],
)
def test_normalize_jurisdiction(text: str, expected: str) -> None:
    assert normalize_jurisdiction(text) == expected


@pytest.mark.parametrize(
    "state", ["Alabama", "Hawaii", "Rhode Island", "North Dakota", "Wyoming", "Indiana"]
)
def test_every_us_state_form(state: str) -> None:
    assert normalize_jurisdiction(f"the laws of the State of {state}") == state
    assert normalize_jurisdiction(f"a {state} corporation") == state


def test_jurisdiction_needs_a_proper_name() -> None:
    # Lower-case ordinary words and adjectives outside legal context are not places.
    assert normalize_jurisdiction("a jersey and a sweater") is None
    assert normalize_jurisdiction("the English language version") is None
    assert normalize_jurisdiction("no place at all") is None


def test_jurisdiction_prefers_laws_of_over_other_mentions() -> None:
    text = "courts located in New York; governed by the laws of the State of Delaware"
    assert normalize_jurisdiction(text) == "Delaware"
    mentions = find_jurisdictions(text)
    assert [m.value for m in mentions] == ["New York", "Delaware"]
    assert text[mentions[1].start : mentions[1].end] == "the State of Delaware"


def test_drop_umbrellas_keeps_the_specific_jurisdiction() -> None:
    assert drop_umbrellas(["Nevada", "United States", "Nevada"]) == ["Nevada"]
    assert drop_umbrellas(["Ontario", "Canada"]) == ["Ontario"]
    assert drop_umbrellas(["United States"]) == ["United States"]
    assert drop_umbrellas(["Germany", "France"]) == ["Germany", "France"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12.5%", "12.5%"),
        ("twelve percent (12%)", "12%"),
        ("forty percent", "40%"),
        ("12.50 %", "12.5%"),
        ("15 per cent", "15%"),
        ("ten and one-half percent", "10.5%"),
        ("100%", "100%"),
    ],
)
def test_normalize_percentage(text: str, expected: str) -> None:
    assert normalize_percentage(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mr. John Doe", "John Doe"),
        ("Dr. Jane Smith, CEO", "Jane Smith"),
        ("Jane Smith, Chief Executive Officer", "Jane Smith"),
        ("Ms. Mary Ann Jones, Ph.D.", "Mary Ann Jones"),
        ("John Doe, Founder and CEO", "John Doe"),
        ("By: Robert Brown", "Robert Brown"),
        ("Jane Smith (President)", "Jane Smith"),
        ("Prof. Alan Turing", "Alan Turing"),
        ("Robert Brown Jr.", "Robert Brown Jr."),
        ("Jane Smith, its Chief Financial Officer", "Jane Smith"),
        ("John Doe as Managing Member", "John Doe"),
    ],
)
def test_normalize_person_name(text: str, expected: str) -> None:
    assert normalize_person_name(text) == expected


@pytest.mark.parametrize("text", ["", "  ", "CEO", ", President"])
def test_normalize_person_name_rejects_non_names(text: str) -> None:
    assert normalize_person_name(text) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("thirty", 30),
        ("one hundred eighty", 180),
        ("twenty-four", 24),
        ("two million", 2_000_000),
        ("one hundred and twenty", 120),
        ("seventeen", 17),
        ("many", None),
    ],
)
def test_parse_number_words(text: str, expected: int | None) -> None:
    assert parse_number_words(text) == expected


def _gold_date(answer: str) -> str | None:
    match = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})", answer.strip())
    if not match:
        return None
    year = int(match.group(3))
    if year < 100:
        year += 2000 if year < 70 else 1900
    return f"{year:04d}-{int(match.group(1)):02d}-{int(match.group(2)):02d}"


def test_cuad_agreement_dates_normalize_to_the_annotated_date() -> None:
    """Every CUAD "Agreement Date" span with a complete annotated date normalizes to it."""
    pairs = []
    for row in _cuad_rows():
        gold = _gold_date(row["Agreement Date (answer)"])
        spans = ast.literal_eval(row["Agreement Date"])
        if gold and spans:
            pairs.append((gold, {normalize_date(span) for span in spans}))
    misses = [(gold, got) for gold, got in pairs if gold not in got]
    print(f"CUAD agreement dates: {len(pairs) - len(misses)}/{len(pairs)} agree; misses {misses}")
    assert len(pairs) >= 40
    assert len(misses) <= len(pairs) // 20


def test_number_words_are_the_lexicon_s_one_list() -> None:
    # vocabulary.yaml number_units / number_tens / ordinal_words: the value readers, the
    # amendment reader and the clause reader take the same words (session 28, item 2)
    words = lexicon()
    for word, value in {**words.number_units, **words.number_tens}.items():
        assert parse_number_words(word) == value, word
        assert parse_number_words(word.title()) == value, word
    for tens, value in words.number_tens.items():
        assert parse_number_words(f"{tens}-three") == value + 3, tens
        assert parse_number_words(f"one hundred {tens} one") == 100 + value + 1, tens
    assert {w: n for w, n in words.number_units.items() if 1 <= n <= 10} == dict(
        words.amendment_number_words
    )
    assert {w: n for w, n in words.ordinal_words.items() if n <= 10}.items() <= dict(
        words.amendment_ordinals
    ).items()
