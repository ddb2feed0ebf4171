"""The data commands (issue 33): ``aipa backup [--to FILE] [--json] [--list]``, ``aipa
restore FILE [--yes]``, ``aipa export --all FILE``, ``aipa import FILE`` and ``aipa search
QUERY [--json] [--limit N] [--trash]``, through the core's data door (``core.data``).
``restore`` never opens the live database (it may be the damaged thing it replaces)."""

from __future__ import annotations

import argparse
import json
import sys

from aipa import errors
from aipa.cli.door import open_core, warn

COMMANDS = ("backup", "restore", "import", "search")


def add_parsers(sub) -> None:
    backup = sub.add_parser(
        "backup",
        help="make a verified backup of everything now (or list them: --list)",
        description="A verified backup (integrity check, counts) of the database, with the settings and "
        "your agent files (never a key), into backups/ in the data folder. One is also made by itself "
        "once a day, and before every upgrade, restore, import and emptying of the Trash.",
    )
    backup.add_argument("--to", metavar="FILE", help="write the backup to this file instead")
    backup.add_argument("--list", action="store_true", help="list the backups, newest first")
    backup.add_argument("--json", action="store_true", help="one JSON object (a list with --list)")

    restore = sub.add_parser(
        "restore",
        help="replace the data with a backup (the current data is backed up first)",
        description="Check FILE (a readable, sound AIPA database no newer than this app), make a "
        "pre-restore backup of the current data, and put FILE in its place. Refused while another AIPA "
        "process has the data open. Exit 2 for a file that cannot be restored (nothing is changed).",
    )
    restore.add_argument("file", help="a backup (see `aipa backup --list`)")
    restore.add_argument("--yes", action="store_true", help="do not ask")

    imp = sub.add_parser(
        "import",
        help="merge an archive of everything (`aipa export --all`) into this data folder",
        description="Merge an archive made by `aipa export --all` into this data folder: ids are kept, "
        "what is here already is skipped (importing twice changes nothing), conflicts are summed up in "
        "one line. A pre-import backup is made first.",
    )
    imp.add_argument("file", help="the archive (.zip)")
    imp.add_argument("--json", action="store_true", help="one JSON object")

    search = sub.add_parser("search", help="search every session's messages (full text)")
    search.add_argument("query", help="words to find (as in the window's search)")
    search.add_argument("--json", action="store_true", help="one JSON array of matches")
    search.add_argument("--limit", type=int, default=50, help="at most this many (default 50)")
    search.add_argument("--trash", action="store_true", help="search the sessions in the Trash too")


class Bar:
    """A progress bar on stderr when it is a terminal (nothing otherwise)."""

    WIDTH = 30

    def __init__(self, label: str) -> None:
        self.label = label
        self.on = sys.stderr.isatty()
        self.shown = False

    def __call__(self, done: int, total: int, what: str) -> None:
        if not self.on or total <= 0:
            return
        filled = int(self.WIDTH * min(done, total) / total)
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (self.WIDTH - filled)}] {what:<16}\x1b[K")
        sys.stderr.flush()
        self.shown = True

    def end(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def _size(n: int) -> str:
    return errors.size_text(n)


async def cmd_backup(args: argparse.Namespace) -> int:
    core = open_core()
    warn(core)
    try:
        if args.list:
            found = core.data.listed()
            if args.json:
                print(json.dumps([b.as_json() for b in found], indent=2))
                return 0
            if not found:
                print("No backups yet. Make one with: aipa backup")
            for b in found:
                print(
                    f"{b.created:%Y-%m-%d %H:%M}  {b.kind:<13} {b.sessions:>5} sessions {b.runs:>6} runs  "
                    f"{_size(b.bytes):>9}  {'verified' if b.verified else 'UNVERIFIED'}  {b.path}"
                )
            return 0
        made = core.data.backup(args.to)
    finally:
        await core.aclose()
    if args.json:
        print(json.dumps(made.as_json(), indent=2))
    else:
        print(f"Backed up {made.sessions} sessions and {made.runs} runs ({_size(made.bytes)}, verified): {made.path}")
    return 0


async def cmd_restore(args: argparse.Namespace) -> int:
    from pathlib import Path

    from aipa.core.config.paths import Paths
    from aipa.core.data.door import DataDoor

    door = DataDoor.offline(Paths.default().ensure())
    source = Path(args.file).expanduser()
    door.check_restore(source)  # a bad file: exit 2 before any question
    if not args.yes:
        if not sys.stdin.isatty():
            raise errors.UsageError("restore replaces your data: confirm with --yes", "add --yes to restore")
        reply = input(f"Replace the data in {door.paths.root} with {source}? (a backup is made first) [y/N] ")
        if reply.strip().lower() not in ("y", "yes"):
            print("Nothing was changed.")
            return 0
    done = door.restore(source)
    print(f"Restored {done.sessions} sessions and {done.runs} runs from {done.path}.")
    if done.safety is not None:
        print(f"The data as it was is kept in {done.safety} (`aipa restore` it to go back).")
    return 0


async def cmd_export_all(args: argparse.Namespace) -> int:
    core = open_core()
    warn(core)
    bar = Bar("exporting")
    try:
        manifest = core.data.export_all(args.all, bar)
    finally:
        bar.end()
        await core.aclose()
    c = manifest["counts"]
    print(f"Exported {c['sessions']} sessions, {c['runs']} runs, {c['messages']} messages to {args.all}")
    return 0


async def cmd_import(args: argparse.Namespace) -> int:
    core = open_core()
    warn(core)
    bar = Bar("importing")
    try:
        done = core.data.import_archive(args.file, bar)
    finally:
        bar.end()
        await core.aclose()
    if args.json:
        r = done.report
        out = {"added": r.added, "already": r.already, "conflicts": r.clashes, "summary": done.summary()}
        out |= {"backup": str(done.safety) if done.safety else None, "files_added": list(done.files_added)}
        out["pictures_added"] = done.pictures_added
        print(json.dumps(out, indent=2))
    else:
        print(done.summary().capitalize())
        if done.safety is not None:
            print(f"The data as it was is kept in {done.safety}.")
    return 0


async def cmd_search(args: argparse.Namespace) -> int:
    core = open_core()
    warn(core)
    try:
        hits = core.data.search(args.query, max(1, args.limit), trash=args.trash)
    finally:
        await core.aclose()
    rows = [
        {"session_id": h.session_id, "run_id": h.run_id, "message_id": h.message_id, "agent": h.agent}
        | {"kind": h.kind, "snippet": h.snippet}
        for h in hits
    ]
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    if not rows:
        print(f"No messages match {args.query!r}.")
    for h in hits:
        who = h.agent or "you"
        print(f"{h.session_id}  {h.run_id or '-':<16} #{h.message_id:<6} {who}: {h.snippet}")
    return 0


async def dispatch(args: argparse.Namespace) -> int:
    if args.command == "export":
        if not args.all:
            raise errors.UsageError(
                "export needs a run id or --all FILE", "e.g. `aipa export RUN_ID` or `aipa export --all everything.zip`"
            )
        return await cmd_export_all(args)
    handler = {"backup": cmd_backup, "restore": cmd_restore, "import": cmd_import, "search": cmd_search}
    return await handler[args.command](args)
