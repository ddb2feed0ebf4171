"""Provider entries written in the architecture reference's shape (``type``,
``api_key_env``, ``default_model``, ``extra_body``) are read as profiles, or refused with
a message that names the field; any other field no kind reads is named in a warning.
The profile's ``context`` field (tokens) reaches the provider before anything a server
says."""

from __future__ import annotations

import json

import keyring
import pytest

from aipa.app import Override, build
from aipa.core.config import profiles, secrets
from aipa.core.config.paths import Paths
from aipa.core.config.settings import load_settings
from aipa.errors import ConfigError
from tests.support.cli import write_settings
from tests.support.memory_keyring import MemoryKeyring


@pytest.fixture
def ring(monkeypatch):
    before = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())
    secrets.reset_session()
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    yield
    keyring.set_keyring(before)


REFERENCE = {
    "type": "openai_compatible",
    "base_url": "http://127.0.0.1:9/v1",
    "api_key_env": "TEAM_VLLM_KEY",
    "default_model": "qwen",
    "extra_body": {"top_k": 20},
}


def test_the_reference_shape_is_read_with_our_names(tmp_path):
    write_settings(tmp_path, providers={"team": REFERENCE})
    settings, warnings = load_settings(tmp_path / "settings.json")
    assert warnings == []
    assert settings.providers["team"] == {
        "kind": "openai-compatible",
        "base_url": "http://127.0.0.1:9/v1",
        "key_env": "TEAM_VLLM_KEY",
        "model": "qwen",
        "extra_body": {"top_k": 20},
    }
    (team,) = profiles.listed(settings.providers)
    assert (team.name, team.kind, team.url) == ("team", "openai-compatible", "http://127.0.0.1:9/v1")


def test_its_key_comes_from_the_variable_it_names_and_its_extra_body_is_sent(ring, tmp_path, monkeypatch):
    monkeypatch.setenv("TEAM_VLLM_KEY", "sk-team-0123456789abcdef")
    write_settings(tmp_path, provider="team", providers={"team": REFERENCE})
    app = build(Override(), Paths(tmp_path))
    try:
        team = app.providers.get("team")
        assert team._api_key == "sk-team-0123456789abcdef" and team.default_model == "qwen"
        assert team._context_options["extra_body"] == {"top_k": 20}
    finally:
        app.store.close()


@pytest.mark.parametrize(
    ("entry", "named"),
    [
        ({"type": "ollama", "extra_body": {"x": 1}}, "providers.local.extra_body: a ollama profile has no use for it"),
        ({"type": "vllm-ish"}, "providers.local: its kind 'vllm-ish' is not one of"),
        ({"type": "ollama", "kind": "anthropic"}, "both 'type' and 'kind' are given"),
        ({"kind": "builtin", "api_key_env": "X"}, "providers.local.key_env: a builtin profile has no use for it"),
    ],
)
def test_a_field_that_cannot_be_read_is_refused_by_name(tmp_path, entry, named):
    write_settings(tmp_path, providers={"local": entry})
    settings, _warnings = load_settings(tmp_path / "settings.json")
    problem = profiles.entry_problem("local", settings.providers["local"])
    assert profiles.broken(settings.providers) == [("local", problem)] and named in problem
    with pytest.raises(ConfigError, match=named.replace("(", r"\(")):
        profiles.resolve(settings.providers, "local")


def test_an_unknown_field_is_named_in_a_warning(tmp_path):
    write_settings(tmp_path, providers={"team": {"kind": "openai-compatible", "contxt": 4096, "model": "m"}})
    settings, warnings = load_settings(tmp_path / "settings.json")
    assert len(warnings) == 1 and "providers.team: unknown field 'contxt' ignored" in warnings[0]
    assert profiles.resolve(settings.providers, "team").kind == "openai-compatible"  # still a profile


def test_the_context_field_reaches_the_provider(ring, tmp_path):
    providers = {
        "team": {"kind": "openai-compatible", "base_url": "http://127.0.0.1:9/v1", "context": 2048},
        "local": {"kind": "ollama", "context": 3000},
    }
    write_settings(tmp_path, providers=providers)
    app = build(Override(), Paths(tmp_path))
    try:
        assert app.providers.get("team")._context_options["context"] == 2048
        assert app.providers.get("local").num_ctx == 3000
    finally:
        app.store.close()
    assert json.loads((tmp_path / "settings.json").read_text())["providers"]["team"]["context"] == 2048
