"""The question reader's review of session 38 (ask38, absent38), each class on generated
variants:

- a value question whose asking word follows a preposition, a leading phrase or the item ("For
  how long is ...?", "Under the MSA, what notice ...?", "Liability limited to what amount?") is
  no yes/no claim, whatever word of a terse claim it says;
- a proposition's question words name it, not a word that also names other things
  ("retention of employees", "spokesperson", "in discussions with", "by phone");
- a phrase before the auxiliary ends at the comma the auxiliary follows, not at a comma inside
  a party's name ("Halcyon Robotics, Inc.");
- a negation inside a condition never negates the claim, the condition first or last;
- a sentence with a modal verb and its subject before a numbered list of Title Case items
  states the list (it is no table of contents);
- no lexicon example, nor the phrasing tests, copies a bench phrasing (bench/*phrasings*.yaml).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from skill import heading_only, parse_subject, read_claim, terse_yes_no

_ROOT = Path(__file__).resolve().parents[2]

_PARTIES = [
    ("Acme Corp", "Beta & Co."),
    ("Halcyon Robotics, Inc.", "Northgate Logistics, LLC"),
]


def _subject(parties: tuple[str, str]) -> Any:
    return parse_subject(
        {
            "type": "agreement",
            "attribute": "obligations",
            "constraints": {"parties": list(parties)},
        }
    )


def _read(question: str, parties: tuple[str, str] = _PARTIES[0]) -> tuple[str, bool] | None:
    claim = read_claim(question, _subject(parties))
    return None if claim is None else (claim.entry.name, claim.negated)


# --- a value question is no yes/no claim ----------------------------------------------------

# (the asking phrase, after a preposition or ending the question; {r} the party; each says a
# word that makes a terse question a yes/no one)
_VALUE_QUESTIONS = [
    "For how long is {r} prohibited from competing?",
    "For how many years is {r} barred from soliciting employees?",
    "Within how many days must {r} return the materials?",
    "Within what period are copies required to be destroyed?",
    "Until when do the obligations of {r} survive?",
    "Till when is {r} restricted from disclosing the information?",
    "Under the MSA, what notice is required to terminate?",
    "Under the NDA, for how long is reverse engineering prohibited?",
    "After how many days may {r} terminate?",
    "Liability of {r} limited to what amount?",
    "Disclosure to employees permitted to what extent?",
    "Copies may be retained by whom?",
    "Information may be disclosed to whom?",
    "Notice of termination required when?",
    "{r} must pay how much on termination?",
]


@pytest.mark.parametrize("party", ["Beta", "beta & co.", "the recipient", "Beta's affiliate"])
def test_a_value_question_is_no_yes_no_claim(party: str) -> None:
    for template in _VALUE_QUESTIONS:
        question = template.replace("{r}", party)
        question = question[:1].upper() + question[1:]
        for asked in (question, question.lower()):
            assert _read(asked) is None, asked
            # and the question grammar reads it as written, never "is for how long ...?"
            assert terse_yes_no(asked) == asked, asked


@pytest.mark.parametrize(
    "question",
    [
        # the asking word is a conjunction, or the lead is a condition: yes/no claims still
        "Disclosure to employees permitted where required by law?",
        "When the agreement ends, must Beta return the materials?",
        "Under the MSA between Halcyon Robotics, Inc. and Northgate Logistics, LLC, may "
        "Northgate terminate for convenience?",
    ],
)
def test_an_asking_word_that_asks_nothing_keeps_the_claim(question: str) -> None:
    # (with a value question of the same words beside it, read as none)
    assert _read(question, _PARTIES[1]) is not None, question
    assert _read("For how long, " + question[:1].lower() + question[1:], _PARTIES[1]) is None


# --- a proposition's words name it, not another thing ---------------------------------------


@pytest.mark.parametrize(
    ("question", "not_read_as"),
    [
        ("Must Beta destroy copies unless retention is permitted by law?", "retaining_copies"),
        ("Does the retention of employees by Beta require consent?", "retaining_copies"),
        ("Is employee retention by Beta restricted?", "retaining_copies"),
        ("Is Beta's spokesperson permitted to disclose the agreement?", "oral_information"),
        ("Is Beta in discussions with other buyers prohibited?", "oral_information"),
        ("Can notice of termination be given by phone?", "oral_information"),
        ("Are business partners of Beta covered by the guarantee?", "technical_information_only"),
        ("Is Beta liable where the defect is not identified?", "marked_as_confidential"),
        ("Is an unidentified third party bound by the NDA?", "marked_as_confidential"),
        ("May Beta hold the deposit indefinitely?", "return_on_termination"),
        ("Does the passport policy apply to Beta's employees?", "sharing_with_employees"),
    ],
)
def test_a_word_that_names_another_thing_asks_no_proposition(
    question: str, not_read_as: str
) -> None:
    for asked in (question, question.lower()):
        read = _read(asked)
        assert read is None or read[0] != not_read_as, (asked, read)


@pytest.mark.parametrize(
    ("question", "read_as"),
    [
        ("Is retention of copies by Beta permitted?", ("retaining_copies", False)),
        ("Is backup copy retention by the recipient allowed?", ("retaining_copies", False)),
        ("Is information Acme shares in a meeting confidential?", ("oral_information", False)),
        ("Is what Acme spoke about on a call protected?", ("oral_information", False)),
        ("Is information Acme gives by phone protected?", ("oral_information", False)),
        ("Are pricing details of Acme protected too?", ("technical_information_only", True)),
        (
            "Is information not expressly marked still protected?",
            ("marked_as_confidential", True),
        ),
        ("May Beta keep Acme's documents forever?", ("return_on_termination", True)),
        ("May Beta pass the information to its employees?", ("sharing_with_employees", False)),
    ],
)
def test_the_anchored_words_still_name_their_proposition(
    question: str, read_as: tuple[str, bool]
) -> None:
    # (beside each, a question of the same shape about another thing reads no such claim)
    for asked in (question, question.lower()):
        assert _read(asked) == read_as, asked
    assert _read("Is Beta's spokesperson permitted to disclose the agreement?") is None


# --- a leading phrase with commas inside its names ------------------------------------------


@pytest.mark.parametrize(
    "parties",
    [
        ("Halcyon Robotics, Inc.", "Northgate Logistics, LLC"),
        ("Northgate Logistics, LLC", "Halcyon Robotics, Inc."),
        ("halcyon robotics, inc.", "northgate logistics, l.l.c."),
        ("Halcyon Robotics, Ltd.", "Northgate Logistics, Inc."),
    ],
)
def test_a_leading_phrase_keeps_the_commas_of_its_names(parties: tuple[str, str]) -> None:
    subject = _subject(parties)
    for question in (
        f"Under the MSA between {parties[0]} and {parties[1]}, is Northgate prohibited from "
        "soliciting Halcyon's employees?",
        f"Under the agreement by and between {parties[1]} & {parties[0]}, may Northgate "
        "assign the agreement?",
    ):
        claim = read_claim(question, subject)
        assert claim is not None, question
        assert claim.actor is not None and "northgate" in claim.actor.casefold(), question


# --- a negation inside a condition ----------------------------------------------------------

_CONDITIONS = [
    "Beta does not keep the information confidential",
    "beta did not cure the breach",
    "Beta has not paid the fees",
    "Halcyon Robotics, Inc. does not pay",
]


@pytest.mark.parametrize("condition", _CONDITIONS)
def test_a_negation_inside_a_condition_never_negates_the_claim(condition: str) -> None:
    for opener in ("If", "Unless", "In the event that"):
        for question, negated in (
            (f"{opener} {condition}, may Acme terminate?", False),
            (f"May Acme terminate {opener.lower()} {condition}?", False),
            (f"{opener} {condition}, may Acme not terminate?", True),
            (f"May Acme not terminate {opener.lower()} {condition}?", True),
        ):
            assert _read(question) == ("termination", negated), question


# --- a modal sentence before a numbered list ------------------------------------------------


@pytest.mark.parametrize(
    "opening",
    ["Licensee shall not:", "The Distributor must not", "Each party may:", "Beta will not"],
)
def test_a_modal_sentence_before_a_numbered_list_is_no_heading(opening: str) -> None:
    for items in (
        "1. Sell Competing Products 2. Solicit Customers",
        "1. Sell Competing Products 2. Solicit Customers 3. Hire Employees",
        "2.1 Sell Competing Products 2.2 Solicit Customers or Suppliers",
    ):
        assert not heading_only(f"{opening} {items}"), (opening, items)
    # a run of captions alone is a table of contents still
    assert heading_only("9. Covenant Not to Compete 10. Notices 11. Term")


# --- no copy of a bench phrasing ------------------------------------------------------------


def _normal(text: str) -> str:
    return " ".join(re.sub(r"[?.!]+(?=\s|$)", " ", text.casefold()).split())


def _strings(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for v in node.values() for s in _strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return []


def _examples(node: Any) -> list[str]:
    """Each [regex, example] pair's example in a lexicon file."""
    if isinstance(node, dict):
        return [e for v in node.values() for e in _examples(v)]
    if isinstance(node, list):
        if len(node) == 2 and all(isinstance(v, str) for v in node):
            return [node[1]]
        return [e for v in node for e in _examples(v)]
    return []


def test_no_lexicon_example_nor_phrasing_test_copies_a_bench_phrasing() -> None:
    """An example copies a phrasing where it holds one, or is most of one (3 words in 5); the
    phrasing tests hold none."""
    phrasings = [
        _normal(s)
        for path in sorted((_ROOT / "bench").glob("*phrasings*.yaml"))
        for s in _strings(yaml.safe_load(path.read_text(encoding="utf-8")))
        if s.rstrip().endswith("?")
    ]
    asked = [p for p in phrasings if len(p.split()) >= 3]
    assert asked
    examples = [
        _normal(e)
        for path in sorted((_ROOT / "domain" / "lexicon").glob("*.yaml"))
        for e in _examples(yaml.safe_load(path.read_text(encoding="utf-8")))
    ]
    copied = sorted(
        {
            (e, p)
            for e in examples
            for p in asked
            if p in e
            or (e in p and len(e.split()) >= 4 and 5 * len(e.split()) >= 3 * len(p.split()))
        }
    )
    for name in ("test_claim_question_phrasings.py", "test_claim_plain_words.py"):
        text = _normal((_ROOT / "tests" / "skill" / name).read_text(encoding="utf-8"))
        copied += sorted({(name, p) for p in asked if p in text})
    assert not copied, copied
