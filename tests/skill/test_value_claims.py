"""Yes/no questions that name a value of an attribute (issue 34; skill/_value_claims.py): the
claim "attribute = value", read from the lexicon's attribute records (question phrases, value
kinds, `value_claim_verbs`) and vocabulary.yaml (`value_claim_*`). Generated: attributes x
value forms x plain / negated opening / negated value x lower case; and questions that name no
value of an attribute, never read as one."""

from __future__ import annotations

import pytest

from skill._expected import ValueComparison
from skill._value_claims import value_claim

# (the question's words before the value, "{v}" for it; the attribute; value forms, each
# the same value the attribute's kind reads)
_NAMED = (
    ("Is the term of {a} {v}?", "term", ("3 years", "36 months", "three (3) years")),
    ("Is the initial term of {a} {v}?", "term", ("2 years", "24 months")),
    ("Is the notice period under {a} {v}?", "notice_period", ("30 days", "thirty days")),
    (
        "Is the liability cap under {a} {v}?",
        "liability_cap",
        ("USD 5,000,000", "$5 million", "five million dollars"),
    ),
    ("Is the governing law of {a} {v}?", "governing_law", ("Delaware", "the State of Delaware")),
    (
        "Is the effective date of {a} {v}?",
        "effective_date",
        ("March 1, 2023", "1 March 2023", "2023-03-01"),
    ),
)
_VERBS = (
    (
        "Is {a} governed by {v}?",
        "governing_law",
        ("Delaware law", "the laws of the State of Delaware"),
    ),
    ("Was {a} signed on {v}?", "effective_date", ("1 March 2023", "March 1, 2023")),
    ("Did {a} take effect on {v}?", "effective_date", ("2023-03-01",)),
    ("Does {a} have a term of {v}?", "term", ("3 years", "thirty-six months")),
    ("Is {a} incorporated in {v}?", "jurisdiction_of_incorporation", ("Delaware",)),
)
_AGREEMENTS = ("the MSA", "Halcyon's MSA with Northgate", "the Acme & Beta supply agreement")


def _cases() -> list[tuple[str, str, str, bool]]:
    """(question, attribute, value as written, negated), sampled: each form with each value,
    the agreement rotating; one in three negated at its opening (the same claim), one in
    four with the value negated, one in five in lower case."""
    out = []
    i = 0
    for form, attribute, values in (*_NAMED, *_VERBS):
        for value in values:
            agreement = _AGREEMENTS[i % len(_AGREEMENTS)]
            if attribute == "jurisdiction_of_incorporation":
                agreement = "Halcyon Robotics, Inc."
            question = form.format(a=agreement, v=value)
            negated = False
            if i % 3 == 0 and question.startswith(("Is ", "Was ", "Does ", "Did ")):
                first, rest = question.split(" ", 1)
                question = f"{first}n't {rest}"
            elif i % 4 == 1:
                # the value negated: before it, or before the verb that states it
                verbal = (form, attribute, values) in _VERBS
                negated_form = form.replace("{a} ", "{a} not ") if verbal else form
                question = negated_form.format(a=agreement, v=value)
                if not verbal:
                    at = question.rfind(" " + value)
                    question = question[:at] + " not" + question[at:]
                negated = True
            if i % 5 == 2:
                question = question.lower()
            out.append((question, attribute, value, negated))
            i += 1
    return out


@pytest.mark.parametrize(("question", "attribute", "value", "negated"), _cases())
def test_a_value_named_in_a_yes_no_question_is_the_attributes_claim(
    question: str, attribute: str, value: str, negated: bool
) -> None:
    claim = value_claim(question)
    assert claim is not None, question
    assert claim.attribute == attribute, (question, claim)
    assert claim.negated is negated, (question, claim)
    kind = ValueComparison(kind=_kind(attribute), names=False)
    # the value read as the attribute's values are, whatever words the question opens it with
    assert kind.canonical(claim.value) == kind.canonical(value), (question, claim)
    assert claim.asked.startswith("What ") and claim.asked.endswith("?")
    assert value.lower() not in claim.asked.lower(), claim.asked


def _kind(attribute: str) -> str:
    from domain import lexicon

    return lexicon().attribute(attribute).value_kind


@pytest.mark.parametrize(
    "question",
    [
        "Can Northgate terminate the MSA for convenience?",
        "Is Halcyon a party to the MSA?",
        "Is the MSA in force in 2024?",
        "Is Maria Okafor the CEO of Halcyon Robotics?",
        "Was Halcyon as of June 2024 party to the MSA?",
        "Is the term of the MSA renewable for 2 years?",
        "Can Halcyon pay dividends as of January 1, 2024?",
        "What is the term of the MSA?",
        "Is Halcyon's liability under the MSA capped?",
        "Does the MSA renew automatically for 1 year?",
    ],
)
def test_a_question_naming_no_value_of_its_attribute_is_no_value_claim(question: str) -> None:
    assert value_claim(question) is None
