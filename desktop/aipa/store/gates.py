"""Human gates of a run: clarifying questions with their answers, and reviews."""

from __future__ import annotations

from datetime import datetime

from peewee import SQL

from aipa.errors import AlreadyAnswered, NewQuestionsWaiting, StoreError
from aipa.store.base import StoreBase, require
from aipa.store.models import Question, QuestionSet, Review
from aipa.store.records import QuestionRecord, QuestionSetRecord, ReviewRecord

REVIEW_ACTIONS = frozenset({"accept", "edit", "reject"})


def _question(row: Question) -> QuestionRecord:
    return QuestionRecord(
        run_id=row.run_id,
        qid=row.qid,
        text=row.text,
        stage=row.stage,
        answer=row.answer,
        source=row.source,
        asked_at=row.asked_at,
        answered_at=row.answered_at,
        round=row.round,
    )


def _set(row: QuestionSet) -> QuestionSetRecord:
    return QuestionSetRecord(
        run_id=row.run_id,
        round=row.round,
        stage=row.stage,
        transport=row.transport,
        asked_at=row.asked_at,
        deadline=row.deadline,
        answered_at=row.answered_at,
        answered_via=row.answered_via,
        outcome=row.outcome,
    )


def _review(row: Review) -> ReviewRecord:
    return ReviewRecord(
        run_id=row.run_id,
        stage=row.stage,
        action=row.action,
        feedback=row.feedback,
        created_at=row.created_at,
    )


class GateOps(StoreBase):
    # --- questions ------------------------------------------------------------

    def add_question(self, run_id: str, qid: str, text: str, *, stage: str = "clarify") -> None:
        """Ask a question; asking the same ``(run_id, qid)`` again changes nothing."""
        q = self._m.question
        with self._writing(f"add question {qid} to run {run_id}"):
            q.insert(
                run_id=run_id, qid=qid, stage=stage, text=text, asked_at=self._now()
            ).on_conflict_ignore().execute()

    def answer_question(self, run_id: str, qid: str, answer: str, *, source: str = "typed") -> None:
        """Record (or replace) the answer to a question."""
        q = self._m.question
        with self._writing(f"answer question {qid} of run {run_id}"):
            count = (
                q.update(answer=answer, source=source, answered_at=self._now())
                .where(q.run_id == run_id, q.qid == qid)
                .execute()
            )
            require(count, f"question {qid} in run {run_id}")

    def questions(self, run_id: str, *, stage: str | None = None) -> list[QuestionRecord]:
        """The run's questions in the order they were asked."""
        q = self._m.question
        query = q.select().where(q.run_id == run_id)
        if stage is not None:
            query = query.where(q.stage == stage)
        return [_question(row) for row in query.order_by(q.asked_at, SQL("rowid"))]

    def pending_questions(self, session_id: str | None = None) -> list[QuestionRecord]:
        """Unanswered questions across runs (optionally of one session), oldest first."""
        q, r = self._m.question, self._m.run
        query = q.select().where(q.answer.is_null())
        if session_id is not None:
            query = query.where(q.run_id.in_(r.select(r.id).where(r.session_id == session_id)))
        return [_question(row) for row in query.order_by(q.asked_at, SQL("rowid"))]

    # --- question sets (rounds of questions, first answer wins) ---------------

    def ask_question_set(
        self,
        run_id: str,
        round: int,
        questions: list[tuple[str, str]],
        *,
        transport: str,
        deadline: datetime | None,
        stage: str = "clarify",
    ) -> None:
        """Ask a round of questions (``(qid, text)`` pairs) together. Asking the same
        round again changes nothing (a resumed run asks what it asked before)."""
        qs, q = self._m.question_set, self._m.question
        now = self._now()
        with self._writing(f"ask question round {round} of run {run_id}"):
            qs.insert(
                run_id=run_id, round=round, stage=stage, transport=transport, asked_at=now, deadline=deadline
            ).on_conflict_ignore().execute()
            for qid, text in questions:
                q.insert(
                    run_id=run_id, qid=qid, stage=stage, text=text, asked_at=now, round=round
                ).on_conflict_ignore().execute()

    def question_sets(self, run_id: str) -> list[QuestionSetRecord]:
        """The run's question sets, first round first."""
        qs = self._m.question_set
        return [_set(row) for row in qs.select().where(qs.run_id == run_id).order_by(qs.round)]

    def open_question_sets(self) -> list[QuestionSetRecord]:
        """Every unanswered question set, oldest first."""
        qs = self._m.question_set
        return [_set(row) for row in qs.select().where(qs.answered_at.is_null()).order_by(qs.asked_at)]

    def waiting_question_sets(self, limit: int) -> list[tuple[str, int]]:
        """(run id, round) of the latest open clarify set of each directive run that waits
        (suspended or interrupted) in a session not in the Trash, the latest asked first:
        one query, for a window that looks every few seconds (the Inbox)."""
        rows = self._db.execute_sql(
            "SELECT qs.run_id, max(qs.round) FROM question_sets qs JOIN runs r ON r.id = qs.run_id"
            " JOIN sessions s ON s.id = r.session_id WHERE qs.answered_at IS NULL AND qs.stage = 'clarify'"
            " AND r.kind = 'directive' AND r.status IN ('suspended', 'interrupted') AND s.deleted_at IS NULL"
            " GROUP BY qs.run_id ORDER BY max(qs.asked_at) DESC, qs.run_id DESC LIMIT ?",
            (limit,),
        ).fetchall()
        return [(str(run_id), int(round_)) for run_id, round_ in rows]

    def answer_question_set(
        self, run_id: str, round: int, answers: dict[str, str], *, via: str, source: str = "typed", outcome: str = ""
    ) -> None:
        """Record the answers to a round, atomically: the first answer wins. A set that is
        already answered raises ``AlreadyAnswered`` naming when and via what, and a round
        older than the run's latest raises ``NewQuestionsWaiting``: nothing of this answer
        is written. Questions of the round without an entry in ``answers``
        stay as they are."""
        qs, q = self._m.question_set, self._m.question
        with self._writing(f"answer question round {round} of run {run_id}"):
            newer = (
                qs.select().where(qs.run_id == run_id, qs.round > round).order_by(qs.round.desc()).first()
            )  # checked inside the write transaction: no round can be asked in between
            if newer is not None:
                raise NewQuestionsWaiting(run_id, round, newer.round, newer.asked_at, newer.transport)
            now = self._now()
            changes = {qs.answered_at: now, qs.answered_via: via, **({qs.outcome: outcome} if outcome else {})}
            won = qs.update(changes).where(qs.run_id == run_id, qs.round == round, qs.answered_at.is_null()).execute()
            if not won:
                row = qs.get_or_none((qs.run_id == run_id) & (qs.round == round))
                if row is None:
                    raise StoreError(f"no such question round {round} in run {run_id}")
                raise AlreadyAnswered(run_id, row.answered_at, row.answered_via or "")
            for qid, answer in answers.items():
                q.update(answer=answer, source=source, answered_at=now).where(
                    q.run_id == run_id, q.qid == qid, q.round == round
                ).execute()

    def set_question_set_outcome(self, run_id: str, round: int, outcome: str) -> None:
        """Note what a lapsed deadline's policy did to an open set."""
        qs = self._m.question_set
        with self._writing(f"note the outcome of question round {round} of run {run_id}"):
            require(
                qs.update(outcome=outcome).where(qs.run_id == run_id, qs.round == round).execute(),
                f"question round {round} in run {run_id}",
            )

    # --- reviews --------------------------------------------------------------

    def add_review(self, run_id: str, stage: str, action: str, feedback: str = "") -> None:
        """Record a gate decision: ``accept``, ``edit`` (with feedback) or ``reject``."""
        if action not in REVIEW_ACTIONS:
            raise StoreError(f"review of run {run_id}: unknown action {action!r} (accept, edit or reject)")
        with self._writing(f"add a review to run {run_id}"):
            self._m.review.create(run_id=run_id, stage=stage, action=action, feedback=feedback, created_at=self._now())

    def reviews(self, run_id: str) -> list[ReviewRecord]:
        """The run's decisions, oldest first."""
        v = self._m.review
        return [_review(row) for row in v.select().where(v.run_id == run_id).order_by(v.id)]
