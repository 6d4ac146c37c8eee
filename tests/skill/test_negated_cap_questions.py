"""A question that negates a cap on liability is the cap's plain negation, not a question of
uncapped exposure (issue 34): "Is there no limit on liability?", "Is Acme's liability not
capped?", "Is there no ceiling on damages?" read `liability_capped` negated, and a cap with
carve-outs answers them No, its carve-outs kept as the cap's exceptions ("No — capped ...
except for ..."). A question that asks for uncapped exposure ("Is liability uncapped for IP
infringement?", "Is any liability unlimited?", "Is there uncapped liability?") still asks the
cases carved out of the cap: "Yes, with conditions — uncapped for ...". Generated over
negations, the cap's names, what is capped, parties, possessives, "&", case and wording."""

from __future__ import annotations

import itertools

import pytest

from domain import lexicon
from skill import Claim, ClauseReader, parse_subject, read_claim

_ENTRY = {p.name: p for p in lexicon().propositions}["liability_capped"]

_SUBJECT = parse_subject(
    {
        "type": "agreement",
        "document_type": "master_services_agreement",
        "attribute": "liability_cap",
        "constraints": {"parties": ["Northgate Systems", "Halcyon & Co."]},
    }
)

_WHOSE = ["", "Northgate's ", "Halcyon & Co.'s ", "the Supplier's ", "NSI's ", "either party's "]
_WHAT = ["liability", "aggregate liability", "damages", "exposure", "total liability"]
_CAPS = ["limit", "cap", "ceiling", "maximum", "limitation"]
_TAILS = [
    "",
    " under the agreement with Halcyon & Co.",
    " under the MSA between Northgate Systems and Halcyon & Co.",
]


def _negating() -> list[str]:
    out: list[str] = []
    for whose, what, cap, tail in itertools.product(_WHOSE, _WHAT, _CAPS, _TAILS):
        out.append(f"Is there no {cap} on {whose}{what}{tail}?")
        if what in ("liability", "aggregate liability", "total liability"):
            verb = "limited" if cap in ("limit", "limitation") else "capped"
            out.append(f"Is {whose or 'the '}{what}{tail} not {verb}?")
            out.append(f"Is {whose}{what}{tail} never {verb}?")
            out.append(f"Is {whose}{what}{tail} not subject to any {cap}?")
    return out


_NEGATING = _negating()


@pytest.mark.parametrize("question", _NEGATING[::7])
@pytest.mark.parametrize("case", ["as is", "lower"])
def test_a_question_negating_the_cap_is_its_plain_negation(question: str, case: str) -> None:
    if case == "lower":
        question = question.lower()
    claim = read_claim(question, _SUBJECT)
    assert claim is not None, question
    assert (claim.entry.name, claim.negated, claim.carved) == ("liability_capped", True, False)


_EXPOSURE = [
    f"{q}{tail}"
    for q in [
        "Is {w}liability uncapped for IP infringement",
        "Is {w}liability unlimited for breach of confidentiality",
        "Is any of {w}liability uncapped",
        "Is there uncapped liability for {w2}indemnification obligations",
        "Is there any unlimited liability",
        "Is {w}liability not capped for gross negligence",
        "Is {w}liability not limited with respect to fraud",
        "Is any liability not capped",
        "Are any damages not subject to a cap",
        "Is the liability uncapped",
        "Is {w}liability unlimited",
    ]
    for tail in ["?", " under the agreement with Halcyon & Co.?"]
]


@pytest.mark.parametrize(
    "question",
    [
        q.format(w=w, w2=w)
        for q, w in itertools.product(_EXPOSURE, ["", "Northgate's ", "the supplier's "])
    ],
)
@pytest.mark.parametrize("case", ["as is", "lower"])
def test_a_question_of_uncapped_exposure_asks_the_carved_cases(question: str, case: str) -> None:
    if case == "lower":
        question = question.lower()
    claim = read_claim(question, _SUBJECT)
    assert claim is not None, question
    assert (claim.entry.name, claim.negated, claim.carved) == ("liability_capped", True, True)


@pytest.mark.parametrize(
    "question",
    [
        "Is Northgate's liability capped?",
        "Is there a limit on liability under the agreement with Halcyon & Co.?",
        "is halcyon & co.'s liability limited?",
        "Is there a cap on damages under the MSA?",
    ],
)
def test_a_question_asking_the_cap_is_not_negated(question: str) -> None:
    claim = read_claim(question, _SUBJECT)
    assert claim is not None and (claim.entry.name, claim.negated) == ("liability_capped", False)


@pytest.mark.parametrize(
    "question",
    [
        "Does the license include, but not limited to, the Territory?",
        "Is the non-compete limited to the Territory?",
    ],
)
def test_not_limited_to_of_something_else_is_no_negated_cap(question: str) -> None:
    claim = read_claim(question, _SUBJECT)
    assert claim is None or not (claim.entry.name == "liability_capped" and claim.negated)


# --- answers: the reader on real sentences ----------------------------------------------------

_CARVED_CAPS = [
    (
        "In no event shall either party's aggregate liability exceed the fees paid under this "
        "Agreement, except for breach of confidentiality or gross negligence.",
        "breach of confidentiality",
    ),
    (
        "Except for a party's indemnification obligations under Section 9, in no event shall "
        "Acme's total liability exceed one million dollars ($1,000,000).",
        "indemnification obligations",
    ),
    (
        "The Supplier's liability under this Agreement (other than for fraud or willful "
        "misconduct) shall not exceed the amounts paid in the twelve months before the claim.",
        "fraud or willful misconduct",
    ),
]


def _reader(*, carved: bool) -> ClauseReader:
    return ClauseReader(Claim(_ENTRY, True, None, (), carved))


@pytest.mark.parametrize(("sentence", "cases"), _CARVED_CAPS)
@pytest.mark.parametrize("upper", [False, True])
def test_the_negated_cap_of_a_cap_with_carve_outs_is_no_with_its_exceptions(
    sentence: str, cases: str, upper: bool
) -> None:
    if upper:
        sentence, cases = sentence.upper(), cases.upper()
    reading, _ = _reader(carved=False).read(sentence)
    assert reading is not None and reading.holds is False, sentence
    assert reading.lead == "" and reading.conditions == (), sentence
    assert any(cases in e for e in reading.exceptions), (sentence, reading.exceptions)


@pytest.mark.parametrize(("sentence", "cases"), _CARVED_CAPS)
def test_uncapped_exposure_of_the_same_cap_is_yes_for_its_carve_outs(
    sentence: str, cases: str
) -> None:
    reading, _ = _reader(carved=True).read(sentence)
    assert reading is not None and reading.holds is True, sentence
    assert reading.lead.startswith("uncapped for") and cases in reading.lead, reading.lead


@pytest.mark.parametrize(
    "sentence",
    [
        "Each party's liability under this Agreement shall be unlimited.",
        "The Licensee's liability for its obligations hereunder shall not be limited.",
    ],
)
def test_the_negated_cap_of_unlimited_liability_is_yes(sentence: str) -> None:
    reading, _ = _reader(carved=False).read(sentence)
    assert reading is not None and reading.holds is True, sentence


def test_a_carve_out_in_a_sentence_of_its_own_does_not_answer_the_negated_cap() -> None:
    sentence = "The limitations in Section 9 shall not apply to breach of confidentiality."
    reading, _ = _reader(carved=False).read(sentence)
    assert reading is None
