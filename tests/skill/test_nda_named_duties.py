"""NDA sentences whose words swapped holds and does-not in the ContractNLI bench's
document-level cross-fit (issue 34, session 34; development documents only), by class:

- a duty named for not disclosing ("ensure that its Affiliates sign a Non-Disclosure
  Agreement", "its nondisclosure obligations") read as an act of disclosing to them: the
  name of an agreement or a duty is no one's sharing (propositions.yaml `mentions` of the
  sharing claims);
- a return duty that "shall not apply to the extent that" the recipient is required by law
  to retain the information read as a denial of retention: the negation is the provision's,
  the retention the exception's (retaining_copies' `affirms`).

Generated sentences (actors: the receiving party, the recipient, either party, a name; duty
verbs; lower case), with controls that keep what the words do say."""

from __future__ import annotations

import pytest

from tests.skill.claim_reading import holds

ACTORS = ["The Receiving Party", "the recipient", "Either party", "Orrin Tools"]
SHARING = ["sharing_with_employees", "sharing_with_advisors"]


def _cased(sentences: list[str]) -> list[str]:
    return [v for s in sentences for v in (s[0].upper() + s[1:], s.lower())]


# --- a duty named for not disclosing ---------------------------------------------------------

NAMED = _cased(
    [
        f"{a} {verb} that {who} {sign} a {name} containing restrictions at least as "
        "restrictive as those of this Agreement."
        for a, verb, who, sign, name in [
            (ACTORS[0], "will ensure", "all of its Affiliates", "sign", "Non-Disclosure Agreement"),
            (
                ACTORS[1],
                "shall procure",
                "each of its employees",
                "signs",
                "non-disclosure agreement",
            ),
            (ACTORS[2], "must ensure", "its consultants", "execute", "nondisclosure undertaking"),
            (ACTORS[3], "shall require", "its advisors", "enter into", "Non Disclosure Agreement"),
        ]
    ]
    + [
        f"{a} shall comply with its non-disclosure obligations under this Agreement."
        for a in ACTORS[:2]
    ]
)


@pytest.mark.parametrize("name", SHARING)
@pytest.mark.parametrize("sentence", NAMED)
def test_a_duty_named_for_not_disclosing_is_no_sharing(name: str, sentence: str) -> None:
    assert holds(name, sentence) is None, sentence


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    ("name", "sentence", "expected"),
    [
        (
            "sharing_with_advisors",
            "{a} may disclose Confidential Information to its advisors who have signed a "
            "non-disclosure agreement.",
            True,
        ),
        (
            "sharing_with_employees",
            "{a} is entitled to disclose the information to its employees who are bound by a "
            "Non-Disclosure Agreement.",
            True,
        ),
        (
            "sharing_with_advisors",
            "{a} shall not disclose Confidential Information to its consultants.",
            False,
        ),
    ],
)
def test_a_disclosure_beside_the_name_still_decides(
    actor: str, name: str, sentence: str, expected: bool
) -> None:
    text = sentence.format(a=actor)
    assert holds(name, text) is expected, text


# --- a return duty that does not apply where retention is required ---------------------------

LIFTED = _cased(
    [
        f"{clauses} {modal} not {verb} to the extent that {a} is required to retain {obj} by "
        "any applicable law, rule or regulation."
        for clauses, modal, verb, a, obj in [
            (
                "The provisions of Clauses 5.1.1 and 5.1.2",
                "shall",
                "apply",
                ACTORS[0],
                "any such Confidential Information",
            ),
            ("Section 4", "will", "apply", ACTORS[1], "copies of the Confidential Information"),
            ("The obligation to return", "does", "extend", ACTORS[3], "the Evaluation Material"),
        ]
    ]
    + [
        f"The foregoing obligation to destroy shall not apply {opener} {a} is required by law "
        "to retain copies of the Confidential Information."
        for opener, a in [("where", ACTORS[0]), ("if", ACTORS[1]), ("insofar as", ACTORS[2])]
    ]
)


@pytest.mark.parametrize("sentence", LIFTED)
def test_a_return_duty_lifted_where_retention_is_required_keeps_copies(sentence: str) -> None:
    assert holds("retaining_copies", sentence) is True, sentence


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("{a} shall not retain any copies of the Confidential Information.", False),
        ("{a} shall not retain any copies, to the extent permitted by law.", False),
        (
            "Section 4 shall not apply to the extent that {a} is required by law to disclose "
            "the Confidential Information.",
            None,
        ),
    ],
)
def test_a_denial_of_retention_and_other_lifted_duties_keep_their_reading(
    actor: str, sentence: str, expected: bool | None
) -> None:
    text = sentence.format(a=actor)
    assert holds("retaining_copies", text) is expected, text


# --- an exception after a list whose disclosure follows the copying --------------------------

DISCLOSURE_EXCEPTIONS = _cased(
    [
        f"{a} {neg} {copy}, {other} the Confidential Information to any other person, {exc}."
        for a, neg, copy, other, exc in [
            (
                ACTORS[0],
                "shall not",
                "copy, reproduce",
                "or disclose",
                "except to its employees who need to know it",
            ),
            (
                ACTORS[1],
                "will not",
                "reproduce, use",
                "or disseminate",
                "other than to its professional advisers",
            ),
            (
                ACTORS[2],
                "must not",
                "photocopy",
                "or distribute",
                "except for the purposes of obtaining professional advice",
            ),
            (ACTORS[3], "agrees not to", "duplicate", "or communicate", "save to its auditors"),
        ]
    ]
    + [
        "The Information may not be photocopied, reproduced or distributed to any other "
        "person at any time, except for the purposes of obtaining professional advice."
    ]
)


@pytest.mark.parametrize("sentence", DISCLOSURE_EXCEPTIONS)
def test_a_disclosures_exception_gives_no_copy(sentence: str) -> None:
    assert holds("copying_information", sentence) is None, sentence


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the copying alone or last keeps its exception
        (
            "{a} shall not make any copies of the Confidential Information received from the "
            "disclosing party except as necessary for its employees.",
            True,
        ),
        (
            "{a} shall not disclose the Confidential Information to, or reproduce it for the "
            "benefit of, any person other than its employees.",
            True,
        ),
        ("{a} shall not copy or disclose the Confidential Information.", False),
    ],
)
def test_the_copying_alone_or_last_keeps_its_reading(
    actor: str, sentence: str, expected: bool
) -> None:
    text = sentence.format(a=actor)
    assert holds("copying_information", text) is expected, text


# --- the copying's own exception before a sharing verb (mend of the rule above) ---------------

# the copying's own exception, then a sharing duty with an exception of its own: the copying's
# exception is its own (the rule above holds only where no exception comes between)
OWN_EXCEPTION = _cased(
    [
        f"{a} shall not {copy} the Confidential Information {own}{joint} {share} {tail}."
        for a, copy, own, joint, share, tail in [
            (
                ACTORS[0],
                "copy",
                "except as necessary for the Purpose",
                " and shall not",
                "disclose it to any person",
                "except its Representatives",
            ),
            (
                ACTORS[1],
                "reproduce",
                "other than as reasonably required for the Purpose",
                ", nor",
                "disclose it to any third party",
                "save as permitted by Clause 4",
            ),
            (
                ACTORS[2],
                "make copies of",
                "save as strictly necessary for the Evaluation",
                ", and shall not",
                "distribute it to anyone",
                "other than its advisers",
            ),
            (
                ACTORS[3],
                "duplicate",
                "unless it is needed to evaluate the Transaction",
                " and will not",
                "communicate it to any person",
                "except to its employees",
            ),
        ]
    ]
)


@pytest.mark.parametrize("sentence", OWN_EXCEPTION)
def test_a_copyings_own_exception_before_a_disclosure_keeps_the_copy(sentence: str) -> None:
    assert holds("copying_information", sentence) is True, sentence


@pytest.mark.parametrize("actor", ACTORS[:3])
@pytest.mark.parametrize("exc", ["except", "other than", "save"])
def test_the_disclosures_exception_still_gives_no_copy_with_no_exception_between(
    actor: str, exc: str
) -> None:
    # the same words with the copying's own exception taken out: the exception is the sharing's
    text = (
        f"{actor} shall not copy the Confidential Information and shall not disclose it to any "
        f"person {exc} its Representatives."
    )
    assert holds("copying_information", text) is None, text
    assert holds("copying_information", text.lower()) is None, text


# --- a lifted return duty keeps copies only where copies or the information are retained ----

NOT_RETENTION = _cased(
    [
        f"{a} shall return or destroy all Confidential Information, and this clause shall not "
        f"apply {opener} {a.lower()} {fails} {records}."
        for a, opener, fails, records in [
            (ACTORS[0], "where", "fails to keep", "records"),
            (ACTORS[1], "to the extent that", "fails to keep", "proper books and accounts"),
            (ACTORS[2], "if", "is unable to keep", "records"),
            (ACTORS[3], "in the event that", "fails to retain", "records"),
        ]
    ]
    + [
        "Section 4 shall not apply where the recipient is required to keep the Confidential "
        "Information strictly confidential."
    ]
)


@pytest.mark.parametrize("sentence", NOT_RETENTION)
def test_a_lifted_duty_keeping_no_copies_says_nothing_of_copies(sentence: str) -> None:
    assert holds("retaining_copies", sentence) is None, sentence


RETAINED = _cased(
    [
        f"The obligation to return shall not apply {opener} {a} {keeps}."
        for opener, a, keeps in [
            ("where", ACTORS[0], "is required by law to keep a copy"),
            ("to the extent that", ACTORS[1], "must retain copies under applicable law"),
            ("if", ACTORS[2], "is obliged to retain the information by regulation"),
            ("insofar as", ACTORS[3], "keeps archived materials under its policies"),
        ]
    ]
    + [
        "Clause 6 shall not apply to the extent that such copies are retained pursuant to law.",
        "Clause 6 shall not apply where retention is required by law.",
    ]
)


@pytest.mark.parametrize("sentence", RETAINED)
def test_a_lifted_duty_where_copies_are_retained_keeps_copies(sentence: str) -> None:
    assert holds("retaining_copies", sentence) is True, sentence
