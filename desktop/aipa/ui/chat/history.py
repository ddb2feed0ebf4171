"""Rebuild a session's transcript (chat rows) from what the store kept: the same
cards a live run shows, without streaming."""

from __future__ import annotations

from aipa.core.parsing import parse_verdict
from aipa.ui.chat.model import ChatItem

DECISION_TEXT = {"accept": "✓ Accepted", "edit": "✎ Changes requested", "reject": "✗ Rejected"}
DECISION_COLOR = {"accept": "#2e9d5b", "edit": "#d9a400", "reject": "#d64545"}


def agent_look(agents, name: str) -> tuple[str, str]:
    """(colour, title) of an agent, tolerant of agents deleted since."""
    agent = agents.find(name) if name else None
    return (agent.color, agent.title) if agent else ("#8a94a6", "")


def decision_item(run_id: str, stage: str, action: str, feedback: str) -> ChatItem:
    what = "task briefs" if stage == "plan_review" else "deliverable"
    text = f"{DECISION_TEXT.get(action, action)} — {what}" + (f": “{feedback}”" if feedback else "")
    return ChatItem("decision", content=text, color=DECISION_COLOR.get(action, ""), run_id=run_id)


def session_items(store, agents, session_id: str) -> list[ChatItem]:
    items: list[ChatItem] = []
    seen_tasks: set[str] = set()
    runs = {r.run_id: r for r in store.list_runs(limit=10_000, session_id=session_id)}
    tasks_of: dict[str, dict] = {}
    reviews_done: set[str] = set()
    audits: dict[str, int] = {}

    def flush_reviews(run_id: str | None) -> None:
        if not run_id or run_id in reviews_done:
            return
        reviews_done.add(run_id)
        for review in store.reviews(run_id):
            items.append(decision_item(run_id, review.stage, review.action, review.feedback))
        run = runs.get(run_id)
        if run is not None and run.status in ("suspended", "interrupted", "failed"):
            level = "error" if run.status == "failed" else "warning"
            note = {
                "suspended": "⏸ This run is waiting for you (Session › Resume waiting run).",
                "interrupted": "■ This run was stopped; it can be resumed (Session › Resume waiting run).",
                "failed": f"✗ This run failed: {run.error or 'unknown error'}",
            }[run.status]
            items.append(ChatItem("notice", content=note, level=level, run_id=run_id))

    current_run = None
    for m in store.messages(session_id):
        if m.run_id != current_run and m.kind == "directive":
            flush_reviews(current_run)
            current_run = m.run_id
        color, title = agent_look(agents, m.agent)
        if m.kind == "directive":
            items.append(ChatItem("directive", content=m.content, run_id=m.run_id or ""))
        elif m.kind == "answer":
            items.append(ChatItem("answer", content=m.content, run_id=m.run_id or ""))
        elif m.kind == "routing":
            items.append(
                ChatItem(
                    "routing",
                    agent=m.agent,
                    color=color,
                    title=title,
                    content=m.content,
                    thinking=m.thinking,
                    run_id=m.run_id or "",
                )
            )
        elif m.kind == "brief" and m.task_id and m.task_id not in seen_tasks:
            seen_tasks.add(m.task_id)
            if m.run_id not in tasks_of:
                tasks_of[m.run_id] = {t.task_id: t for t in store.tasks(m.run_id)}
            task = tasks_of[m.run_id].get(m.task_id)
            if task is None:
                continue
            status = {"complete": "done", "in_progress": "stopped", "pending": "queued"}.get(task.status, task.status)
            content = task.output or (f"**Error:** {task.error}" if task.error else "")
            items.append(
                ChatItem(
                    "task",
                    key=f"task:{task.task_id}",
                    agent=task.assigned_to,
                    color=color,
                    title=task.title,
                    label=task.task_id,
                    status=status,
                    content=content,
                    thinking=task.thinking,
                    run_id=task.run_id,
                    collapsed=bool(task.output) and task.status == "complete",
                )
            )
        elif m.kind == "deliverable":
            items.append(
                ChatItem("deliverable", agent=m.agent, content=m.content, thinking=m.thinking, run_id=m.run_id or "")
            )
        elif m.kind == "audit":
            audits[m.run_id or ""] = audits.get(m.run_id or "", 0) + 1
            items.append(
                ChatItem(
                    "audit",
                    agent=m.agent,
                    color=color,
                    title=title,
                    content=m.content,
                    verdict=parse_verdict(m.content),
                    run_id=m.run_id or "",
                )
            )
        elif m.kind == "chat":
            kind = "chat_user" if m.role == "user" else "chat_agent"
            items.append(
                ChatItem(kind, agent=m.agent, color=color, title=title, content=m.content, thinking=m.thinking)
            )
    flush_reviews(current_run)
    return items
