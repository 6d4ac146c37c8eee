"""A yes/no claim is one lexicon record (issue 34 item 5): what the skill reads of it comes from
propositions.yaml.

Session 35 added eight of CUAD's Yes/No categories (audit rights, insurance, most-favoured
terms, IP ownership assigned, liquidated damages, a first right of refusal, a minimum
commitment, a third-party beneficiary) and a loan's negative covenants (liens, debt, dividends)
as records only. These tests write real agreements with generated clause sentences (the claim
held, denied, held with an exception, or not said at all; the parties' names varied), ingest
them into the real embedded store with the real model, and ask about them in generated
phrasings (short names, lower case, negated questions) as an analyst would; one checks that
no product module names the new propositions.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain import lexicon
from tests.pdfs import Line, make_pdf, paragraph

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
KB = "props"
NEW = (
    "audit_rights",
    "insurance_required",
    "most_favored_nation",
    "ip_assigned",
    "liquidated_damages",
    "right_of_first_refusal",
    "minimum_commitment",
    "third_party_beneficiary",
    "granting_liens",
    "incurring_debt",
    "paying_dividends",
)

# The agreements: (file, title, first party, its short name, second party, its short name,
# the state every clause of it is in). One agreement per state, the parties' names varied
# (an "&", a possessive-looking name, a short form of one word).
_AGREEMENTS = (
    (
        "holds.pdf",
        "SUPPLY AGREEMENT",
        "Corvane Systems, Inc.",
        "Corvane",
        "Lumera Health LLC",
        "Lumera",
        "holds",
    ),
    (
        "denied.pdf",
        "DISTRIBUTION AGREEMENT",
        "Brightwater & Sons Ltd.",
        "Brightwater",
        "Okapi Robotics Corp.",
        "Okapi",
        "denied",
    ),
    (
        "except.pdf",
        "LICENSE AGREEMENT",
        "Talmont Foods Corporation",
        "Talmont",
        "Quiver Analytics, Inc.",
        "Quiver",
        "except",
    ),
    (
        "silent.pdf",
        "SERVICES AGREEMENT",
        "Ashgrove Media Inc.",
        "Ashgrove",
        "Pellucid Labs LLC",
        "Pellucid",
        "silent",
    ),
)
_LOANS = (
    (
        "loan-holds.pdf",
        "LOAN AGREEMENT",
        "Marrow Creek Holdings, Inc.",
        "Marrow Creek",
        "Fenwick Savings Bank",
        "Fenwick",
        "holds",
    ),
    (
        "loan-denied.pdf",
        "CREDIT AGREEMENT",
        "Tessaly Robotics Corp.",
        "Tessaly",
        "Granite Harbor Bank",
        "Granite Harbor",
        "denied",
    ),
    (
        "loan-except.pdf",
        "LOAN AND SECURITY AGREEMENT",
        "Orbis Marine LLC",
        "Orbis",
        "Calder Trust Company",
        "Calder",
        "except",
    ),
    (
        "loan-silent.pdf",
        "TERM LOAN AGREEMENT",
        "Wexley Farms, Inc.",
        "Wexley",
        "Dunmore Credit Union",
        "Dunmore",
        "silent",
    ),
)

# Each claim's clause in each state ({a}: the first party's defined term, {b}: the second's).
_CLAUSES: dict[str, dict[str, str]] = {
    "audit_rights": {
        "holds": "{b} shall have the right, upon ten days' notice, to audit the books and records of {a}.",
        "denied": "Neither party shall have any right to audit or inspect the books and records of the other party.",
        "except": "{b} may audit the books and records of {a} once per calendar year, except records relating to {a}'s other customers.",
    },
    "insurance_required": {
        "holds": "{a} shall maintain comprehensive general liability insurance of not less than $2,000,000 per occurrence.",
        "denied": "{a} shall not be required to maintain any insurance under this Agreement.",
        "except": "{a} shall maintain product liability insurance of not less than $1,000,000, except during any period in which no Products are sold.",
    },
    "most_favored_nation": {
        "holds": "The prices charged to {b} shall be no less favorable than the prices charged to any other customer of {a} for the same Products.",
        "except": "If {a} grants a lower price to any other customer for the same Products, {b} shall receive that price, except for prices granted under government contracts.",
    },
    "ip_assigned": {
        "holds": "{a} hereby assigns to {b} all right, title and interest in all inventions and work product developed under this Agreement.",
        "except": "All work product developed under this Agreement shall be the sole property of {b}, except {a}'s pre-existing tools and know-how.",
    },
    "liquidated_damages": {
        "holds": "If {a} fails to deliver the Products on time, {a} shall pay {b} liquidated damages of $5,000 per day of delay.",
        "denied": "In no event shall either party be liable for any indirect, special, punitive or liquidated damages.",
    },
    "right_of_first_refusal": {
        "holds": "{b} shall have a right of first refusal to distribute any new product that {a} develops.",
        "except": "{b} shall have a right of first negotiation for any new product of {a}, other than products developed with government funding.",
    },
    "minimum_commitment": {
        "holds": "{b} shall purchase a minimum annual quantity of 10,000 units of the Products.",
        "except": "{b} shall purchase at least 5,000 units of the Products in each calendar year, except in a year in which {a} fails to deliver.",
    },
    "third_party_beneficiary": {
        "holds": "The affiliates of {b} are intended third party beneficiaries of Section 7 of this Agreement.",
        "denied": "There are no third party beneficiaries of this Agreement.",
    },
}
_LOAN_CLAUSES: dict[str, dict[str, str]] = {
    "granting_liens": {
        "holds": "{a} may grant Liens on its equipment to secure purchase money financing.",
        "denied": "{a} shall not create, incur, assume or suffer to exist any Lien on any of its property.",
        "except": "{a} shall not create any Lien on the Collateral other than Permitted Liens.",
    },
    "incurring_debt": {
        "holds": "{a} may incur additional Indebtedness to finance the purchase of equipment.",
        "denied": "{a} shall not incur any Indebtedness.",
        "except": "{a} shall not incur any Indebtedness other than Permitted Indebtedness.",
    },
    "paying_dividends": {
        "holds": "{a} may pay dividends to its shareholders in each fiscal year.",
        "denied": "{a} shall not pay any dividend or make any distribution on its capital stock.",
        "except": "{a} shall not pay any dividend on its capital stock, except dividends payable solely in its common stock.",
    },
}

_FILLER = (
    "This Agreement shall be governed by the laws of the State of Delaware.",
    "All notices under this Agreement shall be in writing and delivered to the addresses above.",
)


def _pages(
    title: str, a: str, b: str, state: str, clauses: dict[str, dict[str, str]]
) -> list[Line]:
    lines = [
        Line(title, bold=True, x=220),
        *paragraph(
            f'This {title.title()} is entered into by {a} ("{_term(a)}") and {b} ("{_term(b)}").',
            gap=8,
        ),
    ]
    n = 1
    for claim in sorted(clauses):
        sentence = clauses[claim].get(state)
        if sentence is None:
            continue
        text = sentence.format(a=_term(a), b=_term(b))
        lines += paragraph(f"{n}. {text}", gap=6)
        n += 1
    for text in _FILLER:
        lines += paragraph(f"{n}. {text}", gap=6)
        n += 1
    return lines


def _term(name: str) -> str:
    """The party's defined term: its first word ("Corvane")."""
    return name.split()[0].rstrip(",")


@pytest.fixture(scope="module")
def props_runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from app import Runtime, Settings

    folder = tmp_path_factory.mktemp("props")
    paths = []
    for file, title, a, _, b, _, state in _AGREEMENTS:
        make_pdf([_pages(title, a, b, state, _CLAUSES)], folder / file)
        paths.append(folder / file)
    for file, title, a, _, b, _, state in _LOANS:
        make_pdf([_pages(title, a, b, state, _LOAN_CLAUSES)], folder / file)
        paths.append(folder / file)
    with Runtime.open(Settings(data_dir=folder / "evrag")) as rt:
        report = rt.ingestor.run(KB, paths)
        assert not report.failed
        yield rt


# How an analyst asks each claim ({a}, {b}: the parties as the question names them; the
# second element: whether a Yes says the claim holds)
_ASKED: dict[str, tuple[tuple[str, bool], ...]] = {
    "audit_rights": (
        ("Does {b} have the right to audit {a}'s books and records?", True),
        ("can {b} audit {a}'s records?", True),
        ("Is {b} not entitled to inspect {a}'s books?", False),
    ),
    "insurance_required": (
        ("Is {a} required to maintain insurance under its agreement with {b}?", True),
        ("Must {a} carry liability insurance?", True),
    ),
    "most_favored_nation": (
        ("Does {b} get most favored nation pricing from {a}?", True),
        ("Is {b} entitled to most favourable pricing from {a}?", True),
    ),
    "ip_assigned": (
        (
            "Under the agreement between {a} and {b}, is ownership of the intellectual property "
            "assigned?",
            True,
        ),
        ("Is intellectual property created by {a} assigned to {b}?", True),
    ),
    "liquidated_damages": (
        ("Must {a} pay liquidated damages to {b} if it breaches?", True),
        ("is {a} liable for liquidated damages to {b}?", True),
    ),
    "right_of_first_refusal": (
        ("Does {b} have a right of first refusal under its agreement with {a}?", True),
        ("Is it true that {b} holds no right of first refusal from {a}?", False),
    ),
    "minimum_commitment": (
        ("Is {b} required to purchase a minimum quantity from {a}?", True),
        ("Is there a minimum purchase commitment on {b} in its contract with {a}?", True),
    ),
    "third_party_beneficiary": (
        ("Can a third-party beneficiary enforce the contract between {a} and {b}?", True),
        (
            "Does the agreement between {a} and {b} say there are no third-party beneficiaries?",
            False,
        ),
    ),
    "granting_liens": (
        ("Can {a} grant liens?", True),
        ("Is {a} prohibited from granting liens on its assets?", False),
    ),
    "incurring_debt": (
        ("Can {a} incur additional debt?", True),
        ("may {a} incur indebtedness under its loan with {b}?", True),
    ),
    "paying_dividends": (
        ("Can {a} pay dividends?", True),
        ("May {a} make distributions to its shareholders?", True),
    ),
}
# what each state answers a question whose Yes says the claim holds (a negated question: the
# other lead); a claim with no clause in a state is not said there
_LEAD = {"holds": "Yes", "denied": "No", "except": None, "silent": "Not stated"}


def _cases() -> list[tuple[str, str, str, str]]:
    """(claim, state, question, expected lead), the parties named in full for one phrasing in
    three, by their short names otherwise (lower case where the phrasing is)."""
    out = []
    for claim, phrasings in _ASKED.items():
        loan = claim in _LOAN_CLAUSES
        clauses = (_LOAN_CLAUSES if loan else _CLAUSES)[claim]
        for k, (_file, _, a, a_short, b, b_short, state) in enumerate(
            _LOANS if loan else _AGREEMENTS
        ):
            if state != "silent" and state not in clauses:
                continue
            for j, (form, yes_holds) in enumerate(phrasings):
                full = (j + k) % 3 == 0
                question = form.format(a=a if full else a_short, b=b if full else b_short)
                if state == "except":
                    lead = "Yes" if yes_holds else "No"
                    if claim in _LOAN_CLAUSES:
                        lead = "No" if yes_holds else "Yes"
                else:
                    lead = _LEAD[state] or ""
                    if not yes_holds and lead in ("Yes", "No"):
                        lead = {"Yes": "No", "No": "Yes"}[lead]
                out.append((claim, state, question, lead))
    return out


def _ask(rt: Any, question: str) -> dict[str, Any]:
    return dict(rt.skill.ask(KB, question).model_dump(mode="json"))


@pytest.mark.parametrize(("claim", "state", "question", "lead"), _cases())
def test_a_new_proposition_is_read_from_its_record(
    props_runtime: Any, claim: str, state: str, question: str, lead: str
) -> None:
    answer = _ask(props_runtime, question)
    text = str((answer.get("conclusion") or {}).get("answer") or "")
    assert answer["subject_class"]["constraints"].get("claim") == claim, answer["subject_class"]
    assert text.startswith(lead), (state, text)


def test_the_new_propositions_are_data_only() -> None:
    """No product module names a new proposition: everything is in its records."""
    names = {p.name for p in lexicon().propositions}
    assert set(NEW) <= names
    for package in ("domain", "engine", "retrieval", "ingest", "skill", "app", "api"):
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for name in NEW:
                assert name not in text, (name, path)


# a causative over the asked action ("Can Keystone prohibit Halcyon from paying dividends?"):
# the question asks the causer's say over another's action, never the record of the action
# (skill/_skill.py keeps it the question's own); generated over the lexicon's causatives
_CAUSED_FORMS = [
    ("Can {a} {v} {b} from paying dividends?", True),
    ("may {a} {v} {b} to incur indebtedness?", True),
    ("Could {a}'s lender {v} {b} from granting liens on its assets?", True),
    ("Can {b} pay dividends to its shareholders?", False),
    ("May {b} grant liens other than permitted liens?", False),
    ("Is {b} permitted to incur additional debt?", False),
    ("Does {b} need to keep insurance?", False),
]
_CAUSATIVE_WORDS = [
    w.replace("\\b", "")
    for w in lexicon().modality.question_causative
    if w.replace("\\b", "").isalpha()
]


def _caused_cases() -> list[tuple[str, bool]]:
    out = []
    pairs = [("Keystone", "Halcyon"), ("keystone commerce bank", "halcyon robotics"), ("A&B", "C")]
    for i, (form, caused) in enumerate(_CAUSED_FORMS):
        for j in range(2):
            verb = _CAUSATIVE_WORDS[(3 * i + j) % len(_CAUSATIVE_WORDS)]
            a, b = pairs[(i + j) % len(pairs)]
            out.append((form.format(a=a, b=b, v=verb), caused))
    return out


@pytest.mark.parametrize(("question", "caused"), _caused_cases())
def test_a_causative_over_the_action_is_read(question: str, caused: bool) -> None:
    from skill import asks_caused

    assert asks_caused(question) is caused


# a question whether a clause exists is the record's where the record says it reads it
# (`existence: record`: liquidated damages), else the clause found's (a non-compete)
_EXISTS = [
    (
        "Does the {t} between {a} and {b} include a liquidated damages provision?",
        "liquidated_damages",
    ),
    ("does the {t} between {a} and {b} contain a liquidated damages clause?", "liquidated_damages"),
    ("Is there a liquidated damages provision in {a}'s {t}?", "liquidated_damages"),
    ("Does the {t} between {a} and {b} contain a non-compete clause?", None),
]


@pytest.mark.parametrize(("form", "claim"), _EXISTS)
@pytest.mark.parametrize(("a", "b"), [("Acme & Sons", "Orbis Ltd."), ("beta", "acme")])
def test_an_existence_question_reads_the_record_that_says_so(
    form: str, claim: str | None, a: str, b: str
) -> None:
    from skill import asks_existence, parse_subject, read_claim

    topic = "liquidated damages" if claim else "non-compete"
    subject = parse_subject(
        {
            "type": "agreement",
            "attribute": "liquidated_damages" if claim else "non_compete",
            "constraints": {"parties": [a, b], "yes_no": True, "topic": topic},
        }
    )
    question = form.format(t="Supply Agreement", a=a, b=b)
    assert asks_existence(question, subject)
    read = read_claim(question, subject, exists=True)
    assert (None if read is None else read.entry.name) == claim
