"""The local-model report (issue 20): ten directives on each real model family, through
``aipa run --json`` against a plain llama.cpp server, with per stage the share of runs
that were ok, re-asked or fell back, the verdicts parsed, the median prompt and
completion tokens per directive and the wall time.

    python -m tests.bench.local_models --family smollm2 [--code CHECKOUT] [--n 10] [--out F.json]

``--code`` runs another checkout's ``aipa`` (its ``desktop/`` and its shipped prompts:
see ``checkout_aipa``), so the same table is made for the code before a change and after
it. Each stage's state is derived from what every version records, the JSON result
(``fallbacks``, ``verdict``) and the database (one ``usage`` row per model call), so the
two tables compare like with like:

- route: fell back (``route`` in the fallbacks), re-asked (two route calls), else ok;
- leads: per lead, fell back (its ``lead T-…`` fallback), re-asked (more lead calls than
  leads), else ok;
- synthesis: fell back (``synthesize`` in the fallbacks), else ok;
- audit: ok when a verdict was parsed at the first call, re-asked when it took a second
  call, fell back when the verdict is ``NONE``.

Where the result reports its own states (``stages``, since issue 20) they are used
instead: they also know what the counts cannot (a verdict call that fell back to FLAG).
A "direct" route puts its answer in ``synthesize`` when it takes a call of its own.

Run it only under ``flock /tmp/aipa-llm.lock`` (real models, one at a time machine-wide).
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from aipa.providers.engine_threads import choose as choose_threads
from tests.support import model as test_model
from tests.support.cli import cli_env
from tests.support.llama_server import ROOT, start_llama_server

DIRECTIVES = (
    "Plan a three-day offsite for a 12-person team",
    "Write a one-page onboarding checklist for a new support engineer",
    "Compare renting and buying a delivery van for a small bakery",
    "Draft a launch plan for a mobile note-taking app",
    "Propose a weekly schedule for a four-person book club reading one novel a month",
    "Outline a migration of a company wiki from Confluence to Markdown files in git",
    "Suggest a budget for a community garden's first year",
    "Design a survey to find out why customers cancel a subscription",
    "Plan the move of a ten-person office to a new building over one weekend",
    "Write a short guide to choosing a password manager for a family",
)
STAGES = ("route", "lead", "synthesize", "audit")
STATES = ("ok", "re-asked", "fell back")
THREADS = choose_threads().count  # explicit: what the built-in engine would take here (1 on two cores)


def run_directive(code: Path, base_url: str, directive: str, home: Path, settings: dict) -> dict:
    """One ``aipa run --json`` of ``code`` against the server; the facts the table needs."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps(settings))
    cmd = [sys.executable, "-m", "tests.bench.checkout_aipa", str(code), "run", "--provider", "openai-compatible"]
    cmd += ["--base-url", base_url, "--json", "--yes", directive]
    started = time.monotonic()
    proc = subprocess.run(cmd, cwd=ROOT, env=cli_env(home), capture_output=True, text=True, timeout=1800)
    wall = time.monotonic() - started
    try:
        result = json.loads(proc.stdout)
    except ValueError:
        return {"directive": directive, "error": f"exit {proc.returncode}: {proc.stderr[-600:]}", "wall_s": wall}
    with sqlite3.connect(home / "aipa.db") as db:
        rows = db.execute(
            "select purpose, agent, input_tokens, cached_input_tokens, output_tokens, reask from usage"
            " where run_id = ? order by id",
            (result["run_id"],),
        ).fetchall()
    calls = Counter(purpose for purpose, *_ in rows)
    # where the prompt tokens go: every call the server received, cached share apart
    per_call = [
        {"purpose": p, "agent": a, "prompt": i, "cached": c, "completion": o, "reask": bool(r)}
        for p, a, i, c, o, r in rows
    ]
    fallbacks = [str(f) for f in result.get("fallbacks", [])]
    leads = len(result.get("tasks") or [])
    stages: dict[str, list[str]] = {}
    if calls["route"] or "route" in fallbacks:
        stages["route"] = ["fell back" if "route" in fallbacks else "re-asked" if calls["route"] > 1 else "ok"]
    if leads:
        lead_fallbacks = sum(f.startswith("lead") for f in fallbacks)
        reasked = calls["lead"] > leads
        stages["lead"] = ["fell back"] * lead_fallbacks + ["re-asked" if reasked else "ok"] * (leads - lead_fallbacks)
    if calls["synthesize"] or calls["direct"] or {"synthesize", "direct"} & set(fallbacks):
        stages["synthesize"] = ["fell back" if {"synthesize", "direct"} & set(fallbacks) else "ok"]
    if calls["audit"]:
        verdict = result.get("verdict") or "NONE"
        stages["audit"] = ["fell back" if verdict == "NONE" else "re-asked" if calls["audit"] > 1 else "ok"]
    reported = result.get("stages")
    if reported:  # the code reports its own states (issue 20): take them, they know what the counts can't
        stages = {}
        for label, state in reported.items():
            stage = label.split(" ", 1)[0]
            stages.setdefault("synthesize" if stage == "direct" else stage, []).append(state)
    return {
        "directive": directive,
        "status": result.get("status"),
        "mode": result.get("mode"),
        "verdict": result.get("verdict"),
        "fallbacks": fallbacks,
        "stages": stages,
        "reported_stages": result.get("stages"),  # the result's own per-stage states, where it has them
        "calls": dict(calls),
        "per_call": per_call,
        "prompt_by_stage": _by_stage(per_call),
        "cached_prompt_tokens": sum(c["cached"] for c in per_call),
        "prompt_tokens": result["usage"]["input_tokens"],
        "completion_tokens": result["usage"]["output_tokens"],
        "wall_s": wall,
    }


def _by_stage(per_call: list[dict]) -> dict[str, int]:
    """Prompt tokens per stage, re-asks apart (``route re-ask``) and the audit's short
    verdict call apart (``audit verdict``: the audit's calls after its first)."""
    totals: Counter[str] = Counter()
    audits = 0
    for call in per_call:
        label = call["purpose"]
        if label == "audit":
            audits += 1
            label = "audit verdict" if audits > 1 else label
        totals[label + (" re-ask" if call["reask"] else "")] += call["prompt"]
    return dict(totals)


def _cached_share(runs: list[dict]) -> float | None:
    """The share of all prompt tokens the server reported as read from its cache (counted
    in the prompt tokens all the same)."""
    total = sum(r["prompt_tokens"] for r in runs)
    cached = sum(r.get("cached_prompt_tokens", 0) for r in runs)
    return round(100 * cached / total, 1) if total else None


def table(runs: list[dict]) -> dict:
    """The report's figures over a family's runs."""
    done = [r for r in runs if "error" not in r]
    shares: dict[str, dict[str, float]] = {}
    for stage in STAGES:
        states = [s for r in done for s in r["stages"].get(stage, [])]
        if states:
            count = Counter(states)
            shares[stage] = {state: round(100 * count[state] / len(states), 1) for state in STATES}
            shares[stage]["n"] = len(states)
    audited = [r for r in done if "audit" in r["stages"]]
    return {
        "directives": len(runs),
        "errors": len(runs) - len(done),
        "modes": dict(Counter(r["mode"] for r in done)),
        "stages": shares,
        # a verdict the model gave (in the memo or the short verdict call), not a fallback's
        "verdicts_parsed": f"{sum(r['stages']['audit'][0] != 'fell back' for r in audited)}/{len(audited)}",
        "median_prompt_tokens": statistics.median(r["prompt_tokens"] for r in done) if done else None,
        # where they go: each stage's median over the runs (0 where a run had no such call)
        "median_prompt_by_stage": {
            stage: statistics.median(r.get("prompt_by_stage", {}).get(stage, 0) for r in done)
            for stage in sorted({k for r in done for k in r.get("prompt_by_stage", {})})
        },
        "cached_share": _cached_share(done),
        "leads_per_directive": statistics.median(len(r["stages"].get("lead", [])) for r in done) if done else None,
        "median_completion_tokens": statistics.median(r["completion_tokens"] for r in done) if done else None,
        "median_wall_s": round(statistics.median(r["wall_s"] for r in done), 1) if done else None,
        "total_wall_s": round(sum(r["wall_s"] for r in runs), 1),
    }


def run_family(family: str, code: Path, n: int, settings: dict, start: int = 0, threads: int = THREADS) -> dict:
    path = test_model.model_path(family)
    runs = []
    with (
        start_llama_server(path, n_ctx=16384, n_parallel=4, threads=threads, timeout=180) as server,
        tempfile.TemporaryDirectory(prefix="aipa-local-bench-") as tmp,
    ):
        for i, directive in enumerate(DIRECTIVES[start : start + n], start):
            runs.append(run_directive(code, server.base_url, directive, Path(tmp) / f"h{i}", settings))
            print(json.dumps({"family": family, **runs[-1]}, ensure_ascii=False), flush=True)
    return {"family": family, "model": path.name, "code": str(code), "table": table(runs), "runs": runs}


def combine(paths: list[Path]) -> list[dict]:
    """The tables of several reports (runs of one family and checkout made in parts)."""
    groups: dict[tuple[str, str], list[dict]] = {}
    for path in paths:
        for report in json.loads(path.read_text()):
            groups.setdefault((report["family"], report["code"]), []).extend(report["runs"])
    return [{"family": f, "code": c, **table(runs)} for (f, c), runs in groups.items()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", action="append", choices=list(test_model.FAMILIES))
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose aipa runs (default: this one)")
    parser.add_argument("--n", type=int, default=len(DIRECTIVES))
    parser.add_argument("--start", type=int, default=0, help="the first directive (0-based), to run the rest later")
    parser.add_argument("--settings", default="{}", help="settings.json for every run (JSON)")
    parser.add_argument("--threads", type=int, default=THREADS, help="llama.cpp threads (explicit on a shared CPU)")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--combine", type=Path, nargs="+", help="print the tables of these reports, runs merged")
    args = parser.parse_args(argv)
    if args.combine:
        for t in combine(args.combine):
            print(json.dumps(t, ensure_ascii=False))
        return
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    reports = [
        run_family(f, args.code.resolve(), args.n, json.loads(args.settings), args.start, args.threads)
        for f in args.family or list(test_model.FAMILIES)
    ]
    text = json.dumps(reports, indent=2, ensure_ascii=False)
    if args.out:
        args.out.write_text(text + "\n")
    for r in reports:
        print(json.dumps({"family": r["family"], **r["table"]}, ensure_ascii=False))


if __name__ == "__main__":
    main()
