"""Token usage, one row per model call."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import cast

from peewee import fn

from aipa.store.base import StoreBase
from aipa.store.models import Usage
from aipa.store.records import CallRecord


def _call(row: Usage) -> CallRecord:
    started = row.started_at or row.created_at - timedelta(seconds=row.seconds or 0.0)
    return CallRecord(
        id=row.id,
        run_id=row.run_id,
        session_id=row.session_id,
        agent=row.agent,
        provider=row.provider,
        model=row.model,
        purpose=row.purpose,
        input_tokens=row.input_tokens,
        output_tokens=row.output_tokens,
        seconds=row.seconds,
        started_at=started,
        finished_at=row.created_at,
        task_id=row.task_id,
        revision=row.revision or 0,
        reask=bool(row.reask),
        tool_calls=row.tool_calls or 0,
        cached_input_tokens=row.cached_input_tokens or 0,
        cost=row.cost,
    )


class UsageOps(StoreBase):
    def record_usage(
        self,
        *,
        run_id: str | None,
        session_id: str | None,
        agent: str,
        provider: str,
        model: str,
        input_tokens: int,
        output_tokens: int,
        seconds: float,
        purpose: str = "",
        started_at: datetime | None = None,
        task_id: str | None = None,
        revision: int = 0,
        reask: bool = False,
        tool_calls: int = 0,
        cached_input_tokens: int = 0,
        cost: float | None = None,
    ) -> None:
        """One finished call. ``cost`` is money for a cloud model (None: local or unpriced)."""
        with self._writing(f"record token usage of {agent}"):
            self._m.usage.create(
                run_id=run_id,
                session_id=session_id,
                agent=agent,
                provider=provider,
                model=model,
                purpose=purpose,
                input_tokens=input_tokens,
                output_tokens=output_tokens,
                seconds=seconds,
                created_at=self._now(),
                started_at=started_at,
                task_id=task_id,
                revision=revision,
                reask=reask,
                tool_calls=tool_calls,
                cached_input_tokens=cached_input_tokens,
                cost=cost,
            )

    def calls(self, *, run_id: str | None = None, session_id: str | None = None) -> list[CallRecord]:
        """The model calls matching every filter given, in the order they finished."""
        u = self._m.usage
        query = u.select().order_by(u.created_at, u.id)
        if run_id is not None:
            query = query.where(u.run_id == run_id)
        if session_id is not None:
            query = query.where(u.session_id == session_id)
        return [_call(row) for row in query]

    def usage_totals(self, *, run_id: str | None = None, session_id: str | None = None) -> dict:
        """``{"input_tokens", "output_tokens", "calls", "seconds"}`` over the calls
        matching every filter given (all calls when none)."""
        u = self._m.usage
        query = u.select(
            fn.COALESCE(fn.SUM(u.input_tokens), 0),
            fn.COALESCE(fn.SUM(u.output_tokens), 0),
            fn.COUNT(u.id),
            fn.COALESCE(fn.SUM(u.seconds), 0.0),
        )
        if run_id is not None:
            query = query.where(u.run_id == run_id)
        if session_id is not None:
            query = query.where(u.session_id == session_id)
        # .tuples() yields a plain tuple of the four aggregates, not a Usage row
        row = cast(tuple[int, int, int, float], query.tuples().get())
        input_tokens, output_tokens, calls, seconds = row
        return {
            "input_tokens": int(input_tokens),
            "output_tokens": int(output_tokens),
            "calls": int(calls),
            "seconds": float(seconds),
        }
