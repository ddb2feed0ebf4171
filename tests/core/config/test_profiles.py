"""Named provider profiles (core/config/profiles.py, core/config/profile_book.py): the rules of a
profile's name and kind, the old settings shape read as profiles named after their
kind, and keys per profile (a key stored for one profile is never another's, and is
redacted by value once known)."""

from __future__ import annotations

import keyring
import pytest

from aipa.app import Override, build
from aipa.core.config import profiles, secrets
from aipa.core.config.paths import Paths
from aipa.core.config.settings import load_settings
from aipa.errors import ConfigError
from tests.support.cli import write_settings
from tests.support.memory_keyring import MemoryKeyring

TEAM_KEY = "team-key-0123456789abcdef"


@pytest.fixture
def ring(monkeypatch):
    before = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    secrets.reset_session()
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    yield backend
    keyring.set_keyring(before)
    secrets.reset_session()


def test_the_old_shape_loads_as_profiles_named_after_their_kind(tmp_path):
    url = "http://127.0.0.1:8080/v1"
    old = {"openai-compatible": {"base_url": url, "use_openai_key": True}, "ollama": {}}
    write_settings(tmp_path, provider="openai-compatible", providers=old)
    settings, warnings = load_settings(tmp_path / "settings.json")
    assert warnings == []
    assert settings.providers == {
        "openai-compatible": {
            "kind": "openai-compatible",
            "base_url": "http://127.0.0.1:8080/v1",
            "use_openai_key": True,
        },
        "ollama": {"kind": "ollama"},
    }
    profile = profiles.resolve(settings.providers, settings.provider)
    assert (profile.name, profile.kind, profile.base_url) == (
        "openai-compatible",
        "openai-compatible",
        "http://127.0.0.1:8080/v1",
    )
    assert profile.options == {"base_url": "http://127.0.0.1:8080/v1", "use_openai_key": True}


def test_a_bare_kind_is_a_profile_and_an_unknown_name_says_what_exists():
    assert profiles.resolve({}, "anthropic") == profiles.Profile("anthropic", "anthropic", "", {}, configured=False)
    with pytest.raises(ConfigError) as caught:
        profiles.resolve({"team-vllm": {"kind": "openai-compatible"}}, "lm-studio")
    assert "unknown provider 'lm-studio'" in caught.value.message and "team-vllm" in caught.value.hint
    with pytest.raises(ConfigError, match="providers.box: its kind 'vllm' is not one of"):
        profiles.resolve({"box": {"kind": "vllm"}}, "box")
    with pytest.raises(ConfigError, match="providers.box: it has no kind"):
        profiles.resolve({"box": {"base_url": "http://x"}}, "box")


@pytest.mark.parametrize(
    ("name", "kind", "problem"),
    [("team vllm", "openai-compatible", "cannot name a provider profile"),
     ("", "ollama", "cannot name a provider profile"),
     ("openai", "ollama", "is the name of a provider kind"),
     ("box", "vllm", "unknown provider kind")],
)  # fmt: skip
def test_bad_names_and_kinds_are_refused(name, kind, problem):
    with pytest.raises(ConfigError, match=problem):
        profiles.with_profile({}, name, kind)


def test_changing_a_profile_keeps_its_other_options():
    providers = {"team": {"kind": "openai-compatible", "base_url": "http://a/v1", "num_ctx": 8192}}
    changed = profiles.with_profile(providers, "team", "openai-compatible", "http://b/v1")
    assert changed["team"] == {"kind": "openai-compatible", "base_url": "http://b/v1", "num_ctx": 8192}
    assert providers["team"]["base_url"] == "http://a/v1"  # the original is not touched
    assert profiles.with_profile(changed, "team", "openai-compatible")["team"] == {
        "kind": "openai-compatible",
        "num_ctx": 8192,
    }
    assert profiles.without_profile(changed, "team") == {}


def test_a_profiles_key_is_its_own_and_redacted_once_known(ring, monkeypatch, tmp_path):
    ring.set_password(secrets.SERVICE, "team", TEAM_KEY)
    assert secrets.key_for("team", "http://127.0.0.1:9/v1", kind="openai-compatible") == TEAM_KEY
    assert secrets.key_for("studio", "http://127.0.0.1:9/v1", kind="openai-compatible") is None
    assert secrets.redact(f"server said: bad key {TEAM_KEY}") == "server said: bad key [redacted]"
    secrets.set_key("studio", "studio-key-fedcba987654")  # stored through the app: known at once
    assert "studio-key-fedcba987654" not in secrets.redact("echo studio-key-fedcba987654")
    # OPENAI_API_KEY: only to api.openai.com, or a profile that opts in
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env-0123456789abcdefghij")
    assert secrets.key_for("other", "http://127.0.0.1:9/v1", kind="openai-compatible") is None
    assert secrets.key_for("other", "http://127.0.0.1:9/v1", kind="openai-compatible", use_openai_key=True)
    assert secrets.key_for("my-openai", "", kind="openai") == "sk-env-0123456789abcdefghij"


def test_the_app_builds_each_profile_with_its_own_server_key_and_name(ring, tmp_path):
    ring.set_password(secrets.SERVICE, "team", TEAM_KEY)
    providers = {
        "team": {"kind": "openai-compatible", "base_url": "http://127.0.0.1:9/v1", "model": "big"},
        "studio": {"kind": "openai-compatible", "base_url": "http://127.0.0.1:10/v1"},
    }
    write_settings(tmp_path, provider="studio", providers=providers)
    app = build(Override(), Paths(tmp_path))
    try:
        team, studio = app.providers.get("team"), app.providers.get("studio")
        assert (team.name, team.base_url, team.default_model) == ("team", "http://127.0.0.1:9/v1", "big")
        assert (studio.name, studio.base_url) == ("studio", "http://127.0.0.1:10/v1")
        assert team._api_key == TEAM_KEY and studio._api_key == "not-needed"
        assert [p["name"] for p in app.provider_list()][:2] == ["team", "studio"]
        with pytest.raises(ConfigError, match="studio is the default provider"):
            app.core.config.profiles.remove("studio")
        app.core.config.profiles.remove("team")
        assert "team" not in app.settings.providers
    finally:
        app.store.close()


def test_aipa_provider_may_name_a_profile(ring, tmp_path, monkeypatch):
    write_settings(tmp_path, providers={"team": {"kind": "openai-compatible", "base_url": "http://127.0.0.1:9/v1"}})
    monkeypatch.setenv("AIPA_PROVIDER", "team")
    app = build(Override(), Paths(tmp_path))
    try:
        assert app.providers.default_name() == "team" and app.core.providers.summary()[0] == "team"
        assert app.providers.get("team").base_url == "http://127.0.0.1:9/v1"
        assert app.core.providers.is_local()  # its kind and URL decide: a compatible server on 127.0.0.1
    finally:
        app.store.close()
