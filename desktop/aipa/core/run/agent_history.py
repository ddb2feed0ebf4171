"""What an agent is sent for one call: its system prompt (with the standing brief for
the orchestrator), the part of the session's history it may see, then the new text.
A stateful agent sees its last exchanges; a stateless one only its own last reply."""

from __future__ import annotations

from typing import Any

from aipa.core.kinds import MessageKind, Role
from aipa.core.run import prompts
from aipa.core.session.memory import StandingBrief
from aipa.core.team.agents import AgentDef
from aipa.providers.base import Message

HISTORY_KINDS = {
    MessageKind.DIRECTIVE,
    MessageKind.DELIVERABLE,
    MessageKind.BRIEF,
    MessageKind.TASK_OUTPUT,
    MessageKind.CHAT,
}
# What a stateless agent may see of its past: its last reply of these kinds.
STATELESS_KINDS = HISTORY_KINDS | {MessageKind.AUDIT}


def messages_for(
    store: Any, brief: StandingBrief, exchanges: int, agent: AgentDef, session_id: str, text: str, *, with_brief=False
) -> list[Message]:
    """The system prompt, the history the agent may see, then ``text``. A stateful
    agent sees its last ``exchanges`` exchanges in the session (``history_exchanges``);
    a stateless one (the auditor, the leads) sees only its own last reply before this message."""
    system = prompts.system(agent.prompt)
    if with_brief and not brief.is_blank():  # the untouched template says nothing: not sent
        system += "\n\n# Your standing brief (working memory)\n\n" + brief.text()
    messages = [Message("system", system)]
    if not agent.stateful and exchanges:
        replies = [
            m
            for m in store.messages(session_id, agent=agent.name)
            if m.kind in STATELESS_KINDS and m.role == Role.ASSISTANT and m.content.strip()
        ]
        if replies:
            messages.append(Message("assistant", replies[-1].content))
    if agent.stateful and exchanges:
        past = [
            m
            for m in store.messages(session_id, agent=agent.name)
            if m.kind in HISTORY_KINDS and m.role in (Role.USER, Role.ASSISTANT)
        ]
        past = past[-2 * exchanges :]
        while past and past[0].role != Role.USER:
            past = past[1:]
        messages += [Message(m.role, m.content) for m in past]
        if past and past[-1].role == Role.USER and _repeated(past[-1].content, text):
            messages.pop()  # the directive (or message) ``text`` quotes whole: sent once
    messages.append(Message("user", text))
    return messages


def _repeated(said: str, text: str) -> bool:
    """Whether ``text`` repeats ``said``: the same, or ``said`` on lines of its own in it
    (the route request quotes the directive between <directive> tags)."""
    said = said.strip()
    return bool(said) and (said == text.strip() or f"\n{said}\n" in f"\n{text}\n")
