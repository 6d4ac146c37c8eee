"""A right to terminate bounded by nothing but a notice period, read as termination without
cause (issue 34; classes of the missed Termination For Convenience spans of cuad-train's
training contracts, probe of the reader on the annotated spans):

- a notice period and no ground: "may terminate this Agreement upon thirty (30) days' prior
  written notice", "by giving two (2) weeks' notice in writing", "with a 7-day notice period",
  "upon one year's notice", "on notice of not less than ninety days";
- "by" before a gerund is the right's means, not a passive's agent ("by giving", "by
  providing": the notice period after it still qualifies the right);
- the party's own judgement in other words ("in its sole and absolute discretion", "at the
  discretion of either party").

And what stays no such right (probe of sentences outside every span): a ground named beside
the notice ("with cause", "if the other party breaches", "after failure by X to comply", "for
Efficacy Reasons", a capitalised ground the agreement defines), or the notice of not renewing
("at the expiration of its term ... upon thirty days notice").

Generated over parties (names, short names, "&", possessives, "either party"), modal verbs,
periods in words and digits, clause order, lower and upper case."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_PARTIES = ["Acme", "Either party", "Each Party", "O'Brien & Sons", "the Licensee", "HALCYON"]
_MODALS = ["may", "shall have the right to", "will be entitled to", "may also"]
_PERIODS = [
    "thirty (30) days' prior written notice",
    "60 days written notice",
    "two (2) weeks' notice in writing",
    "one year's prior written notice",
    "at least six (6) months' advance notice",
    "ninety (90) calendar days prior written notice",
]
_MEANS = ["upon", "by giving", "by providing", "on", "with", "after giving"]


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _cases(sentence: str) -> list[str]:
    return [sentence, sentence.lower(), sentence.upper()]


def _rights() -> list[str]:
    out = []
    for i, (party, modal, period, means) in enumerate(
        itertools.product(_PARTIES, _MODALS, _PERIODS, _MEANS)
    ):
        if i % 7:  # a spread over the product, not all of it: the reader is the same
            continue
        out.append(f"{party} {modal} terminate this Agreement {means} {period} to the other party.")
        # a condition opening the sentence ("Upon ..., Acme may terminate")
        out.append(f"Upon {period}, {party} {modal} terminate this Agreement.")
    return [case for s in out for case in _cases(_cap(s))]


@pytest.mark.parametrize("sentence", _rights())
def test_a_right_bounded_by_notice_is_termination_without_cause(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is True, sentence


_OTHER_WORDS = [
    "This Agreement may be terminated by {p} by giving the other party at least 12 months' "
    "notice in writing.",
    "{p} may terminate this agreement at any time within a 7-day notice period.",
    "{p} may terminate this Agreement on notice of not less than ninety (90) days.",
    "{p} may, in its sole and absolute discretion, terminate this Agreement.",
    "This Agreement may be terminated at the discretion of {p}.",
    "{p} may terminate this Agreement in their unfettered discretion.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party in itertools.product(_OTHER_WORDS, _PARTIES)
        for case in _cases(_cap(head.format(p=party)))
    ],
)
def test_notice_and_discretion_in_other_words(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is True, sentence


_GROUNDS = [
    "This Agreement may be terminated by {p} with cause upon {n}.",
    "{p} may terminate this Agreement upon {n} if the other party materially breaches it.",
    "{p} may terminate this Agreement after failure by the Owner to pay any fee within {n}.",
    "This Agreement may be terminated by {p} at the expiration of its term or any renewal "
    "term upon {n}.",
    "{p} may terminate this Agreement effective at the end of the then-current term by giving {n}.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, period in itertools.product(_GROUNDS, _PARTIES, _PERIODS[:3])
        for case in _cases(_cap(head.format(p=party, n=period)))
    ],
)
def test_a_ground_or_the_term_s_end_beside_the_notice_is_no_such_right(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is not True, sentence


# a ground the agreement defines is told by its capitals: in lower case "for safety reasons"
# reads as "for business reasons" would (no lower-case variant here)
_DEFINED_GROUNDS = [
    "{p} shall have the right to terminate this Agreement for Efficacy Reasons upon {n}.",
    "{p} may terminate this Agreement for Safety Reasons by giving {n}.",
    "{p} may terminate this Agreement for Medical Cause upon {n}.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, period in itertools.product(_DEFINED_GROUNDS, _PARTIES, _PERIODS[:3])
        for case in (_cap(head.format(p=party, n=period)), head.format(p=party, n=period).upper())
    ],
)
def test_a_defined_ground_beside_the_notice_is_no_such_right(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is not True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "ACME MAY TERMINATE THIS AGREEMENT FOR ANY REASON UPON 30 DAYS NOTICE.",
        "Acme may terminate this Agreement For Any Reason upon 30 days notice.",
        "Acme may terminate this Agreement for Convenience Reasons upon 30 days notice.",
    ],
)
def test_any_reason_in_capitals_is_no_defined_ground(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement may be terminated by the Company for any reason.",
        "This Agreement may be terminated by Acme at any time.",
        "Acme may terminate this Agreement for any reason or no reason, by giving notice.",
    ],
)
def test_a_passive_s_agent_still_reads(sentence: str) -> None:
    for case in _cases(sentence):
        assert holds("termination_without_cause", case) is True, case


_TAKEN_BACK = [
    "{p} may terminate this Agreement upon {n}, provided, however, that {p} agrees not to "
    "terminate this Agreement unless it sells the Company.",
    "{p} shall have the right to terminate this Agreement upon {n}, provided that {p} shall not "
    "terminate this Agreement except upon a Change of Ownership.",
    "{p} may terminate this Agreement at any time upon {n}, provided that {p} may not so "
    "terminate other than within the first year.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, period in itertools.product(_TAKEN_BACK, _PARTIES, _PERIODS[:2])
        for case in _cases(_cap(head.format(p=party, n=period)))
    ],
)
def test_a_proviso_that_takes_the_right_back_to_grounds(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is not True, sentence


_PARTS = [
    "{p} may terminate the whole or any part of this Agreement for convenience at any time.",
    "{p} may terminate all or any portion of this Agreement upon {n}.",
    "{p} shall have the right to terminate any part of this agreement by giving {n}.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, period in itertools.product(_PARTS, _PARTIES, _PERIODS[:2])
        for case in _cases(_cap(head.format(p=party, n=period)))
    ],
)
def test_a_part_of_this_agreement_is_the_agreement_s_end(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "{p} may terminate any part of the Products at any time.",
        "{p} may terminate all or any portion of any Statement of Work upon 30 days notice.",
    ],
)
def test_a_part_of_something_else_is_not(sentence: str) -> None:
    for party in _PARTIES:
        for case in _cases(_cap(sentence.format(p=party))):
            assert holds("termination_without_cause", case) is not True, case


# review of issue 34: a ground named in other words beside the notice (an event, a change in
# control, the term's end or its renewal), a ground in the exception after it, a proviso that
# takes the right back, and a part of something other than the agreement
_PERIODS_WORDS_DIGITS = ["thirty (30) days' notice", "60 days written notice", "two weeks' notice"]
_EVENT_GROUNDS = [
    "{p} may terminate this Agreement upon a Change in Control of the other party upon {n}.",
    "upon a change of ownership of the other party, {p} may terminate this Agreement upon {n}.",
    "{p} may terminate this Agreement by giving notice of non-renewal upon {n}.",
    "{p} may terminate this Agreement by giving {n} of its intent not to renew.",
    "{p} may terminate this Agreement upon {n} prior to the expiration of the then-current term.",
    "{p} may terminate this Agreement upon {n} before the end of the Initial Term.",
    "{p} may terminate this Agreement as of the end of any calendar year upon {n}.",
    "{p} may terminate this Agreement for Disability upon {n}.",
    "{p} may terminate this Agreement due to the Executive's Disability upon {n}.",
    "{p} may terminate this Agreement in the case of a Termination Event upon {n}.",
    "{p} may terminate this Agreement on the occurrence of a Trigger Event upon {n}.",
    "{p} may terminate this Agreement upon {n} where the other party is acquired.",
    "{p} may terminate this Agreement upon {n} after the other party is acquired by a competitor.",
    "{p} may terminate this Agreement upon {n} as a result of any regulatory change.",
    "{p} may terminate this Agreement because of a change in law upon {n}.",
    "{p} may terminate this Agreement upon {n} in the event of the death of the Consultant.",
]


def _upper_keeps_capitals(sentence: str) -> list[str]:
    # a defined "... Event" is told by its capitals: not in lower case
    out = [sentence, sentence.upper()]
    return out if "Event" in sentence else [*out, sentence.lower()]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, period in itertools.product(
            _EVENT_GROUNDS, _PARTIES[:4], _PERIODS_WORDS_DIGITS
        )
        for case in _upper_keeps_capitals(_cap(head.format(p=party, n=period)))
    ],
)
def test_an_event_the_term_s_end_or_non_renewal_beside_the_notice_is_no_such_right(
    sentence: str,
) -> None:
    assert holds("termination_without_cause", sentence) is not True, sentence


_EXCEPTIONS = [
    "{p} may terminate this Agreement upon {n} unless the other party cures the breach within "
    "such period.",
    "{p} may terminate this Agreement upon {n}, except where the default is remedied within "
    "such period.",
    "{p} may terminate this Agreement upon {n} unless the violation is corrected.",
]
_PROVISOS = [
    "{p} may terminate this Agreement upon {n}, provided that neither party shall terminate "
    "this Agreement except within the first year.",
    "{p} may terminate this Agreement upon {n}, provided that no party may terminate this "
    "Agreement other than on the third anniversary.",
    "{p} may terminate this Agreement upon {n}, provided that it may terminate this Agreement "
    "only on the anniversary of the Effective Date.",
    "{p} may terminate this Agreement upon {n}; provided, however, that such termination may be "
    "made solely upon the sale of the Product line.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, period in itertools.product(
            _EXCEPTIONS + _PROVISOS, _PARTIES, _PERIODS_WORDS_DIGITS
        )
        for case in _cases(_cap(head.format(p=party, n=period)))
    ],
)
def test_a_ground_in_the_exception_or_a_proviso_after_the_notice(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is not True, sentence


_STILL_RIGHTS = [
    "{p} may terminate this Agreement at any time after the first anniversary of the Effective "
    "Date upon {n}.",
    "After the date that is eighteen (18) months after the Effective Date, {p} may terminate "
    "this Agreement upon {n}.",
    "{p} may terminate this Agreement at any time after this Agreement becomes effective upon {n}.",
    "{p} may terminate this Agreement for any reason, whether or not extended beyond the "
    "initial term, upon {n}.",
    "{p} may terminate this Agreement at any time prior to the expiration of the Term upon {n}.",
    "{p} may terminate any portion of this License Agreement upon {n}.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, period in itertools.product(_STILL_RIGHTS, _PARTIES, _PERIODS_WORDS_DIGITS)
        for case in (_cap(head.format(p=party, n=period)), head.format(p=party, n=period).upper())
    ],
)
def test_a_time_or_a_part_of_the_agreement_stays_such_a_right(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "{p} may terminate any portion of this Statement of Work upon {n}.",
        "{p} may terminate all or any part of this Purchase Order upon {n}.",
        "{p} may terminate any part of this Work Order by giving {n}.",
    ],
)
def test_a_part_of_an_order_under_it_is_not_the_agreement(sentence: str) -> None:
    for party, period in itertools.product(_PARTIES, _PERIODS_WORDS_DIGITS):
        for case in _cases(_cap(sentence.format(p=party, n=period))):
            assert holds("termination_without_cause", case) is not True, case
