"""``aipa serve``: the local OpenAI-compatible endpoint, headless, until Ctrl+C or
SIGTERM (core/service/endpoint.py); ``--print-token`` prints its bearer token (made
at first use, kept in the keyring) and exits. Off unless started."""

from __future__ import annotations

import asyncio
import sys

from aipa import errors


def _token() -> tuple[str, str]:
    from aipa.core.service import token

    value, where = token.ensure()
    if where == "this start only":
        print(f"warning: {token.NO_KEYRING_HINT}; a token for this start only is used", file=sys.stderr)
    return value, where


async def cmd_serve(args) -> int:
    if args.print_token:
        value, where = _token()
        if where == "this start only":
            from aipa.core.service.token import NO_KEYRING_HINT

            raise errors.UsageError("no token can be kept without a keyring", NO_KEYRING_HINT)
        print(value)
        return errors.EXIT_OK
    from aipa.cli.door import open_core, warn
    from aipa.cli.runs import install_sigterm
    from aipa.core.service.desk import Desk
    from aipa.core.service.endpoint import Endpoint, check_bind

    core = open_core(args)
    warn(core)
    settings = core.config.settings
    try:
        remote = check_bind(settings.serve_host, settings.serve_allow_remote)
        value, where = _token()
    except errors.AipaError:
        await core.aclose()
        raise
    if remote:
        print(f"warning: {remote}", file=sys.stderr)
    desk = Desk(core, transport="api", fixed_provider=bool(args.dry_run))
    endpoint = Endpoint(
        desk,
        value,
        host=settings.serve_host,
        port=args.port or settings.serve_port,
        max_runs=lambda: core.config.settings.serve_max_runs,
        accepting=lambda: list(core.config.settings.serve_accept_review),
    )
    try:
        server = await endpoint.start()
    except OSError as exc:
        await core.aclose()
        raise errors.UsageError(
            f"cannot listen on {settings.serve_host}:{endpoint.port}: {exc.strerror or exc}", "pick another --port"
        ) from None
    host = settings.serve_host if ":" not in settings.serve_host else f"[{settings.serve_host}]"
    # One line a caller (or a test) can wait for; the token itself is never printed here.
    print(f"serving on http://{host}:{endpoint.port}/v1 (token: {where}; `aipa serve --print-token`)", flush=True)
    work = asyncio.ensure_future(server.serve_forever())
    install_sigterm(work)
    try:
        await work
    except asyncio.CancelledError:
        pass
    finally:
        server.close()
        await core.aclose()
    return errors.EXIT_OK
