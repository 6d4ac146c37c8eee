"""A review of session 43's question readings found eight defects in the first version; each
is pinned here by the cases that showed it, with their generated neighbours:

- an agreement's type word followed by "to"/"others"/"out" is a verb only after an auxiliary
  or "to" with no determiner or owner between ("Can Beta license to others"), never "the
  software license to Pell";
- a lower-case list piece is the question's predicate only where a pronoun follows its first
  word and no legal form is in it: "one equity partners", "us foods", "other world computing
  llc" are names;
- "us" as the actor is the company "US Foods", not the asker;
- a duty denied ("under no obligation to pay damages beyond the liability cap") never flips a
  state that limits a duty;
- the routed claim: its action left undone ("without ...") is the opposite of the modality
  asked of the claim's kind (a ban on reverse engineering kept by "test it without
  decompiling it"), read in the question's main clause only; a state asked as a restraint is
  left to the readers;
- survival's "remain ... after ... ends" reads a passive ("has been terminated") but not a
  price that remains fixed after a term ends."""

from __future__ import annotations

import pytest

from skill import (
    parse_agreement,
    parse_subject,
    question_claim,
    read_claim,
    routed_claim,
    split_names,
    subject_agreement_span,
)

_SUBJECT = parse_subject(
    {
        "type": "agreement",
        "attribute": "governing_law",
        "constraints": {"parties": ["Marlow Optics, Inc.", "Pell Harbor Capital LLC"]},
    }
)


@pytest.mark.parametrize("word", ["license", "lease", "Licence"])
@pytest.mark.parametrize(
    "form",
    [
        "Is the software {w} to Pell exclusive?",
        "Does the equipment {w} to Marlow renew automatically?",
        "Under the Marlow {w} to Pell, can Pell assign?",
        "Does the patent {w} to others terminate on a change of control?",
        "Can Marlow terminate Pell's {w} to others?",
    ],
)
def test_a_type_word_after_a_determiner_or_owner_is_a_noun(form: str, word: str) -> None:
    assert subject_agreement_span(form.format(w=word)) is not None


@pytest.mark.parametrize("word", ["license", "lease"])
@pytest.mark.parametrize(
    "form",
    [
        "Can Brantley & Sons sell or {w} to anyone it chooses?",
        "May Brantley & Sons {w} to others without asking Quarry?",
        "Is Beta allowed to {w} out the equipment?",
        "does beta {w} to somebody else under the deal",
    ],
)
def test_a_type_word_after_an_auxiliary_or_to_is_a_verb(form: str, word: str) -> None:
    assert subject_agreement_span(form.format(w=word)) is None


@pytest.mark.parametrize(
    "name", ["one equity partners", "us foods", "other world computing llc", "another world llc"]
)
def test_a_lower_case_name_with_a_pronouns_word_is_still_a_name(name: str) -> None:
    assert name in split_names(f"acme corp, {name} and beta llc")
    parsed = parse_agreement(f"the agreement between marlow optics and {name}")
    assert parsed is not None and name in parsed.parties


@pytest.mark.parametrize("predicate", ["hold them to it", "enforce it", "sue them under it"])
def test_a_predicate_with_its_pronouns_is_no_name(predicate: str) -> None:
    names = split_names(f"acme corp and beta llc, such as an affiliate, {predicate}")
    assert names[:2] == ["acme corp", "beta llc"]
    assert not any(predicate in n or n in predicate for n in names), names


@pytest.mark.parametrize(
    "asked", ["Can US Foods prepay the loan?", "May US Foods prepay the loan?"]
)
def test_us_as_a_names_word_is_the_actor(asked: str) -> None:
    subject = parse_subject(
        {
            "type": "agreement",
            "attribute": "governing_law",
            "constraints": {"parties": ["US Foods, Inc.", "Sysco Corporation"]},
        }
    )
    read = question_claim(asked, subject)
    assert read is not None and read[0].actor == "US Foods, Inc."


@pytest.mark.parametrize(
    "asked",
    [
        "Is Marlow under no obligation to pay damages beyond the liability cap?",
        "Is Pell Harbor not required to pay anything above the limitation of liability?",
    ],
)
def test_a_denied_duty_never_flips_a_cap(asked: str) -> None:
    claim = read_claim(asked, _SUBJECT)
    assert claim is not None and claim.entry.name == "liability_capped" and not claim.negated


@pytest.mark.parametrize(
    ("name", "asked", "negated"),
    [
        ("reverse_engineering", "Can Pell Harbor test the software without decompiling it?", False),
        (
            "reverse_engineering",
            "Is Pell Harbor prohibited from testing the software without decompiling it?",
            True,
        ),
        (
            "notice_of_compelled_disclosure",
            "Can Pell answer a subpoena without notifying Marlow?",
            True,
        ),
        (
            "notice_of_compelled_disclosure",
            "Is Pell prohibited from answering a subpoena without notifying Marlow?",
            False,
        ),
    ],
)
def test_an_action_left_undone_is_the_opposite_of_the_modality_asked(
    name: str, asked: str, negated: bool
) -> None:
    claim = routed_claim(name, asked, _SUBJECT)
    assert claim is not None and claim.negated is negated, asked


@pytest.mark.parametrize(
    ("name", "asked"),
    [
        (
            "notice_of_compelled_disclosure",
            "Can Marlow sue Pell if Pell answers a subpoena without notifying Marlow?",
        ),
        ("ip_assigned", "Is Pell Harbor prohibited from handing its inventions over to Marlow?"),
        ("most_favored_nation", "Is Marlow prevented from offering Pell its best prices?"),
        ("automatic_renewal", "Is Marlow restricted from rolling the contract over by itself?"),
    ],
)
def test_what_meaning_alone_cannot_tell_is_left_to_the_readers(name: str, asked: str) -> None:
    assert routed_claim(name, asked, _SUBJECT) is None


def test_survival_reads_a_passive_but_not_a_price_after_a_term() -> None:
    survives = read_claim(
        "Do the duties remain in force after the agreement has been terminated?", _SUBJECT
    )
    assert survives is not None and survives.entry.name == "survival"
    price = read_claim("Does the price remain fixed after the first renewal term ends?", _SUBJECT)
    assert price is None or price.entry.name != "survival"
