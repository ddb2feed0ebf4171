"""The local OpenAI-compatible endpoint (``aipa serve``): ``GET /v1/models`` lists
``aipa-team`` (the whole pipeline) and each agent by name; ``POST /v1/chat/completions``
(streaming server-sent events or not) runs the directive or talks to one agent. The
deliverable (or the agent's reply) is the content; the leads' progress (an agent's
thinking) is ``reasoning_content``.

Safe from the start (the doors where peers got hurt, issue 24): it binds loopback
unless a setting allows more (and then warns), every request needs the bearer token,
the Host header must name this server (a page elsewhere cannot rebind its name to
it), runs are limited (429 beyond), no provider key is ever read from a request or
sent back, and review gates wait for the Principal unless the client (the request's
``user``) is listed in ``serve_accept_review``.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
import uuid
from collections.abc import Callable, Coroutine
from typing import Any

from aipa import errors
from aipa.core.config.secrets import redact
from aipa.core.events import AgentDelta, DeliverableReady, Event
from aipa.core.kinds import Stage
from aipa.core.service import http
from aipa.core.service.desk import Desk, talk
from aipa.core.service.progress import line
from aipa.core.service.token import matches

log = logging.getLogger("aipa.serve")

TEAM = "aipa-team"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_bind(host: str, allow_remote: bool) -> str:
    """A warning for a non-loopback address allowed by the setting ('' for loopback);
    refused (UsageError) without ``serve_allow_remote``."""
    if is_loopback(host):
        return ""
    if not allow_remote:
        raise errors.UsageError(
            f"refusing to serve on {host}: the endpoint binds 127.0.0.1 only",
            "to serve other computers set serve_allow_remote to true in settings.json (anyone who can "
            "reach the port and has the token can run the team)",
        )
    return f"serving on {host}, reachable from other computers: anyone with the token can run the team"


def prompt_of(messages: Any) -> str:
    """The directive (or message) a chat request carries: its last user message, with
    the earlier turns before it as context."""
    if not isinstance(messages, list) or not messages:
        raise http.BadRequest(400, "messages must be a non-empty list")
    turns: list[tuple[str, str]] = []
    for m in messages:
        if not isinstance(m, dict):
            raise http.BadRequest(400, "each message must be an object")
        content = m.get("content")
        if isinstance(content, list):  # content parts: the text ones
            content = "\n".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
        turns.append((str(m.get("role", "")), str(content or "")))
    last = next((i for i in range(len(turns) - 1, -1, -1) if turns[i][0] == "user"), None)
    if last is None or not turns[last][1].strip():
        raise http.BadRequest(400, "no user message to act on")
    before = [f"{role}: {text}" for role, text in turns[:last] if text.strip()]
    if not before:
        return turns[last][1]
    return "Earlier in this conversation:\n" + "\n".join(before) + "\n\nNow: " + turns[last][1]


class Relay:
    """A run's events as the parts of one completion: content deltas and reasoning
    lines, queued in order for a stream and kept for a whole reply."""

    def __init__(self, team: bool) -> None:
        self.team = team
        self.queue: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.content: list[str] = []
        self.reasoning: list[str] = []

    def _put(self, kind: str, text: str) -> None:
        if text:
            (self.content if kind == "content" else self.reasoning).append(text)
            self.queue.put_nowait((kind, text))

    def on_event(self, event: Event) -> None:
        if isinstance(event, AgentDelta):
            if not self.team:
                self._put("content" if event.kind == "content" else "reasoning", event.delta)
            elif event.kind == "content" and event.stage == Stage.SYNTHESIZE:
                self._put("content", event.delta)
            return
        if isinstance(event, DeliverableReady) and self.team:
            said = "".join(self.content)
            self._put("content", event.text[len(said) :] if event.text.startswith(said) else event.text)
        if self.team and (text := line(event)):
            self._put("reasoning", text + "\n")


class Endpoint:
    def __init__(
        self,
        desk: Desk,
        token: str | Callable[[], str],
        *,
        host: str = "127.0.0.1",
        port: int = 8765,
        max_runs: int | Callable[[], int] = 2,
        accepting: Callable[[], list[str]] = list,
    ) -> None:
        self.desk = desk
        self.token = token
        self.host = host
        self.port = port
        self._max_runs = max_runs
        self.accepting = accepting
        self.active = 0
        self.server: asyncio.Server | None = None

    @property
    def current_token(self) -> str:
        """The token a request must bear (a callable: the window's, which can be made anew)."""
        return self.token() if callable(self.token) else self.token

    @property
    def max_runs(self) -> int:
        return self._max_runs() if callable(self._max_runs) else self._max_runs

    async def start(self) -> asyncio.Server:
        self.server = await asyncio.start_server(self._connection, self.host, self.port)
        self.port = self.server.sockets[0].getsockname()[1]  # port 0: the one the system gave
        return self.server

    def allowed_hosts(self) -> set[str]:
        names = set(LOOPBACK_NAMES) | ({self.host} if not is_loopback(self.host) else set())
        return {f"{name}:{self.port}" for name in names}

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = await http.read_request(reader)
            await self._route(request, writer)
        except http.BadRequest as exc:
            await _quietly(http.send_error(writer, exc.status, exc.message, "invalid_request_error"))
        except (ConnectionError, TimeoutError, asyncio.IncompleteReadError):
            pass  # the client went away: a run it started is interrupted, resumable
        except Exception:  # a bug must not take the server down
            log.exception("the endpoint failed on a request")
            await _quietly(http.send_error(writer, 500, "internal error (see the log file)", "server_error"))
        finally:
            writer.close()
            await _quietly(writer.wait_closed())

    async def _route(self, request: http.Request, writer: asyncio.StreamWriter) -> None:
        if request.headers.get("host", "").lower() not in self.allowed_hosts():
            await http.send_error(writer, 403, "the Host header does not name this server", "forbidden", "bad_host")
            return
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not matches(given.strip(), self.current_token):
            await http.send_error(
                writer,
                401,
                "a bearer token is needed (`aipa serve --print-token`)",
                "authentication_error",
                "bad_token",
            )
            return
        if request.path in ("/v1/models", "/models"):
            if request.method != "GET":
                raise http.BadRequest(405, "use GET")
            await http.send_json(writer, 200, self.models())
        elif request.path in ("/v1/chat/completions", "/chat/completions"):
            if request.method != "POST":
                raise http.BadRequest(405, "use POST")
            await self.completions(request.json(), writer)
        else:
            await http.send_error(writer, 404, f"no such path: {request.path}", "invalid_request_error", "not_found")

    def models(self) -> dict:
        ids = [TEAM] + self.desk.core.agents.names()
        return {"object": "list", "data": [{"id": i, "object": "model", "created": 0, "owned_by": "aipa"} for i in ids]}

    async def completions(self, body: Any, writer: asyncio.StreamWriter) -> None:
        if not isinstance(body, dict):
            raise http.BadRequest(400, "the body must be a JSON object")
        model = str(body.get("model") or "")
        text = prompt_of(body.get("messages"))
        if model != TEAM and self.desk.core.agents.get(model) is None:
            await http.send_error(
                writer, 404, f"no model {model!r}: see /v1/models", "invalid_request_error", "model_not_found"
            )
            return
        if self.active >= self.max_runs:
            await http.send_error(
                writer, 429, f"{self.active} runs already going (serve_max_runs)", "rate_limit_error", "busy"
            )
            return
        self.active += 1
        try:
            await self._complete(model, text, str(body.get("user") or ""), bool(body.get("stream")), writer)
        finally:
            self.active -= 1

    async def _complete(self, model: str, text: str, user: str, stream: bool, writer: asyncio.StreamWriter) -> None:
        relay = Relay(team=model == TEAM)
        accept = bool(user) and user in self.accepting()
        work: Coroutine[Any, Any, Any]  # a run's summary (dict) or an agent's reply (CallResult)
        if relay.team:
            work = self.desk.run(text, on_event=relay.on_event, accept_review=accept)
        else:
            work = talk(self.desk, model, text, relay.on_event)
        task: asyncio.Task = asyncio.ensure_future(work)
        cid, created = f"chatcmpl-{uuid.uuid4().hex[:24]}", int(time.time())

        def chunk(delta: dict, finish: str | None = None, extra: dict | None = None) -> dict:
            out = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model}
            out["choices"] = [{"index": 0, "delta": delta, "finish_reason": finish}]
            return {**out, **(extra or {})}

        try:
            if stream:
                await http.start_events(writer)
                await http.send_event(writer, chunk({"role": "assistant", "content": ""}))
                while not (task.done() and relay.queue.empty()):
                    getter = asyncio.ensure_future(relay.queue.get())
                    await asyncio.wait({getter, task}, return_when=asyncio.FIRST_COMPLETED)
                    if not getter.done():
                        getter.cancel()
                        continue
                    kind, piece = getter.result()
                    await http.send_event(
                        writer, chunk({"content" if kind == "content" else "reasoning_content": piece})
                    )
            outcome, note, usage = await self._outcome(task)
            if stream:
                if note:
                    await http.send_event(writer, chunk({"content": note}))
                await http.send_event(writer, chunk({}, "stop", {"aipa": outcome, "usage": usage}))
                await http.send_event(writer, "[DONE]")
                return
            message = {"role": "assistant", "content": "".join(relay.content) + note}
            if relay.reasoning:
                message["reasoning_content"] = "".join(relay.reasoning)
            await http.send_json(
                writer,
                200,
                {
                    "id": cid,
                    "object": "chat.completion",
                    "created": created,
                    "model": model,
                    "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                    "usage": usage,
                    "aipa": outcome,
                },
            )
        finally:
            if not task.done():  # the client went away: stop the run (it stays resumable)
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)

    async def _outcome(self, task: asyncio.Task) -> tuple[dict, str, dict]:
        """(what the run came to, a note for the content: what it waits for or why it
        failed, the tokens it used)."""
        try:
            result = await task
        except errors.AipaError as exc:
            failed = {"status": "failed", "error": redact(exc.message)}
            return failed, f"\n\n[failed: {redact(exc.message)}]", usage_of(0, 0)
        if not isinstance(result, dict):  # an agent's reply: its one call's tokens
            return {"status": "done"}, "", usage_of(result.input_tokens, result.output_tokens)
        outcome = {k: result[k] for k in ("run_id", "status", "stage", "verdict", "decision", "waiting") if k in result}
        note = f"\n\n---\n{result['message']}" if result.get("waiting") else ""
        # Every call the run made (routing, leads, synthesis, audit), as the store recorded them.
        totals = self.desk.core.runs.usage(run_id=result["run_id"])
        return outcome, note, usage_of(totals["input_tokens"], totals["output_tokens"])


def usage_of(prompt: int, completion: int) -> dict:
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


async def _quietly(coro) -> None:
    try:
        await coro
    except (ConnectionError, OSError):
        pass
