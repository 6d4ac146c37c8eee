"""The lexicon: its schema, its enums, and a role and an attribute added by editing data only."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

import domain
from domain import LEXICON_DIR, LexiconError, lexicon, load_lexicon

REPO = Path(__file__).resolve().parents[2]

# Defined terms of single contracts that once sat in the contract-role list: the lexicon holds
# general vocabulary only.
DOCUMENT_FITTED = {"celebrity", "club", "blockchain_administrator", "athlete", "talent"}


def test_the_packaged_lexicon_loads_and_fits_the_schema() -> None:
    lex = load_lexicon()
    assert {"founder", "ceo", "auditor", "party", "jurisdiction"} <= {r.name for r in lex.roles}
    assert {"governing_law", "founding_date", "stake"} <= {a.name for a in lex.attributes}
    assert lex.months[0] == "january" and len(lex.months) == 12
    assert lex.legal_form_words["incorporated"] == "inc"
    assert "Delaware" in lex.us_states and "England and Wales" in lex.countries
    assert not DOCUMENT_FITTED & (lex.contract_roles | lex.person_contract_roles)


def test_every_written_legal_form_reads_as_written_and_as_documents_vary_it() -> None:
    lex = load_lexicon()
    forms = re.compile(rf"(?i:{'|'.join(lex.legal_forms_written)})\b\.?")
    written = yaml.safe_load((LEXICON_DIR / "vocabulary.yaml").read_text(encoding="utf-8"))
    for record in written["legal_forms"]["forms"].values():
        for text in record.get("written", []):
            assert forms.fullmatch(text), text
    for text in (
        "Inc",
        "L. L. C.",
        "Sdn Bhd",
        "Ltd Sti",
        "GmbH&Co KG",
        "GmbH & Co.KG",
        "S.a r.l",
        "Sp. z o.o.",
    ):
        assert forms.fullmatch(text), text
    # a one-word form is read in capitals where names are read case-sensitively, GmbH not
    cased = re.compile(rf"(?:{lex.legal_form_cased})\b")
    assert cased.fullmatch("INC") and cased.fullmatch("ApS") and cased.fullmatch("APS")
    assert cased.fullmatch("GmbH") and not cased.fullmatch("GMBH")


def test_the_enums_are_the_lexicon() -> None:
    lex = load_lexicon()
    assert [str(r) for r in domain.Role] == [r.name for r in lex.roles]
    assert [str(a) for a in domain.Attribute] == [a.name for a in lex.attributes] + list(lex.yes_no)
    assert [str(t) for t in domain.BindingType] == list(lex.binding_types)
    assert sorted(domain.SubjectType) == sorted(t.name for t in lex.subject_types if t.binding)


def test_a_binding_role_outside_the_lexicon_is_refused() -> None:
    from pydantic import TypeAdapter, ValidationError

    field = TypeAdapter(domain.Binding.model_fields["role"].annotation)
    assert field.validate_python("founder") is domain.Role("founder")
    with pytest.raises(ValidationError):
        field.validate_python("chief_happiness_officer")


def test_every_attribute_with_an_extractor_is_in_the_lexicon() -> None:
    from skill import EXTRACTABLE_ATTRIBUTES

    assert set(EXTRACTABLE_ATTRIBUTES) <= {a.name for a in load_lexicon().attributes}


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "lexicon"
    shutil.copytree(LEXICON_DIR, target)
    return target


def _edit(directory: Path, file: str, change: Any) -> None:
    path = directory / file
    # libyaml's loader and dumper where PyYAML has them (the pure-Python pair took a second or
    # more for propositions.yaml, in each of the file's tests that edit it)
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    change(data)
    path.write_text(
        yaml.dump(data, Dumper=_DUMPER, sort_keys=False, allow_unicode=True), encoding="utf-8"
    )


_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


# (file, change, words the error must contain): each breaks one rule of the schema.
BROKEN: list[tuple[str, Any, str]] = [
    ("roles.yaml", lambda d: d["roles"][0].update(holder="robot"), "roles[0].holder"),
    (
        "propositions.yaml",
        lambda d: d["question_routing"].update(similarity=1.5),
        "question_routing.similarity",
    ),
    (
        "propositions.yaml",
        lambda d: d["question_routing"].update(margin="wide"),
        "question_routing.margin",
    ),
    (
        "propositions.yaml",
        lambda d: d["question_routing"].update(denials=[]),
        "question_routing.denials",
    ),
    ("roles.yaml", lambda d: d["roles"][0].update(name="Chief Exec"), "roles[0].name"),
    ("roles.yaml", lambda d: d["roles"][1].update(name="ceo"), "'ceo' appears twice"),
    ("roles.yaml", lambda d: d["roles"][0].update(question_pattern="ceo("), "question_pattern"),
    ("roles.yaml", lambda d: d["roles"][0].pop("relation"), "roles[0].relation: missing"),
    ("roles.yaml", lambda d: d.pop("binding_types"), "binding_types: missing"),
    ("attributes.yaml", lambda d: d["attributes"][0].update(value_kind="vibe"), "value_kind"),
    (
        "attributes.yaml",
        lambda d: d["attributes"][0].update(subjects=["planet"]),
        "attributes[0].subjects",
    ),
    (
        "attributes.yaml",
        lambda d: d["attributes"][0]["question_patterns"].update(person="x"),
        "not among its subjects",
    ),
    (
        "attributes.yaml",
        lambda d: d["attributes"][0].update(binding_role="nobody"),
        "binding_role",
    ),
    (
        "attributes.yaml",
        lambda d: d["attributes"][0]["relevance_cues"][0].pop(),
        "relevance_cues[0]: expected {phrases",
    ),
    (
        "attributes.yaml",
        lambda d: d["attributes"][0]["relevance_cues"][1].update(phrases=["(governing law)"]),
        "relevance_cues[1]: '(governing law)' is not a phrase",
    ),
    (
        "attributes.yaml",
        lambda d: d["attributes"][0]["question_patterns"].update(agreement=r"governing\s+law"),
        "question_patterns.agreement: expected {phrases: [phrase, ...]} or [regex, example]",
    ),
    (
        "attributes.yaml",
        lambda d: d["attributes"][0]["question_patterns"].update(
            agreement={"phrases": ["governing law?"]}
        ),
        "question_patterns.agreement: 'governing law?' is not a phrase",
    ),
    (
        "roles.yaml",
        lambda d: d["roles"][0].update(title_pattern=[r"C\.?E\.?O\.?"]),
        "roles[0].title_pattern: expected {phrases",
    ),
    (
        "attributes.yaml",
        lambda d: d["attributes"][0]["relevance_cues"][1].update(phrases=[r"governing\s+law"]),
        "is not a phrase",
    ),
    (
        "attributes.yaml",
        lambda d: d["attributes"][0]["relevance_cues"][1].update(weight="high"),
        "relevance_cues[1]: expected a number",
    ),
    (
        "attributes.yaml",
        lambda d: d["attributes"][0].update(form_captions=[["state\\s+of"]]),
        "form_captions[0]: expected a phrase",
    ),
    (
        "attributes.yaml",
        lambda d: d["attributes"][0].update(form_captions=["state\\s+of"]),
        "form_captions[0]: 'state\\\\s+of' is not a phrase",
    ),
    ("vocabulary.yaml", lambda d: d["months"].pop(), "months: expected 12"),
    ("vocabulary.yaml", lambda d: d["month_abbreviations"].update(jan=13), "1..12"),
    ("vocabulary.yaml", lambda d: d.update(contract_roles="supplier"), "contract_roles"),
    ("vocabulary.yaml", lambda d: d["abbreviations"].append(False), "abbreviations"),
    ("vocabulary.yaml", lambda d: d["entity_types"].append("corp(oration"), "entity_types"),
    (
        "vocabulary.yaml",
        lambda d: d["documents"]["relations"][1]["patterns"].append("\\bhereby\\s+amends?\\b"),
        "documents.relations[1].patterns[10]: '\\\\bhereby\\\\s+amends?\\\\b' is not a phrase",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"]["changes"][0].pop("example"),
        "documents.changes[0].example: expected a text that pattern finds",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"]["dates"].update(label="dated?\\s*:"),
        "documents.dates.label: expected [regex, example]",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"]["types"][1].pop("example"),
        "documents.types[1].example",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"]["agreement_kinds"].update(lease_agreement="lease"),
        "documents.agreement_kinds.lease_agreement: expected a type and its phrases",
    ),
    (
        "attributes.yaml",
        lambda d: d["attributes"][9]["details"][0].pop(),
        "details[0]: a kind has no example",
    ),
    (
        "attributes.yaml",
        lambda d: d["detail_fragments"].update(any_party="either party"),
        "detail_fragments.any_party: expected a name and [regex, example]",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["legal_forms"]["forms"]["inc"].update(written="Inc."),
        "legal_forms.forms.inc.written",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["legal_forms"]["forms"]["gmbh"].update(capitals="no"),
        "legal_forms.forms.gmbh.capitals",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["legal_forms"]["forms"]["inc"].pop("spelled"),
        "legal_forms.forms.inc.spelled",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"]["agreement_kinds"].update(msa_agreement=["msa("]),
        "documents.agreement_kinds.msa_agreement: 'msa(' is not a phrase",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"].update(agreement_kinds=["msa"]),
        "documents.agreement_kinds: expected a mapping",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"]["type_words"].append(["supply", 3]),
        "documents.type_words[",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"]["type_words_in_titles_only"].append("master"),
        "'master' is in no group",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"]["agreement_words"].insert(0, "agreement"),
        "'agreements' must come before 'agreement'",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"]["types"][0].update(title=["press", "press release"]),
        "documents.types[0].title",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"]["types"][1].update(first_page="form("),
        "documents.types[1].first_page",
    ),
    ("vocabulary.yaml", lambda d: d["documents"].pop("instruments"), "documents.instruments"),
    # the numbers in words (one list: amendments, clauses, values): lower-case words, each a
    # number (a positive one but for the units' "zero"); an amendment's highest number
    (
        "vocabulary.yaml",
        lambda d: d["ordinal_words"].update(Second=2),
        "ordinal_words: 'Second' is no lower-case word",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["ordinal_words"].update(zeroth=0),
        "ordinal_words: 'zeroth': expected a positive number",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["number_units"].update(minus=-1),
        "number_units: 'minus': expected a number of at least 0",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"].update(amendment_highest_number="ten"),
        "documents.amendment_highest_number: expected a positive number",
    ),
    (
        "vocabulary.yaml",
        lambda d: d["documents"].pop("general_agreement_words"),
        "documents.general_agreement_words",
    ),
    # the question grammar's templates: a piece no one defines, in a template or in a piece; a
    # piece no template uses; a pattern that does not compile once expanded; a record without
    # its builder
    (
        "question_templates.yaml",
        lambda d: d["templates"][3].update(pattern=r"who\s+owns\s+{company}"),
        "templates[3].pattern: {company} is no piece",
    ),
    (
        "question_templates.yaml",
        lambda d: d["pieces"].update(holder=r"{x}\s+{nobody}"),
        "pieces.holder: {nobody} is no piece",
    ),
    (
        "question_templates.yaml",
        lambda d: d["pieces"].update(holder=r"(?P<holder>[^?]+?)"),
        "pieces.holder: no template uses it",
    ),
    (
        "question_templates.yaml",
        lambda d: d["templates"][5].update(pattern=r"(?:did|has\s+{y}\s+found(?:ed)?\s+{x}"),
        "templates[5].pattern: not a regular expression once expanded",
    ),
    (
        "question_templates.yaml",
        lambda d: d["templates"][7].update(pattern=r"does\s+{x}\s+own\s+{x}"),
        "templates[7].pattern: not a regular expression once expanded",
    ),
    ("question_templates.yaml", lambda d: d["templates"][0].pop("builder"), "templates[0].builder"),
    # a word class of the propositions: its phrases as any list of phrases (a longer one first),
    # its name one a pattern can write as "{name}"
    (
        "propositions.yaml",
        lambda d: d["word_classes"]["use_verb"].insert(0, "use"),
        "word_classes.use_verb: 'uses' must come before 'use'",
    ),
    (
        "propositions.yaml",
        lambda d: d["word_classes"].update({"Use Verb": ["use"]}),
        "word_classes.Use Verb: expected a lower snake case name",
    ),
]


@pytest.mark.parametrize(("file", "change", "message"), BROKEN, ids=[b[2] for b in BROKEN])
def test_a_broken_lexicon_names_the_file_and_the_field(
    tmp_path: Path, file: str, change: Any, message: str
) -> None:
    directory = _copy(tmp_path)
    _edit(directory, file, change)
    with pytest.raises(LexiconError) as err:
        load_lexicon(directory)
    assert file in str(err.value) and message in str(err.value)


def test_a_word_added_to_a_class_is_read_by_every_pattern_that_writes_it(tmp_path: Path) -> None:
    # "{use_verb}" in the propositions' patterns: one more verb of using is one more word of
    # data, read wherever a limit of use is written with it
    directory = _copy(tmp_path)
    sentence = "Beta shall not deploy the figures for any other purpose."

    def found(lx: Any) -> bool:
        entry = next(p for p in lx.propositions if p.name == "use_limited_to_purpose")
        return any(re.search(pattern, sentence, re.I) for pattern in entry.action)

    assert not found(load_lexicon(directory))
    _edit(directory, "propositions.yaml", lambda d: d["word_classes"]["use_verb"].append("deploy"))
    assert found(load_lexicon(directory))


def _raw_cues() -> list[tuple[str, Any]]:
    data = yaml.safe_load((LEXICON_DIR / "attributes.yaml").read_text(encoding="utf-8"))
    return [(a["name"], cue) for a in data["attributes"] for cue in a.get("relevance_cues", [])]


def test_every_regex_cue_finds_its_example() -> None:
    entity_type = lexicon().entity_type
    regex_cues = [(name, cue) for name, cue in _raw_cues() if isinstance(cue, list)]
    assert regex_cues
    missed = [
        (name, pattern, example)
        for name, (pattern, _, example) in regex_cues
        if not re.search(pattern.replace("{entity_type}", entity_type), example, re.I | re.S)
    ]
    assert missed == []


def test_every_regex_caption_finds_its_example() -> None:
    data = yaml.safe_load((LEXICON_DIR / "attributes.yaml").read_text(encoding="utf-8"))
    captions = [c for a in data["attributes"] for c in a.get("form_captions", [])]
    regexes = [c for c in captions if isinstance(c, list)]
    assert regexes and all(re.search(c[0], c[1], re.I) for c in regexes)


def test_a_caption_of_phrases_is_found_inside_a_cell(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    captions = ["exact name of (the) registrant", {"phrases": ["trading symbol", "ticker"]}]
    _edit(directory, "attributes.yaml", lambda d: d["attributes"][0].update(form_captions=captions))
    assert load_lexicon(directory).attributes[0].form_captions == (
        r"exact\s+name\s+of\s+(?:the\s+)?registrant",
        r"(?:trading\s+symbol|ticker)",
    )


def test_a_cue_of_phrases_finds_each_phrase_as_whole_words() -> None:
    compiled = [(a.name, p) for a in lexicon().attributes for p, _ in a.relevance_cues]
    raw = _raw_cues()
    assert [name for name, _ in compiled] == [name for name, _ in raw]
    for (name, pattern), (_, cue) in zip(compiled, raw, strict=True):
        if isinstance(cue, dict):
            for phrase in cue["phrases"]:
                longest = re.sub(r"\(([^)]*)\)", r"\1", phrase).replace("*", "s")
                shortest = re.sub(r"\([^)]*\) ?", "", phrase).replace("*", "")
                assert re.search(pattern, f"as {longest.upper()}.", re.I), (name, phrase)
                assert re.search(pattern, f"({shortest})", re.I), (name, phrase)
                assert not re.search(pattern, f"x{shortest}", re.I), (name, phrase)


def _raw_names() -> list[tuple[str, Any, int]]:
    """Every question and title pattern of the YAML as written, with its regex flags."""
    read = lambda name: yaml.safe_load((LEXICON_DIR / name).read_text(encoding="utf-8"))  # noqa: E731
    out = [
        (f"{a['name']}.{subject}", value, re.I)
        for a in read("attributes.yaml")["attributes"]
        for subject, value in a["question_patterns"].items()
    ]
    for r in read("roles.yaml")["roles"]:
        out.append((r["name"], r["question_pattern"], re.I))
        out.append((f"{r['name']} (title)", r.get("title_pattern"), 0))
    return [(name, value, flags) for name, value, flags in out if value is not None]


def test_every_regex_naming_matches_its_example_whole() -> None:
    regexes = [(name, v, flags) for name, v, flags in _raw_names() if isinstance(v, list)]
    assert regexes
    missed = [(name, v) for name, v, flags in regexes if not re.fullmatch(v[0], v[1], flags)]
    assert missed == []


def test_every_phrase_of_a_naming_names_it() -> None:
    # each phrase, with and without its optional words, is matched whole by what it compiles to
    lx = lexicon()
    compiled = {f"{a.name}.{s}": p for a in lx.attributes for s, p in a.question_patterns.items()}
    for r in lx.roles:
        compiled[r.name] = r.question_pattern or ""
        compiled[f"{r.name} (title)"] = r.title_pattern or ""
    named = [(name, v, flags) for name, v, flags in _raw_names() if isinstance(v, dict)]
    assert named
    for name, value, flags in named:
        for phrase in value["phrases"]:
            longest = re.sub(r"\(([^)]*)\)", r"\1", phrase)
            shortest = " ".join(re.sub(r"\([^)]*\)", "", phrase).split())
            for text in (longest, shortest):
                assert re.fullmatch(compiled[name], text, flags), (name, text)


def test_optional_words_may_end_a_phrase(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    phrases = {"phrases": ["registered office (address)", "(executive) officer", "co-founder"]}
    _edit(
        directory,
        "roles.yaml",
        lambda d: d["roles"][0].update(question_pattern=phrases, title_pattern=["CEO", "CEO"]),
    )
    role = load_lexicon(directory).roles[0]
    assert role.question_pattern == (
        r"(?:registered\s+office(?:\s+address)?|(?:executive\s+)?officer|co\-founder)"
    )
    assert role.title_pattern == "CEO"


def test_phrases_compile_to_words_between_boundaries(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    cue = {"phrases": ["principal (executive) office", "headquarter*"], "weight": 0.8}
    _edit(directory, "attributes.yaml", lambda d: d["attributes"][0].update(relevance_cues=[cue]))
    (pattern, weight), *_ = load_lexicon(directory).attributes[0].relevance_cues
    assert pattern == r"\b(?:principal\s+(?:executive\s+)?office|headquarter\w*)\b"
    assert weight == 0.8


def test_every_lexicon_file_is_package_data() -> None:
    assert sorted(p.name for p in LEXICON_DIR.glob("*.yaml")) == sorted(domain.LEXICON_FILES)
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert 'domain = ["lexicon/*.yaml", "lexicon/*.txt"]' in pyproject
    assert (LEXICON_DIR / "words.txt").is_file()


# A role and an attribute no code names: added to the data, recognised in questions, the
# binding records and the extractor of their value kind.
NEW_ROLE = {
    "name": "liquidator",
    "holder": "either",
    "holders": "many",
    "parent": "company",
    "relation": False,
    "under_agreement": False,
    "question_pattern": {"phrases": ["(official) liquidators", "(official) liquidator"]},
    "title_pattern": {"phrases": ["(Official) Liquidator", "LIQUIDATOR"]},
}
NEW_ATTRIBUTE = {
    "name": "dispute_resolution",
    "subjects": ["agreement"],
    "value_kind": "free_text",
    "question_patterns": {
        "agreement": {
            "phrases": [
                "dispute resolution clause",
                "dispute resolution mechanism",
                "dispute resolution",
                "arbitration (clause)",
            ]
        }
    },
    "retrieval_cue": "disputes arising settled by binding arbitration",
    "relevance_cues": [
        {"phrases": ["arbitrat*"], "weight": 0.9},
        {"phrases": ["dispute", "disputes"], "weight": 0.4},
    ],
    "threshold": 0.7,
}

PROBE = r"""
import json
import re
from domain import Attribute, Binding, Role
from ingest import BindingExtractor
from skill import extract_values, parse_question
from tests.ingest.test_bindings import make_doc

role = parse_question("Who is the liquidator of Harbor Freight Lines, Inc.?")
attribute = parse_question(
    "What is the dispute resolution clause of the Supply Agreement between Acme Corp and Beta LLC?"
)
values = extract_values(
    "dispute_resolution",
    "Any dispute arising under this Agreement shall be settled by binding arbitration in London.",
)
minutes = make_doc([
    "Minutes of the Meeting of the Board of Directors of Harbor Freight Lines, Inc.",
    "Also present: Jane Roe, Official Liquidator.",
])
titled = [
    [b.subject_name, b.role.value, b.parent_name]
    for b in BindingExtractor().run(minutes).bindings
    if b.role.value == "liquidator"
]
print(json.dumps({
    "titled": titled,
    "role_member": Role("liquidator").value,
    "attribute_member": Attribute("dispute_resolution").value,
    "role": [role.role, role.type, role.parent_entity, str(role.kind)],
    "attribute": [attribute.attribute, attribute.type, str(attribute.kind)],
    "values": [v.value for v in values],
    "binding_field": Binding.model_fields["role"].annotation.__name__,
}))
"""


def test_a_role_and_an_attribute_are_added_by_editing_data_only(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    _edit(directory, "roles.yaml", lambda d: d["roles"].insert(0, NEW_ROLE))
    _edit(directory, "attributes.yaml", lambda d: d["attributes"].append(NEW_ATTRIBUTE))
    env = {**os.environ, "EVRAG_LEXICON": str(directory), "PYTHONPATH": str(REPO)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout)
    assert seen["role_member"] == "liquidator"
    assert seen["attribute_member"] == "dispute_resolution"
    assert seen["role"] == ["liquidator", "individual", "Harbor Freight Lines, Inc.", "role"]
    assert seen["attribute"] == ["dispute_resolution", "agreement", "agreement_attribute"]
    assert seen["values"] and "arbitration" in seen["values"][0]
    assert seen["binding_field"] == "Role"
    # Its title pattern is read by the binding rules: an attendee's title binds the new role.
    assert seen["titled"] == [["Jane Roe", "liquidator", "Harbor Freight Lines, Inc."]]


def test_a_lexicon_is_loaded_again_when_a_value_of_it_changes(tmp_path: Path) -> None:
    """load_lexicon keeps what it loaded by what the files say: a copy of the same files, or
    files that differ only in comments or line ends, is the same lexicon; an edited value
    (the same directory) is read again; the files written back give the first again."""
    packaged = load_lexicon()
    directory = _copy(tmp_path)
    assert load_lexicon(directory) is packaged
    roles = directory / "roles.yaml"
    original = roles.read_bytes()
    roles.write_bytes(b"# a comment only\n" + original.replace(b"\n", b"\r\n"))
    assert load_lexicon(directory) is packaged
    _edit(directory, "roles.yaml", lambda d: d["roles"].insert(0, NEW_ROLE))
    edited = load_lexicon(directory)
    assert edited is not packaged
    assert NEW_ROLE["name"] in {r.name for r in edited.roles}
    assert NEW_ROLE["name"] not in {r.name for r in packaged.roles}
    # the same values in another order: read again, the order kept
    _edit(directory, "roles.yaml", lambda d: d["roles"].insert(0, d["roles"].pop(1)))
    moved = load_lexicon(directory)
    assert moved is not edited and [r.name for r in moved.roles][:2] == [
        [r.name for r in edited.roles][1],
        NEW_ROLE["name"],
    ]
    roles.write_bytes(original)
    assert load_lexicon(directory) is packaged
    (directory / "vocabulary.yaml").write_text("months: [", encoding="utf-8")
    with pytest.raises(LexiconError, match=r"vocabulary\.yaml"):
        load_lexicon(directory)


def test_without_the_edit_neither_is_known() -> None:
    from skill import SubjectClassError, parse_question

    with pytest.raises(ValueError):
        domain.Role("liquidator")
    with pytest.raises(SubjectClassError):
        parse_question("Who is the liquidator of Harbor Freight Lines, Inc.?")


def test_language_of_sentences_entities_and_filings_is_data(tmp_path: Path) -> None:
    """The words that end no sentence, the kinds of entities and the filing forms are read
    from vocabulary.yaml: an edit there changes what the lexicon gives every consumer."""
    directory = _copy(tmp_path)

    def edit(d: dict[str, Any]) -> None:
        d["abbreviations"].append("Kft")
        d["entity_types"].insert(0, "anstalt")
        d["documents"]["filing_forms"].append("N-CSR")
        d["generic_terms"].append("Operator")

    _edit(directory, "vocabulary.yaml", edit)
    edited = load_lexicon(directory)
    assert "kft" in edited.abbreviations and "kft" not in lexicon().abbreviations
    assert "sept" in edited.abbreviations and "inc" in edited.abbreviations  # months, forms
    assert re.fullmatch(edited.entity_type, "Anstalt")
    assert not re.fullmatch(lexicon().entity_type, "Anstalt")
    assert re.search(edited.filing_form, "ANNUAL REPORT ON FORM N-CSR")
    assert not re.search(lexicon().filing_form, "ANNUAL REPORT ON FORM N-CSR")
    assert "operator" in edited.generic_terms and "operator" not in lexicon().generic_terms
    assert "company" in lexicon().generic_terms and "Registrant" in lexicon().entity_references
    assert re.search(lexicon().filing_form, "Form 10-K") and re.search(
        lexicon().filing_form, "FORM DEF 14A"
    )


def test_months_are_read_one_way_everywhere() -> None:
    """One month pattern and one month reading (vocabulary.yaml) serve document dates
    (ingest), binding dates and question values (skill)."""
    lex = lexicon()
    month = re.compile(lex.month)
    for number, name in enumerate(lex.months, start=1):
        assert month.fullmatch(name.upper()) and lex.month_number(name.title()) == number
    for abbreviation, number in lex.month_abbreviations.items():
        written = abbreviation.title() + "."
        assert month.fullmatch(written) and lex.month_number(written) == number
    assert month.match("Sept. 5").group(0) == "Sept."  # the longer abbreviation first
    assert lex.month_number("Mayday") is None and not month.fullmatch("Mayday")

    from ingest import PdfParser
    from skill import normalize_date
    from tests import pdfs

    for text, iso in (
        ("May 5, 2021", "2021-05-05"),
        ("5 May 2021", "2021-05-05"),
        ("Sept. 5, 2021", "2021-09-05"),
        ("SEPTEMBER 5, 2021", "2021-09-05"),
    ):
        # the document's own date, as the parser reads it from a written consent's date
        page = [
            pdfs.Line("ACTION BY WRITTEN CONSENT OF THE BOARD OF DIRECTORS", bold=True),
            *pdfs.paragraph(f"The undersigned adopt these resolutions effective as of {text}."),
        ]
        parsed = PdfParser(ocr="off").run(pdfs.make_pdf([page]), "d.pdf")
        assert parsed.document_date == iso, text
        assert normalize_date(text) == iso, text


def test_phrases_compile_to_the_patterns_they_stand_for() -> None:
    # Words and phrases of the lexicon become patterns in code: escaped, white space between
    # the words of a phrase (as written, one space, in a document type's title), in order.
    lx = lexicon()
    assert lx.agreement_words[:2] == ("agreements", "agreement")
    assert r"statement\s+of\s+work" in lx.agreement_words
    assert r"for\s+any\s+reason\s+or\s+no\s+reason" in lx.question_qualifiers
    types = {name: (title, first_page) for name, title, first_page, _ in lx.document_types}
    assert (
        types["press_release"]
        == (r"\bpress release\b|\bfor immediate release\b|\bnews release\b",) * 2
    )
    assert types["bylaws"][0] == r"\bbylaws\b|\bby\-laws\b"
    assert types["schedule"] == (r"^schedule\b", None)


def test_type_words_are_one_list_read_two_ways() -> None:
    lx = lexicon()
    assert {"master", "reseller", "resale", "distributor"} <= lx.type_words
    assert "supplier" not in lx.type_words  # read as "supply" in titles only
    assert lx.type_word_kinds["supplier"] == "supply"
    assert lx.type_word_kinds["distributor"] == "distribution"
    assert "master" not in lx.type_word_kinds


# vocabulary.yaml's lists of patterns: (part of `documents`, key, flags its code reads it with)
_PATTERN_LISTS = (
    *(
        ("", key, re.I)
        for key in ("signature_page", "audit_reports", "auditor_consents", "auditor_tenure")
    ),
    ("", "officer_lists", re.I),
    ("", "title_openers", 0),
    ("", "capacity_words", 0),
    *(("dates", key, re.I) for key in ("agreement", "meeting", "consent", "effective")),
    ("unexecuted", "marks", re.I),
)
_SINGLE_PATTERNS = (
    ("", "signature_block_line"),
    ("", "number"),
    ("dates", "label"),
    ("dates", "effective_label"),
    ("unexecuted", "signature_line"),
)


def _regex_examples() -> list[tuple[str, str, str, int]]:
    """(place, regex as the loader compiles it with its placeholders expanded, example, flags)
    of every regex of vocabulary.yaml (outside legal_forms) and of attributes.yaml's details
    and detail fragments."""
    lex = lexicon()
    vocabulary = yaml.safe_load((LEXICON_DIR / "vocabulary.yaml").read_text(encoding="utf-8"))
    raw, docs = vocabulary["documents"], lex.documents
    out: list[tuple[str, str, str, int]] = []

    def listed(place: str, entries: list[Any], compiled: Any, flags: int) -> None:
        for i, (entry, regex) in enumerate(zip(entries, compiled, strict=True)):
            if isinstance(entry, list):
                out.append((f"{place}[{i}]", regex, entry[1], flags))

    for part, key, flags in _PATTERN_LISTS:
        entries, compiled = (raw[part], docs[part]) if part else (raw, docs)
        listed(f"documents.{part}.{key}", entries[key], compiled[key], flags)
    for part, key in _SINGLE_PATTERNS:
        entry, regex = (raw[part][key], docs[part][key]) if part else (raw[key], docs[key])
        out.append((f"documents.{part}.{key}", regex, entry[1], re.I | re.M))
    for relation, compiled in zip(raw["relations"], docs["relations"], strict=True):
        listed(f"relations.{relation['name']}", relation["patterns"], compiled["patterns"], re.I)
    for i, (change, compiled) in enumerate(zip(raw["changes"], docs["changes"], strict=True)):
        out.append((f"changes[{i}]", compiled["pattern"], change["example"], re.I))
    # `{of_complement}` is optional: the example reads without it, as ingest expands it
    instruments = [p.replace("{of_complement}", "") for p in lex.instruments]
    listed("instruments", raw["instruments"], instruments, re.I)
    listed("entity_types", vocabulary["entity_types"], lex.entity_types, re.I)
    for (name, title, _, _), entry in zip(lex.document_types, raw["types"], strict=True):
        if "example" in entry:
            regex = title.replace("{filing_form}", lex.filing_form)
            out.append((f"types.{name}", regex, entry["example"], re.I | re.M))
    attributes = yaml.safe_load((LEXICON_DIR / "attributes.yaml").read_text(encoding="utf-8"))
    for entry in attributes["attributes"]:
        details = lex.attribute(entry["name"]).details
        for i, (item, (_, regex)) in enumerate(zip(entry.get("details", []), details, strict=True)):
            if len(item) == 3:
                out.append((f"{entry['name']}.details[{i}]", regex, item[2], 0))
        if isinstance(entry.get("form_value"), list):  # the value's shape, case-sensitive
            shape = lex.attribute(entry["name"]).form_value
            out.append((f"{entry['name']}.form_value", shape, entry["form_value"][1], 0))
    fragments: dict[str, str] = {}  # each expanded with those above it, as the loader does
    for name, (regex, example) in attributes["detail_fragments"].items():
        for known, expanded in fragments.items():
            regex = regex.replace("{" + known + "}", expanded)
        fragments[name] = regex
        out.append((f"detail_fragments.{name}", regex, example, 0))
    return out


def test_every_regex_of_the_vocabulary_finds_its_example() -> None:
    examples = _regex_examples()
    assert len(examples) > 80
    missed = [
        (place, example)
        for place, regex, example, flags in examples
        if not re.search(regex, example, flags)
    ]
    assert missed == []


def test_a_list_of_patterns_compiles_its_phrases_and_keeps_its_grammar(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    marks = ["for discussion (purposes) only", ["^\\W*draft\\W*$", "DRAFT"]]
    _edit(directory, "vocabulary.yaml", lambda d: d["documents"]["unexecuted"].update(marks=marks))
    assert load_lexicon(directory).documents["unexecuted"]["marks"] == [
        r"\bfor\s+discussion\s+(?:purposes\s+)?only\b",
        r"^\W*draft\W*$",
    ]


def test_a_claim_word_is_data_read_by_every_pattern_that_names_its_list(tmp_path: Path) -> None:
    """propositions.yaml `word_classes`: a synonym added to a list ("crew" to the staff) is read
    by each proposition pattern that writes the list as "{staff_noun}"; a longer phrase after a
    shorter one it starts with is refused, naming the list."""

    def asks(lex: Any, name: str) -> list[str]:
        (entry,) = [p for p in lex.propositions if p.name == name]
        return [*entry.asks, *entry.asks_not]

    question = "may the recipient show the files to its crew"
    assert not any(re.search(p, question, re.I) for p in asks(lexicon(), "sharing_with_employees"))
    directory = _copy(tmp_path)
    _edit(
        directory,
        "propositions.yaml",
        lambda d: d["word_classes"]["staff_noun"].append("crew"),
    )
    edited = load_lexicon(directory)
    assert any(re.search(p, question, re.I) for p in asks(edited, "sharing_with_employees"))
    _edit(
        directory,
        "propositions.yaml",
        lambda d: d["word_classes"]["staff_noun"].append("crews"),
    )
    with pytest.raises(LexiconError, match=r"word_classes\.staff_noun"):
        load_lexicon(directory)


@pytest.mark.parametrize("name", ["duty_noun", "duty_word", "agreement_word"])
def test_a_claim_word_list_never_takes_a_placeholder_already_written(
    tmp_path: Path, name: str
) -> None:
    """A `word_classes` class named as a placeholder the modality's lists already write
    ("{duty_noun}": obligation, duty, requirement) would silently replace it in every pattern
    that writes it; it is refused, naming the list."""
    directory = _copy(tmp_path)
    _edit(
        directory,
        "propositions.yaml",
        lambda d: d["word_classes"].update({name: ["pledges", "pledge"]}),
    )
    with pytest.raises(LexiconError, match=rf"word_classes\.{name}"):
        load_lexicon(directory)
