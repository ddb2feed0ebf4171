"""Running ``aipa eval``: every directive of a suite in each arm, on the same model.

- **single**: one plain chat call with the directive (the attached documents' text pasted
  before it, as a chat app user would), the orchestrator's model and output budget of a
  direct answer, no system prompt;
- **team**: the whole team (route, leads, synthesis, audit), checks measured, no revision
  (``revise_rounds`` 0);
- **checked**: the team with revision (``revise_rounds`` as set; the default 2 where the
  settings turn it off, since this arm is about revising).

Gates are accepted (``AutoReviewer``: clarifying questions get the standard answer, tool
writes are refused); the audit is on. Every run goes to a temporary database of its own
(``Parts`` twin, as the setup wizard's test run), one session per directive and arm, removed at
the end: the Principal's history is never filled, and MCP servers are not started.
A server that cannot be reached, a missing model or a refused key stops the evaluation
(every directive would fail the same way); any other failure of one run is recorded as
its outcome (all its checks unmet) and the next one goes on.
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from aipa import errors
from aipa.core.checks.eval_score import ARMS, Outcome, Report
from aipa.core.checks.eval_suite import Entry, Suite
from aipa.core.checks.find import find_checks
from aipa.core.checks.measure import measure_all
from aipa.core.checks.rule import auditor_verdict

if TYPE_CHECKING:
    from aipa.core.config.settings import Settings
    from aipa.core.parts import Parts
    from aipa.core.run.pipeline import Pipeline

log = logging.getLogger("aipa.eval")

DEFAULT_ROUNDS = 2  # the checked arm's revise_rounds where the settings turn revision off
FATAL = (errors.EXIT_UNREACHABLE, errors.EXIT_AUTH)  # every directive would fail the same way
# (done, total, entry id, arm): called before each directive in each arm, and once at the end
Progress = Callable[[int, int, str, str], None]


def parse_arms(text: str) -> tuple[str, ...]:
    """``single,team,checked`` -> the arms in that order; UsageError for an unknown one."""
    arms = tuple(dict.fromkeys(a.strip() for a in text.split(",") if a.strip()))
    unknown = [a for a in arms if a not in ARMS]
    if unknown or not arms:
        raise errors.UsageError(
            f"unknown arm{'s' if len(unknown) != 1 else ''}: {', '.join(unknown) or '(none given)'}",
            f"--arms takes a comma-separated list of {', '.join(ARMS)}",
        )
    return arms


class Evaluation:
    """One ``aipa eval``: ``await Evaluation(parts, suite, arms, progress).run()`` -> Report."""

    def __init__(self, parts: Parts, suite: Suite, arms: tuple[str, ...], progress: Progress | None = None) -> None:
        self.parts = parts
        self.suite = suite
        self.arms = arms
        self.progress = progress or (lambda done, total, entry, arm: None)

    def _settings(self, arm: str) -> Settings:
        settings = self.parts.settings.with_changes(auto_audit=True, mcp_servers=[])
        if arm == "checked":
            return settings.with_changes(revise_rounds=settings.revise_rounds or DEFAULT_ROUNDS)
        return settings.with_changes(revise_rounds=0)

    async def run(self) -> Report:
        from aipa.core.config.settings import SettingsSource
        from aipa.core.events import null_sink
        from aipa.core.run.reviewer import AutoReviewer
        from aipa.store import Store

        provider, model = self._route()
        report = Report(str(self.suite.path), provider, model, self.arms)
        total = len(self.suite.entries) * len(self.arms)
        with tempfile.TemporaryDirectory(prefix="aipa-eval-") as scratch:
            store = Store(Path(scratch) / "eval.db")
            try:
                pipelines = {
                    arm: replace(
                        self.parts, store=store, settings_source=SettingsSource.fixed(self._settings(arm))
                    ).pipeline(AutoReviewer(confirm_tools=False), null_sink)
                    for arm in self.arms
                }
                for i, entry in enumerate(self.suite.entries):
                    for j, arm in enumerate(self.arms):
                        self.progress(i * len(self.arms) + j, total, entry.id, arm)
                        report.outcomes.append(await self._one(pipelines[arm], entry, arm))
                self.progress(total, total, "", "")
            finally:
                store.close()
        return report

    def _route(self) -> tuple[str, str]:
        agent = self.parts.agents.get(self.parts.settings.roles["orchestrator"])
        route = self.parts.providers.route(agent)
        model = route.model
        if not model:  # the server's default: say which, where the provider knows it
            try:
                model = self.parts.providers.get(route.profile).default_model
            except errors.AipaError:
                model = ""  # (the first call says what is wrong)
        return route.profile, model

    async def _one(self, pipeline: Pipeline, entry: Entry, arm: str) -> Outcome:
        checks = find_checks(entry.text)
        store = pipeline.store
        session_id = store.create_session(f"eval {entry.id} ({arm})")
        started = time.monotonic()
        verdict = auditor = ""
        revisions = 0
        try:
            if arm == "single":
                text = await self._single(pipeline, entry, session_id)
            else:
                if entry.attach:
                    await self._attach(pipeline, session_id, entry)
                result = await pipeline.run(entry.text, session_id=session_id)
                text, verdict = result.deliverable, str(result.verdict)
                auditor = auditor_verdict(verdict, result.memo)
                revisions = max(0, len(result.revisions) - 1)
        except asyncio.CancelledError:
            raise
        except errors.AipaError as exc:
            if exc.exit_code in FATAL:
                raise
            log.warning("eval %s (%s) failed: %s", entry.id, arm, exc.message)
            return _failed(entry, arm, checks, store.usage_totals(session_id=session_id), started, exc.message)
        except Exception as exc:  # a bug in one run: recorded, the evaluation goes on
            log.exception("eval %s (%s) crashed", entry.id, arm)
            used = store.usage_totals(session_id=session_id)
            return _failed(entry, arm, checks, used, started, f"internal error: {exc!r}")
        used = store.usage_totals(session_id=session_id)
        return Outcome(
            entry.id,
            arm,
            text,
            tuple(measure_all(checks, text)),
            verdict,
            auditor,
            int(used.get("input_tokens", 0)),
            int(used.get("output_tokens", 0)),
            time.monotonic() - started,
            revisions,
        )

    async def _attach(self, pipeline: Pipeline, session_id: str, entry: Entry) -> None:
        library = pipeline.grounding.library
        if library is None:  # (a pipeline built from Parts always has one)
            raise errors.UsageError(f"{entry.id}: documents cannot be attached here", "leave out its attach")
        report = await library.attach(session_id, list(entry.attach))
        if report.errors:
            problem = report.errors[0]
            raise errors.UsageError(f"{entry.id}: {problem.path}: {problem.message}", problem.hint)

    async def _single(self, pipeline: Pipeline, entry: Entry, session_id: str) -> str:
        from aipa.core.kinds import Purpose
        from aipa.providers.base import Message

        prompt = entry.text
        if entry.attach:
            pasted = [await asyncio.to_thread(_document_text, path) for path in entry.attach]
            prompt = "\n\n".join([*pasted, entry.text])
        agent = pipeline.orchestrator
        reply = await pipeline.runner.call(
            agent, [Message("user", prompt)], run_id="", session_id=session_id, purpose=Purpose.DIRECT
        )
        return reply.content


def _failed(entry: Entry, arm: str, checks, used: dict, started: float, error: str) -> Outcome:
    """A run that failed: every check unmet, what it used until then."""
    unmet = tuple(c.with_result(False, "the run failed") for c in checks)
    return Outcome(
        entry.id,
        arm,
        "",
        unmet,
        input_tokens=int(used.get("input_tokens", 0)),
        output_tokens=int(used.get("output_tokens", 0)),
        seconds=time.monotonic() - started,
        error=error,
    )


def _document_text(path: Path) -> str:
    """A document as the single arm pastes it: its name and its converted text."""
    from aipa.core.material.documents import convert

    body = "\n\n".join(s.text for s in convert(path))
    return f'<document name="{path.name}">\n{body}\n</document>'
