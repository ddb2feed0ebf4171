from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aipa.core.run.tools import ToolRegistry, function_schema, parse_docstring, type_schema
from aipa.errors import ConfigError, ToolError
from aipa.providers.base import ToolSpec


def plan_trip(
    city: str,
    days: int,
    budget: float = 1000.0,
    vegetarian: bool = False,
    stops: list[str] | None = None,
    extras: dict | None = None,
    mode: Literal["train", "car"] = "train",
    note: str | None = None,
) -> dict:
    """Plan a short trip.

    Use it for weekend trips only.

    Args:
        city: Where to go.
        days (int): How many days,
            counting the travel days.
        budget: Total budget in EUR.
        vegetarian: Whether meals must be vegetarian.
        stops: Places to visit on the way.
        extras: Anything else.
        mode: How to travel.
        note: A free note.

    Returns:
        The plan.
    """
    return {"city": city, "days": days}


def test_schema_from_signature_and_docstring() -> None:
    description, schema = function_schema(plan_trip)
    assert description == "Plan a short trip. Use it for weekend trips only."
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert schema["required"] == ["city", "days"]
    props = schema["properties"]
    assert props["city"] == {"type": "string", "description": "Where to go."}
    assert props["days"] == {
        "type": "integer",
        "description": "How many days, counting the travel days.",
    }
    assert props["budget"] == {"type": "number", "description": "Total budget in EUR.", "default": 1000.0}
    assert props["vegetarian"]["type"] == "boolean" and props["vegetarian"]["default"] is False
    assert props["stops"] == {
        "type": "array",
        "items": {"type": "string"},
        "description": "Places to visit on the way.",
    }
    assert props["extras"] == {"type": "object", "description": "Anything else."}
    assert props["mode"] == {
        "type": "string",
        "enum": ["train", "car"],
        "description": "How to travel.",
        "default": "train",
    }
    assert props["note"] == {"type": "string", "description": "A free note."}
    json.dumps(schema)  # JSON-able


def test_type_schema_edge_cases() -> None:
    assert type_schema(Any) == {}
    assert type_schema(list) == {"type": "array"}
    assert type_schema(dict[str, int]) == {"type": "object", "additionalProperties": {"type": "integer"}}
    assert type_schema(int | str) == {"anyOf": [{"type": "integer"}, {"type": "string"}]}
    assert type_schema(tuple[str, ...]) == {"type": "array", "items": {"type": "string"}}


def test_no_docstring_no_args() -> None:
    def ping():
        return "pong"

    assert function_schema(ping) == (
        "",
        {"type": "object", "properties": {}, "required": [], "additionalProperties": False},
    )


words = st.text(st.characters(categories=["L", "N"]), min_size=1, max_size=12)
sentences = st.lists(words, min_size=1, max_size=8).map(" ".join)


@settings(max_examples=100, deadline=None)
@given(
    summary=sentences,
    params=st.dictionaries(st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True), sentences, max_size=5),
)
def test_docstring_args_round_trip(summary: str, params: dict[str, str]) -> None:
    doc = summary + "\n\nArgs:\n" + "".join(f"    {k}: {v}\n" for k, v in params.items())
    assert parse_docstring(doc) == (summary, params)


# --- the registry ---------------------------------------------------------------------------


@pytest.fixture
def reg() -> ToolRegistry:
    reg = ToolRegistry()
    reg.register(plan_trip)

    @reg.register(writes=True, name="save")
    async def save_note(text: str, count: int = 1) -> list[str]:
        """Save a note.

        Args:
            text: The note.
            count: How many copies.
        """
        await asyncio.sleep(0)
        return [text] * count

    @reg.register
    def refuse(reason: str) -> str:
        """Always refuses."""
        raise ToolError(f"refused because {reason}")

    @reg.register
    def crash() -> str:
        """Always crashes."""
        raise RuntimeError("boom")

    @dataclass
    class Point:
        x: int
        y: int

    @reg.register
    def point() -> Point:
        """A point."""
        return Point(1, 2)

    return reg


def test_register_forms_and_lookup(reg: ToolRegistry) -> None:
    assert reg.names() == ["plan_trip", "save", "refuse", "crash", "point"]
    assert reg.get("save").writes and not reg.get("plan_trip").writes
    assert "save" in reg and "save_note" not in reg and len(reg) == 5

    def f(x: int) -> int:
        """Double."""
        return x * 2

    assert reg.register(f) is f  # function comes back unchanged
    with pytest.raises(ValueError, match="already registered"):
        reg.register(f)
    with pytest.raises(ValueError):
        reg.register(f, name="bad name")


def test_spec_and_specs(reg: ToolRegistry) -> None:
    spec = reg.spec("save")
    assert isinstance(spec, ToolSpec)
    assert spec.name == "save" and spec.description == "Save a note."
    assert spec.parameters["properties"]["count"]["default"] == 1
    assert [s.name for s in reg.specs(["save", "plan_trip"])] == ["save", "plan_trip"]
    assert [s.name for s in reg.specs(["ghost", "save"])] == ["save"]  # a run goes on
    assert reg.unknown(["ghost", "save"]) == ["ghost"]
    with pytest.raises(ConfigError) as err:
        reg.spec("nope")
    assert "plan_trip" in err.value.hint


async def test_call_sync_and_async(reg: ToolRegistry) -> None:
    assert json.loads(await reg.call("plan_trip", {"city": "Oslo", "days": 3})) == {
        "city": "Oslo",
        "days": 3,
    }
    assert json.loads(await reg.call("save", {"text": "hi", "count": 2})) == ["hi", "hi"]
    assert json.loads(await reg.call("point", {})) == {"x": 1, "y": 2}
    assert json.loads(await reg.call("save", '{"text": "json string args"}')) == ["json string args"]


@pytest.mark.parametrize(
    ("name", "args", "expected"),
    [
        ("nope", {}, "unknown tool 'nope'. Available tools: plan_trip, save"),
        ("plan_trip", {"city": "Oslo"}, "missing required argument 'days'"),
        ("plan_trip", {"city": "Oslo", "days": None}, "missing required argument 'days'"),
        ("plan_trip", {"city": "Oslo", "days": "three"}, "argument 'days' must be an integer"),
        ("plan_trip", {"city": "Oslo", "days": True}, "argument 'days' must be an integer"),
        ("plan_trip", {"city": "Oslo", "days": 2.5}, "argument 'days' must be an integer"),
        ("plan_trip", {"city": ["Oslo"], "days": 2}, "argument 'city' must be a string"),
        ("plan_trip", {"city": "Oslo", "days": 2, "stops": "Bergen"}, "argument 'stops' must be a list"),
        ("plan_trip", {"city": "Oslo", "days": 2, "stops": [1, {}]}, "argument 'stops[1]' must be a string"),
        ("plan_trip", {"city": "Oslo", "days": 2, "mode": "plane"}, "argument 'mode' must be one of"),
        (
            "plan_trip",
            {"city": "Oslo", "days": 2, "vegetarian": "maybe"},
            "argument 'vegetarian' must be true or false",
        ),
        ("plan_trip", {"city": "Oslo", "days": 2, "extras": [1]}, "argument 'extras' must be an object"),
        ("plan_trip", {"city": "Oslo", "days": 2, "colour": "red"}, "unexpected argument 'colour'"),
        ("plan_trip", "{not json", "not valid JSON"),
        ("plan_trip", [1, 2], "must be a JSON object"),
        ("refuse", {"reason": "policy"}, "Error: refused because policy"),
        ("crash", {}, "Error: tool 'crash' failed: RuntimeError: boom"),
    ],
)
async def test_call_errors_come_back_as_text(reg: ToolRegistry, name, args, expected) -> None:
    result = await reg.call(name, args)
    assert result.startswith("Error:")
    assert expected in result


async def test_bad_args_message_lists_parameters(reg: ToolRegistry) -> None:
    result = await reg.call("save", {})
    assert "text: string" in result and "count: integer (optional)" in result


async def test_lenient_coercions(reg: ToolRegistry) -> None:
    seen: dict[str, Any] = {}

    @reg.register
    def echo(n: int, x: float, flag: bool, label: str, note: str | None = None) -> str:
        """Echo."""
        seen.update(n=n, x=x, flag=flag, label=label, note=note)
        return "ok"

    args = {"n": "42", "x": "0.5", "flag": "true", "label": 7, "note": None}
    assert await reg.call("echo", args) == "ok"
    assert seen == {"n": 42, "x": 0.5, "flag": True, "label": "7", "note": None}
    assert await reg.call("echo", {"n": 4.0, "x": 1, "flag": False, "label": "a"}) == "ok"
    assert seen["n"] == 4 and isinstance(seen["n"], int)


async def test_cancellation_propagates() -> None:
    reg = ToolRegistry()

    @reg.register
    async def slow() -> str:
        """Slow."""
        await asyncio.sleep(10)
        return "late"

    task = asyncio.create_task(reg.call("slow", {}))
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


@settings(max_examples=100, deadline=None)
@given(
    city=st.text(max_size=20),
    days=st.integers(-5, 1000),
    budget=st.floats(allow_nan=False, allow_infinity=False) | st.integers(0, 10**6),
    stops=st.lists(st.text(max_size=10), max_size=4),
)
def test_valid_arguments_always_reach_the_tool(city, days, budget, stops) -> None:
    reg = ToolRegistry()
    got: list[dict] = []

    @reg.register
    def trip(city: str, days: int, budget: float = 0.0, stops: list[str] | None = None) -> str:
        """Trip."""
        got.append({"city": city, "days": days, "budget": budget, "stops": stops})
        return "ok"

    args = {"city": city, "days": days, "budget": budget, "stops": stops}
    assert asyncio.run(reg.call("trip", args)) == "ok"
    assert got == [args]


async def test_arguments_are_a_pydantic_model_of_the_signature() -> None:
    reg = ToolRegistry()

    @reg.register
    def tag(title: str, scores: list[int] | None = None, weights: dict[str, float] | None = None) -> str:
        """Tag something.

        Args:
            title: What to tag (a parameter may be called "title").
        """
        return "ok"

    tool = reg.get("tag")
    assert tool.arguments is not None and set(tool.arguments.model_fields) == {"title", "scores", "weights"}
    assert tool.parameters["properties"]["title"] == {
        "type": "string",
        "description": 'What to tag (a parameter may be called "title").',
    }
    assert tool.parameters["required"] == ["title"]
    checks = {
        "scores": ([1, True], "argument 'scores[1]' must be an integer, got a boolean true"),
        "weights": ({"a": "heavy"}, "argument 'weights.a' must be a number, got a string \"heavy\""),
    }
    for key, (value, expected) in checks.items():
        assert expected in await reg.call("tag", {"title": "x", key: value})
    assert await reg.call("tag", {"title": "x", "scores": ["2", 3.0], "weights": {"a": "0.5"}}) == "ok"
