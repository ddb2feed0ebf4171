"""A real Secret Service for tests: Debian's gnome-keyring on a private D-Bus session bus,
in one of the states a user meets (DESIGN §7). Both daemons are this process's children
(``--nofork`` / ``--foreground``), stopped when the block ends.

    with secret_service(tmp_path, "locked") as env:
        subprocess.run([... "aipa", "keys", "list"], env={**os.environ, **env})

States: ``unlocked`` (a login keyring made with a throw-away password), ``locked`` (the
same, then locked over D-Bus: every unlock prompt is dismissed, since no prompt can be
shown here, as when the user presses Cancel), ``no-collection`` (the daemon without any
keyring: creating one needs a prompt, which is dismissed).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

PASSWORD = b"throw-away-password"


def available() -> bool:
    return all(shutil.which(t) for t in ("dbus-daemon", "gnome-keyring-daemon", "dbus-send"))


def _owned(env: dict[str, str], name: str = "org.freedesktop.secrets") -> bool:
    probe = subprocess.run(
        ["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
         "org.freedesktop.DBus.NameHasOwner", f"string:{name}"],
        env=env, capture_output=True, text=True, timeout=10,
    )  # fmt: skip
    return "boolean true" in probe.stdout


def _in_python(env: dict[str, str], code: str) -> None:
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=30, capture_output=True)


@contextlib.contextmanager
def secret_service(root: Path, state: str, stored: dict[str, str] | None = None):
    """The environment (D-Bus address, HOME, XDG folders) of a Secret Service in ``state``,
    holding the keys ``stored`` ({profile: key}, AIPA's service) when it has a keyring."""
    if not available():
        pytest.skip("gnome-keyring, dbus-daemon and dbus-send are needed (scripts/system-deps.sh)")
    runtime = root / "run"
    runtime.mkdir(mode=0o700, parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DBUS_", "PYTHON_KEYRING", "GNOME_KEYRING"))}
    env.update(HOME=str(root), XDG_DATA_HOME=str(root / "data"), XDG_RUNTIME_DIR=str(runtime),
               XDG_CONFIG_HOME=str(root / "config"))  # fmt: skip
    bus = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    keyring = None
    try:
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().strip()
        unlock = state in ("unlocked", "locked")
        keyring = subprocess.Popen(
            ["gnome-keyring-daemon", "--foreground", "--components=secrets", *(["--unlock"] if unlock else [])],
            env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        if unlock:
            keyring.stdin.write(PASSWORD)
        keyring.stdin.close()
        deadline = time.monotonic() + 30
        while not _owned(env):  # a condition, polled: the daemon takes its name on the bus
            if keyring.poll() is not None or time.monotonic() > deadline:
                pytest.skip("gnome-keyring-daemon did not start on the private bus")
            time.sleep(0.05)
        if state == "unlocked" or state == "locked":
            keys = {"warm-up": "x", **(stored or {})}
            _in_python(env, f"import keyring\nfor k, v in {keys!r}.items(): keyring.set_password('aipa-desktop', k, v)")
        if state == "locked":
            _in_python(env, "import secretstorage; secretstorage.Collection(secretstorage.dbus_init()).lock()")
        yield env
    finally:
        for proc in (keyring, bus):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(10)
        if bus.stdout is not None:
            bus.stdout.close()
