"""A yes/no question no proposition names, read as a proposition of its own words (issue 34).

"Can Halcyon prepay the Keystone loan?" names no record of domain/lexicon/propositions.yaml;
its own words make one: the actor (Halcyon), the modality asked (permission), the action's
verb (prepay, matched in its inflections by Snowball stem) and its object's head noun (loan,
or a synonym the lexicon gives), and the qualifiers it adds ("without consent"). "Is the
Executive entitled to severance?" asks an entitlement: what a sentence says to give the
benefit is the lexicon's (`question_claims.entitlements`). The claim is then judged by the
same clause reader as a record's (skill/_claims.py): a sentence that does not name the verb
with the object (or the benefit) does not speak of it, so silence is "not stated".

The records win: this reader is asked only where none matched the question.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from domain import PropositionEntry, entity_key, known_words, legal_form, lexicon
from skill._candidate import Candidate
from skill._claims import Claim, asked_case, asked_case_owner, asked_passive, caused_object
from skill._question import question_focus
from skill._subject import QuestionKind, SubjectClass
from skill._topic import stem, topic_words

_FLAGS = re.IGNORECASE
_WORDS = lexicon().question_claims
_SHAPES = tuple(
    (kind, re.compile(p, _FLAGS), benefit) for kind, p, benefit in _WORDS.get("shapes", ())
)
_NOT_VERBS = frozenset(_WORDS.get("actor_verbs", ()))
_DETERMINERS = frozenset(_WORDS.get("entitlement_words", ()))
_IRREGULAR: dict[str, tuple[str, ...]] = dict(_WORDS.get("irregular_verbs", {}))
_SYNONYMS: dict[str, tuple[str, ...]] = dict(_WORDS.get("object_synonyms", {}))


def _opening(phrase: str) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(w) for w in phrase.split())
    return re.compile(rf"^{words}\b", _FLAGS)


_ENTITLEMENTS = tuple(
    (name, tuple(_opening(a) for a in sorted(asks, key=len, reverse=True)), says)
    for name, (asks, says) in _WORDS.get("entitlements", {}).items()
)
_QUALIFIERS = tuple(
    (
        name,
        re.compile("|".join(f"(?:{a})" for a in asks), _FLAGS),
        qualifier,
        contrary,
        answers,
        negated,
    )
    for name, asks, qualifier, contrary, answers, negated in _WORDS.get("qualifiers", ())
)
# what opens an actor's noun phrase that is no name ("the Borrower", "either party")
_ACTOR_OPENERS = frozenset(_WORDS.get("actor_openers", ()))
_PRONOUNS = frozenset(_WORDS.get("pronouns", ()))
_ASKER = frozenset(_WORDS.get("asker_pronouns", ()))
# what ends an object's noun phrase: a preposition, a conjunction, a subordinator
_PHRASE_END = frozenset(_WORDS.get("phrase_ends", ()))
_PRONOUN_OBJECTS = frozenset(_WORDS.get("pronoun_objects", ()))
# what makes the question ask its action's negation ("Is Halcyon not required to")
_NEGATIONS = tuple(_WORDS.get("negations", ()))
# what stands before a noun, never a verb ("any audit of its records")
_NOUN_MARKERS = tuple(sorted(_WORDS.get("noun_markers", ())))
_VERB_PLACE = "".join(rf"(?<!\b{re.escape(m)}\s)" for m in _NOUN_MARKERS)
# a condition the question adds to its action ("if he resigns"), its words as `rest`
_CONDITION = re.compile(
    r"\b(?:"
    + "|".join(
        r"\s+".join(re.escape(w) for w in opener.split())
        for opener in sorted(_WORDS.get("condition_openers", ()), key=lambda o: (-len(o), o))
    )
    + r")\s+(?P<rest>.+)$",
    _FLAGS,
)
# what says a condition's words are absent ("so long as no Event of Default")
_NOT_DENIED = "".join(
    rf"(?<!\b{re.escape(d)}\s{a})"
    for d in sorted(_WORDS.get("condition_denials", ()))
    for a in ("", "a ", "an ", "the ", "any ")
)
_WORD = re.compile(r"[\w&'’.-]+")
# at most this many words between a verb and its object's head ("pay any cash dividend")
_OBJECT_REACH = 8


@dataclass(frozen=True)
class _Parsed:
    kind: str  # permission | prohibition | obligation
    actor: str  # the words naming whose action it is
    verb: str  # "" for an entitlement
    object_words: tuple[str, ...]
    entitlement: str | None
    qualifiers: tuple[str, ...]
    action_text: str
    # the question asks the action's negation ("Is Halcyon not required to ...")
    negated: bool = False
    # the actor's words stand between a verb that keeps it from acting and "from" ("Can
    # keystone stop halcyon from merging?", "Does the loan agreement restrict halcyon from
    # paying dividends?"): whoever the words name acts, in lower case too
    kept_from: bool = False


def question_claim(
    question: str, subject: SubjectClass, *, exists: bool = False
) -> tuple[Claim, SubjectClass] | None:
    """The claim a yes/no question makes in its own words, with the subject it is judged on
    (an individual's or an entity's entitlement is asked of its agreements), or None where the
    question has no shape of an action asked of a party."""
    if exists or subject.constraints.get("claim"):
        return None
    if subject.type != "agreement" and not (
        subject.type in ("individual", "legal_entity") and subject.name
    ):
        return None
    focus = " ".join(question_focus(question).split()).rstrip("?. ")
    names = {
        w.casefold()
        for name in (*subject.parties, subject.name or "")
        for w in re.findall(r"[\w&]+", name)
    }
    parsed = _parse(focus, frozenset(names))
    if parsed is None:
        return None
    entry = _entry(parsed)
    if entry is None:
        return None
    if _names_no_one(parsed.actor, subject) and not (
        parsed.kept_from and _unknown_name(parsed.actor)
    ):
        # a lower-case word no party's name holds is no actor: the question is another's to
        # read; a causative's object too ("Can Keystone stop anyone from paying dividends?",
        # "... new investors ...": no party), unless its words are no English word, a name
        # written in lower case ("can keystone stop halcyon from merging?")
        return None
    actor = _actor_name(parsed.actor, subject)
    if subject.type != "agreement":
        # "Is Daniel Reyes entitled to severance?": what his agreements say
        assert subject.name is not None
        name = subject.name
        subject = SubjectClass(
            type="agreement",
            constraints={"parties": [name], "yes_no": True},
            kind=QuestionKind.AGREEMENT_ATTRIBUTE,
        )
        # ("Is he entitled to severance?": him; "Are we able to ...?" the asker, not him)
        first = parsed.actor.casefold().split()[:1]
        actor = actor or (None if first and first[0] in _ASKER else name)
    constraints = dict(subject.constraints)
    if actor and parsed.entitlement is None:
        constraints["party"] = actor
        # the party asked of is a party of the agreement, as a question's template reads it
        if entity_key(actor) not in {entity_key(p) for p in subject.parties}:
            constraints["parties"] = [actor, *subject.parties]
    subject = subject.model_copy(update={"constraints": dict(sorted(constraints.items()))})
    # a benefit is given by another party's duty ("the Company shall continue to pay"): the
    # claim is whether the agreement gives it to the actor, whoever acts (ClauseReader: not a
    # duty of the actor's own to another)
    who = actor
    others = tuple(p for p in subject.parties if who is not None and p != who)
    benefits = parsed.entitlement is not None
    claim = Claim(
        entry,
        parsed.negated,
        who,
        others,
        carved=False,
        benefits=benefits,
        case=asked_case(focus),
        case_owner=asked_case_owner(focus, subject.parties),
    )
    return claim, subject


def with_party_terms(claim: Claim, candidates: Sequence[Candidate]) -> Claim:
    """`claim` with the defined terms its actor and the other parties are bound under in the
    candidates' agreements ("Borrower", "Lender"): a sentence names a party by them."""
    if claim.actor is None:
        return claim
    actor_key = entity_key(claim.actor)
    first = claim.actor.casefold().split()[0] if claim.actor.split() else ""
    mine: list[str] = []
    theirs: list[str] = []
    for candidate in candidates:
        for b in candidate.bindings:
            if b.role != "party":
                continue
            own = b.subject_key == actor_key or (
                bool(first) and b.subject_name.casefold().split()[:1] == [first]
            )
            (mine if own else theirs).extend(b.defined_terms)
    mine_set = {t.casefold() for t in mine}
    # a term both sides are bound under ("Party") names no one in particular
    theirs = [t for t in theirs if t.casefold() not in mine_set]
    theirs_set = {t.casefold() for t in theirs}
    mine = [t for t in mine if t.casefold() not in theirs_set]
    return replace(
        claim,
        actor_terms=tuple(sorted(set(mine))),
        other_terms=tuple(sorted(set(theirs))),
    )


def with_role_actor(claim: Claim, question: str, candidates: Sequence[Candidate]) -> Claim:
    """`claim` acted by the party the question names by its role where it names none by its
    name ("Can the Executive terminate the employment agreement for convenience?": the party
    bound as the Executive, so the Company's right is never the Executive's): the question
    opens with its auxiliary and "the" + a defined term that one party alone of the
    candidates' agreements is bound under. A causative after it makes its object the actor
    ("Can the Lender prohibit the Borrower from ...?": the Borrower; an object no role names:
    none); the asked action as a passive after it ("Can the Executive be terminated without
    cause?", "Is the Executive entitled to severance if terminated without cause?") makes the
    role the one acted on: the agent after "by" acts, else the one other party."""
    if claim.actor is not None or claim.benefits:
        return claim
    focus = " ".join(question_focus(question).split()).rstrip("?. ")
    opened = re.match(r"^\w+\s+the\s+(?P<rest>.+)$", focus, _FLAGS)
    if opened is None:
        return claim
    rest = opened.group("rest").casefold()
    holders: dict[str, set[str]] = {}
    names: dict[str, str] = {}
    for candidate in candidates:
        for b in candidate.bindings:
            if b.role != "party":
                continue
            names[b.subject_key] = b.subject_name
            for term in b.defined_terms:
                holders.setdefault(term.casefold(), set()).add(b.subject_key)
    role = _role_opening(rest, holders)
    if role is None:
        return claim
    term, key = role
    caused = caused_object(rest[len(term) :])
    if caused is not None:
        obj = re.match(r"^the\s+(?P<rest>.+)$", caused, _FLAGS)
        acted = _role_opening(obj.group("rest").casefold(), holders) if obj else None
        if acted is None:
            return claim
        key = acted[1]
    else:
        passive = asked_passive(claim.entry, focus)
        if passive is not None and passive[0] >= opened.start("rest") + len(term):
            agent = passive[1]
            by = re.match(r"^the\s+(?P<rest>.+)$", agent or "", _FLAGS)
            acting = _role_opening(by.group("rest").casefold(), holders) if by else None
            other = sorted(k for k in names if k != key)
            if acting is not None:
                key = acting[1]
            elif agent is None and len(other) == 1:
                key = other[0]
            else:
                return claim
    actor = names[key]
    others = tuple(sorted({n for k, n in names.items() if k != key}))
    return replace(claim, actor=actor, others=others)


def _role_opening(rest: str, holders: dict[str, set[str]]) -> tuple[str, str] | None:
    """The defined term (lower case) `rest` opens with that one party alone is bound under,
    the longest, and that party's key; None where none."""
    for term in sorted(holders, key=lambda t: (-len(t), t)):
        if len(holders[term]) == 1 and (rest.startswith(term + " ") or rest == term):
            (key,) = holders[term]
            return term, key
    return None


def _parse(focus: str, names: frozenset[str] = frozenset()) -> _Parsed | None:
    for kind, shape, benefit in _SHAPES:
        m = shape.match(focus)
        if m is None:
            continue
        groups = m.groupdict()
        if groups.get("tail"):
            split = _split_actor(groups["tail"], names)
            if split is None:
                continue
            actor, action = split
        else:
            actor, action = groups["actor"], groups["action"]
        # "Is Halcyon not required to", "Does the agreement not restrict Halcyon from": the
        # negation stands with the actor's (or the agreement's) words, not the action's
        actor, negated = _without_negation(actor)
        negated = negated or _without_negation(groups.get("doc") or "")[1]
        parsed = _action(kind, actor.strip(), action.strip())
        if parsed is not None and _all_party_words(parsed.object_words, names):
            # "Is Acme required to indemnify Beta?": the object is a party, whom a sentence
            # names by its role ("Supplier shall indemnify Buyer"): the verb is the action
            parsed = replace(parsed, object_words=())
        if parsed is not None and (parsed.entitlement is not None or not benefit):
            kept_from = kind == "prohibition" and groups.get("doc") is not None
            return replace(parsed, negated=negated, kept_from=kept_from)
    return None


def _all_party_words(words: Sequence[str], names: frozenset[str]) -> bool:
    """Are `words` a party's name as the question writes it: each a word of the parties'
    names (`names`, lower case), a legal form, "&", "and" or "the", a possessive's ending
    dropped?"""
    folded = [re.sub(r"['’]s?$", "", w.casefold().strip(",.")) for w in words]
    folded = [w for w in folded if w]
    return (
        bool(names)
        and bool(folded)
        and all(w in names or w in ("&", "and", "the") or _legal_form_word(w) for w in folded)
    )


def _is_negation(word: str) -> bool:
    folded = word.casefold().replace("’", "'")
    return any(folded == n or ("'" in n and folded.endswith(n)) for n in _NEGATIONS)


def _without_negation(words: str) -> tuple[str, bool]:
    """`words` without the negations they hold, and whether they held one."""
    kept = [w for w in words.split() if not _is_negation(w)]
    return " ".join(kept), len(kept) < len(words.split())


def _legal_form_word(word: str) -> bool:
    """Is `word` a legal form as a name ends with ("inc.", "L.L.C.", "co.", "n.a.'s")?"""
    return bool(legal_form("name " + re.sub(r"['’]s?$", "", word)))


def _split_actor(tail: str, names: frozenset[str]) -> tuple[str, str] | None:
    """The actor's words and the action's in "Halcyon prepay the loan", "the Borrower repay
    the Term Loan", "Daniel Reyes compete with Halcyon": capitalised words, or the words of
    the agreement's parties' names (`names`, lower case) as a lower-case question writes them."""
    words = tail.split()
    i = 0
    if words and words[0].lower() in _PRONOUNS:
        i = 1
    else:
        if words and words[0].lower() in _ACTOR_OPENERS:
            i = 1
            # "the recipient", "either party", "the receiving party"
            if i < len(words) and not words[i][:1].isupper():
                i += 1
                if i < len(words) and words[i].lower() in ("party", "parties"):
                    i += 1
        while i < len(words) and (
            words[i][:1].isupper()
            or words[i] == "&"
            or re.sub(r"['’]s?$", "", words[i]).strip(",.").casefold() in names
            # a name's legal form written in lower case ("halcyon robotics, inc. prepay")
            or (i > 0 and _legal_form_word(words[i]))
        ):
            i += 1
    if i == 0 or i >= len(words):
        return None
    if re.search(r"['’]s?$", words[i - 1]):
        # "Halcyon's subsidiaries pay dividends": the actor is the possessive's noun, no party
        return None
    return " ".join(words[:i]), " ".join(words[i:])


def _action(kind: str, actor: str, action: str) -> _Parsed | None:
    if not actor or not action:
        return None
    qualifiers = tuple(name for name, asks, *_ in _QUALIFIERS if asks.search(action))
    condition = _CONDITION.search(action)
    if condition is not None and not any(
        asks.search(condition.group(0)) for _n, asks, *_ in _QUALIFIERS
    ):
        # "if he resigns": a condition the lexicon does not name is the claim's in its own
        # words; a sentence that does not say them does not speak of it
        qualifier = _own_condition(condition.group("rest"))
        if qualifier is not None:
            qualifiers = (*qualifiers, qualifier)
    if kind == "permission":
        bare = action
        words = bare.split()
        if words and words[0].lower() in _DETERMINERS:
            bare = " ".join(words[1:])
        for name, asks, _says in _ENTITLEMENTS:
            if any(a.match(bare) for a in asks):
                return _Parsed(kind, actor, "", (), name, qualifiers, action)
    words = _WORD.findall(action)
    if not words:
        return None
    verb = words[0].lower()
    if _is_negation(verb):
        # "required to not pay", "Can Halcyon never pay": a negated action is no action asked
        return None
    if verb in _NOT_VERBS or verb in _DETERMINERS or not verb.isalpha() or len(verb) < 3:
        return None
    object_words: list[str] = []
    for w in words[1:]:
        if w.lower() in _PHRASE_END:
            break
        object_words.append(w)
    return _Parsed(kind, actor, verb, tuple(object_words), None, qualifiers, action)


def _own_condition(rest: str) -> str | None:
    """The pattern a sentence says the condition `rest` of the question by ("if he resigns",
    "within 90 days"): each of its content words by stem and each of its numbers, in one
    sentence, the first word not denied ("no Event of Default" is not "after an Event of
    Default")."""
    words = [w for w in topic_words(rest) if w not in _PRONOUNS]
    numbers = re.findall(r"\d+(?:[.,]\d+)*", rest)
    if not words and not numbers:
        return None
    parts = [rf"\b{re.escape(stem(w))}\w*" for w in words[1:]]
    parts += [rf"(?<![\d.,]){re.escape(n)}(?![\d]|[.,]\d)" for n in numbers]
    pattern = "".join(f"(?=[^.;]*?{part})" for part in parts)
    if words:
        # the first word said, not denied: consumed, behind no denial ("no Event of Default",
        # "without an Event of Default")
        pattern += rf"[^.;]*?{_NOT_DENIED}\b{re.escape(stem(words[0]))}\w*"
    return pattern


def _entry(parsed: _Parsed) -> PropositionEntry | None:
    qualifier: list[str] = []
    contrary: list[str] = []
    answers = "silent"
    named = {name for name, *_ in _QUALIFIERS}
    negated_answers = "no"
    for name, _asks, q, c, a, n in _QUALIFIERS:
        if name in parsed.qualifiers:
            qualifier.extend(q)
            contrary.extend(c)
            if a == "no":
                answers = "no"
            if n == "yes":
                negated_answers = "yes"
    qualifier.extend(q for q in parsed.qualifiers if q not in named)
    if parsed.entitlement is not None:
        says = next(s for n, _a, s in _ENTITLEMENTS if n == parsed.entitlement)
        action = tuple(says)
        name = f"asked_{parsed.entitlement}"
        topic = parsed.entitlement
        label = f"entitlement to {parsed.entitlement}"
        kind = "permission"
        mentions: tuple[str, ...] = tuple(_WORDS.get("not_given", ()))
    else:
        forms = _verb_forms(parsed.verb)
        if not forms:
            return None
        head = _head(parsed.object_words)
        # a verb in a verb's place: not after a determiner or "of" ("any audit of its records",
        # "shall not permit any use of the Equipment" name no auditing or using)
        verbs = _VERB_PLACE + "(?:" + "|".join(sorted(forms, key=lambda f: (-len(f), f))) + ")"
        if head is None:
            action = (rf"\b(?:{verbs})\b",)
        else:
            nouns = _object_nouns(head)
            participles = "|".join(
                sorted(
                    (
                        f
                        for f in forms
                        if f.endswith(("ed", "id", "en", "t")) or f in _irregular(parsed.verb)
                    ),
                    key=lambda f: (-len(f), f),
                )
            )
            active = (
                rf"\b(?:{verbs})\b(?:[\s,]+[\w&'’()./-]+){{0,{_OBJECT_REACH}}}?[\s,]+(?:{nouns})\b"
            )
            patterns = [active]
            if participles:
                patterns.append(
                    rf"\b(?:{nouns})\b[^.;:]{{0,80}}?\b(?:be|been|being|is|are|was|were)\s+"
                    rf"(?:\w+ly\s+)?(?:{participles})\b"
                )
            action = tuple(patterns)
        words = [parsed.verb, *(w.lower() for w in parsed.object_words)]
        name = "asked_" + "_".join(re.sub(r"\W", "", stem(w)) for w in (parsed.verb, head or ""))
        name = name.rstrip("_")
        topic = " ".join(words)
        label = " ".join([parsed.verb, *parsed.object_words])
        kind = parsed.kind
        mentions = ()
    return PropositionEntry(
        name=name,
        label=label,
        evidence="topic",
        topic=topic,
        kind=kind,
        asks=(re.escape(label),),
        asks_not=(),
        action=action,
        qualifier=tuple(qualifier),
        contrary=tuple(contrary),
        contrary_answers=answers,
        denies=(),
        outright_answers="no",
        mentions=mentions,
        negated_answers=negated_answers,
    )


def _irregular(verb: str) -> tuple[str, ...]:
    return _IRREGULAR.get(verb, ())


@functools.lru_cache(maxsize=1024)
def _verb_forms(word: str) -> tuple[str, ...]:
    """The inflections of the verb `word` (as asked: "prepay", "paying", "terminated"): the
    forms that share its Snowball stem, and the lexicon's irregular ones."""
    bases = {word}
    for ending in ("ing", "ed", "es", "s", "d"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            base = word[: -len(ending)]
            bases.update((base, base + "e"))
            if len(base) > 2 and base[-1] == base[-2]:
                bases.add(base[:-1])  # "transferring"
            if ending in ("ed", "es") and base.endswith("i"):
                bases.add(base[:-1] + "y")  # "carried"
    target = stem(word)
    forms: set[str] = set()
    for base in bases:
        candidates = {base, base + "s", base + "es", base + "ed", base + "d", base + "ing"}
        if base.endswith("e"):
            candidates.add(base[:-1] + "ing")
        if base.endswith("y"):
            candidates.update((base[:-1] + "ies", base[:-1] + "ied"))
        if len(base) > 2 and base[-1] not in "aeiouwxy" and base[-2] in "aeiou":
            candidates.update((base + base[-1] + "ed", base + base[-1] + "ing"))
        forms.update(c for c in candidates if stem(c) == target)
        forms.update(_irregular(base))
    return tuple(sorted(re.escape(f) for f in forms))


def _head(object_words: Sequence[str]) -> str | None:
    """The head noun of an object's words ("the Keystone loan" -> "loan"), None where it names
    nothing of its own (a pronoun, nothing)."""
    if not object_words:
        return None
    head = re.sub(r"['’]s?$", "", object_words[-1]).lower()
    if head in _PRONOUN_OBJECTS or head in _DETERMINERS or not head.isalpha():
        return None
    return head


def _object_nouns(head: str) -> str:
    """The head noun, its plural and singular, and the lexicon's synonyms, as one pattern."""
    singular = _singular(head)
    nouns = {head, singular, *(_SYNONYMS.get(singular, ())), *(_SYNONYMS.get(head, ()))}
    out: set[str] = set()
    for noun in nouns:
        words = noun.split()
        last = words[-1]
        plurals = {last, last + "s", last + "es"}
        if last.endswith("y"):
            plurals.add(last[:-1] + "ies")
        for p in plurals:
            out.add(r"\s+".join([*(re.escape(w) for w in words[:-1]), re.escape(p)]))
    return "|".join(sorted(out, key=lambda n: (-len(n), n)))


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _actor_name(actor: str, subject: SubjectClass) -> str | None:
    """The party the actor's words name: a party of the subject's agreement whose name they
    share a word with (its first: "Halcyon" of "Halcyon Robotics"), else the words as written
    when they are a name or a role ("the Borrower" -> "Borrower")."""
    words = [w for w in actor.split() if w.lower() not in _ACTOR_OPENERS]
    if not words or words[0].lower() in _PRONOUNS:
        return None
    key = entity_key(" ".join(words))
    for party in subject.parties:
        if entity_key(party) == key or party.casefold().split()[:1] == [words[0].casefold()]:
            return party
    if subject.name and subject.name.casefold().split()[:1] == [words[0].casefold()]:
        return subject.name
    return " ".join(words)


def _unknown_name(actor: str) -> bool:
    """Are the actor's words (past its opener) none of legal English's, a name as written in
    lower case ("halcyon"; not "anyone", "new investors", "the borrower")?"""
    words = [w.casefold() for w in actor.split() if w.lower() not in _ACTOR_OPENERS]
    return bool(words) and not any(w in known_words() for w in words)


def _names_no_one(actor: str, subject: SubjectClass) -> bool:
    """Are the actor's words no party's and no name or role as written ("Is consent required
    to assign ...?": "consent" is what is asked about, not who acts)?"""
    words = [w for w in actor.split() if w.lower() not in _ACTOR_OPENERS]
    if not words or words[0].lower() in _PRONOUNS or words[0][:1].isupper():
        return False
    key = entity_key(" ".join(words))
    if any(entity_key(p) == key for p in (*subject.parties, subject.name or "") if p):
        # "halcyon robotics, inc.": a party's name as the subject reads it, in lower case
        return False
    return _actor_name(actor, subject) == " ".join(words)


__all__ = ["question_claim", "with_party_terms", "with_role_actor"]
