"""Upgrades keep user data. tests/fixtures/ holds one database per schema
version that a release shipped (made by tests/fixtures/make_schema_db.py). Each,
copied into a fresh data folder as an older install would have left it, is opened by
this release's ``aipa`` (migrated with a backup first when older) and still lists
every session and run, with their messages and tasks."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from aipa.store import SCHEMA_VERSION, Store
from aipa.store.store import backup_path
from tests.support.cli import aipa_json

FIXTURES = sorted(
    (Path(__file__).parent / "fixtures").glob("aipa-schema-*.db"), key=lambda p: int(p.stem.rsplit("-", 1)[1])
)


def version_of(fixture: Path) -> int:
    return int(fixture.stem.rsplit("-", 1)[1])


def contents(db: Path) -> dict:
    """What the file holds, read with plain SQL (not with the Store under test)."""
    con = sqlite3.connect(db)
    try:
        return {
            "sessions": {row[0] for row in con.execute("SELECT id FROM sessions")},
            "runs": {row[0]: (row[1], row[2]) for row in con.execute("SELECT id, session_id, status FROM runs")},
            "messages": dict(con.execute("SELECT session_id, count(*) FROM messages GROUP BY session_id").fetchall()),
            "tasks": dict(con.execute("SELECT run_id, count(*) FROM tasks GROUP BY run_id").fetchall()),
        }
    finally:
        con.close()


def test_the_newest_fixture_is_this_releases_schema():
    assert FIXTURES, "no tests/fixtures/aipa-schema-*.db"
    assert version_of(FIXTURES[-1]) == SCHEMA_VERSION, (
        f"the schema is at version {SCHEMA_VERSION}: run tests/fixtures/make_schema_db.py and commit "
        f"tests/fixtures/aipa-schema-{SCHEMA_VERSION}.db beside the older ones"
    )


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.name)
def test_an_upgrade_keeps_every_session_and_run(fixture, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    db = home / "aipa.db"
    shutil.copy(fixture, db)
    before = contents(db)
    assert before["sessions"] and before["runs"] and before["messages"] and before["tasks"]
    assert "done" in {status for _, status in before["runs"].values()}

    proc, listed = aipa_json(home, "runs", "--json", "--limit", "1000")
    assert proc.returncode == 0, proc.stderr
    assert {r["run_id"]: (r["session_id"], r["status"]) for r in listed} == before["runs"]

    version = version_of(fixture)
    if version < SCHEMA_VERSION:
        assert backup_path(db, version).is_file(), "no backup before the migration"
        assert contents(backup_path(db, version)) == before
    else:
        assert not list(home.glob("aipa.db.bak-*")), "a backup of a database that needed no migration"
    with Store(db) as store:
        assert store.warning is None or "Upgraded" in store.warning
        assert {s.id for s in store.list_sessions()} == before["sessions"]
        assert {r.run_id for r in store.list_runs(limit=1000)} == set(before["runs"])
        if version < 12:  # the checks table came with schema 12 (issue 31): older runs have none
            assert all(store.checks(run_id) == [] for run_id in before["runs"])
    assert contents(db) == before
