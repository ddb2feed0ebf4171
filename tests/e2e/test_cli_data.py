"""Issue 33's "Must show", with the real ``aipa`` command on a real data folder: the
automatic backup after three runs and a later start, ``aipa backup --json`` naming a sound
file with the three runs, a garbage ``aipa.db`` named plainly with the restore command,
the restore bringing the runs back (a random file refused, nothing changed), the archive
of everything into a fresh folder twice (nothing doubled), and ``aipa search --json``."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

from tests.support.cli import aipa, aipa_json

DIRECTIVES = ("Plan a three-day offsite for 12 people", "Draft a budget for the lighthouse tour", "Compare two venues")


def _three_runs(home: Path) -> list[str]:
    ids = []
    for directive in DIRECTIVES:
        proc, out = aipa_json(home, "run", "--dry-run", "--yes", "--json", directive)
        assert proc.returncode == 0, proc.stderr
        ids.append(out["run_id"])
    return ids


def _run_ids(home: Path) -> set[str]:
    proc, out = aipa_json(home, "runs", "--json")
    assert proc.returncode == 0, proc.stderr
    return {r["run_id"] for r in out}


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _clean(proc) -> None:
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr


def test_backups_restore_and_a_damaged_live_file(tmp_path):
    home = tmp_path / "home"
    runs = _three_runs(home)
    proc, listed = aipa_json(home, "backup", "--list", "--json")  # a later start
    assert proc.returncode == 0, proc.stderr
    assert any(b["kind"] == "auto" and b["verified"] for b in listed), listed
    proc, made = aipa_json(home, "backup", "--json")
    assert proc.returncode == 0, proc.stderr
    backup = Path(made["path"])
    with sqlite3.connect(backup) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert {r[0] for r in conn.execute("SELECT id FROM runs")} == set(runs)
    assert made["runs"] == 3 and made["kind"] == "manual"

    (home / "aipa.db").write_bytes(b"this is not a database, it is garbage " * 4000)
    broken = aipa(home, "runs")
    _clean(broken)
    assert broken.returncode != 0
    assert "aipa restore" in broken.stderr and str(backup) in broken.stderr, broken.stderr

    random_file = tmp_path / "random.db"
    random_file.write_bytes(bytes(range(256)) * 64)
    before = _sha(home / "aipa.db")
    refused = aipa(home, "restore", str(random_file), "--yes")
    _clean(refused)
    assert refused.returncode == 2, refused.stderr
    assert "nothing was changed" in refused.stderr
    assert _sha(home / "aipa.db") == before

    restored = aipa(home, "restore", str(backup), "--yes")
    _clean(restored)
    assert restored.returncode == 0, restored.stderr
    assert _run_ids(home) == set(runs)
    assert list(home.glob("aipa.db.damaged-*")), "the damaged file is kept beside"


def test_restore_asks_and_a_pre_restore_backup_keeps_the_data_as_it_was(tmp_path):
    home = tmp_path / "home"
    first = _three_runs(home)[:1]
    proc, made = aipa_json(home, "backup", "--json")
    assert proc.returncode == 0
    extra = aipa_json(home, "run", "--dry-run", "--yes", "--json", "One more directive")[1]["run_id"]
    no = aipa(home, "restore", made["path"])  # no terminal to ask on, no --yes
    assert no.returncode == 2 and "--yes" in no.stderr
    done = aipa(home, "restore", made["path"], "--yes")
    assert done.returncode == 0, done.stderr
    assert extra not in _run_ids(home) and set(first) <= _run_ids(home)
    listed = aipa_json(home, "backup", "--list", "--json")[1]
    (safety,) = [b for b in listed if b["kind"] == "pre-restore"]
    assert safety["runs"] == 4


def test_the_archive_of_everything_into_a_fresh_folder_twice(tmp_path):
    home, fresh = tmp_path / "home", tmp_path / "fresh"
    runs = _three_runs(home)
    (home / "agents").mkdir(exist_ok=True)
    (home / "agents" / "nova.md").write_text('+++\nname = "Nova"\ntitle = "Scout"\n+++\nYou scout.\n')
    archive = tmp_path / "everything.zip"
    out = aipa(home, "export", "--all", str(archive))
    _clean(out)
    assert out.returncode == 0, out.stderr
    for attempt in range(2):
        proc, report = aipa_json(fresh, "import", str(archive), "--json")
        _clean(proc)
        assert proc.returncode == 0, proc.stderr
        assert report["conflicts"] == {}
        if attempt == 0:
            assert report["added"]["runs"] == 3 and "agents/nova.md" in report["files_added"]
        else:
            assert report["added"]["runs"] == 0 and report["added"]["messages"] == 0
            assert report["backup"], "a pre-import backup"
    assert _run_ids(fresh) == set(runs)
    with sqlite3.connect(fresh / "aipa.db") as a, sqlite3.connect(home / "aipa.db") as b:
        for table in ("messages", "tasks", "sessions"):
            assert (
                a.execute(f"SELECT count(*) FROM {table}").fetchone()
                == b.execute(f"SELECT count(*) FROM {table}").fetchone()
            )
    assert (fresh / "agents" / "nova.md").read_text() == (home / "agents" / "nova.md").read_text()
    new = aipa_json(fresh, "run", "--dry-run", "--yes", "--json", "A new one after the import")[1]["run_id"]
    assert new not in runs, "new ids do not reuse the imported ones"


def test_search_from_the_terminal(tmp_path):
    home = tmp_path / "home"
    _three_runs(home)
    proc, hits = aipa_json(home, "search", "lighthouse", "--json")
    _clean(proc)
    assert proc.returncode == 0, proc.stderr
    assert hits and all({"session_id", "run_id", "message_id", "snippet"} <= set(h) for h in hits)
    assert all("lighthouse" in h["snippet"].lower() for h in hits)
    with sqlite3.connect(home / "aipa.db") as conn:
        ids = {r[0] for r in conn.execute("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'lighthouse'")}
    assert {h["message_id"] for h in hits} == ids
    session = hits[0]["session_id"]
    with sqlite3.connect(home / "aipa.db") as conn:
        conn.execute("UPDATE sessions SET deleted_at = '2026-12-01T00:00:00+00:00' WHERE id = ?", (session,))
    assert aipa_json(home, "search", "lighthouse", "--json")[1] == []
    assert {h["session_id"] for h in aipa_json(home, "search", "lighthouse", "--json", "--trash")[1]} == {session}
    plain = aipa(home, "search", "nothing-matches-this")
    assert plain.returncode == 0 and "No messages match" in plain.stdout
    assert len(json.loads(aipa(home, "search", "offsite", "--json", "--limit", "1").stdout)) == 1
