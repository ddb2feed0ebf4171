"""Keys go only to their own server, are
redacted from errors, and never land in a plaintext keyring."""

import keyring

from aipa.core.config import secrets
from aipa.core.doctor import _keyring
from tests.doubles.openai import OpenAIDouble, error_reply
from tests.faults.helpers import DIRECTIVE, query
from tests.support.cli import aipa, write_settings
from tests.support.plaintext_keyring import PlainFileKeyring

KEY = "sk-proj-THISISASECRETKEYTHATMUSTNOTLEAK123456"


def _auth(request) -> str:
    return {k.lower(): v for k, v in request.headers.items()}.get("authorization", "")


def test_openai_key_is_not_sent_to_another_server(tmp_path):
    with OpenAIDouble(error_reply(401, "no key")) as double:
        proc = aipa(tmp_path / "home", "run", "--provider", "openai-compatible", "--base-url", double.base_url,
                    "--model", "m", "--yes", DIRECTIVE, OPENAI_API_KEY=KEY)  # fmt: skip
    assert proc.returncode == 4, proc.stderr
    assert double.requests and all(KEY not in _auth(r) for r in double.requests)


def test_key_echoed_by_a_server_is_redacted_everywhere(tmp_path):
    home = tmp_path / "home"
    write_settings(home, providers={"openai-compatible": {"use_openai_key": True}})  # the user says: send it
    echo = error_reply(401, f"Incorrect API key provided: {KEY}. You can find your API key at …")
    with OpenAIDouble(echo) as double:
        proc = aipa(home, "run", "--provider", "openai-compatible", "--base-url", double.base_url,
                    "--model", "m", "--yes", DIRECTIVE, OPENAI_API_KEY=KEY)  # fmt: skip
    assert any(_auth(r) == f"Bearer {KEY}" for r in double.chat_requests)
    assert proc.returncode == 4, proc.stderr
    assert KEY not in proc.stdout + proc.stderr and "[redacted]" in proc.stderr
    stored = query(home / "aipa.db", "select error from runs")[0][0]
    assert KEY not in stored and "[redacted]" in stored


def test_plaintext_keyring_backend_is_refused_and_doctor_says_why(tmp_path, monkeypatch):
    before = keyring.get_keyring()
    secrets.reset_session()
    ring = PlainFileKeyring(tmp_path / "keys.json")
    ring.set_password(secrets.SERVICE, "openai", "sk-stored-in-a-plain-file-0000")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    try:
        keyring.set_keyring(ring)
        assert secrets.keyring_backend()[1] is False
        assert secrets.get_key("openai") is None  # the plain file is never read
        check = _keyring()
        assert check.status == "warn" and "plain file" in check.detail and "keyrings.alt" in check.hint
    finally:
        keyring.set_keyring(before)
        secrets.reset_session()
