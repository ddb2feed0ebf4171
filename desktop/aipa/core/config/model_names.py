"""A model as people name it: a GGUF file given by its path (the built-in engine takes
an absolute path too) is shown by its name ("SmolLM2-135M-Instruct-Q8_0"), not as
"/home/me/models/SmolLM2-135M-Instruct-Q8_0.gguf"; every other model id is shown as it is
("llama3.2", "Qwen/Qwen2.5-0.5B-Instruct")."""

from __future__ import annotations

import re

_PATH = re.compile(r"^(?:[~/\\]|[A-Za-z]:[\\/])")  # absolute, home-relative or a Windows drive


def shown(model: str) -> str:
    """``model`` for people: a ``.gguf`` file or a path, by its file name without the suffix."""
    if not model or not (model.lower().endswith(".gguf") or _PATH.match(model)):
        return model
    name = re.split(r"[\\/]", model.rstrip("/\\"))[-1]
    return name[: -len(".gguf")] if name.lower().endswith(".gguf") else name
