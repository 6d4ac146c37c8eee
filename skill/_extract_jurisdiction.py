"""Readers of jurisdictions: the law that governs an agreement (not its venue, nor the laws a
legal opinion is limited to) and where a company is incorporated.
"""

from __future__ import annotations

import re

from domain import lexicon
from skill._extracted_value import (
    _I,
    ExtractedValue,
    _last_cue,
    _party_regex,
    _value,
    _window_before,
)
from skill._values import JurisdictionMention, drop_umbrellas, find_jurisdictions

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
