"""The words of the named agreement's title are no claim (issue 33): "Does the Exclusive
Distributor Agreement between WATER NOW, INC. and Hydraspin USA, Inc. require insurance?" was
read as a claim of exclusivity and answered "Yes" from the exclusive distribution. A title or
type ("Exclusive Distributor Agreement", "Non-Competition Agreement", "Termination
Agreement") names the subject; the claim is what the rest of the question asks. Generated over
titles that hold claim words, several topics, yes/no forms, possessives, "&" and lower case;
controls keep a claim the rest of the question makes ("Is the Distribution Agreement
exclusive?", "Does the Exclusive Distributor Agreement grant exclusivity?")."""

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
TOPICS = [
    ("Does {w} require insurance?", "Is insurance required under {w}?"),
    ("Does {w} have a governing law clause?", "Is {w} governed by Delaware law?"),
    ("Does {w} require audits?", "Is an audit required under {w}?"),
    ("Does {w} name an arbitrator?", "Is arbitration required by {w}?"),
]


def _questions() -> list[str]:
    out = []
    for title in TITLES:
        for whose in WHOSE:
            w = whose.format(t=title)
            for forms in TOPICS:
                for form in forms:
                    q = form.format(w=w)
                    out.extend([q, q.lower()])
    return out


@pytest.mark.parametrize("question", _questions())
def test_a_title_makes_no_claim(question: str) -> None:
    assert read_claim(question, _SUBJECT) is None


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
