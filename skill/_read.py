"""State 1 with the knowledge base at hand: the grammar reads the question with the knowledge
base's names (so names are never cut at a connector), a question the grammar does not read
is read by its subjects and intent (`_intent`), and a blank where a name should be is a
question error naming it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from domain import Alias, entity_key, legal_form, lexicon
from retrieval import VectorStore
from skill._agreement_ref import amendment_alone, without_as_amended
from skill._body_acts import body_act_asked
from skill._cases import cut_case_spans
from skill._claim_law import claim_law, with_claim_law
from skill._claim_time import about_an_agreement, claim_time, with_claim_time
from skill._errors import SubjectClassError
from skill._held_roles import read_with_held_roles
from skill._intent import (
    _AGREEMENT_PHRASE,
    CLAUSE_TOPICS,
    NO_SUBJECT,
    PRONOUN_ONLY,
    TOPIC,
    Intent,
    asks_existence,
    lexicon_intent,
    read_open_question,
    refine_intent,
    topic_text,
    without_no_name_tail,
)
from skill._mentions import (
    Mention,
    find_mentions,
    known_names,
    names_a_known,
    opens_a_known_name,
    placeholder_in,
)
from skill._party_slots import with_unread_parties
from skill._question import (
    MAX_QUESTION_CHARS,
    _normalize,
    parse_question,
    question_focus,
    topic_put_last,
)
from skill._question_names import split_names
from skill._role_actors import role_as_agreement
from skill._subject import QuestionKind, SubjectClass
from skill.linking import NameLinker, adverb, question_tokens

_CONTRACT_ROLES = frozenset(entity_key(r) for r in lexicon().contract_roles)
# why a question whose party is a role read without an agreement around it is refused
UNDEFINED_ROLE = "a contract role that no party of the knowledge base is defined as"


def names_no_subject(reason: str) -> bool:
    """Whether a question error's `reason` is that the question names nobody, or nobody but by
    a pronoun ("May the Receiving Party disclose it to its employees?": "its" is the role's; a
    role alone is then read by the agreements defining it, skill/_defined_roles.py); a role
    read as a party beside another ("between the seller and Globex") is not that."""
    return reason in (NO_SUBJECT, PRONOUN_ONLY)


def build_name_index(
    store: VectorStore, kb: str, committed: Sequence[str], aliases: Sequence[Alias]
) -> NameLinker:
    """Every name the knowledge base knows: bound entities and persons, parents, aliases."""
    names: set[str] = set()
    people: set[str] = set()
    terms: set[str] = set()
    titles: set[str] = set()
    for b in store.find_bindings(kb, document_ids=committed):
        if b.role == "agreement":
            titles.add(b.attributes.get("title") or b.subject_name)
        if b.subject_type.value in ("individual", "legal_entity"):
            names.add(b.subject_name)
        if b.subject_type.value == "individual":
            people.add(b.subject_name)
        if b.role == "party":
            terms.update(b.defined_terms)
        if b.parent_name and b.parent_key and not b.parent_key.startswith("agreement:"):
            names.add(b.parent_name)
    for a in aliases:
        names.add(a.entity_name)
        # a former name is a name the company went by, not a term of one document ("the
        # Company"): a question may write it as it writes any name (without its legal form,
        # in lower case, by its short name); so is a party's name as its filer or signer
        # writes it, which the gate resolves within its own document only
        if a.document_id is None or a.kind == "former_name" or a.document_scoped:
            names.add(a.alias)
    return NameLinker(
        sorted(names),
        people=people,
        defined_terms=terms,
        titles=titles,
        aliases=sorted((a.alias, a.entity_name) for a in aliases),
    )


def read_question(
    question: str,
    index: NameLinker | None,
    alias_keys: Collection[str],
    embed: Any,
    embedder: Any,
    *,
    scoped: bool = False,
) -> SubjectClass:
    """The subject class of a question, read with the knowledge base's names. `scoped`: the
    question is asked of chosen documents, so one that names no subject asks about their
    agreement ("What is the governing law?" of one contract).

    A question that puts its subject before it, as a heading or a topic ("3M: what was net
    income in 2018?", "Regarding Acme, who is the CEO?", "Acme - who is the CEO?"), where those
    words are a name the knowledge base knows whole and the question after them names no
    known name of its own, is read with that subject after it ("what was net income in 2018
    for 3M?"); where that reading names no subject, the question is read as written
    ("Question: what ...?" has no subject before it; "Globex: who is the CEO of Acme?" asks
    of Acme, as written). An amendment put before it ("Amendment No. 2: what is the governing
    law of the lease between A and B?") is the amendment of the agreement the question names.
    A role given to a party it names ("Halcyon, as the Borrower,") is kept as `held_roles`
    (`_held_roles`), the question read without it. A time a yes/no question about an
    agreement asks its claim at ("Can Halcyon, as of January 1, 2024, pay dividends?") is kept
    as `as_of`, the question read without it (`_claim_time`); the law it asks its claim under
    ("... under Delaware law?") as `under_law` (`_claim_law`)."""
    lawful = claim_law(question)
    if lawful is not None:
        # "Can Northgate terminate the MSA under Delaware law?": the law is the claim's
        # qualifier, never words of a party's name or of the action (`_claim_law`)
        try:
            unqualified = read_question(
                lawful[0], index, alias_keys, embed, embedder, scoped=scoped
            )
        except SubjectClassError:
            unqualified = None
        if unqualified is not None and about_an_agreement(unqualified, lawful[0]):
            return with_claim_law(unqualified, lawful[1])
    dated = claim_time(question)
    if dated is not None:
        try:
            undated = read_question(dated[0], index, alias_keys, embed, embedder, scoped=scoped)
        except SubjectClassError:
            undated = None
        if (
            undated is not None
            and about_an_agreement(undated, dated[0])
            # "Did the board approve the MSA in 2023?": when a body acted is its record's
            and body_act_asked(question_focus(dated[0])) is None
        ):
            return with_claim_time(undated, dated[1])
    try:
        held = read_with_held_roles(
            question,
            lambda text: read_question(text, index, alias_keys, embed, embedder, scoped=scoped),
        )
    except SubjectClassError:
        held = None
    if held is not None:
        return held
    moved = topic_put_last(question)
    amended = _amendment_put_first(question, moved, index, alias_keys, embed, embedder, scoped)
    if amended is not None:
        return amended
    if moved is not None and index is not None:
        again, topic, asked = moved
        if index.names_whole([[t.key] for t in question_tokens(topic)]) and not index.links(
            [t.key for t in question_tokens(asked)]
        ):
            try:
                return _read_as_written(again, index, alias_keys, embed, embedder, scoped=scoped)
            except SubjectClassError:
                pass
    return _read_as_written(question, index, alias_keys, embed, embedder, scoped=scoped)


def _amendment_put_first(
    question: str,
    moved: tuple[str, str, str] | None,
    index: NameLinker | None,
    alias_keys: Collection[str],
    embed: Any,
    embedder: Any,
    scoped: bool,
) -> SubjectClass | None:
    """The question read without the numbered amendment put before it ("Amendment No. 2: what
    is the governing law of the lease between A and B?"), that amendment the subject's, where
    the rest names an agreement and no amendment of its own; None otherwise."""
    if moved is None:
        return None
    _, topic, asked = moved
    amendment = amendment_alone(topic)
    if amendment is None:
        return None
    end = "?" if question.rstrip().endswith("?") else ""
    try:
        subject = _read_as_written(
            f"{asked}{end}", index, alias_keys, embed, embedder, scoped=scoped
        )
    except SubjectClassError:
        return None
    if subject.document_type is None and subject.type != "agreement":
        return None
    if "amendment" in subject.constraints:
        return None
    constraints = {**subject.constraints, "amendment": amendment}
    return subject.model_copy(update={"constraints": dict(sorted(constraints.items()))})


def _read_as_written(
    question: str,
    index: NameLinker | None,
    alias_keys: Collection[str],
    embed: Any,
    embedder: Any,
    *,
    scoped: bool = False,
) -> SubjectClass:
    # The question itself, without the instructions around it ("Answer in USD millions.").
    question = question_focus(question)
    act = body_act_asked(question)
    if act is not None:
        # "Was the Northgate MSA approved by Halcyon's board of directors?", "Did the board of
        # Halcyon not approve ...?": the subject is what the body acted on, read as one shape
        whose = f"{act.owner}'s" if act.owner else "the"
        question = f"Did {whose} {act.body_words} approve {act.object}?"
    question = consent_not_a_party(question)
    # "assign the MSA to a successor in a merger": the case the action is asked in names no
    # party (the claim reads it from the question as asked)
    question = case_not_a_party(question)
    # "the lease between A and B, as amended by the Second Amendment, ...": the agreement as
    # amended is the subject (its amendments are read with it), not that amendment
    question = without_as_amended(question)
    if index is not None:
        # "Okafor", "Dr. Okafor": a person the knowledge base binds, named by surname
        question = index.full_names(question)
    # "Nimbus Power (formerly known as Bramble Utilities)": the other name is set aside before
    # either reader reads the question, and tried by the gate where the first is unknown.
    question, other_names = _other_names(question)
    # "the Hand Tools division of Acme": a segment of a party is read as its owner
    question = without_divisions(question, index)
    normalized = _normalize(question)
    if normalized and len(normalized) <= MAX_QUESTION_CHARS:
        blank = placeholder_in(normalized)
        if blank is not None:
            raise SubjectClassError(
                question,
                f"it has a placeholder, {blank!r}, where a name should be; name the party",
            )
    with known_names(index):
        try:
            subject = parse_question(question)
        except SubjectClassError:
            if not normalized or len(normalized) > MAX_QUESTION_CHARS:
                raise
            subject = read_open_question(
                question,
                normalized,
                index,
                embed=embed.embed_query,
                embedder=embedder,
                scoped=scoped,
            ).subject
        else:
            if (
                _asks_a_clause(subject, normalized)
                or _clause_in_party(subject)
                or _thing_under_agreement(subject)
            ):
                # "Who owns the intellectual property created under the agreement between A
                # and B?": the grammar's entity is a clause of an agreement, not a name.
                subject = read_open_question(
                    question, normalized, index, embed=embed.embed_query, embedder=embedder
                ).subject
            else:
                subject = refine_intent(_without_qualifiers(subject, normalized, index), normalized)
                subject = _with_missed_tails(_without_adverbs(subject), normalized, index)
        # a name written where a party must stand that no reader kept ("between Supplier
        # Holdings and Beta", "the MSA that Zorblax signed with Beta") stays a party, for the
        # gate to find or refuse: never dropped, leaving the other party's agreement answered
        subject = with_unread_parties(normalized, subject, index)
    # A role's defined term ("the Transporter") names a party of one agreement: the gate reads
    # it in the agreements the rest of the question names (another party, a title or type,
    # the documents asked of); with none of those it names nobody.
    context = scoped or subject.document_type is not None
    context = context or any(entity_key(p) not in _CONTRACT_ROLES for p in subject.parties)
    defined = index.defined_terms if index is not None and context else frozenset()
    for party in subject.parties:
        key = entity_key(party)
        if key in _CONTRACT_ROLES and party[:1].islower() and key not in alias_keys:
            if key in defined or scoped:
                # in the documents asked of, a role bound to nobody is the claim's actor
                # (skill/_role_actors.py): the gate sets it aside
                continue
            raise SubjectClassError(
                question, f"it names a party as {party!r}, {UNDEFINED_ROLE}; name the party"
            )
    if other_names and subject.type == "legal_entity" and subject.name:
        constraints = {**subject.constraints, "other_names": other_names}
        subject = subject.model_copy(update={"constraints": dict(sorted(constraints.items()))})
    # "May employees of the Receiving Party ...?": a role names a position of an agreement,
    # never an entity of its own (skill/_role_actors.py)
    return role_as_agreement(subject, question)


# "X (formerly known as Y)", "X, f/k/a Y,", "X d/b/a Y": the words before another name of the
# entity just named (vocabulary.yaml `question_other_names`) and that name, its capitalised
# words up to a bracket, a comma, a word in lower case or the end of the question.
_OTHER_NAMED = re.compile(
    r"\s*(?:(?P<open>\()|,|(?<!\())\s*\b(?:"
    + "|".join(lexicon().question_other_names)
    + r")\s+(?-i:(?P<name>[A-Z0-9][\w&.'’-]*(?:\s+(?:[A-Z0-9&][\w&.'’-]*|of|and|de|the))*"
    # its legal form after a comma ("f/k/a Sorrent, Inc."): a word of the name, no end of it
    + rf"(?:,?\s+(?:{lexicon().legal_form_cased})\b\.?)*))"
    + r"\s*(?(open)\)|(?:,|(?=\s+[a-z]|[?;]|$)))",
    re.IGNORECASE,
)


# "the Hand Tools division of Acme Corp.", "the Consumer Banking business unit of Bank of
# America": a segment's words (one to four, none a word of questions, vocabulary.yaml
# `question_words`, nor a quantifier: "per", "each", "any", "a", "which" open no segment) and a
# division word (vocabulary.yaml `question_division_words`) before "of" and the owner's name
_SEGMENT_BREAKS = lexicon().question_words | lexicon().question_quantifiers | {"&"}
_DIVISION = re.compile(
    r"(?<![\w&'’.-])(?:the\s+)?(?:(?!(?:"
    + "|".join(re.escape(w) for w in sorted(_SEGMENT_BREAKS, key=lambda w: (-len(w), w)))
    + r")(?![\w&'’.-]))[\w&'’.-]+\s+){1,4}(?P<word>"
    + "|".join(r"\s+".join(map(re.escape, w.split())) for w in lexicon().question_division_words)
    + r")\s+of\s+(?:the\s+)?(?=[\w&])",
    re.IGNORECASE,
)
# where a segment stands as a party: after a word that lists parties ("between Beta and the
# Hand Tools division of Acme", vocabulary.yaml `division_party_leads`), or as the subject of a
# yes/no question (right after its opening auxiliary: "Did the Hand Tools division of Acme
# sign ...?")
_PARTY_LEAD = re.compile(
    r"(?:(?<![\w&'’.-])(?:"
    + "|".join(re.escape(w) for w in lexicon().division_party_leads)
    + r")|^\s*(?:"
    + "|".join(sorted(lexicon().question_auxiliaries))
    + r"))\s+$",
    re.IGNORECASE,
)
# an owner written possessive ("... division of Acme Corp.'s MSA"): its words up to the "'s"
_OWNER_POSSESSIVE = re.compile(r"((?:[\w&.,-]+\s+){0,5}?)[\w&.-]+['’]s(?!\w)")


def _possessive_owner(rest: str) -> bool:
    """Whether the owner's name that opens `rest` is written possessive: its words before the
    "'s" are no word of questions but for those that join a name's words (vocabulary.yaml
    `consent_owner_links`: "Bank of America's", "Smith & Jones's")."""
    match = _OWNER_POSSESSIVE.match(rest)
    if match is None:
        return False
    words = [w.strip(",").lower() for w in match.group(1).split()]
    return not any(w in _SEGMENT_BREAKS and w not in lexicon().consent_owner_links for w in words)


def without_divisions(question: str, index: NameLinker | None = None) -> str:
    """The question with each division of a party written before its owner read as the owner
    ("between Beta and the Hand Tools division of Acme Corp." -> "between Beta and Acme
    Corp."): the owner is the party, refused by the gate as any name is where unknown. Only
    where the segment stands as a party (`_PARTY_LEAD`, or its owner written possessive), and
    never where its words are a name the knowledge base holds ("Smith Barney Division of
    Citigroup Global Markets Inc."): a segment asked of otherwise ("Did Beta sell the
    Consumer Products Division of Acme?") is the question's own words."""
    matches = [
        m
        for m in _DIVISION.finditer(question)
        if _PARTY_LEAD.search(question[: m.start()]) or _possessive_owner(question[m.end() :])
    ]
    if matches and index is not None:
        known = [(k.start, k.end) for k in find_mentions(question, index) if k.known]
        matches = [
            m
            for m in matches
            if not any(a < m.end("word") and m.start("word") < b for a, b in known)
        ]
    out, cursor = [], 0
    for m in matches:
        out.append(question[cursor : m.start()])
        cursor = m.end()
    return "".join(out) + question[cursor:]


def _other_names(question: str) -> tuple[str, list[str]]:
    """The question without the other names it gives its subject, and those names.

    Another name of the first party a list names ("between A d/b/a B and C") ends before the
    list's "and" where the list has no other: the words after it are the next party's. A
    comma that ends it in a list stays the list's ("between A d/b/a B, C and D" -> "between
    A, C and D")."""
    names: list[str] = []
    out: list[str] = []
    cursor = 0
    for m in _OTHER_NAMED.finditer(question):
        name, end, sep = m.group("name"), m.end(), " "
        listed = list(_LIST_OPENING.finditer(question, 0, m.start()))
        if listed and not m.group("open") and "," in question[m.end("name") : m.end()]:
            end, sep = question.index(",", m.end("name")), ""
        if (
            listed
            and not _LIST_JOIN.search(question, listed[-1].end(), m.start())
            and not m.group("open")
            and (cut := list(_LIST_JOIN.finditer(name)))
        ):
            end, sep = m.start("name") + cut[-1].start(), " "
            name = name[: cut[-1].start()]
        names.append(name.strip())
        out.append(question[cursor : m.start()] + sep)
        cursor = end
    if not names:
        return question, []
    return " ".join(("".join(out) + question[cursor:]).split()), names


# the word that opens a list of parties, and the word that joins its last two: "and", never
# "&", which joins a firm's own names ("d/b/a Smith & Wesson", "Barnes & Noble Education")
_LIST_OPENING = re.compile(r"\b(?:between|among|amongst)\s", re.IGNORECASE)
_LIST_JOIN = re.compile(r"\s+and\s+", re.IGNORECASE)


# A lower-case word group the grammar took for a party after a qualifier's preposition
# ("terminate the MSA for convenience"): a qualifier of the question, not a name. One that
# follows a word that introduces parties ("between", "with", "and") stays a name.
# a consent the question names as its action's condition ("assign the MSA with Northgate's
# consent", "without the prior written consent of Northgate", "if Northgate consents"): the
# lexicon's consent qualifiers (propositions.yaml question_claims `with_consent`,
# `without_consent`). Their words name no party of the subject (the grammar would read "with
# Halcyon's" as joining one): the subject is read without them; the claim is read from the
# question as asked
_CONSENT = tuple(
    re.compile(a, re.IGNORECASE)
    for name, asks, *_ in lexicon().question_claims.get("qualifiers", ())
    if name in ("with_consent", "without_consent")
    for a in asks
)
# A consent phrase whose words before "consent" hold a predicate of the question ("with
# Northgate require consent", "with Acme subject to landlord consent") or an auxiliary: its
# "with" joins a party and the consent is what the question asks of, no condition (vocabulary
# .yaml `consent_predicates`)
_CONSENT_PREDICATES = lexicon().consent_predicates | lexicon().question_auxiliaries
_WORD = re.compile(r"[\w'’&]+")
# the consent's owner after it ("... consent of Northgate Logistics, Inc."): its words up to a
# word that links a question's parts (vocabulary.yaml `question_words`; "of", "and", "&" join
# an owner's words, `consent_owner_links`) or the question's end; one leading word of those
# ("the Lender") is the owner's
_OF = re.compile(r"\s+of\b", re.IGNORECASE)
_OWNER_WORD = re.compile(r"\s+([\w'’&.,-]+)")
_OWNER_LINKS = lexicon().consent_owner_links
_OWNER_BREAKS = lexicon().question_words - _OWNER_LINKS
_OWNER_WORDS = 5


def _a_condition(match: re.Match[str]) -> bool:
    """Whether a consent phrase is the action's condition: no word after its first is a
    predicate of the question."""
    words = _WORD.findall(match.group(0).lower())[1:]
    return not any(w in _CONSENT_PREDICATES for w in words)


def _owner_end(question: str, end: int) -> int:
    """Where the owner named after a consent ending at `end` ends (`end` where none is)."""
    of = _OF.match(question, end)
    if of is None:
        return end
    words: list[tuple[str, int]] = []
    pos = of.end()
    while (w := _OWNER_WORD.match(question, pos)) is not None:
        words.append((w.group(1).strip(".,").lower(), w.end()))
        pos = w.end()
    first = 1 if words and words[0][0] in _OWNER_BREAKS else 0
    owner_end = end
    taken = 0
    for i in range(first, len(words)):
        word = words[i][0]
        if word in _OWNER_LINKS:
            continue
        if word in _OWNER_BREAKS or not word or taken >= _OWNER_WORDS:
            break
        taken += 1
        owner_end = words[i][1]
    return owner_end


def case_not_a_party(question: str) -> str:
    """`question` without the cases it names for its action that name no party (a yes/no
    question's assignment or transfer "to a successor in a merger", "to an acquirer":
    skill/_cases.py `cut_case_spans`); an event ("upon a change of control of Halcyon") stays."""
    spans = cut_case_spans(question)
    if not spans:
        return question
    for start, end, _ in reversed(spans):
        question = (question[:start].rstrip(" ,") + " " + question[end:].lstrip(" ,")).strip()
    return re.sub(r"\s+([?.!])", r"\1", question)


_CONSENT_ACTIONS = lexicon().question_consent_actions
_CONSENT_PARTY = r"(?P<party>(?:(?!\b(?:not|never)\b)[^,?;])+?)"
_CONSENT_ASKED = re.compile(
    r"^\s*(?:(?:"
    + "|".join(lexicon().question_consent_modals)
    + rf")\s+{_CONSENT_PARTY}\s+(?:(?:"
    + "|".join(lexicon().question_consent_asked)
    + r")\s+)?|(?:"
    + "|".join(sorted(lexicon().question_auxiliaries))
    + rf")\s+{_CONSENT_PARTY.replace('party', 'asked_of')}\s+(?:"
    + "|".join(lexicon().question_consent_asked)
    + r")\s+)(?:"
    + "|".join(lexicon().question_consent_verbs)
    + r")\s+(?:to\s+)?(?:(?:an?|the|any|such)\s+)?(?P<action>"
    + "|".join(re.escape(a) for a in sorted(_CONSENT_ACTIONS, key=lambda a: (-len(a), a)))
    + r")(?![\w-])(?:\s+of)?(?P<rest>[^?]*)(?P<end>\?)?\s*$",
    re.IGNORECASE,
)
_CONSENT_PREDICATES = frozenset(w.lower() for w in lexicon().consent_predicates)


def consent_reworded(question: str) -> str:
    """A party asked to consent to an action ("Must Halcyon consent to an assignment of the
    MSA?") as the consent question ("Is Halcyon's consent required to assign the MSA?"), read
    as that one is (its consent owner, nobody said to act); else `question` as written."""
    m = _CONSENT_ASKED.match(question)
    if m is None:
        return question
    party = (m.group("party") or m.group("asked_of")).strip()
    words = [w.lower() for w in party.split()]
    if not words or words[-1] in lexicon().question_words or _CONSENT_PREDICATES & set(words):
        # "Does the MSA require ... to consent": no party asked
        return question
    verb = _CONSENT_ACTIONS[m.group("action").lower()]
    rest = " ".join(m.group("rest").split())
    asked = f"Is {party}'s consent required to {verb}{' ' + rest if rest else ''}"
    return asked + (m.group("end") or "")


def consent_not_a_party(question: str) -> str:
    """`question` without the consents it names as its action's condition."""
    for pattern in _CONSENT:
        pos = 0
        while (m := pattern.search(question, pos)) is not None:
            if not _a_condition(m):
                pos = m.start() + 1
                continue
            end = _owner_end(question, m.end())
            question = (question[: m.start()].rstrip(" ,") + question[end:]).strip()
            pos = 0
    return question


_QUALIFIER_BEFORE = r"(?:for|without|upon|on|in|under|at|as|during|after|before)"
_PARTY_BEFORE = r"(?:between|with|and|among|amongst|by|&|,)"
_CONNECTORS = frozenset({"between", "among", "amongst", "and", "with", "by", "of", "the", "to"})


# The words after a party as written that may go on its name: up to three, one space or
# hyphen apart.
_TAIL = r"((?:[ -][\w'’.&]+){1,3})"


def _without_adverbs(subject: SubjectClass) -> SubjectClass:
    """The grammar's parties without the adverbs in lower case that end them ("Can Northgate
    logistically terminate the MSA?", "Can Snap technically terminate ...": `adverb`): the
    adverb is the verb's, never a word of the name, nor of a name the gate should refuse.
    A party of one word, or one whose last word is capitalised, is kept as written."""
    renamed: dict[str, str] = {}
    for party in subject.parties:
        words = party.split()
        while len(words) > 1 and words[-1].islower() and adverb(words[-1].strip("'’.,")):
            words.pop()
        if len(words) < len(party.split()):
            renamed[party] = " ".join(words)
    if not renamed:
        return subject
    # "Can Snap technically terminate the agreement between Snap and United?": Snap once
    parties: list[str] = []
    for p in subject.parties:
        if entity_key(renamed.get(p, p)) not in {entity_key(q) for q in parties}:
            parties.append(renamed.get(p, p))
    constraints = {**subject.constraints, "parties": parties}
    asked = constraints.get("party")
    if isinstance(asked, str) and asked in renamed:
        constraints["party"] = renamed[asked]
    return subject.model_copy(update={"constraints": dict(sorted(constraints.items()))})


def _with_missed_tails(
    subject: SubjectClass, normalized: str, index: NameLinker | None
) -> SubjectClass:
    """The grammar's parties, each run on over the words written after it that go on a known
    name it opens with a near miss of that name's next words ("United" before "qirlines", of
    United Airlines, Inc.; `NameLinker.misses_continuation`): the words written are another
    name (the gate refuses it), never the known name's opening words with the rest dropped. A
    word the name does not go on with, or goes on with as written ("United airlines"), is
    no part of it."""
    if index is None or not subject.parties:
        return subject
    parties = list(subject.parties)
    for k, party in enumerate(parties):
        opening = [t.key for t in question_tokens(party)]
        if not opening or not index.opens_with([[w] for w in opening]):
            continue
        for m in re.finditer(rf"(?<![\w-]){re.escape(party)}{_TAIL}", normalized):
            after = question_tokens(m.group(1))
            n = index.misses_continuation(opening, [t.key for t in after])
            if n:
                parties[k] = normalized[m.start() : after[n - 1].end + m.start(1)]
                parties[k] = parties[k].rstrip("'’.,")
                break
    if parties == list(subject.parties):
        return subject
    constraints = {**subject.constraints, "parties": parties}
    return subject.model_copy(update={"constraints": dict(sorted(constraints.items()))})


def _without_qualifiers(
    subject: SubjectClass, normalized: str, index: NameLinker | None = None
) -> SubjectClass:
    parties = subject.parties
    if not parties:
        return subject
    kept = []
    for listed in parties:
        # "with Acme and All Amendments", "between A and B and the Exhibits": a piece opened by
        # a word that opens no name or by a document word is no party, nor a name's words
        party = without_no_name_tail(listed)
        if not party:
            continue
        if party.lower() in _CONNECTORS:
            # a connector left between two spans of names ("... Between Ingram Micro And
            # Netgear between Ingram Micro and NETGEAR, Inc.") names nobody
            continue
        words = re.escape(party)
        if (
            party == party.lower()
            and not legal_form(party)
            # "the liability cap in the ridgeway msa": a name the knowledge base knows (or
            # the first word of several it knows) is a party's, whatever word comes before
            and not names_a_known(party, index)
            and not opens_a_known_name(party, index)
            and re.search(rf"\b{_QUALIFIER_BEFORE}\s+(?:the\s+)?{words}\b", normalized, re.I)
            and not re.search(rf"{_PARTY_BEFORE}\s+(?:the\s+)?{words}\b", normalized, re.I)
        ):
            continue
        kept.append(party)
    if kept == list(parties) or not (kept or subject.document_type):
        return subject
    constraints = dict(subject.constraints)
    if kept:
        constraints["parties"] = kept
    else:
        constraints.pop("parties", None)
    return subject.model_copy(update={"constraints": dict(sorted(constraints.items()))})


_UNDER_AGREEMENT = re.compile(r"\s(?:under|in|of|by)\s+(?:the|its|their|an?)\s")


def _thing_under_agreement(subject: SubjectClass) -> bool:
    """Is the entity the grammar read a thing of an agreement ("Does Halcyon own the tooling
    under the Brightline manufacturing agreement?": no company "tooling under the ...
    agreement"): a name in lower case that ends on an agreement's phrase after "under",
    "in", "of" or "by"?"""
    if subject.type == "agreement":
        return False
    for text in (subject.name, subject.parent_entity):
        if not text or not text[:1].islower():
            continue
        under = _UNDER_AGREEMENT.search(text)
        if under is not None and _AGREEMENT_PHRASE.search(text, under.end()) is not None:
            return True
    return False


_CLAUSE_OF = re.compile(r"^(?P<clause>[a-z][\w\s-]*?)\s+(?:in|under|of)\s+(?=\S)")


def _clause_in_party(subject: SubjectClass) -> bool:
    """Is a party the grammar read an agreement's clause before the owner's name ("How long
    does the non-solicitation covenant in Daniel Reyes' employment agreement last?": the
    party "non-solicitation covenant in Daniel Reyes")? Its words before "in", "under" or
    "of" are in lower case and name a clause topic of the lexicon."""
    if subject.type != "agreement":
        return False
    for party in subject.parties:
        clause = _CLAUSE_OF.match(party)
        if clause is None or party[clause.end() :][:1].islower():
            continue
        intent = lexicon_intent(clause.group("clause"), ("agreement",))
        if intent is not None and intent.attribute in CLAUSE_TOPICS:
            return True
    return False


def _asks_a_clause(subject: SubjectClass, normalized: str) -> bool:
    """Is the entity the grammar read an agreement's clause: a name with an agreement word in
    it, overlapped by an agreement clause topic's phrase ("Who owns the intellectual property
    created under the agreement between A and B?")?"""
    if subject.type == "agreement":
        return False
    # A name is written capitalised ("Mortgage Guaranty Insurance Corporation"); what the
    # grammar took for one here opens in lower case, and its agreement word follows the
    # clause's phrase. (Those tests first: the lexicon's phrases are searched only then.)
    named = [
        (text, word)
        for text in (subject.parent_entity, subject.name)
        if text and text[:1].islower() and (word := _AGREEMENT_PHRASE.search(text)) is not None
    ]
    if not named:
        return False
    intent = lexicon_intent(normalized, ("agreement",))
    if intent is None or intent.attribute not in CLAUSE_TOPICS or not intent.phrase:
        return False
    lowered = normalized.lower()
    phrase = lowered.find(intent.phrase.lower())
    end = phrase + len(intent.phrase)
    for text, word in named:
        at = lowered.find(text.lower())
        if at >= 0 and phrase < at + len(text) and at < end <= at + word.start():
            return True
    return False


class QuestionReader:
    """State 1 as one component: a question read with the names a knowledge base knows (its
    entities' names and aliases; `QuestionReader.of` gathers them from a store).

    Its stages, in the order a question goes through them: `focus` (the question without the
    instructions around it), `names` (the names it writes, each known or not), `intent` (what
    it asks, from the lexicon's phrasings), `read` (its subject class: the grammar, then the
    open reading of what the grammar does not read), `read_open` (the open reading alone:
    names, the agreement they bind, what is asked) and `asks_existence` (whether a yes/no
    question asks if a clause is there at all)."""

    def __init__(
        self,
        names: Iterable[str] = (),
        *,
        alias_keys: Collection[str] = (),
        embedder: Any = None,
    ) -> None:
        """`names`: what the knowledge base knows; `alias_keys`: the keys of its
        knowledge-base-wide aliases; `embedder`: a query embedder (`embed_query`) for what
        the lexicon's phrasings do not name, or None to read by the lexicon alone."""
        self.index = NameLinker(sorted(set(names)))
        self.alias_keys = frozenset(alias_keys)
        self.embedder = embedder

    @classmethod
    def of(
        cls,
        store: VectorStore,
        kb: str,
        committed: Sequence[str],
        aliases: Sequence[Alias],
        embedder: Any = None,
    ) -> QuestionReader:
        """The reader of knowledge base `kb`: the names its committed documents bind."""
        reader = cls(alias_keys={a.alias_key for a in aliases if a.document_id is None})
        reader.index = build_name_index(store, kb, committed, aliases)
        reader.embedder = embedder
        return reader

    @staticmethod
    def focus(question: str) -> str:
        """The question without the instructions around it ("Answer in USD millions.")."""
        return question_focus(question)

    def names(self, question: str) -> list[Mention]:
        """The names `question` writes: known ones first (longest), then name-shaped runs of
        capitalised words that match nothing known."""
        return find_mentions(question, self.index)

    def split(self, names: str) -> list[str]:
        """A list of names ("A, B and C") split as a question's list of parties is, the
        knowledge base's names kept whole ("C.M. Oliver & Company Limited")."""
        with known_names(self.index):
            return split_names(names)

    @staticmethod
    def intent(text: str) -> Intent | None:
        """What `text` asks, by the lexicon's phrasings (None: no phrasing names it)."""
        return lexicon_intent(text)

    def read(self, question: str, *, scoped: bool = False) -> SubjectClass:
        """The subject class of `question` (SubjectClassError when it names none)."""
        embed = self.embedder if self.embedder is not None else _NoEmbedder()
        return read_question(
            question, self.index, self.alias_keys, embed, self.embedder, scoped=scoped
        )

    def read_open(self, question: str, *, scoped: bool = False) -> SubjectClass:
        """The open reading alone, for a question the grammar does not read."""
        embed = self.embedder.embed_query if self.embedder is not None else None
        normalized = _normalize(question_focus(question))
        return read_open_question(
            question, normalized, self.index, embed=embed, embedder=self.embedder, scoped=scoped
        ).subject

    @staticmethod
    def asks_existence(question: str, subject: SubjectClass) -> bool:
        """Does a yes/no question ask whether a clause is there ("Does the MSA contain a
        non-compete clause?"), not what it says?"""
        return asks_existence(question_focus(question), subject)


class _NoEmbedder:
    """No query embedder: what the lexicon's phrasings do not name is read as a topic."""

    embed_query = None


def company_reading(question: str, subject: SubjectClass) -> SubjectClass | None:
    """The question as a topic of the one company it names, where it was read as an
    agreement's term only by the attribute's phrasing ("How much did X pay out in cash
    dividends?": "pay" is a compensation phrasing) and names no agreement: the skill asks it
    so when the company is party to no agreement of the knowledge base. None otherwise."""
    parties = subject.parties
    if (
        subject.type != "agreement"
        or len(parties) != 1
        or subject.document_type is not None
        or "amendment" in subject.constraints
    ):
        return None
    text = _normalize(question)
    if _AGREEMENT_PHRASE.search(text) is not None:
        return None
    topic = topic_text(text.replace(parties[0], " "))
    if not topic:
        return None
    constraints: dict[str, Any] = {"topic": topic}
    if subject.constraints.get("yes_no"):
        constraints["yes_no"] = True
    return SubjectClass(
        type="legal_entity",
        name=parties[0],
        attribute=TOPIC,
        constraints=constraints,
        kind=QuestionKind.ENTITY_ATTRIBUTE,
    )


def is_clause_question(subject: SubjectClass) -> bool:
    """A question about a clause topic or a topic: its absence is stated, not left blank."""
    return subject.attribute in CLAUSE_TOPICS or subject.attribute == TOPIC


def clause_label(subject: SubjectClass) -> str:
    """How the answer names what is asked: the topic's words, or the attribute's label."""
    if subject.attribute == TOPIC:
        return str(subject.constraints.get("topic") or "topic")
    entry = _LABELS.get(str(subject.attribute or ""))
    return entry if entry is not None else str(subject.attribute or "")


_LABELS = {a.name: a.display for a in lexicon().attributes}


__all__ = [
    "QuestionReader",
    "build_name_index",
    "clause_label",
    "company_reading",
    "consent_not_a_party",
    "is_clause_question",
    "read_question",
]
