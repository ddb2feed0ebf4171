"""AIPA's headless pipeline against a minimal hand-written one (issue 32 item 4), on one
real llama.cpp server, the same model and the same output caps, runs alternating (AIPA
first in even runs, the hand-written one first in odd runs):

    python -m tests.bench.side_by_side --family smollm2 --runs 5 [--cap 256] [--threads 2] [--out F.json]

Per run and pipeline: wall time, calls, prompt and completion tokens per stage, the
verdict, and where the server's time went (reading the prompt vs writing the reply). The
hand-written pipeline takes its split from llama.cpp's ``timings`` in each reply; AIPA's
is read from the same server's log (``print_timing`` lines, matched to AIPA's ``usage``
rows in order by their completion tokens). Run it only under ``flock /tmp/aipa-llm.lock``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import tempfile
from pathlib import Path

from tests.bench import hand_pipeline, local_models
from tests.support import model as test_model
from tests.support.llama_server import ROOT, start_llama_server

TIMING = re.compile(r"task (\d+) \|\s+(prompt eval|eval) time =\s+([\d.]+) ms /\s+(\d+) tokens")
AIPA_STAGE = {
    "route": "manager",
    "lead": "specialist",
    "synthesize": "synthesis",
    "direct": "synthesis",
    "audit": "audit",
}


def _timings(log: str) -> list[dict]:
    """The server's finished tasks in the order they finished: prompt and writing seconds."""
    tasks: dict[str, dict] = {}
    for task, kind, ms, n in TIMING.findall(log):
        entry = tasks.setdefault(task, {"prompt_s": 0.0, "write_s": 0.0, "written": 0})
        if kind == "prompt eval":
            entry["prompt_s"] = float(ms) / 1000
        else:
            entry["write_s"], entry["written"] = float(ms) / 1000, int(n)
    return list(tasks.values())


def _aipa_calls(per_call: list[dict], log: str) -> list[dict]:
    """AIPA's calls as the hand-written pipeline records its own: stage, tokens, time split."""
    pending = _timings(log)
    calls = []
    for c in per_call:
        match = next((t for t in pending if abs(t["written"] - c["completion"]) <= 1), pending[0] if pending else None)
        if match is not None:
            pending.remove(match)
        calls.append(
            {
                "stage": AIPA_STAGE.get(c["purpose"], c["purpose"]),
                "prompt": c["prompt"],
                "completion": c["completion"],
                "prompt_s": round(match["prompt_s"], 2) if match else None,
                "write_s": round(match["write_s"], 2) if match else None,
            }
        )
    return calls


def _aipa(server, directive: str, home: Path, cap: int) -> dict:
    offset = server.log_path.stat().st_size
    settings = {"max_output_tokens": cap} if cap else {}
    result = local_models.run_directive(ROOT, server.base_url, directive, home, settings)
    with open(server.log_path, errors="replace") as f:
        f.seek(offset)
        log = f.read()
    return {
        "directive": directive,
        "verdict": result.get("verdict"),
        "error": result.get("error"),
        "calls": _aipa_calls(result.get("per_call", []), log),
        "wall_s": round(result["wall_s"], 2),
    }


def summary(runs: list[dict]) -> dict:
    """Medians over the runs of one pipeline: wall, calls, and per stage the tokens and time split."""
    stages: dict[str, dict[str, list[float]]] = {}
    for r in runs:
        per: dict[str, dict[str, float]] = {}
        for c in r["calls"]:
            s = per.setdefault(c["stage"], {"calls": 0, "prompt": 0, "completion": 0, "prompt_s": 0.0, "write_s": 0.0})
            s["calls"] += 1
            for key in ("prompt", "completion", "prompt_s", "write_s"):
                s[key] += c.get(key) or 0
        for stage, figures in per.items():
            for key, value in figures.items():
                stages.setdefault(stage, {}).setdefault(key, []).append(value)
    return {
        "runs": len(runs),
        "median_wall_s": round(statistics.median(r["wall_s"] for r in runs), 1),
        "median_calls": statistics.median(len(r["calls"]) for r in runs),
        "median_prompt_tokens": statistics.median(sum(c["prompt"] for c in r["calls"]) for r in runs),
        "median_completion_tokens": statistics.median(sum(c["completion"] for c in r["calls"]) for r in runs),
        "verdicts": [r["verdict"] for r in runs],
        "per_stage": {
            stage: {key: round(statistics.median(values), 2) for key, values in figures.items()}
            for stage, figures in stages.items()
        },
    }


def compare(family: str, runs: int, cap: int, threads: int) -> dict:
    path = test_model.model_path(family)
    aipa, hand = [], []
    with (
        start_llama_server(path, n_ctx=32768, n_parallel=4, threads=threads, timeout=180) as server,
        tempfile.TemporaryDirectory(prefix="aipa-side-") as tmp,
    ):
        for i in range(runs):
            directive = local_models.DIRECTIVES[i % len(local_models.DIRECTIVES)]
            order = ("aipa", "hand") if i % 2 == 0 else ("hand", "aipa")
            for which in order:
                if which == "aipa":
                    aipa.append(_aipa(server, directive, Path(tmp) / f"h{i}", cap))
                else:
                    hand.append(hand_pipeline.run(server.base_url, directive, cap))
                print(
                    json.dumps({"family": family, "pipeline": which, **(aipa if which == "aipa" else hand)[-1]}),
                    flush=True,
                )
    return {
        "family": family,
        "model": path.name,
        "cap": cap,
        "threads": threads,
        "aipa": summary(aipa),
        "hand": summary(hand),
        "runs": {"aipa": aipa, "hand": hand},
    }


def markdown(report: dict) -> str:
    """The side-by-side table of one family, as docs/bench shows it."""
    a, h = report["aipa"], report["hand"]
    lines = [
        f"**{report['family']}** ({report['model']}, {report['runs']['aipa'].__len__()} runs each, "
        f"cap {report['cap'] or 'the stage budgets'}, {report['threads']} threads)",
        "",
        "| | AIPA | hand-written |",
        "|---|---:|---:|",
        f"| median wall (s) | {a['median_wall_s']} | {h['median_wall_s']} |",
        f"| median calls | {a['median_calls']} | {h['median_calls']} |",
        f"| median prompt tokens | {a['median_prompt_tokens']} | {h['median_prompt_tokens']} |",
        f"| median completion tokens | {a['median_completion_tokens']} | {h['median_completion_tokens']} |",
        f"| verdicts | {', '.join(map(str, a['verdicts']))} | {', '.join(map(str, h['verdicts']))} |",
        "",
        "| stage | pipeline | calls | prompt tok | completion tok | reading s | writing s |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for stage in ("manager", "specialist", "synthesis", "audit"):
        for name, s in (("AIPA", a), ("hand", h)):
            f = s["per_stage"].get(stage)
            if f:
                lines.append(
                    f"| {stage} | {name} | {f['calls']} | {f['prompt']} | {f['completion']} "
                    f"| {f['prompt_s']} | {f['write_s']} |"
                )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", action="append", choices=list(test_model.FAMILIES))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cap", type=int, default=0, help="a cap on every reply of both (0: the stage budgets)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    reports = [compare(f, args.runs, args.cap, args.threads) for f in args.family or list(test_model.FAMILIES)]
    if args.out:
        args.out.write_text(json.dumps(reports, indent=2) + "\n")
    for r in reports:
        print(markdown(r))


if __name__ == "__main__":
    main()
