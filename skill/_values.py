"""Normalizers for the values contract language states: dates, money, durations,
jurisdictions, percentages and person names (formats of the shared values convention).

Each `find_*` function returns every mention in a text, in order, as `Mention`s with exact
offsets; each `normalize_*` function returns the first mention's normalized value or None.
Pure functions over strings: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation

from domain import lexicon


@dataclass(frozen=True, slots=True)
class Mention:
    """A normalized value found in a text, with the offsets of its surface form."""

    value: str
    start: int
    end: int


# --------------------------------------------------------------------------- numbers

# English numbers in words (vocabulary.yaml number_units, number_tens, number_scales).
_UNIT_WORDS = lexicon().number_units
_TENS_WORDS = lexicon().number_tens
_SCALE_WORDS = lexicon().number_scales
_ALL_NUMBER_WORDS = sorted({*_UNIT_WORDS, *_TENS_WORDS, *_SCALE_WORDS}, key=lambda w: (-len(w), w))
_W = "(?:" + "|".join(_ALL_NUMBER_WORDS) + ")"
WORD_NUMBER = rf"\b{_W}(?:(?:[\s-]+and[\s-]+|[\s-]+){_W})*\b"
_WORD_NUMBER_RE = re.compile(WORD_NUMBER, re.IGNORECASE)


def parse_number_words(text: str) -> int | None:
    """Value of an English number written in words ("one hundred eighty" -> 180)."""
    words = [w for w in re.split(r"[\s-]+", text.strip().lower()) if w and w != "and"]
    if not words:
        return None
    total = 0
    current = 0
    seen = False
    for word in words:
        if word in _UNIT_WORDS:
            current += _UNIT_WORDS[word]
        elif word in _TENS_WORDS:
            current += _TENS_WORDS[word]
        elif _SCALE_WORDS.get(word) == 100:
            current = max(current, 1) * 100
        elif word in _SCALE_WORDS:
            total += max(current, 1) * _SCALE_WORDS[word]
            current = 0
        else:
            return None
        seen = True
    return total + current if seen else None


def _parse_decimal(text: str) -> Decimal | None:
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?", text) and (
        "," in text or text.count(".") >= 2
    ):
        text = text.replace(".", "").replace(",", ".")
    try:
        return Decimal(text.replace(",", "").replace(" ", ""))
    except InvalidOperation:
        return None


def _format_number(value: Decimal) -> str:
    """Plain number with no thousands separators and no trailing zeros ("12.5", "40")."""
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


# --------------------------------------------------------------------------- dates

# Month names and abbreviations (domain/lexicon/vocabulary.yaml).
_MONTH = "(?P<{g}>" + lexicon().month.replace("{", "{{").replace("}", "}}") + ")"
# read once: month names are parsed on the evidence path
_month_value = lexicon().month_number
# Ordinals in words (vocabulary.yaml ordinal_words), and those of a tens word and a unit's
# ordinal up to a month's last day ("twenty-first", "thirty first").
_ORDINAL_UNITS = lexicon().ordinal_words
_ORDINAL_WORDS: dict[str, int] = dict(_ORDINAL_UNITS)
for _tens_word, _tens_value in _TENS_WORDS.items():
    for _unit_word, _unit_value in _ORDINAL_UNITS.items():
        if _unit_value <= 9 and _tens_value + _unit_value <= 31:
            _ORDINAL_WORDS[f"{_tens_word}-{_unit_word}"] = _tens_value + _unit_value
            _ORDINAL_WORDS[f"{_tens_word} {_unit_word}"] = _tens_value + _unit_value
_ORDINAL_WORD_RE = "|".join(
    w.replace(" ", r"[\s-]+").replace("-", r"[\s-]+")
    for w in sorted(_ORDINAL_WORDS, key=len, reverse=True)
    if " " not in w
)
# OCR in real filings splits ordinal suffixes ("1s t", "20t h"): allow one space inside.
_DAY = r"(?P<{g}>(?:[0-3]?\d)(?:\s?(?:s\s?t|n\s?d|r\s?d|t\s?h))?|" + _ORDINAL_WORD_RE + r")"
_YEAR = r"(?P<{g}>(?:1[6-9]|20|21)\d{{2}})"

_DATE_PATTERNS: tuple[re.Pattern[str], ...] = (
    # 2021-03-01
    re.compile(r"(?<![\d/.-])(?P<y>\d{4})([-/])(?P<m>\d{1,2})\2(?P<d>\d{1,2})(?![\d/-])"),
    # March 1, 2021 / March 1st, 2021 / March 1,2021 / March 01 2021
    re.compile(
        r"\b"
        + _MONTH.format(g="mon")
        + r"\s+"
        + _DAY.format(g="day")
        + r"\s*,?\s*(?:of\s+)?"
        + _YEAR.format(g="year")
        + r"\b",
        re.IGNORECASE,
    ),
    # 1st day of March, 2021 / 1 March 2021 / the 1st of March, 2003 / 14 day of June 2006
    re.compile(
        r"\b"
        + _DAY.format(g="day")
        + r"\s*(?:day\s+)?(?:of\s*)?[-\s]*"
        + _MONTH.format(g="mon")
        + r"[\s,-]*(?:in\s+the\s+year\s+)?"
        + _YEAR.format(g="year")
        + r"\b",
        re.IGNORECASE,
    ),
    # 03/01/2021 (US order), 3/1/03, 03-01-2021
    re.compile(r"(?<![\d/.])(?P<m>\d{1,2})([/-])(?P<d>\d{1,2})\2(?P<y>\d{4}|\d{2})(?![\d/])"),
    # 01.03.2021 (day first, the continental convention for dotted dates)
    re.compile(r"(?<![\d.])(?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>\d{4})(?![\d.])"),
)
_PARTIAL_DATE_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(r"\b" + _MONTH.format(g="mon") + r",?\s+" + _YEAR.format(g="year") + r"\b", re.I),
    re.compile(r"\b" + _YEAR.format(g="year") + r"\b"),
)


def _day_value(text: str) -> int | None:
    cleaned = re.sub(r"\s+", " ", text.strip().lower())
    digits = re.match(r"\d+", cleaned)
    if digits:
        return int(digits.group())
    return _ORDINAL_WORDS.get(cleaned.replace(" ", "-")) or _ORDINAL_WORDS.get(cleaned)


def _year_value(text: str) -> int:
    year = int(text)
    if len(text) == 2:
        # Two-digit years in contracts (3/1/03): 00-69 are this century, 70-99 the last.
        year += 2000 if year < 70 else 1900
    return year


def _iso(year: int, month: int | None, day: int | None) -> str | None:
    if month is None or day is None:
        return None
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


def find_dates(text: str, *, partial: bool = False) -> list[Mention]:
    """Every calendar date in `text` as ISO YYYY-MM-DD, in order of appearance.

    With `partial`, month-year ("March 2015" -> "2015-03") and bare years ("2015") not
    covered by a full date are reported too.
    """
    found: list[Mention] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in taken)

    for pattern in _DATE_PATTERNS:
        for match in pattern.finditer(text):
            if not free(match.start(), match.end()):
                continue
            groups = match.groupdict()
            month = _month_value(groups["mon"]) if groups.get("mon") else int(groups["m"])
            day = _day_value(groups["day"]) if groups.get("day") else int(groups["d"])
            year = _year_value(groups["year"] if groups.get("year") else groups["y"])
            iso = _iso(year, month, day)
            if iso is not None:
                found.append(Mention(iso, match.start(), match.end()))
                taken.append((match.start(), match.end()))
    if partial:
        for index, pattern in enumerate(_PARTIAL_DATE_PATTERNS):
            for match in pattern.finditer(text):
                if not free(match.start(), match.end()):
                    continue
                year = int(match.group("year"))
                if index == 0:
                    month = _month_value(match.group("mon"))
                    if month is None:
                        continue
                    value = f"{year:04d}-{month:02d}"
                else:
                    value = f"{year:04d}"
                found.append(Mention(value, match.start(), match.end()))
                taken.append((match.start(), match.end()))
    return sorted(found, key=lambda m: (m.start, m.end))


def normalize_date(text: str, *, partial: bool = False) -> str | None:
    """ISO date of the first date in `text` ("1st day of March, 2021" -> "2021-03-01")."""
    dates = find_dates(text, partial=partial)
    return dates[0].value if dates else None


# --------------------------------------------------------------------------- durations

_DURATION_UNITS = {
    "day": "day",
    "days": "day",
    "week": "week",
    "weeks": "week",
    "month": "month",
    "months": "month",
    "year": "year",
    "years": "year",
    "hour": "hour",
    "hours": "hour",
}
_UNIT_RE = r"(?P<unit>days?|weeks?|months?|years?|hours?)"
# Business days are a different measure from calendar days, so the qualifier is kept.
_QUALIFIER_RE = r"(?:(?P<qual>business|working|banking)\s+|(?:calendar|consecutive|full)\s+)?"
_DURATION_RE = re.compile(
    r"(?:(?P<num>\d+(?:\.\d+)?|"
    + WORD_NUMBER
    + r")(?:\s*\(\s*(?P<paren>\d+(?:\.\d+)?)\s*\))?|\(\s*(?P<bare>\d+)\s*\))"
    + r"[\s-]*"
    + _QUALIFIER_RE
    + _UNIT_RE
    + r"\b",
    re.IGNORECASE,
)
_ARTICLE_DURATION_RE = re.compile(
    r"\b(?:a|an|one)\s+(?:(?:additional|further|single|successive|subsequent|extra|renewal)\s+)?"
    r"(?P<qual>business\s+|calendar\s+)?(?P<unit>day|week|month|year)\b",
    re.IGNORECASE,
)


def format_duration(amount: Decimal | int, unit: str) -> str:
    """'<n> <unit>' with the unit singular when n == 1 ("1 year", "30 days")."""
    number = _format_number(Decimal(amount))
    return f"{number} {unit}" if Decimal(amount) == 1 else f"{number} {unit}s"


def find_durations(text: str) -> list[Mention]:
    """Every period of time stated in `text` ("thirty (30) days" -> "30 days")."""
    found: list[Mention] = []
    for match in _DURATION_RE.finditer(text):
        raw = match.group("paren") or match.group("bare") or match.group("num")
        amount: Decimal | None
        if re.fullmatch(r"\d+(?:\.\d+)?", raw):
            amount = Decimal(raw)
        else:
            words = parse_number_words(raw)
            amount = Decimal(words) if words is not None else None
        if amount is None or amount <= 0:
            continue
        unit = _DURATION_UNITS[match.group("unit").lower()]
        if match.group("qual"):
            unit = f"{match.group('qual').lower()} {unit}"
        found.append(Mention(format_duration(amount, unit), match.start(), match.end()))
    for match in _ARTICLE_DURATION_RE.finditer(text):
        if any(m.start <= match.start() < m.end for m in found):
            continue
        unit = match.group("unit").lower()
        if match.group("qual") and match.group("qual").strip().lower() == "business":
            unit = f"business {unit}"
        found.append(Mention(format_duration(1, unit), match.start(), match.end()))
    return sorted(found, key=lambda m: (m.start, m.end))


def normalize_duration(text: str) -> str | None:
    """'<n> <unit>' of the first duration in `text` ("a period of three years" -> "3 years")."""
    durations = find_durations(text)
    return durations[0].value if durations else None


# --------------------------------------------------------------------------- money

# (pattern, ISO code); longest symbols first so "US$" wins over "$".
_CURRENCY_PREFIXES: tuple[tuple[str, str], ...] = (
    (r"U\.\s?S\.\s?\$", "USD"),
    (r"US\$", "USD"),
    (r"USD\s?\$?", "USD"),
    (r"C\$|CA\$|CAD\s?\$?", "CAD"),
    (r"A\$|AU\$|AUD\s?\$?", "AUD"),
    (r"NZ\$|NZD", "NZD"),
    (r"S\$|SGD\s?\$?", "SGD"),
    (r"HK\$|HKD\s?\$?", "HKD"),
    (r"R\$|BRL", "BRL"),
    (r"\$", "USD"),
    (r"€|EUR|EURO", "EUR"),
    (r"£|GBP|Stg\.?", "GBP"),
    (r"¥|JPY", "JPY"),
    (r"RMB|CNY", "CNY"),
    (r"₹|INR|Rs\.?", "INR"),
    (r"CHF|SFr\.?", "CHF"),
    (r"₪|NIS|ILS", "ILS"),
    (r"₩|KRW", "KRW"),
    (r"SEK|NOK|DKK|MXN|ZAR|PLN|CZK|HUF|TWD|THB|MYR|IDR|PHP|AED|SAR|RUB|TRY", ""),
)
_CURRENCY_SUFFIXES: tuple[tuple[str, str], ...] = (
    (r"(?:United\s+States|U\.\s?S\.|US)\s+dollars?", "USD"),
    (r"Canadian\s+dollars?", "CAD"),
    (r"Australian\s+dollars?", "AUD"),
    (r"New\s+Zealand\s+dollars?", "NZD"),
    (r"Singapore(?:an)?\s+dollars?", "SGD"),
    (r"Hong\s+Kong\s+dollars?", "HKD"),
    (r"dollars?", "USD"),
    (r"euros?", "EUR"),
    (r"(?:pounds?\s+sterling|British\s+pounds?|pounds?|sterling)", "GBP"),
    (r"(?:Japanese\s+)?yen", "JPY"),
    (r"(?:Chinese\s+)?(?:renminbi|yuan)", "CNY"),
    (r"(?:Indian\s+)?rupees?", "INR"),
    (r"Swiss\s+francs?", "CHF"),
    (r"(?:new\s+Israeli\s+)?shekels?", "ILS"),
    (r"USD|EUR|GBP|JPY|CHF|CAD|AUD|SGD|HKD|CNY|RMB|INR|SEK|NOK|DKK|ILS", ""),
)
_MAGNITUDES = {
    "thousand": 1_000,
    "k": 1_000,
    "million": 1_000_000,
    "mm": 1_000_000,
    "m": 1_000_000,
    "mn": 1_000_000,
    "mio": 1_000_000,
    "billion": 1_000_000_000,
    "bn": 1_000_000_000,
    "b": 1_000_000_000,
}
# Continental grouping ("1.250.000,50") only where it cannot be read as a decimal point.
_AMOUNT = (
    r"(?P<amount>\d{1,3}(?:\.\d{3})+,\d{1,2}(?!\d)|\d{1,3}(?:\.\d{3}){2,}(?![\d,])|"
    r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\s\d{3})+(?![\d,.])|\d+(?:\.\d+)?)"
)
_MAGNITUDE = r"(?:\s?(?P<mag>thousand|million|billion|mm|mio|mn|bn|k|m|b)\b)?"
_PREFIX_ALTERNATION = "|".join(f"(?:{p})" for p, _ in _CURRENCY_PREFIXES)
_SUFFIX_ALTERNATION = "|".join(f"(?:{p})" for p, _ in _CURRENCY_SUFFIXES)
_MONEY_PREFIXED_RE = re.compile(
    rf"(?P<cur>{_PREFIX_ALTERNATION})\s?{_AMOUNT}{_MAGNITUDE}(?![\d])", re.IGNORECASE
)
_MONEY_SUFFIXED_RE = re.compile(
    rf"(?<![\w$€£¥.]){_AMOUNT}{_MAGNITUDE}\s?(?P<cur>{_SUFFIX_ALTERNATION})\b", re.IGNORECASE
)
_MONEY_WORDS_RE = re.compile(
    rf"(?P<words>{WORD_NUMBER})\s+(?P<cur>{_SUFFIX_ALTERNATION})\b"
    rf"(?:\s*\(\s*(?P<paren>(?:{_PREFIX_ALTERNATION})\s?[\d.,]+(?:\s?(?:thousand|million|billion))?)\s*\))?",
    re.IGNORECASE,
)


def _currency_code(token: str, table: tuple[tuple[str, str], ...]) -> str:
    for pattern, code in table:
        if re.fullmatch(pattern, token.strip(), re.IGNORECASE):
            return code or token.strip().upper().replace("RMB", "CNY")
    return "USD"


def format_money(currency: str, amount: Decimal) -> str:
    """'<ISO code> <amount>' with thousands separators, decimals only when not whole."""
    if amount == amount.to_integral_value():
        return f"{currency} {int(amount):,}"
    return f"{currency} {amount.quantize(Decimal('0.01'), rounding=ROUND_HALF_EVEN):,}"


def _scaled(amount: Decimal, magnitude: str | None) -> Decimal:
    if not magnitude:
        return amount
    return amount * _MAGNITUDES[magnitude.lower()]


def find_money(text: str) -> list[Mention]:
    """Every amount of money in `text` ("US$2 million" -> "USD 2,000,000")."""
    found: list[Mention] = []

    def overlaps(start: int, end: int) -> bool:
        return any(not (end <= m.start or start >= m.end) for m in found)

    for match in _MONEY_WORDS_RE.finditer(text):
        if match.group("paren"):
            inner = find_money(match.group("paren"))
            if inner:
                found.append(Mention(inner[0].value, match.start(), match.end()))
                continue
        words = parse_number_words(match.group("words"))
        if words:
            code = _currency_code(match.group("cur"), _CURRENCY_SUFFIXES)
            found.append(Mention(format_money(code, Decimal(words)), match.start(), match.end()))
    for pattern, table in (
        (_MONEY_PREFIXED_RE, _CURRENCY_PREFIXES),
        (_MONEY_SUFFIXED_RE, _CURRENCY_SUFFIXES),
    ):
        for match in pattern.finditer(text):
            if overlaps(match.start(), match.end()):
                continue
            magnitude = match.group("mag")
            # A lone "m"/"b" is only a magnitude when glued or nearly glued to the figure.
            if magnitude and magnitude.lower() in {"m", "b"} and " " in match.group(0)[-3:]:
                magnitude = None
            amount = _parse_decimal(match.group("amount"))
            if amount is None:
                continue
            code = _currency_code(match.group("cur"), table)
            end = match.end() if magnitude or not match.group("mag") else match.start("mag")
            surface_end = end
            while surface_end > match.start() and text[surface_end - 1].isspace():
                surface_end -= 1
            found.append(
                Mention(format_money(code, _scaled(amount, magnitude)), match.start(), surface_end)
            )
    return sorted(found, key=lambda m: (m.start, m.end))


def normalize_money(text: str) -> str | None:
    """'<ISO code> <amount>' of the first amount in `text` ("£250,000" -> "GBP 250,000")."""
    amounts = find_money(text)
    return amounts[0].value if amounts else None


# --------------------------------------------------------------------------- percentages

_PERCENT_RE = re.compile(
    r"(?:(?P<words>"
    + WORD_NUMBER
    + r")(?:\s+and\s+(?P<half>one[\s-]half|a\s+half))?\s+(?:percent|per\s+cent)\b"
    r"(?:\s*\(\s*(?P<paren>\d+(?:\.\d+)?)\s*%\s*\))?)"
    r"|(?P<num>\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b|pct\b)",
    re.IGNORECASE,
)


def find_percentages(text: str) -> list[Mention]:
    """Every percentage in `text` ("twelve percent (12%)" -> "12%")."""
    found: list[Mention] = []
    for match in _PERCENT_RE.finditer(text):
        value: Decimal | None
        if match.group("num"):
            value = Decimal(match.group("num"))
        elif match.group("paren"):
            value = Decimal(match.group("paren"))
        else:
            words = parse_number_words(match.group("words"))
            value = None if words is None else Decimal(words)
            if value is not None and match.group("half"):
                value += Decimal("0.5")
        if value is not None:
            found.append(Mention(f"{_format_number(value)}%", match.start(), match.end()))
    return found


def normalize_percentage(text: str) -> str | None:
    """'<number>%' of the first percentage in `text` ("12.50%" -> "12.5%")."""
    values = find_percentages(text)
    return values[0].value if values else None


# --------------------------------------------------------------------------- jurisdictions

# US states, the District of Columbia and Puerto Rico (domain/lexicon/vocabulary.yaml).
_US_STATES = lexicon().us_states
_CANADIAN_PROVINCES = (
    "Alberta",
    "British Columbia",
    "Manitoba",
    "New Brunswick",
    "Newfoundland and Labrador",
    "Nova Scotia",
    "Ontario",
    "Prince Edward Island",
    "Quebec",
    "Saskatchewan",
    "Northwest Territories",
    "Nunavut",
    "Yukon",
)
_AUSTRALIAN_STATES = (
    "New South Wales",
    "Victoria",
    "Queensland",
    "Western Australia",
    "South Australia",
    "Tasmania",
    "Australian Capital Territory",
    "Northern Territory",
)
# canonical name -> extra written forms (regex fragments, matched case-insensitively).
_JURISDICTION_VARIANTS: dict[str, tuple[str, ...]] = {
    "District of Columbia": (r"Washington,?\s+D\.?\s?C\.?", r"D\.C\."),
    "Massachusetts": (r"Massachussetts", r"Massachussets"),
    "Quebec": (r"Québec",),
    "Newfoundland and Labrador": (r"Newfoundland",),
    "Rhode Island": (r"Rhode\s+Island\s+and\s+Providence\s+Plantations",),
    "Puerto Rico": (),
    "England and Wales": (r"England\s*(?:and|&)\s*Wales", r"England", r"Wales"),
    "Scotland": (),
    "Northern Ireland": (),
    "United Kingdom": (
        r"United\s+Kingdom(?:\s+of\s+Great\s+Britain\s+and\s+Northern\s+Ireland)?",
        r"U\.K\.",
        r"UK",
        r"Great\s+Britain",
    ),
    "Ireland": (r"Republic\s+of\s+Ireland", r"Eire"),
    "Germany": (r"Federal\s+Republic\s+of\s+Germany",),
    "France": (r"French\s+Republic",),
    "Switzerland": (r"Swiss\s+Confederation",),
    "Netherlands": (r"Kingdom\s+of\s+the\s+Netherlands", r"Holland"),
    "Belgium": (r"Kingdom\s+of\s+Belgium",),
    "Luxembourg": (r"Grand\s+Duchy\s+of\s+Luxembourg",),
    "Austria": (r"Republic\s+of\s+Austria",),
    "Spain": (r"Kingdom\s+of\s+Spain",),
    "Italy": (r"Italian\s+Republic",),
    "Portugal": (),
    "Sweden": (r"Kingdom\s+of\s+Sweden",),
    "Norway": (r"Kingdom\s+of\s+Norway",),
    "Denmark": (r"Kingdom\s+of\s+Denmark",),
    "Finland": (),
    "Iceland": (),
    "Poland": (),
    "Czech Republic": (r"Czechia",),
    "Hungary": (),
    "Greece": (),
    "Cyprus": (r"Republic\s+of\s+Cyprus",),
    "Malta": (),
    "Estonia": (),
    "Latvia": (),
    "Lithuania": (),
    "Romania": (),
    "Bulgaria": (),
    "Croatia": (),
    "Slovenia": (),
    "Slovakia": (),
    "Liechtenstein": (),
    "Monaco": (),
    "Jersey": (r"Bailiwick\s+of\s+Jersey",),
    "Guernsey": (r"Bailiwick\s+of\s+Guernsey",),
    "Isle of Man": (),
    "Gibraltar": (),
    "Turkey": (r"Türkiye", r"Turkiye"),
    "Russia": (r"Russian\s+Federation",),
    "Ukraine": (),
    "Israel": (),
    "United Arab Emirates": (r"U\.A\.E\.", r"UAE"),
    "Dubai International Financial Centre": (r"DIFC",),
    "Saudi Arabia": (r"Kingdom\s+of\s+Saudi\s+Arabia",),
    "Qatar": (),
    "Bahrain": (),
    "Egypt": (),
    "South Africa": (r"Republic\s+of\s+South\s+Africa",),
    "Nigeria": (),
    "Kenya": (),
    "Mauritius": (),
    "India": (r"Republic\s+of\s+India",),
    "China": (
        r"People'?s\s+Republic\s+of\s+China",
        r"People’s\s+Republic\s+of\s+China",
        r"P\.\s?R\.\s?C\.",
        r"PRC",
        r"P\.\s?R\.\s?China",
        r"Mainland\s+China",
    ),
    "Hong Kong": (
        r"Hong\s+Kong\s+Special\s+Administrative\s+Region(?:\s+of\s+the\s+People'?s\s+Republic\s+of\s+China)?",
        r"HKSAR",
        r"Hong\s+Kong\s+SAR",
    ),
    "Macau": (r"Macao",),
    "Taiwan": (r"Republic\s+of\s+China",),
    "Japan": (),
    "South Korea": (r"Republic\s+of\s+Korea", r"Korea"),
    "Singapore": (r"Republic\s+of\s+Singapore",),
    "Malaysia": (),
    "Thailand": (r"Kingdom\s+of\s+Thailand",),
    "Indonesia": (),
    "Philippines": (r"Republic\s+of\s+the\s+Philippines",),
    "Vietnam": (r"Viet\s+Nam",),
    "Australia": (r"Commonwealth\s+of\s+Australia",),
    "New Zealand": (),
    "Canada": (),
    "United States": (r"United\s+States\s+of\s+America", r"U\.\s?S\.\s?A\.?", r"USA"),
    "Mexico": (r"United\s+Mexican\s+States",),
    "Brazil": (r"Federative\s+Republic\s+of\s+Brazil",),
    "Argentina": (),
    "Chile": (),
    "Colombia": (),
    "Peru": (),
    "Cayman Islands": (r"Caymans?",),
    "British Virgin Islands": (r"BVI", r"Virgin\s+Islands\s*\(British\)"),
    "Bermuda": (r"Islands\s+of\s+Bermuda",),
    "Bahamas": (r"Commonwealth\s+of\s+(?:the\s+)?Bahamas",),
    "Barbados": (),
    "Panama": (r"Republic\s+of\s+Panama",),
    "Marshall Islands": (r"Republic\s+of\s+the\s+Marshall\s+Islands",),
    "Liberia": (),
    "Curaçao": (r"Curacao",),
}
# Adjectival forms name a jurisdiction only before law/entity words ("English law",
# "a Dutch company"); elsewhere ("English language") they do not.
_ADJECTIVES: dict[str, tuple[str, ...]] = {
    "England and Wales": (r"English",),
    "Scotland": (r"Scottish", r"Scots"),
    "Ireland": (r"Irish",),
    "Germany": (r"German",),
    "France": (r"French",),
    "Switzerland": (r"Swiss",),
    "Netherlands": (r"Dutch",),
    "Belgium": (r"Belgian",),
    "Spain": (r"Spanish",),
    "Italy": (r"Italian",),
    "Sweden": (r"Swedish",),
    "Norway": (r"Norwegian",),
    "Denmark": (r"Danish",),
    "Finland": (r"Finnish",),
    "Austria": (r"Austrian",),
    "Japan": (r"Japanese",),
    "China": (r"Chinese",),
    "India": (r"Indian",),
    "Israel": (r"Israeli",),
    "Singapore": (r"Singaporean",),
    "Canada": (r"Canadian",),
    "Australia": (r"Australian",),
    "South Korea": (r"Korean",),
    "Brazil": (r"Brazilian",),
    "Mexico": (r"Mexican",),
    "Cyprus": (r"Cypriot",),
    "Luxembourg": (r"Luxembourgish",),
    "Bermuda": (r"Bermudian",),
    "United Kingdom": (r"British",),
    "United States": (r"U\.S\.", r"US", r"American"),
}
# The nouns a jurisdiction's adjective may qualify ("Swiss law", "a German GmbH"): laws,
# courts and entity types with the forms that follow a nationality. Not the legal-form list
# (vocabulary.yaml legal_forms): "B.V." written with its final stop, and only these forms.
_ADJECTIVE_CONTEXT = (
    r"(?=\s+(?:(?:substantive|procedural|contract|corporate|company|statutory|federal|state)\s+)?"
    r"(?:laws?|courts?|statutes?|corporation|company|limited|partnership|entity|"
    r"société|gesellschaft|GmbH|AG|B\.V\.|N\.V\.|S\.A\.|plc|jurisdiction)\b)"
)
# Names also written with a leading "State of" etc. are matched with that prefix included.
_JURISDICTION_PREFIX = (
    r"(?:the\s+)?(?:(?:State|Commonwealth|Province|Territory|Emirate|Canton)\s+of\s+(?:the\s+)?)?"
)

_UMBRELLAS = {
    "United States": set(_US_STATES) | {"District of Columbia", "Puerto Rico"},
    "Canada": set(_CANADIAN_PROVINCES),
    "Australia": set(_AUSTRALIAN_STATES),
    "United Kingdom": {"England and Wales", "Scotland", "Northern Ireland"},
    "China": {"Hong Kong", "Macau"},
}


def _build_jurisdiction_table() -> list[tuple[str, str, bool]]:
    """(regex fragment, canonical name, is_adjective), longest fragments first."""
    rows: list[tuple[str, str, bool]] = []
    for name in (*_US_STATES, *_CANADIAN_PROVINCES, *_AUSTRALIAN_STATES):
        rows.append((re.escape(name).replace(r"\ ", r"\s+"), name, False))
    for canonical, variants in _JURISDICTION_VARIANTS.items():
        rows.append((re.escape(canonical).replace(r"\ ", r"\s+"), canonical, False))
        rows.extend((variant, canonical, False) for variant in variants)
    for canonical, adjectives in _ADJECTIVES.items():
        rows.extend((adjective, canonical, True) for adjective in adjectives)
    # Longest literal first: "West Virginia" before "Virginia", "New Mexico" before "Mexico".
    return sorted(rows, key=lambda row: (-len(row[0]), row[0]))


_JURISDICTION_TABLE = _build_jurisdiction_table()
# One alternation of every written form, tried only where a capitalised word starts (a
# proper name): scanning every offset of a clause with ~250 alternatives is far slower.
_JURISDICTION_NAME_RE = re.compile(
    "|".join(
        f"(?:{fragment}){_ADJECTIVE_CONTEXT if adjective else ''}"
        for fragment, _, adjective in _JURISDICTION_TABLE
    ),
    re.IGNORECASE,
)
_JURISDICTION_ROWS = tuple(
    (re.compile(fragment, re.IGNORECASE), canonical, adjective)
    for fragment, canonical, adjective in _JURISDICTION_TABLE
)
_NAME_STARTS = re.compile(r"(?<![\w-])[A-Z]")
_PREFIX_BEFORE = re.compile(
    _JURISDICTION_PREFIX.replace("(?:the", r"(?:\bthe", 1) + "$", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class JurisdictionMention:
    """A jurisdiction named in a text: canonical name, offsets of the whole phrase, and of
    the name itself (without "the State of")."""

    value: str
    start: int
    end: int
    name_start: int
    adjective: bool


def find_jurisdictions(text: str) -> list[JurisdictionMention]:
    """Every jurisdiction named in `text`, canonical names, in order of appearance.

    Proper names are capitalised (or the whole clause is in capitals), which keeps
    "jersey" or "victoria" used as ordinary words out.
    """
    found: list[JurisdictionMention] = []
    consumed = 0
    for start in _NAME_STARTS.finditer(text):
        position = start.start()
        if position < consumed:
            continue
        match = _JURISDICTION_NAME_RE.match(text, position)
        if match is None or (
            match.end() < len(text) and (text[match.end()].isalnum() or text[match.end()] in "_-")
        ):
            continue
        name = match.group(0)
        canonical, adjective = next(
            (canonical, adjective)
            for pattern, canonical, adjective in _JURISDICTION_ROWS
            if pattern.fullmatch(name)
        )
        window_start = max(consumed, position - 40)
        prefix = _PREFIX_BEFORE.search(text, window_start, position)
        phrase_start = prefix.start() if prefix else position
        found.append(JurisdictionMention(canonical, phrase_start, match.end(), position, adjective))
        consumed = match.end()
    return found


def normalize_jurisdiction(text: str) -> str | None:
    """Canonical jurisdiction a text names; the one after "laws of" when there are several
    ("the laws of the State of California, without regard to ..." -> "California")."""
    mentions = find_jurisdictions(text)
    if not mentions:
        return None
    for mention in mentions:
        before = text[max(0, mention.start - 40) : mention.start]
        after = text[mention.end : mention.end + 12]
        if re.search(r"\blaws?\s+(?:\w+\s+){0,2}of\s+$", before, re.IGNORECASE) or re.match(
            r"\s*(?:'s\s+)?laws?\b", after, re.IGNORECASE
        ):
            return mention.value
    specific = drop_umbrellas([m.value for m in mentions])
    return specific[0]


def drop_umbrellas(values: list[str]) -> list[str]:
    """Distinct values in order, without a country when one of its states is also named
    ("Minnesota, United States of America" is Minnesota law)."""
    distinct = list(dict.fromkeys(values))
    return [
        value
        for value in distinct
        if not (value in _UMBRELLAS and any(other in _UMBRELLAS[value] for other in distinct))
    ]


# --------------------------------------------------------------------------- person names

_HONORIFICS = (
    r"Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Professor|Sir|Dame|Lord|Lady|Hon|Honorable|Honourable|Rev|"
    r"Reverend|Judge|Justice"
)
_ROLE_WORDS = (
    r"Chief\s+\w+\s+Officer|CEO|CFO|COO|CTO|CIO|CMO|President|Vice\s+President|VP|Secretary|"
    r"Treasurer|Chair(?:man|woman|person)?|Director|Founder|Co-?Founder|Managing\s+Director|"
    r"General\s+Partner|Managing\s+Member|Partner|Member|Manager|Officer|Trustee|"
    r"Authorized\s+(?:Signatory|Representative)|Signatory|Attorney|Counsel|General\s+Counsel"
)
_DEGREE_SUFFIXES = r"Ph\.?\s?D\.?|M\.?D\.?|J\.?D\.?|Esq\.?|CPA|MBA|P\.?E\.?"


def normalize_person_name(text: str) -> str | None:
    """A person's name without honorifics, titles or trailing roles ("Dr. Jane Smith, CEO"
    -> "Jane Smith")."""
    name = re.sub(r"\s+", " ", text).strip().strip(",;:")
    name = re.sub(r"^(?:By|Name)\s*:\s*", "", name, flags=re.IGNORECASE)
    while True:
        stripped = re.sub(rf"^(?:{_HONORIFICS})\.?\s+", "", name, flags=re.IGNORECASE)
        if stripped == name:
            break
        name = stripped
    # A trailing role after a comma, dash or "as"/"the" ("Jane Smith, Chief Executive Officer").
    name = re.sub(
        rf"\s*(?:,|\s-\s|\s–\s|\bas\b|\(|\bthe\b)\s*(?:(?:its|the|our|a|an)\s+)?"
        rf"(?:(?:Chief|Executive|Senior|Deputy|Co-?|Interim|Acting|Founding|Lead|Sole)\s*)*"
        rf"(?:{_ROLE_WORDS})\b.*$",
        "",
        name,
        flags=re.IGNORECASE,
    )
    name = re.sub(rf"(?:,\s*|\s+)(?:{_DEGREE_SUFFIXES})(?=$|[\s,])", "", name)
    name = name.strip().strip(",;:()").strip()
    if not name or not re.search(r"[A-Za-z]", name):
        return None
    if re.fullmatch(rf"(?:{_ROLE_WORDS})", name, flags=re.IGNORECASE):
        return None
    return name
