"""``aipa doctor``: each check says what is wrong and what to do about it."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from aipa import errors
from aipa.core.config import profiles, secrets
from aipa.core.config.settings import Settings
from aipa.providers.base import Provider
from aipa.providers.builtin import IMPORT_HINT as BUILTIN_IMPORT_HINT
from aipa.providers.builtin import INSTALL_HINT as BUILTIN_INSTALL_HINT
from aipa.providers.builtin import engine_installed as builtin_installed


@dataclass(frozen=True)
class Check:
    name: str
    status: str  # ok | warn | fail
    detail: str
    hint: str = ""
    exit_code: int = 0


def _data_dir(root: Path, label: str = "data folder") -> Check:
    probe = root / ".doctor-probe"
    try:
        root.mkdir(parents=True, exist_ok=True)
        probe.write_text("ok")
        probe.unlink()
    except OSError as exc:
        return Check(
            label,
            "fail",
            f"{root} is not writable ({exc})",
            "set AIPA_HOME to a writable folder",
            errors.EXIT_USAGE,
        )
    return Check(label, "ok", str(root))


def _schema(store) -> Check:
    from aipa.store import SCHEMA_VERSION

    version = store.schema_version()
    if store.read_only:
        return Check(
            "database",
            "fail",
            f"schema v{version} is newer than this app (v{SCHEMA_VERSION})",
            store.warning or "update AIPA Desktop",
            errors.EXIT_USAGE,
        )
    problems = store.quick_check()
    if problems:
        return Check(
            "database",
            "fail",
            f"{store.path} is damaged: {problems[0]}" + (f" (and {len(problems) - 1} more)" if problems[1:] else ""),
            "copy it aside, then rescue what is readable: sqlite3 aipa.db .recover | sqlite3 rescued.db",
            errors.EXIT_RUN_FAILED,
        )
    return Check("database", "ok", f"schema v{version}, integrity ok")


async def _keyring_check(timeout: float = 5) -> Check:
    """The keyring, and for a Secret Service whether it is locked, asked without a prompt
    (in a thread, with a timeout: a D-Bus daemon can hang)."""
    from aipa.core.config import keyring_check, keyring_faults

    check = _keyring()
    name = secrets.keyring_backend()[0]
    if (check.status == "ok" and "SecretService" in name) or (check.status != "ok" and "fail" in name.lower()):
        try:
            state = await keyring_check.in_thread(keyring_faults.secret_service_state, timeout=timeout)
        except TimeoutError:
            state = keyring_faults.Fault(keyring_faults.FAILED, f"the keyring did not answer within {timeout:g} s",
                                         "check that gnome-keyring (or your Secret Service) is not hung")  # fmt: skip
        if check.status != "ok" and os.environ.get("PYTHON_KEYRING_BACKEND"):
            return check  # a backend chosen on purpose: its own words
        if isinstance(state, keyring_faults.Fault):
            return Check("keyring", "warn", f"{state.kind}: {state.message} ({name})", state.hint)
    return check


def _keyring() -> Check:
    from aipa.core.config.key_need import install_words
    from aipa.core.config.keyring_check import friendly

    name, usable = secrets.keyring_backend()
    if usable:
        return Check("keyring", "ok", f"{friendly(name)} in use ({name})")
    until = (
        "until then no key is stored: servers on this computer and profiles marked keyless need none, "
        "others read theirs from OPENAI_API_KEY / ANTHROPIC_API_KEY or the profile's key_env"
    )
    if secrets.plaintext_in_use():
        return Check(
            "keyring",
            "warn",
            f"keyring refused: {name} keeps keys in a plain file on disk; none is in use",
            f"uninstall keyrings.alt (or set PYTHON_KEYRING_BACKEND to a secure backend) and use {install_words()}; "
            + until,
        )
    return Check(
        "keyring",
        "warn",
        f"keyring unavailable: no usable backend ({name}); none is in use",
        f"install {install_words()}; " + until,
    )


async def _provider(
    name: str, get: Callable[[str], Provider], model: str, timeout: float, kind: str = ""
) -> list[Check]:
    """Reachability (not running vs not installed), the API key, then the model, of
    provider profile ``name`` (of ``kind``, default its name)."""
    label = f"provider {name}"
    kind = kind or name
    try:
        provider = get(name)
    except errors.AuthError as exc:  # no key at all
        return [Check("API key", "fail", exc.message, exc.hint, exc.exit_code)]
    except errors.AipaError as exc:
        return [Check(label, "fail", exc.message, exc.hint, exc.exit_code)]
    if kind == "builtin" and not builtin_installed():
        return [
            Check(
                label,
                "fail",
                "the built-in engine (xllamacpp) is not installed",
                BUILTIN_INSTALL_HINT,
                errors.EXIT_UNREACHABLE,
            )
        ]
    try:
        models = await asyncio.wait_for(provider.list_models(), timeout)  # an authenticated call
    except errors.AuthError as exc:
        where = getattr(provider, "base_url", "") or ""
        return [
            Check(label, "ok", f"reachable{' at ' + where if where else ''}"),
            Check("API key", "fail", f"bad API key: {_plain(name, exc.message)}", exc.hint, exc.exit_code),
        ]
    except errors.AipaError as exc:
        return [Check(label, "fail", _plain(name, exc.message), exc.hint, exc.exit_code)]
    except TimeoutError:
        return [
            Check(
                label,
                "fail",
                f"no answer within {timeout:g} s",
                "is the server running and reachable?",
                errors.EXIT_UNREACHABLE,
            )
        ]
    checks = [Check(label, "ok", _reachable(kind, provider, models))]
    wanted = model or provider.default_model
    if wanted and not _has_model(kind, models, wanted):
        checks.append(_model_missing(kind, provider, wanted, models, name))
    elif wanted:
        checks.append(Check("model", "ok", wanted))
    elif not models:
        hints = {"builtin": BUILTIN_IMPORT_HINT, "ollama": "pull one: `aipa models pull qwen3:8b`"}
        checks.append(
            Check(
                "model",
                "fail",
                f"{name} has no models",
                hints.get(kind, "load or choose a model on the server"),
                errors.EXIT_UNREACHABLE,
            )
        )
    else:
        checks.append(Check("model", "ok", f"{models[0]} (the first available; set one in Settings)"))
    if checks[-1].status == "ok" and (context := await _context(name, provider, wanted or (models or [""])[0])):
        checks.append(context)
    return checks


async def _context(name: str, provider: Provider, model: str, timeout: float = 10) -> Check | None:
    """How many tokens a request may use, and where that comes from: a warning when it
    is a guess (nothing the server offers says it, and the profile sets no ``context``)."""
    size_of = getattr(provider, "context_size", None)
    if size_of is None:
        return None
    try:
        size = await asyncio.wait_for(size_of(model), timeout)
    except (errors.AipaError, TimeoutError):
        return None  # the checks above say what is wrong with the server
    if size.guessed:
        return Check("context", "warn", size.warning, f"`aipa providers add {name} --context TOKENS` (keeps the rest)")
    return Check("context", "ok", size.describe(model))


def _plain(name: str, message: str) -> str:
    """A provider's message without its "name: " prefix (the check already says it)."""
    return message.removeprefix(f"{name}: ")


def _reachable(name: str, provider: Provider, models: list[str]) -> str:
    if name == "builtin":
        threads = getattr(provider, "thread_choice", None)  # the count llama.cpp will get, and why
        return f"engine installed, {len(models)} model file(s) in {getattr(provider, 'models_dir', '?')}" + (
            f"; {threads.describe()}" if threads else ""
        )
    where = getattr(provider, "base_url", "") or ""
    return f"reachable{' at ' + where if where else ''}, {len(models)} model(s)"


def _has_model(name: str, models: list[str], wanted: str) -> bool:
    if name == "builtin":
        return wanted in models or f"{wanted}.gguf" in models or (Path(wanted).is_absolute() and Path(wanted).is_file())
    if wanted in models or f"{wanted}:latest" in models:
        return True
    return name == "anthropic" and any(m.startswith(wanted + "-") for m in models)  # aliases name dated ids


def _model_missing(kind: str, provider: Provider, wanted: str, models: list[str], name: str = "") -> Check:
    name = name or kind
    if kind == "ollama":
        return Check(
            "model",
            "fail",
            f"model '{wanted}' is not pulled in Ollama",
            f"pull it: `aipa models pull {wanted}`",
            errors.EXIT_UNREACHABLE,
        )
    if kind == "builtin":
        return Check(
            "model",
            "fail",
            f"'{wanted}' is not in {getattr(provider, 'models_dir', 'the models folder')}",
            BUILTIN_IMPORT_HINT,
            errors.EXIT_UNREACHABLE,
        )
    choices = ", ".join(models[:8]) or "none"
    return Check(
        "model", "fail", f"'{wanted}' is not available on {name}", f"choose one of: {choices}", errors.EXIT_UNREACHABLE
    )


async def run_checks(
    *,
    root: Path,
    store,
    warnings: list[str],
    provider: str,
    get_provider: Callable[[str], Provider],
    model: str,
    timeout: float = 10,
    kind: str = "",
    logs: Path | None = None,
) -> list[Check]:
    checks = [_data_dir(root)]
    if logs is not None and logs.parent != root:  # the OS's own log folder
        checks.append(_data_dir(logs, "logs folder"))
    checks.append(_schema(store))
    checks += [Check("configuration", "warn", w, "fix or delete the file named") for w in warnings]
    checks.append(await _keyring_check())
    checks += await _provider(provider, get_provider, model, timeout, kind)
    if os.environ.get("AIPA_HOME"):
        checks.append(Check("AIPA_HOME", "ok", os.environ["AIPA_HOME"]))
    return checks


async def mcp_checks(servers: list[dict], timeout: float | None = None) -> list[Check]:
    """One line per configured MCP server: does it start, and which tools it offers,
    each within the bound a run gives it (``START_TIMEOUT``, all of them at once)."""
    if not servers:
        return []
    from aipa.core.material.mcp_client import START_TIMEOUT, check_servers

    timeout = START_TIMEOUT if timeout is None else timeout
    return [
        Check(f"MCP server {name}", "ok" if ok else "warn", detail, hint)
        for name, ok, detail, hint in await check_servers(servers, timeout)
    ]


_KEY_SOURCES = {"keyring": "stored in the keyring", "session": "kept for this session", "environment": "from {env}"}


def profile_checks(profiles: list, default: str) -> list[Check]:
    """One line per provider profile: its kind, its server and whether its key is set
    (where it comes from, never the key). A cloud profile without a key is a warning."""
    checks = []
    for p in profiles:
        detail = f"{p.kind} at {p.url}" if p.url else p.kind
        if p.name == default:
            detail += " (default)"
        status, hint = "ok", ""
        if p.takes_key:
            env = secrets.ENV_KEYS.get(p.kind, "")
            use_env = p.options.get("use_openai_key") is True
            try:
                sent = bool(secrets.key_for(p.name, p.base_url, kind=p.kind, use_openai_key=use_env))
            except errors.AuthError:  # the keyring could not be read: said below
                sent = False
            source = "keyring" if secrets.stored(p.name) else "session" if secrets.session_key(p.name) else ""
            named = p.options.get("key_env")  # the variable its entry names (the reference's api_key_env)
            if not source and isinstance(named, str) and named and os.environ.get(named):
                source, env = "environment", named
            source = source or ("environment" if sent and env and os.environ.get(env) else "")
            fault = None if source else secrets.keyring_fault(p.name)
            if fault is not None:  # "not set" would be a guess: the keyring could not be read
                detail += f" · key: unknown ({fault.message})"
                status, hint = "warn", fault.hint
            else:
                detail += " · key: " + (_KEY_SOURCES[source].format(env=env) if source else "not set")
            if not source and fault is None and p.needs_key:
                status, hint = "warn", f"store one: `aipa keys set {p.name}`"
        checks.append(Check(f"profile {p.name}", status, detail, hint))
    return checks


class ProviderLookup(Protocol):
    """What ``checkup`` asks of the providers (the composition root's ``Providers``)."""

    @property
    def settings(self) -> Settings: ...
    def default_name(self) -> str: ...
    def default_model(self, name: str) -> str: ...
    def get(self, name: str) -> Provider: ...


async def checkup(
    root: Path,
    store,
    warnings: list[str],
    providers: ProviderLookup,
    kind_of: Callable[[str], str],
    logs: Path | None = None,
) -> list[Check]:
    """Every check ``aipa doctor`` prints: the data folder, the database, the keyring, the
    default provider and its model, each profile, each MCP server."""
    name = providers.default_name()
    checks = await run_checks(
        root=root,
        store=store,
        warnings=warnings,
        provider=name,
        get_provider=providers.get,
        model=providers.default_model(name),
        kind=kind_of(name),
        logs=logs,
    )
    settings = providers.settings
    checks += profile_checks(profiles.listed(settings.providers, name), name)
    checks += [
        Check(f"profile {bad}", "warn", problem, f'fix or remove "{bad}" under "providers" in settings.json')
        for bad, problem in profiles.broken(settings.providers)
    ]
    return checks + await mcp_checks(settings.mcp_servers)
