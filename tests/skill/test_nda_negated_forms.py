"""Review findings on NDA claim wordings (issue 34/33), each class on generated variants (actors,
modal verbs, lower case, synonyms) with controls that keep what already reads right:

- a form of disclosure said not to make information confidential ("Information disclosed
  orally shall not be Confidential Information", "Confidential Information does not include
  information disclosed in intangible form") says oral information is not included; words that
  name every form ("whether written or oral"), a subset ("oral information that is public") or
  a condition ("unless confirmed in writing") deny nothing, and "intangible assets" are no form
  of disclosure;
- inducing or encouraging is soliciting only toward leaving (ending an employment or a
  relationship, joining another), never any encouragement of one's own staff."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds as _holds

_ORAL_FORMS = [
    "orally",
    "verbally",
    "in non-written form",
    "in intangible form",
    "in unwritten form",
]
_INFORMATION = ["Confidential Information", "Proprietary Information", "Evaluation Material"]


def _both(sentences: list[str]) -> list[str]:
    """Each sentence as written and in lower case."""
    return [c for s in sentences for c in (s, s.lower())]


# --- oral information said not to be confidential --------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    _both(
        [
            template.format(form=form, info=info)
            for template, form, info in itertools.product(
                [
                    "Information disclosed {form} shall not be {info}.",
                    "Any information communicated {form} will not be deemed {info}.",
                    "Information furnished {form} to the Recipient does not constitute {info}.",
                    "{info} does not include information disclosed {form}.",
                    "{info} shall not include any information provided {form}.",
                    "The term {info} excludes information disclosed {form}.",
                ],
                _ORAL_FORMS,
                _INFORMATION,
            )
        ]
    ),
)
def test_a_form_said_not_to_be_confidential_denies_oral_information(sentence: str) -> None:
    assert _holds("oral_information", sentence) is False


@pytest.mark.parametrize(
    "sentence",
    _both(
        [
            # every form named: an exclusion of something else
            "Confidential Information does not include information that is publicly available, "
            "whether disclosed orally or in writing.",
            "Written or oral information in the public domain shall not be Confidential "
            "Information.",
            # a subset of oral information
            "Oral information that is not identified as confidential shall not be Confidential "
            "Information.",
            # a condition: oral information may still be confidential
            "Information disclosed orally shall not be Confidential Information unless it is "
            "summarized in writing within thirty days.",
            "Confidential Information does not include information disclosed verbally, except "
            "where the Discloser confirms it in writing.",
            # no form of disclosure
            "Confidential Information excludes intangible assets such as goodwill.",
            "The Recipient shall not acquire any intangible property of the Discloser.",
        ]
    ),
)
def test_other_negations_do_not_deny_oral_information(sentence: str) -> None:
    assert _holds("oral_information", sentence) is not False


@pytest.mark.parametrize(
    "sentence",
    _both(
        [
            "Confidential Information excludes intangible assets such as goodwill.",
            "Each party retains its intangible assets and its intangible property rights.",
        ]
    ),
)
def test_intangible_assets_are_no_form_of_disclosure(sentence: str) -> None:
    assert _holds("oral_information", sentence) is None


@pytest.mark.parametrize(
    "sentence",
    _both(
        [
            "Confidential Information includes information disclosed orally.",
            "Confidential Information includes information disclosed in intangible form.",
            "Information disclosed in non-written form shall be Confidential Information.",
        ]
    ),
)
def test_oral_information_included_still_holds(sentence: str) -> None:
    assert _holds("oral_information", sentence) is True


# --- encouraging is soliciting only toward leaving --------------------------------------------

_ACTORS = ["Neither party", "The Recipient", "Acme & Sons", "the Company", "Each Party"]
_MODALS = ["shall not", "will not", "agrees not to"]


def _negated(actor: str, modal: str) -> str:
    """ "Neither party shall" and not "Neither party shall not"."""
    return f"{actor} shall" if actor.lower().startswith("neither") else f"{actor} {modal}"


@pytest.mark.parametrize(
    ("actor", "modal", "verb", "rest"),
    list(
        itertools.product(
            _ACTORS,
            _MODALS,
            ["encourage", "induce"],
            [
                "its employees to attend training sessions",
                "its own staff to take part in charitable activities",
                "its personnel to report safety concerns",
                "any employee to comply with this Agreement",
            ],
        )
    ),
)
def test_encouraging_ones_own_staff_is_no_solicitation(
    actor: str, modal: str, verb: str, rest: str
) -> None:
    sentence = f"{_negated(actor, modal)} {verb} {rest}."
    assert _holds("non_solicitation", sentence) is None
    assert _holds("non_solicitation", sentence.lower()) is None


@pytest.mark.parametrize(
    ("actor", "verb", "rest"),
    list(
        itertools.product(
            _ACTORS,
            ["encourage", "induce", "attempt to induce"],
            [
                "any employee of the other party to leave its employment",
                "any of the Discloser's employees to terminate their employment",
                "any employee of the other party to resign",
                "any officer of the Company to join a competitor",
                "any customer to cease doing business with the Discloser",
                "any supplier to reduce its business with the other party",
                "any consultant of the Company to work for another company",
            ],
        )
    ),
)
def test_encouraging_others_to_leave_is_soliciting(actor: str, verb: str, rest: str) -> None:
    sentence = f"{_negated(actor, 'shall not')} {verb} {rest}."
    assert _holds("non_solicitation", sentence) is True
    assert _holds("non_solicitation", sentence.lower()) is True
