"""A yes/no claim whose sentences read it both ways (issue 34: every yes/no question answered
Yes, No or Not stated; mixed evidence shows both sides, cited, without arbitrating).

The engine's verdict on such a bundle is INSUFFICIENT (MIXED_EVIDENCE): neither SUPPORTED nor
CONTRADICTED, so the answer is neither Yes nor No. The agreement states no one answer: "Not
stated in <agreement> — the sentences disagree, nothing arbitrated: yes: ...; no: ...", a
sentence of each side quoted (the yes side first, whichever order the evidence came in).
Generated over party names (short, "&", hyphens, lower case), three propositions
(assignment without consent, termination without cause, exclusivity), the question asked as
is or negated, and the evidence in either order; controls keep one side's Yes and No."""

from __future__ import annotations

import itertools
import re

import pytest

from domain import SourceLocation, lexicon
from skill import Claim, EvidenceUnit, ValueJudge, claim_answer, observe

ENTRIES = {p.name: p for p in lexicon().propositions}
WHERE = "DISTRIBUTION AGREEMENT"
EVAL = "2024-12-31T23:59:59Z"
PARTIES = [("Acme", "Beta"), ("O'Brien & Sons", "Smith-Jones LLC"), ("northgate", "halcyon")]

# proposition: (a sentence saying it holds, one saying it does not), of actor {a}, other {b}
SIDES = {
    "assignment_without_consent": (
        "{a} may assign this Agreement without the consent of {b}.",
        "{a} shall not assign this Agreement without the prior written consent of {b}.",
    ),
    "termination_without_cause": (
        "{a} may terminate this Agreement for convenience upon thirty days' notice to {b}.",
        "{a} may not terminate this Agreement without cause.",
    ),
    "exclusive": (
        "{a} appoints {b} as its exclusive distributor.",
        "{a} grants {b} a non-exclusive license.",
    ),
}


def _unit(sentence: str, n: int) -> EvidenceUnit:
    return EvidenceUnit(
        evidence_id=f"doc:{n}",
        subject_id="agreement",
        claim_id="claim",
        value=None,
        quote=sentence,
        source_location=SourceLocation(
            document="distribution.pdf",
            document_id="doc",
            page=n + 1,
            line_start=1,
            line_end=2,
            char_start=100 * n,
            char_end=100 * n + len(sentence),
        ),
        source_type="agreement",
        observed_at="2021-01-01T00:00:00Z",
        independence_group="doc",
        confidence=0.5,
    )


def _answer(name: str, negated: bool, a: str, b: str, sentences: list[str]) -> tuple[str, dict]:
    """The answer text and the engine's verdict, judged as the skill judges a claim."""
    claim = Claim(ENTRIES[name], negated, a, (b,))
    observed, related = observe(claim, [_unit(s, n) for n, s in enumerate(sentences)])
    judged = [
        o.unit.model_copy(
            update={"value": "yes" if o.reading.holds else "no", "claim_id": "claim:x"}
        )
        for o in observed
    ]
    judgement = ValueJudge().claim(judged, "claim:x", evaluation_time=EVAL)
    assert judgement.sufficiency is not None
    decision = judgement.sufficiency["decision"]
    conflict = bool(judgement.conflicts)
    return claim_answer(claim, decision, observed, related, conflict, WHERE), judgement.sufficiency


MIXED = [
    (name, negated, a, b, first_yes, lower)
    for name in SIDES
    for (a, b), negated, first_yes in itertools.product(PARTIES, (False, True), (True, False))
    for lower in [(a, b) == PARTIES[2]]
]


@pytest.mark.parametrize(("name", "negated", "a", "b", "first_yes", "lower"), MIXED)
def test_sentences_on_both_sides_are_not_stated_with_both_quoted(
    name: str, negated: bool, a: str, b: str, first_yes: bool, lower: bool
) -> None:
    holds, denies = (s.format(a=a, b=b) for s in SIDES[name])
    if lower:
        holds, denies = holds.lower(), denies.lower()
    text, verdict = _answer(name, negated, a, b, [holds, denies] if first_yes else [denies, holds])
    assert verdict["decision"] == "INSUFFICIENT"
    assert verdict["reason_codes"] == ["MIXED_EVIDENCE"]
    # asked negated, the sentence that holds is the No
    yes, no = (denies, holds) if negated else (holds, denies)
    assert text.startswith(
        f"Not stated in {WHERE} — the sentences disagree, nothing arbitrated: yes: {yes}"
    ), text
    assert f"; no: {no}" in text, text


@pytest.mark.parametrize(("name", "a", "b"), [(n, *p) for n in SIDES for p in PARTIES[:2]])
def test_one_side_alone_keeps_its_yes_or_no(name: str, a: str, b: str) -> None:
    holds, denies = (s.format(a=a, b=b) for s in SIDES[name])
    said = _answer(name, False, a, b, [holds])[0]
    assert re.match(rf"Yes(, with conditions)? — {re.escape(holds)}", said), said
    assert _answer(name, False, a, b, [denies])[0].startswith(f"No — {denies}")
