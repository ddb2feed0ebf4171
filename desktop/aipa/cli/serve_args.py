"""The arguments of ``aipa serve`` (the local OpenAI-compatible endpoint) and the
dispatch of the two service commands, ``mcp-serve`` and ``serve``: kept here so the
parser and main gain one line each."""

from __future__ import annotations

import argparse


def add_parser(sub, provider_args) -> None:
    serve = sub.add_parser(
        "serve",
        help="serve the team as a local OpenAI-compatible endpoint (127.0.0.1, bearer token)",
        description="A local OpenAI-compatible endpoint: /v1/models lists aipa-team and each agent; "
        "/v1/chat/completions runs a directive (aipa-team) or talks to one agent, streaming or not. "
        "Binds 127.0.0.1 and needs the token (`aipa serve --print-token`). Review gates wait for the "
        "Principal unless the client is listed in the setting serve_accept_review.",
    )
    serve.add_argument("--port", type=int, default=0, help="port (default: the setting serve_port, 8765)")
    serve.add_argument("--print-token", action="store_true", help="print the bearer token (made at first use) and exit")
    provider_args(serve)


async def dispatch(args: argparse.Namespace) -> int:
    if args.command == "mcp-serve":
        from aipa.cli.mcp_serve import cmd_mcp_serve

        return await cmd_mcp_serve(args)
    from aipa.cli.serve import cmd_serve

    return await cmd_serve(args)
