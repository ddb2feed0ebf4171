"""Where each OS keeps AIPA's data and logs (issue 30): the conventions of each platform,
``AIPA_HOME`` moving all of it, and a folder given by hand keeping its logs inside it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from aipa.core.config.paths import Paths, default_data_dir, default_log_dir


@pytest.fixture
def bare_env(monkeypatch, tmp_path):
    for name in ("AIPA_HOME", "APPDATA", "LOCALAPPDATA", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    return tmp_path


@pytest.mark.parametrize(
    ("platform", "data", "logs"),
    [
        ("linux", ".local/share/aipa", ".local/state/aipa/logs"),
        ("darwin", "Library/Application Support/AIPA", "Library/Logs/AIPA"),
        ("win32", "AppData/Roaming/AIPA", "AppData/Local/AIPA/Logs"),
    ],
)
def test_each_os_has_its_own_data_and_log_folders(bare_env, monkeypatch, platform, data, logs):
    monkeypatch.setattr(sys, "platform", platform)
    assert default_data_dir() == bare_env / data
    assert default_log_dir() == bare_env / logs
    paths = Paths.default()
    assert paths.log_file == bare_env / logs / "aipa.log"
    assert paths.db == bare_env / data / "aipa.db"


def test_the_environment_s_folders_are_followed(bare_env, monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "s"))
    assert Paths.default() == Paths(tmp_path / "d" / "aipa", tmp_path / "s" / "aipa" / "logs")
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    assert Paths.default() == Paths(tmp_path / "roaming" / "AIPA", tmp_path / "local" / "AIPA" / "Logs")


def test_aipa_home_moves_everything_logs_too(bare_env, monkeypatch, tmp_path):
    for platform in ("linux", "darwin", "win32"):
        monkeypatch.setattr(sys, "platform", platform)
        monkeypatch.setenv("AIPA_HOME", str(tmp_path / "home"))
        paths = Paths.default()
        assert paths.root == tmp_path / "home"
        assert paths.logs == tmp_path / "home" / "logs"


def test_a_folder_given_by_hand_keeps_its_logs_inside_and_ensure_makes_both(tmp_path):
    assert Paths(tmp_path / "x").logs == tmp_path / "x" / "logs"
    paths = Paths(tmp_path / "data", tmp_path / "state" / "aipa" / "logs").ensure()
    assert paths.root.is_dir() and paths.logs.is_dir()
    assert not (paths.root / "logs").exists()  # nothing made where the logs no longer go
