"""The questions-file parser (one-line errors) and the JSONL / CSV / HTML renderers."""

from __future__ import annotations

import csv
import io
import json
from html.parser import HTMLParser
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app import (
    BatchFormatError,
    BatchItem,
    citation_label,
    parse_questions,
    render_csv,
    render_html,
    render_jsonl,
    run_batch,
    verdict,
)


def test_jsonl_and_json_list_give_the_same_items() -> None:
    lines = [
        {"id": "q1", "question": "Who founded Acme?"},
        {"id": "q2", "subject": {"type": "individual", "role": "founder"}, "expected_value": "X"},
        {"id": 3, "question": "Where is Acme incorporated?", "gold_pages": [1]},
    ]
    jsonl = "\n".join(json.dumps(x) for x in lines) + "\n\n"
    from_jsonl = parse_questions(jsonl.encode())
    from_list = parse_questions(json.dumps(lines))
    assert from_jsonl == from_list
    assert [i.id for i in from_jsonl] == ["q1", "q2", "3"]
    assert from_jsonl[1].subject == {"type": "individual", "role": "founder"}
    assert from_jsonl[1].expected_value == "X"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"id": "a", "question": "x"}\n{"id": "b", "question": \n', "line 2: invalid JSON"),
        ('{"id": "a"}\n', "line 1: give exactly one of 'question' or 'subject'"),
        ('{"id": "a", "question": "q", "subject": {}}\n', "exactly one"),
        ('{"question": "q"}\n', "line 1: 'id' must be a non-empty string"),
        (
            '{"id": "a", "question": "q"}\n{"id": "a", "question": "r"}\n',
            "line 2: duplicate id 'a'",
        ),
        ("[1, 2]", "item 1: expected a JSON object, got a number"),
        ('{"id": "a", "question": ""}', "non-empty string"),
        ('{"id": "a", "subject": "founder"}', "'subject' must be an object"),
        ('{"id": "a", "question": "q", "evidence_requirements": 3}', "'evidence_requirements'"),
        ("\n\n", "no questions"),
        ("[1,", "invalid JSON"),
    ],
)
def test_bad_files_fail_with_one_line_naming_the_place(text: str, message: str) -> None:
    with pytest.raises(BatchFormatError) as err:
        parse_questions(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_limits_are_named() -> None:
    many = "".join(json.dumps({"id": str(i), "question": "q"}) + "\n" for i in range(4))
    with pytest.raises(BatchFormatError, match="max_batch_items"):
        parse_questions(many, max_items=3)
    assert len(parse_questions(many, max_items=4)) == 4
    with pytest.raises(BatchFormatError, match=r"line 1: .*max_question_chars"):
        parse_questions(json.dumps({"id": "a", "question": "x" * 11}), max_question_chars=10)


def test_not_utf8_is_a_clear_error() -> None:
    with pytest.raises(BatchFormatError, match="not UTF-8"):
        parse_questions(b'{"id": "\xff"}')


def _loc(doc: str, page: int, start: int, end: int) -> dict[str, object]:
    return {
        "document": f"{doc}.pdf",
        "document_id": doc * 8,
        "page": page,
        "section": "7. Miscellaneous > 7.2 Governing Law",
        "clause": "7.2",
        "paragraph": 3,
        "line_start": start,
        "line_end": end,
        "char_start": 10,
        "char_end": 50,
        "bbox": None,
    }


def _answer(question: str, *, found: bool = True, conflict: bool = False) -> dict[str, object]:
    evidence = [
        {
            "evidence_id": "e1",
            "subject_id": "s1",
            "claim_id": "acme:governing_law",
            "value": "Delaware",
            "quote": "governed by the laws of the State of Delaware <b>",
            "source_location": _loc("a", 4, 12, 14),
            "source_type": "agreement",
            "observed_at": "2024-01-01",
            "independence_group": "g1",
            "confidence": 0.9,
        }
    ]
    if conflict:
        evidence.append(
            {
                **evidence[0],
                "evidence_id": "e2",
                "value": "New York",
                "source_location": _loc("b", 2, 3, 3),
            }
        )
    return {
        "question": question,
        "subject_class": {"type": "agreement"},
        "state_trace": ["INIT"],
        "terminal_state": "CONCLUDED" if found else "SUBJECT_NOT_FOUND",
        "candidate_subjects": [],
        "rejected_candidates": [],
        "evidence": evidence if found else [],
        "rejected_evidence": [],
        "conclusion": {"answer": "Delaware" if found and not conflict else None, "values": []},
        "conflicts": [
            {
                "claim_id": "acme:governing_law",
                "values": [
                    {"value": "Delaware", "evidence_ids": ["e1"]},
                    {"value": "New York", "evidence_ids": ["e2"]},
                ],
            }
        ]
        if conflict
        else [],
        "confidence": "high" if found else "low",
        "sufficient": found and not conflict,
        "risk_signals": [] if found else ["subject_not_found"],
        "suggested_next_actions": [] if found and not conflict else ["Request the signed MSA"],
        "sufficiency": {"decision": "SUPPORTED" if not conflict else "CONTRADICTED"}
        if found
        else None,
    }


RESULTS: list[dict[str, Any]] = [
    {"id": "q1", **_answer("What is the governing law of the MSA?")},
    {"id": "q2", **_answer("Who founded Globex?", found=False)},
    {"id": "q3", **_answer("Governing law <script>?", conflict=True)},
    {
        "id": "q4",
        "question": "???",
        "error": {"code": "subject_class_error", "detail": "no kind fits"},
    },
]


def test_verdicts() -> None:
    assert [verdict(r) for r in RESULTS] == [
        "SUPPORTED",
        "SUBJECT_NOT_FOUND",
        "CONTRADICTED",
        "ERROR",
    ]


def test_jsonl_keeps_order_and_round_trips() -> None:
    text = render_jsonl(RESULTS)
    assert [json.loads(line) for line in text.splitlines()] == RESULTS


def test_csv_has_one_row_per_question() -> None:
    rows = list(csv.DictReader(io.StringIO(render_csv(RESULTS))))
    assert [r["id"] for r in rows] == ["q1", "q2", "q3", "q4"]
    assert rows[0]["verdict"] == "SUPPORTED"
    assert rows[0]["answer"] == "Delaware"
    assert (
        rows[0]["citations"] == "a.pdf, p. 4, § 7. Miscellaneous > 7.2 Governing Law, lines 12–14"
    )
    assert "acme:governing_law: Delaware vs New York" in rows[2]["conflicts"]
    assert rows[1]["suggested_next_actions"] == "Request the signed MSA"
    assert rows[3]["error"] == "no kind fits"


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.rows = 0
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.links.append(dict(attrs)["href"] or "")
        if tag == "tr":
            self.rows += 1
        if tag == "script":
            self.scripts += 1


def test_html_report_rows_links_and_escaping() -> None:
    page = render_html(
        RESULTS, title="t", link_for=lambda loc: f"http://x/{loc['document_id']}/{loc['page']}"
    )
    parsed = _Collect()
    parsed.feed(page)
    assert parsed.rows == 1 + len(RESULTS)  # header + one per question
    assert parsed.scripts == 0  # question text is escaped, never markup
    assert parsed.links == ["http://x/aaaaaaaa/4", "http://x/aaaaaaaa/4", "http://x/bbbbbbbb/2"]
    assert "&lt;script&gt;" in page and "CONTRADICTED" in page and "Request the signed MSA" in page
    plain = render_html(RESULTS)
    assert "<a " not in plain and "a.pdf, p. 4" in plain


def test_citation_label_single_line() -> None:
    assert (
        citation_label({"document": "x.pdf", "page": 2, "line_start": 5, "line_end": 5})
        == "x.pdf, p. 2, line 5"
    )


def test_run_batch_records_a_failure_and_goes_on(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    skill = api_client.app.state.api.runtime.skill  # type: ignore[attr-defined]
    items = [
        BatchItem(id="a", question="Who founded Globex Corporation?"),
        BatchItem(id="b", question="banana banana banana"),
        BatchItem(id="c", question="Who is the CEO of Globex Corporation?", expected_value="X"),
    ]
    seen: list[tuple[int, int, int]] = []
    results = run_batch(skill, loaded_kb["kb"], items, progress=lambda *p: seen.append(p))
    assert [r["id"] for r in results] == ["a", "b", "c"]
    assert results[0]["terminal_state"] == "SUBJECT_NOT_FOUND"
    assert results[1]["error"]["code"] == "subject_class_error"
    assert results[2]["expected_value"] == "X"
    assert seen == [(1, 3, 0), (2, 3, 1), (3, 3, 1)]
