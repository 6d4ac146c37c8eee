"""Yes/no questions that name a value of an attribute (issue 34; skill/_value_claims.py): the
claim "attribute = value", read from the lexicon's attribute records (question phrases, value
kinds, `value_claim_verbs`) and vocabulary.yaml (`value_claim_*`). Generated: attributes x
value forms x plain / negated opening / negated value x lower case; and questions that name no
value of an attribute, never read as one."""

from __future__ import annotations

import pytest

from skill import ValueComparison, claim_law, held_role_phrases, value_claim

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
        "Is Halcyon's liability under the MSA capped at a multiple of fees?",
        "Is Halcyon liable under the MSA for $1 million?",
    ],
)
def test_a_question_naming_no_value_of_its_attribute_is_no_value_claim(question: str) -> None:
    assert value_claim(question) is None


# --- over-reach (session 35 review): what is no value claim, or another claim ---------------

_PARTIES = ("Halcyon", "Brightline Analytics", "Ridgeway Capital")
_DESCRIBED = (
    # a date or law describing the agreement the question asks another claim of
    "Is {p} a party to the MSA dated {d}?",
    "Is {p} bound by the NDA effective as of {d}?",
    "Is {p} in breach of the agreement signed on {d}?",
    "Is {p} a guarantor of the loan dated as of {d}?",
    "Is {p} a party to an agreement governed by {l}?",
    "Was {p} subject to the lease dated {d}?",
)
_DATES = ("September 1, 2021", "1 March 2023", "2022-07-20")
_LAWS = ("New York law", "the laws of the State of Delaware")


def _described() -> list[str]:
    out = []
    for i, form in enumerate(_DESCRIBED):
        for j, party in enumerate(_PARTIES):
            q = form.format(p=party, d=_DATES[(i + j) % len(_DATES)], l=_LAWS[(i + j) % 2])
            out.append(q.lower() if j == 2 else q)
    return out


@pytest.mark.parametrize("question", _described())
def test_a_date_or_law_describing_the_agreement_is_no_claimed_value(question: str) -> None:
    assert value_claim(question) is None


@pytest.mark.parametrize(
    "question",
    [
        "Does the warranty under Halcyon's MSA with Northgate last 12 months?",
        "does the warranty under the brightline nda last 2 years?",
        "Is Halcyon's MSA with Northgate subject to New York arbitration?",
        "Is the Brightline NDA subject to Michigan arbitration?",
        "Is Halcyon's MSA with Northgate subject to the exclusive jurisdiction of New York courts?",
        "Is the NDA between Halcyon and Brightline subject to the jurisdiction of Michigan?",
    ],
)
def test_an_attribute_of_another_noun_or_subject_type_is_not_read(question: str) -> None:
    assert value_claim(question) is None


_COMPARED = (
    ("Is the initial term of {a} {c} {v}?", "term", ("1 year", "12 months")),
    ("Is the liability cap under {a} {c} {v}?", "liability_cap", ("$1 million", "USD 500,000")),
    ("Is the notice period under {a} {c} {v}?", "notice_period", ("30 days",)),
)
_COMPARISONS = (
    ("at least", "ge"),
    ("more than", "gt"),
    ("less than", "lt"),
    ("no more than", "le"),
    ("over", "gt"),
    ("exceeding", "gt"),
    ("other than", "ne"),
)


def _compared_cases() -> list[tuple[str, str, str, str]]:
    out = []
    i = 0
    for form, attribute, values in _COMPARED:
        for value in values:
            for words, op in _COMPARISONS[i % 3 :: 2]:
                q = form.format(a=_AGREEMENTS[i % len(_AGREEMENTS)], c=words, v=value)
                out.append((q.lower() if i % 3 == 2 else q, attribute, value, op))
                i += 1
    return out


@pytest.mark.parametrize(("question", "attribute", "value", "op"), _compared_cases())
def test_a_comparison_before_a_number_is_judged_as_the_comparison(
    question: str, attribute: str, value: str, op: str
) -> None:
    claim = value_claim(question)
    assert claim is not None, question
    assert (claim.attribute, claim.comparison) == (attribute, op), (question, claim)
    assert claim.value.lower() == value.lower()
    stem = claim.asked.lower().removeprefix("what is ").rstrip("?")
    assert question.lower().startswith(f"is {stem} "), (question, claim.asked)


@pytest.mark.parametrize(
    "question",
    [
        f"Is the governing law of {a} {c} {v}?"
        for a, c, v in (
            ("the MSA", "other than", "New York"),
            ("Halcyon's MSA with Northgate", "anything other than", "Delaware"),
            ("the brightline nda", "other than", "michigan"),
        )
    ]
    + [
        "Is the MSA governed by the laws of a state other than New York?",
        "Was the NDA signed on a date other than March 1, 2023?",
    ],
)
def test_a_comparison_before_a_value_no_number_is_no_value_claim(question: str) -> None:
    assert value_claim(question) is None


@pytest.mark.parametrize(
    ("form", "law"),
    [
        (form, law)
        for form in (
            "Is {a} construed in accordance with {l}?",
            "Is {a} governed by and construed under {l}?",
            "Is {a} interpreted under {l}?",
        )
        for law in ("New York law", "the laws of Delaware")
    ],
)
def test_a_governing_law_verb_states_the_governing_law(form: str, law: str) -> None:
    for i, agreement in enumerate(_AGREEMENTS[:2]):
        question = form.format(a=agreement, l=law)
        question = question.lower() if i else question
        claim = value_claim(question)
        assert claim is not None and claim.attribute == "governing_law", question
        assert claim_law(question) is None, question


@pytest.mark.parametrize(
    "question",
    [
        "Can Acme terminate the engagement under the Delaware Law Partners agreement?",
        "Can Northgate assign the New York Law School license?",
        "May Halcyon terminate under the Texas Law Group services agreement?",
    ],
)
def test_law_before_a_capitalised_word_is_a_names_word(question: str) -> None:
    assert claim_law(question) is None


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("Is Acme in breach under Delaware law or New York law?", "Is Acme in breach?"),
        (
            "can halcyon terminate the msa under delaware law or texas law?",
            "can halcyon terminate the msa?",
        ),
        (
            "Can Northgate terminate the MSA under New York law and/or Delaware law?",
            "Can Northgate terminate the MSA?",
        ),
    ],
)
def test_a_disjunction_of_laws_is_set_aside_whole(question: str, plain: str) -> None:
    read = claim_law(question)
    assert read is not None and read[0] == plain, (question, read)
    assert " or " in read[1]


_ROLE_SCOPES = (
    ("Can {p} as Successor Agent of {g} resign?", "Can {p} resign under {g}?"),
    ("Can {p} as Successor Agent of {g} assign it?", "Can {p} assign it under {g}?"),
    ("Must {p} as successor trustee for {g} consent?", "Must {p} consent under {g}?"),
)
_SCOPED = ("the Keystone Loan Agreement", "the Loan and Security Agreement", "the Credit Agreement")


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        (q.lower(), p.lower()) if i % 3 == 2 else (q, p)
        for i, (q, p) in enumerate(
            (form.format(p=party, g=g), plain.format(p=party, g=g))
            for (form, plain), party, g in zip(
                _ROLE_SCOPES * 2, _PARTIES * 2, _SCOPED * 2, strict=True
            )
        )
    ],
)
def test_a_roles_agreement_stays_in_the_question(question: str, plain: str) -> None:
    text, found = held_role_phrases(question)
    assert text == plain, (question, text)
    assert [r for _, r in found] in (["successor agent"], ["successor trustee"])


@pytest.mark.parametrize(
    "held_for",
    ["Northgate and Brightline", "the Lenders and the Issuing Bank", "Acme & Beta", "northgate"],
)
def test_a_roles_parties_joined_are_taken_whole(held_for: str) -> None:
    for party in _PARTIES[:2]:
        text, found = held_role_phrases(
            f"Must {party} as successor trustee for {held_for} consent?"
        )
        assert text == f"Must {party} consent?", text
        assert [r for _, r in found] == ["successor trustee"]


# --- a proposition with its value (value36): "capped at $1 million", "renew for 2 years" ----

# (form: {o} the party's words, {a} the agreement, {n} a negation, {c} a comparison; the
# attribute; the verb the answer says; the proposition asked without the value)
_PROPOSED = (
    ("Is {o}liability under {a} {n}capped at {c}{v}?", "liability_cap", "capped at", "capped"),
    (
        "Is {o}aggregate liability under {a} {n}limited to {c}{v}?",
        "liability_cap",
        "limited to",
        "limited",
    ),
    (
        "Is {o}total liability in {a} {n}subject to a cap of {c}{v}?",
        "liability_cap",
        "subject to a cap of",
        "subject to a cap",
    ),
    ("Does {a} {n}renew automatically for {c}{v}?", "renewal_term", "", "renew automatically"),
    (
        "Does {a} {n}automatically renew for successive terms of {c}{v}?",
        "renewal_term",
        "",
        "automatically renew for successive terms",
    ),
)
_PROPOSED_VALUES = {
    "liability_cap": ("$1 million", "USD 5,000,000", "five million dollars"),
    "renewal_term": ("2 years", "twenty-four months", "1 year"),
}
_OWNERS = ("Halcyon's ", "", "northgate's ", "the Supplier's ")
_PROPOSED_COMPARISONS = (
    ("", None),
    ("more than ", "gt"),
    ("no more than ", "le"),
    ("at least ", "ge"),
)


def _proposed_cases() -> list[tuple[str, str, str, bool, str | None, str, str]]:
    """(question, attribute, value, negated, comparison, verb said, proposition's words),
    sampled: each form with each value, owners, agreements and comparisons rotating; one in
    three negated before the verb, one in four opening with a negated verb (the same
    claim), one in three in lower case."""
    out = []
    i = 0
    for form, attribute, verb, proposition in _PROPOSED:
        for value in _PROPOSED_VALUES[attribute]:
            words, op = _PROPOSED_COMPARISONS[i % len(_PROPOSED_COMPARISONS)]
            negated = i % 3 == 1
            question = form.format(
                o=_OWNERS[i % len(_OWNERS)],
                a=_AGREEMENTS[i % len(_AGREEMENTS)],
                n="not " if negated else "",
                c=words,
                v=value,
            )
            if i % 4 == 2:
                first, rest = question.split(" ", 1)
                question = f"{first}n't {rest}"
            if i % 3 == 2:
                question = question.lower()
            out.append((question, attribute, value, negated, op, verb, proposition))
            i += 1
    return out


@pytest.mark.parametrize(
    ("question", "attribute", "value", "negated", "op", "verb", "proposition"), _proposed_cases()
)
def test_a_proposition_with_a_value_is_the_attributes_claim_and_its_proposition(
    question: str,
    attribute: str,
    value: str,
    negated: bool,
    op: str | None,
    verb: str,
    proposition: str,
) -> None:
    claim = value_claim(question)
    assert claim is not None, question
    assert (claim.attribute, claim.negated, claim.comparison) == (attribute, negated, op), claim
    assert claim.value.lower() == value.lower(), claim
    assert claim.verb == verb, claim
    # the proposition alone, never negated, never with the value
    assert claim.proposition.lower().endswith(f" {proposition}?"), claim.proposition
    assert " not " not in claim.proposition and value.lower() not in claim.proposition.lower()
    # asked of the agreement (and the party whose liability it is)
    assert claim.asked.startswith("What ") and value.lower() not in claim.asked.lower()


_DAYS = (
    "December 31",
    "Dec. 31",
    "31 December",
    "the 31st of December",
    "12/31",
    "31/12",
    "June 30",
    "30th June",
)
_DAY_FORMS = (
    "Is Halcyon's fiscal year end {v}?",
    "Does halcyon's fiscal year end on {v}?",
    "Isn't the fiscal year end of Acme & Beta Holdings {v}?",
    "Did the MSA take effect on {v}?",
)


@pytest.mark.parametrize(
    ("question", "value"),
    [(_DAY_FORMS[i % len(_DAY_FORMS)].format(v=v), v) for i, v in enumerate(_DAYS)],
)
def test_a_day_of_the_year_is_a_date_attributes_claimed_value(question: str, value: str) -> None:
    claim = value_claim(question)
    assert claim is not None, question
    assert (claim.kind, claim.value) == ("month_day", value), claim
    assert claim.attribute in ("fiscal_year_end", "effective_date"), claim
    assert " on?" not in claim.asked, claim.asked


@pytest.mark.parametrize(
    "question",
    [
        "Is the fiscal year end of Halcyon 31?",
        "Is Halcyon's fiscal year end December?",
        "Is the term of the MSA 12/31/2024?",
    ],
)
def test_no_day_of_the_year_is_read_from_a_day_or_month_alone_or_a_full_date(question: str) -> None:
    claim = value_claim(question)
    assert claim is None or claim.kind != "month_day", claim


# --- mend (review36): a kind of liability, numeric days, a law asked under -----------------

# (the kind of liability as the question writes it, before or after the agreement; the kind)
_KINDS = (
    ("{o}liability for gross negligence under {a}", "gross negligence"),
    ("{o}liability in respect of indemnification under {a}", "indemnification"),
    ("{o}aggregate liability under {a} for data breaches", "data breaches"),
    ("{o}liability with respect to willful misconduct under {a}", "willful misconduct"),
    ("{o}total liability arising from breach of confidentiality under {a}", "confidentiality"),
)


@pytest.mark.parametrize(
    ("question", "kind", "agreement"),
    [
        (q.lower(), k, a.lower()) if i % 3 == 2 else (q, k, a)
        for i, (form, k) in enumerate(_KINDS * 2)
        for a in [_AGREEMENTS[i % len(_AGREEMENTS)]]
        for q in [
            "Is "
            + form.format(o=_OWNERS[i % len(_OWNERS)], a=a)
            + (" not" if i % 4 == 3 else "")
            + " capped at $5 million?"
        ]
    ],
)
def test_a_kind_of_liability_is_the_claims_kind_never_the_agreements_name(
    question: str, kind: str, agreement: str
) -> None:
    """ "Is Halcyon's liability for gross negligence under the MSA capped at $5 million?": the
    cap of the MSA (its name alone), judged for gross negligence against the clause's
    exceptions; the proposition is asked of the liability whole (its exceptions read)."""
    claim = value_claim(question)
    assert claim is not None, question
    assert claim.attribute == "liability_cap", claim
    assert kind in claim.category.lower(), claim
    assert claim.asked.lower().endswith(f" {agreement.lower()}?"), claim.asked
    assert kind not in claim.proposition.lower() and kind not in claim.asked.lower(), claim


@pytest.mark.parametrize(
    "question",
    [
        "Is the effective date of the MSA in Section 5.1?",
        "Is the effective date of the MSA 5.1?",
        "is the fiscal year end of halcyon 10.5?",
        "Did the MSA take effect on 1.2?",
        "Is Halcyon's fiscal year end version 2.1?",
        "Is the effective date of the Acme & Beta supply agreement 13/13?",
    ],
)
def test_a_decimal_a_section_or_a_version_is_no_day_of_the_year(question: str) -> None:
    claim = value_claim(question)
    assert claim is None or claim.kind != "month_day", claim


@pytest.mark.parametrize(
    "value", ["3/4", "1/9", "12/31", "31/12", "6/6", "the 30th of June", "Sept. 1"]
)
def test_a_numeric_day_is_a_day_of_the_year_whichever_order(value: str) -> None:
    """A day in figures is read in either order ("1/9": 9 January or 1 September), judged
    with both (tests/test_data_room_value_claims.py: not established where one holds)."""
    for form in ("Is Halcyon's fiscal year end {v}?", "did the msa take effect on {v}?"):
        claim = value_claim(form.format(v=value))
        assert claim is not None and (claim.kind, claim.value) == ("month_day", value), claim


# (the claim without a law; where the law phrase goes: {q} the claim's words, {l} the law)
_LAW_CLAIMS = (
    "Does the MSA renew automatically for 2 years?",
    "Is the renewal term of the MSA between Halcyon and Northgate 2 years?",
    "Is Halcyon's liability under the MSA capped at $1 million?",
    "Is the term of Halcyon's MSA with Northgate 3 years?",
)
_LAW_PHRASES = (
    ("{q} under Delaware law?", "Delaware"),
    ("{q} under English law?", "England and Wales"),
    ("Under the laws of Delaware, {q}?", "Delaware"),
    ("Under Texas law, {q}?", "Texas"),
    ("{q} under the laws of the State of New York?", "New York"),
)


@pytest.mark.parametrize(
    ("question", "plain", "law"),
    [
        (q.lower(), c, law) if i % 3 == 2 else (q, c, law)
        for i, ((form, law), c) in enumerate(zip(_LAW_PHRASES * 2, _LAW_CLAIMS * 3, strict=False))
        for bare in [c.rstrip("?")]
        for q in [form.format(q=bare[0].lower() + bare[1:] if form.startswith("Under") else bare)]
    ],
)
def test_a_law_asked_under_is_set_aside_wherever_it_stands(
    question: str, plain: str, law: str
) -> None:
    """The claim read as without its law, the law kept as the claim's (said by Skill.ask)."""
    claim, bare = value_claim(question), value_claim(plain)
    assert claim is not None and bare is not None, question
    assert (claim.attribute, claim.value.lower(), claim.negated, claim.law) == (
        bare.attribute,
        bare.value.lower(),
        bare.negated,
        law,
    ), claim
    assert claim.asked.lower() == bare.asked.lower(), claim


@pytest.mark.parametrize(
    "question",
    [
        "Is Halcyon incorporated under the laws of Delaware?",
        "is the msa governed by the laws of the state of new york?",
        "Is the MSA construed in accordance with Delaware law?",
    ],
)
def test_a_law_that_is_the_claims_value_stays_its_value(question: str) -> None:
    claim = value_claim(question)
    assert claim is not None and claim.kind == "jurisdiction" and not claim.law, claim
