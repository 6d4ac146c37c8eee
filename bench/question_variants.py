"""Question variants on the shared CUAD agreements (issue 33, item 5): the same subject however
the question is written, and a refusal whenever a named party is not the agreement's.

For every agreement of ../shared/data/cuad (the parties and title CUAD annotates), one
canonical question ("What is the governing law of the {title} between {a} and {b}?") is asked,
then its variants, generated, never written per agreement:
- present subject: lower case; each party by its short name (the first word of its name) and
  without its legal form; possessive ("{a}'s {title} with {b}"); parties in the other order;
  the type as "contract" / "deal" or left out ("the agreement"); a yes/no form; an imperative
  ("Summarize ..."); a trailing instruction ("Answer in one sentence."); a lead-in; the short
  names joined by "&", by a hyphen or a slash before the type ("the Acme-Beta supply
  agreement"), and in lower case with a possessive ("acme's supply agreement with beta");
- present subject, the kinds issue 33 names that the first generator lacked: each party by its
  initials (a name of three or more words), "&" in a name written "and", the possessive of the
  second party, the type left out of a possessive ("Acme's agreement with Beta") and of an
  untyped verb question, other trailing instructions ("Cite the clause.", "Please be brief.",
  "Answer yes or no."), lower-case short names between the parties, one party short and the
  other whole, a name's hyphen written as a space, each party by its defined term as CUAD
  annotates it (a distinctive one as written, "Cargill"; a role one with "the", "the
  Company"), the subject fronted ("For the ... between A and B, what is ...?"), and yes/no
  forms with short names and with a possessive. A kind that does not apply to an agreement
  (no "&", no hyphen, fewer than three words) is not asked of it;
- absent subject: one party replaced by a party of another agreement, by an unknown name, by a
  near miss of its own name (a letter of its first word changed); and the same in the
  shorter forms: an unknown name or a near miss in a possessive, another agreement's party
  by its short name; an unknown name with its legal form and a possessive ("Zorblax
  Industries, Inc.'s", "... LLC's", "Brandovar Systems'", in lower case) after a verb ("restrict
  A from soliciting ...'s employees") and before the type, and with its form before a qualifier
  ("with Zorblax Industries, Inc. without cause");
- absent subject in every present form (`replaced`): each present form above but those of a
  party's own initials, alias or spelling, asked with the second party replaced by another
  agreement's party, the first by an unknown name, the second by a near miss (issue 33: a
  replaced party is refused whatever its form: lower case, short name, possessive, joined
  pair, yes/no, fronted, with the type left out ...). Written before any of them was asked.
A present variant keeps the subject when its answer's candidate agreements are the canonical
question's (and it is not refused); an absent one must be refused (SUBJECT_NOT_FOUND or a
question error). Split by document as bench/cuad_topics splits (development / held out).

`python -m bench.question_variants` ingests the CUAD PDFs into a temporary knowledge base, or
reads EVRAG_CUAD_DATA_DIR (a data directory whose knowledge base "cuad" holds them);
EVRAG_VARIANTS_OUT=<file> keeps every row; EVRAG_VARIANTS_SPLIT=dev asks only the development
half (or held_out, or train).

The FinanceBench filings' registrants are asked by bench.company_variants (its own module).

EVRAG_VARIANTS_SET=train asks the same variants of cuad-train's training contracts instead
(`pdf_in_shared` false, the development set that is not the evaluation set; split "train"):
their texts typeset to PDFs as bench/parties does (its cache: EVRAG_VARIANTS_CACHE, default
bench/parties' own), ingested into EVRAG_CUAD_DATA_DIR's knowledge base "cuad" (re-ingest is
idempotent, so a kept directory is built once) or a temporary one. EVRAG_VARIANTS_SAMPLE=<n>
keeps the n contracts whose file names hash lowest (sha256), all of them when unset;
EVRAG_VARIANTS_RANKS=<i>-<j> keeps those of ranks i to j in that order (1-based, both
included: "121-150" the 30 contracts after the first 120 of EVRAG_VARIANTS_SAMPLE=120), to ask
contracts nobody tuned on apart from those one did. The baseline of the same run is the canonical
question itself: how many canonical questions are refused although the agreement is there.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench.cuad_topics import split_of
from bench.quality import CUAD_CLAUSES, _cuad_parties, _cuad_title, load_jsonl

UNKNOWN = "Zorblax Industries, Inc."
UNKNOWN_LLC = "Quillmere Data Holdings, LLC"
UNKNOWN_S = "Brandovar Systems, Inc."


def agreements(rows: Sequence[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The agreements to ask about: rows with "pdf" and CUAD's Parties and Document Name
    answers (../cuad/clauses.jsonl when not given); those with two parties and a title."""
    out = []
    for row in load_jsonl(CUAD_CLAUSES) if rows is None else rows:
        parties = _cuad_parties(str(row.get("Parties (answer)") or ""))
        title = _cuad_title(str(row.get("Document Name (answer)") or ""))
        if len(parties) >= 2 and title:
            aliases = _aliases(str(row.get("Parties (answer)") or ""))
            out.append(
                {
                    "pdf": row["pdf"],
                    "a": parties[0],
                    "b": parties[1],
                    "title": title,
                    "aliases": aliases,
                }
            )
    names = sorted({n for g in out for n in (g["a"], g["b"])})
    for g in out:
        g["names"] = names
    return out


def training_rows(
    annotations: Path, sample: int | None = None, ranks: tuple[int, int] | None = None
) -> list[dict[str, Any]]:
    """cuad-train's training contracts (`pdf_in_shared` false) as rows of `agreements`,
    each "pdf" the text's name with ".pdf" and "text" its file; with `sample`, the `sample`
    contracts whose file names hash lowest (sha256), with `ranks` (i, j) those of ranks i to
    j (1-based, both included) in that order; in file-name order."""
    rows = []
    for rec in load_jsonl(annotations):
        if rec["pdf_in_shared"]:
            continue
        labels = rec["labels"]
        rows.append(
            {
                "pdf": re.sub(r"\.txt$", "", rec["text"]) + ".pdf",
                "text": rec["text"],
                "Parties (answer)": (labels.get("Parties") or {}).get("answer", ""),
                "Document Name (answer)": (labels.get("Document Name") or {}).get("answer", ""),
            }
        )
    if sample is not None or ranks is not None:
        rows = sorted(rows, key=lambda r: hashlib.sha256(r["text"].encode()).hexdigest())
        if sample is not None:
            rows = rows[:sample]
        if ranks is not None:
            rows = rows[ranks[0] - 1 : ranks[1]]
    return sorted(rows, key=lambda r: str(r["pdf"]))


def _training_sources(rows: Sequence[dict[str, Any]], cache: Path) -> list[tuple[str, bytes]]:
    from bench.parties import TRAIN, _typeset_cached

    cache.mkdir(parents=True, exist_ok=True)
    return [
        (
            str(r["pdf"]),
            _typeset_cached(
                (TRAIN / "text" / r["text"]).read_text(encoding="utf-8"), r["text"], cache
            ),
        )
        for r in rows
    ]


def _bare(name: str) -> str:
    """The name without its legal form ("Acme Robotics, Inc." -> "Acme Robotics")."""
    from domain import legal_form

    words = name.split()
    while len(words) > 1:
        if words[-1] == "&":
            words.pop()
            continue
        # the fewest last words that write the name's whole form: a form of several words
        # ("Private Limited", "Sdn. Bhd.", "GmbH & Co. KG") goes whole, never leaving
        # "Private" behind as a word of the name
        form = legal_form(" ".join(words).rstrip(",.()"))
        k = next(
            (
                k
                for k in range(1, len(words))
                if form and legal_form("x " + " ".join(words[-k:]).strip(",.()")) == form
            ),
            0,
        )
        if not k:
            break
        del words[-k:]
    return " ".join(words).rstrip(", ") or name


def _words(name: str) -> list[str]:
    # a word's apostrophe either way ("People’s", "Stremick's") is inside the word
    words = [w.rstrip(",.") for w in re.findall(r"[\w&.'’-]+", _bare(name))]
    # a dash alone ("National Football League Alumni - Northern California Chapter") is no word
    return [w for w in words if w.lower() != "the" and re.search(r"[^\W_]", w)]


def _short(name: str, others: Sequence[str] = ()) -> str:
    """The name as people shorten it: its first words, as few as tell it from every other
    party's name ("Acme" for "Acme Robotics, Inc."; "Ingram Micro" where "Ingram Capital" is
    another party)."""
    words = _words(name)
    if not words:
        return name
    rivals = [[w.lower() for w in _words(o)] for o in others if _bare(o) != _bare(name)]
    for n in range(1, len(words) + 1):
        head = [w.lower() for w in words[:n]]
        if head[-1].rstrip(".") in _COMMON or words[n - 1][:1].islower():
            continue  # "Bank", "American", "of": nobody shortens a name to them
        if not any(r[:n] == head for r in rivals):
            return " ".join(words[:n])
    return " ".join(words)


def _short_of(g: dict[str, Any], party: str) -> str:
    """The short name of the agreement's party `party` ("a" or "b"); where both parties
    shorten to the same words ("Kathy" of Kathy Ireland, Inc. and of Kathy Ireland), nobody
    tells them apart so: each by its name without its legal form."""
    first, second = _short(g["a"], g["names"]), _short(g["b"], g["names"])
    if first.lower() == second.lower():
        return _bare(g[party])
    return first if party == "a" else second


def _common_words() -> frozenset[str]:
    from domain import lexicon

    # ... nor to a closed word of questions ("USA" of "USA Managed Care Organization", "U.S"
    # of "U.S. Bank National Association"): a place, a currency, a number names no party
    return lexicon().never_names | lexicon().question_words | lexicon().question_not_names


_COMMON = _common_words()


def _near_miss(name: str) -> str:
    """One letter of the first word changed ("Acme" -> "Acne"): a different name."""
    short = _short(name)
    if short not in name:
        # a short name written otherwise than in the name ("U.S Bank" of "U.S. Bank ..."):
        # the name's first word of three letters or more is changed instead
        short = next(iter(re.findall(r"[^\W\d_]{3,}", name)), "")
    if len(short) < 3:
        return "X" + name
    i = len(short) // 2
    letter = "q" if short[i].lower() != "q" else "z"
    return name.replace(short, short[:i] + letter + short[i + 1 :], 1)


Variant = Callable[[dict[str, Any]], str | None]
PRESENT: dict[str, Variant] = {
    "lower case": lambda g: canonical(g).lower(),
    "short names": lambda g: canonical(g, a=_short_of(g, "a"), b=_short_of(g, "b")),
    "no legal form": lambda g: canonical(g, a=_bare(g["a"]), b=_bare(g["b"])),
    "possessive": lambda g: (
        f"What is the governing law of {_bare(g['a'])}'s {g['title']} with {_bare(g['b'])}?"
    ),
    "other order": lambda g: canonical(g, a=g["b"], b=g["a"]),
    "as a contract": lambda g: canonical(g, title="contract"),
    "as a deal": lambda g: canonical(g, title="deal"),
    "type left out": lambda g: canonical(g, title="agreement"),
    "yes/no": lambda g: (
        f"Is the {g['title']} between {g['a']} and {g['b']} governed by the laws of Delaware?"
    ),
    "imperative": lambda g: (
        f"Summarize the governing law of the {g['title']} between {g['a']} and {g['b']}."
    ),
    "instruction after": lambda g: canonical(g) + " Answer in one sentence.",
    "lead-in": lambda g: "Here's the question: " + canonical(g)[:1].lower() + canonical(g)[1:],
    # the parties by their short names, joined as people join a pair
    "short names with &": lambda g: _nonempty(
        _pair(g, " & "), lambda p: f"What is the governing law of the {g['title']} between {p}?"
    ),
    "hyphenated pair": lambda g: _nonempty(
        _pair(g, "-"), lambda p: f"Is the {p} {g['title']} governed by the laws of Delaware?"
    ),
    "slashed pair": lambda g: _nonempty(
        _pair(g, "/"), lambda p: f"What is the governing law of the {p} {g['title']}?"
    ),
    "lower-case short names": lambda g: (
        f"what is the governing law of {_short_of(g, 'a').lower()}'s "
        f"{g['title'].lower()} with {_short_of(g, 'b').lower()}?"
    ),
    # the kinds the first generator lacked (issue 33, item 5); None: not asked of g
    "initials of the first": lambda g: _nonempty(
        _initials(g["a"]), lambda a: canonical(g, a=a, b=_bare(g["b"]))
    ),
    "initials of the second": lambda g: _nonempty(
        _initials(g["b"]), lambda b: canonical(g, a=_bare(g["a"]), b=b)
    ),
    "& written and": lambda g: (
        canonical(g, a=g["a"].replace("&", "and"), b=g["b"].replace("&", "and"))
        if "&" in g["a"] + g["b"]
        else None
    ),
    "possessive of the second": lambda g: (
        f"What is the governing law of {_bare(g['b'])}'s {g['title']} with {_bare(g['a'])}?"
    ),
    "possessive, type left out": lambda g: (
        f"What is the governing law of {_short_of(g, 'a')}'s agreement with {_short_of(g, 'b')}?"
    ),
    "verb question, type left out": lambda g: (
        f"What law governs the contract between {_short_of(g, 'a')} and {_short_of(g, 'b')}?"
    ),
    "instruction: cite": lambda g: canonical(g) + " Cite the clause.",
    "instruction: please": lambda g: canonical(g) + " Please be brief.",
    "yes/no, instruction": lambda g: (
        f"Is the {g['title']} between {g['a']} and {g['b']} governed by the laws of "
        "Delaware? Answer yes or no."
    ),
    "lower-case short names between": lambda g: (
        f"what is the governing law of the {g['title'].lower()} between "
        f"{_short_of(g, 'a').lower()} and {_short_of(g, 'b').lower()}?"
    ),
    "one short, one whole": lambda g: canonical(g, a=_short_of(g, "a")),
    "hyphen as a space": lambda g: (
        canonical(g, a=g["a"].replace("-", " "), b=g["b"].replace("-", " "))
        if "-" in g["a"] + g["b"]
        else None
    ),
    "alias of the first": lambda g: _nonempty(_alias(g, g["a"]), lambda a: canonical(g, a=a)),
    "alias of the second": lambda g: _nonempty(_alias(g, g["b"]), lambda b: canonical(g, b=b)),
    "subject fronted": lambda g: (
        f"For the {g['title']} between {g['a']} and {g['b']}, what is the governing law?"
    ),
    "yes/no, short names": lambda g: (
        f"Does the {g['title']} between {_short_of(g, 'a')} and "
        f"{_short_of(g, 'b')} restrict assignment?"
    ),
    "yes/no, possessive": lambda g: (
        f"Does {_short_of(g, 'a')}'s {g['title']} with {_short_of(g, 'b')} have a non-compete?"
    ),
}


def _initials(name: str) -> str | None:
    """The name's initials ("International Business Machines Corporation" -> "IBM"), for a
    name of three or more words besides its legal form and connectors; else None."""
    words = [w for w in _words(name) if w.lower() not in ("of", "and", "&", "for")]
    if any(re.fullmatch(r"[A-Za-z]\.", w) for w in name.split()):
        return None  # "James W. Nantz": a person's name, nobody's initials
    letters = [w[0].upper() for w in words if w[:1].isalpha()]
    return "".join(letters) if 3 <= len(letters) <= 5 else None


def _alias(g: dict[str, Any], party: str) -> str | None:
    """The party's defined term as CUAD annotates it ("Cargill, Incorporated ("Cargill")"):
    a word of the party's name or a short acronym as written ("Cargill", "GSMS"), any other
    as a role, with "the" ("the Company", "the Transporter"); None where there is none or it
    is the party's name itself."""
    from domain import lexicon

    for term in g["aliases"].get(party, ()):
        if term.lower() in (party.lower(), _bare(party).lower()):
            continue
        if term.lower() in lexicon().generic_terms:
            return "the " + term.title()
        if term.lower() in party.lower() or _acronym(term):
            return term
        return "the " + (term.title() if term.isupper() else term)
    return None


def _acronym(term: str) -> bool:
    """Is the term written as initials, each piece five capitals at most ("GSMS", "NFLA-NC",
    "USA MCO")? People write those as written, never as "the Nfla-Nc"."""
    pieces = re.split(r"[\s-]+", term.strip(" ."))
    return term.isupper() and all(re.fullmatch(r"[A-Z0-9.&]{1,5}", p) for p in pieces)


def _aliases(raw: str) -> dict[str, list[str]]:
    """Each party's quoted defined terms, by the name `_cuad_parties` reads from its part."""
    out: dict[str, list[str]] = {}
    for part in raw.split(";"):
        names = _cuad_parties(part)
        terms = [t.strip(" ,.") for t in re.findall(r"[\"“”]([^\"“”]+)[\"“”]", part)]
        terms = [t for t in terms if re.fullmatch(r"[A-Za-z][\w&.' -]*", t)]
        if names and terms:
            out.setdefault(names[0], []).extend(terms)
    return out


def _nonempty(text: str | None, question: Callable[[str], str]) -> str | None:
    return None if text is None else question(text)


def _pair(g: dict[str, Any], joiner: str) -> str | None:
    """The two parties' short names joined ("Acme & Beta", "Acme-Beta", "Acme/Beta"); None
    where both parties write the same words (Kathy Ireland, Inc. and Kathy Ireland): nobody
    joins a name to itself."""
    first, second = _short_of(g, "a"), _short_of(g, "b")
    if first.lower() == second.lower():
        return None
    return first + joiner + second


UNTYPED = frozenset(
    {
        "as a contract",
        "as a deal",
        "type left out",
        "possessive, type left out",
        "verb question, type left out",
    }
)


def canonical(g: dict[str, Any], **given: str) -> str:
    values = {"title": g["title"], "a": g["a"], "b": g["b"], **given}
    return "What is the governing law of the {title} between {a} and {b}?".format(**values)


def _asked(rt: Any, question: str) -> dict[str, Any]:
    from domain import EvidenceRagError

    try:
        body = json.loads(rt.skill.ask("cuad", question).to_json())
    except EvidenceRagError as exc:
        return {"refused": True, "why": exc.code, "subjects": [], "documents": []}
    return {
        "refused": body["terminal_state"] == "SUBJECT_NOT_FOUND",
        "why": body["terminal_state"],
        "subjects": sorted({c["subject_id"] for c in body["candidate_subjects"]}),
        "documents": sorted({e["source_location"]["document"] for e in body["evidence"]}),
    }


def run(
    data_dir: Path | None = None,
    training: Sequence[dict[str, Any]] | None = None,
    cache: Path | None = None,
) -> list[dict[str, Any]]:
    """Every row; `training` (rows of `training_rows`) asks cuad-train's contracts instead
    of the shared PDFs, typeset through `cache`."""
    from app import Runtime, Settings

    every = agreements(training)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="evrag-variants-") as tmp:
        directory = data_dir or Path(tmp) / "data"
        with Runtime.open(Settings(data_dir=directory)) as rt:
            if training is not None:
                from bench.parties import DEFAULT_CACHE

                rt.ingestor.run("cuad", _training_sources(training, cache or DEFAULT_CACHE))
            elif data_dir is None:
                pdfs = sorted(CUAD_CLAUSES.parent.joinpath("pdf").glob("*"))
                rt.ingestor.run("cuad", pdfs)
            only = os.environ.get("EVRAG_VARIANTS_SPLIT")
            for i, g in enumerate(every):
                split = "train" if training is not None else split_of(str(g["pdf"]))
                if only and split != only:
                    continue
                base = _asked(rt, canonical(g))
                rows.append({"pdf": g["pdf"], "split": split, "variant": "canonical", **base})
                for name, make in PRESENT.items():
                    question = make(g)
                    if question is None:
                        continue
                    got = _asked(rt, question)
                    same = not got["refused"] and (
                        got["subjects"] == base["subjects"]
                        # a question that leaves the type out asks about every agreement of
                        # the two parties: another of them, or all of them, is its subject
                        or (name in UNTYPED and bool(got["subjects"]))
                    )
                    rows.append(
                        {
                            "pdf": g["pdf"],
                            "split": split,
                            "variant": name,
                            "question": question,
                            "same": same,
                            **got,
                        }
                    )
                mine = {_short(g["a"]).lower(), _short(g["b"]).lower()}
                other = next(
                    o
                    for o in every[i + 1 :] + every[:i]
                    if not mine & {_short(o["a"]).lower(), _short(o["b"]).lower()}
                )
                for name, question in (
                    ("another agreement's party", canonical(g, b=other["a"])),
                    ("unknown name", canonical(g, b=UNKNOWN)),
                    ("near miss", canonical(g, b=_near_miss(g["b"]))),
                    (
                        "unknown name, possessive",
                        f"What is the governing law of {_bare(g['a'])}'s {g['title']} with "
                        "Zorblax?",
                    ),
                    (
                        "near miss, possessive",
                        f"What is the governing law of {_bare(g['a'])}'s {g['title']} with "
                        f"{_bare(_near_miss(g['b']))}?",
                    ),
                    # an unknown name written whole, with its legal form, where no party
                    # word stands before it (after a verb, with a possessive), and after
                    # "with" before a qualifier: one name, never cut at its form
                    (
                        "unknown, form + possessive",
                        f"Does the {g['title']} restrict {_short_of(g, 'a')} from "
                        f"soliciting {UNKNOWN}'s employees?",
                    ),
                    (
                        "unknown, LLC + possessive",
                        f"Does the {g['title']} restrict {_short_of(g, 'a')} from "
                        f"soliciting {UNKNOWN_LLC}'s employees?",
                    ),
                    (
                        "unknown, bare possessive",
                        f"Does the {g['title']} restrict {_short_of(g, 'a')} from "
                        f"soliciting {_bare(UNKNOWN_S)}' employees?",
                    ),
                    (
                        "unknown, form + 's, lower",
                        f"does the {g['title'].lower()} restrict "
                        f"{_short_of(g, 'a').lower()} from soliciting "
                        f"{UNKNOWN.lower()}'s employees?",
                    ),
                    (
                        "unknown, form before type",
                        f"What is the governing law of {UNKNOWN}'s {g['title']} with "
                        f"{_short_of(g, 'a')}?",
                    ),
                    (
                        "unknown, form, qualifier",
                        f"Can {_short_of(g, 'a')} terminate the {g['title']} with "
                        f"{UNKNOWN} without cause?",
                    ),
                    (
                        "another party, short names",
                        f"What is the governing law of the {g['title']} between "
                        f"{_short_of(g, 'a')} and {_short(other['a'], g['names'])}?",
                    ),
                    *replaced(g, other),
                ):
                    got = _asked(rt, question)
                    rows.append(
                        {
                            "pdf": g["pdf"],
                            "split": split,
                            "variant": name,
                            "absent": True,
                            "question": question,
                            **got,
                        }
                    )
    return rows


# The present forms asked again with one party replaced (issue 33: a replaced party is refused
# whatever its form): all but those that need the party's own initials, alias or spelling.
REPLACED_FORMS = tuple(
    name
    for name in PRESENT
    if not name.startswith(("initials", "alias"))
    and name not in ("& written and", "hyphen as a space")
)


def replaced(g: dict[str, Any], other: dict[str, Any]) -> list[tuple[str, str]]:
    """(variant, question) of every form of `REPLACED_FORMS` with one party replaced: the
    second by another agreement's first party, the first by an unknown name, the second by a
    near miss of its name; each written in the form as a present party is (short name, lower
    case, possessive, joined pair, yes/no, fronted ...)."""
    out = []
    for label, side, name in (
        ("another party", "b", other["a"]),
        ("unknown first", "a", UNKNOWN),
        ("near miss", "b", _near_miss(g["b"])),
    ):
        swapped = {**g, side: name, "aliases": {}, "names": sorted({*g["names"], name})}
        for form in REPLACED_FORMS:
            question = PRESENT[form](swapped)
            if question is not None:
                out.append((f"{label}: {form}", question))
    return out


def table(rows: list[dict[str, Any]]) -> str:
    lines = [f"{'split':9} {'variant':28} {'n':>4} {'same':>5} {'refused':>8}"]
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    answered = {r["pdf"] for r in rows if r["variant"] == "canonical" and not r["refused"]}
    for split in dict.fromkeys(r["split"] for r in sorted(rows, key=lambda r: r["split"])):
        every = [r for r in rows if r["split"] == split]
        lines.append(
            f"{split:9} {'canonical refused':28} "
            f"{sum(1 for r in every if r['variant'] == 'canonical'):>4} {'-':>5} "
            f"{sum(1 for r in every if r['variant'] == 'canonical' and r['refused']):>8}"
            "   (variants below: of the agreements whose canonical question is answered)"
        )
        part = [r for r in every if r["pdf"] in answered and r["variant"] != "canonical"]
        for v in variants:
            these = [r for r in part if r["variant"] == v]
            counts = Counter("refused" if r["refused"] else "answered" for r in these)
            same = sum(1 for r in these if r.get("same"))
            lines.append(
                f"{split:9} {v:28} {len(these):>4} "
                f"{'-' if r_absent(these) or v == 'canonical' else same:>5} {counts['refused']:>8}"
            )
        present = [r for r in part if "same" in r]
        absent = [r for r in part if r.get("absent")]
        lines.append(
            f"{split:9} {'ALL present variants':28} {len(present):>4} "
            f"{sum(r['same'] for r in present):>5} {sum(r['refused'] for r in present):>8}"
            f"   ({100 * sum(r['same'] for r in present) / max(1, len(present)):.1f}% same)"
        )
        lines.append(
            f"{split:9} {'ALL absent variants':28} {len(absent):>4} {'-':>5} "
            f"{sum(r['refused'] for r in absent):>8}"
            f"   ({100 * sum(r['refused'] for r in absent) / max(1, len(absent)):.1f}% refused)"
        )
    return "\n".join(lines)


def r_absent(rows: list[dict[str, Any]]) -> bool:
    return bool(rows) and all(r.get("absent") for r in rows)


def _ranks(text: str | None) -> tuple[int, int] | None:
    """ "121-150" -> (121, 150); a lone rank "7" -> (7, 7); unset -> None."""
    if not text:
        return None
    found = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*", text)
    if not found or int(found[1]) < 1 or int(found[2] or found[1]) < int(found[1]):
        raise SystemExit(f"EVRAG_VARIANTS_RANKS: {text!r} is not a range of ranks like 121-150")
    return int(found[1]), int(found[2] or found[1])


def main() -> None:
    env = os.environ.get("EVRAG_CUAD_DATA_DIR")
    training = None
    if os.environ.get("EVRAG_VARIANTS_SET", "pdf") == "train":
        from bench.parties import TRAIN

        sample = os.environ.get("EVRAG_VARIANTS_SAMPLE")
        training = training_rows(
            TRAIN / "annotations.jsonl",
            int(sample) if sample else None,
            _ranks(os.environ.get("EVRAG_VARIANTS_RANKS")),
        )
    cache = os.environ.get("EVRAG_VARIANTS_CACHE")
    rows = run(Path(env) if env else None, training, Path(cache) if cache else None)
    print(table(rows))
    out = os.environ.get("EVRAG_VARIANTS_OUT")
    if out:
        Path(out).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


if __name__ == "__main__":
    main()
