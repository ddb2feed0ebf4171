"""What a run cost (issue 23): money for cloud models from a shipped, dated price table
(``resources/prices.json``; the Principal's copy in the data folder wins and is made on
first use, to be edited), tokens and time for every call; summed per lead, stage,
revision, run and session. And the per-run budget: before a call that would pass it,
the run pauses at a gate.

Money is computed when a call is recorded (``Pricer``) and kept with its row: editing
the table later does not rewrite what a past run cost. A model matches its exact name,
else the longest table name it starts with (``gpt-4o-2024-08-06`` is ``gpt-4o``).
Cached input tokens (part of the input the provider reports) cost the cached price.
"""

from __future__ import annotations

import json
import logging
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aipa.core.config.paths import shipped_dir
from aipa.core.kinds import Purpose, stage_of

log = logging.getLogger("aipa.cost")

FILE = "prices.json"


@dataclass(frozen=True)
class Price:
    input: float
    output: float
    cached_input: float


@dataclass(frozen=True)
class PriceTable:
    dated: str
    currency: str
    per_tokens: int
    providers: dict[str, dict[str, Price]]

    def price(self, kind: str, model: str) -> Price | None:
        models = self.providers.get(kind, {})
        if model in models:
            return models[model]
        starts = [name for name in models if model.startswith(name)]
        return models[max(starts, key=len)] if starts else None

    def cost(self, kind: str, model: str, input_tokens: int, output_tokens: int, cached: int = 0) -> float | None:
        """The money of one call (None: the table has no price for this kind and model)."""
        p = self.price(kind, model)
        if p is None:
            return None
        cached = min(cached, input_tokens)
        amount = (input_tokens - cached) * p.input + cached * p.cached_input + output_tokens * p.output
        return amount / self.per_tokens


def parse(data: dict) -> PriceTable:
    providers = {
        kind: {
            name: Price(float(p["input"]), float(p["output"]), float(p.get("cached_input", p["input"])))
            for name, p in models.items()
        }
        for kind, models in data.get("providers", {}).items()
    }
    return PriceTable(
        str(data.get("dated", "")), str(data.get("currency", "USD")), int(data.get("per_tokens", 1e6)), providers
    )


EMPTY = PriceTable("", "USD", 1_000_000, {})


def shipped() -> PriceTable:
    """The shipped table (empty, every call unpriced, if the install lacks it)."""
    try:
        return parse(json.loads((shipped_dir("resources") / FILE).read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("no shipped price table (%s); cloud calls are counted in tokens only", exc)
        return EMPTY


def load(root: Path) -> PriceTable:
    """The Principal's table in the data folder ``root`` (copied from the shipped one if
    missing); the shipped one when that copy cannot be made or read."""
    own = root / FILE
    try:
        if not own.exists():
            shutil.copyfile(shipped_dir("resources") / FILE, own)
        return parse(json.loads(own.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("price table %s unusable (%s); using the shipped one", own, exc)
        return shipped()


def pricer(table: PriceTable, kind_of: Callable[[str], str]):
    """A ``runner.Pricer``: the model priced under the profile's own name (a gateway the
    Principal priced), else under its kind (``kind_of``: openai, anthropic)."""

    def price(profile: str, model: str, input_tokens: int, output_tokens: int, cached: int) -> float | None:
        own = table.cost(profile, model, input_tokens, output_tokens, cached)
        if own is not None:
            return own
        try:
            kind = kind_of(profile)
        except Exception:  # noqa: BLE001 - a profile gone from the settings: its name was all there was
            return None
        return table.cost(kind, model, input_tokens, output_tokens, cached)

    return price


# --- sums ------------------------------------------------------------------------------


def _add(into: dict, call) -> None:
    into["calls"] = into.get("calls", 0) + 1
    into["input_tokens"] = into.get("input_tokens", 0) + call.input_tokens
    into["output_tokens"] = into.get("output_tokens", 0) + call.output_tokens
    into["cached_input_tokens"] = into.get("cached_input_tokens", 0) + call.cached_input_tokens
    into["seconds"] = round(into.get("seconds", 0.0) + call.seconds, 3)
    if call.cost is not None:
        into["money"] = round(into.get("money", 0.0) + call.cost, 6)


def summary(calls, *, currency: str = "USD", tasks=()) -> dict:
    """The ``cost`` object of a run (or a session): totals, and per stage, lead, revision."""
    titles = {t.task_id: t.assigned_to for t in tasks}
    total: dict = {}
    stages: dict[str, dict] = {}
    leads: dict[str, dict] = {}
    revisions: dict[str, dict] = {}
    for c in calls:
        _add(total, c)
        _add(stages.setdefault(str(stage_of(c.purpose) or c.purpose), {}), c)
        if c.purpose == Purpose.LEAD:
            _add(leads.setdefault(titles.get(c.task_id or "", c.agent), {}), c)
        _add(revisions.setdefault(str(c.revision + 1), {}), c)
    total.setdefault("money", 0.0)
    return {"currency": currency, **total, "stages": stages, "leads": leads, "revisions": revisions}


def spent(calls) -> float:
    return sum(c.cost for c in calls if c.cost is not None)


def money(amount: float, currency: str = "USD") -> str:
    sign = "$" if currency == "USD" else f"{currency} "
    return f"{sign}{amount:.2f}"
