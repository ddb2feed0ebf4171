"""Parsing model output: JSON extraction, routing, verdicts — with fuzzing."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aipa.core.kinds import Verdict
from aipa.core.text.parsing import (
    ParseError,
    Routing,
    extract_json,
    fallback_routing,
    parse_routing,
    parse_verdict,
    routing_schema,
    task_letter,
)

LEADS = ["Atlas", "Cole", "Clio", "Iris"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@given(
    obj=st.dictionaries(st.text(max_size=8), json_values, min_size=1, max_size=5),
    before=st.text(alphabet=st.characters(blacklist_characters='{}[]"`'), max_size=40),
    after=st.text(alphabet=st.characters(blacklist_characters='{}[]"`'), max_size=40),
    fenced=st.booleans(),
)
def test_extract_json_finds_object_in_prose(obj, before, after, fenced):
    body = json.dumps(obj)
    if fenced:
        body = f"```json\n{body}\n```"
    assert extract_json(f"{before}{body}{after}") == obj


@given(st.text(max_size=300))
@settings(max_examples=300)
def test_extract_json_never_crashes(text):
    try:
        extract_json(text)
    except ParseError:
        pass


@given(st.text(max_size=300))
@settings(max_examples=300)
def test_parse_routing_either_valid_or_parse_error(text):
    try:
        routing = parse_routing(text, LEADS)
    except ParseError:
        return
    assert routing.mode in ("direct", "delegate", "clarify")
    if routing.mode == "delegate":
        assert routing.briefs and all(b.agent in LEADS for b in routing.briefs)


def test_extract_json_skips_think_and_braces_in_strings():
    text = '<think>{"not": "this"}</think> Sure! {"mode": "direct", "message": "a } b"} done'
    assert extract_json(text) == {"mode": "direct", "message": "a } b"}


def test_extract_json_errors():
    with pytest.raises(ParseError, match="empty"):
        extract_json("   ")
    with pytest.raises(ParseError):
        extract_json('{"mode": "delegate", "briefs": [ {"agent": ')


def test_routing_delegate_normalises_names_and_merges_duplicates():
    text = json.dumps(
        {
            "mode": "delegate",
            "message": "",
            "briefs": [
                {"agent": "atlas", "title": "Research", "instructions": "Find venues"},
                {"agent": "ATLAS", "title": "More", "instructions": "Find caterers"},
                {"agent": "Nobody", "title": "x", "instructions": "y"},
                {"agent": "Cole", "title": "", "instructions": "Plan logistics\nin detail"},
            ],
        }
    )
    r = parse_routing(text, LEADS)
    assert [b.agent for b in r.briefs] == ["Atlas", "Cole"]
    assert "Find venues" in r.briefs[0].instructions and "Find caterers" in r.briefs[0].instructions
    assert r.briefs[1].title == "Plan logistics"
    assert r.message == "Delegating to Atlas, Cole."


def test_routing_rejects_unusable_decisions():
    with pytest.raises(ParseError, match="no brief"):
        parse_routing('{"mode": "delegate", "message": "x", "briefs": []}', LEADS)
    with pytest.raises(ParseError, match="no questions"):
        parse_routing('{"mode": "clarify", "message": "x"}', LEADS)
    with pytest.raises(ParseError, match="already answered"):
        parse_routing('{"mode": "clarify", "message": "x", "questions": ["q"]}', LEADS, allow_clarify=False)
    with pytest.raises(ParseError, match="mode"):
        parse_routing('{"message": "hello"}', LEADS)


def test_routing_infers_mode_and_clarify():
    r = parse_routing('{"questions": ["When?", " "], "message": "Q"}', LEADS)
    assert r.mode == "clarify" and r.questions == ("When?",)
    assert parse_routing('{"mode": "Direct", "message": "hi"}', LEADS).mode == "direct"


def test_fallback_routing_is_deterministic():
    leads = [(n, n + " title") for n in LEADS]
    a = fallback_routing("Plan it", leads, limit=3)
    assert a == fallback_routing("Plan it", leads, limit=3)
    assert a.fallback and a.mode == "delegate" and [b.agent for b in a.briefs] == LEADS[:3]


def test_routing_schema_keys_the_briefs_by_lead_so_each_lead_comes_once():
    """issue 32: held to a list, SmolLM2 wrote brief after brief for one lead until the
    route budget ran out; an object keyed by lead name lets a grammar allow each key once."""
    briefs = routing_schema(LEADS)["properties"]["briefs"]
    assert briefs["type"] == "object" and list(briefs["properties"]) == LEADS
    assert briefs["additionalProperties"] is False and "required" not in briefs


def test_routing_schema_without_a_team_takes_any_lead_name():
    briefs = routing_schema([])["properties"]["briefs"]
    assert briefs["properties"] == {} and briefs["additionalProperties"]["required"] == ["title", "instructions"]


@pytest.mark.parametrize(
    "briefs",
    [
        {"Atlas": {"title": "Venues", "instructions": "Find two venues."}},
        [{"agent": "atlas", "title": "Venues", "instructions": "Find two venues."}],
        {"Atlas": "Find two venues."},
    ],
    ids=["keyed", "listed", "keyed-bare-text"],
)
def test_parse_routing_reads_briefs_keyed_or_listed(briefs):
    routing = parse_routing(json.dumps({"mode": "delegate", "briefs": briefs, "message": "ok"}), LEADS)
    assert [(b.agent, b.instructions) for b in routing.briefs] == [("Atlas", "Find two venues.")]


def test_parse_routing_drops_keys_that_name_no_lead():
    briefs = {"<lead name>": {"title": "t", "instructions": "x"}, "Clio": {"instructions": "y"}}
    reply = {"mode": "delegate", "briefs": briefs}
    routing = parse_routing(json.dumps(reply), LEADS)
    assert [b.agent for b in routing.briefs] == ["Clio"] and routing.briefs[0].title == "y"


def test_routing_schema_bounds_every_string_so_a_small_model_can_close_it():
    props = routing_schema(LEADS)["properties"]
    brief = props["briefs"]["properties"][LEADS[0]]["properties"]
    assert props["message"]["maxLength"] == 300
    assert brief["title"]["maxLength"] == 80 and brief["instructions"]["maxLength"] == 400
    assert props["questions"]["maxItems"] == 3 and props["questions"]["items"]["maxLength"] == 200


def test_routing_schema_asks_for_the_briefs_before_the_message():
    schema = routing_schema(LEADS)
    assert list(schema["properties"]) == ["mode", "briefs", "message", "questions", "checks"]
    assert schema["required"] == ["mode", "briefs", "message"]


def test_routing_schema_bounds_the_proposed_checks():
    """issue 31: at most 6 judged checks, each at most 120 characters, optional."""
    checks = routing_schema(LEADS)["properties"]["checks"]
    assert checks["maxItems"] == 6 and checks["items"]["maxLength"] == 120
    reply = {"mode": "delegate", "briefs": [{"agent": LEADS[0], "instructions": "x"}], "checks": ["covers the budget"]}
    routing = parse_routing(json.dumps(reply), LEADS)
    assert routing.checks == ("covers the budget",)
    assert Routing.from_dict(routing.to_dict()).checks == ("covers the budget",)


@pytest.mark.parametrize(
    "memo,verdict",
    [
        ("All good.\nVERDICT: PASS", "PASS"),
        ("**VERDICT:** pass with notes", "PASS WITH NOTES"),
        ("Verdict - FLAG\n", "FLAG"),
        ("VERDICT: PASS\n...on reflection\nVERDICT: REJECT", "REJECT"),
        ("Looks fine I guess.", Verdict.NONE),
        ("", Verdict.NONE),
        ("<think>VERDICT: REJECT</think>VERDICT: PASS", "PASS"),
    ],
)
def test_parse_verdict(memo, verdict):
    assert parse_verdict(memo) == verdict


@given(st.text(max_size=200))
def test_parse_verdict_total(text):
    assert parse_verdict(text) in set(Verdict)


def test_task_letters():
    assert [task_letter(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


def test_think_tag_inside_a_json_string_is_content():
    # Found by hypothesis: only a leading <think> block is thinking.
    assert extract_json('x{"0": [], "": "<think>"}') == {"0": [], "": "<think>"}
    assert extract_json('<think>{"0": [], "": "<think>"}') == {"0": [], "": "<think>"}
