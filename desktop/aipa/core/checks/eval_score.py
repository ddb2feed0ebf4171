"""The figures of ``aipa eval``: each directive's deliverable scored by the checkers, and
per arm the issue's figures (issue 31, item 4), as a Markdown table and as JSON.

- **instruction-level accuracy**: measured checks met / measured checks, over the arm;
- **prompt-level accuracy**: directives with every measured check met / directives;
  both strict: the deliverable as written, measured by ``measure`` (no loose variants);
  a directive whose run failed counts with all its checks unmet;
- **verdict honesty**: ``pass_over_failed``, the final verdicts PASS or PASS WITH NOTES over
  a failed measured check (the rule makes it 0); ``auditor_pass_over_failed``, how often
  the auditor's own verdict said so before the rule; ``auditor_agreement``, how often the
  auditor's own PASS (or PASS WITH NOTES) matches "every check met";
- tokens (prompt and completion, every call of the arm, revisions included), wall time.

The checks scored are the finder's on the directive (``find_checks``), the same for every
arm; the router's judged proposals and the Principal's do not count here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aipa.core.checks.model import Check
from aipa.core.kinds import Verdict

PASSING = (str(Verdict.PASS), str(Verdict.PASS_WITH_NOTES))
ARMS = ("single", "team", "checked")
ARM_WORDS = {
    "single": "one plain call",
    "team": "team, checks measured, no revision",
    "checked": "team with revision",
}


@dataclass(frozen=True)
class Outcome:
    """One directive in one arm: the deliverable, its checks measured, the verdicts
    ('' in the single arm), what it cost, and the error when the run failed."""

    entry: str
    arm: str
    deliverable: str
    checks: tuple[Check, ...]
    verdict: str = ""
    auditor: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0
    revisions: int = 0
    error: str = ""

    @property
    def met(self) -> int:
        return sum(1 for c in self.checks if c.passed)

    @property
    def all_met(self) -> bool:
        return not self.error and all(c.passed for c in self.checks)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.entry,
            "arm": self.arm,
            "all_met": self.all_met,
            "checks": [{"id": c.id, "kind": str(c.kind), "passed": c.passed, "detail": c.detail} for c in self.checks],
            "verdict": self.verdict,
            "auditor_verdict": self.auditor,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "seconds": round(self.seconds, 2),
            "revisions": self.revisions,
            "error": self.error,
            "deliverable": self.deliverable,
        }


@dataclass
class ArmFigures:
    arm: str
    directives: int = 0
    checks: int = 0
    checks_met: int = 0
    prompts_met: int = 0
    audited: int = 0
    pass_over_failed: int = 0
    auditor_pass_over_failed: int = 0
    auditor_agrees: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0
    revisions: int = 0
    errors: int = 0

    def add(self, o: Outcome) -> None:
        self.directives += 1
        self.checks += len(o.checks)
        self.checks_met += o.met
        self.prompts_met += int(o.all_met)
        self.input_tokens += o.input_tokens
        self.output_tokens += o.output_tokens
        self.seconds += o.seconds
        self.revisions += o.revisions
        self.errors += int(bool(o.error))
        if self.arm != "single" and not o.error:
            self.audited += 1
            failed = any(c.passed is False for c in o.checks)
            self.pass_over_failed += int(failed and o.verdict in PASSING)
            self.auditor_pass_over_failed += int(failed and o.auditor in PASSING)
            self.auditor_agrees += int((o.auditor in PASSING) == o.all_met)

    @property
    def instruction_accuracy(self) -> float | None:
        return self.checks_met / self.checks if self.checks else None

    @property
    def prompt_accuracy(self) -> float | None:
        return self.prompts_met / self.directives if self.directives else None

    @property
    def auditor_agreement(self) -> float | None:
        return self.auditor_agrees / self.audited if self.audited else None

    def to_dict(self) -> dict[str, Any]:
        audited = self.arm != "single"
        return {
            "arm": self.arm,
            "directives": self.directives,
            "checks": self.checks,
            "checks_met": self.checks_met,
            "instruction_accuracy": _round(self.instruction_accuracy),
            "prompts_met": self.prompts_met,
            "prompt_accuracy": _round(self.prompt_accuracy),
            "pass_over_failed": self.pass_over_failed if audited else None,
            "auditor_pass_over_failed": self.auditor_pass_over_failed if audited else None,
            "auditor_agreement": _round(self.auditor_agreement) if audited else None,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "seconds": round(self.seconds, 1),
            "revisions": self.revisions,
            "errors": self.errors,
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


@dataclass
class Report:
    """What ``aipa eval`` prints: the figures per arm and every directive's outcome."""

    suite: str
    provider: str
    model: str
    arms: tuple[str, ...]
    outcomes: list[Outcome] = field(default_factory=list)
    data: str = "a temporary database, removed at the end: the session history is untouched"

    def figures(self) -> list[ArmFigures]:
        out = {arm: ArmFigures(arm) for arm in self.arms}
        for o in self.outcomes:
            out[o.arm].add(o)
        return list(out.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "suite": self.suite,
            "provider": self.provider,
            "model": self.model,
            "directives": len({o.entry for o in self.outcomes}),
            "data": self.data,
            "arms": {f.arm: f.to_dict() for f in self.figures()},
            "outcomes": [o.to_dict() for o in self.outcomes],
        }

    def table(self) -> str:
        """The Markdown table of the figures, one row per arm."""
        head = (
            "| arm | directives | instruction-level | prompt-level | PASS over a failed check "
            "(auditor's own) | auditor's PASS = all met | tokens in / out | wall time | revisions | errors |"
        )
        rows = [head, "|" + "---|" * 10]
        for f in self.figures():
            audited = f.arm != "single"
            honesty = f"{f.pass_over_failed} ({f.auditor_pass_over_failed})" if audited else "–"
            agree = _share(f.auditor_agrees, f.audited) if audited else "–"
            rows.append(
                f"| {f.arm} ({ARM_WORDS.get(f.arm, f.arm)}) | {f.directives} | {_share(f.checks_met, f.checks)} | "
                f"{_share(f.prompts_met, f.directives)} | {honesty} | {agree} | "
                f"{f.input_tokens} / {f.output_tokens} | {f.seconds:.1f} s | {f.revisions} | {f.errors} |"
            )
        return "\n".join(rows)


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.1f}%)" if whole else "–"
