"""A real llama.cpp server (xllamacpp) in a subprocess, on 127.0.0.1, for tests.

    with start_llama_server(model_path()) as server:
        server.base_url  # "http://127.0.0.1:PORT/v1"

The child is ``python -m tests.support.llama_server --model PATH --port N``. Port 0
(the default) lets the OS pick a free port; the child writes the address it listens
on to ``--ready-file``. Its verbose logs go to a file in a temp dir. The child exits
when its stdin closes, so it does not outlive a crashed test run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.support.processes import ServerProcess, answers

ROOT = Path(__file__).resolve().parents[2]


class LlamaServer(ServerProcess):
    def __init__(self, process: subprocess.Popen[bytes], url: str, log_dir: Path) -> None:
        super().__init__(process, url, log_dir, "llama-server.log")  # url: http://127.0.0.1:PORT
        self.base_url = url + "/v1"


def start_llama_server(
    model: Path,
    *,
    port: int = 0,
    n_ctx: int = 8192,
    n_parallel: int = 4,
    threads: int = 2,
    timeout: float = 60.0,
    api_key: str = "",
    embedding: bool = False,
) -> LlamaServer:
    """Start the server and wait until ``/v1/models`` answers; raise RuntimeError if not."""
    log_dir = Path(tempfile.mkdtemp(prefix="aipa-llama-"))
    ready = log_dir / "address"
    cmd = [
        sys.executable,
        "-m",
        "tests.support.llama_server",
        "--model",
        str(model),
        "--port",
        str(port),
        "--ctx",
        str(n_ctx),
        "--parallel",
        str(n_parallel),
        "--threads",
        str(threads),
        "--ready-file",
        str(ready),
    ]
    if api_key:
        cmd += ["--api-key", api_key]
    if embedding:
        cmd += ["--embedding"]
    with open(log_dir / "llama-server.log", "wb") as log:
        process = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=log, stderr=log)
    server = LlamaServer(process, "", log_dir)
    deadline = time.monotonic() + timeout
    try:
        while not ready.exists():
            _check_alive(server, deadline)
            time.sleep(0.05)
        server.url = ready.read_text().strip().rstrip("/")
        server.base_url = server.url + "/v1"
        while not answers(server.url + "/health"):
            _check_alive(server, deadline)
            time.sleep(0.1)
    except BaseException:
        server.stop()
        raise
    return server


def _check_alive(server: LlamaServer, deadline: float) -> None:
    code = server.process.poll()
    if code is None and time.monotonic() < deadline:
        return
    why = f"exited with code {code}" if code is not None else "did not answer in time"
    raise RuntimeError(f"llama.cpp test server {why}; its log ends with:\n{server.log_tail()}")


# --- the child process -----------------------------------------------------------------


def _serve(args: argparse.Namespace) -> None:
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = args.model
    params.port = args.port
    params.n_ctx = args.ctx
    params.n_parallel = args.parallel
    params.cpuparams.n_threads = args.threads
    params.cpuparams_batch.n_threads = args.threads  # reading the prompt too, as the built-in engine
    if args.api_key:
        params.api_keys = [args.api_key]
    if args.embedding:  # serve /v1/embeddings (mean pooling over the chat model's last layer)
        params.embedding = True
        params.pooling_type = xllamacpp.llama_pooling_type.LLAMA_POOLING_TYPE_MEAN
    if list(params.hostnames) != ["127.0.0.1"]:
        raise SystemExit(f"refusing to serve on {params.hostnames}: tests bind 127.0.0.1 only")
    server = xllamacpp.Server(params)
    partial = args.ready_file + ".part"
    with open(partial, "w") as f:
        f.write(server.listening_address)
    os.replace(partial, args.ready_file)
    sys.stdin.buffer.read()  # until the parent closes our stdin (or dies)
    os._exit(0)  # the server threads need no orderly shutdown


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--ctx", type=int, default=8192)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--ready-file", required=True)
    parser.add_argument("--api-key", default="", help="require this key (tests of 401 handling)")
    parser.add_argument("--embedding", action="store_true", help="serve embeddings (/v1/embeddings)")
    _serve(parser.parse_args(argv))


if __name__ == "__main__":
    main()
