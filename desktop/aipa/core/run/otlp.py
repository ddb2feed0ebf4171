"""A run's timeline (core/run/trace.py) as OpenTelemetry trace JSON, so Jaeger, Phoenix or
Langfuse open it: OTLP/JSON (``resourceSpans`` → ``scopeSpans`` → ``spans``; trace and span
ids as lowercase hex, times as decimal strings of Unix nanoseconds, enums as integers,
attributes as key/``AnyValue`` pairs), with the GenAI semantic conventions' names:
a model call is a ``chat {model}`` client span (``gen_ai.operation.name`` = ``chat``,
``gen_ai.request.model``, ``gen_ai.provider.name`` and the older ``gen_ai.system``,
``gen_ai.usage.input_tokens`` / ``output_tokens``, ``gen_ai.agent.name``,
``gen_ai.conversation.id``); a lead is an ``invoke_agent {name}`` span; the run an
``invoke_workflow`` span; a tool call an ``execute_tool {name}`` span. What the
conventions have no name for (stage, gate, re-ask, fallback, cost) is under ``aipa.``.

The ids are derived from the run id, so writing the same run twice gives the same file.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from aipa import __version__
from aipa.core.run.trace import CALL, GATE, LEAD, RUN, STAGE, TOOL, Span, Trace

SPAN_KIND_INTERNAL = 1
SPAN_KIND_CLIENT = 3
STATUS_ERROR = 2


def trace_id(run_id: str) -> str:
    return hashlib.sha256(f"aipa-trace:{run_id}".encode()).hexdigest()[:32]


def span_id(run_id: str, key: str) -> str:
    return hashlib.sha256(f"aipa-span:{run_id}:{key}".encode()).hexdigest()[:16]


def _nanos(moment: datetime) -> str:
    seconds = int(moment.timestamp())
    return str(seconds * 1_000_000_000 + moment.microsecond * 1000)


def any_value(value) -> dict:
    """An OTLP ``AnyValue`` (int64 as a decimal string, as the JSON mapping says)."""
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, int):
        return {"intValue": str(value)}
    if isinstance(value, float):
        return {"doubleValue": value}
    if isinstance(value, list | tuple):
        return {"arrayValue": {"values": [any_value(v) for v in value]}}
    return {"stringValue": str(value)}


def _attributes(values: dict) -> list[dict]:
    return [{"key": k, "value": any_value(v)} for k, v in values.items() if v is not None and v != ""]


def _semantic(span: Span, trace: Trace) -> tuple[str, int, dict]:
    """The span's name, kind and attributes in the GenAI conventions' words."""
    a = span.attrs
    common = {"gen_ai.conversation.id": trace.session_id, "aipa.run.id": trace.run_id}
    if span.kind == CALL:
        attrs = {
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": a.get("model", ""),
            "gen_ai.response.model": a.get("model", ""),
            "gen_ai.provider.name": a.get("provider", ""),
            "gen_ai.system": a.get("provider", ""),  # the name before gen_ai.provider.name (semconv ≤ 1.36)
            "gen_ai.agent.name": a.get("agent", ""),
            "gen_ai.usage.input_tokens": a.get("input_tokens", 0),
            "gen_ai.usage.output_tokens": a.get("output_tokens", 0),
            "aipa.purpose": a.get("purpose", ""),
            "aipa.tokens_per_second": float(a.get("tokens_per_second", 0.0)),
        }
        if a.get("cached_input_tokens"):
            attrs["gen_ai.usage.cache_read.input_tokens"] = a["cached_input_tokens"]
        for key in ("reask", "tool_calls", "revision", "cost", "task_id"):
            if key in a:
                attrs[f"aipa.{key}"] = a[key]
        return f"chat {a.get('model') or a.get('provider', '')}".strip(), SPAN_KIND_CLIENT, {**common, **attrs}
    if span.kind == LEAD:
        attrs = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": a.get("agent", "")}
        attrs.update({f"aipa.{k}": v for k, v in a.items() if k != "agent"})
        return f"invoke_agent {a.get('agent', '')}", SPAN_KIND_INTERNAL, {**common, **attrs}
    if span.kind == TOOL:
        attrs = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": a.get("tool", "")}
        attrs["gen_ai.agent.name"] = a.get("agent", "")
        return f"execute_tool {a.get('tool', '')}", SPAN_KIND_INTERNAL, {**common, **attrs}
    if span.kind == RUN:
        attrs = {"gen_ai.operation.name": "invoke_workflow", "aipa.directive": trace.directive[:500]}
        attrs.update({f"aipa.{k}": v for k, v in a.items()})
        return span.name, SPAN_KIND_INTERNAL, {**common, **attrs}
    prefix = "aipa.gate." if span.kind == GATE else "aipa.stage."
    attrs = {f"{prefix}name": span.name, **{f"aipa.{k}": v for k, v in a.items()}}
    if span.kind == STAGE:
        attrs["aipa.stage"] = span.key.split(":")[1]
    return span.name, SPAN_KIND_INTERNAL, {**common, **attrs}


def to_otlp(trace: Trace) -> dict:
    """The OTLP/JSON ``TracesData`` of one run."""
    tid = trace_id(trace.run_id)
    spans = []
    for s in trace.spans:
        name, kind, attrs = _semantic(s, trace)
        span = {
            "traceId": tid,
            "spanId": span_id(trace.run_id, s.key),
            "name": name,
            "kind": kind,
            "startTimeUnixNano": _nanos(s.start),
            "endTimeUnixNano": _nanos(s.end),
            "attributes": _attributes(attrs),
        }
        if s.parent:
            span["parentSpanId"] = span_id(trace.run_id, s.parent)
        if s.error:
            span["status"] = {"code": STATUS_ERROR, "message": s.error}
        spans.append(span)
    resource = _attributes({"service.name": "aipa", "service.version": __version__})
    return {
        "resourceSpans": [
            {
                "resource": {"attributes": resource},
                "scopeSpans": [{"scope": {"name": "aipa.run", "version": __version__}, "spans": spans}],
            }
        ]
    }
