"""``aipa providers list|add|remove``: the named provider profiles, headless. A profile
has a name, a kind, a base URL and its own key in the OS keyring (``--key`` asks for it
at a hidden prompt, never on the command line)."""

from __future__ import annotations

import argparse
import getpass
import json
import os

from aipa import errors
from aipa.core.config import catalogue, profiles

KINDS = [k.name for k in catalogue.choosable()]


def add_parser(sub) -> None:
    p = sub.add_parser("providers", help="list, add or remove provider profiles (several servers of one kind)")
    psub = p.add_subparsers(dest="providers_command", required=True)
    lst = psub.add_parser("list", help="each profile: kind, server, default, whether its key is set")
    lst.add_argument("--json", action="store_true", help="one JSON array")
    add = psub.add_parser("add", help="add a profile, or change one (its other options are kept)")
    add.add_argument("name", help="the profile's name, e.g. team-vllm")
    add.add_argument(
        "--kind", choices=[k.name for k in catalogue.CATALOGUE], help="the kind of server (a profile keeps its own)"
    )
    add.add_argument("--base-url", default="", help="its server URL (default: the kind's)")
    add.add_argument("--model", default="", help="its model when an agent names none")
    add.add_argument(
        "--context",
        type=int,
        metavar="TOKENS",
        help="tokens one request may use, before anything the server says (0: ask the server again)",
    )
    add.add_argument("--use-openai-key", action="store_true", help="send OPENAI_API_KEY to this server too")
    add.add_argument("--key", action="store_true", help="store its API key (typed at a hidden prompt)")
    add.add_argument("--default", action="store_true", help="make it the default provider")
    rm = psub.add_parser("remove", help="remove a profile and its key")
    rm.add_argument("name", help="the profile's name")
    rm.add_argument("--keep-key", action="store_true", help="leave its key in the keyring")


def _key_state(profile: profiles.Profile) -> str:
    from aipa.core.config import secrets

    if not profile.takes_key:
        return "none needed"
    if secrets.stored(profile.name):
        return "stored"
    if (fault := secrets.keyring_fault(profile.name)) is not None:
        return f"unknown ({fault.kind})"
    env = secrets.ENV_KEYS.get(profile.kind, "")
    named = profile.options.get("key_env")
    if isinstance(named, str) and named:  # the variable its entry names (api_key_env)
        return f"from {named}" if os.environ.get(named) else f"not set ({named} is empty)"
    use_env = profile.options.get("use_openai_key") is True
    if secrets.key_for(profile.name, profile.base_url, kind=profile.kind, use_openai_key=use_env):
        return f"from {env}"
    return "not set"


async def cmd_providers(args: argparse.Namespace) -> int:
    from aipa.cli.door import open_core, warn

    core = open_core()
    warn(core)
    try:
        book = core.config.profiles
        if args.providers_command == "list":
            rows: list[dict[str, object]] = [
                {"name": p.name, "kind": p.kind, "base_url": p.url, "default": p.name == core.config.settings.provider,
                 "key": _key_state(p)} | ({"context": c} if (c := profiles.hand_context(p)) else {})
                for p in book.all()
            ]  # fmt: skip
            broken: list[dict[str, object]] = [{"name": n, "problem": why} for n, why in book.broken()]
            if args.json:
                print(json.dumps(rows + broken, indent=2))
            for r in [] if args.json else rows:
                mark = "*" if r["default"] else " "
                context = f"  context: {r['context']:,}" if r.get("context") else ""
                print(f"{mark} {r['name']:<20} {r['kind']:<18} {r['base_url'] or '-':<36} key: {r['key']}{context}")
            for r in [] if args.json else broken:  # an entry that is not a profile is said, never left out
                print(f"✗ {r['name']:<20} {r['problem']}")
            return 0
        if args.providers_command == "add":
            existing = book.get(args.name) if args.name in core.config.settings.providers else None
            if not args.kind and existing is None:
                raise errors.UsageError(f"{args.name} is a new profile: give its --kind", "e.g. --kind anthropic")
            kind = args.kind or (existing.kind if existing is not None else "")
            # without --kind it is a change of options: its server stays unless --base-url moves it
            url = args.base_url or (existing.base_url if existing is not None and not args.kind else "")
            if args.context is not None and args.context < 0:
                raise errors.UsageError("--context must be a number of tokens", "e.g. --context 4096")
            options = {"use_openai_key": True if args.use_openai_key else None, "model": args.model or None}
            if args.context is not None:
                options["context"] = args.context
            warnings = book.save(args.name, kind, url, **options)
            if args.default and not core.config.source.save_error:
                warnings += core.config.change(provider=args.name)
            if core.config.source.save_error:
                raise errors.ConfigError(
                    f"the provider profile {args.name} was not saved: {core.config.source.save_error}",
                    "make settings.json readable and writable for your user, then add it again",
                )
            for text in warnings:
                print(f"warning: {text}")
            print(f"saved the provider profile {args.name} ({kind})")
            if args.key:
                _store_key(args.name)
            return 0
        book.get(args.name)  # an unknown name says so
        if args.name not in core.config.settings.providers:
            raise errors.UsageError(f"{args.name} is a provider kind, not a profile", "see `aipa providers list`")
        book.remove(args.name)
        if not args.keep_key:
            from aipa.core.config import secrets

            if secrets.keyring_backend()[1]:
                secrets.delete_key(args.name)
        print(f"removed the provider profile {args.name}")
        return 0
    finally:
        await core.aclose()


def _store_key(name: str) -> None:
    from aipa.core.config import secrets

    backend, usable = secrets.keyring_backend()
    if not usable:
        raise errors.ConfigError(
            f"no usable keyring backend ({backend}): the key of {name} was not stored",
            "install and unlock a Secret Service (e.g. gnome-keyring) or KWallet, then `aipa keys set " + name + "`",
        )
    key = getpass.getpass(f"{name} API key (input hidden): ").strip()
    if not key:
        raise errors.UsageError("no key entered", "paste the key at the prompt")
    secrets.set_key(name, key)
    print(f"stored the {name} key in {backend}; it is sent to {name}'s server only")
