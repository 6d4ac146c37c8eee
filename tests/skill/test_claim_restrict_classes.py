"""Termination rights and exclusivity read right (issue 34, CUAD yes/no development rows;
classes of the missed Termination For Convenience and Exclusivity spans):

- a notice after a passive's "by" is the right's means, never its agent ("may be terminated by
  written notice of ninety days", "by ninety (90) days' prior written notice"): the notice
  bounds the right, no party is read in it;
- the passive's agent after the right's own time or notice ("may be terminated early on ninety
  (90) days' notice by Licensee", "at any time by Licensee") is who may terminate: asked of the
  other party, no Yes;
- a notice with no period, the right's only means ("shall have the right to terminate this
  Agreement by giving written notice to Racing"), a time before the verb ("at any time prior to
  December 31, 2010") aside; never with a ground, nor a notice another clause governs ("by
  notice given in accordance with paragraph 8");
- exclusivity: "exclusively" of where a proceeding is held and remedies "cumulative, ... not
  exclusive" are no exclusivity; a party's non-exclusive licences to third parties and the
  relationship non-exclusive only after its first period give way to the document's grant; a
  requirements contract ("shall purchase all of its requirements of the Products from Beta")
  is exclusivity said without the word.

Generated over parties (names, short names, "&", roles), modal verbs, notice periods, lower and
upper case."""

from __future__ import annotations

import itertools

import pytest

from domain import lexicon
from skill import Claim, ClauseReader
from tests.skill.claim_reading import capitalized, holds

ENTRIES = {p.name: p for p in lexicon().propositions}
_PARTIES = [("Licensee", "Licensor"), ("Acme", "Beta"), ("O'Brien & Sons", "Halcyon Health")]
_PERIODS = [
    "ninety (90) days' prior written notice",
    "30 days written notice",
    "six (6) months' notice",
    "at least sixty (60) calendar days' advance written notice",
]


def _cases(sentence: str) -> list[str]:
    return [sentence, sentence.lower(), sentence.upper()]


def _means() -> list[str]:
    out = [f"This Agreement may be terminated by {period}." for period in _PERIODS]
    out += [
        "This Agreement may be terminated early by written notice of ninety (90) days.",
        "This Agreement may be terminated by Notice of not less than thirty (30) days.",
    ]
    return [case for s in out for case in _cases(s)]


@pytest.mark.parametrize("sentence", _means())
def test_a_notice_after_by_is_the_rights_means(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is True, sentence


_LATE_AGENT = [
    "This Agreement may be terminated on {period} by {a}.",
    "This Agreement may be terminated early upon {period} by {a}.",
    "This Agreement may be terminated at any time by {a}.",
    "This Agreement may be terminated without cause on {period} by {a}.",
]


def _late() -> list[tuple[str, str, str]]:
    out = []
    for i, (form, (a, b), period) in enumerate(itertools.product(_LATE_AGENT, _PARTIES, _PERIODS)):
        if i % 3 == 0:
            out.append((form.format(a=a, period=period), a, b))
    return out


@pytest.mark.parametrize(("sentence", "agent", "other"), _late())
def test_the_agent_after_the_rights_notice_is_who_may_terminate(
    sentence: str, agent: str, other: str
) -> None:
    assert holds("termination_without_cause", sentence, agent, (other,)) is True, sentence
    assert holds("termination_without_cause", sentence, other, (agent,)) is not True, sentence


_NO_PERIOD = [
    "{a} shall have the right to terminate this Agreement by giving written notice to {b}.",
    "{a} may terminate this Agreement by sending a written notice to {b}.",
    "{a} will be entitled to terminate this Agreement upon prior written notice to {b}.",
    "Notwithstanding Section 1, {a} shall have the right at any time prior to December 31, "
    "2010 to terminate this Agreement by giving written notice of such termination to {b}.",
    "{a} may, at any time after the first anniversary of the Effective Date, terminate this "
    "Agreement by providing written notice to {b}.",
]


def _no_period() -> list[str]:
    out = [form.format(a=a, b=b) for form in _NO_PERIOD for a, b in _PARTIES]
    return [case for i, s in enumerate(out) for case in (_cases(s) if i % 4 == 0 else [s])]


@pytest.mark.parametrize("sentence", _no_period())
def test_a_notice_with_no_period_bounds_the_right(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is True, sentence


_GROUNDED = [
    "{a} may terminate this Agreement upon written notice if {b} materially breaches it.",
    "{a} may terminate this Agreement by written notice to {b} in the event that {b} becomes "
    "insolvent.",
    "{a} may terminate this Agreement by giving written notice to {b} in the following "
    "circumstances:",
    "{a} may terminate this Agreement upon written notice to {b} as provided in Section 12.",
    "This Agreement shall remain in force until terminated by {a} by notice given in "
    "accordance with paragraph 8.",
    "This Agreement shall continue month to month until terminated by {a} upon the following "
    "written notice to {b}: sixty (60) days for interruptible service.",
    "{a} may terminate this Agreement upon receipt of notice from {b}.",
]


@pytest.mark.parametrize(
    "sentence", [form.format(a=a, b=b) for form in _GROUNDED for a, b in _PARTIES[:2]]
)
def test_a_notice_beside_a_ground_or_governed_elsewhere_is_no_such_right(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is not True, sentence


_NOT_EXCLUSIVITY = [
    "Arbitration will be conducted exclusively in the State of Delaware by arbitration "
    "administered by the American Arbitration Association.",
    "Any action arising out of this Agreement shall be brought exclusively in the courts of "
    "New York.",
    "All rights and remedies hereunder shall be cumulative, may be exercised singularly or "
    "concurrently and, unless otherwise stated herein, shall not be deemed exclusive.",
    "The rights of {a} under this Section are cumulative and not exclusive of any other rights.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for form in _NOT_EXCLUSIVITY
        for case in _cases(form.format(a=_PARTIES[1][0]))[: 2 if "{a}" in form else 1]
    ],
)
def test_exclusively_of_a_forum_or_cumulative_remedies_is_no_exclusivity(sentence: str) -> None:
    assert holds("exclusive", sentence) is None, sentence


_ANCILLARY = [
    "Each Party shall be entitled to grant non-exclusive licenses to any Third Party under its "
    "interest in a Joint Patent.",
    "{a} may grant non-exclusive sublicenses to one or more third parties.",
    "Following the initial one (1) year term, for any extension or renewal term, {a}'s "
    "appointment as Distributor shall be non-exclusive and {b} may appoint other distributors.",
    "After the third anniversary of the Effective Date, the license granted to {a} shall "
    "become non-exclusive.",
]


def _general(sentence: str) -> bool | None:
    reading, _ = ClauseReader(Claim(ENTRIES["exclusive"], False, None, ())).read(sentence)
    return None if reading is None else reading.general


@pytest.mark.parametrize(
    "sentence", [form.format(a=a, b=b) for form in _ANCILLARY for a, b in _PARTIES[:2]]
)
def test_an_ancillary_or_later_non_exclusivity_gives_way(sentence: str) -> None:
    assert holds("exclusive", sentence) is False, sentence
    assert _general(sentence) is True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "The license granted to {a} hereunder is non-exclusive.",
        "After the Effective Date, {a}'s appointment shall be non-exclusive.",
    ],
)
def test_the_relationships_own_non_exclusivity_still_decides(sentence: str) -> None:
    text = sentence.format(a="Acme")
    assert holds("exclusive", text) is False, text
    assert _general(text) is False, text


_REQUIREMENTS = [
    "{a} shall purchase all of its requirements of the Products from {b}.",
    "{a} agrees to purchase from {b} one hundred percent (100%) of {a}'s requirements for the "
    "Product.",
    "{a} will buy all of its needs for Products exclusively from {b}.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for form in _REQUIREMENTS
        for a, b in _PARTIES
        for case in (_cases(capitalized(form.format(a=a, b=b)))[:2])
    ],
)
def test_a_requirements_contract_is_exclusivity(sentence: str) -> None:
    assert holds("exclusive", sentence) is True, sentence


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Acme is not obligated to purchase all of its requirements from Beta.", False),
        ("Acme shall purchase all Products ordered under this Agreement at list prices.", None),
        (
            "Beta shall use commercially reasonable efforts to meet all of Acme's requirements.",
            None,
        ),
    ],
)
def test_other_purchases_are_no_requirements_contract(sentence: str, expected: bool | None) -> None:
    assert holds("exclusive", sentence) is expected, sentence


# Mends of the classes above (session 34 review): the notice's giver is the agent; a notice
# whose grounds stand elsewhere (a list, a schedule, a section, the heading above) bounds no
# right without cause; a requirements contract is a duty to buy from the other party only; a
# grant "exclusive, cumulative" is no remedies' mention.

_GIVEN_BY = [
    "This Agreement may be terminated by {notice} from {a} to {b}.",
    "This Agreement may be terminated by {notice} given by {a}.",
    "This Agreement may be terminated by {notice} by {a} to {b}.",
    "This Agreement may be terminated at any time by {notice} served by {a} on {b}.",
]
_NOTICES = ["written notice", "ninety (90) days' prior written notice", "thirty (30) days notice"]


def _given_by() -> list[tuple[str, str, str]]:
    out = []
    for i, (form, (a, b), notice) in enumerate(itertools.product(_GIVEN_BY, _PARTIES, _NOTICES)):
        if i % 3 == 0:
            text = form.format(a=a, b=b, notice=notice)
            out.append((text.lower() if i % 2 else text, a, b))
    return out


@pytest.mark.parametrize(("sentence", "agent", "other"), _given_by())
def test_the_giver_of_the_notice_is_who_may_terminate(
    sentence: str, agent: str, other: str
) -> None:
    assert holds("termination_without_cause", sentence, agent, (other,)) is True, sentence
    assert holds("termination_without_cause", sentence, other, (agent,)) is not True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement may be terminated by written notice from either party to the other.",
        "this agreement may be terminated by thirty (30) days' written notice given by either "
        "party.",
    ],
)
def test_either_partys_notice_is_each_partys_right(sentence: str) -> None:
    for actor, other in _PARTIES[:2]:
        assert holds("termination_without_cause", sentence, actor, (other,)) is True, sentence


_ELSEWHERE = [
    " in any of the following events:",
    " as follows:",
    ", in which case the following shall apply: (a) all fees become due",
    " in the circumstances set out below.",
    " in the circumstances described in Section 14.3.",
    " for the reasons set forth in Schedule B.",
    " on the grounds listed in clause 9(b).",
    " under Schedule 3.",
    " in the cases referred to above.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        capitalized(f"{a} {modal} terminate this Agreement by {giving}written notice to {b}{tail}")
        for i, (tail, (a, b), modal, giving) in enumerate(
            itertools.product(
                _ELSEWHERE, _PARTIES[:2], ["may", "shall have the right to"], ["", "giving "]
            )
        )
        if i % 4 == 0
    ],
)
def test_a_notice_whose_grounds_stand_elsewhere_is_no_such_right(sentence: str) -> None:
    for case in (sentence, sentence.lower()):
        assert holds("termination_without_cause", case) is not True, case


_GROUND_HEADINGS = [
    "Termination for Breach.",
    "12.2 Termination for Cause.",
    "Default.",
    "(b) Insolvency.",
    "TERMINATION UPON BANKRUPTCY.",
]


@pytest.mark.parametrize(
    "text",
    [
        f"{heading} {a} may terminate this Agreement by written notice to {b}."
        for heading, (a, b) in zip(_GROUND_HEADINGS, itertools.cycle(_PARTIES), strict=False)
    ],
)
def test_a_headings_ground_is_the_sentences(text: str) -> None:
    for case in (text, text.lower()):
        assert holds("termination_without_cause", case) is not True, case


@pytest.mark.parametrize(
    "heading", ["Termination for Convenience.", "Termination.", "12.3 Termination by Licensee."]
)
def test_a_heading_with_no_ground_leaves_the_notice_right(heading: str) -> None:
    text = f"{heading} Acme may terminate this Agreement by giving written notice to Beta."
    assert holds("termination_without_cause", text) is True, text


_NO_REQUIREMENTS_CONTRACT = [
    "{a} is free to purchase all of its requirements of the Products from third parties.",
    "{a} may purchase all of its requirements of the Products from {b} or any other supplier.",
    "{a} shall purchase all of its requirements of the Products from suppliers approved by {b}.",
    "{a} may buy all of its needs for the Products from {b}.",
    "{a} shall be entitled to obtain all of its requirements from any third party.",
    "{a} will purchase all of its requirements of the Products from {b} or another source.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for i, (form, (a, b)) in enumerate(
            itertools.product(_NO_REQUIREMENTS_CONTRACT, _PARTIES[:2])
        )
        for case in _cases(form.format(a=a, b=b))[: 2 if i % 2 else 1]
    ],
)
def test_a_permission_or_other_sources_is_no_requirements_contract(sentence: str) -> None:
    assert holds("exclusive", sentence) is not True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "{a} shall have the exclusive, cumulative right to distribute the Products in the "
        "Territory.",
        "{b} grants to {a} an exclusive and cumulative license to sell the Products.",
    ],
)
def test_an_exclusive_cumulative_grant_is_exclusivity(sentence: str) -> None:
    for a, b in _PARTIES[:2]:
        for case in _cases(sentence.format(a=a, b=b))[:2]:
            assert holds("exclusive", case) is True, case


@pytest.mark.parametrize(
    "sentence",
    [
        "The rights and remedies of {a} are cumulative and not exclusive of any other remedies.",
        "All remedies of {a} hereunder are cumulative and non-exclusive.",
        "The exclusive and cumulative remedies of {a} under this Section are in addition to "
        "any other rights.",
    ],
)
def test_cumulative_remedies_stay_a_mention(sentence: str) -> None:
    text = sentence.format(a="Acme")
    assert holds("exclusive", text) is None, text
