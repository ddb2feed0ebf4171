"""Session (or one run's) export as Markdown, HTML or JSON: what the window's Export
writes. It reads through the store API and never includes secrets (none are stored
there)."""

from __future__ import annotations

import html
import json
from collections.abc import Collection
from pathlib import Path

from aipa.core.config.files import write_atomically
from aipa.core.session.shareable import shareable_markdown
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


def session_data(store, session_id: str, run_id: str | None = None, leave_out: Collection[str] = ()) -> dict:
    """The session's messages, runs (tasks, reviews) and usage; with ``run_id``, only that
    run's; the runs in ``leave_out`` (revisions not shown) and their messages left out."""
    session = store.get_session(session_id)
    runs = [
        r
        for r in store.list_runs(limit=10_000, session_id=session_id)
        if run_id in (None, r.run_id) and r.run_id not in leave_out
    ]
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
            if run_id in (None, m.run_id) and m.run_id not in leave_out
        ],
        "runs": [
            {
                "run_id": r.run_id,
                "directive": r.directive,
                "status": r.status,
                "verdict": r.verdict or "",
                "started_at": r.started_at.isoformat(),
                "revision": r.revision,  # 1, or a re-run's (issue 23): which revision this is
                "parent_id": r.parent_id,
                "revisions": len(store.revisions(r.run_id)),  # how many the family has (1: no re-run)
                "deliverable": r.deliverable or "",
                "pictures": [  # attached with the directive; the files are the data folder's (pictures/)
                    {
                        "name": p.name,
                        "alt": p.alt,
                        "media_type": p.media_type,
                        "width": p.width,
                        "height": p.height,
                        "sha256": p.sha256,
                    }
                    for p in store.run_pictures(r.run_id)
                ],
                "tasks": [
                    {
                        "task_id": t.task_id,
                        "assigned_to": t.assigned_to,
                        "title": t.title,
                        "status": t.status,
                        "output": t.output,  # a re-run's kept report has no message of its own
                    }
                    for t in store.tasks(r.run_id)
                ],
                "reviews": [
                    {"stage": v.stage, "action": v.action, "feedback": v.feedback} for v in store.reviews(r.run_id)
                ],
                "checks": store.checks(r.run_id),  # the run's checks (issue 31), each Check.to_dict()
            }
            for r in reversed(runs)
        ],
        "usage": store.usage_totals(run_id=run_id) if run_id else store.usage_totals(session_id=session_id),
    }


def to_markdown(data: dict) -> str:
    """The shareable document (core/session/shareable.py): results first, no ids or raw JSON;
    read in terminals and editors, so no escapes, controls or bidi overrides either."""
    return terminal_safe(shareable_markdown(data))


def to_html_page(data: dict) -> str:
    from aipa.core.text.render import to_html  # markdown loads only for an HTML export (ARCHITECTURE §6)

    body = to_html(to_markdown(data))
    title = html.escape(data["title"] or data["session_id"])
    return (
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        f"<title>{title}</title><style>body{{font-family:sans-serif;max-width:52em;margin:2em auto;"
        "line-height:1.5}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}"
        f"pre{{overflow:auto}}</style></head><body>\n{body}\n</body></html>\n"
    )


def export_session(
    store,
    session_id: str,
    fmt: str,
    path: Path,
    run_id: str | None = None,
    *,
    leave_out: Collection[str] = (),
    pictures: Path | None = None,
) -> Path:
    """Write the session (or its run ``run_id``) as ``fmt`` (md, html or json) to ``path``,
    without the runs in ``leave_out``. ``pictures``: the data folder's picture files
    (core/material/picture_shelf.py); HTML carries them inline, Markdown beside it in
    ``<name>-pictures/``, JSON names them."""
    from aipa.core.session import export_pictures

    data = session_data(store, session_id, run_id, leave_out)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "json":
        text = json.dumps(data, indent=2, ensure_ascii=False)
    elif fmt == "html":
        inline = export_pictures.mark(data, pictures)
        text = export_pictures.inline(to_html_page(data), inline)
    else:
        export_pictures.beside(data, pictures, path)
        text = to_markdown(data)
    return write_atomically(path, text)
