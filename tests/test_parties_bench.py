"""bench/parties scores a gold party found when a bound name has its key: a person's honorific
and degree are no part of who the party is ("Dr. George D. Green" is the person bound as
"George D. Green"); a company's words stay ("Dr Pepper Snapple Group, Inc." is no "Pepper
Snapple Group")."""

from __future__ import annotations

import pytest

from bench.parties import _key


@pytest.mark.parametrize(
    ("gold", "bound"),
    [
        ("Dr. George D. Green", "George D. Green"),
        ("DR GEORGE D. GREEN", "George D. Green"),
        ("Michael T. Murray, N.D", "Michael T. Murray"),
        ("Michael T. Murray, N.D.", "MICHAEL T. MURRAY"),
        ("Ms. Jane Roe", "Jane Roe"),
        ("Jane Roe, Esq.", "Jane Roe"),
        ("Prof. Ada Byrne, Ph.D.", "Ada Byrne"),
    ],
)
def test_a_persons_honorific_and_degree_are_folded(gold: str, bound: str) -> None:
    assert _key(gold) == _key(bound)


@pytest.mark.parametrize(
    ("gold", "bound"),
    [
        ("Dr Pepper Snapple Group, Inc.", "Pepper Snapple Group, Inc."),
        ("George D. Green", "George D. Greene"),
        ("Mr. Jane Roe", "Jane Rowe"),
    ],
)
def test_other_names_stay_apart(gold: str, bound: str) -> None:
    assert _key(gold) != _key(bound)


@pytest.mark.parametrize("split", ["dev", "eval", "pdf"])
def test_misses_are_never_printed_for_the_evaluation_split(
    split: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # `--misses` lists a contract's misses to tune on; the held-out (eval) contracts' are not read,
    # nor the real PDFs' (the pdf set: 68 of its 70 contracts are the eval ones).
    from bench.parties import Contract, GoldParty, Outcome, _details

    gold = GoldParty("Zorblax Industries, Inc.", ("Zorblax Industries, Inc.",), ("Zorblax",))
    contract = Contract(name=f"{split}-contract", split=split, parties=[gold], redacted=0)
    _details(
        [Outcome(contract, bound=[], found=[False], alias_found=[("Zorblax", gold.name, False)])]
    )
    printed = capsys.readouterr().out
    if split in ("eval", "pdf"):
        assert printed == ""
    else:
        assert "MISS Zorblax Industries, Inc." in printed and "ALIAS MISS 'Zorblax'" in printed
