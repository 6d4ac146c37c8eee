"""A restriction named by its own words, and selling named as a noun (issue 34, item 2 of the
polarity review):

- "Acme shall be bound by the non-competition covenant ... and shall not compete" read No: the
  action's word inside the restriction's own name ("non-competition", "the restrictions on
  competition") was read as the act of competing under the sentence's modal ("shall be bound
  by the non-[compete]": shall compete). The name is the action negated, as "the covenant not
  to compete" is: a party bound by it ("is bound by", "agrees to be bound by", "is subject to",
  "shall comply with") is restricted, one released from it is not, one it is kept on ("shall
  not relieve", "shall not breach") still is; named as a topic ("Beta may enforce the
  non-compete against Acme") it states nothing;
- "shall not breach its covenant not to compete" read No: breaching a restriction joins the
  verbs of weakening it, whose negation keeps the restriction standing;
- "Acme shall not make any sales of Competing Products" read nothing: "sales of competing
  products" was a mention (as in "a royalty on sales of ..."); made, effected or solicited, the
  sales are selling, a restriction where a negation governs them.

Generated over parties (names, short names, "&", roles, possessives), restriction names, verbs
of binding, lower case and reordered clauses; every sentence is this file's own.
"""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import RESTRICTION_PARTIES, capitalized, holds

# the restriction named by its own words, {h} its holder
_NAMES = [
    "non-competition covenant",
    "non-compete obligations",
    "restrictions on competition",
    "Non-Competition Undertaking",
    "prohibition against competing",
]
# a party bound by the restriction named {n}
_BINDINGS = [
    "{h} shall be bound by the {n} set out in Section 9",
    "{h} agrees to be bound by the {n} of this Agreement",
    "{h} is subject to the {n} in Article 7",
    "{h} shall comply with its {n}",
    "{h} will abide by the {n} contained herein",
    "{h} shall remain bound by the {n} for two years after the Term",
]


def _bound_cases() -> list[tuple[str, str, str]]:
    cases = []
    pairs = itertools.cycle(RESTRICTION_PARTIES)
    for i, binding in enumerate(_BINDINGS):
        (holder, other) = next(pairs)
        name = _NAMES[i % len(_NAMES)]
        sentence = capitalized(binding.format(h=holder, n=name)) + "."
        cases.append((holder, other, sentence if i % 3 else sentence.lower()))
    return cases


@pytest.mark.parametrize(("holder", "other", "sentence"), _bound_cases())
def test_a_party_bound_by_a_named_restriction_is_restricted(
    holder: str, other: str, sentence: str
) -> None:
    assert holds("non_compete", sentence) is True, sentence
    assert holds("non_compete", sentence, holder.lower(), (other,)) is True, sentence
    # the holder's restriction, never the other party's
    assert holds("non_compete", sentence, other, (holder,)) is None, sentence


@pytest.mark.parametrize(
    ("holder", "other"), RESTRICTION_PARTIES[:3], ids=[p[0] for p in RESTRICTION_PARTIES[:3]]
)
def test_the_binding_and_the_covenant_in_one_sentence_read_yes(holder: str, other: str) -> None:
    bound = "shall be bound by the non-competition covenant in Section 9"
    covenant = f"shall not compete with {other} in the Territory"
    # in either order: the binding first read No, the covenant first read Yes
    for sentence in (f"{holder} {bound} and {covenant}.", f"{holder} {covenant} and {bound}."):
        assert holds("non_compete", sentence, holder, (other,)) is True, sentence


# (template, reading): released from it, the holder is not restricted; kept standing by a
# negated verb of weakening or of breaking it, it is
_LIFTED_OR_KEPT = [
    ("{o} shall release {h} from its {n} upon the Closing.", False),
    ("{o} hereby waives {h}'s {n}.", False),
    ("Termination of this Agreement shall not relieve {h} of its {n}.", True),
    ("Nothing herein shall impair {h}'s {n}.", True),
    ("{h} shall not breach its {n}.", True),
    ("{h} shall not violate its covenant not to compete with {o}.", True),
    ("{h} will not contravene the covenant not to compete in Section 9.", True),
]


@pytest.mark.parametrize(("holder", "other"), RESTRICTION_PARTIES[1:4])
def test_a_named_restriction_lifted_or_kept(holder: str, other: str) -> None:
    for (template, expected), name in zip(_LIFTED_OR_KEPT, itertools.cycle(_NAMES), strict=False):
        sentence = capitalized(template.format(h=holder, o=other, n=name))
        assert holds("non_compete", sentence, holder, (other,)) is expected, sentence


@pytest.mark.parametrize(
    "template",
    [
        "{o} may enforce the {n} against {h}.",
        "{o} may seek an injunction to enforce the {n} of {h}.",
    ],
)
@pytest.mark.parametrize(("holder", "other"), RESTRICTION_PARTIES[:2])
def test_a_restriction_named_as_a_topic_states_nothing(
    template: str, holder: str, other: str
) -> None:
    # no party is bound by it in these words: neither Yes nor No (it read No)
    for name in _NAMES[:3]:
        sentence = template.format(h=holder, o=other, n=name)
        assert holds("non_compete", sentence) is None, sentence
        assert holds("non_compete", sentence, other, (holder,)) is None, sentence


_GOODS = ["Competing Products", "competitive goods", "any competing services"]
_SALES = [
    "{h} shall not make any sales of {g} in the Territory",
    "{h} agrees not to effect sales of {g}",
    "neither {h} nor its Affiliates shall make direct or indirect sales of {g}",
    "{h} shall refrain from making sales of {g} during the Term",
    "during the Term, {h} will not solicit sales of {g}",
    "{h} shall not be engaged in sales of {g} outside its own stores",
]


@pytest.mark.parametrize(
    ("sentence", "holder", "other"),
    [
        (capitalized(t.format(h=h, g=g)) + ".", h, o)
        for t, g, (h, o) in zip(
            _SALES, itertools.cycle(_GOODS), itertools.cycle(RESTRICTION_PARTIES), strict=False
        )
    ]
    + [
        ("o'brien & sons shall not make any sales of competing products.", "O'Brien & Sons", "Beta")
    ],
)
def test_sales_made_of_competing_goods_are_selling_them(
    sentence: str, holder: str, other: str
) -> None:
    assert holds("non_compete", sentence, holder, (other,)) is True, sentence
    # what a payment or a report is counted on stays a mention: no restriction, nor its absence
    for mention in (
        f"{holder} shall pay {other} a royalty of five percent on sales of Competing Products.",
        f"{holder} shall pay {other} 3% of its sales of competing goods.",
        f"{holder} shall report to {other} all sales of competing services each quarter.",
    ):
        assert holds("non_compete", mention, holder, (other,)) is None, mention


@pytest.mark.parametrize(("holder", "other"), RESTRICTION_PARTIES[:3])
def test_a_named_restriction_is_its_holders_not_the_party_made_to_respect_it(
    holder: str, other: str
) -> None:
    # the holder named by a possessive, by a causative's object or after the name is the one
    # restricted; the party the sentence binds to respect it is not (it read No for both)
    for template in (
        "{o} shall respect {h}'s non-competition obligations.",
        "{o} shall cause {h} to comply with the non-compete covenant.",
        "{h} shall comply with the restrictions on competition of Section 9 for the benefit of {o}.",
    ):
        sentence = template.format(h=holder, o=other)
        assert holds("non_compete", sentence, holder, (other,)) is True, sentence
        assert holds("non_compete", sentence, other, (holder,)) is None, sentence
