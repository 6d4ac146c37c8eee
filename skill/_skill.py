"""The facade the CLI and the API call: one question in, one answer object out."""

from __future__ import annotations

import functools
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from types import MappingProxyType
from typing import Any, Concatenate, ParamSpec

from domain import (
    Alias,
    SourceLocation,
    StatementCell,
    average_metric,
    entity_key,
    financial_concepts,
    full_fiscal_years,
    lexicon,
    line_item_readings,
    restated_asked,
    segment_asked,
    sequential_asked,
)
from retrieval import ChunkRecord, VectorStore
from skill._agreements import agreement_table, agreements_of
from skill._ambiguity import which_agreement
from skill._answer import (
    Answer,
    CandidateSubject,
    CitedValue,
    Conclusion,
    DocumentCopy,
    Evaluation,
    EvidenceUnit,
    ParentEntityBinding,
    RejectedCandidate,
    RejectedEvidence,
    Supersession,
)
from skill._body_acts import (
    RECORDS,
    BodyAct,
    body_act_asked,
    body_records,
    latest_acts,
    read_act,
    record_text,
)
from skill._candidate import Candidate, GateResult
from skill._claim_law import without_claim_law
from skill._claim_leads import disagreement
from skill._claim_route import claim_by_meaning, route_prototypes, route_texts
from skill._claim_time import without_claim_time
from skill._claims import (
    Claim,
    Reading,
    asks_caused,
    claim_answer,
    claim_names,
    claim_of,
    claim_sentences,
    claim_subject,
    mixed_readings,
    observe,
    read_claim,
    terse_yes_no,
)
from skill._conclude import (
    RISK_SIGNALS,
    UNDATED_OBSERVED_AT,
    Grouped,
    Judgement,
    ValueJudge,
    cited,
    default_evaluation_time,
    is_single_valued,
    next_actions_concluded,
    next_actions_not_found,
)
from skill._defined_roles import (
    RoleAsked,
    agreements_defining,
    role_party,
    role_terms,
    roles_asked,
    with_role_named,
)
from skill._document_ref import (
    DocumentReference,
    collective_documents,
    document_reference,
    documents_of_kind,
    in_filings,
    owner_holds_none,
    referenced_documents,
)
from skill._errors import ContractError, DocumentScopeError, SubjectClassError
from skill._evidence import _ATTRIBUTES, ATTRIBUTE_CUES, EvidenceCollector, observed_at
from skill._expected import ExpectedValue, ValueComparison
from skill._figures import (
    SEGMENT_ROW,
    CellLookup,
    FigureFindings,
    FigureQuestion,
    adjusted_note,
    cell_reading,
    cell_unit,
    find_figures,
    names_figure,
    on_fiscal_year_end,
    part_unread,
    previous_quarter,
    prior_quarter,
    read_figure_question,
    row_item_figure,
    segment_figure,
)
from skill._format import quoted_passages
from skill._gate import CandidateGate
from skill._held_roles import without_role_phrases
from skill._intent import ENTITY_ATTRIBUTES, TOPIC, IntentEmbeddings, asks_existence, terse_query
from skill._judgements import (
    JudgementQuestion,
    judge_test,
    judged_years,
    metric_years,
    read_judgement_question,
)
from skill._metrics import (
    OperandJudge,
    UnitMaker,
    compute_metric,
    metric_periods,
    years_averaged,
)
from skill._nli import nli_model
from skill._passages import passages_in_force
from skill._profile import asks_profile, profile_units
from skill._quarters import (
    annual_year_end,
    periods_found,
    quarter_cells,
    stated_year_end,
    year_cells,
)
from skill._question import question_focus
from skill._question_claims import question_claim, with_party_terms, with_role_actor
from skill._question_form import answer_reads_a_claim, asked_form
from skill._read import (
    build_name_index,
    clause_label,
    company_reading,
    consent_reworded,
    is_clause_question,
    names_no_subject,
    read_question,
)
from skill._resolve import NAMES_HOLDER, registrant_documents
from skill._restatements import RestatedFigures, restatement_note
from skill._role_actors import without_actors, writes_term
from skill._search import QueryEmbedder
from skill._sentences import DocumentInfo, Sentence, sentences_of
from skill._states import State, StateMachine
from skill._status import DocumentStatus, StatusKind, status_asked, status_reworded
from skill._subject import (
    HOLDER_ATTRIBUTES,
    QuestionKind,
    SubjectClass,
    parse_subject,
    role_words,
    unreadable_text,
)
from skill._supersede import StatedSupersession
from skill._tenure import OfficeTenure
from skill._topic import (
    ANY_QUANTITY,
    absence_text,
    act_asked,
    pages_searched,
    quantity_asked,
    year_since,
    years_asked,
)
from skill._units import evidence_units
from skill._value_claims import cap_kind, cap_kind_answer, value_claim, value_claim_answer
from skill._values import drop_umbrellas, normalize_date
from skill.linking import NameLinker, name_key

DocumentInfoLookup = Callable[[str, str], DocumentInfo | None]


def _no_document_info(kb: str, document_id: str) -> DocumentInfo | None:
    return None


_P = ParamSpec("_P")
# the propositions of the lexicon (a claim of another name is a question's own words)
_PROPOSITION_NAMES = frozenset(claim_names())
# what a claim or a topic puts in a subject's constraints (`claim_subject`, question_claim)
_CLAIM_KEYS = frozenset({"claim", "negated", "carved", "topic"})
# the agreement attributes answered by the clause that states them
_CLAUSE_ATTRIBUTES = frozenset(
    a.name
    for a in lexicon().attributes
    if a.value_kind == "free_text" and "agreement" in a.subjects
)


def _found(answer: Answer) -> bool:
    """Did the answer find what speaks of its question: a value, or a verdict either way?"""
    decision = (answer.sufficiency or {}).get("decision")
    return bool(answer.conclusion.values) or decision in ("SUPPORTED", "CONTRADICTED")


def _with_kb_notices(
    ask: Callable[Concatenate[EvidenceSkill, str, _P], Answer],
) -> Callable[Concatenate[EvidenceSkill, str, _P], Answer]:
    """`EvidenceSkill.ask` whose answer, on every path it leaves by, says the law a claim
    asked under a law is governed by where that differs (`EvidenceSkill._under_law`), asks
    "Which agreement?" where a claim fits several (`which_agreement`), then carries its
    knowledge base's notices (`EvidenceSkill.with_kb_notices`)."""

    @functools.wraps(ask)
    def noticed(skill: EvidenceSkill, kb: str, /, *args: _P.args, **kwargs: _P.kwargs) -> Answer:
        answered = skill._under_law(kb, ask(skill, kb, *args, **kwargs))

        def ask_of(documents: list[str]) -> Answer:
            # the same question asked of one candidate agreement alone
            kept = {k: v for k, v in kwargs.items() if k not in ("question", "documents")}
            return skill.ask(kb, answered.question, documents=documents, **kept)  # type: ignore[arg-type]

        asked_alone = ask_of if answered.question and not kwargs.get("subject") else None
        return skill.with_kb_notices(kb, which_agreement(answered, asked_alone))

    return noticed


class EvidenceSkill:
    """The evidence-based RAG state machine over one store.

    `committed_documents(kb)` lists the catalog's committed document ids (nothing else is
    ever searched); `document_info(kb, document_id)` gives a document's type, date and
    independence group (when absent, the chunks' own metadata is used).
    `aliases(kb)` gives the alias table (defined terms scoped to their document, short and
    former names). `copies(kb)` maps a document to its exact copies (the same extracted
    records but for id and name): only that document is searched, and its evidence lists the
    copies (`also_in`), so N copies of one file cost one document's work, not N. The engine
    contract's documented default is overridden by
    `default_requirements` (every knowledge base), then `kb_requirements(kb)` (one knowledge
    base's setting), then `ask(evidence_requirements=...)` (one request).
    `kb_notices(kb)` gives (risk signal, suggested next action) pairs that every answer from
    the knowledge base carries after its own (a knowledge base derived by another release's
    reader: "stale_derivation" and the command that derives it again).
    """

    def __init__(
        self,
        store: VectorStore,
        embedder: QueryEmbedder,
        *,
        committed_documents: Callable[[str], Sequence[str]],
        document_info: DocumentInfoLookup = _no_document_info,
        default_requirements: dict[str, Any] | None = None,
        aliases: Callable[[str], Sequence[Alias]] | None = None,
        copies: Callable[[str], Mapping[str, Sequence[str]]] | None = None,
        kb_requirements: Callable[[str], dict[str, Any] | None] | None = None,
        top_k: int = 8,
        statement_cells: CellLookup | None = None,
        kb_notices: Callable[[str], Sequence[tuple[str, str]]] | None = None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self._query_embedder = _RecentQueries(embedder)
        self.committed_documents = committed_documents
        self.document_info = document_info
        self.default_requirements = dict(default_requirements or {})
        self.aliases = aliases
        self.copies = copies
        self._folded: tuple[object, object, _Folded] | None = None
        self.kb_requirements = kb_requirements
        self.top_k = top_k
        # (kb, document ids, periods) -> the documents' statement cells (the catalog's);
        # None: figure questions are read as any other topic
        self.statement_cells = statement_cells
        # kb -> (risk signal, next action) every answer from it carries (none: nothing to say)
        self.kb_notices = kb_notices
        # Gate caches per (kb, committed ids, alias objects); see _gate_snapshot.
        self._snapshots: dict[tuple[Any, ...], tuple[tuple[Alias, ...], dict[str, Any]]] = {}
        self._snapshot_lock = threading.Lock()

    def with_kb_notices(self, kb: str, answer: Answer) -> Answer:
        """`answer` with the knowledge base's notices (`kb_notices`: a knowledge base derived by
        another release's reader) after its own risk signals and next actions."""
        notices = self.kb_notices(kb) if self.kb_notices is not None else ()
        if not notices:
            return answer
        signals = list(answer.risk_signals)
        actions = list(answer.suggested_next_actions)
        for signal, action in notices:
            if signal not in signals:
                signals.append(signal)
            if action not in actions:
                actions.append(action)
        return answer.model_copy(
            update={"risk_signals": signals, "suggested_next_actions": actions}
        )

    # -- the state machine ----------------------------------------------------------------

    def _under_law(self, kb: str, answer: Answer) -> Answer:
        """`answer` with, where its claim is asked under a law the agreement's governing law
        is not, the law the agreement states (cited) after its text; where the agreement
        states none, that said. The verdict is the agreement's own terms' (unchanged)."""
        place = answer.subject_class.constraints.get("under_law")
        text = answer.conclusion.answer or ""
        if not place or answer.terminal_state != "CONCLUDED" or not text:
            return answer
        documents = sorted({e.source_location.document for e in answer.evidence})
        if len(answer.candidate_subjects) != 1 or not documents:
            return answer
        name = answer.candidate_subjects[0].name
        phrase = (lexicon().attribute("governing_law").label or "governing law").lower()
        try:
            stated = self.ask(
                kb,
                f"What is the {phrase} of the {name}?",
                documents=documents,
                expected_value=str(place),
            )
        except (SubjectClassError, DocumentScopeError):
            return answer
        outcome = stated.evaluation.outcome if stated.evaluation is not None else None
        if outcome == "match":
            return answer
        laws = [str(place), *(v.value for v in stated.conclusion.values)]
        if len(laws) > 1 and len(drop_umbrellas(laws)) < len(dict.fromkeys(laws)):
            # New York law asked under the laws of the United States: a country and one of
            # its states are no two laws (the law of a state is its country's law)
            return answer
        if outcome == "mismatch" and stated.evidence:
            cited = stated.evidence[0]
            where = cited.source_location
            note = (
                f"{text} (the {name} is governed by {stated.conclusion.answer} law, not"
                f' {place} law: "{" ".join(cited.quote.split())}" ({where.document},'
                f" p. {where.page}))"
            )
            evidence = [*answer.evidence, *(e for e in stated.evidence if e not in answer.evidence)]
            update: dict[str, Any] = {"evidence": evidence}
        elif not stated.conclusion.values:
            note = f"{text} (no {phrase} is stated in the {name}: whether {place} law applies is not established)"
            update = {}
        else:
            return answer
        update["conclusion"] = answer.conclusion.model_copy(update={"answer": note})
        return answer.model_copy(update=update)

    @_with_kb_notices
    def ask(
        self,
        kb: str,
        question: str | None = None,
        *,
        subject: dict[str, Any] | None = None,
        evidence_requirements: dict[str, Any] | None = None,
        evaluation_time: str | None = None,
        top_k: int | None = None,
        documents: Sequence[str] | None = None,
        expected_value: ExpectedValue | None = None,
    ) -> Answer:
        """Answer one question (prose or a structured subject class) from knowledge base `kb`.
        A claim asked under a law ("Can Northgate terminate the MSA under Delaware law?":
        `constraints.under_law`) is judged on the agreement's own terms (`_under_law`).

        `documents` (ids or file names of committed documents) scopes the question: only those
        documents are read, for its subject as for its evidence ("ask this document").

        `expected_value` makes the question the claim "attribute = expected_value": the
        engine judges it over the same observations and the answer carries its
        `evaluation` (match / mismatch / not_established); the rest of the answer is the
        one asked without it.

        A question whose reader took it in its own words or as a clause attribute and found
        nothing is asked again as the claim nearest in meaning, where the router is confident
        (`_nearest_claim`); that answer stands where it finds what speaks of the claim.

        Raises SubjectClassError when State 1 fails, DocumentScopeError when `documents` names
        a document the knowledge base does not hold, ContractError when the evidence
        contract, `evaluation_time` or `expected_value` is invalid. Never reads the wall
        clock."""
        asked = functools.partial(
            self._ask,
            kb,
            question,
            subject=subject,
            evidence_requirements=evidence_requirements,
            evaluation_time=evaluation_time,
            top_k=top_k,
            documents=documents,
            expected_value=expected_value,
        )
        # the words the readers read, where this question reached them (no other path, such
        # as a value claim or a form, answered it first)
        read: list[str] = []
        answered = asked(read=read)
        if question is None or subject is not None or expected_value is not None or not read:
            return answered
        nearest = self._nearest_claim(read[0], answered)
        if nearest is None:
            return answered
        # the reader that took the question found nothing: the claim nearest in meaning is
        # asked instead, and answers where it finds what speaks of it
        routed = asked(by_meaning=nearest)
        return routed if _found(routed) else answered

    def _nearest_claim(self, plain: str, answered: Answer) -> tuple[Claim, SubjectClass] | None:
        """The claim nearest in meaning (skill/_claim_route.py) to a question that a reader
        took in its own words (an own-words claim, "Do we still have to keep their secrets
        after the deal is over?") or as a clause attribute (a terse query or a yes/no question:
        "commitments remaining after termination", read as the termination rights) and found
        nothing, with the subject it is judged on: the one the question was read as (its
        parties, the party acting), or None. `plain`: the question's words as the readers
        read them (its law, time and role phrases left out)."""
        read = answered.subject_class
        if answered.terminal_state != "CONCLUDED" or read.type != "agreement" or _found(answered):
            return None
        claim = read.constraints.get("claim")
        if claim is not None:
            if claim in _PROPOSITION_NAMES:
                return None  # a proposition's own reader read it
        elif read.attribute not in _CLAUSE_ATTRIBUTES or not (
            terse_query(plain) or read.constraints.get("yes_no")
        ):
            return None
        # the subject as read, less what its own claim or topic put in it
        constraints = {k: v for k, v in read.constraints.items() if k not in _CLAIM_KEYS}
        subject = read.model_copy(update={"constraints": constraints})
        nearest = claim_by_meaning(plain, subject, self._query_embedder)
        return None if nearest is None else (nearest[0], subject)

    def _ask(
        self,
        kb: str,
        question: str | None = None,
        *,
        subject: dict[str, Any] | None = None,
        evidence_requirements: dict[str, Any] | None = None,
        evaluation_time: str | None = None,
        top_k: int | None = None,
        documents: Sequence[str] | None = None,
        expected_value: ExpectedValue | None = None,
        by_meaning: tuple[Claim, SubjectClass] | None = None,
        read: list[str] | None = None,
    ) -> Answer:
        """`ask`'s reading and answer. `by_meaning`: the claim nearest in meaning and its
        subject (`_nearest_claim`), asked whatever reader would take the question's words;
        `read`: gets the question's words as the readers read them, where it reaches them."""
        machine = StateMachine()
        if subject is None and question is None:
            raise SubjectClassError("", "give a question or a structured subject")
        _check_expected(expected_value)
        fault = unreadable_text(question, "the question")
        if fault:
            raise SubjectClassError(ascii(question), fault)
        if question is not None and subject is None:
            formed = self._asked_in_form(
                kb,
                question,
                evidence_requirements=evidence_requirements,
                evaluation_time=evaluation_time,
                top_k=top_k,
                documents=documents,
                expected_value=expected_value,
            )
            if formed is not None:
                return formed
        if question is not None and subject is None and expected_value is None:
            # "Is the term of the MSA 3 years?": the claim "term = 3 years", asked as the
            # value question with the value as its expected value (skill/_value_claims.py)
            stated = value_claim(question)
            if stated is not None:
                try:
                    valued: Answer | None = self.ask(
                        kb,
                        stated.asked,
                        evidence_requirements=evidence_requirements,
                        evaluation_time=evaluation_time,
                        top_k=top_k,
                        documents=documents,
                        expected_value=stated.value,
                    )
                except SubjectClassError:
                    valued = None
                # the value question read no subject: the question is answered as asked
                # (its own subject, its own claim)
                if valued is not None and valued.terminal_state != "SUBJECT_NOT_FOUND":
                    # "capped at $1 million": the claim holds only where "capped" does
                    proposed = (
                        self._held_proposition(kb, stated.proposition, documents)
                        if stated.proposition
                        else None
                    )
                    return value_claim_answer(valued, stated, question, proposed)
            kinded = cap_kind(question) if stated is None else None
            if kinded is not None:
                # "Is Halcyon's liability under the MSA capped for indemnification claims?":
                # the cap asked plainly, judged for the kind against its exceptions
                # (where the cap asked plainly reads as its value, "Is there a cap on ...?",
                # the cap negated as asked: "Is there no cap on ...?")
                for cap_asked in dict.fromkeys((kinded.plain, kinded.cut)):
                    cap_held = self._held_proposition(kb, cap_asked, documents)
                    if cap_held is None or cap_held.terminal_state == "SUBJECT_NOT_FOUND":
                        break
                    cap_constraints = cap_held.subject_class.constraints
                    if cap_constraints.get("claim") != "liability_capped":
                        continue
                    if cap_constraints.get("negated") and cap_constraints.get("carved", True):
                        # "uncapped": the carved cases, no verdict of the cap itself
                        break
                    return cap_kind_answer(cap_held, kinded, question)
        # A tuple: immutable, so the store may remember its set between look-ups.
        # The ids first: a copy committed after them is not in them, so it cannot show
        # up unfolded; a document that stands for copies is hidden nowhere it is not visible.
        visible = self.committed_documents(kb)
        copies = self.copies(kb) if self.copies is not None else _NO_COPIES
        folded = self._fold(kb, visible, copies)
        committed = folded.ids
        aliases = tuple(self.aliases(kb)) if self.aliases is not None else ()
        untold: tuple[DocumentReference, tuple[str, ...]] | None = None
        reworded = ""
        if documents is None and subject is None and question is not None:
            # "under the bylaws", "according to the cap table": the document named by its
            # kind, date or author is the question's scope, as if chosen
            documents, untold, reworded = self._referred_scope(kb, question, committed, aliases)
        if documents is None and subject is None and untold is None and question is not None:
            # "Can the Executive be terminated without cause?": a role an agreement defines,
            # the question's only subject, asks about the agreement defining it
            routed = self._role_route(kb, reworded or question, committed, aliases)
            if routed is not None:
                return self._role_answer(
                    kb,
                    question,
                    routed,
                    machine,
                    evidence_requirements=evidence_requirements,
                    evaluation_time=evaluation_time,
                    top_k=top_k,
                    expected_value=expected_value,
                )
        if documents is not None:
            committed = self._scope(kb, visible, folded, documents)
        # the question's words as its claim and intent read them: a role given to a party
        # ("Halcyon, as the Borrower,") is set aside, kept in the subject as `held_roles`
        plain = question or ""
        if subject is not None:
            subject_class = parse_subject(subject)
        elif untold is not None:
            subject_class = _referred_subject(*untold)
        else:
            assert question is not None
            # "Must Halcyon consent to an assignment of the MSA?": the consent question
            # "Copies permitted?": the terse yes/no question read with its auxiliary
            read_as = consent_reworded(terse_yes_no(question))
            subject_class = read_question(
                reworded or status_reworded(read_as) or read_as,
                self._name_index(kb, committed, aliases),
                {a.alias_key for a in aliases if a.document_id is None},
                self._query_embedder,
                self._query_embedder,
                scoped=documents is not None,
            )
            if documents is not None:
                subject_class = self._scoped_subject(kb, subject_class, committed)
            plain = without_claim_law(
                without_claim_time(without_role_phrases(read_as, subject_class), subject_class),
                subject_class,
            )
            quantity = quantity_asked(plain) if subject_class.attribute == TOPIC else None
            if quantity is not None:
                # "How many robots has Halcyon deployed?": only a passage stating a number
                # answers it (skill/_topic.py)
                subject_class = subject_class.model_copy(
                    update={
                        "constraints": dict(
                            sorted({**subject_class.constraints, "quantity": quantity}.items())
                        )
                    }
                )
            topic_act = (
                act_asked(plain)
                if subject_class.attribute == TOPIC and subject_class.type == "legal_entity"
                else None
            )
            if topic_act is not None:
                # "Which companies did Best Buy acquire in fiscal 2017?": an act asked of the
                # subject, in the years the question names (its topic keeps neither the verb
                # nor "fiscal 2017"); skill/_topic.py
                years, fiscal = years_asked(plain)
                act_read: dict[str, object] = {
                    "act": topic_act,
                    "act_fiscal": fiscal,
                    "act_years": sorted(years),
                }
                since = year_since(plain)
                if since is not None:
                    # "since 2020": that year and every later one
                    act_read["act_since"] = since
                subject_class = subject_class.model_copy(
                    update={
                        "constraints": dict(
                            sorted({**subject_class.constraints, **act_read}.items())
                        )
                    }
                )
        # "Is the draft ... signed?", "What did Amendment No. 2 change?", "Which version is in
        # force?": a document's status, read from what the documents state of themselves
        # (skill/_status.py), never a claim of their terms
        status = (
            status_asked(plain)
            if question is not None
            and subject is None
            and subject_class.type in ("agreement", "document")
            else None
        )
        held_roles = subject_class.constraints.get("held_roles")
        # the time a claim is asked at ("as of January 1, 2024"), kept on the claim's subject
        as_of = subject_class.constraints.get("as_of")
        # A yes/no question about an agreement is a claim (issue 34): its proposition's
        # evidence is searched and each sentence that speaks of it is judged.
        claim = claim_of(subject_class) if status is None else None
        # "Did the board approve the Keystone loan?": a body's act, judged on the records of
        # its acts (skill/_body_acts.py), never a claim of the agreement's terms
        act = (
            body_act_asked(question_focus(plain))
            if question is not None and subject is None and status is None and claim is None
            else None
        )
        if by_meaning is not None and act is None and status is None:
            # `ask`: the reader that took the question found nothing
            claim, subject_class = by_meaning
        elif (
            claim is None
            and act is None
            and question is not None
            and subject is None
            and status is None
        ):
            if read is not None:
                read.append(plain)
            claim = read_claim(
                plain,
                subject_class,
                exists=asks_existence(question_focus(plain), subject_class),
            )
            if claim is None:
                # no proposition names it: the question's own words are one (the records win)
                asked = question_claim(
                    plain,
                    subject_class,
                    exists=asks_existence(question_focus(plain), subject_class),
                )
                if asked is not None:
                    claim, subject_class = asked
                    # a party's action asked with no agreement named ("Can Halcyon grant
                    # liens?"): its agreements are the subject, and a proposition that names
                    # the action is read before the question's own words (the records win)
                    # (a benefit asked, "Is Daniel Reyes entitled to severance if he is
                    # terminated without cause?", stays the question's own: its case is no claim)
                    # (the same for a causative, "Can Keystone prohibit Halcyon from paying
                    # dividends?": the question asks the causer's say over another's action,
                    # which the record of the action does not read)
                    named = (
                        None
                        if claim.benefits or asks_caused(question_focus(plain))
                        else read_claim(plain, subject_class)
                    )
                    if named is not None:
                        claim = named
                elif (
                    subject_class.type in ("individual", "legal_entity")
                    and subject_class.name
                    and not asks_caused(question_focus(plain))
                ):
                    # the same where the question's words have no shape of their own ("May
                    # Halcyon make distributions to its shareholders?"): a proposition naming
                    # it is asked of the party's agreements
                    of_agreements = SubjectClass(
                        type="agreement",
                        constraints={"parties": [subject_class.name], "yes_no": True},
                        kind=QuestionKind.AGREEMENT_ATTRIBUTE,
                    )
                    named = read_claim(plain, of_agreements)
                    if named is not None:
                        claim, subject_class = named, of_agreements
            if (
                claim is None
                and subject_class.type == "agreement"
                and subject_class.attribute == TOPIC
            ):
                # "damages ceiling between Acme and Beta", "Can Acme hand its contract with Beta
                # over to another company?": no reader takes its words; the claim nearest in
                # meaning does, where one is near enough (skill/_claim_route.py)
                nearest = claim_by_meaning(plain, subject_class, self._query_embedder)
                if nearest is not None:
                    claim = nearest[0]
        if claim is not None:
            subject_class = claim_subject(claim, subject_class)
            kept = {"held_roles": held_roles, "as_of": as_of}
            kept = {k: v for k, v in kept.items() if v and k not in subject_class.constraints}
            if kept:
                constraints = {**subject_class.constraints, **kept}
                subject_class = subject_class.model_copy(update={"constraints": constraints})
        kb_default = dict(self.default_requirements)
        if self.kb_requirements is not None:
            kb_default.update(self.kb_requirements(kb) or {})
        value_judge = ValueJudge(kb_default, evidence_requirements)
        machine.advance(State.SUBJECT_CLASS_IDENTIFIED)
        infos: dict[str, DocumentInfo | None] = {}

        def info(document_id: str) -> DocumentInfo | None:
            if document_id not in infos:
                infos[document_id] = self.document_info(kb, document_id)
            return infos[document_id]

        def gate_over(docs: tuple[str, ...]) -> CandidateGate:
            return CandidateGate(
                self.store,
                self._query_embedder,
                aliases,
                snapshot=self._gate_snapshot(kb, docs, aliases),
                scoped=documents is not None,
            )

        gate_of = gate_over(committed)
        # "Can Artara Therapeutics terminate ...?": a party's other name that only one
        # document writes (its filer's footer, its signature block) confines the question to
        # that document, where the name is that party's
        confined = gate_of.named_scope(kb, subject_class, committed) if untold is None else None
        if confined:
            committed = confined
            gate_of = gate_over(committed)
        # "Can Halcyon, as the Borrower, pay dividends?": only the agreements where the party
        # holds the role it is given are read (none: not found, the role named for it)
        held = gate_of.held_role_scope(kb, subject_class, committed) if untold is None else None
        if held is not None and held[0] != tuple(committed):
            committed = held[0]
            gate_of = gate_over(committed)
        if held is not None and not held[0]:
            gate = GateResult(candidates=(), rejected=held[1])
        else:
            gate = (
                gate_of.run(kb, subject_class, committed)
                if untold is None
                else _untold_gate(untold, info)
            )
        if gate.set_aside:
            # "the Receiving Party's obligations" of a mutual NDA: a role bound to no one party
            # is the claim's actor, a term of the agreement's matter what it is about; neither
            # is a subject to find (skill/_role_actors.py)
            subject_class = without_actors(subject_class, gate.set_aside)
            if claim is not None:
                claim = replace(
                    claim,
                    actor=None if claim.actor in gate.set_aside else claim.actor,
                    others=tuple(o for o in claim.others if o not in gate.set_aside),
                )
        if not gate.candidates and untold is None and question is not None and subject is None:
            # "How much did American Water Works pay out in cash dividends?": read as an
            # agreement's term ("pay" is a compensation phrasing) only for want of another
            # reading; a company that is party to no agreement here is asked about itself.
            alternative = company_reading(question_focus(plain), subject_class)
            if alternative is not None:
                other = gate_of.run(kb, alternative, committed)
                if other.candidates:
                    subject_class, gate = alternative, other
        if (
            not gate.candidates
            and not gate.rejected
            and documents is not None
            and subject_class.type == "agreement"
            and not subject_class.parties
        ):
            # "Does the NDA ...?" of the one document chosen, whose preamble names no party
            # (a template, a form): the documents chosen are the agreement asked about
            gate = GateResult(candidates=_chosen_documents(committed, info), rejected=())
        # holders whose office the documents say ended (or began later) are not holders then
        gate = OfficeTenure(info).run(gate, subject_class)
        machine.advance(State.CANDIDATE_SUBJECT_DISCOVERED)
        if not gate.candidates:
            # The gate closed: nothing below may touch the store.
            machine.advance(State.SUBJECT_NOT_FOUND)
            answer = self._not_found(question, subject_class, gate, machine)
            if expected_value is None:
                return answer
            # nothing to observe: the engine's verdict on no evidence (not established)
            unobserved = value_judge.evaluate(
                [],
                expected_value,
                _comparison(subject_class),
                single_valued=is_single_valued(subject_class),
                evaluation_time=evaluation_time or UNDATED_OBSERVED_AT,
            )
            return answer.model_copy(update={"evaluation": unobserved})
        if act is not None and question is not None:
            return self._body_act_answer(
                kb, question, subject_class, act, gate, committed, info, value_judge, machine
            )
        if status is not None and question is not None:
            return self._status_answer(
                kb, question, subject_class, status, gate, committed, info, value_judge, machine
            )
        if asks_profile(subject_class):
            # "Who is Daniel Reyes?": the roles the binding index records, not a passage
            return self._profile_answer(
                kb,
                question,
                subject_class,
                gate,
                committed,
                folded,
                info,
                value_judge,
                machine,
                expected_value,
                evaluation_time,
            )

        # a company's figures or a judgement over them: read from its statement cells, asked
        # in prose (a structured subject names its attribute)
        statements_question = (
            full_fiscal_years(question)
            if question is not None
            and subject is None
            and self.statement_cells is not None
            and subject_class.type == "legal_entity"
            else None
        )
        # the company's names, the only words a cash flow's phrase may hold inside it ("how
        # much cash did operating activities at Best Buy provide"), never a qualifier ("...
        # of discontinued operations ...") nor a segment's name
        company_names = (
            (
                subject_class.name,
                *sorted(
                    {
                        a.alias
                        for a in aliases
                        if a.document_id is None and a.entity_name == subject_class.name
                    }
                ),
            )
            if subject_class.name is not None and statements_question is not None
            else None
        )
        figure = (
            read_figure_question(statements_question, company=company_names)
            if statements_question is not None
            else None
        )
        # the company's statement cells of every period, read once for the question (a row
        # item, a segment's figure and a judgement each read them)
        company_cells: list[Sequence[tuple[str, StatementCell]]] = []

        def every_cell() -> Sequence[tuple[str, StatementCell]]:
            if not company_cells:
                assert self.statement_cells is not None
                owners = sorted(self._figure_owners(kb, gate, committed))
                company_cells.append(self.statement_cells(kb, owners, None))
            return company_cells[0]

        if (
            figure is None
            and statements_question is not None
            and self.statement_cells is not None
            and line_item_readings(statements_question)
        ):
            # a line item no concept holds, asked by the name a statement's row prints
            figure = row_item_figure(statements_question, every_cell())
        if (
            figure is None
            and statements_question is not None
            and segment_asked(statements_question.split("?", 1)[0])
        ):
            # a segment's figure: its row in a note's table of the segments
            figure = segment_figure(statements_question, every_cell())
        if (
            figure is not None
            and statements_question is not None
            and figure.metric is None
            and not figure.computed
            and len(figure.concepts) == 1
            and figure.concepts[0].unit == "USD"
            and self.statement_cells is not None
        ):
            # a part of the company named with no segment word ("Amazon's North America net
            # sales"): its row in the table of the parts, never the company's figure
            figure = segment_figure(statements_question, every_cell(), unworded=True) or figure
            part_item = (
                part_unread(statements_question, every_cell(), figure.concepts[0])
                if figure.concepts[0].gaap != SEGMENT_ROW
                else None
            )
            if part_item is not None:
                # a part's item no table of the parts prints ("Digital Experience
                # subscription revenue"): that item, which no row prints, never the company's
                figure = replace(figure, concepts=(part_item,))
        if (
            figure is not None
            and figure.metric is None
            and figure.concepts
            and figure.concepts[0].unit == "USD"
            and figure.quarter is None
            and statements_question is not None
            and years_averaged(statements_question, figure.years)
        ):
            # "the FY2019 - FY2021 3 year average of capital expenditure": the concept's mean
            # over those years, computed as a metric's is
            figure = replace(figure, metric=average_metric(figure.concepts[0]))
        judgement_asked = (
            read_judgement_question(statements_question)
            if statements_question is not None
            else None
        )
        if judgement_asked is not None and every_cell():
            # a judgement over a company's figures: its metrics cited from its statement
            # cells, the judgement INSUFFICIENT unless the question states its test
            assert question is not None
            return self._judgement_answer(
                kb,
                question,
                subject_class,
                gate,
                judgement_asked,
                committed,
                info,
                value_judge,
                machine,
                expected_value,
            )
        if figure is not None and self.statement_cells is not None and every_cell():
            # a company whose filings hold statement cells: answered from them (a period they
            # do not have is said so); one whose filings state figures in prose only is read
            # as any question is
            return self._figure_answer(
                kb,
                question,
                subject_class,
                gate,
                figure,
                committed,
                info,
                value_judge,
                machine,
                expected_value,
                every=every_cell(),
            )
        machine.advance(State.EVIDENCE_RETRIEVAL)
        collector = EvidenceCollector(
            self.store, self._query_embedder, info, aliases=aliases, top_k=top_k or self.top_k
        )
        units, rejected_units = evidence_units(
            self.store, self._query_embedder, kb, subject_class, gate, collector, committed
        )
        if folded.listed:
            units = _with_copies(units, folded.listed)
        superseder = StatedSupersession(info)
        drafts = superseder.unexecuted_documents(units)
        units, set_aside = superseder.set_aside_unexecuted(units)
        rejected_units = [*rejected_units, *set_aside]
        # passages of a clause an amendment states it replaces are history (issue 16)
        passages: list[Supersession] = []
        replaced_units: list[EvidenceUnit] = []
        if units and (
            is_clause_question(subject_class)
            or (
                subject_class.type == "agreement"
                and subject_class.kind is not QuestionKind.YES_NO
                and subject_class.attribute not in (None, "parties")
                and not is_single_valued(subject_class)
            )
        ):
            units, replaced_units, passages = passages_in_force(
                self.store,
                kb,
                subject_class,
                gate,
                units,
                committed,
                info,
                collector,
                self._gate_snapshot(kb, committed, aliases),
            )
        machine.advance(State.EVIDENCE_VERIFIED)
        if claim is not None:
            # its parties named by their roles too ("the Company", "the Executive"): a sentence
            # of the other party's right ("The Company may terminate the Executive's
            # employment without Cause") is never the actor's (issue 34: a question naming
            # one party is judged on that party's own rights)
            if question is not None:
                claim = with_role_actor(claim, question, gate.candidates)
            claim = with_party_terms(claim, gate.candidates)
            # the whole agreement read for the claim, beside what the search ranked (a list
            # item quoted from its lead-in starts where the lead-in does, and ends further)
            found: dict[tuple[str, int], int] = {}
            for u in [*units, *replaced_units]:
                where = u.source_location
                key = (where.document_id, where.char_start)
                found[key] = max(found.get(key, where.char_end), where.char_end)
            units = [
                *units,
                *(
                    u
                    for u in claim_sentences(
                        claim,
                        collector,
                        kb,
                        gate.candidates,
                        committed,
                        f"claim:{claim.entry.name}",
                    )
                    if u.source_location.char_end
                    > found.get((u.source_location.document_id, u.source_location.char_start), -1)
                ),
            ]
            titles = [x.name.casefold() for x in gate.candidates]
            return self._claim_answer(
                question,
                subject_class,
                claim,
                gate,
                units,
                replaced_units,
                rejected_units,
                value_judge,
                machine,
                expected_value,
                evaluation_time
                or default_evaluation_time(
                    (i.document_date if i else None) for i in (info(d) for d in folded.ids)
                ),
                " or ".join(_told_apart(c, titles, committed, info) for c in gate.candidates),
                pages_searched(
                    [info(d) for c in gate.candidates for d in c.documents if d in set(committed)]
                ),
                [u for u in units if u.evidence_id in collector.candidate_evidence],
            )
        # Candidates of a clause the classifier did not confirm: quoted as evidence (under the
        # engine's threshold) and named in the answer, never judged: no value is concluded
        # from them.
        candidate_units = [u for u in units if u.evidence_id in collector.candidate_evidence]
        judged = [u for u in units if u.evidence_id not in collector.candidate_evidence]

        entry = _ATTRIBUTES.get(subject_class.attribute or "")
        names = _names(subject_class)
        single = is_single_valued(subject_class)
        amended_as = entry.amended_as if entry is not None else ()
        judgement = value_judge.run(
            judged,
            single_valued=single,
            names=names,
            prefixes=entry is not None and entry.partial_values,
            attribute=subject_class.attribute,
            # a value an amendment states it replaces is history, not a conflict (issue 16)
            supersede=lambda found: superseder.run(found, amended_as),
            evaluation_time=evaluation_time,
            # the whole knowledge base's dates: a scope chooses the evidence, not the day
            document_dates=(
                (i.document_date if i else None) for i in (info(d) for d in folded.ids)
            ),
        )
        groups, conflicts = judgement.groups, judgement.conflicts
        sufficiency, supersessions = judgement.sufficiency, judgement.supersessions
        unexecuted = drafts
        sufficient = bool(
            sufficiency and sufficiency["decision"] == "SUPPORTED" and not conflicts and groups
        ) and not superseder.only_unexecuted(groups)
        ambiguous = bool(gate.ambiguous) or (
            subject_class.type == "agreement" and len(gate.candidates) > 1
        )
        values = [cv for g in groups for cv in cited(g.values, subject_class.attribute)]
        # A figure asked of a company whose filings hold no statement cells is read from
        # prose: a passage that does not name the figure, or names it only in another sense
        # ("Internal Revenue Code" for "revenue in FY2021"), is no answer, named as a
        # candidate at most.
        weak_values = (
            [v for v in values if not names_figure(v.value, figure)] if figure is not None else []
        )
        values = [v for v in values if v not in weak_values]
        sufficient = sufficient and bool(values)
        answer_text = None
        if values and not conflicts:
            answer_text = "; ".join(
                _values_told_apart(values, judged, gate.candidates)
                if subject_class.type == "agreement"
                else [v.value for v in values]
            ) + superseder.note(supersessions, passages)
            if (
                sufficient
                and not ambiguous
                and question
                and asks_existence(question_focus(question), subject_class)
            ):
                # "Does the MSA contain a non-compete clause?": yes, from the clause quoted
                # (never from silence: an absence is said as "no ... clause found").
                answer_text = f"Yes — {clause_label(subject_class)} clause: {answer_text}"
            if not sufficient and subject_class.attribute == TOPIC and figure is None:
                # passages under the engine's threshold are said as such, never as the answer
                # (issue 34): each states part of the topic, or names one thing only
                answer_text = (
                    f"not established — the closest passages of "
                    f"{' or '.join(c.name for c in gate.candidates)}: {answer_text}"
                )
        # The attribute's clause, cited, with no value read from it (skill/_evidence.py).
        unread = not values and any(u.value is None for u in judged)
        label = clause_label(subject_class).replace("_", " ")
        if unread:
            answer_text = "; ".join(
                f"no {label} read from the clause quoted from {c.name}"
                for c in gate.candidates
                if any(u.subject_id == c.subject_id for u in judged)
            )
        candidate_values = list(
            dict.fromkeys(u.value for u in _sorted_units(candidate_units) if u.value)
        )
        # With no value read from any candidate, the text shows the candidate passages
        # themselves (short quotes with their citations), never a mention of quotes it
        # does not show.
        candidates_text = "; ".join(candidate_values) or (
            f"passages quoted, no {label} read: " + quoted_passages(_sorted_units(candidate_units))
        )
        # Beside values of the answer, candidates are named only when they are values too (a
        # candidate passage with no value read adds nothing to a value found elsewhere).
        show_candidates = bool(candidate_units) and (not values or bool(candidate_values))
        # A clause topic with nothing found, or a clause the classifier's labels show absent
        # (its candidates, if any, quoted after the absence).
        not_stated = not values and (
            (bool(collector.absent_subjects) and (bool(candidate_units) or not unread))
            or (not unread and not candidate_units and is_clause_question(subject_class))
        )
        # No value, no clause or candidate quoted: the absence is said, with what was
        # searched (an answer is never empty; a conflict's values are its answer)
        said_absent = (
            not values
            and not conflicts
            and not weak_values
            and not not_stated
            and not unread
            and not candidate_units
        )
        if not_stated:
            # Said precisely, never "no" from silence: what was searched, and where.
            absent_in = [
                c for c in gate.candidates if c.subject_id in collector.absent_subjects
            ] or list(gate.candidates)
            # Two candidate agreements of one title ("MASTER SERVICES AGREEMENT" with two
            # counterparties) are told apart by their files.
            titles = [c.name.casefold() for c in gate.candidates]
            yes_no = bool(subject_class.constraints.get("yes_no")) or bool(
                question and asks_existence(question_focus(question), subject_class)
            )
            absence = "; ".join(
                absence_text(
                    clause_label(subject_class),
                    _told_apart(c, titles, committed, info),
                    [info(d) for d in c.documents if d in set(committed)],
                    yes_no=yes_no,
                )
                for c in absent_in
            )
            answer_text = (
                f"{absence}; candidates: {candidates_text}" if candidate_units else absence
            )
        elif said_absent:
            searched = [info(d) for c in gate.candidates for d in c.documents if d in committed]
            searched_text = pages_searched(searched)
            subjects = " or ".join(c.name for c in gate.candidates)
            # "in" an agreement or a document; of a person or a company ("Not stated in Jane
            # Roe" is no English: her count is stated in no document)
            answer_text = (
                f"Not stated in {subjects} — no {label} found ({searched_text})"
                if all(c.subject_type == "agreement" for c in gate.candidates)
                else f"Not stated — no {label} found for {subjects} ({searched_text})"
            )
            if subject_class.attribute == "has_role" and subject_class.role:
                # "Is Daniel Reyes one of the founders of Halcyon?": no document names him so
                stated_as = f"{subject_class.name} as {role_words(subject_class.role)}" + (
                    f" of {subject_class.parent_entity}" if subject_class.parent_entity else ""
                )
                answer_text = f"Not stated — no document found states {stated_as} ({searched_text})"
            not_stated = True
        elif weak_values and not values:
            unnamed = "; ".join(dict.fromkeys(v.value for v in weak_values))
            answer_text = (
                f"not established — no passage of {' or '.join(c.name for c in gate.candidates)} "
                f"found names {label}; candidates: {unnamed}"
            )
        elif show_candidates:
            unconfirmed_in = ", ".join(
                c.name
                for c in gate.candidates
                if any(u.subject_id == c.subject_id for u in candidate_units)
            )
            note = f"no {label} clause confirmed in {unconfirmed_in}; candidates: {candidates_text}"
            answer_text = f"{answer_text}; {note}" if answer_text else note
        first = gate.candidates[0]
        actions: list[str] = []
        if not sufficient:
            actions = next_actions_concluded(
                subject_class,
                candidate_name=first.name
                if len(gate.candidates) == 1
                else _subject_label(subject_class),
                conflicts=conflicts,
                groups=groups,
                sufficiency=sufficiency,
                amended=any("amended_by" in c.class_attributes for c in gate.candidates),
                ambiguous=ambiguous,
            )
        if unread:
            actions = [
                f"Read the quoted clause: it states the {label} in terms not read as a value",
                *(a for a in actions if not a.startswith("Request ")),
            ]
        if show_candidates:
            actions = [
                "Read the candidates quoted: the clause classifier confirmed none of them "
                f"as the {label} clause",
                *actions,
            ]
        if unexecuted:
            actions.append(
                "Obtain the executed copy of " + ", ".join(unexecuted) + ": it is marked as a "
                "draft or its signature blocks are empty, so its terms may not be in force."
            )
        evaluation = _expected_evaluation(
            value_judge,
            groups,
            expected_value,
            subject_class,
            single_valued=single,
            evaluation_time=judgement.evaluation_time,
        )
        return _concluded(
            question,
            subject_class,
            machine,
            gate,
            rejected_units,
            evidence=_sorted_units([*units, *replaced_units]),
            conclusion=Conclusion(answer=answer_text, values=values),
            conflicts=conflicts,
            confidence=judgement.confidence(sufficient=sufficient),  # type: ignore[arg-type]
            sufficient=sufficient,
            risk_signals=judgement.risk_signals(
                units=units, ambiguous=ambiguous, rejected_evidence=bool(rejected_units)
            )
            + (["superseded_value"] if supersessions or any(p.history for p in passages) else [])
            + (["unexecuted_document"] if unexecuted else [])
            + (["not_stated"] if not_stated else [])
            + (["clause_not_confirmed"] if show_candidates else [])
            + (["figure_not_named"] if weak_values and not values else []),
            suggested_next_actions=actions,
            sufficiency=sufficiency,
            supersessions=[*supersessions, *passages],
            evaluation=evaluation,
        )

    def _status_answer(
        self,
        kb: str,
        question: str,
        subject_class: SubjectClass,
        status: StatusKind,
        gate: GateResult,
        committed: Sequence[str],
        info: Callable[[str], DocumentInfo | None],
        value_judge: ValueJudge,
        machine: StateMachine,
    ) -> Answer:
        """A document's status (skill/_status.py): what an amendment changed, whether a
        document is signed, which version is in force; each statement quoted and cited."""
        machine.advance(State.EVIDENCE_RETRIEVAL)
        collector = EvidenceCollector(self.store, self._query_embedder, info, top_k=self.top_k)
        read: dict[str, list[Sentence]] = {}

        def sentences(document_id: str) -> list[Sentence]:
            if document_id not in read:
                by_start: dict[int, Sentence] = {}
                for chunk in self.store.chunks_of(kb, document_id):
                    for s in sentences_of(chunk):
                        by_start.setdefault(s.location.char_start, s)
                read[document_id] = [by_start[k] for k in sorted(by_start)]
            return read[document_id]

        claim_id = f"status:{status}"

        def unit_of(c: Candidate) -> Callable[[Sentence, str], EvidenceUnit]:
            return lambda s, value: collector.sentence_unit(s, c.subject_id, claim_id, value, 0.9)

        finding = DocumentStatus(info, sentences, committed).run(
            status, status_reworded(question) or question, gate.candidates, unit_of
        )
        units = finding.units
        machine.advance(State.EVIDENCE_VERIFIED)
        judgement = value_judge.run(
            units,
            single_valued=False,
            names=False,
            evaluation_time=None,
            document_dates=((i.document_date if i else None) for i in (info(d) for d in committed)),
        )
        groups, sufficiency = judgement.groups, judgement.sufficiency
        values = [cv for g in groups for cv in cited(g.values)]
        sufficient = (
            bool(sufficiency and sufficiency["decision"] == "SUPPORTED" and values)
            and not finding.not_stated
        )
        names = " or ".join(c.name for c in gate.candidates)
        text = finding.text or f"nothing stated of the status of {names}"
        return _concluded(
            question,
            subject_class,
            machine,
            gate,
            [],
            evidence=_sorted_units(units),
            conclusion=Conclusion(answer=text, values=values),
            conflicts=[],
            confidence=judgement.confidence(sufficient=sufficient),  # type: ignore[arg-type]
            sufficient=sufficient,
            risk_signals=judgement.risk_signals(
                units=units, ambiguous=bool(gate.ambiguous), rejected_evidence=False
            )
            + (["unexecuted_document"] if finding.unexecuted else [])
            + (["not_stated"] if finding.not_stated else []),
            suggested_next_actions=finding.actions,
            sufficiency=sufficiency,
            supersessions=[],
        )

    def _body_act_answer(
        self,
        kb: str,
        question: str,
        subject_class: SubjectClass,
        act: BodyAct,
        gate: GateResult,
        committed: Sequence[str],
        info: Callable[[str], DocumentInfo | None],
        value_judge: ValueJudge,
        machine: StateMachine,
    ) -> Answer:
        """A body's act on the agreement the gate found (skill/_body_acts.py): each sentence
        of the body's records that names the agreement and an act is an observation ("yes",
        or "no" where it denies or defers it), judged by the engine; one that names the
        agreement only is quoted as related; silence is "not stated in the <records>", no
        value cited."""
        machine.advance(State.EVIDENCE_RETRIEVAL)
        collector = EvidenceCollector(self.store, self._query_embedder, info, top_k=self.top_k)
        reference = DocumentReference(kind=RECORDS, dates=(), names=())
        infos = [i for d in committed if (i := info(d)) is not None]
        of_kind = documents_of_kind(reference, infos)
        # each record's chunks read once: its opening lines say whose it is, its sentences act
        chunked = {r.document_id: self.store.chunks_of(kb, r.document_id) for r in of_kind}
        openings = {d: _opening_text(c) for d, c in chunked.items() if c}
        records = body_records(act, of_kind, openings)
        claim_id = f"claim:body_act:{act.body}"
        subject_id = gate.candidates[0].subject_id
        judged: list[EvidenceUnit] = []
        related: list[EvidenceUnit] = []
        dates: list[str] = []  # each judged unit's record's meeting date
        for record in sorted(records, key=lambda r: (r.document_date or "", r.document_id)):
            own = record_text(record, openings.get(record.document_id, ""))
            seen: set[int] = set()
            for chunk in chunked[record.document_id]:
                for sentence in sentences_of(chunk):
                    if sentence.location.char_start in seen:
                        continue
                    seen.add(sentence.location.char_start)
                    holds, named = read_act(sentence.text, act, subject_class, own)
                    if holds is not None and act.negated:
                        # "Did the board not approve the MSA?": its approval says No
                        holds = not holds
                    if holds is not None:
                        value = "yes" if holds else "no"
                        judged.append(
                            collector.sentence_unit(sentence, subject_id, claim_id, value, 0.9)
                        )
                        dates.append(record.document_date or "")
                    elif named:
                        related.append(
                            collector.sentence_unit(sentence, subject_id, claim_id, None, 0.5)
                        )
        machine.advance(State.EVIDENCE_VERIFIED)
        judged, history = latest_acts(judged, dates)
        evaluation_time = default_evaluation_time(r.document_date for r in records)
        judgement = value_judge.claim(judged, claim_id, evaluation_time=evaluation_time)
        decision = judgement.sufficiency["decision"] if judgement.sufficiency else None
        conflict = bool(judgement.conflicts)
        said = {"SUPPORTED": "yes", "CONTRADICTED": "no"}.get(decision or "")
        values = [
            CitedValue(value=value, evidence_ids=sorted(u.evidence_id for u in us))
            for g in judgement.groups
            for value, us in g.values
            if value == said and not conflict
        ]
        sufficient = said is not None and not conflict
        kind = RECORDS
        # whose body: "the board", "Ridgeway's board"
        by = f"{act.owner}'s {act.body_words}" if act.owner else f"the {act.body_words}"
        what = act.object
        possessive = "'" if by.endswith("s") else "'s"
        if not records:
            text = (
                f"Not stated — no record of {by}{possessive} acts in the knowledge base "
                f"({len(of_kind)} {kind} held, none of {by})"
            )
        elif said is not None and not conflict:
            deciding = [u for u in judged if u.value == said]
            lead = "Yes" if said == "yes" else "No"
            text = f"{lead} — " + "; ".join(
                f"{' '.join(u.quote.split())} ({self._document_name(info, u)})"
                for u in deciding[:2]
            )
            if history:
                text += "; earlier: " + "; ".join(
                    f"{u.value}: {' '.join(u.quote.split())} ({self._document_name(info, u)})"
                    for u in history[:2]
                )
        elif conflict:
            # the records read the act both ways: said as a claim's sentences that disagree
            # ("Not stated in the board minutes — the sentences disagree, ..."), the signal
            # conflicting_evidence the judgement gives
            text = disagreement(
                f"the {kind}",
                "; ".join(f"{u.value}: {' '.join(u.quote.split())}" for u in judged[:4]),
            )
        else:
            text = (
                f"Not stated in the {kind} — no act of {by} on {what} found "
                f"({len(records)} record{'s' if len(records) != 1 else ''} read)"
            )
            if related:
                text += "; related: " + " ".join(" ".join(u.quote.split()) for u in related[:2])
        return _claim_concluded(
            question,
            subject_class,
            machine,
            gate,
            [],
            judgement,
            judged=judged,
            shown=[*judged, *history, *related],
            conclusion=Conclusion(answer=text, values=values),
            sufficient=sufficient,
            ambiguous=bool(gate.ambiguous),
            signals=[] if judged else ["not_stated"],
            actions=[] if sufficient else [f"Read the {kind} of {by} for its acts on {what}"],
        )

    @staticmethod
    def _document_name(info: Callable[[str], DocumentInfo | None], unit: EvidenceUnit) -> str:
        record = info(unit.source_location.document_id)
        return record.name if record is not None else unit.source_location.document_id

    def _profile_answer(
        self,
        kb: str,
        question: str | None,
        subject_class: SubjectClass,
        gate: GateResult,
        committed: Sequence[str],
        folded: _Folded,
        info: Callable[[str], DocumentInfo | None],
        value_judge: ValueJudge,
        machine: StateMachine,
        expected_value: ExpectedValue | None,
        evaluation_time: str | None,
    ) -> Answer:
        """Who the subject is (skill/_profile.py): each role it holds a value, the bindings
        that record it the observations; a subject bound to no role is "not stated", with
        what was searched."""
        machine.advance(State.EVIDENCE_RETRIEVAL)
        collector = EvidenceCollector(self.store, self._query_embedder, info, top_k=self.top_k)
        units = profile_units(self.store, kb, gate, collector, committed)
        if folded.listed:
            units = _with_copies(units, folded.listed)
        machine.advance(State.EVIDENCE_VERIFIED)
        judgement = value_judge.run(
            units,
            single_valued=False,
            names=False,
            evaluation_time=evaluation_time,
            document_dates=(
                (i.document_date if i else None) for i in (info(d) for d in folded.ids)
            ),
        )
        groups, conflicts, sufficiency = (
            judgement.groups,
            judgement.conflicts,
            judgement.sufficiency,
        )
        sufficient = bool(
            sufficiency and sufficiency["decision"] == "SUPPORTED" and not conflicts and groups
        )
        ambiguous = bool(gate.ambiguous)
        values = [cv for g in groups for cv in cited(g.values)]
        names = " or ".join(c.name for c in gate.candidates)
        not_stated = not values
        answer_text = (
            "; ".join(v.value for v in values)
            if values
            else f"no role of {names} stated in the binding index ({len(committed)} documents; "
            f"{pages_searched([info(d) for d in committed])})"
        )
        actions: list[str] = []
        if not sufficient:
            actions = next_actions_concluded(
                subject_class,
                candidate_name=names,
                conflicts=conflicts,
                groups=groups,
                sufficiency=sufficiency,
                amended=False,
                ambiguous=ambiguous,
            )
        evaluation = _expected_evaluation(
            value_judge,
            groups,
            expected_value,
            subject_class,
            single_valued=False,
            evaluation_time=judgement.evaluation_time,
        )
        return _concluded(
            question,
            subject_class,
            machine,
            gate,
            [],
            evidence=_sorted_units(units),
            conclusion=Conclusion(answer=answer_text, values=values),
            conflicts=conflicts,
            confidence=judgement.confidence(sufficient=sufficient),  # type: ignore[arg-type]
            sufficient=sufficient,
            risk_signals=judgement.risk_signals(
                units=units, ambiguous=ambiguous, rejected_evidence=False
            )
            + (["not_stated"] if not_stated else []),
            suggested_next_actions=actions,
            sufficiency=sufficiency,
            supersessions=[],
            evaluation=evaluation,
        )

    def _claim_answer(
        self,
        question: str | None,
        subject_class: SubjectClass,
        claim: Claim,
        gate: GateResult,
        units: list[EvidenceUnit],
        replaced_units: list[EvidenceUnit],
        rejected_units: list[RejectedEvidence],
        value_judge: ValueJudge,
        machine: StateMachine,
        expected_value: ExpectedValue | None,
        evaluation_time: str,
        where: str,
        searched: str,
        candidates: list[EvidenceUnit],
    ) -> Answer:
        """The answer to a yes/no claim: the engine's verdict over the sentences that speak
        of it ("yes" where one says it holds, "no" where one says it does not); the units
        that name its action without deciding it are quoted beside a "not stated", the
        others are not evidence of it."""
        observed, related = observe(claim, units)
        name = claim.entry.name
        judged = [
            o.unit.model_copy(
                update={
                    "value": "yes" if o.reading.holds else "no",
                    "claim_id": f"claim:{name}",
                    "confidence": max(o.unit.confidence, o.reading.confidence),
                }
            )
            for o in observed
        ]
        judgement = value_judge.claim(judged, f"claim:{name}", evaluation_time=evaluation_time)
        decision = judgement.sufficiency["decision"] if judgement.sufficiency else None
        conflict = bool(judgement.conflicts)
        # sentences of one document on both sides are no conflict between sources, but the
        # engine's MIXED_EVIDENCE all the same: signalled and shown as one
        mixed = mixed_readings(observed) and not conflict
        text = claim_answer(
            claim, decision, observed, related, conflict, where, searched, candidates
        )
        shown_candidates = not observed and not related and bool(candidates)
        readings = {o.unit.evidence_id: o.reading for o in observed}
        said = {"SUPPORTED": "yes", "CONTRADICTED": "no"}.get(decision or "")
        values = [
            CitedValue(
                value=value,
                evidence_ids=sorted(u.evidence_id for u in us),
                details=_claim_details([readings[u.evidence_id] for u in us]),
            )
            for g in judgement.groups
            for value, us in g.values
            if value == said and not conflict
        ]
        sufficient = said is not None and not conflict
        ambiguous = bool(gate.ambiguous) or len(gate.candidates) > 1
        not_stated = not observed
        evaluation = _expected_evaluation(
            value_judge,
            judgement.groups,
            expected_value,
            subject_class,
            single_valued=True,
            evaluation_time=judgement.evaluation_time,
        )
        actions: list[str] = []
        if not sufficient:
            actions.append(
                f"Read the agreement's provisions on {claim.entry.label}: "
                + (
                    "the sources disagree, nothing is arbitrated"
                    if conflict or mixed
                    else "no sentence quoted states whether it holds"
                    if not_stated
                    else "the sentences quoted do not meet the evidence contract"
                )
            )
        # a related sentence is quoted, never a value of the answer
        quoted = [
            u.model_copy(update={"value": None})
            for u in (candidates if shown_candidates else related)
        ]
        return _claim_concluded(
            question,
            subject_class,
            machine,
            gate,
            rejected_units,
            judgement,
            judged=judged,
            shown=[*judged, *quoted, *replaced_units],
            conclusion=Conclusion(answer=text, values=values),
            sufficient=sufficient,
            ambiguous=ambiguous,
            signals=(["conflicting_evidence"] if mixed else [])
            + (["not_stated"] if not_stated else [])
            + (["clause_not_confirmed"] if shown_candidates else []),
            actions=actions,
            evaluation=evaluation,
        )

    def _figure_answer(
        self,
        kb: str,
        question: str | None,
        subject_class: SubjectClass,
        gate: GateResult,
        figure: FigureQuestion,
        committed: Sequence[str],
        info: Callable[[str], DocumentInfo | None],
        value_judge: ValueJudge,
        machine: StateMachine,
        expected_value: ExpectedValue | None = None,
        *,
        every: Sequence[tuple[str, StatementCell]] | None = None,
    ) -> Answer:
        """A figure question answered from the statement cells of the subject's own filings
        (skill/_figures.py), judged by the engine as any other observations; an
        `expected_value` is judged over the same cells (a money figure as money, a
        percentage as a percentage; a bare number in the scale the question asks).
        `every`: the filings' cells of every period, where the caller has read them."""
        assert self.statement_cells is not None
        # the question as its periods are read: "FY19" is FY2019
        read = full_fiscal_years(question) if question is not None else None
        machine.advance(State.EVIDENCE_RETRIEVAL)
        owner = self._figure_owners(kb, gate, committed)
        if every is None:
            every = self.statement_cells(kb, sorted(owner), None)
        every = list(every)
        year_end = self._fiscal_year_end(kb, owner, every)
        figure = on_fiscal_year_end(figure, year_end)
        # the periods' cells, in the order read (the catalog's order, as `every` is)
        periods = set(_figure_periods(figure))
        cells = year_cells([x for x in every if x[1].period in periods], every, year_end)
        company = gate.candidates[0].name
        quarter_periods = None
        sequential = figure.metric is not None and read is not None and sequential_asked(read)
        refusal = None
        if sequential:
            assert figure.metric is not None
            before = (
                previous_quarter(figure.quarter, year_end) if figure.quarter is not None else None
            )
            reads_prior = any(
                kind == "prior" for f in figure.metric.formulas for _, kind in f.operands()
            )
            if before is None or not reads_prior:
                # a change over the quarter before, never over a year or the same quarter a
                # year before
                refusal = (
                    f"{figure.metric.name.replace('_', ' ')} not computed: the question asks "
                    "for a change over the quarter before, and "
                    + (
                        "the metric reads no prior period"
                        if not reads_prior
                        else "names no quarter whose previous quarter is placed "
                        "(a fiscal year, a year-to-date span, or a date no fiscal year end "
                        "places)"
                    )
                )
        if figure.quarter is not None:
            asked = figure.quarter
            cells = [
                *quarter_cells(every, asked, year_end, balance=False),
                *quarter_cells(every, asked, year_end, balance=True),
            ]
            if figure.metric is not None:
                # a quarter's metric reads the quarter's cells, and a growth the same
                # quarter's a year before
                prior = prior_quarter(asked, year_end)
                if sequential and refusal is None:
                    prior = previous_quarter(asked, year_end) or prior
                cells += [
                    *quarter_cells(every, prior, year_end, balance=False),
                    *quarter_cells(every, prior, year_end, balance=True),
                ]
                statements = {c.name: c.statement for c in financial_concepts()}

                def quarter_period(concept: str, reading: str) -> str:
                    at = asked if reading == "this" else prior
                    return at.label(statements[concept] == "balance")

                shown = asked.label(False)
                if sequential:
                    shown += f" over {prior.label(False)}"
                quarter_periods = (shown, quarter_period)

        readings: dict[str, str] = {}
        if figure.adjusted is not None:
            # never the GAAP row or metric of its name: nothing concluded, nothing quoted
            refusal = adjusted_note(figure, company)
        make_unit, established = self._cell_judges(owner, info, value_judge, readings)
        # a later annual report's figure for a period restates an earlier filing's: concluded
        # when the question asks for the figure as restated, else shown beside the earlier
        # (the question leaves open which it asks for)
        asks_restated = read is not None and restated_asked(read)
        restated = RestatedFigures.of_filings(every, year_end, self._annual_reports(kb, owner))
        metric = None
        if refusal is not None:
            found = FigureFindings((), None, None, refusal)
        elif figure.metric is not None and read is not None:
            metric = compute_metric(
                figure.metric,
                read,
                figure.years,
                figure.scale,
                cells,
                make_unit,
                established,
                company,
                quarter_periods,
                restated.cells,
                asks_restated,
            )
            found = FigureFindings(
                metric.units, None, metric.period, metric.arithmetic or metric.note
            )
        else:
            found = find_figures(figure, cells, make_unit, company, read or "")
            if figure.quarter is not None and not found.units:
                # what the filings hold instead, never a fiscal year's figure for a quarter
                held = f"; the statement cells found are of {periods_found(every)}"
                if year_end is None and figure.quarter.end is None:
                    held += " (no 10-K states the fiscal year end the quarter is counted from)"
                found = replace(found, note=(found.note or "") + held)
        units = sorted(found.units, key=lambda u: u.evidence_id)
        machine.advance(State.EVIDENCE_VERIFIED)
        judged = [u for u in units if u.value is not None]
        judgement = value_judge.run(
            judged,
            single_valued=True,
            names=False,
            supersede=restated.run if asks_restated else None,
            evaluation_time=None,
            document_dates=((i.document_date if i else None) for i in (info(d) for d in owner)),
        )
        groups, conflicts = judgement.groups, judgement.conflicts
        supersessions = (
            judgement.supersessions if asks_restated else restated.run(judgement.groups)[1]
        )
        sufficiency = judgement.sufficiency if judged else None
        sufficient = bool(
            sufficiency and sufficiency["decision"] == "SUPPORTED" and not conflicts and groups
        )
        values = [cv for g in groups for cv in cited(g.values)]
        if found.items:
            # several items asked: each its own claim, answered in the order asked; the answer
            # is whole only when every item is established
            order = {claim: i for i, (claim, _) in enumerate(found.items)}
            named = dict(found.items)
            by_item = sorted(
                ((g.claim_id, cv) for g in groups for cv in cited(g.values)),
                key=lambda gc: (order.get(gc[0], len(order)), gc[1].value),
            )
            values = [cv for _, cv in by_item]
            sufficient = (
                sufficient and not found.missing and {g.claim_id for g in groups} == set(order)
            )
        if found.items and values:
            # an item whose cells disagree (a restated figure, two tables of a filing) shows
            # each figure, the others their own values: one item's disagreement never hides
            # another's figure
            item_figures: dict[str, list[str]] = {}
            for claim, cv in by_item:
                item_figures.setdefault(claim, []).append(cv.value)
            answer_text = "; ".join(
                f"{named.get(claim, '')}: the cells disagree: {' / '.join(figures)}"
                if len(figures) > 1
                else "; ".join(f"{v} ({named.get(claim, '')})" for v in figures)
                for claim, figures in item_figures.items()
            ) + restatement_note(supersessions)
            if found.signs:
                answer_text += f" (signs: {'; '.join(found.signs)})"
            if found.note:
                answer_text += f"; {found.note}"
        elif metric is not None and metric.formula is not None and values and not conflicts:
            assert figure.metric is not None
            # the arithmetic is the answer: each operand's cell is cited by its evidence id
            values = [
                v.model_copy(
                    update={
                        "details": {
                            "metric": [figure.metric.name],
                            "formula": [metric.formula.expression],
                            "arithmetic": [metric.arithmetic or ""],
                        }
                    }
                )
                for v in values
            ]
            answer_text = (
                f"{figure.metric.name.replace('_', ' ')} {metric.period}: {metric.arithmetic}"
            )
        elif values and not conflicts:
            label = found.concept.name.replace("_", " ") if found.concept else ""
            answer_text = "; ".join(
                f"{v.value} ({label}, {found.period})" for v in values
            ) + restatement_note(supersessions)
            if found.signs:
                answer_text += f" (signs: {'; '.join(found.signs)})"
        elif supersessions:
            answer_text = (
                "the statement cells found disagree: a later annual report restates the figure"
                + restatement_note(supersessions)
            )
        else:
            answer_text = found.note or "the statement cells found disagree"
        actions = (
            []
            if sufficient
            else [
                "Say whether the figure is asked as originally reported (the filing of that "
                "period) or as restated (ask for it 'as restated')"
            ]
            if supersessions
            else [
                "Read the statement cells quoted: "
                + (found.note or "their figures disagree (a restatement or another table)")
            ]
        )
        evaluation = (
            None
            if expected_value is None
            else value_judge.evaluate(
                groups,
                _figure_expected(expected_value, figure, [v.value for v in values]),
                _figure_comparison(figure),
                single_valued=True,
                evaluation_time=judgement.evaluation_time,
            ).model_copy(update={"expected_value": expected_value})  # as the caller gave it
        )
        return _concluded(
            question,
            subject_class,
            machine,
            gate,
            [],
            evidence=units,
            conclusion=Conclusion(answer=answer_text, values=_with_cells(values, readings)),
            conflicts=conflicts,
            confidence=judgement.confidence(sufficient=sufficient),  # type: ignore[arg-type]
            sufficient=sufficient,
            risk_signals=judgement.risk_signals(
                units=units, ambiguous=False, rejected_evidence=False
            )
            + (["superseded_value"] if supersessions else [])
            + ([] if values else ["not_stated"]),
            suggested_next_actions=actions,
            sufficiency=sufficiency,
            supersessions=supersessions,
            evaluation=evaluation,
        )

    def _fiscal_year_end(
        self, kb: str, owner: Mapping[str, Candidate], every: Sequence[tuple[str, StatementCell]]
    ) -> tuple[int, int] | None:
        """The company's fiscal year end (month, day), as its 10-K's cover states it, else as
        its year columns end: it places a quarter among the 10-Qs' dated columns, and tells a
        10-Q's balance at its fiscal year end from one at a quarter's end."""
        stated = [
            b.subject_name
            for c in sorted({c.subject_id for c in owner.values()})
            for b in self.store.find_bindings(kb, parent_key=c, document_ids=sorted(owner))
            if b.role == "fiscal_year_end"
        ]
        return stated_year_end(sorted(stated)) or annual_year_end(every)

    def _annual_reports(self, kb: str, owner: Mapping[str, Candidate]) -> dict[str, str]:
        """The company's filings that are annual reports, those whose cover states the
        fiscal year they report ("For the fiscal year ended ...", a 10-K), each with that
        year's end (ISO; the latest its cover states)."""
        covers: dict[str, str] = {}
        for c in sorted({c.subject_id for c in owner.values()}):
            for b in self.store.find_bindings(kb, parent_key=c, document_ids=sorted(owner)):
                end = normalize_date(b.subject_name) if b.role == "fiscal_year_end" else None
                if end is not None and end > covers.get(b.location.document_id, ""):
                    covers[b.location.document_id] = end
        return covers

    def _cell_judges(
        self,
        owner: Mapping[str, Candidate],
        info: Callable[[str], DocumentInfo | None],
        value_judge: ValueJudge,
        readings: dict[str, str] | None = None,
    ) -> tuple[UnitMaker, OperandJudge]:
        """How a figure route makes a cell of the company's filings an evidence unit, and
        how it asks the engine whether an operand's cells establish it. `readings` gains
        each unit's cell as read (`cell_reading`), by evidence id: the quote is the printed
        line, the reading goes in the values' `details`."""

        def make_unit(
            document_id: str, cell: StatementCell, concept: str, value: str | None
        ) -> EvidenceUnit:
            doc = info(document_id)
            candidate = owner[document_id]
            unit = cell_unit(
                document_id,
                doc.name if doc else document_id,
                cell,
                subject_id=candidate.subject_id,
                claim_id=f"{candidate.subject_id}:{concept}:{cell.period}",
                value=value,
                source_type=doc.document_type if doc else "filing",
                observed_at=observed_at(doc.document_date if doc else None),
                independence_group=doc.independence_group if doc else document_id,
            )
            if readings is not None:
                readings[unit.evidence_id] = cell_reading(cell)
            return unit

        def established(units: Sequence[EvidenceUnit]) -> bool:
            # an operand is a figure as the single-figure route's: the engine's verdict
            seen = value_judge.run(
                units,
                single_valued=True,
                names=False,
                evaluation_time=None,
                document_dates=((i.document_date if i else None) for i in (info(d) for d in owner)),
            )
            return bool(
                seen.sufficiency
                and seen.sufficiency["decision"] == "SUPPORTED"
                and not seen.conflicts
            )

        return make_unit, established

    def _judgement_answer(
        self,
        kb: str,
        question: str,
        subject_class: SubjectClass,
        gate: GateResult,
        asked: JudgementQuestion,
        committed: Sequence[str],
        info: Callable[[str], DocumentInfo | None],
        value_judge: ValueJudge,
        machine: StateMachine,
        expected_value: ExpectedValue | None = None,
    ) -> Answer:
        """A judgement question answered from the statement cells of the subject's filings
        (skill/_judgements.py): each metric that bears on it computed and cited, the test the
        question states judged by the engine over them, else the judgement INSUFFICIENT."""
        assert self.statement_cells is not None
        machine.advance(State.EVIDENCE_RETRIEVAL)
        owner = self._figure_owners(kb, gate, committed)
        every = self.statement_cells(kb, sorted(owner), None)
        year_end = self._fiscal_year_end(kb, owner, every)
        annual = metric_years(asked.metrics, year_cells(every, every, year_end))
        years = judged_years(asked, annual)
        periods = tuple(sorted(metric_periods(years))) if years else ()
        cells = year_cells(self.statement_cells(kb, sorted(owner), periods), every, year_end)
        company = gate.candidates[0].name
        readings: dict[str, str] = {}
        make_unit, established = self._cell_judges(owner, info, value_judge, readings)
        restated = RestatedFigures.of_filings(every, year_end, self._annual_reports(kb, owner))
        results = [
            (
                metric,
                compute_metric(
                    metric,
                    full_fiscal_years(question),
                    [year],
                    None,
                    cells,
                    make_unit,
                    established,
                    company,
                    restate=restated.cells,
                    as_restated=restated_asked(question),
                ),
            )
            for metric in asked.metrics
            for year in years
        ]
        verdict = judge_test(asked, results)
        units = sorted(
            {u.evidence_id: u for _, r in results for u in r.units}.values(),
            key=lambda u: u.evidence_id,
        )
        machine.advance(State.EVIDENCE_VERIFIED)
        comparison = ValueComparison(kind=None, names=False, yes_no=True)
        # every operand of every year is an observation of the one claim the question states
        claim = ":".join(
            [gate.candidates[0].subject_id, *(m.name for m in asked.metrics), *map(str, years)]
        )
        claimed = (
            [
                u.model_copy(update={"value": "yes" if verdict.holds else "no", "claim_id": claim})
                for u in units
            ]
            if verdict.holds is not None
            else []
        )
        judgement = value_judge.run(
            claimed,
            single_valued=True,
            names=False,
            evaluation_time=None,
            document_dates=((i.document_date if i else None) for i in (info(d) for d in owner)),
        )
        # the claim as the question states it is the answer's own (its values, yes / no),
        # never an expected value: `evaluation` judges only one the caller gave (a batch
        # line's `expected_value`), over the same figures; a question's wording fills in none
        evaluation = (
            None
            if expected_value is None
            else value_judge.evaluate(
                judgement.groups if claimed else [],
                expected_value,
                comparison,
                single_valued=True,
                evaluation_time=judgement.evaluation_time,
            )
        )
        sufficiency = judgement.sufficiency if claimed else None
        sufficient = bool(
            claimed
            and sufficiency
            and sufficiency["decision"] == "SUPPORTED"
            and not judgement.conflicts
        )
        values = (
            [
                v.model_copy(
                    update={
                        "details": {
                            "test": [asked.test.describe() if asked.test else ""],
                            "arithmetic": [r.arithmetic or "" for _, r in results],
                        }
                    }
                )
                for g in judgement.groups
                for v in cited(g.values)
            ]
            if sufficient
            else []
        )
        quoted = units if sufficient else [u.model_copy(update={"value": None}) for u in units]
        shown = list(claimed) if sufficient else quoted
        return _concluded(
            question,
            subject_class,
            machine,
            gate,
            [],
            evidence=shown,
            conclusion=Conclusion(answer=verdict.text, values=_with_cells(values, readings)),
            conflicts=judgement.conflicts,
            confidence=judgement.confidence(sufficient=sufficient),  # type: ignore[arg-type]
            sufficient=sufficient,
            risk_signals=judgement.risk_signals(
                units=shown, ambiguous=False, rejected_evidence=False
            )
            + ([] if values else ["not_stated"]),
            suggested_next_actions=[]
            if sufficient
            else [f"Read the statement cells quoted: {verdict.text}"],
            sufficiency=sufficiency,
            evaluation=evaluation,
        )

    def _figure_owners(
        self, kb: str, gate: GateResult, committed: Sequence[str]
    ) -> dict[str, Candidate]:
        """The company's filings whose statement cells are its figures, each with its
        candidate: the candidates' documents, and the filings of the same entity under a
        name it had before (one stated identifier: Adobe Systems Incorporated's 10-Ks beside
        Adobe Inc.'s), those where that identifier names it (its own, not a mention)."""
        visible = set(committed)
        owner = {d: c for c in gate.candidates for d in c.documents if d in visible}
        if len(gate.candidates) != 1:
            return owner
        (candidate,) = gate.candidates
        for document_id in sorted(
            registrant_documents(self.store, kb, candidate.subject_id, committed)
        ):
            owner.setdefault(document_id, candidate)
        return owner

    def _name_index(
        self, kb: str, committed: Sequence[str], aliases: tuple[Alias, ...]
    ) -> NameLinker:
        """The knowledge base's names for reading questions, kept with the gate's snapshot
        (one build per committed set and alias table)."""
        snapshot = self._gate_snapshot(kb, committed, aliases)
        index = snapshot.get("names")
        if index is None:
            index = build_name_index(self.store, kb, committed, aliases)
            snapshot["names"] = index  # one key, one atomic write
        return index  # type: ignore[no-any-return]

    def warm_up(self) -> None:
        """Embed every attribute cue now (about 30 short texts, ~0.1 s), for a process that
        answers many questions (the server, a batch): each kind of question would otherwise
        pay for its cue's embedding on its first ask. Answers are the same either way: a
        kept vector is the one `embed_query` computes."""
        self._query_embedder.pin(sorted(set(ATTRIBUTE_CUES.values())))
        # The intents' descriptions are attribute cues: their vectors are the pinned ones.
        IntentEmbeddings.of(self._query_embedder)
        # The learned claim reader's model: a missing or mismatched one fails the start
        # (NliModelError), never a question.
        nli_model()
        # The question router's words (pinned, never evicting a question's vector) and its
        # model: a missing or malformed one fails the start (RouteModelError), never a question.
        self._query_embedder.pin(sorted({text for _, text in route_texts()}))
        route_prototypes(self._query_embedder)

    def _fold(
        self, kb: str, committed: Sequence[str], copies: Mapping[str, Sequence[str]]
    ) -> _Folded:
        """The committed ids less every exact copy, sorted, and each standing document's
        hidden copies as `also_in` lists them; remembered for the same two objects (the
        runtime hands out the same ones while the committed set is unchanged)."""
        memo = self._folded
        if memo is not None and memo[0] is committed and memo[1] is copies:
            return memo[2]
        visible = set(committed)
        listed: dict[str, tuple[DocumentCopy, ...]] = {}
        for first, group in sorted(copies.items()):
            # A copy is left out only while the document that stands for it is visible.
            hidden = [c for c in group if c in visible] if first in visible else []
            if hidden:
                listed[first] = tuple(
                    sorted(
                        (DocumentCopy(document=self._name(kb, c), document_id=c) for c in hidden),
                        key=lambda copy: (copy.document, copy.document_id),
                    )
                )
        left_out = {c.document_id for group in listed.values() for c in group}
        folded = _Folded(tuple(sorted(visible - left_out)), MappingProxyType(listed))
        self._folded = (committed, copies, folded)
        return folded

    def _role_route(
        self, kb: str, question: str, committed: Sequence[str], aliases: tuple[Alias, ...]
    ) -> tuple[list[RoleAsked], list[Candidate]] | None:
        """(the roles the question names, the agreements defining the first) where the question
        names a role an agreement defines and no other subject: read as today, it names no
        subject, or only those roles ("the Executive's base salary"); None otherwise (a party,
        an agreement's type or title named beside the role keeps today's reading)."""
        index = self._name_index(kb, committed, aliases)
        roles = roles_asked(question_focus(question), role_terms(index.defined_terms))
        if not roles:
            return None
        try:
            read = read_question(
                status_reworded(question) or question,
                index,
                {a.alias_key for a in aliases if a.document_id is None},
                self._query_embedder,
                self._query_embedder,
            )
        except SubjectClassError as error:
            if not names_no_subject(error.reason):
                return None
        else:
            named = ([read.name] if read.name else []) + list(read.parties)
            keys = {r.key for r in roles}
            if read.document_type is not None or not named:
                return None
            if any(entity_key(n) not in keys for n in named):
                return None
        table = agreement_table(self.store, kb, committed, {})
        every, _ = agreements_of(
            self.store,
            kb,
            SubjectClass(type="agreement", kind=QuestionKind.AGREEMENT_ATTRIBUTE),
            [],
            committed,
            table,
        )
        defining = agreements_defining(every, roles)
        if not defining and len(every) == 1:
            # the knowledge base's lone agreement, where it writes the role as a defined term
            # bound to no one party (a mutual NDA's "Receiving Party"; skill/_role_actors.py)
            lone = every[0]
            texts = (c.text for d in lone.documents for c in self.store.chunks_of(kb, d))
            if writes_term(texts, roles[0].key):
                defining = [lone]
        return roles, defining

    def _role_answer(
        self,
        kb: str,
        question: str,
        routed: tuple[list[RoleAsked], list[Candidate]],
        machine: StateMachine,
        **asked: Any,
    ) -> Answer:
        """The answer to a question whose subject is a defined role (`_role_route`): asked of
        the one agreement defining it, the role and its party shown in the answer's subject;
        several such agreements are a question error naming each; none, not found."""
        roles, defining = routed
        role = roles[0]
        if len(defining) > 1:
            names = "; ".join(sorted({_agreement_label(c) for c in defining}))
            raise SubjectClassError(
                question,
                f"it names the {role.written}, a role several agreements define ({names}); "
                "name the agreement or its parties",
            )
        if not defining:
            subject_class = SubjectClass(
                type="agreement",
                kind=QuestionKind.AGREEMENT_ATTRIBUTE,
                constraints={"defined_role": role.written},
            )
            for state in (
                State.SUBJECT_CLASS_IDENTIFIED,
                State.CANDIDATE_SUBJECT_DISCOVERED,
                State.SUBJECT_NOT_FOUND,
            ):
                machine.advance(state)
            gate = GateResult(
                candidates=(),
                rejected=(),
                unresolved=(f"the {role.written}",),
                refusal=f"no agreement of the knowledge base defines the {role.written}",
            )
            return self._not_found(question, subject_class, gate, machine)
        agreement = defining[0]
        scope = list(agreement.documents)
        party, term = role_party(agreement, role)
        # the role as the agreement writes its defined term ("the borrower" -> "the Borrower"),
        # asked of that agreement's documents
        written = with_role_named(question, role, f"the {term}")
        answer = self.ask(kb, written, documents=scope, **asked)
        if answer.terminal_state == "SUBJECT_NOT_FOUND" and party:
            # "What is the Executive's base salary?": where the agreement's reading finds no
            # subject under the role, its party is asked about by name, in the same scope
            named = self.ask(kb, with_role_named(question, role, party), documents=scope, **asked)
            if named.terminal_state != "SUBJECT_NOT_FOUND":
                answer = named
        answer = answer.model_copy(update={"question": question})
        shown = {
            **answer.subject_class.constraints,
            "defined_role": role.written,
            # a role the agreement binds to no one party (a mutual NDA's) shows none
            **({"defined_role_party": party} if party else {}),
        }
        subject_class = answer.subject_class.model_copy(
            update={"constraints": dict(sorted(shown.items()))}
        )
        return answer.model_copy(update={"subject_class": subject_class})

    def _scope(
        self, kb: str, visible: Sequence[str], folded: _Folded, documents: Sequence[str]
    ) -> tuple[str, ...]:
        """The standing committed ids a `documents` scope names: each entry a document id
        or a file name (case-insensitive; a name shared by several documents names them all),
        an exact copy standing for the document it copies."""
        by_name: dict[str, list[str]] = {}
        for document_id in visible:
            by_name.setdefault(self._name(kb, document_id).casefold(), []).append(document_id)
        stands_for = {c.document_id: first for first, group in folded.listed.items() for c in group}
        chosen: set[str] = set()
        unknown: list[str] = []
        for entry in documents:
            ids = [entry] if entry in visible else by_name.get(entry.strip().casefold(), [])
            if not ids:
                unknown.append(entry)
            chosen.update(stands_for.get(i, i) for i in ids)
        if unknown or not chosen:
            missing = tuple(unknown)
            raise DocumentScopeError(
                missing,
                "the scope names no committed document of the knowledge base"
                + (f": {', '.join(repr(u) for u in missing)}" if missing else " (it is empty)"),
            )
        return tuple(sorted(chosen))

    def _held_proposition(
        self, kb: str, proposition: str, documents: Sequence[str] | None
    ) -> Answer | None:
        """The answer to a value claim's proposition asked without its value ("Is Halcyon's
        liability under the MSA capped?"); None where it reads no subject."""
        try:
            return self.ask(kb, proposition, documents=documents)
        except SubjectClassError:
            return None

    def _asked_in_form(self, kb: str, question: str, **asked: Any) -> Answer | None:
        """The answer to a yes/no question put in another form (skill/_question_form.py): an
        instruction wrapping a claim ("Confirm whether the recipient may keep copies.") is
        asked as the claim's question (the instruction's words are no topic); a claim written
        as a statement ("recipient may keep copies") as its question. Where that reads no
        claim, the form's `otherwise` is asked instead (the claim's own words), or None is
        returned (the question asked as written: a topic). The answer keeps the question as
        asked. None too where the question is put as one already."""
        form = asked_form(question)
        if form is None:
            return None
        try:
            answer: Answer | None = self.ask(kb, form.question, **asked)
        except SubjectClassError:
            answer = None
        if form.otherwise is not None and (answer is None or not answer_reads_a_claim(answer)):
            if form.otherwise == question:
                return None
            answer = self.ask(kb, form.otherwise, **asked)
        if answer is None:
            return None
        return answer.model_copy(update={"question": question})

    def _referred_scope(
        self, kb: str, question: str, committed: Sequence[str], aliases: tuple[Alias, ...]
    ) -> tuple[list[str] | None, tuple[DocumentReference, tuple[str, ...]] | None, str]:
        """(the scope, None, the question as its subject is read) where the question names
        one committed document by its kind, date or author (or one per date it names), or its
        parties by the collective term of one agreement's title ("the Founders"); (None, (the
        reference, the documents of its kind nothing told apart: none, or several), "") where
        it names no other subject and no such document; (None, None, "") otherwise. A question
        that names an agreement is about it, not about the document of another kind it
        mentions ("Does the MSA require the financial statements?"); one that names a company
        or a person is asked of the document ("What does the industry report say Halcyon's
        market share is?")."""
        reference = document_reference(question)
        infos = [i for d in committed if (i := self.document_info(kb, d)) is not None]
        collective = collective_documents(question, infos) if reference is None else ()
        if reference is None and not collective:
            return None, None, ""
        openings = self._openings(kb, reference, infos) if reference is not None else {}
        if reference is not None and owner_holds_none(reference, infos, openings):
            # "Acme's bylaws", "Brightline's board ... on June 15, 2021": no document of the
            # kind is theirs, so none is the scope. An owner the knowledge base knows owns none
            # ("no bylaws of Brightline Components, Inc."); one it does not know is the
            # question's subject, read as written (refused); "Acme's report": no report of Acme
            known = self._known_name(kb, committed, aliases, reference.owner_name)
            if (
                known is not None
                and in_filings(reference)
                and self._registrant(kb, committed, known)
            ):
                # "Which firm audits NWHC's financial statements?": a registrant's filings
                # hold its financial statements, so the question is asked of the registrant
                # as written, never refused for want of a document of the kind
                return None, None, ""
            if known is not None:
                return None, (replace(reference, owner_name=known), ()), ""
            if reference.needs_author or reference.owner_before:
                # "the Acme bylaws", "summarize zorblax bylaws": a name before the kind that
                # the knowledge base does not know owns none of it (never another's bylaws)
                return None, (reference, ()), ""
            return None, None, ""
        try:
            reading: SubjectClass | None = read_question(
                reference.reworded if reference is not None else question,
                self._name_index(kb, committed, aliases),
                {a.alias_key for a in aliases if a.document_id is None},
                self._query_embedder,
                self._query_embedder,
            )
        except SubjectClassError:
            reading = None
        if reference is None:
            # "Do the founders' shares vest?": the parties' collective term of the one
            # agreement whose title names them so, where the question names nothing else
            if reading is None and len(collective) == 1:
                return list(collective), None, ""
            return None, None, ""
        chosen, alike = referenced_documents(reference, infos, openings)
        names_agreement = reading is not None and (
            reading.type == "agreement" and bool(reading.parties or reading.document_type)
        )
        if reading is not None and (names_agreement or not chosen):
            return None, None, ""
        if chosen:
            return list(chosen), None, reference.reworded
        # the owner's documents of the kind, none of the date or several: said of the kind
        return None, (replace(reference, owner_name=""), alike), ""

    def _known_name(
        self, kb: str, committed: Sequence[str], aliases: tuple[Alias, ...], name: str
    ) -> str | None:
        """The name the knowledge base knows that `name` writes whole ("Brightline" ->
        "Brightline Components, Inc."), or None."""
        key = name_key(name)
        # a company's ticker written whole ("NWHC") names the registrant whose cover states
        # it, never a subsidiary whose name it opens ("NWHC Logistics, LLC")
        holders = sorted(
            {
                b.parent_name
                for b in (
                    self.store.find_bindings(
                        kb, subject_key=entity_key(name), document_ids=committed
                    )
                    if entity_key(name)
                    else []
                )
                if b.role in NAMES_HOLDER and b.parent_key and b.parent_name
            }
        )
        if len(holders) == 1:
            return holders[0]
        link = self._name_index(kb, committed, aliases).links(key).get(0) if key else None
        return link.variant.name if link is not None and link.length == len(key) else None

    def _registrant(self, kb: str, committed: Sequence[str], name: str) -> bool:
        """Is `name` a registrant of the knowledge base's filings (its cover's company)?"""
        return bool(
            self.store.find_bindings(
                kb, role="registrant", subject_key=entity_key(name), document_ids=committed
            )
        )

    def _openings(
        self, kb: str, reference: DocumentReference, infos: Sequence[DocumentInfo]
    ) -> dict[str, str]:
        """The opening lines of each document of the reference's kind, by id, where the
        question names its owner ("Acme's bylaws"): they say whose it is where its title does
        not ("AMENDED AND RESTATED BYLAWS" / "OF HALCYON ROBOTICS, INC.")."""
        if not reference.owner:
            return {}
        out: dict[str, str] = {}
        for info in documents_of_kind(reference, infos):
            chunks = self.store.chunks_of(kb, info.document_id)
            if chunks:
                out[info.document_id] = _opening_text(chunks)
        return out

    def _scoped_subject(self, kb: str, subject: SubjectClass, scope: Sequence[str]) -> SubjectClass:
        """A scoped question that names no subject ("Was there any drop in cash between FY
        2023 and Q2 of FY2024?" of one 10-Q) asks about the scope's agreement; where the scope
        holds none, about the one entity its documents speak for (their registrant)."""
        if (
            subject.type != "agreement"
            or subject.parties
            or subject.document_type is not None
            or self.store.find_bindings(kb, role="agreement", document_ids=scope)
        ):
            return subject
        own = {
            b.subject_key: b.subject_name
            for b in self.store.find_bindings(kb, role="registrant", document_ids=scope)
        }
        if len(own) != 1:
            return subject
        attribute = subject.attribute
        constraints = dict(subject.constraints)
        if attribute not in ENTITY_ATTRIBUTES:
            attribute = TOPIC
            constraints.setdefault("topic", clause_label(subject))
        return SubjectClass(
            type="legal_entity",
            name=next(iter(own.values())),
            attribute=attribute,
            constraints=dict(sorted(constraints.items())),
            kind=QuestionKind.ENTITY_ATTRIBUTE,
        )

    def _name(self, kb: str, document_id: str) -> str:
        info = self.document_info(kb, document_id)
        return info.name if info else document_id

    def _gate_snapshot(
        self, kb: str, committed: Sequence[str], aliases: tuple[Alias, ...]
    ) -> dict[str, Any]:
        """The gate's question-independent cache for this committed set and alias table.

        A committed document's bindings never change (its id is the hash of its bytes), so
        the entities known from them are fixed while the committed set is. Aliases are keyed
        by object identity (the runtime hands out the same objects until the set changes);
        the entry keeps them alive, so an id is never reused while it is a key."""
        key = (kb, tuple(committed), tuple(id(a) for a in aliases))
        with self._snapshot_lock:
            entry = self._snapshots.get(key)
            if entry is None:
                if len(self._snapshots) >= 4:
                    self._snapshots.clear()
                entry = self._snapshots[key] = (aliases, {})
            return entry[1]

    # -- SUBJECT_NOT_FOUND ----------------------------------------------------------------

    def _not_found(
        self,
        question: str | None,
        subject: SubjectClass,
        gate: GateResult,
        machine: StateMachine,
    ) -> Answer:
        return Answer(
            question=question,
            subject_class=subject,
            state_trace=[s.value for s in machine.trace],
            terminal_state="SUBJECT_NOT_FOUND",
            candidate_subjects=[],
            rejected_candidates=_sorted_rejected(gate.rejected),
            evidence=[],
            rejected_evidence=[],
            conclusion=Conclusion(answer=gate.refusal or None, values=[]),
            conflicts=[],
            confidence="low",
            sufficient=False,
            risk_signals=["subject_not_found"] + (["ambiguous_subject"] if gate.ambiguous else []),
            suggested_next_actions=next_actions_not_found(subject, gate.unresolved, gate.rejected),
            sufficiency=None,
        )


def _concluded(
    question: str | None,
    subject_class: SubjectClass,
    machine: StateMachine,
    gate: GateResult,
    rejected_units: Sequence[RejectedEvidence],
    **fields: Any,
) -> Answer:
    """A concluded answer: the state machine's last step, the gate's candidates and
    rejections, the evidence set aside in a stable order, and the route's own `fields`."""
    machine.advance(State.CONCLUDED)
    return Answer(
        question=question,
        subject_class=subject_class,
        state_trace=[s.value for s in machine.trace],
        terminal_state="CONCLUDED",
        candidate_subjects=[_candidate_out(c) for c in gate.candidates],
        rejected_candidates=_sorted_rejected(gate.rejected),
        rejected_evidence=sorted(
            rejected_units,
            key=lambda r: (
                r.source_location.document_id,
                r.source_location.char_start,
                r.evidence_id,
            ),
        ),
        **fields,
    )


def _claim_concluded(
    question: str | None,
    subject_class: SubjectClass,
    machine: StateMachine,
    gate: GateResult,
    rejected_units: Sequence[RejectedEvidence],
    judgement: Judgement,
    *,
    judged: list[EvidenceUnit],
    shown: list[EvidenceUnit],
    conclusion: Conclusion,
    sufficient: bool,
    ambiguous: bool,
    signals: list[str],
    actions: list[str],
    **fields: Any,
) -> Answer:
    """A yes/no claim's concluded answer from the engine's `judgement` of the `judged` units:
    the `shown` units (judged, history, related) in a stable order, the engine's conflicts,
    confidence and sufficiency, its risk signals and the route's own `signals` after them."""
    return _concluded(
        question,
        subject_class,
        machine,
        gate,
        rejected_units,
        evidence=_sorted_units(shown),
        conclusion=conclusion,
        conflicts=judgement.conflicts,
        confidence=judgement.confidence(sufficient=sufficient),  # type: ignore[arg-type]
        sufficient=sufficient,
        risk_signals=_in_vocabulary_order(
            judgement.risk_signals(
                units=judged, ambiguous=ambiguous, rejected_evidence=bool(rejected_units)
            )
            + signals
        ),
        suggested_next_actions=actions,
        sufficiency=judgement.sufficiency,
        supersessions=[],
        **fields,
    )


def _in_vocabulary_order(signals: list[str]) -> list[str]:
    """`signals` once each, those of the vocabulary (RISK_SIGNALS) in its order ("conflicting
    evidence" a route adds stands where the judgement would have put it), then a route's own
    ("not_stated") in the order given."""
    return [s for s in RISK_SIGNALS if s in signals] + [
        s for s in dict.fromkeys(signals) if s not in RISK_SIGNALS
    ]


def _figure_periods(figure: FigureQuestion) -> tuple[str, ...]:
    """The periods whose cells a figure question reads (a metric's prior periods too)."""
    if figure.metric is None:
        return tuple(figure.periods)
    return tuple(sorted({*figure.periods, *metric_periods(figure.years)}))


# the lines that open a document and say whose it is ("AMENDED AND RESTATED BYLAWS" / "OF
# HALCYON ROBOTICS, INC." / "(a Delaware corporation)")
_OPENING_LINES = 3


def _opening_text(chunks: Sequence[ChunkRecord]) -> str:
    """A document's opening lines, from its first chunk (`_OPENING_LINES` of them)."""
    return " ".join(chunks[0].text.splitlines()[:_OPENING_LINES])


def _referred_subject(reference: DocumentReference, alike: Sequence[str]) -> SubjectClass:
    """The subject of a question that names a document of a kind the knowledge base holds
    none of, or several of that nothing tells apart: that document, of its owner where the
    question names one that owns none of the kind ("the Acme bylaws")."""
    return SubjectClass(
        type="document",
        name=reference.kind,
        parent_entity=reference.owner_name or None,
        constraints={"dates": [d.prefix() for d in reference.dates]} if reference.dates else {},
        kind=QuestionKind.AGREEMENT_ATTRIBUTE,
    )


def _untold_gate(
    untold: tuple[DocumentReference, tuple[str, ...]],
    info: Callable[[str], DocumentInfo | None],
) -> GateResult:
    """The gate of a document named by its kind: closed, each document of the kind named as a
    candidate nothing told apart, or its kind said to be absent."""
    reference, alike = untold
    dated = " of " + ", ".join(d.prefix() for d in reference.dates) if reference.dates else ""
    if not alike:
        kind = reference.kind
        if reference.owner_name:
            # "Acme's report": no report of Acme, whatever reports of others it holds
            # (a kind named by its author's word alone is named so: "no report of Acme")
            named = " ".join(reference.named.casefold().split())
            kind = f"{named if reference.needs_author else kind} of {reference.owner_name}"
        return GateResult(
            candidates=(),
            rejected=(
                RejectedCandidate(
                    name=reference.kind,
                    reason=f"no {kind}{dated} in the knowledge base",
                ),
            ),
            unresolved=(),
        )
    told = (
        f"one of the {len(alike)} documents of kind {reference.kind}{dated} the question "
        "does not tell apart; name its date, its author or its file"
    )
    names = sorted({(i.name if (i := info(d)) else d) for d in alike})
    return GateResult(
        candidates=(),
        rejected=tuple(RejectedCandidate(name=n, reason=told) for n in names),
        ambiguous=(reference.kind,),
    )


def _chosen_documents(
    scope: Sequence[str], info: Callable[[str], DocumentInfo | None]
) -> tuple[Candidate, ...]:
    """The documents of a scope as the agreements asked about, for want of any binding."""
    out = []
    for document_id in sorted(scope):
        i = info(document_id)
        if i is None:
            continue
        out.append(
            Candidate(
                subject_id=f"document:{document_id}",
                name=i.title or i.name,
                subject_type="agreement",
                bindings=(),
                documents=(document_id,),
                class_attributes={
                    "document_type": i.document_type,
                    "title": i.title,
                    "date": i.document_date,
                    "parties": sorted(i.parties),
                },
            )
        )
    return tuple(out)


def _claim_details(readings: Sequence[Reading]) -> dict[str, list[str]]:
    """The conditions and exceptions the deciding sentences attach, each once, in order."""
    details: dict[str, list[str]] = {}
    for key in ("conditions", "exceptions"):
        found = [x for r in readings for x in getattr(r, key)]
        if found:
            details[key] = list(dict.fromkeys(found))
    return details


def _names(subject: SubjectClass) -> bool:
    """Whether the question's values are names (holders, parties): they compare by entity
    key."""
    entry = _ATTRIBUTES.get(subject.attribute or "")
    return (
        subject.attribute is None
        or (entry is not None and (entry.value_kind == "names" or entry.name in HOLDER_ATTRIBUTES))
        or subject.kind in (QuestionKind.ROLE, QuestionKind.RELATION)
    )


def _with_cells(values: Sequence[CitedValue], readings: Mapping[str, str]) -> list[CitedValue]:
    """Each value with its cells as read (`details["cells"]`: caption | row | column: figure,
    in its evidence ids' order) beside the details it has; the quotes stay the printed
    lines."""
    out = []
    for v in values:
        cells = [readings[e] for e in v.evidence_ids if e in readings]
        out.append(v.model_copy(update={"details": {**v.details, "cells": cells}}) if cells else v)
    return out


def _expected_evaluation(
    value_judge: ValueJudge,
    groups: Sequence[Grouped],
    expected_value: ExpectedValue | None,
    subject: SubjectClass,
    *,
    single_valued: bool,
    evaluation_time: str,
) -> Evaluation | None:
    """The claim "attribute = expected value" judged over the answer's value groups, or None
    when no expected value was given."""
    if expected_value is None:
        return None
    return value_judge.evaluate(
        groups,
        expected_value,
        _comparison(subject),
        single_valued=single_valued,
        evaluation_time=evaluation_time,
    )


def _comparison(subject: SubjectClass) -> ValueComparison:
    """How an expected value compares with the question's values (skill/_expected.py)."""
    entry = _ATTRIBUTES.get(subject.attribute or "")
    if subject.attribute == TOPIC and subject.kind is not QuestionKind.YES_NO:
        # a topic's values are passages about it, no attribute's values
        quantity = subject.constraints.get("quantity")
        return ValueComparison(
            kind="free_text",
            names=False,
            passages=True,
            counted=quantity if isinstance(quantity, str) and quantity != ANY_QUANTITY else None,
        )
    return ValueComparison(
        kind=entry.value_kind if entry is not None else None,
        names=_names(subject),
        yes_no=subject.kind is QuestionKind.YES_NO,
        partial=entry is not None and entry.partial_values,
    )


def _figure_unit(figure: FigureQuestion) -> str | None:
    """The unit of a figure question's answer: its metric's, else its first concept's."""
    if figure.metric is not None:
        return figure.metric.unit
    return figure.concepts[0].unit if figure.concepts else None


def _figure_comparison(figure: FigureQuestion) -> ValueComparison:
    """How an expected value compares with a figure's values: as money for a USD figure
    ("$48.21 million" is "USD 48,210 thousand"), as a percentage for a percentage."""
    kind = {"USD": "money", "%": "percent"}.get(_figure_unit(figure) or "")
    return ValueComparison(kind=kind, names=False)


_BARE_NUMBER = re.compile(r"\(?-?\d[\d,]*(?:\.\d+)?\)?")


# the scale words a figure is printed in ("USD 48,210 thousand"; vocabulary.yaml number_scales)
_SCALE_WORDS = lexicon().number_scales


def _figure_expected(
    expected: ExpectedValue, figure: FigureQuestion, values: Sequence[str]
) -> ExpectedValue:
    """A bare number expected of a USD figure, in the scale the question asks ("in USD
    millions": 1577 -> "USD 1,577,000,000"), else in the one scale its figures are printed
    in ("USD 48,210 thousand": 48210 -> "USD 48,210,000"); any other expected value as
    given (several printed scales: as given, compared as written)."""
    if isinstance(expected, bool) or _figure_unit(figure) != "USD":
        return expected
    text = str(expected).strip()
    if not _BARE_NUMBER.fullmatch(text):
        return expected
    printed = {_SCALE_WORDS.get(v.split()[-1], 1) if v.split() else 1 for v in values}
    scale = figure.scale or (printed.pop() if len(printed) == 1 else None)
    if scale is None:
        return expected
    negative = text.startswith(("(", "-"))
    number = Decimal(text.strip("()-").replace(",", "")) * scale
    return f"USD {'-' if negative else ''}{number.normalize():,f}"


def _check_expected(expected: object) -> None:
    """An expected value is a non-empty string, a number or a boolean (ContractError)."""
    if expected is None:
        return
    if not isinstance(expected, str | bool | int | float):
        raise ContractError("expected_value", "must be a string, a number or a boolean")
    if isinstance(expected, str) and not expected.strip():
        raise ContractError("expected_value", "must not be empty")


def _told_apart(
    candidate: Candidate,
    titles: Sequence[str],
    committed: Sequence[str],
    info: Callable[[str], DocumentInfo | None],
) -> str:
    """The candidate's name, with its committed documents' files (sorted) where another
    candidate has the same title; the name alone where no file is known."""
    if titles.count(candidate.name.casefold()) < 2:
        return candidate.name
    visible = set(committed)
    names = {i.name for d in candidate.documents if d in visible and (i := info(d))}
    return f"{candidate.name} ({', '.join(sorted(names))})" if names else candidate.name


def _values_told_apart(
    values: Sequence[CitedValue], units: Sequence[EvidenceUnit], candidates: Sequence[Candidate]
) -> list[str]:
    """Each value as the answer says it: where the values come from more than one candidate
    agreement ("the MSA with Northgate": Northgate's MSA with Halcyon and its MSA with
    Ridgeway), each with the agreement it is stated in (its title, parties and file), so two
    agreements' values never read as one agreement's; else the values alone."""
    by_id = {u.evidence_id: u for u in units}
    named = {c.subject_id: c for c in candidates}

    def owners(value: CitedValue) -> list[str]:
        found = [by_id[e] for e in value.evidence_ids if e in by_id]
        return sorted({u.subject_id for u in found if u.subject_id in named})

    if len(named) < 2 or len({s for v in values for s in owners(v)}) < 2:
        return [v.value for v in values]
    out = []
    for v in values:
        files = {
            s: sorted(
                {
                    by_id[e].source_location.document
                    for e in v.evidence_ids
                    if e in by_id and by_id[e].subject_id == s
                }
            )
            for s in owners(v)
        }
        where = "; ".join(
            _agreement_label(named[s]) + "".join(f", {f}" for f in files[s]) for s in owners(v)
        )
        out.append(f"{v.value} ({where})" if where else v.value)
    return out


def _agreement_label(candidate: Candidate) -> str:
    """An agreement as an answer names it among others: its title and its parties."""
    parties = [p for p in candidate.class_attributes.get("parties") or () if isinstance(p, str)]
    if not parties:
        return candidate.name
    return f"{candidate.name} between {' and '.join(parties)}"


def _subject_label(subject: SubjectClass) -> str:
    if subject.parties:
        return " and ".join(subject.parties)
    return subject.parent_entity or subject.name or "the subject"


def _with_copies(
    units: list[EvidenceUnit], listed: Mapping[str, tuple[DocumentCopy, ...]]
) -> list[EvidenceUnit]:
    """Each unit from a document that stands for exact copies, with the copies listed (a
    fresh list each time: an answer is the caller's to change)."""
    return [
        u.model_copy(update={"also_in": list(listed[u.source_location.document_id])})
        if u.source_location.document_id in listed
        else u
        for u in units
    ]


def _sorted_units(units: list[EvidenceUnit]) -> list[EvidenceUnit]:
    return sorted(
        units,
        key=lambda u: (
            u.claim_id,
            u.source_location.document,
            u.source_location.document_id,
            u.source_location.char_start,
            u.evidence_id,
        ),
    )


def _sorted_rejected(rejected: Sequence[RejectedCandidate]) -> list[RejectedCandidate]:
    unique = {(r.name, r.reason): r for r in rejected}
    return [unique[k] for k in sorted(unique)]


def _candidate_out(candidate: Candidate) -> CandidateSubject:
    bindings = candidate.bindings
    link = next(
        (b for b in bindings if candidate.relation and b.parent_key and b.role != "agreement"),
        None,
    )
    # a document chosen as the subject for want of any binding: cited at its first line
    location = (
        bindings[0].location
        if bindings
        else SourceLocation(
            document=candidate.name,
            document_id=candidate.documents[0],
            page=1,
            line_start=1,
            line_end=1,
            char_start=0,
            char_end=0,
        )
    )
    attributes: dict[str, Any] = {"type": candidate.subject_type}
    if candidate.relation:
        attributes["role"] = candidate.relation
    for key in sorted(candidate.class_attributes):
        attributes[key] = candidate.class_attributes[key]
    return CandidateSubject(
        subject_id=candidate.subject_id,
        name=candidate.name,
        class_attributes=attributes,
        parent_entity_binding=(
            ParentEntityBinding(
                parent_entity=link.parent_name,
                binding_type=link.binding_type.value,
                relation=link.role,
                source_location=link.location,
            )
            if link is not None
            else None
        ),
        source_location=location,
    )


__all__ = ["CitedValue", "DocumentInfo", "EvidenceSkill"]


# One object, so the fold memo holds for a skill without a copies table.
_NO_COPIES: Mapping[str, Sequence[str]] = MappingProxyType({})


@dataclass(frozen=True)
class _Folded:
    ids: tuple[str, ...]  # what is searched: the committed documents less hidden copies
    listed: Mapping[str, tuple[DocumentCopy, ...]]  # standing document -> its hidden copies


class _RecentQueries:
    """The query embedder with a memo of recent texts. Searches repeat their texts across
    questions (an attribute's cue words, "<entity> <attribute>"), and one embedding is a
    large part of a question's time. The model is deterministic on the query path (one
    thread), so a remembered vector is the vector it would compute."""

    def __init__(self, embedder: QueryEmbedder, size: int = 512) -> None:
        self._embedder = embedder
        self._size = size
        self._vectors: OrderedDict[str, list[float]] = OrderedDict()
        self._pinned: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def pin(self, texts: Sequence[str]) -> None:
        """Embed `texts` now and keep their vectors for good (constant query texts)."""
        for text in texts:
            with self._lock:
                if text in self._pinned:
                    continue
            vector = list(self._embedder.embed_query(text))
            with self._lock:
                self._pinned[text] = vector

    def embed_query(self, text: str) -> list[float]:
        with self._lock:
            pinned = self._pinned.get(text)
            if pinned is not None:
                return list(pinned)
            vector = self._vectors.get(text)
            if vector is not None:
                self._vectors.move_to_end(text)
                return list(vector)
        vector = self._embedder.embed_query(text)
        with self._lock:
            self._vectors[text] = list(vector)
            while len(self._vectors) > self._size:
                self._vectors.popitem(last=False)
        return vector
