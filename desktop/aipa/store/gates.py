"""Human gates of a run: clarifying questions with their answers, and reviews."""

from __future__ import annotations

from peewee import SQL

from aipa.errors import StoreError
from aipa.store.base import StoreBase, require
from aipa.store.models import Question, Review
from aipa.store.records import QuestionRecord, ReviewRecord

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
