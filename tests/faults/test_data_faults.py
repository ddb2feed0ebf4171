"""Faults around the Principal's data (issue 33), with real ``aipa`` processes on real
files: SIGKILL during a backup, a restore and an import (older backups and the live data
intact); a backup while a run streams; a full disk during a backup; a restore while
another process has the data open; files that must be refused (a newer schema, a
truncated zip, an archive naming ``../../x``)."""

from __future__ import annotations

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.faults.helpers import DIRECTIVE, query, spawn, wait_for
from tests.faults.test_storage import _fill, _tmpfs, needs_root
from tests.support.cli import ROOT, aipa, aipa_json, cli_env, write_settings


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _one_run(home: Path) -> str:
    proc, out = aipa_json(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE)
    assert proc.returncode == 0, proc.stderr
    return out["run_id"]


def _grow(db: Path, messages: int, size: int = 2000) -> None:
    """More history on the app's own schema: ``messages`` rows in the newest session."""
    with sqlite3.connect(db) as conn:
        (session,) = conn.execute("SELECT id FROM sessions ORDER BY created_at DESC LIMIT 1").fetchone()
        text = "word " * (size // 5)
        conn.executemany(
            "INSERT INTO messages (session_id, role, agent, content, kind, created_at)"
            " VALUES (?, 'assistant', 'Atlas', ?, 'lead', ?)",
            ((session, f"{text} {i}", "2026-12-01T10:00:00+00:00") for i in range(messages)),
        )


def _sound(db: Path) -> bool:
    with sqlite3.connect(db) as conn:
        return conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def _kill_when(proc: subprocess.Popen, condition, what: str) -> bool:
    """SIGKILL ``proc`` as soon as ``condition()`` holds; False when it ended first."""

    def seen() -> bool:
        return condition() or proc.poll() is not None

    wait_for(seen, 120, what)
    if proc.poll() is not None:
        return False
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    return True


def _aipa_popen(home: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "aipa", *args],
        cwd=ROOT,
        env=cli_env(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def test_sigkill_during_a_backup_leaves_the_older_backups_and_the_data(tmp_path):
    home = tmp_path / "home"
    run = _one_run(home)
    _grow(home / "aipa.db", 30000)
    made = aipa_json(home, "backup", "--json")[1]
    older = {p: _sha(p) for p in (home / "backups").glob("aipa-*.db")}
    assert Path(made["path"]) in older
    proc = _aipa_popen(home, "backup")
    killed = _kill_when(proc, lambda: any((home / "backups").glob(".aipa-backup-*")), "the backup's temp file")
    assert killed, "the backup ended before it could be killed (make the history bigger)"
    for path, sha in older.items():
        assert _sha(path) == sha
    assert _sound(home / "aipa.db") and query(home / "aipa.db", "SELECT status FROM runs WHERE id = ?", run) == [
        ("done",)
    ]
    again = aipa_json(home, "backup", "--json")[1]  # the next backup clears what the kill left
    assert _sound(Path(again["path"])) and not list((home / "backups").glob(".aipa-backup-*"))


def test_sigkill_during_a_restore_leaves_the_live_data(tmp_path):
    home = tmp_path / "home"
    _one_run(home)
    _grow(home / "aipa.db", 30000)
    backup = aipa_json(home, "backup", "--json")[1]["path"]
    later = _one_run(home)
    proc = _aipa_popen(home, "restore", backup, "--yes")
    killed = _kill_when(proc, lambda: (home / ".aipa.db.restoring").exists(), "the restore's copy")
    assert killed, "the restore ended before it could be killed"
    assert _sound(home / "aipa.db")
    assert query(home / "aipa.db", "SELECT status FROM runs WHERE id = ?", later) == [("done",)], (
        "the live data as it was"
    )
    done = aipa(home, "restore", backup, "--yes")  # and a restore after it still works
    assert done.returncode == 0, done.stderr
    assert query(home / "aipa.db", "SELECT count(*) FROM runs WHERE id = ?", later) == [(0,)]


def test_sigkill_during_an_import_is_all_or_nothing(tmp_path):
    home, other = tmp_path / "home", tmp_path / "other"
    _one_run(other)  # S-…-001, as in home: a conflict, skipped with its rows
    _one_run(other)
    _grow(other / "aipa.db", 40000)  # into the second session, which home does not have
    archive = tmp_path / "all.zip"
    assert aipa(other, "export", "--all", str(archive)).returncode == 0
    mine = _one_run(home)
    before = query(home / "aipa.db", "SELECT count(*) FROM messages")[0][0]
    proc = _aipa_popen(home, "import", str(archive))
    killed = _kill_when(proc, lambda: any((home / "backups").glob("*pre-import*")), "the merge")
    assert _sound(home / "aipa.db")
    after = query(home / "aipa.db", "SELECT count(*) FROM messages")[0][0]
    assert after in (before, before + 40000 + 10) or not killed, (before, after)
    assert query(home / "aipa.db", "SELECT status FROM runs WHERE id = ?", mine) == [("done",)]
    done = aipa(home, "import", str(archive))
    assert done.returncode == 0, done.stderr
    assert "1 sessions with an id used here by another one" in done.stdout, done.stdout
    assert query(home / "aipa.db", "SELECT count(*) FROM messages")[0][0] == before + 40000 + 10


def test_a_backup_while_a_run_streams_is_consistent_and_the_run_goes_on(tmp_path):
    home = tmp_path / "home"
    write_settings(home, providers={"scripted": {"tokens_per_second": 40}})
    run = spawn(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE)
    try:
        wait_for(
            lambda: (
                query(home / "aipa.db", "SELECT count(*) FROM tasks WHERE status = 'in_progress'") not in ([], [(0,)])
            ),
            120,
            "a lead streaming",
        )
        proc, made = aipa_json(home, "backup", "--json")
        assert proc.returncode == 0, proc.stderr
        assert _sound(Path(made["path"])) and made["runs"] == 1
        assert query(Path(made["path"]), "SELECT status FROM runs") == [("running",)]
        out, err = run.communicate(timeout=300)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 0, err
    assert query(home / "aipa.db", "SELECT status FROM runs") == [("done",)]


def test_a_restore_is_refused_while_another_process_has_the_data_open(tmp_path):
    home = tmp_path / "home"
    _one_run(home)
    backup = aipa_json(home, "backup", "--json")[1]["path"]
    write_settings(home, providers={"scripted": {"tokens_per_second": 5}})
    run = spawn(home, "run", "--dry-run", "--yes", DIRECTIVE)
    try:
        wait_for(lambda: len(query(home / "aipa.db", "SELECT id FROM runs")) == 2, 120, "the second run")
        before = _sha(home / "aipa.db")
        refused = aipa(home, "restore", backup, "--yes")
        assert refused.returncode == 2, refused.stderr
        assert f"aipa run (process {run.pid})" in refused.stderr and "nothing was changed" in refused.stderr
        assert "Traceback" not in refused.stderr
    finally:
        run.kill()
        run.wait(30)
    assert len(query(home / "aipa.db", "SELECT id FROM runs")) == 2 and before


@needs_root
def test_a_full_disk_during_a_backup_says_so_and_keeps_the_old_backups(tmp_path):
    with _tmpfs(tmp_path / "home", "6m") as home:
        _one_run(home)
        old = aipa_json(home, "backup", "--json")[1]["path"]
        sha = _sha(Path(old))
        filler = _fill(home)
        os.truncate(filler, filler.stat().st_size - 160_000)  # room to open the database, not for a backup
        try:
            proc = aipa(home, "backup")
            assert proc.returncode != 0
            assert "disk full" in proc.stderr and "earlier backups are kept" in proc.stderr, proc.stderr
            assert "Traceback" not in proc.stderr
            assert _sha(Path(old)) == sha and not list((home / "backups").glob(".aipa-backup-*"))
        finally:
            filler.unlink()


def test_a_backup_from_a_newer_schema_is_refused(tmp_path):
    home = tmp_path / "home"
    _one_run(home)
    newer = tmp_path / "newer.db"
    assert aipa(home, "backup", "--to", str(newer)).returncode == 0
    with sqlite3.connect(newer) as conn:
        conn.execute("UPDATE schema_info SET version = 999")
    before = _sha(home / "aipa.db")
    proc = aipa(home, "restore", str(newer), "--yes")
    assert proc.returncode == 2 and "newer than the version" in proc.stderr, proc.stderr
    assert _sha(home / "aipa.db") == before


def test_a_truncated_archive_is_refused(tmp_path):
    home, fresh = tmp_path / "home", tmp_path / "fresh"
    _one_run(home)
    archive = tmp_path / "all.zip"
    assert aipa(home, "export", "--all", str(archive)).returncode == 0
    cut = tmp_path / "cut.zip"
    cut.write_bytes(archive.read_bytes()[: archive.stat().st_size // 2])
    _one_run(fresh)
    before = _sha(fresh / "aipa.db")
    proc = aipa(fresh, "import", str(cut))
    assert proc.returncode == 2, proc.stderr
    assert "nothing was imported" in proc.stderr and "Traceback" not in proc.stderr
    assert _sha(fresh / "aipa.db") == before


@pytest.mark.parametrize("name", ["../../x", "/etc/aipa-x", "agents/../../x", "elsewhere.txt"])
def test_an_archive_naming_a_path_outside_is_refused(tmp_path, name):
    home, fresh = tmp_path / "home", tmp_path / "fresh"
    _one_run(home)
    archive = tmp_path / "all.zip"
    assert aipa(home, "export", "--all", str(archive)).returncode == 0
    with zipfile.ZipFile(archive, "a") as z:
        z.writestr(name, "written where it must not be")
    fresh.mkdir()
    proc = aipa(fresh, "import", str(archive))
    assert proc.returncode == 2, proc.stderr
    assert "refused" in proc.stderr and "nothing was imported" in proc.stderr, proc.stderr
    assert not (tmp_path / "x").exists() and not Path("/etc/aipa-x").exists() and not (fresh / "elsewhere.txt").exists()
    assert query(fresh / "aipa.db", "SELECT count(*) FROM runs") in ([], [(0,)])
    assert os.listdir(fresh / "backups") == [] if (fresh / "backups").exists() else True
