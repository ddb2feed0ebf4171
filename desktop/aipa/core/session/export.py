"""Session (or one run's) export as Markdown, HTML or JSON: what the window's Export
writes. It reads through the store API and never includes secrets (none are stored
there)."""

from __future__ import annotations

import html
import json
from pathlib import Path

from aipa.core.text.terminal import terminal_safe

FORMATS = {"md": "Markdown (*.md)", "html": "HTML (*.html)", "json": "JSON (*.json)"}
LABEL = {
    "directive": "Principal › directive",
    "answer": "Principal › answer",
    "routing": "routing",
    "brief": "task brief",
    "task_output": "task output",
    "deliverable": "Deliverable",
    "audit": "audit memo",
    "chat": "chat",
    "tool": "tool call",
}


def session_data(store, session_id: str, run_id: str | None = None) -> dict:
    """The session's messages, runs (tasks, reviews) and usage; with ``run_id``, only that run's."""
    session = store.get_session(session_id)
    runs = [r for r in store.list_runs(limit=10_000, session_id=session_id) if run_id in (None, r.run_id)]
    return {
        "session_id": session_id,
        "title": session.title if session else "",
        "created_at": session.created_at.isoformat() if session else "",
        "messages": [
            {
                "role": m.role,
                "agent": m.agent,
                "kind": m.kind,
                "run_id": m.run_id,
                "task_id": m.task_id,
                "content": m.content,
                "thinking": m.thinking,
                "created_at": m.created_at.isoformat(),
            }
            for m in store.messages(session_id)
            if run_id in (None, m.run_id)
        ],
        "runs": [
            {
                "run_id": r.run_id,
                "directive": r.directive,
                "status": r.status,
                "verdict": r.verdict or "",
                "started_at": r.started_at.isoformat(),
                "tasks": [
                    {"task_id": t.task_id, "assigned_to": t.assigned_to, "title": t.title, "status": t.status}
                    for t in store.tasks(r.run_id)
                ],
                "reviews": [
                    {"stage": v.stage, "action": v.action, "feedback": v.feedback} for v in store.reviews(r.run_id)
                ],
            }
            for r in reversed(runs)
        ],
        "usage": store.usage_totals(run_id=run_id) if run_id else store.usage_totals(session_id=session_id),
    }


def to_markdown(data: dict) -> str:
    out = [
        f"# {data['title'] or data['session_id']}",
        "",
        f"Session `{data['session_id']}` · started {data['created_at'][:16].replace('T', ' ')}",
        "",
    ]
    for m in data["messages"]:
        if m["kind"] == "brief":
            continue
        who = "Principal" if m["role"] == "user" else m["agent"]
        task = f" · {m['task_id']}" if m["task_id"] else ""
        out += [f"## {who} — {LABEL.get(m['kind'], m['kind'])}{task}", "", m["content"].strip(), ""]
    for r in data["runs"]:
        if r["reviews"]:
            out.append(
                f"*Run {r['run_id']}: "
                + ", ".join(f"{v['action']} {v['stage']}" for v in r["reviews"])
                + f" · verdict {r['verdict'] or 'NONE'}*"
            )
    usage = data["usage"]
    out += ["", f"*Tokens: {usage['input_tokens']:,} in · {usage['output_tokens']:,} out*", ""]
    return terminal_safe("\n".join(out))  # read in terminals and editors: no escapes, controls, overrides


def to_html_page(data: dict) -> str:
    from aipa.core.text.render import to_html  # markdown loads only for an HTML export (issue 13)

    body = to_html(to_markdown(data))
    title = html.escape(data["title"] or data["session_id"])
    return (
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        f"<title>{title}</title><style>body{{font-family:sans-serif;max-width:52em;margin:2em auto;"
        "line-height:1.5}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}"
        f"pre{{overflow:auto}}</style></head><body>\n{body}\n</body></html>\n"
    )


def export_session(store, session_id: str, fmt: str, path: Path, run_id: str | None = None) -> Path:
    """Write the session (or its run ``run_id``) as ``fmt`` (md, html or json) to ``path``."""
    data = session_data(store, session_id, run_id)
    if fmt == "json":
        text = json.dumps(data, indent=2, ensure_ascii=False)
    elif fmt == "html":
        text = to_html_page(data)
    else:
        text = to_markdown(data)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
