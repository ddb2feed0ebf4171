"""Named provider profiles: several servers of one kind at once, each
with its own key that goes to that server only; agents name the profile they use; an
old settings file (one entry per kind) keeps working as profiles named after their kind.
Real ``aipa`` processes against OpenAI-compatible doubles on 127.0.0.1 that record every
request's Authorization header; keys come from a test keyring (tests/support/env_keyring)."""

import json
import signal

from tests.doubles.openai import OpenAIDouble, error_reply, stream_reply
from tests.faults.helpers import DIRECTIVE, query, spawn, wait_for
from tests.support.cli import ROOT, aipa, write_settings
from tests.support.env_keyring import keyring_env

TEAM_KEY = "team-vllm-secret-0123456789abcdef"  # not shaped like a known key: redacted by value only
STUDIO_KEY = "lm-studio-secret-fedcba9876543210"
ENV_KEY = "sk-proj-THEOPENAIKEYISFORAPIOPENAICOMONLY1234"


def _auth(request) -> str:
    return {k.lower(): v for k, v in request.headers.items()}.get("authorization", "")


def _two_profiles(home, team_url: str, studio_url: str, **settings) -> None:
    providers = {
        "team-vllm": {"kind": "openai-compatible", "base_url": team_url},
        "lm-studio": {"kind": "openai-compatible", "base_url": studio_url},
    }
    write_settings(home, providers=providers, **settings)


def test_two_compatible_profiles_each_get_only_their_own_key(tmp_path):
    home = tmp_path / "home"
    env = keyring_env(**{"team-vllm": TEAM_KEY, "lm-studio": STUDIO_KEY})
    listed = {}
    with (
        OpenAIDouble(models=("team-model",)) as team,
        OpenAIDouble(models=("studio-model",)) as studio,
    ):
        _two_profiles(home, team.base_url, studio.base_url)
        for name in ("team-vllm", "lm-studio"):
            proc = aipa(home, "models", "list", "--json", "--provider", name, OPENAI_API_KEY=ENV_KEY, **env)
            assert proc.returncode == 0, proc.stderr
            listed[name] = json.loads(proc.stdout)
    assert listed["team-vllm"] == {"provider": "team-vllm", "models": ["team-model"]}
    assert listed["lm-studio"] == {"provider": "lm-studio", "models": ["studio-model"]}
    assert team.requests and {_auth(r) for r in team.requests} == {f"Bearer {TEAM_KEY}"}
    assert studio.requests and {_auth(r) for r in studio.requests} == {f"Bearer {STUDIO_KEY}"}


def test_agent_pointing_at_a_profile_runs_against_its_server(tmp_path):
    home = tmp_path / "home"
    env = keyring_env(**{"team-vllm": TEAM_KEY, "lm-studio": STUDIO_KEY})
    reply = OpenAIDouble(stream_reply("Hello from ", "the team server."))
    with reply as team, OpenAIDouble() as studio:
        _two_profiles(home, team.base_url, studio.base_url, provider="lm-studio")
        (home / "agents").mkdir()
        shipped = (ROOT / "prompts" / "atlas.md").read_text()  # the Principal's copy of Atlas, on team-vllm
        text = shipped.replace('provider = ""', 'provider = "team-vllm"').replace('model = ""', 'model = "m"')
        (home / "agents" / "atlas.md").write_text(text)
        proc = aipa(home, "chat", "--agent", "Atlas", "-m", "Hello there", **env)
    assert proc.returncode == 0, proc.stderr
    assert "Hello from the team server." in proc.stdout
    assert [_auth(r) for r in team.chat_requests] == [f"Bearer {TEAM_KEY}"]
    assert team.chat_requests[0].body["model"] == "m"
    assert studio.requests == []  # the default profile's server is never called
    assert query(home / "aipa.db", "select distinct provider, model from usage") == [("team-vllm", "m")]


def test_a_profiles_key_echoed_by_its_server_is_redacted(tmp_path):
    home = tmp_path / "home"
    echo = error_reply(401, f"Incorrect API key provided: {TEAM_KEY}.")
    with OpenAIDouble(echo) as team, OpenAIDouble() as studio:
        _two_profiles(home, team.base_url, studio.base_url)
        proc = aipa(home, "run", "--provider", "team-vllm", "--model", "m", "--yes", DIRECTIVE,
                    **keyring_env(**{"team-vllm": TEAM_KEY}))  # fmt: skip
    assert proc.returncode == 4, proc.stderr
    assert TEAM_KEY not in proc.stdout + proc.stderr and "[redacted]" in proc.stderr
    run_error, provider = query(home / "aipa.db", "select error, provider from runs")[0]
    assert TEAM_KEY not in run_error and "[redacted]" in run_error
    assert provider == "team-vllm"  # the run records the profile: a resume uses it


def test_an_old_settings_file_works_as_profiles_named_after_their_kind(tmp_path):
    home = tmp_path / "home"
    with OpenAIDouble(models=("old-model",)) as server:
        url = server.base_url
        old = {"openai-compatible": {"base_url": server.base_url, "num_ctx": 4096}, "ollama": {"keep_alive": "5m"}}
        write_settings(home, provider="openai-compatible", model="old-model", providers=old)
        env = keyring_env(**{"openai-compatible": TEAM_KEY})  # the key stored under the kind's name
        listed = aipa(home, "providers", "list", "--json", **env)
        models = aipa(home, "models", "list", **env)
        doctor = aipa(home, "doctor", **env)
    assert listed.returncode == 0, listed.stderr
    rows = {r["name"]: r for r in json.loads(listed.stdout)}
    assert rows["openai-compatible"] == {"name": "openai-compatible", "kind": "openai-compatible",
                                         "base_url": url, "default": True, "key": "stored"}  # fmt: skip
    assert rows["ollama"]["kind"] == "ollama"
    assert models.returncode == 0 and models.stdout.split() == ["old-model"], models.stderr
    assert {_auth(r) for r in server.requests} == {f"Bearer {TEAM_KEY}"}
    assert "✓ profile openai-compatible: openai-compatible at " in doctor.stdout
    assert "key: stored in the keyring" in doctor.stdout and TEAM_KEY not in doctor.stdout
    # nothing of the old entries is lost when the file is next written
    added = aipa(
        home, "providers", "add", "team-vllm", "--kind", "openai-compatible", "--base-url", "http://127.0.0.1:9/v1"
    )
    assert added.returncode == 0, added.stderr
    saved = json.loads((home / "settings.json").read_text())["providers"]
    assert saved["openai-compatible"] == {"kind": "openai-compatible", "base_url": url, "num_ctx": 4096}
    assert saved["ollama"] == {"kind": "ollama", "keep_alive": "5m"}
    assert saved["team-vllm"] == {"kind": "openai-compatible", "base_url": "http://127.0.0.1:9/v1"}


def test_openai_key_stays_with_openai_unless_a_profile_opts_in(tmp_path):
    home = tmp_path / "home"
    with OpenAIDouble(models=("a",)) as plain, OpenAIDouble(models=("b",)) as opted:
        providers = {
            "plain": {"kind": "openai-compatible", "base_url": plain.base_url},
            "opted": {"kind": "openai-compatible", "base_url": opted.base_url, "use_openai_key": True},
        }
        write_settings(home, providers=providers)
        for name in providers:
            proc = aipa(home, "models", "list", "--provider", name, OPENAI_API_KEY=ENV_KEY)
            assert proc.returncode == 0, proc.stderr
        doctor = aipa(home, "doctor", "--provider", "opted", OPENAI_API_KEY=ENV_KEY)
    assert plain.requests and all(ENV_KEY not in _auth(r) for r in plain.requests)
    assert opted.requests and {_auth(r) for r in opted.requests} == {f"Bearer {ENV_KEY}"}
    assert "profile opted: openai-compatible at " in doctor.stdout and "key: from OPENAI_API_KEY" in doctor.stdout
    assert ENV_KEY not in doctor.stdout + doctor.stderr


def test_profiles_are_added_and_removed_headless(tmp_path):
    home = tmp_path / "home"
    added = aipa(home, "providers", "add", "team-vllm", "--kind", "openai-compatible",
                 "--base-url", "http://127.0.0.1:9/v1", "--default")  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert json.loads((home / "settings.json").read_text())["provider"] == "team-vllm"
    refused = aipa(home, "providers", "remove", "team-vllm")
    assert refused.returncode == 2 and "default provider" in refused.stderr and "Traceback" not in refused.stderr
    bad = aipa(home, "providers", "add", "openai", "--kind", "ollama")
    assert bad.returncode == 2 and "name of a provider kind" in bad.stderr
    assert aipa(home, "providers", "add", "lm-studio", "--kind", "openai-compatible").returncode == 0
    assert aipa(home, "providers", "remove", "lm-studio").returncode == 0
    unknown = aipa(home, "models", "list", "--provider", "lm-studio")
    assert unknown.returncode == 2 and "unknown provider 'lm-studio'" in unknown.stderr


def test_resume_uses_the_profile_the_run_was_started_on(tmp_path):
    home = tmp_path / "home"
    # a dry-run profile of its own; the default provider (Ollama) is not running here
    write_settings(home, max_parallel_leads=1, providers={"slow-dry": {"kind": "scripted", "tokens_per_second": 150}})
    proc = spawn(home, "run", "--provider", "slow-dry", "--model", "demo", "--yes", DIRECTIVE)
    db = home / "aipa.db"
    try:
        wait_for(lambda: query(db, "select count(*) from tasks where status = 'complete'") >= [(1,)], what="a lead")
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.communicate(timeout=120)
    run_id, provider = query(db, "select id, provider from runs")[0]
    assert provider == "slow-dry"
    resumed = aipa(home, "run", "--resume", run_id, "--yes")
    assert resumed.returncode == 0, resumed.stderr
    assert "Resuming on slow-dry · demo (as the run was started)" in resumed.stderr
    assert query(db, "select distinct provider, model from usage") == [("slow-dry", "demo")]
