"""The run, plan and export commands: a directive or a plan run headless, resumed,
stopped, exported."""

from __future__ import annotations

import asyncio
import json
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from aipa import errors
from aipa.cli.parser import override
from aipa.core.kinds import RunKind, RunStatus

if TYPE_CHECKING:
    from aipa.app import App

log = logging.getLogger("aipa.cli.main")

FINISHED = (RunStatus.DONE, RunStatus.REJECTED)  # the Principal decided: a result to print


def warn(app: App) -> None:
    for text in app.warnings:
        print(f"warning: {text}", file=sys.stderr)


def install_sigterm(task: asyncio.Task) -> None:
    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
    except (NotImplementedError, RuntimeError):
        pass


async def _stoppable(app: App, coro, resume_command: str):
    """Run ``coro`` until done, Ctrl+C or SIGTERM (then None); always close the app."""
    work = asyncio.ensure_future(coro)
    install_sigterm(work)
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
    merged = Override(
        given.provider or run.provider, given.model or run.model, given.base_url or run.base_url, given.send_key
    )
    if merged != given:
        print(f"Resuming on {merged.provider or 'the default provider'}"
              + (f" · {merged.model}" if merged.model else "")
              + (f" · {merged.base_url}" if merged.base_url else "")
              + " (as the run was started)", file=sys.stderr)  # fmt: skip
        app.providers = Providers(app.settings, merged, app.paths)


def check_session(app: App, session_id: str | None) -> None:
    if session_id and app.store.get_session(session_id) is None:
        app.store.close()
        raise errors.UsageError(
            f"no session {session_id}", "session ids are in `aipa runs --json`; leave --session out to start a new one"
        )


def _reviewer(args):
    from aipa.cli.reviewer import TerminalReviewer, YesReviewer
    from aipa.core.run.reviewer import SuspendingReviewer

    allowed = frozenset(n.strip() for n in (getattr(args, "allow_tools", "") or "").split(",") if n.strip())
    reviewer: YesReviewer | TerminalReviewer | SuspendingReviewer
    if args.yes:
        reviewer = YesReviewer(allow_writes="all" in allowed)  # --yes: review gates only
    else:
        reviewer = TerminalReviewer() if sys.stdin.isatty() else SuspendingReviewer()
    reviewer.allowed_tools = allowed  # MCP tools named at the start run without asking (app.grounding)
    return reviewer


async def cmd_run(args) -> int:
    if not args.directive and args.attach and not Path(args.attach[-1]).exists():
        args.directive = args.attach.pop()  # `--attach a.pdf b.md "DIRECTIVE"`: the list swallowed it
    from aipa.app import build
    from aipa.cli.output import StreamPrinter

    if not args.directive and not args.resume:
        raise errors.UsageError("give a directive or --resume RUN_ID", 'e.g. aipa run "Plan a team offsite"')
    app = build(override(args))
    warn(app)
    check_session(app, args.session)
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
    command (core/session/memory.py); the sessions in use are left for later."""
    from aipa.core.run.reviewer import AutoReviewer
    from aipa.core.session import memory

    return asyncio.ensure_future(memory.catch_up(app.pipeline(AutoReviewer()), skip=[s for s in in_use if s]))


def _brief_due(app: App, session_id: str) -> None:
    """The finished session's standing-brief update is left to the next start."""
    from aipa.core.session import memory

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

    app = build(override(args))
    warn(app)
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
        from aipa.core.text.render import html_document

        return html_document(text, run.directive[:80])
    from aipa.core.text.terminal import terminal_safe

    return terminal_safe(text)  # a Markdown export: read in terminals and editors, never obeyed
