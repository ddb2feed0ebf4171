"""Requests fit the context window the server reports."""

import json
import re

import pytest

from aipa.providers.base import ChatRequest, Message
from aipa.providers.context import fit, request_tokens
from tests.faults.helpers import DIRECTIVE, query
from tests.support.cli import aipa_json, write_settings
from tests.support.llama_server import start_llama_server


@pytest.mark.llm
def test_directive_on_2048_token_slots_ends_done(tmp_path, model_path):
    home = tmp_path / "home"
    # CPU time: the window is what the server says; revisions (a FLAG sends the synthesis
    # back) are tested in tests/e2e/test_cli_checks_llm.py, not here
    write_settings(home, max_output_tokens=160, revise_rounds=0)
    with start_llama_server(model_path, n_ctx=4096, n_parallel=2) as server:  # /props: n_ctx 2048 per slot
        proc, result = aipa_json(home, "run", "--provider", "openai-compatible", "--base-url", server.base_url,
                                 "--json", "--yes", DIRECTIVE, timeout=900)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert result["status"] == "done" and result["deliverable"].strip()
    assert query(home / "aipa.db", "select status from runs") == [("done",)]
    log = (home / "logs" / "aipa.log").read_text()
    assert re.search(r"2048 tokens per request for .* \(/props\)", log), log[-2000:]
    print(json.dumps({k: result[k] for k in ("status", "mode", "fallbacks", "verdict")}))


def test_output_is_capped_to_the_room_left_in_the_window():
    long = Message("user", "word " * 1200)  # about 1,500 tokens
    request = ChatRequest(model="m", messages=(Message("system", "be brief"), long), max_tokens=4096)
    fitted = fit(request, 2048)
    assert fitted.max_tokens is not None and request_tokens(fitted) + fitted.max_tokens <= 2048
    assert fitted.messages == request.messages  # the current turn is never cut
