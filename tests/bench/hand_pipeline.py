"""A minimal hand-written pipeline (issue 32 item 4), the yardstick for AIPA's wall time:
plain HTTP calls to the same OpenAI-compatible llama.cpp server, nothing else.

    manager (one JSON object: four briefs) -> four specialists (in parallel) -> synthesis -> audit

The same model and the same output caps as AIPA's stages (``Settings()``'s stage budgets,
under one ``cap`` on every reply when given); its own short prompts, no re-asks, no
fallbacks beyond "a manager reply that does not parse gives each specialist the
directive". Each call records its prompt and completion tokens as the server counted them
(``usage``) and its time split (llama.cpp's ``timings``: prompt reading vs writing).
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from aipa.core.config.settings import Settings

SPECIALISTS = (
    ("Research", "facts, options and evidence"),
    ("Planning", "steps, owners and dates"),
    ("Writing", "clear prose for the reader"),
    ("Analysis", "numbers, trade-offs and risks"),
)
VERDICT = re.compile(r"VERDICT:\s*(PASS WITH NOTES|PASS|FLAG|REJECT)", re.I)
MANAGER_SCHEMA = {
    "type": "object",
    "properties": {
        "briefs": {
            "type": "array",
            "maxItems": 4,
            "items": {
                "type": "object",
                "properties": {
                    "specialist": {"type": "string", "maxLength": 20},
                    "task": {"type": "string", "maxLength": 300},
                },
                "required": ["specialist", "task"],
            },
        }
    },
    "required": ["briefs"],
}


def caps(cap: int = 0) -> dict[str, int]:
    """Each stage's output cap: AIPA's stage budgets, under ``cap`` when given."""
    s = Settings()
    stages = {
        "manager": s.route_max_tokens,
        "specialist": s.lead_max_tokens,
        "synthesis": s.synthesis_max_tokens,
        "audit": s.audit_max_tokens,
    }
    return {k: min(v, cap) if cap else v for k, v in stages.items()}


def call(base_url: str, stage: str, system: str, user: str, max_tokens: int, schema: dict | None = None) -> dict:
    """One chat completion; what it wrote, its tokens and its time split."""
    body: dict = {
        "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
        "max_tokens": max_tokens,
        "temperature": 0.3,
    }
    if schema is not None:
        body["response_format"] = {"type": "json_schema", "json_schema": {"name": stage, "schema": schema}}
    request = urllib.request.Request(
        base_url + "/chat/completions", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    started = time.monotonic()
    with urllib.request.urlopen(request, timeout=1800) as response:
        reply = json.loads(response.read())
    timings = reply.get("timings") or {}
    usage = reply.get("usage") or {}
    return {
        "stage": stage,
        "text": reply["choices"][0]["message"].get("content") or "",
        "cut": reply["choices"][0].get("finish_reason") == "length",
        "prompt": usage.get("prompt_tokens", 0),
        "completion": usage.get("completion_tokens", 0),
        "prompt_s": round(timings.get("prompt_ms", 0) / 1000, 2),
        "write_s": round(timings.get("predicted_ms", 0) / 1000, 2),
        "wall_s": round(time.monotonic() - started, 2),
    }


def run(base_url: str, directive: str, cap: int = 0) -> dict:
    """The whole pipeline on one directive: its calls, verdict and wall time."""
    limit = caps(cap)
    started = time.monotonic()
    roster = "\n".join(f"- {name}: {what}" for name, what in SPECIALISTS)
    manager = call(
        base_url,
        "manager",
        "You are a manager. You split work between specialists.",
        f"Specialists:\n{roster}\n\nDirective: {directive}\n\n"
        'Reply with JSON: {"briefs": [{"specialist": "<name>", "task": "<what to produce>"}]}, '
        "one brief per specialist.",
        limit["manager"],
        MANAGER_SCHEMA,
    )
    tasks = _tasks(manager["text"], directive)
    with ThreadPoolExecutor(len(SPECIALISTS)) as pool:
        parts = list(
            pool.map(
                lambda s: call(
                    base_url,
                    "specialist",
                    f"You are the {s[0]} specialist: {s[1]}.",
                    f"Directive: {directive}\n\nYour task: {tasks[s[0]]}\n\nWrite your part in markdown.",
                    limit["specialist"],
                ),
                SPECIALISTS,
            )
        )
    reports = "\n\n".join(f"## {name}\n{p['text']}" for (name, _), p in zip(SPECIALISTS, parts, strict=True))
    synthesis = call(
        base_url,
        "synthesis",
        "You are an editor.",
        f"Directive: {directive}\n\nReports:\n{reports}\n\nMerge them into one markdown deliverable.",
        limit["synthesis"],
    )
    audit = call(
        base_url,
        "audit",
        "You are an auditor.",
        f"Directive: {directive}\n\nDeliverable:\n{synthesis['text']}\n\n"
        "Write a short audit memo, then one line: VERDICT: PASS, PASS WITH NOTES, FLAG or REJECT.",
        limit["audit"],
    )
    found = VERDICT.search(audit["text"])
    calls = [manager, *parts, synthesis, audit]
    for c in calls:
        c.pop("text")
    return {
        "directive": directive,
        "verdict": found.group(1).upper() if found else None,
        "calls": calls,
        "wall_s": round(time.monotonic() - started, 2),
    }


def _tasks(text: str, directive: str) -> dict[str, str]:
    """Each specialist's task from the manager's JSON; the directive itself for one it left out."""
    tasks = {name: directive for name, _ in SPECIALISTS}
    try:
        briefs = json.loads(text).get("briefs") or []
    except (ValueError, AttributeError):
        return tasks
    names = {name.casefold(): name for name in tasks}
    for b in briefs:
        if isinstance(b, dict) and str(b.get("specialist", "")).casefold() in names and b.get("task"):
            tasks[names[str(b["specialist"]).casefold()]] = str(b["task"])
    return tasks
