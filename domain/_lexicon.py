"""The lexicon: the project's vocabulary of legal and corporate language, as package data.

`domain/lexicon/*.yaml` holds roles, attributes, subject and binding types, months, legal
forms, jurisdictions, contract-role terms, words that are never names and the question
grammar's templates. `lexicon()` is the one loaded, validated copy every package reads
(`EVRAG_LEXICON=<dir>` points it at another directory of the same files, for a test or a
deployment that extends the vocabulary); `load_lexicon(dir)` loads and validates one without
caching. A malformed file raises `LexiconError` naming the file and the field.
"""

from __future__ import annotations

import collections
import functools
import hashlib
import os
import re
import threading
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from domain._errors import EvidenceRagError

LEXICON_DIR = Path(__file__).resolve().parent / "lexicon"

# libyaml's parser where PyYAML was built with it (its wheels are): the same documents, parsed
# ~10x faster; the lexicon is read at every process start (each `evrag` command).
_YAML_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(text: str) -> Any:
    """A YAML document parsed safely (yaml.YAMLError when it is not YAML)."""
    return yaml.load(text, Loader=_YAML_LOADER)  # a safe loader: SafeLoader or its C twin


FILES = (
    "roles.yaml",
    "attributes.yaml",
    "vocabulary.yaml",
    "propositions.yaml",
    "question_templates.yaml",
)

HOLDERS = ("person", "company", "either")
HOLDER_COUNTS = ("one", "many")
PARENTS = ("company", "agreement", "either", None)
ATTRIBUTE_SUBJECTS = ("agreement", "entity", "person")
VALUE_KINDS = (
    "date",
    "duration",
    "money",
    "percent",
    "number",
    "jurisdiction",
    "name",
    "names",
    "place",
    "identifier",
    "text",
    "free_text",
)
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
PROPOSITION_KINDS = ("permission", "prohibition", "obligation", "state")
CONTRARY_ANSWERS = ("no", "silent")
DUTY_ANSWERS = ("yes", "silent")
NEGATED_ANSWERS = ("no", "yes")
EXISTENCE_READERS = ("clause", "record")


class LexiconError(EvidenceRagError, ValueError):
    """A lexicon file that does not fit the schema; `str()` names the file and the field.

    A fault of the package data, not of any input (500). Still a ValueError, as it has
    always been documented: a caller may catch it as one."""

    code, title = "lexicon_error", "Invalid lexicon"


@dataclass(frozen=True)
class RoleEntry:
    name: str
    holder: str
    holders: str
    parent: str | None
    relation: bool
    under_agreement: bool
    question_pattern: str | None
    note: str | None = None
    # how documents write it as an officer's title (case-sensitive regex), officer roles only
    title_pattern: str | None = None
    # how an answer shows it, where not its name's words ("Chief Financial Officer" for cfo)
    display: str | None = None
    # stated by a company's charter (its certificate of incorporation): such a sentence is
    # the company's own even where it names no company
    charter: bool = False
    # the value names one entity (a tax number): the same value stated for two names makes
    # them one entity under two names
    identifies: bool = False
    # a question may name the holder by it (a company by its ticker)
    names_holder: bool = False


@dataclass(frozen=True)
class AttributeEntry:
    name: str
    subjects: tuple[str, ...]
    value_kind: str
    question_patterns: Mapping[str, str]
    retrieval_cue: str | None
    binding_role: str | None = None
    # (regex, weight) pairs, cues of phrases compiled to regexes (attributes.yaml)
    relevance_cues: tuple[tuple[str, float], ...] = ()
    threshold: float | None = None
    # Forms (filing cover pages, certificates): the captions that label the attribute's value
    # on a form, the value's shape (a regex; "jurisdiction": a jurisdiction of the lexicon),
    # and, for a check-box attribute, the options one of which is ticked.
    form_captions: tuple[str, ...] = ()
    form_value: str | None = None
    form_choices: tuple[str, ...] = ()
    # The clause classifier's categories (slugs) whose sentences state the attribute, each
    # with the question constraint it applies under ("" = every question of the attribute;
    # "notice_for=non_renewal": only those).
    clause_categories: tuple[tuple[str, str], ...] = ()
    # True: when the classifier labelled no sentence of those categories in a document, the
    # value is still looked for by retrieval (its recall on the category was too low to
    # call the clause absent: chosen on the development half of bench/cuad_topics).
    clause_fallback: bool = False
    # True: a sentence of those categories that states one of `relevance_cues` confirms the
    # clause even when the classifier's score does not (measured by bench/clause_confirm on
    # the training contracts); False: the cues only rank, and the classifier's contract-level
    # threshold alone confirms (a sentence under it is quoted as a candidate).
    cue_confirms: bool = False
    # How a contract's heading names the clause ("Non-Competition", "Assignment of
    # Inventions"): one pattern of the phrases of `captions` (no boundaries), or None. A
    # sentence of the clause's categories (or a candidate of them) under a heading that names
    # it confirms the clause: the drafter captioned it so.
    captions: str | None = None
    # The acts the clause restricts or grants ("solicit", "hire"; "compete", "engage in"):
    # one pattern of the phrases of `acts` (no boundaries), or None. A sentence of the
    # clause's categories that states none of its acts but another clause's is that other
    # clause's sentence (a non-compete next to a non-solicitation), not evidence of this one.
    acts: str | None = None
    # The names an amendment gives the term when it changes it ("The Term of the Agreement is
    # hereby extended to ...": `term`), lower case: such a change replaces this attribute's
    # older value even when the older sentence does not name the term.
    amended_as: tuple[str, ...] = ()
    # How an answer names the clause ("no IP ownership clause found"); None: the name's words.
    label: str | None = None
    # The typed facts an answer reads from each quoted clause sentence (`details` of a value):
    # (name, kind) in file order, a kind being "duration", "money", "attribute:<name>" (what
    # that attribute's extractor reads: "attribute:notice_period"), or a regular expression
    # (case-sensitive) whose group `v` is the fact ("who": "Either Party"); a name may repeat
    # (its kinds' findings together).
    details: tuple[tuple[str, str], ...] = ()
    # One true value at a time: different values from different documents conflict.
    single_valued: bool = False
    # A value may be stated in part ("Wilmington, Delaware" of "1209 Orange Street,
    # Wilmington, Delaware 19801"; a year of a date): a value that extends another is one.
    partial_values: bool = False
    # Where an analyst sources the value when the knowledge base lacks it ("{x}": the
    # subject's name), said in the answer's next actions.
    source_hint: str | None = None
    # Words after which a question's phrase of the attribute qualifies something else and is
    # not what is asked ("is revenue shared between the parties": not the parties), each a
    # pattern of words (`phrases`), lower case; a plural phrase in the possessive ("the
    # parties' successors") never asks it either.
    qualified_after: tuple[str, ...] = ()
    # How a yes/no question states a value of the attribute with a verb before the value
    # ("Is the MSA governed by Delaware law?", "Did the MSA take effect on 1 March 2023?"):
    # one pattern of the phrases of `value_claim_verbs` (no boundaries), or None.
    value_claim_verbs: str | None = None
    # What the subject of such a verb may be of, before the agreement ("Is Halcyon's liability
    # under the MSA capped at $1 million?": liability): one pattern of the phrases of
    # `value_claim_topics`, or None. The claim is then a proposition's value ("liability is
    # capped") and its answer says the verb with the value ("No — capped at USD 5,000,000").
    value_claim_topics: str | None = None
    # Whether a value claim's verb states a proposition as well as the value ("capped at",
    # "renew automatically for"): the claim holds only where the proposition does, and the
    # answer says the verb with the value
    value_claim_proposition: bool = False
    # How the skill reads the value from a sentence: an extractor kind of skill/_extract.py
    # and its arguments ({"role": "effective"}); None: from bindings (or, for a free-text
    # attribute with cues and a threshold, the sentence itself).
    extractor: str | None = None
    extractor_args: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def display(self) -> str:
        return self.label or self.name.replace("_", " ")

    def categories_for(self, constraints: Mapping[str, Any]) -> tuple[str, ...]:
        """The categories that apply to a question with these constraints."""
        out: list[str] = []
        for when, slug in self.clause_categories:
            if when:
                key, _, value = when.partition("=")
                if str(constraints.get(key) or "") != value:
                    continue
            out.append(slug)
        return tuple(out)


@dataclass(frozen=True)
class PropositionEntry:
    """A yes/no claim about an agreement (propositions.yaml): how a question names it and
    its negation, what a sentence says to speak of it, and what makes it hold. Patterns are
    regexes found case-insensitively anywhere in the text."""

    name: str
    label: str
    # the attribute whose evidence search finds its sentences (`topic`: `topic`'s words)
    evidence: str
    topic: str | None
    kind: str
    asks: tuple[str, ...]
    asks_not: tuple[str, ...]
    action: tuple[str, ...]
    qualifier: tuple[str, ...]
    contrary: tuple[str, ...]
    # "no" or "silent": what a sentence allowing the action only under a contrary says
    contrary_answers: str
    denies: tuple[str, ...]
    # "no" or "silent": what a sentence forbidding the action outright, its qualifier unsaid,
    # says of the qualified claim ("may not be terminated": no; "shall not disclose to any
    # third party", asked of employees: silent, as a carve-out elsewhere may allow it)
    outright_answers: str = "no"
    # what says the claim holds whatever the modality (an NDA's exclusions: "shall not apply
    # to information that ... is independently developed")
    affirms: tuple[str, ...] = ()
    # qualifier words that name no one in particular ("any third party"): a prohibition
    # qualified only by them is the general rule a specific permission in the same document
    # carves out of ("shall not disclose to any third party" / "may disclose to its advisors")
    general: tuple[str, ...] = ()
    # "yes" or "silent": what a sentence stating the qualified action under a duty or a
    # future, no word of permission governing it, says of a permission ("shall survive the
    # termination of this Agreement for any reason": silent of a right to terminate)
    duty_answers: str = "yes"
    # "no" or "yes": what a sentence forbidding the action under the qualifier's words says
    # of the claim ("shall not pay dividends without the Lender's consent", asked "with the
    # Lender's consent": yes, under that condition)
    negated_answers: str = "no"
    # "yes" or "no": what a sentence that forbids the unqualified action except in a case says
    # of a permission: yes (default: "shall not make copies except as necessary": allowed in
    # that case) or no (a covenant: "shall not create any Lien other than Permitted Liens":
    # the rule decides, the case its exception)
    excepted_answers: str = "yes"
    # "clause" or "record": what reads a question whether its clause exists ("Does the
    # agreement provide for liquidated damages?"): the clause found (default: "Does the MSA
    # contain a non-compete clause?") or this record, where the record is all the clause says
    existence: str = "clause"
    # what uses the action's words for something else ("the complete and exclusive statement
    # of the agreement", "governed exclusively by the laws of", "an unlimited liability
    # company"): an action or a denial found inside one is none
    mentions: tuple[str, ...] = ()
    # what, in an exception or proviso after the action, takes a right back to grounds (a
    # contrary said there: "may terminate upon thirty days' notice; provided, however, that
    # AIG agrees not to terminate this Agreement unless ...")
    taken_back: tuple[str, ...] = ()
    # the qualifiers that only bound the right (a notice period: "upon thirty days' notice"),
    # read as `qualifier` too: where nothing else qualifies it, a contrary in an exception after
    # the action is the right's ground ("upon thirty days' notice unless the other party cures
    # the breach within such period")
    bounds: tuple[str, ...] = ()
    # what the action is done to when it is the claim's own (the agreement: "terminate this
    # Agreement", "the License Agreement"): named, it outweighs `other_object`
    object: tuple[str, ...] = ()
    # what the action may be done to that is not the claim's ("revoke or terminate the powers
    # herein granted", "terminate any Statement of Work"): named, the action is not the
    # claim's; anything else named ("the Executive's employment", "the Term") is, as it is
    # where the sentence names nothing ("may terminate upon notice")
    other_object: tuple[str, ...] = ()
    # cases a state's sentence carves out of it, where the question asking its negation holds
    # ("Is liability uncapped?" of a cap "except for breach of confidentiality"): what opens
    # such an exception ("except for", "other than", "excluding"), what says so in a sentence
    # of its own ("the limitations in Section 9 shall not apply to"), and how an answer names
    # the carved cases and the rest ("uncapped for ...; otherwise capped")
    carve_outs: tuple[str, ...] = ()
    carved_by: tuple[str, ...] = ()
    # how a question asks the state's negation as the exposure carved out of it ("Is liability
    # uncapped?", "Is any liability unlimited?"): answered by the carved cases ("Yes, with
    # conditions — uncapped for ..."); `asks_not` alone negates the state itself ("Is there no
    # limit on liability?": "No", with the cap's exceptions)
    asks_carved: tuple[str, ...] = ()
    # a state's sentence that bounds it by something other than an amount ("liability is
    # limited to intentional misconduct or gross negligence": a standard of fault, no cap):
    # the cases lifted out of such a limitation in a sentence of their own ("this limitation
    # of liability does not apply to injury to life") are carved out of no cap
    bounds_not_amount: tuple[str, ...] = ()
    # what states an amount limit in a sentence (a figure, "the fees paid", "the amount",
    # "exceed", "in excess of", "aggregate"): a sentence saying one is an amount cap whatever
    # else it bounds, never a bound of no amount
    states_amount: tuple[str, ...] = ()
    carved_label: str = ""
    otherwise_label: str = ""
    # whether the state's own words, unnegated, beside its denial of something else grant it
    # ("an exclusive license under the Patents and a non-exclusive license under the
    # Know-How"); a denial that qualifies the state itself ("marked ..., or that is not so
    # marked but ...") is not of something else
    granted_beside_denial: bool = False
    # whether a sentence that only defines a term ('"Exclusive Territory" means ...', modality
    # `definition`) says nothing of the claim: so for a grant, a restriction or a right, which
    # the sentence that uses the term states; not for what a definition itself decides (an
    # NDA's "Confidential Information means information marked as confidential")
    definitions_silent: bool = False
    # whether the claim asks if the action is allowed in any case at all ("may retain some
    # copies"): a proviso giving the denied action back to the party bound ("shall not retain
    # any copies, provided that the Recipient may retain one archival copy") says it holds, and
    # a sentence denying it is the general rule that a grant of the same document carves out of
    any_case: bool = False
    # what speaks of the claim in a sentence right under a heading that names it (a run-in
    # title: "5.2 Non-Competition. ... the Executive shall not engage in any business"), read
    # there as `action`; elsewhere such words may be of anything ("shall not own any company")
    captioned: tuple[str, ...] = ()
    # what a state's denial may be said of that is ancillary to the relationship the claim is
    # about (a non-exclusive licence to use the trademarks, in a distribution agreement whose
    # distributor is the only one): such a denial gives way to the same document's own
    # statement of the claim (lex specialis, as `general`); alone it decides
    ancillary: tuple[str, ...] = ()
    # what a proviso that gives the denied action back ("shall not retain any copies, provided
    # that the Recipient may retain one archival copy") does it to, read right after its verb
    # (its object, or none named): where given, a proviso doing it to something else ("may
    # retain copies of its own board minutes") or to none of it ("may retain none of the
    # Confidential Information") gives nothing back
    given_back: tuple[str, ...] = ()
    # the propositions whose own words, where the question says them too, read it instead of
    # this one ("develop competing products on its own": independent development, though
    # "competing" asks the non-compete); names of propositions
    yields_to: tuple[str, ...] = ()
    # for a claim that is an exception to a duty (an NDA's exclusions from what it protects:
    # "information independently developed"), how a question asks the duty itself of the
    # exception's case ("Must the recipient protect information it developed on its own?"): it
    # asks the claim's negation, whatever its own modality
    asks_duty: tuple[str, ...] = ()
    # the clause categories (CUAD's names, as cuad-train labels them; ContractNLI's hypotheses
    # as "ContractNLI: <short description>") whose descriptions and clauses describe the claim:
    # a question no reader of the claim's words takes is routed to it by meaning when it is
    # nearest to them (skill/_claim_route.py, skill/route_model/)
    clause_categories: tuple[str, ...] = ()
    # the examples kept beside `asks` (how a question names the claim), as the router's words
    asks_examples: tuple[str, ...] = ()


@dataclass(frozen=True)
class ModalityWords:
    """How sentences and questions say may, must and may not (propositions.yaml `modality`):
    words as patterns, each found case-insensitively."""

    permission: tuple[str, ...]
    obligation: tuple[str, ...]
    negation: tuple[str, ...]
    exception: tuple[str, ...]
    condition: tuple[str, ...]
    # what opens a duty that a right depends on ("provided that the Recipient notifies")
    proviso: tuple[str, ...]
    # in a proviso before its duty, what frees the party from it ("provided that no notice")
    proviso_freed: tuple[str, ...]
    # what before a qualifier makes it what a restriction leaves allowed ("only to its employees")
    carve_out: tuple[str, ...]
    any_actor: tuple[str, ...]
    question_permission: tuple[str, ...]
    question_prohibition: tuple[str, ...]
    question_obligation: tuple[str, ...]
    # a duty denied ("under no obligation to", "not required to"): the obligation's negation
    question_no_obligation: tuple[str, ...] = ()
    # what opens the noun phrase an action is done to ("the", "this", "any or all"), and what
    # ends its head words ("the licenses granted in ...": "granted", "in")
    determiner: tuple[str, ...] = ()
    # a determiner that negates its noun ("no waiver shall impair": the noun, not a verb)
    negative_determiner: tuple[str, ...] = ()
    phrase_end: tuple[str, ...] = ()
    # a passive's auxiliary before the action's participle ("may be revoked or terminated"):
    # what is acted on is then the clause's subject
    passive: tuple[str, ...] = ()
    # verbs whose "that" opens the sentence's content, not a relative clause ("agrees that")
    complement: tuple[str, ...] = ()
    # nouns whose "not to" infinitive is theirs ("the obligation not to use ... shall survive")
    infinitive_noun: tuple[str, ...] = ()
    # verbs of weakening what such a noun's infinitive binds ("nothing shall impair X's
    # obligations not to compete"): the negation before them keeps the restriction standing
    weakening: tuple[str, ...] = ()
    # words that lift such a noun's restriction from its holder ("shall release Acme from its
    # obligation not to", "will not be restricted by any covenant not to"), a verb of freeing
    # as group `frees`, the holder's words of not being bound as group `unbound`
    lifting: tuple[str, ...] = ()
    # the words right before an action that make it the name of its own restriction ("the
    # non-competition covenant", "the restrictions on competition"): the action negated, as a
    # noun's "not to" infinitive is
    named_restriction: tuple[str, ...] = ()
    # before a restriction named so, what binds a party by it with no modal ("Acme is bound by
    # the non-compete covenant"): it governs the restriction as a modal would
    bound_by: tuple[str, ...] = ()
    # after a restriction named so, what names its holder ("... applicable to Acme")
    restriction_holder_after: tuple[str, ...] = ()
    # a verb of restricting right before the action, whose "to" names what it leaves allowed
    # ("shall restrict disclosure of the information to its employees")
    restrict: tuple[str, ...] = ()
    # right after a qualifier, what limits it to those who lack the ground for the action
    # ("employees not having a need to know"): a prohibition for them allows it to the others
    lacking: tuple[str, ...] = ()
    # an exception that opens on persons ("except those of its Associates who need to know",
    # "other than to its Affiliates"): whom a prohibition of sharing with "any third party"
    # leaves allowed, unnamed by the claim's words
    excepted_persons: tuple[str, ...] = ()
    # an aside between commas after the action that qualifies nothing ("in whole or in part",
    # "whether voluntarily or by operation of law"): the qualifier after it is still near
    interjection: tuple[str, ...] = ()
    # a duty denied ("is not required to disclose", "nothing obligates either party to
    # disclose"): no duty to act, which neither allows nor forbids the act
    negated_duty: tuple[str, ...] = ()
    # between a denied duty's "to" and its action, an adverb ("not required to promptly
    # disclose"): one word
    duty_adverb: tuple[str, ...] = ()
    # what opens an aside in commas that states a condition ("may, provided it shall have paid
    # all fees, terminate"): a modal inside it governs the condition, not the action after it
    aside_condition: tuple[str, ...] = ()
    # between a modal and its verb, what says how or when ("directly or indirectly", "for a
    # period of two years"): left out where the modal's reach is measured
    adverbial: tuple[str, ...] = ()
    # what opens a passive's agent right after its participle ("terminated by", "assigned
    # solely by", "terminated earlier by either party")
    passive_agent: tuple[str, ...] = ()
    # what after such a "by" is the means of the action, not its agent ("terminated by written
    # notice", "by ninety (90) days' prior notice", "early by Termination Notice")
    passive_means: tuple[str, ...] = ()
    # what after that means opens its giver, the action's agent ("by written notice from
    # Licensee", "by notice given by Licensee", "by 30 days' notice by Licensee to Licensor")
    passive_means_agent: tuple[str, ...] = ()
    # a pronoun that stands for the main clause's party as a complement's subject ("X agrees
    # that upon notice to Y it may")
    pronoun: tuple[str, ...] = ()
    # words by which a proviso's subject refers back to its main clause ("provided that the
    # foregoing will not restrict"): the proviso limits that clause, it is no statement of its own
    back_reference: tuple[str, ...] = ()
    # a sentence that only defines a term ('"Exclusive Territory" means ...'): it states
    # nothing of what the term names
    definition: tuple[str, ...] = ()
    # a scope that limits what a clause says ("outside the Territory", "within the Field"):
    # the words that put it outside or inside, and the nouns that name one
    scope_outside: tuple[str, ...] = ()
    scope_inside: tuple[str, ...] = ()
    scope_noun: tuple[str, ...] = ()
    # any word that negates what follows it, a modal's or not ("nothing herein grants", "no
    # exclusive right"): before a state's own words, they are not granted
    negative_word: tuple[str, ...] = ()
    # what turns a state into another ("shall become non-exclusive if"): the words before it
    # are what it was, not a grant beside it
    change_word: tuple[str, ...] = ()
    # the preposition a restriction names what it leaves allowed with ("restrict access to")
    restricted_to: tuple[str, ...] = ()
    # what joins two alternatives named side by side ("exclusive or non-exclusive")
    alternative: tuple[str, ...] = ()
    # what between a denial and a state's own words puts them in another clause ("...
    # non-exclusive; Company may appoint other exclusive distributors", "non-exclusive, and
    # that Licensor has granted exclusive rights"): the grant is not the denied one's
    grant_break: tuple[str, ...] = ()
    # before a state's own words in their clause, what makes them no grant held ("may request
    # exclusive status", "retains the exclusive right", "other exclusive distributors")
    grant_not_held: tuple[str, ...] = ()
    # after them, what gives them to others ("exclusive rights to others")
    grant_to_others: tuple[str, ...] = ()
    # a word between the state's words and the others that puts them outside its noun phrase
    # (an infinitive's "to": "the exclusive right to arrange for third party advertising")
    grant_to_others_break: tuple[str, ...] = ()
    # what opens a condition after a main clause's modal, whose own verb the action may be
    # ("No fee shall be payable if Acme terminates"): the main clause's modality is not its
    trailing_condition: tuple[str, ...] = ()
    # in a question, the words of an agreement's title or type ("the Exclusive Distributor
    # Agreement", "its Non-Competition Agreement"), group 1: they name the subject, never the
    # claim the question makes
    question_title: tuple[str, ...] = ()
    # in a question, the words before such a title that ask whether a party is bound by the
    # agreement itself ("Is Acme subject to the non-compete agreement?", "bound by its
    # Non-Solicitation Agreement"): there the title is what the claim asks, and stays
    question_title_bound: tuple[str, ...] = ()
    # in a question, the words that make the party they follow the one a restriction binds
    # ("Is Halcyon subject to a non-compete?", "Is Beta bound by any exclusivity obligation?"),
    # the party as group `party`: the claim's actor
    question_bound_party: tuple[str, ...] = ()
    # in a question, the modal that opens it before a party ("May Acme freely compete ...?"),
    # the rest as group `party`: the party it opens with (no owner's possessive) is the actor
    question_acting_party: tuple[str, ...] = ()
    # in a question whether consent is required, the words naming the party that needs it
    # ("Does Halcyon need Northgate's consent to assign?", "... for Halcyon to assign"), each
    # pattern's group `party`, tried in turn: the claim's actor
    question_consent_party: tuple[str, ...] = ()
    # in a question, a party named as the owner of the people asked to see or receive the
    # information ("Can Beta's staff see the files?", "May the lawyers of Beta review them?"),
    # each pattern's group `party`, tried in turn: the claim's actor (it shares with them)
    question_people_party: tuple[str, ...] = ()
    # in a question, the party whose consent it names (group `before`: the words before it;
    # `after`: the words after it): another party than the actor
    question_consent_owner: tuple[str, ...] = ()
    # after the party a question opens with, what leaves it no single actor: another party
    # joined on ("May Acme and Beta compete ...?"), a verb making another act ("Can Acme
    # prohibit Beta from ...?"), a passive (the party acted on; its agent after "by", group
    # `agent`, acts: "Can Beta be terminated by Acme ...?")
    question_joined_party: tuple[str, ...] = ()
    question_causative: tuple[str, ...] = ()
    question_passive: tuple[str, ...] = ()
    # the words before a question's asked action that make it a passive of the party named
    # before them ("Can the Executive be terminated ...?", "... entitled to severance if
    # terminated ...?"): that party is acted on, not the one acting
    question_passive_opener: tuple[str, ...] = ()
    # the words that make a terse question with no auxiliary first a yes/no one ("Reverse
    # engineering prohibited?", "Copies permitted?", "Obligations survive termination?")
    question_elliptical: tuple[str, ...] = ()
    # a terse question made of a claim's noun phrase alone ("Non-solicit of employees?",
    # "Return or destroy on termination?", "Survival after termination?"): the phrases that
    # open it (joined by "or"/"and"/"/"), and the words that may follow them with the rest
    question_terse_claim: tuple[str, ...] = ()
    question_terse_link: tuple[str, ...] = ()
    # in a question, what opens a clause after its main one ("..., with nothing kept", "even
    # though it was never marked"): a claim's words there behind a negative word are asked
    # negated; and the openers that say the words do not matter ("regardless of whether")
    question_trailing_clause: tuple[str, ...] = ()
    question_indifference: tuple[str, ...] = ()
    question_trailing_joins: tuple[str, ...] = ()
    # the asking words of a value question ("For how long ...?", "... by whom?") and the
    # prepositions after which one asks
    question_asking: tuple[str, ...] = ()
    question_asking_after: tuple[str, ...] = ()
    question_asking_anywhere: tuple[str, ...] = ()
    # those that open a relative clause after a noun phrase's preposition ("the agreement to
    # which ...")
    question_asking_relative: tuple[str, ...] = ()
    # those that open a clause put before the question's auxiliary ("When this is over, do we
    # have to ...?" asks yes or no)
    question_asking_clause: tuple[str, ...] = ()
    # in a sentence, the words after a state's noun that name the party owed, never the
    # holder ("Beta's liability to Acme", "liability towards Acme", "owed to Acme")
    owed_party: tuple[str, ...] = ()


@dataclass(frozen=True)
class SubjectTypeEntry:
    name: str
    binding: bool
    question: bool


@dataclass(frozen=True)
class Lexicon:
    roles: tuple[RoleEntry, ...]
    binding_types: tuple[str, ...]
    subject_types: tuple[SubjectTypeEntry, ...]
    attributes: tuple[AttributeEntry, ...]
    yes_no: tuple[str, ...]
    # yes/no claims about agreements and the words of modality (propositions.yaml)
    propositions: tuple[PropositionEntry, ...]
    modality: ModalityWords
    months: tuple[str, ...]
    month_abbreviations: Mapping[str, int]
    # the legal forms spelled in words, as entity keys fold them (vocabulary.yaml
    # legal_forms.spelled): those of several words ((words, form), most words first) and
    # those of one (word -> form)
    legal_form_phrases: tuple[tuple[tuple[str, ...], str], ...]
    legal_form_words: Mapping[str, str]
    # how documents write legal forms (patterns compiled from the written forms, matched
    # case-insensitively, in order), those also read in capitals, and the forms written as
    # abbreviations whose full stop ends no sentence
    legal_forms_written: tuple[str, ...]
    legal_forms_in_capitals: frozenset[str]
    legal_form_abbreviations: tuple[str, ...]
    # the legal forms written before a name ("JSC NOC KazakhOil"), as written
    legal_forms_before_name: tuple[str, ...]
    # words whose full stop ends no sentence (lower case, without the stop): the
    # `abbreviations` list, the month abbreviations and the legal forms written as such
    abbreviations: frozenset[str]
    # what, after a ';', continues the clause before it (vocabulary.yaml
    # semicolon_continuations): lower case, read in any case (provisos and exceptions:
    # "provided that", "except") and read only in lower case (words that refer back: "such",
    # "the foregoing")
    semicolon_continuations: tuple[str, ...]
    semicolon_continuations_lower_case: tuple[str, ...]
    # how documents name an entity's kind ("corporation", "limited liability company"; regexes)
    entity_types: tuple[str, ...]
    organisation_heads: frozenset[str]
    # prose words of one letter and a hyphen ("e-mail", "x-ray"): never a lower-case name
    hyphenated_prose: frozenset[str]
    never_names: frozenset[str]
    # the words after which capitalised never-a-name words written before a name the knowledge
    # base does not know are that name's first words ("with American Quillmere"), never after
    # of / by / under / in ("the laws of the United Kingdom"); vocabulary.yaml
    question_name_slots: frozenset[str]
    # what sets a party against another ("against", "versus"): an unknown capitalised name
    # holding a word legal English never writes is a party there; vocabulary.yaml
    question_opponent_slots: frozenset[str]
    # a question's opening auxiliaries and modals ("May", "Does"): never a word of the name
    # after them; vocabulary.yaml
    question_auxiliaries: frozenset[str]
    # words that open no name ("its affiliates", "all amendments") and document words that are
    # none ("Amendments", "Exhibits"): pieces of a question's party list they open or that
    # hold only them are no party; vocabulary.yaml
    question_non_name_leads: frozenset[str]
    # words that make a consent the question asks of its predicate ("with Northgate require
    # consent"), and the words that join its owner's name after it; vocabulary.yaml
    consent_predicates: frozenset[str]
    consent_owner_links: frozenset[str]
    question_document_words: frozenset[str]
    # party slots of a question (skill/_party_slots.py); vocabulary.yaml
    question_party_list_openers: frozenset[str]
    question_signing_verbs: frozenset[str]
    question_name_tails: frozenset[str]
    question_slot_pronouns: frozenset[str]
    question_slot_non_parties: frozenset[str]
    # words that open or link a question; particles inside names ("de", "van")
    question_words: frozenset[str]
    # closed vocabularies of questions, never a word of a name no entity has (vocabulary.yaml
    # `question_not_names`): periods (regexes, whole words), words, and "&" phrases (regexes)
    question_periods: tuple[str, ...]
    question_not_names: frozenset[str]
    question_not_name_phrases: tuple[str, ...]
    # the words that open an instruction to the reader ("Answer in USD millions.")
    question_instructions: frozenset[str]
    # words that may lead a subject put before the question ("Regarding Acme, who ...?")
    question_topic_leads: tuple[str, ...]
    # words that ask of an agreement as amended ("..., as amended by the Second Amendment, ...")
    question_as_amended: tuple[str, ...]
    # the words a title writes after its agreement word to name the instrument itself, with
    # its number ("Endorsement Agreement Addendum I", "... Agreement Amendment No. 1")
    title_designations: tuple[str, ...]
    # phrases before another name of the entity just named ("formerly known as"; patterns)
    question_other_names: tuple[str, ...]
    # words after "as" that give a party no role ("Acme as amended", "as successor to";
    # vocabulary.yaml `held_role_not_roles`, lower case), beside places and months
    held_role_not_roles: frozenset[str]
    # nouns set aside with a place after "as" ("as Ohio corporation"; patterns)
    held_role_place_nouns: tuple[str, ...]
    # function words a title-case question writes after "as" ("As Of"): no role, no phrase
    held_role_function_words: frozenset[str]
    # words joining a relation after "as" to the party it is of ("as successor to Acme")
    held_role_relation_links: tuple[str, ...]
    # the words after a qualified role naming the party it is held for (patterns)
    held_role_complement_links: tuple[str, ...]
    held_role_complement_joiners: tuple[str, ...]
    held_role_agreement_lead: str
    # a capacity named with no role ("in its capacity"; patterns): a stray phrase
    held_role_capacities: tuple[str, ...]
    # the words that open a time a yes/no question asks its claim at ("as of", "in"; patterns),
    # the periods a date alone does not write (regexes), and the words after which a time is
    # what the claim asserts ("expire on ...")
    question_time_leads: tuple[str, ...]
    # a yes/no question that names a value of an attribute ("Is the term of the MSA 3
    # years?"): its opening verbs, plain and negated (words), the words that negate the value
    # ("not"; words) and the words a value may open with ("the State of"; words)
    value_claim_copulas: tuple[str, ...]
    # the law a yes/no question asks its claim under ("under Delaware law"): its lead words
    # and the words for law (patterns)
    question_law_leads: tuple[str, ...]
    question_law_words: tuple[str, ...]
    value_claim_negated_copulas: tuple[str, ...]
    value_claim_negations: tuple[str, ...]
    value_claim_value_leads: tuple[str, ...]
    value_claim_subject_breaks: tuple[str, ...]
    # words between a value claim's topic and its agreement ("liability under the MSA")
    value_claim_topic_links: tuple[str, ...]
    value_claim_category_links: tuple[str, ...]
    value_claim_category_fillers: frozenset[str]
    # the kinds of liability a cap claim may name ("indemnification", "gross negligence"): a
    # kind none of whose words is one is not placed; spellings read as one ("wilful")
    value_claim_cap_kinds: frozenset[str]
    # words of a kind that qualify it, judged only where it has no other ("third-party")
    value_claim_cap_kind_qualifiers: frozenset[str]
    # words that join kinds asked together ("gross negligence and indemnification claims")
    value_claim_cap_kind_joins: tuple[str, ...]
    value_claim_spellings: dict[str, str]
    # a negated cap's words and their plain form ("uncapped": "capped", "no cap": "a cap")
    value_claim_cap_positives: tuple[tuple[str, str], ...]
    # words a value follows at the end of a proposition's verb ("capped at", "limited to")
    value_claim_value_links: tuple[str, ...]
    # words a date follows after the attribute a value claim names ("end on December 31")
    value_claim_date_links: tuple[str, ...]
    value_claim_comparisons: tuple[tuple[str, str], ...]
    question_law_claim_verbs: tuple[str, ...]
    question_law_joiners: tuple[str, ...]
    # a party asked to consent to an action ("Must Halcyon consent to an assignment of ...?"):
    # the words asking it (patterns), the consent verbs, each action noun with its verb
    question_consent_modals: tuple[str, ...]
    question_consent_asked: tuple[str, ...]
    question_consent_verbs: tuple[str, ...]
    question_consent_actions: Mapping[str, str]
    # the auxiliaries a bare verb follows ("Does Halcyon pay ...")
    question_verb_auxiliaries: frozenset[str]
    # a yes/no question put as an instruction ("Confirm whether ...", "Tell me if ..."): the
    # instruction's words, the courtesy words before them, the words that open the claim after
    # them (patterns; vocabulary.yaml `question_wrappers`)
    question_wrappers: tuple[str, ...]
    question_wrapper_courtesies: tuple[str, ...]
    question_wrapper_links: tuple[str, ...]
    # a claim written as a statement ("the recipient may keep copies"): the finite words put
    # first to ask it, those asked by others (lower case: "has to" -> ("must",), "cannot" ->
    # ("can", "not")) and the words no subject before them holds (vocabulary.yaml)
    question_declared_fronts: frozenset[str]
    question_declared_as: Mapping[str, tuple[str, ...]]
    question_declared_subject_breaks: frozenset[str]
    question_declared_asking: frozenset[str]
    question_declared_predicates: frozenset[str]
    question_declared_commands: frozenset[str]
    question_declared_states: frozenset[str]
    question_declared_denials: frozenset[str]
    question_time_periods: tuple[str, ...]
    question_time_asserted_after: frozenset[str]
    # phrases with an agreement word that refer to no agreement ("in agreement with"; patterns)
    agreement_idioms: tuple[str, ...]
    name_particles: frozenset[str]
    # titles before a person's name ("Dr.", "Mr."), folded
    honorifics: frozenset[str]
    # generational suffixes after a person's name ("Jr.", "III"), folded
    generational_suffixes: frozenset[str]
    # words linking a topic to its agreement before a determiner ("... under the NDA")
    agreement_topic_links: frozenset[str]
    # words of quantity that, in lower case, open no name ("any patents")
    question_quantifiers: frozenset[str]
    # negations between a question's actor and its verb ("Can Halcyon not assign"): no name's
    question_name_negations: frozenset[str]
    # words after which a person's question names what the person is of ("hold in acme")
    person_of_links: frozenset[str]
    # words that open an address written right after a name ("Suite 207"; patterns)
    address_openers: tuple[str, ...]
    # what a party's address is called after a lead ("with offices at"; patterns)
    address_nouns: tuple[str, ...]
    # the words that open a list of an agreement's parties ("between") and join the next
    # party to it ("and", "&"; patterns)
    party_list_openers: tuple[str, ...]
    party_list_joiners: tuple[str, ...]
    registration_labels: tuple[str, ...]
    # an agreement that names its parties in prose only: the instrument's words before the
    # list, the words that end a name there, and the lead words of no name (words)
    prose_party_instruments: tuple[str, ...]
    prose_party_name_ends: frozenset[str]
    prose_party_non_names: frozenset[str]
    # words a name in that sentence, and a short name's initials, skip in lower case; web
    # address endings; the document types read; what says a sentence is about this
    # agreement, a recital, another agreement, a route, a thing's maker (words; phrases)
    prose_party_name_links: frozenset[str]
    prose_party_short_name_links: frozenset[str]
    web_address_endings: tuple[str, ...]
    prose_party_document_types: frozenset[str]
    prose_party_this_words: tuple[str, ...]
    prose_party_recital_leads: tuple[str, ...]
    prose_party_other_agreement_leads: tuple[str, ...]
    prose_party_route_words: frozenset[str]
    prose_party_third_party_leads: tuple[str, ...]
    # what a signature block's head says before the party it signs for ("For and on behalf
    # of"; patterns)
    signing_for_leads: tuple[str, ...]
    # a body or a group of people a signing lead may name, which is no party ("on behalf of the
    # Board of Directors"; words, lower case)
    signing_for_non_parties: frozenset[str]
    # phrases of a group a signing lead may name, which is no party ("Joint Venture")
    signing_for_non_party_phrases: tuple[str, ...]
    # the words between a bare signed-for name's capitalised words ("of", "&")
    signing_for_name_links: tuple[str, ...]
    acceptance_line_words: tuple[str, ...]
    accepted_by_words: tuple[str, ...]
    signature_line_words: tuple[str, ...]
    # a signature block's own words: its "By", "Its", the signer's "Name:" and "Title:"
    # labels, a date's label; the words of an acceptance heading ("Accepted and agreed to:")
    signature_by_words: tuple[str, ...]
    signature_capacity_words: tuple[str, ...]
    signer_name_labels: tuple[str, ...]
    signer_title_labels: tuple[str, ...]
    signature_date_labels: tuple[str, ...]
    acceptance_heading_words: tuple[str, ...]
    acceptance_heading_fillers: tuple[str, ...]
    # the headings over signature blocks ("SIGNATURE PAGE", "IN WITNESS WHEREOF"; phrases)
    signature_headings: tuple[str, ...]
    # the words that open an English execution clause ("SIGNED by Jane Roe for and on behalf
    # of ACME LIMITED"; words)
    execution_clause_words: tuple[str, ...]
    # what stands in an execution clause for its signer's name ("duly authorised"; phrases)
    execution_clause_unnamed_signers: tuple[str, ...]
    # a letter agreement's salutation, closing and acceptance words; what a sentence says
    # before an agreement it only refers to (patterns)
    letter_salutations: tuple[str, ...]
    letter_closings: tuple[str, ...]
    letter_acceptances: tuple[str, ...]
    agreement_reference_leads: tuple[str, ...]
    # what a letter says before "agreement" when it says it is none; what a document made
    # under an agreement it names calls itself (patterns)
    letter_agreement_negations: tuple[str, ...]
    referenced_agreement_instruments: tuple[str, ...]
    # the words that say a defined term names a group of parties or each of them, those that
    # open the bracket ending a list of parties, and those before a party's former name
    # (patterns)
    party_group_words: tuple[str, ...]
    party_list_ends: tuple[str, ...]
    # what opens an agreement's operative part right after its list of parties ("IT IS
    # AGREED"; patterns)
    preamble_closings: tuple[str, ...]
    # what the parties say they do where they are a preamble's subject ("Acme Inc. and Beta
    # LLC agree as follows"; patterns)
    parties_agree_verbs: tuple[str, ...]
    former_name_leads: tuple[str, ...]
    # what says a company took a new name, and the caption under a cover's former name
    # (patterns)
    name_change_phrases: tuple[str, ...]
    former_name_captions: tuple[str, ...]
    # a party's other name its filer or signer writes: the footer's label, the legend's words
    # before and after the filer's name (words; phrases; phrases), the words it may not add
    # what the undersigned named in an acknowledgment below the signature blocks do (words)
    undersigned_party_verbs: tuple[str, ...]
    filer_footer_labels: tuple[str, ...]
    filer_legend_leads: tuple[str, ...]
    filer_legend_ends: tuple[str, ...]
    party_other_name_blockers: frozenset[str]
    # what a party slot says of a party it names elsewhere ("identified in Annexure A";
    # patterns)
    party_described_by: tuple[str, ...]
    # the words that open a numbered heading alone on its line ("Note 1: ..."; words)
    numbered_heading_words: tuple[str, ...]
    # the claim reader's runs of numbered captions (a table of contents): the words before a
    # number that cite it (with numbered_heading_words, and the plurals of both; lower case),
    # the words beside a number that make it an amount or a period (lower case: currencies,
    # units, "year"), the short words inside a caption ("of", "and"; lower case)
    cross_reference_words: frozenset[str]
    caption_amount_words: frozenset[str]
    caption_joiners: frozenset[str]
    # the claim reader's run-in titles: the words that open the sentence after a title run into
    # it (as written: "Except", "The"), the words that open an attachment's title (lower case)
    run_in_openers: frozenset[str]
    attachment_title_words: frozenset[str]
    # what an agreement made by one party says before the party it is made for ("in favor
    # of"; patterns)
    party_beneficiary_leads: tuple[str, ...]
    # what a party that is a group says before its members, parties too ("a joint venture
    # comprised of GA Retail, Inc. and ..."; phrases)
    party_member_leads: tuple[str, ...]
    # what a loan-out company or an agent says before the person it contracts for, the head
    # words of a public body's name, and the degrees after a person's name (patterns; words)
    party_principal_leads: tuple[str, ...]
    # what a party's name may carry before its descriptor and defined term, naming its group
    # ("Capsugel US, LLC and its Affiliates", "X together with its subsidiaries"; phrases)
    party_affiliate_tails: tuple[str, ...]
    # what a name with no legal form is of the company named after it ("a division of")
    division_words: tuple[str, ...]
    # a segment of a party a question writes before its owner ("the Hand Tools division of"),
    # and the words before it that put it where a party is named ("between", "and", "with")
    question_division_words: tuple[str, ...]
    division_party_leads: tuple[str, ...]
    # the kinds of body with no legal form a descriptor names ("a research institution")
    body_kinds: tuple[str, ...]
    public_body_heads: tuple[str, ...]
    person_post_nominals: tuple[str, ...]
    # the words of a question that say how it asks, not what: left out of the topic it names
    # (with the asking verbs, "provide", "state") and of the words a passage must state
    # (with what every agreement says of itself, "agreement", "terms"); vocabulary.yaml
    asking_words: frozenset[str]
    # an object-fronted question's opening words and the auxiliaries after its fronted words
    # ("What covenants must Halcyon meet?"); vocabulary.yaml
    question_object_fronts: frozenset[str]
    # what a question asks of a bound person when it asks who the person is ("title",
    # "roles"), and the word linking a role to what it is held of where not "of" ({"party":
    # "to"}); vocabulary.yaml
    profile_topics: frozenset[str]
    profile_topic_verbs: frozenset[str]
    profile_role_links: Mapping[str, str]
    # words after which a name the knowledge base holds is read in lower case too ("Tell me
    # about jane smith"), beside where a party is named; vocabulary.yaml
    known_name_openers: frozenset[str]
    # a question's opening up to its verb, no part of the name after it: its asking words and
    # the verbs that end it, in file order; vocabulary.yaml
    wh_opening_words: tuple[str, ...]
    wh_opening_verbs: tuple[str, ...]
    # how a question states the span of years a metric is computed over: the words after
    # "N year(s)" ("CAGR") and the phrases before "N years" ("over the last"); vocabulary.yaml
    metric_years_after: tuple[str, ...]
    metric_years_before: tuple[str, ...]
    topic_stop_words: frozenset[str]
    # words that name a measure of a thing or its course ("number", "change"), not the thing:
    # no evidence that a topic is stated; vocabulary.yaml
    topic_measure_words: frozenset[str]
    quantity_questions: tuple[str, ...]
    # acts a topic question asks of its subject (an acquisition, a divestiture): per act, the
    # words that ask it in a question and the phrases (patterns) by which a sentence states the
    # subject did it; the actors, negations and filler words of such a question; vocabulary.yaml
    topic_acts: tuple[tuple[str, frozenset[str], tuple[str, ...]], ...]
    topic_act_actors: tuple[str, ...]
    topic_act_negations: frozenset[str]
    topic_act_not_objects: frozenset[str]
    topic_act_fillers: frozenset[str]
    topic_act_between: frozenset[str]
    topic_act_shared_first_words: frozenset[str]
    topic_year_span_joiners: tuple[str, ...]
    topic_year_span_openings: frozenset[str]
    topic_year_open_since: tuple[str, ...]
    topic_year_open_after: tuple[str, ...]
    topic_year_amount_words: tuple[str, ...]
    counted_phrase_ends: tuple[str, ...]
    count_phrase_breaks: frozenset[str]
    # the second halves of compounds naming another thing than their first word ("holder":
    # a shareholder is no share); vocabulary.yaml
    topic_compound_heads: tuple[str, ...]
    # words that name a clause in a question ("clause", "provision", "covenant")
    clause_nouns: frozenset[str]
    # what a question says of a right after a party's name ("for convenience"; regexes)
    question_qualifiers: tuple[str, ...]
    # defined terms that name a role, not an entity ("company", "supplier")
    generic_terms: frozenset[str]
    # how a document refers to the entity it is about ("the Company"), as written
    entity_references: tuple[str, ...]
    # verb phrases saying a person holds a title now ("who remains", "who serves as")
    holds_title_now: tuple[str, ...]
    # the words before an agreement's name asking of any or all the agreements it fits
    agreement_quantifiers: tuple[str, ...]
    # the words listing an agreement's parties after its name in a question, and joining two
    agreement_party_openers: tuple[str, ...]
    agreement_party_joiners: tuple[str, ...]
    # a company's fiscal year as its charter documents state it: the nouns naming the year,
    # the verbs ending it, the phrases making it the calendar year (patterns, longer first)
    fiscal_year_nouns: tuple[str, ...]
    fiscal_year_end_verbs: tuple[str, ...]
    fiscal_year_calendar: tuple[str, ...]
    # a press release's headline verbs after its issuer's name ("Amcor reports ...")
    release_headline_verbs: tuple[str, ...]
    # the kinds of document a company is the author of, as its title page names them
    # ("Management Presentation", "Minutes", "Bylaws"); patterns, the longer first
    authored_document_kinds: tuple[str, ...]
    # a release's dateline verbs after "today" ("Acme Inc. ... today announced ...")
    release_dateline_verbs: tuple[str, ...]
    # how a text says an office ended, and the words before the date it takes effect
    tenure_ended_verbs: tuple[str, ...]
    tenure_ended_nouns: tuple[str, ...]
    tenure_effective: tuple[str, ...]
    # events an appointment or an end takes effect at, with no date ("upon the closing")
    tenure_events: tuple[str, ...]
    us_states: tuple[str, ...]
    # a state's postal code -> its name ("NY" -> "New York"), for values an analyst writes
    us_state_codes: Mapping[str, str]
    countries: tuple[str, ...]
    contract_roles: frozenset[str]
    person_contract_roles: frozenset[str]
    # contract roles too generic to name one agreement's party on their own ("the Company")
    generic_contract_roles: frozenset[str]
    # the defined terms an agreement gives what it is about, never a party ("the Purpose")
    defined_matter_terms: frozenset[str]
    # contract role -> the roles that name the same position in another agreement's words,
    # each with the roles another party must hold there for it to ("employer" -> company
    # beside an executive or employee; vocabulary.yaml `contract_role_equivalents`)
    contract_role_equivalents: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]]
    # how a question or title names a kind of agreement (regex, type), the instruments that
    # bind parties without calling themselves agreements, and the words that name an
    # agreement (regexes; vocabulary.yaml, `documents`)
    agreement_kinds: tuple[tuple[str, str], ...]
    instruments: tuple[str, ...]
    agreement_words: tuple[str, ...]
    # the agreement words that name no kind by themselves ("agreement", "contracts")
    general_agreement_words: tuple[str, ...]
    # an amendment's number as a question or title writes it: its ordinal ("second"), or a
    # number word after it ("three"), each lower case -> the number (vocabulary.yaml)
    amendment_ordinals: Mapping[str, int]
    amendment_number_words: Mapping[str, int]
    # English numbers in words (vocabulary.yaml, the one list): units ("zero" .. "nineteen")
    # and tens add up, scales multiply; ordinals in words ("first" .. "thirtieth")
    number_units: Mapping[str, int]
    number_tens: Mapping[str, int]
    number_scales: Mapping[str, int]
    ordinal_words: Mapping[str, int]
    # words that name a kind of agreement in a question ("master", "services", "reseller"),
    # and each type word of a group as the kind it is read as where types are compared
    # ("distributor" -> "distribution"; vocabulary.yaml `documents.type_words`)
    type_words: frozenset[str]
    type_word_kinds: Mapping[str, str]
    # a document's type by its title, its headings or its first page: (type, title pattern,
    # first-page pattern or None, whether headings count), in match order; the words of an
    # exhibit's legend, and of the title of a document that is no agreement (each a pattern;
    # vocabulary.yaml `documents.types`, `legend_words`, `other_titles`)
    document_types: tuple[tuple[str, str, str | None, bool], ...]
    legend_words: tuple[str, ...]
    other_titles: tuple[str, ...]
    # the question grammar: its templates in the order they are tried (question_templates.yaml)
    question_templates: tuple[QuestionTemplate, ...]
    # the language of documents: types, own dates, execution, relations (vocabulary.yaml)
    documents: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)
    # the words of a yes/no question no proposition names, read as a proposition of its own
    # (propositions.yaml `question_claims`: question shapes, qualifiers, entitlement nouns,
    # object synonyms, irregular verbs)
    question_claims: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)
    # a yes/no or terse question no reader takes, routed to the proposition nearest in meaning
    # (propositions.yaml `question_routing`: similarity, margin, denials)
    question_routing: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def legal_form_cased(self) -> str:
        """The written legal forms as one alternation, case-sensitive: each as written in
        the lexicon and, for a plain word, in capitals ("Inc", "INC"; "L\\.\\s?P" once)."""
        return "|".join(
            dict.fromkeys(
                f
                for form in self.legal_forms_written
                for f in ((form, form.upper()) if form in self.legal_forms_in_capitals else (form,))
            )
        )

    @property
    def month(self) -> str:
        """A month as documents write it, case-insensitive, no group: the full names and the
        abbreviations (with or without their stop), longest first ("Sept." before "Sep")."""
        names = sorted(self.months, key=lambda m: (-len(m), m))
        abbreviations = sorted(self.month_abbreviations, key=lambda m: (-len(m), m))
        return "(?i:" + "|".join(names) + "|(?:" + "|".join(abbreviations) + r")\.?)"

    def month_number(self, word: str) -> int | None:
        """1..12 for a month's name or abbreviation ("May", "sept.", "DEC"), else None."""
        key = word.lower().rstrip(".")
        if key in self.months:
            return self.months.index(key) + 1
        return self.month_abbreviations.get(key)

    @property
    def entity_type(self) -> str:
        """One pattern of the entity types, case-insensitive, as a group."""
        return "(?i:(?:" + "|".join(self.entity_types) + "))"

    @property
    def filing_form(self) -> str:
        """A pattern of a filing's form named by its number ("Form 10-K", "FORM DEF 14A"),
        case-insensitive, from `documents.filing_forms`."""
        numbers = sorted(self.documents.get("filing_forms", ()), key=lambda n: (-len(n), n))
        alternatives = "|".join(r"\s*".join(map(re.escape, str(n).split())) for n in numbers)
        return rf"(?i:\bform\s+(?:{alternatives})\b)"

    def role(self, name: str) -> RoleEntry:
        for entry in self.roles:
            if entry.name == name:
                return entry
        raise KeyError(name)

    def attribute(self, name: str) -> AttributeEntry:
        for entry in self.attributes:
            if entry.name == name:
                return entry
        raise KeyError(name)

    @property
    def asked_roles(self) -> tuple[RoleEntry, ...]:
        """Roles a question may ask about (those with a question pattern), in match order."""
        return tuple(r for r in self.roles if r.question_pattern is not None)

    def role_names(self, **where: Any) -> frozenset[str]:
        """Names of the asked roles whose fields equal `where` (`holder="company"`)."""
        return frozenset(
            r.name
            for r in self.asked_roles
            if all(getattr(r, key) == value for key, value in where.items())
        )

    @property
    def holder_attributes(self) -> frozenset[str]:
        """Entity attributes whose value is the holder of a role a question may ask about
        (the auditor, the registered agent): a name, bound to the entity as that role."""
        asked = {r.name for r in self.asked_roles}
        return frozenset(a.name for a in self.attributes if a.binding_role in asked)

    def attribute_names(self, subject: str) -> frozenset[str]:
        return frozenset(a.name for a in self.attributes if subject in a.subjects)

    def attribute_phrases(self, subject: str) -> tuple[tuple[str, str], ...]:
        """(question pattern, attribute) for `subject`, in file order."""
        return tuple(
            (a.question_patterns[subject], a.name)
            for a in self.attributes
            if subject in a.question_patterns
        )


def lexicon() -> Lexicon:
    """The lexicon every package reads: `$EVRAG_LEXICON` if set, else the package data."""
    return _cached(os.environ.get("EVRAG_LEXICON") or str(LEXICON_DIR))


@functools.cache
def known_words() -> frozenset[str]:
    """The words of legal English (lower case): those found in at least two CUAD contracts
    (domain/lexicon/words.txt, made by `python -m bench.wordlist`), which leaves out most
    proper names. Read once."""
    text = (LEXICON_DIR / "words.txt").read_text(encoding="utf-8")
    return frozenset(w for w in text.splitlines() if w and not w.startswith("#"))


@functools.lru_cache(maxsize=4)
def _cached(directory: str) -> Lexicon:
    return load_lexicon(Path(directory))


# Lexicons already loaded in this process, by what their files say (their parsed YAML): a
# copy of the package data, or files edited where no value changes (a comment), load as the
# first did without compiling the patterns again. Small: the oldest is dropped first. A
# Lexicon is frozen and made from the parsed files alone, so sharing one is safe.
_LOADED: collections.OrderedDict[bytes, Lexicon] = collections.OrderedDict()
_LOADED_BOUND = 4
_LOADED_LOCK = threading.Lock()


def load_lexicon(directory: Path = LEXICON_DIR) -> Lexicon:
    """Load and validate the lexicon files of `directory` (files that say what those of a
    lexicon already loaded in this process said give that lexicon again)."""
    data: dict[str, Any] = {}
    for name in FILES:
        path = directory / name
        try:
            loaded = read_yaml(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            raise LexiconError(f"{path}: {exc}") from exc
        if not isinstance(loaded, dict):
            raise LexiconError(f"{path}: expected a mapping at the top")
        data[name] = loaded
    key = hashlib.sha256(repr(sorted(data.items())).encode()).digest()
    with _LOADED_LOCK:
        found = _LOADED.get(key)
        if found is not None:
            _LOADED.move_to_end(key)
            return found
    made = _load(data)
    with _LOADED_LOCK:
        _LOADED[key] = made
        while len(_LOADED) > _LOADED_BOUND:
            _LOADED.popitem(last=False)
    return made


def _load(data: dict[str, Any]) -> Lexicon:
    roles_file, attributes_file, vocabulary, propositions_file, templates_file = (
        _Reader(n, data[n]) for n in FILES
    )
    # propositions.yaml writes the words that name an agreement as "{agreement_word}" (an
    # agreement word of vocabulary.yaml, or its plural)
    propositions_file.placeholders["{agreement_word}"] = (
        "(?:" + "|".join(vocabulary.sub("documents").phrases("agreement_words")) + ")s?"
    )
    # its modality writes a duty's words, nouns and sources as "{duty_word}", "{duty_noun}"
    # and "{duty_source}": its own lists `duty_words`, `duty_nouns`, `duty_sources`
    modality_file = propositions_file.sub("modality")
    for placeholder, key in (
        ("{duty_word}", "duty_words"),
        ("{duty_noun}", "duty_nouns"),
        ("{duty_source}", "duty_sources"),
    ):
        propositions_file.placeholders[placeholder] = (
            "(?:" + "|".join(modality_file.phrases(key)) + ")"
        )
    # its `word_classes`, each a name of its own: never one a list above already writes
    classes = _word_classes(propositions_file)
    for placeholder in classes:
        if placeholder in propositions_file.placeholders:
            raise propositions_file.sub("word_classes").fail(
                placeholder.strip("{}"), "names a placeholder already defined"
            )
    propositions_file.placeholders.update(classes)
    roles = tuple(_role(r) for r in roles_file.items("roles"))
    _unique(roles_file, "roles", [r.name for r in roles])
    role_names = {r.name for r in roles}
    fragments = _detail_fragments(attributes_file)
    attributes = tuple(
        _attribute(a, role_names, fragments) for a in attributes_file.items("attributes")
    )
    names = [a.name for a in attributes]
    _unique(attributes_file, "attributes", names)
    for a in attributes:
        for name, kind in a.details:
            if kind.startswith(DETAIL_ATTRIBUTE) and kind[len(DETAIL_ATTRIBUTE) :] not in names:
                raise LexiconError(
                    f"{attributes_file.file}: {a.name}: details {name}: {kind!r} names no attribute"
                )
    subject_types = tuple(
        SubjectTypeEntry(t.name("name"), t.flag("binding"), t.flag("question"))
        for t in roles_file.items("subject_types")
    )
    months = tuple(vocabulary.words("months"))
    if len(months) != 12:
        raise LexiconError(f"{vocabulary.file}: months: expected 12, found {len(months)}")
    month_abbrevs = vocabulary.mapping("month_abbreviations")
    if not all(isinstance(v, int) and 1 <= v <= 12 for v in month_abbrevs.values()):
        raise LexiconError(f"{vocabulary.file}: month_abbreviations: values must be 1..12")
    forms = vocabulary.sub("legal_forms")
    records = forms.sub("forms")
    spelled: list[tuple[str, tuple[str, ...]]] = []
    written: list[str] = []
    in_capitals: set[str] = set()
    for form in records.data:
        record = records.sub(str(form))
        spelled.append((str(form), tuple(record.words("spelled"))))
        capitals = record.flag("capitals", True)
        for text in record.words("written") if "written" in record.data else ():
            pattern = record.pattern("written", written_form_pattern(text))
            written.append(pattern)
            if capitals and pattern.isalpha():
                in_capitals.add(pattern)
    jurisdictions = vocabulary.sub("jurisdictions")
    closed = vocabulary.sub("question_not_names")
    agreements = vocabulary.sub("documents")
    amendment_ordinals, amendment_number_words = _amendment_numbers(vocabulary, agreements)
    kinds = agreements.mapping("agreement_kinds") if "agreement_kinds" in agreements.data else {}
    agreement_kinds = []
    for kind, phrases in kinds.items():
        if not (isinstance(phrases, list) and phrases and _NAME.match(str(kind))):
            raise agreements.fail(f"agreement_kinds.{kind}", "expected a type and its phrases")
        agreement_kinds.append((_phrases(agreements, f"agreement_kinds.{kind}", phrases), kind))
    return Lexicon(
        roles=roles,
        binding_types=tuple(roles_file.words("binding_types")),
        subject_types=subject_types,
        attributes=attributes,
        yes_no=tuple(attributes_file.words("yes_no")),
        propositions=_propositions(propositions_file, set(names)),
        modality=_modality(propositions_file.sub("modality")),
        months=months,
        month_abbreviations=month_abbrevs,
        legal_form_phrases=_form_phrases(spelled),
        legal_form_words={
            s: form for form, spellings in spelled for s in spellings if " " not in s
        },
        legal_forms_written=tuple(written),
        legal_forms_in_capitals=frozenset(in_capitals),
        legal_form_abbreviations=tuple(forms.words("abbreviations")),
        legal_forms_before_name=tuple(forms.words("before_name")),
        abbreviations=frozenset(
            [
                *(w.lower() for w in vocabulary.words("abbreviations")),
                *(str(k).lower() for k in month_abbrevs),
                *(w.lower() for w in forms.words("abbreviations")),
            ]
        ),
        semicolon_continuations=tuple(
            w.lower() for w in vocabulary.words("semicolon_continuations")
        ),
        semicolon_continuations_lower_case=tuple(
            w.lower() for w in vocabulary.words("semicolon_continuations_lower_case")
        ),
        entity_types=tuple(vocabulary.patterns("entity_types")),
        organisation_heads=frozenset(vocabulary.words("organisation_heads")),
        hyphenated_prose=vocabulary.lowered("hyphenated_prose"),
        never_names=frozenset(vocabulary.words("never_names")),
        question_name_slots=vocabulary.lowered("question_name_slots"),
        question_opponent_slots=vocabulary.lowered("question_opponent_slots"),
        question_auxiliaries=vocabulary.lowered("question_auxiliaries"),
        question_non_name_leads=vocabulary.lowered("question_non_name_leads"),
        consent_predicates=vocabulary.lowered("consent_predicates"),
        consent_owner_links=vocabulary.lowered("consent_owner_links"),
        question_document_words=vocabulary.lowered("question_document_words"),
        question_party_list_openers=vocabulary.lowered("question_party_list_openers"),
        question_signing_verbs=vocabulary.lowered("question_signing_verbs"),
        question_name_tails=vocabulary.lowered("question_name_tails"),
        question_slot_pronouns=vocabulary.lowered("question_slot_pronouns"),
        question_slot_non_parties=vocabulary.lowered("question_slot_non_parties"),
        question_words=frozenset(
            [*vocabulary.words("question_words"), *vocabulary.words("question_name_breaks")]
        ),
        asking_words=frozenset(
            [
                *vocabulary.words("question_words"),
                *vocabulary.words("question_asking"),
                *vocabulary.words("question_asking_verbs"),
            ]
        ),
        question_object_fronts=vocabulary.lowered("question_object_fronts"),
        profile_topics=vocabulary.lowered("profile_topics"),
        profile_topic_verbs=vocabulary.lowered("profile_topic_verbs"),
        profile_role_links=_role_links(vocabulary),
        known_name_openers=vocabulary.lowered("known_name_openers"),
        wh_opening_words=tuple(w.lower() for w in vocabulary.words("wh_opening_words")),
        wh_opening_verbs=tuple(w.lower() for w in vocabulary.words("wh_opening_verbs")),
        metric_years_after=tuple(w.lower() for w in vocabulary.words("metric_years_after")),
        metric_years_before=tuple(w.lower() for w in vocabulary.words("metric_years_before")),
        topic_stop_words=frozenset(
            [
                *vocabulary.words("question_words"),
                *vocabulary.words("question_asking"),
                *vocabulary.words("topic_stop_words"),
            ]
        ),
        topic_measure_words=frozenset(vocabulary.words("topic_measure_words")),
        quantity_questions=tuple(vocabulary.phrases("quantity_questions")),
        topic_acts=tuple(
            (
                str(name),
                vocabulary.sub("topic_acts").sub(name).lowered("asked"),
                tuple(vocabulary.sub("topic_acts").sub(name).phrases("stated")),
            )
            for name in vocabulary.mapping("topic_acts")
        ),
        topic_act_actors=tuple(vocabulary.phrases("topic_act_actors")),
        topic_act_negations=vocabulary.lowered("topic_act_negations"),
        topic_act_not_objects=vocabulary.lowered("topic_act_not_objects"),
        topic_act_fillers=vocabulary.lowered("topic_act_fillers"),
        topic_act_between=vocabulary.lowered("topic_act_between"),
        topic_act_shared_first_words=vocabulary.lowered("topic_act_shared_first_words"),
        topic_year_span_joiners=tuple(vocabulary.phrases("topic_year_span_joiners")),
        topic_year_span_openings=vocabulary.lowered("topic_year_span_openings"),
        topic_year_open_since=tuple(vocabulary.phrases("topic_year_open_since")),
        topic_year_open_after=tuple(vocabulary.phrases("topic_year_open_after")),
        topic_year_amount_words=tuple(vocabulary.phrases("topic_year_amount_words")),
        counted_phrase_ends=tuple(vocabulary.words("counted_phrase_ends")),
        count_phrase_breaks=frozenset(vocabulary.words("count_phrase_breaks")),
        topic_compound_heads=tuple(vocabulary.words("topic_compound_heads")),
        question_periods=tuple(closed.patterns("periods")),
        question_not_names=frozenset(
            w.lower()
            for group in ("currencies", "units", "finance", "contracts", "places", "numbers")
            for w in closed.words(group)
        ),
        question_not_name_phrases=tuple(closed.phrases("phrases")),
        question_instructions=frozenset(vocabulary.words("question_instructions")),
        question_topic_leads=tuple(vocabulary.words("question_topic_leads")),
        question_as_amended=tuple(vocabulary.words("question_as_amended")),
        title_designations=tuple(vocabulary.words("title_designations")),
        agreement_idioms=tuple(agreements.phrases("agreement_idioms")),
        question_other_names=tuple(vocabulary.phrases("question_other_names")),
        held_role_not_roles=vocabulary.lowered("held_role_not_roles"),
        held_role_place_nouns=tuple(vocabulary.phrases("held_role_place_nouns")),
        held_role_function_words=vocabulary.lowered("held_role_function_words"),
        held_role_relation_links=tuple(vocabulary.phrases("held_role_relation_links")),
        held_role_complement_links=tuple(vocabulary.phrases("held_role_complement_links")),
        held_role_complement_joiners=tuple(vocabulary.phrases("held_role_complement_joiners")),
        held_role_agreement_lead=vocabulary.words("held_role_agreement_lead")[0],
        held_role_capacities=tuple(vocabulary.phrases("held_role_capacities")),
        question_time_leads=tuple(vocabulary.phrases("question_time_leads")),
        question_law_leads=tuple(vocabulary.phrases("question_law_leads")),
        question_law_words=tuple(vocabulary.phrases("question_law_words")),
        value_claim_copulas=tuple(w.lower() for w in vocabulary.words("value_claim_copulas")),
        value_claim_negated_copulas=tuple(
            w.lower() for w in vocabulary.words("value_claim_negated_copulas")
        ),
        value_claim_negations=tuple(w.lower() for w in vocabulary.words("value_claim_negations")),
        value_claim_value_leads=tuple(
            w.lower() for w in vocabulary.words("value_claim_value_leads")
        ),
        value_claim_subject_breaks=tuple(
            w.lower() for w in vocabulary.words("value_claim_subject_breaks")
        ),
        value_claim_topic_links=tuple(vocabulary.phrases("value_claim_topic_links")),
        value_claim_category_links=tuple(vocabulary.phrases("value_claim_category_links")),
        value_claim_category_fillers=vocabulary.lowered("value_claim_category_fillers"),
        value_claim_cap_kinds=vocabulary.lowered("value_claim_cap_kinds"),
        value_claim_cap_kind_qualifiers=vocabulary.lowered("value_claim_cap_kind_qualifiers"),
        value_claim_cap_kind_joins=tuple(vocabulary.phrases("value_claim_cap_kind_joins")),
        value_claim_spellings={
            str(k).lower(): str(v).lower()
            for k, v in sorted(vocabulary.mapping("value_claim_spellings").items())
        },
        value_claim_cap_positives=tuple(
            (str(a), str(b)) for a, b in vocabulary.mapping("value_claim_cap_positives").items()
        ),
        value_claim_date_links=tuple(w.lower() for w in vocabulary.words("value_claim_date_links")),
        value_claim_value_links=tuple(
            w.lower() for w in vocabulary.words("value_claim_value_links")
        ),
        value_claim_comparisons=tuple(
            sorted(
                (
                    (" ".join(p.lower().split()), op)
                    for op in ("ge", "gt", "le", "lt", "ne")
                    for p in vocabulary.words(f"value_claim_comparisons_{op}")
                ),
                key=lambda e: (-len(e[0]), e[0]),
            )
        ),
        question_law_claim_verbs=tuple(
            w.lower() for w in vocabulary.words("question_law_claim_verbs")
        ),
        question_law_joiners=tuple(vocabulary.phrases("question_law_joiners")),
        question_consent_modals=tuple(vocabulary.phrases("question_consent_modals")),
        question_consent_asked=tuple(vocabulary.phrases("question_consent_asked")),
        question_consent_verbs=tuple(vocabulary.phrases("question_consent_verbs")),
        question_consent_actions={
            str(k).lower(): str(v).lower()
            for k, v in sorted((vocabulary.get("question_consent_actions") or {}).items())
        },
        question_verb_auxiliaries=vocabulary.lowered("question_verb_auxiliaries"),
        question_wrappers=tuple(vocabulary.phrases("question_wrappers")),
        question_wrapper_courtesies=tuple(vocabulary.phrases("question_wrapper_courtesies")),
        question_wrapper_links=tuple(vocabulary.phrases("question_wrapper_links")),
        question_declared_fronts=vocabulary.lowered("question_declared_fronts"),
        question_declared_as=_declared_as(vocabulary),
        question_declared_subject_breaks=vocabulary.lowered("question_declared_subject_breaks"),
        question_declared_asking=vocabulary.lowered("question_declared_asking"),
        question_declared_predicates=vocabulary.lowered("question_declared_predicates"),
        question_declared_commands=vocabulary.lowered("question_declared_commands"),
        question_declared_states=vocabulary.lowered("question_declared_states"),
        question_declared_denials=vocabulary.lowered("question_declared_denials"),
        question_time_periods=tuple(vocabulary.patterns("question_time_periods")),
        question_time_asserted_after=vocabulary.lowered("question_time_asserted_after"),
        name_particles=frozenset(vocabulary.words("name_particles")),
        honorifics=frozenset(vocabulary.words("honorifics")),
        generational_suffixes=frozenset(vocabulary.words("generational_suffixes")),
        agreement_topic_links=frozenset(vocabulary.words("agreement_topic_links")),
        question_quantifiers=frozenset(vocabulary.words("question_quantifiers")),
        question_name_negations=frozenset(vocabulary.words("question_name_negations")),
        person_of_links=frozenset(vocabulary.words("person_of_links")),
        address_openers=tuple(vocabulary.phrases("address_openers")),
        address_nouns=tuple(vocabulary.phrases("address_nouns")),
        party_list_openers=tuple(vocabulary.phrases("party_list_openers")),
        party_list_joiners=tuple(vocabulary.phrases("party_list_joiners")),
        registration_labels=tuple(vocabulary.phrases("registration_labels")),
        prose_party_instruments=tuple(vocabulary.words("prose_party_instruments")),
        prose_party_name_ends=frozenset(vocabulary.words("prose_party_name_ends")),
        prose_party_non_names=frozenset(vocabulary.words("prose_party_non_names")),
        prose_party_name_links=frozenset(vocabulary.words("prose_party_name_links")),
        prose_party_short_name_links=frozenset(vocabulary.words("prose_party_short_name_links")),
        web_address_endings=tuple(vocabulary.words("web_address_endings")),
        prose_party_document_types=frozenset(vocabulary.words("prose_party_document_types")),
        prose_party_this_words=tuple(vocabulary.phrases("prose_party_this_words")),
        prose_party_recital_leads=tuple(vocabulary.phrases("prose_party_recital_leads")),
        prose_party_other_agreement_leads=tuple(
            vocabulary.phrases("prose_party_other_agreement_leads")
        ),
        prose_party_route_words=frozenset(vocabulary.words("prose_party_route_words")),
        prose_party_third_party_leads=tuple(vocabulary.phrases("prose_party_third_party_leads")),
        signing_for_leads=tuple(vocabulary.phrases("signing_for_leads")),
        signing_for_non_parties=frozenset(vocabulary.words("signing_for_non_parties")),
        signing_for_non_party_phrases=tuple(vocabulary.phrases("signing_for_non_party_phrases")),
        signing_for_name_links=tuple(
            re.escape(w) for w in vocabulary.words("signing_for_name_links")
        ),
        acceptance_line_words=tuple(vocabulary.phrases("acceptance_line_words")),
        accepted_by_words=tuple(vocabulary.phrases("accepted_by_words")),
        signature_line_words=tuple(vocabulary.phrases("signature_line_words")),
        signature_by_words=tuple(vocabulary.words("signature_by_words")),
        signature_capacity_words=tuple(vocabulary.words("signature_capacity_words")),
        signer_name_labels=tuple(vocabulary.phrases("signer_name_labels")),
        signer_title_labels=tuple(vocabulary.phrases("signer_title_labels")),
        signature_date_labels=tuple(vocabulary.phrases("signature_date_labels")),
        acceptance_heading_words=tuple(vocabulary.words("acceptance_heading_words")),
        acceptance_heading_fillers=tuple(vocabulary.words("acceptance_heading_fillers")),
        signature_headings=tuple(vocabulary.phrases("signature_headings")),
        execution_clause_words=tuple(vocabulary.phrases("execution_clause_words")),
        execution_clause_unnamed_signers=tuple(
            vocabulary.phrases("execution_clause_unnamed_signers")
        ),
        letter_salutations=tuple(vocabulary.phrases("letter_salutations")),
        letter_closings=tuple(vocabulary.phrases("letter_closings")),
        letter_acceptances=tuple(vocabulary.phrases("letter_acceptances")),
        agreement_reference_leads=tuple(vocabulary.phrases("agreement_reference_leads")),
        letter_agreement_negations=tuple(vocabulary.phrases("letter_agreement_negations")),
        referenced_agreement_instruments=tuple(
            vocabulary.phrases("referenced_agreement_instruments")
        ),
        party_group_words=tuple(vocabulary.phrases("party_group_words")),
        party_list_ends=tuple(vocabulary.phrases("party_list_ends")),
        preamble_closings=tuple(vocabulary.phrases("preamble_closings")),
        parties_agree_verbs=tuple(vocabulary.phrases("parties_agree_verbs")),
        former_name_leads=tuple(vocabulary.phrases("former_name_leads")),
        name_change_phrases=tuple(vocabulary.phrases("name_change_phrases")),
        former_name_captions=tuple(vocabulary.phrases("former_name_captions")),
        undersigned_party_verbs=tuple(vocabulary.words("undersigned_party_verbs")),
        filer_footer_labels=tuple(vocabulary.words("filer_footer_labels")),
        filer_legend_leads=tuple(vocabulary.phrases("filer_legend_leads")),
        filer_legend_ends=tuple(vocabulary.phrases("filer_legend_ends")),
        party_other_name_blockers=vocabulary.lowered("party_other_name_blockers"),
        party_described_by=tuple(vocabulary.phrases("party_described_by")),
        numbered_heading_words=tuple(vocabulary.words("numbered_heading_words")),
        cross_reference_words=frozenset(
            form
            for w in (
                *vocabulary.words("numbered_heading_words"),
                *vocabulary.words("cross_reference_words"),
            )
            for form in _singular_and_plural(w.lower())
        ),
        caption_amount_words=vocabulary.lowered("caption_amount_words")
        | frozenset(w.lower() for group in ("currencies", "units") for w in closed.words(group)),
        caption_joiners=vocabulary.lowered("caption_joiners"),
        run_in_openers=frozenset(vocabulary.words("run_in_openers")),
        attachment_title_words=vocabulary.lowered("attachment_title_words"),
        party_beneficiary_leads=tuple(vocabulary.phrases("party_beneficiary_leads")),
        party_member_leads=tuple(vocabulary.phrases("party_member_leads")),
        party_principal_leads=tuple(vocabulary.phrases("party_principal_leads")),
        party_affiliate_tails=tuple(vocabulary.phrases("party_affiliate_tails")),
        division_words=tuple(vocabulary.words("division_words")),
        question_division_words=tuple(vocabulary.words("question_division_words")),
        division_party_leads=tuple(vocabulary.words("division_party_leads")),
        body_kinds=tuple(vocabulary.words("body_kinds")),
        public_body_heads=tuple(vocabulary.words("public_body_heads")),
        person_post_nominals=tuple(vocabulary.phrases("person_post_nominals")),
        clause_nouns=frozenset(vocabulary.words("clause_nouns")),
        question_qualifiers=tuple(vocabulary.phrases("question_qualifiers")),
        generic_terms=vocabulary.lowered("generic_terms"),
        entity_references=tuple(vocabulary.words("entity_references")),
        holds_title_now=tuple(vocabulary.words("holds_title_now")),
        agreement_quantifiers=tuple(vocabulary.phrases("agreement_quantifiers")),
        agreement_party_openers=tuple(vocabulary.phrases("agreement_party_openers")),
        agreement_party_joiners=tuple(vocabulary.phrases("agreement_party_joiners")),
        fiscal_year_nouns=tuple(vocabulary.phrases("fiscal_year_nouns")),
        fiscal_year_end_verbs=tuple(vocabulary.phrases("fiscal_year_end_verbs")),
        fiscal_year_calendar=tuple(vocabulary.phrases("fiscal_year_calendar")),
        release_headline_verbs=tuple(vocabulary.words("release_headline_verbs")),
        authored_document_kinds=tuple(vocabulary.phrases("authored_document_kinds")),
        release_dateline_verbs=tuple(vocabulary.words("release_dateline_verbs")),
        tenure_ended_verbs=tuple(vocabulary.words("tenure_ended_verbs")),
        tenure_ended_nouns=tuple(vocabulary.words("tenure_ended_nouns")),
        tenure_effective=tuple(vocabulary.words("tenure_effective")),
        tenure_events=tuple(vocabulary.words("tenure_events")),
        us_states=tuple(jurisdictions.words("us_states")),
        us_state_codes=_state_codes(jurisdictions),
        countries=tuple(jurisdictions.words("countries")),
        contract_roles=frozenset(vocabulary.words("contract_roles")),
        person_contract_roles=frozenset(vocabulary.words("person_contract_roles")),
        generic_contract_roles=frozenset(vocabulary.words("generic_contract_roles")),
        defined_matter_terms=vocabulary.lowered("defined_matter_terms"),
        contract_role_equivalents=_role_equivalents(vocabulary),
        agreement_kinds=tuple(agreement_kinds),
        instruments=tuple(agreements.patterns("instruments", bounded=True)),
        agreement_words=tuple(agreements.phrases("agreement_words")),
        general_agreement_words=tuple(agreements.words("general_agreement_words")),
        amendment_ordinals=amendment_ordinals,
        amendment_number_words=amendment_number_words,
        number_units=_numbered_words(vocabulary, "number_units", least=0),
        number_tens=_numbered_words(vocabulary, "number_tens"),
        number_scales=_numbered_words(vocabulary, "number_scales"),
        ordinal_words=_numbered_words(vocabulary, "ordinal_words"),
        **_type_words(agreements),
        document_types=tuple(_document_type(t) for t in agreements.items("types")),
        legend_words=tuple(agreements.phrases("legend_words")),
        other_titles=tuple(agreements.phrases("other_titles")),
        question_templates=read_question_templates(
            templates_file,
            _lexicon_pieces(roles, attributes, vocabulary.words("contract_roles")),
        ),
        documents=_documents(agreements),
        question_claims=_question_claims(propositions_file),
        question_routing=_question_routing(propositions_file),
    )


def _lexicon_pieces(
    roles: tuple[RoleEntry, ...],
    attributes: tuple[AttributeEntry, ...],
    contract_roles: Iterable[str] = (),
) -> dict[str, str]:
    """The pieces of the question templates that roles.yaml and attributes.yaml give: every
    asked role's question pattern as one group, and the entity attributes' question patterns,
    each a group, as alternatives (both in file order: the longer phrase comes first); and
    vocabulary.yaml's contract roles ("lender", "receiving party"), the longer first."""
    asked = [r.question_pattern for r in roles if r.question_pattern]
    entity = [a.question_patterns["entity"] for a in attributes if "entity" in a.question_patterns]
    terms = sorted({str(t) for t in contract_roles}, key=lambda t: (-len(t), t))
    return {
        "asked_roles": "(?:" + "|".join(asked) + ")",
        "entity_attribute_phrases": "|".join(f"(?:{p})" for p in entity),
        "contract_role_terms": "(?:"
        + "|".join(r"[\s_]+".join(re.escape(w) for w in t.split("_")) for t in terms)
        + ")",
    }


# The pattern lists of vocabulary.yaml `documents` (by part: "" the mapping itself), each with
# whether its phrases stand between word boundaries (not where the code that reads the list
# adds its own, or where its regexes had none), and its single patterns ([regex, example]).
_DOCUMENT_PATTERNS = {
    "": (
        ("signature_page", False),
        ("audit_reports", False),
        ("auditor_consents", False),
        ("auditor_tenure", False),
        ("officer_lists", False),
        ("title_openers", False),
        ("capacity_words", False),
    ),
    "dates": (("agreement", False), ("meeting", False), ("consent", False), ("effective", False)),
    "unexecuted": (("marks", True),),
}
_DOCUMENT_REGEXES = {
    "": ("signature_block_line", "number"),
    "dates": ("label", "effective_label"),
    "unexecuted": ("signature_line",),
}


def _role_links(vocabulary: _Reader) -> dict[str, str]:
    """`profile_role_links` ("party to") as {role: link word}: two words each."""
    links: dict[str, str] = {}
    for phrase in vocabulary.words("profile_role_links"):
        words = phrase.split()
        if len(words) != 2:
            raise vocabulary.fail("profile_role_links", f"{phrase!r}: expected a role and a word")
        links[words[0].lower()] = words[1].lower()
    return links


def _state_codes(jurisdictions: _Reader) -> dict[str, str]:
    """`us_state_codes` as code -> state: every state of `us_states` has one code."""
    raw = jurisdictions.mapping("us_state_codes")
    states = set(jurisdictions.words("us_states"))
    codes: dict[str, str] = {}
    for state, code in raw.items():
        if state not in states or not (isinstance(code, str) and re.fullmatch(r"[A-Z]{2}", code)):
            raise jurisdictions.fail(
                f"us_state_codes.{state}", "expected a state of us_states and its two-letter code"
            )
        if code in codes:
            raise jurisdictions.fail(f"us_state_codes.{state}", f"{code} is {codes[code]}'s code")
        codes[code] = state
    if len(codes) != len(states):
        raise jurisdictions.fail("us_state_codes", "expected a code for every state of us_states")
    return codes


def _documents(d: _Reader) -> dict[str, Any]:
    """vocabulary.yaml `documents` as the code reads it: each list of phrases and grammar
    as its patterns, each [regex, example] as its regex, a relation's patterns (phrases whole
    words) and a change's pattern (with its `example`) likewise; the rest as written."""
    out = dict(d.data)
    for part in _DOCUMENT_PATTERNS:
        if part and part not in d.data:
            continue
        r = d.sub(part) if part else d
        compiled = dict(r.data)
        for key, bounded in _DOCUMENT_PATTERNS[part]:
            if key in r.data:
                compiled[key] = r.patterns(key, bounded)
        for key in _DOCUMENT_REGEXES[part]:
            if key in r.data:
                compiled[key] = r.example_pattern(key)
        out.update({part: compiled} if part else compiled)
    if "relations" in d.data:
        out["relations"] = [
            {"name": r.name("name"), "patterns": r.patterns("patterns", bounded=True)}
            for r in d.items("relations")
        ]
    if "changes" in d.data:
        out["changes"] = [
            {"kind": c.name("kind"), "pattern": _exemplified(c, "pattern")}
            for c in d.items("changes")
        ]
    return out


def _exemplified(r: _Reader, key: str) -> str:
    """The regex of `key` in a mapping that gives it an `example`, a text it finds."""
    if not _is_text(r.get("example", None)):
        raise r.fail("example", f"expected a text that {key} finds")
    return r.pattern(key, r.get(key))


def _document_type(t: _Reader) -> tuple[str, str, str | None, bool]:
    """One of `documents.types`: its title a pattern (with an `example`), or a list of phrases
    each matched as written, whole words; its first page a pattern, or true for the title's."""
    if isinstance(t.get("title"), list):
        title = "|".join(rf"\b{p}\b" for p in t.phrases("title", space=" "))
    else:
        title = _exemplified(t, "title")
    first_page = t.get("first_page", None)
    if first_page is True:
        first_page = title
    elif first_page is not None:
        first_page = t.pattern("first_page", first_page)
    return t.name("name"), title, first_page, t.flag("heading", False)


def _numbered_words(documents: _Reader, key: str, least: int = 1) -> dict[str, int]:
    """`key` of `documents`: lower-case words, each mapped to a number of at least `least`
    (a positive number unless told)."""
    out: dict[str, int] = {}
    for word, number in documents.mapping(key).items():
        if not isinstance(word, str) or word != word.lower() or not word.isalnum():
            raise documents.fail(key, f"{word!r} is no lower-case word")
        if not isinstance(number, int) or isinstance(number, bool) or number < least:
            expected = "a positive number" if least == 1 else f"a number of at least {least}"
            raise documents.fail(key, f"{word!r}: expected {expected}")
        out[word] = number
    return out


def _digit_ordinal(number: int) -> str:
    """ "1st", "2nd", "11th", "23rd": a number's ordinal in digits."""
    last = number % 10 if not 10 <= number % 100 <= 20 else 0
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(last, "th")
    return f"{number}{suffix}"


def _singular_and_plural(word: str) -> tuple[str, str]:
    """`word` and its plural ("section", "sections"; "annex", "annexes")."""
    return word, word + ("es" if word.endswith(("s", "x", "z", "ch", "sh")) else "s")


def _amendment_numbers(
    vocabulary: _Reader, documents: _Reader
) -> tuple[dict[str, int], dict[str, int]]:
    """An amendment's ordinals (in words and in digits) and number words: the numbers'
    words (vocabulary.yaml) up to `documents.amendment_highest_number`."""
    highest = documents.get("amendment_highest_number")
    if not isinstance(highest, int) or isinstance(highest, bool) or highest < 1:
        raise documents.fail("amendment_highest_number", "expected a positive number")
    ordinals = {
        w: n for w, n in _numbered_words(vocabulary, "ordinal_words").items() if n <= highest
    }
    ordinals.update({_digit_ordinal(n): n for n in range(1, highest + 1)})
    units = _numbered_words(vocabulary, "number_units", least=0).items()
    return ordinals, {w: n for w, n in units if 1 <= n <= highest}


def _role_equivalents(vocabulary: _Reader) -> dict[str, tuple[tuple[str, tuple[str, ...]], ...]]:
    """`contract_role_equivalents`: groups of contract roles that name one position (a list,
    or a mapping with `roles` and `beside`: the roles another party must hold for them to),
    each role -> (another role of its groups, the roles beside it) in the order written."""
    known = set(vocabulary.words("contract_roles"))
    out: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for i, group in enumerate(vocabulary.get("contract_role_equivalents")):
        where = f"contract_role_equivalents[{i}]"
        entry = _Reader(vocabulary.file, group, where + ".") if isinstance(group, dict) else None
        roles = entry.words("roles") if entry else group
        beside = tuple(entry.words("beside")) if entry and "beside" in entry.data else ()
        if not isinstance(roles, list) or len(roles) < 2:
            raise vocabulary.fail(where, "expected a list of roles, or `roles` and `beside`")
        for role in (*roles, *beside):
            if role not in known:
                raise vocabulary.fail(where, f"{role!r} is no contract_roles word")
        for role in roles:
            mine = out.setdefault(role, [])
            mine.extend((r, beside) for r in roles if r != role and (r, beside) not in mine)
    return {role: tuple(others) for role, others in out.items()}


def _type_words(documents: _Reader) -> dict[str, Any]:
    """The `type_words` of `documents` (words, and groups of words that name one kind) as the
    question's type words (less those read in titles only) and each grouped word's kind."""
    words: list[str] = []
    kinds: dict[str, str] = {}
    for i, entry in enumerate(documents.get("type_words")):
        group = entry if isinstance(entry, list) else [entry]
        if not group or not all(isinstance(w, str) and w for w in group):
            raise documents.fail(f"type_words[{i}]", "expected a word or a list of words")
        words += group
        if isinstance(entry, list):
            kinds.update(dict.fromkeys(group, group[0]))
    titles_only = documents.words("type_words_in_titles_only")
    for word in titles_only:
        if word not in kinds:
            raise documents.fail("type_words_in_titles_only", f"{word!r} is in no group")
    return {
        "type_words": frozenset(words) - set(titles_only),
        "type_word_kinds": kinds,
    }


# How a written legal form's separators read (vocabulary.yaml legal_forms.forms, `written`):
# " & " -> "&" with or without spaces; ". " -> a stop that may be absent, then spaces; "." ->
# a stop, then perhaps a space; " " -> one or more spaces.
_WRITTEN_SEPARATORS = ((" & ", r"\s*&\s*"), (". ", r"\.?\s+"), (".", r"\.\s?"), (" ", r"\s+"))


def written_form_pattern(text: str) -> str:
    """The pattern of a legal form as documents write it ("L.L.C." -> `L\\.\\s?L\\.\\s?C`,
    "Ltd. Şti." -> `Ltd\\.?\\s+[ŞS]ti`): its final stop left to the caller (which allows one
    after the form), separators as `_WRITTEN_SEPARATORS` reads them, an accented letter also
    without its accent."""
    text = text.removesuffix(".")
    out: list[str] = []
    i = 0
    while i < len(text):
        for separator, pattern in _WRITTEN_SEPARATORS:
            if text.startswith(separator, i):
                out.append(pattern)
                i += len(separator)
                break
        else:
            char = text[i]
            bare = unicodedata.normalize("NFKD", char)[0]
            out.append(f"[{char}{bare}]" if bare != char else re.escape(char))
            i += 1
    return "".join(out)


def _form_phrases(
    spelled: list[tuple[str, tuple[str, ...]]],
) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The legal forms spelled in several words, as (words, form), most words first: a name
    ending in "limited liability limited partnership" is lllp before it is lp."""
    phrases = [(tuple(s.split()), form) for form, spellings in spelled for s in spellings]
    return tuple(sorted((p for p in phrases if len(p[0]) > 1), key=lambda p: -len(p[0])))


class _Reader:
    """One mapping of a lexicon file, read field by field with errors that name the place."""

    def __init__(
        self,
        file: str,
        data: Mapping[str, Any],
        where: str = "",
        placeholders: dict[str, str] | None = None,
    ) -> None:
        self.file = file
        self.data = data
        self.where = where
        # "{name}" in a pattern -> the alternation it stands for (vocabulary words a pattern
        # of another file writes as data once, "{agreement_word}"); shared with sub-readers
        self.placeholders = {} if placeholders is None else placeholders

    def fail(self, key: str, message: str) -> LexiconError:
        return LexiconError(f"{self.file}: {self.where}{key}: {message}")

    def get(self, key: str, default: Any = ...) -> Any:
        if key not in self.data:
            if default is ...:
                raise self.fail(key, "missing")
            return default
        return self.data[key]

    def items(self, key: str) -> list[_Reader]:
        value = self.get(key)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(key, "expected a list of mappings")
        return [
            _Reader(self.file, v, f"{self.where}{key}[{i}].", self.placeholders)
            for i, v in enumerate(value)
        ]

    def sub(self, key: str) -> _Reader:
        value = self.get(key)
        if not isinstance(value, dict):
            raise self.fail(key, "expected a mapping")
        return _Reader(self.file, value, f"{self.where}{key}.", self.placeholders)

    def mapping(self, key: str) -> dict[str, Any]:
        value = self.get(key)
        if not isinstance(value, dict):
            raise self.fail(key, "expected a mapping")
        return dict(value)

    def words(self, key: str) -> list[str]:
        value = self.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.fail(key, "expected a list of non-empty strings")
        return list(value)

    def lowered(self, key: str) -> frozenset[str]:
        """The words of `key` (`words`), lower case, as a set."""
        return frozenset(w.lower() for w in self.words(key))

    def phrases(self, key: str, space: str = r"\s+") -> list[str]:
        """The words and phrases of `key`, each as a pattern: its words escaped, joined by
        `space`. Tried in order, so a phrase comes before a shorter one it starts with
        ("agreements" before "agreement"), as a pattern's "s?" tries the longer first."""
        phrases = self.words(key)
        for i, shorter in enumerate(phrases):
            for longer in phrases[i + 1 :]:
                if longer.lower().startswith(shorter.lower()):
                    raise self.fail(key, f"{longer!r} must come before {shorter!r}")
        return [phrase_pattern(p, space) for p in phrases]

    def patterns(self, key: str, bounded: bool = False) -> list[str]:
        """The patterns of `key`, a list of phrases (words as `phrase_pattern` reads them;
        between word boundaries where `bounded`) and of grammar as [regex, example]."""
        value = self.get(key)
        if not isinstance(value, list) or not value:
            raise self.fail(key, "expected a list of phrases and [regex, example] pairs")
        out = []
        for i, entry in enumerate(value):
            if isinstance(entry, str):
                phrase = _phrases(self, f"{key}[{i}]", [entry])
                out.append(rf"\b{phrase}\b" if bounded else phrase)
            else:
                out.append(self.example_pattern(f"{key}[{i}]", entry))
        return out

    def example_pattern(self, key: str, entry: Any = ...) -> str:
        """Grammar with a text it finds: [regex, example] (`key`'s value unless given)."""
        entry = self.get(key) if entry is ... else entry
        if not (isinstance(entry, list) and len(entry) == 2 and _is_text(entry[1])):
            raise self.fail(key, "expected [regex, example]")
        return self.pattern(key, entry[0])

    def text(self, key: str, default: Any = ...) -> Any:
        value = self.get(key, default)
        if value is not None and not isinstance(value, str):
            raise self.fail(key, "expected a string")
        return value

    def name(self, key: str) -> str:
        value = self.text(key)
        if value is None or not _NAME.match(value):
            raise self.fail(key, f"expected a lower snake case name, not {value!r}")
        return str(value)

    def choice(self, key: str, choices: tuple[Any, ...]) -> Any:
        value = self.get(key)
        if value not in choices:
            raise self.fail(key, f"{value!r} is not one of {', '.join(map(str, choices))}")
        return value

    def flag(self, key: str, default: Any = ...) -> bool:
        value = self.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, "expected true or false")
        return value

    def pattern(self, key: str, value: Any) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(key, "expected a regular expression")
        for name, alternation in self.placeholders.items():
            value = value.replace(name, alternation)
        try:
            _ignoring_case(value)
        except re.error as exc:
            raise self.fail(key, f"not a regular expression: {exc}") from None
        return value


@functools.cache
def _ignoring_case(pattern: str) -> re.Pattern[str]:
    """`pattern` compiled case-insensitively, once per process: a lexicon loaded again (an
    edited file, a test's broken copy) checks its ~2,000 patterns without compiling them anew
    (the `re` module's own cache holds 512)."""
    return re.compile(pattern, re.IGNORECASE)


def _found(r: _Reader, key: str, bounded: bool = True) -> tuple[str, ...]:
    """The patterns of `key` (absent: none), each grammar's example checked to be found."""
    if key not in r.data:
        return ()
    value = r.get(key)
    patterns = r.patterns(key, bounded=bounded)
    for i, (entry, pattern) in enumerate(zip(value, patterns, strict=True)):
        if not isinstance(entry, str) and not _ignoring_case(pattern).search(str(entry[1])):
            raise r.fail(f"{key}[{i}]", f"the example {entry[1]!r} is not found by its regex")
    return tuple(patterns)


def _modality(m: _Reader) -> ModalityWords:
    return ModalityWords(
        **{
            name: _found(m, name)
            for name in (
                "permission",
                "obligation",
                "negation",
                "exception",
                "condition",
                "proviso",
                "proviso_freed",
                "carve_out",
                "restrict",
                "lacking",
                "excepted_persons",
                "interjection",
                "negated_duty",
                "duty_adverb",
                "aside_condition",
                "adverbial",
                "passive_agent",
                "passive_means",
                "passive_means_agent",
                "any_actor",
                "question_permission",
                "question_prohibition",
                "question_obligation",
                "question_no_obligation",
                "determiner",
                "negative_determiner",
                "phrase_end",
                "passive",
                "complement",
                "infinitive_noun",
                "weakening",
                "lifting",
                "named_restriction",
                "bound_by",
                "restriction_holder_after",
                "pronoun",
                "back_reference",
                "definition",
                "scope_outside",
                "scope_inside",
                "scope_noun",
                "negative_word",
                "change_word",
                "restricted_to",
                "alternative",
                "grant_break",
                "grant_not_held",
                "grant_to_others",
                "grant_to_others_break",
                "trailing_condition",
                "question_title",
                "question_title_bound",
                "question_bound_party",
                "question_acting_party",
                "question_consent_party",
                "question_people_party",
                "question_consent_owner",
                "question_joined_party",
                "question_causative",
                "question_passive",
                "question_passive_opener",
                "question_elliptical",
                "question_terse_claim",
                "question_terse_link",
                "question_trailing_clause",
                "question_indifference",
                "question_trailing_joins",
                "question_asking",
                "question_asking_after",
                "question_asking_anywhere",
                "question_asking_relative",
                "question_asking_clause",
                "owed_party",
            )
        }
    )


def _declared_as(r: _Reader) -> dict[str, tuple[str, ...]]:
    """vocabulary.yaml `question_declared_as`, checked: each written phrase (lower case) -> the
    words that ask it, the first put before the subject, the rest after it."""
    out: dict[str, tuple[str, ...]] = {}
    for written in r.mapping("question_declared_as"):
        words = r.sub("question_declared_as").words(str(written))
        out[str(written).lower()] = tuple(w.lower() for w in words)
    return out


def _question_routing(r: _Reader) -> dict[str, Any]:
    """propositions.yaml `question_routing`, checked: the cosine similarity a question must
    reach (0 to 1), its margin over the next class, what a question's row gives up (0 to 1;
    0 where not written), and the denial words that leave a question to the readers."""
    if "question_routing" not in r.data:
        return {}
    q = r.sub("question_routing")
    out: dict[str, Any] = {}
    for key in ("similarity", "margin", "question_offset"):
        value = q.get(key, 0.0) if key == "question_offset" else q.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise q.fail(key, "a number from 0 to 1")
        out[key] = float(value)
    out["denials"] = tuple(q.words("denials"))
    if not out["denials"]:
        raise q.fail("denials", "at least one word that leaves a question to the readers")
    return out


def _question_claims(r: _Reader) -> dict[str, Any]:
    """propositions.yaml `question_claims`, checked: each part a mapping or list as the
    question-claim reader (skill/_question_claims.py) reads it."""
    if "question_claims" not in r.data:
        return {}
    q = r.sub("question_claims")
    out: dict[str, Any] = {}
    shapes = []
    for item in q.items("shapes"):
        kind = item.choice("kind", ("permission", "prohibition", "obligation"))
        benefit = item.flag("benefit", False)
        shapes.append((str(kind), item.example_pattern("pattern"), benefit))
    out["shapes"] = tuple(shapes)
    for key in ("actor_verbs", "entitlement_words"):
        out[key] = tuple(q.words(key))
    for key in (
        "actor_openers", "pronouns", "asker_pronouns", "phrase_ends", "pronoun_objects",
        "negations", "noun_markers", "condition_openers", "condition_denials",
    ):  # fmt: skip
        out[key] = tuple(q.words(key)) if key in q.data else ()
    for key in ("irregular_verbs", "object_synonyms"):
        out[key] = {str(k): tuple(q.sub(key).words(str(k))) for k in q.mapping(key)}
    out["cases"] = tuple(q.patterns("cases")) if "cases" in q.data else ()
    for key in ("case_actions", "case_excepted"):
        out[key] = tuple(q.words(key)) if key in q.data else ()
    out["case_synonyms"] = (
        {str(k): tuple(q.sub("case_synonyms").words(str(k))) for k in q.mapping("case_synonyms")}
        if "case_synonyms" in q.data
        else {}
    )
    entitlements = q.sub("entitlements")
    out["entitlements"] = {
        str(k): (
            tuple(entitlements.sub(str(k)).words("asks")),
            tuple(entitlements.sub(str(k)).patterns("says")),
        )
        for k in entitlements.data
    }
    qualifiers = []
    for item in q.items("qualifiers"):
        answers = item.get("contrary_answers") if "contrary_answers" in item.data else "silent"
        if answers not in ("no", "silent"):
            raise item.fail("contrary_answers", "expected no or silent")
        negated = item.get("negated_answers") if "negated_answers" in item.data else "no"
        if negated not in ("no", "yes"):
            raise item.fail("negated_answers", "expected no or yes")
        qualifiers.append(
            (
                item.name("name"),
                tuple(item.patterns("asks")),
                tuple(item.patterns("qualifier")),
                tuple(item.patterns("contrary")) if "contrary" in item.data else (),
                str(answers),
                str(negated),
            )
        )
    out["qualifiers"] = tuple(qualifiers)
    out["not_given"] = tuple(q.patterns("not_given")) if "not_given" in q.data else ()
    if "body_acts" in q.data:
        b = q.sub("body_acts")
        bodies = b.sub("bodies")
        out["body_acts"] = {
            "records": str(b.text("records")),
            "questions": tuple(b.patterns("questions")),
            "bodies": {str(k): tuple(bodies.words(str(k))) for k in b.mapping("bodies")},
            "denials": tuple(b.patterns("denials")),
            "other_documents": tuple(b.patterns("other_documents")),
            "done_to": tuple(b.phrases("done_to")),
            "act_verbs": tuple(b.phrases("act_verbs")),
            "act_fillers": tuple(b.phrases("act_fillers")),
            "executions": tuple(b.phrases("executions")),
            "not_acts": tuple(b.phrases("not_acts")),
            "counterparty": b.example_pattern("counterparty"),
            "roles": tuple(w.casefold() for w in b.words("roles")),
            "articles": tuple(w.casefold() for w in b.words("articles")),
            "clause_breaks": tuple(b.patterns("clause_breaks")),
            "act_qualifiers": tuple(b.patterns("act_qualifiers")),
            "own_terms": tuple(w.casefold() for w in b.words("own_terms")),
        }
    return out


def _propositions(r: _Reader, attributes: set[str]) -> tuple[PropositionEntry, ...]:
    out = []
    for p in r.items("propositions"):
        evidence = p.name("evidence")
        if evidence != "topic" and evidence not in attributes:
            raise p.fail("evidence", f"{evidence!r} is not an attribute of attributes.yaml")
        topic = p.text("topic", None)
        if evidence == "topic" and not topic:
            raise p.fail("topic", "a proposition whose evidence is `topic` names its words")
        entry = PropositionEntry(
            name=p.name("name"),
            label=p.text("label"),
            evidence=evidence,
            topic=topic,
            kind=p.choice("kind", PROPOSITION_KINDS),
            asks=_found(p, "asks"),
            asks_not=_found(p, "asks_not"),
            action=_found(p, "action"),
            qualifier=_found(p, "qualifier"),
            contrary=_found(p, "contrary"),
            contrary_answers=p.choice("contrary_answers", CONTRARY_ANSWERS)
            if "contrary_answers" in p.data
            else "silent",
            denies=_found(p, "denies"),
            outright_answers=p.choice("outright_answers", CONTRARY_ANSWERS)
            if "outright_answers" in p.data
            else "no",
            affirms=_found(p, "affirms"),
            general=_found(p, "general"),
            duty_answers=p.choice("duty_answers", DUTY_ANSWERS)
            if "duty_answers" in p.data
            else "yes",
            negated_answers=p.choice("negated_answers", NEGATED_ANSWERS)
            if "negated_answers" in p.data
            else "no",
            excepted_answers=p.choice("excepted_answers", NEGATED_ANSWERS)
            if "excepted_answers" in p.data
            else "yes",
            existence=p.choice("existence", EXISTENCE_READERS)
            if "existence" in p.data
            else "clause",
            mentions=_found(p, "mentions"),
            taken_back=_found(p, "taken_back"),
            bounds=_found(p, "bounds"),
            object=_found(p, "object"),
            other_object=_found(p, "other_object"),
            carve_outs=_found(p, "carve_outs"),
            carved_by=_found(p, "carved_by"),
            asks_carved=_found(p, "asks_carved"),
            bounds_not_amount=_found(p, "bounds_not_amount"),
            states_amount=_found(p, "states_amount"),
            carved_label=p.text("carved_label", ""),
            otherwise_label=p.text("otherwise_label", ""),
            granted_beside_denial=p.flag("granted_beside_denial", False),
            definitions_silent=p.flag("definitions_silent", False),
            any_case=p.flag("any_case", False),
            captioned=_found(p, "captioned"),
            ancillary=_found(p, "ancillary"),
            given_back=_found(p, "given_back"),
            yields_to=tuple(p.words("yields_to")) if "yields_to" in p.data else (),
            asks_duty=_found(p, "asks_duty"),
            asks_examples=tuple(
                str(e[1]) for e in p.get("asks", []) if isinstance(e, list) and len(e) == 2
            ),
            clause_categories=tuple(p.words("clause_categories"))
            if "clause_categories" in p.data
            else (),
        )
        if not entry.asks or not entry.action:
            raise p.fail("asks", "a proposition needs `asks` and `action`")
        out.append(entry)
    _unique(r, "propositions", [p.name for p in out])
    names = {p.name for p in out}
    for entry in out:
        unknown = [n for n in entry.yields_to if n not in names or n == entry.name]
        if unknown:
            raise r.fail(f"{entry.name}.yields_to", f"not another proposition: {unknown}")
    return tuple(out)


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value)


def _role(r: _Reader) -> RoleEntry:
    pattern = r.get("question_pattern")
    title = r.get("title_pattern", None)
    return RoleEntry(
        name=r.name("name"),
        holder=r.choice("holder", HOLDERS),
        holders=r.choice("holders", HOLDER_COUNTS),
        parent=r.choice("parent", PARENTS),
        relation=r.flag("relation"),
        under_agreement=r.flag("under_agreement"),
        question_pattern=None if pattern is None else _named(r, "question_pattern", pattern),
        note=r.text("note", None),
        title_pattern=None if title is None else _named(r, "title_pattern", title),
        display=r.text("display", None),
        charter=r.flag("charter", False),
        identifies=r.flag("identifies", False),
        names_holder=r.flag("names_holder", False),
    )


def _attribute(a: _Reader, roles: set[str], fragments: Mapping[str, str]) -> AttributeEntry:
    subjects = tuple(a.words("subjects"))
    for subject in subjects:
        if subject not in ATTRIBUTE_SUBJECTS:
            raise a.fail("subjects", f"{subject!r} is not one of {', '.join(ATTRIBUTE_SUBJECTS)}")
    patterns: dict[str, str] = {}
    for subject, pattern in a.mapping("question_patterns").items():
        if subject not in subjects:
            raise a.fail("question_patterns", f"{subject!r} is not among its subjects")
        patterns[str(subject)] = _named(a, f"question_patterns.{subject}", pattern)
    binding_role = a.text("binding_role", None)
    if binding_role is not None and binding_role not in roles:
        raise a.fail("binding_role", f"{binding_role!r} is not a role of roles.yaml")
    cues = tuple(_relevance_cue(a, i, cue) for i, cue in enumerate(a.get("relevance_cues", [])))
    threshold = a.get("threshold", None)
    if threshold is not None and not isinstance(threshold, int | float):
        raise a.fail("threshold", "expected a number")
    return AttributeEntry(
        name=a.name("name"),
        subjects=subjects,
        value_kind=a.choice("value_kind", VALUE_KINDS),
        question_patterns=patterns,
        retrieval_cue=a.text("retrieval_cue", None),
        binding_role=binding_role,
        relevance_cues=cues,
        threshold=None if threshold is None else float(threshold),
        form_captions=tuple(
            _form_caption(a, i, c) for i, c in enumerate(a.get("form_captions", []))
        ),
        form_value=_form_value(a),
        form_choices=tuple(str(c) for c in a.get("form_choices", [])),
        clause_categories=_clause_categories(a),
        clause_fallback=a.flag("clause_fallback") if "clause_fallback" in a.data else False,
        cue_confirms=a.flag("cue_confirms") if "cue_confirms" in a.data else False,
        captions=_phrases(a, "captions", a.words("captions")) if "captions" in a.data else None,
        acts=_phrases(a, "acts", a.words("acts")) if "acts" in a.data else None,
        amended_as=tuple(str(t).lower() for t in a.get("amended_as", [])),
        label=a.text("label", None),
        details=_details(a, fragments),
        single_valued=a.flag("single_valued", False),
        partial_values=a.flag("partial_values", False),
        source_hint=a.text("source_hint", None),
        qualified_after=tuple(a.phrases("qualified_after")) if "qualified_after" in a.data else (),
        value_claim_verbs=(
            _phrases(a, "value_claim_verbs", a.words("value_claim_verbs"))
            if "value_claim_verbs" in a.data
            else None
        ),
        value_claim_proposition=a.flag("value_claim_proposition", False),
        value_claim_topics=(
            _phrases(a, "value_claim_topics", a.words("value_claim_topics"))
            if "value_claim_topics" in a.data
            else None
        ),
        **_extractor(a),
    )


# A phrase of a cue: words separated by single spaces ("head office"), spelled as documents
# spell them (matched case-insensitively; a word may be hyphenated, "co-founder"); a word
# ending in `*` stands for every word it begins ("headquarter*": headquarters,
# headquartered); words in parentheses may be left out ("principal (executive) office",
# "registered office (address)"), though not every word of the phrase.
_PHRASE_WORD = r"\w+(?:-\w+)*"
_PHRASE_TOKEN = rf"(?:\({_PHRASE_WORD}(?: {_PHRASE_WORD})*\)|{_PHRASE_WORD}\*?)"
_PHRASE = re.compile(rf"{_PHRASE_TOKEN}(?: {_PHRASE_TOKEN})*")
_OPTIONAL = re.compile(r"\([^)]*\)")


def phrase_pattern(phrase: str, space: str = r"\s+") -> str:
    r"""The pattern of a phrase of words, without boundaries: its words escaped, `space`
    between them, `\w*` after a word prefix ("headquarter*"), an optional group for words in
    parentheses ("principal (executive) office": `principal\s+(?:executive\s+)?office`;
    at the end, "registered office (address)": `registered\s+office(?:\s+address)?`).

    An optional group tries its words first, as a regex's greedy `?` does: "chairman of the
    board (of directors)" finds "chairman of the board of directors" whole."""
    out, spaced = "", False
    tokens = re.findall(r"\([^)]*\)|\S+", phrase)
    for i, token in enumerate(tokens):
        optional = token.startswith("(") and token.endswith(")")
        if optional and all(t.startswith("(") for t in tokens[i:]):
            # the words that end the phrase: each group brings the space before its words
            out += "(?:" + "".join(rf"{space}{re.escape(w)}" for w in token[1:-1].split(" "))
            out += ")?"
        elif optional:
            words = "".join(rf"{re.escape(word)}{space}" for word in token[1:-1].split(" "))
            out += (space if spaced else "") + f"(?:{words})?"
            spaced = False
        else:
            prefix = token.endswith("*")
            word = re.escape(token.removesuffix("*")) + (r"\w*" if prefix else "")
            out += (space if spaced else "") + word
            spaced = True
    return out


def _phrases(a: _Reader, key: str, phrases: list[Any]) -> str:
    """One pattern of any of the phrases, in their order, without boundaries."""
    for phrase in phrases:
        if not (
            isinstance(phrase, str)
            and _PHRASE.fullmatch(phrase)
            and _OPTIONAL.sub("", phrase).strip()
        ):
            raise a.fail(key, f"{phrase!r} is not a phrase (words, prefix*, (optional words))")
    alternatives = [phrase_pattern(p) for p in phrases]
    return alternatives[0] if len(alternatives) == 1 else f"(?:{'|'.join(alternatives)})"


def _named(r: _Reader, key: str, value: Any) -> str:
    """How a question or a document names a role or an attribute (`question_patterns`,
    `question_pattern`, `title_pattern`) as a regex: {phrases: [...]}, one of the phrases in
    their order (no boundaries: the reader places it), or grammar as [regex, example]."""
    if isinstance(value, dict):
        phrases = value.get("phrases")
        if set(value) != {"phrases"} or not isinstance(phrases, list) or not phrases:
            raise r.fail(key, "expected {phrases: [phrase, ...]}")
        return _phrases(r, key, phrases)
    if isinstance(value, list) and len(value) == 2 and isinstance(value[1], str) and value[1]:
        return r.pattern(key, value[0])
    raise r.fail(key, "expected {phrases: [phrase, ...]} or [regex, example]")


def _relevance_cue(a: _Reader, i: int, cue: Any) -> tuple[str, float]:
    """One cue of `relevance_cues` as (regex, weight): {phrases: [...], weight: w}, the
    phrases as one pattern between word boundaries, or [regex, weight, example]."""
    key = f"relevance_cues[{i}]"
    if isinstance(cue, dict):
        phrases, weight = cue.get("phrases"), cue.get("weight")
        if set(cue) != {"phrases", "weight"} or not isinstance(phrases, list) or not phrases:
            raise a.fail(key, "expected {phrases: [phrase, ...], weight: number}")
        regex = rf"\b{_phrases(a, key, phrases)}\b"
    elif isinstance(cue, list) and len(cue) == 3 and isinstance(cue[2], str) and cue[2]:
        regex, weight = a.pattern(key, cue[0]), cue[1]
    else:
        raise a.fail(key, "expected {phrases: [...], weight: w} or [regex, weight, example]")
    if isinstance(weight, bool) or not isinstance(weight, int | float):
        raise a.fail(key, "expected a number as its weight")
    return regex, float(weight)


def _form_caption(a: _Reader, i: int, caption: Any) -> str:
    """One caption of `form_captions` as a regex: a phrase, {phrases: [...]} (one of them),
    both found anywhere in a cell (no word boundaries), or [regex, example]."""
    key = f"form_captions[{i}]"
    shape = "expected a phrase, {phrases: [phrase, ...]} or [regex, example]"
    if isinstance(caption, list):
        if len(caption) != 2 or not (isinstance(caption[1], str) and caption[1]):
            raise a.fail(key, shape)
        return a.pattern(key, caption[0])
    phrases = caption.get("phrases") if isinstance(caption, dict) else [caption]
    if not (isinstance(phrases, list) and phrases) or (
        isinstance(caption, dict) and len(caption) != 1
    ):
        raise a.fail(key, shape)
    return _phrases(a, key, phrases)


def _form_value(a: _Reader) -> str | None:
    """A form value's shape: "jurisdiction" (a jurisdiction of the lexicon), or grammar as
    [regex, example]."""
    raw = a.get("form_value", None)
    if raw is None or raw == "jurisdiction":
        return raw
    return a.example_pattern("form_value")


def _extractor(a: _Reader) -> dict[str, Any]:
    """`extractor: KIND` or `extractor: {kind: KIND, ARG: VALUE, ...}` as its two fields."""
    raw = a.get("extractor", None)
    if raw is None:
        return {}
    if isinstance(raw, str):
        raw = {"kind": raw}
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        raise a.fail("extractor", "expected a kind, or a mapping with a kind and its arguments")
    if not all(isinstance(v, str | int | float) for v in raw.values()):
        raise a.fail("extractor", "arguments are names or numbers")
    args = {str(k): v for k, v in sorted(raw.items()) if k != "kind"}
    return {"extractor": str(raw["kind"]), "extractor_args": args}


DETAIL_KINDS = ("duration", "money")
# "attribute:notice_period": the values that attribute's extractor reads from the sentence
DETAIL_ATTRIBUTE = "attribute:"


def _expand(pattern: str, fragments: Mapping[str, str]) -> str:
    """`pattern` with each {name} of `fragments` replaced by its regular expression (a
    quantifier such as {0,5} names none)."""
    for name, fragment in fragments.items():
        pattern = pattern.replace("{" + name + "}", fragment)
    return pattern


def _detail_fragments(r: _Reader) -> dict[str, str]:
    """The file's `detail_fragments`, in order, each expanded with those above it."""
    out: dict[str, str] = {}
    for name, raw in (
        r.mapping("detail_fragments") if "detail_fragments" in r.data else {}
    ).items():
        if not (
            _NAME.match(str(name)) and isinstance(raw, list) and len(raw) == 2 and _is_text(raw[1])
        ):
            raise r.fail(f"detail_fragments.{name}", "expected a name and [regex, example]")
        out[str(name)] = _expand(str(raw[0]), out)
    return out


def _details(a: _Reader, fragments: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    for i, item in enumerate(a.get("details", [])):
        key = f"details[{i}]"
        if not (isinstance(item, list) and len(item) in (2, 3) and all(map(_is_text, item))):
            raise a.fail(key, "expected [name, kind] or [name, regex with group v, example]")
        name, kind = item[0], _expand(item[1], fragments)
        keyword = kind in DETAIL_KINDS or kind.startswith(DETAIL_ATTRIBUTE)
        if keyword != (len(item) == 2):
            raise a.fail(key, "a kind has no example; a regex has one: [name, regex, example]")
        if not _NAME.match(name):
            raise a.fail(key, f"{name!r} is not a name")
        if kind.startswith(DETAIL_ATTRIBUTE):
            pass  # an attribute of this file: checked once all are read (load_lexicon)
        elif kind not in DETAIL_KINDS:
            a.pattern(key, kind)
            if "v" not in re.compile(kind, re.IGNORECASE).groupindex:
                raise a.fail(key, "a regular expression needs a group named v (the fact)")
        out.append((name, kind))
    return tuple(out)


def _clause_categories(a: _Reader) -> tuple[tuple[str, str], ...]:
    raw = a.get("clause_categories", [])
    groups = raw.items() if isinstance(raw, dict) else [("", raw)]
    out: list[tuple[str, str]] = []
    for when, slugs in groups:
        if when and not re.match(r"^[a-z_]+=[a-z_]+$", str(when)):
            raise a.fail("clause_categories", f"{when!r} is not constraint=value")
        if not isinstance(slugs, list):
            raise a.fail("clause_categories", "expected a list of category slugs")
        for slug in slugs:
            if not isinstance(slug, str) or not _NAME.match(slug):
                raise a.fail("clause_categories", f"{slug!r} is not a category slug")
            out.append((str(when), slug))
    return tuple(out)


def _word_classes(r: _Reader) -> dict[str, str]:
    """The placeholders of a file's `word_classes` (absent: none): each class a lower snake
    case name and its words and phrases (`_Reader.phrases`), written "{name}" in any pattern of
    the file and standing for their alternation ("{use_verb}": use, uses, utilise ...), so a
    word that states a clause the same way is data once, never another regex."""
    if "word_classes" not in r.data:
        return {}
    classes = r.sub("word_classes")
    out = {}
    for name in classes.data:
        if not isinstance(name, str) or not _NAME.match(name):
            raise classes.fail(str(name), "expected a lower snake case name")
        out[f"{{{name}}}"] = "(?:" + "|".join(classes.phrases(name)) + ")"
    return out


def _unique(reader: _Reader, key: str, names: list[str]) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise reader.fail(key, f"{name!r} appears twice")
        seen.add(name)


# ---------------------------------------------------------------------------------------------
# The question grammar's templates (question_templates.yaml), read and validated: each record's
# pattern expanded from the file's named pieces and compiled, its builder named with its
# arguments. Which builders there are is the skill's to say: it binds each template to one
# when it loads, with the same kind of error.

# A piece named in a pattern: {x}, {agr}; a quantifier ({1,3}) names none.
_PIECE = re.compile(r"\{([a-z][a-z0-9_]*)\}")
# The record's keys that are not arguments of its builder.
_RECORD_KEYS = ("pattern", "builder")


@dataclass(frozen=True)
class QuestionTemplate:
    """One template of the question grammar: the regex a whole question must match
    (anchored, case-insensitive), the builder that reads its groups, by name, and the
    builder's arguments; `where` names the record in errors
    ("question_templates.yaml: templates[12]")."""

    where: str
    regex: re.Pattern[str]
    builder: str
    args: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)


def _expand_pieces(r: _Reader, key: str, text: str, pieces: Mapping[str, str]) -> str:
    """`text` with each {name} replaced by its piece, in one pass (a piece's own text is not
    read again); a name no piece has is an error naming it."""
    unknown = [name for name in _PIECE.findall(text) if name not in pieces]
    if unknown:
        known = ", ".join(pieces)
        raise r.fail(key, f"{{{unknown[0]}}} is no piece (the pieces: {known})")
    return _PIECE.sub(lambda m: pieces[m.group(1)], text)


def read_question_templates(
    r: _Reader, lexicon_pieces: Mapping[str, str]
) -> tuple[QuestionTemplate, ...]:
    """The templates of question_templates.yaml (`r`), their pieces expanded: the file's
    `pieces`, each with those above it and `lexicon_pieces` (what roles.yaml and
    attributes.yaml give: {asked_roles}, {entity_attribute_phrases}).

    A piece is compiled only inside the templates that use it (compiled on its own too, the
    pieces cost a sixth more than the templates' compile: the role alternation is in six of
    them), so a piece no template uses is an error rather than a pattern never checked."""
    pieces = dict(lexicon_pieces)
    # the pieces each piece of the file names, to find those no template reaches
    named: dict[str, list[str]] = {}
    for name, value in r.mapping("pieces").items():
        key = f"pieces.{name}"
        if not isinstance(name, str) or not _PIECE.fullmatch("{" + name + "}"):
            raise r.fail(key, "a piece's name is a lower snake case name")
        if name in pieces:
            raise r.fail(key, "appears twice")
        if not isinstance(value, str) or not value:
            raise r.fail(key, "expected a regular expression")
        pieces[name] = _expand_pieces(r, key, value, pieces)
        named[name] = _PIECE.findall(value)
    out = []
    used: set[str] = set()
    for t in r.items("templates"):
        written = t.text("pattern")
        if not written:
            raise t.fail("pattern", "expected a regular expression")
        used.update(_PIECE.findall(written))
        pattern = "^" + _expand_pieces(t, "pattern", written, pieces) + r"\s*$"
        try:
            regex = re.compile(pattern, re.IGNORECASE)
        except re.error as exc:
            raise t.fail("pattern", f"not a regular expression once expanded: {exc}") from None
        args = {key: t.name(key) for key in t.data if key not in _RECORD_KEYS}
        where = f"{t.file}: {t.where.rstrip('.')}"
        out.append(QuestionTemplate(where, regex, t.name("builder"), args))
    if not out:
        raise r.fail("templates", "expected at least one template")
    # a piece names only pieces above it: from the last up, each used one marks what it names
    for name in reversed(named):
        if name not in used:
            raise r.fail(f"pieces.{name}", "no template uses it")
        used.update(named[name])
    return tuple(out)
