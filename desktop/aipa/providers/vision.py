"""Whether a model can see (take pictures), from what its server says where it says it.

- Ollama: ``POST /api/show`` → ``capabilities`` contains ``"vision"`` (older servers:
  a ``projector_info``);
- llama.cpp's server (and the built-in engine): ``GET /props`` → ``modalities.vision``;
- other OpenAI-compatible servers: the model list where it says (OpenRouter's
  ``architecture.input_modalities``, LM Studio's ``type: "vlm"``, a ``capabilities`` list),
  LiteLLM's ``/model/info`` → ``supports_vision``;
- the built-in engine: the model file has a projector (``mmproj``) beside it;
- OpenAI and Anthropic: by model name (their lists say nothing about it).

``can_see`` answers True, False, or None when nothing tells; a profile's ``vision =
true|false`` is read before all of this (core/material/sight.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aipa.providers.ollama_host import normal_host

PROBE_TIMEOUT = 5.0
# model names that see, when a server says nothing (lower case, matched as substrings)
SEEING_NAMES = (
    "llava", "vision", "-vl", "vl-", "qwen2.5vl", "qwen3-vl", "gemma3", "gemma-3", "pixtral", "minicpm-v",
    "moondream", "bakllava", "granite3.2-vision", "mistral-small3.1", "mistral-small3.2", "llama4", "smolvlm",
)  # fmt: skip
OPENAI_SEEING = ("gpt-4o", "gpt-4.1", "gpt-4-turbo", "gpt-5", "chatgpt-4o", "o1", "o3", "o4")


def projector_for(model: Path) -> Path | None:
    """The multimodal projector of a GGUF model file: ``mmproj-<stem>.gguf``,
    ``<stem>-mmproj.gguf``, ``<stem>.mmproj.gguf`` or ``<stem>.mmproj`` beside it, else
    the only ``mmproj*.gguf`` in its folder."""
    stem = model.name.removesuffix(".gguf")
    for name in (f"mmproj-{stem}.gguf", f"{stem}-mmproj.gguf", f"{stem}.mmproj.gguf", f"{stem}.mmproj"):
        if (model.parent / name).is_file():
            return model.parent / name
    others = sorted(p for p in model.parent.glob("*.gguf") if is_projector(p))
    return others[0] if len(others) == 1 else None


def is_projector(path: Path) -> bool:
    """A projector file, not a model of its own (the model lists leave it out)."""
    name = path.name.lower()
    return name.startswith("mmproj") or ".mmproj" in name or "-mmproj" in name


def by_name(model: str) -> bool | None:
    """What a model's name says (True for a known seeing family, else None)."""
    low = model.lower()
    return True if any(word in low for word in SEEING_NAMES) else None


async def can_see(kind: str, provider: Any, model: str, *, timeout: float = PROBE_TIMEOUT) -> bool | None:
    """Whether ``model`` on ``provider`` (of ``kind``) takes pictures; None when nothing tells."""
    if kind == "scripted":
        return True  # the dry run's canned answers "see" every picture
    if kind == "anthropic":
        return True  # every Claude model served today reads images
    if kind == "openai":
        low = model.lower()
        return True if low.startswith(OPENAI_SEEING) else (False if low.startswith(("gpt-3.5", "davinci")) else None)
    if kind == "builtin":
        try:
            path = provider.resolve(model)
        except Exception:  # noqa: BLE001 - a missing model: the call says so itself
            return None
        return projector_for(path) is not None
    if kind == "ollama":
        return await _ollama(normal_host(getattr(provider, "base_url", None)), model, timeout)
    return await _compatible(str(getattr(provider, "base_url", "") or ""), model, timeout)


async def _json(method: str, url: str, body: dict[str, Any] | None, timeout: float) -> Any:
    import httpx

    try:
        async with httpx.AsyncClient(timeout=timeout, trust_env=False) as client:
            response = await client.request(method, url, json=body)
    except (httpx.HTTPError, OSError):
        return None
    if response.status_code != 200:
        return None
    try:
        return response.json()
    except ValueError:
        return None


async def _ollama(root: str, model: str, timeout: float) -> bool | None:
    data = await _json("POST", f"{root.rstrip('/')}/api/show", {"model": model}, timeout)
    if not isinstance(data, dict):
        return None
    capabilities = data.get("capabilities")
    if isinstance(capabilities, list):
        return "vision" in capabilities
    return True if data.get("projector_info") else by_name(model)


async def _compatible(base_url: str, model: str, timeout: float) -> bool | None:
    root = base_url.rstrip("/").removesuffix("/v1")
    props = await _json("GET", f"{root}/props", None, timeout)
    modalities = props.get("modalities") if isinstance(props, dict) else None
    if isinstance(modalities, dict) and isinstance(modalities.get("vision"), bool):
        return modalities["vision"]
    listed = await _json("GET", f"{root}/v1/models", None, timeout)
    entries = listed.get("data") if isinstance(listed, dict) else None
    for entry in entries if isinstance(entries, list) else ():
        if isinstance(entry, dict) and entry.get("id") == model:
            said = _entry_says(entry)
            if said is not None:
                return said
    info = await _json("GET", f"{root}/model/info", None, timeout)
    for entry in (info.get("data") if isinstance(info, dict) else None) or ():
        if isinstance(entry, dict) and entry.get("model_name") == model:
            flag = (entry.get("model_info") or {}).get("supports_vision")
            if isinstance(flag, bool):
                return flag
    return by_name(model)


def _entry_says(entry: dict[str, Any]) -> bool | None:
    """What one model-list entry says about pictures (None: nothing)."""
    architecture = entry.get("architecture")
    architecture = architecture if isinstance(architecture, dict) else {}
    for field in (entry.get("input_modalities"), architecture.get("input_modalities"), entry.get("modalities")):
        if isinstance(field, list):
            return "image" in field
    if isinstance(entry.get("capabilities"), list):
        return "vision" in entry["capabilities"]
    if entry.get("type") in ("vlm", "llm"):  # LM Studio
        return entry["type"] == "vlm"
    return None
