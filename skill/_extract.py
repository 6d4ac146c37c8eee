"""Attribute extractors: from one sentence (or clause) of a document to the normalized
values it states for an attribute, with the exact surface and offsets each came from.

`sentence_relevance` says how directly a sentence bears on an attribute (for ranking);
`extract_values` returns the values. Both are deterministic rule sets over general contract
and corporate language; confidences are fixed per rule (how directly the rule's cue states
the value).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Literal, cast

from domain import AttributeEntry, LexiconError, is_table_row, lexicon
from skill._values import (
    JurisdictionMention,
    Mention,
    drop_umbrellas,
    find_dates,
    find_durations,
    find_jurisdictions,
    find_money,
    find_percentages,
    format_duration,
    normalize_person_name,
)

ValueKind = Literal[
    "name", "jurisdiction", "date", "duration", "money", "percentage", "yes_no", "text"
]


@dataclass(frozen=True, slots=True)
class ExtractedValue:
    """One normalized value a sentence states, and where in the sentence it is stated."""

    kind: ValueKind
    value: str
    surface: str
    start: int
    end: int
    confidence: float


# --------------------------------------------------------------------------- relevance

_I = re.IGNORECASE

# Which sentences bear on an attribute, and how strongly: each attribute's relevance cues
# (domain/lexicon/attributes.yaml). `{entity_type}` in a cue stands for the lexicon's
# entity types.
_RELEVANCE_CUES: dict[str, tuple[tuple[str, float], ...]] = {
    entry.name: tuple(
        (pattern.replace("{entity_type}", lexicon().entity_type), weight)
        for pattern, weight in entry.relevance_cues
    )
    for entry in lexicon().attributes
    if entry.relevance_cues
}
_COMPILED_CUES = {
    attribute: tuple((re.compile(pattern, _I | re.DOTALL), weight) for pattern, weight in cues)
    for attribute, cues in _RELEVANCE_CUES.items()
}


@functools.lru_cache(maxsize=16384)
def sentence_relevance(attribute: str, sentence: str) -> float:
    """0 when the sentence does not bear on the attribute; up to 1 when it states it.
    Memoized: a pure function, asked again for each question about the same documents."""
    relevance = _cue_relevance(attribute, sentence)
    if relevance == 0.0 and attribute in _EXTRACTORS and _EXTRACTORS[attribute](sentence, None):
        # A sentence that states a value bears on the attribute even in words no cue lists.
        return 0.5
    return relevance


def _cue_relevance(attribute: str, sentence: str) -> float:
    cues = _COMPILED_CUES.get(attribute)
    if not cues:
        return 0.0
    weights = sorted((w for pattern, w in cues if pattern.search(sentence)), reverse=True)
    if not weights:
        return 0.0
    # The strongest cue decides; each further cue adds a little, so ranking is stable
    # among sentences that share the strongest cue.
    return round(min(1.0, weights[0] + 0.02 * (len(weights) - 1)), 4)


# --------------------------------------------------------------------------- helpers


def _value(
    kind: ValueKind, value: str, sentence: str, start: int, end: int, confidence: float
) -> ExtractedValue:
    return ExtractedValue(kind, value, sentence[start:end], start, end, round(confidence, 4))


def _window_before(sentence: str, start: int, size: int, floor: int = 0) -> str:
    return sentence[max(floor, start - size) : start]


def _last_cue(text: str, pattern: re.Pattern[str]) -> int:
    """End offset of the last match of `pattern` in `text`, -1 when none."""
    ends = [m.end() for m in pattern.finditer(text)]
    return ends[-1] if ends else -1


def _trimmed_span(sentence: str, start: int, end: int) -> tuple[int, int]:
    """[start, end) without surrounding whitespace and trailing separators."""
    while start < end and sentence[start].isspace():
        start += 1
    while end > start and (sentence[end - 1].isspace() or sentence[end - 1] in ";,"):
        end -= 1
    return start, end


def _text_value(
    sentence: str, confidence: float, start: int = 0, end: int | None = None
) -> ExtractedValue | None:
    start, stop = _trimmed_span(sentence, start, len(sentence) if end is None else end)
    if stop <= start:
        return None
    return _value("text", sentence[start:stop], sentence, start, stop, confidence)


def _party_regex(party: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in party.strip().strip("\"'“”").split()]
    return re.compile(r"(?<![\w])" + r"\s+".join(words) + r"(?![\w])", _I)


# --------------------------------------------------------------------------- jurisdictions

_GOVERNING_CUE = re.compile(
    r"\bgovern|\bconstru|\binterpret|\benforc|\bappl(?:y|ies|ied|icable|ication)\b|"
    r"\bcontrolled\s+by\b|\bin\s+accordance\s+with\s+(?:the\s+)?(?:\w+\s+)?laws?\b|"
    r"\b(?:choice|conflicts?)\s+of\s+laws?\b|\bsubject\s+to\s+(?:the\s+)?(?:[\w.]+\s+){0,3}laws?\b",
    _I,
)
_LAW_CUE = re.compile(r"\blaws?\b|\bgovern\w*|\bconstru\w*|\binterpret\w*|\bstatutes?\b", _I)
_VENUE_CUE = re.compile(
    r"\bcourts?\b|\bvenue\b|\bforum\b|\bjurisdiction\b|\barbitrat\w*|\blitigat\w*|\bbrought\b|"
    r"\bseated\b|\btribunals?\b|\blocated\b|\bsitting\b|\bperformed\b|\bexecuted\b|\bmade\b|"
    r"\bheld\b|\bsituated\b|\bresid\w+|\bcontracted\b|\bnegotiated\b|\bdelivered\b|\bwithin\b",
    _I,
)
_INCORPORATION_BEFORE_LAWS = re.compile(
    r"\b(?:incorporated|organi[sz]ed|formed|registered|existing|chartered|established)\s+"
    r"(?:and\s+(?:validly\s+)?existing\s+)?(?:under|pursuant\s+to)\s+the\s+laws?\s+of\s+$",
    _I,
)
_LAW_AFTER = re.compile(r"\s*(?:['’]s\s+)?(?:\(\w+\)\s+)?(?:laws?|statutes?)\b", _I)
_VENUE_AFTER = re.compile(
    r"\s*(?:['’]s\s+)?(?:state\s+or\s+federal\s+|federal\s+or\s+state\s+|state\s+and\s+federal\s+|federal\s+and\s+state\s+)?(?:courts?|tribunals?|venue)\b",
    _I,
)


def _mention_role(sentence: str, mention: JurisdictionMention, floor: int) -> str:
    """'law', 'venue', 'incorporation' or '' for a jurisdiction in a governing-law sentence."""
    after = sentence[mention.end : mention.end + 30]
    if _LAW_AFTER.match(after):
        return "law"
    if _VENUE_AFTER.match(after):
        return "venue"
    window = _window_before(sentence, mention.start, 90, floor)
    if _INCORPORATION_BEFORE_LAWS.search(window):
        return "incorporation"
    law = _last_cue(window, _LAW_CUE)
    venue = _last_cue(window, _VENUE_CUE)
    if law < 0 and venue < 0:
        return ""
    return "law" if law > venue else "venue"


# A legal opinion's scope or a lawyer's admission names laws that govern no agreement:
# "counsel's opinion shall be limited to the laws of Ohio", "admitted to practice in Texas".
_OPINION_SCOPE = re.compile(
    r"\bopinions?\b|\b(?:admitted|qualified|licensed)\s+to\s+practi[cs]e\b"
    r"|\bmembers?\s+of\s+the\s+bar\b",
    _I,
)
_AGREEMENT_GOVERNED = re.compile(
    r"\b(?:this|the)\s+(?:\w+\s+){0,3}(?:agreement|contract|amendment)\b[^.;]{0,80}"
    r"\b(?:governed|construed|interpreted|enforced)\b",
    _I,
)


def _governing_law(sentence: str, party: str | None) -> list[ExtractedValue]:
    if not re.search(r"\blaws?\b", sentence, _I) or not _GOVERNING_CUE.search(sentence):
        return []
    if _OPINION_SCOPE.search(sentence) and not _AGREEMENT_GOVERNED.search(sentence):
        return []
    mentions = find_jurisdictions(sentence)
    roles: list[tuple[JurisdictionMention, str]] = []
    floor = 0
    for mention in mentions:
        roles.append((mention, _mention_role(sentence, mention, floor)))
        # A cue belongs to the nearest jurisdiction after it, not to later ones too.
        floor = mention.end
    law = [m for m, role in roles if role == "law"]
    confidence = (
        0.9 if re.search(r"\bgovern|\bconstru|\binterpret|shall\s+apply", sentence, _I) else 0.75
    )
    if not law:
        law = [m for m, role in roles if role == ""]
        confidence = 0.6
    kept_values = drop_umbrellas([m.value for m in law])
    values: list[ExtractedValue] = []
    for value in kept_values:
        first = next(m for m in law if m.value == value)
        values.append(
            _value("jurisdiction", value, sentence, first.name_start, first.end, confidence)
        )
    return values


_ENTITY_FORMS = lexicon().entity_type
_INCORPORATION_CUES: tuple[tuple[re.Pattern[str], float], ...] = (
    (
        re.compile(
            r"\b(?:jurisdiction|state|place|country)\s+of\s+(?:incorporation|organi[sz]ation|formation)\s*(?:is\s+|:\s*|-\s*)?$",
            _I,
        ),
        0.9,
    ),
    (_INCORPORATION_BEFORE_LAWS, 0.9),
    (
        re.compile(
            r"\b(?:re-?)?(?:incorporated|organi[sz]ed|formed|registered|established|domiciled|chartered)"
            r"(?:\s+[\w-]+){0,3}?\s+in\s+(?:the\s+)?(?:(?:state|commonwealth)\s+of\s+)?$",
            _I,
        ),
        0.85,
    ),
    (re.compile(r"\ba\s+corporation\s+of\s+$", _I), 0.85),
)
# "originally incorporated in California ... and reincorporated in Delaware": the place after
# the re-incorporation is the current one.
_REINCORPORATED = re.compile(r"\bre-?(?:incorporated|domiciled|domesticated)\b", _I)
# "trademarks ... registered in the United States": a mark's registration, not a company's.
_REGISTERED_MARK = re.compile(
    r"\b(?:trademarks?|service\s+marks?|marks|patents?|copyrights?|logos?|trade\s+names?)\b"
    r"[^;]{0,80}?\bregistered\b",
    _I,
)


def _incorporation(sentence: str, party: str | None) -> list[ExtractedValue]:
    candidates: list[tuple[JurisdictionMention, float]] = []
    for mention in find_jurisdictions(sentence):
        window = _window_before(sentence, mention.start, 90)
        after = sentence[mention.end : mention.end + 60]
        confidence = 0.0
        for pattern, weight in _INCORPORATION_CUES:
            if pattern.search(window):
                confidence = max(confidence, weight)
        if re.search(r"\b(?:a|an)\s+$", window, _I) and re.match(
            rf"[\s-]+(?:(?:registered|incorporated|organi[sz]ed|domestic|foreign|stock|not-for-profit|nonprofit)\s+)?{_ENTITY_FORMS}(?![\w])",
            after,
            _I,
        ):
            confidence = max(confidence, 0.85)
        if confidence and _REGISTERED_MARK.search(
            sentence[max(0, mention.start - 160) : mention.start]
        ):
            confidence = 0.0
        if confidence:
            candidates.append((mention, confidence))
    rein = _REINCORPORATED.search(sentence)
    if rein is not None and any(m.start > rein.start() for m, _ in candidates):
        candidates = [(m, c) for m, c in candidates if m.start > rein.start()]
    if party and candidates:
        starts = [m.start() for m in _party_regex(party).finditer(sentence)]
        if starts:
            # Each party mention owns the first incorporation statement that follows it.
            owned: list[tuple[JurisdictionMention, float]] = []
            for start in starts:
                following = [c for c in candidates if c[0].start >= start]
                if following and following[0] not in owned:
                    owned.append(following[0])
            candidates = owned
        else:
            candidates = [(m, c - 0.2) for m, c in candidates]
    values: list[ExtractedValue] = []
    seen: set[str] = set()
    for mention, confidence in candidates:
        if mention.value in seen:
            continue
        seen.add(mention.value)
        values.append(
            _value(
                "jurisdiction", mention.value, sentence, mention.name_start, mention.end, confidence
            )
        )
    return values


# --------------------------------------------------------------------------- dates

_EFFECTIVE_CUE = re.compile(
    r"\beffective\b|\bdated\b|\bas\s+of\b|\bentered\s+into\b|\bmade\b|\bcommenc\w*|\bbegin\w*|"
    r"\bstart\w*|\bfrom\b|\bexecuted\b|\bsigned\b|\bEffective\s+Date\b|\btake\s+effect\b",
    _I,
)
_EXPIRATION_CUE = re.compile(
    r"\bexpir\w*|\bterminat\w*|\bmatur\w*|\buntil\b|\bthrough\b|\bend(?:s|ing)?\b|\bto\b|\bextended\s+to\b|"
    r"\bno\s+later\s+than\b|\blast\s+day\b|\bthru\b",
    _I,
)
_DEFINED_DATE_AFTER = re.compile(
    r"\s*,?\s*\(\s*(?:the|such|this|each|an?)?\s*[\"“”']?\s*(?P<label>[\w\s-]{0,30}?)\s*"
    r"(?P<kind>Effective|Commencement|Start|Execution|Agreement|Expiration|Termination|End|Expiry|Maturity)\s+Date",
    _I,
)
_FOUNDING_CUE = re.compile(
    r"\b(?:founded|incorporated|formed|established|organi[sz]ed|created|registered)\b"
    r"(?:\s+[\w,.\"“”()']+){0,10}?\s+(?:on|in|as\s+of|effective)\s+(?:or\s+about\s+)?$|"
    r"\b(?:date\s+of\s+(?:incorporation|formation|organi[sz]ation|establishment)|"
    r"(?:incorporation|formation|founding)\s+date|inception)\b[^.;]{0,30}?(?:is|was|:|of|on)?\s*$|"
    r"\bcertificate\s+of\s+(?:incorporation|formation|organi[sz]ation)\b[^.;]{0,120}\bfiled\b"
    r"[^.;]{0,80}\bon\s+$|\bfounding\s+in\s+$|\bsince\s+$|"
    # "has executed this Certificate of Incorporation on": the charter's own date
    r"\b(?:filed|executed|signed|made)\s+(?:this|the|its)\s+(?:certificate|articles)\s+of\s+"
    r"(?:incorporation|formation|organi[sz]ation)\s+(?:on|as\s+of|this)\s+$",
    _I,
)


# "a letter from Smith LLP, dated as of <date>", "the financial statements of the Company as of
# <date>": the date is the letter's or the statements', not the agreement's (vocabulary.yaml:
# documents.dates.of_another_document).
_OTHER_DOCUMENTS = "|".join(
    r"\s+".join(map(re.escape, noun.split()))
    for noun in lexicon().documents.get("dates", {}).get("of_another_document", ())
)
_ANOTHER_DOCUMENT_DATED = re.compile(
    rf"\b(?:{_OTHER_DOCUMENTS or '(?!)'})\b(?:\s+(?:and|from|of|by|to|issued\s+by)\b[^;]{{0,80}}?)?"
    r",?\s*(?:dated\s+(?:as\s+of\s+)?|(?<!effective\s)as\s+of\s+)(?:the\s+)?$",
    _I,
)


def _date_role(sentence: str, mention: Mention, floor: int) -> tuple[str, float]:
    """Whose date `mention` is: "effective" or "expiration" (with a confidence), "other"
    (another document's), or "" (nothing says)."""
    if _ANOTHER_DOCUMENT_DATED.search(_window_before(sentence, mention.start, 140, floor)):
        return "other", 0.0
    defined = _DEFINED_DATE_AFTER.match(sentence, mention.end)
    if defined:
        kind = defined.group("kind").lower()
        if kind in {"expiration", "termination", "end", "expiry", "maturity"}:
            return "expiration", 0.95
        if kind == "agreement" or kind == "execution":
            return "effective", 0.8
        return "effective", 0.95
    window = _window_before(sentence, mention.start, 80, floor)
    effective = _last_cue(window, _EFFECTIVE_CUE)
    expiration = _last_cue(window, _EXPIRATION_CUE)
    if effective < 0 and expiration < 0:
        return "", 0.5
    if effective > expiration:
        strong = re.search(
            r"(?:effective\s+(?:as\s+of|on|from)|as\s+of|dated)\s+(?:the\s+)?$|Effective\s+Date",
            window,
            _I,
        )
        return "effective", 0.9 if strong else 0.75
    strong = re.search(
        r"(?:expire|terminate|end|mature)s?\s+on\s*$|maturing\s+on\s*$|until\s*$|through\s*$"
        r"|Maturity\s+Date[\"”']?\s+(?:means|is|shall\s+be)\s*$",
        window,
        _I,
    )
    return "expiration", 0.9 if strong else 0.75


def _dates(attribute: str, wanted: str, sentence: str) -> list[ExtractedValue]:
    """The dates `sentence` states in role `wanted` (effective | expiration); a lone date
    of no stated role where the sentence speaks of `attribute` (its cues score 0.8)."""
    values: list[ExtractedValue] = []
    floor = 0
    mentions = find_dates(sentence)
    for mention in mentions:
        role, confidence = _date_role(sentence, mention, floor)
        floor = mention.end
        if role == wanted or (
            role == "" and len(mentions) == 1 and _cue_relevance(attribute, sentence) >= 0.8
        ):
            values.append(
                _value(
                    "date",
                    mention.value,
                    sentence,
                    mention.start,
                    mention.end,
                    confidence if role else 0.6,
                )
            )
    return values


def _founding(sentence: str, party: str | None) -> list[ExtractedValue]:
    values: list[ExtractedValue] = []
    for mention in find_dates(sentence, partial=True):
        window = _window_before(sentence, mention.start, 220)
        if _FOUNDING_CUE.search(window):
            confidence = 0.5 if re.search(r"since\s*$", window, _I) else 0.9
            values.append(
                _value("date", mention.value, sentence, mention.start, mention.end, confidence)
            )
    if party and values and not _party_regex(party).search(sentence):
        values = [
            ExtractedValue(v.kind, v.value, v.surface, v.start, v.end, round(v.confidence - 0.2, 4))
            for v in values
        ]
    return values


# --------------------------------------------------------------------------- durations

_NOTICE_AFTER = re.compile(
    r"\s*(?:['’]s?\s*)?(?:\(\s*\d+\s*\)\s*)?(?:(?:prior|advance|written|previous|express|"
    r"formal)\s+)*(?:written\s+)?notic\w*",
    _I,
)
_NOTICE_BEFORE = re.compile(
    r"\bnotice\s+(?:period\s+)?(?:of\s+)?(?:(?:at\s+least|not\s+less\s+than|no\s+less\s+than|"
    r"a\s+minimum\s+of|a\s+period\s+of)\s+)?$|\bnotice\s+period\s+(?:is|shall\s+be|will\s+be)\s+$",
    _I,
)
_BEFORE_EVENT_AFTER = re.compile(
    r"\s*(?:prior\s+to|before|in\s+advance|in\s+advance\s+of|preceding)\b", _I
)
_PAYMENT_BEFORE = re.compile(r"\b(?:within|net)\s+(?:the\s+)?$|\bnet\s*[-–]?\s*$", _I)
_PAYMENT_AFTER = re.compile(
    r"\s*(?:after|from|of|following|upon)\s+(?:the\s+)?(?:\w+\s+){0,2}(?:receipt|date|delivery|"
    r"issuance)\s+(?:of\s+|by\s+\w+\s+of\s+)?(?:the\s+|an?\s+|such\s+|each\s+|any\s+|its\s+)?"
    r"(?:\w+\s+)?(?:invoice|statement|bill)",
    _I,
)
# "pay each invoice within 45 days": the payment verb governs the figure; "pay all Fees and
# remove the Robots within 60 days" does not (another verb stands between them).
_PAYMENT_GOVERNS = re.compile(
    r"(?:\binvoice\w*|\bpa(?:y|id|yable|yment)|\bremit\w*|\bdue)\b(?:(?!\b(?:shall|will|must|and)\b)[^.;])*$",
    _I,
)
_RENEWAL_BEFORE = re.compile(
    r"\b(?:renew\w*|successive|additional|consecutive|further|extend\w*|extension|subsequent|"
    r"successor)\b",
    _I,
)
_TERM_BEFORE = re.compile(
    r"\bterm\b|\bcontinue\w*|\bremain\w*\s+in\b|\bin\s+(?:full\s+)?(?:force|effect)\b|"
    r"\bperiod\s+of\b|\bexpir\w*|\bfor\s+(?:a|an)?\s*$|\bshall\s+be\s+(?:for\s+)?$|\bend\b|"
    r"\blast\b|\bduration\b",
    _I,
)
_RENEWAL_AFTER = re.compile(
    r"\s*(?:renewal|extension|additional|successive)\s+(?:terms?|periods?)\b", _I
)
_INITIAL_TERM_AFTER = re.compile(
    r"\s*(?:thereafter\s*)?\(\s*(?:the\s+)?[\"“”]?(?:Initial\s+)?(?:Term|Period)\b", _I
)
_TERM_AFTER = re.compile(
    r"\s*(?:(?:from|after|following|commencing|beginning|thereafter|subsequent)\b|"
    r"\(\s*(?:the\s+)?[\"“]?(?:Initial\s+)?Term)",
    _I,
)
_IMPLICIT_PERIODS = re.compile(
    r"\b(?P<every>(?:successive|additional|consecutive|further|subsequent|one\s+or\s+more|(?:an?\s+)?(?:further|additional))\s+(?P<adj>annual|yearly|monthly|quarterly)\s+(?:periods?|terms?|basis|renewals?)|"
    r"(?P<adj2>month|year)[\s-]+to[\s-]+(?:month|year)|"
    r"(?:every|each)\s+(?P<adj3>year|month))\b",
    _I,
)
_IMPLICIT_UNITS = {
    "annual": (1, "year"),
    "yearly": (1, "year"),
    "year": (1, "year"),
    "monthly": (1, "month"),
    "month": (1, "month"),
    "quarterly": (3, "month"),
}


def _duration_role(sentence: str, mention: Mention, floor: int) -> str:
    after = sentence[mention.end : mention.end + 80]
    window = _window_before(sentence, mention.start, 70, floor)
    if _NOTICE_AFTER.match(after) or _NOTICE_BEFORE.search(window):
        return "notice"
    if _BEFORE_EVENT_AFTER.match(after) and re.search(
        r"notic|notif", sentence[max(0, mention.start - 120) : mention.end + 80], _I
    ):
        return "notice"
    if _BEFORE_EVENT_AFTER.match(after):
        # "sixty (60) days prior to the end of the term" is a deadline, not a period.
        return ""
    if _RENEWAL_AFTER.match(after):
        return "renewal"
    if _INITIAL_TERM_AFTER.match(after):
        return "term"
    if _PAYMENT_BEFORE.search(window) and _PAYMENT_GOVERNS.search(window):
        return "payment"
    if _PAYMENT_AFTER.match(after):
        return "payment"
    renewal = _last_cue(window, _RENEWAL_BEFORE)
    term = _last_cue(window, _TERM_BEFORE)
    if renewal >= 0 and renewal >= term - 40:
        return "renewal"
    if term >= 0 or _TERM_AFTER.match(after):
        return "term"
    return ""


def _durations(wanted: str, sentence: str) -> list[ExtractedValue]:
    """The periods `sentence` states in role `wanted` (term | renewal | notice | payment)."""
    values: list[ExtractedValue] = []
    floor = 0
    for mention in find_durations(sentence):
        role = _duration_role(sentence, mention, floor)
        floor = mention.end
        if role != wanted:
            continue
        context = sentence[max(0, mention.start - 60) : mention.end + 40]
        strong = {
            "term": r"\bterm\b|\bcontinue|\bremain",
            "renewal": r"\brenew|\bsuccessive",
            "notice": r"\bnotice\b",
            "payment": r"\binvoice|\bpay",
        }[role]
        confidence = 0.9 if re.search(strong, context, _I) else 0.7
        values.append(
            _value("duration", mention.value, sentence, mention.start, mention.end, confidence)
        )
    if wanted == "renewal":
        renewing = re.search(
            r"\brenew|\bextend|\bextension|\bsuccessive|\bthereafter", sentence, _I
        )
        for match in _IMPLICIT_PERIODS.finditer(sentence):
            # "month to month" is itself a rolling renewal; "every year" only is one
            # when the sentence speaks of renewing.
            if not (renewing or match.group("adj2")):
                continue
            adjective = (match.group("adj") or match.group("adj2") or match.group("adj3")).lower()
            number, unit = _IMPLICIT_UNITS[adjective]
            if any(v.start <= match.start() < v.end for v in values):
                continue
            values.append(
                _value(
                    "duration",
                    format_duration(number, unit),
                    sentence,
                    match.start(),
                    match.end(),
                    0.8,
                )
            )
    if wanted == "payment":
        for match in re.finditer(
            r"\b[Nn]et\s*[-–]?\s*(?P<n>\d{1,3})\b(?:\s*days?\b)?|\bNET\s*[-–]?\s*(?P<m>\d{1,3})\b",
            sentence,
        ):
            number = int(match.group("n") or match.group("m"))
            if any(
                v.start <= match.start() < v.end or match.start() <= v.start < match.end()
                for v in values
            ):
                continue
            values.append(
                _value(
                    "duration",
                    format_duration(number, "day"),
                    sentence,
                    match.start(),
                    match.end(),
                    0.9,
                )
            )
    return sorted(values, key=lambda v: (v.start, v.end))


def _payment_terms(sentence: str, party: str | None) -> list[ExtractedValue]:
    durations = _durations("payment", sentence)
    if len({v.value for v in durations}) == 1:
        return durations[:1]
    # Without a single figure the clause itself is the value, but only a clause that states
    # when or how payment is made (not every sentence that mentions paying).
    if _cue_relevance("payment_terms", sentence) >= 0.8:
        text = _text_value(sentence, 0.7)
        return [text] if text else []
    return []


# --------------------------------------------------------------------------- money

_CAP_BEFORE = re.compile(
    r"(?:\bnot\s+(?:to\s+)?exceed|\bexceed(?:s|ing)?|\blimited\s+to|\bin\s+excess\s+of|\bgreater\s+than|"
    r"\bmore\s+than|\bgreater\s+of|\bcapped\s+at|\bcap\s+(?:of|equal\s+to)|\bmaximum\s+(?:amount\s+)?(?:of\s+)?|"
    r"\bup\s+to|\blesser\s+of|\bno\s+more\s+than|\bat\s+most)\b",
    _I,
)
_LIABILITY_WORDS = re.compile(r"\bliab\w*|\bdamages\b|\bclaims?\b|\blosses\b|\bindemni\w*", _I)
# A cap with no figure: the limit within 300 characters after a liability word (chosen on the
# training contracts of cuad-train: of the sentences with no amount, 40 of 130 unlabelled ones
# and 10 of 116 labelled Cap On Liability no longer read as a cap; within 200: 51 and 15; the
# limit before the word allowed too ("the maximum liability ... shall be the fees paid"):
# 4 and 2 instead).
_FORMULA_CAP = re.compile(rf"\bliab\w*\b.{{0,300}}?(?:{_CAP_BEFORE.pattern})", _I | re.DOTALL)


def _liability_cap(sentence: str, party: str | None) -> list[ExtractedValue]:
    if not _LIABILITY_WORDS.search(sentence):
        return []
    values: list[ExtractedValue] = []
    for mention in find_money(sentence):
        window = _window_before(sentence, mention.start, 80)
        if _CAP_BEFORE.search(window):
            confidence = 0.9 if re.search(r"\bliab", sentence, _I) else 0.7
            values.append(
                _value("money", mention.value, sentence, mention.start, mention.end, confidence)
            )
    if values:
        return values
    # A cap stated as a formula ("the fees paid in the twelve (12) months preceding the
    # claim") has no single figure: the clause itself is the value, where the limit follows
    # a liability word closely (_FORMULA_CAP: "the sole recourse ... is limited to the
    # assets", 390 characters after "no personal liability", is no cap).
    if _FORMULA_CAP.search(sentence):
        text = _text_value(sentence, 0.7)
        return [text] if text else []
    return []


_PAY_CUE = re.compile(
    r"\b(?:salary|salaries|compensation|remuneration|wages?|base\s+pay|fees?|retainer)\b", _I
)


def _compensation(sentence: str, party: str | None) -> list[ExtractedValue]:
    """Amounts stated as pay ("an annual base salary of $325,000")."""
    values: list[ExtractedValue] = []
    for mention in find_money(sentence):
        window = _window_before(sentence, mention.start, 80)
        if _PAY_CUE.search(window):
            confidence = 0.9 if re.search(r"\bsalary|\bcompensation", window, _I) else 0.75
            values.append(
                _value("money", mention.value, sentence, mention.start, mention.end, confidence)
            )
    return values


# --------------------------------------------------------------------------- free text

_MODAL = (
    r"(?:shall|will|must|agrees?\s+to|hereby\s+agrees?|undertakes?\s+to|hereby\s+undertakes?|"
    r"covenants?(?:\s+and\s+agrees?)?|is\s+(?:obligated|required|responsible)|are\s+(?:obligated|required|responsible)|"
    r"has\s+the\s+(?:obligation|duty)|"
    # "hereby absolutely, unconditionally and irrevocably guarantees"
    r"(?:hereby\s+)?(?:(?:\w+ly|and|,)\s*){0,6}(?:guarantees|guaranties|warrants|indemnifies))"
)
_OBJECT_PREPOSITIONS = re.compile(
    r"\b(?:to|by|from|of|for|with|against|on|upon|than|between|toward|towards|under|via|at|"
    r"into|onto|about|if|unless|whether)\s+(?:the\s+)?$",
    _I,
)
_GENERIC_SUBJECT = re.compile(
    rf"\b(?:each|either|both|neither)\s+part(?:y|ies)\b\s*(?:,[^,]{{0,80}},\s*)?(?:hereto\s+)?{_MODAL}\b|"
    rf"\b(?:the\s+)?parties\s+(?:hereto\s+)?(?:,[^,]{{0,80}},\s*)?(?:each\s+)?{_MODAL}\b",
    _I,
)


def _clauses(sentence: str) -> list[tuple[int, int]]:
    """Spans of the clauses of a sentence (split at semicolons)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in re.finditer(r";", sentence):
        spans.append((start, match.end()))
        start = match.end()
    spans.append((start, len(sentence)))
    return [span for span in spans if sentence[span[0] : span[1]].strip()]


def _obligations(sentence: str, party: str | None) -> list[ExtractedValue]:
    if not party:
        return []
    party_re = _party_regex(party)
    subject_re = re.compile(
        party_re.pattern
        # "Acme (the "Supplier")", "(the "Supplier") shall", "Acme, at its own expense,",
        # "Acme and Globex shall"
        + r"(?:[\"”’']?\))?(?:\s*\([^)]{0,60}\))?\s*(?:,[^,;]{0,80},\s*)?"
        + r"(?:\s*and\s+(?:the\s+)?[A-Z][\w.&'-]*(?:\s+[A-Z][\w.&'-]*){0,3}\s+)?"
        + rf"(?:(?:also|further|hereby)\s+)?(?P<modal>{_MODAL})\b",
        _I,
    )
    values: list[ExtractedValue] = []
    for start, end in _clauses(sentence):
        clause = sentence[start:end]
        confidence = 0.0
        for match in subject_re.finditer(clause):
            before = clause[max(0, match.start() - 25) : match.start()]
            if _OBJECT_PREPOSITIONS.search(before):
                continue
            weak = re.match(r"will\b", match.group("modal"), _I)
            confidence = max(confidence, 0.8 if weak else 0.9)
        if not confidence and _GENERIC_SUBJECT.search(clause):
            confidence = 0.6
        if confidence:
            text = _text_value(sentence, confidence, start, end)
            if text:
                values.append(text)
    return values


def _free_text(
    attribute: str, threshold: float
) -> Callable[[str, str | None], list[ExtractedValue]]:
    def extract(sentence: str, party: str | None) -> list[ExtractedValue]:
        relevance = _cue_relevance(attribute, sentence)
        if relevance < threshold:
            return []
        text = _text_value(sentence, min(0.9, relevance))
        return [text] if text else []

    return extract


# --------------------------------------------------------------------------- names and places

_FORM_ABBREVIATIONS = frozenset(a.lower() for a in lexicon().legal_form_abbreviations)
_NAME_TOKEN = r"(?:[A-Z][\w&'’.-]*|&|of|and|the|de|du|van|von|der|la|le|y)"
# A legal form after a name (vocabulary.yaml legal_forms.written), capitalised as written there
# or in capitals, with its full stop.
_CORPORATE_TAIL = rf"(?:,?\s+(?:{lexicon().legal_form_cased})\b\.?)"
_NAME_RE = re.compile(
    rf"(?P<name>[A-Z][\w&'’.-]*(?:\s+{_NAME_TOKEN})*?(?:{_CORPORATE_TAIL})?)"
    rf"(?=\s*(?:$|[,;:(\n]|\.\s|\.$|\s+(?:at|located|whose|with|in|of\s+\d|which|who|as|is|has|and\s+[a-z])\b))"
)
_AGENT_CUES: tuple[tuple[re.Pattern[str], float], ...] = (
    (
        re.compile(
            r"\b(?:registered|resident|statutory)\s+agent\b[^.;]{0,80}?\b(?:is|shall\s+be|will\s+be|be|as)\s+(?:the\s+(?=[A-Z]))?$",
            _I,
        ),
        0.9,
    ),
    (re.compile(r"\b(?:registered|resident|statutory)\s+agent\s*(?:is|:|-)?\s*$", _I), 0.9),
    (
        re.compile(
            r"\bagent\s+for\s+service\s+of\s+process\b[^.;]{0,60}?\b(?:is|shall\s+be|:)\s*$", _I
        ),
        0.85,
    ),
    (re.compile(r"\bappoint(?:s|ed|ing)?\s+$", _I), 0.6),
)


def _registered_agent(sentence: str, party: str | None) -> list[ExtractedValue]:
    values: list[ExtractedValue] = []
    if not re.search(
        r"\b(?:registered|resident|statutory)\s+agent\b|\bagent\s+for\s+service", sentence, _I
    ):
        return []
    consumed = 0
    for match in re.finditer(r"(?<![\w])[A-Z]", sentence):
        start = match.start()
        if start < consumed:
            continue
        window = sentence[max(0, start - 120) : start]
        confidence = 0.0
        for pattern, weight in _AGENT_CUES:
            if pattern.search(window):
                confidence = max(confidence, weight)
        if not confidence:
            # "Corporation Service Company, as registered agent"
            tail = _NAME_RE.match(sentence, start)
            if tail and re.match(
                r",?\s+(?:as\s+(?:its|the|our)?\s*|(?:its|the|our)\s+)(?:registered|resident|statutory)\s+agent\b",
                sentence[tail.end() :],
                _I,
            ):
                confidence = 0.85
        if not confidence:
            continue
        name_match = _NAME_RE.match(sentence, start)
        if not name_match:
            continue
        name = name_match.group("name").rstrip(",. ")
        if name.lower() in {"the", "a", "an"} or len(name) < 3:
            continue
        end = start + len(name)
        if (
            name_match.group("name").endswith(".")
            and name.rsplit(None, 1)[-1].lower() in _FORM_ABBREVIATIONS
        ):
            end = start + len(name_match.group("name"))
        consumed = end
        normalized = normalize_person_name(sentence[start:end]) or sentence[start:end]
        if any(v.value == normalized for v in values):
            continue
        values.append(_value("name", normalized, sentence, start, end, confidence))
    return values


_OFFICE_CUE = re.compile(
    r"\bregistered\s+(?:office|address)\b(?:\s+(?:in|of)\s+the\s+State\s+of\s+\w+(?:\s+\w+)?)?"
    r"(?:\s+(?:is|shall\s+be|will\s+be)(?:\s+located)?(?:\s+at)?|\s+(?:located|situated)\s+at|\s+at|\s*:|\s+address\s+is)\s+",
    _I,
)
_HQ_CUE = re.compile(
    r"\b(?:headquartered|based)\s+(?:in|at)\s+|"
    r"\b(?:headquarters|head\s+office|principal\s+(?:executive\s+)?offices?|principal\s+place\s+of\s+business)"
    # "of the Corporation", "of Acme Robotics, Inc."
    r"(?:\s+of\s+(?:the\s+)?[A-Z][\w.&'’-]*(?:,?\s+[A-Z][\w.&'’-]*){0,4})?"
    r"(?:\s+(?:is|are|shall\s+be|will\s+be))?(?:\s+(?:located|situated))?\s+(?:in|at)\s+|"
    r"\b(?:headquarters|head\s+office)\s*:\s*",
    _I,
)
_PLACE_END = re.compile(
    r"\s*(?:;|\(|\.\s|\.$|$|,\s+(?:and|which|where|who|that|with|whose)\b|"
    r"\s+(?:and|which|where|who|that|with|whose|since|until|from)\s)"
    # The next item of a bulleted or numbered list starts on a new line.
    r"|[ \t]*\n[ \t]*(?:[-–•*·▪]|\(?[a-z0-9]{1,3}[.)])\s",
)


def _place(
    cue: re.Pattern[str], gate: re.Pattern[str] | None
) -> Callable[[str, str | None], list[ExtractedValue]]:
    def extract(sentence: str, party: str | None) -> list[ExtractedValue]:
        values: list[ExtractedValue] = []
        for match in cue.finditer(sentence):
            start = match.end()
            stop = len(sentence)
            for end_match in _PLACE_END.finditer(sentence, start):
                # "St. Louis", "Inc." and street abbreviations end with a period but
                # do not end the place.
                if end_match.group(0).startswith(".") and re.search(
                    r"\b(?:St|Ste|Ave|Blvd|Rd|No|Dr|Inc|Co|Corp|Ltd|Mt|Ft|Fl|Apt|[A-Z])$",
                    sentence[start : end_match.start()],
                ):
                    continue
                stop = end_match.start()
                break
            span = _trimmed_span(sentence, start, stop)
            if span[1] - span[0] < 2:
                continue
            confidence = 0.9 if gate is None or gate.search(sentence) else 0.7
            text = sentence[span[0] : span[1]].rstrip(".")
            values.append(_value("text", text, sentence, span[0], span[0] + len(text), confidence))
        return values

    return extract


_REGISTRATION_RE = re.compile(
    r"\b(?:(?:company|registration|registered|file|entity|corporate|incorporation|business|"
    r"charter|commercial\s+register(?:\s+number)?)\s*(?:number|no\.?|#|nr\.?|id)|"
    r"(?:Companies\s+House|Commercial\s+Register|Handelsregister|Register\s+of\s+Companies)"
    r"(?:\s+(?:under|with|of|at)\s+[^,;]{0,40}?)?(?:\s+(?:number|no\.?))?|UEN|CIN|KvK(?:\s+number)?|"
    r"registered\s+under\s+(?:number|no\.?))"
    r"\s*(?:is\s+|of\s+|:\s*|-\s*)?(?P<id>(?:(?:HRB|HRA|SC|NI|OC|LP|FC|BR)\s?)?[A-Z]{0,3}\d[\dA-Z/.-]{2,}[A-Z\d])",
    _I,
)


def _registration_number(sentence: str, party: str | None) -> list[ExtractedValue]:
    values: list[ExtractedValue] = []
    for match in _REGISTRATION_RE.finditer(sentence):
        start, end = match.span("id")
        if any(v.value == match.group("id") for v in values):
            continue
        values.append(_value("text", match.group("id"), sentence, start, end, 0.9))
    return values


# --------------------------------------------------------------------------- people

_STAKE_CUE = re.compile(
    r"\b(?:holds?|held|holding|owns?|owned|owning|beneficially\s+owns?|stake|ownership|interest|"
    r"shares?|stock|equity|fully\s+diluted|outstanding|FD)\b|%\s*$",
    _I,
)


def _stake(sentence: str, party: str | None) -> list[ExtractedValue]:
    """A holder's percentage of an entity: a percentage stated with ownership language, or the
    one percentage cell of a table row (a capitalization table lays a holder out as a row)."""
    mentions = find_percentages(sentence)
    if not mentions:
        return []
    row = is_table_row(sentence)
    values: list[ExtractedValue] = []
    for mention in mentions:
        window = _window_before(sentence, mention.start, 80)
        after = sentence[mention.end : mention.end + 40]
        if _STAKE_CUE.search(window) or re.match(
            r"\s*(?:of\s+the\s+)?(?:outstanding|issued|"
            r"fully|shares|stock|equity|interest|stake)",
            after,
            _I,
        ):
            confidence = 0.85
        elif row and len(mentions) == 1:
            confidence = 0.8
        else:
            continue
        values.append(
            _value("percentage", mention.value, sentence, mention.start, mention.end, confidence)
        )
    return values


_AFFILIATION_TITLE = (
    r"(?:(?:Senior|Managing|General|Founding|Venture|Operating|Executive|Non-executive|Independent)"
    r"\s+)?(?:Partner|Principal|Managing\s+Director|Director|Advisor|Adviser|Professor|"
    r"Chair(?:man|woman|person)?|Trustee|Board\s+Member|Member\s+of\s+the\s+Board|Fellow|"
    r"Chief\s+\w+\s+Officer|CEO|CFO|COO|CTO|President|Vice\s+President|Founder|Co-founder)"
)
_AFFILIATION_RE = re.compile(
    rf"(?P<value>{_AFFILIATION_TITLE}(?:,\s*|\s+(?:at|of|with)\s+)(?:the\s+)?"
    r"[A-Z][\w&.'’-]*(?:\s+(?:(?:of|and|&|for|at)\s+(?:the\s+)?)?[A-Z][\w&.'’-]*){0,6})"
)


def _affiliation(sentence: str, party: str | None) -> list[ExtractedValue]:
    """Positions a person holds at an organisation ("Partner, Lumen Ventures", "Professor of
    Robotics at Carnegie Mellon University")."""
    values: list[ExtractedValue] = []
    for match in _AFFILIATION_RE.finditer(sentence):
        start, end = _trimmed_span(sentence, *match.span("value"))
        text = sentence[start:end].rstrip(".")
        values.append(_value("text", text, sentence, start, start + len(text), 0.8))
    return values


# --------------------------------------------------------------------------- dispatch

Extractor = Callable[[str, str | None], list[ExtractedValue]]

# Readers of one attribute's own phrasing, named by the lexicon (`extractor: governing_law`).
_READERS: dict[str, Extractor] = {
    "governing_law": _governing_law,
    "incorporation": _incorporation,
    "founding": _founding,
    "payment_terms": _payment_terms,
    "liability_cap": _liability_cap,
    "obligations": _obligations,
    "registered_agent": _registered_agent,
    "registration_number": _registration_number,
    "stake": _stake,
    "compensation": _compensation,
    "affiliation": _affiliation,
}
# The place cues a `place` extractor may name (`cue:`).
_PLACE_CUES = {"registered_office": _OFFICE_CUE, "headquarters": _HQ_CUE}
_ROLES = {"date": ("effective", "expiration"), "duration": ("term", "renewal", "notice")}
EXTRACTOR_KINDS: tuple[str, ...] = ("date", "duration", "place", "sentence", *sorted(_READERS))


def _extractor(entry: AttributeEntry) -> Extractor:
    """The extractor a lexicon record names (`extractor:` and its arguments); LexiconError
    when the kind or an argument is not one this module has."""
    kind, args, name = entry.extractor, entry.extractor_args, entry.name

    def arg(key: str, choices: Collection[str] | None = None) -> Any:
        value = args.get(key)
        if value is None or (choices is not None and value not in choices):
            wanted = f"one of {', '.join(sorted(choices))}" if choices else "a value"
            raise LexiconError(f"attributes.yaml: {name}.extractor.{key}: expected {wanted}")
        return value

    if kind == "date":
        role = arg("role", _ROLES["date"])
        return lambda sentence, party: _dates(name, role, sentence)
    if kind == "duration":
        role = arg("role", _ROLES["duration"])
        return lambda sentence, party: _durations(role, sentence)
    if kind == "place":
        return _place(_PLACE_CUES[arg("cue", _PLACE_CUES)], None)
    if kind == "sentence":
        return _free_text(name, float(arg("relevance")))
    if kind in _READERS:
        return _READERS[kind]
    raise LexiconError(
        f"attributes.yaml: {name}.extractor: {kind!r} is not one of {', '.join(EXTRACTOR_KINDS)}"
    )


# Each attribute's extractor, from its lexicon record. A free-text attribute the lexicon
# defines with relevance cues and a threshold needs none named: its value is the sentence
# that states it, found by those cues.
_EXTRACTORS: dict[str, Extractor] = {
    entry.name: _extractor(entry)
    if entry.extractor is not None
    else _free_text(entry.name, cast(float, entry.threshold))
    for entry in lexicon().attributes
    if entry.extractor is not None
    or (entry.value_kind == "free_text" and entry.relevance_cues and entry.threshold is not None)
}
EXTRACTABLE_ATTRIBUTES: tuple[str, ...] = tuple(sorted(_EXTRACTORS))


def extract_values(
    attribute: str, sentence: str, *, party: str | None = None
) -> list[ExtractedValue]:
    """The normalized values `sentence` states for `attribute`, in order of appearance;
    [] when it states none or the attribute has no extractor.

    `party` (a name or its defined-term alias) selects the obligations of that party and,
    for entity attributes, the statement attached to that entity when a sentence names
    several.
    """
    return list(_extract_values(attribute, sentence, party))


@functools.lru_cache(maxsize=16384)
def _extract_values(attribute: str, sentence: str, party: str | None) -> tuple[ExtractedValue, ...]:
    """Memoized (a pure function of its arguments): the sentences of a subject's documents
    are read again by every question about it."""
    extractor = _EXTRACTORS.get(attribute)
    if extractor is None:
        return ()
    values = extractor(sentence, party)
    return tuple(sorted(values, key=lambda v: (v.start, v.end, v.value)))
