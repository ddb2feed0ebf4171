"""The clarify gate's rules: question sets asked in rounds, their deadline and the policy
that runs when it lapses, and who may answer (the first answer wins).

A round of questions is one *question set*: it carries its round number, the transport
it was asked on (window, terminal, scripted) and a deadline (``clarify_deadline_hours``
after it was asked). When the deadline lapses, ``clarify_deadline_policy`` decides:
``proceed`` records the orchestrator's stated assumptions as the answers (source
"deadline"), ``wait`` leaves the run suspended. The policy is applied whenever a run is
resumed or listed (``lapse`` / ``lapse_all``), and while a card or a prompt is open: with
``proceed`` the run goes on by itself at the deadline (``ask_in_time``). The store writes
an answer atomically, so when the window and the terminal answer one set, the second is
told (``errors.AlreadyAnswered``), and an answer to an older round than the latest is told
that new questions are waiting (``errors.NewQuestionsWaiting``); nothing of it is recorded.
"""

from __future__ import annotations

import asyncio
import logging
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from aipa.core.config.settings import Settings
from aipa.core.events import Notice
from aipa.core.kinds import Level, MessageKind, NoticeKind, Role, RunStatus, Stage
from aipa.errors import AlreadyAnswered, UsageError

log = logging.getLogger("aipa.clarify")

WINDOW, TERMINAL, SCRIPTED, DEADLINE = "window", "terminal", "scripted", "deadline"
PROCEEDED, WAITING = "proceeded", "waiting"
ASSUMPTION = "No answer came before the deadline: proceed on your stated assumptions."
PROCEEDING = "No answer came: the deadline passed; proceeding on stated assumptions"  # said to the Principal


def proceeding_notice(run_id: str) -> Notice:
    """The deadline passed without an answer: the run proceeds (``PROCEEDING``)."""
    return Notice(run_id, Level.INFO, PROCEEDING, kind=NoticeKind.CLARIFY_PROCEEDED)


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


def round_of(qid: str) -> int | None:
    """The round a question id belongs to (``q2`` -> 1, ``r3q1`` -> 3; None: not an id)."""
    match = re.fullmatch(r"(?:r(\d+))?q\d+", qid)
    return None if match is None else int(match[1] or 1)


def answer(
    store, run_id: str, answers: dict[str, str], *, transport: str, orchestrator: str, round: int | None = None
) -> None:
    """Answer question set ``round`` of the run (by question id; a question left out or
    left empty gets its stated assumption). An answer names its round: ``round``, else the
    round of its question ids, else the latest. The first answer wins: a set answered
    already raises ``AlreadyAnswered`` (when and via what); a round older than the run's
    latest raises ``NewQuestionsWaiting``; either way nothing of this one is kept."""
    run = store.get_run(run_id)
    sets = [s for s in store.question_sets(run_id) if s.stage == Stage.CLARIFY] if run else []
    if not sets:
        raise UsageError(f"run {run_id} has no questions to answer", "list runs with `aipa runs`")
    if round is None:
        named = {round_of(qid) for qid in answers} - {None}
        round = named.pop() if len(named) == 1 else sets[-1].round
    mine = [q for q in store.questions(run_id, stage=Stage.CLARIFY) if q.round == round]
    filled = {q.qid: (answers.get(q.qid) or "").strip() or stated_assumption(q.text) for q in mine}
    store.answer_question_set(run_id, round, filled, via=transport)
    for q in mine:
        store.add_message(
            run.session_id, Role.USER, filled[q.qid], agent=orchestrator, run_id=run_id, kind=MessageKind.ANSWER
        )


DEADLINE_PASSED = object()  # what ``ask_in_time`` returns when the deadline came first


async def ask_in_time(reviewer, run_id: str, questions, deadline: datetime | None, settings: Settings):
    """Ask the Principal (``reviewer.clarify``); with the ``proceed`` policy, only until
    the deadline: an open card or prompt then gives way and ``DEADLINE_PASSED`` is
    returned, so that the run goes on by itself. The answers, or None (not answered)."""
    if deadline is None or settings.clarify_deadline_policy != "proceed":
        return await reviewer.clarify(run_id, questions)
    left = (deadline - now_utc()).total_seconds()
    try:
        async with asyncio.timeout(max(0.0, left)):
            return await reviewer.clarify(run_id, questions)
    except TimeoutError:
        return DEADLINE_PASSED


def proceed_at_deadline(store, settings: Settings, qset) -> None:
    """The deadline passed while the Principal was asked: the stated assumptions become
    the answers. Raises ``AlreadyAnswered`` when an answer came first (another window, a
    terminal): that answer stands and its process drives the run."""
    # the timer ran out: the deadline is reached even where the wall clock reads a hair earlier
    if lapse(store, settings, qset, max(now_utc(), deadline_of(qset, settings))) == PROCEEDED:
        return
    now = next((s for s in store.question_sets(qset.run_id) if s.round == qset.round), qset)
    raise AlreadyAnswered(qset.run_id, now.answered_at, now.answered_via or "")


def goes_on_by_itself(store, run_id: str) -> bool:
    """Whether a suspended run waits at the clarify gate only for someone to drive it on:
    the deadline policy has answered its latest question set."""
    run = store.get_run(run_id)
    if run is None or run.status != RunStatus.SUSPENDED or run.stage != Stage.CLARIFY:
        return False
    sets = [s for s in store.question_sets(run_id) if s.stage == Stage.CLARIFY]
    return bool(sets) and sets[-1].answered_at is not None and sets[-1].outcome == PROCEEDED


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
