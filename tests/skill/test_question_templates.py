"""The question grammar's templates are data (domain/lexicon/question_templates.yaml, issue 33
item 1): a template added there is read with no code, and a template naming a builder the
skill lacks, or without the argument its builder needs, stops the skill from loading with a
lexicon error naming the record (checked when the skill loads, as `extractor` kinds are).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from domain import LEXICON_DIR

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json
from skill import parse_question
print(parse_question("Which law rules the MSA between Acme Corp and Beta LLC?").model_dump_json())
"""


def _lexicon_with(tmp_path: Path, change: Any) -> Path:
    directory = tmp_path / "lexicon"
    shutil.copytree(LEXICON_DIR, directory)
    path = directory / "question_templates.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data["templates"])
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return directory


def _run(directory: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "EVRAG_LEXICON": str(directory), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_a_template_added_as_data_is_read_with_no_code(tmp_path: Path) -> None:
    template = {
        "pattern": r"which\s+law\s+rules\s+{agr}",
        "builder": "agreement_fixed",
        "attribute": "governing_law",
    }
    done = _run(_lexicon_with(tmp_path, lambda templates: templates.insert(0, template)))
    assert done.returncode == 0, done.stderr
    subject = json.loads(done.stdout)
    assert subject["attribute"] == "governing_law"
    assert subject["kind"] == "agreement_attribute"
    assert subject["constraints"]["parties"] == ["Acme Corp", "Beta LLC"]


# (the builder of the record changed, the change, what the error names once `{i}` is the
# record's index): each breaks the binding of one record
BROKEN: list[tuple[str, Any, str]] = [
    (
        "is_party",
        lambda record: record.update(builder="is_a_party"),
        "question_templates.yaml: templates[{i}].builder: 'is_a_party' is not one of",
    ),
    (
        "agreement_fixed",
        lambda record: record.pop("attribute"),
        "question_templates.yaml: templates[{i}]: builder agreement_fixed needs the argument "
        "attribute",
    ),
    (
        "is_subsidiary",
        lambda record: record.update(attribute="parent"),
        "question_templates.yaml: templates[{i}].attribute: builder is_subsidiary takes no such "
        "argument",
    ),
]


@pytest.mark.parametrize(
    ("builder", "change", "message"),
    BROKEN,
    ids=["unknown builder", "missing argument", "extra argument"],
)
def test_a_template_the_builders_do_not_fit_stops_the_skill(
    tmp_path: Path, builder: str, change: Any, message: str
) -> None:
    index: list[int] = []

    def broken(templates: list[dict[str, Any]]) -> None:
        index.append(next(i for i, t in enumerate(templates) if t["builder"] == builder))
        change(templates[index[0]])

    done = _run(_lexicon_with(tmp_path, broken))
    assert done.returncode != 0
    assert "LexiconError" in done.stderr
    assert message.format(i=index[0]) in done.stderr
