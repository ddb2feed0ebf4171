"""Where user data lives (``AIPA_HOME`` moves all of it), and where the shipped,
read-only data is (``prompts/`` and ``resources/``, installed as ``aipa.prompts`` and
``aipa.resources``).

Each OS has its own convention: the data (database, settings, agents, models, backups) in
the per-user data folder, the logs where the OS keeps logs (Linux: ``$XDG_STATE_HOME``;
macOS: ``~/Library/Logs``; Windows: the local, not roaming, app data). With ``AIPA_HOME``
set, everything lives under it, logs too. Nothing is moved: a data folder made by an
older version stays where it is, and its old ``logs/`` folder is left for the user."""

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


def default_log_dir() -> Path:
    """The platform's per-user folder for AIPA's logs (``AIPA_HOME/logs`` when set)."""
    home = os.environ.get("AIPA_HOME")
    if home:
        return Path(home).expanduser() / "logs"
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        return base / "AIPA" / "Logs"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Logs" / "AIPA"
    base = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    return base / "aipa" / "logs"


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
    """All user-data locations, derived from one root (and the OS's log folder, which
    defaults to ``root/logs`` for a folder given by hand, as the tests do)."""

    root: Path
    log_root: Path | None = None

    @classmethod
    def default(cls) -> Paths:
        return cls(default_data_dir(), default_log_dir())

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
        return self.log_root or self.root / "logs"

    @property
    def log_file(self) -> Path:
        return self.logs / "aipa.log"

    @property
    def models(self) -> Path:
        return self.root / "models"

    @property
    def pictures(self) -> Path:
        """Attached pictures, one file per content (``ab/abcdef….png``)."""
        return self.root / "pictures"

    @property
    def exports(self) -> Path:
        return self.root / "exports"

    def ensure(self) -> Paths:
        """Make the data folder and its folders. Raises ConfigError (one line) when the
        data folder is a file, or a folder in it cannot be made."""
        from aipa.errors import ConfigError

        if self.root.exists() and not self.root.is_dir():
            raise ConfigError(
                f"the data folder {self.root} is a file, not a folder",
                "point AIPA_HOME at a folder (or move that file away)",
            )
        for folder in (self.root, self.agents, self.logs, self.models):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except FileExistsError:
                raise ConfigError(f"{folder} is a file, not a folder", "move that file away") from None
            except OSError as exc:
                why = "permissions" if isinstance(exc, PermissionError) else (exc.strerror or str(exc))
                raise ConfigError(
                    f"cannot create the folder {folder} ({why})",
                    "set AIPA_HOME to a folder you can write, or fix that folder's permissions",
                ) from None
        return self
