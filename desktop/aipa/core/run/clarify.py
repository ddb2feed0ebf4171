"""The clarify gate's rules: question sets asked in rounds, their deadline and the policy
that runs when it lapses, and who may answer (the first answer wins).

A round of questions is one *question set*: it carries its round number, the transport
it was asked on (window, terminal, scripted) and a deadline (``clarify_deadline_hours``
after it was asked). When the deadline lapses, ``clarify_deadline_policy`` decides:
``proceed`` records the orchestrator's stated assumptions as the answers (source
"deadline"), ``wait`` leaves the run suspended. The policy is applied whenever a run is
resumed or listed (``lapse`` / ``lapse_all``). The store writes an answer atomically, so
when the window and the terminal answer one set, the second is told
(``errors.AlreadyAnswered``) and nothing of it is recorded.
"""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from aipa.core.config.settings import Settings
from aipa.core.kinds import MessageKind, Role, RunStatus, Stage
from aipa.errors import AlreadyAnswered, UsageError

log = logging.getLogger("aipa.clarify")

WINDOW, TERMINAL, SCRIPTED, DEADLINE = "window", "terminal", "scripted", "deadline"
PROCEEDED, WAITING = "proceeded", "waiting"
ASSUMPTION = "No answer came before the deadline: proceed on your stated assumptions."
# "(default: X)", "(assume X)", "(if unanswered: X)", "otherwise I will assume X"
_STATED = re.compile(
    r"\((?:default|assume|assuming|if unanswered|otherwise)\s*:?\s*(?P<a>[^()]+)\)"
    r"|otherwise,? I(?:'ll| will) assume (?P<b>[^.?!]+)",
    re.I,
)


def now_utc() -> datetime:
    return datetime.now(UTC)


def transport_of(reviewer: Any) -> str:
    """Where a reviewer asks: its ``transport`` (a reviewer without one is the window's)."""
    return str(getattr(reviewer, "transport", WINDOW) or WINDOW)


def qids(round: int, count: int) -> list[str]:
    """Question ids of a round: q1, q2 ... in the first (as before rounds), r2q1 ... after."""
    return [f"q{i + 1}" if round == 1 else f"r{round}q{i + 1}" for i in range(count)]


def deadline_after(asked_at: datetime, settings: Settings) -> datetime:
    return asked_at + timedelta(hours=settings.clarify_deadline_hours)


def stated_assumption(question: str) -> str:
    """The answer the deadline policy records: the assumption the question states, if
    it states one, else the standing instruction to proceed on stated assumptions."""
    match = _STATED.search(question)
    if match:
        text = (match["a"] or match["b"] or "").strip().rstrip(".")
        if text:
            return f"No answer came before the deadline: assume {text}."
    return ASSUMPTION


def deadline_of(qset, settings: Settings) -> datetime:
    return qset.deadline or deadline_after(qset.asked_at, settings)


def lapse(store, settings: Settings, qset, now: datetime | None = None) -> str:
    """Apply the deadline policy to an open question set whose deadline has passed.
    Returns what it did: ``proceeded`` (the assumptions are the answers), ``waiting``
    (still suspended), or "" (not lapsed, or already answered)."""
    now = now or now_utc()
    if qset.answered_at is not None or now < deadline_of(qset, settings):
        return ""
    if settings.clarify_deadline_policy != "proceed":
        if qset.outcome != WAITING:
            store.set_question_set_outcome(qset.run_id, qset.round, WAITING)
        return WAITING
    questions = [q for q in store.questions(qset.run_id, stage=qset.stage) if q.round == qset.round]
    answers = {q.qid: stated_assumption(q.text) for q in questions}
    try:
        store.answer_question_set(qset.run_id, qset.round, answers, via=DEADLINE, source=DEADLINE, outcome=PROCEEDED)
    except AlreadyAnswered:
        return ""  # someone answered in the meantime: their answer stands
    run = store.get_run(qset.run_id)
    if run is not None:
        for q in questions:
            store.add_message(
                run.session_id,
                Role.USER,
                answers[q.qid],
                agent=settings.roles.get("orchestrator", ""),
                run_id=run.run_id,
                kind=MessageKind.ANSWER,
            )
    log.info("run %s: question round %d lapsed; proceeding on stated assumptions", qset.run_id, qset.round)
    return PROCEEDED


def answer(store, run_id: str, answers: dict[str, str], *, transport: str, orchestrator: str) -> None:
    """Answer the run's latest question set (by question id; a question left out or left
    empty gets its stated assumption). The first answer wins: a set answered already
    raises ``AlreadyAnswered`` (when and via what), and nothing of this one is kept."""
    run = store.get_run(run_id)
    sets = [s for s in store.question_sets(run_id) if s.stage == Stage.CLARIFY] if run else []
    if not sets:
        raise UsageError(f"run {run_id} has no questions to answer", "list runs with `aipa runs`")
    last = sets[-1]
    mine = [q for q in store.questions(run_id, stage=Stage.CLARIFY) if q.round == last.round]
    filled = {q.qid: (answers.get(q.qid) or "").strip() or stated_assumption(q.text) for q in mine}
    store.answer_question_set(run_id, last.round, filled, via=transport)
    for q in mine:
        store.add_message(
            run.session_id, Role.USER, filled[q.qid], agent=orchestrator, run_id=run_id, kind=MessageKind.ANSWER
        )


def lapse_all(store, settings: Settings, now: datetime | None = None) -> dict[str, str]:
    """Apply the deadline policy to every lapsed set of a run nobody is driving
    (``aipa runs`` calls it). Returns ``{run_id: outcome}`` for the sets it acted on."""
    done: dict[str, str] = {}
    for qset in store.open_question_sets():
        if qset.stage != Stage.CLARIFY:
            continue
        run = store.get_run(qset.run_id)
        if run is None or run.status not in (RunStatus.SUSPENDED, RunStatus.INTERRUPTED):
            continue
        outcome = lapse(store, settings, qset, now)
        if outcome:
            done[qset.run_id] = outcome
    return done


def describe(store, settings: Settings, run_id: str) -> dict | None:
    """The run's clarify gate for listings: its latest round, where and when it was asked,
    the deadline, who answered, and what the deadline policy did (None: no questions)."""
    sets = [s for s in store.question_sets(run_id) if s.stage == Stage.CLARIFY]
    if not sets:
        return None
    last = sets[-1]
    note = {
        PROCEEDED: "the deadline passed: proceeded on the stated assumptions",
        WAITING: "the deadline passed: still waiting for the Principal",
    }.get(last.outcome, "")
    return {
        "round": last.round,
        "rounds": len(sets),
        "transport": last.transport,
        "asked_at": last.asked_at.isoformat(),
        "deadline": deadline_of(last, settings).isoformat(),
        "answered_at": last.answered_at.isoformat() if last.answered_at else None,
        "answered_via": last.answered_via,
        "policy": settings.clarify_deadline_policy,
        "outcome": last.outcome,
        "note": note,
    }
