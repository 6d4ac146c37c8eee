"""Attribute extractors over many phrasings and over real CUAD clauses."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import domain
from skill import (
    EXTRACTABLE_ATTRIBUTES,
    ExtractedValue,
    extract_values,
    normalize_date,
    normalize_jurisdiction,
    sentence_relevance,
)

CUAD = Path("/work/shared/data/cuad/clauses.jsonl")


def _cuad_rows() -> list[dict[str, str]]:
    if not CUAD.exists():
        pytest.skip("the shared CUAD extract is not available")
    return [json.loads(line) for line in CUAD.read_text(encoding="utf-8").splitlines()]


def _values(attribute: str, sentence: str, party: str | None = None) -> list[str]:
    return [v.value for v in extract_values(attribute, sentence, party=party)]


def _assert_well_formed(values: list[ExtractedValue], sentence: str) -> None:
    for value in values:
        assert sentence[value.start : value.end] == value.surface
        assert 0.0 < value.confidence <= 1.0
        assert value.kind in {
            "name",
            "jurisdiction",
            "date",
            "duration",
            "money",
            "percentage",
            "yes_no",
            "text",
        }


# --------------------------------------------------------------------------- governing law

GOVERNING_LAW = [
    (
        "This Agreement shall be governed by and construed in accordance with the laws of the State of New York.",
        ["New York"],
    ),
    ("This Agreement is governed by the laws of England and Wales.", ["England and Wales"]),
    (
        "This Agreement shall be governed by Delaware law, without regard to its conflict of laws rules.",
        ["Delaware"],
    ),
    (
        "This Agreement shall be governed by the laws of the Commonwealth of Pennsylvania.",
        ["Pennsylvania"],
    ),
    (
        "This Agreement will be governed by the laws of the Province of Ontario and the federal laws of Canada applicable therein.",
        ["Ontario"],
    ),
    (
        "This Agreement shall be governed by the laws of the State of California, without regard to its conflict of laws principles.",
        ["California"],
    ),
    ("THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF TEXAS, U.S.A.", ["Texas"]),
    ("The laws of the Federal Republic of Germany shall apply to this Agreement.", ["Germany"]),
    ("This Agreement is subject to Swiss law.", ["Switzerland"]),
    (
        "This Agreement and any dispute arising from it shall be governed by English law.",
        ["England and Wales"],
    ),
    (
        "The validity and interpretation of this Agreement shall be governed by the laws of the Netherlands.",
        ["Netherlands"],
    ),
    ("This Agreement shall be construed under the laws of Singapore.", ["Singapore"]),
    (
        "This Agreement shall be governed by the laws of the Hong Kong Special Administrative Region.",
        ["Hong Kong"],
    ),
    ("This Agreement shall be governed by PRC law.", ["China"]),
    (
        "Governing Law. This Agreement shall be governed by the laws of the State of Israel.",
        ["Israel"],
    ),
    ("This Agreement shall be governed by the laws of the Cayman Islands.", ["Cayman Islands"]),
    (
        "This Agreement shall be governed by the laws of the District of Columbia.",
        ["District of Columbia"],
    ),
    ("Governing Law: State of New York", ["New York"]),
    ("This Agreement shall be interpreted under New York law.", ["New York"]),
    (
        "This Agreement shall be governed by, and construed in accordance with, the laws of the State of New York, United States, applicable to contracts made and to be performed in such State.",
        ["New York"],
    ),
    # Venue named alongside: only the governing law is reported.
    (
        "This Agreement shall be governed by the laws of the State of Washington, and venue shall lie in King County, Washington.",
        ["Washington"],
    ),
    (
        "The parties irrevocably submit to the courts of England, and this Agreement is governed by the laws of Scotland.",
        ["Scotland"],
    ),
    (
        "This Agreement shall be governed by the laws of England and Wales and the parties submit to the exclusive jurisdiction of the courts of Singapore.",
        ["England and Wales"],
    ),
    (
        "Any action shall be brought in the state or federal courts located in New York County, New York, and this Agreement shall be governed by the laws of the State of Delaware.",
        ["Delaware"],
    ),
    (
        "This Agreement shall be governed by the laws of the State of Delaware; each party consents to the jurisdiction of the courts of the State of California.",
        ["Delaware"],
    ),
    (
        "This Agreement shall be governed by the laws of Ireland and any dispute shall be finally settled by arbitration seated in London, England.",
        ["Ireland"],
    ),
    # A party's place of incorporation in the same sentence is not the governing law.
    (
        "Acme, Inc., a corporation organized under the laws of the State of Nevada, agrees that this Agreement shall be governed by the laws of the State of New York.",
        ["New York"],
    ),
    # Two governing laws for two parts of the agreement are both reported.
    (
        "This Agreement shall be governed by the laws of the State of New York, except Section 25, which shall be governed by the laws of the Commonwealth of Massachusetts.",
        ["New York", "Massachusetts"],
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), GOVERNING_LAW)
def test_governing_law(sentence: str, expected: list[str]) -> None:
    values = extract_values("governing_law", sentence)
    assert [v.value for v in values] == expected
    _assert_well_formed(values, sentence)
    assert sentence_relevance("governing_law", sentence) > 0


@pytest.mark.parametrize(
    "sentence",
    [
        "Acme, Inc. is a corporation organized under the laws of the State of Nevada.",
        "The parties submit to the exclusive jurisdiction of the courts of Ontario.",
        "Acme has offices in New York and London.",
        "This Agreement shall be governed by the laws of the state in which the Licensee is located.",
        "Each party shall comply with all applicable laws.",
    ],
)
def test_governing_law_absent(sentence: str) -> None:
    assert extract_values("governing_law", sentence) == []


def test_governing_law_confidence_grades_the_cue() -> None:
    direct = extract_values(
        "governing_law", "This Agreement shall be governed by the laws of the State of New York."
    )
    weaker = extract_values(
        "governing_law",
        "The Franchise Agreement requires application of the laws of the State of Texas.",
    )
    assert direct[0].confidence == 0.9
    assert 0 < weaker[0].confidence < direct[0].confidence


def test_cuad_governing_law_agrees_with_annotations() -> None:
    """extract_values("governing_law", clause) over the CUAD Governing Law clauses matches
    the annotated answer (mapped to canonical names) for at least 90% of the contracts."""
    compared = 0
    misses: list[tuple[set[str], list[str], str]] = []
    for row in _cuad_rows():
        clauses = ast.literal_eval(row["Governing Law"])
        answer = row["Governing Law (answer)"].strip()
        # Redacted answers ("[* * *]") name no jurisdiction to compare with.
        if not clauses or not answer or "*" in answer:
            continue
        gold = {normalize_jurisdiction(part.strip()) or part.strip() for part in answer.split(";")}
        predicted = [v.value for clause in clauses for v in extract_values("governing_law", clause)]
        compared += 1
        if set(predicted) != gold:
            misses.append((gold, predicted, " ".join(" ".join(clauses).split())[:160]))
    agreement = (compared - len(misses)) / compared
    print(
        f"CUAD governing law: {compared - len(misses)}/{compared} = {agreement:.1%}; misses: {misses}"
    )
    assert compared >= 50
    assert agreement >= 0.9


# --------------------------------------------------------------------------- incorporation

INCORPORATION = [
    ('Acme Robotics, Inc., a Delaware corporation (the "Company")', None, ["Delaware"]),
    (
        "The Company was incorporated under the laws of the State of Delaware on March 3, 2015.",
        None,
        ["Delaware"],
    ),
    (
        "Beta Holdings is an exempted company incorporated in the Cayman Islands.",
        None,
        ["Cayman Islands"],
    ),
    ("Gamma GmbH, a German limited liability company", None, ["Germany"]),
    ("Jurisdiction of Incorporation: Ontario", None, ["Ontario"]),
    (
        "Delta LLC, a limited liability company organized and existing under the laws of the State of New York",
        None,
        ["New York"],
    ),
    (
        "Epsilon Ltd, a company registered in England and Wales with company number 01234567",
        None,
        ["England and Wales"],
    ),
    ("Zeta Pte. Ltd., a company incorporated in Singapore", None, ["Singapore"]),
    ("Eta Corp., a Nevada corporation with its principal offices in California", None, ["Nevada"]),
    ("ACME INC., A DELAWARE CORPORATION", None, ["Delaware"]),
    (
        "Acme, Inc., a corporation duly organized and validly existing under the laws of the State of Delaware",
        None,
        ["Delaware"],
    ),
    ("Globex, a Massachusetts business trust", None, ["Massachusetts"]),
    (
        "Theta S.A., a société anonyme organized under the laws of the Grand Duchy of Luxembourg",
        None,
        ["Luxembourg"],
    ),
    (
        "Acme Holdings Limited, a company incorporated with limited liability in Bermuda",
        None,
        ["Bermuda"],
    ),
    # Two parties: the party selects its own statement.
    (
        'Acme Robotics, Inc., a Delaware corporation ("Acme"), and Globex Ltd., a company incorporated in England and Wales ("Globex")',
        "Globex Ltd.",
        ["England and Wales"],
    ),
    (
        'Acme Robotics, Inc., a Delaware corporation ("Acme"), and Globex Ltd., a company incorporated in England and Wales ("Globex")',
        "Acme Robotics, Inc.",
        ["Delaware"],
    ),
]


@pytest.mark.parametrize(("sentence", "party", "expected"), INCORPORATION)
def test_jurisdiction_of_incorporation(
    sentence: str, party: str | None, expected: list[str]
) -> None:
    values = extract_values("jurisdiction_of_incorporation", sentence, party=party)
    assert [v.value for v in values] == expected
    _assert_well_formed(values, sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement shall be governed by the laws of the State of Delaware.",
        "Acme sells its products in Germany and France.",
        "The Company's principal executive offices are located in Austin, Texas.",
    ],
)
def test_jurisdiction_of_incorporation_absent(sentence: str) -> None:
    assert extract_values("jurisdiction_of_incorporation", sentence) == []


# --------------------------------------------------------------------------- dates

DATES = [
    (
        "effective_date",
        'This Master Services Agreement is entered into as of March 1, 2021 (the "Effective Date") by and between Acme and Globex.',
        ["2021-03-01"],
    ),
    (
        "effective_date",
        'This Agreement is effective as of August 1, 2004, (the "Effective Date") and shall terminate on July 31, 2009, (the "Termination Date").',
        ["2004-08-01"],
    ),
    (
        "expiration_date",
        'This Agreement is effective as of August 1, 2004, (the "Effective Date") and shall terminate on July 31, 2009, (the "Termination Date").',
        ["2009-07-31"],
    ),
    (
        "effective_date",
        "THIS AGREEMENT is made and entered into this 1st day of June, 1999 by and between the parties.",
        ["1999-06-01"],
    ),
    (
        "effective_date",
        "The term of this Agreement will commence on January 1, 1998 and will end on December 31, 1998.",
        ["1998-01-01"],
    ),
    (
        "expiration_date",
        "The term of this Agreement will commence on January 1, 1998 and will end on December 31, 1998.",
        ["1998-12-31"],
    ),
    (
        "expiration_date",
        "The term shall commence on January 1, 2010 and extend through December 31, 2010.",
        ["2010-12-31"],
    ),
    (
        "expiration_date",
        "The Term of the Agreement is hereby extended to January 20, 2012 unless sooner terminated.",
        ["2012-01-20"],
    ),
    ("effective_date", "Effective Date: 2021-03-01", ["2021-03-01"]),
    ("expiration_date", "This Agreement shall expire on 12/31/2025.", ["2025-12-31"]),
    ("maturity_date", '1.4 "Maturity Date" means July 20, 2026.', ["2026-07-20"]),
    (
        "maturity_date",
        "The Notes mature on March 15, 2031 and bear interest from March 15, 2021.",
        ["2031-03-15"],
    ),
    ("founding_date", "Acme Robotics was founded in 2015 by Jane Smith.", ["2015"]),
    (
        "founding_date",
        "The Company was incorporated on March 3, 2015 under the laws of the State of Delaware.",
        ["2015-03-03"],
    ),
    ("founding_date", "Date of Incorporation: 12 June 2012", ["2012-06-12"]),
    ("founding_date", "Globex was established in March 2009.", ["2009-03"]),
    ("founding_date", "Since its founding in 2010, Acme has grown rapidly.", ["2010"]),
    (
        "founding_date",
        "The Certificate of Incorporation was filed with the Secretary of State of Delaware on June 1, 2012.",
        ["2012-06-01"],
    ),
    (
        "effective_date",
        "This Agreement is dated as of the 15th day of January, 2020 between Acme and Globex.",
        ["2020-01-15"],
    ),
    ("effective_date", '"Effective Date" means January 1, 2020.', ["2020-01-01"]),
    ("effective_date", "This Agreement shall be effective as of the date first written above.", []),
    (
        "expiration_date",
        "This Agreement shall remain in effect until December 31, 2025, unless terminated earlier.",
        ["2025-12-31"],
    ),
]


@pytest.mark.parametrize(("attribute", "sentence", "expected"), DATES)
def test_dates(attribute: str, sentence: str, expected: list[str]) -> None:
    values = extract_values(attribute, sentence)
    assert [v.value for v in values] == expected
    _assert_well_formed(values, sentence)


def test_effective_date_not_taken_from_an_unrelated_date() -> None:
    assert _values("effective_date", "Supplier shall deliver the goods by March 3, 2021.") == []
    assert _values("founding_date", "The board met on March 3, 2021.") == []
    assert _values("expiration_date", "This Agreement is effective as of March 1, 2021.") == []


def _gold_date(answer: str) -> str | None:
    match = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})", answer.strip())
    if not match:
        return None
    year = int(match.group(3))
    if year < 100:
        year += 2000 if year < 70 else 1900
    return f"{year:04d}-{int(match.group(1)):02d}-{int(match.group(2)):02d}"


def test_cuad_dates_stated_in_clauses() -> None:
    """CUAD Effective/Expiration Date clauses: the dates we extract agree with the annotated
    date (CUAD also annotates dates computed from a term, which a sentence does not state:
    those are not counted as misses of ours)."""
    for label, attribute in (
        ("Effective Date", "effective_date"),
        ("Expiration Date", "expiration_date"),
    ):
        extracted = agreed = 0
        for row in _cuad_rows():
            gold = _gold_date(row[f"{label} (answer)"])
            clauses = ast.literal_eval(row[label])
            if not gold or not clauses:
                continue
            got = {v.value for clause in clauses for v in extract_values(attribute, clause)}
            # Many spans are the bare date of the preamble ("June 1, 1998"), with no cue for
            # an extractor: those go through the normalizer.
            got |= {normalize_date(c) or "" for c in clauses if len(c.strip()) < 40} - {""}
            if got:
                extracted += 1
                agreed += gold in got
        print(f"CUAD {label}: {agreed}/{extracted} extracted values agree")
        assert extracted >= 10
        assert agreed / extracted >= 0.9


# --------------------------------------------------------------------------- durations

DURATIONS = [
    (
        "term",
        "The term of this Agreement shall be three (3) years from the Effective Date, unless earlier terminated.",
        ["3 years"],
    ),
    (
        "term",
        "This Agreement shall commence on the Effective Date and continue for a period of twelve (12) months.",
        ["12 months"],
    ),
    ("term", "The initial term of this Agreement is five years.", ["5 years"]),
    (
        "term",
        "Acme shall provide the services for a term of five (5) years commencing on the Effective Date.",
        ["5 years"],
    ),
    ("term", "The Term shall be 36 months.", ["36 months"]),
    (
        "term",
        "This Agreement shall remain in full force and effect for a period of one (1) year.",
        ["1 year"],
    ),
    (
        "term",
        "Either party may terminate this Agreement upon thirty (30) days' prior written notice.",
        [],
    ),
    (
        "renewal_term",
        "This Agreement shall automatically renew for successive one (1) year terms unless either party provides sixty (60) days' prior written notice of non-renewal.",
        ["1 year"],
    ),
    (
        "renewal_term",
        "Thereafter, the Agreement shall be automatically renewed for additional two year periods unless either Party notifies the other.",
        ["2 years"],
    ),
    (
        "renewal_term",
        "This Agreement will renew for one or more annual periods after the Initial Term.",
        ["1 year"],
    ),
    (
        "renewal_term",
        "Thereafter, this Agreement shall continue on a month-to-month basis until terminated.",
        ["1 month"],
    ),
    (
        "renewal_term",
        "The initial term shall be three (3) years and the Agreement shall be extended for additional terms of one (1) year each.",
        ["1 year"],
    ),
    ("renewal_term", "The term of this Agreement is three (3) years.", []),
    (
        "notice_period",
        "Either party may terminate this Agreement for convenience upon thirty (30) days' prior written notice to the other party.",
        ["30 days"],
    ),
    (
        "notice_period",
        "Either party may terminate this Agreement upon not less than ninety (90) days written notice.",
        ["90 days"],
    ),
    (
        "notice_period",
        "Customer may cancel an order by giving a notice period of at least fourteen (14) days.",
        ["14 days"],
    ),
    (
        "notice_period",
        "either party may elect not to renew by notifying the other party in writing at least 60 days prior to the end of the then-current term.",
        ["60 days"],
    ),
    ("notice_period", "The term of this Agreement shall be three (3) years.", []),
    (
        "payment_terms",
        "Customer shall pay all undisputed invoices within thirty (30) days of receipt of invoice.",
        ["30 days"],
    ),
    ("payment_terms", "Payment terms are Net 45.", ["45 days"]),
    (
        "payment_terms",
        "Each invoice shall be paid within forty-five (45) days following receipt.",
        ["45 days"],
    ),
    (
        "notice_period",
        "Employee shall give the Company not less than three (3) months' notice of resignation.",
        ["3 months"],
    ),
    (
        "payment_terms",
        "All amounts are due and payable net 60 days from the date of invoice.",
        ["60 days"],
    ),
    ("payment_terms", "Invoices are payable within 15 days after the invoice date.", ["15 days"]),
]


@pytest.mark.parametrize(("attribute", "sentence", "expected"), DURATIONS)
def test_durations(attribute: str, sentence: str, expected: list[str]) -> None:
    values = extract_values(attribute, sentence)
    assert [v.value for v in values] == expected
    _assert_well_formed(values, sentence)


def test_one_sentence_gives_each_duration_its_own_attribute() -> None:
    sentence = (
        "Unless earlier terminated, this Agreement continues in effect for an initial term of "
        'seven (7) years ("Initial Term") and will automatically renew for successive one (1) '
        "year periods unless either party gives notice of non-renewal at least one hundred "
        "eighty (180) days prior to the beginning of any Renewal Term."
    )
    assert _values("term", sentence) == ["7 years"]
    assert _values("renewal_term", sentence) == ["1 year"]
    assert _values("notice_period", sentence) == ["180 days"]


def test_payment_terms_without_a_single_figure_is_the_clause() -> None:
    sentence = "  Licensee shall pay the license fee in four equal quarterly installments against Licensor's invoice.  "
    values = extract_values("payment_terms", sentence)
    assert [v.kind for v in values] == ["text"]
    assert values[0].value == sentence.strip()
    _assert_well_formed(values, sentence)


def test_cuad_renewal_terms_smoke() -> None:
    """CUAD Renewal Term clauses: the renewal period we extract is the annotated one."""
    compared = agreed = 0
    for row in _cuad_rows():
        clauses = ast.literal_eval(row["Renewal Term"])
        answer = row["Renewal Term (answer)"].strip().lower()
        periods = re.findall(r"(\d+)\s+(day|month|year)", answer)
        if not clauses or not periods:
            continue
        gold = {f"{n} {unit}" if n == "1" else f"{n} {unit}s" for n, unit in periods}
        got = {v.value for clause in clauses for v in extract_values("renewal_term", clause)}
        compared += 1
        agreed += gold <= got
    print(f"CUAD renewal terms: {agreed}/{compared}")
    assert compared >= 15
    assert agreed / compared >= 0.8


# --------------------------------------------------------------------------- liability cap

LIABILITY = [
    (
        "In no event shall either party's aggregate liability arising out of this Agreement exceed $2,000,000.",
        [("money", "USD 2,000,000")],
    ),
    (
        "Supplier's total liability under this Agreement shall not exceed two million dollars ($2,000,000).",
        [("money", "USD 2,000,000")],
    ),
    (
        "The liability of the Consultant shall be limited to EUR 500,000 per claim.",
        [("money", "EUR 500,000")],
    ),
    (
        "The cumulative liability of the parties shall not exceed the lesser of $50,000 or the fees paid.",
        [("money", "USD 50,000")],
    ),
    ("Licensor's maximum liability is capped at £1 million.", [("money", "GBP 1,000,000")]),
]


@pytest.mark.parametrize(("sentence", "expected"), LIABILITY)
def test_liability_cap(sentence: str, expected: list[tuple[str, str]]) -> None:
    values = extract_values("liability_cap", sentence)
    assert [(v.kind, v.value) for v in values] == expected
    _assert_well_formed(values, sentence)


def test_liability_cap_as_a_formula_is_the_clause() -> None:
    sentence = "Supplier's total liability shall be limited to the fees paid by Customer in the twelve (12) months preceding the claim."
    values = extract_values("liability_cap", sentence)
    assert [(v.kind, v.value) for v in values] == [("text", sentence)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Neither party shall be liable for any consequential damages.",
        "Customer shall pay Supplier $10,000 per month.",
        "The purchase price shall not exceed $5,000 per unit.",
        # a non-recourse clause: the limit is on whom a claim reaches, far from "liability"
        "It is agreed that no personal liability whatsoever shall attach to, be imposed on or "
        "otherwise be incurred by any partner, officer, director or employee of the Seller or "
        "of any of its affiliates, for any obligation of the Seller arising under this "
        "Agreement or for any claim based on such obligation, and that the sole recourse of "
        "the Buyer under this Agreement is limited to the assets of the Seller.",
    ],
)
def test_liability_cap_absent(sentence: str) -> None:
    assert extract_values("liability_cap", sentence) == []


def test_cuad_liability_caps_smoke() -> None:
    """CUAD Cap On Liability clauses that state a cap ("exceed", "limited to") give a value;
    every value is a normalized amount or the clause itself."""
    stated = found = 0
    for row in _cuad_rows():
        for clause in ast.literal_eval(row["Cap On Liability"]):
            values = extract_values("liability_cap", clause)
            _assert_well_formed(values, clause)
            for value in values:
                assert value.kind in {"money", "text"}
                if value.kind == "money":
                    assert re.fullmatch(r"[A-Z]{3} \d{1,3}(,\d{3})*(\.\d\d)?", value.value)
            if re.search(r"liab", clause, re.I) and re.search(
                r"not\s+exceed|limited\s+to", clause, re.I
            ):
                stated += 1
                found += bool(values)
    print(f"CUAD liability caps stated with 'exceed'/'limited to': {found}/{stated} extracted")
    assert stated >= 5
    assert found == stated


# --------------------------------------------------------------------------- free text


def test_obligations_only_where_the_party_is_the_subject() -> None:
    sentence = "The Supplier shall deliver the Products within ten (10) days; the Customer shall pay the invoice."
    customer = extract_values("obligations", sentence, party="Customer")
    assert [v.value for v in customer] == ["the Customer shall pay the invoice."]
    assert _values("obligations", sentence, party="Supplier") == [
        "The Supplier shall deliver the Products within ten (10) days"
    ]
    _assert_well_formed(customer, sentence)


@pytest.mark.parametrize(
    ("sentence", "party", "expected"),
    [
        ("Supplier, at its own expense, shall maintain insurance.", "Supplier", True),
        ("Globex agrees to indemnify Acme against all third-party claims.", "Globex", True),
        (
            "The Distributor undertakes to promote the Products in the Territory.",
            "Distributor",
            True,
        ),
        ("Licensee must not reverse engineer the Software.", "Licensee", True),
        (
            "Acme Robotics, Inc. will provide the Services described in Exhibit A.",
            "Acme Robotics, Inc.",
            True,
        ),
        ("Payments to Supplier shall be made monthly.", "Supplier", False),
        ("Supplier may terminate this Agreement at any time.", "Supplier", False),
        ("Customer shall pay Supplier's invoices.", "Supplier", False),
        ("The Customer shall pay the invoice.", None, False),
    ],
)
def test_obligations(sentence: str, party: str | None, expected: bool) -> None:
    values = extract_values("obligations", sentence, party=party)
    assert bool(values) is expected
    if expected:
        assert values[0].value == sentence.strip()
        assert values[0].kind == "text"


def test_obligations_of_each_party_apply_to_the_party_at_lower_confidence() -> None:
    values = extract_values(
        "obligations",
        "Each Party shall keep the Confidential Information confidential.",
        party="Supplier",
    )
    assert len(values) == 1 and values[0].confidence < 0.9


@pytest.mark.parametrize(
    ("attribute", "sentence"),
    [
        (
            "termination_right",
            "Either party may terminate this Agreement upon thirty (30) days written notice.",
        ),
        (
            "termination_right",
            "This Agreement may be terminated by either party if the other party materially breaches it.",
        ),
        (
            "termination_right",
            "Customer shall have the right to terminate this Agreement for convenience.",
        ),
        (
            "assignment",
            "Neither party may assign this Agreement without the prior written consent of the other party.",
        ),
        ("assignment", "Licensee shall not assign or transfer any of its rights hereunder."),
        (
            "education",
            "Jane Smith holds a B.S. in Computer Science from Stanford University and an MBA from Harvard Business School.",
        ),
        (
            "education",
            "Dr. Chen received her Ph.D. in Physics from the Massachusetts Institute of Technology.",
        ),
        ("education", "He graduated from the University of Toronto with a degree in economics."),
    ],
)
def test_free_text_attributes_are_the_sentence(attribute: str, sentence: str) -> None:
    values = extract_values(attribute, f"  {sentence} ")
    assert [(v.kind, v.value) for v in values] == [("text", sentence)]
    assert values[0].start == 2


@pytest.mark.parametrize(
    ("attribute", "sentence"),
    [
        ("termination_right", "The Supplier shall deliver the Products."),
        ("assignment", "This Agreement shall be governed by the laws of Delaware."),
        ("education", "Jane Smith is the Chief Executive Officer of Acme."),
    ],
)
def test_free_text_attributes_absent(attribute: str, sentence: str) -> None:
    assert extract_values(attribute, sentence) == []


# --------------------------------------------------------------------------- entity records

ENTITY_RECORDS = [
    (
        "registered_agent",
        "The name of its registered agent at such address is The Corporation Trust Company.",
        ["The Corporation Trust Company"],
    ),
    (
        "registered_agent",
        "Corporation Service Company, as registered agent, accepts service of process.",
        ["Corporation Service Company"],
    ),
    (
        "registered_agent",
        "Registered Agent: National Registered Agents, Inc., 1209 Orange Street, Wilmington, Delaware 19801",
        ["National Registered Agents, Inc."],
    ),
    (
        "registered_office",
        "The address of the Corporation's registered office in the State of Delaware is 1209 Orange Street, in the City of Wilmington, County of New Castle, Delaware 19801.",
        # The city and county are part of the address, not a new clause.
        ["1209 Orange Street, in the City of Wilmington, County of New Castle, Delaware 19801"],
    ),
    (
        "registered_office",
        "Globex Ltd. has its registered office at 1 Canada Square, London E14 5AB.",
        ["1 Canada Square, London E14 5AB"],
    ),
    (
        "headquarters",
        "Acme is headquartered in San Francisco, California.",
        ["San Francisco, California"],
    ),
    (
        "headquarters",
        "The Company's principal executive offices are located at 100 Main St. Suite 200, Austin, Texas 78701.",
        ["100 Main St. Suite 200, Austin, Texas 78701"],
    ),
    (
        "registration_number",
        "Globex Ltd., a company registered in England and Wales with company number 01234567.",
        ["01234567"],
    ),
    (
        "registration_number",
        "Gamma GmbH, registered with the commercial register of the local court of Munich under HRB 123456",
        ["HRB 123456"],
    ),
    ("registration_number", "Delaware file number: 5467890", ["5467890"]),
]


@pytest.mark.parametrize(("attribute", "sentence", "expected"), ENTITY_RECORDS)
def test_entity_records(attribute: str, sentence: str, expected: list[str]) -> None:
    values = extract_values(attribute, sentence)
    assert [v.value for v in values] == expected
    _assert_well_formed(values, sentence)


# --------------------------------------------------------------------------- relevance and contract


@pytest.mark.parametrize(
    ("attribute", "relevant", "irrelevant"),
    [
        (
            "governing_law",
            "This Agreement shall be governed by the laws of New York.",
            "Supplier shall deliver the goods.",
        ),
        (
            "term",
            "The initial term of this Agreement is three years.",
            "The parties agree to cooperate.",
        ),
        (
            "liability_cap",
            "Supplier's aggregate liability shall not exceed the fees paid.",
            "Customer shall pay the fees.",
        ),
        (
            "payment_terms",
            "Invoices are payable net 30.",
            "This Agreement shall be governed by the laws of New York.",
        ),
        (
            "notice_period",
            "upon sixty (60) days' prior written notice",
            "The initial term is three years.",
        ),
        (
            "effective_date",
            "This Agreement is effective as of March 1, 2021.",
            "The parties agree to cooperate.",
        ),
        (
            "renewal_term",
            "This Agreement renews for successive one-year terms.",
            "The initial term is three years.",
        ),
        (
            "termination_right",
            "Either party may terminate this Agreement.",
            "Either party may assign this Agreement.",
        ),
        (
            "assignment",
            "Neither party may assign this Agreement.",
            "Either party may terminate this Agreement.",
        ),
        ("education", "She holds an MBA from INSEAD.", "She is the CFO of Acme."),
        (
            "jurisdiction_of_incorporation",
            "Acme, Inc., a Delaware corporation",
            "Acme sells in Delaware.",
        ),
        ("founding_date", "Acme was founded in 2015.", "Acme sells robots."),
        ("registered_agent", "Its registered agent is CT Corporation.", "Its auditor is KPMG."),
        ("registered_office", "Its registered office is at 1 Main Street.", "Its auditor is KPMG."),
        ("registration_number", "company number 01234567", "Its auditor is KPMG."),
        ("headquarters", "Acme is headquartered in Austin, Texas.", "Acme sells robots."),
    ],
)
def test_sentence_relevance_ranks_the_stating_sentence_first(
    attribute: str, relevant: str, irrelevant: str
) -> None:
    assert sentence_relevance(attribute, relevant) >= 0.5
    assert sentence_relevance(attribute, irrelevant) < sentence_relevance(attribute, relevant)
    assert (
        sentence_relevance(attribute, "The parties agree to cooperate in good faith.") == 0.0
        or attribute == "obligations"
    )


def test_unknown_attribute_and_empty_sentence() -> None:
    assert extract_values("favourite_colour", "The colour is blue.") == []
    assert sentence_relevance("favourite_colour", "The colour is blue.") == 0.0
    for attribute in EXTRACTABLE_ATTRIBUTES:
        assert extract_values(attribute, "", party="Acme") == []
        assert sentence_relevance(attribute, "") == 0.0


def test_deterministic_and_ordered() -> None:
    sentence = (
        "This Agreement is effective as of March 1, 2021 and shall continue for three (3) years, "
        "renewing for successive one (1) year terms, and shall be governed by the laws of the State "
        "of New York; Supplier's aggregate liability shall not exceed $1,000,000."
    )
    for attribute in EXTRACTABLE_ATTRIBUTES:
        first = extract_values(attribute, sentence, party="Supplier")
        assert first == extract_values(attribute, sentence, party="Supplier")
        assert [v.start for v in first] == sorted(v.start for v in first)
        _assert_well_formed(first, sentence)
    assert _values("effective_date", sentence) == ["2021-03-01"]
    assert _values("term", sentence) == ["3 years"]
    assert _values("renewal_term", sentence) == ["1 year"]
    assert _values("governing_law", sentence) == ["New York"]
    assert _values("liability_cap", sentence) == ["USD 1,000,000"]


@pytest.mark.parametrize(
    ("sentence", "party"),
    [
        ('The Company (the "Seller") shall sell the Shares to the Buyer.', "Seller"),
        ("Acme and Globex shall each bear their own costs.", "Globex"),
        ("It is agreed that the Company shall reimburse the Executive for travel.", "Company"),
    ],
)
def test_obligations_through_aliases_and_joint_subjects(sentence: str, party: str) -> None:
    assert _values("obligations", sentence, party=party) == [sentence]


def _all_cases() -> list[tuple[str, str]]:
    cases = [("governing_law", s) for s, _ in GOVERNING_LAW]
    cases += [("jurisdiction_of_incorporation", s) for s, _, _ in INCORPORATION]
    cases += [(a, s) for a, s, _ in DATES + DURATIONS + ENTITY_RECORDS]
    cases += [("liability_cap", s) for s, _ in LIABILITY]
    return cases


def test_relevance_is_positive_wherever_a_value_is_extracted() -> None:
    """The orchestrator skips sentences of zero relevance before extracting: a sentence that
    states a value must never score zero, and the cue lists alone already see it."""
    cases = _all_cases()
    for row in _cuad_rows():
        for label, attribute in (
            ("Governing Law", "governing_law"),
            ("Renewal Term", "renewal_term"),
            ("Cap On Liability", "liability_cap"),
            ("Effective Date", "effective_date"),
            ("Expiration Date", "expiration_date"),
        ):
            cases += [(attribute, clause) for clause in ast.literal_eval(row[label])]
    stating = [(a, s) for a, s in cases if extract_values(a, s)]
    assert len(stating) > 100
    assert [(a, s[:80]) for a, s in stating if sentence_relevance(a, s) <= 0] == []
    assert [(a, s[:80]) for a, s in stating if not _a_cue_sees(a, s)] == []


def _a_cue_sees(attribute: str, sentence: str) -> bool:
    """Whether one of the lexicon's relevance cues of the attribute matches the sentence (the
    cue lists alone, before the extractor's fallback of `sentence_relevance`)."""
    book = domain.lexicon()
    entry = next(e for e in book.attributes if e.name == attribute)
    return any(
        re.search(pattern.replace("{entity_type}", book.entity_type), sentence, re.I | re.DOTALL)
        and weight > 0
        for pattern, weight in entry.relevance_cues
    )


# --------------------------------------------------------------------------- later additions


def test_guarantee_language_is_an_obligation_of_the_guarantor() -> None:
    sentence = (
        "The Parent hereby irrevocably and unconditionally guarantees to the Bank the due and "
        "punctual payment of all amounts owed by the Company."
    )
    values = extract_values("obligations", sentence, party="Parent")
    assert [v.kind for v in values] == ["text"]
    assert values[0].value == sentence
    assert extract_values("obligations", sentence, party="Bank") == []
    _assert_well_formed(values, sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ('"Final Maturity Date" means March 31, 2029.', ["2029-03-31"]),
        ("The Notes will mature on 15 June 2030 unless redeemed earlier.", ["2030-06-15"]),
        (
            "a revolving facility of EUR 5,000,000 maturing on December 1, 2027, bearing interest",
            ["2027-12-01"],
        ),
    ],
)
def test_maturity_is_an_expiration_date(sentence: str, expected: list[str]) -> None:
    values = extract_values("expiration_date", sentence)
    assert [v.value for v in values] == expected
    _assert_well_formed(values, sentence)


def test_a_payment_figure_must_be_governed_by_the_payment_verb() -> None:
    governed = "Buyer shall remit each statement within twenty (20) days of receipt."
    assert [v.value for v in extract_values("payment_terms", governed)] == ["20 days"]
    other_verb = (
        "On expiry, Buyer shall pay all outstanding charges and Seller shall collect its "
        "equipment within ten (10) days."
    )
    assert [v.kind for v in extract_values("payment_terms", other_verb)] == []
    schedule = "Royalties are payable quarterly in arrears."
    assert [v.kind for v in extract_values("payment_terms", schedule)] == ["text"]


@pytest.mark.parametrize(
    ("attribute", "sentence", "expected"),
    [
        ("stake", "Priya Nair | Class A | 1,200,000 | 31.5%", ["31.5%"]),
        (
            "stake",
            "Mr. Nair, who beneficially owns 12% of the outstanding shares, recused himself.",
            ["12%"],
        ),
        ("stake", "Gross margin improved to 41% in the fourth quarter.", []),
        # Short prose with a thousands figure is not a capitalization-table row.
        ("stake", "Headcount reached 1,250 people, up 18% on the year.", []),
        (
            "affiliation",
            "Priya Nair - Director; Managing Director, Harbor Point Capital",
            ["Managing Director, Harbor Point Capital"],
        ),
        (
            "affiliation",
            "She is also an Advisor to Meridian Health and a Professor of Law at Kingsbridge University.",
            ["Professor of Law at Kingsbridge University"],
        ),
    ],
)
def test_person_records(attribute: str, sentence: str, expected: list[str]) -> None:
    values = extract_values(attribute, sentence)
    assert [v.value for v in values] == expected
    _assert_well_formed(values, sentence)


def test_compensation_is_an_amount_stated_as_pay() -> None:
    sentence = "4.1 Salary. Employer shall pay Employee a base salary of EUR 96,000 per year, in twelve monthly installments."
    assert [v.value for v in extract_values("compensation", sentence)] == ["EUR 96,000"]
    assert (
        extract_values("compensation", "The Lender made a loan of $5,000,000 to the Borrower.")
        == []
    )


def test_the_charter_own_date_is_a_founding_date() -> None:
    sentence = "IN WITNESS WHEREOF, the sole incorporator has signed this Certificate of Formation on 2 May 2019."
    assert [v.value for v in extract_values("founding_date", sentence)] == ["2019-05-02"]
    # An agreement's execution date is not the company's founding date.
    other = "IN WITNESS WHEREOF, the parties have executed this Agreement on 2 May 2019."
    assert extract_values("founding_date", other) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Concurrently with the execution of this Agreement, the Agent shall receive a letter "
        "from Baker Tilly LLP, dated as of the date of this Agreement and addressed to the Agent.",
        "The Company shall deliver the opinion of its counsel dated June 2, 2015.",
        "Seller has delivered a certificate of good standing dated as of March 1, 2019.",
    ],
)
def test_a_date_dated_after_another_document_is_that_documents(sentence: str) -> None:
    # "a letter ... dated as of": the letter's date, never the agreement's effective date
    assert _values("effective_date", sentence) == []


def test_the_agreements_own_dated_still_counts() -> None:
    sentence = "This Letter Agreement, dated as of June 2, 2015, is entered into by Acme and Beta."
    assert _values("effective_date", sentence) == ["2015-06-02"]


def test_a_statements_as_of_date_is_not_the_agreements() -> None:
    sentence = (
        "The accountants shall confirm that the consolidated financial statements and related "
        "notes of the Company as of December 31, 2008 comply with the applicable rules."
    )
    assert _values("effective_date", sentence) == []
    assert _values("effective_date", "This Agreement is effective as of March 1, 2021.") == [
        "2021-03-01"
    ]


@pytest.mark.parametrize(
    ("sentence", "states_it"),
    [
        (
            "Supplier shall sell the Products to Buyer at prices no less favorable than those it charges any other customer.",
            True,
        ),
        (
            "The royalty rates payable by Licensee shall be at least as favourable as the rates granted to any other licensee.",
            True,
        ),
        (
            "If Vendor grants any reseller pricing more favorable than the pricing herein, Vendor shall offer the same pricing to Reseller.",
            True,
        ),
        (
            "Customer will not be charged a higher fee than Provider charges its other customers for similar services.",
            True,
        ),
        (
            "The price per unit shall not exceed the lowest price Supplier offers to a similarly situated customer.",
            True,
        ),
        (
            "Licensor shall grant Licensee terms as favorable as those granted to any other licensee.",
            True,
        ),
        # a matching right: the third party may not get better terms than those first offered
        (
            "Seller may then sell the Shares to a third party on terms no more favorable than those offered to Buyer.",
            False,
        ),
        (
            "Seller may sell the Shares to a third party on terms not more favorable than those offered to Buyer.",
            False,
        ),
        ("Buyer shall pay each invoice within thirty days.", False),
    ],
)
def test_most_favoured_terms_are_stated_by_comparison(sentence: str, states_it: bool) -> None:
    """The cues of a most-favoured clause: the comparisons it is written in, not only its
    name (the lexicon's threshold is 0.85)."""
    assert (sentence_relevance("most_favored_nation", sentence) >= 0.85) is states_it
