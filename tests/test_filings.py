"""Company filings (issue 15): the document's own entity, cover-page forms, first-person voice.

Small PDFs written by PyMuPDF here, ingested by the real pipeline into the real embedded store
with the real model: a 10-K-like cover page (values over parenthesized captions, a label line,
check boxes, a trading-symbol table), a certification, and a page where "Our corporate
headquarters are located in ..." (the company's own voice) stands beside "Mr. ... based in
Paris" (a person's). A press release names its issuer in the dateline. Plus the gold of the
shared filings: every gold value stands on the page it cites.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.pdfs import Line, Row, make_pdf, paragraph

ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "tests" / "gold" / "filings.jsonl"
QUESTIONS = ROOT / "tests" / "gold" / "filings_questions.jsonl"
FILINGS = ROOT.parent / "shared" / "data" / "financebench" / "pdfs"
KB = "filings"

# Three columns of a cover page's caption rows.
_COLS = (60.0, 250.0, 420.0)


def _cover() -> list[Line | Row]:
    return [
        Line("UNITED STATES", bold=True, x=250),
        Line("SECURITIES AND EXCHANGE COMMISSION", bold=True, x=180),
        Line("Washington, D.C. 20549", x=240),
        Line("FORM 10-K", bold=True, x=270, gap=8),
        Line("For the fiscal year ended June 30, 2024", x=200, gap=6),
        Line("Commission File Number 001-99999", x=210),
        Line("NORTHWIND HOLDINGS CORPORATION", bold=True, x=190, gap=10),
        Line("(Exact name of registrant as specified in its charter)", size=9, x=190),
        Row(("Nevada", "", "84-1234567"), xs=_COLS, gap=10),
        Row(
            ("(State or other jurisdiction of", "", "(I.R.S. Employer"),
            xs=_COLS,
            size=9,
        ),
        Row(("incorporation or organization)", "", "Identification No.)"), xs=_COLS, size=9),
        Line("4100 Lakeshore Parkway", x=60, gap=10),
        Row(("Reno, Nevada", "", "89501"), xs=_COLS),
        Row(("(Address of principal executive offices)", "", "(Zip Code)"), xs=_COLS, size=9),
        Line("(775) 555-0142", x=250, gap=8),
        Line("(Registrant's telephone number, including area code)", size=9, x=190),
        Line("Securities registered pursuant to Section 12(b) of the Act:", gap=8),
        Row(("Title of each class", "Trading Symbol(s)", "Name of each exchange"), xs=_COLS),
        Row(("Common Stock, $0.01 par value", "NWHC", "New York Stock Exchange"), xs=_COLS),
        *paragraph(
            "As of August 1, 2024, there were 41,872,306 shares of the registrant's common "
            "stock outstanding. The aggregate market value of the common stock held by "
            "non-affiliates was $1,204,000,000."
        ),
        Line("Indicate by check mark whether the registrant is a large accelerated filer.", gap=8),
        # Ticked "x", unticked "o", as many filings print them (the base fonts have no ☒).
        Row(("Large accelerated filer  o", "Accelerated filer  x"), xs=(60.0, 300.0)),
        Row(("Non-accelerated filer  o", "Smaller reporting company  o"), xs=(60.0, 300.0)),
    ]


def _business() -> list[Line | Row]:
    return [
        Line("Item 1. Business", bold=True),
        # a subsidiary named with the ticker, as BBY Solutions, Inc. and ATVI C.V. are
        *paragraph(
            "Our distribution centers are operated by NWHC Logistics, LLC, a wholly owned "
            "subsidiary of Northwind Holdings Corporation."
        ),
        Line("Item 2. Properties", bold=True),
        *paragraph(
            "Our corporate headquarters are located in Carson City, Nevada, where we lease "
            "approximately 120,000 square feet of office space."
        ),
        *paragraph(
            "Mr. Pierre Lambert leads the European Law and Corporate Affairs Group of "
            "Northwind Holdings Corporation, based in Paris, France."
        ),
    ]


def _officers() -> list[Line | Row]:
    """Part I's list of executive officers, then the board's list, which is no officer list."""
    return [
        Line("Information About Our Executive Officers", bold=True, gap=8),
        Row(("Name", "Age", "Position"), xs=(60.0, 250.0, 300.0)),
        Row(
            ("Dana K. West", "58", "President and Chief Executive Officer"), xs=(60.0, 250.0, 300.0)
        ),
        Row(("Marcus O. Hale", "51", "Chief Financial Officer"), xs=(60.0, 250.0, 300.0)),
        Row(("Priya N. Raman", "47", "General Counsel and Secretary"), xs=(60.0, 250.0, 300.0)),
        Line("Board of Directors", bold=True, gap=8),
        Row(("Name", "Age", "Position"), xs=(60.0, 250.0, 300.0)),
        Row(("Oscar T. Lindqvist", "66", "Partner, Harrow Ventures"), xs=(60.0, 250.0, 300.0)),
    ]


def _signatures() -> list[Line | Row]:
    """The signature page: blocks side by side, a name and its capacity after a dash, one
    line under the left block, and a director's line with no signature."""
    cols = (60.0, 330.0)
    return [
        Line("SIGNATURES", bold=True),
        *paragraph(
            "Pursuant to the requirements of the Securities Exchange Act of 1934, this report "
            "has been signed below by the following persons on behalf of the registrant and in "
            "the capacities indicated on August 20, 2024."
        ),
        Row(("/s/ Dana K. West", "/s/ Helen R. Okafor"), xs=cols, gap=10),
        Row(
            ("Dana K. West – President and Chief", "Helen R. Okafor – Chair of the Board"), xs=cols
        ),
        Line("Executive Officer and Director", x=60),
        Row(("/s/ Marcus O. Hale", "/s/ Oscar T. Lindqvist"), xs=cols, gap=10),
        Row(("Marcus O. Hale – Chief Financial Officer", "Oscar T. Lindqvist – Director"), xs=cols),
        Line("(Principal Financial Officer)", x=60),
        Row(("Director", "August 20, 2024"), xs=cols, gap=10),
        Line("Gwen P. Albright", x=60),
    ]


def _certification() -> list[Line | Row]:
    return [
        Line("EXHIBIT 31.1", bold=True),
        Line("CERTIFICATION", bold=True),
        Line("I, Dana K. West, certify that:", gap=8),
        *paragraph(
            "1. I have reviewed this annual report on Form 10-K of Northwind Holdings Corporation;"
        ),
        *paragraph("2. Based on my knowledge, this report does not contain any untrue statement."),
        Line("Date: August 20, 2024", gap=12),
        Line("/s/ Dana K. West"),
        Line("Dana K. West"),
        Line("President and Chief Executive Officer"),
    ]


def _audit_reports() -> list[Line | Row]:
    """Two audit reports (the firm now, since 2019; the firm before, from 2011 to 2019), each
    signed with its city, and the current firm's consent (Exhibit 23)."""
    return [
        Line("REPORT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM", bold=True),
        *paragraph(
            "We have audited the accompanying consolidated balance sheets of Northwind Holdings "
            "Corporation and subsidiaries as of June 30, 2024 and 2023."
        ),
        Line("/s/ Calder Rhys LLP", gap=8),
        Line("We have served as the Company's auditor since 2019."),
        Line("Reno, Nevada"),
        Line("August 20, 2024"),
        Line("REPORT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM", bold=True, gap=12),
        *paragraph(
            "We have audited the accompanying consolidated statements of operations of Northwind "
            "Holdings Corporation and subsidiaries for the year ended June 30, 2019."
        ),
        Line("/s/ Penrose Vail LLP", gap=8),
        Line("We served as the Company's auditor from 2011 to 2019."),
        Line("Sacramento, California"),
        Line("August 22, 2019"),
        Line("Item 14. Principal Accountant Fees and Services", bold=True, gap=12),
        *paragraph(
            "Our independent registered public accounting firm is Calder Rhys LLP (PCAOB ID No. "
            "99). The information required by this item is incorporated by reference."
        ),
        *paragraph(
            "Oscar T. Lindqvist has been a Partner of Harrow Ventures LLC since founding it in "
            "2005. Helen R. Okafor has served as a trustee of the Reno Arts Fund since 2012, "
            "when she co-founded Okafor Partners LLC."
        ),
    ]


def _consent() -> list[Line | Row]:
    return [
        Line("EXHIBIT 23.1", bold=True),
        Line("CONSENT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM", bold=True),
        *paragraph(
            "We consent to the incorporation by reference in the registration statement on Form "
            "S-8 of our report dated August 20, 2024, with respect to the consolidated financial "
            "statements of the Company."
        ),
        Line("/s/ Calder Rhys LLP", gap=8),
        Line("Reno, Nevada"),
    ]


def _release() -> list[Line | Row]:
    return [
        Line("FOR IMMEDIATE RELEASE", bold=True),
        *paragraph(
            "Denver, Colorado (May 2, 2024) - Tarrow & Tarrow (NYSE: TRW) today announced "
            "results for the first quarter of 2024."
        ),
        *paragraph("Net sales were $1.2 billion, up 4% from the prior year."),
        *paragraph(
            "Lena Tarrow, our co-founder and Chief Executive Officer, said the quarter "
            "reflected strong demand."
        ),
    ]


@pytest.fixture(scope="module")
def filings_runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from app import Runtime, Settings

    folder = tmp_path_factory.mktemp("filings")
    paths = [folder / "northwind-10k.pdf", folder / "tarrow-release.pdf"]
    make_pdf(
        [
            _cover(),
            _business() + _officers(),
            _signatures(),
            _certification(),
            _audit_reports(),
            _consent(),
        ],
        paths[0],
    )
    make_pdf([_release()], paths[1])
    with Runtime.open(Settings(data_dir=folder / "evrag")) as rt:
        report = rt.ingestor.run(KB, paths)
        assert not report.failed
        yield rt


def _bound(rt: Any, role: str, entity: str) -> list[str]:
    return sorted({b.subject_name for b in rt.bindings(KB, entity=entity) if b.role == role})


def _ask(rt: Any, question: str) -> dict[str, Any]:
    return dict(rt.skill.ask(KB, question).model_dump(mode="json"))


def test_the_registrant_and_its_cover_page_values_are_bound(filings_runtime: Any) -> None:
    rt = filings_runtime
    who = "Northwind Holdings Corporation"
    assert _bound(rt, "registrant", who) == ["NORTHWIND HOLDINGS CORPORATION"]
    assert _bound(rt, "jurisdiction", who) == ["Nevada"]
    assert _bound(rt, "employer_id", who) == ["84-1234567"]
    assert _bound(rt, "telephone", who) == ["(775) 555-0142"]
    assert _bound(rt, "ticker", who) == ["NWHC"]
    assert _bound(rt, "fiscal_year_end", who) == ["June 30, 2024"]
    # The ticked box, not the first option.
    assert _bound(rt, "filer_category", who) == ["Accelerated filer"]
    (office,) = _bound(rt, "principal_office", who)
    assert "4100 Lakeshore Parkway" in office and "89501" in office
    # "I, NAME, certify" signed as CEO: a surname that is also a common word still counts.
    assert _bound(rt, "ceo", who) == ["Dana K. West"]


def test_the_signature_page_binds_directors_a_chair_and_officers(filings_runtime: Any) -> None:
    rt = filings_runtime
    who = "Northwind Holdings Corporation"
    # A board chair sits on the board; the CFO signs as no director; a name with no
    # signature above it ("Gwen P. Albright") binds nothing.
    assert _bound(rt, "director", who) == ["Dana K. West", "Helen R. Okafor", "Oscar T. Lindqvist"]
    assert _bound(rt, "chair", who) == ["Helen R. Okafor"]
    assert "Marcus O. Hale" in _bound(rt, "cfo", who)
    answer = _ask(rt, "Who are the directors of Northwind Holdings Corporation?")
    assert answer["terminal_state"] == "CONCLUDED"
    values = sorted(v["value"] for v in answer["conclusion"]["values"])
    assert values == ["Dana K. West", "Helen R. Okafor", "Oscar T. Lindqvist"]
    pages = {e["source_location"]["page"] for e in answer["evidence"]}
    assert pages == {3}


def test_the_list_of_executive_officers_ends_at_the_board(filings_runtime: Any) -> None:
    rt = filings_runtime
    who = "Northwind Holdings Corporation"
    assert _bound(rt, "officer", who) == ["Dana K. West", "Marcus O. Hale", "Priya N. Raman"]
    assert "Priya N. Raman" in _bound(rt, "secretary", who)
    answer = _ask(rt, "Who are Northwind Holdings Corporation's executive officers?")
    values = sorted(v["value"] for v in answer["conclusion"]["values"])
    assert values == ["Dana K. West", "Marcus O. Hale", "Priya N. Raman"]


def test_the_cover_states_shares_outstanding_and_the_exchange(filings_runtime: Any) -> None:
    rt = filings_runtime
    who = "Northwind Holdings Corporation"
    # The count of shares as of its date, not the market value held by non-affiliates.
    (shares,) = [b for b in rt.bindings(KB, entity=who) if b.role == "shares_outstanding"]
    assert shares.subject_name == "41,872,306"
    assert shares.attributes["as_of"] == "August 1, 2024"
    assert _bound(rt, "exchange", who) == ["New York Stock Exchange"]
    answer = _ask(
        rt, "How many shares of common stock of Northwind Holdings Corporation were outstanding?"
    )
    assert [v["value"] for v in answer["conclusion"]["values"]] == ["41,872,306"]
    answer = _ask(rt, "Which exchange lists Northwind Holdings Corporation's shares?")
    assert [v["value"] for v in answer["conclusion"]["values"]] == ["New York Stock Exchange"]


def test_a_release_binds_its_issuer_with_a_possessive_kept_whole(filings_runtime: Any) -> None:
    rt = filings_runtime
    assert _bound(rt, "registrant", "Tarrow & Tarrow") == ["Tarrow & Tarrow"]
    # "our co-founder" in the issuer's own voice.
    assert _bound(rt, "founder", "Tarrow & Tarrow") == ["Lena Tarrow"]
    answer = _ask(rt, "What is Tarrow & Tarrow's ticker symbol?")
    assert answer["terminal_state"] == "CONCLUDED"
    assert [v["value"] for v in answer["conclusion"]["values"]] == ["TRW"]


@pytest.mark.parametrize(
    ("question", "value"),
    [
        (
            "What is the IRS employer identification number of Northwind Holdings Corporation?",
            "84-1234567",
        ),
        ("What is Northwind Holdings Corporation's EIN?", "84-1234567"),
        ("Where is Northwind Holdings Corporation incorporated?", "Nevada"),
        ("What is Northwind Holdings Corporation's telephone number?", "(775) 555-0142"),
        ("Who is the CEO of Northwind Holdings Corporation?", "Dana K. West"),
    ],
)
def test_cover_page_questions_cite_the_cover(
    filings_runtime: Any, question: str, value: str
) -> None:
    answer = _ask(filings_runtime, question)
    values = [v["value"] for v in answer["conclusion"]["values"]]
    assert value in values, (question, values)
    assert all("Paris" not in v for v in values)


def test_our_headquarters_is_the_company_and_mr_x_in_paris_is_not(filings_runtime: Any) -> None:
    """Both on one page: the first-person sentence is the registrant's; the sentence whose
    subject is Mr. Lambert is about him, even though it names the company."""
    rt = filings_runtime
    answer = _ask(rt, "Where are Northwind Holdings Corporation's headquarters?")
    assert answer["terminal_state"] == "CONCLUDED"
    values = " | ".join(v["value"] for v in answer["conclusion"]["values"])
    assert "Paris" not in values
    quotes = [e["quote"] for e in answer["evidence"]]
    assert any("Our corporate headquarters" in q for q in quotes), quotes
    rejected = [
        r for r in answer["rejected_evidence"] if "Mr. Pierre Lambert" in (r.get("quote") or "")
    ]
    assert rejected and all("about Mr. Pierre Lambert" in r["reason"] for r in rejected)


def test_the_auditor_in_force_with_its_city_and_tenure(filings_runtime: Any) -> None:
    """The audit reports say where each firm signed and how long it served; the firm that
    served "from 2011 to 2019" is the auditor of 2015, not of now. The consent is a second
    statement of the current firm."""
    rt = filings_runtime
    who = "Northwind Holdings Corporation"
    auditors = [b for b in rt.bindings(KB, entity=who) if b.role == "auditor"]
    by_firm: dict[str, list[dict[str, str]]] = {}
    for b in auditors:
        by_firm.setdefault(b.subject_name, []).append(dict(b.attributes))
    assert sorted(by_firm) == ["Calder Rhys LLP", "Penrose Vail LLP"]
    assert {"city": "Reno, Nevada", "from": "2019", "served_since": "2019"} in by_firm[
        "Calder Rhys LLP"
    ]
    assert {"city": "Reno, Nevada", "source": "consent"} in by_firm["Calder Rhys LLP"]
    assert {} in by_firm["Calder Rhys LLP"]  # Item 14, in the company's own voice
    assert by_firm["Penrose Vail LLP"] == [
        {
            "city": "Sacramento, California",
            "from": "2011",
            "served_since": "2011",
            "tenure": "ended",
            "until": "2019",
        }
    ]
    now = _ask(rt, f"Who is {who}'s auditor?")
    assert [v["value"] for v in now["conclusion"]["values"]] == ["Calder Rhys LLP"]
    quotes = " ".join(e["quote"] for e in now["evidence"])
    assert "auditor since 2019" in quotes and "Reno, Nevada" in quotes
    assert any(
        r["reason"].startswith("Penrose Vail LLP: held the office of auditor until 2019")
        for r in now["rejected_evidence"]
    )
    # The year an office ended is still in it: the firm served through 2019.
    last_year = _ask(rt, f"Who was {who}'s auditor in 2019?")
    assert sorted(v["value"] for v in last_year["conclusion"]["values"]) == [
        "Calder Rhys LLP",
        "Penrose Vail LLP",
    ]
    then = _ask(rt, f"Who was {who}'s auditor in 2015?")
    assert [v["value"] for v in then["conclusion"]["values"]] == ["Penrose Vail LLP"]
    assert any(
        r["reason"].startswith("Calder Rhys LLP: auditor from 2019")
        for r in then["rejected_evidence"]
    )


def test_a_founding_said_in_a_clause_about_the_sentences_subject(filings_runtime: Any) -> None:
    rt = filings_runtime
    assert _bound(rt, "founder", "Harrow Ventures LLC") == ["Oscar T. Lindqvist"]
    assert _bound(rt, "founder", "Okafor Partners LLC") == ["Helen R. Okafor"]
    # The clauses name other companies: the registrant's founder is still never stated.
    assert _bound(rt, "founder", "Northwind Holdings Corporation") == []


@pytest.mark.parametrize(
    "question",
    [
        "Where is Northwind Capital Corporation incorporated?",  # one word off the registrant
        "Who founded Northwind Holdings Corporation?",  # never stated
        "What is Oracle Corporation's EIN?",  # absent
    ],
)
def test_look_alikes_absent_subjects_and_unstated_founders_get_no_value(
    filings_runtime: Any, question: str
) -> None:
    answer = _ask(filings_runtime, question)
    assert answer["conclusion"]["values"] == []
    assert answer["sufficient"] is False


# A company asked by its ticker, where a subsidiary's name opens with the ticker ("NWHC
# Logistics, LLC"): the ticker written whole names the registrant whose cover states it, in any
# form a question writes it (issue 33, item 5; bench.company_variants' "ticker" variant).
_TICKER_FORMS = (
    "Who is {t}'s auditor?",
    "Who audits {t}?",
    "Who is the auditor of {t}?",
    "Where is {t} incorporated?",
    "What is {t}'s state of incorporation? Answer in one sentence.",
)


@pytest.mark.parametrize(
    "question",
    [f.format(t="NWHC") for f in _TICKER_FORMS]
    + [f.format(t="nwhc").lower() for f in _TICKER_FORMS[:2]],
)
def test_a_ticker_names_its_registrant_not_a_subsidiary_it_opens(
    filings_runtime: Any, question: str
) -> None:
    answer = _ask(filings_runtime, question)
    assert answer["terminal_state"] == "CONCLUDED", answer["rejected_candidates"]
    assert [c["name"].lower() for c in answer["candidate_subjects"]] == [
        "northwind holdings corporation"
    ]


# A registrant's financial statements asked by its ticker or name ("Which firm audits NWHC's
# financial statements?"): its filings hold them, so the question asks of the registrant, never
# of a subsidiary the ticker opens, nor refused for want of a "financial statements" document.
_STATEMENT_FORMS = (
    "Which firm audits {t}'s financial statements?",
    "Who audits {t}'s financial statements?",
)


@pytest.mark.parametrize(
    "question",
    # (lower case is read as no owner's document already: "who audits nwhc's ...")
    [f.format(t=t) for f in _STATEMENT_FORMS for t in ("NWHC", "Northwind Holdings Corporation")],
)
def test_a_registrants_financial_statements_name_the_registrant(
    filings_runtime: Any, question: str
) -> None:
    answer = _ask(filings_runtime, question)
    assert answer["terminal_state"] == "CONCLUDED", answer["rejected_candidates"]
    assert [c["name"].lower() for c in answer["candidate_subjects"]] == [
        "northwind holdings corporation"
    ]


# ---- the gold of the shared filings ----------------------------------------------------------


def _norm(text: str) -> str:
    text = text.lower().replace("\u2019", "'").replace("\xa0", " ")
    return " ".join(re.findall(r"[0-9a-z+]+", text))


def _gold() -> list[dict[str, Any]]:
    return [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines() if line]


def test_gold_and_questions_are_well_formed() -> None:
    gold = _gold()
    questions = [json.loads(x) for x in QUESTIONS.read_text(encoding="utf-8").splitlines() if x]
    assert len(gold) >= 200
    assert {g["split"] for g in gold} == {"development", "held_out"}
    # Split by company: no company on both sides.
    sides: dict[str, set[str]] = {}
    for g in gold:
        sides.setdefault(g["company"], set()).add(g["split"])
    assert all(len(s) == 1 for s in sides.values())
    assert len({q["id"] for q in questions}) == len(questions)
    kinds = {q["kind"] for q in questions}
    assert {"attribute", "absent", "lookalike", "founder_not_stated"} <= kinds


@pytest.mark.skipif(not FILINGS.is_dir(), reason="the shared FinanceBench filings are not here")
def test_every_gold_value_stands_on_its_page() -> None:
    import pymupdf

    pages: dict[tuple[str, int], str] = {}
    for g in _gold():
        key = (g["document"], int(g["page"]))
        if key not in pages:
            with pymupdf.open(FILINGS / g["document"]) as doc:
                if doc.needs_pass:
                    doc.authenticate("")
                pages[key] = _norm(doc[key[1] - 1].get_text())
        assert _norm(g["value"]) in pages[key], g
        assert _norm(g["value"]) in _norm(g["quote"]), g
        # what the page states beside the value: where an auditor signed, its tenure
        for detail in ("jurisdiction", "city", "served_since", "served_until"):
            if g.get(detail):
                assert _norm(g[detail]) in pages[key], (detail, g)


def test_a_name_with_another_legal_form_is_not_a_short_name() -> None:
    from domain import AliasResolver, ResolutionStatus

    resolver = AliasResolver(known_entities=["Kestrel Packaging (USA) Inc.", "Kestrel plc"])
    # A look-alike one legal form off: never the bound entity.
    assert resolver.resolve("Kestrel Packaging plc").status is ResolutionStatus.UNKNOWN
    # The same name less its legal form names it before any longer name starting with it.
    assert resolver.resolve("Kestrel").entity_key == "kestrel plc"
    assert resolver.resolve("Kestrel Packaging").entity_key == "kestrel packaging usa inc"


def test_a_company_named_by_its_domain_is_called_by_the_domain_name() -> None:
    from domain import AliasResolver, ResolutionStatus

    resolver = AliasResolver(known_entities=["KESTREL.COM, INC.", "Kestrel Logistics LLC"])
    assert resolver.resolve("Kestrel").entity_key == "kestrelcom inc"
    assert resolver.resolve("Kestrel Logistics").entity_key == "kestrel logistics llc"
    assert resolver.resolve("Kestrel Holdings plc").status is ResolutionStatus.UNKNOWN


# A fiscal year's end asked as a day of the year (issue 34; skill/_value_claims.py): "Is X's
# fiscal year end June 30?" is judged by month and day against the 10-K's "fiscal year ended
# June 30, 2024", in any of the day's written forms.
_FISCAL_DAYS = (
    ("June 30", "Yes"),
    ("30 June", "Yes"),
    ("the 30th of June", "Yes"),
    ("Jun. 30", "Yes"),
    ("December 31", "No"),
    ("31/12", "No"),
)
_FISCAL_FORMS = (
    "Is Northwind Holdings' fiscal year end {v}?",
    "does northwind holdings corporation's fiscal year end on {v}?",
    "Is the fiscal year end of Northwind Holdings {v}?",
)


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        (_FISCAL_FORMS[i % len(_FISCAL_FORMS)].format(v=value), lead)
        for i, (value, lead) in enumerate(_FISCAL_DAYS)
    ],
)
def test_a_fiscal_year_end_is_judged_by_its_day(
    filings_runtime: Any, question: str, lead: str
) -> None:
    answer = filings_runtime.skill.ask(KB, question)
    text = answer.conclusion.answer or ""
    assert text.startswith(f"{lead} — "), (question, text)
    assert answer.conclusion.values, text
