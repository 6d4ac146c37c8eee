"""An NDA claim whose sentence the chunker cut in two is read whole (issue 34, the
ContractNLI bench's development half: of the gold spans of its Entailment / Contradiction
claims, 44 of 567 lie across two stored chunks, "5. ... The obligations of Confidant under
this Agreement shall not" / "terminate but shall continue without limitation of time.", "The
Receiving Party shall not reverse engineer, disassemble, decompile, or otherwise analyze," /
"restructure and/or copy ..."). A chunk holds at most 200 words: a longer sentence is cut
at a word boundary, so that the actor and its modal end one chunk and the action opens the
next. Generated variants: four claims, actors (defined terms, lower case, a possessive, "&"),
the long sentence's lead (a definition, a list of purposes), and its place on the page (on
one page, across a page break); end to end on real PDFs, asserting the layout really cut the
sentence."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, make_pdf, paragraph

# (claim, the words that state it, a question, the answer's head)
CLAIMS = (
    (
        "reverse_engineering",
        "{a} shall not reverse engineer, disassemble or decompile any prototypes, software or "
        "other tangible objects which embody the Confidential Information",
        "Under the NDA, is the recipient barred from reverse engineering the confidential "
        "information?",
        "Yes",
    ),
    (
        "survival",
        "the obligations of {a} under this Agreement shall survive any termination or "
        "expiration of this Agreement for a period of five years",
        "Do the recipient's obligations under the NDA continue after it terminates?",
        "Yes",
    ),
    (
        "return_on_termination",
        "{a} shall promptly return or destroy all Confidential Information and all copies "
        "thereof upon the termination of this Agreement",
        "On termination of the NDA, is the recipient required to return or destroy the "
        "confidential information?",
        "Yes",
    ),
    (
        "sharing_with_employees",
        "{a} may disclose the Confidential Information to its employees who need to know it "
        "for the Purpose",
        "Is the recipient allowed to pass the confidential information on to its own employees?",
        "Yes",
    ),
)
ACTORS = ("the Recipient", "Halden & Marine", "the receiving party", "Halden's affiliate")
_ITEMS = (
    "business plans",
    "customer lists",
    "pricing and margins",
    "supplier terms",
    "financial statements and forecasts",
    "product roadmaps",
    "source code and object code",
    "designs and drawings",
    "formulae and processes",
    "marketing strategies",
    "personnel records",
    "know-how and trade secrets",
)
# leads longer than a chunk, run on into the claim (shortened to place the cut, `_cut_pdf`)
LEADS = (
    "In consideration of the disclosure of information of every kind, including without "
    "limitation "
    + ", ".join(f"all {item} of the Discloser and of each of its affiliates" for item in _ITEMS)
    + ", whether disclosed before or after the date hereof, orally, in writing or otherwise,",
    "Because the Discloser will make available for the evaluation of a possible transaction "
    + ", ".join(
        f"its {item} as they exist from time to time and every copy of them" for item in _ITEMS
    )
    + ", together with all analyses, compilations and studies prepared from them by anyone",
)
PREAMBLE = (
    'This Mutual Non-Disclosure Agreement is entered into by Brightwater Analytics, Inc. (the "'
    'Discloser") and Halden & Marine Ltd. (the "Recipient").'
)
FILLER = (
    "This Agreement shall be governed by the laws of the State of Delaware, and each party "
    "submits to the jurisdiction of its courts for any dispute arising out of it."
)
CASES = [
    (claim, ACTORS[i % len(ACTORS)], lead, across_pages)
    for i, (claim, lead, across_pages) in enumerate(
        itertools.product(range(len(CLAIMS)), range(len(LEADS)), (False, True))
    )
]


def _sentence(claim: int, actor: str, lead: int, lead_words: int | None = None) -> str:
    words = LEADS[lead].split()[:lead_words]
    return f"{' '.join(words).rstrip(',')}, {CLAIMS[claim][1].format(a=actor)}."


def _pdf(claim: int, actor: str, lead: int, across_pages: bool, lead_words: int | None) -> bytes:
    title = Line("MUTUAL NON-DISCLOSURE AGREEMENT", size=16, bold=True, x=120)
    lines = paragraph(_sentence(claim, actor, lead, lead_words), gap=14)
    if not across_pages:
        return make_pdf([[title, *paragraph(PREAMBLE, gap=14), *lines, *paragraph(FILLER)]])
    # the preamble and fillers push the sentence's first half to the foot of page one
    fillers = [line for _ in range(6) for line in paragraph(FILLER, gap=14)]
    half = len(lines) // 2
    return make_pdf(
        [
            [title, *paragraph(PREAMBLE, gap=14), *fillers, *lines[:half]],
            [*lines[half:], *paragraph(FILLER, gap=14)],
        ]
    )


def _cut_pdf(case: tuple[int, str, int, bool]) -> bytes:
    """The case's PDF, its lead shortened so that the chunker's cut (measured on the whole
    lead, longer than a chunk) falls four words into the claim: the actor and its modal end
    one chunk, the action opens the next."""
    from ingest import Chunker, PdfParser

    whole = _pdf(*case, None)
    chunks = Chunker().run(PdfParser().run(whole, "cut.pdf"), "g")
    opening = " ".join(LEADS[case[2]].split()[:6])
    texts = [" ".join(c.text.split()) for c in chunks]
    held = next(t[t.index(opening) :] for t in texts if opening in t)
    return _pdf(*case, len(held.split()) - 4)


def _name(case: tuple[int, str, int, bool]) -> str:
    claim, actor, lead, across_pages = case
    return f"NDA_{CLAIMS[claim][0]}_{ACTORS.index(actor)}_{lead}_{int(across_pages)}.pdf"


@pytest.fixture(scope="module")
def cut_runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, dict[str, str]]]:
    from app import Runtime, Settings

    data_dir = tmp_path_factory.mktemp("nda-cut") / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        rt.create_kb("ndas")
        report = rt.ingestor.run("ndas", [(_name(c), _cut_pdf(c)) for c in CASES])
        assert not report.failed
        ids = {d.name: d.document_id for d in rt.catalog.list_documents("ndas")}
        yield rt, ids


# Read whole, the sentence is still misjudged (a reader limit, not the cut's): after a lead
# of several comma-joined items ("its business plans, its pricing, its terms, the receiving
# party may disclose ... to its employees") the rules read no permission of sharing.
_MISREAD = {(3, 1)}


@pytest.mark.slow
@pytest.mark.parametrize(
    "case",
    [
        pytest.param(
            c,
            id=_name(c),
            marks=[pytest.mark.xfail(strict=True, reason="a long lead misread")]
            if c[0::2] in _MISREAD
            else [],
        )
        for c in CASES
    ],
)
def test_a_claim_cut_by_the_chunker_is_read_whole(
    cut_runtime: tuple[Any, dict[str, str]], case: tuple[int, str, int, bool]
) -> None:
    rt, ids = cut_runtime
    claim, actor, _, _ = case
    document_id = ids[_name(case)]
    # the layout does what it says: no one chunk holds the claim's words
    words = " ".join(CLAIMS[claim][1].format(a=actor).split())
    chunks = [" ".join(c.text.split()) for c in rt.store.chunks_of("ndas", document_id)]
    assert len(chunks) > 1 and not any(words in c for c in chunks), chunks
    _, _, question, head = CLAIMS[claim]
    a = json.loads(rt.skill.ask("ndas", question, documents=[document_id]).to_json())
    answer = a["conclusion"]["answer"]
    assert answer.startswith(head + " —") or answer.startswith(head + ","), answer
    deciding = set(a["conclusion"]["values"][0]["evidence_ids"])
    quotes = [" ".join(e["quote"].split()) for e in a["evidence"] if e["evidence_id"] in deciding]
    assert any(words in q for q in quotes), quotes
