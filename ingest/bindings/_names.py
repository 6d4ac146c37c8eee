"""The shapes of names the binding rules read: companies, persons, titles, jurisdictions.

`COMPANY` and `PERSON` are the patterns a rule's slots match; `_company` and `_person` turn a
matched span into a `NamedEntity` (or refuse it); `_named_person` reads a name where a layout
(a signature page, an officer list) vouches that a person stands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from domain import (
    SubjectType,
    base_key,
    entity_key,
    is_generic_term,
    is_person_name,
    known_words,
    legal_form,
    lexicon,
    looks_like_company,
    stop_ends_sentence,
)

# The legal forms spelled out in words ("National Association", "Limited Partnership").
_SPELLED_FORMS = "|".join(
    r"\s+".join(words) for words, _ in lexicon().legal_form_phrases if len(words) > 1
)


_SUFFIX = (
    # the legal forms (vocabulary.yaml legal_forms.written), then an organisation's head noun
    # ("... Bank", "... TRUST") when no capitalised word follows it (nor a spaced dash and one:
    # "Kestrel Foundation - Europe" goes on), nor its legal form spelled
    # out on the next line ("U.S. BANK / NATIONAL ASSOCIATION"), nor the rest of its name and
    # a written legal form ("Wilmington Savings Fund / Society, FSB")
    "(?i:" + "|".join(lexicon().legal_forms_written) + ")"
    "|(?:"
    + "|".join(
        form
        for head in sorted(lexicon().organisation_heads)
        for form in (head.capitalize(), head.upper())
    )
    + rf")(?![ \t]+(?:[-–][ \t]*\n?[ \t]*)?[A-Z]|[ \t]*\n[ \t]*(?:(?i:{_SPELLED_FORMS})\b"
    + r"|(?:[A-Z][\w'’\-.&]*[ \t]+){0,2}[A-Z][\w'’\-.&]*,?[ \t]+(?:"
    + "|".join(lexicon().legal_forms_written)
    + r")\b))"
)


# How a name in lower case starts ("eGain", "i3", "edge2net", "bw-3", "e-centives", "e.l.f."):
# a capital or a digit inside its first letters (or after a hyphen), one letter and a hyphen (not a prose word so
# written: "e-mail", "x-ray"), dotted initials (three or more: "i.e." and "e.g." are prose).
# A lower-case word of another shape is prose.
_HYPHENATED_PROSE = "|".join(
    re.escape(w) for w in sorted(lexicon().hyphenated_prose, key=lambda w: (-len(w), w))
)
# A word in lower case with a hyphen before its number ("bw-3", "covid-19") opens a name only
# where a party's slot opens (after "between", "and": the lexicon's party list words) or alone
# on its line above the rest of the name; in prose before a capitalised name it is no part of it.
_SLOT_OPENERS = "|".join(
    "(?<=" + (r"\b" if w[0].isalnum() else r"\s") + w + gap + ")"  # phrases come escaped
    for w in sorted({*lexicon().party_list_openers, *lexicon().party_list_joiners})
    for gap in (" ", "\n")
)
# The words that join a list's names ("and", "&": the lexicon's party list joiners), one word.
_LIST_JOINER = re.compile("|".join(lexicon().party_list_joiners))
_LOWER_CASE_BRAND = (
    r"(?:[a-z][A-Z]|[a-z]{1,6}\d"
    rf"|(?:{_SLOT_OPENERS})[a-z]{{1,6}}-\d"
    r"|(?<![^\n])[a-z]{1,6}-\d[\w'’\-.&/]*(?=[ \t]*(?:\n|$))"
    rf"|(?!(?:{_HYPHENATED_PROSE})(?![\w-]))[a-z]-[a-z]{{2}}|[a-z]\.(?:[a-z]\.){{2}})"
)


LOWER_CASE_BRAND = re.compile(_LOWER_CASE_BRAND)


# A name's word: capitalised, a lower-case name's, or a web address ("deltathree.com").
_TOKEN = (
    rf"(?:[A-Z0-9][\w'’\-.&/]*|{_LOWER_CASE_BRAND}[\w'’\-.&/]*|[a-z][\w\-]*\.(?:com|net|org|io)"
    r"|\((?!(?:[A-Z][a-z]+er|[A-Z][a-z]+or|Company|Client|Customer|Buyer|Seller|Party)\))"
    r"[A-Z][A-Za-z]{1,15}\))"
)


_LINK = r"(?:of|and|&|de|du|do|da|des|für|the|for|la|le|y|e)"


# Lazy over name tokens; then one or more legal forms ("Group, Inc.", "GmbH & Co. KG"), none
# opening a hyphenated word ("Economic Co-operation", "Co-op").
# A superscript ordinal the PDF put inside a name ("Acme, th Incorporated" from a "15th"
# printed above the line) is debris between the name and its legal form.
_STRAY_ORDINAL = r"(?:(?:st|nd|rd|th)[ \t]*\n?[ \t]*)"


# A series of a trust or fund: "Owner Trust 2020-A", "Master Trust, Series 2019-1".
# The designation is a year and a short code, a number, or one to three capitals: never a
# date ("Family Trust 2019-06-30"), nor a word ("Series Trustee", "series The Notes").
_SERIES = (
    r"(?:,?[ \t]+(?:(?:Series|SERIES)[ \t]+)?\d{4}-[A-Z0-9]{1,4}(?![\w/\-])"
    r"|,?[ \t]+(?:Series|SERIES)[ \t]+(?:\d[\w\-]*|[A-Z]{1,3}(?:-?\d+)?)(?![\w\-]))"
)


# A place or a qualifier in brackets right before the legal form ("SHBV (HONG KONG) LTD.",
# "YA Global Investments II (U.S.), Ltd", "Columbia Laboratories, (Bermuda) Ltd"): only there,
# where no defined term stands, may a bracket of several words be part of a name.
_FORM_BRACKET = r"\([A-Z][A-Za-z.]*(?:[ \t]+[A-Z][A-Za-z.]*){0,2}\),?\s+"


# A comma inside a firm's name: after its first words, before capitalised words that "&"
# joins ("Keefe, Bruyette & Woods, Inc.", "Skadden, Arps, Slate, Meagher & Flom LLP"); a comma
# after a later word ends what comes before it ("a Division of Keefe, ..."), as elsewhere.
_FIRM_COMMA = r",[ \t]*\n?[ \t]*(?=(?:[A-Z][\w'’\-.]*,?\s+){0,2}[A-Z][\w'’\-.]*\s*&\s*[A-Z])"


# A place in brackets after a name's word that could end it, and the name going on after it
# ("ONCOLOGY IMPACT FUND (CAYMAN) MANAGEMENT L.P."): that word ends no name.
_PLACE_GOES_ON = r"(?!\s+\([A-Z][A-Za-z]{1,15}\)\s+[A-Z])"


# A rule the text drew between a name's words ("Mail ---- Boxes Etc. USA, Inc."): a run of
# dashes between two of its words on one line, or opening the next line where the name wraps
# (the underline of the line above: "and Mail" / "------- Boxes Etc. USA, Inc."), after a word
# of letters or an "&", not a number nor an initial ("Section 5 ---- Acme Inc." names Acme
# Inc.): no word of the name.
_RULE_NOISE = r"(?:(?:(?<=[A-Za-z]{2})|(?<=\s&))(?:[ \t]+|[ \t]*\n[ \t]*)-{2,}[ \t]+)"


COMPANY = (
    rf"(?<![\w.&'’\-]){_TOKEN}(?:{_FIRM_COMMA}{_TOKEN}){{0,3}}"
    rf"(?:(?:{_RULE_NOISE}|[ \t]+|[ \t]*\n[ \t]*)(?:{_LINK}(?:{_RULE_NOISE}|\s+))?{_TOKEN}){{0,8}}?,?\s+"
    rf"{_STRAY_ORDINAL}?(?:{_FORM_BRACKET})?(?:{_SUFFIX})\b(?!-)\.?{_PLACE_GOES_ON}"
    rf"(?:,?\s+(?:[A-Z][a-z]+\s+)?(?:{_SUFFIX})\b(?!-)\.?)*{_SERIES}?"
)


# A name opened by a legal form written before it ("JSC NOC KazakhOil", vocabulary.yaml
# legal_forms.before_name): the form as a whole word in capitals, not after "the" (an
# abbreviation in prose: "the JSC"), then one to four capitalised words that a comma, a
# bracket, a quote or the end of the text read (a defined term's window) ends ("JSC Members
# shall meet" is prose).
_PREFORMED = (
    r"(?<![\w.&'’\-])(?<!the )(?<!The )(?<!THE )"
    rf"(?:{'|'.join(map(re.escape, lexicon().legal_forms_before_name))})"
    r"[ \t]+[A-Z][\w'’\-&]*(?:[ \t]+[A-Z][\w'’\-&]*){0,3}(?=[ \t]*(?:[,(\"“]|\Z))"
)


_PREFORMED_RE = re.compile(_PREFORMED)


def _preformed_company(raw: str) -> NamedEntity | None:
    """The company a legal form written before its name opens ("JSC Karakudukmunay"), or
    None where the words after the form are a generic term ("JSC Committee")."""
    name = re.sub(r"\s+", " ", raw).strip()
    if is_generic_term(name.split(" ", 1)[1]):
        return None
    return NamedEntity(name, entity_key(name), SubjectType.LEGAL_ENTITY)


_INITIAL = r"[A-Z]\."


_PWORD = r"(?:[A-Z][a-z'’\-]+(?:[A-Z][a-z]+)?|[A-Z][A-Z'’\-]+)"


# An honorific before a person's name ("Dr. ", "MR "), the lexicon's, in any case.
HONORIFIC = rf"(?i:{'|'.join(sorted(lexicon().honorifics))})\.?\s+"


PERSON = (
    rf"(?:{HONORIFIC})?(?:{_INITIAL}\s+)?{_PWORD}(?:\s+(?:{_INITIAL}|{_PWORD}|van|von|de|da|del|der|le|la))"
    rf"{{1,3}}(?:,?\s+(?:Jr\.|Sr\.|III|II|IV))?"
)


_LEAD_NOISE = re.compile(
    r"^(?:(?:WHEREAS|Whereas|THIS|This|THE|The|BETWEEN|Between|AND|And|By|BY|Among|AMONG|"
    r"Agreement|AGREEMENT|In|IN|Ladies|Gentlemen|Dear|To|TO|From|FROM|Re|RE|Each|EACH|"
    # a comma after the word where a firm's name with a comma follows ("WHEREAS, Keefe,
    # Bruyette & Woods, Inc.")
    r"Both|BOTH|Either|Neither|Notwithstanding|If|Upon|When|As|For|With),?\s+|"
    # an opener's verb before its list ("THIS AGREEMENT IS MADE BY AND BETWEEN ACME, INC.")
    r"(?:(?:IS|Is)\s+)?(?:MADE|Made|ENTERED\s+INTO|Entered\s+[Ii]nto|IS|Is)\s+"
    r"(?=(?:BY|By|BETWEEN|Between|AMONG|Among)\b)|"
    r"(?:[A-Z][A-Z]+\s+)+AGREEMENT\s+|"
    # An instrument's heading run into the name of the agreement it amends ("AMENDMENT NO. 1
    # TO STREMICK'S HERITAGE FOODS, LLC and ... AGREEMENT", "First Addendum to Acme Inc."):
    # the lexicon's title designations, an ordinal or a number, and "to".
    rf"(?i:(?:(?:{'|'.join(sorted(lexicon().ordinal_words, key=len, reverse=True))})\s+)?"
    rf"(?:{'|'.join(lexicon().title_designations)})"
    r"(?:\s+(?:no\.?|number|#)\s*\d+[A-Z]?)?\s+to)\s+(?:the\s+)?|"
    # "Minutes of Acme Inc.", "Subsidiaries of Acme Inc.": a document's title around a name.
    r"(?i:minutes|certificate|articles|by-?laws|report|subsidiaries|shareholders|stockholders|"
    r"members|directors|board\s+of\s+directors|meeting)\s+(?i:of)\s+(?:the\s+)?)+"
)


_GENERIC_BASE = frozenset(
    {
        "",
        "company",
        "such",
        "each",
        "said",
        "parent",
        "holding",
        "the",
        "any",
        "other",
        "operating",
        "federal",
        "investment",
    }
)


# Jurisdictions (domain/lexicon/vocabulary.yaml), as regex alternations in file order.
_US_STATES = "|".join(lexicon().us_states)


_COUNTRIES = "|".join(lexicon().countries)


JURISDICTION = rf"(?:{_US_STATES}|{_COUNTRIES}|{_US_STATES.upper()}|{_COUNTRIES.upper()})"


# Officer titles as documents write them (roles.yaml `title_pattern`), in the lexicon's order.
_OFFICER_TITLES: tuple[tuple[str, str], ...] = tuple(
    (role.name, role.title_pattern) for role in lexicon().roles if role.title_pattern
)


_TITLE_ALT = "|".join(f"(?:{p})" for _, p in _OFFICER_TITLES)


_TITLE_PARTS = [(role, re.compile(rf"^(?:{p})$")) for role, p in _OFFICER_TITLES]


def _title_roles(text: str) -> list[str]:
    """The officer roles in a title phrase ("President and CEO" -> ["president", "ceo"])."""
    roles: list[str] = []
    for part in re.split(r"\s*(?:,|\band\b|&|/)\s*", text.strip()):
        part = re.sub(r"\s+", " ", part).strip()
        for role, rx in _TITLE_PARTS:
            if part and rx.match(part):
                roles.append(role)
                break
    return roles


@dataclass(frozen=True, slots=True)
class NamedEntity:
    """A name a binding stands on: as written, its key (`entity_key`) and its type."""

    name: str
    key: str
    subject_type: SubjectType


# The capitalised words a line ends with (joined by "of", "and", "&"), after prose or an
# address: where a name wrapped onto the next line starts.
_WRAPPED_HEAD = re.compile(
    r"(?:^|\s)((?:[A-Z][\w'’.\-&]*\s+(?:(?:of|and|&)\s+)?)*[A-Z][\w'’.\-&]*)$"
)


# A wrapped name's first line that a number opens, and capitalised words after it ("551 FX IB"
# over "Associates, LLC"): the match began at the number, so no name's word stands before it.
_NUMBERED_HEAD = re.compile(r"^(\d+(?:\s+[A-Z][\w'’.\-&]*)+)$")


# A wrapped name's first words after an officer's title ("CEO of KESTREL").
_TITLED_HEAD = re.compile(rf"^(?:.*\s)?(?:{_TITLE_ALT})\s+(?:of|at|OF|AT)\s+(\S.*)$")


def sentence_opened(raw: str) -> str:
    """The words of a matched name from the last sentence end inside it on: a name never
    starts across a full stop that ends a sentence ("Paris, France. NWHC Logistics, LLC",
    "Item 1. Business"), while an abbreviation's, an initial's or a legal form's stop goes on
    ("St. Jude Medical, Inc.", "J. Crew Group, Inc.", "Acme Co. Holdings Ltd")."""
    cut = 0
    for m in re.finditer(r"\.(?=\s+[A-Z0-9])", raw):
        if stop_ends_sentence(raw[cut : m.end()]):
            cut = m.end()
    return raw[cut:].lstrip()


def _clean_name(raw: str) -> str:
    # A name may wrap onto the next line, but never continues a heading line above it.
    segments = [seg.strip() for seg in raw.split("\n")]
    kept = [segments[-1]]
    for seg in reversed(segments[:-1]):
        letters = [ch for ch in seg + kept[0] if ch.isalpha()]
        # A legal form alone on the next line ("Ridgeway Freight Systems,\nLLC") has no case
        # of its own to compare.
        bare_form = bool(legal_form("x " + kept[0])) and not base_key("x " + kept[0]).strip("x ")
        # A brand in lower case alone on its line ("bw-3" over "FRANCHISE SYSTEMS, INC.") has
        # no case to compare either, nor has the last of a form's initials written apart
        # ("Acme, L. L." over "C.").
        brand = re.fullmatch(rf"{_LOWER_CASE_BRAND}[\w'’\-.&/]*", seg) is not None
        bare_form = bare_form or re.fullmatch(r"(?:[A-Z]\.\s*)+", kept[0]) is not None
        same_case = seg.isupper() == kept[0].isupper() or not letters or bare_form or brand
        if re.search(r"(?i)\b(?:agreement|exhibit|contract)\b|^\W*$", seg):
            break
        if same_case:
            kept.insert(0, seg)
            continue
        # The line may end with the name's first words after prose or an address ("... 94403
        # and HIGH SPEED NET" over "SOLUTIONS, INC."), or with one word of a name whose case
        # differs from the rest ("ADMA" over "BioManufacturing, LLC", "Capsugel" over "US,
        # LLC"): those words are the name's; a heading of another case stays out.
        # A numbered name's first line ("551 FX IB" over "Associates, LLC"): its number and
        # capitalised words are the name's, whatever their case (_company still reads whether
        # the number is the name's: a year's is not).
        numbered = _NUMBERED_HEAD.search(seg)
        if numbered is not None:
            kept.insert(0, numbered.group(1))
            break
        head = _WRAPPED_HEAD.search(seg)
        if head is not None:
            # "CEO of KESTREL" over "ANALYTICS GMBH": the words after a title's "of" are the
            # name's first words, the title none of them.
            titled = _TITLED_HEAD.match(head.group(1))
            first_words = titled.group(1) if titled else head.group(1)
            words = first_words.split()
            one = words[0] if len(words) == 1 else ""
            # one word: a capitalised word or a short acronym, not a caps heading ("NOTICES")
            # nor a person's initial ("K."); or a few short acronyms ("RSL COM" over
            # "PrimeCall, Inc."), none a place ("CA USA" ends an address)
            if (
                first_words.isupper() == kept[0].isupper()
                or (
                    re.fullmatch(r"[A-Z][\w'’&\-]+", one)
                    and (not one.isupper() or len(one) <= 4)
                    and not is_generic_term(one)
                    and not _contract_role(one)
                )
                or (
                    1 < len(words) <= 3
                    and all(
                        re.fullmatch(r"[A-Z][A-Z0-9&]{1,3}", w)
                        and not re.fullmatch(JURISDICTION, w)
                        and not is_generic_term(w)
                        and not _contract_role(w)
                        for w in words
                    )
                )
            ):
                kept.insert(0, first_words)
        break
    name = re.sub(r"\s+", " ", " ".join(kept)).strip(" ,;:")
    prev = None
    while prev != name:
        prev = name
        name = _LEAD_NOISE.sub("", name)
    # A legal form's full stop typed twice ("Torvec Inc.., a New York corporation").
    return re.sub(r"(?<=\w)\.\.$", ".", name.strip(" ,;:"))


# Forms and entity-type words a sentence's full stop may follow ("... Acme LLC."): forms
# written without a stop of their own and an organisation's head nouns. Not the legal-form
# list (vocabulary.yaml legal_forms): the forms written with a stop (Inc., Ltd., Co., Corp.)
# keep it, and the rarer forms (Kft, ApS, ...) have never been read here.
_NO_DOT_FORMS = frozenset(
    [
        "llc",
        "plc",
        "gmbh",
        "lp",
        "llp",
        "lllp",
        "ag",
        "se",
        "kg",
        "bv",
        "nv",
        "sa",
        "sas",
        "na",
        "company",
        "corporation",
        "limited",
        "incorporated",
        "partnership",
        "trust",
        "bank",
        "fund",
        "association",
        "mhc",
    ]
)


_DESCRIPTOR = re.compile(r"^(?:[A-Z][\w.'’]*[ \t]+){0,3}[A-Z][\w.'’]*-(?:based|headquartered)\s+")


_GENERIC_LEAD = re.compile(
    r"^(?:the\s+)?(?:Company|Corporation|Registrant|Partnership|Borrower|Lender|Parent|Seller|"
    r"Buyer|Purchaser|Customer|Supplier|Licensor|Licensee|Provider)\s+(?:and|&)\s+(?=[A-Z])",
    re.IGNORECASE,
)


def _in_legal_form(words: Sequence[str], idx: int) -> bool:
    """Is words[idx] inside the legal form that ends the name (every word from a capitalised
    one before it on is the form: "Sp. z o.o.", not "a Delaware limited partnership")?"""
    for start in range(idx, 0, -1):
        if not words[start][0].isupper():
            continue
        tail = " ".join(words[start:])
        form = legal_form("x " + tail)
        if form and entity_key("x " + tail) == "x " + form:
            return True
    return False


# The words of a title or a list of parties, never of a name a number opens.
_TITLE_WORD = re.compile(
    rf"(?i:agreement|exhibit|contract|{'|'.join(lexicon().party_list_openers)})"
)


_ADDRESS_OPENER = re.compile(rf"(?i:{'|'.join(lexicon().address_openers)})")


def _number_in_name(words: Sequence[str], idx: int, same_line: bool = False) -> bool:
    """Is the number words[idx] a word of the name ("2205925 Ontario Limited", "Kes 7 Capital
    Inc.", "Layer 2 Communications Group Ltd", "WPP 2005 LIMITED"), not an address's, a date's
    or a list's number run into it? A bare number is the name's when capitalised words follow
    it to the legal form and it opens the match or follows a name's word: not a month's ("May
    2003"), a state's ("California 92618", "NY 10022"), an address opener's ("Suite 304"), nor
    a word a comma ends. A year opens no name: it ends a date. Nor is a number before a title
    a name's ("Exhibit 4 JOINT VENTURE AGREEMENT BETWEEN NOVO INC."): its words hold an
    agreement's or a list's word. An address opener's word that opens the name, with its
    number and the name's next word on one line (`same_line`), is the name's ("Level 3
    Communications, Inc.", "Unit 2 Holdings Ltd."): an address's number ends its line or a
    comma follows it ("Suite 200, Dallas", "Suite 200 / Acme Inc.")."""
    word, rest = words[idx], words[idx + 1 :]
    # a legal form written in lower case is still the name's end ("Kes 7 Digital, inc.")
    if not re.fullmatch(r"\d+", word) or not rest:
        return False
    if any(w[0].islower() and not legal_form("x " + w) for w in rest):
        return False
    if any(_TITLE_WORD.fullmatch(w) for w in rest):
        return False
    if idx == 0:
        return re.fullmatch(r"(?:19|20)\d\d", word) is None
    prev = words[idx - 1]
    return (
        prev[0].isupper()
        and re.search(r"[\d,;:]", prev) is None
        and lexicon().month_number(prev) is None
        and prev not in lexicon().us_state_codes
        and not (
            _ADDRESS_OPENER.fullmatch(prev)
            and not (
                same_line
                and not any(w[:1].isupper() for w in words[_opened_at(words, idx - 1) : idx - 1])
            )
        )
        and not re.fullmatch(JURISDICTION, prev)
    )


# An address opener's word, its number and a word after them on one line, opening the text
# or right after a list's opener or joiner ("and Level 3 Communications, Inc.", "Slovakia
# and Unit 4 Media LLC").
_LIST_WORDS = "|".join(
    re.escape(w) for w in (*lexicon().party_list_openers, *lexicon().party_list_joiners)
)
_OPENER_NUMBER_ON_LINE = re.compile(
    rf"(?:^\s*(?:(?i:{_LIST_WORDS})\s+)*|\s(?:(?i:{_LIST_WORDS})\s+)+)"
    rf"(?i:{_ADDRESS_OPENER.pattern})[ \t]+\d+[ \t]+[A-Z]"
)


def _opened_at(words: Sequence[str], idx: int) -> int:
    """Where the name that words[idx] may open starts: after a list's joiner right before it
    ("Slovakia and Unit 4 Media LLC", an address's place run in before the joiner), else at
    the first word."""
    return idx if idx > 0 and words[idx - 1].lower() in _JOINER_WORDS else 0


# The words that join a list's last party to it ("and"), not "&", which joins a firm's names
# ("California & Hawaiian Sugar Company").
_JOINER_WORDS = frozenset(j.lower() for j in lexicon().party_list_joiners if j.isalpha())


_LIST_OPENER_WORD = re.compile(rf"(?:{'|'.join(lexicon().party_list_openers)})", re.IGNORECASE)


def _unglued(words: list[str], after_address: bool, city_first: bool = True) -> list[str]:
    """The name's words without what an address or a heading ran into them: the place that
    ends the address before it and the list's joiner ("..., Slovakia and Sicap Ltd", "United
    Kingdom and CERES, INC."), or a heading's word and a list's opener written in capitals
    ("Commission BETWEEN CERES, INC."). The place is a country's or a state's name, or a
    city of one word ("..., Hlavna 17, Bratislava and Orvandi Systems Inc."), cut only
    `after_address` (an address ends right before it) and `city_first` (the city word is the
    first after the address: after a list's joiner it opens a firm's name, "NY 10001, and
    Barnes and Noble, Inc."), and the words after the joiner hold
    a name of two words or more: a place and "and" that open a name with no address before
    them are its words ("Australia and New Zealand Banking Group Limited", "Texas and
    Pacific Railway Company"). A name's own words never hold a list's opener as a
    capitalised word."""
    for idx in range(len(words) - 2, 0, -1):
        if words[idx][:1].isupper() and _LIST_OPENER_WORD.fullmatch(words[idx]):
            return words[idx + 1 :]
    if not after_address:
        return words
    for idx in range(1, min(4, len(words) - 2)):
        if (
            words[idx].lower() in _JOINER_WORDS
            and (
                re.fullmatch(JURISDICTION, " ".join(words[:idx]).rstrip(","))
                # a city that no list of places holds, one word ("Hlavna 17, Bratislava and
                # Orvandi Systems Inc.")
                or (
                    city_first
                    and idx == 1
                    and re.fullmatch(r"[A-Z][^\W\d_]+", words[0]) is not None
                )
            )
            # a place whose name holds the joiner ("England and Wales") is one place
            and not re.fullmatch(JURISDICTION, " ".join(words[: idx + 2]).rstrip(","))
            and len(words) - idx - 1 >= 2
        ):
            return words[idx + 1 :]
    return words


# A registration number's label after a comma ends the name before it ("Harrow & Vale Media,
# Inc., company number 0456789"): the lexicon's `registration_labels`, then the number if read.
_REGISTRATION_TAIL = re.compile(
    rf",\s*(?i:{'|'.join(lexicon().registration_labels)})(?![\w-])"
    r"(?:\s*[:#]?\s*[A-Z]{0,3}\s*\d[\w\-/]*)?[\s,.]*$"
)


def _without_registration(name: str) -> str:
    """`name` without a registration label and number that a comma puts after its legal form."""
    m = _REGISTRATION_TAIL.search(name)
    if m is None or m.start() == 0 or not legal_form(name[: m.start()]):
        return name
    return name[: m.start()]


def _company(raw: str, after_address: bool = False) -> NamedEntity | None:
    """The company `raw` names, or None; `after_address`: an address ends right before `raw`
    (its place and a list's joiner that open `raw` are then no words of the name)."""
    same_line = _OPENER_NUMBER_ON_LINE.search(raw) is not None
    name = _without_registration(_clean_name(re.sub(rf"{_RULE_NOISE}(?=\S)", " ", raw)))
    name = re.sub(rf",?\s+(?:st|nd|rd|th)\s+(?=(?:{_SUFFIX})\b)", ", ", name)
    series = re.search(rf"{_SERIES}$", name)
    if series is not None and series.start() > 0:
        stem = _company(name[: series.start()], after_address)
        # Only trusts and funds issue in series; "Acme Corp. Series A" is a class of stock.
        if stem is None or stem.key.rsplit(" ", 1)[-1] not in {"trust", "fund"}:
            return stem
        full = f"{stem.name}{series.group(0)}"
        return NamedEntity(full, entity_key(full), SubjectType.LEGAL_ENTITY)
    # "Pittsburgh-based Acme Inc.": a descriptor, not part of the name.
    name = _DESCRIPTOR.sub("", name)
    # "between the Company and Beta Inc.": a defined term joined to the next name.
    name = _GENERIC_LEAD.sub("", name)
    # "and its Reseller, Pelican & Sons Ltd.": a party's role and a comma before a company's
    # name are no words of it ("Bell, Howell & Co." is one name: "Bell" is no role).
    role = re.match(r"^(?:(?i:its|the|our|their)\s+)?([A-Z][\w\-]*),\s+([A-Z0-9]\S*.*)$", name)
    if role and _contract_role(role.group(1)) and looks_like_company(role.group(2)):
        name = role.group(2)
    # "Jane Roe of Smith & Lane LLP": a person at the firm, the firm is the name.
    of = re.match(r"^(.+?)\s+of\s+(\S.*)$", name)
    if (
        of
        and is_person_name(of.group(1))
        and looks_like_company(of.group(2))
        # "John Deere of Canada Ltd." is one name: the part after "of" is only a place.
        and not re.fullmatch(rf"(?:{JURISDICTION})", base_key(of.group(2)), re.IGNORECASE)
    ):
        name = of.group(2)
    if re.fullmatch(rf"(?:an?\s+)?(?:{JURISDICTION})\s+\w+", name):  # "a Nevada Corporation"
        return None
    # "Chairman and Chief Executive Officer of Best Buy Co., Inc.": the company follows the title.
    tm = re.match(rf"^.*\b(?:{_TITLE_ALT}|Officers?|OFFICERS?)\s+(?:of|OF|at)\s+(\S.*)$", name)
    if tm:
        name = tm.group(1)
    # "as Administrator for Twentieth Century Fox Film Corporation": the capacity in which a
    # party acts for the name after it.
    capacity = re.match(r"^(?:[A-Z][a-z]+\s+)?([A-Z][a-z]+)\s+(?:for|of)\s+([A-Z]\S*.*)$", name)
    if capacity and capacity.group(1).lower() in _CAPACITY_ROLES:
        name = capacity.group(2)
    # Addresses and list numbers run into names: "California 92618 and TrueLink, Inc.".
    words = name.split()
    for idx in range(len(words) - 1, -1, -1):
        # ... but a number right before the legal form is part of the name ("EWSD 1, LLC").
        numbered = (
            0 < idx == len(words) - 2
            and re.fullmatch(r"\d{1,3},?", words[idx]) is not None
            and bool(legal_form("x " + words[idx + 1]))
            and not re.search(r"\d", words[idx - 1])
        )
        # A legal form before the last two words ends an earlier name ("Acme Inc. and TrueLink,
        # Inc."): these spellings only, not the legal-form list (vocabulary.yaml legal_forms).
        if (
            re.fullmatch(r"[\d\-.,:]+", words[idx])
            and not numbered
            and not _number_in_name(words, idx, same_line)
        ) or (
            words[idx].rstrip(",").lower() in {"inc.", "inc", "ltd.", "llc"}
            and idx < len(words) - 2
        ):
            # a street number or postcode a comma ends is an address's ("Bratislava 38,
            # Slovakia and Sicap Ltd"): the place after it ends that address
            after_address = after_address or words[idx].endswith(",")
            words = words[idx + 1 :]
            # What followed the number is read again from its start: a title ("Exhibit 10.1
            # JOINT VENTURE AGREEMENT BETWEEN NOVO INTEGRATED SCIENCES INC.").
            words = _LEAD_NOISE.sub("", " ".join(words)).split()
            break
    # A bracket and a list's joiner open no name: "(Bioeq) and Coherus BioSciences, Inc." is
    # the term of the name before it, then the next name.
    if (
        len(words) > 2
        and re.fullmatch(r"\([^()]*\),?", words[0])
        and _LIST_JOINER.fullmatch(words[1])
    ):
        words = words[1:]
    # A list's joiner that opens the words stands between the address and the name: the word
    # after it opens the name, it ends no address ("NY 10001, and Barnes and Noble, Inc.").
    joined = bool(words) and words[0].lower() in _JOINER_WORDS
    while words and words[0].lower() in {"and", "of", "&", "or", "the"} and len(words) > 2:
        words = words[1:]
    words = _unglued(words, after_address, city_first=not joined)
    # A legal form and a joiner open no name: they end the name before ("KESTREL PARTNERS,
    # L.P. and HARROW & VALE MEDIA LLC" read from its comma); two bare letters may be a
    # name's initials ("AB and Sons Ltd").
    while (
        len(words) > 3
        and _LIST_JOINER.fullmatch(words[1].lower())
        and legal_form("x " + words[0])
        and (words[0].endswith(".") or len(words[0]) > 2)
    ):
        words = words[2:]
    name = " ".join(words)
    # A sentence's full stop after a legal form that is not an abbreviation ("... LLC.").
    last = name.rsplit(" ", 1)[-1]
    if last.endswith(".") and "." not in last[:-1] and last[:-1].lower() in _NO_DOT_FORMS:
        name = name[:-1]
    if not name or not looks_like_company(name) or len(name) > 120:
        return None
    # "the Second Amended and Restated Agreement of Limited Partnership": a document's title
    # that ends in a legal form's words names no company.
    if re.search(r"(?i)\bagreements?\b", name):
        return None
    # "... The Company": a reference to a defined term, not a name ending in a legal form.
    if re.search(
        r"(?i)(?:^|\s)the\s+(?:company|corporation|partnership|bank|trust|fund)\.?$", name
    ):
        return None
    key = entity_key(name)
    base = key.rsplit(" ", 1)[0] if " " in key else ""
    if not key or base in _GENERIC_BASE or key.split()[0] in {"such", "said", "each", "any"}:
        return None
    # A lower-case word other than a connector means the match ran into prose; a legal form
    # may be written in lower case ("Sp. z o.o.", "S.à r.l.").
    words = name.split()
    for idx, word in enumerate(words):
        if (
            word[0].islower()
            and not LOWER_CASE_BRAND.match(word)
            and not legal_form("x " + word)
            and word.lower() not in {"of", "and", "de", "du", "do", "da", "des", "the", "for"}
            and not re.search(r"\.(?:com|net|org|io)", word)
            and not _in_legal_form(words, idx)
        ):
            return None
    return NamedEntity(name, key, SubjectType.LEGAL_ENTITY)


# How a signing capacity or an officer's position reads (the signature page, officer lists):
# "(Principal Executive Officer)" is the capacity in which an officer signs, no office; a
# director of the board, not a "Managing Director" (an officer's title); a board chair. The
# titles are the lexicon's (roles.yaml `title_pattern`; vocabulary.yaml `capacity_words`).
_PRINCIPAL = re.compile(r"(?i)principal\s+(?:executive|financial|accounting)\s+officer")


_DIRECTOR = re.compile(
    rf"(?<![Mm]anaging\s)(?<!MANAGING\s)\b(?:{lexicon().role('director').title_pattern})\b"
)


_CHAIR = re.compile(rf"\b(?:{lexicon().role('chair').title_pattern})\b")


_CAPACITY_WORDS = re.compile(
    r"\b(?:" + "|".join(lexicon().documents.get("capacity_words", ())) + r")\b"
)


_CELL = re.compile(r"\s*\|\s*")


# A person's name as a signature page or an officer list prints it, when the general person
# test doubts it ("Gregory R. Page", "Gérard Vittecoq", "Nicholas (Tom) Long"): the layout
# vouches that a person stands there.
_UPPER = "A-Z\u00c0-\u00de"


_NAME_WORD = rf"[{_UPPER}][a-z\u00df-\u00ff'’-]+(?:-[{_UPPER}][a-z\u00df-\u00ff'’-]+)?"


_LISTED_NAME = re.compile(
    rf"(?:[{_UPPER}]\.\s*)?{_NAME_WORD}(?:\s+\({_NAME_WORD}\))?"
    rf"(?:\s+(?:[{_UPPER}]\.|{_NAME_WORD}|Mc{_NAME_WORD})){{1,3}}(?:,?\s+(?:Jr\.?|Sr\.?|III|II|IV))?"
)


def _table_cells(text: str) -> list[str]:
    """A table row's cells as the parser joins them (" | "), each stripped (a left-to-right
    mark dropped)."""
    return [c.strip() for c in _CELL.split(text.replace("\u200e", "")) if c.strip()]


def _is_capacity(text: str) -> bool:
    """Does a cell state a capacity or a position ("Director", "Chairman of the Board",
    "(Principal Financial Officer)", "Senior Vice President, General Counsel")?"""
    t = re.sub(r"[()]", " ", text)
    return bool(
        _DIRECTOR.search(t)
        or _CHAIR.search(t)
        or _PRINCIPAL.search(t)
        or _CAPACITY_WORDS.search(t)
        or _title_roles(t)
    )


def _named_person(raw: str) -> NamedEntity | None:
    """A person's name, whole, where a layout vouches that a person stands (a signer, a row
    of an officer list): the general person test, else the looser shape of a name; never a
    capacity or a list's heading ("Executive Officers | 20" in a table of contents)."""
    text = re.sub(r"\s+", " ", raw).strip(" ,")
    if _is_capacity(text) or re.search(r"(?i)\b(?:officers?|directors?|board)\b", text):
        return None
    person = _person(text)
    if person is not None and person.name == text:
        return person
    if _LISTED_NAME.fullmatch(text):
        return NamedEntity(text, entity_key(text), SubjectType.INDIVIDUAL)
    return None


def _person(raw: str) -> NamedEntity | None:
    lines = raw.strip().split("\n")
    if len(lines) == 2 and len(lines[0].split()) == 1 and len(lines[1].split()) >= 2:
        # "... of Activision Blizzard\nRobert A. Kotick, Chief ...": the last word of the line
        # above ran into a full name on its own line.
        alone = _person(lines[1])
        if alone is not None:
            return alone
    name = _clean_name(raw)
    name = re.sub(rf"^{HONORIFIC}", "", name)
    # "/s/ Jane Roe" above "Jane Roe, Incorporator": the name read twice across the break.
    words = name.split()
    half = len(words) // 2
    if len(words) % 2 == 0 and half >= 2 and words[:half] == words[half:]:
        name = " ".join(words[:half])
    if not is_person_name(name):
        # "... of the Company\nJane Roe, counsel": the match began on the line above.
        if "\n" in raw.strip():
            return _person(raw.strip().rsplit("\n", 1)[1])
        return None
    return NamedEntity(name, entity_key(name), SubjectType.INDIVIDUAL)


_COMPANY_RE = re.compile(COMPANY)


_PERSON_RE = re.compile(rf"(?<![\w.'’\-]){PERSON}")


# Who holds a title: a full name, "Mr. Surname", or a one-word defined term ("Okafor",
# "the Executive"); the last two are resolved within the document (BindingContext.who).
WHO = (
    rf"(?:{PERSON}|(?<![\w.'’\-]){HONORIFIC}{_PWORD}"
    rf"|(?<![\w.'’\-])(?:the\s+|The\s+)?[A-Z][a-z]+)"
)


# A list of persons: "A, B and C".
PERSONS = rf"{PERSON}(?:\s*,\s*{PERSON})*(?:,?\s+and\s+{PERSON})?"


_ENTITY_TYPE = lexicon().entity_type


_LAWS_OF = (
    r"(?:the\s+laws\s+of\s+(?:the\s+)?(?:(?:State|Commonwealth|Province|Republic|Kingdom|"
    r"Country)\s+of\s+)?)"
)


# Role-like defined terms: a party's contract_role ("Supplier" -> "supplier"); general
# terms only (domain/lexicon/vocabulary.yaml), never one contract's own defined term.
_CONTRACT_ROLES = lexicon().contract_roles


# The roles in which one acts for another: a term ending in one is a role ("Paying Agent"),
# and one before "for" or "of" is a capacity, not a word of the name after it.
_CAPACITY_ROLES = frozenset({"agent", "adviser", "advisor", "provider", "administrator", "trustee"})


# A party slot that describes a party named elsewhere ("RECEIVING PARTY IDENTIFIED IN ANNEXURE
# A", "the Recipient named in Schedule 1"): no name, so no party and no alias is bound to it
# (the lexicon's `party_described_by`).
_DESCRIBED_PARTY = re.compile(
    rf"(?i)\b(?:{'|'.join(lexicon().party_described_by)})\s+"
    r"(?:in|on|at|below|above|herein|hereunder|hereto)\b"
)


def described_party(name: str) -> bool:
    """True when `name` describes a party it does not name ("the party identified on the
    signature page")."""
    return _DESCRIBED_PARTY.search(name) is not None


def _name_count(text: str, name: str, lead: str = "") -> int:
    """How often `name`'s words stand in `text` in a row, in any case; with `lead`, after that
    word on the same line, as one name: in the same case as the name's first word ("Principal
    Financial Group", not "NOTICES TO: RESELLER MTI Technology Corp", where it labels it)."""
    words = re.findall(r"[A-Za-z0-9]+", name)
    if not words:
        return 0
    body = r"\W+".join(map(re.escape, words))
    if not lead:
        return len(re.findall(rf"(?i)\b{body}\b", text))
    found = re.finditer(rf"(?i)\b(?P<lead>{re.escape(lead)})[ \t]+(?P<first>{body})\b", text)
    return sum(m.group("lead").isupper() == m.group("first").isupper() for m in found)


def role_labels_name(role: str, rest: NamedEntity, text: str) -> bool:
    """Whether the role word that opens a line with no colon ("RESELLER MTI TECHNOLOGY
    CORPORATION") labels the company's name after it, rather than opening the name itself
    ("PRINCIPAL FINANCIAL GROUP, INC.", "BANK OF AMERICA, N.A."). `text` is the document's.

    The line read whole is a name where the document names it so elsewhere; the rest is a
    name of its own where the document names it alone elsewhere, or where a word of it is
    no word of legal English (a coined or proper name: "MTI", "ECOPETROL"), which a name
    made only of such words ("FINANCIAL GROUP", "ADMINISTRATION SERVICES") is not."""
    base = base_key(rest.name)
    if not base:
        return False
    whole = _name_count(text, base, lead=role)
    if whole > 1:
        return False
    if _name_count(text, base) > whole:
        return True
    words = known_words()
    return any(w.isalpha() and w not in words for w in base.split())


def _contract_role(term: str) -> str | None:
    low = re.sub(r"[^a-z0-9]+", "_", term.lower()).strip("_")
    low = low.removeprefix("the_")
    if low in _CONTRACT_ROLES:
        return low
    last = low.rsplit("_", 1)[-1]
    if last in _CAPACITY_ROLES:
        return low
    return None


# One or more titles: "President and Chief Executive Officer", "Chairman, CEO and Secretary".
TITLES = rf"(?:{_TITLE_ALT})(?:\s*(?:,|and|&|/)\s*(?:{_TITLE_ALT}))*"


# A defined term in a rule's parent slot: a capitalised phrase, resolved after matching.
_TERM_WORD = r"[A-Z][\w&\-]*(?:\.[\w&\-]+)*"


_PARENT = rf"(?:{COMPANY}|(?:[Tt]he\s+)?{_TERM_WORD}(?:[ \t]+{_TERM_WORD}){{0,4}})"


def _cells(text: str) -> list[str]:
    """A table row's cells (the parser joins them with " | ")."""
    return [c.strip() for c in re.split(r"\s+\|\s+|\t", text.strip()) if c.strip()]


def _persons(raw: str) -> list[NamedEntity]:
    out = []
    for part in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", raw):
        person = _person(part)
        if person is not None:
            out.append(person)
    return out


def company_named(raw: str, after_address: bool = False) -> NamedEntity | None:
    """The company a listed name reads as, the step the preamble and signature readers run
    on each name they find (`after_address`: the name follows another party's address, whose
    last words may still lead it): None where `raw` names no company."""
    return _company(raw, after_address=after_address)
