"""An exclusive right or authority whose acts are commercial grants the relationship (issue 34,
review of the "other senses of exclusive"): "the exclusive right to seek orders for the
Products", "to register and sell the Products", "to prepare and sell derivative works",
"exclusive authority to sell", "the exclusive authority to solicit orders" hold; only a
right or an authority in another sense (to protect, prosecute or register a patent, to settle
claims, to bind a party, to negotiate) grants nothing. Generated over parties (names, short
names, "&", roles), granting wordings, commercial acts alone or after an act of another sense,
lower and upper case."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_PARTIES = [
    ("Acme", "Beta"),
    ("the Supplier", "the Distributor"),
    ("O'Brien & Sons", "Halcyon Health"),
    ("Licensor", "Licensee"),
]
_NOUNS = ["right", "authority", "right and license"]
_ACTS = [
    "sell the Products in the Territory",
    "seek orders for the Products in the Territory",
    "register and sell the Products in Canada",
    "prepare and sell derivative works in Canada",
    "solicit orders in the Territory",
    "market, promote and distribute the Products in the Territory",
    "manufacture and supply the Products to customers in Europe",
    "represent the Company's products in Texas",
    "prosecute, defend and sublicense the Patents in the Field",
]
_GRANTS = [
    "{a} grants {b} the exclusive {n} to {act}.",
    "{a} hereby grants to {b} exclusive {n} to {act}.",
    "{b} shall have the exclusive {n} to {act}.",
    "{b}'s exclusive {n} to {act} shall continue during the Term.",
]


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


_GRANTED = [
    _cap(g.format(a=a, b=b, n=n, act=act))
    for (a, b), n, act, g in zip(
        itertools.cycle(_PARTIES),
        itertools.cycle(_NOUNS),
        _ACTS * len(_GRANTS),
        [g for g in _GRANTS for _ in _ACTS],
        strict=False,
    )
]


@pytest.mark.parametrize("sentence", _GRANTED)
@pytest.mark.parametrize("case", ["as", "lower", "upper"])
def test_an_exclusive_right_to_a_commercial_act_is_a_grant(sentence: str, case: str) -> None:
    text = {"as": sentence, "lower": sentence.lower(), "upper": sentence.upper()}[case]
    assert holds("exclusive", text) is True, text


_OTHER_ACTS = [
    "protect, seek registration for, defend and enforce the Inventions",
    "prosecute and maintain the Licensed Patents in the Territory",
    "settle any claim brought against the Products",
    "bind the Company in any agreement",
    "negotiate all programming agreements",
    "register and maintain the Marks in Canada",
    "control the defense of any third party claim",
]


@pytest.mark.parametrize(
    "sentence",
    [
        _cap(g.format(a=a, b=b, n=n, act=act))
        for ((a, b), n), act, g in zip(
            itertools.cycle(itertools.product(_PARTIES, ["right", "authority"])),
            _OTHER_ACTS * 3,
            [g for g in _GRANTS[:3] for _ in _OTHER_ACTS],
            strict=False,
        )
    ],
)
@pytest.mark.parametrize("case", ["as", "lower", "upper"])
def test_an_exclusive_right_in_another_sense_grants_nothing(sentence: str, case: str) -> None:
    text = {"as": sentence, "lower": sentence.lower(), "upper": sentence.upper()}[case]
    assert holds("exclusive", text) is None, text
