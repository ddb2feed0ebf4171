"""The shipped price table (resources/prices.json): it parses, it is dated, and a model's
dated snapshot name finds its own family's price, not a shorter name's (Claude Opus 4.5
costs a third of Opus 4; GPT-5 pro twelve times GPT-5)."""

import re

import pytest

from aipa.core.run import cost


@pytest.mark.parametrize(
    "kind, model, price",
    [
        ("openai", "gpt-4o-2024-08-06", (2.5, 10.0, 1.25)),
        ("openai", "gpt-4.1-mini-2025-04-14", (0.4, 1.6, 0.1)),
        ("openai", "gpt-5-2025-08-07", (1.25, 10.0, 0.125)),
        ("openai", "gpt-5-pro-2025-10-06", (15.0, 120.0, 15.0)),
        ("openai", "o3-2025-04-16", (2.0, 8.0, 0.5)),
        ("openai", "o3-mini-2025-01-31", (1.1, 4.4, 0.55)),
        ("anthropic", "claude-opus-4-1-20250805", (15.0, 75.0, 1.5)),
        ("anthropic", "claude-opus-4-5-20251101", (5.0, 25.0, 0.5)),
        ("anthropic", "claude-sonnet-4-5-20250929", (3.0, 15.0, 0.3)),
        ("anthropic", "claude-haiku-4-5-20251001", (1.0, 5.0, 0.1)),
        ("anthropic", "claude-3-5-sonnet-20241022", (3.0, 15.0, 0.3)),
    ],
)
def test_a_snapshot_name_finds_its_own_familys_price(kind, model, price):
    table = cost.shipped()
    found = table.price(kind, model)
    assert found is not None and (found.input, found.output, found.cached_input) == price


def test_the_table_is_dated_and_every_price_is_per_million_tokens():
    table = cost.shipped()
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", table.dated) and table.per_tokens == 1_000_000
    for models in table.providers.values():
        for p in models.values():
            assert 0 < p.cached_input <= p.input <= p.output
