"""Backups on real SQLite files (core/data/backups.py, store/backup.py): what one holds,
how rotation keeps the last days, weeks and the operation ones, the daily one in the
background, and that a restore carries the settings and agents back."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta

from aipa.core.config.paths import Paths
from aipa.core.config.settings import Settings
from aipa.core.data.backups import Backups
from aipa.core.data.door import DataDoor
from aipa.store import Store

T0 = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _home(tmp_path):
    paths = Paths(tmp_path / "home").ensure()
    with Store(paths.db) as store:
        store.create_session("first")
    paths.settings.write_text(json.dumps({"theme": "dark"}))
    (paths.agents / "nova.md").write_text("+++\nname = 'Nova'\n+++\nYou scout.\n")
    return paths


def test_a_backup_holds_the_database_settings_and_agents_and_no_temp_is_left(tmp_path):
    paths = _home(tmp_path)
    made = Backups(paths, Settings).make("manual")
    assert made.verified and made.sessions == 1 and made.kind == "manual"
    with sqlite3.connect(made.path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        files = dict(conn.execute("SELECT path, content FROM aipa_backup_files"))
    assert json.loads(files["settings.json"]) == {"theme": "dark"} and "agents/nova.md" in files
    assert [p.name for p in made.path.parent.iterdir() if p.name.startswith(".aipa-backup-")] == []


def test_rotation_keeps_seven_days_four_weeks_manual_and_recent_operations(tmp_path):
    paths = _home(tmp_path)
    clock = [T0]
    backups = Backups(
        paths, lambda: Settings(backup_daily=7, backup_weekly=4, backup_operation_days=30), lambda: clock[0]
    )
    made = {}
    for day in range(60):  # one automatic backup a day for 60 days, newest last
        clock[0] = T0 + timedelta(days=day)
        made[day] = backups.make("auto").path
    clock[0] = T0 + timedelta(days=20)
    manual = backups.make("manual").path
    old_op = backups.make("pre-import").path
    clock[0] = T0 + timedelta(days=59)
    new_op = backups.make("pre-trash").path
    backups.rotate()
    left = {b.path for b in backups.listed()}
    assert {made[d] for d in range(53, 60)} <= left  # the last 7 days
    assert manual in left and new_op in left and old_op not in left
    autos = [b for b in backups.listed() if b.kind == "auto"]
    weeks = {b.created.isocalendar()[:2] for b in autos}
    assert len(autos) <= 7 + 4 and len(weeks) >= 4
    assert made[0] not in left


def test_the_daily_backup_is_made_once_a_day_in_the_background(tmp_path):
    paths = _home(tmp_path)
    backups = Backups(paths, Settings)
    assert backups.due()
    backups.start_daily()
    backups.wait_daily()
    assert [b.kind for b in backups.listed()] == ["auto"]
    assert not backups.due()
    empty = Paths(tmp_path / "empty").ensure()
    Store(empty.db).close()
    assert not Backups(empty, Settings).due(), "no data: no backup"


def test_a_restore_writes_the_settings_and_agents_back_and_keeps_the_data_as_it_was(tmp_path):
    paths = _home(tmp_path)
    door = DataDoor.offline(paths)
    saved = door.backup()
    with Store(paths.db) as store:
        store.create_session("second")
    paths.settings.write_text(json.dumps({"theme": "light"}))
    (paths.agents / "nova.md").unlink()
    done = door.restore(saved.path)
    assert json.loads(paths.settings.read_text()) == {"theme": "dark"} and (paths.agents / "nova.md").is_file()
    assert done.sessions == 1 and done.safety is not None
    with Store(paths.db) as store:
        assert [s.title for s in store.list_sessions()] == ["first"]
    with sqlite3.connect(done.safety) as conn:
        assert conn.execute("SELECT count(*) FROM sessions").fetchone()[0] == 2
