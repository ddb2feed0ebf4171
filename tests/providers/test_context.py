"""Fitting a conversation into a context window (providers/context.py)."""

from __future__ import annotations

import logging

from hypothesis import given, settings
from hypothesis import strategies as st

from aipa.providers.base import ChatRequest, Message, ToolCall
from aipa.providers.context import context_window, estimate_tokens, fit, request_tokens

SYSTEM = Message("system", "You are Atlas, a researcher. " * 4)


def turn(i: int, size: int = 400) -> list[Message]:
    return [Message("user", f"question {i} " + "x" * size), Message("assistant", f"answer {i} " + "y" * size)]


def tool_turn(i: int, size: int = 400) -> list[Message]:
    call = ToolCall(f"call_{i}", "search", {"q": f"topic {i}"})
    return [
        Message("user", f"look up {i}"),
        Message("assistant", "", tool_calls=(call,)),
        Message("tool", "z" * size, tool_call_id=call.id, name="search"),
        Message("assistant", f"found {i}"),
    ]


def request(messages: list[Message], max_tokens: int = 100) -> ChatRequest:
    return ChatRequest(model="m", messages=tuple(messages), max_tokens=max_tokens)


def test_estimate_is_about_four_characters_per_token() -> None:
    assert estimate_tokens("") == 0 and estimate_tokens("abcd") == 1 and estimate_tokens("a" * 400) == 100


def test_a_prompt_that_fits_is_left_alone() -> None:
    req = request([SYSTEM, *turn(1), Message("user", "now?")])
    assert fit(req, 8192) is req


def test_oldest_history_goes_first_keeping_system_and_last_user(caplog) -> None:
    history = [m for i in range(10) for m in turn(i)]
    last = Message("user", "the current question")
    req = request([SYSTEM, *history, last])
    with caplog.at_level(logging.INFO, logger="aipa.providers.context"):
        out = fit(req, 1000)
    assert out.messages[0] == SYSTEM and out.messages[-1] == last
    assert request_tokens(out) <= 1000 - 100
    kept = out.messages[1:-1]
    assert kept and kept == tuple(history[-len(kept) :])  # a suffix of the history: the newest
    assert kept[0].role == "user"  # it restarts at a user turn
    assert "trimmed" in caplog.text and "WARNING" not in caplog.text


def test_a_tool_call_is_never_separated_from_its_results() -> None:
    history = [m for i in range(6) for m in tool_turn(i)]
    for window in range(300, 2000, 37):
        out = fit(request([SYSTEM, *history, Message("user", "and now?")]), window)
        for i, m in enumerate(out.messages):
            if m.role == "tool":
                assert out.messages[i - 1].tool_calls or out.messages[i - 1].role == "tool"
            if m.tool_calls:
                assert out.messages[i + 1].role == "tool"


def test_the_current_tool_loop_is_kept_whole() -> None:
    call = ToolCall("c1", "search", {"q": "x"})
    current = [
        Message("user", "do it"),
        Message("assistant", "", tool_calls=(call,)),
        Message("tool", "r" * 2000, tool_call_id="c1", name="search"),
    ]
    out = fit(request([SYSTEM, *[m for i in range(5) for m in turn(i)], *current]), 1200)
    assert list(out.messages[-3:]) == current


def test_too_long_even_after_trimming_warns_and_sends_anyway(caplog) -> None:
    huge = Message("user", "w" * 40_000)
    with caplog.at_level(logging.WARNING, logger="aipa.providers.context"):
        out = fit(request([SYSTEM, *turn(1), huge]), 4096)
    assert out.messages == (SYSTEM, huge)
    assert "context window" in caplog.text and "even after trimming" in caplog.text


def test_windows_come_from_options_the_known_table_or_num_ctx() -> None:
    assert context_window("claude-sonnet-4-6") == 200_000
    assert context_window("gpt-4o-mini") == 128_000
    assert context_window("openrouter/gpt-4o") == 128_000
    assert context_window("qwen3:8b", {"num_ctx": 16384}) == 16384
    assert context_window("qwen3:8b", {"num_ctx": 16384, "context_window": 4096}) == 4096
    assert context_window("some-local-model") == 8192


messages = st.lists(
    st.one_of(
        st.builds(lambda n: turn(0, n), st.integers(0, 3000)),
        st.builds(lambda n: tool_turn(0, n), st.integers(0, 3000)),
    ),
    max_size=12,
).map(lambda turns: [m for t in turns for m in t])


@settings(max_examples=150, deadline=None)
@given(history=messages, window=st.integers(256, 6000))
def test_trimming_keeps_order_and_pairs_for_any_history(history, window) -> None:
    last = Message("user", "now")
    out = fit(request([SYSTEM, *history, last], max_tokens=64), window)
    assert out.messages[0] == SYSTEM and out.messages[-1] == last
    kept = list(out.messages[1:-1])
    assert kept == history[len(history) - len(kept) :]  # a suffix, in order
    for i, m in enumerate(kept):
        if m.role == "tool":
            assert i > 0 and (kept[i - 1].tool_calls or kept[i - 1].role == "tool")
