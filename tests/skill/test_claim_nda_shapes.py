"""The NDA claim reader on the shapes non-disclosure clauses take beyond the ContractNLI
development NDAs (issue 34: the held-out half's "the contract states it, we say Not stated"),
written from the word classes of domain/lexicon/propositions.yaml (`word_classes`):

- a use limited to the purpose: forbidden "for any other purpose", "for any purpose not
  permitted", "save for" it, by "refrain from" or "prohibited from", however far the forbidding
  word stands from the verb; "shall only use"; the use as a noun confined ("Beta's use of the
  figures shall be limited to the audit", also as a clause of its own after a negated one);
  no right to use but for the purpose;
- notice of a compelled disclosure: compelled by an order, a demand or a legal requirement,
  the notice owed on the provisos "so long as", "subject to prior notice", "after giving notice";
- access to the information or its disclosure confined to employees, as the sentence's subject;
- the information defined as of every nature ("non-technical", "technical or otherwise", a
  quoted term meaning "all non-public information"): not technical information only;
- the agreement's terms and conditions or provisions deemed or counted confidential;
- no right given to the information, by any verb of giving ("confer", "give", "vest"), however
  far the denial stands; a promise with an adverb before its "to" ("agrees promptly to return").

Generated variants (parties, possessives, "&", case, synonyms), read by the real reader of the
real lexicon, no ingest; and the negations and near misses that must stay unread."""

from __future__ import annotations

import pytest

from tests.skill.claim_reading import capitalized, holds

_PARTIES = [("Beta", "Acme"), ("O'Brien & Sons", "Smith-Jones LLC"), ("the Receiver", "Northgate")]
_DATA = ["the figures", "any data of {b}", "{b}'s Secret Data"]


def _fill(template: str, a: str, b: str, data: str) -> str:
    return capitalized(template.format(a=a, b=b, data=data.format(b=b)))


_LIMITED_USE = [
    "{a} shall not use {data} for any other purpose.",
    "{a} will not exploit {data} for any further purpose whatsoever.",
    "{a} shall not make use of {data} for any purpose not permitted by this contract.",
    "{a} shall refrain from utilising {data} for any purpose save for the audit.",
    "{a} is prohibited from using {data} except for the audit.",
    "{a} shall not, during the term of this contract or for two (2) years after it, without the "
    "written consent of {b}, use {data} for any purpose other than the audit.",
    "{a} shall only use {data} to assess the proposed audit.",
    "{a}'s use of {data} shall be limited to the audit.",
    "Any utilisation of {data} by {a} will be strictly confined to the audit.",
    "{a} shall keep {data} secret, and its use of {data} shall be restricted to the audit.",
    "Nothing herein gives {a} any right to use {data} except for the audit.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        _fill(t, a, b, d)
        for i, t in enumerate(_LIMITED_USE)
        for (a, b), d in [(_PARTIES[i % 3], _DATA[i % 3]), (_PARTIES[(i + 1) % 3], _DATA[0])]
    ],
)
def test_a_use_limited_in_other_words_is_read(sentence: str) -> None:
    assert holds("use_limited_to_purpose", sentence) is True
    assert holds("use_limited_to_purpose", sentence.lower()) is True
    # a use left free, or no use at all, is no limit of it
    for free in _FREE_USE:
        assert holds("use_limited_to_purpose", free) is None


_FREE_USE = (
    "Beta may use the figures for any purpose.",
    "Beta may use the figures for any other purpose it chooses.",
    "Beta's use of the figures shall not be limited to the audit.",
    "Beta shall not disclose the figures to persons employed by it except those who need them.",
    "Beta shall not be liable for any loss of data, save for loss caused by its negligence.",
)


_NOTICE = [
    "If {a} is ordered by a court to disclose {data}, {a} shall notify {b} at once.",
    "{a} may disclose {data} as required by law, subject to prior written notice to {b}.",
    "{a} may disclose {data} pursuant to a subpoena, after giving {b} prompt notice.",
    "If any governmental authority demands disclosure of {data}, {a} shall give notice to {b} "
    "before complying.",
    "{a} shall advise {b} promptly of any legal requirement to disclose {data}.",
    "{a} may release {data} when required by a regulator, so long as it gives {b} not less "
    "than ten (10) days' written notice.",
]


@pytest.mark.parametrize(
    "sentence",
    [_fill(t, a, b, d) for t in _NOTICE for (a, b), d in zip(_PARTIES[:2], _DATA[1:], strict=True)],
)
def test_a_notice_owed_on_a_compelled_disclosure_is_read(sentence: str) -> None:
    assert holds("notice_of_compelled_disclosure", sentence) is True
    # a notice waived, or owed for another event, is not the duty
    for other, read in _NO_DUTY:
        assert holds("notice_of_compelled_disclosure", other) is read


_NO_DUTY = (
    ("Beta may disclose the figures as required by law without notice to Acme.", False),
    (
        "Beta may disclose the figures as required by law, provided that no notice shall be "
        "required.",
        False,
    ),
    ("Beta shall notify Acme of any unauthorized disclosure of the figures.", None),
)


@pytest.mark.parametrize(
    "sentence",
    [
        "Access to {data} shall be limited to {a}'s employees who need such access for the audit.",
        "availability of {data} is restricted to {a}'s officers and staff.",
        "Disclosure of {data} to {a}'s personnel is permitted where they need it for the audit.",
    ],
)
@pytest.mark.parametrize(("a", "b"), _PARTIES[:2])
def test_access_confined_to_employees_as_the_subject_allows_them(
    sentence: str, a: str, b: str
) -> None:
    assert holds("sharing_with_employees", _fill(sentence, a, b, _DATA[1])) is True
    # a disclosure to them refused is no permission
    refused = "Disclosure of the figures to employees of Beta is not permitted."
    assert holds("sharing_with_employees", refused) is not True


@pytest.mark.parametrize(
    "sentence",
    [
        '"Secret Data" means all non-public information of {b}.',
        "The term Proprietary Information includes all non-public information about {b}.",
        '"{b} Information" shall mean any know-how and data (technical or non-technical) '
        "disclosed by {b}.",
        "Confidential Information means the data of {b}, whether technical, commercial or "
        "otherwise.",
        "Confidential Information means all technical and non-technical information of {b}.",
    ],
)
def test_information_of_every_nature_is_not_technical_only(sentence: str) -> None:
    for b in ("Acme", "Smith-Jones LLC"):
        assert holds("technical_information_only", sentence.format(b=b)) is False
    # support of every kind is no definition of what is protected
    support = "Acme shall provide technical and business support to Beta."
    assert holds("technical_information_only", support) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "The terms and conditions of this Agreement are strictly confidential.",
        "the provisions of this contract shall be deemed Confidential Information of {a} and {b}.",
        "Confidential Information shall also include the terms and conditions of this Agreement.",
        "(c) the terms and conditions of this Agreement;",
    ],
)
def test_the_agreement_s_terms_kept_confidential_in_other_words(sentence: str) -> None:
    for a, b in _PARTIES[:2]:
        assert holds("agreement_kept_confidential", sentence.format(a=a, b=b)) is True


@pytest.mark.parametrize(
    ("sentence", "a", "b"),
    [
        (
            "Nothing in this contract, nor any disclosure of data by either party to the other "
            "before or after the date on which it is signed, shall operate to confer any rights "
            "upon {a} in the data of {b}.",
            "Beta",
            "Acme",
        ),
        ("such access shall in no way give {a} the right to any of {b}'s figures.", *_PARTIES[1]),
        (
            "this contract shall not be construed as giving {a} any licence, title or interest in "
            "the figures of {b}.",
            *_PARTIES[2],
        ),
    ],
)
def test_no_right_given_to_the_information_in_other_verbs(sentence: str, a: str, b: str) -> None:
    assert holds("no_license_granted", capitalized(sentence.format(a=a, b=b))) is True
    # a right to something else refused is no statement of it
    other = "Beta shall not give any third party access rights to its systems."
    assert holds("no_license_granted", other) is None


@pytest.mark.parametrize(("a", "b"), _PARTIES[:2])
def test_a_promise_with_an_adverb_before_its_to_is_a_duty(a: str, b: str) -> None:
    sentence = (
        f"Upon request, or upon termination of this contract, {a} agrees promptly to return or "
        f"destroy all data of {b}."
    )
    assert holds("return_on_termination", sentence) is True
