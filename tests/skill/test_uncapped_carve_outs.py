"""A cap on liability with carve-outs, asked whether liability is uncapped (issue 34; CUAD's
Uncapped Liability counts a cap's carve-outs): "In no event shall either party's liability
exceed the fees paid, except for breach of confidentiality" is "Yes, with conditions —
uncapped for breach of confidentiality; otherwise capped", its condition the carved cases;
a carve-out said in a sentence of its own ("The limitations in Section 9 shall not apply to
...") likewise. Asked whether liability is capped, the cap stays Yes with its exceptions; a
cap that carves nothing out stays No to "uncapped?". Generated over parties, caps, carve-outs,
their openers and places, and case."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from domain import lexicon
from skill import Claim, ClauseReader
from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

_ENTRY = {p.name: p for p in lexicon().propositions}["liability_capped"]


def _read(sentence: str, *, negated: bool) -> tuple[bool | None, tuple[str, ...], str]:
    reading, _ = ClauseReader(Claim(_ENTRY, negated, None, ())).read(sentence)
    if reading is None:
        return None, (), ""
    return reading.holds, reading.conditions, reading.lead


_WHO = ["either party's liability", "Acme's aggregate liability", "the Supplier's total liability"]
_LIMITS = ["the fees paid under this Agreement", "one million dollars ($1,000,000)"]
_CASES = [
    "breach of confidentiality, indemnification obligations or gross negligence",
    "a party's indemnification obligations under Section 9",
    "fraud or willful misconduct",
]
_OPENERS = ["except for", "other than", "excluding", "save for", "except with respect to"]


def _caps(who: str, limit: str, opener: str, cases: str) -> list[str]:
    return [
        f"In no event shall {who} exceed {limit}, {opener} {cases}.",
        f"{opener.capitalize()} {cases}, in no event shall {who} exceed {limit}.",
        f"In no event shall {who} ({opener} {cases}) exceed {limit}.",
        f"{who[0].upper() + who[1:]} under this Agreement shall not exceed {limit}, "
        f"{opener} {cases}.",
    ]


_CARVED = [
    (sentence, cases)
    for who, limit, opener, cases in itertools.product(_WHO, _LIMITS, _OPENERS, _CASES)
    for sentence in _caps(who, limit, opener, cases)
]


@pytest.mark.parametrize(("sentence", "cases"), _CARVED[::3])
@pytest.mark.parametrize("upper", [False, True])
def test_a_carve_out_of_a_cap_is_uncapped_for_its_cases(
    sentence: str, cases: str, upper: bool
) -> None:
    if upper:
        sentence, cases = sentence.upper(), cases.upper()
    holds, conditions, lead = _read(sentence, negated=True)
    assert holds is True, sentence
    assert conditions == (f"uncapped for {cases}",), sentence
    assert lead == f"uncapped for {cases}; otherwise capped", sentence


@pytest.mark.parametrize(("sentence", "cases"), _CARVED[1::3])
def test_asked_capped_the_cap_with_carve_outs_stays_yes(sentence: str, cases: str) -> None:
    holds, conditions, _ = _read(sentence, negated=False)
    assert holds is True and conditions == (), sentence
    reading, _ = ClauseReader(Claim(_ENTRY, False, None, ())).read(sentence)
    assert reading is not None and reading.exceptions, sentence


_PLAIN = [
    f"In no event shall {who} exceed {limit}." for who, limit in itertools.product(_WHO, _LIMITS)
] + [
    # what only defers to another provision or qualifies the cap carves nothing out
    "Notwithstanding anything to the contrary, in no event shall either party's liability "
    "exceed the fees paid.",
    "Each party's liability shall not exceed the fees paid, provided that the Supplier "
    "invoices them monthly.",
    "In no event (including, but not limited to, Acme's default hereunder) shall Acme be "
    "liable to Beta for any amount in excess of the amounts actually received by Acme.",
    "Except that the Supplier shall refund prepaid fees, in no event shall the Supplier's "
    "liability exceed the fees paid.",
]


@pytest.mark.parametrize("sentence", _PLAIN)
@pytest.mark.parametrize("lower", [False, True])
def test_a_cap_that_carves_nothing_out_is_not_uncapped(sentence: str, lower: bool) -> None:
    sentence = sentence.lower() if lower else sentence
    assert _read(sentence, negated=True)[0] is False, sentence
    assert _read(sentence, negated=False)[0] is True, sentence


_SUBJECTS = [
    "The limitations in Section 9 shall not apply to",
    "The foregoing limitations of liability shall not apply to",
    "The limitation of liability set forth in this Article 12 will not apply with respect to",
    "These limitations of liability do not apply in the case of",
    "The cap on each party's liability in Section 9.2 is not applicable to",
]


@pytest.mark.parametrize(("opening", "cases"), itertools.product(_SUBJECTS, _CASES))
@pytest.mark.parametrize("upper", [False, True])
def test_a_carve_out_in_a_sentence_of_its_own(opening: str, cases: str, upper: bool) -> None:
    sentence = f"{opening} {cases}."
    if upper:
        sentence, cases = sentence.upper(), cases.upper()
    holds, conditions, lead = _read(sentence, negated=True)
    assert holds is True and conditions == (f"uncapped for {cases}",), sentence
    assert lead == f"uncapped for {cases}", sentence
    # asked whether capped, the cap's own sentence decides: this one says nothing of it
    assert _read(sentence, negated=False)[0] is None, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "Nothing in this Agreement shall exclude or limit either party's liability for death or "
        "personal injury caused by its negligence.",
        "Neither Party excludes or limits any liability for fraud or fraudulent misrepresentation.",
        "Breaches of confidentiality by either party and the parties' indemnification "
        "obligations are excluded from these limitations of liability.",
    ],
)
def test_other_words_that_lift_a_cap(sentence: str) -> None:
    holds, conditions, _ = _read(sentence, negated=True)
    assert holds is True and conditions and conditions[0].startswith("uncapped for"), sentence


@pytest.mark.parametrize(
    "sentence",
    [
        # an NDA's exclusions, a licence's restrictions: no limitation of liability
        "The foregoing restrictions shall not apply to information that is publicly available.",
        "The limitations on use in Section 2 shall not apply to the Licensee's Affiliates.",
        "The Recipient shall not disclose Confidential Information, except to its employees.",
    ],
)
def test_limits_of_something_else_carve_nothing_out_of_a_cap(sentence: str) -> None:
    assert _read(sentence, negated=True)[0] is None, sentence


# --- exceptions that carve nothing out (review of issue 34) ----------------------------------

_REFERENCES = [
    "except as set forth in Section 8",
    "except as provided in Section 12",
    "save as otherwise provided herein",
    "except as otherwise expressly provided in Article 10",
    "other than as set out in Schedule 2",
    "except to the extent otherwise provided in Section 14.3",
]
# what qualifies the cap's amount, not the liability
_AMOUNTS = [
    "excluding taxes and shipping charges",
    "other than fees paid for Professional Services",
    "excluding any applicable sales taxes",
    "other than reimbursed travel expenses",
    "except for amounts paid for third-party hardware",
    "excluding VAT",
]


def _capped(who: str, limit: str, exception: str) -> list[str]:
    return [
        f"In no event shall {who} exceed {limit}, {exception}.",
        f"{exception[0].upper() + exception[1:]}, in no event shall {who} exceed {limit}.",
        f"{who[0].upper() + who[1:]} shall not exceed {limit}, {exception}.",
        f"{who[0].upper() + who[1:]} shall be limited to {limit} ({exception}).",
    ]


_NOTHING_CARVED = [
    sentence
    for who, limit, exception in itertools.product(
        ["Vendor's total liability", "the supplier's liability", "ACME & Co.'s liability"],
        ["the amounts paid", "the purchase price"],
        _REFERENCES + _AMOUNTS,
    )
    for sentence in _capped(who, limit, exception)
]


@pytest.mark.parametrize("sentence", _NOTHING_CARVED[::2])
@pytest.mark.parametrize("case", ["as is", "lower", "upper"])
def test_a_reference_or_an_amount_exclusion_carves_nothing_out(sentence: str, case: str) -> None:
    sentence = {"as is": sentence, "lower": sentence.lower(), "upper": sentence.upper()}[case]
    assert _read(sentence, negated=True)[0] is False, sentence
    assert _read(sentence, negated=False)[0] is True, sentence


@pytest.mark.parametrize(
    ("exception", "cases"),
    [
        # a payment obligation, a wrong, an excepted case named "as to": still carved out
        ("except for Customer's obligation to pay fees", "Customer's obligation to pay fees"),
        ("excluding its payment obligations", "its payment obligations"),
        ("other than amounts payable under Section 9", "amounts payable under Section 9"),
        ("except as to claims for gross negligence", "claims for gross negligence"),
        ("except for breach of confidentiality", "breach of confidentiality"),
    ],
)
def test_a_carve_out_beside_an_amount_word_is_still_carved(exception: str, cases: str) -> None:
    for sentence in _capped("either party's liability", "the fees paid", exception):
        holds, conditions, _ = _read(sentence, negated=True)
        assert holds is True and conditions == (f"uncapped for {cases}",), sentence


_DAMAGES_EXCLUSIONS = [
    "The exclusion of consequential damages in Section 10.1 shall not apply to",
    "The foregoing limitation of damages shall not apply to",
    "The exclusions of indirect, incidental and special damages above do not apply to",
    "The consequential damages exclusion in Section 10 will not apply with respect to",
    "the limitation on punitive or exemplary damages is not applicable to",
    "The exclusion of liability for lost profits shall not apply in the case of",
]


@pytest.mark.parametrize(
    ("opening", "cases"),
    itertools.product(_DAMAGES_EXCLUSIONS, ["breaches of Section 7", *_CASES[:2]]),
)
@pytest.mark.parametrize("upper", [False, True])
def test_a_carve_out_of_a_damages_exclusion_is_no_carve_out_of_a_cap(
    opening: str, cases: str, upper: bool
) -> None:
    sentence = f"{opening} {cases}."
    sentence = sentence.upper() if upper else sentence
    assert _read(sentence, negated=True)[0] is None, sentence


@pytest.mark.parametrize(
    "opening",
    [
        "The limitations of liability in Section 9 shall not apply to",
        "The limitations of liability and exclusions of damages in Section 9 shall not apply to",
        "The exclusion of consequential damages and the cap on liability in Section 10 shall not "
        "apply to",
    ],
)
def test_a_carve_out_of_a_cap_beside_a_damages_exclusion_stays(opening: str) -> None:
    holds, conditions, _ = _read(f"{opening} fraud or willful misconduct.", negated=True)
    assert holds is True and conditions == ("uncapped for fraud or willful misconduct",)


@pytest.mark.parametrize(
    "sentence",
    [
        "The limitations of liability in Section 9 shall not apply to claims arising under "
        "Section 11 (Indemnity).",
        "In no event shall either party's liability exceed the fees paid, except for claims "
        "arising under Section 11 (Indemnity).",
        "In no event shall either party's liability (except for claims arising under Section 11 "
        "(Indemnity)) exceed the fees paid.",
        "Except for claims arising under Section 11 (Indemnity), in no event shall either party's "
        "liability exceed the fees paid.",
    ],
)
@pytest.mark.parametrize("lower", [False, True])
def test_carved_cases_keep_their_brackets_balanced(sentence: str, lower: bool) -> None:
    sentence = sentence.lower() if lower else sentence
    _, conditions, lead = _read(sentence, negated=True)
    expected = "uncapped for claims arising under Section 11 (Indemnity)"
    assert conditions == ((expected.lower() if lower else expected),), sentence
    assert lead.count("(") == lead.count(")"), lead


# --- end to end: a cap and its carve-out in sentences of their own ---------------------------


# an amount cap and a limitation to a standard of fault in one sentence, for either party
_MIXED = [
    "{a}'s liability is limited to the fees paid in the preceding twelve months, and {b}'s "
    "liability is limited to its gross negligence.",
    "Each party's liability under this Agreement shall not exceed $1,000,000, and such "
    "liability shall be limited to gross negligence or wilful misconduct.",
]
_MIXED_PARTIES = [("Vantrell Foods", "Oakhurst Logistics"), ("Brimley Optics", "Castellan Dairy")]


def _agreement(
    a: str,
    b: str,
    carve_out: bool,
    *,
    damages: bool = False,
    fault: bool = False,
    mixed: str = "",
) -> bytes:
    clauses = [
        f"This Supply Agreement is entered into as of March 1, 2021 by and between {a}, Inc., a "
        f"Delaware corporation, and {b}, LLC, a Texas limited liability company.",
        "9.1 In no event shall either party's aggregate liability arising out of this Agreement "
        "exceed the fees paid in the twelve months preceding the claim.",
        "12.1 This Agreement shall be governed by the laws of the State of New York.",
    ]
    if damages:
        # a reference, an amount's exclusion and a damages exclusion's carve-out: no carve-out
        clauses[1:2] = [
            "9.1 Except as set forth in Section 8, in no event shall either party's aggregate "
            "liability arising out of this Agreement exceed the fees paid in the twelve months "
            "preceding the claim, excluding taxes and shipping charges.",
            "10.1 In no event shall either party be liable for any consequential, indirect or "
            "punitive damages.",
            "10.2 The exclusion of consequential damages in Section 10.1 shall not apply to "
            "breaches of Section 7 (Confidentiality).",
        ]
    if fault:
        # a limitation to a standard of fault, no amount: what is lifted out of it is no
        # carve-out of a cap
        clauses[1:2] = [
            f"9.1 {a}'s liability arising from this Agreement is limited to intentional "
            "misconduct or gross negligence.",
            "9.2 This limitation of liability does not apply to the injury of the life, body or "
            "health of a person or to claims under the Product Liability Act.",
        ]
    if mixed:
        # an amount cap beside a limitation to fault in one sentence: an amount cap, so what a
        # sentence of its own lifts out of the Section is uncapped
        clauses[1:2] = [
            f"9.1 {mixed.format(a=a, b=b)}",
            "9.2 The limitations of liability in this Section shall not apply to breach of "
            "confidentiality.",
        ]
    if carve_out:
        clauses.insert(
            2,
            "9.2 The limitations in Section 9.1 shall not apply to a party's indemnification "
            "obligations or its gross negligence or willful misconduct.",
        )
    return clauses_pdf("SUPPLY AGREEMENT", clauses)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "uncapped-carve-outs",
        [
            ("supply_carved.pdf", _agreement("Tavish Media", "Orland Sports", True)),
            ("supply_plain.pdf", _agreement("Pemberton", "Kaplow", False)),
            ("supply_damages.pdf", _agreement("Quillfeather", "Maranatha", False, damages=True)),
            ("supply_fault.pdf", _agreement("Rothwell Oleo", "Sandoval", False, fault=True)),
            *(
                (f"supply_mixed_{i}.pdf", _agreement(a, b, False, mixed=form))
                for i, ((a, b), form) in enumerate(zip(_MIXED_PARTIES, _MIXED, strict=True))
            ),
        ],
    )


def _answer(runtime: Any, question: str) -> str:
    answer = json.loads(runtime.skill.ask("kb", question).to_json())
    return str(answer["conclusion"]["answer"] or "")


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Is liability under the Supply Agreement between {a} and {b} unlimited?",
        "Is {a}'s liability toward {b} uncapped under their contract?",
        "Is {a}'s liability to {b} under their contract not capped?",
    ],
)
def test_a_carve_out_sentence_answers_uncapped_and_the_cap_stays_capped(
    runtime: Any, question: str
) -> None:
    carved = _answer(runtime, question.format(a="Tavish Media", b="Orland Sports"))
    assert carved.startswith(
        "Yes, with conditions — uncapped for a party's indemnification obligations or its "
        "gross negligence or willful misconduct: 9.2 The limitations"
    ), carved
    plain = _answer(runtime, question.format(a="Pemberton", b="Kaplow"))
    assert plain.startswith("No — 9.1 In no event"), plain
    damages = _answer(runtime, question.format(a="Quillfeather", b="Maranatha"))
    assert damages.startswith("No — 9.1 Except as set forth in Section 8"), damages
    capped = _answer(
        runtime,
        "Is there a cap on liability under the Supply Agreement between Tavish Media and Orland "
        "Sports?",
    )
    assert capped.startswith("Yes — 9.1 In no event"), capped


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Is liability under the Supply Agreement between {a} and {b} unlimited?",
        "Is {a}'s liability toward {b} uncapped under their contract?",
        "is {a}'s liability to {b} under their contract not capped?",
    ],
)
def test_cases_lifted_out_of_a_limitation_to_fault_are_no_uncapped_liability(
    runtime: Any, question: str
) -> None:
    # "liability is limited to intentional misconduct or gross negligence" caps no amount: the
    # cases "this limitation of liability does not apply to" are carved out of no cap
    answer = _answer(runtime, question.format(a="Rothwell Oleo", b="Sandoval"))
    assert not answer.startswith("Yes"), answer
    capped = _answer(
        runtime,
        "Is there a cap on liability under the Supply Agreement between Rothwell Oleo and Sandoval?",
    )
    assert capped.startswith("Yes —"), capped


_FAULT_LIMITS = [
    "{who} liability arising from this Agreement is limited to intentional misconduct or gross "
    "negligence.",
    "{who} liability hereunder shall be limited to cases of wilful misconduct or gross negligence.",
    "{who} liability under this Agreement will be restricted to its own fraud or bad faith.",
]
_AMOUNT_LIMITS = [
    "{who} liability arising from this Agreement is limited to the fees paid hereunder.",
    "{who} liability hereunder shall be limited to intentional misconduct and shall not exceed "
    "one million dollars.",
    "In no event shall {who} liability exceed the amounts paid, except for gross negligence.",
]
_WHOSE = ["The Supplier's", "Acme & Co.'s", "each party's"]


@pytest.mark.parametrize(
    ("sentence", "no_amount"),
    [
        (form.format(who=who), no_amount)
        for i, who in enumerate(_WHOSE)
        for forms, no_amount in ((_FAULT_LIMITS, True), (_AMOUNT_LIMITS, False))
        for form in forms[i:] + forms[:i]
    ][::2],
)
@pytest.mark.parametrize("case", ["as is", "lower", "upper"])
def test_a_limitation_to_fault_bounds_no_amount(sentence: str, no_amount: bool, case: str) -> None:
    if case != "as is":
        sentence = sentence.lower() if case == "lower" else sentence.upper()
    reader = ClauseReader(Claim(_ENTRY, True, None, (), True))
    assert reader.bounds_no_amount(sentence) is no_amount, sentence


@pytest.mark.slow
@pytest.mark.parametrize("i", range(len(_MIXED)))
@pytest.mark.parametrize(
    "question",
    [
        "Is {a}'s liability uncapped?",
        "is {b}'s liability under the agreement with {a} unlimited?",
    ],
)
def test_an_amount_cap_beside_a_fault_standard_keeps_its_carve_outs(
    runtime: Any, i: int, question: str
) -> None:
    # "limited to the fees paid ..., and Customer's liability is limited to its gross
    # negligence" caps an amount: the Section's carve-out is uncapped liability
    a, b = _MIXED_PARTIES[i]
    answer = _answer(runtime, question.format(a=a, b=b))
    assert answer.startswith("Yes, with conditions — uncapped for breach of confidentiality"), (
        answer
    )


def _mixed_limits() -> list[str]:
    # an amount cap (a figure, words, fees paid, "the amount", "exceed", "in excess of",
    # "aggregate") and a fault standard in one sentence, either first, for either party
    amounts = [
        "is limited to the fees paid in the preceding twelve months",
        "shall not exceed $1,000,000",
        "shall not exceed one million dollars (US$1,000,000)",
        "shall be limited to the amount of fees payable hereunder",
        "shall in no event be in excess of five hundred thousand euros",
        "shall be limited in the aggregate to EUR 250,000",
    ]
    faults = [
        "is limited to its gross negligence",
        "shall be limited to gross negligence or wilful misconduct",
        "shall be limited to cases of willful misconduct or fraud",
        "is restricted to its own intentional misconduct",
    ]
    whose = [("Supplier's", "Customer's"), ("Acme & Co.'s", "Beta's"), ("each party's", "its")]
    out = []
    for n, (amount, fault) in enumerate(itertools.product(amounts, faults)):
        x, y = whose[n % len(whose)]
        first = f"{x[0].upper() + x[1:]} liability {amount}, and {y} liability {fault}."
        second = f"{x[0].upper() + x[1:]} liability {fault}, and {y} liability {amount}."
        sentence = first if n % 2 else second
        out.append(sentence.lower() if n % 3 == 0 else sentence)
    return out


@pytest.mark.parametrize("sentence", _mixed_limits())
def test_a_sentence_stating_an_amount_bounds_an_amount(sentence: str) -> None:
    reader = ClauseReader(Claim(_ENTRY, True, None, (), True))
    assert reader.bounds_no_amount(sentence) is False, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "The Supplier's liability under Section 9 is limited to its gross negligence.",
        "acme & co.'s liability hereunder shall be limited to wilful misconduct or fraud.",
        "Each party's liability under Article 12.3 shall be restricted to cases of willful "
        "default.",
    ],
)
def test_a_section_number_states_no_amount(sentence: str) -> None:
    reader = ClauseReader(Claim(_ENTRY, True, None, (), True))
    assert reader.bounds_no_amount(sentence) is True, sentence
