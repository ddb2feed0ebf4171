"""The provider book (core/config/provider_book.py): its one precedence rule for the
command line, an agent's own profile and ``AIPA_PROVIDER``, the one rule for a
profile's server URL, and the window's route (``Core.agents.route``,
``Core.providers.summary``) being the run's (``ProviderBook.resolve``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.config.provider_book import configured_url
from aipa.core.config.settings import Settings
from aipa.core.team.agents import AgentDef
from aipa.providers import kinds
from tests.support.cli import write_settings

DRY = {"dry-a": {"kind": "scripted", "model": "a-model"}, "dry-b": {"kind": "scripted"}}
OWN = AgentDef("Own", provider="dry-b", model="b-model")  # names its own profile and model
PLAIN = AgentDef("Plain")  # names none


@pytest.fixture
def app_of(tmp_path, monkeypatch):
    monkeypatch.delenv("AIPA_PROVIDER", raising=False)
    made = []

    def make(override: Override | None = None, **settings):
        write_settings(tmp_path, providers=DRY, **settings)
        made.append(build(override or Override(), Paths(tmp_path)))
        return made[-1]

    yield make
    for app in made:
        app.store.close()


def routes(app) -> tuple[tuple[str, str], tuple[str, str]]:
    return tuple((r.profile, r.model) for r in map(app.providers.route, (OWN, PLAIN)))  # type: ignore[return-value]


def test_an_agents_own_profile_wins_over_the_default_and_aipa_provider(app_of, monkeypatch):
    assert routes(app_of(provider="dry-a")) == (("dry-b", "b-model"), ("dry-a", "a-model"))
    monkeypatch.setenv("AIPA_PROVIDER", "dry-a")  # a setting for one process, like every AIPA_* variable
    assert routes(app_of(provider="ollama")) == (("dry-b", "b-model"), ("dry-a", "a-model"))


def test_the_command_line_routes_every_agent(app_of, monkeypatch):
    monkeypatch.setenv("AIPA_PROVIDER", "dry-b")
    app = app_of(Override("dry-a"))
    assert routes(app) == (("dry-a", "a-model"), ("dry-a", "a-model"))
    assert app.providers.names_in_use([OWN, PLAIN]) == ["dry-a"]
    monkeypatch.delenv("AIPA_PROVIDER")
    # --model alone: every agent on the default profile with that model
    assert routes(app_of(Override(model="demo"), provider="dry-a")) == (("dry-a", "demo"), ("dry-a", "demo"))
    # --base-url alone: every agent on the default profile, at that server; no other profile gets it
    app = app_of(Override(base_url="http://127.0.0.1:9/v1"), provider="dry-a")
    assert {app.providers.route(a).profile for a in (OWN, PLAIN)} == {"dry-a"}
    assert app.providers.base_url("dry-a") == "http://127.0.0.1:9/v1" and app.providers.base_url("dry-b") == ""


def test_the_window_shows_the_route_a_run_uses(app_of):
    for app in (app_of(provider="dry-a"), app_of(Override("dry-b", "cli-model"), provider="dry-a")):
        for agent in (OWN, PLAIN):
            provider, model = app.providers.resolve(agent)
            assert app.core.agents.route(agent) == (provider.name, model)
        name = app.providers.default_name()
        assert app.core.providers.summary() == (name, app.providers.default_model(name))


def test_a_profiles_server_url_has_one_rule(monkeypatch):
    monkeypatch.delenv("OLLAMA_HOST", raising=False)
    providers = {"home": {"kind": "ollama", "base_url": "http://own:1"}, "other": {"kind": "ollama"}}
    settings = Settings(provider="home", base_url="http://settings:2", providers=providers)
    assert configured_url(settings, "home") == "http://settings:2"  # the default's settings.base_url
    assert configured_url(replace(settings, base_url=""), "home") == "http://own:1"  # else its own
    assert configured_url(settings, "home", Override("home", base_url="http://cli:3")) == "http://cli:3"
    assert configured_url(settings, "other", Override("home", base_url="http://cli:3")) == ""
    ollama = kinds.KINDS["ollama"]
    assert ollama.url("") == ollama.default_url == "http://127.0.0.1:11434"  # the kind's default, spelt once
    monkeypatch.setenv("OLLAMA_HOST", "http://gpu-box:11434")
    assert ollama.url("") == "http://gpu-box:11434" and ollama.url("http://own:1") == "http://own:1"


def test_every_kind_has_one_complete_record():
    for name, kind in kinds.KINDS.items():
        assert kind.name == name and kind.label and kind.title and kind.description
        assert not kind.needs_key or (kind.takes_key and kind.key_env), name
        assert kind.setup in ("", "ollama", "builtin", "cloud"), name
        assert not kind.home_host or kind.default_url.startswith(f"https://{kind.home_host}"), name
