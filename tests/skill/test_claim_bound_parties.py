"""The party a restriction is asked to bind (issue 34): "Is Halcyon subject to a non-compete?"
had no actor, so any party's restriction answered it; the party before "subject to", "bound
by", "restricted by" is the claim's actor. Generated over parties (short names, "&", lower
case), phrasings and restrictions; a deterministic sample runs. Controls: an agreement subject
to something names no party; a question that names the party elsewhere keeps its own reading."""

from __future__ import annotations

import itertools

import pytest

from skill import SubjectClass, parse_subject, read_claim

PARTIES = [
    ("Halcyon Robotics, Inc.", "Halcyon"),
    ("Johnson & Marsh Ltd.", "Johnson & Marsh"),
    ("Northgate Capital LLC", "northgate"),
]
PHRASES = ["Is {x} subject to", "is {x} still bound by", "Is {x} restricted by", "Are {x} bound by"]
RESTRICTIONS = [
    ("a non-compete", "non_compete"),
    ("any non-solicitation covenant", "non_solicitation"),
    ("an exclusivity obligation", "exclusive"),
]
CASES = list(itertools.product(PARTIES, PHRASES, RESTRICTIONS))[::3]


def _subject(name: str) -> SubjectClass:
    return parse_subject(
        {
            "type": "agreement",
            "attribute": "non_compete",
            "constraints": {"parties": [name, "Orbis Labs"]},
        }
    )


@pytest.mark.parametrize(("party", "phrase", "restriction"), CASES)
def test_the_party_subject_to_a_restriction_is_the_claims_actor(
    party: tuple[str, str], phrase: str, restriction: tuple[str, str]
) -> None:
    name, asked = party
    words, claim_name = restriction
    claim = read_claim(f"{phrase.format(x=asked)} {words}?", _subject(name))
    assert claim is not None
    assert claim.entry.name == claim_name
    assert claim.actor == name
    assert claim.others == ("Orbis Labs",)


@pytest.mark.parametrize(
    "question",
    [
        "Is the MSA subject to a non-compete?",
        "Is the agreement subject to automatic renewal?",
        "Does the MSA contain a non-compete?",
    ],
)
def test_no_party_before_the_words_leaves_any_party(question: str) -> None:
    claim = read_claim(question, _subject("Halcyon Robotics, Inc."))
    assert claim is not None
    assert claim.actor is None


# The party a question asks to be kept from acting ("Is Acme prohibited from assigning ...?")
# or asks whether it may act ("May Acme freely compete with ...?", "Can beta hire ...'s
# employees?"): the claim's actor, so another party's sentence does not answer it (CUAD: "Is
# Microgenics prohibited from terminating ... without cause?" was answered No by Achaogen's
# right to terminate for any reason). Generated over the same parties; a sample runs.
ACTING = [
    (
        "Is {x} prohibited from assigning the MSA without Orbis Labs' consent?",
        "assignment_without_consent",
    ),
    ("is {x} still restricted from competing with Orbis Labs?", "non_compete"),
    ("Is {x} barred from soliciting Orbis Labs' employees?", "non_solicitation"),
    ("Is {x} precluded from terminating the agreement without cause?", "termination_without_cause"),
    ("Can {x} compete freely with Orbis Labs under their contract?", "non_compete"),
    ("may {x} hire Orbis Labs' employees under the agreement?", "non_solicitation"),
    (
        "Can {x} terminate its agreement with Orbis Labs for convenience?",
        "termination_without_cause",
    ),
]
ACTING_CASES = list(itertools.product(PARTIES, ACTING))[::2]


@pytest.mark.parametrize(("party", "asked"), ACTING_CASES)
def test_the_party_kept_from_acting_or_asked_to_act_is_the_claims_actor(
    party: tuple[str, str], asked: tuple[str, str]
) -> None:
    name, written = party
    phrase, claim_name = asked
    claim = read_claim(phrase.format(x=written), _subject(name))
    assert claim is not None
    assert claim.entry.name == claim_name
    assert claim.actor == name
    assert claim.others == ("Orbis Labs",)


@pytest.mark.parametrize(
    "question",
    [
        # an owner's possessive: the agreement is what the question asks about
        "Can Halcyon's MSA with Orbis Labs be terminated for convenience?",
        "can halcyon's agreement with Orbis Labs be terminated without cause?",
        # a determiner's noun: any party
        "Can either party assign the agreement between Halcyon and Orbis Labs without consent?",
        "May the contract between Halcyon and Orbis Labs be terminated at will?",
        "Is the MSA prohibited from being assigned without consent?",
    ],
)
def test_no_party_acting_leaves_any_party(question: str) -> None:
    claim = read_claim(question, _subject("Halcyon Robotics, Inc."))
    assert claim is not None
    assert claim.actor is None


# Issue 34's review: the party a question opens with is no actor where it does not act alone
# ("Can Halcyon be terminated by Orbis Labs ...?": the agent after "by" acts; none there: no
# actor), makes another act ("Can Halcyon prohibit Orbis Labs from ...": the causative's
# object, Orbis Labs, acts; session 32's review), is joined to another
# party ("Halcyon and Orbis Labs") or owns what acts ("Halcyon's affiliate"); a name's own
# "'s" ("Stremick's Heritage Foods") is no owner's.
@pytest.mark.parametrize(
    ("name", "question", "actor"),
    [
        ("Halcyon Robotics, Inc.", "Can halcyon be terminated by Orbis Labs for convenience?", 1),
        ("Johnson & Marsh Ltd.", "May Orbis get terminated by johnson & marsh without cause?", 0),
        ("Halcyon Robotics, Inc.", "Can Halcyon be terminated for convenience by notice?", None),
        (
            "Halcyon Robotics, Inc.",
            "Can Halcyon unilaterally prohibit Orbis Labs from competing?",
            1,
        ),
        (
            "Johnson & Marsh Ltd.",
            "can orbis labs prevent Johnson & Marsh from assigning the MSA without consent?",
            0,
        ),
        ("Northgate Capital LLC", "May Northgate & Orbis Labs compete with each other?", None),
        ("Northgate Capital LLC", "May Orbis Labs or northgate compete with each other?", None),
        (
            "Halcyon Robotics, Inc.",
            "Is Halcyon’s affiliate prohibited from competing with Orbis Labs?",
            None,
        ),
        (
            "Halcyon Robotics, Inc.",
            "Are Halcyon and Orbis Labs restricted from soliciting employees?",
            None,
        ),
        ("Halcyon Robotics, Inc.", "Are Halcyon and its Affiliates bound by a non-compete?", 0),
        ("Northgate Capital LLC", "Can northgate be barred from competing with Orbis Labs?", 0),
        (
            "Stremick's Heritage Foods, LLC",
            "May Stremick's Heritage Foods assign the MSA without consent?",
            0,
        ),
        (
            "Stremick's Heritage Foods, LLC",
            "is stremick’s prohibited from assigning the MSA without consent?",
            0,
        ),
    ],
)
def test_the_opening_party_acts_only_alone(name: str, question: str, actor: int | None) -> None:
    claim = read_claim(question, _subject(name))
    assert claim is not None
    assert claim.actor == (None if actor is None else (name, "Orbis Labs")[actor]), question
