"""What a re-ask or a fallback did, in words for people: the agent's name, what it was
writing, and what happened instead ("Miranda's routing reply was unusable, so every lead
got the directive"). The window, the terminal and the exports all show these lines; the
parser's own reason ("no valid JSON object…") stays in the log, and the raw reply stays
behind ``/debug`` and the timeline's raw view."""

from __future__ import annotations

from aipa.core.events import Notice
from aipa.core.kinds import Level, NoticeKind, Purpose

VERDICT = "verdict"  # the audit's short second call (a memo without a VERDICT line)
CHECKED = "checked_audit"  # the audit's one structured call of a run with checks (issue 31)

# What a call of each purpose writes, as a person would name it.
WHAT: dict[str, str] = {
    Purpose.ROUTE: "routing reply",
    Purpose.LEAD: "report",
    Purpose.DIRECT: "answer",
    Purpose.SYNTHESIZE: "deliverable",
    Purpose.AUDIT: "memo",
    Purpose.PLAN_INTAKE: "reading of the request",
    Purpose.PLAN_ANALYSIS: "analysis",
    Purpose.PLAN_FEATURES: "feature list",
    Purpose.PLAN_STORIES: "user stories",
    Purpose.PLAN_TASKS: "task list",
    Purpose.PLAN_SPRINTS: "sprint plan",
    VERDICT: "verdict",
    CHECKED: "verdict on the checks",
}
# What the run did instead, when the call gave nothing usable.
INSTEAD: dict[str, str] = {
    Purpose.ROUTE: "every lead got the directive",
    Purpose.LEAD: "that task failed; the other leads carry on",
    Purpose.SYNTHESIZE: "the deliverable puts the leads' reports together as they wrote them",
    Purpose.AUDIT: "the run is marked FLAG: review the deliverable yourself",
    Purpose.PLAN_INTAKE: "the request was read by rule instead",
    VERDICT: "the run is marked FLAG: review the deliverable yourself",
    CHECKED: "the audit is written as a memo instead",
}
PLAN_INSTEAD = "a plain default was used in its place"
NOTHING_TO_MERGE = "the deliverable lists the briefs: no lead wrote a report"
# The keys of what was done instead, besides the purposes' (a notice's ``instead`` field).
PLAN, NOTHING = "plan", "nothing"
INSTEAD.update({PLAN: PLAN_INSTEAD, NOTHING: NOTHING_TO_MERGE})
# A run's fallback labels ("route", "lead T-…"), for the line that ends it in a terminal.
REPLACED: dict[str, str] = {
    Purpose.ROUTE: "the routing",
    Purpose.LEAD: "the report of",
    Purpose.SYNTHESIZE: "the deliverable",
    Purpose.AUDIT: "the verdict",
}

# Why it was unusable (``cause`` below).
UNUSABLE, EMPTY, TOO_LONG = "unusable", "empty", "too long"


def what(purpose: str) -> str:
    """What a call of ``purpose`` writes ("routing reply", "report", "memo")."""
    return WHAT.get(purpose, "reply")


def _whose(agent: str) -> str:
    return f"{agent}'" if agent.endswith("s") else f"{agent}'s"


def reasking(agent: str, purpose: str) -> str:
    """A structured reply could not be read; the agent is asked once more."""
    return f"{_whose(agent)} {what(purpose)} could not be read; asking {agent} once more."


def reasking_notice(run_id: str, agent: str, purpose: str) -> Notice:
    """``reasking`` as a notice (a window words it from its kind and fields)."""
    fields: dict[str, str | int] = {"agent": agent, "what": purpose}
    return Notice(run_id, Level.WARNING, reasking(agent, purpose), kind=NoticeKind.REASKING, fields=fields)


def instead_key(purpose: str, instead: str = "") -> str:
    """The key of what was done instead (``INSTEAD``): ``instead`` when given (a key),
    else the purpose's own, else the planning stages' plain default."""
    return instead or (purpose if purpose in INSTEAD else PLAN)


def fell_back_notice(
    run_id: str, agent: str, purpose: str, cause: str = UNUSABLE, title: str = "", instead: str = "", about: str = ""
) -> Notice:
    """``fell_back`` as a warning notice about the call ``about``: its kind is the cause
    (or no_verdict), its fields the agent, what it writes, the title and what was done."""
    text = fell_back(agent, purpose, cause, title, instead)
    if purpose == VERDICT:
        kind, fields = NoticeKind.NO_VERDICT, {"agent": agent}
    else:
        kind = {EMPTY: NoticeKind.EMPTY, TOO_LONG: NoticeKind.TOO_LONG}.get(cause, NoticeKind.UNUSABLE)
        fields = {"agent": agent, "what": purpose, "title": title, "instead": instead_key(purpose, instead)}
    return Notice(run_id, Level.WARNING, text, about=about, kind=kind, fields=dict(fields))


def fell_back(agent: str, purpose: str, cause: str = UNUSABLE, title: str = "", instead: str = "") -> str:
    """The call gave nothing usable (``cause``: unusable, empty, too long); what was done
    instead (``instead``: a key of ``INSTEAD``, else what the purpose's fallback does)."""
    if purpose == VERDICT:
        return no_verdict(agent)
    thing = what(purpose)
    instead = INSTEAD[instead_key(purpose, instead)]
    about = f" for “{title}”" if title else ""
    if cause == EMPTY:
        happened = f"{agent} wrote no {thing}{about}, twice"
    elif cause == TOO_LONG:
        happened = f"what {agent} had to read for the {thing}{about} does not fit the model's context"
    else:
        happened = f"{_whose(agent)} {thing}{about} was unusable"
    return f"{happened[0].upper()}{happened[1:]}, so {instead}."


def no_verdict(agent: str) -> str:
    """The memo named no verdict and the short verdict call gave none either."""
    return f"{_whose(agent)} memo named no verdict, even when asked, so the run is marked FLAG: review it yourself."


def too_long(agent: str, purpose: str) -> str:
    """A prose call's request does not fit the model's context, even trimmed."""
    return f"What {agent} had to read for the {what(purpose)} does not fit the model's context, even trimmed."


def fallbacks_line(labels: list[str]) -> str:
    """The end of a run in a terminal: which replies were replaced ("route", "lead T-…-A"
    are the run's fallback labels), in words; the lines above said what happened."""
    parts = []
    for label in labels:
        key, _, task = label.partition(" ")
        thing = REPLACED.get(key) or "the " + (WHAT.get(key) or WHAT.get(f"plan_{key}", key))
        parts.append(f"{thing} {task}" if task else thing)
    return "Replaced by a plain default (see above): " + ", ".join(parts) + "."


def verdict_words(verdict: str) -> str:
    """``PASS WITH NOTES`` as it is; no verdict (``NONE``, "") said so."""
    return verdict if verdict and verdict != "NONE" else "no verdict"


def auth_failed(message: str, hint: str) -> str:
    """A call refused on authentication, as its card says it: the server's own message
    (redacted where it is stored and shown) and what to do, never a bare "authentication
    failed"."""
    said = message.strip() or "the server refused the credentials"
    todo = hint.strip() or "check the provider's key in Settings → Providers (or `aipa keys set PROFILE`)"
    return f"authentication failed: {said} → {todo}"
