"""Command-line entry: ``aipa`` (window), ``aipa run``, ``runs``, ``chat``, ``doctor``.

Exit codes: 0 success, 2 bad usage/config, 3 provider unreachable or model missing,
4 auth error, 5 run failed (ARCHITECTURE §7), 6 suspended (a headless run waits for answers or
a review).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import TYPE_CHECKING

from aipa import errors
from aipa.cli.door import open_core, warn

if TYPE_CHECKING:
    pass

# Each command imports what it needs when it runs (ARCHITECTURE §6): `aipa --help` loads no
# provider SDK, no store, no pipeline; `aipa runs` no pipeline or planner; the window
# (no command) none of the commands' modules, not even asyncio (it loads after the
# window's first paint).

log = logging.getLogger("aipa.cli.main")

COMMANDS: tuple[str, ...] = ("run", "runs", "plan", "export", "chat", "agents", "doctor", "models", "keys", "providers")
COMMANDS += ("trace",)  # a run as a timeline (cli/trace.py)
COMMANDS += ("mcp-serve", "serve")  # the team as a service (cli/serve_args.py)
COMMANDS += ("schedule",)  # directives on a schedule (cli/schedule.py)
COMMANDS += ("shell",)  # a REPL on a session, on its own loop (cli/shell.py)
COMMANDS += ("backup", "restore", "import", "search")  # the Principal's data (cli/data.py)
COMMANDS += ("eval",)  # the team against one call on a suite (cli/eval.py)


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
    from aipa.core.text.terminal import safe_output

    with safe_output():  # nothing printed reaches the terminal raw (escapes, controls, bidi overrides)
        return _command(argv)


def _command(argv: list[str]) -> int:
    import asyncio
    import sqlite3

    import peewee

    from aipa.cli.parser import parser

    args = parser().parse_args(argv)
    try:
        if args.command == "shell":
            from aipa.cli.shell import cmd_shell

            return cmd_shell(args)
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

    hint = exc.hint
    if type(exc) is errors.AuthError and "refused the API key" in exc.message:  # a server asked for a key
        from aipa.core.config.key_need import refused_hint

        hint = refused_hint(hint)
    print(f"error: {redact(exc.message)}", file=sys.stderr)
    if hint:
        print(f"hint: {redact(hint)}", file=sys.stderr)
    return exc.exit_code


async def _dispatch(args: argparse.Namespace) -> int:
    from aipa.cli.runs import cmd_export, cmd_plan, cmd_run

    if args.command == "keys":
        from aipa.cli import models as cli_models

        return cli_models.cmd_keys(args)
    if args.command == "trace":
        from aipa.cli.trace import cmd_trace

        return await cmd_trace(args)
    if args.command == "providers":
        from aipa.cli.providers import cmd_providers

        return await cmd_providers(args)
    if args.command == "schedule" or getattr(args, "scheduled", None):
        from aipa.cli import schedule as cli_schedule

        return await (cli_schedule.cmd_schedule if args.command == "schedule" else cli_schedule.cmd_run_scheduled)(args)
    if args.command in ("backup", "restore", "import", "search") or (args.command == "export" and not args.run_id):
        from aipa.cli import data as cli_data

        return await cli_data.dispatch(args)
    if args.command == "eval":
        from aipa.cli.eval import cmd_eval

        return await cmd_eval(args)
    if args.command in ("mcp-serve", "serve"):
        from aipa.cli import serve_args

        return await serve_args.dispatch(args)
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


async def cmd_runs(args: argparse.Namespace) -> int:
    core = open_core()
    warn(core)
    try:
        listed = core.runs.history(limit=args.limit)  # a lapsed question set's deadline policy runs first
        # read while the store is open: each run's family, cost and calls (ok / re-asked / fell back)
        more = {
            r.run.run_id: (
                core.runs.revisions(r.run.run_id),
                core.runs.cost(r.run.run_id),
                core.runs.call_states(r.run.run_id),
            )
            for r in listed
        }
    finally:
        await core.aclose()
    rows = [
        {
            "run_id": r.run.run_id,
            "session_id": r.run.session_id,
            "directive": r.run.directive,
            "kind": r.run.kind,
            "status": r.run.status,
            "stage": r.run.stage,
            "started_at": r.run.started_at.isoformat(),
            "verdict": r.run.verdict or "",
            "clarify": r.clarify,
            "stages": more[r.run.run_id][2]["states"],
            "cut": more[r.run.run_id][2]["cut"],
            "revision": r.run.revision,
            "parent_id": r.run.parent_id,
            "revisions": [x.run_id for x in more[r.run.run_id][0]],  # the family, oldest first
            "cost": more[r.run.run_id][1],
        }
        for r in listed
    ]
    if args.json:
        import json

        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    if not rows:
        print('No runs yet. Start one with: aipa run "DIRECTIVE"')
    for r in listed:
        run, gate = r.run, r.clarify
        directive = run.directive if len(run.directive) <= 50 else run.directive[:49] + "…"
        print(f"{run.run_id}  {run.status:<11} {run.started_at.isoformat()[:16].replace('T', ' ')}  {directive}")
        if gate and gate["note"] and run.stage == "clarify":
            command = "aipa plan --resume" if run.kind == "plan" else "aipa run --resume"
            print(f"    clarify: {gate['note']} (continue with `{command} {run.run_id}`)")
    return 0


async def cmd_chat(args: argparse.Namespace) -> int:
    from aipa.cli.output import StreamPrinter
    from aipa.cli.reviewer import TerminalReviewer, YesReviewer, ask
    from aipa.cli.runs import check_session

    core = open_core(args)
    warn(core)
    await check_session(core, args.session)
    reviewer = YesReviewer(allow_writes=True) if args.yes else TerminalReviewer()  # chat --yes: the write tools too
    try:
        chat = core.team(reviewer, StreamPrinter()).chat(args.agent, args.session)
        if args.attach:  # pictures go with the first message; documents stay the session's
            from aipa.cli import material as cli_material

            await cli_material.provide(core, chat.session_id, args.attach, None)
        if args.message:
            await chat.send(args.message)
            print()
            return 0
        print(f"Chatting with {chat.agent.name} ({chat.agent.title}). /help: commands; empty line or Ctrl+D: quit.")
        while True:
            text = (await ask("\nyou › ")).strip()
            if not text:
                return 0
            if text.startswith("/"):  # /help, /brief, /roster, /quit (cli/shell_commands.py)
                from aipa.cli.shell_commands import chat_command

                if not chat_command(core, text):
                    return 0
                continue
            await chat.send(text)
            print()
    finally:
        await core.aclose()


async def cmd_agents(args: argparse.Namespace) -> int:
    from aipa.cli import agents as cli_agents

    core = open_core()
    warn(core)
    try:
        return cli_agents.cmd_agents(args, core)
    finally:
        await core.aclose()


async def cmd_models(args: argparse.Namespace) -> int:
    from aipa.cli import models as cli_models
    from aipa.cli.runs import install_sigterm

    core = open_core(args)
    import asyncio

    work = asyncio.ensure_future(cli_models.cmd_models(args, core))
    install_sigterm(work)
    try:
        return await work
    except asyncio.CancelledError:
        return 130
    finally:
        await core.aclose()


async def cmd_doctor(args: argparse.Namespace) -> int:
    from aipa.core.config.secrets import redact

    try:
        core = open_core(args)
    except errors.StoreError as exc:  # the database itself is the finding
        print(f"✗ database: {redact(exc.message)}\n    → {exc.hint}")
        return exc.exit_code
    try:
        checks = await core.doctor()
    finally:
        await core.aclose()
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
