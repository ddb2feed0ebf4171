"""Token usage, one row per model call."""

from __future__ import annotations

from typing import cast

from peewee import fn

from aipa.store.base import StoreBase


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
    ) -> None:
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
            )

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
