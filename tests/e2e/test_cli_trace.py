"""`aipa trace RUN_ID`: a stored four-lead run (the real `aipa run` against the Ollama
double, answers scripted so the orchestrator briefs every lead) as a timeline, as JSON and
as OpenTelemetry trace JSON that validates against the OTLP/JSON shape (and parses with
the opentelemetry-proto messages where that package is installed)."""

from __future__ import annotations

import base64
import itertools
import json
import re
from datetime import datetime

import pytest

from tests.doubles.ollama import OllamaDouble
from tests.support.cli import aipa, aipa_json, write_settings

DIRECTIVE = "Plan a three-day offsite for a 12-person team"
HEX32, HEX16 = re.compile(r"^[0-9a-f]{32}$"), re.compile(r"^[0-9a-f]{16}$")


def delegate_to_everyone(body: dict) -> str:
    """Route to every lead the schema offers; a short text with a verdict otherwise."""
    schema = body.get("format")
    if isinstance(schema, dict) and "briefs" in schema.get("properties", {}):
        leads = list(schema["properties"]["briefs"]["properties"])
        briefs = [
            {"agent": n, "title": f"Part {i + 1}", "instructions": f"Cover part {i + 1}."} for i, n in enumerate(leads)
        ]
        return json.dumps({"mode": "delegate", "message": "Delegating.", "briefs": briefs})
    return "Here is my part of the work, in short.\n\nVERDICT: PASS"


@pytest.fixture(scope="module")
def four_leads(tmp_path_factory):
    """A finished four-lead run in its own AIPA_HOME: (home, the run's JSON)."""
    home = tmp_path_factory.mktemp("trace") / "home"
    write_settings(home, provider="ollama", model="smollm2:135m", max_parallel_leads=4)
    double = OllamaDouble(script=delegate_to_everyone, word_delay=0.01)
    with double:
        proc, result = aipa_json(home, "run", "--json", "--yes", DIRECTIVE, OLLAMA_HOST=double.url)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert len(result["tasks"]) == 4
    return home, result


def _inside(child: dict, parent: dict) -> bool:
    return parent["start"] <= child["start"] <= child["end"] <= parent["end"]


def test_trace_has_route_four_leads_synthesis_and_audit_with_consistent_times(four_leads) -> None:
    home, result = four_leads
    proc, trace = aipa_json(home, "trace", result["run_id"], "--json")
    assert proc.returncode == 0, proc.stderr
    spans = {s["key"]: s for s in trace["spans"]}
    root = trace["spans"][0]
    assert root["kind"] == "run" and root["parent"] is None
    stages = [s["name"] for s in trace["spans"] if s["kind"] == "stage"]
    assert stages == ["route", "dispatch", "synthesize", "audit"]
    leads = [s for s in trace["spans"] if s["kind"] == "lead"]
    assert sorted(s["attributes"]["agent"] for s in leads) == sorted(t["assigned_to"] for t in result["tasks"])
    assert all(s["parent"] == "stage:dispatch" for s in leads)
    for span in trace["spans"][1:]:
        assert _inside(span, spans[span["parent"]]), span["key"]  # every child within its parent
        assert span["offset_s"] >= 0
    calls = [s for s in trace["spans"] if s["kind"] == "call"]
    assert len(calls) == result["usage"]["calls"] == 7  # route, four leads, synthesis, audit
    for lead in leads:  # each lead's call is its own, by task id
        (mine,) = [c for c in calls if c["parent"] == lead["key"]]
        assert mine["attributes"]["task_id"] == lead["attributes"]["task_id"]
        assert mine["attributes"]["agent"] == lead["attributes"]["agent"]
    # the stages follow each other: route, then the leads, then synthesis, then audit
    order = [spans["stage:route"], spans["stage:dispatch"], spans["stage:synthesize"], spans["stage:audit"]]
    assert all(a["end"] <= b["start"] for a, b in itertools.pairwise(order))
    assert root["attributes"]["input_tokens"] == result["usage"]["input_tokens"]
    assert root["attributes"]["output_tokens"] == result["usage"]["output_tokens"]
    assert spans["stage:audit"]["attributes"]["verdict"] == "PASS"
    (gate,) = [s for s in trace["spans"] if s["kind"] == "gate"]
    assert gate["attributes"]["decision"] == "accept" and gate["start"] >= spans["stage:audit"]["end"]


def test_trace_prints_a_table(four_leads) -> None:
    home, result = four_leads
    proc = aipa(home, "trace", result["run_id"])
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith(f"{result['run_id']} · done · revision 1")
    for name in ("route", "dispatch", "synthesize", "audit", "review gate", "verdict PASS"):
        assert name in out
    assert all(f"{t['assigned_to']} · Part" in out for t in result["tasks"])
    print(out)  # the "must show" of issue 23: `aipa trace` output for a four-lead run


def test_trace_of_an_unknown_run_is_a_usage_error(tmp_path) -> None:
    proc = aipa(tmp_path / "home", "trace", "R-20200101-001")
    assert proc.returncode == 2 and "no run R-20200101-001" in proc.stderr


def _check_any_value(value: dict) -> None:
    (kind,) = value  # exactly one of the AnyValue fields
    assert kind in {"stringValue", "intValue", "doubleValue", "boolValue", "arrayValue"}, kind
    if kind == "intValue":
        assert isinstance(value[kind], str) and re.fullmatch(r"-?\d+", value[kind])  # int64 as a decimal string
    if kind == "arrayValue":
        for v in value[kind]["values"]:
            _check_any_value(v)


def _check_otlp_shape(data: dict) -> list[dict]:
    """The OTLP/JSON trace shape, strictly: the keys each level may have, hex ids,
    nanosecond times as decimal strings, integer enums, key/AnyValue attributes."""
    assert set(data) == {"resourceSpans"}
    (rs,) = data["resourceSpans"]
    assert set(rs) <= {"resource", "scopeSpans", "schemaUrl"}
    for attr in rs["resource"]["attributes"]:
        assert set(attr) == {"key", "value"}
        _check_any_value(attr["value"])
    (ss,) = rs["scopeSpans"]
    assert set(ss) <= {"scope", "spans", "schemaUrl"} and ss["scope"]["name"]
    spans = ss["spans"]
    allowed = {"traceId", "spanId", "parentSpanId", "name", "kind", "startTimeUnixNano", "endTimeUnixNano",
               "attributes", "status", "events", "links"}  # fmt: skip
    ids = {s["spanId"] for s in spans}
    assert len(ids) == len(spans)
    for s in spans:
        assert set(s) <= allowed, set(s) - allowed
        assert HEX32.match(s["traceId"]) and HEX16.match(s["spanId"])
        assert s.get("parentSpanId", s["spanId"]) in ids
        assert isinstance(s["kind"], int) and 0 <= s["kind"] <= 5
        start, end = s["startTimeUnixNano"], s["endTimeUnixNano"]
        assert isinstance(start, str) and start.isdigit() and isinstance(end, str) and end.isdigit()
        assert int(start) <= int(end)
        for attr in s["attributes"]:
            assert set(attr) == {"key", "value"} and attr["key"]
            _check_any_value(attr["value"])
        if "status" in s:
            assert s["status"]["code"] in (0, 1, 2)
    assert len({s["traceId"] for s in spans}) == 1
    return spans


def _attrs(span: dict) -> dict:
    return {a["key"]: next(iter(a["value"].values())) for a in span["attributes"]}


def test_otlp_file_validates_and_speaks_the_genai_conventions(four_leads, tmp_path) -> None:
    home, result = four_leads
    out = tmp_path / "trace.json"
    proc = aipa(home, "trace", result["run_id"], "--otlp", str(out))
    assert proc.returncode == 0 and "wrote" in proc.stderr, proc.stderr
    data = json.loads(out.read_text())
    spans = _check_otlp_shape(data)
    chats = [s for s in spans if _attrs(s).get("gen_ai.operation.name") == "chat"]
    assert len(chats) == 7 and all(s["kind"] == 3 for s in chats)  # CLIENT
    for s in chats:
        a = _attrs(s)
        assert s["name"] == f"chat {a['gen_ai.request.model']}" and a["gen_ai.request.model"] == "smollm2:135m"
        assert a["gen_ai.provider.name"] == a["gen_ai.system"] == "ollama" and a["gen_ai.agent.name"]
        assert int(a["gen_ai.usage.input_tokens"]) > 0 and int(a["gen_ai.usage.output_tokens"]) > 0
        assert a["gen_ai.conversation.id"] == result["session_id"]
    agents = [s for s in spans if _attrs(s).get("gen_ai.operation.name") == "invoke_agent"]
    assert sorted(_attrs(s)["gen_ai.agent.name"] for s in agents) == sorted(t["assigned_to"] for t in result["tasks"])
    by_id = {s["spanId"]: s for s in spans}
    for s in spans:  # a child lies within its parent, in nanoseconds too
        if "parentSpanId" in s:
            parent = by_id[s["parentSpanId"]]
            assert int(parent["startTimeUnixNano"]) <= int(s["startTimeUnixNano"])
            assert int(s["endTimeUnixNano"]) <= int(parent["endTimeUnixNano"])
    again = tmp_path / "again.json"
    assert aipa(home, "trace", result["run_id"], "--otlp", str(again)).returncode == 0
    assert again.read_text() == out.read_text()  # ids derive from the run: the same file twice


def test_otlp_file_parses_with_the_opentelemetry_proto_messages(four_leads, tmp_path) -> None:
    """The proto's own JSON mapping, with OTLP/JSON's one exception (hex ids, where
    protobuf's mapping expects base64 bytes) undone first. Unknown fields are errors."""
    pytest.importorskip("opentelemetry.proto.trace.v1.trace_pb2")
    from google.protobuf import json_format
    from opentelemetry.proto.trace.v1.trace_pb2 import TracesData

    home, result = four_leads
    out = tmp_path / "trace.json"
    assert aipa(home, "trace", result["run_id"], "--otlp", str(out)).returncode == 0
    data = json.loads(out.read_text())
    for rs in data["resourceSpans"]:
        for ss in rs["scopeSpans"]:
            for s in ss["spans"]:
                for key in ("traceId", "spanId", "parentSpanId"):
                    if key in s:
                        s[key] = base64.b64encode(bytes.fromhex(s[key])).decode()
    parsed = json_format.ParseDict(data, TracesData(), ignore_unknown_fields=False)
    spans = parsed.resource_spans[0].scope_spans[0].spans
    assert len(spans) == len(data["resourceSpans"][0]["scopeSpans"][0]["spans"])
    assert all(len(s.trace_id) == 16 and len(s.span_id) == 8 for s in spans)
    assert all(s.end_time_unix_nano >= s.start_time_unix_nano > 0 for s in spans)
    root = spans[0]
    assert datetime.fromtimestamp(root.start_time_unix_nano / 1e9).year >= 2024
