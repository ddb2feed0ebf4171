"""A server that accepts and never answers cannot hang anything;
a busy one is waited for, with a notice."""

import time

import pytest

from aipa.errors import ServerDownError
from aipa.providers.base import Caution, ChatRequest, ContentDelta, Message, Waiting
from aipa.providers.ollama import OllamaProvider
from aipa.providers.openai_compat import OpenAICompatProvider
from tests.doubles.silent import REPLY, SilentServer
from tests.faults.helpers import DIRECTIVE
from tests.support.cli import aipa, aipa_json, write_settings

DEADLINE = 2  # seconds: first_token_timeout in these tests
REQUEST = ChatRequest(model="m", messages=(Message("user", "hi"),))


def test_mute_server_run_exits_3_with_a_message_and_stays_resumable(tmp_path):
    home = tmp_path / "home"
    write_settings(home, first_token_timeout=DEADLINE)
    with SilentServer() as server:
        started = time.monotonic()
        # the subprocess timeout is the bound: the run must end by itself long before it
        proc = aipa(home, "run", "--provider", "openai-compatible", "--base-url", server.base_url,
                    "--model", "m", "--yes", DIRECTIVE, timeout=120)  # fmt: skip
        took = time.monotonic() - started
    assert proc.returncode == 3, proc.stderr
    assert "sent nothing for 1 s, and does not answer its health check" in proc.stderr  # /props: half the deadline
    assert "Traceback" not in proc.stderr
    print(f"mute server: exit 3 after {took:.1f} s (deadline {DEADLINE} s, process start included)")
    _, runs = aipa_json(home, "runs", "--json")
    assert runs[0]["status"] == "failed" and runs[0]["stage"] == "route"
    resumed, result = aipa_json(home, "run", "--resume", runs[0]["run_id"], "--dry-run", "--yes", "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert result["status"] == "done"


def test_mute_server_models_list_exits_3(tmp_path):
    home = tmp_path / "home"
    write_settings(home, first_token_timeout=DEADLINE)
    with SilentServer() as server:
        proc = aipa(home, "models", "list", "--provider", "openai-compatible", "--base-url", server.base_url,
                    timeout=120)  # fmt: skip
    assert proc.returncode == 3, proc.stderr
    assert f"no answer from {server.base_url} within {DEADLINE} s" in proc.stderr
    assert "Traceback" not in proc.stderr


async def test_busy_server_is_waited_for_and_reported_queued():
    with SilentServer(health=True) as server:
        provider = OpenAICompatProvider(server.base_url, None, "m", context_options={"first_token_timeout": 1})
        events = []
        try:
            async for event in provider.stream(REQUEST):
                events.append(event)
                if isinstance(event, Waiting) and len([e for e in events if isinstance(e, Waiting)]) == 2:
                    server.release()  # still busy after two deadlines: now it answers
        finally:
            await provider.aclose()
    kinds = [type(e).__name__ for e in events if not isinstance(e, Caution)]  # (its size is a guess)
    assert kinds[:2] == ["Waiting", "Waiting"], kinds
    assert "".join(e.text for e in events if isinstance(e, ContentDelta)) == REPLY
    assert "GET /health" in server.requests


async def test_mute_ollama_server_is_a_provider_error_not_a_hang():
    with SilentServer() as server:
        provider = OllamaProvider(server.root, "m", options={"first_token_timeout": 1})
        try:
            with pytest.raises(ServerDownError, match="does not answer its health check"):
                async for _ in provider.stream(REQUEST):
                    pass
        finally:
            await provider.aclose()
    assert any(r.startswith("GET /api/version") for r in server.requests)
