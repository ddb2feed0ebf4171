"""``aipa models list|pull|catalogue|import|download`` and ``aipa keys set|delete|list``."""

from __future__ import annotations

import argparse
import asyncio
import getpass
import json
import sys
from typing import TYPE_CHECKING, Any

from aipa import errors
from aipa.core.config import secrets
from aipa.core.setup.pull_progress import PullTracker, describe, human_bytes

if TYPE_CHECKING:
    from aipa.core.facade import Core

STALL_SECONDS = 60.0


def add_parsers(sub, provider_args) -> None:
    models = sub.add_parser("models", help="list, pull, import or download models; the built-in engine's catalogue")
    msub = models.add_subparsers(dest="models_command", required=True)
    lst = msub.add_parser("list", help="models of the configured provider")
    lst.add_argument("--json", action="store_true", help="one JSON object")
    provider_args(lst)
    pull = msub.add_parser(
        "pull",
        help="pull a model into Ollama, or download a catalogue model for the built-in engine "
        "(progress; Ctrl+C and pull again resumes)",
    )
    pull.add_argument(
        "name",
        help="an Ollama model name (e.g. qwen3:8b), or with --provider builtin a name from `aipa models catalogue`",
    )
    provider_args(pull)
    cat = msub.add_parser(
        "catalogue", help="the built-in engine's recommended models: size, memory, licence, downloaded or not"
    )
    cat.add_argument("--json", action="store_true", help="one JSON object")
    imp = msub.add_parser("import", help="copy a GGUF file into the built-in engine's models folder")
    imp.add_argument("path", help="a .gguf file on this computer")
    dl = msub.add_parser("download", help="download a GGUF file for the built-in engine (resumable)")
    dl.add_argument("url", help="the .gguf file's http(s) address")
    dl.add_argument("--sha256", help="expected checksum (a mismatch removes the file)")

    keys = sub.add_parser("keys", help="API keys in the OS keyring")
    ksub = keys.add_subparsers(dest="keys_command", required=True)
    for name in ("set", "delete"):
        k = ksub.add_parser(
            name,
            help="store a provider's key (typed at a hidden prompt, or --stdin; never on the command line)"
            if name == "set"
            else "delete a provider's key from the keyring",
        )
        k.add_argument("provider", help="whose key: a provider profile (openai, anthropic, openai-compatible, …)")
        if name == "set":
            k.add_argument("--stdin", action="store_true", help="read the key from the first line of standard input")
    ksub.add_parser("list", help="which provider profiles have a stored key")


async def cmd_models(args: argparse.Namespace, core: Core) -> int:
    name, _model = core.providers.summary()
    if args.models_command == "pull" and not args.name.strip():
        raise errors.UsageError(
            "give the name of a model to pull",
            "e.g. `aipa models pull qwen3:8b`, or with --provider builtin a name from `aipa models catalogue`",
        )
    if args.models_command == "import":
        path = await core.setup().import_gguf(args.path)
        print(f"imported {path.name} into {core.paths.models}")
        return 0
    if args.models_command == "download":
        return await _download(args, core)
    if args.models_command == "catalogue":
        return await _catalogue(args, core)
    if args.models_command == "pull" and core.providers.kind(name) == "builtin":
        return await _pull_builtin(args.name, core)
    provider: Any = core.providers.get(name)  # pull and show: only some kinds have them
    if args.models_command == "list":
        bound = core.config.settings.first_token_timeout
        try:
            models = await asyncio.wait_for(provider.list_models(), bound)
        except TimeoutError:
            raise errors.ServerDownError(
                f"{name}: no answer from {getattr(provider, 'base_url', None) or 'the server'} within {bound:g} s",
                "check that the server is running and not stuck (first_token_timeout in settings.json sets this bound)",
            ) from None
        if args.json:
            print(json.dumps({"provider": name, "models": models}, indent=2))
        elif not models:
            print(f"{name} has no models yet.")
        else:
            print("\n".join(models))
        return 0
    if not hasattr(provider, "pull"):
        raise errors.UsageError(
            f"the {name} provider does not pull models",
            "pull works with Ollama (--provider ollama) and the built-in engine (--provider builtin, "
            "a name from `aipa models catalogue`); or use `aipa models import` / `aipa models download`",
        )
    return await _pull(provider, args.name)


async def _pull(provider: Any, name: str) -> int:
    tracker = PullTracker(stall_after=STALL_SECONDS)
    parts = provider.pull(name).__aiter__()
    tty = sys.stdout.isatty()
    last = ""
    try:
        while True:
            try:
                part = await asyncio.wait_for(parts.__anext__(), STALL_SECONDS)
            except StopAsyncIteration:
                break
            except TimeoutError:
                raise errors.ServerDownError(
                    f"the pull of {name} stalled: no data for {STALL_SECONDS:g} s",
                    "check the network and run the same command again: it resumes where it stopped",
                ) from None
            line = describe(tracker.feed(part))
            if line != last:
                print(("\r\033[K" if tty else "") + line, end="" if tty else "\n", flush=True)
                last = line
    except asyncio.CancelledError:
        print(f"\npull of {name} interrupted; run the same command again to resume", file=sys.stderr)
        raise
    finally:
        await parts.aclose()
    if tty:
        print()
    if not tracker.state.done:
        raise errors.BadResponseError(f"the pull of {name} ended without success", "run it again to resume")
    if hasattr(provider, "show"):
        await provider.show(name)  # ready only once the server confirms it
    print(f"{name} is ready")
    return 0


async def _download(args: argparse.Namespace, core: Core) -> int:
    tracker = PullTracker()

    def progress(done: int, total: int | None) -> None:
        state = tracker.feed({"status": "downloading", "digest": "file", "completed": done, "total": total or 0})
        print(describe(state) if total else f"downloading · {human_bytes(done)}", flush=True)

    path = await core.setup().download_gguf(args.url, sha256=args.sha256, progress=progress)
    print(f"saved {path}")
    return 0


def _key_profiles() -> list[str]:
    """The profiles a key can be stored for: the key-taking kinds and every profile of one."""
    import os

    from aipa.core.config import profiles
    from aipa.core.config.paths import Paths
    from aipa.core.config.settings import SettingsSource, env_overlay

    source, _warnings = SettingsSource.load(Paths.default().settings, overlay=env_overlay(os.environ)[0])
    from aipa.core.config.catalogue import KEY_PROVIDERS

    named = profiles.listed(source.current.providers)
    keyed = [p.name for p in named if p.takes_key]
    return [*dict.fromkeys([*KEY_PROVIDERS, *keyed])]


async def _catalogue(args: argparse.Namespace, core: Core) -> int:
    rows = await core.setup().catalogue_rows()
    if args.json:
        data = [
            {
                **row.model.model_dump(),
                "downloaded": row.downloaded,
                "partial_bytes": row.partial,
                "fit": row.fit.level,
            }
            for row in rows
        ]
        print(json.dumps({"models_folder": str(core.paths.models), "models": data}, indent=2))
        return 0
    table = [("NAME", "SIZE", "MEMORY", "LICENCE", "STATUS", "FIT")]
    table += [
        (r.model.name, r.model.size_label, r.model.memory_label, r.model.licence, r.state, r.fit.text) for r in rows
    ]
    widths = [max(len(row[i]) for row in table) for i in range(5)]
    for row in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)) + "  " + row[5])
    print("\nDownload one with `aipa models pull NAME --provider builtin` (or with builtin as your provider).")
    return 0


async def _pull_builtin(name: str, core: Core) -> int:
    """Download a catalogue model for the built-in engine with progress; Ctrl+C keeps
    what arrived and the same command resumes."""
    from contextlib import aclosing

    from aipa.core.setup.gguf_catalogue import find

    setup = core.setup()
    model = find(setup.gguf_catalogue(), name)  # an unknown name: the list of names, exit 2
    print(f"{model.title} · {model.size_label} · {model.licence} → {core.paths.models}", flush=True)
    job = setup.download_model(model.name)
    tty = sys.stdout.isatty()
    last = ""
    try:
        async with aclosing(job.__aiter__()) as progress:
            async for p in progress:
                if p.text != last:
                    print(("\r\033[K" if tty else "") + p.text, end="" if tty else "\n", flush=True)
                    last = p.text
    except asyncio.CancelledError:
        if job.outcome is not None:
            print(f"\n{job.outcome.message}", file=sys.stderr)
        raise
    if tty:
        print()
    outcome = job.outcome
    if outcome is None or outcome.state != "done":
        raise errors.AipaError(outcome.message if outcome else f"the download of {model.name} stopped")
    print(f"{model.file} is ready in {core.paths.models}")
    return 0


def cmd_keys(args: argparse.Namespace) -> int:
    """``aipa keys set|delete|list``. A keyring that is locked, cancelled, has no collection
    or cannot be reached is one error line with a hint (exit 4), never a traceback."""
    from aipa.core.config.keyring_faults import KeyringError, no_backend_fault

    backend, usable = secrets.keyring_backend()
    names = _key_profiles()
    if args.keys_command != "list" and args.provider not in names:
        raise errors.UsageError(
            f"no provider profile '{args.provider}' takes a key",
            "choose one of: " + ", ".join(names) + " (add a profile with `aipa providers add`)",
        )
    if not usable:
        fault = no_backend_fault(backend)
        if fault is not None:
            raise errors.ConfigError(fault.message, fault.hint)
        raise errors.ConfigError(
            f"no usable keyring backend ({backend})",
            "install and unlock a Secret Service (e.g. gnome-keyring) or KWallet; "
            "until then use OPENAI_API_KEY / ANTHROPIC_API_KEY",
        )
    if args.keys_command == "list":
        stored = {name: secrets.stored(name) for name in names}
        fault = next((f for f in map(secrets.keyring_fault, names) if f is not None), None)
        if fault is not None:  # "-" would say "not stored" when the keyring could not tell
            raise KeyringError(f"{fault.message}: cannot list the stored keys", fault.hint, fault.kind)
        print(f"keyring: {backend}")
        for name in names:
            print(f"{name}: {'stored' if stored[name] else '-'}")
        return 0
    if args.keys_command == "delete":
        secrets.delete_key(args.provider)
        print(f"deleted the {args.provider} key from {backend}")
        return 0
    key = _read_key(args)
    secrets.set_key(args.provider, key)
    print(f"stored the {args.provider} key in {backend}")
    return 0


def _read_key(args) -> str:
    """The key from the first line of stdin (``--stdin``) or a hidden prompt; never argv."""
    if args.stdin:
        key = sys.stdin.readline().strip()
        if not key:
            raise errors.UsageError(
                "no key on standard input", f"e.g. `pass show openai | aipa keys set {args.provider} --stdin`"
            )
        return key
    if not sys.stdin.isatty():
        raise errors.UsageError(
            "no terminal to type the key at", f"pipe it in instead: `aipa keys set {args.provider} --stdin`"
        )
    key = getpass.getpass(f"{args.provider} API key (input hidden): ").strip()
    if not key:
        raise errors.UsageError("no key entered", "paste the key at the prompt")
    return key
