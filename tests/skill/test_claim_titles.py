"""The words of the named agreement's title are no claim (issue 33): "Does the Exclusive
Distributor Agreement between WATER NOW, INC. and Hydraspin USA, Inc. require insurance?" was
read as a claim of exclusivity and answered "Yes" from the exclusive distribution. A title or
type ("Exclusive Distributor Agreement", "Non-Competition Agreement", "Termination
Agreement") names the subject; the claim is what the rest of the question asks. Generated over
titles that hold claim words, several topics, yes/no forms, possessives, "&" and lower case;
controls keep a claim the rest of the question makes ("Is the Distribution Agreement
exclusive?", "Does the Exclusive Distributor Agreement grant exclusivity?").

Every yes/no question is a claim (issue 34): where the rest of the question asks a topic that
has its own record (insurance, audits: session 35), the claim is that record's; where none
exists (a governing law clause, an arbitrator), none. Never the title's."""

from __future__ import annotations

import pytest

from skill import parse_subject, read_claim

_SUBJECT = parse_subject(
    {
        "type": "agreement",
        "document_type": "distribution_agreement",
        "attribute": "governing_law",
        "constraints": {"parties": ["WATER NOW, INC.", "Hydraspin USA, Inc."]},
    }
)

TITLES = [
    "Exclusive Distributor Agreement",
    "Exclusive License Agreement",
    "Non-Competition Agreement",
    "Noncompetition and Exclusivity Agreement",
    "Termination Agreement",
    "Non-Solicitation Agreement",
    "Exclusive Supply Contract",
]
WHOSE = [
    "the {t} between WATER NOW, INC. and Hydraspin USA, Inc.",
    "Hydraspin's {t} with Water Now",
    "the {t} between Acme & Sons and Orbis",
    "this {t}",
]
# each topic's forms and the record the rest of the question asks (None: no record has it)
TOPICS = [
    (("Does {w} require insurance?", "Is insurance required under {w}?"), "insurance_required"),
    (("Does {w} have a governing law clause?", "Is {w} governed by Delaware law?"), None),
    (("Does {w} require audits?", "Is an audit required under {w}?"), "audit_rights"),
    (("Does {w} name an arbitrator?", "Is arbitration required by {w}?"), None),
]
# what a title's words would make, were they read as the claim
TITLE_CLAIMS = {"exclusive", "non_compete", "non_solicitation", "termination_without_cause"}


def _questions() -> list[tuple[str, str | None]]:
    out = []
    for title in TITLES:
        for whose in WHOSE:
            w = whose.format(t=title)
            for forms, claim in TOPICS:
                for form in forms:
                    q = form.format(w=w)
                    out.extend([(q, claim), (q.lower(), claim)])
    return out


@pytest.mark.parametrize(("question", "claim"), _questions())
def test_a_title_makes_no_claim(question: str, claim: str | None) -> None:
    read = read_claim(question, _SUBJECT)
    name = None if read is None else read.entry.name
    assert name not in TITLE_CLAIMS and name == claim, (question, name)


ASKED = [
    ("Is the Distribution Agreement exclusive?", "exclusive"),
    ("Does the Exclusive Distributor Agreement grant exclusivity?", "exclusive"),
    (
        "Is Hydraspin's appointment under the Exclusive Distributor Agreement exclusive?",
        "exclusive",
    ),
    ("Does the Non-Competition Agreement restrict Bolt from competing?", "non_compete"),
    ("Can Acme terminate the Termination Agreement without cause?", "termination_without_cause"),
    (
        "Can Acme terminate the Exclusive License Agreement for convenience?",
        "termination_without_cause",
    ),
    ("Does Acme's Exclusive License Agreement with Bolt renew automatically?", "automatic_renewal"),
    ("Can the Supplier terminate the Supply Agreement without cause?", "termination_without_cause"),
    ("Can Acme's subsidiary terminate agreements without cause?", "termination_without_cause"),
]


@pytest.mark.parametrize("question,claim", [*ASKED, *((q.lower(), c) for q, c in ASKED)])
def test_the_rest_of_the_question_still_makes_the_claim(question: str, claim: str) -> None:
    read = read_claim(question, _SUBJECT)
    assert read is not None and read.entry.name == claim


# Where the question asks whether a party is bound by / subject to / party to the agreement,
# its title is what the claim asks (review of issue 33): "Is Acme subject to the non-compete
# agreement with Beta?" asks the restriction on competing, not nothing.
BOUND_TITLES = [
    ("Non-Compete Agreement", "non_compete"),
    ("non-competition agreement", "non_compete"),
    ("Noncompetition Agreement", "non_compete"),
    ("Non-Solicitation Agreement", "non_solicitation"),
    ("non-solicit agreement", "non_solicitation"),
    ("Exclusivity Agreement", "exclusive"),
]
BOUND_FORMS = [
    "Is {a} subject to the {t} with {b}?",
    "Is {a} bound by its {t}?",
    "Is {a} still bound by its {t} after termination?",
    "Is {a} a party to the {t} with {b}?",
    "Are {a} and {b} parties to the {t}?",
    "Is {b} bound by {a}'s {t}?",
    "Is {b} subject to {a}'s {t}?",
    "Is {a} restricted by the {t} between {a} and {b}?",
]
PAIRS = [("Acme", "Beta"), ("Acme & Sons", "Orbis Ltd."), ("WATER NOW, INC.", "Hydraspin")]


def _bound_questions() -> list[tuple[str, str]]:
    out = []
    for i, (title, claim) in enumerate(BOUND_TITLES):
        for j, form in enumerate(BOUND_FORMS):
            a, b = PAIRS[(i + j) % len(PAIRS)]
            q = form.format(a=a, b=b, t=title)
            out.extend([(q, claim), (q.lower(), claim)])
    return out


@pytest.mark.parametrize("question,claim", _bound_questions())
def test_bound_by_the_titled_agreement_makes_its_claim(question: str, claim: str) -> None:
    read = read_claim(question, _SUBJECT)
    assert read is not None and read.entry.name == claim, question


@pytest.mark.parametrize("title", [t for t, _ in BOUND_TITLES])
def test_a_title_after_other_words_is_not_the_claim(title: str) -> None:
    # the title only names the agreement whose other terms are asked
    # (insurance has its own record: the claim is it, never the title's)
    for q, claim in (
        (f"Is Acme bound by the governing law of its {title}?", None),
        (f"Does Acme's {title} require insurance?", "insurance_required"),
        (f"Is Beta subject to the arbitration clause of the {title} with Acme?", None),
    ):
        for asked in (q, q.lower()):
            read = read_claim(asked, _SUBJECT)
            assert (None if read is None else read.entry.name) == claim, asked
    survival = read_claim(f"Does Acme's {title} survive termination?", _SUBJECT)
    assert survival is not None and survival.entry.name == "survival"
