"""Yes/no questions about an agreement as claims the engine judges (issue 34).

"Can Northgate terminate the MSA without cause?" is the proposition
`termination_without_cause` (domain/lexicon/propositions.yaml) asked of Northgate. Each quoted
sentence that speaks of it becomes an observation: it holds ("yes") or it does not ("no"),
read from the sentence's modality (may, shall, shall not, is prohibited from), its negations,
its exceptions and conditions, and whose action it states; a sentence that does not speak of
it yields none, so silence is "not stated", never "no". The engine then judges the claim
"yes" over those observations under the evidence contract.

For the NDA propositions the learned reader (skill/_nli.py) reads beside the rules, as its
training chose out of fold: where the rules read nothing, instead of them, or confirming them;
its readings are sentences quoted and cited like the rules', never a prior without one.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from domain import (
    ModalityWords,
    PropositionEntry,
    known_words,
    legal_form,
    lexicon,
    sentence_location,
    sentence_spans,
)
from skill._alternation import WHITE_SPACE, alternation
from skill._answer import EvidenceUnit
from skill._candidate import Candidate
from skill._cases import CASE_SYNONYMS, asked_case_spans
from skill._claim_leads import disagreement
from skill._errors import SubjectClassError
from skill._evidence import EvidenceCollector
from skill._nli import NliUse, nli_model
from skill._question import question_focus
from skill._sentences import Sentence, sentences_across
from skill._subject import QuestionKind, SubjectClass
from skill._topic import stem, topic_words
from skill.linking import POSSESSIVE, QuestionToken, name_key, question_tokens, writes_possessive

_FLAGS = re.IGNORECASE


def _any(patterns: Sequence[str]) -> re.Pattern[str] | None:
    return re.compile("|".join(f"(?:{p})" for p in patterns), _FLAGS) if patterns else None


@dataclass(frozen=True)
class _Compiled:
    entry: PropositionEntry
    asks: re.Pattern[str]
    asks_not: re.Pattern[str] | None
    action: tuple[re.Pattern[str], ...]
    qualifier: re.Pattern[str] | None
    contrary: re.Pattern[str] | None
    denies: re.Pattern[str] | None
    affirms: re.Pattern[str] | None
    general: re.Pattern[str] | None
    mentions: re.Pattern[str] | None
    taken_back: re.Pattern[str] | None
    bounds: re.Pattern[str] | None
    object: re.Pattern[str] | None
    other_object: re.Pattern[str] | None
    carve_outs: re.Pattern[str] | None
    carved_by: re.Pattern[str] | None
    asks_carved: re.Pattern[str] | None
    bounds_not_amount: re.Pattern[str] | None
    states_amount: re.Pattern[str] | None
    captioned: tuple[re.Pattern[str], ...]
    ancillary: re.Pattern[str] | None
    given_back: re.Pattern[str] | None
    asks_duty: re.Pattern[str] | None


def _compile(entry: PropositionEntry) -> _Compiled:
    asks = _any(entry.asks)
    assert asks is not None  # the lexicon refuses a proposition without `asks`
    return _Compiled(
        entry,
        asks,
        _any(entry.asks_not),
        tuple(re.compile(p, _FLAGS) for p in entry.action),
        _any((*entry.qualifier, *entry.bounds)),
        _any(entry.contrary),
        _any(entry.denies),
        _any(entry.affirms),
        _any(entry.general),
        _any(entry.mentions),
        _any(entry.taken_back),
        _any(entry.bounds),
        _any(entry.object),
        _any(entry.other_object),
        _any(entry.carve_outs),
        _any(entry.carved_by),
        _any(entry.asks_carved),
        _any(entry.bounds_not_amount),
        _any(entry.states_amount),
        tuple(re.compile(p, _FLAGS) for p in entry.captioned),
        _any(entry.ancillary),
        _any(entry.given_back),
        _any(entry.asks_duty),
    )


@functools.lru_cache(maxsize=256)
def _compiled(entry: PropositionEntry) -> _Compiled:
    """A proposition no lexicon record is (one read from a question's own words,
    skill/_question_claims.py), compiled once."""
    return _compile(entry)


@dataclass(frozen=True)
class _Modality:
    permission: re.Pattern[str]
    obligation: re.Pattern[str]
    negation: re.Pattern[str]
    exception: re.Pattern[str]
    condition: re.Pattern[str]
    proviso: re.Pattern[str]
    # in a proviso before its duty: what frees the party from it ("provided that no notice")
    proviso_freed: re.Pattern[str]
    carve_out: re.Pattern[str]
    # a verb of restricting right before the action ("restrict disclosure ... to")
    restrict: re.Pattern[str]
    # right after a qualifier: those of it who lack the ground ("employees not having a need")
    lacking: re.Pattern[str]
    # an exception opening on persons ("except those of its Associates")
    excepted_persons: re.Pattern[str]
    # a duty denied ("not required to disclose"): neither a permission nor its denial
    negated_duty: re.Pattern[str]
    # adverbs at most ("promptly"), all of what stands between a denied duty's "to" and its act
    duty_adverbs: re.Pattern[str]
    # opening an aside in commas: a condition ("provided it shall have paid all fees")
    aside_condition: re.Pattern[str]
    # between a modal and its verb, how or when ("directly or indirectly", "for two years")
    adverbial: re.Pattern[str]
    any_actor: re.Pattern[str]
    asks_permission: re.Pattern[str]
    asks_prohibition: re.Pattern[str]
    asks_obligation: re.Pattern[str]
    # a duty denied in a question ("under no obligation to", "not required to")
    asks_no_obligation: re.Pattern[str]
    # the noun phrase an action is done to: after the verb, or a passive's subject
    acted_on: re.Pattern[str]
    subject: re.Pattern[str]
    passive: re.Pattern[str]
    # a possessive object after the action ("terminate Halcyon's rights"), its head as `head`
    possessed: re.Pattern[str]
    # the "that" of a complement clause ("agrees that"), as group `that`
    complement: re.Pattern[str]
    # the negation of a noun's own infinitive ("the obligation not to use"), as group `not`
    noun_infinitive: re.Pattern[str]
    # a verb of weakening, then a noun's own infinitive that governs the action at the end
    # ("shall impair X's obligations not to "), the verb as group `verb`
    weakened: re.Pattern[str]
    # words that lift a noun's own restriction from its holder, then the noun's infinitive that
    # governs the action at the end ("shall release Acme from its obligation not to "), the
    # words as group `frees` (a verb of freeing) or `unbound` (the holder's "not bound by")
    lifted: re.Pattern[str]
    # the same two, where the restriction may be named by its own words too ("shall release
    # Acme from its non-", "shall not impair Acme's non-"): a prohibition's
    weakened_named: re.Pattern[str]
    lifted_named: re.Pattern[str]
    # the words that end the window of an action named as its own restriction ("the
    # non-competition covenant": "the non-"; "the restrictions on competition")
    named_restriction: re.Pattern[str]
    # what binds a party by a restriction named so ("Acme is bound by", "shall comply with")
    bound_by: re.Pattern[str]
    # after a restriction named so, what names its holder ("... applicable to Acme")
    restriction_holder_after: re.Pattern[str]
    # a pronoun at the end of a complement's subject ("that upon notice to Y it")
    pronoun_last: re.Pattern[str]
    # a scope on what a clause says ("outside of the Territory"), its side as group `outside`
    # or `inside`
    scope: re.Pattern[str]
    negative_word: re.Pattern[str]
    change_word: re.Pattern[str]
    grant_break: re.Pattern[str]
    grant_not_held: re.Pattern[str]
    grant_to_others: re.Pattern[str]
    grant_to_others_break: re.Pattern[str]
    trailing_condition: re.Pattern[str]
    # a word of weakening anywhere ("affect", "release"), to find which one is the verb
    weakening_word: re.Pattern[str]
    # a determiner right before a word, which makes it a noun ("the release", "any waiver", "no
    # waiver")
    determined: re.Pattern[str]
    # a proviso's subject that refers back to its main clause ("the foregoing")
    back_reference: re.Pattern[str]
    # a sentence that only defines a term ('"Exclusive Territory" means ...')
    definition: re.Pattern[str]


def _modality(words: ModalityWords) -> _Modality:
    # "the waiver", "no waiver": a noun either way
    determiners = (*words.determiner, *words.negative_determiner)

    def one(patterns: Sequence[str]) -> re.Pattern[str]:
        compiled = _any(patterns)
        return compiled if compiled is not None else re.compile(r"(?!)")

    return _Modality(
        one(words.permission),
        one(words.obligation),
        one(words.negation),
        one(words.exception),
        one(words.condition),
        one(words.proviso),
        one(words.proviso_freed),
        one(words.carve_out),
        one(words.restrict),
        one(words.lacking),
        one(words.excepted_persons),
        one(words.negated_duty),
        re.compile(rf"(?:\s*(?:{one(words.duty_adverb).pattern}))*\s*", _FLAGS),
        one(words.aside_condition),
        one(words.adverbial),
        one(words.any_actor),
        one(words.question_permission),
        one(words.question_prohibition),
        one(words.question_obligation),
        one(words.question_no_obligation),
        _noun_phrase(words, after_action=True),
        _noun_phrase(words, after_action=False),
        one(words.passive),
        _possessed(words),
        re.compile(rf"(?:{one(words.complement).pattern})\s*,?\s+(?P<that>that)\b", _FLAGS),
        # followed by a word: an infinitive of its own, not the action right after it
        re.compile(
            rf"(?:{one(words.infinitive_noun).pattern})\s+(?P<not>not)\s+to\s+(?=\S)", _FLAGS
        ),
        re.compile(
            rf"(?P<verb>{one(words.weakening).pattern})[^.;:]{{0,120}}?"
            # (the noun's "of" phrase between: "the obligations of Acme not to")
            rf"(?:{_restriction_end(words, named=False)})",
            _FLAGS,
        ),
        re.compile(
            # (in one run of words: "the release date, the obligation not to" lifts nothing)
            rf"(?:{one(words.lifting).pattern})[^.;:,]{{0,120}}?"
            rf"(?:{_restriction_end(words, named=False)})",
            _FLAGS,
        ),
        re.compile(
            rf"(?P<verb>{one(words.weakening).pattern})[^.;:]{{0,120}}?"
            rf"(?:{_restriction_end(words, named=True)})",
            _FLAGS,
        ),
        re.compile(
            rf"(?:{one(words.lifting).pattern})[^.;:,]{{0,120}}?"
            rf"(?:{_restriction_end(words, named=True)})",
            _FLAGS,
        ),
        one(words.named_restriction),
        one(words.bound_by),
        one(words.restriction_holder_after),
        re.compile(rf"(?:{one(words.pronoun).pattern})\s*$", _FLAGS),
        _scope_pattern(words),
        one(words.negative_word),
        one(words.change_word),
        one(words.grant_break),
        one(words.grant_not_held),
        one(words.grant_to_others),
        one(words.grant_to_others_break),
        one(words.trailing_condition),
        one(words.weakening),
        re.compile(rf"\b(?:{'|'.join(f'(?:{d})' for d in determiners) or '(?!)'})\s+$", _FLAGS),
        one(words.back_reference),
        one(words.definition),
    )


def _restriction_end(words: ModalityWords, *, named: bool) -> str:
    """The end of the words before an action that names a restriction: a noun's own infinitive
    ("the obligation of Acme not to"), or, where `named`, the action named as the restriction
    itself too ("its non-", "the restrictions on ")."""
    noun = "|".join(f"(?:{w})" for w in words.infinitive_noun) or "(?!)"
    infinitive = rf"(?:{noun})(?:\s+of\s+[\w&'’.-]+(?:\s+[\w&'’.-]+){{0,3}}?)?\s+not\s+to\s*$"
    if not named:
        return infinitive
    return rf"{infinitive}|" + "|".join(f"(?:{w})" for w in words.named_restriction or ("(?!)",))


def _scope_pattern(words: ModalityWords) -> re.Pattern[str]:
    """A scope: a word that puts a clause outside or inside (group `outside` or `inside`), a
    determiner, up to three words, and a noun that names a place, a field or a market ("outside
    of the Territory", "in any country of the Territory")."""

    def longest_first(patterns: Sequence[str]) -> str:
        return "|".join(f"(?:{p})" for p in sorted(patterns, key=len, reverse=True)) or "(?!)"

    determiner = longest_first(words.determiner)
    return re.compile(
        rf"(?:(?P<outside>{longest_first(words.scope_outside)})"
        rf"|(?P<inside>{longest_first(words.scope_inside)}))"
        rf"\s+(?:(?:{determiner})\s+)?(?:[\w'’-]+\s+){{0,3}}?(?:{longest_first(words.scope_noun)})"
        # the place's own complement ("any country of the Territory")
        rf"\b(?:\s+of\s+(?:the\s+)?[\w'’-]+)?",
        _FLAGS,
    )


def _phrase_words(words: ModalityWords) -> tuple[str, str]:
    """A word of a noun phrase (none of `phrase_end`), and its head words as group `head`."""
    end = "|".join(f"(?:{e})" for e in words.phrase_end) or "(?!)"
    word = rf"(?!(?:{end}))[\w'’&/-]+"
    return word, rf"(?P<head>{word}(?:\s+{word}){{0,5}})"


def _possessed(words: ModalityWords) -> re.Pattern[str]:
    """The noun phrase after an action opened by its possessor ("terminate Halcyon's rights",
    "Halcyon Holdings' licence"): a name of up to four words, none of `phrase_end` ("for
    Northgate's convenience" is no object), the head words after it as group `head`."""
    word, head = _phrase_words(words)
    # never a measure of time ("terminate thirty days' notice" names no possessor)
    measure = r"(?!(?:day|week|month|year)s?['’])"
    possessor = rf"(?:{word}\s+){{0,3}}?{measure}{word}(?<=['’]s|s['’])"
    return re.compile(rf"^\s*{possessor}\s+{head}", _FLAGS)


def _noun_phrase(words: ModalityWords, *, after_action: bool) -> re.Pattern[str]:
    """The noun phrase an action is done to, its head words as group `head`: after the
    action, opened by a determiner ("terminate any Statement of Work", "termination of the
    licenses"); as a subject, the determiner optional ("Licenses granted hereunder may be")."""
    determiner = "|".join(f"(?:{d})" for d in words.determiner) or "(?!)"
    _, head = _phrase_words(words)
    if after_action:
        return re.compile(rf"^\s*(?:of\s+)?(?:{determiner})\s+{head}", _FLAGS)
    return re.compile(rf"^\W*(?:(?:{determiner})\s+)?{head}", _FLAGS)


_PROPOSITIONS = tuple(_compile(p) for p in lexicon().propositions)
_BY_NAME = {p.entry.name: p for p in _PROPOSITIONS}
_MODALITY = _modality(lexicon().modality)
# asides after the action that qualify nothing ("in whole or in part"): the qualifier's reach
# runs past them
_INTERJECTION = _any(lexicon().modality.interjection)
# the words that open a noun phrase ("The", "Such", "Any"), no name of a party
_DETERMINERS = frozenset(
    w.casefold() for w in (*lexicon().modality.determiner, *lexicon().modality.negative_determiner)
)
# the words of the phrases naming any party ("either party", "the parties"): no name of one
_ANY_PARTY_WORDS = frozenset(w.casefold() for p in lexicon().modality.any_actor for w in p.split())
_KNOWN_WORDS = known_words()
# the words of an agreement's title in a question (group 1: "the Exclusive Distributor
# Agreement"), read out of the claim (issue 33)
_TITLE = _any(lexicon().modality.question_title)
# the words before a title asking whether a party is bound by that agreement: the title stays
_TITLE_BOUND = _any(lexicon().modality.question_title_bound)
# the words after a party's name that ask whether a restriction binds it ("Is Halcyon subject
# to a non-compete?"), the party as group `party`
_BOUND_PARTY = _any(lexicon().modality.question_bound_party)
_ACTING_PARTY = _any(lexicon().modality.question_acting_party)
# the party whose people a question asks may see the information ("Can Beta's staff see
# it?"), each with its group `party`
_PEOPLE_PARTY = tuple(re.compile(p, _FLAGS) for p in lexicon().modality.question_people_party)
# the words naming the party a question asks needs a consent ("Does Halcyon need Northgate's
# consent to assign?", "... required for Halcyon to assign"), each with its group `party`
_CONSENT_PARTY = tuple(re.compile(p, _FLAGS) for p in lexicon().modality.question_consent_party)
# the words naming the party whose consent a question names ("without Halcyon's consent")
_CONSENT_OWNER = tuple(re.compile(p, _FLAGS) for p in lexicon().modality.question_consent_owner)
# after that party's name: another party joined on, a verb making another act, a passive
_JOINED_PARTY = _any(lexicon().modality.question_joined_party)
_CAUSATIVE = _any(lexicon().modality.question_causative)
_PASSIVE = _any(lexicon().modality.question_passive)
# the words before an asked action that make it a passive of what precedes them
_PASSIVE_OPENER = _any(lexicon().modality.question_passive_opener)
# the words after a state's noun naming the party owed ("liability to Acme")
_OWED = _any(lexicon().modality.owed_party)
# adverbs before a question's verb ("May Acme freely compete", "Can Acme unilaterally ...")
_ADVERBS = re.compile(r"^(?:\w+ly\s+)+", re.IGNORECASE)
# A yes/no question opens with an auxiliary ("Can", "Is", "Does", "Must", ...).
_YES_NO = re.compile(
    r"^(?:can|may|could|might|is|are|was|were|does|do|did|must|shall|should|will|would|has|"
    r"have|had|(?:is|are|was|were|does|do|did|ca|could|wo|would|must|sha|should|has|have|had)"
    r"n['’]t)\b",
    _FLAGS,
)
# A phrase before the auxiliary, up to its comma ("Under this agreement, is ...?", "If the
# recipient receives a subpoena, must it ...?", "On termination, does ...?"): moved after it.
_LEADING_PHRASE = re.compile(r"^(?P<lead>[^,;:?]{2,160}),\s*")
# the commas that may end such a phrase: within _MAX_LEAD characters, none of ";:?" before
_LEAD_END = re.compile(r",\s*")
_LEAD_STOP = re.compile(r"[;:?]")
_MAX_LEAD = 160
# A question that opens with an asking word or an instruction asks no yes/no.
_ASKING = re.compile(
    r"^(?:what|which|who|whom|whose|when|where|why|how|list|name|identify|give|show|tell|"
    r"summari[sz]e|describe|explain)\b",
    _FLAGS,
)
# In a terse question with no auxiliary first, a modal inside it ("Information must be marked?")
_INNER_MODAL = re.compile(r"\b(?:must|may|can|shall|should|will)\b", _FLAGS)
# a clause's modal verb as a sentence writes it, in lower case (a caption's is capitalised:
# "Covenant Not to Compete", "Term of Will")
_CLAUSE_MODAL = re.compile(_INNER_MODAL.pattern)
# the words that make a terse question with no auxiliary a yes/no one ("Copies permitted?",
# "Obligations survive termination?"; propositions.yaml modality `question_elliptical`)
_ELLIPTICAL = _any(lexicon().modality.question_elliptical)
# A terse question made of a claim's noun phrase alone ("Non-solicit of employees?"): the
# phrases joined, ending the question or followed by a linking word and the rest.
_TERSE_CLAIM = _any(lexicon().modality.question_terse_claim)
_TERSE_LINK = _any(lexicon().modality.question_terse_link)
_TERSE_NOUNS = (
    re.compile(
        rf"(?:{_TERSE_CLAIM.pattern})(?:\s*(?:or|and|/|&)\s*(?:{_TERSE_CLAIM.pattern}))*"
        rf"(?:\s+(?:{_TERSE_LINK.pattern})\b[^?]*)?\s*\?",
        _FLAGS,
    )
    if _TERSE_CLAIM is not None and _TERSE_LINK is not None
    else None
)
# the asking words of a question that asks for a value ("For how long is ...?", "Liability
# limited to what amount?", "Copies may be retained by whom?"; propositions.yaml modality
# `question_asking`): one that opens it, follows a preposition (`question_asking_after`) or
# opens its last words asks no yes/no
_ASKING_WORD = _any(lexicon().modality.question_asking)
_ASKING_AFTER = _any(lexicon().modality.question_asking_after)
_ASKING_ANYWHERE = _any(lexicon().modality.question_asking_anywhere)
_ASKING_RELATIVE = _any(lexicon().modality.question_asking_relative)
# "When this is over, do we ...?": an asking word opening a clause, a comma, then the
# question's auxiliary (propositions.yaml modality `question_asking_clause`)
_AUXILIARY = r"(?:" + alternation(lexicon().question_auxiliaries) + r")\b"
_ASKING_CLAUSE = (
    re.compile(
        r"^\W*(?:"
        + alternation(lexicon().modality.question_asking_clause, literal=False)
        + rf")\s+(?!{_AUXILIARY})[^,;?]{{1,160}},\s*{_AUXILIARY}",
        re.IGNORECASE,
    )
    if lexicon().modality.question_asking_clause
    else None
)
# a noun phrase its determiner opens ("the agreement", "any cases", "such party"; the articles
# and vocabulary.yaml `question_non_name_leads`) closed by the preposition right before an
# asking word: that word opens a relative clause ("the agreement to which ...")
_NOUN_PHRASE_PREPOSITION = re.compile(
    r"(?<![\w'’-])(?:"
    + "|".join(sorted({"the", "a", "an", *lexicon().question_non_name_leads}))
    + r")\s+(?:[\w'’-]+\s+){0,3}?[\w'’-]+\s+[\w']+$",
    _FLAGS,
)
_ASKING_AT_END = re.compile(r"^\W*$")
# Clause ends: a sentence's clauses are read apart ("...; provided that ...").
_CLAUSE_BREAK = re.compile(r"[;:]|\.\s")
_CLAUSE_PUNCTUATION = re.compile(r"[,;:]")
_CLAUSE_END = re.compile(r"[;:]|\.\s|\.$")
_WORD = re.compile(r"[A-Za-z]+")
# the letters of a verb that name it whatever its ending ("assign", "assigned", "assignment")
_VERB_STEM = 6
# an aside between commas right after a modal ("may, without such consent, assign")
_MODAL_ASIDE = re.compile(r"\s*,[^,;:]{1,80},")
_ADVERB = re.compile(r"\w+ly|also|then|thereafter|at|any|time", _FLAGS)
# a comma and a conjunction that may open a clause of its own (`_clause_tail`)
_CONJUNCTIONS = r"(?:and|but|while|whereas)"
_CONJOINED = re.compile(rf",\s+{_CONJUNCTIONS}\s+", re.IGNORECASE)
# a conjunction with or without its comma; a new clause is told by its subject and modal
_JOINS = re.compile(rf",?\s+{_CONJUNCTIONS}\s+", re.IGNORECASE)
_MAX_PART = 240
# An observation's confidence is the reader's, not the search's: the search scored a sentence's
# nearness to the claim's words, the reader what the sentence says. A sentence that states the
# action with its qualifier is read surely; one that decides the claim otherwise (it forbids
# the action outright, it denies it in other words) less so. Both are over the engine's
# default threshold (0.5): a request's stricter contract may set them aside.
READ_CONFIDENCE = 0.8
INDIRECT_CONFIDENCE = 0.6
# a reading of the learned reader (skill/_nli.py): between the two, over the engine's default
# threshold; its thresholds were chosen out of fold, the confidence is not its probability
LEARNED_CONFIDENCE = 0.7
# how far from the action its qualifier may stand, in characters (opening the sentence before
# it: "for convenience, either party may terminate"; after it: "may assign this Agreement
# without the consent")
_REACH_BEFORE = 60
_REACH_AFTER = 120
# a sentence that opens with its condition ("If ...", "In the event ...", "(c) Upon ...")
_LEADING_CONDITION = re.compile(
    r"^\W*(?:\d+(?:\.\d+)*[.)]?\s*)?(?:\(?[a-z0-9ivx]{1,4}\)\s*)?"
    r"(?:if|in\s+the\s+event|upon|when|whenever|where|should|in\s+case"
    # "Without Lender's prior written consent, no Loan Party shall": the consent's party is
    # the condition's, not the one the prohibition binds
    r"|without\s+(?:the\s+)?(?:[\w'’]+\s+){0,5}?(?:consent|approval|permission)(?:\s+of\s+[\w'’]+(?:\s+[\w'’]+){0,3}?)?\s*,)",
    _FLAGS,
)
_WITHOUT = re.compile(r"\bwithout\b", _FLAGS)
# a sentence shorter than this (a heading) decides nothing
_MIN_WORDS = 5
# a heading's section number ("38.0 NON-EXCLUSIVE NATURE OF AGREEMENT", "6.1 Exclusive
# License by Achaogen."), no word of it; with the word that numbers it before ("Section 14.10
# Third Party Beneficiary.", "ARTICLE 7 Exclusivity": vocabulary numbered_heading_words)
_HEADING_WORD = "|".join(map(re.escape, lexicon().numbered_heading_words))
_SECTION_NUMBER = re.compile(
    rf"^\W*(?:(?:{_HEADING_WORD})\s+(?:\d+(?:\.\d+)*|[ivx]{{1,5}}|[a-z])[.:)]?"
    r"|\d+(?:\.\d+)*\.?|(?:[a-z]|[ivx]{1,5})[.)])\s",
    _FLAGS,
)
# A run of numbered captions (a table of contents: "Facsimile Signatures 14.13 Third Party
# Beneficiaries 14.14 Governing Law 14.15 Construction", "9. Non-Competition 10. Notices 11.
# Term"): a section number with a dot in it or after it
# between a word (hyphens and all: "Non-Competition 10. Notices"; or the page number of the
# caption before) and a capitalised word is a
# caption's; numbers, capitalised words and the short words inside a caption (vocabulary
# caption_joiners: "Limitation of Liability") make the run. The number is no caption's where the word before it cites it (a reference word,
# singular or plural, any case: "an intended beneficiary of Section 4.2 Insurance", "see
# clauses 2.1 Appointment": vocabulary numbered_heading_words, cross_reference_words) or a
# word beside it makes it an amount or a period ("USD 1.5 Million", "Year 2.5": currencies,
# units, caption_amount_words). A sentence is a run of captions when it holds two and its
# runs that hold them cover most of it (_CAPTION_SHARE of its words): sections cited in the
# middle of a clause leave most of it outside ("Distributor is the exclusive distributor in
# the Territory, see 2.1 Appointment and 3.1 Territory.").
_CAPTION_NUMBER = re.compile(r"\d+(?:\.\d+)+\.?|\d+\.")
_RUN_NUMBER = re.compile(r"\d+(?:\.\d+)*\.?")
_DOTTED_NUMBER = re.compile(r"\d\.(?:\d|\s)")
_TOKEN_EDGE = "\"'“”‘’()[],;:."
_CAPTION_SHARE = 2 / 3


def _caption_run(sentence: str) -> bool:
    """Is `sentence` a run of numbered captions (a table of contents), by the comment above?"""
    if _DOTTED_NUMBER.search(sentence) is None:
        return False
    lex = lexicon()
    tokens = sentence.split()
    bare = [t.strip(_TOKEN_EDGE) for t in tokens]
    in_run = [
        bool(_RUN_NUMBER.fullmatch(t.rstrip(",;:")))
        or b[:1].isupper()
        or (bool(b) and b.lower() in lex.caption_joiners)
        for t, b in zip(tokens, bare, strict=True)
    ]
    captions = set()
    for i in range(1, len(tokens) - 1):
        lead = bare[i - 1].lower()
        if (
            (lead.replace("-", "").isalpha() or lead.isdigit())
            and _CAPTION_NUMBER.fullmatch(tokens[i])
            and bare[i + 1][:1].isupper()
            and lead not in lex.cross_reference_words
            and lead not in lex.caption_amount_words
            and bare[i + 1].lower() not in lex.caption_amount_words
        ):
            captions.add(i)
    if len(captions) < 2:
        return False
    covered = 0
    start = 0
    for i in range(len(tokens) + 1):
        if i < len(tokens) and in_run[i]:
            continue
        if any(start <= c < i for c in captions):
            covered += i - start
        start = i + 1
    return covered >= _CAPTION_SHARE * len(tokens)


def heading_only(sentence: str) -> bool:
    """Is `sentence` too short to state anything: fewer than _MIN_WORDS words, or so without
    its section number and no modal in it ("5. Either party may terminate." states a right),
    or a run of numbered captions (a table of contents, `_caption_run`: a caption's own words
    may look modal, "9. Covenant Not to Compete 10. Notices")? A sentence of _MIN_WORDS whose
    modal verb, in lower case as a clause writes it, has a subject before it ("Licensee shall
    not: 1. Sell Competing Products 2. Solicit Customers") states its list: no caption run."""
    if len(sentence.split()) < _MIN_WORDS:
        return True
    unnumbered = _SECTION_NUMBER.sub("", sentence, count=1)
    verb = _CLAUSE_MODAL.search(unnumbered)
    if verb is not None and re.search(r"[A-Za-z]", unnumbered[: verb.start()]):
        return False
    if _caption_run(sentence):
        return True
    modal = any(
        pattern.search(unnumbered)
        for pattern in (_MODALITY.permission, _MODALITY.obligation, _MODALITY.negation)
    )
    return not modal and len(unnumbered.split()) < _MIN_WORDS


# Titles inside a sentence name a topic, they state nothing of it (issue 34: "SUPPORTED where
# CUAD marks the clause absent"); the claim's words inside one are a mention in another sense
# (`ClauseReader._mention_spans`):
# - a run-in title: a heading run into its clause's first sentence, its section number before
#   it or not ("Third-Party Beneficiaries Except as provided in Section 8, this Agreement ...",
#   "Section 9 - Exclusivity The parties shall ..."): capitalised words (and a caption's short
#   words, vocabulary caption_joiners) up to a word that opens a sentence (vocabulary
#   run_in_openers, as written); a sentence that is all such words, some in lower case (Title
#   Case: an all-capitals sentence may state a clause), is a title line; after the number of an
#   attached part (vocabulary attachment_title_words: "Exhibit B: Most Favored Nation Terms,
#   attached hereto") the capitalised words are its title; a line of a table of contents split
#   after the next caption's number ("9. Covenant Not to Compete 10.") is a title line;
# - a cross-reference's caption: a section number's caption in brackets ("subject to Section 9
#   (Non-Competition)", "Sections 7 (Confidentiality), 9 (Exclusivity) and 12 shall survive")
#   or quoted after "entitled" ('the Section entitled "Termination"').
_DASHES = "-\u2013\u2014"
_ATTACHMENT_TITLE = re.compile(
    r"^\W*(?:"
    + "|".join(map(re.escape, sorted(lexicon().attachment_title_words)))
    + r")\s+(?:\d+(?:\.\d+)*|[a-z]{1,2}|[ivx]{1,5})[.:)]?\s",
    _FLAGS,
)
_PAREN_CAPTION = re.compile(
    r"(?:(?<![\w.])\d+(?:\.\d+)*|\b[IVXL]{1,5})(?:\([a-z0-9]{1,4}\))*\.?\s*"
    r"\((?P<caption>[^()]{1,80})\)"
)
_QUOTED_CAPTION = re.compile(
    r"\b(?:entitled|captioned|headed|titled)\s+(?P<caption>[\"“][^\"”]{1,80}[\"”])", _FLAGS
)


def _caption_word(token: str) -> bool:
    """Is `token` a caption's: capitalised, a caption's short word, or a dash?"""
    bare = token.strip(_TOKEN_EDGE + _DASHES)
    if not bare:
        return bool(token.strip(_TOKEN_EDGE))
    return bare[:1].isupper() or bare.lower() in lexicon().caption_joiners


def _capitalised(token: str) -> bool:
    return token.strip(_TOKEN_EDGE + _DASHES)[:1].isupper()


def _opens_clause_after(tokens: list[str], i: int) -> bool:
    """Does the opener `tokens[i]` open the sentence after a run-in title: not a caption's
    short word's object ("Disclosure of Information by The Receiving Party" runs on), and the
    clause after it goes on in lower case, at once or after a name's or a defined term's
    capitalised words and short words ("During the Term, the Distributor shall", "Neither
    Party shall", "The Company and Distributor shall"), where a title's own preposition or
    "No" is followed by the title's words alone ("Termination Without Cause and Convenience",
    a title line)?"""
    before = tokens[i - 1]
    if tokens[i].endswith("."):
        # an abbreviation ("Request for Proposal No. 426")
        return False
    if before.islower() and before.strip(_TOKEN_EDGE) in lexicon().caption_joiners:
        return False
    return any(not _caption_word(token) for token in tokens[i + 1 :])


def _run_in_title(s: str) -> int:
    """The end of the title that opens `s` (the comment above), 0 where none."""
    attachment = _ATTACHMENT_TITLE.match(s)
    number = attachment or _SECTION_NUMBER.match(s)
    start = number.end() if number is not None else 0
    openers = lexicon().run_in_openers
    found = list(re.finditer(r"\S+", s[start:]))
    tokens = [token.group(0) for token in found]
    words = 0
    end = 0
    for i, token in enumerate(found):
        word = token.group(0)
        if words and word.strip(_TOKEN_EDGE) in openers and _opens_clause_after(tokens, i):
            return start + token.start()
        if _RUN_NUMBER.fullmatch(word) and start + token.end() == len(s):
            # the next caption's number, where a table of contents is split after it ("9.
            # Covenant Not to Compete 10.")
            break
        if not _caption_word(word):
            return start + end if attachment is not None and words else 0
        if _capitalised(word):
            words += 1
            end = token.end()
    lower_case = any(c.islower() for c in s[start:])
    return len(s) if words and (lower_case or attachment is not None) else 0


def _title_spans(s: str) -> tuple[tuple[int, int], ...]:
    """The spans of `s` that are titles (the comment above): a run-in title, a caption of a
    cross-reference."""
    spans: list[tuple[int, int]] = []
    end = _run_in_title(s)
    if end:
        spans.append((0, end))
    for m in _PAREN_CAPTION.finditer(s):
        tokens = m.group("caption").split()
        if all(map(_caption_word, tokens)) and any(map(_capitalised, tokens)):
            spans.append(m.span("caption"))
    spans.extend(m.span("caption") for m in _QUOTED_CAPTION.finditer(s))
    return tuple(spans)


# how near before an action its modal stands, in characters
_GOVERNED = 90
# "without" before an action in a question ("without notifying")
_WITHOUT = re.compile(r"\bwithout\s+(?:first\s+|prior\s+|giving\s+|any\s+|being\s+)?", _FLAGS)
# (the question's modality, the proposition's kind) that ask the proposition's negation
_ASKS_OPPOSITE = {
    ("prohibition", "permission"),
    ("prohibition", "obligation"),
    ("permission", "prohibition"),
    ("no_obligation", "obligation"),
}


def claim_names() -> tuple[str, ...]:
    """The propositions a structured subject may name as `constraints.claim`."""
    return tuple(_BY_NAME)


@dataclass(frozen=True)
class Claim:
    """A yes/no claim: the proposition, whether the question asks its negation ("Is the
    liability uncapped?" of `liability_capped`), the party whose action it is (None: any)
    and the agreement's other parties (a sentence of theirs is not the actor's). `carved`:
    asked negated, whether the question asks for the cases carved out of the state ("Is
    liability uncapped?": the cap's carve-outs answer Yes, with conditions) rather than the
    state's plain negation ("Is there no limit on liability?": a cap answers No, its
    carve-outs its exceptions)."""

    entry: PropositionEntry
    negated: bool
    actor: str | None
    others: tuple[str, ...]
    carved: bool = True
    # the defined terms the actor and the other parties are bound under in the agreement
    # ("Borrower", "Lender"), matched whole in a sentence as their names are
    actor_terms: tuple[str, ...] = ()
    other_terms: tuple[str, ...] = ()
    # the actor is who benefits, not who acts ("Is Northgate entitled to indemnification?"):
    # another's duty gives it ("the Company shall continue to pay the Executive"), the actor's
    # own duty to another does not ("Customer shall indemnify Provider", asked of Customer)
    benefits: bool = False
    # the case the question names for its action ("to a successor in a merger"): each content
    # word's stems (its own, its synonyms'); an exception of the deciding sentence naming every
    # word decides the other way (`asked_case`)
    case: tuple[tuple[str, ...], ...] = ()
    # the party the question writes as the case's owner ("to an affiliate of Northgate":
    # Northgate); "" where none (the actor's own: "to its successor"): an exception decides
    # only for a case of the same owner ("except to an Affiliate of Halcyon" is not Northgate's)
    case_owner: str = ""

    @property
    def label(self) -> str:
        return ("not " if self.negated else "") + self.entry.label


def read_claim(question: str, subject: SubjectClass, *, exists: bool = False) -> Claim | None:
    """The claim a yes/no question about an agreement makes, or None (not yes/no, not about
    an agreement, a question whether a clause exists (`exists`) unless a record reads it, or
    no proposition named)."""
    if subject.type != "agreement" or subject.constraints.get("claim"):
        return None
    asked_yes_no = yes_no_focus(" ".join(question_focus(question).split()))
    if asked_yes_no is None:
        return None
    focus = asked_yes_no
    # "Does the Exclusive Distributor Agreement require insurance?": the title's words name
    # the agreement; the claim is what the rest of the question asks. So does the list of
    # its parties after it ("the MSA between Halcyon Robotics and Northgate Logistics")
    focus = _without_agreement_parties(_without_titles(focus), subject.parties)
    for proposition in _PROPOSITIONS:
        if exists and proposition.entry.existence != "record":
            # "Does the MSA contain a non-compete clause?": the clause found answers
            continue
        # the claim's polarity is its main clause's: a negation inside a condition ("may Acme
        # terminate if Beta does not keep it confidential?") is the condition's event
        main = _without_question_conditions(focus)
        carved = _found_before(proposition.asks_carved, focus, len(main))
        opposite = carved or _found_before(proposition.asks_not, focus, len(main))
        if not opposite and not proposition.asks.search(focus):
            continue
        # (where the question denies a duty, the denial counts only before the claim's words)
        denied = _MODALITY.asks_no_obligation.search(main) is not None
        asked = _asked_modality(main, _claim_start(proposition, focus) if denied else None)
        if any(
            (asked == "permission" or _BY_NAME[n].entry.kind == "state")
            and _BY_NAME[n].asks.search(focus)
            for n in proposition.entry.yields_to
        ):
            # "May Beta develop competing products on its own?": independent development's
            # permission, asked as one. A question that asks the restraint ("Must Beta refrain
            # from independently developing ...?", "Does it stop Beta from ...?") stays with
            # the prohibition whose reading it asks: handed over, it would flip. A state's
            # words read it whatever is asked ("Is the recipient prohibited from revealing to
            # third parties the existence of this Agreement?": the agreement kept confidential,
            # whose own negation reads "may reveal", never sharing with third parties denied)
            continue
        kind = proposition.entry.kind
        negated = opposite
        # "May the recipient reverse engineer?" asks the prohibition's negation ("Is Acme under
        # no obligation to insure?" the duty's, unless the claim's own `asks_not` read it)
        if (asked, kind) in _ASKS_OPPOSITE and not (opposite and asked == "no_obligation"):
            negated = not negated
        if _undone(proposition, focus, len(main)):
            # "... disclose it without notifying the owner?", "... without keeping copies?":
            # the action itself is what the question says is not done
            negated = not negated
        elif not opposite and asked_in_negated_clause(proposition.asks, focus):
            # "Must every copy be destroyed, with nothing kept?", "Is information protected
            # even though it was never marked?": the claim's words are what a clause after the
            # main one says is not done
            negated = not negated
        if _found_before(proposition.asks_duty, focus, len(main)):
            # "Must the recipient protect information it developed on its own?": the duty
            # asked of the exception's case, the exception's negation
            negated = True
        bound = _consent_party(focus, subject) if _asks_consent(proposition, focus) else None
        claim = _claim(
            proposition.entry,
            negated,
            subject,
            carved=carved,
            bound=bound or _bound_party(focus, subject),
        )
        if claim.actor is not None:
            # "Can Northgate assign the MSA without Halcyon's consent?": Halcyon's own clause
            # binds Halcyon, never Northgate
            owners = _consent_owners(focus, subject, claim.actor)
            claim = dataclasses.replace(claim, others=(*claim.others, *owners))
        elif proposition.entry.name in _CONSENT_PROPOSITIONS:
            # "Is Halcyon's consent required to assign the MSA?", no one said to assign: the
            # one whose consent it is never assigns under it, so a clause binding only that
            # party (it has no consent right) says nothing of it; any other party acts
            owners = _consent_owners(focus, subject, "", keep_parties=True)
            claim = dataclasses.replace(claim, others=owners)
        return dataclasses.replace(
            claim, case=asked_case(focus), case_owner=asked_case_owner(focus, subject.parties)
        )
    return None


def claim_focus(question: str, subject: SubjectClass) -> str:
    """The words of a question that ask its claim: its focus (no instructions around it), the
    agreement's title and the list of its parties left out."""
    return _without_agreement_parties(
        _without_titles(" ".join(question_focus(question).split())), subject.parties
    )


def routed_claim(name: str, question: str, subject: SubjectClass) -> Claim | None:
    """The claim of proposition `name` that a question no reader took asks, once a router has
    chosen the proposition by meaning (skill/_claim_route.py): None where the question says a
    negation outside the proposition's own qualifier and action ("Is Beta free of any
    minimum?"), which meaning alone does not tell from the claim; the proposition's action
    after "without" ("Can Acme go without insurance?") asks its negation. Its
    polarity is the modality asked against the proposition's ("Is Acme allowed to compete
    with Beta?" asks a non-compete's negation); its actor the party it binds, as read_claim's."""
    proposition = _BY_NAME.get(name)
    if proposition is None or subject.type != "agreement":
        return None
    focus = claim_focus(question, subject)
    if _asks_value(focus) or _COMMAND.match(focus):
        # "How much notice ...?", "List the insurance requirements": a value or a list asked
        return None
    # "Can the recipient hand it to a court without first telling the owner?": the claim's own
    # action after "without" is what the question says is not done (as read_claim reads it);
    # that "without" is no negation of the question's
    undone = _undone(proposition, focus, len(_without_question_conditions(focus)))
    unqualified = focus
    for w in undone:
        unqualified = unqualified[: w.start()] + " " * len(w.group(0)) + unqualified[w.end() :]
    for pattern in (proposition.qualifier, proposition.asks):
        if pattern is not None:
            unqualified = pattern.sub(" ", unqualified)
    if _MODALITY.negative_word.search(unqualified) or _ROUTE_DENIALS.search(unqualified):
        return None
    if _ROUTE_CONSENT.search(focus):
        # "Is Acme required to get Beta's approval before handing the contract over?": a
        # consent asked, whose owner and polarity the consent readers read, never meaning alone
        return None
    asked, kind = _asked_modality(focus), proposition.entry.kind
    if undone:
        # the action left undone: the opposite of what the question's modality asks of the
        # claim ("Can the recipient disclose without telling the owner?" denies a duty to
        # notify; "Is it prohibited from disclosing without telling?" asks it; "Can it test
        # the software without decompiling it?" keeps a ban on reverse engineering)
        negated = (asked, kind) not in _ASKS_OPPOSITE
    elif (
        asked not in (kind, "state")
        and (asked, kind) not in _ASKS_OPPOSITE
        and (kind != "state" or asked != "obligation")
    ):
        # an obligation asked of a permission ("Must Acme assign ...?"), a permission of a
        # duty: neither the claim nor its negation. A state asked as a duty is the state ("Do
        # we still have to keep their secrets after the agreement ends?"); asked as a
        # permission or a restraint it may be either ("Is Beta free to appoint other
        # distributors?" asks an exclusivity's negation, "Is Acme prevented from offering its
        # best prices?" a most-favoured clause's), which meaning alone does not tell
        return None
    else:
        negated = (asked, kind) in _ASKS_OPPOSITE
    claim = _claim(
        proposition.entry, negated, subject, carved=False, bound=_bound_party(focus, subject)
    )
    return dataclasses.replace(
        claim, case=asked_case(focus), case_owner=asked_case_owner(focus, subject.parties)
    )


# an instruction that opens a question ("List ...", "Summarize ..."): vocabulary.yaml
# question_declared_commands
_COMMAND = re.compile(
    r"^\W*(?:" + alternation(lexicon().question_declared_commands) + r")\b"
    if lexicon().question_declared_commands
    else r"(?!)",
    re.IGNORECASE,
)
# a consent, an approval or a permission asked (its owner and its polarity are the consent
# readers'): vocabulary.yaml question_consent_verbs and their nouns
_ROUTE_CONSENT = re.compile(
    r"\b(?:consent\w*|approv\w*|permission|authori[sz]ation|okay|ok|sign-?off|say-?so|blessing|"
    + alternation(lexicon().question_consent_verbs)
    + r")\b",
    re.IGNORECASE,
)
# what leaves a routed question to the readers (propositions.yaml question_routing `denials`)
_ROUTE_DENIALS = re.compile(
    r"\b(?:"
    + alternation(lexicon().question_routing.get("denials", ()), gap=WHITE_SPACE)
    + r")\b|n['’]t\b",
    re.IGNORECASE,
)

# what opens a clause of a question after its main one ("with", "even though", "and"), and
# of one that says the claim's words do not matter ("regardless of whether"): propositions.yaml
# modality `question_trailing_clause`, `question_indifference`, the longest first
_INDIFFERENCE = _any(sorted(lexicon().modality.question_indifference, key=lambda p: (-len(p), p)))
_TRAILING_CLAUSE = _any(
    sorted(
        (*lexicon().modality.question_trailing_clause, *lexicon().modality.question_indifference),
        key=lambda p: (-len(p), p),
    )
)
# the openers that join a noun phrase as well as a clause ("with", "and"): their negation is
# the word right after them (modality `question_trailing_joins`)
_TRAILING_JOINS = _any(lexicon().modality.question_trailing_joins)
_SPACE = re.compile(r"\s+")
# a negative word right after the claim's words, as their object ("and keep nothing", "retain
# no copies")
_NEGATIVE_AFTER = re.compile(
    r"^\s+(?:[\w'’-]+\s+)?(?:" + _MODALITY.negative_word.pattern + ")", _FLAGS
)


def _clause_break(text: str) -> bool:
    """Does `text` hold a mark that ends a clause: a semicolon, a colon, or a comma that no
    legal form of a name follows ("Quillon Biotech, Inc. never marked it" holds none)?"""
    for mark in re.finditer(r"[,;:]", text):
        after = text[mark.end() :].split()
        if mark.group(0) != "," or not after or not legal_form("name " + after[0]):
            return True
    return False


def asked_in_negated_clause(asks: re.Pattern[str], focus: str) -> bool:
    """Does the question say its claim's words (`asks`) only in a clause after its main one
    that negates them: behind a negative word of that clause, no comma between ("..., with
    nothing kept", "even though the discloser never marked it", "and none retained"), before
    one right after them ("and keep nothing"), or in a clause that says they do not matter
    ("regardless of whether it is labelled": as "even if it is not")? The question then asks
    the claim's negation. A clause's negation after the words ("... with consultants who
    have not signed") is that clause's own."""
    if _TRAILING_CLAUSE is None:
        return False
    found = list(asks.finditer(focus))
    if not found:
        return False
    for m in found:
        openers = [
            o
            for o in _TRAILING_CLAUSE.finditer(focus, 0, m.start())
            if o.start() > 0 and not _clause_break(focus[o.end() : m.start()])
        ]
        if not openers:
            return False
        opener = openers[-1]
        if _INDIFFERENCE is not None and _INDIFFERENCE.fullmatch(opener.group(0)):
            continue
        if _NEGATIVE_AFTER.match(focus[m.end() :]):
            continue
        negative = _trailing_negative(focus, opener, m.start())
        if negative is None:
            return False
        if _modality_between(focus[negative : m.start()]):
            # "Is Barnes and Noble not entitled to audit ...?": the negation is the main
            # clause's, of the modality it asks
            return False
    return True


def _trailing_negative(focus: str, opener: re.Match[str], end: int) -> int | None:
    """Where the negative word of the clause `opener` opens stands before `end`: anywhere in
    a clause a subordinator opens ("even though the discloser never marked it"); right after
    a word that joins a noun phrase as well as a clause (modality `question_trailing_joins`:
    "with nothing kept", "and none retained"; never "Barnes and Noble not entitled", "the
    recipient and its staff not ..."). None where it has none."""
    if _TRAILING_JOINS is not None and _TRAILING_JOINS.fullmatch(opener.group(0)):
        space = _SPACE.match(focus, opener.end())
        right_after = _MODALITY.negative_word.match(focus, space.end() if space else 0, end)
        return right_after.start() if right_after is not None else None
    found = _MODALITY.negative_word.search(focus, opener.start(), end)
    return found.start() if found is not None else None


def _modality_between(text: str) -> bool:
    """Does `text` say a question's modality ("entitled to", "permitted", "required to")?"""
    return any(
        p.search(text)
        for p in (
            _MODALITY.asks_permission,
            _MODALITY.asks_prohibition,
            _MODALITY.asks_obligation,
            _MODALITY.asks_no_obligation,
        )
    )


def _undone(proposition: _Compiled, focus: str, end: int) -> list[re.Match[str]]:
    """The "without"s before `end` (the question's main clause) that the proposition's own
    action follows ("... disclose it without first notifying the owner?"): what the question
    says is not done."""
    return [
        w
        for w in _WITHOUT.finditer(focus, 0, end)
        if any(a.match(focus, w.end()) for a in proposition.action)
    ]


def _found_before(pattern: re.Pattern[str] | None, focus: str, end: int) -> bool:
    """Does `pattern` match in `focus`, starting before `end` (a question's condition: "Do
    your duties end when the agreement terminates?" asks it; "may Acme terminate, If Beta
    does not keep ...?" does not)?"""
    return pattern is not None and any(m.start() < end for m in pattern.finditer(focus))


def _without_question_conditions(focus: str) -> str:
    """`focus` without the condition it puts on its claim, from its opening word (modality
    `trailing_condition`: "if", "unless", "where", "in the event that") to the end, where a
    phrase before the auxiliary was moved ("may Acme terminate, If Halcyon Robotics, Inc. does
    not keep ...?": "may Acme terminate")."""
    opened = _MODALITY.trailing_condition.search(focus)
    return focus if opened is None or opened.start() == 0 else focus[: opened.start()]


def _asks_value(text: str, *, opening: bool = True) -> bool:
    """Does `text` (a question, or a part of one before its auxiliary) ask for a value: an
    asking word of the lexicon's opens it (`opening`), follows a preposition ("For how many
    years ...", "Within how many days ...", "Until when ...", "... by whom?"), ends it ("Notice
    is due when?") or asks wherever it stands ("how")? A conjunction inside a terse question
    ("Copies returned when the agreement ends?") asks nothing."""
    if _ASKING_WORD is None:
        return False
    for word in _ASKING_WORD.finditer(text):
        before = text[: word.start()].rstrip()
        if not before.strip(" \"'“(,"):
            if opening and not (_ASKING_CLAUSE is not None and _ASKING_CLAUSE.match(text)):
                return True
            continue
        last = re.search(r"[\w']+$", before)
        if (
            last is not None
            and _ASKING_AFTER is not None
            and _ASKING_AFTER.fullmatch(last.group(0))
        ):
            if _relative_clause(before, word.group(0), None if opening else text[word.end() :]):
                # "Under the agreement to which Acme is a party, may ...?": the preposition
                # closes a noun phrase, its word opens a relative clause (D3, session 38)
                continue
            return True
        if _ASKING_AT_END.match(text[word.end() :]) or (
            _ASKING_ANYWHERE is not None and _ASKING_ANYWHERE.fullmatch(word.group(0))
        ):
            return True
    return False


def _relative_clause(before: str, word: str, lead_rest: str | None) -> bool:
    """Whether the asking `word` after `before` (which ends with a preposition) opens a
    relative clause: a relative word of the lexicon's (propositions.yaml modality
    `question_asking_relative`) after a noun phrase its determiner opens ("the agreement to
    which", "any case in which"), or, inside a phrase put before the question's auxiliary
    (`lead_rest`: the phrase after the word), after the phrase's first words and followed by
    a clause of its own ("With respect to information of which the Discloser is the owner,
    may ...?"); never after a verb, first in a phrase, or before a noun alone ("limited to
    which amount?", "In which cases ...?", "As to which party, ...?")."""
    if _ASKING_RELATIVE is None or _ASKING_RELATIVE.fullmatch(word) is None:
        return False
    if _NOUN_PHRASE_PREPOSITION.search(before.rstrip()) is not None:
        return True
    return (
        lead_rest is not None
        and len(before.split()) >= 3
        and len(re.findall(r"[\w'’-]+", lead_rest)) >= 3
    )


def yes_no_focus(focus: str) -> str | None:
    """The yes/no question `focus` asks, its auxiliary first, or None where it asks none: as
    written ("Is reverse engineering prohibited?"); a phrase before the auxiliary moved after
    the rest ("Under this NDA, is ...?": "is ..., Under this NDA?"; "If the recipient is served
    a subpoena, must it notify ...?"); or a terse question with no auxiliary that says a word
    of the lexicon's (`question_elliptical`: "Reverse engineering prohibited?", "Copies
    permitted?") read with one: a modal inside it put first ("Information must be marked?":
    "must Information be marked?"), else "is" before it."""
    if _YES_NO.match(focus):
        return focus
    stop = _LEAD_STOP.search(focus)
    ends = _LEAD_END.finditer(focus, 0, stop.start() if stop is not None else len(focus))
    leads = [m for m in ends if 2 <= m.start() <= _MAX_LEAD]
    # the phrase ends at the comma the auxiliary follows, whatever commas a name inside it
    # writes ("Under the MSA between Halcyon Robotics, Inc. and Northgate Logistics, LLC, is
    # ...?")
    lead = next((m for m in leads if _YES_NO.match(focus[m.end() :])), None)
    if lead is not None and _asks_value(focus[: lead.start()], opening=False):
        # "For how many years, is ...?": a value asked inside the phrase ("When the term
        # ends, must ...?" asks a yes/no)
        return None
    if lead is not None:
        rest = focus[lead.end() :].rstrip(" ?")
        return f"{rest}, {focus[: lead.start()].strip()}?"
    if any(_asks_value(focus[m.end() :]) for m in leads):
        # "Under the MSA, what notice is required ...?": a value asked after the phrase
        return None
    if not focus.endswith("?") or _ASKING.match(focus) or _asks_value(focus):
        return None
    if _ELLIPTICAL is None or not _ELLIPTICAL.search(focus):
        # "Non-solicit of employees?": a claim's noun phrase alone, read with "is"
        if _TERSE_NOUNS is not None and _TERSE_NOUNS.fullmatch(focus):
            return f"is {_opening_word_lowered(focus)}"
        return None
    modal = _INNER_MODAL.search(focus)
    if modal is not None:
        before, after = focus[: modal.start()].strip(), focus[modal.end() :].strip()
        return f"{modal.group(0)} {_opening_word_lowered(before)} {after}"
    return f"is {_opening_word_lowered(focus)}"


def _opening_word_lowered(text: str) -> str:
    """`text` with its first word in lower case where it is a word of legal English ("No
    license granted?": "no license granted?"), so that, no longer first, it reads as no name;
    a proper name ("Beta may make copies?") is kept."""
    word = re.match(r"[A-Za-z]+", text)
    if word is None or (
        word.group(0).casefold() not in _KNOWN_WORDS
        and not (_TERSE_CLAIM is not None and _TERSE_CLAIM.match(text))
    ):
        return text
    return text[:1].lower() + text[1:]


def terse_yes_no(question: str) -> str:
    """`question` as the yes/no question it asks tersely, with no auxiliary, where it opens
    with a word of legal English ("No license granted?": "is no license granted?", "Recipient
    may reverse engineer the samples?": "may recipient reverse engineer the samples?";
    `yes_no_focus`), for the question grammar to read as one; any other question as written."""
    focus = " ".join(question_focus(question).split())
    if _YES_NO.match(focus) or _LEADING_PHRASE.match(focus):
        return question
    opening = re.match(r"[A-Za-z]+", focus)
    if opening is None or (
        opening.group(0).casefold() not in _KNOWN_WORDS
        # a claim's noun opening it ("Nonsolicit of employees?") is no name
        and not (_TERSE_NOUNS is not None and _TERSE_NOUNS.fullmatch(focus))
    ):
        # "CI covers technical info only?", "Halcyon may ...?": put after an auxiliary, the
        # opening acronym or name would read as a party's; the grammar reads it as written
        return question
    asked = yes_no_focus(focus)
    if asked is None or not any(
        p.asks.search(asked) or (p.asks_not is not None and p.asks_not.search(asked))
        for p in _PROPOSITIONS
    ):
        # no claim of the lexicon's asked: the question's words are read as written
        return question
    return asked


def asked_case(question: str) -> tuple[tuple[str, ...], ...]:
    """The stems of the content words of the cases `question` asks ("to a successor in a
    merger": successor, merger), each with its synonyms' ("acquirer": acquisition ...); a case
    the question excepts ("other than to a successor") is none."""
    words = [w for _, _, case in asked_case_spans(question) for w in topic_words(case)]
    return tuple(
        tuple(sorted({stem(w), *(stem(x) for x in CASE_SYNONYMS.get(w.casefold(), ()))}))
        for w in dict.fromkeys(w.casefold() for w in words)
    )


def asked_case_owner(question: str, parties: Sequence[str]) -> str:
    """The party of `parties` the question writes right after a case it asks, as its owner
    ("to an affiliate of Northgate": Northgate); "" where none does ("to its successor")."""
    for _, end, _ in asked_case_spans(question):
        owner = _CASE_OWNER_AFTER.match(question, end)
        if owner is None:
            continue
        folded = owner.group("who").casefold()
        found = next((p for p in parties if _named(p, folded)), None)
        if found is not None:
            return found
    return ""


# the words right after a case noun that name its owner ("successor of Northgate"), and the
# owner's possessive right before it ("Northgate's successor", "Northgate's permitted successor")
_CASE_OWNER_AFTER = re.compile(r"\s+of\s+(?:the\s+)?(?P<who>[\w&'’-]+)", _FLAGS)
_CASE_OWNER_BEFORE = re.compile(r"(?P<who>[\w&'’-]+?)['’]s?\s+(?:[\w-]+\s+){0,2}$", _FLAGS)
# whose action an exception's own clause states when the clause is a requirement's beneficiary
# ("no consent of Halcyon is required for Northgate to assign")
_FOR_ACTOR = re.compile(r"\bfor\s+(?P<who>(?:[\w&.,'’-]+\s+){1,6}?)to\s+\w", _FLAGS)


def _name_word(word: str) -> bool:
    """Is `word` a proper name's: a word of letters no legal English writes (domain
    known_words: "Northgate", not "Company", "Agreement", "Party", "such")?"""
    folded = re.sub(r"['’]s?$", "", word.casefold())
    return (
        folded.isalpha()
        and folded not in _KNOWN_WORDS
        and folded not in _DETERMINERS
        and folded not in _ANY_PARTY_WORDS
    )


def _names_case(exception: str, case: tuple[tuple[str, ...], ...]) -> bool:
    """Does `exception` name every word of the case (by stem, or a synonym's)?"""
    stems = {stem(w) for w in re.findall(r"[\w-]+", exception.casefold())}
    return bool(case) and all(any(a in stems for a in alternatives) for alternatives in case)


def _case_nouns(exception: str, case: tuple[tuple[str, ...], ...]) -> list[re.Match[str]]:
    """The words of `exception` that name a word of the case (by stem, or a synonym's)."""
    wanted = {a for alternatives in case for a in alternatives}
    return [w for w in re.finditer(r"[\w-]+", exception) if stem(w[0].casefold()) in wanted]


def caused_object(text: str) -> str | None:
    """The words after the causative `text` opens with (the words after a question's opening
    party or role: "prohibit Beta from ...", "keep Beta from ...", "require Beta to ..."),
    whose party is the one acting; None where it opens with none."""
    verb = _ADVERBS.sub("", text.lstrip(" ,"), count=1)
    caused = _CAUSATIVE.match(verb) if _CAUSATIVE is not None else None
    return None if caused is None else verb[caused.end() :].lstrip(" ,")


def asks_caused(focus: str) -> bool:
    """Does the question `focus` ask whether one party may govern another's action ("Can
    Keystone prohibit Halcyon from paying dividends?", "May the Lender require the Borrower to
    ...", "can keystone allow halcyon to ..."): a causative of the lexicon's
    (`question_causative`) after the opening words, its object, then "from" or "to" and the
    action. The action's actor is the object, not the one the question opens with."""
    return _CAUSED is not None and _CAUSED.search(" ".join(focus.split())) is not None


_CAUSED = (
    re.compile(
        rf"^\w+\s+(?:\S+\s+){{1,8}}?(?:{_CAUSATIVE.pattern})\s+(?:\S+\s+){{1,8}}?(?:from|to)\s+\w",
        _FLAGS,
    )
    if _CAUSATIVE is not None
    else None
)


def asked_passive(entry: PropositionEntry, focus: str) -> tuple[int, str | None] | None:
    """Where the question's words asking `entry` stand as a passive of what precedes them
    ("Can the Executive be terminated without cause?", "... entitled to severance if
    terminated without cause?"): the position of their opener and the agent's words after
    "by" (or None), else None (the active "Can the Executive terminate ...")."""
    compiled = _BY_NAME.get(entry.name)
    if compiled is None or _PASSIVE_OPENER is None:
        return None
    asked = compiled.asks.search(focus)
    if asked is None or not re.match(r"\w+(?:ed|en|wn)\b", focus[asked.start() :]):
        return None
    before = focus[: asked.start()]
    opener = re.search(rf"(?:{_PASSIVE_OPENER.pattern})\s+(?:\w+ly\s+)*$", before, _FLAGS)
    if opener is None:
        return None
    passive = _PASSIVE.match(focus, opener.start()) if _PASSIVE is not None else None
    agent = passive.groupdict().get("agent") if passive is not None else None
    return opener.start(), agent


def _bound_party(focus: str, subject: SubjectClass) -> str | None:
    """The party of the question that a restriction is asked to bind ("Is Halcyon subject to
    a non-compete?": Halcyon), one the subject names; None where the question asks no party's."""
    found = _BOUND_PARTY.match(focus) if _BOUND_PARTY is not None else None
    if found is None:
        # "Can Beta's staff see the files?": the party whose people see it shares it
        found = next((m for p in _PEOPLE_PARTY if (m := p.match(focus)) is not None), None)
    if found is None:
        # "May Acme freely compete with Beta?": the party the question opens with acts
        found = _ACTING_PARTY.match(focus) if _ACTING_PARTY is not None else None
    if found is None:
        return None
    return _opening_party(found.group("party"), subject.parties)


def _asks_consent(proposition: _Compiled, focus: str) -> bool:
    """Does `focus` ask whether consent is required (the proposition's `asks_not`, or its
    plain asks with a consent predicate: "Does Halcyon not need consent to assign?")?"""
    return bool(proposition.asks_not and proposition.asks_not.search(focus)) or any(
        p.search(focus) for p in _CONSENT_PARTY
    )


# the propositions a question whose consent it is may ask ("Is Halcyon's consent required to
# assign?"): those its consent patterns are read for
_CONSENT_PROPOSITIONS = frozenset(("assignment_without_consent", "assignment_with_consent"))


def _consent_party(focus: str, subject: SubjectClass) -> str | None:
    """The party a question whether consent is required asks needs it ("Does Halcyon need
    Northgate's consent to assign?", "Is Northgate's consent required for Halcyon to
    assign?": Halcyon), one the subject names; None where the question names none (the one
    whose consent it is, "Northgate's consent", is never the actor)."""
    written: str | None = None
    for pattern in _CONSENT_PARTY:
        for found in pattern.finditer(focus):
            words = found.group("party")
            party = _opening_party(words, subject.parties)
            if party is not None:
                return party
            # a name the subject's reading left out ("... before Halcyon can assign it?"), as
            # written where its words are no English words (a name in lower case too)
            if (
                written is None
                and words.split()
                and not any(w.casefold() in _KNOWN_WORDS for w in words.split())
            ):
                written = words
    return written


def _consent_owners(
    focus: str, subject: SubjectClass, actor: str, *, keep_parties: bool = False
) -> tuple[str, ...]:
    """The parties whose consent `focus` names, other than `actor` and the subject's parties
    (those too where `keep_parties`) ("without Halcyon's consent", "the consent of Halcyon":
    Halcyon): a party of the subject, else the name as written where its words are no
    English words."""
    found_names: list[str] = []
    for pattern in _CONSENT_OWNER:
        for found in pattern.finditer(focus):
            groups = found.groupdict()
            after = groups.get("after")
            before = focus[: found.start()].casefold()
            # a party of the subject written there whole ("O'Brien & Sons's consent": "Sons"
            # is an English word), the longest
            whole = sorted(
                (
                    p
                    for p in subject.parties
                    if (
                        after.casefold().startswith(p.casefold())
                        if after is not None
                        else before.endswith(p.casefold())
                    )
                ),
                key=len,
            )
            if whole:
                found_names.append(whole[-1])
                continue
            if after is not None:
                words = after.split()
                named = list(itertools.takewhile(_no_english_word, words))
            else:
                words = focus[: found.start()].split()
                named = list(itertools.takewhile(_no_english_word, reversed(words)))[::-1]
            if not named:
                continue
            text = " ".join(named)
            found_names.append(_opening_party(text, subject.parties) or text)
    known = {_first_word(p) for p in (actor, *(() if keep_parties else subject.parties)) if p}
    out: list[str] = []
    for name in found_names:
        if _first_word(name) not in known:
            known.add(_first_word(name))
            out.append(name)
    return tuple(out)


def _no_english_word(word: str) -> bool:
    return word.casefold().strip(",.'’") not in _KNOWN_WORDS


def _first_word(name: str) -> str:
    words = name.casefold().split()
    return words[0].strip(",.'’") if words else ""


def _opening_party(text: str, parties: Sequence[str]) -> str | None:
    """The party whose name `text` opens with, as written (its first word, or more of its
    words: the longest wins), where it alone acts; None where none does, the name is an
    owner's ("Acme's MSA ...", "Acme's affiliate": the party owns what acts; a name's own
    "'s" is no owner's: "Stremick's Heritage Foods"), another party is joined on ("Acme and
    Beta"), a verb after it makes another act ("Acme prohibit Beta from ...") or a passive
    makes it the one acted on ("Beta be terminated by Acme": the agent after "by" acts)."""
    tokens = question_tokens(text)
    opened = _party_opening(tokens, parties)
    if opened is None:
        return None
    n, party, owned = opened
    if owned:
        return None
    rest = text[tokens[n - 1].end :].lstrip(" ,")
    joined = _JOINED_PARTY.match(rest) if _JOINED_PARTY is not None else None
    if joined is not None and _party_opening(question_tokens(rest[joined.end() :]), parties):
        return None
    caused = caused_object(rest)
    if caused is not None:
        # "Can Halcyon stop Keystone from assigning?": the causative's object acts; one no
        # party of the subject names, as written where its words are no English words ("can
        # beta prevent acme robotics from ...": a name in lower case), so that the causer's
        # own restriction never answers
        acting = _opening_party(caused, parties)
        if acting is None:
            named = list(itertools.takewhile(lambda w: w not in _KNOWN_WORDS, caused.split()))
            acting = " ".join(named) or None
        return acting
    passive = _PASSIVE.match(rest) if _PASSIVE is not None else None
    if passive is not None:
        agent = passive.groupdict().get("agent")
        return _opening_party(agent, parties) if agent else None
    return party


def _party_opening(
    tokens: Sequence[QuestionToken], parties: Sequence[str]
) -> tuple[int, str, bool] | None:
    """The party whose name the words `tokens` open with (the most words wins): how many of
    them it takes, the party, and whether the last is an owner's possessive ("Acme's") rather
    than one the name writes ("Stremick's" of Stremick's Heritage Foods, LLC)."""
    best: tuple[int, str, bool] | None = None
    for party in parties:
        key = name_key(party)
        n, owned = 0, False
        while n < min(len(key), len(tokens)) and tokens[n].key == key[n]:
            owned = POSSESSIVE.search(tokens[n].text) is not None and not writes_possessive(
                party, n
            )
            n += 1
            if owned:
                break  # the possessive closes the name as written
        if n and (best is None or n > best[0]):
            best = (n, party, owned)
    return best


def _without_titles(focus: str) -> str:
    """`focus` without the words of the agreement titles it names ("Does the Exclusive
    Distributor Agreement require insurance?" -> "Does the Agreement require insurance?")."""
    if _TITLE is None:
        return focus

    def kept(m: re.Match[str]) -> bool:
        # "Is Acme subject to the non-compete agreement?": the agreement asked about is the
        # claim's topic, so its title is what the question asks
        return m.start(1) < 0 or (
            _TITLE_BOUND is not None and _TITLE_BOUND.search(focus, 0, m.start()) is not None
        )

    return _TITLE.sub(lambda m: m.group(0) if kept(m) else focus[m.start() : m.start(1)], focus)


_AGREEMENT_WORD = "(?:" + "|".join(lexicon().agreement_words) + ")"
_PARTY_OPENER = "(?:" + "|".join(lexicon().agreement_party_openers) + ")"
_PARTY_JOINER = (
    r"(?:\s*,\s*(?:(?:"
    + "|".join(lexicon().agreement_party_joiners)
    + r")\s+)?|\s+(?:"
    + "|".join(lexicon().agreement_party_joiners)
    + r")\s+)"
)


def _without_agreement_parties(focus: str, parties: Sequence[str]) -> str:
    """`focus` without the list of parties an agreement's name has after it ("Is Halcyon's
    liability under the Agreement between Halcyon Robotics and Northgate Logistics capped?" ->
    "... under the Agreement capped?"): those names say which agreement is asked, and stood
    between a proposition's words ("liability ... capped") they kept it from being read. Only
    the subject's parties' names, as the question writes them, whole; nothing else. A name
    in the possessive owns what follows it ("the northgate msa with northgate's consent"):
    no party list, kept."""
    names = sorted({p.strip() for p in parties if p.strip()}, key=lambda p: (-len(p), p))
    if not names:
        return focus
    name = "(?:" + "|".join(r"\s+".join(map(re.escape, n.split())) for n in names) + r")(?![\w&'’])"
    listed = re.compile(
        rf"(\b{_AGREEMENT_WORD})(?![\w-])\s*,?\s+{_PARTY_OPENER}\s+{name}"
        rf"(?:{_PARTY_JOINER}{name})*",
        re.IGNORECASE,
    )
    return listed.sub(r"\1", focus)


def claim_of(subject: SubjectClass) -> Claim | None:
    """The claim a structured subject names (`constraints.claim`, with `negated`), checked:
    SubjectClassError for a name the lexicon has not."""
    name = subject.constraints.get("claim")
    if name is None:
        return None
    compiled = _BY_NAME.get(str(name))
    if compiled is None:
        raise SubjectClassError(
            str(name), f"unknown claim {name!r}; known: {', '.join(sorted(_BY_NAME))}"
        )
    negated = subject.constraints.get("negated", False)
    if not isinstance(negated, bool):
        raise SubjectClassError(str(name), "constraints.negated must be true or false")
    # (negated, a state with carve-outs asks its carved cases unless told otherwise: the
    # agents' shape before `carved` was named)
    carved = subject.constraints.get("carved", True)
    if not isinstance(carved, bool):
        raise SubjectClassError(str(name), "constraints.carved must be true or false")
    return _claim(compiled.entry, negated, subject, carved=carved)


def _claim(
    entry: PropositionEntry,
    negated: bool,
    subject: SubjectClass,
    *,
    carved: bool,
    bound: str | None = None,
) -> Claim:
    actor = subject.constraints.get("party") or bound
    actor = str(actor) if actor else None
    others = tuple(p for p in subject.parties if actor is None or p != actor) if actor else ()
    return Claim(entry, negated, actor, others, carved)


def claim_subject(claim: Claim, subject: SubjectClass) -> SubjectClass:
    """The subject whose evidence the claim is judged on: the proposition's evidence
    attribute, the claim named in the constraints (the agents' shape)."""
    constraints: dict[str, Any] = {
        **subject.constraints,
        "claim": claim.entry.name,
        "negated": claim.negated,
    }
    if claim.negated and not claim.carved:
        constraints["carved"] = False
    if claim.entry.topic:
        constraints["topic"] = claim.entry.topic
    update: dict[str, Any] = {"attribute": claim.entry.evidence, "constraints": constraints}
    if subject.kind in (QuestionKind.ROLE, QuestionKind.RELATION):
        # "May the recipient disclose that the parties entered into the NDA?" was read as a
        # question of who the parties are; the claim's evidence is the agreement's sentences,
        # not the parties' bindings
        update["kind"] = QuestionKind.AGREEMENT_ATTRIBUTE
    return subject.model_copy(update=update)


def _claim_start(proposition: _Compiled, focus: str) -> int | None:
    """Where the proposition's own words (`asks`, `asks_not`) first stand in the question."""
    found = [
        m.start()
        for pattern in (proposition.asks, proposition.asks_not)
        if pattern is not None
        for m in (pattern.search(focus),)
        if m is not None
    ]
    return min(found) if found else None


def _asked_modality(focus: str, claim_at: int | None = None) -> str:
    """The modality a question asks; a duty denied ("Is the recipient under no obligation to
    return ...?") only where the denial opens before `claim_at`, where the claim's own words
    begin: one in a clause after them ("... the prototypes it has no obligation to return",
    "although it is not bound to ...") is another action's."""
    denied = _MODALITY.asks_no_obligation.search(focus)
    if denied is not None and (claim_at is None or denied.start() < claim_at):
        return "no_obligation"
    if _MODALITY.asks_prohibition.search(focus):
        return "prohibition"
    if _MODALITY.asks_obligation.search(focus):
        return "obligation"
    if _MODALITY.asks_permission.search(focus):
        return "permission"
    return "state"


@dataclass(frozen=True)
class Reading:
    """What one sentence says of a claim: `holds` (of the question as asked), the sentence,
    and the conditions and exceptions it attaches."""

    holds: bool
    sentence: str
    conditions: tuple[str, ...]
    exceptions: tuple[str, ...]
    # how sure the reading is: the sentence names the action and its qualifier
    # (READ_CONFIDENCE), or decides the claim otherwise (an outright prohibition, a denial)
    confidence: float = 0.0
    # a general rule ("shall not disclose to any third party") that a specific reading of the
    # same document may carve out of
    general: bool = False
    # what the answer says before the quoted sentence (the cases a cap carves out: "uncapped
    # for breach of confidentiality; otherwise capped")
    lead: str = ""
    # the cases carved out of the state by a sentence of their own ("the limitations in
    # Section 9 shall not apply to"), which names no state of its own
    alone: bool = False


class ClauseReader:
    """Reads sentences for one claim: a Reading where a sentence speaks of it, None where it
    does not; `related` tells a sentence that names the action without deciding the claim
    (termination for breach, asked about termination without cause)."""

    def __init__(self, claim: Claim) -> None:
        self.claim = claim
        self._p = _BY_NAME.get(claim.entry.name) or _compiled(claim.entry)
        # the last sentence's mention spans, with the sentence
        self._spans_of: tuple[str, tuple[tuple[int, int], ...]] | None = None
        # whether the sentence read stands right under a heading that names the claim: its
        # `captioned` words are then the action's
        self._under_caption = False
        # whether the sentence read stands right under a heading that names a ground contrary
        # to the claim ("Termination for Breach. Acme may terminate ... by written notice")
        self._under_ground = False

    def relevance(self, text: str) -> int:
        """0: `text` gives a right or a duty under a contrary condition; 1: a right or a duty;
        2: a mention under a contrary condition (a heading: "Termination for Cause"); 3: else."""
        p = self._p
        contrary = p.contrary is not None and bool(p.contrary.search(text))
        modal = bool(_MODALITY.permission.search(text) or _MODALITY.obligation.search(text))
        return (0 if contrary else 1) if modal else (2 if contrary else 3)

    def grounds(self, heading: str) -> bool:
        """Is `heading` a heading ("12.2 Termination for Breach.") naming a ground contrary to
        a claim such a ground silences (`contrary_answers` silent), so that the sentences
        under it have that ground?"""
        p = self._p
        return (
            p.contrary is not None
            and p.entry.contrary_answers == "silent"
            and heading_only(heading)
            and bool(p.contrary.search(heading))
        )

    def captions(self, heading: str) -> bool:
        """Is `heading` a heading ("5.2 Non-Competition.") that names the claim, under which
        the claim's `captioned` words speak of it?"""
        return (
            bool(self._p.captioned) and heading_only(heading) and bool(self._p.asks.search(heading))
        )

    def names_action(self, text: str) -> bool:
        """Does `text` name the claim's action, deny or affirm the claim in other words, or
        carve cases out of it in a sentence of their own?"""
        affirms = self._p.affirms
        return (
            bool(self._actions(text))
            or self._denied(text)
            or (affirms is not None and bool(affirms.search(text)))
            or self._carving(text) is not None
        )

    def _granted_beside(self, main: str, matches: list[re.Match[str]]) -> bool:
        """Does `main` state the claim in its own words outside every denial in it, with no
        negative word between the last denial (or the sentence's start) and them, and no
        denial the state turns into?"""
        p = self._p
        denials = [m.span() for m in p.denies.finditer(main)] if p.denies is not None else []
        if any(_MODALITY.change_word.search(main[max(0, a - 30) : a]) for a, _ in denials):
            # "the exclusive appointment shall become non-exclusive if ...": what it was
            return False
        for m in matches:
            if any(a <= m.start() < b for a, b in denials) or m.start() >= len(main):
                continue
            if any(
                _ALTERNATIVE.match(main[m.end() : a]) or _ALTERNATIVE.match(main[b : m.start()])
                for a, b in denials
            ):
                # "exclusive or non-exclusive", "(non-exclusive/exclusive)": either, not a grant
                continue
            since = max((b for _, b in denials if b <= m.start()), default=0)
            if _MODALITY.negative_word.search(main[since : m.start()]):
                continue
            if not self._held_beside(main, m, denials, since):
                continue
            return True
        return False

    @staticmethod
    def _held_beside(
        main: str, m: re.Match[str], denials: list[tuple[int, int]], since: int
    ) -> bool:
        """Is the state's own word `m` a grant held: in the clause of the denial before it, if
        any ("non-exclusive; Company may appoint other exclusive distributors", "and that
        Licensor has granted" are another clause's), no request, option or right kept
        before it in its clause ("may request exclusive status", "retains the exclusive
        right"), and not given to others after it ("exclusive rights to others")?"""
        # a denial in a clause after the grant's is of another thing ("appoints Distributor
        # as its exclusive distributor, and Distributor may appoint non-exclusive
        # sub-distributors"); a grant in a clause after the denial's is another's
        denied_before = [d for d in denials if d[1] <= m.start()]
        if denied_before and _MODALITY.grant_break.search(main[denied_before[-1][1] : m.start()]):
            return False
        opening = max(since, main.rfind(",", 0, m.start()) + 1)
        if _MODALITY.grant_not_held.search(main[opening : m.start()]):
            return False
        after = re.split(r"[,;:.]", main[m.end() :], maxsplit=1)[0]
        return not _MODALITY.grant_to_others.search(after)

    def _carving(self, s: str) -> re.Match[str] | None:
        """The words of `s` that carve cases out of the claim's state in a sentence of their
        own ("the limitations in Section 9 shall not apply to"), or None."""
        carved_by = self._p.carved_by
        return carved_by.search(s) if carved_by is not None else None

    def _carved(self, s: str, action: re.Match[str] | None) -> Reading | None:
        """Asked the state's negation ("Is liability uncapped?"), the reading of a sentence
        that carves cases out of the state: an exception to it ("except for breach of
        confidentiality", before or after the action) or words of their own ("shall not apply
        to gross negligence"). It holds for the carved cases, its condition; None where
        nothing is carved out."""
        p = self._p
        if (
            not self.claim.negated
            or not self.claim.carved
            or (p.carve_outs is None and p.carved_by is None)
        ):
            return None
        cases = ""
        at = action.start() if action is not None else len(s)
        for m in _MODALITY.exception.finditer(s):
            opener = p.carve_outs.match(s[m.start() :]) if p.carve_outs is not None else None
            if opener is None:
                continue
            start = m.start() + opener.end()
            if m.start() < at:
                # "Except for A, B or C, in no event shall ...": to the last comma before the
                # action's clause
                comma = s.rfind(",", start, at)
                cases = s[start:comma] if comma > 0 else ""
            else:
                cases = _part(_bracketed(s[start:]))
            if cases.strip(" ,.()"):
                break
        carving = self._carving(s[at:] if action is not None else s)
        if not cases.strip(" ,.()") and carving is not None:
            cases = _part(carving.string[carving.end() :])
        cases = _balanced(" ".join(cases.split()))
        if not cases:
            return None
        label = f"{p.entry.carved_label} {cases}".strip()
        if len(label) > _MAX_PART:
            label = _balanced(label[: _MAX_PART - 1].rstrip() + "…")
        lead = label if action is None else f"{label}; {p.entry.otherwise_label}".strip(" ;")
        return Reading(True, s, (label,), (), READ_CONFIDENCE, lead=lead, alone=action is None)

    def bounds_no_amount(self, s: str) -> bool:
        """Does `s` bound the state by other than an amount ("liability is limited to
        intentional misconduct or gross negligence"), every statement of it in such words?
        A sentence that states an amount anywhere ("shall not exceed $1,000,000, and such
        liability shall be limited to gross negligence") is an amount cap."""
        bounds = self._p.bounds_not_amount
        if bounds is None:
            return False
        amount = self._p.states_amount
        if amount is not None and amount.search(s):
            return False
        spans = [m.span() for m in bounds.finditer(s)]
        actions = self._actions(s)
        return bool(spans) and all(any(a <= m.end() <= b for a, b in spans) for m in actions)

    def _actions(self, s: str) -> list[re.Match[str]]:
        """The action's matches in `s`, first first (the longest of those at one place), none
        inside a mention of its words in another sense."""
        p = self._p
        patterns = (*p.action, *p.captioned) if self._under_caption else p.action
        found = (m for pattern in patterns for m in self._unmentioned(pattern, s))
        return sorted(found, key=lambda m: (m.start(), -m.end()))

    def _unmentioned(self, pattern: re.Pattern[str], s: str) -> Iterator[re.Match[str]]:
        """`pattern`'s matches in `s` that neither start nor end inside a mention of the
        claim's words in another sense ("this Agreement shall be binding upon ... successors
        and assigns"); past one that does, the search goes on from its next character, so the
        action it swallowed is still found ("... and assigns, but neither party shall assign")."""
        spans = self._mention_spans(s)
        pos = 0
        while (m := pattern.search(s, pos)) is not None:
            if any(a <= m.start() < b or a < m.end() <= b for a, b in spans):
                pos = m.start() + 1
                continue
            yield m
            pos = max(m.end(), m.start() + 1)

    def _denied(self, s: str) -> bool:
        """Does `s` deny the claim in other words, outside a mention of them?"""
        return self._denial(s) is not None

    def _denial(self, s: str, whole: str | None = None) -> re.Match[str] | None:
        """The first of `s`'s words that deny the claim, outside a mention of them; where `s`
        is the main clause of the sentence `whole`, one whose words still deny it there (what
        follows the main clause, "unless confirmed in writing", may keep them from it)."""
        p = self._p
        if p.denies is None:
            return None
        denies = p.denies
        return next(
            (
                m
                for m in denies.finditer(s)
                if not self._mentioned(s, m)
                and (whole is None or denies.match(whole, m.start()) is not None)
            ),
            None,
        )

    def _ancillary(self, reading: Reading, denial: re.Match[str]) -> Reading:
        """`reading` of a state's denial, general where the denial stands inside words of
        something ancillary to the relationship ("grant Distributor a non-exclusive right to
        use the Trademarks"): the same document's own statement of the claim decides
        (_specialis)."""
        ancillary = self._p.ancillary
        if self._p.entry.kind != "state" or ancillary is None:
            return reading
        inside = any(
            m.start() <= denial.start() < m.end() for m in ancillary.finditer(denial.string)
        )
        return dataclasses.replace(reading, general=True) if inside else reading

    def _frees_one(self, denial: re.Match[str]) -> bool:
        """Does a prohibition's denial leave one party free, not any party ("Nothing in this
        Agreement limits Licensor's right to compete", not "does not restrict either party
        from competing"), where that party is not the actor asked about?"""
        words = denial.group(0)
        if self._p.entry.kind != "prohibition" or _MODALITY.any_actor.search(words):
            return False
        actor = self.claim.actor
        return actor is None or not _named(actor, words.casefold())

    def _mentioned(self, s: str, found: re.Match[str]) -> bool:
        """Does `found` start inside a mention of the claim's words in another sense?"""
        return any(a <= found.start() < b for a, b in self._mention_spans(s))

    def _mention_spans(self, s: str) -> tuple[tuple[int, int], ...]:
        """The spans of `s`'s mentions of the claim's words in another sense, found once per
        sentence (a long sentence has many action matches; scanning it again for each one
        took time quadratic in its length)."""
        last = self._spans_of
        if last is not None and last[0] == s:
            return last[1]
        mentions = self._p.mentions
        spans = tuple(m.span() for m in mentions.finditer(s)) if mentions is not None else ()
        # a title's words name a topic ("Third-Party Beneficiaries Except as ...", "subject to
        # Section 9 (Non-Competition)"): no statement of it
        spans += _title_spans(s)
        self._spans_of = (s, spans)
        return spans

    def read(self, text: str) -> tuple[Reading | None, bool]:
        """The first sentence of `text` that decides the claim (one naming its qualifier
        first), and whether any sentence names its action."""
        decided: list[tuple[int, Reading]] = []
        related = False
        previous = ""
        for sentence in _with_lead_ins(
            [" ".join(text[s:e].split()) for s, e in sentence_spans(text)]
        ):
            # a title run into the sentence is its heading as a line of its own is the next's
            title = sentence[: _run_in_title(sentence)]
            self._under_caption = self.captions(previous) or (bool(title) and self.captions(title))
            self._under_ground = self.grounds(previous) or (bool(title) and self.grounds(title))
            try:
                reading, qualified, named = self._sentence(sentence)
            finally:
                self._under_caption = False
                self._under_ground = False
            previous = sentence
            related = related or named
            if (
                reading is not None
                and self._p.entry.any_case
                and reading.holds == self.claim.negated
            ):
                # "shall not retain any copies", asked whether it may retain some: the general
                # rule, which a grant of the same document ("may retain one archival copy")
                # carves out of
                reading = dataclasses.replace(reading, general=True)
            if reading is not None:
                decided.append((0 if qualified else 1, reading))
        if not decided:
            return None, related
        return min(decided, key=lambda r: r[0])[1], True

    def _sentence(self, s: str) -> tuple[Reading | None, bool, bool]:
        p = self._p
        matches = self._actions(s)
        if heading_only(s):
            # a heading ("7. Survival.") names a topic, it states nothing of it
            return None, False, bool(matches)
        if p.entry.definitions_silent and _MODALITY.definition.search(s):
            # '"Exclusive Territory" means the State of Texas': a term defined, nothing stated
            # of what it names (the sentence that grants or restricts under it decides)
            return None, False, bool(matches)
        if not matches:
            if self._carving(s) is not None:
                # "The limitations in Section 9 shall not apply to ...": uncapped for those
                # cases, asked so; asked whether capped, the cap's own sentence decides
                return self._carved(s, None), True, True
            affirm = p.affirms.search(s) if p.affirms is not None else None
            if affirm is not None:
                # "Termination of this Agreement shall not relieve the Recipient of its
                # obligations": said in other words than the action
                if self._affirmed_for_another(s, affirm):
                    return None, False, True
                main, exceptions = _split_exception(s, len(s))
                return self._reading(True, s, (), exceptions, INDIRECT_CONFIDENCE), True, True
            denial = self._denial(s)
            if denial is not None:
                if _outside_scope(s, denial.start(), denial.end()):
                    # "X's rights outside the Territory shall be non-exclusive": not unscoped
                    return None, False, True
                freed = self._frees_one(denial)
                if freed and self._someone_else(denial.group(0)):
                    # "Nothing in this Agreement limits Licensor's right to compete", asked of
                    # Licensee: another party left free says nothing of the one asked
                    return None, False, True
                # "Licensee's liability shall be unlimited": said in other words than the action;
                # one party left free, asked of any, decides only where no restriction is read
                # ("Nothing limits Licensor's right to compete. Licensee shall not compete.")
                main, exceptions = _split_exception(s, len(s))
                return (
                    self._ancillary(
                        self._reading(False, s, (), exceptions, INDIRECT_CONFIDENCE), denial
                    ),
                    not freed,
                    True,
                )
            return None, False, False
        # (only a prohibition's denial can leave one party free: see _frees_one)
        freeing = self._denial(s) if p.entry.kind == "prohibition" else None
        if freeing is not None and not self._frees_one(freeing):
            freeing = None
        if freeing is not None:
            # "Nothing herein limits Licensor's right to compete; Licensee shall not sell
            # competing products": the action outside the words leaving one party free, if any
            matches = [
                m for m in matches if not freeing.start() <= m.start() < freeing.end()
            ] or matches
        # the action a modal governs ("..., BROOKS shall immediately notify"), not a mention
        # of it in a condition before ("if the Recipient receives notice ..."); else the first.
        # A negation inside a condition governs only the condition's own event ("if the
        # Supply Agreement expires, does not renew or terminates for any reason, then Acme may
        # terminate"): an action governed outside a condition is read first
        action = matches[0]
        if p.entry.kind != "state":
            governed = [m for m in matches if self._governed(_window(s, m.start()) + m.group(0))]
            action = next(
                (m for m in governed if not _condition_event(_window(s, m.start()))),
                governed[0] if governed else action,
            )
        if p.entry.granted_beside_denial and _of_others(s, action) and not self._denied(s):
            # "where Hydraspin is bound to an exclusive distributor agreement with a third
            # party": another's exclusivity says nothing of the parties' own (where the
            # sentence denies theirs, "the license is non-exclusive and Xencor has granted
            # exclusive rights to others", the denial is read as before)
            return None, False, True
        main, exceptions = _split_exception(s, action.start())
        window = _after_leading_condition(main, action.start(), _window(main, action.start()))
        window = _after_trailing_condition(window)
        if freeing is not None and action.start() >= freeing.end():
            # "Nothing limits Licensor's right to compete, and Licensee shall not sell ...": the
            # clause after the words leaving one party free is the action's, their "nothing"
            # no negation of it; from the conjunction that opens that clause (", and Licensee
            # will not, directly or indirectly, engage": not one coordinating the modal's)
            between = main[freeing.end() : action.start()]
            since = max((j.end() for j in _JOINS.finditer(between)), default=0)
            window = window[len(window) - min(len(window), len(between) - since) :]
        agent = _passive_agent(main[action.end() :], action.group(0))
        # "X shall pay the fees, provided, however, that Y may terminate": a proviso that opens
        # a clause of its own is its own statement, whose party is its own (a window built
        # from a list's lead-in and its item is no run of the sentence, and keeps its party)
        actors = self._actor_window(window, agent)
        weakened_in = window  # the words read for a restriction lifted or kept standing
        own_clause = _own_proviso(s, action.start())
        if own_clause is not None and main[: action.start()].endswith(window):
            weakened_in = window[len(window) - min(len(window), action.start() - own_clause) :]
            actors = self._proviso_actor(s, own_clause, action.start())
            # "Acme will not assign ..., provided that Beta may terminate": the main clause's
            # negation is not the proviso's; its clause is read alone (not one whose subject
            # refers back to the main clause: "provided that the foregoing will not restrict"
            # limits it)
            if not _MODALITY.back_reference.search(
                _subject_before_modal(s[own_clause : action.start()])
            ):
                window = weakened_in
        affirm = p.affirms.search(s) if p.affirms is not None else None
        if (
            affirm is not None
            and affirm.end() > len(main)
            and p.affirms is not None
            and p.affirms.search(s, len(main)) is not None
            and _MODALITY.negation.search(window + action.group(0))
        ):
            # "Neither party shall assign ... without approval, except no such approval shall be
            # required for an assignment to an affiliate": an affirmation in the exception after
            # a denied action, its words the exception's own, is that exception, the main
            # clause's rule decides (issue 34: "No — consent required, except to a successor")
            affirm = None
        if affirm is not None and self._names_party(self._affirmed_for(s, affirm)):
            # "The consent of Acme is not required for any assignment by Beta": whose the
            # affirmed action is, the words after the affirmation say, not those before it
            if self._someone_else(self._affirmed_for(s, affirm)):
                return None, False, True
            conditions = _conditions(main, action.end())
            return self._reading(True, s, conditions, exceptions, READ_CONFIDENCE), True, True
        # (a restriction named by its own words, "releases Acme from its non-compete
        # obligations", only a prohibition's: "the non-disclosure obligations" is no name of
        # sharing with employees)
        named_kind = p.entry.kind == "prohibition"
        lifting = _lifted_holder(weakened_in, named=named_kind)
        if lifting is not None:
            # "Upon Closing, Beta shall release Acme from its obligation not to compete", "Acme
            # will not be restricted by any covenant not to compete": the restriction is lifted
            # from its holder, it does not hold for them; one that a party may lift is no more
            # than may be; another party's lifted restriction says nothing of the one asked
            before, after, permitted = lifting
            holder = after if after is not None and self._names_party(after) else before
            if permitted or self._someone_else(holder):
                return None, False, True
            conditions = _leading_condition(main) + _conditions(main, action.end())
            return (
                self._reading(False, s, conditions, exceptions, READ_CONFIDENCE),
                True,
                True,
            )
        held = _kept_holder(weakened_in, named=named_kind)
        if held is not None and self._names_party(held):
            # "Acme shall not waive Beta's obligation not to compete", "Acme may not release
            # Beta from its covenant not to compete": the restriction kept standing is the
            # holder's of the noun (Beta), not the party that does not weaken it
            actors = held
        elif p.entry.kind == "state":
            # a state's own words may name whose it is ("In no event shall Beta's liability
            # exceed", "neither party's liability"): another party's says nothing of the
            # actor's (asked "Is Acme's liability capped?")
            # (a name after "to" / "towards" / "owed to" is the party owed, never the holder:
            # "Beta's liability to Acme shall not exceed" is Beta's cap, not Acme's)
            # (to the modal after it where one follows: "The total liability of Beta owed to
            # Acme shall not exceed" is Beta's)
            own = main[action.start() :]
            modal = _first_modal(own, determiners=False)
            own = own[: max(modal, len(action.group(0)))] if modal < len(own) else action.group(0)
            actors = self._without_owed(f"{actors} {own}")
        if (
            self._someone_else(actors)
            or self._someone_else(agent)
            or self._consents_only(main, actors)
            or self._gives_to_another(main, action, actors)
        ):
            # "Licensee shall not terminate this Agreement, provided, however, that Licensor
            # may terminate it for any reason", asked of Licensor: the proviso's own statement
            return self._own_proviso_read(s, matches, action)
        if self._ends_another(main, action, window):
            return None, False, True
        conditions = _conditions(main, action.end())
        if affirm is not None:
            if self._affirmed_for_another(s, affirm):
                return None, False, True
            return self._reading(True, s, conditions, exceptions, READ_CONFIDENCE), True, True
        denial = self._denial(main, s)
        if (
            denial is not None
            and not denial.start() <= action.start() < denial.end()
            and self._frees_one(denial)
        ):
            # "Licensee shall not sell competing products; nothing in this Agreement limits
            # Licensor's right to compete": one party left free in a clause of its own leaves
            # the restriction of the action's party standing
            denial = None
        if denial is not None and _outside_scope(s, denial.start(), denial.end()):
            # a denial outside a scope says nothing unscoped; the action's own words, where they
            # are not the denial's, are still read ("exclusive rights in the Territory and
            # non-exclusive rights outside the Territory")
            if denial.start() <= action.start() < denial.end():
                return None, False, True
            denial = None
        if (
            denial is not None
            and p.entry.granted_beside_denial
            and self._granted_beside(main, matches)
        ):
            # "an exclusive licence under the Patents and a non-exclusive licence under the
            # Know-How", "non-exclusive ... except the Game, for which it shall have the
            # exclusive right": the claim's own words, unnegated, grant it for one thing; the
            # denial is of another
            denial = None
        if denial is not None:
            # one party left free: as where no action is named
            freed = self._frees_one(denial)
            if freed and self._someone_else(denial.group(0)):
                return None, False, True
            reading = self._reading(False, s, conditions, exceptions, INDIRECT_CONFIDENCE)
            return self._ancillary(reading, denial), not freed, True
        kind = p.entry.kind
        # a right, duty or prohibition may be said inside the action's own words ("this
        # Agreement shall not be assigned"); a state's words are its own ("shall not exceed")
        own = _without_kept_negations(_without_noun_infinitives(window), named=named_kind)
        said = (
            _outside_relative(own)
            if kind == "state"
            else _without_relative_negations(own) + action.group(0)
        )
        refrained = 0
        if kind in ("permission", "prohibition"):
            # "is not required to return the materials and shall not disclose": a duty denied
            # of another act is that act's; its negation is not the action's ("not obliged to
            # refrain from": a denied duty to refrain counts, the act allowed)
            said, refrained = _without_denied_duties(said)
        # "will not, and will not permit its Representatives to, hire": a conjunct between
        # commas repeats the modal for others, its negation is not a second one
        if kind == "obligation" and _WITHOUT_DOING.search(own):
            # "shall not disclose it without first giving the Discloser notice": what is done
            # "without" the duty is negated with it, the negation before it forbids that, the
            # duty stands ("may disclose without notice" owes none)
            refrained += 1
        # "shall be bound by the non-competition covenant", "shall comply with the restrictions
        # on competition": the action is the restriction's own name, negated as "the covenant
        # not to compete" is; what the sentence does with it decides (a verb of lifting or of
        # weakening before it was read above and in `own`)
        named = named_kind and _names_restriction(window)
        if named and not (_bound_by_name(window) or held is not None):
            # "Beta may enforce the non-compete against Acme", "the non-compete shall survive":
            # the restriction named as a topic, no party bound by it here
            return None, False, True
        if named and held is None and self._someone_else(self._bound_holder(window, main, action)):
            # "Beta shall respect Acme's non-competition obligations", asked of Beta: Acme's
            return None, False, True
        negated = (
            len(_MODALITY.negation.findall(_COORDINATED.sub(" ", said))) + refrained + named
        ) % 2 == 1
        # "..., provided that the Recipient promptly notifies the Discloser": a proviso states
        # the duty its main clause's right depends on
        proviso = kind == "obligation" and _proviso(s, action.start())
        # "... will not be liable for a disclosure required by law, provided that the Recipient
        # shall give prompt notice": a proviso's duty with its own modal and no negation of its
        # own; the main clause's negation is not the duty's
        own_proviso = kind == "obligation" and _proviso(s, action.start(), own_duty=True)
        if own_proviso:
            negated = False
        if kind == "obligation" and _proviso_frees(s, action.start()):
            # "..., provided that no notice shall be required", "provided that the Recipient
            # shall not be required to notify": the proviso frees the party from the duty, its
            # own words the duty's denial, however many negations they count ("not ... not be
            # required" is one)
            proviso, own_proviso, negated = True, False, True
        if (
            kind != "state"
            and not proviso
            and not self._governed(window + action.group(0))
            and not _passive_subject(main, action.end())
            and not (named and _bound_by_name(window))
        ):
            # the action named, no modal near it ("... as a result of a disclosure"): a
            # mention, not a right, a duty or a prohibition of it
            return None, False, True
        # the qualifier qualifies the action only near it: "may disclose ... to its employees",
        # not "employees" anywhere in a long sentence about something else
        near = main[action.start() : action.end() + _reach_after(main, action.end())]
        found = p.qualifier.search(near) if p.qualifier is not None else None
        if (
            found is not None
            and p.entry.kind != "state"
            and not _PREPOSITION.match(found.group(0))
            and _agent(near[: found.start()], found.group(0))
        ):
            # "will not ... be disclosed by Holdings or by its officers, directors, employees":
            # the passive's agent, who acts, not whom the action is for (a qualifier that is
            # itself a prepositional phrase, "assigned by either party without consent", is
            # the action's manner, not its agent)
            found = None
        # before the action, a qualifier counts only opening the sentence ("At any time and
        # for any reason, either party may terminate"): elsewhere before it, it is the
        # actor's ("BROOKS, its directors, employees ... shall not disclose"), as it is when
        # the modal follows it ("The Recipient and its Representatives shall not")
        opening = (
            p.qualifier.search(main[: min(action.start(), _REACH_BEFORE)])
            if p.qualifier is not None
            else None
        )
        qualified = (
            p.qualifier is None
            or found is not None
            or (opening is not None and not _subject_of(main[opening.end() : action.start()]))
        )
        # "shall not disclose ... other than to its employees", "restrict access only to its
        # employees": the qualified action is what the restriction leaves allowed
        # "restrict disclosure of the information to those of its employees": the restriction
        # before the action, what it is restricted to after it
        carved = found is not None and bool(
            _MODALITY.carve_out.search(near[max(0, found.start() - 30) : found.start()])
            or (
                _MODALITY.restrict.search(main[max(0, action.start() - 40) : action.start()])
                and _TO.search(near[: found.start()])
            )
        )
        if not qualified and p.qualifier is not None:
            # "If BROOKS is legally compelled (by ...) to disclose ..., BROOKS shall notify": the
            # condition the sentence opens with qualifies its action; a duty's condition does
            # wherever it stands before it ("E. COMPELLED DISCLOSURE: In the event that ...
            # compelled ..., ... shall notify"; before a right it would be its actor's words);
            # a proviso's duty is qualified by the main clause it conditions ("may disclose ...
            # as required by law, provided that ... notifies")
            head = main[: action.start()]
            opened = _LEADING_CONDITION.match(main) or (
                _MODALITY.condition.search(head) if kind == "obligation" else None
            )
            if proviso or own_proviso:
                qualified = bool(p.qualifier.search(s[: action.start()]))
            elif opened and kind == "obligation":
                qualified = bool(p.qualifier.search(head, opened.start()))
            elif opened:
                # before a right, only in the condition's own clause: "In the event that ...
                # is not obtained, you or your representatives ... may disclose" names its actor
                qualified = bool(p.qualifier.search(_first_clause(head[opened.start() :])))
        # an unqualified action's exception after it is the case the rule leaves allowed ("shall
        # not make copies except as necessary for its employees": copies may be made then); one
        # before it ("Except as provided herein, ...") points elsewhere and allows nothing here
        # ("shall not terminate, provided, however, that Y may terminate for any reason": a
        # proviso of another party's own clause leaves no case of this party's action)
        # (an exception's "without ..." is the rule's own missing condition, not a case it
        # leaves: "shall not assign ... other than to Affiliates without the prior written
        # approval" forbids assigning without approval, the Affiliates excepted)
        in_exception = (
            any(
                (q := p.qualifier.search(e[:_REACH_AFTER])) is not None
                and not _WITHOUT.match(q.group(0))
                and not self._someone_elses_proviso(e)
                for e in exceptions
            )
            if p.qualifier is not None
            else len(main) < len(s) and _leaves_a_case(exceptions[-1])
        )
        contrary = (
            (p.contrary is not None and bool(p.contrary.search(main)))
            or (self._under_ground)
            or (p.taken_back is not None and any(p.taken_back.search(e) for e in exceptions))
        )
        if not contrary and p.contrary is not None and self._only_bounded(main):
            # "may terminate upon thirty days' notice unless the other party cures the breach":
            # a right only a notice period bounds has its ground in the exception after it
            contrary = any(p.contrary.search(e) for e in exceptions)
        holds: bool | None
        # "shall not disclose ... to any employee not having a need to know": forbidden to those
        # of the qualifier who lack the ground for it, so allowed to the others
        lacking = (
            kind == "permission"
            and found is not None
            and bool(
                _MODALITY.lacking.match(
                    main[action.start() + found.end() : action.end() + 2 * _REACH_AFTER]
                )
            )
        )
        if kind in ("permission", "prohibition") and _denies_duty(window):
            # "is not required to disclose", "Nothing in this Agreement obligates any party to
            # reveal": no duty to act, which neither allows the act nor forbids it
            return None, False, True
        if kind == "permission":
            if qualified and negated and (carved or lacking):
                holds = True
            elif qualified and negated and p.entry.negated_answers == "yes":
                # "Without Lender's prior written consent, no Loan Party shall ... pay any
                # dividend", asked "with Keystone's consent": allowed under that condition
                holds = True
                consent = found if found is not None else opening
                if consent is not None:
                    conditions = (*conditions, consent.group(0).split(None, 1)[-1])
            elif negated and in_exception and p.general is not None:
                # "shall not disclose ... to any employees or third parties except to its
                # employees who need to know": the exception's scope is what the general rule
                # leaves allowed, whatever the rule itself names
                holds = True
            elif qualified and contrary and not negated and p.entry.contrary_answers == "silent":
                # "... may terminate at any time if the other party breaches": the right is
                # the contrary's, whatever the qualifier's words
                holds = None
            elif (
                negated
                and in_exception
                and p.qualifier is None
                and p.entry.excepted_answers == "yes"
            ):
                # "shall not make copies except as necessary ...": allowed in the exception's case
                # (a covenant's record says no: the rule decides, its case the exception)
                holds = True
            elif (
                qualified
                and not negated
                and p.entry.duty_answers == "silent"
                and not self._permits(window + action.group(0))
            ):
                # a duty or a future governs it ("shall survive the termination of this
                # Agreement for any reason", "shall automatically terminate"): no right given
                holds = None
            elif (
                qualified
                and negated
                and found is not None
                and p.general is not None
                and p.general.fullmatch(found.group(0)) is not None
                and any(_MODALITY.excepted_persons.match(e) for e in exceptions)
            ):
                # "shall not disclose ... to third parties except those of its Associates who
                # need to know": the prohibition names no one of the claim's but "any third
                # party", and the persons it leaves allowed are unknown: no reading (a guessed
                # "no" is the claim's swap where the exception names them in other words)
                holds = None
            elif qualified:
                holds = not negated
            elif in_exception and negated:
                # "shall not disclose ... except to its employees": allowed by the exception
                holds = True
            elif negated and not contrary and p.entry.outright_answers == "no":
                # forbidden outright ("may not be terminated"): not with the qualifier either
                holds = False
            elif contrary and not negated and p.entry.contrary_answers == "no":
                holds = False
            else:
                holds = None
        elif not qualified and not in_exception:
            holds = None
        elif kind == "prohibition":
            holds = negated
            if not holds and _MODALITY.back_reference.search(_subject_before_modal(window)):
                # "The foregoing will not prevent CNET from displaying links to Competing
                # Retailers": the words a restriction stated before them does not reach are
                # its exception, which says it stands; no denial of it (as for `denies`)
                return None, False, True
        elif kind == "obligation":
            duty = proviso or _MODALITY.obligation.search(window) or negated
            holds = not negated if duty else None
        else:
            holds = not negated
        if holds is None:
            return None, False, True
        if kind == "permission" and not holds and negated:
            grant = self._proviso_grant(s, action)
            if grant is not None and p.entry.any_case:
                # "shall not retain any copies, provided that the Recipient may retain one
                # archival copy", asked whether it may retain some: yes, in the proviso's case
                holds = True
                conditions = (*conditions, grant)
            elif grant is not None and not any(
                grant.startswith(e) or e.startswith(grant) for e in exceptions
            ):
                # "Neither party shall assign this Agreement without consent, provided that
                # Beta may assign it to a successor": the general rule decides, the proviso
                # granting the party asked the denied action in its case is its exception
                # (issue 34: "No — consent required, except to a successor in a merger";
                # asked whether Beta is prohibited: Yes, with the exception)
                exceptions = (*exceptions, grant)
        scope = _scope(s, action.start(), action.end())
        if scope is not None:
            if scope.group("outside") and not holds:
                # "does not grant X any exclusive right ... outside of the Territory": the claim
                # fails only outside a scope, which says nothing of it unscoped
                return None, False, True
            # "shall not sell competing products within the Territory": held in its scope
            conditions = (*conditions, scope.group(0))
        sure = READ_CONFIDENCE if qualified else INDIRECT_CONFIDENCE
        if kind == "state" and holds and self.claim.negated:
            lifted = self._carved(s, action)
            if lifted is not None:
                return lifted, True, True
        reading = self._reading(holds, s, conditions, exceptions, sure)
        if (
            kind == "state"
            and holds
            and self.claim.negated
            and self.claim.carved
            and self._p.carved_by is not None
        ):
            # "Is liability uncapped?" of a cap that carves nothing out: No, unless another
            # sentence of the same document carves cases out of it (the specific one decides)
            reading = dataclasses.replace(reading, general=True)
        if (
            kind == "permission"
            and not holds
            and found is not None
            and p.general is not None
            and p.general.search(found.group(0))
        ):
            reading = dataclasses.replace(reading, general=True)
        return reading, qualified, True

    def _reading(
        self,
        holds: bool,
        sentence: str,
        conditions: tuple[str, ...],
        exceptions: tuple[str, ...],
        confidence: float,
    ) -> Reading:
        covering = tuple(
            e
            for e in exceptions
            if _names_case(e, self.claim.case)
            and self._excepts_for_actor(e)
            and self._same_case_owner(e)
        )
        if covering:
            # "..., except to a successor in a merger", asked of that case: the exception
            # decides the other way, its words the answer's condition
            holds = not holds
            conditions = (*conditions, *covering)
            exceptions = tuple(e for e in exceptions if e not in covering)
        return Reading(holds != self.claim.negated, sentence, conditions, exceptions, confidence)

    def _excepts_for_actor(self, exception: str) -> bool:
        """Does `exception` bind the party asked, or no party in particular: its own clause's
        subject ("except that Northgate may assign", "for Northgate to assign") names the
        actor, any party, a pronoun or no party at all; a clause naming another party is that
        party's exception, never the actor's case?"""
        if self.claim.actor is None:
            return True
        found = _FOR_ACTOR.search(exception)
        if found is not None:
            who = found.group("who")
        elif _first_modal(exception, determiners=False) < len(exception):
            who = _subject_before_modal(exception)
        else:
            # no clause of its own ("except to a successor in a merger"): the main clause's
            return True
        return not self._another_party(who)

    def _same_case_owner(self, exception: str) -> bool:
        """Is the case's owner that `exception` writes ("to a successor of Northgate",
        "Halcyon's Affiliate") the one the question asks (the actor's own where the question
        writes none: "to its successor")? An exception writing none is the actor's own."""
        asked = self.claim.case_owner
        if asked and self._names_actor(asked):
            asked = ""
        owner = ""
        for noun in _case_nouns(exception, self.claim.case):
            after = _CASE_OWNER_AFTER.match(exception, noun.end())
            before = _CASE_OWNER_BEFORE.search(exception[: noun.start()])
            for m in (after, before):
                if m is not None and self._party_word(m.group("who")):
                    owner = m.group("who")
                    break
            if owner:
                break
        if owner and self._names_actor(owner):
            owner = ""
        if not asked:
            return not owner or self.claim.actor is None
        return bool(owner) and (
            _named(asked, owner.casefold()) or self._same_party_term(asked, owner)
        )

    def _same_party_term(self, asked: str, owner: str) -> bool:
        """Is `owner` a defined term of the other parties' while `asked` is another party
        (a term bound under one side only names that side)?"""
        return (
            len(self.claim.others) == 1
            and _named(self.claim.others[0], asked.casefold())
            and _termed(self.claim.other_terms, owner.casefold())
        )

    def _party_word(self, word: str) -> bool:
        """Does `word` name a party: the actor, another, a defined term of theirs, or a name
        (`_name_word`)?"""
        return self._names_actor(word) or self._another_party(word)

    def _another_party(self, who: str) -> bool:
        """Do the words `who` name a party other than the actor: another of the claim's parties
        or their terms, or a name (`_name_word`: "Northgate" where the question's subject left
        it out, "without Northgate's consent")?"""
        if (
            not who.strip()
            or _MODALITY.any_actor.search(who)
            or _MODALITY.pronoun_last.search(who.strip())
            or self._names_actor(who)
        ):
            return False
        if self._someone_else(who):
            return True
        return any(_name_word(w) for w in re.findall(r"[\w&'’-]+", who))

    def _only_bounded(self, main: str) -> bool:
        """Is the right in `main` qualified by nothing but a bound (a notice period)?"""
        p = self._p
        if p.bounds is None or p.qualifier is None:
            return False
        bounded = bool(p.bounds.search(main))
        return bounded and not any(
            p.bounds.fullmatch(m.group(0)) is None for m in p.qualifier.finditer(main)
        )

    @staticmethod
    def _governed(window: str) -> bool:
        """Does a modal or a negation stand near before the action (its last _GOVERNED
        characters: "shall not, without the prior written consent of the Disclosing Party,
        disclose"); a parenthesis between them does not count ("shall not (whether directly
        or indirectly, ...) disclose"), nor an aside in commas just after the modal ("must, at
        the end of this Agreement or within seven days following written instruction by the
        Disclosing Party to do so, return")?"""
        # (a modal before a long list of acts governs the last of them too: "shall not, by
        # itself or with any other party, reproduce, duplicate, copy, decompile")
        return any(
            _MODALITY.permission.search(tail)
            or _MODALITY.obligation.search(tail)
            or _MODALITY.negation.search(tail)
            for tail in (_governing_tail(window), _governing_tail(window, listed=True))
        )

    @staticmethod
    def _permits(window: str) -> bool:
        """Does a word of permission ("may", "has the right to", "is entitled to") govern the
        action, as `_governed` reads the words before it, with no duty's or future's modal
        after it ("the Franchisee's right to use the Marks shall terminate": the right is what
        ends, "shall" governs the action)?"""
        tail = _governing_tail(window)
        last = max((m.end() for m in _MODALITY.permission.finditer(tail)), default=-1)
        return (
            last >= 0
            and _MODALITY.obligation.search(_without_condition_asides(tail[last:])) is None
        )

    def _ends_another(self, main: str, action: re.Match[str], window: str) -> bool:
        """Is what the action is done to named as something else than what the claim's action
        is done to ("may terminate any Statement of Work", "the powers herein granted may be
        revoked or terminated", "may terminate the exclusivity of the Distributor", asked of
        terminating the agreement)? With the claim's object words, an object named that is
        none of them is something else (the agreement's end goes by its own words: "this
        Agreement", "the Executive's employment", "the Term", "the Services"): an object
        nobody listed yields no observation rather than a Yes about the agreement. Without
        them, only the things listed as other count. A thing that ends by itself ("The licenses
        granted hereunder shall not terminate") is something else only where it is one of the
        things listed: its subject may as well be the party that terminates ("Either party may
        terminate upon notice")."""
        own = self._p.object
        other = self._p.other_object
        head = _acted_on(main[action.end() :], action.group(0), window)
        if head is None:
            ending = _ending_by_itself(window)
            return (
                ending is not None
                and (own is None or own.search(ending) is None)
                and other is not None
                and other.search(ending) is not None
            )
        if own is not None:
            return own.search(head) is None
        return other is not None and other.search(head) is not None

    def _actor_window(self, window: str, agent: str) -> str:
        """The words of `window` that name whose action it is. After a verb of agreeing or
        acknowledging, the complement's subject ("Northgate agrees that Halcyon may": Halcyon;
        "X acknowledges that neither party may": either party), the last comma piece before
        its modal ("X agrees that, upon notice to Y, it may": "it"; where an aside ends just
        before the modal, the piece before it: "that Y, if it so elects, may"); where that names no party
        ("it", "its Affiliates", "the Information") or ends in a pronoun ("that upon notice to
        Y it may"), the main clause's, unless a passive's agent names who acts ("X agrees that
        this Agreement may be terminated by Y")."""
        complement = max(
            _MODALITY.complement.finditer(window), key=lambda m: m.start(), default=None
        )
        if complement is None:
            return window
        rest = window[complement.end("that") :]
        pieces = rest[: _first_modal(rest, determiners=False)].split(",")
        subject = pieces[-1] if pieces[-1].strip() else _before_aside(pieces[:-1])
        if agent or (self._names_party(subject) and not _MODALITY.pronoun_last.search(subject)):
            return subject
        return window[: complement.end("that")]

    def _proviso_actor(self, s: str, clause: int, at: int) -> str:
        """The words naming whose action a proviso's own clause (from `clause` to the action at
        `at`) states: its subject, the words before its modal ("provided that the Recipient
        shall give the Discloser notice": "the Recipient"; a party named after the modal is
        whom the action is for, not who acts). A subject that names no party ("it", "they",
        "such party", "the same") stands for the main clause's: the subject of the clause the
        proviso follows ("The Receiving Party may disclose ..., provided that it shall give
        the Disclosing Party notice": the Receiving Party's duty)."""
        subject = _subject_before_modal(s[clause:at])
        if self._names_party(subject) and not _MODALITY.pronoun_last.search(subject):
            return subject
        last = _last_proviso(s, clause)
        assert last is not None  # `clause` is the clause a proviso before it opens
        opening = last.start()
        head = _after_leading_condition(s, opening, _window(s, opening))
        main_subject = self._actor_window(head, "")
        return main_subject[: _first_modal(main_subject, determiners=False)]

    def _own_proviso_read(
        self, s: str, matches: list[re.Match[str]], action: re.Match[str]
    ) -> tuple[Reading | None, bool, bool]:
        """The reading of the first proviso after `action` (another party's) that opens a clause
        of its own naming its party ("..., provided, however, that Licensor may terminate this
        Agreement for any reason"): a statement of its own, read as one; None where none
        follows (a pronoun's clause, "provided that it may", is the main clause's party's)."""
        for later in matches:
            start = _own_proviso(s, later.start())
            if start is None or start < action.end():
                continue
            subject = _subject_before_modal(s[start : later.start()])
            if not self._names_party(subject) or _MODALITY.pronoun_last.search(subject):
                continue
            reading, qualified, _ = self._sentence(s[start:].strip())
            if reading is not None:
                reading = dataclasses.replace(reading, sentence=s)
            return reading, qualified, True
        return None, False, True

    def _proviso_grant(self, s: str, action: re.Match[str]) -> str | None:
        """The proviso after the denied `action` that gives the party asked (named, or any
        party) the same action in a clause of its own, unnegated and not under the contrary
        ("..., provided that Beta may assign it to a successor in a merger"), to the end of its
        clause; None where none does ("provided that Beta may not assign it to a competitor",
        "provided that Acme may assign", asked of Beta, "provided that Beta may assign it with
        Acme's consent")."""
        p = self._p
        verbs = {w[:_VERB_STEM] for w in _WORD.findall(action.group(0)) if len(w) >= _VERB_STEM}
        denied = action.group(0).split(maxsplit=1)[-1]
        for found in _MODALITY.proviso.finditer(s, action.end()):
            clause = _CLAUSE_END.split(s[found.end() :], maxsplit=1)[0]
            modal = _MODALITY.permission.search(clause)
            if modal is None or not _opens_clause(clause):
                continue
            subject = clause[: modal.start()]
            if _MODALITY.negation.search(clause) or not (
                self._names_party(subject)
                or (
                    self.claim.actor is None
                    and p.entry.any_case
                    and self._same_party(subject, s[: action.start()])
                )
            ):
                continue
            if self.claim.actor is None and not (
                _MODALITY.any_actor.search(subject)
                or (p.entry.any_case and self._same_party(subject, s[: action.start()]))
            ):
                continue
            if self._someone_else(subject) or (
                p.contrary is not None and p.contrary.search(clause)
            ):
                continue
            # its verb: the first word after the modal that is no adverb ("may also freely"),
            # past an aside between commas ("may, without such consent, assign it")
            start = modal.end()
            aside = _MODAL_ASIDE.match(clause, start)
            verb = next(
                (
                    w
                    for w in _WORD.finditer(clause, aside.end() if aside else start)
                    if not _ADVERB.fullmatch(w[0])
                ),
                None,
            )
            # the same verb, or another of the action's done to what the denial names ("shall
            # not transfer this Agreement ...; provided that Beta may assign it": "assign this
            # Agreement")
            if verb is None or not (
                verb[0][:_VERB_STEM] in verbs
                or any(
                    a.match(clause, verb.start()) or a.match(f"{verb[0]} {denied}")
                    for a in p.action
                )
            ):
                continue
            if p.given_back is not None and not p.given_back.match(clause[verb.end() :]):
                # "provided that the Recipient may retain copies of its own board minutes",
                # "... may retain none of the Confidential Information": not what was denied
                continue
            return (s[found.start() : found.end()] + clause).strip()
        return None

    @staticmethod
    def _same_party(subject: str, before: str) -> bool:
        """Does a proviso's `subject` name the party of the clause it follows, asked of no
        party in particular: a pronoun standing for it ("provided that it may"), or words all
        of which the subject before the denied action holds ("The Recipient shall not
        retain ..., provided that Recipient may retain")?"""
        if _MODALITY.pronoun_last.search(subject.strip()):
            return True

        def words(text: str) -> set[str]:
            return {w.casefold() for w in re.findall(r"[\w&'’-]+", text)} - _DETERMINERS

        # all its words among the main clause's subject's ("Recipient" of "The Recipient and
        # its Representatives"; "the Disclosing Party" is not "the Receiving Party")
        named = words(subject)
        return bool(named) and named <= words(_subject_before_modal(before))

    def _affirmed_for_another(self, s: str, affirm: re.Match[str]) -> bool:
        """Do the words right after the claim's affirmation name another party as the one it
        is for ("No consent of Acme shall be required for Beta to assign", asked of Acme:
        Beta's assignment, not Acme's)?"""
        return self._someone_else(self._affirmed_for(s, affirm))

    @staticmethod
    def _affirmed_for(s: str, affirm: re.Match[str]) -> str:
        """The words right after the claim's affirmation, to the next comma, semicolon or
        colon: whom it is for ("... shall be required for Beta to assign")."""
        after = s[affirm.end() : affirm.end() + _GOVERNED]
        return _CLAUSE_PUNCTUATION.split(after, maxsplit=1)[0]

    def _someone_elses_proviso(self, exception: str) -> bool:
        """Does `exception` open with a proviso whose clause of its own states another party's
        action ("provided, however, that Licensor may terminate", asked of Licensee)?"""
        start = _own_proviso(exception, len(exception))
        if start is None or _MODALITY.proviso.match(exception) is None:
            return False
        return self._someone_else(exception[start : start + _GOVERNED])

    def _without_owed(self, text: str) -> str:
        """`text` without the parties it names as the one owed ("Beta's liability to Acme",
        "liability of Beta owed to the Licensor", "towards Acme"): a party after those words
        is owed, never the holder."""
        if _OWED is None:
            return text
        names = [
            re.escape(words[0])
            for n in ((self.claim.actor,) if self.claim.actor else ()) + self.claim.others
            for words in [re.findall(r"[\w&'’-]+", n.casefold())]
            if words
        ]
        names += [
            re.escape(t.casefold()) for t in (*self.claim.actor_terms, *self.claim.other_terms)
        ]
        if not names:
            return text
        owed = rf"(?:{_OWED.pattern})\s+(?:(?:the|any|each|either)\s+)?(?:{'|'.join(names)})\b"
        return re.sub(owed, " ", text, flags=_FLAGS)

    def _bound_holder(self, window: str, main: str, action: re.Match[str]) -> str:
        """The words naming whose restriction, named by its own words, a sentence binds a party
        by: a party named between the verb of binding and the name ("shall respect Acme's
        non-"), after the name ("the restrictions on competition applicable to Acme"), or
        between the modal and the verb ("Beta shall cause Acme to comply with"); else the
        words before the action, whose subject it binds ("Acme shall be bound by the non-")."""
        bound = list(_MODALITY.bound_by.finditer(window))
        if not bound:
            return window
        at = bound[-1]
        between = window[at.end() :]
        after = main[action.end() :]
        owner = _MODALITY.restriction_holder_after.match(after)
        holder_after = (
            _PHRASE_BREAK.split(after[owner.end() :], maxsplit=1)[0] if owner is not None else ""
        )
        modals = [
            m.end()
            for pattern in (_MODALITY.permission, _MODALITY.obligation)
            for m in pattern.finditer(window, 0, at.start())
        ]
        caused = window[max(modals) : at.start()] if modals else ""
        for words in (between, holder_after, caused):
            if words.strip() and self._names_party(words):
                return words
        return window

    def _names_party(self, text: str) -> bool:
        """Does `text` name the actor asked about, another party or any party?"""
        if _MODALITY.any_actor.search(text):
            return True
        folded = text.casefold()
        names = ((self.claim.actor,) if self.claim.actor else ()) + self.claim.others
        return any(_named(name, folded) for name in names) or _termed(
            (*self.claim.actor_terms, *self.claim.other_terms), folded
        )

    def _consents_only(self, main: str, actors: str) -> bool:
        """Is the actor named only as the party whose consent the sentence opens requiring
        ("Without Lender's prior written consent, no Loan Party shall", asked of the Lender):
        the one whose consent it takes is not the one the clause binds."""
        if self.claim.actor is None:
            return False
        opened = _LEADING_CONDITION.match(main)
        if opened is None or _WITHOUT.search(opened.group(0)) is None:
            return False
        return self._names_actor(opened.group(0)) and not self._names_actor(actors)

    def _gives_to_another(self, main: str, action: re.Match[str], actors: str) -> bool:
        """Asked who benefits: does the actor's own clause give the benefit to another party
        ("Customer shall indemnify ... Provider", asked of Customer)?"""
        if (
            not self.claim.benefits
            or not self._names_actor(actors)
            or self._permits(actors + action.group(0))
        ):
            # ("The Customer shall be entitled to indemnification for ... Supplier's breach":
            # the actor's right, whoever is named after it)
            return False
        # the party named first after the action is whom it is for ("indemnify ... Provider
        # from any claim arising from Customer's breach": Provider)
        folded = main[action.start() :].casefold()
        assert self.claim.actor is not None
        mine = _first_named((self.claim.actor,), self.claim.actor_terms, folded)
        theirs = _first_named(self.claim.others, self.claim.other_terms, folded)
        return theirs < mine

    def _names_actor(self, text: str) -> bool:
        folded = text.casefold()
        return self.claim.actor is not None and (
            _named(self.claim.actor, folded) or _termed(self.claim.actor_terms, folded)
        )

    def _someone_else(self, window: str) -> bool:
        """Does the clause state another party's action (the actor asked about is not named,
        nor any party)?"""
        if (
            (self.claim.actor is None and not self.claim.others)
            or self.claim.benefits
            or _MODALITY.any_actor.search(window)
        ):
            # a benefit is given by whoever acts (see _gives_to_another); with no actor, only
            # a party the question says does not act (whose consent it is) is another's
            return False
        folded = window.casefold()
        if self.claim.actor is not None and (
            _named(self.claim.actor, folded) or _termed(self.claim.actor_terms, folded)
        ):
            return False
        return any(_named(other, folded) for other in self.claim.others) or _termed(
            self.claim.other_terms, folded
        )


def _before_aside(pieces: list[str]) -> str:
    """The subject of comma pieces whose last is an aside just before the modal ("that Y, if
    it so elects, may"; "that, upon notice to X, Y, at its option, may"): the last piece
    before the aside that does not open with a condition ("upon notice to X" is the
    condition's party, not the subject); else the first piece."""
    said = [p for p in pieces if p.strip()]
    return next(
        (p for p in reversed(said[:-1]) if _MODALITY.condition.match(p.strip()) is None),
        said[0] if said else "",
    )


# "by" opening a passive's agent just after its participle ("shall be assigned by Schoolpop")
_BY_AGENT = _any(lexicon().modality.passive_agent) or re.compile(r"(?!)")
# what after that "by" is the action's means, never its agent ("terminated by written notice",
# "by ninety (90) days' prior notice")
_BY_MEANS = _any(lexicon().modality.passive_means) or re.compile(r"(?!)")
# who gives that means, after it ("by written notice from Licensee", "given by Licensee")
_MEANS_AGENT = _any(lexicon().modality.passive_means_agent) or re.compile(r"(?!)")


def _passive_agent(after: str, action: str) -> str:
    """Who does a passive action, named just after its participle ("assigned by Schoolpop
    without ...": "Schoolpop") or after its means ("terminated by written notice from
    Licensee to Licensor": "Licensee"), to its next preposition; "" where none is named."""
    found = _BY_AGENT.match(after)
    if found is None or not action.casefold().endswith("ed"):
        return ""
    agent = after[found.end() :]
    # (the patterns open with "^": matched on the words after, never from a position)
    means = _BY_MEANS.match(agent)
    if means is not None:
        giver = _MEANS_AGENT.match(agent[means.end() :])
        if giver is None:
            return ""
        agent = agent[means.end() + giver.end() :]
    end = _PREPOSITION.search(agent)
    return agent[: end.start()] if end is not None else agent[:_GOVERNED]


def _acted_on(after: str, action: str, window: str) -> str | None:
    """The head words of what an action is done to: the noun phrase after it ("terminate the
    subagency at any time": "subagency"), or for a passive participle ("may be revoked or
    terminated") its clause's subject, the first of its comma pieces opened by a determiner
    ("In addition, this Agreement may be terminated": "Agreement"); None where none is named
    ("may terminate upon notice"). A possessor may open the noun phrase after it ("terminate
    Halcyon's rights under this Agreement": "rights")."""
    found = _MODALITY.acted_on.match(after) or _MODALITY.possessed.match(after)
    if found is not None:
        return found.group("head")
    passive = _MODALITY.passive.search(window)
    if passive is None or not action.casefold().endswith("ed"):
        return None
    return _clause_subject(window[: passive.start()])


# an adverb between a modal and its verb ("shall automatically terminate")
_ADVERB_AT_END = re.compile(r"\s+\w+ly\s*$", _FLAGS)


def _ending_by_itself(window: str) -> str | None:
    """For an action named with no object (`_acted_on` None), the head words of its subject
    where a modal governs it ("The licenses granted hereunder shall not terminate for any
    reason": "licenses"): what ends by itself, or the party that ends something unnamed;
    None where no modal stands just before it."""
    if not _ends_in_modal(_ADVERB_AT_END.sub("", window)):
        return None
    return _clause_subject(window)


# a section's or an item's number opening a sentence ("5.5 ", "12.", "(a) ", "iv) "); a
# number with no dot is a measure ("30 days after notice"), left
# (one way to read each number: nested repeats of digits took exponential time on a long one)
_NUMBERED = re.compile(r"^\W*(?:\d+\.(?:\d+\.)*\d*|\(?(?:[a-z]|[ivx]{1,5})\))\s+", _FLAGS)


def _clause_subject(before: str) -> str | None:
    """The head words of the subject of the clause whose modal `before` holds: the first of
    its comma pieces before the modal opened by a determiner, else the last ("In addition,
    this Agreement may be": "Agreement")."""
    # a complement clause's subject, not its main clause's ("X agrees that this Agreement may be")
    that = max((m.end("that") for m in _MODALITY.complement.finditer(before)), default=0)
    before = before[that:]
    modal = _first_modal(before)
    # (a section's number opening the sentence is no word of its subject: "5.5 The licenses")
    head = _NUMBERED.sub("", before[:modal], count=1)
    pieces = [p for p in head.split(",") if p.strip()]
    if not pieces:
        return None
    opened = [p for p in pieces if _MODALITY.acted_on.match(p)]
    subject = _MODALITY.subject.match(opened[0] if opened else pieces[-1])
    return subject.group("head") if subject is not None else None


# a modal or a negation, whichever stands first (the three modality patterns as one: one scan)
_ANY_MODAL = re.compile(
    "|".join(
        f"(?:{p.pattern})" for p in (_MODALITY.permission, _MODALITY.obligation, _MODALITY.negation)
    ),
    _MODALITY.permission.flags,
)


def _first_modal(text: str, *, determiners: bool = True) -> int:
    """Where the first modal or negation of `text` stands (its length where none does); without
    `determiners`, a negation that opens a subject ("neither party may", "no party shall")
    is none: the first verb's then ends the subject."""
    # each pattern's first match is its leftmost: one search each, not every match of a long
    # sentence (the first negation that is a verb's, where determiners are left out)
    if determiners:
        first = _ANY_MODAL.search(text)
        return first.start() if first is not None else len(text)
    found = [_MODALITY.permission.search(text), _MODALITY.obligation.search(text)]
    found.append(
        next(
            (m for m in _MODALITY.negation.finditer(text) if _VERB_NEGATION.search(m.group(0))),
            None,
        )
    )
    return min((m.start() for m in found if m is not None), default=len(text))


def _without_condition_asides(text: str) -> str:
    """`text` less each aside in commas that states a condition ("may, at any time, provided it
    shall have paid all fees, terminate"): a modal inside one governs the condition, not the
    action after it."""
    parts = text.split(",")
    # the last part runs on to the action: an aside is closed by a comma after it
    kept = [
        part
        for i, part in enumerate(parts)
        if i == 0 or i == len(parts) - 1 or not _MODALITY.aside_condition.match(part)
    ]
    return ",".join(kept)


def _governing_tail(window: str, listed: bool = False) -> str:
    """The words that may govern the action at the end of `window`: its last _GOVERNED
    characters, a parenthesis and what says how or when (`adverbial`: "directly or
    indirectly", "for a period of two years") left out, and an aside in commas just after a
    modal; with `listed`, the acts listed in commas before the action left out too
    (`_without_listed_acts`)."""
    window = _MODALITY.adverbial.sub(" ", _PARENTHESIS.sub(" ", window))
    if listed:
        window = _without_listed_acts(window)
    aside = _ASIDE.search(window)
    if aside is not None and _ends_in_modal(window[: aside.start()]):
        window = window[: aside.start()] + " " + aside.group("action")
    return window[-_GOVERNED:]


# an act listed before the action, in commas ("shall not reproduce, duplicate, copy, decompile"):
# a word or three in lower case up to a comma, never a noun's determiner first ("forbids the
# unauthorized distribution, display and reproduction": things listed, no acts)
_LISTED_ACT = re.compile(
    r"\b(?:(?:or|and|and/or)\s+)?(?!(?:the|a|an|any|all|each|such|its|their|his|her|this|that|these|those)\b)"
    r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s*,\s*$"
)
_MAX_LISTED = 8


def _without_listed_acts(window: str) -> str:
    """`window` without the acts listed in commas at its end, before the action ("shall not,
    by itself or with any other party, reproduce, duplicate, copy, decompile"): the modal
    that governs the list governs the action however many acts it lists; never past a modal
    or a negation."""
    last = window.rfind(",")
    if last < 0:
        return window
    # the action's own words after the list's last comma
    window, action = window[: last + 1], window[last + 1 :]
    for _ in range(_MAX_LISTED):
        m = _LISTED_ACT.search(window)
        if m is None or any(
            pattern.search(m.group(0))
            for pattern in (_MODALITY.permission, _MODALITY.obligation, _MODALITY.negation)
        ):
            break
        window = window[: m.start()]
    return window + action


def _named(name: str, folded_text: str) -> bool:
    """Is `name` (or its first word: "Northgate" for "Northgate Logistics, Inc.") in the text?"""
    words = re.findall(r"[\w&'’-]+", name.casefold())
    return bool(words) and re.search(rf"\b{re.escape(words[0])}\b", folded_text) is not None


def _first_named(names: Sequence[str], terms: Sequence[str], folded_text: str) -> int:
    """Where the first of `names` (by its first word, as `_named`) or of the defined terms
    `terms` (as `_termed`) stands in the text; its length where none does."""
    patterns = [
        rf"\b{re.escape(words[0])}\b"
        for words in (re.findall(r"[\w&'’-]+", n.casefold()) for n in names)
        if words
    ]
    patterns += [rf"\b{re.escape(t.casefold())}(?:s|'s|’s)?\b" for t in terms if t.strip()]
    starts = [m.start() for p in patterns for m in [re.search(p, folded_text)] if m is not None]
    return min(starts, default=len(folded_text))


def _termed(terms: Sequence[str], folded_text: str) -> bool:
    """Is one of the defined terms `terms` ("Loan Party") in the text, whole (its plural or
    possessive too)?"""
    return any(
        re.search(rf"\b{re.escape(t.casefold())}(?:s|'s|’s)?\b", folded_text) is not None
        for t in terms
        if t.strip()
    )


def _bracketed(text: str) -> str:
    """`text` to the bracket it closes, if it closes one ("breach of confidentiality) exceed
    the fees": the carve-out in brackets)."""
    depth = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return text[:i]
            depth -= 1
    return text


def _balanced(text: str) -> str:
    """`text` without the stray punctuation at its ends and with its brackets balanced: a
    bracket it does not open is dropped, one it leaves open is closed ("claims under Section 11
    (Indemnity" -> "... (Indemnity)")."""
    text = text.strip(" ,.")
    kept: list[str] = []
    depth = 0
    for ch in text:
        if ch == ")":
            if depth == 0:
                continue
            depth -= 1
        elif ch == "(":
            depth += 1
        kept.append(ch)
    text = "".join(kept).strip(" ,.")
    while text.startswith("(") and depth > 0:
        # an opening bracket with nothing before it is the carve-out's own: "(except for ..."
        text = text[1:].strip(" ,.")
        depth -= 1
    return text + ")" * depth if text.strip(" ,.()") else ""


def _leaves_a_case(exception: str) -> bool:
    """Does an exception name a case of the action it follows ("except as necessary for its
    employees"), rather than open another provision with a duty of its own ("except that the
    Recipient shall return all materials", "provided that it notifies")?"""
    return _MODALITY.proviso.search(exception) is None


def _split_exception(s: str, at: int) -> tuple[str, tuple[str, ...]]:
    """The sentence without its exceptions, and the exceptions: an exception after the action
    runs to the sentence's end; one before it ("Except as ..., neither party may") to its
    comma."""
    exceptions: list[str] = []
    main = s
    # in a list of items ("no Loan Party shall (a) incur any Indebtedness other than Permitted
    # Indebtedness, (b) create any Lien other than Permitted Liens, or (c) pay any dividend"):
    # an exception is its own item's, never another item's action's (to the next item's mark)
    itemised = _LIST_ITEM.search(s, 0, at) is not None
    for m in _MODALITY.exception.finditer(s):
        if m.start() >= at:
            item = _LIST_ITEM.search(s, m.end()) if itemised else None
            exceptions.append(_part(s[m.start() : item.start() if item else len(s)]))
            main = s[: m.start()]
            break
        comma = s.find(",", m.end())
        if 0 <= comma < at:
            if not (itemised and _LIST_ITEM.search(s, m.end(), at)):
                exceptions.append(_part(s[m.start() : comma]))
            main = s[: m.start()] + " " * (comma + 1 - m.start()) + s[comma + 1 :]
    return main, tuple(exceptions)


# a list item's mark inside a sentence ("(b) ", ", or (iv) "), with the joining words before it
_LIST_ITEM = re.compile(r"[,;]?\s*(?:\b(?:and|or)\s+)?\((?:[a-h]|[ivx]{1,5}|\d{1,2})\)\s", _FLAGS)


def _subject_of(after: str) -> bool:
    """Is what precedes `after` the subject of a modal that follows it before any clause
    break ("... and its Representatives shall not", not "For convenience, either party
    may")?"""
    # a comma may stand between the subject and its verb ("Its Representatives, shall not")
    piece = re.split(r"[,;:(]", after.lstrip(" ,"), maxsplit=1)[0]
    if _MODALITY.aside_condition.match(piece):
        # "may, at any time, provided it shall have paid all fees, terminate": a condition's
        # modal is its own, no subject's
        return False
    return bool(
        _MODALITY.permission.search(piece)
        or _MODALITY.obligation.search(piece)
        or _MODALITY.negation.search(piece)
    )


# the preposition a restriction names what it leaves allowed with ("restrict access to")
_TO = _any(lexicon().modality.restricted_to) or re.compile(r"(?!)")


# the prepositions that introduce whom or what an action is for or by, or its manner
def _reach_after(main: str, end: int) -> int:
    """How far after an action ending at `end` its qualifier may stand: _REACH_AFTER, and the
    length of the asides between ("shall not assign ..., in whole or in part, whether
    voluntarily or by operation of law, without the prior written consent")."""
    if _INTERJECTION is None:
        return _REACH_AFTER
    asides = _INTERJECTION.finditer(main, end, end + 2 * _REACH_AFTER)
    return _REACH_AFTER + sum(m.end() - m.start() for m in asides)


_PREPOSITION = re.compile(
    r"\b(?:to|with|without|among|by|from|for|of|at|in|on|upon|under)\b", _FLAGS
)


def _agent(before: str, qualifier: str = "") -> bool:
    """Is the last preposition before a qualifier "by" (a passive's agent)? A "by" before a
    gerund is the action's means, not its agent ("may terminate this Agreement by giving 60
    days written notice"), and so is one before a notice, the qualifier's own words ("may be
    terminated by ninety (90) days' prior written notice", "by written notice of 30 days")."""
    last = max(_PREPOSITION.finditer(before), key=lambda m: m.start(), default=None)
    return (
        last is not None
        and last.group(0).casefold() == "by"
        and not _GERUND.match(before, last.end())
        and not _BY_MEANS.match(before[last.end() :] + qualifier)
    )


# a gerund right after a preposition ("by giving", "by providing")
_GERUND = re.compile(r"\s+\w{2,}ing\b", _FLAGS)


def _passive_subject(main: str, end: int) -> bool:
    """Is the action ending at `end` the subject of a passive modal in its clause that limits
    it ("Disclosure of Confidential Information by the Recipient shall be limited to those
    employees", "access ... shall be given only to")? Only a limit: "... competent
    jurisdiction shall be binding" states nothing of the action."""
    clause = re.split(r"[,;:]", main[end : end + _GOVERNED], maxsplit=1)[0]
    modal = _MODALITY.permission.search(clause) or _MODALITY.obligation.search(clause)
    if modal is None or not re.match(r"\s+(?:only\s+)?be\b", clause[modal.end() :]):
        return False
    return bool(_MODALITY.carve_out.search(main[end : end + _GOVERNED + _REACH_AFTER]))


def _first_clause(text: str) -> str:
    """`text` to its first comma or semicolon outside parentheses."""
    return text[: next(_clause_breaks(text, 0), len(text))]


def _subject_before_modal(clause: str) -> str:
    """The subject of a clause that runs to its action: the words before its first modal, the
    last of their comma pieces (or the piece before an aside that ends just before the modal:
    "that Licensor, at its option, may")."""
    pieces = clause[: _first_modal(clause, determiners=False)].split(",")
    return pieces[-1] if pieces[-1].strip() else _before_aside(pieces[:-1])


def _last_proviso(s: str, at: int) -> re.Match[str] | None:
    """The last proviso ("provided, however, that") that opens before `at`, or None."""
    return max(_MODALITY.proviso.finditer(s, 0, at), key=lambda m: m.start(), default=None)


def _own_proviso(s: str, at: int) -> int | None:
    """Where the clause of its own that the last proviso before `at` opens starts ("provided,
    however, that Licensor may terminate": a subject, then its modal), or None where no such
    proviso stands before `at` (or one opens no clause of its own: "provided that the Recipient
    promptly notifies", whose verb is the action's own)."""
    found = _last_proviso(s, at)
    if found is None:
        return None
    end = found.end()
    if _inside_predicate(s[: found.start()]):
        # "Acme may, at any time, provided that it shall have paid all fees, terminate": an
        # aside between the main clause's modal and its verb, no statement of its own
        return None
    return end if _opens_clause(s[end:at]) else None


def _inside_predicate(head: str) -> bool:
    """Does `head` (the words before an aside) end in a modal, or in a modal and asides in
    commas ("Acme may, at any time,")?"""
    pieces = _clause_tail(head).split(",")
    return any(
        _ends_in_modal(",".join(pieces[:i]))
        for i in range(max(1, len(pieces) - 3), len(pieces) + 1)
    )


def _proviso(s: str, at: int, *, own_duty: bool = False) -> bool:
    """Does a proviso ("provided, however, that") open the clause of the action at `at`, its
    own verb (no modal between them: "provided that the Recipient promptly notifies")? With
    `own_duty`, also where the proviso states the duty with a modal of its own ("provided that
    the Recipient shall give the Discloser prompt notice"); never a right ("provided that it
    may ..."), a negated duty, nor a clause of its own after a semicolon."""
    found = _last_proviso(s, at)
    if found is None:
        return False
    between = s[found.end() : at]
    if len(between) > _GOVERNED or _MODALITY.permission.search(between):
        return False
    if own_duty:
        # (a negated one is left unread: the relative-clause reading would drop its "not")
        return ";" not in between and not _MODALITY.negation.search(between)
    return not _MODALITY.obligation.search(between)


def _proviso_frees(s: str, at: int) -> bool:
    """Does a proviso open the clause of the action at `at` with words that free the party from
    it ("provided that no notice shall be required", "provided that the Recipient shall not be
    required to notify", "... shall be under no obligation to notify")?"""
    found = _last_proviso(s, at)
    if found is None:
        return False
    between = s[found.end() : at]
    return (
        len(between) <= _GOVERNED
        and ";" not in between
        and _MODALITY.proviso_freed.search(between) is not None
    )


# a sentence that opens with a list item's number ("(ii) recruit ...;", "4.1.2 to its
# employees ...;", "- restrict ...")
_ITEM_START = re.compile(
    r"^\W{0,2}(?:(?:and|or)\s+)?(?:\(?(?:[a-z]|[ivx]{1,5}|\d{1,2})\)|\d{1,2}(?:\.\d{1,2})+\.?|[-•–])\s",
    _FLAGS,
)
# a colon that opens a list: at the sentence's end, or before its first item
_LIST_COLON = re.compile(
    r":\s*(?:$|(?:\(?(?:[a-z]|[ivx]{1,5}|\d{1,2})\)|\d{1,2}(?:\.\d{1,2})+\.?|[-•–])\s)", _FLAGS
)
# how many items before it a list item's lead-in may stand
_MAX_ITEMS_BEFORE = 12


def _lead_in(sentences: Sequence[str], at: int) -> tuple[int, str] | None:
    """For a list item that the splitter set apart from its lead-in ("... neither party will,
    directly or indirectly:" ... "(ii) recruit any employee ..."), the lead-in's sentence and
    its words to the list's colon; None for a sentence that is no such item. Only items stand
    between them: a sentence of prose in between ends the list."""
    if not _ITEM_START.match(sentences[at]):
        return None
    for i in range(at - 1, max(-1, at - 1 - _MAX_ITEMS_BEFORE), -1):
        colon = _LIST_COLON.search(sentences[i])
        if colon is not None:
            return i, sentences[i][: colon.start() + 1]
        if not _ITEM_START.match(sentences[i]):
            return None
    return None


def _with_lead_ins(sentences: Sequence[str]) -> list[str]:
    """The sentences as the reader reads them: a list item set apart from its lead-in is read
    after it ("The Recipient shall not: (ii) recruit ..."), so its modal and actor govern it."""
    out = []
    for i, sentence in enumerate(sentences):
        lead = _lead_in(sentences, i)
        out.append(sentence if lead is None else f"{lead[1]} {sentence}")
    return out


# an item of a list opening just before the action, or a word or two before it ("...; (ii)
# recruit", "or (b) notify", ": 3.3.1 notify", ": - restrict", "(ii) make copies")
_ITEM_OPENS = re.compile(
    r"(?:^|[\s;:,])(?:(?:and|or)\s+)?(?:\(?(?:[a-z]|[ivx]{1,5}|\d{1,2})\)|\d{1,2}(?:\.\d{1,2})+\.?|[-•–])"
    r"(?P<item>\s*(?:[\w-]+\s+){0,2})$",
    _FLAGS,
)
# a list's first item when no colon opens it ("shall not (i) use ... or (ii) disclose")
_FIRST_ITEM = re.compile(r"(?:^|\s)\(?(?:a|i|1)\)\s", _FLAGS)
# an item of a list before another item's opening ("b) Not to disclose ... c) Not to use")
_EARLIER_ITEM = re.compile(r"(?:^|[\s;,])\(?(?:[a-z]|[ivx]{1,5}|\d{1,2})\)\s+\S", _FLAGS)


# a conjunct between commas, before the action ("shall not, and shall cause its affiliates
# not to, disclose")
_COORDINATED = re.compile(r",\s*(?:and|or)\s+[^,;:]*,", _FLAGS)
# right after a denied duty's "to", a conjunct in commas with the act's own modal ("is not
# obligated to, and will not, disclose"), its words as group `own`
_CONJUNCT_AFTER = re.compile(r"\s*,\s*(?:and|or|but)\s+(?P<own>[^,;:]*),", _FLAGS)
# what joins two alternatives named side by side ("exclusive or non-exclusive",
# "non-exclusive/exclusive", "non-exclusive and exclusive status")
_ALTERNATIVE = re.compile(
    rf"\W*(?:{'|'.join(lexicon().modality.alternative) or '(?!)'})\W*$", _FLAGS
)
# a parenthesis without another in it
_PARENTHESIS = re.compile(r"\([^()]*\)")
# an aside in commas, then the action's words
_ASIDE = re.compile(r",[^,;:]*,\s*(?P<action>[^,;:]{0,40})$")


def _ends_in_modal(text: str) -> bool:
    """Does `text` end in a modal or a negation ("The Recipient must")?"""
    tail = text.rstrip()[-40:]
    return any(
        m.end() == len(tail)
        for pattern in (_MODALITY.permission, _MODALITY.obligation, _MODALITY.negation)
        for m in pattern.finditer(tail)
    )


# a relative pronoun opening a clause inside the subject ("Information that is not returned")
_RELATIVE = re.compile(r"\b(?:that|which|who|whom|whose)\b", _FLAGS)


# a second infinitive joined to a noun's negated one ("... not to disclose and not to use")
_AND_NOT_TO = re.compile(r"\b(?:and|or)\s+(?P<not>not)\s+to\s+(?=\S)", _FLAGS)


def _without_noun_infinitives(window: str) -> str:
    """`window` without the negation of a noun's own infinitive ("the obligation not to use the
    Information shall survive": the obligation survives, the "not" is the noun phrase's); one
    that governs the action itself stands at the window's end and stays ("the covenant not to
    compete")."""
    blanked = list(window)
    for m in _MODALITY.noun_infinitive.finditer(window):
        found = [m]
        # its infinitives joined to the first ("the obligations not to disclose and not to use")
        for more in _AND_NOT_TO.finditer(window, m.end()):
            if any(
                pattern.search(window, found[-1].end(), more.start())
                for pattern in (_MODALITY.permission, _MODALITY.obligation, _MODALITY.negation)
            ):
                break
            found.append(more)
        for f in found:
            blanked[f.start("not") : f.end("not")] = " " * len(f.group("not"))
    return "".join(blanked)


def _without_kept_negations(window: str, *, named: bool = False) -> str:
    """`window` without the negations before a verb of weakening whose object is a noun's own
    infinitive governing the action ("Nothing herein shall impair X's obligations not to
    compete", "Termination shall not relieve X of its covenant not to solicit"): "nothing
    ... impair" keeps the restriction standing, it does not undo it; the noun's own "not
    to" still counts (`named`: or the restriction named by its own words, "shall not impair
    Acme's non-compete obligations", whose name counts)."""
    verb = _weakening_verb(window, named=named)
    if verb is None:
        return window
    blanked = list(window)
    for m in _MODALITY.negation.finditer(window, 0, verb):
        blanked[m.start() : m.end()] = " " * (m.end() - m.start())
    return "".join(blanked)


def _kept_holder(window: str, *, named: bool = False) -> str | None:
    """The words naming whose restriction a verb of weakening keeps standing ("shall not waive
    Beta's obligation not to", "may not release Beta from its covenant not to", "shall not
    terminate the obligation of Beta not to"): those after the verb; None without one."""
    verb = _weakening_verb(window, named=named)
    return None if verb is None else window[verb:]


def _weakening_verb(window: str, *, named: bool = False) -> int | None:
    """Where the verb of weakening that governs the noun's own infinitive at the end of `window`
    ends; None without one. The verb is the word the negation governs: the first word of
    weakening after the last negation before one, not a noun before it ("The release date shall
    not affect", "the waiver of any breach shall not affect": "affect") nor one a determiner
    opens ("Nothing in the release shall impair": "impair"); without a negation before any, the
    first ("Termination relieves"). `named`: the restriction may be named by its own words
    ("shall not impair Acme's non-")."""
    weakened = _MODALITY.weakened_named if named else _MODALITY.weakened
    kept = weakened.search(window)
    if kept is None:
        return None
    words = [
        m
        for m in _MODALITY.weakening_word.finditer(window, kept.start())
        if weakened.match(window, m.start()) is not None
        and _MODALITY.determined.search(window, 0, m.start()) is None
    ]
    if not words:
        return kept.end("verb")
    negations = [m.end() for m in _MODALITY.negation.finditer(window, 0, words[-1].start())]
    if not negations:
        return words[0].end()
    return next(m.end() for m in words if m.start() >= negations[-1])


def _lifted_holder(window: str, *, named: bool = False) -> tuple[str, str | None, bool] | None:
    """The words that may name whose restriction `window`'s words lift: those before them, and
    those after a verb of freeing ("Beta shall release Acme from its obligation not to": where
    they name a party; not a passive's agent: "Acme is released by Beta from"; "Acme will not
    be bound by any covenant not to": the words before alone), and whether
    a party only may lift it ("Beta may release Acme from"); None where nothing lifts it, or a
    negation before a verb of freeing keeps it standing ("shall not relieve Acme of its
    obligation not to", "Nothing herein shall release"). `named`: the restriction may be named
    by its own words ("shall release Acme from its non-")."""
    lifted = (_MODALITY.lifted_named if named else _MODALITY.lifted).search(window)
    if lifted is None:
        return None
    before = window[: lifted.start()]
    if len(_MODALITY.negation.findall(before)) % 2 == 1:
        return None
    words = lifted.group("frees") or lifted.group("unbound")
    between = _NOT_TO_END.sub("", window[lifted.start() + len(words) : lifted.end()])
    between = _MODALITY.named_restriction.sub("", between)
    if any(
        pattern.search(between)
        for pattern in (_MODALITY.permission, _MODALITY.obligation, _MODALITY.negation)
    ):
        # another verb governs the noun ("the release of Beta shall not affect the obligation
        # of Acme not to")
        return None
    permitted = _MODALITY.permission.search(before) is not None
    after = None
    if lifted.group("frees") is not None:
        after = window[lifted.end("frees") : lifted.end()]
        if _BY_AGENT.match(after) is not None:
            after = None
    return before, after, permitted


# what ends a holder's noun phrase after a restriction's name ("of Section 9 for the benefit of
# Beta": "Section 9")
_PHRASE_BREAK = re.compile(
    r"[,;:.()]|\b(?:for|in|to|under|with|by|as|and|or|which|that|who)\b", _FLAGS
)
# the noun's own infinitive at the end of the words that lift it
_NOT_TO_END = re.compile(r"\s+not\s+to\s*$", _FLAGS)


def _names_restriction(window: str) -> bool:
    """Do the words before an action end by making it the name of its own restriction ("Acme
    shall be bound by the non-", "shall comply with the restrictions on ")?"""
    return _MODALITY.named_restriction.search(window) is not None


def _bound_by_name(window: str) -> bool:
    """Do the words before an action named as its restriction bind a party by it ("Acme is
    bound by the non-", "shall comply with the restrictions on "), in one run of words?"""
    bound = list(_MODALITY.bound_by.finditer(window))
    return bool(bound) and not _CLAUSE_PUNCTUATION.search(window, bound[-1].end())


def _leading_condition(main: str) -> tuple[str, ...]:
    """The condition `main` opens with, to its comma ("Upon Closing, Beta shall release ..."):
    none where it opens with none."""
    if _LEADING_CONDITION.match(main) is None:
        return ()
    return (_part(_first_clause(main)),)


def _without_relative_negations(window: str) -> str:
    """The words before a right's, a duty's or a prohibition's action without the negation of
    a relative clause in its subject ("Information that is not marked may be disclosed": the
    information may be disclosed); the clause runs from its pronoun (never a complement's "that":
    "agrees that it shall not") to the modal that governs the action, the last ones of the
    window, which stay ("any Product that is returned shall not be"). Only a verb's negation
    is the clause's ("is not", "does not"): "no", "neither" open the main clause's subject."""
    opened = max((m.end("that") for m in _MODALITY.complement.finditer(window)), default=0)
    relative = max(_RELATIVE.finditer(window, opened), key=lambda m: m.start(), default=None)
    if relative is None:
        return window
    modals = sorted(
        (m.start(), m.end())
        for pattern in (_MODALITY.permission, _MODALITY.obligation, _MODALITY.negation)
        for m in pattern.finditer(window, relative.end())
    )
    if not modals:
        return window
    # the governing run: the last modal and those just before it ("shall not be", "may not")
    start, _ = modals[-1]
    for begin, end in reversed(modals[:-1]):
        if end < start and window[end:start].strip():
            break
        start = min(start, begin)
    blanked = list(window)
    for m in _MODALITY.negation.finditer(window, relative.end(), start):
        if _VERB_NEGATION.search(m.group(0)):
            blanked[m.start() : m.end()] = " " * (m.end() - m.start())
    return "".join(blanked)


# a verb's negation ("is not", "does not", "cannot", "isn't"), not a determiner's ("no", "neither")
_VERB_NEGATION = re.compile(r"\bnot\b|n[’']t\b|\bcannot\b", _FLAGS)


def _outside_relative(window: str) -> str:
    """The words before a state's verb without a relative clause of its subject: "Information
    that is not returned ... will remain subject to" says the information remains, the
    negation is the relative clause's (its own verb follows it). The main clause resumes at
    the first modal after that negation ("will"), or at a negation that stands just before the
    state's words ("... that is returned does not remain"). The "that" of a complement clause
    ("acknowledges that its obligations shall not in any event survive") opens what the
    sentence says, no relative clause: only a relative clause after it is left out."""
    opened = max((m.end("that") for m in _MODALITY.complement.finditer(window)), default=0)
    relative = max(_RELATIVE.finditer(window, opened), key=lambda m: m.start(), default=None)
    if relative is None:
        return window
    negations = list(_MODALITY.negation.finditer(window, relative.end()))
    own = [n for n in negations if window[n.end() :].strip()]
    if not own:
        return window
    end = own[-1].end()
    resumes = [
        m.start()
        for pattern in (_MODALITY.obligation, _MODALITY.permission)
        for m in pattern.finditer(window, end)
    ]
    resumes += [n.start() for n in negations if n.start() >= end]
    return window[: relative.start()] + " " + window[min(resumes, default=len(window)) :]


def _after_leading_condition(main: str, at: int, window: str) -> str:
    """The clause's words before the action at `at` without the condition the sentence opens
    with, to its comma ("If Halcyon does not pay within thirty days, Northgate may terminate":
    the negation and the party are the condition's, not the right's)."""
    opened = _LEADING_CONDITION.match(main)
    head = main[:at]
    if opened is None or not head.endswith(window):
        return window
    end = len(_first_clause(head))
    if end >= at or at - len(window) > end:
        return window
    # the condition runs on over an aside of its own ("If the Recipient is required by law to
    # disclose any of the facts, the disclosure of which is restricted hereunder, the Recipient
    # shall give notice"): the main clause opens after the last clause break whose rest holds
    # the right or the duty
    # (an aside of the main clause opened by a subordinating word, "as Halcyon may request",
    # "which it may", is never where the main clause opens: "Northgate may not, as Halcyon may
    # request, terminate" keeps its negation)
    for brk in reversed(list(_clause_breaks(head, end + 1))):
        rest = head[brk + 1 :]
        if _SUBORDINATE_OPENING.match(rest) is None and _RIGHT_OR_DUTY.search(rest) is not None:
            return rest
    return head[end + 1 :]


# what opens a subordinate clause or an aside, never a main clause
_SUBORDINATE_OPENING = re.compile(
    r"^\s*(?:as|which|who|whom|whose|that|unless|except|if|when|where|while|whether|"
    r"although|though|because|since|provided|subject|save|to\s+the\s+extent|of\s+which|"
    r"in\s+which|to\s+which|for\s+which|by\s+which)\b",
    re.IGNORECASE,
)


def _clause_breaks(text: str, start: int) -> Iterator[int]:
    """The commas and semicolons of `text` from `start` on, outside parentheses, in order."""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        elif c in ",;" and depth == 0:
            yield i


def _condition_event(window: str) -> bool:
    """Is the action whose clause words before it are `window` a condition's own event: a
    condition opens in them ("if", "where", "in the event that") and no word of permission or
    duty follows it ("if the Supply Agreement expires, does not renew or terminates": the
    negation is the event's, no right or duty of the action)?"""
    ends = [m.end() for m in _MODALITY.trailing_condition.finditer(window)]
    if not ends:
        return False
    after = window[ends[-1] :]
    return not (_MODALITY.permission.search(after) or _MODALITY.obligation.search(after))


def _after_trailing_condition(window: str) -> str:
    """The clause's words before the action from the condition that opens after the main
    clause's modal, where the action is the condition's own verb, no comma or modal between
    ("No termination fee shall be payable if Acme terminates", "Beta shall not be liable where
    Acme terminates": the main clause's negation and modal are not the action's)."""
    opened = next(
        (
            m
            for m in _MODALITY.trailing_condition.finditer(window)
            if not re.search(r"[,;:]", window[m.end() :])
        ),
        None,
    )
    if opened is None or _first_modal(window[: opened.start()]) >= opened.start():
        return window
    condition = window[opened.start() :]
    if _first_modal(condition) < len(condition):
        return window
    return condition


def _denies_duty(window: str) -> bool:
    """Does the window before an action end in a denied duty of it ("shall not be required
    to", "Nothing in this Agreement obligates any party to", adverbs after at most), not of
    another act before it ("not obliged to obtain consent to", "not required to prevent")?"""
    found = list(_MODALITY.negated_duty.finditer(window))
    return bool(found) and _MODALITY.duty_adverbs.fullmatch(window[found[-1].end() :]) is not None


def _without_denied_duties(said: str) -> tuple[str, int]:
    """`said` without its denied duties, and how many of them deny a duty to refrain: a duty
    denied of an act neither allows nor forbids it and counts no negation ("is not required
    to return the materials and shall not disclose"); denied of a refraining ("not obliged to
    refrain from sharing"), it counts one, which the refraining cancels (the act allowed); a
    conjunct in commas right after its "to" ("is not obligated to, and will not, disclose")
    is the act's own modal, kept."""
    out: list[str] = []
    at = refrained = 0
    for duty in _MODALITY.negated_duty.finditer(said):
        if duty.start() < at:
            continue
        out.append(said[at : duty.start()])
        at = duty.end()
        conjunct = _CONJUNCT_AFTER.match(said, at)
        if conjunct is not None:
            out.append(f" {conjunct.group('own')} ")
            at = conjunct.end()
            continue
        out.append(" ")
        adverbs = _MODALITY.duty_adverbs.match(said, at)
        if _MODALITY.negation.match(said, adverbs.end() if adverbs is not None else at):
            refrained += 1
    out.append(said[at:])
    return "".join(out), refrained


def _window(main: str, at: int) -> str:
    """The clause's words before the action: from the last clause break before it; for an
    action that opens a list item, its lead-in's ("The Recipient shall not: (i) ...; (ii)
    recruit": the item is governed by "shall not", as if it followed it)."""
    head = main[:at]
    opened = _ITEM_OPENS.search(head)
    if opened is not None:
        # the list opens at its first item ("will (i) promptly notify ..., and (ii)"), else at
        # the colon before the item ("shall, if the circumstances permit: 3.3.1 notify")
        first = max(
            (m.start() for m in _FIRST_ITEM.finditer(head) if m.start() <= opened.start()),
            default=-1,
        )
        cut = first if first > 0 else head.rfind(":", 0, opened.start() + 1)
        if cut < 0 and _EARLIER_ITEM.search(head, 0, opened.start() + 1):
            # items run together with no lead-in in the sentence ("b) Not to disclose ...
            # c) Not to use"): each governs itself, the earlier one's negation is its own
            return opened.group("item")
        lead = head[: max(cut, 0)].rstrip().removesuffix(":")
        if _LEADING_CONDITION.match(lead):
            # "Without Lender's consent, no Loan Party shall (a) ...": the condition the
            # lead-in opens with is not its clause (as for a sentence with no items)
            end = len(_first_clause(lead))
            if end < len(lead):
                lead = lead[end + 1 :]
        if lead.strip():
            lead = _clause_tail(lead)
            window = lead + " " + opened.group("item")
            # the lead-in's modal governs every item however far its asides run ("neither
            # party will, directly or indirectly, either as a partner or in any capacity:");
            # a modal that the item completes ("agrees (i) to notify") is read whole
            governing = max(
                (
                    m.end()
                    for pattern in (_MODALITY.permission, _MODALITY.obligation, _MODALITY.negation)
                    for m in pattern.finditer(window)
                ),
                default=len(window),
            )
            if governing > len(lead):
                return window
            return lead[:governing] + " " + opened.group("item")
    return _clause_tail(head, main[at:])


def _clause_tail(head: str, action: str = "") -> str:
    """`head` from its last clause break: a semicolon, a colon, a full stop, or a comma and
    a conjunction that open a clause of its own, with a subject and a modal ("shall not apply
    to ..., and the Recipient shall not use ... to independently develop": the first
    clause's negation is not the second's), or a conjunction and a modal of the same subject's
    (`_own_predicate`; `action`: the words from the action on, where the modal may be its)."""
    # Only the last break counts, so each kind of break is tested from the end, and the test
    # stops at the first that holds or at one before a later break: a long sentence of many
    # conjunctions is read in time near its length, not in its cube (the punctuation after a
    # conjunction is known from the last comma, not searched for again after each).
    cut = max((m.end() for m in _CLAUSE_BREAK.finditer(head)), default=0)
    cut = _last_break(_CONJOINED, head, cut, _opens_clause)
    punctuated = _last_punctuation(head)
    if action:
        cut = _last_break(
            _JOINS,
            head,
            cut,
            lambda rest: len(head) - len(rest) > punctuated and _opens_at_action(rest, action),
        )
    tail = head[cut:]
    punctuated = _last_punctuation(tail)
    join = _last_break(
        _PREDICATE_JOIN,
        tail,
        punctuated,
        lambda rest: _own_predicate(rest, action, punctuated=False),
    )
    subject = _first_modal(tail, determiners=False)
    if join > punctuated and subject < join:
        # the subject kept, the earlier predicates (and their negations) left out
        return tail[:subject] + tail[join:]
    return tail


def _last_break(
    pattern: re.Pattern[str], text: str, floor: int, opens: Callable[[str], bool]
) -> int:
    """The end of the last match of `pattern` in `text` after `floor` whose words after it
    `opens`, else `floor`."""
    for m in reversed(list(pattern.finditer(text))):
        if m.end() <= floor:
            break
        if opens(text[m.end() :]):
            return m.end()
    return floor


def _last_punctuation(text: str) -> int:
    """Where the last comma, semicolon or colon of `text` stands (-1 where none does)."""
    return max(text.rfind(","), text.rfind(";"), text.rfind(":"))


# a conjunction that joins a predicate of the same subject with a modal of its own ("shall not
# copy the Information and shall not reverse engineer", "will not assign this Agreement, and
# may terminate"): the first predicate's negation is not the second's
# "without" right before an action in its clause ("without first giving the Discloser prompt
# written notice"): the action not done
_WITHOUT_DOING = re.compile(r"\bwithout(?:\s+[\w'’-]+){0,6}?\s*$", _FLAGS)
_PREDICATE_JOIN = re.compile(r",?\s+(?:and|or|but)\s+", _FLAGS)


def _own_predicate(rest: str, action: str, *, punctuated: bool = True) -> bool:
    """Do the words after a conjunction, to the action (the action's own where none stand
    between: "and shall not sell" as the action's words), open with a modal of their own and run
    to it with no aside between commas ("and shall not reverse engineer", not "and will cause
    its affiliates to, hire": a conjunct in commas repeats the modal for others, the modal before
    it governs the action; nor a bare negation: "the obligations not to disclose and not to use"
    join two infinitives, no predicates)?"""
    if punctuated and _CLAUSE_PUNCTUATION.search(rest):
        return False
    rest = rest or action
    return any(p.match(rest) is not None for p in (_MODALITY.permission, _MODALITY.obligation))


def _opens_clause(rest: str) -> bool:
    """Do the words after a conjunction open a clause of their own: a subject, then a modal,
    within their first words ("and the Recipient shall not")? A modal first ("shall not, and
    shall cause its Representatives to not, decompile") continues the clause's predicate."""
    opening = " ".join(re.split(r"[,;:(]", rest, maxsplit=1)[0].split()[:6])
    modal = (
        _MODALITY.permission.search(opening)
        or _MODALITY.obligation.search(opening)
        or _MODALITY.negation.search(opening)
    )
    return modal is not None and modal.start() > 0


def _opens_at_action(rest: str, action: str) -> bool:
    """Do the words after a conjunction open a clause whose subject is the action's own noun,
    its modal after it ("... and its use of the data shall be limited to the audit",
    "..., and any use of it is restricted to"): no modal or negation before the action, one
    within the clause's first words from there. The clause before is another's, its negation
    not this one's."""
    if not action or _any_modal(rest):
        return False
    return _opens_clause(rest + action)


# a word of permission or of duty (no negation alone)
_RIGHT_OR_DUTY = re.compile(
    f"(?:{_MODALITY.permission.pattern})|(?:{_MODALITY.obligation.pattern})",
    _MODALITY.permission.flags,
)


def _any_modal(text: str) -> bool:
    """Does a modal or a negation stand anywhere in `text` (`_first_modal(text) < len(text)`,
    found at the first one: the test runs once per conjunction of a sentence, so scanning every
    match of a long one made reading it cubic in its length)?"""
    return _ANY_MODAL.search(text) is not None


def _clause_head(tail: str) -> str:
    """`tail` to its first clause break: a semicolon, a colon, a full stop, or a conjunction
    (with or without a comma) that opens a clause of its own ("non-exclusive and Distributor
    shall not sell ... outside the Territory": the second clause's scope is not the first's)."""
    ends = [m.start() for m in _CLAUSE_BREAK.finditer(tail)][:1]
    ends += [m.start() for m in _JOINS.finditer(tail) if _opens_clause(tail[m.end() :])][:1]
    return tail[: min(ends)] if ends else tail


def _scope(s: str, start: int, end: int) -> re.Match[str] | None:
    """The scope of what the words at `start`:`end` say ("exclusive right to sell the Products
    outside of the Territory"): the first after them in their clause (within _REACH_AFTER),
    else the last before them in it ("Outside the Territory, X shall have no exclusive
    right"), never in a condition the sentence opens with ("If X enters a new territory in
    the United States, ... the exclusive distributor": the condition's place)."""
    found = _MODALITY.scope.search(_clause_head(s[end : end + _REACH_AFTER]))
    if found is not None:
        return found
    before = _after_leading_condition(s, start, _window(s, start))
    return max(_MODALITY.scope.finditer(before), key=lambda m: m.start(), default=None)


def _of_others(s: str, action: re.Match[str]) -> bool:
    """Is the state's word at `action` given to or held with others in its own noun phrase, at
    most three words and no infinitive or modal between ("an exclusive distributor agreement
    with a third party", "exclusive rights to any third party"; not "the exclusive right to
    arrange for third party advertising")?"""
    after = re.split(r"[,;:.]", s[action.end() :], maxsplit=1)[0]
    found = _MODALITY.grant_to_others.search(after)
    if found is None:
        return False
    between = after[: found.start()].split()
    return len(between) <= 3 and not any(
        _MODALITY.grant_to_others_break.fullmatch(w)
        or _MODALITY.obligation.fullmatch(w)
        or _MODALITY.permission.fullmatch(w)
        for w in between
    )


def _outside_scope(s: str, start: int, end: int) -> bool:
    """Is what the words at `start`:`end` say limited to outside a scope?"""
    scope = _scope(s, start, end)
    return scope is not None and bool(scope.group("outside"))


def _conditions(main: str, after: int) -> tuple[str, ...]:
    out = []
    for m in _MODALITY.condition.finditer(main, after):
        out.append(_part(main[m.start() :]))
        break
    return tuple(out)


def _part(text: str) -> str:
    """A condition or an exception: to the clause's end, at most _MAX_PART characters."""
    end = re.search(r"[;]|\.(?:\s|$)", text)
    part = text[: end.start()] if end else text
    part = part.strip(" ,.")
    return part if len(part) <= _MAX_PART else part[: _MAX_PART - 1].rstrip() + "…"


# the confidence of a sentence found by reading the agreement through, before it is read
# (the reading's own confidence decides what it observes)
FOUND_CONFIDENCE = 0.5
# related sentences (naming the action, deciding nothing) quoted beside a "not stated"
MAX_RELATED = 3


def claim_sentences(
    claim: Claim,
    collector: EvidenceCollector,
    kb: str,
    candidates: Sequence[Candidate],
    committed: Sequence[str],
    claim_id: str,
) -> list[EvidenceUnit]:
    """Every sentence of the candidates' documents that names the claim's action: a yes/no
    claim is read over the whole agreement, so that "not stated" means no sentence says it,
    not that a search did not rank one."""
    reader = ClauseReader(claim)
    use = _learned_use(claim)
    allowed = set(committed)
    seen: set[tuple[str, int, int]] = set()
    out: list[EvidenceUnit] = []
    for candidate in candidates:
        for document_id in sorted(d for d in candidate.documents if d in allowed):
            # a sentence the chunker cut (its size limit, a page) is read whole
            chunks = collector.store.chunks_of(kb, document_id)
            for sentences in sentences_across(chunks):
                for sentence in _items_with_lead_ins(reader, sentences):
                    where = sentence.location
                    key = (where.document_id, where.char_start, where.char_end)
                    if key in seen or not (
                        reader.names_action(sentence.text)
                        or (use is not None and _learned(claim, sentence.text, use) is not None)
                    ):
                        continue
                    seen.add(key)
                    text = " ".join(sentence.text.split())
                    out.append(
                        collector.sentence_unit(
                            sentence, candidate.subject_id, claim_id, text, FOUND_CONFIDENCE
                        )
                    )
    return out


def _items_with_lead_ins(reader: ClauseReader, sentences: Sequence[Sentence]) -> list[Sentence]:
    """A chunk's sentences, a list item that its lead-in decides ("Each party may disclose the
    Confidential Information:" ... "4.1.2 to its employees ...") quoted from its lead-in's
    start, so that what is quoted is what was read."""
    texts = [" ".join(s.text.split()) for s in sentences]
    out = []
    for i, sentence in enumerate(sentences):
        lead = _lead_in(texts, i)
        if lead is None and i > 0 and reader.captions(texts[i - 1]):
            # a sentence right under a heading that names the claim ("5.2 Non-Competition.
            # ... shall not engage in any business ...") is quoted from the heading, where
            # only the heading lets it speak of the claim
            lead = (i - 1, texts[i - 1])
            if reader.read(texts[i])[0] is not None:
                lead = None
        # a sentence right under a heading naming a ground ("Termination for Breach. Acme may
        # terminate this Agreement by written notice") is quoted from the heading, whose ground
        # is the sentence's: read alone it would seem to need none
        grounded = (
            lead is None
            and i > 0
            and reader.grounds(texts[i - 1])
            and reader.read(texts[i])[0] is not None
        )
        if grounded:
            lead = (i - 1, texts[i - 1])
        if lead is not None and (grounded or reader.read(f"{lead[1]} {texts[i]}")[0] is not None):
            first = sentences[lead[0]]
            chunk = sentence.chunk
            sentence = Sentence(
                chunk.text[first.start : sentence.end],
                chunk,
                first.start,
                sentence.end,
                sentence_location(chunk, first.start, sentence.end),
            )
        out.append(sentence)
    return out


@dataclass(frozen=True)
class Observed:
    """One evidence unit that speaks of the claim, with what its sentence says."""

    unit: EvidenceUnit
    reading: Reading


def observe(
    claim: Claim, units: Sequence[EvidenceUnit]
) -> tuple[list[Observed], list[EvidenceUnit]]:
    """The units that decide the claim (each read once) and those that only name its action
    (related: quoted beside a "not stated")."""
    reader = ClauseReader(claim)
    observed: list[Observed] = []
    related: list[tuple[int, str, int, EvidenceUnit]] = []
    for unit in sorted(units, key=lambda u: u.evidence_id):
        reading, named = reader.read(unit.quote)
        if reading is not None:
            observed.append(Observed(unit, reading))
        elif named:
            where = unit.source_location
            related.append(
                (reader.relevance(unit.quote), where.document_id, where.char_start, unit)
            )
    read_by_rules = {o.unit.evidence_id: o.reading for o in observed}
    observed = _carved_of_no_cap(reader, observed, related)
    observed = _specialis(observed, related)
    use = _learned_use(claim)
    if use is not None and use.use == "confirm":
        # the rules read, the model confirms: a rules' reading of a sentence the model does
        # not find deciding the claim is quoted as related
        model = nli_model()
        kept = [
            o
            for o in observed
            if model.score(o.reading.sentence, claim.entry.name).relevance >= use.threshold
        ]
        for o in observed:
            if o not in kept:
                where = o.unit.source_location
                related.append((1, where.document_id, where.char_start, o.unit))
        observed = kept
    elif use is not None:
        model = nli_model()
        # the most likely to decide the claim first: the answer quotes the first
        learned = sorted(
            (
                Observed(unit, merged)
                for unit in sorted(units, key=lambda u: u.evidence_id)
                for reading in [_learned(claim, unit.quote, use)]
                if reading is not None
                for merged in [_merged(reading, read_by_rules.get(unit.evidence_id), use)]
                if merged is not None
            ),
            key=lambda o: -model.score(o.reading.sentence, claim.entry.name).relevance,
        )
        if use.use == "model" or not observed:
            # the learned reader decides where, out of fold, it beat the rules: the rules'
            # readings of other sentences are quoted as related, never arbitrated against it
            mine = {o.unit.evidence_id for o in learned}
            for o in observed:
                if o.unit.evidence_id not in mine:
                    where = o.unit.source_location
                    related.append((1, where.document_id, where.char_start, o.unit))
            observed = _specialis(learned, related)
    # the most telling first: a right under the qualifier's opposite ("terminate ... if ...
    # breaches"), then a sentence that says may or shall of the action, then a mention
    related.sort(key=lambda r: r[:3])
    return observed, [r[3] for r in related[:MAX_RELATED]]


def _carved_of_no_cap(
    reader: ClauseReader,
    observed: list[Observed],
    related: list[tuple[int, str, int, EvidenceUnit]],
) -> list[Observed]:
    """Cases lifted in a sentence of their own ("this limitation of liability does not apply
    to injury to life") out of a document whose only statements of the state bound it by
    other than an amount ("liability is limited to intentional misconduct or gross
    negligence": no cap) are carved out of no cap: moved to `related`, quoted, never an
    answer. A document that states no such bound keeps them (the cap they lift may not be
    among the units read)."""
    bounds: dict[str, list[bool]] = {}
    for o in observed:
        if not o.reading.alone:
            doc = o.unit.source_location.document_id
            bounds.setdefault(doc, []).append(reader.bounds_no_amount(o.reading.sentence))
    kept = []
    for o in observed:
        where = o.unit.source_location
        held = bounds.get(where.document_id)
        if o.reading.alone and held and all(held):
            related.append((0, where.document_id, where.char_start, o.unit))
        else:
            kept.append(o)
    return kept


def _specialis(
    observed: list[Observed], related: list[tuple[int, str, int, EvidenceUnit]]
) -> list[Observed]:
    """A document's general rule gives way to its specific permission (lex specialis: "shall
    not disclose to any third party" / "may disclose to its professional advisors"): it is
    moved to `related`, quoted, never arbitrated against the permission."""
    specific = {
        (o.unit.source_location.document_id, o.reading.holds)
        for o in observed
        if not o.reading.general
    }
    kept = []
    for o in observed:
        where = o.unit.source_location
        if o.reading.general and (where.document_id, not o.reading.holds) in specific:
            related.append((0, where.document_id, where.char_start, o.unit))
        else:
            kept.append(o)
    return kept


def sentence_reading(claim: Claim, sentence: str) -> Reading | None:
    """What the skill reads of one `sentence` for `claim`, as `observe` reads a unit: the
    rules' reading; where the shipped model reads the claim's proposition, "confirm" keeps
    the rules' reading of a sentence the model finds deciding, "fill" takes the model's
    reading where the rules read none, "model" the model's (its prior polarity never decides:
    `_merged`). For measuring the reader on labelled sentences (bench.nli_fresh)."""
    rules, _ = ClauseReader(claim).read(sentence)
    use = _learned_use(claim)
    if use is None:
        return rules
    if use.use == "confirm":
        relevant = nli_model().score(sentence, claim.entry.name).relevance >= use.threshold
        return rules if relevant else None
    learned = _learned(claim, sentence, use)
    merged = None if learned is None else _merged(learned, rules, use)
    return merged if use.use == "model" or rules is None else rules


def _merged(learned: Reading, rules: Reading | None, use: NliUse) -> Reading | None:
    """The reading of a sentence the model finds deciding. A prior polarity (the common
    verdict, not read from the sentence) never decides: the rules' reading of the sentence
    does, or none ("shall not disclose to any person, including its employees" stays No; a
    prior's Yes would be "a sentence was found"). A fitted polarity is the model's reading,
    general where the rules read the sentence as the general rule (lex specialis applies to
    it as to theirs)."""
    if use.prior:
        return rules
    if rules is None:
        return learned
    return dataclasses.replace(learned, general=rules.general)


def _learned_use(claim: Claim) -> NliUse | None:
    """How the learned reader reads the claim's proposition (None: the rules alone)."""
    return nli_model().use_of(claim.entry.name)


@functools.lru_cache(maxsize=8192)
def learned_sentences(text: str) -> tuple[str, ...]:
    """The sentences of `text` the learned reader scores, whitespace normalized; a heading
    (fewer than _MIN_WORDS words) states nothing, as for the rules. Memoized: the whole
    agreement is read for every question about it."""
    out = []
    for start, end in sentence_spans(text):
        sentence = " ".join(text[start:end].split())
        if not heading_only(sentence):
            out.append(sentence)
    return tuple(out)


def _learned(claim: Claim, text: str, use: NliUse) -> Reading | None:
    """The learned reader's reading of `text`: its sentence the model finds most likely to
    decide the claim, if that reaches the proposition's threshold and its polarity is clear
    either way; None otherwise (the model never answers without a sentence)."""
    model = nli_model()
    best: tuple[float, float, str] | None = None
    for sentence in learned_sentences(text):
        score = model.score(sentence, claim.entry.name)
        if score.relevance >= use.threshold and (best is None or score.relevance > best[0]):
            best = (score.relevance, score.holds, sentence)
    if best is None:
        return None
    _, holds, sentence = best
    if 1.0 - use.polarity < holds < use.polarity:
        return None
    main, exceptions = _split_exception(sentence, 0)
    return Reading(
        (holds >= use.polarity) != claim.negated,
        sentence,
        _conditions(main, 0),
        exceptions,
        LEARNED_CONFIDENCE,
    )


def claim_answer(
    claim: Claim,
    decision: str | None,
    observed: Sequence[Observed],
    related: Sequence[EvidenceUnit],
    conflict: bool,
    where: str,
    searched: str = "",
    candidates: Sequence[EvidenceUnit] = (),
) -> str:
    """The answer's text: "Yes —", "No —", "Not established —" or "Not stated in <agreement>
    —", then the deciding sentence, its conditions and exceptions. Sentences on both sides
    (`mixed_readings`) are the engine's MIXED_EVIDENCE: neither Yes nor No, the agreement states
    no one answer; "Not stated in <agreement> — the sentences disagree, nothing arbitrated:"
    then a sentence of each side, both cited as evidence (issue 34: every yes/no question
    answered Yes, No or Not stated; a conflict never made to look like either)."""
    if not observed:
        text = f"Not stated in {where} — no sentence found speaks of {claim.entry.label}"
        text += f" ({searched})" if searched else ""
        if related:
            # what the agreement does say of the action ("terminate ... if ... breaches")
            text += "; related: " + " ".join(related[0].quote.split())
        elif candidates:
            # sentences the clause classifier suggested, named as candidates, never as values
            quotes = dict.fromkeys(" ".join(u.quote.split()) for u in candidates)
            text += "; candidates: " + "; ".join(list(quotes)[:3])
        return text
    if conflict or mixed_readings(observed):
        sides = "; ".join(
            f"{'yes' if holds else 'no'}: {_said(o)}"
            for holds in (True, False)
            for o in [next((o for o in observed if o.reading.holds == holds), None)]
            if o is not None
        )
        return disagreement(where, sides)
    holds = observed[0].reading.holds
    deciding = next(o for o in observed if o.reading.holds == holds)
    if decision == "SUPPORTED":
        head = "Yes, with conditions" if deciding.reading.conditions else "Yes"
    elif decision == "CONTRADICTED":
        head = "No"
    else:
        head = "Not established (" + ("yes" if holds else "no") + " under the evidence contract)"
    return f"{head} — {_said(deciding)}"


def mixed_readings(observed: Sequence[Observed]) -> bool:
    """Do the sentences that speak of the claim read it both ways (some hold, some not)?"""
    return len({o.reading.holds for o in observed}) > 1


def _said(o: Observed) -> str:
    text = o.reading.sentence
    extras = []
    if o.reading.lead:
        # the lead says the conditions ("uncapped for ...; otherwise capped")
        text = f"{o.reading.lead}: {text}"
    elif o.reading.conditions:
        extras.append("conditions: " + "; ".join(o.reading.conditions))
    if o.reading.exceptions:
        extras.append("exceptions: " + "; ".join(o.reading.exceptions))
    return text + (f" ({'; '.join(extras)})" if extras else "")


__all__ = [
    "Claim",
    "ClauseReader",
    "Observed",
    "Reading",
    "asked_passive",
    "asks_caused",
    "caused_object",
    "claim_answer",
    "claim_names",
    "claim_of",
    "claim_sentences",
    "claim_subject",
    "mixed_readings",
    "observe",
    "read_claim",
    "sentence_reading",
    "terse_yes_no",
    "yes_no_focus",
]
