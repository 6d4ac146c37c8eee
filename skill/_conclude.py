"""State 6: values grouped per claim, conflicts, the engine's verdict, confidence, risk
signals and suggested next actions.

Observations for the engine (one per evidence unit): source_id = document id, source_type =
document type, observed_at = document date at 00:00:00Z, independence_group from ingestion,
confidence from extraction, provenance reference "document_id#p<page>:L<start>-<end>".
An undated document is observed at `UNDATED_OBSERVED_AT` (the Unix epoch: as old as the
record could be, never fresher than it is) and the answer carries `undated_evidence`.

The engine judges one claim with one expected value. A claim with a single value (a governing
law, an incorporation date, the CEO) is one engine run whose bundle holds every unit of the
claim, so a disagreeing unit is a contradiction. A claim with several values that are all
true at once (the founders, the directors, the parties) is one run per value, its own units
as the bundle; `sufficiency` is the weakest run's output (INSUFFICIENT < CONTRADICTED <
SUPPORTED, ties by value) with `per_value` listing every run's decision.

Evidence contract (`DEFAULT_REQUIREMENTS`, overridable per knowledge base and per request):
one independent source, no required source type, a maximum age of 100 years, a confidence
threshold of 0.5, provenance required, policy insufficient_on_conflict. The evaluation time
defaults to the end of the latest document date in the knowledge base (never the wall clock),
or `UNDATED_OBSERVED_AT` when no document has a date.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from domain import entity_key, lexicon
from engine import MAX_BUNDLE_RECORDS
from skill._answer import (
    CitedValue,
    Conflict,
    Evaluation,
    EvidenceUnit,
    RejectedCandidate,
    Supersession,
)
from skill._details import value_details
from skill._errors import ContractError
from skill._expected import ExpectedValue, ValueComparison
from skill._gate import SINGLE_HOLDER_ROLES
from skill._subject import QuestionKind, SubjectClass
from skill._topic import passage_states

UNDATED_OBSERVED_AT = "1970-01-01T00:00:00Z"
DEFAULT_REQUIREMENTS: dict[str, Any] = {
    "minimum_independent_sources": 1,
    "required_source_types": [],
    "max_age_seconds": 3_155_760_000,  # 100 Julian years
    "confidence_threshold": 0.5,
    "require_provenance": True,
}
DEFAULT_POLICY = "insufficient_on_conflict"

RISK_SIGNALS = (
    "subject_not_found",
    "conflicting_evidence",
    "single_source",
    "stale_evidence",
    "ambiguous_subject",
    "evidence_rejected",
    "undated_evidence",
    "superseded_value",  # a value replaced by a stated amendment (skill/_supersede.py)
    "unexecuted_document",  # evidence from a draft or an unsigned copy
)

# Attributes with one true value at a time (the lexicon's `single_valued`), and the yes/no
# claims (skill/_question_builders.py): different values from different documents conflict.
SINGLE_VALUED_ATTRIBUTES = frozenset(
    {a.name for a in lexicon().attributes if a.single_valued}
    | {"is_party", "is_subsidiary", "has_role"}
)


def is_single_valued(subject: SubjectClass) -> bool:
    if subject.attribute:
        return subject.attribute in SINGLE_VALUED_ATTRIBUTES
    return subject.role in SINGLE_HOLDER_ROLES


def value_key(value: str, *, name: bool) -> str:
    """How two normalized values compare: names by entity key, others case/space-folded."""
    if name:
        return entity_key(value) or value.lower()
    return " ".join(value.lower().split())


def _provenance(unit: EvidenceUnit) -> str:
    loc = unit.source_location
    return f"{loc.document_id}#p{loc.page}:L{loc.line_start}-{loc.line_end}"


def observation(unit: EvidenceUnit, claim_id: str, value: str | None = None) -> dict[str, Any]:
    """The engine's evidence record for one unit; `value` is the unit's value as grouped (a
    postcode-less address counts as the full one it was grouped with)."""
    record: dict[str, Any] = {
        "id": unit.evidence_id,
        "claim_id": claim_id,
        "source_id": unit.source_location.document_id,
        "source_type": unit.source_type or "other",
        "observed_at": unit.observed_at or UNDATED_OBSERVED_AT,
        "value": unit.value if value is None else value,
        "confidence": unit.confidence,
        "provenance": {"reference": _provenance(unit)},
    }
    if unit.independence_group:
        record["independence_group"] = unit.independence_group
    return record


@dataclass(frozen=True)
class Grouped:
    """The units of one claim, by value (values in first-seen order of their sorted key)."""

    claim_id: str
    values: tuple[tuple[str, tuple[EvidenceUnit, ...]], ...]


def group_values(
    units: Sequence[EvidenceUnit], *, names: bool, prefixes: bool = False
) -> list[Grouped]:
    """Units grouped per claim, then per normalized value; every list sorted by stable keys.
    With `prefixes` (addresses), a value that extends another ("..., Pennsylvania 15222")
    counts as that value."""
    claims: dict[str, dict[str, list[EvidenceUnit]]] = {}
    shown: dict[tuple[str, str], str] = {}
    keys = {value_key(u.value, name=names) for u in units if u.value is not None}
    for unit in sorted(units, key=lambda u: (u.claim_id, u.evidence_id)):
        if unit.value is None:
            continue
        key = value_key(unit.value, name=names)
        if prefixes:
            # A value that another one completes ("2017" and "2017-03-16"; an address with
            # and without its postcode) joins it, when exactly one value completes it.
            longer = sorted(k for k in keys if k != key and k.startswith(key))
            if len(longer) == 1:
                key = longer[0]
        claims.setdefault(unit.claim_id, {}).setdefault(key, []).append(unit)
        current = shown.get((unit.claim_id, key))
        # The written form shown for a value: the longest, then the smallest.
        if current is None or (-len(unit.value), unit.value) < (-len(current), current):
            shown[(unit.claim_id, key)] = unit.value
    out = []
    for claim_id in sorted(claims):
        by_key = claims[claim_id]
        out.append(
            Grouped(
                claim_id,
                tuple((shown[(claim_id, k)], tuple(by_key[k])) for k in sorted(by_key)),
            )
        )
    return out


def cited(
    values: Iterable[tuple[str, Sequence[EvidenceUnit]]], attribute: str | None = None
) -> list[CitedValue]:
    """Each value with its evidence ids and, for an attribute with typed details (the
    lexicon's `details`), the facts its quotes state."""
    out = []
    for value, units in values:
        ordered = sorted(units, key=lambda u: u.evidence_id)
        out.append(
            CitedValue(
                value=value,
                evidence_ids=[u.evidence_id for u in ordered],
                details=value_details(attribute, [u.quote for u in ordered]),
            )
        )
    return out


def find_conflicts(
    groups: Sequence[Grouped], *, single_valued: bool, attribute: str | None = None
) -> list[Conflict]:
    """A claim whose different values come from different documents (never arbitrated)."""
    if not single_valued:
        return []
    conflicts = []
    for group in groups:
        if len(group.values) < 2:
            continue
        documents = {u.source_location.document_id for _, us in group.values for u in us}
        if len(documents) < 2:
            continue
        conflicts.append(Conflict(claim_id=group.claim_id, values=cited(group.values, attribute)))
    return conflicts


_DECISION_ORDER = {"INSUFFICIENT": 0, "CONTRADICTED": 1, "SUPPORTED": 2}
_OUTCOMES: dict[str, Any] = {
    "SUPPORTED": "match",
    "CONTRADICTED": "mismatch",
    "INSUFFICIENT": "not_established",
}


def judge(
    groups: Sequence[Grouped],
    *,
    single_valued: bool,
    requirements: dict[str, Any],
    policy: str,
    evaluation_time: str,
) -> dict[str, Any] | None:
    """The engine's output for the answer's claim(s); None when there is nothing to judge."""
    runs: list[tuple[str, dict[str, Any]]] = []
    for group in groups:
        if single_valued:
            # The best-supported value is the one judged; the others are its contradictions.
            value = max(
                group.values,
                key=lambda vu: (len({u.independence_group for u in vu[1]}), -len(vu[0]), vu[0]),
            )[0]
            every = [(u, v) for v, us in group.values for u in us]
            runs.append(
                (value, _run(group.claim_id, value, every, requirements, policy, evaluation_time))
            )
        else:
            for value, us in group.values:
                claim = f"{group.claim_id}={value_key(value, name=True)}"
                own = [(u, value) for u in us]
                runs.append((value, _run(claim, value, own, requirements, policy, evaluation_time)))
    if not runs:
        return None
    weakest = min(runs, key=lambda r: (_DECISION_ORDER.get(r[1]["decision"], 0), r[0]))[1]
    if len(runs) == 1:
        return weakest
    return {
        **weakest,
        "per_value": [
            {"value": v, "decision": out["decision"], "reason_codes": out["reason_codes"]}
            for v, out in runs
        ],
    }


def _run(
    claim_id: str,
    expected: str,
    units: Sequence[tuple[EvidenceUnit, str]],
    requirements: dict[str, Any],
    policy: str,
    evaluation_time: str,
) -> dict[str, Any]:
    payload = {
        "mode": "claim",
        "claim_or_condition": {"id": claim_id, "expected_value": expected},
        "evaluation_time": evaluation_time,
        "evidence_requirements": requirements,
        "evidence_bundle": [
            observation(u, claim_id, v)
            for u, v in sorted(_within_bundle_limit(units), key=lambda uv: uv[0].evidence_id)
        ],
        "resolution_policy": policy,
    }
    return _evaluate(payload)


def _within_bundle_limit(
    units: Sequence[tuple[EvidenceUnit, str]],
) -> Sequence[tuple[EvidenceUnit, str]]:
    """At most the engine's bundle size. Past it (a knowledge base holding many copies of the
    same documents), one unit per independence group, value and source type is kept: what
    the engine counts are independent groups and source types, so the verdict is the one all
    the units would give. The kept unit is the most confident, then the latest, of its kind."""
    if len(units) <= MAX_BUNDLE_RECORDS:
        return units
    # Best first: the most confident, then the latest (stable sorts, last key first).
    ranked = sorted(units, key=lambda uv: uv[0].evidence_id)
    ranked.sort(key=lambda uv: uv[0].observed_at or "", reverse=True)
    ranked.sort(key=lambda uv: uv[0].confidence, reverse=True)
    best: dict[tuple[str, str, str], tuple[EvidenceUnit, str]] = {}
    for unit, value in ranked:
        group = unit.independence_group or unit.source_location.document_id
        best.setdefault((group, value, unit.source_type or "other"), (unit, value))
    kept = sorted(best.values(), key=lambda uv: (-uv[0].confidence, uv[0].evidence_id))
    return kept[:MAX_BUNDLE_RECORDS]


def requirements_for(
    kb_default: dict[str, Any] | None, request: dict[str, Any] | None
) -> tuple[dict[str, Any], str]:
    """The evidence contract: the documented default, then the KB's, then the request's."""
    merged = dict(DEFAULT_REQUIREMENTS)
    policy = DEFAULT_POLICY
    for layer in (kb_default or {}, request or {}):
        for key, value in layer.items():
            if key == "resolution_policy":
                policy = str(value)
            else:
                merged[key] = value
    # Validate the contract up front: a bad one is the caller's input error.
    _evaluate(
        {
            "mode": "claim",
            "claim_or_condition": {"id": "contract-check", "expected_value": True},
            "evaluation_time": UNDATED_OBSERVED_AT,
            "evidence_requirements": merged,
            "evidence_bundle": [],
            "resolution_policy": policy,
        }
    )
    return merged, policy


def _evaluate(payload: dict[str, Any]) -> dict[str, Any]:
    """The engine's verdict; its ContractError becomes the project's (skill.ContractError)."""
    try:
        return engine.evaluate(payload)
    except engine.ContractError as exc:
        raise ContractError.translated(exc) from exc


def default_evaluation_time(dates: Iterable[str | None]) -> str:
    """The end of the latest document date in the knowledge base (deterministic)."""
    valid = sorted(d for d in dates if d and re.fullmatch(r"\d{4}-\d{2}-\d{2}", d))
    if not valid:
        return UNDATED_OBSERVED_AT
    return f"{valid[-1]}T23:59:59Z"


def _stale(sufficiency: dict[str, Any] | None) -> bool:
    if not sufficiency:
        return False
    return any("STALE" in e.get("reasons", []) for e in sufficiency.get("excluded_evidence", []))


def risk_signals(
    *,
    not_found: bool,
    conflicts: bool,
    units: Sequence[EvidenceUnit],
    groups: Sequence[Grouped],
    sufficiency: dict[str, Any] | None,
    ambiguous: bool,
    rejected_evidence: bool,
) -> list[str]:
    found: set[str] = set()
    if not_found:
        found.add("subject_not_found")
    if conflicts:
        found.add("conflicting_evidence")
    for group in groups:
        for _, us in group.values:
            if len({u.independence_group for u in us}) == 1:
                found.add("single_source")
    if _stale(sufficiency):
        found.add("stale_evidence")
    if ambiguous:
        found.add("ambiguous_subject")
    if rejected_evidence:
        found.add("evidence_rejected")
    if any(u.observed_at is None for u in units):
        found.add("undated_evidence")
    return [s for s in RISK_SIGNALS if s in found]


def confidence_of(
    *, sufficient: bool, conflicts: bool, groups: Sequence[Grouped], not_found: bool
) -> str:
    """high: sufficient and every value backed by 2+ independent groups; medium: sufficient;
    low: anything else (not found, conflict, nothing concluded, or not sufficient)."""
    if not_found or conflicts or not sufficient or not groups:
        return "low"
    independent = all(
        len({u.independence_group for u in us}) >= 2 for g in groups for _, us in g.values
    )
    return "high" if independent else "medium"


Superseder = Callable[[list[Grouped]], tuple[list[Grouped], list[Supersession]]]


@dataclass(frozen=True)
class Judgement:
    """What the conclusion step found: the values of each claim (`groups`), the conflicts
    among them (never arbitrated), the engine's verdict (`sufficiency`, None when nothing was
    judged) and the supersessions that set values aside as history."""

    groups: list[Grouped]
    conflicts: list[Conflict]
    sufficiency: dict[str, Any] | None
    supersessions: list[Supersession]
    # the evaluation time the verdict was computed at (an expected value is judged at it)
    evaluation_time: str = UNDATED_OBSERVED_AT

    def confidence(self, *, sufficient: bool) -> str:
        """high, medium or low (see `confidence_of`), given whether the answer is sufficient."""
        return confidence_of(
            sufficient=sufficient,
            conflicts=bool(self.conflicts),
            groups=self.groups,
            not_found=False,
        )

    def risk_signals(
        self, *, units: Sequence[EvidenceUnit], ambiguous: bool, rejected_evidence: bool
    ) -> list[str]:
        """The answer's risk signals that the judgement and the quoted `units` give."""
        return risk_signals(
            not_found=False,
            conflicts=bool(self.conflicts),
            units=units,
            groups=self.groups,
            sufficiency=self.sufficiency,
            ambiguous=ambiguous,
            rejected_evidence=rejected_evidence,
        )


class ValueJudge:
    """State 6, the conclusion step, under one evidence contract: the documented default,
    then the knowledge base's layer, then the request's. A contract the engine refuses
    raises ContractError when the judge is built (before anything is searched).

    `run` groups the judged evidence units per claim and value, lets a supersession step set
    replaced values aside, lists the conflicts and asks the engine for the verdict."""

    def __init__(
        self,
        kb_requirements: Mapping[str, Any] | None = None,
        request: Mapping[str, Any] | None = None,
    ) -> None:
        self.requirements, self.policy = requirements_for(
            dict(kb_requirements or {}), dict(request) if request is not None else None
        )

    def run(
        self,
        units: Sequence[EvidenceUnit],
        *,
        single_valued: bool,
        names: bool,
        prefixes: bool = False,
        attribute: str | None = None,
        supersede: Superseder | None = None,
        evaluation_time: str | None = None,
        document_dates: Iterable[str | None] = (),
    ) -> Judgement:
        """The judgement of `units`. Values that are `names` compare by entity key; with
        `prefixes`, a value another completes joins it. A claim is one engine run when
        `single_valued`, else one run per value. `supersede` (single-valued claims only)
        takes the groups and returns those in force and the supersessions. The evaluation
        time defaults to the end of the latest of `document_dates` (never the clock)."""
        groups = group_values(units, names=names, prefixes=prefixes)
        supersessions: list[Supersession] = []
        if single_valued and supersede is not None:
            groups, supersessions = supersede(groups)
        conflicts = find_conflicts(groups, single_valued=single_valued, attribute=attribute)
        if evaluation_time is None:
            evaluation_time = default_evaluation_time(document_dates)
        sufficiency = judge(
            groups,
            single_valued=single_valued,
            requirements=self.requirements,
            policy=self.policy,
            evaluation_time=evaluation_time,
        )
        return Judgement(groups, conflicts, sufficiency, supersessions, evaluation_time)

    def claim(
        self, units: Sequence[EvidenceUnit], claim_id: str, *, evaluation_time: str
    ) -> Judgement:
        """The engine's verdict on a yes/no claim: each unit an observation of "yes" (it
        holds) or "no" (its value), the claim being "yes". Both values from different
        documents are a conflict, shown, never arbitrated. No units: nothing judged."""
        groups = group_values(units, names=False)
        conflicts = find_conflicts(groups, single_valued=True)
        every = [(u, v) for g in groups for v, us in g.values for u in us]
        sufficiency = (
            _run(claim_id, "yes", every, self.requirements, self.policy, evaluation_time)
            if every
            else None
        )
        return Judgement(groups, conflicts, sufficiency, [], evaluation_time)

    def evaluate(
        self,
        groups: Sequence[Grouped],
        expected: ExpectedValue,
        comparison: ValueComparison,
        *,
        single_valued: bool,
        evaluation_time: str,
    ) -> Evaluation:
        """The engine's verdict on the claim "attribute = `expected`" over the values of
        `groups` (those in force: a value an amendment replaced is history, not evidence
        against), each unit one observation of its value, values compared as `comparison`
        reads them. For a single-valued attribute every value is an observation: another
        value contradicts the claim (a quoted sentence that contains the expected words
        states it). For a multi-valued one (the founders, the parties) the
        claim is that `expected` is one of the values: only its own units are observed when
        the evidence states it, every unit (all contradicting) when it states others only.
        No groups (nothing read, or the subject not found): INSUFFICIENT, not established."""
        claim_id = "expected_value"
        want = value_key(comparison.canonical(expected), name=comparison.names)
        observed = [
            (unit, value_key(comparison.canonical(value), name=comparison.names))
            for group in groups
            for value, units in group.values
            for unit in units
        ]
        if comparison.passages:
            # a passage about the topic states the expected value or says nothing of it
            said = comparison.read(expected)
            observed = [
                (unit, want)
                for group in groups
                for value, units in group.values
                if passage_states(value, said, comparison.counted)
                for unit in units
            ]
        elif comparison.quoted:
            # a sentence read as the value states the expected words when it contains them
            observed = [(u, want if want in k else k) for u, k in observed]
        keys = {k for _, k in observed}
        if want not in keys:
            # a value the evidence completes (the year of a stated date) is that value
            longer = sorted(k for k in keys if k.startswith(want) and comparison.partial)
            if len(longer) == 1:
                want = longer[0]
        if not single_valued and want in keys:
            observed = [(u, k) for u, k in observed if k == want]
        payload = {
            "mode": "claim",
            "claim_or_condition": {"id": claim_id, "expected_value": want},
            "evaluation_time": evaluation_time,
            "evidence_requirements": self.requirements,
            "evidence_bundle": [
                observation(u, claim_id, k)
                for u, k in sorted(_within_bundle_limit(observed), key=lambda uk: uk[0].evidence_id)
            ],
            "resolution_policy": self.policy,
        }
        verdict = _evaluate(payload)
        decision = verdict["decision"]
        sides = verdict["resolution_details"]
        deciding = {
            "SUPPORTED": sides["support"]["evidence_ids"],
            "CONTRADICTED": sides["contradiction"]["evidence_ids"],
        }.get(
            decision, [*sides["support"]["evidence_ids"], *sides["contradiction"]["evidence_ids"]]
        )
        return Evaluation(
            expected_value=expected,
            read_as=comparison.read(expected),
            outcome=_OUTCOMES[decision],
            decision=decision,
            reason_codes=list(verdict["reason_codes"]),
            evidence_ids=sorted(deciding),
        )


# ---------------------------------------------------------------------------------------------
# Suggested next actions

_ROLE_SOURCES: dict[str, str] = {
    "founder": "the certificate of incorporation or founders' agreement naming {x}'s founders",
    "director": "the board minutes or register of directors naming {x}'s directors",
    "shareholder": "the capitalization table or share register of {x}",
    "member": "the operating agreement or register of members of {x}",
    "subsidiary": "{x}'s list of subsidiaries (e.g. Exhibit 21 or a group structure chart)",
    "parent_company": "a group structure chart or ownership filing showing {x}'s parent company",
    "signatory": "the executed agreement with its signature pages",
    "guarantor": "the executed guaranty or the agreement naming its guarantor",
    "auditor": "{x}'s audited financial statements with the auditor's report",
    "legal_counsel": "the engagement letter or legal opinion naming {x}'s counsel",
    "registered_agent": "{x}'s certificate of incorporation or a good-standing certificate",
    "incorporator": "{x}'s certificate of incorporation",
}
_ATTRIBUTE_SOURCES: dict[str, str] = {
    a.name: a.source_hint for a in lexicon().attributes if a.source_hint is not None
}


def _agreement_label(subject: SubjectClass) -> str:
    kind = (subject.document_type or "agreement").replace("_", " ")
    parties = subject.parties
    if len(parties) >= 2:
        return f"the executed {kind} between {', '.join(parties[:-1])} and {parties[-1]}"
    if parties:
        return f"the executed {kind} of {parties[0]}"
    return f"the executed {kind}"


def next_actions_not_found(
    subject: SubjectClass,
    unresolved: Sequence[str],
    rejected: Sequence[RejectedCandidate],
) -> list[str]:
    out: list[str] = []
    subject_name = subject.parent_entity or subject.name or ", ".join(subject.parties)
    if (
        subject.type == "agreement"
        or subject.attribute == "is_party"
        or (subject.document_type and subject.role in ("signatory", "guarantor"))
    ):
        out.append(f"Request {_agreement_label(subject)}")
    elif subject.role and subject.role in _ROLE_SOURCES and not subject.attribute:
        out.append("Request " + _ROLE_SOURCES[subject.role].format(x=subject_name))
    elif subject.role and subject.parent_entity:
        role = subject.role.replace("_", " ")
        out.append(
            f"Request board minutes or an officer's certificate naming {subject.parent_entity}'s {role}"
        )
    elif subject.type == "document" and subject.name and subject.parent_entity:
        # "the Acme bylaws": the owner's own document of the kind
        out.append(f"Request the {subject.name} of {subject.parent_entity}")
    elif subject.attribute in _ATTRIBUTE_SOURCES:
        out.append("Request " + _ATTRIBUTE_SOURCES[subject.attribute].format(x=subject_name))
    else:
        out.append(f"Request a document that names {subject_name}")
    for name in unresolved:
        out.append(f"Check whether {name} operates under another legal name")
    for r in rejected:
        if r.reason.startswith("name similar to"):
            out.append(f"Confirm whether {r.name} is the same entity as the one asked about")
    return list(dict.fromkeys(out))


def next_actions_concluded(
    subject: SubjectClass,
    *,
    candidate_name: str,
    conflicts: Sequence[Conflict],
    groups: Sequence[Grouped],
    sufficiency: dict[str, Any] | None,
    amended: bool,
    ambiguous: bool,
) -> list[str]:
    out: list[str] = []
    what = (subject.attribute or subject.role or "the claim").replace("_", " ")
    if subject.attribute == "topic" and subject.constraints.get("topic"):
        what = str(subject.constraints["topic"])  # the topic asked, not the word "topic"
    for conflict in conflicts:
        values = ", ".join(v.value for v in conflict.values)
        out.append(
            f"Reconcile the conflicting values of the {what} of {candidate_name} ({values}) "
            "against the controlling document"
        )
        if amended:
            out.append(f"Check whether a later amendment supersedes the {what} of {candidate_name}")
    if not groups:
        source = _ATTRIBUTE_SOURCES.get(subject.attribute or "") or _ROLE_SOURCES.get(
            subject.role or ""
        )
        if source:
            out.append("Request " + source.format(x=candidate_name))
        else:
            out.append(f"Request a document that states the {what} of {candidate_name}")
    elif sufficiency and sufficiency.get("decision") != "SUPPORTED":
        codes = set(sufficiency.get("reason_codes", []))
        if "INSUFFICIENT_INDEPENDENT_SOURCES" in codes:
            out.append(f"Obtain an independent document confirming the {what} of {candidate_name}")
        if "MISSING_REQUIRED_SOURCE_TYPES" in codes:
            out.append(f"Obtain a document of each required source type for the {what}")
        if "NO_ELIGIBLE_EVIDENCE" in codes:
            out.append(f"Obtain a current, dated source stating the {what} of {candidate_name}")
    if ambiguous:
        out.append(f"Specify which {candidate_name} is meant (several subjects match)")
    if not out:
        out.append(f"Obtain an independent document confirming the {what} of {candidate_name}")
    return list(dict.fromkeys(out))


__all__ = [
    "DEFAULT_POLICY",
    "DEFAULT_REQUIREMENTS",
    "UNDATED_OBSERVED_AT",
    "ContractError",
    "QuestionKind",
]
