"""The rule the code keeps, never the model: a failed measured check means the verdict is
at most FLAG; the memo lists the failed checks first, with their detail. And what the
orchestrator is told when its deliverable goes back: just the failed checks."""

from __future__ import annotations

import re

from aipa.core.checks.model import Check, failed
from aipa.core.kinds import Verdict
from aipa.core.text.parsing import parse_verdict

# Best first: a verdict "at most FLAG" is FLAG or REJECT.
_ORDER = (Verdict.PASS, Verdict.PASS_WITH_NOTES, Verdict.FLAG, Verdict.REJECT)
LOWERED = "lowered from {was}: a measured check failed"
_LOWERED = re.compile(r"\(" + re.escape(LOWERED).replace(re.escape("{was}"), r"(?P<was>[A-Z][A-Z ]*)") + r"\)")


def capped(verdict: Verdict | str, checks: list[Check]) -> Verdict:
    """The verdict after the rule: PASS or PASS WITH NOTES become FLAG when a measured
    check failed. NONE (no audit ran) stays NONE."""
    given = Verdict(verdict) if verdict in set(Verdict) else Verdict.NONE
    if failed(checks) and given in _ORDER[:2]:
        return Verdict.FLAG
    return given


def auditor_verdict(verdict: Verdict | str, memo: str) -> str:
    """The auditor's own verdict before the rule: the one the memo says it lowered, else
    ``verdict`` (``aipa eval`` asks how often the auditor's PASS matches the checks)."""
    m = _LOWERED.search(memo or "")
    return m.group("was").strip() if m else str(verdict)


def line(check: Check) -> str:
    """One check for people: "✗ bullets (Use exactly 3 bullet points): 0 bullet points; 3 asked"."""
    mark = "✓" if check.passed else "✗" if check.passed is False else "?"
    detail = f": {check.detail}" if check.detail else ""
    return f"{mark} {check.id} ({check.text}){detail}"


def memo_with_checks(memo: str, checks: list[Check], verdict: Verdict, was: Verdict | str) -> str:
    """The memo with the failed checks first and the verdict line last (the rule's
    verdict; when it lowered the auditor's, the memo says so)."""
    body = _without_verdict_line(memo)
    parts: list[str] = []
    bad = [c for c in checks if c.passed is False]
    if bad:
        parts += ["**Failed checks**", *(f"- {line(c)}" for c in bad), ""]
    if body:
        parts += [body, ""]
    if str(was) != str(verdict) and str(was) != Verdict.NONE:
        parts += [f"({LOWERED.format(was=was)})", ""]
    parts.append(f"VERDICT: {verdict}")
    return "\n".join(parts)


def _without_verdict_line(memo: str) -> str:
    lines = memo.rstrip().splitlines()
    while lines and (not lines[-1].strip() or parse_verdict(lines[-1]) != Verdict.NONE):
        lines.pop()
    return "\n".join(lines).strip()


def feedback(checks: list[Check], verdict: Verdict | str, memo: str) -> str:
    """What goes back to the orchestrator: the failed checks with their details; when
    none failed (a FLAG alone sent it back), the auditor's memo."""
    bad = [c for c in checks if c.passed is False]
    if bad:
        lines = ["The deliverable does not meet these requirements of the directive:"]
        lines += [f"- {c.text}: {c.detail}" for c in bad]
        lines.append("Fix exactly these; keep everything else that is right.")
        return "\n".join(lines)
    return f"The auditor's verdict was {verdict}. Their memo:\n{_without_verdict_line(memo)}"


def revising_words(failed_ids: list[str]) -> str:
    """What the window and the terminal say: "revising: 2 checks failed: bullets, ending"."""
    if not failed_ids:
        return "revising: the audit flagged the deliverable"
    n = len(failed_ids)
    return f"revising: {n} check{'s' if n != 1 else ''} failed: {', '.join(failed_ids)}"
