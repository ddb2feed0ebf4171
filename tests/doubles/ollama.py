"""A protocol-faithful Ollama server double (Ollama cannot be installed on test machines).

It speaks the real HTTP API on 127.0.0.1: ``/api/version``, ``/api/tags``, ``/api/show``,
``/api/ps``, ``/api/pull`` (NDJSON progress per layer, resumable, optionally stalling)
and ``/api/chat`` (NDJSON lines, the final one with ``done_reason``,
``prompt_eval_count`` and ``eval_count``; errors as ``{"error": ...}`` bodies, or as a
line inside a 200 stream like the real server).

Chat is answered by the REAL small model when ``upstream`` is given (the base URL of
an OpenAI-compatible server, e.g. the ``llama_server`` fixture): the request is
forwarded to ``/chat/completions`` (``format`` becomes ``response_format``,
``num_predict`` becomes ``max_tokens``) and its stream is translated to Ollama's.
Without ``upstream``, or when ``script(body)`` returns a text, a scripted text is
streamed instead. What SmolLM2 cannot do is synthesized, and says so:
- models in ``thinking_models`` stream a short synthesized ``thinking`` part first
  (unless the request says ``"think": false``), then the real answer as content;
- models in ``tool_models`` answer a request that offers tools (and whose last
  message is not a tool result) with a scripted call of the first tool.

Like Ollama by default, each model serves ``parallel`` (1) requests at a time: later
ones wait, without a byte of answer, until their turn.

    async with OllamaDouble(upstream=llama_server.base_url) as server:
        provider = OllamaProvider(server.url)

(``with OllamaDouble(...)`` runs it in a thread of its own, for a real ``aipa`` process.)
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from tests.doubles.base import Answer, HttpDouble, Request, Stream, words

THINKING_MODEL = "thinker:latest"
TOOL_MODEL = "tooler:latest"
SMALL_MODEL = "smollm2:135m"


@dataclass
class Failure:
    """A scripted failure for one /api/chat request."""

    status: int = 500
    error: str = "double: scripted failure"
    headers: dict[str, str] = field(default_factory=dict)
    in_stream: bool = False  # a 200 stream whose first line is {"error": ...}
    after_lines: int = 0  # with in_stream: content lines sent before the error line


@dataclass
class Layer:
    digest: str
    size: int


def layers_for(name: str, sizes: tuple[int, ...] = (3_000_000, 12_000, 400)) -> list[Layer]:
    seed = hashlib.sha256(name.encode()).hexdigest()
    return [Layer("sha256:" + hashlib.sha256(f"{seed}{i}".encode()).hexdigest(), s) for i, s in enumerate(sizes)]


class OllamaDouble(HttpDouble):
    def __init__(
        self,
        *,
        upstream: str | None = None,
        models: tuple[str, ...] = (SMALL_MODEL, THINKING_MODEL, TOOL_MODEL),
        library: tuple[str, ...] = ("qwen3:0.6b",),
        thinking_models: tuple[str, ...] = (THINKING_MODEL,),
        tool_models: tuple[str, ...] = (TOOL_MODEL,),
        vision_models: tuple[str, ...] = (),
        parallel: int = 1,
        script: Callable[[dict[str, Any]], str | None] | None = None,
        failures: list[Failure] | None = None,
        rate_limit_each: int = 0,
        retry_after: str = "1",
        pull_step: int = 1_000_000,
        pull_delay: float = 0.0,
        stall_pull_after: int | None = None,
        word_delay: float = 0.0,
        version: str = "0.12.6",
    ) -> None:
        super().__init__()
        self.upstream = upstream.rstrip("/") if upstream else None
        self.models = list(models)
        self.library = set(library)
        self.thinking_models = thinking_models
        self.tool_models = tool_models
        self.vision_models = tuple(_full(m) for m in vision_models)
        self.script = script
        self.failures = list(failures or [])
        self.rate_limit_each = rate_limit_each  # 429 this many times for each distinct request
        self.retry_after = retry_after
        self.pull_step = pull_step
        self.pull_delay = pull_delay
        self.stall_pull_after = stall_pull_after
        self.word_delay = word_delay
        self.version = version
        self.sent_text: list[str] = []  # content streamed, per chat
        self.pulled: dict[str, int] = {}  # digest -> bytes already downloaded (kept on cancel)
        self.loaded: dict[str, int] = {}  # model -> num_ctx, for /api/ps
        self.rate_limited = 0
        self.max_concurrent = 0
        self._active = 0
        self._seen: dict[str, int] = {}
        self._parallel = parallel
        self._slots: dict[str, asyncio.Semaphore] = {}
        self._http: httpx.AsyncClient | None = None

    @property
    def chat_requests(self) -> list[Request]:
        return self.requests_to("/api/chat")

    async def started(self) -> None:
        self._http = httpx.AsyncClient(timeout=httpx.Timeout(300, connect=5))

    async def stopping(self) -> None:
        assert self._http is not None
        await self._http.aclose()

    async def route(self, req: Request, out: Answer) -> bool:
        body = req.body if isinstance(req.body, dict) else {}
        key = (req.method, req.path)
        if key == ("GET", "/api/version"):
            return await _json(out, 200, {"version": self.version})
        if key == ("GET", "/api/tags"):
            return await _json(out, 200, {"models": [self._tag(m) for m in self.models]})
        if key == ("GET", "/api/ps"):
            return await _json(out, 200, {"models": [self._running(m, n) for m, n in self.loaded.items()]})
        if key == ("POST", "/api/show"):
            name = _full(body.get("model") or body.get("name") or "")
            if name not in self.models:
                return await _json(out, 404, {"error": f"model '{name}' not found"})
            return await _json(out, 200, self._show(name))
        if key == ("POST", "/api/pull"):
            return await self._pull(_full(body.get("model") or body.get("name") or ""), out)
        if key == ("POST", "/api/chat"):
            return await self._chat(body, out)
        if key == ("POST", "/api/embed"):
            return await self._embed(body, out)
        return await _json(out, 404, {"error": "404 page not found"}, text=True)

    # --- /api/chat ---------------------------------------------------------------------

    async def _chat(self, body: dict[str, Any], out: Answer) -> bool:
        model = _full(body.get("model", ""))
        if self.failures:
            failure = self.failures.pop(0)
            if not failure.in_stream:
                return await _json(out, failure.status, {"error": failure.error}, failure.headers)
        else:
            failure = None
        if self.rate_limit_each:
            fingerprint = hashlib.sha256(json.dumps(body.get("messages"), sort_keys=True).encode()).hexdigest()
            self._seen[fingerprint] = self._seen.get(fingerprint, 0) + 1
            if self._seen[fingerprint] <= self.rate_limit_each:
                self.rate_limited += 1
                return await _json(
                    out, 429, {"error": "too many requests, slow down"}, {"Retry-After": self.retry_after}
                )
        if model not in self.models:
            return await _json(
                out, 404, {"error": f'model "{model.removesuffix(":latest")}" not found, try pulling it first'}
            )
        refused = _image_problem(body.get("messages") or [], model in self.vision_models)
        if refused:
            return await _json(out, 400, {"error": refused})
        if body.get("think") and model not in self.thinking_models:
            return await _json(out, 400, {"error": f'"{model}" does not support thinking'})
        slot = self._slots.setdefault(model, asyncio.Semaphore(self._parallel))
        async with slot:  # queued: no answer at all until our turn
            self._active += 1
            self.max_concurrent = max(self.max_concurrent, self._active)
            try:
                self.loaded[model] = int((body.get("options") or {}).get("num_ctx") or 2048)
                stream = _NDJSON(out, model)
                ok = await self._answer(body, model, stream, failure)
                if stream.cut:
                    self.disconnected.set()
                    return False
                self.sent_text.append(stream.text)
                return ok
            finally:
                self._active -= 1

    async def _answer(self, body: dict[str, Any], model: str, out: _NDJSON, failure: Failure | None) -> bool:
        await out.start()
        if failure is not None:  # an error line inside the 200 stream
            for _ in range(failure.after_lines):
                await out.line(content="x ")
            await out.raw({"error": failure.error})
            return await out.end()
        messages = body.get("messages") or []
        if model in self.thinking_models and body.get("think") is not False:
            question = next((m.get("content", "") for m in reversed(messages) if m.get("role") == "user"), "")
            for word in words(f"The user asks: {question[:80]} I should answer briefly."):
                if not await out.line(thinking=word):
                    return False
        if model in self.tool_models and body.get("tools") and (not messages or messages[-1].get("role") != "tool"):
            tool = body["tools"][0]["function"]
            arguments = {name: "Paris" for name in (tool.get("parameters") or {}).get("properties", {})}
            await out.line(tool_calls=[{"function": {"name": tool["name"], "arguments": arguments}}])
            return await out.done("stop", prompt=_count(messages), output=12)
        scripted = self.script(body) if self.script else None
        if scripted is None and self.upstream:
            return await self._forward(body, out)
        text = scripted if scripted is not None else _echo(messages)
        limit = int((body.get("options") or {}).get("num_predict") or 0)
        pieces = words(text)
        reason = "stop"
        if limit and len(pieces) > limit:
            pieces, reason = pieces[:limit], "length"
        for word in pieces:
            if self.word_delay:
                await asyncio.sleep(self.word_delay)
            if not await out.line(content=word):
                return False
        return await out.done(reason, prompt=_count(messages), output=len(pieces))

    async def _forward(self, body: dict[str, Any], out: _NDJSON) -> bool:
        """Answer with the real model behind ``upstream``, translating its SSE stream."""
        assert self._http is not None and self.upstream is not None
        options = body.get("options") or {}
        request: dict[str, Any] = {
            "messages": [_openai_message(m) for m in body.get("messages") or []],
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        if "num_predict" in options:
            request["max_tokens"] = options["num_predict"]
        if "temperature" in options:
            request["temperature"] = options["temperature"]
        if isinstance(body.get("format"), dict):
            request["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "output", "schema": body["format"]},
            }
        elif body.get("format") == "json":
            request["response_format"] = {"type": "json_object"}
        prompt = output = 0
        reason = "stop"
        async with self._http.stream("POST", self.upstream + "/chat/completions", json=request) as response:
            if response.status_code != 200:
                await response.aread()
                return (
                    await out.raw({"error": f"upstream: HTTP {response.status_code}: {response.text[:200]}"})
                    and await out.end()
                )
            async for line in response.aiter_lines():
                if not line.startswith("data: ") or line == "data: [DONE]":
                    continue
                chunk = json.loads(line[6:])
                if chunk.get("usage"):
                    prompt, output = chunk["usage"]["prompt_tokens"], chunk["usage"]["completion_tokens"]
                for choice in chunk.get("choices") or ():
                    text = (choice.get("delta") or {}).get("content")
                    if text and not await out.line(content=text):
                        return False  # the client left: leaving this block closes the upstream stream
                    if choice.get("finish_reason"):
                        reason = "length" if choice["finish_reason"] == "length" else "stop"
        return await out.done(reason, prompt=prompt, output=output)

    # --- /api/embed ---------------------------------------------------------------------

    async def _embed(self, body: dict[str, Any], out: Answer) -> bool:
        """Ollama's embeddings: vectors from the real model behind ``upstream`` (started with embeddings)."""
        name = _full(body.get("model") or "")
        if name not in self.models:
            return await _json(out, 404, {"error": f'model "{name}" not found, try pulling it first'})
        if self._http is None or self.upstream is None:
            return await _json(out, 501, {"error": "this double embeds only with an upstream server"})
        texts = body.get("input")
        texts = [texts] if isinstance(texts, str) else list(texts or [])
        response = await self._http.post(self.upstream + "/embeddings", json={"input": texts, "model": name})
        if response.status_code != 200:
            return await _json(out, 500, {"error": f"upstream: HTTP {response.status_code}: {response.text[:200]}"})
        data = sorted(response.json()["data"], key=lambda d: d["index"])
        return await _json(out, 200, {"model": name, "embeddings": [d["embedding"] for d in data]})

    # --- /api/pull ----------------------------------------------------------------------

    async def _pull(self, name: str, answer: Answer) -> bool:
        out = _NDJSON(answer, name)
        await out.start()
        await out.raw({"status": "pulling manifest"})
        if name not in self.library and name not in self.models:
            await out.raw({"error": "pull model manifest: file does not exist"})
            return await out.end()
        sent = 1
        for layer in layers_for(name):
            done = self.pulled.get(layer.digest, 0)
            while True:
                if self.stall_pull_after is not None and sent >= self.stall_pull_after:
                    while await answer.pause(0.05):  # stalled: wait until the client gives up
                        pass
                    self.disconnected.set()
                    return False
                progress = {
                    "status": f"pulling {layer.digest[7:19]}",
                    "digest": layer.digest,
                    "total": layer.size,
                    "completed": done,
                }
                if not await out.raw(progress) or not await answer.pause(self.pull_delay):
                    self.disconnected.set()
                    return False
                sent += 1
                if done >= layer.size:
                    break
                done = min(layer.size, done + self.pull_step)
                self.pulled[layer.digest] = done
        for status in ("verifying sha256 digest", "writing manifest", "success"):
            await out.raw({"status": status})
        if name not in self.models:
            self.models.append(name)
        return await out.end()

    # --- model records -----------------------------------------------------------------

    def _tag(self, name: str) -> dict[str, Any]:
        return {
            "name": name,
            "model": name,
            "modified_at": "2025-06-01T10:00:00.000000+00:00",
            "size": sum(layer.size for layer in layers_for(name)),
            "digest": hashlib.sha256(name.encode()).hexdigest(),
            "details": _details(),
        }

    def _running(self, name: str, num_ctx: int) -> dict[str, Any]:
        return {**self._tag(name), "expires_at": "2099-01-01T00:00:00Z", "size_vram": 0, "context_length": num_ctx}

    def _show(self, name: str) -> dict[str, Any]:
        capabilities = ["completion"]
        if name in self.tool_models:
            capabilities.append("tools")
        if name in self.thinking_models:
            capabilities.append("thinking")
        if name in self.vision_models:
            capabilities.append("vision")
        return {
            "modelfile": f"FROM {name}\n",
            "parameters": 'stop "<|im_end|>"',
            "template": "{{ .Prompt }}",
            "details": _details(),
            "model_info": {
                "general.architecture": "llama",
                "general.parameter_count": 134515008,
                "llama.context_length": 8192,
            },
            "capabilities": capabilities,
            "modified_at": "2025-06-01T10:00:00.000000+00:00",
        }


class _NDJSON:
    """One NDJSON response of Ollama's (chat lines, pull progress); notices a client that went away."""

    def __init__(self, answer: Answer, model: str) -> None:
        self.answer, self.model = answer, model
        self.text = ""
        self._stream: Stream | None = None

    @property
    def cut(self) -> bool:
        return self._stream is not None and self._stream.cut

    async def start(self) -> None:
        self._stream = await self.answer.stream("application/x-ndjson")

    async def raw(self, obj: dict[str, Any]) -> bool:
        assert self._stream is not None
        return await self._stream.ndjson(obj)

    async def line(self, *, content: str = "", thinking: str = "", tool_calls: list | None = None) -> bool:
        message: dict[str, Any] = {"role": "assistant", "content": content}
        if thinking:
            message["thinking"] = thinking
        if tool_calls:
            message["tool_calls"] = tool_calls
        self.text += content
        return await self.raw({"model": self.model, "created_at": _now(), "message": message, "done": False})

    async def done(self, reason: str, *, prompt: int, output: int) -> bool:
        final = {
            "model": self.model,
            "created_at": _now(),
            "message": {"role": "assistant", "content": ""},
            "done_reason": reason,
            "done": True,
            "total_duration": 1_000_000,
            "load_duration": 1000,
            "prompt_eval_count": prompt,
            "prompt_eval_duration": 1000,
            "eval_count": output,
            "eval_duration": 1000,
        }
        return await self.raw(final) and await self.end()

    async def end(self) -> bool:
        assert self._stream is not None
        return await self._stream.end()


async def _json(
    out: Answer, status: int, body: Any, headers: dict[str, str] | None = None, *, text: bool = False
) -> bool:
    if text:  # Go's plain 404 page
        return await out.body(status, body["error"].encode(), "text/plain; charset=utf-8", headers)
    return await out.body(status, json.dumps(body).encode(), "application/json; charset=utf-8", headers)


def _full(name: str) -> str:
    return name if ":" in name or not name else f"{name}:latest"


def _details() -> dict[str, Any]:
    return {
        "parent_model": "",
        "format": "gguf",
        "family": "llama",
        "families": ["llama"],
        "parameter_size": "134.52M",
        "quantization_level": "Q4_1",
    }


def _count(messages: list[dict[str, Any]]) -> int:
    return sum(4 + len(str(m.get("content", ""))) // 4 for m in messages)


def _image_problem(messages: list[dict[str, Any]], sees: bool) -> str:
    """What Ollama says about a message's ``images``: each must be plain base64 (its Go
    decoder rejects a ``data:`` prefix), and the model must have a vision projector."""
    for m in messages:
        for image in m.get("images") or ():
            if not isinstance(image, str):
                return (
                    "json: cannot unmarshal number into Go struct field Message.messages.images of type api.ImageData"
                )
            try:
                base64.b64decode(image, validate=True)
            except (binascii.Error, ValueError):
                return "illegal base64 data at input byte 4"
            if not sees:
                return "this model is missing data required for image input"
    return ""


def _echo(messages: list[dict[str, Any]]) -> str:
    last = next((m.get("content", "") for m in reversed(messages) if m.get("role") == "user"), "")
    return f"You said: {last[:200]}"


def _openai_message(m: dict[str, Any]) -> dict[str, Any]:
    """Ollama message -> something SmolLM2's chat template accepts."""
    role, content = m.get("role", "user"), m.get("content") or ""
    if role == "tool":
        return {"role": "user", "content": f"Result of {m.get('tool_name', 'the tool')}: {content}"}
    if m.get("tool_calls"):
        calls = ", ".join(c["function"]["name"] for c in m["tool_calls"])
        return {"role": "assistant", "content": content or f"(called {calls})"}
    return {"role": role, "content": content}


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())
