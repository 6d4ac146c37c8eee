"""A list item that the sentence splitter set apart from its lead-in is read with the
lead-in's modal and actor (issue 34, the ContractNLI bench's development half: "neither party
will, directly or indirectly, ... in any other capacity:" ... "(ii) recruit ... any
employee"; "Each party may disclose the Confidential Information:" ... "4.1.2 to its
employees"), and quoted from the lead-in's start, so that what is quoted is what was read.
Generated variants (actors, modals, synonyms, the item's place in the list), and end to end
on a real PDF."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from domain import lexicon
from tests.pdfs import clauses_pdf
from tests.skill.claim_reading import holds as _holds

_ENTRIES = {p.name: p for p in lexicon().propositions}


_FILLER = (
    "to the extent that such disclosure is reasonably necessary or desirable for the Purpose "
    "and subject always to confidentiality terms no less protective than these"
)


def _list(lead: str, items: list[str]) -> str:
    return lead + " " + " ".join(f"({'abc'[i]}) {item} {_FILLER};" for i, item in enumerate(items))


@pytest.mark.parametrize("actor", ["Each party", "The Recipient", "the receiving party"])
@pytest.mark.parametrize("verb", ["may disclose", "is entitled to disclose", "may share"])
@pytest.mark.parametrize("who", ["to its employees and officers", "to its staff"])
@pytest.mark.parametrize("first", [True, False])
def test_an_item_set_apart_is_read_with_its_lead_ins_modal(
    actor: str, verb: str, who: str, first: bool
) -> None:
    items = ["with the prior written consent of the other party", who]
    text = _list(f"{actor} {verb} the Confidential Information of the other party:", items)
    # the item stands apart from its lead-in (the splitter cut it at its semicolon)
    assert _holds("sharing_with_employees", text.split("; (b)")[1]) is None
    if not first:
        items.reverse()
        text = _list(f"{actor} {verb} the Confidential Information of the other party:", items)
    assert _holds("sharing_with_employees", text) is True


@pytest.mark.parametrize("actor", ["neither party", "Neither the Recipient nor its Affiliates"])
@pytest.mark.parametrize("act", ["solicit or hire", "recruit", "entice away"])
def test_an_item_set_apart_is_read_with_its_lead_ins_prohibition(actor: str, act: str) -> None:
    text = _list(
        f"During the Restriction Period {actor} will, directly or indirectly, either as a partner "
        "or owner or in any other capacity:",
        [
            "engage in any business that competes with the other party within the territory",
            f"{act} any person who is an employee of the other party",
        ],
    )
    assert _holds("non_solicitation", text) is True
    assert _holds("non_solicitation", text, negated=True) is False


def test_prose_between_a_colon_and_an_item_ends_the_list() -> None:
    text = (
        "Each party may disclose the Confidential Information of the other party: (a) with the "
        f"prior written consent of the other party {_FILLER}. The parties met on Monday in the "
        f"offices of the Discloser in Boston to agree on this text. (b) to its employees {_FILLER}."
    )
    assert _holds("sharing_with_employees", text) is None


LISTED = (
    "This Mutual Non-Disclosure Agreement is entered into by Brightwater Analytics, Inc. "
    '(the "Discloser") and Orrin Tools GmbH (the "Recipient").',
    _list(
        "During the term neither party will, directly or indirectly, either as a partner or "
        "owner or in any other capacity:",
        [
            "engage in any business that competes with the other party within the territory",
            "solicit or hire any person who is an employee of the other party",
        ],
    ),
    "This Agreement shall be governed by the laws of the State of Delaware.",
)


@pytest.fixture(scope="module")
def nda(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str]]:
    from app import Runtime, Settings

    data_dir = tmp_path_factory.mktemp("nda-list-items") / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        rt.create_kb("ndas")
        pdf = clauses_pdf("MUTUAL NON-DISCLOSURE AGREEMENT", LISTED)
        report = rt.ingestor.run("ndas", [("NDA_Orrin.pdf", pdf)])
        assert not report.failed
        yield rt, rt.catalog.list_documents("ndas")[0].document_id


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("Under the NDA, is the receiving party barred from soliciting employees of the disclosing party?", "Yes"),
        ("is the recipient restricted from hiring or soliciting the other party's staff?", "Yes"),
        ("may the recipient solicit the other party's employees?", "No"),
        ("Can Orrin hire Brightwater's employees?", "No"),
    ],
)  # fmt: skip
def test_a_listed_item_is_answered_with_its_lead_in(
    nda: tuple[Any, str], question: str, head: str
) -> None:
    rt, document_id = nda
    a = json.loads(rt.skill.ask("ndas", question, documents=[document_id]).to_json())
    answer = a["conclusion"]["answer"]
    assert answer.startswith((head + " —", head + ",")), answer
    deciding = set(a["conclusion"]["values"][0]["evidence_ids"])
    quotes = [" ".join(e["quote"].split()) for e in a["evidence"] if e["evidence_id"] in deciding]
    # quoted from the lead-in to the item: what was read
    assert any(q.startswith("During the term") and "(b) solicit or hire" in q for q in quotes)


@pytest.mark.parametrize("actor", ["each party", "the Recipient", "You"])
@pytest.mark.parametrize("verb", ["agrees", "undertakes", "agree"])
def test_a_modal_the_item_completes_is_read_whole(actor: str, verb: str) -> None:
    """ "agrees (i) to promptly notify": the item completes the lead-in's modal."""
    sentence = (
        f"If legally compelled to disclose any Confidential Information, {actor} may do so "
        f"without liability, but {actor} also {verb} (i) to promptly notify the other party "
        "prior to any such disclosure and (ii) to cooperate with the other party."
    )
    assert _holds("notice_of_compelled_disclosure", sentence) is True
