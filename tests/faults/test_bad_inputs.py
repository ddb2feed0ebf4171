"""Every bad input gets a message (exit code, one error line, a
hint), never a traceback, and loses nothing."""

import contextlib
import os
import sqlite3
import subprocess
import sys

import pytest

from tests.faults.helpers import DIRECTIVE, query
from tests.support.cli import ROOT, aipa, aipa_json, cli_env, write_settings


def _one_message(proc, code: int, text: str) -> None:
    assert proc.returncode == code, proc.stdout + proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and text in errors[0], proc.stderr
    assert "hint:" in proc.stderr and "Traceback" not in proc.stderr


def _done_run(home) -> str:
    proc, result = aipa_json(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE)
    assert proc.returncode == 0, proc.stderr
    return result["run_id"]


@contextlib.contextmanager
def _read_only(folder):
    """``folder`` seen read-only: a read-only bind mount as root (root ignores modes), modes otherwise."""
    if os.geteuid() == 0:
        view = folder.with_name(folder.name + "-ro")
        view.mkdir()
        subprocess.run(["mount", "--bind", str(folder), str(view)], check=True)
        try:
            subprocess.run(["mount", "-o", "remount,bind,ro", str(view)], check=True)
            yield view
        finally:
            subprocess.run(["umount", str(view)], check=True)
    else:
        paths = [folder, *folder.rglob("*")]
        for p in paths:
            p.chmod(p.stat().st_mode & ~0o222)
        try:
            yield folder
        finally:
            for p in paths:
                p.chmod(p.stat().st_mode | 0o200)


def test_read_only_data_folder_still_lists_and_exports(tmp_path):
    home = tmp_path / "home"
    run_id = _done_run(home)
    with _read_only(home) as view:
        listed, runs = aipa_json(view, "runs", "--json")
        exported = aipa(view, "export", run_id, "--format", "md")
        refused = aipa(view, "run", "--dry-run", "--yes", DIRECTIVE)
    assert listed.returncode == 0 and [r["run_id"] for r in runs] == [run_id], listed.stderr
    assert exported.returncode == 0 and exported.stdout.startswith("# "), exported.stderr
    _one_message(refused, 5, "the database is open read-only")
    assert "data folder" in refused.stderr and "is read-only" in refused.stderr


def test_corrupt_pages_in_the_middle_of_the_database(tmp_path):
    home = tmp_path / "home"
    for _ in range(3):
        _done_run(home)
    db = home / "aipa.db"
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
    assert pages > 8
    with open(db, "r+b") as f:  # keep the header page: the file still opens, the damage is inside
        for n in range(2, pages - 1, 2):
            f.seek(n * page)
            f.write(b"\xa5" * page)
    doctor = aipa(home, "doctor", "--dry-run")
    assert "✗ database" in doctor.stdout and "damaged" in doctor.stdout, doctor.stdout
    assert doctor.returncode != 0 and "Traceback" not in doctor.stderr
    listed = aipa(home, "runs")
    assert "Traceback" not in listed.stderr and listed.returncode != 0
    assert listed.stderr.startswith("error:") and "hint:" in listed.stderr


@pytest.mark.parametrize(
    ("providers", "named"),
    [({"scripted": "fast"}, "providers.scripted must be an object"),
     ({"scripted": {"tokens_per_second": "fast"}}, "providers.scripted.tokens_per_second must be number")],
)  # fmt: skip
def test_wrong_types_inside_provider_settings(tmp_path, providers, named):
    home = tmp_path / "home"
    write_settings(home, providers=providers)
    _one_message(aipa(home, "run", "--dry-run", "--yes", DIRECTIVE), 2, named)


def test_invalid_utf8_in_an_argument(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "aipa", "run", "--dry-run", "--yes", b"Plan \xff\xfe a trip"],
        cwd=ROOT,
        env=cli_env(tmp_path / "home"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    _one_message(proc, 2, "argument 4 is not valid UTF-8")


def test_export_to_a_missing_folder(tmp_path):
    home = tmp_path / "home"
    run_id = _done_run(home)
    target = tmp_path / "no" / "such" / "out.html"
    _one_message(aipa(home, "export", run_id, "--format", "html", "-o", str(target)), 2, "does not exist")


def test_session_naming_no_session(tmp_path):
    home = tmp_path / "home"
    _one_message(aipa(home, "run", "--dry-run", "--yes", "--session", "S-20990101-001", DIRECTIVE), 2, "no session")
    _one_message(aipa(home, "chat", "--dry-run", "--agent", "Atlas", "--session", "S-x", "-m", "hi"), 2, "no session")


def test_disk_full_says_disk_full_and_loses_nothing(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a tiny tmpfs needs root")
    home = tmp_path / "tiny"
    home.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(home)], check=True)
    try:
        first = _done_run(home)
        filler = home / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
        try:
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * 65536)
        finally:
            os.close(fd)
        full = aipa(home, "run", "--dry-run", "--yes", DIRECTIVE * 400)
        assert full.returncode == 5, full.stdout + full.stderr
        assert "disk full" in full.stderr and "Traceback" not in full.stderr and "corrupt" not in full.stderr
        filler.unlink()
        listed, runs = aipa_json(home, "runs", "--json")
        assert first in [r["run_id"] for r in runs]
        assert query(home / "aipa.db", "PRAGMA quick_check") == [("ok",)]
    finally:
        subprocess.run(["umount", "-l", str(home)], check=True)


def test_fifo_in_the_agents_folder_does_not_hang(tmp_path):
    home = tmp_path / "home"
    (home / "agents").mkdir(parents=True)
    os.mkfifo(home / "agents" / "pipe.md")
    proc = aipa(home, "run", "--dry-run", "--yes", DIRECTIVE, timeout=300)  # a hang fails by timeout
    assert proc.returncode == 0, proc.stderr
    assert "pipe.md: not a regular file; skipping it" in proc.stderr


def test_symlink_to_dev_zero_in_the_agents_folder(tmp_path):
    home = tmp_path / "home"
    (home / "agents").mkdir(parents=True)
    (home / "agents" / "zero.md").symlink_to("/dev/zero")
    proc = aipa(home, "run", "--dry-run", "--yes", DIRECTIVE, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "zero.md: not a regular file; skipping it" in proc.stderr
