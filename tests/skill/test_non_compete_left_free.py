"""Sentences read as a non-compete that are none (issue 34; classes found on cuad-train's
training contracts, probe of sentences outside every Non-Compete span):

- competing left free: "Nothing in this Agreement limits X's right to develop or market
  competing products", "does not restrict either party from competing" say there is no
  restriction (No, never Yes);
- a release from a duty: "X shall not be required to sell competing products" restricts
  nothing and frees nothing (neither);
- other senses: "competitive" of a harm ("would likely cause competitive harm if publicly
  disclosed") or of quotations, the law of competition ("competition and/or antitrust law"),
  and what someone is ("provided that such third parties are not competitors of X") say
  nothing of competing (neither).

Generated over parties (names, short names, "&", roles, possessives), verbs, modal verbs,
lower and upper case; the restrictions they stand beside still read as restrictions."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_PARTIES = ["Acme", "the Distributor", "Licensee", "O'Brien & Sons", "either party", "Halcyon"]
_FREE_VERBS = ["limits", "shall limit", "restricts", "will restrict", "shall prevent", "prohibits"]
_BUSINESS = [
    "develop or market competing products",
    "make, use or sell products that compete with the Products",
    "engage in any business competitive with the Business",
    "compete with the other party",
]
_NOTHING = [
    "Nothing in this Agreement {v} the right of {p} to {b}.",
    "Nothing herein {v} {p} from seeking to {b}.",
    "no provision of this Agreement {v} the right of {p} to {b}.",
    "Notwithstanding Section 4, nothing contained in this Agreement {v} {p}'s right to {b}.",
]
_NOT_VERB = [
    "This Agreement {m} not restrict {p} from competing with the other party.",
    "This Agreement {m} not prevent {p} from selling products that compete with the Products.",
    "Nothing contained herein shall be construed to restrict {p} from developing competing "
    "products.",
    "This Agreement shall not be construed to prevent {p} from selling competing products.",
]


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _cases(sentence: str) -> list[str]:
    return [sentence, sentence.lower(), sentence.upper()]


_LEFT_FREE = list(
    dict.fromkeys(
        [
            case
            for (head, party), verb, business in itertools.product(
                zip(_NOTHING, itertools.cycle(_PARTIES), strict=False), _FREE_VERBS, _BUSINESS
            )
            for case in _cases(_cap(head.format(v=verb, p=party, b=business)))
        ]
        + [
            case
            for head, party, modal in itertools.product(
                _NOT_VERB, _PARTIES[:4], ["does", "shall", "will"]
            )
            for case in _cases(_cap(head.format(m=modal, p=party)))
        ]
    )
)


@pytest.mark.parametrize("sentence", _LEFT_FREE)
def test_competing_left_free_is_no_non_compete(sentence: str) -> None:
    assert holds("non_compete", sentence) is False, sentence


_RELEASED = [
    "{p} shall not be required to sell competing products.",
    "{p} will not be obligated to purchase or distribute products that compete with its own.",
    "{p} is not obliged to promote any product competitive with the Products.",
    "Notwithstanding anything herein, {p} shall not be required to market competing services "
    "in the Territory.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party in itertools.product(_RELEASED, _PARTIES)
        for case in _cases(_cap(head.format(p=party)))
    ],
)
def test_released_from_a_duty_to_sell_competing_things_says_nothing(sentence: str) -> None:
    assert holds("non_compete", sentence) is None, sentence


_OTHER_WORD = [
    "Such excluded information is not material and would likely cause competitive harm to "
    "{p} if publicly disclosed.",
    "Certain information has been omitted because it would be competitively harmful to {p} if "
    "publicly disclosed and is not material.",
    "{p} shall not disclose competitively sensitive information to any third party.",
    # the law of competition, competitive quotations, what someone is
    "The activities of {p} shall not be allowed to violate any applicable law (including any "
    "competition and/or antitrust law).",
    "{p} shall not select suppliers solely on competitive quotations.",
    "{p} may use third parties, provided that such third parties are not competitors of the "
    "Company and shall not disclose the Data.",
    "{p} shall not transfer the Shares unless the transferee is neither a Sanctioned Person nor "
    "a Competitor.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party in itertools.product(_OTHER_WORD, _PARTIES)
        for case in _cases(_cap(head.format(p=party)))
    ],
)
def test_competitive_harm_competition_law_and_competitors_named_are_no_non_compete(
    sentence: str,
) -> None:
    assert holds("non_compete", sentence) is None, sentence


_RESTRICTIONS = [
    "{p} shall not, directly or indirectly, engage in any business that competes with the Company.",
    "{p} shall not sell any products that compete with the Products, provided that nothing "
    "herein shall restrict the Company from competing.",
    "During the Term, {p} will not market competing products in the Territory.",
    "{p} agrees not to compete with the Company, and nothing herein limits the Company's right "
    "to terminate.",
]


_EXCEPTIONS = [
    "{p} shall not sell any products that compete with the Products; the foregoing {m} not "
    "prevent {p} from displaying links to competing retailers.",
    "{p} shall not engage in any competing business, provided that nothing in this Section "
    "{m} restrict {p} from holding shares of a competitor.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, modal in itertools.product(_EXCEPTIONS, _PARTIES[:4], ["shall", "will"])
        for case in _cases(_cap(head.format(p=party, m=modal)))
    ],
)
def test_a_restrictions_own_exception_denies_nothing(sentence: str) -> None:
    # the exception after the restriction says a restriction stands
    assert holds("non_compete", sentence) is True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party in itertools.product(_RESTRICTIONS, _PARTIES[:4])
        for case in _cases(_cap(head.format(p=party)))
    ],
)
def test_restrictions_beside_them_still_read(sentence: str) -> None:
    assert holds("non_compete", sentence) is True, sentence
