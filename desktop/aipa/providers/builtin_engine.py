"""The built-in engine's process: a llama.cpp server (``xllamacpp``) for one GGUF file,
on 127.0.0.1 at a port the OS picks.

    python -m aipa.providers.builtin_engine --model PATH [--ctx N] [--parallel N] [--mmproj PATH]

It runs in a child process, not in the app's own: ``xllamacpp.Server(...)`` holds the
GIL while it loads the model (seconds for a large file), which would freeze the event
loop and the window; and a crash or an out-of-memory kill in llama.cpp takes down only
the engine. The child prints one JSON line, ``{"ready": ADDRESS}`` or ``{"error":
KIND, "message": ...}``, then serves until its stdin closes: when the app stops it, or
exits, or dies, so the engine never outlives the app.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request

PROMPT_BATCH = 512  # tokens per prompt batch: a progress report each (issue 35)


def _report(**message: str) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def serve(args: argparse.Namespace) -> None:
    try:
        import xllamacpp
    except ImportError as err:
        return _report(error="not_installed", message=str(err))
    params = xllamacpp.CommonParams()
    params.model.path = args.model
    if args.mmproj:  # a projector: the model reads pictures sent as image_url parts
        params.mmproj.path = args.mmproj
    params.port = 0
    params.n_ctx = args.ctx
    params.n_parallel = args.parallel
    params.kv_unified = True  # the slots share one n_ctx-sized cache: memory stays bounded by n_ctx
    params.warmup = False
    # The prompt is read in batches and its progress reported once per batch: one of
    # n_ubatch (512) tokens reports four times as often as the default 2048, at the same
    # speed on a CPU (llama.cpp computes in n_ubatch pieces either way).
    params.n_batch = min(params.n_batch, PROMPT_BATCH)
    if args.threads:  # both: reading the prompt (batch) and writing; unset, batch takes its own default
        params.cpuparams.n_threads = args.threads
        params.cpuparams_batch.n_threads = args.threads
    if not args.verbose:
        params.verbosity = -1
    if list(params.hostnames) != ["127.0.0.1"]:  # the engine binds to loopback only
        return _report(error="unsafe", message=f"refusing to listen on {list(params.hostnames)}")
    try:
        server = xllamacpp.Server(params)
    except Exception as err:  # noqa: BLE001 - llama.cpp reports every load failure this way
        return _report(error="load_failed", message=str(err))
    address = server.listening_address
    if not _wait_healthy(address, timeout=120):
        return _report(error="load_failed", message=f"the engine at {address} never answered /health")
    _report(ready=address)
    try:
        sys.stdin.buffer.read()  # until the app closes our stdin (or goes away)
    except (KeyboardInterrupt, OSError):
        pass
    os._exit(0)  # the server's threads need no orderly shutdown


def _wait_healthy(address: str, timeout: float) -> bool:
    """Until llama.cpp's HTTP server answers ``/health`` with 200: ``Server(...)``
    returns before its listener accepts, and the app's first call would be refused."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never via a proxy
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with opener.open(address.rstrip("/") + "/health", timeout=2) as reply:
                if reply.status == 200:
                    return True
        except (urllib.error.URLError, OSError):  # not listening yet, or 503 while loading
            pass
        time.sleep(0.05)
    return False


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="AIPA's built-in llama.cpp engine (started by the app)")
    parser.add_argument("--model", required=True)
    parser.add_argument("--ctx", type=int, default=16384)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--mmproj", default="", help="the model's multimodal projector (GGUF), for pictures")
    parser.add_argument("--verbose", action="store_true", help="llama.cpp's own log on stderr")
    serve(parser.parse_args(argv))


if __name__ == "__main__":
    main()
