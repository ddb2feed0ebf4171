"""LiteLLM's real proxy in a subprocess, in front of a real llama.cpp server, for tests.

LiteLLM is a large tree of packages the app does not need, so it lives in a venv of its
own (``scripts/litellm-venv.sh`` makes it; ``AIPA_LITELLM_VENV`` moves it). The proxy's
config maps one model name to the llama.cpp server's OpenAI endpoint, the way a person
who outgrows one machine would put a gateway in front of it:

    with start_litellm_proxy(llama.base_url, "smol") as proxy:
        proxy.url  # "http://127.0.0.1:PORT" (Anthropic clients: POST /v1/messages)

The model goes as ``hosted_vllm/NAME``: LiteLLM's provider for a vLLM-style OpenAI server,
which llama.cpp's is; its Anthropic endpoint turns a request for it into a chat
completion (tool_choice and ``output_config.format`` → ``response_format`` pass through).
With ``prefix="openai"`` LiteLLM sends Anthropic requests on through OpenAI's Responses
API instead, where llama.cpp honours neither.

``max_input_tokens`` (None: not set) goes into the model's ``model_info``, which LiteLLM's
``/model/info`` then reports; without it LiteLLM does not know the size (null).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from pathlib import Path

from tests.doubles.base import free_port
from tests.support.processes import ServerProcess, answers

MASTER_KEY = "sk-aipa-test-master-key"  # LiteLLM refuses to start without one


def venv() -> Path:
    default = Path.home() / ".cache" / "aipa-tests" / "litellm-venv"
    return Path(os.environ.get("AIPA_LITELLM_VENV") or default)


def installed() -> bool:
    return (venv() / "bin" / "litellm").exists()


class LiteLLMProxy(ServerProcess):
    stop_within = 15.0

    def __init__(self, process: subprocess.Popen[bytes], url: str, folder: Path) -> None:
        super().__init__(process, url, folder, "litellm.log")


def start_litellm_proxy(
    upstream: str,
    model: str,
    *,
    max_input_tokens: int | None = None,
    prefix: str = "hosted_vllm",
    timeout: float = 120.0,
) -> LiteLLMProxy:
    """Start the proxy with ``model`` mapped to the OpenAI endpoint ``upstream`` (ending
    in /v1) and wait until it answers; RuntimeError when it does not."""
    folder = Path(tempfile.mkdtemp(prefix="aipa-litellm-"))
    info = f"\n    model_info:\n      max_input_tokens: {max_input_tokens}" if max_input_tokens else ""
    (folder / "config.yaml").write_text(
        "model_list:\n"
        f"  - model_name: {model}\n"
        "    litellm_params:\n"
        f"      model: {prefix}/{model}\n"
        f"      api_base: {upstream}\n"
        "      api_key: none\n"
        f"{info}\n"
        "general_settings:\n"
        f"  master_key: {MASTER_KEY}\n"
        "litellm_settings:\n"
        "  telemetry: false\n"
    )
    port = free_port()
    env = {**os.environ, "LITELLM_LOG": "INFO", "NO_DOCS": "True", "LITELLM_TELEMETRY": "False"}
    cmd = [str(venv() / "bin" / "litellm"), "--config", str(folder / "config.yaml")]
    cmd += ["--host", "127.0.0.1", "--port", str(port), "--num_workers", "1"]
    with open(folder / "litellm.log", "wb") as log:
        process = subprocess.Popen(cmd, cwd=folder, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    proxy = LiteLLMProxy(process, f"http://127.0.0.1:{port}", folder)
    deadline = time.monotonic() + timeout
    try:
        while not answers(proxy.url + "/health/liveliness"):
            if process.poll() is not None or time.monotonic() > deadline:
                why = f"exited with code {process.poll()}" if process.poll() is not None else "did not answer in time"
                raise RuntimeError(f"LiteLLM's proxy {why}; its log ends with:\n{proxy.log_tail()}")
            time.sleep(0.2)
    except BaseException:
        proxy.stop()
        raise
    return proxy
