"""The OpenAI chat-completions wire format: a ``ChatRequest`` as the arguments of
``chat.completions.create``, and whether a server's error refuses the JSON-schema
constraint (``response_format``), which some OpenAI-compatible servers and gateways do."""

from __future__ import annotations

import json
import re
from typing import Any

from aipa.providers import images_wire
from aipa.providers.base import ChatRequest, Message

_REFUSED = re.compile(r"response_format|json_schema|json schema|structured output|grammar", re.I)


def refuses_constraint(status: int, message: str) -> bool:
    """An HTTP 400/422 whose message names the constraint: the server cannot honour it."""
    return status in (400, 422) and bool(_REFUSED.search(message))


def request_args(request: ChatRequest, model: str, *, constrained: bool = True) -> dict[str, Any]:
    """The ``chat.completions.create`` arguments; ``constrained``: with the request's JSON
    schema as ``response_format`` (the strongest constraint such servers offer)."""
    args: dict[str, Any] = {
        "model": model,
        "messages": [wire_message(m) for m in request.messages],
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    if request.temperature is not None:
        args["temperature"] = request.temperature
    if request.max_tokens is not None:
        args["max_tokens"] = request.max_tokens
    if request.tools:
        args["tools"] = [
            {
                "type": "function",
                "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
            }
            for t in request.tools
        ]
    if request.json_schema is not None and constrained:
        args["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": request.schema_name, "schema": request.json_schema, "strict": False},
        }
    return args


def wire_message(m: Message) -> dict[str, Any]:
    if m.role == "tool":
        return {"role": "tool", "tool_call_id": m.tool_call_id or "", "content": m.content}
    out: dict[str, Any] = {"role": m.role, "content": m.content}
    if m.images and m.role == "user":
        out["content"] = images_wire.openai_content(m)
    if m.tool_calls:
        out["content"] = m.content or None
        out["tool_calls"] = [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.name, "arguments": wire_arguments(c.arguments)},
            }
            for c in m.tool_calls
        ]
    return out


def wire_arguments(arguments: dict[str, Any]) -> str:
    if set(arguments) == {"_raw"} and isinstance(arguments["_raw"], str):
        return arguments["_raw"]  # what the model sent, unparsed: send it back as it was
    return json.dumps(arguments)
