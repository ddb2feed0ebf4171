"""An Anthropic Messages API double: the real wire format, scripted answers.

No real Claude can run on a test machine, so the replies are scripted; everything else
follows the API: ``POST /v1/messages`` streams the SSE events the API sends
(``message_start``, ``content_block_start``, ``ping``, ``content_block_delta`` with
``text_delta`` / ``thinking_delta`` / ``signature_delta`` / ``input_json_delta``,
``content_block_stop``, ``message_delta`` with the stop reason and output tokens,
``message_stop``, and ``error`` events inside a 200 stream); errors come as the API's
JSON error bodies with their status codes (401, 404, 429 with ``retry-after``, 529,
400 "prompt is too long"); ``GET /v1/models`` lists models. Requests are checked
against the API's rules (the key, ``anthropic-version``, ``max_tokens``, roles,
non-empty text, tool results answering the previous tool uses, thinking budget, no
forced tool choice with thinking), so a client that breaks them gets the 400 the API
would send.

Gateway behaviours, each as a real one behaves (``AnthropicDouble(gateway=...)``): a
LiteLLM-like gateway sends ``message_start`` with zero input tokens and the real counts
in ``message_delta``'s usage, serves ``GET /model/info`` in LiteLLM's shape, and with
``tool_choice="refuse"`` answers a forced tool with a 400 naming ``tool_choice`` (or with
``"ignore"`` answers it in text, as a gateway that drops the field does); the JSON-schema
format (``output_config.format``) is answered with its JSON as text, or with
``formats=False`` refused with a 400 naming ``output_config``. The real API's
prompt cache is followed too: a request whose system prompt carries a ``cache_control``
breakpoint writes that prefix (``cache_creation_input_tokens``) and a later request with
the same prefix reads it (``cache_read_input_tokens``; ``input_tokens`` is the rest).

Without a scripted reply, the double answers by itself: a forced tool gets an input
filled in from its schema, offered tools get a call of the first one (unless the last
message carries tool results), anything else gets ``You said: ...`` (after a short
thinking block when thinking is enabled).
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass, field
from typing import Any

from tests.doubles.base import Answer, HttpDouble, Request, Stream, words

MODELS = ("claude-sonnet-4-6", "claude-haiku-4-5")
API_KEY = "sk-ant-test-key"


@dataclass
class Reply:
    """One scripted answer to ``POST /v1/messages``.

    ``blocks``: ("text", str) | ("thinking", str) | ("tool_use", name, input dict).
    ``status`` != 200: an error body of ``error_type``. ``stream_error``: an ``error``
    event after ``error_after`` content deltas, inside the 200 stream.
    """

    blocks: list[tuple] = field(default_factory=list)
    stop_reason: str = "end_turn"
    status: int = 200
    error_type: str = "api_error"
    message: str = "scripted error"
    headers: dict[str, str] = field(default_factory=dict)
    stream_error: str | None = None  # error type of an in-stream error event
    error_after: int = 0
    delay: float = 0.0  # seconds before each event


_STATUS_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


def error_reply(status: int, message: str = "scripted error", headers: dict[str, str] | None = None) -> Reply:
    return Reply(
        status=status, error_type=_STATUS_TYPES.get(status, "api_error"), message=message, headers=headers or {}
    )


class AnthropicDouble(HttpDouble):
    def __init__(
        self,
        *replies: Reply,
        api_key: str = API_KEY,
        models: tuple[str, ...] = MODELS,
        context_limit: int = 200_000,
        gateway: bool = False,
        tool_choice: str = "honour",
        model_info: dict[str, Any] | None = None,
        formats: bool = True,
    ) -> None:
        super().__init__()
        self.formats = formats  # takes output_config.format (the JSON-schema format); False: a 400 naming it
        self.gateway = gateway  # usage in message_delta, /model/info (LiteLLM's proxy)
        self.tool_choice = tool_choice  # "honour" | "refuse" (HTTP 400) | "ignore" (answers in text)
        self.model_info = model_info if model_info is not None else {"max_input_tokens": None, "max_tokens": None}
        self.cached: set[str] = set()  # prompt-cache prefixes written
        self.replies = list(replies)
        self.api_key = api_key
        self.models = models
        self.context_limit = context_limit
        self.sent: list[int] = []  # content deltas sent, per stream

    @property
    def message_requests(self) -> list[Request]:
        return self.requests_to("/v1/messages")

    async def route(self, req: Request, out: Answer) -> bool:
        path = req.path.split("?")[0]
        bearer = req.headers.get("authorization", "").removeprefix("Bearer ")
        if self.api_key not in (req.headers.get("x-api-key"), bearer):  # SDK 2.x sends the key as a Bearer token
            return await _error(out, 401, "authentication_error", "invalid x-api-key")
        if self.gateway and req.method == "GET" and path in ("/model/info", "/v1/model/info"):
            data = [
                {
                    "model_name": m,
                    "litellm_params": {"model": f"openai/{m}", "api_base": "http://127.0.0.1:8080/v1"},
                    "model_info": {"id": f"{i:064x}", "db_model": False, "key": f"openai/{m}", **self.model_info},
                }
                for i, m in enumerate(self.models)
            ]
            return await out.json(200, {"data": data}, {"request-id": "req_double"})
        if not req.headers.get("anthropic-version"):
            return await _error(out, 400, "invalid_request_error", "anthropic-version: header is required")
        if req.method == "GET" and path == "/v1/models":
            data = [
                {
                    "type": "model",
                    "id": m,
                    "display_name": m.replace("-", " ").title(),
                    "created_at": "2025-09-29T00:00:00Z",
                }
                for m in self.models
            ]
            body = {"data": data, "has_more": False, "first_id": self.models[0], "last_id": self.models[-1]}
            return await out.json(200, body, {"request-id": "req_double"})
        if req.method == "POST" and path == "/v1/messages":
            return await self._messages(req.body or {}, out)
        return await _error(out, 404, "not_found_error", f"Not found: {req.method} {path}")

    async def _messages(self, body: dict[str, Any], out: Answer) -> bool:
        if body.get("tool_choice") and self.tool_choice == "refuse":
            message = (
                "litellm.BadRequestError: OpenAIException - tool_choice: this server does not support a forced "
                "tool choice. Received Model Group=" + str(body.get("model"))
            )
            return await _error(out, 400, "invalid_request_error", message)
        if body.get("output_config") and not self.formats:
            return await _error(out, 400, "invalid_request_error", "output_config: Extra inputs are not permitted")
        if self.tool_choice == "ignore":  # a gateway that drops the field: the model answers in text
            body = {k: v for k, v in body.items() if k not in ("tool_choice", "tools")}
        reply = self.replies.pop(0) if self.replies else None
        if reply is not None and reply.status != 200:
            return await _error(out, reply.status, reply.error_type, reply.message, reply.headers)
        problem = _check(body, self.models)
        if problem:
            status, kind, message = problem
            return await _error(out, status, kind, message)
        prompt = _estimate(body)
        if prompt > self.context_limit:
            return await _error(
                out,
                400,
                "invalid_request_error",
                f"prompt is too long: {prompt} tokens > {self.context_limit} maximum",
            )
        reply = reply or _default_reply(body)
        return await self._stream(body, reply, prompt, out)

    async def _stream(
        self,
        body: dict[str, Any],
        reply: Reply,
        prompt: int,
        answer: Answer,
    ) -> bool:
        stream = await answer.stream("text/event-stream; charset=utf-8", {"request-id": "req_double"})
        self.sent.append(0)
        out = _Events(answer, stream, reply.delay)
        written = read = 0
        system = body.get("system")
        if isinstance(system, list) and system and system[-1].get("cache_control"):
            prefix = json.dumps([body.get("tools"), system])
            size = min(prompt, len(prefix) // 4)
            written, read = (0, size) if prefix in self.cached else (size, 0)
            self.cached.add(prefix)
        usage = {
            "input_tokens": 0 if self.gateway else prompt - written - read,
            "cache_creation_input_tokens": written,
            "cache_read_input_tokens": read,
            "output_tokens": 1,
        }
        message = {
            "id": "msg_double",
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": usage,
        }
        if not await out.event("message_start", {"type": "message_start", "message": message}):
            return self._cut()
        await out.event("ping", {"type": "ping"})
        output = 0
        for index, block in enumerate(reply.blocks):
            kind = block[0]
            start: dict[str, Any]
            if kind == "text":
                start, pieces = {"type": "text", "text": ""}, words(block[1])
                deltas = [{"type": "text_delta", "text": p} for p in pieces]
            elif kind == "thinking":
                start, pieces = {"type": "thinking", "thinking": "", "signature": ""}, words(block[1])
                deltas = [{"type": "thinking_delta", "thinking": p} for p in pieces]
                deltas.append({"type": "signature_delta", "signature": "EqQBCgIYAhIM" + "x" * 40})
            else:  # tool_use
                start = {"type": "tool_use", "id": f"toolu_{index:02d}double", "name": block[1], "input": {}}
                text = json.dumps(block[2])
                pieces = [""] + [text[i : i + 7] for i in range(0, len(text), 7)]
                deltas = [{"type": "input_json_delta", "partial_json": p} for p in pieces]
            await out.event(
                "content_block_start", {"type": "content_block_start", "index": index, "content_block": start}
            )
            for delta in deltas:
                if reply.stream_error and self.sent[-1] >= reply.error_after:
                    error = {"type": "error", "error": {"type": reply.stream_error, "message": reply.message}}
                    await out.event("error", error)
                    return await out.end()
                if not await out.event(
                    "content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}
                ):
                    return self._cut()
                self.sent[-1] += 1
                output += 1
            await out.event("content_block_stop", {"type": "content_block_stop", "index": index})
        if reply.stream_error:
            await out.event("error", {"type": "error", "error": {"type": reply.stream_error, "message": reply.message}})
            return await out.end()
        await out.event(
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": reply.stop_reason, "stop_sequence": None},
                "usage": {"output_tokens": output}
                | ({"input_tokens": prompt - written - read} if self.gateway else {}),
            },
        )
        await out.event("message_stop", {"type": "message_stop"})
        return await out.end()

    def _cut(self) -> bool:
        self.disconnected.set()
        return False


class _Events:
    """Anthropic's named SSE events, each after the reply's delay."""

    def __init__(self, answer: Answer, stream: Stream, delay: float) -> None:
        self.answer, self.stream, self.delay = answer, stream, delay

    async def event(self, name: str, data: dict[str, Any]) -> bool:
        return await self.answer.pause(self.delay) and await self.stream.sse(data, event=name)

    async def end(self) -> bool:
        return await self.stream.end()


# --- the API's rules ---------------------------------------------------------------------


def _check(body: dict[str, Any], models: tuple[str, ...]) -> tuple[int, str, str] | None:
    bad = "invalid_request_error"
    if not isinstance(body.get("max_tokens"), int):
        return 400, bad, "max_tokens: Field required"
    if body.get("model") not in models:
        return 404, "not_found_error", f"model: {body.get('model')}"
    messages = body.get("messages") or []
    if not messages:
        return 400, bad, "messages: at least one message is required"
    if messages[0].get("role") != "user":
        return 400, bad, 'messages: first message must use the "user" role'
    previous_tool_ids: set[str] = set()
    for i, m in enumerate(messages):
        if m.get("role") not in ("user", "assistant"):
            return 400, bad, f"messages.{i}.role: Input should be 'user' or 'assistant'"
        if i and m["role"] == messages[i - 1]["role"]:
            return 400, bad, f'messages.{i}: roles must alternate between "user" and "assistant"'
        blocks = m["content"] if isinstance(m["content"], list) else [{"type": "text", "text": m["content"]}]
        for j, block in enumerate(blocks):
            if block.get("type") == "text" and not block.get("text"):
                return 400, bad, f"messages.{i}: text content blocks must be non-empty"
            if block.get("type") == "image":
                problem = _image_problem(block.get("source") or {})
                if problem:
                    return 400, bad, f"messages.{i}.content.{j}.image.source.{problem}"
        results = {b["tool_use_id"] for b in blocks if b.get("type") == "tool_result"}
        if previous_tool_ids and results != previous_tool_ids:
            return (
                400,
                bad,
                (
                    f"messages.{i}: `tool_use` ids were found without `tool_result` blocks "
                    f"immediately after: {sorted(previous_tool_ids - results)}"
                ),
            )
        previous_tool_ids = {b["id"] for b in blocks if b.get("type") == "tool_use"}
    thinking = body.get("thinking") or {}
    if thinking.get("type") == "enabled":
        budget = thinking.get("budget_tokens", 0)
        if budget < 1024:
            return 400, bad, "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"
        if budget >= body["max_tokens"]:
            return 400, bad, "`max_tokens` must be greater than `thinking.budget_tokens`"
        if (body.get("tool_choice") or {}).get("type") in ("tool", "any"):
            return 400, bad, "Thinking may not be enabled when tool_choice forces tool use."
        if body.get("temperature", 1) != 1:
            return 400, bad, "`temperature` may only be set to 1 when thinking is enabled"
    return None


IMAGE_TYPES = ("image/jpeg", "image/png", "image/gif", "image/webp")


def _image_problem(source: dict[str, Any]) -> str:
    """The Messages API's checks of an image block's base64 source ('' when it passes)."""
    if source.get("type") != "base64":
        return "type: Input should be 'base64', 'url' or 'file'"
    if source.get("media_type") not in IMAGE_TYPES:
        return "base64.media_type: Input should be " + ", ".join(repr(t) for t in IMAGE_TYPES)
    try:
        data = base64.b64decode(source.get("data") or "", validate=True)
    except (binascii.Error, ValueError):
        return "base64.data: The image data is not valid base64"
    magic = {"image/png": b"\x89PNG", "image/jpeg": b"\xff\xd8", "image/gif": b"GIF8", "image/webp": b"RIFF"}
    if not data.startswith(magic[source["media_type"]]):
        return f"base64.data: Image does not match the provided media type {source['media_type']}"
    return ""


def _estimate(body: dict[str, Any]) -> int:
    return len(json.dumps(body.get("messages"))) // 4 + len(json.dumps(body.get("system", ""))) // 4 + 8


def _default_reply(body: dict[str, Any]) -> Reply:
    schema = ((body.get("output_config") or {}).get("format") or {}).get("schema")
    if schema is not None:  # the JSON-schema format: the answer is its JSON, as text
        return Reply([("text", json.dumps(fill(schema)))])
    choice = body.get("tool_choice") or {}
    tools = {t["name"]: t for t in body.get("tools") or ()}
    if choice.get("type") == "tool":
        tool = tools[choice["name"]]
        return Reply([("tool_use", tool["name"], fill(tool["input_schema"]))], stop_reason="tool_use")
    last = body["messages"][-1]
    blocks = last["content"] if isinstance(last["content"], list) else []
    answered = any(b.get("type") == "tool_result" for b in blocks)
    if tools and not answered:
        tool = next(iter(tools.values()))
        return Reply([("tool_use", tool["name"], fill(tool["input_schema"]))], stop_reason="tool_use")
    text = (
        last["content"]
        if isinstance(last["content"], str)
        else " ".join(str(b.get("text") or b.get("content") or "") for b in blocks)
    )
    out: list[tuple] = []
    if (body.get("thinking") or {}).get("type") == "enabled":
        out.append(("thinking", "The user wants a short answer. I will repeat what they said."))
    out.append(("text", f"You said: {text[:200]}"))
    return Reply(out)


def fill(schema: dict[str, Any]) -> Any:
    """A value that satisfies a (simple) JSON schema."""
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type", "object")
    if kind == "object":
        props = schema.get("properties", {})
        return {k: fill(v) for k, v in props.items() if k in schema.get("required", props)}
    if kind == "array":
        return [fill(schema.get("items", {"type": "string"}))]
    return {"string": "example", "boolean": True, "integer": 1, "number": 1.5, "null": None}.get(kind, "x")


async def _error(out: Answer, status: int, kind: str, message: str, headers: dict[str, str] | None = None) -> bool:
    body = {"type": "error", "error": {"type": kind, "message": message}, "request_id": "req_double"}
    return await out.json(status, body, {"request-id": "req_double"} | (headers or {}))
