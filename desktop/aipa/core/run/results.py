"""What a directive run gives back (``RunResult``), and the deliverable written without
the model when the orchestrator could not write one."""

from __future__ import annotations

from dataclasses import dataclass, field

from aipa.core.kinds import RunStatus, Verdict


@dataclass(frozen=True)
class RunResult:
    run_id: str
    session_id: str
    status: RunStatus  # done | rejected | suspended (failed and interrupted raise)
    deliverable: str = ""
    verdict: Verdict | str = Verdict.NONE
    memo: str = ""
    decision: str = ""  # accept | reject | "" when no review happened
    mode: str = ""
    tasks: list[dict] = field(default_factory=list)
    usage: dict = field(default_factory=dict)
    fallbacks: list[str] = field(default_factory=list)
    questions: list[dict] = field(default_factory=list)
    # How each call went: label ("route", "lead T-…", "synthesize", "audit") -> ok | re-asked | fell back
    stages: dict[str, str] = field(default_factory=dict)
    cut: list[str] = field(default_factory=list)  # the labels whose reply was cut at its output budget
    # The run's checks (issue 31), each ``Check.to_dict()``; and, when the deliverable was
    # sent back, one record per revision (run_id, revision, verdict, failed ids, usage).
    checks: list[dict] = field(default_factory=list)
    revisions: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "session_id": self.session_id,
            "run_id": self.run_id,
            "status": self.status,
            "mode": self.mode,
            "deliverable": self.deliverable,
            "verdict": self.verdict,
            "audit_memo": self.memo,
            "decision": self.decision,
            "tasks": self.tasks,
            "usage": self.usage,
            "fallbacks": self.fallbacks,
            "questions": self.questions,
            "stages": self.stages,
            "cut": self.cut,
            "checks": self.checks,
            "revisions": self.revisions,
        }


def fallback_deliverable(directive: str, outputs: list[tuple[str, str, str]], tasks, previous: str = "") -> str:
    """A deterministic deliverable when the orchestrator could not write one."""
    lines = [f"# {directive}", ""]
    if previous:
        lines += ["> The revision could not be generated; this is the previous version.", "", previous]
        return "\n".join(lines)
    if outputs:
        lines += ["> The Chief of Staff could not merge the reports; here they are as the leads wrote them.", ""]
        for agent, title, text in outputs:
            lines += [f"## {title} ({agent})", "", text.strip(), ""]
    else:
        lines += [
            "> No lead produced usable output. These were the briefs; try again with a larger model "
            "or another provider.",
            "",
        ]
        for t in tasks:
            lines.append(f"- **{t.assigned_to}** · {t.title}: {t.error or t.status}")
        if not tasks:
            lines.append(f"- The directive was: {directive}")
    return "\n".join(lines).rstrip() + "\n"
