"""A run through LiteLLM's real proxy as an anthropic profile, in front of a real
llama.cpp server with the small model: nothing here is a double. The proxy serves
Anthropic's ``/v1/messages`` and turns it into the OpenAI chat call llama.cpp takes
(tests/support/litellm_proxy.py); where the forced tool is refused or ignored, the
provider falls back to the JSON-schema format, which the proxy turns into llama.cpp's
``response_format``. The run must reach
a parsed verdict. LiteLLM's ``/model/info`` does not know the model's size unless its
config says it, so the first run warns that the size is a guess and the second, whose
proxy config gives ``max_input_tokens``, does not.

LiteLLM lives in a venv of its own (``scripts/litellm-venv.sh``); without it these tests
skip, saying so. Like every llm test, run them one at a time machine-wide
(``flock /tmp/aipa-llm.lock``); the llama.cpp server gets one thread."""

from __future__ import annotations

import sqlite3

import pytest

from tests.support import litellm_proxy
from tests.support.cli import aipa_json, write_settings
from tests.support.llama_server import start_llama_server

pytestmark = [pytest.mark.llm, pytest.mark.gateway]

DIRECTIVE = "Plan a three-day offsite for a 12-person team"
VERDICTS = ("PASS", "PASS WITH NOTES", "FLAG", "REJECT")
MODEL = "smol"  # the name the proxy's config gives the llama.cpp model


@pytest.fixture(scope="module")
def llama(model_path):
    if not litellm_proxy.installed():
        pytest.skip(f"LiteLLM's proxy is not installed at {litellm_proxy.venv()}: run scripts/litellm-venv.sh")
    # 4 slots of 2,048 tokens, as the gateway had: more than the proxy says
    with start_llama_server(model_path, n_ctx=8192, n_parallel=4, threads=1) as server:
        yield server


def _run(tmp_path, proxy_url: str):
    home = tmp_path / "home"
    # the architecture reference's shape: type, api_key_env, default_model
    gateway = {"type": "anthropic", "base_url": proxy_url, "default_model": MODEL, "api_key_env": "GATEWAY_KEY"}
    write_settings(home, provider="gateway", providers={"gateway": gateway}, max_output_tokens=96)
    proc, result = aipa_json(
        home, "run", "--yes", "--json", DIRECTIVE, GATEWAY_KEY=litellm_proxy.MASTER_KEY, timeout=900
    )
    return home, proc, result


def _check_verdict(home, proc, result) -> None:
    print(proc.stderr[-6000:])  # what the run said (`pytest -s` shows it)
    print(result and {k: result.get(k) for k in ("verdict", "stages", "fallbacks", "usage")})
    assert proc.returncode == 0 and result is not None, proc.stderr[-3000:]
    assert result["verdict"] in VERDICTS and result["stages"]["audit"] in ("ok", "re-asked"), result["stages"]
    assert "audit" not in result["fallbacks"] and result["deliverable"].strip()
    assert result["usage"]["input_tokens"] > 0 and result["usage"]["output_tokens"] > 0  # message_delta's counts
    with sqlite3.connect(home / "aipa.db") as db:
        (status,) = db.execute("select status from runs where id = ?", (result["run_id"],)).fetchone()
    assert status == "done"


def test_a_run_through_litellm_reaches_a_parsed_verdict_and_says_the_size_is_a_guess(tmp_path, llama) -> None:
    with litellm_proxy.start_litellm_proxy(llama.base_url, MODEL) as proxy:
        home, proc, result = _run(tmp_path, proxy.url)
        url = proxy.url
    _check_verdict(home, proc, result)
    warning = f"context size of {MODEL} at {url} is unknown; assuming 8,192 tokens — set `context` in the profile"
    assert proc.stderr.count(warning) == 1, proc.stderr[-3000:]
    log = (home / "logs" / "aipa.log").read_text()
    assert "a forced tool" in log and "the JSON-schema format instead" in log  # the fallback, in the log


def test_a_size_litellm_knows_is_used_and_nothing_is_guessed(tmp_path, llama) -> None:
    with litellm_proxy.start_litellm_proxy(llama.base_url, MODEL, max_input_tokens=2048) as proxy:
        home, proc, result = _run(tmp_path, proxy.url)
    _check_verdict(home, proc, result)
    assert "is unknown; assuming" not in proc.stderr
    assert f"2048 tokens per request for {MODEL} (/model/info)" in (home / "logs" / "aipa.log").read_text()
