"""The web workspace's claim badge reads the signals the skill sets and says what the answer
says (session 38, house38): sentences that disagree (risk signal `conflicting_evidence`) show
"Not stated — the sentences disagree, nothing arbitrated", the words of the claim's answer
("Not stated in <agreement> — the sentences disagree, nothing arbitrated: ...",
skill/_claim_leads.py), whether both sides are quoted from one agreement, the sources
conflict, or the signal alone is carried.

The badge's own code (`CLAIM_WORDS`, `claimVerdict` of api/web/views.js) run in Node over
answers of CONTRACT.md's shape; no browser (tests/browser drives the page).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

VIEWS = Path(__file__).resolve().parents[2] / "api" / "web" / "views.js"
NODE = shutil.which("node")
# the claim's answer where its sentences disagree, as skill/_claims.py `claim_answer` writes it
_LEAD = "Not stated in MASTER SERVICES AGREEMENT — the sentences disagree, nothing arbitrated: "


def _badges(answers: list[dict[str, Any]]) -> list[str | None]:
    """The badge words `claimVerdict` and `CLAIM_WORDS` give each answer."""
    source = VIEWS.read_text(encoding="utf-8")
    words = re.search(r"^const CLAIM_WORDS = \{.*?^\};", source, re.S | re.M)
    verdict = re.search(r"^function claimVerdict\(answer\) \{.*?^\}", source, re.S | re.M)
    assert words and verdict, "CLAIM_WORDS / claimVerdict not found in views.js"
    script = (
        f"{words.group(0)}\n{verdict.group(0)}\n"
        f"const answers = {json.dumps(answers)};\n"
        "console.log(JSON.stringify(answers.map((a) => { const c = claimVerdict(a);"
        " return c === null ? null : CLAIM_WORDS[c]; })));\n"
    )
    assert NODE is not None
    out = subprocess.run(
        [NODE, "-e", script], capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def _claim(values: list[str], signals: list[str], *, conflicts: bool = False) -> dict[str, Any]:
    """A claim's answer whose sentences read it `values` ("yes", "no"), with `signals`."""
    return {
        "subject_class": {"constraints": {"claim": "assignment_without_consent"}},
        "terminal_state": "CONCLUDED",
        "risk_signals": signals,
        "evidence": [{"evidence_id": f"e{i}", "value": v} for i, v in enumerate(values)],
        "conflicts": (
            [{"claim_id": "claim:x", "values": [{"value": "yes", "evidence_ids": ["e0"]}]}]
            if conflicts
            else []
        ),
        "conclusion": {
            "answer": _LEAD + "yes: ...; no: ...",
            "values": [],
        },
    }


_DISAGREEING = [
    # both sides quoted from one agreement (the engine's MIXED_EVIDENCE)
    _claim(["yes", "no"], ["conflicting_evidence", "single_source"]),
    # two sources in conflict
    _claim(["yes", "no"], ["conflicting_evidence"], conflicts=True),
    # the signal carried, one side's sentence quoted
    _claim(["yes"], ["conflicting_evidence"]),
    _claim(["no", "no"], ["conflicting_evidence", "undated_evidence"]),
]


@pytest.mark.skipif(NODE is None, reason="no Node.js to run the workspace's code")
@pytest.mark.parametrize("answer", _DISAGREEING)
def test_a_disagreement_badge_says_what_the_answer_says(answer: dict[str, Any]) -> None:
    (badge,) = _badges([answer])
    # the words of the answer's lead, the agreement's name left out
    lead = answer["conclusion"]["answer"]
    assert badge == re.sub(r" in [^—]*(?= —)", "", lead.split(":")[0]), badge
