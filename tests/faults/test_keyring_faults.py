"""Item 8 of issue 21: keyring faults against the real gnome-keyring on a private D-Bus
session. A locked keyring (every unlock prompt dismissed, as when the user presses
Cancel), no collection to keep keys in, no D-Bus at all: one line each with a hint,
never a traceback; `aipa doctor` says "locked"; a run whose key is locked away stops
before sending anything and says so; `aipa keys set NAME --stdin`."""

from __future__ import annotations

import subprocess
import sys

from tests.doubles.openai import OpenAIDouble, stream_reply
from tests.faults.helpers import DIRECTIVE
from tests.support.cli import ROOT, cli_env, write_settings
from tests.support.secret_service import secret_service

KEY = "sk-lab-0123456789abcdefghijklmnop"


def _aipa(home, env, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    full = cli_env(home)
    full.pop("PYTHON_KEYRING_BACKEND")  # the real backend keyring finds: the Secret Service on the bus
    full.update(env)
    return subprocess.run(
        [sys.executable, "-m", "aipa", *args], cwd=ROOT, env=full, input=stdin, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip


def _one_error(proc, code: int, *parts: str) -> str:
    assert proc.returncode == code, proc.stdout + proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, proc.stderr
    for part in parts:
        assert part in errors[0], proc.stderr
    assert "hint:" in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    return errors[0]


def test_keys_set_from_stdin_round_trips_through_the_real_keyring(tmp_path):
    home = tmp_path / "home"
    with secret_service(tmp_path / "ring", "unlocked") as env:
        stored = _aipa(home, env, "keys", "set", "openai", "--stdin", stdin=KEY + "\n")
        assert stored.returncode == 0 and "stored the openai key in keyring.backends.SecretService" in stored.stdout
        assert KEY not in stored.stdout + stored.stderr
        listed = _aipa(home, env, "keys", "list")
        assert listed.returncode == 0 and "openai: stored" in listed.stdout, listed.stderr
        _one_error(_aipa(home, env, "keys", "set", "openai"), 2, "no terminal to type the key at")
        _one_error(_aipa(home, env, "keys", "set", "openai", "--stdin", stdin="\n"), 2, "no key on standard input")
        doctor = _aipa(home, env, "doctor", "--provider", "openai", "--model", "m")
        assert (
            "✓ keyring: Secret Service (GNOME Keyring, KeePassXC…) in use (keyring.backends.SecretService.Keyring)"
            in doctor.stdout
        ), doctor.stdout
        assert "key: stored in the keyring" in doctor.stdout


def test_a_locked_keyring_is_one_line_doctor_says_locked_and_a_run_sends_nothing(tmp_path):
    home = tmp_path / "home"
    with OpenAIDouble(stream_reply("never", "sent")) as double:
        write_settings(
            home, provider="lab", providers={"lab": {"kind": "openai-compatible", "base_url": double.base_url}}
        )
        with secret_service(tmp_path / "ring", "locked", stored={"lab": KEY}) as env:
            locked = "the keyring is locked (its unlock prompt was cancelled or could not be shown)"
            _one_error(_aipa(home, env, "keys", "set", "openai", "--stdin", stdin="sk-new\n"), 4, locked,
                       "cannot store the key of openai")  # fmt: skip
            _one_error(_aipa(home, env, "keys", "list"), 4, locked, "cannot list the stored keys")
            _one_error(_aipa(home, env, "keys", "delete", "lab"), 4, locked, "cannot delete the key of lab")
            doctor = _aipa(home, env, "doctor", "--model", "m")
            assert "! keyring: locked: the keyring is locked (keyring.backends.SecretService.Keyring)" in doctor.stdout
            assert "✓ keyring" not in doctor.stdout and "Traceback" not in doctor.stderr, doctor.stdout
            assert "profile lab: openai-compatible at" in doctor.stdout and "key: unknown (" in doctor.stdout
            assert "key: not set" not in doctor.stdout
            run = _aipa(home, env, "run", "--yes", "--model", "m", DIRECTIVE)
            line = _one_error(run, 4, locked, "the key of lab cannot be read, so nothing was sent")
            assert "unlock it" in run.stderr and KEY not in run.stdout + run.stderr
        assert double.chat_requests == []  # stopped before anything was sent: no placeholder key, no blame
    assert line


def test_no_collection_to_keep_keys_in_is_one_line(tmp_path):
    home = tmp_path / "home"
    with secret_service(tmp_path / "ring", "no-collection") as env:
        _one_error(_aipa(home, env, "keys", "set", "openai", "--stdin", stdin=KEY + "\n"), 4,
                   "the keyring has no collection to keep keys in", "cannot store the key of openai")  # fmt: skip
        doctor = _aipa(home, env, "doctor", "--provider", "openai", "--model", "m")
        assert "! keyring: no collection: the keyring has no default collection" in doctor.stdout, doctor.stdout
        assert "Traceback" not in doctor.stderr


def test_no_dbus_session_is_one_line(tmp_path):
    home = tmp_path / "home"
    env = {"HOME": str(tmp_path), "XDG_RUNTIME_DIR": str(tmp_path / "no-run")}
    full = cli_env(home)
    full.pop("PYTHON_KEYRING_BACKEND")
    full.pop("DBUS_SESSION_BUS_ADDRESS", None)
    full.update(env)
    proc = subprocess.run([sys.executable, "-m", "aipa", "keys", "set", "openai", "--stdin"], cwd=ROOT, env=full,
                          input=KEY + "\n", capture_output=True, text=True, timeout=60)  # fmt: skip
    _one_error(
        proc, 2, "the keyring cannot be reached: there is no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)"
    )
    assert "dbus-run-session" in proc.stderr
    doctor = subprocess.run([sys.executable, "-m", "aipa", "doctor", "--dry-run"], cwd=ROOT, env=full,
                            capture_output=True, text=True, timeout=60)  # fmt: skip
    assert "! keyring: no D-Bus: the keyring cannot be reached" in doctor.stdout, doctor.stdout
