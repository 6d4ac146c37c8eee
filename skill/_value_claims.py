"""A yes/no question that names a value of an attribute is the claim "attribute = value"
(issue 34): "Is the term of the MSA 3 years?", "Is the notice period 30 days?", "Is the
liability cap USD 5 million?", "Is the MSA governed by Delaware law?", "Did the agreement take
effect on 1 March 2023?", "Is Halcyon incorporated in Delaware?".

It is asked as the attribute's value question ("What is the term of the MSA?") with the value
as its expected value: the engine judges it as it judges a batch line's `expected_value`
(skill/_expected.py: 36 months = 3 years, USD 5,000,000 = $5 million = five million dollars,
Delaware = the State of Delaware), and the answer says it: "Yes — <the value cited>" on a
match, "No — <the value cited>" on a mismatch, "Not stated in <agreement> — ..." when nothing
states the attribute. One path, not a second one.

What is read, all of it from the lexicon: the question opens with a verb of
vocabulary.yaml `value_claim_copulas` (or a negated one, `value_claim_negated_copulas`, which
asks the same claim: "Isn't the term 3 years?"); it ends with a value of an attribute's
`value_kind` (a date, a duration, money, a percentage, a jurisdiction), the words a value may
open with kept with it (`value_claim_value_leads`: "the State of New York"); before the value
stands either a phrase naming the attribute (its `question_patterns`: "the term of the MSA")
or, after the claim's subject, one of the attribute's `value_claim_verbs` ("the MSA governed
by"). A negation right before the value or the verb (`value_claim_negations`: "Is the term not
3 years?", "Is the MSA not governed by Delaware law?") makes the claim that the value is not
it: the answer's Yes and No change places."""

from __future__ import annotations

import re
from dataclasses import dataclass

from domain import lexicon
from skill._answer import Answer
from skill._expected import _read_kind

_LEX = lexicon()
# the value kinds a value claim is read for: those an expected value is read as
_KINDS = ("date", "duration", "money", "percent", "jurisdiction")
_SUBJECTS = ("agreement", "entity", "person")
_MAX_VALUE_WORDS = 8
_QUESTION_WORDS = frozenset(w.lower() for w in _LEX.question_words)
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'"})


@dataclass(frozen=True)
class ValueClaim:
    """The claim a yes/no question states: `asked` is the attribute's value question ("What
    is the term of the MSA?"), `value` the value as the question writes it ("36 months"),
    `attribute` the attribute it is a value of, `negated` whether the question asks that the
    value is not it ("Is the term not 3 years?")."""

    asked: str
    value: str
    attribute: str
    negated: bool


def _opening(words: list[str]) -> str | None:
    """The question's opening verb as its value question asks it ("is" for "Isn't", "was"
    for "Did"), None when it opens with none of vocabulary.yaml's `value_claim_*copulas`."""
    first = words[0].lower().translate(_APOSTROPHES)
    if first in _LEX.value_claim_copulas:
        verb = first
    elif first in _LEX.value_claim_negated_copulas:
        verb = next((c for c in _LEX.value_claim_copulas if first.startswith(c)), "is")
    else:
        return None
    return {"does": "is", "do": "are", "did": "was"}.get(verb, verb)


def _value_at_end(words: list[str]) -> tuple[int, int, str] | None:
    """(the index of the value's first word, that of its first word past the words it may
    open with, its kind): the fewest last words that read as a value of a kind, widened by
    each word before them that changes the value read ("five" of "five million dollars"),
    then by the words a value may open with ("the State of")."""
    for k in range(1, min(_MAX_VALUE_WORDS, len(words) - 1) + 1):
        tail = " ".join(words[-k:])
        kind = next((c for c in _KINDS if _read_kind(c, tail, partial=False)), None)
        if kind is None:
            continue
        core = len(words) - k
        read = _read_kind(kind, tail, partial=False)
        while core > 1:
            wider = _read_kind(kind, " ".join(words[core - 1 :]), partial=False)
            if wider is None or wider == read:
                break
            core, read = core - 1, wider
        start = core
        while start > 1 and words[start - 1].lower() in _LEX.value_claim_value_leads:
            start -= 1
        return start, core, kind
    return None


def _named_attribute(stem: str, kind: str) -> str | None:
    """The attribute of `kind` a phrase of the stem names ("the term of the MSA": term)."""
    for subject in _SUBJECTS:
        for pattern, name in _LEX.attribute_phrases(subject):
            if _LEX.attribute(name).value_kind != kind:
                continue
            if re.search(rf"(?<![\w-])(?:{pattern})(?![\w-])", stem, re.IGNORECASE):
                return name
    return None


def _negated_before(words: list[str], at: int) -> bool:
    return at > 1 and words[at - 1].lower() in _LEX.value_claim_negations


def value_claim(question: str) -> ValueClaim | None:
    """The claim "attribute = value" a yes/no question states, or None (module doc)."""
    text = " ".join(question.split()).rstrip("?. ").strip()
    words = text.split(" ")
    if len(words) < 3:
        return None
    verb = _opening(words)
    if verb is None:
        return None
    value_at = _value_at_end(words)
    if value_at is None:
        return None
    start, core, kind = value_at
    # "the MSA governed by (the laws of)": the claim's subject, then the attribute's verb
    # (which may end with words a value opens with: "have a term of")
    before_core = " ".join(words[1:core])
    leads = "|".join(map(re.escape, _LEX.value_claim_value_leads))
    negations = "|".join(map(re.escape, _LEX.value_claim_negations))
    for entry in _LEX.attributes:
        if entry.value_kind != kind or entry.value_claim_verbs is None:
            continue
        found = re.search(
            rf"(?<![\w-])(?:(?P<neg>{negations})\s+)?(?:{entry.value_claim_verbs})"
            rf"(?P<lead>(?:\s+(?:{leads}))*)$",
            before_core,
            re.IGNORECASE,
        )
        if found is None or not before_core[: found.start()].strip():
            continue
        subject = before_core[: found.start()].strip()
        phrase = (entry.label or entry.name.replace("_", " ")).lower()
        return ValueClaim(
            asked=f"What {verb} the {phrase} of {subject}?",
            value=" ".join([*found.group("lead").split(), *words[core:]]),
            attribute=entry.name,
            negated=found.group("neg") is not None,
        )
    value = " ".join(words[start:])
    negated = _negated_before(words, start)
    stem_words = words[1 : start - 1] if negated else words[1:start]
    # the stem names the attribute and ends with what it is of ("the term of the MSA"), never
    # with a word that asks something else of the value ("the term ... renewable for")
    if not stem_words or stem_words[-1].lower() in _QUESTION_WORDS:
        return None
    stem = " ".join(stem_words)
    attribute = _named_attribute(stem, kind)
    if attribute is None:
        return None
    return ValueClaim(
        asked=f"What {verb} {stem}?", value=value, attribute=attribute, negated=negated
    )


def value_claim_answer(answer: Answer, claim: ValueClaim, question: str) -> Answer:
    """The value question's answer, judged against the claim's value (its `evaluation`),
    said as the yes/no question asks it: "Yes — <value cited>" on a match, "No — <value
    cited>" on a mismatch (the two change places when the question negates the value), "Not
    stated in <agreement> — ..." when no value was read, "Not established — ..." when values
    were read that do not decide (a conflict, values under the engine's threshold). A subject
    not found stays so. The answer carries the question as asked and the claim in its
    subject's constraints (`claimed_value`, `claim_negated`)."""
    constraints = {
        **answer.subject_class.constraints,
        "claimed_value": claim.value,
        **({"claim_negated": True} if claim.negated else {}),
    }
    subject = answer.subject_class.model_copy(
        update={"constraints": dict(sorted(constraints.items()))}
    )
    update: dict[str, object] = {"question": question, "subject_class": subject}
    evaluation = answer.evaluation
    if answer.terminal_state == "CONCLUDED" and evaluation is not None:
        shown = answer.conclusion.answer or ""
        if evaluation.outcome in ("match", "mismatch"):
            holds = (evaluation.outcome == "match") != claim.negated
            text = f"{'Yes' if holds else 'No'} — {shown}"
        elif not answer.conclusion.values:
            where = " or ".join(c.name for c in answer.candidate_subjects) or "the documents"
            said = shown or f"no {claim.attribute.replace('_', ' ')} found"
            text = said if said.startswith("Not stated") else f"Not stated in {where} — {said}"
        else:
            text = f"Not established — {shown}"
        update["conclusion"] = answer.conclusion.model_copy(update={"answer": text})
    return answer.model_copy(update=update)
