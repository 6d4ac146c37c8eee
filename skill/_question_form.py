"""A yes/no question asked in another form than a question (issue 34): as an instruction to
find something out ("Confirm whether the recipient may keep copies.", "Tell me if ...", "I need
to know whether ...", "Is it true that ..."), or as a claim written as a statement, in lower
case and with no question mark ("recipient may keep copies", "Acme barred from competing with
Beta"). Each is put as the yes/no question it asks, so the one question reader reads it.

The instruction's words are never what is asked about: the claim after them is the question.
A statement is a claim by its form, not its punctuation: a finite modal or auxiliary after its
subject ("the recipient may ...", "Acme has to ...", "reverse engineering is prohibited") is
put first ("May the recipient ...?"), so the subject is read as the one who acts; a statement
with no such word, but a predicate the terse questions read (propositions.yaml modality
`question_elliptical`: "copies permitted", "obligations survive termination"), is asked as
"Is it true that ...?". A bare noun phrase ("termination for convenience") is a topic, never a
claim. The vocabulary is the lexicon's (vocabulary.yaml `question_wrappers`,
`question_declared_*`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from domain import known_words, legal_form, lexicon
from skill._answer import Answer

_LEXICON = lexicon()


def _alternation(patterns: tuple[str, ...]) -> str:
    return "|".join(sorted(patterns, key=lambda p: (-len(p), p)))


_COURTESY = _alternation(_LEXICON.question_wrapper_courtesies)
_WRAPPER = _alternation(_LEXICON.question_wrappers)
_LINK = _alternation(_LEXICON.question_wrapper_links)
# "Please confirm whether ...", "Could you tell me if ...", "I need to know whether or not ...",
# "Is it true that ...": the claim after the instruction
_WRAPPED = re.compile(
    rf"^\s*(?:(?:{_COURTESY})[\s,]+)*(?:{_WRAPPER})\s*[,:]?\s+(?:{_LINK})\s+(?P<claim>\S.*)$",
    re.IGNORECASE,
)
# "Tell me: may the recipient keep copies?": the question after the instruction, as asked
_WRAPPED_QUESTION = re.compile(
    rf"^\s*(?:(?:{_COURTESY})[\s,]+)*(?:{_WRAPPER})\s*[,:]\s*(?P<claim>\S.*)$", re.IGNORECASE
)
# courtesy words that end it ("..., please.", "... thanks")
_TRAILING_COURTESY = re.compile(r"[\s,;]+(?:please|thanks|thank\s+you)\W*$", re.IGNORECASE)
_AUXILIARIES = _LEXICON.question_auxiliaries
_FRONTS = _LEXICON.question_declared_fronts
_DECLARED_AS = _LEXICON.question_declared_as
_BREAKS = _LEXICON.question_declared_subject_breaks
# the asking words of a question that asks a value ("what", "who"): a text they open is no
# statement, a subject they open none
_ASKING = _LEXICON.question_declared_asking
# the words that open a command, not a statement ("List the parties that may assign ...")
_COMMANDS = _LEXICON.question_instructions | _LEXICON.question_declared_commands
# the words that state a claim with no modal or auxiliary ("obligations survive termination",
# "recipient free to develop ...")
_PREDICATES = _LEXICON.question_declared_predicates
# the participles and adjectives said without their copula ("Acme barred from competing")
_STATES = _LEXICON.question_declared_states
# the negative determiners a terse statement may open with ("no reverse engineering")
_DENIALS = _LEXICON.question_declared_denials
_ELLIPTICAL = tuple(re.compile(p, re.IGNORECASE) for p in _LEXICON.modality.question_elliptical)
# at most this many words before the finite word put first: a subject, not a clause
_SUBJECT_WORDS = 12
_TOKEN = re.compile(r"\S+")
# a verb contracted onto the word before it ("what's", "who're", "where'd")
_CONTRACTED_TAIL = re.compile(r"'(?:s|re|ll|d|ve)$")
# the prepositions an asking word may follow at a question's opening ("For how long ...?")
_ASKING_AFTER = re.compile(
    "|".join(f"(?:{p})" for p in _LEXICON.modality.question_asking_after), re.IGNORECASE
)


@dataclass(frozen=True)
class AskedForm:
    """A question put as the yes/no question it asks, and what is asked instead where that
    reads no claim: `otherwise` None (its answer stands: an instruction's claim put as a
    question, its finite word first), the claim's own words (an instruction's claim asked as
    "Is it true that ...?": its words are the topic, never the instruction's), or the question
    as written (a statement: then a topic, not a claim)."""

    question: str
    otherwise: str | None


def asked_form(question: str) -> AskedForm | None:
    """`question` as the yes/no question it asks where it is put otherwise (an instruction
    wrapping a claim, a claim written as a statement); None where it is asked as a question
    already, or is no claim by its form."""
    text = " ".join(question.replace("’", "'").split())
    claim = unwrapped(text)
    if claim is not None:
        bare = claim.rstrip(" ?.!")
        if not bare:
            return None
        if _opens_a_question(bare) or _asked_after_a_lead(bare + "?"):
            return AskedForm(_capitalised(bare) + "?", None)
        first = put_first(bare) or copula_put_first(bare)
        if first is not None:
            return AskedForm(first, None)
        asked = f"Is it true that {_lowered_opening(bare)}?"
        if _same(asked, text):
            # "Is it true that obligations survive termination?": put as it asks already
            return None
        return AskedForm(asked, bare)
    if _opens_a_question(text) or "?" in text.rstrip("?") or _asked_after_a_lead(text):
        return None
    declared = declared_question(text)
    return AskedForm(declared, question) if declared is not None else None


def answer_reads_a_claim(answer: Answer) -> bool:
    """Was the question read as a claim: a proposition or the question's own words judged, or
    a value claimed (its evaluation)?"""
    return bool(answer.subject_class.constraints.get("claim")) or answer.evaluation is not None


def unwrapped(text: str) -> str | None:
    """The claim an instruction to find out asks ("Confirm whether the recipient may keep
    copies." -> "the recipient may keep copies"; "Tell me: may it ...?" -> "may it ...?"),
    without its courtesies; None where no instruction of the lexicon's wraps it."""
    m = _WRAPPED.match(text)
    if m is None:
        m = _WRAPPED_QUESTION.match(text)
        if m is None or not _opens_a_question(m.group("claim")):
            return None
    claim = _TRAILING_COURTESY.sub("", m.group("claim")).strip()
    return claim or None


def declared_question(text: str) -> str | None:
    """A claim written as a statement ("the recipient may keep copies", "Acme barred from
    competing with Beta"), as the yes/no question it asks; None where it has no predicate of
    a claim (a noun phrase, a topic: "termination for convenience")."""
    bare = text.rstrip(" ?.!")
    words = [w.strip(",;:").lower() for w in bare.split()]
    if not words or _asks_a_value(words[0]) or _commands(words):
        return None
    first = put_first(bare) or copula_put_first(bare) or denial_asked(bare)
    if first is not None:
        return first
    if any(p.search(bare) for p in _ELLIPTICAL) or any(w in _PREDICATES for w in words[1:]):
        return f"Is it true that {_lowered_opening(bare)}?"
    return None


def denial_asked(statement: str) -> str | None:
    """A terse statement opened by a negative determiner, with no predicate of its own: an act
    (a gerund: "no reverse engineering of the samples") asked as forbidden ("Is reverse
    engineering of the samples prohibited?"), a thing ("no cap on liability") as absent ("Is
    there no cap on liability?"). None where no negative determiner opens it."""
    words = statement.split()
    if len(words) < 2 or words[0].lower() not in _DENIALS:
        return None
    rest = " ".join(words[1:])
    if words[1].lower().endswith("ing"):
        return f"Is {rest} prohibited?"
    return f"Is there {words[0].lower()} {rest}?"


def copula_put_first(statement: str) -> str | None:
    """A terse statement that says a state without its copula ("Acme barred from competing
    with Beta", "copies of the information permitted"), asked with "is" put first ("Is Acme
    barred from competing with Beta?"): the words before the state are its subject (a few, no
    verb of a claim's, no clause's words). None where no such state follows a subject."""
    words = [w.strip(",;:").lower() for w in statement.split()]
    for j in range(1, min(len(words), _SUBJECT_WORDS + 1)):
        if words[j] in _PREDICATES - _STATES or words[j] in _BREAKS or words[j] in _FRONTS:
            return None
        if words[j] in _STATES:
            return f"Is {_lowered_opening(statement)}?"
    return None


def _commands(words: list[str]) -> bool:
    """Do the words open with a command ("list the parties ...", "return the figure in USD")?
    A command's word before "of" is a noun ("return of materials required", "use of the
    information limited to the purpose")."""
    return words[0] in _COMMANDS and not (len(words) > 1 and words[1] == "of")


def put_first(statement: str) -> str | None:
    """The statement with its finite modal or auxiliary put before its subject ("the
    recipient may keep copies" -> "May the recipient keep copies?"; "Acme has to give notice"
    -> "Must Acme give notice?"; "Acme cannot assign" -> "Can Acme not assign?"); a phrase
    before the subject up to a comma stays first ("Under the MSA, may Acme assign?"). None
    where no such word follows a subject of a few words with no clause's words in it."""
    tokens = list(_TOKEN.finditer(statement))
    for i in range(1, min(len(tokens), _SUBJECT_WORDS + 1)):
        word = tokens[i].group(0)
        if not word.islower() and not statement.isupper():
            continue
        pair = f"{word} {tokens[i + 1].group(0)}".lower() if i + 1 < len(tokens) else ""
        if pair in _DECLARED_AS:
            asked, taken = _DECLARED_AS[pair], 2
        elif word.lower() in _DECLARED_AS:
            asked, taken = _DECLARED_AS[word.lower()], 1
        elif word.lower() in _FRONTS:
            asked, taken = (word.lower(),), 1
        else:
            continue
        before = statement[: tokens[i].start()].strip()
        lead, _, subject = _lead_and_subject(before)
        words = [w.strip(",;:").lower() for w in subject.split()]
        if not words or any(w in _BREAKS for w in words) or any(";" in w for w in words):
            return None
        if _asks_a_value(words[0]) or _uncontracted(words[0]) in _AUXILIARIES:
            return None
        rest = statement[tokens[i + taken - 1].end() :].strip()
        front, after = asked[0], " ".join(asked[1:])
        parts = [front, _lowered_opening(subject), after, rest]
        asked_words = " ".join(p for p in parts if p)
        if lead.strip():
            return f"{lead.strip()}, {asked_words}?"
        return _capitalised(asked_words) + "?"
    return None


def _lead_and_subject(before: str) -> tuple[str, str, str]:
    """The words before the finite word as (a phrase put before the subject, its comma, the
    subject): the phrase up to the last comma that no legal form of a name follows ("Under
    the MSA, Acme" but "Halcyon Robotics, Inc.")."""
    cut = len(before)
    while (comma := before.rfind(",", 0, cut)) >= 0:
        after = before[comma + 1 :].split()
        if after and legal_form("name " + after[0]):
            cut = comma
            continue
        return before[:comma], ",", before[comma + 1 :].strip()
    return "", "", before.strip()


def _asked_after_a_lead(text: str) -> bool:
    """Is `text` a question put after a phrase that sets its scope ("Under the MSA, may Acme
    assign?", "In the NDA with Beta, how long do the duties survive?"): one that ends with "?"
    and opens as a question after one of its commas?"""
    if not text.rstrip().endswith("?"):
        return False
    return any(_opens_a_question(part) for part in text.split(",")[1:])


def _same(asked: str, text: str) -> bool:
    return asked.rstrip(" ?.!").casefold() == text.rstrip(" ?.!").casefold()


def _opens_a_question(text: str) -> bool:
    """Does `text` open as a question does: an auxiliary or an asking word first, or an asking
    word after the preposition that opens it ("For how long ...?", "In which state ...?", "To
    whom may ...?", propositions.yaml modality `question_asking_after`)?"""
    first = _first_word(text)
    if first in _AUXILIARIES or _asks_a_value(first):
        return True
    words = [w.lower() for w in re.findall(r"[A-Za-z']+", text)[:2]]
    return (
        len(words) == 2
        and _ASKING_AFTER.fullmatch(words[0]) is not None
        and _asks_a_value(_uncontracted(words[1]))
    )


def _asks_a_value(word: str) -> bool:
    return word in _ASKING


def _first_word(text: str) -> str:
    """The text's first word in lower case, a contraction as its first word ("Isn't the
    liability capped?" opens with "is", as "Is the liability not capped?" does; "What's the
    cap?" with "what")."""
    m = re.match(r"\W*([A-Za-z']+)", text)
    return _uncontracted(m.group(1).lower()) if m else ""


def _uncontracted(word: str) -> str:
    """A contraction's first word ("isn't" -> "is", "won't" -> "will", "what's" -> "what");
    any other word as it is."""
    asked = _DECLARED_AS.get(word)
    if asked is not None and asked[-1] == "not":
        # the lexicon's contractions (`question_declared_as`: "won't" -> will not)
        return asked[0]
    if word.endswith("n't"):
        # the others drop their "n't" ("wasn't" -> "was", "couldn't" -> "could")
        return word[: -len("n't")]
    return _CONTRACTED_TAIL.sub("", word)


def _lowered_opening(text: str) -> str:
    """`text` with its first word in lower case where it is a word of legal English written
    capitalised only because it opens the sentence ("The recipient" -> "the recipient"); a
    name ("Halcyon may ...", "NDA") is kept as written."""
    m = re.match(r"([A-Z][a-z']*)\b", text)
    if m is None or m.group(1).lower() not in known_words():
        return text
    return text[:1].lower() + text[1:]


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


__all__ = [
    "AskedForm",
    "answer_reads_a_claim",
    "asked_form",
    "copula_put_first",
    "declared_question",
    "denial_asked",
    "put_first",
    "unwrapped",
]
