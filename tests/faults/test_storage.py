"""Item 7 of issue 21: storage faults said as such. A disk that fills up during a run is
"disk full" naming the file and the room left, and the run is interrupted and resumable;
a log file that cannot be written is one warning, never a traceback; exports are atomic;
a file without read permission is "cannot read FILE (permissions)" and is never renamed
or replaced; a data folder that is a file is one line. Full disks are real (a tmpfs)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys

import pytest

from tests.faults.helpers import DIRECTIVE, aipa_as_user, query, spawn, wait_for
from tests.support.cli import ROOT, aipa, aipa_json, cli_env, write_settings

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")


@contextlib.contextmanager
def _tmpfs(folder, size: str):
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def _fill(folder):
    """Write zeros into ``folder/filler`` until its disk says ENOSPC."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * 65536)
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * 512)
    finally:
        os.close(fd)
    return filler


def _one_error(proc, code: int, *parts: str) -> str:
    assert proc.returncode == code, proc.stdout + proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, proc.stderr
    for part in parts:
        assert part in errors[0], proc.stderr
    assert "Traceback" not in proc.stderr and "Logging error" not in proc.stderr, proc.stderr
    return errors[0]


@needs_root
def test_disk_filling_during_a_run_says_disk_full_and_the_run_resumes(tmp_path):
    with _tmpfs(tmp_path / "home", "8m") as home:
        write_settings(home, max_parallel_leads=2, providers={"scripted": {"tokens_per_second": 40}})
        proc = spawn(home, "run", "--dry-run", "--yes", DIRECTIVE)
        db = home / "aipa.db"
        wait_for(lambda: query(db, "SELECT stage FROM runs") == [("dispatch",)], 120, "the dispatch stage")
        filler = _fill(home)
        out, err = proc.communicate(timeout=120)
        done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
        line = _one_error(done, 5, "disk full: cannot", str(db), "free on its disk")
        assert "cannot rollback" not in err and "corrupt" not in err
        run_id = query(db, "SELECT id FROM runs")[0][0]
        assert f"hint: free some space on that disk, then continue with `aipa run --resume {run_id}`" in err
        assert query(db, "SELECT status, error FROM runs") == [("interrupted", line.removeprefix("error: "))]
        assert query(db, "SELECT count(*) FROM tasks WHERE status = 'in_progress'") == [(0,)]
        filler.unlink()
        listed, runs = aipa_json(home, "runs", "--json")
        assert [(r["run_id"], r["status"]) for r in runs] == [(run_id, "interrupted")], listed.stderr
        resumed, result = aipa_json(home, "run", "--resume", run_id, "--yes", "--json")
        assert resumed.returncode == 0 and result["status"] == "done", resumed.stderr
        assert query(db, "PRAGMA quick_check") == [("ok",)]


@needs_root
def test_a_log_file_that_cannot_be_written_is_one_warning_not_a_traceback(tmp_path):
    home = tmp_path / "home"
    write_settings(home, bogus_field=1)  # a warning to log at start
    with _tmpfs(home / "logs", "64k") as logs:
        _fill(logs)
        proc = aipa(home, "run", "--dry-run", "--yes", DIRECTIVE)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "Logging error" not in proc.stderr, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if "cannot write the log file" in line]
    assert lines == [f"warning: cannot write the log file {logs / 'aipa.log'} (disk full); logging to it stops"]


@needs_root
def test_an_export_onto_a_full_disk_leaves_no_file_and_keeps_the_old_one(tmp_path):
    home = tmp_path / "home"
    proc, result = aipa_json(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE)
    run_id = result["run_id"]
    with _tmpfs(tmp_path / "out", "64k") as out:
        (out / "old.md").write_text("the export of last week\n")
        _fill(out)
        fresh = aipa(home, "export", run_id, "--format", "md", "-o", str(out / "new.md"))
        over = aipa(home, "export", run_id, "--format", "md", "-o", str(out / "old.md"))
        _one_error(fresh, 5, f"disk full: cannot write the export ({out / 'new.md'}; 0 bytes free on its disk)")
        _one_error(over, 5, "disk full: cannot write the export")
        assert sorted(p.name for p in out.iterdir()) == ["filler", "old.md"]  # no 0-byte file, no temp file
        assert (out / "old.md").read_text() == "the export of last week\n"


def test_an_export_replaces_its_file_in_one_rename(tmp_path):
    home = tmp_path / "home"
    proc, result = aipa_json(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE)
    target = tmp_path / "out.md"
    target.write_text("old\n")
    before = target.stat().st_ino
    exported = aipa(home, "export", result["run_id"], "--format", "md", "-o", str(target))
    assert exported.returncode == 0, exported.stderr
    assert target.read_text().startswith("# ") and target.stat().st_ino != before  # a new file, renamed over
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".out.md")) == []


def test_unreadable_settings_are_left_alone_and_said_so(tmp_path):
    home = tmp_path / "home"
    write_settings(home, provider="scripted", max_parallel_leads=1)
    settings = home / "settings.json"
    text = settings.read_text()
    settings.chmod(0o200)  # written by someone, readable by nobody
    listed = aipa_as_user(home, "runs")
    assert listed.returncode == 0, listed.stderr
    assert f"warning: cannot read {settings} (permissions); using default settings, the file is left as it is" in (
        listed.stderr
    )
    added = aipa_as_user(home, "providers", "add", "lab", "--kind", "ollama")  # a save would lose its settings
    _one_error(added, 2, "the provider profile lab was not saved", f"could not save {settings} (permissions)")
    settings.chmod(0o600)
    assert settings.read_text() == text
    assert [p.name for p in home.iterdir() if ".corrupt-" in p.name] == []


def test_an_unreadable_database_is_permissions_not_a_fresh_start(tmp_path):
    home = tmp_path / "home"
    aipa_json(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE)
    db = home / "aipa.db"
    size = db.stat().st_size
    db.chmod(0)
    for args in (["runs"], ["run", "--dry-run", "--yes", DIRECTIVE]):
        proc = aipa_as_user(home, *args)
        _one_error(proc, 5, f"error: cannot read {db} (permissions)")
        assert "fresh" not in proc.stderr and "move the file aside" not in proc.stderr, proc.stderr
    db.chmod(0o644)
    assert db.stat().st_size == size and query(db, "SELECT count(*) FROM runs") == [(1,)]


def test_a_data_folder_that_is_a_file_is_one_line(tmp_path):
    home = tmp_path / "not-a-folder"
    home.write_text("hello")
    for args in (["runs"], ["run", "--dry-run", "--yes", DIRECTIVE], ["agents"], ["doctor"]):
        _one_error(aipa(home, *args), 2, f"the data folder {home} is a file, not a folder")
    window = subprocess.run(
        [sys.executable, "-m", "aipa", "--dry-run"],
        cwd=ROOT,
        env=cli_env(home, QT_QPA_PLATFORM="offscreen"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    _one_error(window, 2, "is a file, not a folder")
    assert home.read_text() == "hello"


def test_doctor_on_a_full_disk_says_so(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    with _tmpfs(tmp_path / "home", "4m") as home:
        aipa_json(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE)
        _fill(home)
        doctor = aipa(home, "doctor", "--dry-run")
        assert "Traceback" not in doctor.stderr and "Logging error" not in doctor.stderr, doctor.stderr
        assert "disk full" in doctor.stdout + doctor.stderr, doctor.stdout + doctor.stderr
