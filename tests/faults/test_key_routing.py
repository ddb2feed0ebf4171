"""Issue 21 item 5: keys stay home. A stored key follows ``--base-url`` only when the
user says so (``--send-key``); plain http to another machine is warned; a profile's
URL is http(s) or refused; only known OS keyrings hold keys (others by name only)."""

from __future__ import annotations

import json

import keyring
from keyring.backend import KeyringBackend

from aipa.core.config import secrets
from tests.doubles.openai import OpenAIDouble, error_reply
from tests.faults.helpers import DIRECTIVE
from tests.support.cli import aipa, write_settings
from tests.support.env_keyring import keyring_env

KEY = "sk-proj-STOREDFOROPENAIONLY0000000000000000"


def _auth(request) -> str:
    return {k.lower(): v for k, v in request.headers.items()}.get("authorization", "")


def test_a_stored_key_does_not_follow_base_url_unless_send_key_says_so(tmp_path):
    home = tmp_path / "home"
    for send in (False, True):
        with OpenAIDouble(error_reply(401, "who are you")) as double:
            url = double.base_url
            extra = ["--send-key"] if send else []
            proc = aipa(home, "run", "--provider", "openai", "--base-url", url, "--model", "m", *extra,
                        "--yes", DIRECTIVE, **keyring_env(openai=KEY))  # fmt: skip
        sent = [_auth(r) for r in double.chat_requests]
        assert proc.returncode == 4, proc.stderr
        assert "Traceback" not in proc.stderr
        if send:
            assert sent and all(a == f"Bearer {KEY}" for a in sent)
            assert "is not the server of profile" not in proc.stderr
        else:
            assert sent == []  # an openai profile without its key: stopped before anything is sent
            assert f"--base-url {url} is not the server of profile 'openai'" in proc.stderr
            assert f"error: the key stored for 'openai' is not sent to {url}" in proc.stderr
            assert "hint: add --send-key if that server should get it" in proc.stderr
        assert KEY not in proc.stdout + proc.stderr  # never printed either way


def test_the_profiles_own_server_still_gets_its_key(tmp_path):
    home = tmp_path / "home"
    with OpenAIDouble(error_reply(401, "bad key")) as double:
        write_settings(home, providers={"team": {"kind": "openai-compatible", "base_url": double.base_url}})
        proc = aipa(home, "run", "--provider", "team", "--base-url", double.base_url + "/", "--model", "m",
                    "--yes", DIRECTIVE, **keyring_env(team=KEY))  # fmt: skip
    assert all(_auth(r) == f"Bearer {KEY}" for r in double.chat_requests) and double.chat_requests
    assert "is not the server of profile" not in proc.stderr


def test_plain_http_to_another_machine_is_warned(tmp_path):
    home = tmp_path / "home"
    profiles = {
        "lan": {"kind": "openai-compatible", "base_url": "http://192.0.2.10:8000/v1"},  # another machine
        "local": {"kind": "openai-compatible", "base_url": "http://127.0.0.1:8000/v1"},
        "cloud": {"kind": "openai-compatible", "base_url": "https://192.0.2.11/v1"},
    }
    for name in profiles:
        write_settings(home, providers=profiles, provider=name)
        proc = aipa(home, "runs")
        assert proc.returncode == 0, proc.stderr
        warned = "talks plain http to 192.0.2.10" in proc.stderr
        assert warned == (name == "lan"), (name, proc.stderr)


def test_only_http_and_https_urls_are_accepted_for_profiles(tmp_path):
    home = tmp_path / "home"
    for url in ("javascript:alert(1)", "file:///etc/passwd", "ftp://example.org/v1", "http://"):
        added = aipa(home, "providers", "add", "evil", "--kind", "openai-compatible", "--base-url", url)
        assert added.returncode == 2, (url, added.stderr)
        assert "only http:// and https://" in added.stderr or "names no host" in added.stderr, added.stderr
        run = aipa(home, "run", "--provider", "openai-compatible", "--base-url", url, "--yes", DIRECTIVE)
        assert run.returncode == 2 and run.stderr.startswith("error: --base-url:"), (url, run.stderr)
    assert "evil" not in (home / "settings.json").read_text() if (home / "settings.json").exists() else True
    write_settings(home, providers={"evil": {"kind": "openai-compatible", "base_url": "javascript:alert(1)"}})
    proc = aipa(home, "run", "--provider", "evil", "--yes", DIRECTIVE)
    assert proc.returncode == 2 and "providers.evil.base_url" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


class UnknownKeyring(KeyringBackend):
    """A third-party backend AIPA knows nothing about (it may keep keys anywhere)."""

    priority = 1  # type: ignore[assignment]

    def get_password(self, service, username):
        return "sk-from-an-unknown-backend-000000000"

    def set_password(self, service, username, password):
        raise AssertionError("never written")

    def delete_password(self, service, username):
        pass


def test_only_known_os_keyrings_are_used_and_others_only_by_name(monkeypatch):
    before = keyring.get_keyring()
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    name = f"{__name__}.UnknownKeyring"
    try:
        keyring.set_keyring(UnknownKeyring())
        secrets.reset_session()
        assert secrets.keyring_backend() == (name, False)
        assert secrets.get_key("openai") is None and "not a known OS keyring" in secrets.keyring_disabled()
        monkeypatch.setenv(secrets.ALLOW_ENV, name)  # the user names it: their choice
        secrets.reset_session()
        assert secrets.keyring_backend() == (name, True)
        assert secrets.get_key("openai") == "sk-from-an-unknown-backend-000000000"
    finally:
        keyring.set_keyring(before)
        secrets.reset_session()
    assert {"keyring.backends.SecretService.Keyring", "keyring.backends.macOS.Keyring"} <= secrets.KNOWN_BACKENDS
    assert json.dumps(sorted(secrets.KNOWN_BACKENDS))  # a plain list of names, not a pattern
