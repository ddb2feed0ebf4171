"""The checks' door (core/checks/door.py) on a real SQLite store: the stored list, the
Principal's edits, the review card's order; and the checks table itself (store/checks.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from aipa.core.checks.door import ChecksDoor
from aipa.core.checks.find import find_checks
from aipa.core.checks.measure import measure_all
from aipa.store.store import Store

DIRECTIVE = "Use exactly 3 bullet points, keep it under 60 words, and finish with the exact sentence: Thanks, everyone."


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "aipa.db") as store:
        yield store


def _run(store) -> str:
    return store.create_run(store.create_session("t"), DIRECTIVE)


def test_checks_are_stored_in_order_and_read_back_as_they_were(store):
    run_id = _run(store)
    checks = measure_all(find_checks(DIRECTIVE), "- a\n- b\n\nBye.")
    store.save_checks(run_id, [c.to_dict() for c in checks])
    door = ChecksDoor(SimpleNamespace(store=store))  # the door reads only the parts' store
    assert door.of_run(run_id) == checks
    assert [c["passed"] for c in store.checks(run_id)] == [False, True, False]
    store.save_checks(run_id, [])
    assert door.of_run(run_id) == []


def test_the_checks_go_with_their_run(store):
    run_id = _run(store)
    store.save_checks(run_id, [c.to_dict() for c in find_checks(DIRECTIVE)])
    session_id = store.get_run(run_id).session_id
    store.delete_session(session_id)
    assert store.checks(run_id) == []


def test_the_principal_adds_and_removes_checks(store):
    run_id = _run(store)
    store.save_checks(run_id, [c.to_dict() for c in find_checks(DIRECTIVE)])
    door = ChecksDoor(SimpleNamespace(store=store))
    edited = door.edit(run_id, add=("must mention the deposit",), remove=("words",))
    assert [c.id for c in edited] == ["bullets", "ending", "j1"]
    assert [c.id for c in door.of_run(run_id)] == ["bullets", "ending", "j1"]
    assert [c.id for c in door.principal(edited)] == ["j1"]


def test_the_review_card_order_and_words(store):
    door = ChecksDoor(SimpleNamespace(store=store))
    checks = measure_all(find_checks(DIRECTIVE), "- a\n- b\n- c\n\nBye.")
    assert [c.id for c in door.failed_first(checks)] == ["ending", "bullets", "words"]
    assert door.line(checks[0]) == "✓ bullets (exactly 3 bullet points): 3 bullet points; 3 asked"
    assert door.revising_words(["ending"]) == "revising: 1 check failed: ending"
    assert [c.id for c in door.preview(DIRECTIVE, added=("covers the budget",))] == ["bullets", "words", "ending", "j1"]


def test_the_rounds_that_sent_a_run_back(store):
    """The review card's "Sent back twice: bullets, ending; words": each earlier revision
    the checks sent back, with its failed ids; a run never sent back has none."""
    door = ChecksDoor(SimpleNamespace(store=store))
    first = _run(store)
    assert door.sent_back(first) == []
    session = store.get_run(first).session_id
    second = store.create_run(session, DIRECTIVE, parent_id=first, revision=2)
    third = store.create_run(session, DIRECTIVE, parent_id=second, revision=3)
    store.save_checkpoint(first, "revised", {"round": 1, "failed": ["bullets", "ending"], "to": second})
    store.save_checkpoint(second, "revised", {"round": 2, "failed": ["words"], "to": third})
    assert door.sent_back(third) == [["bullets", "ending"], ["words"]]
    assert door.sent_back(second) == [["bullets", "ending"]]
