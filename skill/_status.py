"""Questions about a document's status (issues 33, 34): what an amendment changed, whether a
document is signed (or a draft), which version of an agreement is in force.

Each is answered from what the documents state, every statement quoted and cited:
- changes: an amendment's operative provisions, the changes its relation records (what it
  replaces, amends, adds, deletes), each with the part of the agreement it names; never its
  recitals, its "except as amended ... remains in full force" clause or its signature page.
  An amended and restated agreement replaces the earlier one in its entirety.
- executed: a document marked unexecuted (a DRAFT mark, empty signature blocks) is not
  signed, and where its signature page is not in the copy that is said; a document whose
  signature blocks name their signers shows those blocks, and a blank "By:" line with a
  printed name is said to be a block, not proof of a signature.
- in force: the executed document no executed document amends and restates, with the
  amendments that amend it; what it replaced, and the unexecuted copies, named beside it.
Question forms are data (vocabulary.yaml `documents.status_questions`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from domain import lexicon
from skill._answer import EvidenceUnit
from skill._candidate import Candidate
from skill._document_ref import phrase_alternation
from skill._sentences import DocumentInfo, Sentence, _is_heading
from skill._supersede import change_sentences, stated_targets

StatusKind = Literal["changes", "executed", "in_force"]
_KINDS: tuple[StatusKind, ...] = ("changes", "executed", "in_force")
_RELATIONS = ("amended_and_restated", "amends", "supplements")

InfoLookup = Callable[[str], DocumentInfo | None]
SentencesOf = Callable[[str], list[Sentence]]
UnitOf = Callable[[Sentence, str], EvidenceUnit]
"""(sentence, value) -> the evidence unit quoting it."""


def _words() -> Mapping[str, Any]:
    return lexicon().documents.get("status_questions", {})


def _compiled(key: str) -> list[re.Pattern[str]]:
    return [re.compile(p, re.IGNORECASE) for p in _words().get(key, ())]


_PATTERNS: dict[str, list[re.Pattern[str]]] = {k: _compiled(k) for k in _KINDS}
_DRAFT_WORDS = frozenset(w.lower() for w in _words().get("draft_words", ()))
_MISSING_PAGE = _compiled("signature_page_missing")
_SECTION = re.compile(
    r"\b(?:"
    + "|".join(re.escape(w) for w in _words().get("section_words", ()) or ["section"])
    + r")\s+(?:[0-9]+(?:\.[0-9]+)*(?:\([a-z0-9]+\))*|[A-Z](?:-?[0-9]+)?)\b(?![.,]?\w)",
    re.IGNORECASE,
)


def _label_line(labels: Iterable[str]) -> re.Pattern[str]:
    """A signature block's labelled line ("Name: ...", "By: ..."): the label's words, a colon,
    then what it labels (group 1)."""
    return re.compile(rf"^\s*(?:{phrase_alternation(labels)})\s*:\s*(.*)$", re.IGNORECASE)


_NAME_LINE = _label_line(lexicon().signer_name_labels)
_TITLE_LINE = _label_line(lexicon().signer_title_labels)
_BY_LINE = _label_line([*lexicon().signature_by_words, *lexicon().signature_line_words])
_COLUMN = re.compile(r"\s+\|\s+")
_LABELLED = re.compile(r"\s+(?=[A-Z][A-Z]+(?:\s+[A-Z][A-Z]+)?:\s)")
_BLANK = re.compile(r"^[\s_.\-–—]*$")


def status_asked(question: str | None) -> StatusKind | None:
    """The status a question asks of a document, or None: the first kind whose question
    form (vocabulary.yaml `documents.status_questions`) the whole question matches."""
    if not question:
        return None
    text = " ".join(question.split())
    for kind in _KINDS:
        if any(p.match(text) for p in _PATTERNS[kind]):
            return kind
    return None


_ABBREVIATIONS = {str(k).lower(): str(v) for k, v in (_words().get("abbreviations") or {}).items()}
_ABBREVIATED = (
    re.compile(
        r"(?<![\w&])(?:" + phrase_alternation(list(_ABBREVIATIONS)) + r")(?![\w&])", re.IGNORECASE
    )
    if _ABBREVIATIONS
    else None
)


def status_reworded(question: str | None) -> str:
    """A status question with its abbreviations in full ("Has the A&R manufacturing
    agreement been signed?" -> "... the amended and restated manufacturing agreement ..."),
    or "" when it is none or abbreviates nothing."""
    if not question or _ABBREVIATED is None or status_asked(question) is None:
        return ""
    reworded = _ABBREVIATED.sub(
        lambda m: _ABBREVIATIONS[" ".join(m.group(0).lower().split())], question
    )
    return reworded if reworded != question else ""


def asks_draft(question: str) -> bool:
    """Whether the question names the draft among an agreement's copies ("the draft ...")."""
    return any(w in _DRAFT_WORDS for w in re.findall(r"[a-z]+", question.lower()))


_STATUS_WORD = re.compile(
    r"\b(signed|executed|countersigned|final|draft|unsigned|unexecuted)\b", re.IGNORECASE
)


def asks_unexecuted(question: str) -> bool:
    """Whether the status a question asks is the unexecuted one ("Is X a draft?", "Is X
    unsigned?"): its last status word is a draft word, so "Yes" answers a draft."""
    words = _STATUS_WORD.findall(question)
    return bool(words) and words[-1].lower() in _DRAFT_WORDS


@dataclass
class StatusFinding:
    """What the documents state of the status asked: the answer's text, the units quoting
    each statement (their values the answer's values), whether nothing was stated, the
    unexecuted documents named, the next actions."""

    text: str
    units: list[EvidenceUnit] = field(default_factory=list)
    not_stated: bool = False
    unexecuted: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Block:
    party: str
    signer: str
    title: str
    by: str  # what the "By:" line carries ("" when blank)
    sentences: tuple[Sentence, ...]


def _clean(text: str) -> str:
    return " ".join(text.split())


def _at(sentences: Sequence[Sentence], page: int, line: int) -> Sentence | None:
    for s in sentences:
        loc = s.location
        if loc.page == page and loc.line_start <= line <= loc.line_end:
            return s
    return None


def _columns(text: str) -> list[str]:
    return [c.strip() for c in _COLUMN.split(_clean(text))]


def signature_blocks(sentences: Sequence[Sentence]) -> list[_Block]:
    """The signature blocks of a document, in reading order: each signer's name line with the
    "By:" and title lines beside it and the party named above (side-by-side columns, "A | B",
    read column by column)."""
    blocks: list[_Block] = []
    # by lines: a sentence may run a party's name and its "By:" line together
    lines = [(line, s) for s in sentences for line in s.text.split("\n") if line.strip()]
    for i, (text, s) in enumerate(lines):
        names = _NAME_LINE.match(_columns(text)[0])
        if names is None:
            continue
        columns = _columns(text)
        by_row: list[str] = []
        title_row: list[str] = []
        party_row: list[str] = []
        used = [s]
        j = i - 1
        while j >= 0 and i - j <= 3:
            prev = _columns(lines[j][0])
            if _BY_LINE.match(prev[0]) and not by_row:
                by_row = prev
                used.insert(0, lines[j][1])
            elif not _NAME_LINE.match(prev[0]) and not _TITLE_LINE.match(prev[0]):
                if by_row:
                    party_row = prev
                    used.insert(0, lines[j][1])
                break
            j -= 1
        if i + 1 < len(lines) and _TITLE_LINE.match(_columns(lines[i + 1][0])[0]):
            title_row = _columns(lines[i + 1][0])
            used.append(lines[i + 1][1])
        used = list({id(x): x for x in used}.values())
        if party_row and len(party_row) < len(columns):
            # side-by-side parties the page ran together ("BORROWER: A INC. GUARANTOR: B LLC")
            party_row = [p.strip() for p in _LABELLED.split(" ".join(party_row)) if p.strip()]
        for k, column in enumerate(columns):
            m = _NAME_LINE.match(column)
            if m is None:
                continue

            def cell(row: list[str], pattern: re.Pattern[str] | None, k: int = k) -> str:
                if k >= len(row):
                    return ""
                if pattern is None:
                    return row[k]
                found = pattern.match(row[k])
                return found.group(1).strip() if found else ""

            by = cell(by_row, _BY_LINE)
            blocks.append(
                _Block(
                    party=cell(party_row, None).rstrip(":"),
                    signer=m.group(1).strip(),
                    title=cell(title_row, _TITLE_LINE),
                    by="" if _BLANK.match(by) else by,
                    sentences=tuple(used),
                )
            )
    return blocks


def _date(info: DocumentInfo) -> str:
    return info.effective_date or info.document_date or ""


def _label(info: DocumentInfo) -> str:
    """'TITLE (file, date)'."""
    date = _date(info)
    return f"{info.title or info.name} ({info.name}{', ' + date if date else ''})"


class DocumentStatus:
    """The status of the candidates' documents (this module's docstring), read from their
    catalog records (relations, unexecuted marks) and their sentences."""

    def __init__(
        self,
        info: InfoLookup,
        sentences: SentencesOf,
        committed: Sequence[str],
    ) -> None:
        self.info = info
        self.sentences = sentences
        self.committed = list(committed)

    def _infos(self, documents: Sequence[str]) -> dict[str, DocumentInfo]:
        return {d: i for d in documents if (i := self.info(d)) is not None}

    def run(
        self,
        kind: StatusKind,
        question: str,
        candidates: Sequence[Candidate],
        unit_of: Callable[[Candidate], UnitOf],
    ) -> StatusFinding:
        """The finding for the status `kind` over each candidate's documents."""
        parts: list[StatusFinding] = []
        allowed = set(self.committed)
        for c in candidates:
            documents = sorted(
                (d for d in c.documents if d in allowed),
                key=lambda d: (_date(self.info(d) or _NO_INFO), (self.info(d) or _NO_INFO).name),
            )
            if not documents:
                continue
            if kind == "changes":
                parts.append(self._changes(c, documents, unit_of(c)))
            elif kind == "executed":
                parts.append(self._executed(question, c, documents, unit_of(c)))
            else:
                parts.append(self._in_force(c, documents, unit_of(c)))
        if not parts:
            return StatusFinding(text="", not_stated=True)
        return StatusFinding(
            text="; ".join(p.text for p in parts),
            units=[u for p in parts for u in p.units],
            not_stated=all(p.not_stated for p in parts),
            unexecuted=sorted({d for p in parts for d in p.unexecuted}),
            actions=list(dict.fromkeys(a for p in parts for a in p.actions)),
        )

    # -- what an amendment changed -------------------------------------------------------------

    def _changes(self, c: Candidate, documents: Sequence[str], unit_of: UnitOf) -> StatusFinding:
        infos = self._infos(documents)
        targets = {
            (doc, id(relation)): old for doc, relation, old in stated_targets(self._all_infos())
        }
        amending = [
            d for d in documents if any(r.get("relation") in _RELATIONS for r in infos[d].relations)
        ]
        if not amending:
            return StatusFinding(
                text=f"no change stated in {c.name} (no amendment among its "
                f"{len(documents)} document{'s' if len(documents) != 1 else ''})",
                not_stated=True,
                actions=[f"Request the amendments of {c.name}"],
            )
        texts: list[str] = []
        units: list[EvidenceUnit] = []
        unexecuted: list[str] = []
        for d in amending:
            inf = infos[d]
            sentences = self.sentences(d)
            for relation in inf.relations:
                if relation.get("relation") not in _RELATIONS:
                    continue
                old = targets.get((d, id(relation)))
                older = self.info(old) if old else None
                target = (
                    _label(older)
                    if older is not None
                    else str(relation.get("target_type") or "the agreement")
                    + (f" of {relation['target_date']}" if relation.get("target_date") else "")
                )
                effective = relation.get("effective_date") or inf.effective_date
                head = f"{inf.title or inf.name} ({inf.name}"
                head += f", effective {effective})" if effective else ")"
                draft = f" [unexecuted: {_mark(inf)}]" if inf.unexecuted else ""
                if inf.unexecuted:
                    unexecuted.append(inf.name)
                if relation.get("relation") == "amended_and_restated":
                    cited = self._relation_sentences(sentences, relation)
                    units.extend(unit_of(s, _clean(s.text)) for s in cited)
                    texts.append(f"{head}{draft} amends and restates {target} in its entirety")
                    continue
                items: list[str] = []
                for n, change in enumerate(relation.get("changes", ()), start=1):
                    said = change_sentences(sentences, relation, change)
                    while said and _is_heading(_clean(said[-1].text)):
                        # the next item's caption ("2. Additional Sites") is no text of it
                        said = said[:-1]
                    if not said:
                        continue
                    quote = _clean(" ".join(s.text for s in said))
                    units.extend(unit_of(s, quote) for s in said)
                    where = _section_named(quote, change)
                    verb = _CHANGE_VERBS.get(str(change.get("kind")), "changes")
                    what = f"{verb} {where}" if where else verb
                    items.append(f"({n}) {what}: “{quote}”")
                if items:
                    texts.append(f"{head}{draft} amends {target}: " + " ".join(items))
                else:
                    texts.append(f"{head}{draft} amends {target}; no operative change read from it")
        return StatusFinding(
            text="; ".join(texts),
            units=units,
            not_stated=not units,
            unexecuted=unexecuted,
            actions=[
                f"Obtain the executed copy of {n}: it is marked unexecuted, so its changes may "
                "not be in force."
                for n in unexecuted
            ],
        )

    def _all_infos(self) -> dict[str, DocumentInfo]:
        return self._infos(self.committed)

    @staticmethod
    def _relation_sentences(
        sentences: Sequence[Sentence], relation: Mapping[str, Any]
    ) -> list[Sentence]:
        """The sentence a relation is stated in, and the one after it where the statement
        goes on ("... (the "Original Agreement"). This Agreement amends and restates ...")."""
        first = _at(sentences, int(relation.get("page") or 0), int(relation.get("line") or 0))
        if first is None:
            return []
        out = [first]
        i = sentences.index(first)
        if i + 1 < len(sentences) and re.search(
            r"\brestat|\bsupersed|\breplac", sentences[i + 1].text, re.IGNORECASE
        ):
            out.append(sentences[i + 1])
        return out

    # -- whether a document is signed ----------------------------------------------------------

    def _executed(
        self, question: str, c: Candidate, documents: Sequence[str], unit_of: UnitOf
    ) -> StatusFinding:
        infos = self._infos(documents)
        # the agreement's own copies, not the amendments read with it (each asked by itself)
        amending = {
            doc
            for doc, relation, old in stated_targets(infos)
            if relation.get("relation") != "amended_and_restated"
        }
        asked = _titled(
            question, [d for d in documents if d not in amending] or list(documents), infos
        )
        negative = asks_unexecuted(question)
        if asks_draft(question) and not negative:
            drafts = [d for d in documents if infos[d].unexecuted]
            if drafts:
                asked = drafts
        texts: list[str] = []
        units: list[EvidenceUnit] = []
        unexecuted: list[str] = []
        for d in asked:
            inf = infos[d]
            sentences = self.sentences(d)
            blocks = signature_blocks(sentences)
            if inf.unexecuted:
                unexecuted.append(inf.name)
                mark = inf.unexecuted
                marked = _at(sentences, int(mark.get("page") or 0), int(mark.get("line") or 0))
                text = f"{'Yes' if negative else 'No'} — {inf.name} is {_mark(inf)}"
                if marked is not None:
                    units.append(unit_of(marked, f"{inf.name}: {_mark(inf)}"))
                if not blocks:
                    missing = [s for s in sentences if any(p.search(s.text) for p in _MISSING_PAGE)]
                    text += " and its signature page is not in it"
                    units.extend(
                        unit_of(s, f"{inf.name}: signature page not in the copy")
                        for s in missing[:1]
                    )
                texts.append(text)
                continue
            lead = "No — " if negative else ""
            if not blocks:
                texts.append(
                    f"{lead}{inf.name} is not marked as a draft, but no signature block was read "
                    "from it: whether it is signed is not shown"
                )
                continue
            signed = [b for b in blocks if b.by]
            shown = "; ".join(
                f"{b.signer}{', ' + b.title if b.title else ''}"
                + (f" for {b.party}" if b.party else "")
                + (f" (By: {b.by})" if b.by else "")
                for b in blocks
            )
            for b in blocks:
                for s in b.sentences:
                    units.append(
                        unit_of(
                            s, f"{inf.name}: {b.signer}" + (f" for {b.party}" if b.party else "")
                        )
                    )
            if len(signed) == len(blocks):
                texts.append(f"{'No' if negative else 'Yes'} — {inf.name} is signed: {shown}")
            elif signed:
                texts.append(f"Partly — {inf.name} shows a signature on some blocks only: {shown}")
            else:
                texts.append(
                    f"{lead}{inf.name} is not marked as a draft and has signature blocks naming "
                    f"{shown}; the “By:” lines are blank in this copy, so the blocks are "
                    "not proof of a signature"
                )
        return StatusFinding(
            text="; ".join(texts),
            units=_unique(units),
            not_stated=not units,
            unexecuted=unexecuted,
            actions=[
                f"Obtain the executed copy of {n}: it is marked as a draft or its signature "
                "blocks are empty."
                for n in unexecuted
            ],
        )

    # -- which version is in force -------------------------------------------------------------

    def _in_force(self, c: Candidate, documents: Sequence[str], unit_of: UnitOf) -> StatusFinding:
        infos = self._infos(documents)
        stated = [
            (doc, relation, old)
            for doc, relation, old in stated_targets(infos)
            if relation.get("relation") in _RELATIONS
        ]
        executed = [d for d in documents if not infos[d].unexecuted]
        restated = {
            old: doc
            for doc, relation, old in stated
            if relation.get("relation") == "amended_and_restated" and doc in executed
        }
        amendments: dict[str, list[str]] = {}
        for doc, relation, old in stated:
            if relation.get("relation") != "amended_and_restated" and doc in executed:
                amendments.setdefault(old, []).append(doc)
        amending = {doc for docs in amendments.values() for doc in docs}
        units: list[EvidenceUnit] = []

        def cite(doc: str, relation: Mapping[str, Any] | None) -> None:
            sentences = self.sentences(doc)
            cited = (
                self._relation_sentences(sentences, relation)
                if relation is not None
                else sentences[:1]
            )
            units.extend(unit_of(s, infos[doc].name) for s in cited)

        in_force = [d for d in executed if d not in restated and d not in amending]
        texts: list[str] = []
        # an amendment asked of by itself: the agreement it amends is outside the asked set
        outside = {
            doc: old
            for doc, relation, old in stated_targets(self._all_infos())
            if doc in infos and old not in infos and relation.get("relation") in _RELATIONS
        }
        for d in in_force:
            if d in outside and (amended := self.info(outside[d])) is not None:
                text = f"{_label(infos[d])} amends {_label(amended)}"
            else:
                text = f"{_label(infos[d])} is the version in force"
            text += "; no executed document here replaces it"
            rel = next(
                ((r, old) for doc, r, old in stated if doc == d),
                None,
            )
            cite(d, rel[0] if rel else None)
            if rel is not None and rel[0].get("relation") == "amended_and_restated":
                text += f"; it amends and restates {_label(infos[rel[1]])} in its entirety"
                cite(rel[1], None)
            later = sorted(amendments.get(d, []), key=lambda x: (_date(infos[x]), infos[x].name))
            if later:
                text += "; it stands as amended by " + " and ".join(_label(infos[x]) for x in later)
                for x in later:
                    cite(x, next(r for doc, r, old in stated if doc == x and old == d))
            texts.append(text)
        drafts = [d for d in documents if infos[d].unexecuted]
        for d in drafts:
            same = next(
                (old for doc, r, old in stated if doc == d),
                None,
            )
            title = infos[d].title or ""
            twin = [
                x
                for x in in_force
                if (infos[x].title or "").casefold() == title.casefold()
                and any(doc == x and old == same for doc, r, old in stated)
            ]
            what = (
                "an unexecuted draft of the same"
                if twin
                else f"an unexecuted {title or 'copy'}"
                + (f" of {_label(infos[same])}" if same else "")
            )
            texts.append(f"{infos[d].name} is {what} ({_mark(infos[d])}): not in force")
            mark = infos[d].unexecuted or {}
            marked = _at(self.sentences(d), int(mark.get("page") or 0), int(mark.get("line") or 0))
            if marked is not None:
                units.append(unit_of(marked, infos[d].name))
        return StatusFinding(
            text="; ".join(texts) if texts else f"no executed copy of {c.name} found",
            units=_unique(units),
            not_stated=not in_force,
            unexecuted=[infos[d].name for d in drafts],
        )


_NO_INFO = DocumentInfo(
    document_id="", name="", document_type="", document_date=None, independence_group=""
)
_CHANGE_VERBS = {
    "replaced": "replaces",
    "deleted": "deletes",
    "amended": "amends",
    "added": "adds to",
    "supplemented": "supplements",
    "changed_term": "changes",
}


def _titled(
    question: str, documents: Sequence[str], infos: Mapping[str, DocumentInfo]
) -> list[str]:
    """The documents whose titles share the most words with the question, where their
    titles tell them apart ("the amended and restated manufacturing agreement" of the
    original and its restatement); all of them otherwise."""
    asked = set(re.findall(r"[a-z]+", question.lower()))
    shared = {
        d: len(asked & set(re.findall(r"[a-z]+", (infos[d].title or "").lower())))
        for d in documents
    }
    best = max(shared.values(), default=0)
    if best == min(shared.values(), default=0):
        return list(documents)
    return [d for d in documents if shared[d] == best]


def _mark(info: DocumentInfo) -> str:
    """How a document is marked unexecuted, in words ('marked DRAFT')."""
    mark = info.unexecuted or {}
    if mark.get("reason") == "draft":
        return f"marked {_clean(str(mark.get('quote') or 'DRAFT'))}"
    return "with empty signature blocks"


def _section_named(quote: str, change: Mapping[str, Any]) -> str:
    """The part of the agreement a change names ("Section 4.1"), from its own text, else
    the clause its record names ("9.2" -> "Section 9.2"); and the term it changes."""
    clause = str(change.get("clause") or "")
    found = _SECTION.search(quote)
    where = found.group(0) if found else ""
    if not where and clause:
        where = f"Section {clause}" if clause[:1].isdigit() else clause
    if change.get("kind") == "changed_term" and clause and clause.lower() not in where.lower():
        where = f"{where} ({clause})" if where else f"the {clause}"
    return where


def _unique(units: Sequence[EvidenceUnit]) -> list[EvidenceUnit]:
    seen: set[str] = set()
    out: list[EvidenceUnit] = []
    for u in units:
        if u.evidence_id not in seen:
            seen.add(u.evidence_id)
            out.append(u)
    return out
