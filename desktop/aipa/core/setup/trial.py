"""The setup wizard's test run, watched: what the team is doing, live (the same state a
lead card shows: queued, reading the prompt with its progress, thinking, writing), and
at the end what it saw: who answered, in how many seconds, how many words, how fast
(tokens per second), and the audit's verdict. Never "it works" over anything."""

from __future__ import annotations

import re
from dataclasses import dataclass

from aipa.core import events as ev
from aipa.core.kinds import Activity, Purpose, Stage, Verdict
from aipa.core.setup.job import Progress

# What each stage of the test run is, for people (never the stage's id).
STAGE_WORDS = {
    Stage.ROUTE: "{orchestrator} reads the directive…",
    Stage.DISPATCH: "The leads work on their briefs…",
    Stage.SYNTHESIZE: "{orchestrator} writes the answer…",
    Stage.AUDIT: "{auditor} checks the answer…",
}
ANSWERS = (Purpose.SYNTHESIZE, Purpose.DIRECT)


@dataclass(frozen=True)
class TrialReport:
    """What the test run saw: ``who`` wrote the answer of ``words`` words in ``seconds``
    (the whole run), writing at ``rate`` tokens per second (0 when unknown);
    ``auditor``'s ``verdict`` ("" when no audit ran)."""

    who: str
    seconds: float
    words: int
    rate: float
    auditor: str = ""
    verdict: str = ""


class TrialWatch:
    """Turns the test run's events into ``Progress`` (through ``report``) and, at the
    end, a ``TrialReport``. ``orchestrator`` and ``auditor`` name the agents in those roles."""

    def __init__(self, report, orchestrator: str, auditor: str) -> None:
        self.report = report
        self.orchestrator, self.auditor = orchestrator, auditor
        self._writing: dict[tuple, tuple[int, float]] = {}  # call -> (tokens, tokens/s) when last seen writing
        self._output = [0, 0.0]  # output tokens and call seconds, from the usage records
        self._answerer = orchestrator

    def __call__(self, event) -> None:
        if isinstance(event, ev.StageStarted) and event.stage in STAGE_WORDS:
            words = STAGE_WORDS[event.stage].format(orchestrator=self.orchestrator, auditor=self.auditor)
            self.report(Progress(words))
        elif isinstance(event, ev.AgentProgress):  # at least once a second while a model works
            if event.state == Activity.READING and event.prompt_tokens:
                done, total = event.prompt_done, event.prompt_tokens
                self.report(Progress(f"{event.agent}: {event.text}", done, total))
            else:
                self.report(Progress(f"{event.agent}: {event.text}"))
            if event.state == Activity.STREAMING and event.rate:
                self._writing[(event.agent, event.task_id, str(event.purpose))] = (event.tokens, event.rate)
            if event.purpose in ANSWERS:
                self._answerer = event.agent
        elif isinstance(event, ev.UsageRecorded):
            self._output[0] += event.output_tokens
            self._output[1] += event.seconds

    def rate(self) -> float:
        """Tokens per second while writing (the calls' own rates, weighted by their
        tokens), else output tokens over the calls' seconds."""
        tokens = sum(t for t, _ in self._writing.values())
        seconds = sum(t / r for t, r in self._writing.values() if r)
        if tokens and seconds:
            return tokens / seconds
        out, took = self._output
        return out / took if out and took else 0.0

    def result(self, answer: str, verdict: str, seconds: float) -> TrialReport:
        shown = "" if verdict in ("", Verdict.NONE) else str(verdict)
        words = len(re.findall(r"\w+", answer))
        return TrialReport(self._answerer, seconds, words, self.rate(), self.auditor if shown else "", shown)
