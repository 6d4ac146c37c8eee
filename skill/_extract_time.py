"""Readers of dates and durations: an agreement's effective and expiration dates, a company's
founding date, and the periods an agreement states (its term, a renewal, a notice period,
payment terms), each told from the others by the cue words around it.
"""

from __future__ import annotations

import re

from domain import lexicon
from skill._extracted_value import (
    _I,
    ExtractedValue,
    _cue_relevance,
    _last_cue,
    _party_regex,
    _text_value,
    _value,
    _window_before,
)
from skill._values import Mention, find_dates, find_durations, format_duration

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


# A period that obligations survive for: "shall survive for three (3) years after the
# expiration or termination of this Agreement"; the value keeps its anchor.
_SURVIVES = re.compile(
    r"\bsurviv\w*|\bcontinu\w*\s+(?:to\s+apply|in\s+(?:full\s+)?(?:force|effect))", _I
)
_SURVIVAL_ANCHOR = re.compile(
    r"\s*(?P<anchor>(?:after|following|from|beyond)\s+(?:the\s+|any\s+|such\s+)?(?:date\s+of\s+(?:the\s+|any\s+|such\s+)?)?"
    r"(?:expiration|expiry|termination|end|disclosure)(?:\s+(?:or|and(?:/or)?)\s+(?:the\s+)?"
    r"(?:expiration|expiry|termination|end))?)\b",
    _I,
)


def _survivals(sentence: str) -> list[ExtractedValue]:
    """The periods a sentence says obligations survive for, each with its anchor ("3 years
    after expiration or termination"): a confidentiality period's value."""
    if not _SURVIVES.search(sentence):
        return []
    values: list[ExtractedValue] = []
    for mention in find_durations(sentence):
        anchor = _SURVIVAL_ANCHOR.match(sentence[mention.end : mention.end + 80])
        if anchor is None:
            continue
        words = " ".join(anchor.group("anchor").split()).lower()
        words = re.sub(r"\s+(?:the|any|such)\s+", " ", words)
        values.append(
            _value(
                "duration",
                f"{mention.value} {words}",
                sentence,
                mention.start,
                mention.end + anchor.end(),
                0.9,
            )
        )
    return values


def _durations(wanted: str, sentence: str) -> list[ExtractedValue]:
    """The periods `sentence` states in role `wanted` (term | renewal | notice | payment |
    survival)."""
    if wanted == "survival":
        return _survivals(sentence)
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
