"""A reply that repeats itself is stopped (providers/bounds.py's loop bound): what a
small model writes when it loops (the texts below are SmolLM2's, from a real routing
and synthesis on llama.cpp) ends as a reply cut at its length, with its usage estimated;
prose, code, tables and number lists of the repo's own documents are never stopped."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from aipa.providers import bounds
from aipa.providers.base import ContentDelta, Done, ThinkingDelta, Usage

ROOT = Path(__file__).resolve().parents[2]
LOOP = "You will need to plan a 12-Person Team, and you will need to plan a 12-Person Team. " * 40
HEADINGS = "### Plan a 12-Person Team\n\nPlan a 12-Person Team\n\nPlan a 12-Person Team\n\n" * 30
JOB_TITLES = '{"verdict": "PASS", "memo": "### [Your Name] - [Your Title] - ' + "[Your Job Title] - " * 100


async def _stream(text: str, piece: int = 7, kind=ContentDelta):
    for i in range(0, len(text), piece):
        yield kind(text[i : i + piece])
    yield Usage(100, len(text) // 4)
    yield Done("stop")


async def _through(events, prompt=lambda: 321) -> list:
    async def probe(timeout: float) -> bool:
        return True

    out = bounds.bounded(events, idle=None, max_tokens=4096, probe=probe, name="p", where="W", prompt_tokens=prompt)
    return [e async for e in out]


@pytest.mark.parametrize("text", [LOOP, HEADINGS, JOB_TITLES], ids=["sentence", "headings", "json-memo"])
async def test_a_loop_ends_as_a_cut_reply_early_with_its_usage_estimated(text) -> None:
    events = await asyncio.wait_for(_through(_stream(text)), 10)
    written = "".join(e.text for e in events if isinstance(e, ContentDelta))
    assert events[-1] == Done("length")
    (usage,) = [e for e in events if isinstance(e, Usage)]
    assert usage.input_tokens == 321 and usage.output_tokens == len(written) // 4
    assert bounds.LOOP_WINDOW <= len(written) <= 2 * bounds.LOOP_WINDOW  # (whitespace runs count once)
    assert text.startswith(written)


async def test_a_thinking_loop_is_stopped_too() -> None:
    events = await _through(_stream("Wait, let me think again about the budget. " * 60, kind=ThinkingDelta))
    assert events[-1] == Done("length")


@pytest.mark.parametrize(
    "path",
    ["README.md", "docs/ARCHITECTURE.md", "docs/bench/local-models.md", "desktop/aipa/providers/bounds.py"],
)
async def test_prose_code_and_tables_pass_whole(path) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    events = await _through(_stream(text, piece=11))
    assert events[-1] == Done("stop")
    assert "".join(e.text for e in events if isinstance(e, ContentDelta)) == text


async def test_a_long_list_of_different_numbers_passes_whole() -> None:
    text = "\n".join(f"- item {i}: {i * 37 % 101} units at {i * 13 % 17}.{i % 10} EUR" for i in range(300))
    assert (await _through(_stream(text)))[-1] == Done("stop")


async def test_a_table_padded_with_spaces_passes_whole() -> None:
    text = "".join(f"| {i:<6} | {'x' * (i % 9):<40} | {i * 7:>12} |\n" for i in range(200))
    assert (await _through(_stream(text)))[-1] == Done("stop")


def test_a_short_reply_is_never_looked_at() -> None:
    assert not bounds.looping("ha " * (bounds.LOOP_WINDOW // 3 - 1))
    assert bounds.looping("ha " * (bounds.LOOP_WINDOW // 3 + 1))
