"""Where user data lives (``AIPA_HOME`` moves all of it), and where the shipped,
read-only data is (``prompts/`` and ``resources/``, installed as ``aipa.prompts`` and
``aipa.resources``)."""

from __future__ import annotations

import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path


def default_data_dir() -> Path:
    """The platform's per-user data folder for AIPA."""
    home = os.environ.get("AIPA_HOME")
    if home:
        return Path(home).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
        return base / "AIPA"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "AIPA"
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "aipa"


def shipped_dir(name: str) -> Path:
    """A folder of shipped data (``"prompts"`` or ``"resources"``): installed as package
    data (wheel or editable install), inside a frozen bundle (PyInstaller), or in a
    source checkout (the repository's top level)."""
    try:  # the package's own folder (importlib.resources would load zipfile & co. on the way to the first paint)
        spec = importlib.util.find_spec(f"aipa.{name}")
        for location in (spec.submodule_search_locations or []) if spec else []:
            candidate = Path(location)
            if candidate.is_dir():
                return candidate
    except (ModuleNotFoundError, ValueError):
        pass
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        for candidate in (Path(meipass) / "aipa" / name, Path(meipass) / name):
            if candidate.is_dir():
                return candidate
    return Path(__file__).resolve().parents[4] / name


@dataclass(frozen=True)
class Paths:
    """All user-data locations, derived from one root."""

    root: Path

    @classmethod
    def default(cls) -> Paths:
        return cls(default_data_dir())

    @property
    def db(self) -> Path:
        return self.root / "aipa.db"

    @property
    def settings(self) -> Path:
        return self.root / "settings.json"

    @property
    def agents(self) -> Path:
        return self.root / "agents"

    @property
    def logs(self) -> Path:
        return self.root / "logs"

    @property
    def log_file(self) -> Path:
        return self.logs / "aipa.log"

    @property
    def models(self) -> Path:
        return self.root / "models"

    @property
    def exports(self) -> Path:
        return self.root / "exports"

    def ensure(self) -> Paths:
        for folder in (self.root, self.agents, self.logs, self.models):
            folder.mkdir(parents=True, exist_ok=True)
        return self
