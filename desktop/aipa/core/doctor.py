"""``aipa doctor``: each check says what is wrong and what to do about it."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .. import errors
from ..providers.base import Provider
from . import secrets


@dataclass(frozen=True)
class Check:
    name: str
    status: str  # ok | warn | fail
    detail: str
    hint: str = ""
    exit_code: int = 0


def _data_dir(root: Path) -> Check:
    probe = root / ".doctor-probe"
    try:
        probe.write_text("ok")
        probe.unlink()
    except OSError as exc:
        return Check("data folder", "fail", f"{root} is not writable ({exc})",
                     "set AIPA_HOME to a writable folder", errors.EXIT_USAGE)
    return Check("data folder", "ok", str(root))


def _schema(store) -> Check:
    from ..store import SCHEMA_VERSION

    version = store.schema_version()
    if store.read_only:
        return Check("database", "fail", f"schema v{version} is newer than this app (v{SCHEMA_VERSION})",
                     store.warning or "update AIPA Desktop", errors.EXIT_USAGE)
    return Check("database", "ok", f"schema v{version}")


def _keyring() -> Check:
    name, usable = secrets.keyring_backend()
    if usable:
        return Check("keyring", "ok", name)
    return Check("keyring", "warn", f"no usable keyring backend ({name})",
                 "install and unlock a Secret Service (e.g. gnome-keyring) or KWallet; until then "
                 "API keys are read from OPENAI_API_KEY / ANTHROPIC_API_KEY")


async def _provider(name: str, get: Callable[[str], Provider], model: str, timeout: float) -> list[Check]:
    try:
        provider = get(name)
        models = await asyncio.wait_for(provider.list_models(), timeout)
    except errors.AipaError as exc:
        return [Check(f"provider {name}", "fail", exc.message, exc.hint, exc.exit_code)]
    except asyncio.TimeoutError:
        return [Check(f"provider {name}", "fail", f"no answer within {timeout:g} s",
                      "is the server running and reachable?", errors.EXIT_UNREACHABLE)]
    checks = [Check(f"provider {name}", "ok", f"reachable, {len(models)} model(s)")]
    wanted = model or provider.default_model
    if wanted and models and wanted not in models and f"{wanted}:latest" not in models:
        checks.append(Check("model", "fail", f"'{wanted}' is not available on {name}",
                            f"pull it with `aipa models pull {wanted}` or choose one of: "
                            + ", ".join(models[:8]), errors.EXIT_UNREACHABLE))
    elif wanted:
        checks.append(Check("model", "ok", wanted))
    elif not models:
        checks.append(Check("model", "fail", f"{name} has no models",
                            "pull or load one first", errors.EXIT_UNREACHABLE))
    return checks


async def run_checks(*, root: Path, store, warnings: list[str], provider: str,
                     get_provider: Callable[[str], Provider], model: str, timeout: float = 10) -> list[Check]:
    checks = [_data_dir(root), _schema(store)]
    checks += [Check("configuration", "warn", w, "fix or delete the file named") for w in warnings]
    checks.append(_keyring())
    checks += await _provider(provider, get_provider, model, timeout)
    if os.environ.get("AIPA_HOME"):
        checks.append(Check("AIPA_HOME", "ok", os.environ["AIPA_HOME"]))
    return checks
