"""ThinkSplitter: any text, any chunking."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from aipa.providers.base import ContentDelta, ThinkingDelta, ThinkSplitter, strip_think

PIECES = ["<think>", "</think>", "<", "</", "<th", "<think", "</thi", "nk>", ">", "think", "a", "b", " ", "\n"]
texts = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=25).map("".join)


def without_tags(text: str) -> str:
    """The text minus the tags the splitter honours: <think> outside, </think> inside."""
    out, inside = [], False
    while text:
        tag = "</think>" if inside else "<think>"
        idx = text.find(tag)
        if idx < 0:
            out.append(text)
            break
        out.append(text[:idx])
        text, inside = text[idx + len(tag) :], not inside
    return "".join(out)


@given(texts, st.lists(st.integers(min_value=0, max_value=200), max_size=12))
def test_any_chunking_keeps_every_character(text: str, cuts: list[int]) -> None:
    bounds = sorted({min(c, len(text)) for c in cuts} | {0, len(text)})
    splitter = ThinkSplitter()
    events = []
    for start, end in itertools.pairwise(bounds):
        events += splitter.feed(text[start:end])
    events += splitter.flush()

    assert all(e.text for e in events)  # no empty deltas
    assert "".join(e.text for e in events) == without_tags(text)
    content = "".join(e.text for e in events if isinstance(e, ContentDelta))
    assert content.strip() == strip_think(text)
    thinking = "".join(e.text for e in events if isinstance(e, ThinkingDelta))
    assert len(content) + len(thinking) == len(without_tags(text))


def test_tag_split_across_chunks() -> None:
    splitter = ThinkSplitter()
    events = [e for part in ["<th", "ink>hm", "m</th", "ink>Answer"] for e in splitter.feed(part)]
    events += splitter.flush()
    assert events == [ThinkingDelta("hm"), ThinkingDelta("m"), ContentDelta("Answer")]
