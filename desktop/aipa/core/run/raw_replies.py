"""The model's replies as they came, before any parsing: the routing reply (JSON, or
whatever the model sent instead), each lead's text, the synthesis, the audit memo, a
re-ask's answer. The runner keeps them per run in one checkpoint (``raw``) so that
``/debug`` in the window can show what each agent really said.

Runs from before this record have none; ``of_run`` then rebuilds what it can from the
stored messages (those are the replies after parsing, and say so).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime

from aipa.core.kinds import MessageKind

CHECKPOINT = "raw"
MAX_CHARS = 60_000  # per reply: a runaway model must not fill the database
_STORED_KINDS = {
    MessageKind.ROUTING: "route",
    MessageKind.TASK_OUTPUT: "lead",
    MessageKind.DELIVERABLE: "synthesize",
    MessageKind.AUDIT: "audit",
}


@dataclass(frozen=True)
class RawReply:
    agent: str
    purpose: str  # route | lead | synthesize | direct | audit | ...
    content: str  # the reply as the model sent it (think tags and all)
    thinking: str = ""
    task_id: str = ""
    provider: str = ""
    model: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0
    reask: bool = False  # the answer to a re-ask after an unparsable reply
    at: str = ""  # ISO time it arrived
    recorded: bool = True  # False: rebuilt from a stored message (a run from before the record)

    @property
    def label(self) -> str:
        """ "Miranda · route", "Atlas · lead T-…-a", "Miranda · route (re-ask)"."""
        what = f"{self.purpose} {self.task_id}" if self.task_id else self.purpose
        return f"{self.agent} · {what}" + (" (re-ask)" if self.reask else "")


def _clip(text: str) -> str:
    return text if len(text) <= MAX_CHARS else text[:MAX_CHARS] + f"\n… ({len(text) - MAX_CHARS:,} more characters)"


def record(store, run_id: str, reply: RawReply) -> None:
    """Add ``reply`` to the run's record (nothing for a call outside a run or a read-only store)."""
    if not run_id or store is None or getattr(store, "read_only", False):
        return
    saved = store.get_checkpoint(run_id, CHECKPOINT) or {}
    kept = dict(asdict(reply), content=_clip(reply.content), thinking=_clip(reply.thinking))
    kept["at"] = kept["at"] or datetime.now().astimezone().isoformat(timespec="seconds")
    store.save_checkpoint(run_id, CHECKPOINT, {"replies": [*saved.get("replies", []), kept]})


def of_run(store, run_id: str | None) -> list[RawReply]:
    """The run's replies in the order they came (rebuilt from its messages for an older run)."""
    if not run_id:
        return []
    saved = store.get_checkpoint(run_id, CHECKPOINT)
    if saved:
        names = set(RawReply.__dataclass_fields__)
        return [RawReply(**{k: v for k, v in r.items() if k in names}) for r in saved.get("replies", [])]
    run = store.get_run(run_id)
    if run is None:
        return []
    return [
        RawReply(
            m.agent,
            _STORED_KINDS[m.kind],
            m.content,
            m.thinking,
            m.task_id or "",
            at=m.created_at.astimezone().isoformat(timespec="seconds") if m.created_at else "",
            recorded=False,
        )
        for m in store.messages(run.session_id)
        if m.run_id == run_id and m.kind in _STORED_KINDS
    ]
