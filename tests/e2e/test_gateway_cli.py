"""`aipa providers`, `aipa doctor` and `aipa run` with a gateway profile, in a subprocess
with its own AIPA_HOME. The gateway is the Anthropic double in gateway mode: it speaks the
Messages API's SSE (``message_start`` with zero input tokens, ``content_block_delta``,
``message_delta`` carrying the real usage, ``message_stop``), as LiteLLM's proxy does, and
LiteLLM's ``/model/info`` shape, where a model it does not know has a null size. The real
LiteLLM proxy in front of llama.cpp: test_litellm_gateway.py."""

from __future__ import annotations

import json

from tests.doubles import anthropic as ad
from tests.support.cli import aipa, aipa_json, write_settings

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


def _gateway(url: str, **more) -> dict:
    return {"type": "anthropic", "base_url": url, "default_model": "smol", "api_key_env": "GATEWAY_KEY", **more}


def test_providers_list_reads_the_reference_shape_and_names_what_it_cannot_read(tmp_path) -> None:
    home = tmp_path / "home"
    providers = {
        "gateway": _gateway("http://127.0.0.1:4000"),
        "odd": {"type": "ollama", "extra_body": {"top_k": 20}},
        "typo": {"kind": "openai-compatible", "base_url": "http://127.0.0.1:8000/v1", "contxt": 4096},
    }
    write_settings(home, provider="gateway", providers=providers)
    listed = aipa(home, "providers", "list", GATEWAY_KEY="sk-gateway")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    gateway = next(line for line in lines if line.startswith("* gateway"))
    assert "anthropic" in gateway and "key: from GATEWAY_KEY" in gateway
    assert any(line.startswith("  typo") for line in lines)
    assert "✗ odd" in listed.stdout and "providers.odd.extra_body: a ollama profile has no use for it" in listed.stdout
    assert "providers.typo: unknown field 'contxt' ignored" in listed.stderr
    added = aipa(home, "providers", "add", "gateway", "--context", "2048")
    assert added.returncode == 0, added.stderr
    saved = json.loads((home / "settings.json").read_text())["providers"]["gateway"]
    assert saved == {"kind": "anthropic", "base_url": "http://127.0.0.1:4000", "key_env": "GATEWAY_KEY",
                     "model": "smol", "context": 2048}  # fmt: skip
    again = aipa(home, "providers", "list", GATEWAY_KEY="sk-gateway")
    assert "context: 2,048" in again.stdout


def test_doctor_warns_when_the_context_size_is_guessed_and_not_when_it_is_set(tmp_path) -> None:
    home = tmp_path / "home"
    with ad.AnthropicDouble(gateway=True, models=("smol",)) as double:
        write_settings(home, provider="gateway", providers={"gateway": _gateway(double.url)})
        guessed = aipa(home, "doctor", GATEWAY_KEY=ad.API_KEY)
        write_settings(home, provider="gateway", providers={"gateway": _gateway(double.url, context=2048)})
        set_by_hand = aipa(home, "doctor", GATEWAY_KEY=ad.API_KEY)
        url = double.url
    warning = f"context size of smol at {url} is unknown; assuming 8,192 tokens — set `context` in the profile"
    assert f"! context: {warning}" in guessed.stdout, guessed.stdout
    assert "`aipa providers add gateway --context TOKENS`" in guessed.stdout
    assert "✓ context: 2,048 tokens per request for smol (from the profile)" in set_by_hand.stdout
    assert "profile gateway: anthropic at" in guessed.stdout and "key: from GATEWAY_KEY" in guessed.stdout


def test_a_run_through_the_gateway_says_the_guess_once_and_counts_the_prompt_tokens(tmp_path) -> None:
    home = tmp_path / "home"
    with ad.AnthropicDouble(gateway=True, models=("smol",)) as double:
        write_settings(home, provider="gateway", providers={"gateway": _gateway(double.url)})
        proc = aipa(home, "run", "--yes", DIRECTIVE, GATEWAY_KEY=ad.API_KEY)
        _json_proc, result = aipa_json(home, "run", "--yes", "--json", DIRECTIVE, GATEWAY_KEY=ad.API_KEY)
        url = double.url
    warning = f"context size of smol at {url} is unknown; assuming 8,192 tokens — set `context` in the profile"
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert (proc.stdout + proc.stderr).count(warning) == 1
    assert result is not None and result["usage"]["input_tokens"] > 0  # from message_delta, not 0
