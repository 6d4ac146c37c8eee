"""An amendment named in every form a question takes (issue 33, session 28).

"Is the Amendment No. 3 to the supply agreement between A and B governed by ...?",
"Summarize the governing law of the 2nd amendment to ...", "Does the amendment #2 to ...
restrict assignment?", "For the third amendment to ..., what is ...?": the grammar reads none
of these, and the open reading took the agreement's phrase alone, so the amendment was dropped
(the agreement itself answered) and a capitalised number ("No. 3", "No.3", "2nd") became a
party the gate refused. Generated over the amendment's spellings (digits and words glued to
"no." or "#", ordinals in words and digits, vocabulary.yaml), the question's builders (yes/no,
imperative, instruction after, fronted subject, possessive), parties (with "&", digits, a
hyphen; reordered) and case; the amendment of each reading is the one the plain "What is ...
of the {amendment} to the {type} between A and B?" reads, and the parties are the named ones.
The amendment may stand after the agreement's words ("the supply agreement amendment no. 2")
or apart from them ("the second amendment to the A / B supply agreement"). A question about
amending (no amendment's number, no agreement after it) names no amendment.
"""

from __future__ import annotations

import pytest

from domain import entity_key
from skill import QuestionReader

_PARTIES = [
    ("Harrow & Finch LLC", "7Seas Cargo Inc."),
    ("Kel-Tech Systems Ltd.", "Ormond Bay Partners LP"),
]
_KNOWN = QuestionReader([n for pair in _PARTIES for n in pair])
# (the amendment as written, its number)
_HEADS = [
    ("Amendment no.three", 3),
    ("amendment #2", 2),
    ("Amendment No.3", 3),
    ("Amendment No. 3", 3),
    ("amendment no. two", 2),
    ("AMENDMENT #4", 4),
    ("the third amendment", 3),
    ("2nd amendment", 2),
    ("10th Amendment", 10),
    ("amendment number three", 3),
    ("Amendment 3", 3),
    ("Second Amendment", 2),
]
_FORMS = [
    "Is the {h} to the {t} between {a} and {b} governed by the laws of Delaware?",
    "Is the {h} to the {t} between {a} and {b} governed by the laws of Delaware? Answer yes or no.",
    "Summarize the governing law of the {h} to the {t} between {a} and {b}.",
    "Summarize the {h} to the {t} between {a} and {b}.",
    "Does the {h} to the {t} between {a} and {b} restrict assignment?",
    "For the {h} to the {t} between {a} and {b}, what is the governing law?",
    "Does {a}'s {h} to the {t} with {b} have a non-compete?",
    "What is the governing law of the {h} to the {t} between {a} and {b}? Cite the clause.",
    "Does the {h} {t} between {a} and {b} restrict assignment?",
    # the amendment after the agreement's words, or apart from them by the parties' names
    "Is the {t} {h} between {a} and {b} governed by the laws of Delaware?",
    "Does the {h} to the {a} / {b} {t} restrict assignment?",
    # a title opening with the amendment's words, no "to" ("the Amendment No. 1 Manufacturing
    # Agreement"), asked as a yes/no question, an imperative and fronted
    "Is the {h} {T} between {a} and {b} governed by the laws of Delaware?",
    "Summarize the governing law of the {h} {T} between {a} and {b}.",
    "For the {h} {T} between {a} and {b}, what is the governing law?",
]
_TYPES = ["supply agreement", "lease", "MSA"]
# how each number is written in _HEADS
_WORDS = {2: ("two", "2nd", "second"), 3: ("three", "third"), 4: (), 10: ("10th",)}


def _the(head: str) -> str:
    return head if head.lower().startswith("the ") else f"the {head}"


@pytest.mark.parametrize("form", _FORMS)
@pytest.mark.parametrize(("head", "number"), _HEADS)
def test_the_amendment_is_read_in_every_form(form: str, head: str, number: int) -> None:
    i = (_FORMS.index(form) + _HEADS.index((head, number))) % len(_PARTIES)
    kind = _TYPES[(_FORMS.index(form) + len(head)) % len(_TYPES)]
    bare = head.removeprefix("the ")
    plain = _KNOWN.read(
        f"What is the governing law of {_the(bare)} to the {kind} between "
        f"{_PARTIES[i][0]} and {_PARTIES[i][1]}?"
    )
    for a, b, lower in ((*_PARTIES[i], False), (_PARTIES[i][1], _PARTIES[i][0], True)):
        titled = kind if kind.isupper() else kind.title()
        question = form.format(h=bare, t=kind, T=titled, a=a, b=b)
        if lower:
            question = question.lower()
        read = _KNOWN.read(question)
        amendment = read.constraints.get("amendment")
        assert amendment is not None, question
        assert str(amendment).lower() == str(plain.constraints["amendment"]).lower(), question
        written = str(amendment).lower()
        assert str(number) in written or any(w in written for w in _WORDS[number]), question
        assert read.document_type == plain.document_type, question
        assert [entity_key(p) for p in read.parties] == [entity_key(a), entity_key(b)], question


@pytest.mark.parametrize(
    "question",
    [
        "Does the supply agreement between {a} and {b} allow amendment by email?",
        "Is any amendment of the MSA between {a} and {b} required to be in writing?",
        "Does the lease between {a} and {b} restrict assignment?",
    ],
)
def test_a_question_about_amending_names_no_amendment(question: str) -> None:
    for a, b in _PARTIES:
        read = _KNOWN.read(question.format(a=a, b=b))
        assert "amendment" not in read.constraints, question
        assert [entity_key(p) for p in read.parties] == [entity_key(a), entity_key(b)]
