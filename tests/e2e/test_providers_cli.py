"""`aipa run` and `aipa doctor` with the Ollama, built-in and Anthropic providers, in a
subprocess with its own AIPA_HOME.

Ollama cannot be installed here: its double (tests/doubles/ollama.py) speaks
the real API and, in the run tests, answers with the REAL SmolLM2 behind it. The
rate-limit test scripts the answers instead (four leads every time, quickly): what it
checks is the retrying.
"""

from __future__ import annotations

import json
import re
import sqlite3
import stat
from pathlib import Path

import pytest

from aipa.core.run.prompts import TEAM
from aipa.providers.engine_threads import choose as choose_threads
from tests.doubles import anthropic as ad
from tests.doubles.ollama import THINKING_MODEL, OllamaDouble
from tests.support.cli import aipa, aipa_json, write_settings
from tests.support.llama_server import start_llama_server
from tests.support.processes import gone

DIRECTIVE = "Plan a three-day offsite for a 12-person team"
SHIPPED_PROMPTS = Path(__file__).resolve().parents[2] / "prompts"
NO_OLLAMA = "/usr/bin:/bin"  # a PATH without an `ollama` program


def _log(home: Path) -> str:
    return (home / "logs" / "aipa.log").read_text()


# --- aipa run --------------------------------------------------------------------------------


@pytest.mark.llm
def test_run_on_ollama_completes(tmp_path, llama_server) -> None:
    home = tmp_path / "home"
    write_settings(home, provider="ollama", max_output_tokens=100)
    with OllamaDouble(upstream=llama_server.base_url) as double:
        proc, result = aipa_json(
            home, "run", "--provider", "ollama", "--json", "--yes", DIRECTIVE, OLLAMA_HOST=double.url, timeout=600
        )
        chats = [r.body for r in double.chat_requests]
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert result["deliverable"].strip() and result["usage"]["calls"] >= 3
    assert result["usage"]["output_tokens"] > 0 and result["usage"]["input_tokens"] > 0
    assert all(c["options"]["num_ctx"] == 16384 and c["options"]["num_predict"] <= 100 for c in chats)
    assert any("format" in c for c in chats) and any("format" not in c for c in chats)  # route vs prose
    with sqlite3.connect(home / "aipa.db") as db:
        status, provider = db.execute(
            "select r.status, u.provider from runs r join usage u on u.run_id = r.id where r.id = ?",
            (result["run_id"],),
        ).fetchone()
    assert status == "done" and provider == "ollama"


@pytest.mark.llm
def test_run_on_the_builtin_engine_completes_and_the_engine_stops(tmp_path, model_path) -> None:
    home = tmp_path / "home"
    write_settings(home, provider="builtin", max_output_tokens=100, num_ctx=8192)
    (home / "models").mkdir()
    (home / "models" / model_path.name).symlink_to(model_path)
    proc, result = aipa_json(home, "run", "--provider", "builtin", "--json", "--yes", DIRECTIVE, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert result["deliverable"].strip() and result["usage"]["output_tokens"] > 0
    pids = [int(p) for p in re.findall(r"built-in engine for \S+ listening on \S+ \(pid (\d+)\)", _log(home))]
    assert pids, _log(home)[-2000:]
    assert all(gone(pid) for pid in pids), "the built-in engine outlived `aipa run`"
    assert "listening on http://127.0.0.1:" in _log(home)


def _delegate_to_everyone(body: dict) -> str:
    """Scripted answers: route to every lead the schema offers; short texts otherwise."""
    schema = body.get("format")
    if isinstance(schema, dict) and "briefs" in schema.get("properties", {}):
        leads = list(schema["properties"]["briefs"]["properties"])
        briefs = [
            {"agent": n, "title": f"Part-{i + 1}", "instructions": f"Cover-part-{i + 1}."} for i, n in enumerate(leads)
        ]
        return json.dumps({"mode": "delegate", "message": "Delegating.", "briefs": briefs}, separators=(",", ":"))
    return "Here is my part of the work, in short.\n\nVERDICT: PASS"


def test_four_leads_complete_through_429s_with_retries_in_the_log(tmp_path) -> None:
    home = tmp_path / "home"
    write_settings(home, provider="ollama", model="smollm2:135m", max_parallel_leads=4)
    double = OllamaDouble(script=_delegate_to_everyone, rate_limit_each=2, retry_after="1")
    with double:
        proc, result = aipa_json(home, "run", "--json", "--yes", DIRECTIVE, OLLAMA_HOST=double.url, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    tasks = result["tasks"]
    assert len(tasks) == 4 and {t["status"] for t in tasks} == {"complete"}
    log = _log(home)
    retries = re.findall(
        r"WARNING aipa\.providers\.ollama: ollama \[(\w+) · (\w+)\]: 429 rate limited, "
        r"retry ([12])/3 in 1\.0s",
        log,
    )
    assert double.rate_limited == len(retries)
    leads = {(agent, n) for agent, purpose, n in retries if purpose == "lead"}
    assert leads == {(t["assigned_to"], n) for t in tasks for n in "12"}  # each lead: 429, 429, then its answer


def test_each_agent_thinks_or_not_as_its_file_says(tmp_path) -> None:
    """``thinking = "off"`` reaches Ollama as ``think: false`` (a faster answer from a
    thinking model), ``"on"`` as ``think: true``; the default sends no ``think`` at all."""
    home = tmp_path / "home"
    write_settings(home, provider="ollama", model=THINKING_MODEL)
    agents = home / "agents"
    agents.mkdir(parents=True)
    for name, value in (("atlas", "off"), ("cole", "on")):
        shipped = (SHIPPED_PROMPTS / f"{name}.md").read_text(encoding="utf-8")
        (agents / f"{name}.md").write_text(shipped.replace('thinking = ""', f'thinking = "{value}"'), encoding="utf-8")
    double = OllamaDouble(script=_delegate_to_everyone)
    with double:
        proc, result = aipa_json(home, "run", "--json", "--yes", DIRECTIVE, OLLAMA_HOST=double.url, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    sent: dict[str, set] = {}
    for request in double.chat_requests:
        own = request.body["messages"][0]["content"].removeprefix(TEAM + "\n\n")  # the agent's own prompt
        agent = own.split(",")[0].removeprefix("You are ")
        sent.setdefault(agent, set()).add(request.body.get("think", "unset"))
    assert sent.pop("Atlas") == {False} and sent.pop("Cole") == {True}
    assert sent and all(values == {"unset"} for values in sent.values()), sent
    with sqlite3.connect(home / "aipa.db") as db:
        thoughts = dict(db.execute("select assigned_to, thinking from tasks where run_id = ?", (result["run_id"],)))
    assert thoughts["Atlas"] == "" and thoughts["Cole"].strip()  # kept apart from the answer


def test_leads_waiting_in_ollamas_queue_do_not_time_out(tmp_path) -> None:
    """Ollama serves one request per model at a time: the fourth lead waits ~3 answers
    (about 2 s here) before its first token, longer than the lead timeout (1.5 s)."""
    home = tmp_path / "home"
    write_settings(home, provider="ollama", model="smollm2:135m", max_parallel_leads=4, lead_timeout=1.5)
    double = OllamaDouble(script=_delegate_to_everyone, parallel=1, word_delay=0.07)
    with double:
        proc, result = aipa_json(home, "run", "--json", "--yes", DIRECTIVE, OLLAMA_HOST=double.url, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert [t["status"] for t in result["tasks"]] == ["complete"] * 4
    assert double.max_concurrent == 1
    assert "timed out" not in _log(home)


# --- aipa doctor ----------------------------------------------------------------------------


def test_doctor_says_ollama_is_probably_not_installed(tmp_path) -> None:
    proc = aipa(tmp_path / "home", "doctor", "--provider", "ollama", OLLAMA_HOST="127.0.0.1:9", PATH=NO_OLLAMA)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert (
        "✗ provider ollama: nothing answers at http://127.0.0.1:9 and Ollama does not seem to be installed"
        in proc.stdout
    )
    assert "→ install it from https://ollama.com/download" in proc.stdout


def test_doctor_says_ollama_is_not_running(tmp_path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "ollama"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    proc = aipa(
        tmp_path / "home", "doctor", "--provider", "ollama", OLLAMA_HOST="127.0.0.1:9", PATH=f"{bin_dir}:{NO_OLLAMA}"
    )
    assert proc.returncode == 3
    assert "✗ provider ollama: Ollama is not running at http://127.0.0.1:9" in proc.stdout
    assert "→ start it with `ollama serve`" in proc.stdout


def test_doctor_names_a_model_that_is_not_pulled(tmp_path) -> None:
    with OllamaDouble() as double:
        url = double.url
        proc = aipa(tmp_path / "home", "doctor", "--provider", "ollama", "--model", "llama3.2", OLLAMA_HOST=url)
        ok = aipa(tmp_path / "home", "doctor", "--provider", "ollama", "--model", "smollm2:135m", OLLAMA_HOST=url)
    assert proc.returncode == 3
    assert f"✓ provider ollama: reachable at {url}, 3 model(s)" in proc.stdout
    assert "✗ model: model 'llama3.2' is not pulled in Ollama" in proc.stdout
    assert "→ pull it: `aipa models pull llama3.2`" in proc.stdout
    assert ok.returncode == 0 and "✓ model: smollm2:135m" in ok.stdout


def test_doctor_says_bad_api_key_for_anthropic(tmp_path) -> None:
    with ad.AnthropicDouble() as double:
        proc = aipa(
            tmp_path / "home",
            "doctor",
            "--provider",
            "anthropic",
            "--base-url",
            double.url,
            ANTHROPIC_API_KEY="sk-ant-wrong-key",
        )
        good = aipa(
            tmp_path / "home",
            "doctor",
            "--provider",
            "anthropic",
            "--base-url",
            double.url,
            ANTHROPIC_API_KEY=ad.API_KEY,
        )
    assert proc.returncode == 4, proc.stdout + proc.stderr
    assert "✗ API key: bad API key" in proc.stdout and "aipa keys set anthropic" in proc.stdout
    assert "sk-ant-wrong-key" not in proc.stdout + proc.stderr
    assert good.returncode == 0 and "✓ provider anthropic: reachable" in good.stdout


def test_doctor_says_no_api_key_is_set(tmp_path) -> None:
    proc = aipa(tmp_path / "home", "doctor", "--provider", "anthropic")
    assert proc.returncode == 4 and "✗ API key: no Anthropic API key is set" in proc.stdout


@pytest.mark.llm
def test_doctor_says_bad_api_key_for_a_keyed_openai_compatible_server(tmp_path, model_path) -> None:
    home = tmp_path / "home"
    write_settings(home, providers={"openai-compatible": {"use_openai_key": True}})  # OPENAI_API_KEY is for OpenAI
    with start_llama_server(model_path, n_ctx=512, n_parallel=1, api_key="the-right-key") as server:
        proc = aipa(
            home,
            "doctor",
            "--provider",
            "openai-compatible",
            "--base-url",
            server.base_url,
            OPENAI_API_KEY="a-wrong-key",
        )
    assert proc.returncode == 4, proc.stdout + proc.stderr
    assert "✗ API key: bad API key" in proc.stdout and "401" in proc.stdout
    assert "a-wrong-key" not in proc.stdout + proc.stderr


def test_doctor_says_the_keyring_is_unavailable(tmp_path) -> None:
    with OllamaDouble() as double:
        proc = aipa(
            tmp_path / "home",
            "doctor",
            "--provider",
            "ollama",
            OLLAMA_HOST=double.url,
            PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        )
    assert proc.returncode == 0  # a warning: keys still come from the environment
    assert "! keyring: keyring unavailable: no usable backend (keyring.backends.fail.Keyring)" in proc.stdout
    assert "ANTHROPIC_API_KEY" in proc.stdout


def test_doctor_on_the_builtin_engine_lists_model_files(tmp_path) -> None:
    home = tmp_path / "home"
    proc = aipa(home, "doctor", "--provider", "builtin")
    assert proc.returncode == 3 and "✗ model: builtin has no models" in proc.stdout
    assert "aipa models import PATH" in proc.stdout
    cores = choose_threads().describe()  # this machine's choice, e.g. "1 thread (2 physical cores, ...)"
    assert f"engine installed, 0 model file(s) in {home / 'models'}; {cores}" in proc.stdout


def test_doctor_says_the_engine_threads_set_in_settings(tmp_path) -> None:
    home = tmp_path / "home"
    write_settings(home, providers={"builtin": {"threads": 3}})
    proc = aipa(home, "doctor", "--provider", "builtin")
    assert "; 3 threads (set in settings: providers.builtin.threads)" in proc.stdout, proc.stdout
