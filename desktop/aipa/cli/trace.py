"""``aipa trace RUN_ID``: a stored run as a timeline, as a table, JSON (``--json``) or
OpenTelemetry trace JSON (``--otlp FILE``) for Jaeger, Phoenix or Langfuse."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from aipa import errors

# A directive or a task title is the Principal's (or a model's) text: in a terminal it
# loses control and bidi characters, which could rewrite the lines around it.
_UNSAFE = {c for c in range(0x20) if c != 0x0A} | set(range(0x7F, 0xA0)) | {0x061C, 0x200E, 0x200F}
_UNSAFE |= set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
_DROP = dict.fromkeys(_UNSAFE)


def printable(text: str) -> str:
    return text.translate(_DROP)


def add_parser(sub) -> None:
    p = sub.add_parser(
        "trace",
        help="a run as a timeline: stages, leads, calls, gates",
        description="A stored run as a timeline: route, each lead, synthesis, audit and each gate, "
        "with tokens, tokens/s, re-asks, fallbacks, tool calls and cost.",
    )
    p.add_argument("run_id", help="the run (see `aipa runs`)")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("--otlp", metavar="FILE", help="write OpenTelemetry trace JSON (OTLP/JSON) to FILE")


async def cmd_trace(args: argparse.Namespace) -> int:
    from aipa.cli.door import open_core, warn
    from aipa.core.run import otlp
    from aipa.core.run.trace import table

    core = open_core()
    warn(core)
    try:
        trace = core.runs.trace(args.run_id)
    finally:
        await core.aclose()
    if trace is None:
        raise errors.UsageError(f"no run {args.run_id}", "list runs with `aipa runs`")
    if args.otlp:
        out = Path(args.otlp)
        if not out.parent.is_dir():
            raise errors.UsageError(f"cannot write {out}: the folder {out.parent} does not exist", "create it first")
        try:
            out.write_text(json.dumps(otlp.to_otlp(trace), indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise errors.UsageError(f"cannot write {out}: {exc.strerror}", "pick another file") from None
        print(f"wrote {out} ({len(trace.spans)} spans)", file=sys.stderr)
        if not args.json:
            return 0
    if args.json:
        print(json.dumps(trace.to_json(), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(printable(table(trace)))
    return 0
