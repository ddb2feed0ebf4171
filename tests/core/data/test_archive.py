"""The archive of everything on real SQLite files and a real zip (core/data/archive.py,
merge.py, archive_pictures.py): a run's checks and the session's attached pictures (rows
and files) reach a fresh data folder, a second import doubles nothing, a picture whose
content is not what its name says refuses the archive, and every table of the schema is
either merged or named as not merged (a new table cannot be forgotten again)."""

from __future__ import annotations

import sqlite3
import zipfile

import pytest

from aipa.core.config.paths import Paths
from aipa.core.data.door import DataDoor
from aipa.core.data.merge import NOT_MERGED, ORDER
from aipa.core.material.images import prepare_bytes
from aipa.core.material.picture_shelf import PictureShelf
from aipa.errors import UsageError
from aipa.store import Store
from tests.support import picture_files

CHECKS = [
    {"id": "words", "text": "At most 200 words", "kind": "words", "source": "directive", "params": {"max": 200}},
    {"id": "j1", "text": "Names two venues", "kind": "judged", "source": "principal", "passed": True},
]


def _home(tmp_path):
    paths = Paths(tmp_path / "home").ensure()
    with Store(paths.db) as store:
        session = store.create_session("Offsite")
        shelf = PictureShelf(store, paths.pictures)
        shelf.keep(session, prepare_bytes(picture_files.png_bytes((64, 48)), "whiteboard.png"), alt="the plan")
        shelf.keep(session, prepare_bytes(picture_files.png_bytes((32, 32), (200, 10, 10)), "red.png"))
        run = store.create_run(session, "Plan a three-day offsite")
        shelf.claim(session, run)
        store.save_checks(run, CHECKS)
        shelf.keep(session, prepare_bytes(picture_files.png_bytes((16, 16), (0, 0, 0)), "waiting.png"))
    return paths, run


def _rows(db, table: str, order: str) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()


def _picture_files(paths: Paths) -> dict[str, bytes]:
    return {p.relative_to(paths.pictures).as_posix(): p.read_bytes() for p in paths.pictures.glob("*/*")}


def test_checks_and_pictures_reach_a_fresh_folder_and_a_second_import_doubles_nothing(tmp_path):
    home, run = _home(tmp_path)
    archive = tmp_path / "everything.zip"
    manifest = DataDoor.offline(home).export_all(archive)
    assert manifest["pictures"] == {"files": 3, "missing": 0}
    fresh = Paths(tmp_path / "fresh").ensure()
    Store(fresh.db).close()
    first = DataDoor.offline(fresh).import_archive(archive)
    assert first.pictures_added == 3 and first.report.added["checks"] == 2 and first.report.added["pictures"] == 3
    assert "3 picture files added" in first.summary()
    second = DataDoor.offline(fresh).import_archive(archive)
    assert second.pictures_added == 0 and second.report.clashes == {}
    assert second.report.added["checks"] == 0 and second.report.added["pictures"] == 0
    assert _rows(fresh.db, "checks", "run_id, position") == _rows(home.db, "checks", "run_id, position")
    assert _rows(fresh.db, "pictures", "id") == _rows(home.db, "pictures", "id")
    assert _picture_files(fresh) == _picture_files(home)
    with Store(fresh.db) as store:
        assert [c["id"] for c in store.checks(run)] == ["words", "j1"]
        shelf = PictureShelf(store, fresh.pictures)
        rows = shelf.of_run(run)
        assert sorted(r.name for r in rows) == ["red.png", "whiteboard.png"]
        assert all(shelf.data(r) for r in rows), "each imported row finds its file"


def test_a_picture_that_does_not_match_its_name_refuses_the_archive(tmp_path):
    home, _run = _home(tmp_path)
    archive = tmp_path / "everything.zip"
    DataDoor.offline(home).export_all(archive)
    tampered = tmp_path / "tampered.zip"
    with zipfile.ZipFile(archive) as src, zipfile.ZipFile(tampered, "w") as out:
        names = src.namelist()
        victim = next(n for n in names if n.startswith("pictures/"))
        for name in names:
            out.writestr(name, b"not the picture" if name == victim else src.read(name))
    fresh = Paths(tmp_path / "fresh").ensure()
    Store(fresh.db).close()
    with pytest.raises(UsageError, match="does not match its name"):
        DataDoor.offline(fresh).import_archive(tampered)
    assert not fresh.pictures.exists() or not any(fresh.pictures.rglob("*"))
    with sqlite3.connect(fresh.db) as conn:
        assert conn.execute("SELECT count(*) FROM sessions").fetchone()[0] == 0


def test_every_table_of_the_schema_is_merged_or_named_as_not_merged(tmp_path):
    Store(tmp_path / "a.db").close()
    with sqlite3.connect(tmp_path / "a.db") as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        fts = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'")}
    shadows = {t for t in tables if any(t.startswith(f + "_") for f in fts)}
    left = tables - fts - shadows - set(NOT_MERGED) - set(ORDER)
    assert not left, f"tables the import would lose: {sorted(left)} (add them to merge.ORDER)"
