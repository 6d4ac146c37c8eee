"""A yes/no claim asked of "the MSA" where the knowledge base holds two MSAs (issue 34): the
question does not say which agreement it asks of, so no verdict is given; the answer asks
"Which agreement?" and names each candidate with its parties, date and document, so the
analyst can ask again of one. The values read (each agreement's own) stay in the answer's
values and evidence; the terminal state stays CONCLUDED (CONTRACT.md), with the risk signal
`ambiguous_subject` and `sufficient` false (but see below: one verdict for all).

A question that asks of any or all of the agreements ("Does any MSA cap liability?", "Are
the agreements with Ridgeway governed by Ohio law?") is no ambiguity: its verdict is over all
of them, and it carries no `ambiguous_subject`. Only the words that name the agreement asked
of (the span the question reader resolves the subject from) say so: a plural or "a license"
elsewhere in the question ("Does the MSA renew automatically like other agreements?", "... as
a lease does?") asks of one agreement all the same.

Which one was meant changes nothing where the claim, asked of each candidate agreement alone
(its amendments with it), gets one verdict from those that speak of it while the others state
nothing of it: the answer is that verdict "under both ..." (or "under the ...", naming those
silent) naming and citing each, sufficient only where every candidate speaks and each reading
is. Verdicts that differ (Yes under one, No under another), or one not established, ask back. A question whose other words pick one candidate (the parties it
names anywhere: "Can Halcyon assign the MSA with Northgate?", "... without Halcyon's
approval"; a year its date has) is no ambiguity: it is that agreement's verdict.

The invariant, checked where every answer is finished: a claim's answer that holds
`ambiguous_subject` is a Yes/No verdict only where every candidate agreement gives that
verdict (the answer names each), and sufficient only where each of those verdicts is.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from domain import entity_key, lexicon
from skill._answer import Answer, CandidateSubject
from skill._claim_leads import states_nothing
from skill._intent import subject_agreement_span
from skill._question import _normalize
from skill.linking import NameLinker, VariantKind, question_tokens

_LEX = lexicon()
_AGREEMENT_WORDS = frozenset(w.lower() for w in _LEX.agreement_words)
_WORD = "(?:" + "|".join(_LEX.agreement_words) + ")"
# an agreement word, singular or plural ("MSA", "agreements")
_AGREEMENT_WORD = re.compile(rf"(?<![\w-]){_WORD}s?(?![\w-])", re.IGNORECASE)
# "any", "each", "all of the", "either", "an" (vocabulary.yaml agreement_quantifiers)
_QUANTIFIER = "(?:" + "|".join(_LEX.agreement_quantifiers) + ")"
# a quantifier before the agreement word the subject is named by, the words between the
# agreement's own (its parties' names, its type), no word a question is built of: "any [MSA]",
# "each of [the MSA]", "either Northgate [agreement]", "all of the [agreements]"; "a cap
# under the [MSA]" asks of the MSA
_BUILT_OF = "|".join(sorted(map(re.escape, _LEX.question_words), key=lambda w: (-len(w), w)))
_QUANTIFIED = re.compile(
    rf"(?<![\w-]){_QUANTIFIER}\s+(?:(?!(?:{_BUILT_OF})\b)[\w&.'’-]+\s+){{0,3}}$",
    re.IGNORECASE,
)
# a verdict's lead ("Yes — ...", "No — ...")
_VERDICT = re.compile(r"^(?:Yes|No)\b")


def asks_over_all(question: str) -> bool:
    """Does `question` ask of any or all of the agreements its words fit: a quantifier before
    or opening the words that name its agreement ("any MSA", "each of the MSA", "either
    Northgate agreement", "an NDA"), those words plural ("the agreements with Ridgeway"), or
    no agreement named at all ("May Halcyon incur indebtedness?": asked of the party)?
    Words elsewhere in the question ("like other agreements", "as a license does") say
    nothing of the agreement asked of."""
    text = _normalize(question)
    span = subject_agreement_span(text)
    # the reader reads no plural as an agreement's name ("all MSAs"): where it finds none,
    # the first agreement word names it
    start, end = span if span is not None else (0, len(text))
    word = next(_AGREEMENT_WORD.finditer(text, start, end), None)
    if word is None:
        # "May Halcyon incur indebtedness?": no agreement named, the claim is asked of the
        # party across all its agreements
        return True
    if span is not None:
        word = list(_AGREEMENT_WORD.finditer(text, start, end))[-1]
    plural = word.group(0).lower()
    if plural.endswith("s") and plural[:-1] in _AGREEMENT_WORDS:
        return True
    return bool(_QUANTIFIED.search(text, 0, word.start()))


def _claim_asked(answer: Answer) -> bool:
    """Is the answer a verdict on a claim (a yes/no question, a value claim)?"""
    constraints = answer.subject_class.constraints
    return bool(
        constraints.get("yes_no") or constraints.get("claim") or constraints.get("claimed_value")
    )


def _named(candidate: CandidateSubject) -> str:
    """ "MASTER SERVICES AGREEMENT between A and B, dated September 1, 2021 (07_MSA.pdf)" """
    attrs = candidate.class_attributes
    parties = [str(p) for p in attrs.get("parties") or ()]
    text = candidate.name
    if len(parties) > 1:
        text += f" between {', '.join(parties[:-1])} and {parties[-1]}"
    elif parties:
        text += f" with {parties[0]}"
    if attrs.get("date"):
        text += f", dated {attrs['date']}"
    return f"{text} ({candidate.source_location.document})"


def which_agreement(answer: Answer, ask_of: Callable[[list[str]], Answer] | None = None) -> Answer:
    """`answer`, where it judges a claim of one agreement the question does not pick out of
    several (`ambiguous_subject`), turned into the question back: "Which agreement? ..."
    with the candidates named; a claim asked over all of them without the signal; every
    other answer as it is. Where `ask_of(documents)` (the question asked of one agreement's
    documents alone) gives every candidate the same verdict, each read from its own clause, the answer
    is that verdict naming each agreement (`_same_verdict`): which one was meant changes
    nothing. No other claim's answer leaves here sufficient, or a Yes/No verdict, while
    `ambiguous_subject` holds."""
    if "ambiguous_subject" not in answer.risk_signals or not _claim_asked(answer):
        return answer
    if answer.subject_class.type == "agreement" and asks_over_all(answer.question or ""):
        # "Does any MSA cap liability?": the verdict is over all of them, no ambiguity
        signals = [s for s in answer.risk_signals if s != "ambiguous_subject"]
        return answer.model_copy(update={"risk_signals": signals})
    candidates = [
        c for c in answer.candidate_subjects if c.class_attributes.get("type") == "agreement"
    ]
    if (
        answer.terminal_state == "CONCLUDED"
        and answer.subject_class.type == "agreement"
        and len(candidates) >= 2
    ):
        picked = _picked(answer.question or "", candidates)
        if len(picked) == 1 and _read_from(answer, picked[0], candidates):
            # "Can Halcyon assign the MSA with Northgate?": one agreement has both, and the
            # verdict was read from it
            signals = [s for s in answer.risk_signals if s != "ambiguous_subject"]
            return answer.model_copy(update={"risk_signals": signals})
        if ask_of is not None and len(picked) == 1:
            one = ask_of(_documents(picked[0]))
            if "ambiguous_subject" not in one.risk_signals:
                return one
        if ask_of is not None:
            same = _same_verdict(answer, picked, ask_of)
            if same is not None:
                return same
        return _asked_back(answer, picked)
    return _no_verdict(answer)


def _documents(candidate: CandidateSubject) -> list[str]:
    """the agreement's document and its amendments' (read as one agreement)"""
    amendments = [str(d) for d in candidate.class_attributes.get("amended_by") or ()]
    return [candidate.source_location.document, *amendments]


def _read_from(
    answer: Answer, picked: CandidateSubject, candidates: list[CandidateSubject]
) -> bool:
    """Is `answer` a verdict whose every quote lies in `picked`'s documents, none in
    another candidate's?"""
    if not _VERDICT.match(answer.conclusion.answer or "") or not answer.evidence:
        return False
    own = set(_documents(picked))
    others = {d for c in candidates if c is not picked for d in _documents(c)} - own
    return all(u.source_location.document not in others for u in answer.evidence)


def _parties(candidate: CandidateSubject) -> list[str]:
    return [str(p) for p in candidate.class_attributes.get("parties") or () if str(p).strip()]


def _party_linker(candidates: list[CandidateSubject]) -> NameLinker:
    """The question reader's linker (`skill.linking`) over the candidate agreements' parties:
    a party is named by its whole name, without its legal form, in any case, with "&" or
    "and", possessive, or by its distinctive short name among these parties ("Halcyon" of
    Halcyon Robotics, Inc.; "Federated Hermes" where Federated Investors is a party too, and
    "Federated" alone names neither)."""
    return NameLinker(sorted({p for c in candidates for p in _parties(c)}))


def _linked_parties(question: str, linker: NameLinker) -> set[str]:
    """The entity keys of the parties `question` names, as the linker reads its words:
    the longest name at each word, none inside another's words."""
    keys = [t.key for t in question_tokens(_normalize(question))]
    links = linker.links(keys)
    named: set[str] = set()
    i = 0
    while i < len(keys):
        link = links.get(i)
        if link is None:
            i += 1
            continue
        named.add(entity_key(link.variant.name))
        i += link.length
    return named


def _picked(question: str, candidates: list[CandidateSubject]) -> list[CandidateSubject]:
    """The candidates the question's other words pick out: those with the most of the
    parties the question names anywhere (the actor, the consenting party, the
    counterparty: "Can Halcyon assign the MSA with Northgate?", "... without Halcyon's
    approval"), each linked as the question reader links names (`_party_linker`), and, where
    it states a year, dated that year; all of them where none is told apart."""
    named = _linked_parties(question, _party_linker(candidates))
    text = _normalize(question).lower()

    def score(candidate: CandidateSubject) -> int:
        parties = sum(1 for p in _parties(candidate) if entity_key(p) in named)
        date = str(candidate.class_attributes.get("date") or "")
        year = re.search(r"\b(?:19|20)\d\d\b", date)
        said = year is not None and re.search(rf"(?<![\w-]){year.group(0)}(?![\w-])", text)
        return 2 * parties + (1 if said else 0)

    best = max((score(c) for c in candidates), default=0)
    return [c for c in candidates if score(c) == best]


def _short_name(name: str, linker: NameLinker) -> str:
    """The party's name as the linker tells it apart from the other parties: its
    distinctive short name ("Halcyon"), else its name without its legal form ("Federated
    Hermes" beside Federated Investors), in its own words."""
    variants = [v for v in linker.variants if v.name == name]
    short = [v for v in variants if v.kind is VariantKind.SHORT]
    bare = [v for v in variants if v.kind in (VariantKind.BARE, VariantKind.FULL)]
    chosen = min(short or bare, key=lambda v: (len(v.key), v.key), default=None)
    tokens = question_tokens(name)
    if len(tokens) > 1 and tokens[0].key == "the":
        tokens = tokens[1:]
    if chosen is None or not tokens:
        return name
    return " ".join(t.text for t in tokens[: len(chosen.key)]).rstrip(",")


def _parties_short(candidate: CandidateSubject, linker: NameLinker) -> str:
    """ "Halcyon–Northgate": each party's short name among all the candidates' parties
    (`_short_name`), in the agreement's order"""
    return "–".join(_short_name(p, linker) for p in _parties(candidate)) or (
        candidate.source_location.document
    )


def _same_verdict(
    answer: Answer, candidates: list[CandidateSubject], ask_of: Callable[[list[str]], Answer]
) -> Answer | None:
    """The claim asked of each candidate agreement alone. Where those that speak of it give
    one verdict (Yes, or No) and the others state nothing of it ("Not stated in ..."), that
    verdict: "under both MASTER SERVICES AGREEMENTs (Halcyon–Northgate, Northgate–Ridgeway):
    (1) ...; (2) ..." or, where some are silent, "under the MASTER SERVICES AGREEMENT
    (Halcyon–Northgate): (1) ...; the MASTER SERVICES AGREEMENT (Northgate–Ridgeway) states
    nothing of it", each speaking agreement's reading cited (its values and evidence);
    sufficient only where every candidate speaks and each reading is; where none speaks, the
    answer as it is ("Not stated in ..."). None where the verdicts differ or one is not
    established (the question back stands)."""
    alone: list[tuple[CandidateSubject, Answer]] = []
    for candidate in candidates:
        one = ask_of(_documents(candidate))
        if "ambiguous_subject" in one.risk_signals:
            return None
        alone.append((candidate, one))
    speaking = [(c, a) for c, a in alone if _VERDICT.match(a.conclusion.answer or "")]
    # silent: nothing speaks of it (the answer's signal, whatever its words), not its
    # sentences disagreeing
    silent = [c for c, a in alone if states_nothing(a)]
    if len(speaking) + len(silent) != len(alone):
        return None
    if not speaking:
        # every candidate states nothing of it: "Not stated in <A> or <B>" is the answer
        # whichever was meant (a verdict never)
        return answer.model_copy(update={"sufficient": False, "confidence": "low"})
    leads = {_VERDICT.match(a.conclusion.answer or "").group(0) for _, a in speaking}  # type: ignore[union-attr]
    if len(leads) != 1:
        return None
    (lead,) = leads
    names = sorted({c.name for c, _ in speaking})
    if len(speaking) == 1:
        under = f"the {names[0]}"
    else:
        kind = names[0] + "s" if len(names) == 1 else "agreements"
        under = ("both" if len(speaking) == 2 else f"all {len(speaking)}") + f" {kind}"
    linker = _party_linker(candidates)
    pairs = ", ".join(_parties_short(c, linker) for c, _ in speaking)
    readings = "; ".join(
        f"({i}) {_named(c)}: {_VERDICT.sub('', a.conclusion.answer or '').lstrip(' —-:,')}"
        for i, (c, a) in enumerate(speaking, 1)
    )
    text = f"{lead} — under {under} ({pairs}): {readings}"
    if silent:
        quiet = ", ".join(f"the {c.name} ({_parties_short(c, linker)})" for c in silent)
        text += f"; {quiet} {'states' if len(silent) == 1 else 'state'} nothing of it"
    values = [v for _, a in speaking for v in a.conclusion.values]
    seen: set[str] = set()
    evidence = []
    for _, a in speaking:
        for unit in a.evidence:
            if unit.evidence_id not in seen:
                seen.add(unit.evidence_id)
                evidence.append(unit)
    sufficient = not silent and all(a.sufficient for _, a in speaking)
    confidences = ["low", "medium", "high"]
    confidence = min((a.confidence for _, a in speaking), key=confidences.index)
    actions = [
        *(a for a in answer.suggested_next_actions if not a.startswith("Specify which ")),
    ]
    return answer.model_copy(
        update={
            "conclusion": answer.conclusion.model_copy(update={"answer": text, "values": values}),
            "evidence": evidence,
            "sufficient": sufficient,
            "confidence": confidence if sufficient else "low",
            "suggested_next_actions": actions,
        }
    )


def _asked_back(answer: Answer, candidates: list[CandidateSubject]) -> Answer:
    listed = "; ".join(f"({i}) {_named(c)}" for i, c in enumerate(candidates, 1))
    text = (
        f"Which agreement? The question fits {len(candidates)} agreements: {listed}. "
        "Ask again naming one (its parties or its date)."
    )
    actions = [
        f"Name the agreement asked of: {', '.join(_named(c) for c in candidates)}",
        *(a for a in answer.suggested_next_actions if not a.startswith("Specify which ")),
    ]
    return answer.model_copy(
        update={
            "conclusion": answer.conclusion.model_copy(update={"answer": text}),
            "sufficient": False,
            "confidence": "low",
            "suggested_next_actions": actions,
        }
    )


def _no_verdict(answer: Answer) -> Answer:
    """The invariant where no candidates can be listed: a claim whose subject is ambiguous is
    no verdict ("Yes — ..." reads "Not established — the question fits more than one
    subject; ..."), never sufficient."""
    update: dict[str, object] = {"sufficient": False, "confidence": "low"}
    conclusion = answer.conclusion
    if conclusion.answer and _VERDICT.match(conclusion.answer):
        rest = _VERDICT.sub("", conclusion.answer).lstrip(" —-:,")
        text = "Not established — the question fits more than one subject; name the one asked of"
        update["conclusion"] = conclusion.model_copy(
            update={"answer": f"{text}: {rest}" if rest else text}
        )
    return answer.model_copy(update=update)


__all__ = ["asks_over_all", "which_agreement"]
