"""Plain-word NDA claims read only of their object class (review of session 39, D2-D6): a
question's everyday verb names a claim only where what it acts on is that claim's thing.

- D2. "let Acme know" is telling Acme: the one who lets it know is the actor of the notice;
- D3. a party's people who see, review or get access name sharing only where what they see is
  the information, never a building, a budget, bonuses or their own books;
- D4. rights, interests or title asked are the licence claim's only in the information or the
  discloser's IP, never "under the lease", "in the venture", "to the furniture";
- D5. a negation before the modal ("not permitted to announce the deal") is the claim itself;
- D6. taking apart is reverse engineering only of a thing supplied, using "only for" is the
  purpose limit only of the information, lasting past the end is survival only of duties,
  replicating or scanning is copying only of the information.

Every template is filled with several namings of each party (names, short names, lower case,
"&"), and read as written and in lower case. None is a bench phrasing."""

from __future__ import annotations

import pytest

from skill import parse_subject, read_claim

_NDA = parse_subject(
    {
        "type": "agreement",
        "attribute": "obligations",
        "constraints": {"parties": ["Acme Corp", "Beta & Co."]},
    }
)
# (each naming of the recipient with the party it names)
_RECIPIENTS = {"Beta & Co.": "Beta & Co.", "Beta": "Beta & Co.", "the Recipient": None}
_DISCLOSERS = ["Acme Corp", "Acme", "the discloser"]


def _variants(template: str) -> list[tuple[str, str | None]]:
    out = []
    for r, party in _RECIPIENTS.items():
        for d in _DISCLOSERS:
            q = template.format(r=r, d=d, rs=f"{r}'s", ds=f"{d}'s")
            out.extend([(q, party), (q.lower(), party)])
    return out


def _read(question: str) -> tuple[str, bool] | None:
    claim = read_claim(question, _NDA)
    return None if claim is None else (claim.entry.name, claim.negated)


@pytest.mark.parametrize(
    "template",
    [
        "Must {r} let {d} know if a court orders it to hand over the files?",
        "Shall {r} let {d} know when a regulator demands the data?",
        "Should {r} let {d} know quickly if the police seek the documents?",
    ],
)
def test_letting_know_is_the_notifier_acting(template: str) -> None:
    for question, party in _variants(template):
        claim = read_claim(question, _NDA)
        assert claim is not None and claim.entry.name == "notice_of_compelled_disclosure"
        if party is not None:
            assert claim.actor == party, question


@pytest.mark.parametrize(
    ("template", "claim"),
    [
        # D3: the people see something other than the information
        ("Can {rs} employees receive a pay rise?", "sharing_with_employees"),
        ("May {rs} staff get access to the car park?", "sharing_with_employees"),
        ("Can {rs} officers review the annual budget?", "sharing_with_employees"),
        ("May {rs} auditors examine its own ledgers?", "sharing_with_advisors"),
        ("Can {r} send a bill to {ds} lawyers?", "sharing_with_advisors"),
        ("May {rs} consultants see the new office?", "sharing_with_advisors"),
        # D4: rights in something other than the information or the discloser's IP
        ("Does {r} get any rights under the lease?", "no_license_granted"),
        ("Does {r} hold an interest in the new venture?", "no_license_granted"),
        ("Does {r} acquire title to the office furniture?", "no_license_granted"),
        # D6: taken apart, used only for, outlasting, replicated: another thing
        ("Can {r} dismantle the machinery when the lease ends?", "reverse_engineering"),
        ("May {r} pull the contract apart?", "reverse_engineering"),
        ("Can {r} use the warehouse solely for storage?", "use_limited_to_purpose"),
        ("May {r} use {ds} logo only in Europe?", "use_limited_to_purpose"),
        ("Does the rent still apply once the term is over?", "survival"),
        ("Do the fees outlast the contract?", "survival"),
        ("Can {r} replicate the experiment?", "copying_information"),
        ("May {r} scan the barcodes?", "copying_information"),
    ],
)
def test_another_object_names_no_claim(template: str, claim: str) -> None:
    for question, _ in _variants(template):
        read = _read(question)
        assert read is None or read[0] != claim, question


@pytest.mark.parametrize(
    ("template", "want"),
    [
        # the information as the object still reads the claim
        ("May {rs} advisers read the data?", ("sharing_with_advisors", False)),
        ("Can {rs} managers get access to the information?", ("sharing_with_employees", False)),
        ("Does {r} obtain a licence to {ds} know-how?", ("no_license_granted", True)),
        ("May {r} take {ds} devices apart?", ("reverse_engineering", True)),
        ("Can {r} use the documents solely for the review?", ("use_limited_to_purpose", False)),
        ("Do the duties of confidence outlast the NDA?", ("survival", False)),
        ("May {r} replicate {ds} drawings?", ("copying_information", False)),
        # D5: a negation before the modal is the claim; none, its negation
        (
            "Is {r} not permitted to publicize the transaction?",
            ("agreement_kept_confidential", False),
        ),
        (
            "Is {r} never allowed to talk about the negotiations?",
            ("agreement_kept_confidential", False),
        ),
        ("Is {r} permitted to publicize the transaction?", ("agreement_kept_confidential", True)),
    ],
)
def test_the_information_as_object_reads_the_claim(template: str, want: tuple[str, bool]) -> None:
    for question, _ in _variants(template):
        assert _read(question) == want, question
