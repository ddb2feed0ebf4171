"""The stream bounds themselves (providers/bounds.py), in process: the idle timeout and
its probe, the drip meter, the length cap, the stage deadline."""

from __future__ import annotations

import asyncio

import pytest

from aipa.errors import BadResponseError, ProviderTimeoutError, ServerDownError
from aipa.providers import bounds
from aipa.providers.base import ContentDelta, Done, Waiting


async def _stream(*parts, gap: float = 0.0, hang_after: int | None = None, meter: bounds.Meter | None = None):
    for n, part in enumerate(parts):
        if hang_after is not None and n == hang_after:
            while True:  # silent; a meter shows bytes trickling in when one is given
                await asyncio.sleep(0.05)
                if meter is not None:
                    meter.add(1)
        await asyncio.sleep(gap)
        yield part


async def _collect(events) -> list:
    return [e async for e in events]


def _bounded(events, *, alive: bool, meter=None, max_tokens=None, idle=0.2):
    async def probe(timeout: float) -> bool:
        return alive

    return bounds.bounded(events, idle=idle, max_tokens=max_tokens, probe=probe, name="p", where="W", meter=meter)


async def test_a_quiet_stream_on_a_dead_server_ends_at_the_idle_timeout():
    events = _stream(ContentDelta("a"), ContentDelta("b"), hang_after=1)
    with pytest.raises(ServerDownError, match="stopped sending in the middle of its reply"):
        await asyncio.wait_for(_collect(_bounded(events, alive=False)), 5)


async def test_a_quiet_stream_on_a_live_server_is_slow_until_the_stage_deadline():
    events = _stream(ContentDelta("a"), ContentDelta("b"), hang_after=1)
    deadline = bounds.StageDeadline.start(1.0, "Miranda (route)")
    seen = []
    with pytest.raises(ProviderTimeoutError, match=r"Miranda \(route\): no complete reply within 1 s"):
        async for event in bounds.until(_bounded(events, alive=True), deadline):
            seen.append(event)
    assert seen[0] == ContentDelta("a") and Waiting("slow") in seen


async def test_a_drip_is_slow_without_asking_the_probe():
    meter = bounds.Meter(10_000)
    events = _stream(ContentDelta("a"), ContentDelta("b"), hang_after=1, meter=meter)
    seen = []

    async def consume():
        async for event in _bounded(events, alive=False, meter=meter):  # a probe would say dead
            seen.append(event)
            if seen.count(Waiting("slow")) == 2:
                return

    await asyncio.wait_for(consume(), 5)
    assert meter.bytes > 0


async def test_the_length_cap_follows_the_budget_and_counts_whitespace_runs_once():
    budget = 10  # tokens: 160 characters
    spaces = _stream(*(ContentDelta(" " * 100 + str(n % 10)) for n in range(50)), Done())
    assert len(await _collect(_bounded(spaces, alive=True, max_tokens=budget))) == 51  # 100 characters counted
    words = _stream(*(ContentDelta("word ") for _ in range(100)), Done())
    with pytest.raises(BadResponseError, match="ran past 160 characters, far over its budget of 10 tokens"):
        await _collect(_bounded(words, alive=True, max_tokens=budget))


def test_the_byte_meter_stops_a_reply_past_its_limit():
    meter = bounds.Meter(bounds.max_reply_bytes(10), "p", "W")
    meter.add(10 * bounds.BYTES_PER_TOKEN)
    with pytest.raises(BadResponseError, match="MB on the wire"):
        meter.add(bounds.SLACK_BYTES + 1)
