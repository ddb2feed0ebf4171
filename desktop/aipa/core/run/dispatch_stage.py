"""The dispatch stage of the directive pipeline: the briefs become tasks, and the leads
run in parallel (at most ``max_parallel_leads`` at a time), each with its own timeout
from its first output."""

from __future__ import annotations

import asyncio
import logging

from aipa import errors
from aipa.core.config.secrets import redact
from aipa.core.events import TaskChanged
from aipa.core.kinds import MessageKind, Purpose, Role, Stage, TaskStatus
from aipa.core.material.grounding import Grounding, Sources
from aipa.core.run import prompts, rerun, told
from aipa.core.run.playbook import Playbook, Rejected, Suspend
from aipa.core.run.workers import parse_workers
from aipa.core.text.parsing import Routing, task_letter

log = logging.getLogger("aipa.pipeline")


class DispatchStage(Playbook):
    """Dispatch and the leads; part of ``Pipeline``."""

    grounding: Grounding  # set by Pipeline (the Principal's material)

    # --- dispatch ---------------------------------------------------------------------

    async def _dispatch_stage(self, run, routing: Routing) -> None:
        if self.store.get_checkpoint(run.run_id, Stage.DISPATCH):
            if run.parent_id:  # a re-run that keeps every report: its cards show them, as a replay does
                for t in self.store.tasks(run.run_id):
                    self.emit(
                        TaskChanged(
                            run.run_id, t.task_id, t.assigned_to, t.title, t.status, t.error or "", t.workers, t.output
                        )
                    )
            return
        await self._stage(run, Stage.DISPATCH)
        tasks = self.store.tasks(run.run_id)
        if not tasks:
            prefix = f"T-{run.day}-{run.seq:03d}"
            with self.store.batch(f"dispatch the briefs of run {run.run_id}"):  # all tasks or none
                for i, brief in enumerate(routing.briefs):
                    task_id = f"{prefix}-{task_letter(i)}"
                    self.store.create_task(run.run_id, task_id, brief.agent, brief.title, brief.instructions)
                    self.store.add_message(
                        run.session_id,
                        Role.USER,
                        prompts.lead(run.directive, brief.title, brief.instructions),
                        agent=brief.agent,
                        run_id=run.run_id,
                        task_id=task_id,
                        kind=MessageKind.BRIEF,
                    )
                self.store.save_checkpoint(run.run_id, "briefs", {"tasks": len(routing.briefs)})
            tasks = self.store.tasks(run.run_id)
        todo = [t for t in tasks if t.status != TaskStatus.COMPLETE]
        for t in tasks:
            done = t.status == TaskStatus.COMPLETE
            status = TaskStatus.COMPLETE if done else TaskStatus.PENDING
            workers = t.workers if done else ()
            kept = t.output if done and run.parent_id else ""  # a re-run's kept report: its card shows it
            self.emit(TaskChanged(run.run_id, t.task_id, t.assigned_to, t.title, status, workers=workers, kept=kept))
        limit = asyncio.Semaphore(self.settings.max_parallel_leads)
        try:
            async with asyncio.TaskGroup() as group:
                running = [group.create_task(self._lead(run, task, limit)) for task in todo]
        except* errors.AuthError as eg:
            raise eg.exceptions[0] from None
        except* (Suspend, Rejected) as eg:  # a lead's call stopped at the budget gate
            raise eg.exceptions[0] from None
        failures = [t.result() for t in running]
        provider_errors = [f for f in failures if isinstance(f, errors.ProviderError)]
        if failures and len(provider_errors) == len(failures):
            raise provider_errors[0]  # nothing got through: report the provider's problem
        done = self.store.tasks(run.run_id)
        self.store.save_checkpoint(
            run.run_id,
            Stage.DISPATCH,
            {
                "complete": [t.task_id for t in done if t.status == TaskStatus.COMPLETE],
                "error": [t.task_id for t in done if t.status == TaskStatus.ERROR],
                **self._fallback_mark(run, Stage.DISPATCH),
            },
        )

    async def _lead(self, run, task, limit: asyncio.Semaphore) -> Exception | None:
        """Run one lead; returns the provider error that failed it, if any."""
        agent = self.agents.get(task.assigned_to)
        async with limit:
            self.store.set_task_status(task.task_id, TaskStatus.IN_PROGRESS)
            self.emit(TaskChanged(run.run_id, task.task_id, agent.name, task.title, TaskStatus.IN_PROGRESS))

            loop = asyncio.get_running_loop()
            deadline: asyncio.Timeout | None = None

            def flush(content: str, thinking: str) -> None:
                # The lead timeout runs from the first output: a lead waiting in the server's
                # queue (Ollama serves one request per model at a time) never times out there.
                if deadline is not None and deadline.when() is None:
                    deadline.reschedule(loop.time() + self.settings.lead_timeout)
                self.store.save_task_output(task.task_id, content, thinking)

            sources = Sources()
            text, agent, tools = await self.grounding.for_lead(run, task, agent, self.tools, sources, self.emit)
            text += rerun.lead_note(self.store, run.run_id, task.task_id)  # a re-run lead's feedback
            try:
                async with asyncio.timeout(None) as deadline:
                    text = await self._prose(
                        run,
                        agent,
                        text,
                        Purpose.LEAD,
                        task_id=task.task_id,
                        on_progress=flush,
                        tags={"directive": run.directive, "title": task.title},
                        tools=tools,
                    )
            except errors.AuthError as exc:  # the server's own words and what to do (redacted there)
                self._task_error(run, task, agent, told.auth_failed(exc.message, exc.hint))
                raise
            except TimeoutError:
                self._task_error(
                    run,
                    task,
                    agent,
                    f"timed out after {self.settings.lead_timeout:g} s "
                    "(try a smaller model or raise the lead timeout in Settings)",
                )
                return None
            except errors.ProviderError as exc:
                self._task_error(run, task, agent, f"provider error: {exc}")
                return exc
            if not text.strip():
                name = agent.name
                self._fell_back(
                    run, Purpose.LEAD, "empty reply twice", task.task_id, agent=name, cause=told.EMPTY, title=task.title
                )
                self._task_error(run, task, agent, f"{name} wrote nothing, twice (the model's replies were empty)")
                return None
            if sources.used:
                self.store.save_checkpoint(run.run_id, f"sources:{task.task_id}", {"sources": sources.to_json()})
            workers = tuple(w.to_json() for w in parse_workers(text))
            self.store.set_task_status(task.task_id, TaskStatus.COMPLETE, output=text, workers=list(workers))
            self.store.add_message(
                run.session_id,
                Role.ASSISTANT,
                text,
                agent=agent.name,
                run_id=run.run_id,
                task_id=task.task_id,
                kind=MessageKind.TASK_OUTPUT,
            )
            self.emit(
                TaskChanged(run.run_id, task.task_id, agent.name, task.title, TaskStatus.COMPLETE, workers=workers)
            )
            return None

    def _task_error(self, run, task, agent, message: str) -> None:
        message = redact(message)  # a provider error may echo the key
        log.warning("run %s: task %s (%s) failed: %s", run.run_id, task.task_id, agent.name, message)
        self.store.set_task_status(task.task_id, TaskStatus.ERROR, error=message)
        self.emit(TaskChanged(run.run_id, task.task_id, agent.name, task.title, TaskStatus.ERROR, message))
