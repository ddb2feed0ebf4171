import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aipa.errors import StoreError
from aipa.store import MessageRecord, Store
from aipa.store.messages import fts_query


def test_add_and_read_messages(store, session_id, run_id):
    first = store.add_message(session_id, "user", "Plan an offsite")
    second = store.add_message(
        session_id,
        "assistant",
        "Delegating.",
        agent="Miranda",
        thinking="hmm",
        run_id=run_id,
        task_id="T-20261129-001-A",
        kind="status",
    )
    assert second > first
    records = store.messages(session_id)
    assert [m.id for m in records] == [first, second]
    m = records[1]
    assert isinstance(m, MessageRecord)
    assert (m.session_id, m.role, m.content, m.agent, m.thinking, m.run_id, m.task_id, m.kind) == (
        session_id,
        "assistant",
        "Delegating.",
        "Miranda",
        "hmm",
        run_id,
        "T-20261129-001-A",
        "status",
    )
    assert records[0].agent == "" and records[0].kind == "message" and records[0].run_id is None


def test_messages_filter_by_agent_and_limit_keeps_most_recent(store, session_id):
    ids = [store.add_message(session_id, "assistant", f"m{i}", agent="Atlas" if i % 2 else "Cole") for i in range(6)]
    assert [m.id for m in store.messages(session_id, limit=2)] == ids[-2:]
    assert [m.content for m in store.messages(session_id, agent="Atlas")] == ["m1", "m3", "m5"]
    assert [m.content for m in store.messages(session_id, agent="Atlas", limit=2)] == ["m3", "m5"]


def test_add_message_to_missing_session_is_refused(store):
    with pytest.raises(StoreError, match="add a message"):
        store.add_message("S-19990101-001", "user", "hi")


def test_update_message_and_search_follow_the_new_content(store, session_id):
    mid = store.add_message(session_id, "assistant", "draft about venues", thinking="t0")
    store.update_message(mid, "final answer about catering")
    assert store.messages(session_id)[0].thinking == "t0"
    store.update_message(mid, "final answer about catering", thinking="t1")
    assert store.messages(session_id)[0].thinking == "t1"
    assert store.search_messages("venues") == []
    assert [m.id for m in store.search_messages("catering")] == [mid]
    with pytest.raises(StoreError, match="no such message"):
        store.update_message(999, "x")


def test_search_terms_are_anded_prefix_matched_and_ranked(store, session_id):
    a = store.add_message(session_id, "user", "offsite venues near the lake")
    b = store.add_message(session_id, "user", "lake lake lake offsite")
    store.add_message(session_id, "user", "catering budget")
    assert {m.id for m in store.search_messages("offsite lake")} == {a, b}
    assert [m.id for m in store.search_messages("ven")] == [a]
    assert store.search_messages("lake")[0].id == b  # more hits rank first
    assert len(store.search_messages("lake", limit=1)) == 1
    assert store.search_messages("") == []
    assert store.search_messages("   ") == []


@pytest.mark.parametrize(
    "query",
    [
        '"',
        '""',
        'say "hi',
        "AND",
        "OR NOT",
        "NEAR(a b",
        "a NEAR/2 b",
        "*",
        "foo*bar",
        "-x",
        "^start",
        "content:lake",
        "((((",
        "a OR b AND",
        "'",
        "\\",
        "\x00",
        "🙂",
        "col:",
        "{a b}",
        "+",
        "a + b",
    ],
)
def test_search_survives_fts_syntax(store, session_id, query):
    store.add_message(session_id, "user", 'she said "hi" AND left (early) -x ^start content:lake')
    assert isinstance(store.search_messages(query), list)


def test_search_treats_operators_as_words(store, session_id):
    mid = store.add_message(session_id, "user", 'quote "hi" then NEAR the AND gate')
    store.add_message(session_id, "user", "unrelated")
    assert [m.id for m in store.search_messages('"hi"')] == [mid]
    assert [m.id for m in store.search_messages("NEAR AND")] == [mid]


def test_fts_query_quotes_every_term():
    assert fts_query('a "b" c*') == '"a"* """b"""* "c*"*'
    assert fts_query("!!! ???") == ""


@pytest.fixture(scope="module")
def seeded_store(tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("fts") / "aipa.db")
    session_id = store.create_session()
    for text in ["alpha beta", 'quoted "gamma" delta', "NEAR AND OR NOT", "ünïcödé 漢字 text"]:
        store.add_message(session_id, "user", text)
    yield store
    store.close()


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_search_never_raises_on_arbitrary_text(seeded_store, query):
    results = seeded_store.search_messages(query)
    assert all(isinstance(m, MessageRecord) for m in results)
