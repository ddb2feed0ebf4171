"""Fixtures for store tests: a real SQLite file in tmp_path and a controllable clock."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta

import pytest

from aipa.store import Store

START = datetime(2026, 11, 29, 9, 0, tzinfo=UTC)


class FakeClock:
    """Returns ``now`` and then moves it on by ``step``, so every write gets a distinct time."""

    def __init__(self, start: datetime = START, step: timedelta = timedelta(seconds=1)) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        moment = self.now
        self.now += self.step
        return moment

    def set(self, moment: datetime) -> None:
        self.now = moment


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "aipa.db"


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory):
    """A fresh, fully migrated file; copying it is faster than migrating per test.
    (Creating and migrating a fresh file is tested in test_schema.py.)"""
    path = tmp_path_factory.mktemp("template") / "aipa.db"
    Store(path).close()
    return path


@pytest.fixture
def store(db_path, clock, migrated_template):
    shutil.copyfile(migrated_template, db_path)
    s = Store(db_path, now=clock)
    yield s
    s.close()


@pytest.fixture
def session_id(store) -> str:
    return store.create_session("offsite plan")


@pytest.fixture
def run_id(store, session_id) -> str:
    return store.create_run(session_id, "Plan a three-day offsite")
