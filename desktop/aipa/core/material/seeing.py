"""Who sees the pictures of a directive, and the check that they can.

Routing gets a short note that pictures are attached (``route_note``); the leads whose
brief needs them (their brief or title speaks of a picture, or names one; when no brief
does, every lead), the synthesis (and a direct answer) and the auditor, who checks the
deliverable against them, get the pictures themselves (``for_call``). A model that cannot
see is refused before any call (``check``): the message names the installed models
that can, and where to get one.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace

from aipa.core.kinds import Purpose
from aipa.errors import CannotSeeError
from aipa.providers import images_wire, vision
from aipa.providers.base import ImagePart, Message
from aipa.store.pictures import PictureRow

SEEING = frozenset({Purpose.LEAD, Purpose.SYNTHESIZE, Purpose.DIRECT, Purpose.AUDIT, Purpose.CHAT})
PICTURE_WORDS = re.compile(
    r"\b(pictures?|images?|photos?|photographs?|screenshots?|scans?|diagrams?|charts?|whiteboards?|receipts?|"
    r"attached|attachment|visual|shown|shows?|see)\b",
    re.I,
)
MAX_LISTED = 8  # seeing models named in a refusal
GET_ONE = (
    "Choose one of them for this agent (in the window: the model picker or the agent's settings; "
    "on the command line: --model), or install one that sees pictures: for Ollama e.g. `ollama pull gemma3`; "
    "for the built-in engine a GGUF model with its mmproj projector file beside it"
)


def route_note(rows: list[PictureRow]) -> str:
    """What the router is told: how many pictures, their names and sizes ('' for none)."""
    if not rows:
        return ""
    listed = "; ".join(f"{r.spoken} ({r.width}×{r.height})" for r in rows)
    return (
        f"\n\nThe Principal attached {len(rows)} picture{'s' if len(rows) != 1 else ''} to this directive: {listed}. "
        "You do not see them here; the leads who need them, the synthesis and the audit do. "
        "Say in a lead's brief when it should look at the picture."
    )


def lead_needs(brief: str, rows: list[PictureRow]) -> bool:
    """Whether a brief speaks of the pictures (a picture word, or a picture's name)."""
    if PICTURE_WORDS.search(brief):
        return True
    low = brief.lower()
    return any(r.name.lower() in low or (r.alt and r.alt.lower() in low) for r in rows)


def sees(purpose: str, task_brief: str | None, other_briefs: list[str], rows: list[PictureRow]) -> bool:
    """Whether a call of ``purpose`` gets the pictures (for a lead: its brief decides;
    when no lead's brief speaks of them, every lead gets them)."""
    if not rows or purpose not in SEEING:
        return False
    if purpose != Purpose.LEAD or task_brief is None:
        return True
    return lead_needs(task_brief, rows) or not any(lead_needs(b, rows) for b in other_briefs)


def with_pictures(messages: list[Message], parts: tuple[ImagePart, ...]) -> list[Message]:
    """``messages`` with ``parts`` on the last user message (the request that needs them)."""
    if not parts:
        return messages
    for i in range(len(messages) - 1, -1, -1):
        if messages[i].role == "user":
            return [*messages[:i], replace(messages[i], images=parts), *messages[i + 1 :]]
    return messages


def sent_bytes(messages: list[Message]) -> int:
    return images_wire.sent_bytes(messages)


async def check(book, agents, purposes_note: str = "") -> None:
    """Refuse (CannotSeeError) when one of ``agents`` (those who will get the pictures)
    runs on a model that cannot see. Unknown (the server says nothing) passes."""
    for agent in agents:
        route = book.route(agent)
        if await can_see(book, route.profile, route.model) is False:
            provider = book.get(route.profile)
            shown = route.model or getattr(provider, "default_model", "") or "its default model"
            others = await seeing_models(book, route.profile)
            named = ", ".join(others[:MAX_LISTED]) if others else "none installed"
            raise CannotSeeError(
                f"{agent.name} runs on {shown}, which cannot see pictures; "
                f"models here that can: {named}{purposes_note}",
                GET_ONE,
            )


async def can_see(book, profile: str, model: str) -> bool | None:
    """The profile's ``vision = true|false`` when set, else what the server says."""
    entry = book.settings.providers.get(profile)
    said = entry.get("vision") if isinstance(entry, dict) else None
    if isinstance(said, bool):
        return said
    provider = book.get(profile)
    return await vision.can_see(book.kind(profile), provider, model or getattr(provider, "default_model", ""))


async def seeing_models(book, profile: str) -> list[str]:
    """The models on the profile's server that can see (asked all at once, each bounded)."""
    provider = book.get(profile)
    try:
        names = await asyncio.wait_for(provider.list_models(), vision.PROBE_TIMEOUT)
    except Exception:  # noqa: BLE001 - no list: the refusal says "none installed"
        return []
    kind = book.kind(profile)
    answers = await asyncio.gather(*(vision.can_see(kind, provider, n) for n in names[:40]))
    return [n for n, yes in zip(names, answers, strict=False) if yes]


class Viewer:
    """What the runner asks before each call (``Runner.pictures``): the pictures that go
    with it, counted as sent in the store."""

    def __init__(self, shelf, store) -> None:
        self.shelf = shelf
        self.store = store

    def __call__(self, run_id: str, purpose: str, task_id: str | None) -> tuple[ImagePart, ...]:
        rows = self.shelf.of_run(run_id) if run_id else []
        if not rows:
            return ()
        brief, others = None, []
        if purpose == Purpose.LEAD and task_id:
            tasks = self.store.tasks(run_id)
            brief = next((f"{t.title} {t.brief}" for t in tasks if t.task_id == task_id), None)
            others = [f"{t.title} {t.brief}" for t in tasks if t.task_id != task_id]
        if not sees(purpose, brief, others, rows):
            return ()
        parts = self.shelf.parts(rows)
        if parts and not getattr(self.store, "read_only", False):
            self.store.count_sent(run_id, sum(4 * ((len(p.data) + 2) // 3) for p in parts) // len(rows))
        return parts
