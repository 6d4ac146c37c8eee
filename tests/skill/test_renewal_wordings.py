"""Automatic renewal said in other words than "renews automatically" (issue 34; classes found
on cuad-train's training contracts, Renewal Term): "subject to automatic successive renewal
terms", "shall automatically continue following the Initial Term" / "continue automatically
for", "shall continue for successive one-year periods", and a renewal that happens unless a
party gives notice ("may be renewed for additional periods of one year unless either Party
provides notice of nonrenewal"). An option to renew, a renewal by mutual agreement, and a
service that continues during the term are no automatic renewal. Generated over subjects,
periods, notice wordings and case."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_SUBJECTS = ["This Agreement", "the Term", "The License Agreement", "this distribution agreement"]
_PERIODS = ["one (1) year", "three (3) years", "twelve months"]


def _renews(sentence: str) -> bool | None:
    return holds("automatic_renewal", sentence)


def _cap(sentence: str) -> str:
    return sentence[0].upper() + sentence[1:]


_RENEWING = [
    sentence
    for subject, period in itertools.product(_SUBJECTS, _PERIODS)
    for sentence in (
        f"The Initial Term of {subject} shall be subject to automatic successive renewal terms "
        f"of {period} each.",
        f"{_cap(subject)} shall automatically continue following the Initial Term for an "
        f"additional period of {period}, unless a party provides written notice of termination.",
        f"{_cap(subject)} shall continue until June 30, 2022, and thereafter shall continue "
        f"automatically for successive periods of {period}.",
        f"{_cap(subject)} shall thereafter continue for successive periods of {period}.",
        f"{_cap(subject)} may be renewed for additional periods of {period} unless either Party "
        f"provides notice of nonrenewal at least sixty (60) days prior to its expiry.",
        f"{_cap(subject)} shall have a duration of five years, extendable for a further "
        f"{period}, unless notice of non-renewal is sent one year before its expiry.",
        f"{_cap(subject)} will be extended for consecutive terms of {period} unless either party "
        f"notifies the other of its intention not to extend.",
    )
]


@pytest.mark.parametrize("sentence", _RENEWING)
@pytest.mark.parametrize("case", ["as written", "upper"])
def test_automatic_renewal_in_other_words(sentence: str, case: str) -> None:
    sentence = sentence.upper() if case == "upper" else sentence
    assert _renews(sentence) is True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        # an option, a renewal by agreement, a service during the term: no automatic renewal
        "The Company may renew this Agreement for one additional five year period by providing "
        "written notice of its intent to effect such renewal.",
        "The term of this Agreement may be extended for an additional two year period with the "
        "written consent of both parties.",
        "Maintenance and Support shall automatically continue during the term of this Agreement.",
        "This Agreement shall continue in full force and effect until terminated by either party.",
        "The Distributor shall have the option to renew this Agreement for an additional three "
        "year period by providing prior written notice to the Company.",
        "Any extension of the Term shall be agreed in writing, unless the Parties otherwise "
        "decide.",
    ],
)
def test_no_automatic_renewal_in_an_option_or_an_agreement(sentence: str) -> None:
    assert _renews(sentence) is not True, sentence


@pytest.mark.parametrize("subject", _SUBJECTS)
def test_a_renewal_denied_stays_no(subject: str) -> None:
    sentence = f"{_cap(subject)} shall not automatically renew for successive periods."
    assert _renews(sentence) is False, sentence


# an option to renew, a renewal by agreement, and a continuation with no term after it, in
# the wordings the patterns of renewal unless notice and of continuing automatically reach
# (review of issue 34): no automatic renewal. Generated over subjects, periods, parties and
# case.
_NOT_RENEWING_HEADS = [
    "The Distributor may renew {s} for an additional term of {p} by giving written notice, "
    "unless the Supplier elects otherwise.",
    "The Licensee can extend {s} for a further period of {p} by providing notice, unless the "
    "Licensor elects not to.",
    "{S} may be extended for further periods of {p} upon mutual agreement, unless terminated "
    "earlier upon notice.",
    "{S} may be renewed for additional terms of {p} if the parties agree in writing, unless "
    "either party gives notice.",
    "{S} shall continue for successive periods of {p} only if the parties so agree in writing.",
    "{S} shall be extended for additional periods of {p} upon mutual written agreement.",
    "During the Term, the warranty under {s} shall automatically continue for the benefit of "
    "any transferee.",
    "The license under {s} shall continue automatically for so long as the Licensee pays the fees.",
]


@pytest.mark.parametrize("head", _NOT_RENEWING_HEADS)
@pytest.mark.parametrize(("subject", "period"), list(zip(_SUBJECTS, _PERIODS * 2, strict=False)))
@pytest.mark.parametrize("case", ["as written", "upper"])
def test_an_option_an_agreement_or_a_continuation_without_term_is_no_renewal(
    head: str, subject: str, period: str, case: str
) -> None:
    sentence = head.format(s=subject, S=_cap(subject), p=period)
    sentence = sentence.upper() if case == "upper" else sentence
    assert _renews(sentence) is not True, sentence


@pytest.mark.parametrize(("subject", "period"), list(zip(_SUBJECTS, _PERIODS * 2, strict=False)))
def test_continuing_automatically_for_a_term_or_from_year_to_year_renews(
    subject: str, period: str
) -> None:
    for sentence in (
        f"{_cap(subject)} shall continue automatically for successive renewal terms of {period}.",
        f"{_cap(subject)} shall automatically continue after the expiry of the Initial Term for "
        f"{period}.",
        f"{_cap(subject)} shall continue automatically from year to year.",
    ):
        assert _renews(sentence) is True, sentence


# "unless otherwise agreed" is an exception to an automatic renewal, not a renewal by
# agreement: still automatic
@pytest.mark.parametrize(("subject", "period"), list(zip(_SUBJECTS, _PERIODS * 2, strict=False)))
@pytest.mark.parametrize(
    "tail",
    [
        "unless otherwise agreed by the parties in writing",
        "unless the parties otherwise agree",
        "unless the parties agree otherwise or either party gives notice",
        "unless mutually agreed otherwise",
    ],
)
def test_a_renewal_unless_otherwise_agreed_is_automatic(
    subject: str, period: str, tail: str
) -> None:
    for head in (
        "shall be renewed for successive terms of",
        "shall continue for successive periods of",
    ):
        sentence = f"{_cap(subject)} {head} {period}, {tail}."
        assert _renews(sentence) is True, sentence


# "subject to renewal ... unless notice" is automatic; "the right to renew" is an option
@pytest.mark.parametrize(("subject", "period"), list(zip(_SUBJECTS, _PERIODS * 2, strict=False)))
@pytest.mark.parametrize(("noun", "verb"), [("renewal", "renew"), ("renewal", "extend")])
def test_subject_to_renewal_unless_notice_is_automatic_a_right_to_renew_not(
    subject: str, period: str, noun: str, verb: str
) -> None:
    sentence = (
        f"{_cap(subject)} shall be subject to {noun} for successive terms of {period} unless "
        "either party gives notice of non-renewal."
    )
    assert _renews(sentence) is True, sentence
    option = (
        f"The Licensee has the right to {verb} {subject} for additional terms of {period} "
        "unless the Licensor gives notice."
    )
    assert _renews(option) is not True, option
