"""A question that denies a cap on liability is the cap's plain negation, not a question of
uncapped exposure (issue 34): "Is there no limit on liability?", "Is there no ceiling on
damages?", "Is Acme's liability not subject to any cap?" read `liability_capped` negated, and a
cap with carve-outs answers them No, its carve-outs kept as the cap's exceptions ("No — capped
... except for ..."). A question that asks for uncapped exposure ("Is liability uncapped for IP
infringement?", "Is any liability unlimited?", "Is there uncapped liability?", and liability
said not capped as "uncapped" says it: "Is Acme's liability not capped?", "Is the total
liability never limited?") asks the cases carved out of the cap: "Yes, with conditions —
uncapped for ...", and so does a cap
negated of a case a cap carves out ("Is there no cap for gross negligence?", "Is there no limit
of liability for data breaches?", "Is there a cap on liability but no cap on indemnity?"). A
limit of something else ("Is the license not limited to the United States?", "Is there no limit
on the number of users?") is no negated cap. Generated over negations, the cap's names, what is
capped, the cases, parties, possessives, "&", case and wording."""

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
            out.append(f"Is {whose}{what}{tail} not subject to any {cap}?")
    return out


def _said_not_capped() -> list[str]:
    # liability said not capped, as "uncapped" says it (CUAD's Uncapped Liability: a cap's
    # carve-outs): the carved cases, not the plain negation
    out: list[str] = []
    for whose, what, verb, tail in itertools.product(
        _WHOSE,
        ["liability", "aggregate liability", "total liability"],
        ["capped", "limited"],
        _TAILS,
    ):
        out.append(f"Is {whose or 'the '}{what}{tail} not {verb}?")
        out.append(f"Is {whose}{what}{tail} never {verb}?")
        out.append(f"Will {whose or 'the '}{what}{tail} not be {verb}?")
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


@pytest.mark.parametrize("question", _said_not_capped()[::27])
@pytest.mark.parametrize("case", ["as is", "lower"])
def test_liability_said_not_capped_asks_the_carved_cases(question: str, case: str) -> None:
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


# --- a negated cap of a case a cap carves out asks the carved cases -------------------------

_CASES = [
    "gross negligence",
    "wilful misconduct",
    "willful misconduct",
    "IP infringement",
    "infringement of intellectual property rights",
    "indemnification obligations",
    "indemnity",
    "confidentiality breaches",
    "breach of confidentiality",
    "data breaches",
    "data protection breaches",
    "fraud",
    "death or personal injury",
    "third-party claims",
]
_CASE_FORMS = [
    "Is there no cap for {w}{c}{t}?",
    "Is there no limit of liability for {c}{t}?",
    "Is there no ceiling on liability for {w}{c}{t}?",
    "Is there no cap on {w}liability for {c}{t}?",
    "Is there no liability cap applicable to {c}{t}?",
    "Is {w}liability for {c}{t} not capped?",
    "Is {w}liability for {c} not limited{t}?",
    "Is liability arising from {w}{c} not subject to any cap{t}?",
    "Is {c} not capped{t}?",
    "Is there a cap on {w}liability but no cap on {c}{t}?",
    "Is there a limit on {w}liability{t} but no limit for {c}?",
]


def _of_cases() -> list[str]:
    # every case in every form once, the party's possessive and the tail taking turns
    out = []
    for i, (case, form) in enumerate(itertools.product(_CASES, _CASE_FORMS)):
        whose, tail = _WHOSE[i % len(_WHOSE)], _TAILS[i % len(_TAILS)]
        out.append(form.format(w=whose, c=case, t=tail))
    return out


@pytest.mark.parametrize("question", _of_cases())
@pytest.mark.parametrize("case", ["as is", "lower"])
def test_a_negated_cap_of_a_carved_case_asks_the_carved_cases(question: str, case: str) -> None:
    # "Is there no cap for gross negligence?" of a cap "except for gross negligence" is "Yes —
    # uncapped for gross negligence", not the plain negation's "No"
    if case == "lower":
        question = question.lower()
    claim = read_claim(question, _SUBJECT)
    assert claim is not None, question
    assert (claim.entry.name, claim.negated, claim.carved) == ("liability_capped", True, True)


@pytest.mark.parametrize(
    "question",
    [
        # liability in general, a party or an agreement named where a case's word stands
        "Is there no cap on liability for Halcyon & Co.?",
        "Is there no liability cap for either party?",
        "Is there no cap under the MSA between Northgate Systems and Halcyon & Co.?",
        "Is there no limit on Northgate's liability under the Confidentiality Agreement with "
        "Halcyon & Co.?",
        "is there no limit on liability under the mutual confidentiality and non-disclosure "
        "agreement?",
        "Is Halcyon & Co.'s liability under the Indemnity Agreement not subject to any cap?",
        "Is there no cap?",
    ],
)
def test_a_negated_cap_of_liability_in_general_stays_the_plain_negation(question: str) -> None:
    claim = read_claim(question, _SUBJECT)
    assert claim is not None, question
    assert (claim.entry.name, claim.negated, claim.carved) == ("liability_capped", True, False)


@pytest.mark.parametrize(
    "question",
    [
        "Is there a cap on liability but no cap on damages?",
        "Is Northgate's liability, including but not limited to its indemnity, capped?",
        "Is liability for claims, including but not limited to data breaches, capped?",
        "is halcyon & co.'s liability, including but not limited to damages, limited?",
    ],
)
def test_a_negation_after_but_is_not_the_caps(question: str) -> None:
    claim = read_claim(question, _SUBJECT)
    assert claim is not None and (claim.entry.name, claim.negated) == ("liability_capped", False)


# --- "not limited", "unlimited", "no limit" of something else: no negated cap -----------------

_ELSE = [
    "the license",
    "Northgate's license",
    "Halcyon & Co.'s licence",
    "the non-compete",
    "the exclusivity",
    "the term",
    "the Territory",
    "the use of the Software",
]


def _of_something_else() -> list[str]:
    out = [
        "Does the license include, but not limited to, the Territory?",
        "Is the non-compete limited to the Territory?",
        "Is there no limit on the number of users?",
        "Is there no cap on price increases under the agreement with Halcyon & Co.?",
        "Are there no limits on the use of the Software?",
        "Are Northgate's confidentiality obligations not limited to the term?",
        "Are any claims not subject to the arbitration clause?",
        # a case's word beside a limit that is a scope: no cap is asked
        "Is the use of Confidential Information not limited?",
        "Is there no limit on the disclosure of confidential information to Halcyon & Co.?",
        "Is the Recipient's use of confidential information unlimited?",
        "Are the confidentiality obligations unlimited in time?",
        "Is the indemnity not limited to third-party claims?",
        "Is Northgate's right to defend third-party claims unlimited?",
    ]
    for thing in _ELSE:
        out += [
            f"Is {thing} not limited to the United States?",
            f"Is {thing} not limited?",
            f"Is {thing} unlimited?",
            f"Is {thing} not limited in time?",
            f"Is {thing} not limited for commercial use?",
            f"Is {thing} never limited to the Territory?",
        ]
    return out


@pytest.mark.parametrize("question", _of_something_else())
@pytest.mark.parametrize("case", ["as is", "lower"])
def test_not_limited_to_of_something_else_is_no_negated_cap(question: str, case: str) -> None:
    if case == "lower":
        question = question.lower()
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


@pytest.mark.parametrize(
    "question",
    [
        "Is there no cap for gross negligence?",
        "Is there no limit of liability for data breaches?",
        "Is there no cap on indemnification obligations?",
        # (the holder asked is the cap's own: another party's cap says nothing of Halcyon's)
        "Is Northgate's liability for wilful misconduct not limited?",
    ],
)
def test_a_negated_cap_of_a_carved_case_is_yes_for_the_carve_outs(question: str) -> None:
    sentence = (
        "Northgate's aggregate liability shall not exceed the fees paid in the twelve months "
        "before the claim, except for liability arising from data breaches, indemnification "
        "obligations, gross negligence or wilful misconduct."
    )
    claim = read_claim(question, _SUBJECT)
    assert claim is not None
    reading, _ = ClauseReader(claim).read(sentence)
    assert reading is not None and reading.holds is True, question
    assert reading.lead.startswith("uncapped for") and "gross negligence" in reading.lead


def test_a_carve_out_in_a_sentence_of_its_own_does_not_answer_the_negated_cap() -> None:
    sentence = "The limitations in Section 9 shall not apply to breach of confidentiality."
    reading, _ = _reader(carved=False).read(sentence)
    assert reading is None


_NOT_CAPPED_QUESTIONS = [
    "Is Northgate's liability under its contract with Halcyon & Co. not capped?",
    "is northgate's total liability never limited?",
    "Will the aggregate liability under the MSA between Northgate Systems and Halcyon & Co. not "
    "be capped?",
    "Is either party's liability not limited?",
]


@pytest.mark.parametrize(
    ("question", "cap"),
    [(q, c) for i, q in enumerate(_NOT_CAPPED_QUESTIONS) for c in _CARVED_CAPS[i % 3 :][:2]],
)
@pytest.mark.parametrize("upper", [False, True])
def test_liability_said_not_capped_is_yes_for_a_caps_carve_outs(
    question: str, cap: tuple[str, str], upper: bool
) -> None:
    # CUAD's Uncapped Liability: a cap "except for breach of confidentiality" leaves that
    # liability uncapped, however the question says it ("not capped", "uncapped")
    sentence, cases = cap
    if upper:
        sentence, cases = sentence.upper(), cases.upper()
    sentence = sentence.replace("Acme's", "Northgate's").replace("The Supplier's", "Northgate's")
    sentence = sentence.replace("ACME'S", "NORTHGATE'S").replace("THE SUPPLIER'S", "NORTHGATE'S")
    claim = read_claim(question, _SUBJECT)
    assert claim is not None and claim.carved, question
    reading, _ = ClauseReader(claim).read(sentence)
    assert reading is not None and reading.holds is True, (question, sentence)
    assert reading.lead.startswith("uncapped for"), reading.lead
    assert cases.casefold() in reading.lead.casefold(), reading.lead


@pytest.mark.parametrize("question", _NOT_CAPPED_QUESTIONS)
@pytest.mark.parametrize(
    "sentence",
    [
        "In no event shall Northgate's aggregate liability exceed the fees paid in the twelve "
        "months before the claim.",
        "NORTHGATE'S TOTAL LIABILITY UNDER THIS AGREEMENT WILL NOT EXCEED ONE MILLION DOLLARS.",
    ],
)
def test_liability_said_not_capped_is_no_for_a_cap_without_carve_outs(
    question: str, sentence: str
) -> None:
    claim = read_claim(question, _SUBJECT)
    assert claim is not None
    reading, _ = ClauseReader(claim).read(sentence)
    assert reading is not None and reading.holds is False, (question, sentence)


# --- a cap's value asked ("not capped at the fees paid") is the cap's question -----------------

_AMOUNTS = [
    "the fees paid",
    "the fees paid in the preceding twelve months",
    "$1,000,000",
    "one million dollars",
    "the Contract Price",
    "EUR 250,000",
]


def _cap_value_questions() -> list[str]:
    out = []
    forms = [
        "Is {w}liability{t} not capped at {a}?",
        "Is {w}liability not limited at {a}{t}?",
        "Is {w}total liability{t} never capped at {a}?",
        "Will {w}liability not be capped at {a}{t}?",
    ]
    for i, (form, amount) in enumerate(itertools.product(forms, _AMOUNTS)):
        whose = _WHOSE[i % len(_WHOSE)] or "the "
        out.append(form.format(w=whose, a=amount, t=_TAILS[i % len(_TAILS)]))
    return out


@pytest.mark.parametrize("question", _cap_value_questions())
def test_a_caps_value_asked_negated_is_no_question_of_carved_cases(question: str) -> None:
    # "Is Acme's liability not capped at the fees paid?" asks the cap's amount (as "not limited
    # to the fees paid" does): the plain negation, never "Yes, with conditions — uncapped for"
    # (any liability, or a case's, not capped at an amount asks the cases carved out of it)
    for q in (question, question.lower()):
        claim = read_claim(q, _SUBJECT)
        assert claim is not None, q
        assert (claim.entry.name, claim.negated, claim.carved) == ("liability_capped", True, False)


def _uncapped_in_amount() -> list[str]:
    out = []
    forms = [
        "Is {w}liability{t} not limited in amount?",
        "Is {w}liability{t} unlimited in amount?",
        "Is {w}aggregate liability not limited in its amount{t}?",
        "Is {w}liability{t} not capped at all?",
        "Is {w}liability{t} never limited in any way?",
        "Will {w}total liability{t} not be limited in amount?",
    ]
    for i, form in enumerate(forms * 2):
        whose = _WHOSE[i % len(_WHOSE)] or "the "
        out.append(form.format(w=whose, t=_TAILS[i % len(_TAILS)]))
    return out


@pytest.mark.parametrize("question", _uncapped_in_amount())
def test_liability_not_limited_in_amount_asks_the_carved_cases(question: str) -> None:
    # "not limited in amount" is "uncapped": a cap's carve-outs answer it
    for q in (question, question.lower()):
        claim = read_claim(q, _SUBJECT)
        assert claim is not None, q
        assert (claim.entry.name, claim.negated, claim.carved) == ("liability_capped", True, True)


@pytest.mark.parametrize(
    ("question", "carved"),
    [
        ("Is Northgate's liability not capped at the fees paid?", False),
        ("is northgate's liability not capped at one million dollars?", False),
        ("Is Northgate's liability not limited in amount?", True),
        ("Is Northgate's total liability unlimited in amount?", True),
    ],
)
@pytest.mark.parametrize(("sentence", "cases"), _CARVED_CAPS[:2])
def test_a_caps_value_is_answered_as_the_cap_is(
    question: str, carved: bool, sentence: str, cases: str
) -> None:
    sentence = sentence.replace("Acme's", "Northgate's")
    claim = read_claim(question, _SUBJECT)
    assert claim is not None
    reading, _ = ClauseReader(claim).read(sentence)
    assert reading is not None, question
    if carved:
        assert reading.holds is True and reading.lead.startswith("uncapped for"), reading.lead
        assert cases in reading.lead, reading.lead
    else:
        # No: the cap stands, its carve-outs its exceptions
        assert reading.holds is False and reading.lead == "", (question, reading.lead)
        assert any(cases in e for e in reading.exceptions), reading.exceptions
