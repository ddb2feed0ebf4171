"""``aipa serve``: the local OpenAI-compatible endpoint, headless, until Ctrl+C or
SIGTERM (core/service/endpoint.py); ``--print-token`` prints its bearer token (made
at first use, kept in the keyring; ``AIPA_SERVE_TOKEN`` when set; without a keyring, the
file the running server wrote: core/service/token_file.py) and exits. Off unless started."""

from __future__ import annotations

import asyncio
import sys

from aipa import errors


def _print_token(root) -> int:
    from aipa.core.service import token, token_file

    value = token.stored()
    if value is None:  # no keyring (and no AIPA_SERVE_TOKEN): the file of the server running now
        value = token_file.read(root)
    if not value:
        raise errors.UsageError(
            "no token is kept: no keyring keeps one and no `aipa serve` is running on this data folder",
            f"start `aipa serve` (it writes its token to {token_file.path(root)} while it runs), or "
            + token.NO_KEYRING_HINT,
        )
    print(value)
    return errors.EXIT_OK


def _where(where: str, kept) -> str:
    """The token's source, for the first line."""
    if where == "environment":
        return "from AIPA_SERVE_TOKEN"
    if kept is not None:
        return f"in {kept} (no keyring; removed at exit)"
    return f"in the {where}"


def _keep(root, value: str):
    from aipa.core.service import token_file

    try:
        return token_file.write(root, value)
    except OSError as exc:
        raise errors.UsageError(
            f"cannot write the token file {token_file.path(root)}: {exc.strerror or exc}",
            "check that folder's permissions, or set AIPA_SERVE_TOKEN",
        ) from None


async def cmd_serve(args) -> int:
    from aipa.core.config.paths import Paths

    if args.print_token:
        return _print_token(Paths.default().root)
    from aipa.cli.door import open_core, warn
    from aipa.cli.runs import install_sigterm
    from aipa.core.service.desk import Desk
    from aipa.core.service.endpoint import Endpoint, check_bind

    core = open_core(args)
    warn(core)
    settings = core.config.settings
    try:
        remote = check_bind(settings.serve_host, settings.serve_allow_remote)
        from aipa.core.service import token, token_file

        value, where = token.ensure()
        kept = _keep(core.paths.root, value) if where == "this start only" else None
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
        if kept is not None:
            token_file.remove(core.paths.root, value)
        await core.aclose()
        raise errors.UsageError(
            f"cannot listen on {settings.serve_host}:{endpoint.port}: {exc.strerror or exc}", "pick another --port"
        ) from None
    host = settings.serve_host if ":" not in settings.serve_host else f"[{settings.serve_host}]"
    # One line a caller (or a test) can wait for, saying where the token is; the token itself
    # only on a terminal, once, when no keyring keeps it.
    print(f"serving on http://{host}:{endpoint.port}/v1 (token {_where(where, kept)}; "
          "`aipa serve --print-token`)", flush=True)  # fmt: skip
    if kept is not None and sys.stdout.isatty():
        print(f"token: {value}", flush=True)
    work = asyncio.ensure_future(server.serve_forever())
    install_sigterm(work)
    try:
        await work
    except asyncio.CancelledError:
        pass
    finally:
        server.close()
        if kept is not None:
            token_file.remove(core.paths.root, value)
        await core.aclose()
    return errors.EXIT_OK
