"""The shipped `aipa eval` suite (resources/eval/suite.toml) is itself tested: it parses,
it is big and varied enough, its documents exist, and the finder finds exactly the
measured checks each entry expects (no more, no fewer)."""

from __future__ import annotations

from collections import Counter

import pytest

from aipa.core.checks.eval_suite import load, shipped
from aipa.core.checks.find import find_checks

SUITE = load()


def test_the_shipped_suite_parses_and_is_big_and_varied():
    assert SUITE.path == shipped() and len(SUITE.entries) >= 40
    assert len({e.id for e in SUITE.entries}) == len(SUITE.entries)
    with_documents = [e for e in SUITE.entries if e.attach]
    assert len(with_documents) >= 3 and all(p.is_file() for e in with_documents for p in e.attach)
    kinds = Counter(k for e in SUITE.entries for k in e.expect)
    assert len(kinds) >= 18, kinds  # most measured families are asked for
    assert all(e.expect for e in SUITE.entries)  # every directive has something to measure
    phrasings = {e.text.split()[0] for e in SUITE.entries}
    assert len(phrasings) >= 15  # not one template with the numbers changed


@pytest.mark.parametrize("entry", SUITE.entries, ids=lambda e: e.id)
def test_the_finder_finds_each_entrys_expected_checks(entry):
    found = Counter(str(c.kind) for c in find_checks(entry.text))
    assert found == Counter(entry.expect), f"{entry.id}: found {sorted(found.elements())}"


def test_limited_takes_the_first_entries():
    assert [e.id for e in SUITE.limited(2).entries] == [e.id for e in SUITE.entries[:2]]
    assert SUITE.limited(None).entries == SUITE.entries and SUITE.limited(0).entries == SUITE.entries
