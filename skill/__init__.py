"""The evidence-based RAG skill: a strict state machine from a question to a judged answer.

INIT → SUBJECT_CLASS_IDENTIFIED → CANDIDATE_SUBJECT_DISCOVERED → (SUBJECT_NOT_FOUND |
EVIDENCE_RETRIEVAL → EVIDENCE_VERIFIED → CONCLUDED). `EvidenceSkill.ask` returns the
answer object of CONTRACT.md (`Answer`); `render_answer` prints it for a person.

Errors::

    SkillError
    ├── SubjectClassError   the question fits no known kind (bad input: exit 2 / HTTP 422)
    └── IllegalTransition   a state machine bug: a skipped, repeated or post-terminal state
"""

from skill._answer import Answer
from skill._clauses import (
    CLAUSE_VALUE_ATTRIBUTES,
    ClauseAnswer,
    ClauseDocument,
    ClauseSentence,
    ClauseValue,
    absence_sentence,
    clause_answer,
    clause_sentences,
)
from skill._errors import IllegalTransition, SkillError, SubjectClassError
from skill._extract import ExtractedValue, extract_values, sentence_relevance
from skill._format import citation, render_answer
from skill._sentences import DocumentInfo
from skill._skill import EvidenceSkill
from skill._states import State, StateMachine
from skill._subject import (
    MAX_QUESTION_CHARS,
    QuestionKind,
    SubjectClass,
    parse_question,
    parse_subject,
    type_word,
)
from skill._supersede import stated_targets
from skill._values import (
    normalize_date,
    normalize_duration,
    normalize_jurisdiction,
    normalize_money,
    normalize_percentage,
    normalize_person_name,
)

__all__ = [
    "CLAUSE_VALUE_ATTRIBUTES",
    "MAX_QUESTION_CHARS",
    "Answer",
    "ClauseAnswer",
    "ClauseDocument",
    "ClauseSentence",
    "ClauseValue",
    "DocumentInfo",
    "EvidenceSkill",
    "ExtractedValue",
    "IllegalTransition",
    "QuestionKind",
    "SkillError",
    "State",
    "StateMachine",
    "SubjectClass",
    "SubjectClassError",
    "absence_sentence",
    "citation",
    "clause_answer",
    "clause_sentences",
    "extract_values",
    "normalize_date",
    "normalize_duration",
    "normalize_jurisdiction",
    "normalize_money",
    "normalize_percentage",
    "normalize_person_name",
    "parse_question",
    "parse_subject",
    "render_answer",
    "sentence_relevance",
    "stated_targets",
    "type_word",
]
