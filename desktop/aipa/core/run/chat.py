"""A direct conversation with one agent, outside the pipeline (``aipa chat``, or a
click on an agent in the sidebar). Stateful agents see the session's history with
them; stateless agents see only their own last reply before the new message. Tool-enabled agents run the tool
loop, and their write tools ask the Principal first. Pictures waiting in the session
(``aipa chat --attach``) go with the next message.
"""

from __future__ import annotations

import uuid

from aipa.core.kinds import MessageKind, Purpose, Role
from aipa.core.material import seeing
from aipa.core.run.pipeline import Pipeline
from aipa.core.run.runner import CallResult
from aipa.core.team.agents import AgentDef


class Chat:
    def __init__(self, pipeline: Pipeline, agent_name: str, session_id: str | None = None) -> None:
        self.pipeline = pipeline
        self.store = pipeline.store
        self.agent: AgentDef = pipeline.agents.get(agent_name)
        self.session_id = session_id or self.store.create_session(f"Chat with {self.agent.name}")

    async def _pictures(self, agent: AgentDef) -> tuple:
        """The pictures waiting in the session go with this message (CannotSeeError first
        when the agent's model cannot see); they then belong to it (a ``chat-`` id)."""
        grounding = self.pipeline.grounding
        shelf = grounding.pictures
        waiting = shelf.waiting(self.session_id) if shelf is not None else []
        if shelf is None or not waiting:
            return ()
        if grounding.book is not None:
            await seeing.check(grounding.book, [agent])
        parts = shelf.parts(waiting)
        shelf.claim(self.session_id, f"chat-{uuid.uuid4().hex[:12]}")
        return parts

    async def send(self, text: str) -> CallResult:
        agent = self.agent = self.pipeline.agents.get(self.agent.name)  # pick up edits
        is_orchestrator = agent.name == self.pipeline.orchestrator.name
        messages = self.pipeline.messages_for(agent, self.session_id, text, with_brief=is_orchestrator)
        messages = seeing.with_pictures(messages, await self._pictures(agent))
        self.store.add_message(self.session_id, Role.USER, text, agent=agent.name, kind=MessageKind.CHAT)
        result = await self.pipeline.runner.call(
            agent,
            messages,
            run_id="",
            session_id=self.session_id,
            purpose=Purpose.CHAT,
            tools=self.pipeline.tools,
            tags={"directive": text},
        )
        self.store.add_message(
            self.session_id,
            Role.ASSISTANT,
            result.content,
            agent=agent.name,
            thinking=result.thinking,
            kind=MessageKind.CHAT,
        )
        return result
