"""The directive runs that wait for the Principal's answers to clarifying questions, in
every session and from every origin (a card left with Later, a schedule's or a service's
run): what the window's Inbox lists with each run's open questions and Answer now. A
run being driven now (its card open) is not listed: it waits in its card. A plan's
questions belong to its plan window, a session in the Trash waits for nobody
(``Store.waiting_question_sets``: one query)."""

from __future__ import annotations

from dataclasses import dataclass

from aipa.core.kinds import Stage


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
    for run_id, round_ in store.waiting_question_sets(limit):
        run = store.get_run(run_id)
        asked = [q.text for q in store.questions(run_id, stage=Stage.CLARIFY) if q.round == round_ and q.text]
        if run is not None and asked:
            found.append(QuestionsWaiting(run.run_id, run.session_id, run.directive, tuple(asked)))
    return found
