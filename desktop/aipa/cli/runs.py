"""The run, plan and export commands: a directive or a plan run headless, resumed,
stopped, exported."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from aipa import errors
from aipa.cli.door import open_core, warn
from aipa.core.kinds import RunKind, RunStatus
from aipa.core.run import told

if TYPE_CHECKING:
    from aipa.core.facade import Core
    from aipa.core.run.reviewer import Reviewer

FINISHED = (RunStatus.DONE, RunStatus.REJECTED)  # the Principal decided: a result to print

T = TypeVar("T")


def install_sigterm(task: asyncio.Future) -> None:
    """Cancel ``task`` when the process is asked to stop, on every OS (cli/stop_signals.py)."""
    from aipa.cli import stop_signals

    stop_signals.install(task)


async def _stoppable(core: Core, coro: Awaitable[T], resume_command: str) -> T | None:
    """Run ``coro`` until done, Ctrl+C or SIGTERM (then None); always close the app."""
    work = asyncio.ensure_future(coro)
    install_sigterm(work)
    try:
        return await work
    except asyncio.CancelledError:
        print(f"\nStopped. Continue later with `{resume_command} RUN_ID` (see `aipa runs`).", file=sys.stderr)
        return None
    finally:
        await core.aclose()


def _resume_origin(core: Core, run_id: str | None) -> None:
    """A resume uses the provider, model and base URL the run was started with, unless
    given again on this command line."""
    route = core.runs.resume_route(run_id)
    if route is not None:
        provider, model, base_url = route
        print(f"Resuming on {provider or 'the default provider'}"
              + (f" · {model}" if model else "")
              + (f" · {base_url}" if base_url else "")
              + " (as the run was started)", file=sys.stderr)  # fmt: skip


async def check_session(core: Core, session_id: str | None) -> None:
    if session_id and core.sessions.get(session_id) is None:
        await core.aclose()
        raise errors.UsageError(
            f"no session {session_id}", "session ids are in `aipa runs --json`; leave --session out to start a new one"
        )


def _reviewer(args: argparse.Namespace) -> Reviewer:
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


async def cmd_run(args: argparse.Namespace) -> int:
    if not args.directive and args.attach and not Path(args.attach[-1]).exists():
        args.directive = args.attach.pop()  # `--attach a.pdf b.md "DIRECTIVE"`: the list swallowed it
    from aipa.cli.output import StreamPrinter
    from aipa.core.session.closing import session_title

    _check_rerun_args(args)
    if not args.directive and not args.resume and not args.rerun:
        raise errors.UsageError("give a directive or --resume RUN_ID", 'e.g. aipa run "Plan a team offsite"')
    core = open_core(args)
    warn(core)
    await check_session(core, args.session)
    _resume_origin(core, args.resume or args.rerun)
    printer = StreamPrinter(sys.stderr if args.json else sys.stdout, thinking=not args.no_thinking)
    team = core.team(_reviewer(args), printer)
    if args.budget is not None:  # for this command only, not saved
        team.limit_budget(args.budget)
    material: dict = {}
    revision: dict = {}

    async def work():
        resumed = core.runs.get(args.resume or args.rerun)
        catching_up: asyncio.Task | None = None
        try:
            session_id = args.session
            if not args.resume and (args.attach or args.folder):
                from aipa.cli import material as cli_material

                session_id = session_id or core.sessions.create(session_title(args.directive))
                material.update(await cli_material.provide(core, session_id, args.attach, args.folder))
                if material.get("pictures"):  # refused before any call when a model that gets them cannot see
                    await core.material.pictures.check()
            # after the checks: a command refused makes no call, not even an earlier session's update
            catching_up = _catch_up_briefs(core, args.session, session_id, resumed.session_id if resumed else None)
            if args.rerun:
                result = await team.rerun(
                    args.rerun,
                    leads=args.lead,
                    feedback=args.feedback,
                    stage=args.stage,
                    directive=args.new_directive,
                    briefs=_briefs(args.brief),
                )
            elif args.resume:
                result = await team.resume(args.resume)
            else:
                result = await team.run(args.directive, session_id=session_id, checks=tuple(args.check))
            if result.status in FINISHED and not args.session:
                team.closing.defer(result.session_id)  # its brief is updated at the next start: nobody waits
            record = core.runs.get(result.run_id)
            if record is not None:  # which revision it is (read here: the store closes with the command)
                revision.update(revision=record.revision, parent_id=record.parent_id)
            if material.get("pictures"):  # the usage figures: what the pictures cost on the wire
                material["picture_bytes_sent"] = core.material.pictures.sent_bytes(result.run_id)
            return result
        finally:
            if catching_up is not None:
                catching_up.cancel()  # what it did not finish stays pending
                await asyncio.gather(catching_up, return_exceptions=True)

    result = await _stoppable(core, work(), "aipa run --resume")
    if result is None:
        return 130
    if args.json:
        out = {**result.to_json(), **revision, **material}
        if "picture_bytes_sent" in material and isinstance(out.get("usage"), dict):
            out["usage"] = {**out["usage"], "picture_bytes": material["picture_bytes_sent"]}
        print(json.dumps(out, indent=2, ensure_ascii=False))
    elif result.status in FINISHED:
        again = f" · revision {revision['revision']} of {revision['parent_id']}" if revision.get("parent_id") else ""
        verdict = told.verdict_words(result.verdict)
        print(f"verdict: {verdict} · decision: {result.decision or '-'} · run {result.run_id}{again}")
        if result.fallbacks:
            print(told.fallbacks_line(result.fallbacks))
    return _exit_code(result)


def _exit_code(result) -> int:
    """0 when the run finished; 6 (``EXIT_SUSPENDED``) when it waits for the Principal."""
    return errors.EXIT_SUSPENDED if result.status == RunStatus.SUSPENDED else errors.EXIT_OK


def _briefs(given: list[str]) -> list[tuple[str, str]]:
    """``--brief LEAD=TEXT`` as (lead, brief) pairs."""
    pairs = []
    for text in given:
        lead, sep, brief = text.partition("=")
        if not sep or not lead.strip():
            raise errors.UsageError(
                f"--brief {text!r} names no lead", "--brief LEAD=TEXT, e.g. --brief Ines='Compare three venues'"
            )
        pairs.append((lead.strip(), brief))
    return pairs


def _check_rerun_args(args: argparse.Namespace) -> None:
    """--lead, --stage, --feedback, --brief and --directive go with --rerun, which goes alone."""
    steering = args.lead or args.stage or args.feedback or args.new_directive or args.brief
    if steering and not args.rerun:
        raise errors.UsageError(
            "--lead, --stage, --feedback, --brief and --directive go with --rerun RUN_ID", "see `aipa runs`"
        )
    if args.check and (args.resume or args.rerun):
        raise errors.UsageError("--check goes with a new directive", "a resumed or re-run run keeps its checks")
    if args.rerun and (args.resume or args.directive or args.attach or args.folder):
        raise errors.UsageError(
            "--rerun takes no directive, --resume, --attach or --folder",
            "a new directive is --directive TEXT; the re-run keeps the session's material",
        )


def _catch_up_briefs(core: Core, *in_use: str | None) -> asyncio.Task:
    """The standing-brief updates earlier runs left pending, in the background of this
    command, on a quiet team of its own (core/session/closing.py); the sessions in use are
    left for later."""
    from aipa.core.events import null_sink
    from aipa.core.run.reviewer import AutoReviewer

    return asyncio.ensure_future(core.team(AutoReviewer(), null_sink).closing.catch_up(skip=in_use))


async def cmd_plan(args: argparse.Namespace) -> int:
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
    from aipa.cli.output import StreamPrinter
    from aipa.core.planning.export import plan_markdown

    core = open_core(args)
    warn(core)
    _resume_origin(core, args.resume)
    printer = StreamPrinter(
        sys.stderr if args.json else sys.stdout, thinking=not args.no_thinking, resume_command="aipa plan --resume"
    )
    planner = core.plans.planner(_reviewer(args), printer)

    async def work():
        catching_up = _catch_up_briefs(core)
        try:
            if args.resume:
                return await planner.resume(args.resume)
            return await planner.plan(args.description, context=context)
        finally:
            catching_up.cancel()  # what it did not finish stays pending
            await asyncio.gather(catching_up, return_exceptions=True)

    result = await _stoppable(core, work(), "aipa plan --resume")
    if result is None:
        return 130
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    elif result.status in FINISHED:
        print(plan_markdown(result.plan))
        if result.fallbacks:
            print(told.fallbacks_line(result.fallbacks))
    return _exit_code(result)


async def cmd_export(args: argparse.Namespace) -> int:
    core = open_core()
    try:
        text = export_run(core, args.run_id, args.format)
    finally:
        await core.aclose()
    if args.output:
        from aipa.core.config.files import write_atomically

        out = Path(args.output)
        if not out.parent.is_dir():
            raise errors.UsageError(f"cannot write {out}: the folder {out.parent} does not exist", "create it first")
        try:
            write_atomically(out, text)
        except OSError as exc:
            if errors.disk_full(exc):
                raise errors.DiskFullError.at("write the export", out, "free some space and export again") from None
            raise errors.UsageError(f"cannot write {out}: {exc.strerror}", "pick another file") from None
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def export_run(core: Core, run_id: str, fmt: str) -> str:
    run = core.runs.get(run_id)
    if run is None:
        raise errors.UsageError(f"no run {run_id}", "list runs with `aipa runs`")
    if run.kind == RunKind.PLAN:
        from aipa.core.planning.export import plan_html, plan_json, plan_markdown

        plan = core.plans.plan(run.run_id)
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
                    "revision": run.revision,
                    "parent_id": run.parent_id,
                    "checks": [c.to_dict() for c in core.checks.of_run(run.run_id)],
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
