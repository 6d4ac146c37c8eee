"""Forms: values that stand above, beside or below their printed captions.

A filing's cover page (10-K, 10-Q, 8-K, 20-F) and many corporate forms print each value over a
parenthesized caption ("Delaware" over "(State or other jurisdiction of incorporation or
organization)"), or after a label ("Telephone number: (651) 733-1110"), or in a check-box list
("Large accelerated filer ☒"). The captions, the shape of each value and the check-box options
are lexicon data (domain/lexicon/attributes.yaml: `form_captions`, `form_value`,
`form_choices`); this module only knows the layout: which line a caption's value sits on.

Every value is bound to the document's own entity (the registrant named over "(Exact name of
registrant as specified in its charter)", or the issuer of a press release), which is itself
bound under the role `registrant`, so it is always in the binding index. Certifications ("I,
NAME, certify that ...") bind their signer's titled roles (CEO, CFO) to that entity.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from domain import BindingType, SubjectType, base_key, entity_key, is_generic_term, lexicon
from ingest._document import LocatedLine
from ingest.bindings import _signature_page as signature_page
from ingest.bindings._context import BindingContext
from ingest.bindings._names import (
    _COMPANY_RE,
    COMPANY,
    PERSON,
    NamedEntity,
    _company,
    _named_person,
    _person,
    _table_cells,
    _title_roles,
)
from ingest.bindings._rule import BindingRule

# A form's first pages: a cover page runs over one or two pages, three at most.
_COVER_PAGES = 3
# How many lines away from its caption a value may stand.
_REACH_LINES = 4


@dataclass(frozen=True)
class _Field:
    attribute: str
    role: str
    captions: tuple[re.Pattern[str], ...]
    value: re.Pattern[str] | None  # None: a jurisdiction of the lexicon
    choices: tuple[str, ...]


def _fields() -> tuple[_Field, ...]:
    lex = lexicon()
    places = sorted([*lex.us_states, *lex.countries], key=len, reverse=True)
    jurisdiction = re.compile(
        r"(?<![\w])(?:" + "|".join(re.escape(p) for p in places) + r")(?![\w])"
    )
    out = []
    for a in lex.attributes:
        if not (a.form_captions or a.form_choices) or a.binding_role is None:
            continue
        if a.form_value == "jurisdiction":
            shape: re.Pattern[str] | None = jurisdiction
        else:
            shape = re.compile(a.form_value) if a.form_value else None
        out.append(
            _Field(
                attribute=a.name,
                role=a.binding_role,
                captions=tuple(re.compile(c, re.IGNORECASE) for c in a.form_captions),
                value=shape,
                choices=a.form_choices,
            )
        )
    return tuple(out)


_FIELDS = _fields()
_REGISTRANT = next((f for f in _FIELDS if f.role == "registrant"), None)
_JURISDICTION = next((f for f in _FIELDS if f.role == "jurisdiction"), None)
# A filing: the commission's heading and a form's number on the first page.
_FILING_HEAD = re.compile(r"(?i)securities\s+and\s+exchange\s+commission")
_FORM_NUMBER = re.compile(lexicon().filing_form)
# A press release's dateline names its issuer with its listing: "Acme Inc. (NYSE: ACME)".
_ISSUER = re.compile(
    rf"(?P<co>{COMPANY}|(?:(?:[A-Z][\w.&'’-]*|&)[ \t]+){{0,4}}[A-Z][\w.&'’-]*)\s*\(\s*"
    r"(?P<ex>[A-Z][A-Za-z]{1,10}(?:\s+[A-Z][A-Za-z]{1,10})?)\s*:\s*(?P<tk>[A-Z][A-Z0-9.]{0,5})\s*\)"
)
# A release's headline ("Amcor reports fiscal 2023 results") and its "About Amcor" section:
# the issuer of a release whose dateline lists no ticker (FormReader._headline_issuer).
_HEADLINE = re.compile(
    r"(?P<co>(?:(?:[A-Z][\w.&'’-]*|&)[ \t]+){0,5}?[A-Z][\w.&'’-]*)[ \t]+(?:"
    + "|".join(map(re.escape, lexicon().release_headline_verbs))
    + r")\b"
)
_ABOUT = re.compile(r"About\s+(?P<co>[A-Z][\w.,&'’ -]{1,80}?)\s*:?")
# The headline stands among the first lines of the first page.
_HEADLINE_LINES = 4
_CERTIFY = re.compile(
    r"^\s*I,\s*(?P<name>[A-Z][^,]{2,60}?)\s*,\s*(?:hereby\s+)?certify", re.IGNORECASE
)
# The document's own founders, in its own voice: "Jane Doe, our co-founder, ...", "our
# founders, Jane Doe and ...", "the Company's co-founder, Mr. John Roe".
_OWN = r"(?:our|the\s+(?:Company|Registrant|Corporation)['’]s)"
_OWN_FOUNDER = (
    rf"(?P<who>{PERSON}),\s+{_OWN}\s+(?P<co>co-?)?founder"
    rf"|{_OWN}\s+(?P<co2>co-?)?founders?,?\s+(?P<who2>{PERSON})"
)


# The cover page's count of shares outstanding (see FormReader._shares_outstanding).
_SENTENCE = re.compile(r"[^.;]*?(?:\.(?=\d)[^.;]*?)*(?:[.;](?!\d)|$)", re.DOTALL)
_OUTSTANDING = re.compile(r"(?i)\boutstanding\b")
_SHARES = re.compile(r"(?i)\bshares\b|\bcommon\s+stock\b")
_NOT_OUTSTANDING = re.compile(
    r"(?i)aggregate\s+market\s+value|non-?\s?affiliates|\bauthorized\b|\brespectively\b"
)
# A cover page and the page it runs onto: the count of shares stands there.
_SHARES_PAGES = 2
_COUNT = re.compile(
    r"(?<![\d,.$])(?:\d{1,3}(?:,\d{3}){2,}|\d+(?:\.\d+)?\s+(?:million|billion))(?![\d,])"
)
_AS_OF = re.compile(rf"(?i:as\s+of|at|on)\s+({lexicon().month}\s+\d{{1,2}}\s*,?\s*\d{{4}})")
_CLASS = re.compile(r"\bClass\s+[A-Z]\b")


def _caption_at(line: LocatedLine) -> list[tuple[_Field, int, re.Match[str]]]:
    """The fields whose caption this line prints: (field, cell index, match)."""
    found = []
    for k, cell in enumerate(_table_cells(line.text)):
        for f in _FIELDS:
            for rx in f.captions:
                m = rx.search(cell)
                if m:
                    found.append((f, k, m))
                    break
    return found


class FormReader:
    """The form rules; each reads the document's context."""

    @staticmethod
    def is_form(ctx: BindingContext) -> bool:
        head = [ln for ln in ctx.flow.lines if ln.page <= 2][:60]
        text = "\n".join(ln.text for ln in head)
        if _FILING_HEAD.search(text) and _FORM_NUMBER.search(text):
            return True
        return _REGISTRANT is not None and any(
            rx.search(ln.text) for ln in head for rx in _REGISTRANT.captions
        )

    @staticmethod
    def own_entity(ctx: BindingContext) -> tuple[NamedEntity, tuple[int, int]] | None:
        """The entity the document speaks for, and the span that names it."""
        lines = [ln for ln in ctx.flow.lines if ln.page <= _COVER_PAGES]
        if _REGISTRANT is not None:
            for i, ln in enumerate(lines):
                if not any(rx.search(ln.text) for rx in _REGISTRANT.captions):
                    continue
                # The name stands right above its caption (a caption may wrap onto the line
                # under it: "(Exact" / "name of registrant ...").
                for j in range(i - 1, max(-1, i - 3), -1):
                    name = lines[j].text.strip()
                    if j == i - 1 and re.fullmatch(r"\(?\s*exact", name, re.IGNORECASE):
                        continue
                    if len(lines) > j - 1 >= 0 and not re.search(r"\w", name):
                        continue
                    ent = _own_name(name)
                    if ent is not None:
                        return ent, _span(ctx, lines[j], ln)
                    break
        if FormReader._filing(ctx):
            # A cover page without the caption: the first company-shaped line after the
            # commission file number ("3M COMPANY" / "State of Incorporation: Delaware").
            for i, ln in enumerate(lines[:80]):
                if re.search(r"(?i)commission\s+file\s+(?:number|no)", ln.text):
                    for nxt in lines[i + 1 : i + 5]:
                        ent = _company(nxt.text.strip())
                        if ent is not None and len(_table_cells(nxt.text)) == 1:
                            return ent, _span(ctx, nxt, nxt)
                    break
            return None
        # A press release: its dateline's issuer.
        first_page = [ln for ln in ctx.flow.lines if ln.page == 1][:60]
        for ln in first_page:
            m = _ISSUER.search(ln.text)
            if m:
                ent = _own_name(m.group("co"))
                if ent is not None:
                    return ent, _span(ctx, ln, ln)
        return FormReader._headline_issuer(ctx, first_page)

    @staticmethod
    def _headline_issuer(
        ctx: BindingContext, first_page: list[LocatedLine]
    ) -> tuple[NamedEntity, tuple[int, int]] | None:
        """A release with no listed dateline: the company its headline reports for ("Amcor
        reports fiscal 2023 results"), when the release's own "About Amcor" section names the
        same company. Two statements of the release, so a headline about another company
        ("Acme reports ... Beta's results") is not read as the issuer on its own."""
        about = {
            ent.key
            for ln in ctx.flow.lines
            if (m := _ABOUT.fullmatch(ln.text.strip())) and (ent := _own_name(m.group("co")))
        }
        if not about:
            return None
        for ln in [ln for ln in first_page if ln.text.strip()][:_HEADLINE_LINES]:
            m = _HEADLINE.match(ln.text.strip())
            ent = _own_name(m.group("co")) if m else None
            if ent is not None and ent.key in about:
                return _legal_name(ctx, ent), _span(ctx, ln, ln)
        return None

    @staticmethod
    def _filing(ctx: BindingContext) -> bool:
        head = "\n".join(ln.text for ln in ctx.flow.lines if ln.page == 1)
        return bool(_FILING_HEAD.search(head) and _FORM_NUMBER.search(head))

    # -- the rule ------------------------------------------------------------------------------

    def cover(self, ctx: BindingContext) -> None:
        found = self.own_entity(ctx)
        if found is None:
            return
        owner, span = found
        ctx.emit(
            role="registrant",
            subject=owner,
            parent=None,
            binding_type=BindingType.REGISTRATION,
            span=span,
        )
        for term in ("Registrant", "Company"):
            ctx.add_alias(term, owner, span, "defined_term")
        filing = self._filing(ctx)
        if filing or self.is_form(ctx):
            self._captioned_values(ctx, owner)
            self._check_boxes(ctx, owner)
        self._issuer_listing(ctx, owner)
        self._certifications(ctx, owner)
        if filing:
            self._shares_outstanding(ctx, owner)
            signature_page.read(ctx, owner)
        self._own_founders(ctx, owner)

    def _shares_outstanding(self, ctx: BindingContext, owner: NamedEntity) -> None:
        """ "As of January 15, 2016, 498,330,407 shares of the registrant's common stock ...
        were issued and outstanding": the count of each class of shares, as of its date, in
        a sentence of the cover page that says shares are outstanding (not a market value,
        not shares held by non-affiliates or in the treasury)."""
        cover = [ln for ln in ctx.flow.lines if ln.page <= _SHARES_PAGES]
        if not cover:
            return
        start = ctx.flow.starts[0]
        end = ctx.flow.starts[len(cover) - 1] + len(cover[-1].text)
        text = ctx.flow.text[start:end]
        # The sentences of the cover's prose, and its table rows ("Number of shares of common
        # stock outstanding as of January 24, 2018 | 484,107,183") each alone.
        spans = []
        for m in _SENTENCE.finditer(text):
            s0 = m.start()
            if "|" in m.group(0):
                # A sentence run on from a table row above: it starts on the line after it.
                row_end = text.find("\n", text.rfind("|", m.start(), m.end()), m.end())
                if row_end < 0:
                    continue
                s0 = row_end + 1
            if text[s0 : m.end()].strip():
                spans.append((s0, m.end()))
        spans += [
            (ctx.flow.starts[i] - start, ctx.flow.starts[i] - start + len(ln.text))
            for i, ln in enumerate(cover)
            if "|" in ln.text
        ]
        seen: set[str] = set()
        for s0, s1 in sorted(spans):
            sentence = text[s0:s1]
            if not (_OUTSTANDING.search(sentence) and _SHARES.search(sentence)):
                continue
            dm = _AS_OF.search(sentence)
            if _NOT_OUTSTANDING.search(sentence) or dm is None:
                continue
            for nm in _COUNT.finditer(sentence):
                before = sentence[: nm.start()]
                if before.rstrip().endswith("$") or before.count("(") > before.count(")"):
                    continue  # "$218 billion", "(excluding 152,653,717 shares ...)"
                classes = _CLASS.findall(before)
                count = re.sub(r"\s+", " ", nm.group(0))
                if count in seen:
                    continue
                seen.add(count)
                attributes = {"form_field": "shares_outstanding"}
                attributes["as_of"] = re.sub(r"\s+", " ", dm.group(1))
                if classes:
                    attributes["class"] = re.sub(r"\s+", " ", classes[-1])
                ctx.emit(
                    role="shares_outstanding",
                    subject=NamedEntity(
                        count, re.sub(r"\W+", "", count.lower()), SubjectType.IDENTIFIER
                    ),
                    parent=owner,
                    binding_type=BindingType.REGISTRATION,
                    span=(start + s0, start + s1),
                    attributes=attributes,
                )

    def _own_founders(self, ctx: BindingContext, owner: NamedEntity) -> None:
        for m in ctx.scan(_OWN_FOUNDER, r"(?i:founder)"):
            raw = m.group("who") or m.group("who2")
            person = _person(re.sub(r"\s+", " ", raw)) if raw else None
            if person is None:
                continue
            co = m.group("co") or m.group("co2")
            ctx.emit(
                role="founder",
                subject=person,
                parent=owner,
                binding_type=BindingType.OWNERSHIP,
                span=(m.start(), m.end()),
                attributes={"qualifier": "co-founder"} if co else {},
            )

    def _captioned_values(self, ctx: BindingContext, owner: NamedEntity) -> None:
        lines = [ln for ln in ctx.flow.lines if ln.page <= _COVER_PAGES]
        done: set[str] = set()
        for i, ln in enumerate(lines):
            for f, k, m in _caption_at(ln):
                if f.value is None or f.role in done or f.role == "registrant":
                    continue
                hit = self._value_for(lines, i, k, m, f)
                if hit is None:
                    continue
                value, first, last = hit
                done.add(f.role)
                subject = _value_entity(f, value)
                if subject is None:
                    continue
                lo, hi = sorted((first, last, i))[0], sorted((first, last, i))[-1]
                ctx.emit(
                    role=f.role,
                    subject=subject,
                    parent=owner,
                    binding_type=BindingType.REGISTRATION,
                    span=_span(ctx, lines[lo], lines[hi]),
                    attributes={"form_field": f.attribute},
                )

    def _value_for(
        self,
        lines: Sequence[LocatedLine],
        i: int,
        k: int,
        m: re.Match[str],
        f: _Field,
    ) -> tuple[str, int, int] | None:
        """The value a caption labels: after it on its line, or on the lines above or below."""
        assert f.value is not None
        line = lines[i]
        cells = _table_cells(line.text)
        after = cells[k][m.end() :] if k < len(cells) else ""
        after = re.sub(r"^[\s.:)\-–—]*(?:No\.?|Number)?[\s.:)]*", "", after)
        # A caption row with parenthesized captions prints its values above it ("Delaware" over
        # "(State or other jurisdiction ...)"); a header row without them, below it.
        parenthesized = any(c.lstrip().startswith("(") for c in cells)
        if after.strip():
            v = _shape(f, after)
            if v:
                return v, i, i
        if f.role == "principal_office":
            return self._address(lines, i, k, len(cells), parenthesized)
        above = range(i - 1, max(-1, i - 1 - _REACH_LINES), -1)
        below = range(i + 1, min(len(lines), i + 1 + _REACH_LINES))
        order = [*above, *below] if parenthesized else [*below, *above]
        for j in order:
            other = lines[j]
            if other.page != line.page:
                continue
            other_cells = _table_cells(other.text)
            if len(other_cells) == len(cells) and len(cells) > 1:
                candidates = [other_cells[k]]
            else:
                candidates = other_cells
            for cell in candidates:
                if _is_caption_cell(cell):
                    continue
                v = _shape(f, cell)
                if v:
                    return v, j, j
        return None

    def _address(
        self,
        lines: Sequence[LocatedLine],
        i: int,
        k: int,
        width: int,
        parenthesized: bool,
    ) -> tuple[str, int, int] | None:
        """An address: the lines above its caption back to the previous caption row."""
        if not parenthesized:
            return None
        phone = next((f.value for f in _FIELDS if f.role == "telephone"), None)
        picked: list[int] = []
        kept: dict[int, list[str]] = {}
        for j in range(i - 1, max(-1, i - 1 - _REACH_LINES), -1):
            other = lines[j]
            if other.page != lines[i].page:
                break
            cells = _table_cells(other.text)
            values = [c.strip() for c in cells if not _is_caption_cell(c)]
            # A caption beside the address's last line ("Richfield, Minnesota | (Zip Code)") is
            # the address's own; one higher up closes the block above.
            if (len(values) < len(cells) and j != i - 1) or not values:
                break
            values = [v for v in values if phone is None or not phone.fullmatch(v)]
            if values:
                picked.append(j)
                kept[j] = values
        if not picked:
            return None
        picked.reverse()
        parts = [c for j in picked for c in kept[j]]
        value = ", ".join(p.rstrip(",") for p in parts)
        if not (re.search(r"\d", value) and re.search(r"[A-Za-z]{3}", value)):
            return None
        return value, picked[0], picked[-1]

    def _check_boxes(self, ctx: BindingContext, owner: NamedEntity) -> None:
        lines = [ln for ln in ctx.flow.lines if ln.page <= _COVER_PAGES]
        for f in _FIELDS:
            if not f.choices or f.value is None:
                continue
            options = "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in f.choices)
            rx = re.compile(rf"(?<![\w-])(?P<opt>{options})(?![\w-])", re.IGNORECASE)
            for ln in lines:
                ticked = None
                for m in rx.finditer(ln.text):
                    before = ln.text[: m.start()].rstrip(" \t|")
                    after = ln.text[m.end() :].lstrip(" \t|")
                    mark_after = f.value.match(after[:1]) if after else None
                    mark_before = f.value.match(before[-1:]) if before else None
                    if mark_after or (mark_before and not _follows_option(before, rx)):
                        ticked = m.group("opt")
                        break
                if ticked is None:
                    continue
                name = re.sub(r"\s+", " ", ticked).strip()
                ctx.emit(
                    role=f.role,
                    subject=NamedEntity(name, entity_key(name), SubjectType.IDENTIFIER),
                    parent=owner,
                    binding_type=BindingType.REGISTRATION,
                    span=_span(ctx, ln, ln),
                    attributes={"form_field": f.attribute},
                )
                break

    def _issuer_listing(self, ctx: BindingContext, owner: NamedEntity) -> None:
        """A release's dateline "Acme Inc. (NYSE: ACME)": the issuer's trading symbol."""
        ticker = next((f for f in _FIELDS if f.role == "ticker"), None)
        if ticker is None:
            return
        for ln in [ln for ln in ctx.flow.lines if ln.page == 1][:80]:
            m = _ISSUER.search(ln.text)
            if m is None:
                continue
            ent = _own_name(m.group("co"))
            if ent is None or ent.key != owner.key:
                continue
            symbol = m.group("tk")
            ctx.emit(
                role=ticker.role,
                subject=NamedEntity(
                    symbol, entity_key(symbol) or symbol.lower(), SubjectType.IDENTIFIER
                ),
                parent=owner,
                binding_type=BindingType.EXPLICIT_STATEMENT,
                span=_span(ctx, ln, ln),
                attributes={"exchange": m.group("ex")},
            )
            return

    def _certifications(self, ctx: BindingContext, owner: NamedEntity) -> None:
        """'I, NAME, certify that: ... report ... of <the registrant>' signed with a title."""
        lines = ctx.flow.lines
        for i, ln in enumerate(lines):
            m = _CERTIFY.match(ln.text.replace("\xa0", " "))
            if m is None:
                continue
            person = _signer(re.sub(r"\s+", " ", m.group("name")).strip())
            if person is None:
                continue
            surname = person.name.split()[-1]
            for j in range(i + 1, min(len(lines), i + 90)):
                text = lines[j].text.replace("\xa0", " ")
                if j > i + 1 and _CERTIFY.match(text):
                    break
                if surname not in text and not (j > i and surname in lines[j - 1].text):
                    continue
                # The title: on the signer's line after the name, or on the next lines.
                for t in range(j, min(len(lines), j + 3)):
                    title = lines[t].text.replace("\xa0", " ")
                    title = title.split(surname, 1)[1] if surname in title else title
                    title = re.split(r"\(", title)[0].strip(" ,")
                    roles = [r for r in _title_roles(title) if r in ("ceo", "cfo")]
                    if roles:
                        for role in roles:
                            ctx.emit(
                                role=role,
                                subject=person,
                                parent=owner,
                                binding_type=BindingType.EXPLICIT_STATEMENT,
                                span=_span(ctx, lines[j], lines[t]),
                                attributes={"title": title, "source": "certification"},
                            )
                        break
                else:
                    continue
                break


def _signer(raw: str) -> NamedEntity | None:
    """The person a certification's "I, NAME, certify" names: the frame vouches for a person,
    so a surname that is also a common word ("West") still counts."""
    return _person(raw) or _named_person(raw)


def _follows_option(before: str, rx: re.Pattern[str]) -> bool:
    """A mark before an option that itself ends another option's cell ("filer ☐ Accelerated")
    belongs to that option."""
    return bool(rx.search(before[-40:-1])) if len(before) > 1 else False


def _is_caption_cell(cell: str) -> bool:
    """A caption: a parenthesized phrase ("(Zip Code)", "(Exact name of ...", "... No.)"), or
    one of the lexicon's captions."""
    text = cell.strip()
    if (text.startswith("(") or (text.endswith(")") and "(" not in text)) and re.search(
        r"[A-Za-z]{3}", text
    ):
        return True
    return any(rx.search(cell) for f in _FIELDS for rx in f.captions)


def _shape(f: _Field, text: str) -> str | None:
    assert f.value is not None
    m = f.value.search(text.strip())
    if m is None:
        return None
    return re.sub(r"\s+", " ", m.group(0)).strip()


def _value_entity(f: _Field, value: str) -> NamedEntity | None:
    if f.role == "jurisdiction":
        return NamedEntity(value, entity_key(value) or value.lower(), SubjectType.JURISDICTION)
    if f.role == "principal_office":
        return NamedEntity(value, entity_key(value) or value.lower(), SubjectType.LOCATION)
    key = entity_key(value) or re.sub(r"\W+", " ", value).strip().lower()
    if not key:
        return None
    return NamedEntity(value, key, SubjectType.IDENTIFIER)


def _own_name(raw: str) -> NamedEntity | None:
    """A name a caption or a dateline vouches for: a company-shaped name, else the name as
    printed ("Johnson & Johnson") when it is a proper name, not a generic word."""
    raw = re.sub(r"\s+", " ", raw).strip(" ,;:|")
    ent = _company(raw)
    if ent is not None:
        return ent
    words = raw.split()
    if (
        not words
        or len(words) > 6
        or not all(w[:1].isupper() or w in ("&", "of", "and") for w in words)
    ):
        return None
    if is_generic_term(raw) or (
        _JURISDICTION is not None
        and _JURISDICTION.value is not None
        and (_JURISDICTION.value.fullmatch(raw))
    ):
        return None
    key = entity_key(raw)
    if not key:
        return None
    return NamedEntity(raw, key, SubjectType.LEGAL_ENTITY)


def _legal_name(ctx: BindingContext, ent: NamedEntity) -> NamedEntity:
    """The release's own full name for `ent` ("Amcor plc" for the headline's "Amcor"), so the
    release is bound to the entity its filings are: the first company-shaped name in the
    text with the same name once legal forms are folded; `ent` itself when there is none."""
    folded = base_key(ent.name)
    for m in _COMPANY_RE.finditer(ctx.flow.text):
        full = _company(m.group(0))
        if full is not None and full.key != ent.key and base_key(full.name) == folded:
            return full
    return ent


def _span(ctx: BindingContext, first: LocatedLine, last: LocatedLine) -> tuple[int, int]:
    i = ctx.flow.lines.index(first)
    j = ctx.flow.lines.index(last)
    if j < i:
        i, j = j, i
    start = ctx.flow.starts[i]
    return start, ctx.flow.starts[j] + len(ctx.flow.lines[j].text)


FORMS = FormReader()


class FormFields(BindingRule):
    """A form's own entity (bound as `registrant`) and what its cover states of it: the
    captioned values, the checked boxes, the certifications' signers, a filing's signature
    page (`FormReader.cover`)."""

    name = "form_fields"
    genre = "forms: the document's own entity, captioned values, check boxes, certifications"
    reads = ("filings' cover pages (10-K, 10-Q, 8-K, 20-F)", "corporate forms", "press releases")

    def read(self, ctx: BindingContext) -> None:
        FORMS.cover(ctx)
