"""Review findings on the NDA wordings of issue 34: words the reader ties to a claim that the
sentence around them says otherwise. Protection conditioned on a mark ("only if marked",
"unless identified") or a denied by-nature reading is no "needs no mark"; an agreement that
"shall not be kept confidential" is not kept so; business secrets or contacts excluded from
what is protected, or named outside a definition, say nothing of technical information only; a
proviso that frees the recipient from notice ("provided that no notice shall be required") denies
the duty to notify; a use "other than for the Purpose" in a clause of liability is no limit; a
permission to analyse samples for evaluation, or to analyse what is on the open market, is
no permission to reverse engineer. Generated over actors, modal verbs, lower case and
"only if" / "unless" scopes; beside each, the reading the same words keep where they do say it."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

ACTORS = ["the Recipient", "the Receiving Party", "Acme Corp.", "each party"]
MODALS = ["shall", "will", "must"]


def _forms(sentence: str) -> list[str]:
    sentence = sentence[0].upper() + sentence[1:]
    return [sentence, sentence.lower()]


# -- confidential by its nature, where a mark is still required ---------------------------

MARK = ["marked", "identified", "designated", "labelled"]


@pytest.mark.parametrize(("mark", "modal"), list(itertools.product(MARK, MODALS)))
@pytest.mark.parametrize(
    "template",
    [
        "Information which by its nature is confidential {v} be protected only if it is {m} "
        "confidential at the time of disclosure.",
        "Information {v} be Confidential Information only if {m} as confidential; information "
        "that is confidential by its nature but not so {m} {v} not be protected.",
        "Oral information {v} be confidential only if {m} as confidential at disclosure, "
        "regardless of the circumstances of its disclosure.",
        "Information {v} not be considered confidential by its nature; only information {m} "
        "'Confidential' is protected.",
        "Information that a reasonable person would consider confidential {v} be protected "
        "only when {m} as proprietary.",
    ],
)
def test_a_mark_still_required_is_no_denial_of_marking(
    mark: str, modal: str, template: str
) -> None:
    for sentence in _forms(template.format(m=mark, v=modal)):
        assert holds("marked_as_confidential", sentence) is not False, sentence


@pytest.mark.parametrize("modal", MODALS)
@pytest.mark.parametrize(
    "template",
    [
        # the by-nature reading itself, marked or not: no mark needed
        "Confidential Information {v} include information which by its nature is confidential, "
        "whether or not marked.",
        "Confidential Information {v} include information that is not marked but which a "
        "reasonable person would understand to be confidential.",
        "Information disclosed orally {v} be protected if by its nature it is confidential.",
        # a heading's number run into the sentence, or a line break, reads the same
        "Scope of Confidential Information 1. Confidential Information {v} include information "
        "which ought to be considered confidential from its nature or the circumstances "
        "surrounding its disclosure.",
        "1.1 Definitions\nConfidential Information {v} include any information that a "
        "reasonable person would understand to be confidential.",
    ],
)
def test_the_by_nature_reading_still_needs_no_mark(modal: str, template: str) -> None:
    for sentence in _forms(template.format(v=modal)):
        assert holds("marked_as_confidential", sentence) is False, sentence


# -- the agreement kept confidential, negated ----------------------------------------------


@pytest.mark.parametrize("verb", ["kept", "held", "treated as", "regarded as"])
@pytest.mark.parametrize(
    "modal", ["shall not", "will not", "need not", "must never", "shall no longer"]
)
@pytest.mark.parametrize("subject", ["This Agreement", "The NDA", "this Confidentiality Agreement"])
def test_an_agreement_not_kept_confidential_is_not_so(verb: str, modal: str, subject: str) -> None:
    sentence = f"{subject} {modal} be {verb} confidential and either party may disclose it."
    for s in _forms(sentence):
        assert holds("agreement_kept_confidential", s) is not True, s


@pytest.mark.parametrize("verb", ["kept", "held", "treated as"])
@pytest.mark.parametrize("modal", ["shall", "will", "must", "shall also", "is to"])
def test_an_agreement_kept_confidential_still_is(verb: str, modal: str) -> None:
    for s in _forms(f"This Agreement {modal} be {verb} confidential by the parties."):
        assert holds("agreement_kept_confidential", s) is True, s


# -- business secrets or contacts outside what is protected -------------------------------

KINDS = ["business secrets", "business contacts", "business sources"]


@pytest.mark.parametrize(("kind", "actor"), list(itertools.product(KINDS, ACTORS)))
@pytest.mark.parametrize(
    "template",
    [
        "Confidential Information shall be limited to technical information and shall not "
        "include {k}.",
        "Confidential Information means technical data, designs and trade secrets, but "
        "excludes {k}.",
        "Confidential Information does not include {k} of the Discloser.",
        "{a} shall not solicit any of the Discloser's {k}.",
        "{a} will not approach {k} introduced by the Discloser.",
    ],
)
def test_business_kinds_outside_a_definition_say_nothing(
    kind: str, actor: str, template: str
) -> None:
    for sentence in _forms(template.format(k=kind, a=actor)):
        assert holds("technical_information_only", sentence) is not False, sentence


@pytest.mark.parametrize(("kind", "actor"), list(itertools.product(KINDS, ACTORS)))
@pytest.mark.parametrize(
    "template",
    [
        "Confidential Information shall include the {k} of the Discloser.",
        "{a} shall not disclose to any third party any {k} of the Discloser.",
        "{a} will keep confidential all {k} learned from the Discloser.",
    ],
)
def test_business_kinds_protected_still_say_not_technical_only(
    kind: str, actor: str, template: str
) -> None:
    for sentence in _forms(template.format(k=kind, a=actor)):
        assert holds("technical_information_only", sentence) is False, sentence


# -- a proviso that frees the recipient from notice ----------------------------------------

FREED = [
    "no notice shall be required to be given to the Discloser",
    "there shall be no requirement to notify the Discloser",
    "no prior notification of the Discloser will be needed",
    "{a} shall not be required to notify the Discloser",
    "{a} shall be under no obligation to notify the Discloser",
    "{a} will never be required to inform the Discloser",
    "{a} need not give notice to the Discloser",
]


@pytest.mark.parametrize(("freed", "actor"), list(itertools.product(FREED, ACTORS)))
@pytest.mark.parametrize(
    "template",
    [
        "{a} may disclose Confidential Information if required by law, provided that {f}.",
        "{a} will not disclose except as required by law, provided, however, that {f}.",
    ],
)
def test_a_proviso_freeing_from_notice_denies_the_duty(
    freed: str, actor: str, template: str
) -> None:
    sentence = template.format(f=freed.format(a=actor), a=actor)
    for s in _forms(sentence):
        assert holds("notice_of_compelled_disclosure", s) is False, s


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "duty",
    [
        "shall promptly notify the Discloser",
        "will give notice to the Discloser",
        "shall notify the Discloser no later than five days before the disclosure",
        "shall give to the Discloser not less than two business days' notice of it",
        "will give the Discloser not more than ten days' notice",
    ],
)
def test_a_provisos_duty_to_notify_still_holds(actor: str, duty: str) -> None:
    sentence = f"{actor} may disclose Confidential Information if required by law, provided that {actor} {duty}."
    for s in _forms(sentence):
        assert holds("notice_of_compelled_disclosure", s) is True, s


# -- a use other than for the purpose, in a clause about something else --------------------


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "template",
    [
        "{a} will not be liable where information is used other than for the Purpose by a "
        "third party.",
        "{a} shall not be responsible if the Confidential Information is used other than for "
        "the Purpose by the Discloser.",
        "{a} will not be liable when any information is used otherwise than for the Purpose.",
    ],
)
def test_a_use_other_than_the_purpose_in_a_liability_clause_is_no_limit(
    actor: str, template: str
) -> None:
    for sentence in _forms(template.format(a=actor)):
        assert holds("use_limited_to_purpose", sentence) is not True, sentence


@pytest.mark.parametrize("actor", ACTORS)
def test_a_use_forbidden_but_for_the_purpose_still_is(actor: str) -> None:
    for s in _forms(
        f"Confidential Information shall not be used by {actor} other than for the Purpose."
    ):
        assert holds("use_limited_to_purpose", s) is True, s


# -- analysing allowed for evaluation, or what is on the open market -----------------------


@pytest.mark.parametrize(
    ("things", "actor"),
    list(itertools.product(["samples", "products", "materials supplied"], ACTORS)),
)
@pytest.mark.parametrize(
    "template",
    [
        "{a} may analyse the {t} to evaluate their suitability for its products.",
        "{a} shall be entitled to analyse the {t} provided.",
        "Nothing in this Agreement prevents {a} from analysing {t} available on the open market.",
        "{a} is free to analyze {t} that are commercially available.",
    ],
)
def test_a_permission_to_analyse_is_no_permission_to_reverse_engineer(
    things: str, actor: str, template: str
) -> None:
    for sentence in _forms(template.format(t=things, a=actor)):
        assert holds("reverse_engineering", sentence) is None, sentence


@pytest.mark.parametrize("actor", ACTORS)
def test_analysis_forbidden_still_is_reverse_engineering(actor: str) -> None:
    for s in _forms(f"{actor} shall not analyse the samples supplied by the Discloser."):
        assert holds("reverse_engineering", s) is True, s
