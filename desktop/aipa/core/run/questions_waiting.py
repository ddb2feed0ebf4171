"""The directive runs that wait for the Principal's answers to clarifying questions, in
every session and from every origin (a card left with Later, a schedule's or a service's
run): what the window's Inbox lists with each run's open questions and Answer now. A
run being driven now (its card open) is not listed: it waits in its card."""

from __future__ import annotations

from dataclasses import dataclass

from aipa.core.kinds import RunKind, RunStatus, Stage

LISTED = (RunStatus.SUSPENDED, RunStatus.INTERRUPTED)


@dataclass(frozen=True)
class QuestionsWaiting:
    """One run's open questions (their texts, in the order they were asked)."""

    run_id: str
    session_id: str
    directive: str
    questions: tuple[str, ...]


def questions_waiting(store, limit: int = 20) -> list[QuestionsWaiting]:
    """The runs that wait for answers, the most recently asked first (at most ``limit``)."""
    found: list[QuestionsWaiting] = []
    for qset in reversed(store.open_question_sets()):
        if qset.stage != Stage.CLARIFY or any(w.run_id == qset.run_id for w in found):
            continue
        run = store.get_run(qset.run_id)
        if run is None or run.kind != RunKind.DIRECTIVE or run.status not in LISTED:
            continue
        session = store.get_session(run.session_id)
        if session is None or session.deleted_at is not None:  # in the Trash: not waiting for anyone
            continue
        asked = [q.text for q in store.questions(run.run_id, stage=Stage.CLARIFY) if q.round == qset.round]
        open_ = tuple(q for q in asked if q)
        if open_:
            found.append(QuestionsWaiting(run.run_id, run.session_id, run.directive, open_))
        if len(found) >= limit:
            break
    return found
