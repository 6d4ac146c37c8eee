"""A disclosure the law compels, named by the noun ("disclosed pursuant to a requirement of a
governmental agency or of law", "in compliance with the requirements of applicable law"),
allowed or left out of the NDA's duties on the proviso that the discloser be told: the notice
is owed, as where the compulsion is said "required by law", asides between ("provided,
however, that, to the extent viable under the circumstances, the party ... has notified") or
not. The noun had not been read as a compulsion (the claim's qualifier), nor a proviso's notice
behind an aside, so the notice read as no statement. Generated over lead-ins, the noun's
phrases, proviso words, asides, the notice's verbs and case; a proviso that
negates the notice ("provided that no notice shall be required", "need not notify") still says
it is not owed."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

LEADS = [
    "The obligations under this Agreement shall not apply to information disclosed",
    "Confidential Information does not include information that is at any time: (g) disclosed",
    "The Recipient may disclose Confidential Information",
    "Nothing herein shall prevent Acme & Sons from disclosing Evaluation Material",
]
COMPELLED = [
    "pursuant to a requirement of a governmental agency or of law",
    "in compliance with the requirements of applicable law",
    "under a requirement of any court of competent jurisdiction",
    "where there is a requirement of a regulatory authority",
]
PROVISOS = ["provided, however, that", "provided that", "on condition that"]
# an aside between the proviso and the notice
ASIDES = ["", ", to the extent viable under the circumstances,", ", to the extent practicable,"]
NOTICES = [
    "the party subject to the disclosure requirement has notified the Disclosing Party in advance",
    "the Recipient gives the Discloser prompt written notice of it",
    "it first informs the other party of such disclosure",
]
NEGATED = [
    "no notice shall be required",
    "the Recipient need not notify the Disclosing Party",
    "it may do so without notice to the other party",
]


@pytest.mark.parametrize(("lead", "compelled"), itertools.product(LEADS, COMPELLED))
def test_a_notice_the_compelled_disclosure_is_conditioned_on_is_owed(
    lead: str, compelled: str
) -> None:
    for proviso, aside, notice in itertools.product(PROVISOS, ASIDES, NOTICES):
        sentence = f"{lead} {compelled}, {proviso}{aside} {notice}."
        assert holds("notice_of_compelled_disclosure", sentence) is True, sentence
        assert holds("notice_of_compelled_disclosure", sentence.lower()) is True, sentence
    for negated in NEGATED:
        sentence = f"{lead} {compelled}, provided that {negated}."
        assert holds("notice_of_compelled_disclosure", sentence) is not True, sentence
