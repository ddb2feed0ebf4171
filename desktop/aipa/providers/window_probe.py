"""How many tokens one request may use on a server, from whatever the server offers.

Servers say it in different places, and a gateway hides the one behind it:

- llama.cpp: ``GET /props`` → ``default_generation_settings.n_ctx`` (one slot's share).
- vLLM: ``GET /v1/models`` → each model's ``max_model_len``.
- LiteLLM's proxy: ``GET /model/info`` (or ``/v1/model/info``) → each deployment's
  ``model_info.max_input_tokens`` (else ``max_tokens``), by ``model_name``; null for a
  model LiteLLM does not know unless its config sets ``model_info``.
- Ollama (its OpenAI endpoint): ``POST /api/show`` → a ``num_ctx`` in ``parameters``,
  else Ollama's own default for requests that set none, capped by the model's
  ``model_info.<arch>.context_length``.

``discover`` asks them in that order and stops at the first answer. A hand-set size
(the profile's ``context``) is used before any of this (``context.hand_window``); when
nothing answers and no table knows the model, the size is a guess, and ``guess_warning``
is what the person is told.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from aipa.providers.base import Caution
from aipa.providers.context import DEFAULT_WINDOW

OLLAMA_DEFAULT_NUM_CTX = 4096  # what Ollama gives a request that sets no num_ctx (its OpenAI endpoint sets none)


@dataclass(frozen=True)
class Found:
    """A size a server told, and where it said it (for the log and ``aipa doctor``)."""

    tokens: int
    source: str  # "/props", "/v1/models", "/model/info", "/api/show"


GUESSED = "a guess"
CONTEXT_GUESSED = "context_guessed"  # the Caution's kind (core.kinds.NoticeKind.CONTEXT_GUESSED)


@dataclass(frozen=True)
class Size:
    """The context size a provider uses for a model, and where it comes from: "the
    profile" (its ``context``), a server's answer ("/props", ...), "known model",
    "num_ctx", or ``GUESSED``; ``warning`` is what the person is told when it is a guess."""

    tokens: int
    source: str
    caution: Caution | None = None  # told when the size is a guess

    @property
    def warning(self) -> str:
        """What the person is told when the size is a guess ('' when it is not)."""
        return self.caution.text if self.caution is not None else ""

    @property
    def guessed(self) -> bool:
        return self.source == GUESSED

    def describe(self, model: str) -> str:
        """One line for ``aipa doctor``."""
        if self.guessed:
            return self.warning
        return f"{self.tokens:,} tokens per request for {model or 'the default model'} (from {self.source})"


def settle(model: str, where: str, options: dict[str, Any], found: int = 0, source: str = "") -> Size:
    """The size for ``model``: the profile's ``context``, else what the server said
    (``found`` from ``source``), else the known-models table, else a ``num_ctx`` option,
    else a guess (``DEFAULT_WINDOW``, with its warning)."""
    from aipa.providers.context import hand_window, known_window

    if hand := hand_window(options):
        return Size(hand, "the profile")
    if found > 0:
        return Size(found, source)
    if known := known_window(model):
        return Size(known, "known model")
    num_ctx = options.get("num_ctx")
    if isinstance(num_ctx, int) and not isinstance(num_ctx, bool) and num_ctx > 0:
        return Size(num_ctx, "num_ctx")
    return Size(DEFAULT_WINDOW, GUESSED, guess_caution(model, where))


def guess_warning(model: str, where: str, tokens: int = DEFAULT_WINDOW) -> str:
    """The line a person sees when the context size is a guess."""
    return (
        f"context size of {model or 'the default model'} at {where} is unknown; "
        f"assuming {tokens:,} tokens — set `context` in the profile"
    )


def guess_caution(model: str, where: str, tokens: int = DEFAULT_WINDOW) -> Caution:
    """``guess_warning`` as a Caution, with its parts (``model`` '': the default model)."""
    fields: dict[str, str | int] = {"model": model, "where": where, "tokens": tokens}
    return Caution(guess_warning(model, where, tokens), CONTEXT_GUESSED, fields)


async def discover(
    root: str, model: str, api_key: str | None, *, timeout: float, log: logging.Logger | None = None
) -> Found | None:
    """What the server at ``root`` (its address without ``/v1``) says about ``model``'s
    context size: a Found, ``Found(0, "")`` when it says nothing, None when it does not
    answer HTTP at all within ``timeout`` (a server that answers, even busy, answers a GET at once)."""
    import httpx

    if (urlsplit(root).hostname or "").endswith(("api.openai.com", "api.anthropic.com")):
        return Found(0, "")  # the clouds say nothing here; their windows are in context.KNOWN_WINDOWS
    headers = {"Authorization": f"Bearer {api_key}", "x-api-key": api_key} if api_key else None
    try:
        async with httpx.AsyncClient(timeout=timeout, headers=headers) as client:
            for probe in (_props, _vllm, _litellm, _ollama):
                try:
                    tokens, source = await probe(client, root, model)
                except httpx.TimeoutException:
                    # the first GET unanswered: a mute server; a later one (a busy server
                    # answering /props at once but not another path): it says nothing more
                    return None if probe is _props else Found(0, "")
                if tokens > 0:
                    (log or logging.getLogger("aipa.providers.context")).info(
                        "%s: %d tokens per request for %s (%s)", root, tokens, model or "its model", source
                    )
                    return Found(tokens, source)
    except (httpx.HTTPError, OSError):
        pass
    return Found(0, "")


async def _get_json(client: Any, method: str, url: str, body: dict[str, Any] | None = None) -> Any:
    """The JSON answer of a 200, else None (a 404 or a page that is not JSON says nothing)."""
    import httpx

    try:
        response = await client.request(method, url, json=body)
    except httpx.TimeoutException:
        raise
    except (httpx.HTTPError, OSError):
        return None
    if response.status_code != 200:
        return None
    try:
        return response.json()
    except ValueError:
        return None


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _entry(entries: Any, model: str, key: str) -> dict[str, Any] | None:
    """The entry of ``entries`` whose ``key`` is ``model`` (the first when no model is
    named: the server's first is the one a request without a model gets)."""
    rows = [e for e in entries if isinstance(e, dict)] if isinstance(entries, list) else []
    named = [e for e in rows if e.get(key) == model]
    if named:
        return named[0]
    return rows[0] if rows and not model else None


async def _props(client: Any, root: str, model: str) -> tuple[int, str]:
    data = await _get_json(client, "GET", f"{root}/props")
    settings = data.get("default_generation_settings") if isinstance(data, dict) else None
    return _int(settings.get("n_ctx") if isinstance(settings, dict) else None), "/props"


async def _vllm(client: Any, root: str, model: str) -> tuple[int, str]:
    data = await _get_json(client, "GET", f"{root}/v1/models")
    entry = _entry(data.get("data") if isinstance(data, dict) else None, model, "id")
    return _int(entry.get("max_model_len") if entry else None), "/v1/models"


async def _litellm(client: Any, root: str, model: str) -> tuple[int, str]:
    for path in ("/model/info", "/v1/model/info"):
        data = await _get_json(client, "GET", f"{root}{path}")
        if data is None:
            continue
        entry = _entry(data.get("data") if isinstance(data, dict) else None, model, "model_name")
        info = entry.get("model_info") if entry else None
        if isinstance(info, dict):
            return _int(info.get("max_input_tokens")) or _int(info.get("max_tokens")), path
        return 0, path
    return 0, "/model/info"


async def _ollama(client: Any, root: str, model: str) -> tuple[int, str]:
    if not model:
        return 0, "/api/show"
    data = await _get_json(client, "POST", f"{root}/api/show", {"model": model})
    if not isinstance(data, dict):
        return 0, "/api/show"
    trained = max(
        (_int(v) for k, v in (data.get("model_info") or {}).items() if str(k).endswith(".context_length")), default=0
    )
    asked = 0
    for line in str(data.get("parameters") or "").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "num_ctx" and parts[1].isdigit():
            asked = int(parts[1])
    tokens = asked or OLLAMA_DEFAULT_NUM_CTX
    return (min(tokens, trained) if trained else tokens), "/api/show"
