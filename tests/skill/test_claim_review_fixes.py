"""Issue 34's review of the claim reader: four classes of wording read wrong after its change.

- termination for convenience: an inverted "should" is a condition of the right only where it
  governs it, never a clause joined on after it about what follows the termination ("..., and
  should either party so terminate, the other shall be paid") nor the convenience right itself
  ("Should the Customer wish to end the engagement, it may terminate for convenience"); a
  "shall" inside a proviso in commas ("may, provided it shall have paid all fees, terminate")
  is the proviso's, not a duty that governs the termination;
- automatic renewal: an extension "for a period equal to the Initial Term" renews the term;
  only one equal to a delay or a suspension is no renewal;
- sharing with employees: a prohibition is limited to those lacking a need to know only where
  the words follow the employee noun at once and name the need ("to any employee or any third
  party not involved", "including those not involved", "whether or not having a need to know"
  limit nothing);
- survival: "notwithstanding the termination" keeps obligations alive only of the agreement's
  end, never "until termination", another thing's end ("of any Project") or "no obligation
  shall continue".

Generated over actors, notice periods, synonyms and case."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

ACTORS = ["Either party", "Acme", "The Customer", "Smith & Wesson Ltd.", "each Party"]
NOTICES = ["30 days notice", "sixty (60) days' prior written notice", "notice"]
CONVENIENCE = ["for convenience", "without cause", "for any reason", "at will"]


def _variants(sentence: str) -> list[str]:
    return [sentence, sentence.lower()]


@pytest.mark.parametrize(("actor", "notice"), itertools.product(ACTORS, NOTICES))
@pytest.mark.parametrize("why", CONVENIENCE)
@pytest.mark.parametrize(
    "after",
    [
        ", and should either party so terminate, the other shall be paid for work performed",
        ", and, should {a} so terminate, {a} shall pay all fees then due",
        "; should {a} elect to do so, the other party shall be paid for work performed",
        ", but should the Customer terminate, it shall pay a termination fee",
    ],
)
def test_a_should_after_the_right_about_its_consequences_is_no_condition(
    actor: str, notice: str, why: str, after: str
) -> None:
    sentence = (
        f"{actor} may terminate this Agreement {why} upon {notice}" + after.format(a=actor) + "."
    )
    sentence = sentence[0].upper() + sentence[1:]
    for variant in _variants(sentence):
        assert holds("termination_without_cause", variant) is True, variant


@pytest.mark.parametrize(("actor", "notice"), itertools.product(ACTORS, NOTICES))
@pytest.mark.parametrize("why", CONVENIENCE)
@pytest.mark.parametrize(
    "wish", ["wish to end the engagement", "elect to do so", "so desire", "decide to exit"]
)
def test_should_a_party_wish_to_terminate_is_the_convenience_right(
    actor: str, notice: str, why: str, wish: str
) -> None:
    subject = actor[0].lower() + actor[1:] if actor.startswith(("The", "Either")) else actor
    sentence = (
        f"Should {subject} {wish}, {subject} may terminate this Agreement {why} upon {notice}."
    )
    for variant in _variants(sentence):
        assert holds("termination_without_cause", variant) is True, variant


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement may be terminated by either party should Smith's employment with the "
        "Company terminate for any reason.",
        "Either party may terminate this Agreement at any time should the other party fail to "
        "pay any amount when due.",
        "Should the Licensee become insolvent, the Licensor may terminate this Agreement at any "
        "time upon notice.",
    ],
)
def test_a_should_that_governs_the_right_is_still_its_condition(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is None


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "proviso",
    [
        "provided it shall have paid all fees",
        "provided that it shall first have paid all fees then due",
        "so long as it shall have paid all fees then due",
        "subject to it having paid all fees",
    ],
)
@pytest.mark.parametrize(
    "why", ["at any time and for any reason", "at any time", "for convenience"]
)
def test_a_shall_inside_a_proviso_leaves_the_right_a_right(
    actor: str, proviso: str, why: str
) -> None:
    sentence = f"{actor} may, {why}, {proviso}, terminate this Agreement."
    sentence = sentence[0].upper() + sentence[1:]
    for variant in _variants(sentence):
        assert holds("termination_without_cause", variant) is True, variant


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement shall automatically terminate at any time the Licensee ceases business.",
        "The Franchisee's right to use the Marks may, at any time, shall terminate.",
        "This Agreement shall survive the termination of this Agreement for any reason.",
    ],
)
def test_a_shall_governing_the_ending_is_still_no_right(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is None


@pytest.mark.parametrize(
    "extended",
    [
        "shall automatically be extended",
        "will be extended automatically",
        "shall be automatically extended",
        "shall automatically extend",
    ],
)
@pytest.mark.parametrize(
    "period",
    [
        "for a period of time equal to the Initial Term",
        "for a period equal to the initial term",
        "for a period of time equivalent to the then-current Term",
        "for an additional period of time equal to one year",
    ],
)
@pytest.mark.parametrize(
    "unless",
    [
        " unless either party gives notice of non-renewal",
        ", unless Acme notifies the Distributor otherwise at least 90 days before expiry",
        "",
    ],
)
def test_an_extension_by_the_term_is_a_renewal(extended: str, period: str, unless: str) -> None:
    sentence = f"This Agreement {extended} {period}{unless}."
    for variant in _variants(sentence):
        assert holds("automatic_renewal", variant) is True, variant


@pytest.mark.parametrize(
    "sentence",
    [
        "The delivery date shall be extended automatically for a period equal to the delay.",
        "Such period shall automatically be extended by the number of days taken for the "
        "arbitration.",
        "The time for performance shall automatically be extended for a period of time equal "
        "to the duration of the force majeure event.",
        "The Term shall automatically be extended by the number of days of the suspension.",
        "The deadline shall automatically be extended for a period equal to the length of any "
        "such delay.",
        "Such time limit shall be automatically extended by the period of delay.",
    ],
)
def test_an_extension_by_a_delay_is_no_renewal(sentence: str) -> None:
    for variant in _variants(sentence):
        assert holds("automatic_renewal", variant) is None, variant


EMPLOYEES = ["any employee", "any officer", "its employees", "any of its personnel", "its staff"]


@pytest.mark.parametrize("employees", EMPLOYEES)
@pytest.mark.parametrize(
    "after",
    [
        ", including those not involved in the Project",
        " or any third party not involved in the Project",
        ", whether or not having a need to know",
        " or to any person not having a need to know",
        " and any contractor who does not need to know",
        " not involved in the Project",
        " who are not engaged in the evaluation",
    ],
)
@pytest.mark.parametrize("modal", ["shall not", "will not", "agrees not to", "must not"])
def test_a_lacking_phrase_not_naming_the_employees_need_forbids(
    employees: str, after: str, modal: str
) -> None:
    sentence = f"The Recipient {modal} disclose Confidential Information to {employees}{after}."
    for variant in _variants(sentence):
        assert holds("sharing_with_employees", variant) is not True, variant


@pytest.mark.parametrize("employees", EMPLOYEES)
@pytest.mark.parametrize(
    "lacking",
    [
        " not having a need to know",
        " who do not have a need to know",
        " without a need to know",
        " with no need to know such information",
        " of the Recipient who does not need to know it",
        ", who have no legitimate need to know,",
    ],
)
def test_a_lacking_phrase_right_after_the_employees_allows_the_others(
    employees: str, lacking: str
) -> None:
    sentence = f"The Recipient shall not disclose Confidential Information to {employees}{lacking}."
    sentence = sentence.rstrip(",.") + "."
    for variant in _variants(sentence):
        assert holds("sharing_with_employees", variant) is True, variant


@pytest.mark.parametrize(
    "end",
    [
        "the termination of this Agreement for any reason",
        "any expiration or termination of this Agreement",
        "the expiry of this NDA",
        "termination",
    ],
)
@pytest.mark.parametrize(
    "no",
    [
        "no obligation of the Recipient shall continue thereafter",
        "none of the obligations hereunder shall continue",
        "neither party shall remain bound by this Agreement",
        "the obligations of the Recipient shall not continue",
        "the obligations shall never continue",
    ],
)
def test_notwithstanding_the_end_no_obligation_continuing_is_no_survival(end: str, no: str) -> None:
    sentence = f"Notwithstanding {end}, {no}."
    for variant in _variants(sentence):
        assert holds("survival", variant) is not True, variant


@pytest.mark.parametrize(
    "sentence",
    [
        "The obligations shall continue until termination, notwithstanding the termination of "
        "any Project.",
        "The obligations shall remain until expiry, notwithstanding the expiration of any "
        "Statement of Work.",
        "The Recipient's duties shall continue notwithstanding the termination of any Project.",
        "Notwithstanding the termination of any purchase order, the obligations shall continue.",
        "The obligations shall continue in effect until the termination of this Agreement, "
        "notwithstanding the termination of any Project.",
    ],
)
def test_an_obligation_until_the_end_or_despite_another_end_is_no_survival(sentence: str) -> None:
    for variant in _variants(sentence):
        assert holds("survival", variant) is not True, variant


@pytest.mark.parametrize(
    "sentence",
    [
        "Notwithstanding the termination of this Agreement for any reason, the obligations of "
        "the Recipient shall continue for three years.",
        "The obligations of confidentiality shall continue notwithstanding the termination of "
        "this Agreement.",
        "These obligations will remain notwithstanding any expiry of the NDA.",
        "Notwithstanding termination, the Recipient's duties shall continue.",
    ],
)
def test_obligations_continuing_despite_the_agreements_end_survive(sentence: str) -> None:
    for variant in _variants(sentence):
        assert holds("survival", variant) is True, variant
