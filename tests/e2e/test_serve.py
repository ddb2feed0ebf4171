"""`aipa serve --dry-run` driven by the official `openai` client: the models listed,
non-streaming and streaming completions for `aipa-team` and for one agent, two
requests at once; and the refusals: no token, a wrong token, a wrong Host header, a
non-loopback bind. The client's output is written to $AIPA_SERVE_TRANSCRIPT when set
(the issue's evidence)."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import openai
import pytest

from tests.doubles.base import free_port
from tests.support.cli import ROOT, aipa, cli_env, write_settings
from tests.support.env_keyring import keyring_env

TOKEN = "aipa-test-token-0123456789abcdefghijkl"
DIRECTIVE = "Plan a two-day team offsite for twelve people in the mountains, with a budget"


@contextlib.contextmanager
def _serving(home):
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "aipa", "serve", "--dry-run", "--port", str(port)],
        cwd=ROOT,
        env=cli_env(home, **keyring_env(**{"aipa-serve-token": TOKEN})),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    ready = threading.Event()
    first: list[str] = []

    def wait_line() -> None:
        first.append(proc.stdout.readline())
        ready.set()

    threading.Thread(target=wait_line, daemon=True).start()
    try:
        assert ready.wait(120), "the server did not start"
        assert first[0].startswith(f"serving on http://127.0.0.1:{port}/v1"), (first, proc.poll())
        assert TOKEN not in first[0]
        yield port
    finally:
        proc.terminate()
        proc.wait(60)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    home = tmp_path_factory.mktemp("serve") / "home"
    with _serving(home) as port:
        yield home, port


def _client(port: int, token: str = TOKEN) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key=token, max_retries=0, timeout=300)


def _say(lines: list[str], text: str) -> None:
    lines.append(text)
    if os.environ.get("AIPA_SERVE_TRANSCRIPT"):
        with open(os.environ["AIPA_SERVE_TRANSCRIPT"], "a", encoding="utf-8") as f:
            f.write(text + "\n")


def _recorded(home, run_id: str) -> tuple[int, int]:
    """The run's tokens as the store recorded them (every call it made)."""
    with contextlib.closing(sqlite3.connect(home / "aipa.db")) as db:
        row = db.execute("SELECT sum(input_tokens), sum(output_tokens) FROM usage WHERE run_id = ?", (run_id,))
        prompt, completion = row.fetchone()
    return prompt or 0, completion or 0


def test_the_openai_client_lists_runs_and_streams(served):
    home, port = served
    out: list[str] = []
    client = _client(port)
    ids = [m.id for m in client.models.list().data]
    _say(out, f"models: {ids}")
    assert ids[0] == "aipa-team" and {"Miranda", "Vera", "Atlas"} <= set(ids)

    # The team, not streaming: the deliverable is the content, the run waits for the Principal.
    reply = client.chat.completions.create(model="aipa-team", messages=[{"role": "user", "content": DIRECTIVE}])
    content = reply.choices[0].message.content or ""
    reasoning = (reply.choices[0].message.model_extra or {}).get("reasoning_content", "")
    aipa_part = (reply.model_extra or {})["aipa"]
    _say(out, f"aipa-team (not streaming): {aipa_part} content[:160]={content[:160]!r}")
    _say(out, "  reasoning: " + " | ".join(reasoning.splitlines()[:6]) + " …")
    assert content.startswith("# Deliverable") and "waiting for the Principal" in content
    assert aipa_part["status"] == "suspended" and aipa_part["waiting"] == "waiting for the Principal"
    assert "stage: dispatch" in reasoning and "audit verdict" in reasoning
    assert f"aipa run --resume {aipa_part['run_id']}" in content
    # usage: the run's recorded tokens, every call it made (routing, leads, synthesis, audit)
    _say(out, f"  usage: {reply.usage}")
    assert reply.usage is not None and reply.usage.prompt_tokens > 0 and reply.usage.completion_tokens > 0
    assert (reply.usage.prompt_tokens, reply.usage.completion_tokens) == _recorded(home, aipa_part["run_id"])
    assert reply.usage.total_tokens == reply.usage.prompt_tokens + reply.usage.completion_tokens

    # The team, streaming: content and reasoning as they come.
    parts, thoughts, usage = [], [], []
    for chunk in client.chat.completions.create(
        model="aipa-team", messages=[{"role": "user", "content": DIRECTIVE}], stream=True
    ):
        if chunk.usage is not None:
            usage.append(chunk.usage)
        if not chunk.choices:
            continue
        delta = chunk.choices[0].delta
        parts.append(delta.content or "")
        thoughts.append((delta.model_extra or {}).get("reasoning_content") or "")
    streamed = "".join(parts)
    _say(out, f"aipa-team (streaming): {sum(1 for p in parts if p)} content chunks, "
              f"{sum(1 for t in thoughts if t)} reasoning chunks; content[:120]={streamed[:120]!r}")  # fmt: skip
    assert streamed.startswith("# Deliverable") and "waiting for the Principal" in streamed
    assert sum(1 for p in parts if p) > 3 and any("delegated to" in t for t in thoughts)
    assert len(usage) == 1 and usage[0].total_tokens > 0  # on the last chunk

    # One agent, both ways.
    atlas = client.chat.completions.create(model="Atlas", messages=[{"role": "user", "content": "Say hello"}])
    said = atlas.choices[0].message.content or ""
    _say(out, f"Atlas (not streaming): {said[:160]!r}")
    assert said.strip()
    assert atlas.usage is not None and atlas.usage.prompt_tokens > 0 and atlas.usage.completion_tokens > 0
    pieces = [
        c.choices[0].delta.content or ""
        for c in client.chat.completions.create(
            model="Atlas", messages=[{"role": "user", "content": "Say hello"}], stream=True
        )
        if c.choices
    ]
    _say(out, f"Atlas (streaming): {len([p for p in pieces if p])} chunks: {''.join(pieces)[:120]!r}")
    assert "".join(pieces) == said  # the scripted provider answers the same request the same way

    # The run waiting at review is decided by the Principal at the terminal.
    done = aipa(home, "run", "--resume", aipa_part["run_id"], "--dry-run", "--json", "--yes")
    assert done.returncode == 0 and json.loads(done.stdout)["status"] == "done", done.stderr


def test_two_requests_run_at_once_a_third_is_refused_and_a_listed_client_is_accepted(tmp_path):
    home = tmp_path / "home"
    # A slower scripted provider, so that two runs are surely in flight together.
    write_settings(home, providers={"scripted": {"kind": "scripted", "tokens_per_second": 150}},
                   serve_accept_review=["my-editor"])  # fmt: skip
    with _serving(home) as port:
        client = _client(port)
        started = [threading.Event(), threading.Event()]
        times: dict[int, dict[str, float]] = {0: {}, 1: {}}

        def one(i: int) -> str:
            text = []
            for chunk in client.chat.completions.create(
                model="aipa-team", messages=[{"role": "user", "content": f"{DIRECTIVE} (group {i})"}], stream=True
            ):
                if chunk.choices and (chunk.choices[0].delta.model_extra or {}).get("reasoning_content"):
                    times[i].setdefault("first", time.monotonic())
                    started[i].set()
                text.append(chunk.choices[0].delta.content or "" if chunk.choices else "")
            times[i]["end"] = time.monotonic()
            return "".join(text)

        with ThreadPoolExecutor(2) as pool:
            futures = [pool.submit(one, i) for i in (0, 1)]
            assert all(e.wait(120) for e in started)
            with pytest.raises(openai.RateLimitError) as busy:
                client.chat.completions.create(model="aipa-team", messages=[{"role": "user", "content": DIRECTIVE}])
            texts = [f.result(300) for f in futures]
        _say([], f"two at once: both streamed; a third while they ran: {busy.value.status_code} {busy.value.body}")
        assert all("waiting for the Principal" in t for t in texts)
        # Each run had started before the other ended: they ran together, not in turn.
        assert times[0]["first"] < times[1]["end"] and times[1]["first"] < times[0]["end"], times

        accepted = client.chat.completions.create(
            model="aipa-team", messages=[{"role": "user", "content": DIRECTIVE}], user="my-editor"
        )
        outcome = (accepted.model_extra or {})["aipa"]
        _say([], f"a client listed in serve_accept_review: {outcome}")
        assert outcome["status"] == "done" and outcome["decision"] == "accept"
        assert "waiting for the Principal" not in (accepted.choices[0].message.content or "")


def _raw(port: int, headers: dict[str, str], path: str = "/v1/models") -> tuple[int, dict]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_refusals(served, tmp_path):
    _home, port = served
    out: list[str] = []
    with pytest.raises(openai.AuthenticationError) as no_token:
        _client(port, token="not-the-token").models.list()
    _say(out, f"wrong token: {no_token.value.status_code} {no_token.value.body}")
    status, body = _raw(port, {})
    _say(out, f"no token: {status} {body}")
    assert status == 401 and body["error"]["code"] == "bad_token"
    status, body = _raw(port, {"Authorization": f"Bearer {TOKEN}", "Host": f"evil.example:{port}"})
    _say(out, f"wrong Host header: {status} {body}")
    assert status == 403 and body["error"]["code"] == "bad_host"

    home = tmp_path / "home"
    write_settings(home, serve_host="0.0.0.0")
    refused = aipa(home, "serve", "--dry-run", "--port", str(free_port()), **keyring_env(**{"aipa-serve-token": TOKEN}))
    _say(out, f"non-loopback bind: exit {refused.returncode}: {refused.stderr.strip()}")
    assert refused.returncode == 2 and "127.0.0.1 only" in refused.stderr


def test_print_token(tmp_path):
    home = tmp_path / "home"
    shown = aipa(home, "serve", "--print-token", **keyring_env(**{"aipa-serve-token": TOKEN}))
    assert shown.returncode == 0 and shown.stdout.strip() == TOKEN
    none = aipa(home, "serve", "--print-token")  # the null keyring: nothing can be kept
    assert none.returncode == 2 and "AIPA_SERVE_TOKEN" in none.stderr and not none.stdout


def test_without_a_keyring_a_client_reaches_the_server_with_the_token_print_token_prints(tmp_path):
    """Issue 30: no keyring (keyring's fail backend), no AIPA_SERVE_TOKEN: the token of this
    start is in a file only the user reads, --print-token reads it, and it is gone at exit."""
    home = tmp_path / "home"
    port = free_port()
    env = cli_env(home, PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring", XDG_RUNTIME_DIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "aipa", "serve", "--dry-run", "--port", str(port)], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        first = proc.stdout.readline()
        assert first.startswith(f"serving on http://127.0.0.1:{port}/v1"), (first, proc.poll())
        assert "(no keyring; removed at exit)" in first and str(tmp_path) in first
        shown = subprocess.run([sys.executable, "-m", "aipa", "serve", "--print-token"], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=120)  # fmt: skip
        value = shown.stdout.strip()
        assert shown.returncode == 0 and value.startswith("aipa-") and value not in first
        (kept,) = tmp_path.glob("aipa-*-serve-token")
        assert kept.stat().st_mode & 0o777 == 0o600
        assert [m.id for m in _client(port, value).models.list().data]
        with pytest.raises(openai.AuthenticationError):
            _client(port, "aipa-not-the-token-0123456789abcdef").models.list()
    finally:
        proc.terminate()
        proc.wait(60)
    assert not list(tmp_path.glob("aipa-*-serve-token"))  # removed at exit
    gone = subprocess.run([sys.executable, "-m", "aipa", "serve", "--print-token"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert gone.returncode == 2 and "AIPA_SERVE_TOKEN" in gone.stderr
