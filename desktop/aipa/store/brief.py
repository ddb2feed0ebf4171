"""The standing brief: the orchestrator's cross-session memory, versioned, with an
archive of log entries retired from it."""

from __future__ import annotations

from aipa.store.base import StoreBase
from aipa.store.models import BriefVersion
from aipa.store.records import BriefRecord


def _record(row: BriefVersion) -> BriefRecord:
    return BriefRecord(version=row.version, text=row.text, reason=row.reason, created_at=row.created_at)


class BriefOps(StoreBase):
    def save_brief(self, text: str, reason: str = "") -> None:
        """Append a new version of the standing brief."""
        with self._writing("save the standing brief"):
            self._m.brief_version.create(text=text, reason=reason, created_at=self._now())

    def current_brief(self) -> str | None:
        """The latest version's text; None before the first save."""
        b = self._m.brief_version
        row = b.select(b.text).order_by(b.version.desc()).first()
        return None if row is None else row.text

    def brief_history(self, limit: int = 50) -> list[BriefRecord]:
        """Newest version first."""
        b = self._m.brief_version
        return [_record(row) for row in b.select().order_by(b.version.desc()).limit(limit)]

    def archive_brief_entries(self, entries: list[str]) -> None:
        """Keep entries retired from the brief (in the given order)."""
        if not entries:
            return
        with self._writing("archive standing-brief entries"):
            now = self._now()
            self._m.brief_archive.insert_many([{"entry": entry, "archived_at": now} for entry in entries]).execute()

    def archived_brief_entries(self) -> list[str]:
        """Every archived entry, oldest first."""
        a = self._m.brief_archive
        return [row.entry for row in a.select(a.entry).order_by(a.id)]
