"""A press release whose dateline lists no ticker: its headline ("Amcor reports fiscal 2023
results") and its own "About Amcor" section together name the issuer, bound as the release's
registrant under the release's full legal name when it prints one. Real PDFs; names, verbs
and layouts generated, none a real release's wording."""

from __future__ import annotations

import pytest

from ingest import BindingExtractor, PdfParser
from tests.pdfs import Line, make_pdf, paragraph

_BODY = (
    "Net sales of $4,210 million were in line with the prior year on a comparable constant "
    "currency basis. Adjusted free cash flow was $612 million. The board declared a quarterly "
    "dividend of 12.5 cents per share."
)


def _release(headline: str, about: str | None, legal: str | None) -> bytes:
    first = [Line(headline, size=14, bold=True), *paragraph(_BODY)]
    last: list[Line] = []
    if about is not None:
        last += [Line(about, bold=True, gap=12), *paragraph("A global maker of packaging.")]
    if legal is not None:
        last += [Line(f"{legal} registered office: 83 Tower Road North, Bristol", gap=12)]
    return make_pdf([first, last or [Line("Contact: investors")]])


def _registrants(pdf: bytes) -> set[str]:
    doc = PdfParser(isolate=False).run(pdf, "release.pdf")
    return {b.subject_name for b in BindingExtractor().run(doc).bindings if b.role == "registrant"}


_NAMES = ("Harbourline", "Verity Foods", "Kestrel & Marsh", "North-Star Packaging")
_VERBS = ("reports", "announces", "posts", "delivers")


# Each name with one verb: the pairs cover every name and verb once.
@pytest.mark.parametrize(("name", "verb"), list(zip(_NAMES, _VERBS, strict=True)))
def test_the_headline_issuer_with_its_about_section_is_the_registrant(name: str, verb: str) -> None:
    pdf = _release(f"{name} {verb} fiscal 2023 results", f"About {name}", None)
    assert _registrants(pdf) == {name}


@pytest.mark.parametrize("form", ["plc", "Inc.", "Limited", "N.V."])
def test_the_release_s_full_legal_name_is_the_one_bound(form: str) -> None:
    pdf = _release(
        "Harbourline reports second quarter results", "About Harbourline", f"Harbourline {form}"
    )
    assert _registrants(pdf) == {f"Harbourline {form}"}


def test_a_headline_without_its_about_section_binds_nothing() -> None:
    # One statement alone (a headline may report another company's news) is not enough.
    assert _registrants(_release("Harbourline reports fiscal 2023 results", None, None)) == set()


def test_an_about_section_of_another_company_binds_nothing() -> None:
    pdf = _release("Harbourline announces second quarter results", "About Verity Foods", None)
    assert _registrants(pdf) == set()


def test_a_headline_with_no_reporting_verb_binds_nothing() -> None:
    pdf = _release("Harbourline fiscal 2023 results", "About Harbourline", None)
    assert _registrants(pdf) == set()
