"""``aipa eval``: whether the team beats one call to the same model (issue 31, item 4).

Each directive of a suite runs in each arm (single: one plain call; team: checks
measured, no revision; checked: the team with revision), in a temporary database, and the
checkers score every deliverable. Prints a Markdown table (or ``--json``: one object);
the progress goes to stderr, as a bar on a terminal and as plain lines otherwise. The work
is the core's (``core.checks.suite`` / ``evaluate``: core/checks/eval_run.py)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import TextIO

from aipa import errors
from aipa.cli.door import open_core, warn

BAR = 24  # characters of the progress bar


def add_parser(sub, provider_args) -> None:
    p = sub.add_parser(
        "eval",
        help="measure whether the team beats one call to the same model on a suite of directives",
        description="Run each directive of a suite in each arm on the same model: single (one plain chat call), "
        "team (the team, checks measured, no revision) and checked (the team with revision, revise_rounds). "
        "Reports per arm instruction-level and prompt-level accuracy (strict, by the checkers), verdict "
        "honesty (PASS over a failed measured check; how often the auditor's own PASS matches every check "
        "met), tokens and wall time. Runs go to a temporary database, never the session history.",
    )
    p.add_argument("--suite", metavar="FILE", default="", help="a suite file (TOML; default: the shipped suite)")
    p.add_argument(
        "--arms", default="single,team,checked", help="comma-separated arms to run (default: single,team,checked)"
    )
    p.add_argument("--limit", type=int, default=0, metavar="N", help="only the first N directives of the suite")
    p.add_argument("--json", action="store_true", help="print one JSON object (figures per arm and every outcome)")
    provider_args(p)


class ProgressLine:
    """The evaluation's progress on ``out``: a bar redrawn in place on a terminal, one
    plain line per step otherwise (a log, a pipe, CI)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.tty = bool(getattr(out, "isatty", lambda: False)())

    def __call__(self, done: int, total: int, entry: str, arm: str) -> None:
        what = f"{entry} ({arm})" if entry else "done"
        if not self.tty:
            print(f"eval: {done}/{total} {what}", file=self.out, flush=True)
            return
        filled = BAR * done // total if total else BAR
        line = f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total} {what}"
        self.out.write(line[:120].ljust(80))
        if done >= total:
            self.out.write("\n")
        self.out.flush()


async def cmd_eval(args: argparse.Namespace) -> int:
    if args.limit < 0:
        raise errors.UsageError(f"--limit {args.limit} is negative", "give a number of directives, e.g. --limit 5")
    core = open_core(args)
    warn(core)
    try:
        arms = core.checks.arms(args.arms)
        suite = core.checks.suite(args.suite or None, args.limit or None)
        print(
            f"aipa eval: {len(suite.entries)} directive{'s' if len(suite.entries) != 1 else ''} × "
            f"{len(arms)} arm{'s' if len(arms) != 1 else ''} ({', '.join(arms)}) from {suite.path}",
            file=sys.stderr,
        )
        from aipa.cli.runs import install_sigterm

        work = asyncio.ensure_future(core.checks.evaluate(suite, arms, ProgressLine(sys.stderr)))
        install_sigterm(work)
        try:
            report = await work
        except asyncio.CancelledError:
            print("\nStopped: the evaluation did not finish; nothing was kept.", file=sys.stderr)
            return 130
    finally:
        await core.aclose()
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
        return errors.EXIT_OK
    model = report.model or "the provider's default model"
    print(f"{report.provider} · {model} · {len(suite.entries)} directives from {report.suite}")
    print(f"(runs in {report.data})\n")
    print(report.table())
    return errors.EXIT_OK
