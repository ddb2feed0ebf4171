"""What a run and a session cost, in the window (issue 23): the status bar says the
session's money when a price is known ("$… this session"), else its model time; a
finished run says its own cost in the status bar's message. The numbers are ``Core.sessions.cost`` /
``Core.runs.cost``, priced by the table in the data folder (here: the scripted
provider priced as a cloud one would be)."""

from __future__ import annotations

import json

from aipa.ui import cost_text
from tests.ui.helpers import DIRECTIVE, open_window, until

# every scripted model ("" is a prefix of every name), in dollars per million tokens
PRICES = {"dated": "2026-11-01", "currency": "USD", "per_tokens": 1_000_000,
          "providers": {"scripted": {"": {"input": 30.0, "output": 60.0}}}}  # fmt: skip


async def run_once(window) -> str:
    window.reviewer.auto = True
    await window.controller.submit(DIRECTIVE)
    return window.controller.run_id


async def test_a_priced_session_shows_its_money_and_each_run_its_own(qtbot, home):
    (home / "prices.json").write_text(json.dumps(PRICES))
    async with open_window(home) as w:
        assert not w.status.cost.isVisibleTo(w.status)  # nothing spent yet
        first = await run_once(w)
        run = w.core.runs.cost(first)
        tokens = run["input_tokens"] + run["output_tokens"]
        expected = (run["input_tokens"] * 30 + run["output_tokens"] * 60) / 1e6
        assert run["money"] > 0 and abs(run["money"] - expected) < 1e-6
        said = w.status.currentMessage()
        assert said.startswith("Run finished") and f"this run cost {cost_text.money(run['money'])}" in said
        assert f"{tokens:,} tokens" in said
        await until(lambda: w.status.cost.text() == f"{cost_text.money(run['money'])} this session")
        assert w.status.cost.isVisibleTo(w.status) and "calls" in w.status.cost.toolTip()
        second = await run_once(w)
        total = w.core.sessions.cost(w.controller.session_id)["money"]
        assert second != first and abs(total - run["money"] - w.core.runs.cost(second)["money"]) < 1e-6
        await until(lambda: w.status.cost.text() == f"{cost_text.money(total)} this session")


async def test_a_local_session_shows_its_model_time(qtbot, home):
    async with open_window(home) as w:
        run_id = await run_once(w)
        run = w.core.runs.cost(run_id)
        assert run["money"] == 0 and run["calls"] > 0
        said = w.status.currentMessage()
        assert "this run cost" in said and "$" not in said and "of model time" in said
        await until(lambda: w.status.cost.text().endswith("of model time"))


def test_the_words():
    assert cost_text.money(0.4249) == "$0.42" and cost_text.money(0.0012) == "$0.0012"
    assert cost_text.session_line({"calls": 3, "seconds": 192.0, "money": 0.0}) == "3 min 12 s of model time"
    assert cost_text.session_line({"calls": 1, "money": 0.42}) == "$0.42 this session"
    assert cost_text.session_line({}) == ""
