"""A heavy user's history, grown on the app's own schema with the store's own writes
(issue 33's benchmark rows): ``sessions`` sessions over the last years, each with one
finished directive (a run) and ``messages`` messages of plausible length (the Principal's
directive, the lead's and the workers' turns, the deliverable), ids and times as the app
makes them (the store's clock moved on between sessions, a few a day).

Usable as a script, to look at a window with that history by hand:
    python -m tests.bench.heavy_history DATA_FOLDER [SESSIONS] [MESSAGES]
"""

from __future__ import annotations

import random
import sqlite3
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from aipa.store import Store

TOPICS = (
    "offsite for the design team",
    "budget for the lighthouse tour",
    "hiring plan for two engineers",
    "supplier contract renewal",
    "quarterly report to the board",
    "customer interview notes",
    "launch checklist for the new app",
    "venue comparison in Lisbon",
)
WORDS = [
    "plan",
    "schedule",
    "budget",
    "venue",
    "costs",
    "risks",
    "options",
    "timeline",
    "team",
    "travel",
    "catering",
    "agenda",
    "contract",
    "terms",
    "review",
    "summary",
    "decision",
    "owner",
    "deadline",
    "draft",
    "report",
    "figures",
    "estimate",
]


def _text(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."


def grow(db: Path, sessions: int, messages: int = 20, seed: int = 33) -> Path:
    """Fill the database at ``db`` (made if missing) and remember its newest session as
    the last one (the window restores it); returns ``db``."""
    rng = random.Random(seed)
    clock = [datetime(2024, 1, 8, 9, 0, tzinfo=UTC)]
    step = timedelta(days=700) / max(1, sessions)
    store = Store(db, now=lambda: clock[0])
    try:
        last = ""
        for i in range(sessions):
            topic = TOPICS[i % len(TOPICS)]
            with store._db.atomic():  # one transaction a session (the writes inside nest in it)
                last = store.create_session(f"{topic.capitalize()} #{i}")
                directive = f"Prepare the {topic}: {_text(rng, 12)}"
                run = store.create_run(last, directive)
                store.add_message(last, "user", directive, run_id=run)
                for m in range(messages - 2):
                    agent = "lead" if m % 3 == 0 else f"worker-{m % 3}"
                    store.add_message(last, "assistant", _text(rng, rng.randint(30, 160)), agent=agent, run_id=run)
                deliverable = f"# {topic.capitalize()}\n\n" + "\n\n".join(_text(rng, 60) for _ in range(4))
                store.add_message(last, "assistant", deliverable, agent="lead", run_id=run)
                store.update_run(run, status="done", stage="done", deliverable=deliverable)
            clock[0] += step
    finally:
        store.close()
    conn = sqlite3.connect(db)
    try:
        conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('ui.last_session', ?)", (last,))
        conn.commit()
    finally:
        conn.close()
    return db


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    per = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    grow(folder / "aipa.db", n, per)
    print(f"{folder / 'aipa.db'}: {n} sessions, {n * per} messages")
