"""The citation audit, measured (core/material/cited_numbers.py): a number in a claim that
cites the material must appear in the cited passage."""

from __future__ import annotations

from aipa.core.material.cited_numbers import claims, unsupported

PASSAGES = {
    ("lease.pdf", "p. 2"): "A deposit of EUR 12.500 is payable on signing. Rent is due on the 5th.",
    ("lease.pdf", "p. 5"): "The term is 24 months.",
}


def passage(name: str, place: str) -> str:
    return PASSAGES.get((name, place), "")


def test_claims_are_the_sentences_and_items_that_cite():
    text = "# Lease\n\n- The deposit is 12,500 EUR [lease.pdf, p. 2].\nIt runs 24 months [lease.pdf, p. 5]. Uncited 7."
    assert claims(text) == ["The deposit is 12,500 EUR [lease.pdf, p. 2].", "It runs 24 months [lease.pdf, p. 5]."]


def test_a_number_the_passage_holds_passes_whatever_its_separators():
    assert unsupported("The deposit is 12,500 EUR [lease.pdf, p. 2].", passage) == (1, [])


def test_a_number_the_passage_lacks_is_named():
    checked, problems = unsupported(
        "Rent is due on day 3 [lease.pdf, p. 2]. The term is 36 months [lease.pdf, p. 5].", passage
    )
    assert checked == 2
    assert problems == ["“3” is not in [lease.pdf, p. 2]", "“36” is not in [lease.pdf, p. 5]"]


def test_the_place_in_the_citation_is_no_claim_and_a_citation_to_nothing_is_skipped():
    assert unsupported("See the lease [lease.pdf, p. 2].", passage) == (0, [])
    assert unsupported("It costs 99 [other.pdf, p. 1].", passage) == (0, [])
