"""How each model call of a run went: ``ok``, ``re-asked`` (the first reply was unusable,
the second was used) or ``fell back`` (neither was: the deterministic fallback was used),
and which replies were cut at their output budget. The JSON result and ``aipa runs
--json`` report them; they are kept in the run's ``fallbacks`` checkpoint, so a resumed
run reports the calls made before it stopped too.

Labels are the call's purpose, with the task for a lead: ``route``, ``lead T-…-A``,
``synthesize`` (or ``direct``), ``audit``. A stage that runs again (a clarify round, a
revision) keeps the worse state.
"""

from __future__ import annotations

OK, REASKED, FELL_BACK = "ok", "re-asked", "fell back"
_RANK = {OK: 0, REASKED: 1, FELL_BACK: 2}


class CallStates:
    def __init__(self, saved: dict | None = None) -> None:
        saved = saved or {}
        self.states: dict[str, str] = dict(saved.get("states", {}))
        self.cut: list[str] = list(saved.get("cut", []))

    def mark(self, label: str, state: str, *, cut: bool = False) -> None:
        if label not in self.states or _RANK[state] >= _RANK.get(self.states[label], 0):
            self.states[label] = state
        if cut and label not in self.cut:
            self.cut.append(label)

    def payload(self) -> dict:
        """What the checkpoint keeps (beside the fallbacks)."""
        return {"states": dict(self.states), "cut": list(self.cut)}


def of_run(store, run_id: str) -> dict:
    """A run's call states and cut replies as its checkpoint keeps them (``aipa runs --json``)."""
    return CallStates(store.get_checkpoint(run_id, CHECKPOINT)).payload()


CHECKPOINT = "fallbacks"  # the run's checkpoint that keeps them (``playbook.FALLBACKS``)
