"""What a run cost (issue 23): money from the price table for calls whose usage the
OpenAI-format and Anthropic-format doubles report, to the cent, in `aipa runs --json`;
and the budget gate stops a run before the call that would pass its budget."""

from __future__ import annotations

import json

from tests.doubles import anthropic as ad
from tests.doubles.openai import OpenAIDouble, Reply, chunk
from tests.support.cli import aipa_json, write_settings

DIRECTIVE = "What is the capital of France, and why did it become the capital over the centuries?"
ANSWER = (
    "Paris is the capital of France: it grew as the seat of the kings, the courts and the government"
    " since the Capetians."
)
# per million tokens: big prices, so that a few hundred tokens are dollars
PRICES = {
    "dated": "2026-11-01",
    "currency": "USD",
    "per_tokens": 1_000_000,
    "providers": {
        "cloud-gw": {"gpt-test": {"input": 1000.0, "output": 2000.0, "cached_input": 250.0}},
        "anthropic": {"claude-test": {"input": 1500.0, "output": 7500.0, "cached_input": 150.0}},
    },
}


def _reply(text: str, prompt: int, completion: int, cached: int = 0) -> Reply:
    usage = chunk(usage=(prompt, completion))
    usage["usage"]["prompt_tokens_details"] = {"cached_tokens": cached}
    return Reply(events=[chunk(role="assistant"), chunk(content=text), chunk(finish="stop"), usage, "[DONE]"])


def _home(tmp_path, url: str, **settings):
    home = tmp_path / "home"
    write_settings(home, providers={"cloud-gw": {"kind": "openai-compatible", "base_url": url}}, **settings)
    (home / "prices.json").write_text(json.dumps(PRICES))  # the Principal's copy wins over the shipped table
    return home


def _openai_replies() -> list[Reply]:
    route = json.dumps({"mode": "direct", "message": ANSWER})
    # route: 600 fresh + 400 cached in, 200 out = 0.60 + 0.10 + 0.40 = $1.10
    # audit: 500 in, 100 out = 0.50 + 0.20 = $0.70
    return [_reply(route, 1000, 200, cached=400), _reply("Correct and sourced.\n\nVERDICT: PASS", 500, 100)]


def test_a_runs_money_from_the_price_table_to_the_cent(tmp_path) -> None:
    with OpenAIDouble(*_openai_replies(), models=("gpt-test",)) as double:
        home = _home(tmp_path, double.base_url)
        args = ("run", "--provider", "cloud-gw", "--model", "gpt-test", "--json", "--yes", DIRECTIVE)
        proc, result = aipa_json(home, *args, OPENAI_API_KEY="sk-test")
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert len(double.chat_requests) == 2
    listed, runs = aipa_json(home, "runs", "--json")
    (run,) = runs
    cost = run["cost"]
    assert round(cost["money"], 2) == 1.80 and cost["currency"] == "USD"
    assert round(cost["stages"]["route"]["money"], 2) == 1.10 and round(cost["stages"]["audit"]["money"], 2) == 0.70
    assert cost["input_tokens"] == 1500 and cost["cached_input_tokens"] == 400 and cost["output_tokens"] == 300
    assert cost["calls"] == 2 and cost["revisions"]["1"]["calls"] == 2


def test_a_budget_below_the_runs_cost_stops_at_the_gate_before_the_call_that_would_pass_it(tmp_path) -> None:
    with OpenAIDouble(*_openai_replies(), models=("gpt-test",)) as double:
        home = _home(tmp_path, double.base_url)
        args = ("run", "--provider", "cloud-gw", "--model", "gpt-test", "--json", "--budget", "1.50", DIRECTIVE)
        proc, result = aipa_json(home, *args, OPENAI_API_KEY="sk-test")  # no terminal, no --yes: the gate suspends
        assert proc.returncode == 6, proc.stderr[-3000:]  # suspended at the gate (EXIT_SUSPENDED)
        assert result["status"] == "suspended"
        assert len(double.chat_requests) == 1  # the route ($1.10) ran; the audit (about as much again) did not
        assert "this run has spent $1.10 of $1.50; continue?" in proc.stderr
        _, runs = aipa_json(home, "runs", "--json")
        assert round(runs[0]["cost"]["money"], 2) == 1.10
        # accepted at the gate: the run goes on and spends past the budget, as the Principal said
        resumed, done = aipa_json(home, "run", "--resume", result["run_id"], "--json", "--yes", "--budget", "1.50",
                                  OPENAI_API_KEY="sk-test")  # fmt: skip
        assert resumed.returncode == 0, resumed.stderr[-3000:]
        assert done["status"] == "done" and len(double.chat_requests) == 2
    _, runs = aipa_json(home, "runs", "--json")
    assert round(runs[0]["cost"]["money"], 2) == 1.80


def test_anthropic_calls_cost_what_the_doubles_usage_says(tmp_path) -> None:
    with ad.AnthropicDouble(models=("claude-test",)) as double:
        home = _home(tmp_path, "http://127.0.0.1:9")
        args = ("run", "--provider", "anthropic", "--base-url", double.url, "--model", "claude-test", "--json", "--yes")
        proc, result = aipa_json(home, *args, DIRECTIVE, ANTHROPIC_API_KEY=ad.API_KEY)
        assert proc.returncode == 0, proc.stderr[-3000:]
        asked = [r.body for r in double.message_requests]
        sent = list(double.sent)
    assert len(asked) == len(sent) == result["usage"]["calls"] >= 2
    expected = sum(ad._estimate(body) * 1500.0 + out * 7500.0 for body, out in zip(asked, sent, strict=True)) / 1e6
    _, runs = aipa_json(home, "runs", "--json")
    assert round(runs[0]["cost"]["money"], 2) == round(expected, 2) > 0
