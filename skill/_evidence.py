"""States 3-4: constrained retrieval and sentence-level evidence units.

Every search is filtered to documents that reference the candidate (its bindings' documents,
an agreement's own document and its amendments) or to chunks that mention its entity key.
Retrieved chunks are split into sentences (skill/_sentences.py), each cited by its exact page
and printed lines. A unit is kept only if it passes the integrity check (skill/_integrity.py):
it names the candidate (or a resolved alias) or sits in a span whose subject is unambiguous;
everything else is rejected with a reason.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping, Sequence

from domain import (
    Alias,
    Binding,
    ChunkRecord,
    SourceLocation,
    candidate_category,
    entity_key,
    lexicon,
    sentence_location,
)
from retrieval import VectorStore
from skill._answer import EvidenceUnit, RejectedEvidence
from skill._candidate import Candidate
from skill._clauses import clause_only_values, labelled_spans
from skill._extract import OF_A_PARTY, UNDER_HEADERS, extract_values, sentence_relevance
from skill._extracted_value import ExtractedValue
from skill._integrity import (
    _LEGAL_FORM,
    _companies_in,
    _KnownEntity,
    _list_item_for,
    _mention_segments,
    _mentions,
    _owner_is_candidate,
    candidate_forms,
    known_entities,
    mask_others,
    verify,
)
from skill._search import SKILL_FUSION, QueryEmbedder
from skill._sentences import DocumentInfo, Sentence, _is_heading, sentences_of, table_header
from skill._subject import HOLDER_ATTRIBUTES, QuestionKind, SubjectClass

_STOP_WORDS = frozenset({"non", "the", "and", "covenant", "clause", "provision", "section"})


def provision_stems(provision: str) -> list[str]:
    """Word stems that mark a provision ("non-compete" -> ["compet"]): its sentences or its
    section heading contain one."""
    words = [w for w in re.findall(r"[a-z]+", provision.lower()) if w not in _STOP_WORDS]
    return [w[:6] for w in words if len(w) >= 4]


_NOTICE_PURPOSE = {
    "non_renewal": re.compile(r"\brenew\w*|\bextension\b|\bextend\w*", re.IGNORECASE),
    "termination": re.compile(r"\bterminat\w*|\bresign\w*|\bcancel\w*", re.IGNORECASE),
}
# The purposes a notice may be asked for, and the words that state each (read by _intent too).
NOTICE_PURPOSE = _NOTICE_PURPOSE
_DURATION_VALUE = re.compile(r"^\d+(?:\.\d+)? (?:day|month|year)s?$")


# Confidence of a unit that quotes the binding itself: the index recorded an explicit link.
BINDING_CONFIDENCE = 0.9

# Words that, with the subject's names, make up the query for an attribute.
ATTRIBUTE_CUES: dict[str, str] = {
    a.name: a.retrieval_cue for a in lexicon().attributes if a.retrieval_cue is not None
}

_ATTRIBUTES = {a.name: a for a in lexicon().attributes}
# How a heading names each clause (attributes.yaml `captions`), and the acts each restriction
# restricts (`acts`), as patterns between word boundaries.
# A heading's numbering before its caption ("5.2", "(e)", "Section 7.", "IV.").
_NUMBERING = (
    r"(?:(?:section|article|clause|§)\s*)?(?:\d+(?:\.\d+)*\.?|\(\w{1,4}\)|\w{1,4}\)|[ivxlc]{1,5}\.)"
)
_CAPTIONS = {
    a.name: re.compile(rf"\s*(?:{_NUMBERING}\s*)*{a.captions}\b", re.IGNORECASE)
    for a in lexicon().attributes
    if a.captions is not None
}
_ACTS = {
    a.name: re.compile(rf"\b{a.acts}\b", re.IGNORECASE)
    for a in lexicon().attributes
    if a.acts is not None
}


def heading_names_clause(attribute: str, section: str | None) -> bool:
    """Whether a sentence's own heading (the last step of its section path, "5.2
    Non-Competition") names the attribute's clause: it opens, after its numbering, with one
    of the attribute's captions ("Any exclusivity/non competition", a question on a form,
    does not)."""
    pattern = _CAPTIONS.get(attribute)
    if pattern is None or not section:
        return False
    return bool(pattern.match(section.rsplit(" > ", 1)[-1]))


def states_another_act(attribute: str, text: str) -> bool:
    """Whether a sentence states none of the attribute's acts but another restriction's (a
    non-compete's "engage in" beside a non-solicitation's "solicit"): the other clause's
    sentence, not evidence of this one."""
    own = _ACTS.get(attribute)
    if own is None or own.search(text):
        return False
    return any(p.search(text) for name, p in _ACTS.items() if name != attribute)


_AUDIT_CUE = re.compile(
    r"\baudit(?:s|ed|ing|or|ors)?\b|\baccounting\s+firm\b|\bindependent\s+accountants?\b",
    re.IGNORECASE,
)


def evidence_id(location: SourceLocation, claim_id: str, value: str | None) -> str:
    """A stable id from the locator, the claim and the value."""
    raw = f"{location.document_id}:{location.char_start}:{location.char_end}:{claim_id}:{value}"
    return "ev-" + hashlib.sha256(raw.encode()).hexdigest()[:12]


def observed_at(date: str | None) -> str | None:
    """A document date as the engine's timestamp (start of that day, UTC)."""
    if date and re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        return f"{date}T00:00:00Z"
    return None


# ---------------------------------------------------------------------------------------------


class EvidenceCollector:
    """Builds evidence units for the candidates that passed the gate."""

    def __init__(
        self,
        store: VectorStore,
        embedder: QueryEmbedder,
        document_info: Callable[[str], DocumentInfo | None],
        *,
        aliases: Sequence[Alias] = (),
        top_k: int = 8,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.document_info = document_info
        self.aliases = tuple(aliases)
        self._aliases_of: dict[str, list[Alias]] = {}
        for alias in self.aliases:
            self._aliases_of.setdefault(alias.entity_key, []).append(alias)
        self.top_k = top_k
        # Set by `collect`: the subjects (agreements) whose labelled documents were searched
        # for the attribute's clause categories and hold no sentence of them (absent).
        self.absent_subjects: set[str] = set()
        # Set by `collect`: the evidence ids of the clause sentences quoted as candidates only
        # (the classifier did not confirm the clause; under the engine's threshold): no value
        # is concluded from them.
        self.candidate_evidence: set[str] = set()

    # -- units from bindings ----------------------------------------------------------------

    def binding_unit(
        self, binding: Binding, subject_id: str, claim_id: str, value: str | None
    ) -> EvidenceUnit:
        info = self.document_info(binding.location.document_id)
        return EvidenceUnit(
            evidence_id=evidence_id(binding.location, claim_id, value),
            subject_id=subject_id,
            claim_id=claim_id,
            value=value,
            quote=binding.quote,
            source_location=binding.location,
            source_type=info.document_type if info else "other",
            observed_at=observed_at(info.document_date if info else None),
            independence_group=(info.independence_group if info else "")
            or binding.independence_group
            or binding.location.document_id,
            confidence=BINDING_CONFIDENCE,
        )

    def sentence_unit(
        self,
        sentence: Sentence,
        subject_id: str,
        claim_id: str,
        value: str | None,
        confidence: float,
    ) -> EvidenceUnit:
        chunk = sentence.chunk
        info = self.document_info(chunk.document_id)
        return EvidenceUnit(
            evidence_id=evidence_id(sentence.location, claim_id, value),
            subject_id=subject_id,
            claim_id=claim_id,
            value=value,
            quote=sentence.text,
            source_location=sentence.location,
            source_type=info.document_type if info else chunk.document_type,
            observed_at=observed_at(info.document_date if info else chunk.document_date),
            independence_group=(info.independence_group if info else "")
            or chunk.independence_group
            or chunk.document_id,
            confidence=round(confidence, 4),
        )

    # -- retrieval --------------------------------------------------------------------------

    def foreign_documents(self, kb: str, key: str, documents: Sequence[str]) -> frozenset[str]:
        """The documents of `documents` another entity than `key` is the registrant or
        author of: another company's documents."""
        found: dict[str, set[str]] = {}
        for b in self.store.find_bindings(kb, role="registrant", document_ids=documents):
            found.setdefault(b.location.document_id, set()).add(b.subject_key)
        return frozenset(d for d, keys in found.items() if key not in keys)

    def retrieve(
        self,
        kb: str,
        candidate: Candidate,
        subject: SubjectClass,
        committed: Sequence[str],
        query_vector: list[float] | None = None,
    ) -> list[ChunkRecord]:
        """Chunks about the candidate: in its documents, or naming its entity key."""
        attribute = subject.attribute or subject.role or ""
        names = [candidate.name]
        if subject.kind is QuestionKind.OBLIGATIONS and subject.constraints.get("party"):
            names.append(str(subject.constraints["party"]))
        query = " ".join([*names, ATTRIBUTE_CUES.get(attribute, attribute.replace("_", " "))])
        vector = query_vector if query_vector is not None else self.embedder.embed_query(query)
        committed_set = set(committed)
        docs = sorted(d for d in candidate.documents if d in committed_set)
        found: dict[str, tuple[float, ChunkRecord]] = {}
        if docs:
            # An agreement's clauses are spread over its document: look further into it.
            top_k = self.top_k * 3 if candidate.subject_type == "agreement" else self.top_k
            if subject.kind is QuestionKind.PERSON_ATTRIBUTE:
                # A person is often named by title and surname only ("Dr. Okafor") in the
                # passage that states the attribute: the name alone ranks it lower.
                top_k = self.top_k * 2
            for hit in self.store.search_chunks(
                kb, query, vector, document_ids=docs, top_k=top_k, fusion=SKILL_FUSION
            ):
                found[hit.chunk.chunk_id] = (hit.score, hit.chunk)
            cue = ATTRIBUTE_CUES.get(attribute)
            if cue and query_vector is None:
                # The name dominates the query (title pages rank first); the attribute's own
                # words find the clause that states it, in the same documents (a long
                # agreement's clause in capitals ranks low under its parties' names).
                for hit in self.store.search_chunks(
                    kb,
                    cue,
                    self.embedder.embed_query(cue),
                    document_ids=docs,
                    top_k=self.top_k,
                    fusion=SKILL_FUSION,
                ):
                    if hit.chunk.chunk_id not in found or found[hit.chunk.chunk_id][0] < hit.score:
                        found[hit.chunk.chunk_id] = (hit.score, hit.chunk)
        if candidate.subject_type != "agreement":
            # Chunks that name the candidate, in any document. (A chunk is tagged with the
            # names known when its document was ingested; a folded exact copy ingested later
            # may carry more tags than the document standing for it: those are not used.)
            # A company's facts come from its own documents: one another company is the
            # registrant or author of is not read (issue 33), unless the candidate stands on
            # such documents only (a question scoped to a third party's report).
            named_in = committed_set
            if candidate.subject_type == "legal_entity":
                foreign = self.foreign_documents(kb, candidate.subject_id, sorted(committed_set))
                if not set(candidate.documents) <= foreign:
                    named_in = committed_set - foreign
            for hit in self.store.search_chunks(
                kb,
                query,
                vector,
                document_ids=sorted(named_in),
                entity_keys=[candidate.subject_id],
                top_k=self.top_k,
                fusion=SKILL_FUSION,
            ):
                if hit.chunk.chunk_id not in found or found[hit.chunk.chunk_id][0] < hit.score:
                    found[hit.chunk.chunk_id] = (hit.score, hit.chunk)
        if candidate.subject_type == "individual":
            # Documents that name the person anywhere (not only where the asked role is
            # bound), searched without the name filter: a passage may call them "Dr. Okafor".
            person_docs = sorted(
                {
                    b.location.document_id
                    for b in self.store.find_bindings(
                        kb, subject_key=candidate.subject_id, document_ids=sorted(committed_set)
                    )
                }
            )
            if person_docs:
                for hit in self.store.search_chunks(
                    kb,
                    query,
                    vector,
                    document_ids=person_docs,
                    top_k=self.top_k,
                    fusion=SKILL_FUSION,
                ):
                    if hit.chunk.chunk_id not in found or found[hit.chunk.chunk_id][0] < hit.score:
                        found[hit.chunk.chunk_id] = (hit.score, hit.chunk)
        ranked = sorted(found.values(), key=lambda sc: (-sc[0], sc[1].chunk_id))
        return [chunk for _, chunk in ranked]

    # -- integrity --------------------------------------------------------------------------

    def collect(
        self,
        kb: str,
        candidate: Candidate,
        subject: SubjectClass,
        claim_id: str,
        committed: Sequence[str],
        *,
        attribute: str,
        party_key: str | None = None,
        party_role: str | None = None,
        single_valued: bool = False,
    ) -> tuple[list[EvidenceUnit], list[RejectedEvidence]]:
        """Units for `attribute` of `candidate` from retrieved sentences, integrity-checked.

        An agreement's attribute with clause categories (the lexicon's `clause_categories`)
        is read only from the sentences of those categories when every document searched
        was labelled by the clause classifier; otherwise from retrieved sentences. Where the
        classifier does not confirm the agreement's clause, or labelled no sentence of it
        (then its candidate sentences, or passages that state the attribute's cues, are
        read), the units are candidates: `candidate_evidence`, under the engine's
        threshold."""
        labelled = self._clause_spans(kb, candidate, subject, committed, attribute)
        # Where the classifier labelled no sentence of the clause, the clause is absent as far
        # as it can tell: the sentences ingestion labelled as its candidates (the document's
        # best under the threshold), or else the retrieved passages that state one of the
        # attribute's cues, are quoted as candidates only (never sufficient) for the reader
        # to check. With the lexicon's clause_fallback, the classifier's recall on the clause
        # is too low to call it absent: the retrieved sentences are read as usual.
        entry = _ATTRIBUTES[attribute]
        candidates_only = labelled == [] and not entry.clause_fallback
        if candidates_only:
            self.absent_subjects.add(candidate.subject_id)
            labelled = (
                self._clause_spans(kb, candidate, subject, committed, attribute, candidates=True)
                or None
            )
            captioned = _captioned(attribute, labelled or ())
            if captioned:
                # The classifier's candidates under a heading that names the clause ("5.2
                # Non-Competition"): the drafter's caption confirms them as the clause.
                self.absent_subjects.discard(candidate.subject_id)
                labelled, candidates_only = captioned, False
        elif labelled == []:
            labelled = None
        cue_candidates = candidates_only and labelled is None
        if labelled is None:
            chunks = self.retrieve(kb, candidate, subject, committed)
        else:
            chunks = [chunk for chunk, _ in labelled]
        spans_of = {chunk.chunk_id: spans for chunk, spans in labelled or ()}
        # A contract-level decision: one sentence at or over its category's threshold (or,
        # where the lexicon's `cue_confirms` says so, one that states the attribute's cue)
        # confirms the agreement's clause, and then each labelled sentence of its documents
        # is a sentence of it.
        agreement_confirmed = not candidates_only and any(
            confirmed
            or (entry.cue_confirms and bool(extract_values(attribute, chunk.text[start:end])))
            or heading_names_clause(attribute, sentence_location(chunk, start, end).section)
            for chunk, spans in labelled or ()
            for (start, end), (_, confirmed) in spans.items()
        )
        if not chunks:
            return [], []
        docs = sorted({c.document_id for c in chunks})
        others = known_entities(self.store, kb, docs)
        kept: dict[str, EvidenceUnit] = {}
        rejected: dict[str, RejectedEvidence] = {}
        by_doc: dict[str, list[ChunkRecord]] = {}
        for chunk in chunks:
            by_doc.setdefault(chunk.document_id, []).append(chunk)
        # The documents that speak for the candidate (it is their registrant or issuer).
        own_docs = {
            b.location.document_id
            for b in self.store.find_bindings(
                kb, role="registrant", subject_key=candidate.subject_id
            )
        }
        unread: list[tuple[float, Sentence, bool]] = []  # (score, sentence, a candidate)
        for document_id in sorted(by_doc):
            doc_chunks = by_doc[document_id]
            own_voice = document_id in own_docs
            forms = candidate_forms(candidate, document_id, self._aliases_of)
            party_forms = self.party_forms(
                candidate, document_id, party_key=party_key, party_role=party_role
            )
            found: list[tuple[Sentence, float, list[tuple[str, float]], str | None]] = []
            quoted_as_candidate: set[int] = set()  # (char_start of) candidate sentences
            for chunk in doc_chunks:
                for sentence in sentences_of(chunk):
                    if _is_heading(sentence.text):
                        continue
                    if not _fits_constraints(sentence, subject, attribute):
                        continue
                    relevance = sentence_relevance(
                        attribute, sentence.text, _header(attribute, sentence)
                    )
                    label_score: float | None = None
                    confirmed = labelled is None and not candidates_only
                    if cue_candidates and relevance < CANDIDATE_RELEVANCE:
                        continue
                    if labelled is not None:
                        mark = spans_of[chunk.chunk_id].get((sentence.start, sentence.end))
                        if mark is None:
                            continue  # not a sentence of the clause
                        if states_another_act(attribute, sentence.text):
                            continue  # a neighbouring restriction's sentence
                        label_score = mark[0]
                        confirmed = agreement_confirmed
                        relevance = max(relevance, label_score)
                    if attribute == "auditor" and _AUDIT_CUE.search(sentence.text):
                        relevance = max(relevance, 0.7)
                    if relevance <= 0:
                        continue
                    values, elsewhere, attributed = self._sentence_values(
                        attribute, sentence, candidate, forms, others, party_forms
                    )
                    from_clause = not values and not elsewhere and label_score is not None
                    if from_clause:
                        # (the extractor already ran on the sentence in _sentence_values)
                        values = _clause_text_value(attribute, sentence) or _best_values(
                            clause_only_values(attribute, sentence.text)
                        )
                    capped = False
                    if values and not confirmed:
                        values, capped = _candidates(attribute, values, typed=candidates_only)
                    if (
                        from_clause
                        and label_score is not None
                        and not values
                        and verify(
                            sentence,
                            candidate,
                            forms,
                            others,
                            party_forms,
                            attribute,
                            document_info=self.document_info,
                        )
                        is None
                    ):
                        # The clause, but no value of the attribute read from it (a candidate,
                        # where the clause is not confirmed).
                        if not confirmed:
                            label_score = min(label_score, UNCONFIRMED_CLAUSE_CONFIDENCE)
                        unread.append((label_score, sentence, not confirmed))
                    if capped:
                        quoted_as_candidate.add(sentence.location.char_start)
                    if values:
                        named = [v for v, _ in values] if attribute in HOLDER_ATTRIBUTES else []
                        reason = verify(
                            sentence,
                            candidate,
                            forms,
                            others,
                            party_forms,
                            attribute,
                            named,
                            own_voice=own_voice,
                            document_info=self.document_info,
                        )
                        if (
                            reason is not None
                            and attributed
                            and reason.startswith("about ")
                            and _list_item_for(sentence.text, forms)
                        ):
                            # A list naming several entities ("A - CEO; B - Director; Partner,
                            # X"): each value was attributed to the entity named last before
                            # it, and these are the candidate's.
                            reason = None
                        found.append((sentence, relevance, values, reason))
                    if elsewhere:
                        # Stated in this sentence, but of another entity named in it.
                        owner = (
                            verify(
                                sentence,
                                candidate,
                                forms,
                                others,
                                party_forms,
                                attribute,
                                own_voice=own_voice,
                                document_info=self.document_info,
                            )
                            or f"stated of another entity named in the sentence, not {candidate.name}"
                        )
                        found.append((sentence, relevance, elsewhere, owner))
            if attribute == "payment_terms" and any(
                _DURATION_VALUE.match(v)
                for _, _, values, reason in found
                if reason is None
                for v, _ in values
            ):
                # A clause with a single figure is answered by the figure: the other sentences
                # of the document's payment clause are not further values.
                found = [
                    f
                    for f in found
                    if f[3] is not None or all(_DURATION_VALUE.match(v) for v, _ in f[2])
                ]
            if candidates_only:
                found = sorted(found, key=lambda f: (-f[1], f[0].location.char_start))[
                    :CANDIDATE_PASSAGES
                ]
            if single_valued:
                # One statement per document: its most direct one (a passing mention of a
                # duration or a date elsewhere in the same document is not a second value).
                best = max((r for _, r, _, reason in found if reason is None), default=0.0)
                found = [f for f in found if f[3] is not None or f[1] >= best - 0.05]
            for sentence, _, values, reason in found:
                for value, confidence in values:
                    unit = self.sentence_unit(
                        sentence, candidate.subject_id, claim_id, value, confidence
                    )
                    if reason is None:
                        kept.setdefault(unit.evidence_id, unit)
                        if sentence.location.char_start in quoted_as_candidate:
                            self.candidate_evidence.add(unit.evidence_id)
                    else:
                        rejected.setdefault(
                            unit.evidence_id,
                            RejectedEvidence(
                                evidence_id=unit.evidence_id,
                                reason=reason,
                                source_location=sentence.location,
                                quote=sentence.text,
                            ),
                        )
        if not kept:
            # The clause is there but states no value the extractor reads ("until 45 days
            # after the completion of the Offering"): its best sentences are cited, with no
            # value, so the answer shows the clause and is not sufficient.
            unread.sort(key=lambda u: (-u[0], u[1].chunk.document_id, u[1].location.char_start))
            for score, sentence, unconfirmed in unread[:UNREAD_CLAUSE_SENTENCES]:
                unit = self.sentence_unit(sentence, candidate.subject_id, claim_id, None, score)
                kept.setdefault(unit.evidence_id, unit)
                if unconfirmed:
                    self.candidate_evidence.add(unit.evidence_id)
        return list(kept.values()), list(rejected.values())

    def _clause_spans(
        self,
        kb: str,
        candidate: Candidate,
        subject: SubjectClass,
        committed: Sequence[str],
        attribute: str,
        *,
        candidates: bool = False,
    ) -> list[tuple[ChunkRecord, dict[tuple[int, int], tuple[float, bool]]]] | None:
        """The labelled sentences of the attribute's clause categories in the agreement's
        documents (`candidates`: those labelled as candidates of them), each with its score
        and whether it confirms the clause alone; None when the classifier's labels do not
        apply (no categories, not an agreement, or a document ingested without labels:
        today's retrieval then)."""
        if candidate.subject_type != "agreement" or attribute not in _ATTRIBUTES:
            return None
        categories = _ATTRIBUTES[attribute].categories_for(subject.constraints)
        committed_set = set(committed)
        docs = sorted(d for d in candidate.documents if d in committed_set)
        if not categories or not docs:
            return None
        confirm: dict[str, Mapping[str, float | None]] = {}
        for document_id in docs:
            info = self.document_info(document_id)
            if info is None or not info.classified:
                return None
            confirm[document_id] = info.clause_confirm
        if candidates:
            categories = tuple(candidate_category(c) for c in categories)
        return labelled_spans(self.store, kb, categories, docs, confirm)

    def party_forms(
        self,
        candidate: Candidate,
        document_id: str,
        *,
        party_key: str | None,
        party_role: str | None,
    ) -> list[str] | None:
        """Names of the party whose obligations are asked, in one document (None: no party)."""
        if party_key is None and party_role is None:
            return None
        forms: set[str] = set()
        if party_role:
            forms.update({party_role.title(), party_role})
        if party_key:
            forms.update(
                a.alias
                for a in self._aliases_of.get(party_key, ())
                if a.document_id in (None, document_id)
            )
            for b in candidate.bindings:
                if b.role == "party" and b.subject_key == party_key:
                    forms.add(b.subject_name)
                    forms.update(b.defined_terms)
        # Longest first: the extractor tries the most specific name first.
        return sorted((f for f in forms if f), key=lambda f: (-len(f), f))

    def _sentence_values(
        self,
        attribute: str,
        sentence: Sentence,
        candidate: Candidate,
        forms: Sequence[str],
        others: Sequence[_KnownEntity],
        party_forms: Sequence[str] | None,
    ) -> tuple[list[tuple[str, float]], list[tuple[str, float]], bool]:
        """(values the sentence states for the attribute of the candidate (or of the party),
        values it states of another entity it names, whether values were attributed by
        position because the sentence names several entities)."""
        text = sentence.text
        subject_forms = party_forms
        segments: list[tuple[int, bool]] | None = None
        # A name-valued attribute's value is itself an entity: no attribution by position.
        if (
            subject_forms is None
            and candidate.subject_type != "agreement"
            and attribute not in HOLDER_ATTRIBUTES
        ):
            everyone = [*others, *_companies_in(text, candidate, forms)]
            masked = mask_others(text, candidate, forms, everyone)
            if masked != text:
                # A sentence naming several entities: take the statement about ours.
                subject_forms = sorted(
                    (f for f in forms if _mentions(masked, [f])), key=lambda f: (-len(f), f)
                )
                segments = _mention_segments(text, forms, everyone)
        found: list[ExtractedValue] = []
        if subject_forms is None and attribute in OF_A_PARTY:
            subject_forms = sorted(forms, key=lambda f: (-len(f), f))
        header = _header(attribute, sentence)
        for form in subject_forms or [None]:  # type: ignore[list-item]
            found = extract_values(attribute, text, party=form, header=header)
            if found:
                break
        if not found and attribute == "auditor":
            found = _auditors(text, candidate, forms)
        elsewhere: list[ExtractedValue] = []
        if segments:
            # Each value belongs to the entity named last before it ("X, with offices at A,
            # and Y, with offices at B": B is Y's).
            elsewhere = [v for v in found if not _owner_is_candidate(segments, v.start)]
            found = [v for v in found if _owner_is_candidate(segments, v.start)]
        return _best_values(found), _best_values(elsewhere), bool(segments)


def _captioned(
    attribute: str,
    labelled: Sequence[tuple[ChunkRecord, dict[tuple[int, int], tuple[float, bool]]]],
) -> list[tuple[ChunkRecord, dict[tuple[int, int], tuple[float, bool]]]]:
    """The labelled spans whose heading names the attribute's clause, each confirming it."""
    out: list[tuple[ChunkRecord, dict[tuple[int, int], tuple[float, bool]]]] = []
    for chunk, spans in labelled:
        kept = {
            (start, end): (score, True)
            for (start, end), (score, _) in spans.items()
            if heading_names_clause(attribute, sentence_location(chunk, start, end).section)
        }
        if kept:
            out.append((chunk, kept))
    return out


# A clause sentence quoted as the value of a clause topic: the classifier stated that it is
# the clause, so it is evidence at this confidence (the engine's threshold is below it).
CLAUSE_SENTENCE_CONFIDENCE = 0.8
# ... when no sentence of the agreement reaches the category's contract-level threshold (the
# classifier's `confirm`): quoted as a candidate, under the engine's threshold, so the answer
# shows it and is not sufficient.
UNCONFIRMED_CLAUSE_CONFIDENCE = 0.45
# The sentences of an attribute's clause cited when no value could be read from any of them.
UNREAD_CLAUSE_SENTENCES = 3
_QUOTED_KINDS = frozenset({"free_text", "text"})


def _header(attribute: str, sentence: Sentence) -> str | None:
    """The header row of the sentence's table, for an attribute read from a row under its
    column's head (a count held); None otherwise."""
    return table_header(sentence) if attribute in UNDER_HEADERS else None


def _clause_text_value(attribute: str, sentence: Sentence) -> list[tuple[str, float]]:
    """A free-text attribute's value read from a sentence of its clause: the sentence."""
    entry = _ATTRIBUTES.get(attribute)
    if entry is None or entry.value_kind not in _QUOTED_KINDS:
        return []
    return [(" ".join(sentence.text.split()), CLAUSE_SENTENCE_CONFIDENCE)]


# A passage quoted as a candidate where the classifier labelled no sentence of the clause
# states one of the attribute's cues at least this strongly; a document gives at most
# CANDIDATE_PASSAGES of them.
CANDIDATE_RELEVANCE = 0.7
CANDIDATE_PASSAGES = 3


def _candidates(
    attribute: str, values: list[tuple[str, float]], *, typed: bool
) -> tuple[list[tuple[str, float]], bool]:
    """The values of a clause sentence the classifier did not confirm, and whether they are
    candidates now (capped under the engine's threshold): a quoted clause always; a typed
    value (a date, an amount, a law) only where no sentence of the clause was labelled
    (`typed`): elsewhere its extractor confirms it."""
    if not typed and _ATTRIBUTES[attribute].value_kind not in _QUOTED_KINDS:
        return values, False
    capped = [(value, min(c, UNCONFIRMED_CLAUSE_CONFIDENCE)) for value, c in values]
    return capped, True


def _fits_constraints(sentence: Sentence, subject: SubjectClass, attribute: str) -> bool:
    """Constraints of the question that narrow which sentences of the subject answer it: a
    named provision ("the non-compete"), the purpose of a notice ("to avoid renewal")."""
    provision = subject.constraints.get("provision")
    if provision and attribute == "obligations":
        stems = provision_stems(str(provision))
        where = f"{sentence.text} {sentence.location.section or ''}".lower()
        if stems and not any(stem in where for stem in stems):
            return False
    purpose = subject.constraints.get("notice_for")
    if purpose and attribute == "notice_period" and str(purpose) in _NOTICE_PURPOSE:
        return _NOTICE_PURPOSE[str(purpose)].search(sentence.text) is not None
    return True


def _best_values(found: Sequence[ExtractedValue]) -> list[tuple[str, float]]:
    out: dict[str, float] = {}
    for v in found:
        # A clause quoted as a value reads as one line; the unit's quote keeps the exact text.
        value = " ".join(v.value.split()) if v.kind == "text" or "\n" in v.value else v.value
        out[value] = max(out.get(value, 0.0), v.confidence)
    return sorted(out.items())


_AUDITOR_PATTERNS = (
    re.compile(
        rf"\baudited\s+by\s+(?P<firm>(?:[A-Z][\w&'’.-]*,?[ \t]+|&[ \t]+){{0,5}}(?:{_LEGAL_FORM}|PC)\b\.?)"
    ),
    re.compile(
        rf"(?P<firm>(?:[A-Z][\w&'’.-]*,?[ \t]+|&[ \t]+){{1,5}}(?:{_LEGAL_FORM}|PC)\b\.?),?\s+(?:the\s+\w+['’]s\s+|our\s+|its\s+)?independent\s+(?:registered\s+public\s+accounting\s+firm|auditors?|accountants?)"
    ),
    re.compile(
        rf"(?P<firm>(?:[A-Z][\w&'’.-]*,?[ \t]+|&[ \t]+){{1,5}}(?:{_LEGAL_FORM}|PC)"
        r"\b\.?)\s+(?:has|had|have)?\s*(?:been\s+)?(?:engaged|appointed|retained|selected|re-?appointed)"
        r"\s+as\s+(?:the\s+|its\s+|our\s+)?(?:\w+['’]s\s+)?(?:independent\s+)?(?:auditors?|registered\s+"
        r"public\s+accounting\s+firm|accountants?)"
    ),
)


def _auditors(text: str, candidate: Candidate, forms: Sequence[str]) -> list[ExtractedValue]:
    """Audit firms a sentence names ("audited by X LLP", "X LLP, independent auditors")."""
    own = {entity_key(f) for f in forms} | {candidate.subject_id}
    out = []
    for pattern in _AUDITOR_PATTERNS:
        for m in pattern.finditer(text):
            firm = m.group("firm").strip(" ,")
            if entity_key(firm) in own:
                continue
            out.append(ExtractedValue("name", firm, firm, m.start("firm"), m.end("firm"), 0.7))
    return out
