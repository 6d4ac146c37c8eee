"""The learned NDA claim reader (skill/_nli.py, bench/train_nli.py): the shipped model's
loader, and its readings in answers about generated NDAs (real PDFs, ingested by the real
pipeline): where the rules read a sentence, and where they read nothing and the model reads
it (then the answer needs the model: it is "Not stated" without), and a polarity that is
only a prior never deciding a sentence alone."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from skill import (
    NLI_MODEL_DIR,
    NliModel,
    NliModelError,
    claim_names,
    nli_features,
    nli_model,
    use_nli_model,
)
from tests.pdfs import clauses_pdf


def test_the_shipped_model_names_known_propositions_and_their_use() -> None:
    model = nli_model()
    assert set(model.propositions) <= set(claim_names())
    uses = {name: model.use_of(name) for name in model.propositions}
    assert any(u is not None for u in uses.values())
    for use in uses.values():
        if use is not None:
            assert use.use in {"fill", "model", "confirm"}
            assert 0.0 < use.threshold < 1.0 and 0.5 <= use.polarity < 1.0
    # a proposition the model was not trained for is read by the rules alone
    assert model.use_of("termination_without_cause") is None


def test_another_model_is_used_until_the_shipped_one_is_chosen_again(tmp_path: Path) -> None:
    # the bench's cross-validation: each fold asked with a model trained without it
    shipped = nli_model()
    shutil.copytree(NLI_MODEL_DIR, tmp_path / "fold")
    try:
        use_nli_model(tmp_path / "fold")
        other = nli_model()
        assert other is not shipped and other is nli_model()
        assert other.propositions == shipped.propositions
    finally:
        use_nli_model(None)
    assert nli_model() is not other and nli_model().propositions == shipped.propositions


def test_a_sentence_is_scored_once_whatever_its_whitespace() -> None:
    model = NliModel()
    sentence = "The Recipient may disclose Confidential Information to its employees."
    first = model.score(sentence, "sharing_with_employees")
    again = model.score(
        " The Recipient  may disclose\nConfidential Information to its employees. ",
        "sharing_with_employees",
    )
    assert first == again
    assert model.score_row.cache_info().hits == 1


def test_features_are_words() -> None:
    # no pairs of words: by document folds they fitted the development NDAs' wording
    assert nli_features("Shall not disclose 12 items") == ["shall", "not", "disclose", "#", "items"]


def test_a_model_that_does_not_match_its_vocabulary_is_refused(tmp_path: Path) -> None:
    shutil.copy(NLI_MODEL_DIR / "model.json", tmp_path / "model.json")
    np.save(tmp_path / "weights.npy", np.zeros((3, 2), dtype=np.float16))
    with pytest.raises(NliModelError, match="does not match"):
        NliModel(tmp_path)
    with pytest.raises(NliModelError, match="cannot read"):
        NliModel(tmp_path / "missing")
    # a model.json that lacks a field is malformed, said as such (not a bare KeyError)
    meta = json.loads((NLI_MODEL_DIR / "model.json").read_bytes())
    del meta["uses"]
    (tmp_path / "model.json").write_text(json.dumps(meta))
    shutil.copy(NLI_MODEL_DIR / "weights.npy", tmp_path / "weights.npy")
    with pytest.raises(NliModelError, match="malformed: KeyError"):
        NliModel(tmp_path)


# --- in answers, end to end ---------------------------------------------------------------

NDA = (
    "This Mutual Non-Disclosure Agreement is entered into by Brightwater Analytics, Inc. "
    '(the "Discloser") and Corvid Holdings LLC (the "Recipient").',
    "The Recipient may disclose Confidential Information to its employees who have a need "
    "to know such information for the Purpose and who are bound by obligations of "
    "confidentiality no less protective than these.",
    "Confidential Information does not include information that the Recipient rightfully "
    "receives from a third party without a duty of confidentiality.",
    "This Agreement shall be governed by the laws of the State of Delaware.",
)
# A sentence no rule reads (no modal governs "retain" or "keep") and the model reads for
# retaining copies (a polarity fitted on both verdicts), and one it finds relevant to
# third-party acquisition, whose polarity is only the common verdict's: that never decides.
RETAINED = (
    "One archival copy of the Confidential Information is retained by counsel of the "
    "Recipient for record purposes."
)
READ_BY_MODEL = (
    "This Mutual Non-Disclosure Agreement is entered into by Brightwater Analytics, Inc. "
    '(the "Discloser") and Lattice Works GmbH (the "Recipient").',
    RETAINED,
    "Information received from a third party remains subject to this Agreement.",
    "This Agreement shall be governed by the laws of the State of Delaware.",
)
SILENT = (
    "This Mutual Non-Disclosure Agreement is entered into by Brightwater Analytics, Inc. "
    '(the "Discloser") and Halden Marine Ltd. (the "Recipient").',
    "This Agreement shall be governed by the laws of the State of Delaware.",
    "Each party shall bear its own costs in connection with this Agreement.",
)


@pytest.fixture(scope="module")
def nda_runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, dict[str, str]]]:
    from app import Runtime, Settings

    data_dir = tmp_path_factory.mktemp("nli") / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        rt.create_kb("ndas")
        report = rt.ingestor.run(
            "ndas",
            [
                ("NDA_Corvid.pdf", clauses_pdf("MUTUAL NON-DISCLOSURE AGREEMENT", NDA)),
                ("NDA_Halden.pdf", clauses_pdf("MUTUAL NON-DISCLOSURE AGREEMENT", SILENT)),
                ("NDA_Lattice.pdf", clauses_pdf("MUTUAL NON-DISCLOSURE AGREEMENT", READ_BY_MODEL)),
            ],
        )
        assert not report.failed
        ids = {d.name: d.document_id for d in rt.catalog.list_documents("ndas")}
        yield rt, ids


def _ask(nda_runtime: tuple[Any, dict[str, str]], name: str, question: str) -> dict[str, Any]:
    rt, ids = nda_runtime
    return json.loads(rt.skill.ask("ndas", question, documents=[ids[name]]).to_json())  # type: ignore[no-any-return]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "head", "quoted"),
    [
        (
            "May the receiving party share confidential information with its employees?",
            "Yes",
            "to its employees who have a need",
        ),
        (
            "Is the receiving party prohibited from sharing confidential information with its employees?",
            "No",
            "to its employees who have a need",
        ),
        (
            "Can the receiving party obtain similar information from a third party?",
            "Yes",
            "receives from a third party",
        ),
    ],
)
def test_the_learned_reader_answers_with_the_sentence_it_read(
    nda_runtime: tuple[Any, dict[str, str]], question: str, head: str, quoted: str
) -> None:
    a = _ask(nda_runtime, "NDA_Corvid.pdf", question)
    answer = a["conclusion"]["answer"]
    assert answer.startswith(head + " —") or answer.startswith(head + ","), answer
    value = {"Yes": "yes", "No": "no"}[head]
    assert [v["value"] for v in a["conclusion"]["values"]] == [value]
    deciding = set(a["conclusion"]["values"][0]["evidence_ids"])
    quotes = [e["quote"] for e in a["evidence"] if e["evidence_id"] in deciding]
    assert any(quoted in " ".join(q.split()) for q in quotes), quotes


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "May the receiving party share confidential information with its employees?",
        "Can the receiving party obtain similar information from a third party?",
    ],
)
def test_silence_is_not_stated_never_the_models_prior(
    nda_runtime: tuple[Any, dict[str, str]], question: str
) -> None:
    a = _ask(nda_runtime, "NDA_Halden.pdf", question)
    assert a["conclusion"]["answer"].startswith("Not stated in"), a["conclusion"]["answer"]
    assert a["conclusion"]["values"] == [] and "not_stated" in a["risk_signals"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("Can the recipient keep an archival copy of the confidential information?", "Yes"),
        ("May the receiving party retain archival copies of confidential information?", "Yes"),
    ],
)
def test_a_sentence_only_the_model_reads_is_decided_by_its_polarity(
    nda_runtime: tuple[Any, dict[str, str]], question: str, head: str
) -> None:
    model = nli_model()
    use = model.use_of("retaining_copies")
    assert use is not None and use.use == "model" and not use.prior
    assert model.score(RETAINED, "retaining_copies").relevance >= use.threshold
    a = _ask(nda_runtime, "NDA_Lattice.pdf", question)
    answer = a["conclusion"]["answer"]
    assert answer.startswith((head + " —", head + ",")), answer
    deciding = set(a["conclusion"]["values"][0]["evidence_ids"])
    quotes = [" ".join(e["quote"].split()) for e in a["evidence"] if e["evidence_id"] in deciding]
    assert any("archival copy of the Confidential Information is retained" in q for q in quotes)


@pytest.mark.slow
def test_a_prior_polarity_never_decides_a_sentence_no_rule_reads(
    nda_runtime: tuple[Any, dict[str, str]],
) -> None:
    # the model finds the sentence relevant to third-party acquisition, but its polarity for
    # that claim is the common verdict's, not read: the sentence says nothing of the permission
    model = nli_model()
    use = model.use_of("third_party_acquisition")
    assert use is not None and use.prior
    sentence = "Information received from a third party remains subject to this Agreement."
    assert model.score(sentence, "third_party_acquisition").relevance >= use.threshold
    a = _ask(
        nda_runtime,
        "NDA_Lattice.pdf",
        "Can the receiving party obtain similar information from a third party?",
    )
    assert not a["conclusion"]["answer"].startswith("Yes"), a["conclusion"]["answer"]
    assert "yes" not in [v["value"] for v in a["conclusion"]["values"]]
