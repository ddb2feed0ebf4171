"""The sessions' Trash in the store (schema v8): a trashed session keeps its rows, leaves
the list and search, comes back on restore, and goes for good when the Trash is emptied
(all of it, or what was put there before a time)."""

from datetime import timedelta

import pytest

from aipa.errors import StoreError
from aipa.store.messages import MARK_END, MARK_START

from .conftest import START


def test_a_trashed_session_leaves_the_list_and_search_and_comes_back(store, clock):
    kept = store.create_session("kept")
    gone = store.create_session("gone")
    store.add_message(gone, "user", "the kayak rental by the lake")
    store.trash_session(gone)

    assert [s.id for s in store.list_sessions()] == [kept]
    assert store.search_messages("kayak") == []
    (trashed,) = store.list_trash()
    assert trashed.id == gone and trashed.deleted_at is not None
    assert store.messages(gone)[0].content.startswith("the kayak")  # its rows stay

    store.restore_session(gone)
    assert {s.id for s in store.list_sessions()} == {kept, gone}
    assert store.get_session(gone).deleted_at is None
    assert [m.session_id for m in store.search_messages("kayak")] == [gone]
    assert store.list_trash() == []


def test_emptying_the_trash_deletes_for_good_and_before_a_time_only_the_older(store, clock):
    old = store.create_session("old")
    new = store.create_session("new")
    run = store.create_run(old, "a directive")
    clock.set(START)
    store.trash_session(old)
    clock.set(START + timedelta(days=31))
    store.trash_session(new)

    assert store.empty_trash(before=START + timedelta(days=30)) == 1
    assert store.get_session(old) is None and store.get_run(run) is None
    assert [s.id for s in store.list_trash()] == [new]
    assert store.empty_trash() == 1
    assert store.list_trash() == [] and store.get_session(new) is None


def test_trash_and_restore_name_a_missing_session(store):
    with pytest.raises(StoreError):
        store.trash_session("S-19990101-001")
    with pytest.raises(StoreError):
        store.restore_session("S-19990101-001")


def test_search_snippets_mark_the_matched_words(store, session_id):
    text = " ".join(["filler"] * 40) + " we booked kayaks for the offsite " + " ".join(["more"] * 40)
    store.add_message(session_id, "user", text)
    ((message, snip),) = store.search_snippets("kayak offsite")
    assert message.session_id == session_id
    assert f"{MARK_START}kayaks{MARK_END}" in snip and f"{MARK_START}offsite{MARK_END}" in snip
    assert snip.startswith("…") and snip.endswith("…") and len(snip) < len(text) // 3
