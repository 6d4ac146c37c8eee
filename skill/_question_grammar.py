"""The grammar of questions: the patterns of the question kinds analysts ask in due
diligence, each with the builder of its subject class (skill/_question_builders.py).

Rules are tried in order and the first whose builder returns a subject wins, so a yes/no
claim comes before the open question it resembles. Cue words are matched case-insensitively;
names are captured as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from skill._question_builders import (
    _agreement_attribute_phrase,
    _agreement_fixed,
    _agreement_role,
    _agreement_role_phrase,
    _agreement_subject,
    _entity_attribute,
    _entity_attribute_phrase,
    _fixed_role,
    _founded_by,
    _from_role,
    _has_fixed_role,
    _has_role,
    _has_role_possessive,
    _is_party,
    _is_subsidiary,
    _named_person_attribute,
    _notice_for,
    _obligations,
    _person_attribute,
    _person_fixed,
    _signatory,
    _stake,
)
from skill._subject import _ENTITY_ATTRIBUTE_PHRASES, _ROLE_ANY, SubjectClass

# The pieces the rules are written with: captured names (x, y), an agreement (agr), a role,
# and the cue words that link them.
_Q = r"\s*$"
_X = r"(?P<x>[^?]+?)"
_Y = r"(?P<y>[^?]+?)"
_AGR = r"(?P<agr>[^?]+?)"
_POSS = r"(?:['’]s|['’])"
_BE = r"(?:is|are|was|were|has\s+been|have\s+been)"
_WHO = r"(?:who|whom|which\s+(?:person|people|persons|individuals?|compan(?:y|ies)|entit(?:y|ies)|firms?|organi[sz]ations?)|what\s+(?:compan(?:y|ies)|entit(?:y|ies)|firms?|persons?|people|individuals?)|what)"
_AS = r"(?:serves?|served|acts?|acted|works?|worked|functions?)\s+as"
_DET = r"(?:(?:the|a|an|its|their)\s+)?(?:(?:current|present|sole|named|listed|existing|initial|original)\s+)?"
_OF = r"(?:of|at|for|to|in)"
_ROLE = rf"(?P<role>{_ROLE_ANY})"
_LIST = r"(?:name|list|identify|give|show|tell\s+me)(?:\s+me)?"
_NAMES_OF = r"(?:(?:the\s+)?(?:names?|identit(?:y|ies))\s+of\s+)?"

_FOUND_VERB = r"(?:co-?founded|founded|started|established|set\s+up|created|launched)"
_INC_VERB = r"(?:incorporated|organi[sz]ed|formed|registered|domiciled|chartered|established\s+under\s+the\s+laws)"
_DATE_VERB = r"(?:founded|incorporated|formed|established|organi[sz]ed|created|registered|started|set\s+up|launched)"
_PERSON_REFS = (rf"(?:the\s+)?{_ROLE}\s+(?:of|at)\s+{_X}", rf"{_X}{_POSS}\s+{_ROLE}")
_PERSON_NAME = r"(?P<name>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){1,3})"
# A person named together with the role that binds them to an entity.
_NAMED_PERSON_REFS = (
    rf"{_X}(?:{_POSS})?\s+{_DET}{_ROLE}\s+{_PERSON_NAME}",
    rf"{_PERSON_NAME},?\s+{_DET}{_ROLE}\s+(?:of|at)\s+{_X}",
    rf"{_PERSON_NAME},?\s+{_X}{_POSS}\s+{_DET}{_ROLE}",
)
_HAVE_ATTR = r"(?:what|which)\s+(?P<attr>[a-z][a-z\s]*?)\s+(?:does|did|do)\s+"
_HAVE_END = r"\s+(?:have|hold|has|had)"
_AGR_ATTR = r"(?P<attr>[a-z][a-z\s-]*?)"
# Any entity attribute the lexicon names ("ticker symbol", "EIN", "fiscal year end"): its
# question phrases are data, so an attribute added to attributes.yaml is asked without code.
_ENTITY_ATTR = "(?P<attr>" + "|".join(f"(?:{p})" for p, _ in _ENTITY_ATTRIBUTE_PHRASES) + ")"
_OFFICES = r"(?:principal\s+(?:executive\s+)?offices?|headquarters|head\s+office|main\s+office)"


class _Rule:
    def __init__(self, pattern: str, build: Callable[[dict[str, str]], SubjectClass | None]):
        self.regex = re.compile("^" + pattern + _Q, re.IGNORECASE)
        self.build = build


_RULES: tuple[_Rule, ...] = (
    # ---- yes/no claims (before the open questions they resemble)
    _Rule(
        rf"(?:is|was)\s+{_Y}\s+(?:an?\s+)?(?:wholly[-\s]owned\s+|direct\s+|indirect\s+|majority[-\s]owned\s+)?subsidiary\s+of\s+{_X}",
        _is_subsidiary,
    ),
    _Rule(
        rf"(?:is|was)\s+{_Y}\s+(?:wholly\s+|majority\s+|partly\s+)?(?:owned|controlled)\s+by\s+{_X}",
        _is_subsidiary,
    ),
    _Rule(
        rf"(?:is|was)\s+{_X}\s+(?:the\s+|a\s+)?parent(?:\s+company)?\s+of\s+{_Y}", _is_subsidiary
    ),
    _Rule(
        rf"(?:is|was)\s+{_X}\s+(?:a\s+|one\s+of\s+the\s+)?(?:contracting\s+)?part(?:y|ies)\s+(?:to|of|in)\s+{_AGR}",
        _is_party,
    ),
    _Rule(
        rf"(?:did|does|has)\s+{_X}\s+(?:sign(?:ed)?|enter(?:ed)?\s+into|execute[d]?)\s+{_AGR}",
        _is_party,
    ),
    _Rule(rf"(?:did|has)\s+{_Y}\s+(?:co-?)?found(?:ed)?\s+{_X}", _has_fixed_role("founder")),
    _Rule(rf"(?:was|is)\s+{_X}\s+(?:co-?)?founded\s+by\s+{_Y}", _has_fixed_role("founder")),
    _Rule(rf"(?:does|did)\s+{_X}\s+own\s+{_Y}", _has_fixed_role("subsidiary")),
    _Rule(
        rf"(?:is|was|does|did)\s+{_Y}\s+(?:sit|sits|serve|serves|served)?\s*on\s+(?:the\s+)?board\s+(?:of\s+directors\s+)?of\s+{_X}",
        _has_fixed_role("director"),
    ),
    _Rule(
        rf"(?:is|was)\s+{_Y}\s+(?:on|a\s+member\s+of)\s+{_X}{_POSS}\s+board(?:\s+of\s+directors)?",
        _has_fixed_role("director"),
    ),
    _Rule(
        rf"(?:is|was|does|did)\s+{_Y}\s+(?:{_AS}\s+)?(?:(?:one\s+of|among)\s+)?{_DET}{_ROLE}\s+(?:of|at|for|to)\s+{_X}",
        _has_role,
    ),
    _Rule(rf"(?:is|was)\s+{_Y}\s+{_X}{_POSS}\s+{_DET}{_ROLE}", _has_role_possessive),
    # ---- signatories and roles under agreements
    _Rule(
        rf"who\s+(?:signed|executed|signs|countersigned)\s+{_AGR}\s+(?:for|on\s+behalf\s+of|on\s+the\s+part\s+of|as\s+an?\s+authori[sz]ed\s+signatory\s+(?:for|of))\s+{_X}",
        _signatory,
    ),
    _Rule(
        rf"who\s+(?:signed|executed|signs)\s+(?:for|on\s+behalf\s+of)\s+{_X}\s+(?:on|in|under)\s+{_AGR}",
        _signatory,
    ),
    _Rule(rf"who\s+(?:signed|executed|signs|countersigned)\s+{_AGR}", _signatory),
    _Rule(
        rf"{_WHO}\s+{_BE}\s+{_DET}(?:authori[sz]ed\s+)?(?P<role>signator(?:y|ies))\s+(?:for|of)\s+{_X}\s+(?:on|to|of|under)\s+{_AGR}",
        _signatory,
    ),
    _Rule(
        rf"{_WHO}\s+{_BE}\s+{_DET}(?:authori[sz]ed\s+)?(?P<role>signator(?:y|ies)|guarantors?|escrow\s+agents?|trustees?)\s+(?:on|to|of|under|for)\s+{_AGR}",
        _agreement_role_phrase,
    ),
    _Rule(
        rf"{_WHO}\s+(?:guarantees|guaranteed|guaranties|has\s+guaranteed)\s+(?:the\s+obligations\s+(?:of\s+\S+\s+)?under\s+)?{_AGR}",
        _agreement_role("guarantor"),
    ),
    # ---- obligations
    _Rule(
        rf"what\s+(?:are|is)\s+(?:the\s+)?(?:obligations|duties|responsibilities|covenants|commitments)\s+of\s+{_X}\s+(?:under|in|pursuant\s+to|according\s+to)\s+{_AGR}",
        _obligations,
    ),
    _Rule(
        rf"what\s+(?:are|is)\s+{_X}{_POSS}\s+(?:obligations|duties|responsibilities|covenants|commitments)\s+(?:under|in|pursuant\s+to)\s+{_AGR}",
        _obligations,
    ),
    _Rule(
        rf"what\s+(?:obligations|duties|responsibilities)\s+does\s+{_X}\s+have\s+(?:under|in)\s+{_AGR}",
        _obligations,
    ),
    _Rule(
        rf"what\s+(?:must|does|shall|should)\s+{_X}\s+(?:do|provide|deliver|perform)\s+(?:under|in|pursuant\s+to)\s+{_AGR}",
        _obligations,
    ),
    _Rule(
        rf"what\s+(?:is|are)\s+{_X}\s+(?:required|obligated|obliged|bound)\s+(?:to(?:\s+do)?|by)\s+(?:under|in|pursuant\s+to)\s+{_AGR}",
        _obligations,
    ),
    _Rule(rf"what\s+does\s+{_X}\s+owe\s+{_Y}\s+(?:under|in|pursuant\s+to)\s+{_AGR}", _obligations),
    _Rule(
        rf"what\s+(?:does|do|must|shall)\s+{_X}\s+(?:undertake|agree\s+to\s+do|covenant|owe)\s+(?:under|in|pursuant\s+to)\s+{_AGR}",
        _obligations,
    ),
    _Rule(
        rf"what\s+(?:must|does|shall|should)\s+{_X}\s+do\s+as\s+(?:the\s+)?\w+(?:\s+party)?\s+(?:under|in)\s+{_AGR}",
        _obligations,
    ),
    # ---- attributes of an agreement
    _Rule(
        rf"what\s+{_AGR_ATTR}\s+(?:does|do)\s+{_AGR}\s+(?:give|grant|provide|afford|contain|set\s+out|include)(?:\s+(?:to\s+)?[^?]+)?",
        _agreement_attribute_phrase,
    ),
    _Rule(
        rf"how\s+much\s+(?:advance\s+|prior\s+)?(?:written\s+)?notice\s+(?:is\s+|must\s+be\s+)?(?:required|needed|necessary|given)?\s*(?:to\s+(?:avoid|prevent|stop|block)\s+(?:the\s+)?(?:automatic\s+)?renewal\s+of|for\s+non-?renewal\s+of|to\s+not\s+renew|to\s+cancel)\s+{_AGR}",
        _notice_for("non_renewal"),
    ),
    _Rule(rf"when\s+(?:does|will|did)\s+{_AGR}\s+mature", _agreement_fixed("maturity_date")),
    _Rule(
        rf"how\s+long\s+is\s+(?:each|the|any)\s+(?P<attr>renewal\s+(?:term|period))\s+(?:under|of|in)\s+{_AGR}",
        _agreement_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:law|laws|state{_POSS}?\s+laws?|state\s+law|jurisdiction{_POSS}?\s+laws?|jurisdiction)\s+(?:governs?|appl(?:y|ies)\s+to|controls?)\s+{_AGR}",
        _agreement_fixed("governing_law"),
    ),
    _Rule(
        rf"(?:under|by)\s+(?:what|which)\s+(?:law|laws|state{_POSS}?\s+laws?|jurisdiction{_POSS}?\s+laws?|jurisdiction)\s+(?:is|are)\s+{_AGR}\s+governed",
        _agreement_fixed("governing_law"),
    ),
    _Rule(
        rf"how\s+long\s+(?:is|does|will)\s+{_AGR}\s+(?:last|run|remain\s+in\s+(?:force|effect)|in\s+effect)?",
        _agreement_fixed("term"),
    ),
    _Rule(
        rf"how\s+long\s+(?:is|was)\s+(?:the\s+)?(?:initial\s+)?(?:term|duration)\s+of\s+{_AGR}",
        _agreement_fixed("term"),
    ),
    _Rule(
        rf"when\s+(?:does|will|did)\s+{_AGR}\s+(?:expire|end|lapse|terminate)",
        _agreement_fixed("expiration_date"),
    ),
    _Rule(
        rf"when\s+(?:is|was|does|did)\s+{_AGR}\s+(?:effective|become\s+effective|take\s+effect|come\s+into\s+force|enter\s+into\s+force|commence|start|begin)",
        _agreement_fixed("effective_date"),
    ),
    _Rule(
        rf"when\s+was\s+{_AGR}\s+(?:signed|executed|entered\s+into|dated|made)",
        _agreement_fixed("effective_date"),
    ),
    _Rule(
        rf"how\s+much\s+(?:advance\s+|prior\s+)?(?:written\s+)?notice\s+(?:is\s+|must\s+be\s+)?(?:required|needed|necessary|given)?\s*(?:to\s+terminate|for\s+(?:the\s+)?termination\s+of)\s+{_AGR}",
        _notice_for("termination"),
    ),
    _Rule(
        rf"how\s+much\s+(?:advance\s+|prior\s+)?(?:written\s+)?notice\s+(?:must|does|shall|should)\s+{_X}\s+(?:give|provide|serve)\s+(?:\w+\s+)?(?:to\s+terminate|to\s+end|for\s+(?:the\s+)?termination\s+of)\s+{_AGR}",
        _notice_for("termination"),
    ),
    _Rule(
        rf"how\s+much\s+(?:advance\s+|prior\s+)?notice\s+(?:is\s+|must\s+be\s+)?(?:required|needed|given)?\s*(?:under|in)\s+{_AGR}",
        _agreement_fixed("notice_period"),
    ),
    _Rule(
        rf"how\s+much\s+(?:advance\s+|prior\s+)?(?:written\s+)?notice\s+(?:must|does|shall|should)\s+{_X}\s+(?:give|provide)\s+(?:\w+\s+)?(?:to\s+(?:terminate|dismiss|fire)|before\s+(?:terminating|dismissing))\s+(?:its|their)\s+{_ROLE}(?:{_POSS}\s+employment)?(?:\s+(?:with|without|for)\s+cause)?",
        lambda g: _agreement_subject(
            "notice_period",
            f"employment agreement with its {g['role']}",
            party=g["x"],
            extra_constraints={"notice_for": "termination"},
        ),
    ),
    _Rule(
        rf"(?:how|when|on\s+what\s+grounds|under\s+what\s+circumstances)\s+(?:can|may)\s+{_AGR}\s+be\s+terminated",
        _agreement_fixed("termination_right"),
    ),
    _Rule(rf"(?:can|may)\s+{_X}\s+terminate\s+{_AGR}", _agreement_fixed("termination_right")),
    _Rule(
        rf"(?:can|may)\s+{_X}\s+assign\s+(?:its\s+rights\s+(?:and\s+obligations\s+)?under\s+)?{_AGR}(?:\s+without\s+(?:the\s+)?(?:other\s+party{_POSS}\s+|prior\s+)?(?:written\s+)?consent)?",
        _agreement_fixed("assignment"),
    ),
    _Rule(rf"(?:is|are)\s+{_AGR}\s+assignable", _agreement_fixed("assignment")),
    _Rule(
        rf"(?:does|will)\s+{_AGR}\s+(?:automatically\s+)?(?:renew|auto-?renew)",
        _agreement_fixed("renewal_term"),
    ),
    _Rule(
        rf"how\s+much\s+is\s+(?:the\s+)?(?:liability\s+cap|cap\s+on\s+liability|maximum\s+liability)\s+(?:under|in|of)\s+{_AGR}",
        _agreement_fixed("liability_cap"),
    ),
    _Rule(
        rf"who\s+(?:are|were)\s+(?:the\s+)?(?:contracting\s+)?parties\s+(?:to|of|in)\s+{_AGR}",
        _agreement_fixed("parties"),
    ),
    _Rule(
        rf"{_LIST}\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?(?:contracting\s+)?parties\s+(?:to|of|in)\s+{_AGR}",
        _agreement_fixed("parties"),
    ),
    _Rule(
        rf"(?:what|which)\s+(?:compan(?:y|ies)|entit(?:y|ies)|parties)\s+(?:are|were)\s+(?:the\s+)?part(?:y|ies)\s+(?:to|of)\s+{_AGR}",
        _agreement_fixed("parties"),
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+)?{_AGR_ATTR}\s+(?:of|in|under|for|on|set\s+(?:out|forth)\s+in|specified\s+in|stated\s+in|provided\s+(?:for\s+)?in|contained\s+in)\s+{_AGR}",
        _agreement_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was|were)\s+{_AGR}{_POSS}\s+{_AGR_ATTR}",
        lambda g: _agreement_attribute_phrase({"attr": g["attr"], "agr": g["agr"]}),
    ),
    # ---- attributes of a person reached through a role (before role questions)
    *(
        rule
        for ref in _PERSON_REFS
        for rule in (
            _Rule(
                rf"(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+)?(?P<attr>[a-z][a-z\s]*?)\s+of\s+{ref}",
                _person_attribute,
            ),
            _Rule(
                rf"(?:what|which)\s+(?:is|are|was|were)\s+{ref}{_POSS}\s+(?P<attr>[a-z][a-z\s]*?)",
                _person_attribute,
            ),
            _Rule(
                rf"where\s+did\s+{ref}\s+(?:study|go\s+to\s+(?:school|college|university)|attend\s+(?:school|college|university)|graduate(?:\s+from)?|get\s+(?:his|her|their)\s+degrees?|earn\s+(?:his|her|their)\s+degrees?)",
                _person_fixed("education"),
            ),
            _Rule(rf"how\s+old\s+is\s+{ref}", _person_fixed("age")),
        )
    ),
    *(
        rule
        for ref in _NAMED_PERSON_REFS
        for rule in (
            _Rule(
                rf"(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+)?(?P<attr>[a-z][a-z\s]*?)\s+of\s+{ref}",
                _named_person_attribute,
            ),
            _Rule(rf"{_HAVE_ATTR}{ref}{_HAVE_END}", _named_person_attribute),
            _Rule(
                rf"where\s+did\s+{ref}\s+(?:study|go\s+to\s+(?:school|college|university)|attend\s+(?:school|college|university)|graduate(?:\s+from)?)",
                lambda g: _named_person_attribute({**g, "attr": "education"}),
            ),
        )
    ),
    *(_Rule(rf"{_HAVE_ATTR}{ref}{_HAVE_END}", _person_attribute) for ref in _PERSON_REFS),
    _Rule(rf"{_HAVE_ATTR}{_X}{_HAVE_END}", _person_attribute),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+)?(?P<attr>[a-z][a-z\s]*?)\s+of\s+{_X}",
        _person_attribute,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was|were)\s+{_X}{_POSS}\s+(?P<attr>[a-z][a-z\s]*?)",
        _person_attribute,
    ),
    _Rule(
        rf"where\s+did\s+{_X}\s+(?:study|go\s+to\s+(?:school|college|university)|attend\s+(?:school|college|university)|graduate(?:\s+from)?)",
        _person_fixed("education"),
    ),
    # ---- attributes of an entity
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was)\s+(?:the\s+)?{_ENTITY_ATTR}\s+(?:of|for|at)\s+{_X}{_POSS}\s+{_OFFICES}",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|where)\s+is\s+(?:the\s+)?(?:street\s+)?address\s+of\s+{_X}{_POSS}\s+(?P<attr>registered\s+office|headquarters|head\s+office|principal\s+(?:place\s+of\s+business|(?:executive\s+)?offices?)|main\s+office)",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|where)\s+is\s+(?:the\s+)?(?:street\s+)?address\s+of\s+(?:the\s+)?(?P<attr>registered\s+office|headquarters|head\s+office|principal\s+(?:place\s+of\s+business|(?:executive\s+)?offices?)|main\s+office)\s+of\s+{_X}",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was)\s+{_X}{_POSS}\s+{_ENTITY_ATTR}",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|are|was)\s+(?:the\s+)?{_ENTITY_ATTR}\s+(?:of|for)\s+{_X}",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+{_ENTITY_ATTR}\s+(?:is|does)\s+{_X}(?:\s+(?:have|use|report))?",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:under|with)\s+(?:what|which)\s+{_ENTITY_ATTR}\s+(?:is|are)\s+{_X}(?:{_POSS}\s+(?:common\s+)?(?:stock|shares))?\s+(?:listed|traded|quoted)",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"when\s+does\s+{_X}{_POSS}\s+{_ENTITY_ATTR}\s+(?:end|close)",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"{_X}\s+(?:is|was)\s+{_INC_VERB}\s+(?:in|under\s+the\s+laws\s+of)\s+(?:which|what)\s+(?:state|jurisdiction|country)",
        _entity_attribute("jurisdiction_of_incorporation"),
    ),
    _Rule(
        rf"(?:what|which)\s+(?:state|jurisdiction|country)\s+(?:is|was)\s+{_X}\s+{_INC_VERB}(?:\s+in)?",
        _entity_attribute("jurisdiction_of_incorporation"),
    ),
    _Rule(
        rf"(?:where|in\s+(?:what|which)\s+(?:state|jurisdiction|country|place))\s+(?:is|was)\s+{_X}\s+{_INC_VERB}(?:\s+in)?",
        _entity_attribute("jurisdiction_of_incorporation"),
    ),
    _Rule(
        rf"under\s+(?:the\s+laws\s+of\s+)?(?:what|which)\s+(?:state|jurisdiction|country)(?:{_POSS}\s+laws?)?\s+(?:is|was)\s+{_X}\s+{_INC_VERB}",
        _entity_attribute("jurisdiction_of_incorporation"),
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|was)\s+{_X}{_POSS}\s+(?P<attr>(?:state|jurisdiction|country|place)\s+of\s+\w+|jurisdiction|domicile|(?:date|year)\s+of\s+\w+|\w+\s+(?:date|year)|registered\s+(?:office|address)(?:\s+address)?|(?:\w+\s+){{1,3}}(?:number|no\.?|id|identifier)|headquarters(?:\s+address)?|head\s+office|principal\s+[a-z\s]+?|main\s+office)",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:what|which)\s+(?:is|was)\s+(?:the\s+)?(?P<attr>(?:state|jurisdiction|country|place)\s+of\s+\w+|jurisdiction|domicile|(?:date|year)\s+of\s+\w+|\w+\s+(?:date|year)|registered\s+(?:office|address)(?:\s+address)?|(?:\w+\s+){{1,3}}(?:number|no\.?|id|identifier)|headquarters(?:\s+address)?|head\s+office|principal\s+[a-z\s]+?|main\s+office)\s+(?:of|for)\s+{_X}",
        _entity_attribute_phrase,
    ),
    _Rule(
        rf"(?:when|(?:in\s+)?what\s+year|on\s+what\s+date)\s+(?:was|were)\s+{_X}\s+{_DATE_VERB}",
        _entity_attribute("founding_date"),
    ),
    _Rule(
        rf"where\s+(?:is|was)\s+{_X}{_POSS}\s+(?:registered\s+(?:office|address))(?:\s+located)?",
        _entity_attribute("registered_office"),
    ),
    _Rule(
        rf"where\s+(?:is|are|was)\s+{_X}{_POSS}\s+(?:headquarters|head\s+office|principal\s+(?:place\s+of\s+business|(?:executive\s+)?offices?)|main\s+office)(?:\s+located)?",
        _entity_attribute("headquarters"),
    ),
    _Rule(
        rf"where\s+(?:is|are)\s+{_X}\s+(?:headquartered|based|located|head-?quartered)",
        _entity_attribute("headquarters"),
    ),
    _Rule(
        rf"(?:who|which\s+(?:firm|company|accounting\s+firm))\s+(?:audits|audited|is\s+auditing)\s+{_X}(?:{_POSS}\s+(?:financial\s+statements|accounts|books))?",
        _entity_attribute("auditor"),
    ),
    # ---- roles and relations
    _Rule(
        rf"(?:who|which\s+(?:person|individual))\s+(?:chairs|chaired|leads|heads)\s+(?:the\s+)?board(?:\s+of\s+directors)?\s+of\s+{_X}",
        _fixed_role("chair"),
    ),
    _Rule(
        rf"(?:who|which\s+(?:person|individual))\s+(?:chairs|chaired|leads|heads)\s+{_X}{_POSS}\s+board(?:\s+of\s+directors)?",
        _fixed_role("chair"),
    ),
    _Rule(
        rf"(?:who|which\s+(?:person|individual))\s+(?:runs|ran|manages|managed|leads|led|heads|headed)\s+{_X}\s+as\s+(?:its\s+|the\s+)?{_ROLE}",
        _from_role,
    ),
    _Rule(
        rf"(?:which|what)\s+(?:compan(?:y|ies)|entit(?:y|ies)|business(?:es)?|firms?)\s+(?:was|were)\s+(?:co-?)?founded\s+by\s+{_Y}",
        _founded_by,
    ),
    _Rule(
        rf"(?:which|what)\s+(?:compan(?:y|ies)|entit(?:y|ies)|business(?:es)?)\s+did\s+{_Y}\s+(?:co-?)?found",
        _founded_by,
    ),
    _Rule(
        rf"what\s+(?:stake|percentage|share|equity\s+stake|ownership\s+(?:stake|interest))\s+(?:does|did)\s+{_Y}\s+(?:hold|have|own)\s+in\s+{_X}",
        _stake,
    ),
    _Rule(
        rf"how\s+much\s+of\s+{_X}\s+(?:does|did)\s+(?:(?:co-?founder|founder|director|shareholder|stockholder|investor|ceo|cfo|cto|coo)\s+)?{_Y}\s+own",
        _stake,
    ),
    _Rule(
        rf"{_WHO}\s+{_BE}\s+{_X}{_POSS}\s+{_DET}{_ROLE}\s+in\s+(?P<where>[A-Z][^?]*)", _from_role
    ),
    _Rule(
        rf"{_WHO}\s+{_BE}\s+{_DET}{_ROLE}\s+(?:of|for)\s+{_X}\s+in\s+(?P<where>[A-Z][^?]*)",
        _from_role,
    ),
    _Rule(
        rf"(?:who|by\s+whom)\s+(?:was|were)\s+{_X}\s+(?:co-?)?founded(?:\s+by)?",
        _fixed_role("founder"),
    ),
    _Rule(
        rf"(?:who|which\s+(?:people|persons|individuals))\s+(?:{_FOUND_VERB}|originally\s+founded)\s+{_X}",
        _fixed_role("founder"),
    ),
    _Rule(
        rf"(?:who|which\s+compan(?:y|ies)|which\s+entit(?:y|ies))\s+(?:owns?|controls?|holds?\s+(?:shares|stock|equity|an\s+interest)\s+in|ha(?:s|ve)\s+(?:shares|stock|equity|an\s+ownership\s+interest)\s+in|invested\s+in)\s+{_X}",
        _fixed_role("shareholder"),
    ),
    _Rule(
        rf"(?:what|which)\s+(?:compan(?:y|ies)|entit(?:y|ies)|subsidiaries|businesses)\s+(?:does|did)\s+{_X}\s+(?:own|control|have)",
        _fixed_role("subsidiary"),
    ),
    _Rule(rf"does\s+{_X}\s+have\s+(?:any\s+)?subsidiaries", _fixed_role("subsidiary")),
    _Rule(
        rf"(?:who|which\s+(?:people|persons|individuals))\s+(?:sits?|serves?|are|is)\s+on\s+(?:the\s+)?board(?:\s+of\s+directors)?\s+of\s+{_X}",
        _fixed_role("director"),
    ),
    _Rule(
        rf"(?:who|which\s+(?:people|persons|individuals))\s+(?:sits?|serves?|are|is)\s+on\s+{_X}{_POSS}\s+board(?:\s+of\s+directors)?",
        _fixed_role("director"),
    ),
    _Rule(
        rf"(?:who|what)\s+(?:is|are)\s+(?:the\s+)?(?:members|composition)\s+of\s+{_X}{_POSS}\s+board(?:\s+of\s+directors)?",
        _fixed_role("director"),
    ),
    _Rule(rf"{_WHO}\s+(?:{_BE}|{_AS})\s+{_DET}{_NAMES_OF}{_DET}{_ROLE}\s+{_OF}\s+{_X}", _from_role),
    _Rule(rf"{_WHO}\s+(?:{_BE}|{_AS})\s+{_X}{_POSS}\s+{_DET}{_ROLE}", _from_role),
    _Rule(rf"{_WHO}\s+(?:{_BE}|{_AS})\s+{_DET}{_ROLE}\s+{_OF}\s+{_X}", _from_role),
    _Rule(rf"{_LIST}\s+(?:all\s+)?{_NAMES_OF}{_DET}{_ROLE}\s+{_OF}\s+{_X}", _from_role),
    _Rule(rf"{_LIST}\s+(?:all\s+(?:of\s+)?)?{_X}{_POSS}\s+{_ROLE}", _from_role),
    _Rule(rf"{_X}{_POSS}\s+{_DET}{_ROLE}", _from_role),
    _Rule(rf"(?:the\s+)?{_ROLE}\s+of\s+{_X}", _from_role),
)
