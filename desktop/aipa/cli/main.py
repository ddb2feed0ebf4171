"""Command-line entry: ``aipa`` (window), ``aipa run``, ``runs``, ``chat``, ``doctor``.

Exit codes: 0 success, 2 bad usage/config, 3 provider unreachable or model missing,
4 auth error, 5 run failed (DESIGN §3).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import peewee

from aipa import __version__, errors
from aipa.cli import agents as cli_agents
from aipa.cli import models as cli_models
from aipa.core.kinds import RunKind, RunStatus
from aipa.core.secrets import redact

if TYPE_CHECKING:
    from aipa.app import App, Override

# Each command imports what it needs when it runs (issue 13): `aipa --help` loads no
# provider SDK, no store, no pipeline; `aipa runs` no pipeline or planner.

log = logging.getLogger("aipa.cli.main")

COMMANDS = ("run", "runs", "plan", "export", "chat", "agents", "doctor", "models", "keys")
FINISHED = (RunStatus.DONE, RunStatus.REJECTED)  # the Principal decided: a result to print


def _provider_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--provider", default="", help="ollama, openai, anthropic, openai-compatible, builtin, scripted")
    p.add_argument("--model", default="", help="model name (provider default if omitted)")
    p.add_argument("--base-url", default="", help="server URL for OpenAI-compatible servers or a remote Ollama")
    p.add_argument("--dry-run", action="store_true", help="use the scripted provider: no network")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="aipa",
        description="AIPA Desktop: your local agency of LLM agents.",
        epilog="Without a command, `aipa` opens the window: `aipa --dry-run` (no model), "
        '`aipa --smoke "DIRECTIVE" --screenshot out.png` (run one directive, save a picture, exit), '
        "`aipa --help-window` for the window's options. Exit codes: 0 ok, 2 usage or config, "
        "3 provider unreachable or model missing, 4 auth, 5 run failed.",
    )
    top.add_argument("--version", action="version", version=f"aipa {__version__}")
    sub = top.add_subparsers(dest="command")

    run = sub.add_parser("run", help="run one directive headless")
    run.add_argument("directive", nargs="?", default="", help="what the team should do (quote it)")
    run.add_argument("--resume", metavar="RUN_ID", help="continue a suspended or interrupted run")
    run.add_argument("--session", metavar="SESSION_ID", help="add the run to an existing session")
    run.add_argument("--json", action="store_true", help="print one JSON object at the end (streams go to stderr)")
    run.add_argument("--yes", action="store_true", help="accept every gate")
    run.add_argument("--no-thinking", action="store_true", help="hide the models' thinking")
    run.add_argument("--attach", nargs="+", metavar="FILE", default=[], help="documents the team works from")
    run.add_argument("--folder", metavar="DIR", help="a folder the team may list, search and read (never write)")
    _provider_args(run)

    plan = sub.add_parser("plan", help="plan a project: analysis, features, stories, tasks, sprints")
    plan.add_argument("description", nargs="?", default="", help="the project in a sentence or a paragraph")
    plan.add_argument("--resume", metavar="RUN_ID", help="continue a suspended or interrupted plan")
    plan.add_argument("--context", metavar="FILE", help="a file with more context (notes, a brief)")
    plan.add_argument("--json", action="store_true", help="print one JSON object at the end")
    plan.add_argument("--yes", action="store_true", help="accept every stage; unanswered questions get defaults")
    plan.add_argument("--no-thinking", action="store_true", help="hide the models' thinking")
    _provider_args(plan)

    export = sub.add_parser("export", help="export a run's result (a plan or a deliverable)")
    export.add_argument("run_id", help="the run to export (see `aipa runs`)")
    export.add_argument("--format", choices=("md", "html", "json"), default="md", help="default: md")
    export.add_argument("-o", "--output", help="file to write (default: stdout)")

    statuses = ", ".join(RunStatus)
    runs = sub.add_parser(
        "runs",
        help="list runs, newest first",
        description=f"List runs, newest first. A run's status is one of: {statuses}.",
    )
    runs.add_argument("--json", action="store_true", help="one JSON array")
    runs.add_argument("--limit", type=int, default=50, help="at most this many (default 50)")

    chat = sub.add_parser("chat", help="talk to one agent, no pipeline")
    chat.add_argument("--agent", required=True, help="the agent's name, e.g. Atlas")
    chat.add_argument("--session", metavar="SESSION_ID", help="continue a conversation in that session")
    chat.add_argument("-m", "--message", help="send one message and exit")
    chat.add_argument("--yes", action="store_true", help="allow the agent's write tools without asking")
    _provider_args(chat)

    cli_agents.add_parser(sub)
    cli_models.add_parsers(sub, _provider_args)

    doctor = sub.add_parser("doctor", help="check providers, models, keyring, data dir")
    doctor.add_argument("--json", action="store_true", help="one JSON object")
    _provider_args(doctor)
    return top


def _override(args) -> Override:
    from aipa.app import Override

    if getattr(args, "dry_run", False):
        return Override("scripted", args.model, "")
    return Override(args.provider, args.model, args.base_url)


def _warn(app: App) -> None:
    for text in app.warnings:
        print(f"warning: {text}", file=sys.stderr)


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
    print(f"error: {redact(exc.message)}", file=sys.stderr)
    if exc.hint:
        print(f"hint: {redact(exc.hint)}", file=sys.stderr)
    return exc.exit_code


async def _dispatch(args) -> int:
    if args.command == "keys":
        return cli_models.cmd_keys(args)
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


def _install_sigterm(task: asyncio.Task) -> None:
    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
    except (NotImplementedError, RuntimeError):
        pass


async def _stoppable(app: App, coro, resume_command: str):
    """Run ``coro`` until done, Ctrl+C or SIGTERM (then None); always close the app."""
    work = asyncio.ensure_future(coro)
    _install_sigterm(work)
    try:
        return await work
    except asyncio.CancelledError:
        print(f"\nStopped. Continue later with `{resume_command} RUN_ID` (see `aipa runs`).", file=sys.stderr)
        return None
    finally:
        await app.aclose()


def _resume_origin(app: App, args, run_id: str | None) -> None:
    """A resume uses the provider, model and base URL the run was started with, unless
    given again on this command line."""
    from aipa.app import Override, Providers

    run = app.store.get_run(run_id) if run_id else None
    if run is None or not (run.provider or run.model or run.base_url):
        return
    given = app.providers.override
    if given.provider and given.provider != run.provider:
        return  # another provider: its own model and URL
    merged = Override(given.provider or run.provider, given.model or run.model, given.base_url or run.base_url)
    if merged != given:
        print(f"Resuming on {merged.provider or 'the default provider'}"
              + (f" · {merged.model}" if merged.model else "")
              + (f" · {merged.base_url}" if merged.base_url else "")
              + " (as the run was started)", file=sys.stderr)  # fmt: skip
        app.providers = Providers(app.settings, merged, app.paths)


def _check_session(app: App, session_id: str | None) -> None:
    if session_id and app.store.get_session(session_id) is None:
        app.store.close()
        raise errors.UsageError(
            f"no session {session_id}", "session ids are in `aipa runs --json`; leave --session out to start a new one"
        )


def _reviewer(args):
    from aipa.cli.reviewer import TerminalReviewer, YesReviewer
    from aipa.core.reviewer import SuspendingReviewer

    if args.yes:
        return YesReviewer()
    return TerminalReviewer() if sys.stdin.isatty() else SuspendingReviewer()


async def cmd_run(args) -> int:
    if not args.directive and args.attach and not Path(args.attach[-1]).exists():
        args.directive = args.attach.pop()  # `--attach a.pdf b.md "DIRECTIVE"`: the list swallowed it
    from aipa.app import build
    from aipa.cli.output import StreamPrinter

    if not args.directive and not args.resume:
        raise errors.UsageError("give a directive or --resume RUN_ID", 'e.g. aipa run "Plan a team offsite"')
    app = build(_override(args))
    _warn(app)
    _check_session(app, args.session)
    _resume_origin(app, args, args.resume)
    printer = StreamPrinter(sys.stderr if args.json else sys.stdout, thinking=not args.no_thinking)
    pipeline = app.pipeline(_reviewer(args), printer)
    material: dict = {}

    async def work():
        resumed = app.store.get_run(args.resume) if args.resume else None
        catching_up = _catch_up_briefs(app, args.session, resumed.session_id if resumed else None)
        try:
            session_id = args.session
            if not args.resume and (args.attach or args.folder):
                from aipa.cli import material as cli_material

                session_id = session_id or app.store.create_session(args.directive.strip()[:80])
                material.update(await cli_material.provide(app, session_id, args.attach, args.folder))
            if args.resume:
                result = await pipeline.resume(args.resume)
            else:
                result = await pipeline.run(args.directive, session_id=session_id)
            if result.status in FINISHED and not args.session:
                if app.settings.memory_brief_enabled:
                    _brief_due(app, result.session_id)  # updated at the next start: nobody waits for it
                else:
                    await pipeline.close_session(result.session_id)  # closed, no brief rewrite: no model call
            return result
        finally:
            catching_up.cancel()  # what it did not finish stays pending
            await asyncio.gather(catching_up, return_exceptions=True)

    result = await _stoppable(app, work(), "aipa run --resume")
    if result is None:
        return 130
    if args.json:
        print(json.dumps({**result.to_json(), **material}, indent=2, ensure_ascii=False))
    elif result.status in FINISHED:
        print(f"verdict: {result.verdict} · decision: {result.decision or '-'} · run {result.run_id}")
        if result.fallbacks:
            print("fell back at: " + ", ".join(result.fallbacks))
    return errors.EXIT_OK


def _catch_up_briefs(app: App, *in_use: str | None) -> asyncio.Task:
    """The standing-brief updates earlier runs left pending, in the background of this
    command (core/memory.py); the sessions in use are left for later."""
    from aipa.core import memory
    from aipa.core.reviewer import AutoReviewer

    return asyncio.ensure_future(memory.catch_up(app.pipeline(AutoReviewer()), skip=[s for s in in_use if s]))


def _brief_due(app: App, session_id: str) -> None:
    """The finished session's standing-brief update is left to the next start."""
    from aipa.core import memory

    if not app.settings.memory_brief_enabled:
        app.store.close_session(session_id)
        return
    try:
        memory.mark_pending(app.store, session_id, True)
    except errors.StoreError as exc:  # a read-only database: the brief stays as it is
        log.warning("could not note the pending brief update: %s", exc)


async def cmd_plan(args) -> int:
    if not args.description and not args.resume:
        raise errors.UsageError(
            "give a project description or --resume RUN_ID",
            'e.g. aipa plan "A habit-tracking app, 4 developers, 2-week sprints"',
        )
    context = ""
    if args.context:
        try:
            context = Path(args.context).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise errors.UsageError(f"cannot read {args.context}: {exc.strerror}", "check the path") from None
    from aipa.app import build
    from aipa.cli.output import StreamPrinter
    from aipa.core.planning.export import plan_markdown

    app = build(_override(args))
    _warn(app)
    _resume_origin(app, args, args.resume)
    printer = StreamPrinter(sys.stderr if args.json else sys.stdout, thinking=not args.no_thinking)
    planner = app.planner(_reviewer(args), printer)

    async def work():
        catching_up = _catch_up_briefs(app)
        try:
            if args.resume:
                return await planner.resume(args.resume)
            return await planner.plan(args.description, context=context)
        finally:
            catching_up.cancel()  # what it did not finish stays pending
            await asyncio.gather(catching_up, return_exceptions=True)

    result = await _stoppable(app, work(), "aipa plan --resume")
    if result is None:
        return 130
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    elif result.status in FINISHED:
        print(plan_markdown(result.plan))
        if result.fallbacks:
            print("fell back at: " + ", ".join(result.fallbacks))
    return errors.EXIT_OK


async def cmd_export(args) -> int:
    from aipa.app import build

    app = build()
    try:
        run = app.store.get_run(args.run_id)
        if run is None:
            raise errors.UsageError(f"no run {args.run_id}", "list runs with `aipa runs`")
        text = export_run(app, run, args.format)
    finally:
        await app.aclose()
    if args.output:
        out = Path(args.output)
        if not out.parent.is_dir():
            raise errors.UsageError(f"cannot write {out}: the folder {out.parent} does not exist", "create it first")
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            if errors.disk_full(exc):
                raise errors.StoreError(f"disk full: cannot write {out}", "free some space and export again") from None
            raise errors.UsageError(f"cannot write {out}: {exc.strerror}", "pick another file") from None
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def export_run(app: App, run, fmt: str) -> str:
    if run.kind == RunKind.PLAN:
        from aipa.core.planning.export import plan_html, plan_json, plan_markdown

        plan = app.planner().plan_of(run.run_id)
        return {"md": plan_markdown, "html": plan_html, "json": plan_json}[fmt](plan)
    text = run.deliverable or ""
    if fmt == "json":
        return (
            json.dumps(
                {
                    "run_id": run.run_id,
                    "directive": run.directive,
                    "status": run.status,
                    "deliverable": text,
                    "verdict": run.verdict,
                },
                indent=2,
                ensure_ascii=False,
            )
            + "\n"
        )
    if fmt == "html":
        from aipa.core.render import html_document

        return html_document(text, run.directive[:80])
    return text


async def cmd_runs(args) -> int:
    from aipa.app import build
    from aipa.core import clarify

    app = build()
    _warn(app)
    try:
        clarify.lapse_all(app.store, app.settings)  # a lapsed question set's deadline policy runs now
        runs = app.store.list_runs(limit=args.limit)
        gates = {r.run_id: clarify.describe(app.store, app.settings, r.run_id) for r in runs}
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
        }
        for r in runs
    ]
    if args.json:
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
    from aipa.cli.reviewer import TerminalReviewer, YesReviewer, ask
    from aipa.core.chat import Chat

    app = build(_override(args))
    _warn(app)
    _check_session(app, args.session)
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

    app = build()
    _warn(app)
    try:
        return cli_agents.cmd_agents(args, app)
    finally:
        await app.aclose()


async def cmd_models(args) -> int:
    from aipa.app import Override, build

    app = build(_override(args) if hasattr(args, "provider") else Override())
    work = asyncio.ensure_future(cli_models.cmd_models(args, app))
    _install_sigterm(work)
    try:
        return await work
    except asyncio.CancelledError:
        return 130
    finally:
        await app.aclose()


async def cmd_doctor(args) -> int:
    from aipa.app import build
    from aipa.core.doctor import mcp_checks, run_checks

    try:
        app = build(_override(args))
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
        )
        checks += await mcp_checks(app.settings.mcp_servers)
    finally:
        await app.aclose()
    if args.json:
        print(json.dumps([c.__dict__ for c in checks], indent=2))
    else:
        for c in checks:
            mark = {"ok": "✓", "warn": "!", "fail": "✗"}[c.status]
            print(f"{mark} {c.name}: {c.detail}")
            if c.hint and c.status != "ok":
                print(f"    → {c.hint}")
    failed = [c for c in checks if c.status == "fail"]
    return max((c.exit_code for c in failed), default=0)
