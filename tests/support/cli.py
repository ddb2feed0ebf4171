"""Running the real ``aipa`` command in a subprocess with its own AIPA_HOME."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cli_env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AIPA_", "OPENAI_", "ANTHROPIC_"))}
    env.update(AIPA_HOME=str(home), PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring", PYTHONUNBUFFERED="1")
    env.update(extra)
    return env


def aipa(home: Path, *args: str, timeout: float = 300, stdin: str = "", **env: str) -> subprocess.CompletedProcess:
    """Run ``python -m aipa ARGS`` and return the completed process (text mode)."""
    return subprocess.run(
        [sys.executable, "-m", "aipa", *args],
        cwd=ROOT,
        env=cli_env(home, **env),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def aipa_json(home: Path, *args: str, **kw) -> tuple[subprocess.CompletedProcess, dict | list | None]:
    proc = aipa(home, *args, **kw)
    try:
        return proc, json.loads(proc.stdout)
    except ValueError:
        return proc, None


def write_settings(home: Path, **settings) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps(settings))
