"""The keyring probe (off the event loop's thread, with a timeout), the session-only
fallback when no keyring works, and one round trip through a real Secret Service
(gnome-keyring on a private D-Bus session)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail

from aipa.core.config import keyring_check, secrets
from tests.support.memory_keyring import MemoryKeyring

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def use_keyring():
    """Set a keyring backend for one test; the previous one and the session come back."""
    before = keyring.get_keyring()

    def use(backend):
        keyring.set_keyring(backend)
        return backend

    secrets.reset_session()
    yield use
    keyring.set_keyring(before)
    secrets.reset_session()


async def test_a_working_keyring_is_usable_and_the_probe_leaves_nothing(use_keyring):
    ring = use_keyring(MemoryKeyring())
    status = await keyring_check.probe(timeout=30)
    assert status.usable and status.backend.endswith("MemoryKeyring") and "Keys are stored in" in status.describe()
    assert ring.passwords == {} and ring.calls == 3  # set, get, delete
    assert not secrets.keyring_disabled()


async def test_no_keyring_says_so_and_keys_live_in_memory_for_the_session(use_keyring, monkeypatch):
    use_keyring(fail.Keyring())
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    status = await keyring_check.probe(timeout=30)
    assert not status.usable and "No usable keyring" in status.describe()
    assert secrets.keyring_disabled()
    where = await keyring_check.store_key("openai", "sk-session-only", status)
    assert "this session only" in where
    assert secrets.get_key("openai") == "sk-session-only" and await keyring_check.has_key("openai") == "session"
    await keyring_check.delete_key("openai")
    assert secrets.get_key("openai") is None
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    assert secrets.get_key("openai") == "sk-from-env" and await keyring_check.has_key("openai") == "environment"


async def test_a_hanging_keyring_times_out_and_is_not_called_again(use_keyring):
    ring = use_keyring(MemoryKeyring(delay=60))  # a locked Secret Service waiting for its unlock prompt
    status = await keyring_check.probe(timeout=0.2)
    assert ring.in_flight == 1, "the probe waited for the hung keyring call instead of giving up"
    ring.unblock.set()
    assert not status.usable and "did not answer within 0.2 s" in status.detail
    calls = ring.calls
    assert secrets.get_key("anthropic") in (None, os.environ.get("ANTHROPIC_API_KEY"))  # no keyring call: no hang
    assert not secrets.stored("anthropic") and ring.calls == calls


async def test_stored_keys_round_trip_through_the_keyring(use_keyring):
    ring = use_keyring(MemoryKeyring())
    status = await keyring_check.probe()
    assert "stored in" in await keyring_check.store_key("anthropic", "sk-ant-xyz", status)
    assert ring.passwords == {(secrets.SERVICE, "anthropic"): "sk-ant-xyz"}
    assert await keyring_check.has_key("anthropic") == "keyring" and secrets.get_key("anthropic") == "sk-ant-xyz"
    await keyring_check.delete_key("anthropic")
    assert ring.passwords == {}


SECRET_SERVICE_SCRIPT = textwrap.dedent("""
    import asyncio, json, keyring
    from aipa.core.config import keyring_check, secrets

    async def main():
        status = await keyring_check.probe(timeout=60)
        out = {"backend": status.backend, "usable": status.usable, "detail": status.detail}
        if status.usable:
            out["where"] = await keyring_check.store_key("openai", "sk-real-secret-service", status)
            out["back"] = secrets.get_key("openai")
            await keyring_check.delete_key("openai")
            out["after"] = secrets.get_key("openai")
        print(json.dumps(out))

    asyncio.run(main())
""")


def test_real_secret_service_under_dbus(tmp_path):
    """gnome-keyring on a private D-Bus session, unlocked with a throw-away password."""
    missing = [tool for tool in ("dbus-run-session", "gnome-keyring-daemon") if shutil.which(tool) is None]
    if missing:
        pytest.skip(
            f"no Secret Service to test against: {', '.join(missing)} missing "
            "(scripts/system-deps.sh installs gnome-keyring and dbus-x11)"
        )
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DBUS_", "PYTHON_KEYRING"))}
    env.update(
        HOME=str(tmp_path),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_RUNTIME_DIR=str(runtime),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        PYTHONPATH=os.pathsep.join([str(ROOT / "desktop"), str(ROOT)]),
    )
    script = tmp_path / "probe.py"
    script.write_text(SECRET_SERVICE_SCRIPT)
    command = (
        "printf PASS | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 && "
        f"exec {sys.executable} {script}"
    )
    proc = subprocess.run(
        ["dbus-run-session", "--", "sh", "-c", command], env=env, capture_output=True, text=True, timeout=180
    )
    if proc.returncode != 0 and not proc.stdout.strip():
        pytest.skip(f"gnome-keyring could not be started here: {proc.stderr.strip()[-300:]}")
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["usable"], result
    assert "SecretService" in result["backend"] and "Secret Service" in result["where"]
    assert result["back"] == "sk-real-secret-service" and result["after"] is None
    # The key went to the keyring's own store, not to any plain file.
    for path in tmp_path.rglob("*"):
        if path.is_file() and path.name != "probe.py":
            assert b"sk-real-secret-service" not in path.read_bytes(), path
