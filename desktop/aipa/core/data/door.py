"""The data room's door (``core.data``): backups, restore, the archive of everything and
search from the terminal, for the window's Settings → Data page and the ``aipa backup /
restore / export --all / import / search`` commands. ``DataDoor.offline`` is the same door
without an open database (``aipa restore`` on a damaged file must not open it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from aipa.core.config.paths import Paths
from aipa.core.config.settings import Settings
from aipa.core.data import restore as restoring
from aipa.core.data.backups import Backups
from aipa.store.backup import BackupInfo

if TYPE_CHECKING:
    from aipa.core.data.archive import Imported, Progress
    from aipa.core.data.restore import Restored
    from aipa.core.session.search import SearchHit
    from aipa.store import Store


class DataDoor:
    def __init__(self, paths: Paths, settings: Callable[[], Settings], store: Store | None = None) -> None:
        self.paths = paths
        self._store = store
        self.backups = Backups(paths, settings)

    @classmethod
    def offline(cls, paths: Paths) -> DataDoor:
        """The door before (or without) opening the database: settings read from the file."""
        from aipa.core.config.settings import load_settings

        settings = load_settings(paths.settings)[0] if paths.settings.is_file() else Settings()
        return cls(paths, lambda: settings)

    # --- backups ---------------------------------------------------------------------

    def backup(self, to: Path | None = None, kind: str = "manual") -> BackupInfo:
        """A verified backup now (``to``: a file of your choice, else into backups/)."""
        return self.backups.make(kind, to)

    def listed(self) -> list[BackupInfo]:
        return self.backups.listed()

    def last_backup(self) -> BackupInfo | None:
        return self.backups.newest()

    def start_daily(self) -> None:
        """Today's automatic backup, in the background, if it is due."""
        self.backups.start_daily()

    def wait_daily(self, timeout: float = 120.0) -> None:
        self.backups.wait_daily(timeout)

    def before_trash_empty(self) -> None:
        """The pre-trash backup (emptying the Trash deletes for good)."""
        self.backups.make("pre-trash")

    # --- restore ---------------------------------------------------------------------

    def check_restore(self, path: Path) -> None:
        """Raise UsageError when ``path`` cannot be restored (nothing changes)."""
        restoring.check(Path(path))

    def restore(self, path: Path) -> Restored:
        """Replace the live data with the backup ``path`` (see ``core/data/restore.py``)."""
        return restoring.restore(self.paths, Path(path), self.backups.make)

    def in_the_way(self) -> list:
        """Other AIPA processes that have the data open now (a restore waits for them)."""
        return restoring.in_the_way(self.paths)

    def damaged_hint(self) -> str:
        return restoring.damaged_hint(self.paths)

    # --- the archive of everything ---------------------------------------------------

    def export_all(self, path: Path, progress: Progress | None = None) -> dict:
        from aipa.core.data.archive import export_all

        return export_all(self.paths, Path(path), progress)

    def import_archive(self, path: Path, progress: Progress | None = None) -> Imported:
        from aipa.core.data.archive import import_archive

        return import_archive(self.paths, Path(path), self.backups.make, progress)

    # --- search ----------------------------------------------------------------------

    def search(self, query: str, limit: int = 50, *, trash: bool = False) -> list[SearchHit]:
        """Messages matching ``query`` over every session (the window's index and snippets);
        sessions in the Trash only with ``trash``."""
        from aipa.core.session.search import search

        assert self._store is not None, "search needs the open database"
        return search(self._store, query, limit, trash=trash)
