"""The evidence-based RAG skill: a strict state machine from a question to a judged answer.

INIT → SUBJECT_CLASS_IDENTIFIED → CANDIDATE_SUBJECT_DISCOVERED → (SUBJECT_NOT_FOUND |
EVIDENCE_RETRIEVAL → EVIDENCE_VERIFIED → CONCLUDED). `EvidenceSkill.ask` returns the
answer object of CONTRACT.md (`Answer`); `render_answer` prints it for a person.

Its steps, each usable alone: the question's reading (`QuestionReader`: focus, names as
`Mention`s, intent, subject class, with a knowledge base's names; `parse_question`,
`parse_subject`, `parse_agreement`, `split_names`, `time_qualifier`, `topic_put_last`, `document_type_of`), the candidate gate
(`CandidateGate` -> `GateResult` of `Candidate`s) and who holds an office then
(`OfficeTenure`), the evidence (`EvidenceCollector`,
`EvidenceUnit`), the conclusion step (`ValueJudge`: values, conflicts, the engine's
verdict), yes/no claims (`read_claim` -> `Claim`, judged over what `ClauseReader`
reads of each sentence: a `Reading`; `claim_names`) and its supersession step (`StatedSupersession`: what an amendment states it
replaces), a later filing's restated figures (`RestatedFigures`), the values a sentence states (`extract_values`, the `find_*` and `normalize_*`
readers, `value_details`), the clause answers (`clause_answer`,
`clause_only_values`) and the state machine (`StateMachine`, `TRANSITIONS`, `TERMINAL`).
`clear_caches` empties the process memos (pure functions of text): a test runs the skill cold.

Errors::

    SkillError              (under domain.EvidenceRagError: the tree is in domain/_errors.py)
    ├── SubjectClassError   the question fits no known kind (bad input: exit 2 / HTTP 422)
    ├── DocumentScopeError  a `documents` scope naming no committed document (exit 2 / 422)
    ├── ContractError       an evidence contract the engine refused (engine.ContractError too)
    └── IllegalTransition   a state machine bug: a skipped, repeated or post-terminal state
"""

from skill._agreement_ref import parse_agreement
from skill._ambiguity import asks_over_all, which_agreement
from skill._answer import Answer, DocumentCopy, Evaluation, EvidenceUnit
from skill._body_acts import BodyAct, body_act_asked, body_records, latest_acts, read_act
from skill._candidate import Candidate, GateResult
from skill._claim_law import claim_law
from skill._claim_route import (
    ROUTE_MODEL_DIR,
    Route,
    RouteModelError,
    claim_by_meaning,
    class_rows,
    meaning_words,
    read_route_model,
    route,
    route_taken,
)
from skill._claim_time import claim_time
from skill._claims import (
    Claim,
    ClauseReader,
    Reading,
    asks_caused,
    claim_answer,
    claim_names,
    heading_only,
    observe,
    read_claim,
    routed_claim,
    sentence_reading,
    terse_yes_no,
)
from skill._clauses import (
    CLAUSE_VALUE_ATTRIBUTES,
    ClauseAnswer,
    ClauseDocument,
    ClauseSentence,
    ClauseValue,
    absence_sentence,
    clause_answer,
    clause_only_values,
    clause_sentences,
)
from skill._conclude import ValueJudge
from skill._details import value_details
from skill._document_ref import DocumentReference, document_reference, referenced_documents
from skill._errors import (
    ContractError,
    DocumentScopeError,
    IllegalTransition,
    SkillError,
    SubjectClassError,
)
from skill._evidence import EvidenceCollector, heading_names_clause, states_another_act
from skill._expected import ValueComparison
from skill._extract import EXTRACTABLE_ATTRIBUTES, extract_values, sentence_relevance
from skill._extracted_value import ExtractedValue
from skill._format import citation, render_answer
from skill._gate import CandidateGate
from skill._held_roles import held_role_phrases
from skill._intent import asks_existence, subject_agreement_span
from skill._memos import clear_caches
from skill._mentions import Mention
from skill._nli import (
    NLI_MODEL_DIR,
    NliModel,
    NliModelError,
    nli_features,
    nli_model,
    tfidf,
    use_nli_model,
)
from skill._question import MAX_QUESTION_CHARS, parse_question, time_qualifier, topic_put_last
from skill._question_claims import question_claim, with_party_terms, with_role_actor
from skill._question_form import AskedForm, asked_form
from skill._question_names import split_names
from skill._read import QuestionReader, consent_not_a_party, consent_reworded
from skill._restatements import RestatedFigures
from skill._search import QueryEmbedder
from skill._sentences import DocumentInfo
from skill._skill import EvidenceSkill
from skill._states import TERMINAL, TRANSITIONS, State, StateMachine
from skill._status import status_asked, status_reworded
from skill._subject import (
    QuestionKind,
    SubjectClass,
    document_type_of,
    document_types_match,
    parse_subject,
    type_word,
    unreadable_text,
)
from skill._supersede import StatedSupersession, stated_targets
from skill._tenure import OfficeTenure
from skill._topic import (
    act_asked,
    counted,
    in_years_asked,
    quantity_asked,
    same_word,
    states_act,
    states_number,
    year_since,
    years_asked,
)
from skill._value_claims import ValueClaim, cap_kind, cap_kind_judged, value_claim
from skill._values import (
    drop_umbrellas,
    find_dates,
    find_durations,
    find_jurisdictions,
    find_money,
    normalize_date,
    normalize_duration,
    normalize_jurisdiction,
    normalize_money,
    normalize_percentage,
    normalize_person_name,
    parse_number_words,
)

__all__ = [
    "CLAUSE_VALUE_ATTRIBUTES",
    "EXTRACTABLE_ATTRIBUTES",
    "MAX_QUESTION_CHARS",
    "NLI_MODEL_DIR",
    "ROUTE_MODEL_DIR",
    "TERMINAL",
    "TRANSITIONS",
    "Answer",
    "AskedForm",
    "BodyAct",
    "Candidate",
    "CandidateGate",
    "Claim",
    "ClauseAnswer",
    "ClauseDocument",
    "ClauseReader",
    "ClauseSentence",
    "ClauseValue",
    "ContractError",
    "DocumentCopy",
    "DocumentInfo",
    "DocumentReference",
    "DocumentScopeError",
    "Evaluation",
    "EvidenceCollector",
    "EvidenceSkill",
    "EvidenceUnit",
    "ExtractedValue",
    "GateResult",
    "IllegalTransition",
    "Mention",
    "NliModel",
    "NliModelError",
    "OfficeTenure",
    "QueryEmbedder",
    "QuestionKind",
    "QuestionReader",
    "Reading",
    "RestatedFigures",
    "Route",
    "RouteModelError",
    "SkillError",
    "State",
    "StateMachine",
    "StatedSupersession",
    "SubjectClass",
    "SubjectClassError",
    "ValueClaim",
    "ValueComparison",
    "ValueJudge",
    "absence_sentence",
    "act_asked",
    "asked_form",
    "asks_caused",
    "asks_existence",
    "asks_over_all",
    "body_act_asked",
    "body_records",
    "cap_kind",
    "cap_kind_judged",
    "citation",
    "claim_answer",
    "claim_by_meaning",
    "claim_law",
    "claim_names",
    "claim_time",
    "class_rows",
    "clause_answer",
    "clause_only_values",
    "clause_sentences",
    "clear_caches",
    "consent_not_a_party",
    "consent_reworded",
    "counted",
    "document_reference",
    "document_type_of",
    "document_types_match",
    "drop_umbrellas",
    "extract_values",
    "find_dates",
    "find_durations",
    "find_jurisdictions",
    "find_money",
    "heading_names_clause",
    "heading_only",
    "held_role_phrases",
    "in_years_asked",
    "latest_acts",
    "meaning_words",
    "nli_features",
    "nli_model",
    "normalize_date",
    "normalize_duration",
    "normalize_jurisdiction",
    "normalize_money",
    "normalize_percentage",
    "normalize_person_name",
    "observe",
    "parse_agreement",
    "parse_number_words",
    "parse_question",
    "parse_subject",
    "quantity_asked",
    "question_claim",
    "read_act",
    "read_claim",
    "read_route_model",
    "referenced_documents",
    "render_answer",
    "route",
    "route_taken",
    "routed_claim",
    "same_word",
    "sentence_reading",
    "sentence_relevance",
    "split_names",
    "stated_targets",
    "states_act",
    "states_another_act",
    "states_number",
    "status_asked",
    "status_reworded",
    "subject_agreement_span",
    "terse_yes_no",
    "tfidf",
    "time_qualifier",
    "topic_put_last",
    "type_word",
    "unreadable_text",
    "use_nli_model",
    "value_claim",
    "value_details",
    "which_agreement",
    "with_party_terms",
    "with_role_actor",
    "year_since",
    "years_asked",
]
