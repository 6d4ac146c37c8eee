"""Which amendment a question asks about (issue 33, review of session 28).

A numbered amendment written anywhere in the question was taken as the document asked about:
"Does the supply agreement between A and B require a second amendment to be signed ...?",
"... mention the third amendment?", "... say about amendment #2?" were read as questions to
the second/third amendment, and "Is the MSA between A and B superseded by the Amendment No. 2
to the NDA between A and B?" gave the NDA's amendment to the MSA. A numbered amendment away
from the agreement's words names the subject only where nothing but the parties' names stand
between them ("the 2nd amendment to the A / B lease", "the lease between A and B amendment
no. 2"). "..., as amended by the Second Amendment" asks of the agreement as amended: the
agreement is the subject (its amendments are read with it), no amendment is.

Amendments the grammar dropped: a signatory, a party or a role asked of an amendment ("Who
signed Acme's 2nd amendment to the lease with Beta?", "Is Acme a party to the second amendment
to ...?"), and an amendment put before the question as its subject ("Amendment No. 2: what is
the governing law of the lease between A and B?", "Regarding the third amendment, ...").

Generated over the amendment's spellings, the agreement's types, parties (with "&", digits, a
hyphen; reordered) and case.
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
_HEADS = [
    ("second amendment", 2),
    ("2nd Amendment", 2),
    ("Amendment No. 3", 3),
    ("amendment #2", 2),
    ("Third Amendment", 3),
    ("amendment number four", 4),
]
_TYPES = ["supply agreement", "lease", "MSA", "license agreement"]
# how each number is written in _HEADS
_WRITTEN = {2: ("2", "second"), 3: ("3", "third"), 4: ("four",)}


def amendment_number(written: str) -> int | None:
    """The number of _HEADS that `written` holds (None: none)."""
    found = [n for n, words in _WRITTEN.items() if any(w in written.lower() for w in words)]
    return found[0] if len(found) == 1 else None


def _variants(form: str, head: str, i: int) -> list[tuple[str, str, str, str]]:
    """(question, type, a, b) of `form` in both party orders, the second in lower case."""
    kind = _TYPES[(len(form) + len(head)) % len(_TYPES)]
    other = "NDA" if kind != "NDA" else "lease"
    out = []
    for a, b, lower in ((*_PARTIES[i], False), (_PARTIES[i][1], _PARTIES[i][0], True)):
        q = form.format(h=head, H=head[:1].upper() + head[1:], t=kind, o=other, a=a, b=b)
        out.append((q.lower() if lower else q, kind, a, b))
    return out


def _plain(kind: str, a: str, b: str) -> str | None:
    return _KNOWN.read(
        f"What is the governing law of the {kind} between {a} and {b}?"
    ).document_type


# An amendment the question asks about, or another agreement's: the agreement named is the
# subject, no amendment of it.
_ASKED_ABOUT = [
    "Does the {t} between {a} and {b} require a {h} to be signed by both parties?",
    "Does the {t} between {a} and {b} mention the {h}?",
    "What does Section 3 of the {t} between {a} and {b} say about {h}?",
    "Can the {t} between {a} and {b} be amended without a {h} fee?",
    "Is the {t} between {a} and {b} superseded by the {h} to the {o} between {a} and {b}?",
    "Does the {t} between {a} and {b} permit a {h} without consent?",
    # the agreement as amended: its amendments are read with it, none is the subject
    "What is the governing law of the {t} between {a} and {b}, as amended by the {h}?",
    "Is the {t} between {a} and {b}, as amended by the {h}, governed by Delaware law?",
]


@pytest.mark.parametrize("form", _ASKED_ABOUT)
@pytest.mark.parametrize(("head", "number"), _HEADS)
def test_an_amendment_asked_about_is_no_subject(form: str, head: str, number: int) -> None:
    i = (_ASKED_ABOUT.index(form) + len(head)) % len(_PARTIES)
    for question, kind, a, b in _variants(form, head, i):
        read = _KNOWN.read(question)
        assert "amendment" not in read.constraints, question
        assert read.document_type == _plain(kind, a, b), question
        assert [entity_key(p) for p in read.parties] == [entity_key(a), entity_key(b)], question


# The agreement's amendment, named apart from its words only by the parties' names, asked of
# by a signatory, a party, a role, or put before the question.
_NAMED = [
    "Does the {h} to the {a} / {b} {t} restrict assignment?",
    "Does the {t} between {a} and {b} {h} change the rent?",
    "Who signed {a}'s {h} to the {t} with {b}?",
    "Who signed the {h} to the {t} between {a} and {b}?",
    "Who executed the {h} to the {t} between {a} and {b}?",
    "{H}: what is the governing law of the {t} between {a} and {b}?",
    "Regarding the {h}, what is the governing law of the {t} between {a} and {b}?",
    "{H}: who signed the {t} between {a} and {b}?",
]


@pytest.mark.parametrize("form", _NAMED)
@pytest.mark.parametrize(("head", "number"), _HEADS)
def test_the_agreements_amendment_is_the_subject(form: str, head: str, number: int) -> None:
    i = (_NAMED.index(form) + len(head)) % len(_PARTIES)
    for question, kind, a, b in _variants(form, head, i):
        read = _KNOWN.read(question)
        amendment = read.constraints.get("amendment")
        assert amendment is not None, question
        assert amendment_number(str(amendment)) == number, question
        assert read.document_type == _plain(kind, a, b), question
        parties = {entity_key(str(p)) for p in read.constraints.get("parties", [])}
        assert parties == {entity_key(a), entity_key(b)}, question


@pytest.mark.parametrize(("head", "number"), _HEADS)
def test_a_party_asked_of_an_amendment(head: str, number: int) -> None:
    for a, b in _PARTIES:
        for question in (
            f"Is {a} a party to the {head} to the lease with {b}?",
            f"is {b} a party to the {head} to the supply agreement with {a}?",
        ):
            read = _KNOWN.read(question)
            assert read.attribute == "is_party", question
            assert amendment_number(str(read.constraints.get("amendment"))) == number, question


@pytest.mark.parametrize(
    "question",
    [
        # an amendment put before a question that names no agreement: read as written
        "Amendment No. 2: what is the revenue of Harrow & Finch LLC?",
        # a lead that is no numbered amendment
        "Amendments: what is the governing law of the lease between Harrow & Finch LLC and "
        "7Seas Cargo Inc.?",
    ],
)
def test_a_lead_that_is_no_agreements_amendment_names_none(question: str) -> None:
    assert "amendment" not in _KNOWN.read(question).constraints
