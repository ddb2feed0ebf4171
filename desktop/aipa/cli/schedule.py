"""``aipa schedule list|add|remove|run|install-timer`` and ``aipa run --scheduled ID``:
directives on a schedule (core/service/schedule.py), through the command line's door.
A scheduled run's gates wait for the Principal (the window's Inbox, or
``aipa run --resume``); ``--scheduled`` runs only an occurrence that is due and that
nobody ran yet (what an OS timer calls), ``schedule run`` runs one now."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from aipa.cli.door import open_core, warn

if TYPE_CHECKING:
    from aipa.core.facade import Core
    from aipa.core.service.schedule import ScheduleRow


def add_parser(sub) -> None:
    p = sub.add_parser("schedule", help="directives on a schedule (daily, weekly, monthly)")
    verbs = p.add_subparsers(dest="verb", required=True)
    listing = verbs.add_parser("list", help="the schedules with their next run")
    listing.add_argument("--json", action="store_true", help="one JSON array")
    add = verbs.add_parser("add", help="add a scheduled directive")
    add.add_argument("directive", help="what the team should do (quote it)")
    when = add.add_mutually_exclusive_group(required=True)
    when.add_argument("--daily", action="store_true", help="every day")
    when.add_argument("--weekly", metavar="DAYS", help="on these weekdays, e.g. mon,thu")
    when.add_argument("--monthly", metavar="DAY", help="on this day of the month (31: the month's last)")
    add.add_argument("--at", required=True, metavar="HH:MM", help="the local time, 24-hour")
    add.add_argument("--tz", default="", metavar="ZONE", help="an IANA time zone (default: this computer's)")
    add.add_argument("--profile", default="", help="the provider profile the run uses (default: the default one)")
    add.add_argument("--attach", nargs="+", metavar="FILE", default=[], help="documents the team works from")
    add.add_argument("--folder", metavar="DIR", default="", help="a folder the team may read")
    remove = verbs.add_parser("remove", help="remove a schedule (its runs stay)")
    remove.add_argument("schedule_id", help="the schedule (see `aipa schedule list`)")
    run = verbs.add_parser("run", help="run a schedule now")
    run.add_argument("schedule_id", help="the schedule to run now")
    run.add_argument("--json", action="store_true", help="print one JSON object")
    timer = verbs.add_parser("install-timer", help="a systemd user timer that runs the schedule headless")
    timer.add_argument("schedule_id", help="the schedule the timer runs")
    timer.add_argument("--remove", action="store_true", help="remove the timer instead")


def _row(core: Core, row: ScheduleRow) -> dict:
    from aipa.core.service.schedule import when

    scheduler = core.service.schedules()
    return {
        "schedule_id": row.schedule_id,
        "directive": row.directive,
        "when": when(row),
        "next": scheduler.next_due(row).isoformat(),
        "profile": row.profile,
        "attachments": list(row.attachments),
        "folder": row.folder,
        "last_slot": row.last_slot,
    }


async def cmd_schedule(args: argparse.Namespace) -> int:
    core = open_core()
    warn(core)
    try:
        return await _verb(core, args)
    finally:
        await core.aclose()


async def _verb(core: Core, args: argparse.Namespace) -> int:
    scheduler = core.service.schedules()
    if args.verb == "list":
        rows = [_row(core, r) for r in scheduler.all()]
        if args.json:
            print(json.dumps(rows, indent=2, ensure_ascii=False))
            return 0
        if not rows:
            print('No schedules. Add one with: aipa schedule add "DIRECTIVE" --daily --at 09:00')
        for r in rows:
            nxt = r["next"][:16].replace("T", " ")
            print(f"{r['schedule_id']}  {r['when']}  next {nxt} UTC  {r['directive'][:50]}")
        return 0
    if args.verb == "add":
        kind, days = "daily", ""
        if args.weekly or args.monthly:
            kind, days = ("weekly", args.weekly) if args.weekly else ("monthly", args.monthly)
        row = scheduler.add(
            args.directive, kind, days, args.at, args.tz,
            profile=args.profile, attachments=args.attach, folder=args.folder,
        )  # fmt: skip
        shown = _row(core, row)
        print(f"added {row.schedule_id}: {shown['when']}, next {shown['next'][:16].replace('T', ' ')} UTC")
        return 0
    if args.verb == "remove":
        scheduler.remove(args.schedule_id)
        print(f"removed {args.schedule_id}")
        return 0
    if args.verb == "install-timer":
        from aipa.cli import schedule_timer

        return schedule_timer.install(scheduler.get(args.schedule_id), core.paths.root, remove=args.remove)
    return _report(await _run(core, args.schedule_id, only_due=False), args.json)


async def _run(core: Core, schedule_id: str, *, only_due: bool) -> dict | None:
    from aipa.cli.output import StreamPrinter

    printer = StreamPrinter(sys.stderr)
    return await core.service.schedules().run(schedule_id, only_due=only_due, on_event=printer)


def _report(summary: dict | None, as_json: bool) -> int:
    if summary is None:
        print("nothing due: this occurrence already ran (or is not due yet)", file=sys.stderr)
        return 0
    if as_json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        said = f" · {summary['message']}" if "message" in summary else ""
        print(f"\nrun {summary['run_id']}: {summary['status']}{said}")
    return 0


async def cmd_run_scheduled(args: argparse.Namespace) -> int:
    """``aipa run --scheduled ID``: the due occurrence, once (an OS timer's command)."""
    core = open_core()
    warn(core)
    try:
        return _report(await _run(core, args.scheduled, only_due=True), args.json)
    finally:
        await core.aclose()
