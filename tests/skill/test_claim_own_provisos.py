"""A proviso that opens a clause of its own is its own statement (issue 34): in "X shall pay the
fees, provided, however, that Y may terminate this Agreement for any reason", the right is Y's,
never X's; nor does another party's proviso leave a case of X's prohibited action ("X shall not
terminate this Agreement, provided, however, that Y may terminate it for any reason"). Asked of
X: no Yes; asked of Y: the proviso's own reading. Generated over party names (short names, "&",
roles), the proviso's wording, its punctuation, lower and upper case."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_PAIRS = [
    ("Licensee", "Licensor"),
    ("the Distributor", "the Supplier"),
    ("Acme", "O'Brien & Sons"),
    ("Halcyon Health", "Northgate"),
]
_PROVISOS = [
    "provided, however, that",
    "provided that",
    "; provided, however, that",
    "provided further that",
]
_MAINS = [
    "{x} shall pay all fees within thirty days",
    "{x} shall maintain insurance during the Term",
    "{x} will deliver the Products to {y}",
]
_OWN = {
    "termination_without_cause": "{y} may terminate this Agreement for any reason upon notice",
    "assignment_without_consent": "{y} may assign this Agreement without the consent of {x}",
    "non_solicitation": "{y} shall not solicit any employee of {x}",
    "non_compete": "{y} shall not compete with {x} in the Territory",
}


def _join(main: str, proviso: str, own: str) -> str:
    sep = "" if proviso.startswith(";") else ", "
    text = f"{main}{sep}{proviso} {own}."
    return text[0].upper() + text[1:]


def _cases(text: str) -> list[str]:
    return [text, text.lower(), text.upper()]


_SENTENCES = [
    (claim, x, y, case)
    for (x, y), proviso, main, claim in itertools.product(_PAIRS, _PROVISOS, _MAINS, _OWN)
    for case in _cases(_join(main.format(x=x, y=y), proviso, _OWN[claim].format(x=x, y=y)))
]


def _short(name: str) -> str:
    return name.removeprefix("the ")


@pytest.mark.parametrize(("claim", "x", "y", "sentence"), _SENTENCES)
def test_the_proviso_is_not_the_main_clause_partys(
    claim: str, x: str, y: str, sentence: str
) -> None:
    assert holds(claim, sentence, _short(x), (_short(y),)) is None, sentence


@pytest.mark.parametrize(("claim", "x", "y", "sentence"), _SENTENCES)
def test_the_proviso_is_its_own_partys(claim: str, x: str, y: str, sentence: str) -> None:
    assert holds(claim, sentence, _short(y), (_short(x),)) is True, sentence


_PROHIBITED = [
    "{x} shall not terminate this Agreement, {pr} {y} {may} terminate this Agreement {ground} "
    "upon notice.",
    "{x} may not terminate this Agreement during the Term, {pr} {y} {may} terminate it {ground}.",
    "{x} will not terminate this Agreement before the Closing, {pr} {y} {may} terminate this "
    "Agreement {ground}.",
]
_GRANTS = ["may", "shall have the right to", "is entitled to", "can"]
_GROUNDS = ["for any reason", "at any time without cause", "for convenience"]
_PRO = ["provided, however, that", "provided that", "except that"]
_PROHIBITED_PAIRS = [*_PAIRS, ("the Executive", "the Company"), ("you", "we")]


def _sentence(template: str, **words: str) -> str:
    text = template.format(**words)
    return text[0].upper() + text[1:]


# each grant and ground in turn (not every combination: the suite's time is short)
_PROHIBITED_SENTENCES = [
    (x, y, case)
    for i, ((x, y), pr, head) in enumerate(itertools.product(_PROHIBITED_PAIRS, _PRO, _PROHIBITED))
    for case in _cases(
        _sentence(
            head, x=x, y=y, pr=pr, may=_GRANTS[i % len(_GRANTS)], ground=_GROUNDS[i % len(_GROUNDS)]
        )
    )[:2]
]


@pytest.mark.parametrize(("x", "y", "sentence"), _PROHIBITED_SENTENCES)
def test_another_partys_proviso_leaves_no_case(x: str, y: str, sentence: str) -> None:
    # the main clause names no ground: asked of its party, silent, as it is alone
    assert holds("termination_without_cause", sentence, _short(x), (_short(y),)) is None, sentence


@pytest.mark.parametrize(("x", "y", "sentence"), _PROHIBITED_SENTENCES)
def test_a_proviso_after_another_partys_clause_is_read(x: str, y: str, sentence: str) -> None:
    # "Licensee shall not terminate this Agreement, provided, however, that Licensor may
    # terminate this Agreement for any reason": Licensor's own right, read as a second statement
    assert holds("termination_without_cause", sentence, _short(y), (_short(x),)) is True, sentence


@pytest.mark.parametrize(
    ("x", "y", "sentence"),
    [
        (x, y, case)
        for (x, y), pr, pronoun in itertools.product(_PAIRS, _PRO, ["it", "such party", "the same"])
        for case in _cases(
            _sentence(
                "{x} shall not terminate this Agreement, {pr} {pronoun} may terminate this "
                "Agreement for any reason upon notice to {y}.",
                x=x,
                y=y,
                pr=pr,
                pronoun=pronoun,
            )
        )[:2]
    ],
)
def test_a_pronouns_proviso_is_the_main_clause_partys(x: str, y: str, sentence: str) -> None:
    # the proviso's "it" is the main clause's party: no right of the other party
    assert holds("termination_without_cause", sentence, _short(y), (_short(x),)) is None, sentence


# a proviso's own duty, its subject a pronoun for the main clause's party, the other party
# named after its modal as whom the notice is given to (issue 34)
_NOTICE_PAIRS = [
    ("the Receiving Party", "the Disclosing Party"),
    ("the Recipient", "the Discloser"),
    ("Licensee", "Licensor"),
    ("the Company", "the Investor"),
    ("Acme", "O'Brien & Sons"),
]
_NOTICE_MAINS = [
    "{x} may disclose Confidential Information to the extent required by law",
    "{x} may disclose Confidential Information if required by law or court order",
    "{x} will not be liable for a disclosure required by law",
]
_NOTICE_DUTIES = [
    "{pronoun} {modal} give {y} prompt written notice of such requirement",
    "{pronoun} {modal} promptly notify {y} of such requirement",
    "{pronoun} {modal} provide {y} with prompt notice of such request",
]
_PRONOUNS = ["it", "such party", "{x}"]
_MODALS = ["shall", "will", "must"]


def _notice(x: str, y: str, pr: str, main: str, duty: str, pronoun: str, modal: str) -> str:
    said = duty.format(pronoun=pronoun.format(x=x), modal=modal, y=y)
    return _sentence(f"{main}, {pr} {said}.", x=x)


_NOTICE_SENTENCES = [
    (x, y, case)
    for i, ((x, y), pr, main, duty, pronoun) in enumerate(
        itertools.product(_NOTICE_PAIRS, _PRO, _NOTICE_MAINS, _NOTICE_DUTIES, _PRONOUNS)
    )
    for case in _cases(_notice(x, y, pr, main, duty, pronoun, _MODALS[i % len(_MODALS)]))[
        i % 2 : i % 2 + 1
    ]
]


@pytest.mark.parametrize(("x", "y", "sentence"), _NOTICE_SENTENCES)
def test_a_pronouns_duty_is_the_main_clause_partys(x: str, y: str, sentence: str) -> None:
    assert holds("notice_of_compelled_disclosure", sentence, _short(x), (_short(y),)) is True, (
        sentence
    )


@pytest.mark.parametrize(("x", "y", "sentence"), _NOTICE_SENTENCES)
def test_a_party_named_after_the_modal_is_no_actor(x: str, y: str, sentence: str) -> None:
    # the party given notice owes none
    assert holds("notice_of_compelled_disclosure", sentence, _short(y), (_short(x),)) is None, (
        sentence
    )
