"""The ``aipa`` argument parser: every command, its options and their help."""

from __future__ import annotations

import argparse

from aipa import __version__
from aipa.cli import agents as cli_agents
from aipa.cli import data as cli_data
from aipa.cli import eval as cli_eval
from aipa.cli import models as cli_models
from aipa.cli import providers as cli_providers
from aipa.cli import schedule as cli_schedule
from aipa.cli import shell as cli_shell
from aipa.cli import trace as cli_trace
from aipa.core.kinds import RunStatus


def _provider_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--provider",
        default="",
        help="a provider profile (see `aipa providers list`) or kind: ollama, openai, anthropic, "
        "openai-compatible, builtin, scripted",
    )
    p.add_argument("--model", default="", help="model name (provider default if omitted)")
    p.add_argument("--base-url", default="", help="server URL for OpenAI-compatible servers or a remote Ollama")
    p.add_argument(
        "--send-key",
        action="store_true",
        help="send the profile's stored key to --base-url even though it is not the profile's server",
    )
    p.add_argument("--dry-run", action="store_true", help="use the scripted provider: no network")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="aipa",
        description="AIPA Desktop: your local agency of LLM agents.",
        epilog="Without a command, `aipa` opens the window: `aipa --dry-run` (no model), "
        '`aipa --smoke "DIRECTIVE" --screenshot out.png` (run one directive, save a picture, exit), '
        "`aipa --help-window` for the window's options. Exit codes: 0 ok, 2 usage or config, "
        "3 provider unreachable or model missing, 4 auth, 5 run failed, 6 suspended (waits for your answers "
        "or review: --resume).",
    )
    top.add_argument("--version", action="version", version=f"aipa {__version__}")
    sub = top.add_subparsers(dest="command")

    _add_run(sub)
    _add_plan_export_runs_chat(sub)

    cli_agents.add_parser(sub)
    cli_models.add_parsers(sub, _provider_args)
    cli_providers.add_parser(sub)
    cli_trace.add_parser(sub)
    cli_schedule.add_parser(sub)
    cli_shell.add_parser(sub, _provider_args)
    cli_data.add_parsers(sub)  # backup, restore, import, search (cli/data.py)
    cli_eval.add_parser(sub, _provider_args)  # the team against one call (cli/eval.py)

    mcp_serve = sub.add_parser(
        "mcp-serve",
        help="serve the team to an MCP host over stdio (gates wait for the Principal)",
        description="Serve the team over stdio with the Model Context Protocol. Tools: run_directive, "
        "run_status, list_runs, get_result, answer_questions. A run at a gate returns 'waiting for the "
        "Principal' with its run id; decide in the window or with `aipa run --resume RUN_ID`.",
    )
    _provider_args(mcp_serve)
    from aipa.cli import serve_args

    serve_args.add_parser(sub, _provider_args)

    doctor = sub.add_parser("doctor", help="check providers, models, keyring, data dir")
    doctor.add_argument("--json", action="store_true", help="one JSON object")
    _provider_args(doctor)
    return top


def _add_run(sub) -> None:
    """``aipa run``: one directive headless, a resume, a schedule's occurrence, a re-run."""
    run = sub.add_parser("run", help="run one directive headless")
    run.add_argument("directive", nargs="?", default="", help="what the team should do (quote it)")
    run.add_argument("--resume", metavar="RUN_ID", help="continue a suspended or interrupted run")
    run.add_argument("--scheduled", metavar="SCHEDULE_ID", help="run a schedule's due occurrence once (an OS timer)")
    run.add_argument("--session", metavar="SESSION_ID", help="add the run to an existing session")
    run.add_argument(
        "--check", action="append", default=[], metavar="TEXT", help="a requirement of yours besides the directive's "
        "(repeat for more): measured where it can be ('under 50 words'), else judged by the auditor"
    )  # fmt: skip
    rerun = run.add_argument_group("re-run a finished or stopped run as its next revision (the rest is kept)")
    rerun.add_argument("--rerun", metavar="RUN_ID", help="the run to re-run (see `aipa runs`)")
    rerun.add_argument(
        "--lead",
        action="append",
        default=[],
        metavar="NAME",
        help="re-run this lead (repeat for more), then synthesis and audit",
    )
    rerun.add_argument(
        "--stage",
        choices=("synthesize", "audit"),
        default="",
        help="re-run the synthesis (then the audit), or the audit",
    )
    rerun.add_argument(
        "--feedback",
        action="append",
        default=[],
        metavar="TEXT",
        help="one for all the leads, one per --lead, or the synthesis's",
    )
    rerun.add_argument(
        "--brief",
        action="append",
        default=[],
        metavar="LEAD=TEXT",
        help="a lead's edited brief (repeat for more): a branch from dispatch; only the leads whose brief "
        "changed run again, then synthesis and audit",
    )
    rerun.add_argument(
        "--directive", dest="new_directive", default="", metavar="TEXT", help="a new directive: a branch from routing"
    )
    run.add_argument("--json", action="store_true", help="print one JSON object at the end (streams go to stderr)")
    run.add_argument(
        "--yes", action="store_true", help="accept every review gate (never a tool call: see --allow-tools)"
    )
    run.add_argument(
        "--allow-tools",
        metavar="NAME[,NAME…]",
        default="",
        help="MCP tools that may run without asking, by name: server.tool, server.* or all "
        "(all also lets agent tools write); a tool may never touch the data folder",
    )
    run.add_argument("--no-thinking", action="store_true", help="hide the models' thinking")
    run.add_argument(
        "--attach", nargs="+", metavar="FILE", default=[], help="documents the team works from, and pictures it sees"
    )
    run.add_argument("--folder", metavar="DIR", help="a folder the team may list, search and read (never write)")
    run.add_argument(
        "--budget",
        type=float,
        metavar="MONEY",
        help="pause at a gate before a call would pass this (setting run_budget)",
    )
    _provider_args(run)


def _add_plan_export_runs_chat(sub) -> None:
    """``aipa plan``, ``aipa export``, ``aipa runs`` and ``aipa chat``."""
    plan = sub.add_parser("plan", help="plan a project: analysis, features, stories, tasks, sprints")
    plan.add_argument("description", nargs="?", default="", help="the project in a sentence or a paragraph")
    plan.add_argument("--resume", metavar="RUN_ID", help="continue a suspended or interrupted plan")
    plan.add_argument("--context", metavar="FILE", help="a file with more context (notes, a brief)")
    plan.add_argument("--json", action="store_true", help="print one JSON object at the end")
    plan.add_argument("--yes", action="store_true", help="accept every stage; unanswered questions get defaults")
    plan.add_argument("--no-thinking", action="store_true", help="hide the models' thinking")
    _provider_args(plan)

    export = sub.add_parser("export", help="export a run's result (a plan or a deliverable), or everything (--all)")
    export.add_argument("run_id", nargs="?", default="", help="the run to export (see `aipa runs`)")
    export.add_argument(
        "--all", metavar="FILE", help="one zip of everything (database, settings, agents, documents): `aipa import` it"
    )
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
    chat.add_argument("--attach", nargs="+", metavar="FILE", default=[], help="pictures or documents for the chat")
    _provider_args(chat)
