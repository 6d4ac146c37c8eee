"""A filing's signature page: the persons who sign the report, each in a stated capacity.

After "this report has been signed below by the following persons on behalf of the registrant
and in the capacities ... indicated" (lexicon: `documents.signature_page`), each signer stands
as a signature ("/s/ JANE ROE"), often the printed name ("Jane Roe", "(Jane Roe)", "Jane Roe –
Director", "Jane Roe, Director") and a capacity ("Director", "Chairman of the Board", "Chief
Financial Officer (Principal Financial Officer)"), one signer a block or two blocks side by
side. A page with no "/s/" lists rows "Jane Roe | Director".

Each signer's capacity binds their roles of the document's own entity (the registrant): a
director, a board chair (who sits on the board, so is also a director), an officer by title.
Only what the page states: a name with no capacity, or a capacity with no signature, binds
nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from domain import BindingType, entity_key, lexicon
from ingest._document import LocatedLine
from ingest.bindings._context import BindingContext
from ingest.bindings._names import (
    _CHAIR,
    _DIRECTOR,
    _PRINCIPAL,
    NamedEntity,
    _is_capacity,
    _named_person,
    _table_cells,
    _title_roles,
)

_OPENING = re.compile(
    "|".join(lexicon().documents.get("signature_page", ())) or r"(?!x)x", re.IGNORECASE
)
_SIGNED = re.compile(r"^\s*(?:By\s*:?\s*)?/s/\s*(?P<name>\S.*?)\s*$", re.IGNORECASE)
_BY = re.compile(r"(?i)^by\s*:?$")
_DATE = re.compile(
    rf"^(?:Date[d]?\s*:?\s*)?(?:{lexicon().month}\s+\d{{1,2}},?\s+\d{{4}}|\d{{1,2}}/\d{{1,2}}/\d{{2,4}})$"
)
_HEADER = re.compile(r"(?i)^(?:signatures?|title|capacity|date|name)$")
# A name and its capacity in one cell: "Lynn J. Good – Director", "Arthur D. Collins, Jr. –
# Director", "Arun Nayar, Director".
_NAME_DASH = re.compile(r"^(?P<name>[^–—]+?)\s*[–—]\s*(?P<cap>\S.*)$")
_NAME_COMMA = re.compile(r"^(?P<name>[^,]+?)\s*,\s*(?P<cap>\S.*)$")
# A capacity's line that runs on onto the next ("Executive Vice President, Chief Financial
# Officer and" / "Director").
_RUNS_ON = re.compile(
    r"(?:,|\band|&|\(|\bof|\bthe|-|\b(?:Executive|Financial|Accounting|Operating|Vice|Chief|Senior))\s*$",
    re.IGNORECASE,
)
# How many lines the page may run after its opening sentence (two pages of signers at most).
_REACH_LINES = 160
_END = re.compile(r"(?i)^(?:exhibit|index\s+to|report\s+of\s+independent|schedule\s+[IVX\d])")


@dataclass
class _Signer:
    signed: str  # the name after "/s/" (or the row's name on a page with no signatures)
    column: int
    first: int
    last: int
    printed: str | None = None
    capacity: list[str] = field(default_factory=list)


def _same_person(a: str, b: str) -> bool:
    """ "ROBERT A. KOTICK" and "Robert A. Kotick"; "Jeffrey L Harmening" and "Jeffrey L.
    Harmening": the same words, case and stops aside."""
    return entity_key(re.sub(r"[.()]", " ", a)) == entity_key(re.sub(r"[.()]", " ", b))


def _printed(cell: str) -> tuple[str, str | None] | None:
    """(name, capacity or None) when a cell prints a person's name, alone, in parentheses
    or before a dash or a comma and a capacity."""
    text = cell.strip()
    inner = re.fullmatch(r"\((.+)\)", text)
    if inner and _named_person(inner.group(1)) is not None:
        return inner.group(1).strip(), None
    if _named_person(text) is not None:
        return text, None
    for rx in (_NAME_DASH, _NAME_COMMA):
        m = rx.match(text)
        if m and _named_person(m.group("name")) is not None and _is_capacity(m.group("cap")):
            return m.group("name").strip(), m.group("cap").strip()
    return None


def _continues(signer: _Signer, cell: str) -> bool:
    """Is a line's cell this signer's capacity: the first one, a parenthetical or the rest of
    a title cut at the line's end? A bare capacity after a complete one belongs to a block
    with no signature ("Director" over an unsigned name)."""
    if not signer.capacity:
        return _is_capacity(cell)
    last = signer.capacity[-1]
    if cell.startswith("(") or last.count("(") > last.count(")"):
        return True
    return bool(_RUNS_ON.search(last)) and len(cell) < 60


def _column(line: LocatedLine, width: float, columns: int) -> int:
    """The column a one-cell line stands in, by where it starts on the page."""
    if columns <= 1 or width <= 0:
        return 0
    return min(columns - 1, int(line.bbox[0] / (width / columns)))


def signers(lines: Sequence[LocatedLine], width: float) -> list[_Signer]:
    """The signers after the page's opening sentence, in order."""
    out: list[_Signer] = []
    active: list[_Signer] = []
    pending: list[str] = []  # a capacity line above the signature it belongs to
    any_signed = any(_SIGNED.match(c) for ln in lines for c in _table_cells(ln.text))
    for i, ln in enumerate(lines):
        cells = [c for c in _table_cells(ln.text) if not _BY.match(c)]
        signed = [c for c in cells if _SIGNED.match(c)]
        if signed:
            active = []
            for k, c in enumerate(signed):
                m = _SIGNED.match(c)
                assert m is not None
                active.append(_Signer(m.group("name"), k, i, i))
            out.extend(active)
            rest = [c for c in cells if not _SIGNED.match(c) and not _DATE.match(c)]
            caps = [c for c in rest if _is_capacity(c)]
            if len(active) == 1:
                active[0].capacity.extend(pending + caps)
            pending = []
            continue
        cells = [c for c in cells if not _DATE.match(c) and not _HEADER.match(c)]
        if not cells:
            continue
        if not any_signed:
            # "Jane Roe | Director": a row per signer, no signatures printed.
            if len(cells) >= 2 and _named_person(cells[0]) is not None and _is_capacity(cells[1]):
                s = _Signer(cells[0], 0, i, i, printed=cells[0], capacity=cells[1:2])
                out.append(s)
                active = [s]
            elif len(cells) == 1 and active and _is_capacity(cells[0]):
                active[0].capacity.append(cells[0])
                active[0].last = i
            continue
        nxt = _table_cells(lines[i + 1].text) if i + 1 < len(lines) else []
        if (
            len(cells) == 1
            and any(_SIGNED.match(c) for c in nxt)
            and _is_capacity(cells[0])
            and not cells[0].startswith("(")
            and _printed(cells[0]) is None
        ):
            # "Chairman of the Board of Directors," over "/s/ Jane Roe | Chief Executive
            # Officer": the capacity's first line stands above the signature.
            follow = [c for c in nxt if not _SIGNED.match(c) and not _BY.match(c)]
            if cells[0].endswith(",") or (follow and re.match(r"[(a-z\u200e]", follow[0])):
                pending.append(cells[0])
                continue
        if not active:
            continue
        if len(active) == 1:
            targets = [(active[0], c) for c in cells]
        elif len(cells) == len(active):
            targets = list(zip(active, cells, strict=True))
        elif len(cells) == 1:
            targets = [(active[_column(ln, width, len(active))], cells[0])]
        else:
            targets = []
        for signer, cell in targets:
            found = _printed(cell)
            if found is not None:
                name, cap = found
                if not _same_person(name, signer.signed):
                    continue  # a name signed by no one here ("C. Kim Goodwin", unsigned)
                signer.printed = signer.printed or name
                if cap:
                    signer.capacity.append(cap)
            elif _continues(signer, cell):
                signer.capacity.append(cell)
            else:
                continue
            signer.last = i
    return out


def roles_of(capacity: str) -> list[str]:
    """The roles a signing capacity states: officer titles, a director, a board chair (who
    is also a director)."""
    text = _PRINCIPAL.sub(" ", capacity)
    text = re.sub(r"[()]", " ", text)
    text = re.sub(r"\s+", " ", text).strip(" ,")
    roles = [r for r in _title_roles(text) if r != "director"]
    if _CHAIR.search(text) and "chair" not in roles:
        roles.append("chair")
    if _DIRECTOR.search(text) or "chair" in roles:
        roles.append("director")
    return list(dict.fromkeys(roles))


def _signer_entity(s: _Signer) -> NamedEntity | None:
    name = s.printed or s.signed
    if name.isupper():
        # "/s/ ROBERT J. CORTI" with no printed name: the name in its words' case.
        name = " ".join(
            w if re.fullmatch(r"I{1,3}|IV", w) else w.capitalize() for w in name.split()
        )
    return _named_person(name)


def read(ctx: BindingContext, owner: NamedEntity) -> None:
    """Bind each signer of the signature page to the document's own entity."""
    lines = ctx.flow.lines
    # One page a document, at its first opening. The sentence may wrap: "... has been signed
    # on the 24th day of February, 2021," / "by the following persons in the capacities".
    opening = _OPENING.search(ctx.flow.text)
    if opening is None:
        return
    i = ctx.flow.line_index(opening.end() - 1)
    ln = lines[i]
    width = next((p.width for p in ctx.doc.pages if p.number == ln.page), 612.0)
    at: list[int] = []  # the section's lines, as indexes into the flow
    for j in range(i + 1, min(len(lines), i + 1 + _REACH_LINES)):
        other = lines[j]
        if other.page > ln.page + 1 or _END.match(other.text.strip()):
            break
        if len(other.text) > 130 and "|" not in other.text:
            if at:
                break  # prose after the signers ("X, by signing his name hereto, ...")
            continue  # the opening sentence's second line
        at.append(j)
    section = [lines[j] for j in at]
    for s in signers(section, width):
        person = _signer_entity(s)
        capacity = re.sub(r"\s+", " ", " ".join(s.capacity)).strip()
        if person is None or not capacity:
            continue
        first, last = at[s.first], at[s.last]
        span = (ctx.flow.starts[first], ctx.flow.starts[last] + len(lines[last].text))
        for role in roles_of(capacity):
            ctx.emit(
                role=role,
                subject=person,
                parent=owner,
                binding_type=BindingType.EXPLICIT_STATEMENT,
                span=span,
                attributes={"title": capacity, "source": "signature page"},
            )
