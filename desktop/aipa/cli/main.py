"""Command-line entry: ``aipa`` (window), ``aipa run``, ``runs``, ``chat``, ``doctor``.

Exit codes: 0 success, 2 bad usage/config, 3 provider unreachable or model missing,
4 auth error, 5 run failed (DESIGN §3).
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TYPE_CHECKING

from aipa import errors

if TYPE_CHECKING:
    pass

# Each command imports what it needs when it runs (issue 13): `aipa --help` loads no
# provider SDK, no store, no pipeline; `aipa runs` no pipeline or planner; the window
# (no command) none of the commands' modules, not even asyncio (it loads after the
# window's first paint).

log = logging.getLogger("aipa.cli.main")

COMMANDS = ("run", "runs", "plan", "export", "chat", "agents", "doctor", "models", "keys", "providers")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--help-window"]:
        from aipa.gui import parser as window_parser

        window_parser().print_help()
        return 0
    if not argv or (argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version")):
        from aipa.gui import main as gui_main

        return gui_main(argv)
    for i, arg in enumerate(argv, 1):
        if not _utf8(arg):
            shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            return _fail(errors.UsageError(f"argument {i} is not valid UTF-8: {shown!r}", "retype it in UTF-8"))
    import asyncio
    import sqlite3

    import peewee

    from aipa.cli.parser import parser

    args = parser().parse_args(argv)
    try:
        return asyncio.run(_dispatch(args))
    except errors.AipaError as exc:
        return _fail(exc)
    except (sqlite3.DatabaseError, peewee.DatabaseError) as exc:  # a read outside the store's write guard
        log.exception("database error")
        if errors.disk_full(exc):
            return _fail(errors.StoreError("disk full: the database cannot grow", errors.DISK_FULL_HINT))
        return _fail(
            errors.StoreError(
                f"the database cannot be read: {exc}",
                "run `aipa doctor` to check it; a damaged file can be rescued with `sqlite3 aipa.db .recover`",
            )
        )
    except OSError as exc:  # the data folder, a log file, an output file
        log.exception("file error")
        if errors.disk_full(exc):
            return _fail(errors.StoreError("disk full", errors.DISK_FULL_HINT))
        where = f" ({exc.filename})" if exc.filename else ""
        return _fail(errors.UsageError(f"{exc.strerror or exc}{where}", "check the path and its permissions"))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader of our output went away
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        return 0


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _fail(exc: errors.AipaError) -> int:
    """The one way a command fails: one error line, one hint line, the exit code."""
    from aipa.core.config.secrets import redact

    print(f"error: {redact(exc.message)}", file=sys.stderr)
    if exc.hint:
        print(f"hint: {redact(exc.hint)}", file=sys.stderr)
    return exc.exit_code


async def _dispatch(args) -> int:
    from aipa.cli.runs import cmd_export, cmd_plan, cmd_run

    if args.command == "keys":
        from aipa.cli import models as cli_models

        return cli_models.cmd_keys(args)
    if args.command == "providers":
        from aipa.cli.providers import cmd_providers

        return await cmd_providers(args)
    handler = {
        "run": cmd_run,
        "runs": cmd_runs,
        "plan": cmd_plan,
        "export": cmd_export,
        "chat": cmd_chat,
        "agents": cmd_agents,
        "doctor": cmd_doctor,
        "models": cmd_models,
    }[args.command]
    return await handler(args)


async def cmd_runs(args) -> int:
    from aipa.app import build
    from aipa.cli.runs import warn
    from aipa.core.run import call_states, clarify

    app = build()
    warn(app)
    try:
        clarify.lapse_all(app.store, app.settings)  # a lapsed question set's deadline policy runs now
        runs = app.store.list_runs(limit=args.limit)
        gates = {r.run_id: clarify.describe(app.store, app.settings, r.run_id) for r in runs}
        calls = {r.run_id: call_states.of_run(app.store, r.run_id) for r in runs}  # ok / re-asked / fell back
    finally:
        await app.aclose()
    rows = [
        {
            "run_id": r.run_id,
            "session_id": r.session_id,
            "directive": r.directive,
            "kind": r.kind,
            "status": r.status,
            "stage": r.stage,
            "started_at": r.started_at.isoformat(),
            "verdict": r.verdict or "",
            "clarify": gates[r.run_id],
            "stages": calls[r.run_id]["states"],
            "cut": calls[r.run_id]["cut"],
        }
        for r in runs
    ]
    if args.json:
        import json

        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    if not rows:
        print('No runs yet. Start one with: aipa run "DIRECTIVE"')
    for r in rows:
        directive = r["directive"] if len(r["directive"]) <= 50 else r["directive"][:49] + "…"
        print(f"{r['run_id']}  {r['status']:<11} {r['started_at'][:16].replace('T', ' ')}  {directive}")
        if r["clarify"] and r["clarify"]["note"] and r["stage"] == "clarify":
            print(f"    clarify: {r['clarify']['note']} (continue with `aipa run --resume {r['run_id']}`)")
    return 0


async def cmd_chat(args) -> int:
    from aipa.app import build
    from aipa.cli.output import StreamPrinter
    from aipa.cli.parser import override
    from aipa.cli.reviewer import TerminalReviewer, YesReviewer, ask
    from aipa.cli.runs import check_session, warn
    from aipa.core.run.chat import Chat

    app = build(override(args))
    warn(app)
    check_session(app, args.session)
    reviewer = YesReviewer() if args.yes else TerminalReviewer()
    chat = Chat(app.pipeline(reviewer, StreamPrinter()), args.agent, args.session)
    try:
        if args.message:
            await chat.send(args.message)
            print()
            return 0
        print(f"Chatting with {chat.agent.name} ({chat.agent.title}). Empty line or Ctrl+D to quit.")
        while True:
            text = (await ask("\nyou › ")).strip()
            if not text:
                return 0
            await chat.send(text)
            print()
    finally:
        await app.aclose()


async def cmd_agents(args) -> int:
    from aipa.app import build
    from aipa.cli import agents as cli_agents
    from aipa.cli.runs import warn

    app = build()
    warn(app)
    try:
        return cli_agents.cmd_agents(args, app)
    finally:
        await app.aclose()


async def cmd_models(args) -> int:
    from aipa.app import Override, build
    from aipa.cli import models as cli_models
    from aipa.cli.parser import override
    from aipa.cli.runs import install_sigterm

    app = build(override(args) if hasattr(args, "provider") else Override())
    import asyncio

    work = asyncio.ensure_future(cli_models.cmd_models(args, app))
    install_sigterm(work)
    try:
        return await work
    except asyncio.CancelledError:
        return 130
    finally:
        await app.aclose()


async def cmd_doctor(args) -> int:
    from aipa.app import build
    from aipa.cli.parser import override
    from aipa.core.config import profiles
    from aipa.core.config.secrets import redact
    from aipa.core.doctor import mcp_checks, profile_checks, run_checks

    try:
        app = build(override(args))
    except errors.StoreError as exc:  # the database itself is the finding
        print(f"✗ database: {redact(exc.message)}\n    → {exc.hint}")
        return exc.exit_code
    try:
        name = app.providers.default_name()
        checks = await run_checks(
            root=app.paths.root,
            store=app.store,
            warnings=app.warnings,
            provider=name,
            get_provider=app.providers.get,
            model=app.providers.default_model(name),
            kind=app.core.profiles.kind(name),
        )
        checks += profile_checks(profiles.listed(app.settings.providers, name), name)
        checks += await mcp_checks(app.settings.mcp_servers)
    finally:
        await app.aclose()
    if args.json:
        import json

        print(json.dumps([c.__dict__ for c in checks], indent=2))
    else:
        for c in checks:
            mark = {"ok": "✓", "warn": "!", "fail": "✗"}[c.status]
            print(f"{mark} {c.name}: {c.detail}")
            if c.hint and c.status != "ok":
                print(f"    → {c.hint}")
    failed = [c for c in checks if c.status == "fail"]
    return max((c.exit_code for c in failed), default=0)
