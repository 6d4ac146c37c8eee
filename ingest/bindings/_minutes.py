"""Minutes and resolutions: the directors, officers and chair a board's minutes name."""

from __future__ import annotations

import re

from domain import GENERIC_TERMS, BindingType, base_key, entity_key, legal_form
from ingest.bindings._context import BindingContext
from ingest.bindings._names import COMPANY, PERSON, WHO, NamedEntity, _person, _title_roles
from ingest.bindings._rule import BindingRule


class BoardMinutes(BindingRule):
    """Board minutes: the directors present, the officers elected or appointed, the chair
    and secretary of the meeting."""

    name = "board_minutes"
    genre = "board minutes"
    reads = ("minutes of board and shareholder meetings", "written consents")

    def read(self, ctx: BindingContext) -> None:
        """Minutes of "the Board of Directors of Acme Inc.": the attendance list names directors
        ("Directors present:" with one name a line, or "Present: directors A, B and C"), a title
        in brackets after a name ("Jane Roe (Chair)") or after a comma in any attendance list
        ("Also present: John Poe, Chief Financial Officer") is held at that company."""
        text = ctx.flow.text
        mm = re.search(
            rf"(?i:meeting|minutes|consent)\s+(?i:of\s+the)\s+(?i:board\s+of\s+(?:directors|managers))"
            rf"(?:\s*\([^()]{{0,40}}\))?\s+(?i:of)\s+(?P<co>{COMPANY})",
            text[:6000],
        )
        company = ctx.resolve(mm.group("co")) if mm else None
        if company is None:
            return
        # "Jane Roe, Chair of the Board": the board whose minutes these are.
        for m in ctx.scan(
            rf"(?P<who>{WHO}),\s+(?:the\s+)?(?P<title>(?:Chair(?:man|woman|person)?|CHAIR(?:MAN)?)\s+of\s+"
            rf"the\s+(?:Board|BOARD)(?:\s+of\s+(?:Directors|DIRECTORS))?)\b",
            r"(?i:chair)",
        ):
            person = ctx.who(m.group("who"))
            if person is not None:
                ctx.emit(
                    role="chair",
                    subject=person,
                    parent=company,
                    binding_type=BindingType.EXPLICIT_STATEMENT,
                    span=(m.start(), m.end()),
                    attributes={"title": re.sub(r"\s+", " ", m.group("title"))},
                )
        lines = ctx.flow.lines
        header = re.compile(
            r"(?i)^\s*(?P<head>(?:(?:the\s+)?directors?\s+|also\s+)?(?:present|in\s+attendance|"
            r"attending)(?:\s+were)?)\s*:\s*(?P<rest>.*)$"
        )
        for i, line in enumerate(lines):
            hm = header.match(line.text)
            if hm is None:
                continue
            directors = "director" in hm.group("head").lower()
            items: list[tuple[str, int]] = []
            rest = hm.group("rest").strip()
            if rest:
                dm = re.match(r"(?i)^(?:the\s+)?directors?\s*:?\s+(?P<names>.+)$", rest)
                directors = directors or dm is not None
                body = (dm.group("names") if dm else rest).rstrip(" .")
                items = [(part, i) for part in self._attendance_items(ctx, company, body)]
            else:
                for j in range(i + 1, min(len(lines), i + 30)):
                    t = lines[j].text.strip().lstrip("-•*·– ").strip()
                    if lines[j].is_heading or not t or header.match(t):
                        break
                    items.append((t, j))
            for item, j in items:
                im = re.match(
                    rf"^(?P<who>{PERSON})\s*(?:\((?P<paren>[^()]{{1,60}})\)|,\s*(?P<title>[^;]{{2,90}}?))?"
                    r"\s*[.;]?$",
                    item,
                )
                if im is None:
                    if not lines[j].text.strip():
                        continue
                    if j != i:
                        break
                    continue
                person = _person(im.group("who"))
                if person is None:
                    continue
                span = (ctx.flow.starts[i], ctx.flow.starts[j] + len(lines[j].text))
                title = (im.group("paren") or im.group("title") or "").strip()
                roles = _title_roles(self._title_here(ctx, company, title))
                if im.group("title") and not roles:
                    continue  # "Jane Roe, Smith & Co. LLP", "CFO of Beta LLC": not a title here
                if directors:
                    roles = ["director", *roles]
                for role in dict.fromkeys(roles):
                    ctx.emit(
                        role=role,
                        subject=person,
                        parent=company,
                        binding_type=BindingType.EXPLICIT_STATEMENT,
                        span=span,
                        attributes={"title": title} if title else {},
                    )

    def _title_here(self, ctx: BindingContext, company: NamedEntity, title: str) -> str:
        """A title with its "of <the company whose board met>" dropped ("Chief Financial
        Officer of the Corporation", "... of Acme Inc."); a title "of" another organisation is
        returned whole, and so matches no role."""
        om = re.match(r"(?is)^(?P<title>.+?)\s+of\s+(?P<org>(?:the\s+)?[A-Z][^;()]*)$", title)
        if om is None:
            return title
        org = om.group("org").strip(" .")
        if re.sub(r"^(?i:the)\s+", "", org).lower() in GENERIC_TERMS:
            return om.group("title")  # "the Company", "the Corporation": the minutes' own
        here = ctx.resolve(org)
        if here is not None and entity_key(here.name) == entity_key(company.name):
            return om.group("title")
        return title

    def _attendance_items(self, ctx: BindingContext, company: NamedEntity, body: str) -> list[str]:
        """The people of an inline attendance list: "A; B, Chief Financial Officer" or "A, B
        and C". A part that is only a title belongs to the name before it ("Jane Roe, Chief
        Financial Officer")."""
        if ";" in body:
            return [part.strip() for part in body.split(";") if part.strip()]
        parts: list[str] = []
        for part in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", body):
            if parts and legal_form("x " + part) and not base_key("x " + part).strip("x "):
                parts[-1] = f"{parts[-1]}, {part}"  # "..., Inc.": the name goes on
            else:
                parts.append(part)
        items: list[str] = []
        for part in parts:
            if items and _title_roles(self._title_here(ctx, company, part)):
                items[-1] = f"{items[-1]}, {part}"
            else:
                items.append(part)
        return items
