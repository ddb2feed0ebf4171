"""The built-in engine's tokens/s against a plain llama.cpp server (xllamacpp, the test
server) with the same model, context, slots and threads: idle, and with two CPU-bound
processes beside it (issue 20).

    python -m tests.bench.engine_speed [--family smollm2] [--rounds 3]

Both get the same request body over HTTP (the same prompt, sampling and ``max_tokens``)
and the figure is llama.cpp's own ``timings.predicted_per_second`` (writing only; the
prompt is read before it): per round one request to each, the two engines taking turns
(which goes first alternates), and the ratio is the median of the rounds' ratios.
The thread count is the built-in engine's own choice on this machine (``engine_threads``),
passed explicitly to both. Run it only under ``flock /tmp/aipa-llm.lock``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from aipa.providers.builtin import BuiltinProvider
from aipa.providers.engine_threads import choose as choose_threads
from tests.support import model as test_model
from tests.support.llama_server import start_llama_server

N_CTX, N_PARALLEL = 4096, 1
BODY = {
    "messages": [{"role": "user", "content": "Write a short paragraph about planning a team offsite."}],
    "max_tokens": 96,
    "temperature": 0.0,
    "repeat_penalty": 1.1,
    "repeat_last_n": 64,
    "cache_prompt": False,  # every round reads the prompt again: the rounds are alike
}
BUSY = "while True: pass"
ROUNDS = 7  # pairs per condition: medians of at least five (issue 20)


def _tokens_per_second(base_url: str) -> float:
    request = urllib.request.Request(
        base_url.rstrip("/") + "/chat/completions", json.dumps(BODY).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=600) as reply:
        return float(json.load(reply)["timings"]["predicted_per_second"])


@contextmanager
def _busy(n: int):
    """``n`` CPU-bound processes beside the engines (stopped on the way out)."""
    procs = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(n)]
    try:
        yield
    finally:
        for p in procs:
            p.kill()
            p.wait()


async def measure(family: str = "smollm2", rounds: int = ROUNDS) -> dict:
    path = test_model.model_path(family)
    threads = choose_threads().count
    with tempfile.TemporaryDirectory(prefix="aipa-speed-") as tmp:
        models = Path(tmp)
        (models / path.name).symlink_to(path)
        builtin = BuiltinProvider(models, options={"threads": threads, "num_ctx": N_CTX, "n_parallel": N_PARALLEL})
        engine = await builtin._engine(path)  # the real engine process, as a run starts it
        builtin_url = engine.provider.base_url or ""
        try:
            with start_llama_server(path, n_ctx=N_CTX, n_parallel=N_PARALLEL, threads=threads) as plain:
                _tokens_per_second(builtin_url), _tokens_per_second(plain.base_url)  # warm both up
                figures = {}
                for label, busy in (("idle", 0), ("two CPU-bound processes beside", 2)):
                    figures[label] = await _compare(builtin_url, plain.base_url, busy, rounds)
        finally:
            await builtin.aclose()
    return {"family": family, "model": path.name, "threads": threads, "why": choose_threads().why, **figures}


async def _compare(builtin_url: str, plain_url: str, busy: int, rounds: int) -> dict:
    """``rounds`` pairs of requests, the two engines taking turns (which goes first
    alternates), with ``busy`` CPU-bound processes beside them. On a shared machine the
    load drifts from one second to the next, so besides the medians of each engine the
    figure of record is the median of the pairs' ratios: the two requests of a pair run
    back to back, under much the same load."""
    seen: dict[str, list[float]] = {"builtin": [], "plain": []}
    with _busy(busy):
        for i in range(rounds):
            order = [("builtin", builtin_url), ("plain", plain_url)]
            for name, url in order if i % 2 == 0 else order[::-1]:
                seen[name].append(await asyncio.to_thread(_tokens_per_second, url))
    b, p = statistics.median(seen["builtin"]), statistics.median(seen["plain"])
    pairs = [x / y for x, y in zip(seen["builtin"], seen["plain"], strict=True)]
    return {
        "builtin_tps": round(b, 2),
        "plain_tps": round(p, 2),
        "ratio_of_medians": round(b / p, 3),
        "ratio": round(statistics.median(pairs), 3),
        "pair_ratios": [round(r, 3) for r in pairs],
        "rounds": {k: [round(v, 2) for v in vs] for k, vs in seen.items()},
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", default="smollm2", choices=list(test_model.FAMILIES))
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(measure(args.family, args.rounds)), indent=2))


if __name__ == "__main__":
    main()
