"""Keys only where a key is needed (issue 30), in process: with keyring's fail backend
or a plaintext one (refused), a loopback or keyless profile is built without a key and
without asking anything; one that needs a key says how to give it; a working keyring is
used as before."""

from __future__ import annotations

import keyring
import pytest
from keyring.backends import fail

from aipa.core.config import profiles, secrets
from aipa.errors import AuthError
from tests.support.memory_keyring import MemoryKeyring
from tests.support.plaintext_keyring import PlainFileKeyring


@pytest.fixture
def use_keyring(monkeypatch):
    before = keyring.get_keyring()
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(name, raising=False)

    def use(backend):
        keyring.set_keyring(backend)
        secrets.reset_session()
        return backend

    yield use
    keyring.set_keyring(before)
    secrets.reset_session()


def _no_ring(tmp_path):
    return [fail.Keyring(), PlainFileKeyring(tmp_path / "keys.json")]


def test_without_a_keyring_a_local_server_is_built_without_a_key(use_keyring, tmp_path):
    for backend in _no_ring(tmp_path):
        use_keyring(backend)
        assert secrets.no_keyring().startswith("no keyring is in use")
        profile = profiles.resolve({}, "openai-compatible")
        provider = profiles.build(profile, base_url="http://127.0.0.1:9/v1")
        assert provider.name == "openai-compatible"
        assert secrets.keyring_fault("openai-compatible") is None  # nothing failed: there is just no keyring


def test_without_a_keyring_a_remote_server_is_told_how_to_give_its_key(use_keyring, tmp_path, monkeypatch):
    settings = {"lab": {"kind": "openai-compatible", "base_url": "https://lab.example/v1", "key_env": "LAB_KEY"}}
    for backend in _no_ring(tmp_path):
        use_keyring(backend)
        with pytest.raises(AuthError) as caught:
            profiles.build(profiles.resolve(settings, "lab"))
        assert "no API key for 'lab'" in caught.value.message and "set LAB_KEY" in caught.value.hint
        monkeypatch.setenv("LAB_KEY", "lab-key-from-the-environment")
        assert profiles.build(profiles.resolve(settings, "lab")).name == "lab"  # the variable gives it
        monkeypatch.delenv("LAB_KEY")
        keyless = {"lab": {**settings["lab"], "keyless": True}}
        assert profiles.build(profiles.resolve(keyless, "lab")).name == "lab"


def test_a_keyless_profile_never_asks_the_keyring(use_keyring):
    ring = use_keyring(MemoryKeyring())
    settings = {"lab": {"kind": "openai-compatible", "base_url": "https://lab.example/v1", "keyless": True}}
    profiles.build(profiles.resolve(settings, "lab"))
    assert ring.calls == 0


def test_a_working_keyring_still_gives_its_key(use_keyring):
    ring = use_keyring(MemoryKeyring())
    ring.set_password(secrets.SERVICE, "openai", "sk-stored-in-the-keyring-0001")
    assert secrets.no_keyring() == ""
    assert secrets.key_for("openai", kind="openai") == "sk-stored-in-the-keyring-0001"
