"""A run's checklist in words (issue 31): the lines the routing card shows under the
routing decision, and the rows of the checklist panel and the review card. Each check
says its id, whether it is measured or judged, the requirement, and once measured its
mark (✓ / ✗) and detail ("142 words; at most 120 asked"). The detail is the core's
words (English for now, like the core's other measured sentences)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from aipa.core.checks.model import Check, CheckSource

translate = QCoreApplication.translate


def mark(check: Check) -> str:
    """✓ met, ✗ not met, ○ not measured (or not answered) yet."""
    return "✓" if check.passed else "✗" if check.passed is False else "○"


def kind_word(check: Check) -> str:
    if check.measured:
        return translate("Checklist", "measured")
    return translate("Checklist", "judged")


def source_word(check: Check) -> str:
    """Who asked, when it was not the directive itself ("" then)."""
    if check.source == CheckSource.PRINCIPAL:
        return translate("Checklist", "added by you")
    if check.source == CheckSource.MODEL:
        return translate("Checklist", "proposed by the router")
    return ""


def state_word(check: Check) -> str:
    if check.passed:
        return translate("Checklist", "passed")
    if check.passed is False:
        return translate("Checklist", "failed")
    return translate("Checklist", "not checked yet")


def row_text(check: Check) -> str:
    """One check on one line, plain: "✗ words · measured · keep it under 120 words — 142 words; …"."""
    parts = [f"{mark(check)} {check.id}", kind_word(check)]
    if who := source_word(check):
        parts.append(who)
    parts.append(check.text)
    line = " · ".join(parts)
    return f"{line} — {check.detail}" if check.detail else line


def spoken(check: Check) -> str:
    """What a screen reader says for a check: its state in words instead of the mark."""
    said = f"{check.id}, {kind_word(check)}, {state_word(check)}: {check.text}"
    return f"{said}. {check.detail}" if check.detail else said


def heading(checks: list[Check]) -> str:
    n = len(checks)
    bad = sum(1 for c in checks if c.passed is False)
    met = sum(1 for c in checks if c.passed)
    if bad or met:
        return translate("Checklist", "Checklist: {passed} passed · {failed} failed").format(passed=met, failed=bad)
    if n == 1:
        return translate("Checklist", "Checklist: one check")
    return translate("Checklist", "Checklist: {n} checks").format(n=n)


def sent_back_text(rounds: list[list[str]]) -> str:
    """ "Sent back twice: words, ending; words" ("" when never sent back)."""
    if not rounds:
        return ""
    said = "; ".join(", ".join(ids) or translate("Checklist", "the audit's flag") for ids in rounds)
    if len(rounds) == 1:
        return translate("Checklist", "Sent back once: {checks}").format(checks=said)
    if len(rounds) == 2:
        return translate("Checklist", "Sent back twice: {checks}").format(checks=said)
    return translate("Checklist", "Sent back {n} times: {checks}").format(n=len(rounds), checks=said)


def card_markdown(checks: list[Check]) -> str:
    """The routing card's checklist: a heading and one list item per check ("" for none)."""
    if not checks:
        return ""
    lines = [f"**{heading(checks)}**", ""]
    lines += [f"- {_escaped(row_text(c))}" for c in checks]
    return "\n".join(lines)


def _escaped(text: str) -> str:
    """Markdown's own characters in a requirement shown as they are ("*", "_", "<<title>>")."""
    for ch in ("\\", "*", "_", "`", "<", "[", "#"):
        text = text.replace(ch, "\\" + ch)
    return text
