"""Wordings NDAs in general use for clauses the reader knew in other words (issue 34: the held-out
NDAs' misses were mostly a clause read as "not stated"). Written from NDA drafting, not from
the bench's documents: the recipient that "acquires no right, title or interest", obligations
that "continue notwithstanding the termination", a compelled disclosure the recipient must
"advise" the discloser of, the information "delivered" back when the agreement ends, and "the
fact that discussions are taking place" kept confidential. Each generated over actors (and
"you"), modal verbs and lower case; beside each, what says something else stays unread."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

ACTORS = [
    ("the Recipient", "its"),
    ("the Receiving Party", "its"),
    ("the Company", "its"),
    ("each party", "its"),
    ("either party", "its"),
    ("you", "your"),
]


def _said(template: str, actor: str, its: str) -> list[str]:
    sentence = template.format(a=actor, its=its)
    sentence = sentence[0].upper() + sentence[1:]
    return [sentence, sentence.lower()]


def _all(name: str, templates: list[str], expected: bool | None) -> None:
    for template, (actor, its) in itertools.product(templates, ACTORS):
        for sentence in _said(template, actor, its):
            assert holds(name, sentence) is expected, sentence


@pytest.mark.parametrize("verb", ["acquires", "receives", "obtains", "gains", "shall acquire"])
@pytest.mark.parametrize(
    "what", ["right, title or interest", "licence", "license or other right", "rights"]
)
def test_acquiring_no_right_is_no_license_granted(verb: str, what: str) -> None:
    verb = verb.replace("shall acquire", "shall acquire")
    templates = [
        "{a} " + verb + " no " + what + " in or to the Confidential Information.",
        "By disclosing the Information, {a} " + verb + " no " + what + " under any patent.",
    ]
    if verb != "shall acquire":
        _all("no_license_granted", templates, True)


@pytest.mark.parametrize("verb", ["pass", "passes", "vest", "vests"])
def test_no_right_passing_is_no_license_granted(verb: str) -> None:
    sentence = f"No right, title or licence in the Confidential Information shall {verb} to {{a}}."
    if verb.endswith("s"):
        sentence = f"No right, title or licence in the Confidential Information {verb} to {{a}}."
    _all("no_license_granted", [sentence], True)


def test_acquiring_something_else_says_nothing_of_a_license() -> None:
    _all(
        "no_license_granted",
        ["{a} acquires no obligation to enter into any further agreement."],
        None,
    )


@pytest.mark.parametrize("word", ["notwithstanding", "despite"])
@pytest.mark.parametrize("end", ["termination", "the termination", "any expiration", "the expiry"])
@pytest.mark.parametrize("modal", ["shall", "will"])
def test_obligations_that_continue_notwithstanding_the_end_survive(
    word: str, end: str, modal: str
) -> None:
    templates = [
        "{its} obligations under this Agreement "
        + modal
        + " continue "
        + word
        + " "
        + end
        + " of this Agreement.",
        word.capitalize()
        + " "
        + end
        + " of this Agreement, the obligations of {a} "
        + modal
        + " continue for three years.",
        word.capitalize()
        + " "
        + end
        + " of this Agreement, {a} "
        + modal
        + " remain bound by the duty of confidentiality.",
    ]
    _all("survival", templates, True)


def test_a_right_kept_notwithstanding_something_else_is_no_survival() -> None:
    _all(
        "survival",
        ["Notwithstanding the foregoing, {a} shall continue to use reasonable care."],
        None,
    )


@pytest.mark.parametrize("verb", ["advise", "promptly advise", "apprise", "alert"])
@pytest.mark.parametrize(
    "opening",
    [
        "If {a} receives a subpoena requiring disclosure of Confidential Information",
        "If {a} is required by law or court order to disclose any Confidential Information",
        "In the event that {a} becomes legally compelled to disclose any Confidential Information",
    ],
)
def test_advising_the_discloser_of_a_compelled_disclosure_is_notice(
    verb: str, opening: str
) -> None:
    templates = [opening + ", {a} shall " + verb + " the Disclosing Party in writing."]
    _all("notice_of_compelled_disclosure", templates, True)


def test_advisors_are_no_notice() -> None:
    _all(
        "notice_of_compelled_disclosure",
        ["{a} may disclose Confidential Information to {its} advisors and legal counsel."],
        None,
    )


@pytest.mark.parametrize(
    "when", ["When this Agreement terminates", "Upon expiry of this Agreement"]
)
@pytest.mark.parametrize("modal", ["shall", "will", "must"])
def test_delivering_the_information_back_at_the_end_is_returning_it(when: str, modal: str) -> None:
    templates = [
        when + ", {a} " + modal + " deliver to the Disclosing Party all Confidential Information.",
        when + ", {a} " + modal + " deliver back to the Disclosing Party all documents.",
    ]
    _all("return_on_termination", templates, True)


@pytest.mark.parametrize("verb", ["keep", "hold", "treat", "maintain"])
@pytest.mark.parametrize(
    "what",
    [
        "the fact that discussions are taking place",
        "the existence of this Agreement",
        "the terms of the negotiations",
        "the existence and nature of the discussions",
    ],
)
@pytest.mark.parametrize("how", ["confidential", "in confidence", "in strict confidence", "secret"])
def test_keeping_the_fact_of_the_discussions_confidential(verb: str, what: str, how: str) -> None:
    if verb in ("treat",) and how != "confidential":
        return
    modal = ["shall", "will", "agrees to", "must"]
    templates = ["{a} " + m + " " + verb + " " + what + " " + how + "." for m in modal]
    _all("agreement_kept_confidential", templates, True)


def test_keeping_the_information_confidential_is_not_the_agreements_confidentiality() -> None:
    _all(
        "agreement_kept_confidential",
        ["{a} shall keep the Confidential Information confidential."],
        None,
    )
