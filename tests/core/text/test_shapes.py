"""Shapes described once: the reply schemas every provider gets, the examples in the
prompts, and the lenient validation, all from the same pydantic models."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aipa.core.planning import artifacts as pa
from aipa.core.planning.intake import Extraction, parse_extraction
from aipa.core.text.parsing import ParseError, Routing, parse_as, parse_routing, routing_schema
from aipa.core.text.shapes import example_json, load, reply_schema

LEADS = ["Atlas", "Cole"]
ALL_SCHEMAS = {**pa.SCHEMAS, "route": routing_schema(LEADS)}


def _walk(node: Any, path: str = ""):
    if isinstance(node, dict):
        for key, value in node.items():
            yield path, key, value
            yield from _walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{path}/{i}")


@pytest.mark.parametrize("stage", sorted(ALL_SCHEMAS))
def test_reply_schemas_are_flat_and_plain(stage):
    schema = ALL_SCHEMAS[stage]
    json.dumps(schema)
    for path, key, _ in _walk(schema):
        if path.endswith("/properties"):
            continue  # property names are data ("title" is a field of a brief)
        assert key not in ("$ref", "$defs", "title", "default", "examples", "description"), f"{stage}: {path}/{key}"


def test_required_fields_follow_the_models():
    # the model's Routing needs mode and message; the decoder is held to briefs too (an
    # empty object for a direct answer), before the message (see routing_schema)
    assert routing_schema(LEADS)["required"] == ["mode", "briefs", "message"]
    briefs = routing_schema(LEADS)["properties"]["briefs"]
    assert list(briefs["properties"]) == LEADS
    assert all(b["required"] == ["title", "instructions"] for b in briefs["properties"].values())
    story = pa.SCHEMAS["stories"]["properties"]["stories"]["items"]
    assert story["required"] == list(pa.Story.model_fields)
    assert story["properties"]["points"] == {"type": "integer", "minimum": 1}
    assert "fallback" not in routing_schema(LEADS)["properties"]  # ours, never asked of the model
    assert "points" not in pa.SCHEMAS["sprints"]["properties"]["sprints"]["items"]["properties"]


@pytest.mark.parametrize("stage", sorted(pa.REPLIES))
def test_each_example_is_a_valid_reply_of_its_schema(stage):
    model = pa.REPLIES[stage]
    example = json.loads(pa.EXAMPLES[stage])
    assert parse_as(model, pa.EXAMPLES[stage]) == model.model_validate(example)
    # Every required property appears in the example, at every level.
    schema = pa.SCHEMAS[stage]
    assert set(schema["required"]) <= set(example)


def test_examples_come_from_field_hints():
    stories = json.loads(pa.EXAMPLES["stories"])["stories"][0]
    assert stories["id"] == "S1" and stories["feature"] == "F1" and stories["points"] == 3
    assert stories["priority"] == "must" and stories["acceptance_criteria"] == ["...", "..."]
    assert json.loads(example_json(Extraction)) == {"answers": {}}


def test_near_misses_are_read_as_meant():
    reply = json.dumps(
        {
            "stories": [
                {
                    "feature": " F1 ",
                    "as_a": "user",
                    "i_want": "x",
                    "so_that": "y",
                    "acceptance_criteria": "one criterion",  # a string where a list is expected
                    "points": "5 points",
                    "priority": "MUST",
                }
            ]
        }
    )
    (story,) = pa.parse_stories(f"Here you go:\n```json\n{reply}\n```", (pa.Feature(id="F1", name="Core"),), 8)
    assert story.acceptance_criteria == ("one criterion",) and story.points == 5
    assert story.priority == "must" and story.feature == "F1" and story.id == "S1"
    # A bare list where the reply holds one list; an unknown priority becomes "should".
    (feature,) = pa.parse_features('[{"name": "Core", "priority": "urgent"}]')
    assert feature.priority == "should" and feature.description == "Core"
    tasks = pa.parse_tasks('{"tasks": [{"story": "S1", "title": "t", "label": "testing"}]}', (story,))
    assert tasks[0].label == "Testing"


def test_shape_errors_say_where():
    with pytest.raises(ParseError, match=r"tasks\[0\]\.label: Input should be 'Code', 'Docs', 'Infra' or 'Testing'"):
        pa.parse_tasks('{"tasks": [{"story": "S1", "title": "t", "label": "Frontend"}]}', ())
    with pytest.raises(ParseError, match="'features'"):
        pa.parse_features('"just a string"')
    with pytest.raises(ParseError, match="non-empty 'features'"):
        pa.parse_features('{"features": []}')


def test_loading_never_fails_and_defaults_what_it_cannot_read():
    story = load(pa.Story, {"id": "S1", "points": {"odd": 1}, "label": "x", "acceptance_criteria": 7})
    assert story.id == "S1" and story.points == 3 and story.acceptance_criteria == ()
    assert load(pa.Task, {"label": "Frontend", "title": "kept"}) == pa.Task(title="kept")
    assert load(pa.Sprint, "garbage") == pa.Sprint()
    plan = pa.Plan(stories=(story,), sprints=(pa.Sprint(number=1, stories=("S1",), points=3),))
    assert pa.Plan.model_validate(json.loads(json.dumps(plan.to_dict()))) == plan  # a checkpoint round trip


def test_routing_round_trips_through_its_checkpoint():
    routing = parse_routing('{"mode": "delegate", "briefs": [{"assignee": "cole", "brief": "Plan it"}]}', LEADS)
    assert routing.briefs[0].agent == "Cole" and routing.briefs[0].title == "Plan it"
    assert Routing.from_dict(json.loads(json.dumps(routing.to_dict()))) == routing
    # The model cannot claim the reply is a fallback.
    assert not parse_routing('{"mode": "direct", "message": "hi", "fallback": true}', LEADS).fallback


def test_intake_extraction_keeps_known_string_answers():
    text = '{"answers": {"goal": " An app ", "team": 4, "users": null, "deadline": "N/A", "bogus": "x"}}'
    assert parse_extraction(text) == {"goal": "An app"}
    assert parse_extraction('{"goal": "An app"}') == {"goal": "An app"}  # without the wrapper
    assert reply_schema(Extraction)["required"] == ["answers"]


@given(
    st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8), st.lists, max_leaves=8)
)
def test_any_json_for_a_stage_is_a_reply_or_a_parse_error(value):
    for stage, model in pa.REPLIES.items():
        try:
            parse_as(model, json.dumps({stage: value}))
        except ParseError:
            pass
